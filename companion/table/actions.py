"""What can be done at a table: set it up, draw, look, move cards, undo.

Each function takes an open write transaction and records one history entry,
so a command is one transaction and one line of ``companion table log``.
A game's own rules (what a deck holds, how a card lies) come from its
``table_rules`` through the registry; ``tests/table`` plays each game.
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.bounds import check_seed
from companion.cards.loader import GameCards, load_game
from companion.documents import short
from companion.errors import CompanionError
from companion.table.drawing import (
    IN_GAME,
    GameRules,
    deck_name,
    deck_words,
    drawn_card,
    rules_for,
)
from companion.table.events import (
    MOVES,
    CardRef,
    DeckShuffled,
    MoveTo,
    TableSetUp,
    TopLooked,
    TopReordered,
    TopShuffled,
)
from companion.table.model import (
    PILES,
    CardCopy,
    DrawnCard,
    HistoryEntry,
    TableInfo,
    name_key,
)
from companion.table.store import Transaction
from companion.table.views import Audience, View

MAX_NAME = 40


def parse_players(text: str | Sequence[str]) -> list[str]:
    """Players from ``a,b,c`` (or a list), in seat order; names must differ.

    >>> parse_players(" Ann, Bo ,Cy")
    ['Ann', 'Bo', 'Cy']
    >>> parse_players("Ann,ann")
    Traceback (most recent call last):
      ...
    companion.errors.CompanionError: player 'ann' is listed twice
    """
    raw = text.split(",") if isinstance(text, str) else list(text)
    players: list[str] = []
    for item in raw:
        name = " ".join(unicodedata.normalize("NFC", str(item)).split())
        if not name:
            raise CompanionError(
                f"empty player name in '{text if isinstance(text, str) else ','.join(raw)}'"
            )
        if len(name) > MAX_NAME or name.startswith("-") or _has_control(name):
            raise CompanionError(
                f"{short(name)} is not a usable player name "
                f"(at most {MAX_NAME} characters, no leading '-', no control characters)"
            )
        check_name_characters(name, "player")
        if name_key(name) in (name_key(p) for p in players):
            raise CompanionError(f"player '{name}' is listed twice")
        players.append(name)
    if not players:
        raise CompanionError("a table needs at least one player (--players a,b,c)")
    return players


def named_players(values: Sequence[str]) -> list[str]:
    """Names given to a repeatable option, each perhaps ``a,b`` as ``--players`` takes
    them (a player's name never holds a comma).

    >>> named_players(["ann,dee", " cy "])
    ['ann', 'dee', 'cy']
    """
    return [n.strip() for value in values for n in value.split(",") if n.strip()]


RESERVED = "/\\<>=[]"
"""Characters a new table or player name may not hold: ``/`` and ``\\`` part a page's
address (a player called ``a/b`` could never open their page), ``<`` ``>`` ``=`` are the
commands' own syntax (``ann=200``, ``"ann > bob"``), ``[`` ``]`` the terminal's markup."""


def check_name_characters(name: str, kind: str) -> str:
    """``name`` when it holds none of :data:`RESERVED`; else a one-line error naming them.

    >>> check_name_characters("<b>bo</b>", "player")
    Traceback (most recent call last):
    ...
    companion.errors.CompanionError: player name '<b>bo</b>' holds '<', '>', '/': a name may hold any letter, digit, space or other mark but / \\ < > = [ ]
    """
    found = list(dict.fromkeys(c for c in name if c in RESERVED))
    if found:
        raise CompanionError(
            f"{kind} name {short(name)} holds {', '.join(repr(c) for c in found)}: a name may "
            f"hold any letter, digit, space or other mark but {' '.join(RESERVED)}"
        )
    return name


def check_table_name(name: str) -> str:
    """A table name: 1-40 characters on one line, not starting with '-'."""
    clean = unicodedata.normalize("NFC", name).strip()
    if not clean or len(clean) > MAX_NAME or clean.startswith("-") or _has_control(clean):
        raise CompanionError(
            f"{short(name)} is not a usable table name "
            f"(1-{MAX_NAME} characters, no leading '-', no control characters)"
        )
    return clean


def game_cards(table: TableInfo) -> GameCards:
    return load_game(table.game)


def new_table(
    tx: Transaction,
    name: str,
    game: str,
    players: Sequence[str],
    seed: int | None = None,
    options: dict[str, Any] | None = None,
) -> tuple[TableInfo, list[str]]:
    """Create a table, set it up as its game's rulebook says, and make it current."""
    name = check_name_characters(check_table_name(name), "table")
    players = parse_players(players)
    cards = load_game(game)
    rules = rules_for(game)
    chosen = rules.options(dict(options or {}))
    rules.validate_players(players, chosen)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    check_seed(seed)
    table = tx.create_table(name, game, players, seed, chosen)
    notes = rules.setup(tx, table, cards)
    tx.set_current(table)
    tx.record(
        table,
        TableSetUp(game, cards.game.name, tuple(players), seed, dict(chosen), tuple(notes)),
        undoable=False,
    )
    return table, notes


def _has_control(name: str) -> bool:
    """Whether ``name`` holds a control or format character (a newline, an escape...)."""
    return any(unicodedata.category(ch).startswith("C") for ch in name)


def select_table(tx: Transaction, name: str) -> TableInfo:
    table = tx.table(check_table_name(name))
    tx.set_current(table)
    return table


def delete_table(tx: Transaction, table: TableInfo) -> None:
    tx.delete_table(table)


def resolve_deck(tx: Transaction, table: TableInfo, cards: GameCards, ref: str) -> str:
    """A deck of this table by id or name (any case; a unique prefix will do)."""
    decks = tx.decks(table)
    wanted = ref.strip().casefold()
    for deck in decks:
        if deck == wanted or deck_name(cards, deck).casefold() == wanted:
            return deck
    starts = [
        d
        for d in decks
        if d.startswith(wanted) or deck_name(cards, d).casefold().startswith(wanted)
    ]
    if wanted and len(starts) == 1:
        return starts[0]
    raise CompanionError(f"table '{table.name}' has no deck '{ref}' (decks: {', '.join(decks)})")


def draw(
    tx: Transaction,
    table: TableInfo,
    deck: str,
    count: int = 1,
    player: str | None = None,
    *,
    bottom: bool = False,
) -> list[DrawnCard]:
    """Draw ``count`` cards from a deck under the game's rules, for ``player`` or the table."""
    cards = game_cards(table)
    deck = resolve_deck(tx, table, cards, deck)
    if count < 1:
        raise CompanionError(f"--count must be at least 1 (got {count})")
    who = table.player(player) if player is not None else None
    return rules_for(table.game).draw(
        tx, table, cards, deck, count=count, player=who, bottom=bottom
    )


def find_copy(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    deck: str,
    ref: str,
    piles: Sequence[str],
    holder: str | None = None,
    purpose: str = "used",
) -> CardCopy:
    """The physical card named ``ref`` (id or name) found first in ``piles`` (in that order).

    ``purpose`` completes the error when it is elsewhere: "no copy of 'x' can be {purpose}".
    """
    wanted = ref.strip().casefold()
    ids = (
        {c.id for c in cards.deck(deck) if c.id == wanted or c.name.casefold() == wanted}
        if cards.game.deck(deck)
        else set()
    )
    present = tx.cards(table, deck)
    if not ids:
        ids = {c.card_id for c in present if c.card_id == wanted}
    if not ids and cards.game.deck(deck):
        # A short name ("happy") for the one card of these piles whose name has a word starting so.
        here = {
            c.card_id for c in present if c.pile in piles and (holder is None or c.holder == holder)
        }
        ids = {c.id for c in cards.by_short_name(wanted, cards.deck(deck)) if c.id in here}
        if len(ids) > 1:
            names = sorted(cards.get(i).name for i in ids)
            raise CompanionError(f"'{ref}' could be {', '.join(names)}: give more of the name")
    if not ids:
        import difflib

        names = sorted({c.name for c in cards.deck(deck)}) if cards.game.deck(deck) else []
        close = difflib.get_close_matches(ref, names, n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        raise CompanionError(f"no card '{ref}' in the {deck_words(cards, deck)}{hint}")
    for pile in piles:
        for copy in sorted(present, key=lambda c: c.pos):
            if (
                copy.card_id in ids
                and copy.pile == pile
                and (holder is None or copy.holder == holder)
            ):
                return copy
    where = sorted({_where(c) for c in present if c.card_id in ids})
    owner = f" with {holder}" if holder else ""
    raise CompanionError(f"no copy of '{ref}'{owner} can be {purpose}: it is {', '.join(where)}")


_PILE_WORDS = {
    "draw": "in the draw pile",
    "discard": "in the discard pile",
    "removed": "removed from the game",
    "in_play": "in play",
    "held": "held",
    "aside": "set aside",
}


def _where(copy: CardCopy) -> str:
    return _PILE_WORDS[copy.pile] + (f" by {copy.holder}" if copy.holder else "")


def _move_named(
    tx: Transaction,
    table: TableInfo,
    deck: str,
    ref: str,
    player: str | None,
    *,
    piles: Sequence[str],
    to: str,
    where: str,
    to_where: MoveTo,
    action_word: str,
    shuffle_after: bool = False,
) -> DrawnCard:
    cards = game_cards(table)
    deck = resolve_deck(tx, table, cards, deck)
    rules_for(table.game).check_move(deck)
    who = table.player(player) if player is not None else None
    copy = find_copy(tx, table, cards, deck, ref, piles, who, purpose=action_word)
    moved = tx.move(table, copy, to, where=where)
    if shuffle_after:
        rules_for(table.game).shuffle(tx, table, deck)
    result = drawn_card(cards, moved)
    event = MOVES[to_where](
        deck, deck_name(cards, deck), CardRef.of(result), copy.pile, copy.holder, to_where
    )
    tx.record(table, event, actor=who)
    return result


def discard(
    tx: Transaction, table: TableInfo, deck: str, ref: str, player: str | None = None
) -> DrawnCard:
    """Put a card in play or held onto the deck's discard pile."""
    return _move_named(
        tx,
        table,
        deck,
        ref,
        player,
        piles=IN_GAME,
        to="discard",
        where="top",
        to_where="discard",
        action_word="discarded",
    )


def remove(
    tx: Transaction, table: TableInfo, deck: str, ref: str, player: str | None = None
) -> DrawnCard:
    """Remove a card from the game (from play, a hand, the discard or the draw pile)."""
    return _move_named(
        tx,
        table,
        deck,
        ref,
        player,
        piles=(*IN_GAME, "discard", "draw"),
        to="removed",
        where="end",
        to_where="removed",
        action_word="removed",
    )


def return_card(
    tx: Transaction,
    table: TableInfo,
    deck: str,
    ref: str,
    *,
    where: str = "shuffle",
    player: str | None = None,
) -> DrawnCard:
    """Put a card back into the draw pile: on top, at the bottom, or shuffled in."""
    if where not in ("top", "bottom", "shuffle"):
        raise CompanionError(f"cannot return a card to '{where}' (top, bottom or shuffle)")
    to_where: MoveTo = "top" if where == "top" else "bottom" if where == "bottom" else "shuffle"
    return _move_named(
        tx,
        table,
        deck,
        ref,
        player,
        piles=(*IN_GAME, "discard", "removed", "aside"),
        to="draw",
        where="top" if where == "top" else "end",
        to_where=to_where,
        action_word="returned",
        shuffle_after=where == "shuffle",
    )


def move_one(
    tx: Transaction,
    table: TableInfo,
    action: str,
    deck: str,
    ref: str,
    holder: str | None = None,
    *,
    top: bool = False,
    bottom: bool = False,
) -> DrawnCard:
    """``deck return|remove|discard``: move one named card, the flags checked first."""
    if (top or bottom) and action != "return":
        raise CompanionError("--top and --bottom only go with 'deck return'")
    if top and bottom:
        raise CompanionError("choose one of --top and --bottom")
    if action == "return":
        where = "top" if top else "bottom" if bottom else "shuffle"
        return return_card(tx, table, deck, ref, where=where, player=holder)
    if action == "remove":
        return remove(tx, table, deck, ref, holder)
    if action == "discard":
        return discard(tx, table, deck, ref, holder)
    raise CompanionError(f"no card move called {action!r} (return, remove or discard)")


def shuffle(tx: Transaction, table: TableInfo, deck: str, *, with_discard: bool = False) -> int:
    """Shuffle a deck's draw pile (gathering its discard pile first if asked); return its size."""
    cards = game_cards(table)
    deck = resolve_deck(tx, table, cards, deck)
    rules = rules_for(table.game)
    rules.check_move(deck)
    gathered = 0
    if with_discard:
        pile = tx.pile(table, deck, "discard")
        gathered = len(pile)
        tx.arrange(table, pile, "draw")
    rules.shuffle(tx, table, deck)
    size = tx.count(table, deck, "draw")
    tx.record(table, DeckShuffled(deck, deck_name(cards, deck), gathered, size, with_discard))
    return size


def peek(
    tx: Transaction, table: TableInfo, deck: str, count: int, player: str | None = None
) -> list[DrawnCard]:
    """Look at the top ``count`` cards of a draw pile without moving them (logged)."""
    cards = game_cards(table)
    deck = resolve_deck(tx, table, cards, deck)
    if count < 1:
        raise CompanionError(f"peek at least 1 card (got {count})")
    who = table.player(player) if player is not None else None
    top = tx.pile(table, deck, "draw")[:count]
    seen = [drawn_card(cards, c, info={"position": i}) for i, c in enumerate(top, start=1)]
    tx.record(
        table, TopLooked(deck, deck_name(cards, deck), who, len(seen)), actor=who, undoable=False
    )
    return seen


def reorder(
    tx: Transaction, table: TableInfo, deck: str, order: Sequence[int], player: str | None = None
) -> list[DrawnCard]:
    """Put the top cards of a draw pile in a new order: ``order`` lists their old positions.

    ``[2, 1]`` swaps the top two; positions not named keep their place below.
    """
    cards = game_cards(table)
    deck = resolve_deck(tx, table, cards, deck)
    rules_for(table.game).check_move(deck)
    who = table.player(player) if player is not None else None
    if not order:
        raise CompanionError("give the new order as positions from the top, e.g. '2 1 3'")
    n = max(order)
    pile = tx.pile(table, deck, "draw")
    if min(order) < 1 or n > len(pile):
        raise CompanionError(
            f"positions must be between 1 and {len(pile)} (the {deck_name(cards, deck)} draw pile)"
        )
    if len(set(order)) != len(order):
        raise CompanionError(f"position listed twice in {' '.join(map(str, order))}")
    missing = [p for p in range(1, n + 1) if p not in order]
    if missing:
        raise CompanionError(
            f"the new order must name every position from 1 to {n} (missing {missing[0]})"
        )
    new_top = [pile[p - 1] for p in order]
    tx.arrange(table, new_top, "draw")
    result = [drawn_card(cards, c, info={"position": i}) for i, c in enumerate(new_top, start=1)]
    tx.record(table, TopReordered(deck, deck_name(cards, deck), who, tuple(order)), actor=who)
    return result


def shuffle_top(
    tx: Transaction, table: TableInfo, deck: str, count: int, player: str | None = None
) -> int:
    """Shuffle only the top ``count`` cards of a draw pile back on top (a card may ask it)."""
    cards = game_cards(table)
    deck = resolve_deck(tx, table, cards, deck)
    rules_for(table.game).check_move(deck)
    who = table.player(player) if player is not None else None
    if count < 1:
        raise CompanionError(f"shuffle at least 1 card (got {count})")
    from companion.table.drawing import table_rng

    top = tx.pile(table, deck, "draw")[:count]
    table_rng(tx, table).shuffle(top)
    tx.arrange(table, top, "draw")
    tx.record(table, TopShuffled(deck, deck_name(cards, deck), who, len(top)), actor=who)
    return len(top)


def undo(tx: Transaction, table: TableInfo) -> HistoryEntry:
    """Undo the last undoable action; the undo is recorded in the history too."""
    return tx.undo_last(table)


@dataclass(frozen=True)
class DeckStatus:
    """How many cards of one deck are in each pile, and who holds them."""

    deck: str
    name: str
    piles: dict[str, int]
    held_by: dict[str, int] = field(default_factory=dict)
    in_play_by: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.piles.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "name": self.name,
            **self.piles,
            "total": self.total,
            "held_by": self.held_by,
            "in_play_by": self.in_play_by,
        }


def status(tx: Transaction, table: TableInfo) -> list[DeckStatus]:
    cards = game_cards(table)
    out = []
    everything = tx.cards(table)
    for deck in tx.decks(table):
        mine = [c for c in everything if c.deck == deck]
        piles = {p: sum(1 for c in mine if c.pile == p) for p in PILES}
        held: dict[str, int] = {}
        playing: dict[str, int] = {}
        for c in mine:
            if c.holder and c.pile == "held":
                held[c.holder] = held.get(c.holder, 0) + 1
            elif c.holder and c.pile == "in_play":
                playing[c.holder] = playing.get(c.holder, 0) + 1
        out.append(DeckStatus(deck, deck_name(cards, deck), piles, held, playing))
    return out


def holdings(tx: Transaction, table: TableInfo) -> dict[str, list[DrawnCard]]:
    """What each player holds or has in play in front of them, in seat order (each card as
    its game lays it: a hand card face up or unseen)."""
    return rules_for(table.game).holdings(tx, table, game_cards(table))


def view(tx: Transaction, table: TableInfo, audience: Audience) -> View:
    """``table`` as ``audience`` sees it: the public facts, the cards it may see, the log."""
    return rules_for(table.game).view(tx, table, game_cards(table), audience)


def rules(table: TableInfo) -> GameRules:
    return rules_for(table.game)
