"""Where a game plugs into the tools: one :class:`Game` a game, registered once.

The tool engines (``poker``, ``table``, ``timer``) never name a game. Each
game subclasses :class:`Game` once, in ``companion/games/plugins/<game>.py``,
and ``companion.games`` registers one of each with :func:`register_game`; an
engine asks :func:`game` for the game of an id and calls the hook it needs.
Every hook has the answer of a game without a rule of its own (the generic
tool), so a game overrides only what its rulebook changes.

A hook imports its game's rules when it is first called, never before, so
registering every game costs five small modules at start-up.

>>> class Tiddlywinks(Game):
...     id, name = "tiddlywinks", "Tiddlywinks"
>>> register_game(Tiddlywinks())
>>> game("tiddlywinks").name, game("snap").name
('Tiddlywinks', 'snap')
>>> forget("tiddlywinks")
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from companion.errors import CompanionError

if TYPE_CHECKING:
    from companion.games.ranking import RankOptions
    from companion.poker.pots import PotRules
    from companion.poker.showdown import Showdown, ShowdownResult
    from companion.poker.showdown_input import ShowdownIn
    from companion.poker.showdown_rank import Ranker
    from companion.poker.variants import Rules
    from companion.table.drawing import GameRules
    from companion.table.model import DrawnCard, TableInfo
    from companion.table.store import Transaction
    from companion.timer.structure import Structure
    from companion.timer.table_clock import TableLevels


@dataclass(frozen=True)
class HandReader:
    """How a game whose cards the poker ranker cannot read reads and ranks its hands."""

    read: Callable[..., tuple[str, ...]]
    """``read(text, where=...)``: the card codes of a hand or a market."""
    rank: Ranker
    """Rank the contestants' hands (a :data:`~companion.poker.showdown_rank.Ranker`)."""


class Reported(Protocol):
    """A result of the library that knows its own JSON document."""

    def to_json(self) -> object: ...


class DealSettled(Protocol):
    """What ``table showdown`` did: the showdown's result and what the table did with it."""

    @property
    def result(self) -> ShowdownResult: ...

    @property
    def notes(self) -> Sequence[str]: ...

    @property
    def cards(self) -> Sequence[DrawnCard]: ...

    def to_json(self, table_state: Mapping[str, object]) -> dict[str, object]: ...


@dataclass(frozen=True)
class DealEnd:
    """What only the dealer knows when a deal ends (the table knows the rest)."""

    put_in: Mapping[str, int]
    """What each player put in this deal (the table counts it when it tracked the bets)."""
    folded: Sequence[str] = ()
    result: str | None = None
    """The showdown order, best first (``ann > orc = ben``), instead of hands."""
    extra: Mapping[str, object] | None = None
    """More of the showdown file: hands, board, what was declared."""
    takes: Sequence[str] = ()
    """A dead character's treasure the winner takes."""


@dataclass(frozen=True)
class LevelCards:
    """A game's printed blind levels, for a structure that follows them (``level_cards:``)."""

    levels: tuple[tuple[int, int], ...]
    """(blind, soul gems) of each level card, in play order."""
    rise: int
    """What each level past the last card adds to the blind (0: the levels stop)."""


@dataclass(frozen=True)
class TableFacts:
    """What the current table already knows, for the commands that work without one.

    ``ranking`` completes ``rank`` and ``odds`` options (by their field
    names), ``showdown`` a showdown file (by its fields); neither replaces
    what the command line or the file says. ``stacks`` gives ``pot``'s
    ``NAME=all`` its amount.
    """

    table: str
    game: str
    ranking: Mapping[str, object] = field(default_factory=dict)
    showdown: Mapping[str, object] = field(default_factory=dict)
    stacks: Mapping[str, int] = field(default_factory=dict)
    """The gold the table counts for each player (``pot NAME=all``); empty when it counts none."""


class Game:
    """One game, as every tool sees it. Each hook's default is the generic tool's answer."""

    id: str = ""
    """The game id everywhere: CLI, data folders, JSON (``dungeon-poker``)."""
    name: str = ""
    """The game's name as its rulebook writes it (``Dungeon Poker``)."""

    def __repr__(self) -> str:
        return f"<Game {self.id}>"

    # -- hands: rank, odds and the showdown's ranker ---------------------------------

    def hand_rules(self) -> Rules | None:
        """The poker-style ordering of this game's hands (None: it has none, or its own ranker)."""
        return None

    def hand_reader(self) -> HandReader | None:
        """How this game's hands are read and ranked when the poker ranker cannot."""
        return None

    def claims(self, opts: RankOptions) -> bool:
        """``rank``/``odds``: a flag only this game has was given, so it is this game."""
        return False

    def check_flags(self, opts: RankOptions, played: str) -> None:
        """``rank``/``odds``: refuse this game's flags when another game is played."""

    def ranking_rules(self, opts: RankOptions) -> Rules | None:
        """``rank``/``odds``: the ordering under the options given (wild cards, ...)."""
        rules = self.hand_rules()
        return rules.with_wild(opts.wild) if rules is not None and opts.wild else rules

    def rank(self, players: Sequence[str], opts: RankOptions) -> Reported | None:
        """``rank`` by the game's own ranker (None: the poker ranker ranks its hands)."""
        return None

    # -- pots and the showdown -------------------------------------------------------

    def pot_rules(self) -> PotRules | None:
        """How this game's pots are paid: coin size, odd chips, side pots, a house bet
        (None: the game has no pots)."""
        return None

    def showdown_input(self) -> type[ShowdownIn] | None:
        """The showdown file of this game: the engine's fields and the game's own (None:
        the game has no showdown)."""
        return None

    def showdown(self) -> type[Showdown]:
        """The showdown engine of this game (a subclass with the game's rules)."""
        from companion.poker.showdown import Showdown

        return Showdown

    # -- the table -------------------------------------------------------------------

    def event_modules(self) -> tuple[str, ...]:
        """The modules that define this game's table events (imported when a history names
        one of their kinds before anything else imported them)."""
        return ()

    def table_rules(self) -> GameRules:
        """The rules of setting up, drawing and showing this game's table."""
        from companion.table.drawing import GameRules

        return GameRules(self.id)

    def start_deal(self, tx: Transaction, table: TableInfo, *, deal_hands: bool) -> Reported:
        """``table deal``: start the next deal of ``table``."""
        raise CompanionError(f"'table deal' is for games with deals; {self.name} has none")

    def settle_deal(self, tx: Transaction, table: TableInfo, end: DealEnd) -> DealSettled:
        """``table showdown``: settle the deal of ``table`` from its state and ``end``."""
        raise CompanionError(f"'table showdown' is for games with deals; {self.name} has none")

    def table_facts(self, tx: Transaction, table: TableInfo) -> TableFacts:
        """What ``rank``, ``odds`` and ``showdown`` borrow from a current table of this game."""
        return TableFacts(table.name, table.game)

    # -- the screens (companion serve) ------------------------------------------------
    # What each audience sees is the table rules' view (:meth:`table_rules`, ``views``).

    def dealer_controls(self) -> tuple[str, ...] | None:
        """The commands of the dealer's page at a table of this game, in the order its
        buttons show (names of ``companion.serve.commands.COMMANDS``); None: the clock's
        buttons and undo."""
        return None

    def showdown_names(self, tx: Transaction, table: TableInfo) -> list[str]:
        """Who a deal's result at a table of this game places, by the names a result
        calls them (the settle form's example)."""
        return list(table.players)

    player_choice: str | None = None
    """What a player chooses on their own page (None: nothing)."""

    page_actions: tuple[str, ...] = ()
    """The actions a player's own page may offer at a table of this game, besides a
    character and the tracked betting (names of ``companion.serve.commands.PLAYER_ACTIONS``)."""

    def page_actions_now(self, tx: Transaction, table: TableInfo) -> Mapping[str, Sequence[str]]:
        """Which of :attr:`page_actions` each player may take now (a player left out: none)."""
        return {}

    # -- the clock -------------------------------------------------------------------

    def levels(self) -> TableLevels | None:
        """How a table of this game opens levels for its clock (None: the clock counts them)."""
        return None

    structures: tuple[str, ...] = ()
    """The ids of the game's built-in blind structures, its standard one first: each is
    ``<id>.yaml`` in the ``structures`` folder of the game's package, and ``timer
    structures`` lists them in this order, game by game."""

    def structure_files(self) -> tuple[Path, ...]:
        """The files of :attr:`structures`, in order (read by ``companion.timer.structure``)."""
        if not self.structures:
            return ()
        package = Path(__file__).resolve().parent / "games" / self.id.replace("-", "_")
        return tuple(package / "structures" / f"{s}.yaml" for s in self.structures)

    def default_structure(self, table: TableInfo) -> str | None:
        """The built-in blind structure a table of this game plays (None: no blinds)."""
        return None

    def check_structure(self, table: TableInfo, structure: Structure) -> None:
        """Refuse a blind structure a table of this game cannot play (``timer run``)."""

    has_level_cards = False
    """Whether the game prints its blind levels on cards (:meth:`level_cards`)."""

    def level_cards(self, which: str) -> LevelCards | None:
        """The levels of the ``which`` deck of level cards (None: the game has none)."""
        return None


class PlainPoker(Game):
    """A plain poker ordering with no game around it (``holdem``, ``omaha``)."""

    def __init__(self, game_id: str, rules: Rules | None = None) -> None:
        self.id = self.name = game_id
        self._rules = rules

    def hand_rules(self) -> Rules | None:
        return self._rules

    def showdown_input(self) -> type[ShowdownIn] | None:
        from companion.poker.showdown_input import ShowdownIn

        return None if self._rules is None else ShowdownIn

    def pot_rules(self) -> PotRules | None:
        from companion.poker.pots import PotRules

        return None if self._rules is None else PotRules(self.id)


_GAMES: dict[str, Game] = {}

KIND_LOADERS: list[Callable[[], None]] = []
"""What defines the event classes not imported yet (each game's events modules): run
once, the first time a history names a kind nobody has defined
(:func:`companion.events.read_event`). Kept here rather than in :mod:`companion.events`,
so that filling the registry does not import the events (``rank`` reads none)."""


def use_kind_loader(load: Callable[[], None]) -> None:
    """Call ``load`` to define more event kinds when a kind is not known yet (a command
    that only reads the history imports no game's rules; ``companion.games`` hands its
    loader over when it loads, as it fills the registry)."""
    KIND_LOADERS.append(load)


def register_game(entry: Game) -> None:
    """Plug ``entry`` in: every tool finds its hooks by its id from now on."""
    _GAMES[entry.id] = entry


def forget(game_id: str) -> None:
    """Unplug a game (tests of the registry itself)."""
    _GAMES.pop(game_id, None)


def games() -> tuple[Game, ...]:
    """Every registered game, in the order they were registered."""
    _check_filled()
    return tuple(_GAMES.values())


def game(game_id: str) -> Game:
    """The game of ``game_id``: the one registered, else a plain poker ordering (or nothing)."""
    _check_filled()
    found = _GAMES.get(game_id)
    if found is not None:
        return found
    from companion.poker.variants import GAMES

    return PlainPoker(game_id, GAMES.get(game_id))


def _check_filled() -> None:
    if not _GAMES:
        raise CompanionError(
            "no game has registered its rules with the tool engines: import companion.games first"
        )
