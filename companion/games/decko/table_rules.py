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

The rules are split as the rulebook's round is, one module a step (Dungeon
Poker's table has the same shape); this module lists them and hands the
commands to the CLI and the pages:

* :mod:`~companion.games.decko.mat`: what lies where, the box's counts, saving the mat;
* :mod:`~companion.games.decko.setup`: the setup;
* :mod:`~companion.games.decko.play`: one command's work on the mat (:class:`Play`);
* :mod:`~companion.games.decko.round_start`: steps 1-3, the track, the bets, the deal;
* :mod:`~companion.games.decko.betting`: step 4, burn, raise, call, fold;
* :mod:`~companion.games.decko.reveal`: step 5, the reveal settled by DECKO's showdown;
* :mod:`~companion.games.decko.buying`: step 6, the buying phase;
* :mod:`~companion.games.decko.game_end`: step 7, the end of the game;
* :mod:`~companion.games.decko.by_hand`: loans and the cards the table does not run itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.decko import mat as mat_state
from companion.games.decko import setup
from companion.games.decko.betting import burn, call, fold, raise_bet
from companion.games.decko.buying import buy, buy_chips, buy_joker, done, flush_market, gift
from companion.games.decko.by_hand import discard_cards, draw_cards, loan, move_chips, stud, tcg
from companion.games.decko.events import DeckoStep
from companion.games.decko.mat import (
    GAME,
    JOKER_TYPES,
    LAST_ROUND,
    NS,
    TOTAL_CHIPS,
    DeckoEvent,
    Mat,
    Seat,
    ref_of,
)
from companion.games.decko.play import Play, open_play
from companion.games.decko.round_start import start_round
from companion.games.decko.sets import MARKET_SLOTS
from companion.table.actions import game_cards
from companion.table.drawing import GameRules
from companion.table.model import CardCopy, DrawnCard, TableInfo
from companion.table.store import Transaction
from companion.table.views import Audience, View

__all__ = [
    "GAME",
    "JOKER_TYPES",
    "MARKET_SLOTS",
    "NS",
    "TOTAL_CHIPS",
    "DeckoEvent",
    "DeckoHand",
    "DeckoRules",
    "Mat",
    "Play",
    "Seat",
    "burn",
    "buy",
    "buy_chips",
    "buy_joker",
    "call",
    "discard_cards",
    "done",
    "draw_cards",
    "flush_market",
    "fold",
    "gift",
    "hand_of",
    "loan",
    "mat_of",
    "move_chips",
    "open_play",
    "raise_bet",
    "start_round",
    "stud",
    "tcg",
]


class DeckoRules(GameRules):
    """DECKO's setup and rounds, on top of the generic table rules."""

    RESHUFFLED = frozenset({"starting"})  # a player's draw pile is rebuilt from their discards

    def validate_players(self, players: Sequence[str], options: dict[str, Any]) -> None:
        setup.validate_players(players)

    # -- setup (:mod:`companion.games.decko.setup`) -------------------------------------------

    def setup(self, tx: Transaction, table: TableInfo, cards: GameCards) -> list[str]:
        return setup.setup(tx, table, cards)

    # -- state (:mod:`companion.games.decko.mat`) ----------------------------------------------

    def mat(self, tx: Transaction, table: TableInfo) -> Mat:
        return mat_state.load_mat(tx, table)

    def save(self, tx: Transaction, table: TableInfo, board: Mat, step: DeckoStep) -> None:
        mat_state.save(tx, table, board, step)

    def card_model(self, tx: Transaction, table: TableInfo, cards: GameCards, ref: str) -> Any:
        return mat_state.card_model(tx, table, cards, ref)

    def names(self, cards: GameCards, rows: dict[str, CardCopy], refs: Iterable[str]) -> list[str]:
        return mat_state.names(cards, rows, refs)

    def round_info(self, round_number: int) -> Any:
        return mat_state.round_info(round_number)

    def house_factor(self) -> int:
        return mat_state.house_factor()

    def views(
        self, tx: Transaction, table: TableInfo, cards: GameCards, audiences: Sequence[Audience]
    ) -> dict[Audience, View]:
        from companion.games.decko import views

        return views.views(self, tx, table, cards, audiences)

    def overview(self, tx: Transaction, table: TableInfo, cards: GameCards) -> dict[str, Any]:
        mat = self.mat(tx, table)
        rows = {ref_of(c): c for c in tx.cards(table)}
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
        # the end of the game is the view's own fact: ``table show`` prints it first
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

    def public(self, board: Mat, cards: GameCards, rows: dict[str, CardCopy]) -> dict[str, Any]:
        return mat_state.public_mat(board, cards, rows)

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


def _rules(table: TableInfo) -> DeckoRules:
    if table.game != GAME:
        raise CompanionError(f"table '{table.name}' plays {table.game}, not DECKO")
    return DeckoRules(GAME)


def mat_of(tx: Transaction, table: TableInfo) -> DeckoEvent:
    """The mat as every player sees it (nothing changes)."""
    rules = _rules(table)
    cards = game_cards(table)
    rows = {ref_of(c): c for c in tx.cards(table)}
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
    play = open_play(tx, table)
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


BETTING_ACTIONS = ("raise", "call", "fold")
"""What the player to act may do in the betting phase (a raise is one chip; the rules
refuse one past the round's maximum)."""
BUYING_ACTIONS = ("buy", "flush", "done")
"""What the player whose turn it is to buy may do on their page."""


def actions_now(tx: Transaction, table: TableInfo) -> dict[str, tuple[str, ...]]:
    """Each player's actions open to them at this moment: the one to act in the betting,
    the first of the buyers in the buying phase; nobody else's."""
    mat = mat_state.load_mat(tx, table)
    now: dict[str, tuple[str, ...]] = {}
    if mat.phase == "betting" and mat.turn:
        now[mat.turn] = BETTING_ACTIONS
    if mat.phase == "buying" and mat.buyers:
        now[mat.buyers[0]] = BUYING_ACTIONS
    return now
