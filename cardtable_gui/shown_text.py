"""Values read from a file (a save, the settings, the statistics) that a screen will
draw: names, titles, times and scores, and ``drawable``, the one way any text from a
file or a file name reaches a screen.

A file may have been edited or damaged. pygame refuses to draw a NUL, control
characters have no place in a name, a time at the edge of the calendar cannot be
turned into the player's local time, and a score of a thousand digits does not fit a
row. The types here refuse such values where the file is read, so that the loader can
say the file is damaged instead of a screen failing later; every text type is bounded
in length first, so that a huge field is refused before any of its characters is
looked at.

Some text is valid and still cannot be drawn as it is: a name made only of zero-width
or invisible characters draws as nothing, which pygame refuses ("Text has zero
width"), and a file name that is not UTF-8 comes back with surrogate escapes, which it
cannot encode. Such text is kept in the file as it is (it may be the player's own
name); ``drawable`` makes a copy a screen can show.
"""

from __future__ import annotations

import math
import unicodedata
from datetime import UTC, datetime
from functools import lru_cache
from typing import Annotated

from pydantic import AfterValidator, AwareDatetime, StringConstraints

_UNDRAWABLE = frozenset({"Cc", "Cs"})
"""Unicode categories refused: control characters and lone surrogates."""

EARLIEST_YEAR = 1970
LATEST_YEAR = 9000
"""Times outside these years were not written by this program; they are refused, which
also keeps every local-time conversion inside the calendar."""

SCORE_LIMIT = 10**9
"""No game scores anywhere near this; a larger number in a file is damage."""

TEXT_LIMIT = 100
"""The longest text a file may hold for a screen to show (a game's title, where it
stands, a name): far beyond any this program writes."""

SHOWN_LENGTH = 80
"""The most characters ``drawable`` keeps of one text; each screen then shortens it to
its own space with an ellipsis."""

PATH_LENGTH = 240
"""The most characters ``drawable`` keeps of a folder's path, which may well be longer
than any name."""

_SCAN_FACTOR = 4
"""``drawable`` looks at no more than this many characters per character it may keep,
so a huge text costs no more than a short one."""

_DROPPED = frozenset({"Cc", "Cf", "Cn"})
"""Categories that draw as nothing or not at all: controls (NUL among them), format
characters (zero-width space, soft hyphen, word joiner, byte order mark, direction
marks and overrides) and unassigned code points."""

_OBJECT_REPLACEMENT = "\ufffc"
"""Drawn as nothing by the game's face, though Unicode calls it a symbol."""

_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters and symbols that are drawn as empty space (the Hangul fillers, the blank
braille pattern): they take room but show nothing, so alone they are not a name."""

ELLIPSIS = "\u2026"
"""What ends a text cut short, here and wherever a screen shortens text to fit."""


def refuse_control_characters(text: str) -> str:
    """``text`` unchanged, or ValueError when it holds a character no screen draws."""
    if any(unicodedata.category(character) in _UNDRAWABLE for character in text):
        raise ValueError("holds a control character")
    return text


def drop_control_characters(text: str) -> str:
    """``text`` without the characters no screen draws (for records worth keeping)."""
    return "".join(c for c in text if unicodedata.category(c) not in _UNDRAWABLE)


@lru_cache(maxsize=2048)
def drawable(text: str, placeholder: str = "?", limit: int = SHOWN_LENGTH) -> str:
    """``text`` as any screen can draw it: what draws as nothing is dropped, a lone
    surrogate (from a file name that is not UTF-8) becomes U+FFFD, every run of white
    space one space, and more than ``limit`` characters end in an ellipsis. A text
    left with nothing visible (only invisible characters, spaces or combining marks)
    is shown as ``placeholder`` instead ("Player 2", "?"). Only a copy is changed:
    the text in the file stays as it was. Scenes ask every frame, so answers are
    cached."""
    scanned = text[: limit * _SCAN_FACTOR]
    kept: list[str] = []
    for character in scanned:
        category = unicodedata.category(character)
        if character.isspace():
            kept.append(" ")
        elif category == "Cs":
            kept.append("\ufffd")
        elif category not in _DROPPED and character != _OBJECT_REPLACEMENT:
            kept.append(character)
    shown = " ".join("".join(kept).split())
    if not any(_visible(character) for character in shown):
        return placeholder
    if len(shown) > limit or len(scanned) < len(text):
        return shown[: limit - 1].rstrip() + ELLIPSIS
    return shown


def drawable_seat_name(name: str, seat: int) -> str:
    """A seat's name as drawn: ``drawable``, and "Player 2" for seat 1 when nothing of
    the name would show."""
    return drawable(name, f"Player {seat + 1}")


def _visible(character: str) -> bool:
    """Whether ``character`` alone leaves a mark: a letter, digit, punctuation mark,
    symbol or private-use character, not a space, a combining mark or a blank."""
    category = unicodedata.category(character)
    return (category[0] in "LNPS" or category == "Co") and character not in _BLANKS


def refuse_odd_time(moment: datetime) -> datetime:
    """``moment`` unchanged, or ValueError when it lies outside the years any save or
    record of ours can carry."""
    try:
        year = moment.astimezone(UTC).year
    except OverflowError:
        raise ValueError("is not a time on the calendar") from None
    if not EARLIEST_YEAR <= year <= LATEST_YEAR:
        raise ValueError(f"is a time in the year {year}")
    return moment


def refuse_odd_score(score: int | float) -> int | float:
    """``score`` unchanged, or ValueError for an infinite, missing or absurd one."""
    if isinstance(score, float) and not math.isfinite(score):
        raise ValueError("is not a number")
    if abs(score) > SCORE_LIMIT:
        raise ValueError("is far beyond any score")
    return score


ShownText = Annotated[
    str, StringConstraints(max_length=TEXT_LIMIT), AfterValidator(refuse_control_characters)
]
ShownTime = Annotated[AwareDatetime, AfterValidator(refuse_odd_time)]
ShownScore = Annotated[int | float, AfterValidator(refuse_odd_score)]
