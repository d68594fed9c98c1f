"""Draw every card face and the card back as small SVG files.

    python tools/make_cards.py                      # write cardtable_gui/assets/cards/*.svg
    python tools/make_cards.py --out DIR            # write them somewhere else
    python tools/make_cards.py --preview sheet.png  # also lay every card out on one PNG

Everything is paths: pygame's SVG rasteriser ignores ``<text>``, ``<use>`` and patterns,
so the corner indices are stroke glyphs designed here, the suits are filled outlines and
the back's lattice is drawn line by line. Output is deterministic: numbers are rounded to
one decimal and nothing depends on time or randomness, so a second run gives the same
bytes. Suit colours come from ``cardtable_gui.card_art`` so the runtime can swap them for
the four-colour deck.

The view box is 250 x 350 (``CARD_ASPECT`` 1.4). A card has a thin border and rounded
corners, a rank glyph with a suit symbol below it in the top-left corner and the same
turned round in the bottom-right, then pips (number cards), a framed crowned emblem
(court cards), a jester's cap (joker) or one large symbol (aces).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cardtable_gui.card_art import BACK, SUIT_INK, SUIT_TINT  # noqa: E402
from cardtable_gui.cards import (  # noqa: E402
    FRENCH_SUITS,
    ITALIAN_SUITS,
    JOKER,
    Card,
    Pack,
    Suit,
    french_deck,
    italian_deck,
)

OUT = ROOT / "cardtable_gui" / "assets" / "cards"
WIDTH, HEIGHT = 250, 350
RADIUS = 16
PAPER = "#ffffff"
EDGE = "#9e9e9e"
GOLD = "#e0a526"
WOOD = "#a8692f"
WOOD_DARK = "#5a3715"
WOOD_LIGHT = "#d39a5e"
WOOD_CUT = "#f0d6a8"
JOKER_INK = "#1a1a1a"
JOKER_RED = "#b71c34"
BACK_FIELD = "#1c3461"
BACK_LINE = "#3b5c99"
BACK_GOLD = "#d9b35a"

INDEX_X = 28
INDEX_TOP = 14
INDEX_HEIGHT = 50
INDEX_MAX_WIDTH = 44
INDEX_STROKE = 9
INDEX_SUIT_Y = {Pack.FRENCH: 93, Pack.ITALIAN: 96}
INDEX_SUIT_SIZE = {Pack.FRENCH: 36, Pack.ITALIAN: 42}


def num(value: float) -> str:
    """A coordinate with at most one decimal, without a trailing ``.0``."""
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def attrs(**values: str | float) -> str:
    """SVG attributes; ``stroke_width`` becomes ``stroke-width``."""
    return " ".join(
        f'{key.replace("_", "-")}="{num(v) if isinstance(v, (int, float)) else v}"'
        for key, v in values.items()
    )


def place(content: str, x: float, y: float, scale: float = 1.0, turn: bool = False) -> str:
    """``content`` drawn in a 100-unit box centred on (x, y), ``scale`` times that size."""
    transform = f"translate({num(x)} {num(y)})"
    if turn:
        transform += " rotate(180)"
    if scale != 1.0:
        transform += f" scale({scale:.3f})".replace(".000", "")
    return f'<g transform="{transform}">{content}</g>'


# --- Stroke glyphs ---------------------------------------------------------------------
# Each glyph is a path in a box 60 wide and 100 high (y down) with its advance width.
# They are stretched to the index size point by point, so the stroke width stays the
# same in every glyph, even in the narrowed "10".

GLYPHS: dict[str, tuple[float, str]] = {
    "A": (64, "M2 100L32 0L62 100M13 66L51 66"),
    "0": (60, "M30 0C49 0 58 22 58 50C58 78 49 100 30 100C11 100 2 78 2 50C2 22 11 0 30 0Z"),
    "1": (30, "M2 18L24 0L24 100"),
    "2": (60, "M5 22C7 8 17 0 31 0C47 0 56 10 56 25C56 43 42 55 4 100L58 100"),
    "3": (60, "M6 0L54 0L27 38C47 37 58 50 58 68C58 88 45 100 29 100C17 100 7 94 2 84"),
    "4": (60, "M44 100L44 0L2 70L60 70"),
    "5": (60, "M54 0L13 0L8 45C15 39 22 37 30 37C47 37 58 50 58 68C58 88 46 100 29 100C17 100 7 94 2 84"),
    "6": (60, "M52 7C46 2 39 0 33 0C14 0 4 20 4 54C4 84 14 100 31 100C48 100 58 87 58 68"
               "C58 50 47 38 31 38C17 38 7 47 4 60"),
    "7": (60, "M2 0L58 0L22 100"),
    "8": (60, "M30 46C17 46 7 37 7 23C7 9 17 0 30 0C43 0 53 9 53 23C53 37 43 46 30 46Z"
               "M30 46C45 46 58 56 58 73C58 90 46 100 30 100C14 100 2 90 2 73C2 56 15 46 30 46Z"),
    "9": (60, "M8 93C14 98 21 100 27 100C46 100 56 80 56 46C56 16 46 0 29 0C12 0 2 13 2 32"
               "C2 50 13 62 29 62C43 62 53 53 56 40"),
    "J": (52, "M14 0L50 0M40 0L40 70C40 90 31 100 20 100C9 100 2 92 1 80"),
    "Q": (62, "M31 0C50 0 60 22 60 48C60 74 50 96 31 96C12 96 2 74 2 48C2 22 12 0 31 0Z"
               "M36 70L62 104"),
    "K": (60, "M5 0L5 100M57 0L5 64M23 45L59 100"),
    "F": (54, "M54 0L6 0L6 100M6 47L44 47"),
    "C": (58, "M57 15C51 5 42 0 32 0C12 0 2 22 2 50C2 78 12 100 32 100C42 100 51 95 57 85"),
    "R": (60, "M6 100L6 0L31 0C48 0 57 10 57 26C57 42 47 52 31 52L6 52M30 52L58 100"),
    "O": (60, "M30 0C49 0 58 22 58 50C58 78 49 100 30 100C11 100 2 78 2 50C2 22 11 0 30 0Z"),
    "E": (54, "M54 0L6 0L6 100L54 100M6 48L46 48"),
}

_PATH_ARGS = {"M": 2, "L": 2, "C": 6, "Z": 0}
GLYPH_GAP = 0.2
"""The space between two glyphs, as a fraction of their height."""


def glyph_path(text: str, left: float, top: float, height: float, max_width: float) -> str:
    """Path data for ``text`` in stroke glyphs, ``height`` tall, no wider than ``max_width``.

    A text too wide is narrowed by squeezing the glyphs, never the gaps between them, so
    "10" stays two strokes apart instead of running together.
    """
    scale = height / 100
    gaps = GLYPH_GAP * height * (len(text) - 1)
    squeeze = (glyph_width(text, height, max_width) - gaps) / (sum(GLYPHS[ch][0] for ch in text) * scale)
    out: list[str] = []
    x0 = left
    for ch in text:
        advance, data = GLYPHS[ch]
        tokens = data.replace("M", " M ").replace("L", " L ").replace("C", " C ").replace("Z", " Z ").split()
        i = 0
        while i < len(tokens):
            command = tokens[i]
            count = _PATH_ARGS[command]
            values = [float(v) for v in tokens[i + 1 : i + 1 + count]]
            points = [
                num(x0 + v * scale * squeeze) if k % 2 == 0 else num(top + v * scale)
                for k, v in enumerate(values)
            ]
            out.append(command + " ".join(points))
            i += 1 + count
        x0 += advance * scale * squeeze + GLYPH_GAP * height
    return "".join(out)


def glyph_width(text: str, height: float, max_width: float) -> float:
    """The drawn width of ``text``: natural, or squeezed to ``max_width``."""
    natural = sum(GLYPHS[ch][0] for ch in text) * height / 100 + GLYPH_GAP * height * (len(text) - 1)
    return min(natural, max_width)


# --- Suit symbols ----------------------------------------------------------------------
# Each draws into a 100-unit box centred on the origin.

def star(r_out: float, r_in: float, points: int) -> str:
    """Path data for a star centred on the origin, first point straight up."""
    corners = []
    for k in range(points * 2):
        r = r_out if k % 2 == 0 else r_in
        a = math.pi * k / points - math.pi / 2
        corners.append(f"{num(r * math.cos(a))} {num(r * math.sin(a))}")
    return f'M{"L".join(corners)}Z'


def heart(ink: str) -> str:
    return (f'<path fill="{ink}" d="M0 46C-14 30-48 8-48-18C-48-38-35-48-22-48C-10-48-3-40 0-30'
            f'C3-40 10-48 22-48C35-48 48-38 48-18C48 8 14 30 0 46Z"/>')


def diamond(ink: str) -> str:
    return f'<path fill="{ink}" d="M0-50C10-32 22-16 38 0C22 16 10 32 0 50C-10 32-22 16-38 0C-22-16-10-32 0-50Z"/>'


def spade(ink: str) -> str:
    return (f'<path fill="{ink}" d="M0-50C14-30 48-14 48 12C48 29 36 38 24 38C14 38 7 33 3 26'
            f'C4 36 9 44 17 50L-17 50C-9 44-4 36-3 26C-7 33-14 38-24 38C-36 38-48 29-48 12'
            f'C-48-14-14-30 0-50Z"/>')


def club(ink: str) -> str:
    # Separate shapes: overlapping subpaths in one path would punch holes where they cross.
    return (
        f'<g fill="{ink}"><circle cy="-26" r="22"/><circle cx="-24" cy="8" r="22"/><circle cx="24" cy="8" r="22"/>'
        f'<path d="M-10-8L10-8L10 14L-10 14Z"/><path d="M-4 10C-4 30-9 42-18 50L18 50C9 42 4 30 4 10Z"/></g>'
    )


def cup(ink: str) -> str:
    """Coppe: a chalice with a gold rim, knot and foot."""
    return (
        f'<path fill="{ink}" d="M-37-38L37-38C37-10 22 5 7 9L-7 9C-22 5-37-10-37-38Z"/>'
        f'<path fill="{GOLD}" d="M-30-22C-14-18 14-18 30-22L28-16C12-12-12-12-28-16Z"/>'
        f'<ellipse cx="0" cy="-38" rx="38" ry="8" fill="{GOLD}" {attrs(stroke=ink, stroke_width=3)}/>'
        f'<path fill="{GOLD}" {attrs(stroke=ink, stroke_width=3)} '
        f'd="M-6 8L6 8L6 16C14 18 14 28 6 30L6 36L-6 36L-6 30C-14 28-14 18-6 16Z"/>'
        f'<path fill="{ink}" d="M-6 35C-10 41-25 41-31 49L31 49C25 41 10 41 6 35Z"/>'
    )


def coin(ink: str) -> str:
    """Denari: a gold coin with a ring and a red eight-pointed star."""
    return (
        f'<circle r="46" fill="{GOLD}" {attrs(stroke=ink, stroke_width=5)}/>'
        f'<circle r="35" fill="none" {attrs(stroke=ink, stroke_width=3)}/>'
        f'<path fill="#b3261e" d="{star(25, 11, 8)}"/>'
        f'<circle r="5" fill="{GOLD}"/>'
    )


def sword(ink: str) -> str:
    """Spade: an upright sword, blue blade, gold guard and pommel."""
    return (
        f'<path fill="{ink}" d="M0-50L12-34L12 14L-12 14L-12-34Z"/>'
        f'<path fill="none" {attrs(stroke="#a9c1e8", stroke_width=4, stroke_linecap="round")} d="M0-34L0 8"/>'
        f'<path fill="{GOLD}" {attrs(stroke=ink, stroke_width=3)} d="M-34 13L34 13Q41 20 34 27L-34 27Q-41 20-34 13Z"/>'
        f'<path fill="{ink}" d="M-6 27L6 27L6 40L-6 40Z"/>'
        f'<circle cy="43" r="8" fill="{GOLD}" {attrs(stroke=ink, stroke_width=3)}/>'
    )


def baton(ink: str) -> str:
    """Bastoni: a knotty wooden cudgel with lopped branch stubs and a fresh green leaf."""
    bark = attrs(stroke=WOOD_DARK, stroke_width=3.5, stroke_linejoin="round")
    return (
        f'<path fill="{ink}" d="M25-31C28-44 39-49 48-47C45-37 36-30 25-31Z"/>'
        f'<path fill="{WOOD}" {bark} d="M-13-38C-13-51 13-51 13-38L12-22L23-31L28-24L11-10L10 12L20 7'
        f'L23 14L9 25L8 46C8 53-8 53-8 46L-9.5 9L-23 0L-20-7L-11-4L-12.5-30Z"/>'
        f'<path fill="none" {attrs(stroke=WOOD_LIGHT, stroke_width=3.5, stroke_linecap="round")} d="M-5-40L-3 40"/>'
        f'<g fill="{WOOD_CUT}" {attrs(stroke=WOOD_DARK, stroke_width=2.5)}>'
        f'<ellipse rx="5" ry="3.5" transform="translate(25.5 -27.5) rotate(-36)"/>'
        f'<ellipse rx="4.5" ry="3.2" transform="translate(21.5 10.5) rotate(-30)"/>'
        f'<ellipse rx="4.5" ry="3.2" transform="translate(-21.5 -3.5) rotate(30)"/></g>'
        f'<path fill="none" {attrs(stroke=WOOD_DARK, stroke_width=2.5, stroke_linecap="round")} '
        f'd="M-9-16Q-4-13 1-16M2 26Q5 28 8 26M-7 34Q-4 36-1 34"/>'
    )


SYMBOLS: dict[Suit, Callable[[str], str]] = {
    Suit.HEARTS: heart,
    Suit.DIAMONDS: diamond,
    Suit.SPADES: spade,
    Suit.CLUBS: club,
    Suit.COPPE: cup,
    Suit.DENARI: coin,
    Suit.SPADE: sword,
    Suit.BASTONI: baton,
}


def symbol(suit: Suit) -> str:
    return SYMBOLS[suit](SUIT_INK[suit])


# --- Court headpieces: 100-unit box, gold with the suit's ink outline -------------------

def crown(ink: str) -> str:
    """King and re: a five-pointed crown with jewels."""
    outline = attrs(stroke=ink, stroke_width=3, stroke_linejoin="round")
    return (
        f'<path fill="{GOLD}" {outline} d="M-36 20L-40-16L-19 2L0-26L19 2L40-16L36 20Z"/>'
        f'<path fill="{GOLD}" {outline} d="M-37 20L37 20L37 32L-37 32Z"/>'
        f'<circle cx="-40" cy="-19" r="5" fill="{ink}"/><circle cy="-30" r="5.5" fill="{ink}"/>'
        f'<circle cx="40" cy="-19" r="5" fill="{ink}"/>'
        f'<circle cx="-20" cy="26" r="3.5" fill="{ink}"/><circle cy="26" r="3.5" fill="{ink}"/>'
        f'<circle cx="20" cy="26" r="3.5" fill="{ink}"/>'
    )


def tiara(ink: str) -> str:
    """Queen: an arched tiara with an orb and pearls."""
    outline = attrs(stroke=ink, stroke_width=3, stroke_linejoin="round")
    return (
        f'<path fill="{GOLD}" {outline} d="M-36 24L-36-2C-36-13-24-17-18-8C-12-24 12-24 18-8'
        f'C24-17 36-13 36-2L36 24Z"/>'
        f'<path fill="none" {attrs(stroke=ink, stroke_width=3)} d="M-36 12L36 12"/>'
        f'<circle cy="-26" r="7" fill="{GOLD}" {outline}/>'
        f'<circle cx="-24" cy="18" r="3" fill="{ink}"/><circle cx="-8" cy="18" r="3" fill="{ink}"/>'
        f'<circle cx="8" cy="18" r="3" fill="{ink}"/><circle cx="24" cy="18" r="3" fill="{ink}"/>'
    )


def cap(ink: str) -> str:
    """Jack and fante: a soft cap with a band and a sweeping feather."""
    outline = attrs(stroke=ink, stroke_width=3, stroke_linejoin="round")
    return (
        f'<path fill="{ink}" d="M2-12C8-34 28-46 50-44C44-28 30-14 14-4Z"/>'
        f'<path fill="none" {attrs(stroke=GOLD, stroke_width=2, stroke_linecap="round")} d="M10-12C20-28 32-38 46-42"/>'
        f'<path fill="{GOLD}" {outline} d="M-36 22C-38-4-18-18 4-18C24-18 38-4 36 22Z"/>'
        f'<path fill="{GOLD}" {outline} d="M-38 14L38 14L38 26L-38 26Z"/>'
        f'<circle cx="-22" cy="20" r="3" fill="{ink}"/><circle cy="20" r="3" fill="{ink}"/>'
        f'<circle cx="22" cy="20" r="3" fill="{ink}"/>'
    )


def helmet(ink: str) -> str:
    """Cavallo: a knight's great helm with an eye slit and three plumes."""
    outline = attrs(stroke=ink, stroke_width=3, stroke_linejoin="round")
    plumes = "".join(
        f'<ellipse rx="6" ry="14" transform="translate({x} {y}) rotate({a})"/>'
        for x, y, a in ((-12, -36, -28), (0, -40, 0), (12, -36, 28))
    )
    return (
        f'<g fill="{ink}">{plumes}</g>'
        f'<path fill="{GOLD}" {outline} d="M-26 28L-26-6C-26-22-14-30 0-30C14-30 26-22 26-6L26 28Z"/>'
        f'<path fill="{ink}" d="M-21-2L21-2L21 6L-21 6Z"/>'
        f'<path fill="none" {attrs(stroke=ink, stroke_width=3)} d="M0-28L0-2M0 6L0 26"/>'
        f'<g fill="{ink}"><circle cx="-12" cy="16" r="2.5"/><circle cx="12" cy="16" r="2.5"/></g>'
    )


# Keyed by rank symbol: French and Italian ranks are IntEnums whose values overlap
# (the Italian re equals the French ten).
HEADPIECES: dict[str, Callable[[str], str]] = {
    "K": crown,
    "Q": tiara,
    "J": cap,
    "R": crown,
    "C": helmet,
    "F": cap,
}


# --- Card layouts ----------------------------------------------------------------------

PIP_CENTRE = 125
PIP_SIDE = {Pack.FRENCH: 45, Pack.ITALIAN: 43}
PIP_TOP, PIP_BOTTOM = 64, 286
PIP_SIZE = {Pack.FRENCH: 0.42, Pack.ITALIAN: 0.55}

# Each pip: column (L, M, R) and the fraction of the way from the top row to the bottom.
L, M, R = -1, 0, 1
PIP_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    1: ((M, 0.5),),
    2: ((M, 0), (M, 1)),
    3: ((M, 0), (M, 0.5), (M, 1)),
    4: ((L, 0), (R, 0), (L, 1), (R, 1)),
    5: ((L, 0), (R, 0), (M, 0.5), (L, 1), (R, 1)),
    6: ((L, 0), (R, 0), (L, 0.5), (R, 0.5), (L, 1), (R, 1)),
    7: ((L, 0), (R, 0), (M, 0.25), (L, 0.5), (R, 0.5), (L, 1), (R, 1)),
    8: ((L, 0), (R, 0), (M, 0.25), (L, 0.5), (R, 0.5), (M, 0.75), (L, 1), (R, 1)),
    9: ((L, 0), (R, 0), (L, 1 / 3), (R, 1 / 3), (M, 0.5), (L, 2 / 3), (R, 2 / 3), (L, 1), (R, 1)),
    10: ((L, 0), (R, 0), (M, 1 / 6), (L, 1 / 3), (R, 1 / 3), (L, 2 / 3), (R, 2 / 3), (M, 5 / 6), (L, 1), (R, 1)),
}


def card_outline() -> str:
    return (f'<rect x="1" y="1" width="{WIDTH - 2}" height="{HEIGHT - 2}" rx="{RADIUS}" fill="{PAPER}" '
            f'{attrs(stroke=EDGE, stroke_width=2)}/>')


def document(body: Iterable[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}">' + "".join(body) + "</svg>\n"
    )


def index(rank_text: str, suit: Suit) -> str:
    """The corner index, top-left and turned round bottom-right."""
    ink = SUIT_INK[suit]
    width = glyph_width(rank_text, INDEX_HEIGHT, INDEX_MAX_WIDTH)
    data = glyph_path(rank_text, INDEX_X - width / 2, INDEX_TOP, INDEX_HEIGHT, INDEX_MAX_WIDTH)
    stroke = attrs(stroke=ink, stroke_width=INDEX_STROKE, stroke_linecap="round", stroke_linejoin="round")
    corner = (f'<path fill="none" {stroke} d="{data}"/>'
              + place(symbol(suit), INDEX_X, INDEX_SUIT_Y[suit.pack], INDEX_SUIT_SIZE[suit.pack] / 100))
    return corner + f'<g transform="rotate(180 125 175)">{corner}</g>'


def joker_index() -> str:
    """JOKER spelt downwards in the corners."""
    parts = []
    for k, letter in enumerate("JOKER"):
        width = glyph_width(letter, 22, 20)
        parts.append(glyph_path(letter, INDEX_X - width / 2, 16 + k * 31, 22, 20))
    stroke = attrs(stroke=JOKER_RED, stroke_width=5.5, stroke_linecap="round", stroke_linejoin="round")
    corner = f'<path fill="none" {stroke} d="{"".join(parts)}"/>'
    return corner + f'<g transform="rotate(180 125 175)">{corner}</g>'


def number_face(suit: Suit, count: int) -> str:
    upright = suit.pack is Pack.ITALIAN
    pips = []
    for column, t in PIP_LAYOUTS[count]:
        x = PIP_CENTRE + column * PIP_SIDE[suit.pack]
        y = PIP_TOP + (PIP_BOTTOM - PIP_TOP) * t
        pips.append(place(symbol(suit), x, y, PIP_SIZE[suit.pack], turn=not upright and t > 0.5))
    return "".join(pips)


def ace_face(suit: Suit) -> str:
    ink = SUIT_INK[suit]
    size = 1.15 if suit.pack is Pack.ITALIAN else 0.95
    ring = (f'<circle cx="125" cy="175" r="72" fill="none" {attrs(stroke=ink, stroke_width=1.5)}/>'
            f'<circle cx="125" cy="175" r="78" fill="none" {attrs(stroke=ink, stroke_width=0.8)}/>')
    return ring + place(symbol(suit), 125, 175, size)


FRAME = (58, 24, 134, 302)


def frame(ink: str, tint: str) -> str:
    x, y, w, h = FRAME
    return (
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="{tint}" {attrs(stroke=ink, stroke_width=2.5)}/>'
        f'<rect x="{x + 5}" y="{y + 5}" width="{w - 10}" height="{h - 10}" rx="5" fill="none" '
        f'{attrs(stroke=ink, stroke_width=0.8)}/>'
    )


def court_face(suit: Suit, rank_symbol: str) -> str:
    ink, tint = SUIT_INK[suit], SUIT_TINT[suit]
    half = place(HEADPIECES[rank_symbol](ink), 125, 68, 0.9) + place(symbol(suit), 125, 128, 0.62)
    divider = (f'<path fill="none" {attrs(stroke=ink, stroke_width=1.5)} d="M66 175L108 175M142 175L184 175"/>'
               f'<path fill="{GOLD}" {attrs(stroke=ink, stroke_width=1.5)} d="M125 165L133 175L125 185L117 175Z"/>')
    return frame(ink, tint) + half + f'<g transform="rotate(180 125 175)">{half}</g>' + divider


def jester(ink: str) -> str:
    """The joker's three-pointed cap with bells."""
    outline = attrs(stroke=ink, stroke_width=3, stroke_linejoin="round")
    return (
        f'<path fill="{JOKER_RED}" {outline} d="M-30 20C-34 0-42-18-52-24C-36-26-22-14-14 2Z"/>'
        f'<path fill="{JOKER_RED}" {outline} d="M30 20C34 0 42-18 52-24C36-26 22-14 14 2Z"/>'
        f'<path fill="#1f4e9c" {outline} d="M-18 20C-18-6-8-30 0-44C8-30 18-6 18 20Z"/>'
        f'<path fill="{GOLD}" {outline} d="M-34 16L34 16L34 30L-34 30Z"/>'
        f'<circle cx="-52" cy="-24" r="6" fill="{GOLD}" {outline}/><circle cy="-46" r="6" fill="{GOLD}" {outline}/>'
        f'<circle cx="52" cy="-24" r="6" fill="{GOLD}" {outline}/>'
    )


def joker_face() -> str:
    half = place(jester(JOKER_INK), 125, 92, 0.95)
    middle = (f'<path fill="{GOLD}" {attrs(stroke=JOKER_INK, stroke_width=2.5, stroke_linejoin="round")} '
              f'd="{star(30, 12, 5)}" transform="translate(125 178)"/>')
    return frame(JOKER_INK, "#f6f1e4") + half + f'<g transform="rotate(180 125 175)">{half}</g>' + middle


def face_svg(card: Card) -> str:
    suit, rank = card.suit, card.rank
    if suit is None:
        return document([card_outline(), joker_index(), joker_face()])
    if rank.symbol in HEADPIECES:
        middle = court_face(suit, rank.symbol)
    elif rank.symbol in ("A", "1"):
        middle = ace_face(suit)
    else:
        middle = number_face(suit, int(rank))
    return document([card_outline(), index(rank.symbol, suit), middle])


# --- The back --------------------------------------------------------------------------

def lattice(left: float, top: float, right: float, bottom: float, step: float) -> str:
    """Diagonal lines both ways, clipped to the rectangle by hand (no clip paths in pygame)."""
    segments = []
    width, height = right - left, bottom - top
    for direction in (1, -1):
        offset = -height
        while offset <= width:
            # the line x = left + offset + t, y = top or bottom moving by direction * t
            t0, t1 = max(0.0, -offset), min(height, width - offset)
            if t1 > t0:
                x0, x1 = left + offset + t0, left + offset + t1
                y0 = top + t0 if direction == 1 else bottom - t0
                y1 = top + t1 if direction == 1 else bottom - t1
                segments.append(f"M{num(x0)} {num(y0)}L{num(x1)} {num(y1)}")
            offset += step
    return "".join(segments)


def back_svg() -> str:
    left, top, right, bottom = 14, 14, 236, 336
    field = f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" rx="9" fill="{BACK_FIELD}"/>'
    lines = (f'<path fill="none" {attrs(stroke=BACK_LINE, stroke_width=2)} '
             f'd="{lattice(left + 8, top + 8, right - 8, bottom - 8, 22)}"/>')
    border = (f'<rect x="{left + 5}" y="{top + 5}" width="{right - left - 10}" height="{bottom - top - 10}" rx="6" '
              f'fill="none" {attrs(stroke=BACK_GOLD, stroke_width=2)}/>')
    medallion = (
        f'<g transform="translate(125 175)">'
        f'<path fill="{BACK_FIELD}" {attrs(stroke=BACK_GOLD, stroke_width=2.5)} d="M0-62L44 0L0 62L-44 0Z"/>'
        f'<path fill="none" {attrs(stroke=BACK_GOLD, stroke_width=1.2)} d="M0-52L36 0L0 52L-36 0Z"/>'
        f'<path fill="{BACK_GOLD}" d="{star(26, 9, 8)}"/>'
        f'<circle r="6" fill="{BACK_FIELD}"/></g>'
    )
    return document([card_outline(), field, lines, border, medallion])


# --- Output ----------------------------------------------------------------------------

def all_cards() -> list[Card]:
    return french_deck(jokers=1) + italian_deck()


def write_all(out: Path) -> list[Path]:
    """Write every face and the back into ``out``; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, svg in [(str(card), face_svg(card)) for card in all_cards()] + [(BACK, back_svg())]:
        path = out / f"{name}.svg"
        path.write_bytes(svg.encode("utf-8"))
        written.append(path)
    return written


def preview(out: Path, sheet: Path, widths: tuple[int, ...]) -> None:
    """Lay every card out at each width on one PNG, loaded the way the game loads them."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from cardtable_gui.card_art import CardArt

    pygame.display.init()
    rows: list[list[Card | str]] = [[c for c in french_deck() if c.suit is suit] for suit in FRENCH_SUITS]
    rows.append([JOKER, BACK])
    rows += [[c for c in italian_deck() if c.suit is suit] for suit in ITALIAN_SUITS]
    four = [Card.parse(t) for t in ("AD", "7D", "QD", "AC", "9C", "KC")]
    classic, four_colour = CardArt(assets=out), CardArt(four_colour=True, assets=out)
    gap = 8
    blocks = []
    for width in widths:
        height = classic.size_for_width(width)[1]
        block = pygame.Surface((13 * (width + gap) + gap, (len(rows) + 1) * (height + gap) + gap))
        block.fill((24, 94, 60))
        for r, row in enumerate(rows + [four]):
            art = four_colour if r == len(rows) else classic
            for c, card in enumerate(row):
                picture = art.face(card, width) if isinstance(card, Card) else art.back(width)
                block.blit(picture, (gap + c * (width + gap), gap + r * (height + gap)))
        blocks.append(block)
    sheet_surface = pygame.Surface((max(b.get_width() for b in blocks), sum(b.get_height() for b in blocks)))
    y = 0
    for block in blocks:
        sheet_surface.blit(block, (0, y))
        y += block.get_height()
    pygame.image.save(sheet_surface, str(sheet))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Draw the card faces and back as SVG files.")
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the SVG files")
    parser.add_argument("--preview", type=Path, help="also save a PNG contact sheet of every card here")
    parser.add_argument("--widths", default="70,160", help="card widths on the contact sheet, comma separated")
    args = parser.parse_args(argv)
    written = write_all(args.out)
    total = sum(p.stat().st_size for p in written)
    print(f"wrote {len(written)} files, {total / 1024:.0f} KiB, into {args.out}")
    if args.preview:
        preview(args.out, args.preview, tuple(int(w) for w in args.widths.split(",")))
        print(f"contact sheet: {args.preview}")


if __name__ == "__main__":
    main()
