"""The host's table and a friend's table play through the match seam like any other:
the friend's table, holding no game, answers every question the table asks from what
the host sent; the host's table waits for the friend as it waits for a computer."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator

import pytest
from net_support import cut

from cardtable_gui.match import THINKING_CUE_AFTER
from cardtable_gui.match_seam import MatchSeam
from cardtable_gui.net.client import GuestClient
from cardtable_gui.net.guest_match import UNDO_OFF_TOGETHER, GuestMatch, NotKeptHere
from cardtable_gui.net.hosted_match import HostedMatch
from cardtable_gui.net.hosting import HostedGame
from cardtable_gui.net.remote import RemoteGame
from cardtable_gui.net.server import HostServer, Limits
from cardtable_gui.rules.base import Action, RoundScored
from cardtable_gui.rules.hand_and_foot import Discard, DrawCards, Meld, MeldGroup
from cardtable_gui.rules.spades import PlayCard
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

CODE = "7-tiger-lamp"


def seam_members() -> set[str]:
    declared = {name for name in vars(MatchSeam) if not name.startswith("_")}
    return declared | set(MatchSeam.__annotations__)


@pytest.fixture
def tables():
    yield from _tables("spades")


@pytest.fixture
def hand_and_foot_tables():
    yield from _tables("hand_and_foot")


def _tables(game: str) -> Iterator[tuple[HostedMatch, GuestMatch]]:
    """The host's table (seat 0) and a friend's (seat 2) at ``game``, computers between."""
    seats = (
        SeatConfig(name="Host", kind=SeatKind.HUMAN),
        SeatConfig(name="Bot A", level=AILevel.EASY),
        SeatConfig(name="Friend", kind=SeatKind.HUMAN),
        SeatConfig(name="Bot B", level=AILevel.EASY),
    )
    server = HostServer(CODE, port=0, interface="127.0.0.1", limits=Limits(hello_seconds=5))
    port = server.start()
    hosted = HostedGame(
        MatchConfig(game=game, seats=seats, seed=8),
        [2],
        server,
        make_match=lambda config, game: HostedMatch(config, host_seat=0, hosted=game),
    )
    client = GuestClient(f"127.0.0.1:{port}", CODE, "Ada")
    client.start()
    remote = RemoteGame()
    deadline = time.monotonic() + 10
    while not hosted.can_start:
        assert time.monotonic() < deadline
        hosted.pump()
        time.sleep(0.01)
    host = hosted.start()
    while remote.view is None:
        assert time.monotonic() < deadline
        host.poll()
        for said in client.incoming():
            remote.receive(said)
        time.sleep(0.01)
    guest = GuestMatch(client, remote)
    yield host, guest
    guest.close()
    host.close()
    server.stop()


def _settle(host: HostedMatch, guest: GuestMatch) -> None:
    """Run both tables until the friend's table has heard every move made."""
    deadline = time.monotonic() + 10
    while True:
        host.poll()
        guest.poll()
        if host.hosted.told_moves == len(host.history) and guest.position == host.hosted.friends[2].updates:
            return
        assert time.monotonic() < deadline, "the friend's table fell behind"
        time.sleep(0.005)


def test_both_tables_answer_everything_the_seam_declares(tables) -> None:
    host, guest = tables
    for table in (host, guest):
        missing = {name for name in seam_members() if not hasattr(table, name)}
        assert missing == set()


def test_a_hand_played_through_both_seats_keeps_both_tables_the_same(tables) -> None:
    host, guest = tables
    host.ai_pace = 0
    scored = False
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        _settle(host, guest)
        assert guest.view_for(2) == host.view_for(2)
        assert guest.view_for(None) == host.view_for(None)
        assert guest.remote.to_move == host.to_move and guest.scores == host.scores
        if host.to_move == 0:
            host.submit(host.legal_actions_for(0)[0])
        elif guest.to_move == 2 and guest.legal_actions_for(2):
            assert host.thinking_seat == 2, "the host's table waits for the friend"
            assert not host.is_human(2) and guest.is_human(2) and not guest.is_human(0)
            legal = guest.legal_actions_for(2)
            assert legal == host.legal_actions_for(2)
            assert guest.submit(legal[-1]) == []
            assert guest.legal_actions_for(2) == [] and guest.to_move is None, "one move at a time"
            assert guest.why_illegal(legal[-1]) == "Your last move is on its way to the host."
        else:
            time.sleep(0.002)
        while guest.peek_event() is not None:
            scored |= isinstance(guest.take_event(), RoundScored)
        if scored:
            break
    assert scored, "a whole hand was played"
    assert guest.game_events() == host.game_events()[: len(guest.game_events())]


def test_the_friend_s_table_gives_the_rule_s_reason_for_a_refused_move(tables) -> None:
    host, guest = tables
    host.ai_pace = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        _settle(host, guest)
        if guest.to_move == 2 and guest.view_for(2).trick:
            break
        if host.to_move == 0:
            host.submit(host.legal_actions_for(0)[0])
        elif guest.to_move == 2 and guest.legal_actions_for(2):
            guest.submit(guest.legal_actions_for(2)[0])
        else:
            time.sleep(0.002)
    legal = guest.legal_actions_for(2)
    hand = guest.view_for(2).hand
    illegal = [PlayCard(card) for card in hand if PlayCard(card) not in legal]
    assert illegal, "a hand with a card that may not follow"
    assert guest.why_illegal(illegal[0]) == host.why_illegal(illegal[0])


def test_each_table_calls_its_own_player_you_and_the_others_by_name(tables) -> None:
    host, guest = tables
    assert [host.seat_name(seat) for seat in range(4)] == ["You", "Bot A", "Ada", "Bot B"]
    assert [guest.seat_name(seat) for seat in range(4)] == ["Host", "Bot A", "You", "Bot B"]


def test_a_friend_s_table_keeps_no_save_and_takes_no_move_back(tables) -> None:
    host, guest = tables
    assert not guest.kept_here and host.kept_here
    assert guest.undo_refusal() == UNDO_OFF_TOGETHER == host.undo_refusal()
    assert not guest.undo_to_last_human_decision()
    with pytest.raises(NotKeptHere):
        guest.saved_game()


def _until_a_computer_is_to_move(host: HostedMatch, guest: GuestMatch) -> int:
    """Both people play their first legal moves until a computer is to move; its seat."""
    deadline = time.monotonic() + 30
    while True:
        assert time.monotonic() < deadline, "a computer's turn came"
        # Settled first: the friend's table may not have heard a move the host made.
        _settle(host, guest)
        if guest.to_move in (1, 3):
            return guest.to_move
        if host.to_move == 0:
            host.submit(host.legal_actions_for(0)[0])
        elif guest.to_move == 2:
            guest.submit(guest.legal_actions_for(2)[0])


def test_both_tables_show_a_computer_thinking_only_once_its_turn_has_lasted(tables) -> None:
    host, guest = tables
    host.ai_pace = 30.0
    computer = _until_a_computer_is_to_move(host, guest)
    # Each table starts the turn's clock when it first polls in it (the host may have
    # taken the friend's move in the last poll of the settling).
    host.poll()
    guest.poll()
    assert guest.thinking_seat is None, "to play at first, as on the host's table"
    time.sleep(THINKING_CUE_AFTER + 0.05)
    host.poll()
    guest.poll()
    assert host.thinking_seat == computer == guest.thinking_seat
    guest.hold = True
    assert guest.thinking_seat is None, "a table still showing a move shows nobody thinking"


def _friend_away(host: HostedMatch) -> str:
    """What the host's table says of the friend once they are gone."""
    deadline = time.monotonic() + 10
    while host.hosted.friends[2].present:
        assert time.monotonic() < deadline
        host.poll()
        time.sleep(0.01)
    assert any("Ada" in notice for notice in host.notices())
    assert host.away(2) and not host.away(1) and not host.away(0)
    return host.waiting_words(2)


def test_a_person_at_another_computer_is_shown_choosing_and_a_lost_connection_so(tables) -> None:
    host, guest = tables
    assert host.waiting_words(2) == "choosing" and host.waiting_words(1) == "thinking"
    assert guest.waiting_words(0) == "choosing" and guest.waiting_words(3) == "thinking"
    assert not any(host.away(seat) or guest.away(seat) for seat in range(4))
    cut(guest.client)
    assert _friend_away(host) == "connection lost"
    assert not host.hosted.seats()[2].left


def test_a_friend_who_leaves_on_purpose_is_shown_to_have_left_not_lost(tables) -> None:
    """Seen in play: a friend who chose Menu, Leave was shown as "connection lost",
    while the host's note said they had left."""
    host, guest = tables
    guest.close()
    assert _friend_away(host) == "left the table"
    assert host.hosted.seats()[2].left, "the other friends' tables are told so too"


def test_a_computer_whose_move_the_host_s_table_holds_is_shown_waiting_for_the_host(tables) -> None:
    """Seen in play: a friend who closed a hand's summary first saw a computer
    "thinking" for as long as the host read theirs."""
    host, guest = tables
    computer = _until_a_computer_is_to_move(host, guest)
    deadline = time.monotonic() + 30
    host.hold = True
    host.hosted.hold(True)

    def told() -> bool:
        host.poll()
        guest.poll()
        return guest.remote.held

    while not told():
        assert time.monotonic() < deadline, "the friend's table was told"
        time.sleep(0.005)
    assert guest.thinking_seat == computer and guest.waiting_words(computer) == "waiting for the host"
    assert guest.waiting_words(0) == "reading", "the host is reading, not choosing a move"
    host.hosted.hold(False)
    while told():
        assert time.monotonic() < deadline, "the friend's table was told"
        time.sleep(0.005)
    assert guest.waiting_words(computer) == "thinking"
    assert guest.waiting_words(0) == "choosing"


def _friend_to_lay_down(host: HostedMatch, guest: GuestMatch) -> Meld:
    """Play Hand and Foot on (the host's first legal moves, the friend drawing) until
    the friend may lay a meld down; that meld."""
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the friend came to a meld"
        _settle(host, guest)
        if guest.to_move == 2:
            legal = guest.legal_actions_for(2)
            meld = next((a for a in legal if isinstance(a, Meld)), None)
            if meld is not None:
                return meld
            guest.submit(next(a for a in legal if isinstance(a, DrawCards | Discard)))
        elif host.to_move == 0:
            legal = host.legal_actions_for(0)
            host.submit(next(a for a in legal if isinstance(a, DrawCards | Discard)))
        else:
            time.sleep(0.005)


def _until_the_host_has(host: HostedMatch, guest: GuestMatch, action: Action) -> None:
    """Run both tables until the host's game holds ``action``."""
    deadline = time.monotonic() + 10
    while action not in host.history:
        assert time.monotonic() < deadline, f"the host took {action}"
        host.poll()
        guest.poll()
        time.sleep(0.005)


def test_a_friend_s_discard_right_after_a_meld_follows_it(hand_and_foot_tables) -> None:
    """Seen in play: a friend's discard with a meld staged laid the meld down, and the
    discard was refused: "Your last move is on its way to the host"."""
    host, guest = hand_and_foot_tables
    meld = _friend_to_lay_down(host, guest)
    guest.submit(meld)
    kept = Counter(guest.view_for(2).hand) - Counter(meld.cards)
    throw = Discard(next(iter(kept)))
    assert guest.why_illegal(throw) is not None, "the meld is still on its way"
    guest.submit(throw)
    _until_the_host_has(host, guest, throw)
    assert host.history[-2:] == [meld, throw]


def test_a_friend_may_lay_down_a_meld_the_host_did_not_list(hand_and_foot_tables) -> None:
    """Seen in play: a friend's cards put on two books at once were refused ("That move
    is not allowed now."). Hand and Foot lists a few melds of the many allowed; the
    friend's table judges the others on a deal like its own, as the host will."""
    host, guest = hand_and_foot_tables
    meld = _friend_to_lay_down(host, guest)
    # The same cards put down in another order: allowed, and not among those listed.
    unlisted = Meld(tuple(MeldGroup(group.book, group.cards[::-1]) for group in meld.groups))
    assert unlisted not in guest.legal_actions_for(2)
    assert guest.why_illegal(unlisted) is None
    guest.submit(unlisted)
    _until_the_host_has(host, guest, unlisted)
