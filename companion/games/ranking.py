"""What ``companion rank`` and ``companion odds`` compute, for every game.

The command line hands over text (players as ``NAME=CARDS``, boards, flags);
this module picks the game (:meth:`~companion.registry.Game.claims` names
the game a flag belongs to), takes its ordering
(:meth:`~companion.registry.Game.ranking_rules`, or the game's own ranker:
:meth:`~companion.registry.Game.rank`), refuses what cannot happen at a real
table and returns a result whose ``to_json()`` is the command's JSON
document.

>>> result = rank_players(["ann=As,Kd", "bob=Qh,Qc"], RankOptions(boards=("2s 7h Qd 9c 3s",)))
>>> result.to_json()["winners"], result.winners_text
(['bob'], 'bob wins')
>>> rank_players(["ann=As"], RankOptions(game="holdem", boards=("2c 3c 4c 5c 6c 7c",)))
Traceback (most recent call last):
  ...
companion.errors.CompanionError: 6 board cards, but holdem deals at most 5
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from companion.errors import CompanionError
from companion.poker.cards import Card, format_cards, parse_card, split_tokens
from companion.poker.hands import Decider, Ranking, decider, names_text
from companion.poker.variants import Rules

if TYPE_CHECKING:
    from companion.poker.odds import Odds  # (rank needs none of odds' machinery)
    from companion.registry import Reported


def rank_games() -> tuple[str, ...]:
    """The games with a hand ranking: the plain orderings, then each game that has one.

    >>> rank_games()[:2]
    ('holdem', 'omaha')
    """
    from companion.poker.variants import GAMES
    from companion.registry import games

    own = [g.id for g in games() if g.hand_rules() is not None or g.hand_reader() is not None]
    return (*GAMES, *own)


@dataclass(frozen=True)
class RankOptions:
    """Everything but the players that ``rank`` and ``odds`` take from the command line."""

    game: str | None = None
    boards: tuple[str, ...] = ()
    encounter: str | None = None
    wildcard: str | None = None
    wild: tuple[str, ...] = ()
    wings: tuple[str, ...] = ()
    variant: str | None = None
    full_plate: tuple[str, ...] = ()
    market: str | None = None
    burn: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()

    @property
    def decko_flags(self) -> bool:
        return bool(self.market or self.burn or self.discard)

    @property
    def implies_game(self) -> bool:
        """A flag only one game has was given (so the table's game is not borrowed)."""
        flags = (self.encounter, self.wildcard, self.decko_flags, self.wild, self.wings)
        return any(flags) or bool(self.variant)

    def filled(self, facts: Mapping[str, object]) -> RankOptions:
        """These options with what a table lends (:class:`~companion.registry.TableFacts`)
        where they say nothing: the encounter, the wing cards, the variant."""
        encounter, variant, wings = facts.get("encounter"), facts.get("variant"), facts.get("wings")
        return replace(
            self,
            encounter=self.encounter or (encounter if isinstance(encounter, str) else None),
            variant=self.variant or (variant if isinstance(variant, str) else None),
            wings=self.wings or (tuple(map(str, wings)) if isinstance(wings, tuple) else ()),
        )


def resolve_game(opts: RankOptions) -> str:
    """The game asked for, or the one the other flags imply.

    >>> resolve_game(RankOptions(wild=("2",))), resolve_game(RankOptions(wildcard="solo"))
    ('dragon-kings', 'decko')
    """
    from companion.registry import games

    if opts.game is None:
        key = next((g.id for g in games() if g.claims(opts)), "holdem")
    else:
        key = opts.game.strip().lower()
    known = rank_games()
    if key not in known:
        raise CompanionError(f"{opts.game!r} has no hand ranking here (games: {', '.join(known)})")
    for g in games():
        if g.id != key:
            g.check_flags(opts, key)
    return key


def poker_rules(game_id: str, opts: RankOptions) -> Rules:
    """The ranking rules of a poker-style game under the options given."""
    from companion.registry import game

    rules = game(game_id).ranking_rules(opts)
    if rules is None:  # pragma: no cover - resolve_game lists only games with rankings
        raise CompanionError(f"{game_id} has no poker-style hand ranking")
    return rules


def split_player(spec: str) -> tuple[str, str]:
    """``"ann=As,Kd"`` -> ``("ann", "As,Kd")``."""
    name, sep, cards = spec.partition("=")
    if not sep or not name.strip():
        raise CompanionError(f"{spec!r} is not a player: write NAME=CARDS, e.g. ann=As,Kd")
    return name.strip(), cards


def parse_players(specs: Sequence[str], parse: Callable[[str], Any]) -> dict[str, Any]:
    """Players in the order given, each with their parsed cards; a name given twice is refused."""
    out: dict[str, Any] = {}
    for spec in specs:
        name, cards = split_player(spec)
        if name in out:
            raise CompanionError(f"player {name!r} is given twice")
        out[name] = parse(cards)
    return out


def card_parser(unknown: bool = False) -> Callable[[str], tuple[Card | None, ...]]:
    """A parser of poker cards (jokers allowed; ``?`` for an unseen card when ``unknown``)."""

    def parse(text: str) -> tuple[Card | None, ...]:
        out: list[Card | None] = []
        for token in split_tokens(text):
            if unknown and token == "?":
                out.append(None)
            else:
                out.append(parse_card(token, allow_joker=True))
        return tuple(out)

    return parse


def _known(text: str) -> tuple[Card, ...]:
    return tuple(c for c in card_parser()(text) if c is not None)


def parse_boards(boards: Sequence[str], rules: Rules) -> list[tuple[Card, ...]]:
    """The boards given, padded with empty ones up to the game's number of boards."""
    parsed = [_known(b) for b in boards]
    if len(parsed) > rules.boards:
        plural = "s" if rules.boards > 1 else ""
        raise CompanionError(
            f"{rules.name} has {rules.boards} board{plural}; --board was given {len(parsed)} times"
        )
    for board in parsed:
        rules.check_board(board)
    return parsed + [()] * (rules.boards - len(parsed))


def _every_card(
    hands: Mapping[str, Sequence[Card | None]],
    boards: Sequence[Sequence[Card]],
    dead: Sequence[Card] = (),
) -> list[Card | None]:
    """Every card written for a deal: the hands, the boards and the dead cards."""
    return [c for h in hands.values() for c in h] + [c for b in boards for c in b] + list(dead)


def title(rules_text: str, boards: Sequence[Sequence[Card | None]]) -> str:
    """``holdem · board 2♠ 7♥`` (each board named when there are two)."""
    shown = [format_cards([c for c in b if c is not None], symbols=True) or "—" for b in boards]
    if len(shown) == 1:
        return f"{rules_text} · board {shown[0]}"
    return f"{rules_text} · " + " · ".join(f"board {i + 1} {b}" for i, b in enumerate(shown))


def player_json(placing: Any) -> dict[str, Any]:
    hand = placing.hand
    return {
        "name": placing.name,
        "hand": hand.name,
        "best": hand.played(),
        "place": placing.place,
        "description": hand.description,
    }


def winners_line(ranking: Ranking) -> str:
    """One line for people: who wins, who ties, or that nobody can.

    >>> from companion.poker.hands import Placing
    >>> from companion.poker.hands import NO_LEGAL_HAND as x
    >>> winners_line(Ranking((Placing("ann", x, 1), Placing("ben", x, 1), Placing("cat", x, 1))))
    'ann, ben and cat tie: they split the pot'
    """
    winners = ranking.winners
    if not winners:
        return "no winner: nobody has a legal hand (the pot stays for the next deal)"
    if len(winners) == 1:
        return f"winner: {winners[0]}"
    return f"{names_text(winners)} tie: they split the pot"


@dataclass(frozen=True)
class PokerRanking:
    """A judged showdown of a poker-style game, on each of its boards."""

    game: str
    rules: Rules
    rankings: tuple[Ranking, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        out: list[str] = []
        for r in self.rankings:
            out += [w for w in r.winners if w not in out]
        return tuple(out)

    @property
    def winners_text(self) -> str:
        return (
            self.rankings[0].winners_text if len(self.rankings) == 1 else names_text(self.winners)
        )

    def decider(self, board: int = 0) -> Decider | None:
        """The card that settles the showdown on a board, when same-class hands meet."""
        if self.rules.lowball:
            return None
        ranking = self.rankings[board]
        return decider(ranking, ranking.board)

    def title(self, board: int = 0) -> str:
        return title(self.rules.describe(), [self.rankings[board].board])

    def _board_json(self, i: int) -> dict[str, Any]:
        r = self.rankings[i]
        found = self.decider(i)
        return {
            "board": format_cards(r.board).split(),
            "winners": list(r.winners),
            "result": r.result_text,
            "decided_by": None if found is None else found.to_json(),
            "players": [player_json(p) for p in r.placings],
        }

    def to_json(self) -> dict[str, Any]:
        head: dict[str, Any] = {"game": self.game, "rules": self.rules.name}
        if self.rules.in_force:
            head["wings"] = list(self.rules.in_force)
        if self.rules.jokers:
            head["variant"] = "swords-joker"
        if len(self.rankings) == 1:
            return head | self._board_json(0)
        # Two boards: each judged on its own; "players" lists every player once per board.
        return head | {
            "winners": list(self.winners),
            "players": [
                {**player_json(p), "board": i + 1}
                for i, r in enumerate(self.rankings)
                for p in r.placings
            ],
            "boards": [self._board_json(i) for i in range(len(self.rankings))],
        }


def rank_players(players: Sequence[str], opts: RankOptions) -> PokerRanking | Reported:
    """Judge a showdown given on the command line (``companion rank``)."""
    from companion.poker.hands import rank_boards
    from companion.registry import game as game_of

    game = resolve_game(opts)
    own = game_of(game).rank(players, opts)
    if own is not None:
        return own
    rules = poker_rules(game, opts)
    hands = parse_players(players, _known)
    boards = parse_boards(opts.boards, rules)
    rules = rules.for_deal(_every_card(hands, boards))
    rankings = rank_boards(hands, boards, rules, floor_holders=opts.full_plate)
    return PokerRanking(game, rules, rankings)


@dataclass(frozen=True)
class OddsReport:
    """``companion odds``: every player's chances, with the cards they were computed from."""

    game: str
    rules: Rules
    hands: Mapping[str, tuple[Card | None, ...]]
    boards: tuple[tuple[Card, ...], ...]
    result: Odds

    @property
    def title(self) -> str:
        return title(self.rules.describe(), self.boards)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "rules": self.rules.name,
            "method": self.result.method,
            "deals": self.result.deals,
            "seed": self.result.seed,
            "boards": [[c.code for c in b] for b in self.boards],
            "players": [
                {
                    "name": p.name,
                    "cards": ["?" if c is None else c.code for c in self.hands[p.name]],
                    "win": p.win,
                    "tie": p.tie,
                    "split": p.split,
                    "equity": p.equity,
                    "stderr": p.stderr,
                }
                for p in self.result.players
            ],
        }
        if self.rules.in_force:
            out["wings"] = list(self.rules.in_force)
        if self.rules.jokers:
            out["variant"] = "swords-joker"
        return out


def odds_method(exact: bool, monte_carlo: bool) -> Literal["auto", "exact", "monte-carlo"]:
    """How ``companion odds`` counts: every deal, sampled deals, or whichever is quick.

    >>> odds_method(exact=False, monte_carlo=False)
    'auto'
    """
    if exact and monte_carlo:
        raise CompanionError("choose --exact or --monte-carlo, not both")
    return "exact" if exact else "monte-carlo" if monte_carlo else "auto"


def odds_players(
    players: Sequence[str],
    opts: RankOptions,
    *,
    dead: str = "",
    method: Literal["auto", "exact", "monte-carlo"] = "auto",
    samples: int = 20_000,
    seed: int = 1,
) -> OddsReport:
    """Each player's chances from the cards known so far (``companion odds``)."""
    from companion.poker.odds import odds
    from companion.registry import game as game_of

    game = resolve_game(opts)
    if game_of(game).hand_rules() is None:
        raise CompanionError(
            f"odds are for games with a deck and a board; a {game_of(game).name} hand has no "
            "unseen cards to deal"
        )
    rules = poker_rules(game, opts)
    hands = parse_players(players, card_parser(unknown=True))
    boards = parse_boards(opts.boards, rules)
    rules = rules.for_deal(_every_card(hands, boards, _known(dead)))
    result = odds(
        hands,
        boards,
        rules,
        dead=_known(dead),
        floor_holders=opts.full_plate,
        method=method,
        samples=samples,
        seed=seed,
    )
    return OddsReport(game, rules, hands, tuple(boards), result)
