"""The middle of the table where a trick is played, for 2 to 8 players.

Each card lies in front of the seat that played it, slightly turned and overlapping
its neighbours only at the corners, with the player's name beside it, so a glance
shows who played what. Seats are numbered by where they sit in the picture: 0 at the
bottom, then clockwise, as ``oval.seat_spots`` numbers them. Four cards lie north,
east, south and west of the middle; other counts lie around a small oval just large
enough to keep the cards apart. Before a trick is gathered its winning card is
outlined and named. While a card is dragged the area lights up as the place to drop it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.grammar import with_verb
from cardtable_gui.scenes.table.card_sprites import CardSprites, turned_index_corners
from cardtable_gui.scenes.table.note_place import first_clear, overlap, place_note
from cardtable_gui.ui import theme as th

_TILTS = (-3.0, 6.0, 2.0, -7.0, 4.0, -5.0, 3.0, -2.0)
_APART = 0.85
"""Cards around the oval may share only this little: a neighbour sits at least this
share of a card's width to the side or of its height above or below."""
NAME_BACKING = (10, 20, 15, 170)
"""The dark ground under words on the felt (names, the prompt), so they read at full contrast."""
_OVAL_ASPECT = 0.75
"""How much flatter than the card's own shape the oval is: tables are wider than tall."""
_ROW_STEP = 1.06
"""Eight cards lie in rows this many card widths apart: side by side, a little apart,
so a slightly turned card keeps off its neighbour's corner."""
_ROW_GAP = 0.06
"""The gap between the two rows of eight cards, in card widths."""


def _directions(seats: int) -> list[tuple[float, float]]:
    """Unit steps from the middle toward each seat, bottom first, then clockwise."""
    return [
        (math.cos(math.radians(90.0 + 360.0 * i / seats)), math.sin(math.radians(90.0 + 360.0 * i / seats)))
        for i in range(seats)
    ]


def _spread(seats: int, card_size: tuple[int, int], label_h: int) -> tuple[float, float]:
    """How far from the middle the cards lie, across and down, for ``seats`` cards."""
    w, h = card_size
    if seats == 4:
        # Side cards clear the top and bottom ones across: no card lies on a corner index.
        return w * 1.1, h * 0.54
    if seats == 2:
        return 0.0, h * 0.54 + label_h / 2
    if seats == 8:
        return _ROW_STEP * w * 2, (h + _ROW_GAP * w) / 2
    steps = _directions(seats)
    scale = 0.0
    for i, (xa, ya) in enumerate(steps):
        for xb, yb in steps[i + 1:]:
            across = abs(xa - xb) * w
            down = abs(ya - yb) * h * _OVAL_ASPECT
            needs = min(
                _APART * w / across if across > 1e-9 else math.inf,
                (_APART * h + label_h / 2) / down if down > 1e-9 else math.inf,
            )
            scale = max(scale, needs)
    return scale * w, scale * h * _OVAL_ASPECT


def _eight(position: int) -> tuple[float, float]:
    """Where the card of ``position`` lies among eight, as a share of the spread: two
    rows of three (the seats above and below the middle) and the side seats between
    the rows, beyond their ends. Around an oval eight cards with their names needed a
    trick too tall for a small window, and its cards shrank until their corners were
    hard to read; in rows they sit side by side, none on another's corner."""
    across = (0.0, -0.5, -1.0, -0.5, 0.0, 0.5, 1.0, 0.5)[position % 8]
    down = (1.0, 1.0, 0.0, -1.0, -1.0, -1.0, 0.0, 1.0)[position % 8]
    return across, down


def takes_it(name: str) -> str:
    """ "Bruno takes it", but "You take it"."""
    return f"{with_verb(name, 'take', 'takes')} it"


@dataclass(eq=False)
class TrickArea:
    """Cards on the table this trick, each placed by the seat that played it."""

    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    card_width: int = 80
    seats: int = 4
    plays: list[tuple[int, Card]] = field(default_factory=list)
    drop_ready: bool = False
    drop_hot: bool = False
    caption: str = ""
    names: dict[int, str] = field(default_factory=dict)
    winner: int | None = None
    label_h: int = 0
    label_boxes: list[pygame.Rect] = field(default_factory=list)
    """Where the names went when last drawn (the layout reports them)."""
    label_words: list[str] = field(default_factory=list)
    """What the names said when last drawn, in the order of ``label_boxes``."""
    caption_box: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """Where the trick's caption went when last drawn (empty when not shown): the last
    trick's, or who takes the trick in play when the winner's tag has no room to say it."""
    caption_words: str = ""
    """What the caption said when last drawn."""
    prompt_box: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """Where ``caption`` (the turn's "Your turn: drag a card here") went when last drawn,
    empty when not shown: a note kept clear of it (the Hint half hid it)."""
    ground_box: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """The darker ground the last trick was last drawn on (empty for the trick in play)."""
    drawn: list[pygame.Rect] = field(default_factory=list)
    """The cards drawn last, upright (the trick in play, or the last one again)."""
    indices: list[pygame.Rect] = field(default_factory=list)
    """The corner indices of the cards drawn last, as turned on the table: what no
    name tag may lie on."""
    keep_clear: list[pygame.Rect] = field(default_factory=list)
    """What else on the table the names must leave alone (the layout says: seat plates,
    their cards, piles): a name there would be hidden under it or hide its words."""

    @staticmethod
    def size_for(card_size: tuple[int, int], label_h: int, seats: int = 4) -> tuple[int, int]:
        """The room ``seats`` cards in front of their seats need, with their names."""
        w, h = card_size
        if seats == 4:
            return round(w * 3.4), round(h * 2.2 + label_h * 2)
        if seats == 8:
            across, down = _spread(seats, card_size, label_h)
            # The names lie above and below the rows, each no wider than its card.
            return round(across * 2 + w), round(down * 2 + h + label_h * 2)
        across, down = _spread(seats, card_size, label_h)
        return round(across * 2 + w * 1.2), round(down * 2 + h + label_h * 2)

    def layout(self, rect: pygame.Rect, card_width: int, seats: int = 4, label_h: int = 0) -> None:
        self.rect = pygame.Rect(rect)
        self.card_width = card_width
        self.seats = seats
        self.label_h = label_h

    def slot(self, position: int, sprites: CardSprites) -> tuple[float, float]:
        """The centre of the card played from the seat at ``position``."""
        across, down = _spread(self.seats, sprites.size(self.card_width), self.label_h)
        x, y = _eight(position) if self.seats == 8 else _directions(self.seats)[position % self.seats]
        cx, cy = self.rect.center
        return (cx + x * across, cy + y * down)

    def tilt(self, position: int) -> float:
        """How far the card from ``position`` turns: half as far in rows of eight,
        where a card's turned corner would touch its neighbour's."""
        return _TILTS[position % len(_TILTS)] * (0.5 if self.seats == 8 else 1.0)

    def extent(self) -> pygame.Rect:
        """The area with everything last drawn for the trick that strays past its edge
        (cards, names, caption): what a lesson rings as "the trick". A ring round the
        area alone cut "Clara takes it" in half, as if the tag were no part of it."""
        caption = [self.caption_box] if self.caption_box.width else []
        return self.rect.unionall([*self.drawn, *self.label_boxes, *caption])

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites) -> None:
        self.prompt_box = pygame.Rect(0, 0, 0, 0)
        self.ground_box = pygame.Rect(0, 0, 0, 0)
        if self.drop_ready:
            fill = (*th.ACCENT, 70) if self.drop_hot else (255, 255, 255, 22)
            border = th.ACCENT if self.drop_hot else (255, 255, 255, 70)
            theme.draw_panel(surface, self.rect, radius=theme.px(24), fill=fill, border=border, shadow=False)
        elif self.caption and not self.plays:
            # Full-strength words on a dark backing, as the names on the table: dim
            # words straight on the felt were hard to read.
            text = theme.text(self.caption, theme.px(20), th.TEXT)
            backing = text.get_rect(center=self.rect.center).inflate(theme.px(18), theme.px(8))
            theme.draw_panel(surface, backing, radius=backing.height // 2, fill=NAME_BACKING, border=None, shadow=False)
            surface.blit(text, text.get_rect(center=self.rect.center))
            self.prompt_box = backing
        self.draw_cards(surface, theme, sprites, self.plays, self.winner)

    def draw_again(
        self,
        surface: pygame.Surface,
        theme: th.Theme,
        sprites: CardSprites,
        plays: list[tuple[int, Card]],
        winner: int,
        caption: str,
    ) -> None:
        """A trick already gathered shown again in its place (the last trick), on a
        darker ground and under ``caption``, so it is not taken for the trick in play.
        The caption says who took it, so the winner's tag only names them (two
        sentences about one win lay on the same card)."""
        every_tag = self._plain_tags(theme, sprites)
        cards = [self.card_rect(position, sprites) for position in range(self.seats)]
        # The ground is the same for every last trick: where all the seats' cards and
        # name tags go (the area alone left a side seat's tag, and the edges of the
        # side cards, out on the felt).
        whole = self.rect.unionall(cards + list(every_tag.values()))
        self.indices = [corner for position, _ in plays for corner in turned_index_corners(self.card_rect(position, sprites), self.tilt(position))]
        tags = [every_tag[position] for position, _ in plays if position in every_tag]
        # The caption is placed first, so the ground takes it in too: half on the ground
        # and half on the felt, it was read as cut.
        words, image, spot = self._place_caption(theme, sprites, plays, caption, winner, tags)
        ground = self.ground_box = whole.union(spot).inflate(theme.px(12), theme.px(12))
        theme.draw_panel(surface, ground, radius=theme.px(24), fill=(0, 0, 0, 90), border=th.PANEL_BORDER, shadow=False)
        self.draw_cards(surface, theme, sprites, plays, winner, gathered=True)
        self._show_caption(surface, theme, words, image, spot)

    def _plain_tags(self, theme: th.Theme, sprites: CardSprites) -> dict[int, pygame.Rect]:
        """Where each named seat's plain name tag goes (``name_sides``), by seat."""
        tags: dict[int, pygame.Rect] = {}
        for position, side in self.name_sides(theme, sprites).items():
            _, box, _ = self._name_image(theme, sprites, self.names[position], won=False, bold=False)
            card = self.card_rect(position, sprites)
            tags[position] = self._spots(position, box, card, theme.px(6), self.index_room(position, sprites, theme))[side]
        return tags

    def _draw_caption(
        self,
        surface: pygame.Surface,
        theme: th.Theme,
        sprites: CardSprites,
        plays: list[tuple[int, Card]],
        caption: str,
        winner: int,
    ) -> None:
        """``caption`` in bold on the winner's colour, where ``_place_caption`` finds room."""
        words, image, spot = self._place_caption(theme, sprites, plays, caption, winner, self.label_boxes)
        self._show_caption(surface, theme, words, image, spot)

    def _place_caption(
        self,
        theme: th.Theme,
        sprites: CardSprites,
        plays: list[tuple[int, Card]],
        caption: str,
        winner: int,
        tags: list[pygame.Rect],
    ) -> tuple[str, pygame.Surface, pygame.Rect]:
        """The words of ``caption`` as they fit, drawn, and where they go: in the middle if no card lies
        there, else the spot nearest ``winner``'s card clear of the cards, their corner
        indices, the name ``tags`` and what the layout keeps clear, in the area or just
        above or below it (the middle of a trick is seldom free: Ada's tag and the
        caption lay on her card; and a caption at the far side of six cards from the
        winning one was read as about another card)."""
        text, size = theme.fit(caption, theme.text_px(18), self.rect.width - theme.px(16), bold=True)
        image = theme.text(text, size, th.TEXT_DARK, bold=True)
        box = image.get_rect().inflate(theme.px(18), theme.px(8))
        taken = [self.card_rect(position, sprites) for position, _ in plays] + self.indices + tags
        keep_clear = [*taken, *self.keep_clear]
        natural = box.copy()
        natural.center = self.rect.center
        if natural.collidelist(keep_clear) >= 0 and any(position == winner for position, _ in plays):
            natural.center = self.card_rect(winner, sprites).center
        # Half its width to either side too: kept within the area's width, "Clara takes
        # it" went under "You", the one free spot there, and was read as about them.
        room = self.rect.inflate(max(0, box.width - self.rect.width) + box.width // 2, (box.height + theme.px(6)) * 2)
        _, spot = place_note(natural, lambda _width: box.size, [box.width], room, keep_clear, [], theme.px(6))
        if overlap(spot, keep_clear):
            # No clear spot above, in or below the trick (a narrow trick between two
            # plates, its top tag under the caption): beside it, level with its cards.
            beside = self.rect.inflate(box.width * 2, 0)
            _, wider = place_note(natural, lambda _width: box.size, [box.width], beside, keep_clear, [], theme.px(6))
            if overlap(wider, keep_clear) < overlap(spot, keep_clear):
                spot = wider
        return text, image, spot

    def _show_caption(self, surface: pygame.Surface, theme: th.Theme, words: str, image: pygame.Surface, spot: pygame.Rect) -> None:
        """The caption ``words``, drawn as ``image``, on the winner's colour at ``spot``."""
        self.caption_box = spot
        self.caption_words = words
        theme.draw_panel(surface, spot, radius=spot.height // 2, fill=th.ACCENT, border=None, shadow=False)
        surface.blit(image, image.get_rect(center=spot.center))

    def index_room(self, position: int, sprites: CardSprites, theme: th.Theme) -> list[pygame.Rect]:
        """The corner indices of the card from ``position`` as it lies turned, with a
        hair of room round them: a tag touching a rank's edge seemed to cover it."""
        margin = theme.px(2)
        turned = turned_index_corners(self.card_rect(position, sprites), self.tilt(position))
        return [corner.inflate(margin * 2, margin * 2) for corner in turned]

    def card_rect(self, position: int, sprites: CardSprites) -> pygame.Rect:
        """The card played from ``position``, upright (its slight turn left out)."""
        rect = pygame.Rect((0, 0), sprites.size(self.card_width))
        x, y = self.slot(position, sprites)
        rect.center = (round(x), round(y))
        return rect

    def draw_cards(
        self,
        surface: pygame.Surface,
        theme: th.Theme,
        sprites: CardSprites,
        plays: list[tuple[int, Card]],
        winner: int | None,
        gathered: bool = False,
    ) -> None:
        """``plays`` in their places with their players' names; ``winner``'s card
        outlined (also used to show the last trick again: ``gathered``)."""
        w, h = sprites.size(self.card_width)
        # The winning card last, on top: a card played after it on the neighbouring
        # spot hid its corner index, and with it what won.
        for position, card in sorted(plays, key=lambda play: play[0] == winner):
            center = self.slot(position, sprites)
            sprites.draw(surface, card, center, self.card_width, self.tilt(position))
            if position == winner:
                self._draw_frame(surface, theme, center, (w, h), self.tilt(position))
        self.label_boxes = []
        self.label_words = []
        self.caption_box = pygame.Rect(0, 0, 0, 0)
        self.caption_words = ""
        cards = self.drawn = [self.card_rect(position, sprites) for position, _ in plays]
        self.indices = [corner for position, _ in plays for corner in turned_index_corners(self.card_rect(position, sprites), self.tilt(position))]
        indices = [corner for position, _ in plays for corner in self.index_room(position, sprites, theme)]
        sides = self.name_sides(theme, sprites)
        for index, (position, _) in enumerate(plays):
            if position in sides:
                others = cards[:index] + cards[index + 1 :]
                won = position == winner and not gathered
                self._draw_name(surface, theme, sprites, position, sides[position], won, others, indices)
        taker = self.names.get(winner) if winner is not None and not gathered else None
        if taker and takes_it(taker) not in self.label_words:
            # The winner's tag had no room for the words (a tag is a card wide with
            # eight players): who takes the trick is said beside it, as at four.
            self._draw_caption(surface, theme, sprites, plays, takes_it(taker), winner)

    @staticmethod
    def _draw_frame(surface: pygame.Surface, theme: th.Theme, center: tuple[float, float], size: tuple[int, int], angle: float) -> None:
        """The winning card's frame, on the card's own edge rather than around it (a
        frame standing out past the card covered a neighbour's corner index in a trick
        of six), and turned as the card is: an upright frame on a turned card cut across
        its corner index."""
        w, h = size
        frame = pygame.Surface((w + theme.px(2), h + theme.px(2)), pygame.SRCALPHA)
        pygame.draw.rect(frame, th.ACCENT, frame.get_rect(), max(2, theme.px(3)), border_radius=theme.px(10))
        if round(angle):
            frame = pygame.transform.rotozoom(frame, round(angle), 1.0)
        surface.blit(frame, frame.get_rect(center=(round(center[0]), round(center[1]))))

    def name_sides(self, theme: th.Theme, sprites: CardSprites) -> dict[int, int]:
        """Which of its spots (``_spots``) each named seat's tag takes, the same in every
        trick: worked out seat by seat for a full trick, clear of every other card, of
        every corner index as turned, of the names before it and of what the layout
        keeps clear. Chosen among the cards played so far, a name jumped from edge to
        edge of its card from one trick to the next, and had to be looked for."""
        cards = {position: self.card_rect(position, sprites) for position in range(self.seats)}
        rooms = {position: self.index_room(position, sprites, theme) for position in cards}
        corners = [corner for room in rooms.values() for corner in room]
        placed: list[pygame.Rect] = []
        sides: dict[int, int] = {}
        for position, card in cards.items():
            name = self.names.get(position)
            if not name:
                continue
            _, box, _ = self._name_image(theme, sprites, name, won=False, bold=False)
            spots = self._spots(position, box, card, theme.px(6), rooms[position])
            others = [rect for other, rect in cards.items() if other != position]
            chosen = first_clear(spots, [*others, *corners, *placed, *self.keep_clear])
            sides[position] = next(index for index, spot in enumerate(spots) if spot is chosen)
            placed.append(chosen)
        return sides

    def _name_image(
        self, theme: th.Theme, sprites: CardSprites, text: str, won: bool, bold: bool
    ) -> tuple[pygame.Surface, pygame.Rect, bool]:
        """The words of a name tag (dark on the winner's colour when ``won``), the
        tag's size, and whether it keeps within the room a tag has: with eight cards
        no wider than a card, so tags side by side stay apart. The words are never
        cut: a name too long for the room is drawn whole at the smallest size and its
        tag placed where it fits ("Ada ta..." named nobody)."""
        w, _ = sprites.size(self.card_width)
        room = round(w * (1.0 if self.seats == 8 else 2.2 if won and self.seats != 4 else 1.6))
        shown, size = theme.fit(text, theme.text_px(16), room, bold=bold)
        within = shown == text
        if not within:
            floor = max(min(theme.text_px(16), th.MIN_TEXT_PX), round(theme.text_px(16) * 0.75))
            size = min(size, floor)
        image = theme.text(text, size, th.TEXT_DARK if won else th.TEXT, bold=bold)
        return image, image.get_rect().inflate(theme.px(12), theme.px(4)), within

    def _spots(
        self, position: int, box: pygame.Rect, card: pygame.Rect, gap: int, indices: list[pygame.Rect]
    ) -> list[pygame.Rect]:
        """Where the tag ``box`` of the card ``card`` played from ``position`` may go,
        best first: with four seats on the outer edge of the card (above north, below
        south, beside west and east), else beside the card at that edge's ends; with
        eight above the upper row's cards and the side cards, below the lower row's;
        around an oval across the card's lower edge clear of its index (``indices``:
        the room of its two, as turned), else across its upper edge, under it, above it
        or beside it (with six or more cards the lower edge lies on the next card
        down)."""
        if self.seats == 8:
            under = self._beside(box, "midtop", (card.centerx, card.bottom + gap))
            over = self._beside(box, "midbottom", (card.centerx, card.top - gap))
            # A name wider than its card may have to go to the card's other edge.
            return [under, over] if _eight(position)[1] > 0 else [over, under]
        if self.seats == 4:
            # The outer edge's middle, else beside the card at that edge's two ends:
            # the south tag lay where the hand's raised cards reach.
            places = (
                (("midtop", (card.centerx, card.bottom + gap)), ("bottomright", (card.left - gap, card.bottom)), ("bottomleft", (card.right + gap, card.bottom))),
                (("midright", (card.left - gap, card.centery)), ("topleft", (card.left, card.bottom + gap)), ("bottomleft", (card.left, card.top - gap))),
                (("midbottom", (card.centerx, card.top - gap)), ("topright", (card.left - gap, card.top)), ("topleft", (card.right + gap, card.top))),
                (("midleft", (card.right + gap, card.centery)), ("topright", (card.right, card.bottom + gap)), ("bottomright", (card.right, card.top - gap))),
            )[position % 4]
            return [self._beside(box, handle, point) for handle, point in places]
        corners = indices
        # Across an edge, slid off the index in that edge's corner where the name allows.
        lower = box.copy()
        lower.center = (card.centerx, card.bottom)
        lower.right = min(lower.right, corners[1].left)
        upper = box.copy()
        upper.center = (card.centerx, card.top)
        upper.left = max(upper.left, corners[0].right)
        return [lower, upper] + [
            self._beside(box, handle, point)
            for handle, point in (
                ("midtop", (card.centerx, card.bottom + gap)),
                ("midbottom", (card.centerx, card.top - gap)),
                ("midright", (card.left - gap, card.centery)),
                ("midleft", (card.right + gap, card.centery)),
            )
        ]

    def _draw_name(
        self,
        surface: pygame.Surface,
        theme: th.Theme,
        sprites: CardSprites,
        position: int,
        side: int,
        won: bool,
        others: list[pygame.Rect],
        indices: list[pygame.Rect],
    ) -> None:
        """The player's name on its seat's side of the card (``name_sides``). The
        winner's says that they take it, in bold, where those longer words fit whole
        and hide no other card, no corner index (``indices``, as turned) and no name
        drawn before; else it names them alone, as their side was chosen for, in the
        winner's colour. A name wider than its room goes to the first of its spots
        where it hides nothing."""
        name = self.names[position]
        card = self.card_rect(position, sprites)
        room = self.index_room(position, sprites, theme)
        taken = [*others, *indices, *self.label_boxes, *self.keep_clear]
        said = takes_it(name)
        image, box, within = self._name_image(theme, sprites, said, won, bold=True)
        spots = self._spots(position, box, card, theme.px(6), room)
        if not (won and within and spots[side].collidelist(taken) < 0):
            said = name
            image, box, within = self._name_image(theme, sprites, name, won, bold=False)
            spots = self._spots(position, box, card, theme.px(6), room)
            box = spots[side] if within else first_clear([spots[side], *spots], taken)
        else:
            box = spots[side]
        self.label_boxes.append(box)
        self.label_words.append(said)
        fill = (*th.ACCENT, 235) if won else NAME_BACKING
        theme.draw_panel(surface, box, radius=box.height // 2, fill=fill, border=None, shadow=False)
        surface.blit(image, image.get_rect(center=box.center))

    @staticmethod
    def _beside(box: pygame.Rect, handle: str, point: tuple[int, int]) -> pygame.Rect:
        """``box`` moved so its ``handle`` (a pygame rect attribute) lies on ``point``."""
        spot = box.copy()
        setattr(spot, handle, point)
        return spot
