"""Property tests: chips are conserved through every showdown, and nobody is overpaid."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.showdown import adjudicate
from companion.poker.showdown_input import validate_showdown

MONSTERS = ["Orc", "Goblin", "Genie", "Fire Dragon", "Gnome Lunatic", "Ice Giant", "Baron", "Golem"]
ENCOUNTERS = [
    None,
    "Treasure ship",
    "Two front war",
    "King's cave",
    "War mongering",
    "Normal times",
]


def _order(draw, names):  # type: ignore[no-untyped-def]
    order = draw(st.permutations(names))
    groups, i = [], 0
    while i < len(order):
        size = draw(st.integers(1, len(order) - i))
        groups.append(" = ".join(order[i : i + size]))
        i += size
    return " > ".join(groups)


@st.composite
def dungeon_showdowns(draw):  # type: ignore[no-untyped-def]
    n = draw(st.integers(1, 6))
    names = [f"p{i}" for i in range(n)]
    players = []
    gnome = draw(st.booleans())
    fey = draw(st.booleans())
    for i, name in enumerate(names):
        player = {
            "name": name,
            "put_in": draw(st.integers(0, 30)) * 100,
            "folded": draw(st.booleans()),
            "stack": draw(st.integers(0, 20)) * 100,
        }
        if i == 0 and gnome:
            player["character"] = "Gnome Artificer"
        elif i == 1 and fey:
            player["character"] = "Fey Teratologist"
        players.append(player)
    picked = draw(st.lists(st.sampled_from(MONSTERS), unique=True, max_size=3))
    if not gnome or players[0]["folded"]:
        picked = [m for m in picked if m != "Golem"]
    encounter = draw(st.sampled_from(ENCOUNTERS))
    monsters = []
    for m in picked:
        entry: dict[str, object] = {"name": m}
        if m not in ("Golem", "Baron") and encounter != "War mongering" and draw(st.booleans()):
            entry["summoned_by"] = draw(st.sampled_from(names))
        monsters.append(entry)
    if encounter == "King's cave":
        monsters.append({"name": "Zombie", "drawn_at_showdown": True})
    live = [p["name"] for p in players if not p["folded"]] + [str(m["name"]) for m in monsters]
    boards = 2 if encounter == "Two front war" else 1
    results = [_order(draw, live) if live else None for _ in range(boards)]
    spec = {
        "blind": draw(st.sampled_from([100, 200, 500])),
        "carried": draw(st.integers(0, 5)) * 100,
        "treasures_waiting": draw(st.integers(0, 2)),
        "players": players,
        "monsters": monsters,
    }
    if encounter:
        spec["encounter"] = encounter
    folded = [p for p in players if p["folded"] and "character" not in p]
    if folded and draw(st.booleans()):
        half = (sum(p["put_in"] for p in players) + spec["carried"]) // 200 * 100
        gold = draw(st.integers(0, min(3000, half) // 100)) * 100
        spec["declared"] = {"ambush_and_run": {"by": folded[0]["name"], "gold": gold}}
    if live:
        spec["result"] = results if boards == 2 else results[0]
    return spec


@settings(max_examples=250, deadline=None)
@given(dungeon_showdowns())
def test_chips_are_conserved_through_showdowns(spec) -> None:  # type: ignore[no-untyped-def]
    out = adjudicate(validate_showdown(spec))
    put_in = sum(p["put_in"] for p in spec["players"])
    assert (
        sum(out.payouts.values()) + out.carry_over + out.removed + out.house == put_in + out.added
    )
    assert sum(p.amount for p in out.pots) + out.removed >= 0
    assert all(v >= 0 for v in out.payouts.values())
    assert out.treasures_waiting >= 0 and all(v > 0 for v in out.treasures.values())
    # Nobody takes more than the pots they could win, except through their own monsters.
    owners = {str(m.get("summoned_by")) for m in spec["monsters"]} | {"p0", "p1"}
    owners |= {spec.get("declared", {}).get("ambush_and_run", {}).get("by")}
    for p in spec["players"]:
        name = p["name"]
        if name in owners or p["folded"]:
            continue
        reachable = sum(pot.amount for pot in out.pots if name in pot.eligible)
        assert out.payouts[name] <= reachable


@st.composite
def other_showdowns(draw):  # type: ignore[no-untyped-def]
    game = draw(st.sampled_from(["holdem", "omaha", "dragon-kings", "decko"]))
    n = draw(st.integers(1, 5 if game == "decko" else 6))  # DECKO seats five at most
    names = [f"p{i}" for i in range(n)]
    players = [
        {"name": x, "put_in": draw(st.integers(0, 40)), "folded": draw(st.booleans())}
        for x in names
    ]
    live = [p["name"] for p in players if not p["folded"]]
    spec: dict[str, object] = {"game": game, "players": players}
    if len(live) > 1:
        spec["result"] = _order(draw, live)
    if game == "decko":
        # No side pots: the players still in bet the same; the house bet holds the folded bets.
        for p in players:
            if not p["folded"] and live:
                p["put_in"] = players[names.index(live[0])]["put_in"]
        folded_bets = sum(int(p["put_in"]) for p in players if p["folded"])  # type: ignore[call-overload]
        spec["house_bet"] = folded_bets + draw(st.integers(0, 10))
    if game == "dragon-kings":
        spec["first_honors"] = draw(st.booleans())
    return spec


@settings(max_examples=150, deadline=None)
@given(other_showdowns())
def test_chips_are_conserved_in_holdem_dragon_kings_and_decko(spec) -> None:  # type: ignore[no-untyped-def]
    out = adjudicate(validate_showdown(spec))
    put_in = sum(p["put_in"] for p in spec["players"])  # type: ignore[index, union-attr]
    assert (
        sum(out.payouts.values()) + out.carry_over + out.removed + out.house == put_in + out.added
    )
    assert out.removed == 0
