"""The middle of the Spinado table: the four running sequences, the three pots and the
dead hand.

The sequences lie in one row per suit, every card in its own place from the ace (low)
up to the king, so everyone sees at a glance what has been played and where each run
stops: a gap is a card still to come, a place marked "dead" is a card the dead hand
holds, the 8 of diamonds is crossed out (it is not in the pack, as a line under the
rows always says, just outside the board when the caption fills its room). Places lie side by
side and a card down shows only its own place, its corner with the rank and suit, as a
card tucked under the next one and the row below would: nothing on the board ever
covers another place, and the cards can be large enough to read in a small window,
where whole cards side by side would be too small to make out. While a
sequence runs, its last card is outlined and the place of the card it needs glows;
when it stops, that card is outlined in red and a "Stop" sign stands beside the
row's name until the next card is played.

A pot is a tile with its chips, its name, its count and what wins it. These pieces
only draw what the layout tells them; they know the run order of the cards, nothing of
whose turn it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from cardtable_gui.cards import FRENCH_SUITS, Card, Rank, Suit
from cardtable_gui.rules.spinado import DECK, REMOVED, next_in_run
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.scenes.table.chips import ChipStack, body_size
from cardtable_gui.scenes.table.pile import Pile
from cardtable_gui.ui import theme as th

RUN_RANKS: tuple[Rank, ...] = (Rank.ACE, *(Rank(value) for value in range(3, 11)), Rank.JACK, Rank.QUEEN, Rank.KING)
"""The places of a row, in the order a run climbs: the ace (low), 3 to 10, J, Q, K."""
STEP = 0.34
"""How far apart the places of a row lie, in card widths: a card's corner index (a
quarter of its width) shows whole, with a margin, and the rest of the card lies under
the next place. A narrow step lets the cards be large enough to read."""
ROW_STEP = 0.6
"""How far apart the rows lie, in card heights (more if a place's marks need it): the
index (the top third of a card) shows, and the bottom of each card lies under the next
row."""
TAGS = ("dead", "next")
"""The words written up a place under its rank."""
TAG_PX = 18
"""The tags' text size at the design size: larger in a larger window."""
TAG_FLOOR = 16
"""The least text size of the tags, above the theme's smallest (the theme's smallest
was hard to read up a narrow place): its letters are 12 pixels. Their ink only is
written up the place, so they fit a place as narrow as a small window's, and the rows
they set the height of when the board is small are no taller than before."""
LEGEND = " ".join(card.label for card in REMOVED if Rank(card.rank) in RUN_RANKS) + " crossed out: not in the pack"
"""The line under the rows that says why a place is crossed out: it otherwise looked
like a card missing by mistake (the other cards out of the pack, the 2s, have no place)."""
RED_SUIT_TEXT = (240, 128, 116)
EMPTY = (20, 66, 44)
NOT_IN_PACK = (14, 44, 30)
DEAD_FILL = (112, 34, 28)
NEXT_FILL = (84, 104, 56)
CARD_EDGE = (40, 40, 40)
_IN_PACK = frozenset(DECK)
LONGEST_CAPTION = "Your turn: play the queen of diamonds, with the spinado"
"""The longest words the table puts under the board: the measure of whether the
caption needs a second line."""
_SHORT_RANKS = {Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"}


def rank_text(rank: Rank) -> str:
    return _SHORT_RANKS.get(rank, str(int(rank)))


def suit_colour(suit: Suit) -> tuple[int, int, int]:
    return RED_SUIT_TEXT if suit in (Suit.HEARTS, Suit.DIAMONDS) else th.TEXT


@dataclass(frozen=True, slots=True)
class BoardPiece:
    """One thing the board draws and where, in window coordinates: a ``card`` down or
    the ``place`` of one still to come (both with their card), a row's ``label`` (with
    its suit), the ``stop`` sign, the ``caption``; text with the size it is drawn at."""

    kind: str
    rect: pygame.Rect
    card: Card | None = None
    text: str = ""
    size: int = 0
    suit: Suit | None = None


@dataclass(eq=False)
class SequenceBoard:
    """The four rows. ``played`` are the cards down this hand, ``dead`` those shown
    to lie in the dead hand, ``running`` the last card of the sequence under way,
    ``stopped`` the card a sequence just stopped at. ``caption`` is a line under the
    rows (whose turn, what to do); ``drop_ready``/``drop_hot`` light the board while a
    card that may be played is dragged (it is where cards are dropped)."""

    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    card_width: int = 48
    played: set[Card] = field(default_factory=set)
    dead: set[Card] = field(default_factory=set)
    running: Card | None = None
    stopped: Card | None = None
    caption: str = ""
    drop_ready: bool = False
    drop_hot: bool = False
    pad: int = 8
    label_w: int = 80
    row_gap: int = 6
    caption_h: int = 24
    marks_h: int = 0
    _tags: dict[tuple[str, int, tuple[int, ...]], pygame.Surface] = field(default_factory=dict, repr=False)
    _picture: tuple[tuple[object, ...], pygame.Surface] | None = field(default=None, repr=False)

    @staticmethod
    def measures(theme: th.Theme) -> tuple[int, int, int, int]:
        """Padding, the suit names' column (wide enough for the "Stop" sign too), the
        gap between rows and the caption's line, at this window's size."""
        font = theme.font(theme.text_px(18), True)
        names = max(font.size(suit.title.capitalize())[0] for suit in FRENCH_SUITS)
        label_w = max(names, _stop_size(theme)[0]) + theme.px(10)
        return theme.px(8), label_w, theme.px(4), theme.text_px(18) + theme.px(8)

    @staticmethod
    def caption_lines(theme: th.Theme, width: int) -> int:
        """How many lines the caption has room for on a board ``width`` wide: two
        when the longest caption does not fit on one, so it wraps instead of losing its end."""
        pad = SequenceBoard.measures(theme)[0]
        one_line = theme.fit(LONGEST_CAPTION, theme.text_px(18), width - pad * 2, bold=True)[0] == LONGEST_CAPTION
        return 1 if one_line else 2

    @staticmethod
    def size_for(card_size: tuple[int, int], theme: th.Theme) -> tuple[int, int]:
        w, h = card_size
        pad, label_w, row_gap, caption_h = SequenceBoard.measures(theme)
        # A card flies in whole before it tucks under: past the last place there is
        # room for at least its middle.
        right = max(pad, w // 2 - round(w * STEP) + 1)
        width = pad + label_w + round(w * STEP) * len(RUN_RANKS) + right
        caption_h = _caption_height(theme, caption_h, SequenceBoard.caption_lines(theme, width))
        rows = _row_height(h, _marks_height(theme)) * len(FRENCH_SUITS)
        return width, pad * 2 + rows + row_gap * (len(FRENCH_SUITS) - 1) + caption_h

    def layout(self, rect: pygame.Rect, card_width: int, theme: th.Theme) -> None:
        self.rect = pygame.Rect(rect)
        self.card_width = card_width
        self.pad, self.label_w, self.row_gap, self.caption_h = self.measures(theme)
        self.caption_h = _caption_height(theme, self.caption_h, self.caption_lines(theme, self.rect.width))
        self.marks_h = _marks_height(theme)
        self._tags.clear()

    def _row_height(self, card_h: int) -> int:
        return _row_height(card_h, self.marks_h)

    def _row_top(self, row: int, card_h: int) -> int:
        return self.rect.top + self.pad + row * (self._row_height(card_h) + self.row_gap)

    def _place_left(self, place: int) -> int:
        return self.rect.left + self.pad + self.label_w + round(self.card_width * STEP) * place

    def place_rect(self, card: Card, sprites: CardSprites, theme: th.Theme) -> pygame.Rect:
        """The place of ``card``: as wide as the step between places, less a thin gap,
        so that neighbours never touch, and as tall as its row."""
        w, h = sprites.size(self.card_width)
        assert card.suit is not None
        row = FRENCH_SUITS.index(card.suit)
        place = RUN_RANKS.index(Rank(card.rank))
        return pygame.Rect(self._place_left(place), self._row_top(row, h), round(w * STEP) - max(1, theme.px(2)), self._row_height(h))

    def slot(self, card: Card, sprites: CardSprites) -> tuple[float, float]:
        """The centre of ``card`` whole, lying with its top left corner on its place:
        where a card flies to before the next place and the next row tuck it under."""
        w, h = sprites.size(self.card_width)
        assert card.suit is not None
        row = FRENCH_SUITS.index(card.suit)
        place = RUN_RANKS.index(Rank(card.rank))
        return (self._place_left(place) + w / 2, self._row_top(row, h) + h / 2)

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    @property
    def needed(self) -> Card | None:
        """The card the running sequence needs next, when it is in the pack."""
        following = None if self.running is None else next_in_run(self.running)
        return following if following in _IN_PACK else None

    def pieces(self, theme: th.Theme, sprites: CardSprites) -> list[BoardPiece]:
        """Everything the board draws, where it goes: what it paints, and what a check
        of the table's geometry reads."""
        _, h = sprites.size(self.card_width)
        pieces = []
        for row, suit in enumerate(FRENCH_SUITS):
            top = self._row_top(row, h)
            name, size = theme.fit(suit.title.capitalize(), theme.text_px(18), self.label_w - theme.px(6), bold=True)
            label = pygame.Rect((0, 0), theme.font(size, True).size(name))
            stop = self.stop_box(theme, sprites) if self.stopped is not None and self.stopped.suit is suit else None
            label.midleft = (self.rect.left + self.pad, top + self._row_height(h) // 2)
            if stop is not None:
                # The name moves up to make room for the sign under it.
                label.bottom = min(label.bottom, stop.top - theme.px(2))
                pieces.append(BoardPiece("stop", stop, None, "Stop", theme.text_px(17)))
            pieces.append(BoardPiece("label", label, None, name, size, suit))
            for rank in RUN_RANKS:
                card = Card(rank, suit)
                kind = "card" if card in self.played else "place"
                pieces.append(BoardPiece(kind, self.place_rect(card, sprites, theme), card))
        legend = self.legend(theme)
        if not self.caption:
            pieces.append(legend)
            return pieces
        lines, size = self._caption_fit(theme)
        font = theme.font(size, True)
        bottom = self.rect.bottom - theme.px(4) - (len(lines) - 1) * font.get_linesize()
        if self.legend_inside(theme, sprites):
            bottom = legend.rect.top - theme.px(2) - (len(lines) - 1) * font.get_linesize()
            pieces.append(legend)
        for index, line in enumerate(lines):
            caption = pygame.Rect((0, 0), font.size(line))
            caption.midbottom = (self.rect.centerx, bottom + index * font.get_linesize())
            pieces.append(BoardPiece("caption", caption, None, line, size))
        return pieces

    def _caption_fit(self, theme: th.Theme) -> tuple[list[str], int]:
        """The caption's lines and their size, in the caption's room."""
        room = self.rect.width - self.pad * 2
        return theme.fit_lines(self.caption, theme.text_px(18), room, self.caption_lines(theme, self.rect.width), bold=True)

    def legend_inside(self, theme: th.Theme, sprites: CardSprites) -> bool:
        """Whether the legend has its line at the bottom of the board: always between
        your turns, and under the caption when that leaves the room. A caption that
        takes the whole room leaves none, and the layout places the legend outside
        the board: a line more for it made the board taller, and with five players its
        cards fell to half their width at 1024x640."""
        if not self.caption:
            return True
        lines, size = self._caption_fit(theme)
        _, h = sprites.size(self.card_width)
        rows_bottom = self._row_top(len(FRENCH_SUITS) - 1, h) + self._row_height(h)
        caption_top = self.legend(theme).rect.top - theme.px(2) - len(lines) * theme.font(size, True).get_linesize()
        return caption_top >= rows_bottom

    def legend(self, theme: th.Theme) -> BoardPiece:
        """The legend's line, at the bottom of the caption's room."""
        text, size = theme.fit(LEGEND, theme.text_px(15), self.rect.width - self.pad * 2)
        rect = pygame.Rect((0, 0), theme.font(size).size(text))
        rect.midbottom = (self.rect.centerx, self.rect.bottom - theme.px(4))
        return BoardPiece("legend", rect, None, text, size)

    def stop_box(self, theme: th.Theme, sprites: CardSprites) -> pygame.Rect | None:
        """Where the "Stop" sign stands: in the names' column, under the name of the
        row that stopped, clear of every card."""
        if self.stopped is None or self.stopped.suit is None:
            return None
        _, h = sprites.size(self.card_width)
        box = pygame.Rect((0, 0), _stop_size(theme))
        row_bottom = self._row_top(FRENCH_SUITS.index(self.stopped.suit), h) + self._row_height(h)
        box.bottomleft = (self.rect.left + self.pad, row_bottom - theme.px(2))
        return box

    # -- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites) -> None:
        """The board is one picture, painted again only when something on it changes
        (a card, a marker, the caption, the window): one blit a frame."""
        key = (
            tuple(self.rect), self.card_width, frozenset(self.played), frozenset(self.dead), self.running,
            self.stopped, self.caption, self.drop_ready, self.drop_hot, getattr(sprites.art, "four_colour", False),
        )
        if self._picture is None or self._picture[0] != key:
            picture = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            self._paint(picture, theme, sprites)
            self._picture = (key, picture)
        surface.blit(self._picture[1], self.rect)

    def _paint(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites) -> None:
        """Paint the board onto its own picture (whose origin is the board's corner)."""
        if self.drop_ready:
            fill = (*th.ACCENT, 60) if self.drop_hot else (255, 255, 255, 22)
            border = th.ACCENT if self.drop_hot else (255, 255, 255, 70)
        else:
            fill, border = (0, 0, 0, 46), (255, 255, 255, 26)
        theme.draw_panel(surface, surface.get_rect(), radius=theme.px(14), fill=fill, border=border, shadow=False)
        origin = (-self.rect.left, -self.rect.top)
        for piece in self.pieces(theme, sprites):
            rect = piece.rect.move(origin)
            if piece.kind == "label" and piece.suit is not None:
                surface.blit(theme.text(piece.text, piece.size, suit_colour(piece.suit), bold=True), rect)
            elif piece.kind == "stop":
                _draw_stop(surface, theme, rect, piece.size)
            elif piece.kind == "caption":
                surface.blit(theme.text(piece.text, piece.size, th.ACCENT, bold=True), rect)
            elif piece.kind == "legend":
                surface.blit(theme.text(piece.text, piece.size, th.TEXT_DIM), rect)
            elif piece.card is not None and piece.kind == "card":
                self._draw_card(surface, theme, sprites, piece.card, rect)
            elif piece.card is not None:
                self._draw_marker(surface, theme, piece.card, rect)

    def _draw_card(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites, card: Card, place: pygame.Rect) -> None:
        """A card down: its corner, the size of its place, with an edge where the rest
        of it tucks under the next place and the next row."""
        w, h = sprites.size(self.card_width)
        clip = surface.get_clip()
        surface.set_clip(place)
        sprites.draw(surface, card, (place.left + w / 2, place.top + h / 2), self.card_width, shadow=False)
        surface.set_clip(clip)
        radius = theme.px(6)
        if card == self.stopped:
            pygame.draw.rect(surface, th.DANGER, place, max(2, theme.px(3)), border_radius=radius)
        elif card == self.running:
            pygame.draw.rect(surface, th.ACCENT, place, max(2, theme.px(3)), border_radius=radius)
        else:
            pygame.draw.line(surface, CARD_EDGE, (place.right - 1, place.top + radius), (place.right - 1, place.bottom - 1))
            pygame.draw.line(surface, CARD_EDGE, (place.left + radius, place.bottom - 1), (place.right - 1, place.bottom - 1))

    def _draw_marker(self, surface: pygame.Surface, theme: th.Theme, card: Card, marker: pygame.Rect) -> None:
        """The place of a card not down: empty, the next one wanted, dead, or not in
        the pack at all."""
        radius = theme.px(6)
        rank = rank_text(Rank(card.rank))
        if card not in _IN_PACK:
            theme.draw_panel(surface, marker, radius, NOT_IN_PACK, None, shadow=False)
            colour = (*th.TEXT_DIM, 120)
            pygame.draw.line(surface, colour, marker.topleft, marker.bottomright, max(1, theme.px(2)))
            pygame.draw.line(surface, colour, marker.bottomleft, marker.topright, max(1, theme.px(2)))
            self._draw_rank(surface, theme, marker, rank, th.TEXT_DIM)
        elif card in self.dead:
            theme.draw_panel(surface, marker, radius, DEAD_FILL, th.DANGER, shadow=False)
            self._draw_rank(surface, theme, marker, rank, th.TEXT)
            self._draw_tag(surface, theme, marker, "dead", th.TEXT)
        elif card == self.needed:
            theme.draw_panel(surface, marker, radius, NEXT_FILL, th.ACCENT, shadow=False)
            self._draw_rank(surface, theme, marker, rank, th.ACCENT)
            self._draw_tag(surface, theme, marker, "next", th.ACCENT)
        else:
            theme.draw_panel(surface, marker, radius, EMPTY, (255, 255, 255, 40), shadow=False)
            self._draw_rank(surface, theme, marker, rank, (*th.TEXT_DIM, 150))

    def _draw_rank(self, surface: pygame.Surface, theme: th.Theme, marker: pygame.Rect, rank: str, colour: th.Colour) -> None:
        """The place's rank, its letters' tops a little under the place's top."""
        image = theme.text(rank, theme.text_px(16), colour, bold=True)
        top = marker.top + theme.px(3) - _ranks_ink(theme).top
        surface.blit(image, image.get_rect(centerx=marker.centerx, top=top))

    def _draw_tag(self, surface: pygame.Surface, theme: th.Theme, marker: pygame.Rect, word: str, colour: th.Colour) -> None:
        """A short word written up the narrow strip of a place, under its rank."""
        key = (word, tag_px(theme), tuple(colour))
        image = self._tags.get(key)
        if image is None:
            image = self._tags[key] = pygame.transform.rotate(tag_ink(theme, word, colour), 90)
        surface.blit(image, image.get_rect(midbottom=(marker.centerx, marker.bottom - theme.px(2))))


def tag_px(theme: th.Theme) -> int:
    """The size the tags are written at in this window."""
    return max(TAG_FLOOR, theme.text_px(TAG_PX))


def tag_ink(theme: th.Theme, word: str, colour: th.Colour = th.TEXT) -> pygame.Surface:
    """The letters of ``word`` at the tags' size, cut to their ink: the room a line
    keeps above and below its letters would make the tag wider than a narrow place."""
    image = theme.text(word, tag_px(theme), colour)
    return image.subsurface(image.get_bounding_rect()).copy()


def _ranks_ink(theme: th.Theme) -> pygame.Rect:
    """Where the letters of the places' ranks lie within their lines, all ranks taken
    together."""
    size = theme.text_px(16)
    inks = [theme.text(rank_text(rank), size, th.TEXT, bold=True).get_bounding_rect() for rank in RUN_RANKS]
    return inks[0].unionall(inks[1:])


def _row_height(card_h: int, marks_h: int) -> int:
    """How tall a row is for cards ``card_h`` high whose places' marks are ``marks_h``
    tall (see ``ROW_STEP``)."""
    return max(round(card_h * ROW_STEP), marks_h)


def _marks_height(theme: th.Theme) -> int:
    """The height of a place's marks: its rank at the top and a tag written up under
    it, apart, so that "dead" never runs into the rank it marks."""
    tag_w = max(tag_ink(theme, word).get_width() for word in TAGS)
    return theme.px(3) + _ranks_ink(theme).height + theme.px(1) + tag_w + theme.px(2)


def _caption_height(theme: th.Theme, one_line: int, lines: int) -> int:
    """The caption's room for ``lines`` lines: ``one_line`` holds one with room to
    spare, which a second line uses before the board grows."""
    return max(one_line, lines * theme.font(theme.text_px(18), True).get_linesize() + theme.px(4))


def _stop_size(theme: th.Theme) -> tuple[int, int]:
    w, h = theme.font(theme.text_px(17), True).size("Stop")
    return w + theme.px(14), h + theme.px(4)


def _draw_stop(surface: pygame.Surface, theme: th.Theme, box: pygame.Rect, size: int) -> None:
    theme.draw_panel(surface, box, box.height // 2, (*th.DANGER, 240), (255, 255, 255, 120), shadow=False)
    image = theme.text("Stop", size, th.TEXT, bold=True)
    surface.blit(image, image.get_rect(center=box.center))


@dataclass(eq=False)
class PotTile:
    """A pot on the table: its chips (``stack``), its ``name`` and count, and a short
    ``hint`` (what wins it, or how the hand stands toward it)."""

    name: str
    hint: str = ""
    stack: ChipStack = field(default_factory=lambda: ChipStack(show_count=False))
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    @staticmethod
    def size_for(theme: th.Theme, hints: Sequence[str]) -> tuple[int, int]:
        """The size every tile of the middle takes (pots and the dead hand alike),
        wide enough for ``hints`` on one line."""
        body_w, body_h = body_size(theme.px(9))
        pad = theme.px(8)
        lines = theme.text_px(19) + theme.px(2) + theme.text_px(15)
        title = theme.font(theme.text_px(19), True).size("Matrimony 99")[0] + theme.px(8)
        hint = max(theme.font(theme.text_px(15)).size(text)[0] for text in hints)
        return pad * 3 + body_w + max(title, hint) + theme.px(4), pad * 2 + max(body_h, lines)

    def layout(self, rect: pygame.Rect, theme: th.Theme) -> None:
        self.rect = pygame.Rect(rect)
        radius = theme.px(9)
        body_w, body_h = body_size(radius)
        self.stack.layout((rect.left + theme.px(8) + body_w // 2, rect.centery + body_h // 2), radius)

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        theme.draw_panel(surface, self.rect, radius=theme.px(12), fill=th.PANEL)
        self.stack.draw(surface, theme)
        _draw_tile_text(surface, theme, self.rect, self.stack.body.right + theme.px(8), self.name, str(max(0, self.stack.count)), self.hint)


@dataclass(eq=False)
class DeadHandTile:
    """The dead hand lying face down in the middle, with how many cards it holds;
    ``face_up`` while its cards are shown elsewhere (its pile is then not drawn, its
    count still said)."""

    pile: Pile = field(default_factory=Pile)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    hint: str = ""
    face_up: bool = False

    def layout(self, rect: pygame.Rect, theme: th.Theme, sprites: CardSprites) -> None:
        self.rect = pygame.Rect(rect)
        body_w, _ = body_size(theme.px(9))
        aspect = sprites.size(100)[1] / 100
        width = max(12, round(min(theme.px(32), (rect.height - theme.px(12)) / aspect)))
        self.pile.layout((rect.left + theme.px(8) + body_w / 2, rect.centery), width)

    def draw(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites) -> None:
        theme.draw_panel(surface, self.rect, radius=theme.px(12), fill=th.PANEL)
        if not self.face_up:
            self.pile.draw(surface, theme, sprites)
        body_w, _ = body_size(theme.px(9))
        left = self.rect.left + theme.px(16) + body_w
        # Said in cards, and not in the pots' gold: a bare number here read as chips. It
        # goes under the name, which a narrow tile would otherwise cut to "Dead h...".
        hint = dead_hint(max(0, self.pile.count), self.hint)
        _draw_tile_text(surface, theme, self.rect, left, "Dead hand", "", hint, th.TEXT_DIM)


def dead_hint(count: int, state: str) -> str:
    """The dead hand tile's second line: how many cards, and whether they show."""
    cards = "1 card" if count == 1 else f"{count} cards"
    return f"{cards}, {state.lower()}"


def _draw_tile_text(
    surface: pygame.Surface,
    theme: th.Theme,
    rect: pygame.Rect,
    left: int,
    name: str,
    count: str,
    hint: str,
    colour: th.Colour = th.ACCENT,
) -> None:
    """A tile's name with its count at the right, and its hint under them."""
    right = rect.right - theme.px(10)
    name_size, hint_size = theme.text_px(19), theme.text_px(15)
    top = rect.centery - (name_size + theme.px(2) + hint_size) // 2
    number = theme.text(count, name_size, colour, bold=True)
    surface.blit(number, number.get_rect(topright=(right, top)))
    room = right - number.get_width() - theme.px(8) - left
    shown, size = theme.fit(name, name_size, room, bold=True)
    image = theme.text(shown, size, th.TEXT, bold=True)
    surface.blit(image, image.get_rect(midleft=(left, top + name_size // 2)))
    shown, size = theme.fit(hint, hint_size, right - left)
    image = theme.text(shown, size, th.TEXT_DIM)
    surface.blit(image, (left, top + name_size + theme.px(2)))
