"""The Spizzichino table driven through the real App with real pygame events: the blind
pile choice by mouse and by keys, a whole round played from the hand and the stacks
(drag, two clicks, keys, Lift), a refused move with its reason, declarations shown
with their cards, the undo guard, pass-and-play, resizing mid-animation, Continue
mid-round, and the layout at three window sizes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from test_table_support import (
    before_each_event,
    card_grip,
    click,
    drag,
    frames,
    make_app,
    post,
    run_until,
    show_my_cards,
    start_table,
)

from cardtable_gui.app_window import App
from cardtable_gui.cards import Card, parse_cards
from cardtable_gui.rules import get_rules
from cardtable_gui.rules.base import Action, CardPlayed, Event, RoundScored, TrickWon
from cardtable_gui.rules.spizzichino import (
    DECK,
    LiftCard,
    PileChosen,
    PlayCard,
    RoundTally,
    SpizzichinoState,
    StandPile,
    TakePile,
    hand_order,
)
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.hand_play import with_pick
from cardtable_gui.scenes.table.layouts.spizzichino import SpizzichinoLayout, play_keys, thirds_text
from cardtable_gui.scenes.table.pile_choice import NO_PILE_CHOSEN
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from cardtable_gui.ui import theme as th
from cardtable_gui.undo_rule import CARDS_SEEN_SINCE

CHOOSER_FIRST = 5
"""A seed whose dealer is seat 1: the person at seat 0 picks the piles first."""
DEALER_FIRST = 4
"""A seed whose dealer is seat 0: the computer picks first, the person deals."""
SIZES = ((1024, 640), (1280, 800), (1920, 1080))


def spizzichino_config(
    humans: tuple[int, ...] = (0,), seed: int = CHOOSER_FIRST, deck: tuple[str, ...] | None = None
) -> MatchConfig:
    names = ("Ana", "Ben")
    seats = tuple(
        SeatConfig(name=names[i], kind=SeatKind.HUMAN if i in humans else SeatKind.AI, level=AILevel.EASY)
        for i in range(2)
    )
    return MatchConfig(game="spizzichino", seats=seats, seed=seed, deck=deck)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path)
    yield app
    app.quit()


def table_of(scene: TableScene) -> SpizzichinoLayout:
    table = scene.table
    assert isinstance(table, SpizzichinoLayout)
    return table


def ready(scene: TableScene) -> bool:
    """The bottom person can act, or a panel (cover, summary, game over) waits."""
    table = table_of(scene)
    return (
        table.piles.active
        or table.playing
        or scene.handoff.visible
        or scene.summary.visible
        or scene.game_over.visible
    )


def press(app: App, key: int, unicode: str = "") -> None:
    post(pygame.KEYDOWN, key=key, unicode=unicode, mod=0, scancode=0)
    frames(app)


def mine(scene: TableScene) -> list[Action]:
    return [a for a, seat in zip(scene.match.history, scene.match.movers, strict=True) if seat == scene.bottom]


def first_open_pile(scene: TableScene) -> int:
    return next(i for i, count in enumerate(table_of(scene).piles.counts) if count)


def choose_by_mouse(app: App, scene: TableScene) -> None:
    """Click the first pile left, then the first button that may be pressed."""
    piles = table_of(scene).piles
    pile = first_open_pile(scene)
    click(app, piles.piles[pile].top_rect(scene.sprites).center)
    assert piles.selected == pile
    button = next(b for b in piles.buttons if b.enabled)
    click(app, button.rect.center)


def choose_by_keys(app: App, scene: TableScene) -> None:
    """Type the first pile's number, then T (or S when the hand is full)."""
    piles = table_of(scene).piles
    pile = first_open_pile(scene)
    press(app, pygame.K_1 + pile, str(pile + 1))
    take = piles.actions[0].enabled
    press(app, pygame.K_t if take else pygame.K_s, "t" if take else "s")


def stack_grip(scene: TableScene, index: int) -> tuple[int, int]:
    return table_of(scene).stacks[scene.bottom][index].top_rect(scene.sprites).center


def play_turn(app: App, scene: TableScene, turn: int) -> None:
    """One move by the bottom person, varying the way: a lift by its button, a stack
    top dragged, a hand card dragged, clicked twice, or chosen with the keys."""
    table = table_of(scene)
    legal = scene.match.legal_actions_for(scene.bottom)
    lifts = [a for a in legal if isinstance(a, LiftCard)]
    if lifts:
        click(app, table.lift_buttons[lifts[0].stack].rect.center)
        return
    stacks = [i for i, stack in enumerate(table.stacks[scene.bottom]) if stack.count and stack.legal]
    if stacks and turn % 2:
        drag(app, stack_grip(scene, stacks[0]), table.trick.rect.center)
        return
    fan = table.fan
    index = next((i for i, slot in enumerate(fan.slots) if slot.card in fan.legal), None)
    if index is None:
        drag(app, stack_grip(scene, stacks[0]), table.trick.rect.center)
    elif turn % 3 == 0:
        drag(app, card_grip(scene, index), table.trick.rect.center)
    elif turn % 3 == 1:
        click(app, card_grip(scene, index))
        frames(app, 3)
        click(app, card_grip(scene, index))
    else:
        press(app, pygame.K_RIGHT)
        press(app, pygame.K_RETURN, "\r")


def play_until(app: App, scene: TableScene, done) -> int:  # type: ignore[no-untyped-def]
    """Play the bottom person's moves through the screen until ``done``; returns how
    many moves were made."""
    moves = 0
    while True:
        run_until(app, lambda: ready(scene) or done())
        if done():
            return moves
        table = table_of(scene)
        before = len(mine(scene))
        if table.piles.active:
            (choose_by_mouse if moves % 2 else choose_by_keys)(app, scene)
        elif table.playing:
            play_turn(app, scene, moves)
        else:
            return moves
        assert len(mine(scene)) == before + 1, scene.message
        moves += 1


# -- the blind pile choice ---------------------------------------------------------------


def test_the_piles_are_chosen_blind_on_the_table_by_mouse_and_keys(app) -> None:
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)
    run_until(app, lambda: table.piles.active)
    assert table.piles.counts == [5] * 8
    assert table.fan.cards == [] and not table.panels[1].card_count
    assert "T to take" in table.piles.keys_hint and "S to stand" in table.piles.keys_hint
    choose_by_mouse(app, scene)
    run_until(app, lambda: table.piles.active)
    assert len(table.fan.cards) == 5, "the pile taken is seen at once"
    assert table.fan.cards == hand_order(table.fan.cards), "by suit, then weakest to strongest"
    choose_by_keys(app, scene)
    run_until(app, lambda: table.piles.active)
    press(app, pygame.K_RIGHT)
    assert table.piles.selected is not None
    press(app, pygame.K_s, "s")
    run_until(app, lambda: table.piles.active)
    assert not table.piles.actions[0].enabled, "two piles in hand already"
    # Seen in play: the box still offered T once both hand piles were taken.
    assert "T to take" not in table.piles.keys_hint and "S to stand it face up" in table.piles.keys_hint
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN, "\r")
    assert mine(scene) == [TakePile(0), TakePile(1), StandPile(2), StandPile(3)]
    run_until(app, lambda: sum(1 for stack in table.stacks[0] if stack.count) == 2)
    assert all(stack.top is not None for stack in table.stacks[0])


def test_a_computer_dealer_takes_its_piles_one_at_a_time(app) -> None:
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)
    for _ in range(4):
        run_until(app, lambda: table.piles.active)
        choose_by_keys(app, scene)
    seen: list[int] = []
    lit: set[int] = set()

    def watch() -> bool:
        left = sum(1 for count in table.piles.counts if count)
        if not seen or seen[-1] != left:
            seen.append(left)
        if table.piles.taking is not None:
            lit.add(table.piles.taking)
        return table.playing

    run_until(app, watch)
    assert seen[:1] == [4] and seen[-1] == 0
    assert seen == sorted(seen, reverse=True) and all(a - b == 1 for a, b in zip(seen, seen[1:], strict=False))
    assert lit, "a computer's pick is lit before it moves"


@pytest.mark.parametrize("size", SIZES)
def test_the_other_players_piles_are_logged_in_a_place_that_covers_nothing(app, size: tuple[int, int]) -> None:
    """Ben's four pile choices went by before the person's first pick; the log keeps
    each of them, beside the stacks, clear of every card, plate, button and panel."""
    resize(app, size)
    scene = start_table(app, spizzichino_config(seed=DEALER_FIRST))
    table = table_of(scene)
    run_until(app, lambda: table.piles.active)
    frames(app, 3)
    lines = list(table.log.lines)
    assert lines.count("Ben: a pile into the hand") == 2
    assert sum(line.endswith(" face up") for line in lines) == 2
    assert table.log.visible and pygame.Rect((0, 0), size).contains(table.log.rect)
    others = [rect for rect in table.element_rects() if rect != table.log.rect]
    assert table.log.rect.collidelist(others) == -1
    assert table.log.rect.collidelist([button.rect for button in scene._buttons()]) == -1


def test_the_log_has_one_line_per_pile_decision_through_the_whole_choice(app) -> None:
    """Eight piles, eight decisions, eight lines: each told once, as its pile lands,
    whoever chose it, in the order they came."""
    scene = start_table(app, spizzichino_config(seed=DEALER_FIRST))
    table = table_of(scene)
    told: list[str] = []
    add = table.log.add

    def keep(line: str) -> None:
        told.append(line)
        add(line)

    table.log.add = keep  # type: ignore[method-assign]
    while not table.playing:
        run_until(app, lambda: table.piles.active or table.playing)
        if table.piles.active:
            choose_by_keys(app, scene)
    run_until(app, lambda: not scene.animator.busy)
    chosen = [event for event in scene.match.game_events() if isinstance(event, PileChosen)]
    pile_lines = [line for line in told if "pile into the hand" in line or line.endswith(" face up")]
    assert len(chosen) == 8
    assert pile_lines == [table._log_line(event) for event in chosen]


def test_a_lift_and_a_lead_between_two_turns_are_both_logged(app) -> None:
    scene = start_table(app, spizzichino_config(seed=DEALER_FIRST))
    table = table_of(scene)
    lifted: list[str] = []

    def lift_then_play() -> bool:
        lines = list(table.log.lines)
        lifted.extend(line for line in lines[:1] if line.startswith("Ben lifted the "))
        return bool(lifted) and table.playing

    play_until(app, scene, lift_then_play)
    lines = list(table.log.lines)
    lift = next(i for i, line in enumerate(lines) if line.startswith("Ben lifted the "))
    assert lift > 0 and lines[lift - 1].startswith("Ben: "), f"the lift, then what Ben played after it: {lines}"


def test_each_stack_says_whose_it_is(app) -> None:
    scene = start_table(app, spizzichino_config(seed=DEALER_FIRST))
    table = table_of(scene)
    play_until(app, scene, lambda: table.playing)
    assert [stack.label for stack in table.stacks[0]] == ["Ana's stack"] * 2
    assert [stack.label for stack in table.stacks[1]] == ["Ben's stack"] * 2
    check_layout(scene, (1280, 800))


def test_the_person_alone_at_the_table_has_your_stacks(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    try:
        seats = (SeatConfig(name="You"), SeatConfig(name="Ben", kind=SeatKind.AI, level=AILevel.EASY))
        scene = start_table(app, MatchConfig(game="spizzichino", seats=seats, seed=DEALER_FIRST))
        frames(app, 3)
        assert [stack.label for stack in table_of(scene).stacks[0]] == ["Your stack"] * 2
    finally:
        app.quit()


def test_the_person_who_deals_chooses_from_the_four_left(app) -> None:
    scene = start_table(app, spizzichino_config(seed=DEALER_FIRST))
    table = table_of(scene)
    run_until(app, lambda: table.piles.active)
    assert sum(1 for count in table.piles.counts if count) == 4
    assert sum(1 for stack in table.stacks[1] if stack.count) == 2
    assert "Your pick" in table.piles.prompt


def test_once_the_piles_are_gone_the_player_who_did_not_deal_is_to_lead(app) -> None:
    """Declarations and the other player's first moves are shown before the table
    settles again: meanwhile the picture must not say the dealer is still to move."""
    scene = start_table(app, spizzichino_config(seed=DEALER_FIRST, deck=napoletana_deck()))
    table = table_of(scene)
    seen: list[tuple[str, int | None]] = []
    show = table.on_event

    def spy(event):  # type: ignore[no-untyped-def]
        show(event)
        seen.append((type(event).__name__, table.to_move))

    table.on_event = spy  # type: ignore[method-assign]
    play_until(app, scene, lambda: table.playing)
    names = [name for name, _ in seen]
    last_pick = len(names) - 1 - names[::-1].index("PileChosen")
    first_play = names.index("CardPlayed")
    between = seen[last_pick:first_play]
    assert any(name == "DeclarationMade" for name, _ in between)
    assert {to_move for _, to_move in between} == {1}, between


# -- a whole round -------------------------------------------------------------------------


def test_a_whole_round_played_through_the_screen(app) -> None:
    scene = start_table(app, spizzichino_config())
    moves = play_until(app, scene, lambda: scene.summary.visible)
    state = scene.match.state
    assert isinstance(state, SpizzichinoState)
    history = mine(scene)
    plays = [a for a in history if isinstance(a, PlayCard)]
    assert sum(isinstance(a, TakePile | StandPile) for a in history) == 4
    assert len(plays) == 20 and moves == len(history)
    assert {"deal", "play", "trick", "your_turn"} <= set(app._sound.played)
    summary = scene.summary.table
    assert summary is not None and summary.title == "Round 1"
    assert summary.headers == ("Player", "Cards", "Declared", "Last trick", "Sum", "Rounded")
    assert [row[0] for row in summary.rows] == ["Ana", "Ben"]
    assert sum(1 for row in summary.rows if row[3] == "1") == 1, "one player took the last trick"
    assert [line.total for line in summary.totals] == list(state.scores)
    assert scene.summary.button.text == "Next round", "Spizzichino plays rounds, and its table says so"


def test_up_chooses_a_stack_and_enter_plays_its_top(app) -> None:
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)

    def stack_top_playable() -> bool:
        legal = scene.match.legal_actions_for(0)
        tops = {s.top for s in table.stacks[0] if s.top is not None}
        return table.playing and any(isinstance(a, PlayCard) and a.card in tops for a in legal)

    play_until(app, scene, stack_top_playable)
    resting = {id(stack): stack.top_rect(table.sprites) for stack in table.stacks[0]}
    press(app, pygame.K_UP)
    assert table.stack_pair.focus is not None and table.stacks[0][table.stack_pair.focus].selected
    assert table.fan.selected is None
    chosen = table.stacks[0][table.stack_pair.focus]
    raised = chosen.top_rect(table.sprites)
    assert raised.top < resting[id(chosen)].top and raised.left == resting[id(chosen)].left, "the chosen card stands raised"
    assert chosen.bounds(table.sprites).contains(raised)
    if not table.stacks[0][table.stack_pair.focus].legal:
        press(app, pygame.K_RIGHT)
    card = table.stacks[0][table.stack_pair.focus].top
    press(app, pygame.K_RETURN, "\r")
    assert mine(scene)[-1] == PlayCard(card)
    press(app, pygame.K_DOWN)
    assert table.stack_pair.focus is None


def test_l_lifts_a_3_2_or_asso_into_the_hand(app) -> None:
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)
    play_until(app, scene, lambda: table.playing and any(isinstance(a, LiftCard) for a in scene.match.legal_actions_for(0)))
    lift = next(a for a in scene.match.legal_actions_for(0) if isinstance(a, LiftCard))
    stack = table.stacks[0][lift.stack]
    card, count = stack.top, stack.count
    assert table.lift_buttons[lift.stack].visible
    press(app, pygame.K_l, "l")
    assert mine(scene)[-1] == lift
    run_until(app, lambda: card in table.fan.cards)
    shown = table.fan.card_rect(table.fan.index_of(card))
    assert shown.bottom <= app.screen.get_height(), "it lands in the hand, not below the window"
    run_until(app, lambda: table.playing)
    assert stack.count == count - 1 and stack.top != card


def test_a_refused_move_shows_the_reason_and_changes_nothing(app) -> None:
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)

    def must_follow() -> bool:
        fan = table.fan
        return table.playing and any(slot.card not in fan.legal for slot in fan.slots)

    play_until(app, scene, must_follow)
    fan = table.fan
    index = next(i for i, slot in enumerate(fan.slots) if slot.card not in fan.legal)
    card = fan.slots[index].card
    assert card is not None
    reason = scene.match.why_illegal(PlayCard(card))
    digest = scene.match.state.digest()
    drag(app, card_grip(scene, index), table.trick.rect.center)
    assert reason and "follow suit" in reason
    assert scene.message == reason
    assert scene.match.state.digest() == digest and card in fan.cards


def test_l_without_a_card_to_lift_says_why(app) -> None:
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)
    play_until(app, scene, lambda: table.playing and not any(isinstance(a, LiftCard) for a in scene.match.legal_actions_for(0)))
    digest = scene.match.state.digest()
    press(app, pygame.K_l, "l")
    assert "lift" in scene.message
    assert scene.match.state.digest() == digest


# -- declarations and points -------------------------------------------------------------


def napoletana_deck() -> tuple[str, ...]:
    """Pile 1 (dealt first) holds the 3, 2 and asso of coppe: whoever takes it into
    the hand declares a napoletana."""
    first = parse_cards("3Co 2Co 1Co 4Ba 5Ba")
    rest = [card for card in DECK if card not in first]
    return tuple(str(card) for card in [*first, *rest])


def test_a_declaration_is_shown_with_its_cards_and_counted(app) -> None:
    scene = start_table(app, spizzichino_config(deck=napoletana_deck()))
    table = table_of(scene)
    shown: list[tuple[str, tuple[Card, ...]]] = []

    def watch() -> bool:
        if table.showcase.shown is not None and table.showcase.shown not in shown:
            shown.append(table.showcase.shown)
        return table.playing

    for _ in range(4):
        run_until(app, lambda: table.piles.active)
        choose_by_keys(app, scene)
    run_until(app, watch)
    ours = [s for s in shown if s[0].startswith("Ana")]
    assert ours and ours[0][0] == "Ana declares napoletana di coppe: 3 points"
    assert set(ours[0][1]) == set(parse_cards("3Co 2Co 1Co"))
    assert table.scores.rows[0].line.startswith("This round 3")


def test_thirds_are_told_as_players_say_them() -> None:
    assert [thirds_text(n) for n in (0, 1, 2, 3, 22, 23)] == ["0", "1/3", "2/3", "1", "7 1/3", "7 2/3"]


def test_the_last_trick_is_called_out_before_the_summary(app) -> None:
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)
    callouts: list[str] = []
    original = table.banner.announce

    def spy(text: str, seconds: float) -> None:
        callouts.append(text)
        original(text, seconds)

    table.banner.announce = spy  # type: ignore[method-assign]
    play_until(app, scene, lambda: scene.summary.visible)
    assert len(callouts) == 1 and "takes the last trick: 1 point more" in callouts[0]


def test_the_score_sheet_has_one_row_per_round(app) -> None:
    scene = start_table(app, spizzichino_config(humans=()))
    state = get_rules("spizzichino").new_game(2, seed=9)
    events = []
    rounds = 0
    while not state.is_over and rounds < 3:
        new = state.apply(state.legal_actions()[0])
        events.extend(new)
        rounds += sum(isinstance(e, RoundScored) for e in new)
    sheet = table_of(scene).score_sheet(events)
    assert sheet is not None and len(sheet.rows) == rounds
    assert [group for group, _ in sheet.groups] == ["Ana", "Ben"]
    tallies = [e for e in events if isinstance(e, RoundTally)]
    assert [row[4] for row in sheet.rows] == [str(t.points[0]) for t in tallies]


# -- undo ------------------------------------------------------------------------------------


def test_undo_never_goes_back_to_a_pile_choice(app) -> None:
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)
    run_until(app, lambda: table.piles.active)
    choose_by_keys(app, scene)
    run_until(app, lambda: table.piles.active)
    digest = scene.match.state.digest()
    click(app, scene.undo_button.rect.center)
    assert scene.message == CARDS_SEEN_SINCE.reason
    assert scene.match.state.digest() == digest
    assert len(table.fan.cards) == 5


def test_undo_refuses_once_a_card_under_a_stack_has_come_to_light(app) -> None:
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)

    def lift_uncovers() -> bool:
        legal = scene.match.legal_actions_for(0)
        return table.playing and any(isinstance(a, LiftCard) and table.stacks[0][a.stack].count > 1 for a in legal)

    play_until(app, scene, lift_uncovers)
    lift = next(a for a in scene.match.legal_actions_for(0) if isinstance(a, LiftCard) and table.stacks[0][a.stack].count > 1)
    click(app, table.lift_buttons[lift.stack].rect.center)
    run_until(app, lambda: ready(scene))
    digest = scene.match.state.digest()
    post(pygame.KEYDOWN, key=pygame.K_z, unicode="", mod=pygame.KMOD_CTRL, scancode=0)
    frames(app)
    assert scene.message == CARDS_SEEN_SINCE.reason
    assert scene.match.state.digest() == digest


def test_undo_takes_back_a_play_until_the_other_player_answers(app) -> None:
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)
    play_until(app, scene, lambda: table.playing and any(slot.card in table.fan.legal for slot in table.fan.slots))
    # The other player waits for its pause, and the match's clock stands still: the
    # moment between the play and the answer lasts.
    app.settings.ai_pace = 3.0
    scene.match._clock = lambda: 0.0
    index = next(i for i, slot in enumerate(table.fan.slots) if slot.card in table.fan.legal)
    digest, hand = scene.match.state.digest(), list(table.fan.cards)
    drag(app, card_grip(scene, index), table.trick.rect.center)
    frames(app, 5)
    assert scene.match.to_move == 1
    assert scene.undo_button.enabled and scene.undo_off_rect() is None
    click(app, scene.undo_button.rect.center)
    run_until(app, lambda: table.playing)
    assert scene.match.state.digest() == digest
    assert Counter(table.fan.cards) == Counter(hand)


def test_once_the_answer_is_seen_the_undo_button_says_why_it_is_off(app) -> None:
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)
    play_until(app, scene, lambda: table.playing and scene.match.to_move == 0 and not scene.match.view_for(0).trick)
    index = next(i for i, slot in enumerate(table.fan.slots) if slot.card in table.fan.legal)
    drag(app, card_grip(scene, index), table.trick.rect.center)
    run_until(app, lambda: len(scene.match.history) >= 2 and ready(scene) and not scene.animator.busy)
    assert scene.match.undo_refusal() is CARDS_SEEN_SINCE, "the answer showed a card"
    assert not scene.undo_button.enabled
    words = scene.undo_off_rect()
    assert words is not None and words.top >= scene.undo_button.rect.bottom
    assert app.screen.get_rect().contains(words)
    assert not any(words.colliderect(button.rect) for button in scene._buttons())
    digest = scene.match.state.digest()
    click(app, scene.undo_button.rect.center)
    assert scene.message == CARDS_SEEN_SINCE.reason
    assert scene.match.state.digest() == digest


def test_while_a_finished_trick_lies_on_the_table_only_its_winner_is_marked(app) -> None:
    """Seen at 1920x1080: as Ben's card completing the trick came in, Ana's plate said
    "to play" for a second, then Ben took the trick. Until the winner is named nobody is
    about to play; then only the winner, who leads next."""
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)
    play_until(
        app,
        scene,
        lambda: table.playing
        and scene.match.to_move == 0
        and not scene.match.view_for(0).trick
        and any(slot.card in table.fan.legal for slot in table.fan.slots),
    )
    shown: list[Event] = []
    before_each_event(scene, shown.append)
    index = next(i for i, slot in enumerate(table.fan.slots) if slot.card in table.fan.legal)
    drag(app, card_grip(scene, index), table.trick.rect.center)
    seen: list[tuple[int | None, list[str]]] = []

    def taken() -> bool:
        won = next((event.seat for event in shown if isinstance(event, TrickWon)), None)
        played = sum(isinstance(event, CardPlayed) for event in shown)
        if played == 2:
            # The plates follow the table at the next frame's update.
            seen.append((won, [panel.name for panel in table.panels if panel.active]))
        return played > 2 or (won is not None and not table.trick.plays and not scene.animator.busy)

    run_until(app, taken)
    assert len(seen) > 1, "the trick was seen complete on the table"
    names = ("Ana", "Ben")
    for won, marked in seen[1:]:
        assert set(marked) <= ({names[won]} if won is not None else set()), (won, marked)


# -- pass-and-play, resizing, Continue -----------------------------------------------------------


def test_pass_and_play_hands_off_with_no_hand_drawn_under_the_cover(app) -> None:
    scene = start_table(app, spizzichino_config(humans=(0, 1)))
    faces_under_cover: list[Card] = []
    draw = scene.sprites.draw

    def spy(surface, card, *args, **kwargs):  # type: ignore[no-untyped-def]
        if card is not None and scene.handoff.visible:
            faces_under_cover.append(card)
        return draw(surface, card, *args, **kwargs)

    scene.sprites.draw = spy  # type: ignore[method-assign]
    covers: list[int] = []
    moves = 0
    while moves < 14:
        run_until(app, lambda: ready(scene))
        if scene.handoff.visible:
            covers.append(scene.handoff.seat or 0)
            app.run_frame(0.1)
            show_my_cards(app, scene)
            continue
        assert scene.bottom == scene.match.to_move
        table = table_of(scene)
        if table.piles.active:
            choose_by_keys(app, scene)
        else:
            play_turn(app, scene, moves)
        moves += 1
    assert faces_under_cover == []
    assert set(covers) == {0, 1}


def test_resizing_mid_animation_keeps_everything_in_the_window(app) -> None:
    app.settings.animation_speed = 1.0
    scene = start_table(app, spizzichino_config())
    frames(app, 2, dt=0.05)
    assert scene.animator.busy, "the piles are still being laid out"
    for size in ((1024, 640), (1920, 1080), (1280, 800)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        frames(app, 1, dt=0.05)
        screen = app.screen.get_rect()
        assert screen.size == size
        for rect in scene.element_rects():
            assert screen.contains(rect), (size, rect)
    run_until(app, lambda: table_of(scene).piles.active)
    assert table_of(scene).piles.counts == [5] * 8


def test_save_and_continue_mid_round(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)
    play_until(app, scene, lambda: table.playing and len(mine(scene)) >= 7)
    digest, hand = scene.match.state.digest(), list(table.fan.cards)
    stacks = [(s.count, s.top) for s in table.stacks[0]]
    log = list(table.log.lines)
    assert log
    app.quit()
    again = make_app(tmp_path)
    try:
        again.scenes.push(MenuScene(again))
        frames(again)
        menu = again.scenes.top
        click(again, next(b for b in menu.buttons if b.text == "Continue").rect.center)  # type: ignore[attr-defined]
        resumed = again.scenes.top
        assert isinstance(resumed, TableScene)
        run_until(again, lambda: ready(resumed))
        assert resumed.match.state.digest() == digest
        assert table_of(resumed).fan.cards == hand
        assert [(s.count, s.top) for s in table_of(resumed).stacks[0]] == stacks
        assert list(table_of(resumed).log.lines) == log, "the log of the round is read back"
        assert table_of(resumed).playing
    finally:
        again.quit()


# -- the layout ------------------------------------------------------------------------------


def resize(app: App, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    frames(app)


def check_layout(scene: TableScene, size: tuple[int, int]) -> None:
    """Everything inside the window, and the important pieces apart from each other."""
    table = table_of(scene)
    screen = pygame.Rect((0, 0), size)
    for rect in scene.element_rects():
        assert screen.contains(rect), rect
    theme, sprites = scene.app.theme, scene.sprites
    pieces = {
        "scores": table.scores.rect,
        "my plate": table.panels[0].plate,
        "their plate": table.panels[1].plate,
        "their cards": table.panels[1].cards_rect(sprites),
        "hand": table.fan.bounds(),
        **{f"stack {seat}.{i}": s.rect(theme, sprites) for seat in range(2) for i, s in enumerate(table.stacks[seat])},
        **{f"lift {i}": b.rect for i, b in enumerate(table.lift_buttons) if b.visible},
        **{f"button {b.text}": b.rect for b in scene._buttons()},
    }
    if table.last_trick.last is not None:
        pieces["last trick"] = table.last_trick.button.rect
    if table.keys_line.keys:
        pieces["keys"] = table.keys_line.text_rect(theme)
    if table.known[table.top_seat]:
        pieces["known"] = table.known_rect()
    if table.log.visible:
        pieces["log"] = table.log.rect
    if table.piles.visible:
        for i, rect in enumerate(table.piles.rects(theme, sprites)):
            pieces[f"pile part {i}"] = rect
    else:
        pieces["trick"] = table.trick.rect
    names = list(pieces)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if a.startswith("pile part") and b.startswith("pile part"):
                continue
            assert not pieces[a].colliderect(pieces[b]), (size, a, b, pieces[a], pieces[b])


@pytest.mark.parametrize(
    ("size", "card_scale"), [*((size, 1.0) for size in SIZES), ((1024, 640), 1.5), ((1920, 1080), 1.5)]
)
def test_nothing_leaves_the_window_or_overlaps(app, size: tuple[int, int], card_scale: float) -> None:
    app.settings.card_scale = card_scale
    resize(app, size)
    scene = start_table(app, spizzichino_config(deck=napoletana_deck()))
    table = table_of(scene)
    run_until(app, lambda: table.piles.active)
    frames(app, 3)
    check_layout(scene, size)
    for _ in range(2):
        choose_by_keys(app, scene)
        run_until(app, lambda: table.piles.active)
    press(app, pygame.K_3, "3")
    frames(app, 3)
    check_layout(scene, size)
    play_until(app, scene, lambda: table.playing and any(b.visible for b in table.lift_buttons) and len(mine(scene)) > 4)
    frames(app, 5)
    assert table.playing and any(b.visible for b in table.lift_buttons)
    check_layout(scene, size)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_a_chosen_card_rises_clear_of_the_key_help(app, size: tuple[int, int]) -> None:
    """Seen at 1024x640: the card chosen with the keys, under the mouse and hinted rose
    over the middle of the keys line that tells how to play it (the line ran above the
    hand then; it runs under it now) and up to your stacks' Lift buttons."""
    resize(app, size)
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)
    play_until(app, scene, lambda: table.playing)
    fan = table.fan
    press(app, pygame.K_RIGHT)
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")
    chosen = fan.selected
    assert chosen is not None and table.keys_line.keys == with_pick(play_keys(scene.match.legal_actions_for(0)), fan)
    assert table.keys_line.keys[0].startswith("a second click or Enter plays the ")
    post(pygame.MOUSEMOTION, pos=card_grip(scene, chosen), rel=(0, 0), buttons=(0, 0, 0))
    frames(app, 30)
    assert not fan.gliding
    raised = [fan.drawn_rect(index) for index in range(len(fan.slots))]
    above = [table.keys_line.text_rect(app.theme), *(stack.rect(app.theme, scene.sprites) for stack in table.stacks[0])]
    assert [card for card in raised if card.collidelist(above) >= 0] == []


def test_into_the_hand_is_drawn_over_the_pile_flying_there(app: App) -> None:
    """Seen in play: the computer's "Into the hand" was hidden under the pile moving to
    its hand, the very move the words were about."""
    app.settings.animation_speed = 1.0
    scene = start_table(app, spizzichino_config(seed=DEALER_FIRST))
    table = table_of(scene)
    theme = app.theme
    seen = 0

    def covered_spot() -> tuple[int, int] | None:
        """A point of the computer's bubble, off its words, under a card in flight."""
        boxes = table.bubbles.drawn
        if 1 not in boxes or table.bubbles.shown[1][0] != "Into the hand":
            return None
        box = boxes[1]
        band = pygame.Rect(box.left + box.height // 2, box.top + 1, box.width - box.height, theme.px(4))
        for flight in scene.animator.flights:
            if not flight.visible:
                continue
            card = pygame.Rect((0, 0), scene.sprites.size(flight.width))
            card.center = (round(flight.center[0]), round(flight.center[1]))
            under = band.clip(card.inflate(-card.width // 4, -card.height // 4))
            if under.width and under.height:
                return under.center
        return None

    said = 0
    for _ in range(4000):
        frames(app, 1, 1 / 60)
        boxes = table.bubbles.drawn
        said += 1 in boxes and table.bubbles.shown[1][0] == "Into the hand"
        spot = covered_spot()
        if spot is not None:
            colour = app.screen.get_at(spot)[:3]
            assert sum(abs(a - b) for a, b in zip(colour, th.ACCENT, strict=True)) < 90, f"a card hides the bubble at {spot}: {colour}"
            seen += 1
        if said and table.piles.active:
            break
    # The bubble now sits clear of the pile's path; wherever a flight does cross it, the
    # words are drawn over the cards.
    assert said, "the computer never said where its pile went: the test saw nothing"
def test_take_or_stand_with_no_pile_chosen_says_why(app) -> None:
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)
    run_until(app, lambda: table.piles.active)
    assert table.piles.selected is None
    hand = len(table.fan.cards)
    click(app, table.piles.buttons[0].rect.center)
    assert scene.message == NO_PILE_CHOSEN
    assert len(table.fan.cards) == hand and table.piles.active


@pytest.mark.parametrize("how", ["key", "button"])
def test_a_hint_to_take_or_stand_a_pile_is_made_by_its_key_or_ringed_button(app, how: str) -> None:
    """Seen in play: the Hint said to stand pile 5, and S stood pile 1; its ringed button
    said to choose a pile first. The pile the Hint names is the one chosen."""
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)
    run_until(app, lambda: table.piles.active)
    press(app, pygame.K_h, "h")
    advice = scene.hint.advice
    assert advice is not None and isinstance(advice.action, TakePile | StandPile)
    hinted = advice.action
    assert table.piles.selected == hinted.pile
    take = isinstance(hinted, TakePile)
    if how == "key":
        press(app, pygame.K_t if take else pygame.K_s, "t" if take else "s")
    else:
        button = next(b for b, a in zip(table.piles.buttons, table.piles.actions, strict=True) if a.value is take)
        click(app, button.rect.center)
    assert mine(scene)[-1] == hinted, scene.message


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_last_trick_button_keeps_off_the_words_under_undo(tmp_path, size) -> None:
    """Seen in play: the Last trick button, in its second row under Menu, lay over the
    few words that say why Undo is off."""
    app = make_app(tmp_path, size)
    try:
        scene = start_table(app, spizzichino_config())
        frames(app, 3)
        words = scene.undo_off_rect()
        assert words is not None, "Undo is off before the first move"
        assert not table_of(scene).last_trick.button.rect.colliderect(words)
    finally:
        app.quit()


def test_a_stack_s_next_card_shows_face_up_as_soon_as_the_top_leaves(app: App) -> None:
    """A stack that still holds cards never shows a back on top: its next card turns up
    as the card above it is played or lifted (it showed face down while that card flew
    and was read)."""
    scene = TableScene(app, spizzichino_config(humans=()), watch=True)
    app.scenes.push(scene)
    table = table_of(scene)
    left_a_stack = 0
    while not scene.summary.visible:
        counts = [stack.count for seat_stacks in table.stacks for stack in seat_stacks]
        frames(app)
        stacks = [stack for seat_stacks in table.stacks for stack in seat_stacks]
        left_a_stack += sum(stack.count < before for stack, before in zip(stacks, counts, strict=True))
        assert all(stack.top is not None for stack in stacks if stack.count), "a back on top of a stack"
    assert left_a_stack > 0, "cards were played or lifted from the stacks"


def test_with_the_hand_empty_enter_picks_a_stack_card_and_the_next_enter_plays_it(app) -> None:
    """Enter with nothing picked picks the leftmost card you may play, even when only
    the face-up stacks have one left: the hand is played out first to get there."""
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)

    def only_stacks_left() -> bool:
        return table.playing and not table.fan.cards and any(stack.legal for stack in table.stacks[0])

    while True:
        run_until(app, lambda: ready(scene))
        if only_stacks_left():
            break
        before = len(mine(scene))
        if table.piles.active:
            choose_by_keys(app, scene)
        else:
            assert table.playing, "the round ended before the hand was played out"
            lifts = [a for a in scene.match.legal_actions_for(scene.bottom) if isinstance(a, LiftCard)]
            if lifts:
                click(app, table.lift_buttons[lifts[0].stack].rect.center)
            else:
                # Home picks the hand's leftmost card to play, Up a stack's.
                press(app, pygame.K_HOME if any(card in table.fan.legal for card in table.fan.cards) else pygame.K_UP)
                press(app, pygame.K_RETURN, "\r")
        assert len(mine(scene)) == before + 1, scene.message
    press(app, pygame.K_RETURN, "\r")
    focus = table.stack_pair.focus
    assert focus is not None and table.stacks[0][focus].selected and table.stacks[0][focus].legal
    card = table.stacks[0][focus].top
    assert mine(scene)[-1] != PlayCard(card), "the first Enter only picks"
    press(app, pygame.K_RETURN, "\r")
    assert mine(scene)[-1] == PlayCard(card)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_keys_line_never_cuts_a_key_half_way(app, size) -> None:
    """Seen at 1024x640: "..., L lifts a 3, 2 o…". A key that does not fit is left
    out whole (the rules page lists them all)."""
    resize(app, size)
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)
    play_until(app, scene, lambda: table.playing)
    text, _ = table.keys_line.shown(app.theme)
    assert "…" not in text
    assert ("Keys: " + ", ".join(play_keys(scene.match.legal_actions_for(0)))).startswith(text)
    assert text.startswith("Keys: Left/Right or Enter pick a card, Up/Down hand or stacks, Enter plays it")


def play_hinted_turns(app: App, scene: TableScene, at_hint: Callable[[Action | None], bool]) -> None:
    """Play the person's turns of a round, asking for the Hint (H) at each card to
    play, until ``at_hint`` (given the hinted move) says the test is done; otherwise
    lift what can be lifted, and play with two Enters."""
    table = table_of(scene)
    for _ in range(60):
        run_until(app, lambda: ready(scene), limit=3000)
        if scene.summary.visible or scene.game_over.visible:
            break
        if table.piles.active:
            choose_by_keys(app, scene)
            continue
        before = len(mine(scene))
        press(app, pygame.K_h, "h")
        advice = scene.hint.advice
        if at_hint(advice.action if advice is not None else None):
            return
        lifts = [a for a in scene.match.legal_actions_for(scene.bottom) if isinstance(a, LiftCard)]
        if lifts:
            click(app, table.lift_buttons[lifts[0].stack].rect.center)
        else:
            press(app, pygame.K_RETURN, "\r")
            press(app, pygame.K_RETURN, "\r")
        assert len(mine(scene)) == before + 1, scene.message
    raise AssertionError("the hint the test waits for never came this round")


def test_enter_after_a_hint_to_play_a_stack_card_picks_that_stack(app) -> None:
    """Seen in play: the Hint rang the sette di denari on the right stack, and Enter
    picked the asso di bastoni in the hand, a full point given away on the next Enter.
    Enter with nothing picked picks the card the Hint rings, on a stack as in the hand."""
    scene = start_table(app, spizzichino_config())
    table = table_of(scene)

    def check(hinted: Action | None) -> bool:
        on_stack = [i for i, stack in enumerate(table.stacks[0]) if isinstance(hinted, PlayCard) and stack.top == hinted.card]
        if not on_stack or not any(card in table.fan.legal for card in table.fan.cards):
            return False
        assert isinstance(hinted, PlayCard)
        press(app, pygame.K_RETURN, "\r")
        assert table.stack_pair.focus == on_stack[0], "Enter picks the stack the Hint rings"
        assert table.fan.selected_card is None, "and no card of the hand"
        frames(app)
        assert table.keys_line.keys[0] == f"a second click or Enter plays the {hinted.card.name}"
        press(app, pygame.K_RETURN, "\r")
        assert mine(scene)[-1] == hinted
        return True

    play_hinted_turns(app, scene, check)


def test_enter_after_a_hint_to_lift_a_stack_card_lifts_it(app) -> None:
    """Seen in play: the Hint said to lift the tre di spade from a stack, and Enter, then
    Enter, played it to the trick instead. With nothing chosen, Enter follows the Hint."""
    scene = start_table(app, spizzichino_config())

    def check(hinted: Action | None) -> bool:
        if not isinstance(hinted, LiftCard):
            return False
        press(app, pygame.K_RETURN, "\r")
        assert mine(scene)[-1] == hinted, scene.message
        return True

    play_hinted_turns(app, scene, check)
