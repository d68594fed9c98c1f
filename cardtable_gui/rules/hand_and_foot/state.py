"""A Hand and Foot game in progress: the deal, the turn (draw, play, discard), going
out with a partner's leave, and the score of each round.

Every action is checked in full before anything changes (``_check``), so an illegal
one raises ``IllegalAction`` and leaves the state as it was. A round ends when a player
goes out, or at once when a card must be drawn and the draw pile is dry with no pack
left to add (``options.extra_decks`` packs may be added per round). Each turn either
draws from that pile or moves at least three cards from the discard pile into a book
for good, so every round ends.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar, cast

from cardtable_gui.cards import BY_ORDER, Card, Rank, french_deck, french_packs, shuffle
from cardtable_gui.rules.base import (
    Action,
    Event,
    GameOver,
    GameState,
    HandDealt,
    IllegalAction,
    RoundScored,
    copy_rng,
)
from cardtable_gui.rules.hand_and_foot.actions import (
    AnswerGoOut,
    AskToGoOut,
    Discard,
    DrawCards,
    Meld,
    MeldGroup,
    TakePile,
)
from cardtable_gui.rules.hand_and_foot.books import (
    CLEAN_BOOK_POINTS,
    DIRTY_BOOK_POINTS,
    GOING_OUT_POINTS,
    Book,
    card_points,
    extend,
    is_wild,
    rank_name,
)
from cardtable_gui.rules.hand_and_foot.events import (
    BookClosed,
    CardsDrawn,
    DeckAdded,
    Discarded,
    DrawPileExhausted,
    GoOutAnswered,
    GoOutAsked,
    Melded,
    PileStarted,
    PileTaken,
    RedThreeLaidOut,
    RoundBreakdown,
    StagePickedUp,
    TeamOpened,
    TeamScore,
    WentOut,
)
from cardtable_gui.rules.hand_and_foot.moves import BooksSeen, OfferedMelds, legal_actions
from cardtable_gui.rules.hand_and_foot.options import HandAndFootOptions
from cardtable_gui.rules.hand_and_foot.view import STAGES, HandAndFootView, Phase

HAND_SIZE = 11
FOOT_SIZE = 11
TAIL_SIZE = 1


class _DrawPileDry(Exception):
    """A card was needed from an empty draw pile with no pack left to add."""


class _Unheard(list[Event]):
    """Where ``apply_trusted`` sends the events nobody reads: the frequent ones are not
    even built (the doers ask ``out is not _UNHEARD``), the rest are dropped."""

    def append(self, event: Event) -> None:
        pass


_UNHEARD = _Unheard()


def sides_for(players: int, options: HandAndFootOptions) -> tuple[tuple[int, ...], ...]:
    """The teams, seated alternately: 2 players alone, 4 as 2v2, 6 as 3v3 or 2v2v2."""
    if players == 6 and options.teams == "2v2v2":
        return ((0, 3), (1, 4), (2, 5))
    if players == 2:
        return ((0,), (1,))
    return (tuple(range(0, players, 2)), tuple(range(1, players, 2)))


def seat_teams(sides: tuple[tuple[int, ...], ...], players: int) -> tuple[int, ...]:
    """The team of each seat."""
    return tuple(next(t for t, side in enumerate(sides) if s in side) for s in range(players))


def held_penalty(card: Card, options: HandAndFootOptions) -> int:
    """What a card still held at the end of a round costs its team."""
    if card.rank is Rank.THREE:
        if not card.is_red:
            return options.black_three_penalty
        if options.red_threes:
            return options.red_three_penalty
    return card_points(card)


def is_red_three(card: Card) -> bool:
    return card.rank is Rank.THREE and card.is_red


def meld_books(
    books: Sequence[Book], groups: Sequence[MeldGroup], wild_books: bool
) -> list[Book]:
    """The team's books after ``groups`` are laid in order; ``IllegalAction`` if any
    group breaks a rule. At most one book per rank is open at a time."""
    result = list(books)
    for group in groups:
        if group.book is None:
            naturals = [c for c in group.cards if not is_wild(c)]
            rank = naturals[0].rank if naturals else None
            if any(b.rank is rank and not b.is_closed for b in result):
                raise IllegalAction(
                    f"Your team already has an open book of {rank_name(rank)}: add to it "
                    "instead of starting another."
                )
            result.append(extend(None, group.cards, wild_books))
        elif 0 <= group.book < len(result):
            result[group.book] = extend(result[group.book], group.cards, wild_books)
        else:
            raise IllegalAction(f"Your team has no book number {group.book}.")
    return result


@dataclass(eq=False)
class HandAndFootState(GameState[HandAndFootOptions]):
    """The whole table. ``hands`` holds what each seat is playing now (hand, then foot,
    then tail once picked up); ``pile`` and ``stock`` have their top card last."""

    game: ClassVar[str] = "hand_and_foot"

    players: int
    options: HandAndFootOptions
    seed: int
    rng: random.Random
    sides: tuple[tuple[int, ...], ...]
    team_of: tuple[int, ...]
    packs: int
    round_index: int = 0
    dealer: int = 0
    turn: int = 0
    phase: Phase = Phase.DRAW
    hands: list[list[Card]] = field(default_factory=list)
    feet: list[list[Card]] = field(default_factory=list)
    tails: list[list[Card]] = field(default_factory=list)
    stages: list[int] = field(default_factory=list)
    books: list[list[Book]] = field(default_factory=list)
    red_threes: list[list[Card]] = field(default_factory=list)
    pile: list[Card] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    decks_added: int = 0
    asked: bool = False
    permission: bool | None = None
    answering: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    history: list[tuple[int, ...]] = field(default_factory=list)

    def __post_init__(self) -> None:
        # What ``moves`` last offered each seat to meld in each rank, with what it was
        # worked out from: a move changes few ranks, so most are offered again as they
        # were. Not a field: it is no part of the game.
        self.offered_melds: list[OfferedMelds] = [
            {} for _ in range(self.players)
        ]
        # Each team's books as ``moves`` last saw them, with where each rank's open book
        # and first closed book are: books change only when the team lays cards down.
        self.books_seen: list[BooksSeen | None] = [None for _ in self.sides]

    # ----- the contract -------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        if self.phase is Phase.OVER:
            return None
        if self.phase is Phase.ANSWER:
            return self.answering[0]
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        return self.sides

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.totals[self.team_of[s]] for s in range(self.players))

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.is_over:
            return ()
        best = max(self.totals)
        return tuple(s for s in range(self.players) if self.totals[self.team_of[s]] == best)

    @property
    def rounds_scored(self) -> int:
        return len(self.history)

    @property
    def last_round_points(self) -> tuple[int, ...]:
        if not self.history:
            return ()
        points = self.history[-1]
        return tuple([points[self.team_of[seat]] for seat in range(self.players)])

    @property
    def round_number(self) -> int:
        """The round being played, counted from 1 as players count it."""
        return self.round_index + 1

    @property
    def minimum(self) -> int:
        return self.options.minimum(self.round_index)

    @property
    def has_tail(self) -> bool:
        return self.options.has_tail(self.round_index)

    @property
    def last_stage(self) -> int:
        return 2 if self.options.has_tail(self.round_index) else 1

    def opened(self, team: int) -> bool:
        return bool(self.books[team])

    def legal_actions(self) -> list[Action]:
        """A representative, complete-enough list (see ``moves``): the draw, takes of
        the pile, every discard, ask and answer allowed, and melds generated per rank.
        ``is_legal`` and ``apply`` accept ANY valid meld or take, listed or not, so a
        player may build one card by card."""
        return legal_actions(self)

    def is_legal(self, action: Action) -> bool:
        return self.explain(action) is None

    def explain(self, action: Action) -> str | None:
        """Why ``action`` is not allowed now, or None when it is: what a table shows
        while a player builds a meld card by card."""
        try:
            self._check(action)
        except IllegalAction as error:
            return str(error)
        return None

    def apply(self, action: Action) -> list[Event]:
        plan = self._check(action)
        out: list[Event] = []
        self._do(action, plan, out)
        return out

    def apply_trusted(self, action: Action) -> None:
        """``apply`` without the check: only what the check works out for a meld or a
        take (the books they leave) is worked out here."""
        if isinstance(action, Meld):
            books = self.books[self.team_of[self.turn]]
            plan: object = meld_books(books, action.groups, self.options.wild_books)
        elif isinstance(action, TakePile):
            plan = self._check_take(action)
        else:
            plan = None
        self._do(action, plan, _UNHEARD)

    def _do(self, action: Action, plan: object, out: list[Event]) -> None:
        """Carry out ``action``, known to be legal, with ``plan`` (what the check works
        out), adding to ``out`` what happens."""
        seat = self.turn
        try:
            if isinstance(action, DrawCards):
                self._draw(seat, out)
            elif isinstance(action, TakePile):
                self._take_pile(seat, action, cast(tuple[int, list[Book]], plan), out)
            elif isinstance(action, Meld):
                self._meld(seat, action, cast(list[Book], plan), out)
            elif isinstance(action, Discard):
                self._discard(seat, action.card, out)
            elif isinstance(action, AskToGoOut):
                self._ask(seat, out)
            elif isinstance(action, AnswerGoOut):
                self._answer(action.yes, out)
        except _DrawPileDry:
            out.append(DrawPileExhausted())
            self._end_round(None, out)

    def clone(self) -> HandAndFootState:
        rng = copy_rng(self.rng)
        return HandAndFootState(
            players=self.players,
            options=self.options,
            seed=self.seed,
            rng=rng,
            sides=self.sides,
            team_of=self.team_of,
            packs=self.packs,
            round_index=self.round_index,
            dealer=self.dealer,
            turn=self.turn,
            phase=self.phase,
            hands=[list(h) for h in self.hands],
            feet=[list(f) for f in self.feet],
            tails=[list(t) for t in self.tails],
            stages=list(self.stages),
            books=[list(b) for b in self.books],
            red_threes=[list(r) for r in self.red_threes],
            pile=list(self.pile),
            stock=list(self.stock),
            decks_added=self.decks_added,
            asked=self.asked,
            permission=self.permission,
            answering=list(self.answering),
            totals=list(self.totals),
            history=list(self.history),
        )

    def view(self, seat: int | None) -> HandAndFootView:
        hand = () if seat is None else tuple(sorted(self.hands[seat], key=BY_ORDER))
        return HandAndFootView(
            seat=seat,
            players=self.players,
            options=self.options,
            sides=self.sides,
            round_number=self.round_index + 1,
            minimum=self.minimum,
            has_tail=self.has_tail,
            dealer=self.dealer,
            turn=self.turn,
            to_move=self.to_move,
            phase=self.phase,
            hand=hand,
            stages=tuple(self.stages),
            hand_counts=tuple(len(h) for h in self.hands),
            foot_counts=tuple(len(f) for f in self.feet),
            tail_counts=tuple(len(t) for t in self.tails),
            books=tuple(tuple(b) for b in self.books),
            red_threes=tuple(tuple(r) for r in self.red_threes),
            discard_top=self.pile[-1] if self.pile else None,
            discard_count=len(self.pile),
            stock_count=len(self.stock),
            packs=self.packs,
            decks_added=self.decks_added,
            asking=self.turn if self.phase is Phase.ANSWER else None,
            answering=tuple(self.answering),
            asked=self.asked,
            permission=self.permission,
            team_totals=tuple(self.totals),
            history=tuple(self.history),
        )

    # ----- the deal -----------------------------------------------------------------

    def start_round(self, out: list[Event], deck: Sequence[Card] | None = None) -> None:
        """Deal the current round: a hand and a foot (and in the 200 round a tail) to
        each seat one card at a time from the dealer's left, one card face up, the rest
        as the draw pile. ``deck`` stacks the cards, top first."""
        cards = list(deck) if deck is not None else french_packs(self.packs, self.options.jokers_per_deck)
        if deck is None:
            shuffle(cards, self.rng)
        order = [(self.dealer + 1 + i) % self.players for i in range(self.players)]
        self.hands = [[] for _ in range(self.players)]
        self.feet = [[] for _ in range(self.players)]
        self.tails = [[] for _ in range(self.players)]
        position = 0
        piles = [(self.hands, HAND_SIZE), (self.feet, FOOT_SIZE)]
        if self.has_tail:
            piles.append((self.tails, TAIL_SIZE))
        for target, size in piles:
            for _ in range(size):
                for seat in order:
                    target[seat].append(cards[position])
                    position += 1
        upcard = cards[position]
        self.pile = [upcard]
        self.stock = cards[position + 1 :][::-1]
        self.stages = [0] * self.players
        self.books = [[] for _ in self.sides]
        self.red_threes = [[] for _ in self.sides]
        self.decks_added = 0
        self.turn = order[0]
        self.phase = Phase.DRAW
        self._reset_turn()
        dealt = HAND_SIZE + FOOT_SIZE + (TAIL_SIZE if self.has_tail else 0)
        out.append(HandDealt(self.dealer, (dealt,) * self.players, self.round_index + 1))
        out.append(PileStarted(upcard))
        for seat in order:
            self._lay_out_red_threes(seat, out)

    # ----- checking -----------------------------------------------------------------

    def _check(self, action: Action) -> object:
        """Raise ``IllegalAction`` unless ``action`` is allowed now; return what the
        check worked out (the team's books after a meld or take)."""
        if self.phase is Phase.OVER:
            raise IllegalAction("The game is over.")
        if isinstance(action, AnswerGoOut):
            if self.phase is not Phase.ANSWER:
                raise IllegalAction("Nobody has asked to go out.")
            return None
        if self.phase is Phase.ANSWER:
            raise IllegalAction("Answer your partner first: may they go out?")
        if isinstance(action, DrawCards | TakePile):
            if self.phase is not Phase.DRAW:
                raise IllegalAction("You have already drawn this turn.")
            if isinstance(action, TakePile):
                return self._check_take(action)
            return None
        if not isinstance(action, Meld | Discard | AskToGoOut):
            raise IllegalAction("That is not a Hand and Foot action.")
        if self.phase is Phase.DRAW:
            raise IllegalAction("Draw first: from the draw pile or by taking the discard pile.")
        seat = self.turn
        if isinstance(action, Meld):
            return self._check_meld(seat, action)
        if isinstance(action, Discard):
            hand = self.hands[seat]
            if action.card not in hand:
                raise IllegalAction(f"You do not hold the {action.card.name}.")
            if len(hand) == 1 and self.stages[seat] == self.last_stage:
                problem = self._go_out_problem(seat, self.books[self.team_of[seat]])
                if problem:
                    raise IllegalAction(f"You cannot discard your last card: {problem}.")
            return None
        return self._check_ask(seat)

    def _check_meld(self, seat: int, action: Meld) -> list[Book]:
        if not action.groups:
            raise IllegalAction("Choose at least one card to lay down.")
        team = self.team_of[seat]
        left = _take_cards(self.hands[seat], action.cards)
        books = meld_books(self.books[team], action.groups, self.options.wild_books)
        if not self.opened(team):
            points = sum(card_points(c) for c in action.cards)
            self._check_opening(points)
        self._check_cards_left(seat, len(left), books)
        return books

    def _check_take(self, action: TakePile) -> tuple[int, list[Book]]:
        seat = self.turn
        team = self.team_of[seat]
        options = self.options
        if not self.pile:
            raise IllegalAction("The discard pile is empty.")
        top = self.pile[-1]
        if top.rank is Rank.THREE:
            raise IllegalAction("A three on top of the discard pile blocks it.")
        if is_wild(top):
            raise IllegalAction("A wild card on top of the discard pile blocks it.")
        opened = self.opened(team)
        if options.pile_needs_down and not opened:
            raise IllegalAction("Your team must open before it may take the discard pile.")
        pair = action.pair
        naturals = [c for c in pair if not is_wild(c)]
        if any(c.rank is not top.rank for c in naturals) or not naturals:
            raise IllegalAction(
                f"To take the pile you need two {rank_name(top.rank)} from your hand."
            )
        if len(naturals) == 1 and not options.pile_wild_pair:
            raise IllegalAction(
                f"To take the pile you need two natural {rank_name(top.rank)}; "
                "a wild may not stand in here."
            )
        rest = _take_cards(self.hands[seat], pair)
        books = self.books[team]
        open_book = next(
            (i for i, b in enumerate(books) if b.rank is top.rank and not b.is_closed), None
        )
        books = list(books)
        laid = (top, *pair)
        if open_book is None:
            books.append(extend(None, laid, options.wild_books))
            book_index = len(books) - 1
        else:
            books[open_book] = extend(books[open_book], laid, options.wild_books)
            book_index = open_book
        if action.meld:
            if opened:
                raise IllegalAction(
                    "Take the pile first and meld afterwards; only an opening is laid down with it."
                )
            melded = [c for g in action.meld for c in g.cards]
            rest = _take_cards(rest, melded)
            books = meld_books(books, action.meld, options.wild_books)
        if not opened:
            points = sum(card_points(c) for g in action.meld for c in g.cards)
            if options.pile_counts_toward_opening:
                points += sum(card_points(c) for c in laid)
            self._check_opening(points)
        taken = min(options.pile_take, len(self.pile) - 1)
        fed_to_hand = 1 if self.has_tail and self.stages[seat] == self.last_stage else 0
        if self.stages[seat] == self.last_stage and len(rest) + taken + fed_to_hand < 2:
            stage = STAGES[self.last_stage]
            raise IllegalAction(
                f"That would leave you too few cards: keep one to discard and one in your {stage}."
            )
        return book_index, books

    def _check_opening(self, points: int) -> None:
        if points < self.minimum:
            raise IllegalAction(
                f"Your team has not opened this round: the opening must be worth at least "
                f"{self.minimum} points, and this is worth {points}."
            )

    def _check_cards_left(self, seat: int, left: int, books: Sequence[Book]) -> None:
        if self.stages[seat] != self.last_stage:
            return
        stage = STAGES[self.last_stage]
        if left == 0:
            raise IllegalAction(f"Keep a card to discard: you cannot lay down your whole {stage}.")
        if left == 1:
            problem = self._go_out_problem(seat, books)
            if problem:
                raise IllegalAction(
                    f"Keep two cards in your {stage} unless you are going out, and {problem}."
                )

    def _check_ask(self, seat: int) -> None:
        problem = self.ask_problem(seat)
        if problem is not None:
            raise IllegalAction(problem)

    def ask_problem(self, seat: int) -> str | None:
        """Why ``seat``, in its play, may not ask to go out, or None."""
        team = self.team_of[seat]
        if len(self.sides[team]) == 1:
            return "You have no partner to ask: go out when you can."
        if self.asked:
            return "You have already asked this turn."
        if self.stages[seat] != self.last_stage:
            return f"Ask to go out once you are playing your {STAGES[self.last_stage]}."
        if self.options.all_in_foot and any(self.stages[m] == 0 for m in self.sides[team]):
            return "Every partner must be playing their foot before anyone goes out."
        return None

    def _go_out_problem(self, seat: int, books: Sequence[Book]) -> str | None:
        """Why ``seat`` may not go out with its team holding ``books``, or None."""
        team = self.team_of[seat]
        if self.stages[seat] != self.last_stage:
            return f"you must be playing your {STAGES[self.last_stage]} to go out"
        if len(self.sides[team]) > 1:
            if self.permission is False:
                return "your partner said no this turn"
            if not self.permission:
                return "ask your partner before going out"
        if self.options.all_in_foot and any(self.stages[m] == 0 for m in self.sides[team]):
            return "every partner must be playing their foot first"
        clean_needed, dirty_needed, total_needed = self.options.books_needed(self.round_index)
        clean = sum(1 for b in books if b.is_clean)
        dirty = sum(1 for b in books if b.is_dirty)
        if clean < clean_needed:
            return f"your team needs {clean_needed} closed clean books to go out and has {clean}"
        if dirty < dirty_needed:
            return f"your team needs {dirty_needed} closed dirty books to go out and has {dirty}"
        if clean + dirty < total_needed:
            return f"your team needs {total_needed} closed books to go out and has {clean + dirty}"
        return None

    # ----- doing --------------------------------------------------------------------

    def _draw(self, seat: int, out: list[Event]) -> None:
        drawn: list[Card] = []
        try:
            for _ in range(self.options.draw_count):
                drawn.append(self._draw_card(out))
            tail_card = self._draw_card(out) if self.has_tail else None
        except _DrawPileDry:
            out.append(CardsDrawn(seat, len(drawn)))
            self._receive(seat, drawn, out)
            raise
        if out is not _UNHEARD:
            out.append(CardsDrawn(seat, len(drawn), 0 if tail_card is None else 1))
        self.phase = Phase.PLAY
        if tail_card is not None:
            self._feed_tail(seat, tail_card)
        self._receive(seat, drawn, out)

    def _take_pile(
        self, seat: int, action: TakePile, plan: tuple[int, list[Book]], out: list[Event]
    ) -> None:
        team = self.team_of[seat]
        book_index, books = plan
        was_open = self.opened(team)
        top = self.pile.pop()
        played = [*action.pair, *(c for g in action.meld for c in g.cards)]
        self.hands[seat] = _take_cards(self.hands[seat], played)
        first_new = len(self.books[team]) + (1 if book_index == len(self.books[team]) else 0)
        taken_count = min(self.options.pile_take, len(self.pile))
        taken = self.pile[len(self.pile) - taken_count :]
        del self.pile[len(self.pile) - taken_count :]
        fed: Card | None = None
        if self.has_tail:
            fed = self.pile.pop() if self.pile else None
        uncovered = self.pile[-1] if self.pile else None
        out.append(PileTaken(seat, top, action.pair, book_index, taken_count, int(self.has_tail), uncovered))
        if action.meld:
            out.append(Melded(seat, team, _group_events(action.meld, first_new)))
        self._set_books(team, books, out)
        if not was_open:
            laid = sum(card_points(c) for c in played) + card_points(top)
            out.append(TeamOpened(team, laid))
        self.phase = Phase.PLAY
        self.hands[seat].extend(taken[::-1])
        if self.has_tail:
            self._feed_tail(seat, fed if fed is not None else self._draw_card(out))
        self._lay_out_red_threes(seat, out)
        self._next_stage_if_empty(seat, out)

    def _meld(self, seat: int, action: Meld, books: list[Book], out: list[Event]) -> None:
        team = self.team_of[seat]
        was_open = self.opened(team)
        self.hands[seat] = _take_cards(self.hands[seat], action.cards)
        if out is not _UNHEARD:
            out.append(Melded(seat, team, _group_events(action.groups, len(self.books[team]))))
        self._set_books(team, books, out)
        if not was_open and out is not _UNHEARD:
            out.append(TeamOpened(team, sum(card_points(c) for c in action.cards)))
        self._next_stage_if_empty(seat, out)

    def _discard(self, seat: int, card: Card, out: list[Event]) -> None:
        hand = self.hands[seat]
        hand.remove(card)
        self.pile.append(card)
        if out is not _UNHEARD:
            out.append(Discarded(seat, card))
        if not hand and self.stages[seat] == self.last_stage:
            out.append(WentOut(seat))
            self._end_round(seat, out)
            return
        self.turn = (seat + 1) % self.players
        self.phase = Phase.DRAW
        self._reset_turn()
        self._next_stage_if_empty(self.turn, out)

    def _ask(self, seat: int, out: list[Event]) -> None:
        team = self.sides[self.team_of[seat]]
        self.asked = True
        self.answering = sorted((m for m in team if m != seat), key=lambda m: (m - seat) % self.players)
        self.phase = Phase.ANSWER
        out.append(GoOutAsked(seat))

    def _answer(self, yes: bool, out: list[Event]) -> None:
        out.append(GoOutAnswered(self.answering[0], yes))
        if yes:
            self.answering.pop(0)
            if self.answering:
                return
        else:
            self.answering = []
        self.permission = yes
        self.phase = Phase.PLAY

    # ----- helpers ------------------------------------------------------------------

    def _reset_turn(self) -> None:
        self.asked = False
        self.permission = None
        self.answering = []

    def _set_books(self, team: int, books: list[Book], out: list[Event]) -> None:
        old = self.books[team]
        for i, book in enumerate(books if out is not _UNHEARD else ()):
            if i < len(old) and book is old[i]:
                continue  # a book left as it was has not just closed
            if book.is_closed and (i >= len(old) or not old[i].is_closed):
                kind = "wild" if book.is_wild_book else "clean" if book.is_clean else "dirty"
                out.append(BookClosed(team, i, kind))
        self.books[team] = books

    def _draw_card(self, out: list[Event]) -> Card:
        """The top card of the draw pile, adding a fresh pack when it is dry."""
        if not self.stock:
            if self.decks_added >= self.options.extra_decks:
                raise _DrawPileDry
            deck = french_deck(self.options.jokers_per_deck)
            shuffle(deck, self.rng)
            self.stock = deck
            self.decks_added += 1
            out.append(DeckAdded(self.decks_added))
        return self.stock.pop()

    def _receive(self, seat: int, cards: Sequence[Card], out: list[Event]) -> None:
        """``cards`` join what ``seat`` is playing, then red threes are laid out."""
        self.hands[seat].extend(cards)
        self._lay_out_red_threes(seat, out)

    def _lay_out_red_threes(self, seat: int, out: list[Event]) -> None:
        """With red threes on, every red three among the cards ``seat`` is playing is
        laid out for the team at once and replaced from the draw pile.

        When the draw pile runs dry meanwhile, the red threes are still laid out and
        then ``_DrawPileDry`` ends the round. Callers put every card in its place
        first, so none is lost."""
        if not self.options.red_threes:
            return
        hand = self.hands[seat]
        dry = False
        while (red := next((c for c in hand if is_red_three(c)), None)) is not None:
            hand.remove(red)
            self.red_threes[self.team_of[seat]].append(red)
            out.append(RedThreeLaidOut(seat, red))
            if not dry:
                try:
                    hand.append(self._draw_card(out))
                except _DrawPileDry:
                    dry = True
        if dry:
            raise _DrawPileDry

    def _feed_tail(self, seat: int, card: Card) -> None:
        """The 200 round's extra card: onto the tail, or among the cards in play once
        the tail is being played (the caller then lays out red threes)."""
        (self.hands if self.stages[seat] == 2 else self.tails)[seat].append(card)

    def _next_stage_if_empty(self, seat: int, out: list[Event]) -> None:
        """A seat whose cards ran out before its last stage picks up the next pile."""
        while not self.hands[seat] and self.stages[seat] < self.last_stage:
            self.stages[seat] += 1
            source = self.feet if self.stages[seat] == 1 else self.tails
            cards, source[seat] = source[seat], []
            out.append(StagePickedUp(seat, STAGES[self.stages[seat]], len(cards)))
            self._receive(seat, cards, out)

    # ----- scoring ------------------------------------------------------------------

    def team_score(self, team: int, went_out: int | None) -> TeamScore:
        """``team``'s score for the round as it stands, item by item."""
        options = self.options
        books = self.books[team]
        clean = sum(1 for b in books if b.is_clean)
        dirty = sum(1 for b in books if b.is_dirty)
        wild = sum(1 for b in books if b.is_wild_book and b.is_closed)
        open_wild = sum(1 for b in books if b.is_wild_book and not b.is_closed)
        bonus = clean * CLEAN_BOOK_POINTS + dirty * DIRTY_BOOK_POINTS
        bonus += wild * options.wild_book_bonus - open_wild * options.open_wild_book_penalty
        red = len(self.red_threes[team]) * options.red_three_bonus if options.red_threes else 0
        piles = (self.hands, self.feet, self.tails)
        held = [c for seat in self.sides[team] for pile in piles for c in pile[seat]]
        went_out_here = went_out is not None and self.team_of[went_out] == team
        return TeamScore(
            team=team,
            book_cards=sum(b.points for b in books),
            clean_books=clean,
            dirty_books=dirty,
            wild_books=wild,
            open_wild_books=open_wild,
            book_bonus=bonus,
            going_out=GOING_OUT_POINTS if went_out_here else 0,
            red_threes=red,
            cards_left=-sum(held_penalty(c, options) for c in held),
        )

    def _end_round(self, went_out: int | None, out: list[Event]) -> None:
        scores = tuple(self.team_score(t, went_out) for t in range(len(self.sides)))
        points = tuple(s.total for s in scores)
        for team, gained in enumerate(points):
            self.totals[team] += gained
        self.history.append(points)
        out.append(RoundBreakdown(self.round_index + 1, went_out, scores))
        out.append(RoundScored(self.last_round_points, self.scores))
        if self.round_index + 1 >= self.options.rounds:
            self.phase = Phase.OVER
            self._reset_turn()
            out.append(GameOver(self.winners))
            return
        self.round_index += 1
        self.dealer = (self.dealer + 1) % self.players
        self.start_round(out)


def _take_cards(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    """``hand`` less ``cards`` (as a multiset); ``IllegalAction`` if one is not held."""
    left = list(hand)
    for card in cards:
        try:
            left.remove(card)
        except ValueError:
            held = "that many of the" if card in hand else "the"
            raise IllegalAction(f"You do not hold {held} {card.name}.") from None
    return left


def _group_events(
    groups: Sequence[MeldGroup], first_new: int
) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """(book number, cards) per group; new books are numbered from ``first_new``."""
    result = []
    next_new = first_new
    for group in groups:
        if group.book is None:
            result.append((next_new, group.cards))
            next_new += 1
        else:
            result.append((group.book, group.cards))
    return tuple(result)
