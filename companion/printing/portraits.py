"""Card pictures chosen per card: a portrait per character class, an icon by name.

Characters of every game get a bust whose headgear, clothes and the thing
they carry say their class (horns and an axe for a barbarian, a pointed hat
and a spell for a wizard), so no two characters of a game look alike.
Other cards take the icon their name points to (a Sword of Power shows a
sword, a potion a flask), and only a name that points nowhere falls back to
the icon of the card's effect, which the template gives.

Both are Jinja globals of the card templates: ``portrait(card.name)`` and
``name_icon(card.name, default)``.
"""

from __future__ import annotations

import re
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

SKIN = "#e8c4a0"

# class word: (headgear, clothes colour, the icon carried, skin)
PORTRAITS: dict[str, tuple[str, str, str, str]] = {
    "barbarian": ("horns", "#8e5a2b", "axe", SKIN),
    "fighter": ("helm", "#7f1d1d", "sword", SKIN),
    "knight": ("helm", "#2e5c8a", "shield", SKIN),
    "paladin": ("helm", "#c9a227", "bless", SKIN),
    "warrior": ("hair", "#5d4037", "shield", SKIN),
    "gladiator": ("helm", "#b0413e", "swords", SKIN),
    "wrestler": ("bald", "#c0392b", "fist", SKIN),
    "amazon": ("veil", "#2e8b57", "sword", SKIN),
    "ranger": ("hood", "#2e5a2b", "bow", SKIN),
    "archer": ("cap", "#6b8e23", "bow", SKIN),
    "scout": ("cap", "#556b2f", "eye", SKIN),
    "duelist": ("cap", "#7a1f1f", "sword", SKIN),
    "stalwart": ("beard", "#5d5d6e", "shield", SKIN),
    "dwarf": ("beard", "#6b4a2b", "axe", SKIN),
    "teratologist": ("ears", "#6a1b9a", "monster", SKIN),
    "elf": ("ears", "#1b4d2b", "bow", SKIN),
    "halfling": ("curls", "#8e6b2b", "dagger", SKIN),
    "hobbit": ("curls", "#6b8e23", "boot", SKIN),
    "rogue": ("bandana", "#3d3d4e", "dagger", SKIN),
    "acrobat": ("bandana", "#d35400", "boot", SKIN),
    "thief": ("hood", "#2b2b2b", "bag", SKIN),
    "bard": ("cap", "#8e2c8e", "feather", SKIN),
    "druid": ("hood", "#4e7a2e", "heal", SKIN),
    "herbalist": ("hood", "#7a8e3b", "potion", SKIN),
    "wizard": ("hat", "#2e3c8a", "spell", SKIN),
    "magician": ("hat", "#7a1f5a", "cards", SKIN),
    "witch": ("hat", "#2b2b2b", "potion", "#b7cf9a"),
    "enchantress": ("veil", "#8e2c8e", "spell", SKIN),
    "priestess": ("veil", "#d8cbe8", "bless", SKIN),
    "priest": ("mitre", "#e6dccb", "book", SKIN),
    "cleric": ("mitre", "#c0a060", "heal", SKIN),
    "monk": ("bald", "#c9822b", "bless", SKIN),
    "prophet": ("hood", "#e6dccb", "eye", SKIN),
    "alchemist": ("goggles", "#2e86c1", "potion", SKIN),
    "artificer": ("goggles", "#8e6b2b", "rune", SKIN),
    "merchant": ("hair", "#c79a4a", "bag", SKIN),
    "nobble": ("crown", "#7a1f1f", "coins", SKIN),
    "undead": ("skull", "#4a2a5b", "crown", "#d8d4c4"),
    "troll": ("troll", "#5b7a3b", "fist", "#8fae6b"),
    "ogre": ("troll", "#2b2b40", "eye", "#7a86a8"),
}

# Words of a card's name and the icon they show, most telling first.
NAME_ICONS: tuple[tuple[str, str], ...] = (
    ("crystal ball", "eye"),
    ("spyglass", "eye"),
    ("eye", "eye"),
    ("sword", "sword"),
    ("blade", "sword"),
    ("dagger", "dagger"),
    ("knife", "dagger"),
    ("axe", "axe"),
    ("bow", "bow"),
    ("arrow", "bow"),
    ("shield", "shield"),
    ("armor", "armor"),
    ("armour", "armor"),
    ("plate", "armor"),
    ("helm", "helm"),
    ("potion", "potion"),
    ("draught", "potion"),
    ("elixir", "potion"),
    ("venom", "potion"),
    ("poison", "potion"),
    ("scroll", "scroll"),
    ("tome", "book"),
    ("book", "book"),
    ("crown", "crown"),
    ("king", "crown"),
    ("map", "map"),
    ("chest", "chest"),
    ("gem", "gem"),
    ("soul", "gem"),
    ("amulet", "gem"),
    ("gold", "coins"),
    ("coin", "coins"),
    ("treasure", "chest"),
    ("boot", "boot"),
    ("feather", "feather"),
    ("skull", "skull"),
    ("bone", "skull"),
    ("dragon", "dragon"),
    ("wing", "wing"),
    ("fire", "flame"),
    ("flame", "flame"),
    ("burn", "flame"),
    ("smolder", "flame"),
    ("hourglass", "hourglass"),
    ("time", "hourglass"),
    ("trap", "trap"),
    ("door", "door"),
    ("portal", "door"),
    ("stair", "stairs"),
    ("rune", "rune"),
    ("card", "cards"),
    ("deck", "cards"),
    ("voucher", "ticket"),
    ("ticket", "ticket"),
    ("burger", "burger"),
    ("junk food", "burger"),
    ("crypto", "crypto"),
    ("credit", "credit-card"),
    ("bag", "bag"),
    ("sack", "bag"),
    ("pouch", "bag"),
    ("clown", "jester"),
    ("jester", "jester"),
    ("lowball", "arrow-down"),
    ("low sum", "arrow-down"),
    ("chip", "chip"),
    ("bomb", "flame"),
    ("mushroo", "mushroom"),
    ("treant", "roots"),
    ("root", "roots"),
    ("heal", "heal"),
    ("bless", "bless"),
    ("holy", "bless"),
    ("fist", "fist"),
)


def _words(name: str) -> str:
    return " " + re.sub(r"[^a-z]+", " ", name.lower()) + " "


def class_of(name: str) -> str | None:
    """The character class a card's name names (``'Sir Nobble'`` → ``'nobble'``).

    >>> class_of("Dwarven Stalwart"), class_of("Gnome Artificer"), class_of("Chess")
    ('stalwart', 'artificer', None)
    """
    words = _words(name)
    for cls in PORTRAITS:
        if f" {cls} " in words or f" {cls}s " in words:
            return cls
    return None


def portrait(name: str) -> str:
    """The portrait icon of the character ``name``: ``portrait-<class>``."""
    return f"portrait-{class_of(name) or 'hero'}"


def name_icon(name: str, default: str | None = None) -> str | None:
    """The icon a card's name points to, else ``default`` (the icon of its effect).

    >>> name_icon("Sword of Power", "potion"), name_icon("Lowball", "arrow-up")
    ('sword', 'arrow-down')
    >>> name_icon("Mystery", "star")
    'star'
    """
    words = _words(name)
    for word, icon in NAME_ICONS:
        if f" {word}" in words:
            return icon
    return default


# ---------------------------------------------------------------- drawing


def _bust(c: Canvas, cloth: Color) -> None:
    c.setFillColor(cloth)
    p = c.beginPath()
    p.moveTo(-0.46, -0.5)
    p.curveTo(-0.46, -0.22, -0.3, -0.16, 0, -0.16)
    p.curveTo(0.3, -0.16, 0.46, -0.22, 0.46, -0.5)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def _head(c: Canvas, skin: Color) -> None:
    c.setFillColor(skin)
    c.ellipse(-0.19, -0.14, 0.19, 0.3, stroke=0, fill=1)


def _eyes(c: Canvas) -> None:
    c.setFillColor(HexColor("#2b2b2b"))
    c.circle(-0.07, 0.09, 0.025, stroke=0, fill=1)
    c.circle(0.07, 0.09, 0.025, stroke=0, fill=1)


def _poly(c: Canvas, points: list[tuple[float, float]], colour: Color) -> None:
    c.setFillColor(colour)
    p = c.beginPath()
    p.moveTo(*points[0])
    for pt in points[1:]:
        p.lineTo(*pt)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def _dark(colour: Color, t: float = 0.35) -> Color:
    return Color(colour.red * (1 - t), colour.green * (1 - t), colour.blue * (1 - t))


STEEL = HexColor("#9aa5b1")
GOLD = HexColor("#d4a017")


def _headgear(c: Canvas, kind: str, cloth: Color, skin: Color) -> None:
    """What sits on (or around) the head; drawn over the face where it covers it."""
    if kind == "helm":
        _poly(c, [(-0.22, 0.02), (-0.2, 0.3), (0, 0.4), (0.2, 0.3), (0.22, 0.02)], STEEL)
        c.setFillColor(HexColor("#2b2b2b"))
        c.rect(-0.14, 0.07, 0.28, 0.04, stroke=0, fill=1)
        c.rect(-0.02, -0.12, 0.04, 0.2, stroke=0, fill=1)
    elif kind == "horns":
        _poly(c, [(-0.18, 0.2), (-0.4, 0.38), (-0.36, 0.5), (-0.12, 0.28)], HexColor("#e6dccb"))
        _poly(c, [(0.18, 0.2), (0.4, 0.38), (0.36, 0.5), (0.12, 0.28)], HexColor("#e6dccb"))
        _poly(c, [(-0.2, 0.16), (-0.18, 0.3), (0.18, 0.3), (0.2, 0.16)], STEEL)
    elif kind == "hood":
        c.setFillColor(_dark(cloth, 0.2))
        p = c.beginPath()
        p.moveTo(-0.28, -0.18)
        p.curveTo(-0.32, 0.3, -0.12, 0.44, 0, 0.44)
        p.curveTo(0.12, 0.44, 0.32, 0.3, 0.28, -0.18)
        p.lineTo(0.17, -0.1)
        p.curveTo(0.2, 0.2, 0.1, 0.28, 0, 0.28)
        p.curveTo(-0.1, 0.28, -0.2, 0.2, -0.17, -0.1)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    elif kind == "hat":
        _poly(c, [(-0.34, 0.2), (0.34, 0.2), (0.3, 0.26), (-0.3, 0.26)], _dark(cloth, 0.1))
        _poly(c, [(-0.17, 0.24), (0.17, 0.24), (0.08, 0.5), (0.2, 0.56)], _dark(cloth, 0.1))
        c.setFillColor(GOLD)
        c.circle(0.02, 0.34, 0.03, stroke=0, fill=1)
    elif kind == "crown":
        _poly(
            c,
            [(-0.18, 0.22), (0.18, 0.22), (0.2, 0.44), (0.1, 0.34), (0, 0.46)]
            + [(-0.1, 0.34), (-0.2, 0.44)],
            GOLD,
        )
    elif kind == "mitre":
        _poly(c, [(-0.17, 0.22), (0.17, 0.22), (0.13, 0.46), (0, 0.54), (-0.13, 0.46)], cloth)
        c.setFillColor(GOLD)
        c.rect(-0.02, 0.24, 0.04, 0.26, stroke=0, fill=1)
    elif kind == "cap":
        _poly(c, [(-0.22, 0.2), (-0.18, 0.34), (0.18, 0.34), (0.28, 0.22)], _dark(cloth, 0.15))
        _poly(c, [(0.12, 0.32), (0.36, 0.5), (0.4, 0.46), (0.18, 0.3)], HexColor("#e8e2d0"))
    elif kind == "beard":
        _poly(c, [(-0.2, 0.16), (-0.18, 0.3), (0.18, 0.3), (0.2, 0.16)], STEEL)
        _poly(
            c,
            [(-0.2, 0.04), (0.2, 0.04), (0.16, -0.2), (0, -0.3), (-0.16, -0.2)],
            HexColor("#8e5a2b"),
        )
    elif kind == "ears":
        _poly(c, [(-0.18, 0.1), (-0.32, 0.24), (-0.17, 0.02)], skin)
        _poly(c, [(0.18, 0.1), (0.32, 0.24), (0.17, 0.02)], skin)
        c.setStrokeColor(GOLD)
        c.setLineWidth(0.04)
        c.line(-0.18, 0.2, 0.18, 0.2)
    elif kind == "curls":
        c.setFillColor(HexColor("#8e5a2b"))
        for x in (-0.16, -0.06, 0.05, 0.15):
            c.circle(x, 0.27, 0.07, stroke=0, fill=1)
    elif kind == "bandana":
        c.setFillColor(cloth)
        c.rect(-0.2, 0.16, 0.4, 0.08, stroke=0, fill=1)
        _poly(c, [(0.18, 0.2), (0.34, 0.12), (0.32, 0.24)], cloth)
        c.setFillColor(HexColor("#2b2b2b"))
        c.rect(-0.15, 0.05, 0.3, 0.05, stroke=0, fill=1)
    elif kind == "veil":
        c.setFillColor(HexColor("#6b4a2b"))
        p = c.beginPath()
        p.moveTo(-0.24, -0.2)
        p.curveTo(-0.28, 0.36, 0.28, 0.36, 0.24, -0.2)
        p.lineTo(0.16, -0.05)
        p.curveTo(0.18, 0.24, -0.18, 0.24, -0.16, -0.05)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    elif kind == "skull":
        c.setFillColor(HexColor("#2b2b2b"))
        c.circle(-0.08, 0.1, 0.05, stroke=0, fill=1)
        c.circle(0.08, 0.1, 0.05, stroke=0, fill=1)
        _poly(c, [(-0.1, 0.26), (0.1, 0.26), (0.14, 0.42), (0, 0.34), (-0.14, 0.42)], GOLD)
    elif kind == "troll":
        _poly(c, [(-0.1, -0.06), (-0.06, 0.04), (-0.03, -0.06)], HexColor("#f2ead8"))
        _poly(c, [(0.1, -0.06), (0.06, 0.04), (0.03, -0.06)], HexColor("#f2ead8"))
    elif kind == "goggles":
        c.setFillColor(HexColor("#6b4a2b"))
        c.rect(-0.2, 0.1, 0.4, 0.05, stroke=0, fill=1)
        c.setFillColor(HexColor("#9fd3e8"))
        c.circle(-0.08, 0.12, 0.06, stroke=0, fill=1)
        c.circle(0.08, 0.12, 0.06, stroke=0, fill=1)
    elif kind == "hair":
        c.setFillColor(HexColor("#5d4037"))
        c.ellipse(-0.2, 0.16, 0.2, 0.33, stroke=0, fill=1)
    # "bald": the head alone


def draw_portrait(c: Canvas, cls: str, cloth: Color) -> None:
    """The bust of ``cls`` in the unit square (unknown classes get a plain hero).

    What they carry is drawn by :mod:`companion.printing.shapes`, which owns
    the icons (see :func:`portrait_look`).
    """
    headgear, _cloth, _item, skin_hex = PORTRAITS.get(cls, ("hair", "#5d5d6e", "star", SKIN))
    skin = HexColor(skin_hex)
    _bust(c, cloth)
    _head(c, skin)
    if headgear not in ("skull", "goggles"):
        _eyes(c)
    _headgear(c, headgear, cloth, skin)


def portrait_color(cls: str) -> Color:
    return HexColor(PORTRAITS.get(cls, ("", "#5d5d6e", "", ""))[1])


def portrait_look(cls: str) -> tuple[str, str, str]:
    """(headgear, clothes, carried icon): what tells two portraits apart."""
    headgear, cloth, item, _skin = PORTRAITS.get(cls, ("hair", "#5d5d6e", "star", SKIN))
    return headgear, cloth, item


def jinja_globals() -> dict[str, Any]:
    return {"portrait": portrait, "name_icon": name_icon}
