"""The pages' buttons as typed commands: each the very library call its CLI command makes.

A dealer's button or a player's choice is parsed from its form into one
:class:`Command` (a frozen value with typed fields, checked as the CLI checks
its options: one-line errors naming the bad value) and run in one table
transaction: the clock's keys are ``timer do``
(:func:`companion.timer.commands.do_actions`), a new deal ``table deal``, the
next street ``table board`` (``dk board`` at Dragon Kings),
settling ``table showdown``, a monster ``table monster``, a treasure ``draw
treasures --for NAME``, DECKO's round ``decko round``, undo ``table undo``,
a player's choice ``table choose``. An error leaves the table as it was.

What a command answers is what it did at the table: the history entries it
wrote, each as the page's viewer may know it (the dealer's page is the whole
table's), and their sentences. A command shapes no document of its own: a
card a page may not show is not in the events it hands back. Which buttons a
game's dealer's page offers is its game's (:func:`controls_for`); a command is found by its
name in :data:`COMMANDS`, never by a chain of names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.errors import CompanionError
from companion.events import sentence
from companion.registry import game, games
from companion.table import HistoryEntry, TableInfo, TableStore, Transaction
from companion.timer.controls import BUTTONS, MINUTE_BUTTONS

MAX_FIELD = 2000
"""Longest form field taken (a showdown's amounts and order fit easily)."""

Form = Mapping[str, str]


@dataclass(frozen=True)
class Done:
    """What a command did: its answer in a line, and the events behind it as the page's
    viewer may know them."""

    message: str
    entries: tuple[HistoryEntry, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": True,
            "message": self.message,
            "events": [e.event.to_json() for e in self.entries],
        }


def field_of(form: Form, name: str, *, required: bool = False) -> str:
    """One field of a page's form, trimmed; at most :data:`MAX_FIELD` characters."""
    value = str(form.get(name, "") or "").strip()
    if len(value) > MAX_FIELD:
        raise CompanionError(f"{name}: at most {MAX_FIELD} characters, got {len(value)}")
    if required and not value:
        raise CompanionError(f"{name} is missing")
    return value


def words_of(text: str) -> tuple[str, ...]:
    """A field's names or amounts, however they are separated (spaces, commas)."""
    return tuple(w for w in re.split(r"[\s,]+", text) if w)


def at_table(
    store: TableStore,
    table: TableInfo | None,
    name: str,
    work: Callable[[Transaction, TableInfo], Any],
    *,
    viewer: str | None = None,
    said: Callable[[Any], str] | None = None,
) -> Done:
    """Run ``work(tx, table)`` in one write transaction and answer with the entries it
    wrote, as ``viewer`` may know them (``None``: the whole table). ``said`` gives the
    answer from the result instead, where a game's rules still tell their own steps."""
    if table is None:
        raise CompanionError(f"'{name}' needs a table: start serve with --table NAME")
    with store.transaction() as tx:
        at = tx.table(table.name)
        last = tx.last_entry_id(at)
        result = work(tx, at)
        wrote = tx.history(at, since=last)
    seen = tuple(e.seen_by(viewer) for e in wrote)
    message = said(result) if said is not None else "; ".join(sentence(e.event) for e in seen)
    return Done(message or "done", seen)


class Command:
    """One button of a page: ``name`` is its path (``/action/NAME``), ``from_form`` reads
    its fields, ``run`` does it."""

    name: ClassVar[str]

    @classmethod
    def from_form(cls, form: Form) -> Command:
        return cls()

    def run(self, store: TableStore, table: TableInfo | None) -> Done:
        raise NotImplementedError


# -- the clock --------------------------------------------------------------------------------

_CLOCK_SAID = {
    "pause": "paused",
    "resume": "running",
    "deal": "deal played",
    "next": "next level",
    "previous": "previous level",
    "end-level": "level ended",
    "plus-minute": "a minute more",
    "minus-minute": "a minute less",
}
"""How a clock button answers, in words rather than its key (``toggle`` says whether the
clock now runs or is paused)."""

CLOCK_KEYS = (
    "toggle",
    "pause",
    "resume",
    "deal",
    "next",
    "previous",
    "plus-minute",
    "minus-minute",
    "end-level",
)


@dataclass(frozen=True)
class ClockKey(Command):
    """A key of the clock (``timer do KEY``)."""

    key: str
    name: ClassVar[str] = "clock"

    def run(self, store: TableStore, table: TableInfo | None) -> Done:
        from companion.games.clock import clock_of
        from companion.timer.commands import do_actions

        clock = clock_of(store, None if table is None else table.name)
        report = do_actions(clock.session, [self.key])
        done = "paused" if report.view.paused else "running"
        said = _CLOCK_SAID.get(self.key, done if self.key == "toggle" else self.key)
        return Done("; ".join(report.notices) or f"{said}: {report.view.title}")


@dataclass(frozen=True)
class StartClock(Command):
    """Start the table's clock (``timer run``, without the screen)."""

    name: ClassVar[str] = "start-clock"

    def run(self, store: TableStore, table: TableInfo | None) -> Done:
        from companion.games.clock import clock_of, start_clock
        from companion.timer.commands import ClockRequest

        outcome = start_clock(
            clock_of(store, None if table is None else table.name), ClockRequest()
        )
        return Done(f"clock running: {outcome.view.title}")


# -- the table --------------------------------------------------------------------------------


@dataclass(frozen=True)
class NewDeal(Command):
    """``table deal``: the next deal (the last one counts for its level)."""

    name: ClassVar[str] = "new-deal"

    def run(self, store: TableStore, table: TableInfo | None) -> Done:
        from companion.games.deals import start_deal

        return at_table(store, table, self.name, start_deal)


@dataclass(frozen=True)
class DealStreet(Command):
    """``table board``: the next street of the board (the flop, the turn, the river), once
    the betting of the last one is over; its betting round opens."""

    name: ClassVar[str] = "board"

    def run(self, store: TableStore, table: TableInfo | None) -> Done:
        from companion.games.dungeon_poker.table_rules import deal_board

        return at_table(store, table, self.name, deal_board)


@dataclass(frozen=True)
class DkStreet(Command):
    """``dk board``: Dragon Kings' next street, once the betting of the last one is over."""

    name: ClassVar[str] = "dk-board"

    def run(self, store: TableStore, table: TableInfo | None) -> Done:
        from companion.games.dragon_kings.table_rules import board

        return at_table(store, table, self.name, board)


@dataclass(frozen=True)
class DrawMonster(Command):
    """``table monster``: a monster comes to the table."""

    name: ClassVar[str] = "monster"

    def run(self, store: TableStore, table: TableInfo | None) -> Done:
        from companion.games.dungeon_poker.table_rules import monster

        return at_table(store, table, self.name, monster)


@dataclass(frozen=True)
class DrawTreasure(Command):
    """``draw treasures --for PLAYER``: a treasure for one player."""

    player: str
    name: ClassVar[str] = "treasure"

    @classmethod
    def from_form(cls, form: Form) -> Command:
        return cls(field_of(form, "player", required=True))

    def run(self, store: TableStore, table: TableInfo | None) -> Done:
        from companion.table import draw

        return at_table(
            store,
            table,
            self.name,
            lambda tx, at: draw(tx, at, "treasures", 1, at.player(self.player)),
        )


@dataclass(frozen=True)
class Settle(Command):
    """``table showdown NAME=AMOUNT... [--fold NAME]... [--result ...] [--takes ...]``."""

    amounts: tuple[str, ...]
    folded: tuple[str, ...] = ()
    result: str | None = None
    takes: tuple[str, ...] = ()
    name: ClassVar[str] = "showdown"

    @classmethod
    def from_form(cls, form: Form) -> Command:
        return cls(
            words_of(field_of(form, "amounts", required=True)),
            words_of(field_of(form, "fold")),
            field_of(form, "result") or None,
            words_of(field_of(form, "takes")),
        )

    def run(self, store: TableStore, table: TableInfo | None) -> Done:
        from companion.games.deals import settle_deal
        from companion.games.dungeon_poker.deal import read_table_showdown

        _, put_in = read_table_showdown(None, self.amounts)
        return at_table(
            store,
            table,
            self.name,
            lambda tx, at: settle_deal(
                tx, at, put_in, folded=self.folded, result=self.result, takes=self.takes
            ),
        )


@dataclass(frozen=True)
class StartRound(Command):
    """``decko round``: DECKO's next round (the round track moves, the clock with it)."""

    name: ClassVar[str] = "round"

    def run(self, store: TableStore, table: TableInfo | None) -> Done:
        from companion.games.decko.table_rules import start_round

        # DECKO's rules tell the round's steps themselves: those are the answer.
        return at_table(
            store, table, self.name, start_round, said=lambda event: "; ".join(event.events)
        )


@dataclass(frozen=True)
class Undo(Command):
    """``table undo``: take back the last table action (a level undone takes the clock back)."""

    name: ClassVar[str] = "undo"

    def run(self, store: TableStore, table: TableInfo | None) -> Done:
        from companion.games import undo_at_table

        return at_table(store, table, self.name, undo_at_table)


@dataclass(frozen=True)
class Choose(Command):
    """``table choose PLAYER CHARACTER``: a player keeps one of the characters dealt to them.

    Only the characters dealt to this player can be named: anything else is refused
    with their own choices listed, never with where that card lies (the table's own
    refusal says so)."""

    player: str
    character: str
    name: ClassVar[str] = "choose"

    def run(self, store: TableStore, table: TableInfo | None) -> Done:
        from companion.games.dungeon_poker import table_rules as dp

        wanted = self.character.strip()
        if not wanted or len(wanted) > 200:
            raise CompanionError("choose one of the characters dealt to you")
        return at_table(
            store,
            table,
            self.name,
            lambda tx, at: dp.choose(tx, at, self.player, wanted),
            viewer=self.player,
        )


@dataclass(frozen=True)
class Bet(Command):
    """``table bet PLAYER ACTION [AMOUNT]`` from a page: ``step`` is how many steps of the
    betting the page had seen, so a page that missed an action, or sends one twice, is
    refused rather than applied (:func:`companion.table.betting.check_step`)."""

    player: str
    action: str
    amount: int | None = None
    step: int | None = None
    viewer: str | None = None
    name: ClassVar[str] = "bet"

    @classmethod
    def of(cls, form: Form, player: str, *, viewer: str | None = None) -> Bet:
        """The action a page's form sends for ``player`` (the page's own player, or the
        one the dealer names)."""
        action = field_of(form, "action", required=True)
        raw = field_of(form, "amount") if action.casefold() in ("bet", "raise") else ""
        return cls(
            player, action, _whole("amount", raw), _whole("step", field_of(form, "step")), viewer
        )

    def run(self, store: TableStore, table: TableInfo | None) -> Done:
        from companion.table import betting

        def work(tx: Transaction, at: TableInfo) -> Any:
            who = at.player(self.player)
            betting.check_step(betting.load(tx, at), self.step)
            action = betting.parse_action(who, self.action, self.amount)
            return betting.act(tx, at, action, actor=who)

        return at_table(store, table, self.name, work, viewer=self.viewer)


def _whole(name: str, raw: str) -> int | None:
    if not raw:
        return None
    if not raw.isdigit() or len(raw) > 12:
        raise CompanionError(f"{name}: a whole number, got {raw[:20]!r}")
    return int(raw)


COMMANDS: dict[str, Callable[[Form], Command]] = {
    **{key: (lambda form, key=key: ClockKey(key)) for key in CLOCK_KEYS},  # type: ignore[misc]
    **{
        cls.name: cls.from_form
        for cls in (
            StartClock,
            NewDeal,
            DealStreet,
            DkStreet,
            DrawMonster,
            DrawTreasure,
            Settle,
            StartRound,
            Undo,
        )
    },
}
"""The dealer's page's commands, by the name its buttons post to."""

CLOCK_CONTROLS = ("start-clock", "deal", *BUTTONS, *MINUTE_BUTTONS)
"""The buttons of the dealer's page for the clock kept without a table: its own keys."""


def controls_for(table: TableInfo | None) -> tuple[str, ...]:
    """The commands the dealer's page offers at ``table``, as its game says
    (:meth:`companion.registry.Game.dealer_controls`; a game that says nothing: the clock's
    and undo)."""
    if table is None:
        return CLOCK_CONTROLS
    return game(table.game).dealer_controls() or (*CLOCK_CONTROLS, "undo")


def dealer_command(table: TableInfo | None, name: str, form: Form) -> Command:
    """The dealer's command ``name`` with the form's fields; a one-line error if the page
    has no such button for this table."""
    if name not in COMMANDS:
        raise CompanionError(f"unknown action '{name[:40]}' (actions: {', '.join(COMMANDS)})")
    offered = controls_for(table)
    if name not in offered:
        game = "the clock kept without a table" if table is None else f"a {table.game} table"
        raise CompanionError(
            f"'{name}' is not an action of {game} (its actions: {', '.join(offered)})"
        )
    return COMMANDS[name](form)


# -- a player's own actions (DECKO's betting and buying) ------------------------------------


def check_seen(tx: Transaction, table: TableInfo, seen: int | None) -> None:
    """Refuse an action sent from a page drawn before the table's last entry (``seen`` is
    the newest entry the page showed): a page that missed a move, or the same action sent
    twice, moves nothing."""
    if seen is None:
        return
    now = tx.last_entry_id(table)
    if seen != now:
        raise CompanionError(
            f"the table moved on since this page was drawn (entry #{seen}, now #{now}): "
            "look again and act on what it shows now"
        )


@dataclass(frozen=True)
class PlayerAction(Command):
    """One of a player's own actions from their page, for that player only: the token
    of the page's link names them, never the form. ``label`` is its button."""

    player: str
    seen: int | None = None
    label: ClassVar[str] = ""

    @classmethod
    def of(cls, form: Form, player: str) -> PlayerAction:
        return cls(player, _whole("seen", field_of(form, "seen")))

    def work(self, tx: Transaction, at: TableInfo) -> Any:
        raise NotImplementedError

    def run(self, store: TableStore, table: TableInfo | None) -> Done:
        def checked(tx: Transaction, at: TableInfo) -> Any:
            check_seen(tx, at, self.seen)
            return self.work(tx, at)

        return at_table(store, table, self.name, checked, viewer=self.player)


@dataclass(frozen=True)
class DeckoRaise(PlayerAction):
    """``decko raise PLAYER``: one chip above the highest bet."""

    name: ClassVar[str] = "raise"
    label: ClassVar[str] = "raise (one chip)"

    def work(self, tx: Transaction, at: TableInfo) -> Any:
        from companion.games.decko.table_rules import raise_bet

        return raise_bet(tx, at, self.player)


@dataclass(frozen=True)
class DeckoCall(PlayerAction):
    """``decko call PLAYER``: match the highest bet."""

    name: ClassVar[str] = "call"
    label: ClassVar[str] = "call"

    def work(self, tx: Transaction, at: TableInfo) -> Any:
        from companion.games.decko.table_rules import call

        return call(tx, at, self.player)


@dataclass(frozen=True)
class DeckoFold(PlayerAction):
    """``decko fold PLAYER [--take SLOT]``: the bet goes to the house bet."""

    take: str = ""
    name: ClassVar[str] = "fold"
    label: ClassVar[str] = "fold"

    @classmethod
    def of(cls, form: Form, player: str) -> PlayerAction:
        return cls(player, _whole("seen", field_of(form, "seen")), field_of(form, "slot"))

    def work(self, tx: Transaction, at: TableInfo) -> Any:
        from companion.games.decko.table_rules import fold

        return fold(tx, at, self.player, [self.take] if self.take else [])


@dataclass(frozen=True)
class DeckoBuy(PlayerAction):
    """``decko buy PLAYER SLOT``: a market card at its price."""

    slot: str = ""
    name: ClassVar[str] = "buy"
    label: ClassVar[str] = "buy"

    @classmethod
    def of(cls, form: Form, player: str) -> PlayerAction:
        seen = _whole("seen", field_of(form, "seen"))
        return cls(player, seen, field_of(form, "slot", required=True))

    def work(self, tx: Transaction, at: TableInfo) -> Any:
        from companion.games.decko.table_rules import buy

        return buy(tx, at, self.player, self.slot)


@dataclass(frozen=True)
class DeckoFlush(PlayerAction):
    """``decko flush PLAYER``: five new market cards ($2)."""

    name: ClassVar[str] = "flush"
    label: ClassVar[str] = "flush the market ($2)"

    def work(self, tx: Transaction, at: TableInfo) -> Any:
        from companion.games.decko.table_rules import flush_market

        return flush_market(tx, at, self.player)


@dataclass(frozen=True)
class DeckoDone(PlayerAction):
    """``decko done PLAYER``: the player ends their buying."""

    name: ClassVar[str] = "done"
    label: ClassVar[str] = "done buying"

    def work(self, tx: Transaction, at: TableInfo) -> Any:
        from companion.games.decko.table_rules import done

        return done(tx, at, self.player)


PLAYER_ACTIONS: dict[str, type[PlayerAction]] = {
    cls.name: cls for cls in (DeckoRaise, DeckoCall, DeckoFold, DeckoBuy, DeckoFlush, DeckoDone)
}
"""A player's page's own actions, by the name its buttons send
(:attr:`companion.registry.Game.page_actions` says which a game's page offers)."""


def page_action(table: TableInfo, player: str, form: Form) -> Command:
    """The action a player's page sends (its ``act`` field) for ``player``; a one-line
    error for one the game's page does not offer."""
    name = field_of(form, "act", required=True)
    offered = game(table.game).page_actions
    if name not in offered or name not in PLAYER_ACTIONS:
        shown = ", ".join(offered) or "none besides the betting's"
        raise CompanionError(
            f"'{name[:40]}' is not an action of a {table.game} player's page (its actions: {shown})"
        )
    return PLAYER_ACTIONS[name].of(form, player)


def page_buttons(names: Sequence[str]) -> list[dict[str, str]]:
    """The buttons of a player's page for the actions ``names``: each its name and label."""
    return [{"action": n, "label": PLAYER_ACTIONS[n].label} for n in names if n in PLAYER_ACTIONS]


def player_command(table: TableInfo, player: str, form: Form) -> Command:
    """A player's page's one command: what the game lets a player choose there (Dungeon
    Poker: a character, :attr:`companion.registry.Game.player_choice`)."""
    if game(table.game).player_choice != "character":
        choosers = [g.name for g in games() if g.player_choice == "character"]
        raise CompanionError(
            f"choosing a character is for {' and '.join(choosers)}; this table plays {table.game}"
        )
    return Choose(table.player(player), str(form.get("character", "")))
