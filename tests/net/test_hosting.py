"""The host decides who sits where and which moves count: a friend acts only for their
own seat, on their turn, with a legal move; a friend who drops keeps the seat."""

from __future__ import annotations

import time

import pytest
from net_support import FakeLink, spades_with_friends

from cardtable_gui.net.hosting import HostedGame
from cardtable_gui.net.messages import Lobby, Refused, Welcome
from cardtable_gui.net.wire import decode
from cardtable_gui.rules.base import IllegalAction


@pytest.fixture
def hosted():
    link = FakeLink()
    game = HostedGame(spades_with_friends(), (1, 3), link)
    yield game, link
    if game.match is not None:
        game.match.close()


def _seated(game: HostedGame, link: FakeLink) -> None:
    link.join(11, "Ada")
    link.join(13, "Cy")
    game.pump()


def _started(game: HostedGame, link: FakeLink) -> None:
    _seated(game, link)
    game.start()
    game.pump()


def test_friends_take_the_kept_seats_in_order_and_everyone_sees_the_lobby(hosted) -> None:
    game, link = hosted
    _seated(game, link)
    welcome = [m for m in link.sent[11] if isinstance(m, Welcome)]
    assert [w.seat for w in welcome] == [1]
    assert [m.seat for m in link.sent[13] if isinstance(m, Welcome)] == [3]
    lobby = [m for m in link.sent[13] if isinstance(m, Lobby)][-1]
    assert [(s.name, s.kind, s.present) for s in lobby.seats] == [
        ("Host", "host", True),
        ("Ada", "friend", True),
        ("Bot 2", "computer", True),
        ("Cy", "friend", True),
    ]
    assert game.notes == ["Ada joined.", "Cy joined."]


def test_the_game_cannot_start_while_a_kept_seat_is_empty(hosted) -> None:
    game, link = hosted
    link.join(11, "Ada")
    game.pump()
    assert not game.can_start
    with pytest.raises(IllegalAction, match="seat 4"):
        game.start()


def test_a_fifth_person_or_a_taken_name_is_turned_away(hosted) -> None:
    game, link = hosted
    _seated(game, link)
    link.join(15, "Dee")
    link.join(16, "Ada")
    game.pump()
    assert link.dropped == {15: "TableFull", 16: "NameTaken"}


def test_a_name_taken_in_another_case_is_the_same_name(hosted) -> None:
    """Seen in play: "ada" sat down beside Ada, and the table showed two of them."""
    game, link = hosted
    link.join(11, "Ada")
    link.join(13, "ADA")
    link.join(14, "host")
    game.pump()
    assert link.dropped == {13: "NameTaken", 14: "NameTaken"}
    (refused,) = [m for m in link.sent[13] if isinstance(m, Refused)]
    assert refused.message == "Someone at this table is already called ADA: join under another name."


def test_a_friend_keeps_their_name_and_a_computer_called_so_takes_another() -> None:
    """Seen in play: the computers are named Ada, Bruno... in seat order, and a friend
    called Ada was turned away from a table with a computer Ada. Before the start, the
    computer gives the name up; the host is told."""
    link = FakeLink()
    config = spades_with_friends((1,))
    seats = list(config.seats)
    seats[2] = seats[2].model_copy(update={"name": "Ada"})
    seats[3] = seats[3].model_copy(update={"name": "Bruno"})
    game = HostedGame(config.model_copy(update={"seats": tuple(seats)}), (1,), link)
    link.join(11, "ada")
    game.pump()
    assert [(s.name, s.kind) for s in game.seats()] == [
        ("Host", "host"),
        ("ada", "friend"),
        ("Clara", "computer"),
        ("Bruno", "computer"),
    ]
    assert game.notes == ["The computer in seat 3 is called Clara now, so that ada keeps their name.", "ada joined."]
    link.join(12, "Clara")
    game.pump()
    assert link.dropped == {12: "TableFull"}
    assert [s.name for s in game.seats()][2] == "Clara", "a friend turned away renames no computer"
    game.start()
    assert [seat.name for seat in game.config.seats] == ["Host", "ada", "Clara", "Bruno"]
    game.match.close()


def test_a_friend_who_leaves_the_lobby_frees_the_seat(hosted) -> None:
    """Seen in play: a friend who pressed Back in the lobby was listed as having lost
    the connection, their seat kept. Nothing is dealt yet: the seat is open again."""
    game, link = hosted
    _seated(game, link)
    link.leave(11, "left the game")
    game.pump()
    assert game.notes[-1] == "Ada left the game."
    assert [(s.name, s.kind) for s in game.seats()][1] == ("Friend 1", "open")
    link.join(15, "Dee")
    game.pump()
    assert [(s.name, s.kind, s.present) for s in game.seats()][1] == ("Dee", "friend", True)


def test_a_friend_who_would_be_called_you_is_asked_for_a_name(hosted) -> None:
    """Every table calls its own player "You": a friend by that name would read as
    the host's own seat on the host's table."""
    game, link = hosted
    link.join(11, "you")
    game.pump()
    assert link.dropped == {11: "NameTaken"}
    assert all(seat.kind == "open" for seat in game.seats() if seat.kind != "host" and seat.kind != "computer")


def test_each_friend_is_told_only_its_own_view_and_its_moves_on_its_turn(hosted) -> None:
    game, link = hosted
    _started(game, link)
    first = link.updates(11)[0]
    assert first.fresh and first.number == 1
    view = decode(first.view)
    assert view.seat == 1
    assert decode(link.updates(13)[0].view).seat == 3
    match = game.match
    assert match is not None
    for connection, seat in ((11, 1), (13, 3)):
        update = link.updates(connection)[-1]
        assert (update.legal != []) == (match.to_move == seat)


def _play_until_turn_of(game: HostedGame, link: FakeLink, seat: int) -> None:
    match = game.match
    assert match is not None
    for _ in range(200):
        if match.to_move == seat:
            game.pump()
            return
        mover = match.to_move
        if match.is_human(mover):
            match.submit(match.legal_actions_for(mover)[0])
        else:
            match.ai_pace = 0
            match.poll()
        game.pump()
    raise AssertionError("seat never came to move")


def test_an_action_out_of_turn_or_illegal_is_refused_and_changes_nothing(hosted) -> None:
    game, link = hosted
    _started(game, link)
    match = game.match
    assert match is not None
    _play_until_turn_of(game, link, 1)
    moves = len(match.history)
    link.act(13, str(match.legal_actions_for(1)[0]), len(link.updates(13)))
    link.act(11, "play AS", len(link.updates(11)))
    link.act(11, "dance", len(link.updates(11)))
    link.act(11, str(match.legal_actions_for(1)[0]), 0)
    game.pump()
    assert link.refusals(13) == ["NotYourTurn"]
    assert link.refusals(11) == ["IllegalAction", "BadAction", "StaleAction"]
    assert len(match.history) == moves
    link.act(11, str(match.legal_actions_for(1)[0]), len(link.updates(11)))
    game.pump()
    assert len(match.history) == moves + 1


def test_a_friend_who_closes_their_game_midway_is_told_as_waited_for(hosted) -> None:
    """Seen in play: the host read "Ada left the game", as if for good, and then that
    the seat waits for Ada to come back."""
    game, link = hosted
    _started(game, link)
    link.leave(11, "left the game")
    game.pump()
    assert game.notes[-1] == "Ada left the game; the seat waits for them to join again."
    assert [s.name for s in game.seats()][1] == "Ada"


def test_a_friend_who_drops_keeps_the_seat_and_comes_back_to_it(hosted) -> None:
    game, link = hosted
    _started(game, link)
    link.leave(11)
    game.pump()
    assert game.notes[-1] == "Ada lost the connection; the seat waits for them to join again."
    assert [s.present for s in game.seats()] == [True, False, True, True]
    link.join(21, "Eve")
    game.pump()
    assert link.dropped == {21: "GameStarted"}
    link.join(22, "Ada")
    game.pump()
    assert [m.seat for m in link.sent[22] if isinstance(m, Welcome)] == [1]
    assert link.updates(22)[0].fresh and link.updates(22)[0].number == 1
    assert game.notes[-1] == "Ada is back."


def test_once_the_game_is_on_only_the_missing_friend_may_join_and_by_their_own_name(hosted) -> None:
    game, link = hosted
    _started(game, link)
    link.leave(13)
    game.pump()
    match = game.match
    assert match is not None
    seats, notes, moves = game.seats(), list(game.notes), len(match.history)
    link.join(21, "Gia", seat=3)
    game.pump()
    assert link.dropped == {21: "GameStarted"}
    assert [m.message for m in link.sent[21]] == ["This game has started; only Cy (seat 4) can join, with the same name."]
    assert (game.seats(), game.notes, len(match.history)) == (seats, notes, moves)
    assert game.friends[3].name == "Cy" and not game.friends[3].present
    link.leave(11)
    link.join(22, "Gia")
    game.pump()
    assert link.sent[22][-1].message == (
        "This game has started; only Ada (seat 2) or Cy (seat 4) can join, with their own name."
    )


def test_a_missing_friend_s_seat_can_be_given_to_a_computer_which_plays_on(hosted, monkeypatch) -> None:
    game, link = hosted
    _started(game, link)
    match = game.match
    assert match is not None
    _play_until_turn_of(game, link, 1)
    link.leave(11)
    game.pump()
    assert game.missing_for(60.0) is None, "not missing long enough yet"
    assert game.missing_for(0.0) is game.friends[1]
    moves = len(match.history)
    game.replace_with_computer(1)
    assert 1 not in game.friends and game.seats()[1].kind == "computer"
    assert game.notes[-1] == "A computer plays for Ada now."
    match.ai_pace = 0
    deadline = time.monotonic() + 20
    while len(match.history) == moves:
        assert time.monotonic() < deadline, "the computer took the seat's turn"
        match.poll()
        time.sleep(0.01)
    assert match.movers[moves] == 1
    link.join(31, "Ada")
    game.pump()
    assert link.dropped[31] == "SeatTaken"


def test_the_network_s_list_is_told_the_free_seats_then_who_the_game_waits_for(hosted) -> None:
    game, link = hosted
    told: list[tuple[bool, int, list[str]]] = []
    game.on_lobby = lambda: told.append((game.started, game.free_seats(), game.waiting_for()))
    link.join(11, "Ada")
    game.pump()
    assert told[-1] == (False, 1, [])
    link.join(13, "Cy")
    game.pump()
    assert told[-1] == (False, 0, [])
    game.start()
    game.pump()
    assert told[-1] == (True, 0, [])
    link.leave(13)
    game.pump()
    assert told[-1] == (True, 0, ["Cy"])
    link.join(23, "Cy")
    game.pump()
    assert told[-1] == (True, 0, [])
