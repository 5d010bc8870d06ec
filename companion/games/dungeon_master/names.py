"""Names as players type them: any case, a unique prefix, a word of the name, or an alias.

At the table nobody types ``Throne Room`` or ``Enchantress`` twice; ``throne``
and ``ench`` say the same. :func:`match_name` finds the one name meant among
the names that fit where it is typed (the party's heroes, the rooms, the
attribute cards), so a prefix only has to be unique there.

>>> heroes = ["Knight", "Wizard", "Warrior", "Halfling"]
>>> match_name("kn", heroes, "hero"), match_name("HALF", heroes, "hero")
('Knight', 'Halfling')
>>> match_name("w", heroes, "hero")
Traceback (most recent call last):
  ...
companion.errors.CompanionError: 'w' could be Wizard or Warrior: type a few more letters
>>> match_name("throne", ["Throne Room", "Treasure Room"], "room")
'Throne Room'
>>> match_name("cavern", ["Great Cavern", "Armory"], "room")
'Great Cavern'
>>> match_name("mummy", ["Mummies", "Zombies"], "creature")
'Mummies'
>>> match_name("xp", ["Experience", "Prisoner"], "card")
'Experience'
>>> match_name("orks", ["Orcs", "Ogres"], "creature") is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.errors import CompanionError

ALIASES: Mapping[str, str] = {
    "xp": "Experience",
    "exp": "Experience",
    "mi": "Magic Items",
    "magic": "Magic Items",
}
"""Short forms that are no prefix of the name. An alias only counts where its
name is among the names that fit."""


def normal(text: str) -> str:
    """The form names are compared in: case folded, ``-`` and ``_`` as spaces, spaces collapsed.

    >>> normal("  Throne-room ")
    'throne room'
    """
    return " ".join(str(text).replace("-", " ").replace("_", " ").split()).casefold()


def _singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def match_name(
    text: str,
    names: Iterable[str],
    what: str,
    aliases: Mapping[str, str] = ALIASES,
) -> str | None:
    """The one name of ``names`` that ``text`` means; None when it means none of them.

    In order: the name itself (any case, ``-`` for a space), an alias, the
    singular of a plural name, then a unique prefix of the whole name, then
    a unique prefix of one of its words. Two or more names sharing the
    prefix is an error listing them (``what`` names the kind of thing).
    """
    wanted = normal(text)
    pool = list(dict.fromkeys(names))
    if not wanted:
        raise CompanionError(f"an empty {what} name: name one")
    by_normal = {normal(n): n for n in pool}
    if wanted in by_normal:
        return by_normal[wanted]
    alias = aliases.get(wanted)
    if alias is not None and alias in pool:
        return alias
    singular = [n for n in pool if _singular(normal(n)) == wanted]
    if len(singular) == 1:
        return singular[0]
    for candidates in (
        [n for n in pool if normal(n).startswith(wanted)],
        [n for n in pool if any(w.startswith(wanted) for w in normal(n).split()[1:])],
    ):
        if len(candidates) == 1:
            return candidates[0]
        if len(candidates) > 1:
            shown = ", ".join(candidates[:-1]) + f" or {candidates[-1]}"
            raise CompanionError(f"'{text}' could be {shown}: type a few more letters")
    return None
