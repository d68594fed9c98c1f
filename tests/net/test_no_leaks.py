"""No hidden card ever leaves the host for the wrong seat.

Every update each guest receives over whole games, decoded, is checked against the
full game at the moment it was sent: its view shows only cards that seat may see, and
its events name only cards the seat saw before or after the move, or cards the player
who moved held (a card played is shown to everyone; that the rules' events show no
more than they should is the rules' own tests' to check).
And what the host tells a seat depends only on what that seat may know: dealt again
with everyone else's hidden cards changed, the seat is told the same (for every move
that shows the seat nothing hidden until then, which a redeal rightly changes)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from net_support import cards_named as cards_in

from cardtable_gui.net.hosting import update_for
from cardtable_gui.net.loopback import play
from cardtable_gui.net.messages import Update
from cardtable_gui.net.wire import decode
from cardtable_gui.rules import GAMES, get_rules
from cardtable_gui.rules.base import GameState, HandDealt, IllegalAction, shown_cards

TABLES = [(game, players) for game in sorted(GAMES) for players in get_rules(game).player_counts]
SHORT = {"hand_and_foot": {"rounds": 1}}


def _seen_by(seat: int, state: GameState[Any]) -> set[Any]:
    """Every card ``seat`` may see in ``state``: its own view and the public one."""
    return cards_in(state.view(seat)) | cards_in(state.view(None))


def _in_any_order(update: Update) -> Update:
    """The update with its legal moves sorted: their order follows the seat's own hand
    as dealt, which a redeal of the seat's view does not keep."""
    return update.model_copy(update={"legal": sorted(update.legal)})


def _reveals(
    seat: int, before: GameState[Any], after: GameState[Any], events: list[Any], other: GameState[Any], others: list[Any]
) -> bool:
    """Whether a move shows the seat something hidden until then: a deal, cards drawn or
    turned up (a card counted more often after the move than before), or a fact the
    hidden cards decide (the two deals' moves made different kinds of events, as when
    a run stops because its next card lies in the dead hand, or the turn passes to
    another player, as in Spinado to whoever holds the next card). A redeal of the
    others' hidden cards rightly changes what such a move tells."""
    if any(isinstance(event, HandDealt) for event in events):
        return True
    if [type(event) for event in events] != [type(event) for event in others] or after.to_move != other.to_move:
        return True
    shown = shown_cards(after.view(seat)) | Counter(set().union(*map(cards_in, events)))
    return bool(shown - shown_cards(before.view(seat)))


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_no_update_names_a_card_its_seat_could_not_see(game: str, players: int) -> None:
    computers = tuple(seat for seat in range(players) if seat % 2 == 1)
    result = play(game, players, seed=11, computers=computers, options=SHORT.get(game), record=True)
    sent_states: dict[tuple[int, int], GameState[Any]] = {}
    for sent in result.sent:
        sent_states[sent.seat, sent.update.number] = sent.state
    checked = 0
    for seat, messages in result.received.items():
        before: GameState[Any] | None = None
        for message in messages:
            if not isinstance(message, Update):
                continue
            after = sent_states[seat, message.number]
            in_view = cards_in(decode(message.view))
            assert in_view <= _seen_by(seat, after), f"seat {seat} was shown {in_view - _seen_by(seat, after)}"
            in_events = set().union(*(cards_in(decode(e)) for e in message.events))
            if in_events:
                assert before is not None and before.to_move is not None
                movers_hand = cards_in(before.view(before.to_move))
                allowed = _seen_by(seat, before) | _seen_by(seat, after) | movers_hand
                assert in_events <= allowed, f"seat {seat} was told of {in_events - allowed} in update {message.number}"
            before = after
            checked += 1
    assert checked > 20


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_what_a_seat_is_told_does_not_change_when_the_others_hidden_cards_do(game: str, players: int) -> None:
    rules = get_rules(game)
    rng = random.Random(7)
    state = rules.new_game(players, rules.Options(**SHORT.get(game, {})), seed=7)
    compared = 0
    while not state.is_over and compared < 150:
        action = rng.choice(state.legal_actions())
        seat = state.to_move if rng.random() < 0.5 else rng.randrange(players)
        other = rules.determinize(state.view(seat), random.Random(rng.getrandbits(32)))
        real_after, other_after = state.clone(), other
        real_events = real_after.apply(action)
        try:
            other_events = other_after.apply(action)
        except IllegalAction:
            other_events = None
        if other_events is not None and not _reveals(seat, state, real_after, real_events, other_after, other_events):
            told = _in_any_order(update_for(seat, real_after, real_events, 1, False))
            told_other = _in_any_order(update_for(seat, other_after, other_events, 1, False))
            assert told == told_other, f"{game}: seat {seat} would learn of the others' hidden cards"
            compared += 1
        state.apply(action)
    assert compared > 10
