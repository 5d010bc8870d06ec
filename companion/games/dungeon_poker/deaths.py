"""Character death and re-entering the game (000, "Character death"; the Undeath Amulet).

A character dies when it runs out of gold. Unless its player holds the
Undeath Amulet (which acts by itself: the character returns at the next
deal with three blinds of gold, keeping soul gems and artifacts, no skull),
its soul gems go to the bank, the winner of the deal may take one of its
treasures and the rest leave the game, and the player takes a skull card
and is dealt two new characters to choose from. A third skull ends the
player's game; in tournament play and heads-up, a death does. The eight
skull cards can run out: the table keeps counting.
"""

from __future__ import annotations

from typing import Any

from companion.cards.dungeon_poker import soul_gems
from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dungeon_poker import characters, levels, monsters, state
from companion.games.dungeon_poker.events import CharacterDied
from companion.games.dungeon_poker.victory import skull_card
from companion.table.actions import find_copy
from companion.table.drawing import drawn_card
from companion.table.model import CardCopy, DrawnCard, TableInfo
from companion.table.store import Transaction


def death(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    player: str,
    winner: str | None = None,
    takes: str | None = None,
) -> tuple[list[DrawnCard], list[str]]:
    """A correction: ``player``'s character ran out of gold (one history entry)."""
    who = table.player(player)
    by = table.player(winner) if winner else None
    notes, shown = character_dies(tx, table, cards, who, winner=by, takes=takes)
    tx.record(table, CharacterDied(who, by, tuple(notes)), actor=who)
    return shown, notes


def character_dies(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    who: str,
    *,
    winner: str | None = None,
    takes: str | None = None,
) -> tuple[list[str], list[DrawnCard]]:
    """What happens when ``who`` has no gold left. Not recorded: the caller records it
    with the rest of its action."""
    by = winner
    if by == who:
        raise CompanionError("a player cannot collect from their own dead character")
    if takes and not by:
        raise CompanionError("name the winner of the deal (--winner) who takes the treasure")
    out = state.players_out(tx, table)
    if who in out:
        raise CompanionError(f"{who} is already out of the game")
    character = tx.pile(table, "characters", "in_play", who)
    if not character:
        raise CompanionError(
            f"{who} has no character in play (choose one with 'companion table choose')"
        )
    amulet = [
        c for c in tx.pile(table, "treasures", "held", who) if brings_back(cards.get(c.card_id))
    ]
    if amulet:
        if takes:
            raise CompanionError(
                f"{who}'s Undeath Amulet brings the character back: there is nothing to take"
            )
        return undeath(tx, table, cards, who, amulet[0]), []
    notes: list[str] = []
    shown: list[DrawnCard] = []
    dead = cards.get(character[0].card_id)
    for copy in character:
        tx.move(table, copy, "removed")
    gems = state.gems_of(tx, table)
    lost = gems.get(who)
    if lost is not None:
        gems[who] = 0
        state.set_gems(tx, table, gems)
    notes.append(f"{dead.name} died: {_gems_to_bank(lost)}")
    for golem in tx.pile(table, "monsters", "in_play", who):
        if cards.get(golem.card_id).owner:
            tx.move(table, golem, "aside")
            monsters.forget(tx, table, golem)
            notes.append(
                f"the {cards.get(golem.card_id).name} goes back to the side with the {dead.name}"
            )
    treasures = tx.pile(table, "treasures", "held", who)
    if takes:
        taken = find_copy(tx, table, cards, "treasures", takes, ("held",), who, purpose="taken")
        shown.append(
            drawn_card(
                cards,
                tx.move(table, taken, "held", by),
                notes=[f"{by} takes it from {dead.name}"],
            )
        )
        treasures = [t for t in treasures if t.copy != taken.copy]
    elif treasures and by:
        notes.append(
            f"{by} may take one of {who}'s treasures: 'companion table undo', then settle "
            "again with --takes TREASURE"
        )
    for copy in treasures:
        tx.move(table, copy, "removed")
    if treasures:
        notes.append(f"{len(treasures)} other treasure(s) of {who} leave the game")
    gold = state.gold_of(tx, table)
    if who in gold:
        gold[who] = 0
        state.set_gold(tx, table, gold)
    heads_up = len(table.players) == 2
    if table.options.get("tournament") or heads_up:
        out.append(who)
        state.put(tx, table, "out", out)
        notes.append(f"{who} is out of the game" + (": the other player wins" if heads_up else ""))
        return notes, shown
    skulls = state.skulls_of(tx, table)
    skulls[who] = skulls.get(who, 0) + 1
    state.put(tx, table, "skulls", skulls)
    skull = tx.top(table, "skulls", "aside")
    if skull is not None:
        tx.move(table, skull, "held", who)
    else:
        notes.append(
            f"all {len(tx.cards(table, 'skulls'))} skull cards are out: mark {who}'s skull "
            "with a coin or a note (the table counts it)"
        )
    out_at = skull_card(cards).out_at
    if skulls[who] >= out_at:
        out.append(who)
        state.put(tx, table, "out", out)
        notes.append(f"{who} has {skulls[who]} skulls and is out of the game")
        return notes, shown
    dealt, more = characters.deal_new_characters(tx, table, cards, who)
    notes.extend(more)
    notes.append(
        f"{who} takes skull {skulls[who]} and is dealt {len(dealt)} new character(s) face down "
        f"('companion table hand {who}', then 'companion table choose')"
    )
    shown.extend(dealt)
    return notes, shown


def undeath(
    tx: Transaction, table: TableInfo, cards: GameCards, who: str, amulet: CardCopy
) -> list[str]:
    """The Undeath Amulet acts by itself: back next deal with three blinds, no skull."""
    model = cards.get(amulet.card_id)
    tx.move(table, amulet, "removed")
    back = undeath_gold(model, levels.level_now(tx, table, cards).blind)
    gold = state.gold_of(tx, table)
    gold[who] = back
    state.set_gold(tx, table, gold)
    returning = list(state.get(tx, table, "returning", []))
    if who not in returning:
        returning.append(who)
    state.put(tx, table, "returning", returning)
    return [
        f"{who} has no gold left, but the {model.name} acts: the character returns at the next "
        f"deal with {back:,} gold ({model.blinds} blinds), keeping soul gems and artifacts; "
        "no skull; the amulet leaves the game"
    ]


def brings_back(treasure: Any) -> bool:
    """Is this the Undeath Amulet, which brings its holder's character back when it dies?"""
    return bool(treasure.effect == "undeath-amulet")


def undeath_gold(amulet: Any, blind: int) -> int:
    """The gold the Undeath Amulet brings a dead character back with: its blinds at this level.

    >>> from types import SimpleNamespace as N
    >>> undeath_gold(N(blinds=3), 400)
    1200
    """
    return int(amulet.blinds or 0) * blind


def _gems_to_bank(lost: int | None) -> str:
    """What becomes of a dead character's soul gems, in words.

    >>> _gems_to_bank(None), _gems_to_bank(0), _gems_to_bank(1), _gems_to_bank(3)
    ('the soul gems go to the bank', 'it had no soul gems left', 'its 1 soul gem goes to the bank', 'its 3 soul gems go to the bank')
    """
    if lost is None:
        return "the soul gems go to the bank"
    if lost == 0:
        return "it had no soul gems left"
    return f"its {soul_gems(lost)} go{'es' if lost == 1 else ''} to the bank"
