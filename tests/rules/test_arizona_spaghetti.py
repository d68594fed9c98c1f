"""Arizona Spaghetti rules, checked against the rule text and the rulings."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest

from cardtable_gui.cards import Card, Suit, french_deck, parse_cards
from cardtable_gui.rules import GAMES, ActionParseError, Event, IllegalAction
from cardtable_gui.rules.arizona_spaghetti import (
    DECK_SETUP,
    ROUNDS,
    ArizonaSpaghettiOptions,
    ArizonaSpaghettiRules,
    ArizonaSpaghettiState,
    PlayCard,
    RoundEndedEarly,
    SuitBroken,
    TrickTaken,
    deck_for,
)
from cardtable_gui.rules.base import Action, CardPlayed, GameOver, HandDealt, RoundScored
from cardtable_gui.rules.tricks import Trick
from tests.rules.event_cards import cards_in

RULES = ArizonaSpaghettiRules()

# A deal where every seat holds one whole suit: seat 0 clubs, 1 hearts, 2 spades,
# 3 diamonds. Seat 0 leads clubs and takes every trick while the others throw off.
ONE_SUIT_EACH = {
    0: "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
    1: "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
    2: "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
    3: "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
}


def stacked(players: int, dealer: int, hands: dict[int, str]) -> list[Card]:
    """A deck (top first) that deals ``hands`` when ``dealer`` deals; seats not named, and
    short hands, are filled with the rest of the pack in its fixed order."""
    size = DECK_SETUP[players].hand_size
    full = {seat: parse_cards(text) for seat, text in hands.items()}
    used = {card for cards in full.values() for card in cards}
    rest = [card for card in deck_for(players) if card not in used]
    for seat in range(players):
        cards = full.setdefault(seat, [])
        while len(cards) < size:
            cards.append(rest.pop(0))
    first = (dealer + 1) % players
    return [full[(first + k) % players][i] for i in range(size) for k in range(players)]


def at_round(
    number: int,
    hands: dict[int, str],
    players: int = 4,
    options: ArizonaSpaghettiOptions | None = None,
) -> ArizonaSpaghettiState:
    """A game whose round ``number`` has just been dealt ``hands``; seat 0 leads."""
    state = RULES.new_game(players, options, seed=7)
    state.round_number = number
    state.dealer = players - 1
    state.deal(stacked(players, state.dealer, hands))
    return state


def play(state: ArizonaSpaghettiState, cards: str) -> list[Event]:
    events: list[Event] = []
    for card in parse_cards(cards):
        events.extend(state.apply(PlayCard(card)))
    return events


def lead_clubs_to_the_end(state: ArizonaSpaghettiState) -> list[Event]:
    """Play the one-suit-each deal to the end of the round: seat 0 leads its highest
    club each time, the others throw off their highest card."""
    events: list[Event] = []
    while not any(isinstance(e, RoundScored) for e in events):
        events.extend(state.apply(state.legal_actions()[-1]))
    return events


def illegal(state: ArizonaSpaghettiState, action: Action) -> str:
    before = state.digest()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert state.digest() == before
    return str(error.value)


def random_game(players: int, seed: int) -> tuple[ArizonaSpaghettiState, list[Event]]:
    state = RULES.new_game(players, seed=seed)
    rng = random.Random(seed)
    events: list[Event] = []
    while not state.is_over:
        events.extend(state.apply(rng.choice(state.legal_actions())))
    return state, events


# Registry and setup


def test_registered() -> None:
    assert isinstance(GAMES["arizona_spaghetti"], ArizonaSpaghettiRules)
    assert RULES.player_counts == (3, 4, 5, 6, 7, 8)
    assert RULES.low_score_wins


@pytest.mark.parametrize(
    ("players", "hand_size", "removed"),
    [
        (3, 17, "2C"),
        (4, 13, ""),
        (5, 10, "2C 2D"),
        (6, 8, "2C 3C 2D 3D"),
        (7, 7, "2C 3C 2D"),
        (8, 6, "2C 3C 2D 3D"),
    ],
)
def test_deal_for_every_table_size(players: int, hand_size: int, removed: str) -> None:
    state = RULES.new_game(players, seed=players)
    assert [len(hand) for hand in state.hands] == [hand_size] * players
    dealt = Counter(card for hand in state.hands for card in hand)
    expected = Counter(french_deck()) - Counter(parse_cards(removed))
    assert dealt == expected
    assert state.view(0).removed == tuple(parse_cards(removed))


@pytest.mark.parametrize("players", [2, 9])
def test_table_size_out_of_range(players: int) -> None:
    with pytest.raises(ValueError, match="3, 4, 5, 6, 7, 8 players"):
        RULES.new_game(players)


def test_stacked_deck_must_be_the_stripped_pack() -> None:
    with pytest.raises(ValueError, match="less 2C"):
        RULES.new_game(3, seed=1, deck=french_deck())
    state = RULES.new_game(4, seed=1, deck=french_deck())
    first = (state.dealer + 1) % 4
    assert Card.parse("2S") in state.hands[first]
    assert Card.parse("3S") in state.hands[(first + 1) % 4]


def test_the_player_left_of_the_dealer_leads_and_the_deal_passes_left() -> None:
    state, events = random_game(5, seed=3)
    deals = [e for e in events if isinstance(e, HandDealt)]
    assert [d.round_number for d in deals] == [2, 3, 4, 5, 6]
    first_dealer = RULES.new_game(5, seed=3).dealer
    assert [d.dealer for d in deals] == [(first_dealer + r) % 5 for r in range(1, 6)]
    assert all(d.counts == (10,) * 5 for d in deals)
    fresh = RULES.new_game(5, seed=3)
    assert fresh.to_move == (fresh.dealer + 1) % 5


def test_each_new_round_is_led_from_the_new_dealers_left() -> None:
    state = RULES.new_game(4, seed=11)
    rng = random.Random(1)
    while not state.is_over:
        events = state.apply(rng.choice(state.legal_actions()))
        for event in events:
            if isinstance(event, HandDealt):
                assert state.to_move == (event.dealer + 1) % 4
                assert state.round_number == event.round_number
                assert state.view(0).tricks == () and not state.broken


# Trick play


def test_highest_card_of_the_led_suit_wins_with_no_trumps() -> None:
    state = at_round(1, ONE_SUIT_EACH)
    events = play(state, "2C AH AS AD")
    taken = [e for e in events if isinstance(e, TrickTaken)]
    assert taken[0].seat == 0 and taken[0].points == 10
    assert state.to_move == 0


def test_trick_winner_leads_the_next_trick() -> None:
    state = at_round(1, {0: "2C 3D", 1: "AC 4D", 2: "KC 5D", 3: "QC 6D"})
    play(state, "2C AC KC QC")
    assert state.to_move == 1
    assert state.view(1).tricks[0].winner == 1


def test_must_follow_suit() -> None:
    state = at_round(1, {0: "2C", 1: "AC AD"})
    play(state, "2C")
    message = illegal(state, PlayCard(Card.parse("AD")))
    assert message == "You must follow suit: you hold a club."
    assert [str(a) for a in state.legal_actions()] == ["play AC"]


def test_any_card_when_void_in_the_led_suit() -> None:
    state = at_round(1, ONE_SUIT_EACH)
    play(state, "2C")
    assert len(state.legal_actions()) == 13


def test_card_not_held() -> None:
    state = at_round(1, ONE_SUIT_EACH)
    assert illegal(state, PlayCard(Card.parse("AH"))) == "You do not hold the ace of hearts."


def test_only_card_plays_are_moves() -> None:
    @dataclass(frozen=True, slots=True)
    class Pass(Action):
        def __str__(self) -> str:
            return "pass"

    state = at_round(1, ONE_SUIT_EACH)
    assert "only move is to play a card" in illegal(state, Pass())


# Restricted suits


@pytest.mark.parametrize(("number", "suit"), [(2, "hearts"), (4, "spades"), (6, "hearts")])
def test_restricted_suit_cannot_be_led_until_broken(number: int, suit: str) -> None:
    card = "2H" if suit == "hearts" else "2S"
    state = at_round(number, {0: f"{card} 3C 4C"})
    assert state.view(0).restricted is not None
    message = illegal(state, PlayCard(Card.parse(card)))
    assert message == f"{suit.capitalize()} may not be led until they are broken."
    assert PlayCard(Card.parse(card)) not in state.legal_actions()


@pytest.mark.parametrize("number", [1, 3, 5])
def test_no_restricted_suit_in_rounds_1_3_5(number: int) -> None:
    state = at_round(number, {0: "2H 2S 3C"})
    assert state.view(0).restricted is None
    assert {PlayCard(Card.parse("2H")), PlayCard(Card.parse("2S"))} <= set(state.legal_actions())


def test_spades_may_be_led_at_once_in_round_6() -> None:
    state = at_round(6, {0: "2S 3C"})
    play(state, "2S")
    assert state.trick.led_suit is Suit.SPADES


@pytest.mark.parametrize(("number", "suit"), [(2, Suit.HEARTS), (4, Suit.SPADES), (6, Suit.HEARTS)])
def test_restricted_suit_may_be_led_by_a_player_holding_nothing_else(
    number: int, suit: Suit
) -> None:
    others = [s for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES) if s is not suit]
    hands = {0: " ".join(f"{rank}{suit}" for rank in "A K Q J 10 9 8 7 6 5 4 3 2".split())}
    for seat, other in enumerate(others, start=1):
        hands[seat] = " ".join(f"{rank}{other}" for rank in "A K Q J 10 9 8 7 6 5 4 3 2".split())
    state = at_round(number, hands)
    assert len(state.legal_actions()) == 13
    events = play(state, f"2{suit} 2{others[0]} 2{others[1]} 2{others[2]}")
    # Leading it from a bare hand does not break it: the others did not throw it off.
    assert not state.broken
    assert not any(isinstance(e, SuitBroken) for e in events)


def test_a_suit_is_broken_by_a_player_who_cannot_follow() -> None:
    hands = {
        0: "AC KC QC JC 10C 9C 8C 2H 3H 4H AD KD QD",
        1: "7C 6C 5C 2S 3S 4S 5S 6S 7S 8S 9S 10S JS",
        2: "5H 6H 7H 8H 9H 10H JH QH KH AH QS KS AS",
        3: "4C 3C 2C JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
    }
    state = at_round(2, hands)
    assert PlayCard(Card.parse("2H")) not in state.legal_actions()
    assert illegal(state, PlayCard(Card.parse("2H"))).startswith("Hearts may not be led")
    play(state, "AC 5C")
    assert not state.broken
    events = play(state, "5H")
    assert [e for e in events if isinstance(e, SuitBroken)] == [SuitBroken(2, Suit.HEARTS)]
    assert state.broken and state.view(3).broken
    events = play(state, "4C")
    assert [e for e in events if isinstance(e, TrickTaken)][0].points == 10
    assert state.to_move == 0
    assert PlayCard(Card.parse("2H")) in state.legal_actions()
    play(state, "2H")


def test_a_heart_thrown_off_in_round_4_leaves_spades_unbroken() -> None:
    state = at_round(4, ONE_SUIT_EACH)
    events = play(state, "AC AH")
    assert not state.broken and not any(isinstance(e, SuitBroken) for e in events)


def test_leading_the_unbroken_suit_shows_the_leader_holds_nothing_else() -> None:
    spades = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
    hands = {0: spades, 1: ONE_SUIT_EACH[0], 2: ONE_SUIT_EACH[1], 3: ONE_SUIT_EACH[3]}
    state = at_round(4, hands)
    play(state, "2S")
    assert state.view(1).known_voids()[0] == {Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS}
    assert state.view(1).known_voids()[2] == set()


def test_events_name_only_cards_already_played_this_round() -> None:
    for players in (3, 5, 8):
        state = RULES.new_game(players, seed=players)
        rng = random.Random(players)
        played: set[Card] = set()
        while not state.is_over:
            for event in state.apply(rng.choice(state.legal_actions())):
                if isinstance(event, HandDealt):
                    played = set()
                if isinstance(event, CardPlayed):
                    played.add(event.card)
                assert cards_in(event) <= played, event


# Scoring, round by round


def test_round_1_costs_10_a_trick() -> None:
    state = at_round(1, ONE_SUIT_EACH)
    events = lead_clubs_to_the_end(state)
    scored = [e for e in events if isinstance(e, RoundScored)]
    assert scored[0].points == (130, 0, 0, 0)


def test_round_2_ends_on_the_trick_holding_the_last_heart() -> None:
    hands = {
        0: "AC KC QC JC 10C 9C 8C 7C 6C 2H 3H 4H 5H",
        1: "6H 7H 8H 9H AS KS QS JS 10S 9S 8S 7S 6S",
        2: "10H JH QH 5C 4C 3C 2C 5S 4S 3S 2S AD KD",
        3: "KH AH QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
    }
    state = at_round(2, hands)
    play(state, "AC 6H 5C AH")
    assert state.round_points == [20, 0, 0, 0]
    play(state, "2H 7H 10H KH")
    play(state, "QD 3H 8H AD")
    play(state, "JH 2D 4H 9H")
    events = play(state, "QH 3D 5H")
    assert not any(isinstance(e, RoundEndedEarly) for e in events)
    events = play(state, "AS")
    ended = [e for e in events if isinstance(e, RoundEndedEarly)]
    assert ended == [RoundEndedEarly(2, 32, "Every heart has been taken.")]
    scored = [e for e in events if isinstance(e, RoundScored)]
    assert scored[0].points == (20, 0, 70, 40)
    assert state.round_number == 3 and state.dealer == 0 and state.to_move == 1
    assert not state.broken and state.view(1).tricks == ()
    assert any(isinstance(e, HandDealt) and e.round_number == 3 for e in events)


def test_round_3_ends_on_the_trick_holding_the_last_queen() -> None:
    state = at_round(3, ONE_SUIT_EACH)
    events = play(state, "QC QH QS QD")
    assert [e for e in events if isinstance(e, RoundEndedEarly)] == [
        RoundEndedEarly(3, 48, "Every queen has been taken.")
    ]
    assert [e for e in events if isinstance(e, RoundScored)][0].points == (100, 0, 0, 0)


def test_round_4_ends_on_the_trick_holding_the_king_of_spades() -> None:
    state = at_round(4, ONE_SUIT_EACH)
    events = play(state, "2C AH")
    assert not any(isinstance(e, RoundScored) for e in events)
    events = play(state, "KS 2D")
    assert [e for e in events if isinstance(e, RoundEndedEarly)] == [
        RoundEndedEarly(4, 48, "The king of spades has been taken.")
    ]
    assert [e for e in events if isinstance(e, RoundScored)][0].points == (100, 0, 0, 0)


def test_without_early_end_every_card_is_played() -> None:
    state = at_round(3, ONE_SUIT_EACH, options=ArizonaSpaghettiOptions(early_end=False))
    play(state, "QC QH QS QD")
    assert state.round_number == 3 and len(state.tricks) == 1
    events = lead_clubs_to_the_end(state)
    assert not any(isinstance(e, RoundEndedEarly) for e in events)
    assert [e for e in events if isinstance(e, RoundScored)][0].points == (100, 0, 0, 0)


def test_round_5_costs_100_for_the_last_trick_only() -> None:
    state = at_round(5, ONE_SUIT_EACH)
    events = lead_clubs_to_the_end(state)
    taken = [e for e in events if isinstance(e, TrickTaken)]
    assert [t.points for t in taken] == [0] * 12 + [100]
    assert [e for e in events if isinstance(e, RoundScored)][0].points == (100, 0, 0, 0)


def test_round_6_queen_of_hearts_costs_45() -> None:
    hands = {
        0: "AC KC QC JC 10C 9C 8C 7C 6C 5C 2C AS KS",
        1: "3C QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AD",
        2: "QH AH KH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
        3: "4C KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
    }
    state = at_round(6, hands)
    events = play(state, "AC 3C QH 4C")
    assert [e for e in events if isinstance(e, TrickTaken)][0].points == 45
    assert state.round_points == [45, 0, 0, 0]


def test_round_6_scores_everything_and_plays_every_card() -> None:
    state = at_round(6, ONE_SUIT_EACH)
    events = lead_clubs_to_the_end(state)
    assert not any(isinstance(e, RoundEndedEarly) for e in events)
    # 13 tricks, 13 hearts, 4 queens, the king of spades, the last trick.
    assert [e for e in events if isinstance(e, RoundScored)][0].points == (560, 0, 0, 0)


def test_points_follow_the_round_table() -> None:
    qh, ks = Card.parse("QH"), Card.parse("KS")
    assert [r.card_points(qh) for r in ROUNDS] == [0, 10, 25, 0, 0, 35]
    assert [r.card_points(ks) for r in ROUNDS] == [0, 0, 0, 100, 0, 100]
    assert [r.per_trick for r in ROUNDS] == [10, 0, 0, 0, 0, 10]
    assert [r.last_trick for r in ROUNDS] == [0, 0, 0, 0, 100, 100]


# The end of the game


def test_six_rounds_then_the_lowest_total_wins() -> None:
    for seed in range(5):
        state, events = random_game(3 + seed, seed)
        scored = [e for e in events if isinstance(e, RoundScored)]
        assert len(scored) == 6
        assert len(state.past_rounds) == 6
        assert state.scores == scored[-1].totals
        assert state.scores == tuple(map(sum, zip(*state.past_rounds, strict=True)))
        best = min(state.scores)
        assert state.winners == tuple(s for s, t in enumerate(state.scores) if t == best)
        assert events[-1] == GameOver(state.winners)
        assert state.to_move is None and state.legal_actions() == []


def test_tied_lowest_totals_share_the_win() -> None:
    state = at_round(6, ONE_SUIT_EACH)
    state.totals = [0, 560, 600, 560]
    events = lead_clubs_to_the_end(state)
    assert state.is_over and state.scores == (560, 560, 600, 560)
    assert state.winners == (0, 1, 3)
    assert events[-1] == GameOver((0, 1, 3))


def test_no_moves_after_the_game_is_over() -> None:
    state, _ = random_game(4, seed=2)
    assert "game is over" in illegal(state, PlayCard(Card.parse("2C")))


def test_at_game_over_the_last_trick_lies_only_among_the_tricks_taken() -> None:
    for seed in (2, 5, 9):
        state, _ = random_game(5, seed=seed)
        view = state.view(0)
        assert view.trick == ()
        played = [card for done in view.tricks for _, card in done.plays]
        assert len(played) == len(set(played))


def test_a_finished_game_keeps_the_fingerprint_it_had_with_the_last_trick_on_the_table() -> None:
    """Until the last trick of the game was collected like every other, a finished
    game's fingerprint had it on the table too; saves of such games still open."""
    state, _ = random_game(4, seed=3)
    as_it_was = state.clone()
    last = state.tricks[-1]
    as_it_was.trick = Trick(last.leader, list(last.plays))
    assert as_it_was.digest() != state.digest()
    assert as_it_was.digest() in state.earlier_digests()


def test_a_game_in_play_has_no_fingerprint_with_a_trick_put_back() -> None:
    state = RULES.new_game(4, seed=3)
    rng = random.Random(3)
    while len(state.tricks) < 2:
        state.apply(rng.choice(state.legal_actions()))
    as_if = state.clone()
    as_if.trick = Trick(state.tricks[-1].leader, list(state.tricks[-1].plays))
    assert as_if.digest() not in state.earlier_digests()


# Views and text forms


def test_view_shows_own_hand_and_public_history() -> None:
    state = at_round(2, ONE_SUIT_EACH)
    play(state, "AC 2H")
    view = state.view(2)
    assert view.hand == tuple(sorted(parse_cards(ONE_SUIT_EACH[2]), key=Card.sort_key))
    assert view.hand_counts == (12, 12, 13, 13)
    assert view.trick == ((0, Card.parse("AC")), (1, Card.parse("2H")))
    assert view.round_rule.name == "Hearts" and view.broken
    assert view.known_voids()[1] == {Suit.CLUBS}
    assert state.view(None).hand == ()


def test_parse_action_round_trip_and_errors() -> None:
    for card in deck_for(4):
        action = PlayCard(card)
        assert RULES.parse_action(str(action)) == action
    for text in ("play", "bid 4", "play ZZ", "play JK"):
        with pytest.raises(ActionParseError):
            RULES.parse_action(text)
