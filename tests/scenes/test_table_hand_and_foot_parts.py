"""Each helper of the Hand and Foot table uses only the part of the layout it names in
``parts``, and the layout has every member of every part: the helpers are handed a
narrow view of the layout, never the layout itself, so they need not import it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from test_table_support import make_app, start_table

from cardtable_gui.scenes.table.layouts import hand_and_foot
from cardtable_gui.scenes.table.layouts.hand_and_foot import parts
from cardtable_gui.seats import MatchConfig, SeatConfig, SeatKind

HELPERS = Path(hand_and_foot.__file__).parent
PARTS: dict[str, tuple[type, dict[str, type]]] = {
    "controls.py": (parts.TurnTable, {}),
    "motion.py": (parts.ShowTable, {"controls": parts.TurnShown}),
    "hinting.py": (parts.HintTable, {"controls": parts.HintedControls}),
}
"""Each helper's view of the layout, and the views of the layout's own parts it reaches
through (``table.controls.laying()``)."""


def members(part: type) -> set[str]:
    """What a part declares: attributes, properties and methods, its bases' too."""
    names: set[str] = set()
    for cls in part.__mro__:
        if cls.__module__ == parts.__name__:
            names |= set(getattr(cls, "__annotations__", {}))
            names |= {name for name in vars(cls) if not name.startswith("_")}
    return names


def names_the_table(node: ast.expr) -> bool:
    """``self.table``, or ``table`` (a parameter, or a local copy of ``self.table``)."""
    if isinstance(node, ast.Name):
        return node.id == "table"
    return isinstance(node, ast.Attribute) and node.attr == "table" and isinstance(node.value, ast.Name)


def used_of_the_table(tree: ast.Module) -> dict[str, set[str]]:
    """The members a helper uses of the layout (``""``), and of each of the layout's
    members it reaches through (``"controls"``)."""
    used: dict[str, set[str]] = {"": set()}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        if names_the_table(node.value):
            used[""].add(node.attr)
        elif isinstance(node.value, ast.Attribute) and names_the_table(node.value.value):
            used.setdefault(node.value.attr, set()).add(node.attr)
        elif isinstance(node.value, ast.Name) and node.value.id == "controls":
            used.setdefault("controls", set()).add(node.attr)
    return used


@pytest.mark.parametrize("helper", sorted(PARTS))
def test_a_helper_is_handed_exactly_the_part_of_the_layout_it_uses(helper: str) -> None:
    part, through = PARTS[helper]
    used = used_of_the_table(ast.parse((HELPERS / helper).read_text(encoding="utf-8")))
    mine = used.pop("")
    unnamed = {f"table.{name}" for name in mine - members(part)}
    unused = {f"table.{name}" for name in members(part) - mine}
    for member, view in through.items():
        names = used.get(member, set())
        unnamed |= {f"table.{member}.{name}" for name in names - members(view)}
        unused |= {f"table.{member}.{name}" for name in members(view) - names}
    assert (sorted(unnamed), sorted(unused)) == ([], [])


def test_the_layout_has_every_member_of_every_part(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    try:
        seats = (SeatConfig(name="Ana", kind=SeatKind.HUMAN), *(SeatConfig(name=name) for name in ("Ben", "Cleo", "Dev")))
        layout = start_table(app, MatchConfig(game="hand_and_foot", seats=seats, seed=5)).table
        every = {part: layout for part, _ in PARTS.values()}
        every |= {view: layout.controls for _, through in PARTS.values() for view in through.values()}
        missing = [f"{part.__name__}.{name}" for part, owner in every.items() for name in members(part) if not hasattr(owner, name)]
        assert sorted(missing) == []
    finally:
        app.quit()
