"""Dragon Kings at the table: the opening draw, deals, wing cards, First Honors.

The table deals Texas Hold'em from the standard deck (the Swords joker only
with ``--variant swords-joker``) and keeps the wing cards as the rulebook
runs them:

* the Grave Digger (K♠) and Black Death (K♣), the two involuntary cards, stay
  in force all game; when a deal puts their king in someone's hole cards, that
  player chooses the voluntary wing card for the next deal (the K♠ holder
  first when the kings are split, docs/decisions.md);
* a voluntary card enters play one at a time, chosen by such a holder, and
  negates the one before it unless that one was made permanent;
* a player who wins a pot with Twinned Dragon Kings may make one voluntary
  card permanent and put another in play; the next such hand negates both
  and its player chooses anew; the game's first one earns First Honors
  (50 points from the house).

Extra cards a wing card asks for come from the bottom of the deck. State
beyond where each card lies is kept under the key-value namespace
``dragon-kings``, undoable with the action that changed it; each guest's
points (the buy-in, the bonuses, every pot) are counted by :mod:`.points`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dragon_kings import points as pts
from companion.games.dragon_kings.events import (
    DkDealt,
    DkFolded,
    DkMisdeal,
    DkRebuy,
    DkSettled,
    DkStreet,
    DkSwapped,
    FirstDealerDrawn,
    WingMadePermanent,
    WingPlayed,
)
from companion.games.dragon_kings.showdown import (
    MISDEAL_PENALTY,
    dragon_winners,
    first_honors,
)
from companion.games.dragon_kings.wings import (
    SWORDS_JOKER,
    check_variant,
    dragon_kings_rules,
    wing_card,
)
from companion.poker.cards import JOKER, Card, parse_card
from companion.poker.hands import names_text
from companion.poker.high import KING_OF_CLUBS, KING_OF_SPADES
from companion.poker.pots import spread_everyone
from companion.poker.showdown import ShowdownResult
from companion.poker.variants import Rules
from companion.registry import TableFacts
from companion.table.actions import game_cards
from companion.table.drawing import GameRules
from companion.table.model import CardCopy, TableInfo
from companion.table.store import Transaction
from companion.table.views import Audience, View

NS = "dragon-kings"
GAME = "dragon-kings"
DECK = "standard"
WINGS = "wing"

OPENING_BONUS = 50
"""Points from the house for the player who draws the first black king (Play Begins)."""

STREETS: tuple[tuple[str, int], ...] = (("flop", 3), ("turn", 1), ("river", 1))
"""The board as Texas Hold'em deals it, one burned card before each street."""

_KING_WINGS = {KING_OF_SPADES: "Grave Digger", KING_OF_CLUBS: "Black Death"}


def card_of(cards: GameCards, copy: CardCopy) -> Card:
    """The poker card a physical card of the standard deck is."""
    model = cards.get(copy.card_id)
    if getattr(model, "kind", "") == "joker":
        return JOKER
    return parse_card(f"{model.rank}{model.suit}")


# -- the game's state ----------------------------------------------------------------------------


@dataclass
class WingState:
    """Which voluntary wing cards are in force and who may choose the next one."""

    temporary: str | None = None
    temporary_by: str | None = None
    permanent: str | None = None
    permanent_by: str | None = None
    choosers: list[str] = field(default_factory=list)
    """Players who may put a voluntary card into play before the next deal."""
    dragon_player: str | None = None
    """The player who last won with Twinned Dragon Kings and may still make a card permanent."""

    def to_data(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_data(cls, data: dict[str, Any] | None) -> WingState:
        return cls(**(data or {}))

    def in_force(self) -> list[str]:
        """The voluntary cards in force, the permanent one first."""
        return [c for c in (self.permanent, self.temporary) if c]


@dataclass
class DealState:
    """The deal in progress: its number, dealer, street and the players still in."""

    number: int = 0
    dealer: str | None = None
    street: str = "none"
    hidden_river: bool = False
    folded: list[str] = field(default_factory=list)
    settled: bool = False
    misdealt: bool = False
    """The deal was fouled: the same dealer deals again."""
    penalties: list[str] = field(default_factory=list)
    """Players who fouled the last deal: each places 40 points in this deal's pot."""
    penalty_points: dict[str, int] = field(default_factory=dict)
    """What each fouler places when it is less than the 40 (all the points they have)."""
    choosers_before: list[str] = field(default_factory=list)
    """Who could choose a wing card before this deal (given back if it is fouled)."""
    seated: list[str] = field(default_factory=list)
    """The guests dealt in (those with points; everyone on a table that keeps none)."""
    posted: dict[str, int] = field(default_factory=dict)
    """Blinds and antes the table put in for each guest when it dealt."""
    swap_costs: dict[str, int] = field(default_factory=dict)
    """Points each guest paid into the pot to trade a hole card (Sleight of Hand)."""

    @property
    def under_way(self) -> bool:
        """Cards are out and the deal not yet over (a fouled deal is over: it is void)."""
        return self.street not in ("none", "showdown") and not self.settled

    def to_data(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_data(cls, data: dict[str, Any] | None) -> DealState:
        return cls(**(data or {}))


@dataclass(frozen=True)
class TableEvent:
    """What one Dragon Kings table command did: its events and, after a showdown, the ranking."""

    events: tuple[str, ...]
    cards: dict[str, list[str]] = field(default_factory=dict)
    board: tuple[str, ...] = ()
    points: dict[str, int] | None = None
    """Each guest's points after the command, when it moved some."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"events": list(self.events)}
        if self.cards:
            out["cards"] = self.cards
        if self.board:
            out["board"] = list(self.board)
        if self.points is not None:
            out["points"] = self.points
        return out


@dataclass(frozen=True)
class Settled:
    """What ``dk showdown`` (``table showdown``) did: the showdown's result (as ``companion
    showdown`` reports it), the table's notes (honors, wing choices, points) and each
    guest's points after the pot (None on a table that keeps none)."""

    result: ShowdownResult
    notes: tuple[str, ...] = ()
    cards: tuple[Any, ...] = ()
    points: dict[str, int] | None = None
    honors: dict[str, int] = field(default_factory=dict)
    """First Honors paid at this showdown."""

    def to_json(self, table_state: Mapping[str, Any]) -> dict[str, Any]:
        return {
            **self.result.to_json(),
            "points": self.points,
            "table": {**table_state, "notes": list(self.notes)},
        }


_FILE_FIELDS = frozenset({"wild", "button", "carried", "result"})
"""What a showdown file may add at a Dragon Kings table (the table knows the rest)."""


class DragonKingsRules(GameRules):
    """Dragon Kings: the Swords joker variant, deals, wing cards and First Honors."""

    def validate_players(self, players: Sequence[str], options: dict[str, Any]) -> None:
        from companion.poker.showdown_input import check_showdown_names

        check_showdown_names(players)

    def options(self, raw: dict[str, Any]) -> dict[str, Any]:
        variant = raw.pop("variant", None)
        super().options(raw)
        key = check_variant(variant)
        return {"variant": key} if key else {}

    def setup(self, tx: Transaction, table: TableInfo, cards: GameCards) -> list[str]:
        notes = super().setup(tx, table, cards)
        for card in cards.cards:
            # The involuntary wing cards are always in play (003, Wing Cards).
            if getattr(card, "involuntary", False):
                for copy in [c for c in tx.pile(table, card.deck, "draw") if c.card_id == card.id]:
                    tx.move(table, copy, "in_play")
                notes.append(f"{card.name} is always in play")
        if table.options.get("variant") != SWORDS_JOKER:
            for copy in tx.pile(table, DECK, "draw"):
                if getattr(cards.get(copy.card_id), "variant", False):
                    tx.move(table, copy, "aside")
                    notes.append(
                        f"{cards.get(copy.card_id).name} stays in the box "
                        "(play it with --variant swords-joker)"
                    )
        else:
            notes.append("Swords joker variant: the joker is shuffled into the deck as a wild card")
        return notes

    # -- state ------------------------------------------------------------------------------

    def _get(self, tx: Transaction, table: TableInfo, key: str, default: Any = None) -> Any:
        return tx.get_state(table, NS, key, default)

    def _set(self, tx: Transaction, table: TableInfo, key: str, value: Any) -> None:
        tx.put_state(table, NS, key, value, undoable=True)

    def wings(self, tx: Transaction, table: TableInfo) -> WingState:
        return WingState.from_data(self._get(tx, table, "wings"))

    def deal_state(self, tx: Transaction, table: TableInfo) -> DealState:
        return DealState.from_data(self._get(tx, table, "deal"))

    def bonuses(self, tx: Transaction, table: TableInfo) -> dict[str, int]:
        return dict(self._get(tx, table, "bonuses", {}))

    def _bonus(self, tx: Transaction, table: TableInfo, player: str, points: int) -> None:
        bonuses = self.bonuses(tx, table)
        bonuses[player] = bonuses.get(player, 0) + points
        self._set(tx, table, "bonuses", bonuses)

    def rules(self, tx: Transaction, table: TableInfo) -> Rules:
        """The ranking rules now: the variant and the voluntary wing cards in force."""
        state = self.wings(tx, table)
        return dragon_kings_rules(state.in_force(), table.options.get("variant"))

    # -- the opening draw -------------------------------------------------------------------

    def open_game(
        self, tx: Transaction, table: TableInfo, cards: GameCards, match: pts.Match
    ) -> TableEvent:
        """Play Begins: every guest buys in, then the guests draw in seat order until someone
        draws a black king."""
        if self._get(tx, table, "opened") or self.deal_state(tx, table).number:
            raise CompanionError(f"table '{table.name}' has already drawn for the first deal")
        self._gather(tx, table)
        drawn: dict[str, list[str]] = {p: [] for p in table.players}
        events: list[str] = []
        pile = tx.pile(table, DECK, "draw")
        opener = None
        for i, copy in enumerate(pile):
            player = table.players[i % len(table.players)]
            card = card_of(cards, copy)
            drawn[player].append(card.code)
            if card in (KING_OF_SPADES, KING_OF_CLUBS):
                opener = player
                events.append(f"{player} draws {card.symbol}, the first black king")
                break
        assert opener is not None  # the deck always holds both black kings
        self._bonus(tx, table, opener, OPENING_BONUS)
        counted = pts.start_match(tx, table, match, opener, OPENING_BONUS)
        events.append(
            f"{opener} takes {OPENING_BONUS} points from the house, deals first, picks a seat "
            "first and chooses the first voluntary wing card ('companion dk wing NAME')"
        )
        events.append(
            f"each guest bought in for {match.buy_in:,} points ({match.rebuys} re-buy"
            f"{'s' if match.rebuys != 1 else ''} a guest allowed): "
            + ", ".join(f"{p} {n:,}" for p, n in counted.items())
        )
        state = self.wings(tx, table)
        state.choosers = [opener]
        self._set(tx, table, "wings", state.to_data())
        self._set(tx, table, "deal", DealState(dealer=opener).to_data())
        self._set(tx, table, "opened", opener)
        opened = FirstDealerDrawn(opener, {p: tuple(c) for p, c in drawn.items() if c})
        tx.record(table, opened, actor=opener)
        return TableEvent(
            tuple(events), cards={p: c for p, c in drawn.items() if c}, points=counted
        )

    # -- dealing ----------------------------------------------------------------------------

    def _gather(self, tx: Transaction, table: TableInfo) -> None:
        """Every card of the standard deck back into the draw pile, shuffled."""
        everything = [
            c for c in tx.cards(table, DECK) if c.pile in ("held", "in_play", "discard", "draw")
        ]
        tx.arrange(table, everything, "draw")
        self.shuffle(tx, table, DECK)

    def _take(self, tx: Transaction, table: TableInfo, *, bottom: bool = False) -> CardCopy:
        top = tx.top(table, DECK, bottom=bottom)
        if top is None:
            raise CompanionError("the deck has no cards left to deal")
        return top

    def deal(self, tx: Transaction, table: TableInfo, cards: GameCards) -> TableEvent:
        """Gather and shuffle the deck, then deal the hole cards of a new deal."""
        previous = self.deal_state(tx, table)
        if not previous.number and not self._get(tx, table, "opened"):
            raise CompanionError(
                f"table '{table.name}' has not drawn for the first deal yet: run "
                "'companion dk open' first (Play Begins: the first black king deals, takes "
                f"{OPENING_BONUS} points and chooses the first voluntary wing card)"
            )
        if previous.number and previous.street != "showdown" and not previous.settled:
            raise CompanionError(
                f"deal {previous.number} is not over: settle it with 'companion dk showdown'"
            )
        points = pts.points_of(tx, table)
        seated = pts.in_game(points, table.players)
        if len(seated) < 2:
            raise CompanionError(
                (pts.game_over(points, table.players) or "fewer than two guests have points")
                + (
                    "; a guest who is out may still re-buy ('companion dk rebuy NAME')"
                    if any(pts.rebuys_left(tx, table, p) for p in table.players)
                    else ""
                )
            )
        dealer = self._next_dealer(table, previous, seated)
        rules = self.rules(tx, table)
        effects = self._effects(tx, table)
        self._gather(tx, table)
        seat = seated.index(dealer)
        order = [seated[(seat + 1 + i) % len(seated)] for i in range(len(seated))]
        holes: dict[str, list[str]] = {p: [] for p in order}
        face_up: dict[str, list[str]] = {}
        for _ in range(2):
            for player in order:
                moved = tx.move(table, self._take(tx, table), "held", player)
                holes[player].append(card_of(cards, moved).code)
        events = [f"deal {previous.number + 1}: {dealer} deals two hole cards to each player"]
        extra = rules.hole_cards - 2
        for _ in range(extra):
            for player in order:
                moved = tx.move(table, self._take(tx, table, bottom=True), "held", player)
                holes[player].append(card_of(cards, moved).code)
        if extra:
            events.append("Pickpocket: a third hole card each, from the bottom of the deck")
        if effects.get("face_up_hole_cards"):
            face_up = {p: h[:1] for p, h in holes.items()}
            shown = ", ".join(f"{p} {parse_card(h[0]).symbol}" for p, h in face_up.items())
            events.append(f"Unmasked: first hole cards face up: {shown}")
        events.append("each player looks at their cards with 'companion table hand NAME'")
        penalties = list(self._get(tx, table, "misdeals", []))
        short = {p: max(0, points.get(p, 0)) for p in penalties if points is not None}
        short = {p: n for p, n in short.items() if n < MISDEAL_PENALTY}
        for player in penalties:
            paid = short.get(player, MISDEAL_PENALTY)
            events.append(
                f"{player} places {paid} points in this deal's pot (fouled the last deal"
                + (f"; all they have of the {MISDEAL_PENALTY})" if player in short else ")")
            )
        self._set(tx, table, "misdeals", [])
        behind = None
        if points is not None:  # blinds and antes come out of what the penalties leave
            behind = dict(points)
            for p in penalties:
                behind[p] = behind.get(p, 0) - short.get(p, MISDEAL_PENALTY)
        posted = self._post(tx, table, seated, dealer, effects, behind, events)
        choosers = self._king_holders(holes)[:1]
        state = self.wings(tx, table)
        choosers_before = list(state.choosers)
        state.choosers = choosers
        self._set(tx, table, "wings", state.to_data())
        if choosers:
            king = next(k for k in (KING_OF_SPADES, KING_OF_CLUBS) if k.code in holes[choosers[0]])
            events.append(
                f"{_KING_WINGS[king]} ({king.symbol}) is in {choosers[0]}'s hole cards: "
                f"{choosers[0]} may choose the voluntary wing card before the next deal"
            )
        deal = DealState(
            number=previous.number + 1,
            dealer=dealer,
            street="preflop",
            penalties=penalties,
            penalty_points=short,
            choosers_before=choosers_before,
            seated=seated,
            posted=posted,
        )
        self._set(tx, table, "deal", deal.to_data())
        tx.record(table, DkDealt(deal.number, dealer), actor=dealer)
        return TableEvent(tuple(events), cards=face_up)

    @staticmethod
    def _next_dealer(table: TableInfo, previous: DealState, seated: Sequence[str]) -> str:
        """The deal passes clockwise to the next guest still in the game; a misdeal is
        dealt again by the same dealer, if still in."""
        dealer = previous.dealer or table.players[0]
        again = not previous.number or previous.misdealt
        if again and dealer in seated:
            return dealer
        seat = table.players.index(dealer)
        n = len(table.players)
        return next(p for p in (table.players[(seat + 1 + i) % n] for i in range(n)) if p in seated)

    def _post(
        self,
        tx: Transaction,
        table: TableInfo,
        seated: Sequence[str],
        dealer: str,
        effects: Mapping[str, Any],
        points: Mapping[str, int] | None,
        events: list[str],
    ) -> dict[str, int]:
        """The blinds and antes the table knows, posted from each guest's points: the level
        of the table's clock (Dragon's Toll doubles its blinds) and Guild Tithe's ante.
        Without a clock the dealer says what each guest put in at the showdown."""
        if points is None:
            return {}
        small, big, ante = _clock_blinds(tx, table)
        factor = int(effects.get("blind_multiplier", 0)) or 1
        tithe = int(effects.get("ante", 0))
        if not (small or big or ante or tithe):
            return {}
        posted = pts.posts(
            seated,
            dealer,
            small=small * factor,
            big=big * factor,
            ante=ante + tithe,
            points=points,
        )
        what = []
        if small or big:
            what.append(
                f"blinds {small * factor}/{big * factor}"
                + (" (Dragon's Toll doubles them)" if factor > 1 else "")
            )
        if ante or tithe:
            what.append(
                f"ante {ante + tithe}" + (f" (Guild Tithe's {tithe} included)" if tithe else "")
            )
        events.append(
            f"posted ({', '.join(what)}): " + ", ".join(f"{p} {n}" for p, n in posted.items() if n)
        )
        return {p: n for p, n in posted.items() if n}

    @staticmethod
    def _king_holders(holes: dict[str, list[str]]) -> list[str]:
        """Who holds a black king in the hole: the K♠ holder first (who chooses when
        the kings are split, docs/decisions.md)."""
        out: list[str] = []
        for king in (KING_OF_SPADES, KING_OF_CLUBS):
            for player, codes in holes.items():
                if king.code in codes and player not in out:
                    out.append(player)
        return out

    def _effects(self, tx: Transaction, table: TableInfo) -> dict[str, Any]:
        """The summed effects of the voluntary wing cards in force."""
        total: dict[str, Any] = {}
        for name in self.wings(tx, table).in_force():
            for key, value in wing_card(name).effects.model_dump().items():
                if isinstance(value, bool) or not isinstance(value, int):
                    continue
                total[key] = total.get(key, 0) + value
        return total

    def board(self, tx: Transaction, table: TableInfo, cards: GameCards) -> TableEvent:
        """Deal the next street (flop, turn, river), burning one card first."""
        deal = self.deal_state(tx, table)
        if not deal.under_way:
            raise CompanionError("no deal in progress: start one with 'companion dk deal'")
        names = [s for s, _ in STREETS]
        if deal.street == "river":
            raise CompanionError(
                "the board is complete: settle the deal with 'companion dk showdown'"
            )
        street = names[0] if deal.street == "preflop" else names[names.index(deal.street) + 1]
        count = dict(STREETS)[street]
        burned = self._take(tx, table)
        tx.move(table, burned, "discard")
        dealt = [tx.move(table, self._take(tx, table), "in_play") for _ in range(count)]
        events = [f"{street}: " + " ".join(card_of(cards, c).symbol for c in dealt)]
        if street != "flop":
            so_far = " ".join(c.symbol for c in self._board(tx, table, cards))
            events[0] += f" (board {so_far})"
        effects = self._effects(tx, table)
        if street == "river":
            for _ in range(int(effects.get("extra_board_cards", 0))):
                extra = tx.move(table, self._take(tx, table, bottom=True), "in_play")
                dealt.append(extra)
                events.append(
                    f"Dragon's Hoard: {card_of(cards, extra).symbol} joins the board "
                    "from the bottom of the deck"
                )
            if effects.get("face_down_board_cards"):
                deal.hidden_river = True
                events[0] = "river: dealt face down (Shrouded River), turned at the showdown"
        deal.street = street
        self._set(tx, table, "deal", deal.to_data())
        shown_ids = (
            () if deal.hidden_river and street == "river" else tuple(c.card_id for c in dealt)
        )
        tx.record(table, DkStreet(deal.number, street, shown_ids))
        shown = () if deal.hidden_river else tuple(self._board(tx, table, cards))
        return TableEvent(tuple(events), board=tuple(c.code for c in shown))

    def _owed(self, deal: DealState) -> dict[str, int]:
        """What each guest owes this deal's pot outside the betting: misdeal penalties
        and trades' costs."""
        owed = dict(deal.swap_costs)
        for player in deal.penalties:
            owed[player] = owed.get(player, 0) + deal.penalty_points.get(player, MISDEAL_PENALTY)
        return owed

    def _behind(self, tx: Transaction, table: TableInfo, deal: DealState) -> dict[str, int] | None:
        """Each guest's points not yet in the pot of the deal under way (None: none kept)."""
        points = pts.points_of(tx, table)
        if points is None or not deal.under_way:
            return points
        owed = self._owed(deal)
        return {p: n - deal.posted.get(p, 0) - owed.get(p, 0) for p, n in points.items()}

    def _board(self, tx: Transaction, table: TableInfo, cards: GameCards) -> list[Card]:
        return [card_of(cards, c) for c in tx.pile(table, DECK, "in_play") if c.holder is None]

    def hole(self, tx: Transaction, table: TableInfo, cards: GameCards, player: str) -> list[Card]:
        return [card_of(cards, c) for c in tx.pile(table, DECK, "held", player)]

    def fold(self, tx: Transaction, table: TableInfo, cards: GameCards, player: str) -> TableEvent:
        """A player leaves the deal; their hole cards go face down to the discard pile."""
        deal = self.deal_state(tx, table)
        if not deal.under_way:
            raise CompanionError("no deal in progress: start one with 'companion dk deal'")
        if player in deal.folded:
            raise CompanionError(f"{player} has already folded this deal")
        if deal.seated and player not in deal.seated:
            raise CompanionError(f"{player} is out of the game: not dealt in this deal")
        self._muck(tx, table, deal, player)
        tx.record(table, DkFolded(player), actor=player)
        return TableEvent((f"{player} folds",))

    def _muck(self, tx: Transaction, table: TableInfo, deal: DealState, player: str) -> None:
        """A folding player's hole cards go face down to the discard pile."""
        for copy in tx.pile(table, DECK, "held", player):
            tx.move(table, copy, "discard")
        deal.folded.append(player)
        self._set(tx, table, "deal", deal.to_data())

    def swap(
        self, tx: Transaction, table: TableInfo, cards: GameCards, player: str, ref: str
    ) -> TableEvent:
        """Sleight of Hand: before the flop, trade a hole card for the bottom card of the deck."""
        effects = self._effects(tx, table)
        if not effects.get("hole_card_swaps"):
            raise CompanionError("only Sleight of Hand lets a player trade a hole card")
        deal = self.deal_state(tx, table)
        if deal.street != "preflop":
            raise CompanionError("a hole card is traded before the flop only")
        swaps: dict[str, int] = dict(self._get(tx, table, "swaps", {}))
        key = f"{deal.number}:{player}"
        if swaps.get(key, 0) >= int(effects["hole_card_swaps"]):
            raise CompanionError(f"{player} has already traded a hole card this deal")
        cost = int(effects.get("swap_cost", 0))
        behind = self._behind(tx, table, deal)
        if behind is not None and behind[player] < cost:
            raise CompanionError(
                f"{player} has {behind[player]:,} points behind: a trade costs {cost}"
            )
        wanted = parse_card(ref, allow_joker=True)
        mine = tx.pile(table, DECK, "held", player)
        given = next((c for c in mine if card_of(cards, c) == wanted), None)
        if given is None:
            held = " ".join(card_of(cards, c).symbol for c in mine)
            raise CompanionError(f"{player} holds no {wanted.symbol} (hole cards: {held})")
        tx.move(table, self._take(tx, table, bottom=True), "held", player)
        tx.move(table, given, "draw")  # face down under the deck
        swaps[key] = swaps.get(key, 0) + 1
        self._set(tx, table, "swaps", swaps)
        if cost:
            deal.swap_costs[player] = deal.swap_costs.get(player, 0) + cost
            self._set(tx, table, "deal", deal.to_data())
        tx.record(table, DkSwapped(player, cost), actor=player)
        return TableEvent(
            (
                f"{player} pays {cost} points into the pot and trades {wanted.symbol} "
                f"for the bottom card",
            ),
        )

    # -- the showdown -----------------------------------------------------------------------

    def _settled(
        self,
        tx: Transaction,
        table: TableInfo,
        deal: DealState,
        dragons: list[str],
        honors: dict[str, int],
    ) -> list[str]:
        """The deal is over: Twinned Dragon Kings' honors and wing choices, whichever
        command settled it (``dk showdown`` or ``table showdown``)."""
        state = self.wings(tx, table)
        events = self._dragons_played(tx, table, state, dragons, honors, deal) if dragons else []
        deal.street = "showdown"
        deal.settled = True
        self._set(tx, table, "deal", deal.to_data())
        self._set(tx, table, "wings", state.to_data())
        return events

    def settle(
        self,
        tx: Transaction,
        table: TableInfo,
        cards: GameCards,
        put_in: Mapping[str, int],
        folded: Sequence[str] = (),
        result: str | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> Settled:
        """``dk showdown`` and ``table showdown``: the deal's showdown with its points, settled
        by the showdown file's rules (:class:`DragonKingsShowdown`) from the table's cards,
        wing cards, First Honors, misdeal penalties, trades' costs and posted blinds; then
        the table's own bookkeeping: honors, wing choices and each guest's points."""
        from companion.games.dragon_kings.showdown import DragonKingsShowdown
        from companion.games.dragon_kings.showdown_input import DragonKingsShowdownIn
        from companion.poker.showdown_input import describe

        deal = self.deal_state(tx, table)
        if not deal.under_way:
            raise CompanionError(
                "no deal is under way: start one with 'companion dk deal'"
                if deal.street != "showdown"
                else "this deal is settled: start the next with 'companion dk deal'"
            )
        seated = deal.seated or list(table.players)
        put_in = spread_everyone(put_in, seated)
        for name in [*put_in, *folded]:
            if table.player(name) not in seated:
                raise CompanionError(f"{name}: out of the game, not dealt in this deal")
        out = set(deal.folded) | {table.player(n) for n in folded}
        live = [p for p in seated if p not in out]
        if not live:
            raise CompanionError("--fold: somebody must still be in the deal to take the pot")
        if len(live) > 1 and deal.street != "river":
            raise CompanionError(
                "the board is not complete: deal the rest with 'companion dk board'"
            )
        unknown = sorted(set(extra or {}) - _FILE_FIELDS)
        if unknown:
            raise CompanionError(
                f"{unknown[0]}: a Dragon Kings table knows this already; a file given to "
                f"'table showdown' may add only {', '.join(sorted(_FILE_FIELDS))}"
            )
        points = pts.points_of(tx, table)
        bets = pts.contributions(
            {table.player(n): v for n, v in put_in.items()},
            seated,
            posted=deal.posted,
            owed=self._owed(deal),
            points=points,
        )
        shown = len(live) > 1
        data: dict[str, Any] = {
            "game": GAME,
            "players": [
                {"name": p, "put_in": bets[p], "folded": p in out}
                | ({"hand": [c.code for c in self.hole(tx, table, cards, p)]} if p in live else {})
                for p in seated
            ],
            "board": [c.code for c in self._board(tx, table, cards)],
            "wings": self.wings(tx, table).in_force() or ["none"],
            "first_honors": shown and not self._get(tx, table, "honors"),
            "misdeals": (
                {p: deal.penalty_points.get(p, MISDEAL_PENALTY) for p in deal.penalties}
                if deal.penalty_points
                else list(deal.penalties)
            ),
            "swap_costs": dict(deal.swap_costs),
            "carried": int(self._get(tx, table, "carried", 0)),
            **dict(extra or {}),
        }
        if result is not None:
            data["result"] = result
        elif not shown:
            data["result"] = live[0]  # everyone else folded: no hand is shown
        try:
            spec = DragonKingsShowdownIn.model_validate(data)
        except ValidationError as exc:
            raise CompanionError(describe(exc, data, "Dragon Kings")) from None
        settled = DragonKingsShowdown(spec).run()
        for p in [p for p in seated if p in out and p not in deal.folded]:
            self._muck(tx, table, deal, p)
        hands = {line.name: line.hand for line in settled.players}
        dragons = dragon_winners(settled.winners, hands) if shown else []
        honors: dict[str, int] = {}
        notes = []
        if deal.hidden_river:
            board = " ".join(c.symbol for c in self._board(tx, table, cards))
            notes.append(f"Shrouded River: the river is turned (board {board})")
        if not shown:
            notes.append(f"{live[0]} wins: everyone else folded (no hand is shown)")
        notes += self._settled(tx, table, deal, dragons, honors)
        self._set(tx, table, "carried", settled.carry_over)
        after = None
        if points is not None:
            after = pts.after_pot(points, bets, settled.payouts, settled.bank)
            pts.set_points(tx, table, after)
            left = {p: pts.rebuys_left(tx, table, p) for p in table.players}
            notes += pts.points_notes(points, after, table.players, left)
        event = DkSettled(
            deal.number,
            tuple(settled.winners),
            dict(settled.payouts),
            dict(honors),
            dict(after or {}),
        )
        tx.record(table, event)
        return Settled(settled, tuple(notes), points=after, honors=honors)

    def misdeal(self, tx: Transaction, table: TableInfo, player: str) -> TableEvent:
        """A player fouled the deal: it is void, the same dealer deals again, and the
        fouler owes 40 points, paid into the following deal's pot."""
        deal = self.deal_state(tx, table)
        if deal.street != "preflop" or deal.settled:
            raise CompanionError(
                "a misdeal is called while the hole cards are out, before the flop "
                f"(deal {deal.number} is at the {deal.street})"
                if deal.number
                else "no deal is under way: nothing to foul"
            )
        owing = list(self._get(tx, table, "misdeals", []))
        owing.append(player)
        self._set(tx, table, "misdeals", owing)
        state = self.wings(tx, table)
        state.choosers = list(deal.choosers_before)
        self._set(tx, table, "wings", state.to_data())
        deal.misdealt = deal.settled = True
        deal.street = "misdeal"
        self._set(tx, table, "deal", deal.to_data())
        tx.record(table, DkMisdeal(deal.number, player), actor=player)
        return TableEvent(
            (
                f"misdeal: deal {deal.number} is void; {deal.dealer} deals again "
                "('companion dk deal')",
                f"{player} places {MISDEAL_PENALTY} points in the pot of the next deal",
            )
        )

    def _dragons_played(
        self,
        tx: Transaction,
        table: TableInfo,
        state: WingState,
        dragons: list[str],
        honors: dict[str, int],
        deal: DealState,
    ) -> list[str]:
        events: list[str] = []
        if not self._get(tx, table, "honors"):
            honors.update(first_honors(dragons))
            for player, points in honors.items():
                self._bonus(tx, table, player, points)
            self._set(tx, table, "honors", {"players": dragons, "deal": deal.number})
            each = " each" if len(dragons) > 1 else ""
            events.append(
                f"First Honors: {names_text(dragons)} won with the game's first Twinned "
                f"Dragon Kings: {honors[dragons[0]]} points from the house{each}"
            )
        elif state.permanent or state.temporary:
            gone = names_text([wing_card(c).name for c in state.in_force()])
            events.append(
                f"a second hand of Twinned Dragon Kings: {gone} "
                f"{'is' if len(state.in_force()) == 1 else 'are'} negated"
            )
            self._negate(tx, table, state.in_force())
            state.permanent = state.permanent_by = state.temporary = state.temporary_by = None
        # Tied dragons: the first of them clockwise from the dealer chooses.
        seat = table.players.index(deal.dealer) if deal.dealer in table.players else -1
        order = [
            table.players[(seat + 1 + i) % len(table.players)] for i in range(len(table.players))
        ]
        player = next(p for p in order if p in dragons)
        state.dragon_player = player
        state.choosers = [player] + [p for p in state.choosers if p != player]
        events.append(
            f"{player} may make one voluntary wing card permanent ('companion dk permanent') "
            "and put another into play ('companion dk wing NAME')"
        )
        return events

    # -- wing cards -------------------------------------------------------------------------

    def _wing_copy(self, tx: Transaction, table: TableInfo, card_id: str) -> CardCopy:
        for copy in tx.cards(table, WINGS):
            if copy.card_id == card_id:
                return copy
        raise CompanionError(f"the wing card {card_id!r} is not at this table")

    def _negate(self, tx: Transaction, table: TableInfo, card_ids: Sequence[str]) -> None:
        for card_id in card_ids:
            tx.move(table, self._wing_copy(tx, table, card_id), "draw")

    def _check_chooser(
        self, tx: Transaction, table: TableInfo, state: WingState, player: str
    ) -> None:
        deal = self.deal_state(tx, table)
        if deal.under_way:
            raise CompanionError(
                "a voluntary wing card enters play between deals: settle this deal first"
            )
        if player not in state.choosers:
            who = names_text(state.choosers) or "nobody"
            raise CompanionError(
                f"{player} may not choose a wing card now (may choose: {who}; a black king in "
                "the hole or Twinned Dragon Kings gives the choice)"
            )

    def put_wing(
        self, tx: Transaction, table: TableInfo, cards: GameCards, name: str, player: str
    ) -> TableEvent:
        """A voluntary wing card enters play; the last one in force is negated unless permanent."""
        card = wing_card(name)
        if card.involuntary:
            raise CompanionError(f"{card.name} is involuntary: it is always in play")
        state = self.wings(tx, table)
        self._check_chooser(tx, table, state, player)
        if card.id in state.in_force():
            raise CompanionError(f"{card.name} is already in play")
        events = []
        if state.temporary:
            old = wing_card(state.temporary)
            self._negate(tx, table, [state.temporary])
            events.append(f"{old.name} is negated")
        tx.move(table, self._wing_copy(tx, table, card.id), "in_play", player)
        state.temporary, state.temporary_by = card.id, player
        state.choosers = []  # one voluntary card between two deals
        self._set(tx, table, "wings", state.to_data())
        events.insert(0, f"{player} puts {card.name} into play: {card.text}")
        tx.record(table, WingPlayed(player, card.id, card.name), actor=player)
        return TableEvent(tuple(events))

    def make_permanent(
        self, tx: Transaction, table: TableInfo, cards: GameCards, player: str, name: str | None
    ) -> TableEvent:
        """Twinned Dragon Kings: make one voluntary card permanent for the rest of the game."""
        state = self.wings(tx, table)
        if state.dragon_player != player:
            raise CompanionError(
                f"only the player who just won with Twinned Dragon Kings makes a card permanent"
                f" ({state.dragon_player or 'nobody'} now)"
            )
        if state.permanent:
            raise CompanionError(f"{wing_card(state.permanent).name} is already permanent")
        card = (
            wing_card(name) if name else (wing_card(state.temporary) if state.temporary else None)
        )
        if card is None:
            raise CompanionError("no voluntary wing card is in play: name one to make permanent")
        if card.involuntary:
            raise CompanionError(f"{card.name} is involuntary: it is always in play")
        tx.move(table, self._wing_copy(tx, table, card.id), "in_play", player)
        if card.id == state.temporary:
            state.temporary = state.temporary_by = None
        state.permanent, state.permanent_by = card.id, player
        state.dragon_player = None
        state.choosers = [player]  # and put another voluntary card into play
        self._set(tx, table, "wings", state.to_data())
        tx.record(table, WingMadePermanent(player, card.id, card.name), actor=player)
        return TableEvent(
            (
                f"{card.name} is permanent until another player wins with Twinned Dragon Kings",
                f"{player} may put another voluntary wing card into play",
            )
        )

    # -- what the table shows ---------------------------------------------------------------

    def view(self, tx: Transaction, table: TableInfo, cards: GameCards, audience: Audience) -> View:
        from companion.games.dragon_kings.views import view

        return view(self, tx, table, cards, audience)

    def overview(self, tx: Transaction, table: TableInfo, cards: GameCards) -> dict[str, Any]:
        state = self.wings(tx, table)
        deal = self.deal_state(tx, table)
        in_force = []
        for copy in tx.pile(table, WINGS, "in_play"):
            card = cards.get(copy.card_id)
            kind = (
                "involuntary"
                if card.involuntary
                else "permanent"
                if card.id == state.permanent
                else "voluntary"
            )
            who = state.permanent_by if kind == "permanent" else state.temporary_by
            in_force.append({"id": card.id, "name": card.name, "kind": kind, "by": who})
        board = [] if deal.hidden_river else [c.code for c in self._board(tx, table, cards)]
        honors = self._get(tx, table, "honors")
        bonuses = self.bonuses(tx, table)
        lines = [
            "wing cards in force: "
            + ", ".join(f"[bold]{w['name']}[/] ({w['kind']})" for w in in_force)
        ]
        if deal.number:
            lines.append(
                f"deal {deal.number} · dealer {deal.dealer} · {deal.street}"
                + (f" · board {' '.join(parse_card(c).symbol for c in board)}" if board else "")
            )
        elif deal.dealer:
            lines.append(f"first dealer: {deal.dealer}")
        if state.choosers:
            lines.append(f"may choose the next voluntary wing card: {names_text(state.choosers)}")
        owing = list(self._get(tx, table, "misdeals", []))
        if owing:
            lines.append(
                f"misdeal: {names_text(owing)} {'owes' if len(owing) == 1 else 'owe'} "
                f"{MISDEAL_PENALTY} points to the next deal's pot"
            )
        if deal.penalties and not deal.settled:
            lines.append(
                f"in this deal's pot for a misdeal: {names_text(deal.penalties)}, "
                f"{MISDEAL_PENALTY} points each"
            )
        lines.append(
            "First Honors: "
            + (f"{names_text(honors['players'])} (deal {honors['deal']})" if honors else "not yet")
        )
        if bonuses:
            lines.append(
                "bonuses from the house: " + ", ".join(f"{p} {n}" for p, n in bonuses.items())
            )
        behind = self._behind(tx, table, deal)
        counted = pts.points_of(tx, table)
        in_pot = (
            {p: counted[p] - behind[p] for p in table.players if counted[p] != behind[p]}
            if counted is not None and behind is not None
            else {}
        )
        out = pts.describe(counted, table.players)
        if out:
            lines.append(out)
        over = pts.game_over(counted, table.players)
        if over:
            lines.insert(0, f"[bold green]{over}[/]")
        match = pts.match_of(tx, table)
        columns: dict[str, Any] = {}
        if behind is not None:
            columns = {
                "player_columns": ["points"],
                "per_player": {
                    p: [
                        ("out" if behind[p] <= 0 and not in_pot.get(p) else f"{behind[p]:,}")
                        + (f" (+{in_pot[p]:,} in the pot)" if in_pot.get(p) else "")
                    ]
                    for p in table.players
                },
            }
        return {
            **columns,
            "points": behind,
            "in_pot": in_pot,
            "out": [p for p in table.players if counted is not None and counted[p] <= 0],
            "game_over": over,
            "match": match.to_json() if match else None,
            "rebuys_left": {p: pts.rebuys_left(tx, table, p) for p in table.players}
            if match
            else {},
            "lines": lines,
            "wings": in_force,
            "deal": {**deal.to_data(), "board": board},
            "choosers": list(state.choosers),
            "misdeals_owed": owing,
            "first_honors": honors,
            "bonuses": bonuses,
            "variant": table.options.get("variant"),
        }


def _clock_blinds(tx: Transaction, table: TableInfo) -> tuple[int, int, int]:
    """The small blind, big blind and ante of the level the table's clock is on now
    (nothing without a clock, or during a break)."""
    from companion.timer.clock import current_stage
    from companion.timer.clock import settle as run_to
    from companion.timer.structure import Level
    from companion.timer.table_clock import saved_clock

    clock = saved_clock(tx, table)
    if clock is None:
        return 0, 0, 0
    stage = current_stage(run_to(clock, tx.store.clock())[0])
    if not isinstance(stage, Level):
        return 0, 0, 0
    return stage.small_blind or 0, stage.big_blind or 0, stage.ante


def _rules(table: TableInfo) -> DragonKingsRules:
    if table.game != GAME:
        raise CompanionError(f"table '{table.name}' plays {table.game}, not Dragon Kings")
    return DragonKingsRules(GAME)


def open_game(
    tx: Transaction, table: TableInfo, buy_in: int | None = None, rebuys: int | None = None
) -> TableEvent:
    match = pts.check_match(buy_in, rebuys)
    return _rules(table).open_game(tx, table, game_cards(table), match)


def deal(tx: Transaction, table: TableInfo) -> TableEvent:
    return _rules(table).deal(tx, table, game_cards(table))


def board(tx: Transaction, table: TableInfo) -> TableEvent:
    return _rules(table).board(tx, table, game_cards(table))


def fold(tx: Transaction, table: TableInfo, player: str) -> TableEvent:
    return _rules(table).fold(tx, table, game_cards(table), table.player(player))


def swap(tx: Transaction, table: TableInfo, player: str, card: str) -> TableEvent:
    return _rules(table).swap(tx, table, game_cards(table), table.player(player), card)


def showdown(
    tx: Transaction,
    table: TableInfo,
    put_in: Mapping[str, int] | None = None,
    *,
    folded: Sequence[str] = (),
) -> Settled:
    """``dk showdown``: the same settlement as ``table showdown`` (one path for both)."""
    return settle(tx, table, put_in or {}, folded=folded)


@dataclass(frozen=True)
class ShowdownReport:
    """``dk showdown --json``: the same document as ``table showdown --json``."""

    settled: Settled
    table_state: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return self.settled.to_json(self.table_state)


def showdown_report(
    tx: Transaction, table: TableInfo, put_in: Mapping[str, int], folded: Sequence[str] = ()
) -> ShowdownReport:
    """``dk showdown``: settle the deal, with the table's state after it."""
    from companion.table.reports import table_view

    settled = showdown(tx, table, put_in, folded=folded)
    return ShowdownReport(settled, table_view(tx, table).state_json())


def rebuy(tx: Transaction, table: TableInfo, player: str) -> TableEvent:
    """``dk rebuy``: a guest who is out buys in again, between deals."""
    rules = _rules(table)
    who = table.player(player)
    deal = rules.deal_state(tx, table)
    if deal.number and not deal.settled:
        raise CompanionError(f"deal {deal.number} is under way: a re-buy is made between deals")
    points, left = pts.rebuy(tx, table, who)
    tx.record(table, DkRebuy(who, points), actor=who)
    return TableEvent(
        (
            f"{who} re-buys for {points:,} points and is dealt in again "
            f"({left} re-buy{'s' if left != 1 else ''} left)",
        ),
        points=pts.points_of(tx, table),
    )


def settle(
    tx: Transaction,
    table: TableInfo,
    put_in: Mapping[str, int],
    *,
    folded: Sequence[str] = (),
    result: str | None = None,
    extra: Mapping[str, Any] | None = None,
) -> Settled:
    return _rules(table).settle(tx, table, game_cards(table), put_in, folded, result, extra)


def misdeal(tx: Transaction, table: TableInfo, player: str) -> TableEvent:
    return _rules(table).misdeal(tx, table, table.player(player))


def put_wing(tx: Transaction, table: TableInfo, name: str, player: str) -> TableEvent:
    return _rules(table).put_wing(tx, table, game_cards(table), name, table.player(player))


def make_permanent(
    tx: Transaction, table: TableInfo, player: str, name: str | None = None
) -> TableEvent:
    return _rules(table).make_permanent(tx, table, game_cards(table), table.player(player), name)


def table_rules_now(tx: Transaction, table: TableInfo) -> Rules:
    """The ranking rules of a Dragon Kings table now (wing cards in force, variant)."""
    return _rules(table).rules(tx, table)


def table_facts(tx: Transaction, table: TableInfo) -> TableFacts:
    """What a Dragon Kings table lends ``rank``, ``odds`` and ``showdown``: its voluntary
    wing cards in force and its variant, and whether First Honors is still to be earned."""
    rules = _rules(table)
    wings = rules.wings(tx, table).in_force()
    honors = rules._get(tx, table, "honors")
    return TableFacts(
        table.name,
        table.game,
        ranking={
            "wings": tuple(wing_card(w).name for w in wings),
            "variant": table.options.get("variant"),
        },
        showdown={"wings": wings or ["none"], "first_honors": not honors},
    )
