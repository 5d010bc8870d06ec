"""The monsters that joined the deal, and which of them are still in at the showdown.

000, "Monsters" and Appendix B: a monster plays for the pot (a friendly one
gives its gift and leaves before, so never reaches a showdown); a King
Monster never hands over what it wins (the card, War mongering, King's cave
decide: :func:`~companion.games.dungeon_poker.monsters.counts_as_king`, the
table's rule too); a player's own monster (the Gnome Artificer's Golem)
plays beside its owner and folds with them; a summoned or controlled one
fights for a player; one killed during the deal (Crystal Dagger) takes no
part. Dragon age brings its Fire Dragon to every deal and King's cave draws
one monster at every showdown: the file must hold them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.errors import CompanionError
from companion.events import Event
from companion.games.dungeon_poker.monsters import counts_as_king
from companion.games.dungeon_poker.showdown.cards import find_card
from companion.games.dungeon_poker.showdown_events import (
    DrawnAtShowdown,
    FightsFor,
    FoldsWithOwner,
    KingMonster,
    MonsterKilledBefore,
    PlaysForOwner,
)
from companion.games.dungeon_poker.showdown_input import MonsterIn
from companion.poker.showdown import ExtraSeat

if TYPE_CHECKING:
    from companion.games.dungeon_poker.showdown import DungeonPokerShowdown


@dataclass(kw_only=True)
class MonsterSeat(ExtraSeat):
    """A monster at the table, resolved against the card database."""

    spec: MonsterIn
    card: Any
    king: bool
    fights_for: str | None = None
    """The player who summoned or controls it."""

    def effects(self, when: str) -> list[Any]:
        return [e for e in self.card.effects if e.when == when]

    def has(self, when: str, effect: str) -> bool:
        return any(e.effect == effect for e in self.effects(when))


def join(sd: DungeonPokerShowdown, db: Any) -> tuple[list[MonsterSeat], dict[str, str]]:
    """Seat each monster of the file, with its King status, owner and ally: the monsters,
    and the names they add at the table (by their folded case)."""
    enc = sd.enc
    deal_monster = enc.deal_monster
    cave = enc.showdown_monster
    monsters: list[MonsterSeat] = []
    labels: dict[str, str] = {}
    for i, ms in enumerate(sd.spec.monsters):
        where = f"monsters[{i}]"
        already = {m.card.id for m in monsters}
        card = find_card(
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
        if key in sd.names_seen:
            raise CompanionError(
                f"{where}: '{label}' is already a name at the table (give the monster a label)"
            )
        labels[key] = label
        if ms.drawn_at_showdown and cave is None:
            raise CompanionError(
                f"{where}.drawn_at_showdown: only King's cave draws a monster at the showdown"
            )
        if ms.drawn_at_showdown and ms.killed_by:
            raise CompanionError(
                f"{where}.killed_by: a monster drawn at the showdown comes too late to be killed"
            )
        king = (
            ms.king
            if ms.king is not None
            else counts_as_king(card, enc, at_showdown=ms.drawn_at_showdown)
        )
        m = MonsterSeat(
            index=i,
            label=label,
            where=where,
            hand=ms.hand,
            hand_class=ms.hand_class,
            no_legal_hand=ms.no_legal_hand,
            spec=ms,
            card=card,
            king=king,
        )
        if card.owner is not None:
            m.owner = _owner(sd, db, m, where, monsters)
        if ms.summoned_by and ms.controlled_by:
            raise CompanionError(f"{where}: give summoned_by or controlled_by, not both")
        if ms.controlled_by and king:
            raise CompanionError(
                f"{where}.controlled_by: {label} is a King Monster, which no player can ever control"
            )
        for attr in ("summoned_by", "controlled_by", "killed_by"):
            value = getattr(ms, attr)
            if value is not None:
                sd.player(value, f"{where}.{attr}")
        m.fights_for = ms.summoned_by or ms.controlled_by
        monsters.append(m)
    _check_encounter_monsters(sd, db, monsters)
    return monsters, labels


def _owner(
    sd: DungeonPokerShowdown, db: Any, m: MonsterSeat, where: str, seated: list[MonsterSeat]
) -> str:
    """The player whose character brings this monster (the Golem's Gnome Artificer);
    ``seated`` the monsters seated before it."""
    card = m.card
    owners = [p for p in sd.players if p.character is not None and p.character.id == card.owner]
    if sd.enc.no_passives:
        enc_name = sd.encounter.name if sd.encounter else "this encounter"
        raise CompanionError(f"{where}: the {card.name} is not in the game during {enc_name}")
    if not owners:
        owner_name = db.get(card.owner).name
        raise CompanionError(
            f"{where}: the {card.name} plays only beside the {owner_name} "
            f"(give that player character: {owner_name})"
        )
    # Two Gnome Artificers bring two Golems: each Golem, in the file's order, plays for the
    # first of them (in seat order) without one yet.
    taken = {x.owner for x in seated if x.card.id == card.id}
    free = [p for p in owners if p.name not in taken]
    if not free:
        raise CompanionError(
            f"{where}: one {card.name} for each {db.get(card.owner).name}, and "
            f"{len(owners)} {'plays' if len(owners) == 1 else 'play'} here"
        )
    owner = free[0].name
    if m.spec.summoned_by or m.spec.controlled_by:
        raise CompanionError(f"{where}: the {card.name} always plays for {owner}")
    return owner


def _check_encounter_monsters(
    sd: DungeonPokerShowdown, db: Any, monsters: list[MonsterSeat]
) -> None:
    """Dragon age's Fire Dragon is at every deal; King's cave draws one monster at every showdown."""
    deal_monster = sd.enc.deal_monster
    if deal_monster is not None and not any(m.card.id == deal_monster for m in monsters):
        dragon = db.get(deal_monster).name
        raise CompanionError(
            f"monsters: {sd.encounter.name} brings the {dragon} to every deal; add it "
            f"(monsters: [{{name: {dragon}}}])"
        )
    if sd.enc.showdown_monster is not None:
        drawn = [m for m in monsters if m.spec.drawn_at_showdown]
        if len(drawn) != 1:
            raise CompanionError(
                f"monsters: {sd.encounter.name} draws one monster at every showdown; mark it "
                f"drawn_at_showdown: true ({len(drawn)} marked)"
            )


def who_is_in(sd: DungeonPokerShowdown) -> list[Event]:
    """A monster killed during the deal, or a Golem whose owner folded, sits the showdown
    out (its seat says why); one event each."""
    out: list[Event] = []
    for m in sd.monsters:
        if m.spec.killed_by is not None:
            m.live = False
            m.out_reason = "killed"
            out.append(MonsterKilledBefore(m.label, m.spec.killed_by))
        elif m.owner is not None and sd.by_name[m.owner].spec.folded:
            m.live = False
            m.out_reason = "folded"
            out.append(FoldsWithOwner(m.card.name, m.owner))
    return out


def reminders(sd: DungeonPokerShowdown) -> list[Event]:
    """For each monster still in: whom it plays for, and whether it is a King."""
    enc = sd.enc
    out: list[Event] = []
    for m in sd.live_monsters:
        if m.spec.drawn_at_showdown:
            extra = enc.showdown_monster.extra_cards if enc.showdown_monster else 0
            out.append(DrawnAtShowdown(sd.encounter.name, m.label, int(extra)))
        if m.owner is not None:
            out.append(PlaysForOwner(m.card.name, m.owner))
        elif m.fights_for is not None:
            out.append(FightsFor(m.label, m.fights_for, bool(m.spec.summoned_by), m.king))
        elif m.king:
            out.append(KingMonster(m.label))
    return out
