"""Hand and Foot: partners build books from a hand, then a foot (and in the last
round a tail) of cards, over rounds of rising opening minimums.

``options`` holds the house rules, ``books`` the cards and books, ``actions`` and
``events`` the values that cross the table, ``view`` what a seat sees, ``state`` the
game itself, ``moves`` the legal-action list and ``rules`` the registry entry.
"""

from cardtable_gui.rules.hand_and_foot.actions import (
    AnswerGoOut,
    AskToGoOut,
    Discard,
    DrawCards,
    Meld,
    MeldGroup,
    TakePile,
    parse_action,
)
from cardtable_gui.rules.hand_and_foot.books import Book, card_points, is_wild
from cardtable_gui.rules.hand_and_foot.options import ROUND_MINIMUMS, HandAndFootOptions
from cardtable_gui.rules.hand_and_foot.rules import HandAndFootRules
from cardtable_gui.rules.hand_and_foot.state import HandAndFootState
from cardtable_gui.rules.hand_and_foot.view import HandAndFootView, Phase

__all__ = [
    "ROUND_MINIMUMS",
    "AnswerGoOut",
    "AskToGoOut",
    "Book",
    "Discard",
    "DrawCards",
    "HandAndFootOptions",
    "HandAndFootRules",
    "HandAndFootState",
    "HandAndFootView",
    "Meld",
    "MeldGroup",
    "Phase",
    "TakePile",
    "card_points",
    "is_wild",
    "parse_action",
]
