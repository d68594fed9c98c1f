"""What the Spinado table draws never covers itself, at 1024x640, 1280x800 and
1920x1080: on a fresh deal, mid-hand after stops, when a pot is won and while the dead
hand is turned up, no place, marker or label of the board lies on a card it does not
belong to, no callout, bubble or turned-up dead hand hides the board or anyone's cards,
and the hand keeps clear of the board even with a card raised as high as it goes. The
dead hand tile counts the cards it shows, and a pot's line is never cut."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_table_spinado import SIZES, spinado_config, stacked, table_of
from test_table_support import before_each_event, click, frames, make_app, post, run_until, start_table

from cardtable_gui.app_window import App
from cardtable_gui.cards import Card, Rank, Suit
from cardtable_gui.rules.base import CardPlayed, Event, HandDealt
from cardtable_gui.rules.spinado import HandWon, Play, Pot, SequenceStopped, StopReason, next_in_run
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.card_sprites import index_corners
from cardtable_gui.scenes.table.footprint import KEEP_CLEAR
from cardtable_gui.scenes.table.layouts.spinado import NOT_THIS_HAND, SpinadoLayout, played_the, won_by
from cardtable_gui.scenes.table.layouts.spinado_board import TAGS, dead_hint, tag_ink, tag_px
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from cardtable_gui.ui.theme import FONT_SIZE_RATIO, MIN_TEXT_PX, Theme

PLAYERS = 5
READABLE_WIDTH = 44
"""A board card at least this wide (in the smallest window) has a corner index large
enough to read."""


@pytest.fixture
def apps() -> Iterator[list[App]]:
    opened: list[App] = []
    yield opened
    for app in opened:
        if app.running:
            app.quit()


def watched_table(apps: list[App], tmp_path: Path, size: tuple[int, int]) -> tuple[App, TableScene]:
    """Five computer players, the first hand dealt as in the layout tests."""
    app = make_app(tmp_path, size)
    apps.append(app)
    deck = stacked(PLAYERS, 5, {0: ["AD", "3H"]})
    return app, start_table(app, spinado_config(players=PLAYERS, humans=(), deck=deck))


def cards_of_others(table: SpinadoLayout) -> list[pygame.Rect]:
    return [panel.cards_rect(table.sprites) for panel in table.panels[1:] if panel.card_count]


def assert_nothing_covered(app: App, scene: TableScene, state: str) -> None:
    """The board's pieces lie apart; a label covers no card; the callout, the bubbles
    and the turned-up dead hand cover neither the board nor anyone's cards."""
    app.run_frame(0.0)
    table = table_of(scene)
    theme = app.theme
    pieces = table.board.pieces(theme, scene.sprites)
    places = [piece for piece in pieces if piece.kind in ("card", "place")]
    shown_cards = {card: table.card_rects(card)[-1] for card in table.board.played}
    for piece in places:
        seen = shown_cards.get(piece.card, piece.rect) if piece.card is not None else piece.rect
        assert table.board.rect.contains(seen), (state, piece)
        for other in places:
            if other is not piece:
                assert not seen.colliderect(other.rect), (state, "board", piece.card, other.card)
    for label in (piece for piece in pieces if piece.kind not in ("card", "place")):
        for piece in places:
            assert not label.rect.colliderect(piece.rect), (state, label.text, piece.card)
    hands = [table.fan.bounds(), *cards_of_others(table)] if table.fan.slots else cards_of_others(table)
    middle = [table.board.rect, table.dead.rect, *(tile.rect for tile in table.tiles.values())]
    notes: dict[object, pygame.Rect] = dict(table.bubbles.drawn)
    if table.banner.callout:
        notes["callout"] = table.banner.callout_box
    if table.reveal.visible:
        notes["dead hand"] = table.reveal.rect
    screen = app.screen.get_rect()
    for name, box in notes.items():
        assert screen.contains(box), (state, name)
        for rect in [*hands, *middle]:
            assert not box.colliderect(rect), (state, name, rect)


@pytest.mark.parametrize("size", SIZES)
def test_a_hand_of_computers_never_covers_the_board_or_the_cards(apps: list[App], tmp_path: Path, size: tuple[int, int]) -> None:
    app, scene = watched_table(apps, tmp_path, size)
    table = table_of(scene)
    # No card in flight: the deal has landed (the table may be holding a computer's card
    # in view for its reading time, which keeps the animator busy).
    run_until(app, lambda: not scene.animator.flights and table.counts[0] > 0)
    assert_nothing_covered(app, scene, "fresh deal")
    run_until(app, lambda: table.board.stopped is not None and bool(table.banner.callout) and len(table.board.played) > 3)
    assert_nothing_covered(app, scene, "a stop")
    assert table.board.stop_box(app.theme, scene.sprites) is not None
    run_until(app, lambda: bool(table.ledger.pots) and bool(table.bubbles.shown), limit=3000)
    assert_nothing_covered(app, scene, "a pot won")
    run_until(app, lambda: table.reveal.visible, limit=3000)
    frames(app, 3)
    assert_nothing_covered(app, scene, "the dead hand turned up")


def covered_indices(table: SpinadoLayout, theme: Theme) -> list[str]:
    """Each card down on the board whose corner index (rank over suit, top left) is not
    all in the part of it drawn, or lies under another piece of the board."""
    board = table.board
    pieces = board.pieces(theme, table.sprites)
    found = []
    for piece in pieces:
        if piece.kind != "card" or piece.card is None:
            continue
        whole = table.sprites.rect(board.slot(piece.card, table.sprites), board.card_width)
        index = index_corners(whole)[0]
        if not piece.rect.contains(index):
            found.append(f"the index of {piece.card} {tuple(index)} runs out of its place {tuple(piece.rect)}")
        found += [f"{other.kind} {other.card or other.text} covers the index of {piece.card}" for other in pieces if other is not piece and other.rect.colliderect(index)]
    return found


def test_the_board_s_cards_are_read_by_their_corner_index(apps: list[App], tmp_path: Path) -> None:
    """At every size, with the most players (the least room), the board's cards are
    large enough to read, larger in a larger window, and every card down shows its
    whole corner index, covered by no other card, place, name or sign."""
    widths = []
    for size in SIZES:
        app, scene = watched_table(apps, tmp_path / f"{size[0]}", size)
        table = table_of(scene)
        run_until(app, lambda: len(table.board.played) >= 6 and not scene.animator.flights, limit=3000)
        app.run_frame(0.0)
        assert covered_indices(table, app.theme) == [], size
        widths.append(table.board.card_width)
        app.quit()
    assert widths[0] >= READABLE_WIDTH, f"{widths[0]} px at 1024x640"
    assert widths == sorted(set(widths)), widths


TAG_LETTERS = 12
"""The least size of the "next" and "dead" tags' letters, in pixels, in the smallest
window: the theme's smallest text (11 pixels) was hard to read up a narrow place."""
BOARD_CARD_WIDTHS = {(1024, 640): 47, (1280, 800): 68, (1920, 1080): 94}
"""How wide the board's cards are with five players at each size: the tags grew
without making them smaller (a larger font once did)."""


def test_the_next_and_dead_tags_read_without_shrinking_the_board_s_cards(apps: list[App], tmp_path: Path) -> None:
    """The tags are written at 12 pixels or more at 1024x640, larger in each larger
    window, across no more than their place's width, and with five players the board's
    cards keep their size."""
    letters = []
    for size in SIZES:
        app, scene = watched_table(apps, tmp_path / f"{size[0]}", size)
        table = table_of(scene)
        frames(app)
        theme = app.theme
        letters.append(round(tag_px(theme) * FONT_SIZE_RATIO))
        assert table.board.card_width >= BOARD_CARD_WIDTHS[size], size
        place = table.board.place_rect(Card(Rank.QUEEN, Suit.HEARTS), scene.sprites, theme)
        # Written up the place, a tag's letters lie across its width.
        assert max(tag_ink(theme, word).get_height() for word in TAGS) < place.width, size
        app.quit()
    assert letters[0] >= TAG_LETTERS, f"{letters[0]} px at 1024x640"
    assert letters == sorted(set(letters)), letters


@pytest.mark.parametrize("size", SIZES)
def test_a_legend_under_the_rows_says_what_the_marks_mean(apps: list[App], tmp_path: Path, size: tuple[int, int]) -> None:
    """The "next" and "dead" tags are written no smaller than the smallest text, and,
    while no caption speaks to the player, a legend under the rows, whole and clear of
    every place, says why the 8 of diamonds is crossed out: it is not in the pack."""
    app, scene = watched_table(apps, tmp_path, size)
    table = table_of(scene)
    run_until(app, lambda: not scene.animator.flights and table.counts[0] > 0)
    app.run_frame(0.0)
    assert tag_px(app.theme) >= MIN_TEXT_PX
    pieces = table.board.pieces(app.theme, scene.sprites)
    legend = [piece for piece in pieces if piece.kind == "legend"]
    assert [line.text for line in legend] == ["8\u2666 crossed out: not in the pack"]
    places = [piece for piece in pieces if piece.kind in ("card", "place", "caption")]
    line = legend[0]
    assert line.size >= MIN_TEXT_PX
    assert table.board.rect.contains(line.rect), line
    assert [piece.card or piece.text for piece in places if piece.rect.colliderect(line.rect)] == [], line


@pytest.mark.parametrize("size", SIZES)
def test_the_legend_stays_in_sight_on_your_turn_covering_nothing(apps: list[App], tmp_path: Path, size: tuple[int, int]) -> None:
    """Seen: the legend showed only between your turns, as the caption took its line.
    On your turn, with the most players, it is under the caption on the board, or
    where the table has room near it, clear of everything drawn."""
    app = make_app(tmp_path, size)
    apps.append(app)
    scene = start_table(app, spinado_config(players=PLAYERS, deck=stacked(PLAYERS, 5, {0: ["AD", "3H"]})))
    table = table_of(scene)
    run_until(app, lambda: table.fan.active and not scene.animator.busy)
    frames(app)
    assert table.board.caption.startswith("Your turn")
    pieces = table.board.pieces(app.theme, scene.sprites)
    on_board = [piece for piece in pieces if piece.kind == "legend"]
    if on_board:
        assert [piece.text for piece in on_board] == ["8\u2666 crossed out: not in the pack"]
        assert [piece.text for piece in pieces if piece.kind != "legend" and piece.rect.colliderect(on_board[0].rect)] == []
        return
    box = table.legend_box
    assert box is not None, "the legend is nowhere on your turn"
    footprint = scene.footprint()
    assert pygame.Rect((0, 0), size).contains(box)
    assert [mark.what for mark in footprint if mark.kind in KEEP_CLEAR and mark.what != "legend" and mark.rect.colliderect(box)] == []


@pytest.mark.parametrize("size", SIZES)
def test_the_dead_hand_tile_counts_the_cards_it_shows(apps: list[App], tmp_path: Path, size: tuple[int, int]) -> None:
    app, scene = watched_table(apps, tmp_path, size)
    table = table_of(scene)
    run_until(app, lambda: table.reveal.visible, limit=5000)
    count = len(table.reveal.cards)
    assert count > 0
    assert dead_hint(table.dead.pile.count, table.dead.hint) == f"{count} cards, face up"
    assert table.dead.face_up, "its cards are over the table, not on the tile"


@pytest.mark.parametrize("size", SIZES)
def test_the_dead_hand_s_cards_spread_as_far_as_the_free_room_allows(apps: list[App], tmp_path: Path, size: tuple[int, int]) -> None:
    """Seen at 1920x1080: the dead hand lay in a narrow panel under the board, each
    card showing little more than its index, with free felt on both sides. Each card
    shows at least its corner index at every size, and at 1920x1080, with room to
    spare, more than half of itself."""
    app, scene = watched_table(apps, tmp_path, size)
    table = table_of(scene)
    run_until(app, lambda: table.reveal.visible and not table.reveal.turning, limit=5000)
    app.run_frame(0.0)
    reveal = table.reveal
    width = scene.sprites.size(reveal.card_width)[0]
    shown = reveal.card_center(1, scene.sprites)[0] - reveal.card_center(0, scene.sprites)[0]
    assert shown >= index_corners(pygame.Rect(0, 0, *scene.sprites.size(reveal.card_width)))[0].width, shown
    if size == (1920, 1080):
        assert shown > width / 2, f"{shown:.0f} px of {width} px cards show"
    footprint = scene.footprint()
    turned_up = next(mark for mark in footprint if mark.what == "dead hand turned up")
    assert [mark.what for mark in footprint if mark.kind in KEEP_CLEAR and mark is not turned_up and mark.rect.colliderect(turned_up.rect)] == []


@pytest.mark.parametrize("size", SIZES)
def test_the_hand_keeps_clear_of_the_board_with_a_card_raised_highest(apps: list[App], tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, size)
    apps.append(app)
    scene = start_table(app, spinado_config(players=PLAYERS, deck=stacked(PLAYERS, 5, {0: ["AD", "3H"]})))
    table = table_of(scene)
    run_until(app, lambda: table.fan.active and not scene.animator.busy)
    post(pygame.KEYDOWN, key=pygame.K_RIGHT, unicode="", mod=0, scancode=0)
    frames(app)
    chosen = table.fan.selected
    assert chosen is not None
    table.show_hint(Play(table.fan.cards[chosen], False))
    grip = table.fan.card_rect(chosen)
    post(pygame.MOUSEMOTION, pos=(grip.left + 4, grip.top + grip.height // 3), rel=(0, 0), buttons=(0, 0, 0))
    frames(app, 30)
    gap = table.fan.bounds().top - table.board.rect.bottom
    assert gap >= app.theme.px(8), gap


@pytest.mark.parametrize("size", SIZES)
def test_a_pot_tile_says_who_played_half_its_pair_in_full(apps: list[App], tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, size)
    apps.append(app)
    seats = tuple(SeatConfig(name=f"Player {i + 1}", kind=SeatKind.AI, level=AILevel.EASY) for i in range(PLAYERS))
    scene = start_table(app, MatchConfig(game="spinado", seats=seats, seed=5))
    table = table_of(scene)
    frames(app)
    theme = app.theme
    for tile in table.tiles.values():
        room = tile.rect.right - theme.px(10) - (tile.stack.body.right + theme.px(8))
        for seat in range(PLAYERS):
            name = scene.seat_name(seat)
            for line in (won_by(name), played_the(name, Card.parse("QD")), played_the(name, Card.parse("KD"))):
                assert theme.fit(line, theme.text_px(15), room)[0] == line, (tile.name, line)


def test_a_pot_whose_pair_has_a_card_shown_dead_says_not_this_hand(apps: list[App], tmp_path: Path) -> None:
    """Seen in play: with the jack of diamonds shown dead, Intrigue still read "You
    played the queen" while Matrimony said the hand could not win it."""
    app = make_app(tmp_path, SIZES[0])
    apps.append(app)
    seats = tuple(SeatConfig(name=f"Player {i + 1}", kind=SeatKind.AI, level=AILevel.EASY) for i in range(PLAYERS))
    scene = start_table(app, MatchConfig(game="spinado", seats=seats, seed=5))
    table = table_of(scene)
    frames(app)
    assert table.view is not None and not table.view.known_dead
    assert table._pot_hint(Pot.INTRIGUE) != NOT_THIS_HAND
    table.board.dead.add(Card.parse("JD"))
    assert table._pot_hint(Pot.INTRIGUE) == NOT_THIS_HAND
    assert table._pot_hint(Pot.MATRIMONY) != NOT_THIS_HAND, "the king and queen may still come"


PAIRS = {Pot.MATRIMONY: (Card.parse("KD"), Card.parse("QD")), Pot.INTRIGUE: (Card.parse("QD"), Card.parse("JD"))}


def test_the_pot_tiles_speak_only_of_the_hand_under_way(apps: list[App], tmp_path: Path) -> None:
    """Seen in play: as the second hand was dealt, Intrigue already said "Not this
    hand", and once Clara led the king of diamonds Matrimony said "Bruno played the
    king": both of the hand before. At every frame of three hands, a tile that names
    who played half its pair names who did this hand, and "Not this hand" stands
    only once the pair is split between two players or half of it is shown dead."""
    app = make_app(tmp_path, SIZES[0])
    apps.append(app)
    scene = start_table(app, spinado_config(players=4, humans=(), seed=6))
    table = table_of(scene)
    played: dict[Card, int] = {}
    dead: set[Card] = set()
    hands: list[int] = []

    def look(event: Event) -> None:
        if isinstance(event, HandDealt):
            played.clear()
            dead.clear()
            hands.append(event.round_number)
        elif isinstance(event, CardPlayed):
            played[event.card] = event.seat
        elif isinstance(event, SequenceStopped) and event.reason is StopReason.DEAD_HAND:
            following = next_in_run(event.card)
            if following is not None:
                dead.add(following)

    before_each_event(scene, look)
    names = [scene.seat_name(seat) for seat in range(4)]
    said: set[str] = set()
    for _ in range(20_000):
        if len(hands) > 3 or scene.finished:
            break
        if scene.summary.visible:
            click(app, scene.summary.button.rect.center)
        frames(app)
        for pot, pair in PAIRS.items():
            hint = table._pot_hint(pot)
            said.add(hint)
            for card in pair:
                for seat, name in enumerate(names):
                    if hint == played_the(name, card):
                        assert played.get(card) == seat, f"hand {hands[-1]}: {pot.title} says {hint!r}"
            if hint == NOT_THIS_HAND:
                split = len({played[card] for card in pair if card in played}) == 2
                assert split or dead & set(pair), f"hand {hands[-1]}: {pot.title} says {hint!r}"
    assert len(hands) > 3 or scene.finished
    assert NOT_THIS_HAND in said and any("played the" in hint for hint in said), said


def test_the_log_says_you_are_out_of_cards(apps: list[App], tmp_path: Path) -> None:
    """Seen in play: "You is out of cards"."""
    app = make_app(tmp_path, SIZES[0])
    apps.append(app)
    table = table_of(start_table(app, spinado_config(players=PLAYERS)))
    assert table._log_line(HandWon(0)) == "You are out of cards"
    assert table._log_line(HandWon(1)) == f"{table.port.seat_name(1)} is out of cards"
