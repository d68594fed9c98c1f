"""A seat's name with a verb, or as an owner, that agrees with it: the person playing
alone is called "You", and "You takes the trick" or "You's stack" reads wrong. And
several names in one list, as a sentence lists them."""

from __future__ import annotations

YOU = "You"


def with_verb(name: str, you: str, other: str) -> str:
    """ "You take" or "Ada takes": ``you`` is the verb's form after "You"."""
    return f"{name} {you if name == YOU else other}"


def owner(name: str) -> str:
    """ "Your" or "Ada's": whose something is."""
    return "Your" if name == YOU else f"{name}'s"


def listed(names: list[str]) -> str:
    """ "Ada", "Ada and Bruno", "Ada, Bruno and Clara": "Ada and Bruno and Clara" reads
    as a stammer."""
    if len(names) < 3:
        return " and ".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"
