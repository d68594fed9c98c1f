"""The Spinado table: three to five seats around an oval, the four running sequences
in the middle with the three pots and the dead hand beside them, every player's
chips as a stack on their plate, your hand along the bottom.

What a player should never miss is drawn big: a sequence that stops gets a callout
saying why and who starts the next one, and a "Stop" sign on the board; antes, pots
won and the spinado's penalty move chips across the table; the dead hand is turned up
when a hand ends. When you hold the spinado, a button beside your hand (or the S key)
adds it to the card you play.

The layout keeps its own picture of the table (cards in each hand, chips, the board),
moved along event by event as the animations play, and replaced by the seat's view
whenever the match settles, so the two never drift apart. Undo needs no guard here:
every decision in Spinado is made looking at your own hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.rules.base import Action, CardPlayed, Event, GameView, HandDealt, RoundScored
from cardtable_gui.rules.spinado import (
    DECK,
    POTS,
    SPINADO,
    AntePaid,
    DeadHandRevealed,
    HandWon,
    Play,
    Pot,
    PotWon,
    SequenceStopped,
    SpinadoPenalty,
    SpinadoPlayed,
    SpinadoView,
    StopReason,
    hand_order,
    next_in_run,
)
from cardtable_gui.scenes.table.banner import Banner
from cardtable_gui.scenes.table.board_block import BoardBlock
from cardtable_gui.scenes.table.bubbles import Anchor, Bubbles
from cardtable_gui.scenes.table.card_sprites import INDEX_SHARE
from cardtable_gui.scenes.table.chips import ChipMover, ChipStack, body_size
from cardtable_gui.scenes.table.footprint import KEEP_CLEAR, Footprint, Kind
from cardtable_gui.scenes.table.game_over import ScoreSheet
from cardtable_gui.scenes.table.hand_fan import HandFan
from cardtable_gui.scenes.table.hand_play import ENDS, PICK_AND_PLAY, HandPlay, with_pick
from cardtable_gui.scenes.table.keys_line import HAND_BAND, HINT, KeysLine, beside_keys
from cardtable_gui.scenes.table.layouts.base import GameLayout, hand_card_rects, shown
from cardtable_gui.scenes.table.layouts.spinado_board import DeadHandTile, PotTile, SequenceBoard, dead_hint
from cardtable_gui.scenes.table.note_place import first_clear, place_in, widest_clear
from cardtable_gui.scenes.table.oval import fan_outline, place_seats, ring_sizes, seat_spots
from cardtable_gui.scenes.table.pace import Beat
from cardtable_gui.scenes.table.play_log import PlayLog
from cardtable_gui.scenes.table.reveal import Reveal
from cardtable_gui.scenes.table.score_panel import ScorePanel, ScoreRow, leaders
from cardtable_gui.scenes.table.seat_panel import SeatPanel
from cardtable_gui.scenes.table.summary import SummaryTable, TotalLine
from cardtable_gui.scenes.table.trick_area import NAME_BACKING
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.widgets import Button

if TYPE_CHECKING:
    from cardtable_gui.scenes.table.port import TablePort

DEAL_STAGGER = 0.02
DEAL_FLIGHT = 0.24
PLAY_FLIGHT = 0.3
ANTE_FLIGHT = 0.3
POT_FLIGHT = 0.55
BOARD_CARD_SHARE = 0.8
SMALLEST_REVEAL = 0.6
"""The dead hand's cards may be turned up this much smaller than the board's, to find free room."""
"""The board's cards are at most this share of the hand's: the hand stays the eye's first
stop (the board shows only their corners, so they may come near its size)."""
DEAD = -1
"""The dead hand, where a seat number would go in the order cards are dealt."""

POT_HINTS = {
    Pot.MATRIMONY: "K and Q of diamonds",
    Pot.INTRIGUE: "Q and J of diamonds",
    Pot.GAME: "First out of cards",
}
DEAD_UNSEEN = "Unseen"
DEAD_SHOWN = "Face up"
_PAIRS = {
    Pot.MATRIMONY: (Card.parse("KD"), Card.parse("QD")),
    Pot.INTRIGUE: (Card.parse("QD"), Card.parse("JD")),
}


NOT_THIS_HAND = "Not this hand"


def won_by(name: str) -> str:
    """A pot tile's line once the pot is taken."""
    return f"Won by {name}"


def played_the(name: str, card: Card) -> str:
    """A pot tile's line while half of its pair is down."""
    return f"{name} played the {card.rank.title}"


SPINADO_ADD = "S adds the spinado"
SPINADO_BACK = "S takes the spinado back"
"""The keys line's word for S, as the spinado's button stands."""
NO_ANTE = "no ante: won last hand"
"""Under the chips of the player the rules spare the ante (the last hand's winner)."""


def short_ante(paid: int) -> str:
    """Under the chips of a player who had fewer chips than the ante: the rules take
    all they have, a chip to each pot in order, and deal them in all the same."""
    return f"paid {paid} of {len(POTS)}: all they had"


def chips_text(amount: int) -> str:
    return "1 chip" if amount == 1 else f"{amount} chips"


def cards_text(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def signed(amount: int) -> str:
    """A change of chips: "+4", "-3", and "0" for none."""
    return f"{amount:+d}" if amount else "0"


def first_antes(view: SpinadoView) -> list[AntePaid]:
    """The antes of the first hand, paid inside the new game before any event: one
    chip to each pot from every player, or what they had."""
    antes = []
    for seat, chips in enumerate(view.chips_at_deal):
        if seat in view.sitting_out:
            continue
        paid = min(len(POTS), chips)
        antes.append(AntePaid(seat, (int(paid >= 1), int(paid >= 2), int(paid >= 3))))
    return antes


def stop_sentence(event: SequenceStopped, alongside: Card | None, starter: str) -> str:
    """The callout when a run stops: why, and who starts the next one."""
    card = event.card
    following = next_in_run(card)
    wanted = following.name if following is not None else "next card"
    why = {
        StopReason.KING: f"The {card.name} ends the run.",
        StopReason.ACE: f"The {card.name} ends the run: there are no 2s.",
        StopReason.OUT_OF_PACK: f"The {wanted} is not in the pack.",
        StopReason.ALREADY_PLAYED: f"The {wanted} was played earlier.",
        StopReason.DEAD_HAND: f"The {wanted} lies in the dead hand.",
        StopReason.SPINADO: "The spinado stops the run."
        if alongside is None
        else f"The spinado went down with the {alongside.name}.",
    }[event.reason]
    return f"Stop! {why} {starter} the next run."


@dataclass
class HandLedger:
    """The chips that moved in the hand under way, for its summary: each seat's
    antes, the pots won and the spinado's penalty, and who went out first."""

    antes: list[int]
    pots: list[PotWon] = field(default_factory=list)
    penalty: SpinadoPenalty | None = None
    winner: int | None = None


class SpinadoLayout(GameLayout):
    """Spinado at the table: see the module docstring."""

    def __init__(self, port: TablePort) -> None:
        super().__init__(port)
        self.sprites = port.sprites
        self.fan = HandFan(self.sprites)
        self.board = SequenceBoard()
        self.tiles = {pot: PotTile(pot.title, POT_HINTS[pot]) for pot in POTS}
        self.dead = DeadHandTile(hint=DEAD_UNSEEN)
        self.reveal = Reveal()
        self.banner = Banner()
        self.scores = ScorePanel(uneven=True)
        self.chips = ChipMover(port.animator)
        self.bubbles = Bubbles()
        self.log = PlayLog(port.paused)
        self.hand_play = HandPlay(self.fan, self.board, self._try_play, port.note_briefly)
        self.keys_line = KeysLine(hint=port.gives_hints)
        self.spinado_button = Button("Add the spinado (S)", self._toggle_spinado)
        spots = seat_spots(self.seat_count, pygame.Rect(0, 0, 400, 300))
        self.panels = [SeatPanel(spot.angle) for spot in spots]
        self.stacks = [ChipStack(show_count=False) for _ in range(self.seat_count)]
        self.size = (0, 0)
        self.view: SpinadoView | None = None
        self.pair_players: dict[Card, int] = {}
        """Who played each diamond of the pot pairs this hand, as the table has shown it
        so far: the view lags behind while the next hand's cards are still being dealt
        ("Bruno played the king" stood on from the hand before)."""
        self.counts = [0] * self.seat_count
        self.to_move: int | None = None
        self.dealer = 0
        self.hand_number = 1
        self.total_hands = 1
        self.sitting_out: tuple[int, ...] = ()
        self.chips_at_deal = [0] * self.seat_count
        self.alongside: Card | None = None
        self.spinado_offered = False
        self.with_spinado = False
        self.spinado_partners: frozenset[Card] = frozenset()
        """The cards the spinado may go down with this turn."""
        self.ledger = HandLedger([0] * self.seat_count)
        self.next_antes = [0] * self.seat_count
        self.card_width = 100
        self.small_width = 46
        self.hand_top = 0
        self.toolbar = pygame.Rect(0, 0, 0, 0)
        self._middle: tuple[object, tuple[int, str, pygame.Rect]] | None = None
        self.legend_box: pygame.Rect | None = None
        """Where the board's legend is drawn outside the board, when its caption fills
        the room the two share; None while the legend is on the board."""
        self._legend_key: object = None
        self.shows = {
            AntePaid: self._ante,
            HandDealt: self._deal,
            SpinadoPlayed: self._spinado_played,
            CardPlayed: self._card_played,
            SequenceStopped: self._stop,
            PotWon: self._pot_won,
            HandWon: self._hand_won,
            SpinadoPenalty: self._penalty,
            DeadHandRevealed: self._reveal,
            RoundScored: self._round_scored,
        }

    # -- geometry ----------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        t = self.theme
        gap = t.px(10)
        self._place_bottom(size)
        toolbar = self.toolbar = pygame.Rect(0, 0, self.port.toolbar_end() + gap, t.px(12) + t.px(38) + gap)
        banner_w = t.px(250)
        self.banner.layout(pygame.Rect(size[0] - t.px(14) - banner_w, t.px(12), banner_w, Banner.height_for(t, 1)))
        top_pieces = [toolbar, self.banner.rect.inflate(gap, gap)]
        area = self._place_seats(size, top_pieces)
        obstacles = list(top_pieces)
        for panel in self.panels[1:]:
            obstacles += [panel.plate.inflate(gap, gap), panel.cards_rect(self.sprites).inflate(gap, gap)]
        key = (area.topleft, area.size, tuple(map(tuple, obstacles)))
        if self._middle is None or self._middle[0] != key:
            widest = round(self.card_width * BOARD_CARD_SHARE)
            self._middle = (key, self._block().largest(area, obstacles, widest))
        self._place_middle(*self._middle[1])
        self._place_log(size)
        self._prepare_pictures()
        if self.banner.callout:
            self._place_callout()

    def _place_bottom(self, size: tuple[int, int]) -> None:
        """Your hand along the bottom, your plate at its left with the spinado's button
        above it, the chips of everyone at its right."""
        t = self.theme
        width, height = size
        margin, gap = t.px(14), t.px(10)
        base = min(height * 0.18 / 1.4, width * 0.09)
        # The hand band may take about a quarter of the window, whatever the card size.
        largest = height * 0.26 / 1.25 / 1.4
        scale = self.port.card_scale()
        self.card_width = beside_keys(t, self.sprites, max(40, round(min(base * scale, max(base, largest)))))
        card_h = self.sprites.size(self.card_width)[1]
        plate_size, self.small_width = ring_sizes(t, self.seat_count, lines=2)
        plate_w, plate_h = plate_size
        beside = margin + plate_w + gap
        # The keys line runs under the hand, between your plate and the chips.
        above_keys = self.keys_line.place(t, beside, width - beside, height)
        self.hand_top = above_keys - round(card_h * HAND_BAND)
        mine = pygame.Rect(0, 0, plate_w, plate_h)
        mine.bottomleft = (margin, height - margin)
        self.panels[0].layout(mine, (width / 2, self.hand_top + card_h / 2), self.card_width)
        self.panels[0].show_cards = False
        self.scores.layout(pygame.Rect(0, 0, plate_w, self._scores_height()))
        self.scores.rect.bottomright = (width - margin, height - margin)
        button_h = t.px(38)
        self.spinado_button.rect = pygame.Rect(margin, mine.top - gap - button_h, plate_w, button_h)
        self.fan.layout(pygame.Rect(beside, self.hand_top, width - beside * 2, above_keys - self.hand_top), self.card_width)
        self.fan.spawn = (width / 2, height + card_h)

    def _place_seats(self, size: tuple[int, int], top_pieces: list[pygame.Rect]) -> pygame.Rect:
        """The other seats around the oval above your hand; returns the oval's area.
        The seats reach up beside the toolbar and the banner when they stay clear of
        both (the top seats then leave the middle more room), else they start below."""
        t = self.theme
        width = size[0]
        margin, gap = t.px(14), t.px(10)
        plate_size, _ = ring_sizes(t, self.seat_count, lines=2)
        small = self.sprites.size(self.small_width)
        # A card of the hand rises when playable, pointed at, hinted and chosen: the
        # board stays clear of it even then.
        bottom = min(self.hand_top - self.fan.reach(), self.scores.rect.top, self.spinado_button.rect.top) - gap
        for top in (margin, t.px(12) + t.px(38) + gap):
            area = pygame.Rect(margin, top, width - margin * 2, bottom - top)
            places = place_seats(self.seat_count, area, plate_size, small)
            plates_clear = all(place.plate.collidelist(top_pieces) == -1 for place in places[1:])
            fans_clear = not any(
                piece.collidepoint(point)
                for place in places[1:]
                for point in fan_outline(place.cards_center, small, place.angle, 12, 12)
                for piece in top_pieces
            )
            if plates_clear and fans_clear:
                break
        for position in range(1, self.seat_count):
            place = places[position]
            self.panels[position].layout(place.plate, place.cards_center, self.small_width)
        radius = t.px(8)
        body_w, _ = body_size(radius)
        for seat, stack in enumerate(self.stacks):
            plate = self.panels[self.position_of(seat)].plate
            stack.layout((plate.right - t.px(10) - body_w // 2, plate.bottom - t.px(8)), radius)
        return area

    def _block(self) -> BoardBlock:
        """The board, the dead hand's tile and the pots' as one block."""
        t = self.theme
        return BoardBlock(lambda width: SequenceBoard.size_for(self.sprites.size(width), t), self._tile_size(), t)

    def _place_middle(self, board_card: int, arrangement: str, block: pygame.Rect) -> None:
        t = self.theme
        board, rects = self._block().arrange(arrangement, block, board_card)
        self.board.layout(board, board_card, t)
        self.dead.layout(rects[0], t, self.sprites)
        for tile, rect in zip(self.tiles.values(), rects[1:], strict=True):
            tile.layout(rect, t)
        self.banner.middle = board.center
        if self.reveal.visible:
            self._place_reveal()

    def _place_reveal(self) -> None:
        """The dead hand turns up as near the board as it can in free space, clear of
        the board, the plates, every card still held, the log and the top bar: its
        cards as far apart as the free room allows, closer together when room is short,
        then smaller (down to ``SMALLEST_REVEAL`` of the board's), each corner index in
        sight. The widest panel that finds a free place is taken, wherever it is: the
        nearest place favoured a narrow panel, whose cards overlapped with room to
        spare. The hand is over when it shows: no card will rise or be dealt into the
        room kept for that while playing (kept clear, it left the reveal no free place
        but on your plate)."""
        t = self.theme
        count = len(DECK) - self.seat_count * (len(DECK) // (self.seat_count + 1))
        full = self.board.card_width

        def card_for(width: int) -> int:
            return Reveal.card_width_for(width, count, t, full)

        def sized(width: int) -> tuple[int, int]:
            widest, height = Reveal.size_for(self.sprites.size(card_for(width)), count, t)
            return min(widest, width), height

        widest = Reveal.size_for(self.sprites.size(full), count, t)
        natural = pygame.Rect((0, 0), widest)
        natural.center = self.board.rect.center
        on_the_table = Footprint(pygame.Rect((0, 0), self.size))
        self._report_table(on_the_table)
        on_the_table.add(Kind.CONTROL, self.toolbar, "toolbar")
        # The words under a greyed Undo ("hand over") hang below the bar: the reveal lay on them.
        on_the_table.add_all(Kind.TEXT, self.port.toolbar(), "toolbar and its words")
        # The board's size first: smaller cards only when those find no free place.
        for smallest in (1.0, SMALLEST_REVEAL):
            narrowest = Reveal.size_for(self.sprites.size(round(full * smallest)), count, t, INDEX_SHARE[0])[0]
            widths = range(widest[0], narrowest - 1, -t.px(12))
            found = widest_clear(on_the_table, natural, sized, widths, t.px(12))
            if found is not None:
                break
        width, box = found or place_in(on_the_table, natural, sized, widths, t.px(12))
        self.reveal.layout(box, card_for(width), t)

    def _place_log(self, size: tuple[int, int]) -> None:
        """The log of the last plays: right of the board and its tiles, under whatever
        seat sits there, above the chips' panel; its own place, so it never covers a
        card, a plate or the board."""
        t = self.theme
        gap = t.px(10)
        left = max(self.board.rect.right, *(tile.rect.right for tile in self.tiles.values()), self.dead.rect.right) + gap
        above = [self.banner.rect]
        for panel in self.panels[1:]:
            above += [panel.plate, panel.cards_rect(self.sprites)]
        self.log.place_column(t, left, self.size[0] - t.px(14), self.scores.rect.top - gap, above)

    def _tile_size(self) -> tuple[int, int]:
        """Every tile as wide as the longest line any of them can show, with these
        players' names ("Player 2 played the queen" was cut), up to a limit past which
        a very long name is shrunk instead."""
        t = self.theme
        names = [self.port.seat_name(seat) for seat in range(self.seat_count)]
        said = [won_by(name) for name in names]
        said += [played_the(name, card) for name in names for pair in _PAIRS.values() for card in pair]
        longest = max(said, key=lambda text: t.font(t.text_px(15)).size(text)[0])
        fitted, _ = t.fit(longest, t.text_px(15), t.px(300), floor=t.text_px(15))
        fixed = [*POT_HINTS.values(), NOT_THIS_HAND, *(dead_hint(40, hint) for hint in (DEAD_UNSEEN, DEAD_SHOWN))]
        return PotTile.size_for(t, [*fixed, fitted])

    def _prepare_pictures(self) -> None:
        """Every picture this table can show at its sizes: backs, the hand (those held
        now first), then the board's faces."""
        self.sprites.prepare([
            (None, self.small_width),
            (None, self.card_width),
            *((card, self.card_width) for card in dict.fromkeys([*self.fan.cards, *DECK])),
            *((card, self.board.card_width) for card in DECK),
        ])

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        """Where a seat's cards gather; the deal starts from the dealer's."""
        panel = self.panels[self.position_of(seat)]
        if self.position_of(seat) == 0:
            return (self.size[0] / 2, self.hand_top + self.sprites.size(self.card_width)[1] / 2)
        return panel.cards_center

    def message_anchor(self) -> tuple[int, int]:
        return (self.fan.area.centerx, self.hand_top - self.theme.px(12))

    def report(self, footprint: Footprint) -> None:
        self._report_table(footprint)
        if self.reveal.visible:
            footprint.add(Kind.CARD, self.reveal.rect, "dead hand turned up")
        footprint.add_all(Kind.NOTE, self.bubbles.drawn.values(), "bubble")
        if self.banner.callout:
            # Where it is put, not where it was last drawn: a tip that comes with it
            # (the stop's own) is placed before the next frame draws it.
            footprint.add(Kind.NOTE, self.banner.callout_place or self.banner.callout_box, "callout")

    def _report_table(self, footprint: Footprint) -> None:
        """What stays on the table between notes: the board and its pots, the hands,
        the plates, the words and the log."""
        footprint.add(Kind.BOARD, self.board.rect, "board")
        footprint.add_all(Kind.BOARD, (tile.rect for tile in self.tiles.values()), "pot")
        footprint.add(Kind.CARD, self.dead.rect, "dead hand")
        footprint.add(Kind.TEXT, self.banner.rect, "banner")
        footprint.add(Kind.TEXT, self.scores.rect, "scores")
        if self.fan.slots:
            footprint.add(Kind.CARD, self.fan.room(), "hand")
        self.keys_line.report(self.theme, footprint)
        for position, panel in enumerate(self.panels):
            footprint.add(Kind.TEXT, panel.plate, f"plate {position}")
            if panel.show_cards and panel.card_count:
                footprint.add(Kind.CARD, panel.cards_rect(self.sprites), f"cards {position}")
        if self.spinado_offered:
            footprint.add(Kind.CONTROL, self.spinado_button.rect, "spinado button")
        if self.log.visible:
            footprint.add(Kind.LOG, self.log.rect, "log")
        if self.legend_box is not None:
            footprint.add(Kind.TEXT, self.legend_box, "legend")

    def _surroundings(self) -> Footprint:
        """What a callout, the dead hand's reveal or a bubble is placed around: the
        table without its passing notes, the toolbar, the room a card of the hand rises
        into and the room of every seat's fan of backs (before it is dealt, too)."""
        footprint = Footprint(pygame.Rect((0, 0), self.size))
        self._report_table(footprint)
        footprint.add(Kind.CONTROL, self.toolbar, "toolbar")
        footprint.add(Kind.CARD, self.fan.room(), "hand raised")
        footprint.add_all(Kind.CARD, (panel.cards_rect(self.sprites) for panel in self.panels[1:]), "room for cards")
        if self.reveal.visible:
            footprint.add(Kind.CARD, self.reveal.rect, "dead hand turned up")
        return footprint

    def area_rect(self, name: str) -> pygame.Rect | None:
        pots = [tile.rect for tile in self.tiles.values()]
        areas = {
            "hand": self.fan.bounds() if self.fan.slots else None,
            "board": self.board.rect,
            "trick": self.board.rect,
            "dead": self.dead.rect,
            "pots": pots[0].unionall(pots[1:]) if pots else None,
            "banner": self.banner.rect,
            "scores": self.scores.rect,
            "log": self.log.rect if self.log.visible else None,
            "spinado": self.spinado_button.rect if self.spinado_offered else None,
        }
        return shown(areas.get(name))

    def card_rects(self, card: Card) -> list[pygame.Rect]:
        rects = hand_card_rects(self.fan, card)
        if card in self.board.played:
            rects.append(self.board.place_rect(card, self.sprites, self.theme))
        return rects

    # -- the picture of the table --------------------------------------------------------

    def forget(self, view: GameView) -> None:
        self.chips.clear()
        self._quiet()
        self.reveal.hide()
        self.board.stopped = None
        self.alongside = None
        self._rebuild_ledger(cast(SpinadoView, view))

    def _rebuild_ledger(self, view: SpinadoView) -> None:
        """What the hand under way has moved so far, read from the game's events (a
        table opened on a saved game, or after an undo)."""
        self.ledger = HandLedger([0] * self.seat_count)
        self.next_antes = [0] * self.seat_count
        self.log.clear()
        if view.hand_number == 1:
            for ante in first_antes(view):
                self.ledger.antes[ante.seat] += sum(ante.amounts)
        for event in self.port.match.game_events():
            self._account(event)
            self._tell(event)

    def sync(self, view: GameView) -> None:
        spinado = cast(SpinadoView, view)
        self.view = spinado
        self.counts = list(spinado.hand_counts)
        self.to_move = spinado.to_move
        self.dealer = spinado.dealer
        self.hand_number = spinado.hand_number
        self.total_hands = spinado.total_hands
        self.sitting_out = spinado.sitting_out
        self.chips_at_deal = list(spinado.chips_at_deal)
        for seat, stack in enumerate(self.stacks):
            stack.count = spinado.chips[seat]
        for pot, tile in self.tiles.items():
            tile.stack.count = spinado.pot(pot)
        self.dead.face_up = self.reveal.visible
        self.dead.pile.count = len(self.reveal.cards) if self.reveal.visible else spinado.dead_count
        self.board.played = {card for _, card in spinado.plays}
        self.pair_players = {card: seat for seat, card in spinado.pair_cards_played}
        self.board.dead = set(spinado.known_dead)
        self.board.running = spinado.last_card
        if spinado.seat == self.bottom:
            self.fan.set_hand(sorted(spinado.hand, key=hand_order), keep_order=True)
        else:
            self.fan.set_hand((), hidden=spinado.hand_counts[self.bottom])

    # -- events --------------------------------------------------------------------------

    def _account(self, event: Event) -> None:
        """Keep the hand's ledger (no drawing: also used to rebuild it)."""
        if isinstance(event, AntePaid):
            self.next_antes[event.seat] += sum(event.amounts)
        elif isinstance(event, HandDealt):
            self.ledger = HandLedger(self.next_antes)
            self.next_antes = [0] * self.seat_count
        elif isinstance(event, PotWon):
            self.ledger.pots.append(event)
        elif isinstance(event, SpinadoPenalty):
            self.ledger.penalty = event
        elif isinstance(event, HandWon):
            self.ledger.winner = event.seat

    def _log_line(self, event: Event) -> str | None:
        """The log's line for ``event``: the plays, the stops and the chips won or paid."""
        name = self.port.seat_name
        if isinstance(event, SpinadoPlayed):
            with_card = f" with the {event.alongside.name}" if event.alongside is not None else ""
            return f"{name(event.seat)}: the spinado{with_card}"
        if isinstance(event, CardPlayed):
            return f"{name(event.seat)}: {event.card.name}"
        if isinstance(event, SequenceStopped):
            return f"Stop! {self._who(event.seat, 'start', 'starts')} the next run"
        if isinstance(event, PotWon):
            return f"{name(event.seat)} won {event.pot.title}: +{event.amount}"
        if isinstance(event, HandWon):
            return f"{self._who(event.seat, 'are', 'is')} out of cards"
        if isinstance(event, SpinadoPenalty):
            return f"{name(event.seat)} paid {event.amount} for the spinado"
        return None

    def beat(self, event: Event) -> Beat | None:
        """A stop reads longer than a card; chips changing hands too; the dead hand
        turned up longest, on its own before the summary opens."""
        if isinstance(event, SequenceStopped):
            return Beat.STOP
        if isinstance(event, PotWon | HandWon | SpinadoPenalty):
            return Beat.WIN
        if isinstance(event, DeadHandRevealed):
            return Beat.REVEAL
        return super().beat(event)

    def on_event(self, event: Event) -> None:
        self._account(event)
        super().on_event(event)
        # The log says what the table shows: a play's line once its card has landed.
        self.port.animator.after_landing(lambda: self._tell(event))

    def _tell(self, event: Event) -> None:
        """Log ``event``. The spinado played with a card comes after that card's own
        event, and its line says the card too: it replaces the card's line, which read
        as the card played twice."""
        line = self._log_line(event)
        if isinstance(event, SpinadoPlayed) and event.alongside is not None and line is not None:
            self.log.restate(line)
        else:
            self.log.tell(event, line)

    def _is_me(self, seat: int) -> bool:
        """Whether ``seat`` is the one person looking at the table. At a shared
        screen everyone is named: "you" could be read by anyone."""
        return seat == self.bottom and self.port.match.is_human(seat) and not self.port.pass_and_play

    def _who(self, seat: int, you: str, they: str) -> str:
        """"You are" or "Ben is": the seat named as the person at the bottom reads it."""
        return f"You {you}" if self._is_me(seat) else f"{self.port.seat_name(seat)} {they}"

    def _ante(self, event: AntePaid) -> None:
        for index, (pot, amount) in enumerate(zip(POTS, event.amounts, strict=True)):
            self.chips.send(self.stacks[event.seat], self.tiles[pot].stack, amount, ANTE_FLIGHT, delay=index * 0.06)
        self.port.play_sound("play")

    def _deal(self, event: HandDealt) -> None:
        self.dealer = event.dealer
        self.hand_number = event.round_number
        self.sitting_out = tuple(seat for seat, count in enumerate(event.counts) if count == 0)
        self.counts = [0] * self.seat_count
        self.board.played = set()
        self.board.dead = set()
        self.pair_players = {}
        self.board.running = self.board.stopped = None
        self.reveal.hide()
        self.dead.hint = DEAD_UNSEEN
        self.dead.face_up = False
        self.dead.pile.count = 0
        self.fan.set_hand((), hidden=0)
        # One card at a time from the dealer's left, the dead hand last in each round;
        # the dead hand takes what is left over.
        around = [(event.dealer + 1 + i) % self.seat_count for i in range(self.seat_count)]
        order = [seat for seat in around if event.counts[seat]]
        each = event.counts[order[0]] if order else 0
        dead = len(DECK) - sum(event.counts)
        deal = [*([*order, DEAD] * each), *([DEAD] * (dead - each))]
        self.to_move = order[0] if order else None
        start = self.seat_anchor(event.dealer)
        self.port.play_sound("shuffle")
        for number, seat in enumerate(deal):
            target, angle = self._deal_target(seat)
            self.port.animator.fly(
                None, start, target, self.small_width if seat != self.bottom else self.card_width, DEAL_FLIGHT,
                delay=0.25 + number * DEAL_STAGGER, on_done=lambda s=seat, n=number: self._dealt_one(s, n),
                angles=(0.0, angle),
            )
        self.port.animator.wait(0.25 + len(deal) * DEAL_STAGGER + DEAL_FLIGHT, on_done=self._look_at_hand)

    def _look_at_hand(self) -> None:
        """The deal is done: your new cards turn face up. A hand may be played out by
        the others without you ever moving, so this cannot wait for your turn."""
        view = cast(SpinadoView, self.port.match.view_for(self.port.viewer()))
        if view.seat == self.bottom and view.hand:
            self.fan.set_hand(sorted(view.hand, key=hand_order), keep_order=True)

    def _deal_target(self, seat: int) -> tuple[tuple[float, float], float]:
        if seat == DEAD:
            return self.dead.pile.top_center, 0.0
        panel = self.panels[self.position_of(seat)]
        return panel.cards_center, (panel.angle if seat != self.bottom else 0.0)

    def _dealt_one(self, seat: int, number: int) -> None:
        if seat == DEAD:
            self.dead.pile.count += 1
        else:
            self.counts[seat] += 1
            if seat == self.bottom:
                self.fan.set_hand((), hidden=self.counts[seat])
        if number % 4 == 0:
            self.port.play_sound("deal")

    def _spinado_played(self, event: SpinadoPlayed) -> None:
        self.alongside = event.alongside
        self.bubbles.say(event.seat, "Spinado!")
        self._play(event.seat, event.card)

    def _card_played(self, event: CardPlayed) -> None:
        self.alongside = None
        self._play(event.seat, event.card)

    def _play(self, seat: int, card: Card) -> None:
        position = self.position_of(seat)
        start = self.card_leaves(seat, card, self.panels[position].cards_center)
        self.to_move = None
        self.board.stopped = None
        self.port.play_sound("play")
        angle = self.panels[position].angle if position else 0.0
        self.port.animator.fly(
            card, start, self.board.slot(card, self.sprites), self.board.card_width, PLAY_FLIGHT,
            on_done=lambda: self._landed(seat, card), angles=(angle, 0.0),
        )

    def _landed(self, seat: int, card: Card) -> None:
        """The card is on the board: only now has its player one card fewer."""
        self.counts[seat] = max(0, self.counts[seat] - 1)
        self.board.played.add(card)
        if any(card in pair for pair in _PAIRS.values()):
            self.pair_players[card] = seat
        if card != SPINADO:
            self.board.running = card

    def _stop(self, event: SequenceStopped) -> None:
        self.board.running = None
        alongside = self.alongside if event.reason is StopReason.SPINADO else None
        self.board.stopped = alongside or event.card
        if event.reason is StopReason.DEAD_HAND:
            following = next_in_run(event.card)
            if following is not None:
                self.board.dead.add(following)
        self.to_move = event.seat
        starter = self._who(event.seat, "start", "starts")
        self._announce(stop_sentence(event, alongside, starter), self.port.reading_time(Beat.STOP))
        self.alongside = None

    def _announce(self, text: str, seconds: float) -> None:
        """A callout for a moment, placed clear of the board and everyone's cards."""
        self.banner.announce(text, seconds)
        self._place_callout()

    def _place_callout(self) -> None:
        """The callout goes as near the board as it can without hiding a card, the
        board, a pot, the log, a button or a note the table shows (a tip, the hint, a
        refused move's reason), over as little of the plates as it can."""
        around = self._surroundings()
        around.add_all(Kind.NOTE, self.port.note_boxes(), "the table's note")
        self.banner.place_callout(self.theme, around, self.board.rect.center)

    def _pot_won(self, event: PotWon) -> None:
        tile = self.tiles[event.pot]
        self.chips.send(tile.stack, self.stacks[event.seat], event.amount, POT_FLIGHT, stagger=0.05)
        self.bubbles.say(event.seat, f"{event.pot.title}! +{event.amount}")
        self.port.play_sound("trick")
        if event.pot is not Pot.GAME:
            taken = f"{self._who(event.seat, 'take', 'takes')} the {event.pot.title} pot: {chips_text(event.amount)}."
            self._announce(taken, self.port.reading_time(Beat.WIN))

    def _hand_won(self, event: HandWon) -> None:
        self.to_move = None
        self.board.running = None
        wins = "win" if self._is_me(event.seat) else "wins"
        self._announce(f"{self._who(event.seat, 'are', 'is')} out of cards and {wins} the hand!", self.port.reading_time(Beat.WIN))

    def _reveal(self, event: DeadHandRevealed) -> None:
        """The dead hand leaves its tile and turns face up over the board."""
        # Its cards are over the board now; the tile still says how many there are.
        self.dead.face_up = True
        self.dead.pile.count = len(event.cards)
        self.dead.hint = DEAD_SHOWN
        self._place_reveal()
        self.reveal.show(event.cards, "The dead hand", self.port.animator)

    def _penalty(self, event: SpinadoPenalty) -> None:
        self.chips.send(self.stacks[event.seat], self.stacks[event.winner], event.amount, POT_FLIGHT, delay=0.1, stagger=0.05)
        self.bubbles.say(event.seat, f"Caught with the spinado: -{event.amount}")
        self._announce(
            f"{self._who(event.seat, 'were', 'was')} left holding the spinado with {cards_text(event.cards)} "
            f"and {'pay' if self._is_me(event.seat) else 'pays'} {chips_text(event.amount)}.",
            self.port.reading_time(Beat.WIN),
        )

    # -- the end of a hand ---------------------------------------------------------------

    def _round_scored(self, event: RoundScored) -> None:
        summary = self._summary(event)
        # The summary names the dead hand's cards: the reveal, seen in its own beat,
        # is put away rather than left half behind the summary.
        self.reveal.hide()
        self.port.show_summary(summary)
        self.chips_at_deal = list(event.totals)

    def _summary(self, scored: RoundScored) -> SummaryTable:
        ledger = self.ledger
        name = self.port.seat_name
        rows: list[tuple[str, ...]] = []
        notes: list[str] = []
        for seat in range(self.seat_count):
            won = [pot for pot in ledger.pots if pot.seat == seat]
            penalty = ledger.penalty
            spinado = "-"
            if penalty is not None and penalty.seat == seat:
                spinado = f"-{penalty.amount}"
            elif penalty is not None and penalty.winner == seat:
                spinado = f"+{penalty.amount}"
            if seat in self.sitting_out:
                rows.append((name(seat), "sitting out", "-", "-", "0"))
                continue
            rows.append((
                name(seat),
                f"-{ledger.antes[seat]}" if ledger.antes[seat] else "0",
                ", ".join(f"{pot.pot.title} +{pot.amount}" for pot in won) or "-",
                spinado,
                signed(scored.points[seat]),
            ))
        for seat in range(self.seat_count):
            # The "Ante" column's figures that are not the whole ante, said in words as
            # the chips panel says them.
            paid = ledger.antes[seat]
            if not self._ante_note(seat):
                continue
            if paid:
                had = "you" if self._is_me(seat) else "they"
                notes.append(f"{self._who(seat, 'paid', 'paid')} {paid} of the {len(POTS)} ante chips: all {had} had.")
            else:
                notes.append(f"{self._who(seat, 'paid', 'paid')} no ante for winning the hand before.")
        if ledger.winner is not None:
            notes.append(f"{name(ledger.winner)} went out first and took the Game pot.")
        taken = {pot.pot for pot in ledger.pots}
        for pot in (Pot.MATRIMONY, Pot.INTRIGUE):
            if pot not in taken and self.tiles[pot].stack.count:
                # Said of the game's last hand too, where no next hand takes them.
                left = "are left in it as the game ends" if self.port.match.is_over else "stay for the next hand"
                notes.append(f"Nobody won {pot.title}: its {chips_text(self.tiles[pot].stack.count)} {left}.")
        if ledger.penalty is not None:
            penalty = ledger.penalty
            notes.append(
                f"{self._who(penalty.seat, 'were', 'was')} caught with the spinado and {cards_text(penalty.cards)}: "
                f"{chips_text(penalty.amount)} to {name(penalty.winner)}."
            )
        if self.reveal.cards:
            notes.append(f"The dead hand held {' '.join(card.label for card in self.reveal.cards)}.")
        best = leaders(scored.totals)
        totals = tuple(
            TotalLine(name(seat), scored.totals[seat], seat in best)
            for seat in range(self.seat_count)
        )
        headers = ("Player", "Ante", "Pots won", "Spinado", "Change")
        return SummaryTable(f"Hand {self.hand_number} of {self.total_hands}", headers, tuple(rows), tuple(notes), totals)

    def score_sheet(self, events: Sequence[Event]) -> ScoreSheet | None:
        hands: list[tuple[int | None, RoundScored]] = []
        winner: int | None = None
        for event in events:
            if isinstance(event, HandWon):
                winner = event.seat
            elif isinstance(event, RoundScored):
                hands.append((winner, event))
                winner = None
        if not hands:
            return None
        t = self.theme
        column = max(t.px(60), (min(self.size[0] - t.px(40), t.px(900)) - t.px(48)) * 88 // 100 // (self.seat_count + 1) - t.px(8))
        name = self.port.seat_name
        groups = (("", 1), *((name(seat), 1) for seat in range(self.seat_count)))
        headers = ("Hand", "Out first", *("Chips",) * self.seat_count)
        rows = []
        for number, (out, scored) in enumerate(hands, start=1):
            first = t.fit(name(out), t.text_px(17), column)[0] if out is not None else "-"
            cells = [f"{total} ({signed(points)})" for total, points in zip(scored.totals, scored.points, strict=True)]
            rows.append((str(number), first, *cells))
        return ScoreSheet(groups, headers, tuple(rows))

    # -- the player's turn ---------------------------------------------------------------

    def _quiet(self) -> None:
        """Take the callout down (a skipped animation may leave one behind)."""
        self.banner.callout = ""
        self.banner.callout_left = 0.0

    def begin_turn(self, legal: list[Action]) -> None:
        self._quiet()
        plays = [action for action in legal if isinstance(action, Play)]
        self.fan.set_legal({play.card for play in plays}, True)
        self.spinado_partners = frozenset(play.card for play in plays if play.spinado)
        self.spinado_offered = bool(self.spinado_partners)
        self.with_spinado = False
        self._label_spinado()

    def end_turn(self) -> None:
        self.fan.set_legal((), False)
        self.board.caption = ""
        self.board.drop_ready = self.board.drop_hot = False
        self.spinado_partners = frozenset()
        self.spinado_offered = False
        self.with_spinado = False

    def show_hint(self, action: Action | None) -> None:
        super().show_hint(action)
        if isinstance(action, Play):
            self.fan.show_hint([action.card, SPINADO] if action.spinado else [action.card], pick=action.card)
        else:
            self.fan.show_hint([])

    def hint_area(self) -> pygame.Rect | None:
        """Left of the board, between the seats there and your plate: the board and
        the hand stay in sight. None (above the hand) when that space is too small."""
        t = self.theme
        gap = t.px(12)
        board, mine = self.board.rect, self.panels[0].plate
        left = [panel for panel in self.panels[1:] if panel.plate.right <= board.left]
        above = [panel.plate for panel in left] + [panel.cards_rect(self.sprites) for panel in left]
        top = max((rect.bottom for rect in above if rect.bottom < mine.top), default=board.top) + gap
        area = pygame.Rect(gap, top, board.left - gap * 2, mine.top - gap - top)
        return area if area.width >= t.px(240) and area.height >= t.px(140) else None

    def hint_rects(self) -> list[pygame.Rect]:
        """With the spinado, its button (the cards are outlined in the hand)."""
        if isinstance(self.hinted, Play) and self.hinted.spinado and self.spinado_offered:
            return [self.spinado_button.rect]
        return []

    def turn_prompt(self) -> str:
        view = cast(SpinadoView, self.port.match.view_for(None))
        doing = "start a run" if view.starting else "play"
        return f"It is your turn to {doing}. Make sure nobody else can see the screen."

    def opening_events(self, view: GameView) -> list[Event]:
        """The first hand's antes and deal. The table was drawn as the game stands,
        dealt and with the antes in the pots; it goes back to before both, so that
        they can be seen happen."""
        spinado = cast(SpinadoView, view)
        antes = first_antes(spinado)
        for ante in antes:
            self.stacks[ante.seat].count += sum(ante.amounts)
            for pot, amount in zip(POTS, ante.amounts, strict=True):
                self.tiles[pot].stack.count -= amount
        self.counts = [0] * self.seat_count
        self.dead.pile.count = 0
        self.fan.set_hand((), hidden=0)
        return [*antes, HandDealt(spinado.dealer, spinado.hand_counts, spinado.hand_number)]

    def confirm_question(self, action: Action) -> str | None:
        if isinstance(action, Play) and action.spinado:
            return f"Play the {action.card.name} with the spinado?"
        if isinstance(action, Play) and action.card == SPINADO:
            return "Play the spinado (the ace of diamonds) on its own?"
        return super().confirm_question(action)

    def keys_now(self) -> tuple[str, ...]:
        """The keys that work now, most useful first: the hand's and the spinado's
        while a card is to be played, none while others play."""
        if not self.fan.active:
            return ()
        spinado = (SPINADO_BACK if self.with_spinado else SPINADO_ADD,) if self.spinado_offered else ()
        return with_pick((*PICK_AND_PLAY, *spinado, HINT, ENDS), self.fan)

    def _toggle_spinado(self) -> None:
        if self.spinado_offered:
            self.with_spinado = not self.with_spinado
            if self.with_spinado:
                self._pick_spinado_partner()
            self._label_spinado()

    def _pick_spinado_partner(self) -> None:
        """With nothing picked, pick the card the spinado goes with where that is
        clear: the Hint's card, or the only one it may go with. A play-tester pressed S
        after the Hint, and the first Enter only picked the card the Hint had raised."""
        fan = self.fan
        if fan.selected_card is not None:
            return
        partners = self.spinado_partners
        if isinstance(self.hinted, Play) and self.hinted.card in partners:
            partner: Card | None = self.hinted.card
        else:
            partner = next(iter(partners)) if len(partners) == 1 else None
        if partner is not None:
            fan.select(fan.index_of(partner))

    def _label_spinado(self) -> None:
        """The button and the board's caption say whether the spinado goes too."""
        self.spinado_button.text = "Spinado goes too (S)" if self.with_spinado else "Add the spinado (S)"
        self.spinado_button.style = "primary" if self.with_spinado else "normal"
        need = self.board.needed
        doing = f"play the {need.name}" if need is not None else "start a run with any card"
        self.board.caption = f"Your turn: {doing}" + (", with the spinado" if self.with_spinado else "")

    def _try_play(self, card: Card) -> None:
        self.port.submit(Play(card, self.with_spinado))

    # -- input ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.spinado_offered and self.spinado_button.handle_event(event):
            return True
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_s
            and not event.mod & pygame.KMOD_CTRL
            and self.spinado_offered
        ):
            self._toggle_spinado()
            return True
        return self.hand_play.handle_event(event)

    # -- frame ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.update_seats(dt)
        self.keys_line.keys = self.keys_now()
        # The callout lasts as long as the pause the animator holds for it.
        self.banner.update(dt * self.port.animator.reading_speed())
        self._refresh()

    def _refresh(self) -> None:
        turn = "to start" if self.board.running is None else "to play"
        self.refresh_plates(self.panels, self.counts, self.to_move, self.dealer, self._plate_lines, turn)
        left = self.total_hands - self.hand_number
        self.banner.title = f"Hand {self.hand_number} of {self.total_hands}"
        if self.port.match.is_over:
            # A game can end before its last hand, when all but one are out of chips.
            self.banner.lines = ["The game is over"]
        else:
            self.banner.lines = ["The last hand" if left <= 0 else f"{left} more after this one"]
        chips = [stack.count for stack in self.stacks]
        best = leaders(chips)
        self.scores.title = "Chips"
        self.scores.rows = [
            ScoreRow(self.port.seat_name(seat), chips[seat], self._change(seat), seat in best, self._ante_note(seat))
            for seat in range(self.seat_count)
        ]
        if self.size != (0, 0) and self.scores.rect.height != self._scores_height():
            # A line saying why someone paid no ante came or went: the panel grows
            # or shrinks by it, and what stands above it makes room.
            self.layout(self.size)
        for pot, tile in self.tiles.items():
            tile.hint = self._pot_hint(pot)
        self._place_legend()

    def _place_legend(self) -> None:
        """When the caption leaves the legend no line on the board, the legend goes
        just under the board, else in the free space nearest it, covering nothing.
        When the table has no free space for it, it waits for the caption to go
        (after your turn)."""
        key = (tuple(self.board.rect), self.board.caption, self.size, self.reveal.visible, tuple(self.fan.room()))
        if key == self._legend_key:
            return
        self._legend_key = key
        self.legend_box = None
        t = self.theme
        if self.board.legend_inside(t, self.sprites):
            return
        natural = self.board.legend(t).rect.inflate(t.px(14), t.px(6))
        natural.midtop = (self.board.rect.centerx, self.board.rect.bottom + t.px(4))
        around = self._surroundings()
        _, spot = place_in(around, natural, lambda _width: natural.size, [natural.width], t.px(6))
        self.legend_box = spot if spot.collidelist(around.rects(KEEP_CLEAR)) < 0 else None

    def _plate_lines(self, seat: int) -> list[str]:
        if seat in self.sitting_out:
            return ["Sitting out", "No chips left"]
        return [chips_text(self.stacks[seat].count), cards_text(self.counts[seat])]

    def _ante_note(self, seat: int) -> str:
        """Why ``seat``'s ante this hand is not the whole of it, or "": the rules spare
        the winner of the hand before, and take all a player has when it is less than
        the ante (a bare "-1" said neither)."""
        if seat in self.sitting_out:
            return ""
        paid = self.ledger.antes[seat]
        if not paid:
            return NO_ANTE if self.hand_number > 1 else ""
        return short_ante(paid) if paid < len(POTS) else ""

    def _scores_height(self) -> int:
        lined = sum(1 for seat in range(self.seat_count) if self._ante_note(seat))
        return ScorePanel.height_for(self.theme, self.seat_count, lined=lined)

    def _change(self, seat: int) -> str:
        if seat in self.sitting_out:
            return "out"
        change = self.stacks[seat].count - self.chips_at_deal[seat]
        return signed(change) if change else ""

    def _pot_hint(self, pot: Pot) -> str:
        """What wins the pot, or how this hand stands toward it."""
        won = next((event for event in reversed(self.ledger.pots) if event.pot is pot), None)
        if won is not None:
            return won_by(self.port.seat_name(won.seat))
        pair = _PAIRS.get(pot)
        if pair is None:
            return POT_HINTS[pot]
        by = {card: self.pair_players.get(card) for card in pair}
        down = [(card, seat) for card, seat in by.items() if seat is not None]
        if len(down) == 2 and down[0][1] != down[1][1]:
            return NOT_THIS_HAND
        if any(card in self.board.dead for card in pair):
            # Seen in play: "You played the queen" stood on after the jack showed dead.
            return NOT_THIS_HAND
        if len(down) == 1:
            card, seat = down[0]
            return played_the(self.port.seat_name(seat), card)
        return POT_HINTS[pot]

    def play_log(self) -> PlayLog:
        return self.log

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.board.draw(surface, t, self.sprites)
        if self.legend_box is not None:
            legend = self.board.legend(t)
            t.draw_panel(surface, self.legend_box, radius=self.legend_box.height // 2, fill=NAME_BACKING, border=None, shadow=False)
            surface.blit(t.text(legend.text, legend.size, th.TEXT_DIM), legend.rect.move(self.legend_box.centerx - legend.rect.centerx, self.legend_box.centery - legend.rect.centery))
        self.dead.draw(surface, t, self.sprites)
        for tile in self.tiles.values():
            tile.draw(surface, t)
        self.reveal.draw(surface, t, self.sprites)
        self.scores.draw(surface, t)
        for position, panel in enumerate(self.panels):
            panel.draw(surface, t, self.sprites)
            seat = self.seat_at(position)
            if seat in self.sitting_out:
                t.draw_panel(surface, panel.plate, fill=(0, 0, 0, 110), border=None, shadow=False)
            else:
                self.stacks[seat].draw(surface, t)
        self.fan.draw(surface)
        self.keys_line.draw(surface, t)
        if self.spinado_offered:
            self.spinado_button.draw(surface, t)
            if self.with_spinado:
                self._draw_joined_spinado(surface)
        self.chips.draw(surface)
        self.log.draw(surface, t)
        self.bubbles.draw(surface, t, self._bubble_anchor, self.solid_rects())
        self.banner.draw(surface, t)

    def _draw_joined_spinado(self, surface: pygame.Surface) -> None:
        """The spinado in your hand outlined while it is set to go with your card."""
        index = self.fan.index_of(SPINADO)
        if index is None:
            return
        t = self.theme
        rect = self.fan.card_rect(index).inflate(t.px(6), t.px(6))
        pygame.draw.rect(surface, th.ACCENT, rect, max(2, t.px(3)), border_radius=t.px(10))

    def _bubble_anchor(self, seat: int) -> Anchor:
        """Over the seat's plate, or under it, or at its side: the first of these
        that hides no cards (a fan of backs stands above some plates), else the one
        that hides least."""
        return self.bubble_box(seat).center, True

    def bubble_box(self, seat: int) -> pygame.Rect:
        """Where the bubble of ``seat`` goes (see ``_bubble_anchor``)."""
        t = self.theme
        plate = self.panels[self.position_of(seat)].plate
        text = self.bubbles.shown.get(seat, ("", 0.0))[0]
        box = pygame.Rect((0, 0), Bubbles.box_size(t, text))
        gap = t.px(4)
        spots = (
            ("midbottom", (plate.centerx, plate.top - gap)),
            ("midtop", (plate.centerx, plate.bottom + gap)),
            ("midright", (plate.left - gap, plate.centery)),
            ("midleft", (plate.right + gap, plate.centery)),
        )
        screen = pygame.Rect((0, 0), self.size)

        def spot(handle: str, point: tuple[int, int]) -> pygame.Rect:
            candidate = box.copy()
            setattr(candidate, handle, point)
            return candidate.clamp(screen)

        return first_clear((spot(handle, point) for handle, point in spots), self._surroundings().rects())

