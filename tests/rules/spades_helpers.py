"""Stacked Spades deals for tests: say who holds what, get the game."""

from __future__ import annotations

from cardtable_gui.cards import Card, Suit, french_deck, parse_cards
from cardtable_gui.rules.spades import SpadesOptions, SpadesRules, SpadesState

RULES = SpadesRules()


def deal_hands(hands: list[str], seed: int = 1, options: SpadesOptions | None = None) -> SpadesState:
    """A new game whose first deal gives ``hands[seat]`` to each seat. Hands may be
    partial; the rest of the pack fills them up in order."""
    wanted = [parse_cards(h) for h in hands]
    used = {c for h in wanted for c in h}
    rest = [c for c in french_deck() if c not in used]
    for hand in wanted:
        while len(hand) < 13:
            hand.append(rest.pop(0))
    dealer = RULES.new_game(4, options, seed=seed).dealer
    deck = [wanted[(dealer + 1 + i) % 4][i // 4] for i in range(52)]
    return RULES.new_game(4, options, seed=seed, deck=deck)


def suit_cards(suit: Suit) -> list[Card]:
    return [c for c in french_deck() if c.suit is suit]
