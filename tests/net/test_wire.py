"""Views and events survive the trip to a joining table unchanged, and nothing but a
game value can be made from what arrives."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable_gui.cards import Card
from cardtable_gui.net.wire import WireError, decode, encode
from cardtable_gui.rules import GAMES, get_rules


def _through_the_wire(value: object) -> object:
    return decode(json.loads(json.dumps(encode(value))))


@settings(max_examples=25)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000), moves=st.integers(0, 400))
def test_every_view_and_event_of_a_random_game_arrives_equal_and_of_the_same_kind(
    name: str, seed: int, moves: int
) -> None:
    rules = get_rules(name)
    rng = random.Random(seed)
    state = rules.new_game(rng.choice(rules.player_counts), rules.Options(), seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        for event in state.apply(rng.choice(state.legal_actions())):
            assert encode(_through_the_wire(event)) == encode(event)
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        arrived = _through_the_wire(view)
        assert arrived == view
        assert encode(arrived) == encode(view)


def test_a_card_arrives_as_the_same_interned_card() -> None:
    card = Card.parse("QS")
    assert _through_the_wire(card) is card


@pytest.mark.parametrize(
    "data",
    [
        {"t": "os.system", "f": {}},
        {"t": "cards.Card", "f": {"nonsense": 1}},
        {"e": "cards.Suit", "v": "X"},
        {"c": "ZZ"},
        {"o": "builtins.object", "v": {}},
        {"zz": 1},
        {"t": "cards.Card", "f": {}, "x": 1},
        {"d": [[1]]},
    ],
)
def test_anything_but_the_encoding_of_a_game_value_is_refused(data: object) -> None:
    with pytest.raises(WireError):
        decode(data)


def test_a_value_that_is_not_a_game_value_cannot_be_sent() -> None:
    with pytest.raises(WireError):
        encode(object())
