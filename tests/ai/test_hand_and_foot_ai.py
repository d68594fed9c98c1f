"""The Hand and Foot heuristic: it plays only legal actions, follows the usual craft,
and beats random players."""

from __future__ import annotations

import random

from cardtable_gui.ai.levels import make_agent
from cardtable_gui.cards import Card, parse_cards
from cardtable_gui.rules.hand_and_foot import (
    AnswerGoOut,
    AskToGoOut,
    Book,
    Discard,
    DrawCards,
    HandAndFootOptions,
    HandAndFootRules,
    HandAndFootState,
    Meld,
    Phase,
    TakePile,
)
from cardtable_gui.simulate import play_game

RULES = HandAndFootRules()


def agent(seat: int = 0):  # type: ignore[no-untyped-def]
    return make_agent("heuristic", "hand_and_foot", seat, random.Random(seat))


def position(hand: str, *, phase: Phase = Phase.PLAY, books: dict[int, list[str]] | None = None,
             pile: str = "4D", stage: int = 0) -> HandAndFootState:
    state = RULES.new_game(4, HandAndFootOptions(), seed=3)
    state.turn = 0
    state.phase = phase
    state.hands[0] = parse_cards(hand)
    state.pile = parse_cards(pile)
    state.stages[0] = stage
    if stage:
        state.feet[0] = []
    state.books = [[], []]
    for team, texts in (books or {}).items():
        for text in texts:
            cards = tuple(parse_cards(text))
            state.books[team].append(Book(next(c.rank for c in cards if c.rank.value not in (2, 15)), cards))
    return state


def choose(state: HandAndFootState, seat: int = 0):  # type: ignore[no-untyped-def]
    return agent(seat).choose(state.view(seat), state.legal_actions())


def test_only_legal_actions_in_whole_games() -> None:
    for players in (2, 4, 6):
        state = RULES.new_game(players, HandAndFootOptions(rounds=2, red_threes=True, wild_books=True), seed=players)
        agents = [agent(s) for s in range(players)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            action = agents[seat].choose(state.view(seat), state.legal_actions())
            assert state.is_legal(action)
            state.apply(action)


def test_opens_when_the_minimum_is_met() -> None:
    state = position("KS KH KD 5C 9S 3C")
    action = choose(state)
    assert isinstance(action, Meld) and {str(c) for c in action.cards} == {"KS", "KH", "KD"}


def test_discards_a_three_first() -> None:
    state = position("KS 9H 5D 3C 2S", books={0: ["QS QH QD"], 1: ["8S 8H 8D"]})
    assert choose(state) == Discard(Card.parse("3C"))


def test_keeps_wilds_and_avoids_feeding_the_other_teams_books() -> None:
    state = position("9H 8C 2S JK", books={0: ["QS QH QD"], 1: ["8S 8H 8D"]})
    assert choose(state) == Discard(Card.parse("9H"))


def test_does_not_spoil_a_clean_book_early_but_closes_books_in_the_foot() -> None:
    books = {0: ["QS QH QD QC QS QH"], 1: ["8S 8H 8D"]}
    early = position("2S 9H 6C 7D", books=books)
    assert isinstance(choose(early), Discard)
    late = position("2S 9H 6C 7D", books=books, stage=1)
    action = choose(late)
    assert isinstance(action, Meld) and Card.parse("2S") in action.cards


def test_takes_a_pile_that_pays() -> None:
    state = position("9S 9H 5C", phase=Phase.DRAW, books={0: ["QS QH QD"]}, pile="4C 5D 6H KS 9D")
    assert choose(state) == TakePile((Card.parse("9H"), Card.parse("9S")))
    small = position("9S 9H 5C", phase=Phase.DRAW, books={0: ["QS QH QD"]}, pile="9D")
    assert choose(small) == DrawCards()


def test_asks_and_goes_out_when_ahead() -> None:
    closed = ["KS KH KD KC KS KH KD", "QS QH QD QC QS QH QD", "JS JH JD JC JS JH JD",
              "9S 9H 9D 9C 9S 9H 2D", "8S 8H 8D 8C 8S 8H JK", "7S 7H 7D 7C 7S 7H 2C"]
    state = position("AS AH AD 5C", books={0: closed}, stage=1)
    state.totals = [1000, 0]
    assert choose(state) == AskToGoOut()
    state.apply(AskToGoOut())
    assert choose(state, seat=2) == AnswerGoOut(True)
    state.apply(AnswerGoOut(True))
    while state.to_move == 0 and not state.is_over:
        state.apply(choose(state))
    assert state.round_index == 1, "the round ended with seat 0 going out"


def test_beats_random_players() -> None:
    """The brief's bar is 90% over 100 games (see the simulate command); a smaller
    sample of one-round games keeps this test quick."""
    seats = ["heuristic", "random", "heuristic", "random"]
    wins = 0
    games = 20
    for seed in range(games):
        state = play_game(RULES, seats, seed, HandAndFootOptions(rounds=1))
        wins += 0 in state.winners
    assert wins >= 18


def test_the_ranking_for_the_search_starts_with_the_heuristics_own_choice() -> None:
    state = RULES.new_game(4, seed=11)
    rng = random.Random(4)
    for _ in range(60):
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        ranked = agent(seat).ranked(state.view(seat), legal)
        assert ranked[0] == choose(state, seat)
        assert set(ranked) <= set(legal) and len(ranked) == len(set(ranked))
        state.apply(rng.choice(legal))
