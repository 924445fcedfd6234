"""The shape of the package: no import cycle, and no module longer than it has a reason to be.

The import graph is read from the source with :mod:`ast`, not by importing:
every ``import`` and ``from … import`` of every module of ``src/doppelkopf``
counts, wherever it stands — at module level, under ``if TYPE_CHECKING:`` or
inside a function — since each is a dependency a reader has to follow.
Relative imports are resolved against the module's package, and
``from package import name`` counts as importing the submodule ``name`` when
there is one, the package otherwise.  Importing a submodule runs its
package's ``__init__`` too, but that edge is left out: it is the same for
every module of a package and says nothing about the module's own needs.

Any cycle fails the test, printed module by module.  A module of more than
:data:`MAX_LINES` lines fails unless its first docstring gives the reason, in
a paragraph starting with :data:`LONG_MARKER`.  The modules of the deal are
held to more than the absence of cycles: each imports only the layers below
its own in :data:`DEAL_LAYERS`, the diagram of ``docs/design.rst``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "doppelkopf"

MAX_LINES = 700
"""The most lines a module may have without saying why."""

LONG_MARKER = "Why it is long:"
"""How a module's first docstring starts the paragraph that says why it has more lines."""


def _modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the package by dotted name: its file and whether it is a package."""
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        modules[".".join(parts)] = (path, is_package)
    return modules


MODULES = _modules()


def _imported(name: str, path: Path, is_package: bool) -> Iterator[str]:
    """The modules of the package that module ``name`` imports, anywhere in its source."""
    package = name if is_package else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES:
                    yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                if node.module:
                    parts.append(node.module)
                source = ".".join(parts)
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                if submodule in MODULES:
                    yield submodule
                elif source in MODULES:
                    yield source


def import_graph() -> dict[str, set[str]]:
    """Each module of the package with the modules of the package it imports."""
    return {
        name: set(_imported(name, path, is_package)) for name, (path, is_package) in MODULES.items()
    }


def _components(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of ``graph`` with a cycle in them (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph[node]:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def cycles(graph: dict[str, set[str]], limit: int = 1000) -> list[tuple[str, ...]]:
    """Every elementary cycle of ``graph``, each from its first module in sorted order.

    At most ``limit`` of them: enough to show what is wrong when a change
    ties many modules together.
    """
    found: list[tuple[str, ...]] = []
    for component in _components(graph):
        members = set(component)
        for start in component:
            _walk(graph, members, [start], found, limit)
    return found


def _walk(
    graph: dict[str, set[str]],
    members: set[str],
    path: list[str],
    found: list[tuple[str, ...]],
    limit: int,
) -> None:
    """Add to ``found`` the cycles that extend ``path`` back to its first module.

    Only modules after the first in sorted order are visited, so that each
    cycle is found once, from its first module.
    """
    start = path[0]
    for target in sorted(graph[path[-1]] & members):
        if len(found) >= limit:
            return
        if target == start:
            found.append(tuple(path))
        elif target > start and target not in path:
            _walk(graph, members, [*path, target], found, limit)


def _short(cycle: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(name.removeprefix("doppelkopf.") for name in cycle)


def test_the_graph_sees_every_kind_of_import() -> None:
    """The graph holds imports under TYPE_CHECKING, inside functions and by submodule name."""
    graph = import_graph()
    # rules imports _order inside a function and parties under TYPE_CHECKING.
    assert {"doppelkopf._order", "doppelkopf.parties"} <= graph["doppelkopf.rules"]
    # ``from .. import _checks`` is an import of the module _checks, not of the package.
    assert "doppelkopf._checks" in graph["doppelkopf.parties"]
    assert "doppelkopf" not in graph["doppelkopf.parties"]
    # The package's __init__ imports its modules.
    assert "doppelkopf.deal.machine" in graph["doppelkopf.deal"]


def test_cycles_are_found() -> None:
    graph = {"a": {"b"}, "b": {"c", "a"}, "c": {"a"}, "d": {"d"}, "e": {"a"}}
    assert sorted(cycles(graph)) == [("a", "b"), ("a", "b", "c"), ("d",)]


def test_no_import_cycle() -> None:
    """No module of the package imports, through any chain, a module that imports it."""
    found = sorted(_short(cycle) for cycle in cycles(import_graph()))
    report = [f"import cycle: {' -> '.join((*cycle, cycle[0]))}" for cycle in found]
    assert not report, "\n".join(report)


def test_no_cycle_in_the_deal() -> None:
    """The modules of the deal form no cycle among themselves either."""
    graph = {
        name: {target for target in targets if target.startswith("doppelkopf.deal")}
        for name, targets in import_graph().items()
        if name.startswith("doppelkopf.deal")
    }
    assert cycles(graph) == []


def _first_docstring(path: Path) -> str:
    return ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""


@pytest.mark.parametrize(
    "path", [path for path, _ in MODULES.values()], ids=lambda path: str(path.relative_to(PACKAGE))
)
def test_module_length(path: Path) -> None:
    """A module over MAX_LINES lines says why at its top."""
    lines = len(path.read_text(encoding="utf-8").splitlines())
    relative = path.relative_to(PACKAGE).as_posix()
    explained = any(
        paragraph.lstrip().startswith(LONG_MARKER)
        for paragraph in _first_docstring(path).split("\n\n")
    )
    assert lines <= MAX_LINES or explained, (
        f"{relative} has {lines} lines; split it, or say why in a paragraph of its "
        f"docstring starting with {LONG_MARKER!r}"
    )


DEAL_LAYERS: tuple[tuple[str, ...], ...] = (
    ("__init__",),
    ("machine", "observer"),
    ("_lazy_view",),
    ("views",),
    ("_legal", "_view_checks", "_picture"),
    ("_round", "_exchange", "_play", "_announcing"),
    ("_start", "_history", "_result"),
    ("_interned", "_positions", "_view_fields", "_notation"),
    ("_state",),
    ("procedures",),
    ("questions",),
    ("reservations",),
    ("throwing",),
    ("poverty", "dealing", "outcome", "_action_text"),
    ("actions", "_aliases", "_replace"),
)
"""The modules of the deal from the top down, as the diagram of docs/design.rst draws them."""


def test_the_deal_is_layered() -> None:
    """Each module of the deal imports only modules of the layers below its own."""
    layer_of = {
        ("doppelkopf.deal" if name == "__init__" else f"doppelkopf.deal.{name}"): depth
        for depth, layer in enumerate(DEAL_LAYERS)
        for name in layer
    }
    graph = import_graph()
    assert set(layer_of) == {name for name in graph if name.startswith("doppelkopf.deal")}
    upward = [
        f"{importer} imports {imported}"
        for importer, depth in layer_of.items()
        for imported in sorted(graph[importer])
        if imported in layer_of and layer_of[imported] <= depth
    ]
    assert not upward, "\n".join(upward)
