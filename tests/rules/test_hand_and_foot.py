"""Hand and Foot rules, each test written from the seed or a ruling its rules page states."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import pytest
from pydantic import ValidationError

from cardtable_gui.cards import JOKER, Card, french_packs, parse_cards
from cardtable_gui.rules import GAMES, ActionParseError, IllegalAction
from cardtable_gui.rules.base import GameOver, RoundScored
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
    MeldGroup,
    Phase,
    TakePile,
    card_points,
    parse_action,
)
from cardtable_gui.rules.hand_and_foot.events import (
    BookClosed,
    CardsDrawn,
    DeckAdded,
    DrawPileExhausted,
    PileTaken,
    RedThreeLaidOut,
    RoundBreakdown,
    StagePickedUp,
    WentOut,
)
from cardtable_gui.rules.hand_and_foot.state import held_penalty

RULES = HandAndFootRules()


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def book(text: str) -> Book:
    held = cards(text)
    naturals = [c for c in held if c.rank.value not in (2, 15)]
    return Book(naturals[0].rank if naturals else None, tuple(held))  # type: ignore[arg-type]


def table(
    players: int = 4,
    options: HandAndFootOptions | None = None,
    *,
    hands: Mapping[int, str] = {},
    feet: Mapping[int, str] = {},
    tails: Mapping[int, str] = {},
    books: Mapping[int, Sequence[str]] = {},
    pile: str | None = None,
    stock: str | None = None,
    turn: int = 0,
    phase: Phase = Phase.PLAY,
    stages: Mapping[int, int] = {},
    round_index: int = 0,
) -> HandAndFootState:
    """A dealt game rearranged to a position (cards need not add up to the packs)."""
    state = RULES.new_game(players, options or HandAndFootOptions(), seed=7)
    state.round_index = round_index
    for seat, text in hands.items():
        state.hands[seat] = cards(text)
    for seat, text in feet.items():
        state.feet[seat] = cards(text)
    for seat, text in tails.items():
        state.tails[seat] = cards(text)
    state.red_threes = [[] for _ in state.sides]
    for team, texts in books.items():
        state.books[team] = [book(t) for t in texts]
    for seat, stage in stages.items():
        state.stages[seat] = stage
        if stage >= 1:
            state.feet[seat] = []
    if pile is not None:
        state.pile = cards(pile)
    if stock is not None:
        state.stock = cards(stock)[::-1]
    state.turn = turn
    state.phase = phase
    return state


def illegal(state: HandAndFootState, action: object, message: str) -> None:
    """``action`` is refused with ``message`` (a fragment) and changes nothing."""
    before = state.digest()
    with pytest.raises(IllegalAction, match=message):
        state.apply(action)  # type: ignore[arg-type]
    assert state.digest() == before
    assert not state.is_legal(action)  # type: ignore[arg-type]


def meld(*groups: tuple[int | None, str]) -> Meld:
    return Meld(tuple(MeldGroup(b, tuple(cards(t))) for b, t in groups))


OPEN = {0: ["KS KH KD"], 1: ["QS QH QD"]}
"""Both teams already opened, so melds face no minimum."""


# ----- options ----------------------------------------------------------------------


def test_registered_and_every_option_documented() -> None:
    assert isinstance(GAMES["hand_and_foot"], HandAndFootRules)
    assert RULES.player_counts == (2, 4, 6)
    for name, field in HandAndFootOptions.model_fields.items():
        assert field.description, name
        assert field.default is not None, name


def test_option_defaults_follow_the_rulings() -> None:
    o = HandAndFootOptions()
    assert (o.draw_count, o.pile_take, o.jokers_per_deck, o.extra_decks) == (2, 6, 2, 2)
    assert (o.clean_books, o.dirty_books, o.total_books) == (3, 3, 0)
    assert not (o.pile_wild_pair or o.pile_needs_down or o.wild_books or o.all_in_foot or o.red_threes)
    assert o.black_three_penalty == 5 and o.teams == "3v3" and o.packs(4) == 5
    assert o.rounds == 6 and [o.packs(n) for n in (2, 4, 6)] == [3, 5, 7]
    assert o.pile_counts_toward_opening, "with pile_needs_down off the pile counts toward the opening"
    assert (o.red_three_bonus, o.red_three_penalty) == (100, 100)
    assert (o.clean_books_200, o.dirty_books_200) >= (o.clean_books, o.dirty_books)


def test_every_house_rule_of_the_seed_and_rulings_is_an_option() -> None:
    assert set(HandAndFootOptions.model_fields) == {
        "rounds", "teams", "decks", "jokers_per_deck", "extra_decks", "draw_count", "pile_take",
        "pile_wild_pair", "pile_needs_down", "pile_counts_toward_opening", "wild_books",
        "wild_book_bonus", "open_wild_book_penalty", "clean_books", "dirty_books", "total_books",
        "clean_books_200", "dirty_books_200", "all_in_foot", "red_threes", "red_three_bonus",
        "red_three_penalty", "black_three_penalty",
    }
    numbers = [
        name for name, f in HandAndFootOptions.model_fields.items() if f.annotation is int
    ]
    for name in numbers:
        bounds = {type(m).__name__ for m in HandAndFootOptions.model_fields[name].metadata}
        assert {"Ge", "Le"} <= bounds, name


@pytest.mark.parametrize(
    "bad", [{"draw_count": 0}, {"jokers_per_deck": 3}, {"rounds": 7}, {"teams": "6"}, {"black_three_penalty": 1}]
)
def test_options_are_bounded(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        HandAndFootOptions(**bad)


# ----- players, packs, deal ---------------------------------------------------------


def test_teams_sit_alternately() -> None:
    assert RULES.new_game(4, seed=1).teams == ((0, 2), (1, 3))
    assert RULES.new_game(6, seed=1).teams == ((0, 2, 4), (1, 3, 5))
    assert RULES.new_game(6, HandAndFootOptions(teams="2v2v2"), seed=1).teams == ((0, 3), (1, 4), (2, 5))
    assert RULES.new_game(2, seed=1).teams == ((0,), (1,))
    with pytest.raises(ValueError, match="2, 4, 6"):
        RULES.new_game(3, seed=1)


def all_cards(state: HandAndFootState) -> Counter[Card]:
    found: Counter[Card] = Counter()
    for piles in (state.hands, state.feet, state.tails, state.red_threes):
        for pile in piles:
            found.update(pile)
    for team in state.books:
        for b in team:
            found.update(b.cards)
    found.update(state.pile)
    found.update(state.stock)
    return found


@pytest.mark.parametrize("jokers", [0, 2, 4])
def test_players_plus_one_packs_with_jokers(jokers: int) -> None:
    state = RULES.new_game(4, HandAndFootOptions(jokers_per_deck=jokers), seed=3)
    assert all_cards(state) == Counter(french_packs(5, jokers))
    assert all_cards(state)[JOKER] == 5 * jokers


def test_decks_option_sets_the_packs() -> None:
    state = RULES.new_game(2, HandAndFootOptions(decks=2, jokers_per_deck=4), seed=3)
    assert all_cards(state) == Counter(french_packs(2, 4))
    assert HandAndFootOptions().packs(6) == 7


def test_too_few_packs_and_wrong_stacked_deck_are_refused() -> None:
    with pytest.raises(ValueError, match="too few"):
        RULES.new_game(6, HandAndFootOptions(decks=2), seed=1)
    with pytest.raises(ValueError, match="stacked deck"):
        RULES.new_game(2, seed=1, deck=french_packs(2, 2))


def test_deal_hand_foot_upcard_and_draw_pile() -> None:
    state = RULES.new_game(4, seed=11)
    assert [len(h) for h in state.hands] == [11] * 4
    assert [len(f) for f in state.feet] == [11] * 4
    assert state.tails == [[]] * 4
    assert len(state.pile) == 1
    assert len(state.stock) == 5 * 54 - 4 * 22 - 1
    assert state.to_move == (state.dealer + 1) % 4
    assert state.phase is Phase.DRAW


def test_stacked_deck_deals_one_card_at_a_time_from_the_dealers_left() -> None:
    deck = french_packs(3, 2)
    state = RULES.new_game(2, seed=5, deck=deck)
    first = (state.dealer + 1) % 2
    assert state.hands[first][:2] == [deck[0], deck[2]]
    assert state.feet[first][0] == deck[22]
    assert state.pile == [deck[44]]
    assert state.stock[-1] == deck[45]


def test_rounds_run_30_to_200_and_the_deal_passes_left() -> None:
    state = RULES.new_game(2, HandAndFootOptions(rounds=6, extra_decks=0), seed=2)
    minimums = []
    dealers = []
    while not state.is_over:
        minimums.append(state.minimum)
        dealers.append(state.dealer)
        round_index = state.round_index
        while state.round_index == round_index and not state.is_over:
            state.apply(DrawCards())
            if state.round_index == round_index and not state.is_over:
                state.apply(Discard(state.hands[state.turn][0]))
    assert minimums == [30, 60, 90, 120, 150, 200]
    assert dealers == [(dealers[0] + i) % 2 for i in range(6)]
    assert len(state.history) == 6


def test_the_200_round_deals_a_one_card_tail() -> None:
    state = RULES.new_game(4, HandAndFootOptions(rounds=6), seed=1)
    state.round_index = 5
    state.start_round([])
    assert [len(t) for t in state.tails] == [1] * 4
    assert state.minimum == 200


# ----- drawing ----------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 2, 3])
def test_draw_takes_draw_count_cards(count: int) -> None:
    state = table(options=HandAndFootOptions(draw_count=count), hands={0: "4S"}, phase=Phase.DRAW)
    events = state.apply(DrawCards())
    assert len(state.hands[0]) == 1 + count
    assert CardsDrawn(0, count) in events
    assert state.phase is Phase.PLAY


def test_a_fresh_pack_is_added_when_the_draw_pile_runs_out() -> None:
    state = table(hands={0: "4S"}, stock="9C", phase=Phase.DRAW)
    events = state.apply(DrawCards())
    assert DeckAdded(1) in events
    assert state.decks_added == 1 and len(state.stock) == 54 - 1
    assert len(state.hands[0]) == 3


def test_at_most_extra_decks_packs_are_added_in_a_round() -> None:
    state = table(hands={0: "4S"}, stock="", phase=Phase.DRAW)
    state.decks_added = 1
    assert DeckAdded(2) in state.apply(DrawCards())
    state = table(options=HandAndFootOptions(rounds=2), hands={0: "4S"}, stock="", phase=Phase.DRAW)
    state.decks_added = 2
    events = state.apply(DrawCards())
    assert DrawPileExhausted() in events and state.round_index == 1
    assert state.decks_added == 0, "the next round starts with no pack added"


def test_the_round_ends_at_once_when_no_pack_is_left_to_add() -> None:
    options = HandAndFootOptions(extra_decks=0, rounds=1)
    state = table(options=options, hands={0: "4S"}, stock="9C", phase=Phase.DRAW)
    events = state.apply(DrawCards())
    assert DrawPileExhausted() in events
    breakdown = next(e for e in events if isinstance(e, RoundBreakdown))
    assert breakdown.went_out is None
    assert all(t.going_out == 0 for t in breakdown.teams)
    assert state.is_over and isinstance(events[-1], GameOver)


# ----- taking the discard pile ------------------------------------------------------


def test_take_pile_needs_two_naturals_of_the_top_rank() -> None:
    state = table(hands={0: "9S 9H 8C 2C"}, books=OPEN, pile="5C 6C 7C 8D 4D 4H JH QC 9D", phase=Phase.DRAW)
    illegal(state, TakePile((Card.parse("9S"), Card.parse("8C"))), "two nines")
    illegal(state, TakePile((Card.parse("9S"), Card.parse("2C"))), "a wild may not stand in")
    events = state.apply(TakePile((Card.parse("9S"), Card.parse("9H"))))
    assert state.books[0][-1] == book("9D 9S 9H")
    assert sorted(state.hands[0], key=str) == sorted(cards("8C 2C 5C 6C 7C 8D 4D 4H JH QC")[:2] + cards("7C 8D 4D 4H JH QC"), key=str)
    assert state.pile == cards("5C 6C")
    assert PileTaken(0, Card.parse("9D"), (Card.parse("9S"), Card.parse("9H")), 1, 6, uncovered=Card.parse("6C")) in events


def test_the_pile_is_blocked_by_a_three_or_a_wild_on_top() -> None:
    for top, message in (("3C", "three"), ("3H", "three"), ("2S", "wild"), ("JK", "wild")):
        state = table(hands={0: "9S 9H 3S 3D 2H 2D"}, books=OPEN, pile=f"9D {top}", phase=Phase.DRAW)
        assert not any(isinstance(a, TakePile) for a in state.legal_actions())
        illegal(state, TakePile((Card.parse("9S"), Card.parse("9H"))), message)


def test_wild_and_natural_pair_when_the_option_allows() -> None:
    options = HandAndFootOptions(pile_wild_pair=True)
    state = table(options=options, hands={0: "9S 2C 4C"}, books=OPEN, pile="9D", phase=Phase.DRAW)
    take = TakePile((Card.parse("9S"), Card.parse("2C")))
    assert take in state.legal_actions()
    state.apply(take)
    assert state.books[0][-1] == book("2C 9D 9S")
    illegal(
        table(options=options, hands={0: "2S 2C 4C"}, books=OPEN, pile="9D", phase=Phase.DRAW),
        TakePile((Card.parse("2S"), Card.parse("2C"))),
        "two nines",
    )


def test_top_and_pair_join_the_open_book_of_that_rank() -> None:
    state = table(hands={0: "9S 9H 4C"}, books={0: ["9C 9C 9C"], 1: OPEN[1]}, pile="9D", phase=Phase.DRAW)
    state.apply(TakePile((Card.parse("9S"), Card.parse("9H"))))
    assert state.books[0] == [book("9C 9C 9C 9D 9S 9H")]


def test_pile_take_option_sets_how_many_cards_come_to_hand() -> None:
    options = HandAndFootOptions(pile_take=2)
    state = table(options=options, hands={0: "9S 9H"}, books=OPEN, pile="4C 5C 6C 9D", phase=Phase.DRAW)
    state.apply(TakePile((Card.parse("9S"), Card.parse("9H"))))
    assert sorted(state.hands[0], key=str) == sorted(cards("5C 6C"), key=str)
    assert state.pile == cards("4C")


def test_top_card_and_pair_count_toward_the_opening() -> None:
    state = table(hands={0: "10S 10H 4C"}, pile="10D", phase=Phase.DRAW)
    state.apply(TakePile((Card.parse("10S"), Card.parse("10H"))))
    assert state.opened(0)
    low = table(hands={0: "9S 9H 4C"}, pile="4D 9D", phase=Phase.DRAW, round_index=1)
    illegal(low, TakePile((Card.parse("9S"), Card.parse("9H"))), "at least 60 points.*worth 30")


def test_an_unopened_take_carries_the_rest_of_the_opening() -> None:
    state = table(hands={0: "9S 9H KS KH KD 4C"}, pile="9D", phase=Phase.DRAW, round_index=1)
    take = TakePile((Card.parse("9S"), Card.parse("9H")), (MeldGroup(None, tuple(cards("KS KH KD"))),))
    assert state.is_legal(take)
    assert any(isinstance(a, TakePile) and a.meld for a in state.legal_actions())
    illegal(state, TakePile(take.pair), "at least 60 points")
    assert str(take) == "take 9S 9H then new KS KH KD"
    state.apply(take)
    assert state.books[0] == [book("9D 9S 9H"), book("KS KH KD")]
    opened = table(hands={0: "9S 9H KS KH KD 4C"}, books=OPEN, pile="9D", phase=Phase.DRAW)
    illegal(opened, take, "meld afterwards")


def test_pile_counts_toward_opening_can_be_turned_off() -> None:
    options = HandAndFootOptions(pile_counts_toward_opening=False)
    state = table(options=options, hands={0: "10S 10H 4C"}, pile="10D", phase=Phase.DRAW)
    illegal(state, TakePile((Card.parse("10S"), Card.parse("10H"))), "worth 0")


def test_pile_needs_down_option() -> None:
    options = HandAndFootOptions(pile_needs_down=True)
    state = table(options=options, hands={0: "AS AH 4C"}, pile="AD", phase=Phase.DRAW)
    illegal(state, TakePile((Card.parse("AS"), Card.parse("AH"))), "must open before")
    opened = table(options=options, hands={0: "AS AH 4C"}, books=OPEN, pile="AD", phase=Phase.DRAW)
    opened.apply(TakePile((Card.parse("AS"), Card.parse("AH"))))


def test_an_empty_pile_cannot_be_taken() -> None:
    state = table(hands={0: "AS AH"}, books=OPEN, pile="", phase=Phase.DRAW)
    illegal(state, TakePile((Card.parse("AS"), Card.parse("AH"))), "empty")


# ----- books ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("groups", "message"),
    [
        ([(None, "5S 5H")], "at least three"),
        ([(None, "3S 3C 3D")], "Threes never"),
        ([(None, "5S 5H 6D")], "one rank"),
        ([(None, "5S 2H 2D")], "more natural cards than wild"),
        ([(None, "5S 5H 5D 5C 2H 2D JK JK")], "at most 3 wild"),
        ([(None, "2S 2H JK")], "books of wilds are not played"),
        ([(0, "5S")], "book of kings"),
        ([(7, "5S")], "no book number 7"),
        ([(None, "KC KC KC")], "already has an open book of kings"),
    ],
)
def test_book_rules(groups: list[tuple[int | None, str]], message: str) -> None:
    state = table(hands={0: "5S 5H 5D 5C 6D 2S 2H 2D JK JK 3S 3C 3D KC KC KC 4H 4H"}, books=OPEN)
    illegal(state, meld(*groups), message)


def test_a_book_closes_at_seven_clean_or_dirty() -> None:
    state = table(hands={0: "KC KC KC KC 9S 9S 9S 9S 9S 2C 4H 4D"}, books=OPEN)
    events = state.apply(meld((0, "KC KC KC KC")))
    assert BookClosed(0, 0, "clean") in events and state.books[0][0].is_clean
    events = state.apply(meld((None, "9S 9S 9S 9S 9S 2C")))
    assert not state.books[0][1].is_closed
    state = table(hands={0: "9S 9S 9S 9S 9S 2C JK 4H"}, books=OPEN)
    events = state.apply(meld((None, "9S 9S 9S 9S 9S 2C JK")))
    assert BookClosed(0, 1, "dirty") in events and state.books[0][1].is_dirty


def test_naturals_but_not_wilds_go_on_a_closed_book() -> None:
    state = table(hands={0: "KC 2C 4H 4D"}, books={0: ["KS KH KD KS KH KD KC"], 1: OPEN[1]})
    illegal(state, meld((0, "2C")), "Wild cards cannot go on a closed book")
    state.apply(meld((0, "KC")))
    assert len(state.books[0][0].cards) == 8


def test_naturals_keep_going_on_a_closed_book_past_eight_cards() -> None:
    state = table(hands={0: "KC KC KD 4H 4D"}, books={0: ["KS KH KD KS KH KD KC"], 1: OPEN[1]})
    state.apply(meld((0, "KC")))
    assert meld((0, "KC KD")) in state.legal_actions()
    state.apply(meld((0, "KC")))
    state.apply(meld((0, "KD")))
    assert len(state.books[0][0].cards) == 10 and state.books[0][0].is_clean


def test_a_wild_may_close_a_book_but_not_follow_it() -> None:
    state = table(hands={0: "KC KC 2C 4H 4D"}, books={0: ["KS KH KD KS KH"], 1: OPEN[1]})
    state.apply(meld((0, "2C KC KC")))
    assert state.books[0][0].is_dirty and len(state.books[0][0].cards) == 8
    state = table(hands={0: "KC 2C 2D 4H 4D"}, books={0: ["KS KH KD KS KH KD"], 1: OPEN[1]})
    illegal(state, meld((0, "KC 2C 2D")), "Only 1 more card")


def test_a_new_open_book_of_a_rank_after_one_closes() -> None:
    state = table(hands={0: "KC KC KC 4H 4D"}, books={0: ["KS KH KD KS KH KD KC"], 1: OPEN[1]})
    state.apply(meld((None, "KC KC KC")))
    assert [len(b.cards) for b in state.books[0]] == [7, 3]


def test_wild_books_when_allowed() -> None:
    options = HandAndFootOptions(wild_books=True)
    state = table(options=options, hands={0: "2S 2H JK 2D 2C JK JK 5H 4H 4D"}, books=OPEN)
    illegal(state, meld((None, "2S 2H JK 5H")), "one rank|natural")
    state.apply(meld((None, "2S 2H JK")))
    assert state.books[0][-1].is_wild_book
    illegal(state, meld((1, "5H")), "Only wild cards")
    state.apply(meld((1, "2D 2C JK JK")))
    assert state.books[0][1].is_closed and not state.books[0][1].is_clean and not state.books[0][1].is_dirty
    state.hands[0] += cards("2S")
    illegal(state, meld((1, "2S")), "closed book of wilds")


def test_the_opening_must_reach_the_round_minimum_in_one_meld() -> None:
    state = table(hands={0: "5S 5H 5D AC AC AD 4H 4D"}, round_index=1)
    illegal(state, meld((None, "5S 5H 5D")), "at least 60 points.*worth 15")
    state.apply(meld((None, "5S 5H 5D"), (None, "AC AC AD")))
    assert state.opened(0)
    state.hands[0] += cards("6S 6S 6S")
    state.apply(meld((None, "6S 6S 6S")))


def test_legal_actions_offer_an_opening_and_apply_takes_unlisted_melds() -> None:
    state = table(hands={0: "5S 5H 5D 9C 9C 9D 2C JK 4H"}, round_index=1)
    melds = [a for a in state.legal_actions() if isinstance(a, Meld)]
    assert melds and all(state.is_legal(m) for m in melds)
    unlisted = meld((None, "9C 9C 9D JK"), (None, "5S 5H 5D"))
    assert unlisted not in melds and state.is_legal(unlisted)
    assert state.explain(unlisted) is None
    state.apply(unlisted)


@pytest.mark.parametrize(
    ("round_index", "hand", "opening"),
    [
        (3, "KS KH KD QS QH QD 4S 4H AS AH 2C 9C", "new QD QH QS; new KD KH KS; new AH AS 2C"),
        (1, "2C KD 3H 6H KH 4S 5S 10S JK", "new KD KH JK"),
    ],
)
def test_an_opening_is_listed_whenever_the_hand_holds_one(
    round_index: int, hand: str, opening: str
) -> None:
    """The listed openings include the one worth the most: scarce wilds go to the
    pair that brings the most points, jokers before twos. (120: three kings, three
    queens and two aces with a wild; 60: two kings need the joker, a 2 is too cheap.)"""
    state = table(hands={0: hand}, round_index=round_index)
    melds = [a for a in state.legal_actions() if isinstance(a, Meld)]
    assert RULES.parse_action(f"meld {opening}") in melds


# ----- hand, foot, tail -------------------------------------------------------------


def test_melding_the_last_hand_card_picks_up_the_foot_and_the_turn_goes_on() -> None:
    state = table(hands={0: "KC"}, feet={0: "4S 5S 6S"}, books=OPEN)
    events = state.apply(meld((0, "KC")))
    assert StagePickedUp(0, "foot", 3) in events
    assert state.stages[0] == 1 and state.phase is Phase.PLAY and state.turn == 0
    assert sorted(state.hands[0], key=str) == cards("4S 5S 6S")


def test_discarding_the_last_hand_card_starts_the_foot_next_turn() -> None:
    state = table(hands={0: "9C", 1: "4S 4S", 2: "5S", 3: "5S"}, feet={0: "4D 5D 6D"}, books=OPEN)
    state.apply(Discard(Card.parse("9C")))
    assert state.hands[0] == [] and state.stages[0] == 0 and state.feet[0]
    for seat in (1, 2, 3):
        state.apply(DrawCards())
        state.apply(Discard(state.hands[seat][0]))
    assert state.turn == 0 and state.stages[0] == 1 and len(state.hands[0]) == 3


def test_keep_a_card_in_the_foot_unless_going_out() -> None:
    state = table(hands={0: "KC KC"}, stages={0: 1}, books=OPEN)
    illegal(state, meld((0, "KC KC")), "Keep a card to discard")
    illegal(state, meld((0, "KC")), "Keep two cards.*ask your partner")
    state = table(hands={0: "KC"}, stages={0: 1}, books=OPEN)
    illegal(state, Discard(Card.parse("KC")), "cannot discard your last card")
    assert Discard(Card.parse("KC")) not in state.legal_actions()


def test_200_round_draws_feed_the_tail() -> None:
    state = table(hands={0: "4S"}, tails={0: "9C"}, phase=Phase.DRAW, round_index=5)
    events = state.apply(DrawCards())
    assert CardsDrawn(0, 2, 1) in events
    assert len(state.hands[0]) == 3 and len(state.tails[0]) == 2


def test_200_round_pile_take_puts_the_eighth_card_on_the_tail() -> None:
    state = table(
        hands={0: "9S 9H"}, tails={0: "4C"}, books=OPEN, pile="AC 5C 6C 7C 8C 10C JC QC 9D", phase=Phase.DRAW, round_index=5
    )
    state.apply(TakePile((Card.parse("9S"), Card.parse("9H"))))
    assert len(state.hands[0]) == 6 and state.tails[0] == cards("4C 5C")
    assert state.pile == cards("AC")


def test_200_round_plays_hand_then_foot_then_tail() -> None:
    state = table(hands={0: "KC"}, feet={0: "KD"}, tails={0: "4S 5S 6S"}, books=OPEN, round_index=5)
    state.apply(meld((0, "KC")))
    assert state.stages[0] == 1
    events = state.apply(meld((0, "KD")))
    assert StagePickedUp(0, "tail", 3) in events and state.stages[0] == 2
    assert state.last_stage == 2


def test_200_round_draws_while_playing_the_tail_come_to_hand() -> None:
    state = table(hands={0: "4S"}, stages={0: 2}, phase=Phase.DRAW, round_index=5)
    state.tails[0] = []
    events = state.apply(DrawCards())
    assert CardsDrawn(0, 2, 1) in events
    assert len(state.hands[0]) == 4 and state.tails[0] == []


def test_taking_the_pile_with_the_last_hand_cards_picks_up_the_foot() -> None:
    state = table(hands={0: "9S 9H"}, feet={0: "4S 5S 6S"}, books=OPEN, pile="9D", phase=Phase.DRAW)
    events = state.apply(TakePile((Card.parse("9S"), Card.parse("9H"))))
    assert StagePickedUp(0, "foot", 3) in events
    assert state.stages[0] == 1 and state.phase is Phase.PLAY and state.turn == 0


def test_taking_the_pile_in_the_foot_must_leave_two_cards() -> None:
    state = table(hands={0: "9S 9H 4C"}, stages={0: 1}, books=OPEN, pile="9D", phase=Phase.DRAW)
    illegal(state, TakePile((Card.parse("9S"), Card.parse("9H"))), "too few cards")
    state.pile = cards("5C 9D")
    state.apply(TakePile((Card.parse("9S"), Card.parse("9H"))))
    assert sorted(map(str, state.hands[0])) == ["4C", "5C"]


def test_a_foot_is_face_down_even_to_its_owner() -> None:
    state = RULES.new_game(4, seed=13)
    for seat in range(4):
        view = state.view(seat)
        assert view.foot_counts == (11,) * 4
        assert Counter(view.hand) == Counter(state.hands[seat])
        assert not hasattr(view, "foot") and not hasattr(view, "feet")


def test_draws_and_pick_ups_tell_the_table_only_how_many_cards() -> None:
    state = table(hands={0: "KC"}, feet={0: "4S 5S 6S"}, books=OPEN, phase=Phase.DRAW)
    assert [e for e in state.apply(DrawCards()) if isinstance(e, CardsDrawn)] == [CardsDrawn(0, 2)]
    state.hands[0] = cards("KC")
    events = state.apply(meld((0, "KC")))
    picked = next(e for e in events if isinstance(e, StagePickedUp))
    assert picked == StagePickedUp(0, "foot", 3)


# ----- going out --------------------------------------------------------------------

CLOSED = ["KS KH KD KC KS KH KD", "QS QH QD QC QS QH QD", "JS JH JD JC JS JH JD"]
DIRTY = ["9S 9H 9D 9C 9S 9H 2D", "8S 8H 8D 8C 8S 8H JK", "7S 7H 7D 7C 7S 7H 2C"]


def ready(players: int = 4, options: HandAndFootOptions | None = None, hand: str = "5S 4H") -> HandAndFootState:
    return table(players, options, hands={0: hand}, stages={0: 1}, books={0: CLOSED + DIRTY, 1: ["6S 6H 6D"]})


def test_going_out_asks_the_partner_who_answers() -> None:
    state = ready(hand="5S")
    illegal(state, Discard(Card.parse("QS")), "do not hold")
    state.apply(AskToGoOut())
    assert state.to_move == 2 and state.phase is Phase.ANSWER
    assert state.legal_actions() == [AnswerGoOut(True), AnswerGoOut(False)]
    illegal(state, Discard(Card.parse("5S")), "Answer your partner")
    state.apply(AnswerGoOut(True))
    assert state.to_move == 0 and state.permission is True
    events = state.apply(Discard(Card.parse("5S")))
    assert WentOut(0) in events
    breakdown = next(e for e in events if isinstance(e, RoundBreakdown))
    assert breakdown.went_out == 0 and breakdown.teams[0].going_out == 100


def test_a_partner_who_says_no_stops_going_out_this_turn() -> None:
    state = ready(hand="5S")
    state.apply(AskToGoOut())
    state.apply(AnswerGoOut(False))
    illegal(state, Discard(Card.parse("5S")), "said no")
    illegal(state, AskToGoOut(), "already asked")


def test_three_partners_answer_in_turn() -> None:
    state = table(6, hands={0: "5S"}, stages={0: 1}, books={0: CLOSED + DIRTY})
    state.apply(AskToGoOut())
    assert state.to_move == 2
    state.apply(AnswerGoOut(True))
    assert state.to_move == 4 and state.phase is Phase.ANSWER
    state.apply(AnswerGoOut(True))
    assert state.to_move == 0 and state.permission is True


def test_heads_up_goes_out_without_asking() -> None:
    state = ready(players=2, hand="5S")
    illegal(state, AskToGoOut(), "no partner")
    events = state.apply(Discard(Card.parse("5S")))
    assert WentOut(0) in events


def test_ask_only_from_the_foot() -> None:
    state = table(hands={0: "5S 4H"}, books={0: CLOSED + DIRTY})
    illegal(state, AskToGoOut(), "once you are playing your foot")


@pytest.mark.parametrize(
    ("options", "books", "message"),
    [
        (HandAndFootOptions(), CLOSED[:2] + DIRTY, "3 closed clean books.*has 2"),
        (HandAndFootOptions(), CLOSED + DIRTY[:2], "3 closed dirty books.*has 2"),
        (HandAndFootOptions(total_books=7), CLOSED + DIRTY, "7 closed books.*has 6"),
        (HandAndFootOptions(clean_books=2, dirty_books=2), CLOSED[:2] + DIRTY[:2] + ["5S 5H 5D"], None),
    ],
)
def test_required_books_to_go_out(options: HandAndFootOptions, books: list[str], message: str | None) -> None:
    state = table(2, options, hands={0: "4H"}, stages={0: 1}, books={0: books})
    if message is None:
        assert WentOut(0) in state.apply(Discard(Card.parse("4H")))
    else:
        illegal(state, Discard(Card.parse("4H")), message)


def test_the_200_round_needs_its_own_book_counts() -> None:
    options = HandAndFootOptions(clean_books_200=4)
    state = table(2, options, hands={0: "4H"}, stages={0: 2}, books={0: CLOSED + DIRTY}, round_index=5)
    illegal(state, Discard(Card.parse("4H")), "4 closed clean books.*has 3")
    state = table(2, options, hands={0: "4H", 1: "5S"}, stages={0: 1}, books={0: CLOSED * 2 + DIRTY * 2}, round_index=5)
    illegal(state, AskToGoOut(), "no partner")
    events = state.apply(Discard(Card.parse("4H")))
    assert not any(isinstance(e, WentOut) for e in events) and state.turn == 1


def test_the_200_round_dirty_book_count_is_its_own_option() -> None:
    options = HandAndFootOptions(clean_books_200=3, dirty_books_200=4)
    state = table(2, options, hands={0: "4H"}, stages={0: 2}, books={0: CLOSED + DIRTY}, round_index=5)
    illegal(state, Discard(Card.parse("4H")), "4 closed dirty books.*has 3")
    options = HandAndFootOptions(clean_books_200=3, dirty_books_200=3)
    state = table(2, options, hands={0: "4H"}, stages={0: 2}, books={0: CLOSED + DIRTY}, round_index=5)
    assert WentOut(0) in state.apply(Discard(Card.parse("4H")))


def test_all_in_foot_option() -> None:
    options = HandAndFootOptions(all_in_foot=True)
    state = ready(options=options)
    illegal(state, AskToGoOut(), "Every partner")
    state.stages[2] = 1
    state.apply(AskToGoOut())


def test_a_meld_may_leave_one_card_only_when_going_out() -> None:
    state = ready(hand="KC 5S")
    state.apply(AskToGoOut())
    state.apply(AnswerGoOut(True))
    state.apply(meld((0, "KC")))
    assert WentOut(0) in state.apply(Discard(Card.parse("5S")))


# ----- scoring ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "points"),
    [("4S", 5), ("5H", 5), ("6D", 5), ("7C", 5), ("8S", 10), ("9H", 10), ("10D", 10), ("JC", 10),
     ("QS", 10), ("KH", 10), ("AD", 20), ("2C", 20), ("JK", 50), ("3S", 5), ("3H", 5)],
)
def test_card_points_table(card: str, points: int) -> None:
    assert card_points(Card.parse(card)) == points


def test_threes_left_in_hand() -> None:
    plain = HandAndFootOptions()
    assert held_penalty(Card.parse("3S"), plain) == 5
    assert held_penalty(Card.parse("3H"), plain) == 5
    assert held_penalty(Card.parse("3C"), HandAndFootOptions(black_three_penalty=100)) == 100
    assert held_penalty(Card.parse("3D"), HandAndFootOptions(red_threes=True)) == 100
    assert held_penalty(Card.parse("3D"), HandAndFootOptions(red_threes=True, red_three_penalty=300)) == 300


def test_worked_round_score() -> None:
    """Team 0 went out with a clean book of kings (7 x 10), a dirty book of nines
    (6 x 10 + a 2), an open book of aces (3 x 20) and an eight laid on the closed
    kings; seat 2 still holds a joker, a 3 of clubs and a five, plus an untouched
    foot of 4S 8H. Team 1 has an open book of queens with a joker and holds AS in hand
    and two 7s in a foot.

    Team 0: books 80 + 80 + 60 = 220; clean 500 + dirty 300; out 100;
    held 50 + 5 + 5 + 5 + 10 = 75  ->  220 + 800 + 100 - 75 = 1045.
    Team 1: books 10 x 3 + 50 = 80; held 20 + 5 + 5 = 30  ->  50.
    """
    state = table(
        options=HandAndFootOptions(clean_books=1, dirty_books=1),
        hands={0: "4H", 1: "AS", 2: "JK 3C 5D", 3: ""},
        feet={0: "", 1: "7S 7H", 2: "4S 8H", 3: ""},
        stages={0: 1},
        books={0: ["KS KH KD KC KS KH KD KC", "9S 9H 9D 9C 9S 9H 2D", "AS AH AD"], 1: ["QS QH QD JK"]},
    )
    state.feet[2] = cards("4S 8H")
    state.feet[1] = cards("7S 7H")
    state.feet[3] = []
    state.hands[3] = []
    state.permission = True
    events = state.apply(Discard(Card.parse("4H")))
    breakdown = next(e for e in events if isinstance(e, RoundBreakdown))
    team0, team1 = breakdown.teams
    assert (team0.book_cards, team0.book_bonus, team0.going_out, team0.cards_left) == (220, 800, 100, -75)
    assert team0.total == 1045
    assert (team1.book_cards, team1.book_bonus, team1.going_out, team1.cards_left) == (80, 0, 0, -30)
    assert team1.total == 50
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.points == (1045, 50, 1045, 50)
    assert state.totals == [1045, 50] and state.scores == (1045, 50, 1045, 50)


def test_totals_add_up_across_rounds() -> None:
    state = ready(players=2, options=HandAndFootOptions(rounds=2), hand="4H")
    state.totals = [100, 5000]
    state.history = [(100, 5000)]
    expected = [100 + state.team_score(0, 0).total + 5, 5000 + state.team_score(1, 0).total]
    state.apply(Discard(Card.parse("4H")))
    assert not state.is_over and state.round_index == 1
    assert state.totals == expected and len(state.history) == 2


def test_the_highest_total_wins_and_ties_share() -> None:
    state = RULES.new_game(6, HandAndFootOptions(teams="2v2v2"), seed=1)
    state.phase = Phase.OVER
    state.totals = [900, 1200, 1200]
    assert state.winners == (1, 2, 4, 5)
    assert state.to_move is None and state.legal_actions() == []
    illegal(state, DrawCards(), "game is over")


def test_red_threes_are_laid_out_replaced_and_scored() -> None:
    options = HandAndFootOptions(red_threes=True)
    state = table(options=options, hands={0: "4S"}, feet={1: "3D 5S"}, books=OPEN, stock="3H 9C 8C", phase=Phase.DRAW)
    events = state.apply(DrawCards())
    assert RedThreeLaidOut(0, Card.parse("3H")) in events
    assert sorted(map(str, state.hands[0])) == ["4S", "8C", "9C"]
    assert state.red_threes[0] == cards("3H")
    score = state.team_score(0, None)
    assert score.red_threes == 100
    assert state.team_score(1, None).cards_left <= -100


def test_no_card_is_lost_when_a_red_three_meets_a_dry_draw_pile_in_the_200_round() -> None:
    options = HandAndFootOptions(red_threes=True, extra_decks=0, draw_count=1)
    state = table(
        options=options, hands={0: "4S"}, tails={0: "5S"}, books=OPEN, stock="3D 9C",
        phase=Phase.DRAW, round_index=5,
    )
    events = state.apply(DrawCards())
    assert RedThreeLaidOut(0, Card.parse("3D")) in events and DrawPileExhausted() in events
    assert state.tails[0] == cards("5S 9C") and state.hands[0] == cards("4S")
    state = table(
        options=HandAndFootOptions(red_threes=True, extra_decks=0, pile_take=1),
        hands={0: "9S 9H 4S"}, tails={0: "5S"}, books=OPEN, pile="9C 3H 9D", stock="",
        phase=Phase.DRAW, round_index=5,
    )
    events = state.apply(TakePile((Card.parse("9S"), Card.parse("9H"))))
    assert RedThreeLaidOut(0, Card.parse("3H")) in events and DrawPileExhausted() in events
    assert state.tails[0] == cards("5S 9C") and state.hands[0] == cards("4S")


def test_a_red_three_drawn_as_the_draw_pile_runs_dry_is_still_laid_out() -> None:
    options = HandAndFootOptions(red_threes=True, extra_decks=0, rounds=1)
    state = table(options=options, hands={0: "4S"}, books=OPEN, stock="3H", phase=Phase.DRAW)
    events = state.apply(DrawCards())
    assert events[:3] == [CardsDrawn(0, 1), RedThreeLaidOut(0, Card.parse("3H")), DrawPileExhausted()]
    assert state.hands[0] == cards("4S") and state.red_threes[0] == cards("3H")
    breakdown = next(e for e in events if isinstance(e, RoundBreakdown))
    assert breakdown.teams[0].red_threes == 100


def test_red_three_bonus_option() -> None:
    options = HandAndFootOptions(red_threes=True, red_three_bonus=250)
    state = table(options=options, books=OPEN)
    state.red_threes[0] = cards("3H 3D")
    assert state.team_score(0, None).red_threes == 500
    plain = table(books=OPEN)
    plain.red_threes[0] = cards("3H")
    assert plain.team_score(0, None).red_threes == 0


def test_red_threes_dealt_are_laid_out_at_once() -> None:
    state = RULES.new_game(4, HandAndFootOptions(red_threes=True), seed=21)
    assert all(c.rank.value != 3 or not c.is_red for h in state.hands for c in h)
    assert all_cards(state) == Counter(french_packs(5, 2))


def test_wild_book_bonus_and_open_penalty() -> None:
    options = HandAndFootOptions(wild_books=True, wild_book_bonus=1000, open_wild_book_penalty=400)
    state = table(options=options, books={0: ["2S 2H 2D 2C JK JK 2S"], 1: ["2S 2H JK"]})
    assert state.team_score(0, None).book_bonus == 1000
    assert state.team_score(1, None).book_bonus == -400


# ----- actions as text, illegal timing, views ----------------------------------------


@pytest.mark.parametrize(
    "text",
    ["draw", "take 9S 9H", "take 9S 2C then new KS KH KD; book 0 9C", "meld new 7H 7D 7C; book 2 KS JK",
     "discard 3C", "ask to go out", "answer yes", "answer no"],
)
def test_action_text_round_trips(text: str) -> None:
    assert str(parse_action(text)) == text
    assert str(RULES.parse_action(text)) == text


@pytest.mark.parametrize("text", ["", "play 9S", "take 9S", "meld old 9S", "discard ZZ", "meld new"])
def test_bad_action_text(text: str) -> None:
    with pytest.raises(ActionParseError):
        RULES.parse_action(text)


def test_actions_out_of_turn_order() -> None:
    state = table(hands={0: "9S 9H 4C"}, books=OPEN, phase=Phase.DRAW)
    illegal(state, Discard(Card.parse("4C")), "Draw first")
    illegal(state, meld((None, "9S 9H 4C")), "Draw first")
    illegal(state, AnswerGoOut(True), "Nobody has asked")
    state.apply(DrawCards())
    illegal(state, DrawCards(), "already drawn")
    illegal(state, meld(), "at least one card")


def test_an_action_of_another_game_is_refused() -> None:
    state = table(hands={0: "9S 9H 4C"}, books=OPEN)
    illegal(state, object(), "not a Hand and Foot action")


def test_view_shows_own_hand_and_only_sizes_of_hidden_piles() -> None:
    state = RULES.new_game(4, seed=9)
    view = state.view(1)
    assert view.hand == tuple(sorted(state.hands[1], key=Card.sort_key))
    assert view.hand_counts == (11, 11, 11, 11) and view.foot_counts == (11, 11, 11, 11)
    assert view.discard_top == state.pile[-1] and view.discard_count == 1
    assert view.stock_count == len(state.stock) and view.minimum == 30
    assert state.view(None).hand == ()
    assert view.scores == (0, 0, 0, 0)


def test_determinize_rebuilds_a_matching_state() -> None:
    import random

    state = RULES.new_game(6, HandAndFootOptions(red_threes=True), seed=4)
    view = state.view(2)
    rebuilt = RULES.determinize(view, random.Random(1))
    assert rebuilt.view(2) == view
    assert all_cards(rebuilt) == all_cards(state)
