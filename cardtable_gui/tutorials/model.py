"""What a course of lessons is: the pydantic models a lesson file is read into.

A course is one game's lessons, in order, and its closing practice game. A lesson names
the table (players, house rules), the stacked deal (the cards each place starts with,
in card notation), and its steps. Steps are a union tagged by ``kind``:

- ``explain``: a text, with cards or table areas to highlight; Next moves on.
- ``do``: the learner must make exactly ``action``; another legal move is refused with
  ``wrong``, an illegal one with the rules' own reason. What is said after the move
  may depend on whether the rules refused one first (``after_refused``).
- ``free``: any legal move is accepted; an illegal one is explained by the rules.
- ``quiz``: a question with 2 to 4 answers, each with its explanation.
- ``watch``: the other seats make the listed moves (or, with none listed, the lesson's
  ``auto`` player makes them until it is the learner's turn), under a caption.

The other seats never move on their own: their moves are listed in ``watch`` steps, or
made by the lesson's ``auto`` player (a computer level, seeded by the lesson), so a
lesson plays the same way every time. Whether a step's moves are legal is checked by
the loader, which plays every lesson through; these models check only the shape.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from cardtable_gui.cards import Card, CardError, parse_cards
from cardtable_gui.seats import AILevel

AREAS: frozenset[str] = frozenset(
    {
        "hand",
        "trick",
        "banner",
        "scores",
        "pile",
        "stacks",
        "pots",
        "board",
        "books",
        "discard",
        "dead",
        "foot",
        "spinado",
        "stock",
    }
)
"""The named table areas a step may highlight; every other highlight is a card."""

LESSON_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _check_highlight(items: tuple[str, ...]) -> tuple[str, ...]:
    for item in items:
        if item in AREAS:
            continue
        try:
            Card.parse(item)
        except CardError:
            areas = ", ".join(sorted(AREAS))
            raise ValueError(
                f"{item!r} is neither a card nor a table area ({areas})"
            ) from None
    return items


def _check_cards(text: str) -> str:
    try:
        parse_cards(text)
    except CardError as error:
        raise ValueError(str(error)) from None
    return text


class _Step(_Frozen):
    highlight: tuple[str, ...] = ()
    """Cards (``QS``) and table areas (``trick``) the scene points at during the step."""

    @field_validator("highlight")
    @classmethod
    def _highlight_known(cls, items: tuple[str, ...]) -> tuple[str, ...]:
        return _check_highlight(items)


class Explain(_Step):
    """Text to read; Next moves on."""

    kind: Literal["explain"]
    text: str = Field(min_length=1)


class Do(_Step):
    """The learner must make ``action`` (its text form, as the rules read it)."""

    kind: Literal["do"]
    action: str = Field(min_length=1)
    prompt: str = Field(min_length=1)
    wrong: str = Field(min_length=1)
    """Why another legal move is not the one wanted here."""
    after: str = ""
    """Said once the move is made."""
    after_refused: str = ""
    """Said instead of ``after`` when the rules refused a move of the learner's earlier
    in the step, so the text can speak of what the learner has just seen happen
    ("had you tried another suit" reads wrong to someone who just did)."""


class Free(_Step):
    """Any legal move of the learner's will do."""

    kind: Literal["free"]
    prompt: str = Field(min_length=1)
    after: str = ""


class Choice(_Frozen):
    """One answer to a quiz and why it is right or wrong."""

    text: str = Field(min_length=1)
    explanation: str = Field(min_length=1)


class Quiz(_Step):
    """A question; a wrong answer shows its explanation and the learner tries again."""

    kind: Literal["quiz"]
    question: str = Field(min_length=1)
    choices: tuple[Choice, ...] = Field(min_length=2, max_length=4)
    answer: int = Field(ge=0)
    """The index of the right choice."""
    asks_taker: bool = False
    """The question asks who takes the trick on the table: the step before it does not
    mark the taker either, or the question would take back what the table had shown."""

    @model_validator(mode="after")
    def _answer_is_a_choice(self) -> Quiz:
        if self.answer >= len(self.choices):
            count = len(self.choices)
            raise ValueError(f"answer {self.answer} is not one of the {count} choices (from 0)")
        return self


class Watch(_Step):
    """The other seats move while the learner watches."""

    kind: Literal["watch"]
    caption: str = Field(min_length=1)
    moves: tuple[str, ...] = ()
    """The moves, in order, as action texts; none: the lesson's ``auto`` player moves
    until it is the learner's turn."""


Step = Annotated[Explain | Do | Free | Quiz | Watch, Field(discriminator="kind")]


class Deal(_Frozen):
    """The stacked deal: the cards each place starts with, in card notation.

    ``hands`` lists the seats' hands from seat 0; a hand may name only some of its
    cards (or none), and the cards nobody named fill the gaps in a fixed order drawn
    from the lesson's seed. ``dead`` is Spinado's dead hand; ``piles`` are Spizzichino's
    eight face-down piles, each listed top card first (a pile stood as a stack shows its
    first card); ``feet``, ``discard`` (the card turned up) and ``stock`` (the draw pile,
    top card first) are Hand and Foot's. Which places a game has is the game's business
    (``games.py``)."""

    hands: tuple[str, ...] = ()
    feet: tuple[str, ...] = ()
    dead: str = ""
    piles: tuple[str, ...] = ()
    discard: str = ""
    stock: str = ""

    @field_validator("hands", "feet", "piles")
    @classmethod
    def _hands_in_notation(cls, hands: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(_check_cards(hand) for hand in hands)

    @field_validator("dead", "discard", "stock")
    @classmethod
    def _cards_in_notation(cls, cards: str) -> str:
        return _check_cards(cards)

    def places(self) -> dict[str, list[Card]]:
        """Each named place and its cards: ``hand 0``, ..., ``dead``, ``pile 0``, ..."""
        named = {f"hand {seat}": parse_cards(text) for seat, text in enumerate(self.hands)}
        if self.dead:
            named["dead"] = parse_cards(self.dead)
        named |= {f"foot {seat}": parse_cards(text) for seat, text in enumerate(self.feet)}
        named |= {f"pile {index}": parse_cards(text) for index, text in enumerate(self.piles)}
        for place, text in (("discard", self.discard), ("stock", self.stock)):
            if text:
                named[place] = parse_cards(text)
        return named


class Position(_Frozen):
    """Where in a game the lesson starts, when not at its very beginning: the running
    scores (and Spades bags, side by side), and the round (Arizona Spaghetti)."""

    scores: tuple[int, ...] | None = None
    bags: tuple[int, ...] | None = None
    round: int | None = Field(default=None, ge=1)


class Lesson(_Frozen):
    """One lesson: a table, a stacked deal and the steps that teach one idea."""

    id: str = Field(pattern=LESSON_ID.pattern)
    title: str = Field(min_length=1)
    summary: str = Field(min_length=1)
    players: int
    seat: int = Field(default=0, ge=0)
    """The learner's seat."""
    options: dict[str, Any] = Field(default_factory=dict)
    """House rules that differ from the game's defaults."""
    deal: Deal = Deal()
    position: Position = Position()
    seed: int | None = Field(default=None, ge=0)
    """Fixes the dealer and the fill of unnamed cards; by default the smallest seed
    with which the learner makes the game's first move."""
    before: tuple[str, ...] = ()
    """Moves made before the first step, by every seat in turn (the learner's too), to
    reach the position the lesson starts from: the bids, say, when it is about play."""
    auto: AILevel | None = None
    """The computer level that makes the other seats' moves nobody listed."""
    steps: tuple[Step, ...] = Field(min_length=1)

    @field_validator("auto")
    @classmethod
    def _quick_player(cls, level: AILevel | None) -> AILevel | None:
        if level is AILevel.HARD:
            raise ValueError("the hard player thinks too long for a lesson; use easy or medium")
        return level

    @model_validator(mode="after")
    def _seat_at_table(self) -> Lesson:
        if self.seat >= self.players:
            raise ValueError(f"seat {self.seat} is not at a table of {self.players}")
        return self


class Practice(_Frozen):
    """The course's last entry: a normal game against easy computer players, with
    hints on and a coach explaining refused moves."""

    title: str = Field(min_length=1)
    summary: str = Field(min_length=1)
    players: int
    level: AILevel = AILevel.EASY
    options: dict[str, Any] = Field(default_factory=dict)


class Course(_Frozen):
    """One game's lessons in teaching order, then its practice game."""

    game: str
    lessons: tuple[Lesson, ...] = Field(min_length=1)
    practice: Practice

    @model_validator(mode="after")
    def _ids_unique(self) -> Course:
        seen: set[str] = set()
        for lesson in self.lessons:
            if lesson.id in seen:
                raise ValueError(f"two lessons are called {lesson.id!r}")
            seen.add(lesson.id)
        return self

    def lesson(self, lesson_id: str) -> Lesson:
        """The lesson called ``lesson_id``; ``KeyError`` if there is none."""
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        raise KeyError(lesson_id)


class LessonError(ValueError):
    """A lesson that does not fit its game: a deal that is not a legal deal, a move that
    is not legal at its step. ``field`` names where (``deal``, ``step 3 (do)``); the
    message is one plain sentence."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
