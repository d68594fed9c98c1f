"""The contract every game's rules follow.

A game is a state machine: ``state.legal_actions()`` lists what the seat in
``state.to_move`` may do, ``state.apply(action)`` does it and returns the events that
happened, and ``state.view(seat)`` is everything that seat may know. A game is fully
determined by (game name, player count, options, seed, stacked deck, list of actions):
all randomness comes from the state's own ``random.Random``.

Nothing here draws or knows about the screen; ``cardtable_gui.rules`` never imports
pygame.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any, ClassVar, Generic, Self, TypeVar, cast

from pydantic import BaseModel, ConfigDict

from cardtable_gui.cards import Card


class IllegalAction(Exception):
    """An action the rules do not allow now. The message is a sentence for the player,
    e.g. "You must follow suit: you hold a heart." The state is left unchanged."""


class ActionParseError(ValueError):
    """An action's text form could not be read."""


class Action:
    """Base of every action: a small immutable value a seat chooses.

    Subclasses are frozen dataclasses with a stable text form (``str(action)``) that
    ``GameRules.parse_action`` reads back; saves store that text.
    """

    __slots__ = ()

    def in_words(self) -> str:
        """The move as a player says it, to be done: "bid 3", "lay down three kings".
        The text form, where that reads as words already; a move whose text form is
        notation (cards, book numbers) says itself in words instead."""
        return str(self)


class Event:
    """Base of every event: a small immutable value saying what happened.

    Events carry only public information, what every seat at the table sees happen, so
    the table scene can animate them without leaking a hidden card. Private detail (the
    cards a seat drew) is read from that seat's view.
    """

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class SeatEvent(Event):
    """Base of every event that one seat made or met (played a card, broke spades, went
    out): ``seat`` is that seat. Each game's such events add only what else they say."""

    seat: int


# Events several games share. Games add their own beside these.


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """A new hand or round was dealt; ``counts`` is the cards each seat received."""

    dealer: int
    counts: tuple[int, ...]
    round_number: int = 1


@dataclass(frozen=True, slots=True)
class CardPlayed(SeatEvent):
    """``seat`` played ``card`` to the current trick (or sequence)."""

    card: Card


@dataclass(frozen=True, slots=True)
class TrickWon(SeatEvent):
    """``seat`` took the trick made of ``cards`` (in play order)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    """A hand or round ended. ``points`` is each seat's score for it, ``totals`` each
    seat's running total; partners carry their side's figures."""

    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game ended; ``winners`` are seats (partners of a winning side included)."""

    winners: tuple[int, ...]


RULE_CHANGE = "rule_change"
"""The ``json_schema_extra`` key of a house rule that keeps an earlier behaviour of the
game: its value is the rules version that changed the behaviour
(``json_schema_extra={RULE_CHANGE: 2}``)."""


class RulesOptions(BaseModel):
    """Base of a game's house rules. Every field has a default, bounds where it is a
    number, and a one-line ``description``: the setup screen builds its form from them.

    A field marked ``RULE_CHANGE`` came with a change of the rules and is left out of
    the fingerprint (``canonical``): see ``rule_change_fields``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @classmethod
    @cache
    def rule_change_fields(cls) -> frozenset[str]:
        """The fields that keep an earlier behaviour of the game. A position is the same
        whichever way such a rule is set (it only decides which moves are legal next),
        and saves made before the field existed recorded fingerprints without it, so
        ``canonical`` leaves these fields out."""
        return frozenset(
            name
            for name, info in cls.model_fields.items()
            if isinstance(info.json_schema_extra, dict) and RULE_CHANGE in info.json_schema_extra
        )

    @classmethod
    @cache
    def default(cls) -> Self:
        """The options with every field at its default: one instance per game, shared
        (they are frozen), as a new game without options asks for them every time."""
        return cls()


O = TypeVar("O", bound=RulesOptions)


class GameView:
    """Base of a seat's view: everything that seat may know and nothing it may not.

    Subclasses are frozen dataclasses compared by value. ``seat`` is whose view it is
    (``None`` for a spectator who sees only public things).
    """

    __slots__ = ()
    seat: int | None

    REPEATS: ClassVar[frozenset[str]] = frozenset()
    """Fields that only repeat cards another field of the view already shows (a card
    lifted into the hand is also listed among the cards known to be there): left out
    of ``shown_cards``, so a card is not counted twice for lying in two lists."""


def shown_cards(view: GameView) -> Counter[Card]:
    """Every card ``view`` shows face up, with how many times it lies on the table or
    in the hand (a game of several packs may show the same card twice). Undo reads it:
    a card count that grows is a card the seat had not seen before."""
    found: Counter[Card] = Counter()
    repeats = type(view).REPEATS
    for field in dataclasses.fields(cast(Any, view)):
        if field.name not in repeats:
            _count_cards(getattr(view, field.name), found)
    return found


def _count_cards(value: object, found: Counter[Card]) -> None:
    if isinstance(value, Card):
        found[value] += 1
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            _count_cards(item, found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            _count_cards(getattr(value, field.name), found)


class GameState(ABC, Generic[O]):
    """A game in progress. Subclasses are dataclasses; see the module docstring."""

    game: ClassVar[str]

    players: int
    options: O
    seed: int
    rng: random.Random

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat that acts next, or ``None`` once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the seat to move may take now, in a reproducible order."""

    @abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Do ``action`` for the seat to move and return what happened.

        Raises ``IllegalAction`` (state unchanged) when the action is not allowed.
        """

    def apply_trusted(self, action: Action) -> None:
        """Do ``action``, taken from ``legal_actions()``, without checking it or building
        events: the fast path of search and simulation (an illegal action corrupts the game).
        """
        self.apply(action)

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy; changing one never changes the other.

        Each game spells its copy out field by field, though the games' copies look
        alike: search clones a state for every move it tries, and a copy shared by
        reading the fields at run time would cost it several times as much."""

    @abstractmethod
    def view(self, seat: int | None) -> GameView:
        """What ``seat`` may know (``None``: only what every seat sees)."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Each seat's running total (partners share their side's total)."""

    @property
    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over; empty before."""

    @property
    @abstractmethod
    def rounds_scored(self) -> int:
        """How many hands or rounds have been scored so far. The trusted path builds no
        ``RoundScored`` event: a search sees a round end by this count changing."""

    @property
    @abstractmethod
    def last_round_points(self) -> tuple[int, ...]:
        """Each seat's points for the last round scored, as its ``RoundScored`` said
        (partners carry their side's); empty when this state has not scored one itself
        and cannot tell."""

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides, as tuples of seats; each seat alone unless the game has partners."""
        return tuple((seat,) for seat in range(self.players))

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    def digest(self) -> str:
        """A fingerprint of the whole state, stable across processes; saves check it."""
        return hashlib.sha256(canonical(self).encode()).hexdigest()

    def earlier_digests(self) -> Iterator[str]:
        """Other fingerprints of this same position: the ones earlier versions of Card
        Table recorded for it before the fingerprint's form changed, so their saves
        still open. For every game that is the fingerprint without worked-out fields
        (``canonical(..., worked_out=False)``); a game adds its own where its state once
        kept something differently."""
        yield hashlib.sha256(canonical(self, worked_out=False).encode()).hexdigest()


S = TypeVar("S", bound=GameState[Any])


class GameRules(ABC, Generic[S, O]):
    """One game's rules: how to start it, read its actions, and sample hidden cards.

    ``name`` is the registry key; ``title`` and ``summary`` are for menus;
    ``player_counts`` are the table sizes the game supports; ``low_score_wins`` is set
    by games where points are bad; ``score_unit`` is what the scores count, in the
    singular ("point", or Spinado's "chip").

    ``rules_version`` counts the changes of the game's rules, starting at 1; saves
    record it. A change never takes the earlier behaviour away: it becomes a house rule
    (a field marked ``RULE_CHANGE``), and ``earlier_rules`` says, for every earlier
    version, the option values that play as that version did. A save from an earlier
    version is replayed with them.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    Options: ClassVar[type[RulesOptions]]
    low_score_wins: ClassVar[bool] = False
    score_unit: ClassVar[str] = "point"
    rules_version: ClassVar[int] = 1
    earlier_rules: ClassVar[Mapping[int, Mapping[str, Any]]] = {}

    def new_game(
        self,
        players: int,
        options: O | None = None,
        seed: int | None = None,
        deck: Sequence[Card] | None = None,
    ) -> S:
        """A new game. ``deck`` stacks the first deal (top card first) for tutorials and
        tests; ``seed=None`` picks one at random (recorded in ``state.seed``)."""
        self.check_players(players)
        seed = new_seed() if seed is None else seed
        chosen = cast(O, options or self.Options.default())
        return self.start(players, chosen, seed, random.Random(seed), None if deck is None else list(deck))

    @abstractmethod
    def start(
        self, players: int, options: O, seed: int, rng: random.Random, deck: list[Card] | None
    ) -> S:
        """The game ``new_game`` asks for, with what every game settles alike already
        settled: the players checked, the options and the seed filled in and ``rng``
        seeded from it. Raises ``ValueError`` when ``deck`` is not the game's pack."""

    @abstractmethod
    def determinize(self, view: GameView, rng: random.Random) -> S:
        """A full state consistent with ``view``: hidden cards sampled from those the
        seat has not seen, honouring what the seat knows (voids, hand sizes). Raises
        ``rules.tricks.DealImpossible`` when no deal agrees with the view."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action from its text form; raises ``ActionParseError``."""

    def check_players(self, players: int) -> None:
        if players not in self.player_counts:
            counts = ", ".join(str(n) for n in self.player_counts)
            raise ValueError(f"{self.title} is played by {counts} players, not {players}.")


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state as ``rng``, for ``clone``."""
    # __new__ skips the seeding from the system that Random() does: setstate replaces it all.
    copy = random.Random.__new__(random.Random)
    copy.setstate(rng.getstate())
    return copy


def new_seed() -> int:
    """A fresh random seed for a game started without one."""
    return random.SystemRandom().randrange(2**32)


def canonical(value: object, *, worked_out: bool = True) -> str:
    """A text form of a value that is the same in every process: sets are sorted,
    dataclasses and models spelled out field by field, random generators by state.

    House rules that keep an earlier behaviour are left out (``rule_change_fields``).
    ``worked_out=False`` also leaves out dataclass fields that are worked out from the
    others (``compare=False``): the form fingerprints had before such fields existed.
    """
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, str | int | float | bool) or value is None:
        return repr(value)
    if isinstance(value, random.Random):
        return repr(value.getstate())
    if isinstance(value, RulesOptions):
        # A rule kept from an earlier version decides only which moves are legal next,
        # not what the position is; and saves from before it recorded fingerprints
        # without it.
        return canonical(value.model_dump(exclude=set(value.rule_change_fields())))
    if isinstance(value, BaseModel):
        return canonical(value.model_dump())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = ",".join(
            f"{f.name}={canonical(getattr(value, f.name), worked_out=worked_out)}"
            for f in dataclasses.fields(value)
            if worked_out or f.compare
        )
        return f"{type(value).__name__}({fields})"
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        # A named tuple reads like a dataclass: a value class that chose a tuple for speed.
        fields = ",".join(
            f"{name}={canonical(getattr(value, name), worked_out=worked_out)}"
            for name in value._fields
        )
        return f"{type(value).__name__}({fields})"
    if isinstance(value, dict):
        items = sorted(
            (canonical(k, worked_out=worked_out), canonical(v, worked_out=worked_out))
            for k, v in value.items()
        )
        return "{" + ",".join(f"{k}:{v}" for k, v in items) + "}"
    if isinstance(value, set | frozenset):
        return "{" + ",".join(sorted(canonical(v, worked_out=worked_out) for v in value)) + "}"
    if isinstance(value, list | tuple):
        return "[" + ",".join(canonical(v, worked_out=worked_out) for v in value) + "]"
    raise TypeError(f"canonical() does not know {type(value).__name__}")
