"""The practice game with the coach, for every game, through real pygame events: the
learner at the bottom against Easy players; the hint shows by itself at each decision;
a move other than the advice brings one coach remark naming the advised move once the
trick or turn is over; a refused move's reason shows, and stays; the game is saved
with its coach and comes back with it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable_gui.ai import judgement
from cardtable_gui.ai.advice import Advice
from cardtable_gui.app_window import MAX_DT, App
from cardtable_gui.persistence import SaveStore
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.base import Action
from cardtable_gui.scenes.dialog import Dialog
from cardtable_gui.scenes.practice import open_practice, practice_config
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.coach import NOTHING_TO_LEARN, what_you_did
from cardtable_gui.seats import AILevel
from tests.scenes.test_table_hint import play, wait_for_decision
from tests.scenes.test_table_support import card_grip, click, drag, frames, make_app, run_until

TABLE_SIZES = {"spades": 4, "hand_and_foot": 4, "arizona_spaghetti": 4, "spinado": 4, "spizzichino": 2}


@pytest.fixture(autouse=True)
def quick_judging(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach's search weighs each move on a few deals only: enough to judge by, quick."""
    monkeypatch.setattr(judgement, "JUDGE_DEALS", 3)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path)
    yield app
    app.quit()


def practice(app: App, game: str, seed: int = 3) -> TableScene:
    """Open the practice table the way the lessons do, with a known seed."""
    open_practice(app, game)
    scene = app.scenes.top
    assert isinstance(scene, TableScene)
    # A fixed deal, so the test plays the same game every time.
    app.scenes.pop()
    scene.close()
    scene = TableScene(app, scene.config.model_copy(update={"seed": seed}))
    app.scenes.push(scene)
    return scene


def other_move(legal: list[Action], advice: Advice) -> Action | None:
    """Where the advice is a card, another card the same way (played, discarded)."""
    if getattr(advice.action, "card", None) is None:
        return None
    return next((a for a in legal if a != advice.action and type(a) is type(advice.action)), None)


@pytest.mark.parametrize("game", list(TABLE_SIZES))
def test_a_practice_table_is_the_learner_against_easy_players_with_the_coach(app: App, game: str) -> None:
    open_practice(app, game)
    scene = app.scenes.top
    assert isinstance(scene, TableScene)
    config = scene.match.config
    assert config.game == game and config.coach and scene.coach is not None
    assert len(config.seats) == TABLE_SIZES[game] and config.players in GAMES[game].player_counts
    assert config.seats[0].is_human and config.seats[0].name == app.settings.player_name
    assert all(not seat.is_human and seat.level is AILevel.EASY for seat in config.seats[1:])
    assert scene.tips is None, "the coach, not the first-game tips"


@pytest.mark.parametrize(("game", "seed"), [("spades", 3), ("arizona_spaghetti", 3), ("spizzichino", 2), ("spinado", 3), ("hand_and_foot", 3)])
def test_the_hint_shows_itself_and_a_different_move_brings_one_remark_on_it(app: App, game: str, seed: int) -> None:
    """The move is judged by search in a process of its own while the table plays on;
    the remark tells the move back and what the search made of it, or praises it."""
    scene = practice(app, game, seed)
    told: str | None = None
    for _ in range(40):
        assert wait_for_decision(app, scene)
        advice = scene.hint.advice
        assert advice is not None and scene.hint.visible, "the hint shows without H"
        seat = scene.match.to_move
        assert seat == 0
        legal = scene.match.legal_actions_for(seat)
        instead = other_move(legal, advice) if advice.rule not in NOTHING_TO_LEARN else None
        if instead is None:
            play(app, scene, advice.action)
            continue
        play(app, scene, instead)
        assert scene.match.history[-1] == instead
        told = what_you_did(instead)
        break
    assert told is not None, "the learner had a choice"
    run_until(app, lambda: scene.note.visible)
    assert scene.note.text is not None
    # The trick's remark may be on an earlier decision of it (a bid) than this move.
    assert scene.note.text.startswith(("You ", "Good choice.")), scene.note.text
    assert "Good choice" not in scene.note.text or told not in scene.note.text
    assert scene.note.tag == "Coach"
    assert scene.note.box in scene.element_rects()
    if scene.hint.visible:
        assert not scene.note.box.colliderect(scene.hint.box), "one box never hides the other"


def test_a_refused_card_shows_the_rule_and_stays_up(app: App) -> None:
    scene = practice(app, "spades")
    while True:
        assert wait_for_decision(app, scene)
        fan = scene.table.fan
        refused = [i for i, slot in enumerate(fan.slots) if slot.card not in fan.legal]
        if scene.table.bidding.visible or not refused:
            advice = scene.hint.advice
            assert advice is not None
            play(app, scene, advice.action)
            continue
        break
    before = len(scene.match.history)
    drag(app, card_grip(scene, refused[0]), scene.table.trick.rect.center)
    assert len(scene.match.history) == before
    reason = scene.message
    assert reason, "the rule's reason shows"
    frames(app, 200, dt=MAX_DT)  # 20 seconds
    assert scene.message == reason, "it stays up while it is read, however long that takes"
    # A click on a card that may be played (one that may not is refused again, and
    # its reason said again).
    allowed = next(i for i, slot in enumerate(fan.slots) if slot.card in fan.legal)
    click(app, card_grip(scene, allowed))
    assert scene.message != reason, "the player's next action takes it down"


def test_a_practice_game_is_saved_with_its_coach(app: App) -> None:
    scene = practice(app, "arizona_spaghetti")
    assert wait_for_decision(app, scene)
    advice = scene.hint.advice
    assert advice is not None
    play(app, scene, advice.action)
    app.scenes.pop()
    scene.close()
    restored = SaveStore(app.data_dir).open_autosave()
    assert restored is not None and restored.config.coach
    again = TableScene(app, restored.config, resume=restored)
    assert again.coach is not None
    again.close()


def test_a_game_in_progress_is_not_replaced_without_asking(app: App) -> None:
    scene = practice(app, "spinado")
    assert wait_for_decision(app, scene)
    play(app, scene, scene.hint.advice.action)  # type: ignore[union-attr]
    app.scenes.pop()
    scene.close()
    open_practice(app, "spades")
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and "practice" in dialog.title.text
    click(app, next(b for b in dialog.buttons if b.text == "Discard").rect.center)
    assert isinstance(app.scenes.top, TableScene) and app.scenes.top.config.game == "spades"


def test_the_practice_seats_skip_the_players_own_name() -> None:
    config = practice_config("spades", "Ada")
    assert [seat.name for seat in config.seats] == ["Ada", "Bruno", "Clara", "Dario"]


def test_a_remark_taken_back_leaves_the_note_box_but_not_a_tip(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in play: a remark on trick 5 stood through trick 7. When a trick has nothing
    to say, the coach takes its last remark down, and the table with it; a note of
    anything else in the box stays."""
    scene = practice(app, "spades")
    coach = scene.coach
    assert coach is not None
    frames(app, 2)
    scene._show_note("You played the two of clubs.")
    coach.remark = "You played the two of clubs."

    def taken_back() -> bool:
        coach.withdrawn, coach.remark = coach.remark, None
        return True

    monkeypatch.setattr(coach, "poll", taken_back)
    frames(app, 1)
    assert not scene.note.visible
    scene._show_note("A tip about something else.")
    coach.remark = "Another remark."
    frames(app, 1)
    assert scene.note.visible and scene.note.text == "A tip about something else."
