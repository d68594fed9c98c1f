"""Hand and Foot's entry in the game registry: starting a game, reading actions and
dealing the hidden cards again for a search AI."""

from __future__ import annotations

import random
from collections import Counter
from typing import ClassVar

from cardtable_gui.cards import BY_ORDER, Card, french_packs, shuffle
from cardtable_gui.rules.base import Action, GameRules, GameView
from cardtable_gui.rules.hand_and_foot.actions import parse_action
from cardtable_gui.rules.hand_and_foot.options import HandAndFootOptions
from cardtable_gui.rules.hand_and_foot.state import (
    FOOT_SIZE,
    HAND_SIZE,
    TAIL_SIZE,
    HandAndFootState,
    is_red_three,
    seat_teams,
    sides_for,
)
from cardtable_gui.rules.hand_and_foot.view import HandAndFootView


def packs_needed(players: int) -> int:
    """The fewest packs (without jokers) that deal every hand, foot and tail and leave
    a draw pile big enough to replace every red three."""
    packs = 1
    while 52 * packs < players * (HAND_SIZE + FOOT_SIZE + TAIL_SIZE) + 2 + 2 * packs:
        packs += 1
    return packs


class HandAndFootRules(GameRules[HandAndFootState, HandAndFootOptions]):
    name: ClassVar[str] = "hand_and_foot"
    title: ClassVar[str] = "Hand and Foot"
    summary: ClassVar[str] = (
        "Partners build books of seven from a hand and then a foot of cards; "
        "close enough clean and dirty books, then go out."
    )
    player_counts: ClassVar[tuple[int, ...]] = (2, 4, 6)
    Options: ClassVar[type[HandAndFootOptions]] = HandAndFootOptions

    def start(
        self,
        players: int,
        options: HandAndFootOptions,
        seed: int,
        rng: random.Random,
        deck: list[Card] | None,
    ) -> HandAndFootState:
        packs = options.packs(players)
        if packs < packs_needed(players):
            fewest = packs_needed(players)
            raise ValueError(f"{packs} pack(s) are too few for {players} players; use at least {fewest}.")
        if deck is not None and Counter(deck) != Counter(french_packs(packs, options.jokers_per_deck)):
            raise ValueError(
                f"A stacked deck must hold exactly {packs} pack(s) with "
                f"{options.jokers_per_deck} joker(s) each."
            )
        sides = sides_for(players, options)
        state = HandAndFootState(
            players=players,
            options=options,
            seed=seed,
            rng=rng,
            sides=sides,
            team_of=seat_teams(sides, players),
            packs=packs,
            dealer=rng.randrange(players),
            totals=[0] * len(sides),
        )
        state.start_round([], deck)
        return state

    def determinize(self, view: GameView, rng: random.Random) -> HandAndFootState:
        """A full state matching ``view``: the cards the seat has not seen (other
        hands, every foot and tail, the discard pile under its top, the draw pile) are
        shared out at random. With red threes on, no red three lands in a hand being
        played, since it would have been laid out."""
        if not isinstance(view, HandAndFootView):
            raise TypeError("Hand and Foot can only rebuild its own views.")
        options = view.options
        seen = Counter(view.hand)
        for books in view.books:
            for book in books:
                seen.update(book.cards)
        for reds in view.red_threes:
            seen.update(reds)
        if view.discard_top is not None:
            seen[view.discard_top] += 1
        total = Counter(french_packs(view.packs + view.decks_added, options.jokers_per_deck))
        unseen = sorted((total - seen).elements(), key=BY_ORDER)
        shuffle(unseen, rng)
        hand_slots = sum(n for s, n in enumerate(view.hand_counts) if s != view.seat)
        if options.red_threes:
            unseen.sort(key=is_red_three)
            rest = unseen[:hand_slots]
            tail_part = unseen[hand_slots:]
            shuffle(tail_part, rng)
            unseen = rest + tail_part
        cursor = 0

        def take(n: int) -> list[Card]:
            nonlocal cursor
            cards = unseen[cursor : cursor + n]
            cursor += n
            return cards

        hands = [list(view.hand) if s == view.seat else take(n) for s, n in enumerate(view.hand_counts)]
        feet = [take(n) for n in view.foot_counts]
        tails = [take(n) for n in view.tail_counts]
        pile = take(view.discard_count - (view.discard_top is not None))
        if view.discard_top is not None:
            pile.append(view.discard_top)
        stock = take(view.stock_count)
        if cursor != len(unseen):
            raise ValueError("The view's card counts do not add up to the packs in play.")
        sides = view.sides
        answering = list(view.answering)
        return HandAndFootState(
            players=view.players,
            options=options,
            seed=0,
            rng=random.Random(rng.getrandbits(64)),
            sides=sides,
            team_of=seat_teams(sides, view.players),
            packs=view.packs,
            round_index=view.round_number - 1,
            dealer=view.dealer,
            turn=view.turn,
            phase=view.phase,
            hands=hands,
            feet=feet,
            tails=tails,
            stages=list(view.stages),
            books=[list(b) for b in view.books],
            red_threes=[list(r) for r in view.red_threes],
            pile=pile,
            stock=stock,
            decks_added=view.decks_added,
            asked=view.asked,
            permission=view.permission,
            answering=answering,
            totals=list(view.team_totals),
            history=list(view.history),
        )

    def parse_action(self, text: str) -> Action:
        return parse_action(text)
