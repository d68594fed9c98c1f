"""The checkers of the claims that hand_and_foot's advice makes, each judged on the full state.

Book claims are judged on the books the move leaves, worked out by the rules' own
``meld_books``; claims about going out ask the rules' own test of the seat's cards;
standings count what the cards everyone really holds would cost.
"""

from __future__ import annotations

from typing import Any

from cardtable_gui.ai.claims import Claim
from cardtable_gui.audit.judge import Checker
from cardtable_gui.rules.base import Action, GameState
from cardtable_gui.rules.hand_and_foot import Book, Discard, HandAndFootState, Meld, TakePile
from cardtable_gui.rules.hand_and_foot.books import BOOK_CLOSES_AT, extend, rank_name
from cardtable_gui.rules.hand_and_foot.going_out import can_go_out
from cardtable_gui.rules.hand_and_foot.state import meld_books
from cardtable_gui.rules.hand_and_foot.view import STAGES


def _state(state: GameState[Any]) -> HandAndFootState:
    assert isinstance(state, HandAndFootState)
    return state


def _books_after(state: HandAndFootState, seat: int, action: Action) -> list[Book]:
    """The team's books once ``action`` (a meld or a take of the pile) is made."""
    books = state.books[state.team_of[seat]]
    wild_books = state.options.wild_books
    if isinstance(action, Meld):
        return meld_books(books, action.groups, wild_books)
    assert isinstance(action, TakePile)
    top = state.pile[-1]
    result = list(books)
    open_at = next((i for i, b in enumerate(result) if b.rank is top.rank and not b.is_closed), None)
    laid = (top, *action.pair)
    if open_at is None:
        result.append(extend(None, laid, wild_books))
    else:
        result[open_at] = extend(result[open_at], laid, wild_books)
    return meld_books(result, action.meld, wild_books)


def book_starts(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """The move starts a new book of the rank named, numbered as said."""
    state = _state(full)
    rank, index = claim.about
    before = state.books[state.team_of[seat]]
    after = _books_after(state, seat, action)
    return isinstance(index, int) and len(before) <= index < len(after) and _rank_named(after[index], rank)


def book_grows(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """Taking the pile puts its top card and the pair on the team's open book of that rank."""
    state = _state(full)
    (rank,) = claim.about
    books = state.books[state.team_of[seat]]
    return isinstance(action, TakePile) and any(
        not b.is_closed and _rank_named(b, rank) and b.rank is state.pile[-1].rank for b in books
    )


def book_closes(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """The move closes the book numbered, leaving it of the kind said."""
    state = _state(full)
    index, kind = claim.about
    before = state.books[state.team_of[seat]]
    after = _books_after(state, seat, action)
    assert isinstance(index, int)
    if index >= len(after) or (index < len(before) and before[index].is_closed):
        return False
    book = after[index]
    said = "wild" if book.is_wild_book else "clean" if book.is_clean else "dirty"
    return book.is_closed and said == kind


def book_needs(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """After the move the book numbered is still open and needs exactly that many cards."""
    state = _state(full)
    index, needed = claim.about
    after = _books_after(state, seat, action)
    assert isinstance(index, int)
    return index < len(after) and not after[index].is_closed and BOOK_CLOSES_AT - len(after[index].cards) == needed


def book_closed(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """The book numbered was closed before the move."""
    state = _state(full)
    (index,) = claim.about
    books = state.books[state.team_of[seat]]
    return isinstance(index, int) and index < len(books) and books[index].is_closed


def goes_out(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """Discarding ends the seat's hand and foot: it goes out, ending the round."""
    state = _state(full)
    played = state.clone()
    if not isinstance(action, Discard) or not played.is_legal(action):
        return False
    played.apply(action)
    return played.round_index != state.round_index or played.is_over


def next_stage(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """Discarding the last card ends the turn without going out; the seat plays the
    stage named from its next turn."""
    state = _state(full)
    (stage,) = claim.about
    hand = state.hands[seat]
    return (
        isinstance(action, Discard)
        and len(hand) == 1
        and state.stages[seat] < state.last_stage
        and STAGES[state.stages[seat] + 1] == stage
    )


def only_one_held(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """The seat holds just one card of that rank."""
    state = _state(full)
    (rank,) = claim.about
    return sum(1 for c in state.hands[seat] if c.rank.value == rank) == 1


def no_other_book(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """No other team has a book (open or closed) of that rank."""
    state = _state(full)
    (rank,) = claim.about
    team = state.team_of[seat]
    return not any(
        b.rank is not None and b.rank.value == rank
        for other, books in enumerate(state.books)
        if other != team
        for b in books
    )


def going_out_possible(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """The seat, in its last stage, can lay down all but one card this turn and leave
    its team the closed books the round needs."""
    state = _state(full)
    if state.stages[seat] != state.last_stage:
        return False
    return can_go_out(state.hands[seat], state.books[state.team_of[seat]], state.options, state.round_index)


def books_met(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """The team already holds the closed books it needs to go out."""
    state = _state(full)
    clean_needed, dirty_needed, total_needed = state.options.books_needed(state.round_index)
    books = state.books[state.team_of[seat]]
    clean = sum(1 for b in books if b.is_clean)
    dirty = sum(1 for b in books if b.is_dirty)
    return clean >= clean_needed and dirty >= dirty_needed and clean + dirty >= total_needed


def team_ahead(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """The team's running total is above every other team's."""
    state = _state(full)
    team = state.team_of[seat]
    return all(state.totals[team] > total for other, total in enumerate(state.totals) if other != team)


def _standings(state: HandAndFootState) -> list[int]:
    """Each team's running total plus what the round would give it if it ended now."""
    return [state.totals[t] + state.team_score(t, None).total for t in range(len(state.sides))]


def level_or_ahead(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """Counting this round as it stands (every held card at its real cost), the team is
    not behind any other."""
    state = _state(full)
    standings = _standings(state)
    return standings[state.team_of[seat]] >= max(standings)


def behind(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """Counting this round as it stands, some other team is ahead."""
    return not level_or_ahead(claim, full, seat, action)


def last_draw_pile(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """The draw pile holds that many cards and no pack is left to add to it."""
    state = _state(full)
    (count,) = claim.about
    return len(state.stock) == count and state.decks_added >= state.options.extra_decks


def pile_holds(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """The discard pile holds that many cards."""
    (count,) = claim.about
    return len(_state(full).pile) == count


def pile_brings(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """Taking the pile brings that many cards into the hand (those under the top card)."""
    state = _state(full)
    (count,) = claim.about
    return min(state.options.pile_take, len(state.pile) - 1) == count


def cannot_take(claim: Claim, full: GameState[Any], seat: int, action: Action) -> bool:
    """No way of taking the discard pile is open to the seat."""
    return not any(isinstance(a, TakePile) for a in _state(full).legal_actions())


def _rank_named(book: Book, name: str | int) -> bool:
    return rank_name(book.rank) == name


CHECKERS: dict[str, Checker] = {
    "book-starts": book_starts,
    "book-grows": book_grows,
    "book-closes": book_closes,
    "book-needs": book_needs,
    "book-closed": book_closed,
    "goes-out": goes_out,
    "next-stage": next_stage,
    "only-one-held": only_one_held,
    "no-other-book": no_other_book,
    "going-out-possible": going_out_possible,
    "books-met": books_met,
    "team-ahead": team_ahead,
    "level-or-ahead-counting-books": level_or_ahead,
    "behind-counting-books": behind,
    "last-draw-pile": last_draw_pile,
    "pile-holds": pile_holds,
    "pile-brings": pile_brings,
    "cannot-take": cannot_take,
}
