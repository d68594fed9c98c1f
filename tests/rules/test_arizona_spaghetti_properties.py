"""Arizona Spaghetti under random play: thousands of whole games at 3 to 8 players,
checking the invariants every rules engine keeps."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable_gui.cards import Card
from cardtable_gui.rules import IllegalAction
from cardtable_gui.rules.arizona_spaghetti import (
    DECK_SETUP,
    ROUNDS,
    ArizonaSpaghettiOptions,
    ArizonaSpaghettiRules,
    ArizonaSpaghettiState,
    ArizonaSpaghettiView,
    PlayCard,
    RoundEndedEarly,
    TrickTaken,
    deck_for,
)
from cardtable_gui.rules.base import Action, Event, RoundScored

RULES = ArizonaSpaghettiRules()
MAX_ACTIONS = 6 * 52

games = st.tuples(
    st.integers(min_value=3, max_value=8),
    st.integers(min_value=0, max_value=2**32 - 1),
    st.booleans(),
)


def played_this_round(state: ArizonaSpaghettiState) -> list[Card]:
    cards = [card for done in state.tricks for _, card in done.plays]
    cards.extend(card for _, card in state.trick.plays)
    return cards


def round_total(number: int, players: int) -> int:
    """What a whole round costs the table: every point card is always taken (rounds 2-4
    end only once theirs are gone), and rounds 1 and 6 charge every trick."""
    tricks = DECK_SETUP[players].hand_size
    return (10 * tricks, 130, 100, 100, 100, 10 * tricks + 130 + 100 + 100 + 100)[number - 1]


def expected_legal(state: ArizonaSpaghettiState) -> set[Card]:
    """The playable cards, worked out afresh from the rule text."""
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    if state.trick.plays:
        led = state.trick.plays[0][1].suit
        same = {c for c in hand if c.suit is led}
        return same or set(hand)
    restricted = ROUNDS[state.round_number - 1].restricted
    if restricted is None or state.broken:
        return set(hand)
    others = {c for c in hand if c.suit is not restricted}
    return others or set(hand)


def check_legal(state: ArizonaSpaghettiState, legal: list[Action]) -> None:
    cards = [action.card for action in legal]  # type: ignore[attr-defined]
    assert len(set(cards)) == len(cards)
    assert set(cards) == expected_legal(state)


def check_cards(state: ArizonaSpaghettiState) -> None:
    """No card is lost or doubled: hands and this round's plays make up the pack."""
    dealt = Counter(card for hand in state.hands for card in hand)
    dealt.update(played_this_round(state))
    assert dealt == Counter(deck_for(state.players))


def check_round(events: list[Event], state: ArizonaSpaghettiState, round_number: int) -> None:
    """At a round's end: it cost the table what the rule says, and it stopped early only
    when its last point card had gone, and only where the rule lets it."""
    scored = [e for e in events if isinstance(e, RoundScored)]
    if not scored:
        return
    points = scored[0].points
    assert sum(points) == round_total(round_number, state.players)
    early = [e for e in events if isinstance(e, RoundEndedEarly)]
    if early:
        assert state.options.early_end and ROUNDS[round_number - 1].ends_early
        assert early[0].cards_left > 0
    taken = [e for e in events if isinstance(e, TrickTaken)]
    if state.options.early_end and ROUNDS[round_number - 1].ends_early:
        rule = ROUNDS[round_number - 1]
        assert any(rule.card_points(card) for card in taken[-1].cards)


def check_illegal(state: ArizonaSpaghettiState, legal: list[Action], rng: random.Random) -> None:
    seat = state.to_move
    assert seat is not None
    outside = [c for c in deck_for(state.players) if c not in state.hands[seat]]
    unplayable = [c for c in state.hands[seat] if PlayCard(c) not in legal]
    for card in (rng.choice(outside), *unplayable[:1]):
        before = state.digest()
        with pytest.raises(IllegalAction):
            state.apply(PlayCard(card))
        assert state.digest() == before


def check_view(state: ArizonaSpaghettiState, seat: int) -> ArizonaSpaghettiView:
    view = state.view(seat)
    assert view.hand == tuple(sorted(state.hands[seat], key=Card.sort_key))
    visible = set(view.hand) | set(played_this_round(state))
    shown = {card for _, card in view.trick}
    shown.update(card for done in view.tricks for _, card in done.plays)
    assert shown <= visible
    assert view.hand_counts == tuple(len(hand) for hand in state.hands)
    spectator = state.view(None)
    assert spectator.hand == ()
    assert spectator.trick == view.trick and spectator.tricks == view.tricks
    return view


def check_determinize(view: ArizonaSpaghettiView, rng: random.Random) -> None:
    assert view.seat is not None
    guess = RULES.determinize(view, rng)
    assert guess.view(view.seat) == view
    played = set(view.played_cards())
    voids = view.known_voids()
    for seat, hand in enumerate(guess.hands):
        assert not played & set(hand)
        if seat != view.seat:
            assert not {card.suit for card in hand} & voids[seat]
    dealt = Counter(card for hand in guess.hands for card in hand)
    dealt.update(played)
    assert dealt == Counter(deck_for(view.players))


def play_out(
    players: int, seed: int, early_end: bool, thorough: bool
) -> tuple[ArizonaSpaghettiState, list[Action]]:
    options = ArizonaSpaghettiOptions(early_end=early_end)
    state = RULES.new_game(players, options, seed=seed)
    rng = random.Random(seed)
    actions: list[Action] = []
    round_events: list[Event] = []
    for step in range(MAX_ACTIONS * players):
        if state.is_over:
            break
        legal = state.legal_actions()
        check_legal(state, legal)
        seat = state.to_move
        assert seat is not None
        if step % 11 == 0:
            check_cards(state)
        if thorough and step % 7 == 0:
            check_illegal(state, legal, rng)
            check_determinize(check_view(state, seat), rng)
        action = rng.choice(legal)
        round_number = state.round_number
        events = state.apply(action)
        actions.append(action)
        round_events.extend(events)
        if any(isinstance(e, RoundScored) for e in events):
            check_round(round_events, state, round_number)
            round_events = []
        for event in events:
            if isinstance(event, TrickTaken) and not any(
                isinstance(e, RoundScored) for e in events
            ):
                assert state.to_move == event.seat
    assert state.is_over and state.to_move is None
    assert len(state.past_rounds) == 6
    best = min(state.scores)
    assert state.winners == tuple(s for s, t in enumerate(state.scores) if t == best)
    return state, actions


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_keep_the_rules(game: tuple[int, int, bool]) -> None:
    play_out(*game, thorough=False)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_views_determinize_and_illegal_moves(game: tuple[int, int, bool]) -> None:
    players, seed, early_end = game
    state, actions = play_out(players, seed, early_end, thorough=True)
    replay = RULES.new_game(players, ArizonaSpaghettiOptions(early_end=early_end), seed=seed)
    for action in actions:
        replay.apply(RULES.parse_action(str(action)))
    assert replay.digest() == state.digest()


@settings(max_examples=150, deadline=None)
@given(games, st.integers(min_value=0, max_value=400))
def test_clone_is_independent(game: tuple[int, int, bool], steps: int) -> None:
    players, seed, early_end = game
    state = RULES.new_game(players, ArizonaSpaghettiOptions(early_end=early_end), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    copy = state.clone()
    assert copy.digest() == state.digest()
    if not state.is_over:
        before = state.digest()
        copy.apply(copy.legal_actions()[0])
        assert state.digest() == before
        state.apply(state.legal_actions()[0])
        assert copy.digest() == state.digest()
