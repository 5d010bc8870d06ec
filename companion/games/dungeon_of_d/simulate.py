"""Play many Dungeon of D games with a bot and sum them up (balance and speed).

Game ``i`` of a run with seed ``S`` is played from its own seed
(:func:`game_seed`), and the bot is seeded with it too, so a run is the same
whatever the number of worker processes and in whatever order the games end:
``simulate(1000, seed=1)`` always gives the same figures (the speed aside).

>>> summary = simulate(4, seed=1, bot="greedy")
>>> summary.games, summary == simulate(4, seed=1, bot="greedy", workers=2)
(4, True)
>>> sorted(summary.to_json())[:4]
['amulet_rate', 'amulet_wins', 'bot', 'deepest_level']
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from companion.errors import CompanionError

MASK64 = (1 << 64) - 1
MAX_ACTIONS = 20000
"""A game that has not ended after this many actions is counted as lost (never seen)."""

Progress = Callable[[int], None]
"""Called with the number of games just finished (for a progress bar)."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with ``seed`` (splitmix64-mixed, below 2**53).

    >>> game_seed(1, 0) != game_seed(1, 1) != game_seed(2, 0)
    True
    """
    z = (int(seed) * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return (z ^ (z >> 31)) >> 11


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one simulated game ended."""

    seed: int
    character: str
    outcome: str
    """``"escaped"`` or ``"lost"``."""
    amulet: bool
    score: int
    level: int
    """The deepest level reached (the level the game ended on)."""
    turns: int
    actions: int

    @property
    def won(self) -> bool:
        return self.outcome == "escaped"


def play_one(seed: int, bot: str = "greedy") -> GameResult:
    """Play one whole game with a bot seeded like the game."""
    from companion.games.dungeon_of_d.bots import make_bot
    from companion.games.dungeon_of_d.engine import new_game, step
    from companion.games.dungeon_of_d.score import score

    player = make_bot(bot, seed)
    state = new_game(seed)
    while state.outcome is None and state.actions < MAX_ACTIONS:
        step(state, player(state))
    return GameResult(
        seed=seed,
        character=state.character,
        outcome=state.outcome or "lost",
        amulet=state.amulet and state.outcome == "escaped",
        score=score(state).total,
        level=state.level,
        turns=state.turn,
        actions=state.actions,
    )


@dataclass(frozen=True)
class Summary:
    """The figures of a run (``games_per_sec`` is the only one that varies between runs)."""

    bot: str
    seed: int
    games: int
    wins: int
    amulet_wins: int
    total_score: int
    total_turns: int
    total_actions: int
    levels: dict[int, int]
    """How many games ended on each level."""
    seconds: float = field(default=0.0, compare=False)

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def amulet_rate(self) -> float:
        return self.amulet_wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        return self.total_score / self.games if self.games else 0.0

    @property
    def mean_turns(self) -> float:
        return self.total_turns / self.games if self.games else 0.0

    @property
    def mean_actions(self) -> float:
        return self.total_actions / self.games if self.games else 0.0

    @property
    def deepest_level(self) -> int:
        return max(self.levels, default=0)

    @property
    def mean_level(self) -> float:
        return sum(k * n for k, n in self.levels.items()) / self.games if self.games else 0.0

    @property
    def games_per_sec(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def reached(self, level: int) -> int:
        """Games that got down to ``level`` or deeper."""
        return sum(n for k, n in self.levels.items() if k >= level)

    def rows(self) -> list[tuple[str, str]]:
        """The run in words, one (what, figure) pair a line."""
        games = self.games or 1
        return [
            ("escaped alive (wins)", f"{self.wins} ({100 * self.win_rate:.1f}%)"),
            ("escaped with the Amulet", f"{self.amulet_wins} ({100 * self.amulet_rate:.1f}%)"),
            ("lost", f"{self.losses}"),
            ("mean score", f"{self.mean_score:.1f}"),
            ("mean turns", f"{self.mean_turns:.1f}"),
            ("mean level at the end", f"{self.mean_level:.2f}"),
            (
                "deepest level reached",
                f"{self.deepest_level} ({self.reached(self.deepest_level)} games)",
            ),
            ("reached level 8", f"{self.reached(8)} ({100 * self.reached(8) / games:.1f}%)"),
            ("games per second", f"{self.games_per_sec:.0f}"),
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "seed": self.seed,
            "games": self.games,
            "wins": self.wins,
            "amulet_wins": self.amulet_wins,
            "losses": self.losses,
            "win_rate": round(self.win_rate, 4),
            "amulet_rate": round(self.amulet_rate, 4),
            "mean_score": round(self.mean_score, 2),
            "mean_turns": round(self.mean_turns, 2),
            "mean_actions": round(self.mean_actions, 2),
            "mean_level": round(self.mean_level, 3),
            "deepest_level": self.deepest_level,
            "levels": {str(k): self.levels[k] for k in sorted(self.levels)},
            "games_per_sec": round(self.games_per_sec, 1),
        }


def summarise(results: Iterable[GameResult], bot: str, seed: int, seconds: float = 0.0) -> Summary:
    games = wins = amulets = total_score = turns = actions = 0
    levels: dict[int, int] = {}
    for r in results:
        games += 1
        wins += r.won
        amulets += r.amulet
        total_score += r.score
        turns += r.turns
        actions += r.actions
        levels[r.level] = levels.get(r.level, 0) + 1
    return Summary(
        bot,
        seed,
        games,
        wins,
        amulets,
        total_score,
        turns,
        actions,
        dict(sorted(levels.items())),
        seconds,
    )


def _play_chunk(job: tuple[int, int, int, str]) -> list[GameResult]:
    seed, start, stop, bot = job
    return [play_one(game_seed(seed, i), bot) for i in range(start, stop)]


def _chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(games, start + size)


def simulate(
    games: int,
    seed: int = 0,
    bot: str = "greedy",
    workers: int = 1,
    progress: Progress | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Summary:
    """Play ``games`` games with ``bot`` (in ``workers`` processes) and sum them up."""
    from companion.games.dungeon_of_d.bots import BOTS
    from companion.games.dungeon_of_d.state import check_seed

    check_seed(seed)
    if games < 1:
        raise CompanionError(f"--games must be at least 1, not {games}")
    if workers < 1:
        raise CompanionError(f"--workers must be at least 1, not {workers}")
    if bot not in BOTS:
        raise CompanionError(f"no bot '{bot}' (bots: {', '.join(sorted(BOTS))})")
    from companion.games.dungeon_of_d.content import load_content

    load_content()  # read the cards once, before the clock starts (and before any fork)
    size = max(1, min(50, games // (workers * 8) or 1))
    jobs = [(seed, a, b, bot) for a, b in _chunks(games, size)]
    results: list[GameResult] = []
    started = clock()
    if workers == 1 or len(jobs) == 1:
        for job in jobs:
            chunk = _play_chunk(job)
            results.extend(chunk)
            if progress is not None:
                progress(len(chunk))
    else:
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        with context.Pool(min(workers, len(jobs))) as pool:
            for chunk in pool.imap(_play_chunk, jobs):  # in order: the same sums every time
                results.extend(chunk)
                if progress is not None:
                    progress(len(chunk))
    seconds = clock() - started
    return summarise(results, bot, seed, seconds)


@dataclass(frozen=True)
class Target:
    """One balance target and how a run measured against it."""

    name: str
    measured: str
    met: bool

    def to_json(self) -> dict[str, Any]:
        return {"target": self.name, "measured": self.measured, "met": self.met}


@dataclass(frozen=True)
class Balance:
    """The three-bot balance report: the greedy bot (a sensible player), the farmer
    (the greedy bot milking every repeatable room) and the random bot, with the
    targets the cards are tuned to (issue 17)."""

    greedy: Summary
    farmer: Summary
    random: Summary

    @property
    def runs(self) -> tuple[Summary, ...]:
        return (self.greedy, self.farmer, self.random)

    def targets(self) -> list[Target]:
        g, f, r = self.greedy, self.farmer, self.random
        return [
            Target(
                "greedy escapes alive in 15-45% of games",
                f"{100 * g.win_rate:.1f}%",
                0.15 <= g.win_rate <= 0.45,
            ),
            Target(
                "greedy escapes with the Amulet in 1-10%",
                f"{100 * g.amulet_rate:.2f}%",
                0.01 <= g.amulet_rate <= 0.10,
            ),
            Target(
                "farmer Amulet at most 5 points above greedy's",
                f"{100 * (f.amulet_rate - g.amulet_rate):+.2f} points",
                f.amulet_rate <= g.amulet_rate + 0.05,
            ),
            Target(
                "random escapes in at most 1%",
                f"{100 * r.win_rate:.2f}%",
                r.win_rate <= 0.01,
            ),
        ]

    @property
    def met(self) -> bool:
        return all(t.met for t in self.targets())

    HEADER = ("bot", "escaped alive", "with the Amulet", "mean score", "mean turns")

    def rows(self) -> list[tuple[str, ...]]:
        """One line a bot, under :attr:`HEADER`."""
        return [
            (
                s.bot,
                f"{s.wins} ({100 * s.win_rate:.2f}%)",
                f"{s.amulet_wins} ({100 * s.amulet_rate:.2f}%)",
                f"{s.mean_score:.1f}",
                f"{s.mean_turns:.1f}",
            )
            for s in self.runs
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.greedy.seed,
            "games": self.greedy.games,
            "bots": [s.to_json() for s in self.runs],
            "targets": [t.to_json() for t in self.targets()],
            "met": self.met,
        }


BALANCE_BOTS = ("greedy", "farmer", "random")


def balance(
    games: int, seed: int = 0, workers: int = 1, progress: Progress | None = None
) -> Balance:
    """Run the three balance bots on the same seeds and check the targets."""
    greedy, farmer, random_run = (
        simulate(games, seed, bot, workers, progress) for bot in BALANCE_BOTS
    )
    return Balance(greedy, farmer, random_run)


def planned_games(games: int, check_balance: bool = False) -> int:
    """How many games :func:`run` plays (``games`` for each balance bot)."""
    return games * (len(BALANCE_BOTS) if check_balance else 1)


def run(
    games: int,
    seed: int = 0,
    bot: str = "greedy",
    workers: int = 1,
    progress: Progress | None = None,
    *,
    check_balance: bool = False,
) -> Summary | Balance:
    """``dod simulate``: one bot's run, or (``check_balance``) the balance bots' report."""
    if check_balance:
        return balance(games, seed, workers, progress)
    return simulate(games, seed, bot, workers, progress=progress)


__all__ = [
    "BALANCE_BOTS",
    "Balance",
    "GameResult",
    "Summary",
    "Target",
    "balance",
    "game_seed",
    "planned_games",
    "play_one",
    "run",
    "simulate",
    "summarise",
]
