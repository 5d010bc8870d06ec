"""Dungeon Poker's table events in words: deals, streets, monsters, settlements, deaths."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.ui.render.words import words
from companion.ui.render.words.common import count, names_text

if TYPE_CHECKING:
    from companion.games.dungeon_poker import events as D
    from companion.table.events import CardRef


@words("deal")
def _deal(e: D.DealStarted) -> str:
    gathered = (
        f"{count(e.gathered, 'main deck card')} gathered and shuffled"
        if e.gathered
        else "main deck shuffled"
    )
    return f"deal {e.number} of level {e.level}: {gathered}"


@words("board")
def _street(e: D.StreetDealt) -> str:
    dealt = [c.name for c in e.cards if c.pile == "in_play" and c.deck == "main"]
    return f"the table dealt the {e.street}: {', '.join(dealt)}"


@words("monster")
def _monster(e: D.MonsterCame) -> str:
    return f"a monster comes: {e.card.name}" + (f" for {e.summoned_by}" if e.summoned_by else "")


@words("showdown")
def _settled(e: D.ShowdownSettled) -> str:
    """As ``companion showdown`` reports a deal: the pot, each player's net (won less put
    in) and where the rest of the gold went.

    >>> from companion.games.dungeon_poker.events import ShowdownSettled
    >>> _settled(ShowdownSettled(2, ("ann",), (600, 400), {"ann": 600, "bob": -400, "cy": -200}))
    'deal settled: pot 1,000 (main 600, side 400); ann +600, bob -400, cy -200'
    """
    shown = ""
    if e.pots:
        parts = [f"main {e.pots[0]:,}"] + [f"side {a:,}" for a in e.pots[1:]]
        shown = f"pot {sum(e.pots):,}" + (f" ({', '.join(parts)})" if len(e.pots) > 1 else "")
    nets = ", ".join(f"{name} {value:+,}" for name, value in e.net.items())
    tail = []
    if e.carry_over:
        tail.append(f"{e.carry_over:,} stays on the table for the next deal")
    if e.removed:
        tail.append(f"{e.removed:,} leaves the game")
    body = "; ".join(x for x in (shown, nets, *tail) if x)
    return f"deal settled: {body or 'nothing was in the pot'}"


@words("win")
def _won(e: D.DealWon) -> str:
    drawn = ", ".join(c.name for c in e.cards)
    if e.hidden:
        drawn = ", ".join(x for x in (drawn, count(e.hidden, "treasure")) if x)
    return f"{names_text(list(e.winners))} won the deal: {drawn or 'no treasure'}"


@words("tie")
def _tie(e: D.DealTied) -> str:
    if e.split_by:
        return (
            f"{names_text(list(e.split_by))} split the pot: no treasure is drawn; the next "
            f"winner draws {e.carried} more"
        )
    return f"tied deal: {e.carried} treasure(s) wait for the next winner"


@words("monster-won", "monster-tied", "monster-side-pot", "monster-lost")
def _judged(e: D.MonsterJudged) -> str:
    said = f"{e.name} {'was slain' if e.outcome == 'lost' else e.outcome}"
    if e.slayers:
        said += f" by {names_text(list(e.slayers))}"
    drew = [c.name for c in e.treasures] + ([count(e.hidden, "treasure")] if e.hidden else [])
    if drew:
        said += f"; {e.slayers[0]} drew {', '.join(drew)}"
    return said


@words("choose")
def _chose(e: D.CharacterChosen) -> str:
    if not e.revealed:
        return f"{e.player} chose a character in secret"
    plays = ", ".join(f"{c.holder} plays {c.name}" for c in e.revealed)
    return f"{e.player} chose; characters revealed: {plays}"


@words("death")
def _died(e: D.CharacterDied) -> str:
    return f"{e.player}'s character died" + (f" (deal won by {e.winner})" if e.winner else "")


@words("loot")
def _looted(e: D.TreasureLooted) -> str:
    return f"{e.player} took {e.card.name} from {e.dead}'s dead character"


@words("claim")
def _claimed(e: D.TreasureClaimed) -> str:
    return f"the bank claimed {e.player}'s {e.card.name}"


_PARTED = {"sold": "sold", "sell": "cashed", "used": "used", "use": "used"}


@words(*_PARTED)
def _parted(e: D.TreasureParted) -> str:
    return f"{e.player} {_PARTED[e.kind]} {e.card.name}"


@words("ability")
def _ability(e: D.AbilityPaid) -> str:
    gold = f", {e.gold_moved:+,} gold" if e.gold_moved else ""
    said = f"{e.player}: {e.why}{gold}, {e.gems_moved:+} soul gems"
    return said + _moved_cards(e.cards, e.hidden, e.folded)


def _moved_cards(cards: tuple[CardRef, ...], hidden: int, down: int) -> str:
    """What an ability did to the cards, as the viewer may know it: the cards they may
    see by name (a board card, a card face up, their own), the others counted."""
    parts = []
    dealt = [c for c in cards if c.pile != "discard"]
    folded = [c for c in cards if c.pile == "discard"]
    if dealt or hidden:
        parts.append("dealt " + _cards_named(tuple(dealt), hidden))
    if folded or down:
        parts.append("folded " + _cards_named(tuple(folded), down))
    return ("; " + "; ".join(parts)) if parts else ""


def _face(c: CardRef) -> str:
    """A main deck card by its symbols (``9♠``), any other by its name."""
    if c.deck == "main" and len(c.card) == 2:
        from companion.poker.cards import card_symbol

        return card_symbol(c.card)
    return c.name


@words("hand-fold")
def _discarded(e: D.HandCardsFolded) -> str:
    return f"{e.player} folded {_cards_named(e.cards, e.hidden)} ({e.why})"


@words("hand-reveal")
def _revealed(e: D.HandCardsTurned) -> str:
    return f"{e.player} turned {_cards_named(e.cards, e.hidden)} face up"


def _cards_named(cards: tuple[CardRef, ...], hidden: int) -> str:
    return ", ".join([*(_face(c) for c in cards), *([count(hidden, "card")] if hidden else [])])


@words("gold")
def _gold(e: D.GoldCorrected) -> str:
    return f"{e.player}: {e.gold_moved:+,} gold ({e.why})"


@words("gems")
def _gems(e: D.GemsCorrected) -> str:
    return f"{e.player}: {e.gems_moved:+} soul gems ({e.why})"
