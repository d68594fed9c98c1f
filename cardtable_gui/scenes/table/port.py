"""The table port: everything a game's layout may use of the table it is drawn on.

A layout is handed this, never the table scene: the game in progress through its
``MatchSeam`` (views, public facts, events), the animator and card pictures, the
sound, the theme, and the few things it may ask of the table (make the player's
move, show a note, show a hand's summary). So a layout cannot reach past the seat it
draws for, and the scene can change without the layouts knowing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from cardtable_gui.match_seam import MatchSeam
from cardtable_gui.rules.base import Action
from cardtable_gui.scenes.table.animation import Animator
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.scenes.table.footprint import Footprint
from cardtable_gui.scenes.table.pace import Beat
from cardtable_gui.scenes.table.summary import SummaryTable
from cardtable_gui.ui.theme import Theme


@dataclass(frozen=True, slots=True, kw_only=True)
class TablePort:
    """What the table offers its layout. Things that change while the table is up
    (the settings, who is looking, whether play is paused) are asked for when needed."""

    match: MatchSeam
    """The game in progress: read only, except through ``submit``."""
    animator: Animator
    sprites: CardSprites
    pass_and_play: bool
    """Several people share the screen, each shown only at their own turn."""
    theme: Callable[[], Theme]
    seat_name: Callable[[int], str]
    """A seat's name as every piece of the table shows it (never drawn as nothing)."""
    submit: Callable[[Action], bool]
    """Make the bottom person's move; False (with the reason shown) when refused or
    waiting for the player to confirm it."""
    say: Callable[[str], None]
    """Show a refusal above the hand until the player's next action."""
    note_briefly: Callable[[str], None]
    """Show a passing note above the hand for a moment."""
    show_summary: Callable[[SummaryTable], None]
    """The end-of-hand summary; play waits until it is closed."""
    play_sound: Callable[[str], None]
    reading_time: Callable[[Beat], float]
    """How long ``beat`` keeps the next event back, in the animator's seconds."""
    animation_speed: Callable[[], float]
    card_scale: Callable[[], float]
    """The player's card size setting."""
    toolbar_end: Callable[[], int]
    """The x just right of the table's own buttons, where a game may add its own."""
    toolbar: Callable[[], list[pygame.Rect]]
    """The table's own buttons and the words under them: a game's bubbles keep clear."""
    footprint: Callable[[], Footprint]
    """Everything the table draws now, panels and notes included."""
    paused: Callable[[], bool]
    """The game is over or a hand's summary is up: no seat is shown as thinking."""
    viewer: Callable[[], int | None]
    """The seat whose hand is shown face up now (None: nobody's, at a shared screen
    between turns)."""
    note_boxes: Callable[[], list[pygame.Rect]]
    """Where the table's own notes (a refusal, the hint, a tip) are drawn now."""
    staging_changed: Callable[[], None]
    """The player staged cards or took them back: a hint for the turn no longer holds."""
    gives_hints: bool
    """H gives a hint at this table (not in a lesson, whose panel says what to do):
    the keys line names H only then."""
    hint_unasked: Callable[[], bool] = lambda: False
    """The hint shows at every decision without being asked (a practice game with its
    coach): a hinted move is then no request of the player's, and the cards they
    choose are theirs to play."""
