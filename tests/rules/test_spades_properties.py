"""Spades played thousands of times at random: the invariants every game must keep."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable_gui.cards import JOKER, Card, Suit, french_deck
from cardtable_gui.rules import IllegalAction
from cardtable_gui.rules.spades import (
    BLIND_NIL,
    LOOK,
    Bid,
    Phase,
    PlayCard,
    SpadesOptions,
    SpadesRules,
    SpadesState,
    SpadesView,
)

RULES = SpadesRules()
EVERY_ACTION = [LOOK, BLIND_NIL, *(Bid(n) for n in range(14)), *(PlayCard(c) for c in french_deck())]

options_strategy = st.builds(
    SpadesOptions,
    partnerships=st.booleans(),
    target=st.sampled_from([200, 300, 500]),
    nil_allowed=st.booleans(),
    blind_nil_allowed=st.booleans(),
    bag_penalty=st.booleans(),
    losing_score_enabled=st.just(True),
)


def cards_in_play(state: SpadesState) -> list[Card]:
    """Every card of the current hand: in hands, on the table, or in taken tricks."""
    cards = [c for hand in state.hands for c in hand]
    cards += [c for _, c in state.trick.plays]
    cards += [c for done in state.completed for _, c in done.plays]
    return cards


def check_card_was_legal(state: SpadesState, action: PlayCard) -> None:
    """The rules of play, re-derived here from the rules page, for the card about to go."""
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    card = action.card
    assert card in hand
    if state.trick.plays:
        led = state.trick.plays[0][1].suit
        if any(c.suit is led for c in hand):
            assert card.suit is led
    elif state.completed and not state.spades_broken and card.suit is Suit.SPADES:
        assert all(c.suit is Suit.SPADES for c in hand)


def legal_by_the_rules(state: SpadesState) -> list[PlayCard]:
    """The cards the seat to move may play, re-derived here from the rules page, in the order
    of its hand: follow the suit led if you can; lead anything but a spade until spades
    are broken, unless you hold nothing else."""
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    if state.trick.plays:
        led = state.trick.plays[0][1].suit
        allowed = [c for c in hand if c.suit is led] or hand
    elif not state.spades_broken:
        allowed = [c for c in hand if c.suit is not Suit.SPADES] or hand
    else:
        allowed = hand
    return [PlayCard(c) for c in allowed]


def check_view_hides_what_it_should(state: SpadesState) -> None:
    played = {c for _, c in state.trick.plays} | {
        c for done in state.completed for _, c in done.plays
    }
    for seat in range(4):
        view = state.view(seat)
        own = set(state.hands[seat]) if state.looked[seat] else set()
        assert set(view.hand) == own
        visible = set(view.hand) | {c for _, c in view.trick} | {
            c for done in view.completed for _, c in done.plays
        }
        assert visible <= own | played
    assert state.view(None).hand == ()


def check_determinize(state: SpadesState, rng: random.Random) -> None:
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    sample = RULES.determinize(view, rng)
    assert sample.view(seat) == view
    assert sorted(cards_in_play(sample), key=Card.sort_key) == sorted(french_deck(), key=Card.sort_key)
    played = {c for done in view.completed for _, c in done.plays} | {c for _, c in view.trick}
    for other in range(4):
        assert not played & set(sample.hands[other])
        for done in view.completed:
            led = done.plays[0][1].suit
            for who, card in done.plays:
                if who == other and card.suit is not led:
                    assert all(c.suit is not led for c in sample.hands[other])


def check_illegal_changes_nothing(state: SpadesState, rng: random.Random) -> None:
    legal = set(state.legal_actions())
    illegal = [a for a in EVERY_ACTION if a not in legal]
    before = state.digest()
    for action in rng.sample(illegal, min(3, len(illegal))):
        try:
            state.apply(action)
        except IllegalAction as error:
            assert str(error).endswith(".")
        else:
            raise AssertionError(f"{action} was applied though not legal")
        assert state.digest() == before


def play_random_game(seed: int, options: SpadesOptions, deep: bool) -> tuple[SpadesState, list]:
    rng = random.Random(seed)
    state = RULES.new_game(4, options, seed=seed)
    actions = []
    for step in range(20_000):
        if state.is_over:
            return state, actions
        if state.phase is Phase.PLAYING:
            assert sorted(cards_in_play(state), key=Card.sort_key) == sorted(
                french_deck(), key=Card.sort_key
            )
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        if state.phase is Phase.PLAYING:
            assert legal == legal_by_the_rules(state)
        action = rng.choice(legal)
        if isinstance(action, PlayCard):
            check_card_was_legal(state, action)
        if deep and step % 7 == 0:
            check_view_hides_what_it_should(state)
            check_determinize(state, rng)
            check_illegal_changes_nothing(state, rng)
        state.apply(action)
        actions.append(action)
    raise AssertionError("a random game of Spades did not end")


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), options=options_strategy)
def test_random_games_keep_every_card_and_play_only_legal_cards(seed: int, options: SpadesOptions) -> None:
    state, _ = play_random_game(seed, options, deep=False)
    assert state.winners and set(state.winners) <= {0, 1, 2, 3}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), options=options_strategy)
def test_views_determinize_and_illegal_moves_hold_through_random_games(
    seed: int, options: SpadesOptions
) -> None:
    play_random_game(seed, options, deep=True)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 400))
def test_the_same_seed_and_actions_give_the_same_game(seed: int, cut: int) -> None:
    final, actions = play_random_game(seed, SpadesOptions(), deep=False)
    replay = RULES.new_game(4, SpadesOptions(), seed=seed)
    for action in actions:
        replay.apply(RULES.parse_action(str(action)))
    assert replay.digest() == final.digest()
    partial = RULES.new_game(4, seed=seed)
    twin = RULES.new_game(4, seed=seed)
    for action in actions[:cut]:
        partial.apply(action)
        twin.apply(action)
    assert partial.digest() == twin.digest()
    assert partial.view(0) == twin.view(0)


def test_a_clone_plays_on_exactly_like_the_original() -> None:
    rng = random.Random(3)
    state = RULES.new_game(4, seed=3)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    copy = state.clone()
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        copy.apply(action)
    assert copy.digest() == state.digest()


def test_determinize_honours_a_void_shown_earlier() -> None:
    rng = random.Random(4)
    for seed in range(60):
        state = RULES.new_game(4, seed=seed)
        while state.phase is Phase.BIDDING:
            state.apply(Bid(3) if LOOK not in state.legal_actions() else LOOK)
        while len(state.completed) < 8 and not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        view = state.view(state.to_move)
        assert isinstance(view, SpadesView)
        for _ in range(5):
            check_determinize(state, rng)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), options=options_strategy)
def test_the_trusted_path_offers_exactly_the_legal_cards(seed: int, options: SpadesOptions) -> None:
    """Search plays with ``apply_trusted``, on clones and on determinized samples: the
    moves it is offered must stay exactly the legal ones there too."""
    rng = random.Random(seed)
    state = RULES.new_game(4, options, seed=seed)
    while not state.is_over:
        if state.phase is Phase.PLAYING:
            assert state.legal_actions() == legal_by_the_rules(state)
            if rng.random() < 0.05:
                state = state.clone() if rng.random() < 0.5 else RULES.determinize(
                    state.view(state.to_move), rng
                )
                assert state.legal_actions() == legal_by_the_rules(state)
        state.apply_trusted(rng.choice(state.legal_actions()))


def test_a_play_is_one_object_per_card() -> None:
    """Moves are interned like cards: equal exactly when they are the same object, also
    after a copy or a trip through pickle."""
    import copy
    import pickle

    queen = Card.parse("QS")
    assert PlayCard(queen) is PlayCard(Card.parse("QS"))
    assert PlayCard(queen) != PlayCard(Card.parse("KS"))
    assert pickle.loads(pickle.dumps(PlayCard(queen))) is PlayCard(queen)
    assert copy.deepcopy(PlayCard(queen)) is PlayCard(queen)
    assert hash(PlayCard(queen)) == hash(PlayCard(Card.parse("QS")))
    with pytest.raises(ValueError):
        PlayCard(JOKER)
