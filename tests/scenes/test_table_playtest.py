"""What a playtester found at the Spades table, each checked through the real App with
real events: bidding by keyboard (numbers, arrows, B and L for blind nil), long names
kept inside their boxes, the plates' wording, the drop zone lighting only for a card
that may be played, the watch toolbar, and the hand wholly inside the window."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_table_blind_nil import a_hand_behind
from test_table_support import (
    card_grip,
    frames,
    human_turn_ready,
    make_app,
    post,
    run_until,
    spades_config,
    start_table,
)

from cardtable_gui.app_window import App
from cardtable_gui.persistence.saves import SavedGame, rebuild
from cardtable_gui.rules.spades import BLIND_NIL, LOOK, Bid, PlayCard
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.bidding import TYPE_OR_ARROWS
from cardtable_gui.scenes.table.layouts.spades import bags_text
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from cardtable_gui.ui.theme import Theme

LONG = "Zoë Maximiliana the Great"
SIZES = ((1024, 640), (1280, 800), (1920, 1080))


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path)
    yield app
    app.quit()


def press(app: App, key: int, unicode: str = "", mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=key, unicode=unicode, mod=mod)
    frames(app)


def resize(app: App, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    frames(app)


def my_moves(scene: TableScene) -> list[object]:
    return [a for a, seat in zip(scene.match.history, scene.match.movers, strict=True) if seat == scene.bottom]


def bid_by_keyboard(app: App, scene: TableScene) -> None:
    run_until(app, lambda: scene.table.bidding.visible)
    press(app, pygame.K_3, "3")
    press(app, pygame.K_RETURN, "\r")


def play_until_my_card(app: App, scene: TableScene) -> None:
    bid_by_keyboard(app, scene)
    run_until(app, lambda: scene.table.fan.active)


# -- bidding by keyboard --------------------------------------------------------------


def test_arrows_move_a_highlighted_bid_and_enter_bids_it(app: App) -> None:
    scene = start_table(app, spades_config())
    run_until(app, lambda: scene.table.bidding.visible)
    panel = scene.table.bidding
    assert panel.keys_hint == TYPE_OR_ARROWS
    assert panel.highlight is None
    for _ in range(4):
        press(app, pygame.K_RIGHT)
    assert panel.buttons[panel.highlight].text == "3"
    assert panel.buttons[panel.highlight].focused
    press(app, pygame.K_DOWN)
    assert panel.buttons[panel.highlight].text == "10"
    press(app, pygame.K_LEFT)
    press(app, pygame.K_UP)
    assert panel.buttons[panel.highlight].text == "2"
    press(app, pygame.K_RETURN, "\r")
    assert my_moves(scene) == [Bid(2)]
    assert not panel.visible


def test_a_typed_one_waits_for_more_and_enter_bids_it(app: App) -> None:
    scene = start_table(app, spades_config())
    run_until(app, lambda: scene.table.bidding.visible)
    press(app, pygame.K_1, "1")
    assert my_moves(scene) == [] and scene.table.bidding.buttons[scene.table.bidding.highlight].text == "1"
    press(app, pygame.K_RETURN, "\r")
    assert my_moves(scene) == [Bid(1)]


@pytest.fixture
def blind_nil_table(tmp_path: Path) -> Iterator[TableScene]:
    """Seat 0 at the start of a hand 140 behind: asked blind nil or look first."""
    app = make_app(tmp_path)
    config = spades_config(humans=(0,), seed=7, level=AILevel.MEDIUM)
    state, actions = a_hand_behind(config)
    game = rebuild(SavedGame.capture(config, actions, state))
    scene = TableScene(app, game.config, resume=game)
    app.scenes.push(scene)
    run_until(app, lambda: scene.table.bidding.visible)
    yield scene
    app.quit()


def test_blind_nil_is_answered_with_b(blind_nil_table: TableScene) -> None:
    scene = blind_nil_table
    assert "B" in scene.table.bidding.keys_hint and "L" in scene.table.bidding.keys_hint
    press(scene.app, pygame.K_b, "b")
    assert my_moves(scene)[-1] == BLIND_NIL


def test_looking_is_answered_with_l(blind_nil_table: TableScene) -> None:
    scene = blind_nil_table
    press(scene.app, pygame.K_l, "l")
    assert scene.match.history[-1] == LOOK


def test_the_blind_nil_question_by_arrows_and_enter(blind_nil_table: TableScene) -> None:
    scene = blind_nil_table
    panel = scene.table.bidding
    assert panel.buttons[panel.highlight].text == "Look at my cards"
    press(scene.app, pygame.K_TAB)
    assert panel.buttons[panel.highlight].text == "Bid blind nil"
    press(scene.app, pygame.K_RIGHT)
    press(scene.app, pygame.K_LEFT)
    press(scene.app, pygame.K_RETURN, "\r")
    assert my_moves(scene)[-1] == BLIND_NIL


# -- wording on the plates -------------------------------------------------------------


def test_the_plate_says_to_bid_then_to_play(app: App) -> None:
    scene = start_table(app, spades_config())
    run_until(app, lambda: scene.table.bidding.visible)
    frames(app)
    mine = scene.table.panels[0]
    assert mine.active and mine.turn_text == "to bid"
    press(app, pygame.K_3, "3")
    press(app, pygame.K_RETURN, "\r")
    run_until(app, lambda: scene.table.fan.active)
    frames(app)
    assert mine.active and mine.turn_text == "to play"


def test_one_bag_is_singular() -> None:
    assert [bags_text(n) for n in (0, 1, 2)] == ["0 bags", "1 bag", "2 bags"]


def test_nobody_is_to_play_while_the_summary_is_up(app: App) -> None:
    scene = start_table(app, spades_config())
    while not scene.summary.visible:
        run_until(app, lambda: human_turn_ready(scene))
        if scene.table.bidding.visible:
            press(app, pygame.K_3, "3")
            press(app, pygame.K_RETURN, "\r")
        elif scene.table.fan.active:
            press(app, pygame.K_RIGHT)
            press(app, pygame.K_RETURN, "\r")
    frames(app, 2)
    assert not any(panel.active for panel in scene.table.panels)


# -- dragging ----------------------------------------------------------------------------


def test_only_a_legal_card_lights_the_drop_zone(app: App) -> None:
    scene = start_table(app, spades_config(seed=5))
    while True:
        run_until(app, lambda: human_turn_ready(scene))
        fan = scene.table.fan
        if fan.active and any(s.card not in fan.legal for s in fan.slots):
            break
        if scene.table.bidding.visible:
            press(app, pygame.K_3, "3")
            press(app, pygame.K_RETURN, "\r")
        else:
            press(app, pygame.K_RIGHT)
            press(app, pygame.K_RETURN, "\r")
    trick = scene.table.trick
    for legal in (False, True):
        index = next(i for i, s in enumerate(fan.slots) if (s.card in fan.legal) == legal)
        post(pygame.MOUSEBUTTONDOWN, pos=card_grip(scene, index), button=1)
        frames(app)
        post(pygame.MOUSEMOTION, pos=trick.rect.center, rel=(0, 0), buttons=(1, 0, 0))
        frames(app)
        assert fan.dragging == index
        assert trick.drop_ready is legal and trick.drop_hot is legal
        if legal:
            break
        card = fan.slots[index].card
        reason = scene.match.why_illegal(PlayCard(card))
        post(pygame.MOUSEBUTTONUP, pos=trick.rect.center, button=1)
        frames(app)
        assert scene.message == reason and card in fan.cards
        frames(app, 20)


# -- the toolbar and the hand ------------------------------------------------------------


def test_a_watched_table_puts_last_trick_beside_its_toolbar(app: App) -> None:
    config = spades_config(humans=())
    scene = TableScene(app, config, watch=True)
    app.scenes.push(scene)
    frames(app)
    rules, last = scene.rules_button.rect, scene.table.last_trick.button.rect
    assert last.top == rules.top and last.left == rules.right + app.theme.px(8)


@pytest.mark.parametrize("size", SIZES)
def test_last_trick_never_leaves_a_gap_or_covers_a_plate(app: App, size: tuple[int, int]) -> None:
    scene = start_table(app, spades_config())
    resize(app, size)
    last = scene.table.last_trick.button.rect
    end = scene.rules_button.rect
    assert (last.top == end.top and last.left == end.right + app.theme.px(8)) or last.left == scene.menu_button.rect.left
    assert not any(last.colliderect(panel.plate) for panel in scene.table.panels)


def face_corners(center: tuple[float, float], size: tuple[int, int], angle: float) -> list[tuple[float, float]]:
    """The four corners of a card face of ``size`` centred on ``center``, turned."""
    w, h = size
    a = math.radians(angle)
    corners = []
    for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)):
        corners.append((center[0] + dx * math.cos(a) + dy * math.sin(a), center[1] - dx * math.sin(a) + dy * math.cos(a)))
    return corners


@pytest.mark.parametrize("size", SIZES)
def test_every_card_of_the_hand_is_wholly_inside_the_window(app: App, size: tuple[int, int]) -> None:
    scene = start_table(app, spades_config())
    resize(app, size)
    margin = 3
    for ready in (lambda: scene.table.bidding.visible, lambda: scene.table.fan.active):
        if scene.table.bidding.visible:
            press(app, pygame.K_3, "3")
            press(app, pygame.K_RETURN, "\r")
        run_until(app, ready)
        frames(app, 30)
        fan = scene.table.fan
        card = fan.sprites.size(fan.card_width)
        assert len(fan.slots) == 13
        for slot in fan.slots:
            for x, y in face_corners((slot.x, slot.y), card, slot.angle):
                assert margin <= x <= size[0] - margin and margin <= y <= size[1] - margin, (slot.card, size, y)


# -- long names --------------------------------------------------------------------------


class Recorder(pygame.Surface):
    """A window stand-in that remembers where each picture was put."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.placed: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[no-untyped-def, override]
        self.placed.append((source, pygame.Rect((dest[0], dest[1]), source.get_size())))
        return super().blit(source, dest, area, special_flags)


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Every text picture the theme renders, by identity, with its words."""
    seen: dict[int, str] = {}
    render = Theme.text

    def spy(self: Theme, text: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        image = render(self, text, *args, **kwargs)
        seen[id(image)] = text
        return image

    monkeypatch.setattr(Theme, "text", spy)
    return seen


def name_texts(scene: TableScene, texts: dict[int, str]) -> list[tuple[str, pygame.Rect]]:
    """Where each text carrying part of a long name went when the scene drew."""
    recorder = Recorder(scene.app.screen.get_size())
    scene.draw(recorder)
    return [
        (texts[id(image)], rect)
        for image, rect in recorder.placed
        if id(image) in texts and any(part in texts[id(image)] for part in ("Zo", "Barth", "Maxi"))
    ]


def long_names_config(humans: tuple[int, ...]) -> MatchConfig:
    names = (LONG[:24], "Bartholomew Longname Jr.", "Maximilian von Lange", "Dev")
    return MatchConfig(
        game="spades",
        seats=tuple(
            SeatConfig(name=names[i], kind=SeatKind.HUMAN if i in humans else SeatKind.AI, level=AILevel.EASY)
            for i in range(4)
        ),
        seed=3,
    )


def inside_a_box(rect: pygame.Rect, boxes: list[pygame.Rect]) -> bool:
    return any(box.contains(rect) for box in boxes)


def test_long_names_stay_inside_plates_scores_summary_and_game_over(tmp_path: Path, texts: dict[int, str]) -> None:
    app = make_app(tmp_path, (1024, 640))
    scene = start_table(app, long_names_config(humans=(0,)))
    play_until_my_card(app, scene)
    frames(app, 5)
    drawn = name_texts(scene, texts)
    boxes = [panel.plate for panel in scene.table.panels] + [scene.table.scores.rect, *scene.table.trick.label_boxes]
    assert drawn
    for text, rect in drawn:
        assert inside_a_box(rect, boxes), (text, rect)
    while not scene.summary.visible:
        run_until(app, lambda: human_turn_ready(scene))
        if scene.table.fan.active:
            press(app, pygame.K_RIGHT)
            press(app, pygame.K_RETURN, "\r")
    frames(app, 40)
    for text, rect in name_texts(scene, texts):
        assert inside_a_box(rect, [*boxes, scene.summary.box]), (text, rect)
    sides = [(f"{LONG[:24]} & Maximilian von Lange", "512", True), ("Bartholomew Longname Jr. & Dev", "-40", False)]
    scene.summary.hide()
    scene.game_over.show(f"{LONG[:24]} and Maximilian von Lange win!", sides)
    scene.game_over.layout(app.screen.get_size(), app.theme)
    frames(app, 10)
    drawn = name_texts(scene, texts)
    assert len([rect for _, rect in drawn if scene.game_over.box.colliderect(rect)]) >= 3
    for text, rect in drawn:
        assert inside_a_box(rect, [*boxes, scene.game_over.box]), (text, rect)
    app.quit()


def test_a_long_name_on_the_pass_and_play_cover(tmp_path: Path, texts: dict[int, str]) -> None:
    app = make_app(tmp_path, (1024, 640))
    scene = start_table(app, long_names_config(humans=(0, 1)))
    run_until(app, lambda: scene.handoff.visible)
    drawn = name_texts(scene, texts)
    assert drawn
    for text, rect in drawn + [("", r) for r in scene.handoff.text_rects(app.theme)]:
        assert scene.handoff.box.contains(rect), (text, rect)
    assert "I'm" not in scene.handoff.button.text
    app.quit()
