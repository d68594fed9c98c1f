"""A key pressed while the table shows what happened never hurries it: Enter and Space
are how a card is played, and a player who pressed Enter once more, a moment after
their last card, saw the hand's summary cover the last trick before its taker was
named. Nor is an Enter lost: pressed while the moves before the person's turn are
still shown, it is kept for the turn, where it picks the card the next Enter plays."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_table_hand_keys import playing_a_card, press_enter
from test_table_support import click, frames, make_app, run_until

from cardtable_gui.app_window import App
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.pace import Beat
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

STEP = 0.05
PLAYERS = {"spades": 4, "arizona_spaghetti": 4, "spizzichino": 2}


def table_of(app: App, game: str) -> TableScene:
    seats = tuple(
        SeatConfig(name=name, kind=SeatKind.HUMAN if seat == 0 else SeatKind.AI, level=AILevel.EASY)
        for seat, name in enumerate(("Ana", "Ben", "Cleo", "Dev")[: PLAYERS[game]])
    )
    scene = TableScene(app, MatchConfig(game=game, seats=seats, seed=7))
    app.scenes.push(scene)
    return scene


def to_the_person_s_card(app: App, scene: TableScene) -> None:
    """Run the table to the person's next card to play, making any other decision
    (a bid, a pile) for them and closing a summary that came first."""
    while not playing_a_card(scene):
        run_until(
            app,
            lambda: playing_a_card(scene) or scene.summary.visible or (scene.match.to_move == 0 and not scene.animator.busy),
            limit=3000,
        )
        if scene.summary.visible:
            # A round that ended on another's card: on to the next.
            click(app, scene.summary.button.rect.center)
        elif not playing_a_card(scene):
            scene.submit(scene.match.legal_actions_for(0)[0])


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_an_enter_just_after_the_last_card_leaves_the_last_trick_in_view_for_its_beat(tmp_path: Path, game: str) -> None:
    """Each card from the hand is played with two Enters (pick, play); Enter is pressed
    once more 0.4 s on, and again as the trick's taker is named."""
    app = make_app(tmp_path, (1024, 640))
    app.settings.animation_speed = 1.0
    scene = table_of(app, game)
    while True:
        to_the_person_s_card(app, scene)
        fan = scene.table.fan
        if any(card in fan.legal for card in fan.cards):
            press_enter()
            frames(app, dt=STEP)
            press_enter()
        else:
            scene.submit(scene.match.legal_actions_for(0)[0])
        frames(app, 9, dt=STEP)
        press_enter()
        named: float | None = None
        clock = 0.0
        while not scene.summary.visible and not (scene.match.to_move == 0 and not scene.animator.busy):
            frames(app, dt=STEP)
            clock += STEP
            if named is None and scene.table.trick.winner is not None:
                named = clock
                press_enter()
            assert clock < 60, "the table never went on"
        if scene.summary.visible:
            break
    assert named is not None, "the last trick's taker was never named"
    assert clock - named >= scene.reading_time(Beat.TRICK) - 2 * STEP, (
        f"the summary covered the last trick {clock - named:.2f} s after its taker was named"
    )

def test_an_enter_pressed_while_the_moves_before_the_turn_are_shown_picks_a_card_when_the_turn_comes(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, (1024, 640))
    app.settings.animation_speed = 1.0
    scene = table_of(app, "spades")
    to_the_person_s_card(app, scene)
    scene.submit(scene.match.legal_actions_for(0)[0])
    run_until(app, lambda: scene.match.to_move == 0 and scene.animator.busy and not scene.table.fan.active, dt=STEP)
    press_enter()
    frames(app, dt=STEP)
    assert not scene.table.fan.active, "the table was still showing the moves before the turn"
    run_until(app, lambda: scene.table.fan.active, dt=STEP)
    fan = scene.table.fan
    first = next(index for index, slot in enumerate(fan.slots) if slot.card in fan.legal)
    assert fan.selected == first, "the Enter was kept for the turn and picked the leftmost card that may be played"



def test_keys_in_the_summary_s_first_second_do_not_close_it(tmp_path: Path) -> None:
    """Enters pressed at a steady pace after the last card once closed the summary
    unread; for its first second it takes no key, and then Enter goes on."""
    app = make_app(tmp_path, (1024, 640))
    scene = table_of(app, "spizzichino")
    while not scene.summary.visible:
        to_the_person_s_card(app, scene)
        scene.submit(next(a for a in scene.match.legal_actions_for(0)))
        run_until(app, lambda: scene.summary.visible or playing_a_card(scene) or (scene.match.to_move == 0 and not scene.animator.busy), limit=3000)
    for _ in range(4):
        press_enter()
        frames(app, 4, dt=STEP)
    assert scene.summary.visible, "an Enter in the first second closed the summary"
    frames(app, 5, dt=STEP)
    press_enter()
    frames(app)
    assert not scene.summary.visible
