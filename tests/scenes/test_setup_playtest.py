"""What a playtester found on the setup and rules screens, through the real App with
real events: messages wrapped inside their area, choices remembered for the session,
names for a second person, one name limit, arrows on setup, and a rules page that
shows no clipped line when scrolled."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest
from frame_support import click, frame, key, make_app, type_text

from cardtable_gui.app_window import App
from cardtable_gui.persistence.settings import Settings
from cardtable_gui.rules import GAMES
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.scenes.rules_book import RulesBookScene
from cardtable_gui.scenes.setup import HUMAN, SetupScene
from cardtable_gui.scenes.table.layout_registry import LAYOUTS
from cardtable_gui.seats import NAME_LIMIT, AILevel, SeatConfig
from cardtable_gui.ui.widgets import Toggle

LONG = "Zoë Maximiliana the Great"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path)
    app.scenes.push(MenuScene(app))
    frame(app)
    yield app
    app.quit()


def open_setup(app: App) -> SetupScene:
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    click(app, next(b for b in menu.buttons if b.text == "New game"))
    scene = app.scenes.top
    assert isinstance(scene, SetupScene)
    return scene


def segment(choice, value) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    index = [v for v, _ in choice.options].index(value)
    return choice.segment_rects()[index].center


def resize(app: App, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    frame(app)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_a_long_message_wraps_inside_its_area(app: App, size: tuple[int, int]) -> None:
    resize(app, size)
    scene = open_setup(app)
    waiting = next((name for name in GAMES if name not in LAYOUTS), None)
    if waiting is None:
        pytest.skip("every game has its table")
    click(app, scene.game_buttons[scene.games.index(waiting)])
    message = scene.message
    assert "Coming soon" in message.text
    lines = message.lines(app.theme, message.rect.width)
    assert len(lines) >= 1 and " ".join(lines).split() == message.text.split()
    font = app.theme.scaled_font(message.size, message.bold)
    assert all(font.size(line)[0] <= message.rect.width for line in lines)
    window = app.screen.get_rect()
    assert window.contains(message.rect) and message.rect.left >= app.theme.px(20)
    assert message.rect.right <= scene.start.rect.left
    assert message.height_for(app.theme, message.rect.width) <= message.rect.height


def test_choices_are_remembered_when_coming_back(app: App) -> None:
    scene = open_setup(app)
    game = "arizona_spaghetti" if "arizona_spaghetti" in GAMES else scene.games[-1]
    click(app, scene.game_buttons[scene.games.index(game)])
    if scene.count is not None:
        click(app, segment(scene.count, scene.count.options[-1][0]))
    click(app, segment(scene.seats[1].who, AILevel.HARD.value))
    click(app, scene.seats[1].name)
    for _ in range(12):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Quinn")
    key(app, pygame.K_RETURN)
    toggle = next((r.control for r in scene.form.rows if isinstance(r.control, Toggle)), None)
    if toggle is not None:
        scene.form.area.show(toggle)
        frame(app)
        click(app, toggle)
    click(app, segment(scene.seats[2].who, "human"))
    frame(app)
    click(app, scene.undo_toggle)
    chosen = scene.choices()
    assert chosen.options[game]
    click(app, scene.back)
    assert isinstance(app.scenes.top, MenuScene)
    again = open_setup(app)
    assert again is not scene
    assert again.choices() == chosen
    assert again.game == game and again.form.changed_values() == chosen.options[game]
    assert again.seats[1].config() == SeatConfig(name="Quinn", level=AILevel.HARD)
    assert again.undo_toggle.value


@contextmanager
def restarted(app: App, tmp_path: Path) -> Iterator[tuple[App, SetupScene]]:
    """Quit ``app``, start the program again on its data folder and open New game."""
    app.quit()
    again = make_app(tmp_path)
    try:
        again.scenes.push(MenuScene(again))
        frame(again)
        yield again, open_setup(again)
    finally:
        again.quit()


def test_the_last_game_chosen_is_offered_again_after_a_restart(app: App, tmp_path: Path) -> None:
    scene = open_setup(app)
    click(app, scene.game_buttons[scene.games.index("spinado")])
    click(app, scene.back)
    with restarted(app, tmp_path) as (_, again):
        assert again.game == "spinado"


def test_the_player_count_of_each_game_is_offered_again_after_a_restart(app: App, tmp_path: Path) -> None:
    """Arizona Spaghetti set up for six came back at four every time."""
    scene = open_setup(app)
    click(app, scene.game_buttons[scene.games.index("arizona_spaghetti")])
    assert scene.count is not None
    click(app, segment(scene.count, 6))
    click(app, scene.game_buttons[scene.games.index("spinado")])
    click(app, segment(scene.count, 3))
    click(app, scene.game_buttons[scene.games.index("spades")])
    click(app, scene.back)
    with restarted(app, tmp_path) as (again, scene):
        assert scene.game == "spades" and len(scene.seats) == 4
        click(again, scene.game_buttons[scene.games.index("arizona_spaghetti")])
        assert len(scene.seats) == 6
        click(again, scene.game_buttons[scene.games.index("spinado")])
        assert len(scene.seats) == 3


def test_each_seat_s_computer_level_is_offered_again_after_a_restart(app: App, tmp_path: Path) -> None:
    """A play-tester set every seat to Hard, and the next session gave Medium again;
    another set one seat to Hard and found all three Hard next time."""
    scene = open_setup(app)
    click(app, scene.game_buttons[scene.games.index("spades")])
    assert [row.who.value for row in scene.seats[1:]] == [AILevel.MEDIUM.value] * 3, "Medium the first time"
    click(app, segment(scene.seats[1].who, AILevel.HARD.value))
    click(app, segment(scene.seats[3].who, AILevel.EASY.value))
    click(app, scene.back)
    with restarted(app, tmp_path) as (again, scene):
        levels = [AILevel.HARD.value, AILevel.MEDIUM.value, AILevel.EASY.value]
        assert [row.who.value for row in scene.seats] == [HUMAN, *levels]
        click(again, scene.game_buttons[scene.games.index("arizona_spaghetti")])
        assert scene.count is not None
        click(again, segment(scene.count, 6))
        assert [row.who.value for row in scene.seats[1:]] == [*levels, AILevel.MEDIUM.value, AILevel.MEDIUM.value]


def test_a_friend_s_seat_at_a_shared_screen_is_offered_again_after_a_restart(app: App, tmp_path: Path) -> None:
    """A play-tester set Bruno's seat to a person for pass-and-play; after a restart
    New game gave it back to the computer."""
    scene = open_setup(app)
    click(app, scene.game_buttons[scene.games.index("hand_and_foot")])
    assert scene.count is not None
    click(app, segment(scene.count, 4))
    click(app, segment(scene.seats[2].who, HUMAN))
    click(app, scene.back)
    with restarted(app, tmp_path) as (_, scene):
        assert [row.who.value for row in scene.seats] == [HUMAN, AILevel.MEDIUM.value, HUMAN, AILevel.MEDIUM.value]
        assert [row.name.text for row in scene.seats][::2] == ["Player 1", "Player 3"]


def test_a_seat_given_back_to_the_computer_gets_its_own_name_back(app: App) -> None:
    """Clara's seat, a person's for a while, came back to the computer as "Ada"
    while Ada's seat was a person's: every name had moved."""
    scene = open_setup(app)
    click(app, scene.game_buttons[scene.games.index("spades")])
    names = [row.name.text for row in scene.seats]
    click(app, segment(scene.seats[3].who, HUMAN))
    click(app, segment(scene.seats[1].who, HUMAN))
    click(app, segment(scene.seats[3].who, AILevel.EASY.value))
    assert scene.seats[3].name.text == names[3]
    click(app, segment(scene.seats[1].who, AILevel.HARD.value))
    assert [row.name.text for row in scene.seats] == names


def test_a_second_person_is_called_player_2_not_you(app: App) -> None:
    scene = open_setup(app)
    click(app, scene.game_buttons[scene.games.index("spades")])
    assert scene.seats[0].name.text == app.settings.player_name == "You"
    click(app, segment(scene.seats[2].who, HUMAN))
    assert scene.seats[2].name.text == "Player 3"
    click(app, segment(scene.seats[1].who, HUMAN))
    assert scene.seats[1].name.text == "Player 2"
    click(app, segment(scene.seats[2].who, AILevel.EASY.value))
    assert scene.seats[2].name.text not in ("Player 3", "You", "Player 2")
    assert scene.start.enabled


def test_a_typed_name_is_kept_when_the_seat_changes_hands(app: App) -> None:
    scene = open_setup(app)
    click(app, scene.seats[1].name)
    for _ in range(12):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Mia")
    key(app, pygame.K_RETURN)
    click(app, segment(scene.seats[1].who, HUMAN))
    assert scene.seats[1].name.text == "Mia"


def test_one_name_limit_everywhere(app: App) -> None:
    scene = open_setup(app)
    click(app, scene.seats[0].name)
    for _ in range(12):
        key(app, pygame.K_BACKSPACE)
    type_text(app, LONG)
    key(app, pygame.K_RETURN)
    assert scene.seats[0].name.text == LONG[:NAME_LIMIT]
    config = scene.config()
    assert config.seats[0].name == LONG[:NAME_LIMIT]
    assert Settings(player_name=LONG[:NAME_LIMIT]).player_name == LONG[:NAME_LIMIT]
    with pytest.raises(ValueError):
        Settings(player_name=LONG[: NAME_LIMIT + 1] + "x")


def test_arrows_move_between_the_controls_of_setup(app: App) -> None:
    scene = open_setup(app)
    key(app, pygame.K_DOWN)
    first = scene.focus.current
    assert first is not None
    key(app, pygame.K_DOWN)
    assert scene.focus.current is not first
    key(app, pygame.K_UP)
    assert scene.focus.current is first
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, MenuScene)


class Recorder(pygame.Surface):
    """A window stand-in that remembers where each picture was put."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.placed: list[pygame.Rect] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[no-untyped-def, override]
        self.placed.append(pygame.Rect((dest[0], dest[1]), source.get_size()))
        return super().blit(source, dest, area, special_flags)


@pytest.mark.parametrize("steps", [1, 2, 3, 5, 7])
def test_a_scrolled_rules_page_shows_only_whole_lines(app: App, steps: int) -> None:
    resize(app, (1024, 640))
    scene = RulesBookScene(app)
    app.scenes.push(scene)
    frame(app)
    for _ in range(steps):
        key(app, pygame.K_DOWN)
    assert scene.scroller.offset > 0
    recorder = Recorder(app.screen.get_size())
    scene.draw(recorder)
    page = scene._page
    on_page = [r for r in recorder.placed if r.colliderect(page) and r.left >= page.left and r.width < page.width]
    assert on_page
    for rect in on_page:
        assert page.top <= rect.top and rect.bottom <= page.bottom, rect
