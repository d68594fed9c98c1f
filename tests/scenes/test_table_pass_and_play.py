"""Pass-and-play at the table: the cover hides every hand between two people's turns,
and the bottom seat is the person whose turn it is."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_table_support import (
    place_bid,
    card_grip,
    click,
    drag,
    human_turn_ready,
    make_app,
    run_until,
    spades_config,
    start_table,
)

from cardtable_gui.scenes.table import TableScene
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
            click(app, scene.handoff.button.rect.center)
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


def test_the_cards_the_last_person_kept_are_face_down_under_the_summary(app) -> None:
    seats = tuple(
        SeatConfig(name=name, kind=SeatKind.HUMAN if i < 2 else SeatKind.AI, level=AILevel.EASY)
        for i, name in enumerate(("Ana", "Ben", "Cleo"))
    )
    scene = start_table(app, MatchConfig(game="spinado", seats=seats, seed=4))
    while not scene.summary.visible:
        run_until(app, lambda: human_turn_ready(scene))
        if scene.handoff.visible:
            click(app, scene.handoff.button.rect.center)
        elif not scene.summary.visible:
            fan = scene.table.fan
            index = next(i for i, slot in enumerate(fan.slots) if slot.card in fan.legal)
            drag(app, card_grip(scene, index), scene.table.board.rect.center)
    assert scene.table.fan.slots, "the last person still holds cards when the hand ends"
    assert all(slot.card is None for slot in scene.table.fan.slots), "every card under the summary is a back"
