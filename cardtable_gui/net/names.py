"""The name a player goes by at a game with friends.

Every table calls its own player "You", so "You" can never name a seat to the others:
a friend would read "You bid 3" for the host's bid. A name left empty falls back to
the name remembered from the last game with friends, then the player's own name when
they chose one, then their login name, then a plain word ("Host", "Friend").
"""

from __future__ import annotations

import getpass
from collections.abc import Sequence

from cardtable_gui.seats import COMPUTER_NAMES, NAME_LIMIT, AILevel, SeatConfig, SeatKind
from cardtable_gui.shown_text import drop_control_characters

YOU = "You"
"""What every table calls its own player."""


class BadName(ValueError):
    """A name the other players could not call this player by."""


def login_name() -> str | None:
    """The computer user's login name, capitalised ("gia" -> "Gia"), or None when
    there is none to read or it is no name (too long, nothing drawable)."""
    try:
        user = getpass.getuser()
    except (OSError, KeyError, ImportError):
        return None
    name = drop_control_characters(user).strip()
    if not name or len(name) > NAME_LIMIT or name.casefold() == YOU.casefold():
        return None
    return name[:1].upper() + name[1:]


def default_name(remembered: str, player_name: str, fallback: str) -> str:
    """The name a form offers first: ``remembered`` (the last game with friends), else
    ``player_name`` unless it is the table's "You", else the login name, else
    ``fallback``."""
    for name in (remembered.strip(), player_name.strip()):
        if name and name.casefold() != YOU.casefold():
            return name
    return login_name() or fallback


def name_for_others(typed: str) -> str:
    """``typed`` as the others will read it; raises ``BadName`` with what to do for a
    name that is empty, too long or "You"."""
    name = drop_control_characters(typed).strip()
    if not name:
        raise BadName("Type the name your friends will see at your seat.")
    if len(name) > NAME_LIMIT:
        raise BadName(f"A name can be at most {NAME_LIMIT} characters.")
    if name.casefold() == YOU.casefold():
        raise BadName('Choose the name your friends will see: every table calls its own player "You".')
    return name


def hosted_seats(host_name: str, host_seat: int, others: Sequence[str]) -> tuple[SeatConfig, ...]:
    """The seats of a hosted game: the host at ``host_seat``; then, in seat order, each of
    ``others`` a "friend" (named until they join as "Friend N") or a computer level,
    computers named as at a table of one's own (short enough for every plate and
    score line), leaving out the host's name."""
    names = iter(name for name in COMPUTER_NAMES if name.casefold() != host_name.casefold())
    kinds = iter(others)
    seats: list[SeatConfig] = []
    for seat in range(len(others) + 1):
        if seat == host_seat:
            seats.append(SeatConfig(name=host_name, kind=SeatKind.HUMAN))
            continue
        kind = next(kinds)
        if kind == "friend":
            seats.append(SeatConfig(name=f"Friend {seat + 1}", kind=SeatKind.HUMAN))
        else:
            seats.append(SeatConfig(name=next(names), kind=SeatKind.AI, level=AILevel(kind)))
    return tuple(seats)
