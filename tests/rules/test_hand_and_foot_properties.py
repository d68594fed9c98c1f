"""Hand and Foot played many times at random, with random house rules and 2, 4 or 6
players: the invariants every game must keep."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable_gui.cards import Card, french_deck, french_packs
from cardtable_gui.rules import IllegalAction
from cardtable_gui.rules.base import Action
from cardtable_gui.rules.hand_and_foot import (
    AnswerGoOut,
    AskToGoOut,
    Discard,
    DrawCards,
    HandAndFootOptions,
    HandAndFootRules,
    HandAndFootState,
    Meld,
    MeldGroup,
    Phase,
    TakePile,
    is_wild,
)
from cardtable_gui.rules.hand_and_foot.books import BOOK_RANKS
from cardtable_gui.rules.hand_and_foot.rules import packs_needed

RULES = HandAndFootRules()
MAX_ACTIONS = 20_000


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, HandAndFootOptions]:
    """A player count and house rules; packs kept small so games stay short."""
    players = draw(st.sampled_from([2, 4, 6]))
    fewest = packs_needed(players)
    options = HandAndFootOptions(
        rounds=draw(st.integers(1, 2)),
        teams=draw(st.sampled_from(["3v3", "2v2v2"])),
        decks=draw(st.integers(fewest, fewest + 1)),
        jokers_per_deck=draw(st.sampled_from([0, 2, 4])),
        extra_decks=draw(st.integers(0, 1)),
        draw_count=draw(st.integers(1, 3)),
        pile_take=draw(st.integers(0, 8)),
        pile_wild_pair=draw(st.booleans()),
        pile_needs_down=draw(st.booleans()),
        pile_counts_toward_opening=draw(st.booleans()),
        wild_books=draw(st.booleans()),
        clean_books=draw(st.integers(0, 2)),
        dirty_books=draw(st.integers(0, 2)),
        total_books=draw(st.sampled_from([0, 0, 3])),
        clean_books_200=draw(st.integers(0, 2)),
        dirty_books_200=draw(st.integers(0, 2)),
        all_in_foot=draw(st.booleans()),
        red_threes=draw(st.booleans()),
        black_three_penalty=draw(st.sampled_from([5, 50])),
    )
    return players, options


def all_cards(state: HandAndFootState) -> Counter[Card]:
    found: Counter[Card] = Counter()
    for piles in (state.hands, state.feet, state.tails, state.red_threes):
        for pile in piles:
            found.update(pile)
    for books in state.books:
        for book in books:
            found.update(book.cards)
    found.update(state.pile)
    found.update(state.stock)
    return found


def check_cards_conserved(state: HandAndFootState) -> None:
    packs = state.packs + state.decks_added
    assert all_cards(state) == Counter(french_packs(packs, state.options.jokers_per_deck))


def check_books(state: HandAndFootState) -> None:
    for books in state.books:
        open_ranks = [b.rank for b in books if not b.is_closed]
        assert len(open_ranks) == len(set(open_ranks)), "two open books of one rank"
        for book in books:
            wilds = sum(1 for c in book.cards if is_wild(c))
            assert len(book.cards) >= 3
            if book.rank is None:
                assert state.options.wild_books and wilds == len(book.cards) <= 7
                continue
            assert book.rank in BOOK_RANKS
            assert all(c.rank is book.rank for c in book.cards if not is_wild(c))
            assert wilds <= 3 and len(book.cards) - wilds > wilds
            assert book.is_closed == (len(book.cards) >= 7)
            assert book.is_clean == (book.is_closed and wilds == 0)
            assert book.is_dirty == (book.is_closed and wilds > 0)
            assert all(not is_wild(c) for c in book.cards[7:]), "a wild on a closed book"


def cards_in(value: object) -> Iterator[Card]:
    """Every card named anywhere inside a view."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from cards_in(getattr(value, f.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item)


def public_cards(state: HandAndFootState) -> Counter[Card]:
    """The cards face up on the table: books, red threes and the top discard."""
    public: Counter[Card] = Counter(c for books in state.books for b in books for c in b.cards)
    public.update(c for reds in state.red_threes for c in reds)
    if state.pile:
        public[state.pile[-1]] += 1
    return public


def check_views(state: HandAndFootState, rng: random.Random, rebuild: bool) -> None:
    public = public_cards(state)
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        own = Counter(state.hands[seat]) if seat is not None else Counter()
        assert not Counter(cards_in(view)) - (public + own), "a view shows a hidden card"
        assert view.hand_counts == tuple(len(h) for h in state.hands)
        assert view.foot_counts == tuple(len(f) for f in state.feet)
        if rebuild and seat is not None:
            rebuilt = RULES.determinize(view, random.Random(rng.getrandbits(32)))
            assert rebuilt.view(seat) == view
            check_cards_conserved(rebuilt)


def random_action(state: HandAndFootState, rng: random.Random) -> Action:
    """Any action at all, legal or not: what a careless player might try."""
    pack = french_deck(2)
    seat = state.turn
    hand = state.hands[seat]
    kind = rng.randrange(6)
    if kind == 0:
        return Discard(rng.choice(pack))
    if kind == 1:
        return TakePile((rng.choice(pack), rng.choice(hand or pack)))
    if kind == 2:
        chosen = rng.sample(hand, min(len(hand), rng.randint(1, 4))) or [rng.choice(pack)]
        book = rng.choice([None, 0, 1, 5])
        return Meld((MeldGroup(book, tuple(chosen)),))
    return rng.choice([DrawCards(), AskToGoOut(), AnswerGoOut(rng.random() < 0.5)])


def play(players: int, options: HandAndFootOptions, seed: int, thorough: bool) -> HandAndFootState:
    state = RULES.new_game(players, options, seed=seed)
    rng = random.Random(seed)
    actions: list[Action] = []
    while not state.is_over:
        assert len(actions) < MAX_ACTIONS, "a game that never ends"
        legal = state.legal_actions()
        assert legal, f"no legal action in phase {state.phase}"
        if thorough:
            check_cards_conserved(state)
            check_books(state)
            check_views(state, rng, rebuild=rng.random() < 0.1)
            wild = random_action(state, rng)
            before = state.digest()
            probe = state.clone()
            if state.is_legal(wild):
                probe.apply(wild)
            else:
                try:
                    probe.apply(wild)
                except IllegalAction as error:
                    assert str(error)
                else:
                    raise AssertionError(f"{wild} was applied though is_legal said no")
                assert probe.digest() == before, "an illegal action changed the state"
            assert state.digest() == before, "working on a clone changed the state"
        action = rng.choice(legal)
        assert state.is_legal(action)
        if thorough:
            actor = Counter(state.hands[state.turn])
            seen = public_cards(state)
            events = state.apply(action)
            named = Counter(cards_in(events))
            assert not named - (actor | seen | public_cards(state)), "an event names a hidden card"
        else:
            state.apply(action)
        actions.append(action)
    check_cards_conserved(state)
    assert state.to_move is None and state.winners
    if thorough:
        replay = RULES.new_game(players, options, seed=seed)
        for action in actions:
            replay.apply(RULES.parse_action(str(action)))
        assert replay.digest() == state.digest()
    return state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_invariant(table: tuple[int, HandAndFootOptions], seed: int) -> None:
    players, options = table
    play(players, options, seed, thorough=True)


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), seed=st.integers(0, 2**32 - 1))
def test_many_random_games_end_with_every_card_accounted_for(
    table: tuple[int, HandAndFootOptions], seed: int
) -> None:
    players, options = table
    state = play(players, options, seed, thorough=False)
    assert len(state.history) == options.rounds
    assert state.phase is Phase.OVER


def test_full_default_games_end() -> None:
    """Six rounds with the default rules, the 200 round's tail included."""
    for players in (2, 4, 6):
        state = RULES.new_game(players, seed=players)
        rng = random.Random(players)
        steps = 0
        saw_tail = False
        while not state.is_over:
            saw_tail = saw_tail or any(state.tails)
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
            assert steps < MAX_ACTIONS
        check_cards_conserved(state)
        assert saw_tail and len(state.history) == 6
