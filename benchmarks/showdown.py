"""Showdown speed by size: a file's showdown at the sizes tables play, and at the cap.

Run: ``python benchmarks/showdown.py [--repeat N]``. Builds Hold'em showdowns
of 2, 6, 10 and 23 players (23 is the most a showdown holds), with real
hands ranked by the hand ranker and with a written ``result``, and times
``adjudicate`` (CPU time of this process, the mean of ``N`` runs). The peer
is ``companion.poker.pots.settle`` on the same contributions: the pots alone,
without the hands and the game's rules. It prints milliseconds per showdown
and the ratio to the peer.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.showdown import adjudicate
from companion.poker.pots import settle
from companion.poker.showdown_input import ShowdownIn

RANKS = "23456789TJQKA"
SUITS = "shdc"


def _spec(players: int, ranked: bool, seed: int) -> ShowdownIn:
    rng = random.Random(seed)
    deck = [r + s for r in RANKS for s in SUITS]
    rng.shuffle(deck)
    names = [f"p{i}" for i in range(players)]
    data: dict[str, object] = {
        "game": "holdem",
        "players": [
            {"name": n, "put_in": 10 * (i % 4 + 1), "hand": deck[2 * i : 2 * i + 2]}
            for i, n in enumerate(names)
        ],
        "board": deck[2 * players : 2 * players + 5],
    }
    if not ranked:
        data["result"] = " > ".join(names)
    return ShowdownIn.model_validate(data)


def _ms(action, repeat: int) -> float:  # type: ignore[no-untyped-def]
    start = time.process_time()
    for _ in range(repeat):
        action()
    return (time.process_time() - start) / repeat * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    print(f"{'players':>7}  {'ranked ms':>9}  {'result ms':>9}  {'pots ms':>7}  ratio")
    for players in (2, 6, 10, 23):
        ranked = _spec(players, True, players)
        written = _spec(players, False, players)
        contributions = {p.name: p.put_in for p in written.players}
        order = written.result
        assert isinstance(order, str)
        t_ranked = _ms(lambda s=ranked: adjudicate(s), args.repeat)
        t_written = _ms(lambda s=written: adjudicate(s), args.repeat)
        t_pots = _ms(lambda c=contributions, o=order: settle(c, o), args.repeat)
        print(
            f"{players:>7}  {t_ranked:>9.3f}  {t_written:>9.3f}  {t_pots:>7.3f}  "
            f"{t_ranked / t_pots:>5.1f}x"
        )


if __name__ == "__main__":
    main()
