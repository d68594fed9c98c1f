"""Spizzichino invariants over random games: cards are conserved, only legal moves are
accepted, views hide what they must, determinize agrees with the view, games end, and
the round arithmetic holds (11 points a round, plus declarations)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable_gui.cards import Card
from cardtable_gui.rules import IllegalAction
from cardtable_gui.rules.base import Event, RoundScored
from cardtable_gui.rules.spizzichino import (
    DECK,
    LiftCard,
    Phase,
    PlayCard,
    RoundTally,
    SpizzichinoOptions,
    SpizzichinoRules,
    SpizzichinoState,
    SpizzichinoView,
    StandPile,
    TakePile,
    best_declarations,
)

RULES = SpizzichinoRules()
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
ALL_ACTIONS = (
    [TakePile(i) for i in range(9)]
    + [StandPile(i) for i in range(9)]
    + [LiftCard(i) for i in range(3)]
    + [PlayCard(c) for c in DECK]
)


def all_cards(state: SpizzichinoState) -> Counter[Card]:
    cards: Counter[Card] = Counter()
    for pile in state.piles:
        cards.update(pile)
    for seat in range(2):
        cards.update(state.hands[seat])
        for stack in state.stacks[seat]:
            cards.update(stack)
    for record in state.tricks:
        cards.update(c for _, c in record.plays)
    cards.update(c for _, c in state.trick.plays)
    return cards


def check_view(state: SpizzichinoState, view: SpizzichinoView) -> None:
    """The view holds the seat's own cards, the stack tops, what was played and what
    was declared or lifted, and nothing else."""
    seat = view.seat
    visible: set[Card] = set(view.played())
    for tops in view.stack_tops:
        visible.update(c for c in tops if c is not None)
    for known in view.known_hands:
        visible.update(known)
    for declaration in view.declarations:
        visible.update(declaration.cards)
    if seat is not None:
        assert list(view.hand) == state.hands[seat]
        visible.update(view.hand)
    else:
        assert view.hand == ()
    hidden = {c for s in range(2) for stack in state.stacks[s] for c in stack[:-1]}
    hidden.update(c for pile in state.piles for c in pile)
    for other in range(2):
        if other != seat:
            hidden.update(c for c in state.hands[other] if c not in state.known[other])
    assert not visible & hidden
    for other in range(2):
        assert set(view.known_hands[other]) <= set(state.hands[other])
        tops = tuple(s[-1] if s else None for s in state.stacks[other])
        if state.phase is not Phase.CHOOSE:
            assert view.stack_tops[other] == tops


def check_determinize(state: SpizzichinoState, seat: int, rng: random.Random) -> None:
    view = state.view(seat)
    sample = RULES.determinize(view, rng)
    assert sample.view(seat) == view
    assert all_cards(sample) == Counter(DECK)
    other = 1 - seat
    played = set(view.played())
    assert not played & set(sample.hands[other])
    voids = view.voids(other)
    known = set(view.known_hands[other])
    assert all(c.suit not in voids for c in sample.hands[other] if c not in known)
    assert sample.legal_actions() == state.legal_actions() or state.to_move != seat


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_random_games_keep_every_invariant(seed: int) -> None:
    state = RULES.new_game(2, seed=seed)
    rng = random.Random(seed)
    actions = []
    step = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        if step % 7 == 0:
            assert all_cards(state) == Counter(DECK)
            check_view(state, state.view(seat))
            check_view(state, state.view(1 - seat))
            check_view(state, state.view(None))
            before = state.digest()
            for wrong in rng.sample(ALL_ACTIONS, 6):
                if wrong in legal:
                    continue
                try:
                    state.apply(wrong)
                except IllegalAction as error:
                    assert str(error).endswith(".")
                else:
                    raise AssertionError(f"{wrong} was accepted but is not legal")
                assert state.digest() == before
        if step % 23 == 0:
            check_determinize(state, seat, rng)
            check_determinize(state, 1 - seat, rng)
        action = rng.choice(legal)
        assert RULES.parse_action(str(action)) == action
        state.apply(action)
        actions.append(action)
        step += 1
    assert state.winners and max(state.scores) >= state.options.target
    assert state.scores[state.winners[0]] > state.scores[1 - state.winners[0]]
    replay = RULES.new_game(2, seed=seed)
    for action in actions:
        replay.apply(action)
    assert replay.digest() == state.digest()


def play_to_end(state: SpizzichinoState, rng: random.Random) -> list[Event]:
    events: list[Event] = []
    while not state.is_over:
        events.extend(state.apply(rng.choice(state.legal_actions())))
    return events


@settings(max_examples=800, deadline=None)
@given(seed=SEEDS)
def test_without_declarations_every_round_scores_exactly_11(seed: int) -> None:
    # 35 thirds a round split as a + b: a % 3 + b % 3 is always 2, so the rounded
    # totals always add up to (35 - 2) / 3 = 11; an odd sum also means no round ties.
    state = RULES.new_game(2, SpizzichinoOptions(declarations=False), seed=seed)
    for event in play_to_end(state, random.Random(seed)):
        if isinstance(event, RoundTally):
            assert sum(event.card_thirds) == 32
            assert event.declared == (0, 0)
            assert sum(event.points) == 11
        if isinstance(event, RoundScored):
            assert event.points[0] != event.points[1]


@settings(max_examples=400, deadline=None)
@given(seed=SEEDS)
def test_with_declarations_rounds_score_11_plus_what_was_declared(seed: int) -> None:
    state = RULES.new_game(2, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        if state.phase is Phase.PLAY:
            for seat in range(2):
                mine = {c for d in state.declarations if d.seat == seat for c in d.cards}
                # Whatever is still undeclared in a hand holds no combination.
                assert not best_declarations([c for c in state.hands[seat] if c not in mine])
        declared_before = sum(d.points for d in state.declarations)
        for event in state.apply(rng.choice(state.legal_actions())):
            if isinstance(event, RoundTally):
                assert sum(event.declared) == declared_before
                assert sum(event.points) == 11 + declared_before
                for seat in range(2):
                    whole = event.card_thirds[seat] + 3 * event.declared[seat]
                    whole += 3 if event.last_trick == seat else 0
                    assert event.points[seat] == whole // 3


@settings(max_examples=300, deadline=None)
@given(seed=SEEDS, target=st.integers(min_value=5, max_value=80))
def test_every_game_ends_for_any_target(seed: int, target: int) -> None:
    state = RULES.new_game(2, SpizzichinoOptions(target=target), seed=seed)
    play_to_end(state, random.Random(seed))
    assert state.is_over and state.to_move is None
    top = max(state.scores)
    assert top >= target and state.scores.count(top) == 1


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, steps=st.integers(min_value=0, max_value=60))
def test_clone_is_independent_and_same_seed_same_game(seed: int, steps: int) -> None:
    state = RULES.new_game(2, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    copy = state.clone()
    assert copy.digest() == state.digest()
    copy.apply(copy.legal_actions()[-1])
    assert copy.digest() != state.digest()
    assert RULES.new_game(2, seed=seed).digest() == RULES.new_game(2, seed=seed).digest()
