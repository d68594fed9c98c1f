"""The hint path (no tests here): at the bottom person's decision, press H and carry
the hinted move out only through what the hint marks on the table (the ringed card,
bid, pile, stack, book or button), with real pygame events, as a player following
the hint would; then say whether the match applied exactly the hinted move.

Cards are put on the table the two ways a player expects, in turn: dragged onto the
table, or clicked twice. A Hand and Foot meld is made by the one button the hint
rings for it, Lay down, with nothing chosen by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from cardtable_gui.ai.advice import Advice
from cardtable_gui.app_window import App
from cardtable_gui.cards import Card
from cardtable_gui.rules import hand_and_foot as hf
from cardtable_gui.rules import spizzichino as sz
from cardtable_gui.rules.base import Action
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.hand_fan import HandFan
from tests.scenes.test_table_support import click, drag, frames, post, run_until, show_my_cards

LONG_FRAME = 0.5
"""Seconds of table time per frame while the computers play between decisions."""

SETTLE_FRAMES = 20
"""Frames a carried-out move has to reach the match before the path counts as failed:
a click is applied within a frame or two, a drop within its flight."""


@dataclass(frozen=True, slots=True)
class PathResult:
    """One hinted move carried out: its kind, the hint's words, and why it failed
    (empty when the match applied exactly the hinted move)."""

    kind: str
    move: Action | None
    reason: str
    failure: str
    played: bool = False

    @property
    def ok(self) -> bool:
        return not self.failure


class PathBroken(Exception):
    """The hinted move cannot be carried out with what the hint marks."""


def press_h(app: App) -> None:
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")
    frames(app)


def deciding(scene: TableScene) -> bool:
    """The bottom person is to decide and may ask for a hint."""
    return scene.hint_refusal() is None


def next_decision(app: App, scene: TableScene) -> bool:
    """Run the table to the person's next decision, clicking through the cover and the
    hand's summary; False once the game is over. The frames between are long ones:
    what happens meanwhile is the computers' turns and their cards' flights."""
    while True:
        run_until(
            app,
            lambda: deciding(scene) or scene.summary.visible or scene.handoff.visible or scene.game_over.visible,
            dt=LONG_FRAME,
        )
        if scene.game_over.visible:
            return False
        if deciding(scene):
            return True
        if scene.handoff.visible:
            show_my_cards(app, scene)
        elif scene.summary.visible:
            click(app, scene.summary.button.rect.center)


def follow_hint(app: App, scene: TableScene, by_drag: bool) -> PathResult:
    """Press H at the person's decision and carry out the hint through its marks."""
    before = len(scene.match.history)
    press_h(app)
    # H answers as soon as the turn is the person's; the table offers the choices
    # (and rings them) once the last card's flight, which H hurries, has landed. Cards
    # that just landed, and the hinted ones rising, still glide to their places in
    # the hand: a person aims at a card once it has stopped moving.
    run_until(app, lambda: scene.offering is not None and hand_at_rest(scene))
    advice = scene.hint.advice
    if advice is None:
        return PathResult("none", None, scene.message or "", "H showed no hint at the person's decision")
    try:
        CARRY[scene.config.game](app, scene, advice, by_drag)
    except PathBroken as broken:
        return _result(advice, str(broken))
    for _ in range(SETTLE_FRAMES):
        if len(scene.match.history) > before:
            break
        frames(app)
    if len(scene.match.history) == before:
        refusal = f" (the table said: {scene.message})" if scene.message else ""
        return _result(advice, f"nothing was played{refusal}")
    applied = scene.match.history[before]
    if not same_move(applied, advice.action):
        return _result(advice, f"the match applied {applied} instead", played=True)
    return _result(advice, "", played=True)


def hand_at_rest(scene: TableScene) -> bool:
    """Every card of the person's hand (if the table shows one) is where it is going."""
    fan: HandFan | None = getattr(scene.table, "fan", None)
    if fan is None:
        return True
    return all(abs(s.x - s.target_x) < 1 and abs(s.y - s.target_y) < 1 for s in fan.slots)


def same_move(played: Action, hinted: Action) -> bool:
    """The same move: a meld's cards may be listed in another order within a book."""
    if isinstance(played, hf.Meld) and isinstance(hinted, hf.Meld):
        return _books(played.groups) == _books(hinted.groups)
    if isinstance(played, hf.TakePile) and isinstance(hinted, hf.TakePile):
        return set(played.pair) == set(hinted.pair) and _books(played.meld) == _books(hinted.meld)
    return played == hinted


def _books(groups: tuple[hf.MeldGroup, ...]) -> list[tuple[int, list[str]]]:
    return sorted((-1 if g.book is None else g.book, sorted(str(c) for c in g.cards)) for g in groups)


def _result(advice: Advice, failure: str, played: bool = False) -> PathResult:
    return PathResult(type(advice.action).__name__, advice.action, advice.reason, failure, played)


def move_on(app: App, scene: TableScene, result: PathResult) -> None:
    """After a broken path, put back what it left half done and make the hinted move
    directly, so that the tour goes on to the next position."""
    scene.hide_hint()
    controls = getattr(scene.table, "controls", None)
    if controls is not None:
        controls.cancel()
    fan = getattr(scene.table, "fan", None)
    if hasattr(fan, "clear_choice"):
        fan.clear_choice()
    if result.move is not None and not result.played and deciding(scene):
        assert scene.submit(result.move), f"the hinted {result.move} is legal"
    frames(app)


# -- the hand --------------------------------------------------------------------------


def card_point(fan: HandFan, card: Card, copy: int = 0) -> tuple[int, int]:
    """A point of ``card``'s picture in the hand (its ``copy``-th, with two decks)
    that a click there reaches (not under its neighbour)."""
    indices = [i for i, slot in enumerate(fan.slots) if slot.card == card]
    if len(indices) <= copy:
        raise PathBroken(f"the {card.name} is not in the hand")
    index = indices[copy]
    rect = fan.card_rect(index)
    for fx in (0.1, 0.05, 0.2, 0.3, 0.5, 0.7, 0.9):
        for fy in (0.25, 0.5, 0.1, 0.75):
            point = (rect.left + int(rect.width * fx), rect.top + int(rect.height * fy))
            if fan.hit_test(point) == index:
                return point
    raise PathBroken(f"the {card.name} cannot be reached in the hand")


def ringed_cards(scene: TableScene) -> tuple[Card, ...]:
    fan: HandFan = scene.table.fan  # type: ignore[attr-defined]
    if not fan.hinted:
        raise PathBroken("no card is outlined in the hand")
    return fan.hinted


def put_card(app: App, scene: TableScene, card: Card, place: pygame.Rect, by_drag: bool) -> None:
    """Drag ``card`` from the hand onto ``place``, or click it twice."""
    fan: HandFan = scene.table.fan  # type: ignore[attr-defined]
    start = card_point(fan, card)
    if by_drag:
        drag(app, start, place.center)
    else:
        click(app, start)
        click(app, card_point(fan, card) if fan.indices_of([card]) else start)
    confirm(app, scene)


def confirm(app: App, scene: TableScene) -> None:
    """Answer Play when the table asks before playing (a setting, or the spinado)."""
    if scene.confirm.visible:
        click(app, scene.confirm.play.rect.center)


def ring(scene: TableScene, index: int = 0) -> pygame.Rect:
    marks = scene.table.hint_rects()
    if len(marks) <= index:
        raise PathBroken(f"the hint rings {len(marks)} places on the table, the move needs {index + 1}")
    return marks[index]


def ringed(scene: TableScene, control: pygame.Rect, name: str) -> pygame.Rect:
    """``control``, which must be one of the places the hint rings."""
    if control not in scene.table.hint_rects():
        raise PathBroken(f"the hint does not ring {name}, the control that makes the move")
    return control


# -- each game's controls ---------------------------------------------------------------


def carry_trick_card(app: App, scene: TableScene, advice: Advice, by_drag: bool) -> None:
    """Spades, Arizona Spaghetti: a ringed bid (then its Bid button, and the ringed
    answer to its question if it asks one), or the outlined card played onto the trick."""
    table = scene.table
    if type(advice.action).__name__ != "PlayCard":
        click(app, ring(scene).center)
        bidding = table.bidding  # type: ignore[attr-defined]
        if bidding.visible and bidding.confirm_label is not None and bidding.asking is None:
            click(app, bidding.confirm_button.rect.center)
        if bidding.visible and bidding.asking is not None:
            # A bid with a question (Nil): the hint rings the answer that places it.
            click(app, ring(scene).center)
        return
    put_card(app, scene, ringed_cards(scene)[0], table.trick.rect, by_drag)  # type: ignore[attr-defined]


def carry_spinado(app: App, scene: TableScene, advice: Advice, by_drag: bool) -> None:
    """The ringed Spinado button first when it is ringed, then the first outlined card
    onto the board."""
    if scene.table.hint_rects():
        click(app, ring(scene).center)
    put_card(app, scene, ringed_cards(scene)[0], scene.table.board.rect, by_drag)  # type: ignore[attr-defined]


def carry_spizzichino(app: App, scene: TableScene, advice: Advice, by_drag: bool) -> None:
    """A ringed pile then its ringed button; a ringed Lift button; a card outlined in
    the hand, or the ringed top of a stack, played onto the trick."""
    action, table = advice.action, scene.table
    trick = table.trick.rect  # type: ignore[attr-defined]
    if isinstance(action, sz.TakePile | sz.StandPile):
        click(app, ring(scene, 0).center)
        click(app, ring(scene, 1).center)
    elif isinstance(action, sz.LiftCard):
        click(app, ring(scene, 1).center)
    elif isinstance(action, sz.PlayCard) and table.fan.indices_of([action.card]):  # type: ignore[attr-defined]
        put_card(app, scene, ringed_cards(scene)[0], trick, by_drag)
    else:
        top = ring(scene).center
        if by_drag:
            drag(app, top, trick.center)
        else:
            click(app, top)
            click(app, top)


def carry_hand_and_foot(app: App, scene: TableScene, advice: Advice, by_drag: bool) -> None:
    """The ringed stock; the ringed take button (its pair and any opening named with
    it are outlined in the hand: the button is to lay them down with the pile); a
    discard dragged or clicked onto the ringed pile; an ask or an answer on its ringed
    button; a meld by one press of the ringed Lay down (its cards are outlined in the
    hand, its books ringed on the row): never a key or a button the hint leaves unmarked."""
    action = advice.action
    controls = scene.table.controls  # type: ignore[attr-defined]
    fan: HandFan = scene.table.fan  # type: ignore[attr-defined]
    if isinstance(action, hf.Discard):
        pile = ring(scene)
        if by_drag:
            drag(app, card_point(fan, action.card), pile.center)
        else:
            click(app, card_point(fan, action.card))
            click(app, pile.center)
        return
    if isinstance(action, hf.Meld):
        click(app, ringed(scene, controls.lay_down_button.rect, "Lay down").center)
    elif isinstance(action, hf.TakePile):
        click(app, ring(scene, 1).center)
    else:
        click(app, ring(scene).center)


CARRY: dict[str, Callable[[App, TableScene, Advice, bool], None]] = {
    "spades": carry_trick_card,
    "arizona_spaghetti": carry_trick_card,
    "spinado": carry_spinado,
    "spizzichino": carry_spizzichino,
    "hand_and_foot": carry_hand_and_foot,
}
