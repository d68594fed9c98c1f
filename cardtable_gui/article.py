"""The indefinite article a word takes when a player says it: "a king", "an ace",
"an eight", "an 8".

The games name cards, ranks and suits in their logs, hints and refusals; "a ace" reads
as a mistake, so every such phrase is built here. The article follows the sound, not
the letter: the figures 8, 11 and 18 (and 80 to 89) start with a vowel sound too.
"""

from __future__ import annotations

import re

_VOWEL_SOUND = re.compile(r"[aeiou]|8|11(?!\d)|18(?!\d)", re.IGNORECASE)
"""How a word that takes "an" starts: a vowel, or a figure said "eight", "eleven" or
"eighteen"."""
_CONSONANT_SOUND = re.compile(r"(one|once|uni|use|euro)", re.IGNORECASE)
"""Vowel letters said as a consonant: "a one", "a unit"."""


def with_article(word: str) -> str:
    """``word`` after "a" or "an", whichever its first sound takes."""
    return f"{article(word)} {word}"


def article(word: str) -> str:
    """ "an" before a vowel sound, "a" before any other."""
    if _VOWEL_SOUND.match(word) and not _CONSONANT_SOUND.match(word):
        return "an"
    return "a"
