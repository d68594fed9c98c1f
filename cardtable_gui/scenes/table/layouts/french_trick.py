"""What the tables of the French-deck trick games share.

Spades and Arizona Spaghetti are laid out alike: the player's hand fanned at the
bottom, played by dragging a card into the trick in the middle, the other seats'
backs by their plates, and the last trick to look back at. This base holds that part;
each game adds its seats, its scores and its own turn (Spades' bids).

Spizzichino's table stays on ``GameLayout`` on purpose: its forty-card deck, its
face-up stacks to play from and its two seats make a different table, although it
too plays tricks.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

import pygame

from cardtable_gui.cards import Card, french_deck
from cardtable_gui.rules.base import Action, Event, GameView, TrickWon
from cardtable_gui.rules.tricks import InternedPlay
from cardtable_gui.scenes.table.bubbles import BUBBLE_SECONDS, FADE_SECONDS, Anchor
from cardtable_gui.scenes.table.hand_fan import HandFan
from cardtable_gui.scenes.table.hand_play import ENDS, PICK_AND_PLAY, HandPlay, with_pick
from cardtable_gui.scenes.table.keys_line import HINT, KeysLine
from cardtable_gui.scenes.table.last_trick import LastTrick
from cardtable_gui.scenes.table.layouts.base import GameLayout, hand_card_rects, trick_card_rects
from cardtable_gui.scenes.table.pile import Pile
from cardtable_gui.scenes.table.trick_area import TrickArea
from cardtable_gui.ui import theme as th

if TYPE_CHECKING:
    from cardtable_gui.scenes.table.port import TablePort


class FrenchTrickLayout(GameLayout):
    """A French-deck trick game's table: see the module docstring. ``play`` is the
    game's move that plays a card."""

    play: ClassVar[type[InternedPlay]]

    def __init__(self, port: TablePort) -> None:
        super().__init__(port)
        self.sprites = port.sprites
        self.fan = HandFan(self.sprites)
        self.trick = TrickArea(seats=self.seat_count)
        self.hand_play = HandPlay(self.fan, self.trick, self._try_play, port.note_briefly)
        self.last_trick = LastTrick()
        self.held: TrickWon | None = None
        """A finished trick a lesson keeps on the table while it talks about it, counted
        for its taker on the plates before it is taken in (see ``show_held``)."""
        self.deck = Pile()
        """The deck being dealt, by the dealer's seat."""
        self.counts = [0] * self.seat_count
        """Cards in each seat's hand, by seat, as the picture shows them now."""
        self.size = (0, 0)
        self.card_width = 100
        """The hand's cards, set by ``layout``."""
        self.small_width = 40
        """The other seats' backs, set by ``layout``."""
        self.hand_top = 0
        self.keys_line = KeysLine(hint=port.gives_hints)

    def _prepare_pictures(self) -> None:
        """Every picture this table can show at its sizes: backs, then the hand (any
        card may come to it, those held now first), then the trick's faces."""
        hand_first = [*self.fan.cards, *french_deck()]
        self.sprites.prepare([
            (None, self.small_width),
            (None, self.card_width),
            *((card, self.card_width) for card in dict.fromkeys(hand_first)),
            *((card, self.trick.card_width) for card in french_deck()),
        ])

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        """Where a seat's cards gather: the deck sits here when that seat deals, and
        tricks it wins fly here."""
        panel = self.panels[self.position_of(seat)]
        cx, cy = panel.cards_center
        mx, my = self.trick.rect.center
        return (cx + (mx - cx) * 0.25, cy + (my - cy) * 0.25)

    def message_anchor(self) -> tuple[int, int]:
        return (self.size[0] // 2, self.hand_top - self.theme.px(12))

    def card_rects(self, card: Card) -> list[pygame.Rect]:
        return hand_card_rects(self.fan, card) + trick_card_rects(self.trick, self.sprites, card)

    def _dealt_one(self, seat: int, number: int) -> None:
        """The deal's card ``number`` has reached ``seat``: a deal is heard once a round."""
        self.counts[seat] += 1
        self.deck.count -= 1
        if seat == self.bottom:
            self.fan.set_hand((), hidden=self.counts[seat])
        if number % self.seat_count == 0:
            self.port.play_sound("deal")

    def look_at_hand(self) -> None:
        """The deal has landed: the person's own cards turn face up at once, though the
        computers may bid or play a while before the person's first turn. A hand the
        game keeps face down (Spades, while a blind nil may still be bid) stays so."""
        hand: tuple[Card, ...] = getattr(self.own_view_now(), "hand", ())
        if hand:
            self.fan.set_hand(hand)

    def forget(self, view: GameView) -> None:
        self.last_trick.showing = False
        self.held = None

    def begin_turn(self, legal: list[Action]) -> None:
        """The cards the player may play are lit, to drag into the trick."""
        self.fan.set_legal([a.card for a in legal if isinstance(a, self.play)], True)
        self.trick.caption = "Your turn: drag a card here"

    def keys_now(self) -> tuple[str, ...]:
        """The keys that work now, most useful first: the hand's while a card is to be
        played, none while others play."""
        return with_pick((*PICK_AND_PLAY, HINT, ENDS), self.fan) if self.fan.active else ()

    def end_turn(self) -> None:
        self.fan.set_legal((), False)
        self.trick.caption = ""
        self.trick.drop_ready = self.trick.drop_hot = False

    def show_held(self, event: Event | None) -> None:
        # Counted as well as marked: "40 points for Bruno" stood over a plate that said 0.
        self.held = event if isinstance(event, TrickWon) else None
        self.trick.winner = self.position_of(self.held.seat) if self.held is not None else None

    def held_by(self, seat: int) -> TrickWon | None:
        """The trick kept on the table, if ``seat`` takes it."""
        return self.held if self.held is not None and self.held.seat == seat else None

    def take_in_held(self) -> None:
        """The kept trick is being taken in, and counted from now on as any other."""
        self.held = None

    def show_hint(self, action: Action | None) -> None:
        super().show_hint(action)
        self.fan.show_hint([action.card] if isinstance(action, self.play) else [])

    def close_overlay(self) -> bool:
        return self.last_trick.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.last_trick.handle_event(event) or self.hand_play.handle_event(event)

    def _try_play(self, card: Card) -> None:
        self.port.submit(self.play(card))

    def seat_rects(self) -> list[pygame.Rect]:
        """Every seat's plate and the others' cards."""
        rects = [panel.plate for panel in self.panels]
        rects += [panel.cards_rect(self.sprites) for panel in self.panels[1:]]
        return rects

    def draw_trick(self, surface: pygame.Surface, also_clear: Sequence[pygame.Rect] = ()) -> None:
        """The trick under way, or the last one shown again, its names and caption clear
        of the seats, the hand and ``also_clear``. Drawn first: a name tag under a plate
        or the hand would be hidden (and "Last trick: Ada took it" lay on Cleo's tag)."""
        self.trick.keep_clear = [*self.seat_rects(), self.fan.room(), *also_clear]
        self.last_trick.draw_trick(surface, self.theme, self.sprites, self.trick, self.position_of, self.port.seat_name)

    def draw_seats(self, surface: pygame.Surface, t: th.Theme) -> None:
        """The deck, the seats' plates with their backs, the hand and what the seats
        say, with the last trick's button over them: drawn after the trick."""
        self.deck.draw(surface, t, self.sprites)
        for panel in self.panels:
            panel.draw(surface, t, self.sprites)
        self.fan.draw(surface)
        self.keys_line.draw(surface, t)
        self.bubbles.draw(surface, t, self._bubble_anchor, self.solid_rects())
        self.last_trick.draw_button(surface, t)

    @abstractmethod
    def _bubble_anchor(self, seat: int) -> Anchor:
        """Where ``seat``'s bubble points, and whether it stands above that point."""

    def say_while_held(self, seat: int, text: str, held: float) -> None:
        """Say ``text`` over ``seat`` at least as long as the table waits on it:
        ``held`` seconds of the animator's reading time, which a watch's pace scales."""
        self.bubbles.say(seat, text, max(BUBBLE_SECONDS, held / self.port.animator.reading_speed() + FADE_SECONDS))
