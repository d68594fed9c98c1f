"""A Hand and Foot player that plays the usual way: open as soon as the minimum is
met, build books of naturals toward clean ones, spend wilds only to close books (more
freely once in the foot), take the discard pile when it brings cards, throw away
threes and lone cards the other teams are not collecting, and ask to go out once its
team's books allow it, its cards can all but one be laid down, and the team looks
level or ahead (or the draw pile is nearly done). ``advise`` says why, each fact a
claim (``ai.claims``); ``choose`` makes the same choice without the words."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.claims import Claim, certain, likely
from cardtable_gui.ai.base import SearchPlan, SeatHeuristic
from cardtable_gui.cards import Card, Rank
from cardtable_gui.grammar import listed
from cardtable_gui.rules.base import Action, GameState, GameView
from cardtable_gui.rules.hand_and_foot import (
    AnswerGoOut,
    AskToGoOut,
    Book,
    Discard,
    DrawCards,
    HandAndFootView,
    Meld,
    Phase,
    TakePile,
    card_points,
    is_wild,
)
from cardtable_gui.rules.hand_and_foot.books import (
    BOOK_CLOSES_AT,
    CLEAN_BOOK_POINTS,
    DIRTY_BOOK_POINTS,
    extend,
    rank_name,
)
from cardtable_gui.rules.hand_and_foot.view import STAGES

WILD_COST = 40
"""What spending a wild is worth giving up while there is time to wait for naturals."""

LATE_WILD_COST = 10
"""The same once in the last stage, when shedding cards matters more."""

SPOILED_CLEAN_COST = 300
"""Turning a clean open book dirty early forgoes the clean bonus a few more naturals
would bring; together with the wild itself it outweighs the dirty bonus."""

AVERAGE_HELD_CARD = 9
"""Roughly what an unseen card held by someone costs their team at the end."""

LATE_DRAW_PILE = 12
"""Fewer cards than this in the last draw pile means the round is about to end."""


class HandAndFootHeuristic(SeatHeuristic):
    """Plays one seat of Hand and Foot from its view and the legal list alone."""

    def choose(self, view: GameView, legal: Sequence[Action]) -> Action:
        assert isinstance(view, HandAndFootView)
        return self._decide(view, legal)[0]

    def advise(self, view: GameView, legal: Sequence[Action]) -> Advice:
        """The move to make, and why in the game's terms (books, the pile, going out),
        each fact of the reason a claim established from the view."""
        assert isinstance(view, HandAndFootView)
        action, step, going_out = self._decide(view, legal)
        if isinstance(action, AnswerGoOut):
            return self._explain_answer(view, action)
        if isinstance(action, TakePile):
            return self._explain_take(view, action)
        if isinstance(action, DrawCards):
            return self._explain_draw(view, legal)
        if isinstance(action, AskToGoOut):
            return self._explain_ask(view, action)
        if isinstance(action, Meld):
            return self._explain_meld(view, action, going_out)
        assert isinstance(action, Discard)
        if step == "last-card":
            return self._explain_last_card(view, action)
        return self._explain_discard(view, action)

    def _decide(self, view: HandAndFootView, legal: Sequence[Action]) -> tuple[Action, str, bool]:
        """The move, the step of the turn that chose it, and whether the player is
        playing to go out (what the reason needs to say why)."""
        if view.phase is Phase.ANSWER:
            return AnswerGoOut(self._agree(view)), "answer", False
        if view.phase is Phase.DRAW:
            return self._draw(view, legal), "draw", False
        return self._play(view, legal)

    # ----- drawing ------------------------------------------------------------------

    def _draw(self, view: HandAndFootView, legal: Sequence[Action]) -> Action:
        takes = [a for a in legal if isinstance(a, TakePile)]
        team = view.team_of(self.seat)
        if takes and (view.discard_count >= 3 or not view.opened(team)):
            return max(takes, key=lambda a: self._take_value(view, a))
        return DrawCards()

    def _take_value(self, view: HandAndFootView, take: TakePile) -> float:
        wild_pair = sum(1 for c in take.pair if is_wild(c)) * WILD_COST
        if not take.meld or view.discard_top is None:
            return -wild_pair
        team = view.team_of(self.seat)
        books = list(view.books[team])
        books.append(Book(view.discard_top.rank, (view.discard_top, *take.pair)))
        return self._meld_value(view, Meld(take.meld), books=books) - wild_pair

    # ----- playing ------------------------------------------------------------------

    def _play(self, view: HandAndFootView, legal: Sequence[Action]) -> tuple[Action, str, bool]:
        team = view.team_of(self.seat)
        ask = AskToGoOut()
        # Asking is worth it only when the cards in hand can all but one be laid down.
        if ask in legal and self._want_out(view) and view.can_go_out:
            return ask, "ask", False
        going_out = view.permission is True or (len(view.sides[team]) == 1 and self._want_out(view))
        melds = [a for a in legal if isinstance(a, Meld)]
        if melds:
            best = max(melds, key=lambda m: self._meld_value(view, m, going_out))
            if self._meld_value(view, best, going_out) > 0:
                return best, "meld", going_out
        discards = [a for a in legal if isinstance(a, Discard)]
        if len(view.hand) == 1 and discards:
            return discards[0], "last-card", going_out
        chosen = min(discards, key=lambda d: (self._keep_value(view, d.card), d.card.sort_key()))
        return chosen, "discard", going_out

    def _meld_value(
        self,
        view: HandAndFootView,
        meld: Meld,
        going_out: bool = False,
        books: list[Book] | None = None,
    ) -> float:
        """Points shed plus book bonuses won, less the wilds spent and clean books
        spoiled; ``books`` are the team's books before the meld (default: the table's)."""
        if books is None:
            books = list(view.books[view.team_of(self.seat)])
        late = view.stages[self.seat] == view.last_stage
        wild_cost = 0 if going_out else LATE_WILD_COST if late else WILD_COST
        value = 0.0
        for group in meld.groups:
            old = None if group.book is None else books[group.book]
            new = extend(old, group.cards, view.options.wild_books)
            wilds = sum(1 for c in group.cards if is_wild(c))
            value += sum(card_points(c) for c in group.cards)
            value += 5 * len(group.cards)
            if new.is_closed and (old is None or not old.is_closed):
                value += CLEAN_BOOK_POINTS if new.is_clean else DIRTY_BOOK_POINTS
                if new.is_wild_book:
                    value += view.options.wild_book_bonus
            elif new.is_wild_book:
                value -= view.options.open_wild_book_penalty / 2
            if wilds:
                value -= wild_cost * wilds
                spoils = old is not None and old.wilds == 0 and old.rank is not None
                if spoils and not late and not going_out:
                    value -= SPOILED_CLEAN_COST
            if group.book is None:
                books.append(new)
            else:
                books[group.book] = new
        return value

    def _keep_value(self, view: HandAndFootView, card: Card) -> float:
        """How much the hand wants to keep ``card``; the lowest is discarded."""
        if card.rank is Rank.THREE:
            return -100 if not card.is_red else -90
        if is_wild(card):
            return 1000 + card_points(card)
        team = view.team_of(self.seat)
        held = Counter(c.rank for c in view.hand)[card.rank]
        value = 40.0 * held
        if any(b.rank is card.rank and not b.is_closed for b in view.books[team]):
            value += 150
        for other, books in enumerate(view.books):
            if other != team and any(b.rank is card.rank and not b.is_closed for b in books):
                value += 60
        if held == 1:
            value -= card_points(card)
        return value

    # ----- going out ----------------------------------------------------------------

    def _books_met(self, view: HandAndFootView, team: int) -> bool:
        opts = view.options
        tail = view.has_tail
        clean_needed = opts.clean_books_200 if tail else opts.clean_books
        dirty_needed = opts.dirty_books_200 if tail else opts.dirty_books
        books = view.books[team]
        clean = sum(1 for b in books if b.is_clean)
        dirty = sum(1 for b in books if b.is_dirty)
        return clean >= clean_needed and dirty >= dirty_needed and clean + dirty >= opts.total_books

    def _estimate(self, view: HandAndFootView, team: int) -> float:
        """A team's running total plus what its table is worth, less its held cards."""
        return view.team_totals[team] + table_worth(view, team)

    def _ahead(self, view: HandAndFootView) -> bool:
        team = view.team_of(self.seat)
        mine = self._estimate(view, team)
        return all(mine >= self._estimate(view, t) for t in range(len(view.sides)) if t != team)

    def _round_ending(self, view: HandAndFootView) -> bool:
        return view.decks_added >= view.options.extra_decks and view.stock_count < LATE_DRAW_PILE

    def _want_out(self, view: HandAndFootView) -> bool:
        team = view.team_of(self.seat)
        if view.stages[self.seat] != view.last_stage or not self._books_met(view, team):
            return False
        return self._ahead(view) or self._round_ending(view)

    def _agree(self, view: HandAndFootView) -> bool:
        """A partner's answer: yes when the team is ahead, when my own cards cost
        little, or when the round is about to end anyway."""
        return self._ahead(view) or self._held_points(view) <= 60 or self._round_ending(view)

    def _held_points(self, view: HandAndFootView) -> int:
        """What the cards this seat still holds (hand, foot, tail) would cost it now."""
        return sum(card_points(c) for c in view.hand) + AVERAGE_HELD_CARD * (
            view.foot_counts[self.seat] + view.tail_counts[self.seat]
        )

    def _held_words(self, view: HandAndFootView) -> str:
        """What the held cards would cost, "about" it only while a foot or tail still
        lies unseen (its cards are counted at an average): the hand alone is exact."""
        unseen = view.foot_counts[self.seat] + view.tail_counts[self.seat]
        return f"{'about ' if unseen else ''}{self._held_points(view)} points"

    # ----- saying why ---------------------------------------------------------------

    def _explain_answer(self, view: HandAndFootView, answer: AnswerGoOut) -> Advice:
        if not answer.yes:
            return Advice(
                answer,
                "Say no: counting this round's books your team looks behind, and the cards "
                f"you still hold would cost {self._held_words(view)} if the round ended now.",
                "answer-no",
                claims=(likely("behind-counting-books"),),
            )
        claims: list[Claim] = []
        if self._ahead(view):
            standing, said = self._standing(view)
            why = f"{standing}, so ending the round now should keep it so"
            claims += said
        elif self._held_points(view) <= 60:
            why = f"your own cards would cost only {self._held_words(view)}"
        else:
            why, claim = self._round_ending_words(view)
            claims.append(claim)
        return Advice(answer, f"Say yes: {why}.", "answer-yes", claims=tuple(claims))

    def _standing(self, view: HandAndFootView) -> tuple[str, tuple[Claim, ...]]:
        """How the team stands, for a team this player judges ahead: the lead in the
        running totals where there is one (a tie is none), and the likely standing
        once this round's books are counted."""
        team = view.team_of(self.seat)
        others = [t for i, t in enumerate(view.team_totals) if i != team]
        mine = view.team_totals[team]
        counting = likely("level-or-ahead-counting-books")
        if others and mine > max(others):
            return (
                f"your team leads {mine} to {max(others)} and looks level or ahead counting this round's books",
                (certain("team-ahead"), counting),
            )
        return "your team looks level or ahead counting this round's books", (counting,)

    def _round_ending_words(self, view: HandAndFootView) -> tuple[str, Claim]:
        cards = _count_cards(view.stock_count, "")
        return (
            f"the draw pile is down to {cards} with no pack left to add, so the round ends soon",
            certain("last-draw-pile", view.stock_count),
        )

    def _explain_draw(self, view: HandAndFootView, legal: Sequence[Action]) -> Advice:
        if any(isinstance(a, TakePile) for a in legal):
            why = f"the discard pile holds only {_count_cards(view.discard_count, '')}, not worth your pair"
            claim = certain("pile-holds", view.discard_count)
        else:
            why = "you can't take the discard pile now"
            claim = certain("cannot-take")
        return Advice(DrawCards(), f"Draw from the draw pile: {why}.", "draw", claims=(claim,))

    def _explain_take(self, view: HandAndFootView, take: TakePile) -> Advice:
        top = view.discard_top
        # The top card goes to the book with the pair; only the cards under it come to hand.
        brought = min(view.options.pile_take, view.discard_count - 1)
        cards = _count_cards(brought, "") if brought else "no other card"
        claims = [certain("pile-brings", brought)]
        if top is not None and not is_wild(top):
            rank = rank_name(top.rank)
            books = view.books[view.team_of(self.seat)]
            if not any(b.rank is top.rank and not b.is_closed for b in books):
                claims.append(certain("book-starts", rank, len(books)))
                reason = (
                    f"Take the pile: the {top.name} and your pair start a book of {rank} "
                    f"(your team's {_ordinal(len(books) + 1)} book) and bring {cards} into your hand."
                )
            else:
                claims.append(certain("book-grows", rank))
                reason = f"Take the pile: the {top.name} and your pair add to your open book of {rank}, and it brings {cards}."
        else:
            reason = f"Take the pile: it brings {cards} to build books with."
        if take.meld:
            reason = reason[:-1] + f", laying down your opening with it: {_opening_words(take)}."
        return Advice(take, reason, "take-pile", claims=tuple(claims))

    def _explain_ask(self, view: HandAndFootView, ask: AskToGoOut) -> Advice:
        claims = [certain("books-met"), certain("going-out-possible")]
        if self._ahead(view):
            why, said = self._standing(view)
            claims += said
        else:
            why, claim = self._round_ending_words(view)
            claims.append(claim)
        reason = (
            "Ask your partner to go out: your team has the closed books it needs, you can lay "
            f"down all but one card this turn, and {why}."
        )
        return Advice(ask, reason, "ask-out", claims=tuple(claims))

    def _explain_meld(self, view: HandAndFootView, meld: Meld, going_out: bool) -> Advice:
        books = list(view.books[view.team_of(self.seat)])
        closes: list[tuple[int, Book]] = []
        starts: list[tuple[int, Book]] = []
        for group in meld.groups:
            old = None if group.book is None else books[group.book]
            new = extend(old, group.cards, view.options.wild_books)
            index = len(books) if group.book is None else group.book
            if new.is_closed and (old is None or not old.is_closed):
                closes.append((index, new))
            elif old is None:
                starts.append((index, new))
            if group.book is None:
                books.append(new)
            else:
                books[group.book] = new
        # One card is named: "this card" meant nothing once the move was made (the coach
        # quotes the reason after the turn, when nothing is ringed any more).
        laid = f"the {meld.cards[0].name}" if len(meld.cards) == 1 else _count_cards(len(meld.cards), "these")
        it = "it" if len(meld.cards) == 1 else "they"
        if closes:
            index, book = closes[0]
            if book.is_wild_book:
                kind, said = "a book of wilds", "wild"
            else:
                said = "clean" if book.is_clean else "dirty"
                bonus = CLEAN_BOOK_POINTS if book.is_clean else DIRTY_BOOK_POINTS
                kind = f"a {said} book of {rank_name(book.rank)}, worth {bonus}"
            claim = certain("book-closes", index, said)
            return Advice(
                meld, f"Lay down {laid}: {it} close{'s' if it == 'it' else ''} {kind}.", "close-book", claims=(claim,)
            )
        if going_out:
            if view.can_go_out:
                return Advice(
                    meld,
                    f"Lay down {laid}: you can go out this turn, so every card on the table is one "
                    "not counted against you.",
                    "meld-going-out",
                    claims=(certain("going-out-possible"),),
                )
            return Advice(
                meld,
                f"Lay down {laid}: you are playing to go out soon, and cards on the table count "
                "for you, not against you.",
                "meld-going-out",
            )
        if starts:
            names = [rank_name(b.rank) for _, b in starts]
            ranks = listed(names)
            plural = "a book" if len(starts) == 1 else "books"
            return Advice(
                meld,
                f"Lay down {laid} to start {plural} of {ranks}: cards on the table count "
                "for you, not against you.",
                "start-book",
                claims=tuple(certain("book-starts", rank_name(b.rank), i) for i, b in starts),
            )
        index = next(g.book for g in meld.groups if g.book is not None)
        target = books[index]
        before = view.books[view.team_of(self.seat)][index]
        rank = rank_name(target.rank)
        if before.is_closed:
            return Advice(
                meld,
                f"Lay down {laid} on your closed book of {rank}: it is closed already, but "
                "cards on the table count for you, not against you.",
                "add-to-book",
                claims=(certain("book-closed", index),),
            )
        needed = BOOK_CLOSES_AT - len(target.cards)
        return Advice(
            meld,
            f"Lay down {laid} on your {rank}: the book then needs {_count_cards(needed, '')} more "
            "to close, and cards on the table count for you.",
            "add-to-book",
            claims=(certain("book-needs", index, needed),),
        )

    def _explain_last_card(self, view: HandAndFootView, discard: Discard) -> Advice:
        card = discard.card.name
        if view.stages[self.seat] == view.last_stage:
            return Advice(
                discard,
                f"Discard the {card}: it is your last card, and discarding it takes you out.",
                "last-card",
                claims=(certain("goes-out"),),
            )
        stage = STAGES[view.stages[self.seat] + 1]
        return Advice(
            discard,
            f"Discard the {card}: it is your last card; your turn ends and you play your {stage} from your next turn.",
            "last-card",
            claims=(certain("next-stage", stage),),
        )

    def _explain_discard(self, view: HandAndFootView, discard: Discard) -> Advice:
        card = discard.card
        if card.rank is Rank.THREE:
            return Advice(
                discard,
                f"Discard the {card.name}: threes never go into a book, so it is no use to keep.",
                "discard-three",
            )
        team = view.team_of(self.seat)
        rank = rank_name(card.rank)
        booked = any(
            other != team and any(b.rank is card.rank for b in books) for other, books in enumerate(view.books)
        )
        held = sum(1 for c in view.hand if c.rank is card.rank)
        if held == 1 and not booked:
            return Advice(
                discard,
                f"Discard the {card.name}: it is your only one of its rank and no other team has a book of {rank}.",
                "discard-lone",
                claims=(certain("only-one-held", card.rank.value), certain("no-other-book", card.rank.value)),
            )
        return Advice(
            discard,
            f"Discard the {card.name}: of all your cards it does the least for your books.",
            "discard-least",
        )

    # ----- for the search player ------------------------------------------------------

    def ranked(self, view: HandAndFootView, legal: Sequence[Action]) -> list[Action]:
        """The legal moves best first, as this player judges them: its own choice,
        then the other ways to draw, the most valuable melds, the cheapest discards."""
        first = self.choose(view, legal)
        if view.phase is Phase.ANSWER:
            others = [a for a in legal if a != first]
        elif view.phase is Phase.DRAW:
            takes = sorted((a for a in legal if isinstance(a, TakePile)), key=lambda a: -self._take_value(view, a))
            others = [DrawCards(), *takes]
        else:
            melds = sorted((a for a in legal if isinstance(a, Meld)), key=lambda m: -self._meld_value(view, m))
            discards = sorted(
                (a for a in legal if isinstance(a, Discard)),
                key=lambda d: (self._keep_value(view, d.card), d.card.sort_key()),
            )
            asks = [a for a in legal if isinstance(a, AskToGoOut)]
            others = [*asks, *melds[:3], *discards]
        return list(dict.fromkeys([first, *(a for a in others if a in legal)]))


def table_worth(view: HandAndFootView, team: int) -> float:
    """What a team's books are worth this round with their bonuses, less what its
    held cards will cost it if the round ended now."""
    score = 0.0
    for book in view.books[team]:
        score += book.points
        if book.is_clean:
            score += CLEAN_BOOK_POINTS
        elif book.is_dirty:
            score += DIRTY_BOOK_POINTS
    held = sum(view.hand_counts[s] + view.foot_counts[s] + view.tail_counts[s] for s in view.sides[team])
    return score - AVERAGE_HELD_CARD * held


def _candidates(view: GameView, legal: Sequence[Action], seat: int) -> list[Action]:
    assert isinstance(view, HandAndFootView)
    return HandAndFootHeuristic(seat, random.Random(0)).ranked(view, legal)


def _estimate_round(state: GameState[Any]) -> list[float]:
    """Each seat's figure for the round so far, as the table shows it: its side's books
    and bonuses less its held cards (the running totals are left out, as a finished
    rollout's round points leave them out)."""
    view = state.view(None)
    assert isinstance(view, HandAndFootView)
    worth = [table_worth(view, team) for team in range(len(view.sides))]
    return [worth[view.team_of(seat)] for seat in range(state.players)]


SEARCH_PLAN = SearchPlan(_candidates, _estimate_round, width=4, depth=40, samples=16)
"""Hand and Foot offers hundreds of melds and plays long rounds: the search tries the
heuristic's best four moves and scores each rollout forty moves on."""


def _ordinal(number: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(number, f"{number}th")


def _opening_words(take: TakePile) -> str:
    """What a take of the pile lays down from the hand besides the pile's book: "these 3
    cards start a book of aces" (a play-tester's hint named only the pile's book, and
    the aces went down with it unannounced)."""
    cards = [card for group in take.meld for card in group.cards]
    if len(cards) == 1:
        return f"the {cards[0].name} goes on the pile's book"
    laid = _count_cards(len(cards), "these")
    started = [
        rank_name(next((card.rank for card in group.cards if not is_wild(card)), None))
        for group in take.meld
        if group.book is None
    ]
    if not started:
        return f"{laid} go on your books"
    books = "a book" if len(started) == 1 else "books"
    added = " and go on your books" if len(started) < len(take.meld) else ""
    return f"{laid} start {books} of {' and '.join(started)}{added}"


def _count_cards(count: int, these: str) -> str:
    """"1 card", "these 3 cards"."""
    words = f"{count} card" + ("" if count == 1 else "s")
    return f"{these} {words}" if these else words
