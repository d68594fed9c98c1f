"""Saved games: what is in a save file, how a game is rebuilt from one, and where the
files live.

A save holds the table (game, seats, house rules, seed, stacked deck) and the text of
every action played; loading replays those actions through the rules and checks that
the result matches the recorded fingerprint (``state.digest()``). A short summary
(hand or round, scores, whether the game is over) lets the Load screen describe a save
without replaying it.

Any bad input, from random bytes to a hand-edited move, raises a ``SaveError`` whose
message is a sentence for the player; loading never changes or deletes the file.

Schema history
--------------
1. ``players`` (seat names, in seat order), ``ai`` (one flag per seat: True where the
   computer played) and ``ai_level`` (one difficulty for every computer seat) described
   the table; there was no stacked ``deck`` and no ``summary``. Otherwise as version 2.
2. ``seats`` (a ``SeatConfig`` per seat, each computer with its own level), ``deck``
   and ``summary``. ``migrate`` upgrades a version 1 file as it is read; the file on
   disk is rewritten in the new form only when the game is next saved. A migrated save
   has no summary until it is loaded (``read_save`` and ``SaveStore.load`` fill it in).
   Later version 2 files may also say ``undo_in_pass_and_play`` (the table allowed
   undo at a shared screen); a file without it did not.
3. ``rules_version``: the version of the game's rules the save was played under
   (``GameRules.rules_version``). A version 2 file predates it and is read as rules
   version 1, the rules before any change was counted (for Spades: the first lead of
   a hand free, a spade included). Later version 3 files may also say ``hand_orders``
   (how each person had arranged their hand); a file without it shows hands sorted,
   and ``hand_summary`` (the end-of-hand summary that was up when the game was saved);
   a file without it opens on the table.

An old game replays, and plays on, under the rules it was made with: ``rebuild`` fills
the house rules a save does not state from ``GameRules.earlier_rules`` of its rules
version, so a rule changed since stays as it was, as a house rule of that game. A save
played under rules newer than this program's is refused (``NewerRules``).

Loading replays the moves once: ``rebuild`` (and ``SaveStore.open``) hand back the
rebuilt game itself, which the match adopts as it is.
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    model_validator,
)

from cardtable_gui.cards import Card, CardError
from cardtable_gui.persistence.atomic import (
    WriteFailed,
    backup_path,
    reason,
    remove_leftovers,
    set_aside,
    write_atomic,
)
from cardtable_gui.persistence.reading import read_data_file
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.base import Action, GameState, HandDealt, IllegalAction
from cardtable_gui.seats import GAME_KEY_LIMIT, SEATS_LIMIT, MatchConfig, SeatConfig
from cardtable_gui.shown_text import (
    ShownScore,
    ShownText,
    ShownTime,
    drawable,
    refuse_control_characters,
)

SCHEMA_VERSION = 3
AUTOSAVE_FILE = "autosave.json"
SAVES_FOLDER = "saves"
FINISHED_FOLDER = "finished"
SAVE_SUFFIX = ".json"
BAD_SUFFIX = ".bad"


# Errors


class SaveError(Exception):
    """A save could not be read, rebuilt or written. ``str(error)`` is a sentence for
    the player; the cause, if any, is chained."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class CorruptSave(SaveError):
    """The file is not a save: not text, not JSON, cut short, or a field is invalid."""


class UnknownGameInSave(SaveError):
    """The save is for a game this version does not have."""


class NewerSchema(SaveError):
    """The save was written by a newer version of Card Table."""

    def __init__(self) -> None:
        super().__init__("This save was made by a newer version of Card Table.")


class NewerRules(SaveError):
    """The save was played under a version of the game's rules this program does not
    know yet."""

    def __init__(self, title: str) -> None:
        super().__init__(
            f"This save was played under newer rules of {title} than this version of "
            "Card Table knows; a newer version can open it."
        )


class BadActionInSave(SaveError):
    """A recorded move cannot be read or is not allowed when replayed. ``move`` counts
    from 1."""

    def __init__(self, move: int, why: str) -> None:
        super().__init__(f"Move {move} in this save cannot be replayed: {why}")
        self.move = move


class DigestMismatch(SaveError):
    """Replaying the moves does not reach the position the save recorded."""


class SaveWriteFailed(SaveError):
    """The save could not be written; the previous file is untouched."""


# The file format

SAVE_NAME_LENGTH = 60
"""The longest name a player may give a save."""

SAVE_SIZE_LIMIT = 4 * 1024 * 1024
"""The largest file read as a save, in bytes. The largest saves of whole games measured
are 12 KB (Spades to 500 points) and 121 KB (Hand and Foot for six with twelve packs,
played at random); a larger file is damage, refused before it is read whole (a file
that grows with play may otherwise be up to ``reading.LARGEST_FILE``), let alone
examined character by character."""

ACTION_TEXT_LIMIT = 4000
"""The longest move text read from a save: the longest measured is 86 characters (a
Hand and Foot meld), and laying down every card of the largest hand stays far below."""

CARD_TEXT_LIMIT = 8
"""The longest card a stacked deck may name ("10Co" is four characters)."""

OPTIONS_LIMIT = 200
"""The most house rules a save may list (Hand and Foot, the game with most, has about
thirty)."""

ActionText = Annotated[str, StringConstraints(max_length=ACTION_TEXT_LIMIT)]
CardText = Annotated[str, StringConstraints(max_length=CARD_TEXT_LIMIT)]
OptionName = Annotated[str, StringConstraints(max_length=GAME_KEY_LIMIT)]
"""Texts of a save that no screen shows, bounded all the same so that a huge one is
refused before a parser looks at it; a house rule's name is a key like a game's."""

SaveName = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=SAVE_NAME_LENGTH),
    AfterValidator(refuse_control_characters),
]


SUMMARY_TEXT_LIMIT = 400
"""The longest line a saved end-of-hand summary may hold: its notes are sentences (the
longest written, about the spinado and a dead hand, is under 200 characters)."""

SUMMARY_LINES_LIMIT = 40
"""The most headers, rows, cells of a row, notes or totals a saved summary may hold:
the largest table has eight players and a dozen notes."""

SummaryText = Annotated[
    str, StringConstraints(max_length=SUMMARY_TEXT_LIMIT), AfterValidator(refuse_control_characters)
]


class SavedTotal(BaseModel):
    """One running total of a saved end-of-hand summary; ``leading`` marks the best."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    label: SummaryText
    total: ShownScore
    leading: bool = False


class SavedHandSummary(BaseModel):
    """The end-of-hand summary that was up when the game was saved, word for word: the
    next hand is already dealt by then, so a table reopened from the save shows it again
    before play goes on, rather than dropping the result the player had not read."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    title: SummaryText
    headers: tuple[SummaryText, ...] = Field(max_length=SUMMARY_LINES_LIMIT)
    rows: tuple[tuple[SummaryText, ...], ...] = Field(max_length=SUMMARY_LINES_LIMIT)
    notes: tuple[SummaryText, ...] = Field(max_length=SUMMARY_LINES_LIMIT)
    totals: tuple[SavedTotal, ...] = Field(max_length=SUMMARY_LINES_LIMIT)
    go_on: SummaryText

    @model_validator(mode="after")
    def _rows_fit(self) -> SavedHandSummary:
        if any(len(row) > SUMMARY_LINES_LIMIT for row in self.rows):
            raise ValueError("a row of the summary has too many cells")
        return self


class SaveSummary(BaseModel):
    """What the Load screen shows about a save without replaying it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    title: ShownText = Field(description="The game's name as menus show it.")
    progress: ShownText = Field(description='Where the game stands: "Hand 3", "Finished".')
    players: tuple[ShownText, ...] = Field(max_length=SEATS_LIMIT)
    scores: tuple[ShownScore, ...] = Field(max_length=SEATS_LIMIT)
    is_over: bool


class SavedGame(BaseModel):
    """One saved game. ``actions`` are the ``str()`` forms of the moves played, which
    the game's ``parse_action`` reads back; ``digest`` is ``state.digest()`` after them."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: Literal[3] = SCHEMA_VERSION
    game: str = Field(min_length=1, max_length=GAME_KEY_LIMIT)
    rules_version: int = Field(ge=1)
    seats: tuple[SeatConfig, ...] = Field(min_length=1, max_length=SEATS_LIMIT)
    options: dict[OptionName, Any] = Field(default_factory=dict, max_length=OPTIONS_LIMIT)
    seed: int
    deck: tuple[CardText, ...] | None = None
    actions: list[ActionText] = Field(default_factory=list)
    digest: str = Field(pattern=r"^[0-9a-f]{64}$")
    name: SaveName | None = None
    saved_at: ShownTime
    summary: SaveSummary | None = None
    undo_in_pass_and_play: bool = False
    coach: bool = False
    friend_seats: tuple[int, ...] = Field(default=(), max_length=SEATS_LIMIT)
    """Seats that friends played from their own computers in a game hosted here: the
    save has a computer in each, which the table names when the game goes on."""
    hand_orders: dict[int, tuple[CardText, ...]] = Field(default_factory=dict, max_length=SEATS_LIMIT)
    """How each person had arranged their hand, left to right (in Hand and Foot the
    cards drawn since the last sort wait at the right): the table shows it so again. A
    card no longer held is passed over and one not named joins at the right."""
    hand_summary: SavedHandSummary | None = None
    """The end-of-hand summary that was up when the game was saved, shown again when it
    is opened."""

    @model_validator(mode="after")
    def _summary_fits_seats(self) -> SavedGame:
        if self.summary is not None and not (
            len(self.summary.players) == len(self.summary.scores) == len(self.seats)
        ):
            raise ValueError("the summary does not have one entry per seat")
        if any(not 0 <= seat < len(self.seats) for seat in self.friend_seats):
            raise ValueError("a friend's seat is not one of the seats")
        if any(not 0 <= seat < len(self.seats) for seat in self.hand_orders):
            raise ValueError("a hand's order is for a seat that is not at the table")
        return self

    def hands_in_order(self) -> dict[int, list[Card]]:
        """``hand_orders`` as cards; an order that names no card (damaged) is dropped,
        since the game itself does not depend on it."""
        orders: dict[int, list[Card]] = {}
        for seat, texts in self.hand_orders.items():
            try:
                orders[seat] = [Card.parse(text) for text in texts]
            except CardError:
                continue
        return orders

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    @classmethod
    def capture(
        cls,
        config: MatchConfig,
        actions: Sequence[Action],
        state: GameState[Any],
        name: str | None = None,
        friend_seats: Sequence[int] = (),
    ) -> SavedGame:
        """A save of a match: its config, the actions played so far and the state they
        led to, under the game's current rules version. The options are stored in full,
        so that a later change of a default cannot change how the game replays.
        ``friend_seats`` were played by friends at their own computers."""
        rules = GAMES[config.game]
        return cls(
            game=config.game,
            rules_version=rules.rules_version,
            seats=config.seats,
            options=state.options.model_dump(mode="json"),
            seed=state.seed,
            deck=config.deck,
            actions=[str(action) for action in actions],
            digest=state.digest(),
            name=name,
            saved_at=datetime.now(UTC),
            summary=summarise(rules.title, config.seats, state),
            undo_in_pass_and_play=config.undo_in_pass_and_play,
            coach=config.coach,
            friend_seats=tuple(friend_seats),
        )

    def to_bytes(self) -> bytes:
        """The file contents: indented JSON, one move per line."""
        return self.model_dump_json(indent=2).encode("utf-8")


def summarise(title: str, seats: Sequence[SeatConfig], state: GameState[Any]) -> SaveSummary:
    """The Load screen's summary of ``state``."""
    return SaveSummary(
        title=title,
        progress=describe_progress(state),
        players=tuple(seat.name for seat in seats),
        scores=tuple(state.scores),
        is_over=state.is_over,
    )


def describe_progress(state: GameState[Any]) -> str:
    """Where a game stands, in a player's words: "Finished", "Hand 3" or "Round 2".

    Games that play hands keep their count in ``hand_number``; games that play rounds
    in ``round_number``.
    """
    if state.is_over:
        return "Finished"
    for attribute, word in (("hand_number", "Hand"), ("round_number", "Round")):
        number = getattr(state, attribute, None)
        if isinstance(number, int) and number > 0:
            return f"{word} {number}"
    return "In play"


# Reading


def parse_save(data: bytes) -> SavedGame:
    """Read a save file's bytes (migrating older versions) without replaying it.
    Raises a ``SaveError`` for anything that is not a valid save."""
    if len(data) > SAVE_SIZE_LIMIT:
        raise CorruptSave("This file is far larger than any Card Table save.")
    try:
        raw = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise CorruptSave("This file is not a Card Table save: it is not text.") from error
    except (ValueError, RecursionError) as error:
        raise CorruptSave("This save file is damaged or cut short and cannot be read.") from error
    if not isinstance(raw, dict):
        raise CorruptSave("This file is not a Card Table save.")
    upgraded = migrate(raw)
    try:
        # Strict JSON validation: a number where text belongs (or the reverse) is damage,
        # not something to coerce.
        return SavedGame.model_validate_json(json.dumps(upgraded), strict=True)
    except (ValidationError, ValueError, RecursionError) as error:
        raise CorruptSave(
            f"This save file is damaged and cannot be read ({_first_problem(error)})."
        ) from error


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Upgrade a save's JSON object to the current schema; ``data`` is not changed.

    Raises ``NewerSchema`` for a save from a newer version and ``CorruptSave`` when the
    version is missing or the old layout is broken.
    """
    version = data.get("schema_version")
    if type(version) is not int or version < 1:
        raise CorruptSave("This file is not a Card Table save: it has no valid version number.")
    if version > SCHEMA_VERSION:
        raise NewerSchema()
    while version < SCHEMA_VERSION:
        data = _MIGRATIONS[version](data)
        version = data["schema_version"]
    return data


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    names, ai, level = data.get("players"), data.get("ai"), data.get("ai_level")
    if not (
        isinstance(names, list)
        and isinstance(ai, list)
        and len(names) == len(ai)
        and all(isinstance(flag, bool) for flag in ai)
        and isinstance(level, str)
    ):
        raise CorruptSave(
            "This save file from an earlier version is damaged: the seats are unclear."
        )
    upgraded = {k: v for k, v in data.items() if k not in ("players", "ai", "ai_level")}
    upgraded["schema_version"] = 2
    upgraded["seats"] = [
        {"name": name, "kind": "ai" if is_ai else "human", "level": level}
        for name, is_ai in zip(names, ai, strict=True)
    ]
    upgraded["deck"] = None
    upgraded["summary"] = None
    return upgraded


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    # A save from before rules were versioned was played under the first version.
    return data | {"schema_version": 3, "rules_version": 1}


_MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _v1_to_v2,
    2: _v2_to_v3,
}


PROBLEM_PLACE_LENGTH = 40
"""The most characters a message shows of where in a file a problem is."""


def _first_problem(error: Exception) -> str:
    """The first thing a validator found wrong, short enough to show: "seed: input
    should be a valid integer"."""
    if isinstance(error, ValidationError) and error.errors():
        first = error.errors()[0]
        # A place may be a key read from the file: shown, so made drawable and short.
        where = drawable(".".join(str(part) for part in first["loc"]), limit=PROBLEM_PLACE_LENGTH)
        message = first["msg"][:1].lower() + first["msg"][1:]
        return f"{where}: {message}" if where else message
    return "it is not in the expected form"


# Rebuilding the game


@dataclass(frozen=True, slots=True)
class RestoredGame:
    """A saved match rebuilt and checked, ready to play on: the save (its summary made
    afresh from the replayed game), the match config, the state after every saved
    action, the actions, the seat that made each one, and how many of them came before
    the current hand was dealt (undo never goes back past a deal). ``path`` is the file
    it was read from, if any."""

    saved: SavedGame
    config: MatchConfig
    state: GameState[Any]
    actions: tuple[Action, ...]
    movers: tuple[int, ...]
    hand_start: int
    path: Path | None = None


def restore(saved: SavedGame) -> tuple[MatchConfig, GameState[Any], list[Action]]:
    """Rebuild a saved match: its config, the state after every saved action, and the
    actions. Raises a ``SaveError`` subclass for anything that does not fit."""
    game = rebuild(saved)
    return game.config, game.state, list(game.actions)


def rebuild(saved: SavedGame, path: Path | None = None) -> RestoredGame:
    """Rebuild a saved match by replaying each action through the rules, under the
    house rules of the save's rules version; the final state must have the saved digest
    (or one an earlier version recorded for that position, ``earlier_digests``). Raises
    a ``SaveError`` subclass for anything that does not fit."""
    rules = GAMES.get(saved.game)
    if rules is None:
        raise UnknownGameInSave(
            f"This save is for a game called {saved.game!r}, which this version of "
            "Card Table does not have."
        )
    players = len(saved.seats)
    if players not in rules.player_counts:
        raise CorruptSave(
            f"This save has {players} seats, but {rules.title} is not played by {players}."
        )
    if saved.rules_version > rules.rules_version:
        raise NewerRules(rules.title)
    # A rule changed since the save was made keeps its earlier behaviour in this game:
    # the house rules the save does not state are those of its rules version.
    stated = {**rules.earlier_rules.get(saved.rules_version, {}), **saved.options}
    try:
        # As strict as every other field: JSON types must match ("-200" is not a number,
        # 1 is not "on"); JSON mode still reads an option's named value from its text.
        options = rules.Options.model_validate_json(json.dumps(stated), strict=True)
    except ValidationError as error:
        problem = _first_problem(error)
        raise CorruptSave(f"The house rules in this save are not valid ({problem}).") from error
    try:
        deck = [Card.parse(text) for text in saved.deck] if saved.deck else None
    except CardError as error:
        raise CorruptSave(f"The stacked deck in this save is damaged: {error}") from error
    try:
        state = rules.new_game(players, options, saved.seed, deck=deck)
    except Exception as error:
        # The rules refuse a bad stacked deck in their own way; whatever they raise,
        # the player's answer is the same: this save cannot start its game.
        raise CorruptSave(
            "The game in this save cannot be set up again; the file is damaged."
        ) from error
    actions: list[Action] = []
    movers: list[int] = []
    hand_start = 0
    # Actions are immutable values and a game repeats the same few texts ("bid 3",
    # "play QS"), so each text is read once.
    parsed: dict[str, Action] = {}
    for move, text in enumerate(saved.actions, start=1):
        action = parsed.get(text)
        if action is None:
            try:
                action = parsed[text] = rules.parse_action(text)
            except ValueError as error:
                raise BadActionInSave(move, f"{text!r} is not a move in {rules.title}.") from error
        seat = state.to_move
        if seat is None:
            raise BadActionInSave(move, "the game was already over.")
        try:
            events = state.apply(action)
        except IllegalAction as error:
            raise BadActionInSave(move, str(error)) from error
        except Exception as error:
            # A move the rules choke on is reported like an illegal one, so a damaged
            # save never brings the program down.
            raise BadActionInSave(move, f"{text!r} does not fit the game at that point.") from error
        actions.append(action)
        movers.append(seat)
        if any(isinstance(event, HandDealt) for event in events):
            hand_start = move
    if state.digest() != saved.digest and saved.digest not in state.earlier_digests():
        raise DigestMismatch(
            "This save does not lead to the position it recorded: it was changed after "
            "saving or made with different rules."
        )
    config = MatchConfig(
        game=saved.game,
        seats=saved.seats,
        options=stated,
        seed=saved.seed,
        deck=saved.deck,
        undo_in_pass_and_play=saved.undo_in_pass_and_play,
        coach=saved.coach,
    )
    # The summary is made afresh, so a save from an earlier version gets one and a
    # summary edited by hand is put right.
    summary = summarise(rules.title, config.seats, state)
    if saved.summary != summary:
        saved = saved.model_copy(update={"summary": summary})
    return RestoredGame(saved, config, state, tuple(actions), tuple(movers), hand_start, path)


def read_save(data: bytes) -> SavedGame:
    """Read a save file's bytes and check them fully by replaying every move; the
    summary comes back made afresh from the replayed game."""
    return rebuild(parse_save(data)).saved


def same_game(one: SavedGame, other: SavedGame) -> bool:
    """Whether two saves hold the same game at the same point: the same table, deal and
    moves, whatever they are named or when they were written."""
    fields = ("game", "rules_version", "seats", "options", "seed", "deck", "actions", "digest", "friend_seats")
    return all(getattr(one, name) == getattr(other, name) for name in fields)


# Where saves live


@dataclass(frozen=True, slots=True)
class SaveEntry:
    """One file on the Load screen: the save, or the reason it cannot be read."""

    path: Path
    modified: datetime
    saved: SavedGame | None
    error: str | None

    @property
    def ok(self) -> bool:
        return self.saved is not None

    @property
    def when(self) -> datetime:
        """When it was saved (the file's time if the save cannot be read)."""
        return self.saved.saved_at if self.saved is not None else self.modified


class SaveStore:
    """The saves in a data directory: ``autosave.json`` (the game to continue, with the
    previous one as ``autosave.json.bak``), named saves in ``saves/``, and the last
    finished game's autosave in ``finished/``."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        self.autosave_path = self.directory / AUTOSAVE_FILE
        self.saves_folder = self.directory / SAVES_FOLDER
        self.finished_folder = self.directory / FINISHED_FOLDER

    def remove_leftovers(self) -> list[Path]:
        """Clear the temporary files of writes that were killed half-way (at start)."""
        folders = (self.directory, self.saves_folder, self.finished_folder)
        return [path for folder in folders for path in remove_leftovers(folder)]

    # The autosave

    def autosave(self, saved: SavedGame) -> None:
        """Write the game to continue. The file it replaces becomes the backup, but only
        when that file is itself a readable save, so the backup is always usable."""
        self._write(self.autosave_path, saved, backup=self._is_readable(self.autosave_path))

    def begin_autosave(self, saved: SavedGame) -> None:
        """A game sits down at the table: it is the game to continue from now on, before
        its first move. The game it takes the place of was kept or discarded by the
        player, so none of its files may stay behind as a backup for Continue to fall
        back to."""
        self._write(self.autosave_path, saved, backup=False)
        try:
            backup_path(self.autosave_path).unlink(missing_ok=True)
        except OSError as error:
            raise SaveWriteFailed(
                f"The previous game's backup could not be removed: {reason(error)}"
            ) from error

    def load_autosave(self) -> SavedGame | None:
        """The game to continue, or None if there is none. When the autosave is bad the
        backup is tried; if both are bad, the autosave's error is raised."""
        game = self.open_autosave()
        return None if game is None else game.saved

    def open_autosave(self) -> RestoredGame | None:
        """The game to continue, rebuilt, or None if there is none; as ``load_autosave``.
        The result's ``path`` says whether it came from the backup."""
        backup = backup_path(self.autosave_path)
        if not self.autosave_path.exists():
            return self.open(backup) if backup.exists() else None
        try:
            return self.open(self.autosave_path)
        except SaveError as error:
            main_error = error
        if backup.exists():
            try:
                return self.open(backup)
            except SaveError:
                pass
        raise main_error

    def autosave_files(self) -> list[Path]:
        """The autosave and its backup, those that exist."""
        return [p for p in (self.autosave_path, backup_path(self.autosave_path)) if p.exists()]

    def clear_autosave(self) -> None:
        """The game is over, so there is nothing to continue: the autosave and its backup
        move to ``finished/``, replacing the previous finished game's."""
        for path in (self.autosave_path, backup_path(self.autosave_path)):
            if path.exists():
                try:
                    self.finished_folder.mkdir(parents=True, exist_ok=True)
                    os.replace(path, self.finished_folder / path.name)
                except OSError as error:
                    raise SaveError(
                        f"The finished game's autosave could not be filed away: {reason(error)}"
                    ) from error

    # Named saves

    def save_named(self, saved: SavedGame) -> Path:
        """Write a save under a new file name made from its name and time; never
        overwrites another save. Returns the path."""
        stem = f"{_slug(saved.name or saved.game)}-{saved.saved_at.astimezone():%Y%m%d-%H%M%S}"
        path = self.saves_folder / f"{stem}{SAVE_SUFFIX}"
        number = 2
        while path.exists():
            path = self.saves_folder / f"{stem}-{number}{SAVE_SUFFIX}"
            number += 1
        self._write(path, saved, backup=False)
        return path

    def list_saves(self) -> list[SaveEntry]:
        """Every named save, newest first, read but not replayed. Files that cannot be
        read are listed too, with the reason, so the player can decide what to do."""
        if not self.saves_folder.is_dir():
            return []
        entries: list[SaveEntry] = []
        for path in self.saves_folder.glob(f"*{SAVE_SUFFIX}"):
            try:
                stat = path.stat()
            except OSError:
                continue
            modified = datetime.fromtimestamp(stat.st_mtime, UTC)
            try:
                data = read_data_file(path, SAVE_SIZE_LIMIT)
                entries.append(SaveEntry(path, modified, parse_save(data), None))
            except SaveError as error:
                entries.append(SaveEntry(path, modified, None, error.message))
            except OSError as error:
                unreadable = f"The file cannot be opened: {reason(error)}"
                entries.append(SaveEntry(path, modified, None, unreadable))
        entries.sort(key=lambda entry: (entry.when, entry.path.name), reverse=True)
        return entries

    def load(self, path: str | os.PathLike[str]) -> SavedGame:
        """Read a save and check it fully, replaying every move. A save from an earlier
        version comes back upgraded, with its summary filled in. The file is not changed."""
        return self.open(path).saved

    def open(self, path: str | os.PathLike[str]) -> RestoredGame:
        """Read a save and rebuild its game (the one replay a load needs). The file is
        not changed."""
        path = Path(path)
        try:
            data = read_data_file(path, SAVE_SIZE_LIMIT)
        except OSError as error:
            raise SaveError(f"The save file cannot be opened: {reason(error)}.") from error
        return rebuild(parse_save(data), path)

    def delete(self, path: str | os.PathLike[str]) -> None:
        """Delete a named save; only ever at the player's request."""
        path = self._own(path)
        try:
            path.unlink(missing_ok=True)
        except OSError as error:
            raise SaveError(f"The save could not be deleted: {reason(error)}") from error

    def move_aside(self, path: str | os.PathLike[str]) -> Path:
        """Rename a save the player has given up on to ``<name>.bad`` (numbered if that
        is taken), so it leaves the Load screen but stays on disk. Returns the new path."""
        path = self._own(path)
        try:
            return set_aside(path, BAD_SUFFIX)
        except OSError as error:
            raise SaveError(f"The save could not be moved aside: {reason(error)}") from error

    # Helpers

    def _write(self, path: Path, saved: SavedGame, backup: bool) -> None:
        try:
            write_atomic(path, saved.to_bytes(), backup=backup)
        except WriteFailed as error:
            raise SaveWriteFailed(f"The game could not be saved. {error}") from error

    @staticmethod
    def _is_readable(path: Path) -> bool:
        try:
            parse_save(read_data_file(path, SAVE_SIZE_LIMIT))
        except (OSError, SaveError):
            return False
        return True

    def _own(self, path: str | os.PathLike[str]) -> Path:
        """``path``, checked to be a file of this store (a slip elsewhere must not
        delete or rename anything outside it)."""
        resolved = Path(path).resolve()
        root = self.directory.resolve()
        if root not in resolved.parents:
            raise SaveError("That file is not one of Card Table's saves.")
        return resolved


def _slug(text: str) -> str:
    """A file-name-safe form of a save's name: ASCII letters, digits and dashes."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:40].strip("-")
    return slug or "save"
