"""The Spinado table driven through the real App with real pygame events: a whole hand
played with the mouse and the keyboard, a refused card with the rule's reason, the
spinado added to a play by its button and by the S key, stops called out on the board,
chips moving for antes and pots, the dead hand turned up, the hand summary and the game's
score sheet, players without chips sitting out, pass-and-play behind the cover, undo,
resizing mid-animation, Continue mid-hand, and a layout that keeps every piece apart
and inside the window with five players at every size."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Sequence
from pathlib import Path

import pygame
import pytest
from test_table_support import card_grip, click, drag, frames, make_app, post, run_until, show_my_cards, start_table

from cardtable_gui.app_window import App
from cardtable_gui.cards import Card
from cardtable_gui.rules.spinado import DECK, SPINADO, HandWon, Play, SequenceStopped, SpinadoView, StopReason
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.layouts.spinado import NO_ANTE, SpinadoLayout, short_ante, stop_sentence
from cardtable_gui.scenes.table.pace import Beat
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eve")
SIZES = ((1024, 640), (1280, 800), (1920, 1080))
ANA_STARTS = {3: 5, 4: 9, 5: 5}
"""A seed for each table size whose first dealer sits to Ana's right: she starts."""


def spinado_config(
    players: int = 3,
    humans: Sequence[int] = (0,),
    seed: int | None = None,
    deck: Sequence[str] | None = None,
    **options: int,
) -> MatchConfig:
    seats = tuple(
        SeatConfig(name=NAMES[i], kind=SeatKind.HUMAN if i in humans else SeatKind.AI, level=AILevel.EASY)
        for i in range(players)
    )
    seed = ANA_STARTS[players] if seed is None else seed
    return MatchConfig(game="spinado", seats=seats, seed=seed, deck=tuple(deck) if deck else None, options=options)


def stacked(players: int, seed: int, hands: dict[int, Sequence[str]], dead: Sequence[str] = ()) -> list[str]:
    """A pack that deals ``hands`` to those seats and ``dead`` to the dead hand (the
    rest of every hand filled from the other cards), one card at a time from the
    dealer's left, as the rules deal."""
    dealer = random.Random(seed).randrange(players)
    order = [(dealer + 1 + i) % players for i in range(players)]
    wanted = {seat: [Card.parse(text) for text in cards] for seat, cards in hands.items()}
    dead_cards = [Card.parse(text) for text in dead]
    used = {card for cards in wanted.values() for card in cards} | set(dead_cards)
    rest = [card for card in DECK if card not in used]
    random.Random(1).shuffle(rest)
    each = len(DECK) // (players + 1)
    piles = []
    for seat in order:
        cards = wanted.get(seat, [])
        piles.append(cards + [rest.pop() for _ in range(each - len(cards))])
    piles.append(dead_cards + rest)
    dealt = [piles[i % len(piles)][i // len(piles)] for i in range(each * len(piles))]
    return [str(card) for card in dealt + piles[-1][each:]]


@pytest.fixture
def apps(tmp_path: Path) -> Iterator[list[App]]:
    opened: list[App] = []
    yield opened
    for app in opened:
        if app.running:
            app.quit()


@pytest.fixture
def app(apps: list[App], tmp_path: Path) -> App:
    opened = make_app(tmp_path)
    apps.append(opened)
    return opened


def table_of(scene: TableScene) -> SpinadoLayout:
    table = scene.table
    assert isinstance(table, SpinadoLayout)
    return table


def ready(scene: TableScene) -> bool:
    """The person at the bottom can act, or a panel waits for a click."""
    return table_of(scene).fan.active or scene.handoff.visible or scene.summary.visible or scene.game_over.visible


def press(app: App, key: int, unicode: str = "", mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=key, unicode=unicode, mod=mod, scancode=0)
    frames(app)


def legal_index(scene: TableScene) -> int:
    fan = table_of(scene).fan
    return next(i for i, slot in enumerate(fan.slots) if slot.card in fan.legal)


def play_by_mouse(app: App, scene: TableScene) -> None:
    """Drag the first card that may be played onto the sequences."""
    drag(app, card_grip(scene, legal_index(scene)), table_of(scene).board.rect.center)


def play_by_keys(app: App, scene: TableScene) -> None:
    """Right arrow picks the first card that may be played; Enter plays it."""
    press(app, pygame.K_RIGHT)
    assert table_of(scene).fan.selected_card in table_of(scene).fan.legal
    press(app, pygame.K_RETURN, "\r")


def my_moves(scene: TableScene, seat: int = 0) -> list[object]:
    return [action for action, mover in zip(scene.match.history, scene.match.movers, strict=True) if mover == seat]


def settle(app: App, scene: TableScene) -> None:
    """Wait until nothing moves: no flight, no event to show, the hand's cards glided
    into their places."""
    run_until(app, lambda: not scene.animator.busy and not scene.match.events and ready(scene))
    frames(app, 10)


# -- a whole hand ------------------------------------------------------------------------


def test_a_whole_hand_played_with_the_mouse_and_the_keyboard(app: App) -> None:
    scene = start_table(app, spinado_config())
    table = table_of(scene)
    stops: list[str] = []
    shown = table.on_event

    def watch(event) -> None:
        shown(event)
        if isinstance(event, SequenceStopped):
            stops.append(table.banner.callout)

    table.on_event = watch  # type: ignore[method-assign]
    turn = 0
    while not scene.summary.visible:
        run_until(app, lambda: ready(scene))
        if scene.summary.visible:
            break
        before = len(scene.match.history)
        (play_by_mouse if turn % 2 else play_by_keys)(app, scene)
        assert len(scene.match.history) == before + 1, scene.message
        turn += 1
    assert turn >= 2 and len(my_moves(scene)) == turn
    assert stops and all(text.startswith("Stop! ") and "the next run" in text for text in stops)
    assert {"shuffle", "deal", "play", "your_turn"} <= set(app._sound.played)
    view = scene.match.view_for(0)
    assert isinstance(view, SpinadoView)
    assert not table.reveal.visible, "the dead hand is put away, not left half behind the summary"
    summary = scene.summary.table
    assert summary is not None and summary.headers == ("Player", "Ante", "Pots won", "Spinado", "Change")
    assert [row[0] for row in summary.rows] == ["Ana", "Ben", "Cleo"]
    assert [row[1] for row in summary.rows] == ["-3", "-3", "-3"], "everyone paid a chip to each pot"
    assert [line.total for line in summary.totals] == list(view.chips_at_deal), "the chips before the next antes"
    assert any("went out first" in note for note in summary.notes)
    dead = " ".join(card.label for card in view.last_dead_hand)
    assert f"The dead hand held {dead}." in summary.notes, "the dead hand stays told once the summary covers it"


def test_the_dead_hand_shows_on_its_own_before_the_summary(app: App) -> None:
    """The dead hand turns up for a beat of its own, from when its last card is face
    up, and the summary opens only after it (it opened over the hand at once)."""
    scene = start_table(app, spinado_config())
    table = table_of(scene)
    while not table.reveal.visible:
        run_until(app, lambda: ready(scene) or table.reveal.visible)
        if not table.reveal.visible:
            play_by_keys(app, scene)
    assert not scene.summary.visible
    run_until(app, lambda: not table.reveal.turning)
    assert table.reveal.cards == list(scene.match.view_for(0).last_dead_hand)  # type: ignore[attr-defined]
    assert [tween.duration for tween in scene.animator.tweens if tween.hold] == [scene.reading_time(Beat.REVEAL)]
    assert not scene.summary.visible
    run_until(app, lambda: scene.summary.visible)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_dead_hand_turned_up_leaves_the_words_under_undo_alone(tmp_path: Path, size: tuple[int, int], players: int) -> None:
    """Seen in a play-through: the dead hand turned up over "hand over", the words
    under the greyed Undo, which hang below the toolbar."""
    app = make_app(tmp_path, size)
    scene = start_table(app, spinado_config(players=players))
    table = table_of(scene)
    run_until(app, lambda: ready(scene))
    assert scene.undo_off_rect() is not None, "Undo is greyed, with words under it"
    table.reveal.show(list(DECK[: len(DECK) - players * (len(DECK) // (players + 1))]), "The dead hand")
    table.layout(size)
    frames(app, 2)
    assert table.reveal.rect.collidelist(scene.toolbar_rects()) == -1, table.reveal.rect
    app.quit()


def test_the_first_antes_fly_into_the_pots(app: App) -> None:
    scene = start_table(app, spinado_config())
    table = table_of(scene)
    assert [tile.stack.count for tile in table.tiles.values()] == [0, 0, 0]
    assert [stack.count for stack in table.stacks] == [50, 50, 50]
    seen_flying = False
    for _ in range(200):
        frames(app, 1, dt=0.02)
        seen_flying |= bool(table.chips.flying)
        if table.fan.active:
            break
    assert seen_flying
    assert [tile.stack.count for tile in table.tiles.values()] == [3, 3, 3]
    assert [stack.count for stack in table.stacks] == [47, 47, 47]
    assert table.banner.title == "Hand 1 of 6" and table.banner.lines == ["5 more after this one"]


# -- refusals and the spinado -------------------------------------------------------------


def test_a_card_out_of_turn_is_refused_with_the_reason(app: App) -> None:
    deck = stacked(3, 5, {0: ["3H", "5H", "KC"], 1: ["4H"]}, dead=["AD"])
    scene = start_table(app, spinado_config(deck=deck))
    table = table_of(scene)
    run_until(app, lambda: table.fan.active)
    drag(app, card_grip(scene, table.fan.index_of(Card.parse("3H"))), table.board.rect.center)
    run_until(app, lambda: table.fan.active and len(scene.match.history) == 2)
    assert table.board.caption == "Your turn: play the five of hearts"
    digest = scene.match.state.digest()
    king = Card.parse("KC")
    drag(app, card_grip(scene, table.fan.index_of(king)), table.board.rect.center)
    assert scene.match.state.digest() == digest
    assert scene.message == "You must play the 5 of hearts: it is the next card."
    assert king in table.fan.cards
    frames(app, 2)
    screen = app.screen.get_rect()
    assert screen.contains(scene.message_rect())
    assert not scene.message_rect().colliderect(table.fan.bounds())


def test_the_spinado_goes_with_a_card_by_its_button(app: App) -> None:
    deck = stacked(3, 5, {0: ["AD", "3H", "9C"]})
    scene = start_table(app, spinado_config(deck=deck))
    table = table_of(scene)
    run_until(app, lambda: table.fan.active)
    assert table.spinado_offered and table.spinado_button.rect in table.element_rects()
    click(app, table.spinado_button.rect.center)
    assert table.with_spinado and table.spinado_button.text.startswith("Spinado goes too")
    card = Card.parse("3H")
    drag(app, card_grip(scene, table.fan.index_of(card)), table.board.rect.center)
    assert my_moves(scene) == [Play(card, True)]
    assert not table.spinado_offered and not table.with_spinado
    run_until(app, lambda: table.board.stopped is not None)
    assert table.board.stopped == card
    assert "spinado" in table.banner.callout
    assert {card, SPINADO} <= table.board.played


def test_the_s_key_adds_the_spinado_and_playing_it_alone_with_itself_is_refused(app: App) -> None:
    deck = stacked(3, 5, {0: ["AD", "3H", "9C"]})
    scene = start_table(app, spinado_config(deck=deck))
    table = table_of(scene)
    run_until(app, lambda: table.fan.active)
    press(app, pygame.K_s, "s")
    assert table.with_spinado
    press(app, pygame.K_s, "s")
    assert not table.with_spinado
    press(app, pygame.K_s, "s")
    spinado = table.fan.index_of(SPINADO)
    click(app, card_grip(scene, spinado))
    click(app, card_grip(scene, spinado))
    assert scene.message == "The spinado goes down with another card, not with itself."
    assert my_moves(scene) == []
    play_by_keys(app, scene)
    assert len(my_moves(scene)) == 1
    move = my_moves(scene)[0]
    assert isinstance(move, Play) and move.spinado


def test_s_picks_the_only_card_the_spinado_can_go_with_so_one_enter_plays_both(app: App) -> None:
    deck = stacked(3, 5, {0: ["AD", "3H", "5H", "KC"], 1: ["4H"]})
    scene = start_table(app, spinado_config(deck=deck))
    table = table_of(scene)
    run_until(app, lambda: table.fan.active)
    drag(app, card_grip(scene, table.fan.index_of(Card.parse("3H"))), table.board.rect.center)
    run_until(app, lambda: table.fan.active and len(scene.match.history) == 2)
    assert table.fan.selected_card is None
    press(app, pygame.K_s, "s")
    five = Card.parse("5H")
    assert table.with_spinado and table.fan.selected_card == five
    press(app, pygame.K_RETURN, "\r")
    assert my_moves(scene)[-1] == Play(five, True)


def test_s_after_a_spinado_hint_picks_the_hinted_card(app: App) -> None:
    deck = stacked(3, 5, {0: ["AD", "3H", "9C"]})
    scene = start_table(app, spinado_config(deck=deck))
    table = table_of(scene)
    run_until(app, lambda: table.fan.active)
    nine = Card.parse("9C")
    table.show_hint(Play(nine, True))
    press(app, pygame.K_s, "s")
    assert table.fan.selected_card == nine
    press(app, pygame.K_RETURN, "\r")
    assert my_moves(scene) == [Play(nine, True)]


def test_s_picks_nothing_when_the_spinado_could_go_with_several_cards(app: App) -> None:
    deck = stacked(3, 5, {0: ["AD", "3H", "9C"]})
    scene = start_table(app, spinado_config(deck=deck))
    table = table_of(scene)
    run_until(app, lambda: table.fan.active)
    press(app, pygame.K_s, "s")
    assert table.with_spinado and table.fan.selected_card is None


def test_a_player_who_wants_to_be_asked_is_asked_about_the_spinado(app: App) -> None:
    app.settings.confirm_before_play = True
    deck = stacked(3, 5, {0: ["AD", "3H", "9C"]})
    scene = start_table(app, spinado_config(deck=deck))
    table = table_of(scene)
    run_until(app, lambda: table.fan.active)
    press(app, pygame.K_s, "s")
    card = Card.parse("9C")
    drag(app, card_grip(scene, table.fan.index_of(card)), table.board.rect.center)
    assert scene.confirm.visible and scene.confirm.question == "Play the nine of clubs with the spinado?"
    press(app, pygame.K_ESCAPE)
    assert my_moves(scene) == [] and table.with_spinado, "cancelling keeps the choice made"
    drag(app, card_grip(scene, table.fan.index_of(card)), table.board.rect.center)
    press(app, pygame.K_RETURN, "\r")
    assert my_moves(scene) == [Play(card, True)]


def test_the_spinado_is_not_offered_to_a_player_without_it(app: App) -> None:
    deck = stacked(3, 5, {0: ["3H", "9C"], 1: ["AD"]})
    scene = start_table(app, spinado_config(deck=deck))
    table = table_of(scene)
    run_until(app, lambda: table.fan.active)
    assert not table.spinado_offered
    assert table.spinado_button.rect not in table.element_rects()
    press(app, pygame.K_s, "s")
    assert not table.with_spinado


# -- end of the game, sitting out ---------------------------------------------------------


def test_the_game_ends_with_a_score_sheet_of_every_hand(app: App) -> None:
    scene = start_table(app, spinado_config(humans=(), hands=2))
    for hand in range(2):
        run_until(app, lambda: scene.summary.visible, limit=2000)
        frames(app, 20)
        click(app, scene.summary.button.rect.center)
    run_until(app, lambda: scene.game_over.visible)
    sheet = scene.game_over.sheet
    assert sheet is not None and len(sheet.rows) == 2
    assert [name for name, _ in sheet.groups[1:]] == ["Ana", "Ben", "Cleo"]
    chips = scene.match.state.scores
    assert [cell.split()[0] for cell in sheet.rows[-1][2:]] == [str(c) for c in chips]


def test_a_player_without_chips_is_shown_sitting_out(app: App) -> None:
    scene = start_table(app, spinado_config(players=4))
    table = table_of(scene)
    run_until(app, lambda: table.fan.active)
    view = scene.match.view_for(0)
    assert isinstance(view, SpinadoView)
    chips = list(view.chips)
    chips[2] = 0
    out = dataclasses.replace(view, sitting_out=(2,), chips=tuple(chips), hand_counts=(*view.hand_counts[:2], 0, view.hand_counts[3]))
    table.reset(out, 0)
    frames(app)
    panel = table.panels[table.position_of(2)]
    assert panel.lines[0] == "Sitting out" and panel.card_count == 0
    assert table.scores.rows[2].detail == "out"


# -- pass-and-play, undo, resizing, Continue ---------------------------------------------


def test_no_card_face_is_drawn_under_the_pass_and_play_cover(app: App) -> None:
    scene = start_table(app, spinado_config(humans=(0, 1)))
    faces_under_cover: list[object] = []
    draw = scene.sprites.draw

    def spy(surface, card, *args, **kwargs):
        if card is not None and scene.handoff.visible:
            faces_under_cover.append(card)
        return draw(surface, card, *args, **kwargs)

    scene.sprites.draw = spy  # type: ignore[method-assign]
    covers: list[int] = []
    while len(covers) < 3 and not scene.summary.visible:
        run_until(app, lambda: ready(scene))
        if scene.handoff.visible:
            covers.append(scene.handoff.seat)
            frames(app)
            show_my_cards(app, scene)
            continue
        if scene.summary.visible:
            break
        assert scene.bottom == scene.match.to_move
        play_by_mouse(app, scene)
    assert faces_under_cover == []
    assert covers and set(covers) <= {0, 1}


def test_undo_takes_the_card_back_to_the_hand(app: App) -> None:
    scene = start_table(app, spinado_config())
    table = table_of(scene)
    run_until(app, lambda: table.fan.active)
    hand, chips = list(table.fan.cards), [stack.count for stack in table.stacks]
    digest = scene.match.state.digest()
    play_by_keys(app, scene)
    run_until(app, lambda: ready(scene))
    if scene.summary.visible:
        pytest.skip("this deal ends the hand at once")
    click(app, scene.undo_button.rect.center)
    run_until(app, lambda: table.fan.active)
    assert scene.match.state.digest() == digest
    assert table.fan.cards == hand and table.board.played == set()
    assert [stack.count for stack in table.stacks] == chips


def test_resizing_while_cards_and_chips_fly(app: App) -> None:
    scene = start_table(app, spinado_config(players=5))
    table = table_of(scene)
    frames(app, 1, dt=0.02)
    assert scene.animator.busy
    pygame.display.set_mode((1024, 640), pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=(1024, 640), w=1024, h=640)
    frames(app, 1, dt=0.02)
    settle(app, scene)
    screen = app.screen.get_rect()
    assert screen.size == (1024, 640)
    for rect in scene.element_rects():
        assert screen.contains(rect), rect
    view = scene.match.view_for(0)
    assert isinstance(view, SpinadoView)
    assert [stack.count for stack in table.stacks] == list(view.chips)
    assert [tile.stack.count for tile in table.tiles.values()] == list(view.pots)


def test_continue_mid_hand_shows_the_same_table(apps: list[App], tmp_path: Path) -> None:
    first = make_app(tmp_path)
    apps.append(first)
    deck = stacked(3, 5, {0: ["3H", "5H", "7S", "8S", "KC"], 1: ["4H"]}, dead=["AD", "6H"])
    scene = start_table(first, spinado_config(deck=deck))
    table = table_of(scene)
    run_until(first, lambda: table.fan.active)
    drag(first, card_grip(scene, table.fan.index_of(Card.parse("3H"))), table.board.rect.center)
    run_until(first, lambda: table.fan.active and len(scene.match.history) >= 2)
    play_by_keys(first, scene)
    run_until(first, lambda: ready(scene))
    hand, played = list(table.fan.cards), set(table.board.played)
    chips = [stack.count for stack in table.stacks]
    digest = scene.match.state.digest()
    first.quit()

    again = make_app(tmp_path)
    apps.append(again)
    again.scenes.push(MenuScene(again))
    frames(again)
    click(again, next(b for b in again.scenes.top.buttons if b.text == "Continue").rect.center)
    resumed = again.scenes.top
    assert isinstance(resumed, TableScene)
    run_until(again, lambda: ready(resumed))
    table = table_of(resumed)
    assert resumed.match.state.digest() == digest
    assert table.fan.cards == hand and table.board.played == played
    assert [stack.count for stack in table.stacks] == chips
    assert table.ledger.antes == [3, 3, 3], "the summary will know the antes paid before the save"
    assert Card.parse("6H") in table.board.dead, "the stop showed where the 6 of hearts lies"


# -- the layout --------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_every_piece_stays_inside_the_window_and_apart(apps: list[App], tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, size)
    apps.append(app)
    deck = stacked(5, 5, {0: ["AD", "3H"]})
    scene = start_table(app, spinado_config(players=5, deck=deck))
    table = table_of(scene)
    settle(app, scene)
    screen = app.screen.get_rect()
    assert screen.size == size
    for rect in scene.element_rects():
        assert screen.contains(rect), rect
    assert table.spinado_offered
    pieces = {
        "board": table.board.rect,
        "dead hand": table.dead.rect,
        "banner": table.banner.rect,
        "scores": table.scores.rect,
        "hand": table.fan.bounds(),
        "spinado": table.spinado_button.rect,
        **{f"pot {pot.title}": tile.rect for pot, tile in table.tiles.items()},
        **{f"plate {i}": panel.plate for i, panel in enumerate(table.panels)},
        **{f"button {button.text}": button.rect for button in scene._buttons()},
    }
    fans = {i: panel.cards_rect(scene.sprites) for i, panel in enumerate(table.panels) if i}
    names = list(pieces)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not pieces[a].colliderect(pieces[b]), (a, b)
        for seat, fan in fans.items():
            if a != f"plate {seat}" and not a.startswith("plate"):
                assert not pieces[a].colliderect(fan), (a, f"fan {seat}")
    # The board's cards are large enough to read their corners.
    assert table.board.card_width >= 30
    # Every place of the board lies on the board.
    for card in DECK:
        x, y = table.board.slot(card, scene.sprites)
        assert table.board.rect.collidepoint(round(x), round(y))


def test_before_the_deal_lands_every_piece_is_inside_the_window(app: App) -> None:
    scene = start_table(app, spinado_config(players=5))
    frames(app, 1, dt=0.01)
    assert table_of(scene).fan.cards == [] and scene.animator.busy
    screen = app.screen.get_rect()
    for rect in scene.element_rects():
        assert screen.contains(rect), rect


@pytest.mark.parametrize("players", [3, 4])
def test_fewer_players_leave_the_board_more_room(apps: list[App], tmp_path: Path, players: int) -> None:
    app = make_app(tmp_path)
    apps.append(app)
    scene = start_table(app, spinado_config(players=players))
    table = table_of(scene)
    settle(app, scene)
    screen = app.screen.get_rect()
    for rect in scene.element_rects():
        assert screen.contains(rect), rect
    plates = [panel.plate for panel in table.panels]
    middle = [table.board.rect, table.dead.rect, *(tile.rect for tile in table.tiles.values())]
    for piece in middle:
        assert piece.collidelist(plates) == -1
    assert table.board.card_width >= 45


# -- the words ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "reason", "why"),
    [
        ("KS", StopReason.KING, "The king of spades ends the run."),
        ("AC", StopReason.ACE, "The ace of clubs ends the run: there are no 2s."),
        ("7D", StopReason.OUT_OF_PACK, "The eight of diamonds is not in the pack."),
        ("5H", StopReason.ALREADY_PLAYED, "The six of hearts was played earlier."),
        ("9C", StopReason.DEAD_HAND, "The ten of clubs lies in the dead hand."),
    ],
)
def test_a_stop_says_why_in_words_and_who_starts_next(card: str, reason: StopReason, why: str) -> None:
    event = SequenceStopped(1, Card.parse(card), reason)
    assert stop_sentence(event, None, "Ben starts") == f"Stop! {why} Ben starts the next run."


def test_a_spinado_stop_names_the_card_it_went_with() -> None:
    event = SequenceStopped(0, SPINADO, StopReason.SPINADO)
    assert stop_sentence(event, Card.parse("4H"), "You start") == (
        "Stop! The spinado went down with the four of hearts. You start the next run."
    )
    assert stop_sentence(event, None, "You start").startswith("Stop! The spinado stops the run.")


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_chips_panel_says_why_the_last_winner_paid_no_ante(tmp_path: Path, size: tuple[int, int]) -> None:
    """The winner of the hand before pays no ante: the chips panel says so under their
    row instead of leaving their change blank, whole and inside the window."""
    app = make_app(tmp_path, size)
    seats = tuple(SeatConfig(name=f"Player {i + 1}", kind=SeatKind.AI, level=AILevel.EASY) for i in range(5))
    scene = TableScene(app, MatchConfig(game="spinado", seats=seats, seed=7), watch=True)
    app.scenes.push(scene)
    table = scene.table
    assert isinstance(table, SpinadoLayout)
    run_until(app, lambda: table.hand_number == 2 and not scene.animator.moving and not scene.summary.visible, limit=20000)
    frames(app)
    winner = next(event.seat for event in scene.match.game_events() if isinstance(event, HandWon))
    lines = [row.line for row in table.scores.rows]
    assert lines == [NO_ANTE if seat == winner else "" for seat in range(5)]
    theme = app.theme
    assert theme.fit(NO_ANTE, theme.px(19), table.scores.rect.width - theme.px(24))[0] == NO_ANTE, "not cut"
    assert pygame.Rect((0, 0), size).contains(table.scores.rect)
    others = [rect for rect in table.element_rects() if rect != table.scores.rect]
    assert table.scores.rect.collidelist(others) == -1


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_chips_panel_says_why_a_player_paid_less_than_the_ante(tmp_path: Path, size: tuple[int, int]) -> None:
    """A player with fewer chips than the ante pays all they have and plays the hand:
    the chips panel says so under their "-2" rather than leave it unexplained."""
    app = make_app(tmp_path, size)
    scene = TableScene(app, spinado_config(3, humans=(), seed=5, starting_chips=2), watch=True)
    app.scenes.push(scene)
    table = scene.table
    assert isinstance(table, SpinadoLayout)
    run_until(app, lambda: table.counts[0] > 0 and not scene.animator.moving)
    frames(app)
    assert [(row.detail, row.line) for row in table.scores.rows] == [("-2", "paid 2 of 3: all they had")] * 3
    theme = app.theme
    assert theme.fit(short_ante(2), theme.px(19), table.scores.rect.width - theme.px(24))[0] == short_ante(2), "not cut"
    others = [rect for rect in table.element_rects() if rect != table.scores.rect]
    assert table.scores.rect.collidelist(others) == -1


def test_a_game_that_ends_early_says_so_and_promises_no_next_hand(app: App) -> None:
    """With one chip each, a hand or two leaves all but one out of chips and the game
    ends long before its last hand: the top of the table must not count hands still to
    come, nor the summary keep an unwon pot "for the next hand"."""
    scene = TableScene(app, spinado_config(3, humans=(), seed=5, starting_chips=1), watch=True, pace=20.0)
    app.scenes.push(scene)
    run_until(app, lambda: scene.summary.visible and scene.match.is_over, limit=20_000)
    layout = scene.table
    assert isinstance(layout, SpinadoLayout)
    assert layout.hand_number < layout.total_hands
    assert layout.banner.lines == ["The game is over"]
    summary = scene.summary.table
    assert summary is not None
    assert not any("next hand" in note for note in summary.notes), summary.notes


def test_the_hand_summary_says_why_an_ante_was_short(tmp_path: Path) -> None:
    """The summary's "Ante" column showed a bare "-2" for a player who had only two
    chips; a note under it says why, as the chips panel does."""
    app = make_app(tmp_path, (1280, 800))
    scene = TableScene(app, spinado_config(3, humans=(), seed=5, starting_chips=2), watch=True)
    app.scenes.push(scene)
    run_until(app, lambda: scene.summary.visible, limit=20000)
    summary = scene.summary.table
    assert summary is not None
    assert [row[1] for row in summary.rows] == ["-2"] * 3
    names = [scene.seat_name(seat) for seat in range(3)]
    for name in names:
        assert f"{name} paid 2 of the 3 ante chips: all they had." in summary.notes
