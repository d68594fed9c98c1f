"""Hand and Foot played thousands of times at random, with random house rules, 2, 4 or
6 players and every round from 30 to 200: the invariants every game must keep.

Two depths: thousands of short games (one round each) checked at one random moment
and at the end, and fewer games checked after every single action."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from enum import Enum

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from cardtable_gui.cards import Card, Rank, french_deck, french_packs
from cardtable_gui.rules import IllegalAction
from cardtable_gui.rules.base import Action, Event
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
    card_points,
    is_wild,
)
from cardtable_gui.rules.hand_and_foot.books import BOOK_RANKS
from cardtable_gui.rules.hand_and_foot.events import RedThreeLaidOut
from cardtable_gui.rules.hand_and_foot.options import ROUND_MINIMUMS
from cardtable_gui.rules.hand_and_foot.rules import packs_needed

RULES = HandAndFootRules()
MAX_ACTIONS = 20_000
SHORT_GAMES = 2_100
DEEP_GAMES = 45


@st.composite
def tables(draw: st.DrawFn, rounds: int = 1) -> tuple[int, HandAndFootOptions, int]:
    """A player count, house rules and the round to start from (0: the 30 round, 5:
    the 200 round); packs are kept few so that games stay short."""
    players = draw(st.sampled_from([2, 4, 6]))
    first = draw(st.integers(0, 5))
    fewest = packs_needed(players)
    options = HandAndFootOptions(
        rounds=min(6, first + rounds),
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
    return players, options, first


def start(players: int, options: HandAndFootOptions, seed: int, first: int) -> HandAndFootState:
    """A new game dealt afresh at round ``first`` (so the 200 round is reached fast)."""
    state = RULES.new_game(players, options, seed=seed)
    if first:
        state.round_index = first
        state.start_round([])
    return state


# ----- the invariants -----------------------------------------------------------------


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
            assert len(book.cards) >= 3 and book.wilds == wilds
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


_FIELDS: dict[type, tuple[str, ...]] = {}


def cards_in(value: object) -> Counter[Card]:
    """Every card named anywhere inside a view or an event, counted."""
    found: list[Card] = []

    def walk(item: object) -> None:
        if isinstance(item, Card):
            found.append(item)
        elif isinstance(item, tuple | list):
            for part in item:
                walk(part)
        elif item is None or isinstance(item, str | int | Enum | BaseModel):
            return
        else:
            names = _FIELDS.get(type(item))
            if names is None:
                names = _FIELDS[type(item)] = tuple(f.name for f in dataclasses.fields(item))  # type: ignore[arg-type]
            for name in names:
                walk(getattr(item, name))

    walk(value)
    return Counter(found)


def public_cards(state: HandAndFootState) -> Counter[Card]:
    """The cards face up on the table: books, red threes and the top discard."""
    public: Counter[Card] = Counter(c for books in state.books for b in books for c in b.cards)
    public.update(c for reds in state.red_threes for c in reds)
    if state.pile:
        public[state.pile[-1]] += 1
    return public


def check_views(state: HandAndFootState, rng: random.Random, rebuild: bool) -> None:
    """No view shows a card its seat may not see: not another seat's hand, not any
    foot or tail (face down even to its owner), not the pile under its top card, not
    the draw pile. A rebuilt state shows the same view."""
    public = public_cards(state)
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        own = Counter(state.hands[seat]) if seat is not None else Counter()
        assert not cards_in(view) - (public + own), "a view shows a hidden card"
        assert view.hand_counts == tuple(len(h) for h in state.hands)
        assert view.foot_counts == tuple(len(f) for f in state.feet)
        assert view.tail_counts == tuple(len(t) for t in state.tails)
        if rebuild and seat is not None:
            rebuilt = RULES.determinize(view, random.Random(rng.getrandbits(32)))
            assert rebuilt.view(seat) == view
            check_cards_conserved(rebuilt)
            assert rebuilt.legal_actions() == state.legal_actions() or seat != state.to_move


def check_listed_actions(state: HandAndFootState, legal: list[Action]) -> None:
    """Every listed action passes the full check, and none is listed twice."""
    assert legal, f"no legal action in phase {state.phase}"
    assert len(set(legal)) == len(legal)
    for action in legal:
        assert state.is_legal(action), f"{action} is listed but refused: {state.explain(action)}"


def check_ended(state: HandAndFootState, rounds_played: int) -> None:
    check_cards_conserved(state)
    check_books(state)
    assert state.phase is Phase.OVER and state.to_move is None and state.legal_actions() == []
    assert len(state.history) == rounds_played
    assert state.totals == [sum(points[t] for points in state.history) for t in range(len(state.sides))]
    best = max(state.totals)
    assert state.winners == tuple(s for s in range(state.players) if state.totals[state.team_of[s]] == best)


def check_event_secrecy(
    state: HandAndFootState, events: list[Event], round_index: int, known: Counter[Card]
) -> None:
    """Events name only cards the table sees: the actor's own, those face up before or
    after, and red threes as they are laid out (face up from then on, even when the
    round ends in the same action and the table is dealt afresh).

    Each event is checked on its own: with several packs one card can be named twice
    in an action (a red three laid out, then listed in the round's breakdown), and two
    copies of a card can be face up, one before and one laid out during the action."""
    laid_out = Counter(e.card for e in events if isinstance(e, RedThreeLaidOut))
    assert all(c.rank is Rank.THREE and c.is_red for c in laid_out)
    if state.round_index == round_index and not state.is_over:
        assert not laid_out - public_cards(state)
    seen = (known + laid_out) | public_cards(state)
    for event in events:
        assert not cards_in(event) - seen, f"an event names a hidden card: {event}"


def random_action(state: HandAndFootState, rng: random.Random) -> Action:
    """Any action at all, legal or not: what a careless player might try."""
    pack = french_deck(2)
    hand = state.hands[state.turn]
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


def check_refusal(state: HandAndFootState, rng: random.Random) -> None:
    """A random action is either legal, or refused with a sentence and no change."""
    wild = random_action(state, rng)
    before = state.digest()
    probe = state.clone()
    if state.is_legal(wild):
        probe.apply(wild)
    else:
        try:
            probe.apply(wild)
        except IllegalAction as error:
            assert str(error).endswith((".", "?")), str(error)
        else:
            raise AssertionError(f"{wild} was applied though is_legal said no")
        assert probe.digest() == before, "an illegal action changed the state"
    assert state.digest() == before, "working on a clone changed the state"


# ----- the games ----------------------------------------------------------------------


@settings(max_examples=SHORT_GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(), seed=st.integers(0, 2**32 - 1))
def test_thousands_of_short_games_end_with_cards_books_and_secrets_kept(
    table: tuple[int, HandAndFootOptions, int], seed: int
) -> None:
    """One round each, any round from 30 to 200: the round ends, every card is still
    there, every book keeps the rules, and at one random moment and at the end the
    views hide what they must and every listed action is legal."""
    players, options, first = table
    state = start(players, options, seed, first)
    rng = random.Random(seed)
    inspect_at = rng.randrange(150)
    steps = 0
    while not state.is_over:
        assert steps < MAX_ACTIONS, "a round that never ends"
        legal = state.legal_actions()
        if steps == inspect_at:
            check_listed_actions(state, legal)
            check_cards_conserved(state)
            check_books(state)
            check_views(state, rng, rebuild=True)
        else:
            assert legal, f"no legal action in phase {state.phase}"
        state.apply(rng.choice(legal))
        steps += 1
    check_ended(state, 1)
    check_views(state, rng, rebuild=False)


@settings(max_examples=DEEP_GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables(rounds=2), seed=st.integers(0, 2**32 - 1))
def test_every_action_of_random_games_keeps_every_invariant(
    table: tuple[int, HandAndFootOptions, int], seed: int
) -> None:
    """After every action: cards conserved, books valid, views and events hiding what
    they must, every listed action legal, a careless action refused with no change;
    and the same seed and actions replay to the same state."""
    players, options, first = table
    state = start(players, options, seed, first)
    rng = random.Random(seed)
    actions: list[Action] = []
    while not state.is_over:
        assert len(actions) < MAX_ACTIONS, "a game that never ends"
        legal = state.legal_actions()
        check_listed_actions(state, legal)
        check_cards_conserved(state)
        check_books(state)
        check_views(state, rng, rebuild=rng.random() < 0.1)
        check_refusal(state, rng)
        action = rng.choice(legal)
        round_index = state.round_index
        actor = Counter(state.hands[state.turn])
        seen = public_cards(state)
        events = state.apply(action)
        check_event_secrecy(state, events, round_index, actor | seen)
        actions.append(action)
    check_ended(state, options.rounds - first)
    replay = start(players, options, seed, first)
    for action in actions:
        replay.apply(RULES.parse_action(str(action)))
    assert replay.digest() == state.digest()


def best_opening(hand: list[Card]) -> int:
    """The most card points any opening from ``hand`` can be worth, worked out rank by
    rank over every way to spend the wilds (the rules as the rules page states them)."""
    wild_points = sorted((card_points(c) for c in hand if is_wild(c)), reverse=True)
    by_rank: dict[object, list[Card]] = {}
    for card in hand:
        if card.rank in BOOK_RANKS:
            by_rank.setdefault(card.rank, []).append(card)
    # (wilds a book needs to reach three cards, more wilds it may take) -> natural points
    reachable: dict[tuple[int, int], int] = {(0, 0): 0}
    for naturals in by_rank.values():
        if len(naturals) < 2:
            continue
        need = max(0, 3 - len(naturals))
        room = min(3, len(naturals) - 1) - need
        points = sum(card_points(c) for c in naturals)
        for (needed, spare), value in list(reachable.items()):
            key = (needed + need, spare + room)
            if key[0] <= len(wild_points):
                reachable[key] = max(reachable.get(key, 0), value + points)
    return max(
        (value + sum(wild_points[: min(len(wild_points), needed + spare)])
         for (needed, spare), value in reachable.items() if value),
        default=0,
    )


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(6, 16), round_index=st.integers(0, 5))
def test_an_opening_is_listed_whenever_one_reaches_the_minimum(
    seed: int, size: int, round_index: int
) -> None:
    rng = random.Random(seed)
    state = RULES.new_game(4, HandAndFootOptions(), seed=seed)
    state.round_index = round_index
    state.phase = Phase.PLAY
    state.hands[state.turn] = rng.sample(french_packs(5, 2), size)
    melds = [a for a in state.legal_actions() if isinstance(a, Meld)]
    best = best_opening(state.hands[state.turn])
    assert bool(melds) == (best >= ROUND_MINIMUMS[round_index])
    assert all(sum(card_points(c) for c in m.cards) <= best for m in melds)


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
        check_ended(state, 6)
        assert saw_tail
