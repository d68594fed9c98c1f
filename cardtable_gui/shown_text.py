"""Values read from a file (a save, the settings, the statistics) that a screen will
draw: names, titles, times and scores.

A file may have been edited or damaged. pygame refuses to draw a NUL, control
characters have no place in a name, a time at the edge of the calendar cannot be
turned into the player's local time, and a score of a thousand digits does not fit a
row. The types here refuse such values where the file is read, so that the loader can
say the file is damaged instead of a screen failing later.
"""

from __future__ import annotations

import math
import unicodedata
from datetime import UTC, datetime
from typing import Annotated

from pydantic import AfterValidator, AwareDatetime

_UNDRAWABLE = frozenset({"Cc", "Cs"})
"""Unicode categories refused: control characters and lone surrogates."""

EARLIEST_YEAR = 1970
LATEST_YEAR = 9000
"""Times outside these years were not written by this program; they are refused, which
also keeps every local-time conversion inside the calendar."""

SCORE_LIMIT = 10**9
"""No game scores anywhere near this; a larger number in a file is damage."""


def refuse_control_characters(text: str) -> str:
    """``text`` unchanged, or ValueError when it holds a character no screen draws."""
    if any(unicodedata.category(character) in _UNDRAWABLE for character in text):
        raise ValueError("holds a control character")
    return text


def drop_control_characters(text: str) -> str:
    """``text`` without the characters no screen draws (for records worth keeping)."""
    return "".join(c for c in text if unicodedata.category(c) not in _UNDRAWABLE)


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


ShownText = Annotated[str, AfterValidator(refuse_control_characters)]
ShownTime = Annotated[AwareDatetime, AfterValidator(refuse_odd_time)]
ShownScore = Annotated[int | float, AfterValidator(refuse_odd_score)]
