"""The pace of the table: each thing a computer does stays in view long enough to read
before the next one shows, at every game speed, one after another.

The tables are driven frame by frame with a fixed step, and each event is stamped with
the table's own time when it starts to show. What is checked is the schedule the table
keeps (the least time each kind of event holds the next one back, times the game
speed), never how fast this machine runs: a slow computer player only makes the gaps
longer."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from test_table_support import frames, make_app

from cardtable_gui.app_window import App
from cardtable_gui.persistence.settings import GameSpeed
from cardtable_gui.cards import Suit
from cardtable_gui.rules.arizona_spaghetti import SuitBroken
from cardtable_gui.rules.base import CardPlayed, Event, TrickWon
from cardtable_gui.rules.hand_and_foot.events import CardsDrawn, Discarded, Melded, PileTaken
from cardtable_gui.rules.spades import BidMade, SpadesBroken
from cardtable_gui.rules.spinado import SequenceStopped
from cardtable_gui.rules.spizzichino import PileChosen
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.layouts.arizona_spaghetti import broken_words
from cardtable_gui.scenes.table.layouts.base import GameLayout
from cardtable_gui.scenes.table.layouts.spades import BROKEN
from cardtable_gui.scenes.table.animation import Tween
from cardtable_gui.scenes.table.pace import SPEED_FACTOR, Beat
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

STEP = 0.05
"""The table's time step per frame in these tests."""
NAMES = ("Ana", "Ben", "Cleo", "Dev")


def watched(
    app: App, game: str, players: int, speed: GameSpeed, animation_speed: float = 1.0
) -> tuple[TableScene, list[tuple[float, Event]]]:
    """A table of computer players at ``speed``, with cards moving at
    ``animation_speed`` and no extra pause between moves, whose events are stamped
    with the table's time as each starts to show."""
    app.settings.animation_speed = animation_speed
    app.settings.ai_pace = 0.0
    app.settings.game_speed = speed
    seats = tuple(SeatConfig(name=NAMES[i], kind=SeatKind.AI, level=AILevel.EASY) for i in range(players))
    scene = TableScene(app, MatchConfig(game=game, seats=seats, seed=7), watch=True)
    app.scenes.push(scene)
    shown: list[tuple[float, Event]] = []
    clock = [0.0]
    show = scene.table.on_event

    def stamped(event: Event) -> None:
        shown.append((clock[0], event))
        show(event)

    scene.table.on_event = stamped  # type: ignore[method-assign]
    tick = scene.update

    def timed_update(dt: float) -> None:
        clock[0] += dt
        tick(dt)

    scene.update = timed_update  # type: ignore[method-assign]
    return scene, shown


def run_until_shown(app: App, shown: list[tuple[float, Event]], enough: Callable[[], bool]) -> None:
    for _ in range(4000):
        if enough():
            return
        frames(app, dt=STEP)
    raise AssertionError("the computers never made enough moves")


def gaps_by_beat(scene: TableScene, shown: list[tuple[float, Event]]) -> list[tuple[Beat, Event, float]]:
    """For each event that holds the next back, its beat, itself and how long it
    stayed before the next event showed."""
    beats = []
    for (start, event), (following, _) in zip(shown, shown[1:], strict=False):
        beat = scene.table.beat(event)
        if beat is not None:
            beats.append((beat, event, following - start))
    return beats


@pytest.mark.parametrize("speed", list(GameSpeed))
def test_spinado_shows_each_computer_card_and_each_stop_long_enough_to_read(tmp_path: Path, speed: GameSpeed) -> None:
    app = make_app(tmp_path)
    scene, shown = watched(app, "spinado", 4, speed)
    run_until_shown(app, shown, lambda: sum(isinstance(event, SequenceStopped) for _, event in shown) >= 3)
    beats = gaps_by_beat(scene, shown)
    assert {beat for beat, _, _ in beats} >= {Beat.PLAY, Beat.STOP}
    factor = SPEED_FACTOR[speed]
    for beat, event, gap in beats:
        assert gap >= beat.seconds * factor - STEP / 2, f"{event} showed for {gap:.2f} s only"
    cards = [gap for beat, _, gap in beats if beat is Beat.PLAY]
    stops = [gap for beat, _, gap in beats if beat is Beat.STOP]
    # At normal speed: at least about 0.8 s for a card played, and longer for a stop.
    assert min(cards) >= 0.8 * factor and min(stops) > 1.5 * factor


def test_a_stop_reads_longer_than_a_card_and_its_callout_lasts_as_long(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene, shown = watched(app, "spinado", 4, GameSpeed.NORMAL)
    run_until_shown(app, shown, lambda: any(isinstance(event, SequenceStopped) for _, event in shown))
    banner = scene.table.banner
    assert banner.callout.startswith("Stop!")
    assert banner.callout_left == pytest.approx(scene.reading_time(Beat.STOP), abs=STEP * 2)
    assert Beat.STOP.seconds > Beat.PLAY.seconds


def test_spizzichino_shows_the_opponents_pile_choices_one_at_a_time(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene, shown = watched(app, "spizzichino", 2, GameSpeed.NORMAL)
    run_until_shown(app, shown, lambda: sum(isinstance(event, CardPlayed) for _, event in shown) >= 3)
    beats = gaps_by_beat(scene, shown)
    piles = [gap for _, event, gap in beats if isinstance(event, PileChosen)]
    assert len(piles) == 8
    assert min(piles) >= Beat.PLAY.seconds - STEP / 2
    cards = [gap for _, event, gap in beats if isinstance(event, CardPlayed)]
    assert cards and min(cards) >= Beat.PLAY.seconds - STEP / 2


@pytest.mark.parametrize("speed", [GameSpeed.NORMAL, GameSpeed.FAST])
def test_hand_and_foot_shows_each_thing_a_computer_does_on_its_turn_on_a_beat_of_its_own(tmp_path: Path, speed: GameSpeed) -> None:
    """"Ben draws two", then each book he lays down landing, then his discard: one
    after another, each as long in view as a card played in the other games."""
    app = make_app(tmp_path)
    scene, shown = watched(app, "hand_and_foot", 4, speed)
    run_until_shown(
        app, shown,
        lambda: any(isinstance(event, Melded) for _, event in shown) and sum(isinstance(event, Discarded) for _, event in shown) >= 6,
    )
    beats = gaps_by_beat(scene, shown)
    assert {type(event) for _, event, _ in beats} >= {CardsDrawn, Melded, Discarded}
    beat_seconds = Beat.PLAY.seconds * SPEED_FACTOR[speed]
    for beat, event, gap in beats:
        assert beat is Beat.PLAY
        # A meld of several books lands one book at a time, each in view for a beat.
        books = len(event.groups) if isinstance(event, Melded) else 1
        assert gap >= books * beat_seconds - STEP / 2, f"{event} showed for {gap:.2f} s only"
    # The last event shown has no next one yet to be held back from.
    turns = [event for _, event in shown[:-1] if isinstance(event, CardsDrawn | Melded | Discarded)]
    assert all(any(event is held for _, held, _ in beats) for event in turns), "every draw, meld and discard holds the table"


def test_a_slower_game_speed_stretches_the_schedule(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.settings.game_speed = GameSpeed.SLOW
    scene, _ = watched(app, "spinado", 4, GameSpeed.SLOW)
    slow = scene.reading_time(Beat.PLAY)
    app.settings.game_speed = GameSpeed.FAST
    assert scene.reading_time(Beat.PLAY) < Beat.PLAY.seconds < slow
    assert scene.computer_pause() == 0.0
    app.settings.ai_pace = 0.6
    assert scene.computer_pause() == pytest.approx(0.6 * SPEED_FACTOR[GameSpeed.FAST])


def hold_lengths(scene: TableScene) -> list[tuple[float, float]]:
    """Each pause the table holds to let an action be read, as the seconds it asked for
    and the table's time it lasted."""
    clock = [0.0]
    lengths: list[tuple[float, float]] = []
    tick = scene.update

    def timed_update(dt: float) -> None:
        clock[0] += dt
        tick(dt)

    hold = scene.animator.hold

    def timed_hold(seconds: float, on_done: Callable[[], None] | None = None) -> Tween:
        started = clock[0]

        def done() -> None:
            lengths.append((seconds, clock[0] - started))
            if on_done is not None:
                on_done()

        return hold(seconds, done)

    scene.update = timed_update  # type: ignore[method-assign]
    scene.animator.hold = timed_hold  # type: ignore[method-assign]
    return lengths


@pytest.mark.parametrize("animation_speed", [0.25, 4.0])
@pytest.mark.parametrize(("game", "players"), [("spinado", 4), ("spades", 4)])
def test_the_animation_speed_flies_the_cards_but_never_shortens_or_stretches_a_beat(
    tmp_path: Path, game: str, players: int, animation_speed: float
) -> None:
    """Fast cards land sooner, slow ones later; once landed, each computer action
    stays in view for its beat at the game speed, whatever the animation speed."""
    app = make_app(tmp_path)
    scene, shown = watched(app, game, players, GameSpeed.NORMAL, animation_speed)
    lengths = hold_lengths(scene)
    run_until_shown(app, shown, lambda: sum(isinstance(event, CardPlayed) for _, event in shown) >= 10)
    beats = {scene.reading_time(beat) for beat in Beat}
    assert len(lengths) >= 5
    for asked, lasted in lengths:
        assert asked in beats
        assert lasted == pytest.approx(asked, abs=STEP * 1.5), f"a {asked} s beat lasted {lasted:.2f} s"
    for beat, event, gap in gaps_by_beat(scene, shown):
        assert gap >= beat.seconds - STEP / 2, f"{event} showed for {gap:.2f} s only"


@pytest.mark.parametrize(
    ("game", "size"),
    [
        ("spades", (1024, 640)),
        ("spades", (1280, 800)),
        ("spades", (1920, 1080)),
        ("arizona_spaghetti", (1024, 640)),
        ("spizzichino", (1024, 640)),
    ],
)
def test_a_trick_stays_on_the_cloth_with_its_taker_named_for_a_tricks_beat(tmp_path: Path, game: str, size: tuple[int, int]) -> None:
    """"Ada takes it" is read before the trick is gathered, at every window size."""
    app = make_app(tmp_path, size)
    scene, shown = watched(app, game, 2 if game == "spizzichino" else 4, GameSpeed.NORMAL)
    named: list[tuple[float, float]] = []
    since: list[float] = []
    clock = [0.0]
    for _ in range(4000):
        frames(app, dt=STEP)
        clock[0] += STEP
        winner = scene.table.trick.winner
        if winner is not None and not since:
            since.append(clock[0])
        elif winner is None and since:
            named.append((since.pop(), clock[0]))
        if len(named) >= 2:
            break
    assert len(named) >= 2, "no two tricks were won"
    for start, end in named:
        assert end - start >= Beat.TRICK.seconds - STEP, f"the taker was named for {end - start:.2f} s only"
    assert Beat.TRICK.seconds >= 1.2


def test_each_computer_bid_stays_said_for_its_beat_before_the_next_is_made(tmp_path: Path) -> None:
    app = make_app(tmp_path, (1024, 640))
    scene, shown = watched(app, "spades", 4, GameSpeed.NORMAL)
    said: list[tuple[float, int]] = []

    def four_bids_made() -> bool:
        # Which bids are still said as each event shows.
        said.extend((shown[-1][0], seat) for seat in scene.table.bubbles.shown)
        return sum(isinstance(event, BidMade) for _, event in shown) >= 4

    run_until_shown(app, shown, four_bids_made)
    bids = [(start, event) for start, event in shown if isinstance(event, BidMade)]
    assert Beat.BID.seconds >= 1.2
    for (start, bid), (following, _) in zip(bids, bids[1:], strict=False):
        assert following - start >= Beat.BID.seconds - STEP / 2, f"{bid} was followed after {following - start:.2f} s"
        # Its bubble is still up when the next bid is said.
        assert any(seat == bid.seat and when == following for when, seat in said), f"{bid} was no longer said"


@pytest.mark.parametrize(
    ("game", "speed"),
    [("spades", GameSpeed.NORMAL), ("spades", GameSpeed.SLOW), ("arizona_spaghetti", GameSpeed.FAST)],
)
def test_a_suit_broken_is_said_for_a_stop_s_beat_before_the_next_card(tmp_path: Path, game: str, speed: GameSpeed) -> None:
    """Seen in play: "Spades broken!" came up as the next card was played and was gone
    about a second later. A broken suit (spades, or Arizona Spaghetti's hearts) now
    holds the next card back for a stop's beat and stays said all that time."""
    app = make_app(tmp_path)
    scene, shown = watched(app, game, 4, speed)
    said_when: list[float] = []

    def is_broken(event: Event) -> bool:
        return isinstance(event, SpadesBroken | SuitBroken)

    def broken_and_followed() -> bool:
        if any(text in (BROKEN, broken_words(Suit.HEARTS)) for text, _ in scene.table.bubbles.shown.values()):
            said_when.append(shown[-1][0])
        broken = [index for index, (_, event) in enumerate(shown) if is_broken(event)]
        return bool(broken) and len(shown) > broken[0] + 1

    run_until_shown(app, shown, broken_and_followed)
    index = next(index for index, (_, event) in enumerate(shown) if is_broken(event))
    (start, _), (following, _) = shown[index], shown[index + 1]
    assert following - start >= scene.reading_time(Beat.STOP) - STEP / 2, f"the next card came after {following - start:.2f} s"
    assert following in said_when, "the words were gone before the next card"
    assert scene.table.beat(shown[index][1]) is Beat.STOP


def recorded(scene: TableScene) -> list[tuple[float, bool, bool]]:
    """Each frame's table time, whether anything was still moving, and whether a summary was open."""
    frames_seen: list[tuple[float, bool, bool]] = []
    clock = [0.0]
    tick = scene.update

    def update(dt: float) -> None:
        tick(dt)
        clock[0] += dt
        frames_seen.append((clock[0], scene.animator.moving, scene.summary.visible))

    scene.update = update  # type: ignore[method-assign]
    return frames_seen


@pytest.mark.parametrize(("game", "players"), [("spades", 4), ("arizona_spaghetti", 4), ("spizzichino", 2), ("spinado", 4)])
def test_no_summary_opens_before_the_last_action_of_the_round_has_been_in_view_for_its_beat(
    tmp_path: Path, game: str, players: int
) -> None:
    """The last trick and its taker, or the last card of a round, stay in view for
    their beat, counted from when the cards land, before the summary covers them."""
    app = make_app(tmp_path, (1024, 640))
    scene, shown = watched(app, game, players, GameSpeed.FAST)
    seen = recorded(scene)
    run_until_shown(app, shown, lambda: scene.summary.visible)
    opened = next(when for when, _, summary in seen if summary)
    last = [(start, event) for start, event in shown if scene.table.beat(event) is not None or isinstance(event, TrickWon)]
    start, event = last[-1]
    beat = Beat.TRICK if isinstance(event, TrickWon) else scene.table.beat(event)
    assert beat is not None
    landed = next(when for when, moving, _ in seen if when > start and not moving)
    assert opened - landed >= scene.reading_time(beat) - STEP, f"the summary covered {event} after {opened - landed:.2f} s"


def log_lines(table: GameLayout) -> object:
    return list(table.log.lines)  # type: ignore[attr-defined]


def log_and_counts(table: GameLayout) -> object:
    """The log and how many cards each seat holds, as the plates say."""
    return list(table.log.lines), list(table.counts)  # type: ignore[attr-defined]


def log_counts_and_discard(table: GameLayout) -> object:
    """The log, the seats' counts and the discard pile's count."""
    return list(table.log.lines), list(table.counts), table.discard.count  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("game", "players", "kinds", "picture"),
    [
        ("hand_and_foot", 4, (Melded, PileTaken), log_lines),
        ("hand_and_foot", 4, (Discarded,), log_counts_and_discard),
        ("spizzichino", 2, (PileChosen, CardPlayed), log_lines),
        ("spinado", 4, (CardPlayed,), log_and_counts),
    ],
)
def test_the_table_tells_a_computer_move_once_its_cards_have_landed_never_before(
    tmp_path: Path, game: str, players: int, kinds: tuple[type[Event], ...], picture: Callable[[GameLayout], object]
) -> None:
    """The log's line for a move, and the counts of the cards each seat holds and of
    the discard pile, change when the move's cards land: "Ada: jack of spades" while
    the jack still flew from her seat, and her count already one less, told what the
    table did not show yet."""
    app = make_app(tmp_path, (1024, 640))
    scene, shown = watched(app, game, players, GameSpeed.NORMAL)
    before: list[tuple[Event, object]] = []
    show = scene.table.on_event

    def noted(event: Event) -> None:
        if isinstance(event, kinds):
            before.append((event, picture(scene.table)))
        show(event)

    scene.table.on_event = noted  # type: ignore[method-assign]
    told: list[Event] = []
    for _ in range(6000):
        frames(app, dt=STEP)
        if before and not scene.animator.moving:
            event, seen = before.pop()
            assert picture(scene.table) != seen, f"{event} landed but the table does not say it"
            told.append(event)
        elif before:
            event, seen = before[-1]
            assert picture(scene.table) == seen, f"the table told {event} while its cards were still moving"
        if {type(event) for event in told} >= set(kinds):
            return
    raise AssertionError("the computers never made those moves")
