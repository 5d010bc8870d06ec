"""JSON Schema of the card files, so editors can check and complete them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, create_model

from companion import GAMES
from companion.cards.games import card_union
from companion.errors import CompanionError


def _deck_file_model(game_id: str) -> type[BaseModel]:
    title = "".join(part.title() for part in game_id.split("-")) + "DeckFile"
    return create_model(
        title,
        __config__=ConfigDict(extra="forbid", title=f"{game_id} deck file"),
        # The game's card union is looked up at run time, so no checker can see it as a type.
        cards=(list[card_union(game_id)], ...),  # type: ignore[misc, arg-type]
        notes=(str | None, None),
    )


def card_file_schema(game: str | None = None) -> dict[str, Any]:
    """The schema of one game's deck files, or of any game's (``anyOf``).

    The ``deck`` field is filled in from the file name, so it is optional here.
    """
    if game is not None and game not in GAMES:
        raise CompanionError(f"unknown game '{game}' (games: {', '.join(GAMES)})")
    games = [game] if game else list(GAMES)
    schemas = {g: _deck_file_model(g).model_json_schema() for g in games}
    for s in schemas.values():
        for definition in s.get("$defs", {}).values():
            required = definition.get("required")
            if required and "deck" in required:
                required.remove("deck")
    if game:
        return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schemas[game]}
    defs: dict[str, Any] = {}
    options = []
    for _g, s in schemas.items():
        defs.update(s.pop("$defs", {}))
        defs[s["title"].replace(" ", "_")] = s
        options.append({"$ref": f"#/$defs/{s['title'].replace(' ', '_')}"})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "companion card file",
        "anyOf": options,
        "$defs": defs,
    }
