"""The hand cards of the deal under way: how each lies, who sits out, what a player still owes.

Where a card lies is the table store's (a main deck card in ``ann``'s hand
is ``held`` by ``ann``); how it lies is this module's, kept with the deal
(the ``deal`` key of :mod:`~companion.games.dungeon_poker.state`), so a new
deal starts with every card face down again:

* **face up** (``open``): Armory's extra card, Stubborn stand's, a card a
  rule turns over (Giant's Blood, Treant's Roots, the Undead Maiden, Time
  of justice, Light of Truth). Every audience sees it, beside whose it is;
* **unseen** (``unseen``): face down even to its holder (Dense fog's second
  card, Totemic transformation's three), until the showdown; no audience
  sees it, its holder's own page included;
* face down (the rest): its holder's alone.

Who **sits out** a deal (the Baron's folders, the Pit Trap's finder) is
written for the next deal (``sit_out_next``) and moved onto that deal when
it starts: it deals them no cards and leaves them out of its showdown.

A rule that deals cards and then asks the player to fold or turn some over
(Barbarian rage: two cards, then fold two; Giant's Blood: one, then turn one
over) leaves what the player still **owes** on the deal; ``table discard``
and ``table reveal`` pay it, and the showdown waits until they have.

>>> Faces(frozenset({3}), frozenset({7})).of(3), Faces().of(3)
('up', 'down')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from companion.errors import CompanionError
from companion.games.dungeon_poker import state
from companion.poker.cards import parse_card
from companion.poker.hands import names_text
from companion.table.model import CardCopy, DrawnCard, TableInfo
from companion.table.store import Transaction

Face = Literal["up", "down", "unseen"]
"""How a hand card lies: face up for everyone, face down for its holder, or unseen by all."""

UNSEEN_WORD = "unseen"
"""How a player names the card they may not look at (``table discard ann unseen``)."""


@dataclass(frozen=True)
class Faces:
    """Which main deck cards of the deal lie face up and which are unseen, by copy."""

    open: frozenset[int] = frozenset()
    unseen: frozenset[int] = frozenset()

    def of(self, copy: int) -> Face:
        if copy in self.open:
            return "up"
        if copy in self.unseen:
            return "unseen"
        return "down"


def faces(tx: Transaction, table: TableInfo) -> Faces:
    """How the hand cards of the deal under way lie (every card face down without a deal).
    Once the deal is settled its unseen cards are their holders' to look at: Dense fog
    keeps them from their holders only until the showdown."""
    deal = state.current_deal(tx, table) or {}
    unseen = () if deal.get("settled") else deal.get("unseen", [])
    return Faces(
        frozenset(int(c) for c in deal.get("open", [])),
        frozenset(int(c) for c in unseen),
    )


def lay(
    tx: Transaction, table: TableInfo, copies: Iterable[CardCopy | DrawnCard | int], face: Face
) -> None:
    """Lay main deck cards of the deal ``face`` up, down or unseen (a card turned face up
    is no longer unseen: 000, Dense fog, "unless it is revealed")."""
    deal = state.current_deal(tx, table)
    if deal is None:
        return
    numbers = {c if isinstance(c, int) else c.copy for c in copies}
    if not numbers:
        return
    opened = set(deal.get("open", [])) - numbers
    unseen = set(deal.get("unseen", [])) - numbers
    if face == "up":
        opened |= numbers
    elif face == "unseen":
        unseen |= numbers
    state.put(tx, table, "deal", {**deal, "open": sorted(opened), "unseen": sorted(unseen)})


# -- sitting out a deal ----------------------------------------------------------------------


def sitting_out(tx: Transaction, table: TableInfo) -> dict[str, str]:
    """Who sits out the deal under way, and why (the Baron, the Pit Trap)."""
    deal = state.current_deal(tx, table) or {}
    return {str(k): str(v) for k, v in dict(deal.get("sitting_out", {})).items()}


def sit_out_next(tx: Transaction, table: TableInfo, players: Sequence[str], why: str) -> None:
    """``players`` sit out the next deal, because of ``why`` (a card's name)."""
    if not players:
        return
    waiting = dict(state.get(tx, table, "sit_out_next", {}))
    for p in players:
        waiting.setdefault(p, why)
    state.put(tx, table, "sit_out_next", waiting)


def sitting_out_next(tx: Transaction, table: TableInfo) -> dict[str, str]:
    """Who will sit out the next deal, and why."""
    return {str(k): str(v) for k, v in dict(state.get(tx, table, "sit_out_next", {})).items()}


def take_sitters(tx: Transaction, table: TableInfo) -> dict[str, str]:
    """The players who sit out the deal now starting (the waiting list is emptied)."""
    waiting = sitting_out_next(tx, table)
    if waiting:
        state.put(tx, table, "sit_out_next", {})
    seated = set(state.seated(tx, table))
    return {p: why for p, why in waiting.items() if p in seated}


def in_deal(tx: Transaction, table: TableInfo) -> list[str]:
    """The players dealt into the deal under way: seated, and not sitting it out."""
    out = sitting_out(tx, table)
    return [p for p in state.seated(tx, table) if p not in out]


# -- what a player still owes a rule ----------------------------------------------------------


@dataclass(frozen=True)
class Owed:
    """Hand cards a player must still fold or turn face up, and the rule that asks."""

    player: str
    discard: int = 0
    reveal: int = 0
    why: str = ""

    def words(self) -> str:
        asks = []
        if self.discard:
            asks.append(f"fold {self.discard} card{'s' if self.discard != 1 else ''}")
        if self.reveal:
            asks.append(f"turn {self.reveal} card{'s' if self.reveal != 1 else ''} face up")
        how = []
        if self.discard:
            how.append(f"'companion table discard {self.player} CARD...'")
        if self.reveal:
            how.append(f"'companion table reveal {self.player} CARD'")
        return f"{self.player} still has to {' and '.join(asks)} ({self.why}): {' / '.join(how)}"

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "discard": self.discard,
            "reveal": self.reveal,
            "why": self.why,
        }


def owed(tx: Transaction, table: TableInfo) -> list[Owed]:
    """What each player of the deal still owes, in seat order."""
    deal = state.current_deal(tx, table) or {}
    found: Mapping[str, Any] = deal.get("owed", {})
    return [
        Owed(p, int(found[p].get("discard", 0)), int(found[p].get("reveal", 0)), found[p]["why"])
        for p in table.players
        if p in found
    ]


def owe(
    tx: Transaction, table: TableInfo, player: str, why: str, *, discard: int = 0, reveal: int = 0
) -> Owed:
    """``player`` must now also fold ``discard`` and turn ``reveal`` cards face up."""
    deal = state.current_deal(tx, table)
    assert deal is not None  # only a rule of the deal under way asks
    found = {k: dict(v) for k, v in dict(deal.get("owed", {})).items()}
    mine = found.get(player, {"discard": 0, "reveal": 0, "why": why})
    mine["discard"] = int(mine.get("discard", 0)) + discard
    mine["reveal"] = int(mine.get("reveal", 0)) + reveal
    mine["why"] = why if mine.get("why") in (None, "", why) else f"{mine['why']}, {why}"
    found[player] = mine
    state.put(tx, table, "deal", {**deal, "owed": found})
    return Owed(player, mine["discard"], mine["reveal"], mine["why"])


def pay(
    tx: Transaction, table: TableInfo, player: str, *, discard: int = 0, reveal: int = 0
) -> None:
    """``player`` folded ``discard`` or turned ``reveal`` cards as a rule asked."""
    deal = state.current_deal(tx, table)
    if deal is None:
        return
    found = {k: dict(v) for k, v in dict(deal.get("owed", {})).items()}
    mine = found.get(player)
    if mine is None:
        return
    mine["discard"] = max(int(mine.get("discard", 0)) - discard, 0)
    mine["reveal"] = max(int(mine.get("reveal", 0)) - reveal, 0)
    if not mine["discard"] and not mine["reveal"]:
        found.pop(player)
    else:
        found[player] = mine
    state.put(tx, table, "deal", {**deal, "owed": found})


def check_nothing_owed(tx: Transaction, table: TableInfo) -> None:
    """Refuse to settle a deal while a player still owes a rule a fold or a turned card."""
    left = owed(tx, table)
    if left:
        raise CompanionError(left[0].words() + ", before the showdown")


# -- naming a card in a hand ------------------------------------------------------------------


@dataclass(frozen=True)
class HandCard:
    """A main deck card in a player's hand, as a command names it."""

    copy: CardCopy
    face: Face = "down"
    notes: tuple[str, ...] = field(default_factory=tuple)


def find_in_hand(
    tx: Transaction, table: TableInfo, player: str, ref: str, *, taken: Sequence[int] = ()
) -> HandCard:
    """The card ``ref`` (``9s``, ``9♠``, ``T♦`` or ``unseen``) in ``player``'s hand; an error
    naming what they hold when it is not there (an unseen card by that word alone)."""
    held = [c for c in tx.pile(table, "main", "held", player) if c.copy not in taken]
    lying = faces(tx, table)
    if ref.strip().casefold() == UNSEEN_WORD:
        hidden = [c for c in held if lying.of(c.copy) == "unseen"]
        if not hidden:
            raise CompanionError(f"{player} holds no card face down unseen")
        return HandCard(hidden[0], "unseen")
    try:
        wanted = parse_card(ref).code
    except CompanionError:
        raise CompanionError(
            f"'{ref}' is not a card: name it as the hand shows it (9s, 9♠, Td) or '{UNSEEN_WORD}'"
        ) from None
    for c in held:
        if c.card_id.casefold() == wanted.casefold() and lying.of(c.copy) != "unseen":
            return HandCard(c, lying.of(c.copy))
    shown = [c.card_id for c in held if lying.of(c.copy) != "unseen"]
    unseen = sum(1 for c in held if lying.of(c.copy) == "unseen")
    holds = " ".join(parse_card(c).symbol for c in shown) or "no card they may name"
    if unseen:
        holds += f" and {unseen} unseen ('{UNSEEN_WORD}')"
    raise CompanionError(f"{player} holds no {parse_card(ref).symbol}: {player} holds {holds}")


def names(players: Iterable[str]) -> str:
    return names_text(list(players))
