"""Dungeon Poker's showdown events in words: encounters, monsters, treasures, slayers, deaths."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.ui.render.words import words
from companion.ui.render.words.common import count, names_text

if TYPE_CHECKING:
    from companion.games.dungeon_poker import showdown_events as P


def _gold(n: int) -> str:
    return f"{n:,} gold"


def _gems(n: int) -> str:
    return count(n, "soul gem")


def _treasures(n: int) -> str:
    return f"{n} treasure{'s' if n != 1 else ''}"


def _of_board(board: int | None) -> str:
    return f" of board {board}" if board is not None else ""


def _rank_word(rank: str) -> str:
    from companion.games.dungeon_poker.showdown.cards import rank_word

    return rank_word(rank)


_ENCOUNTER = {
    "use-exactly": "every hand must use exactly {n} of its hand cards, monsters' too",
    "use-at-most": "every hand may use at most {n} of its hand cards, monsters' too",
    "boards": "{n} boards; each board's winner takes an equal part of every pot and its own treasure",
    "treasures-per-win": "the winner of the deal draws {n} treasures",
    "king-monsters": "every monster counts as a King Monster",
    "no-artifacts": "artifacts do not work",
    "no-passives": "passive abilities do not work",
}


@words("dp-encounter")
def _encounter(e: P.EncounterInForce) -> str:
    if e.effect == "lowball":
        size = f" of exactly {e.hand_size} cards" if e.hand_size else ""
        ace = "; an ace may count as one" if e.ace_low else ""
        return f"{e.encounter}: the weakest hand{size} wins{ace}."
    if e.effect == "bank-adds":
        return f"{e.encounter}: the bank adds {_gold(e.amount or 0)} to the main pot."
    return f"{e.encounter}: {_ENCOUNTER[e.effect].format(n=e.amount)}."


@words("dp-killed-before")
def _killed(e: P.MonsterKilledBefore) -> str:
    return f"{e.monster} was killed by {e.by} during the deal and takes no part in the showdown."


@words("dp-folds-with-owner")
def _folds(e: P.FoldsWithOwner) -> str:
    return f"The {e.card} folds because {e.owner} folded."


@words("dp-drawn-at-showdown")
def _drawn_at_showdown(e: P.DrawnAtShowdown) -> str:
    extra = ""
    if e.extra_cards:
        extra = f" with {e.extra_cards} extra card{'s' if e.extra_cards != 1 else ''}"
    return f"{e.encounter}: {e.monster} was drawn at the showdown as a King Monster{extra}."


@words("dp-plays-for-owner")
def _plays_for(e: P.PlaysForOwner) -> str:
    return (
        f"The {e.card} plays for {e.owner}: it wins only what {e.owner} could, and its "
        f"winnings are {e.owner}'s."
    )


@words("dp-fights-for")
def _fights_for(e: P.FightsFor) -> str:
    verb = f"{e.player} {'summoned' if e.summoned else 'controls'} {e.monster}"
    if e.king:
        return f"{verb}, but {e.monster} is a King Monster: it never hands over what it wins."
    return f"{verb}: it wins for {e.player}."


@words("dp-king")
def _king(e: P.KingMonster) -> str:
    return f"{e.monster} is a King Monster: it never hands over what it wins."


@words("dp-full-plate")
def _plate(e: P.FullPlateFloor) -> str:
    return f"{e.artifact}: {e.player}'s hand is worth at least a pair of {_rank_word(e.rank)}."


def _lost_and_immune(text: str, lost: tuple[P.CardsLost, ...], immune: tuple[str, ...]) -> str:
    if lost:
        text += " (" + "; ".join(f"{x.whose} loses {' '.join(x.cards)}" for x in lost) + ")"
    if immune:
        text += f"; {names_text(list(immune))} {'is' if len(immune) == 1 else 'are'} immune"
    return text + "."


@words("dp-witch-curse")
def _curse(e: P.WitchCursed) -> str:
    return _lost_and_immune(
        f"Witch curse ({e.by} named {_rank_word(e.rank)}): every hand card of that number is "
        "destroyed",
        e.lost,
        e.immune,
    )


@words("dp-hand-discards")
def _discards(e: P.HandCardsDiscarded) -> str:
    from companion.games.dungeon_poker.showdown.cards import rank_span

    return _lost_and_immune(
        f"{e.monster}: every player's hand cards {rank_span(e.ranks)} go to the graveyard",
        e.lost,
        e.immune,
    )


@words("dp-ambush-gold")
def _ambush_gold(e: P.RogueRan) -> str:
    return f"Ambush & run ({e.by}): {_gold(e.gold)} left the pot with {e.by}, who folded."


@words("dp-potion")
def _potion(e: P.PotionBlast) -> str:
    return f"{e.artifact} ({e.by}): {_gold(e.gold)} of the pot went up in smoke."


@words("dp-explodes")
def _explodes(e: P.MonsterExplodes) -> str:
    return f"{e.monster} loses and explodes: {_gold(e.gold)} of the main pot goes up with it."


@words("dp-gems-stolen")
def _stolen(e: P.GemsStolen) -> str:
    text = f"{e.monster} wins: it steals {_gems(e.gems)} from each player for the bank"
    text += f" ({', '.join(e.taken)})" if e.taken else " (nobody has one)"
    text += f"; {names_text(list(e.immune))} immune" if e.immune else ""
    return text + "."


@words("dp-robbed")
def _robbed(e: P.PlayersRobbed) -> str:
    text = f"{e.monster} wins: every player pays {_gold(e.due)} to the bank"
    text += " even though it fought for a player" if e.for_a_player else ""
    text += f" ({', '.join(f'{p.player} {p.gold:,}' for p in e.paid)})" if e.paid else ""
    text += f"; {names_text(list(e.immune))} immune" if e.immune else ""
    return text + "."


@words("dp-next-level")
def _next_level(e: P.NextLevelOpens) -> str:
    return (
        f"{e.monster} wins: the table moves on to the next level, which starts afresh "
        "for its five deals."
    )


@words("dp-treasures-given")
def _given(e: P.TreasuresGiven) -> str:
    return (
        f"{e.monster} wins: {names_text(list(e.players))} each give {e.count} treasure card(s) "
        "of their choice to the bank."
    )


@words("dp-treasures-waiting")
def _waiting(e: P.TreasuresWaitFromEarlier) -> str:
    waits = " waits" if e.count == 1 else "s wait"
    return f"{e.count} treasure{waits} on the table from earlier deals for this deal's winner."


@words("dp-nobody-wins")
def _nobody(e: P.NobodyWins) -> str:
    return (
        f"Nobody can legally win the deal{_of_board(e.board)}: the pot and "
        f"{_treasures(e.count)} wait for the next deal."
    )


@words("dp-tie-waits")
def _tie(e: P.DealTiedTreasuresWait) -> str:
    one = e.count == 1
    return (
        f"{names_text(list(e.winners))} tie{_of_board(e.board)}: {_treasures(e.count)} "
        f"{'waits' if one else 'wait'} on the table; the next deal's winner draws "
        f"{'it' if one else 'them'} with their own."
    )


@words("dp-treasures-lost")
def _lost(e: P.TreasuresLost) -> str:
    return (
        f"{e.winner} wins the deal{_of_board(e.board)}: a monster draws no treasure, so "
        f"{_treasures(e.count)} {'is' if e.count == 1 else 'are'} lost."
    )


@words("dp-spoiled")
def _spoiled(e: P.TreasureSpoiled) -> str:
    return (
        f"Spoil the treasure ({e.spoiler}): {e.player} draws no treasure "
        f"({_treasures(e.count)} spoiled)."
    )


@words("dp-treasures-drawn")
def _drawn(e: P.TreasuresDrawn) -> str:
    which = _of_board(e.board)
    if e.winner == e.player:
        return f"{e.player} wins the deal{which} and draws {_treasures(e.count)}."
    how = "by Beast mastery " if e.beast else ""
    return f"{e.winner} wins the deal{which} for {e.player}, who {how}draws {_treasures(e.count)}."


@words("dp-ambush-treasure")
def _ambush_treasure(e: P.AmbushTreasure) -> str:
    return (
        f"Ambush & run: {e.by} drew the top treasure during the deal; the deal's winner "
        "draws one treasure fewer."
    )


def _extra(n: int) -> str:
    return f"{n} extra treasure{'s' if n != 1 else ''}"


@words("dp-slayer-draws")
def _slayer_draws(e: P.SlayerDraws) -> str:
    spoil = " (Spoil the treasure does not touch it)" if e.spoil_untouched else ""
    return f"{e.slayer} slays the {e.monster} and draws its {_extra(e.count)}{spoil}."


@words("dp-shared-kill")
def _shared(e: P.SharedKillWaits) -> str:
    return (
        f"{names_text(list(e.slayers))} share the kill of the {e.monster}: its "
        f"{_extra(e.count)} wait{'s' if e.count == 1 else ''} for the next deal."
    )


@words("dp-no-slayer")
def _no_slayer(e: P.NoSlayer) -> str:
    if e.what == "soul gems":
        return f"No player slays the {e.monster}: nobody takes its {_gems(e.count)}."
    return (
        f"No player slays the {e.monster}: its {_extra(e.count)} "
        f"{'is' if e.count == 1 else 'are'} lost."
    )


@words("dp-slayer-gems")
def _slayer_gems(e: P.SlayersTakeGems) -> str:
    if len(e.slayers) == 1:
        return f"{e.slayers[0]} slays the {e.monster} and takes {_gems(e.gems)} from the bank."
    return (
        f"{names_text(list(e.slayers))} slay the {e.monster} together and take "
        f"{_gems(e.gems)} each from the bank."
    )


def fate_words(e: P.MonsterCardGoes) -> str:
    """Where a monster's card goes, as the end of its sentence (and the result's ``fate``)."""
    from companion.games.dungeon_poker.monsters import SIDE_POT_FATE

    said = {
        "owner-dies": f"goes back to the side: {e.owner}'s character dies, and the {e.card} "
        "leaves with it",
        "returns-next-deal": f"is out for this deal and returns beside {e.owner} at the next one",
        "stays": f"stays beside {e.owner}",
        "explodes": "explodes: removed from the game",
        "killed-aside": "was killed and goes back to the side",
        "killed-removed": "was killed: removed from the game",
        "aside": "goes back to the side, out of the monster deck",
        "deck": "returns to the monster deck (shuffled in)",
        "side-pot": SIDE_POT_FATE,
        "dies": "dies: removed from the game",
    }
    return said[e.goes]


@words("dp-card-goes")
def _card_goes(e: P.MonsterCardGoes) -> str:
    return f"{e.monster} {fate_words(e)}."


@words("dp-sit-out")
def _sit_out(e: P.FoldersSitOut) -> str:
    one = len(e.players) == 1
    return (
        f"{e.monster} was at the table: {names_text(list(e.players))} folded and "
        f"sit{'s' if one else ''} out the next deal (blinds still due)."
    )


@words("dp-undeath")
def _undeath(e: P.AmuletActs) -> str:
    return (
        f"{e.player} has no gold left: the {e.amulet} brings the character back at the next "
        f"deal with {_gold(e.gold)}, gems and artifacts kept; the amulet leaves the game."
    )


@words("dp-dies")
def _dies(e: P.CharacterDies) -> str:
    who = (
        f"{names_text(list(e.takers))} may take one of {e.player}'s treasures"
        if e.takers
        else f"nobody takes {e.player}'s treasures"
    )
    return (
        f"{e.player} has no gold left: the character dies and its soul gems go to the bank; "
        f"{who}, the rest leave the game; {e.player} may return with a new character and a "
        "skull card."
    )
