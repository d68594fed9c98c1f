"""The Spizzichino table: two players face to face, each with two face-up stacks.

Each round opens with the dealer laying out eight face-down piles in the middle. The
non-dealer picks, blind, two for the hand and two to stand face up, then the dealer
picks from the four left; a computer's picks are shown one at a time, the pile lit
before it moves. Once play starts each player's two stacks stand in front of them,
one to each side, with the top card readable, the depth showing and whose stack
it is written under it ("Your stack", "Ben's stack"). A
stack top is played like a hand card (drag, two clicks, or the keys); a 3, 2 or asso
on top has a Lift button under it. Declarations are shown with their cards, points
are told in thirds where thirds apply ("7 2/3"), and the last trick's point is called
out before the round's summary. Between two of the player's turns the other player may
choose piles, lift a card and lead; a log of the last plays, right of the stacks,
keeps each of them readable after it has gone by.

Like every layout, this one keeps its own picture of the table (cards in each hand,
the piles, the stacks, the trick), moves it along event by event as the animations
play, and replaces it with the seat's view whenever the match settles.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import pygame

from cardtable_gui.cards import Card, italian_deck
from cardtable_gui.grammar import owner, with_verb
from cardtable_gui.rules.base import Action, CardPlayed, Event, GameView, HandDealt, RoundScored, TrickWon
from cardtable_gui.rules.spizzichino import (
    HAND_PILES,
    LAST_TRICK_THIRDS,
    PILE_SIZE,
    PILES,
    STACKS,
    CardLifted,
    Declaration,
    DeclarationMade,
    LiftCard,
    Phase,
    PileChosen,
    PlayCard,
    RoundTally,
    SpizzichinoView,
    StackUncovered,
    StandPile,
    TakePile,
    hand_order,
    thirds,
)
from cardtable_gui.scenes.table.banner import Banner
from cardtable_gui.scenes.table.bubbles import Anchor, Bubbles
from cardtable_gui.scenes.table.face_up_stack import FaceUpStack
from cardtable_gui.scenes.table.footprint import Footprint, Kind
from cardtable_gui.scenes.table.game_over import ScoreSheet
from cardtable_gui.scenes.table.hand_fan import HandFan, reach_for
from cardtable_gui.scenes.table.hand_play import PLAY_IT, HandPlay, with_card_picked, with_pick
from cardtable_gui.scenes.table.keys_line import HAND_BAND, HINT, KeysLine
from cardtable_gui.scenes.table.known_cards import KnownCards
from cardtable_gui.scenes.table.last_trick import LastTrick
from cardtable_gui.scenes.table.layouts.base import GameLayout, hand_card_rects, report_trick, shown, trick_card_rects
from cardtable_gui.scenes.table.pace import Beat
from cardtable_gui.scenes.table.pile_choice import PileAction, PileChoice
from cardtable_gui.scenes.table.play_log import PlayLog
from cardtable_gui.scenes.table.score_panel import ScorePanel, ScoreRow, leaders
from cardtable_gui.scenes.table.seat_panel import SeatPanel, fan_extent, plate_height
from cardtable_gui.scenes.table.showcase import Showcase
from cardtable_gui.scenes.table.stack_pair import ENTER_KEYS, StackPair
from cardtable_gui.scenes.table.summary import SummaryTable, TotalLine
from cardtable_gui.scenes.table.trick_area import TrickArea
from cardtable_gui.ui.widgets import Button

if TYPE_CHECKING:
    from cardtable_gui.scenes.table.port import TablePort

SEATS = 2
DEAL_STAGGER = 0.02
DEAL_FLIGHT = 0.24
PICK_PAUSE = 0.45
"""How long a pile another player takes stays lit before it moves."""
PILE_FLIGHT = 0.32
PLAY_FLIGHT = 0.30
LIFT_FLIGHT = 0.30
LAST_TRICK_SECONDS = 1.8

PILE_KEYS_HINT = "Pick a pile by click, number or arrows, then"
PILE_KEYS = ("T to take it into your hand", "S to stand it face up")
"""The pile box's keys, each said only while its button is on: once both hand piles
were taken, the box still offered T (seen in play)."""
LIFT_KEY = "L lifts a 3, 2 or asso"
PLAY_KEYS = ("Left/Right or Enter pick a card", "Up/Down hand or stacks", PLAY_IT, LIFT_KEY, HINT)
"""The keys at a card to play, most useful first: a narrow window leaves out the last
ones whole rather than cutting one off half way. L is named only while a lift is
legal (``play_keys``)."""
PICK_A_PILE = "a number or the arrows pick a pile"
TAKE_KEY = "T takes it into your hand"
STAND_KEY = "S stands it face up"
"""The keys at a pile to choose: picking one, then what may be done with it now."""


def play_keys(legal: Sequence[Action]) -> tuple[str, ...]:
    """The keys at a card to play among ``legal``: L only when a stack's top may be
    lifted now, since pressing it otherwise only hears why not."""
    lifting = any(isinstance(action, LiftCard) for action in legal)
    return tuple(key for key in PLAY_KEYS if key != LIFT_KEY or lifting)


def thirds_text(count: int) -> str:
    """Thirds of a point as a player says them: "0", "1/3", "7", "7 2/3"."""
    whole, rest = divmod(count, 3)
    if not rest:
        return str(whole)
    return f"{whole} {rest}/3" if whole else f"{rest}/3"


def points_word(count: int) -> str:
    return "1 point" if count == 1 else f"{count} points"


def small_width_for(card_width: int) -> int:
    """The other player's face-down cards beside hand cards ``card_width`` wide."""
    return max(26, round(card_width * 0.48))


def table_width_for(card_width: int) -> int:
    """Cards on the cloth (the trick, the stacks, the piles) beside the hand's."""
    return max(30, round(card_width * 0.8))


class SpizzichinoLayout(GameLayout):
    """Spizzichino at the table: see the module docstring."""

    def __init__(self, port: TablePort) -> None:
        super().__init__(port)
        self.sprites = port.sprites
        self.fan = HandFan(self.sprites)
        self.panels = [SeatPanel(0.0), SeatPanel(180.0)]
        self.trick = TrickArea(seats=SEATS)
        self.piles: PileChoice[bool] = PileChoice(self._pile_chosen, port.say)
        self.stacks = [[FaceUpStack(rises=True) for _ in range(STACKS)] for _ in range(SEATS)]
        """Each seat's stacks, by seat (not by where the seat sits)."""
        self.lift_buttons = [Button("Lift to hand", lambda i=i: self._lift(i), style="primary") for i in range(STACKS)]
        for button in self.lift_buttons:
            button.visible = False
        self.last_trick = LastTrick()
        self.scores = ScorePanel()
        self.banner = Banner()
        self.bubbles = Bubbles()
        self.log = PlayLog(port.paused)
        self.hand_play = HandPlay(self.fan, self.trick, self._play_card, port.note_briefly)
        self.size = (0, 0)
        self.view: SpizzichinoView | None = None
        self.counts = [0] * SEATS
        self.tricks_won = [0] * SEATS
        self.thirds_won = [0] * SEATS
        self.declared = [0] * SEATS
        self.declarations: list[Declaration] = []
        self.known: list[list[Card]] = [[], []]
        self.totals = [0] * SEATS
        self.round_number = 1
        self.target = 51
        self.dealer = 0
        self.to_move: int | None = None
        self.pending_tally: RoundTally | None = None
        self.last_trick_seat: int | None = None
        """Who took the round's last trick, once it is called out (its point counts)."""
        self.showcase = Showcase()
        """A declaration being announced: its line and its cards."""
        self.legal: list[Action] = []
        self.playing = False
        """True while the bottom person may play a card or lift one."""
        self.play_keys: tuple[str, ...] = ()
        """The keys at the card to play this turn, before any is picked."""
        self.stack_pair = StackPair(self.fan, self.trick, self._play_card, {pygame.K_l: self._lift_key})
        self.keys_line = KeysLine(hint=port.gives_hints)
        self.card_width = 100
        self.small_width = 48
        self.table_width = 80
        self.hand_top = 0
        self.above_hand = 0
        """The highest a card of the hand may rise: your stacks and the log keep above it."""
        self.middle = pygame.Rect(0, 0, 0, 0)
        self.known_row = KnownCards()
        """The cards known to be in the other hand (see ``known``)."""
        self.shows = {
            HandDealt: self._deal,
            PileChosen: self._pile_taken,
            DeclarationMade: self._declared,
            CardLifted: self._lifted,
            StackUncovered: self._uncovered,
            CardPlayed: self._play,
            TrickWon: self._trick_won,
            RoundTally: self._last_trick,
            RoundScored: self._round_scored,
        }

    # -- geometry ----------------------------------------------------------------------

    @property
    def top_seat(self) -> int:
        return self.seat_at(1)

    def _sees_bottom_hand(self) -> bool:
        return self.view is not None and self.view.seat == self.bottom

    def _height_needed(self, card_width: int) -> int:
        """The window height the table needs with hand cards ``card_width`` wide."""
        t = self.theme
        card_h = self.sprites.size(card_width)[1]
        table_h = self.sprites.size(table_width_for(card_width))[1]
        small_h = self.sprites.size(small_width_for(card_width))[1]
        stack_h = self._stack_extent(table_width_for(card_width)).height
        trick_h = TrickArea.size_for((round(table_h / 1.4), table_h), t.px(26), SEATS)[1]
        middle = max(2 * stack_h + t.px(40), trick_h) + t.px(50) + t.px(18)
        top = t.px(14) + max(small_h, plate_height(t, 1)) + t.px(10)
        # The Lift buttons keep above the highest a chosen card rises; the keys line
        # runs under the hand.
        hand = round(card_h * HAND_BAND) + KeysLine.height_for(t)
        return top + middle + hand + max(0, reach_for(card_h) - t.px(10))

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        t = self.theme
        width, height = size
        margin, gap = t.px(14), t.px(10)
        base = min(height * 0.19 / 1.4, width * 0.095)
        plate_w, plate_h = t.px(184), plate_height(t, 1)
        # The keys line runs under the hand, from your plate to the window's edge (the
        # corner is free), centred under the hand while it fits: a lesson's narrow
        # table cut it short of "L lifts ..." between the plate and as much again.
        beside = margin + plate_w + gap
        above_keys = self.keys_line.place(t, beside, width - margin, height, width // 2)
        # Unlike the other tables' (``beside_keys``), the cards keep their size: the
        # middle keeps no line of keys above the hand, which pays for the line under it.
        wanted = max(40, round(base * self.port.card_scale()))
        # Larger cards than the height allows are not drawn, whatever the setting.
        self.card_width = wanted
        while self.card_width > 40 and self._height_needed(self.card_width) > height:
            self.card_width -= 2
        self.small_width, self.table_width = small_width_for(self.card_width), table_width_for(self.card_width)
        card_h = self.sprites.size(self.card_width)[1]
        small_h = self.sprites.size(self.small_width)[1]
        table_w, table_h = self.sprites.size(self.table_width)

        hand_h = round(card_h * HAND_BAND)
        self.hand_top = above_keys - hand_h
        self.fan.layout(pygame.Rect(beside, self.hand_top, width - beside * 2, hand_h), self.card_width)
        self.fan.spawn = (width / 2, height + card_h)
        me, them = self.panels
        me.layout(pygame.Rect(0, 0, plate_w, plate_h), (width / 2, self.hand_top + card_h / 2), self.card_width)
        me.plate.bottomleft = (margin, height - margin)
        me.show_cards = False
        # The other player's backs at the top middle, their plate just to the right.
        top_center = (width / 2, margin + small_h / 2)
        fan_w = fan_extent(self.sprites.size(self.small_width), 180.0)[0]
        them.layout(pygame.Rect(0, 0, plate_w, plate_h), top_center, self.small_width)
        score_w = t.px(290)
        self.scores.layout(pygame.Rect(width - margin - score_w, margin, score_w, ScorePanel.height_for(t, SEATS, lines=True)))
        plate_y = round(max(top_center[1], margin / 2 + plate_h / 2))
        them.plate.midleft = (round(width / 2 + fan_w / 2 + gap), plate_y)
        free_left = width / 2 - fan_w / 2 - gap
        if them.plate.right + gap > self.scores.rect.left:
            # A narrow table (a lesson keeps a column for its panel) has no room between
            # the backs and the scores: the plate goes to the backs' left instead.
            them.plate.midright = (round(free_left), plate_y)
            free_left = them.plate.left - gap

        self.last_trick.place_by_toolbar(t, self.port.toolbar_end(), free_left)

        band_top = max(margin + small_h, them.plate.bottom, self.last_trick.button.rect.bottom) + gap
        band_bottom = self.hand_top - gap
        self.middle = pygame.Rect(margin, band_top, width - 2 * margin, band_bottom - band_top)
        label_h = t.px(26)
        lift_h = t.px(40)
        # Your stacks and their Lift buttons keep above the highest a card may rise.
        self.above_hand = min(band_bottom, self.hand_top - self.fan.reach())
        # Each player's stacks stand in front of them: the other player's along the top
        # of the table, yours above your hand with room for the Lift buttons below.
        extent = self._stack_extent()
        offset = round(table_w * 3.2)
        them_top = band_top
        # The other player's right-hand stack keeps clear of the scores: it moves in
        # a little, or, when that would crowd the middle, down below them.
        room = self.scores.rect.left - gap - width // 2 - extent.right
        if offset > room:
            if room >= table_w * 2.4:
                offset = room
            else:
                them_top = max(band_top, self.scores.rect.bottom + gap)
        them_y = them_top - extent.top
        me_y = self.above_hand - t.px(4) - lift_h - t.px(6) - extent.bottom
        for seat in range(SEATS):
            row_y = me_y if self.position_of(seat) == 0 else them_y
            for i, stack in enumerate(self.stacks[seat]):
                # Seen from its owner, stack 0 is on the left: across the table, on the right.
                side = -1 if (i == 0) == (self.position_of(seat) == 0) else 1
                stack.layout((width / 2 + side * offset, row_y), self.table_width)
        for i, button in enumerate(self.lift_buttons):
            stack = self.stacks[self.bottom][i]
            button.rect = pygame.Rect(0, 0, max(t.px(130), table_w + t.px(20)), lift_h)
            button.rect.midtop = (round(stack.center[0]), round(me_y + extent.bottom + t.px(6)))

        self._label_stacks()

        trick_w, trick_h = TrickArea.size_for((table_w, table_h), label_h, SEATS)
        mid_y = round((them_y + me_y) / 2)
        # The drop place is wider than the two cards, so a card is easy to put there.
        self.trick.layout(pygame.Rect(0, 0, max(trick_w, round(table_w * 2.6)), trick_h), self.table_width, SEATS, label_h)
        self.trick.rect.center = (width // 2, mid_y)

        # The other hand's known cards sit beside that player's outer stack, on the left.
        outer = min(stack.bounds(self.sprites).left for stack in self.stacks[self.top_seat])
        caption_h = t.text_px(16) + t.px(4)
        self.known_row.area = pygame.Rect(margin, round(them_y - small_h / 2 - caption_h), max(0, outer - gap * 2 - margin), small_h + caption_h)
        self.known_row.card_width = self.small_width
        inner = offset - table_w // 2 - (extent.width - table_w) // 2 - t.px(16)
        pile_area = pygame.Rect(0, band_top, inner * 2, band_bottom - band_top)
        pile_area.centerx = width // 2
        self.piles.layout(pile_area, self.table_width, t, self.sprites)
        self.banner.layout(pygame.Rect(0, 0, 0, 0), self.trick.rect.center)
        self._place_log()
        self._prepare_pictures()

    def _place_log(self) -> None:
        """The log of the last plays: right of both rows of stacks (and the Lift
        buttons), under the scores and the other player's plate, above the highest a
        card of the hand rises; its own place, so it covers nothing."""
        t = self.theme
        gap = t.px(10)
        extent = self._stack_extent()
        beside = [extent.move(round(stack.center[0]), round(stack.center[1])) for seat_stacks in self.stacks for stack in seat_stacks]
        beside += [button.rect for button in self.lift_buttons]
        them = self.panels[1]
        above = [self.scores.rect, them.plate, them.cards_rect(self.sprites), self.last_trick.button.rect]
        self.log.place_column(t, max(rect.right for rect in beside) + gap, self.size[0] - t.px(14), self.above_hand - gap, above)

    def _stack_extent(self, table_width: int | None = None) -> pygame.Rect:
        """The room a full stack takes around its centre (its badge and the line
        under it that says whose it is included), with cards ``table_width`` wide
        (those on the table now unless told)."""
        probe = FaceUpStack(count=PILE_SIZE, label=owner("You") + " stack", rises=True)
        probe.layout((0.0, 0.0), self.table_width if table_width is None else table_width)
        return probe.rect(self.theme, self.sprites)

    def _label_stacks(self) -> None:
        """Under each stack, whose it is, shortened to the stack's own column so it
        never reaches the piles or the trick between the stacks."""
        t = self.theme
        room = self.sprites.size(self.table_width)[0] + t.px(28)
        for seat, seat_stacks in enumerate(self.stacks):
            words = f"{owner(self.port.seat_name(seat))} stack"
            text, _ = t.fit(words, t.text_px(16), room, floor=t.text_px(16))
            for stack in seat_stacks:
                stack.label = text

    def _prepare_pictures(self) -> None:
        """Every picture this table can show at its sizes: backs, then the hand (its
        cards first), then the faces on the stacks and the trick."""
        deck = italian_deck()
        self.sprites.prepare([
            (None, self.small_width),
            (None, self.table_width),
            (None, self.card_width),
            *((card, self.card_width) for card in dict.fromkeys([*self.fan.cards, *deck])),
            *((card, self.table_width) for card in deck),
        ])

    def _hand_spot(self, seat: int) -> tuple[float, float]:
        """Where cards going into ``seat``'s hand land."""
        if self.position_of(seat) == 0:
            return (self.size[0] / 2, self.hand_top + self.sprites.size(self.card_width)[1] / 2)
        return self.panels[1].cards_center

    def _taken_spot(self, seat: int) -> tuple[float, float]:
        """Where tricks ``seat`` takes go: onto their plate."""
        center = self.panels[self.position_of(seat)].plate.center
        return (float(center[0]), float(center[1]))

    def message_anchor(self) -> tuple[int, int]:
        return (self.size[0] // 2, self.hand_top - self.theme.px(12))

    def report(self, footprint: Footprint) -> None:
        t = self.theme
        footprint.add(Kind.TEXT, self.scores.rect, "scores")
        report_trick(footprint, self.trick, self.sprites)
        if self.fan.slots:
            footprint.add(Kind.CARD, self.fan.room(), "hand")
        if self.last_trick.last is not None:
            footprint.add(Kind.CONTROL, self.last_trick.button.rect, "Last trick button")
        for position, panel in enumerate(self.panels):
            footprint.add(Kind.TEXT, panel.plate, f"plate {position}")
            if panel.show_cards and panel.card_count:
                footprint.add(Kind.CARD, panel.cards_rect(self.sprites), f"cards {position}")
        shown_stacks = self._shown_stacks()
        footprint.add_all(Kind.CARD, (stack.rect(t, self.sprites) for stack in shown_stacks), "face-up stack")
        # Its count and whose it is are words on it: the hint's tag on the stack keeps off them.
        footprint.add_all(Kind.TEXT, (badge for stack in shown_stacks for badge in stack.badges(t, self.sprites)), "stack's count")
        footprint.add_all(Kind.TEXT, (stack.label_rect(t, self.sprites) for stack in shown_stacks), "stack's owner")
        footprint.add_all(Kind.CONTROL, (button.rect for button in self.lift_buttons if button.visible), "Lift button")
        if self.piles.visible:
            footprint.add_all(Kind.CONTROL, self.piles.rects(t, self.sprites), "piles to choose")
        self.keys_line.report(t, footprint)
        if self.showcase.shown is not None:
            footprint.add(Kind.CARD, self.showcase.rect, "declaration")
        if self.known[self.top_seat]:
            footprint.add(Kind.TEXT, self.known_rect(), "known cards")
        footprint.add_all(Kind.NOTE, self.bubbles.drawn.values(), "bubble")
        if self.log.visible:
            footprint.add(Kind.LOG, self.log.rect, "play log")

    def area_rect(self, name: str) -> pygame.Rect | None:
        t = self.theme
        stacks = [stack.rect(t, self.sprites) for stack in self.stacks[self.bottom]]
        piles = self.piles.rects(t, self.sprites) if self.piles.visible else []
        areas = {
            "hand": self.fan.bounds() if self.fan.slots else None,
            "trick": self.trick.extent(),
            "stacks": stacks[0].unionall(stacks[1:]) if stacks else None,
            "pile": piles[0].unionall(piles[1:]) if piles else None,
            "scores": self.scores.rect,
            "banner": self.banner.rect,
            "log": self.log.rect if self.log.visible else None,
        }
        return shown(areas.get(name))

    def card_rects(self, card: Card) -> list[pygame.Rect]:
        on_stacks = [
            stack.top_rect(self.sprites)
            for seat_stacks in self.stacks
            for stack in seat_stacks
            if stack.count and stack.top == card
        ]
        return hand_card_rects(self.fan, card) + trick_card_rects(self.trick, self.sprites, card) + on_stacks

    # -- the picture of the table ------------------------------------------------------

    def forget(self, view: GameView) -> None:
        self.last_trick.showing = False
        self.showcase.end()
        self._rebuild_log()

    def sync(self, view: GameView) -> None:
        v = cast(SpizzichinoView, view)
        self.view = v
        self.last_trick_seat = None
        self.round_number = v.round_number
        self.dealer = v.dealer
        self.to_move = v.to_move
        self.target = v.target
        self.totals = list(v.totals)
        self.counts = list(v.hand_counts)
        open_piles = set(v.open_piles)
        self.piles.set_counts([PILE_SIZE if i in open_piles else 0 for i in range(PILES)])
        self.piles.taking = None
        for seat in range(SEATS):
            for i, stack in enumerate(self.stacks[seat]):
                stack.count = v.stack_sizes[seat][i]
                stack.top = v.stack_tops[seat][i]
        self.trick.plays = [(self.position_of(seat), card) for seat, card in v.trick]
        self.trick.winner = None
        self.thirds_won = list(v.captured_thirds())
        self.tricks_won = [sum(1 for record in v.tricks if record.winner == seat) for seat in range(SEATS)]
        self.declarations = list(v.declarations)
        self.declared = [sum(d.points for d in v.declarations if d.seat == seat) for seat in range(SEATS)]
        self.known = [list(cards) for cards in v.known_hands]
        self.last_trick.keep((v.tricks[-1].plays, v.tricks[-1].winner) if v.tricks else None)
        if v.seat == self.bottom:
            self.fan.set_hand(v.hand, keep_order=True)
        else:
            self.fan.set_hand((), hidden=v.hand_counts[self.bottom])
        self._refresh_scores()

    def _refresh_scores(self) -> None:
        self.scores.title = f"Round {self.round_number}  \u00b7  playing to {self.target}"
        best = leaders(self.totals)
        self.scores.rows = [
            ScoreRow(
                self.port.seat_name(seat),
                self.totals[seat],
                "",
                seat in best,
                f"This round {thirds_text(self._round_thirds(seat))}",
            )
            for seat in range(SEATS)
        ]

    def _round_thirds(self, seat: int) -> int:
        """What ``seat`` has made this round so far, in thirds: cards taken, declarations
        and, once it is called out, the last trick."""
        last = LAST_TRICK_THIRDS if seat == self.last_trick_seat else 0
        return self.thirds_won[seat] + 3 * self.declared[seat] + last

    # -- events --------------------------------------------------------------------------

    def beat(self, event: Event) -> Beat | None:
        """A computer's pile choice and lift read like a card played; a declaration,
        with its cards and points, longer."""
        if isinstance(event, DeclarationMade):
            return Beat.DECLARATION
        if isinstance(event, PileChosen | CardLifted) and not self.port.match.is_human(event.seat):
            return Beat.PLAY
        return super().beat(event)

    def _rebuild_log(self) -> None:
        """The log of the round under way, read from the game's events (a table opened
        on a saved game, or after an undo)."""
        self.log.clear()
        for event in self.port.match.game_events():
            self.log.tell(event, self._log_line(event))

    def _log_line(self, event: Event) -> str | None:
        """The log's line for ``event``: the piles chosen, the lifts, the plays, the
        tricks and the declarations."""
        name = self.port.seat_name
        if isinstance(event, PileChosen):
            if event.to_hand:
                return f"{name(event.seat)}: a pile into the hand"
            # Short, so a narrow log keeps the card whole: it is what the line is for.
            top = event.top.name if event.top is not None else "a pile"
            return f"{name(event.seat)}: {top} face up"
        if isinstance(event, CardLifted):
            return f"{name(event.seat)} lifted the {event.card.name}"
        if isinstance(event, CardPlayed):
            return f"{name(event.seat)}: {event.card.name}"
        if isinstance(event, TrickWon):
            return f"{name(event.seat)} took the trick"
        if isinstance(event, DeclarationMade):
            title = Declaration(event.seat, event.kind, event.cards).title
            return f"{name(event.seat)} declared {title}: {points_word(event.points)}"
        return None

    def shown_with_the_last(self, event: Event) -> bool:
        """A stack's next card turns up as the card above it is played or lifted
        (it showed as a back while that card flew and was read)."""
        return isinstance(event, StackUncovered)

    def on_event(self, event: Event) -> None:
        super().on_event(event)
        # The log says what the table shows: a move's line once its cards have landed.
        self.port.animator.after_landing(lambda: self.log.tell(event, self._log_line(event)))

    def _trick_won(self, event: TrickWon) -> None:
        self.to_move = event.seat
        self.trick.winner = self.position_of(event.seat)
        self.hold_trick(lambda: self._collect(event))

    def _collect(self, event: TrickWon) -> None:
        target = self._taken_spot(event.seat)
        self.last_trick.gather(self.port, self.trick, self.seat_at, event.seat, target, lambda _: self._won(event.seat, event.cards))

    def _deal(self, event: HandDealt) -> None:
        """The dealer lays out the eight piles, one card at a time, pile by pile."""
        self.last_trick_seat = None
        self.dealer = event.dealer
        self.round_number = event.round_number
        self.to_move = 1 - event.dealer
        self.counts = [0] * SEATS
        self.tricks_won = [0] * SEATS
        self.thirds_won = [0] * SEATS
        self.declared = [0] * SEATS
        self.declarations = []
        self.known = [[], []]
        self.trick.plays = []
        self.last_trick.forget()
        self.fan.set_hand((), hidden=0)
        for seat_stacks in self.stacks:
            for stack in seat_stacks:
                stack.count, stack.top = 0, None
        self.piles.set_counts([0] * PILES)
        self._refresh_scores()
        self.port.play_sound("shuffle")
        start = self._taken_spot(event.dealer)
        for n in range(PILES * PILE_SIZE):
            pile = n // PILE_SIZE
            self.port.animator.fly(
                None, start, self.piles.pile_center(pile), self.piles.card_width, DEAL_FLIGHT,
                delay=0.2 + n * DEAL_STAGGER, on_done=lambda p=pile, k=n: self._laid(p, k),
            )

    def _laid(self, pile: int, number: int) -> None:
        counts = self.piles.counts
        counts[pile] += 1
        self.piles.set_counts(counts)
        if number % 5 == 0:
            self.port.play_sound("deal")

    def _pile_taken(self, event: PileChosen) -> None:
        """Someone took a pile: a computer's pick is lit for a moment first."""
        if self.port.match.is_human(event.seat):
            self._move_pile(event)
            return
        self.piles.taking = event.pile
        self.bubbles.say(event.seat, "Into the hand" if event.to_hand else "Stands it face up")
        self.port.animator.wait(PICK_PAUSE, on_done=lambda: self._move_pile(event))

    def _move_pile(self, event: PileChosen) -> None:
        counts = self.piles.counts
        cards = counts[event.pile] or PILE_SIZE
        start = self.piles.pile_center(event.pile)
        counts[event.pile] = 0
        self.piles.taking = None
        self.piles.set_counts(counts)
        # The chooser goes on choosing; once the last pile is gone, the player who did
        # not deal leads.
        self.to_move = event.seat if any(counts) else 1 - self.dealer
        self.port.play_sound("deal")
        if event.to_hand:
            target = self._hand_spot(event.seat)
            width = self.card_width if self.position_of(event.seat) == 0 else self.small_width
            angle = 0.0 if self.position_of(event.seat) == 0 else 180.0
            for n in range(cards):
                done = (lambda: self._into_hand(event.seat, cards)) if n == cards - 1 else None
                self.port.animator.fly(
                    None, start, target, width, PILE_FLIGHT, delay=n * 0.04, on_done=done, angles=(0.0, angle),
                )
            return
        assert event.stack is not None
        stack = self.stacks[event.seat][event.stack]
        self.port.animator.fly(
            event.top, start, stack.center, self.table_width, PILE_FLIGHT,
            on_done=lambda: self._stood(stack, cards, event.top),
        )

    def _into_hand(self, seat: int, cards: int) -> None:
        self.counts[seat] += cards
        if self.position_of(seat) != 0:
            return
        # The bottom person sees their cards as soon as the last one lands: during the
        # choice a hand only grows, so a view with as many cards holds exactly these.
        hand = self.port.match.view_for(self.bottom).hand if self._sees_bottom_hand() else ()
        self._fill_hand(hand if len(hand) == self.counts[seat] else ())

    def _fill_hand(self, cards: Sequence[Card]) -> None:
        """Show the bottom hand (``cards`` in the order a player holds them) with the
        cards that just landed on it: they take their places from where they landed,
        not from below the window (or as backs when ``cards`` is empty)."""
        spawn = self.fan.spawn
        self.fan.spawn = self._hand_spot(self.bottom)
        self.fan.set_hand(cards, hidden=0 if cards else self.counts[self.bottom], keep_order=True)
        self.fan.spawn = spawn

    def _stood(self, stack: FaceUpStack, cards: int, top: Card | None) -> None:
        stack.count, stack.top = cards, top

    def _declared(self, event: DeclarationMade) -> None:
        declaration = Declaration(event.seat, event.kind, event.cards)
        self.declarations.append(declaration)
        self.declared[event.seat] += event.points
        known = self.known[event.seat]
        known.extend(card for card in event.cards if card not in known)
        self._refresh_scores()
        line = f"{with_verb(self.port.seat_name(event.seat), 'declare', 'declares')} {declaration.title}: {points_word(event.points)}"
        self.showcase.show(line, event.cards)
        self.port.animator.hold(self.port.reading_time(Beat.DECLARATION), on_done=self.showcase.end)

    def _lifted(self, event: CardLifted) -> None:
        self.to_move = event.seat
        stack = self.stacks[event.seat][event.stack]
        start = stack.top_center
        stack.count = max(0, stack.count - 1)
        stack.top = None
        self.known[event.seat].append(event.card)
        bottom = self.position_of(event.seat) == 0
        target = self._hand_spot(event.seat)
        self.port.play_sound("play")
        self.port.animator.fly(
            event.card, start, target, self.card_width if bottom else self.small_width, LIFT_FLIGHT,
            on_done=lambda: self._lift_landed(event.seat, event.card),
            angles=(0.0, 0.0 if bottom else 180.0),
        )

    def _lift_landed(self, seat: int, card: Card) -> None:
        self.counts[seat] += 1
        if self.position_of(seat) != 0:
            return
        self._fill_hand(hand_order([*self.fan.cards, card]) if self._sees_bottom_hand() else ())

    def _uncovered(self, event: StackUncovered) -> None:
        self.stacks[event.seat][event.stack].top = event.card

    def _play(self, event: CardPlayed) -> None:
        seat, card = event.seat, event.card
        position = self.position_of(seat)
        start: tuple[float, float]
        stack = next((s for s in self.stacks[seat] if s.count and s.top == card), None)
        if stack is not None:
            start = self.stack_pair.start_of(card, stack)
            stack.count -= 1
            stack.top = None
        else:
            self.counts[seat] = max(0, self.counts[seat] - 1)
            start = self.card_leaves(seat, card, self._hand_spot(seat))
            known = self.known[seat]
            if position != 0 and card in known:
                known.remove(card)
        self.stack_pair.dropped = None
        # The card completing a trick leaves nobody about to play until the trick is
        # won: the winner, named then, leads next.
        self.to_move = None if len(self.trick.plays) == SEATS - 1 else 1 - seat
        self.last_trick.showing = False
        self.port.play_sound("play")
        self.port.animator.fly(
            card, start, self.trick.slot(position, self.sprites), self.table_width, PLAY_FLIGHT,
            on_done=lambda: self.trick.plays.append((position, card)),
            angles=(180.0 if position == 1 and stack is None else 0.0, self.trick.tilt(position)),
        )

    def _won(self, winner: int, cards: Sequence[Card]) -> None:
        self.tricks_won[winner] += 1
        self.thirds_won[winner] += sum(thirds(card) for card in cards)
        self._refresh_scores()

    def _last_trick(self, tally: RoundTally) -> None:
        """The round's last trick brings one more point: called out before the summary."""
        self.pending_tally = tally
        self.to_move = None
        self.last_trick_seat = tally.last_trick
        self._refresh_scores()
        name = self.port.seat_name(tally.last_trick)
        self.banner.announce(f"{with_verb(name, 'take', 'takes')} the last trick: 1 point more", LAST_TRICK_SECONDS)
        self.port.animator.wait(LAST_TRICK_SECONDS, reading=True)

    # -- the end of a round --------------------------------------------------------------

    def _round_scored(self, event: RoundScored) -> None:
        self.totals = list(event.totals)
        self._refresh_scores()
        if self.pending_tally is not None:
            self.port.show_summary(self._summary(self.pending_tally, event))
            self.pending_tally = None

    def _summary(self, tally: RoundTally, scored: RoundScored) -> SummaryTable:
        rows: list[tuple[str, ...]] = []
        totals: list[TotalLine] = []
        best = leaders(scored.totals)
        for seat in range(SEATS):
            name = self.port.seat_name(seat)
            last = 3 if seat == tally.last_trick else 0
            exact = tally.card_thirds[seat] + last + 3 * tally.declared[seat]
            rows.append((
                name,
                thirds_text(tally.card_thirds[seat]),
                str(tally.declared[seat]) if tally.declared[seat] else "-",
                "1" if last else "-",
                thirds_text(exact),
                str(tally.points[seat]),
            ))
            totals.append(TotalLine(name, scored.totals[seat], seat in best))
        notes = [self._declared_note(seat) for seat in range(SEATS) if any(d.seat == seat for d in self.declarations)]
        notes.append("Sum: the round's points in thirds. Rounded: the sum rounded down, once, at the round's end.")
        notes.append(f"The game ends after a round that brings someone to {self.target}.")
        headers = ("Player", "Cards", "Declared", "Last trick", "Sum", "Rounded")
        return SummaryTable(f"Round {self.round_number}", headers, tuple(rows), tuple(notes), tuple(totals), "Next round")

    def _declared_note(self, seat: int) -> str:
        titles = [d.title for d in self.declarations if d.seat == seat]
        listed = titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]
        return f"{self.port.seat_name(seat)} declared {listed}."

    def score_sheet(self, events: Sequence[Event]) -> ScoreSheet | None:
        tallies = [event for event in events if isinstance(event, RoundTally)]
        scored = [event for event in events if isinstance(event, RoundScored)]
        if not tallies:
            return None
        groups = tuple((self.port.seat_name(seat), 5) for seat in range(SEATS))
        headers = ("Round", *("Cards", "Decl.", "Last", "Points", "Total") * SEATS)
        rows = []
        for number, (tally, round_scored) in enumerate(zip(tallies, scored, strict=False), start=1):
            cells = [str(number)]
            for seat in range(SEATS):
                cells += [
                    thirds_text(tally.card_thirds[seat]),
                    str(tally.declared[seat]) if tally.declared[seat] else "-",
                    "1" if seat == tally.last_trick else "-",
                    str(tally.points[seat]),
                    str(round_scored.totals[seat]),
                ]
            rows.append(tuple(cells))
        return ScoreSheet(groups, headers, tuple(rows))

    # -- the player's turn ---------------------------------------------------------------

    def begin_turn(self, legal: list[Action]) -> None:
        self.legal = list(legal)
        if any(isinstance(a, TakePile | StandPile) for a in legal):
            self._offer_piles(legal)
            return
        self.playing = True
        cards = {a.card for a in legal if isinstance(a, PlayCard)}
        self.fan.set_legal([card for card in self.fan.cards if card in cards], True)
        mine = self.stacks[self.bottom]
        for i, stack in enumerate(mine):
            stack.active = True
            stack.legal = stack.top is not None and stack.top in cards
            self.lift_buttons[i].visible = LiftCard(i) in legal
        self.trick.caption = "Your turn: drag a card here"
        self.play_keys = play_keys(legal)
        self.keys_line.keys = self.play_keys
        self.stack_pair.let_go()

    def _offer_piles(self, legal: list[Action]) -> None:
        taken = self.counts[self.bottom] // PILE_SIZE
        stood = sum(1 for stack in self.stacks[self.bottom] if stack.count)
        wanted = []
        # "face up" kept on one line: the heading broke before a lone "up".
        for left, where in ((HAND_PILES - taken, "for your hand"), (STACKS - stood, "to stand face\u00a0up")):
            if left:
                wanted.append(f"{left} {'pile' if left == 1 else 'piles'} {where}")
        prompt = f"Your pick, blind: {' and '.join(wanted)}"
        actions = [
            PileAction("Take into hand", "t", True, any(isinstance(a, TakePile) for a in legal)),
            PileAction("Stand face up", "s", False, any(isinstance(a, StandPile) for a in legal)),
        ]
        keys = " or ".join(words for action, words in zip(actions, PILE_KEYS, strict=True) if action.enabled)
        self.piles.offer(prompt, actions, f"{PILE_KEYS_HINT} {keys}")
        doing = [words for action, words in zip(actions, (TAKE_KEY, STAND_KEY), strict=True) if action.enabled]
        self.keys_line.keys = (PICK_A_PILE, *doing, HINT)

    def end_turn(self) -> None:
        self.playing = False
        self.legal = []
        self.piles.withdraw()
        self.fan.set_legal((), False)
        for seat_stacks in self.stacks:
            for stack in seat_stacks:
                stack.active = stack.legal = stack.selected = stack.dragging = False
        for button in self.lift_buttons:
            button.visible = False
        self.trick.caption = ""
        self.trick.drop_ready = self.trick.drop_hot = False
        self.keys_line.keys = ()
        self.stack_pair.let_go()

    def show_held(self, event: Event | None) -> None:
        self.trick.winner = self.position_of(event.seat) if isinstance(event, TrickWon) else None

    def show_hint(self, action: Action | None) -> None:
        super().show_hint(action)
        self.fan.show_hint([action.card] if isinstance(action, PlayCard) else [])
        if isinstance(action, TakePile | StandPile):
            # The pile the Hint names is the one chosen, so its ringed button and key make
            # the hinted move: S stood the first pile instead, and the button said to
            # choose a pile first.
            self.piles.pick(action.pile, isinstance(action, TakePile))

    def hint_rects(self) -> list[pygame.Rect]:
        """The pile and its button (into the hand, or face up), the stack to lift from
        and its Lift button, or a stack's card to play (a card in the hand is outlined
        there)."""
        action, sprites = self.hinted, self.sprites
        if isinstance(action, TakePile | StandPile):
            to_hand = isinstance(action, TakePile)
            rects = [self.piles.piles[action.pile].rect(self.theme, sprites)] if action.pile < len(self.piles.piles) else []
            pairs = zip(self.piles.buttons, self.piles.actions, strict=True)
            return rects + [button.rect for button, offered in pairs if offered.value is to_hand]
        if isinstance(action, LiftCard):
            return [self.stacks[self.bottom][action.stack].top_rect(sprites), self.lift_buttons[action.stack].rect]
        if isinstance(action, PlayCard):
            return [stack.top_rect(sprites) for stack in self.stacks[self.bottom] if stack.top == action.card]
        return []

    def hint_area(self) -> pygame.Rect | None:
        """While piles are chosen, between the pile buttons and the hand (empty then),
        over the keys' words there."""
        if not self.piles.visible:
            return None
        words = self.piles.hint_rect
        return pygame.Rect(words.x, words.y, words.width, max(words.height, self.hand_top - words.y))

    def turn_prompt(self) -> str:
        view = cast(SpizzichinoView, self.port.match.view_for(None))
        if view.phase is Phase.CHOOSE:
            return "It is your turn to choose piles. Make sure nobody else can see the screen."
        return "It is your turn to play. Make sure nobody else can see the screen."

    def opening_events(self, view: GameView) -> list[Event]:
        v = cast(SpizzichinoView, view)
        return [HandDealt(v.dealer, (0, 0), v.round_number)]

    def close_overlay(self) -> bool:
        return self.last_trick.close()

    # -- input ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.piles.handle_event(event):
            return True
        if self.playing:
            for button in self.lift_buttons:
                if button.visible and button.handle_event(event):
                    return True
        if self.last_trick.handle_event(event):
            return True
        mine = self.stacks[self.bottom]
        if self.playing and self._lifts_as_hinted(event):
            return True
        if self.playing and self.stack_pair.handle_event(event, mine, self.sprites):
            return True
        used = self.hand_play.handle_event(event)
        if used and self.fan.selected is not None:
            self.stack_pair.choose(mine, None, keep_hand=True)
        return used

    def _lifts_as_hinted(self, event: pygame.event.Event) -> bool:
        """Enter with nothing chosen while the Hint says to lift a stack's card lifts it:
        it picked the card and the next Enter played it, the opposite of the advice."""
        hinted = self.hinted
        if event.type != pygame.KEYDOWN or event.key not in ENTER_KEYS or not isinstance(hinted, LiftCard):
            return False
        if self.fan.selected_card is not None or self.stack_pair.focus is not None or hinted not in self.legal:
            return False
        self._lift(hinted.stack)
        return True

    def _lift_key(self, focus: int | None) -> None:
        """L lifts the chosen stack's top, or the only stack that can be lifted, or
        the first of two; with none, the player hears why."""
        if focus is not None:
            self._lift(focus)
            return
        liftable = [i for i in range(STACKS) if LiftCard(i) in self.legal]
        if liftable:
            self._lift(liftable[0])
        else:
            self.port.say("Neither stack shows a 3, 2 or asso to lift.")

    def _play_card(self, card: Card) -> None:
        self.port.submit(PlayCard(card))

    def _lift(self, stack: int) -> None:
        self.port.submit(LiftCard(stack))

    def _pile_chosen(self, pile: int, to_hand: bool) -> None:
        self.port.submit(TakePile(pile) if to_hand else StandPile(pile))

    # -- frame ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.update_seats(dt)
        self.banner.update(dt)
        self._refresh_panels()
        if self.playing:
            self.keys_line.keys = self._play_keys_now()

    def _play_keys_now(self) -> tuple[str, ...]:
        """The keys while a card is to be played: once a stack's card is chosen, that a
        second click or Enter plays it, as for a card raised in the hand (a thin outline
        was all a player saw, and they took the first Enter to have done nothing)."""
        focus = self.stack_pair.focus
        if focus is not None:
            stack = self.stacks[self.bottom][focus]
            if stack.top is not None and stack.legal:
                return with_card_picked(self.play_keys, stack.top)
        return with_pick(self.play_keys, self.fan)

    def _refresh_panels(self) -> None:
        choosing = self.piles.visible
        turn = "to choose piles" if choosing else "to play"
        self.refresh_plates(self.panels, self.counts, self.to_move, self.dealer, lambda seat: [self._plate_line(seat, choosing)], turn)
        self.trick.names = {position: self.port.seat_name(self.seat_at(position)) for position in range(SEATS)}
        if not self.piles.active:
            waiting = self.to_move is not None and choosing and not self.port.animator.busy
            self.piles.prompt = f"{with_verb(self.port.seat_name(self.to_move), 'are', 'is')} choosing piles" if waiting and self.to_move is not None else ""

    def _shown_stacks(self) -> list[FaceUpStack]:
        """Every seat's stacks that are drawn now (see ``_stack_shown``)."""
        return [stack for seat_stacks in self.stacks for stack in seat_stacks if self._stack_shown(stack)]

    def _stack_shown(self, stack: FaceUpStack) -> bool:
        """A stack is drawn once it holds cards, and, emptied, for the rest of play
        (an outline where it stood, still named)."""
        return bool(stack.count) or not self.piles.visible

    def _plate_line(self, seat: int, choosing: bool) -> str:
        """During the choice, the piles taken so far; then the tricks and card points."""
        if choosing:
            stood = sum(1 for stack in self.stacks[seat] if stack.count)
            return f"Piles: {self.counts[seat] // PILE_SIZE} in hand, {stood} face up"
        tricks = self.tricks_won[seat]
        return f"{tricks} {'trick' if tricks == 1 else 'tricks'}, {thirds_text(self.thirds_won[seat])} in cards"

    def play_log(self) -> PlayLog:
        return self.log

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.scores.draw(surface, t)
        # The trick is drawn first: a name tag or caption under a plate, a stack or
        # the hand would be hidden.
        self.trick.keep_clear = [*(panel.plate for panel in self.panels), *(stack.rect(t, self.sprites) for stack in self._shown_stacks()), self.fan.room()]
        self.last_trick.draw_trick(surface, t, self.sprites, self.trick, self.position_of, self.port.seat_name)
        self.piles.draw(surface, t, self.sprites)
        for stack in self._shown_stacks():
            stack.draw(surface, t, self.sprites)
        for panel in self.panels:
            panel.draw(surface, t, self.sprites)
        self._known().draw(surface, t, self.sprites)
        self.fan.draw(surface)
        if self.playing:
            for button in self.lift_buttons:
                if button.visible:
                    button.draw(surface, t)
        self.keys_line.draw(surface, t)
        self.last_trick.draw_button(surface, t)
        self.showcase.draw(surface, t, self.sprites, self.table_width, self.trick.rect.center, self.middle)
        self.banner.draw(surface, t)
        self.log.draw(surface, t)
        for stack in self.stacks[self.bottom]:
            stack.draw_dragged(surface, self.sprites)

    def draw_over_flights(self, surface: pygame.Surface) -> None:
        """The players' bubbles: "Into the hand" is said where the pile is flying to."""
        self.bubbles.draw(surface, self.theme, self._bubble_anchor, self.solid_rects())

    def _known(self) -> KnownCards:
        """The row of the other hand's known cards, as they stand now."""
        self.known_row.cards = self.known[self.top_seat]
        self.known_row.caption = f"Known in {self.port.seat_name(self.top_seat)}'s hand"
        return self.known_row

    def known_rect(self) -> pygame.Rect:
        """Where the other hand's known cards and their caption are drawn (empty when none)."""
        return self._known().rect(self.theme, self.sprites)

    def _bubble_anchor(self, seat: int) -> Anchor:
        """Over your plate, or just under the other player's: clear of the spot their
        piles and cards fly to, so "Into the hand" is read, not hidden by the pile."""
        if self.position_of(seat) == 0:
            return self.panels[0].plate.midtop, True
        plate = self.panels[1].plate
        return (plate.centerx, plate.bottom + self.theme.px(24)), True
