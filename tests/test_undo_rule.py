"""The one undo rule of every game: a person's last decision may be taken back until a
card they had not seen is shown to them, by their own move or anyone's after it."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from cardtable_gui.cards import Card
from cardtable_gui.match import Match
from cardtable_gui.rules import get_rules
from cardtable_gui.rules.base import Action, shown_cards
from cardtable_gui.rules.hand_and_foot.actions import DrawCards, Meld
from cardtable_gui.rules.spizzichino import LiftCard, SpizzichinoView
from cardtable_gui.rules.spizzichino import PlayCard as SpizzichinoPlay
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from cardtable_gui.undo_rule import CARDS_SEEN_SINCE, HAND_OVER, NOTHING_TO_UNDO

PLAYERS = {"spades": 4, "hand_and_foot": 4, "spizzichino": 2, "spinado": 4, "arizona_spaghetti": 4}


class Table:
    """A match with one person (seat 0) whose computer players move only when told."""

    def __init__(self, game: str, seed: int = 5) -> None:
        seats = tuple(
            SeatConfig(name=f"P{i}", kind=SeatKind.HUMAN if i == 0 else SeatKind.AI, level=AILevel.EASY)
            for i in range(PLAYERS[game])
        )
        self.now = 0.0
        self.match = Match(MatchConfig(game=game, seats=seats, seed=seed), ai_pace=1.0, clock=lambda: self.now)

    def computer_moves(self) -> None:
        """Let the computer seat to move make its move (one move, the pace pause over)."""
        moves = len(self.match.history)
        for _ in range(20_000):
            self.now += 1.0
            self.match.poll()
            if len(self.match.history) > moves:
                return
        raise AssertionError("the computer never moved")

    def until_my_turn(self, wanted: Callable[[list[Action]], bool] = lambda legal: True) -> list[Action]:
        """Play on (the person taking the first legal move) until seat 0 may choose
        among moves that ``wanted`` likes."""
        for _ in range(2_000):
            if self.match.to_move == 0:
                legal = self.match.legal_actions_for(0)
                if wanted(legal):
                    return legal
                self.match.submit(legal[0])
            else:
                self.computer_moves()
        raise AssertionError("seat 0 never had such a choice")

    def others_until_a_card_shows(self, each: Callable[[], None]) -> bool:
        """Let the computer seats move, calling ``each`` before every move, until one
        shows seat 0 a card its view had not shown (True) or seat 0 is to move (False)."""
        while self.match.to_move != 0:
            before = shown_cards(self.match.view_for(0))
            each()
            self.computer_moves()
            if shown_cards(self.match.view_for(0)) - before:
                return True
        return False


@pytest.fixture
def tables() -> Iterator[Callable[[str], Table]]:
    made: list[Table] = []

    def make(game: str) -> Table:
        made.append(Table(game))
        return made[-1]

    yield make
    for table in made:
        table.match.close()


@pytest.mark.parametrize("game", ["spades", "spinado", "arizona_spaghetti"])
def test_a_card_played_can_be_taken_back_until_the_next_player_shows_a_card(tables, game: str) -> None:
    table = tables(game)
    match = table.match

    def nothing_new_yet() -> None:
        assert match.undo_refusal() is None, "nothing new has been shown yet"

    while True:
        legal = table.until_my_turn(lambda legal: hasattr(legal[0], "card"))
        before = shown_cards(match.view_for(0))
        match.submit(legal[0])
        if shown_cards(match.view_for(0)) - before:
            # The play itself showed a card (a Spinado stop turns up the dead hand's card).
            assert match.undo_refusal() is CARDS_SEEN_SINCE
            continue
        assert match.undo_refusal() is None, "the card played was the player's own"
        if table.others_until_a_card_shows(nothing_new_yet):
            break
    assert match.undo_refusal() is CARDS_SEEN_SINCE, "the next card played has been seen"
    seen = match.state.digest()
    assert not match.undo_to_last_human_decision()
    assert match.state.digest() == seen


def test_arizona_spaghetti_takes_back_a_card_before_the_next_lead_but_not_after(tables) -> None:
    table = tables("arizona_spaghetti")
    match = table.match
    legal = table.until_my_turn(lambda legal: len(match.view_for(0).trick) == PLAYERS["arizona_spaghetti"] - 1)
    digest = match.state.digest()
    match.submit(legal[0])
    if match.to_move == 0:
        pytest.skip("seat 0 took the trick and leads next")
    assert match.undo_refusal() is None, "the trick is complete, the next lead not shown yet"
    table.computer_moves()
    assert match.undo_refusal() is CARDS_SEEN_SINCE
    assert not match.undo_to_last_human_decision()
    assert match.state.digest() != digest


def test_a_draw_stands_at_once_and_a_meld_can_be_taken_back(tables) -> None:
    table = tables("hand_and_foot")
    match = table.match
    draw = table.until_my_turn(lambda legal: any(isinstance(a, DrawCards) for a in legal))
    match.submit(next(a for a in draw if isinstance(a, DrawCards)))
    assert match.undo_refusal() is CARDS_SEEN_SINCE, "the cards drawn have been seen"
    melds = [a for a in match.legal_actions_for(0) if isinstance(a, Meld)]
    if not melds:
        pytest.skip("nothing to lay down after this draw")
    digest = match.state.digest()
    match.submit(melds[0])
    assert match.undo_refusal() is None, "the cards laid down came from the hand"
    assert match.undo_to_last_human_decision()
    assert match.state.digest() == digest


def test_spizzichino_a_blind_pile_choice_stands_and_a_play_from_the_hand_does_not(tables) -> None:
    table = tables("spizzichino")
    match = table.match
    choice = table.until_my_turn()
    match.submit(choice[0])
    assert match.undo_refusal() is not None, "the pile chosen blind is open now"

    def from_the_hand(legal: list[Action]) -> bool:
        view = match.view_for(0)
        assert isinstance(view, SpizzichinoView)
        return any(isinstance(a, SpizzichinoPlay) and a.card in view.hand for a in legal)

    legal = table.until_my_turn(from_the_hand)
    view = match.view_for(0)
    assert isinstance(view, SpizzichinoView)
    play = next(a for a in legal if isinstance(a, SpizzichinoPlay) and a.card in view.hand)
    digest = match.state.digest()
    match.submit(play)
    assert match.undo_refusal() is None, "a card from the hand uncovers nothing"
    assert match.undo_to_last_human_decision()
    assert match.state.digest() == digest


def test_spizzichino_a_lift_that_uncovers_a_card_stands(tables) -> None:
    table = tables("spizzichino")
    match = table.match

    def uncovering_lift(legal: list[Action]) -> bool:
        sizes = match.view_for(0).stack_sizes[0]  # type: ignore[attr-defined]
        return any(isinstance(a, LiftCard) and sizes[a.stack] > 1 for a in legal)

    legal = table.until_my_turn(uncovering_lift)
    sizes = match.view_for(0).stack_sizes[0]  # type: ignore[attr-defined]
    match.submit(next(a for a in legal if isinstance(a, LiftCard) and sizes[a.stack] > 1))
    assert match.undo_refusal() is CARDS_SEEN_SINCE


def test_before_any_move_there_is_nothing_to_take_back(tables) -> None:
    table = tables("spades")
    table.until_my_turn()
    assert table.match.undo_refusal() is NOTHING_TO_UNDO


def test_a_card_lying_in_two_lists_of_a_view_is_counted_once() -> None:
    """Spinado's last card is also the last of the plays; Spizzichino's lifted card is
    both in the hand and among the cards known to be there."""
    state = get_rules("spinado").new_game(4, seed=2)
    state.apply(state.legal_actions()[0])
    view = state.view(0)
    played = view.plays[-1][1]  # type: ignore[attr-defined]
    assert view.last_card == played  # type: ignore[attr-defined]
    assert shown_cards(view)[played] == 1
    assert all(isinstance(card, Card) for card in shown_cards(view))


HANGING = {"since", "after", "before", "until", "by", "for", "of", "to", "with", "and", "the", "a"}
"""Words a phrase cannot end on without reading as cut off."""


@pytest.mark.parametrize("off", [NOTHING_TO_UNDO, HAND_OVER, CARDS_SEEN_SINCE], ids=lambda off: off.short)
def test_the_few_words_under_a_greyed_undo_read_whole(off) -> None:
    """Seen at 1920x1080: "cards seen since" under the button read as cut text."""
    assert off.short.split()[-1] not in HANGING
