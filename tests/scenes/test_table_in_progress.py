"""Protecting the game in progress at the table: a bid is chosen then placed, Nil is
asked about, Esc closes what is open before it offers to leave, the pass-and-play cover
leads to the menu and comes up before every new hand, and the rules open over the
table and come back to it."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_table_support import (
    bid_button,
    card_grip,
    click,
    drag,
    frames,
    human_turn_ready,
    make_app,
    place_bid,
    post,
    run_until,
    show_my_cards,
    spades_config,
    start_table,
)

from cardtable_gui.rules.spades import Bid
from cardtable_gui.scenes.base import Scene
from cardtable_gui.scenes.dialog import Dialog
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.scenes.rules_book import RulesBookScene
from cardtable_gui.scenes.table import TableScene

NIL = Bid(0)


@pytest.fixture
def app(tmp_path: Path):
    app = make_app(tmp_path)
    yield app
    app.quit()


def press(app, key: int, unicode: str = "") -> None:
    post(pygame.KEYDOWN, key=key, unicode=unicode, mod=0, scancode=0)
    frames(app)


def bidding(app) -> TableScene:
    scene = start_table(app, spades_config())
    run_until(app, lambda: scene.table.bidding.visible)
    return scene


def my_bids(scene: TableScene) -> list[object]:
    return [a for a, seat in zip(scene.match.history, scene.match.movers, strict=True) if seat == scene.bottom]


# -- a bid is a deliberate act --------------------------------------------------------


def test_a_typed_number_chooses_and_enter_places_it(app) -> None:
    scene = bidding(app)
    press(app, pygame.K_5, "5")
    assert my_bids(scene) == []
    assert scene.table.bidding.confirm_button.text == "Bid 5"
    press(app, pygame.K_RETURN, "\r")
    assert my_bids(scene) == [Bid(5)]


def test_the_confirm_button_waits_for_a_choice(app) -> None:
    scene = bidding(app)
    panel = scene.table.bidding
    assert not panel.confirm_button.enabled
    click(app, panel.confirm_button.rect.center)
    assert my_bids(scene) == [] and panel.visible


def test_nil_is_asked_about_and_back_keeps_the_bid_open(app) -> None:
    scene = bidding(app)
    panel = scene.table.bidding
    click(app, bid_button(scene, "Nil"))
    click(app, panel.confirm_button.rect.center)
    assert panel.asking is not None and "no tricks" in panel.asking.ask
    assert my_bids(scene) == []
    press(app, pygame.K_RETURN, "\r")
    assert my_bids(scene) == [] and panel.asking is None and panel.visible, "Back has the focus"


def test_the_nil_question_shows_one_default_where_the_focus_is(app) -> None:
    """Back was outlined as focused while Bid Nil was filled as the main action: the
    filled button and the focus ring are on the same answer, the one Enter gives, and
    move together with the arrows."""
    scene = bidding(app)
    panel = scene.table.bidding
    place_bid(app, scene, "Nil")

    def looks_default() -> list[tuple[str, bool, bool]]:
        return [(b.text, b.focused, b.style == "primary") for b in panel.question_buttons]

    assert looks_default() == [("Bid Nil", False, False), ("Back", True, True)]
    press(app, pygame.K_LEFT)
    assert looks_default() == [("Bid Nil", True, True), ("Back", False, False)]
    press(app, pygame.K_RIGHT)
    assert looks_default() == [("Bid Nil", False, False), ("Back", True, True)]


def test_nil_is_placed_only_by_its_own_button(app) -> None:
    scene = bidding(app)
    panel = scene.table.bidding
    place_bid(app, scene, "Nil")
    yes = next(b for b in panel.question_buttons if b.text == "Bid Nil")
    click(app, yes.rect.center)
    assert my_bids(scene) == [NIL]


def test_esc_closes_the_nil_question_first(app) -> None:
    scene = bidding(app)
    panel = scene.table.bidding
    place_bid(app, scene, "Nil")
    press(app, pygame.K_ESCAPE)
    assert panel.asking is None and panel.visible
    assert app.scenes.top is scene


# -- Esc, leaving and the rules --------------------------------------------------------


def test_esc_asks_before_leaving_and_stay_keeps_the_game(app) -> None:
    scene = bidding(app)
    press(app, pygame.K_ESCAPE)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and "Leave" in dialog.title.text
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene and scene.table.bidding.visible


def test_the_menu_button_asks_before_leaving_as_esc_does(app) -> None:
    scene = bidding(app)
    click(app, scene.menu_button.rect.center)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and "Leave" in dialog.title.text
    click(app, next(b for b in dialog.buttons if b.text == "Stay").rect.center)
    frames(app)
    assert app.scenes.top is scene


def test_menu_answers_a_click_during_the_deal(app) -> None:
    scene = start_table(app, spades_config())
    frames(app, 2)
    assert scene.animator.busy
    click(app, scene.menu_button.rect.center)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and "Leave" in dialog.title.text


def test_leave_goes_to_the_menu_where_continue_has_the_focus(app) -> None:
    scene = bidding(app)
    place_bid(app, scene, "3")
    press(app, pygame.K_ESCAPE)
    dialog = app.scenes.top
    click(app, next(b for b in dialog.buttons if b.text == "Leave").rect.center)
    frames(app, 3)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    focused = [b.text for b in menu.buttons if b.focused]
    assert focused == ["Continue"]


class Home(Scene):
    """A home other than the main menu, to tell where a table goes when it is left."""


def test_leave_goes_to_the_home_the_app_was_given(tmp_path: Path) -> None:
    app = make_app(tmp_path, home=Home)
    try:
        bidding(app)
        press(app, pygame.K_ESCAPE)
        dialog = app.scenes.top
        click(app, next(b for b in dialog.buttons if b.text == "Leave").rect.center)
        frames(app, 3)
        assert isinstance(app.scenes.top, Home) and len(app.scenes) == 1
    finally:
        app.quit()


def test_esc_closes_the_last_trick_before_anything_else(app) -> None:
    scene = bidding(app)
    place_bid(app, scene, "3")
    table = scene.table
    while table.last_trick.last is None:
        run_until(app, lambda: human_turn_ready(scene))
        fan = table.fan
        index = next(i for i, s in enumerate(fan.slots) if s.card in fan.legal)
        drag(app, card_grip(scene, index), table.trick.rect.center)
        frames(app, 5)
    run_until(app, lambda: human_turn_ready(scene))
    click(app, table.last_trick.button.rect.center)
    assert table.last_trick.showing
    press(app, pygame.K_ESCAPE)
    assert not table.last_trick.showing and app.scenes.top is scene


def test_the_rules_open_over_the_table_and_come_back_to_it(app) -> None:
    scene = bidding(app)
    before = list(scene.match.history)
    click(app, scene.rules_button.rect.center)
    rules = app.scenes.top
    assert isinstance(rules, RulesBookScene) and rules.game == "spades"
    frames(app, 20)
    # The pointer was on Rules when it was clicked (the test's click moves no pointer).
    scene.rules_button.hovered = True
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene
    assert scene.match.history == before and scene.table.bidding.visible
    frames(app, 2)
    pointer = pygame.mouse.get_pos()
    assert not scene.rules_button.rect.collidepoint(pointer)
    assert not scene.rules_button.hovered, "Rules stayed lit with the pointer elsewhere (seen in play)"
    press(app, pygame.K_F1)
    assert isinstance(app.scenes.top, RulesBookScene)


# -- pass-and-play ---------------------------------------------------------------------


def test_the_cover_offers_the_menu_without_showing_a_hand(app) -> None:
    scene = start_table(app, spades_config(humans=(0, 2)))
    run_until(app, lambda: scene.handoff.visible)
    click(app, scene.handoff.menu_button.rect.center)
    assert isinstance(app.scenes.top, Dialog)
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene and scene.handoff.visible
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, Dialog) and scene.handoff.visible
    assert scene.table.fan.cards == []


def test_every_new_hand_starts_behind_the_cover(app) -> None:
    """Seat 0 plays the last card of the hand (so it held the screen last) and is also
    the first human to act in the next hand: the cover still comes first."""
    scene = start_table(app, spades_config(humans=(0, 1)))
    while not scene.summary.visible:
        run_until(app, lambda: human_turn_ready(scene))
        if scene.handoff.visible:
            show_my_cards(app, scene)
        elif scene.table.bidding.visible:
            place_bid(app, scene, "3")
        elif scene.table.fan.active:
            fan = scene.table.fan
            index = next(i for i, s in enumerate(fan.slots) if s.card in fan.legal)
            drag(app, card_grip(scene, index), scene.table.trick.rect.center)
    shown: list[object] = []
    begin = scene.table.begin_turn
    scene.table.begin_turn = lambda legal: (shown.append(scene.handoff.visible), begin(legal))  # type: ignore[method-assign]
    frames(app, 30)
    click(app, scene.summary.button.rect.center)
    run_until(app, lambda: scene.handoff.visible or bool(shown))
    assert scene.handoff.visible and shown == []
    assert scene.table.fan.cards == []
