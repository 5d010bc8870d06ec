"""What an ability, a treasure or a monster does to the cards of a deal the table dealt.

When the laptop is the deck (``table deal --cards``), a rule that takes,
folds, turns over or looks at cards does it here, as the rule is used: the
Fighter's Melee mastery deals the extra hand card, the Barbarian's rage two
cards (and asks for two folds), the Druid's Feral growth two board cards,
Giant's Blood a card and a turned-over one, the Prophet's Prophecy shows
the top of a deck on the Prophet's page only. Each effect is read from the
card's own fields (``cards``, ``draw``, ``discard``, ``reveal``, ``look``),
so the numbers have one copy: the card file.

A fold the player chooses (which two cards after Barbarian rage) or a card
to turn over is left owed (:mod:`~companion.games.dungeon_poker.dealt`) for
``table discard`` / ``table reveal``; a random one (Wind of the dead, the
Goblin Hexer) is drawn with the table's seed. On a table whose players hold
real cards nothing here runs: the table takes the soul gems and the dealer
deals.

Who the rule touches follows 000 and Appendix G: the Dwarven Stalwart is
immune to the abilities of other players and of monsters, the Barbarian to
other characters' for the deal of his rage; a player sitting the deal out
(the Pit Trap) is touched by nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dungeon_poker import board, dealt, levels, monsters, state
from companion.games.dungeon_poker.dealt import Face, Owed
from companion.poker.cards import parse_card
from companion.table.actions import resolve_deck
from companion.table.drawing import drawn_card, table_rng
from companion.table.events import CardRef
from companion.table.model import CardCopy, DrawnCard, TableInfo
from companion.table.store import Transaction

RIVER = "river"


@dataclass(frozen=True)
class CardsMoved:
    """What a rule did to the cards: cards dealt (to hands, the board, a monster), cards
    folded to the graveyard, cards turned face up, cards shown to one player, what is
    still owed, and notes."""

    dealt: tuple[DrawnCard, ...] = ()
    folded: tuple[DrawnCard, ...] = ()
    turned: tuple[DrawnCard, ...] = ()
    looked: tuple[DrawnCard, ...] = ()
    owed: tuple[Owed, ...] = ()
    notes: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.dealt or self.folded or self.turned or self.looked or self.owed)

    def to_json(self) -> dict[str, Any]:
        return {
            "dealt": [c.to_json() for c in self.dealt],
            "folded": [c.to_json() for c in self.folded],
            "turned": [c.to_json() for c in self.turned],
            "looked": [c.to_json() for c in self.looked],
            "owed": [o.to_json() for o in self.owed],
            "notes": list(self.notes),
        }


@dataclass
class _Moving:
    """The cards one rule moves, gathered as it goes."""

    dealt: list[DrawnCard] = field(default_factory=list)
    folded: list[DrawnCard] = field(default_factory=list)
    turned: list[DrawnCard] = field(default_factory=list)
    looked: list[DrawnCard] = field(default_factory=list)
    owed: list[Owed] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def done(self) -> CardsMoved:
        return CardsMoved(
            tuple(self.dealt),
            tuple(self.folded),
            tuple(self.turned),
            tuple(self.looked),
            tuple(self.owed),
            tuple(dict.fromkeys(self.notes)),
        )


@dataclass(frozen=True)
class Choice:
    """What the player names when they use the rule (``table ability``/``table use``)."""

    deck: str | None = None
    """The deck looked at (Prophecy, Ancestral knowledge, Spy, Spyglass)."""
    card: tuple[str, ...] = ()
    """Hand cards named: the one Wild Berries folds."""
    rank: str | None = None
    """The rank the Witch curses."""
    gold: int | None = None
    """The gold Ambush & run takes from the pot."""


def event_cards(
    tx: Transaction, table: TableInfo, cards: GameCards, moved: CardsMoved
) -> tuple[tuple[CardRef, ...], int, int]:
    """The cards a rule moved as its event names them: each card dealt as it lies (face
    up for everyone, face down for its holder, unseen by all), each card folded face up
    (Open funeral) by name; then how many of them nobody else may see (0: the event
    leaves them out itself) and how many were folded face down."""
    lying = dealt.faces(tx, table)
    named = []
    for c in moved.dealt:
        face = lying.of(c.copy) if c.deck == "main" and c.pile == "held" else "down"
        named.append(CardRef.of(c, open=face == "up", down=face == "unseen"))
    open_grave = levels.encounter_rules(tx, table, cards).open_graveyard
    folded = [CardRef.of(c) for c in moved.folded] if open_grave else []
    return (*named, *folded), 0, 0 if open_grave else len(moved.folded)


# -- the deal, as these rules need it -----------------------------------------------------


def dealt_by_table(tx: Transaction, table: TableInfo) -> bool:
    """Whether the table deals this deal's cards (``table deal --cards``), not yet settled."""
    deal = state.current_deal(tx, table)
    return bool(deal and deal.get("cards") and not deal.get("settled"))


def street(tx: Transaction, table: TableInfo) -> str:
    """The street the deal has reached: ``preflop``, ``flop``, ``turn`` or ``river``."""
    return str((state.current_deal(tx, table) or {}).get("street", "preflop"))


def check_timing(tx: Transaction, table: TableInfo, name: str, limits: Sequence[str]) -> None:
    """Refuse a rule used when its card says it may not be: 000, Appendix A ("You may not
    use it at the river"), Appendix C ("only at the preflop stage")."""
    now = street(tx, table)
    if "not-at-river" in limits and now == RIVER:
        raise CompanionError(f"{name} may not be used at the river, and the river is out")
    if "preflop-only" in limits and now != "preflop":
        raise CompanionError(f"{name} is used only preflop, and the {now} is out")


def immune(
    tx: Transaction, table: TableInfo, cards: GameCards, player: str, by: str | None
) -> bool:
    """Is ``player`` untouched by a rule of ``by`` (another player, or a monster when
    None)? The Dwarven Stalwart's resistance (a passive: off while the encounter stops
    passives) and, against characters, the Barbarian's rage in this deal."""
    if by == player:
        return False
    character = tx.pile(table, "characters", "in_play", player)
    if not character:
        return False
    model = cards.get(character[0].card_id)
    rules = levels.encounter_rules(tx, table, cards)
    if not rules.no_passives and any(a.effect == "dwarven-resistance" for a in model.abilities):
        return True
    used = (state.current_deal(tx, table) or {}).get("abilities", [])
    return by is not None and any(tuple(u) == (player, "barbarian-rage") for u in used)


def hand(tx: Transaction, table: TableInfo, holder: str) -> list[CardCopy]:
    """The main deck cards ``holder`` (a player, or a monster's ``monster:N``) holds."""
    return list(tx.pile(table, "main", "held", holder))


def draw_to(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    holder: str | None,
    count: int,
    moving: _Moving,
    face: Face = "down",
) -> list[DrawnCard]:
    """``count`` main deck cards to ``holder``'s hand (None: the board) laid ``face``; the
    monster card (M) brings its monster as it always does."""
    if count <= 0:
        return []
    got = monsters.draw_main(tx, table, cards, count, holder, record_it=False)
    mine = [c for c in got if c.deck == "main" and c.holder == holder and c.pile != "discard"]
    if holder is not None and face != "down":
        dealt.lay(tx, table, mine, face)
    moving.dealt.extend(got)
    moving.notes.extend(got.notes)
    return mine


def fold(
    tx: Transaction, table: TableInfo, cards: GameCards, copies: Sequence[CardCopy]
) -> list[DrawnCard]:
    """Cards to the graveyard (face up under Open funeral, else face down)."""
    out = []
    for copy in copies:
        out.append(drawn_card(cards, tx.move(table, copy, "discard", where="top")))
    return out


# -- abilities --------------------------------------------------------------------------


def ability_cards(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    who: str,
    ability: Any,
    choice: Choice,
) -> CardsMoved:
    """What a character's ability does to the cards, as ``table ability`` uses it."""
    moving = _Moving()
    effect = ability.effect
    n = int(ability.cards or 0)
    if effect == "melee-mastery":
        draw_to(tx, table, cards, who, n, moving)
    elif effect == "stubborn-stand":
        draw_to(tx, table, cards, who, n, moving, "up")
        moving.notes.append(f"{who} may not bet or raise again this deal (Stubborn stand)")
    elif effect == "barbarian-rage":
        draw_to(tx, table, cards, who, int(ability.draw or 0), moving)
        moving.owed.append(
            dealt.owe(tx, table, who, ability.name, discard=int(ability.discard or 0))
        )
    elif effect == "totemic-transformation":
        moving.folded.extend(fold(tx, table, cards, hand(tx, table, who)))
        draw_to(tx, table, cards, who, n, moving, "unseen")
        moving.notes.append(f"{who}'s {n} new cards lie face down, unseen until the showdown")
    elif effect == "giant-club":
        _giant_club(tx, table, cards, who, n, moving)
    elif effect == "feral-growth":
        _to_board(tx, table, cards, n, moving)
    elif effect == "tinkery":
        _tinkery(tx, table, cards, who, n, moving)
    elif effect in ("prophecy", "ancestral-knowledge"):
        _look_at_top(tx, table, cards, who, choice.deck, n, ability.name, moving)
    elif effect == "raise-dead":
        _raise_dead(tx, table, cards, who, n, int(ability.discard or 0), ability.name, moving)
    elif effect == "wind-of-the-dead":
        _wind_of_the_dead(tx, table, cards, who, ability.name, moving)
    elif effect == "sleight-of-hand":
        _sleight_of_hand(tx, table, cards, moving)
    elif effect == "conjure-fire":
        _conjure_fire(tx, table, cards, moving)
    return moving.done()


def _giant_club(
    tx: Transaction, table: TableInfo, cards: GameCards, who: str, n: int, moving: _Moving
) -> None:
    """000, Giant club: every player (the Troll too) and every monster loses its hand to
    the graveyard and draws ``n`` new ones; a hand of one card draws one."""
    for player in dealt.in_deal(tx, table):
        if immune(tx, table, cards, player, who):
            moving.notes.append(f"{player} is immune: keeps their hand")
            continue
        held = hand(tx, table, player)
        if not held:
            continue
        moving.folded.extend(fold(tx, table, cards, held))
        draw_to(tx, table, cards, player, 1 if len(held) == 1 else n, moving)
    for label, copy in monsters.playing(tx, table, cards).items():
        holder = monsters.hand_holder(copy)
        held = hand(tx, table, holder)
        if not held:
            continue
        moving.folded.extend(fold(tx, table, cards, held))
        draw_to(tx, table, cards, holder, 1 if len(held) == 1 else n, moving)
        moving.notes.append(f"{label} draws {1 if len(held) == 1 else n} new card(s)")


def _to_board(tx: Transaction, table: TableInfo, cards: GameCards, n: int, moving: _Moving) -> None:
    """Shared cards beside the streets (Feral growth): on the board for everyone."""
    got = draw_to(tx, table, cards, None, n, moving)
    deal = state.current_deal(tx, table)
    assert deal is not None
    state.put(
        tx, table, "deal", {**deal, "extra_board": int(deal.get("extra_board", 0)) + len(got)}
    )


def _tinkery(
    tx: Transaction, table: TableInfo, cards: GameCards, who: str, n: int, moving: _Moving
) -> None:
    """000, Tinkery: one more card to the Golem, and its owner may now look at its cards."""
    golem = next(
        (c for c in tx.pile(table, "monsters", "in_play", who) if cards.get(c.card_id).owner),
        None,
    )
    if golem is None:
        raise CompanionError(f"{who} has no Golem in play to deal a card to")
    holder = monsters.hand_holder(golem)
    draw_to(tx, table, cards, holder, n, moving)
    known = dict(state.get(tx, table, "monsters", {}))
    info = dict(known.get(str(golem.copy), {}))
    info["plays"] = len(hand(tx, table, holder))
    known[str(golem.copy)] = info
    state.put(tx, table, "monsters", known)
    seen = [drawn_card(cards, c) for c in hand(tx, table, holder)]
    look(tx, table, who, seen, "the Golem's cards")
    moving.looked.extend(seen)


def _look_at_top(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    who: str,
    deck: str | None,
    n: int,
    name: str,
    moving: _Moving,
) -> None:
    """Prophecy and Ancestral knowledge: the top cards of one deck, on the user's page only
    (``deck reorder`` then changes their order)."""
    if deck is None:
        raise CompanionError(
            f"{name} looks at one deck: name it with --deck (main, treasures, ...)"
        )
    found = resolve_deck(tx, table, cards, deck)
    top = tx.pile(table, found, "draw")[:n]
    seen = [drawn_card(cards, c) for c in top]
    look(tx, table, who, seen, f"the top of the {found} deck")
    moving.looked.extend(seen)
    moving.notes.append(
        f"{who} looks at the top {len(seen)} of the {found} deck on their own page; "
        f"'companion deck reorder {found} ...' changes their order"
    )


def _raise_dead(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    who: str,
    n: int,
    discard: int,
    name: str,
    moving: _Moving,
) -> None:
    """000, Raise dead: three random graveyard cards to the hand, then three folded."""
    grave = list(tx.pile(table, "main", "discard"))
    rng = table_rng(tx, table)
    raised = rng.sample(grave, min(n, len(grave)))
    for copy in raised:
        moved = tx.move(table, copy, "held", who)
        moving.dealt.append(drawn_card(cards, moved))
    moving.owed.append(dealt.owe(tx, table, who, name, discard=discard))


def _wind_of_the_dead(
    tx: Transaction, table: TableInfo, cards: GameCards, who: str, name: str, moving: _Moving
) -> None:
    """000, Wind of the dead: every other player folds a random hand card (no
    replacement); the Undead King folds one of his choice."""
    rng = table_rng(tx, table)
    for player in dealt.in_deal(tx, table):
        if player == who or immune(tx, table, cards, player, who):
            continue
        held = hand(tx, table, player)
        if held:
            moving.folded.extend(fold(tx, table, cards, [rng.choice(held)]))
    if hand(tx, table, who):
        moving.owed.append(dealt.owe(tx, table, who, name, discard=1))


def _sleight_of_hand(tx: Transaction, table: TableInfo, cards: GameCards, moving: _Moving) -> None:
    """000, Sleight of hand: the last shared card to the graveyard, a new one in its place."""
    shown = list(board.board_now(tx, table, cards))
    if not shown:
        raise CompanionError("Sleight of hand needs a card on the board: none is dealt yet")
    last = next(c for c in tx.pile(table, "main", "in_play") if c.copy == shown[-1].copy)
    moving.folded.extend(fold(tx, table, cards, [last]))
    draw_to(tx, table, cards, None, 1, moving)


def _conjure_fire(tx: Transaction, table: TableInfo, cards: GameCards, moving: _Moving) -> None:
    """000, Conjure fire: the three flop cards to the graveyard, three new ones in their place."""
    lying = [c for c in tx.pile(table, "main", "in_play") if c.holder is None]
    if street(tx, table) == "preflop" or len(lying) < 3:
        raise CompanionError("Conjure fire burns the flop: the flop is not dealt yet")
    flop, rest = lying[:3], lying[3:]
    moving.folded.extend(fold(tx, table, cards, flop))
    new = draw_to(tx, table, cards, None, 3, moving)
    fresh = [c for c in tx.pile(table, "main", "in_play") if c.copy in {d.copy for d in new}]
    tx.arrange(table, [*fresh, *rest], "in_play")  # the new flop first, as it lies


# -- looking at cards ---------------------------------------------------------------------


def look(
    tx: Transaction, table: TableInfo, who: str, seen: Sequence[DrawnCard], where: str
) -> None:
    """``who`` has looked at ``seen`` (``where`` they lie): their page shows them for the
    rest of the deal, no other page does."""
    deal = state.current_deal(tx, table)
    if deal is None:
        return
    looks = {k: list(v) for k, v in dict(deal.get("looks", {})).items()}
    looks[who] = [*looks.get(who, []), {"where": where, "cards": [[c.deck, c.copy] for c in seen]}]
    state.put(tx, table, "deal", {**deal, "looks": looks})


def looks_of(
    tx: Transaction, table: TableInfo, cards: GameCards, who: str
) -> list[tuple[str, list[DrawnCard]]]:
    """What ``who`` has looked at in the deal under way: where, and the cards (as they
    lie now)."""
    deal = state.current_deal(tx, table) or {}
    out: list[tuple[str, list[DrawnCard]]] = []
    for seen in dict(deal.get("looks", {})).get(who, []):
        found = []
        for deck, copy in seen["cards"]:
            match = [c for c in tx.cards(table, deck) if c.copy == int(copy)]
            if match:
                found.append(drawn_card(cards, match[0]))
        out.append((str(seen["where"]), found))
    return out


# -- the player's own choices: folds and cards turned over ----------------------------------


def discard(
    tx: Transaction, table: TableInfo, cards: GameCards, player: str, refs: Sequence[str]
) -> CardsMoved:
    """``table discard PLAYER CARD...``: the player folds these hand cards to the graveyard,
    as a rule asked (Barbarian rage's two, the Undead King's choice)."""
    who = table.player(player)
    if not refs:
        raise CompanionError("name the cards to fold (9s Td, or 'unseen')")
    owing = next((o for o in dealt.owed(tx, table) if o.player == who), None)
    if owing is None or not owing.discard:
        raise CompanionError(f"{who} owes no fold: only a rule that asks for one folds a card here")
    if len(refs) > owing.discard:
        raise CompanionError(
            f"{who} folds {owing.discard} card{'s' if owing.discard != 1 else ''} "
            f"({owing.why}), not {len(refs)}"
        )
    picked = _picked(tx, table, who, refs)
    folded = fold(tx, table, cards, [p.copy for p in picked])
    dealt.pay(tx, table, who, discard=len(folded))
    left = [o for o in dealt.owed(tx, table) if o.player == who]
    return CardsMoved(folded=tuple(folded), owed=tuple(left))


def reveal(
    tx: Transaction, table: TableInfo, cards: GameCards, player: str, refs: Sequence[str]
) -> CardsMoved:
    """``table reveal PLAYER CARD...``: the player turns these hand cards face up (Giant's
    Blood, the Undead Maiden, Time of justice); a card already face up is refused
    (Appendix G: an open card may not be revealed again)."""
    who = table.player(player)
    if not refs:
        raise CompanionError("name the card to turn face up (9s, or 'unseen')")
    picked = _picked(tx, table, who, refs)
    for p in picked:
        if p.face == "up":
            raise CompanionError(
                f"{parse_card(p.copy.card_id).symbol} already lies face up: turn over one that "
                "does not (Appendix G)"
            )
    dealt.lay(tx, table, [p.copy for p in picked], "up")
    dealt.pay(tx, table, who, reveal=len(picked))
    turned = tuple(drawn_card(cards, p.copy, info={"face": "up"}) for p in picked)
    left = [o for o in dealt.owed(tx, table) if o.player == who]
    return CardsMoved(turned=turned, owed=tuple(left))


def _picked(
    tx: Transaction, table: TableInfo, who: str, refs: Sequence[str]
) -> list[dealt.HandCard]:
    picked: list[dealt.HandCard] = []
    for ref in refs:
        picked.append(dealt.find_in_hand(tx, table, who, ref, taken=[p.copy.copy for p in picked]))
    return picked
