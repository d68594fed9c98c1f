"""The shared pieces of every game's rules in ``rules/base.py``."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field

import pytest

from cardtable_gui.cards import Card, parse_cards
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.base import RULE_CHANGE, canonical


@pytest.mark.parametrize("name", sorted(GAMES))
def test_default_options_are_the_fields_defaults_and_shared(name: str) -> None:
    options_type = GAMES[name].Options
    assert options_type.default() == options_type()
    assert options_type.default() is options_type.default()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_without_options_plays_by_the_defaults(name: str) -> None:
    rules = GAMES[name]
    players = rules.player_counts[0]
    assert rules.new_game(players, seed=7).options == rules.Options()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_earlier_rules_version_says_how_to_play_as_it_did(name: str) -> None:
    rules = GAMES[name]
    assert set(rules.earlier_rules) == set(range(1, rules.rules_version))
    for version, values in rules.earlier_rules.items():
        assert set(values) <= rules.Options.rule_change_fields()
        for name_of_rule in values:
            changed_in = rules.Options.model_fields[name_of_rule].json_schema_extra
            assert changed_in[RULE_CHANGE] > version  # type: ignore[index]
        rules.Options(**values)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_rule_change_is_a_house_rule_off_by_default(name: str) -> None:
    """New games play by the current rules; the earlier behaviour is there to choose."""
    rules = GAMES[name]
    for option in rules.Options.rule_change_fields():
        info = rules.Options.model_fields[option]
        assert info.default is False and info.description
        assert info.json_schema_extra[RULE_CHANGE] <= rules.rules_version  # type: ignore[index]


@dataclass(frozen=True)
class Pile:
    cards: tuple[Card, ...]
    size: int = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", len(self.cards))


def test_worked_out_fields_are_left_out_only_when_asked() -> None:
    pile = Pile(tuple(parse_cards("AS KH")))
    assert canonical(pile) == "Pile(cards=[AS,KH],size=2)"
    assert canonical([pile], worked_out=False) == "[Pile(cards=[AS,KH])]"


def test_a_position_keeps_its_fingerprint_from_before_worked_out_fields() -> None:
    """Hand and Foot's books gained a worked-out count of wilds; a save made before
    recorded the fingerprint without it, and that fingerprint is still the position's."""
    state = GAMES["hand_and_foot"].new_game(4, seed=3)
    rng = random.Random(3)
    while not any(state.books):
        state.apply(rng.choice(state.legal_actions()))
    without = hashlib.sha256(canonical(state, worked_out=False).encode()).hexdigest()
    assert without != state.digest()
    assert without in state.earlier_digests()
