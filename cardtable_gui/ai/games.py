"""Imports every game's agent module so that each registers its heuristic agent."""

from cardtable_gui.ai import spades  # noqa: F401
