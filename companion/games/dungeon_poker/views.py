"""What each audience sees of a Dungeon Poker table (the TV, the dealer, each seat).

The public facts are the table's: the level and its encounter, the victory
(also once someone holds a skull) and what each player needs to win, the
board of the deal under way, the cards lying face up (a monster's open
cards; a deck's top card an encounter turns over), the monsters in play and
each player's standing. What the rulebook puts face up is everyone's: a
treasure is shown round the table as it is drawn (000, Treasures), a skull
lies in front of its holder. What it keeps face down is left out of every
other view, counted: the hand cards, the characters dealt to choose from and
the one kept until everyone has chosen, a monster's face-down cards (which
no player sees before the showdown).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.cards.loader import GameCards
from companion.games.dungeon_poker import board, card_effects, dealt, levels, monsters, state
from companion.games.dungeon_poker.decks import OPEN_DECKS
from companion.poker.cards import card_symbol
from companion.table.drawing import GameRules, drawn_card
from companion.table.model import DrawnCard, TableInfo
from companion.table.store import Transaction
from companion.table.views import (
    HISTORY_SHOWN,
    Audience,
    Looked,
    OpenCard,
    View,
    Won,
    build_view,
    may_see,
    overview_facts,
)


def visible(card: DrawnCard, audience: Audience) -> bool:
    """Whether ``audience`` may see one of a player's cards: a treasure or a skull and a
    hand card lying face up are everyone's, a card unseen (Dense fog) is nobody's, the
    holder's own included; any other hand card is its holder's alone."""
    face = card.info.get("face")
    if face == "unseen":
        return False
    return card.deck in OPEN_DECKS or face == "up" or may_see(card, audience)


def laid(
    tx: Transaction, table: TableInfo, held: Mapping[str, Sequence[DrawnCard]]
) -> dict[str, list[DrawnCard]]:
    """Each player's cards, every main deck card in a hand marked with how it lies
    (``info["face"]``: up, down or unseen), as the deal has it."""
    lying = dealt.faces(tx, table)
    out: dict[str, list[DrawnCard]] = {}
    for player, mine in held.items():
        cards = [
            replace(c, info={**c.info, "face": lying.of(c.copy)})
            if c.deck == "main" and c.pile == "held"
            else c
            for c in mine
        ]
        out[player] = sorted(cards, key=lambda c: SEAT_ORDER.get(c.deck, len(SEAT_ORDER)))
    return out


SEAT_ORDER = {"main": 0, "treasures": 1, "skulls": 2, "monsters": 3, "characters": 4}
"""The order of a player's cards on their page and in ``table hand``: the hand cards
first, then the treasures, the skulls, the Golem, and the character last."""


def open_hand_cards(held: Mapping[str, Sequence[DrawnCard]]) -> list[OpenCard]:
    """The hand cards lying face up in front of their holders (Armory's, a card turned over)."""
    return [
        OpenCard(c, player)
        for player, mine in held.items()
        for c in mine
        if c.info.get("face") == "up"
    ]


def monster_cards(tx: Transaction, table: TableInfo, cards: GameCards) -> list[OpenCard]:
    """The open cards of the monsters in play (the first ones dealt), by the names a
    result calls them; their face-down cards stay out of every view."""
    known = state_of_monsters(tx, table)
    out: list[OpenCard] = []
    for label, copy in monsters.playing(tx, table, cards).items():
        shown = int(known.get(str(copy.copy), {}).get("open", 0))
        for held in monsters.hand_of(tx, table, copy)[:shown]:
            out.append(OpenCard(drawn_card(cards, held), label))
    return out


def state_of_monsters(tx: Transaction, table: TableInfo) -> Mapping[str, Any]:
    """What each monster in play plays with (its cards, how many open), by copy."""
    found: Mapping[str, Any] = state.get(tx, table, "monsters", {})
    return found


def views(
    tx: Transaction,
    table: TableInfo,
    cards: GameCards,
    audiences: Sequence[Audience],
    overview: Mapping[str, Any],
    rules: GameRules,
) -> dict[Audience, View]:
    """The table as each of ``audiences`` sees it, from the table's state (``overview``
    is what ``table show`` tells of it), read once for all of them."""
    game = overview["dungeon_poker"]
    won = game.get("victory")
    targets = str(game["win"]["text"])
    tops = [
        OpenCard(card, None, f"top of the {deck}")
        for deck, card in open_tops(tx, table, cards).items()
    ]
    players = {p["name"]: p for p in game["players"]}
    held = rules.holdings(tx, table, cards)
    facts = overview_facts(
        table,
        overview,
        level=int(game["level"]["level"]),
        victory=Won(won["player"], won["how"], won["text"]) if won else None,
        targets=targets,
        board=board.board_now(tx, table, cards),
        open_cards=(*open_hand_cards(held), *monster_cards(tx, table, cards), *tops),
        status={name: str(p["status"]) for name, p in players.items()},
    )
    history = tx.history(table, HISTORY_SHOWN)

    def standing(player: str, seen_by: Audience) -> Mapping[str, str]:
        line = dict(zip(facts.columns, facts.rows.get(player, ()), strict=False))
        if seen_by.viewer == player and players[player]["status"] == "chosen":
            # The table sees "chosen (secret)"; the player knows which one they kept.
            kept = [c for c in held[player] if c.deck == "characters"]
            if kept and "character" in line:
                line["character"] = f"{kept[0].name} (secret until everyone has chosen)"
        return line

    def choosing(audience: Audience) -> list[DrawnCard]:
        viewer = audience.viewer
        if viewer is None or players[viewer]["status"] != "choosing":
            return []
        return [c for c in held[viewer] if c.deck == "characters" and c.pile == "held"]

    def looked(audience: Audience) -> list[Looked]:
        viewer = audience.viewer
        if viewer is None:
            return []
        return [
            Looked(where, tuple(seen))
            for where, seen in card_effects.looks_of(tx, table, cards, viewer)
        ]

    return {
        a: build_view(
            table,
            a,
            facts,
            held,
            history,
            visible=visible,
            choosing=choosing(a),
            standing=standing,
            looked=looked(a),
        )
        for a in audiences
    }


def card_face(card: DrawnCard) -> str:
    """A main deck card by its symbols (``A♠``), any other card by its name."""
    if card.deck == "main" and card.kind != "monster-marker":
        return card_symbol(card.card_id)
    return card.name


def open_tops(tx: Transaction, table: TableInfo, cards: GameCards) -> dict[str, DrawnCard]:
    """The decks whose top card the encounter in force turns face up (True seeing), and
    that card."""
    tops: dict[str, DrawnCard] = {}
    for deck in levels.encounter_rules(tx, table, cards).open_top_cards:
        top = tx.top(table, deck)
        if top is not None:
            tops[deck] = drawn_card(cards, top)
    return tops
