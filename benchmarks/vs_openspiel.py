"""Spades against OpenSpiel's information-set MCTS, on duplicate deals.

    python benchmarks/vs_openspiel.py [--ours hard|medium|ceiling] [--deals N] [--sims N] [--seed S] [--jobs J]

Needs OpenSpiel (the ``openspiel`` extra: ``pip install -e '.[openspiel]'``). Our rules
referee every deal; one partnership is our player (Hard: the search; Medium: the
game's own player; the ceiling: Hard's search shown every hand, to measure how far
knowing the cards could take it), the other OpenSpiel's Python ``ISMCTSBot`` with random rollouts and
``--sims`` simulations a decision, playing on an OpenSpiel Spades state kept in step
with ours (cards, seats and bids mapped both ways, and checked: both engines' hands
after the deal, whose turn it is after every move, the tricks each seat took).

Each deal (a seed) is played twice with the sides swapped; our side's points in the
hand minus theirs, averaged over the two seatings, is one duplicate figure. The report
gives their mean with a 95% interval; beside it the same with each bag counted at the
ten points it costs over a game (its share of the penalty every tenth brings) instead
of the point it scores: a first hand alone never pays the penalty, so the points
alone reward a side that underbids and takes bags. Then the median processor time of each side's
decisions (those with more than one legal move), what each side bid and took in a hand
on average and how often it was set (where the points came from), and how often the
bot's choice had to be replaced.

Where the two engines' rules differ:

- OpenSpiel's Spades never marks spades as broken, so it never offers a spade lead
  from a hand that holds another suit; its bot plays among the moves it is offered.
  Our player leads by our rules (OpenSpiel applies any card its player holds).
- OpenSpiel caps a side's bids at 13 together; our player bids within that cap, since
  OpenSpiel refuses any other bid.
- Should the bot choose a move our rules forbid, it plays the legal move it ranked
  best instead (most visits at the root, then the higher value), and the report counts
  it. With our default options OpenSpiel's moves are a subset of ours, so the count
  stays at 0 unless the rules change.
- The bot searches for OpenSpiel's score of the hand (nil is worth 100 there, and a
  nil bidder's tricks count toward the side's contract); the figures here are points
  by our rules.

OpenSpiel's Spades cannot resample from an information state, which the bot needs;
``dealt_hands`` redeals the cards the bot's player has not seen, keeping every seat's
card count and every void its play has shown, and the bot gets the OpenSpiel state of
that deal with the same moves replayed.

Seeded throughout and bounded by work only (not the clock): a run repeats exactly.
Asserts nothing; Ctrl+C (SIGINT) stops a run early and reports the deals finished.

    nice -n 10 python benchmarks/vs_openspiel.py --ours hard --sims 300 --deals 100 [--figures FILE]
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ai_strength import CEILING, CeilingAgent, interval

from cardtable_gui.ai import make_agent
from cardtable_gui.ai.base import Agent
from cardtable_gui.ai.search import SearchAgent
from cardtable_gui.ai.spades import side_worth
from cardtable_gui.cards import Card, Rank, Suit
from cardtable_gui.rules.base import Action, RoundScored
from cardtable_gui.rules.spades import (
    PLAYERS,
    TRICKS_PER_HAND,
    Bid,
    PlayCard,
    SideResult,
    SpadesRules,
    SpadesState,
    SpadesView,
)

SPADES = SpadesRules()
OURS = {"hard": "search", "medium": "heuristic", CEILING: CEILING}
"""Our players by their name in the game's setup, as ``make_agent`` kinds; and the
ceiling (``ai_strength``'s all-seeing search), which no player can choose: how far
this search could get against the bot if it knew every hand."""

OPENSPIEL_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
"""OpenSpiel numbers a card ``13 * suit + rank``, suits in this order, ranks 2 to ace from 0."""
RANK_LETTERS = "23456789TJQKA"
"""How OpenSpiel writes the ranks, 2 to ace."""
CARDS = 52
BID_BASE = 52
"""OpenSpiel's bid of n tricks (0 for nil) is action ``BID_BASE + n``."""
UCT_C = 150.0
"""The bot's exploration constant: its returns are a hand's points (a few hundred
between a good and a bad hand), not a win rate in [0, 1]."""


class EnginesDisagree(RuntimeError):
    """Our rules and OpenSpiel's state no longer describe the same hand: a mapping bug."""


# Mapping between the engines


def to_openspiel(action: Action) -> int:
    """OpenSpiel's number for one of our Spades moves."""
    if isinstance(action, PlayCard):
        card = action.card
        return 13 * OPENSPIEL_SUITS.index(card.suit) + int(card.rank) - int(Rank.TWO)
    if isinstance(action, Bid) and not action.blind:
        return BID_BASE + action.tricks
    raise EnginesDisagree(f"OpenSpiel's Spades has no move for {action}.")


def from_openspiel(number: int) -> Action:
    """Our Spades move for OpenSpiel's action ``number``."""
    if number >= BID_BASE:
        return SPADES.parse_action("bid nil" if number == BID_BASE else f"bid {number - BID_BASE}")
    return PlayCard(Card(Rank(int(Rank.TWO) + number % 13), OPENSPIEL_SUITS[number // 13]))


@dataclass(frozen=True, slots=True)
class Seats:
    """Our seats and OpenSpiel's players: its player 0 bids and leads first, which is
    our seat after the dealer. Partners stay partners (both count round the table)."""

    first: int

    def player(self, seat: int) -> int:
        return (seat - self.first) % PLAYERS

    def seat(self, player: int) -> int:
        return (player + self.first) % PLAYERS


def played_cards(view: SpadesView) -> list[list[Card]]:
    """The cards each seat has played this hand, in order."""
    played: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for trick in [done.plays for done in view.completed] + [view.trick]:
        for seat, card in trick:
            played[seat].append(card)
    return played


def dealt_hands(view: SpadesView, rng: random.Random) -> list[list[Card]]:
    """A deal of this hand, by seat, that agrees with all ``view`` shows: its own
    cards and every card played stay where they are, the cards it has not seen are
    dealt at random to the others, as many as each holds and none of a suit a seat has
    shown it lacks. What OpenSpiel's ISMCTS needs and its Spades does not offer."""
    current = SPADES.determinize(view, rng).hands
    played = played_cards(view)
    return [played[seat] + current[seat] for seat in range(PLAYERS)]


def deal_actions(hands: Sequence[Sequence[Card]], seats: Seats) -> list[int]:
    """The 52 chance actions by which OpenSpiel deals ``hands`` (its card i goes to
    its player i mod 4)."""
    by_player = [hands[seats.seat(player)] for player in range(PLAYERS)]
    return [
        to_openspiel(PlayCard(by_player[player][index]))
        for index in range(TRICKS_PER_HAND)
        for player in range(PLAYERS)
    ]


def openspiel_hand(observation: str) -> list[Card]:
    """The hand OpenSpiel shows a player, read from its observation (lines ``S AJ9``,
    ``H 986`` and so on, before the first empty line; ``D none`` for a void)."""
    cards: list[Card] = []
    for line in observation.split("\n\n", 1)[0].splitlines():
        suit, _, ranks = line.partition(" ")
        for letter in ranks.strip().removesuffix("none"):
            cards.append(Card.parse(("10" if letter == "T" else letter) + suit))
    return cards


def openspiel_tricks(observation: str) -> list[int]:
    """The tricks each OpenSpiel player has taken, from the last line of counts after
    ``Tricks taken:`` in its observation."""
    table = observation.split("Tricks taken:", 1)[1].strip().splitlines()
    return [int(count) for count in table[1].split()]


def check_hands(state: SpadesState, os_state: Any, seats: Seats) -> None:
    """Both engines hold the same cards in the same seats, each as it shows them."""
    for seat in range(PLAYERS):
        ours = sorted(state.hands[seat], key=lambda card: card.key)
        theirs = sorted(openspiel_hand(os_state.observation_string(seats.player(seat))), key=lambda card: card.key)
        if ours != theirs:
            raise EnginesDisagree(f"Seat {seat}: ours {ours}, OpenSpiel's {theirs}.")


def show_hands(state: SpadesState, os_state: Any, seats: Seats) -> None:
    """Each seat's hand in both engines, for checking the mapping by eye."""
    for seat in range(PLAYERS):
        player = seats.player(seat)
        ours = " ".join(str(card) for card in sorted(state.hands[seat], key=lambda card: card.order))
        theirs = os_state.observation_string(player).split("\n\n", 1)[0].replace("\n", " | ")
        print(f"  our seat {seat} = OpenSpiel player {player}: ours {ours}\n{' ' * 38}OpenSpiel's {theirs}")


# The players


@dataclass
class Timings:
    """Processor seconds of each decision with more than one legal move."""

    ours: list[float] = field(default_factory=list)
    theirs: list[float] = field(default_factory=list)


class IsmctsSeat:
    """OpenSpiel's Python ISMCTS for one of its players, resampling with ``dealt_hands``
    from our referee's view of that seat."""

    def __init__(self, game: Any, sims: int, uct_c: float, seed: int, referee: Callable[[], SpadesState], seats: Seats) -> None:
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
        self.bot = ismcts.ISMCTSBot(
            game,
            evaluator,
            uct_c,
            sims,
            random_state=np.random.RandomState(seed + 1),
            # OpenSpiel's Spades has no information-state string; its observation
            # string shows the player's hand, the bids and every trick, which is one.
            use_observation_string=True,
        )
        self.bot.set_resampler(self._resample)
        self.game = game
        self.referee = referee
        self.seats = seats
        self.rng = random.Random(seed + 2)

    def _resample(self, os_state: Any, player: int) -> Any:
        """An OpenSpiel state of a deal agreeing with what ``player`` has seen, with the
        same moves made: the bot resamples only the position it is deciding in, which
        is our referee's."""
        view = self.referee().view(self.seats.seat(player))
        sampled = self.game.new_initial_state()
        for number in deal_actions(dealt_hands(view, self.rng), self.seats):
            sampled.apply_action(number)
        for number in os_state.history()[CARDS:]:
            sampled.apply_action(number)
        return sampled

    def choose(self, os_state: Any, allowed: Sequence[int]) -> tuple[int, bool]:
        """The bot's move, and whether it had to be replaced: a choice our rules forbid
        gives way to the allowed move with the most visits at the root (then the
        higher value)."""
        policy = self.bot.get_policy(os_state)
        best = max(probability for _, probability in policy)
        chosen = [int(number) for number, probability in policy if probability == best]
        number = chosen[self.bot._random_state.randint(len(chosen))]
        if number in allowed:
            return number, False
        children = self.bot._root_node.child_info

        def rank(candidate: int) -> tuple[float, float]:
            child = children.get(candidate)
            return (0.0, -math.inf) if child is None or not child.visits else (child.visits, child.value())

        return max(allowed, key=rank), True


def our_agent(kind: str, seat: int, seed: int, state: SpadesState) -> Agent:
    """Our player of ``kind`` for ``seat``; the ceiling is handed ``state``, the hand it plays."""
    rng = random.Random(seed * 1_009 + seat)
    agent = CeilingAgent(SPADES, seat, rng, state) if kind == CEILING else make_agent(OURS[kind], SPADES.name, seat, rng)
    if isinstance(agent, SearchAgent):
        # Work alone bounds the search: the clock's safety net would make a run on a
        # busy machine play differently from the same run on an idle one.
        agent.max_seconds = math.inf
    return agent


# A deal


@dataclass
class DealResult:
    """One seating of one deal: our side's points minus theirs, and what it took."""

    difference: float
    timings: Timings
    substitutions: int
    sides: tuple[SideResult, SideResult]
    """How our side and theirs scored the hand (contract, tricks), in that order."""

    @property
    def worth_difference(self) -> float:
        """``difference`` with each side's bags counted at their cost over a game."""
        ours, theirs = self.sides
        return side_worth(ours) - side_worth(theirs)


def play_deal(
    game: Any, seed: int, our_seats: tuple[int, ...], ours: str, sims: int, uct_c: float, show: bool = False
) -> DealResult:
    """Play the first hand of deal ``seed``, our player in ``our_seats`` and the bot in
    the others, our rules refereeing and OpenSpiel's state following move by move."""
    state = SPADES.new_game(PLAYERS, seed=seed)
    seats = Seats(state.trick.leader)
    os_state = game.new_initial_state()
    for number in deal_actions(state.hands, seats):
        os_state.apply_action(number)
    check_hands(state, os_state, seats)
    if show:
        show_hands(state, os_state, seats)
    players: dict[int, Agent | IsmctsSeat] = {
        seat: our_agent(ours, seat, seed, state)
        if seat in our_seats
        else IsmctsSeat(game, sims, uct_c, seed * 1_009 + seat, lambda: state, seats)
        for seat in range(PLAYERS)
    }
    timings = Timings()
    substitutions = 0
    while True:
        seat = state.to_move
        if seat is None or os_state.current_player() != seats.player(seat):
            raise EnginesDisagree(f"Our seat {seat} is to move, OpenSpiel's player {os_state.current_player()}.")
        legal = state.legal_actions()
        player = players[seat]
        started = time.process_time()
        if isinstance(player, IsmctsSeat):
            allowed = [to_openspiel(action) for action in legal]
            number, substituted = player.choose(os_state, allowed)
            substitutions += substituted
            action = from_openspiel(number)
            spent = timings.theirs
        else:
            # Bids past OpenSpiel's cap of 13 a side would stop its engine.
            offered = set(os_state.legal_actions())
            legal = [a for a in legal if not isinstance(a, Bid) or to_openspiel(a) in offered]
            action = player.choose(state.view(seat), legal)
            spent = timings.ours
        if len(legal) > 1:
            spent.append(time.process_time() - started)
        os_state.apply_action(to_openspiel(action))
        scored = next((e for e in state.apply(action) if isinstance(e, RoundScored)), None)
        if scored is not None:
            break
    last = state.last_hand
    assert last is not None
    theirs = openspiel_tricks(os_state.observation_string(0))
    if [theirs[seats.player(seat)] for seat in range(PLAYERS)] != list(last.tricks):
        raise EnginesDisagree(f"Tricks taken: ours {list(last.tricks)}, OpenSpiel's by player {theirs}.")
    ours_points = statistics.fmean(scored.points[s] for s in our_seats)
    theirs_points = statistics.fmean(scored.points[s] for s in range(PLAYERS) if s not in our_seats)
    ours_side, theirs_side = sorted(last.sides, key=lambda side: side.seats[0] not in our_seats)
    return DealResult(ours_points - theirs_points, timings, substitutions, (ours_side, theirs_side))


def play_duplicate(seed: int, ours: str, sims: int, uct_c: float, show: bool = False) -> list[DealResult]:
    """Deal ``seed`` played twice, our player on each side in turn. A function of its
    arguments alone (each process loads OpenSpiel's game itself), so ``--jobs`` can
    play deals side by side and a run repeats exactly with any number of jobs."""
    import pyspiel

    game = pyspiel.load_game("spades")
    return [play_deal(game, seed, side, ours, sims, uct_c, show) for side in ((0, 2), (1, 3))]


def median_ms(values: Sequence[float]) -> str:
    return f"{1000 * statistics.median(values):.0f} ms" if values else "-"


def contracts(name: str, hands: Sequence[SideResult]) -> str:
    """What a side bid and took in a hand on average, how often it was set, and what its
    nil bids won or lost a hand: where the points came from ("our side bid 6.1 and took
    6.8 tricks, set in 12% of hands; nil bids +4.0 points a hand")."""
    bid = statistics.fmean(side.contract for side in hands)
    took = statistics.fmean(side.tricks for side in hands)
    short = sum(not side.made for side in hands)
    nil = statistics.fmean(side.nil_points for side in hands)
    return (
        f"{name} bid {bid:.1f} and took {took:.1f} tricks, set in {100 * short / len(hands):.0f}% of hands; "
        f"nil bids {nil:+.1f} points a hand"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ours", choices=sorted(OURS), default="hard", help="our player")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--sims", type=int, default=300, help="the bot's simulations a decision")
    parser.add_argument("--uct-c", type=float, default=UCT_C, help="the bot's exploration constant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show-deal", action="store_true", help="print both engines' hands of every deal")
    parser.add_argument("--jobs", type=int, default=1, help="deals played side by side, in this many processes")
    parser.add_argument(
        "--figures", type=Path, default=None, help="write each deal's duplicate figure here, one a line, to pair two runs"
    )
    args = parser.parse_args()
    if importlib.util.find_spec("pyspiel") is None:
        print("OpenSpiel is not installed here: pip install -e '.[openspiel]' (or run with a Python that has it).")
        return 2
    figures: list[float] = []
    worths: list[float] = []
    sides: tuple[list[SideResult], list[SideResult]] = ([], [])
    timings = Timings()
    substitutions = 0
    started = time.perf_counter()
    seeds = [args.seed * 1_000_003 + number for number in range(args.deals)]
    play = functools.partial(play_duplicate, ours=args.ours, sims=args.sims, uct_c=args.uct_c, show=args.show_deal)
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    stopped = False
    try:
        for results in pool.map(play, seeds) if pool is not None else map(play, seeds):
            figures.append(statistics.fmean(result.difference for result in results))
            worths.append(statistics.fmean(result.worth_difference for result in results))
            for result in results:
                timings.ours += result.timings.ours
                timings.theirs += result.timings.theirs
                substitutions += result.substitutions
                for side, kept in zip(result.sides, sides):
                    kept.append(side)
            sys.stderr.write(
                f"\r{len(figures)}/{args.deals} deals, ours-theirs so far {statistics.fmean(figures):+.1f}, "
                f"{time.perf_counter() - started:.0f} s "
            )
            sys.stderr.flush()
    except KeyboardInterrupt:
        stopped = True
        sys.stderr.write("\nstopped early: the figures below are of the deals finished")
    except EnginesDisagree as error:
        stopped = True
        sys.stderr.write(f"\nDeal {len(figures) + 1}: our rules and OpenSpiel's state disagree ({error}); stopped there")
    finally:
        if pool is not None:
            pool.shutdown(wait=not stopped, cancel_futures=True)
    sys.stderr.write("\n")
    if not figures:
        return 1
    if args.figures is not None:
        args.figures.write_text("".join(f"{figure}\n" for figure in figures))
    mean, half = interval(figures)
    print(f"Spades, {args.ours} against OpenSpiel's ISMCTS ({args.sims} simulations, uct_c {args.uct_c:g}), seed {args.seed}")
    print(
        f"  ours minus theirs {mean:+.1f} points per hand (95% interval {mean - half:+.1f} .. {mean + half:+.1f}), "
        f"n = {len(figures)} duplicate deals, each played with the sides swapped"
    )
    mean, half = interval(worths)
    print(
        f"  with each bag counted at the ten points it costs over a game: {mean:+.1f} "
        f"(95% interval {mean - half:+.1f} .. {mean + half:+.1f})"
    )
    print(
        f"  median processor time per decision: ours {median_ms(timings.ours)} ({len(timings.ours)} decisions), "
        f"OpenSpiel's {median_ms(timings.theirs)} ({len(timings.theirs)} decisions)"
    )
    print(f"  a hand on average: {contracts('our side', sides[0])}")
    print(f"                     {contracts('theirs', sides[1])}")
    print(f"  the bot's choices our rules forbid, replaced by its best legal one: {substitutions}")
    print(f"  {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
