"""The Spinado heuristic: it only makes legal moves, makes the moves its craft calls for
in set positions, and beats random players clearly."""

from __future__ import annotations

import random

from cardtable_gui.ai import make_agent
from cardtable_gui.cards import Card, parse_cards
from cardtable_gui.rules.spinado import (
    DEAD,
    DECK,
    Play,
    SpinadoRules,
    SpinadoState,
    hand_order,
)
from cardtable_gui.simulate import simulate

RULES = SpinadoRules()
_PACK = {card: card for card in DECK}


def cards(text: str) -> list[Card]:
    return [_PACK[c] for c in parse_cards(text)]


def arrange(hands: dict[int, str], turn: int, played: str = "") -> SpinadoState:
    """A three-player hand with these hands; every other card not ``played`` lies dead."""
    state = RULES.new_game(3, seed=4)
    state.hands = [sorted(cards(hands.get(s, "")), key=hand_order) for s in range(3)]
    gone = cards(played)
    state.plays = tuple((1, c) for c in gone)
    held = {c for hand in state.hands for c in hand}
    state.dead = [c for c in DECK if c not in held and c not in gone]
    state.holder = {c: DEAD for c in state.dead}
    for seat, hand in enumerate(state.hands):
        for c in hand:
            state.holder[c] = seat
    state.known_dead = ()
    state.turn = turn
    state.last_card = None
    return state


def choice(state: SpinadoState) -> str:
    seat = state.to_move
    assert seat is not None
    agent = make_agent("heuristic", "spinado", seat, random.Random(1))
    return str(agent.choose(state.view(seat), state.legal_actions()))


def test_the_heuristic_only_plays_legal_moves() -> None:
    rng = random.Random(3)
    for number, players in enumerate((3, 4, 5, 3)):
        state = RULES.new_game(players, seed=number)
        agents = [
            make_agent("heuristic", "spinado", s, random.Random(rng.random())) for s in range(players)
        ]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions()
            action = agents[seat].choose(state.view(seat), legal)
            assert action in legal
            state.apply(action)


def test_it_starts_a_run_that_stops_in_its_own_hand_first() -> None:
    # 10H-JH-QH-KH sheds four cards and the king hands the lead back.
    state = arrange({0: "3C 10H JH QH KH 5S", 1: "4C 6S 7S", 2: "3H 4H 5H"}, turn=0)
    assert choice(state) == "play 10H"


def test_it_starts_with_a_card_only_it_can_ever_play() -> None:
    # Nothing leads into the 3C; the 6S can still come when someone plays the 5S.
    state = arrange({0: "3C 6S", 1: "4C 5S 3D", 2: "7S 3H 4H"}, turn=0)
    assert choice(state) == "play 3C"


def test_it_adds_the_spinado_where_the_run_would_pass_to_another_player() -> None:
    state = arrange({0: "3C AD 9S", 1: "4C 6S 7S", 2: "3H 4H 5H"}, turn=0)
    assert choice(state) == "play 3C+AD"


def test_it_keeps_the_spinado_while_the_run_goes_on_in_its_own_hand() -> None:
    state = arrange({0: "3C 4C AD 9S", 1: "5C 6S 7S", 2: "3H 4H 5H"}, turn=0)
    assert choice(state) == "play 3C"
    state.apply(Play(_PACK[Card.parse("3C")]))
    assert choice(state) == "play 4C+AD"


def test_it_drops_the_spinado_when_another_player_is_nearly_out() -> None:
    state = arrange({0: "KH AD 9S 3C", 1: "6S", 2: "3H 4H 5H"}, turn=0)
    assert choice(state) == "play KH+AD"


def test_it_plays_the_spinado_when_nothing_else_is_left() -> None:
    state = arrange({0: "AD", 1: "6S 7S 8S"}, turn=0)
    assert choice(state) == "play AD"


def test_the_heuristic_beats_random_players_clearly() -> None:
    for seats in (("heuristic", "random", "random"), ("random", "random", "heuristic", "random")):
        result, _ = simulate(RULES, seats, games=100, seed=5)
        share = result.wins[seats.index("heuristic")] / result.games
        assert share > 1.3 / len(seats), (seats, share)
