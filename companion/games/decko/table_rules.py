"""DECKO at the table: the mat, the seven steps of a round, loans and the end of the game.

A DECKO table holds what the rulebook's setup lays out: each player's own
fruit deck (draw pile, hand, discard pile, burn pile), twenty chips and a
loan card; the six joker piles (two-player removals set aside); the market
deck and its five slots; one red and one blue wildcard; the blind card; and
the house with its betting space. The round track (bets, wildcard rounds,
refreshes) is the timer's DECKO structure, read, never copied.

Order matters in DECKO's piles (the top of the discard pile, the top of the
burn pile), and a player's pile mixes starting and market cards, so the
order of every pile is kept in one JSON document in the table's key-value
store (namespace ``decko``, key ``mat``). Each physical card's row follows
it: draw pile ``draw``, hand ``held``, discard pile ``discard``, burn pile
``removed`` (each with the player as holder), jokers, loan card, blind card
and cards bought this buying phase ``in_play`` in front of their player,
the market slots ``in_play`` with no holder, the market deck and the joker
piles ``draw``. Every command is one transaction and one undoable entry.

A round, as the rulebook runs it: ``decko round`` advances the track,
passes the blind card, places the starting bets (and the wildcard ante) and
deals; players ``burn`` (first betting round), ``raise``, ``call`` or
``fold`` in turn; when the bets are equal the hands are revealed and
ranked and settled by DECKO's showdown (:mod:`companion.games.decko.showdown`), the winner takes
the bets and the house bet, every revealing player takes their chips, and
the losers buy in turn (``buy``, ``flush``, ``burn``, ``gift``,
``buy-chips``, ``joker``, ``done``); then the end of the game is checked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.decko.events import STEPS, DeckoStep
from companion.games.decko.sets import (
    HAND_LIMIT,
    MARKET_SLOTS,
    MAX_PLAYERS,
    NORMAL,
    DeckoCard,
    DeckoRound,
    from_card_model,
    wildcard_round,
)
from companion.poker.hands import names_text
from companion.poker.showdown_input import check_showdown_names
from companion.table.actions import game_cards
from companion.table.drawing import GameRules, table_rng
from companion.table.model import CardCopy, DrawnCard, TableInfo
from companion.table.store import Transaction
from companion.table.views import Audience, View

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


# -- the mat ----------------------------------------------------------------------------------


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


def _ref(copy: CardCopy) -> str:
    return f"{copy.deck}#{copy.copy}"


@dataclass(frozen=True)
class DeckoEvent:
    """What one DECKO command did: its events for the players and the mat afterwards."""

    events: tuple[str, ...]
    mat: dict[str, Any] = field(default_factory=dict)
    reveal: dict[str, Any] = field(default_factory=dict)
    cards: tuple[dict[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"events": list(self.events), "decko": self.mat}
        if self.reveal:
            out["reveal"] = self.reveal
        if self.cards:
            out["cards"] = list(self.cards)
        return out


class DeckoRules(GameRules):
    """DECKO's setup and rounds, on top of the generic table rules."""

    RESHUFFLED = frozenset({"starting"})  # a player's draw pile is rebuilt from their discards

    def validate_players(self, players: Sequence[str], options: dict[str, Any]) -> None:
        if not 2 <= len(players) <= MAX_PLAYERS:
            raise CompanionError(
                f"DECKO seats 2 to {MAX_PLAYERS} players (five fruit decks); got {len(players)}"
            )
        check_showdown_names(players)

    # -- setup ------------------------------------------------------------------------------

    def setup(self, tx: Transaction, table: TableInfo, cards: GameCards) -> list[str]:
        notes: list[str] = []
        for deck in cards.decks:
            ids = [c.id for c in cards.deck(deck.id) for _ in range(c.quantity)]
            tx.add_cards(table, deck.id, ids, pile="aside")
        rows = {_ref(c): c for c in tx.cards(table)}
        rng = table_rng(tx, table)
        mat = Mat(
            house=TOTAL_CHIPS - STARTING_CHIPS * len(table.players), seating=list(table.players)
        )

        # The market: shuffled, one card face up on each slot.
        market = [r for r, c in rows.items() if c.deck == "market"]
        rng.shuffle(market)
        mat.market = list[str | None](market[:MARKET_SLOTS])
        mat.market_deck = market[MARKET_SLOTS:]

        # Six joker piles, each shuffled; with two players five named jokers go in the box.
        two = len(table.players) == 2
        removed: list[str] = []
        for kind in JOKER_TYPES:
            pile = []
            for ref, copy in rows.items():
                model = cards.get(copy.card_id)
                if copy.deck != "jokers" or model.joker_type != kind:
                    continue
                if two and model.removed_in_two_player:
                    mat.aside.append(ref)
                    removed.append(model.name)
                else:
                    pile.append(ref)
            rng.shuffle(pile)
            mat.jokers[kind] = pile
        if removed:
            notes.append(f"two players: {', '.join(sorted(removed))} go back in the box")

        # One red and one blue wildcard face up by the track; the rest go back in the box.
        wild = [r for r, c in rows.items() if c.deck == "wildcards"]
        rng.shuffle(wild)
        for ref in wild:
            color = cards.get(rows[ref].card_id).color
            if color not in mat.wildcards:
                mat.wildcards[color] = ref
            else:
                mat.aside.append(ref)
        notes.append(
            "wildcards: "
            + ", ".join(
                f"{cards.get(rows[ref].card_id).name} ({color})"
                for color, ref in sorted(mat.wildcards.items())
            )
        )

        # Each player: a fruit deck of their own, shuffled; chips; a loan card.
        fruits: dict[str, list[str]] = {}
        for ref, copy in rows.items():
            if copy.deck == "starting":
                fruits.setdefault(cards.get(copy.card_id).fruit, []).append(ref)
        loans = [r for r, c in rows.items() if c.deck == "loans"]
        decks = sorted(fruits.items())
        for player, (fruit, own) in zip(table.players, decks, strict=False):
            rng.shuffle(own)
            mat.seats[player] = Seat(draw=own)
            mat.loan_cards[player] = loans.pop(0)
            notes.append(f"{player} plays the {fruit} deck")
        for _, unused in decks[len(table.players) :]:
            mat.aside += unused
        mat.aside += loans

        # A random player takes the blind card.
        mat.blind_card = next(r for r, c in rows.items() if c.deck == "blind")
        mat.blind = rng.choice(list(table.players))
        notes.append(f"{mat.blind} takes the blind card")
        notes.append("start round 1 with 'companion decko round'")
        self._sync(tx, table, mat, rows)
        tx.put_state(table, NS, "mat", mat.to_data())
        return notes

    # -- state ------------------------------------------------------------------------------

    def mat(self, tx: Transaction, table: TableInfo) -> Mat:
        data = tx.get_state(table, NS, "mat")
        if data is None:
            raise CompanionError(f"table '{table.name}' has no DECKO mat")
        return Mat.from_data(data)

    def _sync(
        self,
        tx: Transaction,
        table: TableInfo,
        mat: Mat,
        rows: dict[str, CardCopy] | None = None,
    ) -> None:
        """Move each card's row to where the mat says it lies."""
        rows = rows if rows is not None else {_ref(c): c for c in tx.cards(table)}
        for ref, (pile, holder) in mat.locations().items():
            copy = rows[ref]
            if (copy.pile, copy.holder) != (pile, holder):
                tx.move(table, copy, pile, holder)

    def save(
        self,
        tx: Transaction,
        table: TableInfo,
        mat: Mat,
        step: DeckoStep,
    ) -> None:
        """Write the mat and the cards' rows, and record one undoable entry."""
        self._sync(tx, table, mat)
        tx.put_state(table, NS, "mat", mat.to_data(), undoable=True)
        tx.record(table, step, actor=step.player)

    # -- what the players see ---------------------------------------------------------------

    def card_model(self, tx: Transaction, table: TableInfo, cards: GameCards, ref: str) -> Any:
        deck, _, copy = ref.partition("#")
        for row in tx.cards(table, deck):
            if row.copy == int(copy):
                return cards.get(row.card_id)
        raise KeyError(ref)

    def names(self, cards: GameCards, rows: dict[str, CardCopy], refs: Iterable[str]) -> list[str]:
        return [cards.get(rows[r].card_id).name for r in refs]

    def round_info(self, round_number: int) -> Any:
        """The round track's space: bets, wildcard colour, refresh (the timer's structure)."""
        from companion.timer.structure import load_structure

        level = load_structure("decko").level(max(1, round_number))
        if level is None:
            raise CompanionError(f"the DECKO round track has no round {round_number}")
        return level

    def house_factor(self) -> int:
        from companion.timer.structure import load_structure

        return load_structure("decko").two_player_house_factor

    def view(self, tx: Transaction, table: TableInfo, cards: GameCards, audience: Audience) -> View:
        from companion.games.decko.views import view

        return view(self, tx, table, cards, audience)

    def overview(self, tx: Transaction, table: TableInfo, cards: GameCards) -> dict[str, Any]:
        mat = self.mat(tx, table)
        rows = {_ref(c): c for c in tx.cards(table)}
        data = self.public(mat, cards, rows)
        level = self.round_info(mat.round)
        lines = [
            f"round {mat.round or '-'} of {LAST_ROUND} · bets {level.min_bet}-{level.max_bet} · "
            f"phase: {mat.phase}"
            + (
                f" · wildcard round: [bold]{data['wildcard']['name']}[/]"
                if data["wildcard"]
                else ""
            )
        ]
        lines.append(
            f"blind: {mat.blind} · house {mat.house} chips · house bet {mat.house_bet}"
            + (f" · turn: {mat.turn}" if mat.turn else "")
        )
        wild_rounds = {
            color: [n for n in range(1, LAST_ROUND + 1) if self.round_info(n).wildcard == color]
            for color in data["wildcards"]
        }
        lines.append(
            "wildcards: "
            + ", ".join(
                f"{name} ({color}, round {', '.join(map(str, wild_rounds[color])) or '-'})"
                for color, name in sorted(data["wildcards"].items())
            )
        )
        # One market slot a line and two joker piles a line, so that 80 columns never
        # break a card's name in two.
        lines.append("market (the rightmost is free):")
        lines += [
            f"  {i + 1}. {slot['name']} ${slot['price']}" if slot else f"  {i + 1}. (empty)"
            for i, slot in enumerate(data["market"])
        ]
        tops = [
            f"{kind} {top['name']} ({top['cost']} chips)" if top else f"{kind} (empty)"
            for kind, top in data["joker_tops"].items()
        ]
        lines.append("joker piles:")
        lines += ["  " + " · ".join(tops[i : i + 2]) for i in range(0, len(tops), 2)]
        shown = {p: d["shown"] for p, d in data["players"].items() if d["shown"]}
        if shown:
            lines.append(
                "face up (Stud): " + "; ".join(f"{p} {', '.join(c)}" for p, c in shown.items())
            )
        jackpots = {p: d["jackpot"] for p, d in data["players"].items() if d["jackpot"]}
        if jackpots:
            lines.append(
                "on Mr. Jackpot: " + ", ".join(f"{p} {n} chips" for p, n in jackpots.items())
            )
        if mat.buyers:
            lines.append("buying: " + ", ".join(f"{p} ${mat.seats[p].money}" for p in mat.buyers))
        if mat.result:
            lines.append(f"game over: {mat.result['text']}")
        betting = mat.phase == "betting"
        per_player = {
            p: [
                str(s["chips"]),
                str(s["loans"]),
                "out" if s["folded"] and betting else str(s["bet"]),
                str(s["hand"]),
                str(s["draw"]),
                str(s["discard"]),
                str(s["burn"]),
            ]
            for p, s in data["players"].items()
        }
        return {
            "lines": lines,
            "player_columns": ["chips", "loans", "bet", "hand", "draw", "disc", "burn"],
            "per_player": per_player,
            "cards_decks": ["jokers"],
            "decko": data,
        }

    def public(self, mat: Mat, cards: GameCards, rows: dict[str, CardCopy]) -> dict[str, Any]:
        """The mat as every player may see it (hands and draw piles only counted)."""

        def model(ref: str) -> Any:
            return cards.get(rows[ref].card_id)

        level = self.round_info(mat.round)
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

    # -- generic card moves are refused: the mat keeps the order of every pile ---------------

    def draw(
        self,
        tx: Transaction,
        table: TableInfo,
        cards: GameCards,
        deck: str,
        *,
        count: int = 1,
        player: str | None = None,
        bottom: bool = False,
    ) -> list[DrawnCard]:
        raise CompanionError(
            "DECKO players draw from their own piles: 'companion decko draw PLAYER' "
            "(the deal, burns and folds draw by themselves)"
        )

    def check_move(self, deck: str) -> None:
        raise CompanionError(
            "a DECKO table moves cards through 'companion decko' commands, "
            "which keep every pile in order"
        )


# -- playing a round -----------------------------------------------------------------------------


class _Play:
    """One command's work on the mat: the cards' models, the events, the chips moved."""

    def __init__(self, rules: DeckoRules, tx: Transaction, table: TableInfo) -> None:
        self.rules = rules
        self.tx = tx
        self.table = table
        self.cards = game_cards(table)
        self.rows = {_ref(c): c for c in tx.cards(table)}
        self.mat = rules.mat(tx, table)
        self.events: list[str] = []
        self.reveal: dict[str, Any] = {}

    # -- cards ------------------------------------------------------------------------------

    def model(self, ref: str) -> Any:
        return self.cards.get(self.rows[ref].card_id)

    def name(self, ref: str) -> str:
        return str(self.model(ref).name)

    def decko(self, ref: str) -> DeckoCard:
        return from_card_model(self.model(ref))

    def seat(self, player: str) -> Seat:
        return self.mat.seats[self.table.player(player)]

    def level(self) -> Any:
        return self.rules.round_info(self.mat.round)

    def wildcard_effects(self) -> Any:
        if not self.mat.wildcard:
            return None
        return self.model(self.mat.wildcards[self.mat.wildcard]).effects

    def round_rules(self) -> DeckoRound:
        if not self.mat.wildcard:
            return NORMAL
        return wildcard_round(self.model(self.mat.wildcards[self.mat.wildcard]).rule)

    def jokers_of(self, player: str) -> list[str]:
        """The jokers a player uses now: their own, or in a Clown car round the top joker of
        every pile instead (a BUY joker bought uncovers the next at once)."""
        effects = self.wildcard_effects()
        if effects is not None and effects.shared_jokers:
            return [pile[0] for pile in self.mat.jokers.values() if pile]
        return self.mat.seats[player].jokers

    def has_joker(self, player: str, joker_id: str) -> bool:
        return any(self.model(r).id == joker_id for r in self.jokers_of(player))

    def find(self, player: str, pile: str, text: str) -> str:
        """A card of a player's pile by position (1 = top), id, name or rank and suit."""
        refs: list[str] = getattr(self.mat.seats[player], pile)
        words = {"hand": "hand", "burn": "burn pile", "discard": "discard pile"}
        where = f"{player}'s {words.get(pile, pile)}"
        key = text.strip()
        if key.isdigit():
            at = int(key)
            if not 1 <= at <= len(refs):
                raise CompanionError(f"{where} has no card number {at} (it holds {len(refs)})")
            return refs[at - 1]
        wanted = key.casefold()
        found = [
            r
            for r in refs
            if wanted
            in (
                self.model(r).id.casefold(),
                self.model(r).name.casefold(),
                self.decko(r).face.code.casefold(),
            )
        ]
        if len({self.model(r).id for r in found}) > 1:
            options = ", ".join(self.model(r).id for r in found)
            raise CompanionError(f"{text!r} could be any of {options} in {where}: give the id")
        if not found:
            shown = ", ".join(self.name(r) for r in refs) or "nothing"
            raise CompanionError(f"no card {text!r} in {where} (it holds: {shown})")
        return found[0]

    # -- chips ------------------------------------------------------------------------------

    def from_house(self, player: str, chips: int, why: str) -> None:
        paid = min(chips, self.mat.house)
        self.mat.house -= paid
        self.mat.seats[player].chips += paid
        if paid:
            self.events.append(f"{player} takes {paid} chip{'s' if paid != 1 else ''} ({why})")

    def to_house(self, player: str, chips: int) -> None:
        seat = self.mat.seats[player]
        seat.chips -= chips
        self.mat.house += chips

    def loan_terms(self) -> Any:
        return self.cards.deck("loans")[0]

    def take_loan(self, player: str) -> None:
        terms = self.loan_terms()
        seat = self.mat.seats[player]
        if seat.loans >= terms.max_loans:
            raise CompanionError(
                f"{player} has taken {seat.loans} loans already: no third loan is possible"
            )
        seat.loans += 1
        given = min(terms.chips, self.mat.house)
        self.mat.house -= given
        seat.chips += given
        self.events.append(f"{player} takes loan {seat.loans}: {given} chips")

    def pay(self, player: str, chips: int, what: str) -> None:
        """A payment the player chooses to make: refused when short of chips."""
        seat = self.mat.seats[player]
        if seat.chips < chips:
            raise CompanionError(
                f"{player} has {seat.chips} chips and {what} needs {chips}: take a loan first "
                f"('companion decko loan {player}') or fold"
            )
        seat.chips -= chips

    def force(self, player: str, chips: int, what: str) -> None:
        """A payment the rulebook makes compulsory (blind bet, wildcard ante): loans first,
        then, with both loans taken, the bank makes up the rest."""
        seat = self.mat.seats[player]
        while seat.chips < chips and seat.loans < self.loan_terms().max_loans:
            self.take_loan(player)
        if seat.chips < chips:
            short = chips - seat.chips
            from_bank = min(short, self.mat.house)
            self.mat.house -= from_bank
            seat.chips += from_bank
            self.events.append(f"the bank pays {from_bank} of {player}'s {what}")
        seat.chips -= min(chips, seat.chips)

    # -- piles ------------------------------------------------------------------------------

    def shuffle(self, refs: list[str]) -> None:
        table_rng(self.tx, self.table).shuffle(refs)

    def draw(self, player: str, count: int, *, from_burn: bool = False) -> tuple[list[str], bool]:
        """Draw up to ``count`` cards to the hand, never above seven; a spent draw pile is
        rebuilt from the shuffled discard pile. Returns the cards and whether it was rebuilt."""
        seat = self.mat.seats[player]
        drawn: list[str] = []
        shuffled = False
        source = seat.burn if from_burn else seat.draw
        for _ in range(count):
            if len(seat.hand) >= HAND_LIMIT:
                self.events.append(f"{player} holds seven cards: no more may be drawn")
                break
            if not source and not from_burn and seat.discard:
                seat.draw[:] = seat.discard
                seat.discard.clear()
                self.shuffle(seat.draw)
                shuffled = True
                self.events.append(f"{player} shuffles the discard pile into a new draw pile")
            if not source:
                self.events.append(f"{player} has no more cards to draw")
                break
            ref = source.pop(0)
            seat.hand.append(ref)
            drawn.append(ref)
            if seat.shown is not None:
                self._show_replacement(player, ref)
        return drawn, shuffled

    def _show_replacement(self, player: str, ref: str) -> None:
        """Stud: a card drawn while fewer than three of the hand lie face up replaces a shown
        card, so it is shown too."""
        seat = self.mat.seats[player]
        assert seat.shown is not None
        seat.shown = [r for r in seat.shown if r in seat.hand]
        if len(seat.shown) < STUD_CARDS:
            seat.shown.append(ref)
            self.events.append(f"{player} shows {self.name(ref)} face up (Stud)")

    def check_can_burn(self, player: str) -> None:
        """The limit of seven: no burn may leave a deck of fewer than seven cards."""
        seat = self.mat.seats[player]
        if seat.deck_size <= MIN_DECK:
            raise CompanionError(
                f"{player} has {seat.deck_size} cards: burning would leave fewer than {MIN_DECK}"
            )

    def burn_from_hand(self, player: str, text: str, why: str = "") -> str:
        """A card of the hand onto the burn pile, if the deck may shrink."""
        self.check_can_burn(player)
        seat = self.mat.seats[player]
        ref = self.find(player, "hand", text)
        seat.hand.remove(ref)
        seat.burn.insert(0, ref)
        self.events.append(f"{player} burns {self.name(ref)}" + (f" ({why})" if why else ""))
        return ref

    def discard_hand(
        self, player: str, *, on_top: Sequence[str] = (), keep: Sequence[str] = ()
    ) -> None:
        """The hand (less any cards kept) onto the discard pile, ``on_top`` cards above it."""
        seat = self.mat.seats[player]
        gone = [r for r in seat.hand if r not in keep]
        seat.discard[:0] = list(on_top) + list(reversed(gone))
        seat.hand = [r for r in seat.hand if r in keep]

    def refill_market(self) -> None:
        """Cards slide right to fill the gaps; new cards are dealt into the leftmost slots."""
        left = [r for r in self.mat.market if r is not None]
        gaps = MARKET_SLOTS - len(left)
        new = self.mat.market_deck[:gaps]
        del self.mat.market_deck[: len(new)]
        self.mat.market = [None] * (gaps - len(new)) + new + left  # type: ignore[operator]
        if new:
            self.events.append("the market is refilled: " + ", ".join(self.name(r) for r in new))

    def market_slot(self, text: str) -> int:
        """A market slot by number (1 leftmost, 5 rightmost and free) or by its card."""
        key = text.strip()
        if key.isdigit() and 1 <= int(key) <= MARKET_SLOTS:
            at = int(key) - 1
        else:
            wanted = key.casefold()
            at = next(
                (
                    i
                    for i, r in enumerate(self.mat.market)
                    if r
                    and wanted
                    in (
                        self.model(r).id.casefold(),
                        self.model(r).name.casefold(),
                        self.decko(r).face.code.casefold(),
                    )
                ),
                -1,
            )
            if at < 0:
                raise CompanionError(
                    f"no market slot {text!r} (slots 1-{MARKET_SLOTS}, or a card in the market)"
                )
        if self.mat.market[at] is None:
            raise CompanionError(f"market slot {at + 1} is empty")
        return at

    def acquire(self, player: str, ref: str, burns: Sequence[str]) -> None:
        """The when-acquired effects: vouchers pay chips, smoldering cards burn from hand."""
        card = self.model(ref)
        if card.special == "voucher":
            self.from_house(player, int(card.chips or 0), f"{card.name}, when acquired")
        allowed = int(card.burns or 0) if card.special == "smoldering" else 0
        if len(burns) > allowed:
            raise CompanionError(
                f"{card.name} lets {player} burn {allowed} card{'s' if allowed != 1 else ''}, "
                f"not {len(burns)}"
            )
        for text in burns:
            self.burn_from_hand(player, text, card.name)
        unused = min(allowed - len(burns), len(self.mat.seats[player].hand))
        if unused > 0:
            self.events.append(
                f"{player} may burn {unused} card{'s' if unused != 1 else ''} for"
                f" {card.name}: undo, add --burn CARD"
            )

    # -- the end ------------------------------------------------------------------------------

    def finish(
        self,
        action: str,
        actor: str | None,
        *,
        card: str | None = None,
        other: str | None = None,
        count: int | None = None,
    ) -> DeckoEvent:
        step = STEPS[action](actor, self.mat.round, self.mat.phase, card, other, count)
        self.rules.save(self.tx, self.table, self.mat, step)
        public = self.rules.public(self.mat, self.cards, self.rows)
        return DeckoEvent(tuple(self.events), public, self.reveal)


def _rules(table: TableInfo) -> DeckoRules:
    if table.game != GAME:
        raise CompanionError(f"table '{table.name}' plays {table.game}, not DECKO")
    return DeckoRules(GAME)


def _play(tx: Transaction, table: TableInfo) -> _Play:
    return _Play(_rules(table), tx, table)


# -- 1-3: advance the track, starting bets, deal ----------------------------------------------


def start_round(tx: Transaction, table: TableInfo) -> DeckoEvent:
    """Steps 1-3 of a round: advance the round track and pass the blind card (not in the
    first round), refresh the mat or turn up a wildcard, place the starting bets and the
    wildcard ante, and deal every player their hand."""
    play = _play(tx, table)
    mat = play.mat
    if mat.phase == "over":
        raise CompanionError(f"the game is over: {mat.result.get('text', '')}")
    if mat.phase not in ("setup", "between"):
        raise CompanionError(f"round {mat.round} is still being played (phase: {mat.phase})")
    players = mat.players
    if mat.round == 0:
        mat.round = 1
    else:
        mat.round += 1
        mat.blind = players[(players.index(mat.blind) + 1) % len(players)]
    level = play.level()
    play.events.append(
        f"round {mat.round}: bets {level.min_bet} to {level.max_bet}; {mat.blind} has the blind card"
    )
    if level.refresh and mat.round > 1:
        _refresh_mat(play)
    mat.wildcard = level.wildcard if level.wildcard in mat.wildcards else None
    effects = play.wildcard_effects()
    if mat.wildcard:
        card = play.model(mat.wildcards[mat.wildcard])
        play.events.append(f"wildcard round: {card.name}. {card.text}")
    for seat in mat.seats.values():
        seat.bet, seat.folded, seat.money, seat.used, seat.bought = 0, False, 0, [], []
        seat.jackpot, seat.shown = 0, None
    mat.reveal, mat.buyers, mat.acted, mat.first_round = {}, [], [], True

    # 2. Starting bets: the house, the blind player and, in a wildcard round, everyone's ante.
    house_bet = level.house_bet(len(players), play.rules.house_factor()) or 0
    paid = min(house_bet, mat.house)
    mat.house -= paid
    mat.house_bet = paid
    if mat.wildcard:
        for player in mat.order():
            play.force(player, level.min_bet, "wildcard ante")
            mat.house_bet += level.min_bet
        play.events.append(f"wildcard ante: every player puts {level.min_bet} on the house bet")
    play.force(mat.blind, level.min_bet, "blind bet")
    mat.seats[mat.blind].bet = level.min_bet
    play.events.append(
        f"the house bets {paid}; {mat.blind} places the blind card and bets {level.min_bet}"
    )

    # 3. The deal.
    count = effects.deal_cards if effects is not None else DEAL_CARDS
    from_burn = effects is not None and effects.draw_from == "burn-pile"
    for player in mat.order():
        seat = mat.seats[player]
        if from_burn:
            play.shuffle(seat.burn)
        drawn, shuffled = play.draw(player, count, from_burn=from_burn)
        if shuffled and play.has_joker(player, "hobo"):
            play.from_house(player, 3, "Hobo")
        if from_burn and len(drawn) < count:
            play.events.append(f"{player} draws only {len(drawn)} from the burn pile")
    play.events.append(
        f"each player draws {count} cards"
        + (" from their burn pile" if from_burn else "")
        + " (each sees theirs with 'companion decko hand NAME')"
    )
    mat.phase = "betting"
    mat.turn = mat.order()[0]
    if effects is not None and effects.revealed_cards:
        play.events.append(
            f"Stud: each player lays {STUD_CARDS} hand cards face up before the betting "
            "('companion decko stud PLAYER CARD CARD CARD')"
        )
    play.events.append(f"betting: {mat.turn} acts first")
    return play.finish("round", None)


def _refresh_mat(play: _Play) -> None:
    """The market goes face down under the market deck and five new cards are dealt; the
    top joker of each pile goes to the bottom of its pile."""
    mat = play.mat
    play.events.append("the mat is refreshed: a new market and new jokers on top of the piles")
    mat.market_deck += [r for r in mat.market if r is not None]
    mat.market = [None] * MARKET_SLOTS
    play.refill_market()
    for pile in mat.jokers.values():
        if pile:
            pile.append(pile.pop(0))


# -- 4: the betting phase -------------------------------------------------------------------


def _check_turn(play: _Play, player: str) -> str:
    who = play.table.player(player)
    mat = play.mat
    if mat.phase in ("setup", "between"):
        raise CompanionError("no round is being played: start one with 'companion decko round'")
    if mat.phase != "betting":
        raise CompanionError(f"no betting now (phase: {mat.phase})")
    if mat.turn != who:
        raise CompanionError(f"it is {mat.turn}'s turn to act, not {who}'s")
    effects = play.wildcard_effects()
    if effects is not None and effects.revealed_cards:
        waiting = [p for p in mat.order() if mat.seats[p].shown is None]
        if waiting:
            raise CompanionError(
                f"Stud: every player lays {STUD_CARDS} cards face up before the betting; "
                f"waiting for {names_text(waiting)} ('companion decko stud PLAYER CARD CARD CARD')"
            )
    return who


def _fried_chicken(play: _Play, player: str, burn: str | None) -> None:
    effects = play.wildcard_effects()
    if effects is None or not effects.burn_on_bet:
        if burn:
            raise CompanionError("--burn with a raise or call belongs to the Fried chicken round")
        return
    if play.mat.seats[player].deck_size <= MIN_DECK:
        play.events.append(f"{player} is down to {MIN_DECK} cards and burns nothing")
        return
    if not burn:
        raise CompanionError(
            "Fried chicken: raising or calling also burns a card from hand: add --burn CARD"
        )
    play.burn_from_hand(player, burn, "Fried chicken, drawing nothing")


def burn(tx: Transaction, table: TableInfo, player: str, card: str) -> DeckoEvent:
    """BURN: in the first betting round, before the main action, put a card of the hand on the
    burn pile and draw a new one; in the buying phase, the $2 special action (no draw)."""
    play = _play(tx, table)
    mat = play.mat
    if mat.phase == "buying":
        return _buy_burn(play, table.player(player), card)
    who = _check_turn(play, player)
    seat = mat.seats[who]
    if not mat.first_round or "burn" in seat.used:
        raise CompanionError(
            "a card is burned in the first betting round only, once, before acting"
        )
    play.burn_from_hand(who, card)
    seat.used.append("burn")
    play.draw(who, 1)
    return play.finish("burn", who)


def raise_bet(
    tx: Transaction,
    table: TableInfo,
    player: str,
    burn: str | None = None,
    witch: str | None = None,
) -> DeckoEvent:
    """RAISE: the bet goes one chip above the highest bet, up to the round's maximum; then
    the RAISE jokers: Mr. Jackpot takes 4 chips from the house, The Witch (``witch``: whose
    bet) moves 2 chips of another bet into this one."""
    play = _play(tx, table)
    who = _check_turn(play, player)
    seat = play.mat.seats[who]
    highest, top = play.mat.highest_bet(), play.level().max_bet
    if highest >= top:
        raise CompanionError(f"the bet is at this round's maximum of {top}: call or fold")
    new = highest + 1
    play.pay(who, new - seat.bet, "the raise")
    seat.bet = new
    play.events.append(f"{who} raises to {new}")
    _fried_chicken(play, who, burn)
    if witch is not None:
        _the_witch(play, who, witch, top)
    if play.has_joker(who, "mr-jackpot"):
        paid = min(JACKPOT_CHIPS, play.mat.house)
        play.mat.house -= paid
        seat.jackpot += paid
        play.events.append(
            f"Mr. Jackpot: {paid} chips from the house onto {who}'s joker ({seat.jackpot} there)"
        )
    return _after_action(play, who, "raise", seat.bet)


def _the_witch(play: _Play, who: str, victim: str, top: int) -> None:
    """The Witch: after raising, exactly two chips of another player's bet move into this
    one, never past the maximum bet, never from a bet of fewer than two."""
    if not play.has_joker(who, "the-witch"):
        raise CompanionError(f"--witch needs The Witch, and {who} does not have her")
    other = play.table.player(victim)
    seat, theirs = play.mat.seats[who], play.mat.seats[other]
    if other == who or theirs.folded:
        raise CompanionError(f"The Witch takes from another player still in the bet, not {other}")
    if theirs.bet < WITCH_CHIPS:
        raise CompanionError(
            f"{other} has {theirs.bet} chip{'s' if theirs.bet != 1 else ''} in their bet: "
            f"The Witch takes exactly {WITCH_CHIPS} or none"
        )
    if seat.bet + WITCH_CHIPS > top:
        raise CompanionError(
            f"The Witch would take {who}'s bet to {seat.bet + WITCH_CHIPS}, past this round's "
            f"maximum of {top}"
        )
    theirs.bet -= WITCH_CHIPS
    seat.bet += WITCH_CHIPS
    play.events.append(
        f"The Witch: {WITCH_CHIPS} chips of {other}'s bet move into {who}'s ({who} bets "
        f"{seat.bet}, {other} {theirs.bet})"
    )


def call(tx: Transaction, table: TableInfo, player: str, burn: str | None = None) -> DeckoEvent:
    """CALL: the bet matches the highest bet (nothing to add when it already does)."""
    play = _play(tx, table)
    who = _check_turn(play, player)
    seat = play.mat.seats[who]
    highest = play.mat.highest_bet()
    play.pay(who, highest - seat.bet, "the call")
    seat.bet = highest
    play.events.append(f"{who} calls {highest}")
    _fried_chicken(play, who, burn)
    if play.has_joker(who, "kingmaker"):
        _kingmaker(play, who)
    return _after_action(play, who, "call", highest)


def _kingmaker(play: _Play, who: str) -> None:
    """Kingmaker: every other player still in the bet adds one chip from their supply (a
    loan if short; after two loans the house pays it) to the house bet."""
    others = [p for p in play.mat.order() if p != who and not play.mat.seats[p].folded]
    for other in others:
        play.force(other, 1, "Kingmaker chip")
        play.mat.house_bet += 1
    if others:
        play.events.append(
            f"Kingmaker: {names_text(others)} {'adds' if len(others) == 1 else 'each add'} "
            f"1 chip to the house bet ({play.mat.house_bet} there)"
        )


def fold(
    tx: Transaction,
    table: TableInfo,
    player: str,
    take: Sequence[str] = (),
    burns: Sequence[str] = (),
    keep: Sequence[str] = (),
) -> DeckoEvent:
    """FOLD: the bet goes to the house bet; the player may take a market card, then puts
    the hand and that card on the discard pile (Analysis Paralysis keeps two of the hand)."""
    play = _play(tx, table)
    who = _check_turn(play, player)
    mat = play.mat
    seat = mat.seats[who]
    if keep and not play.has_joker(who, "analysis-paralysis"):
        raise CompanionError("only Analysis Paralysis keeps cards of a folded hand")
    if len(keep) > 2:
        raise CompanionError("Analysis Paralysis keeps two cards, not more")
    kept = [play.find(who, "hand", text) for text in keep]
    mat.house_bet += seat.bet
    if seat.bet:
        chips = "chip goes" if seat.bet == 1 else "chips go"
        play.events.append(f"{who} folds: {seat.bet} {chips} to the house bet")
    else:
        play.events.append(f"{who} folds")
    seat.bet, seat.folded = 0, True
    _jackpot_back(play, who)
    limit = 2 if play.has_joker(who, "sad-clown") else 1
    if len(take) > limit:
        raise CompanionError(
            f"{who} may take {limit} market card{'s' if limit > 1 else ''} when folding"
        )
    slots = [play.market_slot(t) for t in take]
    if len(set(slots)) != len(slots):
        raise CompanionError("the same market slot is named twice")
    taken = [mat.market[i] for i in slots]
    for i in slots:
        mat.market[i] = None
    for ref in taken:
        assert ref is not None
        play.events.append(f"{who} takes {play.name(ref)} from the market")
        play.acquire(who, ref, burns)
        burns = ()
    play.discard_hand(who, on_top=[r for r in taken if r], keep=kept)
    if kept:
        play.events.append(f"{who} keeps {len(kept)} cards for the next round (Analysis Paralysis)")
    if taken:
        play.refill_market()
    return _after_action(play, who, "fold")


def _after_action(play: _Play, who: str, action: str, count: int | None = None) -> DeckoEvent:
    """Pass the turn on, or end the betting phase when its rules say so."""
    mat = play.mat
    order = mat.order()
    if who not in mat.acted:
        mat.acted.append(who)
    if mat.first_round and who != mat.blind:
        mat.turn = order[order.index(who) + 1]
        play.events.append(f"{mat.turn} to act")
        return play.finish(action, who, count=count)
    mat.first_round = False
    active = mat.active()
    if not active:
        _all_fold(play)
    elif len(active) == 1:
        _last_standing(play, active[0])
    elif len({mat.seats[p].bet for p in active}) == 1:
        _reveal(play)
    else:
        at = order.index(who)
        mat.turn = next(
            order[(at + i) % len(order)]
            for i in range(1, len(order) + 1)
            if not mat.seats[order[(at + i) % len(order)]].folded
        )
        play.events.append(f"{mat.turn} to act")
    return play.finish(action, who, count=count)


def _showdown(play: _Play) -> tuple[Any, dict[str, Any]]:
    """The end of the betting phase, settled by DECKO's showdown
    (:class:`companion.games.decko.showdown.DeckoShowdown`), the same rules the
    showdown file runs: returns its result and each judged player's set."""
    from companion.games.decko.showdown import DeckoShowdown
    from companion.games.decko.showdown_input import DeckoShowdownIn

    mat = play.mat
    players: list[dict[str, Any]] = []
    for name in mat.order():
        seat = mat.seats[name]
        entry: dict[str, Any] = {"name": name, "put_in": seat.bet, "folded": seat.folded}
        if not seat.folded:
            entry["hand"] = [play.decko(r).code for r in seat.hand]
            if seat.burn:
                entry["burn_top"] = play.decko(seat.burn[0]).code
            if seat.discard:
                entry["discard_top"] = play.decko(seat.discard[0]).code
        players.append(entry)
    spec = DeckoShowdownIn.model_validate(
        {
            "game": GAME,
            "players": players,
            "house_bet": mat.house_bet,
            "wildcard": play.round_rules().name,
            "market": [play.decko(r).code for r in mat.market if r is not None],
        }
    )
    showdown = DeckoShowdown(spec)
    result = showdown.run()
    sets = {name: r.extra["set"] for name, r in showdown.ranked.items() if "set" in r.extra}
    return result, sets


def _jackpot_back(play: _Play, player: str) -> None:
    """Mr. Jackpot's chips go back to the house (not the house bet) when its owner folds
    or loses."""
    seat = play.mat.seats[player]
    if seat.jackpot:
        play.mat.house += seat.jackpot
        play.events.append(
            f"the {seat.jackpot} chips on {player}'s Mr. Jackpot go back to the house"
        )
        seat.jackpot = 0


def _jackpots(play: _Play, winners: Sequence[str]) -> None:
    """The bet is decided: a winner takes the chips on their Mr. Jackpot, the others'
    go back to the house."""
    for player in play.mat.order():
        seat = play.mat.seats[player]
        if seat.jackpot and player in winners:
            seat.chips += seat.jackpot
            play.events.append(f"{player} wins the {seat.jackpot} chips on Mr. Jackpot")
            seat.jackpot = 0
        _jackpot_back(play, player)


def _all_fold(play: _Play) -> None:
    mat = play.mat
    result, _ = _showdown(play)
    _jackpots(play, [])
    play.events.append(
        f"everyone folded: the {result.house} chips of the house bet go back to the house"
    )
    mat.house += result.house
    mat.house_bet = 0
    mat.turn = None
    _check_end(play)


def _last_standing(play: _Play, winner: str) -> None:
    """Every other player folded: the winner takes their own bet and the house bet, and
    alone goes to the buying phase with the money of the set their hand scores."""
    mat = play.mat
    seat = mat.seats[winner]
    result, sets = _showdown(play)
    won = result.payouts[winner]
    seat.chips += won
    seat.bet = mat.house_bet = 0
    scored = sets[winner]
    seat.money = result.money[winner]
    _jackpots(play, [winner])
    play.events.append(
        f"{winner} is the last player standing: takes {won} chips and buys with "
        f"${seat.money} ({scored.description})"
    )
    play.reveal = {
        "last_player_standing": winner,
        "winners": [winner],
        "set": scored.name,
        "description": scored.description,
        "money": seat.money,
        "payouts": {winner: won},
    }
    mat.reveal = dict(play.reveal)
    _start_buying(play, [winner])


def _reveal(play: _Play) -> None:
    """Step 5: every player still in reveals; the best set (by the round's rules) wins the
    bets and the house bet; everyone takes their chips; the losers will buy."""
    mat = play.mat
    active = mat.active()
    round_rules = play.round_rules()
    result, sets = _showdown(play)
    for name, found in sets.items():
        shown = " ".join(found.played(symbols=True))
        play.events.append(f"{name} reveals {found.description}" + (f": {shown}" if shown else ""))
    for name, chips in result.bank.items():
        play.from_house(name, chips, "cards revealed")
    winners = list(result.winners)
    payouts = {p: n for p, n in result.payouts.items() if n}
    for p, n in payouts.items():
        mat.seats[p].chips += n
    mat.house += result.house
    _jackpots(play, winners)
    if not winners:
        play.events.append(
            "nobody can score a set: nobody wins the bet; each player takes back their bet, "
            f"the house bet ({mat.house_bet}) goes back to the house and everyone buys"
        )
    else:
        pot = result.pots[0].amount
        best = sets[winners[0]].description
        if len(winners) == 1:
            play.events.append(f"{winners[0]} wins {pot} chips with {best}")
        else:
            each = ", ".join(f"{p} {payouts.get(p, 0)}" for p in winners)
            play.events.append(f"{names_text(winners)} tie with {best}: {each}")
        odd = result.house
        if odd:
            play.events.append(
                f"the odd {odd} chip{' returns' if odd == 1 else 's return'} to the house"
            )
        for p in winners:
            play.discard_hand(p)
            play.events.append(f"{p} discards their hand")
    for p in active:
        mat.seats[p].bet = 0
    mat.house_bet = 0
    for p, dollars in result.money.items():
        mat.seats[p].money = dollars
    placings = [line for line in result.players if line.name in sets]
    play.reveal = {
        "round": round_rules.name,
        "winners": winners,
        "result": " > ".join(
            " = ".join(line.name for line in placings if line.place == place)
            for place in sorted({line.place for line in placings if line.place is not None})
        ),
        "payouts": payouts,
        "players": [
            {
                "name": line.name,
                "place": line.place,
                "set": sets[line.name].name,
                "description": sets[line.name].description,
                "best": sets[line.name].played(),
                "chips": sets[line.name].chips,
                "dollars": sets[line.name].dollars,
                "credit": sets[line.name].credit,
                "money": sets[line.name].money,
            }
            for line in placings
        ],
    }
    mat.reveal = dict(play.reveal)
    _start_buying(play, list(result.money))


# -- 6: the buying phase -----------------------------------------------------------------------


def _start_buying(play: _Play, buyers: Sequence[str]) -> None:
    mat = play.mat
    mat.turn = None
    mat.buyers = [p for p in mat.order() if p in buyers]
    if not mat.buyers:
        _check_end(play)
        return
    mat.phase = "buying"
    play.events.append(
        "buying phase: " + ", ".join(f"{p} with ${mat.seats[p].money}" for p in mat.buyers)
    )
    _buyer_starts(play)


def _buyer_starts(play: _Play) -> None:
    buyer = play.mat.buyers[0]
    if play.has_joker(buyer, "cherry"):
        play.from_house(buyer, 2, "Cherry")
    money = play.mat.seats[buyer].money
    play.events.append(f"{buyer} buys with ${money}; 'companion decko done {buyer}' ends it")


def _check_buyer(play: _Play, player: str) -> str:
    who = play.table.player(player)
    if play.mat.phase != "buying":
        raise CompanionError(f"no buying now (phase: {play.mat.phase})")
    if not play.mat.buyers or play.mat.buyers[0] != who:
        raise CompanionError(
            f"it is {play.mat.buyers[0] if play.mat.buyers else 'nobody'}'s turn to buy, not {who}'s"
        )
    return who


def _once(play: _Play, who: str, action: str) -> None:
    seat = play.mat.seats[who]
    if action in seat.used:
        raise CompanionError(f"{who} has already done '{action}' this buying phase")
    seat.used.append(action)


def _spend(play: _Play, who: str, dollars: int, what: str) -> int:
    """Pay dollars of the buying money (the Saleswoman takes $1 off every purchase)."""
    if dollars and play.has_joker(who, "saleswoman"):
        dollars -= 1
    seat = play.mat.seats[who]
    if dollars > seat.money:
        raise CompanionError(f"{what} costs ${dollars}; {who} has ${seat.money} left")
    seat.money -= dollars
    return dollars


def buy(
    tx: Transaction, table: TableInfo, player: str, slot: str, burns: Sequence[str] = ()
) -> DeckoEvent:
    """Buy a market card at its price (the rightmost slot is free); it waits in front of the
    player until they are done buying."""
    play = _play(tx, table)
    who = _check_buyer(play, player)
    mat = play.mat
    seat = mat.seats[who]
    at = play.market_slot(slot)
    ref = mat.market[at]
    assert ref is not None
    card = play.model(ref)
    price = 0 if at == MARKET_SLOTS - 1 else int(card.price)
    if play.has_joker(who, "cherry"):
        if "cherry" in seat.used:
            raise CompanionError(f"{who} has the Cherry: one market card a buying phase")
        seat.used.append("cherry")
        price = 0
    paid = _spend(play, who, price, card.name)
    mat.market[at] = None
    seat.bought.append(ref)
    play.events.append(f"{who} buys {card.name} for ${paid}")
    play.acquire(who, ref, burns)
    return play.finish("buy", who, card=card.name)


def flush_market(tx: Transaction, table: TableInfo, player: str) -> DeckoEvent:
    """Flush the market ($2): its cards go under the market deck and five new ones are dealt."""
    play = _play(tx, table)
    who = _check_buyer(play, player)
    _once(play, who, "flush")
    price = 0 if play.has_joker(who, "toilet") else SPECIAL_PRICES["flush"]
    paid = _spend(play, who, price, "flushing the market")
    mat = play.mat
    mat.market_deck += [r for r in mat.market if r is not None]
    mat.market = [None] * MARKET_SLOTS
    play.events.append(f"{who} flushes the market for ${paid}")
    play.refill_market()
    return play.finish("flush", who)


def _buy_burn(play: _Play, who: str, card: str) -> DeckoEvent:
    _check_buyer(play, who)
    play.check_can_burn(who)
    play.find(who, "hand", card)  # a mistyped card is named before the price
    _once(play, who, "burn")
    price = 0 if play.has_joker(who, "pizza-time") else SPECIAL_PRICES["burn"]
    paid = _spend(play, who, price, "burning a card")
    play.burn_from_hand(who, card, f"${paid}")
    return play.finish("burn", who)


def gift(tx: Transaction, table: TableInfo, player: str, card: str, to: str) -> DeckoEvent:
    """Gift a card ($3): a card of the burn pile goes on top of another player's draw pile."""
    play = _play(tx, table)
    who = _check_buyer(play, player)
    other = table.player(to)
    if other == who:
        raise CompanionError("a gift goes to another player")
    _once(play, who, "gift")
    price = 0 if play.has_joker(who, "pizza-time") else SPECIAL_PRICES["gift"]
    paid = _spend(play, who, price, "a gift")
    ref = play.find(who, "burn", card)
    play.mat.seats[who].burn.remove(ref)
    play.mat.seats[other].draw.insert(0, ref)
    play.events.append(f"{who} pays ${paid} to put {play.name(ref)} on top of {other}'s draw pile")
    return play.finish("gift", who, other=other)


def buy_chips(tx: Transaction, table: TableInfo, player: str, count: int) -> DeckoEvent:
    """Chips bought with the buying money: 1 costs $2, 2 cost $3, 3 cost $5 (Chip Girl triples them)."""
    play = _play(tx, table)
    who = _check_buyer(play, player)
    if count not in CHIP_PRICES:
        raise CompanionError(f"chips are bought 1, 2 or 3 at a time, not {count}")
    _once(play, who, "chips")
    paid = _spend(play, who, CHIP_PRICES[count], f"{count} chip{'s' if count > 1 else ''}")
    chips = count * (3 if play.has_joker(who, "chip-girl") else 1)
    play.from_house(who, chips, f"bought for ${paid}")
    return play.finish("buy-chips", who, count=chips)


def buy_joker(tx: Transaction, table: TableInfo, player: str, kind: str) -> DeckoEvent:
    """Buy the top joker of a pile for the chips it costs (one joker a buying phase, never two
    of a type)."""
    play = _play(tx, table)
    who = _check_buyer(play, player)
    key = kind.strip().upper()
    if key not in JOKER_TYPES:
        raise CompanionError(f"{kind!r} is not a joker pile ({', '.join(JOKER_TYPES)})")
    seat = play.mat.seats[who]
    if any(play.model(r).joker_type == key for r in seat.jokers):
        raise CompanionError(f"{who} already has a {key} joker")
    if "joker" in seat.used:
        raise CompanionError(f"{who} has bought a joker this buying phase already")
    pile = play.mat.jokers[key]
    if not pile:
        raise CompanionError(f"the {key} joker pile is empty")
    ref = pile[0]
    card = play.model(ref)
    play.pay(who, int(card.cost), f"the {card.name}")
    play.mat.house += int(card.cost)
    pile.pop(0)
    seat.jokers.append(ref)
    seat.used.append("joker")
    play.events.append(f"{who} buys {card.name} ({key}) for {card.cost} chips: {card.text}")
    return play.finish("joker", who, card=card.name)


def done(tx: Transaction, table: TableInfo, player: str, to_draw: bool = False) -> DeckoEvent:
    """The player ends their buying: hand and bought cards go to the discard pile (Energy
    Drink: bought cards may go on top of the draw pile), and the market is refilled."""
    play = _play(tx, table)
    who = _check_buyer(play, player)
    mat = play.mat
    seat = mat.seats[who]
    if to_draw and not play.has_joker(who, "energy-drink"):
        raise CompanionError("only the Energy Drink puts bought cards on the draw pile")
    if to_draw:
        seat.draw[:0] = seat.bought
        play.discard_hand(who)
    else:
        play.discard_hand(who, on_top=seat.bought)
    seat.bought = []
    seat.money = 0
    play.events.append(f"{who} is done buying")
    play.refill_market()
    mat.buyers.pop(0)
    if mat.buyers:
        _buyer_starts(play)
    else:
        _check_end(play)
    return play.finish("done", who)


# -- 7: the end of the game ---------------------------------------------------------------------


def _check_end(play: _Play) -> None:
    mat = play.mat
    mat.turn = None
    mat.buyers = []
    target = WIN_CHIPS_FIVE_PLAYERS if len(mat.players) == 5 else WIN_CHIPS
    rich = [p for p in mat.players if mat.seats[p].chips >= target]
    if not rich and mat.round < LAST_ROUND:
        mat.phase = "between"
        play.events.append(
            f"round {mat.round} is over: start the next with 'companion decko round'"
        )
        return
    why = (
        f"{names_text(rich)} {'has' if len(rich) == 1 else 'have'} {target} chips or more"
        if rich
        else f"round {LAST_ROUND} was the last"
    )
    play.events.append(f"the game ends: {why}")
    repay = play.loan_terms().repay
    for p in mat.players:
        seat = mat.seats[p]
        owed = seat.loans * repay
        paid = min(owed, seat.chips)
        if owed:
            play.to_house(p, paid)
            play.events.append(f"{p} pays back {paid} of {owed} chips of loans")
    chips = {p: mat.seats[p].chips for p in mat.players}
    best = max(chips.values())
    tied = [p for p in mat.players if chips[p] == best]
    tiebreak: list[dict[str, str]] = []
    if len(tied) > 1:
        tied, tiebreak = _tiebreak(play, tied)
    text = (
        f"{tied[0]} wins with {best} chips"
        if len(tied) == 1
        else f"{names_text(tied)} share the win with {best} chips"
    )
    play.events.append(text)
    mat.result = {"winners": tied, "chips": chips, "text": text, "tiebreak": tiebreak}
    mat.phase = "over"


def _tiebreak(play: _Play, tied: list[str]) -> tuple[list[str], list[dict[str, str]]]:
    """Tied players draw from their draw piles until one card ranks highest."""
    draws: list[dict[str, str]] = []
    at = 0
    while len(tied) > 1:
        cards = {p: play.mat.seats[p].draw[at] for p in tied if at < len(play.mat.seats[p].draw)}
        if not cards:
            break
        draws.append({p: play.name(r) for p, r in cards.items()})
        top = max(play.decko(r).rank for r in cards.values())
        tied = [p for p, r in cards.items() if play.decko(r).rank == top]
        at += 1
    return tied, draws


# -- help for jokers and cards the table does not run by itself ---------------------------------


def loan(tx: Transaction, table: TableInfo, player: str) -> DeckoEvent:
    """Take a loan: ten chips now, five paid back at the end of the game (two at most)."""
    play = _play(tx, table)
    who = table.player(player)
    play.take_loan(who)
    return play.finish("loan", who)


def draw_cards(tx: Transaction, table: TableInfo, player: str, count: int = 1) -> DeckoEvent:
    """Draw from one's own draw pile into the hand (a joker or a junk food card says so)."""
    play = _play(tx, table)
    who = table.player(player)
    if count < 1:
        raise CompanionError(f"draw at least one card, not {count}")
    drawn, _ = play.draw(who, count)
    play.events.append(f"{who} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}")
    return play.finish("draw", who, count=len(drawn))


def discard_cards(
    tx: Transaction, table: TableInfo, player: str, cards: Sequence[str]
) -> DeckoEvent:
    """Put cards of the hand on top of one's discard pile (Mulligan, junk food, ...)."""
    play = _play(tx, table)
    who = table.player(player)
    seat = play.mat.seats[who]
    if not cards:
        raise CompanionError("name the cards to discard")
    for text in cards:
        ref = play.find(who, "hand", text)
        seat.hand.remove(ref)
        seat.discard.insert(0, ref)
        play.events.append(f"{who} discards {play.name(ref)}")
    return play.finish("discard", who, count=len(cards))


def move_chips(
    tx: Transaction,
    table: TableInfo,
    player: str,
    chips: int,
    why: str,
    source: str | None = None,
) -> DeckoEvent:
    """Chips a joker or card pays a player: from the house, or from ``source`` (another
    player: the Gun, Robin, the Taxman); negative chips go to the house."""
    play = _play(tx, table)
    who = table.player(player)
    reason = why or "a card or joker"
    if source is not None:
        giver = table.player(source)
        if chips < 0 or giver == who:
            raise CompanionError("chips from another player are a positive number to someone else")
        play.pay(giver, chips, reason)
        play.mat.seats[who].chips += chips
        play.events.append(f"{who} takes {chips} chips from {giver} ({reason})")
    elif chips >= 0:
        play.from_house(who, chips, reason)
    else:
        play.pay(who, -chips, reason)
        play.mat.house += -chips
        play.events.append(f"{who} pays {-chips} chips to the house ({reason})")
    return play.finish("chips", who, count=chips)


def stud(tx: Transaction, table: TableInfo, player: str, cards: Sequence[str]) -> DeckoEvent:
    """Stud round: right after the deal, lay three hand cards face up (all of a smaller hand).
    A card drawn to replace a shown one is shown too."""
    play = _play(tx, table)
    who = table.player(player)
    effects = play.wildcard_effects()
    if effects is None or not effects.revealed_cards:
        raise CompanionError("only the Stud round lays hand cards face up")
    mat = play.mat
    seat = mat.seats[who]
    if mat.phase != "betting" or mat.acted:
        raise CompanionError("Stud cards are laid face up right after the deal, before any betting")
    if seat.shown is not None:
        raise CompanionError(f"{who} has laid their Stud cards already")
    need = min(STUD_CARDS, len(seat.hand))
    refs = [play.find(who, "hand", text) for text in cards]
    if len(set(refs)) != len(refs) or len(refs) != need:
        raise CompanionError(f"{who} lays exactly {need} different hand cards face up")
    seat.shown = refs
    play.events.append(f"{who} shows " + ", ".join(play.name(r) for r in refs))
    return play.finish("stud", who)


def tcg(tx: Transaction, table: TableInfo, player: str, card: str) -> DeckoEvent:
    """TCG round: after the deal, take a card of your choice from the burn pile of the player
    on your left (not above seven in hand)."""
    play = _play(tx, table)
    who = table.player(player)
    effects = play.wildcard_effects()
    if effects is None or not effects.take_from_left_burn_pile:
        raise CompanionError("only the TCG round lets a player take from another burn pile")
    mat = play.mat
    if mat.phase != "betting" or not mat.first_round or mat.acted:
        raise CompanionError("the TCG card is taken right after the deal, before any betting")
    seat = mat.seats[who]
    if "tcg" in seat.used:
        raise CompanionError(f"{who} has taken a card from a burn pile this round already")
    if len(seat.hand) >= HAND_LIMIT:
        raise CompanionError(f"{who} holds seven cards and may not take another")
    players = mat.players
    left = players[(players.index(who) + 1) % len(players)]
    ref = play.find(left, "burn", card)
    mat.seats[left].burn.remove(ref)
    seat.hand.append(ref)
    seat.used.append("tcg")
    play.events.append(f"{who} takes {play.name(ref)} from {left}'s burn pile")
    return play.finish("tcg", who, other=left)


def mat_of(tx: Transaction, table: TableInfo) -> DeckoEvent:
    """The mat as every player sees it (nothing changes)."""
    rules = _rules(table)
    cards = game_cards(table)
    rows = {_ref(c): c for c in tx.cards(table)}
    return DeckoEvent((), rules.public(rules.mat(tx, table), cards, rows))


@dataclass(frozen=True)
class DeckoHand:
    """One player's hand in order (``decko hand``): position, id, name and code of each card."""

    player: str
    cards: tuple[dict[str, Any], ...]

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "hand": list(self.cards)}


def hand_of(tx: Transaction, table: TableInfo, player: str) -> DeckoHand:
    """One player's hand in order, for their eyes only."""
    play = _play(tx, table)
    who = table.player(player)
    return DeckoHand(
        who,
        tuple(
            {
                "position": i,
                "id": play.model(r).id,
                "name": play.name(r),
                "code": play.decko(r).code,
            }
            for i, r in enumerate(play.mat.seats[who].hand, start=1)
        ),
    )
