"""Every hinted move can be made with the control the hint points to.

For each game, at its smallest and largest table, the person in the bottom seat plays
seeded games against computers and, at each of at least 200 decisions per game,
presses H and carries out the hint only through what it marks: the outlined card
dragged to the table or clicked twice, the ringed bid, pile, stack, book or button
clicked, a meld's outlined cards chosen and laid down. The match must then have
applied exactly the hinted move. One app serves every table; each table is played
decision after decision.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from cardtable_gui.app_window import App
from cardtable_gui.rules import hand_and_foot as hf
from cardtable_gui.rules.base import Action
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from tests.scenes.hint_path_support import PathResult, follow_hint, move_on, next_decision
from tests.scenes.test_table_support import make_app

POSITIONS = 200
"""Hinted moves carried out per game, shared out between its table sizes."""

TABLES: dict[str, tuple[int, ...]] = {
    "spades": (4,),
    "arizona_spaghetti": (3, 8),
    "spizzichino": (2,),
    "spinado": (3, 5),
    "hand_and_foot": (2, 6),
}
"""Each game's smallest and largest table."""

FIRST_SEED = 3
"""The first seeded game at each table; a table that ends early goes on with the next
seed. At seed 3 Hand and Foot's sample holds every kind of move in ``HAND_AND_FOOT_KINDS``."""

PACE = 10.0
"""The table's animations run this many times faster than the player's setting: what
is tested is where things are and what the clicks do, not how long a flight takes."""

HAND_AND_FOOT_KINDS = frozenset(
    {"Meld of several books", "Meld of wilds onto a named book", "TakePile with an opening"}
)
"""Hand and Foot moves whose control does more than place one card: Lay down with chosen
cards of several ranks starts or extends one book per rank; wilds alone go onto the
book the hint names; the ringed Take button lays down the opening named with the take."""

_tours: dict[str, list[PathResult]] = {}


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    app = make_app(tmp_path_factory.mktemp("hint_path"))
    yield app
    app.quit()


def config(game: str, players: int, seed: int) -> MatchConfig:
    seats = tuple(
        SeatConfig(name=f"Seat {i + 1}", kind=SeatKind.HUMAN if i == 0 else SeatKind.AI, level=AILevel.EASY)
        for i in range(players)
    )
    return MatchConfig(game=game, seats=seats, seed=seed)


def tour(app: App, game: str) -> list[PathResult]:
    """Follow the hint at ``POSITIONS`` decisions of ``game``, shared between its
    table sizes, a new seeded game whenever one ends (once per test session)."""
    if game in _tours:
        return _tours[game]
    results: list[PathResult] = []
    sizes = TABLES[game]
    for number, players in enumerate(sizes):
        wanted = POSITIONS * (number + 1) // len(sizes)
        seed = FIRST_SEED
        while len(results) < wanted:
            scene = TableScene(app, config(game, players, seed), pace=PACE)
            app.scenes.push(scene)
            while len(results) < wanted and next_decision(app, scene):
                result = follow_hint(app, scene, by_drag=len(results) % 2 == 0)
                results.append(result)
                if not result.ok:
                    move_on(app, scene, result)
            app.scenes.pop()
            seed += 1
    _tours[game] = results
    return results


def hand_and_foot_kind(move: Action | None) -> str:
    """A Hand and Foot move's kind, told apart as far as Lay down handles it."""
    if isinstance(move, hf.Meld):
        if len(move.groups) > 1:
            return "Meld of several books"
        group = move.groups[0]
        if group.book is not None and all(hf.is_wild(card) for card in group.cards):
            return "Meld of wilds onto a named book"
    if isinstance(move, hf.TakePile) and move.meld:
        return "TakePile with an opening"
    return type(move).__name__


def failures(results: list[PathResult]) -> str:
    """The failed cases, one line each: the move, the hint's words, what went wrong."""
    return "\n".join(f"{r.move} ({r.reason!r}): {r.failure}" for r in results if not r.ok)


def kinds(results: list[PathResult]) -> Counter[str]:
    return Counter(r.kind for r in results)


@pytest.mark.parametrize("game", ["spades", "arizona_spaghetti", "spizzichino", "spinado"])
def test_every_hinted_move_is_made_through_what_the_hint_marks(app: App, game: str) -> None:
    results = tour(app, game)
    assert len(results) >= POSITIONS
    assert not failures(results), f"{game}, hints tried {dict(kinds(results))}:\n{failures(results)}"


def test_hand_and_foot_hinted_moves_are_made_through_what_the_hint_marks(app: App) -> None:
    """As for the other games, over a sample that holds every kind of move whose control
    does more than place one card. (One test, so the tour is played once per session.)"""
    results = tour(app, "hand_and_foot")
    assert len(results) >= POSITIONS
    tried = Counter(hand_and_foot_kind(r.move) for r in results)
    assert HAND_AND_FOOT_KINDS <= set(tried), f"the sample holds every such kind: {dict(tried)}"
    assert not failures(results), f"hints tried {dict(tried)}:\n{failures(results)}"
