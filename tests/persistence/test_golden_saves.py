"""A save made by any released version of Card Table opens in this one: it replays to
the position it recorded, under the rules it was played with, and plays on.

The saves in ``golden_saves/`` were written by those versions themselves (its README
says how); a change that breaks one fails here.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable_gui.cards import Suit
from cardtable_gui.persistence.saves import SavedGame, SaveStore, parse_save, rebuild
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.base import Action, RoundScored
from cardtable_gui.rules.spades import PlayCard, SpadesState

GOLDEN = Path(__file__).parent / "golden_saves"
SAVES = sorted(GOLDEN.glob("*.json"))
SPADE_LED = [path for path in SAVES if path.stem.endswith("-spade-led-to-trick-1")]
HAND_ORDER = [path for path in SAVES if path.stem.endswith("-hand-order")]
AT_SUMMARY = [path for path in SAVES if path.stem.endswith("-at-summary")]
MOST_MOVES = 200
BEFORE_THE_FIRST_LEAD_RULE = "ba9e28f"
"""The version just before spades were refused as the first lead of a hand."""


def version_and_game(path: Path) -> tuple[str, str]:
    """``ba9e28f-spades-spade-led-to-trick-1.json`` -> ("ba9e28f", "spades")."""
    version, rest = path.stem.split("-", 1)
    return version, next(game for game in GAMES if rest == game or rest.startswith(f"{game}-"))


def test_every_version_kept_has_a_save_of_every_game() -> None:
    games_by_version: dict[str, set[str]] = {}
    for path in SAVES:
        version, game = version_and_game(path)
        games_by_version.setdefault(version, set()).add(game)
    assert len(games_by_version) >= 5
    assert all(games == set(GAMES) for games in games_by_version.values())


@pytest.mark.parametrize("path", SAVES, ids=lambda path: path.stem)
def test_a_golden_save_replays_to_its_digest_and_plays_on(path: Path) -> None:
    data = path.read_bytes()

    game = SaveStore(GOLDEN).open(path)

    recorded = parse_save(data)
    assert [str(action) for action in game.actions] == recorded.actions
    assert recorded.digest in {game.state.digest(), *game.state.earlier_digests()}
    state = game.state
    rng = random.Random(path.name)
    more: list[Action] = []
    while not state.is_over and len(more) < MOST_MOVES:
        action = rng.choice(state.legal_actions())
        events = state.apply(action)
        more.append(action)
        if any(isinstance(event, RoundScored) for event in events):
            break
    assert more or state.is_over
    saved_again = SavedGame.capture(game.config, [*game.actions, *more], state)
    assert rebuild(saved_again).state.digest() == state.digest()
    assert path.read_bytes() == data


def test_a_spades_save_from_before_the_first_lead_rule_leads_a_spade_to_trick_1() -> None:
    assert any(path.name.startswith(BEFORE_THE_FIRST_LEAD_RULE) for path in SPADE_LED)


@pytest.mark.parametrize("path", SPADE_LED, ids=lambda path: path.stem)
def test_the_spade_led_saves_lead_a_spade_to_trick_1_from_a_hand_with_other_suits(
    path: Path,
) -> None:
    saved = parse_save(path.read_bytes())
    game = rebuild(saved)
    replay: SpadesState = GAMES["spades"].new_game(4, game.state.options, saved.seed)
    for action in game.actions:
        first_lead = not replay.completed and not replay.trick.plays and isinstance(action, PlayCard)
        if first_lead:
            assert isinstance(action, PlayCard) and action.card.suit is Suit.SPADES
            held = replay.hands[replay.current]  # type: ignore[index]
            assert any(card.suit is not Suit.SPADES for card in held)
            return
        replay.apply(action)
    pytest.fail("no card was led to the first trick")


@pytest.mark.parametrize("path", HAND_ORDER, ids=lambda path: path.stem)
def test_a_saved_hand_order_comes_back_as_the_person_left_it(path: Path) -> None:
    """A save that kept how the person had arranged their Hand and Foot hand gives that
    order back, card for card, for the table to show."""
    game = SaveStore(GOLDEN).open(path)
    order = game.saved.hands_in_order()[0]
    hand = list(game.state.view(0).hand)
    assert sorted(order, key=str) == sorted(hand, key=str) and order != hand


@pytest.mark.parametrize("path", AT_SUMMARY, ids=lambda path: path.stem)
def test_a_save_made_at_a_hand_s_summary_keeps_it(path: Path) -> None:
    game = SaveStore(GOLDEN).open(path)
    summary = game.saved.hand_summary
    assert summary is not None and summary.title == "Hand 1"
    assert [total.total for total in summary.totals] == list(game.state.scores)
    assert game.hand_start == len(game.actions), "saved before the next hand's first move"
