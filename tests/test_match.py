"""The match: turns, computer seats on a worker thread, refused moves, the pace hold,
undo by replay, and the applied hook."""

from __future__ import annotations

import time

import pytest

from cardtable_gui.match import Match
from cardtable_gui.rules.base import GameOver, IllegalAction
from cardtable_gui.rules.spades import Bid, PlayCard
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind


def config(humans: tuple[int, ...] = (), seed: int = 7) -> MatchConfig:
    seats = tuple(
        SeatConfig(name=f"P{i}", kind=SeatKind.HUMAN if i in humans else SeatKind.AI, level=AILevel.EASY)
        for i in range(4)
    )
    return MatchConfig(game="spades", seats=seats, seed=seed)


def poll_until(match: Match, done, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the match did not get there"
        match.poll()
        time.sleep(0.0005)


@pytest.fixture
def closing():
    matches: list[Match] = []
    yield matches.append
    for match in matches:
        match.close()


def test_computer_seats_play_a_whole_game(closing) -> None:
    applied: list[int] = []
    match = Match(config(), on_applied=lambda m: applied.append(len(m.history)))
    closing(match)
    poll_until(match, lambda: match.is_over, 60)
    assert applied == list(range(1, len(match.history) + 1))
    assert isinstance(match.events[-1], GameOver)
    replayed = Match(config())
    closing(replayed)
    replayed.replay(match.history)
    assert replayed.state.digest() == match.state.digest()


def test_a_human_move_is_checked_and_a_refusal_changes_nothing(closing) -> None:
    match = Match(config(humans=(0, 1, 2, 3)))
    closing(match)
    seat = match.to_move
    assert match.legal_actions_for(seat)
    assert match.legal_actions_for((seat + 1) % 4) == []
    digest = match.state.digest()
    with pytest.raises(IllegalAction, match="bidding"):
        match.submit(PlayCard(match.view_for(seat).hand[0]))
    assert match.state.digest() == digest
    assert match.history == []
    match.submit(Bid(3))
    assert match.history == [Bid(3)] and match.movers == [seat]


def test_a_human_cannot_move_for_a_computer(closing) -> None:
    match = Match(config(humans=(0,)))
    closing(match)
    poll_until(match, lambda: match.to_move == 0 or match.history)
    if match.to_move != 0:
        with pytest.raises(IllegalAction, match="turn"):
            match.submit(Bid(2))


def test_a_held_match_keeps_thinking_but_applies_nothing(closing) -> None:
    match = Match(config())
    closing(match)
    match.hold = True
    deadline = time.monotonic() + 0.3
    while time.monotonic() < deadline:
        match.poll()
    assert match.history == []
    match.hold = False
    poll_until(match, lambda: match.history)


def test_the_pace_waits_between_computer_moves(closing) -> None:
    now = [0.0]
    match = Match(config(), ai_pace=1.0, clock=lambda: now[0])
    closing(match)
    now[0] = 1.0
    poll_until(match, lambda: match.history)
    match.poll()
    time.sleep(0.05)
    match.poll()
    assert len(match.history) == 1
    now[0] = 1.5
    match.poll()
    assert match.thinking_seat == match.to_move
    now[0] = 2.1
    poll_until(match, lambda: len(match.history) == 2)


class Broken:
    def choose(self, view, legal):
        raise RuntimeError("agent bug")


def test_a_broken_agent_forfeits_its_choice_not_the_game(closing) -> None:
    match = Match(config())
    closing(match)
    seat = match.to_move
    match.agents[seat] = Broken()
    first = match.state.legal_actions()[0]
    poll_until(match, lambda: match.history)
    assert match.history[0] == first
    assert "agent bug" in match.agent_errors[0]


def test_undo_replays_to_the_last_human_decision(closing) -> None:
    match = Match(config(humans=(0,)))
    closing(match)
    while True:
        poll_until(match, lambda: match.to_move == 0)
        legal = match.legal_actions_for(0)
        if isinstance(legal[0], PlayCard):
            break
        match.submit(Bid(3))
    hand = match.view_for(0).hand
    digest = match.state.digest()
    match.submit(legal[0])
    assert match.undo_to_last_human_decision()
    assert match.state.digest() == digest
    assert match.view_for(0).hand == hand
    assert not match.events


def test_a_refused_undo_changes_nothing(closing) -> None:
    match = Match(config(humans=(0,)))
    closing(match)
    poll_until(match, lambda: match.to_move == 0)
    digest = match.state.digest()
    assert not match.undo_to_last_human_decision()
    assert match.state.digest() == digest


def test_a_match_without_a_seed_pins_the_one_it_drew(closing) -> None:
    match = Match(config().model_copy(update={"seed": None}))
    closing(match)
    assert match.config.seed == match.state.seed
    again = match.rematch_config(99)
    assert again.seed == 99 and again.seats == match.config.seats


def test_a_preview_never_looks_past_cards_the_seat_has_not_seen(closing) -> None:
    """Laying down the last cards of the hand picks up the foot: the rest of that turn
    depends on cards the player has not seen, so the hint may not be worked out on it."""
    from cardtable_gui.match import Position
    from cardtable_gui.rules import get_rules
    from cardtable_gui.rules.hand_and_foot import Meld

    rules = get_rules("hand_and_foot")
    for seed in range(1, 60):
        state = rules.new_game(4, seed=seed)
        history = []
        found = None
        while not state.is_over and len(history) < 800:
            seat = state.to_move
            hand = state.view(seat).hand
            melds = [a for a in state.legal_actions() if isinstance(a, Meld) and len(a.cards) == len(hand)]
            if melds and state.view(seat).stages[seat] == 0:
                found = melds[0]
                break
            action = state.legal_actions()[0]
            state.apply(action)
            history.append(action)
        if found is not None:
            break
    else:
        pytest.skip("no seeded game reached a hand that can be laid down whole")
    seat = state.to_move
    seats = tuple(
        SeatConfig(name=f"P{i}", kind=SeatKind.HUMAN if i == seat else SeatKind.AI, level=AILevel.EASY)
        for i in range(4)
    )
    match = Match(
        MatchConfig(game="hand_and_foot", seats=seats, seed=seed),
        resume=Position(state, tuple(history), tuple(0 for _ in history), 0),
    )
    closing(match)
    assert match.reveals_cards(seat, found)
    assert match.preview(seat, found) is None
