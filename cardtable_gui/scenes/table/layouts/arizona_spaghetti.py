"""The Arizona Spaghetti table: three to eight players around an oval, a trick in the
middle, and a banner naming what this round of six costs.

Each plate carries what that player took and paid this round and their running total;
the lowest total (the one that wins) is marked once the totals differ. Tricks taken pile up beside their taker. A round
that stops early (its point cards are all gone) says why before the hands are gathered.

As at the Spades table, the layout keeps its own picture of the table, moved along
event by event as the animations play and replaced by the seat's view whenever the
match settles.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import pygame

from cardtable_gui.cards import Card, Rank, Suit
from cardtable_gui.rules.arizona_spaghetti import (
    ROUNDS,
    ArizonaSpaghettiView,
    PlayCard,
    RoundEndedEarly,
    RoundRule,
    SuitBroken,
    TrickTaken,
)
from cardtable_gui.rules.base import CardPlayed, Event, GameView, HandDealt, RoundScored
from cardtable_gui.scenes.table.animation import ease_in_out_cubic
from cardtable_gui.scenes.table.banner import Banner
from cardtable_gui.scenes.table.bubbles import Anchor, Bubbles
from cardtable_gui.scenes.table.dealing import deal_order
from cardtable_gui.scenes.table.footprint import Footprint, Kind
from cardtable_gui.scenes.table.game_over import ScoreSheet
from cardtable_gui.scenes.table.keys_line import HAND_BAND, beside_keys
from cardtable_gui.scenes.table.layouts.base import report_trick, shown
from cardtable_gui.scenes.table.layouts.french_trick import FrenchTrickLayout
from cardtable_gui.scenes.table.oval import place_seats, ring_sizes
from cardtable_gui.scenes.table.pile import Pile
from cardtable_gui.scenes.table.pace import Beat
from cardtable_gui.scenes.table.score_panel import leaders
from cardtable_gui.scenes.table.seat_panel import SeatPanel
from cardtable_gui.scenes.table.summary import SummaryTable, TotalLine
from cardtable_gui.scenes.table.trick_area import TrickArea
from cardtable_gui.ui import theme as th

if TYPE_CHECKING:
    from cardtable_gui.scenes.table.port import TablePort

DEAL_STAGGER = 0.02
DEAL_FLIGHT = 0.26
PLAY_FLIGHT = 0.30
EARLY_END_SECONDS = 2.2
GATHER_FLIGHT = 0.35
ROUND_COUNT = len(ROUNDS)
MIN_TRICK_WIDTH = 34
"""Trick cards are never drawn narrower than this (their corners stay readable)."""


def costs_text(rule: RoundRule) -> str:
    """What costs points this round, in a few words ("10 a heart, 25 a queen")."""
    parts = [
        f"{rule.per_trick} a trick" if rule.per_trick else "",
        f"{rule.per_heart} a heart" if rule.per_heart else "",
        f"{rule.per_queen} a queen" if rule.per_queen else "",
        f"{rule.king_of_spades} for the king of spades" if rule.king_of_spades else "",
        f"{rule.last_trick} for the last trick" if rule.last_trick else "",
    ]
    return "Costs " + ", ".join(part for part in parts if part)


def broken_words(suit: Suit) -> str:
    """What is said over the seat that breaks ``suit``: "Hearts broken!"."""
    return f"{suit.title.capitalize()} broken!"


def restriction_text(suit: Suit | None, broken: bool) -> str:
    """Whether the round's restricted suit may be led yet, in words."""
    if suit is None:
        return "Any suit may be led"
    name = suit.title.capitalize()
    if broken:
        return f"{name} are broken: they may be led"
    return f"{name} may not be led until broken"


def tricks_text(count: int) -> str:
    return "1 trick" if count == 1 else f"{count} tricks"


def _counted(count: int, noun: str) -> str:
    return f"1 {noun}" if count == 1 else f"{count} {noun}s"


KING_OF_SPADES = Card(Rank.KING, Suit.SPADES)


def took_text(rule: RoundRule, tricks: int, cards: Sequence[Card], last_trick: bool, short: bool = False) -> str:
    """What a player took that this round charges for ("5 hearts", "3 tricks, 1 queen,
    the king of spades"); "nothing" when none of it. Where the round charges for
    several things, what was not taken is left out ("2 tricks, 1 queen", not "2 tricks,
    0 hearts, 1 queen"): the line stays short enough to read at a glance. ``short``
    names the king by its index ("K\u2660") and the last trick without its article, for
    a plate too narrow for the words."""
    counts = [
        (rule.per_trick, tricks, "trick"),
        (rule.per_heart, sum(card.suit is Suit.HEARTS for card in cards), "heart"),
        (rule.per_queen, sum(card.rank is Rank.QUEEN for card in cards), "queen"),
    ]
    several = sum(bool(cost) for cost in (rule.per_trick, rule.per_heart, rule.per_queen, rule.king_of_spades, rule.last_trick)) > 1
    parts = [_counted(count, noun) for cost, count, noun in counts if cost and (count or not several)]
    if rule.king_of_spades and any(card.rank is Rank.KING and card.suit is Suit.SPADES for card in cards):
        parts.append(KING_OF_SPADES.label if short else "the king of spades")
    if rule.last_trick and last_trick:
        parts.append("last trick" if short else "the last trick")
    return ", ".join(parts) or "nothing"


class ArizonaSpaghettiLayout(FrenchTrickLayout):
    """Arizona Spaghetti at the table: see the module docstring."""

    play = PlayCard

    def __init__(self, port: TablePort) -> None:
        super().__init__(port)
        self.panels = [SeatPanel(0.0) for _ in range(self.seat_count)]
        self.piles = [Pile() for _ in range(self.seat_count)]
        self.banner = Banner()
        self.bubbles = Bubbles()
        self.view: ArizonaSpaghettiView | None = None
        self.round_number = 1
        self.dealer = 0
        self.to_move: int | None = None
        self.won = [0] * self.seat_count
        self.taken: list[list[Card]] = [[] for _ in range(self.seat_count)]
        self.points = [0] * self.seat_count
        self.totals = [0] * self.seat_count
        self.in_trick = 0
        """Cards played to the trick in the middle (some may still be in flight)."""
        self.broken = False
        self.early_reason = ""
        self.won_before_scoring: list[int] = []
        self.shows = {
            HandDealt: self._deal,
            CardPlayed: self._play,
            SuitBroken: self._suit_broken,
            TrickTaken: self._trick_taken,
            RoundEndedEarly: self._ended_early,
            RoundScored: self._round_scored,
        }

    # -- geometry ----------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        t = self.theme
        width, height = size
        margin, gap = t.px(14), t.px(10)
        plate_size, self.small_width = ring_sizes(t, self.seat_count, lines=2)
        base = min(height * 0.19 / 1.4, width * 0.095)
        wanted = max(40, round(base * self.port.card_scale()))
        self.card_width = beside_keys(t, self.sprites, wanted)
        card_h = self.sprites.size(self.card_width)[1]
        hand_h = round(card_h * HAND_BAND)
        beside = margin + plate_size[0] + gap
        # The keys line runs under the hand, between your plate and the Last trick button.
        self.hand_top = self.keys_line.place(t, beside, width - beside, height) - hand_h
        self.fan.layout(pygame.Rect(beside, self.hand_top, width - beside * 2, hand_h), self.card_width)
        self.fan.spawn = (width / 2, height + card_h)
        own = self.panels[0]
        own.layout(pygame.Rect((0, 0), plate_size), (width / 2, self.hand_top + card_h / 2), self.card_width)
        own.plate.bottomleft = (margin, height - margin)
        own.show_cards = False
        button_h = t.px(38)
        self.last_trick.button.rect = pygame.Rect(0, 0, plate_size[0], button_h)
        self.last_trick.button.rect.bottomright = (width - margin, height - margin)
        banner_left = self.port.toolbar_end() + t.px(12)
        banner_w = width - margin - banner_left
        # As tall as the round with the most to say needs, the same all game.
        lines = max(len(self._banner_lines(rule, broken, banner_w)) for rule in ROUNDS for broken in (False, True))
        self.banner.layout(pygame.Rect(banner_left, t.px(12), banner_w, Banner.height_for(t, lines)))
        top = max(self.banner.rect.bottom, t.px(12) + button_h) + gap
        area = pygame.Rect(margin, top, width - margin * 2, self.hand_top - gap - top)
        places = place_seats(self.seat_count, area, plate_size, self.sprites.size(self.small_width))
        for panel, place in zip(self.panels[1:], places[1:], strict=True):
            panel.angle = place.angle
            panel.layout(place.plate, place.cards_center, self.small_width)
        # The trick's cards are sized as the hand's would be without the keys line.
        self._place_trick(area, round(wanted * 0.8))
        self.banner.middle = self.trick.rect.center
        self._place_piles(area)
        self.deck.layout(self.seat_anchor(self.dealer), self.small_width)
        self._prepare_pictures()

    def _place_trick(self, area: pygame.Rect, widest: int) -> None:
        """As large as the middle allows: the largest trick that fits between the
        seats somewhere on the table's middle line, as near its centre as it can be."""
        label_h = self.theme.px(26)
        # A gap round each plate and its cards: a card lies turned a little beyond its
        # place, and Felix's card touched Greta's plate.
        gap = self.theme.px(4)
        blocked = [rect.inflate(gap * 2, gap * 2) for rect in self.seat_rects()]
        width = widest
        rect = pygame.Rect(0, 0, 0, 0)
        while True:
            size = TrickArea.size_for(self.sprites.size(width), label_h, self.seat_count)
            rect = pygame.Rect((0, 0), size)
            clear = [
                y for y in range(area.top + size[1] // 2, area.bottom - size[1] // 2 + 1, 4)
                if rect.move(area.centerx - size[0] // 2, y - size[1] // 2).collidelist(blocked) == -1
            ]
            if clear or width <= MIN_TRICK_WIDTH:
                middle = min(clear, key=lambda y: abs(y - area.centery)) if clear else area.centery
                rect.center = (area.centerx, middle)
                break
            # A pixel at a time: steps of a few per cent lost the last few pixels of a
            # small window's middle, which an eight-card trick needs to stay readable.
            width -= 1
        self.trick.layout(rect, width, self.seat_count, label_h)

    def _place_piles(self, area: pygame.Rect) -> None:
        """Each player's tricks beside their plate, on whichever side is free; yours by
        the Last trick button."""
        t = self.theme
        gap = t.px(8)
        probe = Pile()
        probe.layout((0, 0), self.small_width)
        w, h = probe.rect(self.sprites).size
        taken = [*self.seat_rects(), self.trick.rect, self.banner.rect, self.last_trick.button.rect]
        for position, (panel, pile) in enumerate(zip(self.panels, self.piles, strict=True)):
            if position == 0:
                button = self.last_trick.button.rect
                pile.layout((button.centerx, button.top - gap - h / 2), self.small_width)
                taken.append(pile.rect(self.sprites))
                continue
            plate = panel.plate
            spots = [
                (plate.right + gap + w / 2, plate.centery),
                (plate.left - gap - w / 2, plate.centery),
                (plate.centerx, plate.bottom + gap + h / 2),
                (plate.centerx, plate.top - gap - h / 2),
            ]
            if plate.centerx > area.centerx:
                spots[0], spots[1] = spots[1], spots[0]
            chosen = spots[0]
            for spot in spots:
                pile.layout(spot, self.small_width)
                rect = pile.rect(self.sprites)
                if area.contains(rect) and rect.collidelist(taken) == -1:
                    chosen = spot
                    break
            pile.layout(chosen, self.small_width)
            taken.append(pile.rect(self.sprites))

    def report(self, footprint: Footprint) -> None:
        report_trick(footprint, self.trick, self.sprites)
        footprint.add(Kind.TEXT, self.banner.rect, "banner")
        footprint.add(Kind.CARD, self.fan.room(), "hand")
        self.keys_line.report(self.theme, footprint)
        footprint.add(Kind.CONTROL, self.last_trick.button.rect, "Last trick button")
        for position, panel in enumerate(self.panels):
            footprint.add(Kind.TEXT, panel.plate, f"plate {position}")
            if position and panel.card_count:
                footprint.add(Kind.CARD, panel.cards_rect(self.sprites), f"cards {position}")
        footprint.add_all(Kind.CARD, (pile.rect(self.sprites) for pile in self.piles if pile.count), "taken pile")
        footprint.add_all(Kind.NOTE, self.bubbles.drawn.values(), "bubble")
        if self.banner.callout:
            footprint.add(Kind.NOTE, self.banner.callout_box, "callout")

    def area_rect(self, name: str) -> pygame.Rect | None:
        areas = {
            "hand": self.fan.bounds() if self.fan.slots else None,
            "trick": self.trick.extent(),
            # The round, its point cards and the running totals are all on the banner.
            "banner": self.banner.rect,
            "scores": self.banner.rect,
        }
        return shown(areas.get(name))

    # -- the picture of the table ------------------------------------------------------

    def sync(self, view: GameView) -> None:
        game = cast(ArizonaSpaghettiView, view)
        self.view = game
        self.round_number = game.round_number
        self.dealer = game.dealer
        self.to_move = game.to_move
        self.counts = list(game.hand_counts)
        self.points = list(game.round_points)
        self.totals = list(game.totals)
        self.broken = game.broken
        self.won = [0] * self.seat_count
        self.taken = [[] for _ in range(self.seat_count)]
        for done in game.tricks:
            self.won[done.winner] += 1
            self.taken[done.winner].extend(card for _, card in done.plays)
        for seat, cards in enumerate(self.taken):
            self.piles[self.position_of(seat)].count = len(cards)
        self.in_trick = len(game.trick)
        self.deck.count = 0
        self.trick.plays = [(self.position_of(seat), card) for seat, card in game.trick]
        self.trick.winner = None
        last = game.tricks[-1] if game.tricks else None
        self.last_trick.keep((last.plays, last.winner) if last is not None else None)
        if game.seat == self.bottom:
            self.fan.set_hand(game.hand)
        else:
            self.fan.set_hand((), hidden=game.hand_counts[self.bottom])

    # -- events ------------------------------------------------------------------------

    def beat(self, event: Event) -> Beat | None:
        """A suit broken changes what may be led from now on: read as long as a stop."""
        if isinstance(event, SuitBroken):
            return Beat.STOP
        return super().beat(event)

    def _suit_broken(self, event: SuitBroken) -> None:
        self.broken = True
        # Said for its own beat, as in Spades: said with no beat, it came as the
        # next card was played and was gone a second later.
        self.say_while_held(event.seat, broken_words(event.suit), self.port.reading_time(Beat.STOP))

    def _trick_taken(self, event: TrickTaken) -> None:
        self.take_in_held()
        self.in_trick = 0
        self.to_move = event.seat if any(self.counts) else None
        self.trick.winner = self.position_of(event.seat)
        self.hold_trick(lambda: self._collect(event))

    def _ended_early(self, event: RoundEndedEarly) -> None:
        self.early_reason = event.reason
        self.to_move = None
        self.banner.announce(f"{event.reason} The round ends early.", EARLY_END_SECONDS)
        self.port.animator.wait(EARLY_END_SECONDS, reading=True, on_done=self._gather_hands)

    def _round_scored(self, event: RoundScored) -> None:
        self.port.show_summary(self._summary(event))
        self.totals = list(event.totals)
        self.early_reason = ""

    def _deal(self, event: HandDealt) -> None:
        self.dealer = event.dealer
        self.round_number = event.round_number
        self.counts = [0] * self.seat_count
        self.won = [0] * self.seat_count
        self.taken = [[] for _ in range(self.seat_count)]
        self.points = [0] * self.seat_count
        self.in_trick = 0
        self.broken = False
        for pile in self.piles:
            pile.count = 0
        self.trick.plays = []
        self.last_trick.forget()
        self.fan.set_hand((), hidden=0)
        self.deck.layout(self.seat_anchor(event.dealer), self.small_width)
        self.deck.count = sum(event.counts)
        self.to_move = (event.dealer + 1) % self.seat_count
        self.port.play_sound("shuffle")
        order = list(deal_order(event.dealer, event.counts))
        for i, seat in enumerate(order):
            position = self.position_of(seat)
            panel = self.panels[position]
            width = self.card_width if position == 0 else self.small_width
            self.port.animator.fly(
                None, self.deck.top_center, panel.cards_center, width, DEAL_FLIGHT,
                delay=0.25 + i * DEAL_STAGGER, on_done=lambda s=seat, n=i: self._dealt_one(s, n),
                angles=(0.0, panel.angle),
            )
        self.port.animator.wait(0.25 + len(order) * DEAL_STAGGER + DEAL_FLIGHT, on_done=self.look_at_hand)

    def _play(self, event: CardPlayed) -> None:
        seat, card = event.seat, event.card
        position = self.position_of(seat)
        panel = self.panels[position]
        start = self.card_leaves(seat, card, panel.cards_center)
        self.counts[seat] = max(0, self.counts[seat] - 1)
        self.in_trick += 1
        # A full trick waits for its taker, who is known only when the trick is taken.
        self.to_move = (seat + 1) % self.seat_count if self.in_trick < self.seat_count else None
        self.last_trick.showing = False
        self.port.play_sound("play")
        self.port.animator.fly(
            card, start, self.trick.slot(position, self.sprites), self.trick.card_width, PLAY_FLIGHT,
            on_done=lambda: self.trick.plays.append((position, card)),
            angles=(panel.angle if position else 0.0, self.trick.tilt(position)),
        )

    def _collect(self, taken: TrickTaken) -> None:
        pile = self.piles[self.position_of(taken.seat)]
        self.last_trick.gather(self.port, self.trick, self.seat_at, taken.seat, pile.top_center, lambda cards: self._taken(taken, cards))

    def _taken(self, taken: TrickTaken, cards: list[Card]) -> None:
        self.won[taken.seat] += 1
        self.taken[taken.seat].extend(cards)
        self.points[taken.seat] += taken.points
        self.piles[self.position_of(taken.seat)].count += len(cards)
        if taken.points:
            self.bubbles.say(taken.seat, f"+{taken.points}")

    def _gather_hands(self) -> None:
        """After an early end, the cards nobody played go back to the dealer."""
        target = self.seat_anchor(self.dealer)
        for seat, count in enumerate(self.counts):
            position = self.position_of(seat)
            panel = self.panels[position]
            for i in range(count):
                self.port.animator.fly(
                    None, panel.cards_center, target, self.small_width, GATHER_FLIGHT,
                    ease_in_out_cubic, delay=i * 0.02, angles=(panel.angle, 0.0),
                )
        self.counts = [0] * self.seat_count
        self.fan.set_hand((), hidden=0)

    # -- the end of a round --------------------------------------------------------------

    def _summary(self, scored: RoundScored) -> SummaryTable:
        lead = leaders(scored.totals, lowest_wins=True)
        rows = tuple(
            (self.port.seat_name(seat), self._took(seat), str(scored.points[seat]))
            for seat in range(self.seat_count)
        )
        notes = [f"{self.early_reason} The round ended early."] if self.early_reason else []
        if lead:
            notes.append("In gold: the lowest total so far. The lowest total after six rounds wins.")
        if self.round_number < ROUND_COUNT:
            notes.append(f"Next: {ROUNDS[self.round_number].description}")
        totals = tuple(
            TotalLine(self.port.seat_name(seat), scored.totals[seat], seat in lead)
            for seat in range(self.seat_count)
        )
        rule = ROUNDS[self.round_number - 1]
        title = f"Round {self.round_number} of {ROUND_COUNT}: {rule.name}"
        return SummaryTable(title, ("Player", "Took", "Points"), rows, tuple(notes), totals, "Next round")

    def _took(self, seat: int, brief: bool = False, short: bool = False) -> str:
        """What ``seat`` took that costs this round; ``brief`` keeps only the first item,
        or the tricks while nothing costly was taken (a plate has room for a few words);
        ``short`` as ``took_text`` says."""
        rule = ROUNDS[self.round_number - 1]
        took_last = self.last_trick.last is not None and self.last_trick.last[1] == seat and not any(self.counts)
        held = [card for _, card in self.trick.plays] if self.held_by(seat) else []
        won = self.won[seat] + bool(held)
        text = took_text(rule, won, [*self.taken[seat], *held], took_last, short)
        if brief:
            return tricks_text(won) if text == "nothing" else text.split(", ")[0]
        return text

    def score_sheet(self, events: Sequence[Event]) -> ScoreSheet | None:
        rounds = [event for event in events if isinstance(event, RoundScored)]
        if not rounds:
            return None
        groups = tuple((self.port.seat_name(seat), 1) for seat in range(self.seat_count))
        headers = ("Round", *("Total",) * self.seat_count)
        rows = tuple(
            (f"{number} {ROUNDS[number - 1].name}", *(f"{total} (+{points})" if self.seat_count <= 5 else str(total)
                                                       for points, total in zip(scored.points, scored.totals, strict=True)))
            for number, scored in enumerate(rounds, start=1)
        )
        return ScoreSheet(groups, headers, rows)

    # -- the player's turn ---------------------------------------------------------------

    def turn_prompt(self) -> str:
        return "It is your turn to play. Make sure nobody else can see the screen."

    def opening_events(self, view: GameView) -> list[Event]:
        game = cast(ArizonaSpaghettiView, view)
        return [HandDealt(game.dealer, game.hand_counts, game.round_number)]

    # -- frame ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.update_seats(dt)
        self.keys_line.keys = self.keys_now()
        self.banner.update(dt)
        self._refresh()

    def _refresh(self) -> None:
        lead = leaders(self.totals, lowest_wins=True)

        def lines(seat: int) -> list[str]:
            panel = self.panels[self.position_of(seat)]
            return [self._plate_line(panel, candidates) for candidates in self._plate_lines(seat, seat in lead)]

        self.refresh_plates(self.panels, self.counts, self.to_move, self.dealer, lines)
        for position, panel in enumerate(self.panels):
            panel.highlight = th.ACCENT if self.seat_at(position) in lead else None
        self.trick.names = {position: self.port.seat_name(self.seat_at(position)) for position in range(self.seat_count)}
        rule = ROUNDS[self.round_number - 1]
        self.banner.title = f"Round {self.round_number} of {ROUND_COUNT}: {rule.name}"
        self.banner.lines = self._banner_lines(rule, self.broken, self.banner.rect.width)

    def _plate_lines(self, seat: int, lowest: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """A plate's two lines, each as ways of saying it from the fullest to the
        shortest: what ``seat`` took and paid this round, and its total."""
        held = self.held_by(seat)
        points = self.points[seat] + (held.points if isinstance(held, TrickTaken) else 0)
        took = self._took(seat, brief=True)
        short = self._took(seat, brief=True, short=True)
        total = self.totals[seat]
        said = (f"{took}  \u00b7  {points} pts", f"{short}  \u00b7  {points} pts", f"{short} \u00b7 {points}")
        if not lowest:
            return said, (f"Total {total}",)
        return said, (f"Total {total}  \u00b7  lowest", f"Total {total} \u00b7 lowest", f"{total} \u00b7 lowest")

    def _plate_line(self, panel: SeatPanel, candidates: tuple[str, ...]) -> str:
        """The fullest of ``candidates`` that fits on ``panel`` whole at its size, else
        the shortest (the plate shrinks it rather than cut it)."""
        return next((line for line in candidates if panel.fits(self.theme, line)), candidates[-1])

    def _banner_lines(self, rule: RoundRule, broken: bool, width: int) -> list[str]:
        """What the round costs and what may be led: on one line when it fits the
        banner at full size, else on two (never shrunk)."""
        costs, leading = costs_text(rule), restriction_text(rule.restricted, broken)
        one = f"{costs}  \u00b7  {leading}"
        return [one] if Banner.fits(self.theme, width, one) else [costs, leading]

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        self.draw_trick(surface, [pile.rect(self.sprites) for pile in self.piles])
        for pile in self.piles:
            pile.draw(surface, t, self.sprites)
        self.draw_seats(surface, t)
        self.banner.draw(surface, t)

    def _bubble_anchor(self, seat: int) -> Anchor:
        plate = self.panels[self.position_of(seat)].plate
        return plate.midtop, True
