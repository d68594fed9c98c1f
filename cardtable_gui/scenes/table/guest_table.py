"""A friend's table in a game hosted on another computer: the ordinary table, driven by
a ``GuestMatch``, that also says how the connection stands.

While the connection is lost the table says so and waits for the match to join again
by itself; back in, it shows the game afresh as it stands. When the host ends the
game, or the seat cannot be had again, the table says why and offers the menu.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from cardtable_gui.net.guest_match import RETRYING, GuestMatch
from cardtable_gui.scenes.dialog import Answer, Dialog
from cardtable_gui.scenes.table.scene import TableScene
from cardtable_gui.seats import MatchConfig

if TYPE_CHECKING:
    from cardtable_gui.app_window import App


class GuestTableScene(TableScene):
    """The table of a friend at their own computer, playing ``match``'s seat."""

    def __init__(self, app: App, config: MatchConfig, match: GuestMatch) -> None:
        self.guest = match
        self._told_end = False
        super().__init__(app, config, match=match)

    def update(self, dt: float) -> None:
        super().update(dt)
        guest = self.guest
        if guest.take_rejoined():
            self.show_afresh()
        if guest.ended is not None:
            self._tell_end()
            if self._told_end and self.app.scenes.top is self and self.message != guest.ended.why:
                # Once the question is answered, the table keeps saying why it stands
                # still, in plain colours: nothing was refused, the game is over here.
                self.note_briefly(guest.ended.why, math.inf)
        elif guest.lost_since is not None and self.message != RETRYING:
            self._end_turn()
            self.say(RETRYING)

    def play_has_stopped(self) -> bool:
        return self.guest.ended is not None

    def _tell_end(self) -> None:
        """Once, as soon as nothing else is over the table: why the game cannot go on
        here, and the way back to the menu."""
        ended = self.guest.ended
        if self._told_end or ended is None or self.app.scenes.top is not self:
            return
        self._told_end = True
        self._end_turn()
        # The plates were drawn before the news came: under the question they must
        # already show nobody to move.
        self.table.update(0.0)
        self.app.scenes.push(
            Dialog(
                self.app,
                ended.title,
                ended.more or ended.why,
                [Answer("Back to menu", self._main_menu, "primary"), Answer("Look at the table", None, "quiet")],
            )
        )

    def ask_leave(self) -> None:
        """A table whose game has ended here leaves without asking."""
        if self.guest.ended is not None:
            self._main_menu()
            return
        super().ask_leave()
