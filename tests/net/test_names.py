"""The names seats go by at a hosted table."""

from __future__ import annotations

from cardtable_gui.net.names import hosted_seats
from cardtable_gui.seats import COMPUTER_NAMES, AILevel, SeatKind


def test_computers_at_a_hosted_table_have_the_short_names_of_a_table_of_ones_own() -> None:
    seats = hosted_seats("Bea", 0, ["medium", "friend", "hard"])
    assert [seat.name for seat in seats] == ["Bea", "Ada", "Friend 3", "Bruno"]
    assert [seat.kind for seat in seats] == [SeatKind.HUMAN, SeatKind.AI, SeatKind.HUMAN, SeatKind.AI]
    assert seats[3].level is AILevel.HARD


def test_no_computer_takes_the_hosts_name() -> None:
    seats = hosted_seats("ada", 2, ["easy", "friend", "easy", "easy"])
    assert [seat.name for seat in seats] == ["Bruno", "Friend 2", "ada", "Clara", "Dario"]
    assert all(seat.name in COMPUTER_NAMES for seat in seats if seat.kind is SeatKind.AI)
