"""The full-screen clock (``companion timer run``), built with textual.

Readable across a table: the time left in large digits, the level and its
blinds, the deals played, what comes next and when the next break is, the
soul gem bonus, the encounter card in force with its text, and a bar of the
whole structure. The bell rings and the screen flashes one minute (or one
deal) before each change and at the change itself.

The app only shows and forwards key presses: every change goes through the
:class:`~companion.timer.session.TimerSession`, which saves it at once; the
clock is read again several times a second, so a second terminal (or
``companion timer do``) driving the same clock shows up here too. Time comes
from the session's injected clock, so tests drive it without sleeping.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.css.query import NoMatches
from textual.widgets import Digits, Footer, Static

from companion.errors import CompanionError
from companion.timer.clock import ClockView
from companion.timer.controls import ACTIONS, alert_between
from companion.timer.describe import (
    bonus_text,
    break_text,
    deals_text,
    encounter_lines,
    next_text,
    round_notes,
    stage_label,
    stakes_text,
    time_text,
)
from companion.timer.session import Outcome, TimerSession
from companion.ui.big_digits import render, scale_for

FLASH_SECONDS = 2.0
BAR_STAGES = 14
SPACERS = 3
"""Blank rows between the parts (above the digits, the encounter and the bar): they go
when the face would not fit the terminal otherwise, so that the longest face (a soul gem
level, a five-line encounter, paused, a notice) fits 80×24 without scrolling."""
ENCOUNTER_MARGIN = 4
COMPACT_ENCOUNTER_MARGIN = 2
"""Columns left and right of the encounter box; the compact face widens the box, so a
long text can take fewer rows there than it would take with the blank rows back."""


class _Face(Vertical):
    """The column of the clock's parts: fitted to the terminal each time its height changes."""

    def __init__(self, fit: Callable[[], None], *, id: str) -> None:
        super().__init__(id=id)
        self._fit = fit

    def on_resize(self, event: events.Resize) -> None:
        self._fit()


def bar_text(v: ClockView, count: int = BAR_STAGES) -> Text:
    """The structure as a row of cells: played dim, current reversed, to come plain."""
    position = v.state.position
    first = max(0, position - 3)
    stages = v.structure.stages(count, first)
    text = Text()
    for offset, stage in enumerate(stages):
        index = first + offset
        label = f" {stage_label(stage)} "
        if index == position and not v.state.in_owed_break:
            style = "bold reverse"
        elif index < position or (index == position and v.state.in_owed_break):
            style = "dim"
        else:
            style = ""
        text.append(label, style=style)
        if index == position and v.state.in_owed_break:
            text.append(" ‖ ", style="bold reverse")
        text.append("·", style="dim")
    if v.structure.continues:
        text.append(" … then +" + "/".join(str(add) for _, add in v.structure.step), style="dim")
    return text


def progress_text(v: ClockView, width: int = 48) -> Text:
    """How far the stage has gone, by time (or by deals when untimed)."""
    if v.duration:
        done = min(1.0, v.elapsed / v.duration)
    elif v.deals_per_level and not v.is_break:
        done = min(1.0, v.deals / v.deals_per_level)
    else:
        return Text("")
    filled = round(done * width)
    return Text.assemble(("━" * filled, "bold"), ("━" * (width - filled), "dim"))


class TimerApp(App[None]):
    """The clock on the whole terminal."""

    TITLE = "companion timer"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { align: center top; overflow-y: auto; }
    Screen.flash { background: $warning 35%; }
    #main { width: 100%; height: auto; padding: 0 2; }
    #heading { width: 100%; text-align: center; color: $text-muted; }
    #level { width: 100%; text-align: center; text-style: bold; }
    #stakes { width: 100%; text-align: center; text-style: bold; color: $accent; }
    #time { width: auto; margin: 1 0 0 0; }
    #bigtime { width: auto; margin: 1 0 0 0; text-style: bold; }
    #progress { width: 100%; text-align: center; }
    #deals { width: 100%; text-align: center; }
    #state { width: 100%; text-align: center; text-style: bold; color: $warning; }
    #next, #break, #bonus, #notes { width: 100%; text-align: center; }
    #bonus { color: $success; }
    #bar { width: 100%; margin: 1 0 0 0; }
    #notice { width: 100%; text-align: center; color: $text-muted; }
    Screen.compact #time, Screen.compact #bigtime, Screen.compact #bar { margin: 0; }
    #encounter { border: round $accent; padding: 0 1; height: auto; }
    """ + (
        f"#encounter {{ margin: 1 {ENCOUNTER_MARGIN} 0 {ENCOUNTER_MARGIN}; }}\n"
        f"Screen.compact #encounter {{ margin: 0 {COMPACT_ENCOUNTER_MARGIN}; }}\n"
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        # Short words, so that the whole key help, "q quit" included, fits 80 columns.
        Binding("space", "control('toggle')", "pause"),
        Binding("d", "control('deal')", "deal"),
        Binding("n", "control('next')", "next"),
        Binding("p", "control('previous')", "back"),
        Binding("plus,equals_sign", "control('plus-minute')", "+1 min", key_display="+"),
        Binding("minus", "control('minus-minute')", "-1 min", key_display="-"),
        Binding("e", "control('end-level')", "end level"),
        Binding("q", "quit", "quit"),
    ]

    def __init__(
        self, session: TimerSession, *, heading: str = "", tick: float = 0.25, bell: bool = True
    ) -> None:
        super().__init__()
        self.session = session
        self.heading = heading
        self.tick_seconds = tick
        self.ring = bell
        self.alerts: list[str] = []
        self.last_view: ClockView | None = None
        self.last_error: str | None = None
        self._flash_until = float("-inf")

    def compose(self) -> ComposeResult:
        with _Face(self._fit, id="main"):
            yield Static(self.heading, id="heading")
            yield Static(id="level")
            yield Static(id="stakes")
            with Center():
                yield Digits("00:00", id="time")
            with Center():
                yield Static(id="bigtime")
            yield Static(id="progress")
            yield Static(id="deals")
            yield Static(id="state")
            yield Static(id="next")
            yield Static(id="break")
            yield Static(id="bonus")
            yield Static(id="notes")
            yield Static(id="encounter")
            yield Static(id="bar")
            yield Static(id="notice")
        yield Footer()

    def on_mount(self) -> None:
        self.tick()
        self.set_interval(self.tick_seconds, self.tick)

    # -- reading and changing the clock -------------------------------------------

    def tick(self) -> None:
        """Read the clock again (time passes, other terminals press keys)."""
        try:
            outcome = self.session.refresh()
        except CompanionError as exc:
            self.error(exc.message)
            return
        self.error(None)
        self.show(outcome)

    def action_control(self, name: str) -> None:
        try:
            outcome = self.session.act(ACTIONS[name])
        except CompanionError as exc:
            self.error(exc.message, again=True)
            return
        self.error(None)
        self.show(outcome)

    def error(self, message: str | None, *, again: bool = False) -> None:
        """Say what is wrong once (a reset elsewhere fails every tick: one toast, not four a second).

        The message stays on the notice line until the clock reads again;
        ``again``: a key pressed on purpose shows its error even if it is the same.
        """
        if message == self.last_error and not again:
            return
        self.last_error = message
        try:
            self._line("#notice", message or "")
        except NoMatches:  # closing
            return
        if message is not None:
            self.clear_notifications()
            self.notify(message, severity="error")

    # -- showing it -----------------------------------------------------------------

    def alert(self, kind: str, now: float) -> None:
        """Bell and flash: a level is about to change, or just has."""
        self.alerts.append(kind)
        if self.ring:
            self.bell()
        self._flash_until = now + FLASH_SECONDS
        self.screen.add_class("flash")

    def show(self, outcome: Outcome) -> None:
        try:
            self._show(outcome)
        except NoMatches:  # a last tick while the app is closing
            pass

    def _show(self, outcome: Outcome) -> None:
        v = outcome.view
        kind = alert_between(self.last_view, v)
        if kind:
            self.alert(kind, v.now)
        elif v.now >= self._flash_until:
            self.screen.remove_class("flash")
        self.last_view = v
        players = v.state.settings.players
        self.query_one("#level", Static).update(
            f"{v.title}"
            + (f" · then {v.structure.level_word} {v.level.number}" if v.is_break else "")
        )
        self.query_one("#stakes", Static).update(stakes_text(v.level, v.structure, players))
        self._time(time_text(v))
        self.query_one("#progress", Static).update(progress_text(v))
        played = "time played" if v.remaining is None else "time left"
        self.query_one("#deals", Static).update(f"{played} · {deals_text(v)}")
        self._line("#state", "PAUSED (space to go on)" if v.paused else "")
        self._line("#next", next_text(v))
        self._line("#break", break_text(v))
        self._line("#bonus", bonus_text(v) or "")
        self._line("#notes", "\n".join(round_notes(v)))
        encounter = self.query_one("#encounter", Static)
        lines = encounter_lines(v)
        encounter.display = lines is not None
        if lines is not None:
            headline, body = lines
            encounter.border_title = headline
            # Wrapped at word boundaries to the box's width; a word longer than a line folds.
            encounter.update(Text(body or headline, overflow="fold"))
        self.query_one("#bar", Static).update(bar_text(v))
        notices = " · ".join(outcome.notices)
        if notices or outcome.changes:
            self._line("#notice", notices)
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """Drop the blank rows between the parts when the face is taller than the terminal,
        and bring them back when it has room for them again."""
        try:
            used = self.query_one("#main").outer_size.height + self.query_one(Footer).size.height
        except NoMatches:  # closing
            return
        screen = self.screen
        if screen.has_class("compact"):
            if used + SPACERS + self._rows_the_encounter_gains() <= self.size.height:
                screen.remove_class("compact")
        elif used > self.size.height:
            screen.add_class("compact")

    def _rows_the_encounter_gains(self) -> int:
        """How many rows more the encounter text takes in the narrower box of the full face.

        Without this, a text one row shorter in the compact box flipped the face between
        compact and full on every tick: full did not fit, compact seemed to leave room.
        """
        box = self.query_one("#encounter", Static)
        if not box.display:
            return 0
        width = box.content_region.width
        narrower = max(1, width - 2 * (ENCOUNTER_MARGIN - COMPACT_ENCOUNTER_MARGIN))
        now = box.get_content_height(box.container_size, self.size, width)
        return box.get_content_height(box.container_size, self.size, narrower) - now

    def _time(self, shown: str) -> None:
        """The digits: textual's own at small sizes, block digits that grow on a large screen."""
        digits = self.query_one("#time", Digits)
        digits.update(shown)
        big = self.query_one("#bigtime", Static)
        scale = scale_for(self.size.width, self.size.height, shown)
        big.display = scale > 1
        digits.display = scale == 1
        if scale > 1:
            big.update(render(shown, scale))

    def _line(self, selector: str, text: str) -> None:
        widget = self.query_one(selector, Static)
        widget.update(text)
        widget.display = bool(text)
