"""Dungeon Poker's part of the showdown file: characters, monsters, what was declared.

The engine's fields (players, bets, board, result) are
:class:`~companion.poker.showdown_input.ShowdownIn`'s; these are the ones
only a Dungeon Poker showdown has. The format, with worked examples, is
``docs/showdown.md``.

>>> from companion.poker.showdown_input import read_showdown
>>> spec = read_showdown("players: [{name: ann, character: Witch}]\\nmonsters: [{name: Orc}]")
>>> type(spec).__name__, spec.players[0].character, spec.monsters[0].name
('DungeonPokerShowdownIn', 'Witch', 'Orc')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, field_validator

from companion.poker.showdown_input import (
    Amount,
    Cards,
    Name,
    PlayerIn,
    ShowdownIn,
    ShowdownPart,
)


class DungeonPokerPlayerIn(PlayerIn):
    """A player at a Dungeon Poker showdown: a character, artifacts, soul gems."""

    character: str | None = None
    """Character card (name or id): Witch, Gnome Artificer, Fey Teratologist, ..."""
    artifacts: list[str] = Field(default_factory=list)
    """Treasures this player holds that act at the showdown (Full Plate)."""
    soul_gems: Amount | None = None
    """Soul gems held before the showdown (a Goblin cannot take a gem you do not have)."""


class MonsterIn(ShowdownPart):
    """A monster playing for the pot."""

    name: str
    """Monster card name or id: Orc, Fire Dragon, golem, ..."""
    label: Name | None = None
    """The name it goes by in the result, when two monsters share a card name."""
    hand: Cards | None = None
    summoned_by: Name | None = None
    """The player who brought it (Summon Monster Scroll, Summon beast): it wins for them."""
    controlled_by: Name | None = None
    king: bool | None = None
    """Force King Monster status (Demon's Bargain's monster); default: the card and encounter decide."""
    drawn_at_showdown: bool = False
    """King's cave: this is the monster drawn at the showdown."""
    killed_by: Name | None = None
    """Killed during the deal (Crystal Dagger): it takes no part, the killer is its slayer."""
    hand_class: str | None = None
    no_legal_hand: bool = False


class WitchCurse(ShowdownPart):
    by: Name
    """The player who cast it (the Witch)."""
    rank: str
    """The cursed number: 2-10, J, Q, K, A."""

    @field_validator("rank", mode="before")
    @classmethod
    def _rank_text(cls, value: Any) -> Any:
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


class AmbushAndRun(ShowdownPart):
    by: Name
    """The player (the Rogue) who ambushed and ran; they folded."""
    gold: Amount
    """The gold taken from the pot."""


class Declared(ShowdownPart):
    """Abilities used during the deal that act at the showdown."""

    witch_curse: WitchCurse | None = None
    ambush_and_run: AmbushAndRun | None = None
    spoil_the_treasure: Name | None = None
    """The player (the Witch) who spoiled the treasure."""
    barbarian_rage: list[Name] = Field(default_factory=list)
    """Players who used Barbarian rage this deal (immune to other characters' abilities)."""
    explosive_potion: list[Name] = Field(default_factory=list)
    """Players who sacrificed an Explosive Potion this deal: each destroys its gold (1000)
    from the pot, the main pot first."""


class DungeonPokerShowdownIn(ShowdownIn):
    """One Dungeon Poker showdown: the level's encounter, the monsters, what was declared."""

    player_type: ClassVar[type[PlayerIn]] = DungeonPokerPlayerIn
    several_boards: ClassVar[bool] = True  # Two front war

    game: Literal["dungeon-poker"] = "dungeon-poker"
    encounter: str | None = None
    """Encounter card in force (name or id)."""
    treasures_waiting: Amount = 0
    """Treasures left waiting by earlier deals (a tie, no legal winner)."""
    players: Annotated[Sequence[DungeonPokerPlayerIn], Field(min_length=1)]
    monsters: list[MonsterIn] = Field(default_factory=list)
    declared: Declared = Declared()
