"""The order cards go round when dealt: one at a time, starting with the player to
the dealer's left and going clockwise, passing over anyone whose share is complete
(some games deal unequal hands, or a hand to nobody's seat)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence


def deal_order(dealer: int, counts: Sequence[int]) -> Iterator[int]:
    """The seat each card goes to, in order, until every seat has ``counts[seat]``."""
    remaining = list(counts)
    seats = len(counts)
    seat = dealer
    for _ in range(sum(remaining)):
        seat = (seat + 1) % seats
        while remaining[seat] == 0:
            seat = (seat + 1) % seats
        remaining[seat] -= 1
        yield seat
