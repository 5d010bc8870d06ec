"""The showdown engine: who wins what when the cards are turned over.

:class:`Showdown` takes one showdown (a :class:`ShowdownIn`, read from the
file format of ``docs/showdown.md``), ranks the hands through the hand
ranker (or takes the order from ``result``), builds the pots with
:mod:`companion.poker.pots` and reports where every chip went. It knows no
game: each game that adds rules at the showdown subclasses it in its own
package (``companion.games.<game>.showdown``) and
``companion.games.showdown.adjudicate`` picks the game's own
(:meth:`companion.registry.Game.showdown`).

The result says where every chip went, what each player takes from or pays
to the house outside the pots, and an ordered list of ``events``, one
typed event per rule applied (:mod:`companion.poker.showdown_events`); a game's own
result adds what its rules hand out.

>>> from companion.poker.showdown_input import read_showdown
>>> spec = read_showdown('''
... game: holdem
... players: [{name: ann, put_in: 400}, {name: ben, put_in: 400}]
... result: ann > ben
... ''')
>>> out = Showdown(spec).run()
>>> out.payouts, out.winners
({'ann': 800, 'ben': 0}, ('ann',))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal, TypedDict

from companion.errors import CompanionError
from companion.events import Event, sentence
from companion.poker.pots import (
    Pot,
    PotRules,
    Result,
    Settlement,
    award,
    build_pots,
    parse_result,
    pot_rules,
    resolve_names,
    unequal_bets,
)
from companion.poker.showdown_events import (
    BoardsSplitLeft,
    CarriedJoins,
    DecidingCard,
    NoLegalHand,
    PotTied,
    PotUnwon,
    PotWon,
    Winnings,
)
from companion.poker.showdown_input import Cards, PlayerIn, ShowdownIn
from companion.poker.showdown_rank import (
    Contestant,
    RankedHand,
    Ranker,
    RankRules,
    default_ranker,
    read_cards,
    result_groups,
)

MAX_CONTESTANTS = 23
"""The most hands one showdown holds: a 52-card deck deals two hand cards each and a
five-card board to 23 players at most (docs/decisions.md)."""

# ---------------------------------------------------------------- results


@dataclass(frozen=True)
class HandLine:
    """One contestant's hand as ``companion rank`` reports it, plus where it played."""

    name: str
    hand: str
    best: tuple[str, ...] = ()
    place: int | None = None
    board: int | None = None
    monster: bool = False
    cards: tuple[str, ...] = ()
    """The hand cards left after the showdown effects."""
    description: str = ""
    """The hand in words (``pair of aces``), when the ranker judged it."""

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "name": self.name,
            "hand": self.hand,
            "best": list(self.best),
            "place": self.place,
        }
        if self.description:
            out["description"] = self.description
        if self.board is not None:
            out["board"] = self.board
        out["monster"] = self.monster
        out["cards"] = list(self.cards)
        return out


@dataclass(frozen=True)
class Tally:
    """One column of a showdown's players table: what each player gets, or gains (signed)."""

    title: str
    values: Mapping[str, int]
    signed: bool = False
    prefix: str = ""
    """Written before each number (``$`` for dollars)."""


class ResultFields(TypedDict):
    """The fields every game's :class:`ShowdownResult` has (a game's own result adds more)."""

    game: str
    pots: tuple[Pot, ...]
    payouts: dict[str, int]
    carry_over: int
    removed: int
    house: int
    contributions: dict[str, int]
    added: int
    players: tuple[HandLine, ...]
    winners: tuple[str, ...]
    treasures: dict[str, int]
    bank: dict[str, int]
    events: tuple[Event, ...]
    currency: str
    bank_name: str


@dataclass(frozen=True)
class ShowdownResult:
    """Everything the showdown decided, in every game; a game's own result adds its rules'."""

    game: str
    pots: tuple[Pot, ...]
    payouts: dict[str, int]
    carry_over: int
    removed: int
    house: int
    contributions: dict[str, int]
    added: int
    """Gold or chips in the pots that no player put in this deal (carried, bank, house bet)."""
    players: tuple[HandLine, ...]
    winners: tuple[str, ...]
    """Who won the deal (the main pot): ties list several; one a board when there are two."""
    treasures: dict[str, int]
    """Treasure cards each player draws: a field of every showdown's JSON (docs/showdown.md),
    empty in a game without them."""
    bank: dict[str, int]
    """Gold or chips each player takes from (+) or pays to (-) the bank or house, outside the pots."""
    events: tuple[Event, ...]
    """What the showdown did, in order: one typed event a rule applied."""
    currency: str = "chips"
    """What the game's pots hold, as its rulebook says (chips, gold, dollars)."""
    bank_name: str = "house"
    """What the game calls the money outside the pots that ``bank`` counts."""

    @property
    def settlement(self) -> Settlement:
        """Where the chips of the pots went, as ``companion pot`` reports it."""
        return Settlement(
            self.pots, self.payouts, self.carry_over, self.removed, self.house, self.contributions
        )

    @property
    def net(self) -> dict[str, int]:
        """Each player's gain or loss from the pots over the deal."""
        return self.settlement.net

    def tallies(self) -> tuple[Tally, ...]:
        """The players table's columns beyond the pots, in the order they are shown."""
        return (Tally("treasures", self.treasures), Tally(self.bank_name, self.bank, signed=True))

    def game_json(self) -> dict[str, object]:
        """The JSON fields after ``treasures``: the bank, and what a game's rules add."""
        return {"bank": dict(self.bank)}

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            **self.settlement.to_json(),  # pots, payouts, carry_over, removed, house, net
            "winners": list(self.winners),
            "players": [h.to_json() for h in self.players],
            "treasures": dict(self.treasures),
            **self.game_json(),
            "events": self.sentences,
            "what_happened": [e.to_json() for e in self.events],
        }

    @property
    def sentences(self) -> list[str]:
        """The events in words, one sentence a rule applied."""
        return [sentence(e) for e in self.events]


# ---------------------------------------------------------------- the work


@dataclass
class ExtraSeat:
    """A hand at the showdown that no player holds: it puts nothing in and plays for
    every pot it is in (a game's monsters). The game seats them (:meth:`Showdown.extra_seats`)."""

    index: int
    label: str
    where: str
    """Where the file describes it, for messages (``monsters[0]``)."""
    hand: Cards | None = None
    hand_class: str | None = None
    no_legal_hand: bool = False
    owner: str | None = None
    """The player it plays beside: it wins only what that player could."""
    live: bool = True
    out_reason: str = ""
    """Why it takes no part (a word the game chooses; :meth:`Showdown.why_out` says it)."""
    cards: tuple[str, ...] | None = None


@dataclass
class PlayerSeat:
    """A player at the showdown (a game with more to seat subclasses it: :meth:`Showdown.seat`)."""

    index: int
    spec: PlayerIn
    cards: tuple[str, ...] | None = None

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def live(self) -> bool:
        return not self.spec.folded


@dataclass
class Board:
    """One board's ranking and main-pot winners."""

    index: int
    cards: tuple[str, ...] = ()
    groups: Result = ()
    lines: list[HandLine] = field(default_factory=list)
    main_winners: tuple[str, ...] = ()


class Showdown:
    """One showdown under plain poker rules; games add theirs by subclassing.

    ``run`` goes through the phases in the order a dealer settles a deal:
    check the input, :meth:`prepare` (the game reads its cards), read the
    hands, :meth:`before_ranking` (effects that act as the cards turn over),
    mark hands that cannot be legal, rank, build and pay the pots, then
    :meth:`after_pots` (everything the game does once the pots are paid).
    """

    currency = "chips"
    """What the pots hold, in the game's word."""
    bank_name = "house"
    """Who pays or takes the money outside the pots (``ShowdownResult.bank``)."""
    board_name = "board"
    """What the file calls the shared cards (a market, in a game that has one)."""
    unique_cards: ClassVar[bool] = True
    """Each card exists once, so no card is in two hands (False: each player has a deck)."""
    jokers: ClassVar[bool] = False
    """Whether a joker (``*``) can be dealt."""

    def __init__(
        self, spec: ShowdownIn, ranker: Ranker | None = None, data_dir: str | None = None
    ) -> None:
        self.spec = spec
        self.game = spec.game
        self.rules: PotRules = pot_rules(spec.game, spec.unit)
        self.ranker = ranker
        self.data_dir = data_dir
        self.events: list[Event] = []
        self.players: Sequence[PlayerSeat] = [self.seat(i) for i in range(len(spec.players))]
        self.by_name: Mapping[str, PlayerSeat] = {p.name: p for p in self.players}
        self.boards: list[Board] = []
        self.treasures: dict[str, int] = {}
        self.bank: dict[str, int] = {}
        self.no_legal: set[str] = set()
        self.ranked: dict[str, RankedHand] = {}
        self.names_seen: dict[str, str] = {}
        self.added = 0
        self.pots: tuple[Pot, ...] = ()
        self.pot_winners: list[list[Pot]] = []
        self.payouts: dict[str, int] = {}
        self.contributions: dict[str, int] = {}
        self.carry = self.removed = self.house = 0

    # -------------------------------------------------------------- helpers

    def event(self, event: Event) -> None:
        """Record what a rule did (a game's phases hand theirs over here, in order)."""
        self.events.append(event)

    amounts_in: ClassVar[str | None] = None
    """How the game's events count what the pots hold when it is not ``currency``
    (points a game scores beside the pots)."""

    @property
    def amounts_word(self) -> str:
        return self.amounts_in or self.currency

    def player(self, name: str, where: str) -> PlayerSeat:
        try:
            return self.by_name[name]
        except KeyError:
            raise CompanionError(
                f"{where}: '{name}' is not a player at the table (players: {', '.join(self.by_name)})"
            ) from None

    def seat(self, index: int) -> PlayerSeat:
        """The seat of the file's ``players[index]``."""
        return PlayerSeat(index, self.spec.players[index])

    def extra_seats(self) -> Sequence[ExtraSeat]:
        """The hands no player holds (a game's monsters), seated by :meth:`prepare`."""
        return ()

    @property
    def live_extras(self) -> list[ExtraSeat]:
        return [m for m in self.extra_seats() if m.live]

    @property
    def contestants(self) -> list[str]:
        return [p.name for p in self.players if p.live] + [m.label for m in self.live_extras]

    def extra(self, label: str) -> ExtraSeat | None:
        for m in self.extra_seats():
            if m.label == label:
                return m
        return None

    # -------------------------------------------------------------- the game's hooks

    def prepare(self) -> None:
        """Read the game's cards (characters, monsters, encounter) before the hands."""

    @property
    def board_count(self) -> int:
        """How many boards are dealt."""
        return 1

    def before_ranking(self) -> None:
        """Effects that act as the cards are turned over (curses, discards)."""

    def hand_cards_needed(self) -> int | None:
        """Hand cards a legal hand must use exactly (Omaha-like rules), if any."""
        return None

    def extra_hand_count(self, m: ExtraSeat) -> int | None:
        """Cards an extra hand plays with when it is not given (None: not known)."""
        return len(m.cards or ())

    def hands_count(self) -> tuple[int, str]:
        """How many hands the file seats, and what they are, before anyone is seated."""
        return len(self.spec.players), "players"

    def why_out(self, m: ExtraSeat) -> str:
        """Why an extra hand takes no part, as the end of a refusal (its ``out_reason``)."""
        return f"is out ({m.out_reason})"

    def has_floor(self, p: PlayerSeat) -> bool:
        """Is this hand worth something even without a legal hand (a floor a card gives)?"""
        return False

    def contestant(self, name: str, cards: tuple[str, ...]) -> Contestant:
        """What the ranker gets for one hand (games add a minimum pair or pile tops)."""
        return Contestant(name, cards)

    def pot_bonus(self) -> int:
        """Gold or chips the bank or house adds to the main pot this deal."""
        return 0

    def house_adds(self, contributions: Mapping[str, int], folded: set[str]) -> int:
        """What a house bet adds to the pot beyond the folded bets it holds (checked first)."""
        return 0

    def house_bet_joins(self) -> None:
        """Say that the house bet joins the pot (after the chips carried from the last deal)."""

    def adjust_pots(self, pots: list[Pot], payouts: dict[str, int]) -> int:
        """Take from the pots before they are paid; returns what left the game."""
        return 0

    def payees(self, board: Board) -> dict[str, str | None]:
        """Who takes what each extra hand wins (None: it leaves the game)."""
        return {}

    def payees_if_eligible(self, board: Board) -> frozenset[str]:
        """The payees of :meth:`payees` who take only the pots they could win themselves."""
        return frozenset()

    def winnings(self, winner: str, target: str | None) -> Winnings | None:
        """Where what ``winner`` wins goes when no player holds it (None: a player's own)."""
        return None

    def after_pots(self) -> None:
        """Everything the game does once the pots are paid."""

    def max_players(self) -> int:
        """The most hands (players and monsters) this game's showdown holds."""
        return MAX_CONTESTANTS

    def why_max_players(self) -> str:
        """Why no more hands can sit at the table, for the refusal."""
        return "a 52-card deck deals two hand cards each and a five-card board to no more"

    def check_cards(self) -> None:
        """Refuse cards no deal can hold: a board longer than the game deals, more
        jokers than the deck has (the ranking rules say how many)."""
        from companion.poker.showdown_rank import ranker_rules

        rules = ranker_rules(self._rank_rules())
        for board in self.boards:
            where = "board: " if self.spec.boards is None else f"boards[{board.index}]: "
            rules.check_board(_cards(board.cards), where)
        rules.check_jokers(_cards(self.written_cards()))

    def written_cards(self) -> list[str]:
        """Every card code written for the deal: the boards, the players' and monsters' hands."""
        everything = [c for board in self.boards for c in board.cards]
        for p in self.players:
            everything += list(p.cards or ())
        for m in self.extra_seats():
            everything += list(m.cards or ())
        return everything

    # -------------------------------------------------------------- run

    def run(self) -> ShowdownResult:
        self._check_size()
        self._check_fields()
        self.prepare()
        self._read_cards()
        self.check_cards()
        self.before_ranking()
        self._legal_hands()
        self._rank()
        self._pots()
        self.after_pots()
        return self._result()

    # -------------------------------------------------------------- input checks

    def _check_size(self) -> None:
        count, what = self.hands_count()
        most = self.max_players()
        if count > most:
            raise CompanionError(
                f"players: {count:,} {what}, but a {self.game} showdown holds at most {most} "
                f"({self.why_max_players()})"
            )

    def _check_fields(self) -> None:
        spec = self.spec
        seen: dict[str, str] = {}
        for i, p in enumerate(spec.players):
            key = p.name.casefold()
            if key in seen:
                raise CompanionError(f"players[{i}].name: '{p.name}' is already at the table")
            seen[key] = p.name
        self.names_seen = seen
        if spec.button is not None:
            self.player(spec.button, "button")
        for i, p in enumerate(spec.players):
            if p.put_in % self.rules.unit:
                raise CompanionError(
                    f"players[{i}].put_in: {p.put_in} is not a whole number of {self.unit_name()}"
                )
            if p.folded and p.no_legal_hand:
                raise CompanionError(
                    f"players[{i}].no_legal_hand: '{p.name}' folded; no_legal_hand is for players still in"
                )
        for label, value in self.whole_amounts():
            if value % self.rules.unit:
                raise CompanionError(
                    f"{label}: {value} is not a whole number of {self.unit_name()}"
                )

    def whole_amounts(self) -> list[tuple[str, int]]:
        """Amounts of the file (besides the bets) that must be a whole number of coins."""
        return [("carried", self.spec.carried)]

    def unit_name(self) -> str:
        return f"{self.rules.unit}-chip units"

    def shared_cards(self) -> list[Cards | None] | None:
        """The shared cards the file gives, one entry a board (None: none given)."""
        spec = self.spec
        if spec.board is not None and spec.boards is not None:
            raise CompanionError("boards: give board or boards, not both")
        if spec.boards is not None:
            return list(spec.boards)
        return None if spec.board is None else [spec.board]

    def _read_cards(self) -> None:
        spec = self.spec
        n_boards = self.board_count
        given = self.shared_cards()
        raw_boards: list[Cards | None]
        if spec.boards is not None:
            raw_boards = list(given or ())
            if len(raw_boards) != n_boards:
                raise CompanionError(
                    f"boards: {len(raw_boards)} board(s) given, but {n_boards} are dealt{self.why_boards()}"
                )
        elif given is not None:
            if n_boards != 1:
                raise CompanionError(
                    f"board: {n_boards} boards are dealt{self.why_boards()}; give boards: [..., ...]"
                )
            raw_boards = given
        else:
            raw_boards = [None] * n_boards
        seen: dict[str, str] = {}

        def read(value: Cards | None, where: str, whose: str) -> tuple[str, ...] | None:
            if value is None:
                return None
            cards = read_cards(self.game, value, where=where, jokers=self.jokers)
            for c in cards:
                if c == "*" or not self.unique_cards:
                    continue
                if c in seen:
                    raise CompanionError(
                        f"{where}: {c} is also in {seen[c]} (each card exists once)"
                    )
                seen[c] = whose
            return cards

        for b, raw in enumerate(raw_boards):
            where = self.board_name if spec.boards is None else f"boards[{b}]"
            whose = "the board" if n_boards == 1 else f"board {b + 1}"
            self.boards.append(Board(b, read(raw, where, whose) or ()))
        for p in self.players:
            p.cards = read(p.spec.hand, f"players[{p.index}].hand", f"{p.name}'s hand")
        for m in self.extra_seats():
            m.cards = read(m.hand, f"{m.where}.hand", f"{m.label}'s hand")

    def why_boards(self) -> str:
        """Why several boards are dealt, for messages (' during' and the card that deals them)."""
        return ""

    def _legal_hands(self) -> None:
        """Contestants who cannot make a legal hand (too few hand cards, or marked)."""
        need = self.hand_cards_needed()
        for p in self.players:
            if not p.live:
                continue
            if p.spec.no_legal_hand:
                self.no_legal.add(p.name)
            elif need and p.cards is not None and len(p.cards) < need and not self.has_floor(p):
                self.no_legal.add(p.name)
                self.event(NoLegalHand(p.name, len(p.cards), need, self.why_needed()))
        for m in self.live_extras:
            if m.no_legal_hand:
                self.no_legal.add(m.label)
                continue
            count = len(m.cards) if m.cards is not None else self.extra_hand_count(m)
            if need and count is not None and count < need:
                self.no_legal.add(m.label)
                self.event(NoLegalHand(m.label, count, need, self.why_needed(), extra=True))

    def why_needed(self) -> str:
        """The rule that asks for an exact number of hand cards (an encounter's name)."""
        return ""

    # -------------------------------------------------------------- ranking

    def _rank_rules(self) -> RankRules:
        return RankRules(game=self.game)

    def _rank(self) -> None:
        contestants = [c for c in self.contestants if c not in self.no_legal]
        results = self.spec.result
        if results is not None:
            texts = [results] if isinstance(results, str) else list(results)
            if len(texts) != len(self.boards):
                raise CompanionError(
                    f"result: {len(texts)} order(s) given for {len(self.boards)} board(s) (one per board)"
                )
            for board, text in zip(self.boards, texts, strict=True):
                where = "result" if isinstance(results, str) else f"result[{board.index}]"
                board.groups = self._explicit(text, where, contestants)
                board.lines = self._lines_from_groups(board)
        elif len(contestants) <= 1:
            for board in self.boards:
                board.groups = (tuple(contestants),) if contestants else ()
                board.lines = self._lines_from_groups(board)
        else:
            ranker = self.ranker or default_ranker()
            entrants = []
            for name in contestants:
                cards = self._cards_of(name)
                if cards is None:
                    where = self._where(name)
                    raise CompanionError(
                        f"{where}.hand: {name} has no hand cards (give every hand, or a result)"
                    )
                entrants.append(self.contestant(name, cards))
            rules = self._rank_rules()
            for board in self.boards:
                ranked = ranker(entrants, board.cards, rules)
                board.groups = result_groups(ranked)
                if board.index == 0:
                    self.ranked = {r.name: r for r in ranked}
                board.lines = [self._line(r, board) for r in ranked]
                for r in ranked:
                    if r.extra.get("decided_by"):
                        shown = self._board_no(board)
                        self.event(DecidingCard(shown, str(r.extra["decided_by"])))
        for board in self.boards:
            for name in sorted(self.no_legal, key=self.contestants.index):
                board.lines.append(
                    HandLine(
                        name,
                        "no legal hand",
                        (),
                        None,
                        self._board_no(board),
                        name not in self.by_name,
                        self._cards_of(name) or (),
                    )
                )

    def _board_no(self, board: Board) -> int | None:
        return board.index + 1 if len(self.boards) > 1 else None

    def _line(self, r: RankedHand, board: Board) -> HandLine:
        return HandLine(
            r.name,
            r.hand,
            tuple(r.best),
            r.place,
            self._board_no(board),
            r.name not in self.by_name,
            self._cards_of(r.name) or (),
            str(r.extra.get("description", "")),
        )

    def _cards_of(self, name: str) -> tuple[str, ...] | None:
        if name in self.by_name:
            return self.by_name[name].cards
        m = self.extra(name)
        return m.cards if m is not None else None

    def _where(self, name: str) -> str:
        if name in self.by_name:
            return f"players[{self.by_name[name].index}]"
        m = self.extra(name)
        return m.where if m is not None else name

    def _explicit(self, text: str, where: str, contestants: list[str]) -> Result:
        names = [*self.by_name, *(m.label for m in self.extra_seats())]
        try:
            groups = resolve_names(parse_result(text), names)
        except CompanionError as exc:
            raise CompanionError(f"{where}: {exc}") from None
        placed = [n for g in groups for n in g]
        live = set(contestants)
        for name in placed:
            if name in live:
                continue
            p = self.by_name.get(name)
            m = self.extra(name)
            if p is not None and p.spec.folded:
                raise CompanionError(f"{where}: '{name}' folded and cannot win or be placed")
            if m is not None and not m.live:
                raise CompanionError(f"{where}: '{name}' {self.why_out(m)} and cannot be placed")
            if name in self.no_legal:
                raise CompanionError(f"{where}: '{name}' has no legal hand and cannot be placed")
            known = ", ".join(self.contestants) or "nobody"
            raise CompanionError(f"{where}: '{name}' is not at the table (still in: {known})")
        seen = set(placed)
        missing = [n for n in contestants if n not in seen]
        if missing:
            raise CompanionError(
                f"{where}: the result does not place {', '.join(missing)} "
                f"(place everyone still in, or mark no_legal_hand: true)"
            )
        return groups

    def _lines_from_groups(self, board: Board) -> list[HandLine]:
        lines = []
        for place, group in enumerate(board.groups, start=1):
            for name in group:
                p = self.by_name.get(name)
                m = self.extra(name)
                hand_class = (p.spec.hand_class if p else m.hand_class if m else None) or ""
                lines.append(
                    HandLine(
                        name,
                        hand_class,
                        (),
                        place,
                        self._board_no(board),
                        p is None,
                        self._cards_of(name) or (),
                    )
                )
        return lines

    # -------------------------------------------------------------- pots

    def _pots(self) -> None:
        spec = self.spec
        contributions = {p.name: p.spec.put_in for p in self.players}
        folded = {p.name for p in self.players if p.spec.folded}
        extras = [m.label for m in self.live_extras]
        capped = {m.label: m.owner for m in self.live_extras if m.owner is not None}
        uneven = unequal_bets(contributions, folded, self.rules)
        if uneven:
            first, other = (self.by_name[n] for n in uneven)
            raise CompanionError(
                f"players[{other.index}].put_in: {other.spec.put_in}, but {first.name} put in "
                f"{first.spec.put_in}: {self.rules.game} has no side pots, so the players still in "
                "have bet the same"
            )
        house_extra = self.house_adds(contributions, folded)
        self.added = spec.carried + self.pot_bonus() + house_extra
        if spec.carried:
            self.event(CarriedJoins(self.amounts_word, spec.carried))
        self.house_bet_joins()
        pots = list(
            build_pots(
                contributions,
                folded,
                always_eligible=extras,
                dead_money=self.added,
                capped_by=capped,
            )
        )
        for board in self.boards:
            board.main_winners = self._best_of(pots[0].eligible, board.groups) if pots else ()
        payouts = dict.fromkeys(contributions, 0)
        removed = self.adjust_pots(pots, payouts)
        split_left = 0
        per_board: list[list[Pot]] = [[] for _ in self.boards]
        n = len(self.boards)
        for pot in pots:
            if n == 1:
                per_board[0].append(pot)
                continue
            part = (pot.amount // self.rules.unit // n) * self.rules.unit
            split_left += pot.amount - part * n
            for b in range(n):
                per_board[b].append(Pot(part, pot.eligible, board=b + 1))
        if split_left:
            self.event(BoardsSplitLeft(self.amounts_word, split_left))
        all_pots: list[Pot] = []
        carry, house = split_left, 0
        self.pot_winners = []
        for board, board_pots in zip(self.boards, per_board, strict=True):
            payee = self.payees(board)
            only_own = self.payees_if_eligible(board)
            s = award(
                board_pots,
                board.groups,
                contributions,
                rules=self.rules,
                button=spec.button,
                payee=payee,
                extra=extras,
                payee_if_eligible=only_own,
            )
            awarded = [replace(p, board=q.board) for p, q in zip(s.pots, board_pots, strict=True)]
            self.pot_winners.append(awarded)
            for name, value in s.payouts.items():
                payouts[name] = payouts.get(name, 0) + value
            carry += s.carry_over
            removed += s.removed
            house += s.house
            all_pots.extend(awarded)
            self._pot_events(board, awarded, payee, only_own)
        self.pots = tuple(all_pots)
        self.payouts = payouts
        self.carry, self.removed, self.house = carry, removed, house
        self.contributions = contributions
        total_in = sum(contributions.values()) + self.added
        total_out = sum(payouts.values()) + carry + removed + house
        if total_in != total_out:  # pragma: no cover - a bug, never bad input
            raise RuntimeError(f"chips not conserved: {total_in} in, {total_out} out")

    def _best_of(self, eligible: Iterable[str], groups: Result) -> tuple[str, ...]:
        eligible = set(eligible)
        for group in groups:
            winners = tuple(n for n in group if n in eligible)
            if winners:
                return winners
        return ()

    def _pot_events(
        self,
        board: Board,
        pots: Sequence[Pot],
        payee: Mapping[str, str | None],
        capped: frozenset[str] = frozenset(),
    ) -> None:
        shown = self._board_no(board)
        for i, pot in enumerate(pots):
            if not pot.winners:
                if pot.amount:
                    to_house = self.rules.odd_chips == "house"
                    self.event(PotUnwon(self.amounts_word, shown, i, pot.amount, to_house))
                continue
            to = {w: payee.get(w, w) for w in pot.winners}
            to = {w: None if t in capped and t not in pot.eligible else t for w, t in to.items()}
            goes = {w: self.winnings(w, t) for w, t in to.items()}
            if len(pot.winners) == 1:
                w = pot.winners[0]
                self.event(PotWon(self.amounts_word, shown, i, pot.amount, w, goes[w]))
                continue
            odd = pot.amount - sum(pot.shares.values())
            odd_to: Literal["house", "table", ""] = ""
            if odd and self.rules.odd_chips != "left-of-button":
                odd_to = "house" if self.rules.odd_chips == "house" else "table"
            self.event(
                PotTied(
                    self.amounts_word,
                    shown,
                    i,
                    pot.amount,
                    tuple(pot.winners),
                    dict(pot.shares),
                    {w: g for w, g in goes.items() if g is not None},
                    odd if odd_to else 0,
                    odd_to,
                )
            )

    # -------------------------------------------------------------- result

    def result_fields(self) -> ResultFields:
        """The fields of the result every game has, as the phases left them."""
        winners: list[str] = []
        for board in self.boards:
            for w in board.main_winners:
                if w not in winners:
                    winners.append(w)
        return ResultFields(
            game=self.game,
            pots=self.pots,
            payouts=self.payouts,
            carry_over=self.carry,
            removed=self.removed,
            house=self.house,
            contributions=self.contributions,
            added=self.added,
            players=tuple(line for board in self.boards for line in board.lines),
            winners=tuple(winners),
            treasures=self.treasures,
            bank=self.bank,
            events=tuple(self.events),
            currency=self.currency,
            bank_name=self.bank_name,
        )

    def _result(self) -> ShowdownResult:
        """The result (a game with more to report overrides it and adds its own fields)."""
        return ShowdownResult(**self.result_fields())


def _cards(codes: Iterable[str]) -> list[Any]:
    """Card codes as the hand ranker's cards (jokers included), for the deal's checks."""
    from companion.poker.cards import parse_card

    return [parse_card(c, allow_joker=True) for c in codes]
