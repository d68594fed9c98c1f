"""How much stronger one kind of player is than another, on duplicate deals.

    python benchmarks/ai_strength.py GAME A B [--deals N] [--players P] [--seed S] [--whole-games] [--jobs J]
    python benchmarks/ai_strength.py GAME --gap [--deals N] ...   (GAME may be ``all``)

Each deal (a seed) is played once per seating: A and B take turns at every seat of the
same cards (partners: A's side and B's side swap; four singles: A at the even seats,
then at the odd ones; an odd table: A alone in each seat in turn, against B in the
others). What A scored in a hand or round minus what B scored, averaged over the
seatings of one deal, is one duplicate figure; the report gives their mean with a 95%
interval (mean +- 1.96 sd / sqrt(n)). Where low scores win (Arizona Spaghetti) the
difference is turned round, so "A better by" is always good for A.

By default each deal is its first hand or round only; ``--whole-games`` plays every deal
to the end, counts the games each kind won, and makes each round that every seating
reached one duplicate figure (a seed deals the same cards to the same round whoever
plays). Arizona Spaghetti's rounds each have their own rule, so only whole games
measure all of them.
A and B are the players' kinds (``random``, ``casual``, ``heuristic`` = Medium, ``search``
= Hard) or ``ceiling``: Hard's own search run on the true deal instead of sampled ones, so
it sees every hand (and every card still to be drawn). No player can choose it; it is how
strong play can get with this search. ``--gap`` plays Hard against Medium and the ceiling
against Medium on the same deals, and reports the share of the Medium-to-ceiling gap that
Hard closes (with a 95% interval by the delta method, the two figures of a deal paired).

Everything is seeded and the search is bounded by its work only (not the clock): a run
repeats exactly, on a busy machine too, and with any ``--jobs`` (deals played side by side
in that many processes, one deal's seatings in one process, the figures kept in the
deals' order). A progress bar goes to stderr; Ctrl+C (SIGINT) stops a run
early and reports the deals finished. Asserts nothing.

    nice -n 10 python benchmarks/ai_strength.py arizona_spaghetti search heuristic --deals 200
"""

from __future__ import annotations

import argparse
import functools
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from cardtable_gui.ai import AGENT_KINDS, make_agent
from cardtable_gui.ai.base import Agent
from cardtable_gui.ai.inference import Evidence
from cardtable_gui.ai.search import SearchAgent
from cardtable_gui.rules import GAMES, GameRules
from cardtable_gui.rules.base import GameState, GameView, RoundScored

CEILING = "ceiling"
KINDS = (*AGENT_KINDS, CEILING)
"""The kinds this benchmark plays: the players' own and the ceiling, which is no player's."""

MAX_ACTIONS = 200_000
"""A deal that has not ended after this many actions is a rules bug."""


class CeilingAgent(SearchAgent):
    """Hard's search with the true deal in place of every sampled one: it reads the game
    in progress, which no player may, so it exists only here, to measure how far Hard's
    guessing of the hidden cards falls short."""

    def __init__(self, rules: GameRules[Any, Any], seat: int, rng: random.Random, truth: GameState[Any]) -> None:
        # No evidence to weigh: nothing is sampled.
        super().__init__(rules, seat, rng, inference=False)
        self.truth = truth
        """The game being played, as it stands when this player is asked to move."""

    def _deal(self, view: GameView, evidence: Evidence | None) -> GameState[Any]:
        return self.truth.clone()


def make_player(kind: str, rules: GameRules[Any, Any], seat: int, rng: random.Random, state: GameState[Any]) -> Agent:
    """A player of ``kind`` for ``seat``; the ceiling is handed ``state``, the game it plays."""
    if kind == CEILING:
        return CeilingAgent(rules, seat, rng, state)
    return make_agent(kind, rules.name, seat, rng)


@dataclass
class Seating:
    """One way of seating the two kinds: the seats where A sits."""

    a_seats: tuple[int, ...]


@dataclass
class Outcome:
    """What one seating of one deal gave: A-minus-B per round, and who won the game."""

    differences: list[float] = field(default_factory=list)
    a_won: float = 0.0
    finished: bool = False


def seatings(rules: GameRules[Any, Any], players: int) -> list[Seating]:
    """The seatings that put each kind in every seat of a deal."""
    teams = rules.new_game(players, seed=0).teams
    if len(teams) > 1 and all(len(side) > 1 for side in teams):
        return [Seating(side) for side in teams]
    if players % 2 == 0:
        return [Seating(tuple(range(0, players, 2))), Seating(tuple(range(1, players, 2)))]
    return [Seating((seat,)) for seat in range(players)]


def play_deal(
    rules: GameRules[Any, Any], kinds: tuple[str, str], players: int, seed: int, seating: Seating, whole: bool
) -> Outcome:
    """Play deal ``seed`` with A in ``seating.a_seats`` and B elsewhere."""
    state = rules.new_game(players, seed=seed)
    a_seats = set(seating.a_seats)
    agents = [
        make_player(kinds[0] if seat in a_seats else kinds[1], rules, seat, random.Random(seed * 1_009 + seat), state)
        for seat in range(players)
    ]
    for agent in agents:
        if isinstance(agent, SearchAgent):
            # Work alone bounds the search here: the wall-clock safety net would make a
            # run on a busy machine play differently from the same run on an idle one.
            agent.max_seconds = math.inf
    sign = -1.0 if rules.low_score_wins else 1.0
    outcome = Outcome()
    for _ in range(MAX_ACTIONS):
        seat = state.to_move
        if seat is None:
            break
        events = state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        scored = next((e for e in events if isinstance(e, RoundScored)), None)
        if scored is not None:
            a = statistics.fmean(scored.points[s] for s in a_seats)
            b = statistics.fmean(scored.points[s] for s in range(players) if s not in a_seats)
            outcome.differences.append(sign * (a - b))
            if not whole:
                return outcome
    else:
        raise RuntimeError(f"{rules.title} deal {seed} did not end after {MAX_ACTIONS} actions.")
    outcome.finished = True
    winners = set(state.winners)
    if winners:
        outcome.a_won = 1.0 if winners <= a_seats else 0.0 if not winners & a_seats else 0.5
    return outcome


def duplicate_figures(outcomes: Sequence[Outcome], whole: bool) -> list[float]:
    """The duplicate figures of one deal: A-minus-B averaged over the seatings, for its
    first hand or round, or (whole games) for each round every seating reached (the
    same round of one seed deals the same cards in every seating)."""
    if not whole:
        return [statistics.fmean(o.differences[0] for o in outcomes if o.differences)]
    rounds = min(len(o.differences) for o in outcomes)
    return [statistics.fmean(o.differences[number] for o in outcomes) for number in range(rounds)]


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def share_closed(hard: Sequence[float], ceiling: Sequence[float]) -> tuple[float, float]:
    """The share of the ceiling's lead over Medium that Hard's lead makes up, from the two
    leads measured on the same deals, and the half-width of its 95% interval (the delta
    method: the spread of ``hard - share * ceiling`` deal by deal, over the ceiling's lead)."""
    share = statistics.fmean(hard) / statistics.fmean(ceiling)
    if len(hard) < 2:
        return share, math.inf
    residual = [h - share * c for h, c in zip(hard, ceiling, strict=True)]
    return share, 1.96 * statistics.stdev(residual) / math.sqrt(len(hard)) / abs(statistics.fmean(ceiling))


def draw_bar(label: str, done: int, total: int, started: float, running: float) -> None:
    width = 30
    filled = width * done // total
    elapsed = time.perf_counter() - started
    left = elapsed / done * (total - done) if done else 0.0
    sys.stderr.write(
        f"\r{label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total} deals  "
        f"A-B so far {running:+.2f}  {elapsed:.0f} s, about {left:.0f} s left "
    )
    sys.stderr.flush()


@dataclass
class Match:
    """What one kind scored against another over a run of deals."""

    by_deal: list[list[float]] = field(default_factory=list)
    """Each deal's duplicate figures (one a deal, or one a round in whole games)."""
    wins: float = 0.0
    finished: int = 0
    seconds: float = 0.0
    stopped: bool = False
    """Ctrl+C ended the run early; the figures are of the deals finished."""

    @property
    def figures(self) -> list[float]:
        return [figure for deal in self.by_deal for figure in deal]


def play_duplicate(
    rules: GameRules[Any, Any], kinds: tuple[str, str], players: int, whole: bool, seed: int
) -> list[Outcome]:
    """Deal ``seed`` played once in each seating."""
    return [play_deal(rules, kinds, players, seed, seating, whole) for seating in seatings(rules, players)]


def play_match(
    rules: GameRules[Any, Any],
    kinds: tuple[str, str],
    players: int,
    deals: int,
    first_seed: int,
    whole: bool,
    jobs: int = 1,
) -> Match:
    """Play ``kinds`` against each other on ``deals`` duplicate deals, ``jobs`` at a time."""
    match = Match()
    started = time.perf_counter()
    seeds = [first_seed * 1_000_003 + number for number in range(deals)]
    play = functools.partial(play_duplicate, rules, kinds, players, whole)
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        results = pool.map(play, seeds) if pool is not None else map(play, seeds)
        for outcomes in results:
            match.by_deal.append(duplicate_figures(outcomes, whole))
            for outcome in outcomes:
                if outcome.finished and whole:
                    match.finished += 1
                    match.wins += outcome.a_won
            draw_bar(f"{rules.name} {kinds[0]}-{kinds[1]}", len(match.by_deal), deals, started, statistics.fmean(match.figures))
    except KeyboardInterrupt:
        sys.stderr.write("\nstopped early: the figures below are of the deals finished")
        match.stopped = True
    finally:
        if pool is not None:
            pool.shutdown(wait=not match.stopped, cancel_futures=True)
    sys.stderr.write("\n")
    match.seconds = time.perf_counter() - started
    return match


def report(rules: GameRules[Any, Any], kinds: tuple[str, str], players: int, seed: int, match: Match) -> None:
    unit = "hand" if rules.name in ("spades", "spinado") else "round"
    figures = match.figures
    mean, half = interval(figures)
    lower = "lower" if rules.low_score_wins else "higher"
    print(
        f"{rules.title}, {players} players, {kinds[0]} (A) against {kinds[1]} (B), "
        f"{len(seatings(rules, players))} seatings per deal, seed {seed}"
    )
    print(
        f"  A better by {mean:+.2f} points per {unit} (95% interval {mean - half:+.2f} .. {mean + half:+.2f}), "
        f"n = {len(figures)} duplicate {unit}s of {len(match.by_deal)} deals; points count {lower} as better"
    )
    if match.finished:
        print(f"  games: A won {match.wins:g} of {match.finished} finished ({100 * match.wins / match.finished:.1f}%)")
    print(f"  {match.seconds:.0f} s")


def measure_gap(rules: GameRules[Any, Any], players: int, args: argparse.Namespace) -> bool:
    """Hard and the ceiling each against Medium on the same deals, and the share of the
    ceiling's lead that Hard's makes up; False when stopped early."""
    leads = {}
    for kind in ("search", CEILING):
        match = play_match(rules, (kind, "heuristic"), players, args.deals, args.seed, args.whole_games, args.jobs)
        if not match.by_deal:
            return False
        report(rules, (kind, "heuristic"), players, args.seed, match)
        leads[kind] = match
        if match.stopped:
            return False
    deals = min(len(m.by_deal) for m in leads.values())
    hard, ceiling = ([statistics.fmean(deal) for deal in leads[kind].by_deal[:deals]] for kind in ("search", CEILING))
    share, half = share_closed(hard, ceiling)
    print(
        f"  {rules.title}: Hard closes {100 * share:.0f}% of the gap between Medium and the ceiling "
        f"(95% interval {100 * (share - half):.0f}% .. {100 * (share + half):.0f}%, {deals} deals)"
    )
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=[*sorted(GAMES), "all"], help="a game, or all of them (--gap only)")
    parser.add_argument("a", nargs="?", choices=KINDS, help="the kind measured")
    parser.add_argument("b", nargs="?", choices=KINDS, help="the kind it is measured against")
    parser.add_argument("--gap", action="store_true", help="Hard and the ceiling each against Medium")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--whole-games", action="store_true", help="play each deal to the end of the game")
    parser.add_argument("--jobs", type=int, default=1, help="deals played side by side, in this many processes")
    args = parser.parse_args()
    if args.gap == (args.a is not None and args.b is not None) or (args.game == "all" and not args.gap):
        parser.error("give two kinds A and B for one game, or --gap (for one game or all)")
    names = sorted(GAMES) if args.game == "all" else [args.game]
    for name in names:
        rules = GAMES[name]
        players = args.players or (4 if 4 in rules.player_counts else rules.player_counts[0])
        if players not in rules.player_counts:
            print(f"{rules.title} is played by {rules.player_counts}, not {players}.", file=sys.stderr)
            return 2
        if args.gap:
            if not measure_gap(rules, players, args):
                return 1
            continue
        kinds = (args.a, args.b)
        match = play_match(rules, kinds, players, args.deals, args.seed, args.whole_games, args.jobs)
        if not match.by_deal:
            return 1
        report(rules, kinds, players, args.seed, match)
    return 0


if __name__ == "__main__":
    sys.exit(main())
