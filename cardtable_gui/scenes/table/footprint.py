"""Where everything on the table is drawn this frame, and what kind of thing it is.

The scene gathers a ``Footprint`` each time it places its notes: the game's layout
reports its cards, play areas, words and controls into it, the scene adds its toolbar
and panels, and every note (a refused move's reason, the hint, a tip or the coach's
remark) is placed in the space left free and then reported too, so the next note keeps
clear of it. Tests read the same record to check that no note covers what a player
needs and that nothing leaves the window. Pure rectangle bookkeeping: nothing here draws.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum

import pygame


class Kind(Enum):
    """What a drawn thing is, which decides whether a note may lie over it."""

    CARD = "card"
    """A card, a fan or a stack of cards."""
    CONTROL = "control"
    """Something the player clicks: a button, a bid panel, a pile that is taken."""
    BOARD = "board"
    """A play area the cards go to: the trick, a board, a row of books."""
    TEXT = "text"
    """Words on the felt: a name plate, a name tag, the scores, a banner, a caption."""
    AREA = "area"
    """Room that belongs to something but is mostly bare felt: the trick's area, a
    row of books around its books and words. A note may lie there at a pinch."""
    LOG = "log"
    """Words kept in sight to follow the game: the log of the last plays."""
    NOTE = "note"
    """A box that comes and goes: a hint, a refusal, a tip, a callout, a bubble, a badge."""
    MARK = "mark"
    """A mark drawn on a thing to point it out: the hint's ring and its tag."""
    PANEL = "panel"
    """A panel meant to cover the table: the summary, the score sheet, a question."""


EDGE_MARGIN = 8
"""How far every note and control keeps from the window's edges, in pixels: a box
flush against the edge looked cut off, and its border was lost in the frame."""

KEEP_CLEAR = frozenset((Kind.CARD, Kind.CONTROL, Kind.BOARD, Kind.LOG, Kind.TEXT, Kind.NOTE, Kind.MARK, Kind.PANEL))
"""What a note must never cover; the bare felt of an area it should only rather not hide."""


@dataclass(frozen=True, slots=True, eq=False)
class Mark:
    """One drawn thing: its kind, its rectangle and a few words saying what it is (for
    a failing test to name)."""

    kind: Kind
    rect: pygame.Rect
    what: str


class Footprint:
    """The marks drawn in a window of ``screen``'s size, in the order they were reported."""

    def __init__(self, screen: pygame.Rect) -> None:
        self.screen = pygame.Rect(screen)
        self.marks: list[Mark] = []

    def __iter__(self) -> Iterator[Mark]:
        return iter(self.marks)

    def add(self, kind: Kind, rect: pygame.Rect, what: str) -> None:
        """Report ``rect``; a rect with no area is not drawn and is left out."""
        if rect.width > 0 and rect.height > 0:
            self.marks.append(Mark(kind, pygame.Rect(rect), what))

    def add_all(self, kind: Kind, rects: Iterable[pygame.Rect], what: str) -> None:
        for rect in rects:
            self.add(kind, rect, what)

    def rects(self, kinds: Iterable[Kind] = tuple(Kind)) -> list[pygame.Rect]:
        wanted = frozenset(kinds)
        return [mark.rect for mark in self.marks if mark.kind in wanted]

    def outside(self) -> list[Mark]:
        """Marks that do not lie wholly inside the window."""
        return [mark for mark in self.marks if not self.screen.contains(mark.rect)]

    def inside(self) -> pygame.Rect:
        """The window less its margin (``EDGE_MARGIN``): where notes and controls go."""
        return self.screen.inflate(-2 * EDGE_MARGIN, -2 * EDGE_MARGIN)

    def near_edge(self, kinds: Iterable[Kind] = (Kind.NOTE, Kind.CONTROL)) -> list[Mark]:
        """Marks of ``kinds`` nearer a window edge than ``EDGE_MARGIN`` (or beyond it)."""
        wanted, inside = frozenset(kinds), self.inside()
        return [mark for mark in self.marks if mark.kind in wanted and not inside.contains(mark.rect)]

    def notes_covering(self, kinds: Iterable[Kind] = KEEP_CLEAR - {Kind.PANEL}) -> list[tuple[Mark, Mark]]:
        """Each note and a mark of ``kinds`` it lies over (a note is not over itself).
        Panels are left out by default: a note may speak about the summary over it."""
        wanted = frozenset(kinds)
        notes = [mark for mark in self.marks if mark.kind is Kind.NOTE]
        return [
            (note, mark)
            for note in notes
            for mark in self.marks
            if mark is not note and mark.kind in wanted and note.rect.colliderect(mark.rect)
        ]
