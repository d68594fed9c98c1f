"""First-game tips: a short word the first time something new comes up at the table.

Each game has a table of tips: an id, a test on the moment, and the text. A moment is
what the learner can see: their view and either their choices (a decision of theirs)
or an event the table has just shown. ``due_tip`` names the first tip whose situation
holds and that has not been shown before; each tip is shown at most once ever per
game (the ids shown are kept by ``persistence.tips_seen``). Tests read only the
learner's view, the moves they may make and public events: no hidden card.

Which games get tips (the player's first of each kind, not a practice game or a
lesson) is decided by ``tips_wanted``; nothing here draws.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable_gui.cards import Suit
from cardtable_gui.persistence.statistics import load_statistics
from cardtable_gui.persistence.tips_seen import load_tips_seen, mark_tip_seen
from cardtable_gui.rules import arizona_spaghetti as arizona
from cardtable_gui.rules import hand_and_foot as hf
from cardtable_gui.rules import spades, spinado, spizzichino
from cardtable_gui.rules.base import Action, Event, HandDealt
from cardtable_gui.rules.hand_and_foot.events import StagePickedUp
from cardtable_gui.rules.tricks import Trick, trick_winner
from cardtable_gui.seats import MatchConfig

TAG = "Tip"
COLOUR = (250, 200, 90)
"""The tips' tag and border: a warm yellow, apart from the hint's pink and the coach's blue."""
FILL = (56, 42, 12, 255)
STYLE = (TAG, COLOUR, FILL)
"""How the scene's note box looks when a tip shows."""


@dataclass(frozen=True, slots=True)
class Moment:
    """What the learner at ``seat`` sees now: their view, and their choices (at a
    decision) or the event just shown (``event``)."""

    seat: int
    view: Any
    legal: tuple[Action, ...] = ()
    event: Event | None = None


@dataclass(frozen=True, slots=True)
class Tip:
    """One tip: shown the first time ``test`` holds. ``text`` is the words, or makes
    them from the moment (a minimum, a suit)."""

    id: str
    test: Callable[[Moment], bool]
    text: str | Callable[[Moment], str]

    def words(self, moment: Moment) -> str:
        return self.text if isinstance(self.text, str) else self.text(moment)


def due_tip(game: str, moment: Moment, seen: Collection[str]) -> Tip | None:
    """The tip for ``moment`` in ``game``, if one applies that was never shown."""
    for tip in TIPS.get(game, ()):
        if tip.id not in seen and tip.test(moment):
            return tip
    return None


def _offers(moment: Moment, kind: type[Action]) -> bool:
    return any(isinstance(action, kind) for action in moment.legal)


# Spades -------------------------------------------------------------------------------


def _spades_playing(moment: Moment) -> bool:
    return moment.event is None and _offers(moment, spades.PlayCard)


def _takes(trick: tuple[tuple[int, Any], ...], leader: int) -> int:
    return trick_winner(Trick(leader, list(trick)), trump=Suit.SPADES)


def _cannot_follow(moment: Moment) -> bool:
    view: spades.SpadesView = moment.view
    if not _spades_playing(moment) or not view.trick:
        return False
    led = view.trick[0][1].suit
    return all(card.suit is not led for card in view.hand)


def _spades_may_be_led(moment: Moment) -> bool:
    view: spades.SpadesView = moment.view
    return (
        _spades_playing(moment)
        and not view.trick
        and view.spades_broken
        and any(card.suit is Suit.SPADES for card in view.hand)
        and any(card.suit is not Suit.SPADES for card in view.hand)
    )


def _nil_standing(view: spades.SpadesView, seat: int) -> bool:
    bid = view.bids[seat]
    return bid is not None and bid.is_nil and view.tricks_won[seat] == 0


def _own_nil_at_risk(moment: Moment) -> bool:
    """Your nil stands and one of the cards you may play would take the trick as it is."""
    view: spades.SpadesView = moment.view
    if not _spades_playing(moment) or not view.trick or not _nil_standing(view, moment.seat):
        return False
    plays = [action.card for action in moment.legal if isinstance(action, spades.PlayCard)]
    return any(_takes((*view.trick, (moment.seat, card)), view.trick_leader) == moment.seat for card in plays)


def _partner_nil_at_risk(moment: Moment) -> bool:
    """Your partner's nil stands and their card is taking the trick so far."""
    view: spades.SpadesView = moment.view
    if not _spades_playing(moment) or not view.partnerships or not view.trick:
        return False
    partner = (moment.seat + 2) % 4
    return _nil_standing(view, partner) and _takes(view.trick, view.trick_leader) == partner


def _bags_scored(moment: Moment) -> bool:
    event = moment.event
    if not isinstance(event, spades.HandScored):
        return False
    return any(moment.seat in side.seats and side.bags > 0 for side in event.sides)


def _bags_text(moment: Moment) -> str:
    view: spades.SpadesView = moment.view
    cost = " Every ten bags a side collects cost it 100 points." if view.options.bag_penalty else ""
    return (
        "Tricks your side took beyond its bid are bags: each one adds a single point."
        f"{cost} Taking tricks you do not need has a price."
    )


SPADES_TIPS = (
    Tip(
        "first-bid",
        lambda m: m.event is None and _offers(m, spades.Bid),
        "Bid how many tricks you expect to take. Aces, kings and spades are what take "
        "tricks. Your bid and your partner's make your side's contract.",
    ),
    Tip(
        "own-nil-at-risk",
        _own_nil_at_risk,
        "You bid nil: you must take no trick at all. Play a card that stays under the "
        "card winning this trick, if you have one.",
    ),
    Tip(
        "partner-nil-at-risk",
        _partner_nil_at_risk,
        "Your partner bid nil and their card is winning this trick. Beat it if you can: "
        "you take the trick and their nil stays alive.",
    ),
    Tip(
        "cannot-follow",
        _cannot_follow,
        "You have no card of the suit that was led, so any card may go. A spade takes "
        "the trick unless a higher spade follows; any other card is simply thrown away.",
    ),
    Tip(
        "spades-may-be-led",
        _spades_may_be_led,
        "A spade has been played, so spades are broken: from now on you may lead one.",
    ),
    Tip("bags", _bags_scored, _bags_text),
)


# Arizona Spaghetti ----------------------------------------------------------------------


def _restricted_lead(moment: Moment) -> bool:
    view: arizona.ArizonaSpaghettiView = moment.view
    return (
        moment.event is None
        and _offers(moment, arizona.PlayCard)
        and not view.trick
        and view.restricted is not None
        and not view.broken
    )


def _restricted_text(moment: Moment) -> str:
    view: arizona.ArizonaSpaghettiView = moment.view
    suit = view.restricted.title if view.restricted is not None else "that suit"
    return (
        f"This round you may not lead {suit} until they are broken: someone who cannot "
        f"follow suit plays one on another trick. Holding only {suit}, you may lead them."
    )


def _took_points(moment: Moment) -> bool:
    event = moment.event
    return isinstance(event, arizona.TrickTaken) and event.seat == moment.seat and event.points > 0


def _took_points_text(moment: Moment) -> str:
    """What the trick cost and why, by this round's own rule: in the first round a trick
    costs for itself, whatever cards are in it."""
    event = moment.event
    assert isinstance(event, arizona.TrickTaken)
    rule = arizona.ROUNDS[moment.view.round_number - 1].description
    return (
        f"That trick cost you {event.points} points. This round, {rule[:1].lower()}{rule[1:]} "
        "In this game the lowest total wins, so keep away from what costs points."
    )


def _round_six(moment: Moment) -> bool:
    event = moment.event
    return isinstance(event, HandDealt) and event.round_number == 6


ARIZONA_SPAGHETTI_TIPS = (
    Tip(
        "restricted-lead",
        _restricted_lead,
        _restricted_text,
    ),
    Tip("took-points", _took_points, _took_points_text),
    Tip(
        "round-six",
        _round_six,
        "The last round: everything the five rounds before counted now counts at once, "
        "tricks, hearts, queens, the king of spades and the last trick.",
    ),
)


# Spizzichino ----------------------------------------------------------------------------


def _plays_from_stack(moment: Moment) -> bool:
    view: spizzichino.SpizzichinoView = moment.view
    tops = {card for card in view.stack_tops[moment.seat] if card is not None}
    return moment.event is None and any(
        isinstance(action, spizzichino.PlayCard) and action.card in tops for action in moment.legal
    )


SPIZZICHINO_TIPS = (
    Tip(
        "pile-choice",
        lambda m: m.event is None and (_offers(m, spizzichino.TakePile) or _offers(m, spizzichino.StandPile)),
        "Choose a pile: take it into your hand unseen, or stand it face up as a stack "
        "in front of you. Everyone sees a stack's top card, but you can play it.",
    ),
    Tip(
        "lift",
        lambda m: m.event is None and _offers(m, spizzichino.LiftCard),
        "A 3, 2 or asso sits on top of one of your stacks: before you play, you may lift "
        "it into your hand, uncovering the card beneath.",
    ),
    Tip(
        "stack-play",
        _plays_from_stack,
        "The top card of each of your stacks can be played just like a card from your hand.",
    ),
    Tip(
        "declaration",
        lambda m: isinstance(m.event, spizzichino.DeclarationMade),
        "A declaration: three or four 3s, 2s or assi, or a napoletana (the 3, 2 and asso "
        "of one suit), are shown to the table and score at once.",
    ),
)


# Spinado --------------------------------------------------------------------------------


def _can_play_spinado(moment: Moment) -> bool:
    return moment.event is None and any(
        isinstance(action, spinado.Play) and action.spinado for action in moment.legal
    )


def _stop_text(moment: Moment) -> str:
    """Why the run stopped, by the stop's own reason: "nobody can play its next card"
    was said of a king, which has no next card, and of the spinado, which stops a run
    whose next card is held."""
    event = moment.event
    assert isinstance(event, spinado.SequenceStopped)
    if event.reason is spinado.StopReason.SPINADO:
        return (
            "The spinado stopped the run, though its next card may still be in a hand. "
            "Whoever played the spinado starts a new run with any card."
        )
    return f"The run stopped. {event.reason.explanation} Whoever played last starts a new run with any card."


SPINADO_TIPS = (
    # The spinado first: a play-tester held it for the one turn they had, heard only
    # of the dead hand, and was then charged for it without a word of warning.
    Tip(
        "spinado",
        _can_play_spinado,
        "You may play the spinado, the ace of diamonds, together with your card: the "
        "run stops and you start the next one. Left in your hand at the end, it costs you.",
    ),
    Tip(
        "dead-hand",
        lambda m: m.event is None and bool(m.legal) and m.view.dead_count > 0,
        "Some cards were dealt to a dead hand that nobody plays. A run can stop "
        "because the card it needs lies there, hidden until the hand ends.",
    ),
    Tip("stop", lambda m: isinstance(m.event, spinado.SequenceStopped), _stop_text),
)


# Hand and Foot --------------------------------------------------------------------------


def _can_open(moment: Moment) -> bool:
    view: hf.HandAndFootView = moment.view
    return (
        moment.event is None
        and _offers(moment, hf.Meld)
        and not view.opened(view.team_of(moment.seat))
    )


def _open_text(moment: Moment) -> str:
    view: hf.HandAndFootView = moment.view
    return (
        f"Your side has not laid down yet. Its first meld must be worth at least "
        f"{view.minimum} points this round, counted from the cards you lay."
    )


def _picked_up_foot(moment: Moment) -> bool:
    event = moment.event
    return isinstance(event, StagePickedUp) and event.seat == moment.seat


HAND_AND_FOOT_TIPS = (
    Tip(
        "draw",
        lambda m: m.event is None and _offers(m, hf.DrawCards),
        "Each turn starts with a draw from the draw pile, or by taking the discard pile "
        "when you may. Then lay down what you can and end by discarding one card.",
    ),
    Tip(
        "take-pile",
        lambda m: m.event is None and _offers(m, hf.TakePile),
        "You may take the whole discard pile: show a pair matching its top card and lay "
        "them down with it. A big pile fills your books fast.",
    ),
    Tip("open", _can_open, _open_text),
    Tip(
        "foot",
        _picked_up_foot,
        "Your hand is played out, so you picked up your foot: a second hand of cards. "
        "Play it out too before you may go out.",
    ),
)


TIPS: dict[str, tuple[Tip, ...]] = {
    "spades": SPADES_TIPS,
    "arizona_spaghetti": ARIZONA_SPAGHETTI_TIPS,
    "spizzichino": SPIZZICHINO_TIPS,
    "spinado": SPINADO_TIPS,
    "hand_and_foot": HAND_AND_FOOT_TIPS,
}
"""Each game's tips, in the order they are tried when several apply at once."""


# At the table -------------------------------------------------------------------------


def tips_wanted(config: MatchConfig, setting_on: bool, played_before: bool, friends_played: bool = False) -> bool:
    """Whether a table gets first-game tips: the setting is on, one person plays
    against the computer, in a real game (not a practice game with its coach, not a
    lesson's stacked deal), of a kind they have not finished before. A game hosted
    for friends, played on here after they left (``friends_played``), is not one: it
    had no tips while they sat in, and a tip in its second hand would be news."""
    return (
        setting_on
        and not friends_played
        and len(config.human_seats) == 1
        and not config.coach
        and config.deck is None
        and not played_before
    )


class FirstGameTips:
    """The tips of one table: which were seen, the one showing (``text``), and what
    was wrong with the record of tips seen (``problem``, for the table to tell)."""

    def __init__(self, game: str, data_dir: Path) -> None:
        self.game = game
        self.data_dir = data_dir
        record, self.problem = load_tips_seen(data_dir)
        self.seen = set(record.games.get(game, ()))
        self.text: str | None = None

    @classmethod
    def for_table(
        cls, config: MatchConfig, data_dir: Path, setting_on: bool, friends_played: bool = False
    ) -> FirstGameTips | None:
        """The table's tips, or None when it gets none (``tips_wanted``)."""
        if not setting_on:
            return None
        statistics, _problem = load_statistics(data_dir)
        played_before = any(record.game == config.game for record in statistics.games)
        return cls(config.game, data_dir) if tips_wanted(config, setting_on, played_before, friends_played) else None

    def consider(self, moment: Moment) -> bool:
        """Show the tip due at ``moment``, unless one is showing already; returns
        whether a tip was put up. A tip shown is marked seen for good."""
        if self.text is not None:
            return False
        tip = due_tip(self.game, moment, self.seen)
        if tip is None:
            return False
        self.seen.add(tip.id)
        mark_tip_seen(self.data_dir, self.game, tip.id)
        self.text = tip.words(moment)
        return True

    def dismiss(self) -> None:
        self.text = None
