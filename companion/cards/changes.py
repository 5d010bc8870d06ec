"""A base for "what this card changes" mappings whose defaults mean "nothing".

Dumped to JSON (``cards show --json``, ``cards list --json``) such a mapping
keeps only the keys a card changes; read as a model, every key is there with
its default, so callers never test for missing keys.

>>> from typing import Literal
>>> class Demo(Changes):
...     deal_cards: int = 5
...     winner: Literal["highest", "lowest"] = "highest"
>>> Demo(deal_cards=7).model_dump()
{'deal_cards': 7}
>>> Demo(deal_cards=7).winner
'highest'
"""

from __future__ import annotations

from typing import Any

from pydantic import SerializerFunctionWrapHandler, model_serializer

from companion.cards.base import Model


class Changes(Model):
    """Immutable settings whose dumps omit every key left at its default."""

    @model_serializer(mode="wrap")
    def _only_changes(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        fields = type(self).model_fields
        return {
            k: v
            for k, v in data.items()
            if k not in fields or getattr(self, k) != fields[k].default
        }
