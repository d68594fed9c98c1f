"""What a Hand and Foot player may do, as small values with a stable text form.

A turn is: ``draw`` (or ``take`` the discard pile), any number of ``meld`` actions,
perhaps ``ask to go out``, then ``discard``. A partner asked answers ``answer yes`` or
``answer no``. ``parse_action`` reads every text form back.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable_gui.cards import Card, CardError, format_cards, parse_cards
from cardtable_gui.grammar import listed
from cardtable_gui.rules.base import Action, ActionParseError
from cardtable_gui.rules.hand_and_foot.books import cards_words


@dataclass(frozen=True, slots=True)
class MeldGroup:
    """Cards laid on one book of the team: a new one (``book`` None) or the team's book
    at index ``book`` (books are numbered in the order they were started)."""

    book: int | None
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        target = "new" if self.book is None else f"book {self.book}"
        return f"{target} {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class DrawCards(Action):
    """Draw from the draw pile (as many cards as the table's rule says)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakePile(Action):
    """Take the discard pile with ``pair`` from hand. A team that has not opened adds
    ``meld``, the rest of its opening, laid down in the same step."""

    pair: tuple[Card, Card]
    meld: tuple[MeldGroup, ...] = ()

    def __str__(self) -> str:
        text = f"take {format_cards(self.pair)}"
        if self.meld:
            text += " then " + "; ".join(str(g) for g in self.meld)
        return text

    def in_words(self) -> str:
        taken = f"take the pile with {cards_words(self.pair)}"
        return f"{taken} and {groups_in_words(self.meld)}" if self.meld else taken


@dataclass(frozen=True, slots=True)
class Meld(Action):
    """Lay cards on one or more books in one step (an opening of several books is one
    meld). Groups are laid in order, so a later group may use a book an earlier one
    started."""

    groups: tuple[MeldGroup, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        groups = self.groups
        if len(groups) == 1:
            return groups[0].cards  # most melds: no new tuple
        return tuple(c for g in groups for c in g.cards)

    def __str__(self) -> str:
        return "meld " + "; ".join(str(g) for g in self.groups)

    def in_words(self) -> str:
        return groups_in_words(self.groups)


def groups_in_words(groups: tuple[MeldGroup, ...]) -> str:
    """Cards laid on books, as a player says it: "lay down three kings and add a wild
    to a book". Books are named by what goes on them, never by their numbers."""
    laid = [cards_words(group.cards) for group in groups if group.book is None]
    added = [cards_words(group.cards) for group in groups if group.book is not None]
    parts = []
    if laid:
        parts.append(f"lay down {listed(laid)}")
    if added:
        parts.append(f"add {listed(added)} to {'a book' if len(added) == 1 else 'books'}")
    return " and ".join(parts)


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard ``card``, ending the turn (discarding the very last card goes out)."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"

    def in_words(self) -> str:
        return f"discard the {self.card.name}"


@dataclass(frozen=True, slots=True)
class AskToGoOut(Action):
    """Ask your partner(s) whether you may go out this turn."""

    def __str__(self) -> str:
        return "ask to go out"


@dataclass(frozen=True, slots=True)
class AnswerGoOut(Action):
    """A partner's answer to the question to go out."""

    yes: bool

    def __str__(self) -> str:
        return "answer yes" if self.yes else "answer no"


_new = object.__new__
_set_book = MeldGroup.__dict__["book"].__set__
_set_cards = MeldGroup.__dict__["cards"].__set__
_set_groups = Meld.__dict__["groups"].__set__


def one_group_meld(book: int | None, cards: tuple[Card, ...]) -> Meld:
    """``Meld((MeldGroup(book, cards),))``, the same value at a third of the cost: the
    legal-action list builds thousands of them, and a frozen dataclass's ``__init__``
    sets every field through ``object.__setattr__``."""
    group = _new(MeldGroup)
    _set_book(group, book)
    _set_cards(group, cards)
    meld = _new(Meld)
    _set_groups(meld, (group,))
    return meld


def parse_action(text: str) -> Action:
    """Read an action from its text form; raises ``ActionParseError``."""
    words = text.strip()
    low = words.lower()
    try:
        if low == "draw":
            return DrawCards()
        if low == "ask to go out":
            return AskToGoOut()
        if low in ("answer yes", "answer no"):
            return AnswerGoOut(low == "answer yes")
        if low.startswith("discard "):
            return Discard(Card.parse(words[len("discard ") :]))
        if low.startswith("meld "):
            return Meld(_parse_groups(words[len("meld ") :]))
        if low.startswith("take "):
            pair_text, _, meld_text = words[len("take ") :].partition(" then ")
            pair = parse_cards(pair_text)
            if len(pair) != 2:
                raise ActionParseError("Taking the pile needs exactly two cards from hand.")
            groups = _parse_groups(meld_text) if meld_text.strip() else ()
            return TakePile((pair[0], pair[1]), groups)
    except CardError as error:
        raise ActionParseError(str(error)) from None
    raise ActionParseError(
        f"{text!r} is not a Hand and Foot action (try: draw, take 7H 7D, "
        "meld new 7H 7D 7C; book 0 KS, discard 3C, ask to go out, answer yes)."
    )


def _parse_groups(text: str) -> tuple[MeldGroup, ...]:
    groups = []
    for part in text.split(";"):
        words = part.split()
        if not words:
            raise ActionParseError("A meld has an empty group of cards.")
        head = words[0].lower()
        if head == "new":
            groups.append(MeldGroup(None, tuple(parse_cards(" ".join(words[1:])))))
        elif head == "book" and len(words) > 1 and words[1].isdigit():
            groups.append(MeldGroup(int(words[1]), tuple(parse_cards(" ".join(words[2:])))))
        else:
            raise ActionParseError(
                f"Each meld group starts 'new' or 'book <number>', not {part.strip()!r}."
            )
        if not groups[-1].cards:
            raise ActionParseError(f"The meld group {part.strip()!r} names no cards.")
    return tuple(groups)
