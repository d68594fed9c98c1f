"""The table sees a game only through the match seam, and a layout sees the table only
through its port: no scene reads a match's state, its raw event queue, its history or
its config (the seed would tell every hidden card), and no layout reaches the scene."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import cardtable_gui
from cardtable_gui.match_seam import MatchSeam

PACKAGE = Path(cardtable_gui.__file__).parent
SCENES = PACKAGE / "scenes"
LAYOUTS = SCENES / "table" / "layouts"
BEHIND_THE_SEAM = frozenset({"state", "events", "history", "movers", "hand_start", "config", "agents", "rules", "replay"})
"""What a local match holds that no table may read: a networked match has none of it."""
MATCH_NAMES = frozenset({"match", "lesson_match", "seam"})
"""How the scenes name the game in progress."""


def modules(folder: Path) -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(folder.rglob("*.py")):
        yield str(path.relative_to(PACKAGE)), ast.parse(path.read_text(encoding="utf-8"))


def names_a_match(node: ast.expr) -> bool:
    """``match``, ``self.match``, ``scene.lesson_match``, ``port.match``..."""
    if isinstance(node, ast.Name):
        return node.id in MATCH_NAMES
    return isinstance(node, ast.Attribute) and node.attr in MATCH_NAMES


def reaches_behind_the_seam(tree: ast.Module) -> list[str]:
    return [
        f"line {node.lineno}: .{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in BEHIND_THE_SEAM and names_a_match(node.value)
    ]


def test_no_scene_reads_what_lies_behind_the_match_seam() -> None:
    found = {name: lines for name, tree in modules(SCENES) if (lines := reaches_behind_the_seam(tree))}
    assert found == {}


def seam_members() -> set[str]:
    return {name for name in vars(MatchSeam) if not name.startswith("_")} | set(MatchSeam.__annotations__)


def test_a_scene_asks_a_match_only_what_the_seam_offers() -> None:
    """A lesson's own table may also ask its ``lesson_match`` what only a lesson has
    (the outcome of the learner's move); every other name reads a plain seam."""
    offered = seam_members()
    found = {
        f"{name} line {node.lineno}: .{node.attr}"
        for name, tree in modules(SCENES)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and names_a_match(node.value)
        and not (isinstance(node.value, ast.Attribute) and node.value.attr == "lesson_match")
        and node.attr not in offered
    }
    assert found == set()


def test_the_seam_itself_offers_nothing_that_lies_behind_it() -> None:
    assert BEHIND_THE_SEAM.isdisjoint(seam_members())


def test_the_check_sees_a_match_read_through_every_name() -> None:
    for code in ("self.match.state.scores", "match.events.popleft()", "len(self.port.match.history)", "self.lesson_match.config"):
        assert reaches_behind_the_seam(ast.parse(code)), code
    assert not reaches_behind_the_seam(ast.parse("self.state = run.state"))


def imported_modules(tree: ast.Module) -> set[str]:
    """Every module ``tree`` imports, at any depth (type-checking imports included)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_no_layout_imports_the_table_scene() -> None:
    scene = "cardtable_gui.scenes.table.scene"
    found = [name for name, tree in modules(LAYOUTS) if any(m == scene or m.startswith(f"{scene}.") for m in imported_modules(tree))]
    assert found == []


def test_no_layout_reaches_for_the_scene() -> None:
    found = [
        f"{name} line {node.lineno}"
        for name, tree in modules(LAYOUTS)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in ("scene", "app")
    ]
    assert found == []
