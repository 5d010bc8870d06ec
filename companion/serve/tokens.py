"""The secret tokens of ``companion serve``: one for the dealer, one for each player.

A token is 32 random bytes (256 bits) from :mod:`secrets`, written as URL-safe
text. Tokens are kept in the state file with the table (namespace ``serve``),
so the URLs stay the same when the server is started again; ``--new-tokens``
makes fresh ones and every old URL stops working. Tokens are compared in
constant time.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.table import TableInfo, Transaction

NAMESPACE = "serve"
TOKEN_BYTES = 32


@dataclass(frozen=True)
class Tokens:
    """The dealer's token and each player's (by seated name)."""

    dealer: str
    players: dict[str, str]

    def to_data(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "players": dict(self.players)}

    def is_dealer(self, token: str) -> bool:
        return bool(self.dealer) and secrets.compare_digest(token.encode(), self.dealer.encode())

    def player_of(self, name: str, token: str) -> str | None:
        """The seated player ``name`` if ``token`` is theirs (any case for the name), else None."""
        wanted = name.casefold()
        for player, secret in self.players.items():
            if player.casefold() == wanted:
                return player if secrets.compare_digest(token.encode(), secret.encode()) else None
        return None


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def fresh_tokens(players: tuple[str, ...]) -> Tokens:
    """New tokens for the dealer and each of ``players`` (not saved anywhere)."""
    return Tokens(new_token(), {p: new_token() for p in players})


def ensure_tokens(tx: Transaction, table: TableInfo | None, *, rotate: bool = False) -> Tokens:
    """The table's tokens, made (and saved) the first time or when ``rotate`` asks for new ones.

    A player seated after the tokens were made gets one too.
    """
    players = table.players if table is not None else ()
    raw = tx.get_state(table, NAMESPACE, "tokens")
    tokens = None
    if isinstance(raw, dict) and not rotate:
        saved = raw.get("players")
        if isinstance(raw.get("dealer"), str) and isinstance(saved, dict):
            kept = {p: saved[p] for p in players if isinstance(saved.get(p), str)}
            tokens = Tokens(raw["dealer"], {p: kept.get(p) or new_token() for p in players})
    if tokens is None:
        tokens = fresh_tokens(players)
    if tokens.to_data() != raw:
        tx.put_state(table, NAMESPACE, "tokens", tokens.to_data())
    return tokens


def read_tokens(tx: Transaction, table: TableInfo | None) -> Tokens | None:
    """The saved tokens (``None`` before the first ``serve``)."""
    raw = tx.get_state(table, NAMESPACE, "tokens")
    if not isinstance(raw, dict) or not isinstance(raw.get("dealer"), str):
        return None
    players = raw.get("players")
    kept = players if isinstance(players, dict) else {}
    return Tokens(str(raw["dealer"]), {str(k): str(v) for k, v in kept.items()})


@dataclass(frozen=True)
class ServeUrls:
    """The pages' addresses: ``serve --json`` prints exactly this document."""

    clock: str
    dealer: str
    players: dict[str, str]
    other_bases: tuple[str, ...] = ()
    """The same server under this machine's other network addresses (printed, not in the JSON)."""

    def to_json(self) -> dict[str, Any]:
        return {"clock": self.clock, "dealer": self.dealer, "players": dict(self.players)}


def urls(base: str, tokens: Tokens, other_bases: Sequence[str] = ()) -> ServeUrls:
    """Every page's URL under ``base`` (``http://host:port``), each with its own token.

    ``other_bases`` are the same server under other addresses (a machine on two networks).

    >>> urls("http://127.0.0.1:8787", Tokens("d", {"ann": "a"})).to_json()
    {'clock': 'http://127.0.0.1:8787/clock', 'dealer': 'http://127.0.0.1:8787/dealer/d', 'players': {'ann': 'http://127.0.0.1:8787/player/ann/a'}}
    """
    from urllib.parse import quote

    return ServeUrls(
        clock=f"{base}/clock",
        dealer=f"{base}/dealer/{tokens.dealer}",
        players={
            name: f"{base}/player/{quote(name, safe='')}/{secret}"
            for name, secret in tokens.players.items()
        },
        other_bases=tuple(other_bases),
    )
