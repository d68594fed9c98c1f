"""Finding every card an event names, to check that events carry public cards only."""

from __future__ import annotations

import dataclasses

from cardtable_gui.cards import Card


def cards_in(value: object) -> set[Card]:
    """Every card held anywhere inside ``value``: an event, or a dataclass, tuple or list
    nested in one."""
    if isinstance(value, Card):
        return {value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(cards_in(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, tuple | list):
        return set().union(*(cards_in(item) for item in value))
    return set()
