"""Asking before a move goes ahead ("Play the queen of spades?", Play or Cancel), for
players who turned on "Ask before playing" in the settings. While the question is up
nothing else at the table takes input; Cancel leaves the match exactly as it was."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import Button, focus_one, offer_pair


class ConfirmPanel:
    """A small box above the hand. Enter plays (Play has the focus), Escape cancels."""

    def __init__(self) -> None:
        self.question = ""
        self.visible = False
        self.box = pygame.Rect(0, 0, 0, 0)
        self.play = Button("Play", self._play, style="primary")
        self.cancel = Button("Cancel", self.dismiss)
        self._on_play: Callable[[], None] | None = None

    def ask(self, question: str, on_play: Callable[[], None]) -> None:
        """Show ``question``; ``on_play`` runs only if the player confirms."""
        self.question = question
        self._on_play = on_play
        self.visible = True
        focus_one((self.play, self.cancel), self.play)

    def dismiss(self) -> None:
        """Close the question without playing."""
        self.visible = False
        self._on_play = None

    def _play(self) -> None:
        on_play = self._on_play
        self.dismiss()
        if on_play is not None:
            on_play()

    def layout(self, size: tuple[int, int], theme: Theme, anchor: tuple[int, int]) -> None:
        """Place the box with its bottom centre at ``anchor`` (just above the hand)."""
        font = theme.font(theme.text_px(26), True)
        button_w, button_h, pad = theme.px(150), theme.px(48), theme.px(22)
        text_w = font.size(self.question)[0] if self.question else 0
        width = max(text_w, button_w * 2 + theme.px(16)) + pad * 2
        height = pad + font.get_linesize() + theme.px(16) + button_h + pad
        self.box = pygame.Rect(0, 0, min(width, size[0] - theme.px(20)), height)
        self.box.midbottom = anchor
        self.box.clamp_ip(pygame.Rect((0, 0), size))
        self.play.rect = pygame.Rect(0, 0, button_w, button_h)
        self.cancel.rect = pygame.Rect(0, 0, button_w, button_h)
        self.play.rect.bottomright = (self.box.centerx - theme.px(8), self.box.bottom - pad)
        self.cancel.rect.bottomleft = (self.box.centerx + theme.px(8), self.box.bottom - pad)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Every event while the question is up: it is answered before anything else."""
        if not self.visible:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.dismiss()
        else:
            offer_pair(self.play, self.cancel, event)
        return True

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        theme.draw_panel(surface, self.box, fill=th.PANEL_SOLID, border=th.ACCENT)
        text = theme.text(self.question, theme.text_px(26), th.TEXT, bold=True)
        surface.blit(text, text.get_rect(midtop=(self.box.centerx, self.box.top + theme.px(22))))
        self.play.draw(surface, theme)
        self.cancel.draw(surface, theme)
