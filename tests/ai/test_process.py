"""Agents that think in a child process, so hard thinking never holds up the window."""

from __future__ import annotations

import time

import pytest

from cardtable_gui.ai.process import AgentHost, AgentHostError, RemoteAgent
from cardtable_gui.match import Match
from cardtable_gui.rules import GAMES
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind


def test_a_host_answers_for_each_of_its_seats_with_a_legal_action() -> None:
    state = GAMES["spades"].new_game(4, seed=2)
    host = AgentHost("spades", {seat: ("heuristic", seat) for seat in range(4)})
    try:
        for _ in range(8):
            seat = state.to_move
            legal = state.legal_actions()
            action = host.agent(seat).choose(state.view(seat), legal)
            assert action in legal
            state.apply(action)
    finally:
        host.close()


def test_a_host_that_has_stopped_says_so() -> None:
    state = GAMES["spades"].new_game(4, seed=2)
    seat = state.to_move
    host = AgentHost("spades", {seat: ("heuristic", 1)})
    host._connection()
    assert host._process is not None
    host._process.terminate()
    host._process.join()
    with pytest.raises(AgentHostError, match="stopped"):
        host.ask(seat, state.view(seat), state.legal_actions())
    host.close()


def test_hard_computer_seats_think_in_another_process_and_play_on() -> None:
    seats = tuple(
        SeatConfig(name=f"P{i}", kind=SeatKind.AI, level=AILevel.HARD if i % 2 else AILevel.MEDIUM)
        for i in range(4)
    )
    match = Match(MatchConfig(game="spades", seats=seats, seed=5))
    try:
        assert isinstance(match.agents[1], RemoteAgent) and isinstance(match.agents[3], RemoteAgent)
        assert not isinstance(match.agents[0], RemoteAgent)
        deadline = time.monotonic() + 120
        while len(match.history) < 8 and time.monotonic() < deadline:
            match.poll()
            time.sleep(0.01)
        assert len(match.history) >= 8
        assert not match.agent_errors
    finally:
        match.close()
    assert match._agent_host is None


def test_a_host_gives_a_search_players_advice_with_its_evidence() -> None:
    state = GAMES["spades"].new_game(4, seed=2)
    while state.phase.value != "playing":
        legal = state.legal_actions()
        state.apply(legal[-1] if len(legal) == 2 else legal[3])
    seat = state.to_move
    host = AgentHost("spades", {seat: ("search", 1)})
    try:
        legal = state.legal_actions()
        advice = host.agent(seat).advise(state.view(seat), legal)
        assert advice.action in legal
        assert advice.reason.startswith("Play the ")
        assert advice.evidence is not None and "sampled deals" in advice.evidence
    finally:
        host.close()
