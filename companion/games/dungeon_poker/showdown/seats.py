"""Who sits at the showdown: characters, their abilities, artifacts, what was declared.

000, "The player characters and special actions": each player's character
card gives abilities, which the level's encounter may take away
(:func:`~companion.cards.dungeon_poker.effective_cost` says which still
work); the treasures a player keeps are artifacts (a sudden effect is never
kept). The abilities used during the deal that act at the showdown are
declared in the file: the Witch's curse and Spoil the treasure, the Rogue's
Ambush & run, the Barbarian's rage (which makes him immune to the other
characters' abilities). The Dwarven Stalwart is immune to every ability of
monsters and other players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.cards.dungeon_poker import effective_cost
from companion.errors import CompanionError
from companion.games.dungeon_poker.showdown.cards import find_card
from companion.games.dungeon_poker.showdown_input import DungeonPokerPlayerIn
from companion.poker.showdown import PlayerSeat
from companion.poker.showdown_rank import parse_rank

if TYPE_CHECKING:
    from companion.games.dungeon_poker.showdown import DungeonPokerShowdown


@dataclass
class DungeonPokerSeat(PlayerSeat):
    """A player at the showdown with their character, its abilities working now, and artifacts."""

    spec: DungeonPokerPlayerIn
    character: Any = None
    artifacts: tuple[Any, ...] = ()
    abilities: frozenset[str] = frozenset()


def read(sd: DungeonPokerShowdown, db: Any) -> None:
    """Each player's character (with the abilities that work now) and artifacts."""
    for p in sd.players:
        where = f"players[{p.index}]"
        if p.spec.character is not None:
            p.character = find_card(db, "character", p.spec.character, f"{where}.character")
            p.abilities = frozenset(
                ability.effect
                for ability in p.character.abilities
                if ability.kind in ("passive", "standard")
                and effective_cost(ability, sd.enc) is not None
            )
        arts = []
        for j, name in enumerate(p.spec.artifacts):
            card = find_card(db, "treasure", name, f"{where}.artifacts[{j}]")
            if card.treasure_class == "sudden":
                raise CompanionError(
                    f"{where}.artifacts[{j}]: {card.name} is a sudden effect, resolved when drawn, not kept"
                )
            arts.append(card)
        p.artifacts = tuple(arts)


def usable(player: DungeonPokerSeat, effect: str) -> bool:
    """Does ``player``'s character have the ability ``effect`` working now?"""
    return effect in player.abilities


def immune(sd: DungeonPokerShowdown, player: DungeonPokerSeat, source: str) -> bool:
    """Immune to an ability of ``source`` (``monster`` or ``character``)?"""
    if usable(player, "dwarven-resistance"):
        return True
    return source == "character" and player.name in sd.spec.declared.barbarian_rage


_DECLARED = (
    # field of ``declared``, the ability's effect, its name on the card
    ("witch_curse", "witch-curse", "Witch curse"),
    ("spoil_the_treasure", "spoil-the-treasure", "Spoil the treasure"),
    ("ambush_and_run", "ambush-and-run", "Ambush & run"),
)


def check_declared(sd: DungeonPokerShowdown, db: Any) -> str:
    """The abilities declared during the deal: by a player whose character has them,
    under an encounter that lets them work; the Witch's rank, the Rogue's gold. Returns
    the rank the Witch cursed (empty: no curse)."""
    d = sd.spec.declared
    enc_name = sd.encounter.name if sd.encounter else ""
    users = {
        "witch_curse": d.witch_curse.by if d.witch_curse else None,
        "spoil_the_treasure": d.spoil_the_treasure,
        "ambush_and_run": d.ambush_and_run.by if d.ambush_and_run else None,
    }
    for field_name, effect, title in _DECLARED:
        who = users[field_name]
        if who is None:
            continue
        where = f"declared.{field_name}" + ("" if field_name == "spoil_the_treasure" else ".by")
        p = sd.player(who, where)
        if sd.enc.no_abilities or effect in sd.enc.banned_abilities:
            raise CompanionError(f"{where}: {title} cannot be used during {enc_name}")
        if p.character is not None and not any(a.effect == effect for a in p.character.abilities):
            raise CompanionError(f"{where}: {who} plays the {p.character.name}, who has no {title}")
    cursed = ""
    if d.witch_curse is not None:
        try:
            cursed = parse_rank(d.witch_curse.rank)
        except CompanionError as exc:
            raise CompanionError(f"declared.witch_curse.rank: {exc}") from None
    for j, name in enumerate(d.barbarian_rage):
        sd.player(name, f"declared.barbarian_rage[{j}]")
    for j, name in enumerate(d.explosive_potion):
        sd.player(name, f"declared.explosive_potion[{j}]")
        if sd.enc.no_artifacts:
            raise CompanionError(
                f"declared.explosive_potion[{j}]: artifacts do not work during {enc_name}"
            )
    if d.ambush_and_run is not None:
        _check_ambush(sd, db)
    return cursed


def _check_ambush(sd: DungeonPokerShowdown, db: Any) -> None:
    """Ambush & run: the Rogue folded, and took half the pot in whole coins, at most
    what the card prints (``gold_max``)."""
    ambush = sd.spec.declared.ambush_and_run
    assert ambush is not None
    rogue = sd.by_name[ambush.by]
    if not rogue.spec.folded:
        raise CompanionError(
            f"declared.ambush_and_run.by: {rogue.name} ran with the gold, so must be folded: true"
        )
    unit = sd.rules.unit
    gold = ambush.gold
    total = sum(p.spec.put_in for p in sd.players) + sd.spec.carried
    half = total // 2 // unit * unit
    cap = ambush_cap(rogue.character, db)
    most = half if cap is None else min(cap, half)
    if gold % unit:
        raise CompanionError(
            f"declared.ambush_and_run.gold: {gold} is not a whole number of {unit}-gold coins"
        )
    if gold > most:
        at_most = "" if cap is None else f", at most {cap:,}"
        raise CompanionError(
            f"declared.ambush_and_run.gold: {gold} is more than Ambush & run can take "
            f"(half the pot in whole coins{at_most}: {most:,} here)"
        )


def ambush_cap(character: Any, db: Any) -> int | None:
    """The most gold Ambush & run takes, as its card prints it (the Rogue's 3000).

    ``character`` is the player's character card, or None when the file does
    not say: then the card of the character who has the ability.
    """
    holders = [character] if character is not None else db.of_type("character")
    for card in holders:
        for ability in card.abilities:
            if ability.effect == "ambush-and-run" and ability.gold_max:
                return int(ability.gold_max)
    return None
