"""Enter on a fanned hand does the same in every game: with a card picked it plays
that card; with none picked it picks the leftmost card that may be played, raised for
the player to see, and only the next Enter plays it. (Enter with nothing picked did
nothing at all, and said nothing.) After a Hint, the card Enter picks is the hinted one,
and at a Spades bid Enter places the hinted bid."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_table_support import frames, make_app, post, run_until

from cardtable_gui.app_window import App
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.rules.spades import LOOK, Bid
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

PLAYERS = {"spades": 4, "arizona_spaghetti": 4, "spinado": 4, "spizzichino": 2}


def playing_a_card(scene: TableScene) -> bool:
    """The person's turn to put a card from the hand on the table, nothing moving."""
    match = scene.match
    if match.to_move != 0 or scene.animator.busy or not scene.table.fan.active:
        return False
    return all(hasattr(action, "card") for action in match.legal_actions_for(0))


def press_enter() -> None:
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)


def at_first_card_to_play(tmp_path: Path, game: str) -> tuple[App, TableScene]:
    """A table of ``game`` at the person's first turn to play a card from the hand."""
    app = make_app(tmp_path)
    seats = tuple(
        SeatConfig(name=name, kind=SeatKind.HUMAN if seat == 0 else SeatKind.AI, level=AILevel.EASY)
        for seat, name in enumerate(("Ana", "Ben", "Cleo", "Dev")[: PLAYERS[game]])
    )
    scene = TableScene(app, MatchConfig(game=game, seats=seats, seed=7))
    app.scenes.push(scene)
    # Bids and pile choices are made for the person; the tests are about the hand.
    while not playing_a_card(scene):
        run_until(app, lambda: playing_a_card(scene) or (scene.match.to_move == 0 and not scene.animator.busy), limit=3000)
        if not playing_a_card(scene):
            scene.submit(scene.match.legal_actions_for(0)[0])
    return app, scene


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_enter_with_nothing_picked_picks_the_first_card_and_the_next_enter_plays_it(tmp_path: Path, game: str) -> None:
    app, scene = at_first_card_to_play(tmp_path, game)
    fan = scene.table.fan
    assert fan.selected is None
    position = scene.match.position
    first = next(index for index, slot in enumerate(fan.slots) if slot.card in fan.legal)
    press_enter()
    frames(app, 2)
    assert fan.selected == first, "the leftmost card that may be played is picked"
    assert scene.match.position == position, "and not played unseen"
    picked = fan.slots[first].card
    press_enter()
    frames(app, 2)
    assert scene.match.position > position
    assert picked not in fan.cards


def press_h(app: App) -> None:
    """H, and the frames that show (or take down) the Hint."""
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)
    frames(app, 2)


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_after_a_hint_enter_picks_the_hinted_card_and_the_next_enter_plays_it(tmp_path: Path, game: str) -> None:
    app, scene = at_first_card_to_play(tmp_path, game)
    fan = scene.table.fan
    press_h(app)
    hinted = fan.hinted_pick
    assert hinted is not None and hinted in fan.hinted
    position = scene.match.position
    press_enter()
    frames(app, 2)
    assert fan.selected_card == hinted, "Enter picks the card the Hint raised, not the leftmost"
    assert scene.match.position == position
    press_enter()
    frames(app, 2)
    assert scene.match.position > position
    assert hinted not in fan.cards


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_hint_moves_the_keys_pick_to_the_hinted_card_and_back_when_it_goes(tmp_path: Path, game: str) -> None:
    app, scene = at_first_card_to_play(tmp_path, game)
    fan = scene.table.fan
    press_h(app)
    hinted = fan.hinted_pick
    press_h(app)
    own = next(i for i, slot in enumerate(fan.slots) if slot.card != hinted)
    fan.select(own)
    press_h(app)
    assert fan.selected_card == hinted
    press_h(app)
    assert fan.selected == own, "taking the Hint down gives the pick back"


def one_card_to_play(scene: TableScene) -> bool:
    fan = scene.table.fan
    return playing_a_card(scene) and sum(slot.card in fan.legal for slot in fan.slots) == 1


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_arrows_that_cannot_move_say_the_one_card_that_can_be_played(tmp_path: Path, game: str) -> None:
    """A play-tester pressed the arrows again and again with one card to play, and
    nothing moved, with no word why."""
    app, scene = at_first_card_to_play(tmp_path, game)
    fan = scene.table.fan
    while not one_card_to_play(scene):
        if playing_a_card(scene):
            scene.submit(scene.match.legal_actions_for(0)[0])
        run_until(app, lambda: playing_a_card(scene), limit=3000)
    only = next(slot.card for slot in fan.slots if slot.card in fan.legal)
    assert only is not None
    post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    frames(app, 2)
    assert fan.selected_card == only and not scene.message, "the first arrow picks it, and that says enough"
    post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    frames(app, 2)
    assert fan.selected_card == only
    assert scene.message == f"Only the {only.name} can be played now, so the arrows stay on it."


def test_after_a_hint_at_a_spades_bid_enter_places_the_hinted_bid(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    seats = tuple(
        SeatConfig(name=name, kind=SeatKind.HUMAN if seat == 0 else SeatKind.AI, level=AILevel.EASY)
        for seat, name in enumerate(("Ana", "Ben", "Cleo", "Dev"))
    )
    scene = TableScene(app, MatchConfig(game="spades", seats=seats, seed=7))
    app.scenes.push(scene)
    panel = scene.table.bidding
    run_until(app, lambda: scene.match.to_move == 0 and panel.visible and not scene.animator.busy, limit=3000)
    if LOOK in scene.match.legal_actions_for(0):
        scene.submit(LOOK)
        run_until(app, lambda: panel.visible and panel.asking is None and LOOK not in scene.match.legal_actions_for(0))
    press_h(app)
    hinted = scene.table.hinted
    assert isinstance(hinted, Bid)
    press_enter()
    frames(app, 2)
    assert scene.match.to_move != 0 or not panel.visible
    assert scene.match.view_for(0).bids[0] == hinted, "Enter bids what the Hint named"
