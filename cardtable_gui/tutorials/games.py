"""What the tutorials need to know about each game: its pack, where the deal puts each
card, and how to start a game part-way (a later round, running scores).

The rules deal a stacked deck in their own order (one card at a time from the dealer's
left, a dead hand after the players...). Rather than repeat each game's dealing here,
``stack_deck`` deals the plain pack once with the lesson's seed and watches where every
card lands; the lesson's cards are then put in those places of the deck. Hand and Foot
deals several packs, whose equal cards cannot be told apart, so its order of dealing is
written out once here (``_hand_and_foot_slots``) and checked by the tests.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pydantic import ValidationError

from cardtable_gui.cards import Card, french_deck, french_packs
from cardtable_gui.rules import GameRules, GameState, RulesOptions, get_rules
from cardtable_gui.rules.arizona_spaghetti import ArizonaSpaghettiState, deck_for
from cardtable_gui.rules.hand_and_foot.state import FOOT_SIZE, HAND_SIZE, HandAndFootState
from cardtable_gui.rules.spades import SpadesState
from cardtable_gui.rules.spinado import DECK as SPINADO_DECK
from cardtable_gui.rules.spinado import SpinadoState
from cardtable_gui.rules.spizzichino import DECK as SPIZZICHINO_DECK
from cardtable_gui.rules.spizzichino import SpizzichinoState
from cardtable_gui.tutorials.model import Lesson, LessonError, Position

SEED_SEARCH = 200
"""How many seeds to try for one where the learner moves first."""


@dataclass(frozen=True, slots=True)
class TutorialGame:
    """One game as the tutorials see it."""

    pack: Callable[[int, Any], list[Card]]
    """The cards dealt at a table of this many players with these house rules, in a
    fixed order."""
    places: Callable[[Any], dict[str, list[Card]]]
    """Where each card of the first deal lies: ``hand 0``, ..., ``dead``."""
    position: Callable[[Any, Position, Sequence[Card]], None] | None = None
    """Moves a new game to ``Position`` and deals ``deck`` again there."""
    slots: Callable[[Any], list[str]] | None = None
    """The place each card of the deck goes to, top card first, for a pack whose equal
    cards cannot be told apart; other games work it out from ``places``."""
    fingerprint: Callable[[Any], str] = GameState.digest
    """The state, as far as a lesson cares: two moves that leave the same fingerprint
    are the same move (the cards of a meld picked in another order)."""


def _hands(state: Any) -> dict[str, list[Card]]:
    return {f"hand {seat}": list(hand) for seat, hand in enumerate(state.hands)}


def _spinado_places(state: SpinadoState) -> dict[str, list[Card]]:
    return _hands(state) | {"dead": list(state.dead)}


def _spizzichino_places(state: SpizzichinoState) -> dict[str, list[Card]]:
    return {f"pile {index}": list(pile) for index, pile in enumerate(state.piles)}


def _hand_and_foot_places(state: HandAndFootState) -> dict[str, list[Card]]:
    seats = range(state.players)
    return (
        _hands(state)
        | {f"foot {seat}": list(state.feet[seat]) for seat in seats}
        | {"discard": list(state.pile), "stock": state.stock[::-1]}
    )


def _hand_and_foot_slots(state: HandAndFootState) -> list[str]:
    """Hands, then feet, one card at a time from the dealer's left; one card face up;
    the rest is the draw pile, its top card first."""
    order = [(state.dealer + 1 + i) % state.players for i in range(state.players)]
    slots = [
        f"{place} {seat}"
        for place, size in (("hand", HAND_SIZE), ("foot", FOOT_SIZE))
        for _ in range(size)
        for seat in order
    ]
    slots.append("discard")
    dealt = sum(map(len, state.hands)) + sum(map(len, state.feet))
    total = dealt + len(state.pile) + len(state.stock)
    return slots + ["stock"] * (total - len(slots))


def _hand_and_foot_fingerprint(state: HandAndFootState) -> str:
    """The digest with every team's books in a fixed order, each book's cards sorted:
    which book was laid first, and in what order its cards were picked, is no matter."""
    settled = state.clone()
    settled.books = [
        sorted(
            (replace(book, cards=tuple(sorted(book.cards, key=Card.sort_key))) for book in books),
            key=lambda book: (book.rank or 0, [card.sort_key() for card in book.cards]),
        )
        for books in state.books
    ]
    return settled.digest()


def _spades_position(state: SpadesState, position: Position, deck: Sequence[Card]) -> None:
    if position.round is not None:
        raise LessonError("position", "Spades has no rounds to start at; give scores instead.")
    sides = len(state.side_scores)
    for name, values in (("scores", position.scores), ("bags", position.bags)):
        if values is not None and len(values) != sides:
            raise LessonError("position", f"{name} needs {sides} figures, one per side.")
    state.side_scores = list(position.scores or state.side_scores)
    state.side_bags = list(position.bags or state.side_bags)
    state.hand_number = 0
    state.deal(deck)


def _arizona_position(
    state: ArizonaSpaghettiState, position: Position, deck: Sequence[Card]
) -> None:
    if position.bags is not None or position.scores is not None:
        raise LessonError(
            "position", "an Arizona Spaghetti lesson starts a round with every total at 0."
        )
    number = position.round or 1
    if number > 6:
        raise LessonError("position", f"Arizona Spaghetti has 6 rounds, not {number}.")
    # The rounds before it were played and cost nobody anything.
    state.round_number = number
    state.past_rounds = [(0,) * state.players] * (number - 1)
    state.deal(deck)


GAMES: dict[str, TutorialGame] = {
    "spades": TutorialGame(lambda players, options: french_deck(), _hands, _spades_position),
    "arizona_spaghetti": TutorialGame(
        lambda players, options: deck_for(players), _hands, _arizona_position
    ),
    "spinado": TutorialGame(lambda players, options: list(SPINADO_DECK), _spinado_places),
    "spizzichino": TutorialGame(
        lambda players, options: list(SPIZZICHINO_DECK), _spizzichino_places
    ),
    "hand_and_foot": TutorialGame(
        lambda players, options: french_packs(options.packs(players), options.jokers_per_deck),
        _hand_and_foot_places,
        slots=_hand_and_foot_slots,
        fingerprint=_hand_and_foot_fingerprint,
    ),
}


def tutorial_game(name: str) -> TutorialGame:
    try:
        return GAMES[name]
    except KeyError:
        raise LessonError("game", f"there are no lessons for the game {name!r} yet.") from None


def options_for(rules: GameRules[Any, Any], lesson: Lesson) -> RulesOptions:
    """The lesson's house rules over the game's defaults."""
    try:
        return rules.Options(**lesson.options)
    except ValidationError as error:
        problem = error.errors()[0]
        name = ".".join(str(part) for part in problem["loc"])
        message = str(problem["msg"]).removeprefix("Value error, ")
        message = message[:1].lower() + message[1:]
        raise LessonError("options", f"house rule {name!r}: {message}.") from None


def start(
    game: str, lesson: Lesson, seed: int, deck: Sequence[Card]
) -> GameState[Any]:
    """The lesson's game with ``deck`` dealt, at the lesson's position."""
    rules = get_rules(game)
    if lesson.players not in rules.player_counts:
        counts = ", ".join(str(n) for n in rules.player_counts)
        raise LessonError(
            "players", f"{rules.title} is played by {counts} players, not {lesson.players}."
        )
    state = rules.new_game(lesson.players, options_for(rules, lesson), seed=seed, deck=list(deck))
    position = lesson.position
    if position != Position():
        adapter = tutorial_game(game).position
        if adapter is None:
            raise LessonError("position", f"{rules.title} lessons cannot start part-way yet.")
        adapter(state, position, deck)
    return state


def lesson_seed(game: str, lesson: Lesson) -> int:
    """The lesson's own seed, or the smallest with which the learner moves first."""
    if lesson.seed is not None:
        return lesson.seed
    pack = lesson_pack(game, lesson)
    for seed in range(SEED_SEARCH):
        if start(game, lesson, seed, pack).to_move == lesson.seat:
            return seed
    raise LessonError("seed", "no seed lets the learner move first; give one.")


def lesson_pack(game: str, lesson: Lesson) -> list[Card]:
    """The plain pack of the lesson's table, in a fixed order."""
    options = options_for(get_rules(game), lesson)
    return tutorial_game(game).pack(lesson.players, options)


def stack_deck(game: str, lesson: Lesson, seed: int) -> list[Card]:
    """The deck, top card first, that deals the lesson's cards where it names them.

    Cards the lesson does not name fill the remaining places in an order drawn from
    ``seed``. Raises ``LessonError`` when the deal cannot be made: an unknown place, a
    card not in the pack or named twice, more cards than a place holds.
    """
    adapter = tutorial_game(game)
    pack = lesson_pack(game, lesson)
    wanted = lesson.deal.places()
    _check_cards_of(wanted, pack)
    probe = start(game, lesson, seed, pack)
    dealt = adapter.places(probe)
    for place, cards in wanted.items():
        if place not in dealt:
            known = ", ".join(dealt)
            raise LessonError("deal", f"there is no {place} at this table (there are: {known}).")
        if len(cards) > len(dealt[place]):
            raise LessonError(
                "deal", f"{place} is dealt {len(dealt[place])} cards, not {len(cards)}."
            )
    if adapter.slots is not None:
        slots = adapter.slots(probe)
    else:
        slot_of = {card: place for place, cards in dealt.items() for card in cards}
        slots = [slot_of.get(card, "") for card in pack]
    rest = Counter(pack)
    rest.subtract(card for cards in wanted.values() for card in cards)
    filler = list(rest.elements())
    random.Random(seed).shuffle(filler)
    queues = {place: list(cards) for place, cards in wanted.items()}
    deck = []
    for place in slots:
        queue = queues.get(place)
        deck.append(queue.pop(0) if queue else filler.pop(0))
    return deck


def _check_cards_of(wanted: dict[str, list[Card]], pack: list[Card]) -> None:
    counts = Counter(card for cards in wanted.values() for card in cards)
    in_pack = Counter(pack)
    for card, count in counts.items():
        if card not in in_pack:
            raise LessonError("deal", f"{card} is not in the pack for this table.")
        if count > in_pack[card]:
            raise LessonError("deal", f"{card} is named {count} times; the pack has it once.")
