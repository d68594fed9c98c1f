"""The Spades table: four seats around a trick, bids on the name plates, the side
scores with their bags and this hand's bid and tricks in the corner. Your own plate
sits beside your hand; each trick card lies in front of the seat that played it.

The layout keeps its own picture of the table (cards in each hand, bids, tricks
taken, the trick on the cloth), moved along event by event as the animations play, and
replaced by the seat's view whenever the match settles, so the two never drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import pygame

from cardtable_gui.grammar import YOU
from cardtable_gui.rules.base import Action, CardPlayed, Event, GameView, HandDealt, RoundScored, TrickWon
from cardtable_gui.rules.spades import (
    BLIND_NIL,
    LOOK,
    Bid,
    BidMade,
    HandScored,
    LookAtCards,
    Phase,
    PlayCard,
    SpadesBroken,
    SideResult,
    SpadesView,
)
from cardtable_gui.scenes.table.bidding import BidChoice, BidPanel
from cardtable_gui.scenes.table.bubbles import Anchor, Bubbles
from cardtable_gui.scenes.table.dealing import deal_order
from cardtable_gui.scenes.table.footprint import Footprint, Kind
from cardtable_gui.scenes.table.game_over import ScoreSheet
from cardtable_gui.scenes.table.keys_line import HAND_BAND, HINT, beside_keys
from cardtable_gui.scenes.table.layouts.base import report_trick, shown
from cardtable_gui.scenes.table.layouts.french_trick import FrenchTrickLayout
from cardtable_gui.scenes.table.pace import Beat
from cardtable_gui.scenes.table.score_panel import ScorePanel, ScoreRow
from cardtable_gui.scenes.table.seat_panel import SeatPanel, Side, plate_height
from cardtable_gui.scenes.table.summary import SummaryTable, TotalLine
from cardtable_gui.scenes.table.trick_area import TrickArea
from cardtable_gui.ui import theme as th

if TYPE_CHECKING:
    from cardtable_gui.scenes.table.port import TablePort

SEATS = 4
DEAL_STAGGER = 0.022
DEAL_FLIGHT = 0.26
PLAY_FLIGHT = 0.30
BID_PAUSE = 0.15
BROKEN = "Spades broken!"
SIDES = (Side.BOTTOM, Side.LEFT, Side.TOP, Side.RIGHT)
BID_KEYS = ("a number or the arrows choose a bid", "Enter bids")
BLIND_NIL_KEYS = ("B bids blind nil", "L looks at your cards")
QUESTION_KEYS = ("Left/Right choose an answer", "Enter answers", "Esc goes back")
"""The keys line while the panel asks a bid's question (Nil: are you sure?)."""


def bags_text(bags: int) -> str:
    return "1 bag" if bags == 1 else f"{bags} bags"


def bid_text(bid: Bid | None) -> str:
    if bid is None:
        return "no bid yet"
    if bid.blind:
        return "blind nil"
    return "nil" if bid.is_nil else f"bid {bid.tricks}"


def took_text(side: SideResult, hand: HandScored) -> str:
    """Every trick the side took; those taken by its nil bidders count as bags, and
    the cell says so ("7, 2 on nil")."""
    total = sum(hand.tricks[seat] for seat in side.seats)
    on_nil = sum(hand.tricks[seat] for seat in side.seats if hand.bids[seat].is_nil)
    return f"{total}, {on_nil} on nil" if on_nil else str(total)


def side_bid_text(bids: Sequence[Bid]) -> str:
    """A side's bids together: its contract, with "nil" (or "blind nil") for each nil
    bidder ("4 + nil")."""
    contract = sum(bid.tricks for bid in bids if not bid.is_nil)
    nils = ["blind nil" if bid.blind else "nil" for bid in bids if bid.is_nil]
    return " + ".join([str(contract)] * bool(contract or not nils) + nils)


def bid_cell(side: SideResult, hand: HandScored) -> str:
    return side_bid_text([hand.bids[seat] for seat in side.seats])


class SpadesLayout(FrenchTrickLayout):
    """Spades at the table: see the module docstring."""

    play = PlayCard

    def __init__(self, port: TablePort) -> None:
        super().__init__(port)
        self.panels = [SeatPanel(side.angle) for side in SIDES]
        self.scores = ScorePanel()
        self.bidding: BidPanel[Action] = BidPanel(self._bid_chosen)
        self.view: SpadesView | None = None
        self.bids: list[Bid | None] = [None] * SEATS
        self.won = [0] * SEATS
        self.to_move: int | None = None
        self.dealer = 0
        self.pending_hand: HandScored | None = None
        self.hand_number = 1
        self.side_scores: list[int] = []
        self.side_bags: list[int] = []
        self.bubbles = Bubbles()
        self.small_width = 50
        self.panel_area = pygame.Rect(0, 0, 0, 0)
        self.shows = {
            HandDealt: self._deal,
            BidMade: self._bid_made,
            CardPlayed: self._play,
            SpadesBroken: self._spades_broken,
            TrickWon: self._trick_won,
            HandScored: self._hand_scored,
            RoundScored: self._round_scored,
        }

    # -- geometry ----------------------------------------------------------------------

    def _bid_area(self) -> pygame.Rect:
        """Where the bid panel is centred: the middle of the table between the side
        seats' plates, so every bid made so far stays in sight while you bid."""
        left, right = (self.panels[SIDES.index(side)] for side in (Side.LEFT, Side.RIGHT))
        gap = self.theme.px(10)
        width = right.plate.left - left.plate.right - 2 * gap
        if width <= 0:
            return self.panel_area
        return pygame.Rect(left.plate.right + gap, self.panel_area.top, width, self.panel_area.height)

    def side_of(self, seat: int) -> Side:
        return SIDES[self.position_of(seat)]

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        t = self.theme
        width, height = size
        margin = t.px(14)
        scale = self.port.card_scale()
        base = min(height * 0.19 / 1.4, width * 0.095)
        plate_w, plate_h = t.px(196), plate_height(t, 1)
        gap = t.px(10)
        # A side seat's fan and plate must fit between the top and the bottom seat's
        # plate: larger cards than that are not drawn, whatever the card-size setting.
        ratio = self.sprites.size(100)[1] / 100
        # The keys line runs under the hand, between your plate and the corner.
        beside = margin + plate_w + gap
        above_keys = self.keys_line.place(t, beside, width - beside, height)
        largest = (height - margin - 3 * gap - 2 * plate_h) / (0.48 * ratio + 0.48 * 2.92 + 1.25 * ratio)
        wanted = max(40, round(min(base * scale, max(base, largest))))
        self.card_width = beside_keys(t, self.sprites, wanted)
        card_h = self.sprites.size(self.card_width)[1]
        self.small_width = max(26, round(wanted * 0.48))
        small_h = self.sprites.size(self.small_width)[1]
        hand_h = round(card_h * HAND_BAND)
        self.hand_top = above_keys - hand_h
        # The hand keeps clear of your plate at its left, and stays centred unless a
        # narrow table (a lesson's) would squeeze it: then it takes the free room at
        # its right too.
        self.fan.layout(pygame.Rect(beside, self.hand_top, width - beside * 2, hand_h), self.card_width, spill=beside - margin)
        self.fan.spawn = (width / 2, height + card_h)
        fan_len = self.small_width * (1 + 0.16 * 12)
        clear_of_bottom = self.hand_top - 2 * gap - plate_h - fan_len / 2
        mid_y = round(max(margin + small_h + fan_len / 2, min(height * 0.40, clear_of_bottom)))
        top, left, right, bottom = (self.panels[SIDES.index(s)] for s in (Side.TOP, Side.LEFT, Side.RIGHT, Side.BOTTOM))
        top_center = (width / 2, margin + small_h / 2)
        top.layout(pygame.Rect(0, 0, plate_w, plate_h), top_center, self.small_width)
        # North's plate hangs under its cards, clear of the toolbar and the scores.
        top.plate.midtop = (round(width / 2), round(margin + small_h + gap))
        left_center = (margin + small_h / 2, mid_y)
        left.layout(pygame.Rect(margin, round(mid_y + fan_len / 2 + gap), plate_w, plate_h), left_center, self.small_width)
        right_center = (width - margin - small_h / 2, mid_y)
        right.layout(pygame.Rect(0, 0, plate_w, plate_h), right_center, self.small_width)
        right.plate.topright = (width - margin, round(mid_y + fan_len / 2 + gap))
        bottom.layout(pygame.Rect(0, 0, plate_w, plate_h), (width / 2, self.hand_top + card_h / 2), self.card_width)
        bottom.plate.bottomleft = (margin, height - margin)
        bottom.show_cards = False
        rows = len(self.view.sides) if self.view else 2
        score_w = t.px(290)
        self.scores.layout(pygame.Rect(width - margin - score_w, margin, score_w, ScorePanel.height_for(t, rows, lines=True)))
        # Beside the scene's own buttons (only those shown) when that leaves the top
        # seat's plate clear.
        self.last_trick.place_by_toolbar(t, self.port.toolbar_end(), width / 2 - fan_len / 2 - gap)
        side_room = margin + small_h + t.px(24)
        area_top = top.plate.bottom + gap
        self.panel_area = pygame.Rect(side_room, area_top, width - side_room * 2, self.hand_top - area_top - gap)
        label_h = t.px(26)
        trick_card = round(wanted * 0.8)
        trick_w, trick_h = TrickArea.size_for(self.sprites.size(trick_card), label_h)
        if trick_h > self.panel_area.height:
            trick_card = max(30, round(trick_card * self.panel_area.height / trick_h))
            trick_w, trick_h = TrickArea.size_for(self.sprites.size(trick_card), label_h)
        self.trick.layout(pygame.Rect(0, 0, min(trick_w, self.panel_area.width), trick_h), trick_card)
        self.trick.rect.center = self.panel_area.center
        self.bidding.layout(self._bid_area(), t)
        self.deck.layout(self.seat_anchor(self.dealer), self.small_width)
        self._prepare_pictures()

    def beat(self, event: Event) -> Beat | None:
        """A computer's bid is read and remembered before the next one is said; spades
        broken, by anyone, changes what may be led from now on and is read as long as a
        stop."""
        if isinstance(event, BidMade) and not self.port.match.is_human(event.seat):
            return Beat.BID
        if isinstance(event, SpadesBroken):
            return Beat.STOP
        return super().beat(event)

    def report(self, footprint: Footprint) -> None:
        footprint.add(Kind.TEXT, self.scores.rect, "scores")
        report_trick(footprint, self.trick, self.sprites)
        footprint.add(Kind.CONTROL, self.last_trick.button.rect, "Last trick button")
        footprint.add(Kind.CARD, self.fan.room(), "hand")
        self.keys_line.report(self.theme, footprint)
        for position, panel in enumerate(self.panels):
            footprint.add(Kind.TEXT, panel.plate, f"plate {position}")
            if panel.show_cards and panel.card_count:
                footprint.add(Kind.CARD, panel.cards_rect(self.sprites), f"cards {position}")
        if self.bidding.visible:
            footprint.add(Kind.CONTROL, self.bidding.box, "bid panel")
        footprint.add_all(Kind.NOTE, self.bubbles.drawn.values(), "bubble")

    def area_rect(self, name: str) -> pygame.Rect | None:
        areas = {
            "hand": self.fan.bounds() if self.fan.slots else None,
            "trick": self.trick.extent(),
            "scores": self.scores.rect,
            # Spades has no banner: the bids are made on the bid panel, and kept on the scores.
            "banner": self.bidding.box if self.bidding.visible else self.scores.rect,
        }
        return shown(areas.get(name))

    # -- the picture of the table --------------------------------------------------------

    def sync(self, view: GameView) -> None:
        spades = cast(SpadesView, view)
        self.view = spades
        self.counts = list(spades.hand_counts)
        self.bids = list(spades.bids)
        self.won = list(spades.tricks_won)
        self.to_move = spades.to_move
        self.dealer = spades.dealer
        self.deck.count = 0
        self.trick.plays = [(self.position_of(seat), card) for seat, card in spades.trick]
        self.trick.winner = None
        self.hand_number = spades.hand_number
        last = spades.last_trick
        self.last_trick.keep((last.plays, last.winner) if last is not None else None)
        if spades.seat == self.bottom and not spades.hand_hidden:
            self.fan.set_hand(spades.hand)
        else:
            self.fan.set_hand((), hidden=spades.hand_counts[self.bottom])
        self._refresh_scores(spades.scores, spades.bags)

    def _refresh_scores(self, side_scores: Sequence[int], bags: Sequence[int]) -> None:
        self.side_scores, self.side_bags = list(side_scores), list(bags)
        self._refresh_score_rows()

    def _refresh_score_rows(self) -> None:
        """The score box: each side's total and bags, and this hand's bid and tricks."""
        view = self.view
        if view is None or not self.side_scores:
            return
        best = max(self.side_scores)
        self.scores.title = f"Hand {self.hand_number}  \u00b7  playing to {view.target}"
        self.scores.rows = [
            ScoreRow(
                self._side_name(side),
                self.side_scores[i],
                bags_text(self.side_bags[i]),
                self.side_scores[i] == best and best > 0,
                self._hand_line(side),
            )
            for i, side in enumerate(view.sides)
        ]

    def _hand_line(self, side: Sequence[int]) -> str:
        """"Bid 7 · won 3" for a side this hand ("+ nil" for each nil bidder)."""
        bids = [self.bids[seat] for seat in side]
        if any(bid is None for bid in bids):
            return "Bidding"
        placed = [bid for bid in bids if bid is not None]
        return f"Bid {side_bid_text(placed)}  \u00b7  won {sum(self._tricks(seat) for seat in side)}"

    def _tricks(self, seat: int) -> int:
        """The tricks ``seat`` has won this hand, a trick kept on the table included."""
        return self.won[seat] + (self.held_by(seat) is not None)

    def _side_name(self, side: Sequence[int]) -> str:
        return " & ".join(self.port.seat_name(s) for s in side)

    # -- events --------------------------------------------------------------------------

    def _bid_made(self, event: BidMade) -> None:
        self.bids[event.seat] = event.bid
        self.to_move = (event.seat + 1) % SEATS
        self.say_while_held(event.seat, bid_text(event.bid).capitalize(), BID_PAUSE + self.port.reading_time(Beat.BID))
        self.port.animator.wait(BID_PAUSE)

    def _spades_broken(self, event: SpadesBroken) -> None:
        # Said for its own beat: it was said as the next card came and was gone a
        # second later.
        self.say_while_held(event.seat, BROKEN, self.port.reading_time(Beat.STOP))

    def _trick_won(self, event: TrickWon) -> None:
        self.take_in_held()
        self.to_move = event.seat if any(self.counts) else None
        self.trick.winner = self.position_of(event.seat)
        self.hold_trick(lambda: self._collect(event.seat))

    def _hand_scored(self, event: HandScored) -> None:
        self.pending_hand = event
        self._refresh_scores([side.total for side in event.sides], [side.bags_total for side in event.sides])

    def _round_scored(self, event: RoundScored) -> None:
        if self.pending_hand is not None:
            self.port.show_summary(self._summary(self.pending_hand, event))
            self.pending_hand = None

    def _deal(self, event: HandDealt) -> None:
        self.dealer = event.dealer
        self.hand_number = event.round_number
        self.counts = [0] * SEATS
        self.bids = [None] * SEATS
        self.won = [0] * SEATS
        self.trick.plays = []
        self.last_trick.forget()
        self.fan.set_hand((), hidden=0)
        total = sum(event.counts)
        self.deck.layout(self.seat_anchor(event.dealer), self.small_width)
        self.deck.count = total
        self.to_move = (event.dealer + 1) % SEATS
        self.port.play_sound("shuffle")
        for i, seat in enumerate(deal_order(event.dealer, event.counts)):
            side = self.side_of(seat)
            target = self.panels[self.position_of(seat)].cards_center
            width = self.card_width if side is Side.BOTTOM else self.small_width
            self.port.animator.fly(
                None, self.deck.top_center, target, width, DEAL_FLIGHT,
                delay=0.25 + i * DEAL_STAGGER, on_done=lambda s=seat, n=i: self._dealt_one(s, n),
                angles=(0.0, side.angle),
            )
        self.port.animator.wait(0.25 + total * DEAL_STAGGER + DEAL_FLIGHT, on_done=self.look_at_hand)

    def _play(self, event: CardPlayed) -> None:
        seat, card = event.seat, event.card
        side = self.side_of(seat)
        position = self.position_of(seat)
        start = self.card_leaves(seat, card, self.panels[position].cards_center)
        self.counts[seat] = max(0, self.counts[seat] - 1)
        # Equal hands again mean the trick is full: it waits for its taker to be known.
        self.to_move = None if len(set(self.counts)) == 1 else (seat + 1) % SEATS
        self.last_trick.showing = False
        width = self.trick.card_width
        self.port.play_sound("play")
        self.port.animator.fly(
            card, start, self.trick.slot(position, self.sprites), width, PLAY_FLIGHT,
            on_done=lambda: self.trick.plays.append((position, card)),
            angles=(side.angle if side is not Side.BOTTOM else 0.0, self.trick.tilt(position)),
        )

    def _collect(self, winner: int) -> None:
        self.last_trick.gather(self.port, self.trick, self.seat_at, winner, self.seat_anchor(winner), lambda _: self._won(winner))

    def _won(self, winner: int) -> None:
        self.won[winner] += 1

    # -- the end of a hand ---------------------------------------------------------------

    def _summary(self, hand: HandScored, scored: RoundScored) -> SummaryTable:
        rows: list[tuple[str, ...]] = []
        notes: list[str] = []
        totals: list[TotalLine] = []
        best = max(side.total for side in hand.sides)
        for side in hand.sides:
            bid = bid_cell(side, hand)
            nil_cell = ", ".join(
                f"{self.port.seat_name(n.seat)} {'made' if n.made else 'failed'}"
                for n in hand.nils if n.seat in side.seats
            ) or "-"
            rows.append((
                self._side_name(side.seats), bid, took_text(side, hand), nil_cell,
                f"+{side.bags}", f"{side.points:+d}",
            ))
            parts = self._points_parts(side, hand)
            if len(parts) > 1:
                notes.append(f"{self._side_name(side.seats)}: {', '.join(parts)}; {side.points:+d} in all.")
            else:
                if side.bag_penalty:
                    notes.append(f"{self._side_name(side.seats)} collected ten bags: -{side.bag_penalty}.")
                if side.contract and not side.made:
                    notes.append(f"{self._side_name(side.seats)} fell short of {side.contract}: -{10 * side.contract}.")
            totals.append(TotalLine(self._side_name(side.seats), side.total, side.total == best))
        headers = ("Side", "Bid", "Took", "Nil", "Bags", "Points")
        return SummaryTable(f"Hand {hand.hand_number}", headers, tuple(rows), tuple(notes), tuple(totals))

    def _points_parts(self, side: SideResult, hand: HandScored) -> list[str]:
        """Where a side's points came from, each part with its points: a row of "4 +
        nil, 5, Bruno made, +1, +91" left a play-tester working out the 91 from the
        rules page. A made contract scores 10 a trick bid and 1 a trick over it."""
        parts = []
        if side.contract and side.made:
            parts.append(f"+{10 * side.contract} for making {side.contract}")
            over = side.tricks - side.contract
            if over:
                parts.append(f"+{over} for {over} trick{'' if over == 1 else 's'} over the bid")
        elif side.contract:
            parts.append(f"{side.contract_points:+d} for falling short of {side.contract}")
        nils = [n for n in hand.nils if n.seat in side.seats]
        if side.nil_points and nils:
            name = self.port.seat_name(nils[0].seat)
            whose = "the nils" if len(nils) > 1 else "your nil" if name == YOU else f"{name}'s nil"
            parts.append(f"{side.nil_points:+d} for {whose}")
        if side.bag_penalty:
            parts.append(f"-{side.bag_penalty} for ten bags")
        return parts

    def score_sheet(self, events: Sequence[Event]) -> ScoreSheet | None:
        hands = [event for event in events if isinstance(event, HandScored)]
        if not hands:
            return None
        sides = hands[0].sides
        groups = tuple((self._side_name(side.seats), 4) for side in sides)
        headers = ("Hand", *("Bid", "Took", "Points", "Total") * len(sides))
        rows = []
        for hand in hands:
            cells = [str(hand.hand_number)]
            for side in hand.sides:
                bags = f" ({side.bags_total} bags)" if side.bags_total else ""
                cells += [bid_cell(side, hand), took_text(side, hand), f"{side.points:+d}", f"{side.total}{bags}"]
            rows.append(tuple(cells))
        return ScoreSheet(groups, headers, tuple(rows))

    # -- the player's turn ---------------------------------------------------------------

    def begin_turn(self, legal: list[Action]) -> None:
        if any(isinstance(a, LookAtCards) for a in legal):
            self.bidding.show(
                "Bid blind nil?",
                [BidChoice("Bid blind nil", BLIND_NIL, key="B"), BidChoice("Look at my cards", LOOK, primary=True, key="L")],
                hint="You are 100 or more behind. Nil without looking: +100 if you take no trick, -100 if you take any.",
                columns=2,
                keys_hint="Press B for blind nil or L to look, or use the arrows and Enter",
            )
        elif any(isinstance(a, Bid) for a in legal):
            bids = [a for a in legal if isinstance(a, Bid)]
            choices = [self._bid_choice(b) for b in bids]
            self.bidding.show("Your bid", choices, hint=self._bid_hint(), columns=7, confirm=lambda c: f"Bid {c.label}")
        else:
            super().begin_turn(legal)
        self.bidding.layout(self._bid_area(), self.theme)

    @staticmethod
    def _bid_choice(bid: Bid) -> BidChoice[Action]:
        if bid.is_nil:
            return BidChoice(
                "Nil",
                cast(Action, bid),
                ask="You promise to take no tricks at all this hand: 50 points if you manage it, 50 off if you take even one.",
                yes="Bid Nil",
            )
        return BidChoice(str(bid.tricks), cast(Action, bid))

    def _bid_hint(self) -> str:
        view = self.view
        if view is not None and view.partnerships:
            partner = (self.bottom + 2) % SEATS
            bid = self.bids[partner]
            if bid is not None:
                return f"{self.port.seat_name(partner)} bid {bid_text(bid).replace('bid ', '')}. How many tricks will you take?"
        return "How many tricks will you take?"

    def keys_now(self) -> tuple[str, ...]:
        """While the bid panel asks, its keys: a question's, blind nil's letters, or
        the bids'; else the hand's."""
        panel = self.bidding
        if not panel.visible:
            return super().keys_now()
        if panel.asking is not None:
            return QUESTION_KEYS
        if any(choice.value == LOOK for choice in panel.choices):
            return (*BLIND_NIL_KEYS, HINT)
        return (*BID_KEYS, HINT)

    def end_turn(self) -> None:
        self.bidding.hide()
        super().end_turn()

    def show_hint(self, action: Action | None) -> None:
        """A hinted bid is also highlighted on the panel, so Enter bids it, as Enter
        after a hint picks the hinted card."""
        super().show_hint(action)
        if action is not None and self.bidding.visible:
            self.bidding.offer(action)

    def hint_rects(self) -> list[pygame.Rect]:
        """The bid (or blind nil, or looking) on the panel; a card is outlined in the hand."""
        if self.hinted is None or isinstance(self.hinted, PlayCard):
            return []
        rect = self.bidding.rect_of(self.hinted)
        return [rect] if rect is not None else []

    def turn_prompt(self) -> str:
        view = self.port.match.view_for(None)
        phase = cast(Any, view).phase
        if phase is Phase.BIDDING:
            return "It is your turn to bid. Make sure nobody else can see the screen."
        return "It is your turn to play. Make sure nobody else can see the screen."

    def opening_events(self, view: GameView) -> list[Event]:
        spades = cast(SpadesView, view)
        return [HandDealt(spades.dealer, spades.hand_counts, spades.hand_number)]

    def _bid_chosen(self, action: Action) -> None:
        if not self.port.submit(action):
            self.bidding.reopen()

    def close_overlay(self) -> bool:
        if self.bidding.visible and self.bidding.asking is not None:
            self.bidding.back()
            return True
        return super().close_overlay()

    # -- input ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.bidding.handle_event(event) or super().handle_event(event)

    # -- frame ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.update_seats(dt)
        self.keys_line.keys = self.keys_now()
        self._refresh_panels()

    def _refresh_panels(self) -> None:
        playing = all(b is not None for b in self.bids)

        def lines(seat: int) -> list[str]:
            said = bid_text(self.bids[seat]).capitalize()
            return [f"{said}  \u00b7  won {self._tricks(seat)}" if playing else said]

        self.refresh_plates(self.panels, self.counts, self.to_move, self.dealer, lines, "to play" if playing else "to bid")
        for index, panel in enumerate(self.panels):
            bid = self.bids[self.seat_at(index)]
            panel.highlight = th.DANGER if bid is not None and bid.is_nil and self._tricks(self.seat_at(index)) else None
        self.trick.names = {position: self.port.seat_name(self.seat_at(position)) for position in range(SEATS)}
        self._refresh_score_rows()

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.scores.draw(surface, t)
        self.draw_trick(surface)
        self.draw_seats(surface, t)
        self.bidding.draw(surface, t)

    def _bubble_anchor(self, seat: int) -> Anchor:
        if seat == self.bottom:
            # Your own bid lands on your plate.
            return self.panels[0].plate.midtop, True
        x, y = self.seat_anchor(seat)
        return (round(x), round(y) - self.theme.px(6)), False
