"""Every Hand and Foot hint can be carried out with the control it points to, driven
through the real table with real pygame events: choosing the cards of several books
and pressing Lay down, cards that each fit an open book, wilds that close the book the
hint named, Take the pile when the hint opens with it; and a refusal stays up until
the player's next action.

The rounds are stacked as in test_table_hand_and_foot: the player moves first and
holds what the test needs; the computers can neither meld nor take the pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from cardtable_gui.app_window import MAX_DT, App
from cardtable_gui.cards import Card, parse_cards
from cardtable_gui.rules.base import Action
from cardtable_gui.rules.hand_and_foot import Discard, Meld, MeldGroup, Phase, TakePile
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.book_row import NEW_BOOK
from cardtable_gui.scenes.table.layouts.hand_and_foot.controls import (
    DRAW_FIRST,
    DRAW_FIRST_NO_PILE,
    HINTED_INSTEAD,
    NOT_THEIR_BOOKS,
    NOTHING_TO_LAY,
)
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from tests.scenes.test_table_hand_and_foot import (
    NAMES,
    choose,
    discard_point,
    first_seed,
    grip,
    indices,
    key,
    my_moves,
    options,
    row_place,
    stacked_deck,
    their_draw,
    wait_turn,
)
from tests.scenes.test_table_support import click, drag, frames, make_app, run_until, start_table

PLAYERS = 4


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path)
    yield app
    app.quit()


PARTNER_WITHOUT_WILDS = "4D 5D 6D 7D 8D 9D 10D JD AD 9H 10H"
"""A partner who can add nothing to books of queens or kings, nor close them with wilds."""


def dealt(hand: str, draws: tuple[str, str], upcard: str = "9D", partner: str | None = None) -> MatchConfig:
    """Seat 0 holds ``hand`` and draws ``draws[0]``, then ``draws[1]`` on its next turn;
    the partner (seat 2) holds ``partner`` when given."""
    opts = options(PLAYERS)
    all_draws = [draws[0], *(their_draw(s) for s in range(1, PLAYERS)), draws[1]]
    hands = {0: hand} if partner is None else {0: hand, 2: partner}
    deck = stacked_deck(PLAYERS, opts, hands, {}, upcard, all_draws)
    seats = tuple(
        SeatConfig(name=NAMES[i], kind=SeatKind.HUMAN if i == 0 else SeatKind.AI, level=AILevel.EASY)
        for i in range(PLAYERS)
    )
    return MatchConfig(game="hand_and_foot", seats=seats, options=opts, seed=first_seed(PLAYERS, opts), deck=deck)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def draw_and_lay_down(app: App, scene: TableScene, chosen: str) -> Meld:
    """Draw with D, choose ``chosen`` and press L: the meld that was played."""
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    choose(app, scene, chosen)
    key(app, pygame.K_l)
    move = my_moves(scene)[-1]
    assert isinstance(move, Meld), scene.message
    wait_turn(app, scene, Phase.PLAY)
    return move


def discard(app: App, scene: TableScene, card: str) -> None:
    drag(app, grip(scene, indices(scene, card)[0]), discard_point(scene))
    assert my_moves(scene)[-1] == Discard(parse_cards(card)[0])


def press_h(app: App) -> None:
    key(app, pygame.K_h)


def hint_after_drawing(app: App, scene: TableScene) -> Action | None:
    """Draw with D and ask for the hint (H): the move it gives."""
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    press_h(app)
    return scene.hint.advice.action if scene.hint.advice is not None else None


def test_lay_down_with_the_cards_of_two_books_starts_both(app: App) -> None:
    """The hint "Lay down these 6 cards to start books of eights and queens" was
    refused: "A book holds one rank; these cards mix eights and queens"."""
    scene = start_table(app, dealt("8H 8S 8D QH QS QD 5H 6H 7H 9S 10S", ("KD 4C", "4D 10H")))
    move = draw_and_lay_down(app, scene, "8H 8S 8D QH QS QD")
    assert {g.book for g in move.groups} == {None} and len(move.groups) == 2
    assert sorted(len(b.cards) for b in scene.table.books[0]) == [3, 3]


@pytest.mark.parametrize("how", ["Lay down", "Enter"])
def test_the_hint_to_start_two_books_rings_lay_down_and_one_press_makes_it(app: App, how: str) -> None:
    """"Lay down these 6 cards to start books of fives and nines" rang New book, which
    refused them ("A book holds one rank..."); only L, not ringed, made the move. Enter
    makes it too: it placed the hinted cards one by one, so that a play-tester's second
    Enter after a hint to start a book of jacks put only the wild card on the nines."""
    scene = start_table(app, dealt("8H 8S 8D QH QS QD 5H 6H 7H 9S 10S", ("KD 4C", "4D 10H")))
    hinted = hint_after_drawing(app, scene)
    assert isinstance(hinted, Meld) and len(hinted.groups) == 2, scene.hint.text
    lay_down = scene.table.controls.lay_down_button
    assert lay_down.visible and lay_down.rect in scene.table.hint_rects(), "the hint rings Lay down"
    assert not scene.table.fan.chosen
    if how == "Enter":
        key(app, pygame.K_RETURN)
    else:
        click(app, lay_down.rect.center)
    assert my_moves(scene)[-1] == hinted, scene.message


@pytest.mark.parametrize("staging", ("8H 8S 8D", "8H 8S 8D QH QS QD"))
def test_a_small_window_s_plate_says_the_staged_cards_without_cutting_a_word(tmp_path: Path, staging: str) -> None:
    """At 1024x640 "Hand 13 (3 staged) · foot..." lost its last count: the plate
    says it shorter, never cut."""
    app = make_app(tmp_path, (1024, 640))
    scene = start_table(app, dealt("8H 8S 8D QH QS QD 5H 6H 7H 9S 10S", ("KD 4C", "4D 10H")))
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    choose(app, scene, staging)
    drag(app, grip(scene, min(scene.table.fan.chosen)), row_place(scene, NEW_BOOK))
    assert scene.table.controls.staging.cards
    frames(app, 2)
    assert [cut for panel in scene.table.panels for cut in panel.cut(app.theme)] == []
    app.quit()


def test_cards_of_two_ranks_dropped_on_new_book_start_a_book_of_each(app: App) -> None:
    scene = start_table(app, dealt("8H 8S 8D QH QS QD 5H 6H 7H 9S 10S", ("KD 4C", "4D 10H")))
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    choose(app, scene, "8H 8S 8D QH QS QD")
    drag(app, grip(scene, min(scene.table.fan.chosen)), row_place(scene, NEW_BOOK))
    assert not scene.message, scene.message
    staged = scene.table.controls.staging.groups
    assert sorted(str(g.cards[0].rank.symbol) for g in staged) == ["8", "Q"] and all(g.book is None for g in staged)
    plate = scene.table.panels[0]
    assert plate.lines[0].startswith("Hand 13 (6 staged)"), "staged cards are still held, and said to be staged"
    key(app, pygame.K_l)
    move = my_moves(scene)[-1]
    assert isinstance(move, Meld) and sorted(len(g.cards) for g in move.groups) == [3, 3], scene.message
    frames(app, 3)
    assert plate.lines[0].startswith("Hand 7 "), plate.lines[0]


def test_chosen_cards_that_fit_open_books_go_onto_them(app: App) -> None:
    """8, 10, 10, Q with open books of eights, tens and queens was refused: "Your team
    already has an open book of eights: add to it instead of starting another"."""
    scene = start_table(app, dealt("8H 8H 8S 8C 10H 10H 10S QH QS QD QC", ("5H 6H", "10C 10D")))
    opening = draw_and_lay_down(app, scene, "8H 8H 8S 10H 10H 10S QH QS QD")
    assert len(opening.groups) == 3
    discard(app, scene, "5H")
    wait_turn(app, scene, Phase.DRAW)
    # The partner may have added to the books meanwhile: count from here.
    before = {b.rank: len(b.cards) for b in scene.table.books[0]}
    move = draw_and_lay_down(app, scene, "8C 10C 10D QC")
    assert all(g.book is not None for g in move.groups), "nothing starts a second book of a rank"
    after = {b.rank: len(b.cards) for b in scene.table.books[0]}
    assert {rank.symbol: after[rank] - before[rank] for rank in before} == {"8": 1, "10": 2, "Q": 1}


WILDS_TO_PLACE = "QH QS QD QC 2D KH KH KS KS KD KC"
"""An opening of a dirty book of queens (five cards) and a clean one of kings (six)."""


def books_to_close(app: App) -> TableScene:
    """Open with the queens and kings, discard, and draw two 2s on the next turn."""
    scene = start_table(app, dealt(WILDS_TO_PLACE, ("5H 6H", "2H 2S"), partner=PARTNER_WITHOUT_WILDS))
    draw_and_lay_down(app, scene, WILDS_TO_PLACE)
    assert [len(b.cards) for b in scene.table.books[0]] == [5, 6]
    discard(app, scene, "5H")
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    assert [len(b.cards) for b in scene.table.books[0]] == [5, 6], "nobody else added to them"
    return scene


def test_wilds_chosen_alone_go_on_the_book_the_hint_closes_with_them(app: App) -> None:
    """"Close the sevens with three 2s": Lay down tried the longest book and was refused."""
    scene = books_to_close(app)
    press_h(app)
    hinted = scene.hint.advice.action if scene.hint.advice is not None else None
    assert hinted == Meld((MeldGroup(0, cards("2H 2S")),)), scene.hint.text
    choose(app, scene, "2H 2S")
    key(app, pygame.K_l)
    assert my_moves(scene)[-1] == hinted, scene.message
    wait_turn(app, scene, Phase.PLAY)
    assert scene.table.books[0][0].is_dirty


def test_a_wild_that_could_go_on_two_books_goes_where_it_fits_best_and_says_so(app: App) -> None:
    scene = books_to_close(app)
    choose(app, scene, "2H")
    key(app, pygame.K_l)
    assert my_moves(scene)[-1] == Meld((MeldGroup(1, cards("2H")),)), "the wild closes the kings"
    assert scene.message == "The wild card goes on the kings, the book they fit best."


@pytest.mark.parametrize("how", ["Take the pile", "Enter"])
def test_take_the_pile_when_the_hint_opens_with_it_lays_the_hinted_opening(app: App, how: str) -> None:
    """"Take the pile ... laying down your opening with it": Take the pile was refused
    ("opening must be worth at least 30"); only dragging the cards first worked. Enter
    makes the hinted move too (it said "Draw first")."""
    scene = start_table(app, dealt("4H 4S KH KS KD QH QS 5H 6H 7H 8H", ("KC QC", "4D 10H"), upcard="4C"))
    wait_turn(app, scene, Phase.DRAW)
    press_h(app)
    hinted = scene.hint.advice.action if scene.hint.advice is not None else None
    assert isinstance(hinted, TakePile) and hinted.meld, scene.hint.text
    laid = sum(len(group.cards) for group in hinted.meld)
    # A play-tester's hint named only the pile's book; the rest went down unannounced.
    assert f"laying down your opening with it: these {laid} cards start a book of " in scene.hint.text, scene.hint.text
    controls = scene.table.controls
    if how == "Enter":
        key(app, pygame.K_RETURN)
    else:
        click(app, controls.take_buttons[0].rect.center)
    assert my_moves(scene) == [hinted], scene.message
    wait_turn(app, scene, Phase.PLAY)
    assert len(scene.table.books[0]) == 1 + len(hinted.meld)
    frames(app, 120)
    assert scene.table.counts[0] == scene.match.view_for(0).hand_counts[0], "your plate counts what you hold"


def test_a_refusal_stays_until_the_players_next_action(app: App) -> None:
    scene = start_table(app, dealt("8H 8S 8D QH QS QD 5H 6H 7H 9S 10S", ("KD 4C", "4D 10H")))
    wait_turn(app, scene, Phase.DRAW)
    drag(app, grip(scene, indices(scene, "5H")[0]), discard_point(scene))
    assert "Draw first" in scene.message
    frames(app, 200, dt=MAX_DT)  # 20 seconds
    assert "Draw first" in scene.message, "still there to be read"
    choose(app, scene, "8H")
    assert not scene.message, "gone with the next action"


@pytest.mark.parametrize(
    ("hand", "upcard", "words"),
    [
        ("8H 8S 8D QH QS QD 5H 6H 7H 9S 10S", "9D", DRAW_FIRST_NO_PILE),
        ("4H 4S KH KS KD QH QS 5H 6H 7H 8H", "4C", DRAW_FIRST),
    ],
    ids=["no pair for the top card", "the pile may be taken"],
)
def test_draw_first_names_the_discard_pile_only_when_it_may_be_taken(app: App, hand: str, upcard: str, words: str) -> None:
    """Seen: "Draw first: click the draw pile, or take the discard pile." while a three
    blocked the pile. A refusal offers only what the player may really do, and so does
    the keys line ("T takes the discard pile" stood under a blocked pile)."""
    scene = start_table(app, dealt(hand, ("KC QC", "4D 10H"), upcard=upcard))
    wait_turn(app, scene, Phase.DRAW)
    drag(app, grip(scene, indices(scene, "5H")[0]), discard_point(scene))
    assert scene.message == words
    may_take = words == DRAW_FIRST
    assert bool(scene.table.controls.takes) == may_take
    assert ("T takes the discard pile" in scene.table.controls.keys) == may_take


def test_cards_dropped_on_the_other_sides_books_say_why_they_came_back(app: App) -> None:
    """Seen: a card dragged onto the other side's kings snapped back with no word, where
    every other move that cannot be made says why."""
    scene = start_table(app, dealt("8H 8S 8D QH QS QD 5H 6H 7H 9S 10S", ("KC QC", "4D 10H")))
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    before = len(my_moves(scene))
    theirs = scene.table.rows[1].rect
    drag(app, grip(scene, indices(scene, "8H")[0]), theirs.center)
    assert scene.message == NOT_THEIR_BOOKS
    assert not scene.table.controls.staging, "nothing staged"
    assert len(my_moves(scene)) == before
    assert parse_cards("8H")[0] in scene.table.fan.cards, "back in the hand"


def test_undo_takes_down_a_hint_shown_after_the_move_it_takes_back(app: App) -> None:
    """A hint worked out after a meld speaks of the meld's books: once Undo takes the
    meld back, it must not stay on the table."""
    scene = start_table(app, dealt("8H 8S 8D QH QS QD 5H 6H 7H 9S 10S", ("KD 4C", "4D 10H")))
    draw_and_lay_down(app, scene, "8H 8S 8D QH QS QD")
    assert scene.undo_button.enabled
    press_h(app)
    assert scene.hint.visible
    click(app, scene.undo_button.rect.center)
    frames(app, 5)
    assert not any(isinstance(move, Meld) for move in my_moves(scene)), "the meld was taken back"
    assert not scene.hint.visible, scene.hint.text
    assert not scene.table.fan.hinted, "no card stays raised for the hint"


@pytest.mark.parametrize("how", ["X", "Enter", "Discard", "the ringed pile"])
def test_the_hint_to_discard_is_carried_out_by_x_or_discard_with_nothing_chosen(app: App, how: str) -> None:
    """Seen in play: with the hint ringing a card to discard, X said "Choose the card to
    discard first." X, Enter and the Discard button discard the hinted card, as L lays
    down a hinted meld; so does a click on the discard pile, which the hint rings too (a
    play-tester's click there did nothing)."""
    scene = start_table(app, dealt("4C 5H 6D 7S 9C 10H JS QD KC 8H AS", ("KD 4D", "4H 10S")))
    hinted = hint_after_drawing(app, scene)
    assert isinstance(hinted, Discard), scene.hint.text
    assert not scene.table.fan.chosen
    if how in ("X", "Enter"):
        key(app, pygame.K_x if how == "X" else pygame.K_RETURN)
    elif how == "the ringed pile":
        pile = scene.table.discard.rect(scene.table.sprites)
        assert any(pile.colliderect(rect) for rect in scene.table.hint_rects()), "the hint rings the pile"
        click(app, pile.center)
    else:
        button = scene.table.controls.discard_button
        assert button.visible, "Discard is offered for the hinted card"
        click(app, button.rect.center)
    assert my_moves(scene)[-1] == hinted, scene.message


def test_while_a_hint_to_lay_down_shows_l_lays_the_hinted_cards_whatever_is_chosen(app: App) -> None:
    """With two 8s chosen the hint rang Lay down ("Lay down the jack of diamonds on
    your jacks..."), and L tried the two 8s: "A new book needs at least three cards."
    The control the hint points to makes the hinted move, and says it did."""
    scene = start_table(app, dealt("JH JS JC QH QS QD JD 8H 8S 5H 6H", ("KD 4C", "4D 10H")))
    draw_and_lay_down(app, scene, "JH JS JC QH QS QD")
    choose(app, scene, "8H 8S")
    press_h(app)
    hinted = scene.hint.advice.action if scene.hint.advice is not None else None
    assert isinstance(hinted, Meld) and cards("JD") == tuple(c for g in hinted.groups for c in g.cards), scene.hint.text
    assert scene.table.fan.chosen, "the 8s are still chosen"
    key(app, pygame.K_l)
    assert my_moves(scene)[-1] == hinted, scene.message
    assert scene.message == HINTED_INSTEAD


def test_l_with_nothing_chosen_and_no_hint_says_what_to_choose(app: App) -> None:
    """Lay down itself only shows with cards chosen or staged; L did nothing, silently."""
    scene = start_table(app, dealt("8H 8S 8D QH QS QD 5H 6H 7H 9S 10S", ("KD 4C", "4D 10H")))
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    before = len(my_moves(scene))
    key(app, pygame.K_l)
    assert len(my_moves(scene)) == before
    assert scene.message == NOTHING_TO_LAY


def test_lay_down_is_offered_only_when_the_chosen_cards_can_go_down(app: App) -> None:
    """Play-testers were offered Lay down with a three, or a lone card of a rank with no
    book, chosen; it only refused. It shows once the chosen cards make a meld, and L
    still says why not before then."""
    scene = start_table(app, dealt("8H 8S 8D QH QS QD 5H 6H 7H 9S 10S", ("KD 4C", "4D 10H")))
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    lay_down = scene.table.controls.lay_down_button
    choose(app, scene, "10S")
    assert not lay_down.visible
    key(app, pygame.K_l)
    assert scene.message, "L says why not"
    assert not any(isinstance(move, Meld) for move in my_moves(scene))
    click(app, grip(scene, indices(scene, "10S")[0]))
    choose(app, scene, "8H 8S")
    assert not lay_down.visible, "two eights are no book yet"
    click(app, grip(scene, indices(scene, "8D")[0]))
    frames(app, 3)
    assert lay_down.visible and lay_down.style == "primary", "three eights are"
    click(app, lay_down.rect.center)
    assert isinstance(my_moves(scene)[-1], Meld), scene.message


def test_the_hand_keeps_its_order_when_the_table_is_rebuilt(app: App) -> None:
    """Cards drawn wait at the right until the player sorts. An undo rebuilds the table,
    and the hand came back sorted, the drawn cards mixed in where they no longer stood
    out; it keeps its order now, the cards taken back joining at the right."""
    scene = start_table(app, dealt("8H 8S 8D QH QS QD 5H 6H 7H 9S 10S", ("KD 4C", "4D 10H")))
    draw_and_lay_down(app, scene, "8H 8S 8D")
    shown = [slot.card for slot in scene.table.fan.slots]
    assert shown[-2:] == list(cards("4C KD")), "the drawn cards wait at the right"
    assert scene.undo_button.enabled
    click(app, scene.undo_button.rect.center)
    frames(app, 5)
    assert not any(isinstance(move, Meld) for move in my_moves(scene))
    after = [slot.card for slot in scene.table.fan.slots]
    assert [card for card in after if card in shown] == shown, "the order shown before stays"
    assert sorted(after[len(shown):], key=str) == sorted(cards("8H 8S 8D"), key=str), "the eights come back at the right"


def test_cards_dragged_along_the_hand_stay_where_they_are_let_go(app: App) -> None:
    """A player keeps an order of their own: a card dragged along the hand and let go
    over it moves there (it used to go back silently); cards chosen together move
    together; Sort puts the hand in order again."""
    scene = start_table(app, dealt("8H 8S 8D QH QS QD 5H 6H 7H 9S 10S", ("KD 4C", "4D 10H")))
    wait_turn(app, scene, Phase.DRAW)
    fan = scene.table.fan
    before = fan.cards
    last = fan.card_rect(len(before) - 1)
    drag(app, grip(scene, 0), (last.right - 4, last.centery))
    assert fan.cards == before[1:] + before[:1], "the first card now stands at the right"
    assert scene.table.hand_order == fan.cards, "the order is the hand's own (kept in a save)"
    assert not my_moves(scene), "reordering is no move"
    choose(app, scene, "QH QS")
    drag(app, grip(scene, indices(scene, "QH")[0]), (fan.card_rect(0).left + 2, fan.card_rect(0).centery))
    assert fan.cards[:2] == list(cards("QH QS")), "the chosen cards moved together"
    click(app, scene.table.controls.sort_button.rect.center)
    assert fan.cards == scene.table.sorted_cards(fan.cards)


def test_x_throws_the_card_the_arrows_point_at_before_the_hinted_one(app: App) -> None:
    """Seen in a practice game: with the arrows moved onto the 8 of spades, X threw the
    hinted card instead. X throws what the violet outline is on, as the keys line says;
    the hint's card only when the arrows point at nothing."""
    scene = start_table(app, dealt("4C 5H 6D 7S 9C 10H JS QD KC 8H AS", ("KD 4D", "4H 10S")))
    hinted = hint_after_drawing(app, scene)
    assert isinstance(hinted, Discard)
    fan = scene.table.fan
    key(app, pygame.K_HOME)
    while fan.selected_card == hinted.card:
        key(app, pygame.K_RIGHT)
    pointed = fan.selected_card
    assert pointed is not None and not fan.chosen
    key(app, pygame.K_x)
    assert my_moves(scene)[-1] == Discard(pointed), scene.message


def test_in_a_practice_game_the_player_s_own_cards_are_laid_and_enter_goes_by_their_pick(app: App) -> None:
    """Seen in a practice game, where the hint shows by itself: three jacks chosen and
    L laid the hint's six cards instead, and Enter with the arrows on a card threw the
    hinted one and ended the turn. There the player's own pick goes first."""
    scene = start_table(app, dealt("4C 5H 6D 7S 9C 10H JS QD KC 8H AS", ("KD 4D", "4H 10S")))
    hinted = hint_after_drawing(app, scene)
    assert isinstance(hinted, Discard)
    controls = scene.table.controls
    object.__setattr__(controls.port, "hint_unasked", lambda: True)  # as at a practice table
    fan = scene.table.fan
    key(app, pygame.K_HOME)
    while fan.selected_card == hinted.card:
        key(app, pygame.K_RIGHT)
    moves = len(my_moves(scene))
    key(app, pygame.K_RETURN)
    assert len(my_moves(scene)) == moves, "Enter did not make the hinted discard"


def test_in_a_practice_game_l_lays_the_cards_chosen_not_the_hinted_ones(app: App) -> None:
    scene = start_table(app, dealt("8H 8S 8D QH QS QD 5H 6H 7H 9S 10S", ("KD 4C", "4D 10H")))
    hinted = hint_after_drawing(app, scene)
    assert isinstance(hinted, Meld) and len(hinted.groups) == 2
    object.__setattr__(scene.table.controls.port, "hint_unasked", lambda: True)  # as at a practice table
    choose(app, scene, "QH QS QD")
    key(app, pygame.K_l)
    move = my_moves(scene)[-1]
    assert isinstance(move, Meld) and Counter(c for g in move.groups for c in g.cards) == Counter(parse_cards("QH QS QD"))


def test_the_plate_counts_the_hand_right_after_a_discard_that_lays_staged_cards_down(app: App) -> None:
    """Seen in play: with the king staged, X on the jack left three cards and the plate
    said "Hand 4" until the player's next turn."""
    scene = start_table(app, dealt("8H 8S 8D QH QS QD 5H 6H 7H 9S 10S", ("KD 4C", "4D 10H")))
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    choose(app, scene, "8H 8S 8D")
    key(app, pygame.K_RETURN)
    assert scene.table.controls.staging
    choose(app, scene, "5H")
    key(app, pygame.K_x)
    assert my_moves(scene)[-1] == Discard(Card.parse("5H"))
    run_until(app, lambda: scene.table.to_move != scene.bottom)
    assert scene.table.counts[scene.bottom] == 13 - 3 - 1
