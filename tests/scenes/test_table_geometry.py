"""The table never covers itself: for every game at 1024x640, 1280x800 and 1920x1080,
at the deal with a first-game tip, with the hint asked for (H), with the longest refused
move's reason as well, with the reason of a move the rules really refused (a dimmed card
clicked twice, a lone card laid down), at the largest number of players with full tricks
and the computer's callouts and bubbles, through the end of a hand to its summary, a
Spizzichino declaration, the last trick shown again, and behind the pass-and-play
cover, everything drawn is collected from the scene and no note (reason, hint, tip,
callout, bubble, the hint's tag) lies over a card, a control or another note, the
keys line under the hand lies over nothing, nothing leaves the window, and no note or control lies against its edge. States far
into a game are reached by playing the rules alone and resuming the table just before
the move that brings them."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from cardtable_gui.ai import make_agent
from cardtable_gui.app_window import App
from cardtable_gui.persistence.saves import RestoredGame, SavedGame
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.base import Action, Event
from cardtable_gui.rules.hand_and_foot import Phase
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.book_row import NEW_BOOK
from cardtable_gui.scenes.table.card_sprites import index_corners
from cardtable_gui.scenes.table.trick_area import TrickArea
from cardtable_gui.scenes.table.footprint import EDGE_MARGIN, Footprint, Kind, Mark
from cardtable_gui.scenes.table.note_place import NOTE_GAP
from cardtable_gui.shown_text import ELLIPSIS
from cardtable_gui.ui.theme import MIN_TEXT_PX
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from tests.scenes.test_table_support import card_grip, click, frames, make_app, post, run_until, show_my_cards

SIZES = ((1024, 640), (1280, 800), (1920, 1080))
NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hal")
GUARDED = (Kind.CARD, Kind.CONTROL, Kind.BOARD, Kind.LOG, Kind.TEXT, Kind.NOTE, Kind.MARK)
"""What no note may lie over: the cards, the controls, the board, the log of plays,
the words on the felt and the other notes."""
LONG_REFUSAL = (
    "You can't add the spinado here: it goes on a card you play, and only when that card "
    "stops the sequence or is the last card of a suit."
)
"""A refusal as long as the longest the rules give."""
KEYS_LINE_GAMES = ("arizona_spaghetti", "spades", "spinado", "spizzichino")
"""The tables whose keys line runs under the hand (Hand and Foot's runs in its own bar)."""
WATCHED_FRAMES = 140
"""Frames of computer play looked at, at the largest number of players."""
READABLE_TRICK_CARD = 47
"""The narrowest a trick card may be, at the smallest window, for its corner index to
read at a glance (eight players' cards were 38 pixels wide at 1024x640; 48 until a
gap kept the turned cards off the seat plates, which they touched)."""


def config(game: str, players: int, humans: tuple[int, ...]) -> MatchConfig:
    seats = tuple(
        SeatConfig(name=NAMES[i], kind=SeatKind.HUMAN if i in humans else SeatKind.AI, level=AILevel.EASY)
        for i in range(players)
    )
    return MatchConfig(game=game, seats=seats, seed=7)


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path, request.param)
    app.settings.first_game_tips = True
    yield app
    app.quit()


def over(thing: Mark, others: Iterable[Mark]) -> list[str]:
    """``thing`` over each of ``others`` it meets, in words."""
    return [f"{thing.what} {tuple(thing.rect)} covers {mark.what} {tuple(mark.rect)}" for mark in others if mark is not thing and thing.rect.colliderect(mark.rect)]


def name_tag_problems(footprint: Footprint) -> list[str]:
    """A trick card's name tag ("Ada takes it" on the winner's) over other words (a
    seat plate, another tag), a control, a card that is not in the trick (a seat's
    backs, a pile: drawn later, they would hide it), or the corner index of any card in
    the trick, as it lies turned."""
    tags = [mark for mark in footprint if mark.what == "name tag"]
    corners = [mark for mark in footprint if mark.what == "trick card's index"]
    kept = [mark for mark in footprint if mark.kind in (Kind.TEXT, Kind.CONTROL) or (mark.kind is Kind.CARD and not mark.what.startswith("trick card"))]
    return [problem for tag in tags for problem in over(tag, kept + corners)]


def trick_index_problems(footprint: Footprint) -> list[str]:
    """A trick card drawn over the corner index of a trick card drawn before it."""
    trick = [mark for mark in footprint if mark.what == "trick card"]
    return [
        f"the trick card at {tuple(later.rect)} covers the corner index of the one at {tuple(earlier.rect)}"
        for index, earlier in enumerate(trick)
        for later in trick[index + 1 :]
        if later.rect.collidelist(index_corners(earlier.rect)) >= 0
    ]


def problems(scene: TableScene) -> list[str]:
    """Each note over something it must leave in sight, the hint's tag over words, a
    trick's name tag out of place, a control over words, the dead hand turned up over
    a card, a plate or the board, the keys line over anything, and each mark
    outside the window once nothing moves (a card may fly in from beyond the edge)."""
    footprint = scene.footprint()
    found = [f"{note.what} {tuple(note.rect)} covers {mark.what} {tuple(mark.rect)}" for note, mark in footprint.notes_covering(GUARDED)]
    words = [mark for mark in footprint if mark.kind is Kind.TEXT]
    found += [problem for tag in footprint if tag.what == "hint tag" for problem in over(tag, words)]
    found += name_tag_problems(footprint)
    found += trick_index_problems(footprint)
    found += [problem for control in footprint if control.kind is Kind.CONTROL for problem in over(control, words)]
    guarded = [mark for mark in footprint if mark.kind in GUARDED]
    found += [problem for shown in footprint if shown.what == "dead hand turned up" for problem in over(shown, guarded)]
    found += [problem for line in footprint if line.what == "keys line" for problem in over(line, guarded)]
    if not scene.animator.busy and not scene.table.fan.gliding:
        found += [f"{mark.what} {tuple(mark.rect)} leaves the window" for mark in footprint.outside()]
        found += [f"{mark.what} {tuple(mark.rect)} lies within {EDGE_MARGIN} px of the window's edge" for mark in footprint.near_edge()]
    return found


def deciding(scene: TableScene) -> bool:
    return scene.hint_refusal() is None and scene.offering == scene.match.to_move


def to_decision(app: App, scene: TableScene) -> None:
    """Run to the person's decision, clicking through the cover and any summary."""
    while True:
        run_until(app, lambda: deciding(scene) or scene.summary.visible or scene.handoff.visible)
        if deciding(scene):
            frames(app, 3)
            return
        if scene.handoff.visible:
            show_my_cards(app, scene)
        else:
            click(app, scene.summary.button.rect.center)


def watch(app: App, scene: TableScene, frames_left: int, seen: Callable[[], list[str]]) -> list[str]:
    """Problems seen on any of ``frames_left`` frames of the table playing on."""
    found: list[str] = []
    for _ in range(frames_left):
        frames(app)
        if scene.summary.visible or scene.game_over.visible:
            break
        found += [problem for problem in seen() if problem not in found]
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_person_s_decision_with_a_tip_a_hint_and_a_refusal(app: App, game: str) -> None:
    players = max(GAMES[game].player_counts)
    scene = TableScene(app, config(game, min(players, 4), (0,)))
    app.scenes.push(scene)
    to_decision(app, scene)
    assert problems(scene) == [], "at the deal"
    lines = [mark for mark in scene.footprint() if mark.what == "keys line"]
    assert len(lines) == (game in KEYS_LINE_GAMES), "the keys line is drawn, and checked like the rest"
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")
    frames(app, 2)
    assert scene.hint.visible
    assert problems(scene) == [], "with the hint"
    scene.say(LONG_REFUSAL)
    frames(app, 2)
    assert problems(scene) == [], "with a refusal too"


def test_the_table_s_news_and_a_tip_keep_a_gap_from_the_bid_panel(app: App) -> None:
    """Seen in play: the host's line about an away friend sat flush on the bid panel's
    top edge, and read as part of the panel; the first bid's tip did the same."""
    scene = TableScene(app, config("spades", 4, (0,)))
    app.scenes.push(scene)
    to_decision(app, scene)
    assert scene.note.visible
    tip = scene.note.box.inflate(2 * NOTE_GAP, 2 * NOTE_GAP)
    assert [mark.what for mark in scene.footprint() if mark.kind in (Kind.CONTROL, Kind.PANEL) and tip.colliderect(mark.rect)] == []
    scene.note_briefly("Waiting for Cleo to join again: the join code is 48-lamp-radish.", 30.0)
    frames(app, 2)
    news = scene.message_rect().inflate(2 * NOTE_GAP, 2 * NOTE_GAP)
    boxed = [mark for mark in scene.footprint() if mark.kind in (Kind.CONTROL, Kind.PANEL)]
    assert any(mark.what == "bid panel" for mark in boxed)
    assert [mark.what for mark in boxed if news.colliderect(mark.rect)] == []
    assert problems(scene) == []


def cut_names(trick: TrickArea | None) -> list[str]:
    """Each name tag of the trick whose words were cut short: "Ada ta..." names nobody."""
    words = trick.label_words if trick is not None else []
    return [f"the name tag {said!r} is cut" for said in words if said.endswith(("...", ELLIPSIS))]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_most_players_while_the_computers_play(app: App, game: str) -> None:
    players = max(GAMES[game].player_counts)
    scene = TableScene(app, config(game, players, ()), watch=True, pace=2.0)
    app.scenes.push(scene)
    trick = getattr(scene.table, "trick", None)
    widths: list[int] = []

    def seen() -> list[str]:
        widths.extend(card.width for card in (trick.drawn if trick is not None else []))
        return problems(scene) + cut_names(trick)

    assert watch(app, scene, WATCHED_FRAMES, seen) == []
    assert min(widths, default=READABLE_TRICK_CARD) >= READABLE_TRICK_CARD
    # A game that keeps a log of the last plays shows it among everything else.
    log = getattr(scene.table, "log", None)
    assert log is None or log.visible


def test_the_record_of_what_is_drawn_follows_the_cards_in_flight(app: App) -> None:
    """The notes stay put while cards fly, but what the table says is drawn is this
    frame's: a check made while the computers play looks at the cards where they are."""
    scene = TableScene(app, config("spades", 4, ()), watch=True, pace=2.0)
    app.scenes.push(scene)
    stale: list[str] = []
    flying = 0
    for _ in range(WATCHED_FRAMES):
        frames(app)
        flying += scene.animator.busy
        recorded = [mark.rect for mark in scene.footprint() if mark.what == "trick card"]
        if recorded != scene.table.trick.drawn:
            stale.append(f"recorded {[tuple(rect) for rect in recorded]}, drawn {[tuple(rect) for rect in scene.table.trick.drawn]}")
    assert flying, "cards flew while the frames were watched"
    assert stale == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_pass_and_play_cover(app: App, game: str) -> None:
    scene = TableScene(app, config(game, min(GAMES[game].player_counts), (0, 1)))
    app.scenes.push(scene)
    run_until(app, lambda: scene.handoff.visible)
    assert problems(scene) == []
    footprint = scene.footprint()
    cover = footprint.rects((Kind.PANEL,))
    words = footprint.rects((Kind.TEXT,))
    assert len(cover) == 1 and all(cover[0].contains(line) for line in words)
    assert not any(line.collidelistall(footprint.rects((Kind.CONTROL,))) for line in words)



def notes_over_the_hand(scene: TableScene) -> list[str]:
    """Each note over a card of the hand as it is drawn now, turned with the fan."""
    fan = scene.table.fan
    drawn = [fan.drawn_rect(i) for i in range(len(fan.slots)) if i != fan.dragging]
    notes = [mark for mark in scene.footprint() if mark.kind is Kind.NOTE]
    return [f"{note.what} {tuple(note.rect)} covers a card at {tuple(card)}" for note in notes for card in drawn if note.rect.colliderect(card)]


def test_hand_and_foot_cards_rise_clear_of_the_notes(app: App) -> None:
    """The hand's cards rise as they become playable, are pointed at and are chosen,
    and stand turned with the fan: the tip and the hint keep clear of every corner of
    them on every frame, from the draw to the last card chosen."""
    scene = TableScene(app, config("hand_and_foot", 4, (0,)))
    app.scenes.push(scene)
    to_decision(app, scene)
    table = scene.table
    fan = table.fan
    click(app, table.pile_bounds(table.stock).center)
    found: list[str] = []
    while not (deciding(scene) and table.controls.view.phase is Phase.PLAY and not scene.animator.busy):
        frames(app)
        found += notes_over_the_hand(scene)
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")
    frames(app, 2)
    assert scene.hint.visible
    for index in range(len(fan.slots)):
        click(app, card_grip(scene, index))
        post(pygame.MOUSEMOTION, pos=fan.card_rect(index).center, rel=(0, 0), buttons=(0, 0, 0))
        for _ in range(12):
            frames(app)
            found += notes_over_the_hand(scene)
    assert sorted(set(found)) == []
    assert problems(scene) == []


def test_the_spinado_turn_prompt_reads_whole(app: App) -> None:
    """Under a board made narrow by the most players, the prompt wraps onto a second
    line rather than losing its end, with the spinado added too."""
    scene = TableScene(app, config("spinado", max(GAMES["spinado"].player_counts), (0,)))
    app.scenes.push(scene)
    board = scene.table.board
    for _ in range(6):
        to_decision(app, scene)
        if scene.table.spinado_offered and not scene.table.with_spinado:
            post(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s")
            frames(app, 2)
        pieces = board.pieces(app.theme, scene.table.sprites)
        captions = [piece.rect for piece in pieces if piece.kind == "caption"]
        assert " ".join(piece.text for piece in pieces if piece.kind == "caption") == board.caption
        assert all(board.rect.contains(caption) for caption in captions)
        places = [piece.rect for piece in pieces if piece.kind in ("card", "place")]
        assert not any(caption.collidelistall(places) for caption in captions)
        scene.submit(scene.match.legal_actions_for(0)[0])


def just_before(game: str, players: int, event: str, humans: tuple[int, ...] = ()) -> RestoredGame:
    """A game played by the computer, stopped just before the move that brings
    ``event`` (by its type's name): every seat a computer, to watch it happen, unless
    ``humans`` name seats a person takes over from there."""
    return just_before_events(game, players, lambda events: any(type(happened).__name__ == event for happened in events), humans)


def just_before_events(
    game: str, players: int, brings: Callable[[list[Event]], bool], humans: tuple[int, ...] = ()
) -> RestoredGame:
    """A game played by the computer, stopped just before the first move whose events
    ``brings`` is true of: every seat a computer, to watch it happen, unless ``humans``
    name seats a person takes over from there."""
    return played_until(config(game, players, humans), lambda state, events: brings(events))


def played_until(cfg: MatchConfig, stop: Callable[[Any, list[Event]], bool]) -> RestoredGame:
    """A game played by the computer for every seat, stopped just before the first
    move ``stop`` is true of (given the state and that move's events), and resumed
    with ``cfg``'s seats."""
    game, players = cfg.game, len(cfg.seats)
    state = GAMES[game].new_game(players, seed=cfg.seed)
    agents = {seat: make_agent("heuristic", game, seat, random.Random(seat)) for seat in range(players)}
    actions: list[Action] = []
    movers: list[int] = []
    hand_start = 0
    while True:
        seat = state.to_move
        assert seat is not None, "the game ended without the move looked for"
        action = agents[seat].choose(state.view(seat), state.legal_actions())
        events = state.clone().apply(action)
        if stop(state, events):
            return RestoredGame(SavedGame.capture(cfg, actions, state), cfg, state, tuple(actions), tuple(movers), hand_start)
        state.apply(action)
        actions.append(action)
        movers.append(seat)
        if any(type(happened).__name__ == "HandDealt" for happened in events):
            hand_start = len(actions)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_end_of_a_hand_and_its_summary(app: App, game: str) -> None:
    restored = just_before(game, max(GAMES[game].player_counts), "RoundScored")
    scene = TableScene(app, restored.config, watch=True, resume=restored, pace=2.0)
    app.scenes.push(scene)
    found = watch(app, scene, 600, lambda: problems(scene))
    assert scene.summary.visible
    frames(app, 3)
    assert found + problems(scene) == []
    assert top_bar_covered(scene) == []
    assert [mark.what for mark in scene.footprint() if mark.what == "dead hand turned up"] == [], "put away, not left behind the summary"


def top_bar_covered(scene: TableScene) -> list[str]:
    """What of the top bar the summary covers: the buttons, the words under Undo, and
    a banner or scores reaching up beside the buttons (Arizona Spaghetti's summary lay
    over Save, Rules and the round's banner at 1920x1080)."""
    footprint = scene.footprint()
    band = max(mark.rect.bottom for mark in footprint if mark.what == "toolbar")
    bar = [
        mark
        for mark in footprint
        if mark.what in ("toolbar", "why Undo is off") or (mark.what in ("banner", "scores") and mark.rect.top < band)
    ]
    summary = next(mark for mark in footprint if mark.what == "summary")
    return over(summary, bar)


@pytest.mark.parametrize("players", sorted(GAMES["spizzichino"].player_counts))
def test_a_spizzichino_declaration(app: App, players: int) -> None:
    restored = just_before("spizzichino", players, "DeclarationMade")
    scene = TableScene(app, restored.config, watch=True, resume=restored, pace=2.0)
    app.scenes.push(scene)
    shown: list[bool] = []
    found = watch(app, scene, 400, lambda: (shown.append(scene.table.showcase.shown is not None), problems(scene))[1])
    assert any(shown), "the declaration was shown"
    assert found == []


@pytest.mark.parametrize("game", ["spades", "arizona_spaghetti"])
def test_the_last_trick_shown_again(app: App, game: str) -> None:
    """At the person's turn after each of six tricks, the Last trick button shows it
    again, its caption clear of every name tag, card and plate ("Last trick: Ada took
    it" lay on Cleo's tag in Arizona Spaghetti's narrow trick at 1280x800), on a ground
    that takes in every card and tag (a side seat's tag lay out on the felt); the Hint
    keeps clear of it too."""
    scene = TableScene(app, config(game, 4, (0,)))
    app.scenes.push(scene)
    table = scene.table
    shown = 0
    while shown < 6:
        to_decision(app, scene)
        if table.last_trick.last is not None and table.fan.active:
            click(app, table.last_trick.button.rect.center)
            frames(app, 2)
            assert table.last_trick.showing
            assert problems(scene) == [], shown
            ground = table.trick.ground_box
            for rect in table.trick.drawn + table.trick.label_boxes:
                assert ground.contains(rect), f"{rect} lies off the last trick's ground {ground}"
            shown += 1
            if shown == 6:
                break
            click(app, table.last_trick.button.rect.center)
        scene.submit(scene.match.legal_actions_for(0)[0])
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")
    frames(app, 2)
    assert scene.hint.visible and problems(scene) == []


def press_h(app: App) -> None:
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h")
    frames(app, 2)


def refuse_a_move(app: App, scene: TableScene) -> None:
    """With the hint asked for, make a move the rules refuse, as a person would: in
    Hand and Foot put a single chosen card down with Enter after drawing (L would lay
    the hinted cards instead); elsewhere click twice on a
    dimmed card, at the first turn that has one beside a card that may be played."""
    table = scene.table
    if scene.config.game == "hand_and_foot":
        to_decision(app, scene)
        click(app, table.pile_bounds(table.stock).center)
        run_until(app, lambda: deciding(scene) and table.controls.view.phase is Phase.PLAY and not scene.animator.busy)
        press_h(app)
        click(app, card_grip(scene, 0))
        post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    else:
        fan = table.fan
        while True:
            to_decision(app, scene)
            dimmed = [i for i, slot in enumerate(fan.slots) if slot.card not in fan.legal]
            if dimmed and fan.legal:
                break
            scene.submit(scene.match.legal_actions_for(0)[0])
        press_h(app)
        click(app, card_grip(scene, dimmed[0]))
        click(app, card_grip(scene, dimmed[0]))
    frames(app, 2)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_refused_move_and_the_hint(app: App, game: str) -> None:
    scene = TableScene(app, config(game, min(max(GAMES[game].player_counts), 4), (0,)))
    app.scenes.push(scene)
    refuse_a_move(app, scene)
    assert scene.message and scene.message_is_refusal
    assert scene.hint.visible
    assert problems(scene) == []


@pytest.mark.parametrize(("game", "players"), (("spizzichino", 2), ("hand_and_foot", 4)))
def test_the_hint_leaves_counts_and_names_in_sight(app: App, game: str, players: int) -> None:
    """Turn after turn with the hint asked for, its box and the tag on the move it
    marks leave in sight the count on each face-up stack and foot, the name of whose
    stack it is, the trick's name tags and the turn's prompt: the table names them
    among the words on the felt, which no note or tag covers."""
    scene = TableScene(app, config(game, players, (0,)))
    app.scenes.push(scene)
    found: list[str] = []
    counts: list[Mark] = []
    for _ in range(8):
        to_decision(app, scene)
        press_h(app)
        counts += [mark for mark in scene.footprint() if mark.kind is Kind.TEXT and " count" in mark.what]
        found += problems(scene)
        scene.submit(scene.match.legal_actions_for(0)[0])
    assert counts, "the counts on the stacks or the feet are among the words on the felt"
    assert found == []


def test_hand_and_foot_notes_keep_off_the_books(app: App) -> None:
    """The rows of books are the player's to read and to drop cards on: the tip, the
    hint and a refused move's reason (a real one, then the longest) lie in the room
    kept for notes beside them, never on a row, at every size."""
    scene = TableScene(app, config("hand_and_foot", 4, (0,)))
    app.scenes.push(scene)
    refuse_a_move(app, scene)
    found: list[str] = []
    for said in (None, LONG_REFUSAL):
        if said is not None:
            scene.say(said)
            frames(app, 2)
        footprint = scene.footprint()
        rows = [mark for mark in footprint if mark.what == "row of books"]
        notes = [mark for mark in footprint if mark.kind is Kind.NOTE]
        assert len(notes) >= 3, "the tip, the hint and the reason are shown"
        found += [problem for note in notes for problem in over(note, rows)]
    assert found == []


def many_books(least: int) -> RestoredGame:
    """A Hand and Foot game played by the computer until each team has ``least``
    books or more, resumed at the person's turn (seat 0 a person)."""
    return played_until(config("hand_and_foot", 4, (0,)), lambda state, _: state.to_move == 0 and min(map(len, state.books)) >= least)


def book_words_problems(scene: TableScene) -> list[str]:
    """Each book shown in a row that does not say both what it is and what it holds
    ("Fours 7", "1 wild") in whole words of a readable size, inside its place, clear
    of every book's cards and of its other line."""
    found: list[str] = []
    for row in scene.table.rows:
        shown = row.visible_rects()
        cards = [rect for key in [*(book.key for book in row.books), NEW_BOOK] if (rect := row.cards_rect(key)) is not None]
        for book in row.books:
            place = row.place_rect(book.key)
            if place not in shown:
                continue
            lines = row.lines_of(book.key)
            if [line.text for line in lines] != [book.caption, book.detail]:
                found.append(f"{book.caption!r} says {[line.text for line in lines]}")
            found += [f"{line.text!r} is drawn at {line.size} px" for line in lines if line.size < MIN_TEXT_PX]
            found += [f"{line.text!r} leaves its place" for line in lines if not place.contains(line.box)]
            found += [f"{line.text!r} lies over cards" for line in lines if line.box.collidelist(cards) >= 0]
            if len(lines) == 2 and lines[0].box.colliderect(lines[1].box):
                found.append(f"the lines of {book.caption!r} overlap")
    return found


def test_hand_and_foot_every_book_says_what_it_holds(app: App) -> None:
    """Seen at 1024x640 with eight books a side: the band dropped each book's second
    line ("1 wild") to hold a second line of books. At every size each book shown says
    its count and its wilds, readable, over nothing."""
    restored = many_books(8)
    scene = TableScene(app, restored.config, resume=restored)
    app.scenes.push(scene)
    to_decision(app, scene)
    assert all(len(row.books) >= 8 for row in scene.table.rows)
    assert book_words_problems(scene) == []
    assert problems(scene) == []


def test_hand_and_foot_rows_of_many_books_wrap_before_they_scroll(app: App) -> None:
    """Seen in play at 1280x800: with nine books the player's row scrolled sideways,
    "New book" cut at its edge, while the lower half of the band was empty. With nine
    or more books a team, every book of the player's team and the place for a new one
    are in sight at every size (on a second line if need be); a row that still
    scrolls (the others', on the smallest window) shows whole books only; and with
    the hint asked for, nothing covers anything."""
    restored = many_books(9)
    scene = TableScene(app, restored.config, resume=restored)
    app.scenes.push(scene)
    to_decision(app, scene)
    press_h(app)
    table = scene.table
    mine = table.rows[0]
    assert not mine.scrolls
    assert len(mine.visible_rects()) == len(mine.books) + 1
    for row in table.rows:
        assert len(row.books) >= 9
        whole = [row.place_rect(key) for key in [*(book.key for book in row.books), NEW_BOOK]]
        assert all(place in whole and row.rect.contains(place) for place in row.visible_rects())
    assert problems(scene) == []
