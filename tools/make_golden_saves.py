"""Write golden saves: one seeded game of every game, played part way by random legal
moves and saved by the Card Table found first on the import path.

    python tools/make_golden_saves.py OUT_DIR LABEL                 # one save per game
    python tools/make_golden_saves.py OUT_DIR LABEL --spade-lead    # and a Spades save that
                                                                   # leads a spade to trick 1
    python tools/make_golden_saves.py OUT_DIR LABEL --finished arizona_spaghetti
    python tools/make_golden_saves.py OUT_DIR LABEL --hand-order   # and a Hand and Foot save
                                                                   # that keeps the person's
                                                                   # hand in an order of theirs
    python tools/make_golden_saves.py OUT_DIR LABEL --at-summary   # and a Spades save made
                                                                   # while the first hand's
                                                                   # summary was up

Each file is ``OUT_DIR/LABEL-<game>[-what].json``. A game is played until its first hand
or round has been scored, then five moves into the next (so it is a game in progress),
or to its end with ``--finished``. The seed comes from the label, so every version
writes its own deals and running the script again plays the same moves.

Only what every version of Card Table since saves began offers is used (``GAMES``,
``MatchConfig``, ``SeatConfig``, ``new_game``, ``legal_actions``, ``apply``,
``SavedGame.capture``, ``to_bytes``), so with ``PYTHONPATH`` pointing at a checkout of
an earlier commit it writes that version's saves: see
``tests/persistence/golden_saves/README.md``. ``--hand-order`` needs a version
whose saves keep ``hand_orders``, ``--at-summary`` one whose saves keep ``hand_summary``.
"""

from __future__ import annotations

import argparse
import random
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardtable_gui.cards import Suit
from cardtable_gui.persistence.saves import SavedGame, SavedHandSummary, SavedTotal
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.base import Action, RoundScored
from cardtable_gui.seats import MatchConfig, SeatConfig, SeatKind

NAMES = ("Ada", "Bruno", "Carla", "Dario", "Elsa", "Fausto", "Gina", "Hugo")
MOST_MOVES = 160
"""A game in progress stops here even if its first hand has not been scored."""
MOVES_INTO_THE_NEXT_HAND = 5
FREE_FIRST_LEAD = "first_trick_spade_lead"
"""The Spades house rule that lets a spade lead the first trick, where the version has
it (before it existed that lead was always free)."""
ATTEMPTS = 50
"""Seeds tried, one after the other, for a game that shows what its file is for."""


class NoSuchGame(RuntimeError):
    """No seed tried made the game asked for: a Spades hand whose first leader held a
    spade beside other suits, or a game still in progress at its stopping point."""


def first_spade_lead(state: Any, legal: Sequence[Action]) -> Action | None:
    """At the first lead of a Spades hand, a spade from a leader who also holds another
    suit; otherwise None. (``state`` is a Spades state of whichever version runs.)"""
    phase = getattr(state, "phase", None)
    if phase is None or phase.name != "PLAYING" or state.trick.plays or state.completed:
        return None
    if all(card.suit is Suit.SPADES for card in state.hands[state.to_move]):
        return None
    spades = [a for a in legal if getattr(a, "card", None) and a.card.suit is Suit.SPADES]  # type: ignore[attr-defined]
    return spades[0] if spades else None


def play(
    game: str,
    label: str,
    *,
    spade_lead: bool = False,
    finished: bool = False,
    hand_order: bool = False,
    at_summary: bool = False,
) -> SavedGame:
    """A save of ``game`` played by random legal moves seeded from ``label``: the first
    seed whose game is what was asked for (in progress unless ``finished``, a spade led
    to trick 1 with ``spade_lead``); with ``hand_order``, the first seat's hand kept in
    the reverse of the order its view gives; with ``at_summary``, saved at the moment
    the first hand was scored, with a summary of the scores up."""
    for attempt in range(ATTEMPTS):
        seed = zlib.crc32(f"{label}-{game}-{spade_lead}-{finished}-{attempt}".encode())
        saved = _play_seed(game, label, seed, spade_lead, finished, hand_order, at_summary)
        if saved is not None:
            return saved
    raise NoSuchGame(f"No seed of {ATTEMPTS} made the {game} game asked for.")


def _play_seed(
    game: str, label: str, seed: int, spade_lead: bool, finished: bool, hand_order: bool, at_summary: bool
) -> SavedGame | None:
    rules = GAMES[game]
    counts = rules.player_counts
    players = counts[0] if finished else counts[len(counts) // 2]
    seats = tuple(
        SeatConfig(name=name, kind=SeatKind.HUMAN if seat == 0 else SeatKind.AI)
        for seat, name in enumerate(NAMES[:players])
    )
    config = MatchConfig(game=game, seats=seats, seed=seed)
    free_lead = spade_lead and FREE_FIRST_LEAD in rules.Options.model_fields
    options = rules.Options(**{FREE_FIRST_LEAD: True}) if free_lead else rules.Options()
    state = rules.new_game(players, options, seed)
    rng = random.Random(seed)
    actions: list[Action] = []
    scored_at: int | None = None
    spade_leads = 0

    def far_enough() -> bool:
        if finished:
            return False
        if scored_at is None:
            return len(actions) >= MOST_MOVES
        return at_summary or len(actions) - scored_at >= MOVES_INTO_THE_NEXT_HAND

    while state.to_move is not None and not far_enough():
        legal = state.legal_actions()
        action = first_spade_lead(state, legal) if spade_lead else None
        spade_leads += action is not None
        action = action or rng.choice(legal)
        events = state.apply(action)
        actions.append(action)
        if scored_at is None and any(isinstance(event, RoundScored) for event in events):
            scored_at = len(actions)
    if state.is_over is not finished or (spade_lead and not spade_leads):
        return None
    saved = SavedGame.capture(config, actions, state, name=f"{label} {rules.title}")
    if at_summary:
        return saved.model_copy(update={"hand_summary": _summary(config, state)})
    if not hand_order:
        return saved
    hand = tuple(str(card) for card in state.view(0).hand)
    return saved.model_copy(update={"hand_orders": {0: hand[::-1]}})


def _summary(config: MatchConfig, state: Any) -> SavedHandSummary:
    """A summary of the scores after the first hand, as the table would keep it."""
    names = [seat.name for seat in config.seats]
    return SavedHandSummary(
        title="Hand 1",
        headers=("Player", "Score"),
        rows=tuple((name, str(score)) for name, score in zip(names, state.scores, strict=True)),
        notes=("Saved while this summary was up.",),
        totals=tuple(SavedTotal(label=name, total=score) for name, score in zip(names, state.scores, strict=True)),
        go_on="Next hand",
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the folder to write the saves to")
    parser.add_argument("label", help="the first part of each file name: the commit's short hash")
    parser.add_argument(
        "--spade-lead", action="store_true", help="add a Spades save that leads a spade to trick 1"
    )
    parser.add_argument(
        "--finished", action="append", default=[], choices=sorted(GAMES), help="add a finished game"
    )
    parser.add_argument(
        "--hand-order", action="store_true", help="add a Hand and Foot save with the hand in an order of its own"
    )
    parser.add_argument(
        "--at-summary", action="store_true", help="add a Spades save made while its first hand's summary was up"
    )
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    wanted: list[tuple[str, str, dict[str, bool]]] = [(game, "", {}) for game in GAMES]
    if args.spade_lead:
        wanted.append(("spades", "-spade-led-to-trick-1", {"spade_lead": True}))
    wanted += [(game, "-finished", {"finished": True}) for game in args.finished]
    if args.hand_order:
        wanted.append(("hand_and_foot", "-hand-order", {"hand_order": True}))
    if args.at_summary:
        wanted.append(("spades", "-at-summary", {"at_summary": True}))
    for game, what, how in wanted:
        saved = play(game, args.label, **how)
        path = args.out / f"{args.label}-{game}{what}.json"
        path.write_bytes(saved.to_bytes())
        print(f"{path.name}: {len(saved.actions)} moves", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
