"""A seat's name with a verb, or as an owner, that agrees with it: the person playing
alone is called "You", and "You takes the trick" or "You's stack" reads wrong."""

from __future__ import annotations

YOU = "You"


def with_verb(name: str, you: str, other: str) -> str:
    """ "You take" or "Ada takes": ``you`` is the verb's form after "You"."""
    return f"{name} {you if name == YOU else other}"


def owner(name: str) -> str:
    """ "Your" or "Ada's": whose something is."""
    return "Your" if name == YOU else f"{name}'s"
