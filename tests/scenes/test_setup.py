"""The New game screen with real events: every registered game offered, player count,
seats, names typed, house rules toggled, validation in words, and Start opening the
table. Plus the options form built from pydantic models of every shape."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Literal

import pygame
import pytest
from frame_support import click, frame, key, make_app, type_keys, type_text
from pydantic import Field, model_validator

from cardtable_gui.rules import GAMES, RulesOptions
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.scenes.setup import HUMAN, SetupScene
from cardtable_gui.seats import AILevel, MatchConfig, SeatKind
from cardtable_gui.ui.form import OptionsForm, stepper_step
from cardtable_gui.ui.widgets import Choice, Stepper, Toggle


@pytest.fixture
def app(tmp_path: Path):
    app = make_app(tmp_path)
    app.scenes.push(MenuScene(app))
    app.scenes.push(SetupScene(app))
    frame(app)
    yield app
    app.quit()


def setup(app) -> SetupScene:
    scene = app.scenes.top
    assert isinstance(scene, SetupScene)
    return scene


def choose_game(app, name: str) -> SetupScene:
    scene = setup(app)
    click(app, scene.game_buttons[scene.games.index(name)])
    assert scene.game == name
    return scene


def segment(choice: Choice, value) -> tuple[int, int]:
    index = [v for v, _ in choice.options].index(value)
    return choice.segment_rects()[index].center


def test_every_registered_game_is_offered(app) -> None:
    scene = setup(app)
    assert scene.games == list(GAMES)
    assert [b.text for b in scene.game_buttons] == [rules.title for rules in GAMES.values()]


def test_each_game_gets_a_form_of_its_own_options(app) -> None:
    for name, rules in GAMES.items():
        scene = choose_game(app, name)
        assert [row.name for row in scene.form.rows] == list(rules.Options.model_fields)
        assert len(scene.seats) in rules.player_counts
        frame(app)


def test_player_count_changes_the_seats_and_keeps_names(app) -> None:
    game = next((n for n, r in GAMES.items() if len(r.player_counts) > 2), None)
    if game is None:
        pytest.skip("no registered game has several table sizes")
    scene = choose_game(app, game)
    counts = GAMES[game].player_counts
    first_name = scene.seats[0].name.text
    click(app, segment(scene.count, counts[-1]))
    assert len(scene.seats) == counts[-1]
    click(app, segment(scene.count, counts[0]))
    assert len(scene.seats) == counts[0]
    assert scene.seats[0].name.text == first_name
    names = [row.name.text for row in scene.seats]
    assert len(set(names)) == len(names)


def test_the_players_panel_says_who_partners_whom(app) -> None:
    """A new player set up four-player Hand and Foot not knowing their partner: the
    seat numbers alone do not say it. Partners sit across the table."""
    scene = choose_game(app, "hand_and_foot")
    click(app, segment(scene.count, 4))
    names = [row.name.text for row in scene.seats]
    assert scene.sides.text == f"Sides: {names[0]} and {names[2]} against {names[1]} and {names[3]}."
    click(app, segment(scene.count, 6))
    names = [row.name.text for row in scene.seats]
    assert scene.sides.text == f"Sides: {names[0]}, {names[2]} and {names[4]} against {names[1]}, {names[3]} and {names[5]}."
    frame(app)
    assert scene.sides.rect.bottom <= scene.seat_area.rect.bottom or scene.seat_area.scroller.content_height > scene.seat_area.rect.height
    last_seat = scene.seats[-1].who.rect
    assert not scene.sides.rect.colliderect(last_seat), "the line stands below the seats"
    teams = next(row.control for row in scene.form.rows if row.name == "teams")
    click(app, segment(teams, "2v2v2"))
    assert scene.sides.text == f"Sides: {names[0]} and {names[3]}; {names[1]} and {names[4]}; {names[2]} and {names[5]}."
    click(app, segment(scene.count, 2))
    assert scene.sides.text == "", "each plays alone"
    scene = choose_game(app, "spades")
    names = [row.name.text for row in scene.seats]
    assert scene.sides.text == f"Sides: {names[0]} and {names[2]} against {names[1]} and {names[3]}."
    scene = choose_game(app, "spinado")
    assert scene.sides.text == ""


def test_more_seats_leave_every_name_shown_as_it_is_and_bring_fresh_ones(app) -> None:
    """Seen in play: going from 4 players to 6 renamed seat 2. Seat 2, given to a
    person, kept its computer's name for the computer's return; the new seats took that
    name, and seat 2 came back as Elsa instead."""
    scene = choose_game(app, "hand_and_foot")
    click(app, segment(scene.count, 4))
    computer = scene.seats[1].name.text
    click(app, segment(scene.seats[1].who, HUMAN))
    shown = [row.name.text for row in scene.seats]
    click(app, segment(scene.count, 6))
    names = [row.name.text for row in scene.seats]
    assert names[:4] == shown
    assert len(set(names)) == 6 and computer not in names
    click(app, segment(scene.seats[1].who, AILevel.MEDIUM.value))
    assert [row.name.text for row in scene.seats[1:]] == [computer, *names[2:]]


def test_defaults_one_person_and_named_computers(app) -> None:
    scene = choose_game(app, "spades")
    config = scene.config()
    assert config.seats[0].kind is SeatKind.HUMAN and config.seats[0].name == app.settings.player_name
    assert all(seat.kind is SeatKind.AI and seat.level is AILevel.MEDIUM for seat in config.seats[1:])


def test_seat_to_human_type_a_name_toggle_an_option(app) -> None:
    scene = choose_game(app, "spades")
    row = scene.seats[2]
    click(app, segment(row.who, HUMAN))
    click(app, segment(scene.seats[1].who, AILevel.HARD.value))
    click(app, row.name)
    assert row.name.focused
    for _ in range(len(row.name.text)):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Zoë")
    key(app, pygame.K_RETURN)
    assert not row.name.focused
    toggle = next(r.control for r in scene.form.rows if r.name == "bag_penalty")
    assert isinstance(toggle, Toggle) and toggle.value
    click(app, toggle)
    config = scene.config()
    assert config.seats[2].name == "Zoë" and config.seats[2].kind is SeatKind.HUMAN
    assert config.seats[1].level is AILevel.HARD
    assert config.options == {"bag_penalty": False}
    GAMES["spades"].Options(**config.options)


def test_ctrl_a_then_typing_replaces_a_whole_name(app) -> None:
    scene = choose_game(app, "spades")
    row = scene.seats[1]
    click(app, row.name)
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    type_text(app, "Mia")
    assert row.name.text == "Mia"
    # Seen in play: with real key presses before each character, "Bea" was added on.
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    type_keys(app, "Bea")
    assert row.name.text == "Bea"
    key(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
    key(app, pygame.K_BACKSPACE)
    assert row.name.text == ""


def test_escape_in_a_name_field_leaves_the_field_not_the_screen(app) -> None:
    scene = setup(app)
    click(app, scene.seats[0].name)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene and not scene.seats[0].name.focused
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)


def test_problems_are_sentences_and_block_start(app) -> None:
    scene = choose_game(app, "spades")
    click(app, scene.seats[1].name)
    for _ in range(30):
        key(app, pygame.K_BACKSPACE)
    assert scene.message.text == "Seat 2 needs a name."
    assert not scene.start.enabled
    type_text(app, scene.seats[0].name.text.upper())
    assert "give each its own name" in scene.message.text
    with pytest.raises(ValueError, match="own name"):
        scene.config()
    key(app, pygame.K_BACKSPACE)
    type_text(app, "Q")
    assert scene.start.enabled and scene.message.text == ""


def test_a_game_without_a_table_yet_says_so_and_cannot_start(app) -> None:
    from cardtable_gui.scenes.table.layout_registry import LAYOUTS

    for name in GAMES:
        scene = choose_game(app, name)
        if name in LAYOUTS:
            assert scene.start.enabled
            continue
        assert not scene.start.enabled
        assert scene.message.text.startswith("Coming soon")
        assert "cardtable" not in scene.message.text, "setup never asks a player to type a command"
        click(app, scene.start)
        assert app.scenes.top is scene


def test_stepper_keeps_within_bounds(app) -> None:
    scene = choose_game(app, "spades")
    stepper = next(r.control for r in scene.form.rows if r.name == "losing_score")
    assert isinstance(stepper, Stepper)
    scene.form.area.show(stepper)
    frame(app)
    plus = stepper._parts()[2].center
    for _ in range(200):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=plus, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=plus, button=1))
    frame(app)
    assert stepper.value == -100
    assert scene.config().options["losing_score"] == -100


def test_start_builds_the_match_and_opens_the_table(app) -> None:
    scene = choose_game(app, "spades")
    click(app, scene.start)
    from cardtable_gui.scenes.table import TableScene

    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert isinstance(table.match.config, MatchConfig)
    assert table.match.config.game == "spades" and table.match.config.players == 4
    assert isinstance(app.scenes._scenes[0], MenuScene) and len(app.scenes) == 2


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


class SampleOptions(RulesOptions):
    fast: bool = Field(True, description="Go quickly.")
    rounds: int = Field(3, ge=1, le=9, description="How many rounds.")
    bonus: int = Field(1500, ge=0, le=5000, description="Big numbers step in fifties.")
    pace: float = Field(0.5, ge=0.0, le=2.0, description="A fraction.")
    size: Literal["small", "large"] = Field("small", description="A literal.")
    colour: Colour = Field(Colour.RED, description="An enum.")

    @model_validator(mode="after")
    def _quick_means_few(self) -> SampleOptions:
        if self.fast and self.rounds > 5:
            raise ValueError("a fast game has at most 5 rounds")
        return self


def test_form_builds_a_control_for_each_kind_of_field() -> None:
    pygame.init()
    form = OptionsForm(SampleOptions)
    controls = {row.name: row.control for row in form.rows}
    assert isinstance(controls["fast"], Toggle)
    assert isinstance(controls["rounds"], Stepper) and (controls["rounds"].minimum, controls["rounds"].maximum) == (1, 9)
    assert controls["bonus"].step == 50
    assert isinstance(controls["size"], Choice) and [label for _, label in controls["size"].options] == ["Small", "Large"]
    assert isinstance(controls["colour"], Choice) and controls["colour"].value is Colour.RED
    assert {row.name: row.label.text for row in form.rows}["pace"] == "Pace"
    assert form.rows[0].help.text == "Go quickly."
    assert form.validate() == SampleOptions()


def test_form_reports_a_cross_field_problem_in_words() -> None:
    form = OptionsForm(SampleOptions, {"rounds": 5})
    controls = {row.name: row.control for row in form.rows}
    controls["rounds"].nudge(1)
    assert form.error == "A fast game has at most 5 rounds."
    controls["fast"].set(False)
    assert form.error is None
    assert form.changed_values() == {"fast": False, "rounds": 6}


def test_stepper_steps_are_round_and_land_on_the_default() -> None:
    assert stepper_step(1, 9, 3, True) == 1
    assert stepper_step(0, 5000, 1500, True) == 50
    assert stepper_step(-1000, -100, -200, True) == 10
    assert stepper_step(0.25, 4.0, 1.0, False) == 0.05


# What a new player tripped over -------------------------------------------------------


def test_hand_and_foot_starts_at_four_with_no_team_choice_until_six(app) -> None:
    scene = choose_game(app, "hand_and_foot")
    assert len(scene.seats) == 4
    assert "teams" not in [row.name for row in scene.form.rows if row.shown]
    click(app, segment(scene.count, 6))
    assert "teams" in [row.name for row in scene.form.rows if row.shown]
    click(app, segment(scene.count, 2))
    assert "teams" not in [row.name for row in scene.form.rows if row.shown]


def test_an_automatic_zero_is_shown_in_words(app) -> None:
    scene = choose_game(app, "hand_and_foot")
    decks = next(row.control for row in scene.form.rows if row.name == "decks")
    assert isinstance(decks, Stepper) and decks.fmt(0) == "Players + 1" and decks.fmt(3) == "3"
    scene = choose_game(app, "spinado")
    hands = next(row.control for row in scene.form.rows if row.name == "hands")
    assert hands.fmt(0) == "Twice the players"


def test_two_people_at_the_screen_are_player_1_and_player_2(app) -> None:
    scene = choose_game(app, "spades")
    assert scene.seats[0].name.text == "You"
    click(app, segment(scene.seats[2].who, HUMAN))
    assert [row.name.text for row in scene.seats if row.who.value == HUMAN] == ["Player 1", "Player 3"]
    click(app, segment(scene.seats[2].who, AILevel.MEDIUM.value))
    assert scene.seats[0].name.text == "You"


def test_the_undo_agreement_is_offered_only_to_two_people_or_more(app) -> None:
    scene = choose_game(app, "spades")
    assert scene.undo_toggle not in scene.seat_area.children
    assert scene.undo_toggle not in scene._focus_order()
    click(app, segment(scene.seats[2].who, HUMAN))
    frame(app)
    assert scene.undo_toggle in scene.seat_area.children and scene.undo_toggle.rect.width > 0
    click(app, scene.undo_toggle.rect.center)
    assert scene.config().undo_in_pass_and_play
    click(app, segment(scene.seats[2].who, AILevel.MEDIUM.value))
    frame(app)
    assert scene.undo_toggle not in scene.seat_area.children
    assert not scene.config().undo_in_pass_and_play, "alone against computers, there is nobody to agree with"
    assert scene.choices().undo_in_pass_and_play, "the choice is kept for the next shared game"


def test_switches_say_on_or_off(app, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable_gui.ui.theme import Theme

    drawn: list[str] = []
    render = Theme.text

    def spy(self, text, *args, **kwargs):
        drawn.append(text)
        return render(self, text, *args, **kwargs)

    monkeypatch.setattr(Theme, "text", spy)
    choose_game(app, "hand_and_foot")
    frame(app)
    assert "Off" in drawn and "On" in drawn


def test_every_option_in_a_selector_is_drawn_at_one_size(app, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable_gui.ui.theme import Theme

    sizes: dict[str, int] = {}
    render = Theme.text

    def spy(self, text, size, *args, **kwargs):
        sizes[text] = size
        return render(self, text, size, *args, **kwargs)

    monkeypatch.setattr(Theme, "text", spy)
    frame(app)
    assert len({sizes[label] for _, label in setup(app).seats[1].who.options}) == 1


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_a_number_in_words_is_as_large_as_the_numbers(app, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    """"Twice the players" was squeezed between - and + to a tiny size."""
    from cardtable_gui.ui.theme import Theme

    sizes: dict[str, int] = {}
    render = Theme.text

    def spy(self, text, size, *args, **kwargs):
        sizes[text] = size
        return render(self, text, size, *args, **kwargs)

    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    frame(app)
    monkeypatch.setattr(Theme, "text", spy)
    choose_game(app, "spinado")
    frame(app)
    assert sizes["Twice the players"] == sizes["50"], "as large as the starting chips"
    choose_game(app, "hand_and_foot")
    frame(app)
    assert sizes["Players + 1"] == sizes["50"]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_spinado_s_steppers_sit_alike_beside_their_labels(app, size: tuple[int, int]) -> None:
    """"Hands" ("Twice the players") had its stepper on a line of its own while
    "Starting chips" had its stepper beside the label: both sit alike, beside their
    labels or (in a form too narrow for that) under them, as wide as each other."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    frame(app)
    scene = choose_game(app, "spinado")
    frame(app)
    rows = {row.name: row for row in scene.form.rows}
    chips, hands = rows["starting_chips"], rows["hands"]
    beside = [row.control.rect.top == row.label.rect.top and row.control.rect.left > row.label.rect.right for row in (chips, hands)]
    under = [row.control.rect.top >= row.label.rect.bottom for row in (chips, hands)]
    assert beside in ([True, True], [False, False]) and under == [not at for at in beside]
    assert (hands.control.rect.left, hands.control.rect.width) == (chips.control.rect.left, chips.control.rect.width)


def test_long_house_rule_names_are_never_cut(app) -> None:
    scene = choose_game(app, "hand_and_foot")
    frame(app)
    for row in scene.form.rows:
        if row.shown:
            assert row.label.wrap and "\u2026" not in row.label.text


def press_dialog(app, label: str) -> None:
    dialog = app.scenes.top
    click(app, next(b for b in dialog.buttons if b.text == label))


def with_a_game_in_progress(app) -> Path:
    from cardtable_gui.persistence import SavedGame, SaveStore
    from cardtable_gui.seats import SeatConfig

    config = MatchConfig(game="spades", seats=tuple(SeatConfig(name=n) for n in ("Zed", "Ada", "Bruno", "Clara")), seed=5)
    state = GAMES["spades"].new_game(4, seed=5)
    store = SaveStore(app.data_dir)
    store.autosave(SavedGame.capture(config, [], state))
    return store.autosave_path


@pytest.mark.parametrize("answer", ["Save it first", "Discard", "Cancel"])
def test_start_asks_before_replacing_the_game_in_progress(app, answer: str) -> None:
    from cardtable_gui.persistence import SaveStore
    from cardtable_gui.scenes.dialog import Dialog
    from cardtable_gui.scenes.table import TableScene

    autosave = with_a_game_in_progress(app)
    before = autosave.read_bytes()
    scene = choose_game(app, "spades")
    click(app, scene.start)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and "Spades game in progress will be lost" in dialog.message.text
    assert [b.text for b in dialog.buttons] == ["Save it first", "Discard", "Cancel"]
    press_dialog(app, answer)
    store = SaveStore(app.data_dir)
    if answer == "Cancel":
        assert app.scenes.top is scene and autosave.read_bytes() == before
        return
    assert isinstance(app.scenes.top, TableScene)
    kept = [entry.saved for entry in store.list_saves() if entry.saved is not None]
    if answer == "Save it first":
        assert [saved.players[0] for saved in kept] == ["Zed"]
    else:
        assert kept == []
    app.scenes.top.close()
