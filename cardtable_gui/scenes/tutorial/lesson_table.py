"""A lesson played on the real table of its game.

``LessonTableScene`` is the table scene with a ``LessonMatch`` in place of a match, so
the lesson shows the game's own layout, cards, animations and controls. The table is
laid out left of a column kept for the instruction panel (so the panel covers nothing
and stays put from step to step), and the step's highlighted cards and areas are ringed.

What a lesson has not: saves, statistics, undo (Back does that), hints (the panel says
what to do) and the game-over panel. Leaving keeps the step reached; finishing marks
the lesson done and offers the next one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.match_seam import MatchSeam
from cardtable_gui.persistence.atomic import WriteFailed
from cardtable_gui.persistence.saves import RestoredGame
from cardtable_gui.rules.base import Action, Event, TrickWon
from cardtable_gui.seats import COMPUTER_NAMES
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.footprint import Footprint, Kind
from cardtable_gui.scenes.table.hand_fan import LESSON_RING, lesson_pulse
from cardtable_gui.scenes.table.summary import SummaryTable
from cardtable_gui.scenes.tutorial.lesson_match import LessonMatch, lesson_config
from cardtable_gui.scenes.tutorial.lesson_panel import LessonPanel
from cardtable_gui.seats import MatchConfig
from cardtable_gui.tutorials import Course, LessonRun
from cardtable_gui.tutorials.model import AREAS, Do, Explain, Free, Quiz, Watch
from cardtable_gui.tutorials.progress import load_progress, save_progress
from cardtable_gui.ui.widgets import Button, FocusGroup

if TYPE_CHECKING:
    from cardtable_gui.app_window import App

HIGHLIGHT = LESSON_RING
"""The lessons' ring: orange, apart from the light blue of chosen cards, the gold of the
seat to play and the Hint's pink."""
RING_OUTSET = 10
"""How much larger than the card or area its ring is drawn (design px, both sides)."""
NOTHING_TO_SAVE = "A lesson keeps your place by itself; there is nothing to save."
NO_HINT = "In a lesson the panel says what to do; Hint is for your own games."
READ_FIRST = "Nothing to play yet: read the step, then press Next."
ANSWER_FIRST = "Answer the question in the panel first."
WATCHING = "Watch the table."
"""What a watch step says while its moves are shown: its caption tells what they did,
and said before the cards came it ran ahead of the table ("The jack of spades takes
the trick" with the jack still in a hand)."""
LESSON_DONE = "Well done: that is the whole lesson."
CHOOSE_HOW_ON = "Press Enter or click to go on, or choose another way with Tab or the arrows."
READ_PAUSE = 1.0
"""Seconds "Lesson complete" is shown before Enter presses the way on that looks chosen:
the Enter that finished the last step, or one pressed right after it, must not start
the next lesson unread."""
PANEL_WIDTH = 400
"""The panel's width at the design size: the column the table leaves it."""
MARGIN = 12
"""The space round the panel in its column (design px)."""

NEXT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RIGHT)
BACK_KEYS = (pygame.K_LEFT, pygame.K_BACKSPACE)
SKIP_KEY = pygame.K_k
"""K: no table uses it (S is Spinado's spinado, T and L Spizzichino's, H the Hint)."""
ANSWER_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)


class LessonTableScene(TableScene):
    """``course``'s lesson ``index`` at its table, from step ``step``."""

    gives_hints = False
    """The panel says what to do: H only says so (``NO_HINT``), and is never named."""

    def __init__(self, app: App, course: Course, index: int, step: int = 0) -> None:
        self.course = course
        self.lesson_index = index
        lesson = course.lessons[index]
        self.run = LessonRun(course.game, lesson, step)
        self.panel = LessonPanel(self.next_step, self.back_step, self.skip_step, self.leave_lesson)
        self._advance_when_settled = False
        # At the lesson's end, Tab and the arrows choose among the ways on; Enter
        # presses the chosen one, else the first after ``READ_PAUSE``.
        self.ways_on = FocusGroup(lambda: self.panel.choices, arrows=True)
        self._done_for = 0.0
        """Seconds the lesson's end has been shown."""
        self._in_hand: list[pygame.Rect] = []
        """Where the hand's ringed cards are this frame (the hand rings them itself)."""
        config = lesson_config(self.run, app.settings.player_name, COMPUTER_NAMES)
        super().__init__(app, config)
        # A lesson is never continued from the menu: nothing to autosave.
        self.autosaver = None
        # The panel does the teaching here: a first-game tip would talk over it, and
        # would be spent before the player's first real game.
        self.tips = None
        if self.run.history or self.run.index:
            # The deal's animation is for a lesson starting from the deal.
            self.match.drop_events()
        self._show_step()

    @property
    def lesson_match(self) -> LessonMatch:
        assert isinstance(self.match, LessonMatch)
        return self.match

    def open_match(self, config: MatchConfig, resume: RestoredGame | None) -> MatchSeam:
        return LessonMatch(self.run, config, ai_pace=self.computer_pause())

    # -- the steps --------------------------------------------------------------------

    @property
    def may_go_on(self) -> bool:
        """Whether Next is offered: the step is finished and its moves were all played
        (and, watching, shown)."""
        return self.run.can_next and not self.run.pending_moves() and (not isinstance(self.run.step, Watch) or self.settled)

    def _watched(self) -> bool:
        """Whether a watch step's moves have all been made and shown."""
        return not self.run.pending_moves() and self.settled

    def next_step(self) -> None:
        """Go on to the next step; at the lesson's end the ways on are the panel's
        choices (``ways_on``), never Next."""
        if not self.may_go_on:
            return
        self._advance_when_settled = False
        self.run.next()
        self._keep_progress()
        self._show_step()

    def holds(self, event: Event) -> bool:
        """A finished trick stays on the table while a step talks or asks about it; it is
        taken in once the learner goes on to a move, or the step's moves go on."""
        if not isinstance(event, TrickWon):
            return False
        if self.run.done:
            # The lesson's last trick stays as its last step left it, taker marked and
            # counted; it went on to be taken in as play stopped, and stood half gathered
            # with its taker's count undone (seen in play). A summary after it still comes.
            return self.lesson_match.events_to_show() == 1
        return not self.run.awaits_move and not self.run.pending_moves()

    def play_has_stopped(self) -> bool:
        """A finished lesson plays no more moves: no plate says "to play" beside
        "Lesson complete"."""
        return self.run.done

    def may_show_held(self) -> bool:
        """Not while a question that asks who takes the trick waits for its answer: "Who
        takes this trick?" stood over "You take it". Nor in the step before it: the
        trick was marked "You take it" there, then unmarked as the question asked who.
        Any other question leaves the mark, and the tricks counted, as they were."""
        run = self.run
        if run.done:
            return True
        step = run.step
        asking = isinstance(step, Quiz) and step.asks_taker and not run.can_next
        return not asking and not run.taker_asked_next

    @property
    def settled(self) -> bool:
        """Nothing is left to show but a trick held for the learner to look at."""
        upcoming = self.match.peek_event()
        held = upcoming is not None and self.holds(upcoming) and not self.animator.busy
        return not self._busy() or (held and not self.summary.visible and not self.handoff.visible)

    def back_step(self) -> None:
        if self.run.done:
            self.leave_lesson()
            return
        if self.run.back():
            self._rebuild()

    def skip_step(self) -> None:
        if self.run.done:
            return
        self.run.skip()
        self._rebuild()

    def answer(self, choice: int) -> None:
        """The learner's answer to the quiz: its explanation, and on the right one, Next."""
        step = self.run.step
        if not isinstance(step, Quiz) or self.run.can_next or choice >= len(step.choices):
            return
        outcome = self.run.answer(choice)
        self.panel.say(outcome.text, outcome.accepted)
        if outcome.accepted:
            # The right answer stays lit (answering is over: a second click does
            # nothing), the others are greyed.
            for index, button in enumerate(self.panel.choices):
                button.enabled = index == choice
            self.panel.choices[choice].style = "primary"
        else:
            self.panel.choices[choice].enabled = False
        self._refresh_panel()
        self._place_panel()

    def leave_lesson(self) -> None:
        """Back to the lesson list, keeping the step reached (nothing is asked). Not the
        scene's ``leave``, which the stack calls whenever a page covers the lesson: the
        Rules page, opened from a lesson, closed the lesson under it (seen in play)."""
        if not self.run.done:
            self._keep_progress()
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def next_lesson(self) -> None:
        if self.lesson_index + 1 < len(self.course.lessons):
            self.app.scenes.replace(LessonTableScene(self.app, self.course, self.lesson_index + 1))
        else:
            self.leave_lesson()

    def practice(self) -> None:
        """The course's practice game, in place of the finished lesson."""
        from cardtable_gui.scenes.tutorial.practice_entry import start_practice

        self.leave_lesson()
        start_practice(self.app, self.course)

    def _rebuild(self) -> None:
        """Show the position the run rebuilt, as Undo does: no animation."""
        self.animator.clear()
        self._end_turn()
        self.summary.hide()
        self.finished = False
        self._advance_when_settled = False
        self.lesson_match.rebuilt()
        self.table.reset(self.match.view_for(self.viewer), self.bottom)
        self._layout_table()
        self._turn_shown = None
        self._settled_at = self.match.position
        self.message = ""
        self._keep_progress()
        self._show_step()

    def _show_step(self) -> None:
        """Fill the panel for the step the run is at (or the lesson's end)."""
        run = self.run
        self._turn_shown = None
        lesson = run.lesson
        if run.done:
            ways = [Button("Back to lessons", self.leave_lesson, style="quiet")]
            coming = ""
            if self.lesson_index + 1 < len(self.course.lessons):
                # The next lesson's title is said in the text, where it wraps: on the
                # button it lost its end in a small window ("breaking a s...").
                coming = f" Next comes \u201c{self.course.lessons[self.lesson_index + 1].title}\u201d."
                ways.insert(0, Button("Next lesson", self.next_lesson, style="primary"))
            else:
                # The course ends with its practice game: the last lesson led only back
                # to the list, under words offering a choice of ways on (seen in play).
                coming = f" Next comes the {self.course.practice.title[:1].lower()}{self.course.practice.title[1:]}."
                ways.insert(0, Button("Practice game", self.practice, style="primary"))
            self.panel.show(lesson.title, "Lesson complete", f"{LESSON_DONE}{coming} {CHOOSE_HOW_ON}", ways)
            self._end_summary()
        else:
            step = run.step
            number, total = run.progress
            if isinstance(step, Explain):
                text = step.text
            elif isinstance(step, Do | Free):
                text = step.prompt
            elif isinstance(step, Quiz):
                text = step.question
            else:
                text = step.caption if self._watched() else WATCHING
            choices = (
                [Button(choice.text, lambda i=i: self.answer(i)) for i, choice in enumerate(step.choices)]
                if isinstance(step, Quiz)
                else []
            )
            self.panel.show(lesson.title, f"Step {number} of {total}", text, choices, numbered=bool(choices))
        self._refresh_panel()
        self._place_panel()

    def _refresh_panel(self) -> None:
        panel, run = self.panel, self.run
        done = run.done
        panel.next_button.text = "Next lesson" if done else "Next (Enter)"
        panel.next_button.visible = not done
        panel.skip_button.visible = panel.back_button.visible = not done
        # While a round's summary is up, closing it comes first.
        panel.next_button.enabled = self.may_go_on and (done or not self.summary.visible)
        panel.back_button.enabled = run.index > 0
        # While the table waits for a move, the arrow keys move through the hand, so
        # the button offers no key then.
        back = "Back" if run.awaits_move else "Back (\u2190)"
        if panel.back_button.text != back:
            # The buttons of the row are as wide as their words.
            panel.back_button.text = back
            self._place_panel()
        panel.skip_button.enabled = not done
        if run.awaits_move and panel.feedback is not None and not panel.feedback.good and not self.message:
            # A refusal is told as long as the table shows it: once the learner goes
            # on (the three kings chosen after a two-card try), it no longer applies.
            panel.say("", False)
            self._place_panel()

    def _keep_progress(self) -> None:
        """Write the step reached (or the lesson done) to the progress file."""
        game, lesson_id = self.course.game, self.run.lesson.id
        progress, _ = load_progress(self.app.data_dir)
        if self.run.done:
            progress = progress.finished(game, lesson_id)
        else:
            progress = progress.reached(game, lesson_id, self.run.index)
        try:
            save_progress(self.app.data_dir, progress)
        except WriteFailed as error:
            self.app.toast(f"Your lesson progress could not be saved. {error}", 6.0, topic="lessons")

    # -- the table's moves --------------------------------------------------------------

    def _submit_now(self, action: Action) -> bool:
        accepted = super()._submit_now(action)
        if not accepted:
            self.panel.say(self.message, False)
        else:
            outcome = self.lesson_match.outcome
            after = outcome.text if outcome is not None else ""
            self.panel.say(after, True)
            # With nothing to say after the move, the lesson goes on by itself.
            self._advance_when_settled = not after
        self._refresh_panel()
        self._place_panel()
        return accepted

    def say(self, message: str) -> None:
        """A move refused by the table's own controls (a meld that is no book, a
        discard before drawing) is explained in the panel too, where the learner reads."""
        # The panel's copy goes when the table's does: at the learner's next action.
        super().say(message)
        if self.run.awaits_move and message:
            self.panel.say(message, False)
            self._place_panel()

    def _begin_turn(self, seat: int) -> None:
        """The table offers the learner's choices only when the step asks for a move."""
        if self.run.awaits_move:
            super()._begin_turn(seat)

    def show_summary(self, table: SummaryTable) -> None:
        super().show_summary(table)
        self._end_summary()

    def _end_summary(self) -> None:
        """A round summary shown once the lesson is over offers no next round: the
        lesson has none to play."""
        if self.run.done and self.summary.visible:
            self.summary.button.text = "Close"

    def _show_game_over(self) -> None:
        """The lesson's own end, not the game-over panel, closes a lesson."""
        self.finished = True
        self._end_turn()

    def _record_statistics(self) -> None:
        """A lesson is no game for the statistics."""

    def _applied(self, match: MatchSeam) -> None:
        """A lesson is never saved."""

    def keep_for_continue(self, resume: RestoredGame | None) -> None:
        """A lesson never takes the place of the game to continue."""

    def _buttons(self) -> list[Button]:
        return [self.rules_button]

    def hint_refusal(self) -> str | None:
        return NO_HINT

    def ask_leave(self) -> None:
        self.leave_lesson()

    def ask_save_name(self) -> None:
        self.say(NOTHING_TO_SAVE)

    # -- the scene ------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self._place_panel()

    def handle_event(self, event: pygame.event.Event) -> None:
        # The panel's own keys and buttons are the learner's actions too.
        self._clear_message_on_action(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.app.scenes.top is self:
            # The button says Esc leaves the lesson: a summary or a question on the table
            # does not take the key first.
            self.leave_lesson()
            return
        if self.summary.visible and self._on_panel(event):
            # The summary covers the table only: the panel beside it still answers.
            self.panel.handle_event(event)
            return
        if self._modal_up():
            super().handle_event(event)
            return
        if self.panel.handle_event(event):
            return
        if self.run.done and self.ways_on.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and self._key(event.key):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and self.panel.contains(event.pos):
            return
        super().handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            # After the table had the click: the click itself takes down the last message.
            self._explain_idle_hand(event.pos)

    def _explain_idle_hand(self, pos: tuple[int, int]) -> None:
        """A card picked up while the step asks for no move would only snap back: say
        what the step wants instead."""
        hand = self.table.area_rect("hand")
        if self.run.done or self.run.awaits_move or hand is None or not hand.collidepoint(pos):
            return
        step = self.run.step
        if isinstance(step, Quiz) and not self.run.can_next:
            self.say(ANSWER_FIRST)
        elif not isinstance(step, Do | Free):
            self.say(READ_FIRST)

    def _on_panel(self, event: pygame.event.Event) -> bool:
        pointer = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
        return event.type in pointer and self.app.scenes.top is self and self.panel.contains(event.pos)

    def _modal_up(self) -> bool:
        return self.summary.visible or self.confirm.visible or self.app.scenes.top is not self

    def _key(self, key: int) -> bool:
        """The lesson's keys; while the table waits for the learner's move, the table's
        own keys (arrows, Enter, Backspace) are left to it."""
        if key == SKIP_KEY:
            self.skip_step()
            return True
        step = None if self.run.done else self.run.step
        if isinstance(step, Quiz) and key in ANSWER_KEYS:
            self.answer(ANSWER_KEYS.index(key))
            return True
        if self.run.awaits_move:
            return False
        if key in NEXT_KEYS:
            if not self.run.done:
                self.next_step()
            elif key != pygame.K_RIGHT and self._done_for >= READ_PAUSE and self.ways_on.current is None:
                # Seen in play: the gold "Next lesson" looked chosen, and Enter did nothing.
                # (A way on chosen with Tab takes Enter itself, before the lesson's keys.)
                self.panel.choices[0].on_click()
            return True
        if key in BACK_KEYS:
            self.back_step()
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        self._done_for = self._done_for + dt if self.run.done else 0.0
        if self._advance_when_settled and self.settled and self.may_go_on:
            self.next_step()
        step = None if self.run.done else self.run.step
        if isinstance(step, Watch) and self.panel.text == WATCHING and self._watched():
            self.panel.text = step.caption
            self._place_panel()
        self._refresh_panel()

    def draw(self, surface: pygame.Surface) -> None:
        marked = [] if self.summary.visible else self._highlighted_cards()
        self._in_hand = self.table.mark_in_hand(marked)
        super().draw(surface)
        self.panel.draw(surface, self.app.theme)

    def draw_under_table(self, surface: pygame.Surface) -> None:
        # Under the cards and name tags: a ring drawn over them ran across the tags at
        # the trick's edge ("Ada", "Clara takes it") and read as crossing them out.
        if not self.summary.visible:
            self._draw_highlights(surface, self._in_hand)

    # -- highlights and the panel's place ------------------------------------------------

    def _highlighted(self) -> list[str]:
        """The cards and areas the step points at now; a step that asks for a move
        points at nothing once the move is made."""
        step = None if self.run.done else self.run.step
        if isinstance(step, Do | Free) and self.run.can_next:
            return []
        return list(self.run.highlight)

    def _highlighted_cards(self) -> list[Card]:
        return [Card.parse(item) for item in self._highlighted() if item not in AREAS]

    def _solid_footprint(self, size: tuple[int, int]) -> Footprint:
        """The table's footprint and the step's rings: a note (H's answer, a refused
        move's reason) never hides what the step points at."""
        footprint = super()._solid_footprint(size)
        if not self.handoff.visible:
            outset = self.app.theme.px(RING_OUTSET)
            footprint.add_all(Kind.MARK, (rect.inflate(outset, outset) for rect in self.highlight_rects()), "lesson's ring")
        return footprint

    def highlight_rects(self) -> list[pygame.Rect]:
        """Where the step's highlighted cards and areas are drawn now."""
        rects: list[pygame.Rect] = []
        for item in self._highlighted():
            if item in AREAS:
                area = self.table.area_rect(item)
                if area is not None:
                    rects.append(area)
            else:
                rects.extend(self.table.card_rects(Card.parse(item)))
        # Cards laid on one place ring it once (and Lay down once for them all).
        return [pygame.Rect(rect) for rect in dict.fromkeys(tuple(rect) for rect in rects)]

    def _draw_highlights(self, surface: pygame.Surface, in_hand: list[pygame.Rect]) -> None:
        """Rings round what the step points at, but for the hand's cards, which the
        hand rings itself (``in_hand``: where they are)."""
        theme = self.app.theme
        pulse = lesson_pulse(pygame.time.get_ticks())
        width = max(2, theme.px(3))
        colour = (*HIGHLIGHT, round(150 + 105 * pulse))
        for rect in self.highlight_rects():
            if rect in in_hand:
                continue
            ring = rect.inflate(theme.px(RING_OUTSET), theme.px(RING_OUTSET))
            layer = pygame.Surface(ring.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, colour, layer.get_rect(), width=width, border_radius=theme.px(12))
            surface.blit(layer, ring)

    def table_size(self, size: tuple[int, int]) -> tuple[int, int]:
        """The table keeps to the left of the panel's column, so the panel never covers
        what a step talks about and stays in one place from step to step."""
        width, height = size
        return max(1, width - self._column_width()), height

    def _column_width(self) -> int:
        theme = self.app.theme
        return theme.px(PANEL_WIDTH) + 2 * theme.px(MARGIN)

    def _place_panel(self) -> None:
        """Put the panel at the top of its column, right of the table."""
        theme = self.app.theme
        width = self.app.screen.get_width()
        margin = theme.px(MARGIN)
        panel_w = theme.px(PANEL_WIDTH)
        self.panel.place(theme, pygame.Rect(width - panel_w - margin, margin, panel_w, 0))

    def element_rects(self) -> list[pygame.Rect]:
        return [*super().element_rects(), self.panel.box]

