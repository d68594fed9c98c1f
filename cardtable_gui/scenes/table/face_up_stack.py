"""A face-up stack on the table: a few cards squared up, only the top one showing.

The cards under the top are drawn as edges stepping down and to the right, one per
card, so the stack's depth reads at a glance, and a small badge gives the exact count.
The top card is drawn whole and upright wherever the stack stands, so the player
across the table can read it too. A top that is not known (being uncovered, or a pile
lying face down) is drawn as a back; an empty stack leaves a faint outline.

Like a hand card, the top card can be picked up: the stack answers whether a point is
on its top card, carries the card while it is dragged and remembers a keyboard
selection. It knows no game: whether the top may be played, and what a drop means, is
the table's business.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.scenes.table.hand_fan import LIT, SELECTED
from cardtable_gui.ui import theme as th

_MAX_EDGES = 8
"""More cards than this under the top still show only this many edges (and the badge)."""
CHOSEN_RISE = 0.14
"""How far a chosen top card stands raised, as a share of the card's width."""


@dataclass(eq=False)
class FaceUpStack:
    """``count`` cards at ``center`` with ``top`` face up (a back when None and the
    stack is not empty). ``label`` is a short line drawn under the stack.

    ``active`` is True while the owner may act on the stack; ``legal`` then says
    whether the top may be played now (lit) or not (dimmed)."""

    center: tuple[float, float] = (0.0, 0.0)
    card_width: int = 60
    count: int = 0
    top: Card | None = None
    label: str = ""
    show_count: bool = True
    """Whether the badge with the count is drawn (a row of equal piles needs none)."""
    rises: bool = False
    """Whether the top card stands raised while chosen (a seat's own stacks, played from
    like the hand; the piles offered at the deal are chosen where they lie)."""
    active: bool = False
    legal: bool = False
    selected: bool = False
    hover: bool = False
    dragging: bool = False
    drag_pos: tuple[float, float] = (0.0, 0.0)
    _drag_offset: tuple[float, float] = field(default=(0.0, 0.0), init=False, repr=False)

    def layout(self, center: tuple[float, float], card_width: int) -> None:
        self.center = center
        self.card_width = card_width

    # -- geometry ----------------------------------------------------------------

    def _step(self) -> int:
        return max(2, self.card_width // 28)

    def _edges(self) -> int:
        return min(_MAX_EDGES, max(0, self.count - 1))

    def _rise(self) -> int:
        """How far a chosen top card stands raised, as a chosen hand card does: an
        outline alone was a thin mark that a play-tester missed."""
        return round(self.card_width * CHOSEN_RISE) if self.rises else 0

    @property
    def top_center(self) -> tuple[float, float]:
        """Where the top card lies: cards leave from and land on it. The stack grows
        up and to the left, so its bottom card stays where it stood; a chosen top card
        stands raised."""
        lift = self._edges() * self._step()
        rise = self._rise() if self.selected else 0
        return (self.center[0] - lift / 2, self.center[1] - lift / 2 - rise)

    def top_rect(self, sprites: CardSprites) -> pygame.Rect:
        return sprites.rect(self.top_center, self.card_width)

    def bounds(self, sprites: CardSprites) -> pygame.Rect:
        """The room the stack takes with its deepest edges (not its label)."""
        spread = _MAX_EDGES * self._step()
        room = sprites.rect(self.center, self.card_width).inflate(spread, spread)
        room.top -= self._rise()
        room.height += self._rise()
        return room

    def label_rect(self, theme: th.Theme, sprites: CardSprites) -> pygame.Rect:
        """Where the label goes: centred under the deepest the stack can be."""
        if not self.label:
            return pygame.Rect(round(self.center[0]), self.bounds(sprites).bottom, 0, 0)
        w, h = theme.font(theme.text_px(16)).size(self.label)
        rect = pygame.Rect(0, 0, w + theme.px(12), h + theme.px(2))
        rect.midtop = (round(self.center[0]), self.bounds(sprites).bottom + theme.px(2))
        return rect

    def rect(self, theme: th.Theme, sprites: CardSprites) -> pygame.Rect:
        """Everything the stack draws: cards, badge and label (for layout checks)."""
        return self.bounds(sprites).unionall([self.label_rect(theme, sprites), *self.badges(theme, sprites)])

    def badges(self, theme: th.Theme, sprites: CardSprites) -> list[pygame.Rect]:
        """The count's badge, if one is drawn: words a note or a tag lying on the
        stack's card must leave in sight."""
        return [self.badge_rect(theme, sprites)] if self.show_count and self.count else []

    # -- input -------------------------------------------------------------------

    def contains(self, pos: tuple[int, int], sprites: CardSprites) -> bool:
        """Whether ``pos`` is on the top card (the only one a hand can take)."""
        return self.count > 0 and self.top_rect(sprites).collidepoint(pos)

    def press(self, pos: tuple[int, int], sprites: CardSprites) -> bool:
        """Mouse down: pick up the top card when ``pos`` is on it and the owner may act."""
        if not self.active or self.top is None or not self.contains(pos, sprites):
            return False
        x, y = self.top_center
        self.dragging = True
        self._drag_offset = (x - pos[0], y - pos[1])
        self.drag_pos = (x, y)
        return True

    def move(self, pos: tuple[int, int], sprites: CardSprites) -> None:
        if self.dragging:
            self.drag_pos = (pos[0] + self._drag_offset[0], pos[1] + self._drag_offset[1])
        else:
            self.hover = self.contains(pos, sprites)

    @property
    def drag_moved(self) -> bool:
        """True once the held card has travelled far enough to count as a drag."""
        if not self.dragging:
            return False
        x, y = self.top_center
        dx, dy = self.drag_pos[0] - x, self.drag_pos[1] - y
        return dx * dx + dy * dy > (self.card_width * 0.15) ** 2

    def release(self) -> tuple[Card | None, bool]:
        """Mouse up: the card that was held (None when none was), and whether it was
        dragged rather than clicked."""
        if not self.dragging:
            return None, False
        moved = self.drag_moved
        self.dragging = False
        return self.top, moved

    # -- drawing -------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites) -> None:
        if self.count <= 0:
            self._draw_empty(surface, theme, sprites)
        else:
            self._draw_cards(surface, theme, sprites)
        if self.label:
            rect = self.label_rect(theme, sprites)
            theme.draw_panel(surface, rect, radius=rect.height // 2, fill=(10, 20, 15, 150), border=None, shadow=False)
            text = theme.text(self.label, theme.text_px(16), th.TEXT)
            surface.blit(text, text.get_rect(center=rect.center))

    def draw_dragged(self, surface: pygame.Surface, sprites: CardSprites) -> None:
        """The held card under the pointer; drawn last, above everything on the table."""
        if self.dragging and self.drag_moved and self.top is not None:
            sprites.draw(surface, self.top, self.drag_pos, self.card_width, outline=LIT)

    def _draw_cards(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites) -> None:
        step = self._step()
        edges = self._edges()
        for i in range(edges):
            # The bottom card first, each one above a step up and to the left.
            at = (self.center[0] + (edges - i) * step - edges * step / 2, self.center[1] + (edges - i) * step - edges * step / 2)
            sprites.draw(surface, None, at, self.card_width, shadow=i == 0)
        lifted = self.dragging and self.drag_moved
        if lifted:
            # The card is in the hand that carries it; what lies under it is not known yet.
            if edges == 0:
                self._draw_empty(surface, theme, sprites)
        else:
            dim = self.active and not self.legal and self.top is not None
            outline = SELECTED if self.selected else LIT if self.active and self.legal and self.hover else None
            sprites.draw(surface, self.top, self.top_center, self.card_width, dim=dim, outline=outline, shadow=edges == 0)
        if self.show_count:
            self._draw_badge(surface, theme, sprites)

    def _draw_badge(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites) -> None:
        """The count in a small disc on the top card's upper right corner."""
        rect = self.top_rect(sprites)
        radius = max(theme.px(11), theme.text_px(15) * 2 // 3)
        center = (rect.right - radius // 3, rect.top + radius // 3)
        pygame.draw.circle(surface, th.FELT_DARK, center, radius)
        pygame.draw.circle(surface, th.ACCENT, center, radius, max(1, theme.px(2)))
        number = theme.text(str(self.count), theme.text_px(15), th.TEXT, bold=True)
        surface.blit(number, number.get_rect(center=center))

    def _draw_empty(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites) -> None:
        rect = sprites.rect(self.center, self.card_width)
        theme.draw_panel(surface, rect, radius=max(3, self.card_width // 12), fill=(255, 255, 255, 12), border=(255, 255, 255, 60), shadow=False)

    def badge_rect(self, theme: th.Theme, sprites: CardSprites) -> pygame.Rect:
        """Where the count badge is drawn (for layout checks)."""
        rect = self.top_rect(sprites)
        radius = max(theme.px(11), theme.text_px(15) * 2 // 3)
        badge = pygame.Rect(0, 0, radius * 2, radius * 2)
        badge.center = (rect.right - radius // 3, rect.top + radius // 3)
        return badge
