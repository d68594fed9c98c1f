"""The Arizona Spaghetti table through the real App and real pygame events: a whole
round by mouse and by keyboard, a lead the round's rule refuses, the round ending early,
pass-and-play behind the cover, resizing mid-animation, Continue mid-round, and every
seat readable with eight players at three window sizes."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pygame
import pytest
from test_table_support import (
    before_each_event,
    card_grip,
    click,
    drag,
    frames,
    human_turn_ready,
    make_app,
    play_bottom_turn,
    post,
    run_until,
    show_my_cards,
    start_table,
)
from tests.scenes.test_table_geometry import just_before_events

from cardtable_gui.cards import Card, Suit, parse_cards
from cardtable_gui.rules import get_rules
from cardtable_gui.rules.arizona_spaghetti import ROUNDS, PlayCard, RoundEndedEarly
from cardtable_gui.rules.base import CardPlayed, Event, HandDealt, TrickWon
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.layouts.arizona_spaghetti import KING_OF_SPADES, took_text
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from cardtable_gui.ui import theme as th

NAMES = ("Ana", "Bruno", "Clara", "Dario", "Elsa", "Felix", "Greta", "Hugo")
SIZES = [(1024, 640), (1280, 800), (1920, 1080)]


def config(players: int = 4, humans: tuple[int, ...] = (0,), seed: int = 3) -> MatchConfig:
    seats = tuple(
        SeatConfig(name=NAMES[i], kind=SeatKind.HUMAN if i in humans else SeatKind.AI, level=AILevel.EASY)
        for i in range(players)
    )
    return MatchConfig(game="arizona_spaghetti", seats=seats, seed=seed)


@pytest.fixture
def app(tmp_path: Path):
    app = make_app(tmp_path)
    yield app
    app.quit()


def my_turn(app, scene: TableScene) -> None:
    run_until(app, lambda: human_turn_ready(scene))
    while scene.handoff.visible:
        show_my_cards(app, scene)
        run_until(app, lambda: human_turn_ready(scene))


def play_round(app, scene: TableScene, by_keys: bool = False) -> int:
    """Play the bottom seat's cards until the round's summary shows; how many."""
    played = 0
    while not scene.summary.visible:
        my_turn(app, scene)
        if scene.summary.visible:
            break
        before = len(scene.match.history)
        if by_keys:
            fan = scene.table.fan
            while fan.selected_card not in fan.legal:
                post(pygame.KEYDOWN, key=pygame.K_RIGHT, unicode="", mod=0)
                frames(app)
            post(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0)
            frames(app)
        else:
            play_bottom_turn(app, scene)
        assert len(scene.match.history) == before + 1, scene.message
        played += 1
    return played


def next_round(app, scene: TableScene) -> None:
    """Let the totals finish counting, then press Next hand."""
    click(app, scene.summary.button.rect.center)
    assert not scene.summary.visible


def test_a_whole_round_played_by_dragging(app) -> None:
    scene = start_table(app, config(players=8))
    assert play_round(app, scene) == 6
    summary = scene.summary.table
    assert summary is not None and summary.title == "Round 1 of 6: Tricks"
    assert [row[0] for row in summary.rows] == list(NAMES)
    points = sum(int(row[2]) for row in summary.rows)
    assert points == 60
    assert sum(line.leading for line in summary.totals) >= 1
    lowest = min(line.total for line in summary.totals)
    assert all(line.leading == (line.total == lowest) for line in summary.totals)
    assert {"deal", "play", "trick", "your_turn"} <= set(app._sound.played)


def test_a_whole_round_played_with_the_keyboard(app) -> None:
    scene = start_table(app, config(players=3, seed=8))
    assert play_round(app, scene, by_keys=True) == 17
    next_round(app, scene)
    run_until(app, lambda: human_turn_ready(scene))
    assert scene.table.banner.title == "Round 2 of 6: Hearts"
    assert "Hearts may not be led until broken" in scene.table.banner.lines[0]


def lead_refused(scene: TableScene) -> PlayCard | None:
    fan = scene.table.fan
    for card in fan.cards:
        reason = scene.match.why_illegal(PlayCard(card))
        if reason and "broken" in reason:
            return PlayCard(card)
    return None


def test_a_heart_led_before_hearts_are_broken_is_refused_in_words(app) -> None:
    scene = start_table(app, config(players=4, seed=2))
    play_round(app, scene)
    next_round(app, scene)
    refused = None
    while refused is None:
        my_turn(app, scene)
        refused = lead_refused(scene)
        if refused is None:
            play_bottom_turn(app, scene)
    digest = scene.match.state.digest()
    fan = scene.table.fan
    drag(app, card_grip(scene, fan.index_of(refused.card)), scene.table.trick.rect.center)
    assert scene.match.state.digest() == digest
    assert scene.message == "Hearts may not be led until they are broken."
    assert refused.card in fan.cards


def test_a_round_that_ends_early_says_why_before_the_summary(app) -> None:
    scene = start_table(app, config(players=4, seed=5))
    play_round(app, scene)
    next_round(app, scene)
    callouts: list[str] = []
    shown = scene.table.on_event

    def watch(event) -> None:
        shown(event)
        if isinstance(event, RoundEndedEarly):
            callouts.append(scene.table.banner.callout)

    scene.table.on_event = watch  # type: ignore[method-assign]
    notes: list[str] = []
    for _ in range(3):
        ended_before = len(callouts)
        play_round(app, scene)
        if len(callouts) > ended_before:
            notes.append(" ".join(scene.summary.table.notes))
        next_round(app, scene)
    assert callouts, "none of the hearts, queens and king rounds ended early"
    reasons = {"Every heart has been taken.", "Every queen has been taken.", "The king of spades has been taken."}
    assert all(callout.removesuffix(" The round ends early.") in reasons for callout in callouts)
    assert all("ended early" in note for note in notes)


def test_pass_and_play_covers_every_hand_between_people(app) -> None:
    scene = start_table(app, config(players=5, humans=(0, 2)))
    faces_under_cover: list[object] = []
    draw = scene.sprites.draw

    def spy(surface, card, *args, **kwargs):
        if card is not None and scene.handoff.visible:
            faces_under_cover.append(card)
        return draw(surface, card, *args, **kwargs)

    scene.sprites.draw = spy  # type: ignore[method-assign]
    covers: list[int] = []
    while len(covers) < 5:
        run_until(app, lambda: human_turn_ready(scene))
        if scene.handoff.visible:
            covers.append(scene.handoff.seat)
            frames(app)
            show_my_cards(app, scene)
            continue
        if scene.summary.visible:
            next_round(app, scene)
            continue
        assert scene.bottom == scene.match.to_move
        play_bottom_turn(app, scene)
    assert faces_under_cover == []
    assert set(covers) == {0, 2}


@pytest.mark.parametrize("people", [1, 2], ids=["one person", "a shared screen"])
def test_the_persons_hand_is_face_up_from_the_deal_while_the_computers_lead(app, people: int) -> None:
    players = 4
    first = get_rules("arizona_spaghetti").new_game(players, seed=3).to_move
    # The people sit after a computer, which leads before their first turn.
    humans = tuple((first + 1 + i) % players for i in range(people))
    scene = start_table(app, config(players, humans))
    faces: list[tuple[Event, list[Card]]] = []
    before_each_event(scene, lambda event: faces.append((event, list(scene.table.fan.cards))))
    run_until(app, lambda: human_turn_ready(scene))
    after_deal = [(event, cards) for event, cards in faces if not isinstance(event, HandDealt)]
    assert any(isinstance(event, CardPlayed) and event.seat == first for event, _ in after_deal), "a computer led"
    if people == 1:
        dealt = Counter(scene.match.view_for(humans[0]).hand)
        for event, cards in after_deal:
            assert Counter(cards) == dealt, f"the hand was not face up when {event} showed"
    else:
        # At a shared screen a hand stays hidden until its owner takes the seat.
        assert all(cards == [] for _, cards in after_deal)
        assert scene.handoff.visible


def test_resizing_mid_deal_keeps_the_table_inside_the_window(app) -> None:
    scene = start_table(app, config(players=8))
    frames(app, 2, dt=0.05)
    assert scene.animator.busy
    pygame.display.set_mode((1024, 640), pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=(1024, 640), w=1024, h=640)
    frames(app)
    run_until(app, lambda: human_turn_ready(scene))
    screen = app.screen.get_rect()
    assert all(screen.contains(rect) for rect in scene.element_rects())
    assert len(scene.table.fan.cards) == 6


def test_continue_mid_round_shows_the_same_table(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start_table(app, config(players=6, seed=9))
    for _ in range(3):
        my_turn(app, scene)
        play_bottom_turn(app, scene)
    my_turn(app, scene)
    hand, digest = list(scene.table.fan.cards), scene.match.state.digest()
    won = list(scene.table.won)
    app.quit()
    again = make_app(tmp_path)
    again.scenes.push(MenuScene(again))
    frames(again)
    menu = again.scenes.top
    click(again, next(b for b in menu.buttons if b.text == "Continue").rect.center)
    resumed = again.scenes.top
    assert isinstance(resumed, TableScene)
    run_until(again, lambda: human_turn_ready(resumed))
    assert resumed.match.state.digest() == digest
    assert resumed.table.fan.cards == hand
    assert resumed.table.won == won
    again.quit()


@pytest.mark.parametrize("size", SIZES)
def test_eight_players_fit_without_overlap(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, size)
    scene = start_table(app, config(players=8))
    my_turn(app, scene)
    play_bottom_turn(app, scene)
    my_turn(app, scene)
    frames(app, 3)
    screen = app.screen.get_rect()
    assert all(screen.contains(rect) for rect in scene.element_rects())
    table = scene.table
    pieces = [panel.plate for panel in table.panels]
    pieces += [panel.cards_rect(scene.sprites) for panel in table.panels[1:] if panel.angle % 90 == 0]
    pieces += [table.trick.rect, table.banner.rect, table.fan.bounds()]
    pieces += [pile.rect(scene.sprites) for pile in table.piles]
    for i, a in enumerate(pieces):
        for b in pieces[i + 1:]:
            assert not a.colliderect(b), (a, b)
    app.quit()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_trick_cards_lie_clear_of_every_seat_plate(tmp_path: Path, size: tuple[int, int]) -> None:
    """Seen at eight players: "Felix's card touches Greta's panel". Each card as it lies
    turned, a hair of felt round it, is clear of every plate and its cards."""
    app = make_app(tmp_path, size)
    for players in range(3, 9):
        scene = start_table(app, config(players=players))
        frames(app)
        table = scene.table
        plates = [panel.plate for panel in table.panels]
        plates += [panel.cards_rect(scene.sprites) for panel in table.panels[1:]]
        trick = table.trick
        for position in range(players):
            card = trick.card_rect(position, scene.sprites)
            turned = max(card.width, card.height) * math.sin(math.radians(abs(trick.tilt(position))))
            lies = card.inflate(round(turned) + 2, round(turned) + 2)
            assert lies.collidelist(plates) == -1, (size, players, position, "touches", plates[lies.collidelist(plates)])
        app.scenes.pop()
    app.quit()


def test_every_seat_count_from_three_to_eight_is_laid_out_apart(tmp_path: Path) -> None:
    app = make_app(tmp_path, (1024, 640))
    for players in range(3, 9):
        scene = start_table(app, config(players=players))
        frames(app)
        plates = [panel.plate for panel in scene.table.panels]
        assert scene.table.trick.rect.collidelist(plates) == -1
        for i, a in enumerate(plates):
            assert a.collidelist(plates[i + 1:]) == -1
        assert scene.table.trick.card_width >= 34
        app.scenes.pop()
    app.quit()


def test_the_round_banner_names_the_restricted_suit(app) -> None:
    scene = start_table(app, config())
    frames(app)
    table = scene.table
    assert table.banner.lines[0].startswith("Costs 10 a trick")
    table.round_number, table.broken = 2, False
    table.update(0.0)
    assert "Hearts may not be led until broken" in table.banner.lines[0]
    table.broken = True
    table.update(0.0)
    assert "Hearts are broken" in table.banner.lines[0]
    assert Suit.HEARTS.title == "hearts"


def test_the_hearts_round_summary_counts_the_hearts_each_player_took(app) -> None:
    scene = start_table(app, config(players=4, seed=5))
    play_round(app, scene)
    next_round(app, scene)
    play_round(app, scene)
    summary = scene.summary.table
    assert summary is not None and summary.title == "Round 2 of 6: Hearts"
    for name, took, points in summary.rows:
        hearts = int(took.split()[0])
        assert took in (f"{hearts} hearts", "1 heart"), name
        assert int(points) == 10 * hearts


def test_the_summary_hides_the_table_beneath_it(app) -> None:
    scene = start_table(app, config(players=8))
    play_round(app, scene)
    frames(app, 2)
    box = scene.summary.box
    inset = app.theme.px(12)
    for corner in (box.topleft, box.topright, box.bottomleft, box.bottomright):
        x = corner[0] + (inset if corner[0] == box.left else -inset)
        y = corner[1] + (inset if corner[1] == box.top else -inset)
        assert app.screen.get_at((x, y))[:3] == th.PANEL_SOLID


def test_the_summary_explains_its_gold_names_and_plates_say_lowest(app) -> None:
    scene = start_table(app, config(players=8))
    play_round(app, scene)
    summary = scene.summary.table
    assert summary is not None
    assert any("In gold: the lowest total" in note for note in summary.notes)
    next_round(app, scene)
    frames(app)
    lowest = min(scene.table.totals)
    for position, panel in enumerate(scene.table.panels):
        seat = scene.table.seat_at(position)
        assert panel.lines[1].endswith("lowest") == (scene.table.totals[seat] == lowest)
        assert "leads" not in " ".join(panel.lines)


def test_nobody_is_marked_to_play_while_a_full_trick_waits_for_its_taker(app) -> None:
    """After the last card of a trick the next seat in turn is not lit: the trick's
    taker leads next, and after the round's last trick nobody does."""
    scene = start_table(app, config(players=4))
    table = scene.table
    shown = table.on_event
    full: list[int | None] = []
    taken: list[tuple[int | None, int | None]] = []
    in_trick = 0

    def watch(event) -> None:
        nonlocal in_trick
        shown(event)
        if isinstance(event, CardPlayed):
            in_trick += 1
            if in_trick == 4:
                full.append(table.to_move)
        elif isinstance(event, TrickWon):
            in_trick = 0
            taken.append((table.to_move, event.seat if any(table.counts) else None))

    table.on_event = watch  # type: ignore[method-assign]
    play_round(app, scene)
    assert len(full) == len(taken) == 13
    assert full == [None] * 13
    assert all(marked == expected for marked, expected in taken)
    assert taken[-1] == (None, None)


def test_what_a_player_took_is_told_in_the_round_s_own_terms() -> None:
    cards = parse_cards("QH 5H KS 2C")
    assert took_text(ROUNDS[0], 1, cards, last_trick=False) == "1 trick"
    assert took_text(ROUNDS[1], 1, cards, last_trick=False) == "2 hearts"
    assert took_text(ROUNDS[2], 1, cards, last_trick=False) == "1 queen"
    assert took_text(ROUNDS[3], 1, parse_cards("2C 3C"), last_trick=False) == "nothing"
    assert took_text(ROUNDS[4], 1, cards, last_trick=True) == "the last trick"
    assert took_text(ROUNDS[5], 1, cards, last_trick=True) == (
        "1 trick, 2 hearts, 1 queen, the king of spades, the last trick"
    )
    assert took_text(ROUNDS[5], 2, parse_cards("QC 2C"), last_trick=False) == "2 tricks, 1 queen"
    assert took_text(ROUNDS[5], 0, (), last_trick=False) == "nothing"
    assert took_text(ROUNDS[0], 0, (), last_trick=False) == "0 tricks", "a round of one cost says its 0"


def test_a_key_pressed_as_the_summary_opens_does_not_close_it(app) -> None:
    scene = start_table(app, config(players=3))
    play_round(app, scene, by_keys=True)
    post(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0)
    frames(app)
    assert scene.summary.visible, "an Enter meant for the last card must not skip the summary"
    frames(app, 60)
    post(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0)
    frames(app)
    assert not scene.summary.visible, "a moment later Enter goes on to the next round"


# -- the last rounds and the end, as a new player reads them ----------------------------


def watched_game(tmp_path: Path, size: tuple[int, int], players: int = 8) -> TableScene:
    """A game of computers at ``size``, played at fifty times the pace."""
    app = make_app(tmp_path, size)
    seats = tuple(SeatConfig(name=NAMES[i], kind=SeatKind.AI, level=AILevel.EASY) for i in range(players))
    scene = TableScene(app, MatchConfig(game="arizona_spaghetti", seats=seats, seed=11), watch=True, pace=50)
    app.scenes.push(scene)
    return scene


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every text the theme draws, in order, with the size it is drawn at."""
    from cardtable_gui.ui.theme import Theme

    texts: list[tuple[str, int]] = []
    render = Theme.text

    def spy(self, text, size, *args, **kwargs):  # type: ignore[no-untyped-def]
        texts.append((text, size))
        return render(self, text, size, *args, **kwargs)

    monkeypatch.setattr(Theme, "text", spy)
    return texts


def until_summary(scene: TableScene, number: int) -> None:
    """Run the watched game until round ``number``'s summary is on screen."""
    title = f"Round {number} of 6"
    run_until(scene.app, lambda: scene.summary.table is not None and scene.summary.table.title.startswith(title), limit=20000, dt=0.05)


def sizes_drawn(text: str, drawn: list[tuple[str, int]]) -> set[int]:
    """The sizes ``text`` was drawn at in one frame: whole, or as lines drawn one after
    another (wrapped). Fails when it was never drawn whole (cut, or an ellipsis)."""
    for first in range(len(drawn)):
        joined, sizes = "", set()
        for line, size in drawn[first:]:
            joined = f"{joined} {line}" if joined else line
            sizes.add(size)
            if joined == text:
                return sizes
            if not text.startswith(joined):
                break
    raise AssertionError(f"never drawn whole: {text!r}")


def one_frame(scene: TableScene, drawn: list[tuple[str, int]]) -> None:
    drawn.clear()
    frames(scene.app, 1, dt=0.01)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_last_rounds_summaries_show_every_word_at_one_size(tmp_path: Path, size: tuple[int, int], drawn: list[tuple[str, int]]) -> None:
    """Round 6's "Took" was cut ("5 tricks, 12 hearts, 4 queens, the last tr...") and
    shrunk; round 5's "Next:" line was shrunk to fit one line."""
    scene = watched_game(tmp_path, size)
    until_summary(scene, 5)
    one_frame(scene, drawn)
    table = scene.summary.table
    assert table is not None
    note = next(note for note in table.notes if note.startswith("Next: "))
    assert sizes_drawn(note, drawn) == {scene.summary.px(scene.app.theme, 19)}, "the size of every note"
    click(scene.app, scene.summary.button.rect.center)
    until_summary(scene, 6)
    one_frame(scene, drawn)
    table = scene.summary.table
    assert table is not None
    for _, took, _ in table.rows:
        assert sizes_drawn(took, drawn) == {scene.summary.px(scene.app.theme, 21)}, took
    assert all(", 0 " not in took and not took.startswith("0 ") for _, took, _ in table.rows)
    assert scene.summary.box.bottom <= size[1]
    scene.app.quit()


def test_the_everything_round_banner_is_never_shrunk(tmp_path: Path, drawn: list[tuple[str, int]]) -> None:
    """With the whole toolbar beside it, round 6's banner was shrunk to one line."""
    from cardtable_gui.persistence import SavedGame, SaveStore
    from cardtable_gui.rules import GAMES

    match = config(players=4)
    state = GAMES["arizona_spaghetti"].new_game(4, seed=match.seed)
    moves = []
    while state.view(None).round_number < 6:
        moves.append(state.legal_actions()[0])
        state.apply(moves[-1])
    app = make_app(tmp_path)
    SaveStore(app.data_dir).autosave(SavedGame.capture(match, moves, state))
    app.scenes.push(MenuScene(app))
    frames(app)
    click(app, next(b for b in app.scenes.top.buttons if b.text == "Continue").rect.center)  # type: ignore[attr-defined]
    scene = app.scenes.top
    assert isinstance(scene, TableScene)
    my_turn(app, scene)
    one_frame(scene, drawn)
    banner = scene.table.banner
    assert banner.title.startswith("Round 6 of 6")
    for line in banner.lines:
        assert sizes_drawn(line, drawn) == {app.theme.px(19)}, line
    assert " ".join(banner.lines).startswith("Costs 10 a trick")
    app.quit()


def test_the_final_standings_stand_apart_from_the_rounds_table(tmp_path: Path) -> None:
    scene = watched_game(tmp_path, (1280, 800))
    run_until(scene.app, lambda: scene.game_over.visible, limit=40000, dt=0.05)
    panel = scene.game_over
    assert panel.sheet_rect.top - panel.lines_rect.bottom >= scene.app.theme.px(16)
    assert panel.box.contains(panel.sheet_rect)
    scene.app.quit()


def test_a_plate_says_the_king_of_spades_whole_at_the_smallest_size(tmp_path: Path) -> None:
    """At 1024x640 with eight players the plate cut "the king of spades \u00b7 100 pts":
    from the trick that takes the king to the round's summary, every plate reads whole
    at its size, the taker's as "K\u2660 \u00b7 100 pts"."""
    restored = just_before_events("arizona_spaghetti", 8, takes_the_costly_king)
    app = make_app(tmp_path, (1024, 640))
    scene = TableScene(app, restored.config, watch=True, resume=restored, pace=2.0)
    app.scenes.push(scene)
    said: set[str] = set()
    while not scene.summary.visible:
        frames(app)
        for panel in scene.table.panels:
            assert panel.cut(app.theme) == [], panel.name
            assert all(panel.fits(app.theme, line) for line in panel.lines), panel.lines
            said.update(panel.lines)
    assert "K\u2660  \u00b7  100 pts" in said
    app.quit()


def takes_the_costly_king(events: list[Event]) -> bool:
    """A trick won with the king of spades in it, in the round that charges for it."""
    return any(isinstance(event, TrickWon) and KING_OF_SPADES in event.cards for event in events) and any(
        isinstance(event, RoundEndedEarly) and event.round_number == 4 for event in events
    )


def test_a_tip_that_comes_up_with_a_trick_never_covers_who_takes_it(tmp_path: Path) -> None:
    """Seed 7 at 1024x640: the tip about a costly trick comes up as the eight-card
    trick is named (its caption beside the trick); the tip, placed before the caption
    was drawn, lay over it while the trick was held."""
    app = make_app(tmp_path, (1024, 640))
    app.settings.first_game_tips = True
    scene = start_table(app, config(8, (0,), seed=7))
    together = covered = 0
    for _ in range(6000):
        frames(app)
        if scene.summary.visible:
            break
        caption = scene.table.trick.caption_box
        if caption.width and scene.note.visible:
            together += 1
            covered += any(box.colliderect(caption) for box in scene.note_boxes)
        if human_turn_ready(scene):
            play_bottom_turn(app, scene)
    app.quit()
    assert together, "a tip and who takes the trick were shown together"
    assert covered == 0
