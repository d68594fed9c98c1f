"""The middle of the Spinado table: the four running sequences, the three pots and the
dead hand.

The sequences lie in one row per suit, every card in its own place from the ace (low)
up to the king, so everyone sees at a glance what has been played and where each run
stops: a gap is a card still to come, a place marked "dead" is a card the dead hand
holds, the 8 of diamonds is crossed out (it is not in the pack). While a sequence runs,
its last card is outlined and the place of the card it needs glows; when it stops, a
"Stop" sign stands after its last card until the next card is played.

A pot is a tile with its chips, its name, its count and what wins it. These pieces
only draw what the layout tells them; they know the run order of the cards, nothing of
whose turn it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from cardtable_gui.cards import FRENCH_SUITS, Card, Rank, Suit
from cardtable_gui.rules.spinado import DECK, next_in_run
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.scenes.table.chips import ChipStack, body_size
from cardtable_gui.scenes.table.pile import Pile
from cardtable_gui.ui import theme as th

RUN_RANKS: tuple[Rank, ...] = (Rank.ACE, *(Rank(value) for value in range(3, 11)), Rank.JACK, Rank.QUEEN, Rank.KING)
"""The places of a row, in the order a run climbs: the ace (low), 3 to 10, J, Q, K."""
STEP = 0.46
"""How far apart the places of a row lie, in card widths: each card's corner shows."""
RED_SUIT_TEXT = (240, 128, 116)
# The markers of empty places are opaque: each covers the edge of the card before it.
EMPTY = (20, 66, 44)
NOT_IN_PACK = (14, 44, 30)
DEAD_FILL = (112, 34, 28)
NEXT_FILL = (84, 104, 56)
_IN_PACK = frozenset(DECK)
_SHORT_RANKS = {Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"}


def rank_text(rank: Rank) -> str:
    return _SHORT_RANKS.get(rank, str(int(rank)))


def suit_colour(suit: Suit) -> tuple[int, int, int]:
    return RED_SUIT_TEXT if suit in (Suit.HEARTS, Suit.DIAMONDS) else th.TEXT


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
    _tags: dict[tuple[str, int, tuple[int, ...]], pygame.Surface] = field(default_factory=dict, repr=False)
    _picture: tuple[tuple[object, ...], pygame.Surface] | None = field(default=None, repr=False)

    @staticmethod
    def measures(theme: th.Theme) -> tuple[int, int, int, int]:
        """Padding, the suit names' column, the gap between rows and the caption's
        line, at this window's size."""
        font = theme.font(theme.text_px(18), True)
        label_w = max(font.size(suit.title.capitalize())[0] for suit in FRENCH_SUITS) + theme.px(10)
        return theme.px(8), label_w, theme.px(6), theme.text_px(18) + theme.px(8)

    @staticmethod
    def size_for(card_size: tuple[int, int], theme: th.Theme) -> tuple[int, int]:
        w, h = card_size
        pad, label_w, row_gap, caption_h = SequenceBoard.measures(theme)
        width = pad * 2 + label_w + round(w * STEP) * (len(RUN_RANKS) - 1) + w
        return width, pad * 2 + h * len(FRENCH_SUITS) + row_gap * (len(FRENCH_SUITS) - 1) + caption_h

    def layout(self, rect: pygame.Rect, card_width: int, theme: th.Theme) -> None:
        self.rect = pygame.Rect(rect)
        self.card_width = card_width
        self.pad, self.label_w, self.row_gap, self.caption_h = self.measures(theme)
        self._tags.clear()

    def _row_top(self, row: int, card_h: int, area: pygame.Rect | None = None) -> int:
        return (area or self.rect).top + self.pad + row * (card_h + self.row_gap)

    def _place_left(self, place: int, area: pygame.Rect | None = None) -> int:
        return (area or self.rect).left + self.pad + self.label_w + round(self.card_width * STEP) * place

    def slot(self, card: Card, sprites: CardSprites) -> tuple[float, float]:
        """The centre of ``card``'s place on the board."""
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
            self._paint(picture, picture.get_rect(), theme, sprites)
            self._picture = (key, picture)
        surface.blit(self._picture[1], self.rect)

    def _paint(self, surface: pygame.Surface, area: pygame.Rect, theme: th.Theme, sprites: CardSprites) -> None:
        if self.drop_ready:
            fill = (*th.ACCENT, 60) if self.drop_hot else (255, 255, 255, 22)
            border = th.ACCENT if self.drop_hot else (255, 255, 255, 70)
        else:
            fill, border = (0, 0, 0, 46), (255, 255, 255, 26)
        theme.draw_panel(surface, area, radius=theme.px(14), fill=fill, border=border, shadow=False)
        w, h = sprites.size(self.card_width)
        for row, suit in enumerate(FRENCH_SUITS):
            top = self._row_top(row, h, area)
            name, size = theme.fit(suit.title.capitalize(), theme.text_px(18), self.label_w - theme.px(6), bold=True)
            label = theme.text(name, size, suit_colour(suit), bold=True)
            surface.blit(label, label.get_rect(midleft=(area.left + self.pad, top + h // 2)))
            for place, rank in enumerate(RUN_RANKS):
                left = self._place_left(place, area)
                self._draw_place(surface, theme, sprites, Card(rank, suit), place, (left, top), (w, h))
        if self.stopped is not None:
            self._draw_stop(surface, theme, sprites, area)
        if self.caption:
            text, size = theme.fit(self.caption, theme.text_px(18), area.width - self.pad * 2, bold=True)
            image = theme.text(text, size, th.ACCENT, bold=True)
            surface.blit(image, image.get_rect(midbottom=(area.centerx, area.bottom - theme.px(4))))

    def _draw_place(
        self,
        surface: pygame.Surface,
        theme: th.Theme,
        sprites: CardSprites,
        card: Card,
        place: int,
        topleft: tuple[int, int],
        size: tuple[int, int],
    ) -> None:
        """One place of a row: the card when it is down, else a marker as wide as the
        strip of the place that stays uncovered (the whole card's room for the king)."""
        w, h = size
        left, top = topleft
        if card in self.played:
            outline = th.ACCENT if card == self.running else None
            sprites.draw(surface, card, (left + w / 2, top + h / 2), self.card_width, outline=outline)
            return
        strip = w if place == len(RUN_RANKS) - 1 else round(w * STEP) - max(1, theme.px(2))
        marker = pygame.Rect(left, top, strip, h)
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
        image = theme.text(rank, theme.text_px(16), colour, bold=True)
        surface.blit(image, image.get_rect(midtop=(marker.centerx, marker.top + theme.px(3))))

    def _draw_tag(self, surface: pygame.Surface, theme: th.Theme, marker: pygame.Rect, word: str, colour: th.Colour) -> None:
        """A short word written up the narrow strip of a place."""
        key = (word, theme.text_px(15), tuple(colour))
        image = self._tags.get(key)
        if image is None:
            image = self._tags[key] = pygame.transform.rotate(theme.text(word, theme.text_px(15), colour), 90)
        surface.blit(image, image.get_rect(midbottom=(marker.centerx, marker.bottom - theme.px(4))))

    def stop_box(self, theme: th.Theme, sprites: CardSprites) -> pygame.Rect | None:
        """Where the "Stop" sign stands: after the card the sequence stopped at,
        kept on the board."""
        if self.stopped is None:
            return None
        w, _ = sprites.size(self.card_width)
        cx, cy = self.slot(self.stopped, sprites)
        image = theme.text("Stop", theme.text_px(17), th.TEXT, bold=True)
        box = image.get_rect().inflate(theme.px(14), theme.px(6))
        box.center = (round(cx + w / 2), round(cy))
        box.clamp_ip(self.rect.inflate(-self.pad, -self.pad))
        return box

    def _draw_stop(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites, area: pygame.Rect) -> None:
        box = self.stop_box(theme, sprites)
        assert box is not None
        box.move_ip(area.left - self.rect.left, area.top - self.rect.top)
        theme.draw_panel(surface, box, box.height // 2, (*th.DANGER, 240), (255, 255, 255, 120))
        image = theme.text("Stop", theme.text_px(17), th.TEXT, bold=True)
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
    """The dead hand lying face down in the middle, with how many cards it holds."""

    pile: Pile = field(default_factory=Pile)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    hint: str = ""

    def layout(self, rect: pygame.Rect, theme: th.Theme, sprites: CardSprites) -> None:
        self.rect = pygame.Rect(rect)
        body_w, _ = body_size(theme.px(9))
        aspect = sprites.size(100)[1] / 100
        width = max(12, round(min(theme.px(32), (rect.height - theme.px(12)) / aspect)))
        self.pile.layout((rect.left + theme.px(8) + body_w / 2, rect.centery), width)

    def draw(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites) -> None:
        theme.draw_panel(surface, self.rect, radius=theme.px(12), fill=th.PANEL)
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
