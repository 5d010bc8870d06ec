"""A deal of Dungeon Poker at the table: start it, settle it, all in one transaction each.

:func:`start_deal` ends the deal before it (counting it for its level, so
the table's clock and the table count the same deals), gathers every main
deck card with the monster card (M) and shuffles them, as the rulebook does
at the start of each deal. :func:`settle_deal` builds the showdown from what
the table knows (blind, encounter, characters, artifacts, monsters, gold,
gold and treasures left waiting) plus what only the dealer knows (each
player's gold in the pot, folds, the order or the cards), settles it through
:class:`~companion.games.dungeon_poker.showdown.DungeonPokerShowdown` (the
very engine of ``companion showdown``) and applies the result: gold, what
stays on the table, treasures, monster cards, the Astral Warlock, deaths
and the Undeath Amulet. Each is one history entry, so one ``table undo``
reverts it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dungeon_poker import table_rules as rules_mod
from companion.games.dungeon_poker.showdown import DungeonPokerShowdown
from companion.games.dungeon_poker.victory import Victory, victory
from companion.poker.showdown import ShowdownResult
from companion.poker.showdown_input import ShowdownIn
from companion.table.actions import game_cards
from companion.table.drawing import drawn_card
from companion.table.model import DrawnCard, TableInfo
from companion.table.store import Transaction

NS = rules_mod.NS


@dataclass(frozen=True)
class DealStart:
    """What ``table deal`` did: the deal's number in its level, the level, notes."""

    number: int
    level: rules_mod.LevelChange
    gathered: int
    notes: tuple[str, ...] = ()
    hands: dict[str, list[DrawnCard]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.number,
            "level": self.level.to_json(),
            "gathered": self.gathered,
            "notes": list(self.notes),
            "hands": {p: [c.to_json() for c in cs] for p, cs in self.hands.items()},
        }


@dataclass(frozen=True)
class Settled:
    """What ``table showdown`` did: the showdown's result and what the table did with it."""

    result: ShowdownResult
    spec: ShowdownIn
    notes: tuple[str, ...]
    cards: tuple[DrawnCard, ...]
    gold: dict[str, int]
    victory: Victory | None

    def to_json(self, table_state: Mapping[str, Any]) -> dict[str, Any]:
        return {
            **self.result.to_json(),
            "table": {
                **table_state,
                "gold": dict(self.gold),
                "notes": list(self.notes),
                "cards": [c.to_json() for c in self.cards],
                "victory": self.victory.to_json() if self.victory else None,
            },
        }


# -- small state --------------------------------------------------------------------------


def _get(tx: Transaction, table: TableInfo, key: str, default: Any = None) -> Any:
    return tx.get_state(table, NS, key, default)


def _set(tx: Transaction, table: TableInfo, key: str, value: Any) -> None:
    tx.put_state(table, NS, key, value, undoable=True)


def gold_of(tx: Transaction, table: TableInfo) -> dict[str, int]:
    """Each seated character's gold behind, as the table has counted it."""
    return {k: int(v) for k, v in _get(tx, table, "gold", {}).items()}


def set_gold(tx: Transaction, table: TableInfo, gold: Mapping[str, int]) -> None:
    _set(tx, table, "gold", dict(gold))


def current_deal(tx: Transaction, table: TableInfo) -> dict[str, Any] | None:
    """The deal under way: ``{"number", "level", "settled"}``, or None before the first."""
    found = _get(tx, table, "deal")
    return dict(found) if found else None


# -- starting a deal ---------------------------------------------------------------------


def start_deal(
    tx: Transaction,
    table: TableInfo,
    *,
    count_deal: Any = None,
    deal_hands: bool = False,
) -> DealStart:
    """Begin the next deal: end the last one, gather and shuffle the main deck.

    ``count_deal(tx, table)`` counts a finished deal on the table's clock and
    returns True when a clock did (the clock then opens the next level by
    itself); without a clock the table opens it after the level's fifth deal.
    """
    rules = rules_mod.DungeonPokerRules(rules_mod.GAME)
    cards = game_cards(table)
    notes: list[str] = []
    before = current_deal(tx, table)
    level = rules.level_now(tx, table, cards)
    done = int(_get(tx, table, "deals_done", 0))
    if before is not None:
        if not before.get("settled"):
            notes.append(f"deal {before['number']} ended without a table showdown")
        if int(before["level"]) == level.level:
            counted = bool(count_deal(tx, table)) if count_deal is not None else False
            done += 1
            now = rules.level_now(tx, table, cards)
            if not counted and done >= rules_mod.DEALS_PER_LEVEL and now.level == level.level:
                change = rules.enter_level(tx, table, cards, level.level + 1)
                notes.append(
                    f"five deals played: level {change.level} opens (blind {change.blind})"
                )
                notes.extend(change.notes)
    level = rules.level_now(tx, table, cards)
    if before is None or int(before["level"]) != level.level or done >= rules_mod.DEALS_PER_LEVEL:
        done = 0 if before is None or int(before["level"]) != level.level else done
    if int(_get(tx, table, "deals_level", 0)) != level.level:
        done = 0
        if level.soul_gems:
            notes.append(
                f"first deal of level {level.level}: every player takes {level.soul_gems} soul gem(s)"
            )
    _set(tx, table, "deals_level", level.level)
    _set(tx, table, "deals_done", done)
    number = done + 1
    gathered = _gather_main(tx, table, rules)
    returning = list(_get(tx, table, "returning", []))
    if returning:
        notes.append(
            f"{', '.join(returning)} return{'s' if len(returning) == 1 else ''} with the Undeath "
            "Amulet's gold"
        )
        _set(tx, table, "returning", [])
    hands: dict[str, list[DrawnCard]] = {}
    if deal_hands:
        hands = _deal_hands(tx, table, rules, cards, notes)
    _set(tx, table, "deal", {"number": number, "level": level.level, "settled": False})
    tx.record(
        table,
        "deal",
        f"deal {number} of level {level.level}: {gathered} main deck cards gathered and shuffled",
        data={"deal": number, "level": level.level, "notes": notes},
    )
    return DealStart(number, level, gathered, tuple(notes), hands)


def _gather_main(tx: Transaction, table: TableInfo, rules: rules_mod.DungeonPokerRules) -> int:
    """Every main deck card (the graveyard, the board, the hands, M) back into the deck, shuffled."""
    loose = [c for c in tx.cards(table, "main") if c.pile in ("discard", "in_play", "held")]
    if loose:
        tx.arrange(table, loose, "draw")
    rules.shuffle(tx, table, "main")
    return len(loose)


def seated(tx: Transaction, table: TableInfo) -> list[str]:
    """Players with a character in play and still in the game, in seat order."""
    out = set(_get(tx, table, "out", []))
    return [p for p in table.players if p not in out and tx.pile(table, "characters", "in_play", p)]


def _deal_hands(
    tx: Transaction,
    table: TableInfo,
    rules: rules_mod.DungeonPokerRules,
    cards: GameCards,
    notes: list[str],
) -> dict[str, list[DrawnCard]]:
    enc = rules.encounter_rules(tx, table, cards)
    per = enc.hand_cards or 2
    hands: dict[str, list[DrawnCard]] = {p: [] for p in seated(tx, table)}
    for _ in range(per):
        for player in hands:
            got = rules._draw_main(tx, table, cards, 1, player, False, record=False)
            hands[player].extend(got)
            notes.extend(n for n in got.notes if n not in notes)
    return hands


# -- settling a deal -----------------------------------------------------------------------


def table_showdown_spec(
    tx: Transaction,
    table: TableInfo,
    put_in: Mapping[str, int],
    *,
    folded: Sequence[str] = (),
    result: str | list[str] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> ShowdownIn:
    """The showdown file the table would write for this deal (what ``table showdown`` settles).

    ``extra`` holds what a showdown file may add: hands, board(s), declared
    abilities, no_legal_hand, hand_class. The table fills in the rest.
    """
    rules = rules_mod.DungeonPokerRules(rules_mod.GAME)
    cards = game_cards(table)
    extra = dict(extra or {})
    for key in ("game", "blind", "encounter", "carried", "treasures_waiting", "monsters"):
        if key in extra:
            raise CompanionError(f"{key}: the table knows it; leave it out of the file")
    level = rules.level_now(tx, table, cards)
    players_in = seated(tx, table)
    named = {p.casefold(): p for p in players_in}
    contributions: dict[str, int] = {}
    for name, amount in put_in.items():
        who = named.get(name.casefold())
        if who is None:
            raise CompanionError(
                f"{name}: not a player in this deal (in the deal: {', '.join(players_in) or 'nobody'})"
            )
        contributions[who] = amount
    folds = set()
    for name in folded:
        who = named.get(name.strip().casefold())
        if who is None:
            raise CompanionError(f"--fold {name}: not a player in this deal")
        folds.add(who)
    file_players = {str(p.get("name", "")).casefold(): p for p in extra.pop("players", []) or []}
    for key in file_players:
        if key not in named:
            raise CompanionError(f"players: '{key}' is not a player in this deal")
    gold = gold_of(tx, table)
    players: list[dict[str, Any]] = []
    for p in players_in:
        given = dict(file_players.get(p.casefold(), {}))
        given.pop("name", None)
        for key in ("character", "artifacts", "stack"):
            if key in given:
                raise CompanionError(f"players: {p}'s {key} is known to the table; leave it out")
        amount = int(contributions.get(p, given.pop("put_in", 0)) or 0)
        stack = gold.get(p)
        if stack is not None and amount > stack:
            raise CompanionError(
                f"{p}={amount}: {p} has only {stack:,} gold (all-in is {p}={stack})"
            )
        character = tx.pile(table, "characters", "in_play", p)
        artifacts = [
            c.card_id
            for c in tx.pile(table, "treasures", "held", p)
            if cards.get(c.card_id).treasure_class != "sudden"
        ]
        entry: dict[str, Any] = {
            "name": p,
            "put_in": amount,
            "folded": p in folds or bool(given.pop("folded", False)),
            "character": character[0].card_id,
            "artifacts": artifacts,
            **given,
        }
        if stack is not None:
            entry["stack"] = stack - amount
        if not entry.get("hand"):
            held = list(tx.pile(table, "main", "held", p))
            if held and result is None and "result" not in extra:
                entry["hand"] = [_notation(cards, c.card_id) for c in held]
        players.append(entry)
    monsters = _monsters_in_play(tx, table, rules, cards)
    spec: dict[str, Any] = {
        "game": "dungeon-poker",
        "blind": level.blind,
        "encounter": level.encounter.card_id if level.encounter else None,
        "carried": int(_get(tx, table, "carried_gold", 0)),
        "treasures_waiting": int(_get(tx, table, "carried", 0)),
        "players": players,
        "monsters": monsters,
        **extra,
    }
    if result is not None:
        spec["result"] = result
    if "board" not in spec and "boards" not in spec and "result" not in spec:
        board = [_notation(cards, c.card_id) for c in tx.pile(table, "main", "in_play")]
        if board:
            spec["board"] = board
    from pydantic import ValidationError

    from companion.poker.showdown_input import describe

    try:
        return ShowdownIn.model_validate(spec)
    except ValidationError as exc:
        raise CompanionError(describe(exc, spec)) from None


def _notation(cards: GameCards, card_id: str) -> str:
    """A main deck card as the hand ranker writes it (its id is its notation: ``As``)."""
    return card_id


def _monsters_in_play(
    tx: Transaction, table: TableInfo, rules: rules_mod.DungeonPokerRules, cards: GameCards
) -> list[dict[str, Any]]:
    known = _get(tx, table, "monsters", {})
    out: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    for copy in tx.pile(table, "monsters", "in_play"):
        model = cards.get(copy.card_id)
        seen[model.name] = seen.get(model.name, 0) + 1
        info = known.get(str(copy.copy), {})
        entry: dict[str, Any] = {"name": copy.card_id}
        if seen[model.name] > 1:
            entry["label"] = f"{model.name} {seen[model.name]}"
        if copy.holder and not model.owner:
            entry["summoned_by"] = copy.holder
        if info.get("showdown"):
            entry["drawn_at_showdown"] = True
        if info.get("bargain"):
            entry["king"] = True
        out.append(entry)
    return out


def settle_deal(
    tx: Transaction,
    table: TableInfo,
    put_in: Mapping[str, int],
    *,
    folded: Sequence[str] = (),
    result: str | list[str] | None = None,
    extra: Mapping[str, Any] | None = None,
    takes: Sequence[str] = (),
    data_dir: str | None = None,
) -> Settled:
    """Settle the deal under way from the table's state; one history entry."""
    deal = current_deal(tx, table)
    if deal is None:
        raise CompanionError("no deal is under way: start one with 'companion table deal'")
    if deal.get("settled"):
        raise CompanionError(
            f"deal {deal['number']} is already settled ('companion table undo' reverts it)"
        )
    spec = table_showdown_spec(tx, table, put_in, folded=folded, result=result, extra=extra)
    outcome = DungeonPokerShowdown(spec, None, data_dir).run()
    notes, shown = apply_result(tx, table, spec, outcome, takes=takes)
    deal["settled"] = True
    _set(tx, table, "deal", deal)
    won = victory(tx, table)
    if won is not None:
        notes.append(won.text)
    tx.record(
        table,
        "showdown",
        f"deal {deal['number']} settled: "
        + (" and ".join(outcome.winners) + " won" if outcome.winners else "nobody won"),
        data={"result": outcome.to_json(), "notes": notes},
    )
    return Settled(outcome, spec, tuple(notes), tuple(shown), gold_of(tx, table), won)


def apply_result(
    tx: Transaction,
    table: TableInfo,
    spec: ShowdownIn,
    outcome: ShowdownResult,
    *,
    takes: Sequence[str] = (),
) -> tuple[list[str], list[DrawnCard]]:
    """Do at the table what the showdown decided: gold, treasures, monsters, levels, deaths."""
    rules = rules_mod.DungeonPokerRules(rules_mod.GAME)
    cards = game_cards(table)
    notes: list[str] = []
    shown: list[DrawnCard] = []
    gold = gold_of(tx, table)
    for p in spec.players:
        if p.name in gold:
            gold[p.name] += -p.put_in + outcome.payouts.get(p.name, 0) + outcome.bank.get(p.name, 0)
    set_gold(tx, table, gold)
    _set(tx, table, "carried_gold", outcome.carry_over)
    _set(tx, table, "carried", outcome.treasures_waiting)
    for player, count in outcome.treasures.items():
        got = rules.draw_treasures(tx, table, cards, player, count, record=False, partial=True)
        shown.extend(got)
        notes.extend(n for n in got.notes if n not in notes)
    for player, count in outcome.treasures_lost.items():
        notes.append(
            f"{player} gives {count} treasure(s) of their choice to the bank ('companion table sell')"
        )
    in_play = tx.pile(table, "monsters", "in_play")
    labels = [m.label or cards.get(m.name).name for m in spec.monsters]
    for fate in outcome.monsters:
        copy = in_play[labels.index(fate.name)]
        moved = rules.monster_leaves(tx, table, cards, copy, fate.outcome)
        if moved is not None:
            shown.append(moved)
    for m in outcome.monsters:
        if m.outcome != "won":
            continue
        model = cards.get(m.card)
        if any(e.when == "win" and e.effect == "next-level" for e in model.effects):
            change = rules.enter_level(
                tx, table, cards, rules.level_now(tx, table, cards).level + 1
            )
            notes.append(
                f"{m.name} won: level {change.level} opens now (blind {change.blind})"
                + (f", encounter {change.encounter.name}" if change.encounter else "")
            )
            notes.extend(change.notes)
    winners = [w for w in outcome.winners if w in {p.name for p in spec.players}]
    after = gold_of(tx, table)
    for p in spec.players:
        if p.stack is None or after.get(p.name, 1) > 0:
            continue
        died, more = rules.character_dies(
            tx,
            table,
            cards,
            p.name,
            winner=next((w for w in winners if w != p.name), None),
            takes=_take_for(tx, table, cards, p.name, takes),
        )
        notes.extend(died)
        shown.extend(c for c in more if c.deck != "characters")
    return notes, shown


def _take_for(
    tx: Transaction, table: TableInfo, cards: GameCards, dead: str, takes: Sequence[str]
) -> str | None:
    held = {cards.get(c.card_id).name.casefold() for c in tx.pile(table, "treasures", "held", dead)}
    held |= {c.card_id for c in tx.pile(table, "treasures", "held", dead)}
    for t in takes:
        if t.strip().casefold() in held:
            return t
    return None


__all__ = [
    "DealStart",
    "Settled",
    "apply_result",
    "current_deal",
    "drawn_card",
    "gold_of",
    "settle_deal",
    "start_deal",
    "table_showdown_spec",
]


def read_table_showdown(
    file: str | None, args: Sequence[str]
) -> tuple[dict[str, Any], dict[str, int]]:
    """Split ``table showdown``'s arguments: a showdown file (optional) and NAME=AMOUNT pairs."""
    from companion.poker.pots import parse_contributions

    if file is not None and "=" in file:
        args = [file, *args]
        file = None
    extra: dict[str, Any] = {}
    if file is not None:
        from companion.documents import read_document

        source = "<stdin>" if file == "-" else file
        data = read_document(file, what="showdown file")
        if not isinstance(data, dict):
            raise CompanionError(f"{source}: a showdown file is a mapping")
        extra = dict(data)
    return extra, dict(parse_contributions(list(args))) if args else {}
