"""The one error type the core raises for anything a user can get wrong.

The CLI prints ``error: <message>`` on stderr and exits with code 2, so the
message must stand alone on one line and name the bad value.

>>> raise CompanionError("'Zx' is not a card")
Traceback (most recent call last):
  ...
companion.errors.CompanionError: 'Zx' is not a card
"""

from __future__ import annotations


class CompanionError(Exception):
    """A problem with the user's input, data or files, in plain words."""

    exit_code: int = 2

    def __init__(self, message: str) -> None:
        # One line, always: the CLI contract is a one-line error.
        super().__init__(" ".join(str(message).split()))

    @property
    def message(self) -> str:
        return str(self.args[0])
