"""The Spades heuristic player: legal, sensible, and far better than random."""

from __future__ import annotations

import random

from cardtable_gui.ai import make_agent
from cardtable_gui.ai.registry import AGENTS
from cardtable_gui.ai.spades import SpadesHeuristic, bids_worth_weighing, can_duck_all, estimate_tricks, hand_worth
from cardtable_gui.cards import Card, parse_cards
from cardtable_gui.rules.spades import LOOK, Bid, Phase, PlayCard, SpadesOptions, SpadesRules, SpadesState
from cardtable_gui.simulate import simulate
from tests.rules.spades_helpers import deal_hands

RULES = SpadesRules()


def test_the_heuristic_only_ever_chooses_legal_actions() -> None:
    for seed in range(30):
        state = RULES.new_game(4, seed=seed)
        agents = [SpadesHeuristic(s, random.Random(s)) for s in range(4)]
        while not state.is_over:
            seat = state.to_move
            legal = state.legal_actions()
            action = agents[seat].choose(state.view(seat), legal)
            assert action in legal
            state.apply(action)


def test_the_heuristic_pair_beats_the_random_pair_in_95_percent_of_200_games() -> None:
    result, teams = simulate(RULES, ["heuristic", "random", "heuristic", "random"], 200, seed=1)
    assert result.side_wins(teams)[0] >= 190


def test_the_heuristic_pair_still_wins_when_games_run_to_500() -> None:
    options = SpadesOptions(losing_score_enabled=False)
    result, teams = simulate(RULES, ["heuristic", "random", "heuristic", "random"], 30, 2, options)
    assert result.side_wins(teams)[0] >= 29


def test_trick_counting_values_high_cards_and_long_spades() -> None:
    strong = parse_cards("AS KS QS JS 10S AH KH AD KD AC 2C 3C 4C")
    weak = parse_cards("2S 3H 4H 5H 6H 7D 8D 9D 2C 3C 4C 5C 6C")
    assert estimate_tricks(strong) >= 8
    assert estimate_tricks(weak) <= 1


def test_a_hand_that_can_duck_everything_bids_nil() -> None:
    ducker = parse_cards("2S 3S 2H 3H 4H 5H 2D 3D 4D 6D 2C 3C 4C")
    assert can_duck_all(ducker)
    assert not can_duck_all(parse_cards("AS 3S 2H 3H 4H 5H 2D 3D 4D 6D 2C 3C 4C"))
    assert not can_duck_all(parse_cards("QS 3S 2H 3H 4H 5H 2D 3D 4D 6D 2C 3C 4C")), "a spade above the jack"
    assert not can_duck_all(parse_cards("2S 3S 4S 5S 2H 3H 4H 2D 3D 4D 2C 3C 4C")), "four spades"
    assert not can_duck_all(parse_cards("2S 3S AH 2H 3H 4H 2D 3D 4D 6D 2C 3C 4C")), "an ace"
    assert not can_duck_all(parse_cards("2S 3S KH QH 2H 7H 2D 3D 4D 6D 2C 3C 4C")), "two high hearts, one low"
    assert can_duck_all(parse_cards("JS 3S KH QH 2H 3H 2D 3D 4D 6D 2C 3C 4C")), "two high hearts, two low"
    state = deal_hands(["2S 3S 2H 3H 4H 5H 2D 3D 4D 6D 2C 3C 4C", "", "", ""])
    while state.to_move != 0:
        state.apply(Bid(3))
    agent = SpadesHeuristic(0, random.Random(0))
    assert agent.choose(state.view(0), state.legal_actions()) == Bid(0)


def play_to_seat(state, seat: int, agent_bids: dict[int, Bid]) -> None:
    while state.phase is Phase.BIDDING:
        s = state.to_move
        if LOOK in state.legal_actions():
            state.apply(LOOK)
        state.apply(agent_bids.get(s, Bid(3)))


def test_it_covers_a_partners_nil_by_playing_high_before_the_partner() -> None:
    for seed in range(200):
        state = deal_hands(["AH 2H", "5H", "KH 3H", "4H"], seed=seed)
        if state.dealer == 2:
            break
    play_to_seat(state, 3, {2: Bid(0)})
    assert state.to_move == 3
    state.apply(PlayCard(Card.parse("4H")))
    seat0 = SpadesHeuristic(0, random.Random(0))
    assert seat0.choose(state.view(0), state.legal_actions()) == PlayCard(Card.parse("AH"))


def test_it_ducks_when_its_partner_already_has_the_trick() -> None:
    for seed in range(200):
        state = deal_hands(["AH 2H 3C", "5H", "QH 3H", "4H"], seed=seed)
        if state.dealer == 3:
            break
    play_to_seat(state, 0, {})
    state.apply(PlayCard(Card.parse("AH")))
    state.apply(PlayCard(Card.parse("5H")))
    seat2 = SpadesHeuristic(2, random.Random(0))
    assert seat2.choose(state.view(2), state.legal_actions()) == PlayCard(Card.parse("3H"))


def test_agents_are_found_by_kind() -> None:
    assert isinstance(make_agent("heuristic", "spades", 0, random.Random(1)), SpadesHeuristic)
    action = make_agent("random", "spades", 0, random.Random(1)).choose(
        RULES.new_game(4, seed=1).view(0), [Bid(3)]
    )
    assert action == Bid(3)


def test_the_search_weighs_bids_two_tricks_either_side_of_a_sound_one_and_nil() -> None:
    legal = [Bid(tricks) for tricks in range(14)]
    assert bids_worth_weighing(Bid(4), legal) == [Bid(0), Bid(2), Bid(3), Bid(4), Bid(5), Bid(6)]
    assert bids_worth_weighing(Bid(1), legal) == [Bid(0), Bid(1), Bid(2), Bid(3)]
    assert bids_worth_weighing(Bid(0), legal) == [Bid(0), Bid(1), Bid(2)]


def test_the_search_weighs_every_card_and_a_blind_nil_against_looking() -> None:
    cards = [PlayCard(card) for card in parse_cards("2C 9C KH")]
    assert bids_worth_weighing(cards[1], cards) == cards
    blind = [Bid(0, blind=True), LOOK]
    assert bids_worth_weighing(LOOK, blind) == blind
    assert bids_worth_weighing(blind[0], blind) == blind


def _hand_played_out(seed: int, bags_before: int = 0, bag_penalty: bool = True) -> SpadesState:
    """A first hand played to its score by the heuristic, each side starting with
    ``bags_before`` bags."""
    state = RULES.new_game(4, SpadesOptions(bag_penalty=bag_penalty), seed=seed)
    state.side_bags = [bags_before, bags_before]
    agents = [SpadesHeuristic(s, random.Random(s)) for s in range(4)]
    while state.rounds_scored == 0:
        seat = state.to_move
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
    return state


def test_a_hand_is_worth_its_points_less_five_for_each_bag_to_the_search() -> None:
    """A bag scores a point, and every tenth costs a hundred; the search takes five
    points off for each. Bid 4 and take 6: 42 points, worth 32."""
    for seed in range(20):
        state = _hand_played_out(seed)
        assert state.last_hand is not None
        for seat, worth in enumerate(hand_worth(state)):
            side = state.last_hand.sides[state.side_of(seat)]
            assert side.bag_penalty == 0
            assert worth == side.points - 5 * side.bags


def test_the_penalty_of_a_tenth_bag_is_not_charged_to_the_hand_it_falls_in() -> None:
    charged = 0
    for seed in range(20):
        state = _hand_played_out(seed, bags_before=9)
        assert state.last_hand is not None
        for seat, worth in enumerate(hand_worth(state)):
            side = state.last_hand.sides[state.side_of(seat)]
            charged += side.bag_penalty > 0
            assert worth == side.points + side.bag_penalty - 5 * side.bags
    assert charged, "some side took its tenth bag"


def test_without_bag_penalties_or_after_the_last_hand_a_hand_is_worth_its_points() -> None:
    state = _hand_played_out(3, bag_penalty=False)
    assert hand_worth(state) == state.last_round_points
    state = _hand_played_out(3)
    state.is_over = True
    assert hand_worth(state) == state.last_round_points


def test_the_search_weighs_a_spades_hand_by_its_worth_over_the_game() -> None:
    assert AGENTS["spades"].round_worth is hand_worth
    assert all(agents.round_worth is None for game, agents in AGENTS.items() if game != "spades")
