"""DECKO's mat: what lies where, the round track's numbers, and one event of the table.

The box's counts (chips, the seven-card minimum, the twelve rounds, the prices of the
buying phase) and the mat itself: each player's piles, chips and bet, the market, the
joker piles, the house. The mat is one JSON document in the table's state (namespace
``decko``, key ``mat``); :func:`save` writes it with every card's row and one undoable
entry.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.events import Event, sentence
from companion.games.decko.events import DeckoStep
from companion.games.decko.sets import (
    MARKET_SLOTS,
)
from companion.table.model import CardCopy, TableInfo
from companion.table.store import Transaction

NS = "decko"

GAME = "decko"

TOTAL_CHIPS = 75 + 25 * 10

"""The box's chips counted in black chips: 75 black and 25 red worth ten each."""

STARTING_CHIPS = 20

"""Each player starts with ten black chips and one red chip."""

MIN_DECK = 7

"""Nobody's cards (hand, draw and discard piles) may drop below seven."""

DEAL_CARDS = 5

WIN_CHIPS = 60

WIN_CHIPS_FIVE_PLAYERS = 70

LAST_ROUND = 12

JOKER_TYPES = ("DEAL", "RAISE", "CALL", "FOLD", "BURN", "BUY")

SPECIAL_PRICES = {"flush": 2, "burn": 2, "gift": 3}

"""Dollars for the special actions of the buying phase."""

CHIP_PRICES = {1: 2, 2: 3, 3: 5}

"""Dollars paid for 1, 2 or 3 chips in the buying phase."""

JACKPOT_CHIPS = 4

"""Chips Mr. Jackpot takes from the house at each raise."""

WITCH_CHIPS = 2

"""Chips The Witch moves from another player's bet: exactly two, or none."""

STUD_CARDS = 3

"""Cards each player lays face up in a Stud round."""


@dataclass
class Seat:
    """One player's place at the mat. Piles list card refs (``deck#copy``), top first."""

    chips: int = STARTING_CHIPS
    loans: int = 0
    bet: int = 0
    folded: bool = False
    draw: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    burn: list[str] = field(default_factory=list)
    jokers: list[str] = field(default_factory=list)
    bought: list[str] = field(default_factory=list)
    money: int = 0
    used: list[str] = field(default_factory=list)
    """What this player has done this phase: ``burn`` (betting), the special actions, ``joker``."""
    jackpot: int = 0
    """Chips on this player's Mr. Jackpot, won with the bet or returned to the house."""
    shown: list[str] | None = None
    """Stud: the hand cards laid face up (None until the player has chosen them)."""
    smoldering: dict[str, Any] | None = None
    """A burn a smoldering card left owed: ``card`` its name, ``left`` how many cards, and
    ``cards`` the refs it may take (the hand when the card was acquired)."""

    @property
    def deck_size(self) -> int:
        """Cards that count toward the minimum deck: hand, draw and discard piles."""
        return len(self.hand) + len(self.draw) + len(self.discard)


@dataclass
class Mat:
    """The whole DECKO table beyond the cards' rows: kept as one JSON document."""

    round: int = 0
    phase: str = "setup"
    blind: str = ""
    house: int = 0
    house_bet: int = 0
    market_deck: list[str] = field(default_factory=list)
    market: list[str | None] = field(default_factory=lambda: [None] * MARKET_SLOTS)
    jokers: dict[str, list[str]] = field(default_factory=dict)
    aside: list[str] = field(default_factory=list)
    wildcards: dict[str, str] = field(default_factory=dict)
    loan_cards: dict[str, str] = field(default_factory=dict)
    blind_card: str = ""
    seats: dict[str, Seat] = field(default_factory=dict)
    seating: list[str] = field(default_factory=list)
    """The players in seat order (the JSON document keeps its keys sorted)."""
    wildcard: str | None = None
    turn: str | None = None
    first_round: bool = True
    acted: list[str] = field(default_factory=list)
    buyers: list[str] = field(default_factory=list)
    reveal: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Mat:
        seats = {name: Seat(**seat) for name, seat in data.get("seats", {}).items()}
        return cls(**{**data, "seats": seats})

    @property
    def players(self) -> list[str]:
        return list(self.seating)

    def order(self) -> list[str]:
        """Turn order: from the player left of the blind player round to the blind player."""
        players = self.players
        at = players.index(self.blind)
        return [players[(at + 1 + i) % len(players)] for i in range(len(players))]

    def active(self) -> list[str]:
        return [p for p in self.order() if not self.seats[p].folded]

    def highest_bet(self) -> int:
        return max(seat.bet for seat in self.seats.values())

    def locations(self) -> dict[str, tuple[str, str | None]]:
        """Where each card of the mat lies, as the store's (pile, holder)."""
        out: dict[str, tuple[str, str | None]] = {}
        for ref in self.market_deck:
            out[ref] = ("draw", None)
        for slot in self.market:
            if slot:
                out[slot] = ("in_play", None)
        for pile in self.jokers.values():
            for ref in pile:
                out[ref] = ("draw", None)
        for ref in self.aside:
            out[ref] = ("aside", None)
        for ref in self.wildcards.values():
            out[ref] = ("in_play", None)
        for player, loan in self.loan_cards.items():
            out[loan] = ("in_play", player)
        if self.blind_card:
            out[self.blind_card] = ("in_play", self.blind or None)
        for player, seat in self.seats.items():
            piles: tuple[tuple[str, list[str]], ...] = (
                ("draw", seat.draw),
                ("held", seat.hand),
                ("discard", seat.discard),
                ("removed", seat.burn),
                ("in_play", seat.jokers),
                ("in_play", seat.bought),
            )
            for where, refs in piles:
                for card in refs:
                    out[card] = (where, player)
        return out


def ref_of(copy: CardCopy) -> str:
    return f"{copy.deck}#{copy.copy}"


@dataclass(frozen=True)
class DeckoEvent:
    """What one DECKO command did: its typed events, in order, and the mat afterwards."""

    effects: tuple[Event, ...] = ()
    """Every event of the command (a step of the rules, a joker the table ran), in order."""
    mat: dict[str, Any] = field(default_factory=dict)
    reveal: dict[str, Any] = field(default_factory=dict)
    cards: tuple[dict[str, Any], ...] = ()

    @property
    def events(self) -> tuple[str, ...]:
        """The events' sentences, in order (their words are the ui's)."""
        return tuple(sentence(e) for e in self.effects)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"events": list(self.events), "decko": self.mat}
        if self.effects:
            out["effects"] = [e.to_json() for e in self.effects]
        if self.reveal:
            out["reveal"] = self.reveal
        if self.cards:
            out["cards"] = list(self.cards)
        return out


# -- the mat in the table's state ---------------------------------------------------------------


def load_mat(tx: Transaction, table: TableInfo) -> Mat:
    """The table's mat as it lies."""
    data = tx.get_state(table, NS, "mat")
    if data is None:
        raise CompanionError(f"table '{table.name}' has no DECKO mat")
    return Mat.from_data(data)


def sync(
    tx: Transaction,
    table: TableInfo,
    mat: Mat,
    rows: dict[str, CardCopy] | None = None,
) -> None:
    """Move each card's row to where the mat says it lies."""
    rows = rows if rows is not None else {ref_of(c): c for c in tx.cards(table)}
    for ref, (pile, holder) in mat.locations().items():
        copy = rows[ref]
        if (copy.pile, copy.holder) != (pile, holder):
            tx.move(table, copy, pile, holder)


def save(
    tx: Transaction,
    table: TableInfo,
    mat: Mat,
    step: DeckoStep,
) -> None:
    """Write the mat and the cards' rows, and record one undoable entry."""
    sync(tx, table, mat)
    tx.put_state(table, NS, "mat", mat.to_data(), undoable=True)
    tx.record(table, step, actor=step.player)


def card_model(tx: Transaction, table: TableInfo, cards: GameCards, ref: str) -> Any:
    deck, _, copy = ref.partition("#")
    for row in tx.cards(table, deck):
        if row.copy == int(copy):
            return cards.get(row.card_id)
    raise KeyError(ref)


def names(cards: GameCards, rows: dict[str, CardCopy], refs: Iterable[str]) -> list[str]:
    return [cards.get(rows[r].card_id).name for r in refs]


def round_info(round_number: int) -> Any:
    """The round track's space: bets, wildcard colour, refresh (the timer's structure)."""
    from companion.timer.structure import load_structure

    level = load_structure("decko").level(max(1, round_number))
    if level is None:
        raise CompanionError(f"the DECKO round track has no round {round_number}")
    return level


def house_factor() -> int:
    from companion.timer.structure import load_structure

    return load_structure("decko").two_player_house_factor


# -- what every player sees ---------------------------------------------------------------------


def public_mat(mat: Mat, cards: GameCards, rows: dict[str, CardCopy]) -> dict[str, Any]:
    """The mat as every player may see it (hands and draw piles only counted)."""

    def model(ref: str) -> Any:
        return cards.get(rows[ref].card_id)

    level = round_info(mat.round)
    market: list[dict[str, Any] | None] = []
    for i, ref in enumerate(mat.market):
        if ref is None:
            market.append(None)
            continue
        m = model(ref)
        price = 0 if i == MARKET_SLOTS - 1 else int(m.price)
        market.append({"slot": i + 1, "id": m.id, "name": m.name, "price": price})
    tops: dict[str, dict[str, Any] | None] = {}
    for kind in JOKER_TYPES:
        pile = mat.jokers.get(kind, [])
        top = model(pile[0]) if pile else None
        tops[kind] = None if top is None else {"id": top.id, "name": top.name, "cost": top.cost}
    wildcard = None
    if mat.wildcard:
        w = model(mat.wildcards[mat.wildcard])
        wildcard = {"color": mat.wildcard, "id": w.id, "name": w.name, "rule": w.rule}
    players = {}
    for name in mat.players:
        seat = mat.seats[name]
        players[name] = {
            "chips": seat.chips,
            "loans": seat.loans,
            "bet": seat.bet,
            "folded": seat.folded,
            "hand": len(seat.hand),
            "draw": len(seat.draw),
            "discard": len(seat.discard),
            "burn": len(seat.burn),
            "discard_top": model(seat.discard[0]).name if seat.discard else None,
            "burn_top": model(seat.burn[0]).name if seat.burn else None,
            "jokers": [model(r).name for r in seat.jokers],
            "money": seat.money,
            "jackpot": seat.jackpot,
            "shown": [model(r).name for r in seat.shown or ()],
            # a smoldering burn still owed (the cards it may take lie face up by then)
            "smoldering": (
                {
                    "card": seat.smoldering["card"],
                    "left": seat.smoldering["left"],
                    "cards": [model(r).name for r in seat.smoldering["cards"]],
                }
                if seat.smoldering
                else None
            ),
        }
    return {
        "round": mat.round,
        "phase": mat.phase,
        "blind": mat.blind,
        "turn": mat.turn,
        "bets": {"min": level.min_bet, "max": level.max_bet},
        "house": mat.house,
        "house_bet": mat.house_bet,
        "wildcard": wildcard,
        "wildcards": {c: model(r).name for c, r in mat.wildcards.items()},
        "market": market,
        "market_deck": len(mat.market_deck),
        "joker_tops": tops,
        "buyers": list(mat.buyers),
        "players": players,
        "result": mat.result,
    }
