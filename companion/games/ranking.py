"""What ``companion rank`` and ``companion odds`` compute, for every game.

The command line hands over text (players as ``NAME=CARDS``, boards, flags);
this module picks the game's ordering, refuses what cannot happen at a real
table, asks the ranker (:mod:`companion.poker`, or DECKO's own in
:mod:`companion.games.decko.sets`) and returns a result whose ``to_json()``
is the command's JSON document.

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
from dataclasses import dataclass
from typing import Any, Literal

from companion.errors import CompanionError
from companion.poker.cards import Card, format_cards, parse_card, split_tokens
from companion.poker.hands import Decider, Ranking, decider, names_text
from companion.poker.odds import Odds
from companion.poker.variants import Rules

RANK_GAMES = ("holdem", "omaha", "dungeon-poker", "dragon-kings", "decko")
"""The games with a hand ranking."""


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


def resolve_game(opts: RankOptions) -> str:
    """The game asked for, or the one the other flags imply.

    >>> resolve_game(RankOptions(wild=("2",))), resolve_game(RankOptions(wildcard="solo"))
    ('dragon-kings', 'decko')
    """
    if opts.game is None:
        if opts.encounter:
            key = "dungeon-poker"
        elif opts.wildcard or opts.decko_flags:
            key = "decko"
        elif opts.wild or opts.wings or opts.variant:
            key = "dragon-kings"
        else:
            key = "holdem"
    else:
        key = opts.game.strip().lower()
    if key not in RANK_GAMES:
        raise CompanionError(
            f"{opts.game!r} has no hand ranking here (games: {', '.join(RANK_GAMES)})"
        )
    if opts.encounter and key != "dungeon-poker":
        raise CompanionError(f"--encounter is for dungeon-poker, not {key}")
    if (opts.wildcard or opts.decko_flags) and key != "decko":
        raise CompanionError(f"--wildcard, --market, --burn and --discard are for decko, not {key}")
    if (opts.wings or opts.variant) and key != "dragon-kings":
        raise CompanionError(f"--wing and --variant are for dragon-kings, not {key}")
    if opts.full_plate and key != "dungeon-poker":
        raise CompanionError("--full-plate is a Dungeon Poker artifact: use --game dungeon-poker")
    return key


def encounter_table() -> dict[str, dict[str, Any]] | None:
    """Encounter rules from the card database, by name slug and id; None without the data."""
    from companion.paths import cards_dir

    if not (cards_dir() / "dungeon-poker").is_dir():
        return None
    from companion.cards import load_game
    from companion.poker.variants import slug

    table: dict[str, dict[str, Any]] = {}
    for card in load_game("dungeon-poker").cards:
        if getattr(card, "kind", "") != "encounter":
            continue
        rules: Any = getattr(card, "rules", None)
        data = rules.model_dump() if hasattr(rules, "model_dump") else dict(rules or {})
        table[slug(card.name)] = data
        table[slug(card.id)] = data
    return table or None


def poker_rules(game: str, opts: RankOptions) -> Rules:
    """The ranking rules of a poker-style game under the options given."""
    from companion.poker.variants import GAMES, encounter_rules

    if game == "dragon-kings":
        from companion.games.dragon_kings.wings import dragon_kings_rules

        wings = [w for w in opts.wings if w.strip().lower() != "none"]
        return dragon_kings_rules(wings, opts.variant, opts.wild)
    if game == "dungeon-poker" and opts.encounter:
        rules = encounter_rules(opts.encounter, encounter_table())
    else:
        rules = GAMES[game]
    return rules.with_wild(opts.wild) if opts.wild else rules


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


def _player_json(placing: Any) -> dict[str, Any]:
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
            "players": [_player_json(p) for p in r.placings],
        }

    def to_json(self) -> dict[str, Any]:
        head: dict[str, Any] = {"game": self.game, "rules": self.rules.name}
        if self.rules.wings:
            head["wings"] = list(self.rules.wings)
        if self.rules.jokers:
            head["variant"] = "swords-joker"
        if len(self.rankings) == 1:
            return head | self._board_json(0)
        # Two boards: each judged on its own; "players" lists every player once per board.
        return head | {
            "winners": list(self.winners),
            "players": [
                {**_player_json(p), "board": i + 1}
                for i, r in enumerate(self.rankings)
                for p in r.placings
            ],
            "boards": [self._board_json(i) for i in range(len(self.rankings))],
        }


@dataclass(frozen=True)
class DeckoRanking:
    """A judged DECKO reveal: each player's set, chips and money under the round's rules."""

    round: Any
    ranking: Ranking
    market: tuple[Any, ...] = ()

    @property
    def game(self) -> str:
        return "decko"

    @property
    def winners(self) -> tuple[str, ...]:
        return self.ranking.winners

    @property
    def winners_text(self) -> str:
        return self.ranking.winners_text

    @property
    def title(self) -> str:
        text = f"decko · {self.round.name} round"
        if self.market:
            text += f" · market {' '.join(c.symbol for c in self.market)}"
        return text

    def to_json(self) -> dict[str, Any]:
        players = []
        for p in self.ranking.placings:
            entry = _player_json(p)
            hand: Any = p.hand
            entry |= {
                "dollars": hand.dollars,
                "credit": hand.credit,
                "chips": hand.chips,
                "money": hand.money,
            }
            if self.round.low_sum:
                entry["sum"] = hand.low_sum
            if hand.market_used:
                entry["market_used"] = [c.code for c in hand.market_used]
            players.append(entry)
        return {
            "game": "decko",
            "rules": self.round.name,
            "market": [c.code for c in self.market],
            "winners": list(self.ranking.winners),
            "result": self.ranking.result_text,
            "players": players,
        }


def _decko_one(spec: str, what: str, names: set[str]) -> tuple[str, Any]:
    from companion.games.decko.sets import parse_decko_cards

    name, cards = split_player(spec)
    if name not in names:
        raise CompanionError(f"{what} given for {name!r}, who is not a player")
    parsed = parse_decko_cards(cards)
    if len(parsed) != 1:
        raise CompanionError(f"{what} of {name!r} is one card, not {len(parsed)}")
    return name, parsed[0]


def rank_decko_players(players: Sequence[str], opts: RankOptions) -> DeckoRanking:
    """A DECKO reveal from ``NAME=CARDS`` specs, refusing what no table can hold."""
    from companion.games.decko.sets import (
        check_reveal_cards,
        parse_decko_cards,
        rank_decko,
        wildcard_round,
    )

    if opts.boards:
        raise CompanionError(
            "DECKO has no board: every card is in a hand (use --market for the market)"
        )
    if opts.wild or opts.full_plate:
        raise CompanionError("--wild and --full-plate do not apply to decko")
    round_ = wildcard_round(opts.wildcard)
    hands = parse_players(players, parse_decko_cards)
    shop = parse_decko_cards(opts.market or "")
    check_reveal_cards(hands, shop, round_)
    names = set(hands)
    burns = dict(_decko_one(s, "burn pile", names) for s in opts.burn)
    discards = dict(_decko_one(s, "discard pile", names) for s in opts.discard)
    ranking = rank_decko(hands, round_, market=shop, burn_tops=burns, discard_tops=discards)
    return DeckoRanking(round_, ranking, shop)


def rank_players(players: Sequence[str], opts: RankOptions) -> PokerRanking | DeckoRanking:
    """Judge a showdown given on the command line (``companion rank``)."""
    from companion.poker.hands import rank_boards

    game = resolve_game(opts)
    if game == "decko":
        return rank_decko_players(players, opts)
    rules = poker_rules(game, opts)
    hands = parse_players(players, _known)
    boards = parse_boards(opts.boards, rules)
    rules = rules.for_deal(_every_card(hands, boards))
    rankings = rank_boards(hands, boards, rules, full_plate=opts.full_plate)
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
        if self.rules.wings:
            out["wings"] = list(self.rules.wings)
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

    game = resolve_game(opts)
    if game == "decko":
        raise CompanionError(
            "odds are for games with a deck and a board; a DECKO hand has no unseen cards to deal"
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
        full_plate=opts.full_plate,
        method=method,
        samples=samples,
        seed=seed,
    )
    return OddsReport(game, rules, hands, tuple(boards), result)
