"""The advice audit's figures: for each game and table size, how many decisions were
judged, the claims their hints made by kind, how many claims said as fact were false,
and how often claims said as likely came true (against the share said, where one was).
Asserts nothing; the tests hold the bar (no false certain claim).

    python benchmarks/advice_audit.py [--game spades] [--positions 2000] [--samples 8]
"""

from __future__ import annotations

import argparse
import time

from cardtable_gui.audit.report import AuditReport, audit
from cardtable_gui.rules import GAMES


def show(report: AuditReport, seconds: float) -> None:
    print(
        f"{report.game} with {report.players}: {report.positions} decisions, "
        f"{sum(report.claims.values())} claims, {len(report.false_certain)} false certain, "
        f"{len(report.unbacked)} certain-sounding reasons without a certain claim "
        f"({seconds:.1f} s)"
    )
    for kind, count in sorted(report.claims.items()):
        line = f"    {kind}: {count}"
        said = report.likely_said[kind]
        if said:
            line += f"; said likely {said}, came true {report.likely_true[kind]} ({report.likely_true[kind] / said:.0%})"
            if kind in report.likely_share:
                line += f", mean share said {report.likely_share[kind] / said:.0%}"
        print(line)
        for (rule_kind, rule), count in sorted(report.likely_by_rule.items()):
            if rule_kind == kind:
                true = report.likely_true_by_rule[kind, rule]
                print(f"        {rule}: said {count}, came true {true} ({true / count:.0%})")
    for reason, finding in report.false_certain[:3]:
        print(f"    FALSE: {finding.claim} in {reason!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--positions", type=int, default=2000, help="decisions per game, shared by its table sizes")
    parser.add_argument("--samples", type=int, default=8, help="sampled deals per certain claim")
    args = parser.parse_args()
    for game in args.game or list(GAMES):
        counts = GAMES[game].player_counts
        for players in counts:
            start = time.perf_counter()
            report = audit(game, players, args.positions // len(counts) + 1, samples=args.samples)
            show(report, time.perf_counter() - start)


if __name__ == "__main__":
    main()
