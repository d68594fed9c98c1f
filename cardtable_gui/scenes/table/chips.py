"""Chips on the table: stacks with their counts, and chips carried between them.

A ``ChipStack`` is a pile of round chips at one spot: a player's chips, or a pot in the
middle. More chips make more columns, not a taller tower, so a big stack stays inside
the room its layout gave it; the count says exactly how many there are. A stack can
show its count and a name under it, or draw the chips alone (beside a line of text
that already gives the count).

``ChipMover`` carries chips from one stack to another on the table's animator: each
flying chip leaves its stack when it takes off and joins the other when it lands, so
the counts shown always add up to the chips on the table, and the animator stays busy
(the match waits) until the last chip has landed. A large payment flies as a handful
of chips, each carrying its share.

Nothing here knows any game: the layout decides who pays whom, and when.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from cardtable_gui.scenes.table.animation import Animator, Tween, ease_in_out_cubic
from cardtable_gui.ui import theme as th

CHIPS_PER_COLUMN = 10
MOST_COLUMNS = 3
"""A stack shows at most this many columns of chips, however many it holds."""
MOST_FLYING = 8
"""A payment flies as at most this many chips; each carries a share of the amount."""
CHIP_COLOURS: tuple[tuple[int, int, int], ...] = ((196, 58, 52), (40, 96, 178), (236, 226, 204), (30, 34, 38))
"""Chips change colour every five, as chips of a real set come in rolls."""
_RUN = 5


def thickness(radius: int) -> int:
    """How far each chip lies above the one under it."""
    return max(2, round(radius * 0.3))


def body_size(radius: int) -> tuple[int, int]:
    """The room the chips of a full stack take: ``MOST_COLUMNS`` columns of
    ``CHIPS_PER_COLUMN`` chips, each chip an ellipse as wide as two radii."""
    gap = max(1, radius // 4)
    width = MOST_COLUMNS * radius * 2 + (MOST_COLUMNS - 1) * gap
    return width, radius + CHIPS_PER_COLUMN * thickness(radius) + 1


def _columns(count: int) -> list[int]:
    """How many chips each shown column holds (at most the full stack)."""
    shown = min(max(0, count), CHIPS_PER_COLUMN * MOST_COLUMNS)
    columns = []
    while shown > 0:
        columns.append(min(CHIPS_PER_COLUMN, shown))
        shown -= columns[-1]
    return columns


def draw_chip(surface: pygame.Surface, center: tuple[float, float], radius: int, colour: tuple[int, int, int]) -> None:
    """One chip seen from above at a slant: its edge, its face and a ring on it."""
    r = radius
    depth = thickness(r)
    x, y = round(center[0]), round(center[1])
    face = pygame.Rect(0, 0, r * 2, r)
    face.center = (x, y)
    edge = face.move(0, depth)
    dark = tuple(max(0, round(c * 0.6)) for c in colour)
    pygame.draw.ellipse(surface, dark, edge)
    pygame.draw.rect(surface, dark, (face.left, face.centery, face.width, depth))
    light = (250, 246, 236) if sum(colour) < 600 else (120, 110, 96)
    # The stripes on a chip's edge tell one chip in a stack from the next.
    for stripe in (-r // 2, r // 2 - max(1, r // 4)):
        pygame.draw.rect(surface, light, (x + stripe, face.bottom - 1, max(1, r // 4), depth))
    pygame.draw.ellipse(surface, colour, face)
    ring = face.inflate(-max(2, r // 2), -max(2, r // 4))
    if ring.width > 2 and ring.height > 2:
        pygame.draw.ellipse(surface, light, ring, 1)


@dataclass(eq=False)
class ChipStack:
    """``count`` chips standing on ``base`` (the middle of the bottom chip's foot).
    ``show_count`` writes the number under the chips, ``label`` a name under that."""

    count: int = 0
    label: str = ""
    show_count: bool = True
    base: tuple[int, int] = (0, 0)
    radius: int = 10
    _picture: tuple[tuple[int, int], pygame.Surface] | None = field(default=None, repr=False)

    def layout(self, base: tuple[int, int], radius: int) -> None:
        self.base = (round(base[0]), round(base[1]))
        self.radius = max(3, radius)

    @property
    def body(self) -> pygame.Rect:
        """The room of a full stack, the same whatever the count (for layouts)."""
        rect = pygame.Rect((0, 0), body_size(self.radius))
        rect.midbottom = self.base
        return rect

    def text_height(self, theme: th.Theme) -> int:
        """The height the count and the label take under the chips."""
        height = 0
        if self.show_count:
            height += theme.px(4) + theme.text_px(20)
        if self.label:
            height += theme.px(2) + theme.text_px(16)
        return height

    def rect(self, theme: th.Theme) -> pygame.Rect:
        """Everything the stack draws: the chips' room and the text under them."""
        body = self.body
        if not (self.show_count or self.label):
            return body
        width = body.width
        if self.label:
            width = max(width, theme.font(theme.text_px(16)).size(self.label)[0])
        rect = pygame.Rect(0, body.top, width, body.height + self.text_height(theme))
        rect.centerx = body.centerx
        return rect

    @property
    def top(self) -> tuple[float, float]:
        """Where the next chip lands and the next one leaving takes off: the top of
        the shortest column, or the foot of a new one when every column is full."""
        columns = _columns(self.count)
        r = self.radius
        foot_y = self.base[1] - r / 2 - thickness(r) - 1
        if len(columns) < MOST_COLUMNS and all(chips == CHIPS_PER_COLUMN for chips in columns):
            columns.append(0)
        xs = self._column_xs(len(columns))
        index = min(range(len(columns)), key=lambda i: (columns[i], i))
        return (xs[index], foot_y - columns[index] * thickness(r))

    def _column_xs(self, count: int) -> list[float]:
        r = self.radius
        step = r * 2 + max(1, r // 4)
        left = self.base[0] - (count - 1) * step / 2
        return [left + i * step for i in range(count)]

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        self._draw_chips(surface)
        y = self.base[1]
        if self.show_count:
            y += theme.px(4)
            image = theme.text(str(max(0, self.count)), theme.text_px(20), th.TEXT, bold=True)
            surface.blit(image, image.get_rect(midtop=(self.base[0], y)))
            y += theme.text_px(20)
        if self.label:
            image = theme.text(self.label, theme.text_px(16), th.TEXT_DIM)
            surface.blit(image, image.get_rect(midtop=(self.base[0], y + theme.px(2))))

    def _draw_chips(self, surface: pygame.Surface) -> None:
        """The chips are one picture, made again only when the number shown or the
        size changes: one blit a frame."""
        columns = _columns(self.count)
        key = (sum(columns), self.radius)
        if self._picture is None or self._picture[0] != key:
            self._picture = (key, self._render(columns))
        image = self._picture[1]
        surface.blit(image, image.get_rect(midbottom=self.base))

    def _render(self, columns: list[int]) -> pygame.Surface:
        r = self.radius
        width, height = body_size(r)
        image = pygame.Surface((width, height), pygame.SRCALPHA)
        step = r * 2 + max(1, r // 4)
        left = width / 2 - (len(columns) - 1) * step / 2
        depth = thickness(r)
        for column, chips in enumerate(columns):
            x = left + column * step
            for chip in range(chips):
                number = column * CHIPS_PER_COLUMN + chip
                colour = CHIP_COLOURS[number // _RUN % len(CHIP_COLOURS)]
                draw_chip(image, (x, height - r / 2 - depth - 1 - chip * depth), r, colour)
        return image


@dataclass(eq=False)
class _Flying:
    """One chip on its way, carrying ``share`` chips of a payment."""

    tween: Tween
    radius: int
    colour: tuple[int, int, int]


class ChipMover:
    """Chips flying between stacks on ``animator``; the layout draws them (``draw``)
    above the table and forgets them (``clear``) when the picture is rebuilt."""

    def __init__(self, animator: Animator) -> None:
        self.animator = animator
        self.flying: list[_Flying] = []

    def send(
        self,
        source: ChipStack,
        target: ChipStack,
        amount: int,
        duration: float = 0.45,
        delay: float = 0.0,
        stagger: float = 0.06,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        """Carry ``amount`` chips from ``source`` to ``target``; ``on_done`` once the
        last has landed (at once for nothing to carry)."""
        if amount <= 0:
            if on_done is not None:
                on_done()
            return
        tokens = min(amount, MOST_FLYING)
        shares = [amount // tokens + (1 if i < amount % tokens else 0) for i in range(tokens)]
        for index, share in enumerate(shares):
            last = index == tokens - 1
            self.animator.wait(
                delay + index * stagger,
                on_done=lambda share=share, last=last: self._take_off(
                    source, target, share, duration, on_done if last else None
                ),
            )

    def _take_off(
        self,
        source: ChipStack,
        target: ChipStack,
        share: int,
        duration: float,
        on_done: Callable[[], None] | None,
    ) -> None:
        colour = CHIP_COLOURS[max(0, source.count - 1) // _RUN % len(CHIP_COLOURS)]
        start = source.top
        source.count -= share
        flying: _Flying | None = None

        def land() -> None:
            target.count += share
            if flying in self.flying:
                self.flying.remove(flying)
            if on_done is not None:
                on_done()

        tween = self.animator.tween(start, target.top, duration, ease_in_out_cubic, on_done=land)
        flying = _Flying(tween, min(source.radius, target.radius), colour)
        self.flying.append(flying)

    @property
    def busy(self) -> bool:
        return bool(self.flying)

    def clear(self) -> None:
        """Forget the chips in the air (the animator was cleared: the table is being
        drawn again from the game as it stands)."""
        self.flying.clear()

    def draw(self, surface: pygame.Surface) -> None:
        for chip in self.flying:
            if chip.tween.started and not chip.tween.done:
                x, y = chip.tween.value
                draw_chip(surface, (x, y), chip.radius, chip.colour)
