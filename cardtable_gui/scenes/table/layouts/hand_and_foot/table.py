"""The Hand and Foot table.

The other seats sit along the edges: one at the top, the rest down the left and right
sides (clockwise from the bottom, as at a real table). Each shows a small fan of backs
above its name plate, which says how many cards it holds and whether it plays its
hand, foot or tail, and beside the plate its foot (and in the last round its tail) as
a face-down pile until it is picked up. Each team's books lie in a band of their own:
the other teams' bands up in the middle, the player's own team's band right above the
hand, where the player builds. Between them lie the draw pile and the discard pile,
with the round's facts beside them; the scores sit in the top corner. The notes (a
tip, the hint, a refused move's reason) have felt of their own and never lie on a row
of books: the right end of your team's band and the room above it, right of the
round's facts. A log of the last turns the others took (a computer's turn is a draw,
melds and a discard, told as one entry that grows as the moves are shown) sits in room
nothing else takes: beside the piles, or up between the seat at the top and the scores.

The layout keeps its own picture of the table (each seat's piles, the books, the
discard pile), moved along event by event as the animations play and replaced by the
seat's view whenever the match settles, so the two never drift apart. The player's
turn (choosing cards, staging a meld, drawing, discarding, asking to go out) lives in
``controls``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import pygame

from cardtable_gui.cards import Card, french_deck
from cardtable_gui.rules.base import Action, Event, GameView, HandDealt
from cardtable_gui.rules.hand_and_foot import Book, Discard, HandAndFootView, Phase, is_wild
from cardtable_gui.rules.hand_and_foot.events import (
    CardsDrawn,
    Discarded,
    GoOutAnswered,
    GoOutAsked,
    Melded,
    PileStarted,
    PileTaken,
    RedThreeLaidOut,
    RoundBreakdown,
    StagePickedUp,
)
from cardtable_gui.rules.hand_and_foot.options import ROUND_MINIMUMS
from cardtable_gui.rules.hand_and_foot.state import FOOT_SIZE, HAND_SIZE, TAIL_SIZE
from cardtable_gui.scenes.table.banner import Banner
from cardtable_gui.scenes.table.book_row import BookRow
from cardtable_gui.scenes.table.bubbles import Anchor, Bubbles
from cardtable_gui.scenes.table.footprint import Footprint, Kind
from cardtable_gui.scenes.table.game_over import ScoreSheet
from cardtable_gui.scenes.table.layouts.base import GameLayout, hand_card_rects, shown
from cardtable_gui.scenes.table.layouts.hand_and_foot import hinting, words
from cardtable_gui.scenes.table.layouts.hand_and_foot.controls import TurnControls
from cardtable_gui.scenes.table.layouts.hand_and_foot.log_words import LogWords
from cardtable_gui.scenes.table.layouts.hand_and_foot.motion import EventShow
from cardtable_gui.scenes.table.layouts.hand_and_foot.staging import book_key
from cardtable_gui.scenes.table.multi_select import MultiSelectFan
from cardtable_gui.scenes.table.pace import Beat
from cardtable_gui.scenes.table.pile import Pile
from cardtable_gui.scenes.table.play_log import LOG_LINES, PlayLog
from cardtable_gui.scenes.table.score_panel import ScorePanel, ScoreRow, leaders
from cardtable_gui.scenes.table.seat_panel import FULL_HAND, SeatPanel, fan_extent, plate_height
from cardtable_gui.ui import theme as th

if TYPE_CHECKING:
    from cardtable_gui.scenes.table.port import TablePort


MOVES = (CardsDrawn, PileTaken, Melded, RedThreeLaidOut, StagePickedUp, Discarded, GoOutAsked, GoOutAnswered)
"""What a seat does on its turn: each a computer makes gets a beat of its own."""
LOG_WIDTH = 300
"""The widest the log grows (design pixels): its lines are short."""
LOG_NARROWEST = 170
"""The narrowest room the log is shown in (design pixels)."""
TURN_WRAP = 3
"""The most lines one entry of the log takes: a seat's whole turn is one entry."""
LOG_TITLE = "The others' turns"
LOG_KEPT = 10
"""Turns the log keeps: two rounds of the others' turns at six players. Five went by
between two of the person's turns, and a play-tester wanted the round before."""
LOG_FEWEST = 3
"""The fewest lines the log beside the piles shows before a roomier place is looked for."""
NOTE_ROOM_SHARE = 0.5
"""The share of your team's band kept, at its right end, for the notes (the hint, a tip,
a refused move's reason): the rows of books are theirs alone, so the notes need felt of
their own, beside the books they talk about."""
NOTE_ROOM_WIDEST = 620
"""The widest the notes' room grows (design pixels); the books keep the rest."""
UPPER_NOTE_ROOM = 420
"""How wide the room for notes right of the round's facts is, when the strip has it
(design pixels): room for a refused move's reason on three or four lines."""

class HandAndFootLayout(GameLayout):
    """Hand and Foot at the table: see the module docstring."""

    def __init__(self, port: TablePort) -> None:
        super().__init__(port)
        self.motion = EventShow(self)
        self.sprites = port.sprites
        self.players = port.match.players
        self.fan: MultiSelectFan = MultiSelectFan(self.sprites)
        self.panels = [SeatPanel(0.0) for _ in range(self.players)]
        self.feet = [Pile() for _ in range(self.players)]
        self.tails = [Pile() for _ in range(self.players)]
        self.rows: list[BookRow] = []
        self.stock = Pile()
        self.discard = Pile()
        self.banner = Banner()
        self.scores = ScorePanel()
        self.bubbles = Bubbles()
        self.controls = TurnControls(self)
        # It leaves out the person's own turns, and says so: a list that skipped them
        # read as a gap to a play-tester.
        self.log = PlayLog(port.paused, wrap=TURN_WRAP, title=LOG_TITLE, keep=LOG_KEPT)
        self.log_words = self._new_log_words()
        self.size = (0, 0)
        self.view: HandAndFootView | None = None
        # The picture of the table, moved along by events.
        self.counts = [0] * self.players
        self.foot_counts = [0] * self.players
        self.tail_counts = [0] * self.players
        self.stages = [0] * self.players
        self.books: list[list[Book]] = []
        self.red_threes: list[list[Card]] = []
        self.team_totals: list[int] = []
        self.to_move: int | None = None
        self.dealer = 0
        self.hand_order: list[Card] = []
        """The player's cards in the order the fan shows them."""
        self.order_seat: int | None = None
        """Whose hand ``hand_order`` is."""
        self.orders: dict[int, list[Card]] = {}
        """Each seat's hand order as last shown, kept while the table shows another
        seat's hand (a shared screen passing) or rebuilds itself (an undo), for the
        seat's return: the hand came back sorted, the cards that had arrived at the
        right since the last sort mixed in."""
        self.sort_by_suit = False
        self.arrivals: tuple[float, float] | None = None
        """Where cards new to the player's hand take their places from: where their
        flight from the pile landed (not the pile itself, or they would fly in twice),
        until the next settle shows them."""
        # Geometry.
        self.card_width = 80
        self.seat_card = 30
        self.pile_card = 52
        self.pile_column = 120
        self.hand_top = 0
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.strip = pygame.Rect(0, 0, 0, 0)
        self.middle = pygame.Rect(0, 0, 0, 0)
        self.note_room = pygame.Rect(0, 0, 0, 0)
        """Felt kept free for the notes, right of your team's books."""
        self.upper_note_room = pygame.Rect(0, 0, 0, 0)
        """More felt kept for the notes, right of the round's facts, above ``note_room``."""
        self.seat_blocks: dict[int, pygame.Rect] = {}
        """Each other seat's block by position: its fan of backs, plate, foot and tail."""

    # -- who is where ------------------------------------------------------------------

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return self.view.sides if self.view is not None else ((0,), (1,))

    def team_of(self, seat: int) -> int:
        return next(t for t, side in enumerate(self.sides) if seat in side)

    @property
    def my_team(self) -> int:
        return self.team_of(self.bottom)

    def team_label(self, team: int) -> str:
        return words.team_name([self.port.seat_name(s) for s in self.sides[team]])

    def row_of(self, team: int) -> BookRow:
        """The band of ``team``'s books; the player's team's is the first."""
        order = self.team_order()
        return self.rows[order.index(team)]

    def team_order(self) -> list[int]:
        """The teams in the order of their bands: the player's own first."""
        mine = self.my_team
        return [mine] + [t for t in range(len(self.sides)) if t != mine]

    # -- geometry ----------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        t = self.theme
        width, height = size
        margin, gap = t.px(14), t.px(10)
        scale = self.port.card_scale()
        base = min(height * 0.15 / 1.4, width * 0.072)
        self.card_width = max(36, round(min(base * scale, height * 0.2 / 1.4)))
        card_h = self.sprites.size(self.card_width)[1]
        hand_h = round(card_h * 1.22)
        self.hand_top = height - hand_h
        # Your plate and piles at the bottom left; the hand takes the rest.
        plate_w, plate_h = t.px(184), plate_height(t, 1)
        self.seat_card = t.px(28)
        pile_w = self.sprites.size(self.seat_card)[0] + t.px(6)
        mine = self.panels[0]
        mine.layout(pygame.Rect(margin, height - margin - plate_h, plate_w, plate_h), (width / 2, self.hand_top + card_h / 2), self.card_width)
        mine.show_cards = False
        self._place_piles(0, mine.plate, pile_w)
        beside = mine.plate.right + gap + 2 * (pile_w + t.px(6))
        self.fan.layout(pygame.Rect(beside, self.hand_top, width - beside - margin, hand_h), self.card_width)
        # Chosen cards stand up out of the fan: the bar keeps clear of them.
        self.bar = pygame.Rect(margin, self.hand_top - t.px(28) - t.px(40), width - 2 * margin, t.px(40))
        # The other seats: one at the top, the rest down the sides.
        self.scores.layout(self._score_rect())
        toolbar_bottom = t.px(12) + t.px(38)
        side_top = max(toolbar_bottom, self.scores.rect.bottom) + gap
        blocks = self._seat_blocks(side_top, plate_w, plate_h, pile_w)
        for position, block in blocks.items():
            self._place_seat(position, block, plate_w, plate_h, pile_w)
        self.seat_blocks = blocks
        top_block = blocks.get(self._top_position())
        top = (top_block.bottom if top_block is not None else toolbar_bottom) + gap
        left_edge = max((b.right for p, b in blocks.items() if b.centerx < width / 3), default=0) + gap
        right_edge = min((b.left for p, b in blocks.items() if b.centerx > width * 2 / 3), default=width) - gap
        side_bottom = max((b.bottom for p, b in blocks.items() if b.centerx < width / 3 or b.centerx > width * 2 / 3), default=0)
        self._place_rows(top, self.bar.top - gap, max(margin, left_edge), min(width - margin, right_edge), side_bottom)
        self._place_log(toolbar_bottom)
        self.controls.layout()
        self._prepare_pictures()

    def _score_rect(self) -> pygame.Rect:
        t = self.theme
        teams = len(self.sides)
        w = t.px(260)
        return pygame.Rect(self.size[0] - t.px(14) - w, t.px(12), w, ScorePanel.height_for(t, teams))

    def _top_position(self) -> int:
        return self.players // 2

    def _seat_blocks(self, side_top: int, plate_w: int, plate_h: int, pile_w: int) -> dict[int, pygame.Rect]:
        """Each other seat's block (fan above, plate and piles below): the seat
        opposite at the top middle, those on your left down the left edge (the
        nearest lowest), those on your right down the right edge."""
        t = self.theme
        width = self.size[0]
        margin, gap = t.px(14), t.px(10)
        fan_w, fan_h = fan_extent(self.sprites.size(self.seat_card), 0.0)
        block_w = max(fan_w, plate_w + 2 * (pile_w + t.px(6)))
        block_h = fan_h + t.px(6) + plate_h
        blocks: dict[int, pygame.Rect] = {}
        top = self._top_position()
        blocks[top] = pygame.Rect(round(width / 2 - block_w / 2), t.px(12), block_w, block_h)
        left = list(range(1, top))
        right = list(range(top + 1, self.players))
        for index, position in enumerate(reversed(left)):
            blocks[position] = pygame.Rect(margin, side_top + index * (block_h + gap), block_w, block_h)
        for index, position in enumerate(right):
            blocks[position] = pygame.Rect(width - margin - block_w, side_top + index * (block_h + gap), block_w, block_h)
        return blocks

    def _place_seat(self, position: int, block: pygame.Rect, plate_w: int, plate_h: int, pile_w: int) -> None:
        panel = self.panels[position]
        card_h = self.sprites.size(self.seat_card)[1]
        plate = pygame.Rect(block.x, block.bottom - plate_h, plate_w, plate_h)
        panel.layout(plate, (block.x + plate_w / 2, block.y + card_h / 2 + self.theme.px(2)), self.seat_card)
        self._place_piles(position, plate, pile_w)

    def _place_piles(self, position: int, plate: pygame.Rect, pile_w: int) -> None:
        """The foot, then the tail, face down just right of the plate."""
        t = self.theme
        x = plate.right + t.px(6) + pile_w / 2
        self.feet[position].layout((x, plate.centery - t.px(6)), self.seat_card)
        self.tails[position].layout((x + pile_w + t.px(6), plate.centery - t.px(6)), self.seat_card)

    def _place_rows(self, top: int, bottom: int, left: int, right: int, side_bottom: int) -> None:
        """The books' bands, the piles and the round's facts between the seats: your
        team's band lowest (as wide as the window when the side seats end above it)
        with the notes' room at its right end, the piles above it, the other teams'
        bands at the top."""
        t = self.theme
        width = self.size[0]
        margin, gap = t.px(14), t.px(10)
        teams = len(self.sides)
        if len(self.rows) != teams:
            self.rows = [BookRow() for _ in range(teams)]
        self.pile_card = t.px(50)
        pile_h = self.sprites.size(self.pile_card)[1]
        strip_h = max(pile_h + t.px(6) + 2 * t.text_px(16), Banner.height_for(t, 2))
        room = bottom - top - strip_h - 2 * gap
        mine_h = max(t.px(90), round(room * 0.55))
        below_sides = bottom - side_bottom - gap
        if 0 < mine_h - below_sides < t.px(40) and below_sides >= t.px(130):
            # Just below the side seats your band may have the whole width: take it.
            mine_h = below_sides
        mine = pygame.Rect(0, bottom - mine_h, 0, mine_h)
        strip = pygame.Rect(0, mine.top - gap - strip_h, 0, strip_h)
        others = pygame.Rect(0, top, 0, strip.top - gap - top)
        for rect in (mine, strip, others):
            wide = rect.top >= side_bottom
            rect.left = margin if wide else left
            rect.width = (width - margin if wide else right) - rect.left
        self.strip = strip
        self.middle = pygame.Rect(others.left, others.top, others.width, mine.bottom - others.top)
        room_w = min(round(mine.width * NOTE_ROOM_SHARE), t.px(NOTE_ROOM_WIDEST))
        self.note_room = pygame.Rect(mine.right - room_w, mine.top, room_w, mine.height)
        mine.width -= room_w + gap
        beside_strip = [b for b in self.seat_blocks.values() if b.top < strip.bottom and b.bottom > strip.top]
        room_right = min((b.left - gap for b in beside_strip if b.centerx > width / 2), default=width - margin)
        smallest, largest = t.px(30), min(round(self.card_width * 0.8), t.px(66))
        order = self.team_order()
        self.rows[0].layout(mine, t, self.sprites, largest, smallest)
        rest = order[1:]
        each = (others.width - gap * (len(rest) - 1)) // max(1, len(rest))
        for index in range(len(rest)):
            rect = pygame.Rect(others.left + index * (each + gap), others.top, each, others.height)
            self.rows[1 + index].layout(rect, t, self.sprites, min(largest, t.px(56)), smallest)
        # The draw pile, the discard pile, then the round's facts.
        # Together they sit in the middle of their strip, the banner at most so wide.
        column = max(t.px(124), t.font(t.text_px(15)).size(words.PACKS_WIDEST)[0] + t.px(10))
        banner_w = min(t.px(520), strip.width - 2 * column - 3 * gap)
        spare = strip.width - (2 * column + gap * 3 + banner_w)
        # Room for the log at the strip's right end, when there is enough, is kept free.
        # The right end of the strip, above the notes' room, is more room for notes:
        # a tip, the hint and a refused move's reason together are taller than the room.
        upper = min(spare, t.px(UPPER_NOTE_ROOM))
        left = strip.left + max(0, (spare - upper) // 2)
        y = strip.top + pile_h / 2 + t.px(2)
        self.stock.layout((left + column / 2, y), self.pile_card)
        self.discard.layout((left + column * 1.5, y), self.pile_card)
        self.pile_column = column
        banner = pygame.Rect(0, 0, banner_w, Banner.height_for(t, 2))
        banner.midleft = (left + 2 * column + gap * 3, strip.centery)
        self.banner.layout(banner, self.middle.center)
        self.upper_note_room = pygame.Rect(banner.right + gap, strip.top, max(0, room_right - banner.right - gap), strip.height)

    def _place_log(self, toolbar_bottom: int) -> None:
        """The log of the last moves in a free place: beside the piles and the round's
        facts (right of them when the notes do not have that room, else left), up to
        whatever lies above and no lower than
        your team's books; or, when that shows too few lines, the roomiest of those
        and the room up between the seat at the top and the scores. Its own place, so
        it never covers a card, a plate, a row of books or the words by the piles.
        Where none is roomy enough it is not shown; its lines are still kept."""
        t = self.theme
        beside = self._log_rooms_beside_piles(toolbar_bottom)
        kept = (self.note_room, self.upper_note_room)
        rooms = [room for room in (*beside, self._log_room_at_top()) if room.width >= t.px(LOG_NARROWEST) and room.collidelist(kept) < 0]

        def shows(room: pygame.Rect) -> int:
            """How many lines the log shows in ``room``."""
            return sum(1 for lines in range(1, LOG_LINES + 1) if PlayLog.height_for(t, lines) <= room.height)

        # Beside the piles, where the moves happen, whenever it shows a few lines there.
        best = next((room for room in rooms if room in beside and shows(room) >= LOG_FEWEST), None) or max(rooms, key=shows, default=None)
        if best is None or shows(best) < 2:
            self.log.layout(pygame.Rect(beside[0].topleft, (0, 0)), t)
            return
        self.log.layout(best, t)
        if best.top < self.strip.bottom <= best.bottom:
            # Beside the piles, not up in the corner: the log ends where the strip ends.
            self.log.rect.bottom = max(self.log.rect.bottom, self.strip.bottom)

    def _log_rooms_beside_piles(self, toolbar_bottom: int) -> list[pygame.Rect]:
        """The room right of the round's facts and the room left of the piles, each
        from your team's books up to the first thing above it."""
        t = self.theme
        width = self.size[0]
        margin, gap = t.px(14), t.px(10)
        strip, banner = self.strip, self.banner.rect
        beside = [b for b in self.seat_blocks.values() if b.top < strip.bottom and b.bottom > strip.top]
        piles_left = round(self.stock.center[0] - self.pile_column / 2) - gap
        right_end = min((b.left for b in beside if b.left >= banner.right), default=width - margin + gap) - gap
        left_end = max((b.right for b in beside if b.right <= piles_left), default=margin - gap) + gap
        above = [pygame.Rect(0, 0, width, toolbar_bottom), self.scores.rect, *self.seat_blocks.values(), *(row.rect for row in self.rows[1:])]
        bottom = self.rows[0].rect.top - gap if self.rows else strip.bottom
        rooms = []
        for left, right in ((max(banner.right + gap, right_end - t.px(LOG_WIDTH)), right_end), (left_end, min(piles_left, left_end + t.px(LOG_WIDTH)))):
            column = pygame.Rect(left, 0, max(0, right - left), bottom)
            top = max((rect.bottom for rect in above if rect.colliderect(column)), default=0) + gap
            rooms.append(pygame.Rect(left, top, column.width, max(0, bottom - top)))
        return rooms

    def _log_room_at_top(self) -> pygame.Rect:
        """The room right of the seat at the top (and of the toolbar), left of the
        scores, above the other teams' books and the side seats."""
        t = self.theme
        gap = t.px(10)
        top_seat = self.seat_blocks.get(self._top_position(), pygame.Rect(0, 0, 0, 0))
        left = max(top_seat.right, self.port.toolbar_end()) + gap
        right = min(self.scores.rect.left - gap, left + t.px(LOG_WIDTH))
        column = pygame.Rect(left, self.scores.rect.top, max(0, right - left), self.size[1])
        below = [*(b for b in self.seat_blocks.values() if b is not top_seat), *(row.rect for row in self.rows), self.strip]
        bottom = min((rect.top for rect in below if rect.colliderect(column)), default=column.bottom) - gap
        return pygame.Rect(left, column.top, column.width, max(0, bottom - column.top))

    def pile_bounds(self, pile: Pile) -> pygame.Rect:
        """What a pile's cards cover as drawn: its top card and the layers under it."""
        rect = self.sprites.rect(pile.center, pile.card_width)
        top = self.sprites.rect(pile.top_center, pile.card_width)
        return rect.union(top)

    def _prepare_pictures(self) -> None:
        """Every picture this table can show at its sizes: backs, the hand (those
        held now first), then the faces in the books and on the piles."""
        deck = french_deck(1)
        book_widths = dict.fromkeys(row.card_width for row in self.rows)
        self.sprites.prepare([
            (None, self.seat_card),
            (None, self.card_width),
            (None, self.pile_card),
            *((card, self.card_width) for card in dict.fromkeys([*self.fan.cards, *deck])),
            *((card, width) for width in book_widths for card in deck),
            *((card, self.pile_card) for card in deck),
        ])

    def message_anchor(self) -> tuple[int, int]:
        return (self.size[0] // 2, self.bar.top - self.theme.px(6))

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        """Where a seat's cards gather (cards it draws fly here)."""
        position = self.position_of(seat)
        if position == 0:
            return (self.fan.area.centerx, self.hand_top + self.sprites.size(self.card_width)[1] / 2)
        return self.panels[position].cards_center

    def report(self, footprint: Footprint) -> None:
        footprint.add(Kind.TEXT, self.scores.rect, "scores")
        footprint.add(Kind.TEXT, self.banner.rect, "banner")
        footprint.add(Kind.CARD, self.fan.room(), "hand")
        footprint.add(Kind.CONTROL, self.pile_bounds(self.stock), "stock")
        footprint.add(Kind.CONTROL, self.pile_bounds(self.discard), "discard pile")
        for position, panel in enumerate(self.panels):
            footprint.add(Kind.TEXT, panel.plate, f"plate {position}")
            if position and panel.card_count:
                footprint.add(Kind.CARD, panel.cards_rect(self.sprites), f"cards {position}")
            for pile in (self.feet[position], self.tails[position]):
                if pile.count:
                    footprint.add(Kind.CARD, self.pile_bounds(pile), f"foot {position}")
                    footprint.add(Kind.TEXT, self._count_pill(pile), f"foot count {position}")
        # The books are the player's to read and to drop cards on: no note lies there,
        # the notes have their room beside them.
        footprint.add_all(Kind.BOARD, (row.rect for row in self.rows), "row of books")
        for row in self.rows:
            footprint.add_all(Kind.TEXT, row.words, "row's words")
            # Each book and the new-book place too: a panel over a row should leave them in sight.
            footprint.add_all(Kind.CARD, row.visible_rects(), "book")
        self.controls.report(footprint)
        if self.banner.callout:
            footprint.add(Kind.NOTE, self.banner.callout_box, "callout")
        footprint.add_all(Kind.NOTE, self.bubbles.drawn.values(), "bubble")
        if self.log.visible:
            footprint.add(Kind.LOG, self.log.rect, "play log")

    def area_rect(self, name: str) -> pygame.Rect | None:
        stock, discard = self.pile_bounds(self.stock), self.pile_bounds(self.discard)
        foot = self.feet[0]
        areas = {
            "hand": self.fan.bounds() if self.fan.slots else None,
            # "The pile" is where a turn starts: the draw pile and the discard pile beside it.
            "pile": stock.union(discard),
            "stock": stock,
            "discard": discard,
            "books": self.rows[0].rect if self.rows else None,
            "foot": self.pile_bounds(foot) if foot.count else None,
            "scores": self.scores.rect,
            "banner": self.banner.rect,
            "log": self.log.rect if self.log.visible else None,
        }
        return shown(areas.get(name))

    def card_rects(self, card: Card) -> list[pygame.Rect]:
        rects = hand_card_rects(self.fan, card)
        if self.discard.count and self.discard.top == card:
            rects.append(self.sprites.rect(self.discard.top_center, self.discard.card_width))
        return rects + self.controls.staged_rects(card)

    # -- the picture of the table -------------------------------------------------------

    def reset(self, view: GameView, bottom: int) -> None:
        super().reset(view, bottom)
        # After the view is in, not in ``forget``: the log's words name the teams.
        self._rebuild_log()

    def forget(self, view: GameView) -> None:
        self.banner.callout = ""
        self.controls.clear()
        self._put_order_away()

    def _put_order_away(self) -> None:
        """Keep the hand's order for its seat's return, and show no order for now."""
        if self.order_seat is not None and self.hand_order:
            self.orders[self.order_seat] = self.hand_order
        self.hand_order = []
        self.order_seat = None

    def hand_orders(self) -> dict[int, list[Card]]:
        orders = dict(self.orders)
        if self.order_seat is not None and self.hand_order:
            orders[self.order_seat] = list(self.hand_order)
        return orders

    def keep_hand_orders(self, orders: dict[int, list[Card]]) -> None:
        self.orders = {seat: list(cards) for seat, cards in orders.items()}
        self.hand_order, self.order_seat = [], None

    def forget_orders(self) -> None:
        """New hands are dealt: no order kept from the last ones applies."""
        self.hand_order = []
        self.orders = {}

    def sync(self, view: GameView) -> None:
        hf = cast(HandAndFootView, view)
        self.view = hf
        self.counts = list(hf.hand_counts)
        self.foot_counts = list(hf.foot_counts)
        self.tail_counts = list(hf.tail_counts)
        self.stages = list(hf.stages)
        self.books = [list(b) for b in hf.books]
        self.red_threes = [list(r) for r in hf.red_threes]
        self.team_totals = list(hf.team_totals)
        self.to_move = hf.to_move
        self.dealer = hf.dealer
        self.stock.count = hf.stock_count
        self.discard.count = hf.discard_count
        self.discard.top = hf.discard_top
        if hf.seat == self.bottom:
            self._show_hand(hf.hand)
        else:
            self._put_order_away()
            self.fan.set_hand((), hidden=min(FULL_HAND, hf.hand_counts[self.bottom]))
        self.arrivals = None
        self.controls.synced()

    def _show_hand(self, hand: Sequence[Card]) -> None:
        """Show ``hand``: cards still held keep their order, new ones join at the right
        (sorted among themselves) until the player sorts again; a whole new hand
        comes sorted."""
        if self.order_seat != self.bottom:
            self.hand_order = self.orders.pop(self.bottom, [])
            self.order_seat = self.bottom
        left = list(hand)
        kept = []
        for card in self.hand_order:
            if card in left:
                left.remove(card)
                kept.append(card)
        if not kept:
            self.hand_order = self.sorted_cards(hand)
        else:
            self.hand_order = kept + self.sorted_cards(left)
        if self.arrivals is not None:
            self.fan.spawn = self.arrivals
        self.controls.show_hand()
        self.fan.spawn = None

    def sorted_cards(self, cards: Sequence[Card]) -> list[Card]:
        """By rank with the wilds together at the right and threes at the left, or by
        suit and then rank (wilds still last)."""
        def rank_first(card: Card) -> tuple[int, int, int]:
            return (int(is_wild(card)), 0 if card.rank.value == 3 else 1, card.rank.value * 16 + card.sort_key() // 64)

        def suit_first(card: Card) -> tuple[int, int]:
            return (int(is_wild(card)), card.sort_key())

        return sorted(cards, key=suit_first if self.sort_by_suit else rank_first)

    def refresh(self) -> None:
        """Plates, piles, rows, banner and scores from the picture."""
        view = self.view
        if view is None or not self.rows:
            return
        for team, row in zip(self.team_order(), self.rows, strict=True):
            self._refresh_row(team, row)
        mine = self.my_team
        self.banner.title = words.banner_title(view)
        names = [self.team_label(t) for t in range(len(view.sides))]
        seat_team = mine if view.seat is not None else None
        self.banner.lines = words.banner_lines(self.view_with_books(), seat_team, names)
        best = leaders(self.team_totals)
        self.scores.title = "Scores"
        self.scores.rows = [
            ScoreRow(names[t], self.team_totals[t], "", t in best) for t in range(len(view.sides))
        ]
        self.refresh_piles()

    def view_with_books(self) -> HandAndFootView:
        """The view with the books as the picture has them now (``opened`` reads them)."""
        assert self.view is not None
        return dataclasses.replace(self.view, books=tuple(tuple(b) for b in self.books))

    def _refresh_row(self, team: int, row: BookRow) -> None:
        view = self.view
        assert view is not None
        books = self.books[team] if team < len(self.books) else []
        reds = len(self.red_threes[team]) if team < len(self.red_threes) else 0
        row.title = f"{self.team_label(team)}  \u00b7  {words.team_line(view, books, reds)}"
        row.empty_text = f"No books yet: {view.minimum} to open"
        if team == self.my_team:
            self.controls.refresh_row(row, books)
        else:
            row.set_books([words.book_look(book_key(i), book) for i, book in enumerate(books)], new_place="")

    def refresh_piles(self) -> None:
        view = self.view
        assert view is not None
        for position, (foot, tail) in enumerate(zip(self.feet, self.tails, strict=True)):
            seat = self.seat_at(position)
            foot.count = self.foot_counts[seat] if self.stages[seat] == 0 else 0
            tail.count = self.tail_counts[seat] if view.has_tail and self.stages[seat] < 2 else 0

    # -- events and the end of a round ----------------------------------------------------

    def on_event(self, event: Event) -> None:
        self.motion.show(event)
        # The log says what the table shows: a move's lines once its cards have landed.
        self.port.animator.after_landing(lambda: self._log(event))

    def beat(self, event: Event) -> Beat | None:
        """Each thing a computer does on its turn (drawing, taking the pile, each meld,
        a red three, a pick-up, the discard, asking and answering) is a card's beat:
        its turn plays out one step after another, never in a blur."""
        if isinstance(event, MOVES) and not self.port.match.is_human(event.seat):
            return Beat.PLAY
        return super().beat(event)

    def look_at_hand(self) -> None:
        """The deal has landed: the person's own cards turn face up at once, though
        the others may play a while before the person's first turn."""
        view = self.own_view_now()
        if view is not None:
            self._show_hand(cast(HandAndFootView, view).hand)

    def _new_log_words(self) -> LogWords:
        """The log's words, leaving out the moves of the person at the bottom: they
        just made them (at a shared screen, whoever holds it now)."""
        return LogWords(self.port.seat_name, self.team_of, lambda seat: seat == self.bottom and self.port.match.is_human(seat))

    def _log(self, event: Event) -> None:
        """Keep the log's lines for ``event``; a new round starts a new log."""
        if isinstance(event, HandDealt):
            self.log.clear()
        entry = self.log_words.entry(event)
        if entry is not None:
            line, goes_on = entry
            (self.log.restate if goes_on else self.log.add)(line)

    def _rebuild_log(self) -> None:
        """The log of the round under way, read from the game's events (a table opened
        on a saved game, after an undo, or another person taking the seat)."""
        self.log.clear()
        self.log_words = self._new_log_words()
        for event in self.port.match.game_events():
            self._log(event)

    def score_sheet(self, events: Sequence[Event]) -> ScoreSheet | None:
        rounds = [event for event in events if isinstance(event, RoundBreakdown)]
        names = [self.team_label(t) for t in range(len(self.sides))]
        return words.score_sheet(rounds, names, ROUND_MINIMUMS)

    # -- the player's turn ---------------------------------------------------------------

    def begin_turn(self, legal: list[Action]) -> None:
        self.controls.begin(legal)

    def end_turn(self) -> None:
        self.controls.end()

    def show_hint(self, action: Action | None) -> None:
        super().show_hint(action)
        self.fan.show_hint(hinting.hinted_cards(action))
        self.controls.follow_hint(action)

    def hint_rects(self) -> list[pygame.Rect]:
        return hinting.hint_rects(self, self.hinted)

    def hint_area(self) -> pygame.Rect | None:
        """The notes' room beside your team's books, clear of the books, the prompt
        and the buttons."""
        return shown(self.note_room)

    def turn_prompt(self) -> str:
        view = cast(HandAndFootView, self.port.match.view_for(None))
        if view.phase is Phase.ANSWER and view.asking is not None:
            asker = self.port.seat_name(view.asking)
            return f"{asker} asks to go out, and you answer. Make sure nobody else can see the screen."
        return "It is your turn. Make sure nobody else can see the screen."

    def opening_events(self, view: GameView) -> list[Event]:
        hf = cast(HandAndFootView, view)
        dealt = HAND_SIZE + FOOT_SIZE + (TAIL_SIZE if hf.has_tail else 0)
        events: list[Event] = [HandDealt(hf.dealer, (dealt,) * hf.players, hf.round_number)]
        if hf.discard_top is not None:
            events.append(PileStarted(hf.discard_top))
        return events

    def confirm_question(self, action: Action) -> str | None:
        if isinstance(action, Discard):
            return f"Discard the {action.card.name}?"
        return None

    def close_overlay(self) -> bool:
        return self.controls.close_overlay()

    def can_take_back(self) -> bool:
        """Undo first returns the cards of the last drop of a meld not laid down."""
        return self.controls.can_take_back()

    def take_back(self) -> None:
        self.controls.take_back()

    def staged_move(self) -> Action | None:
        """The meld staged on the books while playing, as Lay down would send it."""
        controls = self.controls
        view = self.view
        if not controls.can_take_back() or not isinstance(view, HandAndFootView) or view.phase is not Phase.PLAY:
            return None
        return controls.staging.meld(len(self.books[self.my_team]) if self.my_team < len(self.books) else 0)

    # -- input and frame -----------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        for row in self.rows:
            if row.handle_event(event):
                return True
        return self.controls.handle_event(event)

    def update(self, dt: float) -> None:
        self.update_seats(dt)
        self.banner.update(dt)
        self._refresh_panels()

    def _refresh_panels(self) -> None:
        view = self.view
        if view is None:
            return
        thinking = self.port.match.thinking_seat
        paused = self.port.paused()
        answering = view.phase is Phase.ANSWER
        for position, panel in enumerate(self.panels):
            seat = self.seat_at(position)
            team = self.team_of(seat)
            panel.name = self.port.seat_name(seat)
            held = self.counts[seat]
            staged = len(self.controls.staging.cards) if seat == self.bottom else 0
            forms = words.stage_lines(self.stages[seat], held, self.foot_counts[seat], self.tail_counts[seat], view.has_tail, staged)
            panel.lines = [next((form for form in forms if panel.fits(self.theme, form)), forms[-1])]
            panel.card_count = min(FULL_HAND, held)
            panel.active = self.to_move == seat and not paused
            asked = answering and seat != view.turn
            panel.turn_text = "to answer" if asked else "to play"
            panel.thinking = (thinking == seat or self.port.match.away(seat)) and not paused
            # A partner asked "may I go out?" is not choosing a move: the table waits
            # for their answer.
            panel.waiting_words = self.port.match.waiting_words(seat, "answering" if asked else "choosing")
            panel.dealer = self.dealer == seat
            panel.highlight = words.TEAM_COLOURS[team % len(words.TEAM_COLOURS)]
        turn_team = self.team_of(self.to_move) if self.to_move is not None else None
        for team, row in zip(self.team_order(), self.rows, strict=True):
            row.highlight = team == turn_team

    def play_log(self) -> PlayLog:
        return self.log

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.scores.draw(surface, t)
        for row in self.rows:
            row.draw(surface, t, self.sprites)
        self.stock.draw(surface, t, self.sprites)
        self.discard.draw(surface, t, self.sprites)
        self.controls.draw_piles(surface)
        for position, panel in enumerate(self.panels):
            panel.draw(surface, t, self.sprites)
            self._draw_pile_count(surface, self.feet[position])
            self._draw_pile_count(surface, self.tails[position])
        self.controls.draw(surface)
        self.fan.draw(surface)
        self.log.draw(surface, t)
        self.bubbles.draw(surface, t, self._bubble_anchor, self.solid_rects())
        self.banner.draw(surface, t)
        self.controls.draw_overlay(surface)

    def draw_held(self, surface: pygame.Surface) -> None:
        super().draw_held(surface)
        self.controls.draw_carried(surface)

    def _draw_pile_count(self, surface: pygame.Surface, pile: Pile) -> None:
        """A face-down foot or tail with its size on a small pill."""
        if not pile.count:
            return
        t = self.theme
        pile.draw(surface, t, self.sprites)
        text = t.text(str(pile.count), t.text_px(15), th.TEXT, bold=True)
        pill = self._count_pill(pile)
        pygame.draw.rect(surface, (12, 24, 18), pill, border_radius=pill.height // 2)
        surface.blit(text, text.get_rect(center=pill.center))

    def _count_pill(self, pile: Pile) -> pygame.Rect:
        """Where the pill with a foot's or tail's size is drawn, on its top card."""
        t = self.theme
        pill = pygame.Rect((0, 0), t.font(t.text_px(15), True).size(str(pile.count))).inflate(t.px(8), t.px(2))
        pill.center = (round(pile.top_center[0]), round(pile.top_center[1]))
        return pill

    def _bubble_anchor(self, seat: int) -> Anchor:
        panel = self.panels[self.position_of(seat)]
        return (panel.plate.midtop[0], panel.plate.top - self.theme.px(4)), False

