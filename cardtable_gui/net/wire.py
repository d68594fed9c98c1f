"""Game values on the wire: views and events as plain JSON values, and back.

A joining table holds no game state, only what the host sends it: its seat's view and
the events of the game, which are frozen dataclasses of cards, enums, tuples and
numbers. This codec turns such a value into JSON-ready data and back into an equal
value. Decoding builds only the classes the rules define (``wire_classes``): a message
naming anything else is refused, so a peer can never make this side construct an
arbitrary object, as pickle would.

Encoding, by type:
- ``None``, ``bool``, ``int``, ``float``, ``str``: themselves;
- a tuple: a JSON list (views and events hold tuples, so a list decodes to a tuple);
  a named tuple: ``{"n": "Module.Class", "v": [...]}``;
- a card: ``{"c": "QS"}``; an enum member: ``{"e": "Module.Class", "v": value}``;
- a list, frozenset, set or dict: ``{"l": [...]}``, ``{"fs": [...]}``, ``{"s": [...]}``,
  ``{"d": [[key, value], ...]}``;
- a dataclass: ``{"t": "Module.Class", "f": {field: value, ...}}``;
- a game's house rules (a pydantic model): ``{"o": "Module.Class", "v": {...}}``.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Iterator
from enum import Enum
from functools import cache
from typing import Any

from pydantic import BaseModel, ValidationError

from cardtable_gui import cards as cards_module
from cardtable_gui import rules as rules_package
from cardtable_gui.cards import Card, CardError


class WireError(ValueError):
    """A value received could not be read as a game value."""


def encode(value: object) -> Any:
    """``value`` as JSON-ready data (see the module docstring)."""
    if isinstance(value, Enum):
        return {"e": _class_name(type(value)), "v": encode(value.value)}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Card):
        return {"c": str(value)}
    if isinstance(value, tuple):
        items = [encode(item) for item in value]
        return {"n": _class_name(type(value)), "v": items} if _is_named_tuple(type(value)) else items
    if isinstance(value, list):
        return {"l": [encode(item) for item in value]}
    if isinstance(value, frozenset):
        return {"fs": _sorted_items(value)}
    if isinstance(value, set):
        return {"s": _sorted_items(value)}
    if isinstance(value, dict):
        return {"d": [[encode(key), encode(item)] for key, item in value.items()]}
    if isinstance(value, BaseModel):
        return {"o": _class_name(type(value)), "v": value.model_dump(mode="json")}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {field.name: encode(getattr(value, field.name)) for field in dataclasses.fields(value)}
        return {"t": _class_name(type(value)), "f": fields}
    raise WireError(f"A {type(value).__name__} cannot be sent.")


def decode(data: Any) -> Any:
    """The value ``encode`` gave ``data`` for. Raises ``WireError`` for anything that is
    not the encoding of a game value."""
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if isinstance(data, list):
        return tuple(decode(item) for item in data)
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise WireError("A value of an unknown form was received.")
    if "c" in data:
        return _card(data["c"])
    if "e" in data:
        return _enum(data["e"], data.get("v"))
    if "t" in data:
        return _dataclass(data["t"], data.get("f"))
    if "n" in data:
        return _named_tuple(data["n"], data.get("v"))
    if "o" in data:
        return _options(data["o"], data.get("v"))
    if "l" in data:
        return [decode(item) for item in _items(data["l"])]
    if "fs" in data:
        return frozenset(decode(item) for item in _items(data["fs"]))
    if "s" in data:
        return {decode(item) for item in _items(data["s"])}
    if "d" in data:
        return dict(_pair(item) for item in _items(data["d"]))
    raise WireError("A value of an unknown form was received.")


def _sorted_items(items: frozenset[Any] | set[Any]) -> list[Any]:
    """A set's members in a fixed order, so that equal sets encode alike."""
    encoded = [encode(item) for item in items]
    return sorted(encoded, key=repr)


def _items(data: Any) -> list[Any]:
    if not isinstance(data, list):
        raise WireError("A list was expected.")
    return data


def _pair(data: Any) -> tuple[Any, Any]:
    if not isinstance(data, list) or len(data) != 2:
        raise WireError("A key and value pair was expected.")
    return decode(data[0]), decode(data[1])


def _card(text: Any) -> Card:
    if not isinstance(text, str):
        raise WireError("A card was expected.")
    try:
        return Card.parse(text)
    except CardError as error:
        raise WireError(str(error)) from None


def _enum(name: Any, value: Any) -> Enum:
    kind = wire_classes().get(name) if isinstance(name, str) else None
    if kind is None or not issubclass(kind, Enum):
        raise WireError(f"Unknown kind of value {name!r}.")
    try:
        return kind(decode(value))
    except ValueError:
        raise WireError(f"{value!r} is not a {kind.__name__}.") from None


def _named_tuple(name: Any, items: Any) -> tuple[Any, ...]:
    kind = wire_classes().get(name) if isinstance(name, str) else None
    if kind is None or not _is_named_tuple(kind):
        raise WireError(f"Unknown kind of value {name!r}.")
    values = [decode(item) for item in _items(items)]
    if len(values) != len(kind._fields):  # type: ignore[attr-defined]
        raise WireError(f"A {kind.__name__} with the wrong fields was received.")
    return kind(*values)  # type: ignore[no-any-return]


def _is_named_tuple(kind: type) -> bool:
    return issubclass(kind, tuple) and hasattr(kind, "_fields")


def _options(name: Any, values: Any) -> BaseModel:
    kind = wire_classes().get(name) if isinstance(name, str) else None
    if kind is None or not issubclass(kind, BaseModel):
        raise WireError(f"Unknown kind of value {name!r}.")
    try:
        return kind.model_validate(values)
    except ValidationError:
        raise WireError(f"House rules of {kind.__name__} could not be read.") from None


def _dataclass(name: Any, fields: Any) -> Any:
    kind = wire_classes().get(name) if isinstance(name, str) else None
    if kind is None or not dataclasses.is_dataclass(kind) or not isinstance(fields, dict):
        raise WireError(f"Unknown kind of value {name!r}.")
    expected = {field.name: field for field in dataclasses.fields(kind)}
    if set(fields) != set(expected):
        raise WireError(f"A {kind.__name__} with the wrong fields was received.")
    values = {name: decode(item) for name, item in fields.items()}
    try:
        made = kind(**{name: values[name] for name, field in expected.items() if field.init})
    except (TypeError, ValueError) as error:
        raise WireError(f"A {kind.__name__} could not be built: {error}") from None
    for name, field in expected.items():
        if not field.init:
            object.__setattr__(made, name, values[name])
    return made


def _class_name(kind: type) -> str:
    name = f"{kind.__module__.removeprefix('cardtable_gui.')}.{kind.__qualname__}"
    if wire_classes().get(name) is not kind:
        raise WireError(f"A {kind.__name__} is not a game value and cannot be sent.")
    return name


@cache
def wire_classes() -> dict[str, type]:
    """Every class a message may name: the dataclasses, named tuples, enums and house-rule models
    of the rules and of the cards, keyed by module (without the package prefix) and qualified name."""
    found: dict[str, type] = {}
    for module in _game_modules():
        for value in vars(module).values():
            if not isinstance(value, type) or value.__module__ != module.__name__:
                continue
            if issubclass(value, Enum | BaseModel) or dataclasses.is_dataclass(value) or _is_named_tuple(value):
                found[f"{module.__name__.removeprefix('cardtable_gui.')}.{value.__qualname__}"] = value
    return found


def _game_modules() -> Iterator[Any]:
    yield cards_module
    yield rules_package
    for info in pkgutil.walk_packages(rules_package.__path__, prefix=f"{rules_package.__name__}."):
        yield importlib.import_module(info.name)
