"""A Spinado player that plays toward going out first.

The only real choices in Spinado come when starting a sequence (which card, and
whether the spinado goes with it) and when a forced play could carry the spinado. The
player reads each card it might start as a chain: that card and the run of its own
cards that follow. A chain whose run surely stops afterwards (a king, an ace, a card
out of the pack, played or shown to be dead) sheds cards and keeps the lead, so those
go first. Otherwise it starts a chain nobody else can ever lead into, and spends the
spinado to keep the lead where the run would pass to another player. It drops the
spinado at once when another player is close to going out, since being caught with it
costs two chips a card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.base import SeatHeuristic
from cardtable_gui.ai.claims import certain
from cardtable_gui.cards import Card
from cardtable_gui.rules.base import Action, GameView
from cardtable_gui.rules.spinado import (
    DECK,
    JACK_OF_DIAMONDS,
    KING_OF_DIAMONDS,
    QUEEN_OF_DIAMONDS,
    SPINADO,
    Play,
    Pot,
    SpinadoView,
    next_in_run,
    previous_in_run,
    run_value,
)

_PACK = frozenset(DECK)

DANGER_CARDS = 2
"""When another player holds this many cards or fewer, the spinado is got rid of."""

_PAIRS = (
    (KING_OF_DIAMONDS, QUEEN_OF_DIAMONDS, Pot.MATRIMONY),
    (QUEEN_OF_DIAMONDS, JACK_OF_DIAMONDS, Pot.INTRIGUE),
)


@dataclass(frozen=True, slots=True)
class Chain:
    """A card to start with and the run of own cards it sets going."""

    cards: tuple[Card, ...]
    keeps_lead: bool

    @property
    def first(self) -> Card:
        return self.cards[0]


class Knowledge:
    """What the seat can tell about where cards are, from its view."""

    def __init__(self, view: SpinadoView) -> None:
        self.view = view
        self.mine = frozenset(view.hand)
        self.played = frozenset(card for _, card in view.plays)
        self.dead = frozenset(view.known_dead)
        unknown = len(DECK) - len(self.mine) - len(self.played) - len(self.dead)
        dead_slots = view.dead_count - len(self.dead)
        self.chance_dead = dead_slots / unknown if unknown else 0.0

    def gone(self, card: Card | None) -> bool:
        """True when ``card`` can never be played by anyone this hand."""
        return card is None or card not in _PACK or card in self.played or card in self.dead

    def chain(self, card: Card) -> Chain:
        cards = [card]
        following = next_in_run(card)
        while following is not None and following in self.mine:
            cards.append(following)
            following = next_in_run(following)
        return Chain(tuple(cards), self.gone(following))

    def only_starts(self, card: Card) -> bool:
        """True when nobody can ever play into ``card``: the card before it is gone, so
        only its holder can play it, starting a sequence."""
        return self.gone(previous_in_run(card))

    def chance_only_mine(self, card: Card) -> float:
        """How likely it is that only a start of this seat's can ever play ``card``."""
        before = previous_in_run(card)
        if self.only_starts(card):
            return 1.0
        if before in self.mine:
            return 0.0
        return self.chance_dead

    def run_passes_away(self, card: Card) -> bool:
        """True when playing ``card`` would hand the run to another player for sure or
        most likely, rather than to this seat."""
        following = next_in_run(card)
        return not self.gone(following) and following not in self.mine

    def pot_bonus(self, cards: Sequence[Card]) -> float:
        """Chips of the pots a chain would win, as this seat completes a pair."""
        seat = self.view.seat
        mine_played = {card for s, card in self.view.plays if s == seat} | set(cards)
        bonus = 0.0
        for high, low, pot in _PAIRS:
            if (high in cards or low in cards) and high in mine_played and low in mine_played:
                bonus += self.view.pot(pot)
        return bonus


class SpinadoHeuristic(SeatHeuristic):
    """Plays one seat of Spinado from its view alone."""

    def choose(self, view: GameView, legal: Sequence[Action]) -> Action:
        # The same choice as ``advise`` without the words: search asks this for every
        # move of every rollout, where a reason would be built and thrown away.
        assert isinstance(view, SpinadoView)
        plays = [action for action in legal if isinstance(action, Play)]
        if len(plays) == 1:
            return plays[0]
        return self._decide(view, plays, Knowledge(view))

    def advise(self, view: GameView, legal: Sequence[Action]) -> Advice:
        """The card to play (with or without the spinado), and why."""
        assert isinstance(view, SpinadoView)
        plays = [action for action in legal if isinstance(action, Play)]
        if len(plays) == 1:
            only = plays[0]
            named = "the spinado" if only.card == SPINADO else f"the {only.card.name}"
            return Advice(
                only, f"Play {named}: it is the only card you can play.", "only-card", claims=(certain("only-move"),)
            )
        know = Knowledge(view)
        chosen = self._decide(view, plays, know)
        card = chosen.card
        if chosen.spinado:
            return self._explain_spinado(know, chosen)
        if view.starting:
            return self._explain_start(know, chosen)
        following = next_in_run(card)
        if following is not None and following in know.mine:
            why = f"the {following.name} is yours, so the run comes back to you anyway"
            fact = certain("holds", str(following))
        else:
            why = "the run stops after it anyway"
            fact = certain("run-stops", str(card))
        return Advice(Play(card), f"Play the {card.name} and keep the spinado: {why}.", "keep-spinado", claims=(fact,))

    def _decide(self, view: SpinadoView, plays: list[Play], know: Knowledge) -> Play:
        """The card to play and whether the spinado goes down with it."""
        card = self._best_start(know) if view.starting else plays[0].card
        with_spinado = Play(card, True)
        if card != SPINADO and with_spinado in plays and self._use_spinado(know, card):
            return with_spinado
        return Play(card)

    def _best_start(self, know: Knowledge) -> Card:
        """The card to start a sequence with."""
        candidates = [card for card in know.view.hand if card != SPINADO]
        if not candidates:
            return SPINADO
        chains = [know.chain(card) for card in candidates]
        return max(chains, key=lambda chain: self._chain_score(know, chain)).first

    def _chain_score(self, know: Knowledge, chain: Chain) -> float:
        score = 10.0 * len(chain.cards) + know.pot_bonus(chain.cards)
        if chain.keeps_lead:
            # A chain that surely stops sheds cards and keeps the lead: free cards.
            return 1000.0 + score
        score += 30.0 * know.chance_only_mine(chain.first)
        last = chain.cards[-1]
        following = next_in_run(last)
        if following is not None:
            after = next_in_run(following)
            if after is not None and after in know.mine:
                # Whoever plays the next card hands the run straight back.
                score += 8.0
        score += 20.0 * know.chance_dead
        # High cards end runs soon and so are easier to get rid of later: keep them.
        score -= 0.5 * run_value(chain.first)
        return score

    def _fewest_cards_of_others(self, view: SpinadoView) -> int | None:
        """The fewest cards any other player in this hand holds (None: nobody else
        plays it): the danger of being caught with the spinado."""
        return min(
            (
                count
                for seat, count in enumerate(view.hand_counts)
                if seat != self.seat and seat not in view.sitting_out
            ),
            default=None,
        )

    def _use_spinado(self, know: Knowledge, card: Card) -> bool:
        """Whether the spinado should go down with ``card`` now."""
        fewest = self._fewest_cards_of_others(know.view)
        if fewest is not None and fewest <= DANGER_CARDS:
            return True
        return know.run_passes_away(card)

    # ----- saying why ---------------------------------------------------------------

    def _explain_spinado(self, know: Knowledge, action: Play) -> Advice:
        fewest = self._fewest_cards_of_others(know.view)
        if fewest is not None and fewest <= DANGER_CARDS:
            cards = "card" if fewest == 1 else "cards"
            return Advice(
                action,
                f"Play the {action.card.name} with the spinado: another player is down to "
                f"{fewest} {cards}, and being caught holding the spinado costs two chips a card.",
                "spinado-danger",
                claims=(certain("fewest-cards", fewest),),
            )
        following = next_in_run(action.card)
        assert following is not None
        return Advice(
            action,
            f"Play the {action.card.name} with the spinado: the {following.name} is not "
            "yours, so the spinado stops the run and you start the next one.",
            "spinado-keep-lead",
            claims=(certain("not-held", str(following)),),
        )

    def _explain_start(self, know: Knowledge, action: Play) -> Advice:
        card = action.card
        chain = know.chain(card)
        run = tuple(certain("holds", str(held)) for held in chain.cards[1:])
        if chain.keeps_lead:
            # Seen in play: "shed them all and start again" with nothing left to start with.
            out = len(chain.cards) == len(know.view.hand)
            if len(chain.cards) > 1:
                then = "play them all and go out" if out else "shed them all and start again"
                why = f"you hold the run up to the {chain.cards[-1].name} and it surely stops there, so you {then}"
            elif out:
                why = "it is your last card, so you go out"
            else:
                why = "the run surely stops after it, so you keep the lead and start again"
            stops = certain("run-stops", str(chain.cards[-1]))
            last = (certain("hand-size", len(chain.cards)),) if out else ()
            return Advice(action, f"Start with the {card.name}: {why}.", "run-stops", claims=(*run, stops, *last))
        if know.only_starts(card):
            return Advice(
                action,
                f"Start with the {card.name}: nobody else can ever start this run, so "
                "only you can get rid of it.",
                "only-you-can",
                claims=(certain("only-start", str(card)),),
            )
        lower = any(held != SPINADO and run_value(held) < run_value(card) for held in know.view.hand)
        if run and lower:
            # Seen in play: the jack and queen of clubs were advised "because low cards are
            # the hardest to get rid of" with the 6 of diamonds in hand.
            why = (
                f"{len(chain.cards)} of your cards go down in a run, and shedding several at once "
                "comes before keeping your high cards for later"
            )
        elif lower:
            why = (
                "what it may bring (a pot's chips, a run nobody else may start, or one that comes "
                "back to you) counts for more here than starting with your lowest card"
            )
        else:
            goes = f"{len(chain.cards)} of your cards go down in a run, and " if run else ""
            why = f"{goes}low cards are the hardest to get rid of later, while high ones end runs soon and can wait"
        return Advice(action, f"Start with the {card.name}: {why}.", "start-low", claims=run)
