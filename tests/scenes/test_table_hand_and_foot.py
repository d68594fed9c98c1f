"""The Hand and Foot table driven through the real App with real pygame events: a whole
round played by clicks, drags and keys (draw, a staged two-book opening, adding to
books, discarding, picking up the foot, asking to go out and going out), taking the
discard pile with and without an opening, refusals with their reasons, undo,
pass-and-play with a partner asked behind the cover, saving and continuing, resizing,
and the layout at the three window sizes.

The rounds are stacked: the player moves first and holds what the plan needs; the
computer players hold one card of each of nine ranks and two wild cards, and draw
threes, so they can neither meld nor take the pile, and every draw is known.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pygame
import pytest
from test_table_support import click, covered_by_a_toast, drag, frames, make_app, post, run_until, show_my_cards, start_table

from cardtable_gui.cards import Card, french_packs, parse_cards
from cardtable_gui.rules import get_rules
from cardtable_gui.rules.base import Action, GameView
from cardtable_gui.rules.hand_and_foot import (
    AnswerGoOut,
    AskToGoOut,
    Discard,
    DrawCards,
    HandAndFootOptions,
    HandAndFootView,
    Meld,
    Phase,
    TakePile,
)
from cardtable_gui.persistence.saves import SaveStore
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.book_row import NEW_BOOK
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from cardtable_gui.undo_rule import CARDS_SEEN_SINCE

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eve", "Finn")
SIZES = ((1024, 640), (1280, 800), (1920, 1080))

MY_HAND = "KH KS KD KC KH KS QH QS QD QC 5H"
MY_DRAW = "KD QH"
MY_FOOT = "8H 8S 8D 7H 7S 7D 6H 6S 6D 4H 4S"
MY_SECOND_DRAW = "4D 10H"
SUITS = "CDS"


def their_hand(seat: int) -> str:
    """One of each of nine ranks and two wilds: nothing to meld, no pair to take a
    pile with (each computer's cards in a suit of its own, so the packs suffice)."""
    suit = SUITS[(seat - 1) % len(SUITS)]
    return " ".join(f"{rank}{suit}" for rank in ("4", "5", "6", "7", "8", "9", "10", "J", "A")) + f" 2{suit} JK"


def their_draw(seat: int) -> str:
    """Two threes: nothing a computer can use."""
    return "3C 3S" if seat % 2 else "3H 3D"


def options(players: int, **changes: object) -> dict[str, object]:
    """A short round: one clean book goes out; as few packs as the players allow."""
    base: dict[str, object] = {
        "rounds": 1,
        "decks": 2 if players <= 4 else 3,
        "clean_books": 1,
        "dirty_books": 0,
    }
    base.update(changes)
    return base


def first_seed(players: int, opts: dict[str, object]) -> int:
    """A seed whose dealer sits just right of seat 0, so seat 0 moves first."""
    rules = get_rules("hand_and_foot")
    for seed in range(200):
        if rules.new_game(players, HandAndFootOptions(**opts), seed=seed).dealer == players - 1:
            return seed
    raise AssertionError("no seed deals from the last seat")


def stacked_deck(
    players: int,
    opts: dict[str, object],
    hands: dict[int, str],
    feet: dict[int, str],
    upcard: str,
    draws: Sequence[str],
) -> tuple[str, ...]:
    """Every card of the packs, top first, dealt from seat 0 round: the hands and
    feet named (each seat not named gets ``their_hand``), the upcard, then the draws
    in order; the rest in pack order."""
    options_ = HandAndFootOptions(**opts)
    packs = options_.packs(players)
    left = Counter(french_packs(packs, options_.jokers_per_deck))

    def take(cards: Sequence[Card]) -> list[Card]:
        for card in cards:
            assert left[card] > 0, f"the packs hold no more {card}"
            left[card] -= 1
        return list(cards)

    hand_cards = {s: take(parse_cards(hands.get(s, their_hand(s)))) for s in range(players)}
    foot_cards = {s: take(parse_cards(feet[s])) for s in feet}
    top = take(parse_cards(upcard))
    drawn = [take(parse_cards(text)) for text in draws]
    rest = sorted(left.elements(), key=lambda c: (c.rank.value in (2, 3, 15), c.sort_key()))
    filler = iter(rest)
    deck: list[Card] = []
    for size, cards in ((11, hand_cards), (11, foot_cards)):
        for index in range(size):
            for seat in range(players):
                own = cards.get(seat)
                deck.append(own[index] if own is not None else next(filler))
    deck += top
    for cards in drawn:
        deck += cards
    deck += list(filler)
    return tuple(str(c) for c in deck)


def config(players: int, humans: Sequence[int] = (0,), **changes: object) -> MatchConfig:
    """The stacked round: seat 0 draws first; each computer draws two threes."""
    opts = options(players, **changes)
    draws = [MY_DRAW] + [their_draw(s) for s in range(1, players)] + [MY_SECOND_DRAW]
    deck = stacked_deck(players, opts, {0: MY_HAND}, {0: MY_FOOT}, "9D", draws)
    seats = tuple(
        SeatConfig(name=NAMES[i], kind=SeatKind.HUMAN if i in humans else SeatKind.AI, level=AILevel.EASY)
        for i in range(players)
    )
    return MatchConfig(game="hand_and_foot", seats=seats, options=opts, seed=first_seed(players, opts), deck=deck)


class SaysYes:
    """A partner who always agrees to go out, and otherwise plays as before."""

    def __init__(self, agent) -> None:
        self.agent = agent

    def choose(self, view: GameView, legal: Sequence[Action]) -> Action:
        if AnswerGoOut(True) in legal:
            return AnswerGoOut(True)
        return self.agent.choose(view, legal)


@pytest.fixture
def app(tmp_path: Path):
    app = make_app(tmp_path)
    yield app
    app.quit()


# -- driving the table ---------------------------------------------------------------


def my_turn(scene: TableScene) -> bool:
    return scene.table.controls.active or scene.summary.visible or scene.game_over.visible or scene.handoff.visible


def wait_turn(app, scene: TableScene, phase: Phase | None = None) -> HandAndFootView:
    run_until(app, lambda: my_turn(scene) and (phase is None or phase_now(scene) is phase))
    # Cards new to the hand glide in from the pile: let them settle before pointing.
    frames(app, 6)
    view = scene.table.view
    assert isinstance(view, HandAndFootView)
    return view


def phase_now(scene: TableScene) -> Phase:
    view = scene.match.view_for(None)
    assert isinstance(view, HandAndFootView)
    return view.phase


def grip(scene: TableScene, index: int) -> tuple[int, int]:
    rect = scene.table.fan.card_rect(index)
    return (rect.left + max(4, rect.width // 8), rect.top + rect.height // 4)


def indices(scene: TableScene, text: str) -> list[int]:
    """Slots of the fan holding ``text``'s cards (each copy once)."""
    wanted = parse_cards(text)
    found = []
    for index, slot in enumerate(scene.table.fan.slots):
        if slot.card in wanted:
            wanted.remove(slot.card)
            found.append(index)
    assert not wanted, f"the hand lacks {wanted}"
    return found


def choose(app, scene: TableScene, text: str) -> None:
    """Click each card of ``text`` in the hand (the right-most first, so a raised card
    never covers the next one clicked)."""
    for index in sorted(indices(scene, text), reverse=True):
        click(app, grip(scene, index))
    frames(app, 3)
    assert Counter(scene.table.fan.chosen_cards) == Counter(parse_cards(text))


def key(app, code: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
    frames(app)


def my_moves(scene: TableScene) -> list[Action]:
    return [a for a, s in zip(scene.match.history, scene.match.movers, strict=True) if s == scene.bottom]


def row_place(scene: TableScene, key_: object) -> tuple[int, int]:
    rect = scene.table.rows[0].place_rect(key_)
    assert rect is not None, f"no place {key_} on your row"
    return rect.center


def stock_point(scene: TableScene) -> tuple[int, int]:
    return scene.table.stock.rect(scene.sprites).center


def discard_point(scene: TableScene) -> tuple[int, int]:
    return scene.table.discard.rect(scene.sprites).center


def agree_partners(scene: TableScene) -> None:
    view = scene.match.view_for(0)
    assert isinstance(view, HandAndFootView)
    for seat in view.sides[view.team_of(0)]:
        if seat in scene.match.agents:
            scene.match.agents[seat] = SaysYes(scene.match.agents[seat])


def play_first_turn(app, scene: TableScene) -> None:
    """Draw by clicking the pile; stage a two-book opening (kings by a shift-click
    range and a drag, queens by clicks and Enter) and lay it down; close the kings
    by dragging the last one on; add two queens with the keys; discard the five."""
    wait_turn(app, scene, Phase.DRAW)
    click(app, stock_point(scene))
    assert my_moves(scene) == [DrawCards()]
    wait_turn(app, scene, Phase.PLAY)
    kings = indices(scene, "KH KS KD KC KH KS")
    assert scene.table.fan.slots[-1].card == Card.parse("KD")
    click(app, grip(scene, kings[0]))
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    click(app, grip(scene, kings[0] + 5))
    pygame.key.set_mods(0)
    # The dealt kings lie together; the king just drawn waits at the right end.
    assert sorted(scene.table.fan.chosen) == list(range(kings[0], kings[0] + 6))
    assert all(c.rank.symbol == "K" for c in scene.table.fan.chosen_cards)
    drag(app, grip(scene, min(scene.table.fan.chosen)), row_place(scene, NEW_BOOK))
    frames(app, 3)
    choose(app, scene, "QH QS QD")
    key(app, pygame.K_RETURN)
    controls = scene.table.controls
    assert len(controls.staging.groups) == 2
    assert "90 of 30" in controls.hint
    assert controls.lay_down_button.visible and controls.lay_down_button.text == "Lay down (90 of 30)"
    assert my_moves(scene) == [DrawCards()], "staging plays nothing"
    click(app, controls.lay_down_button.rect.center)
    move = my_moves(scene)[-1]
    assert isinstance(move, Meld) and len(move.groups) == 2
    wait_turn(app, scene, Phase.PLAY)
    books = scene.table.books[0]
    assert [len(b.cards) for b in books] == [6, 3]
    last_king = indices(scene, "KD")[0]
    drag(app, grip(scene, last_king), row_place(scene, ("book", 0)))
    click(app, controls.lay_down_button.rect.center)
    wait_turn(app, scene, Phase.PLAY)
    assert scene.table.books[0][0].is_clean
    choose(app, scene, "QC QH")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_l)
    wait_turn(app, scene, Phase.PLAY)
    assert [len(b.cards) for b in scene.table.books[0]] == [7, 5]
    assert [s.card for s in scene.table.fan.slots] == parse_cards("5H")
    drag(app, grip(scene, 0), discard_point(scene))
    assert my_moves(scene)[-1] == Discard(Card.parse("5H"))


def go_out(app, scene: TableScene) -> None:
    """Next turn: the foot is picked up; draw with D, ask to go out, lay down four
    books and discard the last card with X."""
    view = wait_turn(app, scene, Phase.DRAW)
    assert view.stages[0] == 1
    assert Counter(scene.table.fan.cards) == Counter(parse_cards(MY_FOOT))
    key(app, pygame.K_d)
    view = wait_turn(app, scene, Phase.PLAY)
    controls = scene.table.controls
    assert controls.ask_button.visible
    click(app, controls.ask_button.rect.center)
    assert AskToGoOut() in my_moves(scene)
    view = wait_turn(app, scene, Phase.PLAY)
    assert view.permission is True
    assert "says yes" in controls.hint
    for text in ("8H 8S 8D", "7H 7S 7D", "6H 6S 6D", "4H 4S 4D"):
        choose(app, scene, text)
        key(app, pygame.K_RETURN)
    assert len(controls.staging.groups) == 4
    click(app, controls.lay_down_button.rect.center)
    wait_turn(app, scene, Phase.PLAY)
    assert [s.card for s in scene.table.fan.slots] == parse_cards("10H")
    click(app, grip(scene, 0))
    key(app, pygame.K_x)
    assert my_moves(scene)[-1] == Discard(Card.parse("10H"))


@pytest.mark.parametrize("players", [4, 6])
def test_a_whole_round_played_with_the_mouse_and_keys(app, players: int) -> None:
    scene = start_table(app, config(players))
    agree_partners(scene)
    play_first_turn(app, scene)
    go_out(app, scene)
    run_until(app, lambda: scene.summary.visible)
    table = scene.summary.table
    assert table is not None and table.headers[:3] == ("Team", "Clean", "Dirty")
    mine = table.rows[0]
    assert mine[0] == "Ana & Cleo" + (" & Eve" if players == 6 else "")
    assert mine[1] == "1: +500" and mine[-1].startswith("+")
    assert table.headers[-2:] == ("Out", "Round") and mine[-2] == "+100"
    assert all(row[-2] == "-" for row in table.rows[1:])
    assert table.notes[0] == f"Ana went out: 100 more to {mine[0]}."
    assert table.go_on == "Next round", "the game calls them rounds"
    box = scene.summary.box
    first = app.screen.subsurface(box).copy()
    frames(app, 30)
    assert pygame.image.tobytes(app.screen.subsurface(box), "RGB") == pygame.image.tobytes(first, "RGB"), (
        "the totals stand at their final values from the first frame: no count-up to disagree with the rows"
    )
    key(app, pygame.K_ESCAPE)
    assert scene.summary.visible, "Esc is no answer to the summary's button"
    click(app, scene.summary.button.rect.center)
    run_until(app, lambda: scene.game_over.visible)
    assert scene.game_over.sheet is not None and len(scene.game_over.sheet.rows) == 1
    assert {"deal", "play", "trick", "your_turn"} <= set(app._sound.played)


# -- the discard pile ----------------------------------------------------------------


def take_config(hand: str, upcard: str, players: int = 4, first_draw: str = MY_DRAW, **changes: object) -> MatchConfig:
    opts = options(players, **changes)
    draws = [first_draw] + [their_draw(s) for s in range(1, players)] + [MY_SECOND_DRAW]
    deck = stacked_deck(players, opts, {0: hand}, {}, upcard, draws)
    seats = tuple(
        SeatConfig(name=NAMES[i], kind=SeatKind.HUMAN if i == 0 else SeatKind.AI, level=AILevel.EASY)
        for i in range(players)
    )
    return MatchConfig(game="hand_and_foot", seats=seats, options=opts, seed=first_seed(players, opts), deck=deck)


def test_the_take_control_shows_the_pair_it_uses_and_takes_the_pile(app) -> None:
    scene = start_table(app, take_config("9H 9S KH KS KD QH QS QD 5H 6H 7H", "9D"))
    wait_turn(app, scene, Phase.DRAW)
    controls = scene.table.controls
    assert [take.pair for take in controls.takes] == [tuple(parse_cards("9H 9S"))]
    fan = scene.table.fan
    assert Counter(fan.slots[i].card for i in fan.marked) == Counter(parse_cards("9H 9S"))
    assert [b.text for b in controls.take_buttons] == ["Take the pile"]
    click(app, controls.take_buttons[0].rect.center)
    assert my_moves(scene) == [TakePile(tuple(parse_cards("9H 9S")))]
    view = wait_turn(app, scene, Phase.PLAY)
    assert view.opened(0)
    assert [len(b.cards) for b in scene.table.books[0]] == [3]
    assert not fan.marked


def test_with_wild_pairs_allowed_each_pair_has_its_control(app) -> None:
    scene = start_table(app, take_config("9H 9S 2H KH KS KD QH QS QD 5H 6H", "9D", pile_wild_pair=True))
    wait_turn(app, scene, Phase.DRAW)
    controls = scene.table.controls
    pairs = [take.pair for take in controls.takes]
    assert pairs == [tuple(parse_cards("9H 9S")), tuple(parse_cards("9H 2H"))]
    fan = scene.table.fan
    post(pygame.MOUSEMOTION, pos=controls.take_buttons[1].rect.center, rel=(0, 0), buttons=(0, 0, 0))
    frames(app)
    assert Counter(fan.slots[i].card for i in fan.marked) == Counter(parse_cards("9H 2H"))
    click(app, controls.take_buttons[1].rect.center)
    assert my_moves(scene) == [TakePile(tuple(parse_cards("9H 2H")))]


def test_a_take_that_must_open_asks_for_the_rest_of_the_opening(app) -> None:
    scene = start_table(app, take_config("4H 4S KH KS KD QH QS 5H 6H 7H 8H", "4C"))
    wait_turn(app, scene, Phase.DRAW)
    controls = scene.table.controls
    click(app, controls.take_buttons[0].rect.center)
    assert my_moves(scene) == []
    assert "at least 30" in scene.message and "worth 15" in scene.message
    choose(app, scene, "KH KS KD")
    key(app, pygame.K_RETURN)
    assert controls.staging.points == 30
    assert controls.take_buttons[0].text == "Take and open"
    assert "45 of 30" in controls.hint
    key(app, pygame.K_t)
    move = my_moves(scene)[-1]
    assert isinstance(move, TakePile) and move.pair == tuple(parse_cards("4H 4S")) and len(move.meld) == 1
    wait_turn(app, scene, Phase.PLAY)
    assert sorted(len(b.cards) for b in scene.table.books[0]) == [3, 3]


def test_staging_toward_a_take_moves_no_button(app) -> None:
    """"Take the pile" became "Take and open" further left and Cancel took its old
    spot, so a click meant for the take unstaged everything."""
    scene = start_table(app, take_config("4H 4S KH KS KD QH QS 5H 6H 7H 8H", "4C"))
    wait_turn(app, scene, Phase.DRAW)
    controls = scene.table.controls
    take_spot = controls.take_buttons[0].rect.copy()
    choose(app, scene, "KH KS KD")
    key(app, pygame.K_RETURN)
    assert controls.take_buttons[0].text == "Take and open"
    assert controls.take_buttons[0].rect == take_spot
    assert not controls.cancel_button.rect.colliderect(take_spot)
    click(app, take_spot.center)
    move = my_moves(scene)[-1]
    assert isinstance(move, TakePile) and len(move.meld) == 1, "the click took the pile with the staged kings"


def test_staging_in_play_moves_no_button(app) -> None:
    """Choosing one card shows Discard; staging it must not push Discard aside."""
    scene = start_table(app, take_config("9H 9S KH KS KD QH QS QD 5H 6H 7H", "3H"))
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    controls = scene.table.controls
    choose(app, scene, "5H")
    assert controls.discard_button.visible
    discard_spot = controls.discard_button.rect.copy()
    key(app, pygame.K_ESCAPE)
    choose(app, scene, "KH KS KD")
    key(app, pygame.K_RETURN)
    choose(app, scene, "5H")
    assert controls.cancel_button.visible and controls.discard_button.visible
    assert controls.discard_button.rect == discard_spot


def test_a_blocked_pile_says_why(app) -> None:
    scene = start_table(app, take_config("9H 9S KH KS KD QH QS QD 5H 6H 7H", "3H"))
    wait_turn(app, scene, Phase.DRAW)
    assert scene.table.controls.takes == []
    click(app, discard_point(scene))
    assert "a three is on top" in scene.message
    assert my_moves(scene) == []


# -- refusals and undo -----------------------------------------------------------------


def test_refused_melds_say_why_and_change_nothing(app) -> None:
    scene = start_table(app, config(4))
    wait_turn(app, scene, Phase.DRAW)
    choose(app, scene, "KH KS")
    key(app, pygame.K_RETURN)
    assert "Draw first" in scene.message
    key(app, pygame.K_ESCAPE)
    assert not scene.table.fan.chosen, "Esc lets go of the chosen cards"
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    controls = scene.table.controls
    choose(app, scene, "KH KS")
    key(app, pygame.K_RETURN)
    assert scene.message == "A new book needs at least three cards."
    assert not controls.staging
    key(app, pygame.K_ESCAPE)
    choose(app, scene, "QH QS")
    key(app, pygame.K_RETURN)
    assert not controls.staging and "three cards" in scene.message
    key(app, pygame.K_ESCAPE)
    digest = scene.match.state.digest()
    choose(app, scene, "KH KS KD")
    drag(app, grip(scene, indices(scene, "KD")[0]), row_place(scene, NEW_BOOK))
    frames(app, 2)
    assert len(controls.staging.groups) == 1
    choose(app, scene, "QH")
    drag(app, grip(scene, indices(scene, "QH")[0]), row_place(scene, ("staged", 0)))
    assert scene.message == "A book holds one rank; these cards mix queens and kings."
    assert scene.match.state.digest() == digest


def test_an_opening_short_of_the_minimum_is_refused_and_stays_staged(app) -> None:
    scene = start_table(app, take_config("5C 5S 5D KH KS QH QS 8H 9H 10H JH", "9D"))
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    choose(app, scene, "5C 5S 5D")
    key(app, pygame.K_RETURN)
    controls = scene.table.controls
    assert controls.lay_down_button.text == "Lay down (15 of 30)"
    key(app, pygame.K_l)
    assert "at least 30" in scene.message
    assert len(controls.staging.groups) == 1 and not scene.table.books[0]
    key(app, pygame.K_ESCAPE)
    assert not controls.staging
    assert Counter(parse_cards("5C 5S 5D")) <= Counter(scene.table.fan.cards)


def test_undo_takes_back_a_meld_but_never_the_draw(app) -> None:
    scene = start_table(app, config(4))
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    assert scene.undo_refusal() is not None, "the drawn cards were seen"
    hand = Counter(scene.table.fan.cards)
    choose(app, scene, "KH KS KD")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_BACKSPACE)
    assert not scene.table.controls.staging, "Backspace takes back the last drop"
    choose(app, scene, "KH KS KD")
    key(app, pygame.K_RETURN)
    choose(app, scene, "QH QS QD")
    key(app, pygame.K_RETURN)
    assert scene.undo_refusal() is None, "a staged drop can always be taken back"
    click(app, scene.undo_button.rect.center)
    assert len(scene.table.controls.staging.groups) == 1, "Undo takes back the last drop first"
    assert Counter(parse_cards("QH QS QD")) <= Counter(scene.table.fan.cards)
    key(app, pygame.K_l)
    wait_turn(app, scene, Phase.PLAY)
    assert scene.table.books[0]
    click(app, scene.undo_button.rect.center)
    view = wait_turn(app, scene, Phase.PLAY)
    assert not view.books[0] and not scene.table.books[0]
    assert Counter(scene.table.fan.cards) == hand
    click(app, scene.undo_button.rect.center)
    assert scene.message == CARDS_SEEN_SINCE.reason
    assert phase_now(scene) is Phase.PLAY


def test_undo_never_unsees_a_foot(app) -> None:
    scene = start_table(app, config(4))
    play_first_turn(app, scene)
    view = wait_turn(app, scene, Phase.DRAW)
    assert view.stages[0] == 1, "the foot was picked up after the last card of the hand went"
    assert scene.undo_refusal() is not None
    click(app, scene.undo_button.rect.center)
    assert scene.message == CARDS_SEEN_SINCE.reason


# -- people sharing the screen -------------------------------------------------------


def draw_and_discard_the_first(app, scene: TableScene) -> list[Card | None]:
    """Draw with D and drag the leftmost card onto the discard pile: the hand as it
    was shown before the discard."""
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    shown = [slot.card for slot in scene.table.fan.slots]
    drag(app, grip(scene, 0), discard_point(scene))
    return shown


def pass_the_screen_to(app, scene: TableScene, seat: int) -> None:
    """Wait for the cover that hands the screen to ``seat``, and show their cards."""
    run_until(app, lambda: scene.handoff.visible and scene.handoff.seat == seat)
    show_my_cards(app, scene)


def test_a_hand_passed_round_a_shared_screen_comes_back_in_its_order(app) -> None:
    """The cards drawn wait at the right until their holder sorts; passing the screen to
    a partner and back sorted them in, and the player lost track of what was new."""
    scene = start_table(app, config(4, humans=(0, 2)))
    pass_the_screen_to(app, scene, 0)
    left = draw_and_discard_the_first(app, scene)[1:]
    assert left[-2:] == parse_cards("QH KD"), "the drawn cards wait at the right"
    pass_the_screen_to(app, scene, 2)
    draw_and_discard_the_first(app, scene)
    pass_the_screen_to(app, scene, 0)
    wait_turn(app, scene, Phase.DRAW)
    assert [slot.card for slot in scene.table.fan.slots] == left


def test_a_saved_hand_comes_back_in_the_order_it_was_left(app) -> None:
    """Continue (or Load) showed the hand sorted, the cards drawn since the last sort
    mixed in; the save keeps how the player had it."""
    scene = start_table(app, config(4))
    left = draw_and_discard_the_first(app, scene)[1:]
    assert left[-2:] == parse_cards("QH KD")
    app.scenes.pop()
    scene.close()
    restored = SaveStore(app.data_dir).open_autosave()
    assert restored is not None
    assert 0 in restored.saved.hand_orders, "the save keeps the order"
    again = TableScene(app, restored.config, resume=restored)
    app.scenes.push(again)
    wait_turn(app, again, Phase.DRAW)
    assert [slot.card for slot in again.table.fan.slots] == left


def test_a_partner_at_the_screen_is_asked_behind_the_cover(app) -> None:
    scene = start_table(app, config(4, humans=(0, 2)))
    faces_under_cover: list[object] = []
    draw = scene.sprites.draw

    def spy(surface, card, *args, **kwargs):
        if card is not None and scene.handoff.visible:
            faces_under_cover.append(card)
        return draw(surface, card, *args, **kwargs)

    scene.sprites.draw = spy
    run_until(app, lambda: scene.handoff.visible)
    assert scene.handoff.seat == 0
    show_my_cards(app, scene)
    play_first_turn(app, scene)
    run_until(app, lambda: scene.handoff.visible)
    assert scene.handoff.seat == 2
    show_my_cards(app, scene)
    wait_turn(app, scene, Phase.DRAW)
    assert scene.bottom == 2
    draw_and_discard_the_first(app, scene)
    pass_the_screen_to(app, scene, 0)
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    click(app, scene.table.controls.ask_button.rect.center)
    run_until(app, lambda: scene.handoff.visible)
    assert scene.handoff.seat == 2
    assert "asks to go out" in scene.table.turn_prompt()
    show_my_cards(app, scene)
    run_until(app, lambda: scene.table.controls.answer.visible)
    panel = scene.table.controls.answer
    assert panel.prompt == "Ana asks: may I go out?"
    click(app, next(b for b in panel.buttons if b.text == "Yes, go out").rect.center)
    assert my_moves(scene)[-1] == AnswerGoOut(True)
    run_until(app, lambda: scene.handoff.visible and scene.handoff.seat == 0)
    show_my_cards(app, scene)
    view = wait_turn(app, scene, Phase.PLAY)
    assert view.permission is True
    assert faces_under_cover == []


# -- nothing lost ------------------------------------------------------------------------


def test_continue_mid_round_shows_the_same_table(tmp_path: Path) -> None:
    from cardtable_gui.scenes.menu import MenuScene

    app = make_app(tmp_path)
    scene = start_table(app, config(4))
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    choose(app, scene, "KH KS KD")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_l)
    wait_turn(app, scene, Phase.PLAY)
    digest, books, hand = scene.match.state.digest(), scene.table.books, Counter(scene.table.fan.cards)
    app.quit()
    again = make_app(tmp_path)
    try:
        again.scenes.push(MenuScene(again))
        frames(again)
        menu = again.scenes.top
        click(again, next(b for b in menu.buttons if b.text == "Continue").rect.center)
        resumed = again.scenes.top
        assert isinstance(resumed, TableScene)
        wait_turn(again, resumed, Phase.PLAY)
        assert resumed.match.state.digest() == digest
        assert resumed.table.books == books
        assert Counter(resumed.table.fan.cards) == hand
        assert resumed.table.controls.active
    finally:
        again.quit()


def test_resizing_mid_deal_keeps_everything_inside(app) -> None:
    app.settings.animation_speed = 0.5
    scene = start_table(app, config(6))
    frames(app, 3)
    assert scene.animator.busy
    size = (1024, 640)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    frames(app, 2)
    assert scene.animator.busy
    app.settings.animation_speed = 4.0
    wait_turn(app, scene, Phase.DRAW)
    screen = app.screen.get_rect()
    assert screen.size == size
    for rect in scene.element_rects():
        assert screen.contains(rect), rect


# -- the layout ----------------------------------------------------------------------------


def table_in_round(app, players: int, round_number: int, moves: int, seed: int = 5, **changes: object) -> TableScene:
    """A table resumed in round ``round_number`` after ``moves`` moves of it, every
    seat played by the computer until then, with seat 0 (a person) to draw; house
    rules changed by ``changes``."""
    import random

    from cardtable_gui.ai import make_agent
    from cardtable_gui.persistence.saves import RestoredGame, SavedGame
    from cardtable_gui.rules.base import HandDealt

    seats = tuple(
        SeatConfig(name=NAMES[i], kind=SeatKind.HUMAN if i == 0 else SeatKind.AI, level=AILevel.EASY)
        for i in range(players)
    )
    config = MatchConfig(game="hand_and_foot", seats=seats, seed=seed, options=dict(changes))
    state = get_rules("hand_and_foot").new_game(players, HandAndFootOptions(**changes), seed=seed)
    agents = {s: make_agent("heuristic", "hand_and_foot", s, random.Random(s)) for s in range(players)}
    actions: list[Action] = []
    movers: list[int] = []
    hand_start = 0
    while not (
        state.round_index + 1 == round_number
        and len(actions) - hand_start >= moves
        and state.to_move == 0
        and state.phase is Phase.DRAW
    ):
        seat = state.to_move
        assert seat is not None, "the game ended before the round wanted"
        action = agents[seat].choose(state.view(seat), state.legal_actions())
        if any(isinstance(e, HandDealt) for e in state.apply(action)):
            hand_start = len(actions) + 1
        actions.append(action)
        movers.append(seat)
    restored = RestoredGame(
        SavedGame.capture(config, actions, state), config, state, tuple(actions), tuple(movers), hand_start
    )
    scene = TableScene(app, config, resume=restored)
    app.scenes.push(scene)
    return scene


def overlaps(rects: Sequence[tuple[str, pygame.Rect]]) -> list[tuple[str, str]]:
    found = []
    for i, (a, ra) in enumerate(rects):
        for b, rb in rects[i + 1 :]:
            if ra.width and rb.width and ra.colliderect(rb):
                found.append((a, b))
    return found


@pytest.mark.parametrize("teams", ["3v3", "2v2v2"])
@pytest.mark.parametrize("size", SIZES)
def test_nothing_overlaps_in_the_tail_round_with_six_players(app, size: tuple[int, int], teams: str) -> None:
    scene = table_in_round(app, 6, 6, 90, teams=teams)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    view = wait_turn(app, scene, Phase.DRAW)
    assert view.has_tail and sum(len(b) for b in view.books) >= 6
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    frames(app, 5)
    screen = app.screen.get_rect()
    assert screen.size == size
    for rect in scene.element_rects():
        assert screen.contains(rect), rect
    table = scene.table
    named = [("scores", table.scores.rect), ("banner", table.banner.rect), ("bar", table.bar)]
    named += [(f"row {i}", row.rect) for i, row in enumerate(table.rows)]
    named += [("draw pile", table.pile_bounds(table.stock)), ("discard pile", table.pile_bounds(table.discard))]
    for position, panel in enumerate(table.panels):
        named.append((f"plate {position}", panel.plate))
        if position:
            named.append((f"fan {position}", panel.cards_rect(scene.sprites)))
        for kind, pile in (("foot", table.feet[position]), ("tail", table.tails[position])):
            named.append((f"{kind} {position}", table.pile_bounds(pile)))
    named += [(f"button {b.text}", b.rect) for b in scene._buttons()]
    assert overlaps(named) == []
    hand = table.fan.bounds()
    assert not hand.colliderect(table.rows[0].rect) and not hand.colliderect(table.bar)
    for row in table.rows:
        places = row.visible_rects()
        assert all(row.rect.contains(p) for p in places)
        assert overlaps([(str(i), p) for i, p in enumerate(places)]) == []


def test_chosen_cards_go_where_the_player_clicks(app) -> None:
    scene = start_table(app, config(4))
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    choose(app, scene, "KH KS KD")
    click(app, row_place(scene, NEW_BOOK))
    assert Counter(scene.table.controls.staging.cards) == Counter(parse_cards("KH KS KD"))
    choose(app, scene, "KC")
    click(app, row_place(scene, ("staged", 0)))
    assert len(scene.table.controls.staging.groups[0].cards) == 4
    choose(app, scene, "5H")
    click(app, discard_point(scene))
    assert my_moves(scene)[-2:] == [Meld((scene.match.history[-2].groups[0],)), Discard(Card.parse("5H"))]
    assert len(scene.match.history[-2].groups[0].cards) == 4, "discarding laid the staged meld down first"


def test_sort_puts_new_cards_in_place_then_offers_the_other_order(app) -> None:
    scene = start_table(app, config(4))
    wait_turn(app, scene, Phase.DRAW)
    controls = scene.table.controls
    assert controls.sort_button.text == "Sort by suit"
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    assert [s.card for s in scene.table.fan.slots][-2:] == parse_cards("QH KD"), "new cards wait at the right"
    assert controls.sort_button.text == "Sort by rank"
    click(app, controls.sort_button.rect.center)
    cards = [s.card for s in scene.table.fan.slots]
    assert cards == sorted(cards, key=lambda c: (c.rank.value, c.sort_key()))
    assert controls.sort_button.text == "Sort by suit"
    key(app, pygame.K_s)
    cards = [s.card for s in scene.table.fan.slots]
    assert cards == sorted(cards, key=Card.sort_key)
    assert controls.sort_button.text == "Sort by rank"


def test_enter_puts_a_lone_natural_on_the_closed_book_of_its_rank(app) -> None:
    scene = start_table(app, take_config("KH KS KD KC KH KS KD QS QD 5H 6H", "9D", first_draw="KC QH"))
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    choose(app, scene, "KH KS KD KC KH KS KD")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_l)
    wait_turn(app, scene, Phase.PLAY)
    assert scene.table.books[0][0].is_clean
    choose(app, scene, "KC")
    key(app, pygame.K_RETURN)
    assert scene.table.controls.staging.groups[0].book == 0
    key(app, pygame.K_l)
    wait_turn(app, scene, Phase.PLAY)
    assert len(scene.table.books[0][0].cards) == 8


def test_red_threes_fly_to_their_team_and_are_counted(app) -> None:
    scene = start_table(app, take_config("3H KH KS KD QH QS QD 5H 6H 7H 8H", "9D", red_threes=True))
    view = wait_turn(app, scene, Phase.DRAW)
    assert [len(r) for r in view.red_threes][0] == 1
    assert "red threes 1" in scene.table.rows[0].title
    assert Card.parse("3H") not in scene.table.fan.cards


def test_asking_to_go_out_is_offered_only_when_going_out_is_possible(app) -> None:
    """In the foot with no way to go out this turn, the Ask control stays hidden and A
    says why instead of putting a pointless question to the partner."""
    from cardtable_gui.persistence.saves import SavedGame, rebuild

    game_config = config(4).model_copy(update={"deck": None})
    rules = get_rules("hand_and_foot")
    for seed in range(1, 40):
        state = rules.new_game(4, rules.Options.model_validate(game_config.options), seed=seed)
        actions: list[Action] = []
        while not state.is_over and len(actions) < 600:
            legal = state.legal_actions()
            view = state.view(state.to_move)
            if state.to_move == 0 and AskToGoOut() in legal and not view.can_go_out:
                break
            action = next((a for a in legal if not isinstance(a, AskToGoOut)), legal[0])
            state.apply(action)
            actions.append(action)
        else:
            continue
        break
    else:
        pytest.skip("no seeded game reached a foot that cannot go out")
    seeded = game_config.model_copy(update={"seed": seed})
    restored = rebuild(SavedGame.capture(seeded, actions, state))
    scene = TableScene(app, seeded, resume=restored)
    app.scenes.push(scene)
    wait_turn(app, scene, Phase.PLAY)
    assert not scene.table.controls.ask_button.visible
    before = len(scene.match.history)
    key(app, pygame.K_a)
    assert len(scene.match.history) == before
    assert "can't go out this turn" in scene.message


def test_the_partner_says_ahead_only_when_the_team_is_ahead() -> None:
    from cardtable_gui.scenes.table.layouts.hand_and_foot.words import answer_reason

    view = get_rules("hand_and_foot").new_game(4, seed=1).view(1)
    assert "ahead" not in answer_reason(view, 1, True, [0, 0])
    assert "ahead" in answer_reason(view, 1, True, [0, 500])
    assert "behind" not in answer_reason(view, 1, False, [0, 0])


def test_drawn_cards_take_their_places_from_where_they_landed_in_the_hand(app) -> None:
    """A drawn card flies from the pile into the hand once: when it turns face up it
    glides from where it landed, and does not set out again from the pile."""
    scene = start_table(app, config(4))
    wait_turn(app, scene, Phase.DRAW)
    fan = scene.table.fan
    held = len(fan.slots)
    stock = scene.table.stock.rect(scene.sprites)
    click(app, stock_point(scene))
    run_until(app, lambda: len(fan.slots) == held + 2, dt=0.02)
    arriving = [fan.card_rect(i) for i in range(held, held + 2)]
    assert not any(rect.colliderect(stock) for rect in arriving)
    assert all(fan.area.collidepoint(rect.center) for rect in arriving), (fan.area, arriving)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_a_save_s_toast_keeps_off_the_turn_s_words(tmp_path: Path, size: tuple[int, int]) -> None:
    """Seen in a play-through at 1280x800: "Saved as ..." lay on "Your turn: click the
    draw pile to draw 2", with free felt beside it. Off the middle where it must be,
    a toast covers nothing the table shows."""
    app = make_app(tmp_path, size)
    scene = start_table(app, config(4))
    wait_turn(app, scene)
    covered = covered_by_a_toast(app, scene, "Saved as \u201cHF turn3 test\u201d. Load game on the menu brings it back.")
    assert not covered, covered
    app.quit()
