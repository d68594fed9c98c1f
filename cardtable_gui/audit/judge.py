"""Judging one piece of advice: is each of its claims true?"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.claims import Claim
from cardtable_gui.rules import get_rules
from cardtable_gui.rules.base import Action, GameState

Checker = Callable[[Claim, GameState[Any], int, Action], bool]
"""Whether ``claim``, made for ``seat`` about playing ``action``, holds in this full
state (the position at the decision, before the action). A claim about what follows
("the trick is yours") holds only if it holds whatever the other seats may legally do."""


class UnknownClaim(LookupError):
    """Advice made a claim of a kind no checker judges: every kind needs one."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One claim judged: true in the real deal, and (for a certain claim) in how many
    of the sampled deals that agree with the seat's view."""

    claim: Claim
    real: bool
    samples_held: int
    samples: int

    @property
    def false_certainty(self) -> bool:
        """A claim said as fact that fails in the real deal or in a deal the seat
        could not tell from it."""
        return self.claim.certain and (not self.real or self.samples_held < self.samples)


def judge(
    game: str,
    checkers: Mapping[str, Checker],
    state: GameState[Any],
    seat: int,
    advice: Advice,
    rng: random.Random,
    samples: int = 8,
) -> list[Finding]:
    """Each claim of ``advice`` (given to ``seat`` in ``state``) judged by its checker;
    certain claims also in ``samples`` deals sampled from the seat's view."""
    findings = []
    for claim in advice.claims:
        checker = checkers.get(claim.kind)
        if checker is None:
            raise UnknownClaim(f"{game}: no checker for claims of kind {claim.kind!r}")
        real = checker(claim, state, seat, advice.action)
        held = 0
        tried = 0
        if claim.certain:
            for deal in _sampled_deals(game, state, seat, rng, samples):
                tried += 1
                held += checker(claim, deal, seat, advice.action)
        findings.append(Finding(claim, real, held, tried))
    return findings


def _sampled_deals(
    game: str, state: GameState[Any], seat: int, rng: random.Random, count: int
) -> Iterator[GameState[Any]]:
    rules = get_rules(game)
    view = state.view(seat)
    for _ in range(count):
        yield rules.determinize(view, rng)
