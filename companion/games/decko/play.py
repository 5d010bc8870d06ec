"""One command at a DECKO table: the mat read once, changed by the rules, saved once.

:class:`Play` is what every step of a round works on (the cards, the seats, the house,
loans and draws, the market); :meth:`Play.finish` saves the mat and returns the event.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.errors import CompanionError
from companion.events import Event
from companion.games.decko.events import (
    STEPS,
    BankCovers,
    CardBurned,
    ChipsFromHouse,
    DiscardReshuffled,
    HandFull,
    LoanTaken,
    MarketRefilled,
    NothingToDraw,
    SmolderingBurnOwed,
    StudShown,
)
from companion.games.decko.mat import (
    MIN_DECK,
    STUD_CARDS,
    DeckoEvent,
    Seat,
    load_mat,
    public_mat,
    ref_of,
    round_info,
    save,
)
from companion.games.decko.sets import (
    HAND_LIMIT,
    MARKET_SLOTS,
    NORMAL,
    DeckoCard,
    DeckoRound,
    from_card_model,
    wildcard_round,
)
from companion.table.actions import game_cards
from companion.table.drawing import table_rng
from companion.table.model import TableInfo
from companion.table.store import Transaction


class Play:
    """One command's work on the mat: the cards' models, the events, the chips moved."""

    def __init__(self, tx: Transaction, table: TableInfo) -> None:
        self.tx = tx
        self.table = table
        self.cards = game_cards(table)
        self.rows = {ref_of(c): c for c in tx.cards(table)}
        self.mat = load_mat(tx, table)
        self.effects: list[Event] = []
        self.reveal: dict[str, Any] = {}

    def emit(self, event: Event) -> None:
        """A typed event of the command, in its place among the others."""
        self.effects.append(event)

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
        return round_info(self.mat.round)

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
        return self.pick(refs, text, f"{player}'s {words.get(pile, pile)}")

    def pick(self, refs: Sequence[str], text: str, where: str) -> str:
        """One of ``refs`` by position (1 = first), id, name or rank and suit."""
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
            self.emit(ChipsFromHouse(player, paid, why))

    def to_house(self, player: str, chips: int) -> None:
        seat = self.mat.seats[player]
        seat.chips -= chips
        self.mat.house += chips

    def loan_terms(self) -> Any:
        return self.cards.deck("loans")[0]

    def take_loan(self, player: str, what: str) -> None:
        """One loan: its ten chips (what the house has of them) now, five back at the end."""
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
        self.emit(LoanTaken(player, seat.loans, given, what))

    def pay(self, player: str, chips: int, what: str, *, borrow: bool = False) -> None:
        """A payment the player chooses to make. ``borrow``: it is an action of their own
        (a raise, a call, a joker), so when short they take the loans it needs (Loans: "too
        few chips to do an action") and complete it; refused when even two loans are short."""
        seat = self.mat.seats[player]
        if seat.chips >= chips:
            seat.chips -= chips
            return
        terms = self.loan_terms()
        left = terms.max_loans - seat.loans if borrow else 0
        if seat.chips + min(left * terms.chips, self.mat.house) < chips:
            taken = (
                f", and has taken {seat.loans} loan{'s' if seat.loans != 1 else ''}"
                if borrow
                else ""
            )
            raise CompanionError(f"{player} has {seat.chips} chips and {what} needs {chips}{taken}")
        while seat.chips < chips:
            self.take_loan(player, what)
        seat.chips -= chips

    def force(self, player: str, chips: int, what: str) -> None:
        """A payment the rulebook makes compulsory (blind bet, wildcard ante): loans first,
        then, with both loans taken, the bank makes up the rest."""
        seat = self.mat.seats[player]
        while seat.chips < chips and seat.loans < self.loan_terms().max_loans:
            self.take_loan(player, what)
        if seat.chips < chips:
            short = chips - seat.chips
            from_bank = min(short, self.mat.house)
            self.mat.house -= from_bank
            seat.chips += from_bank
            self.emit(BankCovers(player, from_bank, what))
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
                self.emit(HandFull(player))
                break
            if not source and not from_burn and seat.discard:
                seat.draw[:] = seat.discard
                seat.discard.clear()
                self.shuffle(seat.draw)
                shuffled = True
                self.emit(DiscardReshuffled(player))
            if not source:
                self.emit(NothingToDraw(player))
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
            self.emit(StudShown(player, self.name(ref)))

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
        self.emit(CardBurned(player, self.name(ref), why))
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
            self.emit(MarketRefilled(tuple(self.name(r) for r in new)))

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
        seat = self.mat.seats[player]
        unused = min(allowed - len(burns), len(seat.hand))
        if unused > 0:
            # The burn is owed, not lost: a following 'decko burn' takes it from these cards
            # (the hand as it was; a fold has put them on the discard pile by then).
            owed = seat.smoldering or {"left": 0, "cards": []}
            seat.smoldering = {
                "card": card.name,
                "left": int(owed["left"]) + unused,
                "cards": list(dict.fromkeys([*owed["cards"], *seat.hand])),
            }
            self.emit(
                SmolderingBurnOwed(
                    player,
                    card.name,
                    seat.smoldering["left"],
                    tuple(self.name(r) for r in seat.smoldering["cards"]),
                )
            )

    def smoldering_burn(self, player: str, text: str) -> str:
        """A burn a smoldering card left owed: one of the cards the player held when they
        acquired it, from the hand or (after a fold) the discard pile, onto the burn pile."""
        seat = self.mat.seats[player]
        owed = seat.smoldering
        assert owed is not None
        cards = [r for r in owed["cards"] if r in seat.hand or r in seat.discard]
        ref = self.pick(cards, text, f"the cards {player} may burn for {owed['card']}")
        self.check_can_burn(player)
        (seat.hand if ref in seat.hand else seat.discard).remove(ref)
        seat.burn.insert(0, ref)
        self.emit(CardBurned(player, self.name(ref), str(owed["card"])))
        left = int(owed["left"]) - 1
        seat.smoldering = {**owed, "left": left, "cards": [r for r in cards if r != ref]}
        if left <= 0 or not seat.smoldering["cards"]:
            seat.smoldering = None
        else:  # a card with two burn symbols: the next one is asked for too
            cards_left = tuple(self.name(r) for r in seat.smoldering["cards"])
            self.emit(SmolderingBurnOwed(player, owed["card"], left, cards_left))
        return ref

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
        save(self.tx, self.table, self.mat, step)
        public = public_mat(self.mat, self.cards, self.rows)
        return DeckoEvent(tuple(self.effects), public, self.reveal)


def open_play(tx: Transaction, table: TableInfo) -> Play:
    """The mat of ``table``, read for one command."""
    return Play(tx, table)
