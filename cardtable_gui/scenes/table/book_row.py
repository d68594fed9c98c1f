"""A row of books laid on the table: one fanned pile of cards per book, each with a
caption and a detail line under it, in a band with a title.

An open book fans its cards so every index shows. A closed book squares up into one
neat stack under a marker, a coloured pill with a word on it (the layout picks the
colour and the word; the usual convention is red for a clean book, black for a dirty
one), so closed and open books read apart at a glance. Cards about to join a book (a
meld being put together, not laid down yet) are drawn after its cards, outlined; a book
not laid down at all is only such cards.

A row may end in an empty place that stands for a new book. Every book and that place
answer what lies under a point (``target_at``), and light up while cards are dragged
(``drop_ready``, with the one under the pointer ``hot``).

When the books do not fit the band, the cards get smaller (down to the smallest width
the layout allows) and the books wrap onto more lines. When even the smallest cards
with their two lines of words under them need more lines than the band has, each
book's two lines stand beside its cards instead, so the band's height holds more lines
of books and every book still says what it holds ("1 wild"). Only when that does not
fit either does each book keep its caption alone (a book's wild cards show in its fan,
and a closed book's marker says what kind it is): books in sight matter more than their
second line. Past that the row scrolls sideways (the wheel over it, or Shift and the
wheel), with arrows at the edge that has more; a scrolled row shows whole books only,
never one cut at its edge. Books never overlap.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from enum import Enum

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.ui import theme as th

OPEN_SPREAD = 0.30
"""How far each card of an open book lies from the next, in card widths: the index
corner of every card shows."""
PENDING = (255, 214, 102)
"""The outline of cards about to join a book."""
_STACK_LAYERS = 4
SMALL_CARD = 24
"""The narrowest a book's cards get (in pixels) once the words no longer stand under
them, when the layout's smallest is wider: the size of the smallest window's cards,
whose corner indices still read. A second line of such cards is better than books out
of sight."""


class Words(Enum):
    """Where a book's words go, from the roomiest to the most compact."""

    UNDER = "under"
    """The caption and the detail under the cards."""
    BESIDE = "beside"
    """The caption and the detail beside the cards: lower lines of books."""
    CAPTION = "caption"
    """The caption alone under the cards."""


@dataclass(frozen=True, slots=True)
class Marker:
    """What tops a closed book: a pill of ``colour`` saying ``word``."""

    colour: tuple[int, int, int]
    word: str
    text_colour: tuple[int, int, int] = th.TEXT


@dataclass(frozen=True, slots=True)
class BookLook:
    """One book as the row draws it. ``key`` is what the book is to the layout (it is
    handed back by ``target_at``); ``cards`` are shown in the order given (a closed
    book shows the last one on top); ``pending`` cards are about to join."""

    key: Hashable
    cards: tuple[Card, ...]
    caption: str
    detail: str = ""
    marker: Marker | None = None
    pending: tuple[Card, ...] = ()

    @property
    def closed(self) -> bool:
        return self.marker is not None


@dataclass(frozen=True, slots=True)
class _Place:
    key: Hashable
    rect: pygame.Rect
    """The whole slot: cards and their two lines of words, in row coordinates."""
    cards: int
    """How wide the cards are drawn (a fan, a squared stack, the empty new place)."""


NEW_BOOK = "new book"
"""The key of the place standing for a new book."""


@dataclass(frozen=True, slots=True)
class BookLine:
    """A line of words under or beside a book's cards, as drawn: the caption (bold,
    in the book's colour) or the detail under it (dimmer)."""

    text: str
    size: int
    box: pygame.Rect
    caption: bool


@dataclass(eq=False)
class BookRow:
    """The books of one side in ``rect``, with ``title`` above them.

    ``new_place`` is the caption of the empty place for a new book (empty: none).
    ``empty_text`` is said when there are no books. The layout sets ``books`` with
    ``set_books`` (the arrangement is worked out again then, not every frame)."""

    title: str = ""
    books: list[BookLook] = field(default_factory=list)
    new_place: str = ""
    empty_text: str = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    largest_card: int = 60
    smallest_card: int = 30
    card_width: int = 60
    drop_ready: bool = False
    hot: Hashable | None = None
    scroll: int = 0
    highlight: bool = False
    """Drawn with a lit edge (the row of the side whose turn it is)."""
    words: list[pygame.Rect] = field(default_factory=list)
    """Where the row's title and its no-books line were last drawn."""
    wording: Words = Words.UNDER
    """Where each book's words go: the band's height holds more lines of books with
    them beside the cards, more yet with the caption alone."""
    _places: list[_Place] = field(default_factory=list)
    _content_width: int = 0
    _theme: th.Theme | None = None
    _sprites: CardSprites | None = None

    # -- arrangement -----------------------------------------------------------------

    def layout(
        self, rect: pygame.Rect, theme: th.Theme, sprites: CardSprites, largest_card: int, smallest_card: int
    ) -> None:
        self.rect = pygame.Rect(rect)
        self._theme, self._sprites = theme, sprites
        self.largest_card = max(smallest_card, largest_card)
        self.smallest_card = smallest_card
        self._arrange()

    def set_books(self, books: Sequence[BookLook], new_place: str | None = None) -> None:
        self.books = list(books)
        if new_place is not None:
            self.new_place = new_place
        self._arrange()

    @staticmethod
    def header_height(theme: th.Theme) -> int:
        return theme.text_px(17) + theme.px(6)

    @staticmethod
    def label_height(theme: th.Theme) -> int:
        return theme.text_px(16) + theme.text_px(15) + theme.px(4)

    def _arrange(self) -> None:
        """Place the books: the largest cards whose lines all fit the band, with the
        words under the cards, else beside them, else the caption alone; failing all,
        the smallest cards on one line that scrolls (with the roomiest words the band
        has the height for)."""
        theme, sprites = self._theme, self._sprites
        if theme is None or sprites is None or self.rect.width <= 0:
            return
        gap = theme.px(10)
        for wording in Words:
            self.wording = wording
            floor = self.smallest_card if wording is Words.UNDER else min(self.smallest_card, SMALL_CARD)
            width, line_h, lines, fits = self._fit(theme, sprites, gap, floor)
            if fits:
                break
        else:
            room = self.rect.height - self.header_height(theme)
            for wording in Words:
                self.wording = wording
                if self._line_height(theme, sprites, self.smallest_card) <= room:
                    break
            width = self.smallest_card
            line_h = self._line_height(theme, sprites, width)
            # Even the smallest cards wrap onto too many lines: one line that scrolls.
            lines = [list(range(len(self._widths(width, theme, sprites))))]
        self.card_width = width
        widths = self._widths(width, theme, sprites)
        cards = self._cards_widths(sprites.size(width)[0])
        keys = [book.key for book in self.books] + ([NEW_BOOK] if self.new_place else [])
        top = self.header_height(theme)
        places: list[_Place] = []
        content = 0
        for row, members in enumerate(lines):
            x = theme.px(4)
            y = top + row * (line_h + self._line_gap(theme))
            for index in members:
                places.append(_Place(keys[index], pygame.Rect(x, y, widths[index], line_h), cards[index]))
                x += widths[index] + gap
            content = max(content, x - gap + theme.px(4))
        self._places = places
        self._content_width = content
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    def _fit(self, theme: th.Theme, sprites: CardSprites, gap: int, floor: int) -> tuple[int, int, list[list[int]], bool]:
        """The largest card width down to ``floor`` whose lines all fit the band, with
        its line height and lines, and whether they fit at all (if not, those of the
        ``floor``)."""
        room = self.rect.height - self.header_height(theme)
        width = self.largest_card
        while True:
            line_h = self._line_height(theme, sprites, width)
            between = self._line_gap(theme)
            lines_fit = (room + between) // (line_h + between)
            lines = _wrap(self._widths(width, theme, sprites), self.rect.width - theme.px(8), gap)
            fits = 1 <= lines_fit and len(lines) <= lines_fit
            if fits or width <= floor:
                return width, line_h, lines, fits
            width = max(floor, width - max(1, width // 12))

    def _line_gap(self, theme: th.Theme) -> int:
        """Between two lines of books: less once the words do not stand under the cards."""
        return theme.px(10 if self.wording is Words.UNDER else 4)

    def _line_height(self, theme: th.Theme, sprites: CardSprites, card_width: int) -> int:
        card_h = sprites.size(card_width)[1]
        if self.wording is Words.BESIDE:
            return max(card_h, self.label_height(theme)) + theme.px(2)
        if self.wording is Words.CAPTION:
            return card_h + theme.text_px(16) + theme.px(2)
        return card_h + self.label_height(theme) + theme.px(6)

    def _cards_widths(self, w: int) -> list[int]:
        """How wide each place's cards are drawn: each book's, then the new place's."""
        widths = [self._book_width(book, w) for book in self.books]
        if self.new_place:
            widths.append(w)
        return widths

    def _widths(self, card_width: int, theme: th.Theme, sprites: CardSprites) -> list[int]:
        """Each place's width: its cards with its words beside them, or the wider of
        its cards and its words under them (words are never cut short to squeeze a
        row)."""
        cards = self._cards_widths(sprites.size(card_width)[0])
        words = [self._words_width(theme, book.caption, self._detail(book)) for book in self.books]
        if self.new_place:
            words.append(self._words_width(theme, self.new_place, ""))
        if self.wording is Words.BESIDE:
            return [drawn + self._words_gap(theme) + written for drawn, written in zip(cards, words, strict=True)]
        if self.new_place:
            # The empty place's dashed outline keeps a little felt round it.
            cards[-1] += theme.px(8)
        return [max(drawn, written) for drawn, written in zip(cards, words, strict=True)]

    def _detail(self, book: BookLook) -> str:
        """The book's second line, if the row shows it."""
        return "" if self.wording is Words.CAPTION else book.detail

    @staticmethod
    def _words_gap(theme: th.Theme) -> int:
        """Between a book's cards and the words beside them."""
        return theme.px(6)

    @staticmethod
    def _words_width(theme: th.Theme, caption: str, detail: str) -> int:
        wide = theme.font(theme.text_px(16), True).size(caption)[0]
        if detail:
            wide = max(wide, theme.font(theme.text_px(15)).size(detail)[0])
        return wide + theme.px(4)

    @staticmethod
    def _book_width(book: BookLook, w: int) -> int:
        if book.closed:
            stack = w + _STACK_LAYERS * max(1, w // 30)
            return stack + round(w * OPEN_SPREAD * len(book.pending))
        shown = len(book.cards) + len(book.pending)
        return w + round(w * OPEN_SPREAD * max(0, shown - 1))

    @property
    def max_scroll(self) -> int:
        """How far the row scrolls: until its last place is wholly in the window."""
        overflow = self._content_width - self.rect.width
        if overflow <= 0 or self._theme is None:
            return max(0, overflow)
        return overflow + 2 * self._arrow_room(self._theme)

    @staticmethod
    def _arrow_room(theme: th.Theme) -> int:
        return theme.px(16)

    @property
    def scrolls(self) -> bool:
        return self.max_scroll > 0

    # -- questions -------------------------------------------------------------------

    def place_rect(self, key: Hashable) -> pygame.Rect | None:
        """Where the book ``key`` (or ``NEW_BOOK``) is drawn now, in window
        coordinates; None when the row has no such place."""
        for place in self._places:
            if place.key == key:
                return self._drawn(place)
        return None

    def landing(self, key: Hashable) -> tuple[float, float]:
        """Where a card flying to book ``key`` lands: on its cards, or on the new-book
        place (or the row's end) for a book not drawn yet."""
        rect = self.place_rect(key) or self.place_rect(NEW_BOOK)
        if rect is None:
            x = self.rect.x + min(self._content_width, self.rect.width) + self.card_width // 2
            return (min(x, self.rect.right - self.card_width // 2), self.rect.y + self.rect.height / 2)
        cards = self.cards_rect(key) or self.cards_rect(NEW_BOOK) or rect
        clipped = cards.clip(self.rect) or cards
        return (clipped.centerx, cards.centery)

    def cards_rect(self, key: Hashable) -> pygame.Rect | None:
        """Where the cards of book ``key`` (or the empty ``NEW_BOOK`` place) are
        drawn now, in window coordinates; None when the row has no such place."""
        for place in self._places:
            if place.key == key:
                return self._cards_at(place)
        return None

    def target_at(self, pos: tuple[int, int]) -> Hashable | None:
        """The book (or ``NEW_BOOK``) under ``pos``, among those shown."""
        for place, rect in self._shown():
            if rect.collidepoint(pos):
                return place.key
        return None

    def visible_rects(self) -> list[pygame.Rect]:
        """Each place's rect as drawn (for layout checks): a scrolled row draws
        whole places only."""
        return [rect for _, rect in self._shown()]

    def lines_of(self, key: Hashable) -> list[BookLine]:
        """What the book ``key`` (or ``NEW_BOOK``) says under or beside its cards, as
        drawn now: each line's words, their size and where they go; none when the
        place is not shown."""
        for place, where in self._shown():
            if place.key == key:
                return self._lines(place, where)
        return []

    def _window(self) -> pygame.Rect:
        """Where places are drawn: the row, less room for the arrows when it scrolls."""
        if not self.scrolls or self._theme is None:
            return self.rect
        return self.rect.inflate(-2 * self._arrow_room(self._theme), 0)

    def _shown(self) -> list[tuple[_Place, pygame.Rect]]:
        """The places drawn now, with where they lie in window coordinates: those
        wholly in the window."""
        window = self._window()
        moved = ((place, self._drawn(place)) for place in self._places)
        return [(place, rect) for place, rect in moved if window.contains(rect)]

    def _drawn(self, place: _Place) -> pygame.Rect:
        """Where ``place`` lies now, in window coordinates."""
        return place.rect.move(self._window().x - self.scroll, self.rect.y)

    def _cards_at(self, place: _Place) -> pygame.Rect:
        """Where ``place``'s cards lie now, in window coordinates: at its left with the
        words beside them, else in the middle of its top."""
        where = self._drawn(place)
        card_h = self._sprites.size(self.card_width)[1] if self._sprites else where.height
        cards = pygame.Rect(where.x, where.y, place.cards, card_h)
        if self.wording is not Words.BESIDE:
            cards.centerx = where.centerx
        return cards

    def _lines(self, place: _Place, where: pygame.Rect) -> list[BookLine]:
        """The caption and the detail of ``place`` drawn at ``where``: each line's
        words, size and box; under the cards and centred on them, or beside them and
        level with their middle."""
        theme = self._theme
        if theme is None:
            return []
        book = next((book for book in self.books if book.key == place.key), None)
        said = (book.caption, self._detail(book)) if book is not None else (self.new_place, "")
        cards = self._cards_at(place)
        beside = self.wording is Words.BESIDE
        if beside:
            left = cards.right + self._words_gap(theme)
            room = where.right - left
            top = cards.y + max(0, (cards.height - self.label_height(theme)) // 2)
        else:
            room = where.width + theme.px(6)
            top = cards.bottom + theme.px(4 if self.wording is Words.UNDER else 2)
        lines: list[BookLine] = []
        for index, (words, px, caption) in enumerate(((said[0], theme.text_px(16), True), (said[1], theme.text_px(15), False))):
            if not words:
                continue
            text, size = theme.fit(words, px, room, bold=caption)
            box = pygame.Rect((0, top + index * theme.text_px(16)), theme.font(size, caption).size(text))
            if beside:
                box.left = left
            else:
                box.centerx = where.centerx
            lines.append(BookLine(text, size, box, caption))
        return lines

    # -- input -----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel over a row that scrolls moves it sideways."""
        if event.type == pygame.MOUSEWHEEL and self.scrolls:
            if self.rect.collidepoint(pygame.mouse.get_pos()):
                self.scroll_by(-(event.x or event.y) * self.card_width)
                return True
        return False

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + pixels))

    def show(self, key: Hashable) -> None:
        """Scroll so that book ``key`` is wholly in view."""
        window = self._window()
        for place in self._places:
            if place.key == key:
                if place.rect.left < self.scroll:
                    self.scroll = place.rect.left
                elif place.rect.right > self.scroll + window.width:
                    self.scroll = place.rect.right - window.width
                self.scroll = max(0, min(self.max_scroll, self.scroll))
                return

    # -- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites) -> None:
        rect = self.rect
        if rect.width <= 0 or rect.height <= 0:
            return
        border = th.ACCENT if self.highlight else th.PANEL_BORDER
        theme.draw_panel(surface, rect, radius=theme.px(12), fill=(0, 0, 0, 56), border=border, shadow=False)
        pad = theme.px(8)
        title, size = theme.fit(self.title, theme.text_px(17), rect.width - pad * 2, joiner=" & ")
        image = theme.text(title, size, th.ACCENT if self.highlight else th.TEXT_DIM, bold=True)
        self.words = [surface.blit(image, (rect.x + pad, rect.y + theme.px(3)))]
        if not self.books and self.empty_text:
            text, size = theme.fit(self.empty_text, theme.text_px(17), rect.width - pad * 2)
            image = theme.text(text, size, th.TEXT_DIM)
            middle = self.place_rect(NEW_BOOK)
            area = pygame.Rect(rect.x, rect.y + self.header_height(theme), rect.width, rect.height - self.header_height(theme))
            if middle is not None:
                area.left = middle.right + pad
                area.width = rect.right - area.left
            if area.width >= image.get_width():
                self.words.append(surface.blit(image, image.get_rect(center=area.center)))
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip) if clip else rect)
        try:
            books = {book.key: book for book in self.books}
            for place, where in self._shown():
                book = books.get(place.key)
                self._draw_glow(surface, theme, where, place.key)
                if book is None:
                    colour = th.ACCENT if self.drop_ready else th.TEXT_DIM
                    self._draw_new_place(surface, theme, self._cards_at(place), colour)
                else:
                    colour = th.TEXT if not book.pending else PENDING
                    self._draw_book(surface, theme, sprites, book, self._cards_at(place))
                self._draw_lines(surface, theme, self._lines(place, where), colour)
        finally:
            surface.set_clip(clip)
        if self.scrolls:
            self._draw_arrows(surface, theme)

    def _draw_glow(self, surface: pygame.Surface, theme: th.Theme, where: pygame.Rect, key: Hashable) -> None:
        if not self.drop_ready:
            return
        hot = key == self.hot
        fill = (*th.ACCENT, 90 if hot else 34)
        theme.draw_panel(surface, where.inflate(theme.px(6), theme.px(4)), radius=theme.px(8), fill=fill, border=th.ACCENT if hot else None, shadow=False)

    def _draw_new_place(self, surface: pygame.Surface, theme: th.Theme, slot: pygame.Rect, colour: th.Colour) -> None:
        _dashed_rect(surface, colour, slot, max(1, theme.px(2)), theme.px(7))
        plus = theme.text("+", theme.px(30), colour, bold=True)
        surface.blit(plus, plus.get_rect(center=slot.center))

    def _draw_book(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites, book: BookLook, cards: pygame.Rect) -> None:
        w, h = sprites.size(self.card_width)
        left = cards.x
        cy = cards.centery
        x = left + w / 2
        marker_at: tuple[float, float] | None = None
        if book.closed and book.cards:
            step = max(1, w // 30)
            layers = min(_STACK_LAYERS, len(book.cards))
            shown = book.cards[-layers:]
            for i, card in enumerate(shown):
                sprites.draw(surface, card, (x + i * step, cy - i * step), self.card_width, shadow=i == 0)
            marker_at = (x + (layers - 1) * step, cy - (layers - 1) * step)
            x = left + w + _STACK_LAYERS * step - w / 2 + round(w * OPEN_SPREAD)
        else:
            for card in book.cards:
                sprites.draw(surface, card, (x, cy), self.card_width)
                x += w * OPEN_SPREAD
        for card in book.pending:
            sprites.draw(surface, card, (x, cy), self.card_width, outline=PENDING)
            x += w * OPEN_SPREAD
        if marker_at is not None:
            # Over the cards staged on the book: what kind of book it is stays in sight.
            self._draw_marker(surface, theme, book, marker_at, w, h)

    def _draw_marker(
        self, surface: pygame.Surface, theme: th.Theme, book: BookLook, center: tuple[float, float], w: int, h: int
    ) -> None:
        marker = book.marker
        assert marker is not None
        size = max(th.MIN_TEXT_PX - 2, round(w * 0.28))
        word, size = theme.fit(marker.word, size, w - theme.px(4), bold=True, floor=max(8, size - 4))
        text = theme.text(word, size, marker.text_colour, bold=True)
        pill = text.get_rect().inflate(theme.px(8), theme.px(4))
        pill.width = min(pill.width, w + theme.px(6))
        pill.center = (round(center[0]), round(center[1] + h * 0.22))
        radius = pill.height // 2
        pygame.draw.rect(surface, marker.colour, pill, border_radius=radius)
        pygame.draw.rect(surface, th.TEXT, pill, width=1, border_radius=radius)
        surface.blit(text, text.get_rect(center=pill.center))

    def _draw_lines(self, surface: pygame.Surface, theme: th.Theme, lines: Sequence[BookLine], colour: th.Colour) -> None:
        """The caption in ``colour``, bold, and the detail under it, dimmer."""
        for line in lines:
            surface.blit(theme.text(line.text, line.size, colour if line.caption else th.TEXT_DIM, bold=line.caption), line.box)

    def _draw_arrows(self, surface: pygame.Surface, theme: th.Theme) -> None:
        """A triangle at each edge that has more books beyond it."""
        rect = self.rect
        size = theme.px(9)
        y = rect.centery
        if self.scroll > 0:
            x = rect.left + theme.px(3)
            pygame.draw.polygon(surface, th.ACCENT, [(x, y), (x + size, y - size), (x + size, y + size)])
        if self.scroll < self.max_scroll:
            x = rect.right - theme.px(3)
            pygame.draw.polygon(surface, th.ACCENT, [(x, y), (x - size, y - size), (x - size, y + size)])


def _wrap(widths: Sequence[int], room: int, gap: int) -> list[list[int]]:
    """Indices of ``widths`` in lines no wider than ``room`` (each line at least one)."""
    lines: list[list[int]] = [[]]
    used = 0
    for index, width in enumerate(widths):
        needed = width if not lines[-1] else used + gap + width
        if lines[-1] and needed > room:
            lines.append([index])
            used = width
        else:
            lines[-1].append(index)
            used = needed
    return lines if lines[0] else []


def _dashed_rect(surface: pygame.Surface, colour: th.Colour, rect: pygame.Rect, width: int, dash: int) -> None:
    """An outline of dashes: the empty place where a new book may start."""
    for x in range(rect.left, rect.right, dash * 2):
        end = min(x + dash, rect.right)
        pygame.draw.line(surface, colour, (x, rect.top), (end, rect.top), width)
        pygame.draw.line(surface, colour, (x, rect.bottom - 1), (end, rect.bottom - 1), width)
    for y in range(rect.top, rect.bottom, dash * 2):
        end = min(y + dash, rect.bottom)
        pygame.draw.line(surface, colour, (rect.left, y), (rect.left, end), width)
        pygame.draw.line(surface, colour, (rect.right - 1, y), (rect.right - 1, end), width)
