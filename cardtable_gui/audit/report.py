"""An audit over many positions: what was claimed, and what turned out false."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field

from cardtable_gui.audit.checkers import CHECKERS
from cardtable_gui.audit.judge import Finding, judge
from cardtable_gui.audit.positions import HintedPosition, hinted_positions


CERTAIN_WORDS = re.compile(
    r"\b(anyway|for sure|certainly|every card|takes you out|no higher|nothing .{0,40}beats|"
    r"is yours|wins this trick|can never|cannot lose|can't lose|only you|costs nothing|harmless)\b",
    re.IGNORECASE,
)
"""Words that state a fact without a hedge: a reason that uses one must carry a
certain claim for its checker to judge."""


@dataclass
class AuditReport:
    """Counts over one game and player count. ``false_certain`` keeps each claim said
    as fact that failed, with the reason it was part of, for a test to show."""

    game: str
    players: int
    positions: int = 0
    claims: Counter[str] = field(default_factory=Counter)
    false_certain: list[tuple[str, Finding]] = field(default_factory=list)
    unbacked: list[str] = field(default_factory=list)
    """Reasons that use words of certainty but carry no certain claim."""
    likely_said: Counter[str] = field(default_factory=Counter)
    likely_true: Counter[str] = field(default_factory=Counter)
    likely_share: dict[str, float] = field(default_factory=dict)
    """The sum of the shares said for each kind's likely claims (where one was said)."""
    likely_by_rule: Counter[tuple[str, str]] = field(default_factory=Counter)
    likely_true_by_rule: Counter[tuple[str, str]] = field(default_factory=Counter)
    """The likely claims again, by kind and the rule of the hint that made them: a
    reason's words ("probably") belong to its rule, so its rate is the one to read."""

    def add(self, position: HintedPosition, findings: list[Finding]) -> None:
        self.positions += 1
        reason = position.advice.reason
        if CERTAIN_WORDS.search(reason) and not any(f.claim.certain for f in findings):
            self.unbacked.append(reason)
        for finding in findings:
            kind = finding.claim.kind
            self.claims[kind] += 1
            if finding.false_certainty:
                self.false_certain.append((position.advice.reason, finding))
            if not finding.claim.certain:
                self.likely_said[kind] += 1
                self.likely_true[kind] += finding.real
                self.likely_by_rule[kind, position.advice.rule] += 1
                self.likely_true_by_rule[kind, position.advice.rule] += finding.real
                if finding.claim.share is not None:
                    self.likely_share[kind] = self.likely_share.get(kind, 0.0) + finding.claim.share


def audit(game: str, players: int, positions: int, seed: int = 1, samples: int = 8) -> AuditReport:
    """Judge the hints of ``positions`` decisions of seeded games of ``game``."""
    report = AuditReport(game, players)
    rng = random.Random(seed)
    checkers = CHECKERS[game]
    for position in hinted_positions(game, players, seed, positions):
        findings = judge(game, checkers, position.state, position.seat, position.advice, rng, samples)
        report.add(position, findings)
    return report
