"""The practice game's coach: one remark per trick or turn, from the Medium player's advice.

At each of the learner's decisions the scene hands the coach the advice the Medium
player gives from the learner's own view (the advice the table's Hint shows, so the
coach never knows more than the learner); when the learner acts, the move they made.
Once their trick is taken (games of tricks), their card is down (Spinado, where every
card is a turn of its own) or their turn has passed (Hand and Foot: a draw, melds and
a discard), the coach says one thing about it: where the learner chose another move than
the advice, the advised move and its reason; where they chose the same, now and then a
word that they had the right idea. One remark at a time: it stays until the next
trick or turn replaces it, or the learner dismisses it.

The coach knows no game's rules: it compares moves and rewords the adviser's reasons.
Nothing here draws; the scene shows ``remark`` in a note box.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from cardtable_gui.ai.advice import Advice
from cardtable_gui.cards import Card
from cardtable_gui.rules.base import Action, Event, TrickWon

TAG = "Coach"
COLOUR = (120, 200, 255)
"""The coach's tag and border: a blue of its own, never the hint's or the selection's."""
FILL = (16, 40, 64, 255)
STYLE = (TAG, COLOUR, FILL)
"""How the scene's note box looks when the coach speaks."""

TRICK_GAMES = frozenset({"spades", "arizona_spaghetti", "spizzichino"})
"""Games whose remark waits for the trick to be taken."""
CARD_GAMES = frozenset({"spinado"})
"""Games where each card played is a turn: the remark follows the card."""

NOTHING_TO_LEARN = frozenset({"only-card", "only move", "blind-pile", "any"})
"""Rules of thumb that speak when there is no choice, or when every choice is as good
(Spizzichino's face-down piles): no remark is made on them."""

PAST_TENSE = {"play": "played", "discard": "discarded"}
"""How a card move is told afterwards ("You discarded the 7 of hearts")."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One of the learner's decisions: what the adviser said, and what they did."""

    advice: Advice
    played: Action

    @property
    def followed(self) -> bool:
        return same_move(self.played, self.advice.action)


def same_move(made: Action, advised: Action) -> bool:
    """Whether ``made`` is the advised move, with its cards perhaps picked in another
    order (a pile taken with the 10 of hearts and 10 of spades either way round)."""
    if made == advised:
        return True
    return type(made) is type(advised) and Counter(words(made)) == Counter(words(advised))


def words(action: Action) -> list[str]:
    return str(action).replace(";", " ").replace(",", " ").split()


class Coach:
    """Collects the learner's decisions of the current trick or turn and makes the
    remark on them when it ends. ``remark`` is the text to show, or None."""

    def __init__(self, game: str) -> None:
        self.by_tricks = game in TRICK_GAMES
        self.by_cards = game in CARD_GAMES
        self.remark: str | None = None
        self._open: Advice | None = None
        self._decisions: list[Decision] = []
        self._confirmed: set[str] = set()
        """Rules of thumb already praised once: praise for the same idea is not repeated."""

    def advise(self, advice: Advice) -> None:
        """A decision of the learner's begins; ``advice`` is the adviser's for it."""
        self._open = advice

    def played(self, action: Action) -> None:
        """The learner made ``action`` at the open decision."""
        if self._open is not None:
            self._decisions.append(Decision(self._open, action))
            self._open = None

    def on_event(self, event: Event) -> bool:
        """An event shown at the table: a taken trick ends the trick's decisions, and
        in Spinado the learner's card going down ends its turn. Returns whether the
        remark changed."""
        if self.by_tricks and isinstance(event, TrickWon):
            return self._close()
        if self.by_cards and self._open is None:
            return self._close()
        return False

    def turn_passed(self) -> bool:
        """Someone else is to move: in a game of turns, the learner's turn is over.
        Returns whether the remark changed."""
        if self.by_tricks or self.by_cards or self._open is not None:
            return False
        return self._close()

    def forget(self) -> None:
        """Moves were taken back: what was collected no longer happened."""
        self._open = None
        self._decisions.clear()

    def dismiss(self) -> None:
        self.remark = None

    def _close(self) -> bool:
        if not self._decisions:
            return False
        before = self.remark
        self.remark = remark_on(self._decisions, self._confirmed)
        self._decisions = []
        return self.remark != before


def remark_on(decisions: list[Decision], confirmed: set[str]) -> str | None:
    """The one thing worth saying about a trick's or turn's ``decisions``: the first
    move that differed from the advice, else praise for an idea not yet praised (which
    is then added to ``confirmed``), else nothing."""
    choices = [d for d in decisions if d.advice.rule not in NOTHING_TO_LEARN]
    for decision in choices:
        if not decision.followed:
            return f"{what_you_did(decision.played)} {what_i_would_do(decision.advice)}"
    for decision in reversed(choices):
        if decision.advice.rule not in confirmed:
            confirmed.add(decision.advice.rule)
            return praise(decision.advice)
    return None


def what_you_did(action: Action) -> str:
    """The learner's move, told back: "You played the 7 of spades.", "You chose to bid 3."."""
    text = str(action)
    card = getattr(action, "card", None)
    if isinstance(card, Card):
        verb = text.split(" ", 1)[0]
        return f"You {PAST_TENSE.get(verb, 'chose')} the {card.name}."
    if text.islower() and (text.startswith("bid ") or not any(ch.isdigit() for ch in text)):
        # Plain words ("draw", "bid 3", "ask to go out"); card notation and pile
        # numbers would mean nothing to the learner.
        return f"You chose to {text}."
    return "You chose another move."


def what_i_would_do(advice: Advice) -> str:
    """The advised move and why, in the coach's voice: "I would play the 4 of hearts:
    it stays under your partner's jack, protecting their nil." """
    head, _, why = advice.reason.partition(": ")
    if not why:
        return f"My choice: {advice.reason}"
    return f"I would {head[:1].lower()}{head[1:]}: {why}"


def praise(advice: Advice) -> str:
    """A word that the learner had the adviser's idea, with the idea."""
    _, _, why = advice.reason.partition(": ")
    idea = why or advice.reason
    return f"Good choice. {idea[:1].upper()}{idea[1:]}"
