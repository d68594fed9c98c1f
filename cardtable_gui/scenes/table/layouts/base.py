"""What the table scene asks of a game's arrangement.

The scene runs the match, the animator, the pass-and-play cover, the hand summary and
the game-over panel for every game. A ``GameLayout`` is the part that knows one game:
where its seats, piles and trick go, how each of its events is animated, what its
player's turn looks like (a bidding panel, a playable hand) and how a hand is summed up.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.rules.base import Action, CardPlayed, Event, GameView
from cardtable_gui.scenes.table.footprint import Footprint, Kind
from cardtable_gui.scenes.table.game_over import ScoreSheet
from cardtable_gui.scenes.table.pace import Beat
from cardtable_gui.ui import theme as th

if TYPE_CHECKING:
    from cardtable_gui.scenes.table.bubbles import Bubbles
    from cardtable_gui.scenes.table.card_sprites import CardSprites
    from cardtable_gui.scenes.table.hand_fan import HandFan
    from cardtable_gui.scenes.table.play_log import PlayLog
    from cardtable_gui.scenes.table.port import TablePort
    from cardtable_gui.scenes.table.seat_panel import SeatPanel
    from cardtable_gui.scenes.table.trick_area import TrickArea

EventShows = Mapping[type[Event], Callable[[Any], None]]
"""How a table shows each kind of its game's events: by event class, a show that
takes an event of that class (hence ``Any``: no one parameter type names them all)."""


def show_event(shows: EventShows, event: Event) -> None:
    """Start the show ``shows`` names for ``event``'s kind: the nearest class in its
    ancestry, so that a kind of card played (a spinado) shows as itself, not as any
    card. An event of a kind not named there shows nothing."""
    for kind in type(event).__mro__:
        show = shows.get(kind)
        if show is not None:
            show(event)
            return


class GameLayout(ABC):
    """One game's table. ``port`` is all it may use of the table: the game through its
    seam (read only), the animator, card sprites, sound, the theme, and
    ``port.submit(action)`` for the player's moves."""

    def __init__(self, port: TablePort) -> None:
        self.port = port
        self.seat_count = port.match.players
        self.bottom = 0
        """The seat drawn at the bottom: the person playing (see ``reset``)."""
        self.hinted: Action | None = None
        """The move the Hint suggests now, marked on the table (see ``show_hint``)."""
        self.fan: HandFan
        """The bottom seat's hand, which every game's layout lays out."""
        self.panels: list[SeatPanel]
        """The seats' plates, by position around the table."""
        self.bubbles: Bubbles
        """What the seats say, next to their plates."""
        self.size: tuple[int, int]
        """The window laid out for, (0, 0) until ``layout`` is first called."""
        self.shows: EventShows = {}
        """How the game's events show, by kind (see ``on_event``)."""

    @property
    def theme(self) -> th.Theme:
        return self.port.theme()

    def position_of(self, seat: int) -> int:
        """Where ``seat`` sits in the picture: 0 at the bottom, then clockwise."""
        return (seat - self.bottom) % self.seat_count

    def seat_at(self, position: int) -> int:
        """The seat at ``position`` in the picture."""
        return (self.bottom + position) % self.seat_count

    @abstractmethod
    def layout(self, size: tuple[int, int]) -> None:
        """Place everything for a window of ``size``."""

    def reset(self, view: GameView, bottom: int) -> None:
        """Show ``view`` as it is, with no animation; ``bottom`` is the seat drawn at
        the bottom (the view may be a spectator's when that hand must stay hidden)."""
        self.bottom = bottom
        self.port.animator.clear()
        self.bubbles.clear()
        self.fan.slots = []
        self.forget(view)
        self.sync(view)
        if self.size != (0, 0):
            self.layout(self.size)

    def forget(self, view: GameView) -> None:
        """Take down what the game's own parts showed of the position before ``reset``
        (an open last trick, a callout, a half-made move), and rebuild from ``view``
        what is kept over a hand (a log of plays): the table jumps to a new position."""

    @abstractmethod
    def sync(self, view: GameView) -> None:
        """The match has settled: make the picture agree with ``view`` exactly."""

    def on_event(self, event: Event) -> None:
        """Show one event, starting animations on ``port.animator``: the show that
        ``shows`` names for its kind."""
        show_event(self.shows, event)

    @abstractmethod
    def begin_turn(self, legal: list[Action]) -> None:
        """The bottom seat's person is to move with these choices: offer them."""

    @abstractmethod
    def end_turn(self) -> None:
        """Take the choices away (the move was made, or the table is covered)."""

    @abstractmethod
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Input for the game's own controls; True when used."""

    @abstractmethod
    def update(self, dt: float) -> None: ...

    def update_seats(self, dt: float) -> None:
        """Move what every table moves each frame: the hand, the seats' plates and
        what the seats say."""
        self.fan.update(dt)
        for panel in self.panels:
            panel.update(dt)
        self.bubbles.update(dt)

    def card_leaves(self, seat: int, card: Card, seat_spot: tuple[float, float]) -> tuple[float, float]:
        """Where ``card``, played by ``seat``, starts its flight: its place in the
        bottom hand when it is there, else ``seat_spot``; a bottom hand shown face
        down loses a back, as a hand held face up loses the card."""
        if seat == self.bottom and self.fan.index_of(card) is not None:
            return self.fan.remove(card)
        if seat == self.bottom:
            self.fan.set_hand((), hidden=max(0, len(self.fan.slots) - 1))
        return seat_spot

    @abstractmethod
    def draw(self, surface: pygame.Surface) -> None:
        """The whole table below the scene's own panels."""

    def draw_over_flights(self, surface: pygame.Surface) -> None:
        """What is drawn above the cards in flight: a note about a move must not be
        hidden by the very cards it talks about (a pile flying over "Into the hand")."""

    def draw_held(self, surface: pygame.Surface) -> None:
        """What the player is dragging, above everything else, the notes included."""
        self.fan.draw_held(surface)

    def play_log(self) -> PlayLog | None:
        """The table's log of the last plays, if it keeps one (the scene opens it over
        the table while it is pointed at)."""
        return None

    def show_held(self, event: Event | None) -> None:
        """Show what may be shown of ``event`` while the table keeps it back (a lesson
        keeps a finished trick on the table while it talks about it): who takes the
        trick, without taking it in. None: show nothing of it (a question about it is
        open)."""

    def hand_orders(self) -> dict[int, list[Card]]:
        """Each person's hand as they arranged it, for a save, where the game keeps an
        order of the player's own; none where hands are always shown sorted."""
        return {}

    def keep_hand_orders(self, orders: dict[int, list[Card]]) -> None:
        """Show each seat's hand in ``orders`` (a save's) when it is next shown."""

    @abstractmethod
    def report(self, footprint: Footprint) -> None:
        """Add every visible piece of the table to ``footprint``, each with its kind:
        the scene places its notes clear of them, and tests check nothing leaves the
        window or lies under a note."""

    def element_rects(self) -> list[pygame.Rect]:
        """Every visible element's rect (what ``report`` adds)."""
        footprint = Footprint(pygame.Rect(0, 0, 0, 0))
        self.report(footprint)
        return footprint.rects()

    def solid_rects(self) -> list[pygame.Rect]:
        """The cards, controls, play areas, words and the log drawn now, and the table's
        own buttons: what a seat's bubble keeps clear of ("Opened with 80" hid a seat's
        name; "Opened with 260" the Rules button)."""
        footprint = Footprint(pygame.Rect(0, 0, 0, 0))
        self.report(footprint)
        return footprint.rects((Kind.CARD, Kind.CONTROL, Kind.BOARD, Kind.LOG, Kind.TEXT)) + self.port.toolbar()

    def refresh_plates(
        self,
        panels: Sequence[SeatPanel],
        counts: Sequence[int],
        to_move: int | None,
        dealer: int,
        lines: Callable[[int], list[str]],
        turn_text: str | None = None,
    ) -> None:
        """What every game's plates say each frame: the seat's name and ``lines``
        (asked of each seat), its cards, whether it is to move (``turn_text`` says
        to do what), waited for, or deals. ``panels`` go by position around the table."""
        thinking = self.port.match.thinking_seat
        # With the hand's summary or the final result up, nobody is about to move.
        paused = self.port.paused()
        for position, panel in enumerate(panels):
            seat = self.seat_at(position)
            panel.name = self.port.seat_name(seat)
            panel.lines = lines(seat)
            panel.card_count = counts[seat]
            panel.active = to_move == seat and not paused
            if turn_text is not None:
                panel.turn_text = turn_text
            # A friend whose connection is down shows it at once, whoever's turn it is.
            panel.thinking = (thinking == seat or self.port.match.away(seat)) and not paused
            panel.waiting_words = self.port.match.waiting_words(seat)
            panel.dealer = dealer == seat

    def top_bar(self, band: int) -> list[pygame.Rect]:
        """What the game lays along the top of the window beside the scene's buttons,
        whose bottom is at ``band``: its banner or scores when they reach up into the
        buttons' band. A summary leaves the top bar in sight."""
        pieces = (self.area_rect(name) for name in ("banner", "scores"))
        return [piece for piece in pieces if piece is not None and piece.top < band]

    @abstractmethod
    def message_anchor(self) -> tuple[int, int]:
        """Where the bottom centre of a refused move's message goes (above the hand)."""

    def shown_with_the_last(self, event: Event) -> bool:
        """Whether ``event`` is part of the one just shown and is shown at once, not
        after that one's animation (a stack's next card, face up as soon as the card
        above it leaves)."""
        return False

    def beat(self, event: Event) -> Beat | None:
        """How long ``event`` stays in view before the next one shows (see ``pace``),
        or None when it needs no reading time of its own. A card a computer plays gets
        a beat; the person's own cards need none: they just chose them."""
        if isinstance(event, CardPlayed) and not self.port.match.is_human(event.seat):
            return Beat.PLAY
        return None

    def hold_trick(self, gather: Callable[[], None]) -> None:
        """A trick just won stays on the cloth, its taker named, for a trick's beat;
        then ``gather`` takes it away. The layout holds it itself (its ``beat`` is
        None): the beat is the time before the gathering, not after it."""
        self.port.animator.hold(self.port.reading_time(Beat.TRICK), on_done=gather)

    def show_hint(self, action: Action | None) -> None:
        """Mark ``action``, the Hint's suggestion, on the table; None takes the mark away."""
        self.hinted = action

    def hint_area(self) -> pygame.Rect | None:
        """Where the Hint's reason goes: at the top of this area, as wide as it;
        None puts it above the hand, where a refused move's reason goes."""
        return None

    def hint_rects(self) -> list[pygame.Rect]:
        """Where the hinted move's cards and target are drawn now (the Hint rings them)."""
        return []

    def area_rect(self, name: str) -> pygame.Rect | None:
        """Where the table area ``name`` (a lesson's ``hand``, ``trick``, ``scores``...) is drawn now; None when not shown."""
        return None

    def card_rects(self, card: Card) -> list[pygame.Rect]:
        """Where ``card`` is drawn face up now (hand, trick, board...), for a lesson to ring it."""
        return []

    def mark_in_hand(self, cards: Sequence[Card]) -> list[pygame.Rect]:
        """Have the hand ring those of ``cards`` it holds, drawn with the cards (a ring
        drawn over the hand ran across the neighbours of a raised or turned card);
        where they are, which a lesson then leaves out of its own rings."""
        self.fan.ring(cards)
        return [rect for card in cards for rect in hand_card_rects(self.fan, card)]

    def opening_events(self, view: GameView) -> list[Event]:
        """Events that show how the game began (the first deal happens inside
        ``new_game``, before the match has any events); animated when a table opens on
        a fresh game."""
        return []

    def score_sheet(self, events: Sequence[Event]) -> ScoreSheet | None:
        """The game-over score sheet, one row per hand, read from every ``events`` of
        the game; None for a game that keeps no such sheet."""
        return None

    def close_overlay(self) -> bool:
        """Esc: close the game's topmost panel of its own (a question, the last trick
        shown); False when none was open."""
        return False

    def can_take_back(self) -> bool:
        """Whether the game's own controls hold a step not played yet (cards staged
        for a meld) that Undo takes back before any move."""
        return False

    def take_back(self) -> None:
        """Take back the last such step (see ``can_take_back``)."""

    def staged_move(self) -> Action | None:
        """The move those staged steps make if the player goes ahead with them now (a
        meld staged on the books), or None. The Hint advises on the rest of the turn as
        if it were made: the staged move itself is the player's already."""
        return None

    def refused(self) -> None:
        """The rules refused the move the player just offered: the card picked for it
        drops back into the hand, so nothing looks as if it were still on its way."""
        self.fan.select(None)

    def own_view_now(self) -> GameView | None:
        """The bottom seat's view as the match holds it now, when the person at the
        table may see that hand: it is their own (at a shared screen, once they have
        taken the seat behind the cover); None otherwise. A hand just dealt turns face
        up from it as soon as the deal lands: the computers may play a long while
        before the person's first turn, and the hand must not stay backs till then."""
        viewer = self.port.viewer()
        if viewer is None or viewer != self.bottom:
            return None
        return self.port.match.view_for(viewer)

    def hide_hand(self) -> None:
        """Turn the bottom hand face down where it lies (at a shared screen, the cards
        of the person who just played while the others play, or read the hand's
        summary); a hand already face down stays as it is."""
        self.fan.set_hand([], hidden=len(self.fan.slots))

    def turn_prompt(self) -> str:
        """What the cover says the next person is about to do."""
        return "It is your turn."

    def confirm_question(self, action: Action) -> str | None:
        """What to ask before ``action`` goes ahead when the player wants to be asked
        ("Play the queen of spades?"), or None for a move that needs no asking. Any
        move that puts one card on the table is asked about. The card is named in words:
        the table's font has no suit symbols."""
        card = getattr(action, "card", None)
        return f"Play the {card.name}?" if isinstance(card, Card) else None


def trick_card_rects(trick: TrickArea, sprites: CardSprites, card: Card) -> list[pygame.Rect]:
    """Where ``card`` lies in ``trick`` now (one rect, or none when it is not there)."""
    rects = []
    for position, played in trick.plays:
        if played == card:
            rects.append(trick.card_rect(position, sprites))
    return rects


def report_trick(footprint: Footprint, trick: TrickArea, sprites: CardSprites) -> None:
    """The trick into ``footprint`` as last drawn (the trick in play, or the last one
    shown again): each card, its name tag and the trick's caption, and around
    them the area a note may lie over at a pinch (its middle is mostly felt, and the
    nearest free space to the hand)."""
    footprint.add(Kind.AREA, trick.rect, "trick area")
    footprint.add(Kind.AREA, trick.ground_box, "last trick's ground")
    footprint.add_all(Kind.CARD, trick.drawn, "trick card")
    footprint.add_all(Kind.CARD, trick.indices, "trick card's index")
    footprint.add_all(Kind.TEXT, trick.label_boxes, "name tag")
    footprint.add(Kind.TEXT, trick.caption_box, "trick's caption")
    footprint.add(Kind.TEXT, trick.prompt_box, "turn's caption")


def hand_card_rects(fan: HandFan, card: Card) -> list[pygame.Rect]:
    """The part of ``card`` that shows in the hand ``fan`` as it is drawn now, which a
    lesson's panel keeps clear of: up to where the next card covers it, or the whole
    card, turned with the fan, when nothing covers it or it stands raised above the
    next card (whose edge would cut off the raised card's top, which shows)."""
    rects = []
    for index in fan.indices_of([card]):
        rect = fan.card_rect(index)
        following = index + 1
        if following < len(fan.slots) and not fan.stands_above(index, following):
            edge = fan.card_rect(following).left
            if rect.left < edge < rect.right:
                rect.width = edge - rect.left
        else:
            rect = fan.drawn_rect(index)
        rects.append(rect)
    return rects


def shown(rect: pygame.Rect | None) -> pygame.Rect | None:
    """``rect``, or None when it has no size (an area not drawn now)."""
    return rect if rect is not None and rect.width > 0 and rect.height > 0 else None
