"""Golden games: seeded random games of every game at every table size, replayed and
compared with a record made before the rules were optimized.

Each record pins, through hashes, everything a game does: the state after every action
(``digest``), the events every action returned, the view of the seat to move after every
action, and at regular checkpoints every seat's view, a clone played on a few moves, a
determinized sample played on a few moves, and moves from outside the legal list tried
on a copy (the message of an illegal one, which must change nothing, or where an accepted
one leads). A change of any result, however small, fails here.

The record is ``golden/games.json``. Make it again only when a rule changes on purpose:

    PYTHONPATH=. python tests/rules/test_golden_games.py
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from cardtable_gui.rules import GAMES, Action, GameState, IllegalAction
from cardtable_gui.rules.base import canonical

GOLDEN = Path(__file__).parent / "golden" / "games.json"
MOVES_AFTER_A_COPY = 3


@dataclass(frozen=True)
class Case:
    """One seeded random game: the rules' own seed and the seed of the random player."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    checkpoint_every: int = 5

    @property
    def key(self) -> str:
        options = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game}-{self.players}p-seed{self.seed}" + (f"-{options}" if options else "")


def _cases() -> list[Case]:
    cases: list[Case] = []
    for seed in (1, 2, 3):
        cases.append(Case("spades", 4, seed))
    cases.append(Case("spades", 4, 4, {"partnerships": False, "target": 200, "bag_penalty": False}))
    cases.append(Case("spades", 4, 5, {"nil_allowed": False, "blind_nil_allowed": False, "target": 300}))
    for players in GAMES["arizona_spaghetti"].player_counts:
        cases += [Case("arizona_spaghetti", players, seed) for seed in (1, 2)]
    cases.append(Case("arizona_spaghetti", 4, 3, {"early_end": False}))
    for players in GAMES["spinado"].player_counts:
        cases += [Case("spinado", players, seed) for seed in (1, 2)]
    cases.append(Case("spinado", 4, 3, {"starting_chips": 12}))
    cases += [Case("spizzichino", 2, seed) for seed in (1, 2, 3)]
    cases.append(Case("spizzichino", 2, 4, {"declarations": False, "target": 21}))
    for players in GAMES["hand_and_foot"].player_counts:
        cases += [Case("hand_and_foot", players, seed, {"rounds": 1}, 20) for seed in (1, 2)]
    cases.append(Case("hand_and_foot", 4, 3, {}, 60))
    cases.append(
        Case(
            "hand_and_foot",
            6,
            4,
            {"rounds": 2, "teams": "2v2v2", "red_threes": True, "pile_wild_pair": True, "draw_count": 3},
            30,
        )
    )
    return cases


CASES = _cases()


class Trail:
    """A running hash of many texts, so a long game is pinned by one short string."""

    def __init__(self) -> None:
        self._hash = hashlib.sha256()

    def add(self, text: str) -> None:
        self._hash.update(text.encode())
        self._hash.update(b"\n")

    def hexdigest(self) -> str:
        return self._hash.hexdigest()[:32]


def _play_a_few(state: GameState[Any], rng: random.Random) -> None:
    for _ in range(MOVES_AFTER_A_COPY):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))


def _checkpoint(
    case: Case, state: GameState[Any], step: int, tried: list[Action], trails: dict[str, Trail]
) -> None:
    rules = GAMES[case.game]
    before = state.digest()
    for seat in [*range(state.players), None]:
        trails["views"].add(canonical(state.view(seat)))

    copy = state.clone()
    assert copy.digest() == before
    _play_a_few(copy, random.Random(step))
    trails["clones"].add(copy.digest())
    assert state.digest() == before, "playing on a clone changed the original"

    seat = state.to_move
    if seat is not None:
        try:
            sample = rules.determinize(state.view(seat), random.Random(step))
        except Exception as error:  # noqa: BLE001 - the failure itself is part of the record
            trails["determinize"].add(f"{type(error).__name__}: {error}")
        else:
            trails["determinize"].add(sample.digest())
            _play_a_few(sample, random.Random(step + 1))
            trails["determinize"].add(sample.digest())
        assert state.digest() == before, "determinize changed the state"

    legal = state.legal_actions()
    pick = random.Random(step)
    illegal = [a for a in tried if a not in legal]
    for action in pick.sample(illegal, min(4, len(illegal))):
        # On a copy: some games accept moves their list leaves out (Hand and Foot lists
        # one way to meld, not all of them), and those are recorded too.
        trial = state.clone()
        try:
            trial.apply(action)
        except IllegalAction as error:
            trails["illegal"].add(f"{action}: {error}")
            assert trial.digest() == before, f"the illegal {action} changed the state"
        else:
            trails["illegal"].add(f"{action} accepted: {trial.digest()}")


def replay(case: Case, trusted: bool = False) -> dict[str, Any]:
    """Play ``case`` and sum it up as the record stores it; ``trusted`` makes the moves
    with ``apply_trusted`` (then there are no events to record)."""
    rules = GAMES[case.game]
    options = rules.Options(**case.options)
    state = rules.new_game(case.players, options, seed=case.seed)
    chooser = random.Random(case.seed * 1000 + case.players)
    trails = {name: Trail() for name in ("states", "events", "views", "clones", "determinize", "illegal")}
    trails["states"].add(state.digest())
    tried: dict[str, Action] = {}
    step = 0
    while not state.is_over:
        assert step < 50_000, f"{case.key} did not end"
        if step % case.checkpoint_every == 0:
            _checkpoint(case, state, step, list(tried.values()), trails)
        legal = state.legal_actions()
        trails["states"].add(" ".join(str(a) for a in legal))
        action = chooser.choice(legal)
        tried.setdefault(str(action), action)
        if trusted:
            state.apply_trusted(action)
        else:
            trails["events"].add(canonical(state.apply(action)))
        trails["states"].add(state.digest())
        if state.to_move is not None:
            trails["views"].add(canonical(state.view(state.to_move)))
        step += 1
    return {
        "actions": step,
        "scores": list(state.scores),
        "winners": list(state.winners),
        "final": state.digest()[:32],
        **{name: trail.hexdigest() for name, trail in trails.items()},
    }


def _golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("case", CASES, ids=[case.key for case in CASES])
def test_a_seeded_random_game_plays_exactly_as_recorded(case: Case) -> None:
    expected = _golden()[case.key]
    actual = replay(case)
    assert actual == expected


@pytest.mark.parametrize("case", CASES, ids=[case.key for case in CASES])
def test_the_trusted_path_plays_the_same_game(case: Case) -> None:
    expected = _golden()[case.key]
    actual = replay(case, trusted=True)
    assert actual == expected | {"events": actual["events"]}


def test_every_game_and_table_size_has_a_golden_game() -> None:
    covered = {(case.game, case.players) for case in CASES}
    assert covered == {(name, n) for name, rules in GAMES.items() for n in rules.player_counts}
    assert set(_golden()) == {case.key for case in CASES}


def record() -> None:
    GOLDEN.parent.mkdir(exist_ok=True)
    data = {case.key: replay(case) for case in CASES}
    GOLDEN.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(data)} games in {GOLDEN}", file=sys.stderr)


if __name__ == "__main__":
    record()
