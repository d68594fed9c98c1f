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
the rule's reason when a move is refused, and the Menu / Undo buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from cardtable_gui.match import Match
from cardtable_gui.rules.base import Action, IllegalAction, new_seed
from cardtable_gui.scenes.base import Scene
from cardtable_gui.scenes.table.animation import Animator
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.scenes.table.game_over import GameOverPanel
from cardtable_gui.scenes.table.handoff import HandoffCover
from cardtable_gui.scenes.table.layouts import make_layout
from cardtable_gui.scenes.table.summary import HandSummary, SummaryTable
from cardtable_gui.seats import MatchConfig
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.widgets import Button

if TYPE_CHECKING:
    from cardtable_gui.app_window import App

MESSAGE_SECONDS = 4.0
WATCH_SUMMARY_SECONDS = 2.5
"""How long an unattended (watch) table leaves each hand's summary up."""


class TableScene(Scene):
    """A game at the table. ``finished`` turns True once the game-over panel shows."""

    def __init__(
        self,
        app: App,
        config: MatchConfig,
        *,
        watch: bool = False,
        on_applied: Callable[[Match], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.config = config
        self.watch = watch
        self.finished = False
        self.animator = Animator(speed=lambda: self.app.settings.animation_speed)
        self.sprites = CardSprites(app.art)
        self.table = make_layout(config.game, self)
        self.match = Match(
            config,
            on_applied=on_applied,
            ai_pace=app.settings.ai_pace,
            undo_guard=self.table.may_undo_to,
        )
        humans = self.match.config.human_seats
        self.pass_and_play = len(humans) > 1
        self.bottom = humans[0] if humans else 0
        self.viewer: int | None = None if self.pass_and_play else self.bottom
        self.handoff = HandoffCover(self._handoff_ready)
        self.summary = HandSummary(self._summary_closed, speed=lambda: self.app.settings.animation_speed)
        self.game_over = GameOverPanel(self._rematch, self._main_menu)
        self.menu_button = Button("Menu", self._main_menu, style="quiet")
        self.undo_button = Button("Undo", self.undo, style="quiet")
        self.message = ""
        self._message_left = 0.0
        self._turn_shown: int | None = None
        self._settled_at: int | None = None
        self._summary_left = 0.0
        self._closed = False
        self.table.reset(self.match.view_for(self.viewer), self.bottom)
        if not self.match.history:
            self.match.events.extend(self.table.opening_events(self.match.view_for(None)))

    # -- what the layout uses ------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return self.match.seat_name(seat)

    def submit(self, action: Action) -> bool:
        """Play the bottom person's move. A refused move shows the rule's reason and
        changes nothing; returns whether it was accepted."""
        try:
            self.match.submit(action)
        except IllegalAction as error:
            self.say(str(error))
            return False
        self.table.end_turn()
        self._turn_shown = None
        self.message = ""
        return True

    def say(self, message: str, seconds: float = MESSAGE_SECONDS) -> None:
        """Show ``message`` above the hand for a while (a refused move's reason)."""
        self.message = message
        self._message_left = seconds

    def play_sound(self, name: str) -> None:
        self.app.sound.play(name)

    def show_summary(self, table: SummaryTable) -> None:
        """The end-of-hand summary; play waits until it is closed."""
        button = "See the result" if self.match.is_over else "Next hand"
        self.summary.show(table, button)
        self.summary.layout(self.app.screen.get_size(), self.app.theme)
        self._summary_left = WATCH_SUMMARY_SECONDS

    # -- scene -----------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        theme = self.app.theme
        theme.resize(size)
        self.table.layout(size)
        self.handoff.layout(size, theme)
        self.summary.layout(size, theme)
        self.game_over.layout(size, theme)
        pad, h = theme.px(12), theme.px(38)
        self.menu_button.rect = pygame.Rect(pad, pad, theme.px(92), h)
        self.undo_button.rect = pygame.Rect(self.menu_button.rect.right + theme.px(8), pad, theme.px(92), h)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.handoff.handle_event(event):
            return
        if self.game_over.handle_event(event) or self.summary.handle_event(event):
            return
        if self.animator.busy and (
            event.type == pygame.KEYDOWN
            or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)
        ):
            self.animator.skip()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._main_menu()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return
        self.undo_button.enabled = self._undo_allowed()
        buttons = (self.menu_button, self.undo_button) if self._offers_undo else (self.menu_button,)
        for button in buttons:
            if button.handle_event(event):
                return
        self.table.handle_event(event)

    def update(self, dt: float) -> None:
        self.animator.update(dt)
        self.table.update(dt)
        self.summary.update(dt)
        self.game_over.update(dt)
        if self._message_left > 0:
            self._message_left -= dt
            if self._message_left <= 0:
                self.message = ""
        if self.watch and self.summary.visible and not self.summary.counting:
            self._summary_left -= dt
            if self._summary_left <= 0:
                self.summary.hide()
                self._summary_closed()
        self.match.ai_pace = self.app.settings.ai_pace
        self.match.hold = self._busy()
        self.match.poll()
        self._consume()

    def _busy(self) -> bool:
        return (
            self.animator.busy
            or bool(self.match.events)
            or self.summary.visible
            or self.handoff.visible
        )

    def _consume(self) -> None:
        """Hand queued events to the layout one at a time, each after the previous
        one's animation; settle the turn once nothing is left to show."""
        while not self.animator.busy and not self.summary.visible and self.match.events:
            self.table.on_event(self.match.events.popleft())
        if not self._busy():
            self._settle()

    def _settle(self) -> None:
        if self._settled_at != len(self.match.history):
            self._settled_at = len(self.match.history)
            self.table.sync(self.match.view_for(self.viewer))
        if self.match.is_over:
            self._show_game_over()
            return
        seat = self.match.to_move
        if seat is None or not self.match.is_human(seat) or self._turn_shown == len(self.match.history):
            return
        self._turn_shown = len(self.match.history)
        if self.pass_and_play and seat != self.viewer:
            self.table.end_turn()
            self.handoff.show(seat, self.seat_name(seat), self.table.turn_prompt())
            return
        self.table.begin_turn(self.match.legal_actions_for(seat))
        self.play_sound("your_turn")

    def _handoff_ready(self, seat: int) -> None:
        self.viewer = seat
        self.bottom = seat
        self.table.reset(self.match.view_for(seat), seat)
        self.table.layout(self.app.screen.get_size())
        self.table.begin_turn(self.match.legal_actions_for(seat))
        self.play_sound("your_turn")

    def _summary_closed(self) -> None:
        self._consume()

    def _show_game_over(self) -> None:
        if self.finished:
            return
        self.finished = True
        self.table.end_turn()
        match = self.match
        winners = match.state.winners
        names = [self.seat_name(s) for s in winners]
        if not names:
            headline = "The game is over"
        elif len(names) == 1:
            headline = f"{names[0]} wins!"
        else:
            headline = f"{' and '.join(names)} win!"
        scores = match.state.scores
        rows = []
        for side in match.state.teams:
            label = " & ".join(self.seat_name(s) for s in side)
            rows.append((label, str(scores[side[0]]), side[0] in winners))
        rows.sort(key=lambda row: -int(row[1]))
        self.game_over.show(headline, rows)
        self.game_over.layout(self.app.screen.get_size(), self.app.theme)

    # -- buttons -----------------------------------------------------------------------

    @property
    def _offers_undo(self) -> bool:
        """Undo is for one person playing against the computer."""
        return len(self.match.config.human_seats) == 1

    def _undo_allowed(self) -> bool:
        return (
            self._offers_undo
            and not self.finished
            and not self.summary.visible
            and self.match.can_undo
        )

    def undo(self) -> None:
        """Take back the player's last move and everything since (solo games only: in
        pass-and-play it would show one person's hand to the other)."""
        if not self._undo_allowed():
            return
        if not self.match.undo_to_last_human_decision():
            self.say("That move can't be taken back.")
            return
        self.animator.clear()
        self.table.end_turn()
        self.table.reset(self.match.view_for(self.viewer), self.bottom)
        self.table.layout(self.app.screen.get_size())
        self._turn_shown = None
        self._settled_at = len(self.match.history)
        self.message = ""

    def _rematch(self) -> None:
        config = self.match.rematch_config(new_seed())
        self.app.scenes.replace(TableScene(self.app, config, watch=self.watch))

    def _main_menu(self) -> None:
        from cardtable_gui.scenes.menu import MenuScene

        self.app.scenes.replace(MenuScene(self.app))

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.match.close()

    # -- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        if self.handoff.visible:
            self.handoff.draw(surface, theme)
            return
        theme.draw_background(surface)
        self.table.draw(surface)
        for flight in self.animator.flights:
            if flight.visible:
                self.sprites.draw(surface, flight.card, flight.center, flight.width, flight.angle)
        self.undo_button.enabled = self._undo_allowed()
        self.menu_button.draw(surface, theme)
        if self._offers_undo:
            self.undo_button.draw(surface, theme)
        if self.message:
            self._draw_message(surface)
        self.summary.draw(surface, theme)
        self.game_over.draw(surface, theme)

    def message_rect(self) -> pygame.Rect:
        theme = self.app.theme
        font = theme.font(theme.px(22), True)
        w, h = font.size(self.message)
        rect = pygame.Rect(0, 0, w + theme.px(36), h + theme.px(20))
        rect.midbottom = self.table.message_anchor()
        rect.clamp_ip(self.app.screen.get_rect())
        return rect

    def _draw_message(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        rect = self.message_rect()
        theme.draw_panel(surface, rect, fill=(90, 30, 24, 235), border=th.DANGER)
        text = theme.text(self.message, theme.px(22), th.TEXT, bold=True)
        surface.blit(text, text.get_rect(center=rect.center))

    def element_rects(self) -> list[pygame.Rect]:
        """Every visible element, for layout tests."""
        rects = self.table.element_rects() + [self.menu_button.rect]
        if self._offers_undo:
            rects.append(self.undo_button.rect)
        if self.message:
            rects.append(self.message_rect())
        if self.summary.visible:
            rects.append(self.summary.box)
        if self.game_over.visible:
            rects.append(self.game_over.box)
        return rects
