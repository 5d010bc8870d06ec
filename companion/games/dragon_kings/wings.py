"""Dragon Kings wing cards and the Swords joker, as the ranking rules they make.

The hand ranker (:mod:`companion.poker`) knows nothing of wing cards: it reads
a :class:`~companion.poker.variants.Rules` value. This module turns the wing
cards in force, and the Swords joker variant, into that value, so that
``rank``, ``odds``, ``showdown`` and the table judge hands the same way.

Only the fields of a wing card's ``effects`` that change what a hand may use
reach the ranker: wild ranks and cards (Thieves' Deuces, Masquerade), extra
hole or board cards (Pickpocket, Dragon's Hoard) and the hole cards a hand
must use (Iron Mask). The others change the betting or what is seen, not
how hands are judged.

>>> rules = rules_with_wings(DRAGON_KINGS, [wing_card("iron mask"), wing_card("thieves-deuces")])
>>> rules.use_exactly, sorted(rules.wild_ranks), rules.in_force
(2, [2], ('Iron Mask', "Thieves' Deuces"))
>>> dragon_kings_rules(variant="swords-joker").jokers
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from companion.errors import CompanionError
from companion.games.dragon_kings.classes import DRAGON_CLASSES
from companion.poker.variants import Rules, slug

GAME = "dragon-kings"

DRAGON_KINGS = Rules(GAME, classes=DRAGON_CLASSES, in_force_label="wing")
"""Hold'em plus Twinned Dragon Kings, the Grave Digger, five of a kind and wild cards (003)."""

SWORDS_JOKER = "swords-joker"
"""The one variant: the Swords joker shuffled into the deck as a wild card."""

VARIANTS: tuple[str, ...] = (SWORDS_JOKER,)


def check_variant(variant: str | None) -> str | None:
    """The variant's id, or None for the plain game; an error for an unknown name.

    >>> check_variant("Swords Joker"), check_variant(None)
    ('swords-joker', None)
    """
    if variant is None or not variant.strip():
        return None
    key = slug(variant)
    if key not in VARIANTS:
        raise CompanionError(
            f"{variant!r} is not a Dragon Kings variant (variants: {', '.join(VARIANTS)})"
        )
    return key


def wing_cards() -> tuple[Any, ...]:
    """The twelve wing cards of the card database, in file order."""
    from companion.cards import load_game

    return tuple(load_game(GAME).deck("wing"))


def wing_card(name: str) -> Any:
    """A wing card by id or name (any case, punctuation ignored).

    >>> wing_card("Dragon's hoard").id
    'dragons-hoard'
    """
    key = slug(name)
    cards = wing_cards()
    for card in cards:
        if key in (slug(card.id), slug(card.name)):
            return card
    known = ", ".join(c.id for c in cards)
    raise CompanionError(f"{name!r} is not a wing card (wing cards: {known})")


def rules_with_wings(base: Rules, wings: Iterable[Any]) -> Rules:
    """``base`` with every wing card's ranking effects, in the order given.

    Extra hole and board cards add up; a later hole-card count replaces an earlier one.
    """
    rules = base
    names = list(rules.in_force)
    for card in wings:
        names.append(card.name)
        effects = card.effects
        wild = [str(r) for r in effects.wild_ranks] + [str(c) for c in effects.wild_cards]
        if wild:
            rules = rules.with_wild(wild)
        changes: dict[str, Any] = {}
        if effects.extra_hole_cards:
            changes["hole_cards"] = rules.hole_cards + effects.extra_hole_cards
        if effects.extra_board_cards:
            changes["board_cards"] = rules.board_cards + effects.extra_board_cards
        if effects.use_hole_cards_exactly is not None:
            changes["use_exactly"] = effects.use_hole_cards_exactly
            changes["use_at_most"] = None
        if changes:
            rules = rules.replace(**changes)
    return rules.replace(in_force=tuple(dict.fromkeys(names)))


def dragon_kings_rules(
    wings: Sequence[str] = (), variant: str | None = None, wild: Sequence[str] = ()
) -> Rules:
    """The Dragon Kings rules with the named wing cards in force, the variant and
    any more wild cards (``--wild``)."""
    rules = DRAGON_KINGS
    if check_variant(variant) == SWORDS_JOKER:
        rules = rules.replace(jokers=1)
    cards = [wing_card(name) for name in wings]
    rules = rules_with_wings(rules, cards)
    return rules.with_wild(wild) if wild else rules
