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
from companion.games.dungeon_poker.events import CharacterDied, TreasureLooted
from companion.games.dungeon_poker.victory import skull_card, victory
from companion.poker.hands import names_text
from companion.table.actions import find_copy
from companion.table.drawing import drawn_card
from companion.table.events import CardRef
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
    for copy in treasures:
        tx.move(table, copy, "removed")
    if treasures and by and not takes:
        waiting = dict(state.get(tx, table, "loot", {}))
        waiting[who] = {"winner": by, "copies": [c.copy for c in treasures]}
        state.put(tx, table, "loot", waiting)
        names = ", ".join(cards.get(c.card_id).name for c in treasures)
        notes.append(
            f"{by} may take one of {who}'s treasures ({names}): 'companion table loot {by} "
            "TREASURE'; the others leave the game"
        )
    elif treasures:
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
    # The blinds are counted again at the level of the deal the character returns in
    # (docs/decisions.md): :func:`returns` does it when that deal starts.
    state.put(
        tx,
        table,
        "undeath_blinds",
        {**state.get(tx, table, "undeath_blinds", {}), who: int(model.blinds or 0)},
    )
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


# -- the winner's pick from a dead character's treasures -------------------------------------


def loot(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    winner: str,
    ref: str,
    dead: str | None = None,
) -> DrawnCard:
    """``table loot``: the winner of the deal that killed a character takes one of its
    treasures, chosen after the settlement (000, Character death: one from each character
    that died in the deal; the rest leave the game). Until the next deal starts."""
    by = table.player(winner)
    waiting = {str(k): dict(v) for k, v in dict(state.get(tx, table, "loot", {})).items()}
    mine = {d: v for d, v in waiting.items() if v["winner"] == by}
    if dead is not None:
        who = table.player(dead)
        mine = {d: v for d, v in mine.items() if d == who}
    if not mine:
        owed = ", ".join(f"{v['winner']} from {d}" for d, v in waiting.items()) or "nobody"
        raise CompanionError(
            f"{by} has no dead character's treasure to take (waiting: {owed}); only the "
            "winner of the deal a character died in takes one, before the next deal"
        )
    wanted = ref.strip().casefold()
    found: list[tuple[str, CardCopy]] = []
    for d, v in mine.items():
        for copy in tx.pile(table, "treasures", "removed"):
            model = cards.get(copy.card_id)
            words = model.name.casefold().split()
            if copy.copy in v["copies"] and (
                wanted in (copy.card_id, model.name.casefold())
                or any(w.startswith(wanted) for w in words)
            ):
                found.append((d, copy))
    if not found:
        names = ", ".join(
            cards.get(c.card_id).name
            for c in tx.pile(table, "treasures", "removed")
            if any(c.copy in v["copies"] for v in mine.values())
        )
        raise CompanionError(f"'{ref}' is not among the treasures {by} may take: {names}")
    if len({cards.get(c.card_id).name for _, c in found}) > 1 or len({d for d, _ in found}) > 1:
        which = ", ".join(f"{cards.get(c.card_id).name} of {d}" for d, c in found)
        raise CompanionError(f"'{ref}' could be {which}: give more of the name (or --from)")
    d, copy = found[0]
    moved = tx.move(table, copy, "held", by)
    del waiting[d]
    state.put(tx, table, "loot", waiting)
    notes = [f"{by} takes it from {d}'s dead character"]
    won = victory(tx, table, cards)
    if won is not None:
        notes.append(won.text)
    shown = drawn_card(cards, moved, notes=notes)
    tx.record(table, TreasureLooted(by, d, CardRef.of(shown)), actor=by)
    return shown


def drop_loot(tx: Transaction, table: TableInfo) -> None:
    """The next deal starts: treasures nobody took from the dead stay out of the game."""
    if state.get(tx, table, "loot", {}):
        state.put(tx, table, "loot", {})


def returns(tx: Transaction, table: TableInfo, cards: GameCards) -> list[str]:
    """The deal starting brings back the characters the Undeath Amulet saved, each with its
    blinds of gold at this deal's level (a level opened since the death counts: the Astral
    Warlock's win, a teleport, the five deals of the last level)."""
    returning = list(state.get(tx, table, "returning", []))
    if not returning:
        return []
    blinds = {str(k): int(v) for k, v in dict(state.get(tx, table, "undeath_blinds", {})).items()}
    blind = levels.level_now(tx, table, cards).blind
    said = []
    for who in returning:
        if who in blinds:
            gold = state.gold_of(tx, table)
            if who in gold:
                gold[who] = blinds[who] * blind
                state.set_gold(tx, table, gold)
                said.append(f"{who} {blinds[who] * blind:,}")  # the blinds at this deal's level
    state.put(tx, table, "returning", [])
    state.put(tx, table, "undeath_blinds", {})
    gold_words = f" ({', '.join(said)})" if said else ""
    return [
        f"{names_text(returning)} return{'s' if len(returning) == 1 else ''} with the Undeath "
        f"Amulet's gold{gold_words}"
    ]
