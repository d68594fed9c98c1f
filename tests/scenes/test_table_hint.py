"""The Hint at the table, for every game, driven by real key presses and clicks: at
each of the person's decisions H (or the Hint button) names a legal move with a reason
and marks it on the table; the hinted move can be played; the hint then clears. Away
from the person's decisions there is no hint."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from cardtable_gui.ai.advice import Advice
from cardtable_gui.app_window import App
from cardtable_gui.rules.base import Action
from cardtable_gui.rules.hand_and_foot import AnswerGoOut, Phase
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from tests.scenes.frame_support import outside
from tests.scenes.test_table_hand_and_foot import config as stacked_config
from tests.scenes.test_table_hand_and_foot import (
    draw_and_discard_the_first,
    grip,
    key,
    pass_the_screen_to,
    play_first_turn,
    wait_turn,
)
from tests.scenes.test_table_support import (
    card_grip,
    click,
    drag,
    frames,
    make_app,
    place_bid,
    play_bottom_turn,
    post,
    run_until,
    show_my_cards,
    start_table,
)

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eve")


def config(game: str, players: int, humans: tuple[int, ...] = (0,), seed: int = 3) -> MatchConfig:
    seats = tuple(
        SeatConfig(name=NAMES[i], kind=SeatKind.HUMAN if i in humans else SeatKind.AI, level=AILevel.EASY)
        for i in range(players)
    )
    return MatchConfig(game=game, seats=seats, seed=seed)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path)
    yield app
    app.quit()


def press_h(app: App) -> None:
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")
    frames(app)


def deciding(scene: TableScene) -> bool:
    """The person is to decide, the table offers their choices, and they may ask for a
    hint (other panels are dealt with)."""
    return scene.hint_refusal() is None and scene.offering == scene.match.to_move


def wait_for_decision(app: App, scene: TableScene) -> bool:
    """Run the table to the person's next decision, clicking through the cover and the
    hand's summary; False once the game is over."""
    while True:
        run_until(app, lambda: deciding(scene) or scene.summary.visible or scene.handoff.visible or scene.game_over.visible)
        if scene.game_over.visible:
            return False
        if deciding(scene):
            return True
        if scene.handoff.visible:
            show_my_cards(app, scene)
        elif scene.summary.visible:
            click(app, scene.summary.button.rect.center)


def ask_for_hint(app: App, scene: TableScene, by_click: bool) -> Advice:
    """Ask with H or the Hint button; the hint names a legal move, says why, marks the
    move on the table and keeps its reason on screen."""
    seat = scene.match.to_move
    assert seat is not None
    legal = scene.match.legal_actions_for(seat)
    if by_click:
        click(app, scene.hint_button.rect.center)
    else:
        press_h(app)
    advice = scene.hint.advice
    assert advice is not None, "the hint shows"
    assert advice.action in legal
    assert advice.reason.endswith(".") and advice.rule
    assert scene.table.hinted == advice.action
    fan = getattr(scene.table, "fan", None)
    outlined = fan.rects_of(fan.hinted) if fan is not None else []
    assert scene.table.hint_rects() or outlined, f"{advice.action} is marked on the table"
    size = app.screen.get_size()
    assert outside([("hint", scene.hint.box)], size) == []
    covered = [rect for rect in scene.table.hint_rects() if rect.colliderect(scene.hint.box)]
    assert covered == [], "the reason never hides the move it talks about"
    return advice


def play(app: App, scene: TableScene, action: Action) -> None:
    """Make the hinted move: a card by dragging it from the hand onto the table, a bid
    on the panel, anything else the way the game's controls send it."""
    table = scene.table
    card = getattr(action, "card", None)
    fan = getattr(table, "fan", None)
    bidding = getattr(table, "bidding", None)
    if bidding is not None and bidding.visible and bidding.rect_of(action) is not None:
        label = next(c.label for c in bidding.choices if c.value == action)
        place_bid(app, scene, label)
        return
    if type(action).__name__ == "PlayCard" and fan is not None and fan.indices_of([card]) and hasattr(table, "trick"):
        index = fan.indices_of([card])[0]
        drag(app, card_grip(scene, index), table.trick.rect.center)
        return
    assert scene.submit(action)
    frames(app)


def hint_through_a_game(app: App, scene: TableScene, decisions: int) -> dict[str, int]:
    """Ask for a hint at each of the next ``decisions`` decisions (by H and by the
    button in turn), play it, and check it clears; how many hints of each kind."""
    kinds: dict[str, int] = {}
    for number in range(decisions):
        if not wait_for_decision(app, scene):
            break
        before = len(scene.match.history)
        advice = ask_for_hint(app, scene, by_click=number % 2 == 1)
        kind = type(advice.action).__name__
        kinds[kind] = kinds.get(kind, 0) + 1
        play(app, scene, advice.action)
        assert len(scene.match.history) > before, f"the hinted {advice.action} was played"
        assert scene.hint.advice is None and scene.table.hinted is None, "the hint clears once played"
    return kinds


def test_spades_hints_every_bid_and_card(app: App) -> None:
    scene = start_table(app, config("spades", 4))
    kinds = hint_through_a_game(app, scene, 8)
    assert kinds.get("Bid") and kinds.get("PlayCard")


def test_arizona_spaghetti_hints_every_card(app: App) -> None:
    scene = start_table(app, config("arizona_spaghetti", 4))
    assert hint_through_a_game(app, scene, 6).get("PlayCard") == 6


def test_spizzichino_hints_the_blind_piles_and_the_play(app: App) -> None:
    scene = start_table(app, config("spizzichino", 2, seed=2))
    kinds = hint_through_a_game(app, scene, 10)
    assert kinds.get("TakePile", 0) + kinds.get("StandPile", 0) >= 2
    assert kinds.get("PlayCard", 0) + kinds.get("LiftCard", 0) >= 2


def test_the_reason_for_a_lift_leaves_the_lift_button_in_sight(app: App) -> None:
    """Seen in play: the reason sat over the Lift button it told the player to press."""
    scene = start_table(app, config("spizzichino", 2, seed=4))
    for _ in range(6):
        assert wait_for_decision(app, scene)
        advice = ask_for_hint(app, scene, by_click=False)
        if type(advice.action).__name__ == "LiftCard":
            return
        play(app, scene, advice.action)
    pytest.fail("no lift was hinted in this deal")


def test_spinado_hints_every_card(app: App) -> None:
    scene = start_table(app, config("spinado", 3))
    assert hint_through_a_game(app, scene, 6).get("Play")


def test_hand_and_foot_hints_the_draw_melds_and_discards(app: App) -> None:
    scene = start_table(app, config("hand_and_foot", 4))
    kinds = hint_through_a_game(app, scene, 8)
    assert kinds.get("DrawCards", 0) + kinds.get("TakePile", 0) >= 2
    assert kinds.get("Discard") and kinds.get("Meld")


def test_the_note_that_a_hint_waits_for_the_turn_goes_when_the_turn_comes(app: App) -> None:
    """Seen at a friend's table: the note stayed up after the turn had started."""
    scene = start_table(app, config("arizona_spaghetti", 4, seed=3))
    run_until(app, lambda: scene.match.to_move not in (None, 0) and not deciding(scene))
    press_h(app)
    assert scene.message == "A hint is for your turn; wait until it comes."
    run_until(app, lambda: scene.offering == 0)
    assert scene.message == ""


def test_no_hint_away_from_the_persons_decisions(app: App) -> None:
    scene = start_table(app, config("arizona_spaghetti", 4, seed=3))
    run_until(app, lambda: scene.match.to_move not in (None, 0) and not deciding(scene))
    press_h(app)
    assert scene.hint.advice is None
    assert scene.message == "A hint is for your turn; wait until it comes."
    frames(app)
    assert not scene.hint_button.enabled


def test_h_again_hides_the_hint(app: App) -> None:
    scene = start_table(app, config("arizona_spaghetti", 4))
    wait_for_decision(app, scene)
    press_h(app)
    assert scene.hint.visible
    press_h(app)
    assert not scene.hint.visible and scene.table.hinted is None


def test_esc_closes_the_hint_before_it_offers_to_leave(app: App) -> None:
    scene = start_table(app, config("arizona_spaghetti", 4))
    wait_for_decision(app, scene)
    press_h(app)
    assert scene.hint.visible
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")
    frames(app)
    assert not scene.hint.visible
    assert app.scenes.top is scene, "the first Esc only closes the hint"


def test_hand_and_foot_hints_asking_to_go_out_and_the_partners_answer(app: App) -> None:
    scene = start_table(app, stacked_config(4, humans=(0, 2)))
    run_until(app, lambda: scene.handoff.visible)
    show_my_cards(app, scene)
    play_first_turn(app, scene)
    run_until(app, lambda: scene.handoff.visible)
    show_my_cards(app, scene)
    draw_and_discard_the_first(app, scene)
    pass_the_screen_to(app, scene, 0)
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    ask_for_hint(app, scene, by_click=False)
    click(app, scene.table.controls.ask_button.rect.center)
    assert scene.hint.advice is None, "asking is acting: the hint clears"
    run_until(app, lambda: scene.handoff.visible)
    assert not scene.hint_button.enabled, "no hint behind the cover"
    show_my_cards(app, scene)
    run_until(app, lambda: scene.table.controls.answer.visible)
    advice = ask_for_hint(app, scene, by_click=True)
    assert isinstance(advice.action, AnswerGoOut)
    assert scene.table.controls.answer.rect_of(advice.action.yes) in scene.table.hint_rects()
    label = "Yes, go out" if advice.action.yes else "Not yet"
    click(app, next(b for b in scene.table.controls.answer.buttons if b.text == label).rect.center)
    assert scene.match.history[-1] == advice.action
    assert scene.hint.advice is None


@pytest.mark.parametrize(
    ("game", "players", "seed"),
    [("spades", 4, 3), ("arizona_spaghetti", 4, 3), ("spizzichino", 2, 2), ("spinado", 3, 3), ("hand_and_foot", 4, 3)],
)
def test_the_hint_fits_a_small_window(tmp_path: Path, game: str, players: int, seed: int) -> None:
    app = make_app(tmp_path, (1024, 640))
    try:
        scene = start_table(app, config(game, players, seed=seed))
        assert hint_through_a_game(app, scene, 3)
    finally:
        app.quit()


def test_the_hint_sees_only_the_persons_own_view(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable_gui.match import Match

    asked: list[tuple[int, object]] = []
    real = Match.advice

    def spy(match: Match, seat: int, view: object, legal: list[Action]) -> Advice:
        asked.append((seat, view))
        return real(match, seat, view, legal)  # type: ignore[arg-type]

    monkeypatch.setattr(Match, "advice", spy)
    scene = start_table(app, config("spades", 4, humans=(0, 2)))
    wait_for_decision(app, scene)
    seat = scene.match.to_move
    press_h(app)
    assert asked == [(seat, scene.match.view_for(seat))]
    assert getattr(asked[0][1], "seat") == seat


def test_h_works_as_soon_as_your_plate_shows_your_turn(app: App) -> None:
    """Seen in play: H answered "A hint is for your turn" while the player's plate
    already glowed, because the card before their turn was still flying; a second press
    worked. Whenever the plate says it is your turn, H gives the hint."""
    scene = start_table(app, config("spades", 4))
    wait_for_decision(app, scene)
    play(app, scene, ask_for_hint(app, scene, by_click=False).action)
    plate_glows_mid_flight = lambda: scene.match.to_move == 0 and scene.table.panels[0].active and scene.animator.busy  # noqa: E731
    for _ in range(3000):
        if plate_glows_mid_flight():
            break
        # Frames as short as a real window's, so the flight before the turn is seen.
        frames(app, dt=1 / 60)
    assert plate_glows_mid_flight()
    press_h(app)
    assert scene.message != "A hint is for your turn; wait until it comes."
    assert scene.hint.advice is not None
    assert scene.hint.advice.action in scene.match.legal_actions_for(0)
    run_until(app, lambda: scene.offering == 0, limit=60)
    assert scene.hint.visible and scene.table.hinted == scene.hint.advice.action, "it stays once the choices come"


def test_after_staging_a_meld_one_h_shows_the_hint_for_the_rest_of_the_turn(app: App) -> None:
    """Seen in play, twice: after dropping cards on a book, the first H showed nothing
    and the second showed the hint. The hint asked for before the drop had stayed up,
    worked out again, and the H meant to ask for the next step took it down. Dropping
    cards is acting: the hint goes, as after any move, and one H shows it again, for
    what is left of the turn (never naming the cards already staged)."""
    from cardtable_gui.rules.hand_and_foot import Meld
    from cardtable_gui.scenes.table.book_row import NEW_BOOK
    from tests.scenes.test_table_hand_and_foot import indices, row_place, stock_point

    scene = start_table(app, stacked_config(4))
    wait_turn(app, scene, Phase.DRAW)
    click(app, stock_point(scene))
    wait_turn(app, scene, Phase.PLAY)
    whole = ask_for_hint(app, scene, by_click=False)
    assert isinstance(whole.action, Meld)
    kings = [group.cards for group in whole.action.groups if group.cards[0].rank.symbol == "K"][0]
    for index in sorted(indices(scene, " ".join(str(card) for card in kings)), reverse=True):
        click(app, grip(scene, index))
    drag(app, grip(scene, min(scene.table.fan.chosen)), row_place(scene, NEW_BOOK))
    frames(app, 3)
    assert scene.table.staged_move() is not None, "the kings are staged, not played"
    assert not scene.hint.visible and not scene.table.fan.hinted, "the hint went with the drop"
    press_h(app)
    rest = scene.hint.advice
    assert scene.hint.visible and rest is not None, "one H shows the hint"
    assert rest.action in scene.match.preview(0, scene.table.staged_move())[1], "a move for the rest of the turn"
    staged_kings = [card for card in getattr(rest.action, "cards", ()) if card.rank.symbol == "K"]
    staged_kings += [card for group in getattr(rest.action, "groups", ()) for card in group.cards if card.rank.symbol == "K"]
    assert staged_kings == [], f"the hint names no staged king again: {rest.reason}"
    key(app, pygame.K_BACKSPACE)
    assert not scene.hint.visible, "taking the drop back is acting too"
    press_h(app)
    assert scene.hint.advice == whole, "one H again, the hint for the whole turn"


def test_while_a_new_round_is_dealt_the_plate_and_h_agree(app: App) -> None:
    """Seen in play: while the next round was dealt, H answered "A hint is for your
    turn" while the person's plate already said "to play": the glow was left over from
    the last round. While cards are dealt no plate says whose turn it is; once one
    does, H gives the hint."""
    import random

    from cardtable_gui.ai import make_agent

    scene = TableScene(app, config("hand_and_foot", 4, seed=3), pace=10.0)
    app.scenes.push(scene)
    medium = make_agent("heuristic", "hand_and_foot", 0, random.Random(0))
    while not scene.summary.visible:
        frames(app, dt=0.05)
        if scene.offering == 0:
            scene.submit(medium.choose(scene.match.view_for(0), scene.match.legal_actions_for(0)))
    click(app, scene.summary.button.rect.center)
    assert scene.animator.busy, "the next round is being dealt"
    assert scene.match.to_move != 0, "a computer moves first in the new round"
    while scene.animator.busy:
        for position, plate in enumerate(scene.table.panels):
            assert not plate.active, f"the plate at {position} says '{plate.turn_text}' while the cards are dealt"
        frames(app, dt=1 / 60)
    press_h(app)
    assert scene.message == "A hint is for your turn; wait until it comes."
    assert not scene.table.panels[0].active


def test_the_tag_goes_beside_a_pile_with_words_above_and_below_it(app: App) -> None:
    """Seen in Hand and Foot at 1024x640: the draw pile has a book's "1 wild" above it and
    its own count below, and the tag on the top corner hid "1 wild". The middle of a
    side comes before a spot over words."""
    from cardtable_gui.scenes.table.hint import HintPanel

    theme = app.theme
    hint = HintPanel()
    hint.note("Draw from the draw pile.")
    pile = pygame.Rect(40, 220, 60, 80)
    around = pile.inflate(theme.px(10), theme.px(10))
    words_above = pygame.Rect(0, around.top - 14, 160, 12)
    words_below = pygame.Rect(0, around.bottom - 2, 160, 14)
    tag = hint.mark_tag(theme, [pile], pygame.Rect(0, 0, 1024, 640), [words_above, words_below])
    assert tag is not None and tag.collidelist([words_above, words_below]) == -1
    assert tag.center == around.midright


@pytest.mark.parametrize(("game", "players"), [("spades", 4), ("hand_and_foot", 4)])
def test_a_card_dragged_over_the_hint_is_drawn_above_it(app: App, game: str, players: int) -> None:
    """At 1280x800 the Hint's pink tag was drawn over a card being dragged past it."""
    scene = start_table(app, config(game, players))
    while wait_for_decision(app, scene):
        if scene.table.fan.active and any(slot.card in scene.table.fan.legal for slot in scene.table.fan.slots):
            if game != "hand_and_foot" or scene.match.view_for(0).phase is Phase.PLAY:
                break
        press_h(app)
        assert scene.hint.advice is not None
        play(app, scene, scene.hint.advice.action)
    press_h(app)
    assert scene.hint.visible
    order: list[str] = []
    hint_draw, held_draw = scene.hint.draw, scene.table.fan.draw_held
    scene.hint.draw = lambda *args: (order.append("hint"), hint_draw(*args))[1]  # type: ignore[method-assign]
    scene.table.fan.draw_held = lambda surface: (order.append("held"), held_draw(surface))[1]  # type: ignore[method-assign]
    fan = scene.table.fan
    index = next(i for i, slot in enumerate(fan.slots) if slot.card in fan.legal)
    post(pygame.MOUSEBUTTONDOWN, pos=card_grip(scene, index), button=1)
    frames(app, dt=1 / 60)
    post(pygame.MOUSEMOTION, pos=scene.hint.box.center, rel=(0, 0), buttons=(1, 0, 0))
    frames(app, dt=1 / 60)
    assert fan.dragging == index and fan.drag_moved
    assert order[-2:] == ["hint", "held"], order


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)], ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_hint_leaves_the_turn_s_caption_in_sight(tmp_path: Path, size: tuple[int, int]) -> None:
    """Seen in play at 1280x800: the Hint to lead lay over "Your turn: drag a card here"."""
    app = make_app(tmp_path, size)
    scene = start_table(app, config("arizona_spaghetti", 4))
    table = scene.table
    for _ in range(13):
        run_until(app, lambda: table.fan.active and not scene.animator.busy, limit=3000)
        if not table.trick.plays:
            break
        play_bottom_turn(app, scene)
    frames(app, 2)
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")
    run_until(app, lambda: scene.hint.visible)
    frames(app, 3)
    caption = table.trick.prompt_box
    assert caption.width > 0
    assert not scene.hint.box.colliderect(caption), (tuple(scene.hint.box), tuple(caption))
    app.quit()
