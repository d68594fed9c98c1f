"""Judging a move made: how it compares with the best move by the search player's
evaluation, from the mover's own view.

The practice game's coach must not call a move good because it won, nor bad because
it lost: what the player could not see decided that. So the move is judged the way the
Hard player weighs its own: every move worth weighing, and the one made, is tried on
the same deals sampled from the player's view (never the real hidden cards), and the
move made is set against the best of them. The work is a fixed number of deals, no
clock, so the same position is judged the same way on any machine.

Searching takes long enough to stall a window, so a ``Judge`` does it in a process of
its own and hands back futures the table polls.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass

from cardtable_gui.ai.search import SearchAgent, Tally
from cardtable_gui.rules import get_rules
from cardtable_gui.rules.base import Action, GameView

JUDGE_DEALS = 16
"""Sampled deals every move is tried on when a move is judged."""

MARGIN = 0.05
"""How far below the best move, as a share of a deal's typical swing, a move may score
and still be as good as the best: closer than that the difference means nothing to a
player."""

CLEAR_LEAD = 1.0
"""How many standard errors of the paired difference the best move must lead by
before the move made is called clearly worse (fewer: the deals sampled may have
decided it)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """A move made, set against the best move of the same sampled deals.

    The values are what the mover's side gained over the others on average. ``noise``
    is the standard error of the paired gap, ``swing`` a deal's typical value either way."""

    made: Action
    best: Action
    made_value: float
    best_value: float
    deals: int
    noise: float
    swing: float
    worth_words: str = ""
    """How the values differ from the points, where they do (Spades' bags)."""
    unit: str = "point"
    """What the values count, in the singular (the game's ``score_unit``)."""

    @property
    def gap(self) -> float:
        return self.best_value - self.made_value

    @property
    def as_good(self) -> bool:
        """The move made was the best, or as good within a small margin."""
        return self.best == self.made or self.gap <= MARGIN * self.swing

    @property
    def clearly_worse(self) -> bool:
        """A better move existed beyond the margin and beyond the deals' luck."""
        return not self.as_good and self.gap > CLEAR_LEAD * self.noise


def judge(game: str, seat: int, view: GameView, legal: Sequence[Action], made: Action, deals: int, seed: int) -> Verdict:
    """How ``made`` compares with the best move for ``seat`` seeing ``view``, each
    tried on the same ``deals`` deals sampled from that view."""
    searcher = SearchAgent(get_rules(game), seat, random.Random(seed))
    ranked, _ = searcher.weigh(view, legal, made, deals)
    best = ranked[0]
    mine = next(tally for tally in ranked if tally.action == made)
    return Verdict(
        made=made,
        best=best.action,
        made_value=mine.mean,
        best_value=best.mean,
        deals=deals,
        noise=best.lead_over(mine)[1],
        swing=max(1.0, _typical(best, mine)),
        worth_words=searcher.worth_words,
        unit=searcher.rules.score_unit,
    )


def _typical(*tallies: Tally) -> float:
    """The mean size of a deal's value, either way, over ``tallies``."""
    values = [abs(v) for tally in tallies for v in tally.values.values()]
    return sum(values) / len(values) if values else 0.0


class Judge:
    """Judges moves of one game in a child process, one at a time, started on the first
    question so that opening a table never waits for it."""

    def __init__(self, game: str, deals: int | None = None) -> None:
        self.game = game
        self.deals = JUDGE_DEALS if deals is None else deals
        self._pool: ProcessPoolExecutor | None = None

    def ask(self, seat: int, view: GameView, legal: Sequence[Action], made: Action, seed: int) -> Future[Verdict]:
        if self._pool is None:
            # spawn, not fork: the window's process has SDL and threads running.
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        return self._pool.submit(judge, self.game, seat, view, list(legal), made, self.deals, seed)

    def close(self) -> None:
        """Stop judging; questions not yet answered are dropped."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
