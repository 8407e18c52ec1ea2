"""Key paths spelled in the code are real schema paths.

The loader's semantic checks name the key at fault as a tuple (``("closing", "min_talon_size")``)
and the engine's refusals name the rule as a dotted path (``"closing.min_talon_size"``): both
are read here from the source with :mod:`ast` and checked against the schema, so a renamed
key cannot leave a stale spelling behind.
"""

from __future__ import annotations

import ast
from pathlib import Path
from interpreter.rules.loader import load_schema
from interpreter.text.schemawords import schema_leaves

ROOT = Path(__file__).resolve().parents[2]


def schema_paths() -> set[str]:
    """Every key path of the schema: each key a ruleset can set and every section above it."""
    paths: set[str] = set()
    for path, _ in schema_leaves(load_schema()):
        parts = path.split(".")
        paths.update(".".join(parts[:k]) for k in range(1, len(parts) + 1))
    return paths


def constant_paths(source: Path) -> list[tuple[int, str]]:
    """Tuples of string constants (ints allowed, as list indexes) passed as the first argument
    of ``fail(...)`` or the third of ``doc.error(...)``, joined with dots."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        args = node.args
        arg = args[0] if node.func.attr == "fail" and args else args[2] if node.func.attr == "error" and len(args) > 2 else None
        if not isinstance(arg, ast.Tuple) or not arg.elts:
            continue
        if not all(isinstance(e, ast.Constant) for e in arg.elts):
            continue
        keys = [e.value for e in arg.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        if keys:
            out.append((node.lineno, ".".join(keys)))
    return out


def test_the_loaders_checks_name_schema_keys() -> None:
    paths = schema_paths()
    found = constant_paths(ROOT / "interpreter" / "rules" / "loader.py")
    assert len(found) >= 25
    wrong = [(line, p) for line, p in found if p not in paths]
    assert wrong == [], f"interpreter/rules/loader.py names keys the schema does not have: {wrong}"


def test_the_refusals_name_schema_keys() -> None:
    from interpreter.engine import legality

    paths = schema_paths()
    rules = {v.rule for v in vars(legality).values() if isinstance(v, legality.Refusal)}
    tree = ast.parse((ROOT / "interpreter" / "engine" / "legality.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Refusal":
            first = node.args[0]
            assert isinstance(first, ast.Constant), f"legality.py:{node.lineno}: a refusal's rule is a constant"
            rules.add(str(first.value))
    assert len(rules) > 20
    assert sorted(r for r in rules if r not in paths) == []
