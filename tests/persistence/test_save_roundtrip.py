"""Every registered game survives a save: written, read back and replayed, it is the
same game, seen the same way from every seat, and plays on identically."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from pydantic import ValidationError

from cardtable_gui.cards import Card, french_deck
from cardtable_gui.persistence.saves import SavedGame, SavedHandSummary, SavedTotal, SaveStore, restore
from cardtable_gui.rules import GAMES

GAME_TABLES = [
    (game, players) for game, rules in GAMES.items() for players in rules.player_counts
]
SEEDS = (1, 2, 3)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("game", "players"), GAME_TABLES)
def test_saved_game_restores_the_same_game(
    game: str, players: int, seed: int, play: Callable[..., tuple], tmp_path: Path
) -> None:
    moves = random.Random(seed).randrange(0, 400)
    config, state, actions = play(game, players, seed, moves)
    saved = SavedGame.capture(config, actions, state, name="round trip")

    store = SaveStore(tmp_path)
    loaded = store.load(store.save_named(saved))
    assert loaded == saved
    restored_config, restored, restored_actions = restore(loaded)

    rules = GAMES[game]
    assert restored_config.model_copy(update={"options": {}}) == config
    assert rules.Options(**restored_config.options) == rules.Options(**config.options)
    assert [str(a) for a in restored_actions] == [str(a) for a in actions]
    assert restored.digest() == state.digest()
    for seat in [*range(players), None]:
        assert restored.view(seat) == state.view(seat)

    rng = random.Random(seed)
    for _ in range(150):
        if state.is_over:
            break
        action = rng.choice(state.legal_actions())
        assert restored.legal_actions() == state.legal_actions()
        state.apply(action)
        restored.apply(action)
        assert restored.digest() == state.digest()
    assert restored.is_over == state.is_over


@pytest.mark.parametrize(("game", "players"), GAME_TABLES)
def test_a_finished_game_restores_as_finished(
    game: str, players: int, play: Callable[..., tuple]
) -> None:
    config, state, actions = play(game, players, 11, 100_000)
    assert state.is_over
    saved = SavedGame.capture(config, actions, state)

    assert saved.summary is not None and saved.summary.is_over
    assert saved.summary.progress == "Finished"
    assert saved.summary.scores == tuple(state.scores)
    _, restored, _ = restore(SavedGame.model_validate_json(saved.to_bytes()))
    assert restored.is_over and restored.winners == state.winners


def test_a_stacked_deck_is_saved_and_replayed(play: Callable[..., tuple]) -> None:
    deck = french_deck()
    random.Random(5).shuffle(deck)
    config, state, actions = play("spades", 4, 5, 30, deck=deck)
    saved = SavedGame.capture(config, actions, state)

    assert saved.deck == tuple(str(card) for card in deck)
    restored_config, restored, _ = restore(saved)
    assert restored_config.deck == saved.deck
    assert restored.digest() == state.digest()


def test_the_summary_says_where_the_game_stands(play: Callable[..., tuple]) -> None:
    config, state, actions = play("spades", 4, 3, 10)
    saved = SavedGame.capture(config, actions, state, name="Tuesday")

    assert saved.summary is not None
    assert saved.summary.title == "Spades"
    assert saved.summary.progress == "Hand 1"
    assert saved.summary.players == ("Ada", "Bot 1", "Bot 2", "Bot 3")
    assert saved.summary.scores == (0, 0, 0, 0)
    assert not saved.summary.is_over
    assert saved.name == "Tuesday"


@pytest.mark.parametrize(
    ("game", "players", "progress"),
    [
        ("spades", 4, "Hand 1"),
        ("arizona_spaghetti", 4, "Round 1"),
        ("spizzichino", 2, "Round 1"),
        ("spinado", 4, "Hand 1"),
        ("hand_and_foot", 4, "Round 1"),
    ],
)
def test_every_game_names_its_hand_or_round_on_the_load_screen(
    play: Callable[..., tuple], game: str, players: int, progress: str
) -> None:
    config, state, actions = play(game, players, 3, 10)

    saved = SavedGame.capture(config, actions, state)

    assert saved.summary is not None
    assert saved.summary.progress == progress


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_new_save_records_the_rules_version_it_was_played_under(
    game: str, play: Callable[..., tuple], tmp_path: Path
) -> None:
    rules = GAMES[game]
    config, state, actions = play(game, rules.player_counts[0], 4, 20)
    store = SaveStore(tmp_path)

    path = store.save_named(SavedGame.capture(config, actions, state))

    assert json.loads(path.read_bytes())["rules_version"] == rules.rules_version
    assert store.load(path).rules_version == rules.rules_version


def test_a_hand_s_order_is_kept_and_a_bad_one_never_stops_the_game(play: Callable[..., tuple], tmp_path: Path) -> None:
    """A save keeps how a person had arranged their hand; a seat that is not at the
    table is damage (refused, as any), while an order naming no card is only dropped,
    since the game replays without it."""
    config, state, actions = play("hand_and_foot", 4, 3, 6)
    saved = SavedGame.capture(config, actions, state).model_copy(update={"hand_orders": {0: ("QH", "4C", "KD")}})
    store = SaveStore(tmp_path)
    loaded = store.load(store.save_named(saved))
    assert loaded.hands_in_order() == {0: [Card.parse("QH"), Card.parse("4C"), Card.parse("KD")]}
    assert SavedGame.model_validate({**saved.model_dump(mode="json"), "hand_orders": {}}).hands_in_order() == {}
    damaged = SavedGame.model_validate({**saved.model_dump(mode="json"), "hand_orders": {"0": ["QH", "??"], "1": ["4C"]}})
    assert damaged.hands_in_order() == {1: [Card.parse("4C")]}
    with pytest.raises(ValidationError):
        SavedGame.model_validate({**saved.model_dump(mode="json"), "hand_orders": {"7": ["QH"]}})


def test_the_summary_up_when_saved_is_kept_word_for_word_and_a_damaged_one_refused(
    play: Callable[..., tuple], tmp_path: Path
) -> None:
    """A save made while a hand's summary was up keeps it, to show again; like any
    text a screen shows, one with control characters or beyond all measure is damage."""
    config, state, actions = play("spades", 4, 3, 60)
    summary = SavedHandSummary(
        title="Hand 1",
        headers=("Side", "Bid", "Took"),
        rows=(("Ada & Bruno", "4", "5"), ("Clara & You", "7", "8")),
        notes=("Clara & You fell short of 9: -90.",),
        totals=(SavedTotal(label="Ada & Bruno", total=41), SavedTotal(label="Clara & You", total=78, leading=True)),
        go_on="Next hand",
    )
    saved = SavedGame.capture(config, actions, state).model_copy(update={"hand_summary": summary})
    store = SaveStore(tmp_path)
    assert store.load(store.save_named(saved)).hand_summary == summary
    assert SavedGame.capture(config, actions, state).hand_summary is None
    fields = saved.model_dump(mode="json")
    for damage in ({"title": "Hand\x001"}, {"notes": ["x" * 5000]}, {"rows": [["cell"] * 100]}):
        with pytest.raises(ValidationError):
            SavedGame.model_validate({**fields, "hand_summary": {**fields["hand_summary"], **damage}})
