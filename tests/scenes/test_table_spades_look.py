"""What the Spades table shows, as a new player expects it: each trick card in front of
its player with their name and the winner marked, your plate beside your hand, the
side's bid and tricks in the score box, notices clear of the hand, the hand number
turning with the deal, the summary's tricks and the game's score sheet."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pygame
import pytest
from test_table_support import (
    before_each_event,
    card_grip,
    covered_by_a_toast,
    drag,
    frames,
    human_turn_ready,
    make_app,
    place_bid,
    run_until,
    spades_config,
    start_table,
)

from cardtable_gui.rules import GAMES
from cardtable_gui.rules.base import TrickWon
from cardtable_gui.rules.spades import Bid, BidMade, HandScored
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.layouts.spades import SIDES, took_text
from cardtable_gui.scenes.table.seat_panel import Side

SIZES = ((1024, 640), (1280, 800), (1920, 1080))


@pytest.fixture
def app(tmp_path: Path):
    app = make_app(tmp_path)
    yield app
    app.quit()


def play_one_card(app, scene: TableScene) -> None:
    run_until(app, lambda: human_turn_ready(scene))
    table = scene.table
    if table.bidding.visible:
        place_bid(app, scene, "3")
        return
    fan = table.fan
    if fan.active:
        index = next(i for i, s in enumerate(fan.slots) if s.card in fan.legal)
        drag(app, card_grip(scene, index), table.trick.rect.center)


@pytest.mark.parametrize("size", SIZES)
def test_trick_cards_lie_in_front_of_their_players_and_overlap_little(tmp_path: Path, size) -> None:
    app = make_app(tmp_path, size)
    scene = start_table(app, spades_config())
    frames(app)
    trick, sprites = scene.table.trick, scene.sprites
    w, h = sprites.size(trick.card_width)
    rects = {}
    for position, side in enumerate(SIDES):
        rect = pygame.Rect(0, 0, w, h)
        rect.center = tuple(round(v) for v in trick.slot(position, sprites))
        rects[side] = rect
    assert rects[Side.TOP].centery < rects[Side.LEFT].centery < rects[Side.BOTTOM].centery
    assert rects[Side.LEFT].centerx < rects[Side.TOP].centerx < rects[Side.RIGHT].centerx
    for a in Side:
        for b in Side:
            if a is not b:
                overlap = rects[a].clip(rects[b])
                assert overlap.width * overlap.height < 0.15 * w * h, (a, b)
    app.quit()


def test_every_trick_card_is_named_and_the_winner_marked_before_collection(app) -> None:
    scene = start_table(app, spades_config())
    table = scene.table
    marked: list[tuple[int, int | None, int]] = []
    shown = table.on_event

    def watch(event) -> None:
        shown(event)
        if isinstance(event, TrickWon):
            scene.draw(pygame.Surface(app.screen.get_size()))
            marked.append((table.position_of(event.seat), table.trick.winner, len(table.trick.label_boxes)))

    table.on_event = watch  # type: ignore[method-assign]
    while len(marked) < 2:
        play_one_card(app, scene)
    for winner, outlined, labels in marked:
        assert outlined == winner and labels == 4
    frames(app, 30)
    assert table.trick.winner is None or table.trick.plays == []


@pytest.mark.parametrize("size", SIZES)
def test_your_plate_sits_beside_your_hand(tmp_path: Path, size) -> None:
    app = make_app(tmp_path, size)
    scene = start_table(app, spades_config())
    run_until(app, lambda: scene.table.bidding.visible)
    table = scene.table
    mine = table.panels[0].plate
    hand = table.fan.bounds()
    assert mine.bottom <= size[1] and mine.top >= table.hand_top - 1
    assert mine.right < hand.left
    assert not any(mine.colliderect(panel.plate) for panel in table.panels[1:])
    assert hand.bottom <= size[1]
    app.quit()


def test_the_score_box_shows_each_sides_bid_and_tricks(app) -> None:
    scene = start_table(app, spades_config())
    run_until(app, lambda: scene.table.fan.active or scene.table.bidding.visible)
    assert [row.line for row in scene.table.scores.rows] == ["Bidding", "Bidding"]
    place_bid(app, scene, "3")
    run_until(app, lambda: scene.table.fan.active)
    frames(app)
    bids = scene.match.state.bids
    for row, side in zip(scene.table.scores.rows, ((0, 2), (1, 3)), strict=True):
        assert row.line.startswith(f"Bid {sum(bids[s].tricks for s in side)}")
        assert row.line.endswith("won 0")


def test_notices_never_cover_the_hand(tmp_path: Path) -> None:
    app = make_app(tmp_path, (1024, 640))
    scene = start_table(app, spades_config())
    run_until(app, lambda: scene.table.bidding.visible)
    app.toast("Saved as \u201cSpades, Hand 1\u201d. Load game on the menu brings it back.", 4.0)
    app.toast("Screenshot saved to a folder with a rather long name somewhere on this disk.", 4.0)
    frames(app, 3)
    hand = scene.table.fan.bounds()
    assert len(app.toasts.boxes) == 2
    assert not any(box.colliderect(hand) for box in app.toasts.boxes)
    app.quit()


def test_the_header_shows_the_new_hand_as_soon_as_it_is_dealt(app) -> None:
    scene = start_table(app, spades_config(seed=4))
    while not scene.summary.visible:
        play_one_card(app, scene)
    assert scene.table.scores.title.startswith("Hand 1")
    frames(app, 30)
    scene.summary.button.on_click()
    for _ in range(10):
        frames(app, 1, dt=0.01)
        if scene.table.deck.count:
            break
    assert scene.table.deck.count, "the next deal is under way"
    assert scene.table.scores.title.startswith("Hand 2")


def hand_with_a_nil(seed: int) -> HandScored:
    """A random hand in which seat 0 bids nil and takes at least one trick."""
    rules = GAMES["spades"]
    for attempt in range(500):
        state = rules.new_game(4, seed=seed + attempt)
        rng = random.Random(attempt)
        while state.bids[0] is None or any(b is None for b in state.bids):
            seat = state.to_move
            state.apply(Bid(0) if seat == 0 else Bid(3))
        events = []
        while not any(isinstance(e, HandScored) for e in events):
            events = state.apply(rng.choice(state.legal_actions()))
        hand = next(e for e in events if isinstance(e, HandScored))
        if hand.tricks[0]:
            return hand
    raise AssertionError("no failed nil found")


def test_the_summary_counts_every_trick_and_names_those_taken_on_nil() -> None:
    hand = hand_with_a_nil(1)
    side = next(s for s in hand.sides if 0 in s.seats)
    total = hand.tricks[0] + hand.tricks[2]
    assert took_text(side, hand) == f"{total}, {hand.tricks[0]} on nil"


def test_game_over_shows_a_score_sheet_of_every_hand_that_fits(tmp_path: Path) -> None:
    app = make_app(tmp_path, (1024, 640))
    scene = start_table(app, spades_config(humans=(), seed=2))
    rules = GAMES["spades"]
    state = rules.new_game(4, seed=2)
    rng = random.Random(2)
    events = []
    while not state.is_over:
        events += state.apply(rng.choice(state.legal_actions()))
    hands = [e for e in events if isinstance(e, HandScored)]
    sheet = scene.table.score_sheet(events)
    assert sheet is not None and len(sheet.rows) == len(hands)
    last = hands[-1]
    assert sheet.rows[-1][0] == str(last.hand_number)
    assert str(last.sides[0].total) in sheet.rows[-1][4]
    scene.game_over.show("Ana and Cleo win!", [("Ana & Cleo", "512", True), ("Ben & Dev", "300", False)], sheet)
    scene.game_over.layout(app.screen.get_size(), app.theme)
    box = scene.game_over.box
    assert app.screen.get_rect().contains(box)
    assert box.contains(scene.game_over.sheet_rect)
    assert scene.game_over.rows_shown >= 1
    assert not scene.game_over.sheet_rect.colliderect(scene.game_over.rematch.rect)
    app.quit()


def test_your_hand_is_face_up_from_the_deal_while_the_others_bid(app) -> None:
    first = GAMES["spades"].new_game(4, seed=3).to_move
    assert first is not None
    # You bid last, so three computers bid first; at 0-0 no blind nil can be bid, so
    # nothing keeps your cards face down.
    you = (first + 3) % 4
    scene = start_table(app, spades_config(humans=(you,)))
    faces: list[tuple[object, list]] = []
    before_each_event(scene, lambda event: faces.append((event, list(scene.table.fan.cards))))
    run_until(app, lambda: human_turn_ready(scene))
    bids = [(event, cards) for event, cards in faces if isinstance(event, BidMade)]
    assert len(bids) == 3
    dealt = Counter(scene.match.view_for(you).hand)
    for event, cards in bids:
        assert Counter(cards) == dealt, f"your cards were not face up when {event} showed"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_a_toast_keeps_off_the_plates_and_cards(tmp_path: Path, size: tuple[int, int]) -> None:
    """Seen: "Saved as ..." lay over the opponent's plate at the top of the table."""
    app = make_app(tmp_path, size)
    scene = start_table(app, spades_config())
    run_until(app, lambda: scene.table.fan.active or scene.table.bidding.visible)
    covered = covered_by_a_toast(app, scene, "Saved as \u201cSpades, Hand 1\u201d. Load game on the menu brings it back.")
    assert not covered, covered
    app.quit()
