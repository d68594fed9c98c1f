"""The coach: one remark per trick (games of tricks) or per turn (the others), from
the adviser's reason; a move other than the advice is named with the advised one, a
move like it is sometimes praised; nothing is said about a forced move."""

from __future__ import annotations

from cardtable_gui.ai.advice import Advice
from cardtable_gui.cards import Card
from cardtable_gui.rules.base import CardPlayed, HandDealt, TrickWon
from cardtable_gui.rules.hand_and_foot import Discard, DrawCards, TakePile
from cardtable_gui.rules.spades import Bid, PlayCard
from cardtable_gui.rules.spizzichino import StandPile
from cardtable_gui.rules.spizzichino import TakePile as TakeSpizzichinoPile
from cardtable_gui.scenes.table.coach import Coach, Decision, remark_on, what_you_did

FOUR_H = Card.parse("4H")
SEVEN_S = Card.parse("7S")
DUCK = Advice(PlayCard(FOUR_H), "Play the 4 of hearts: it stays under your partner's jack, protecting their nil.", "cover-nil")
TRICK = TrickWon(1, (Card.parse("JH"), FOUR_H, Card.parse("2H"), Card.parse("3H")))


def test_a_different_card_names_the_advised_one_with_its_reason_once_the_trick_is_taken() -> None:
    coach = Coach("spades")
    coach.advise(DUCK)
    coach.played(PlayCard(SEVEN_S))
    assert not coach.on_event(CardPlayed(0, SEVEN_S)), "nothing is said before the trick is taken"
    assert coach.remark is None
    assert coach.on_event(TRICK)
    assert coach.remark == (
        "You played the seven of spades. I would play the 4 of hearts: it stays under your "
        "partner's jack, protecting their nil."
    )


def test_the_same_move_is_praised_once_per_idea() -> None:
    coach = Coach("spades")
    coach.advise(DUCK)
    coach.played(DUCK.action)
    coach.on_event(TRICK)
    assert coach.remark == "Good choice. It stays under your partner's jack, protecting their nil."
    coach.advise(DUCK)
    coach.played(DUCK.action)
    coach.on_event(TRICK)
    assert coach.remark is None, "the same idea is not praised twice; the old remark goes with its trick"


def test_a_forced_move_gets_no_remark() -> None:
    only = Advice(PlayCard(FOUR_H), "Play the 4 of hearts: it is the only card you may play.", "only-card")
    assert remark_on([Decision(only, PlayCard(FOUR_H))], set()) is None


def test_a_choice_where_every_move_is_as_good_gets_no_remark_and_the_card_played_does() -> None:
    """Seen in play: after a Spizzichino trick the coach faulted the blind pile choice it
    calls as good as any other, and said nothing of the card the learner changed."""
    blind = Advice(StandPile(3), "Stand pile 4 face up as a stack: the piles lie face down, so no pile is better than another.", "blind-pile")
    decisions = [Decision(blind, TakeSpizzichinoPile(0)), Decision(DUCK, PlayCard(SEVEN_S))]
    remark = remark_on(decisions, set())
    assert remark is not None and "pile" not in remark and "4 of hearts" in remark


def test_of_a_bid_and_a_card_in_one_trick_the_first_difference_is_told() -> None:
    bid = Advice(Bid(4), "Bid 4: your high cards and spades should take about 4 tricks.", "bid-count")
    remark = remark_on([Decision(bid, Bid(2)), Decision(DUCK, PlayCard(SEVEN_S))], set())
    assert remark == "You chose to bid 2. I would bid 4: your high cards and spades should take about 4 tricks."


def test_a_game_of_turns_remarks_when_the_turn_has_passed() -> None:
    coach = Coach("hand_and_foot")
    draw = Advice(DrawCards(), "Draw from the draw pile: the discard pile is frozen.", "draw")
    discard = Advice(Discard(FOUR_H), "Discard the 4 of hearts: nobody collects hearts.", "discard")
    coach.advise(draw)
    coach.played(DrawCards())
    coach.advise(discard)
    assert not coach.turn_passed(), "a decision still open: the turn is not over"
    coach.played(Discard(SEVEN_S))
    assert not coach.on_event(TRICK), "tricks mean nothing in a game of turns"
    assert coach.turn_passed()
    assert coach.remark == (
        "You discarded the seven of spades. I would discard the 4 of hearts: nobody collects hearts."
    )


def test_undone_moves_are_forgotten_and_a_dismissed_remark_is_gone() -> None:
    coach = Coach("arizona_spaghetti")
    coach.advise(DUCK)
    coach.played(PlayCard(SEVEN_S))
    coach.forget()
    assert not coach.on_event(TRICK) and coach.remark is None
    coach.advise(DUCK)
    coach.played(PlayCard(SEVEN_S))
    coach.on_event(TRICK)
    assert coach.remark is not None
    coach.dismiss()
    assert coach.remark is None
    assert not coach.on_event(HandDealt(0, (13, 13, 13, 13)))


def test_moves_told_back_in_words_never_in_card_notation() -> None:
    assert what_you_did(PlayCard(SEVEN_S)) == "You played the seven of spades."
    assert what_you_did(Bid(0)) == "You chose to bid nil."
    assert what_you_did(DrawCards()) == "You chose to draw."
    from cardtable_gui.rules.spizzichino import TakePile

    assert what_you_did(TakePile(3)) == "You chose another move."


def test_in_spinado_every_card_is_a_turn() -> None:
    coach = Coach("spinado")
    run = Advice(PlayCard(FOUR_H), "Start with the 4 of hearts: the run surely stops after it.", "run-stops")
    coach.advise(run)
    assert not coach.on_event(CardPlayed(1, SEVEN_S)), "another player's card, before the learner's move"
    coach.played(PlayCard(SEVEN_S))
    assert coach.on_event(CardPlayed(0, SEVEN_S))
    assert coach.remark == "You played the seven of spades. I would start with the 4 of hearts: the run surely stops after it."


def test_a_pile_taken_with_the_advised_pair_picked_the_other_way_round_is_the_advised_move() -> None:
    """Seen in play: the learner took the pile as hinted, and the coach said it would
    have taken the pile (the two cards of the pair were picked in the other order)."""
    ten_hearts, ten_spades = Card.parse("10H"), Card.parse("10S")
    advice = Advice(TakePile((ten_hearts, ten_spades)), "Take the pile: it starts a book of tens", "take pile")
    assert Decision(advice, TakePile((ten_spades, ten_hearts))).followed
    assert not Decision(advice, Discard(ten_spades)).followed
