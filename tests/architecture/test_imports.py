"""The library's layout is its architecture: layers import only downwards, and nothing circles.

Every ``import`` inside ``interpreter/`` is read with :mod:`ast` -- at module level and inside
functions alike, because an import moved into a function still makes the two modules depend
on each other; only imports under ``if TYPE_CHECKING:`` (never executed) are left out of the
circle check.  The layer rule counts those too: a type may not point upwards either.
See docs/architecture.md.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "interpreter"

# A subpackage may import from the ones listed here (and from itself), nothing else.
ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "rules": {"core"},
    "engine": {"core", "rules"},
    "play": {"core", "rules", "engine", "search"},  # seat kinds that search are bots of play
    "text": {"core", "rules"},
    "search": {"core", "rules", "engine"},
    "sim": {"core", "rules", "engine", "play", "search"},
    "adapters": {"core", "rules", "engine", "play", "search"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
#: The command line's modules: they may import the library and each other, but never in a circle.
CLI_MODULES = {module_name(p): p for p in sorted((ROOT / "cli").rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(name: str, modules: dict[str, Path] = MODULES) -> list[tuple[str, bool]]:
    """(imported module, type-only?) for every import statement of module ``name`` (of ``modules``)."""
    tree = ast.parse(modules[name].read_text(encoding="utf-8"))
    found: list[tuple[str, bool]] = []
    is_package = modules[name].name == "__init__.py"

    def target(node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        base = name.split(".") if is_package else name.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        return ".".join(base + ([node.module] if node.module else []))

    def visit(node: ast.AST, type_only: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, True)
            for child in node.orelse:
                visit(child, type_only)
            return
        if isinstance(node, ast.Import):
            found.extend((alias.name, type_only) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            mod = target(node)
            for alias in node.names:
                sub = f"{mod}.{alias.name}"
                found.append((sub if sub in modules else mod, type_only))
        for child in ast.iter_child_nodes(node):
            visit(child, type_only)

    visit(tree, False)
    return [(m, t) for m, t in found if m == "interpreter" or m.startswith(("interpreter.", "cli"))]


GRAPH = {name: imports_of(name) for name in MODULES}


def layer(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else None


def test_the_layout_has_the_subpackages_the_docs_draw() -> None:
    subpackages = {p.parent.name for p in PACKAGE.glob("*/__init__.py")}
    assert {"core", "rules", "engine", "play", "text"} <= subpackages
    assert subpackages <= set(ALLOWED), "a new subpackage needs its place in ALLOWED and docs/architecture.md"
    loose = sorted(p.name for p in PACKAGE.glob("*.py") if p.name != "__init__.py")
    assert loose == [], "modules belong in a subpackage"


def test_the_library_never_imports_the_cli() -> None:
    bad = [(m, i) for m, deps in GRAPH.items() for i, _ in deps if i == "cli" or i.startswith("cli.")]
    assert bad == []


@pytest.mark.parametrize("name", [n for n in MODULES if layer(n)])
def test_layers_import_only_downwards(name: str) -> None:
    mine = layer(name)
    assert mine is not None
    allowed = ALLOWED[mine] | {mine}
    wrong = sorted({dep for dep, _ in GRAPH[name] if layer(dep) not in allowed})
    assert wrong == [], f"{name} ({mine}) may import only {sorted(allowed)}"


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def dfs(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = dfs(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state:
            found = dfs(start)
            if found:
                return found
    return None


def _runtime_edges(graph: dict[str, list[tuple[str, bool]]], modules: dict[str, Path]) -> dict[str, set[str]]:
    """The imports that run (not those under TYPE_CHECKING), inside ``modules``.  A package's
    __init__ re-exporting its modules is not a dependency of those modules."""
    edges = {
        m: {d for d, type_only in deps if not type_only and d in modules and d != m and not m.startswith(d + ".")}
        for m, deps in graph.items()
    }
    return {m: {d for d in ds if not (modules[d].name == "__init__.py" and m.startswith(d + "."))} for m, ds in edges.items()}


def test_no_import_circle_inside_the_library() -> None:
    edges = _runtime_edges(GRAPH, MODULES)
    assert _cycle(edges) is None, " -> ".join(_cycle(edges) or [])


def test_no_import_circle_inside_the_command_line() -> None:
    """Function-level imports count: ``cli.main -> cli.play -> cli.table.web -> cli.main`` was
    one, through an import inside a function."""
    graph = {name: imports_of(name, CLI_MODULES) for name in CLI_MODULES}
    edges = _runtime_edges(graph, CLI_MODULES)
    assert "cli.main" in edges and "cli.table.web" in edges["cli.play"]  # the walk sees the cli
    assert _cycle(edges) is None, " -> ".join(_cycle(edges) or [])


def test_the_circle_check_finds_a_circle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
