"""Imports every game's agent module so that each registers its heuristic agent."""

from cardtable_gui.ai import arizona_spaghetti  # noqa: F401
from cardtable_gui.ai import hand_and_foot  # noqa: F401
from cardtable_gui.ai import spades  # noqa: F401
from cardtable_gui.ai import spinado  # noqa: F401
from cardtable_gui.ai import spizzichino  # noqa: F401
