"""What each helper of the Hand and Foot table is handed of the layout that builds it.

The layout (``table.HandAndFootLayout``) makes the player's turn (``controls``), the
event show (``motion``) and the hint's rings (``hinting``), and hands each itself. Each
helper names here the members it reads or changes, and nothing else: the layout has
them all, so it fits every one of these views as it is, and no helper imports the
layout that imports it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.rules.base import Action, Event
from cardtable_gui.rules.hand_and_foot import Book, HandAndFootView, TakePile
from cardtable_gui.scenes.table.banner import Banner
from cardtable_gui.scenes.table.bidding import BidPanel
from cardtable_gui.scenes.table.book_row import BookRow
from cardtable_gui.scenes.table.bubbles import Bubbles
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.scenes.table.multi_select import MultiSelectFan
from cardtable_gui.scenes.table.pace import Beat
from cardtable_gui.scenes.table.pile import Pile
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import Button

if TYPE_CHECKING:
    from cardtable_gui.scenes.table.port import TablePort


class Piles(Protocol):
    """The draw pile and the discard pile, which every helper points at."""

    stock: Pile
    discard: Pile


class TablePicture(Piles, Protocol):
    """The layout's own picture of the table, which the turn and the event show both
    read and move along: the view, the books, the player's hand in its order."""

    port: TablePort
    bottom: int
    view: HandAndFootView | None
    books: list[list[Book]]
    fan: MultiSelectFan
    hand_order: list[Card]
    pile_card: int

    @property
    def theme(self) -> Theme: ...

    def refresh(self) -> None: ...


class TurnTable(TablePicture, Protocol):
    """What the player's turn (``controls.TurnControls``) uses of the layout: where
    its buttons and words go, the player's books and how the hand is sorted."""

    sprites: CardSprites
    rows: list[BookRow]
    hinted: Action | None
    sort_by_suit: bool
    bar: pygame.Rect
    middle: pygame.Rect
    pile_column: int

    @property
    def my_team(self) -> int: ...

    def pile_bounds(self, pile: Pile) -> pygame.Rect: ...

    def sorted_cards(self, cards: Sequence[Card]) -> list[Card]: ...

    def view_with_books(self) -> HandAndFootView: ...


class TurnShown(Protocol):
    """What the event show tells the player's turn: a new round or a rebuilt table
    forgets the staged meld, and the meld that was sent lands."""

    def clear(self) -> None: ...

    def laying(self) -> bool: ...

    def laid_down(self) -> None: ...

    def refresh(self) -> None: ...


class ShowTable(TablePicture, Protocol):
    """What the event show (``motion.EventShow``) uses of the layout: where each seat
    sits and what it holds, which it moves along as the cards land."""

    players: int
    card_width: int
    seat_card: int
    banner: Banner
    bubbles: Bubbles
    feet: list[Pile]
    tails: list[Pile]
    counts: list[int]
    foot_counts: list[int]
    tail_counts: list[int]
    stages: list[int]
    red_threes: list[list[Card]]
    team_totals: list[int]
    to_move: int | None
    dealer: int
    arrivals: tuple[float, float] | None

    @property
    def controls(self) -> TurnShown: ...

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]: ...

    def position_of(self, seat: int) -> int: ...

    def seat_anchor(self, seat: int) -> tuple[float, float]: ...

    def team_of(self, seat: int) -> int: ...

    def team_label(self, team: int) -> str: ...

    def row_of(self, team: int) -> BookRow: ...

    def beat(self, event: Event) -> Beat | None: ...

    def look_at_hand(self) -> None: ...

    def refresh_piles(self) -> None: ...

    def forget_orders(self) -> None: ...


class HintedControls(Protocol):
    """The turn's controls that a hinted move can ring."""

    takes: list[TakePile]
    take_buttons: list[Button]
    lay_down_button: Button
    ask_button: Button
    answer: BidPanel[bool]

    def place_keys(self) -> list[Hashable]: ...


class HintTable(Piles, Protocol):
    """What the hint's rings (``hinting``) use of the layout: the piles, the player's
    team's books and the turn's controls."""

    @property
    def controls(self) -> HintedControls: ...

    @property
    def my_team(self) -> int: ...

    def pile_bounds(self, pile: Pile) -> pygame.Rect: ...

    def row_of(self, team: int) -> BookRow: ...
