"""Player characters: two dealt face down, one chosen in secret, all revealed together.

The rulebook's setup: each player is dealt two characters face down, looks
at them and secretly chooses one; when every player has chosen, the
characters are revealed together, and each takes 5,000 gold and the soul
gems printed on their character (Sir Nobble's Bigger pouch adds 2,000; the
Gnome Artificer's Golem comes to the table beside him). A player whose
character died is dealt two new ones the same way. The character not
chosen goes back into the deck, which is shuffled; when the deck cannot
deal two, the dead characters are shuffled back into it (docs/decisions.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from companion.cards.dungeon_poker import EncounterRules, soul_gems
from companion.cards.loader import GameCards
from companion.errors import CompanionError
from companion.games.dungeon_poker import monsters, state
from companion.games.dungeon_poker.decks import DECKS
from companion.games.dungeon_poker.events import CharacterChosen
from companion.poker.hands import names_text
from companion.table.drawing import drawn_card
from companion.table.events import CardRef
from companion.table.model import CardCopy, DrawnCard, TableInfo
from companion.table.store import Transaction

STARTING_GOLD = 5000
CHARACTERS_PER_PLAYER = 2
MAX_PLAYERS = 7
"""Fourteen characters, two dealt to each player to choose from."""


@dataclass(frozen=True)
class Choice:
    """What ``table choose`` did: a secret choice, and the reveal once everyone has chosen."""

    player: str
    waiting_for: tuple[str, ...]
    """Players still choosing: until they have, every choice stays secret."""
    revealed: tuple[DrawnCard, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "waiting_for": list(self.waiting_for),
            "revealed": bool(self.revealed),
            "cards": [c.to_json() for c in self.revealed],
            "notes": list(self.notes),
        }


def deal_characters(
    tx: Transaction, table: TableInfo, cards: GameCards, player: str
) -> list[DrawnCard]:
    """Two characters face down to ``player`` (fewer if the deck runs out)."""
    dealt = []
    for _ in range(CHARACTERS_PER_PLAYER):
        top = tx.top(table, "characters")
        if top is None:
            break
        dealt.append(drawn_card(cards, tx.move(table, top, "held", player)))
    return dealt


def deal_new_characters(
    tx: Transaction, table: TableInfo, cards: GameCards, who: str
) -> tuple[list[DrawnCard], list[str]]:
    """Two characters for a returning player; the dead ones are shuffled in when the deck is short."""
    notes: list[str] = []
    if tx.count(table, "characters", "draw") < CHARACTERS_PER_PLAYER:
        dead = tx.pile(table, "characters", "removed")
        if dead:
            tx.arrange(table, dead, "draw")
            DECKS.shuffle(tx, table, "characters")
            notes.append(
                f"the character deck ran short: the {len(dead)} dead character(s) were "
                "shuffled back into it"
            )
    return deal_characters(tx, table, cards, who), notes


def chosen(tx: Transaction, table: TableInfo) -> dict[str, int]:
    """Secret choices not yet revealed: player -> the copy of the character kept."""
    return {k: int(v) for k, v in state.get(tx, table, "chosen", {}).items()}


def choosing(tx: Transaction, table: TableInfo) -> list[str]:
    """Players who still have to choose a character, in seat order."""
    made = chosen(tx, table)
    return [p for p in table.players if p not in made and tx.pile(table, "characters", "held", p)]


def choose(tx: Transaction, table: TableInfo, cards: GameCards, player: str, ref: str) -> Choice:
    """``player`` keeps one of the characters dealt to them, in secret; the others go back
    into the deck. Once nobody is left choosing, every choice is revealed together."""
    who = table.player(player)
    made = chosen(tx, table)
    if who in made:
        raise CompanionError(
            f"{who} has already chosen; the characters are revealed once everyone has chosen"
        )
    dealt = tx.pile(table, "characters", "held", who)
    if not dealt:
        playing = tx.pile(table, "characters", "in_play", who)
        if playing:
            raise CompanionError(
                f"{who} already plays {cards.get(playing[0].card_id).name}: a new character "
                "is chosen only after a death"
            )
        raise CompanionError(f"{who} has no characters to choose from")
    copy = _dealt_one(cards, dealt, who, ref)
    for other in dealt:
        if other.copy != copy.copy:
            tx.move(table, other, "draw")
    DECKS.shuffle(tx, table, "characters")
    made[who] = copy.copy
    state.put(tx, table, "chosen", made)
    waiting = choosing(tx, table)
    if waiting:
        tx.record(table, CharacterChosen(who, tuple(waiting)), actor=who)
        return Choice(
            who,
            tuple(waiting),
            notes=(
                f"{who} has chosen in secret; the characters are revealed when "
                f"{names_text(waiting)} {'has' if len(waiting) == 1 else 'have'} chosen",
            ),
        )
    revealed, notes = _reveal(tx, table, cards)
    shown = tuple(CardRef.of(c) for c in revealed)
    tx.record(table, CharacterChosen(who, (), shown), actor=who)
    return Choice(who, (), tuple(revealed), tuple(notes))


def _dealt_one(cards: GameCards, dealt: list[CardCopy], who: str, ref: str) -> CardCopy:
    """The character called ``ref`` among those dealt to ``who`` (id, name, or one word's
    start). Any other name gets one same refusal that lists ``who``'s own cards and does
    not repeat the name: whether another player holds it, or has kept it, is theirs to
    know, and the deck's cards are nobody's business either."""
    wanted = ref.strip().casefold()
    mine = {c.card_id: c for c in dealt}
    models = [cards.get(i) for i in mine]
    found = [m for m in models if wanted in (m.id, m.name.casefold())]
    found = found or cards.by_short_name(wanted, models)
    if len(found) == 1:
        return mine[found[0].id]
    if found:
        raise CompanionError(f"'{ref}' could be {' or '.join(sorted(m.name for m in found))}")
    raise CompanionError(
        f"that is not one of the characters dealt to {who}: choose "
        + " or ".join(sorted(m.name for m in models))
    )


def _reveal(
    tx: Transaction, table: TableInfo, cards: GameCards
) -> tuple[list[DrawnCard], list[str]]:
    """Turn every secret choice face up: gold, soul gems, the Golem."""
    made = chosen(tx, table)
    kept = {c.copy: c for c in tx.pile(table, "characters", "held")}
    revealed: list[DrawnCard] = []
    notes: list[str] = []
    stacks = dict(state.get(tx, table, "gold", {}))
    gems = state.gems_of(tx, table)
    for who in table.players:
        if who not in made or made[who] not in kept:
            continue
        placed = tx.move(table, kept[made[who]], "in_play", who)
        model = cards.get(placed.card_id)
        gold = starting_gold(model)
        stacks[who] = gold
        gems[who] = model.soul_gems  # a new character starts afresh (000, Character death)
        said = [f"{who} plays {model.name}: {gold:,} gold and {soul_gems(model.soul_gems)}"]
        for golem in [
            c for c in tx.pile(table, "monsters", "aside") if cards.get(c.card_id).owner == model.id
        ]:
            beside = tx.move(table, golem, "in_play", who)
            shown = monsters.place_in_play(
                tx, table, cards, beside, EncounterRules(), summoned_by=who
            )
            said.append(f"the {shown.name} plays beside {who} every deal ({shown.notes[0]})")
        notes.extend(said)
        revealed.append(drawn_card(cards, placed, notes=said))
    state.set_gold(tx, table, stacks)
    state.set_gems(tx, table, gems)
    state.put(tx, table, "chosen", {})
    return revealed, notes


def starting_gold(model: Any) -> int:
    """5,000 gold, and what a passive ability adds (Sir Nobble's Bigger pouch)."""
    return STARTING_GOLD + sum(a.gold or 0 for a in model.abilities if a.effect == "bigger-pouch")


def describe(card: DrawnCard) -> DrawnCard:
    """A character as its player chooses it: soul gems, each ability with its cost."""
    model = card.model
    if card.deck != "characters" or model is None:
        return card
    lines = [f"starts with {soul_gems(model.soul_gems)}"]
    for ability in model.abilities:
        cost = "passive" if ability.kind == "passive" else f"cost {soul_gems(ability.cost)}"
        lines.append(f"{ability.name} ({cost}): {ability.text}")
    return replace(card, notes=(*card.notes, *lines))
