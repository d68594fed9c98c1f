"""No two modules of cardtable_gui import each other, however far round the circle.

A circle of imports means neither module can be understood, tested or replaced without
the other, and it only works by the accident of which one Python loads first. The graph
is read from the source with ``ast``, so it holds every import: those under
``if TYPE_CHECKING:`` and those inside functions count as much as those at the top.

An edge goes to the module an import names. ``from package import name`` goes to
``package.name`` when that is a module and to the package's ``__init__`` otherwise;
``import a.b.c`` goes to ``a.b.c``. The parent packages Python runs on the way are left
out: every submodule would otherwise form a circle with a package that re-exports it.
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterator, Mapping, Set
from dataclasses import dataclass
from pathlib import Path

import cardtable_gui

PACKAGE_ROOT = Path(cardtable_gui.__file__).parent


@dataclass(frozen=True, slots=True)
class ImportEdge:
    """One module importing another, and where it says so."""

    importer: str
    imported: str
    line: int


def module_name(path: Path) -> str:
    """The dotted name of a source file of the package (a package is its ``__init__``)."""
    parts = path.relative_to(PACKAGE_ROOT.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def package_modules() -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    return {module_name(path): path for path in sorted(PACKAGE_ROOT.rglob("*.py"))}


def _base_of_relative(importer: str, is_package: bool, level: int, module: str | None) -> str:
    """What ``from <dots><module> import ...`` names, written out in full."""
    package = importer.split(".") if is_package else importer.split(".")[:-1]
    anchor = package[: len(package) - (level - 1)]
    return ".".join([*anchor, module] if module else anchor)


def imports_of(name: str, path: Path, modules: Set[str]) -> Iterator[ImportEdge]:
    """The package modules that ``name`` imports, anywhere in its source."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules:
                    yield ImportEdge(name, alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = (
                _base_of_relative(name, is_package, node.level, node.module)
                if node.level
                else node.module or ""
            )
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                if submodule in modules:
                    yield ImportEdge(name, submodule, node.lineno)
                elif base in modules:
                    yield ImportEdge(name, base, node.lineno)


def import_graph() -> dict[str, list[ImportEdge]]:
    """Each module's imports of other modules of the package."""
    modules = package_modules()
    return {name: list(imports_of(name, path, modules.keys())) for name, path in modules.items()}


def strongly_connected(graph: Mapping[str, Set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of ``graph``, each sorted by name."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in sorted(graph.get(node, ())):
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def shortest_circle(graph: Mapping[str, Set[str]], start: str) -> list[str]:
    """The shortest way from ``start`` back to itself, as the modules passed."""
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for successor in sorted(graph.get(node, ())):
            if successor == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if successor not in came_from:
                came_from[successor] = node
                queue.append(successor)
    return []


def circles(edges: Mapping[str, list[ImportEdge]]) -> list[str]:
    """One sentence for each circle of imports: its modules and where each imports the
    next."""
    graph = {name: {edge.imported for edge in out} for name, out in edges.items()}
    found: list[str] = []
    for component in strongly_connected(graph):
        start = component[0]
        if len(component) == 1 and start not in graph[start]:
            continue
        circle = shortest_circle(graph, start)
        steps = []
        for importer, imported in zip(circle, circle[1:]):
            line = min(e.line for e in edges[importer] if e.imported == imported)
            steps.append(f"{importer} imports {imported} (line {line})")
        others = sorted(set(component) - set(circle))
        also = f"; the same circle also takes in {', '.join(others)}" if others else ""
        found.append(", ".join(steps) + also)
    return found


def test_no_module_of_the_package_imports_itself_round_a_circle() -> None:
    found = circles(import_graph())
    assert not found, "Import circles:\n" + "\n".join(found)


def test_the_walk_sees_every_kind_of_import(tmp_path: Path) -> None:
    """The walk itself: an import it missed would hide a circle."""
    source = tmp_path / "__init__.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "from . import sibling\n"
        "from .. import helpers\n"
        "if TYPE_CHECKING:\n"
        "    from pkg.sub.typed import Thing\n"
        "def late():\n"
        "    import pkg.late\n",
        encoding="utf-8",
    )
    modules = {"pkg", "pkg.helpers", "pkg.late", "pkg.sub", "pkg.sub.sibling", "pkg.sub.typed"}
    found = {(edge.imported, edge.line) for edge in imports_of("pkg.sub", source, modules)}
    assert found == {
        ("pkg.sub.sibling", 2),
        ("pkg.helpers", 3),
        ("pkg.sub.typed", 5),
        ("pkg.late", 7),
    }


def test_a_circle_is_named_with_the_line_of_each_import() -> None:
    three = {
        "a": [ImportEdge("a", "b", 1)],
        "b": [ImportEdge("b", "c", 2)],
        "c": [ImportEdge("c", "a", 3)],
    }
    assert circles(three) == ["a imports b (line 1), b imports c (line 2), c imports a (line 3)"]
    assert circles({"a": [ImportEdge("a", "a", 7)]}) == ["a imports a (line 7)"]
    assert circles({"a": [ImportEdge("a", "b", 1)], "b": []}) == []
