"""The practice game's coach: one remark per trick or turn, judged by search.

At each of the learner's decisions the scene hands the coach the advice the Medium
player gives from the learner's own view (the advice the table's Hint shows), with that
view and the moves allowed; when the learner acts, the move they made. The move is then
judged off the window's process (``ai.judgement``): set against the best move by the
Hard player's evaluation, on deals sampled from what the learner could see, never the
hidden cards. Once their trick is taken (games of tricks), their card is down (Spinado,
where every card is a turn of its own) or their turn has passed (Hand and Foot: a draw,
melds and a discard), and the judgements are in, the coach says one thing:

- where a clearly better move existed, that move and why (the Medium player's reason
  when it is that player's move, else what the sampled deals measured);
- where the move was as good as the best and still lost the trick, that it was the
  right play and whose card, now on the table, beat it;
- where it was as good as the best and the trick (or turn) went well, now and then a
  word that they had the right idea;
- where the deals could not tell, that it was close.

It never praises a move when a better one was available. One remark at a time: it stays
until the next trick or turn replaces it, or the learner dismisses it.

The coach knows no game's rules: it compares moves, reads who took a trick, and rewords
the adviser's reasons. Nothing here draws; the scene shows ``remark`` in a note box.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Protocol

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.judgement import Verdict
from cardtable_gui.cards import Card
from cardtable_gui.grammar import owner
from cardtable_gui.rules.base import Action, CardPlayed, Event, GameView, TrickWon
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

TRICKS_COST = frozenset({"arizona_spaghetti"})
"""Trick games where what a trick holds costs its taker: a trick that went to another
seat is no loss to be explained (the coach said "The right play from what you could
see: Clara held the ace of spades" of a lead meant to let her take it)."""

NOTHING_TO_LEARN = frozenset({"only-card", "only move", "blind-pile", "any"})
"""Rules of thumb that speak when there is no choice, or when every choice is as good
(Spizzichino's face-down piles): no remark is made on them."""

PAST_TENSE = {"play": "played", "discard": "discarded"}
"""How a card move is told afterwards ("You discarded the 7 of hearts")."""


class Judging(Protocol):
    """What judges the learner's moves (``ai.judgement.Judge``, or a stand-in in tests)."""

    def ask(self, seat: int, view: GameView, legal: Sequence[Action], made: Action, seed: int) -> Future[Verdict]: ...

    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Decision:
    """One of the learner's decisions: what the adviser said, what they did, and the
    search's verdict on it, on its way (None where there was nothing to weigh)."""

    advice: Advice
    played: Action
    verdict: Future[Verdict] | None = None

    @property
    def followed(self) -> bool:
        return same_move(self.played, self.advice.action)

    @property
    def ready(self) -> bool:
        return self.verdict is None or self.verdict.done()

    def judged(self) -> Verdict | None:
        """The verdict, once in; None when there is none (the judge failed or was not asked)."""
        if self.verdict is None or self.verdict.cancelled() or self.verdict.exception() is not None:
            return None
        return self.verdict.result()


@dataclass(frozen=True, slots=True)
class Taken:
    """Who took the trick the decisions were part of, with which card, whether that
    was the learner's side, and whether the card was on the table when the learner
    played (a card in view beat nothing the learner could not see)."""

    name: str
    card: Card | None
    ours: bool
    seen: bool = False


@dataclass(frozen=True, slots=True)
class Closed:
    """A trick or turn over, waiting for its verdicts before the coach speaks."""

    decisions: tuple[Decision, ...]
    taken: Taken | None


def same_move(made: Action, advised: Action) -> bool:
    """Whether ``made`` is the advised move, with its cards perhaps picked in another
    order (a pile taken with the 10 of hearts and 10 of spades either way round)."""
    if made == advised:
        return True
    return type(made) is type(advised) and Counter(words(made)) == Counter(words(advised))


def words(action: Action) -> list[str]:
    return str(action).replace(";", " ").replace(",", " ").split()


class Coach:
    """Collects the learner's decisions of the current trick or turn, has each judged,
    and makes the remark on them when it has ended and the verdicts are in. ``remark``
    is the text to show, or None. ``seat`` is the learner's, ``teams`` the table's
    sides, ``names`` every seat's name; ``seed`` makes the judging repeatable."""

    def __init__(
        self,
        game: str,
        seat: int,
        teams: Sequence[Sequence[int]],
        names: Sequence[str],
        judge: Judging | None,
        seed: int = 0,
    ) -> None:
        self.by_tricks = game in TRICK_GAMES
        self.takers_win = game not in TRICKS_COST
        self.by_cards = game in CARD_GAMES
        self.seat = seat
        self.partners = next((set(side) for side in teams if seat in side), {seat})
        self.names = list(names)
        self.judge = judge
        self.seed = seed
        self.remark: str | None = None
        self._open: tuple[Advice, GameView, list[Action]] | None = None
        self._decisions: list[Decision] = []
        self._closed: list[Closed] = []
        self._trick: dict[int, Card] = {}
        """The cards of the trick on the table, by seat."""
        self._seen: set[int] = set()
        """The seats whose cards of this trick were on the table at the learner's move."""
        self.withdrawn: str | None = None
        """The remark just taken down because the last trick or turn had nothing to say:
        it spoke of an earlier one (seen in play: a remark on trick 5 stood through
        trick 7, and one from a Spinado hand into the next)."""
        self._asked = 0
        self._confirmed: set[str] = set()
        """Ideas already praised once: praise for the same idea is not repeated."""

    def advise(self, advice: Advice, view: GameView, legal: Sequence[Action]) -> None:
        """A decision of the learner's begins: ``advice`` is the adviser's for it, from
        ``view`` with ``legal`` the moves allowed."""
        self._open = (advice, view, list(legal))

    def played(self, action: Action) -> None:
        """The learner made ``action`` at the open decision: it goes to be judged."""
        if self._open is None:
            return
        advice, view, legal = self._open
        self._open = None
        self._seen = set(self._trick)
        verdict = None
        if self.judge is not None and advice.rule not in NOTHING_TO_LEARN and len(legal) > 1:
            self._asked += 1
            verdict = self.judge.ask(self.seat, view, legal, action, self.seed * 7919 + self._asked)
        self._decisions.append(Decision(advice, action, verdict))

    def on_event(self, event: Event) -> None:
        """An event shown at the table: a taken trick ends the trick's decisions, and
        in Spinado the learner's card going down ends its turn."""
        if isinstance(event, CardPlayed):
            self._trick[event.seat] = event.card
        if self.by_tricks and isinstance(event, TrickWon):
            card = self._trick.get(event.seat)
            seen = event.seat in self._seen
            self._trick = {}
            self._seen = set()
            taken = Taken(self.names[event.seat], card, event.seat in self.partners, seen)
            self._close(taken if self.takers_win else None)
        elif self.by_cards and self._open is None:
            self._close(None)

    def turn_passed(self) -> None:
        """Someone else is to move: in a game of turns, the learner's turn is over."""
        if not (self.by_tricks or self.by_cards or self._open is not None):
            self._close(None)

    def poll(self) -> bool:
        """Speak on the oldest finished trick or turn whose verdicts are all in;
        returns whether the remark changed."""
        changed = False
        while self._closed and all(d.ready for d in self._closed[0].decisions):
            closed = self._closed.pop(0)
            remark = remark_on(closed, self._confirmed)
            if remark is None and self.remark is not None:
                self.withdrawn, self.remark = self.remark, None
                changed = True
            elif remark is not None and remark != self.remark:
                self.remark = remark
                changed = True
        return changed

    def forget(self) -> None:
        """Moves were taken back: what was collected no longer happened."""
        self._open = None
        self._decisions.clear()
        self._closed.clear()
        self._trick = {}

    def dismiss(self) -> None:
        self.remark = None

    def close(self) -> None:
        """The table closes: stop judging."""
        if self.judge is not None:
            self.judge.close()

    def _close(self, taken: Taken | None) -> None:
        if self._decisions:
            self._closed.append(Closed(tuple(self._decisions), taken))
            self._decisions = []


def remark_on(closed: Closed, confirmed: set[str]) -> str | None:
    """The one thing worth saying about a trick's or turn's decisions: the first move
    a clearly better one would have beaten; else the first the deals could not settle;
    else, for moves as good as the best, that the right play lost (when the trick went
    to the other side) or praise for an idea not yet praised (added to ``confirmed``)."""
    choices = [d for d in closed.decisions if d.advice.rule not in NOTHING_TO_LEARN]
    judged = [(d, d.judged()) for d in choices]
    for decision, verdict in judged:
        if verdict is None and not decision.followed:
            # Nothing measured: the adviser's move and reason, with no word on the result.
            return f"{what_you_did(decision.played)} {what_i_would_do(decision.advice)}"
        if verdict is not None and verdict.clearly_worse:
            return f"{told_back(decision)} {better_move(decision.advice, verdict)}{beyond_the_hint(decision)}"
    for decision, verdict in judged:
        if verdict is not None and not verdict.as_good:
            return f"{told_back(decision)} {close_call(verdict)}{beyond_the_hint(decision)}"
    sound = [(d, v) for d, v in judged if v is not None]
    if not sound:
        return None
    taken = closed.taken
    if taken is not None and not taken.ours and not taken.seen:
        # The trick went to a card the learner could not see: the play was right all
        # the same. (A card already on the table beat nothing hidden: a play-tester read
        # "Clara held the nine of spades" of a nine played before their own card.)
        decision, verdict = sound[-1]
        beaten = f"{owner(taken.name)} {taken.card.name}" if taken.card is not None else taken.name
        return (
            f"{what_you_did(decision.played)[:-1]}: the right play from what you could see, "
            f"though {beaten}, which you could not see, took the trick. {measured(verdict)}"
        )
    for decision, verdict in reversed(sound):
        idea = decision.advice.rule if decision.followed else "as good as any"
        if idea not in confirmed:
            confirmed.add(idea)
            return praise(decision.advice) if decision.followed else f"Good choice. {measured(verdict)}"
    return None


def told_back(decision: Decision) -> str:
    """The learner's move told back, saying so when it was the hinted one."""
    told = what_you_did(decision.played)
    return f"{told[:-1]}, the hinted move." if decision.followed else told


def beyond_the_hint(decision: Decision) -> str:
    """Why the deals may find better than the hint the learner followed: a play-tester
    who followed it was marked down with no word of why the two disagreed."""
    if not decision.followed:
        return ""
    return " The hint goes by rules of thumb; the deals try each move out with the hidden cards dealt."


def better_move(advice: Advice, verdict: Verdict) -> str:
    """The clearly better move and why: the adviser's reason when it is the adviser's
    move, else what the sampled deals measured."""
    if same_move(verdict.best, advice.action):
        return what_i_would_do(advice)
    return f"{better_named(verdict.best)} {by_points(verdict)} on average, in {verdict.deals} deals sampled from what you could see."


def close_call(verdict: Verdict) -> str:
    """A move a little behind the best, by less than the deals can settle."""
    better = better_named(verdict.best)
    return (
        f"A close call: {better[:1].lower()}{better[1:]} {by_points(verdict)} on average, but the "
        f"{verdict.deals} sampled deals differ too much from one another to settle it."
    )


def better_named(best: Action) -> str:
    """The better move as a sentence starts, in words where it can be told in words,
    said to be instead of the move judged: in Hand and Foot a learner who added a six
    and then discarded the queen of clubs read "discarding the queen of clubs did
    better" as if they had not discarded it."""
    told = what_you_did(best)
    if told.startswith("You played the "):
        return f"Playing the {told.removeprefix('You played the ').rstrip('.')} instead did better"
    if told.startswith("You discarded the "):
        return f"Discarding the {told.removeprefix('You discarded the ').rstrip('.')} instead did better"
    if told.startswith("You chose to "):
        return f"To {told.removeprefix('You chose to ').rstrip('.')} instead did better"
    return "Another move did better"


def by_points(verdict: Verdict) -> str:
    """ "by 3 points" (Spinado: "by 3 chips"), or under half a point "by 0.3 points":
    "did better by 0 points" read as no better at all."""
    counted = f" ({verdict.worth_words})" if verdict.worth_words else ""
    unit = verdict.unit
    if round(verdict.gap) >= 1:
        return f"by {verdict.gap:.0f} {unit}{'' if round(verdict.gap) == 1 else 's'}{counted}"
    if verdict.gap >= 0.05:
        return f"by {verdict.gap:.1f} {unit}s{counted}"
    return f"by less than a tenth of a {unit}{counted}"


def measured(verdict: Verdict) -> str:
    """What the search found for a move as good as the best."""
    return f"It did as well as any move in {verdict.deals} deals sampled from what you could see."


def what_you_did(action: Action) -> str:
    """The learner's move, told back: "You played the 7 of spades.", "You chose to bid 3."."""
    text = action.in_words()
    card = getattr(action, "card", None)
    if isinstance(card, Card):
        verb = text.split(" ", 1)[0]
        # Spinado's stopper goes down with a card: told back without it, the move
        # read as another one.
        spinado = " with the spinado" if getattr(action, "spinado", False) else ""
        return f"You {PAST_TENSE.get(verb, 'chose')} the {card.name}{spinado}."
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
