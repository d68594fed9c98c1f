"""The log of the last plays beside the Spinado board: who played what, who stopped,
newest first, in a place of its own that covers no card, plate, tile or panel, at
every window size."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_table_spinado import spinado_config
from test_table_support import frames, make_app, run_until, start_table

from cardtable_gui.cards import Card
from cardtable_gui.rules.base import CardPlayed
from cardtable_gui.rules.spinado import SPINADO, SequenceStopped, SpinadoPlayed
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.footprint import Kind
from cardtable_gui.scenes.table.layouts.spinado import SpinadoLayout
from cardtable_gui.scenes.table.play_log import LOG_KEPT, OLDER_GONE, ORDER, PlayLog
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

SIZES = ((1024, 640), (1280, 800), (1920, 1080))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [3, 5])
def test_the_last_plays_are_logged_beside_the_board_and_cover_nothing(tmp_path: Path, size: tuple[int, int], players: int) -> None:
    app = make_app(tmp_path, size)
    seats = tuple(SeatConfig(name=f"Player {i + 1}", kind=SeatKind.AI, level=AILevel.EASY) for i in range(players))
    scene = TableScene(app, MatchConfig(game="spinado", seats=seats, seed=7), watch=True)
    app.scenes.push(scene)
    table = scene.table
    assert isinstance(table, SpinadoLayout)
    stopped = False
    for _ in range(3000):
        frames(app)
        if scene.match.events and isinstance(scene.match.events[0], SequenceStopped):
            stopped = True
        if stopped and table.log.lines and table.log.lines[0].startswith("Stop!"):
            break
    else:
        raise AssertionError("no run stopped")
    log = table.log
    assert log.visible
    assert any(":" in line for line in list(log.lines)[1:]), "the cards played before the stop are listed"
    assert pygame.Rect((0, 0), size).contains(log.rect)
    others = [rect for rect in table.element_rects() if rect != log.rect]
    assert log.rect.collidelist(others) == -1
    assert log.rect.collidelist([button.rect for button in scene._buttons()]) == -1


@pytest.mark.parametrize(("game", "players"), [("spizzichino", 2), ("spinado", 4), ("hand_and_foot", 2)])
def test_the_log_is_not_drawn_half_under_a_summary(tmp_path: Path, game: str, players: int) -> None:
    """A hand's summary may lie over the table, but a log panel half under its box reads
    as cut: while the summary is up the log is not drawn (its lines are kept)."""
    app = make_app(tmp_path, (1920, 1080))
    seats = tuple(SeatConfig(name=f"Player {i + 1}", kind=SeatKind.AI, level=AILevel.EASY) for i in range(players))
    # A quick watch: what is checked is where the log is once the summary is up.
    scene = TableScene(app, MatchConfig(game=game, seats=seats, seed=7), watch=True, pace=10.0)
    app.scenes.push(scene)
    table = scene.table
    log = table.log  # type: ignore[attr-defined]
    for _ in range(20000):
        frames(app)
        if scene.summary.visible:
            break
    else:
        raise AssertionError("no summary came up")
    assert log.lines, "the hand's plays are still kept"
    assert not log.visible
    assert scene.footprint().rects([Kind.LOG]) == []


def test_a_card_played_with_the_spinado_is_one_line_of_the_log(tmp_path: Path) -> None:
    """Seen in play: "Clara: the spinado with the jack of clubs" over "Clara: jack of
    clubs", which read as the jack played twice. The game tells the card, then the
    spinado with it; the log says the move once."""
    app = make_app(tmp_path)
    seats = tuple(SeatConfig(name=f"Player {i + 1}", kind=SeatKind.AI, level=AILevel.EASY) for i in range(3))
    scene = TableScene(app, MatchConfig(game="spinado", seats=seats, seed=7), watch=True)
    app.scenes.push(scene)
    table = scene.table
    assert isinstance(table, SpinadoLayout)
    table.log.clear()
    jack = Card.parse("JC")
    for event in (CardPlayed(1, Card.parse("10C")), CardPlayed(1, jack), SpinadoPlayed(1, SPINADO, jack)):
        table._tell(event)
    assert list(table.log.lines) == ["Player 2: the spinado with the jack of clubs", "Player 2: ten of clubs"]



LONG_TURNS = (
    "Clara added two wilds to the aces, laid down three eights, added a king, discarded the 3♥",
    "Bruno laid down two jacks and a wild, three sevens and a wild, discarded the 9♦",
    "Ada added a king, laid down three fives, added an eight, discarded the Q♣",
)


def _hand_and_foot_at_persons_turn(tmp_path: Path, size: tuple[int, int]) -> tuple[object, TableScene, PlayLog]:
    """A Hand and Foot table at the person's first turn, its log emptied."""
    app = make_app(tmp_path, size)
    seats = (SeatConfig(name="You", kind=SeatKind.HUMAN),) + tuple(
        SeatConfig(name=name, kind=SeatKind.AI, level=AILevel.EASY) for name in ("Ada", "Bruno", "Clara")
    )
    scene = TableScene(app, MatchConfig(game="hand_and_foot", seats=seats, seed=7))
    app.scenes.push(scene)
    run_until(app, lambda: scene.match.to_move == 0 and not scene.animator.busy)
    log = scene.table.play_log()
    assert log is not None
    log.clear()
    return app, scene, log


def _point(app: object, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", SIZES)
def test_a_log_too_long_for_its_place_says_more_and_opens_whole_when_pointed_at(tmp_path: Path, size: tuple[int, int]) -> None:
    """Seen in play at 1280x800: three long Hand and Foot turns, and the room beside the
    top seat held only the newest. Nothing is lost: the title says there is more, and
    pointing at the log opens it with every turn whole; pointing away closes it."""
    app, scene, log = _hand_and_foot_at_persons_turn(tmp_path, size)
    for line in reversed(LONG_TURNS):
        log.add(line)
    frames(app, 2)  # type: ignore[arg-type]
    assert log.visible
    assert log.cut, "three long turns do not fit whole in the log's place"
    assert not log.opened, "it opens only when pointed at"
    _point(app, log.rect.center)
    assert log.opened
    shown = [" ".join(texts) for texts, _ in log.opened_lines(app.theme)]  # type: ignore[attr-defined]
    assert [text.split() for text in shown] == [line.split() for line in log.lines], "every kept turn is whole"
    _point(app, (2, size[1] - 2))
    assert not log.opened
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=log.rect.center, rel=(0, 0), buttons=(1, 0, 0)))
    frames(app, 2)  # type: ignore[arg-type]
    assert not log.opened, "a card carried over the log does not open it"


def test_escape_closes_the_opened_log_before_it_asks_to_leave(tmp_path: Path) -> None:
    """Seen in play: Esc with the log opened asked "Leave the table?" with the log
    still up behind the question."""
    app, scene, log = _hand_and_foot_at_persons_turn(tmp_path, (1280, 800))
    for line in reversed(LONG_TURNS):
        log.add(line)
    frames(app, 2)  # type: ignore[arg-type]
    _point(app, log.rect.center)
    assert log.opened
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0))
    frames(app, 2)  # type: ignore[arg-type]
    assert not log.opened and app.scenes.top is scene  # type: ignore[attr-defined]
    _point(app, (log.rect.centerx + 1, log.rect.centery))
    assert log.opened, "it opens again when the pointer moves on it"


@pytest.mark.parametrize("size", SIZES)
def test_a_hand_and_foot_log_keeps_two_rounds_of_the_others_turns(tmp_path: Path, size: tuple[int, int]) -> None:
    """It kept five turns: at six players, one round of the others' turns. It keeps
    ten; pointed at, it opens with as many as the window holds, newest first."""
    app, scene, log = _hand_and_foot_at_persons_turn(tmp_path, size)
    turns = [f"{name} drew two cards, discarded the {rank}\u2663" for name, rank in zip("Ada Bruno Clara Dev Eve".split() * 3, "2 3 4 5 6 7 8 9 10 J Q K".split())]
    for turn in turns:
        log.add(turn)
    frames(app, 2)  # type: ignore[arg-type]
    assert list(log.lines) == list(reversed(turns))[:10]
    _point(app, log.rect.center)
    assert log.opened
    surface = pygame.Surface(size)
    log.draw_opened(surface, app.theme)
    shown = [" ".join(texts) for texts, _ in log.opened_lines(app.theme)]
    assert shown == list(reversed(turns))[:10]


def test_a_log_that_fits_has_nothing_more_to_open(tmp_path: Path) -> None:
    app, scene, log = _hand_and_foot_at_persons_turn(tmp_path, (1920, 1080))
    log.add("Ada discarded the 9♥")
    frames(app, 2)  # type: ignore[arg-type]
    _point(app, log.rect.center)
    assert log.visible
    assert not log.cut
    assert not log.opened


@pytest.mark.parametrize("size", SIZES)
def test_a_spinado_log_keeps_every_play_between_two_turns(tmp_path: Path, size: tuple[int, int]) -> None:
    """Seen in play at five players: four others' runs and stops went by between two of
    the person's turns, and the log kept only the last five lines, so an ace lying on
    the table was in none of them. The log keeps sixteen; its place shows what fits, and
    pointing at it opens them all, within the window."""
    app = make_app(tmp_path, size)
    scene = start_table(app, spinado_config(players=5))
    table = scene.table
    assert isinstance(table, SpinadoLayout)
    # The person's turn: nothing more is played while the test fills the log.
    run_until(app, lambda: table.fan.active and not scene.animator.busy)
    log = table.log
    plays = [f"Player {1 + n % 4}: {card.name}" for n, card in enumerate(Card.parse(f"{rank}S") for rank in "A 2 3 4 5 6 7 8 9 10 J Q K".split())]
    plays += ["Stop! Player 2 starts the next run", "Player 2: four of hearts", "Player 3: five of hearts"]
    log.clear()
    for line in plays:
        log.add(line)
    frames(app, 2)
    assert len(log.lines) == 16 and log.cut
    _point(app, log.rect.center)
    assert log.opened
    shown = [" ".join(texts) for texts, _ in log.opened_lines(app.theme)]
    assert shown == list(reversed(plays)), "the first play of the sixteen is still there"
    surface = pygame.Surface(size)
    log.draw_opened(surface, app.theme)
    app.quit()


@pytest.mark.parametrize("size", SIZES)
def test_a_log_says_when_older_plays_are_no_longer_kept(tmp_path: Path, size: tuple[int, int]) -> None:
    """Reported in a play-through: older lines dropped off the log without a word. Past
    the lines it keeps, the opened log ends by saying older ones are not kept; a log
    that still has every line of the hand says nothing of the kind."""
    app, scene, log = _hand_and_foot_at_persons_turn(tmp_path, size)
    first = [f"Ada discarded the {rank}\u2663" for rank in "2 3 4".split()]
    for line in first:
        log.add(line)
    _entries, older = log.opened_fit(app.theme, size[1])
    assert not older and log.dropped == 0
    for number in range(log.keep):
        log.add(f"Bruno drew two cards, discarded the {2 + number % 9}\u2665")
    frames(app, 2)  # type: ignore[arg-type]
    assert log.dropped == len(first)
    assert all(line not in log.lines for line in first)
    _point(app, log.rect.center)
    assert log.opened, "the log is cut, so it opens"
    _entries, older = log.opened_fit(app.theme, size[1])
    assert older, f"the opened log ends with {OLDER_GONE!r}"
    surface = pygame.Surface(size)
    log.draw_opened(surface, app.theme)
    log.clear()
    assert log.dropped == 0, "a new hand starts the count afresh"
    app.quit()


def test_a_log_that_shows_every_line_says_which_comes_first(tmp_path: Path) -> None:
    """Nothing said the newest line is on top; where the title's line has room, the
    log says so (while lines are cut, "more" takes that place)."""
    app, scene, log = _hand_and_foot_at_persons_turn(tmp_path, (1920, 1080))
    log.add("Ada discarded the 9\u2665")
    frames(app, 2)  # type: ignore[arg-type]
    assert log.aside(app.theme) is None, "one line has no order to tell"
    log.add("Bruno discarded the 3\u2663")
    frames(app, 2)  # type: ignore[arg-type]
    assert not log.cut
    assert log.aside(app.theme) == ORDER
    app.quit()


def test_a_log_keeps_more_lines_than_its_place_shows() -> None:
    log = PlayLog()
    for number in range(LOG_KEPT + 3):
        log.add(f"line {number}")
    assert len(log.lines) == LOG_KEPT and log.lines[0] == f"line {LOG_KEPT + 2}" and log.dropped == 3
