"""The trick in the middle: every count from 2 to 8 places each card in front of its
player, the cards overlap only at their corners, and four cards lie exactly where
Spades has always put them. Each name lies clear of the other cards and names, and
the last trick shown again says once, clear of its cards, who took it."""

from __future__ import annotations

import math
from collections import Counter

import pygame
import pytest

from cardtable_gui.card_art import CardArt
from cardtable_gui.cards import parse_cards
from cardtable_gui.scenes.table.card_sprites import CardSprites, index_corners, turned_index_corners
from cardtable_gui.scenes.table.trick_area import TrickArea, takes_it
from cardtable_gui.ui.theme import ACCENT, FELT, TEXT, Theme


class Sizes:
    """Stands in for the card sprites: only sizes are asked of them here."""

    def size(self, width: int) -> tuple[int, int]:
        return width, round(width * 1.45)


SPRITES = Sizes()


def placed(seats: int, width: int = 60) -> tuple[TrickArea, list[pygame.Rect]]:
    area = TrickArea()
    w, h = SPRITES.size(width)
    size = TrickArea.size_for((w, h), 20, seats)
    area.layout(pygame.Rect((100, 100), size), width, seats, 20)
    rects = []
    for position in range(seats):
        rect = pygame.Rect(0, 0, w, h)
        rect.center = tuple(round(v) for v in area.slot(position, SPRITES))  # type: ignore[arg-type]
        rects.append(rect)
    return area, rects


@pytest.mark.parametrize("seats", range(2, 9))
def test_cards_overlap_only_at_the_corners(seats: int) -> None:
    _, rects = placed(seats)
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            overlap = a.clip(b)
            assert overlap.width * overlap.height < 0.15 * a.width * a.height


@pytest.mark.parametrize("seats", range(2, 9))
def test_each_card_lies_toward_its_player(seats: int) -> None:
    area, rects = placed(seats)
    cx, cy = area.rect.center
    assert rects[0].centery > cy and abs(rects[0].centerx - cx) <= 1
    for position, rect in enumerate(rects):
        turn = math.radians(90 + 360 * position / seats)
        if abs(math.cos(turn)) > 0.1:
            assert (rect.centerx - cx) * math.cos(turn) > 0
        if abs(math.sin(turn)) > 0.1:
            assert (rect.centery - cy) * math.sin(turn) > 0


@pytest.mark.parametrize("seats", range(2, 9))
def test_the_cards_fit_the_room_asked_for(seats: int) -> None:
    area, rects = placed(seats)
    room = area.rect.inflate(area.rect.width // 10, area.rect.height // 10)
    assert all(room.contains(rect) for rect in rects)


def test_four_cards_lie_north_east_south_and_west_as_in_spades() -> None:
    area, rects = placed(4)
    w, h = SPRITES.size(60)
    cx, cy = area.rect.center
    assert [r.center for r in rects] == [
        (cx, round(cy + h * 0.54)),
        (round(cx - w * 1.1), cy),
        (cx, round(cy - h * 0.54)),
        (round(cx + w * 1.1), cy),
    ]


def test_the_winner_label_agrees_with_you() -> None:
    assert takes_it("Bruno") == "Bruno takes it"
    assert takes_it("You") == "You take it"


NAMES = {position: name for position, name in enumerate(("Ada", "Bruno", "Chiara", "Dario", "Elena", "Fabio", "Gina", "Hugo"))}


def drawn(seats: int, winner: int, last: bool) -> tuple[TrickArea, pygame.Surface]:
    """A full trick of ``seats`` cards drawn by real sprites at 1280x800, ``winner``'s
    card outlined; shown again as the last trick when ``last``."""
    pygame.init()
    theme, sprites = Theme((1280, 800)), CardSprites(CardArt())
    w, h = sprites.size(70)
    area = TrickArea(names=dict(list(NAMES.items())[:seats]))
    label_h = theme.text_px(16) + theme.px(4)
    area.layout(pygame.Rect((200, 100), TrickArea.size_for((w, h), label_h, seats)), 70, seats, label_h)
    plays = list(zip(range(seats), parse_cards("AS KS QS JS 10S 9S 8S 7S")[:seats], strict=True))
    surface = pygame.Surface((1280, 800))
    if last:
        area.draw_again(surface, theme, sprites, plays, winner, f"Last trick: {NAMES[winner]} took it")
    else:
        area.draw_cards(surface, theme, sprites, plays, winner)
    return area, surface


@pytest.mark.parametrize("seats", range(5, 9))
@pytest.mark.parametrize("winner", [0, 3])
def test_each_name_lies_on_no_other_card_and_no_other_name(seats: int, winner: int) -> None:
    """Seen with six or more players: a later card covered an earlier card's name."""
    area, _ = drawn(seats, winner, last=False)
    cards = area.drawn
    assert len(area.label_boxes) == seats
    for position, tag in enumerate(area.label_boxes):
        for other, card in enumerate(cards):
            if other != position:
                assert not tag.colliderect(card), (seats, NAMES[position], "on the card of", NAMES[other])
        for other, name in enumerate(area.label_boxes[:position]):
            assert not tag.colliderect(name), (seats, NAMES[position], NAMES[other])


@pytest.mark.parametrize("seats", range(2, 9))
def test_the_winner_s_tag_and_every_name_leave_every_corner_index_in_sight(seats: int) -> None:
    """Seen in Spizzichino: "Ana takes it", across the lower edge of her turned card,
    lay on its bottom right rank. Each index is taken as the card lies turned."""
    for winner in range(seats):
        area, _ = drawn(seats, winner, last=False)
        corners = [
            corner for position, card in enumerate(area.drawn) for corner in turned_index_corners(card, area.tilt(position))
        ]
        assert area.indices == corners
        for said, tag in zip(area.label_words, area.label_boxes, strict=True):
            assert tag.collidelist(corners) == -1, (seats, said, "on a corner index")


@pytest.mark.parametrize("seats", [2, 4, 6, 8])
def test_the_last_trick_says_who_took_it_once_and_clear_of_the_cards(seats: int) -> None:
    """Seen: "Ada takes it" and "Last trick: Ada took it" lay one over the other on her card."""
    area, _ = drawn(seats, 0, last=True)
    assert area.caption_box.width > 0
    assert area.caption_box.collidelist([*area.drawn, *area.label_boxes]) == -1
    assert area.caption_box.colliderect(area.rect.inflate(0, area.caption_box.height * 4)), "beside the trick"


def trick_drawn(plays: str, positions: tuple[int, ...], winner: int, surface: pygame.Surface, seats: int = 4) -> TrickArea:
    """``plays`` at a table of ``seats`` (in the order played, from ``positions``) drawn
    by real sprites on the felt, ``winner``'s card outlined."""
    pygame.init()
    theme, sprites = Theme((1280, 800)), CardSprites(CardArt())
    area = TrickArea()
    area.layout(pygame.Rect((200, 100), TrickArea.size_for(sprites.size(70), 20, seats)), 70, seats, 20)
    surface.fill(FELT)
    area.draw_cards(surface, theme, sprites, list(zip(positions, parse_cards(plays), strict=True)), winner)
    return area


def test_the_winning_card_lies_on_top_of_a_card_played_after_it() -> None:
    """Seen at 1920x1080: a winning A♥ lay under a 3♥ played after it, its corner index
    hidden. Once marked, it shows as if it had been played last (five seats, where
    neighbours' cards meet at a corner)."""
    trick, on_top = pygame.Surface((1280, 800)), pygame.Surface((1280, 800))
    area = trick_drawn("AH 3H", (3, 4), 3, trick, 5)
    trick_drawn("3H AH", (4, 3), 3, on_top, 5)
    sprites = CardSprites(CardArt())
    index = index_corners(area.card_rect(3, sprites))[1]
    under_the_top_card = index.clip(area.card_rect(4, sprites))
    assert under_the_top_card.width * under_the_top_card.height > 0, "the trick is laid out so the two cards meet there"
    hidden = [
        (x, y)
        for x in range(index.left, index.right)
        for y in range(index.top, index.bottom)
        if trick.get_at((x, y)) != on_top.get_at((x, y))
    ]
    assert not hidden, f"{len(hidden)} pixels of the A♥'s index are covered"


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""

    def luminance(colour: tuple[int, ...]) -> float:
        linear = [c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour[:3]]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_prompt_to_drag_a_card_reads_clearly_on_the_felt() -> None:
    """Seen at 1920x1080: "Your turn: drag a card here" was pale grey on green."""
    pygame.init()
    theme, sprites = Theme((1920, 1080)), CardSprites(CardArt())
    area = TrickArea(caption="Your turn: drag a card here")
    area.layout(pygame.Rect((600, 300), TrickArea.size_for(sprites.size(100), 28)), 100, 4, 28)
    surface = pygame.Surface((1920, 1080))
    surface.fill(FELT)
    area.draw(surface, theme, sprites)
    words = theme.text(area.caption, theme.px(20), TEXT).get_rect(center=area.rect.center)
    colours = Counter(tuple(surface.get_at((x, y))) for x in range(words.left, words.right) for y in range(words.top, words.bottom))
    ground = colours.most_common(1)[0][0]
    ink = max(colours, key=lambda colour: contrast(colour, ground))
    assert contrast(ink, ground) >= 4.5


@pytest.mark.parametrize("seats", range(5, 9))
def test_a_seat_s_name_lies_on_the_same_side_of_its_card_in_every_trick(seats: int) -> None:
    """Seen with eight players: a name lay on the card's upper edge in one trick and on
    its lower edge in the next, so it had to be looked for each time. Whether a trick
    is full, half played or led from another seat, each name keeps its place by its card."""
    pygame.init()
    theme, sprites = Theme((1024, 640)), CardSprites(CardArt())
    cards = parse_cards("AS KS QS JS 10S 9S 8S 7S")
    w, h = sprites.size(48)
    area = TrickArea(names=dict(list(NAMES.items())[:seats]))
    area.layout(pygame.Rect((200, 100), TrickArea.size_for((w, h), 20, seats)), 48, seats, 20)
    surface = pygame.Surface((1024, 640))

    def tags(positions: list[int]) -> dict[int, tuple[int, int]]:
        """Where each name lay against its card's centre, with ``positions`` played."""
        area.draw_cards(surface, theme, sprites, list(zip(positions, cards, strict=False)), None)
        return {
            position: (tag.centerx - area.card_rect(position, sprites).centerx, tag.centery - area.card_rect(position, sprites).centery)
            for position, tag in zip(positions, area.label_boxes, strict=True)
        }

    full = tags(list(range(seats)))
    for played in ([0, 1, 2], [seats - 1, 0], [3, 2, 1, 0], [1, 3, 4]):
        assert {position: full[position] for position in played} == tags(played), played


def test_eight_cards_are_as_large_as_the_rows_allow() -> None:
    """Eight cards lie in two rows of three and the side seats' cards beyond the rows'
    ends: about five and a quarter cards wide, so at 1024x640 the middle of the table
    holds cards wide enough for their corners to read."""
    w, h = SPRITES.size(48)
    width, height = TrickArea.size_for((w, h), 20, 8)
    assert width <= 5.3 * w and height <= 2 * h + 2 * 20 + 0.1 * w


@pytest.mark.parametrize("seats", range(2, 9))
def test_who_takes_the_trick_is_said_at_every_player_count_clear_of_cards_indices_and_names(seats: int) -> None:
    """With eight players only the winner's tag turning gold said who took the trick:
    a tag is a card wide there, too narrow for "Ada takes it". What the tag cannot
    say, a caption beside the trick says, on no card, corner index or name."""
    for winner in range(seats):
        area, _ = drawn(seats, winner, last=False)
        said = takes_it(NAMES[winner])
        assert said in (*area.label_words, area.caption_words), (seats, NAMES[winner])
        if area.caption_words:
            assert area.caption_box.collidelist([*area.drawn, *area.indices, *area.label_boxes]) == -1, (seats, said)
            assert area.caption_box.colliderect(area.rect.inflate(0, area.caption_box.height * 4)), "beside the trick"


@pytest.mark.parametrize("last", [False, True])
def test_a_caption_off_the_middle_lies_by_the_winner_s_card(last: bool) -> None:
    """Seen with six players: "Elsa takes it" lay at the top of the trick, by other
    cards, with Elsa's card low in it. Where the middle is taken, the caption goes to
    the free spot nearest the winning card: among the three cards nearest it (it lay
    by the eighth nearest before)."""
    for seats in range(2, 9):
        for winner in range(seats):
            area, _ = drawn(seats, winner, last)
            box = area.caption_box
            if not area.caption_words or box.center == area.rect.center:
                continue
            nearest = sorted(range(seats), key=lambda position: math.dist(box.center, area.drawn[position].center))
            assert winner in nearest[:3], (seats, winner, last)


@pytest.mark.parametrize("last", [False, True])
def test_the_winner_s_frame_turns_with_its_card(last: bool) -> None:
    """Seen in a play-through: the gold frame stood upright on a turned card, so a
    corner of the card stuck out of it and the frame ran across the corner index. It
    turns with the card: every pixel of it lies on the turned card's edge."""
    pygame.init()
    theme, sprites = Theme((1280, 800)), CardSprites(CardArt())
    w, h = sprites.size(70)
    # The frame's width, and a pixel of the turn's smoothing.
    band = max(2, theme.px(3)) + 1.25
    for winner in range(4):
        area = TrickArea(names=dict(list(NAMES.items())[:4]))
        area.layout(pygame.Rect((200, 100), TrickArea.size_for((w, h), 20, 4)), 70, 4, 20)
        # Plain red cards: nothing on them is the frame's gold.
        plays = list(zip(range(4), parse_cards("2H 3H 4H 5H"), strict=True))
        surface = pygame.Surface((1280, 800))
        if last:
            area.draw_again(surface, theme, sprites, plays, winner, "Last trick")
        else:
            area.draw_cards(surface, theme, sprites, plays, winner)
        card = area.drawn[winner]
        turn = math.radians(area.tilt(winner))
        worst = 0.0
        assert turn, "the card is turned"
        for x in range(card.left - 10, card.right + 10):
            for y in range(card.top - 10, card.bottom + 10):
                if sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], ACCENT)) > 40:
                    continue
                if pygame.Rect(x, y, 1, 1).collidelist([*area.label_boxes, area.caption_box]) >= 0:
                    continue  # the winner's gold tag or caption
                # Where the pixel lies on the card turned upright again.
                dx, dy = x - card.centerx, y - card.centery
                ux = dx * math.cos(turn) - dy * math.sin(turn)
                uy = dx * math.sin(turn) + dy * math.cos(turn)
                off_edge = min(abs(abs(ux) - w / 2), abs(abs(uy) - h / 2))
                worst = max(worst, off_edge)
        assert worst <= band, (winner, worst)


@pytest.mark.parametrize("seats", [4, 6])
def test_the_last_trick_s_ground_takes_in_its_cards_names_and_caption(seats: int) -> None:
    """Seen in a play-through: the side seats' cards hung over the last trick's darker
    ground, a side seat's name lay out on the felt and the caption across its edge."""
    for winner in range(seats):
        area, _ = drawn(seats, winner, last=True)
        for rect in [*area.drawn, *area.label_boxes, area.caption_box]:
            assert area.ground_box.contains(rect), (seats, winner, rect, area.ground_box)
