"""First-game tips: each game's situations, read from built positions (the learner's
view, their choices, an event just shown); each tip once ever per game; only in a
player's first real game of a kind, with the setting on. And at a real table: the tip
shows through real pygame events, is dismissed by a move or Esc, and never returns."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pygame
import pytest

from cardtable_gui.app_window import App
from cardtable_gui.cards import Card
from cardtable_gui.persistence import GameRecord, record_game
from cardtable_gui.persistence.statistics import SeatRecord
from cardtable_gui.persistence.tips_seen import TIPS_FILE, TipsSeen, load_tips_seen
from cardtable_gui.rules import GAMES
from cardtable_gui.rules import arizona_spaghetti as arizona
from cardtable_gui.rules import hand_and_foot as hf
from cardtable_gui.rules import spades, spinado, spizzichino
from cardtable_gui.rules.base import Action, Event, HandDealt
from cardtable_gui.rules.hand_and_foot.actions import MeldGroup
from cardtable_gui.rules.hand_and_foot.events import StagePickedUp
from cardtable_gui.scenes.table.hint import HintPanel
from cardtable_gui.scenes.table.note_place import NARROWEST, NOTE_GAP
from cardtable_gui.scenes.table.tips import FirstGameTips, Moment, due_tip
from cardtable_gui.seats import AILevel, SeatKind
from cardtable_gui.scenes.table import TableScene
from tests.scenes.test_table_geometry import just_before
from tests.scenes.test_table_hint import config
from tests.scenes.test_table_support import click, frames, make_app, place_bid, post, run_until, start_table

cards = Card.parse


def opening(game: str, players: int, seed: int = 3) -> tuple[Any, Any, list[Action]]:
    """A new game's state, the view of the seat to move, and its choices."""
    state = GAMES[game].new_game(players, seed=seed)
    seat = state.to_move
    return state, state.view(seat), state.legal_actions()


def tip_at(
    game: str, seat: int, view: Any, legal: Sequence[Action] = (), event: Event | None = None, seen: tuple[str, ...] = ()
) -> str | None:
    """The id of the tip due for this moment, if any."""
    tip = due_tip(game, Moment(seat, view, tuple(legal), event), set(seen))
    return None if tip is None else tip.id


# Spades ---------------------------------------------------------------------------------


def spades_playing(**changes: Any) -> spades.SpadesView:
    _, view, _ = opening("spades", 4)
    base = {"seat": 0, "to_move": 0, "phase": spades.Phase.PLAYING, "bids": (spades.Bid(3),) * 4}
    return dataclasses.replace(view, **(base | changes))


def plays(*texts: str) -> list[Action]:
    return [spades.PlayCard(cards(t)) for t in texts]


def test_spades_first_bid_once() -> None:
    state, view, legal = opening("spades", 4)
    assert tip_at("spades", state.to_move, view, legal) == "first-bid"
    assert tip_at("spades", state.to_move, view, legal, seen=("first-bid",)) is None


def test_spades_cannot_follow_suit() -> None:
    view = spades_playing(hand=(cards("2S"), cards("3C")), trick=((3, cards("KH")),), trick_leader=3)
    assert tip_at("spades", 0, view, plays("2S", "3C")) == "cannot-follow"
    following = spades_playing(hand=(cards("2H"), cards("3C")), trick=((3, cards("KH")),), trick_leader=3)
    assert tip_at("spades", 0, following, plays("2H")) is None


def test_spades_may_be_led_once_broken() -> None:
    hand = (cards("2S"), cards("3H"))
    assert tip_at("spades", 0, spades_playing(hand=hand, trick=(), spades_broken=True), plays("2S", "3H")) == "spades-may-be-led"
    assert tip_at("spades", 0, spades_playing(hand=hand, trick=(), spades_broken=False), plays("3H")) is None


def test_spades_your_own_nil_at_risk() -> None:
    nil = (spades.Bid(0), spades.Bid(3), spades.Bid(3), spades.Bid(3))
    risky = spades_playing(bids=nil, hand=(cards("KH"), cards("2H")), trick=((3, cards("5H")),), trick_leader=3)
    assert tip_at("spades", 0, risky, plays("KH", "2H")) == "own-nil-at-risk"
    safe = spades_playing(bids=nil, hand=(cards("3H"), cards("2H")), trick=((3, cards("5H")),), trick_leader=3)
    assert tip_at("spades", 0, safe, plays("3H", "2H")) is None


def test_spades_your_partners_nil_at_risk() -> None:
    nil = (spades.Bid(3), spades.Bid(3), spades.Bid(0), spades.Bid(3))
    trick = ((1, cards("3H")), (2, cards("9H")))
    view = spades_playing(bids=nil, hand=(cards("KH"), cards("2H")), trick=trick, trick_leader=1)
    assert tip_at("spades", 0, view, plays("KH", "2H")) == "partner-nil-at-risk"
    covered = ((1, cards("QH")), (2, cards("9H")))
    assert tip_at("spades", 0, dataclasses.replace(view, trick=covered), plays("KH", "2H")) is None


def test_spades_first_bags_in_the_summary() -> None:
    view = spades_playing()

    def side(seats: tuple[int, ...], bags: int) -> spades.SideResult:
        return spades.SideResult(seats, 6, 6 + bags, 60, 0, bags, 0, 60 + bags, 60 + bags, bags)

    def scored(bags: int) -> spades.HandScored:
        return spades.HandScored(1, (spades.Bid(3),) * 4, (3,) * 4, (), (side((0, 2), bags), side((1, 3), 0)))

    assert tip_at("spades", 0, view, event=scored(2)) == "bags"
    assert tip_at("spades", 0, view, event=scored(0)) is None
    assert "100 points" in next(t for t in due_tip_table("spades") if t.id == "bags").words(Moment(0, view, (), scored(2)))


def due_tip_table(game: str) -> Any:
    from cardtable_gui.scenes.table.tips import TIPS

    return TIPS[game]


# Arizona Spaghetti ----------------------------------------------------------------------


def test_arizona_the_first_lead_while_the_round_suit_is_closed() -> None:
    state, view, legal = opening("arizona_spaghetti", 4)
    seat = state.to_move
    hearts_round = dataclasses.replace(view, round_number=2, trick=(), broken=False)
    assert tip_at("arizona_spaghetti", seat, hearts_round, legal) == "restricted-lead"
    tip = next(t for t in due_tip_table("arizona_spaghetti") if t.id == "restricted-lead")
    assert "hearts" in tip.words(Moment(seat, hearts_round, tuple(legal)))
    assert tip_at("arizona_spaghetti", seat, dataclasses.replace(hearts_round, broken=True), legal) is None
    assert tip_at("arizona_spaghetti", seat, dataclasses.replace(view, round_number=1, trick=()), legal) is None


def test_arizona_taking_points_and_round_six() -> None:
    _, view, _ = opening("arizona_spaghetti", 4)
    taken = (cards("2H"), cards("3H"), cards("4H"), cards("5H"))
    assert tip_at("arizona_spaghetti", 0, view, event=arizona.TrickTaken(0, taken, 40)) == "took-points"
    assert tip_at("arizona_spaghetti", 0, view, event=arizona.TrickTaken(1, taken, 40)) is None
    assert tip_at("arizona_spaghetti", 0, view, event=arizona.TrickTaken(0, taken, 0)) is None
    tip = next(t for t in due_tip_table("arizona_spaghetti") if t.id == "took-points")
    tricks_round = dataclasses.replace(view, round_number=1)
    words = tip.words(Moment(0, tricks_round, (), arizona.TrickTaken(0, taken, 10)))
    assert "cost you 10 points. This round, every trick you take costs 10 points." in words, "in round 1 the trick itself costs"
    hearts = tip.words(Moment(0, dataclasses.replace(view, round_number=2), (), arizona.TrickTaken(0, taken, 40)))
    assert "cost you 40 points. This round, every heart you take costs 10 points." in hearts
    assert tip_at("arizona_spaghetti", 0, view, event=HandDealt(0, (13,) * 4, 6)) == "round-six"
    assert tip_at("arizona_spaghetti", 0, view, event=HandDealt(0, (13,) * 4, 5)) is None


# Spizzichino ----------------------------------------------------------------------------


def test_spizzichino_piles_stacks_lifts_and_declarations() -> None:
    state, view, legal = opening("spizzichino", 2, seed=2)
    seat = state.to_move
    assert tip_at("spizzichino", seat, view, legal) == "pile-choice"
    assert tip_at("spizzichino", seat, view, [spizzichino.LiftCard(0)], seen=("pile-choice",)) == "lift"
    top = cards("7Co")
    tops = tuple((top, None) if i == seat else (None, None) for i in range(2))
    on_stack = dataclasses.replace(view, stack_tops=tops)
    assert tip_at("spizzichino", seat, on_stack, [spizzichino.PlayCard(top)]) == "stack-play"
    assert tip_at("spizzichino", seat, view, [spizzichino.PlayCard(top)]) is None, "not a stack's top card"
    declared = spizzichino.DeclarationMade(1, spizzichino.DeclarationKind.THREE, (cards("3Co"), cards("3De"), cards("3Sp")), 3)
    assert tip_at("spizzichino", seat, view, event=declared) == "declaration"


# Spinado --------------------------------------------------------------------------------


def test_spinado_dead_hand_spinado_and_stops() -> None:
    state, view, legal = opening("spinado", 3)
    seat = state.to_move
    assert view.dead_count > 0
    assert tip_at("spinado", seat, view, legal) == "dead-hand"
    with_spinado = [spinado.Play(cards("5C")), spinado.Play(cards("5C"), spinado=True)]
    assert tip_at("spinado", seat, view, with_spinado, seen=("dead-hand",)) == "spinado"
    assert tip_at("spinado", seat, view, with_spinado) == "spinado", "the spinado, which costs chips, comes first"
    assert tip_at("spinado", seat, view, [spinado.Play(cards("5C"))], seen=("dead-hand",)) is None
    stopped = spinado.SequenceStopped(1, cards("KC"), spinado.StopReason.KING)
    assert tip_at("spinado", seat, view, event=stopped) == "stop"
    tip = next(t for t in due_tip_table("spinado") if t.id == "stop")
    assert tip.words(Moment(seat, view, (), stopped)).startswith("The run stopped. A king ends its run. ")
    for reason in spinado.StopReason:
        if reason is not spinado.StopReason.SPINADO:
            stop = spinado.SequenceStopped(1, cards("5C"), reason)
            assert reason.explanation in tip.words(Moment(seat, view, (), stop)), reason
    by_spinado = spinado.SequenceStopped(1, cards("3H"), spinado.StopReason.SPINADO)
    words = tip.words(Moment(seat, view, (), by_spinado))
    assert "nobody can play" not in words and words.startswith("The spinado stopped the run")


# Hand and Foot --------------------------------------------------------------------------


def test_hand_and_foot_draw_pile_opening_and_foot() -> None:
    state, view, legal = opening("hand_and_foot", 4)
    seat = state.to_move
    assert tip_at("hand_and_foot", seat, view, legal) == "draw"
    take = hf.TakePile((cards("7H"), cards("7D")))
    assert tip_at("hand_and_foot", seat, view, [hf.DrawCards(), take], seen=("draw",)) == "take-pile"
    meld = hf.Meld((MeldGroup(None, (cards("KH"), cards("KD"), cards("KS"))),))
    assert tip_at("hand_and_foot", seat, view, [meld]) == "open"
    tip = next(t for t in due_tip_table("hand_and_foot") if t.id == "open")
    assert str(view.minimum) in tip.words(Moment(seat, view, (meld,)))
    assert tip_at("hand_and_foot", seat, view, event=StagePickedUp(seat, "foot", 11)) == "foot"
    assert tip_at("hand_and_foot", seat, view, event=StagePickedUp((seat + 1) % 4, "foot", 11)) is None


# Which tables get tips -------------------------------------------------------------------


def finished(game: str) -> GameRecord:
    seats = tuple(SeatRecord(name=n, kind=SeatKind.AI, level=AILevel.EASY, score=0) for n in ("Ana", "Ben"))
    return GameRecord(game=game, finished_at=datetime.now(UTC), seats=seats, teams=((0,), (1,)), winners=(0,))


def test_tips_only_in_a_first_real_game_with_the_setting_on(tmp_path: Path) -> None:
    table = config("spades", 4)
    assert FirstGameTips.for_table(table, tmp_path, True) is not None
    assert FirstGameTips.for_table(table, tmp_path, False) is None, "setting off"
    assert FirstGameTips.for_table(table.model_copy(update={"coach": True}), tmp_path, True) is None, "practice"
    lesson = table.model_copy(update={"deck": ("AS",)})
    assert FirstGameTips.for_table(lesson, tmp_path, True) is None, "a lesson's stacked deal"
    assert FirstGameTips.for_table(config("spades", 4, humans=(0, 2)), tmp_path, True) is None
    record_game(tmp_path, finished("hand_and_foot"))
    assert FirstGameTips.for_table(table, tmp_path, True) is not None, "another game's record"
    record_game(tmp_path, finished("spades"))
    assert FirstGameTips.for_table(table, tmp_path, True) is None, "a Spades game was played before"


def test_a_tip_is_shown_once_ever_and_one_at_a_time(tmp_path: Path) -> None:
    state, view, legal = opening("spades", 4)
    moment = Moment(state.to_move, view, tuple(legal))
    tips = FirstGameTips("spades", tmp_path)
    assert tips.consider(moment) and tips.text is not None and tips.text.startswith("Bid how many")
    assert not tips.consider(Moment(0, spades_playing(), (), None)), "one at a time"
    tips.dismiss()
    assert not tips.consider(moment)
    assert load_tips_seen(tmp_path)[0].games == {"spades": ["first-bid"]}
    assert not FirstGameTips("spades", tmp_path).consider(moment), "not in a later table either"


# At the table --------------------------------------------------------------------------


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path)
    app.settings.first_game_tips = True
    yield app
    app.quit()


def bidding(scene: Any) -> bool:
    return scene.table.bidding.visible and scene.match.to_move == 0


def test_the_first_bid_tip_shows_at_the_table_and_a_move_dismisses_it(app: App) -> None:
    scene = start_table(app, config("spades", 4))
    run_until(app, lambda: bidding(scene))
    frames(app, 2)
    assert scene.note.visible and scene.note.text == scene.tips.text
    assert scene.note.text.startswith("Bid how many")
    assert scene.note.box in scene.element_rects()
    covered = [r for r in scene.table.element_rects() if r.colliderect(scene.note.box)]
    assert not any(r.colliderect(scene.note.box) for r in (b.rect for b in scene.table.bidding.buttons)), covered
    place_bid(app, scene, "3")
    assert not scene.note.visible, "a move dismisses the tip"
    assert "first-bid" in load_tips_seen(app.data_dir)[0].games["spades"]
    # With no tip up, Esc is the table's again.
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")
    frames(app)
    assert app.scenes.top is not scene, "with no tip up, Esc asks about leaving"


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_first_bid_tip_is_not_squeezed_into_a_column(tmp_path: Path, size: tuple[int, int]) -> None:
    """At 1920x1080 the first Spades tip stood in a column 276 pixels wide, seven
    lines tall, its words drawn a third larger than at 1280x800: the narrowest a note
    is laid out grows with the window's scale, as its words do."""
    app = make_app(tmp_path, size)
    app.settings.first_game_tips = True
    scene = start_table(app, config("spades", 4))
    run_until(app, lambda: bidding(scene))
    frames(app, 2)
    assert scene.note.visible and scene.note.text.startswith("Bid how many")
    assert scene.note.box.width >= app.theme.px(NARROWEST)
    assert scene.note.box.height <= app.theme.px(110), "four lines or so"
    app.quit()


def test_esc_dismisses_a_tip_first(app: App) -> None:
    scene = start_table(app, config("spades", 4))
    run_until(app, lambda: bidding(scene))
    frames(app, 2)
    assert scene.note.visible
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")
    frames(app)
    assert not scene.note.visible and app.scenes.top is scene


def test_no_tips_with_the_setting_off(app: App) -> None:
    app.settings.first_game_tips = False
    scene = start_table(app, config("spades", 4))
    run_until(app, lambda: bidding(scene))
    frames(app, 2)
    assert scene.tips is None and not scene.note.visible


def test_a_second_table_of_the_same_game_shows_no_tip_already_seen(app: App) -> None:
    first = start_table(app, config("spades", 4))
    run_until(app, lambda: bidding(first))
    frames(app, 2)
    assert first.note.visible
    app.scenes.pop()
    first.close()
    second = start_table(app, config("spades", 4, seed=5))
    run_until(app, lambda: bidding(second))
    frames(app, 2)
    assert not second.note.visible


def test_a_damaged_record_of_tips_is_told_at_the_table_and_kept_aside(app: App) -> None:
    """Before, the table read the damaged record as nothing seen and the first tip
    wrote over it, losing the tips seen in other games."""
    content = b'{"games": {"spinado": ["stop"], "spades": "first-bid"}}'
    (app.data_dir / TIPS_FILE).write_bytes(content)
    scene = start_table(app, config("spades", 4))
    frames(app, 2)
    assert any("a tip may show again" in toast.message for toast in app.toasts.toasts)
    run_until(app, lambda: bidding(scene))
    frames(app, 2)
    assert scene.note.visible and scene.note.text.startswith("Bid how many")
    kept = [path for path in app.data_dir.iterdir() if path.name.startswith(TIPS_FILE + ".bad-")]
    assert [path.read_bytes() for path in kept] == [content]
    assert load_tips_seen(app.data_dir) == (TipsSeen(games={"spades": ["first-bid"]}), None)


# Spinado: a tip stays in its hand and in its place ------------------------------------


def test_a_tip_keeps_its_place_when_the_hint_comes(app: App) -> None:
    """The dead-hand tip at the first decision stays where it is when the hint is
    asked for beside it (it jumped to make room), and the two stay apart."""
    scene = start_table(app, config("spinado", 4))
    run_until(app, lambda: scene.note.visible and scene.offering == 0)
    frames(app, 2)
    placed = scene.note.box.copy()
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")
    frames(app, 2)
    assert scene.hint.visible
    assert scene.note.box == placed
    assert not scene.hint.box.colliderect(scene.note.box)


@pytest.mark.parametrize("size", ((1024, 640), (1280, 800), (1920, 1080)), ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_hint_under_a_tip_takes_the_room_beside_the_board(tmp_path: Path, size: tuple[int, int]) -> None:
    """Seen at 1920x1080: with the tip in the room left of the board, the hint went
    under it in a box narrower than that room, its reason in five lines where four
    fitted. It is as wide as the room lets it be, a gap under the tip."""
    app = make_app(tmp_path, size)
    app.settings.first_game_tips = True
    scene = start_table(app, config("spinado", 4))
    run_until(app, lambda: scene.note.visible and scene.offering == 0)
    frames(app, 2)
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")
    frames(app, 2)
    area = scene.table.hint_area()
    assert scene.hint.visible and area is not None
    roomy = HintPanel()
    roomy.show(scene.hint.advice)
    roomy.layout(size, app.theme, area.midbottom, area.width)
    assert scene.hint.box.size == roomy.box.size
    assert scene.hint.box.top == scene.note.box.bottom + NOTE_GAP
    app.quit()


def test_a_tip_up_at_the_end_of_a_hand_goes_with_it(app: App) -> None:
    """A tip still showing when the hand ends is not left beside the summary, nor
    carried into the next hand."""
    restored = just_before("spinado", 3, "RoundScored")
    seats = tuple(seat.model_copy(update={"kind": SeatKind.HUMAN if i == 0 else SeatKind.AI}) for i, seat in enumerate(restored.config.seats))
    cfg = restored.config.model_copy(update={"seats": seats})
    scene = TableScene(app, cfg, resume=dataclasses.replace(restored, config=cfg), pace=2.0)
    app.scenes.push(scene)
    frames(app)
    assert scene.match.to_move != 0, "a computer ends the hand"
    assert scene.tips is not None and scene.tips.consider(Moment(0, scene.match.view_for(0), (spinado.Play(cards("7C")),)))
    scene._show_note(scene.tips.text)
    assert scene.note.visible
    run_until(app, lambda: scene.summary.visible)
    assert not scene.note.visible, "not beside the summary"
    frames(app, 3)
    click(app, scene.summary.button.rect.center)
    run_until(app, lambda: not scene.summary.visible)
    frames(app, 3)
    assert not scene.note.visible, "not in the next hand"


def test_the_stop_callout_keeps_clear_of_a_tip(app: App) -> None:
    """The stop callout was placed around the table alone and could lie under a tip:
    while the computers play on after the person's moves, every callout that comes up
    beside a tip keeps clear of it."""
    scene = start_table(app, config("spinado", 3))
    beside: list[bool] = []
    for _ in range(12):
        run_until(app, lambda: scene.offering == 0 or scene.summary.visible)
        if scene.summary.visible:
            break
        scene.submit(scene.match.legal_actions_for(0)[0])
        for _ in range(40):
            frames(app)
            if scene.table.banner.callout and scene.note.visible:
                callout = scene.table.banner.callout_place
                assert callout is not None and not callout.colliderect(scene.note.box)
                beside.append(True)
            if scene.offering == 0:
                break
        if not scene.note.visible and scene.tips is not None and scene.tips.consider(Moment(0, scene.match.view_for(0), (spinado.Play(cards("7C")),))):
            scene._show_note(scene.tips.text)
    assert beside, "a callout came up beside a tip"
