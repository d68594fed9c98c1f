"""The Spades heuristic explains itself: bids, nil play and the contract each name their
rule of thumb and say why; advising changes none of its moves."""

from __future__ import annotations

import random

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.claims import certain, likely
from cardtable_gui.ai.spades import Play, SpadesHeuristic, SpadesRival
from cardtable_gui.cards import Card
from cardtable_gui.rules.spades import Bid, PlayCard, SpadesState
from tests.ai.advice_support import advise_through_a_game
from tests.ai.test_spades_ai import play_to_seat
from tests.rules.spades_helpers import deal_hands


def advice(state: SpadesState, seat: int) -> Advice:
    return SpadesHeuristic(seat, random.Random(0)).advise(state.view(seat), state.legal_actions())


def dealt_by(hands: list[str], dealer: int) -> SpadesState:
    for seed in range(200):
        state = deal_hands(hands, seed=seed)
        if state.dealer == dealer:
            return state
    raise AssertionError("no seed deals from that seat")


def test_a_seeded_game_plays_the_same_moves_as_before_advice() -> None:
    digest, _ = advise_through_a_game("spades", 4, seed=3)
    assert digest == "1e9c41abac88088c"


def test_a_hand_that_ducks_everything_bids_nil_and_says_why() -> None:
    state = deal_hands(["2S 3S 2H 3H 4H 5H 2D 3D 4D 6D 2C 3C 4C", "", "", ""])
    while state.to_move != 0:
        state.apply(Bid(3))
    said = advice(state, 0)
    assert said.action == Bid(0)
    assert said.rule == "bid-nil"
    assert said.reason.startswith("Bid nil: you hold no ace, at most three spades")


def test_a_king_with_low_cards_of_its_suit_to_hide_behind_still_bids_nil() -> None:
    state = deal_hands(["KH 2H 3H 4S 5S 2D 3D 4D 6D 2C 3C 4C 5C", "", "", ""])
    while state.to_move != 0:
        state.apply(Bid(3))
    said = advice(state, 0)
    assert said.action == Bid(0)
    assert said.reason == (
        "Bid nil: you hold no ace, at most three spades and none above the jack, and in each other suit "
        "as many low cards as high ones to hide behind, so you can hope to stay under every trick."
    )


def test_a_counted_bid_names_its_number() -> None:
    state = deal_hands(["AS KS QS JS 10S AH KH AD KD AC 2C 3C 4C", "", "", ""])
    while state.to_move != 0:
        state.apply(Bid(3))
    said = advice(state, 0)
    assert isinstance(said.action, Bid)
    assert said.rule == "bid-count"
    assert said.reason.startswith(f"Bid {said.action.tricks}: your high cards and spades should take about")


def test_covering_a_partners_nil_from_before_them() -> None:
    state = dealt_by(["AH 2H", "5H", "KH 3H", "4H"], dealer=2)
    play_to_seat(state, 3, {2: Bid(0)})
    state.apply(PlayCard(Card.parse("4H")))
    said = advice(state, 0)
    assert said.action == PlayCard(Card.parse("AH"))
    assert said.rule == "cover-nil-high"
    assert said.reason == (
        "Play the ace of hearts: your partner plays after you, and a high heart leaves them "
        "the most room under it for their nil."
    )


def test_saving_good_cards_when_the_partner_has_the_trick() -> None:
    state = dealt_by(["AH 2H 3C", "5H", "QH 3H", "4H"], dealer=3)
    play_to_seat(state, 0, {})
    state.apply(PlayCard(Card.parse("AH")))
    state.apply(PlayCard(Card.parse("5H")))
    said = advice(state, 2)
    assert said.action == PlayCard(Card.parse("3H"))
    assert said.rule == "partner-winning"
    assert said.reason == (
        "Play the three of hearts: your partner's ace of hearts is winning the trick, so save your good cards."
    )


def test_every_rule_of_thumb_speaks_in_seeded_games() -> None:
    seen: set[str] = set()
    for seed in range(9):
        seen |= advise_through_a_game("spades", 4, seed)[1]
    assert seen >= {
        "only-card", "bid-count", "look", "blind-nil", "lead-low", "lead-short", "cash-winner", "win-cheap", "ruff",
        "duck-low", "partner-winning", "avoid-bags", "forced-win", "nil-lead-low", "nil-duck",
        "nil-forced", "cover-nil-lead", "cover-nil", "cover-nil-high", "cover-nil-ruff",
        "cannot-cover", "set-nil-lead", "set-nil", "set-nil-low",
    }


# Issue 24: a card "wins" only when nothing still to play can take the trick from it.


def test_an_unbeatable_heart_that_a_later_player_can_trump_is_not_said_to_win() -> None:
    state = dealt_by(["AH 2H 3C 4C", "2S 3S 4S", "", ""], dealer=3)
    play_to_seat(state, 0, {})
    said = advice(state, 0)
    assert said.action == PlayCard(Card.parse("AH"))
    assert said.rule == "cash-winner"
    assert "so it wins" not in said.reason
    assert "unless a player with no hearts left trumps it" in said.reason
    assert certain("highest-left", "AH") in said.claims
    assert likely("trick-won", "AH") in said.claims


def test_the_highest_spade_wins_for_sure() -> None:
    state = dealt_by(["AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S", "", "", ""], dealer=3)
    play_to_seat(state, 0, {})
    said = advice(state, 0)
    assert said.action == PlayCard(Card.parse("AS"))
    assert said.reason.startswith("Lead the ace of spades: no higher spade is still out, so it wins one of the")
    assert certain("trick-won", "AS") in said.claims


def test_with_no_winner_to_cash_it_leads_low_from_a_short_side_suit_to_trump_it_later() -> None:
    state = dealt_by(["2S 3S 5H 6H 7H 8H 9H 4D 5D 9D 10D 3C 7C", "", "", ""], dealer=3)
    play_to_seat(state, 0, {})
    said = advice(state, 0)
    assert said.action == PlayCard(Card.parse("3C"))
    assert said.rule == "lead-short"
    assert said.reason == (
        "Lead the three of clubs: with no sure winner to cash, start on your shortest side suit "
        "(you hold 2 clubs) with its lowest card; once it runs out, your spades can trump it."
    )


def test_a_short_suits_queen_stays_home_to_win_a_trick_of_its_own() -> None:
    state = dealt_by(["QC 2S 3S 5H 6H 7H 8H 9H 10H 4D 5D 9D 10D", "", "", ""], dealer=3)
    play_to_seat(state, 0, {})
    said = advice(state, 0)
    assert said.action == PlayCard(Card.parse("4D"))
    # Seen in play: "start on a short side suit (you hold 4 hearts)" beside a lone queen
    # of diamonds; the shorter suit kept home is named.
    assert said.reason == (
        "Lead the four of diamonds: with no sure winner to cash, start on your shortest side suit that has "
        "a low card (you hold 4 diamonds), with its lowest; the queen of clubs is kept to try for a trick of "
        "its own, and once your diamonds run out, your spades can trump them."
    )


def test_with_no_spades_to_trump_with_it_leads_its_lowest_side_card() -> None:
    state = dealt_by(["2H 6H 7H 8H 9H 4D 5D 9D 10D 8C 9C 10C JC", "", "", ""], dealer=3)
    play_to_seat(state, 0, {})
    said = advice(state, 0)
    assert said.action == PlayCard(Card.parse("2H"))
    assert said.rule == "lead-low"


def test_beating_the_card_led_is_no_sure_trick_with_players_still_to_come() -> None:
    state = dealt_by(
        [
            "2H 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
            "5H 6H 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD",
            "AH KH QH JH 10H 9H 8H 7H 4H 3H KD AD 2C",
            "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
        ],
        dealer=3,
    )
    play_to_seat(state, 0, {})
    state.apply(PlayCard(Card.parse("2H")))
    said = advice(state, 1)
    assert said.action == PlayCard(Card.parse("5H"))
    assert said.rule == "forced-win"
    assert "wins this trick" not in said.reason
    assert said.reason == (
        "Play the five of hearts: every card you may play beats the two of hearts, so spend the cheapest; "
        "a card still to come may yet take the trick."
    )
    assert certain("all-beat", "2H") in said.claims


def test_playing_last_every_card_that_beats_the_lead_wins_the_trick() -> None:
    state = dealt_by(["2H 3C", "3H 2C", "4H 4C", "5H 6H 2D"], dealer=3)
    play_to_seat(state, 0, {})
    for card in ("2H", "3H", "4H"):
        state.apply(PlayCard(Card.parse(card)))
    said = advice(state, 3)
    assert said.action == PlayCard(Card.parse("5H"))
    assert said.reason.startswith("Take the trick with the five of hearts")
    assert certain("trick-won", "5H") in said.claims


def test_a_card_that_cannot_take_the_trick_is_not_said_to_be_unsafe() -> None:
    """Seen in play: "you can't take this trick safely" under a led ace, where no card
    could take it at all."""
    import random

    from cardtable_gui.ai.levels import make_agent
    from cardtable_gui.rules import get_rules
    from cardtable_gui.rules.spades import PlayCard as Play

    rules = get_rules("spades")
    seen = partners_seen = 0
    for seed in range(1, 40):
        state = rules.new_game(4, seed=seed)
        while not state.is_over:
            seat = state.to_move
            legal = state.legal_actions()
            advice = make_agent("heuristic", "spades", seat, random.Random(0)).advise(state.view(seat), legal)
            if advice.rule == "duck-low":
                view = state.view(seat)
                best_seat, best = max(
                    view.trick,
                    key=lambda play: (
                        play[1].suit is view.trick[0][1].suit or play[1].suit.name == "SPADES",
                        play[1].suit.name == "SPADES",
                        play[1].rank,
                    ),
                )
                if best_seat == (seat + 2) % 4:
                    # A partner's card on top is not a trick given up.
                    assert f"your partner's {best.name} is winning" in advice.reason, advice.reason
                    assert "give" not in advice.reason
                    partners_seen += 1
                else:
                    beatable = any(isinstance(a, Play) and _beats_card(a.card, best) for a in legal)
                    assert ("safely" in advice.reason) == beatable, advice.reason
                seen += 1
            state.apply(advice.action)
        if seen > 40 and partners_seen:
            break
    assert seen and partners_seen


def _beats_card(card, best) -> bool:
    if card.suit is best.suit:
        return card.rank > best.rank
    return card.suit.name == "SPADES"


# Third hand over the opponent's card; pressing for a set once the contract is made.


def test_third_hand_goes_over_the_opponents_card_rather_than_leave_the_trick_to_the_last_player() -> None:
    state = dealt_by(["2H", "9H", "JH 3H", "AH KH QH"], dealer=3)
    play_to_seat(state, 0, {})
    state.apply(PlayCard(Card.parse("2H")))
    state.apply(PlayCard(Card.parse("9H")))
    said = advice(state, 2)
    assert said.action == PlayCard(Card.parse("JH"))
    assert said.rule == "win-cheap"
    assert said.reason == (
        "Go for the trick with the jack of hearts: the cheapest card that beats the nine of hearts, and your side "
        "needs 6 more tricks; a later card may still come over it."
    )
    assert likely("trick-won", "JH") in said.claims


def after_two_club_tricks(their_bids: tuple[int, int]) -> SpadesState:
    """North-South (seats 0 and 2) bid 1 each and make it with the ace and king of
    clubs; East-West bid ``their_bids``. Seat 0 is on lead holding the queen, now the
    highest club left."""
    state = dealt_by(["AC KC QC 2D 3D", "3C 4C", "5C 6C", "7C 8C"], dealer=3)
    play_to_seat(state, 0, {0: Bid(1), 1: Bid(their_bids[0]), 2: Bid(1), 3: Bid(their_bids[1])})
    for trick in (("AC", "3C", "5C", "7C"), ("KC", "4C", "6C", "8C")):
        for card in trick:
            state.apply(PlayCard(Card.parse(card)))
    assert state.to_move == 0 and state.tricks_won[0] == 2
    return state


def test_with_the_contract_made_it_presses_on_when_a_few_tricks_set_the_other_side() -> None:
    said = advice(after_two_club_tricks((5, 5)), 0)
    assert said.action == PlayCard(Card.parse("QC"))
    assert said.rule == "cash-winner"
    assert said.reason.startswith(
        "Lead the queen of clubs: no higher club is still out, so it takes a trick toward setting the other side "
        "(they still need 10 of the 11 tricks left; 2 more for your side sets their contract)"
    )


def test_with_the_contract_made_and_no_set_in_reach_it_ducks_to_avoid_bags() -> None:
    said = advice(after_two_club_tricks((2, 1)), 0)
    assert said.rule == "lead-low"
    assert said.reason.endswith("your side has its contract, so give the lead away cheaply and avoid bags.")


def test_the_rival_of_the_search_s_rollouts_takes_the_trick_medium_gives_away() -> None:
    """The search's rollouts seat ``SpadesRival`` on the other side: with its contract
    made and no set in reach it still cashes the queen, where Medium leads low."""
    state = after_two_club_tricks((2, 1))
    legal = state.legal_actions()
    assert SpadesHeuristic(0, random.Random(0)).choose(state.view(0), legal) != PlayCard(Card.parse("QC"))
    assert SpadesRival(0, random.Random(0)).choose(state.view(0), legal) == PlayCard(Card.parse("QC"))


def test_pressing_for_the_set_says_how_many_tricks_it_takes() -> None:
    """Ten of eleven for East-West: two more for North-South leave them at nine at most."""
    play = Play(after_two_club_tricks((5, 5)).view(0), 0)
    assert play.setting and play.to_set == 2
    assert play._goal() == "the other side still needs 10 of the 11 tricks left, so 2 more for your side sets their contract"


def test_once_the_other_side_is_set_it_ducks_again_for_bags_are_all_that_is_left() -> None:
    """Seen: "... toward setting the other side (they still need 6 of the 5 tricks left)":
    a side already set cannot be set again, and more tricks are only bags."""
    state = after_two_club_tricks((6, 6))
    play = Play(state.view(0), 0)
    assert play.their_need == 12 and play.left == 11
    assert not play.setting
    said = advice(state, 0)
    assert said.rule == "lead-low"
    assert said.reason.endswith("your side has its contract, so give the lead away cheaply and avoid bags.")


def test_the_last_trick_the_side_needs_is_named_as_one() -> None:
    """Seen: "so it takes one of the 1 more trick your side needs"."""
    state = dealt_by(["AC KC QC 2D 3D", "3C 4C", "5C 6C", "7C 8C"], dealer=3)
    play_to_seat(state, 0, {0: Bid(2), 1: Bid(3), 2: Bid(1), 3: Bid(3)})
    for trick in (("AC", "3C", "5C", "7C"), ("KC", "4C", "6C", "8C")):
        for card in trick:
            state.apply(PlayCard(Card.parse(card)))
    said = advice(state, 0)
    assert said.rule == "cash-winner"
    assert "the one more trick your side needs" in said.reason


def test_a_nil_forced_to_beat_the_card_led_is_lost_unless_a_later_player_takes_the_trick() -> None:
    """It said the nil was "probably lost", which came true in 6 of 13 such hints in the
    advice audit: the words now say only what holds."""
    state = dealt_by(["2H 3C", "5H 6H", "KH 4C", "QH 5C"], dealer=3)
    play_to_seat(state, 0, {1: Bid(0)})
    state.apply(PlayCard(Card.parse("2H")))
    said = advice(state, 1)
    assert said.rule == "nil-forced" and isinstance(said.action, PlayCard)
    assert said.reason == (
        f"Play the {said.action.card.name}: every card you may play beats the two of hearts, so your nil is "
        "lost on this trick unless a player still to come takes it; shed your highest."
    )



def test_a_lead_to_cover_a_partner_s_nil_is_not_called_high_when_higher_cards_are_out() -> None:
    """Seen in play: "Lead the nine of hearts: a high card takes the lead ..." with the
    ace, king, queen and jack of hearts still out. The lead is the highest card held
    outside spades, and the reason says just that."""
    state = dealt_by(["9H 5H 3C 2S", "AH KH 4C", "QH JH 5C", "6H 7H 8C"], dealer=3)
    play_to_seat(state, 0, {2: Bid(0)})
    said = advice(state, 0)
    assert said.rule == "cover-nil-lead" and said.action == PlayCard(Card.parse("9H"))
    assert said.reason == (
        "Lead the nine of hearts, your highest card outside spades: the higher the lead, the more room your "
        "partner has to play under it and keep their nil."
    )
