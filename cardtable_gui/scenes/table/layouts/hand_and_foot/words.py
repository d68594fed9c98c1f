"""What the Hand and Foot table says: books as the book row draws them, a seat's
piles, the round's facts, why the discard pile cannot be taken, where chosen wilds
went, a partner's answer,
and the end-of-round summary and the game's score sheet.

Everything here is read from views and events; card names are in words (the table's
font has no suit symbols).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable_gui.cards import Card, Rank
from cardtable_gui.rules.hand_and_foot import Book, HandAndFootView, Phase, is_wild
from cardtable_gui.rules.hand_and_foot.books import CLEAN_BOOK_POINTS, DIRTY_BOOK_POINTS, GOING_OUT_POINTS, rank_name
from cardtable_gui.rules.hand_and_foot.events import RoundBreakdown, TeamScore
from cardtable_gui.rules.hand_and_foot.view import STAGES
from cardtable_gui.scenes.table.book_row import BookLook, Marker
from cardtable_gui.scenes.table.game_over import ScoreSheet
from cardtable_gui.scenes.table.summary import SummaryTable, TotalLine
from cardtable_gui.ui import theme as th

CLEAN_MARKER = Marker((196, 44, 48), "Clean")
DIRTY_MARKER = Marker((22, 22, 26), "Dirty")
WILD_MARKER = Marker(th.ACCENT_DARK, "Wild", th.TEXT_DARK)

TEAM_COLOURS: tuple[tuple[int, int, int], ...] = ((126, 196, 255), (255, 156, 128), (196, 164, 255))
"""Each team's colour on its plates and its row of books, by team number."""


def plural(rank: Rank | None) -> str:
    """"Kings", "Sixes", "Wilds"."""
    return rank_name(rank).capitalize()


def book_look(key: object, book: Book | None, pending: Sequence[Card] = ()) -> BookLook:
    """A book (or one not laid yet: ``book`` None) as the row draws it: its rank and
    how many cards it will hold, how many of them wild, and for a closed book the
    marker of its kind with a card of the marker's colour on top."""
    cards = book.cards if book is not None else ()
    every = (*cards, *pending)
    naturals = [c for c in every if not is_wild(c)]
    rank = book.rank if book is not None else (naturals[0].rank if naturals else None)
    wilds = len(every) - len(naturals)
    caption = f"{plural(rank if isinstance(rank, Rank) else None)} {len(every)}"
    detail = "no wilds" if wilds == 0 else "1 wild" if wilds == 1 else f"{wilds} wilds"
    marker = None
    shown = _natural_order(cards)
    if book is not None and book.is_closed:
        if book.is_wild_book:
            marker = WILD_MARKER
        else:
            marker = CLEAN_MARKER if book.is_clean else DIRTY_MARKER
            shown = _topped(shown, red=book.is_clean)
    return BookLook(key, tuple(shown), caption, detail, marker, tuple(_natural_order(pending)))


def _natural_order(cards: Sequence[Card]) -> list[Card]:
    """Naturals first (so the book's rank shows on its first card), then the wilds."""
    return [c for c in cards if not is_wild(c)] + [c for c in cards if is_wild(c)]


def _topped(cards: list[Card], red: bool) -> list[Card]:
    """``cards`` with a natural of the marker's colour last (on top of the squared
    stack), as players top a clean book with a red card and a dirty one with black."""
    for index in range(len(cards) - 1, -1, -1):
        card = cards[index]
        if not is_wild(card) and card.is_red == red:
            return cards[:index] + cards[index + 1 :] + [card]
    return cards


def stage_lines(stage: int, held: int, foot: int, tail: int, has_tail: bool, staged: int = 0) -> list[str]:
    """What a seat's plate may say about its piles, longest first: "Hand 11 · foot
    11", "Foot 9 · tail 2", "Tail 3". Cards staged for a meld are still held until
    laid down, and say so: "Hand 11 (3 staged)", so the count agrees with the cards
    the fan shows. The shorter forms close up the gaps, then leave the foot's and
    the tail's counts to the piles beside the plate, which show them too: a narrow
    plate read "Hand 6 (1 staged) · foot...", its last count cut."""
    held_words = f"{STAGES[stage].capitalize()} {held}" + (f" ({staged} staged)" if staged else "")
    piles = ([f"foot {foot}"] if stage == 0 else []) + ([f"tail {tail}"] if has_tail and stage < 2 else [])
    told = [held_words, *piles]
    return ["  \u00b7  ".join(told), " \u00b7 ".join(told), held_words]


def team_name(names: Sequence[str]) -> str:
    return " & ".join(names)


def books_needed_text(view: HandAndFootView) -> str:
    """"Go out with 3 clean and 3 dirty books" (and a total when it asks more)."""
    clean, dirty, total = view.options.books_needed(view.round_number - 1)
    text = f"Go out with {clean} clean and {dirty} dirty books"
    if total > clean + dirty:
        text += f", {total} in all"
    return text


def banner_title(view: HandAndFootView) -> str:
    return f"Round {view.round_number} of {view.options.rounds}: open with {view.minimum}"


def banner_lines(view: HandAndFootView, team: int | None, team_names: Sequence[str]) -> list[str]:
    """The round's facts under the title: the books to go out, whether the
    player's team has opened, and the tail in the last round."""
    if team is not None:
        # Heads-up, a side is one player: "your team" would be a team of one.
        yours = "You have" if len(view.sides[team]) == 1 else "Your team has"
        opened = f"{yours} opened" if view.opened(team) else f"{yours} not opened yet"
    else:
        done = [team_names[t] for t in range(len(view.sides)) if view.opened(t)]
        opened = "Opened: " + ", ".join(done) if done else "No team has opened yet"
    if view.has_tail:
        opened += "  \u00b7  a tail this round"
    return [books_needed_text(view), opened]


def team_line(view: HandAndFootView, books: Sequence[Book], red_threes: int) -> str:
    """A row's title after the team's names: its closed books against what going out
    needs (and its red threes where they count), or that it has not opened."""
    if books:
        clean = sum(1 for b in books if b.is_clean)
        dirty = sum(1 for b in books if b.is_dirty)
        need_clean, need_dirty, _ = view.options.books_needed(view.round_number - 1)
        text = f"clean {clean} of {need_clean}, dirty {dirty} of {need_dirty}"
    else:
        text = "not opened"
    if view.options.red_threes and red_threes:
        text += f", red threes {red_threes}"
    return text


PACKS_WIDEST = "0 of 5 packs added"
"""The widest line under the draw pile (the pile's column is made that wide)."""


def packs_text(added: int, extra: int) -> str:
    """Under the draw pile: how many fresh packs have joined it this round."""
    return f"{added} of {extra} packs added" if extra else "no packs to add"


def pile_blocked(top: Card | None) -> str | None:
    """Why nobody may take the discard pile now, whatever they hold."""
    if top is None:
        return "the discard pile is empty"
    if top.rank is Rank.THREE:
        return "a three is on top"
    if is_wild(top):
        return "a wild card is on top"
    return None


def pile_state(top: Card | None, takes: bool, mine: bool) -> tuple[str, bool]:
    """The line under the discard pile, and whether it warns: "blocked: a three",
    or for the player about to draw whether the pile is theirs to take."""
    if top is None:
        return "", False
    if top.rank is Rank.THREE:
        return "blocked: a three", True
    if is_wild(top):
        return "blocked: a wild", True
    if mine:
        return ("you can take it", False) if takes else ("you cannot take it", False)
    return "", False


def pile_need(view: HandAndFootView, seat: int) -> str:
    """Why ``seat`` may not take the discard pile (or what taking it asks)."""
    top = view.discard_top
    blocked = pile_blocked(top)
    if blocked is not None or top is None:
        return f"The discard pile is blocked: {blocked}" if top is not None else "The discard pile is empty"
    team = view.team_of(seat)
    if view.options.pile_needs_down and not view.opened(team):
        return "You must open before you take the discard pile" if len(view.sides[team]) == 1 else "Your team must open before it takes the discard pile"
    wanted = rank_name(top.rank)
    held = sum(1 for c in view.hand if c.rank is top.rank)
    if held >= 2 or (held == 1 and view.options.pile_wild_pair and any(is_wild(c) for c in view.hand)):
        return f"Take the discard pile with your {wanted}"
    if view.options.pile_wild_pair:
        return f"Taking the discard pile needs two {wanted}, or one and a wild"
    return f"Taking the discard pile needs two {wanted} from your hand"


def wilds_placed(book: Book, count: int, by_hint: bool) -> str:
    """Where wild cards chosen alone went when more than one book could take them."""
    cards = "The wild card goes" if count == 1 else f"The {count} wild cards go"
    why = "as the hint said" if by_hint else "the book they fit best"
    return f"{cards} on the {rank_name(book.rank)}, {why}."


def answer_reason(view: HandAndFootView, seat: int, yes: bool, totals: Sequence[int]) -> str:
    """A partner's answer with a short reason anyone at the table could see: the
    standing and the partner's own cards."""
    team = view.team_of(seat)
    held = view.hand_counts[seat] + view.foot_counts[seat] + view.tail_counts[seat]
    best_other = max(total for other, total in enumerate(totals) if other != team)
    if yes:
        if totals[team] > best_other:
            return "Yes, go out: we are ahead"
        if held <= 4:
            return f"Yes, go out: I hold only {held}"
        return "Yes, go out"
    if view.stages[seat] == 0:
        return "Not yet: I have my foot to play"
    if held > 4:
        return f"Not yet: I still hold {held} cards"
    if totals[team] < best_other:
        return "Not yet: we are behind"
    return "Not yet"


def standing(view: HandAndFootView, books: Sequence[Sequence[Book]]) -> list[int]:
    """Each team's running total plus the card points already in its books this
    round: who is ahead, as the table sees it."""
    return [view.team_totals[t] + sum(b.points for b in books[t]) for t in range(len(view.sides))]


def hint(
    view: HandAndFootView, seat: int, staged: int, staged_points: int, can_take: bool, can_ask: bool, partner: str
) -> str:
    """What the player at the bottom is to do now, in one line."""
    team = view.team_of(seat)
    opened = view.opened(team)
    if view.phase is Phase.DRAW:
        if staged and not opened:
            return f"Opening so far {staged_points} of {view.minimum}: take the pile to lay it down"
        text = f"Your turn: click the draw pile to draw {view.options.draw_count}"
        if can_take:
            return text + ", or take the discard pile with the cards outlined"
        return f"{text}. {pile_need(view, seat)}"
    if staged:
        if not opened:
            return f"Opening so far: {staged_points} of {view.minimum}. Lay down, or add more"
        return "Lay down your meld, or add more; discarding lays it down too"
    if view.permission is True:
        return f"{partner} says yes: lay down, then discard your last card to go out"
    if view.permission is False:
        return f"{partner} says not yet: play on and discard"
    if not opened:
        return f"Open with {view.minimum}: choose cards, then Lay down (or drop them on New book first)"
    if can_ask:
        return "Build your books, ask to go out when ready, or discard"
    return "Choose cards and drop them on a book or New book; then discard"


# -- the end of a round ---------------------------------------------------------------


def _count_points(count: int, points: int) -> str:
    return f"{count}: {points:+d}" if count else "-"


def summary_table(
    breakdown: RoundBreakdown,
    after: Sequence[int],
    names: Sequence[str],
    view: HandAndFootView,
    seat_name: Callable[[int], str],
) -> SummaryTable:
    """The round's summary: per team its clean and dirty books with their bonuses, the
    cards in its books, the cards left in hands, feet and tails (threes among them),
    red threes where that rule is on, the going-out bonus, and the round's total, so
    each row adds up across; the running totals ``after`` the round under it."""
    options = view.options
    reds = options.red_threes
    wild = options.wild_books
    headers = ["Team", "Clean", "Dirty", *(["Wild"] if wild else []), "Cards", "Left"]
    if reds:
        headers.append("Red 3s")
    headers += ["Out", "Round"]
    out_team = view.team_of(breakdown.went_out) if breakdown.went_out is not None else None
    rows: list[tuple[str, ...]] = []
    for score in breakdown.teams:
        row = [
            names[score.team],
            _count_points(score.clean_books, score.clean_books * CLEAN_BOOK_POINTS),
            _count_points(score.dirty_books, score.dirty_books * DIRTY_BOOK_POINTS),
        ]
        if wild:
            row.append(_wild_cell(score, view))
        row += [f"{score.book_cards:+d}", f"{score.cards_left:+d}" if score.cards_left else "0"]
        if reds:
            row.append(f"{score.red_threes:+d}" if score.red_threes else "-")
        row += [f"+{GOING_OUT_POINTS}" if score.team == out_team else "-", f"{score.total:+d}"]
        rows.append(tuple(row))
    notes = [_ending_note(breakdown, seat_name, names, view)]
    threes = "" if options.black_three_penalty == 5 else f"; black threes {options.black_three_penalty} each"
    notes.append(f"Cards: what the books hold. Left: cards still in hands, feet and tails count against their team{threes}.")
    best = max(after)
    totals = tuple(
        TotalLine(names[team], after[team], after[team] == best) for team in range(len(names))
    )
    title = f"Round {breakdown.round_number} of {options.rounds}"
    return SummaryTable(title, tuple(headers), tuple(rows), tuple(notes), totals, "Next round")


def _wild_cell(score: TeamScore, view: HandAndFootView) -> str:
    options = view.options
    points = score.wild_books * options.wild_book_bonus - score.open_wild_books * options.open_wild_book_penalty
    count = score.wild_books + score.open_wild_books
    return f"{count}: {points:+d}" if count else "-"


def _ending_note(
    breakdown: RoundBreakdown, seat_name: Callable[[int], str], names: Sequence[str], view: HandAndFootView
) -> str:
    if breakdown.went_out is None:
        return "The draw pile ran out: nobody went out this round."
    team = view.team_of(breakdown.went_out)
    return f"{seat_name(breakdown.went_out)} went out: {GOING_OUT_POINTS} more to {names[team]}."


def score_sheet(breakdowns: Sequence[RoundBreakdown], names: Sequence[str], minimums: Sequence[int]) -> ScoreSheet | None:
    """One row per round: each team's points and running total."""
    if not breakdowns:
        return None
    teams = len(names)
    groups = tuple((name, 2) for name in names)
    headers = ("Round", *("Points", "Total") * teams)
    totals = [0] * teams
    rows = []
    for breakdown in breakdowns:
        cells = [f"{breakdown.round_number} ({minimums[breakdown.round_number - 1]})"]
        for score in breakdown.teams:
            totals[score.team] += score.total
            cells += [f"{score.total:+d}", str(totals[score.team])]
        rows.append(tuple(cells))
    return ScoreSheet(groups, headers, tuple(rows))
