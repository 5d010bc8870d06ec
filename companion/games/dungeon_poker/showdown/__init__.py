"""Dungeon Poker at the showdown: the rules that act when a deal ends, in the rulebook's order.

:class:`DungeonPokerShowdown` is the showdown engine of
:mod:`companion.poker.showdown` with Dungeon Poker's rules. The engine
calls its hooks in the order a dealer settles a deal; each hook below is a
short list of phases, one module each, named after what the rulebook says
happens (000, "The progression of the game", "Encounter cards",
"Treasures", "Monsters", "Character death and re-entering the game", and
the appendices that give the cards):

before the cards are read
  :mod:`.encounter` the level's blind and the encounter card in force;
  :mod:`.seats` the players' characters, their abilities and artifacts;
  :mod:`.joining` the monsters that joined the deal (Kings, the Golem,
  summoned, killed), and the abilities declared during the deal
  (:func:`.seats.check_declared`);
as the cards turn over
  the encounter's, the monsters' and the Full Plate's reminders, then
  :mod:`.turned_over` (the Witch's curse, the Ancient Evil's discards);
ranking
  :mod:`.ranking` what a legal hand uses, the Full Plate's floor, how many
  cards a monster plays;
the pots
  :mod:`.pots` the Treasure ship's gold, the Rogue's grab, the Gnome
  Lunatic's blast, who takes what a monster wins;
after the pots
  :mod:`.fates` how each monster fared and what its win does;
  :mod:`.treasures` the winner's treasures, or those left waiting;
  :mod:`.slayers` the Fire Dragon's and the Genie's rewards;
  :mod:`.fates` where each monster's card goes, the Baron's punishment;
  :mod:`.deaths` characters out of gold, and the Undeath Amulet.

Victory is the table's to announce
(:mod:`~companion.games.dungeon_poker.victory`): a showdown file does not
hold every treasure a player keeps. The rules a phase shares with the
table (a monster's cards, King status, spoils and destination; how many
treasures a winner draws; the Undeath Amulet and its gold) are read from
the table's chapter modules, :mod:`~companion.games.dungeon_poker.monsters`,
:mod:`~companion.games.dungeon_poker.treasures` and
:mod:`~companion.games.dungeon_poker.deaths`; :mod:`.cards` finds the cards
a file names. The table
(``companion table showdown``) and ``companion showdown`` both settle a
deal through this class, so they cannot disagree.

>>> from companion.poker.showdown_input import read_showdown
>>> spec = read_showdown('''
... players: [{name: ann, put_in: 400}, {name: ben, put_in: 400}]
... monsters: [{name: Orc}]
... result: Orc > ann > ben
... ''')
>>> out = DungeonPokerShowdown(spec).run()
>>> out.payouts, out.removed, out.treasures
({'ann': 0, 'ben': 0}, 800, {})
>>> out.monsters[0].fate
'returns to the monster deck (shuffled in)'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.cards.loader import load_game
from companion.errors import CompanionError
from companion.events import Event
from companion.games.dungeon_poker.monsters import added
from companion.games.dungeon_poker.showdown import (
    deaths,
    encounter,
    fates,
    joining,
    pots,
    ranking,
    seats,
    slayers,
    treasures,
    turned_over,
)
from companion.games.dungeon_poker.showdown.joining import MonsterSeat
from companion.games.dungeon_poker.showdown.result import DungeonPokerResult, MonsterFate
from companion.games.dungeon_poker.showdown.seats import DungeonPokerSeat
from companion.games.dungeon_poker.showdown_input import DungeonPokerShowdownIn
from companion.poker.pots import Pot
from companion.poker.showdown import Board, ExtraSeat, PlayerSeat, Showdown
from companion.poker.showdown_events import Winnings
from companion.poker.showdown_rank import Contestant, Ranker, RankRules

__all__ = ["DungeonPokerResult", "DungeonPokerShowdown", "MonsterFate"]

_WHY_OUT = {"killed": "was killed during the deal", "folded": "folded with its owner"}


class DungeonPokerShowdown(Showdown):
    """One Dungeon Poker showdown: monsters, encounters, treasures, deaths."""

    currency = "gold"
    bank_name = "bank"
    spec: DungeonPokerShowdownIn
    players: list[DungeonPokerSeat]
    by_name: dict[str, DungeonPokerSeat]

    def __init__(
        self,
        spec: DungeonPokerShowdownIn,
        ranker: Ranker | None = None,
        data_dir: str | None = None,
    ) -> None:
        super().__init__(spec, ranker, data_dir)
        self.encounter: Any = None
        self.enc: Any = None
        """The encounter's EncounterRules (plain ones without an encounter)."""
        self.cursed = ""
        """The rank the Witch cursed, if she did."""
        self.monsters: list[MonsterSeat] = []
        self.waiting = 0
        """Treasures left waiting for the next deal's winner."""
        self.soul_gems: dict[str, int] = {}
        self.treasures_lost: dict[str, int] = {}
        self.outcome: dict[str, str] = {}
        """Each monster's outcome (``won``, ``tied``, ``side-pot``, ``lost`` or why it was out)."""
        self.fates: list[MonsterFate] = []
        self.dead: list[str] = []

    # -------------------------------------------------------------- who sits at the table

    def seat(self, index: int) -> DungeonPokerSeat:
        return DungeonPokerSeat(index, self.spec.players[index])

    def player(self, name: str, where: str) -> DungeonPokerSeat:
        return self.by_name[super().player(name, where).name]

    def extra_seats(self) -> list[MonsterSeat]:
        return self.monsters

    @property
    def live_monsters(self) -> list[MonsterSeat]:
        return [m for m in self.monsters if m.live]

    def monster(self, label: str) -> MonsterSeat | None:
        return next((m for m in self.monsters if m.label == label), None)

    def hands_count(self) -> tuple[int, str]:
        monsters = len(self.spec.monsters)
        what = "players and monsters" if monsters else "players"
        return len(self.spec.players) + monsters, what

    def why_out(self, m: ExtraSeat) -> str:
        return _WHY_OUT.get(m.out_reason, super().why_out(m))

    def run(self) -> DungeonPokerResult:
        result = super().run()
        assert isinstance(result, DungeonPokerResult)  # _result below made it
        return result

    def _result(self) -> DungeonPokerResult:
        return DungeonPokerResult(
            **self.result_fields(),
            treasures_waiting=self.waiting,
            soul_gems=self.soul_gems,
            treasures_lost=self.treasures_lost,
            monsters=tuple(self.fates),
            dead=tuple(self.dead),
        )

    # -------------------------------------------------------------- words and amounts

    def unit_name(self) -> str:
        return f"{self.rules.unit}-gold coins"

    def blind(self, why: str) -> int:
        """The level's blind, which ``why`` (a rule counted in blinds) needs."""
        if self.spec.blind is None or self.spec.blind == 0:
            raise CompanionError(
                f"blind: {why} needs the blind of the level (add blind: 200, for example)"
            )
        return self.spec.blind

    # -------------------------------------------------------------- before the cards are read

    def prepare(self) -> None:
        encounter.check_blind(self)
        db = load_game("dungeon-poker", self.data_dir)
        self.encounter, self.enc = encounter.read(self.spec, db)
        seats.read(self, db)
        self.monsters, labels = joining.join(self, db)
        self.names_seen = {**self.names_seen, **labels}
        self.cursed = seats.check_declared(self, db)
        self.record(joining.who_is_in(self))

    # -------------------------------------------------------------- as the cards turn over

    @property
    def board_count(self) -> int:
        return int(self.enc.boards)

    def why_boards(self) -> str:
        return encounter.during(self)

    def before_ranking(self) -> None:
        for said in (
            encounter.reminders(self),
            joining.reminders(self),
            ranking.full_plate_reminders(self),
            turned_over.witch_curse(self),
            turned_over.monster_discards(self),
        ):
            self.record(said)

    def record(self, events: Iterable[Event]) -> None:
        """The events a phase returned, in order."""
        for e in events:
            self.event(e)

    # -------------------------------------------------------------- ranking

    def hand_cards_needed(self) -> int | None:
        return ranking.hand_cards_needed(self)

    def why_needed(self) -> str:
        return encounter.named(self)

    def extra_hand_count(self, m: ExtraSeat) -> int | None:
        monster = self.monster(m.label)
        return None if monster is None else ranking.monster_cards(self, monster)

    def has_floor(self, p: PlayerSeat) -> bool:
        # The Full Plate's pair counts even without a legal hand (decisions.md, Hand ranking).
        return ranking.full_plate(self, self.by_name[p.name]) is not None

    def _rank_rules(self) -> RankRules:
        return ranking.rank_rules(self)

    def contestant(self, name: str, cards: tuple[str, ...]) -> Contestant:
        return ranking.contestant(self, name, cards)

    # -------------------------------------------------------------- the pots

    def pot_bonus(self) -> int:
        return pots.bank_adds(self)

    def adjust_pots(self, pots_now: list[Pot], payouts: dict[str, int]) -> int:
        self.record(pots.rogue_grab(self, pots_now, payouts))
        destroyed, blasts = pots.potions(self, pots_now)
        self.record(blasts)
        blasted, explosions = pots.explosions(self, pots_now)
        self.record(explosions)
        return destroyed + blasted

    def payees(self, board: Board) -> dict[str, str | None]:
        return pots.payees(self, board)

    def payees_if_eligible(self, board: Board) -> frozenset[str]:
        return pots.beast_master_capped(self, board)

    def winnings(self, winner: str, target: str | None) -> Winnings | None:
        return pots.winnings(self, winner, target)

    # -------------------------------------------------------------- after the pots

    def after_pots(self) -> None:
        """The phases after the pots, in the rulebook's order; each returns what it decided,
        which is kept here once."""
        self.outcome = fates.judge(self)
        costs = fates.monster_wins(self, self.outcome)
        self.record(costs.events)
        self.soul_gems = added(self.soul_gems, costs.soul_gems)
        self.bank = added(self.bank, costs.bank)
        self.treasures_lost = added(self.treasures_lost, costs.treasures_lost)
        drawn = treasures.draw(self)
        self.record(drawn.events)
        rewards = slayers.reward(self, self.outcome)
        self.record(rewards.events)
        self.treasures = added(self.treasures, drawn.drawn, rewards.treasures)
        self.soul_gems = added(self.soul_gems, rewards.soul_gems)
        self.waiting = drawn.waiting + rewards.waiting
        fated, said = fates.cards_go(self, self.outcome)
        self.fates = list(fated)
        self.record(said)
        self.record(fates.presence(self))
        dead, said_dead = deaths.settle(self)
        self.dead = list(dead)
        self.record(said_dead)
