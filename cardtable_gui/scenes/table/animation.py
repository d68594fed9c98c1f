"""Tweens, easing and the animator that runs them.

A ``Tween`` moves a tuple of numbers from one value to another over a duration, shaped
by an easing curve, after an optional delay. The ``Animator`` advances every running
tween by the frame's ``dt`` times the player's animation speed, except the pauses kept
for reading, which only a watch's pace shortens: how fast cards fly is no reason to read
faster. It can jump all of them to their end at once (a click or key skips ahead). Card flights are tweens of a
position plus the card to draw, so a table can draw them above everything else.

Nothing here knows any game; the table decides what moves where.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cardtable_gui.cards import Card

Easing = Callable[[float], float]
Point = tuple[float, float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing: cards thrown onto the table."""
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Slow start and end: cards gathered and carried away."""
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: panels popping in, a card snapping home."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


@dataclass(eq=False)
class Tween:
    """Numbers moving from ``start`` to ``end`` in ``duration`` seconds (at speed 1),
    after ``delay`` seconds. ``on_done`` runs once when it ends, or when skipped."""

    start: tuple[float, ...]
    end: tuple[float, ...]
    duration: float
    easing: Easing = ease_out_cubic
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    elapsed: float = 0.0
    done: bool = False
    hold: bool = False
    """A pause after the cards have landed: it keeps the table waiting, but nothing is
    still moving."""
    reading: bool = False
    """A pause to read, counted at the reading speed rather than the animation speed."""

    @property
    def started(self) -> bool:
        return self.elapsed > self.delay or self.done

    @property
    def progress(self) -> float:
        """0 before it starts, 1 at the end, the eased fraction between."""
        if self.done or self.duration <= 0:
            return 1.0 if self.started or self.done else 0.0
        raw = min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))
        return self.easing(raw)

    @property
    def value(self) -> tuple[float, ...]:
        p = self.progress
        return tuple(a + (b - a) * p for a, b in zip(self.start, self.end, strict=True))

    def advance(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self.finish()

    def finish(self) -> None:
        if self.done:
            return
        self.done = True
        self.elapsed = self.delay + self.duration
        if self.on_done is not None:
            self.on_done()


@dataclass(eq=False)
class Flight:
    """A card travelling across the table: ``card`` face up, or a back when None.
    ``angle`` turns from ``angles[0]`` to ``angles[1]`` degrees on the way."""

    card: Card | None
    tween: Tween
    width: int
    angles: tuple[float, float] = (0.0, 0.0)

    @property
    def center(self) -> Point:
        x, y = self.tween.value
        return (x, y)

    @property
    def angle(self) -> float:
        a, b = self.angles
        return a + (b - a) * self.tween.progress

    @property
    def visible(self) -> bool:
        return self.tween.started and not self.tween.done


@dataclass(eq=False)
class Animator:
    """Runs tweens and card flights. ``speed`` is read every frame (the settings may
    change mid-game); 2.0 moves everything twice as fast. ``reading_speed`` counts the
    pauses kept for reading instead (a watch's pace), so the animation speed never
    shortens the time an action stays in view."""

    speed: Callable[[], float] = lambda: 1.0
    reading_speed: Callable[[], float] = lambda: 1.0
    tweens: list[Tween] = field(default_factory=list)
    flights: list[Flight] = field(default_factory=list)
    landing: list[Callable[[], None]] = field(default_factory=list)
    """What runs once everything now moving has landed, in the order it was asked for."""

    @property
    def busy(self) -> bool:
        """True while anything is still moving or waiting to move."""
        return bool(self.tweens)

    @property
    def moving(self) -> bool:
        """True while anything but a hold is still running."""
        return any(not tween.hold for tween in self.tweens)

    def add(self, tween: Tween) -> Tween:
        self.tweens.append(tween)
        return tween

    def tween(
        self,
        start: Sequence[float],
        end: Sequence[float],
        duration: float,
        easing: Easing = ease_out_cubic,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ) -> Tween:
        return self.add(Tween(tuple(start), tuple(end), duration, easing, delay, on_done))

    def wait(self, seconds: float, on_done: Callable[[], None] | None = None, *, reading: bool = False) -> Tween:
        """A pause that keeps the animator busy (a moment to look at a full trick); a
        ``reading`` one lasts its seconds at every animation speed."""
        return self.add(Tween((0.0,), (1.0,), seconds, linear, 0.0, on_done, reading=reading))

    def hold(self, seconds: float, on_done: Callable[[], None] | None = None) -> Tween:
        """A pause to read what is on the table, at the reading speed: it keeps the
        animator busy, but what waits for the cards to land (``after_landing``) does
        not wait for it."""
        return self.add(Tween((0.0,), (1.0,), seconds, linear, 0.0, on_done, hold=True, reading=True))

    def after_landing(self, action: Callable[[], None]) -> None:
        """Run ``action`` once everything moving now (and whatever its end sets moving)
        has landed; at once when nothing moves."""
        self.landing.append(action)
        self._land()

    def fly(
        self,
        card: Card | None,
        start: Point,
        end: Point,
        width: int,
        duration: float = 0.35,
        easing: Easing = ease_out_cubic,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
        angles: tuple[float, float] = (0.0, 0.0),
    ) -> Flight:
        """Send a card from ``start`` to ``end`` (centres); ``on_done`` when it lands."""
        tween = self.tween(start, end, duration, easing, delay, on_done)
        flight = Flight(card, tween, width, angles)
        self.flights.append(flight)
        return flight

    def update(self, dt: float) -> None:
        step = dt * max(0.05, self.speed())
        reading_step = dt * max(0.05, self.reading_speed())
        for tween in list(self.tweens):
            tween.advance(reading_step if tween.reading else step)
        self._drop_finished()
        self._land()

    def skip(self) -> None:
        """Jump every running animation to its end, in the order they were started.
        Callbacks may start new tweens; those are finished too."""
        for _ in range(100):
            if not self.tweens and not self.landing:
                return
            for tween in list(self.tweens):
                tween.finish()
            self._drop_finished()
            self._land()

    def clear(self) -> None:
        """Forget every animation without running callbacks (the table was rebuilt)."""
        self.tweens.clear()
        self.flights.clear()
        self.landing.clear()

    def _land(self) -> None:
        """Run what waited for the cards to land, while nothing (else) moves."""
        while self.landing and not self.moving:
            self.landing.pop(0)()

    def _drop_finished(self) -> None:
        self.tweens = [t for t in self.tweens if not t.done]
        self.flights = [f for f in self.flights if not f.tween.done]


def approach(current: float, target: float, dt: float, rate: float = 14.0) -> float:
    """Move ``current`` toward ``target`` smoothly, frame-rate independent: cards in a
    hand glide to new places instead of jumping."""
    if abs(target - current) < 0.25:
        return target
    return target + (current - target) * math.exp(-rate * dt)
