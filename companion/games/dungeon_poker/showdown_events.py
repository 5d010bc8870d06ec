"""What Dungeon Poker's rules do at a showdown, as typed events (one a rule applied).

Each phase of :mod:`companion.games.dungeon_poker.showdown` returns these: the
encounter's rules in force, the monsters that joined and whom they play
for, the cards a curse destroyed, the gold that left the pot, what a
monster's win cost, the treasures the winner draws (or that wait), the
slayers' rewards, where each monster's card goes, the characters out of
gold. The table's corrections (``table win``, ``tie``, ``monster-result``)
return the same ones, from the same phases. Their words are the ui's
(:mod:`companion.ui.render.words.dungeon_poker_showdown`).

>>> TreasuresDrawn(None, "ann", "ann", 2).count
2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from companion.poker.showdown_events import ShowdownEvent


@dataclass(frozen=True)
class DungeonPokerEvent(ShowdownEvent):
    """A Dungeon Poker rule at the showdown (a family)."""

    rule: ClassVar[str] = "000, the showdown"


# -- the encounter in force ---------------------------------------------------------------------

EncounterEffect = Literal[
    "use-exactly",
    "use-at-most",
    "lowball",
    "boards",
    "bank-adds",
    "treasures-per-win",
    "king-monsters",
    "no-artifacts",
    "no-passives",
]


@dataclass(frozen=True)
class EncounterInForce(DungeonPokerEvent):
    """One rule of the encounter card in force at this showdown: ``amount`` is its number
    (hand cards, boards, gold, treasures), ``hand_size`` and ``ace_low`` a lowball's."""

    kind: ClassVar[str] = "dp-encounter"
    rule: ClassVar[str] = "000, Encounter cards"
    encounter: str
    effect: EncounterEffect
    amount: int | None = None
    hand_size: int | None = None
    ace_low: bool = False


# -- who joined the deal ---------------------------------------------------------------------


@dataclass(frozen=True)
class MonsterKilledBefore(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-killed-before"
    rule: ClassVar[str] = "Appendix C, Crystal Dagger"
    monster: str
    by: str


@dataclass(frozen=True)
class FoldsWithOwner(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-folds-with-owner"
    rule: ClassVar[str] = "Appendix A, Golem"
    card: str
    owner: str


@dataclass(frozen=True)
class DrawnAtShowdown(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-drawn-at-showdown"
    rule: ClassVar[str] = "000, Encounter cards"
    encounter: str
    monster: str
    extra_cards: int = 0


@dataclass(frozen=True)
class PlaysForOwner(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-plays-for-owner"
    rule: ClassVar[str] = "Appendix A, Golem"
    card: str
    owner: str


@dataclass(frozen=True)
class FightsFor(DungeonPokerEvent):
    """A monster summoned (or controlled) by a player wins for them, unless it is a King."""

    kind: ClassVar[str] = "dp-fights-for"
    rule: ClassVar[str] = "000, Monsters"
    monster: str
    player: str
    summoned: bool
    king: bool


@dataclass(frozen=True)
class KingMonster(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-king"
    rule: ClassVar[str] = "000, Monsters"
    monster: str


# -- as the cards turn over ----------------------------------------------------------------------


@dataclass(frozen=True)
class FullPlateFloor(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-full-plate"
    rule: ClassVar[str] = "Appendix C, Full Plate"
    artifact: str
    player: str
    rank: str


@dataclass(frozen=True)
class CardsLost(DungeonPokerEvent):
    """One hand's cards destroyed by a curse or a monster (a part of the events below)."""

    whose: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class WitchCursed(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-witch-curse"
    rule: ClassVar[str] = "Appendix A, Witch curse"
    by: str
    rank: str
    lost: tuple[CardsLost, ...] = ()
    immune: tuple[str, ...] = ()


@dataclass(frozen=True)
class HandCardsDiscarded(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-hand-discards"
    rule: ClassVar[str] = "Appendix B, Ancient Evil"
    monster: str
    ranks: tuple[str, ...]
    lost: tuple[CardsLost, ...] = ()
    immune: tuple[str, ...] = ()


# -- the pots -------------------------------------------------------------------------------


@dataclass(frozen=True)
class RogueRan(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-ambush-gold"
    rule: ClassVar[str] = "Appendix A, Ambush & run"
    by: str
    gold: int


@dataclass(frozen=True)
class PotionBlast(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-potion"
    rule: ClassVar[str] = "Appendix C, Explosive Potion"
    artifact: str
    by: str
    gold: int


@dataclass(frozen=True)
class MonsterExplodes(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-explodes"
    rule: ClassVar[str] = "Appendix B, Gnome Lunatic"
    monster: str
    gold: int


# -- after the pots: a monster's win ------------------------------------------------------------


@dataclass(frozen=True)
class GemsStolen(DungeonPokerEvent):
    """The Goblin's win: a soul gem from each player (who has one) for the bank."""

    kind: ClassVar[str] = "dp-gems-stolen"
    rule: ClassVar[str] = "Appendix B, Goblin"
    monster: str
    gems: int
    taken: tuple[str, ...] = ()
    immune: tuple[str, ...] = ()


@dataclass(frozen=True)
class GoldPaid(DungeonPokerEvent):
    """One player's payment (a part of :class:`PlayersRobbed`)."""

    player: str
    gold: int


@dataclass(frozen=True)
class PlayersRobbed(DungeonPokerEvent):
    """The Ice Giant's win: every player pays blinds of gold to the bank."""

    kind: ClassVar[str] = "dp-robbed"
    rule: ClassVar[str] = "Appendix B, Ice Giant"
    monster: str
    due: int
    paid: tuple[GoldPaid, ...] = ()
    for_a_player: bool = False
    immune: tuple[str, ...] = ()


@dataclass(frozen=True)
class NextLevelOpens(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-next-level"
    rule: ClassVar[str] = "Appendix B, Astral Warlock"
    monster: str


@dataclass(frozen=True)
class TreasuresGiven(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-treasures-given"
    rule: ClassVar[str] = "Appendix B"
    monster: str
    players: tuple[str, ...]
    count: int


# -- the winner's treasures -------------------------------------------------------------------


@dataclass(frozen=True)
class TreasuresWaitFromEarlier(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-treasures-waiting"
    rule: ClassVar[str] = "000, Treasures"
    count: int


@dataclass(frozen=True)
class NobodyWins(DungeonPokerEvent):
    """Nobody can legally win the deal (of one board): pot and treasures wait."""

    kind: ClassVar[str] = "dp-nobody-wins"
    rule: ClassVar[str] = "Appendix F"
    board: int | None
    count: int


@dataclass(frozen=True)
class DealTiedTreasuresWait(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-tie-waits"
    rule: ClassVar[str] = "000, Treasures"
    board: int | None
    winners: tuple[str, ...]
    count: int


@dataclass(frozen=True)
class TreasuresLost(DungeonPokerEvent):
    """A monster won the deal (of one board): it draws no treasure, the treasures are lost."""

    kind: ClassVar[str] = "dp-treasures-lost"
    rule: ClassVar[str] = "000, Monsters"
    board: int | None
    winner: str
    count: int


@dataclass(frozen=True)
class TreasureSpoiled(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-spoiled"
    rule: ClassVar[str] = "Appendix A, Spoil the treasure"
    spoiler: str
    player: str
    count: int


@dataclass(frozen=True)
class TreasuresDrawn(DungeonPokerEvent):
    """The winner of the deal (of one board) draws its treasures; ``player`` is who draws
    them (the winner, or the player a monster won for), ``beast`` by Beast mastery."""

    kind: ClassVar[str] = "dp-treasures-drawn"
    rule: ClassVar[str] = "000, Treasures"
    board: int | None
    winner: str
    player: str
    count: int
    beast: bool = False


@dataclass(frozen=True)
class AmbushTreasure(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-ambush-treasure"
    rule: ClassVar[str] = "Appendix A, Ambush & run"
    by: str


# -- the slayers ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SlayerDraws(DungeonPokerEvent):
    """The one slayer of a monster draws the treasures its card promises."""

    kind: ClassVar[str] = "dp-slayer-draws"
    rule: ClassVar[str] = "Appendix B, Fire Dragon"
    slayer: str
    monster: str
    count: int
    spoil_untouched: bool = False


@dataclass(frozen=True)
class SharedKillWaits(DungeonPokerEvent):
    """Several slayers share a kill: the treasures its card promises wait for the next deal."""

    kind: ClassVar[str] = "dp-shared-kill"
    rule: ClassVar[str] = "Appendix B, Fire Dragon"
    slayers: tuple[str, ...]
    monster: str
    count: int


@dataclass(frozen=True)
class NoSlayer(DungeonPokerEvent):
    """Nobody slew the monster: what its card promises (treasures or soul gems) is lost."""

    kind: ClassVar[str] = "dp-no-slayer"
    rule: ClassVar[str] = "Appendix B"
    monster: str
    count: int
    what: Literal["treasures", "soul gems"]


@dataclass(frozen=True)
class SlayersTakeGems(DungeonPokerEvent):
    """The slayer (each slayer of a shared kill) takes soul gems from the bank."""

    kind: ClassVar[str] = "dp-slayer-gems"
    rule: ClassVar[str] = "Appendix B, Genie"
    slayers: tuple[str, ...]
    monster: str
    gems: int


# -- where the monsters' cards go, the Baron --------------------------------------------------

CardGoes = Literal[
    "owner-dies",
    "returns-next-deal",
    "stays",
    "explodes",
    "killed-aside",
    "killed-removed",
    "aside",
    "deck",
    "side-pot",
    "dies",
]


@dataclass(frozen=True)
class MonsterCardGoes(DungeonPokerEvent):
    """Where a monster's card goes after the deal (``owner``: the player it plays beside)."""

    kind: ClassVar[str] = "dp-card-goes"
    rule: ClassVar[str] = "000, Monsters"
    monster: str
    card: str
    outcome: str
    goes: CardGoes
    owner: str | None = None


@dataclass(frozen=True)
class FoldersSitOut(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-sit-out"
    rule: ClassVar[str] = "Appendix B, Baron"
    monster: str
    players: tuple[str, ...]


# -- characters out of gold ------------------------------------------------------------------


@dataclass(frozen=True)
class AmuletActs(DungeonPokerEvent):
    kind: ClassVar[str] = "dp-undeath"
    rule: ClassVar[str] = "Appendix C, Undeath Amulet"
    player: str
    amulet: str
    gold: int


@dataclass(frozen=True)
class CharacterDies(DungeonPokerEvent):
    """A character with no gold left dies; ``takers`` may take one of its treasures."""

    kind: ClassVar[str] = "dp-dies"
    rule: ClassVar[str] = "000, Character death and re-entering the game"
    player: str
    takers: tuple[str, ...] = ()
