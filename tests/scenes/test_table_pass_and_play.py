"""Pass-and-play at the table: the cover hides every hand between two people's turns,
and the bottom seat is the person whose turn it is."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_table_support import (
    DT,
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

from cardtable_gui.rules.base import CardPlayed, SeatEvent, TrickWon
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.handoff import DEAF_SECONDS
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind


@pytest.fixture
def app(tmp_path: Path):
    app = make_app(tmp_path)
    yield app
    app.quit()


def test_no_card_face_is_drawn_while_the_cover_is_up(app) -> None:
    scene = start_table(app, spades_config(humans=(0, 1)))
    faces_under_cover: list[object] = []
    draw = scene.sprites.draw

    def spy(surface, card, *args, **kwargs):
        if card is not None and scene.handoff.visible:
            faces_under_cover.append(card)
        return draw(surface, card, *args, **kwargs)

    scene.sprites.draw = spy
    covers: list[int] = []
    bottoms: list[int] = []
    while len(covers) < 8:
        run_until(app, lambda: human_turn_ready(scene))
        if scene.handoff.visible:
            covers.append(scene.handoff.seat)
            app.run_frame(0.1)
            show_my_cards(app, scene)
            continue
        assert scene.bottom == scene.match.to_move
        bottoms.append(scene.bottom)
        table = scene.table
        if table.bidding.visible:
            place_bid(app, scene, "2")
        else:
            fan = table.fan
            index = next(i for i, s in enumerate(fan.slots) if s.card in fan.legal)
            drag(app, card_grip(scene, index), table.trick.rect.center)
    assert faces_under_cover == []
    assert set(covers) == {0, 1}
    assert set(bottoms) == {0, 1}


def test_the_first_person_is_asked_before_any_hand_is_shown(app) -> None:
    scene: TableScene = start_table(app, spades_config(humans=(0, 2)))
    assert scene.viewer is None
    assert scene.table.fan.cards == []
    run_until(app, lambda: scene.handoff.visible)
    assert not scene.undo_button.rect.width or not scene._undo_allowed()


def test_a_persons_cards_go_face_down_as_soon_as_the_computers_play(app) -> None:
    """The next person may already hold the screen while the computers between two
    people's turns play: the last person's hand is not left face up for them."""
    scene = start_table(app, spades_config(humans=(0, 2)))
    run_until(app, lambda: human_turn_ready(scene))
    app.run_frame(0.1)
    show_my_cards(app, scene)
    person = scene.bottom
    assert scene.table.fan.cards
    faces_shown: dict[int, int] = {}
    on_event = scene.table.on_event

    def spy(event) -> None:
        if isinstance(event, SeatEvent):
            faces_shown[event.seat] = len(scene.table.fan.cards)
        on_event(event)

    scene.table.on_event = spy
    place_bid(app, scene, "2")
    run_until(app, lambda: scene.handoff.visible)
    computer = (person + 1) % 4
    assert faces_shown[person] == 13, "the person sees their own bid placed"
    assert faces_shown[computer] == 0, "the computer's bid is shown with the person's cards face down"
    assert scene.table.fan.cards == []


def test_a_persons_cards_go_face_down_in_the_frame_their_move_goes_out(app) -> None:
    """Seen: after a bid the hand stayed face up for 0.6 s beside "Bid 3", the next
    computer already marked to play. It turns as soon as the move is on its way."""
    scene = start_table(app, spades_config(humans=(0, 2)))
    run_until(app, lambda: human_turn_ready(scene))
    app.run_frame(0.1)
    show_my_cards(app, scene)
    person = scene.bottom
    shown: list[bool] = []
    on_event = scene.table.on_event

    def spy(event) -> None:
        if isinstance(event, SeatEvent) and event.seat == person:
            shown.append(True)
        on_event(event)

    scene.table.on_event = spy
    place_bid(app, scene, "2")
    run_until(app, lambda: bool(shown), dt=DT / 4)
    assert scene.table.fan.cards == []


def test_a_trick_a_person_completes_is_gathered_to_a_computer_with_their_cards_face_down(app) -> None:
    """Seen: the person who played a trick's last card kept their cards face up for
    the two seconds "Clara takes it" was shown, the turn already gone from them."""
    scene = start_table(app, spades_config(humans=(0, 2)))
    faces_at_gathering: list[int] = []
    last_player: list[int] = []
    on_event = scene.table.on_event

    def spy(event) -> None:
        if isinstance(event, CardPlayed):
            last_player.append(event.seat)
        if isinstance(event, TrickWon) and scene.match.is_human(last_player[-1]) and not scene.match.is_human(event.seat):
            faces_at_gathering.append(len(scene.table.fan.cards))
        on_event(event)

    scene.table.on_event = spy
    while len(faces_at_gathering) < 2:
        run_until(app, lambda: human_turn_ready(scene))
        if scene.handoff.visible:
            app.run_frame(0.1)
            show_my_cards(app, scene)
        elif scene.table.bidding.visible:
            place_bid(app, scene, "2")
        else:
            fan = scene.table.fan
            index = next(i for i, slot in enumerate(fan.slots) if slot.card in fan.legal)
            drag(app, card_grip(scene, index), scene.table.trick.rect.center)
    assert faces_at_gathering == [0, 0]


def test_the_cards_the_last_person_kept_are_face_down_under_the_summary(app) -> None:
    seats = tuple(
        SeatConfig(name=name, kind=SeatKind.HUMAN if i < 2 else SeatKind.AI, level=AILevel.EASY)
        for i, name in enumerate(("Ana", "Ben", "Cleo"))
    )
    scene = start_table(app, MatchConfig(game="spinado", seats=seats, seed=4))
    while not scene.summary.visible:
        run_until(app, lambda: human_turn_ready(scene))
        if scene.handoff.visible:
            show_my_cards(app, scene)
        elif not scene.summary.visible:
            fan = scene.table.fan
            index = next(i for i, slot in enumerate(fan.slots) if slot.card in fan.legal)
            drag(app, card_grip(scene, index), scene.table.board.rect.center)
    assert scene.table.fan.slots, "the last person still holds cards when the hand ends"
    assert all(slot.card is None for slot in scene.table.fan.slots), "every card under the summary is a back"


def enter_down(app) -> None:
    post(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0, scancode=0)
    frames(app)


def enter_up(app) -> None:
    post(pygame.KEYUP, key=pygame.K_RETURN, unicode="", mod=0, scancode=0)
    frames(app)


def test_a_press_just_as_the_cover_comes_up_does_not_open_it(app) -> None:
    """An Enter or a click meant for the last move, landing as the cover comes up,
    leaves the cover up; after a moment a deliberate press opens it."""
    scene = start_table(app, spades_config(humans=(0, 1)))
    run_until(app, lambda: scene.handoff.visible)
    enter_down(app)
    enter_up(app)
    click(app, scene.handoff.button.rect.center)
    assert scene.handoff.visible and scene.table.fan.cards == []
    frames(app, round(DEAF_SECONDS / DT) + 1)
    enter_down(app)
    assert not scene.handoff.visible, "a deliberate Enter shows the cards"
    assert scene.table.fan.cards


def test_a_key_held_from_before_the_cover_never_opens_it(app) -> None:
    """The previous person's Enter, held and repeating, is not the next person's press:
    only a new press after the key was let go opens the cover."""
    scene = start_table(app, spades_config(humans=(0, 1)))
    enter_down(app)
    run_until(app, lambda: scene.handoff.visible)
    frames(app, round(DEAF_SECONDS / DT) + 1)
    enter_down(app)
    assert scene.handoff.visible, "a key repeat from before the cover"
    enter_up(app)
    enter_down(app)
    assert not scene.handoff.visible
