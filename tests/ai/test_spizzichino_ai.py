"""The Spizzichino heuristic: it only ever picks legal actions, and it beats random play."""

from __future__ import annotations

import random

from cardtable_gui.ai import make_agent
from cardtable_gui.cards import Card, Suit, italian_deck, parse_cards
from cardtable_gui.rules.spizzichino import (
    LiftCard,
    PlayCard,
    SpizzichinoRules,
    StandPile,
    TakePile,
)
from cardtable_gui.simulate import play_game, simulate

RULES = SpizzichinoRules()


def test_heuristic_only_chooses_legal_actions() -> None:
    for seed in range(4):
        state = RULES.new_game(2, seed=seed)
        agents = [
            make_agent("heuristic", "spizzichino", s, random.Random(seed + s)) for s in range(2)
        ]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions()
            action = agents[seat].choose(state.view(seat), legal)
            assert action in legal
            state.apply(action)


def test_heuristic_beats_random() -> None:
    games = 40
    result, _ = simulate(RULES, ["heuristic", "random"], games, seed=3)
    swapped, _ = simulate(RULES, ["random", "heuristic"], games, seed=4)
    rate = (result.wins[0] + swapped.wins[1]) / (2 * games)
    assert rate > 0.55


def test_heuristic_takes_a_point_trick_cheaply() -> None:
    # Piles 0-1 go to the first player's hand, 4-5 to the dealer's; the dealer's second
    # stack (pile 7) shows the 3Co with the 2Co under it.
    top = parse_cards("4Co 5Co 6Co 7Co FCo CCo RCo 4De 5De 6De")
    dealer_hand = parse_cards("4Sp 5Sp 6Sp 7Sp FSp CSp RSp 4Ba 5Ba 6Ba")
    stack = parse_cards("3Co 2Co")
    rest = [c for c in italian_deck() if c not in top + dealer_hand + stack]
    deck = top + rest[:10] + dealer_hand + rest[10:15] + stack + rest[15:]
    state = RULES.new_game(2, seed=1, deck=deck)
    for action in (TakePile(0), TakePile(1), StandPile(2), StandPile(3), TakePile(4), TakePile(5)):
        state.apply(action)
    other = state.dealer
    assert state.view(other).stack_tops[other][1] == Card.parse("3Co")
    state.apply(PlayCard(Card.parse("RCo")))
    agent = make_agent("heuristic", "spizzichino", other, random.Random(1))
    # Lifting costs nothing here (it can follow suit anyway) and uncovers the 2Co,
    # the cheapest card that takes the re.
    lifts = 0
    action = agent.choose(state.view(other), state.legal_actions())
    while isinstance(action, LiftCard):
        lifts += 1
        state.apply(action)
        action = agent.choose(state.view(other), state.legal_actions())
    assert lifts >= 1
    assert action == PlayCard(Card.parse("2Co"))


def test_heuristic_chooses_piles_blind() -> None:
    state = RULES.new_game(2, seed=8)
    seat = state.to_move
    assert seat is not None
    agent = make_agent("heuristic", "spizzichino", seat, random.Random(2))
    action = agent.choose(state.view(seat), state.legal_actions())
    assert isinstance(action, TakePile | StandPile)


def test_a_whole_game_between_heuristics_ends() -> None:
    state = play_game(RULES, ["heuristic", "heuristic"], seed=12)
    assert state.is_over and len(state.winners) == 1


def test_heuristic_lifts_into_a_declaration_even_when_void() -> None:
    first = parse_cards("4Co 5Co 6Co 7Co FCo CCo RCo 4De 5De 6De")
    dealer_hand = parse_cards("1De 1Sp 4Ba 5Ba 6Ba 7Ba FBa CBa RBa 4Sp")
    lift = parse_cards("1Ba")
    rest = [c for c in italian_deck() if c not in first + dealer_hand + lift]
    deck = first + rest[:10] + dealer_hand + lift + rest[10:]
    state = RULES.new_game(2, seed=1, deck=deck)
    for action in (TakePile(0), TakePile(1), StandPile(2), StandPile(3), TakePile(4), TakePile(5)):
        state.apply(action)
    dealer = state.dealer
    state.apply(PlayCard(Card.parse("4Co")))
    view = state.view(dealer)
    tops = [c for c in view.stack_tops[dealer] if c is not None]
    assert not any(c.suit is Suit.COPPE for c in tops + list(view.hand))
    agent = make_agent("heuristic", "spizzichino", dealer, random.Random(1))
    assert agent.choose(view, state.legal_actions()) == LiftCard(0)
