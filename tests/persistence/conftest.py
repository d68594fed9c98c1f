"""Shared set-up for the persistence tests: a data directory of their own, random games
to save, and a count of the characters of shown text examined one by one."""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from cardtable_gui.cards import Card
from cardtable_gui.persistence.paths import DATA_DIR_VARIABLE
from cardtable_gui.persistence.saves import SavedGame
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.base import Action, GameState
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

RandomGame = tuple[MatchConfig, GameState[Any], list[Action]]


@pytest.fixture(autouse=True, scope="session")
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """No test may touch the real data directory."""
    folder = tmp_path_factory.mktemp("data")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(DATA_DIR_VARIABLE, str(folder))
        yield folder


def table(game: str, players: int) -> tuple[SeatConfig, ...]:
    """A person in seat 0 and computers of mixed levels elsewhere."""
    levels = list(AILevel)
    return tuple(
        SeatConfig(name="Ada", kind=SeatKind.HUMAN)
        if seat == 0
        else SeatConfig(name=f"Bot {seat}", kind=SeatKind.AI, level=levels[seat % len(levels)])
        for seat in range(players)
    )


def random_game(
    game: str, players: int, seed: int, moves: int, deck: list[Card] | None = None
) -> RandomGame:
    """A game of ``game`` after up to ``moves`` random legal actions (fewer if it ends)."""
    rules = GAMES[game]
    config = MatchConfig(
        game=game,
        seats=table(game, players),
        seed=seed,
        deck=tuple(str(card) for card in deck) if deck else None,
    )
    state = rules.new_game(players, rules.Options(), seed=seed, deck=deck)
    rng = random.Random(seed * 7919 + moves)
    actions: list[Action] = []
    while len(actions) < moves and not state.is_over:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
    return config, state, actions


@pytest.fixture(scope="session")
def play() -> Callable[..., RandomGame]:
    return random_game


def save_of_random_game(
    game: str, players: int, seed: int, moves: int, name: str | None = None
) -> SavedGame:
    """A save of ``random_game(game, players, seed, moves)``."""
    config, state, actions = random_game(game, players, seed, moves)
    return SavedGame.capture(config, actions, state, name=name)


@pytest.fixture(scope="session")
def save_of() -> Callable[..., SavedGame]:
    return save_of_random_game


@pytest.fixture
def examined(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every character whose category the checks of shown text look up from here on:
    a bound on a field's length must refuse a huge field before any of these."""
    looked_at: list[str] = []

    def category(character: str) -> str:
        looked_at.append(character)
        return unicodedata.category(character)

    monkeypatch.setattr("cardtable_gui.shown_text.unicodedata", SimpleNamespace(category=category))
    return looked_at
