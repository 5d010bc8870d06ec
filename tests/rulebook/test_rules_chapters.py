"""What the rules chapters of each book must hold, and what no book may hold.

The actions a player can take are read off each game's data; every one must
be explained before the appendices, outside the clarifications and the quick
reference, so a player learns it from the rules themselves.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from companion.cards import load_game
from companion.printing import rulebook_markup as mk
from companion.printing.rulebook import render_markup
from tests.rulebook.conftest import build

NOT_RULES = ("Clarifications", "Quick reference")


def rules_chapters(game: str) -> str:
    """Plain text of the chapters before the first appendix, without the
    clarifications and the quick reference."""
    document = mk.parse(render_markup(game))
    out: list[str] = []
    keep = True
    for block in document.blocks:
        if isinstance(block, mk.Heading) and block.level == 1:
            if block.text.startswith("Appendix"):
                break
            keep = not block.text.startswith(NOT_RULES)
        if keep:
            out.append(_text(block))
    return " ".join(out)


def _text(block: Any) -> str:
    if isinstance(block, mk.Heading | mk.Paragraph):
        return mk.plain_text(block.text)
    if isinstance(block, mk.BulletList | mk.NumberedList):
        return " ".join(mk.plain_text(i.text) + " " + _texts(i.children) for i in block.items)
    if isinstance(block, mk.Table):
        return " ".join(mk.plain_text(c) for row in (block.header, *block.rows) for c in row)
    if isinstance(block, mk.Callout):
        return _texts(block.body)
    if isinstance(block, mk.Columns):
        return " ".join(_texts(c) for c in block.columns)
    return ""


def _texts(blocks: Any) -> str:
    return " ".join(_text(b) for b in blocks)


# ---------------------------------------------------------------------------
# Actions from the data, and the words that explain each in the rules
# ---------------------------------------------------------------------------

BETTING = {
    "check": r"\bcheck\b",
    "bet": r"\bbet\b",
    "call": r"\bcall\b",
    "raise": r"\braise\b",
    "fold": r"\bfold\b",
    "all in": r"\ball in\b",
}
"""The betting actions of every Hold'em game (Dungeon Poker, Dragon Kings)."""

DOD_STEPS = {
    "test": r"\btest\b",
    "combat": r"\bcombat\b",
    "check": r"CHECK1",
    "guess": r"GUESS1",
    "lose-hp": r"LOSE X HP",
    "heal": r"HEAL X HP",
    "gain-gold": r"\bgold\b",
    "get-item": r"\bitem\b",
    "get-special-item": r"special item",
    "get-potion": r"\bpotion\b",
    "get-fruit": r"\bFruits?\b",
    "get-arrows": r"\bArrows?\b",
    "meet-character": r"\bMEET\b",
    "upgrade": r"\bupgrade",
    "detect-potions": r"\bDETECT\b",
    "cure-poison": r"Poisoned!",
    "poison": r"Poisoned!",
    "exhaust": r"\bEXHAUST\b",
    "descend": r"\bDescend\b",
    "escape": r"\bescap",
    "teleport": r"\bteleport",
    "reveal-rooms": r"\bREVEAL\b",
    "must-move": r"MOVE again straight away",
    "stop": r"tells you to stop",
    "may-retry": r"try it again",
    "get-amulet": r"Amulet of D'eugor",
}


def _dungeon_of_d(g: Any) -> dict[str, str]:
    used: set[str] = set()
    for room in g.deck("rooms"):
        used |= set(re.findall(r'"do": "([a-z-]+)"', json.dumps(room.model_dump())))
    actions = {f"room step {k}": DOD_STEPS[k] for k in sorted(used)}
    actions.update({"REST": r"\bRest\b", "DO ACTION": r"Do an action", "MOVE": r"\bMove\b"})
    actions["drink a potion"] = r"drink a potion"
    return actions


DECKO_SPECIALS = {
    "plain": None,
    "junk-food": r"Junk Food",
    "voucher": r"When acquired",
    "smoldering": r"When acquired",
}
"""Market card rules that are a player's move; every other one works when revealed."""


def _decko(g: Any) -> dict[str, str]:
    words = {
        "DEAL": r"DEAL jokers",
        "RAISE": r"\bRaise\b",
        "CALL": r"\bCall\b",
        "BURN": r"\bBurn\b",
        "FOLD": r"\bFold\b",
        "BUY": r"\bBuying\b",
    }
    actions = {f"{t} joker": words[t] for t in {j.joker_type for j in g.deck("jokers")}}
    for special in {c.special for c in g.deck("market")}:
        phrase = DECKO_SPECIALS.get(special, r"When revealed")
        if phrase:
            actions[f"market {special}"] = phrase
    if g.deck("loans"):
        actions["take a loan"] = r"\bloan\b"
    return actions


DP_ACTIVATIONS = {
    "special-action": r"special action",
    "sudden": r"Sudden effects",
    "passive": r"passive",
    "automatic": r"acts on its own",
    "none": r"Empty Chests",
}


def _dungeon_poker(g: Any) -> dict[str, str]:
    actions = dict(BETTING)
    for c in g.of_type("character"):
        for a in c.abilities:
            actions[f"{a.kind} ability"] = rf"\b{a.kind}\b"
    for t in g.deck("treasures"):
        actions[f"treasure {t.activation}"] = DP_ACTIVATIONS[t.activation]
        if t.one_use:
            actions["sacrifice a one-use artifact"] = r"\bsacrifice\b"
        if t.effect == "cash":
            actions["cash a treasure"] = r"\bcash\b"
        if t.salvage:
            actions["sell an artifact"] = r"\bsell"
    return actions


DK_EFFECTS = {
    "hole_card_swaps": r"trade a hole card",
}
"""Wing card effects that give a guest a move; the others change the deal."""


def _dragon_kings(g: Any) -> dict[str, str]:
    actions = dict(BETTING)
    wings = g.deck("wing")
    if any(not w.involuntary for w in wings):
        actions["choose a voluntary wing card"] = r"pick a voluntary wing card"
        actions["make a wing card permanent"] = r"\bpermanent\b"
    for w in wings:
        for key, value in (w.effects.model_dump() if w.effects else {}).items():
            if value and key in DK_EFFECTS:
                actions[f"wing card {key}"] = DK_EFFECTS[key]
    return actions


def _dungeon_master(g: Any) -> dict[str, str]:
    actions: dict[str, str] = {}
    for c in g.cards:
        if c.kind in ("party-special", "party-treasure") or getattr(c, "ability", None):
            actions[f"play {c.name}"] = re.escape(c.name)
    words = {
        "creature": r"\bmeld\b",
        "trap": r"\btrap\b",
        "room": r"\broom\b",
        "obstacle": r"\bobstacle\b",
        "attribute": r"attribute card",
    }
    for kind in {c.kind for c in g.cards if c.kind in words}:
        actions[f"play a {kind} card"] = words[kind]
    return actions


ACTIONS: dict[str, Callable[[Any], dict[str, str]]] = {
    "dungeon-of-d": _dungeon_of_d,
    "decko": _decko,
    "dungeon-poker": _dungeon_poker,
    "dragon-kings": _dragon_kings,
    "dungeon-master": _dungeon_master,
}


def test_the_rules_chapters_explain_every_action_of_the_games_data(game: str) -> None:
    text = rules_chapters(game)
    actions = ACTIONS[game](load_game(game))
    missing = [a for a, pattern in actions.items() if not re.search(pattern, text, re.IGNORECASE)]
    assert not missing, f"{game}: the rules chapters never explain {missing}"


def test_an_action_the_data_gains_without_a_rule_fails_the_check() -> None:
    """A room step with no wording mapped here is a KeyError, not a silent pass."""
    with pytest.raises(KeyError):
        _ = DOD_STEPS["fly-away"]


# ---------------------------------------------------------------------------
# Nothing about software
# ---------------------------------------------------------------------------

SOFTWARE = re.compile(
    r"\bcompanion (?:print|timer|table|cards|dm|dod|hand|odds|showdown)\b"
    r"|--[a-z]+|\bdatabase\b|\bsoftware\b|\bcommand\b|\bcomputer\b|\bapp\b",
    re.IGNORECASE,
)


def test_no_rulebook_names_a_command_or_the_software(game: str) -> None:
    text = build(game).text()
    assert not SOFTWARE.search(text), SOFTWARE.search(text)
    markup = render_markup(game)
    assert not re.search(r"(?<!\\)`", markup), "a monospaced command in the markup"


def test_dragon_kings_blinds_sit_with_the_stakes_not_the_variants() -> None:
    document = mk.parse(render_markup("dragon-kings"))
    chapter = ""
    where = {}
    for h in document.headings():
        if h.level == 1:
            chapter = h.text
        where[h.text] = chapter
    assert where["Blinds"] == "Before the first deal"


def test_dungeon_poker_shorter_game_and_the_rise_are_read_from_the_level_cards(
    cards_copy: Path,
) -> None:
    """000, "Shorter game": the levels it leaves out and the blinds it plays come from
    the cards' ``in_shorter_game``; the rise past the last card from that card."""
    text = render_markup("dungeon-poker")
    assert "Take the 200, 600, 800 and 900 levels out of the level deck." in text
    assert "run 100, 300, 500, 700, 1,000 and 1,500, and afterwards rise by 500" in text
    path = cards_copy / "dungeon-poker" / "levels.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for card in data["cards"]:
        if card["id"] == "level-600":
            card["in_shorter_game"] = True
        if card["id"] == "level-1500":
            card["blind_rise_after"] = 1000
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    changed = render_markup("dungeon-poker", data_dir=cards_copy)
    assert "Take the 200, 800 and 900 levels out of the level deck." in changed
    assert "run 100, 300, 500, 600, 700, 1,000 and 1,500, and afterwards rise by 1000" in changed
    assert "| after | +1000 | |" in changed
    assert "the blind rises by 1000 each level (2,500, 3,500, ...)" in changed
