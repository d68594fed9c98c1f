"""Curated Spades nil positions: covering a partner's nil, setting an opponent's, and
never throwing a sure trick away on a nil trick.

Each position is a stacked first deal, the bids and the cards played so far; the
player to move is asked for its card. The Medium player (the heuristic) must be right
in every one; the Hard player (the search) must be right for at least 95% of seeds.
A quick run of the Hard check uses a few seeds per position; set ``CARDTABLE_LONG=1``
for twenty seeds each.

Seats are named by their place in the first trick: ``lead``, ``second``, ``third``
and ``fourth``; ``second`` and ``fourth`` are partners, as are ``lead`` and ``third``.
"""

from __future__ import annotations

import dataclasses
import math
import os
import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from cardtable_gui.ai.search import SearchAgent
from cardtable_gui.ai.spades import SpadesHeuristic, nil_cover
from cardtable_gui.cards import Card, Rank, Suit
from cardtable_gui.rules.spades import LOOK, Bid, PlayCard, SpadesRules, SpadesState
from tests.rules.spades_helpers import deal_hands

RULES = SpadesRules()
ROLES = ("lead", "second", "third", "fourth")
LONG = os.environ.get("CARDTABLE_LONG") == "1"
HARD_SEEDS = 20 if LONG else 3


@dataclass(frozen=True)
class Position:
    """A nil position and what a right answer looks like."""

    name: str
    hands: dict[str, str]
    bids: dict[str, int]
    plays: tuple[str, ...]
    right: Callable[[Card], bool]
    seed: int = 1


def card(text: str) -> Card:
    return Card.parse(text)


def one_of(*texts: str) -> Callable[[Card], bool]:
    allowed = {card(t) for t in texts}
    return lambda chosen: chosen in allowed


POSITIONS = [
    Position(
        "cover the partner's nil with the lowest heart that beats it",
        hands={
            "lead": "3H 2D 3D 4D",
            "second": "9H 2C 3C",
            "third": "4H 5D 6D",
            "fourth": "KH 10H 2H AS 5S 9C 10C JC QC 8D 9D 10D JD",
        },
        bids={"second": 0, "lead": 4, "third": 4, "fourth": 4},
        plays=("3H", "9H", "4H"),
        right=one_of("10H"),
    ),
    Position(
        "ruff the partner's nil trick with the lowest spade, not the highest",
        hands={
            "lead": "3H 2D 3D 4D",
            "second": "9H 2C 3C",
            "third": "4H 5D 6D",
            "fourth": "AS QS 4S 9C 10C JC QC KC 8D 9D 10D JD QD",
        },
        bids={"second": 0, "lead": 4, "third": 4, "fourth": 4},
        plays=("3H", "9H", "4H"),
        right=one_of("4S"),
    ),
    Position(
        "the partner's nil is safe: keep the king, play low",
        hands={
            "lead": "10H 2D 3D 4D",
            "second": "2H 2C 3C",
            "third": "AH 5D 6D",
            "fourth": "KH 3H AS 5S 9C 10C JC QC 8D 9D 10D JD QD",
        },
        bids={"second": 0, "lead": 4, "third": 4, "fourth": 4},
        plays=("10H", "2H", "AH"),
        right=one_of("3H"),
    ),
    Position(
        "set the opponent's nil: duck under the nil bidder's diamond",
        hands={
            "lead": "2D 2H 3H",
            "second": "3D 4H",
            "third": "8D 5H 6H",
            "fourth": "QD 5D AS 5S 9C 10C JC QC KC 8H 9H 10H JH",
        },
        bids={"third": 0, "lead": 4, "second": 4, "fourth": 4},
        plays=("2D", "3D", "8D"),
        right=one_of("5D"),
    ),
    Position(
        "on the opponent's nil trick, discard low and keep the ace",
        hands={
            "lead": "2D 2H 3H",
            "second": "3D 4H",
            "third": "8D 5H 6H",
            "fourth": "AC 4C 3C KH AH 7H 8H 9H 7S 2S 3S 4S 5S",
        },
        bids={"third": 0, "lead": 4, "second": 4, "fourth": 4},
        plays=("2D", "3D", "8D"),
        right=lambda chosen: chosen.suit is not Suit.SPADES and chosen.rank <= Rank.NINE,
    ),
    Position(
        "under a partner who is covering the nil, stay under and never overtake",
        hands={
            "lead": "KH 2D 3D 4D",
            "second": "6H 2C 3C",
            "third": "AH 9H 2H 2S 3S 4S 5C 6C 7C 5D 6D 7D 8D",
            "fourth": "5H 8C",
        },
        bids={"third": 0, "lead": 5, "second": 4, "fourth": 4},
        plays=("KH", "6H"),
        right=one_of("9H", "2H"),
    ),
]


def seat_of(state: SpadesState, role: str) -> int:
    return (state.dealer + 1 + ROLES.index(role)) % 4


def build(position: Position) -> SpadesState:
    """Deal the hands, make the bids and play the cards of ``position``."""
    dealer = RULES.new_game(4, seed=position.seed).dealer
    hands = [""] * 4
    for role, cards in position.hands.items():
        hands[(dealer + 1 + ROLES.index(role)) % 4] = cards
    state = deal_hands(hands, seed=position.seed)
    while state.legal_actions() and isinstance(state.legal_actions()[0], Bid | type(LOOK)):
        seat = state.to_move
        if LOOK in state.legal_actions():
            state.apply(LOOK)
            continue
        role = ROLES[(seat - dealer - 1) % 4]
        state.apply(Bid(position.bids[role]))
    for text in position.plays:
        state.apply(PlayCard(card(text)))
    return state


def ask(agent: object, state: SpadesState) -> Card:
    seat = state.to_move
    assert seat is not None
    action = agent.choose(state.view(seat), state.legal_actions())  # type: ignore[attr-defined]
    assert isinstance(action, PlayCard)
    return action.card


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.name)
def test_medium_plays_the_nil_position_right(position: Position) -> None:
    state = build(position)
    seat = state.to_move
    assert seat is not None
    chosen = ask(SpadesHeuristic(seat, random.Random(0)), state)
    assert position.right(chosen), f"{position.name}: Medium played {chosen}"


def hard(seat: int, seed: int) -> SearchAgent:
    """The Hard player bounded by its work alone, without even the safety cap on its
    processor time."""
    return SearchAgent(RULES, seat, random.Random(seed), max_seconds=math.inf)


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.name)
def test_hard_plays_the_nil_position_right_for_nearly_every_seed(position: Position) -> None:
    state = build(position)
    seat = state.to_move
    assert seat is not None
    wrong = [
        (seed, chosen)
        for seed in range(HARD_SEEDS)
        if not position.right(chosen := ask(hard(seat, seed), state))
    ]
    allowed = int(0.05 * HARD_SEEDS)
    assert len(wrong) <= allowed, f"{position.name}: Hard was wrong for seeds {wrong}"


COVER_WHILE_THE_NIL_BIDDER_IS_TO_PLAY = [
    Position(
        "cover with the ace: the nil bidder plays last and may hold high diamonds",
        hands={
            "lead": "3D 5D 6D 9D 3S 5S 6S 7S 4H 8H 9H 3C 5C",
            "second": "AD 10D 7D 4D AS KS 9S AH KH JH AC KC QC",
            "third": "2D 8D KD 8S 10S JS QS 10H QH 7C 8C 10C JC",
            "fourth": "QD JD 2S 4S 2H 3H 5H 6H 7H 2C 4C 6C 9C",
        },
        bids={"fourth": 0, "lead": 3, "second": 5, "third": 4},
        plays=("3D",),
        right=one_of("AD"),
    ),
    Position(
        "cover with the ace from a weaker hand, though the ten would do on most deals",
        hands={
            "lead": "3D 5D 6D 9D 3S 6S 7S AS 4H 8H AH 3C 5C",
            "second": "AD 10D 7D 4D 9S 5S KH QH JH KC 10C 8C 2C",
            "third": "2D 8D KD 8S 10S JS QS KS 10H 9H 7C AC JC",
            "fourth": "QD JD 2S 4S 2H 3H 5H 6H 7H QC 4C 6C 9C",
        },
        bids={"fourth": 0, "lead": 3, "second": 3, "third": 5},
        plays=("3D",),
        right=one_of("AD"),
    ),
    Position(
        "cover with the ace rather than the seven, the opponent's ten and king still out",
        hands={
            "lead": "3D 5D 6D 9D 3S 6S 7S AS 4H 8H AH 3C 5C",
            "second": "AD 7D 4D 9S 5S 2S KH QH JH KC 10C 8C 2C",
            "third": "2D 8D 10D KD 8S 10S JS QS KS 10H 9H AC JC",
            "fourth": "QD JD 4S 2H 3H 5H 6H 7H 7C QC 4C 6C 9C",
        },
        bids={"fourth": 0, "lead": 3, "second": 3, "third": 5},
        plays=("3D",),
        right=one_of("AD"),
    ),
]
"""Covering a partner's nil with the highest card of the suit while the nil bidder is
still to play: the deals where the cheaper card loses the nil are few, so a search
that weighs the two on sampled deals often misses them; it must not."""


@pytest.mark.parametrize("position", COVER_WHILE_THE_NIL_BIDDER_IS_TO_PLAY, ids=lambda p: p.name)
def test_hard_covers_the_nil_with_the_high_card_in_at_least_eleven_of_twelve_seeds(position: Position) -> None:
    state = build(position)
    seat = state.to_move
    assert seat is not None
    assert position.right(ask(SpadesHeuristic(seat, random.Random(0)), state))
    wrong = [(seed, chosen) for seed in range(12) if not position.right(chosen := ask(hard(seat, seed), state))]
    assert len(wrong) <= 1, f"{position.name}: Hard was wrong for seeds {wrong}"


def test_hard_explains_the_cover_in_the_hand_s_own_terms() -> None:
    state = build(COVER_WHILE_THE_NIL_BIDDER_IS_TO_PLAY[0])
    seat = state.to_move
    assert seat is not None
    advice = hard(seat, 0).advise(state.view(seat), state.legal_actions())
    assert advice.action == PlayCard(card("AD"))
    assert "your partner plays after you" in advice.reason


def test_no_cover_is_forced_once_the_partner_s_nil_is_broken_or_the_partner_has_played() -> None:
    position = COVER_WHILE_THE_NIL_BIDDER_IS_TO_PLAY[0]
    state = build(position)
    seat = state.to_move
    assert seat is not None
    assert nil_cover(state.view(seat), state.legal_actions(), seat) == PlayCard(card("AD"))
    partner_played = build(POSITIONS[0])
    to_move = partner_played.to_move
    assert to_move is not None
    assert nil_cover(partner_played.view(to_move), partner_played.legal_actions(), to_move) is None
    broken = dataclasses.replace(state.view(seat), tricks_won=(0, 1, 0, 1))
    assert nil_cover(broken, state.legal_actions(), seat) is None
