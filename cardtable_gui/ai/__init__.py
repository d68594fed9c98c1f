"""Computer opponents. Agents see only a seat's view and the legal actions, never the
full state; an agent that wants more samples it with ``rules.determinize``."""

from cardtable_gui.ai.base import Agent
from cardtable_gui.ai.levels import AGENT_KINDS, make_agent

__all__ = ["AGENT_KINDS", "Agent", "make_agent"]
