"""Spades, rule by rule, from the rules as the rules page settles them, with the rule text's worked examples."""

from __future__ import annotations

import random

import pytest

from cardtable_gui.cards import Card, parse_cards
from cardtable_gui.rules import GAMES, ActionParseError, IllegalAction
from cardtable_gui.rules.base import CardPlayed, GameOver, HandDealt, RoundScored, TrickWon
from cardtable_gui.rules.spades import (
    BLIND_NIL,
    LOOK,
    Bid,
    BidMade,
    HandScored,
    Phase,
    PlayCard,
    SpadesBroken,
    SpadesOptions,
    SpadesState,
    score_side,
    winning_sides_after_hand,
)
from tests.rules.event_cards import cards_in
from tests.rules.spades_helpers import RULES, deal_hands

SPADES_ONLY = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"


def bid_all(state: SpadesState, bids: list[int]) -> None:
    """Everyone bids, in turn order; ``bids`` is indexed by seat."""
    while state.phase is Phase.BIDDING:
        seat = state.to_move
        assert seat is not None
        if LOOK in state.legal_actions():
            state.apply(LOOK)
        state.apply(Bid(bids[seat]))


def play(state: SpadesState, card: str) -> list:
    return state.apply(PlayCard(Card.parse(card)))


# Seats, dealing and turn order


def test_spades_is_registered_for_four_players() -> None:
    assert GAMES["spades"] is not None and GAMES["spades"].player_counts == (4,)
    with pytest.raises(ValueError, match="4 players"):
        RULES.new_game(3)


def test_partners_sit_opposite_unless_singles() -> None:
    assert RULES.new_game(4, seed=1).teams == ((0, 2), (1, 3))
    singles = RULES.new_game(4, SpadesOptions(partnerships=False), seed=1)
    assert singles.teams == ((0,), (1,), (2,), (3,))


def test_first_dealer_comes_from_the_seed_and_the_deal_is_whole() -> None:
    dealers = {RULES.new_game(4, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    state = RULES.new_game(4, seed=9)
    assert state.dealer == RULES.new_game(4, seed=9).dealer
    assert sorted(len(h) for h in state.hands) == [13, 13, 13, 13]
    assert len({c for h in state.hands for c in h}) == 52


def test_dealing_starts_on_the_dealers_left() -> None:
    state = deal_hands(["AS", "", "", ""])
    assert Card.parse("AS") in state.hands[0]
    assert state.to_move == (state.dealer + 1) % 4


def test_bidding_goes_round_once_from_the_dealers_left_then_they_lead() -> None:
    state = RULES.new_game(4, seed=3)
    first = (state.dealer + 1) % 4
    order = []
    while state.phase is Phase.BIDDING:
        order.append(state.to_move)
        events = state.apply(Bid(3))
        assert isinstance(events[0], BidMade)
    assert order == [(first + i) % 4 for i in range(4)]
    assert state.to_move == first


def test_the_deal_passes_left_each_hand() -> None:
    state = RULES.new_game(4, seed=4)
    dealer = state.dealer
    events = []
    while state.hand_number == 1:
        events = state.apply(state.legal_actions()[0])
    if not state.is_over:
        assert state.dealer == (dealer + 1) % 4
        assert any(isinstance(e, HandDealt) for e in events)


# Bidding


def test_a_bid_is_one_to_thirteen_or_nil() -> None:
    state = RULES.new_game(4, seed=5)
    assert state.legal_actions() == [Bid(n) for n in range(14)]
    with pytest.raises(IllegalAction, match="1 to 13"):
        state.apply(Bid(14))


def test_nil_can_be_switched_off() -> None:
    state = RULES.new_game(4, SpadesOptions(nil_allowed=False), seed=5)
    assert Bid(0) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="Nil bids are not allowed"):
        state.apply(Bid(0))


def behind_by(points: int, options: SpadesOptions | None = None) -> SpadesState:
    """A game at the start of a hand where side 0+2 trails side 1+3 by ``points``."""
    state = RULES.new_game(4, options, seed=11)
    state.side_scores = [0, points]
    state.dealer = 3
    state.deal()
    return state


def test_blind_nil_is_offered_only_to_a_side_100_or_more_behind() -> None:
    state = behind_by(100)
    assert state.to_move == 0
    assert state.legal_actions() == [BLIND_NIL, LOOK]
    assert not behind_by(99).may_bid_blind_nil(0)
    assert not state.may_bid_blind_nil(1)


def test_before_looking_the_player_sees_none_of_their_cards() -> None:
    state = behind_by(150)
    view = state.view(0)
    assert view.hand == () and view.hand_hidden
    assert view.hand_counts[0] == 13
    state.apply(LOOK)
    assert len(state.view(0).hand) == 13
    assert state.legal_actions() == [Bid(n) for n in range(14)]


def test_blind_nil_is_gone_once_the_cards_are_seen() -> None:
    state = behind_by(150)
    state.apply(LOOK)
    with pytest.raises(IllegalAction, match="seen your cards"):
        state.apply(BLIND_NIL)


def test_a_normal_bid_needs_the_cards_looked_at_first() -> None:
    state = behind_by(150)
    with pytest.raises(IllegalAction, match="Look at your cards first"):
        state.apply(Bid(3))


def test_blind_nil_can_be_switched_off() -> None:
    state = behind_by(300, SpadesOptions(blind_nil_allowed=False))
    assert state.legal_actions() == [Bid(n) for n in range(14)]
    with pytest.raises(IllegalAction, match="Blind nil is not allowed in this game."):
        state.apply(BLIND_NIL)


def test_blind_nil_is_refused_for_a_side_less_than_100_behind() -> None:
    state = behind_by(90)
    assert state.legal_actions() == [Bid(n) for n in range(14)]
    with pytest.raises(IllegalAction, match="100 or more points behind"):
        state.apply(BLIND_NIL)


def test_switching_nil_off_also_rules_out_blind_nil() -> None:
    state = behind_by(300, SpadesOptions(nil_allowed=False))
    assert state.legal_actions() == [Bid(n) for n in range(1, 14)]
    with pytest.raises(IllegalAction, match="Blind nil is not allowed in this game."):
        state.apply(BLIND_NIL)


def test_blind_nil_is_measured_against_the_leading_other_side_in_singles() -> None:
    state = RULES.new_game(4, SpadesOptions(partnerships=False), seed=11)
    state.side_scores = [0, 40, 100, 60]
    state.dealer = 3
    state.deal()
    assert [state.may_bid_blind_nil(seat) for seat in range(4)] == [True, False, False, False]
    assert state.legal_actions() == [BLIND_NIL, LOOK]


def test_a_partner_who_may_bid_blind_nil_sees_no_cards_before_their_turn() -> None:
    state = behind_by(100)
    state.apply(LOOK)
    state.apply(Bid(3))
    state.apply(Bid(3))
    assert state.to_move == 2
    view = state.view(2)
    assert view.hand == () and view.hand_hidden
    assert state.legal_actions() == [BLIND_NIL, LOOK]


def test_a_blind_nil_bid_shows_the_cards_afterwards() -> None:
    state = behind_by(100)
    state.apply(BLIND_NIL)
    assert len(state.view(0).hand) == 13
    assert state.bids[0] == BLIND_NIL


# Play


def lead_seat_zero(hands: list[str], options: SpadesOptions | None = None) -> SpadesState:
    """A game where seat 0 leads the first trick."""
    for seed in range(200):
        state = deal_hands(hands, seed=seed, options=options)
        if state.dealer == 3:
            return state
    raise AssertionError("no seed makes seat 3 the dealer")


def test_players_must_follow_suit() -> None:
    state = lead_seat_zero(["2H 3H", "AH 5C", "", ""])
    bid_all(state, [2, 2, 2, 2])
    play(state, "2H")
    with pytest.raises(IllegalAction, match="You must follow suit: you hold a heart."):
        play(state, "5C")
    hearts = [PlayCard(c) for c in state.hands[1] if c.suit is Card.parse("AH").suit]
    assert state.legal_actions() == hearts


def test_spades_are_trump_and_the_highest_trump_wins() -> None:
    all_hearts_but_king = "AH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H"
    state = lead_seat_zero([all_hearts_but_king + " AC", "2S", "3S", "KH"])
    bid_all(state, [3, 3, 3, 3])
    play(state, "AH")
    play(state, "2S")
    play(state, "3S")
    events = play(state, "KH")
    won = [e for e in events if isinstance(e, TrickWon)]
    assert won[0].seat == 2
    assert state.to_move == 2


def test_spades_may_not_be_led_to_the_first_trick_by_a_leader_with_another_suit() -> None:
    state = lead_seat_zero(["AS 2H", "", "", ""])
    bid_all(state, [2, 2, 2, 2])
    refused(
        state,
        PlayCard(Card.parse("AS")),
        "Spades may not be led until a spade has been played, unless you hold only spades.",
    )
    assert state.legal_actions() == [PlayCard(Card.parse("2H"))]


def test_the_first_lead_may_be_a_spade_from_a_hand_of_nothing_but_spades() -> None:
    state = lead_seat_zero(["AS KS", "", "", ""])
    bid_all(state, [2, 2, 2, 2])
    events = play(state, "AS")
    assert any(isinstance(e, SpadesBroken) for e in events)


FREE_FIRST_LEAD = SpadesOptions(first_trick_spade_lead=True)


def test_the_house_rule_lets_a_spade_lead_the_first_trick_from_a_mixed_hand() -> None:
    state = lead_seat_zero(["AS 2H", "", "", ""], FREE_FIRST_LEAD)
    bid_all(state, [2, 2, 2, 2])
    assert PlayCard(Card.parse("AS")) in state.legal_actions()
    events = play(state, "AS")
    assert any(isinstance(e, SpadesBroken) for e in events)


def test_the_house_rule_frees_only_the_first_lead_of_a_hand() -> None:
    state = lead_seat_zero(
        [
            "AC KS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
            "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC KH",
            "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
            "",
        ],
        FREE_FIRST_LEAD,
    )
    bid_all(state, [2, 2, 2, 2])
    for card in ("AC", "2C", "2D", "AH"):
        play(state, card)
    assert state.to_move == 0 and not state.spades_broken
    with pytest.raises(IllegalAction, match="Spades may not be led"):
        play(state, "KS")
    assert PlayCard(Card.parse("KS")) not in state.legal_actions()


def test_the_free_first_lead_is_off_unless_chosen() -> None:
    assert SpadesOptions().first_trick_spade_lead is False
    field = SpadesOptions.model_fields["first_trick_spade_lead"]
    assert "first trick" in field.title and "opening lead" in field.description


def test_a_free_first_spade_lead_says_nothing_of_the_leaders_other_suits() -> None:
    state = lead_seat_zero(["AS 2H", "", "", ""], FREE_FIRST_LEAD)
    bid_all(state, [2, 2, 2, 2])
    play(state, "AS")
    view = state.view(1)
    rng = random.Random(7)
    samples = [RULES.determinize(view, rng) for _ in range(20)]
    assert any(card.suit is not Card.parse("2S").suit for s in samples for card in s.hands[0])


def test_the_house_rule_is_left_out_of_the_fingerprint() -> None:
    """A position is the same whichever way the rule is set: saves made before the rule
    existed recorded fingerprints without it."""
    plain = RULES.new_game(4, seed=5)
    free = RULES.new_game(4, FREE_FIRST_LEAD, seed=5)
    assert free.digest() == plain.digest()
    assert free.view(0) != plain.view(0)


def test_spades_rules_are_at_version_2_and_version_1_led_freely() -> None:
    assert RULES.rules_version == 2
    assert RULES.earlier_rules == {1: {"first_trick_spade_lead": True}}


def test_spades_may_not_be_led_until_broken() -> None:
    state = lead_seat_zero(
        [
            "AC KS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
            "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC KH",
            "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
            "",
        ]
    )
    bid_all(state, [2, 2, 2, 2])
    play(state, "AC")
    play(state, "2C")
    play(state, "2D")
    play(state, "AH")
    assert state.to_move == 0 and not state.spades_broken
    with pytest.raises(IllegalAction, match="Spades may not be led"):
        play(state, "KS")
    assert PlayCard(Card.parse("KS")) not in state.legal_actions()


def test_a_spade_led_from_an_all_spade_hand_lets_spades_be_led_at_once() -> None:
    state = lead_seat_zero(["AS KS", "", "", ""])
    bid_all(state, [2, 2, 2, 2])
    for _ in range(4):
        state.apply(state.legal_actions()[0] if state.trick.plays else PlayCard(Card.parse("AS")))
    assert state.to_move == 0 and state.spades_broken
    play(state, "KS")


def test_a_player_holding_only_spades_may_lead_them() -> None:
    state = lead_seat_zero([SPADES_ONLY, "", "", ""])
    bid_all(state, [13, 1, 1, 1])
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    assert state.to_move == 0
    assert all(a.card.suit == Card.parse("2S").suit for a in state.legal_actions())


def test_a_spade_played_off_suit_breaks_spades() -> None:
    state = lead_seat_zero(["AH", "2S 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "", ""])
    bid_all(state, [2, 2, 2, 2])
    play(state, "AH")
    events = play(state, "2S")
    assert any(isinstance(e, SpadesBroken) for e in events)
    assert state.spades_broken


def refused(state: SpadesState, action: object, message: str) -> None:
    """``action`` raises IllegalAction with ``message`` and leaves ``state`` as it was."""
    before = state.digest()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)  # type: ignore[arg-type]
    assert str(error.value) == message
    assert state.digest() == before


def test_illegal_actions_name_the_problem_and_change_nothing() -> None:
    state = RULES.new_game(4, seed=6)
    refused(state, PlayCard(state.hands[state.to_move][0]), "The bidding is not finished: make your bid first.")
    refused(state, Bid(14), "A bid is 1 to 13 tricks, or nil.")
    refused(state, Bid(3, blind=True), "Only nil can be bid blind.")
    refused(state, LOOK, "You have already seen your cards.")
    bid_all(state, [3, 3, 3, 3])
    refused(state, Bid(4), "The bidding is over.")
    refused(state, LOOK, "The bidding is over.")
    missing = next(c for h in state.hands for c in h if c not in state.hands[state.to_move])
    refused(state, PlayCard(missing), f"You do not hold the {missing.name}.")


def test_the_winner_of_a_trick_leads_the_next() -> None:
    state = RULES.new_game(4, seed=8)
    bid_all(state, [3, 3, 3, 3])
    events = []
    for _ in range(4):
        events = state.apply(state.legal_actions()[0])
    winner = next(e.seat for e in events if isinstance(e, TrickWon))
    assert state.to_move == winner
    assert any(isinstance(e, CardPlayed) for e in events)


# Scoring: the seed's worked examples and the rulings


def side_score(bid: int, took: int, bags_before: int = 0, bag_penalty: bool = True):
    """A singles side (one seat) scoring a hand."""
    return score_side((0,), [Bid(bid)], [took], 0, bags_before, bag_penalty)


def test_bid_seven_take_seven_scores_seventy() -> None:
    assert side_score(7, 7).points == 70


def test_bid_five_take_eight_scores_fifty_three_with_three_bags() -> None:
    result = side_score(5, 8)
    assert result.points == 53 and result.bags == 3


def test_bid_four_take_three_goes_back_forty() -> None:
    assert side_score(4, 3).points == -40


def test_the_side_contract_is_the_sum_of_the_partners_bids() -> None:
    result = score_side((0, 2), [Bid(3), Bid(1), Bid(4), Bid(1)], [2, 0, 5, 0], 0, 0)
    assert result.contract == 7 and result.tricks == 7 and result.points == 70


def test_nil_made_and_failed() -> None:
    made = score_side((0, 2), [Bid(0), Bid(1), Bid(4), Bid(1)], [0, 0, 4, 0], 0, 0)
    assert made.points == 40 + 50
    failed = score_side((0, 2), [Bid(0), Bid(1), Bid(4), Bid(1)], [2, 0, 4, 0], 0, 0)
    assert failed.nil_points == -50


def test_a_nil_bidders_tricks_do_not_help_the_partner_and_count_as_bags() -> None:
    result = score_side((0, 2), [Bid(0), Bid(1), Bid(4), Bid(1)], [1, 0, 3, 0], 0, 0)
    assert result.tricks == 3
    assert result.contract_points == -40 and result.nil_points == -50
    assert result.bags == 1


def test_blind_nil_is_worth_a_hundred_either_way() -> None:
    made = score_side((0, 2), [BLIND_NIL, Bid(1), Bid(4), Bid(1)], [0, 0, 4, 0], 0, 0)
    failed = score_side((0, 2), [BLIND_NIL, Bid(1), Bid(4), Bid(1)], [1, 0, 4, 0], 0, 0)
    assert made.nil_points == 100 and failed.nil_points == -100


def test_ten_bags_cost_a_hundred_and_the_count_drops_by_ten() -> None:
    result = side_score(5, 8, bags_before=8)
    assert result.bag_penalty == 100
    assert result.points == 53 - 100
    assert result.bags_total == 1


def test_the_bag_penalty_can_be_switched_off() -> None:
    result = side_score(5, 8, bags_before=8, bag_penalty=False)
    assert result.bag_penalty == 0 and result.bags_total == 11


def test_the_game_is_won_by_reaching_the_target_with_the_highest_score() -> None:
    options = SpadesOptions()
    assert winning_sides_after_hand([510, 300], options) == [0]
    assert winning_sides_after_hand([490, 300], options) == None
    assert winning_sides_after_hand([520, 530], options) == [1]
    assert winning_sides_after_hand([200, 100], SpadesOptions(target=200)) == [0]


def test_a_tie_at_the_top_plays_another_hand() -> None:
    assert winning_sides_after_hand([510, 510], SpadesOptions()) is None


def test_falling_to_the_losing_score_loses_at_once() -> None:
    options = SpadesOptions()
    assert winning_sides_after_hand([-200, 40], options) == [1]
    assert winning_sides_after_hand([-250, -210], options) == [1]
    off = SpadesOptions(losing_score_enabled=False)
    assert winning_sides_after_hand([-900, 40], off) is None


def test_sides_tied_above_the_losing_score_share_the_win() -> None:
    singles = SpadesOptions(partnerships=False)
    assert winning_sides_after_hand([-200, 100, 100, 50], singles) == [1, 2]


def first_hand_ending_on(totals: list[int]) -> tuple[SpadesState, list]:
    """Hand 1 played out (everyone bids 3, then the first legal card each time) with the
    scores before it set so that the sides finish the hand on ``totals``."""
    state = RULES.new_game(4, seed=21)
    bid_all(state, [3, 3, 3, 3])
    probe = state.clone()
    events: list = []
    while probe.hand_number == 1 and not probe.is_over:
        events = probe.apply(probe.legal_actions()[0])
    scored = next(e for e in events if isinstance(e, HandScored))
    state.side_scores = [total - side.points for total, side in zip(totals, scored.sides, strict=True)]
    while state.hand_number == 1 and not state.is_over:
        events = state.apply(state.legal_actions()[0])
    assert state.scores == (totals[0], totals[1], totals[0], totals[1])
    return state, events


def test_a_hand_ending_with_one_side_over_the_target_ends_the_game() -> None:
    state, events = first_hand_ending_on([510, 300])
    assert events[-1] == GameOver((0, 2)) and state.winners == (0, 2)


def test_sides_tied_over_the_target_play_one_more_hand() -> None:
    state, events = first_hand_ending_on([510, 510])
    assert not state.is_over and state.hand_number == 2 and state.phase is Phase.BIDDING
    assert any(isinstance(e, HandDealt) for e in events)


def test_a_side_at_the_losing_score_ends_the_game_at_once() -> None:
    state, events = first_hand_ending_on([-200, 100])
    assert events[-1] == GameOver((1, 3)) and state.is_over


def test_singles_score_each_seat_alone() -> None:
    state = RULES.new_game(4, SpadesOptions(partnerships=False), seed=12)
    while state.hand_number == 1 and not state.is_over:
        state.apply(state.legal_actions()[-1])
    assert len(state.side_scores) == 4
    assert state.scores == tuple(state.side_scores)


def test_a_finished_hand_reports_bids_tricks_and_totals() -> None:
    state = RULES.new_game(4, seed=13)
    events = []
    while state.hand_number == 1 and not state.is_over:
        events = state.apply(state.legal_actions()[0])
    scored = next(e for e in events if isinstance(e, HandScored))
    assert sum(scored.tricks) == 13
    totals = next(e for e in events if isinstance(e, RoundScored)).totals
    assert totals == tuple(scored.sides[s % 2].total for s in range(4))
    assert state.view(None).last_hand == scored


def test_a_whole_game_ends_with_winners_and_refuses_more_moves() -> None:
    state = RULES.new_game(4, seed=14)
    events = []
    while not state.is_over:
        events = state.apply(state.legal_actions()[0])
    assert isinstance(events[-1], GameOver) and state.winners
    assert state.to_move is None and state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply(Bid(3))


def test_events_name_only_cards_already_played_this_hand() -> None:
    for seed in range(6):
        state = RULES.new_game(4, SpadesOptions(partnerships=seed % 2 == 0), seed=seed)
        rng = random.Random(seed)
        played: set[Card] = set()
        while not state.is_over:
            for event in state.apply(rng.choice(state.legal_actions())):
                if isinstance(event, HandDealt):
                    played = set()
                if isinstance(event, CardPlayed):
                    played.add(event.card)
                assert cards_in(event) <= played, event


# Text forms


@pytest.mark.parametrize("text", ["bid 4", "bid 13", "bid nil", "bid blind nil", "look", "play QS", "play 10H"])
def test_actions_read_back_from_their_text(text: str) -> None:
    assert str(RULES.parse_action(text)) == text


@pytest.mark.parametrize("text", ["bid 0", "bid 14", "play 1S", "pass", ""])
def test_unreadable_actions_are_refused(text: str) -> None:
    with pytest.raises(ActionParseError):
        RULES.parse_action(text)


def test_clone_is_independent() -> None:
    state = RULES.new_game(4, seed=15)
    copy = state.clone()
    assert copy.digest() == state.digest()
    copy.apply(copy.legal_actions()[0])
    assert copy.digest() != state.digest()
    assert state.bids == [None] * 4


def test_a_stacked_deck_must_be_one_whole_pack() -> None:
    with pytest.raises(ValueError, match="52-card"):
        RULES.new_game(4, deck=parse_cards("AS KS"))


def test_a_spade_led_to_the_first_trick_shows_the_leader_held_only_spades() -> None:
    state = lead_seat_zero(["AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S", "", "", ""])
    bid_all(state, [13, 1, 1, 1])
    play(state, "AS")
    view = state.view(1)
    rng = random.Random(7)
    for _ in range(20):
        sample = RULES.determinize(view, rng)
        assert all(card.suit is Card.parse("2S").suit for card in sample.hands[0])
