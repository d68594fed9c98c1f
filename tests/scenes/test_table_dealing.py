"""Dealing goes round from the dealer's left, one card at a time, and passes over a
seat whose share is complete."""

from __future__ import annotations

from cardtable_gui.scenes.table.dealing import deal_order


def test_the_deal_starts_left_of_the_dealer_and_goes_round() -> None:
    assert list(deal_order(1, [2, 2, 2])) == [2, 0, 1, 2, 0, 1]


def test_a_seat_with_its_share_is_passed_over() -> None:
    order = list(deal_order(0, [1, 3, 0, 2]))
    assert order == [1, 3, 0, 1, 3, 1]
    assert [order.count(seat) for seat in range(4)] == [1, 3, 0, 2]
