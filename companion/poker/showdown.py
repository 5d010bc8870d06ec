"""The showdown adjudicator: who wins what when the cards are turned over.

:func:`adjudicate` takes one showdown (a :class:`ShowdownIn`, read from the
file format of ``docs/showdown.md``), ranks the hands through the hand
ranker (or takes the order from ``result``), builds the pots with
:mod:`companion.poker.pots` and applies every rule that acts at the
showdown, driven by the card database: monsters (all-in for every pot,
King Monsters, summoned and owned ones, the Golem, Beast mastery, their
``showdown``/``win``/``lose``/``slain`` effects), encounters (hand-card
limits, Two front war, King's cave, Treasure ship), artifacts (Full Plate)
and abilities declared during the deal (the Witch's curse, Spoil the
treasure). Dragon Kings adds First Honors, DECKO the house bet and the
reveal income.

The result says where every chip went, which treasures each player draws,
the soul gems and bank gold that change hands, what becomes of each monster,
and an ordered list of ``events``, one sentence per rule applied.

>>> from companion.poker.showdown_input import read_showdown
>>> spec = read_showdown('''
... players: [{name: ann, put_in: 400}, {name: ben, put_in: 400}]
... monsters: [{name: Orc}]
... result: Orc > ann > ben
... ''')
>>> out = adjudicate(spec)
>>> out.payouts, out.removed, out.treasures
({'ann': 0, 'ben': 0}, 800, {})
>>> out.monsters[0].fate
'returns to the monster deck (shuffled in)'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.errors import CompanionError
from companion.poker.pots import (
    Pot,
    PotRules,
    Result,
    Settlement,
    award,
    build_pots,
    parse_result,
    pot_rules,
)
from companion.poker.showdown_input import MonsterIn, PlayerIn, ShowdownIn
from companion.poker.showdown_rank import (
    Contestant,
    RankedHand,
    Ranker,
    RankRules,
    default_ranker,
    parse_cards,
    parse_decko,
    parse_rank,
    result_groups,
)

FIRST_HONORS_BONUS = 50
"""Dragon Kings: points the house pays for the game's first Twinned Dragon Kings (003, First Honors)."""


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
class MonsterFate:
    """How a monster fared and where its card goes."""

    name: str
    card: str
    outcome: str
    """``won`` (the deal), ``tied``, ``side-pot`` (won only a side pot), ``lost``,
    ``killed`` (before the showdown) or ``folded`` (the Golem with its owner)."""
    fate: str

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "card": self.card, "outcome": self.outcome, "fate": self.fate}


@dataclass(frozen=True)
class ShowdownResult:
    """Everything the showdown decided."""

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
    """Who won the deal (the main pot): ties list several; a board each in Two front war."""
    treasures: dict[str, int]
    treasures_waiting: int
    """Treasures left on the table for the next deal's winner."""
    soul_gems: dict[str, int]
    bank: dict[str, int]
    """Gold or chips each player takes from (+) or pays to (-) the bank or house, outside the pots."""
    money: dict[str, int]
    """DECKO: dollars each player who buys may spend (losers' sets and credit cards)."""
    treasures_lost: dict[str, int]
    monsters: tuple[MonsterFate, ...]
    events: tuple[str, ...]
    dead: tuple[str, ...] = ()
    """Dungeon Poker: characters left without gold (when ``stack`` was given)."""

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

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            **self.settlement.to_json(),  # pots, payouts, carry_over, removed, house, net
            "winners": list(self.winners),
            "players": [h.to_json() for h in self.players],
            "treasures": dict(self.treasures),
            "treasures_waiting": self.treasures_waiting,
            "soul_gems": dict(self.soul_gems),
            "bank": dict(self.bank),
            "money": dict(self.money),
            "treasures_lost": dict(self.treasures_lost),
            "monsters": [m.to_json() for m in self.monsters],
            "dead": list(self.dead),
            "events": list(self.events),
        }


def adjudicate(
    spec: ShowdownIn, *, ranker: Ranker | None = None, data_dir: str | None = None
) -> ShowdownResult:
    """Settle one showdown. ``ranker`` replaces the hand ranker (tests)."""
    return _Showdown(spec, ranker, data_dir).run()


# ---------------------------------------------------------------- the work


@dataclass
class _Monster:
    """A monster at the table, resolved against the card database."""

    index: int
    spec: MonsterIn
    card: Any
    label: str
    king: bool
    owner: str | None = None
    """The player whose card it belongs to (the Golem's Gnome Artificer)."""
    fights_for: str | None = None
    """The player who summoned or controls it."""
    live: bool = True
    out_reason: str = ""
    cards: tuple[str, ...] | None = None

    def effects(self, when: str) -> list[Any]:
        return [e for e in self.card.effects if e.when == when]

    def has(self, when: str, effect: str) -> bool:
        return any(e.effect == effect for e in self.effects(when))


@dataclass
class _Player:
    index: int
    spec: PlayerIn
    character: Any = None
    artifacts: tuple[Any, ...] = ()
    cards: tuple[str, ...] | None = None
    abilities: frozenset[str] = frozenset()

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def live(self) -> bool:
        return not self.spec.folded


@dataclass
class _Board:
    """One board's ranking and main-pot winners."""

    index: int
    cards: tuple[str, ...] = ()
    groups: Result = ()
    lines: list[HandLine] = field(default_factory=list)
    main_winners: tuple[str, ...] = ()


class _Showdown:
    def __init__(self, spec: ShowdownIn, ranker: Ranker | None, data_dir: str | None) -> None:
        self.spec = spec
        self.game = spec.game
        self.dp = spec.game == "dungeon-poker"
        self.rules: PotRules = pot_rules(spec.game, spec.unit)
        self.ranker = ranker
        self.data_dir = data_dir
        self.events: list[str] = []
        self.players = [_Player(i, p) for i, p in enumerate(spec.players)]
        self.by_name = {p.name: p for p in self.players}
        self.monsters: list[_Monster] = []
        self.encounter: Any = None
        self.enc: Any = None  # EncounterRules, when Dungeon Poker
        self.boards: list[_Board] = []
        self.treasures: dict[str, int] = {}
        self.waiting = 0
        self.soul_gems: dict[str, int] = {}
        self.bank: dict[str, int] = {}
        self.money: dict[str, int] = {}
        self.treasures_lost: dict[str, int] = {}
        self.no_legal: set[str] = set()
        self.ranked: dict[str, RankedHand] = {}
        self.names_seen: dict[str, str] = {}
        self.cursed = ""
        self.added = 0
        self.pots: tuple[Pot, ...] = ()
        self.pot_winners: list[list[Pot]] = []
        self.payouts: dict[str, int] = {}
        self.contributions: dict[str, int] = {}
        self.carry = self.removed = self.house = 0
        self.outcome: dict[str, str] = {}
        self.fates: list[MonsterFate] = []
        self.dead: list[str] = []

    # -------------------------------------------------------------- helpers

    def event(self, text: str) -> None:
        self.events.append(text)

    def amount(self, n: int) -> str:
        return f"{n:,} gold" if self.dp else f"{n:,} chip{'s' if n != 1 else ''}"

    def player(self, name: str, where: str) -> _Player:
        try:
            return self.by_name[name]
        except KeyError:
            raise CompanionError(
                f"{where}: '{name}' is not a player at the table (players: {', '.join(self.by_name)})"
            ) from None

    def blind(self, why: str) -> int:
        if self.spec.blind is None or self.spec.blind == 0:
            raise CompanionError(
                f"blind: {why} needs the blind of the level (add blind: 200, for example)"
            )
        return self.spec.blind

    def usable(self, player: _Player, effect: str) -> bool:
        return effect in player.abilities

    def immune(self, player: _Player, source: str) -> bool:
        """Immune to an ability of ``source`` (``monster`` or ``character``)?"""
        if self.usable(player, "dwarven-resistance"):
            return True
        return source == "character" and player.name in self.spec.declared.barbarian_rage

    @property
    def live_monsters(self) -> list[_Monster]:
        return [m for m in self.monsters if m.live]

    @property
    def contestants(self) -> list[str]:
        return [p.name for p in self.players if p.live] + [m.label for m in self.live_monsters]

    def monster(self, label: str) -> _Monster | None:
        for m in self.monsters:
            if m.label == label:
                return m
        return None

    # -------------------------------------------------------------- run

    def run(self) -> ShowdownResult:
        self._check_fields()
        if self.dp:
            self._resolve_dungeon_poker()
        self._read_cards()
        self._who_is_in()
        if self.dp:
            self._encounter_events()
            self._showdown_effects()
        self._legal_hands()
        self._rank()
        self._pots()
        if self.dp:
            self._monster_outcomes()
            self._win_effects()
            self._treasures()
            self._slain_effects()
            self._fates()
            self._present_effects()
            self._deaths()
        elif self.game == "dragon-kings":
            self._first_honors()
        elif self.game == "decko":
            self._decko_income()
        return self._result()

    # -------------------------------------------------------------- input checks

    def _check_fields(self) -> None:
        spec = self.spec
        seen: dict[str, str] = {}
        for i, p in enumerate(spec.players):
            key = p.name.casefold()
            if key in seen:
                raise CompanionError(f"players[{i}].name: '{p.name}' is already at the table")
            seen[key] = p.name
        self.names_seen = seen
        if not self.dp:
            dp_only = [
                ("monsters", bool(spec.monsters)),
                ("encounter", spec.encounter is not None),
                ("declared", spec.declared != type(spec.declared)()),
                ("treasures_waiting", spec.treasures_waiting > 0),
                ("boards", spec.boards is not None and len(spec.boards) > 1),
            ]
            for i, p in enumerate(spec.players):
                dp_only += [
                    (f"players[{i}].character", p.character is not None),
                    (f"players[{i}].artifacts", bool(p.artifacts)),
                    (f"players[{i}].soul_gems", p.soul_gems is not None),
                ]
            for name, used in dp_only:
                if used:
                    raise CompanionError(
                        f"{name}: only Dungeon Poker has this (game is {self.game})"
                    )
        if self.game != "decko":
            for i, p in enumerate(spec.players):
                for field_name in ("burn_top", "discard_top"):
                    if getattr(p, field_name) is not None:
                        raise CompanionError(
                            f"players[{i}].{field_name}: only DECKO has burn and discard piles"
                        )
        if spec.house_bet and self.game != "decko":
            raise CompanionError(f"house_bet: only DECKO has a house bet (game is {self.game})")
        if spec.wildcard is not None and self.game != "decko":
            raise CompanionError(f"wildcard: only DECKO has wildcard rounds (game is {self.game})")
        if (spec.first_honors or spec.wild) and self.game != "dragon-kings":
            field_name = "first_honors" if spec.first_honors else "wild"
            raise CompanionError(f"{field_name}: only Dragon Kings has this (game is {self.game})")
        if spec.button is not None:
            self.player(spec.button, "button")
        for i, p in enumerate(spec.players):
            if p.put_in % self.rules.unit:
                unit = (
                    f"{self.rules.unit}-gold coins" if self.dp else f"{self.rules.unit}-chip units"
                )
                raise CompanionError(
                    f"players[{i}].put_in: {p.put_in} is not a whole number of {unit}"
                )
            if p.folded and p.no_legal_hand:
                raise CompanionError(
                    f"players[{i}].no_legal_hand: '{p.name}' folded; no_legal_hand is for players still in"
                )
        for label, value in (("carried", spec.carried), ("house_bet", spec.house_bet)):
            if value % self.rules.unit:
                raise CompanionError(
                    f"{label}: {value} is not a whole number of {self.rules.unit}-chip units"
                )

    def _resolve_dungeon_poker(self) -> None:
        from companion.cards.dungeon_poker import EncounterRules
        from companion.cards.loader import load_game

        db = load_game("dungeon-poker", self.data_dir)
        spec = self.spec
        if spec.encounter is not None:
            self.encounter = self._card(db, "encounter", spec.encounter, "encounter")
            self.enc = self.encounter.rules
        else:
            self.enc = EncounterRules()
        enc = self.enc
        for p in self.players:
            where = f"players[{p.index}]"
            if p.spec.character is not None:
                p.character = self._card(db, "character", p.spec.character, f"{where}.character")
                usable: set[str] = set()
                for ability in p.character.abilities:
                    if (ability.kind == "passive" and not enc.no_passives) or (
                        ability.kind == "standard"
                        and not enc.no_abilities
                        and ability.effect not in enc.banned_abilities
                    ):
                        usable.add(ability.effect)
                p.abilities = frozenset(usable)
            arts = []
            for j, name in enumerate(p.spec.artifacts):
                card = self._card(db, "treasure", name, f"{where}.artifacts[{j}]")
                if card.treasure_class == "sudden":
                    raise CompanionError(
                        f"{where}.artifacts[{j}]: {card.name} is a sudden effect, resolved when drawn, not kept"
                    )
                arts.append(card)
            p.artifacts = tuple(arts)
        self._resolve_monsters(db)
        self._resolve_declared()

    def _card(self, db: Any, kind: str, name: str, where: str, prefer: str | None = None) -> Any:
        found = [c for c in db.by_name(name) if c.kind == kind]
        if not found:
            known = sorted({c.name for c in db.of_type(kind)})
            sample = ", ".join(known[:6]) + (", ..." if len(known) > 6 else "")
            raise CompanionError(f"{where}: unknown {kind} '{name}' (for example: {sample})")
        exact = [c for c in found if c.id == name.strip()]
        if exact:
            return exact[0]
        if prefer is not None:
            preferred = [c for c in found if c.id == prefer]
            if preferred:
                return preferred[0]
        plain = [c for c in found if not getattr(c, "set_aside", False)]
        return (plain or found)[0]

    def _resolve_monsters(self, db: Any) -> None:
        enc = self.enc
        deal_monster = enc.deal_monster
        labels: dict[str, int] = {}
        cave = enc.showdown_monster
        for i, ms in enumerate(self.spec.monsters):
            where = f"monsters[{i}]"
            already = {m.card.id for m in self.monsters}
            card = self._card(
                db,
                "monster",
                ms.name,
                f"{where}.name",
                prefer=deal_monster if deal_monster not in already else None,
            )
            if card.friendly:
                raise CompanionError(
                    f"{where}.name: {card.name} is a friendly monster: it does not play for the pot"
                )
            label = ms.label or card.name
            key = label.casefold()
            if key in labels:
                raise CompanionError(
                    f"{where}: two monsters are called '{label}' (give one of them a label, like label: {label} 2)"
                )
            if key in self.names_seen:
                raise CompanionError(
                    f"{where}: '{label}' is already a name at the table (give the monster a label)"
                )
            labels[key] = i
            self.names_seen[key] = label
            if ms.drawn_at_showdown and cave is None:
                raise CompanionError(
                    f"{where}.drawn_at_showdown: only King's cave draws a monster at the showdown"
                )
            if ms.drawn_at_showdown and ms.killed_by:
                raise CompanionError(
                    f"{where}.killed_by: a monster drawn at the showdown comes too late to be killed"
                )
            owned = card.owner is not None
            king = (
                ms.king
                if ms.king is not None
                else bool(
                    card.king
                    or (enc.king_monsters and not owned)
                    or (ms.drawn_at_showdown and cave and cave.king)
                )
            )
            m = _Monster(i, ms, card, label, king)
            if owned:
                owners = [
                    p
                    for p in self.players
                    if p.character is not None and p.character.id == card.owner
                ]
                if enc.no_passives:
                    enc_name = self.encounter.name if self.encounter else "this encounter"
                    raise CompanionError(
                        f"{where}: the {card.name} is not in the game during {enc_name}"
                    )
                if not owners:
                    owner_name = db.get(card.owner).name
                    raise CompanionError(
                        f"{where}: the {card.name} plays only beside the {owner_name} "
                        f"(give that player character: {owner_name})"
                    )
                m.owner = owners[0].name
                if ms.summoned_by or ms.controlled_by:
                    raise CompanionError(f"{where}: the {card.name} always plays for {m.owner}")
            if ms.summoned_by and ms.controlled_by:
                raise CompanionError(f"{where}: give summoned_by or controlled_by, not both")
            if ms.controlled_by and king:
                raise CompanionError(
                    f"{where}.controlled_by: {label} is a King Monster, which no player can ever control"
                )
            for attr in ("summoned_by", "controlled_by", "killed_by"):
                value = getattr(ms, attr)
                if value is not None:
                    self.player(value, f"{where}.{attr}")
            m.fights_for = ms.summoned_by or ms.controlled_by
            self.monsters.append(m)
        if cave is not None:
            drawn = [m for m in self.monsters if m.spec.drawn_at_showdown]
            if len(drawn) != 1:
                raise CompanionError(
                    f"monsters: {self.encounter.name} draws one monster at every showdown; mark it "
                    f"drawn_at_showdown: true ({len(drawn)} marked)"
                )

    def _resolve_declared(self) -> None:
        d = self.spec.declared
        enc_name = self.encounter.name if self.encounter else ""
        checks = [
            (
                "witch_curse",
                d.witch_curse.by if d.witch_curse else None,
                "witch-curse",
                "Witch curse",
            ),
            (
                "spoil_the_treasure",
                d.spoil_the_treasure,
                "spoil-the-treasure",
                "Spoil the treasure",
            ),
            (
                "ambush_and_run",
                d.ambush_and_run.by if d.ambush_and_run else None,
                "ambush-and-run",
                "Ambush & run",
            ),
        ]
        for field_name, who, effect, title in checks:
            if who is None:
                continue
            where = f"declared.{field_name}" + ("" if field_name == "spoil_the_treasure" else ".by")
            p = self.player(who, where)
            if self.enc.no_abilities or effect in self.enc.banned_abilities:
                raise CompanionError(f"{where}: {title} cannot be used during {enc_name}")
            if p.character is not None and not any(
                a.effect == effect for a in p.character.abilities
            ):
                raise CompanionError(
                    f"{where}: {who} plays the {p.character.name}, who has no {title}"
                )
        if d.witch_curse is not None:
            try:
                self.cursed = parse_rank(d.witch_curse.rank)
            except CompanionError as exc:
                raise CompanionError(f"declared.witch_curse.rank: {exc}") from None
        for j, name in enumerate(d.barbarian_rage):
            self.player(name, f"declared.barbarian_rage[{j}]")
        if d.ambush_and_run is not None:
            rogue = self.by_name[d.ambush_and_run.by]
            if not rogue.spec.folded:
                raise CompanionError(
                    f"declared.ambush_and_run.by: {rogue.name} ran with the gold, so must be folded: true"
                )
            gold = d.ambush_and_run.gold
            cap = 3000  # Appendix A; the card data carries it as gold_max
            if rogue.character is not None:
                cap = next(
                    (
                        a.gold_max
                        for a in rogue.character.abilities
                        if a.effect == "ambush-and-run" and a.gold_max
                    ),
                    cap,
                )
            total = sum(p.spec.put_in for p in self.players) + self.spec.carried
            half = total // 2 // self.rules.unit * self.rules.unit
            if gold > min(cap, half) or gold % self.rules.unit:
                raise CompanionError(
                    f"declared.ambush_and_run.gold: {gold} is more than Ambush & run can take "
                    f"(half the pot in whole coins, at most {cap:,}: {min(cap, half):,} here)"
                    if gold % self.rules.unit == 0
                    else f"declared.ambush_and_run.gold: {gold} is not a whole number of {self.rules.unit}-gold coins"
                )

    def _read_cards(self) -> None:
        spec = self.spec
        n_boards = self.enc.boards if self.dp else 1
        if spec.board is not None and spec.boards is not None:
            raise CompanionError("boards: give board or boards, not both")
        if spec.market is not None and self.game != "decko":
            raise CompanionError(
                f"market: only DECKO has a market (game is {self.game}); use board"
            )
        if self.game == "decko" and (spec.board is not None or spec.boards is not None):
            raise CompanionError(
                "board: DECKO has no board; give the face-up market cards as market"
            )
        raw_boards: list[Any]
        if spec.boards is not None:
            raw_boards = list(spec.boards)
            if len(raw_boards) != n_boards:
                enc = f" during {self.encounter.name}" if self.encounter is not None else ""
                raise CompanionError(
                    f"boards: {len(raw_boards)} board(s) given, but {n_boards} are dealt{enc}"
                )
        elif spec.board is not None:
            if n_boards != 1:
                raise CompanionError(
                    f"board: {self.encounter.name} deals {n_boards} boards; give boards: [..., ...]"
                )
            raw_boards = [spec.board]
        elif spec.market is not None:
            raw_boards = [spec.market]
        else:
            raw_boards = [None] * n_boards
        # DECKO hands come from each player's own deck: the same card may be in two hands.
        check_dupes = self.game != "decko"
        jokers = self.game == "dragon-kings"
        seen: dict[str, str] = {}

        def read(value: Any, where: str, whose: str) -> tuple[str, ...] | None:
            if value is None:
                return None
            if self.game == "decko":
                return parse_decko(value, where=where)
            cards = parse_cards(value, where=where, jokers=jokers)
            for c in cards:
                if c == "*" or not check_dupes:
                    continue
                if c in seen:
                    raise CompanionError(
                        f"{where}: {c} is also in {seen[c]} (each card exists once)"
                    )
                seen[c] = whose
            return cards

        for b, raw in enumerate(raw_boards):
            where = (
                "market"
                if self.game == "decko"
                else "board"
                if spec.boards is None
                else f"boards[{b}]"
            )
            whose = "the board" if n_boards == 1 else f"board {b + 1}"
            self.boards.append(_Board(b, read(raw, where, whose) or ()))
        for p in self.players:
            p.cards = read(p.spec.hand, f"players[{p.index}].hand", f"{p.name}'s hand")
        for m in self.monsters:
            m.cards = read(m.spec.hand, f"monsters[{m.index}].hand", f"{m.label}'s hand")

    def _who_is_in(self) -> None:
        for m in self.monsters:
            if m.spec.killed_by is not None:
                m.live = False
                m.out_reason = "killed"
                self.event(
                    f"{m.label} was killed by {m.spec.killed_by} during the deal and takes no part in the showdown."
                )
            elif m.owner is not None and self.by_name[m.owner].spec.folded:
                m.live = False
                m.out_reason = "folded"
                self.event(f"The {m.card.name} folds because {m.owner} folded.")

    # -------------------------------------------------------------- Dungeon Poker before the ranking

    def _encounter_events(self) -> None:
        enc = self.enc
        if self.encounter is not None:
            name = self.encounter.name
            if enc.use_exactly is not None:
                self.event(
                    f"{name}: every hand must use exactly {enc.use_exactly} of its hand cards, monsters' too."
                )
            if enc.use_at_most is not None:
                self.event(
                    f"{name}: every hand may use at most {enc.use_at_most} of its hand cards, monsters' too."
                )
            if enc.lowball:
                size = (
                    f" of exactly {enc.showdown_hand_size} cards" if enc.showdown_hand_size else ""
                )
                ace = "; an ace may count as one" if enc.ace_low else ""
                self.event(f"{name}: the weakest hand{size} wins{ace}.")
            if enc.boards > 1:
                self.event(
                    f"{name}: {enc.boards} boards; each board's winner takes an equal part of every pot "
                    f"and its own treasure."
                )
            if enc.pot_bonus_blinds:
                bonus = enc.pot_bonus_blinds * self.blind(
                    f"{name} (the bank adds blinds to the pot)"
                )
                self.event(f"{name}: the bank adds {self.amount(bonus)} to the main pot.")
            if enc.treasures_per_win != 1:
                self.event(
                    f"{name}: the winner of the deal draws {enc.treasures_per_win} treasures."
                )
            if enc.king_monsters:
                self.event(f"{name}: every monster counts as a King Monster.")
            if enc.no_artifacts and any(p.artifacts for p in self.players):
                self.event(f"{name}: artifacts do not work.")
            if enc.no_passives:
                self.event(f"{name}: passive abilities do not work.")
        for m in self.monsters:
            if not m.live:
                continue
            if m.spec.drawn_at_showdown:
                extra = enc.showdown_monster.extra_cards if enc.showdown_monster else 0
                self.event(
                    f"{self.encounter.name}: {m.label} was drawn at the showdown as a King Monster"
                    f"{f' with {extra} extra card' if extra == 1 else f' with {extra} extra cards' if extra else ''}."
                )
            if m.owner is not None:
                self.event(
                    f"The {m.card.name} plays for {m.owner}: it wins only what {m.owner} could, "
                    f"and its winnings are {m.owner}'s."
                )
            elif m.fights_for is not None:
                how = "summoned" if m.spec.summoned_by else "controls"
                verb = (
                    f"{m.fights_for} summoned {m.label}"
                    if how == "summoned"
                    else f"{m.fights_for} controls {m.label}"
                )
                if m.king:
                    self.event(
                        f"{verb}, but {m.label} is a King Monster: it never hands over what it wins."
                    )
                else:
                    self.event(f"{verb}: it wins for {m.fights_for}.")
            elif m.king:
                self.event(f"{m.label} is a King Monster: it never hands over what it wins.")
        for p in self.players:
            for art in p.artifacts:
                if art.effect == "full-plate" and not self.enc.no_artifacts:
                    self.event(
                        f"{art.name}: {p.name}'s hand is worth at least a pair of {_rank_word(art.min_pair)}."
                    )

    def _full_plate(self, p: _Player) -> str | None:
        if self.enc is None or self.enc.no_artifacts:
            return None
        pairs = [a.min_pair for a in p.artifacts if a.effect == "full-plate"]
        return pairs[0] if pairs else None

    def _showdown_effects(self) -> None:
        curse = self.spec.declared.witch_curse
        if curse is not None:
            rank = self.cursed
            lost: list[str] = []
            spared: list[str] = []
            for p in self.players:
                if not p.live:
                    continue
                if p.name != curse.by and self.immune(p, "character"):
                    spared.append(p.name)
                    continue
                if p.cards is not None:
                    hit = [c for c in p.cards if c[0] == rank]
                    p.cards = tuple(c for c in p.cards if c[0] != rank)
                    if hit:
                        lost.append(f"{p.name} loses {' '.join(hit)}")
            for m in self.live_monsters:
                if m.cards is not None:
                    hit = [c for c in m.cards if c[0] == rank]
                    m.cards = tuple(c for c in m.cards if c[0] != rank)
                    if hit:
                        lost.append(f"{m.label} loses {' '.join(hit)}")
            text = f"Witch curse ({curse.by} named {_rank_word(rank)}): every hand card of that number is destroyed"
            text += f" ({'; '.join(lost)})" if lost else ""
            text += (
                f"; {', '.join(spared)} {'is' if len(spared) == 1 else 'are'} immune"
                if spared
                else ""
            )
            self.event(text + ".")
        for m in self.live_monsters:
            for e in m.effects("showdown"):
                if e.effect == "discard-hand-ranks":
                    ranks = set(e.ranks or ())
                    lost = []
                    spared = []
                    for p in self.players:
                        if not p.live:
                            continue
                        if self.immune(p, "monster"):
                            spared.append(p.name)
                            continue
                        if p.cards is not None:
                            hit = [c for c in p.cards if c[0] in ranks]
                            p.cards = tuple(c for c in p.cards if c[0] not in ranks)
                            if hit:
                                lost.append(f"{p.name} loses {' '.join(hit)}")
                    span = _rank_span(e.ranks or ())
                    text = f"{m.label}: every player's hand cards {span} go to the graveyard"
                    text += f" ({'; '.join(lost)})" if lost else ""
                    text += (
                        f"; {', '.join(spared)} {'is' if len(spared) == 1 else 'are'} immune"
                        if spared
                        else ""
                    )
                    self.event(text + ".")

    def _legal_hands(self) -> None:
        """Contestants who cannot make a legal hand (too few hand cards, or marked)."""
        need = self.enc.use_exactly if self.dp and self.enc is not None else None
        for p in self.players:
            if not p.live:
                continue
            if p.spec.no_legal_hand:
                self.no_legal.add(p.name)
            elif need and p.cards is not None and len(p.cards) < need:
                self.no_legal.add(p.name)
                self.event(
                    f"{self.encounter.name}: {p.name} holds {len(p.cards)} hand card(s) and needs "
                    f"exactly {need}: no legal hand."
                )
        for m in self.live_monsters:
            if m.spec.no_legal_hand:
                self.no_legal.add(m.label)
                continue
            count = len(m.cards) if m.cards is not None else self._dealt(m)
            if need and count < need:
                self.no_legal.add(m.label)
                self.event(
                    f"{self.encounter.name}: {m.label} holds {count} hand card(s) and needs exactly "
                    f"{need}: it cannot win."
                )

    def _dealt(self, m: _Monster) -> int:
        extra = int(self.enc.monster_extra_cards)
        if m.spec.drawn_at_showdown and self.enc.showdown_monster is not None:
            extra += int(self.enc.showdown_monster.extra_cards)
        return int(m.card.cards) + extra

    # -------------------------------------------------------------- ranking

    def _rank_rules(self) -> RankRules:
        spec = self.spec
        if self.dp:
            enc = self.enc
            return RankRules(
                game="dungeon-poker",
                encounter=self.encounter.id if self.encounter else None,
                use_exactly=enc.use_exactly,
                use_at_most=enc.use_at_most,
                lowball=enc.lowball,
                ace_low=enc.ace_low,
                hand_size=enc.showdown_hand_size,
            )
        return RankRules(game=self.game, wild=tuple(spec.wild), wildcard=spec.wildcard)

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
                p = self.by_name.get(name)
                plate = self._full_plate(p) if p is not None else None
                tops = (
                    [self._decko_top(p, f) for f in ("burn_top", "discard_top")]
                    if p
                    else [None, None]
                )
                entrants.append(Contestant(name, cards, plate, *tops))
            rules = self._rank_rules()
            for board in self.boards:
                ranked = ranker(entrants, board.cards, rules)
                board.groups = result_groups(ranked)
                if board.index == 0:
                    self.ranked = {r.name: r for r in ranked}
                board.lines = [self._line(r, board) for r in ranked]
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

    def _decko_top(self, p: _Player, field_name: str) -> str | None:
        value = getattr(p.spec, field_name)
        if value is None:
            return None
        cards = parse_decko(value, where=f"players[{p.index}].{field_name}")
        if len(cards) != 1:
            raise CompanionError(
                f"players[{p.index}].{field_name}: give one card (got {len(cards)})"
            )
        return cards[0]

    def _board_no(self, board: _Board) -> int | None:
        return board.index + 1 if len(self.boards) > 1 else None

    def _line(self, r: RankedHand, board: _Board) -> HandLine:
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
        m = self.monster(name)
        return m.cards if m is not None else None

    def _where(self, name: str) -> str:
        if name in self.by_name:
            return f"players[{self.by_name[name].index}]"
        m = self.monster(name)
        return f"monsters[{m.index}]" if m is not None else name

    def _explicit(self, text: str, where: str, contestants: list[str]) -> Result:
        try:
            groups = parse_result(text)
        except CompanionError as exc:
            raise CompanionError(f"{where}: {exc}") from None
        placed = [n for g in groups for n in g]
        for name in placed:
            if name in contestants:
                continue
            p = self.by_name.get(name)
            m = self.monster(name)
            if p is not None and p.spec.folded:
                raise CompanionError(f"{where}: '{name}' folded and cannot win or be placed")
            if m is not None and m.out_reason == "killed":
                raise CompanionError(
                    f"{where}: '{name}' was killed during the deal and cannot be placed"
                )
            if m is not None and m.out_reason == "folded":
                raise CompanionError(
                    f"{where}: '{name}' folded with its owner and cannot be placed"
                )
            if name in self.no_legal:
                raise CompanionError(f"{where}: '{name}' has no legal hand and cannot be placed")
            known = ", ".join(self.contestants) or "nobody"
            raise CompanionError(f"{where}: '{name}' is not at the table (still in: {known})")
        missing = [n for n in contestants if n not in placed]
        if missing:
            raise CompanionError(
                f"{where}: the result does not place {', '.join(missing)} "
                f"(place everyone still in, or mark no_legal_hand: true)"
            )
        return groups

    def _lines_from_groups(self, board: _Board) -> list[HandLine]:
        lines = []
        for place, group in enumerate(board.groups, start=1):
            for name in group:
                p = self.by_name.get(name)
                m = self.monster(name)
                hand_class = (p.spec.hand_class if p else m.spec.hand_class if m else None) or ""
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
        extras = [m.label for m in self.live_monsters]
        capped = {m.label: m.owner for m in self.live_monsters if m.owner is not None}
        bonus = 0
        if self.dp and self.enc.pot_bonus_blinds:
            bonus = self.enc.pot_bonus_blinds * self.blind(self.encounter.name)
        self.added = spec.carried + bonus + spec.house_bet
        if spec.carried:
            self.event(
                f"{self.amount(spec.carried)} left on the table by the last deal joins the main pot."
            )
        if spec.house_bet:
            self.event(f"The house bet of {self.amount(spec.house_bet)} joins the pot.")
        pots = list(
            build_pots(
                contributions,
                folded,
                always_eligible=extras,
                dead_money=self.added,
                capped_by=capped,
            )
        )
        ambush = spec.declared.ambush_and_run if self.dp else None
        if ambush is not None and ambush.gold:
            # The oldest gold sits in the main pot: the Rogue's grab comes out of it first.
            left = ambush.gold
            for i, pot in enumerate(pots):
                take = min(pot.amount, left)
                pots[i] = Pot(pot.amount - take, pot.eligible)
                left -= take
            self.event(
                f"Ambush & run ({ambush.by}): {self.amount(ambush.gold)} left the pot with "
                f"{ambush.by}, who folded."
            )
        for board in self.boards:
            board.main_winners = self._best_of(pots[0].eligible, board.groups) if pots else ()
        blasted = 0
        if self.dp and pots:
            for m in self.live_monsters:
                if any(m.label in b.main_winners for b in self.boards):
                    continue
                for e in m.effects("lose"):
                    if e.effect == "explode-blinds":
                        assert e.blinds is not None
                        want = e.blinds * self.blind(f"the {m.card.name}'s explosion")
                        blast = min(want, pots[0].amount)
                        pots[0] = Pot(pots[0].amount - blast, pots[0].eligible)
                        blasted += blast
                        self.event(
                            f"{m.label} loses and explodes: {self.amount(blast)} of the main pot "
                            f"goes up with it."
                        )
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
            self.event(
                f"Splitting the pots between the boards leaves {self.amount(split_left)} on the table "
                f"for the next deal."
            )
        all_pots: list[Pot] = []
        payouts = dict.fromkeys(contributions, 0)
        carry, removed, house = split_left, blasted, 0
        self.pot_winners = []
        if ambush is not None and ambush.gold:
            payouts[ambush.by] += ambush.gold
        for board, board_pots in zip(self.boards, per_board, strict=True):
            payee = self._payees(board)
            s = award(
                board_pots,
                board.groups,
                contributions,
                rules=self.rules,
                button=spec.button,
                payee=payee,
                extra=extras,
            )
            awarded = [replace(p, board=q.board) for p, q in zip(s.pots, board_pots, strict=True)]
            self.pot_winners.append(awarded)
            for name, value in s.payouts.items():
                payouts[name] = payouts.get(name, 0) + value
            carry += s.carry_over
            removed += s.removed
            house += s.house
            all_pots.extend(awarded)
            self._pot_events(board, awarded, payee)
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

    def _payees(self, board: _Board) -> dict[str, str | None]:
        payee: dict[str, str | None] = {}
        fey = [p for p in self.players if p.live and self.usable(p, "beast-mastery")]
        for m in self.live_monsters:
            payee[m.label] = self._payee(m, board, fey[0] if fey else None)
        return payee

    def _payee(self, m: _Monster, board: _Board, fey: _Player | None) -> str | None:
        if m.king:
            return None
        if m.owner is not None:
            return m.owner
        if m.fights_for is not None:
            return m.fights_for
        if fey is not None and board.main_winners == (m.label,):
            return fey.name
        return None

    def _is_beast_mastery(self, name: str) -> bool:
        m = self.monster(name)
        return m is not None and not m.king and m.owner is None and m.fights_for is None

    def _target(self, name: str, board: _Board) -> str | None:
        """Who takes what ``name`` wins: the player, or a monster's payee (None: out of the game)."""
        if name in self.by_name:
            return name
        m = self.monster(name)
        if m is None:  # pragma: no cover - names were validated
            return None
        fey = [p for p in self.players if p.live and self.usable(p, "beast-mastery")]
        return self._payee(m, board, fey[0] if fey else None)

    def _pot_events(
        self, board: _Board, pots: Sequence[Pot], payee: Mapping[str, str | None]
    ) -> None:
        for i, pot in enumerate(pots):
            label = "main pot" if i == 0 else f"side pot {i}"
            if len(self.boards) > 1:
                label = f"board {board.index + 1}, {label}"
            head = f"{label[0].upper()}{label[1:]} ({self.amount(pot.amount)})"
            if not pot.winners:
                if pot.amount == 0:
                    continue
                where = (
                    "goes back to the house"
                    if self.rules.odd_chips == "house"
                    else "stays on the table for the next deal"
                )
                self.event(f"{head}: nobody still in can legally win it; it {where}.")
                continue
            if len(pot.winners) == 1:
                w = pot.winners[0]
                self.event(f"{head}: {w} wins it{self._goes_to(w, pot.amount, payee.get(w, w))}.")
                continue
            parts = [
                f"{w} {self.amount(pot.shares[w])}{self._goes_to(w, pot.shares[w], payee.get(w, w))}"
                for w in pot.winners
            ]
            odd = pot.amount - sum(pot.shares.values())
            tail = ""
            if odd and self.rules.odd_chips != "left-of-button":
                where = (
                    "returns to the house"
                    if self.rules.odd_chips == "house"
                    else "stays on the table"
                )
                tail = f"; the odd {self.amount(odd)} {where}"
            self.event(f"{head}: {' and '.join(pot.winners)} tie: {', '.join(parts)}{tail}.")

    def _goes_to(self, winner: str, amount: int, target: str | None) -> str:
        """Where a monster's winnings go, as the end of a sentence ('' for a player)."""
        if winner in self.by_name:
            return ""
        if target is None:
            return ", out of the game"
        m = self.monster(winner)
        if m is not None and (m.owner is not None or m.fights_for is not None):
            return f", for {target}"
        return f"; by Beast mastery it goes to {target}"

    # -------------------------------------------------------------- monsters after the pots

    def _monster_outcomes(self) -> None:
        for m in self.monsters:
            if not m.live:
                self.outcome[m.label] = m.out_reason
                continue
            won = any(b.main_winners == (m.label,) for b in self.boards)
            tied = any(m.label in b.main_winners and len(b.main_winners) > 1 for b in self.boards)
            side = any(m.label in p.winners for pots in self.pot_winners for p in pots[1:])
            self.outcome[m.label] = (
                "won" if won else "tied" if tied else "side-pot" if side else "lost"
            )

    def _win_effects(self) -> None:
        for m in self.live_monsters:
            if self.outcome[m.label] != "won":
                continue
            for e in m.effects("win"):
                if e.effect == "steal-soul-gem-each":
                    amount = e.amount or 1
                    taken, spared = [], []
                    for p in self.players:
                        if self.immune(p, "monster"):
                            spared.append(p.name)
                            continue
                        lose = amount if p.spec.soul_gems is None else min(amount, p.spec.soul_gems)
                        if lose:
                            self.soul_gems[p.name] = self.soul_gems.get(p.name, 0) - lose
                            taken.append(p.name)
                    text = f"{m.label} wins: it steals {amount} soul gem{'s' if amount > 1 else ''} from each player for the bank"
                    text += f" ({', '.join(taken)})" if taken else " (nobody has one)"
                    text += f"; {', '.join(spared)} immune" if spared else ""
                    self.event(text + ".")
                elif e.effect == "rob-blind-each":
                    due = (e.blinds or 1) * self.blind(f"the {m.card.name}'s robbery")
                    paid, spared = [], []
                    for p in self.players:
                        if self.immune(p, "monster"):
                            spared.append(p.name)
                            continue
                        have = (
                            None
                            if p.spec.stack is None
                            else p.spec.stack + self.payouts.get(p.name, 0)
                        )
                        pay = due if have is None else min(due, have)
                        if pay:
                            self.bank[p.name] = self.bank.get(p.name, 0) - pay
                            paid.append(f"{p.name} {pay:,}")
                    text = f"{m.label} wins: every player pays {self.amount(due)} to the bank"
                    text += " even though it fought for a player" if m.fights_for or m.owner else ""
                    text += f" ({', '.join(paid)})" if paid else ""
                    text += f"; {', '.join(spared)} immune" if spared else ""
                    self.event(text + ".")
                elif e.effect == "next-level":
                    self.event(
                        f"{m.label} wins: the table moves on to the next level, which starts afresh "
                        f"for its five deals."
                    )
                elif e.effect == "lose-treasure-each":
                    amount = e.amount or 1
                    losers = [
                        p.name for p in self.players if p.live and not self.immune(p, "monster")
                    ]
                    for name in losers:
                        self.treasures_lost[name] = self.treasures_lost.get(name, 0) + amount
                    if losers:
                        self.event(
                            f"{m.label} wins: {', '.join(losers)} each give {amount} treasure card(s) "
                            f"of their choice to the bank."
                        )

    def _treasures(self) -> None:
        per_win = self.enc.treasures_per_win
        spoiler = self.spec.declared.spoil_the_treasure
        waiting = self.spec.treasures_waiting
        self.waiting = 0
        if waiting:
            self.event(
                f"{waiting} treasure{' waits' if waiting == 1 else 's wait'} on the table from earlier "
                f"deals for this deal's winner."
            )
        ambush = self.spec.declared.ambush_and_run
        stolen = 0
        if ambush is not None and per_win:
            # The Rogue drew the top treasure: one of this deal's treasures is gone (not the dragon's).
            stolen = 1
            self.treasures[ambush.by] = self.treasures.get(ambush.by, 0) + 1
            self.event(
                f"Ambush & run: {ambush.by} drew the top treasure during the deal; the deal's "
                f"winner draws one treasure fewer."
            )
        for board in self.boards:
            count = (
                per_win + (waiting if board.index == 0 else 0) - (stolen if board.index == 0 else 0)
            )
            if count == 0:
                continue
            which = f" of board {board.index + 1}" if len(self.boards) > 1 else ""
            winners = board.main_winners
            cards = f"{count} treasure{'s' if count != 1 else ''}"
            if not winners:
                self.waiting += count
                self.event(
                    f"Nobody can legally win the deal{which}: the pot and {cards} "
                    f"wait for the next deal."
                )
                continue
            if len(winners) > 1:
                self.waiting += count
                self.event(
                    f"{' and '.join(winners)} tie{which}: {cards} {'waits' if count == 1 else 'wait'} "
                    f"on the table; the next deal's winner draws {'it' if count == 1 else 'them'} "
                    f"with their own."
                )
                continue
            winner = winners[0]
            target = self._target(winner, board)
            if target is None:
                self.event(
                    f"{winner} wins the deal{which}: no treasure is drawn ({cards} lost with the pot)."
                )
                continue
            if spoiler is not None and target != spoiler:
                self.event(
                    f"Spoil the treasure ({spoiler}): {target} draws no treasure ({cards} spoiled)."
                )
                continue
            self.treasures[target] = self.treasures.get(target, 0) + count
            if winner == target:
                self.event(f"{target} wins the deal{which} and draws {cards}.")
            else:
                how = "by Beast mastery " if self._is_beast_mastery(winner) else ""
                self.event(f"{winner} wins the deal{which} for {target}, who {how}draws {cards}.")

    def _slain_effects(self) -> None:
        for m in self.monsters:
            outcome = self.outcome[m.label]
            if outcome not in ("lost", "side-pot", "killed"):
                continue
            if outcome == "killed":
                slayers = [m.spec.killed_by] if m.spec.killed_by else []
            else:
                slayers = []
                for board in self.boards:
                    if m.label in board.main_winners:
                        continue
                    for w in board.main_winners:
                        # A player who won, or whose own monster did; Beast mastery takes loot, not kills.
                        t = self._target(w, board)
                        if t is not None and t not in slayers and not self._is_beast_mastery(w):
                            slayers.append(t)
            for e in m.effects("slain"):
                if e.effect == "extra-treasure":
                    amount = e.amount or 1
                    cards = f"{amount} extra treasure{'s' if amount != 1 else ''}"
                    if len(slayers) == 1:
                        s = slayers[0]
                        self.treasures[s] = self.treasures.get(s, 0) + amount
                        spoil = (
                            " (Spoil the treasure does not touch it)"
                            if self.spec.declared.spoil_the_treasure
                            else ""
                        )
                        self.event(f"{s} slays the {m.card.name} and draws its {cards}{spoil}.")
                    elif slayers:
                        self.waiting += amount
                        self.event(
                            f"{' and '.join(slayers)} share the kill of the {m.card.name}: its "
                            f"{cards} wait{'s' if amount == 1 else ''} for the next deal."
                        )
                    else:
                        self.event(
                            f"No player slays the {m.card.name}: its {cards} {'is' if amount == 1 else 'are'} lost."
                        )
                elif e.effect == "soul-gem-to-slayer":
                    amount = e.amount or 1
                    for s in slayers:
                        self.soul_gems[s] = self.soul_gems.get(s, 0) + amount
                    gems = f"{amount} soul gem{'s' if amount != 1 else ''}"
                    if len(slayers) == 1:
                        self.event(
                            f"{slayers[0]} slays the {m.card.name} and takes {gems} from the bank."
                        )
                    elif slayers:
                        self.event(
                            f"{' and '.join(slayers)} slay the {m.card.name} together and take {gems} "
                            f"each from the bank."
                        )
                    else:
                        self.event(f"No player slays the {m.card.name}: nobody takes its {gems}.")

    def _fates(self) -> None:
        for m in self.monsters:
            outcome = self.outcome[m.label]
            fate = self._fate(m, outcome)
            self.fates.append(MonsterFate(m.label, m.card.id, outcome, fate))
            self.event(f"{m.label} {fate}.")

    def _fate(self, m: _Monster, outcome: str) -> str:
        slain = outcome in ("lost", "side-pot", "killed", "folded")
        if m.owner is not None:
            if (slain and m.has("slain", "returns-next-deal")) or outcome == "folded":
                return f"is out for this deal and returns beside {m.owner} at the next one"
            return f"stays beside {m.owner}"
        if m.has("showdown", "explodes") and m.live:
            return "explodes: removed from the game"
        if outcome == "killed":
            return (
                "was killed: removed from the game"
                if not m.card.set_aside
                else "was killed and goes back to the side"
            )
        if m.card.set_aside:
            return "goes back to the side, out of the monster deck"
        if outcome in ("won", "tied"):
            return "returns to the monster deck (shuffled in)"
        if outcome == "side-pot":
            return "won only a side pot: the side pot and the monster leave the game"
        return "dies: removed from the game"

    def _present_effects(self) -> None:
        for m in self.monsters:
            for e in m.effects("present"):
                if e.effect == "fold-sits-out":
                    folded = [
                        p.name
                        for p in self.players
                        if p.spec.folded and not self.immune(p, "monster")
                    ]
                    if folded:
                        self.event(
                            f"{m.label} was at the table: {', '.join(folded)} folded and "
                            f"sit{'s' if len(folded) == 1 else ''} out the next deal (blinds still due)."
                        )

    def _deaths(self) -> None:
        """Players whose gold is known and gone: the character dies (or the Undeath Amulet acts)."""
        winners = [self._target(w, b) for b in self.boards for w in b.main_winners]
        takers = [w for w in dict.fromkeys(winners) if w is not None]
        for p in self.players:
            if p.spec.stack is None:
                continue
            gold = p.spec.stack + self.payouts.get(p.name, 0) + self.bank.get(p.name, 0)
            if gold > 0:
                continue
            amulet = [a for a in p.artifacts if a.effect == "undeath-amulet"]
            if amulet:
                # The amulet ignores encounters (Anti-magic zone, Long night name it).
                back = (amulet[0].blinds or 0) * self.blind(amulet[0].name)
                self.event(
                    f"{p.name} has no gold left: the {amulet[0].name} brings the character back at "
                    f"the next deal with {self.amount(back)}, gems and artifacts kept; the amulet "
                    f"leaves the game."
                )
                continue
            self.dead.append(p.name)
            pick = [t for t in takers if t != p.name]
            who = (
                f"{' and '.join(pick)} may take one of {p.name}'s treasures"
                if pick
                else f"nobody takes {p.name}'s treasures"
            )
            self.event(
                f"{p.name} has no gold left: the character dies and its soul gems go to the bank; "
                f"{who}, the rest leave the game; {p.name} may return with a new character "
                f"and a skull card."
            )

    # -------------------------------------------------------------- other games

    def _first_honors(self) -> None:
        if not self.spec.first_honors:
            return
        board = self.boards[0]
        hands = {line.name: line.hand for line in board.lines}
        dk = [w for w in board.main_winners if "dragon kings" in hands.get(w, "").casefold()]
        if not dk:
            return
        share = FIRST_HONORS_BONUS // len(dk)
        for w in dk:
            self.bank[w] = self.bank.get(w, 0) + share
        self.event(
            f"First Honors: {' and '.join(dk)} {'plays' if len(dk) == 1 else 'play'} the game's first "
            f"Twinned Dragon Kings: +{share} from the house"
            f"{' each' if len(dk) > 1 else ''}; a voluntary wing card may be made permanent."
        )

    def _decko_income(self) -> None:
        if len(self.contestants) == 1:
            self.event(
                f"Last player standing: {self.contestants[0]} takes every bet and the house bet "
                f"without revealing."
            )
            return
        if not self.contestants:
            self.event("Everyone folded: the house bet goes back to the house.")
            return
        winners = set(self.boards[0].main_winners)
        for name, r in self.ranked.items():
            if r.chips:
                self.bank[name] = self.bank.get(name, 0) + r.chips
                self.event(f"{name}'s revealed hand earns {self.amount(r.chips)} from the house.")
            if name not in winners:
                self.money[name] = r.money
        if self.money:
            spend = ", ".join(f"{n} ${v}" for n, v in self.money.items())
            self.event(f"The winner discards; the others buy with their sets' values: {spend}.")

    # -------------------------------------------------------------- result

    def _result(self) -> ShowdownResult:
        winners: list[str] = []
        for board in self.boards:
            for w in board.main_winners:
                if w not in winners:
                    winners.append(w)
        lines = tuple(line for board in self.boards for line in board.lines)
        return ShowdownResult(
            game=self.game,
            pots=self.pots,
            payouts=self.payouts,
            carry_over=self.carry,
            removed=self.removed,
            house=self.house,
            contributions=self.contributions,
            added=self.added,
            players=lines,
            winners=tuple(winners),
            treasures=self.treasures,
            treasures_waiting=self.waiting,
            soul_gems=self.soul_gems,
            bank=self.bank,
            money=self.money,
            treasures_lost=self.treasures_lost,
            monsters=tuple(self.fates),
            events=tuple(self.events),
            dead=tuple(self.dead),
        )


def _rank_word(rank: str) -> str:
    """``8`` -> ``eights``, ``A`` -> ``aces``."""
    from companion.poker.cards import RANK_PLURALS
    from companion.poker.cards import parse_rank as rank_value

    return RANK_PLURALS[rank_value(rank)]


def _rank_span(ranks: Sequence[str]) -> str:
    from companion.poker.cards import RANK_CHARS as order

    idx = sorted(order.index(r) for r in ranks)
    if idx and idx == list(range(idx[0], idx[-1] + 1)) and len(idx) > 2:
        return f"{order[idx[0]]}-{order[idx[-1]]}"
    return ", ".join(order[i] for i in idx)
