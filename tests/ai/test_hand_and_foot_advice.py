"""The Hand and Foot heuristic explains itself: drawing or taking the pile, the books a
meld starts or closes, the discard, and going out; advising changes no move."""

from __future__ import annotations

from cardtable_gui.ai.advice import Advice
from cardtable_gui.rules.hand_and_foot import AnswerGoOut, AskToGoOut, Discard, DrawCards, HandAndFootState, Meld, Phase, TakePile
from tests.ai.advice_support import advise_through_a_game
from tests.ai.test_hand_and_foot_ai import agent, position

CLOSED = [
    "KS KH KD KC KS KH KD", "QS QH QD QC QS QH QD", "JS JH JD JC JS JH JD",
    "9S 9H 9D 9C 9S 9H 2D", "8S 8H 8D 8C 8S 8H JK", "7S 7H 7D 7C 7S 7H 2C",
]


def advice(state: HandAndFootState, seat: int = 0) -> Advice:
    return agent(seat).advise(state.view(seat), state.legal_actions())  # type: ignore[no-any-return]


def test_a_seeded_game_plays_the_same_moves_as_before_advice() -> None:
    digest, _ = advise_through_a_game("hand_and_foot", 4, seed=3)
    assert digest == "b487c9526ff30a47"


def test_an_opening_meld_starts_a_book() -> None:
    said = advice(position("KS KH KD 5C 9S 3C"))
    assert isinstance(said.action, Meld)
    assert said.rule == "start-book"
    assert said.reason.startswith("Lay down these 3 cards to start a book of kings")


def test_a_three_is_thrown_away_because_it_never_makes_a_book() -> None:
    said = advice(position("KS 9H 5D 3C 2S", books={0: ["QS QH QD"], 1: ["8S 8H 8D"]}))
    assert said.rule == "discard-three"
    assert said.reason == "Discard the three of clubs: threes never go into a book, so it is no use to keep."


def test_a_lone_card_nobody_collects_is_discarded() -> None:
    said = advice(position("9H 8C 2S JK", books={0: ["QS QH QD"], 1: ["8S 8H 8D"]}))
    assert said.action == Discard(said.action.card)  # type: ignore[attr-defined]
    assert said.rule == "discard-lone"
    assert "nine of hearts" in said.reason and "no other team is collecting nines" in said.reason


def test_closing_a_book_in_the_foot_names_the_book_and_its_bonus() -> None:
    books = {0: ["QS QH QD QC QS QH"], 1: ["8S 8H 8D"]}
    said = advice(position("2S 9H 6C 7D", books=books, stage=1))
    assert said.rule == "close-book"
    assert said.reason == "Lay down the two of spades: it closes a dirty book of queens, worth 300."


def test_taking_a_pile_that_pays_and_drawing_past_a_small_one() -> None:
    take = advice(position("9S 9H 5C", phase=Phase.DRAW, books={0: ["QS QH QD"]}, pile="4C 5D 6H KS 9D"))
    assert isinstance(take.action, TakePile)
    assert take.rule == "take-pile"
    assert take.reason.startswith("Take the pile: the nine of diamonds and your pair start a book of nines")
    # The nine goes to the book with the pair: the 4 cards under it come to hand (a
    # playtester's hint once counted the top card too).
    assert "bring 4 cards into your hand" in take.reason
    draw = advice(position("9S 9H 5C", phase=Phase.DRAW, books={0: ["QS QH QD"]}, pile="9D"))
    assert draw.action == DrawCards()
    assert draw.rule == "draw"
    assert "holds only 1 card" in draw.reason


def test_asking_and_answering_to_go_out_say_the_team_is_ahead() -> None:
    state = position("AS AH AD 5C", books={0: CLOSED}, stage=1)
    state.totals = [1000, 0]
    ask = advice(state)
    assert ask.action == AskToGoOut()
    assert ask.rule == "ask-out"
    assert "has the books it needs and is ahead" in ask.reason
    state.apply(AskToGoOut())
    answer = advice(state, seat=2)
    assert answer.action == AnswerGoOut(True)
    assert answer.rule == "answer-yes"
    assert answer.reason.startswith("Say yes: your team is ahead")


def test_every_rule_of_thumb_speaks_in_seeded_games() -> None:
    seen: set[str] = set()
    for seed in range(4):
        seen |= advise_through_a_game("hand_and_foot", 4, seed)[1]
    assert seen >= {
        "take-pile", "draw", "start-book", "add-to-book", "close-book", "meld-going-out",
        "discard-three", "discard-lone", "discard-least", "last-card", "ask-out", "answer-yes",
    }


def test_a_partner_behind_with_costly_cards_says_no() -> None:
    state = position("AS AH AD 5C", books={0: CLOSED}, stage=1)
    state.totals = [0, 5000]
    state.apply(AskToGoOut())
    answer = advice(state, seat=2)
    assert answer.action == AnswerGoOut(False)
    assert answer.rule == "answer-no"
    assert answer.reason.startswith("Say no: your team is behind")
