"""Learn to play, through the real App with real pygame events.

Every lesson of every course is played from the menu to its end as a learner would:
"Learn to play", the game, the lesson's Start; Next by click or key; quizzes answered
by clicking (one wrong answer first in each lesson); each move made on the table with
the mouse or the game's own controls. Every ``do`` step is first offered a wrong move,
which must be refused with a message on the screen and nothing moved. A lesson that
cannot be completed fails here.
"""

from __future__ import annotations

import math

import json
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pygame
import pytest
from frame_support import looks_chosen
from test_table_support import DT, click, drag, frames, make_app, post, run_until

from cardtable_gui.app_window import App
from cardtable_gui.cards import Card
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.base import Action
from cardtable_gui.rules.hand_and_foot import Discard, DrawCards, Meld, MeldGroup, TakePile
from cardtable_gui.rules.spades import Bid
from cardtable_gui.rules.spizzichino import StandPile
from cardtable_gui.rules.spizzichino import TakePile as SpizzichinoTake
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.scenes.setup import SetupScene
from cardtable_gui.scenes.rules_book import RulesBookScene
from cardtable_gui.scenes.table.book_row import NEW_BOOK
from cardtable_gui.scenes.table.hand_fan import HINT, SELECTED, lesson_pulse, lesson_ring_shade
from cardtable_gui.scenes.tutorial import TutorialScene
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.tutorial.lesson_table import ANSWER_FIRST, HIGHLIGHT, NO_HINT, READ_FIRST, READ_PAUSE, RING_OUTSET, WATCHING, LessonTableScene
from cardtable_gui.tutorials import has_course, load_course
from cardtable_gui.tutorials.model import Do, Explain, Free, Quiz, Watch
from cardtable_gui.tutorials.progress import PROGRESS_FILE, load_progress, save_progress

COURSES = [game for game in GAMES if has_course(game)]
LESSONS = [(game, index) for game in COURSES for index in range(len(load_course(game).lessons))]
LESSON_IDS = [f"{game}/{load_course(game).lessons[index].id}" for game, index in LESSONS]
PACE = 4.0
SIZES = ((1024, 640), (1280, 800), (1920, 1080))


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path)
    yield app
    app.quit()


def key(app: App, code: int) -> None:
    post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)
    frames(app)


# -- getting to a lesson --------------------------------------------------------------


def open_course(app: App, game: str) -> TutorialScene:
    """From the menu: "Learn to play", then the game."""
    app.scenes.push(MenuScene(app))
    frames(app)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    click(app, next(b for b in menu.buttons if b.text == "Learn to play").rect.center)
    scene = app.scenes.top
    assert isinstance(scene, TutorialScene)
    click(app, scene.column.buttons[scene.games.index(game)].rect.center)
    assert scene.game == game
    return scene


def open_lesson(app: App, game: str, index: int) -> LessonTableScene:
    listing = open_course(app, game)
    click(app, listing.rows[index].button.rect.center)
    scene = app.scenes.top
    assert isinstance(scene, LessonTableScene)
    assert scene.run.lesson == load_course(game).lessons[index]
    hurry(scene)
    return scene


def hurry(scene: LessonTableScene) -> None:
    """Cards fly faster than any setting allows: the tests have many lessons to play."""
    scene.pace = PACE


def settle(app: App, scene: LessonTableScene) -> None:
    """Until the step's other moves are played and shown (a summary is closed)."""

    def still() -> bool:
        if scene.summary.visible:
            click(app, scene.summary.button.rect.center)
            return False
        return scene.settled and not scene.run.pending_moves()

    run_until(app, still)
    # Cards glide into place after the last animation, and the panel then finds its
    # place: wait until the picture holds still.
    before: list[pygame.Rect] = []
    while (now := scene.element_rects()) != before:
        before = now
        frames(app, 2)


# -- making moves on the table ----------------------------------------------------------


def fan_grip(scene: LessonTableScene, card: Card) -> tuple[int, int]:
    index = scene.table.fan.index_of(card)
    assert index is not None, f"{card} is not in the hand"
    rect = scene.table.fan.card_rect(index)
    return (rect.left + max(4, rect.width // 8), rect.top + rect.height // 4)


def play_card(app: App, scene: LessonTableScene, card: Card, spinado: bool = False) -> None:
    """Drag ``card`` from the hand (or a Spizzichino stack) to where cards are played."""
    table: Any = scene.table
    game = scene.run.game
    if spinado:
        click(app, table.spinado_button.rect.center)
    target = table.board.rect.center if game == "spinado" else table.trick.rect.center
    if table.fan.index_of(card) is not None:
        drag(app, fan_grip(scene, card), target)
        return
    stack = next(s for s in table.stacks[scene.bottom] if s.count and s.top == card)
    drag(app, stack.top_rect(scene.sprites).center, target)


def bid(app: App, scene: LessonTableScene, action: Bid) -> None:
    panel: Any = scene.table.bidding
    label = "Bid blind nil" if action.blind else "Nil" if action.tricks == 0 else str(action.tricks)
    click(app, next(b for b in panel.buttons if b.text == label).rect.center)
    if panel.visible and panel.confirm_label is not None:
        click(app, panel.confirm_button.rect.center)


def choose_cards(app: App, scene: LessonTableScene, cards: tuple[Card, ...]) -> None:
    fan: Any = scene.table.fan
    wanted = list(cards)
    found = []
    for index, slot in enumerate(fan.slots):
        if slot.card in wanted:
            wanted.remove(slot.card)
            found.append(index)
    assert not wanted, f"the hand lacks {wanted}"
    for index in sorted(found, reverse=True):
        rect = fan.card_rect(index)
        click(app, (rect.left + max(4, rect.width // 8), rect.top + rect.height // 4))
    frames(app, 3)
    assert Counter(fan.chosen_cards) == Counter(cards)


def stage(app: App, scene: LessonTableScene, groups: tuple[MeldGroup, ...]) -> None:
    """Choose each group's cards and drop them on its book (or New book)."""
    table: Any = scene.table
    for group in groups:
        choose_cards(app, scene, group.cards)
        place = NEW_BOOK if group.book is None else ("book", group.book)
        target = table.rows[0].place_rect(place)
        assert target is not None, f"no place {place} on your row"
        first = min(table.fan.chosen)
        rect = table.fan.card_rect(first)
        drag(app, (rect.left + max(4, rect.width // 8), rect.top + rect.height // 4), target.center)
        frames(app, 3)


def hand_and_foot_move(app: App, scene: LessonTableScene, action: Action) -> None:
    table: Any = scene.table
    controls = table.controls
    if isinstance(action, DrawCards):
        click(app, table.stock.rect(scene.sprites).center)
    elif isinstance(action, Discard):
        drag(app, fan_grip(scene, action.card), table.discard.rect(scene.sprites).center)
    elif isinstance(action, TakePile):
        # An opening made with the pile: the rest of it is staged first.
        stage(app, scene, action.meld)
        take = next(t for t in controls.takes if Counter(t.pair) == Counter(action.pair))
        button = controls.take_buttons[controls.takes.index(take)]
        assert button.text == ("Take and open" if action.meld else "Take the pile")
        click(app, button.rect.center)
    elif isinstance(action, Meld):
        stage(app, scene, action.groups)
        click(app, controls.lay_down_button.rect.center)
    else:
        raise AssertionError(f"no way to make {action} on the screen")


def make_move(app: App, scene: LessonTableScene, action: Action) -> None:
    """Make ``action`` with the game's own controls, as a player would."""
    if scene.run.game == "hand_and_foot":
        hand_and_foot_move(app, scene, action)
        return
    if isinstance(action, Bid):
        bid(app, scene, action)
        return
    if isinstance(action, SpizzichinoTake | StandPile):
        piles: Any = scene.table.piles  # type: ignore[attr-defined]
        click(app, piles.piles[action.pile].top_rect(scene.sprites).center)
        to_hand = isinstance(action, SpizzichinoTake)
        button = next(b for b, offered in zip(piles.buttons, piles.actions, strict=True) if offered.value is to_hand)
        click(app, button.rect.center)
        return
    lift = getattr(action, "stack", None)
    if lift is not None and not hasattr(action, "card"):
        click(app, scene.table.lift_buttons[lift].rect.center)  # type: ignore[attr-defined]
        return
    card = getattr(action, "card", None)
    assert isinstance(card, Card), f"no way to make {action} on the screen"
    play_card(app, scene, card, bool(getattr(action, "spinado", False)))


def same_kind_alternative(scene: LessonTableScene, wanted: Action) -> Action | None:
    """A legal move like ``wanted`` (another card, another bid) that the step does not want."""
    run = scene.run
    for action in run.state.legal_actions():
        if type(action) is not type(wanted) or run._same_move(action, wanted):
            continue
        if isinstance(action, Meld | TakePile):
            continue
        if getattr(action, "spinado", False) or (isinstance(action, Bid) and action.tricks == 0):
            # Kept simple: a nil or a spinado asks a question first.
            continue
        card = getattr(action, "card", None)
        if card is not None and scene.table.fan.index_of(card) is None:  # type: ignore[attr-defined]
            continue
        return action
    return None


def refuse_a_wrong_move(app: App, scene: LessonTableScene, step: Do) -> None:
    """Offer a move the step does not want: refused, said on screen, nothing moved."""
    run = scene.run
    wanted = run.parse(step.action)
    before = (run.state.digest(), len(scene.match.history))
    other = same_kind_alternative(scene, wanted)
    if other is not None:
        make_move(app, scene, other)
        expected = step.wrong
    else:
        # No other move of the kind is allowed: a card out of place, by the same path
        # the table's controls take, is refused with the rule's reason.
        hand = run.view.hand  # type: ignore[attr-defined]
        other = next(a for a in illegal_moves(scene, hand) if not run.state.is_legal(a))
        scene.submit(other)
        frames(app)
        expected = scene.message
    assert (run.state.digest(), len(scene.match.history)) == before, "a refused move changed the table"
    assert scene.message == expected and expected
    assert scene.panel.feedback is not None and not scene.panel.feedback.good
    assert scene.panel.feedback.text == expected
    assert run.awaits_move


def illegal_moves(scene: LessonTableScene, hand: tuple[Card, ...]) -> Iterator[Action]:
    """Moves to try for one the rules refuse now: each card of the hand played or
    discarded, a stack lifted, a draw, a bid."""
    texts = [f"{verb} {card}" for card in hand for verb in ("play", "discard")]
    texts += [f"lift stack {i}" for i in range(4)] + ["draw", "bid 1"]
    for text in texts:
        try:
            yield scene.run.rules.parse_action(text)
        except ValueError:
            continue


# -- a whole lesson ------------------------------------------------------------------------


def play_lesson(
    app: App, scene: LessonTableScene, *, wrong_answer: bool = True, stop_at: Callable[[object], bool] = lambda step: False
) -> int:
    """Play ``scene``'s lesson to its end, or to the first step ``stop_at`` picks (shown
    and settled); returns how many wrong moves were refused."""
    run = scene.run
    refused = 0
    by_key = False
    while not run.done:
        settle(app, scene)
        index, step = run.index, run.step
        if stop_at(step):
            return refused
        if isinstance(step, Explain | Watch):
            assert scene.panel.next_button.enabled
        elif isinstance(step, Quiz):
            if wrong_answer:
                wrong = next(i for i in range(len(step.choices)) if i != step.answer)
                click(app, scene.panel.choices[wrong].rect.center)
                assert scene.panel.feedback == type(scene.panel.feedback)(step.choices[wrong].explanation, False)
                assert not scene.panel.next_button.enabled
                wrong_answer = False
            if by_key:
                key(app, pygame.K_1 + step.answer)
            else:
                click(app, scene.panel.choices[step.answer].rect.center)
            assert scene.panel.feedback is not None and scene.panel.feedback.good
            assert scene.panel.feedback.text == step.choices[step.answer].explanation
        elif isinstance(step, Do):
            run_until(app, lambda: scene._deciding is not None)
            frames(app, 4)
            refuse_a_wrong_move(app, scene, step)
            refused += 1
            make_move(app, scene, run.parse(step.action))
        elif isinstance(step, Free):
            run_until(app, lambda: scene._deciding is not None)
            frames(app, 4)
            make_move(app, scene, playable(scene))
        if run.index == index and not run.done:
            assert run.can_next, f"step {index + 1} ({step.kind}) was not finished"
            settle(app, scene)
            if run.index == index:
                if by_key:
                    key(app, pygame.K_RETURN)
                else:
                    click(app, scene.panel.next_button.rect.center)
        by_key = not by_key
        run_until(app, lambda: run.index > index or run.done, limit=20)
    return refused


def playable(scene: LessonTableScene) -> Action:
    """A legal move the screen can make for a free step."""
    for action in scene.run.state.legal_actions():
        card = getattr(action, "card", None)
        if isinstance(action, Meld | TakePile) or getattr(action, "spinado", False):
            continue
        if card is None or scene.table.fan.index_of(card) is not None:  # type: ignore[attr-defined]
            return action
    raise AssertionError("no move the screen can make")


@pytest.mark.parametrize(("game", "index"), LESSONS, ids=LESSON_IDS)
def test_every_lesson_plays_to_the_end_through_the_screen(app: App, game: str, index: int) -> None:
    scene = open_lesson(app, game, index)
    lesson = scene.run.lesson
    dos = sum(isinstance(step, Do) for step in lesson.steps)
    assert play_lesson(app, scene) == dos
    assert scene.panel.counter == "Lesson complete"
    frames(app, 2)
    assert not any(panel.active for panel in scene.table.panels), "nobody is shown to play"  # type: ignore[attr-defined]
    assert load_progress(app.data_dir)[0].of(game, lesson.id).done
    back = next(b for b in scene.panel.choices if b.text == "Back to lessons")
    click(app, back.rect.center)
    listing = app.scenes.top
    assert isinstance(listing, TutorialScene)
    assert listing.rows[index].state == "Done" and listing.rows[index].button.text == "Again"


# -- the way through a lesson ------------------------------------------------------------


def test_a_trick_kept_on_the_table_for_a_step_shows_who_takes_it(app: App) -> None:
    """"The others follow with lower clubs: your queen takes the trick." stood over four
    cards with no mark of the winner: a finished trick a step talks about is kept on the
    table, and now shows who takes it, as at a game's table."""
    scene = open_lesson(app, "spades", 0)
    play_lesson(app, scene, stop_at=lambda step: isinstance(step, Watch) and "your queen takes" in step.caption)
    frames(app, 30)
    trick = scene.table.trick  # type: ignore[attr-defined]
    assert len(trick.plays) == 4, "the trick is still on the table"
    assert trick.winner == scene.table.position_of(0)
    frames(app, 2)
    assert "You take it" in (*trick.label_words, trick.caption_words)
    key(app, pygame.K_RETURN)
    frames(app, 10)
    step = scene.run.step
    assert isinstance(step, Quiz) and not step.asks_taker
    assert trick.winner == scene.table.position_of(0), "a question about something else leaves the mark"
    assert scene.table.held_by(0) is not None, "and the trick counted"  # type: ignore[attr-defined]


def test_a_watch_step_tells_what_happened_once_the_table_has_shown_it(app: App) -> None:
    """"The jack of spades takes the trick, heart and all." stood two seconds before the
    jack was played. While a watch step's moves are shown the panel says only to watch,
    and Next waits; the caption comes with the last card."""
    scene = open_lesson(app, "arizona_spaghetti", 1)
    play_lesson(app, scene, stop_at=lambda step: isinstance(step, Do) and step.action == "play 4S")
    make_move(app, scene, scene.run.parse("play 4S"))
    run_until(app, lambda: isinstance(scene.run.step, Watch))
    step = scene.run.step
    assert isinstance(step, Watch) and "jack of spades takes" in step.caption
    frames(app)
    assert scene.panel.text == WATCHING, "the caption waits for the moves"
    assert not scene.panel.next_button.enabled
    settle(app, scene)
    assert scene.panel.text == step.caption
    assert scene.panel.next_button.enabled
    trick = scene.table.trick  # type: ignore[attr-defined]
    assert Card.parse("JS") in [card for _, card in trick.plays], "the jack is on the table as the caption says"


def test_a_trick_a_lesson_keeps_on_the_table_is_counted_on_its_taker_s_plate(app: App) -> None:
    """"40 points for Bruno" stood beside a plate that said "0 hearts · 0 pts" until the
    lesson ended: the trick kept on the table is counted for its taker as it is marked."""
    scene = open_lesson(app, "arizona_spaghetti", 2)
    play_lesson(app, scene, stop_at=lambda step: isinstance(step, Watch) and "25 points for Bruno" in step.caption)
    frames(app, 30)
    bruno = scene.table.panels[scene.table.position_of(2)]
    assert any("25 pts" in line for line in bruno.lines), bruno.lines
    play_lesson(app, scene)
    assert any("25 pts" in line for line in bruno.lines), "taken in, it is counted once"


def test_enter_in_a_lesson_picks_the_card_the_step_rings(app: App) -> None:
    """Seen in play: at "Drop the queen of hearts on Bruno's ace", with the queen ringed,
    Enter picked the 2 of clubs at the left, and the next Enter was refused."""
    scene = open_lesson(app, "arizona_spaghetti", 2)
    play_lesson(app, scene, stop_at=lambda step: isinstance(step, Do) and step.action == "play QH")
    run_until(app, lambda: scene._deciding is not None)
    frames(app, 4)
    key(app, pygame.K_RETURN)
    assert scene.table.fan.selected_card == Card.parse("QH")
    key(app, pygame.K_RETURN)
    run_until(app, lambda: scene.run.can_next)


def test_lessons_and_new_game_each_open_on_their_own_last_game(app: App) -> None:
    """A play-tester browsed Spizzichino's lessons, and New game then opened on
    Spizzichino for two, not on the game they had last played."""
    app.remember(last_game="arizona_spaghetti")
    open_course(app, "spizzichino")
    app.scenes.pop()
    frames(app)
    assert SetupScene(app).game == "arizona_spaghetti"
    assert TutorialScene(app).game == "spizzichino", "the lessons come back to theirs"


def test_a_question_about_a_kept_trick_is_not_answered_by_the_table(app: App) -> None:
    """"Who takes this trick?" stood over "You take it": the winner is marked once the
    question is answered, and not in the step before it either (a new player saw "You
    take it" and "won 1" there, then the question took them back)."""
    scene = open_lesson(app, "spades", 0)
    play_lesson(app, scene, stop_at=lambda step: isinstance(step, Watch) and "plays a heart" in step.caption)
    frames(app, 120)
    trick = scene.table.trick  # type: ignore[attr-defined]
    assert len(trick.plays) == 4 and trick.winner is None, "nor is it marked just before the question"
    assert scene.table.held_by(0) is None, "nor counted as yours"  # type: ignore[attr-defined]
    question = "Who takes this trick?"
    play_lesson(app, scene, stop_at=lambda step: isinstance(step, Quiz) and step.question.startswith(question))
    frames(app, 30)
    assert len(trick.plays) == 4 and trick.winner is None
    step = scene.run.step
    assert isinstance(step, Quiz)
    click(app, scene.panel.choices[step.answer].rect.center)
    frames(app, 5)
    assert trick.winner is not None


def test_back_skip_and_leave_keep_the_place(app: App) -> None:
    scene = open_lesson(app, "spades", 0)
    run = scene.run
    assert scene.panel.counter == f"Step 1 of {run.total}"
    assert not scene.panel.back_button.enabled
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RIGHT)
    assert run.index == 2 and isinstance(run.step, Do)
    hand = len(scene.table.fan.slots)  # type: ignore[attr-defined]
    click(app, scene.panel.skip_button.rect.center)
    assert run.index == 3, "Skip makes the step's move and goes on"
    assert len(scene.table.fan.slots) == hand - 1, "the table shows the card gone"  # type: ignore[attr-defined]
    click(app, scene.panel.back_button.rect.center)
    assert run.index == 2 and len(scene.table.fan.slots) == hand, "Back shows the card back in the hand"  # type: ignore[attr-defined]
    key(app, pygame.K_k)
    settle(app, scene)
    assert run.index == 3
    assert load_progress(app.data_dir)[0].of("spades", run.lesson.id).step == 3
    key(app, pygame.K_ESCAPE)
    listing = app.scenes.top
    assert isinstance(listing, TutorialScene), "Esc leaves at once, asking nothing"
    row = listing.rows[0]
    assert row.state == f"Step 4 of {run.total}" and row.button.text == "Continue"
    click(app, row.button.rect.center)
    again = app.scenes.top
    assert isinstance(again, LessonTableScene) and again.run.index == 3
    click(app, again.panel.leave_button.rect.center)
    assert app.scenes.top is listing


def test_a_lesson_left_at_its_first_step_is_listed_as_begun(app: App) -> None:
    """Seen in play: a lesson opened and left at step 1 still said "Not started"."""
    scene = open_lesson(app, "spades", 1)
    assert scene.run.index == 0
    key(app, pygame.K_ESCAPE)
    listing = app.scenes.top
    assert isinstance(listing, TutorialScene)
    row = listing.rows[1]
    assert row.state == f"Step 1 of {scene.run.total}" and row.button.text == "Continue"
    assert listing.rows[0].state == "Not started", "a lesson never opened still says so"
    assert [r.button.style for r in listing.rows].index("primary") == 1, "the list puts the begun lesson forward"
    click(app, row.button.rect.center)
    again = app.scenes.top
    assert isinstance(again, LessonTableScene) and again.run.index == 0


def test_a_lesson_has_no_save_undo_or_hint_of_a_game(app: App) -> None:
    scene = open_lesson(app, "spinado", 0)
    settle(app, scene)
    for code, mod in ((pygame.K_s, pygame.KMOD_CTRL), (pygame.K_z, pygame.KMOD_CTRL), (pygame.K_h, 0)):
        post(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
        frames(app)
        assert app.scenes.top is scene, "no dialog opens over the lesson"
        assert scene.message, "the table says why instead"
    assert not (app.data_dir / "saves").exists() or not any((app.data_dir / "saves").iterdir())
    assert [button.text for button in scene._buttons()] == ["Rules"]
    assert scene.undo_off_rect() is None, "no words under an Undo button the lesson does not have"


def test_after_a_card_the_rule_refused_the_lesson_speaks_of_that_refusal(app: App) -> None:
    """Seen in play: the learner dropped a heart on a club lead, was refused, played the
    queen of clubs, and read "Had you tried a card of another suit, the rule would have
    refused it"."""
    scene = open_lesson(app, "spades", 0)
    run = scene.run
    while not (isinstance(run.step, Do) and run.step.action == "play QC"):
        key(app, pygame.K_k)
    step = run.step
    settle(app, scene)
    run_until(app, lambda: scene._deciding is not None)
    play_card(app, scene, Card.parse("10H"))
    assert scene.panel.feedback is not None and not scene.panel.feedback.good
    assert "club" in scene.panel.feedback.text
    play_card(app, scene, Card.parse("QC"))
    assert scene.panel.feedback == type(scene.panel.feedback)(step.after_refused, True)
    assert "Had you tried" not in scene.panel.feedback.text


def test_a_finished_lesson_offers_the_next_one(app: App) -> None:
    scene = open_lesson(app, "arizona_spaghetti", 0)
    while not scene.run.done:
        key(app, pygame.K_k)
    assert scene.panel.counter == "Lesson complete"
    following = load_course("arizona_spaghetti").lessons[1]
    click(app, scene.panel.choices[0].rect.center)
    nxt = app.scenes.top
    assert isinstance(nxt, LessonTableScene) and nxt.run.lesson == following


def test_enter_at_the_end_of_a_lesson_waits_until_lesson_complete_could_be_read(app: App) -> None:
    """Seen in play: the Enter that finished the last step went on to start the next
    lesson at once, before "Lesson complete" could be read."""
    scene = open_lesson(app, "arizona_spaghetti", 0)
    while not scene.run.done:
        key(app, pygame.K_k)
    for code in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RIGHT, pygame.K_SPACE):
        key(app, code)
        assert app.scenes.top is scene and scene.panel.counter == "Lesson complete"
    assert "Tab" in scene.panel.text


def test_enter_at_the_end_of_a_lesson_presses_the_way_on_that_looks_chosen(app: App) -> None:
    """Seen in play: the gold "Next lesson" looked chosen, the panel said to press
    Enter, and Enter did nothing until Tab had been pressed."""
    scene = open_lesson(app, "arizona_spaghetti", 0)
    while not scene.run.done:
        key(app, pygame.K_k)
    settle(app, scene)
    frames(app, int(READ_PAUSE / DT) + 2)
    assert "Press Enter" in scene.panel.text
    key(app, pygame.K_RIGHT)
    assert app.scenes.top is scene, "the arrow goes on through steps, not lessons"
    key(app, pygame.K_RETURN)
    nxt = app.scenes.top
    assert isinstance(nxt, LessonTableScene) and nxt.run.lesson == load_course("arizona_spaghetti").lessons[1]


def test_tab_at_the_end_of_a_lesson_chooses_among_the_ways_on(app: App) -> None:
    scene = open_lesson(app, "arizona_spaghetti", 0)
    while not scene.run.done:
        key(app, pygame.K_k)
    settle(app, scene)
    key(app, pygame.K_TAB)
    following, back = scene.panel.choices
    assert following.focused and not back.focused
    key(app, pygame.K_DOWN)
    assert back.focused and not following.focused
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    nxt = app.scenes.top
    assert isinstance(nxt, LessonTableScene) and nxt.run.lesson == load_course("arizona_spaghetti").lessons[1]


def test_at_a_lessons_end_only_the_focused_way_on_looks_chosen(app: App) -> None:
    """Seen in play: "Next lesson" stayed gold while Tab had moved the focus to "Back to
    lessons", so two buttons looked chosen."""
    scene = open_lesson(app, "arizona_spaghetti", 0)
    while not scene.run.done:
        key(app, pygame.K_k)
    settle(app, scene)
    following, back = scene.panel.choices
    assert looks_chosen(app, following) and not looks_chosen(app, back), "before any key, the default alone"
    key(app, pygame.K_TAB)
    assert following.focused
    assert looks_chosen(app, following) and not looks_chosen(app, back)
    key(app, pygame.K_TAB)
    assert back.focused
    assert looks_chosen(app, back) and not looks_chosen(app, following)
    key(app, pygame.K_UP)
    assert following.focused
    assert looks_chosen(app, following) and not looks_chosen(app, back)


def test_back_to_lessons_is_pressed_by_key_once_chosen(app: App) -> None:
    scene = open_lesson(app, "spinado", 0)
    while not scene.run.done:
        key(app, pygame.K_k)
    settle(app, scene)
    post(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT, unicode="", scancode=0)
    frames(app)
    assert scene.panel.choices[-1].text == "Back to lessons" and scene.panel.choices[-1].focused
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, TutorialScene)


def test_the_list_shows_each_lesson_and_ends_with_the_practice_game(app: App) -> None:
    for game in COURSES:
        listing = open_course(app, game)
        course = load_course(game)
        assert [row.title for row in listing.rows[:-1]] == [f"{i + 1}. {l.title}" for i, l in enumerate(course.lessons)]
        assert all(row.state == "Not started" and row.button.text == "Start" for row in listing.rows[:-1])
        assert listing.rows[-1].title == course.practice.title == "Practice game with the coach"
        app.scenes.clear()


def test_the_lesson_left_half_way_is_the_one_the_list_puts_forward(app: App) -> None:
    """Seen in play: after leaving a lesson half way, the list put forward an earlier
    lesson's Start instead of Continue."""
    course = load_course("spizzichino")
    progress, _ = load_progress(app.data_dir)
    save_progress(app.data_dir, progress.reached("spizzichino", course.lessons[2].id, 3))
    listing = open_course(app, "spizzichino")
    styles = [row.button.style for row in listing.rows]
    assert listing.rows[2].button.text == "Continue"
    assert styles.index("primary") == 2 and styles.count("primary") == 1


def huge_progress(game: str) -> bytes:
    """A lessons.json of 200,000 entries, the course's own lessons among them, half way."""
    course = load_course(game)
    lessons = {f"{game}/lesson-{n}": {"step": 1, "done": False} for n in range(200_000)}
    lessons |= {f"{game}/{lesson.id}": {"step": 1, "done": False} for lesson in course.lessons}
    return json.dumps({"version": 1, "lessons": lessons}).encode()


def test_a_lesson_progress_far_larger_than_any_course_is_set_aside_and_the_list_opens(app: App) -> None:
    """Before, the list read all 200,000 entries, twice, each time it opened: seconds
    on a fast machine, 20 on a slow one. Now the file is kept aside unread, the player
    is told, and every lesson starts afresh."""
    content = huge_progress("spades")
    (app.data_dir / PROGRESS_FILE).write_bytes(content)
    listing = open_course(app, "spades")
    assert all(row.state == "Not started" for row in listing.rows[:-1])
    notes = [toast.message for toast in app.toasts.toasts]
    assert any(note.startswith("Your lesson progress could not be used (it is larger than") for note in notes), notes
    (kept,) = (path for path in app.data_dir.iterdir() if path.name.startswith(PROGRESS_FILE))
    assert kept.name.startswith(PROGRESS_FILE + ".bad-") and kept.read_bytes() == content


@pytest.mark.parametrize(("step", "done"), [('"3"', "false"), ("1", '"yes"')])
def test_progress_of_the_wrong_type_is_refused_on_the_list_and_kept_aside(app: App, step: str, done: str) -> None:
    """Before, "3" read as step 3 and "yes" as done."""
    course = load_course("spinado")
    entry = f'"spinado/{course.lessons[0].id}": {{"step": {step}, "done": {done}}}'
    content = f'{{"version": 1, "lessons": {{{entry}}}}}'.encode()
    (app.data_dir / PROGRESS_FILE).write_bytes(content)
    listing = open_course(app, "spinado")
    assert listing.rows[0].state == "Not started" and listing.rows[0].button.text == "Start"
    assert any("Your lesson progress was damaged" in toast.message for toast in app.toasts.toasts)
    (kept,) = (path for path in app.data_dir.iterdir() if path.name.startswith(PROGRESS_FILE))
    assert kept.read_bytes() == content


def test_the_practice_entry_starts_a_game_against_easy_players(app: App) -> None:
    from cardtable_gui.scenes.table import TableScene

    listing = open_course(app, "spinado")
    click(app, listing.rows[-1].button.rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene) and not isinstance(table, LessonTableScene)
    assert table.match.config.game == "spinado"
    assert [seat.is_human for seat in table.match.config.seats].count(True) == 1
    # Seen in play: leaving the practice game went to the main menu, away from the lessons.
    key(app, pygame.K_ESCAPE)
    dialog = app.scenes.top
    click(app, next(b for b in dialog.buttons if b.text == "Leave").rect.center)  # type: ignore[attr-defined]
    assert app.scenes.top is listing


# -- the panel on the table ------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game", COURSES)
def test_the_panel_covers_nothing_and_stays_put(tmp_path: Path, game: str, size: tuple[int, int]) -> None:
    """At every step of every lesson: inside the window, its buttons inside it, clear of
    everything the table shows (what the step rings above all), and in one place."""
    app = make_app(tmp_path, size)
    window = app.screen.get_rect()
    for index in range(len(load_course(game).lessons)):
        scene = LessonTableScene(app, load_course(game), index)
        hurry(scene)
        app.scenes.push(scene)
        place = scene.panel.box.topleft
        while not scene.run.done:
            settle(app, scene)
            where = f"{scene.run.lesson.id} step {scene.run.index + 1}"
            box = scene.panel.box
            assert window.contains(box), f"{where}: the panel leaves the window"
            assert box.topleft == place, f"{where}: the panel moved"
            for rect in scene.highlight_rects() + scene.table.element_rects():
                assert not box.colliderect(rect), f"{where}: the panel covers {rect}"
            for button in scene.panel.buttons():
                assert box.contains(button.rect), f"{where}: {button.text!r} sticks out"
            scene.skip_step()
        app.scenes.clear()
    app.quit()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game", ["spades", "arizona_spaghetti", "spizzichino"])
def test_a_ringed_trick_takes_in_its_name_tags(tmp_path: Path, game: str, size: tuple[int, int]) -> None:
    """Seen in a play-through: the ring round the trick ran through "Clara takes it",
    as though the tag were no part of the trick. Wherever a step rings the trick, its
    cards and name tags lie inside the ring."""
    app = make_app(tmp_path, size)
    ringed = 0
    for index in range(len(load_course(game).lessons)):
        scene = LessonTableScene(app, load_course(game), index)
        hurry(scene)
        app.scenes.push(scene)
        while not scene.run.done:
            settle(app, scene)
            ring = scene.table.area_rect("trick")
            if ring is not None and ring in scene.highlight_rects():
                trick = scene.table.trick  # type: ignore[attr-defined]
                where = f"{scene.run.lesson.id} step {scene.run.index + 1}"
                for tag in trick.label_boxes + trick.drawn:
                    assert ring.contains(tag), f"{where}: {tag} sticks out of the ring {ring}"
                ringed += bool(trick.label_boxes)
            scene.skip_step()
        app.scenes.clear()
    assert ringed, "some step rings a trick with names on it"
    app.quit()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)], ids=["1024x640", "1280x800"])
def test_who_takes_a_trick_is_said_beside_the_winning_card(tmp_path: Path, size: tuple[int, int]) -> None:
    """Seen in a play-through of the Arizona Spaghetti lessons: with no room on Clara's
    tag for "Clara takes it", the words went under "You", three tags' height from her
    card, and read as about You. Wherever the words are a caption, it lies within two
    and a half of its own heights of the winning card."""
    app = make_app(tmp_path, size)
    said = 0
    course = load_course("arizona_spaghetti")
    for index in range(len(course.lessons)):
        scene = LessonTableScene(app, course, index)
        hurry(scene)
        app.scenes.push(scene)
        while not scene.run.done:
            settle(app, scene)
            trick = scene.table.trick  # type: ignore[attr-defined]
            if trick.winner is not None and trick.caption_words.endswith(("takes it", "take it")):
                card = trick.drawn[[position for position, _ in trick.plays].index(trick.winner)]
                words = trick.caption_box
                across = max(card.left - words.right, words.left - card.right, 0)
                down = max(card.top - words.bottom, words.top - card.bottom, 0)
                assert math.hypot(across, down) <= 2.5 * words.height, (scene.run.lesson.id, scene.run.index + 1)
                said += 1
            scene.skip_step()
        app.scenes.clear()
    assert said, "some trick in the lessons says its taker in a caption"
    app.quit()


def test_highlights_ring_the_cards_and_areas_named(app: App) -> None:
    scene = open_lesson(app, "spades", 0)
    settle(app, scene)
    assert scene.run.highlight == ("hand",)
    assert scene.highlight_rects() == [scene.table.area_rect("hand")]
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert scene.run.highlight == ("AH",)
    (ring,) = scene.highlight_rects()
    card = scene.table.fan.rects_of([Card.parse("AH")])[0]  # type: ignore[attr-defined]
    assert ring.topleft == card.topleft and ring.height == card.height
    assert ring.width < card.width, "only the part of the card that shows is ringed"
    surface = app.screen.copy()
    scene.draw(surface)
    # The hand draws the ring with the card, just outside its edge.
    band = range(card.top - app.theme.px(6), card.top)
    assert any(is_ring(surface.get_at((ring.centerx, y))) for y in band)


def is_ring(colour: tuple[int, ...]) -> bool:
    """A lesson's ring colour, blended (it pulses) or not."""
    return sum(abs(a - b) for a, b in zip(colour[:3], HIGHLIGHT)) < 160


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_raised_card_is_ringed_as_it_stands(tmp_path: Path, size: tuple[int, int]) -> None:
    """Seen in Hand and Foot's lesson on taking the pile: the two 9s stand raised, and
    the 9 of hearts' ring was first cut where the 10 after it covers it at rest (so it ran
    across the raised card's top), then drawn whole and upright over the hand (so it ran
    across the 10's face). The hand rings the cards itself, as it draws them: round
    the raised card's top, and under the 10 that covers the rest."""
    app = make_app(tmp_path, size)
    lessons = load_course("hand_and_foot").lessons
    scene = open_lesson(app, "hand_and_foot", next(i for i, lesson in enumerate(lessons) if lesson.title == "Taking the discard pile"))
    skip_to(app, scene, Do)
    assert scene.run.highlight[:2] == ("9H", "9D")
    fan = scene.table.fan
    hearts = fan.drawn_rect(fan.index_of(Card.parse("9H")))
    ten = fan.drawn_rect(fan.index_of(Card.parse("10H")))
    assert hearts.bottom < ten.bottom, "the 9s stand raised"
    surface = app.screen.copy()
    scene.draw(surface)
    assert set(fan.ringed) >= {Card.parse("9H"), Card.parse("9D")}
    top_edge = [surface.get_at((x, y)) for x in range(hearts.left, hearts.right) for y in range(hearts.top - app.theme.px(6), hearts.top + 2)]
    assert any(is_ring(c) for c in top_edge), "the raised card's top is ringed"
    where_the_ring_crossed = range(ten.top + ten.height // 3, ten.bottom - ten.height // 3)
    for x in (hearts.right + app.theme.px(2), hearts.right + app.theme.px(5)):
        assert not any(is_ring(surface.get_at((x, y))) for y in where_the_ring_crossed), "no ring across the 10"
    app.quit()


def at_the_kings_step(tmp_path: Path, size: tuple[int, int] = (1280, 800)) -> tuple[App, LessonTableScene]:
    """Hand and Foot's books lesson at the step that asks for the three kings."""
    app = make_app(tmp_path, size)
    course = load_course("hand_and_foot")
    index = next(i for i, lesson in enumerate(course.lessons) if lesson.id == "books")
    scene = LessonTableScene(app, course, index)
    hurry(scene)
    app.scenes.push(scene)
    run = scene.run
    while not (isinstance(run.step, Do) and run.step.action == "meld new KH KD KS"):
        key(app, pygame.K_k)
    settle(app, scene)
    run_until(app, lambda: scene._deciding is not None)
    return app, scene


def stage_the_kings(app: App, scene: LessonTableScene) -> None:
    """Choose the three kings and drop them on New book."""
    table: Any = scene.table
    kings = tuple(Card.parse(text) for text in ("KH", "KD", "KS"))
    choose_cards(app, scene, kings)
    rect = table.fan.card_rect(min(table.fan.chosen))
    drag(app, (rect.left + max(4, rect.width // 8), rect.top + rect.height // 4), table.rows[0].place_rect(NEW_BOOK).center)
    frames(app, 3)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_hand_and_foot_keys_line_is_never_cut_while_kings_are_staged(tmp_path: Path, size: tuple[int, int]) -> None:
    """Seen in play at 1024x640: with the kings staged, Lay down and Cancel left the keys
    line "Keys: arrows move, Space chooses, Enter places, L la..."."""
    app, scene = at_the_kings_step(tmp_path, size)
    stage_the_kings(app, scene)
    table: Any = scene.table
    controls = table.controls
    assert controls.cancel_button.visible and controls.lay_down_button.visible
    shown, size_px = controls.keys_shown()
    assert "\u2026" not in shown and shown.startswith("Keys: L lays down")
    assert app.theme.font(size_px).size(shown)[0] <= controls.hint_room().width
    app.quit()


def test_the_lesson_ring_is_told_apart_from_chosen_cards_and_the_hint() -> None:
    """Seen in play: in Hand and Foot the ringed kings and the chosen 9s had the same blue.
    The hand's ring pulses through its shades, each still the lesson's orange."""
    shades = {lesson_ring_shade(lesson_pulse(ticks)) for ticks in range(0, 2_000, 20)}
    for shade in (HIGHLIGHT, *shades):
        assert is_ring(shade)
        for other in (SELECTED, HINT):
            assert sum(abs(a - b) for a, b in zip(shade, other)) > 200


def test_a_ringed_hand_card_pulses_with_the_table_s_rings(tmp_path: Path) -> None:
    """Seen in play: the ring round a hand card stood still while the lesson's other
    rings pulsed. The hand draws its ring in the shade of the moment."""
    app = make_app(tmp_path, (1280, 800))
    lessons = load_course("hand_and_foot").lessons
    scene = open_lesson(app, "hand_and_foot", next(i for i, lesson in enumerate(lessons) if lesson.title == "Taking the discard pile"))
    skip_to(app, scene, Do)
    fan = scene.table.fan
    nine = fan.drawn_rect(fan.index_of(Card.parse("9H")))
    seen = set()
    for ticks in (408, 1225):  # the brightest and the faintest moments of the pulse
        with mock.patch("pygame.time.get_ticks", return_value=ticks):
            surface = app.screen.copy()
            scene.draw(surface)
        band = [surface.get_at((nine.centerx, y))[:3] for y in range(nine.top - app.theme.px(6), nine.top)]
        seen.add(max((c for c in band if is_ring(c)), key=sum))
    assert len(seen) == 2, "the ring is brighter at one moment than at the other"
    app.quit()


def skip_to(app: App, scene: LessonTableScene, kind: type) -> None:
    """Skip the lesson's steps up to its next step of ``kind``; a move step waits until
    the table offers the learner's choices."""
    while not isinstance(scene.run.step, kind):
        settle(app, scene)
        scene.skip_step()
    settle(app, scene)
    if kind in (Do, Free):
        run_until(app, lambda: scene._deciding is not None)


@pytest.mark.parametrize("game", [game for game in COURSES if game != "hand_and_foot"])
def test_a_lesson_s_keys_line_names_no_hint_key(app: App, game: str) -> None:
    """Seen in play: a lesson's keys line said "H shows a hint", and H answered that
    hints are for your own games. The line names the keys that work there, H left out
    (the same tables name it in a game: see test_table_keys_line)."""
    scene = open_lesson(app, game, 0)
    skip_to(app, scene, Do)
    shown, _ = scene.table.keys_line.shown(app.theme)
    assert shown.startswith("Keys: "), "the line names the move's keys"
    assert "H " not in shown
    key(app, pygame.K_h)
    assert scene.message == NO_HINT and not scene.hint.visible


def test_the_rings_go_once_the_move_is_made(app: App) -> None:
    """Seen in play: the clubs stayed ringed after the club was played."""
    scene = open_lesson(app, "spades", 0)
    run = scene.run
    skip_to(app, scene, Do)
    assert scene.highlight_rects(), "the step rings what to play"
    make_move(app, scene, run.parse(run.step.action))
    if run.can_next and isinstance(run.step, Do):
        assert scene.highlight_rects() == []


def test_a_lesson_shows_no_first_game_tips_and_spends_none(tmp_path: Path) -> None:
    """Seen in play: tips drew behind the lesson's panel, and each one shown there
    would never appear in the player's first real game."""
    app = make_app(tmp_path)
    app.settings.first_game_tips = True
    scene = LessonTableScene(app, load_course("spinado"), 0)
    hurry(scene)
    app.scenes.push(scene)
    for _ in range(4):
        settle(app, scene)
        assert not scene.note.visible
        scene.skip_step()
    assert not (app.data_dir / "tips.json").exists()
    app.quit()


def test_a_watched_trick_stays_on_the_table_until_the_learner_goes_on(app: App) -> None:
    """Seen in play: the trick a step talked about was taken in before it could be read,
    and the quiz after it asked who took a trick no longer on the table."""
    scene = open_lesson(app, "spades", 0)
    while not (isinstance(scene.run.step, Watch) and any(True for _ in scene.run.step.moves)):
        scene.skip_step()
        settle(app, scene)
    settle(app, scene)
    frames(app, 30)
    assert len(scene.table.trick.plays) == 4, "the trick was taken in while the step talks about it"
    while not scene.run.awaits_move:
        scene.next_step() if scene.may_go_on else scene.skip_step()
        settle(app, scene)
    run_until(app, lambda: not scene.table.trick.plays)


def test_a_move_the_tables_controls_refuse_is_explained_in_the_panel(app: App) -> None:
    """Seen in play: in Hand and Foot, a discard before drawing was refused only in the
    table's message line, while the learner was reading the panel."""
    scene = open_lesson(app, "hand_and_foot", 0)
    run = scene.run
    skip_to(app, scene, Do)
    frames(app, 4)
    table: Any = scene.table
    card = table.fan.cards[0]
    drag(app, fan_grip(scene, card), table.discard.rect(scene.sprites).center)
    assert scene.message and scene.panel.feedback is not None
    assert scene.panel.feedback == type(scene.panel.feedback)(scene.message, False)
    assert not run.can_next


def test_the_panel_offers_only_keys_that_work_and_marks_the_right_answer(app: App) -> None:
    """Seen in play: Left picked up a card on a move step while Back said "(\u2190)", and a
    right answer was greyed like the wrong ones."""
    scene = open_lesson(app, "spades", 0)
    run = scene.run
    skip_to(app, scene, Do)
    assert scene.panel.back_button.text == "Back"
    skip_to(app, scene, Quiz)
    assert scene.panel.back_button.text == "Back (\u2190)"
    click(app, scene.panel.choices[run.step.answer].rect.center)
    assert [button.enabled for button in scene.panel.choices] == [i == run.step.answer for i in range(len(run.step.choices))]


def test_a_card_picked_up_while_the_step_only_talks_says_what_the_step_wants(app: App) -> None:
    """Seen in play: during a step to read, a dragged card snapped back without a word."""
    scene = open_lesson(app, "arizona_spaghetti", 0)
    settle(app, scene)
    assert isinstance(scene.run.step, Explain)
    hand = scene.table.area_rect("hand")
    assert hand is not None
    click(app, (hand.left + 10, hand.centery))
    assert scene.message == READ_FIRST
    skip_to(app, scene, Quiz)
    click(app, (hand.left + 10, hand.centery))
    assert scene.message == ANSWER_FIRST


def test_the_bid_panel_leaves_the_bids_made_in_sight_on_a_lessons_narrow_table(tmp_path: Path) -> None:
    """Seen in play: at 1024 x 640 the nil lesson's bid panel hid the side players' bids
    while it asked for a bid around them."""
    app = make_app(tmp_path, (1024, 640))
    scene = LessonTableScene(app, load_course("spades"), 3)
    hurry(scene)
    app.scenes.push(scene)
    skip_to(app, scene, Do)
    table: Any = scene.table
    assert table.bidding.visible
    for panel in table.panels:
        assert not table.bidding.box.colliderect(panel.plate)
    assert all(button.rect.width >= app.theme.px(48) for button in table.bidding.buttons)
    app.quit()


def test_hand_and_foot_chosen_cards_are_laid_down_without_dragging(app: App) -> None:
    """New players took long over choose, drag to New book, Lay down: Lay down with the
    kings chosen is the whole meld."""
    scene = open_lesson(app, "hand_and_foot", 0)
    run = scene.run
    while not (isinstance(run.step, Do) and run.step.action.startswith("meld")):
        settle(app, scene)
        scene.skip_step()
    skip_to(app, scene, Do)
    table: Any = scene.table
    meld = run.parse(run.step.action)
    assert isinstance(meld, Meld)
    choose_cards(app, scene, meld.groups[0].cards)
    assert table.controls.lay_down_button.visible
    click(app, table.controls.lay_down_button.rect.center)
    run_until(app, lambda: run.can_next)
    assert scene.match.history[-1] == meld


def play_to_the_round_summary(app: App, scene: LessonTableScene) -> None:
    """Play ``scene``'s lesson until a round's summary comes up (the learner's moves as
    scripted, questions answered right, the rest skipped)."""
    run = scene.run
    for _ in range(60):
        run_until(app, lambda: scene.summary.visible or (scene.settled and not run.pending_moves()))
        if scene.summary.visible or run.done:
            break
        step = run.step
        if isinstance(step, Do):
            run_until(app, lambda: scene._deciding is not None)
            make_move(app, scene, run.parse(step.action))
        elif isinstance(step, Quiz):
            scene.answer(step.answer)
        elif not run.can_next:
            scene.skip_step()
        run_until(app, lambda: scene.summary.visible or (scene.settled and not run.pending_moves()))
        if scene.may_go_on and not scene.summary.visible:
            scene.next_step()
    assert scene.summary.visible, "the lesson's round ends early and shows its summary"


def test_esc_leaves_the_lesson_even_with_the_round_summary_up(app: App) -> None:
    """Seen in play: Esc closed the round's summary instead, and the table dealt the next
    round while the panel still taught the last one."""
    scene = open_lesson(app, "arizona_spaghetti", 3)
    play_to_the_round_summary(app, scene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TutorialScene)


def test_the_summary_at_a_lessons_end_leaves_the_panel_in_sight_and_working(app: App) -> None:
    """Seen in play: the round's summary covered "Lesson complete" and offered a next
    round that the lesson does not have."""
    scene = open_lesson(app, "arizona_spaghetti", 3)
    play_to_the_round_summary(app, scene)
    assert scene.run.done
    assert not scene.summary.box.colliderect(scene.panel.box)
    assert scene.summary.button.text == "Close"
    while scene.summary.visible:
        click(app, scene.summary.button.rect.center)
    frames(app, 60)
    assert scene._deciding is None, "the table offers no move of a round the lesson has not"
    click(app, scene.panel.choices[0].rect.center)
    following = app.scenes.top
    assert isinstance(following, LessonTableScene) and following.lesson_index == 4


def test_the_list_opens_on_the_game_last_chosen(app: App) -> None:
    """Seen in play: the list always opened on Spades, whatever the learner was learning."""
    open_course(app, "spinado")
    app.scenes.clear()
    app.scenes.push(TutorialScene(app))
    listing = app.scenes.top
    assert isinstance(listing, TutorialScene) and listing.game == "spinado"


@pytest.mark.parametrize("game", COURSES)
def test_a_refusal_in_a_lesson_keeps_off_the_window_s_edge(tmp_path: Path, game: str) -> None:
    """Seen at 1024x640 in a Spinado lesson: the refused move's reason lay flush against
    the window's left edge. Every lesson's last lesson (the fullest table), with the
    longest reason said: no note or control of the table comes nearer an edge than the
    margin, and neither does the lesson's panel."""
    app = make_app(tmp_path, (1024, 640))
    course = load_course(game)
    scene = LessonTableScene(app, course, len(course.lessons) - 1)
    hurry(scene)
    app.scenes.push(scene)
    settle(app, scene)
    scene.say(
        "You can't add the spinado here: it goes on a card you play, and only when that card "
        "stops the sequence or is the last card of a suit."
    )
    frames(app, 2)
    footprint = scene.footprint()
    assert scene.message and [(mark.what, tuple(mark.rect)) for mark in footprint.near_edge()] == []
    assert footprint.inside().contains(scene.panel.box)
    app.quit()


@pytest.mark.parametrize(("game", "index"), LESSONS, ids=LESSON_IDS)
def test_h_s_answer_in_a_lesson_hides_nothing_the_step_rings(tmp_path: Path, game: str, index: int) -> None:
    """Seen in play: in a Spizzichino lesson, H's answer lay over the bottom of the
    ring round the stacks. At the smallest window, a note keeps off every ring."""
    app = make_app(tmp_path, (1024, 640))
    scene = open_lesson(app, game, index)
    if not any(isinstance(step, Do) for step in scene.run.lesson.steps):
        pytest.skip("a lesson without a move")
    skip_to(app, scene, Do)
    key(app, pygame.K_h)
    assert scene.message == NO_HINT
    outset = app.theme.px(RING_OUTSET)
    rings = [rect.inflate(outset, outset) for rect in scene.highlight_rects()]
    assert scene.message_rect().collidelist(rings) == -1
    app.quit()


def test_the_rules_page_opened_from_a_lesson_goes_back_to_the_lesson(app: App) -> None:
    """Seen in play: Rules, then Back, landed on the lesson list; the lesson had closed
    when the page covered it."""
    scene = open_lesson(app, "spizzichino", 3)
    key(app, pygame.K_RETURN)
    step = scene.run.index
    click(app, scene.rules_button.rect.center)
    rules = app.scenes.top
    assert isinstance(rules, RulesBookScene)
    click(app, rules.back.rect.center)
    assert app.scenes.top is scene and scene.run.index == step


def test_the_hand_and_foot_prompt_uses_the_room_of_buttons_not_shown(tmp_path: Path) -> None:
    """Seen in play at 1280x800: "Open with 30: choose cards, then Lay down (or drop
    them on New b…" was cut short beside the empty slots of Lay down, Cancel and Discard."""
    app, scene = at_the_kings_step(tmp_path)
    frames(app, 3)
    controls: Any = scene.table.controls  # type: ignore[attr-defined]
    assert not controls.lay_down_button.visible
    assert controls.prompt_shown == [controls.hint], "the whole prompt, on one line"
    room = controls.hint_room()
    shown = [b.rect for b in controls._buttons() if b.visible]
    assert not any(room.colliderect(rect) for rect in shown)
    app.quit()


def test_the_ring_follows_staged_cards_onto_the_books_and_lay_down(tmp_path: Path) -> None:
    """Seen in play: with the ringed kings dropped on New book the ring vanished, and
    nothing said that Lay down was still to come."""
    app, scene = at_the_kings_step(tmp_path)
    stage_the_kings(app, scene)
    table: Any = scene.table
    rings = scene.highlight_rects()
    staged = table.rows[0].cards_rect(("staged", 0))
    assert staged in rings and table.controls.lay_down_button.rect in rings
    assert len(rings) == len({tuple(r) for r in rings}) == 2, "each place ringed once"
    app.quit()


def test_the_last_trick_stays_as_it_was_when_the_lesson_ends(app: App) -> None:
    """Seen in play: on the last Next of Arizona Spaghetti's first lesson, Clara's "1
    trick" went back to "0 tricks" and the trick stood half gathered, its tags gone."""
    scene = open_lesson(app, "arizona_spaghetti", 0)
    last = len(scene.run.lesson.steps) - 1
    play_lesson(app, scene, stop_at=lambda step: scene.run.index == last)
    frames(app, 30)
    trick = scene.table.trick  # type: ignore[attr-defined]
    before = (list(trick.plays), trick.winner, [panel.lines for panel in scene.table.panels])
    assert len(before[0]) == 4 and before[1] is not None, "the trick the last question is about"
    step = scene.run.step
    assert isinstance(step, Quiz)
    scene.answer(step.answer)
    key(app, pygame.K_RETURN)
    frames(app, 60)
    assert scene.run.done and scene.panel.counter == "Lesson complete"
    assert (list(trick.plays), trick.winner, [panel.lines for panel in scene.table.panels]) == before


def test_the_last_lesson_of_a_course_leads_on_to_its_practice_game(app: App) -> None:
    """Seen in play: the last Spinado lesson ended with only "Back to lessons", under
    words offering a choice of ways on."""
    course = load_course("spinado")
    scene = open_lesson(app, "spinado", len(course.lessons) - 1)
    while not scene.run.done:
        key(app, pygame.K_k)
    settle(app, scene)
    frames(app, int(READ_PAUSE / DT) + 2)
    practice, back = scene.panel.choices
    assert (practice.text, back.text) == ("Practice game", "Back to lessons")
    assert "Next comes the practice game with the coach." in scene.panel.text
    key(app, pygame.K_RETURN)
    table = app.scenes.top
    assert isinstance(table, TableScene) and not isinstance(table, LessonTableScene)
    assert table.coach is not None and table.config.game == "spinado"
