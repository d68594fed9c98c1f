"""The table scene: a match in progress, animated, for one person or several.

Each frame the scene lets the match advance (computer seats think off this thread),
takes the match's events one at a time and hands each to the game's layout to animate,
and holds the match while animations run so the state never races ahead of what is
shown. When everything has settled it decides whose turn it is to show:

- with one human, that human always sits at the bottom;
- with several (pass-and-play), the bottom seat is the human whose turn it is, and
  before a different person's turn the pass-and-play cover hides the whole table
  until they confirm; no card of any hand is drawn while it is up.

The scene also owns the generic panels: the end-of-hand summary, the game-over panel,
the rule's reason when a move is refused, and the Menu / Undo / Hint / Save / Rules
buttons. Hint (H) asks the Medium player what it would do in the person's place and
why, from their own view only, at any of their decisions; the hint is gone once they
act or the turn passes. In a practice game (``config.coach``) the hint shows by itself
and the coach remarks once per trick or turn; a player's first game of a kind gets
first-game tips. Both speak in the note box, placed beside the hint.
Esc closes whatever is open on top (a question, the last trick, the summary) before it
offers to leave the table; at a shared screen every new hand starts behind the cover,
so nobody's fresh cards show while everyone looks at the summary.

Nothing is lost: after every applied move the game is autosaved (off the frame loop,
flushed when the table closes) for the menu's Continue, and Save (Ctrl+S) keeps a
named copy for the Load screen. Undo (Ctrl+Z) takes the player back to their last
decision; when it is not available the button is greyed and says why.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from cardtable_gui.ai.advice import Advice
from cardtable_gui.grammar import listed
from cardtable_gui.match import Match, Position
from cardtable_gui.match_seam import MatchSeam
from cardtable_gui.persistence import record_game
from cardtable_gui.persistence.autosaver import Autosaver
from cardtable_gui.persistence.saves import (
    SAVE_NAME_LENGTH,
    RestoredGame,
    SavedGame,
    SavedHandSummary,
    SaveError,
    SaveStore,
)
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.base import Action, Event, HandDealt, IllegalAction, new_seed
from cardtable_gui.scenes.base import Scene
from cardtable_gui.scenes.dialog import Answer, Dialog
from cardtable_gui.scenes.table.animation import Animator
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.scenes.table.coach import STYLE as COACH_STYLE
from cardtable_gui.scenes.table.coach import Coach
from cardtable_gui.scenes.table.confirm import ConfirmPanel
from cardtable_gui.scenes.table.footprint import EDGE_MARGIN, KEEP_CLEAR, Footprint, Kind
from cardtable_gui.scenes.table.game_over import GameOverPanel, standings
from cardtable_gui.scenes.table.handoff import HandoffCover
from cardtable_gui.scenes.table.hint import HintPanel
from cardtable_gui.scenes.table.layout_registry import NoTableYet, make_layout
from cardtable_gui.scenes.table.note_place import NARROWEST, place_in
from cardtable_gui.scenes.table.pace import SPEED_FACTOR, Beat, beat_seconds
from cardtable_gui.scenes.table.port import TablePort
from cardtable_gui.scenes.table.summary import HandSummary, SummaryTable, restored_summary, saved_summary
from cardtable_gui.scenes.table.tips import STYLE as TIP_STYLE
from cardtable_gui.scenes.table.tips import FirstGameTips, Moment
from cardtable_gui.seats import MatchConfig
from cardtable_gui.shown_text import drawable_seat_name
from cardtable_gui.undo_rule import CARDS_SEEN_SINCE, HAND_OVER, NO_MOVE_THIS_HAND, UndoOff
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.form import house_rule_lines
from cardtable_gui.ui.widgets import MODIFIER_KEYS, Button

if TYPE_CHECKING:
    from cardtable_gui.app_window import App

SAVED_BY_HOST = UndoOff("kept by the host", "The host's computer keeps this game; it is saved there.")
"""Why Save is off at a friend's table. Seen in play: Save stayed on there and said
so only when pressed."""

NOTE_SECONDS = 4.0
"""How long a passing note (not a refusal) shows above the hand."""
NOTICE_SECONDS = 6.0
"""How long news from outside the game (a friend gone or back) shows."""
PLAY_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE})
"""The keys that play or pick a card on every table."""
STAGED_FIRST = (
    "Make the move you have set up first: it brings you cards you have not seen yet, "
    "and the hint can only weigh them once they are yours."
)
"""The hint when the rest of the turn after a staged move depends on hidden cards."""

PREPARE_SECONDS = 0.002
"""Time each frame may spend making card pictures before they are first needed."""
WATCH_SUMMARY_SECONDS = 2.5
"""How long an unattended (watch) table leaves each hand's summary up."""
UNDO_OFF_AT_SHARED_SCREEN = UndoOff(
    "shared screen",
    "Undo is off when several people share the screen; everyone can agree to allow it "
    "when setting up the game.",
)
UNDO_OFF_TEXT_PX = 14
"""Design size of the words under a greyed Undo button (the theme keeps them readable)."""
NOBODY_TO_UNDO = UndoOff("nobody playing", "There is nobody at this table to take a move back.")
UNDO_GAME_OVER = UndoOff("game over", "The game is over.")
HINT_NOT_YET = "A hint is for your turn; wait until it comes."
"""Why Hint gives nothing now; the turn's coming takes it down."""


class TableScene(Scene):
    """A game at the table. ``finished`` turns True once the game-over panel shows.

    ``resume`` is a game rebuilt from a save (Continue, Load), played on from where it
    was. A watched table (computer players only) is never saved; ``pace`` makes it run
    that many times faster than the settings say (``watch --speed``)."""

    gives_hints: bool = True
    """H and the Hint button give the Medium player's advice here (a table whose
    teaching comes from elsewhere says so, and its keys line leaves H out)."""

    def __init__(
        self,
        app: App,
        config: MatchConfig,
        *,
        watch: bool = False,
        on_applied: Callable[[MatchSeam], None] | None = None,
        resume: RestoredGame | None = None,
        pace: float = 1.0,
        match: MatchSeam | None = None,
    ) -> None:
        super().__init__(app)
        self.config = config
        self.watch = watch
        self.pace = pace
        self.finished = False
        self.animator = Animator(speed=self.animation_speed, reading_speed=self.reading_speed)
        self.sprites = CardSprites(app.art)
        self.saves = SaveStore(app.data_dir)
        self.autosaver = None if watch else Autosaver(self.saves)
        self._on_applied = on_applied
        self._save_problem: str | None = None
        self.match = match if match is not None else self.open_match(config, resume)
        if not self.match.kept_here:
            # A friend's table: the host's computer keeps the game.
            self.autosaver = None
        humans = self.match.person_seats
        self.pass_and_play = len(humans) > 1
        try:
            self.table = make_layout(config.game, self._port())
        except NoTableYet:
            # No table for this game: nothing may go on thinking for it.
            self.match.close()
            raise
        if resume is not None:
            self.table.keep_hand_orders(resume.saved.hands_in_order())
        self.summary = HandSummary(self._summary_closed)
        self._summary_kept: SavedHandSummary | None = None
        """The summary up, as a save keeps it."""
        self.keep_for_continue(resume)
        if resume is not None:
            for seat in resume.saved.friend_seats:
                friend = resume.config.seats[seat]
                app.toast(f"{friend.name}'s seat is played by a {friend.level.value.capitalize()} computer.", 8.0)
        self.bottom = humans[0] if humans else 0
        self.viewer: int | None = None if self.pass_and_play else self.bottom
        self._own_events_left = 0
        """Events of the person's last move not shown yet: at a shared screen, whatever
        comes after them is someone else's doing, and the person's cards go face down."""
        self._own_move_seen = False
        """The first of those events, the move itself, has been shown."""
        self.handoff = HandoffCover(self._handoff_ready, self.ask_leave)
        self._next_hand_on = self.match.undo_refusal() is HAND_OVER
        """The hand after the person's last move is on the table (its predecessor's
        summary closed) and they have not moved in it yet."""
        self.game_over = GameOverPanel(self._rematch, self._main_menu)
        self.confirm = ConfirmPanel()
        self._recorded = False
        self.menu_button = Button("Menu", self.ask_leave, style="quiet")
        self.undo_button = Button("Undo", self.undo, style="quiet")
        self.hint_button = Button("Hint", self.toggle_hint, style="quiet")
        self.hint = HintPanel()
        self.coach = self._new_coach() if config.coach and not watch else None
        friends_played = resume is not None and bool(resume.saved.friend_seats)
        self.tips = (
            None
            if watch
            else FirstGameTips.for_table(config, app.data_dir, app.settings.first_game_tips, friends_played)
        )
        if self.tips is not None and self.tips.problem:
            app.toast(self.tips.problem, 6.0)
        self.note = HintPanel(*(COACH_STYLE if self.coach is not None else TIP_STYLE))
        """The coach's remark in a practice game, or a first-game tip."""
        self._notes_key: tuple[object, object] | None = None
        """What the notes were last placed for (words, then what is drawn): they move
        only when that changes."""
        self._footprint = Footprint(pygame.Rect(0, 0, 0, 0))
        """Everything drawn in the last frame, the notes where they were last placed."""
        self._message_box = pygame.Rect(0, 0, 0, 0)
        self._kept: dict[str, tuple[object, int, pygame.Rect]] = {}
        """Each note's words and window size when last placed, the width it was laid
        out at and its box: a note stays where it was while that stays clear."""
        self.note_boxes: list[pygame.Rect] = []
        """Where the scene's notes (reason, hint, tip or coach) were last placed: the
        game places its own callouts clear of them."""
        self._tag_clear: list[pygame.Rect] = []
        """What the hint's tag keeps off: the words and the game's notes, as last placed."""
        self._message_lines: list[str] = []
        self._deciding: int | None = None
        self._typed_ahead: pygame.event.Event | None = None
        """Enter pressed before the person's turn was offered, for its start."""
        """The seat whose decision the table offers now (its choices are shown)."""
        self.save_button = Button("Save", self.ask_save_name, style="quiet")
        self.rules_button = Button("Rules", self.open_rules, style="quiet")
        self.message = ""
        self._message_left: float | None = None
        """Seconds a passing note has left; None while the message is a refusal, which
        stays until the player's next action."""
        self._notices: list[str] = []
        """News from outside the game not shown yet: it waits for a refusal to be read."""
        self._turn_shown: int | None = None
        self._settled_at: int | None = None
        self._summary_left = 0.0
        self._closed = False
        self.table.reset(self.match.view_for(self.viewer), self.bottom)
        if self.match.just_dealt:
            self.match.show_first(self.table.opening_events(self.match.view_for(None)))
        if resume is not None and resume.saved.hand_summary is not None and not self.match.is_over:
            kept = resume.saved.hand_summary
            self.show_summary(restored_summary(kept), kept)

    def open_match(self, config: MatchConfig, resume: RestoredGame | None) -> MatchSeam:
        """The match this table plays: a new game, or one rebuilt from a save. A lesson's
        table plays a match of its own kind here."""
        return Match(
            config,
            on_applied=self._applied,
            ai_pace=self.computer_pause(),
            resume=None
            if resume is None
            else Position(resume.state, resume.actions, resume.movers, resume.hand_start),
            friends_gone=() if resume is None else resume.saved.friend_seats,
        )

    def _port(self) -> TablePort:
        """All the game's layout may use of this table."""
        return TablePort(
            match=self.match,
            animator=self.animator,
            sprites=self.sprites,
            pass_and_play=self.pass_and_play,
            theme=lambda: self.app.theme,
            seat_name=self.seat_name,
            submit=self.submit,
            say=self.say,
            note_briefly=self.note_briefly,
            show_summary=self.show_summary,
            play_sound=self.play_sound,
            reading_time=self.reading_time,
            animation_speed=self.animation_speed,
            card_scale=lambda: self.app.settings.card_scale,
            toolbar_end=self.toolbar_end,
            toolbar=self.toolbar_rects,
            footprint=self.footprint,
            paused=lambda: self.finished or self.summary.visible or self.play_has_stopped(),
            viewer=lambda: self.viewer,
            note_boxes=lambda: self.note_boxes,
            staging_changed=self.staging_changed,
            gives_hints=self.gives_hints,
            hint_unasked=lambda: self.coach is not None,
        )

    def _new_coach(self) -> Coach:
        """The practice game's coach for the person at the bottom, judging their moves
        in a process of its own."""
        match = self.match
        names = [self.seat_name(seat) for seat in range(match.players)]
        return Coach(match.game, self.bottom, match.teams, names, match.new_judge(), match.advice_seed)

    # -- what the layout uses (through its port) -------------------------------------

    def animation_speed(self) -> float:
        """How fast cards move now: the player's setting, times a watch's pace."""
        return self.app.settings.animation_speed * self.pace

    def reading_speed(self) -> float:
        """How fast the pauses for reading run out: a watch's pace only. The animation
        speed makes cards fly faster, never a computer's action leave the view sooner."""
        return self.pace

    def computer_pause(self) -> float:
        """The least time between a move and the next computer move: the player's
        pause, stretched by the game speed, shortened by a watch's pace."""
        settings = self.app.settings
        return settings.ai_pace * SPEED_FACTOR[settings.game_speed] / self.pace

    def reading_time(self, beat: Beat) -> float:
        """How long ``beat`` keeps the next event back, in the animator's reading
        seconds (which only a watch's pace shortens or stretches)."""
        return beat_seconds(beat, self.app.settings.game_speed)

    def seat_name(self, seat: int) -> str:
        """The seat's name as every piece of the table shows it: drawable, and "Player 2"
        for a name (from a save or the settings) that would draw as nothing."""
        return drawable_seat_name(self.match.seat_name(seat), seat)

    def submit(self, action: Action) -> bool:
        """Play the bottom person's move. A refused move shows the rule's reason and
        changes nothing; returns whether it was accepted. When the player asked to be
        asked first, an allowed move waits for their Play (and False is returned)."""
        question = self.table.confirm_question(action) if self.app.settings.confirm_before_play else None
        if question is not None and self.match.why_illegal(action) is None:
            self.confirm.ask(question, lambda: self._submit_now(action))
            self.confirm.layout(self.app.screen.get_size(), self.app.theme, self.table.message_anchor())
            return False
        return self._submit_now(action)

    def _submit_now(self, action: Action) -> bool:
        try:
            own = self.match.submit(action)
        except IllegalAction as error:
            self.say(str(error))
            self.table.refused()
            return False
        self._end_turn()
        self._next_hand_on = False
        self._own_events_left += len(own)
        self._own_move_seen = False
        self._turn_shown = None
        self.message = ""
        self._acted(action)
        return True

    def play_has_stopped(self) -> bool:
        """Whether no more moves can come at this table though the game is not over (a
        friend's table once the host has gone): no plate is then shown to move."""
        return False

    def say(self, message: str) -> None:
        """Show ``message`` (a refused move's reason) above the hand until the player
        does something next: a reason that vanished while being read was no use."""
        self.message = message
        self._message_left = None

    def note_briefly(self, message: str, seconds: float = NOTE_SECONDS) -> None:
        """Show ``message`` above the hand for ``seconds`` (or until the player's next
        action): what the table did for the player, not a refusal."""
        self.message = message
        self._message_left = seconds

    @property
    def message_is_refusal(self) -> bool:
        return bool(self.message) and self._message_left is None

    def _clear_message_on_action(self, event: pygame.event.Event) -> None:
        """A key (other than a lone modifier) or a mouse button pressed is the player's
        next action: the message shown for the last one has done its work."""
        pressed_key = event.type == pygame.KEYDOWN and event.key not in MODIFIER_KEYS
        pressed_button = event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3)
        if self.message and (pressed_key or pressed_button):
            self.message = ""
            self._message_left = None

    def play_sound(self, name: str) -> None:
        self.app.sound.play(name)

    def show_summary(self, table: SummaryTable, kept: SavedHandSummary | None = None) -> None:
        """The end-of-hand summary; play waits until it is closed. ``kept``: the summary
        as a save keeps it, where ``table`` was restored from one (saved again, it is
        the summary as first shown, without the restored one's note)."""
        button = "See the result" if self.match.is_over else table.go_on
        if self.pass_and_play:
            # The next hand's first mover may be whoever holds the screen now: the
            # cover must come up for them too, before their new cards are drawn. The
            # cards the last person kept go face down under the summary.
            self._put_hand_down()
        if self.tips is not None and self.tips.text is not None:
            # A tip is about the hand in play: it does not stay beside its summary.
            self._show_note(None)
        self._typed_ahead = None
        self._next_hand_on = False
        self.summary.show(table, button)
        self._summary_kept = kept if kept is not None else saved_summary(table)
        self._layout_summary(self.app.screen.get_size())
        self._summary_left = WATCH_SUMMARY_SECONDS / self.pace
        self._keep_summary_for_continue()

    # -- scene -----------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        theme = self.app.theme
        theme.resize(size)
        # The buttons first: the game's layout puts its own after the last one shown.
        pad, h = theme.px(12), theme.px(38)
        x = pad
        for button in self._buttons():
            button.rect = pygame.Rect(x, pad, theme.px(92), h)
            x = button.rect.right + theme.px(8)
        self.table.layout(self.table_size(size))
        self.handoff.layout(size, theme)
        self._layout_summary(size)
        self.game_over.layout(size, theme)
        self.confirm.layout(size, theme, self.table.message_anchor())
        self._notes_key = None
        self.place_notes(size)

    def _layout_summary(self, size: tuple[int, int]) -> None:
        """The hand's summary in the table's part of the window, below its top bar
        (the buttons, the words under Undo, the game's banner or scores along the
        top), which stays in sight (a tall summary covered Save, Rules and the round's
        banner)."""
        theme = self.app.theme
        width, height = self.table_size(size)
        band = max(button.rect.bottom for button in self._buttons())
        bar = [*self.toolbar_rects(), *self.table.top_bar(band)]
        margin = theme.px(10)
        area = pygame.Rect(0, margin, width, max(0, height - margin * 2))
        self.summary.layout(area, theme, max(piece.bottom for piece in bar) + margin)

    def _layout_table(self) -> None:
        """Lay the game's table out again in its part of the window, as it is now."""
        self.table.layout(self.table_size(self.app.screen.get_size()))

    def table_size(self, size: tuple[int, int]) -> tuple[int, int]:
        """The part of a window of ``size`` the game's table is laid out in (from the
        top left): all of it, unless a scene keeps a side of the window for itself."""
        return size

    def toolbar_end(self) -> int:
        """The x just right of the last of the scene's buttons shown (Menu, Undo,
        Save; a watched table has only Menu), where a game may add buttons of its own."""
        return max(button.rect.right for button in self._buttons())

    def toolbar_rects(self) -> list[pygame.Rect]:
        """The scene's buttons shown, and the words under a greyed Undo or Save."""
        return [button.rect for button in self._buttons()] + [rect for _, _, rect in self._words_under_buttons()]

    def handle_event(self, event: pygame.event.Event) -> None:
        self._clear_message_on_action(event)
        self._point_at_log(event)
        if self.handoff.handle_event(event) or self.confirm.handle_event(event):
            return
        if self.summary.visible and self._toolbar_over_summary(event):
            return
        if self.game_over.handle_event(event) or self.summary.handle_event(event):
            return
        if self._dismisses_note(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            log = self.table.play_log()
            if log is not None and log.opened:
                # Esc closes what is open first: it asked to leave the table with the
                # opened log still up behind the question (seen in play). The log opens
                # again when the pointer moves on it.
                log.point(None)
                return
            self._escape()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_rules()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and not event.mod & pygame.KMOD_CTRL:
            self.toggle_hint()
            return
        if self.animator.busy and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self._on_a_button(event.pos):
            # A click on the cloth is the one deliberate way to hurry what is shown. A
            # key never is: Enter and Space are how a card is played, and one pressed a
            # moment after the last card skipped the last trick straight to the summary.
            self.animator.skip()
            return
        if self._keeps_for_the_turn(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.ask_save_name()
            return
        self._refresh_buttons()
        for button in self._buttons():
            if button.handle_event(event):
                return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self._offers_undo
            and self.undo_button.rect.collidepoint(event.pos)
        ):
            # The greyed button still answers a click: with the reason it is greyed.
            self.undo()
            return
        self.table.handle_event(event)

    def _toolbar_over_summary(self, event: pygame.event.Event) -> bool:
        """The summary holds the table, but Menu, Save and Rules (and Ctrl+S, F1) stay
        open over it: a game saved now keeps the summary, and the rules may be read
        beside it. Whether ``event`` went to one of them."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_rules()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.ask_save_name()
            return True
        self._refresh_buttons()
        open_ones = (self.menu_button, self.save_button, self.rules_button)
        return any(button.handle_event(event) for button in self._buttons() if button in open_ones)

    def _keeps_for_the_turn(self, event: pygame.event.Event) -> bool:
        """Enter or Space pressed while the table still shows the moves before the
        person's turn, the match already waiting on them: kept, and acted on as the
        turn is offered (it picks the card for the next Enter to play). Eaten as a
        hurry, such a key was lost and a picked card sat through two Enters."""
        if event.type != pygame.KEYDOWN or event.key not in PLAY_KEYS or self._deciding is not None:
            return False
        seat = self.match.to_move
        if seat is None or seat != self.viewer or not self.match.is_human(seat) or self.match.new_hand_pending():
            return False
        self._typed_ahead = event
        return True

    def update(self, dt: float) -> None:
        self.animator.update(dt)
        self.table.update(dt)
        self.summary.update(dt)
        self.handoff.update(dt)
        self.game_over.update(dt)
        if self._message_left is not None:
            self._message_left -= dt
            if self._message_left <= 0:
                self.message = ""
                self._message_left = None
        if self.watch and self.summary.visible:
            self._summary_left -= dt
            if self._summary_left <= 0:
                self.summary.hide()
                self._summary_closed()
        self.match.ai_pace = self.computer_pause()
        self.match.hold = self._busy()
        self.match.poll()
        self._tell_notices()
        self._report_save_problem()
        self._record_statistics()
        self._consume()
        if self.coach is not None and self.coach.poll():
            if self.coach.remark is not None:
                self._show_note(self.coach.remark)
            elif self.note.text == self.coach.withdrawn:
                self.note.hide()
        self.sprites.prepare_some(PREPARE_SECONDS)

    def _tell_notices(self) -> None:
        """News from outside the game ("Gia lost the connection; the seat waits for them to join again.") is a passing note in
        the message spot, placed clear of the seat plates as every note is (a toast
        over the table covered the very plate it spoke of); a refused move's reason
        on show is read first."""
        self._notices.extend(self.match.notices())
        if self._notices and not self.message_is_refusal:
            self.note_briefly(" ".join(self._notices), NOTICE_SECONDS)
            self._notices.clear()

    def _busy(self) -> bool:
        return (
            self.animator.busy
            or self.match.peek_event() is not None
            or self.summary.visible
            or self.handoff.visible
        )

    def _consume(self) -> None:
        """Hand queued events to the layout one at a time, each after the previous
        one's animation (unless the layout shows it with the last one); settle the
        turn once nothing is left to show."""
        while not self.summary.visible:
            upcoming = self.match.peek_event()
            if upcoming is None:
                break
            if self.holds(upcoming):
                self.table.show_held(upcoming if self.may_show_held() else None)
                break
            if self.animator.busy and not self.table.shown_with_the_last(upcoming):
                break
            if self._hand_down_due(before_an_event=True):
                self._put_hand_down()
            if self._own_events_left:
                self._own_events_left -= 1
                self._own_move_seen = True
            event = self.match.take_event()
            self.table.on_event(event)
            beat = self.table.beat(event)
            if beat is not None:
                # The next event waits until this one has been in view long enough to
                # read, counted from when its cards land: a card still in the air, or
                # a summary over the last one, is not yet seen.
                reading = self.reading_time(beat)
                self.animator.after_landing(lambda seconds=reading: self.animator.hold(seconds))
            self._shown(event)
        if self._hand_down_due(before_an_event=False):
            self._put_hand_down()
        if not self._busy():
            self._settle()

    def may_show_held(self) -> bool:
        """Whether an event held back may show what it can (who takes a trick)."""
        return True

    def holds(self, event: Event) -> bool:
        """Whether ``event`` waits before it is shown; a lesson holds a finished trick
        on the table while the learner reads about it."""
        return False

    def _hand_down_due(self, before_an_event: bool) -> bool:
        """At a shared screen, whether the person's cards go face down now: their move is
        on its way and the turn has left them (so the trick they completed is gathered
        to another seat with their hand down), or the event about to be shown is not
        theirs at all."""
        if not self.pass_and_play or self.viewer is None:
            return False
        if self._own_move_seen and self.match.to_move != self.viewer:
            return True
        return before_an_event and not self._own_events_left

    def _put_hand_down(self) -> None:
        """At a shared screen, once the person's own move has been shown: the next
        person may be taking the screen already, so the cards go face down and come back
        only behind the cover."""
        self.viewer = None
        self._own_events_left = 0
        self.table.hide_hand()

    def _settle(self) -> None:
        if self._settled_at != self.match.position:
            self._settled_at = self.match.position
            self.table.sync(self.match.view_for(self.viewer))
        if self.match.is_over:
            self._show_game_over()
            return
        seat = self.match.to_move
        if self.coach is not None and seat != self.bottom:
            self.coach.turn_passed()
        if seat is None or not self.match.is_human(seat) or self._turn_shown == self.match.position:
            return
        self._turn_shown = self.match.position
        if self.pass_and_play and seat != self.viewer:
            self._end_turn()
            self.handoff.show(seat, self.seat_name(seat), self.table.turn_prompt())
            return
        self._begin_turn(seat)

    def _handoff_ready(self, seat: int) -> None:
        self.viewer = seat
        self.bottom = seat
        self.table.reset(self.match.view_for(seat), seat)
        self._layout_table()
        self._begin_turn(seat)

    def _begin_turn(self, seat: int) -> None:
        """Offer ``seat``'s person their choices."""
        self._deciding = seat
        if self.message == HINT_NOT_YET:
            self.message = ""
        self.table.begin_turn(self.match.legal_actions_for(seat))
        typed, self._typed_ahead = self._typed_ahead, None
        if typed is not None and self.table.fan.active:
            # Only on the hand: an Enter kept for a bid panel would place a bid unseen.
            self.table.handle_event(typed)
        self.play_sound("your_turn")
        if self.hint.visible or self.coach is not None:
            # Asked for before the choices were offered (or, in practice, shown unasked):
            # marked again now that the table offers the move.
            self._show_hint(seat)
        self._guide(seat)

    def _end_turn(self) -> None:
        """Take the choices away, and with them any hint."""
        self._deciding = None
        self._typed_ahead = None
        self.hide_hint()
        self.table.end_turn()

    def _summary_closed(self) -> None:
        self._next_hand_on = True
        self._keep_summary_for_continue()
        self._consume()

    def _show_game_over(self) -> None:
        if self.finished:
            return
        self.finished = True
        self._end_turn()
        match = self.match
        winners = match.winners
        names = [self.seat_name(s) for s in winners]
        if not names:
            headline = "The game is over"
        elif len(names) == 1:
            headline = f"{names[0]} wins!"
        else:
            headline = f"{listed(names)} win!"
        scores = match.scores
        teams = match.teams
        sides = [(" & ".join(self.seat_name(s) for s in side), scores[side[0]]) for side in teams]
        rows = standings(sides, [i for i, side in enumerate(teams) if side[0] in winners])
        self.game_over.show(headline, rows, self.table.score_sheet(match.game_events()))
        self.game_over.layout(self.app.screen.get_size(), self.app.theme)

    # -- buttons -----------------------------------------------------------------------

    @property
    def _offers_undo(self) -> bool:
        """Every table with a person at it has the button (greyed when undo is off)."""
        return bool(self.match.person_seats) and not self.watch

    def _buttons(self) -> list[Button]:
        if self.watch:
            return [self.menu_button, self.rules_button]
        return [self.menu_button, self.undo_button, self.hint_button, self.save_button, self.rules_button]

    def _refresh_buttons(self) -> None:
        self.undo_button.enabled = self._undo_allowed()
        self.save_button.enabled = not self.match.is_over and self.match.kept_here
        self.hint_button.enabled = self.hint_refusal() is None

    # -- the hint ----------------------------------------------------------------------

    @property
    def offering(self) -> int | None:
        """The seat whose choices the table offers now (None between turns)."""
        return self._deciding

    def hint_refusal(self) -> str | None:
        """Why there is no hint to give now (a sentence for the player), or None."""
        if self.watch:
            return "Nobody is playing at this table."
        if self.finished or self.match.is_over:
            return "The game is over."
        if self.summary.visible or self.handoff.visible:
            return "Hints are for your own decisions."
        # The match waits on this person from the moment their turn comes, while the
        # table may still be showing the moves before it: their plate already glows.
        seat = self.match.to_move
        if seat is None or not self.match.is_human(seat) or (self.pass_and_play and seat != self.viewer):
            return HINT_NOT_YET
        if self.match.new_hand_pending():
            # The turn is in a hand the table has not dealt yet: the last one's end and
            # its summary come first.
            return "Your next hand is about to be dealt; ask again once your cards are in."
        return None

    def toggle_hint(self) -> None:
        """Hint (H): show what the Medium player would do here and why; again hides it.
        Pressed while the moves before the person's turn are still being shown, it
        hurries them along."""
        if self.hint.visible:
            self.hide_hint()
            return
        refusal = self.hint_refusal()
        if refusal is not None:
            self.say(refusal)
            return
        seat = self.match.to_move
        assert seat is not None
        if self._deciding != seat:
            self.animator.skip()
        self._show_hint(seat)

    def _show_hint(self, seat: int) -> None:
        """The Medium player's advice for ``seat``'s decision. With a move staged on the
        table, the advice is for the rest of the turn after it, as if it were made."""
        staged = self.table.staged_move()
        rest = self.match.preview(seat, staged) if staged is not None else None
        if staged is not None and rest is None and self.match.reveals_cards(seat, staged):
            # What follows depends on cards the person has not seen (their foot): the
            # hint may not look at them first.
            advice = Advice(staged, STAGED_FIRST, "staged-first")
        else:
            view, legal = rest or (self.match.view_for(seat), self.match.legal_actions_for(seat))
            advice = self.match.advice(seat, view, legal)
        self.hint.show(advice)
        self.table.show_hint(advice.action)
        self.place_notes(self.app.screen.get_size())

    def staging_changed(self) -> None:
        """The person staged cards or took a staged step back (the layout says so).
        That is acting: a hint showing goes, as after any move, so that one H always
        shows the hint, then for the rest of the turn. Left up, it would have been
        taken down by the H meant to ask for the next one. In a practice game, where
        the hint shows by itself, it is worked out again for what is left of the turn."""
        if not self.hint.visible or self._deciding is None:
            return
        if self.coach is not None:
            self._show_hint(self._deciding)
        else:
            self.hide_hint()

    def hide_hint(self) -> None:
        """Take the hint down: its reason and its marks on the table."""
        if self.hint.visible:
            self.hint.hide()
            self.table.show_hint(None)

    # -- the coach and the first-game tips ---------------------------------------------

    def _guide(self, seat: int) -> None:
        """At the person's decision: in a practice game the hint shows by itself and the
        coach hears its advice; in a first game, a tip may be due."""
        if self.coach is not None and self.hint.advice is not None:
            self.coach.advise(self.hint.advice, self.match.view_for(seat), self.match.legal_actions_for(seat))
        if self.tips is not None:
            moment = Moment(seat, self.match.view_for(seat), tuple(self.match.legal_actions_for(seat)))
            if self.tips.consider(moment):
                self._show_note(self.tips.text)

    def _acted(self, action: Action) -> None:
        """The person's move was made: the coach notes it, and any move dismisses a tip."""
        if self.coach is not None:
            self.coach.played(action)
        elif self.tips is not None and self.tips.text is not None:
            self._show_note(None)

    def _shown(self, event: Event) -> None:
        """An event has just been shown: it may end the coach's trick or the learner's
        turn, or bring a tip."""
        if self.coach is not None:
            self.coach.on_event(event)
            if self.match.to_move != self.bottom:
                # The computers may play on without a still frame between their moves.
                self.coach.turn_passed()
        if self.tips is not None and self.tips.text is not None and isinstance(event, HandDealt):
            # A tip is about the hand it came up in, not the next one.
            self._show_note(None)
        if self.tips is not None and self.viewer is not None:
            if self.tips.consider(Moment(self.viewer, self.match.view_for(self.viewer), event=event)):
                self._show_note(self.tips.text)

    def _show_note(self, text: str | None) -> None:
        """Put ``text`` in the note box (None takes it down)."""
        if text is None:
            self.note.hide()
            if self.coach is not None:
                self.coach.dismiss()
            if self.tips is not None:
                self.tips.dismiss()
            return
        self.note.note(text)
        self.place_notes(self.app.screen.get_size())

    def _dismisses_note(self, event: pygame.event.Event) -> bool:
        """Esc, or a click on the note, takes the note down (and does nothing else)."""
        if not self.note.visible:
            return False
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.note.box.collidepoint(event.pos)
        ):
            self._show_note(None)
            return True
        return False

    def undo_refusal(self) -> UndoOff | None:
        """Why undo is not available now, or None."""
        if not self._offers_undo:
            return NOBODY_TO_UNDO
        if self.table.can_take_back():
            return None
        if self.pass_and_play and not self.config.undo_in_pass_and_play:
            return UNDO_OFF_AT_SHARED_SCREEN
        if self.finished or self.match.is_over:
            return UNDO_GAME_OVER
        if self.summary.visible:
            return HAND_OVER
        refusal = self.match.undo_refusal()
        return NO_MOVE_THIS_HAND if refusal is HAND_OVER and self._next_hand_on else refusal

    def _undo_allowed(self) -> bool:
        return self.undo_refusal() is None

    def undo(self) -> None:
        """Take back the last person's decision and every move since. Against the
        computer that is the player's own last move; at a shared screen only when the
        table allowed it, and the cover then comes up for whoever decides again. Never
        past the deal of the current hand. A step the game's controls hold but have not
        played yet (cards staged for a meld) goes back first."""
        if self._offers_undo and self.table.can_take_back():
            self.table.take_back()
            return
        refusal = self.undo_refusal()
        if refusal is not None:
            self.say(refusal.reason)
            return
        if not self.match.undo_to_last_human_decision():
            self.say((self.match.undo_refusal() or CARDS_SEEN_SINCE).reason)
            return
        if self.coach is not None:
            self.coach.forget()
        if self.pass_and_play:
            # Whoever decides again gets the cover first; until then nobody's hand shows.
            self.viewer = None
        self.show_afresh()

    def show_afresh(self) -> None:
        """Lay the table out again from the match as it stands (after an undo, or a
        friend's table back in the game): nothing half-shown or half-decided remains."""
        self.animator.clear()
        self._own_events_left = 0
        self._end_turn()
        self._show_note(None)
        self.table.reset(self.match.view_for(self.viewer), self.bottom)
        self._layout_table()
        self._turn_shown = None
        self._settled_at = self.match.position
        self.message = ""

    def _on_a_button(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on a toolbar button: a click there is for the button
        (Menu during a deal), not a wish to hurry the animation along."""
        self._refresh_buttons()
        return any(button.rect.collidepoint(pos) for button in self._buttons())

    def _escape(self) -> None:
        """Esc: close the game's own overlay or the hint if one is open, else offer to
        leave."""
        if self.table.close_overlay():
            return
        if self.hint.visible:
            self.hide_hint()
            return
        self.ask_leave()

    def ask_leave(self) -> None:
        """Ask before leaving the table; a watched game just leaves."""
        if self.watch or self.finished:
            self._main_menu()
            return
        if self.app.scenes.top is not self:
            return
        self.app.scenes.push(
            Dialog(
                self.app,
                "Leave the table?",
                self.leave_words(),
                [Answer("Leave", self._main_menu, "primary"), Answer("Stay", None, "quiet")],
                # Where leaving ends the game for others, Enter stays.
                focus=1 if self.leaving_ends_it_for_others else 0,
            )
        )

    leaving_ends_it_for_others = False
    """Whether leaving this table ends the game at other tables (the host's)."""

    def leave_words(self) -> str:
        """What leaving the table does to the game, as the leave dialog says it."""
        if self.match.kept_here:
            return "Your game is saved as it stands: Continue on the menu brings it back right here."
        return "Your seat waits for you: join again with the same code to come back."

    def open_rules(self) -> None:
        """This game's rules page over the table; Back returns to the game as it was
        (play waits meanwhile: only the top scene runs)."""
        from cardtable_gui.scenes.rules_book import RulesBookScene

        if self.app.scenes.top is self:
            match = self.match
            options = GAMES[match.game].Options.model_validate(match.house_rules)
            table_rules = house_rule_lines(options, match.players)
            self.app.scenes.push(RulesBookScene(self.app, match.game, table_rules))

    def _rematch(self) -> None:
        if not self.match.kept_here:
            self._main_menu()
            return
        config = self.match.rematch_config(new_seed())
        self.app.scenes.replace(TableScene(self.app, config, watch=self.watch, pace=self.pace))

    def _main_menu(self) -> None:
        """Leave the table: a practice game goes back to where it was opened from (the
        lesson list), any other table to the app's home, the main menu."""
        if self.config.coach and len(self.app.scenes) > 1:
            self.app.scenes.pop()
            return
        self.app.go_home()

    def enter(self) -> None:
        """Besides the layout: what exists now (modules, rules tables, this table)
        lasts as long as the game, so it is collected once here and then kept out of
        the cyclic collector's full passes, which would otherwise each stall a frame
        for tens of milliseconds mid-game. ``close`` hands it back."""
        super().enter()
        gc.collect()
        gc.freeze()

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            gc.unfreeze()
            self._record_statistics()
            self.match.close()
            if self.coach is not None:
                self.coach.close()
            if self.autosaver is not None:
                self.autosaver.close()

    # -- saving ------------------------------------------------------------------------

    def _applied(self, match: MatchSeam) -> None:
        """After every move (and undo): keep the game for Continue; a finished game
        is filed away instead, so it is never continued (or counted) twice."""
        if self._on_applied is not None:
            self._on_applied(match)
        if self.autosaver is None:
            return
        self._autosave()
        if match.is_over:
            self.autosaver.finish_game()

    def _autosave(self) -> None:
        """Hand the game as it stands to the autosaver (which writes it soon)."""
        if self.autosaver is not None:
            self.autosaver.save(self.saved_game())

    def _keep_summary_for_continue(self) -> None:
        """Autosave as a hand's summary comes up or is closed: the save after the hand's
        last move was written before it came up, and Continue brings back what was on
        screen. A finished game was filed away at its last move and stays so."""
        if not self.match.is_over:
            self._autosave()

    def saved_game(self, name: str | None = None) -> SavedGame:
        """The game as it stands, each person's hand as they arranged it, and the hand's
        summary if it is up."""
        saved = self.match.saved_game(name)
        extra: dict[str, object] = {}
        if orders := self.table.hand_orders():
            extra["hand_orders"] = {seat: tuple(str(card) for card in cards) for seat, cards in orders.items()}
        if self.summary.visible:
            extra["hand_summary"] = self._summary_kept
        return saved.model_copy(update=extra) if extra else saved

    def keep_for_continue(self, resume: RestoredGame | None) -> None:
        """The game chosen is the one Continue resumes from this moment, before any move:
        a player who leaves at once must not find the game they replaced instead. A game
        continued from the autosave is already there, and is left as it is."""
        if self.autosaver is None:
            return
        if resume is not None and resume.path in self.saves.autosave_files():
            return
        try:
            self.saves.begin_autosave(self.saved_game())
        except SaveError as error:
            self.autosaver.problem = error.message

    def _report_save_problem(self) -> None:
        """Tell the player when autosaving starts failing (once, not every move)."""
        problem = self.autosaver.problem if self.autosaver is not None else None
        if problem is not None and problem != self._save_problem:
            self.app.toast(f"{problem} Your game goes on; try Save or free some disk space.", 8.0)
        self._save_problem = problem

    def save_name_suggestion(self) -> str:
        """The name a save gets when the player names it nothing: "Spades, Hand 3", or
        at a summary "Spades, after Hand 2" (the next hand is dealt, but the player
        looks at the one before)."""
        title = GAMES[self.match.game].title
        if self.summary.table is not None:
            return f"{title}, after {self.summary.table.title}"[:SAVE_NAME_LENGTH]
        return f"{title}, {self.match.progress()}"

    def ask_save_name(self) -> None:
        """Open the Save dialog (Ctrl+S): the player names the save, or keeps the
        suggested name."""
        if self.watch or self.app.scenes.top is not self:
            return
        if self.match.is_over:
            self.say("The game is over; there is nothing left to save.")
            return
        if not self.match.kept_here:
            self.say("The host's computer keeps this game; it is saved there.")
            return
        suggestion = self.save_name_suggestion()
        dialog = Dialog(
            self.app,
            "Save game",
            f"Give this game a name to find it by on the Load screen. Left empty, it is called \u201c{suggestion}\u201d.",
            [
                Answer("Save", lambda: self.save_named(dialog.text.strip() or suggestion), "primary"),
                Answer("Cancel", None, "quiet"),
            ],
            field="",
            placeholder=suggestion,
            max_length=SAVE_NAME_LENGTH,
        )
        self.app.scenes.push(dialog)

    def save_named(self, name: str) -> None:
        """Keep the game as it stands under ``name``; the player is told where it went
        or why it could not be saved."""
        try:
            self.saves.save_named(self.saved_game(name))
        except SaveError as error:
            self.app.toast(error.message, 6.0)
            return
        except ValueError:
            self.app.toast("A save can't have that name; try a shorter one.", 6.0)
            return
        self.app.toast(f"Saved as \u201c{name}\u201d. Load game on the menu brings it back.", 4.0)

    def _record_statistics(self) -> None:
        """Add the game to the player's statistics once it is over: once per game,
        never for a watched one. A write that fails is told and play goes on."""
        if self.watch or self.config.coach or self._recorded or not self.match.is_over or not self.match.kept_here:
            return
        self._recorded = True
        try:
            message = record_game(self.app.data_dir, self.match.game_record())
        except OSError as error:
            self.app.toast(f"This game could not be added to your statistics. {error}", 6.0)
            return
        except ValueError:
            self.app.toast("This game could not be added to your statistics.", 6.0)
            return
        if message:
            self.app.toast(message, 6.0)

    # -- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        if self.handoff.visible:
            self.handoff.draw(surface, theme)
            return
        theme.draw_background(surface)
        self.draw_under_table(surface)
        self.table.draw(surface)
        for flight in self.animator.flights:
            if flight.visible:
                self.sprites.draw(surface, flight.card, flight.center, flight.width, flight.angle)
        self.table.draw_over_flights(surface)
        self._refresh_buttons()
        for button in self._buttons():
            button.draw(surface, theme)
        self._draw_words_under_buttons(surface)
        self.place_notes(surface.get_size())
        if self.message:
            self._draw_message(surface)
        if self.hint.visible:
            self.hint.draw(surface, theme, self.table.hint_rects(), self._tag_clear)
        if (log := self.table.play_log()) is not None:
            log.draw_opened(surface, theme)
        self.table.draw_held(surface)
        self.confirm.draw(surface, theme)
        self.summary.draw(surface, theme)
        self.game_over.draw(surface, theme)
        if self.note.visible:
            # Over the summary's shade: a tip may be about the summary (bags).
            self.note.draw(surface, theme, [])

    def draw_under_table(self, surface: pygame.Surface) -> None:
        """What lies on the cloth under the table's cards and words (a lesson's rings)."""

    def _point_at_log(self, event: pygame.event.Event) -> None:
        """Tell the log where the pointer rests, so it opens while pointed at."""
        log = self.table.play_log()
        if log is None:
            return
        if event.type == pygame.MOUSEMOTION:
            # Not while a card is carried over it: the opened log would hide where it goes.
            log.point(None if event.buttons[0] else event.pos)
        elif event.type == pygame.WINDOWLEAVE:
            log.point(None)

    def undo_off_rect(self) -> pygame.Rect | None:
        """Where the few words saying why Undo is off stand, just under the greyed
        button (None while Undo is on)."""
        return next((rect for button, _, rect in self._words_under_buttons() if button is self.undo_button), None)

    def _words_under_buttons(self) -> list[tuple[Button, UndoOff, pygame.Rect]]:
        """Each greyed button that says why it is off, why, and where those words stand
        under it: Undo, and Save at a friend's table (the host's computer keeps the game)."""
        off: list[tuple[Button, UndoOff]] = []
        refusal = self.undo_refusal()
        if refusal is not None and self._offers_undo and self.undo_button in self._buttons():
            # A table without the button (a lesson) has no words under it either.
            off.append((self.undo_button, refusal))
        if not self.match.kept_here and self.save_button in self._buttons():
            off.append((self.save_button, SAVED_BY_HOST))
        theme = self.app.theme
        font = theme.font(theme.text_px(UNDO_OFF_TEXT_PX))
        placed: list[tuple[Button, UndoOff, pygame.Rect]] = []
        for button, why in off:
            rect = pygame.Rect((0, 0), font.size(why.short))
            rect.midtop = (button.rect.centerx, button.rect.bottom + theme.px(3))
            rect.left = max(rect.left, theme.px(4))
            placed.append((button, why, rect))
        return placed

    def _draw_words_under_buttons(self, surface: pygame.Surface) -> None:
        """Why a button is off, in a few words under it for as long as it is off; the
        whole sentence under them while the pointer rests on the button."""
        theme = self.app.theme
        for button, why, rect in self._words_under_buttons():
            surface.blit(theme.text(why.short, theme.text_px(UNDO_OFF_TEXT_PX), th.TEXT_DIM), rect)
            if button.hovered:
                self._draw_why_off(surface, button, why.reason, rect.bottom)

    def _draw_why_off(self, surface: pygame.Surface, button: Button, reason: str, top: int) -> None:
        """The whole reason ``button`` is off, in a box from ``top`` down."""
        theme = self.app.theme
        size = theme.text_px(17)
        font = theme.font(size)
        lines = theme.wrap(reason, font, theme.px(360))
        pad = theme.px(10)
        width = max(font.size(line)[0] for line in lines) + pad * 2
        box = pygame.Rect(button.rect.x, top + theme.px(4), width, len(lines) * font.get_linesize() + pad * 2)
        box.clamp_ip(surface.get_rect())
        theme.draw_panel(surface, box, theme.px(8), (12, 24, 18, 235), th.PANEL_BORDER)
        for index, line in enumerate(lines):
            surface.blit(theme.text(line, size, th.TEXT), (box.x + pad, box.y + pad + index * font.get_linesize()))

    def message_rect(self) -> pygame.Rect:
        """Where the message shows now (placed with the other notes, see ``place_notes``)."""
        self.place_notes(self.app.screen.get_size())
        return self._message_box

    def _message_font(self) -> pygame.font.Font:
        theme = self.app.theme
        return theme.font(theme.px(22), True)

    def _message_size(self, width: int) -> tuple[int, int]:
        """The message's box when its words wrap at most ``width`` wide."""
        theme = self.app.theme
        font = self._message_font()
        self._message_lines = theme.wrap(self.message, font, width - theme.px(36))
        text_w = max(font.size(line)[0] for line in self._message_lines)
        return text_w + theme.px(36), len(self._message_lines) * font.get_linesize() + theme.px(20)

    def _draw_message(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        rect = self.message_rect()
        if self.message_is_refusal:
            theme.draw_panel(surface, rect, fill=(90, 30, 24, 235), border=th.DANGER)
        else:
            theme.draw_panel(surface, rect, fill=(12, 24, 18, 235), border=th.PANEL_BORDER)
        line_h = self._message_font().get_linesize()
        top = rect.centery - line_h * len(self._message_lines) // 2
        for index, line in enumerate(self._message_lines):
            text = theme.text(line, theme.px(22), th.TEXT, bold=True)
            surface.blit(text, text.get_rect(midtop=(rect.centerx, top + index * line_h)))

    def element_rects(self) -> list[pygame.Rect]:
        """Every visible element, for layout tests."""
        return self.footprint().rects()

    def toast_clear(self) -> list[pygame.Rect]:
        """A toast keeps off everything the table shows that a note would keep off (a
        save's "Saved as" toast lay over the opponent's plate), and off a hand's summary
        (a game loaded at one said "saved as" over the summary's top edge)."""
        clear = self.footprint().rects(KEEP_CLEAR)
        return [*clear, self.summary.box] if self.summary.visible else clear

    def footprint(self) -> Footprint:
        """Everything drawn now, each with its kind: the table, the toolbar, the panels
        and the notes where they were placed."""
        self.place_notes(self.app.screen.get_size())
        return self._footprint

    def _solid_footprint(self, size: tuple[int, int]) -> Footprint:
        """What the notes are placed around: the table, the toolbar, the panels, and
        the notes the game itself shows (callouts, bubbles)."""
        footprint = Footprint(pygame.Rect((0, 0), size))
        if self.handoff.visible:
            # The cover is all that is drawn while it is up.
            footprint.add(Kind.PANEL, self.handoff.box, "cover")
            footprint.add_all(Kind.TEXT, self.handoff.text_rects(self.app.theme), "cover's words")
            footprint.add_all(Kind.CONTROL, (self.handoff.button.rect, self.handoff.menu_button.rect), "cover's button")
            return footprint
        self.table.report(footprint)
        footprint.add_all(Kind.CONTROL, (button.rect for button in self._buttons()), "toolbar")
        for button, _, words in self._words_under_buttons():
            footprint.add(Kind.TEXT, words, f"why {button.text} is off")
        for name, panel in (("summary", self.summary), ("game over", self.game_over), ("question", self.confirm)):
            if panel.visible:
                footprint.add(Kind.PANEL, panel.box, name)
        return footprint

    def place_notes(self, size: tuple[int, int]) -> None:
        """Put the scene's notes in free space, one after another, each clear of what
        is drawn and of the notes placed before it: a refused move's reason just above
        the hand, the hint where the game wants it (else above the reason), then the
        coach's remark or a tip beside the hint (``place_in``). Placed again only when
        something drawn or said changes, and not in the middle of a move, so a note
        does not chase the cards as they fly; what is drawn is recorded every frame."""
        footprint = self._solid_footprint(size)
        said = (size, self.message, self.hint.text, self.note.text)
        drawn = [tuple(mark.rect) for mark in footprint]
        # A note may go anywhere on the table, but not flush against its edge.
        screen = pygame.Rect((0, 0), self.table_size(size)).inflate(-2 * EDGE_MARGIN, -2 * EDGE_MARGIN)
        what = {"message": "message", "hint": "hint", "note": "tip" if self.coach is None else "coach"}
        if self._notes_key is not None and self._notes_key[0] == said:
            if self._notes_key[1] == drawn:
                return
            words = footprint.rects((Kind.TEXT,))
            if self.animator.busy and not any(box.collidelist(words) >= 0 for _, box in self._shown_notes()):
                # The notes stay put while cards fly, but the record of what is drawn
                # follows the cards: a test of this frame must see this frame. Words
                # that come up meanwhile (who takes the trick) are not to be covered:
                # a note over them is placed again.
                self._add_marks(footprint, screen)
                for name, box in self._shown_notes():
                    footprint.add(Kind.NOTE, box, what[name])
                self._footprint = footprint
                return
        self._notes_key = (said, drawn)
        theme = self.app.theme
        step = theme.px(24)
        self._add_marks(footprint, screen)
        said = {"message": self.message or None, "hint": self.hint.text, "note": self.note.text}
        held = self._held_notes(footprint, screen, said)
        for name, (_, box) in held.items():
            footprint.add(Kind.NOTE, box, what[name])
        if self.message:
            widths = [screen.width - theme.px(24)] + [screen.width * share // 24 for share in (18, 12, 9, 8, 7, 6)]
            natural = pygame.Rect((0, 0), self._message_size(widths[0]))
            natural.midbottom = self.table.message_anchor()
            # Spaced: seen in play, the host's line about an away friend sat flush on
            # the bid panel's top edge and read as part of it.
            width, self._message_box = held.get("message") or place_in(
                footprint, natural, self._message_size, widths, step, screen, theme.px(NARROWEST), spaced=True
            )
            self._kept["message"] = ((said["message"], screen.size), width, self._message_box)
            self._message_size(width)
            if "message" not in held:
                footprint.add(Kind.NOTE, self._message_box, "message")
        if self.hint.visible:
            natural = self._natural(self.hint, size)
            self._place_box("hint", self.hint, footprint, natural, [natural.width * share // 100 for share in (100, 75, 55)], screen, held.get("hint"))
            if "hint" not in held:
                footprint.add(Kind.NOTE, self.hint.box, "hint")
        if self.note.visible:
            natural = self._natural_note(size)
            widths = [max(theme.px(200), natural.width * share // 100) for share in (100, 75, 55, 40, 30)]
            self._place_box("note", self.note, footprint, natural, widths, screen, held.get("note"))
            if "note" not in held:
                footprint.add(Kind.NOTE, self.note.box, what["note"])
        self._footprint = footprint
        self.note_boxes = [box for _, box in self._shown_notes()]

    def _shown_notes(self) -> list[tuple[str, pygame.Rect]]:
        """Each note shown now, by name, with its box as last placed."""
        shown = (("message", self._message_box, bool(self.message)), ("hint", self.hint.box, self.hint.visible), ("note", self.note.box, self.note.visible))
        return [(name, box) for name, box, visible in shown if visible]

    def _add_marks(self, footprint: Footprint, screen: pygame.Rect) -> None:
        """The hint's rings round the move it suggests and its tag, into ``footprint``."""
        marks = self.table.hint_rects() if self.hint.visible else []
        footprint.add_all(Kind.MARK, marks, "hinted move")
        # The tag sits on the move's ring, over the move itself, but off the words and
        # the game's own notes near it.
        self._tag_clear = footprint.rects((Kind.TEXT, Kind.NOTE))
        footprint.add(Kind.MARK, self.hint.mark_tag(self.app.theme, marks, screen, self._tag_clear) or pygame.Rect(0, 0, 0, 0), "hint tag")

    def _held_notes(self, footprint: Footprint, screen: pygame.Rect, said: dict[str, str | None]) -> dict[str, tuple[int, pygame.Rect]]:
        """The notes that stay where they were, by name, with the width each was laid
        out at and its box: each that still says what it ``said`` when placed, in the
        same window, inside ``screen`` and clear of everything drawn and of the notes
        held before it. They are held before any new note is placed, so a note that
        comes (the hint asked for beside a tip) finds room around them instead of
        pushing them about: a note that jumped while being read would be lost."""
        clear = footprint.rects(KEEP_CLEAR)
        held: dict[str, tuple[int, pygame.Rect]] = {}
        for name, words in said.items():
            kept = self._kept.get(name)
            if words is None or kept is None or kept[0] != (words, screen.size):
                continue
            _, width, box = kept
            if screen.contains(box) and box.collidelist(clear) < 0:
                held[name] = (width, box)
                clear.append(box)
        return held

    def _natural(self, panel: HintPanel, size: tuple[int, int]) -> pygame.Rect:
        """Where ``panel`` would go if nothing were in the way: at the top of the game's
        own hint area, else above the hand, above a refused move's reason."""
        theme = self.app.theme
        area = self.table.hint_area()
        if self.message:
            panel.layout(size, theme, self._message_box.midtop)
        elif area is not None:
            panel.layout(size, theme, area.midbottom, area.width)
            panel.box.midtop = area.midtop
        else:
            panel.layout(size, theme, self.table.message_anchor())
        return panel.box.copy()

    def _natural_note(self, size: tuple[int, int]) -> pygame.Rect:
        """The coach's remark or a tip goes where a hint would; with the hint showing,
        just beside it (under it in the game's own hint area, else above it)."""
        natural = self._natural(self.note, size)
        if self.hint.visible:
            if self.table.hint_area() is not None and not self.message:
                natural.top = self.hint.box.bottom + self.app.theme.px(8)
            else:
                natural.bottom = self.hint.box.top - self.app.theme.px(8)
        return natural

    def _place_box(
        self,
        name: str,
        panel: HintPanel,
        footprint: Footprint,
        natural: pygame.Rect,
        widths: list[int],
        screen: pygame.Rect,
        held: tuple[int, pygame.Rect] | None,
    ) -> None:
        """Lay ``panel`` (the note ``name``) out where it is ``held``, else at the free
        spot nearest ``natural``, at one of ``widths``."""
        theme = self.app.theme
        size = screen.size

        def sized(width: int) -> tuple[int, int]:
            panel.layout(size, theme, natural.midbottom, width)
            return panel.box.size

        # A tip keeps a gap from the bid panel as the news does; the hint does not: moved
        # off the panel at 1024x640, it left a later refusal only the cards to lie on.
        width, box = held or place_in(footprint, natural, sized, widths, theme.px(24), screen, theme.px(NARROWEST), spaced=name == "note")
        self._kept[name] = ((panel.text, screen.size), width, box)
        panel.layout(size, theme, box.midbottom, width)
        panel.box = box
