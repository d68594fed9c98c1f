"""The host's table in a game with friends: the ordinary table, playing the host's
seat of the match the friends' computers are told about.

The friends' computers are served every frame, whatever is on top of the table: a
friend joins again, or moves, while the host reads the rules, names a save or is asked
a question. The table's own frames do it while it is on top; an after-frame hook does
it while a page or dialog covers it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardtable_gui.grammar import listed
from cardtable_gui.match_seam import MatchSeam
from cardtable_gui.net.hosted_match import HostedMatch
from cardtable_gui.net.hosting import HostedGame
from cardtable_gui.persistence.saves import RestoredGame
from cardtable_gui.scenes.dialog import Answer, Dialog
from cardtable_gui.scenes.table.scene import TableScene
from cardtable_gui.seats import MatchConfig

if TYPE_CHECKING:
    from cardtable_gui.app_window import App

MISSING_SECONDS = 20.0
"""How long the table waits on a friend whose connection is down before the host is
offered a computer to play for them."""

AWAY_NOTE_SECONDS = 1.0
"""How long the line about a friend who is away stays after it was last put up: it
is put up again every frame they are away, so it goes soon after they are back."""


class HostedTableScene(TableScene):
    """Starts ``hosted`` with a ``HostedMatch`` for ``host_seat`` that saves as any
    game of this computer does; closing the table stops the hosting."""

    def __init__(
        self, app: App, hosted: HostedGame, host_seat: int, stop_hosting: Callable[[], None], where: str = ""
    ) -> None:
        self.hosted = hosted
        self.where = where
        """How a friend elsewhere reaches this host, as the lobby said it ("at
        192.168.1.20, port 47474"); "" where it is not known."""
        self.host_seat = host_seat
        self._stop_hosting = stop_hosting
        self._offered: tuple[int, float] | None = None
        """The friend, and when they went, the host was last asked about."""
        self._asking: Dialog | None = None
        """The question about a missing friend, while it may be open."""
        self._code = hosted.link.code
        """The join code as the questions on screen state it."""
        self._away_said = ""
        """The line about friends who are away, as last put up."""
        super().__init__(app, hosted.config)
        app.add_frame_hook(self._serve_covered)

    def open_match(self, config: MatchConfig, resume: RestoredGame | None) -> MatchSeam:
        def make(final: MatchConfig, game: HostedGame) -> HostedMatch:
            return HostedMatch(
                final, host_seat=self.host_seat, hosted=game, on_applied=self._applied, ai_pace=self.computer_pause()
            )

        match = self.hosted.start(make)
        self.config = self.hosted.config
        return match

    def update(self, dt: float) -> None:
        super().update(dt)
        self.hosted.hold(self.summary.visible)
        self._say_who_is_away()
        missing = self.hosted.missing_for(MISSING_SECONDS)
        if missing is None or missing.gone_since is None or self.app.scenes.top is not self:
            return
        if self._busy():
            # Seen in play: the question came up while the host's own last card was
            # still on its way, and the table behind it stood a move behind.
            return
        if self._offered == (missing.seat, missing.gone_since):
            return
        self._offered = (missing.seat, missing.gone_since)
        name = missing.name or self.seat_name(missing.seat)
        # A friend who chose to leave is not told of as a lost connection (seen in play).
        self._asking = Dialog(
            self.app,
            f"{name} left the table" if missing.left else f"{name}'s connection is down",
            f"The game waits for {name}'s move. Let a computer play for {name} from now on? "
            f"If {name} comes back first (the join code is {self.hosted.link.code}), they take their seat again.",
            [
                Answer("Computer plays", lambda: self.hosted.replace_with_computer(missing.seat)),
                Answer("Keep waiting", None, "primary"),
            ],
            # The question comes up unasked: Enter pressed for the game must not give
            # the friend's seat away.
            focus=1,
        )
        self.app.scenes.push(self._asking)

    def away_words(self) -> str:
        """What the table says while friends' connections are down, with the code they
        join again with ("Waiting for Gia to join again: the join code is ..."), or
        "". Seen in play: once the host chose to keep waiting, the code was nowhere on
        the table, and the friend had to ask for it again; and a friend whose program
        had closed needed the address as well."""
        away = self.hosted.waiting_for()
        if not away:
            return ""
        where = f" {self.where}" if self.where else ""
        return f"Waiting for {listed(away)} to join again{where}: the join code is {self.hosted.link.code}."

    def _say_who_is_away(self) -> None:
        """The line about friends who are away, in the message spot when nothing else
        is said there (a refused move's reason or other news is read first)."""
        said, self._away_said = self._away_said, self.away_words()
        if self._away_said and self.message in ("", said) and not self._notices:
            self.note_briefly(self._away_said, AWAY_NOTE_SECONDS)

    def _serve_covered(self, dt: float) -> None:
        """After each frame in which something covers the table: take in what the
        friends said (a join, a move) and tell them the moves, as the table's own
        frames do; a friend the host was being asked about who is back closes the
        question, and the table then says they are back."""
        if self.app.scenes.top is self:
            return
        # The table's own frames, which move the computers, wait under the cover.
        self.hosted.hold(True)
        self.hosted.pump()
        self._restate_code()
        asking = self._asking
        if asking is None or self.app.scenes.top is not asking or self._offered is None:
            return
        friend = self.hosted.friends.get(self._offered[0])
        if friend is not None and friend.present:
            self._asking = None
            self.app.scenes.pop()

    def _restate_code(self) -> None:
        """A question on screen that states the join code states the current one: three
        wrong codes give the game a new code, perhaps while the host reads the old one
        out from the question about a missing friend."""
        code = self.hosted.link.code
        if code == self._code:
            return
        old, self._code = self._code, code
        top = self.app.scenes.top
        if isinstance(top, Dialog) and old in top.message.text:
            top.message.text = top.message.text.replace(old, code)
            top.layout(self.app.screen.get_size())

    leaving_ends_it_for_others = True

    def leave_words(self) -> str:
        """Leaving ends the game for the friends too; the host keeps it."""
        return (
            "Leaving ends the game for your friends: their tables are told the host left. "
            "It stays saved here, and Continue on the menu plays it on with computers in their seats."
        )

    def close(self) -> None:
        """Leaving the table ends the hosting: every friend's table is told."""
        self.app.remove_frame_hook(self._serve_covered)
        super().close()
        self._stop_hosting()
