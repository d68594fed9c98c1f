"""Text a damaged or hand-edited file can hold, for property tests (no tests here):
every category of character, the invisible ones, combining marks, controls, lone
surrogates such as a file name that is not UTF-8 brings, right-to-left scripts, and
very long runs."""

from __future__ import annotations

from hypothesis import strategies as st

INVISIBLE = (
    "\u200b\u200c\u200d\u200e\u200f\u00ad\u2060\ufeff\u061c\u180e\u202a\u202b\u202c\u202d\u202e"
    "\u2066\u2067\u2068\u2069\u2028\u2029\ufe0f\u034f\ufffc\u3164\U000e0001\U000e0041"
)
"""Zero-width, format, direction, tag and blank characters: each draws as nothing."""

any_character = st.characters(exclude_categories=())
"""Every category, lone surrogates and unassigned code points among them."""

pieces = st.one_of(
    st.text(any_character, max_size=30),
    st.text(st.sampled_from(INVISIBLE), max_size=10),
    st.text(st.characters(categories=["Mn", "Me", "Mc", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn"]), max_size=30),
    st.text(st.characters(min_codepoint=0x0590, max_codepoint=0x08FF), max_size=30),
    st.text(st.characters(min_codepoint=0xDC80, max_codepoint=0xDCFF), max_size=10),
    st.tuples(st.text(any_character, min_size=1, max_size=5), st.integers(1, 20_000)).map(lambda p: p[0] * p[1]),
)
"""One run of one kind of text; the last kind is very long."""

texts = st.lists(pieces, max_size=3).map("".join)
"""Runs of any kinds one after another: a name, then a zero-width space, then Hebrew."""
