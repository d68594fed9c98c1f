"""While the others play at the Hand and Foot table: the person's own hand is face up
from the deal on (at a shared screen each hand stays hidden until its owner takes the
seat), and a log beside the table says in words what the others did, in room of its
own that covers nothing at every window size and number of players."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from test_table_support import before_each_event, frames, make_app, run_until

from cardtable_gui.cards import Card, Rank, Suit, parse_cards
from cardtable_gui.rules import get_rules
from cardtable_gui.rules.base import Event, HandDealt
from cardtable_gui.rules.hand_and_foot import is_wild
from cardtable_gui.rules.hand_and_foot.events import BookClosed, CardsDrawn, Discarded, Melded, PileTaken, TeamOpened
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.layouts.hand_and_foot import HandAndFootLayout
from cardtable_gui.scenes.table.layouts.hand_and_foot.log_words import LogWords
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eve", "Finn")
SIZES = ((1024, 640), (1280, 800), (1920, 1080))
SEED = 11


def first_mover(players: int) -> int:
    return get_rules("hand_and_foot").new_game(players, seed=SEED).to_move


def config(players: int, humans: tuple[int, ...]) -> MatchConfig:
    seats = tuple(
        SeatConfig(name=NAMES[i], kind=SeatKind.HUMAN if i in humans else SeatKind.AI, level=AILevel.EASY)
        for i in range(players)
    )
    return MatchConfig(game="hand_and_foot", seats=seats, seed=SEED)


def persons_turn(scene: TableScene) -> bool:
    table = scene.table
    assert isinstance(table, HandAndFootLayout)
    return table.controls.active or scene.handoff.visible


@pytest.mark.parametrize("people", [1, 2], ids=["one person", "a shared screen"])
def test_the_persons_hand_is_face_up_from_the_deal_while_the_computers_play_first(tmp_path: Path, people: int) -> None:
    players = 4
    first = first_mover(players)
    # The people sit after a computer, which plays its whole turn before theirs.
    humans = tuple((first + 1 + i) % players for i in range(people))
    app = make_app(tmp_path)
    scene = TableScene(app, config(players, humans))
    app.scenes.push(scene)
    faces: list[tuple[Event, list[Card]]] = []
    before_each_event(scene, lambda event: faces.append((event, list(scene.table.fan.cards))))
    run_until(app, lambda: persons_turn(scene))
    after_deal = [(event, cards) for event, cards in faces if not isinstance(event, HandDealt)]
    assert any(isinstance(event, Discarded) and event.seat == first for event, _ in after_deal), "a computer played first"
    if people == 1:
        dealt = Counter(scene.match.view_for(humans[0]).hand)
        for event, cards in after_deal:
            assert Counter(cards) == dealt, f"the hand was not face up when {event} showed"
    else:
        assert all(cards == [] for _, cards in after_deal), "a hand showed before its owner took the seat"
        assert scene.handoff.visible


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_others_moves_are_logged_in_words_in_room_that_covers_nothing(tmp_path: Path, size: tuple[int, int], players: int) -> None:
    first = first_mover(players)
    # The person moves last in the round, after every computer has had a turn.
    me = (first + players - 1) % players
    app = make_app(tmp_path, size)
    scene = TableScene(app, config(players, (me,)))
    app.scenes.push(scene)
    table = scene.table
    assert isinstance(table, HandAndFootLayout)
    run_until(app, lambda: persons_turn(scene))
    frames(app, 3)
    log = table.log
    assert log.visible
    lines = list(log.lines)
    before_me = NAMES[(me - 1) % players]
    turn = lines[0]
    assert turn.startswith(f"{before_me} "), lines
    assert "discarded the " in turn, "the last turn before yours is one entry, its discard included"
    assert not any(line.startswith("You ") for line in lines)
    if players > 2:
        assert lines[1].startswith(NAMES[(me - 2) % players]), "the turn before it is the next entry"
    footprint = scene.footprint()
    assert footprint.screen.contains(log.rect)
    covered = [mark.what for mark in footprint if mark.rect.colliderect(log.rect) and mark.rect != log.rect]
    assert covered == []
    assert log.rect.collidelist([button.rect for button in scene._buttons()]) == -1


def test_the_log_says_each_move_as_a_player_would() -> None:
    names = ("You", "Bea", "Cal", "Dot")
    words = LogWords(lambda seat: names[seat], lambda seat: seat % 2, lambda seat: seat == 0)
    def cards(text: str) -> tuple[Card, ...]:
        return tuple(parse_cards(text))

    kings, sixes, wild = cards("KH KS KD"), cards("6H 6C"), cards("2C")
    said = [
        words.lines(Melded(1, 1, ((0, kings), (1, (*sixes, *wild))))),
        words.lines(TeamOpened(1, 60)),
        words.lines(Melded(3, 1, ((0, cards("KC")), (1, cards("JK"))))),
        words.lines(BookClosed(1, 0, "clean")),
        words.lines(PileTaken(2, Card.parse("9H"), (Card.parse("9S"), Card.parse("9D")), 0, 8)),
        words.lines(Discarded(1, Card.parse("7H"))),
        words.lines(Discarded(0, Card.parse("5C"))),
    ]
    assert said == [
        ["Bea laid down three kings", "Bea laid down two sixes and a wild"],
        ["Bea opened with 60"],
        ["Dot added a king", "Dot added a wild to the sixes"],
        ["Dot closed a clean book of kings"],
        ["Cal took the pile (9 cards) with two nines"],
        ["Bea discarded the 7\u2665"],
        [],
    ]


def test_the_log_tells_a_seat_s_whole_turn_as_one_entry() -> None:
    """One line a move lost the first computer's turn from a five-line log by the
    person's own turn: each turn is one entry, growing as the turn goes on. The usual
    draw goes unsaid once more has happened (every turn starts with one); a pile taken
    stays."""
    names = ("You", "Bea", "Cal", "Dot")
    words = LogWords(lambda seat: names[seat], lambda seat: seat % 2, lambda seat: seat == 0)
    kings = tuple(parse_cards("KH KS KD"))
    told = [
        words.entry(CardsDrawn(1, 2, 0)),
        words.entry(Melded(1, 1, ((0, kings),))),
        words.entry(TeamOpened(1, 60)),
        words.entry(Discarded(1, Card.parse("7H"))),
        words.entry(CardsDrawn(2, 2, 0)),
        words.entry(Discarded(2, Card.parse("5C"))),
        words.entry(CardsDrawn(0, 2, 0)),
        words.entry(Discarded(0, Card.parse("9C"))),
        words.entry(CardsDrawn(1, 2, 0)),
    ]
    assert told == [
        ("Bea drew two", False),
        ("Bea laid down three kings", True),
        ("Bea laid down three kings, opened with 60", True),
        ("Bea laid down three kings, opened with 60, discarded the 7\u2665", True),
        ("Cal drew two", False),
        ("Cal discarded the 5\u2663", True),
        None,
        None,
        ("Bea drew two", False),
    ]


def test_a_turn_s_entry_says_a_verb_once_for_a_run_of_moves() -> None:
    """A play-tester's log cut "Bruno laid down four jacks, laid down three fives, laid
    down two tens and a wild, discarded the…" before the card."""
    names = ("You", "Bea", "Cal", "Dot")
    words = LogWords(lambda seat: names[seat], lambda seat: seat % 2, lambda seat: seat == 0)
    words.entry(CardsDrawn(1, 2, 0))
    melded = words.entry(Melded(1, 1, ((0, tuple(parse_cards("JH JS JD JC"))), (1, tuple(parse_cards("5H 5S 5D"))))))
    assert melded == ("Bea laid down four jacks, three fives", True)
    assert words.entry(Discarded(1, Card.parse("3D"))) == ("Bea laid down four jacks, three fives, discarded the 3\u2666", True)


def test_a_pile_of_one_card_is_one_card() -> None:
    words = LogWords(lambda seat: ("You", "Bea")[seat], lambda seat: seat % 2, lambda seat: seat == 0)
    taken = PileTaken(1, Card.parse("9H"), (Card.parse("9S"), Card.parse("9D")), 0, 0)
    assert words.lines(taken) == ["Bea took the pile (1 card) with two nines"]


@pytest.mark.parametrize("rank", [rank for rank in Rank if rank is not Rank.JOKER and not is_wild(Card(rank, Suit.CLUBS))], ids=lambda rank: rank.title)
def test_the_log_names_one_card_of_any_rank_with_its_article(rank: Rank) -> None:
    names = ("You", "Bea", "Cal", "Dot")
    words = LogWords(lambda seat: names[seat], lambda seat: seat % 2, lambda seat: seat == 0)
    three = tuple(Card(rank, suit) for suit in (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS))
    words.lines(Melded(1, 1, ((0, three),)))
    article = "an" if rank in (Rank.ACE, Rank.EIGHT) else "a"
    assert words.lines(Melded(3, 1, ((0, (Card(rank, Suit.CLUBS),)),))) == [f"Dot added {article} {rank.title}"]


def test_the_next_player_is_lit_and_the_pile_recounted_as_a_discard_lands_never_before(tmp_path: Path) -> None:
    """Seen: "You to play" lit while Clara's discard was still flying, the pile still
    reading its old count and block beside it. The turn passes, and the pile's words
    change, when the card lands."""
    app = make_app(tmp_path, (1024, 640))
    app.settings.animation_speed = 1.0
    scene = TableScene(app, config(4, ()), watch=True)
    app.scenes.push(scene)
    table = scene.table
    assert isinstance(table, HandAndFootLayout)
    discards: list[Discarded] = []
    before_each_event(scene, lambda event: discards.extend([event] if isinstance(event, Discarded) else []))
    run_until(app, lambda: bool(discards), dt=0.01)
    event = discards[0]
    after = table.panels[table.position_of((event.seat + 1) % 4)]
    count = table.discard.count
    flying = 0
    while table.discard.count == count:
        assert not after.active, "the next player was lit while the discard was in the air"
        assert table.to_move == event.seat
        flying += 1
        frames(app, dt=0.01)
    assert flying > 1, "the discard was seen in flight"
    assert table.discard.top == event.card
    assert after.active, "the next player is lit as the card lands"


@pytest.mark.parametrize("seed", [11, 12])
def test_a_computer_that_takes_the_pile_holds_its_pair_fewer_and_the_pile_more(tmp_path: Path, seed: int) -> None:
    """Seen: Ada held 8, took the pile ("took the pile (7 cards)") and her plate read
    "Hand 14": the pair that went onto the book with the top card was never taken off
    her count, which stayed 2 too high until the person's next turn. After each pile
    taken the plates count what the game says each seat holds."""
    app = make_app(tmp_path, (1024, 640))
    seats = tuple(SeatConfig(name=NAMES[i], kind=SeatKind.AI, level=AILevel.MEDIUM) for i in range(4))
    scene = TableScene(app, MatchConfig(game="hand_and_foot", seats=seats, seed=seed), watch=True)
    app.scenes.push(scene)
    table = scene.table
    assert isinstance(table, HandAndFootLayout)
    shown: list[tuple[Event, list[int]]] = []
    before_each_event(scene, lambda event: shown.append((event, list(table.counts))))
    taken = lambda: [i for i, (event, _) in enumerate(shown[:-1]) if isinstance(event, PileTaken)]  # noqa: E731
    run_until(app, lambda: len(taken()) >= 2, limit=60_000)
    for index in taken():
        event, before = shown[index]
        assert isinstance(event, PileTaken)
        after = shown[index + 1][1]
        assert after[event.seat] == before[event.seat] - len(event.pair) + event.count, (event, before, after)


def test_the_card_a_pile_take_leaves_shows_face_up_at_once(tmp_path: Path) -> None:
    """Seen: after Ada took the pile, the card left on it lay face down until her turn
    ended. The card under the taken ones is the pile's new top, face up for all."""
    app = make_app(tmp_path, (1024, 640))
    seats = tuple(SeatConfig(name=NAMES[i], kind=SeatKind.AI, level=AILevel.MEDIUM) for i in range(4))
    scene = TableScene(app, MatchConfig(game="hand_and_foot", seats=seats, seed=11), watch=True)
    app.scenes.push(scene)
    table = scene.table
    assert isinstance(table, HandAndFootLayout)
    shown: list[tuple[Event, Card | None, int]] = []
    before_each_event(scene, lambda event: shown.append((event, table.discard.top, table.discard.count)))
    leaving = lambda: [  # noqa: E731
        i for i, (event, _, _) in enumerate(shown[:-1]) if isinstance(event, PileTaken) and event.uncovered is not None
    ]
    run_until(app, lambda: bool(leaving()), limit=60_000)
    index = leaving()[0]
    event = shown[index][0]
    _, top, count = shown[index + 1]
    assert count > 0
    assert top == event.uncovered, "the card left on the pile shows its face"


def test_a_turn_s_entry_never_lets_a_card_seem_to_go_on_the_next_part_s_book() -> None:
    """Seen in play: "Bea added a nine, a wild to the jacks, a wild to the nines" read
    as if the nine went on the jacks."""
    from cardtable_gui.scenes.table.layouts.hand_and_foot.log_words import _without_repeated_verbs

    parts = ["added a nine", "added a wild to the jacks", "added a wild to the nines", "laid down three fives", "laid down three sixes"]
    assert _without_repeated_verbs(parts) == [
        "added a nine", "added a wild to the jacks", "a wild to the nines", "laid down three fives", "three sixes"
    ]
