"""Ranking the hands: what a legal hand uses, the Full Plate's pair, a monster's cards.

000, "The progression of the game" and Appendix F: the best five-card hand
wins, under the encounter's way of making it (Mystical storm: exactly two
hand cards; Plague: at most one; Utter Horror: the weakest wins, an ace
may count as one). Appendix C: the Full Plate makes its holder's hand worth
at least a pair of eights, even without a legal hand (decisions.md, Hand
ranking). A monster plays the cards its card prints, more under an
encounter (:func:`~companion.games.dungeon_poker.monsters.plays_with`, the
table's count too); Happy the Clown plays the cards passed to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games.dungeon_poker.hand_rules import hand_rules
from companion.games.dungeon_poker.monsters import plays_with
from companion.games.dungeon_poker.showdown.joining import MonsterSeat
from companion.games.dungeon_poker.showdown.seats import DungeonPokerSeat
from companion.games.dungeon_poker.showdown_events import FullPlateFloor
from companion.poker.showdown_rank import Contestant, RankRules

if TYPE_CHECKING:
    from companion.games.dungeon_poker.showdown import DungeonPokerShowdown


def rank_rules(sd: DungeonPokerShowdown) -> RankRules:
    """The ranker's rules under the encounter (:func:`~companion.games.dungeon_poker.hand_rules.hand_rules`)."""
    # The showdown deals Two front war's boards itself and ranks each on its own.
    return RankRules(game=sd.game, prepared=hand_rules(sd.encounter).replace(boards=1))


def hand_cards_needed(sd: DungeonPokerShowdown) -> int | None:
    """Hand cards a legal hand must use exactly (Mystical storm's two)."""
    return sd.enc.use_exactly if sd.enc is not None else None


def monster_cards(sd: DungeonPokerShowdown, m: MonsterSeat) -> int | None:
    """Cards the monster plays with (None: Happy the Clown, whose cards the file must give)."""
    if not m.card.cards and m.card.max_cards:
        return None
    return plays_with(m.card, sd.enc, at_showdown=m.spec.drawn_at_showdown)


def full_plate(sd: DungeonPokerShowdown, p: DungeonPokerSeat) -> str | None:
    """The rank of the pair ``p``'s Full Plate guarantees (None: no plate, or artifacts do not work)."""
    if sd.enc is None or sd.enc.no_artifacts:
        return None
    pairs = [a.min_pair for a in p.artifacts if a.effect == "full-plate"]
    return pairs[0] if pairs else None


def contestant(sd: DungeonPokerShowdown, name: str, cards: tuple[str, ...]) -> Contestant:
    """One hand for the ranker, with the Full Plate's pair as its floor."""
    p = sd.by_name.get(name)
    plate = full_plate(sd, p) if p is not None else None
    return Contestant(name, cards, plate)


def full_plate_reminders(sd: DungeonPokerShowdown) -> list[FullPlateFloor]:
    """Whose hand the Full Plate holds up, and how far."""
    return [
        FullPlateFloor(art.name, p.name, art.min_pair)
        for p in sd.players
        for art in p.artifacts
        if art.effect == "full-plate" and not sd.enc.no_artifacts
    ]
