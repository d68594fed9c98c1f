"""Where a note box goes: the spot nearest its natural place that hides least.

Every note on the table (a refused move's reason, the hint, the coach's remark, a
first-game tip, a seat's bubble) starts at its natural place, next to what it talks
about. From there, boxes of a few widths (narrower ones wrap to more lines) are tried
at positions inside the window: a box must never cover what the player needs (cards,
controls, play areas and other notes: ``keep_clear``) and should hide as little of the
rest (``rather_not``, each thing by the share of it hidden) as it can, nearer its
natural place being better. A note keeps a small gap from the other notes (and, where
asked and there is room, from controls and panels: ``BOXED``), and is tried just
beside each of them, lined up with it. ``place_in`` reads all of these from the
table's ``Footprint``.
Pure rectangle arithmetic, so it is quick and tested alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import pygame

from cardtable_gui.scenes.table.footprint import KEEP_CLEAR, Footprint, Kind

NEVER = 1000
"""How much worse a pixel over ``keep_clear`` is than one over ``rather_not``."""
NARROWEST = 220
"""No note is laid out narrower than this many pixels at the design size, scaled with
the window by the callers that know its theme (unless its words are shorter): a hint
squeezed to a column a few words wide took a dozen lines to read, and at 1920x1080 a
first tip 276 pixels wide took seven."""
MOVE_COST = 0.05
"""What each pixel of moving away from the natural place costs, per pixel of the
natural box's width: moving across the window weighs about like hiding half a seat
plate. The same at every width tried: weighed by the narrower box's own width, moving
came cheaper narrow, and Spinado's hint, moved under a tip, took five lines at
1920x1080 where a box as wide as the free room took four."""
NOTE_GAP = 8
"""How far a note keeps from another note, in pixels: two boxes touching read as one."""
BOXED = frozenset((Kind.CONTROL, Kind.PANEL))
"""What is drawn in a box of its own, which a note keeps ``NOTE_GAP`` from as it does
from another note."""


def overlap(box: pygame.Rect, rects: Sequence[pygame.Rect]) -> int:
    """The area of ``box`` over ``rects``, counted once per rect."""
    total = 0
    for index in box.collidelistall(rects):
        clip = box.clip(rects[index])
        total += clip.width * clip.height
    return total


def hidden(box: pygame.Rect, rects: Sequence[pygame.Rect]) -> float:
    """How much of ``rects`` the box hides, as the share of each one hidden, weighed by
    the box's own area: half a seat plate hidden is worse than a strip of a wide,
    mostly empty row of books."""
    shares = 0.0
    for index in box.collidelistall(rects):
        rect = rects[index]
        clip = box.clip(rect)
        shares += clip.width * clip.height / (rect.width * rect.height)
    return shares * box.width * box.height


def first_clear(candidates: Iterable[pygame.Rect], taken: Sequence[pygame.Rect]) -> pygame.Rect:
    """The first of ``candidates`` (spots in order of preference) over none of
    ``taken``, else the one over least of it. A small label beside what it names has
    a few such spots; a note with room to roam is placed by ``place_note``."""
    best: tuple[int, pygame.Rect] | None = None
    for candidate in candidates:
        covered = overlap(candidate, taken)
        if best is None or covered < best[0]:
            best = (covered, candidate)
        if covered == 0:
            break
    assert best is not None, "no spot to choose from"
    return best[1]


def place_note(
    natural: pygame.Rect,
    sized: Callable[[int], tuple[int, int]],
    widths: Sequence[int],
    screen: pygame.Rect,
    keep_clear: Sequence[pygame.Rect],
    rather_not: Sequence[pygame.Rect],
    step: int,
    notes: Sequence[pygame.Rect] = (),
    narrowest: int = NARROWEST,
) -> tuple[int, pygame.Rect]:
    """The width to lay the note out at and its box. ``natural`` is the box at its
    natural place; ``sized(width)`` is the box's size when laid out at most ``width``
    wide. Positions are tried across the screen at least ``step`` pixels apart (a
    quarter of the box's width, half its height, when that is more), and beside each
    of the other ``notes``, ``NOTE_GAP`` from it and lined up with it. Widths that
    lay it out narrower than ``narrowest`` (or than its words, if shorter) are tried
    only when no wider box finds a spot clear of ``keep_clear`` and of the notes' gaps."""
    keep_clear = [*keep_clear, *_spaced(notes)]
    w, h = sized(widths[0])
    box = pygame.Rect((0, 0), (w, h))
    box.center = natural.center
    if screen.contains(box) and box.collidelist(keep_clear) < 0 and box.collidelist(rather_not) < 0:
        # Nothing is in the way: the search would only confirm the natural place.
        return widths[0], box
    shortest = min(narrowest, w)
    wide = [width for width in widths if sized(width)[0] >= shortest]
    narrow = [width for width in widths if width not in wide]
    search = _Search(natural, sized, screen, keep_clear, rather_not, step, tuple(notes))
    best = search.best(wide)
    if narrow and (best is None or overlap(best[2], keep_clear)):
        squeezed = search.best(narrow)
        if squeezed is not None and (best is None or squeezed[0] < best[0]):
            best = squeezed
    assert best is not None
    return best[1], best[2]


@dataclass(frozen=True, slots=True)
class _Search:
    """What ``place_note`` searches with, whatever the widths tried: see there."""

    natural: pygame.Rect
    sized: Callable[[int], tuple[int, int]]
    screen: pygame.Rect
    keep_clear: Sequence[pygame.Rect]
    rather_not: Sequence[pygame.Rect]
    step: int
    notes: Sequence[pygame.Rect]

    def best(self, widths: Sequence[int]) -> tuple[float, int, pygame.Rect] | None:
        """The cheapest box at any of ``widths``: its cost, its width and where it
        goes; None without widths. Of equal costs the first offered wins: the widths
        in order, each one's positions left to right and top to bottom, then its box
        at the natural place kept inside the screen."""
        natural, screen, keep_clear, rather_not = self.natural, self.screen, self.keep_clear, self.rather_not
        best: tuple[float, int, int, pygame.Rect] | None = None

        def weigh(box: pygame.Rect, moved: int, order: int, width: int) -> None:
            nonlocal best
            move_cost = MOVE_COST * moved * natural.width
            cost = NEVER * overlap(box, keep_clear) + hidden(box, rather_not) + move_cost
            if best is None or (cost, order) < (best[0], best[1]):
                best = (cost, order, width, box)

        first = 0
        for width in widths:
            w, h = self.sized(width)
            beside_x, beside_y = self._beside(w, h)
            xs = _steps(natural.centerx - w // 2, screen.left, screen.right - w, max(self.step, w // 4), beside_x)
            ys = _steps(natural.centery - h // 2, screen.top, screen.bottom - h, max(self.step, h // 2), beside_y)
            box = pygame.Rect((0, 0), (w, h))
            box.center = natural.center
            box.clamp_ip(screen)
            weigh(box, 0, first + len(xs) * len(ys), width)
            # Moving costs at least its distance, across plus up and down: nearest
            # first, a place whose distance alone costs more than the best box found
            # cannot be cheaper, and its overlaps (the slow part) are never counted.
            across = sorted((abs(x + w // 2 - natural.centerx), column, x) for column, x in enumerate(xs))
            down = sorted((abs(y + h // 2 - natural.centery), row, y) for row, y in enumerate(ys))
            for dx, column, x in across:
                if best is not None and MOVE_COST * dx * natural.width > best[0]:
                    break
                for dy, row, y in down:
                    if best is not None and MOVE_COST * (dx + dy) * natural.width > best[0]:
                        break
                    weigh(pygame.Rect(x, y, w, h), dx + dy, first + column * len(ys) + row, width)
            first += len(xs) * len(ys) + 1
        return None if best is None else (best[0], best[2], best[3])

    def _beside(self, w: int, h: int) -> tuple[list[int], list[int]]:
        """Where a ``w`` by ``h`` box's left and top go to lie just left, right, above
        or below another note (``NOTE_GAP`` apart) or lined up with its edges: a note
        that makes way for another lies snug against it, not a grid step off."""
        lefts = [x for note in self.notes for x in (note.left - NOTE_GAP - w, note.right + NOTE_GAP, note.left, note.right - w)]
        tops = [y for note in self.notes for y in (note.top - NOTE_GAP - h, note.bottom + NOTE_GAP, note.top, note.bottom - h)]
        return lefts, tops


def _spaced(notes: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """``notes`` with the gap another note keeps from them (``NOTE_GAP``)."""
    return [note.inflate(2 * NOTE_GAP, 2 * NOTE_GAP) for note in notes]


def _steps(start: int, low: int, high: int, step: int, also: Sequence[int] = ()) -> list[int]:
    """Positions from ``low`` to ``high`` ``step`` apart from ``low``, as many on the
    grid through ``start`` (the natural place), and those of ``also`` in that range: a
    box as wide as a room kept for it, naturally in it, then fits it exactly instead
    of missing it by a grid's offset."""
    if high < low:
        return []
    first = low + (start - low) % step
    return sorted({*range(low, high + 1, step), *range(first, high + 1, step), *(spot for spot in also if low <= spot <= high)})


def place_in(
    footprint: Footprint,
    natural: pygame.Rect,
    sized: Callable[[int], tuple[int, int]],
    widths: Sequence[int],
    step: int,
    screen: pygame.Rect | None = None,
    narrowest: int = NARROWEST,
    spaced: bool = False,
) -> tuple[int, pygame.Rect]:
    """``place_note`` against what ``footprint`` holds: clear of its cards, controls,
    play areas, words, marks and panels, a gap from its notes, hiding little of its areas,
    inside ``screen`` (the footprint's window less its margin unless told). When
    ``spaced``, a gap from its controls and panels too where there is room for one:
    on a crowded small table a note touching a button beats one on a card."""
    rather_not = footprint.rects((Kind.AREA,))
    room = screen or footprint.inside()
    notes = footprint.rects((Kind.NOTE,))
    if spaced:
        gapped = _clear_of(footprint, gap=True)
        placed = place_note(natural, sized, widths, room, gapped, rather_not, step, notes, narrowest)
        if placed[1].collidelist(gapped) < 0:
            return placed
    return place_note(natural, sized, widths, room, _clear_of(footprint), rather_not, step, notes, narrowest)


def _clear_of(footprint: Footprint, gap: bool = False) -> list[pygame.Rect]:
    """What a note must not cover in ``footprint`` but the notes (kept clear by a gap
    of their own): with ``gap``, its controls and panels by ``NOTE_GAP`` more."""
    if not gap:
        return footprint.rects(KEEP_CLEAR - {Kind.NOTE})
    return [*footprint.rects(KEEP_CLEAR - {Kind.NOTE} - BOXED), *_spaced(footprint.rects(BOXED))]


def widest_clear(
    footprint: Footprint,
    natural: pygame.Rect,
    sized: Callable[[int], tuple[int, int]],
    widths: Sequence[int],
    step: int,
) -> tuple[int, pygame.Rect] | None:
    """The widest of ``widths`` (widest first) at which ``place_in`` finds a box clear
    of what ``footprint`` keeps clear, and that box; None when none does. For a panel
    that reads better wide (a row of cards spread apart): ``place_in`` favours a
    narrow box near its place over a wide one a little further."""
    keep_clear = [*_clear_of(footprint), *_spaced(footprint.rects((Kind.NOTE,)))]

    def clear(index: int) -> tuple[int, pygame.Rect] | None:
        width, box = place_in(footprint, natural, sized, widths[index : index + 1], step)
        return (width, box) if box.collidelist(keep_clear) < 0 else None

    if not widths or clear(len(widths) - 1) is None:
        return None
    # A wider box finds fewer free places: the widest clear one lies where they stop.
    low, high = 0, len(widths) - 1
    while low < high:
        middle = (low + high) // 2
        if clear(middle) is None:
            low = middle + 1
        else:
            high = middle
    return clear(low)


def free_spot(
    size: tuple[int, int], area: pygame.Rect, obstacles: list[pygame.Rect], step: int
) -> pygame.Rect | None:
    """A place for a block of ``size`` inside ``area`` touching none of ``obstacles``:
    centred across if it can be, else as near the centre as it fits; up and down, in
    the middle of the widest run of free places, trying every ``step`` pixels (and
    every four steps across). None when no place is free."""
    width, height = size
    if width > area.width or height > area.height:
        return None
    centred = area.centerx - width // 2
    reach = (area.width - width) // 2
    offsets = [0]
    for shift in range(step * 4, reach + 1, step * 4):
        offsets += [-shift, shift]
    tops = list(range(area.top, area.bottom - height + 1, step))
    if tops[-1] != area.bottom - height:
        tops.append(area.bottom - height)
    for offset in offsets:
        left = max(area.left, min(area.right - width, centred + offset))
        runs: list[list[int]] = []
        free_before = False
        for top in tops:
            free = pygame.Rect(left, top, width, height).collidelist(obstacles) == -1
            if free and free_before:
                runs[-1].append(top)
            elif free:
                runs.append([top])
            free_before = free
        if runs:
            widest = max(runs, key=lambda run: run[-1] - run[0])
            return pygame.Rect(left, (widest[0] + widest[-1]) // 2, width, height)
    return None
