"""The generic search player: works for every registered game through the contract."""

from __future__ import annotations

import logging
import math
import random
import re
import subprocess
import sys
import time

import pytest

from cardtable_gui.ai import make_agent
from cardtable_gui.ai.search import DEFAULT_SAMPLES, MAX_WORK, SearchAgent, Tally, _favourite_unless_beaten
from cardtable_gui.rules import GAMES
from cardtable_gui.ai.spades import HAND_WORTH_WORDS, SpadesHeuristic, SpadesRival
from cardtable_gui.cards import Card
from cardtable_gui.rules.spades import LOOK, Bid, Phase, PlayCard, SpadesOptions, SpadesRules, SpadesState
from tests.rules.spades_helpers import deal_hands

SPADES = SpadesRules()


@pytest.mark.parametrize("game", list(GAMES))
def test_search_only_chooses_legal_actions_in_every_game(game: str) -> None:
    rules = GAMES[game]
    players = 4 if 4 in rules.player_counts else rules.player_counts[0]
    rng = random.Random(7)
    state = rules.new_game(players, seed=7)
    checked = 0
    for step in range(400):
        if state.is_over or checked >= 4:
            break
        seat = state.to_move
        legal = state.legal_actions()
        if len(legal) > 1 and step % 9 == 0:
            agent = SearchAgent(rules, seat, random.Random(step), samples=2, max_seconds=5.0)
            assert agent.choose(state.view(seat), legal) in legal
            checked += 1
        state.apply(rng.choice(legal))
    assert checked > 0


def test_search_takes_the_only_legal_action_without_thinking() -> None:
    rules = GAMES["spades"]
    state = rules.new_game(4, seed=1)
    agent = SearchAgent(rules, state.to_move, random.Random(1), samples=0)
    only = state.legal_actions()[:1]
    assert agent.choose(state.view(state.to_move), only) == only[0]


def test_search_is_the_hard_level_agent_kind() -> None:
    agent = make_agent("search", "spades", 0, random.Random(1))
    assert isinstance(agent, SearchAgent)


def test_search_is_reproducible_for_the_same_seed() -> None:
    """Same seed and samples give the same choice, so seeded matches replay alike."""
    rules = GAMES["spades"]
    state = rules.new_game(4, seed=3)
    while len(state.legal_actions()) < 2 or state.phase.value != "playing":
        state.apply(state.legal_actions()[0])
    seat = state.to_move
    choices = {
        SearchAgent(rules, seat, random.Random(5), samples=4).choose(state.view(seat), state.legal_actions())
        for _ in range(2)
    }
    assert len(choices) == 1


def hand_and_foot_play_decision() -> tuple[object, int, list[object]]:
    """A Hand and Foot position after the draw, where the legal moves are many."""
    rules = GAMES["hand_and_foot"]
    state = rules.new_game(4, seed=5)
    rng = random.Random(2)
    while True:
        seat = state.to_move
        legal = state.legal_actions()
        if len(legal) > 6:
            return state, seat, legal
        state.apply(rng.choice(legal))


def test_a_search_plan_keeps_only_the_games_best_few_moves() -> None:
    state, seat, legal = hand_and_foot_play_decision()
    agent = SearchAgent(GAMES["hand_and_foot"], seat, random.Random(1), max_seconds=math.inf)
    assert agent.plan is not None and agent.samples == agent.plan.samples
    best_few = agent.plan.candidates(state.view(seat), legal, seat)[: agent.plan.width]
    assert len(best_few) == agent.plan.width and set(best_few) <= set(legal)
    assert agent.choose(state.view(seat), legal) in best_few


def test_a_planned_search_plays_the_same_for_the_same_seed() -> None:
    state, seat, legal = hand_and_foot_play_decision()
    choices = {
        SearchAgent(GAMES["hand_and_foot"], seat, random.Random(9), max_seconds=math.inf).choose(state.view(seat), legal)
        for _ in range(2)
    }
    assert len(choices) == 1


def test_a_search_player_made_on_its_own_still_knows_every_games_players() -> None:
    """Built directly (not through make_agent) in a fresh interpreter, the search still
    rolls out with the game's heuristic players and follows the game's plan."""
    code = (
        "import random\n"
        "from cardtable_gui.ai.registry import AGENTS\n"
        "from cardtable_gui.ai.search import SearchAgent\n"
        "from cardtable_gui.rules import GAMES\n"
        "agent = SearchAgent(GAMES['hand_and_foot'], 0, random.Random(1))\n"
        "assert agent.plan is not None and 'spades' in AGENTS\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def spades_first_play() -> tuple[object, int]:
    """A Spades position at the first card of the first trick."""
    rules = GAMES["spades"]
    state = rules.new_game(4, seed=3)
    while state.phase.value != "playing":
        state.apply(state.legal_actions()[-1] if "look" in map(str, state.legal_actions()) else Bid(3))
    return state, state.to_move


def test_the_rollouts_seat_the_game_s_rival_on_the_other_side_only() -> None:
    """Spades names a rival that never ducks for bags: the search's partner plays as
    the game's own player, the opponents as the rival."""
    for partnerships, expected in ((True, [SpadesHeuristic, SpadesRival] * 2), (False, [SpadesHeuristic] + [SpadesRival] * 3)):
        state = SpadesRules().new_game(4, SpadesOptions(partnerships=partnerships), seed=2)
        players = SearchAgent(SpadesRules(), 0, random.Random(1))._players(state, 7)
        assert [type(player) for player in players] == expected


def test_search_advice_names_the_move_in_words_and_gives_the_evidence() -> None:
    state, seat = spades_first_play()
    legal = state.legal_actions()
    agent = SearchAgent(GAMES["spades"], seat, random.Random(4), samples=6)
    advice = agent.advise(state.view(seat), legal)
    assert advice.action in legal
    assert advice.reason.startswith(f"Play the {advice.action.card.name}")
    assert advice.evidence is not None
    counted = re.escape(f" ({HAND_WORTH_WORDS})")
    assert re.fullmatch(rf"won \d+% of \d+ sampled deals{counted}; next best .+ of .+, \d+%", advice.evidence)


def test_search_advice_agrees_with_the_move_it_would_choose() -> None:
    state, seat = spades_first_play()
    legal = state.legal_actions()
    chosen = SearchAgent(GAMES["spades"], seat, random.Random(4), samples=6).choose(state.view(seat), legal)
    advised = SearchAgent(GAMES["spades"], seat, random.Random(4), samples=6).advise(state.view(seat), legal)
    assert advised.action == chosen


def test_search_advice_in_a_game_of_many_players_speaks_of_points() -> None:
    rules = GAMES["arizona_spaghetti"]
    state = rules.new_game(4, seed=2)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    seat = state.to_move
    advice = SearchAgent(rules, seat, random.Random(1), samples=4).advise(state.view(seat), state.legal_actions())
    assert advice.evidence is not None and "points against the others' average" in advice.evidence


def test_an_only_move_is_advised_as_such() -> None:
    state, seat = spades_first_play()
    only = state.legal_actions()[:1]
    advice = SearchAgent(GAMES["spades"], seat, random.Random(1)).advise(state.view(seat), only)
    assert advice.action == only[0] and "only move" in advice.reason


def test_successive_halving_spends_most_deals_on_the_best_moves() -> None:
    state, seat = spades_first_play()
    agent = SearchAgent(GAMES["spades"], seat, random.Random(4), samples=6)
    view, legal = state.view(seat), state.legal_actions()
    ranked, sides = agent._search(view, legal)
    assert sides == 2
    tries = [t.tries for t in ranked]
    assert max(tries) > min(tries) > 0
    assert {t.action for t in ranked} == set(agent._candidates(view, legal))


def test_spades_has_four_times_the_usual_samples_and_work_for_bids_and_cards_alike() -> None:
    """A bid once had twice a card's thought; bids and cards now have the same, 96
    samples a move, which made Hard stronger than the bids' extra thought did."""
    agent = SearchAgent(GAMES["spades"], 0, random.Random(4))
    assert (agent.samples, agent.max_work) == (4 * DEFAULT_SAMPLES, 4 * MAX_WORK)
    other = SearchAgent(GAMES["arizona_spaghetti"], 0, random.Random(4))
    assert (other.samples, other.max_work) == (DEFAULT_SAMPLES, MAX_WORK)


def test_a_spades_bid_weighs_the_bids_near_the_heuristic_s_and_nil_only() -> None:
    """Bids far from a sound one are never best; the samples go to the close calls."""
    state = SpadesRules().new_game(4, seed=5)
    while LOOK in state.legal_actions():
        state.apply(LOOK)
    seat = state.to_move
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions()
    favourite = SpadesHeuristic(seat, random.Random(0)).choose(view, legal)
    assert isinstance(favourite, Bid)
    agent = SearchAgent(GAMES["spades"], seat, random.Random(4), samples=6)
    weighed = [t.action for t in agent._search(view, legal)[0]]
    assert set(weighed) == {
        bid for bid in legal if isinstance(bid, Bid) and (bid.is_nil or abs(bid.tricks - favourite.tricks) <= 2)
    }
    assert len(weighed) < len(legal)


def test_a_card_s_play_weighs_one_card_of_each_run_of_touching_cards() -> None:
    """The 9 and the 10 of a suit take the same tricks: weighing both is only noise.
    At the first lead nothing is gone, so cards touch when their ranks follow on."""
    state, seat = spades_first_play()
    view, legal = state.view(seat), state.legal_actions()
    weighed = [move.card for move in SearchAgent(GAMES["spades"], seat, random.Random(4))._candidates(view, legal)]
    cards = sorted((move.card for move in legal), key=lambda c: (c.suit.value, c.rank))
    runs = 1 + sum(1 for a, b in zip(cards, cards[1:]) if a.suit is not b.suit or b.rank != a.rank + 1)
    assert len(weighed) == runs < len(cards)
    assert not any(a.suit is b.suit and abs(a.rank - b.rank) == 1 for a in weighed for b in weighed)


def test_a_card_judged_is_never_set_against_a_card_touching_it() -> None:
    """The coach weighs the card played in place of its twin, whose only difference
    from it would be the rollouts' luck."""
    state, seat = spades_first_play()
    view, legal = state.view(seat), state.legal_actions()
    agent = SearchAgent(GAMES["spades"], seat, random.Random(4))
    weighed = agent._candidates(view, legal)
    made = next(
        move for move in legal if move not in weighed and any(agent._twins(view, move, other) for other in weighed)
    )
    ranked, _ = agent.weigh(view, legal, made, deals=2)
    judged = [tally.action for tally in ranked]
    assert made in judged and len(judged) == len(weighed)
    assert not any(agent._twins(view, made, other) for other in judged if other != made)


def test_a_move_that_beats_the_favourite_only_by_luck_does_not_overrule_it() -> None:
    favourite = Tally("favourite", total=1.0, tries=2, values={0: 0.0, 1: 1.0})
    lucky = Tally("lucky", total=2.0, tries=2, values={0: 2.0, 1: 0.0})
    assert _favourite_unless_beaten([lucky, favourite], favourite)[0] is favourite


def test_a_move_that_beats_the_favourite_on_every_deal_overrules_it() -> None:
    favourite = Tally("favourite", total=1.0, tries=3, values={0: 0.0, 1: 1.0, 2: 0.0})
    better = Tally("better", total=4.0, tries=3, values={0: 1.0, 1: 2.0, 2: 1.2})
    assert _favourite_unless_beaten([better, favourite], favourite)[0] is better


# A position no deal agrees with: the search steps aside for the game's own player.


def spades_led_before_they_were_broken() -> SpadesState:
    """A Spades table set up by hand with its "spades broken" flag on though no spade
    has been played; the first leader then leads the ace of spades while holding
    hearts. The view says that leader held nothing but spades, and too few spades
    are unseen to fill such a hand."""
    dealer = SPADES.new_game(4, seed=1).dealer
    hands = [""] * 4
    hands[(dealer + 1) % 4] = "AS 2H 3H 4H"
    hands[(dealer + 2) % 4] = "KS 10S"
    state = deal_hands(hands, seed=1)
    while state.phase is Phase.BIDDING:
        state.apply(LOOK if LOOK in state.legal_actions() else Bid(3))
    state.spades_broken = True
    state.apply(PlayCard(Card.parse("AS")))
    return state


def test_a_position_no_deal_agrees_with_gets_the_plain_players_move_and_a_log_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    state = spades_led_before_they_were_broken()
    seat = state.to_move
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions()
    medium = SpadesHeuristic(seat, random.Random(0)).advise(view, legal)
    hard = SearchAgent(SPADES, seat, random.Random(1))
    with caplog.at_level(logging.WARNING, logger="cardtable_gui.ai.search"):
        assert hard.choose(view, legal) == medium.action
        assert hard.advise(view, legal) == medium
    assert len(caplog.records) == 2
    assert "fell back to the plain player" in caplog.records[0].getMessage()


# The budget decides, never the clock.


def test_a_clock_racing_ahead_does_not_cut_the_search_short(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine busy with other programs makes the clock run far ahead of the
    search's own work: the decision is still the one the budget makes."""
    rules = GAMES["spizzichino"]
    state = rules.new_game(2, seed=11)
    seat = state.to_move
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions()
    calm = SearchAgent(rules, seat, random.Random(7))
    expected = calm.choose(view, legal)
    ticks = iter(range(0, 10**9, 10))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    monkeypatch.setattr(time, "monotonic", lambda: float(next(ticks)))
    monkeypatch.setattr(time, "time", lambda: float(next(ticks)))
    busy = SearchAgent(rules, seat, random.Random(7))
    assert busy.choose(view, legal) == expected
    assert busy.capped == 0


def test_the_safety_cap_counts_the_searchs_own_processor_time(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = GAMES["spizzichino"]
    state = rules.new_game(2, seed=11)
    seat = state.to_move
    assert seat is not None
    ticks = iter(range(0, 10**9, 10))
    monkeypatch.setattr(time, "thread_time", lambda: float(next(ticks)))
    slow = SearchAgent(rules, seat, random.Random(7))
    assert slow.choose(state.view(seat), state.legal_actions()) in state.legal_actions()
    assert slow.capped == 1
