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

The rules are split by the rulebook's chapters, one module each (Dungeon
Poker's table has the same shape); :class:`DragonKingsRules` hands each over
and the functions below are the commands the CLI and the pages call:

* :mod:`~companion.games.dragon_kings.state`: what the table keeps, the events;
* :mod:`~companion.games.dragon_kings.opening`: Play Begins, the first black king;
* :mod:`~companion.games.dragon_kings.dealing`: a deal, the blinds, the board, folds,
  Sleight of Hand;
* :mod:`~companion.games.dragon_kings.settling`: the showdown with its points, First
  Honors, misdeals;
* :mod:`~companion.games.dragon_kings.wing_play`: the wing cards put in play and made
  permanent;
* :mod:`.points`, :mod:`.wings`, :mod:`.showdown`: the guests' points, the wing cards'
  ranking rules, the showdown's rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dragon_kings import dealing, opening, settling, wing_play
from companion.games.dragon_kings import points as pts
from companion.games.dragon_kings import state as dk_state
from companion.games.dragon_kings.events import (
    DkRebuy,
)
from companion.games.dragon_kings.showdown import (
    MISDEAL_PENALTY,
    first_honors,
)
from companion.games.dragon_kings.state import (
    DECK,
    GAME,
    NS,
    OPENING_BONUS,
    WINGS,
    DealState,
    Settled,
    TableEvent,
    WingState,
    card_of,
)
from companion.games.dragon_kings.wings import (
    SWORDS_JOKER,
    check_variant,
    wing_card,
)
from companion.poker.cards import Card
from companion.poker.hands import names_text
from companion.poker.variants import Rules
from companion.registry import TableFacts
from companion.table import betting as table_betting
from companion.table.actions import game_cards
from companion.table.drawing import GameRules
from companion.table.model import TableInfo
from companion.table.store import Transaction
from companion.table.views import Audience, View


class DragonKingsRules(GameRules):
    """Dragon Kings: the Swords joker variant, deals, wing cards and First Honors.

    The rules live in the chapter modules (this module's docstring lists them); the
    methods here hand each over, so the table engine and the screens find them.
    """

    def validate_players(self, players: Sequence[str], options: dict[str, Any]) -> None:
        from companion.poker.showdown_input import check_showdown_names

        check_showdown_names(players)

    def options(self, raw: dict[str, Any]) -> dict[str, Any]:
        variant = raw.pop("variant", None)
        limit = table_betting.check_limit(raw.pop("limit", None), "Dragon Kings")
        super().options(raw)
        key = check_variant(variant)
        chosen: dict[str, Any] = {"variant": key} if key else {}
        if limit is not None:
            chosen["limit"] = limit
        return chosen

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

    # -- the state (:mod:`companion.games.dragon_kings.state`) --------------------------------

    def wings(self, tx: Transaction, table: TableInfo) -> WingState:
        return dk_state.wings(tx, table)

    def deal_state(self, tx: Transaction, table: TableInfo) -> DealState:
        return dk_state.deal_state(tx, table)

    def bonuses(self, tx: Transaction, table: TableInfo) -> dict[str, int]:
        return dk_state.bonuses_of(tx, table)

    def rules(self, tx: Transaction, table: TableInfo) -> Rules:
        return dk_state.rules_now(tx, table)

    # -- the opening draw (:mod:`companion.games.dragon_kings.opening`) -----------------------

    def open_game(
        self, tx: Transaction, table: TableInfo, cards: GameCards, match: pts.Match
    ) -> TableEvent:
        return opening.open_game(tx, table, cards, match)

    # -- dealing (:mod:`companion.games.dragon_kings.dealing`) --------------------------------

    def deal(self, tx: Transaction, table: TableInfo, cards: GameCards) -> TableEvent:
        return dealing.deal(tx, table, cards)

    def _effects(self, tx: Transaction, table: TableInfo) -> dict[str, Any]:
        return dealing.wing_effects(tx, table)

    def board(self, tx: Transaction, table: TableInfo, cards: GameCards) -> TableEvent:
        return dealing.board(tx, table, cards)

    def hole(self, tx: Transaction, table: TableInfo, cards: GameCards, player: str) -> list[Card]:
        return dealing.hole(tx, table, cards, player)

    def fold(self, tx: Transaction, table: TableInfo, cards: GameCards, player: str) -> TableEvent:
        return dealing.fold(tx, table, cards, player)

    def swap(
        self, tx: Transaction, table: TableInfo, cards: GameCards, player: str, ref: str
    ) -> TableEvent:
        return dealing.swap(tx, table, cards, player, ref)

    # -- the showdown (:mod:`companion.games.dragon_kings.settling`) --------------------------

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
        return settling.settle(tx, table, cards, put_in, folded, result, extra)

    def misdeal(self, tx: Transaction, table: TableInfo, player: str) -> TableEvent:
        return settling.misdeal(tx, table, player)

    # -- wing cards (:mod:`companion.games.dragon_kings.wing_play`) ---------------------------

    def put_wing(
        self, tx: Transaction, table: TableInfo, cards: GameCards, name: str, player: str
    ) -> TableEvent:
        return wing_play.put_wing(tx, table, cards, name, player)

    def make_permanent(
        self, tx: Transaction, table: TableInfo, cards: GameCards, player: str, name: str | None
    ) -> TableEvent:
        return wing_play.make_permanent(tx, table, cards, player, name)

    # -- what the table shows -----------------------------------------------------------------

    def views(
        self, tx: Transaction, table: TableInfo, cards: GameCards, audiences: Sequence[Audience]
    ) -> dict[Audience, View]:
        from companion.games.dragon_kings import views

        return views.views(self, tx, table, cards, audiences)

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
        board = [] if deal.hidden_river else [c.code for c in dealing.board_cards(tx, table, cards)]
        honors = dk_state.get(tx, table, "honors")
        bonuses = self.bonuses(tx, table)
        lines = [
            "wing cards in force: "
            + ", ".join(f"[bold]{w['name']}[/] ({w['kind']})" for w in in_force)
        ]
        if deal.number:
            lines.append(
                f"deal {deal.number} · dealer {deal.dealer} · {deal.street}"
                # the board is the view's own fact (``table show`` prints it below)
            )
        elif deal.dealer:
            lines.append(f"first dealer: {deal.dealer}")
        if state.choosers:
            lines.append(f"may choose the next voluntary wing card: {names_text(state.choosers)}")
        owing = list(dk_state.get(tx, table, "misdeals", []))
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
        behind = dealing.left_behind(tx, table, deal)
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
        # the game's end is the view's own fact: ``table show`` prints it first
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
    honors = dk_state.get(tx, table, "honors")
    return TableFacts(
        table.name,
        table.game,
        ranking={
            "wings": tuple(wing_card(w).name for w in wings),
            "variant": table.options.get("variant"),
        },
        showdown={"wings": wings or ["none"], "first_honors": not honors},
    )


__all__ = [
    "DECK",
    "GAME",
    "NS",
    "OPENING_BONUS",
    "WINGS",
    "DealState",
    "DragonKingsRules",
    "Settled",
    "ShowdownReport",
    "TableEvent",
    "WingState",
    "board",
    "card_of",
    "deal",
    "first_honors",
    "fold",
    "make_permanent",
    "misdeal",
    "open_game",
    "put_wing",
    "rebuy",
    "settle",
    "showdown",
    "showdown_report",
    "swap",
    "table_facts",
    "table_rules_now",
]
