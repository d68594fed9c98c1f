"""Claims: the facts a piece of advice states, each of a named kind.

A reason is assembled from facts the adviser established while deciding ("no higher
heart is still out", "the trick is yours whatever the others play", "this discard
ends your hand and foot"). Each such fact is a ``Claim`` carried with the advice, so
that a checker that sees the whole game can judge it (``cardtable_gui.audit``).

Words of certainty are earned: a claim said without a hedge is ``certain`` and must
hold in every deal that agrees with what the seat can see. Anything less is said as
likely, with the share a search measured where there is one.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Claim:
    """One fact a reason states.

    ``kind`` names the checker that judges it ("trick-won", "highest-left");
    ``about`` holds what it is about in stable text forms (a card's notation, a seat
    number, a rank), in the order the kind's checker reads them. ``certain`` marks a
    claim said as fact; a likely one may carry ``share``, the chance it was measured
    to come true (0 to 1)."""

    kind: str
    about: tuple[str | int, ...] = ()
    certain: bool = True
    share: float | None = None


def likely(kind: str, *about: str | int, share: float | None = None) -> Claim:
    """A claim said with a hedge ("likely", "should")."""
    return Claim(kind, about, certain=False, share=share)


def certain(kind: str, *about: str | int) -> Claim:
    """A claim said as fact: it must hold whatever the hidden cards are."""
    return Claim(kind, about, certain=True)
