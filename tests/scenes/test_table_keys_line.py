"""The keys line under the hand of the Spades, Arizona Spaghetti, Spinado and
Spizzichino tables names the keys that work at that moment, and each key it names does
what it says: the arrows or Enter pick a card, Enter plays it, Home and End jump to the ends, H
shows the hint (and hides it), S adds the spinado or takes it back; at a Spades bid a
number or the arrows choose a bid and Enter places it, and Nil's question answers to
its own keys; at a Spizzichino pile a number or the arrows pick one, T takes it into
the hand and S stands it face up. While others play it names nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_table_support import card_grip, click, frames, make_app, post, run_until, start_table

from cardtable_gui.app_window import App
from cardtable_gui.rules.base import Action
from cardtable_gui.rules.spades import Bid
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.rules.spizzichino import LiftCard, StandPile, TakePile
from cardtable_gui.scenes.table.keys_line import fit_keys
from cardtable_gui.scenes.table.layouts.spizzichino import LIFT_KEY, play_keys
from tests.scenes.test_table_geometry import config, to_decision
from tests.scenes.test_table_spizzichino import play_until, spizzichino_config

PLAYERS = {"spades": 4, "arizona_spaghetti": 4, "spinado": 4}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path)
    yield app
    app.quit()


def press(app: App, key: int, unicode: str = "") -> None:
    post(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)
    frames(app, 2)


def line(scene: TableScene) -> str:
    """The keys line as drawn."""
    return scene.table.keys_line.shown(scene.app.theme)[0]


def check_h(app: App, scene: TableScene) -> None:
    """H shows the hint, and hides it again."""
    press(app, pygame.K_h, "h")
    assert scene.hint.visible, "H shows a hint"
    press(app, pygame.K_h, "h")
    assert not scene.hint.visible


def move_made_by(app: App, scene: TableScene, key: int, unicode: str) -> list[Action]:
    """The move the person's ``key`` makes (none, if it makes none)."""
    made = len(scene.match.history)
    press(app, key, unicode)
    return scene.match.history[made:][:1]


def to_card_play(app: App, scene: TableScene) -> None:
    """Run to the person's turn to play a card, bidding the first bid offered."""
    while True:
        to_decision(app, scene)
        if scene.table.fan.active:
            run_until(app, lambda: not scene.animator.busy)
            return
        scene.submit(scene.match.legal_actions_for(0)[0])


def check_the_hand_s_keys(app: App, scene: TableScene) -> None:
    """The arrows, Home, End and H do what the line says; Enter plays the picked card."""
    fan = scene.table.fan
    playable = [i for i, slot in enumerate(fan.slots) if slot.card in fan.legal] or list(range(len(fan.slots)))
    played = len(scene.match.history)
    press(app, pygame.K_RETURN, "\r")
    assert fan.selected in playable and len(scene.match.history) == played, "Enter with nothing picked picks a card"
    fan.selected = None
    press(app, pygame.K_RIGHT)
    assert fan.selected == playable[0], "an arrow picks a card"
    press(app, pygame.K_END)
    assert fan.selected == playable[-1], "End jumps to the last card"
    press(app, pygame.K_HOME)
    assert fan.selected == playable[0], "Home jumps to the first"
    check_h(app, scene)
    picked = fan.slots[playable[0]].card
    played = len(scene.match.history)
    press(app, pygame.K_RETURN, "\r")
    assert len(scene.match.history) > played and getattr(scene.match.history[played], "card", None) == picked, "Enter plays it"


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_at_a_card_to_play_the_line_names_the_hand_s_keys_and_each_works(app: App, game: str) -> None:
    scene = TableScene(app, config(game, PLAYERS[game], (0,)))
    app.scenes.push(scene)
    to_card_play(app, scene)
    spinado = ", S adds the spinado" if getattr(scene.table, "spinado_offered", False) else ""
    assert line(scene) == f"Keys: arrows or Enter pick a card, Enter plays it{spinado}, H shows a hint, Home/End jump to the ends"
    check_the_hand_s_keys(app, scene)


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_card_raised_by_a_click_is_named_with_the_second_click_that_plays_it(app: App, game: str) -> None:
    """A new player clicked a card once, saw it rise, and waited: nothing said that a
    second click plays it."""
    scene = TableScene(app, config(game, PLAYERS[game], (0,)))
    app.scenes.push(scene)
    to_card_play(app, scene)
    fan = scene.table.fan
    index = next(i for i, slot in enumerate(fan.slots) if slot.card in fan.legal)
    card = fan.slots[index].card
    assert card is not None
    click(app, card_grip(scene, index))
    assert fan.selected == index and len(scene.match.history) == len(scene.match.history)
    assert line(scene).startswith(f"Keys: a second click or Enter plays the {card.name}, arrows pick a card"), line(scene)
    played = len(scene.match.history)
    click(app, card_grip(scene, index))
    assert getattr(scene.match.history[played], "card", None) == card, "the second click plays it"


def test_s_adds_the_spinado_and_takes_it_back_as_the_line_says(app: App) -> None:
    spinado_in_ana_s_hand = config("spinado", 3, (0,)).model_copy(update={"seed": 2})
    scene = TableScene(app, spinado_in_ana_s_hand)
    app.scenes.push(scene)
    table = scene.table
    for _ in range(12):
        to_card_play(app, scene)
        if table.spinado_offered:
            break
        scene.submit(scene.match.legal_actions_for(0)[0])
    assert table.spinado_offered, "a turn offered the spinado"
    assert "S adds the spinado" in line(scene)
    press(app, pygame.K_s, "s")
    assert table.with_spinado
    assert "S takes the spinado back" in line(scene)
    press(app, pygame.K_s, "s")
    assert not table.with_spinado


def test_at_a_spades_bid_the_line_names_the_bid_s_keys_and_each_works(app: App) -> None:
    scene = TableScene(app, config("spades", 4, (0,)))
    app.scenes.push(scene)
    to_decision(app, scene)
    panel = scene.table.bidding
    assert panel.visible
    assert line(scene) == "Keys: a number or the arrows choose a bid, Enter bids, H shows a hint"
    press(app, pygame.K_4, "4")
    assert panel.choices[panel.highlight].label == "4", "a number chooses a bid"
    press(app, pygame.K_RIGHT)
    assert panel.choices[panel.highlight].label == "5", "so do the arrows"
    check_h(app, scene)
    assert move_made_by(app, scene, pygame.K_RETURN, "\r") == [Bid(5)], "Enter bids"


def test_nil_s_question_has_its_own_keys_on_the_line(app: App) -> None:
    scene = TableScene(app, config("spades", 4, (0,)))
    app.scenes.push(scene)
    to_decision(app, scene)
    panel = scene.table.bidding
    press(app, pygame.K_RIGHT)
    assert panel.choices[panel.highlight].label == "Nil"
    press(app, pygame.K_RETURN, "\r")
    assert panel.asking is not None
    assert line(scene) == "Keys: Left/Right choose an answer, Enter answers, Esc goes back"
    yes = panel.question_buttons[0]
    focused = yes.focused
    press(app, pygame.K_RIGHT)
    assert yes.focused != focused, "Left/Right choose an answer"
    press(app, pygame.K_ESCAPE)
    assert panel.asking is None and panel.visible, "Esc goes back to the bids"
    assert line(scene).startswith("Keys: a number or the arrows choose a bid")


def test_at_a_spizzichino_pile_the_line_names_the_choice_s_keys_and_each_works(app: App) -> None:
    """The keys for choosing a pile were named only in the piles' panel; the line under
    the hand names them too, while the choice is up, and only the actions left."""
    scene = TableScene(app, config("spizzichino", 2, (0,)))
    app.scenes.push(scene)
    to_decision(app, scene)
    piles = scene.table.piles
    assert piles.active
    assert line(scene) == "Keys: a number or the arrows pick a pile, T takes it into your hand, S stands it face up, H shows a hint"
    # H first: the Hint chooses the pile it names, and the keys then choose another.
    check_h(app, scene)
    press(app, pygame.K_3, "3")
    assert piles.selected == 2, "a number picks a pile"
    press(app, pygame.K_RIGHT)
    assert piles.selected == 3, "so do the arrows"
    assert move_made_by(app, scene, pygame.K_t, "t") == [TakePile(3)], "T takes it into the hand"
    for _ in range(3):
        to_decision(app, scene)
        if not piles.actions[0].enabled:
            break
        scene.submit(scene.match.legal_actions_for(0)[0])
    assert not piles.actions[0].enabled, "the hand has its piles"
    assert line(scene) == "Keys: a number or the arrows pick a pile, S stands it face up, H shows a hint"
    press(app, pygame.K_RIGHT)
    pile = piles.selected
    assert pile is not None
    assert move_made_by(app, scene, pygame.K_s, "s") == [StandPile(pile)], "S stands it face up"


def test_at_a_spizzichino_pile_enter_makes_the_move_the_hint_names(app: App) -> None:
    """Enter did nothing at the piles even with a Hint showing: with two things to do
    with a pile, only the Hint says which."""
    scene = TableScene(app, config("spizzichino", 2, (0,)))
    app.scenes.push(scene)
    to_decision(app, scene)
    piles = scene.table.piles
    press(app, pygame.K_3, "3")
    assert move_made_by(app, scene, pygame.K_RETURN, "\r") == [], "with no Hint, Enter does not choose for you"
    press(app, pygame.K_h, "h")
    hinted = scene.table.hinted
    assert isinstance(hinted, TakePile | StandPile)
    assert piles.selected == hinted.pile
    assert move_made_by(app, scene, pygame.K_RETURN, "\r") == [hinted]


def test_at_a_spizzichino_card_to_play_the_line_runs_under_the_hand(app: App) -> None:
    scene = TableScene(app, config("spizzichino", 2, (0,)))
    app.scenes.push(scene)
    table = scene.table
    to_decision(app, scene)
    while not table.playing:
        scene.submit(scene.match.legal_actions_for(0)[0])
        to_decision(app, scene)
    assert line(scene) == "Keys: " + ", ".join(play_keys(scene.match.legal_actions_for(0)))
    words = table.keys_line.text_rect(app.theme)
    assert words.top >= table.fan.room().bottom and words.centerx == table.fan.area.centerx


def lifts(scene: TableScene) -> list[LiftCard]:
    """The lifts the person may make now."""
    return [a for a in scene.match.legal_actions_for(0) if isinstance(a, LiftCard)]


def test_spizzichino_s_line_names_l_only_while_a_stack_top_may_be_lifted(app: App) -> None:
    """Seen in play: the line named "L lifts a 3, 2 or asso" with no 3, 2 or asso on
    either stack, and L then only said why not. It names L while a lift is legal, and
    follows the stacks as they change."""
    scene = start_table(app, spizzichino_config())
    table = scene.table
    play_until(app, scene, lambda: table.playing and not lifts(scene))
    assert LIFT_KEY not in table.keys_line.keys and "L lifts" not in line(scene)
    play_until(app, scene, lambda: table.playing and bool(lifts(scene)))
    assert LIFT_KEY in table.keys_line.keys and "L lifts a 3, 2 or asso" in line(scene)
    lift = lifts(scene)[0]
    assert move_made_by(app, scene, pygame.K_l, "l") == [lift], "L lifts"
    run_until(app, lambda: table.playing)
    assert (LIFT_KEY in table.keys_line.keys) == bool(lifts(scene)), "the line follows the stacks"


@pytest.mark.parametrize("game", sorted([*PLAYERS, "spizzichino"]))
def test_while_others_play_the_line_names_nothing(app: App, game: str) -> None:
    scene = TableScene(app, config(game, PLAYERS.get(game, 2), ()), watch=True, pace=2.0)
    app.scenes.push(scene)
    run_until(app, lambda: len(scene.match.history) > 2)
    assert scene.table.keys_line.keys == ()
    assert not [mark for mark in scene.footprint() if mark.what == "keys line"]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_a_line_too_long_for_its_room_leaves_out_its_last_keys_whole(app: App, size: tuple[int, int]) -> None:
    app.theme.resize(size)
    keys = ("arrows pick a card", "Enter plays it", "H shows a hint", "Home/End jump to the ends")
    whole = "Keys: " + ", ".join(keys)
    room = app.theme.font(app.theme.text_px(15)).size("Keys: arrows pick a card, Enter plays it, H sh")[0]
    shown, _ = fit_keys(app.theme, keys, room)
    assert shown == "Keys: arrows pick a card, Enter plays it" and whole.startswith(shown)
