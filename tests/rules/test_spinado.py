"""Spinado rules: the pack and the deal, runs and stops, the spinado, the pots, antes,
sitting out, the end of a hand and of the game, and every illegal move's message."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from pydantic import ValidationError

from cardtable_gui.cards import Card, Rank, Suit, parse_cards
from cardtable_gui.rules import GAMES, IllegalAction
from cardtable_gui.rules.base import ActionParseError, CardPlayed, GameOver, HandDealt, RoundScored
from cardtable_gui.rules.spinado import (
    DEAD,
    DECK,
    SPINADO,
    AntePaid,
    DeadHandRevealed,
    HandWon,
    Play,
    Pot,
    PotWon,
    SequenceStopped,
    SpinadoOptions,
    SpinadoPenalty,
    SpinadoPlayed,
    SpinadoRules,
    SpinadoState,
    StopReason,
    hand_order,
)

RULES = SpinadoRules()
_PACK = {card: card for card in DECK}


def cards(text: str) -> list[Card]:
    return [_PACK[card] for card in parse_cards(text)]


def card(text: str) -> Card:
    return _PACK[Card.parse(text)]


def play(text: str) -> Play:
    return RULES.parse_action(f"play {text}")


def arrange(
    state: SpinadoState,
    hands: dict[int, str],
    turn: int,
    played: str = "",
    last: str | None = None,
) -> SpinadoState:
    """Give the seats these hands mid-hand; every other card not ``played`` lies dead."""
    state.hands = [
        sorted(cards(hands.get(seat, "")), key=hand_order) for seat in range(state.players)
    ]
    gone = cards(played)
    state.plays = tuple((0, c) for c in gone)
    held = {c for hand in state.hands for c in hand}
    state.dead = [c for c in DECK if c not in held and c not in gone]
    state.holder = {c: DEAD for c in state.dead}
    for seat, hand in enumerate(state.hands):
        for c in hand:
            state.holder[c] = seat
    state.known_dead = ()
    state.turn = turn
    state.last_card = None if last is None else card(last)
    return state


def game(players: int = 3, seed: int = 7, **options: int) -> SpinadoState:
    return RULES.new_game(players, SpinadoOptions(**options), seed=seed)


def stops(events: Sequence[object]) -> list[SequenceStopped]:
    return [e for e in events if isinstance(e, SequenceStopped)]


# The pack and the deal


def test_registered_under_spinado() -> None:
    assert isinstance(GAMES["spinado"], SpinadoRules)
    assert RULES.player_counts == (3, 4, 5)


def test_options_follow_the_rulings() -> None:
    """The rulings: everyone starts with 50 chips (option ``starting_chips``); the game
    lasts a set number of hands (option ``hands``, default two per player)."""
    fields = SpinadoOptions.model_fields
    assert set(fields) == {"starting_chips", "hands"}
    assert all(field.description for field in fields.values())
    defaults = SpinadoOptions()
    assert defaults.starting_chips == 50 and defaults.hands == 0
    for players in (3, 4, 5):
        assert game(players).total_hands == 2 * players
    for bad in ({"starting_chips": 0}, {"starting_chips": 1001}, {"hands": -1}, {"hands": 101}):
        with pytest.raises(ValidationError):
            SpinadoOptions(**bad)


def test_starting_chips_option_sets_every_stack_before_the_first_antes() -> None:
    state = game(4, starting_chips=10)
    assert state.chips == [7] * 4 and state.chips_at_deal == [10] * 4


def test_the_first_dealer_is_drawn_from_the_seed_and_the_deal_passes_left() -> None:
    dealers = {game(3, seed=seed).dealer for seed in range(30)}
    assert dealers == {0, 1, 2}
    assert all(game(4, seed=seed).dealer == game(4, seed=seed).dealer for seed in range(10))
    state = game(4, seed=5)
    first = state.dealer
    while state.hand_number == 1:
        state.apply(state.legal_actions()[0])
    assert state.dealer == (first + 1) % 4
    assert state.turn == (first + 2) % 4


def test_the_pack_is_47_cards_without_the_2s_and_the_8_of_diamonds() -> None:
    assert len(DECK) == len(set(DECK)) == 47
    assert all(c.rank is not Rank.TWO for c in DECK)
    assert card("7D") in DECK and Card.parse("8D") not in DECK and card("9D") in DECK


@pytest.mark.parametrize(("players", "each", "dead"), [(3, 11, 14), (4, 9, 11), (5, 7, 12)])
def test_one_hand_each_plus_a_dead_hand_that_takes_the_leftovers(
    players: int, each: int, dead: int
) -> None:
    state = game(players)
    assert [len(hand) for hand in state.hands] == [each] * players
    assert len(state.dead) == dead
    view = state.view(0)
    assert view.dead_count == dead and view.hand_counts == (each,) * players


def test_the_deal_goes_one_card_at_a_time_from_the_dealers_left_then_the_dead_hand() -> None:
    dealer = game(seed=3).dealer
    state = RULES.new_game(3, seed=3, deck=DECK)
    first, second = (dealer + 1) % 3, (dealer + 2) % 3
    assert set(state.hands[first]) == set(DECK[0:44:4])
    assert set(state.hands[second]) == set(DECK[1:44:4])
    assert set(state.hands[dealer]) == set(DECK[2:44:4])
    assert set(state.dead) == set(DECK[3:44:4]) | set(DECK[44:])
    assert state.turn == first and state.view(first).starting


def test_a_stacked_deck_must_be_the_whole_pack() -> None:
    with pytest.raises(ValueError, match="47 cards"):
        RULES.new_game(3, seed=1, deck=DECK[:-1])


def test_everyone_antes_one_chip_to_each_pot_at_the_start() -> None:
    state = game(4)
    assert state.chips == [47] * 4
    assert state.pots == [4, 4, 4]
    assert state.total_hands == 8


def test_nobody_sees_the_dead_hand_during_the_hand() -> None:
    state = game()
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        shown = set(view.hand) | set(view.known_dead) | set(view.last_dead_hand)
        assert not shown & set(state.dead)


def test_no_event_shows_a_dead_card_before_the_hand_ends() -> None:
    state = game(4, seed=21)
    dead = set(state.dead)
    rng = random.Random(2)
    while state.hand_number == 1:
        for event in state.apply(rng.choice(state.legal_actions())):
            if isinstance(event, DeadHandRevealed):
                assert set(event.cards) == dead
                break
            named = {getattr(event, "card", None), getattr(event, "alongside", None)}
            assert not named & dead, event
            if isinstance(event, SequenceStopped) and event.reason is StopReason.DEAD_HAND:
                assert event.card not in dead


def test_a_view_shows_only_its_own_hand() -> None:
    state = game()
    assert state.view(1).hand == tuple(state.hands[1])
    assert state.view(None).hand == ()


# Runs and stops


def test_the_holder_of_the_next_card_must_play_it() -> None:
    state = arrange(game(), {0: "4H 9S", 2: "5H 3C"}, turn=0)
    assert state.apply(play("4H")) == [CardPlayed(0, card("4H"))]
    assert state.turn == 2
    assert state.legal_actions() == [play("5H")]
    assert state.view(2).next_card == card("5H")


def test_the_run_after_the_7_of_diamonds_stops_as_the_8_is_out_of_the_pack() -> None:
    state = arrange(game(), {0: "6D 7D 3C", 1: "9D 4S"}, turn=0)
    state.apply(play("6D"))
    assert state.turn == 0 and state.legal_actions() == [play("7D")]
    events = state.apply(play("7D"))
    assert stops(events) == [SequenceStopped(0, card("7D"), StopReason.OUT_OF_PACK)]
    assert state.turn == 0 and state.view(0).starting


def test_a_card_in_the_dead_hand_stops_the_run() -> None:
    state = arrange(game(), {0: "4H 9S", 1: "3C"}, turn=0)
    assert card("5H") in state.dead
    events = state.apply(play("4H"))
    assert stops(events) == [SequenceStopped(0, card("4H"), StopReason.DEAD_HAND)]
    assert state.turn == 0
    assert state.view(1).known_dead == (card("5H"),)


def test_a_king_stops_the_run() -> None:
    state = arrange(game(), {0: "KH 9S", 1: "3C"}, turn=0)
    assert stops(state.apply(play("KH"))) == [SequenceStopped(0, card("KH"), StopReason.KING)]
    assert state.turn == 0


def test_an_ace_stops_the_run_as_there_are_no_2s() -> None:
    state = arrange(game(), {0: "AC 9S", 1: "3C"}, turn=0)
    assert stops(state.apply(play("AC"))) == [SequenceStopped(0, card("AC"), StopReason.ACE)]
    assert state.turn == 0


def test_a_card_already_played_stops_the_run() -> None:
    state = arrange(game(), {0: "4H 9S", 1: "3C"}, turn=0, played="5H")
    events = state.apply(play("4H"))
    assert stops(events) == [SequenceStopped(0, card("4H"), StopReason.ALREADY_PLAYED)]


def test_the_last_player_to_play_starts_the_next_sequence() -> None:
    state = arrange(game(), {0: "4H 9S", 1: "5H 3C", 2: "JC"}, turn=0)
    state.apply(play("4H"))
    state.apply(play("5H"))
    assert state.turn == 1 and state.view(1).starting
    assert state.legal_actions() == [play("3C")]


# The spinado


def test_the_spinado_alone_when_starting_stops_and_its_player_starts_again() -> None:
    state = arrange(game(), {0: "AD 5C", 1: "3C"}, turn=0)
    events = state.apply(play("AD"))
    assert events == [
        SpinadoPlayed(0, SPINADO, None),
        SequenceStopped(0, SPINADO, StopReason.SPINADO),
    ]
    assert state.turn == 0 and state.view(0).starting


def test_the_spinado_alongside_a_starting_card_stops_the_run() -> None:
    state = arrange(game(), {0: "AD 5C 9S", 1: "6C 3H"}, turn=0)
    assert play("5C+AD") in state.legal_actions()
    events = state.apply(play("5C+AD"))
    assert events == [
        CardPlayed(0, card("5C")),
        SpinadoPlayed(0, SPINADO, card("5C")),
        SequenceStopped(0, SPINADO, StopReason.SPINADO),
    ]
    assert state.turn == 0 and state.hands[0] == cards("9S")


def test_the_spinado_alongside_a_forced_card_takes_the_lead() -> None:
    state = arrange(game(), {0: "4C 9S", 1: "5C AD 9H", 2: "6C"}, turn=0)
    state.apply(play("4C"))
    assert state.legal_actions() == [play("5C"), play("5C+AD")]
    state.apply(play("5C+AD"))
    assert state.turn == 1 and state.view(1).starting
    assert state.hands[2] == cards("6C")


def test_starting_legal_actions_list_each_card_then_each_with_the_spinado() -> None:
    state = arrange(game(), {0: "AD 5C 9S", 1: "3H"}, turn=0)
    assert [str(a) for a in state.legal_actions()] == [
        "play 5C", "play AD", "play 9S", "play 5C+AD", "play 9S+AD"
    ]


# The pots


def test_one_player_playing_jack_queen_and_king_of_diamonds_takes_both_pots() -> None:
    state = arrange(game(), {1: "JD QD KD 5S", 0: "3C"}, turn=1)
    state.pots = [4, 6, 3]
    state.apply(play("JD"))
    events = state.apply(play("QD"))
    assert PotWon(Pot.INTRIGUE, 1, 6) in events
    events = state.apply(play("KD"))
    assert PotWon(Pot.MATRIMONY, 1, 4) in events
    assert stops(events)[0].reason is StopReason.KING
    assert state.pots == [0, 0, 3]
    assert state.chips[1] == 47 + 10


def test_a_pair_counts_when_played_in_different_sequences() -> None:
    state = arrange(game(), {0: "KD QD 5S"}, turn=0)
    state.pots = [5, 2, 3]
    assert not [e for e in state.apply(play("KD")) if isinstance(e, PotWon)]
    assert PotWon(Pot.MATRIMONY, 0, 5) in state.apply(play("QD"))


def test_the_pot_is_paid_when_the_second_card_goes_down_with_the_spinado() -> None:
    state = arrange(game(), {0: "KD QD AD 5S", 1: "3C"}, turn=0)
    state.pots = [6, 2, 3]
    state.apply(play("KD"))
    events = state.apply(play("QD+AD"))
    assert events[:2] == [CardPlayed(0, card("QD")), PotWon(Pot.MATRIMONY, 0, 6)]
    assert stops(events) == [SequenceStopped(0, SPINADO, StopReason.SPINADO)]


def test_a_pair_split_between_players_wins_nothing() -> None:
    state = arrange(game(), {0: "JD 5S", 1: "QD 3C"}, turn=0)
    state.pots = [5, 2, 3]
    state.apply(play("JD"))
    assert not [e for e in state.apply(play("QD")) if isinstance(e, PotWon)]
    assert state.pots == [5, 2, 3]


# The end of a hand


def test_first_out_takes_the_game_pot_and_the_dead_hand_is_turned_up() -> None:
    state = arrange(game(), {0: "KH", 1: "3C 4C", 2: "5S"}, turn=0)
    state.pots = [3, 3, 3]
    dead = tuple(state.dead)
    events = state.apply(play("KH"))
    assert events[:3] == [CardPlayed(0, card("KH")), HandWon(0), PotWon(Pot.GAME, 0, 3)]
    revealed = next(e for e in events if isinstance(e, DeadHandRevealed))
    assert set(revealed.cards) == set(dead)
    assert set(state.view(1).last_dead_hand) == set(dead)
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.points == (-3 + 3, -3, -3)


def test_the_spinado_holder_left_with_4_cards_pays_the_winner_8_chips() -> None:
    state = arrange(game(), {0: "KH", 1: "AD 3C 4C 5C", 2: "5S 6S"}, turn=0)
    events = state.apply(play("KH"))
    assert SpinadoPenalty(seat=1, winner=0, cards=4, amount=8) in events
    assert [e for e in events if isinstance(e, SpinadoPenalty)] == [
        SpinadoPenalty(1, 0, 4, 8)
    ]
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.points[1] == -3 - 8 and scored.points[2] == -3


def test_a_spinado_holder_short_of_chips_pays_what_they_have() -> None:
    state = arrange(game(), {0: "KH", 1: "AD 3C 4C 5C", 2: "5S"}, turn=0)
    state.chips[1] = 5
    events = state.apply(play("KH"))
    assert SpinadoPenalty(1, 0, 4, 5) in events


def test_a_spinado_in_the_dead_hand_costs_nobody_anything() -> None:
    state = arrange(game(), {0: "KH", 1: "3C 4C 5C", 2: "5S"}, turn=0)
    assert not [e for e in state.apply(play("KH")) if isinstance(e, SpinadoPenalty)]


def test_going_out_with_the_spinado_alongside_the_last_card() -> None:
    state = arrange(game(), {0: "AD 4H", 1: "5H"}, turn=0)
    events = state.apply(play("4H+AD"))
    assert HandWon(0) in events
    assert not stops(events)


def test_later_hands_ante_from_everyone_but_the_last_winner() -> None:
    state = arrange(game(), {0: "KH", 1: "3C", 2: "5S"}, turn=0)
    events = state.apply(play("KH"))
    antes = [e for e in events if isinstance(e, AntePaid)]
    assert antes == [AntePaid(1, (1, 1, 1)), AntePaid(2, (1, 1, 1))]
    assert isinstance(events[-1], HandDealt) and events[-1].round_number == 2


def test_a_player_who_cannot_pay_the_ante_pays_what_they_have() -> None:
    state = arrange(game(), {0: "KH", 1: "3C", 2: "5S"}, turn=0)
    state.chips[2] = 2
    events = state.apply(play("KH"))
    assert AntePaid(2, (1, 1, 0)) in events
    assert state.chips[2] == 0
    assert state.sitting_out == () and len(state.hands[2]) == 11


def test_unwon_matrimony_and_intrigue_chips_carry_over() -> None:
    state = arrange(game(), {0: "KH", 1: "3C", 2: "5S"}, turn=0)
    state.pots = [5, 7, 9]
    state.apply(play("KH"))
    assert state.pots == [7, 9, 2]


def test_a_player_with_no_chips_sits_the_hand_out() -> None:
    state = arrange(game(), {0: "KH", 1: "3C", 2: "5S"}, turn=0)
    state.chips[1] = 0
    events = state.apply(play("KH"))
    assert state.sitting_out == (1,)
    assert state.hands[1] == [] and len(state.dead) == 47 - 30
    assert [len(h) for h in state.hands] == [15, 0, 15]
    assert AntePaid(2, (1, 1, 1)) in events
    assert not [e for e in events if isinstance(e, AntePaid) and e.seat == 1]
    assert state.dealer != 1 and state.turn != 1
    assert state.view(0).sitting_out == (1,)


def test_the_deal_passes_left_skipping_players_who_sit_out() -> None:
    state = game()
    first = state.dealer
    arrange(state, {first: "KH", (first + 1) % 3: "3C", (first + 2) % 3: "5S"}, turn=first)
    state.chips[(first + 1) % 3] = 0
    state.apply(play("KH"))
    assert state.dealer == (first + 2) % 3
    assert state.turn == first


def test_the_game_ends_when_fewer_than_two_players_have_chips() -> None:
    state = arrange(game(), {0: "KH", 1: "3C", 2: "5S"}, turn=0)
    state.chips[1] = state.chips[2] = 0
    events = state.apply(play("KH"))
    assert events[-1] == GameOver((0,))
    assert state.is_over and state.to_move is None and state.legal_actions() == []


def test_the_game_lasts_two_hands_per_player_by_default_or_as_set() -> None:
    assert game(5).total_hands == 10
    state = arrange(game(hands=1), {0: "KH", 1: "3C", 2: "5S"}, turn=0)
    events = state.apply(play("KH"))
    assert isinstance(events[-1], GameOver)
    assert state.hand_number == 1


def test_the_most_chips_wins_and_ties_share() -> None:
    state = arrange(game(hands=1), {0: "KH", 1: "3C", 2: "5S"}, turn=0)
    state.pots = [0, 0, 0]
    state.chips = [40, 40, 30]
    state.apply(play("KH"))
    assert state.winners == (0, 1)
    assert state.scores == (40, 40, 30)


def test_a_whole_seeded_game_ends_with_every_chip_accounted_for() -> None:
    state = game(4, seed=11)
    rng = random.Random(11)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        assert sum(state.chips) + sum(state.pots) == 4 * 50
    assert state.winners


# Illegal moves


def test_playing_other_than_the_next_card_is_refused() -> None:
    state = arrange(game(), {0: "5H 9S", 1: "6H 3C 9C"}, turn=0)
    state.apply(play("5H"))
    message = r"^You must play the 6 of hearts: it is the next card\.$"
    with pytest.raises(IllegalAction, match=message):
        state.apply(play("3C"))


def test_the_next_card_message_names_court_cards() -> None:
    state = arrange(game(), {0: "JS 9S", 1: "QS 3C"}, turn=0)
    state.apply(play("JS"))
    with pytest.raises(IllegalAction, match="You must play the queen of spades"):
        state.apply(play("3C"))


def test_the_spinado_alone_mid_run_is_refused() -> None:
    state = arrange(game(), {0: "5H 9S", 1: "6H AD"}, turn=0)
    state.apply(play("5H"))
    with pytest.raises(
        IllegalAction, match=r"^The spinado can only be played alone when you start a run\.$"
    ):
        state.apply(play("AD"))


def test_a_card_not_held_is_refused() -> None:
    state = arrange(game(), {0: "5H 9S", 1: "6H"}, turn=0)
    with pytest.raises(IllegalAction, match=r"^You do not hold the 7 of clubs\.$"):
        state.apply(play("7C"))


def test_the_spinado_without_holding_it_is_refused() -> None:
    state = arrange(game(), {0: "5H 9S", 1: "6H AD"}, turn=0)
    with pytest.raises(IllegalAction, match=r"^You do not hold the spinado\.$"):
        state.apply(play("5H+AD"))
    with pytest.raises(IllegalAction, match=r"^You do not hold the spinado\.$"):
        state.apply(play("AD"))


@pytest.mark.parametrize(
    ("text", "name"), [("2H", "two of hearts"), ("8D", "eight of diamonds"), ("JK", "joker")]
)
def test_a_card_outside_the_spinado_pack_is_refused(text: str, name: str) -> None:
    state = arrange(game(), {0: "5H 9S", 1: "6H"}, turn=0)
    before = state.digest()
    with pytest.raises(IllegalAction, match=rf"^There is no {name} in the Spinado pack\.$"):
        state.apply(Play(Card.parse(text)))
    assert state.digest() == before


def test_the_spinado_with_itself_is_refused() -> None:
    state = arrange(game(), {0: "AD 9S", 1: "6H"}, turn=0)
    with pytest.raises(IllegalAction, match="not with itself"):
        state.apply(Play(SPINADO, True))


def test_moves_after_the_game_and_foreign_actions_are_refused() -> None:
    state = arrange(game(hands=1), {0: "KH", 1: "3C", 2: "5S"}, turn=0)
    with pytest.raises(IllegalAction, match="every move is playing a card"):
        state.apply(object())  # type: ignore[arg-type]
    state.apply(play("KH"))
    with pytest.raises(IllegalAction, match=r"^The game is over\.$"):
        state.apply(play("3C"))


def test_a_refused_move_changes_nothing() -> None:
    state = arrange(game(), {0: "5H 9S", 1: "6H AD 3C"}, turn=0)
    state.apply(play("5H"))
    before = state.digest()
    for bad in ("3C", "AD", "9S", "7C"):
        with pytest.raises(IllegalAction):
            state.apply(play(bad))
    assert state.digest() == before


# Text forms and sampling


@pytest.mark.parametrize("text", ["play 7H", "play 7H+AD", "play AD", "play KD+AD"])
def test_actions_read_back_from_their_text(text: str) -> None:
    assert str(RULES.parse_action(text)) == text


@pytest.mark.parametrize(
    "text", ["", "play", "play 2H", "play 8D", "play AD+AD", "play 7H+KD", "play 7X", "bid 3"]
)
def test_unreadable_actions_are_refused(text: str) -> None:
    with pytest.raises(ActionParseError):
        RULES.parse_action(text)


def test_determinize_places_shown_dead_cards_and_the_next_card_where_they_must_be() -> None:
    state = arrange(game(), {0: "4H 9S 6C", 1: "3C 7C", 2: "JS QS"}, turn=0)
    state.apply(play("4H"))
    state.apply(play("6C"))
    assert state.turn == 1 and state.view(0).known_dead == (card("5H"),)
    view = state.view(0)
    for seed in range(20):
        sample = RULES.determinize(view, random.Random(seed))
        assert sample.view(0) == view
        assert card("5H") in sample.dead
        assert card("7C") in sample.hands[1]


def test_the_view_follows_the_pot_pairs_and_the_runs() -> None:
    state = arrange(game(), {0: "JD 9S", 1: "QD 3C 4S"}, turn=0)
    state.apply(play("JD"))
    state.apply(play("QD"))
    view = state.view(2)
    assert view.pair_cards_played == ((0, card("JD")), (1, card("QD")))
    assert view.played_by(card("QD")) == 1
    assert view.played_in(Suit.DIAMONDS) == (card("JD"), card("QD"))
