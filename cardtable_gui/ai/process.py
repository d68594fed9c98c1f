"""Agents that think in a process of their own.

The search player does hundreds of milliseconds of pure-Python work per move. On a
thread it holds the interpreter lock and the window stutters (measured: frames of up to
a second). In a child process it runs on the other core, and the thread that asked only
waits on a pipe, which leaves the lock free for drawing.

One ``AgentHost`` serves every remote seat of a match, one question at a time, and is
started on the first question so that opening a table never waits for it.
"""

from __future__ import annotations

import multiprocessing
import random
import threading
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any

from cardtable_gui.ai.advice import Advice
from cardtable_gui.rules.base import Action, GameView


class AgentHostError(RuntimeError):
    """The agents' process stopped answering."""


class AgentHost:
    """A child process holding agents for several seats: ``specs`` maps a seat to its
    agent kind and seed (the agent's random source is seeded with it in the child)."""

    def __init__(self, game: str, specs: dict[int, tuple[str, int]]) -> None:
        self.game = game
        self.specs = dict(specs)
        self._lock = threading.Lock()
        self._process: multiprocessing.process.BaseProcess | None = None
        self._conn: Connection | None = None

    def agent(self, seat: int) -> RemoteAgent:
        return RemoteAgent(self, seat)

    def ask(self, seat: int, view: GameView, legal: Sequence[Action]) -> Action:
        index = self._question(seat, view, legal, False)
        return legal[index]

    def ask_advice(self, seat: int, view: GameView, legal: Sequence[Action]) -> Advice:
        """The move ``seat``'s agent would make and why (its reason, rule and evidence)."""
        index, reason, rule, evidence = self._question(seat, view, legal, True)
        return Advice(legal[index], reason, rule, evidence)

    def _question(self, seat: int, view: GameView, legal: Sequence[Action], advice: bool) -> Any:
        with self._lock:
            conn = self._connection()
            try:
                conn.send((seat, view, list(legal), advice))
                return conn.recv()
            except (EOFError, OSError) as error:
                raise AgentHostError("The computer players' process stopped.") from error

    def close(self) -> None:
        """Stop the child; a question still being answered is abandoned."""
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if process is None or conn is None:
            return
        try:
            conn.send(None)
        except (OSError, ValueError):
            pass
        process.join(timeout=1.0)
        if process.is_alive():
            process.terminate()
            process.join(timeout=1.0)
        conn.close()

    def _connection(self) -> Connection:
        if self._conn is None:
            # spawn, not fork: the parent has SDL and threads running, which a fork
            # would copy in whatever state they happen to be.
            context = multiprocessing.get_context("spawn")
            ours, theirs = context.Pipe()
            process = context.Process(
                target=_serve, args=(theirs, self.game, self.specs), name="cardtable-agents", daemon=True
            )
            process.start()
            theirs.close()
            self._process, self._conn = process, ours
        return self._conn


class RemoteAgent:
    """One seat's agent, living in an ``AgentHost``."""

    def __init__(self, host: AgentHost, seat: int) -> None:
        self.host = host
        self.seat = seat

    def choose(self, view: GameView, legal: Sequence[Action]) -> Action:
        return self.host.ask(self.seat, view, legal)

    def advise(self, view: GameView, legal: Sequence[Action]) -> Advice:
        return self.host.ask_advice(self.seat, view, legal)


def _serve(conn: Connection, game: str, specs: dict[int, tuple[str, int]]) -> None:
    """The child's loop: build the agents, then answer each question with the index of
    the chosen action (an index crosses the pipe more cheaply than an action), and for a
    question of advice the reason, rule and evidence too. An agent that cannot explain
    itself answers with its move in words."""
    from cardtable_gui.ai import make_agent
    from cardtable_gui.ai.search import describe

    agents: dict[int, Any] = {
        seat: make_agent(kind, game, seat, random.Random(seed)) for seat, (kind, seed) in specs.items()
    }
    while True:
        try:
            question = conn.recv()
        except EOFError:
            return
        if question is None:
            return
        seat, view, legal, wants_advice = question
        agent = agents[seat]
        if not wants_advice:
            conn.send(legal.index(agent.choose(view, legal)))
        elif hasattr(agent, "advise"):
            advice = agent.advise(view, legal)
            conn.send((legal.index(advice.action), advice.reason, advice.rule, advice.evidence))
        else:
            action = agent.choose(view, legal)
            conn.send((legal.index(action), f"{describe(action)}.", "no reason", None))
