"""Spinado invariants over many random games: no card made or lost, no chip made or lost,
only legal moves played, refused moves change nothing, views and events hide what they
must, sampled states agree with the view, the same moves give the same game, and every
game ends."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable_gui.cards import Card
from cardtable_gui.rules import IllegalAction
from cardtable_gui.rules.base import CardPlayed, Event
from cardtable_gui.rules.spinado import (
    DEAD,
    DECK,
    SPINADO,
    DeadHandRevealed,
    Play,
    SpinadoOptions,
    SpinadoRules,
    SpinadoState,
    SpinadoView,
)

RULES = SpinadoRules()
MAX_ACTIONS = 5_000

players = st.sampled_from([3, 4, 5])
seeds = st.integers(0, 2**32 - 1)
# Small chip stacks bring in short antes, sitting out and games cut short.
chip_stacks = st.sampled_from([1, 2, 3, 5, 8, 50])
hand_counts = st.integers(0, 12)


def new_game(n: int, seed: int, chips: int, hands: int) -> SpinadoState:
    return RULES.new_game(n, SpinadoOptions(starting_chips=chips, hands=hands), seed=seed)


def check_cards(state: SpinadoState) -> None:
    """Every card of the pack is in exactly one place: a hand, the dead hand or played."""
    places = [c for hand in state.hands for c in hand] + state.dead
    places += [c for _, c in state.plays]
    assert Counter(places) == Counter(DECK)
    for seat, hand in enumerate(state.hands):
        assert all(state.holder[c] == seat for c in hand)
    assert all(state.holder[c] == DEAD for c in state.dead)
    assert len(state.holder) == 47 - len(state.plays)


def check_chips(state: SpinadoState) -> None:
    assert min(state.chips) >= 0 and min(state.pots) >= 0
    assert sum(state.chips) + sum(state.pots) == state.players * state.options.starting_chips


def check_event_secrecy(before: SpinadoState, events: list[Event]) -> None:
    """Events name only cards every seat sees: cards as they are played, and the dead
    hand once its hand is over."""
    for event in events:
        if isinstance(event, CardPlayed):
            assert before.holder.get(event.card) == event.seat
        elif isinstance(event, DeadHandRevealed):
            assert set(event.cards) == set(before.dead)


def check_view(state: SpinadoState, seat: int | None) -> SpinadoView:
    """The view holds the seat's own hand and, of this hand's other cards, only those
    played or shown by a stop to lie dead."""
    view = state.view(seat)
    assert view.hand == (() if seat is None else tuple(state.hands[seat]))
    assert view.hand_counts == tuple(len(hand) for hand in state.hands)
    named = {c for _, c in view.plays} | set(view.known_dead)
    if view.last_card is not None:
        named.add(view.last_card)
    hidden = {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
    hidden |= set(state.dead) - set(view.known_dead)
    assert not named & hidden
    assert set(view.known_dead) <= set(state.dead)
    return view


def check_determinize(state: SpinadoState, seat: int, rng: random.Random) -> None:
    view = state.view(seat)
    sample = RULES.determinize(view, rng)
    assert sample.view(seat) == view
    check_cards(sample)
    assert set(view.known_dead) <= set(sample.dead)
    if view.next_card is not None and view.to_move is not None:
        assert view.next_card in sample.hands[view.to_move]
    assert sample.legal_actions() == state.legal_actions() or view.to_move != seat


def random_illegal(state: SpinadoState, rng: random.Random) -> Play:
    legal = state.legal_actions()
    while True:
        c = rng.choice(DECK)
        action = Play(c, rng.random() < 0.3 and c != SPINADO)
        if action not in legal:
            return action


@settings(max_examples=2000, deadline=None)
@given(players, seeds, chip_stacks, hand_counts)
def test_random_games_keep_cards_and_chips(n: int, seed: int, chips: int, hands: int) -> None:
    state = new_game(n, seed, chips, hands)
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        legal = state.legal_actions()
        assert legal and state.to_move not in state.sitting_out
        action = rng.choice(legal)
        events = state.apply(action)
        check_cards(state)
        check_chips(state)
        assert events
    assert state.is_over
    check_chips(state)
    best = max(state.chips)
    assert state.winners == tuple(s for s in range(n) if state.chips[s] == best)


@settings(max_examples=250, deadline=None)
@given(players, seeds, chip_stacks)
def test_moves_views_events_and_samples_agree_with_the_rules(n: int, seed: int, chips: int) -> None:
    state = new_game(n, seed, chips, 0)
    rng = random.Random(seed)
    twin = state.clone()
    moves = 0
    while not state.is_over and moves < MAX_ACTIONS:
        legal = state.legal_actions()
        if rng.random() < 0.2:
            digest = state.digest()
            bad = random_illegal(state, rng)
            try:
                state.apply(bad)
                raise AssertionError(f"{bad} was accepted but is not legal")
            except IllegalAction:
                pass
            assert state.digest() == digest
        for seat in [*range(n), None]:
            check_view(state, seat)
        if rng.random() < 0.25:
            check_determinize(state, rng.randrange(n), rng)
        action = rng.choice(legal)
        before = state.clone()
        events = state.apply(action)
        check_event_secrecy(before, events)
        assert twin.apply(action) == events
        moves += 1
    assert state.is_over
    assert twin.digest() == state.digest()


@settings(max_examples=60, deadline=None)
@given(players, seeds)
def test_the_same_seed_and_moves_give_the_same_game(n: int, seed: int) -> None:
    first = RULES.new_game(n, seed=seed)
    rng = random.Random(seed)
    moves = []
    while not first.is_over:
        action = rng.choice(first.legal_actions())
        moves.append(str(action))
        first.apply(action)
    again = RULES.new_game(n, seed=seed)
    for text in moves:
        again.apply(RULES.parse_action(text))
    assert again.digest() == first.digest()


@settings(max_examples=60, deadline=None)
@given(players, seeds, st.integers(0, 40))
def test_a_sampled_state_plays_on_like_the_real_one(n: int, seed: int, steps: int) -> None:
    state = RULES.new_game(n, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move if state.to_move is not None else 0
    sample = RULES.determinize(state.view(seat), rng)
    assert sample.legal_actions() == state.legal_actions()
    while not sample.is_over:
        sample.apply(rng.choice(sample.legal_actions()))
        check_cards(sample)
        check_chips(sample)


def test_a_spectator_sample_matches_the_public_view() -> None:
    state = RULES.new_game(4, seed=99)
    rng = random.Random(5)
    for _ in range(15):
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(None)
    assert RULES.determinize(view, rng).view(None) == view
    assert all(isinstance(c, Card) for c in view.known_dead)
