"""The coach: one remark per trick (games of tricks) or per turn (the others), judged by
search from the learner's own view: a clearly better move is named with why; a move as
good as the best is praised now and then, or, when the trick still went to the other
side, called the right play with the card that beat it; nothing is said about a forced
move. The judge here is a stand-in with fixed verdicts (the real one searches in a
process of its own, tried in the practice game's tests)."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.judgement import Verdict
from cardtable_gui.cards import Card
from cardtable_gui.rules.base import CardPlayed, HandDealt, TrickWon
from cardtable_gui.rules.hand_and_foot import Discard, DrawCards, TakePile
from cardtable_gui.rules.spades import Bid, PlayCard
from cardtable_gui.rules.spizzichino import StandPile
from cardtable_gui.rules.spizzichino import TakePile as TakeSpizzichinoPile
from cardtable_gui.rules.base import Action, GameView
from cardtable_gui.scenes.table.coach import Closed, Coach, Decision, remark_on, what_you_did

FOUR_H = Card.parse("4H")
SEVEN_S = Card.parse("7S")
SEVEN_S_PLAY = PlayCard(SEVEN_S)
DUCK = Advice(PlayCard(FOUR_H), "Play the 4 of hearts: it stays under your partner's jack, protecting their nil.", "cover-nil")
TRICK = TrickWon(1, (Card.parse("JH"), FOUR_H, Card.parse("2H"), Card.parse("3H")))
NAMES = ("Ana", "Ben", "Cleo", "Dev")
TEAMS = ((0, 2), (1, 3))


def verdict(made: Action, best: Action, made_value: float, best_value: float, noise: float = 5.0) -> Verdict:
    """A search's verdict: values are points gained over the other side on average."""
    return Verdict(made, best, made_value, best_value, 16, noise, 100.0)


class FixedJudge:
    """Answers every question at once with the verdict ``judging(made)``; keeps what it was shown."""

    def __init__(self, judging: dict[Action, Verdict] | None = None) -> None:
        self.judging = judging or {}
        self.asked: list[tuple[int, object, Action]] = []

    def ask(self, seat: int, view: GameView, legal: Sequence[Action], made: Action, seed: int) -> Future[Verdict]:
        self.asked.append((seat, view, made))
        answer: Future[Verdict] = Future()
        answer.set_result(self.judging.get(made) or verdict(made, made, 10.0, 10.0))
        return answer

    def close(self) -> None:
        pass


def coach(game: str, judge: FixedJudge | None = None) -> Coach:
    return Coach(game, 0, TEAMS, NAMES, judge or FixedJudge())


def decide(c: Coach, advice: Advice, made: Action) -> None:
    c.advise(advice, "the learner's view", [advice.action, made])  # type: ignore[arg-type]
    c.played(made)


def test_a_clearly_worse_card_names_the_advised_one_with_its_reason_once_the_trick_is_taken() -> None:
    judge = FixedJudge({PlayCard(SEVEN_S): verdict(PlayCard(SEVEN_S), DUCK.action, -60.0, 40.0)})
    c = coach("spades", judge)
    decide(c, DUCK, PlayCard(SEVEN_S))
    assert judge.asked == [(0, "the learner's view", PlayCard(SEVEN_S))], "judged from the learner's own view"
    c.on_event(CardPlayed(0, SEVEN_S))
    assert not c.poll(), "nothing is said before the trick is taken"
    assert c.remark is None
    c.on_event(TRICK)
    assert c.poll()
    assert c.remark == (
        "You played the seven of spades. I would play the 4 of hearts: it stays under your "
        "partner's jack, protecting their nil."
    )


def test_the_same_move_is_praised_once_per_idea_when_its_side_took_the_trick() -> None:
    c = coach("spades")
    partners_trick = TrickWon(2, TRICK.cards)
    decide(c, DUCK, DUCK.action)
    c.on_event(partners_trick)
    c.poll()
    assert c.remark == "Good choice. It stays under your partner's jack, protecting their nil."
    c.dismiss()
    decide(c, DUCK, DUCK.action)
    c.on_event(partners_trick)
    assert not c.poll() and c.remark is None, "the same idea is not praised twice"


def test_a_forced_move_gets_no_remark() -> None:
    only = Advice(PlayCard(FOUR_H), "Play the 4 of hearts: it is the only card you may play.", "only-card")
    assert remark_on(Closed((Decision(only, PlayCard(FOUR_H)),), None), set()) is None


def test_a_choice_where_every_move_is_as_good_gets_no_remark_and_the_card_played_does() -> None:
    """Seen in play: after a Spizzichino trick the coach faulted the blind pile choice it
    calls as good as any other, and said nothing of the card the learner changed."""
    blind = Advice(StandPile(3), "Stand pile 4 face up as a stack: the piles lie face down, so no pile is better than another.", "blind-pile")
    worse = done(verdict(PlayCard(SEVEN_S), DUCK.action, -50.0, 20.0))
    decisions = (Decision(blind, TakeSpizzichinoPile(0)), Decision(DUCK, PlayCard(SEVEN_S), worse))
    remark = remark_on(Closed(decisions, None), set())
    assert remark is not None and "pile" not in remark and "4 of hearts" in remark


def test_of_a_bid_and_a_card_in_one_trick_the_first_difference_is_told() -> None:
    bid = Advice(Bid(4), "Bid 4: your high cards and spades should take about 4 tricks.", "bid-count")
    decisions = (
        Decision(bid, Bid(2), done(verdict(Bid(2), Bid(4), -80.0, 30.0))),
        Decision(DUCK, PlayCard(SEVEN_S), done(verdict(PlayCard(SEVEN_S), DUCK.action, -50.0, 20.0))),
    )
    remark = remark_on(Closed(decisions, None), set())
    assert remark == "You chose to bid 2. I would bid 4: your high cards and spades should take about 4 tricks."


def test_a_game_of_turns_remarks_when_the_turn_has_passed() -> None:
    draw = Advice(DrawCards(), "Draw from the draw pile: the discard pile is frozen.", "draw")
    discard = Advice(Discard(FOUR_H), "Discard the 4 of hearts: nobody collects hearts.", "discard")
    c = coach("hand_and_foot", FixedJudge({Discard(SEVEN_S): verdict(Discard(SEVEN_S), discard.action, -40.0, 10.0)}))
    decide(c, draw, DrawCards())
    c.advise(discard, "the learner's view", [discard.action, Discard(SEVEN_S)])  # type: ignore[arg-type]
    c.turn_passed()
    assert not c.poll(), "a decision still open: the turn is not over"
    c.played(Discard(SEVEN_S))
    c.on_event(TRICK)
    assert not c.poll(), "tricks mean nothing in a game of turns"
    c.turn_passed()
    assert c.poll()
    assert c.remark == (
        "You discarded the seven of spades. I would discard the 4 of hearts: nobody collects hearts."
    )


def test_undone_moves_are_forgotten_and_a_dismissed_remark_is_gone() -> None:
    c = coach("arizona_spaghetti", FixedJudge({PlayCard(SEVEN_S): verdict(PlayCard(SEVEN_S), DUCK.action, -9.0, 5.0, 1.0)}))
    decide(c, DUCK, PlayCard(SEVEN_S))
    c.forget()
    c.on_event(TRICK)
    assert not c.poll() and c.remark is None
    decide(c, DUCK, PlayCard(SEVEN_S))
    c.on_event(TRICK)
    assert c.poll() and c.remark is not None
    c.dismiss()
    assert c.remark is None
    c.on_event(HandDealt(0, (13, 13, 13, 13)))
    assert not c.poll()


def test_moves_told_back_in_words_never_in_card_notation() -> None:
    assert what_you_did(PlayCard(SEVEN_S)) == "You played the seven of spades."
    assert what_you_did(Bid(0)) == "You chose to bid nil."
    assert what_you_did(DrawCards()) == "You chose to draw."
    from cardtable_gui.rules.spizzichino import TakePile

    assert what_you_did(TakePile(3)) == "You chose another move."


def test_hand_and_foot_melds_and_takes_are_told_back_by_what_they_lay_down() -> None:
    """Seen in a practice game: "You chose another move. Another move did better by 62
    points", naming neither move."""
    from cardtable_gui.rules.hand_and_foot import Meld, MeldGroup
    from cardtable_gui.rules.spizzichino import LiftCard

    kings = MeldGroup(None, tuple(Card.parse(c) for c in ("KH", "KS", "KD")))
    wild = MeldGroup(2, (Card.parse("2C"),))
    assert what_you_did(Meld((kings, wild))) == "You chose to lay down three kings and add a wild to a book."
    nines = (Card.parse("9H"), Card.parse("9S"))
    assert what_you_did(TakePile(nines)) == "You chose to take the pile with two nines."
    assert what_you_did(Discard(Card.parse("8H"))) == "You discarded the eight of hearts."
    assert what_you_did(LiftCard(1)) == "You chose to lift the top card of your right stack."
    made = Discard(Card.parse("8H"))
    found: Future[Verdict] = Future()
    found.set_result(verdict(made, Meld((kings,)), 0.0, 62.0, noise=1.0))
    other = Advice(Discard(Card.parse("3C")), "Discard the 3 of clubs.", "discard")
    said = remark_on(Closed((Decision(other, made, found),), None), set())
    assert said is not None and "To lay down three kings instead did better by 62 points" in said


def test_a_gap_under_half_a_point_is_told_in_tenths_never_as_0() -> None:
    """Seen in a practice game: "playing the quattro di denari did better by 0 points"."""
    from cardtable_gui.scenes.table.coach import by_points

    assert by_points(verdict(DrawCards(), Bid(2), 0.0, 0.3)) == "by 0.3 points"
    assert by_points(verdict(DrawCards(), Bid(2), 0.0, 0.01)) == "by less than a tenth of a point"
    assert by_points(verdict(DrawCards(), Bid(2), 0.0, 0.6)) == "by 1 point"
    assert by_points(verdict(DrawCards(), Bid(2), 0.0, 2.4)) == "by 2 points"


def test_in_spinado_every_card_is_a_turn() -> None:
    run = Advice(PlayCard(FOUR_H), "Start with the 4 of hearts: the run surely stops after it.", "run-stops")
    c = coach("spinado", FixedJudge({PlayCard(SEVEN_S): verdict(PlayCard(SEVEN_S), run.action, -3.0, 4.0, 1.0)}))
    c.advise(run, "the learner's view", [run.action, PlayCard(SEVEN_S)])  # type: ignore[arg-type]
    c.on_event(CardPlayed(1, SEVEN_S))
    assert not c.poll(), "another player's card, before the learner's move"
    c.played(PlayCard(SEVEN_S))
    c.on_event(CardPlayed(0, SEVEN_S))
    assert c.poll()
    assert c.remark == "You played the seven of spades. I would start with the 4 of hearts: the run surely stops after it."


def test_a_pile_taken_with_the_advised_pair_picked_the_other_way_round_is_the_advised_move() -> None:
    """Seen in play: the learner took the pile as hinted, and the coach said it would
    have taken the pile (the two cards of the pair were picked in the other order)."""
    ten_hearts, ten_spades = Card.parse("10H"), Card.parse("10S")
    advice = Advice(TakePile((ten_hearts, ten_spades)), "Take the pile: it starts a book of tens", "take pile")
    assert Decision(advice, TakePile((ten_spades, ten_hearts))).followed
    assert not Decision(advice, Discard(ten_spades)).followed


def done(answer: Verdict) -> Future[Verdict]:
    future: Future[Verdict] = Future()
    future.set_result(answer)
    return future


ACE_S, TEN_S = Card.parse("AS"), Card.parse("10S")
CHEAPEST = Advice(PlayCard(FOUR_H), "Play the 4 of hearts: every card you may play wins this trick, so spend the cheapest.", "cheapest-winner")


def test_the_right_move_that_lost_to_an_unseen_card_is_called_right_and_the_card_named() -> None:
    """Seen in play: "Good choice. Every card you may play wins this trick" after a later
    player took the trick. The move was the best from what the learner could see; the
    coach says so and names the card that beat it, now on the table, and praises nothing."""
    c = coach("spades")
    decide(c, CHEAPEST, CHEAPEST.action)
    for seat, card in enumerate((FOUR_H, Card.parse("10H"), Card.parse("2H"), Card.parse("5H"))):
        c.on_event(CardPlayed(seat, card))
    c.on_event(TrickWon(1, (FOUR_H, Card.parse("10H"), Card.parse("2H"), Card.parse("5H"))))
    assert c.poll()
    assert c.remark == (
        "You played the four of hearts: the right play from what you could see, though Ben's ten of hearts, "
        "which you could not see, took the trick. It did as well as any move in 16 deals sampled from what "
        "you could see."
    )


def test_a_trick_lost_to_a_card_already_on_the_table_is_not_told_as_lost_to_hidden_cards() -> None:
    """Seen in a practice game: "The right play from what you could see: Clara held the
    nine of spades", of a nine played before the learner's eight."""
    nine = Card.parse("9S")
    c = coach("spades")
    c.on_event(CardPlayed(3, nine))
    decide(c, CHEAPEST, CHEAPEST.action)
    c.on_event(CardPlayed(0, FOUR_H))
    c.on_event(TrickWon(3, (nine, FOUR_H)))
    c.poll()
    assert c.remark is None or ("could not see" not in c.remark and "held the" not in c.remark)


def test_a_trick_with_nothing_to_say_takes_down_the_remark_on_an_earlier_one() -> None:
    """Seen in play: the remark on trick 5 stood through trick 7, as if about it."""
    c = coach("spades", FixedJudge({SEVEN_S_PLAY: verdict(SEVEN_S_PLAY, PlayCard(FOUR_H), 0.0, 90.0, noise=1.0)}))
    decide(c, DUCK, SEVEN_S_PLAY)
    c.on_event(TrickWon(2, TRICK.cards))
    assert c.poll() and c.remark is not None and c.remark.startswith("You played the seven of spades.")
    decide(c, DUCK, DUCK.action)
    c.on_event(TrickWon(2, TRICK.cards))
    assert c.poll() and c.remark is not None and c.remark.startswith("Good choice.")
    praised = c.remark
    decide(c, DUCK, DUCK.action)
    c.on_event(TrickWon(2, TRICK.cards))
    assert c.poll(), "the same idea is not praised twice: the remark on the trick before is taken down"
    assert c.remark is None and c.withdrawn == praised


def test_a_trumped_ace_is_not_praised_when_a_better_card_was_there() -> None:
    """Seen in play: after the ace was trumped the coach still said "it wins one of the 2
    more tricks your side needs". A move that lost while a better one was available is
    never praised: the better one is named, with what the deals measured."""
    ace = Advice(PlayCard(Card.parse("AH")), "Play the ace of hearts: it wins one of the 2 more tricks your side needs.", "needed-trick")
    judge = FixedJudge({ace.action: verdict(ace.action, PlayCard(FOUR_H), -70.0, 20.0)})
    c = coach("spades", judge)
    decide(c, ace, ace.action)
    c.on_event(CardPlayed(0, Card.parse("AH")))
    c.on_event(CardPlayed(1, TEN_S))
    c.on_event(TrickWon(1, (Card.parse("AH"), TEN_S)))
    assert c.poll()
    remark = c.remark
    assert remark is not None and "Good choice" not in remark and "wins one of" not in remark
    assert remark == (
        "You played the ace of hearts, the hinted move. Playing the four of hearts instead did better by 90 "
        "points on average, in 16 deals sampled from what you could see. The hint goes by rules of thumb; the deals "
        "try each move out with the hidden cards dealt."
    )


def test_praise_only_for_a_move_within_a_small_margin_of_the_best() -> None:
    behind = verdict(DUCK.action, PlayCard(SEVEN_S), 10.0, 30.0, noise=40.0)
    c = coach("spades", FixedJudge({DUCK.action: behind}))
    decide(c, DUCK, DUCK.action)
    c.on_event(TrickWon(2, TRICK.cards))
    assert c.poll()
    assert c.remark == (
        "You played the four of hearts, the hinted move. A close call: playing the seven of spades instead did "
        "better by 20 points on average, but the 16 sampled deals differ too much from one another to settle it. The "
        "hint goes by rules of thumb; the deals try each move out with the hidden cards dealt."
    )
    near = verdict(DUCK.action, PlayCard(SEVEN_S), 28.0, 30.0)
    assert near.as_good and not behind.as_good
    c = coach("spades", FixedJudge({DUCK.action: near}))
    decide(c, DUCK, DUCK.action)
    c.on_event(TrickWon(2, TRICK.cards))
    assert c.poll() and c.remark is not None and c.remark.startswith("Good choice.")


def test_the_remark_waits_for_the_verdict() -> None:
    class SlowJudge(FixedJudge):
        def ask(self, seat: int, view: GameView, legal: Sequence[Action], made: Action, seed: int) -> Future[Verdict]:
            self.pending: Future[Verdict] = Future()
            return self.pending

    judge = SlowJudge()
    c = coach("spades", judge)
    decide(c, DUCK, PlayCard(SEVEN_S))
    c.on_event(TRICK)
    assert not c.poll() and c.remark is None, "the search is still weighing the move"
    judge.pending.set_result(verdict(PlayCard(SEVEN_S), DUCK.action, -60.0, 40.0))
    assert c.poll() and c.remark is not None and "4 of hearts" in c.remark


def test_a_hinted_move_the_deals_find_worse_is_told_as_the_hinted_one_with_why_they_differ() -> None:
    """Seen in a practice game: the learner followed the Hint, and the coach named a
    better card with no word of why it and the Hint disagreed."""
    made = PlayCard(FOUR_H)
    found: Future[Verdict] = Future()
    found.set_result(verdict(made, PlayCard(SEVEN_S), 0.0, 30.0, noise=1.0))
    said = remark_on(Closed((Decision(DUCK, made, found),), None), set())
    assert said is not None
    assert said.startswith("You played the four of hearts, the hinted move. Playing the seven of spades instead did better by 30 points")
    assert said.endswith("The hint goes by rules of thumb; the deals try each move out with the hidden cards dealt.")


def test_in_arizona_spaghetti_a_trick_another_seat_took_is_no_loss_to_explain() -> None:
    """Seen in a practice game: the learner led low so that Clara would take a costly
    trick, and the coach said "The right play from what you could see: Clara held the
    ace of spades", as if hidden cards had beaten them."""
    low = Advice(PlayCard(FOUR_H), "Lead the 4 of hearts: it can hardly take the trick.", "lead-low")
    c = coach("arizona_spaghetti")
    decide(c, low, low.action)
    c.on_event(CardPlayed(0, FOUR_H))
    c.on_event(CardPlayed(3, Card.parse("AH")))
    c.on_event(TrickWon(3, (FOUR_H, Card.parse("AH"))))
    assert c.poll()
    assert c.remark is not None and "right play" not in c.remark and "held the" not in c.remark


def test_spinado_s_coach_counts_in_chips() -> None:
    """Seen in a practice game: "did better by 4 points" in a game played for chips."""
    from dataclasses import replace

    from cardtable_gui.scenes.table.coach import by_points

    in_chips = replace(verdict(DrawCards(), Bid(2), 0.0, 4.0), unit="chip")
    assert by_points(in_chips) == "by 4 chips"
    assert by_points(replace(in_chips, best_value=1.2)) == "by 1 chip"


def test_a_card_played_with_the_spinado_is_told_back_with_it() -> None:
    from cardtable_gui.rules.spinado import Play

    five = Card.parse("5C")
    assert what_you_did(Play(five, spinado=True)) == "You played the five of clubs with the spinado."
    assert what_you_did(Play(five)) == "You played the five of clubs."


def test_a_better_discard_is_named() -> None:
    """Seen in a Hand and Foot practice game: "Another move did better by 129 points"."""
    from cardtable_gui.scenes.table.coach import better_named

    assert better_named(Discard(Card.parse("3S"))) == "Discarding the three of spades instead did better"
