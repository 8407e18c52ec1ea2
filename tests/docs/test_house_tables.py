"""rules.md's two tables of house rules against the files of ``rulesets/house/``.

The "Bundled house rules" table once left out three of the house files ``rules list`` shows,
and both tables gave ``house/burgenland-4`` the base ``schnapsen`` where its file says
``extends: burgenland.yaml``.  Here each bundled house file must have a row of the first
table, and in both tables the base a row names must be what the files of its row extend
(read from each file's ``extends:``, a file beside it named by its bundled name).
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from interpreter.rules.resources import bundled_rulesets, data_dir

ROOT = Path(__file__).resolve().parents[2]


def base_of(path: Path) -> str:
    """The bundled name of what the house file at ``path`` extends: a bundled name as written,
    or a file beside it (``burgenland.yaml``) by its own bundled name (``house/burgenland``)."""
    extends = yaml.safe_load(path.read_text(encoding="utf-8"))["extends"]
    assert isinstance(extends, str), path
    if not extends.endswith(".yaml"):
        return extends
    return (path.parent / extends).resolve().relative_to(data_dir("rulesets").resolve()).with_suffix("").as_posix()


def house_bases() -> dict[str, str]:
    return {name: base_of(path) for name, path in bundled_rulesets().items() if name.startswith("house/")}


def table(heading: str) -> list[list[str]]:
    """The cells of the rows of the first table under ``heading`` in docs/rules.md."""
    lines = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").splitlines()
    at = lines.index(heading)
    first = next(i for i in range(at, len(lines)) if lines[i].startswith("|"))
    rows = []
    for line in lines[first + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split(" | ")])
    return rows


def names(cell: str) -> set[str]:
    return set(re.findall(r"`([^`]+)`", cell))


def wrong_bases(rows: list[list[str]], ruleset_column: int, base_column: int, bases: dict[str, str]) -> list[str]:
    """Each house ruleset of a row whose base is not among the names of the row's base cell,
    and each base named there that no ruleset of its row extends."""
    problems = []
    for row in rows:
        house = sorted(n for n in names(row[ruleset_column]) if n in bases)
        shown = names(row[base_column])
        problems += [f"{n}: the table says it extends {sorted(shown)}, its file extends {bases[n]}" for n in house if bases[n] not in shown]
        if house:
            problems += [f"{', '.join(house)}: the table names the base {b}, which none of them extends"
                         for b in sorted(shown - {bases[n] for n in house})]
    return problems


def test_the_bases_are_read_as_the_files_say() -> None:
    """Worked by hand from two files: santase.yaml says ``extends: sechsundsechzig``,
    burgenland-4.yaml ``extends: burgenland.yaml`` (the file beside it)."""
    bases = house_bases()
    assert bases["house/santase"] == "sechsundsechzig" and bases["house/burgenland-4"] == "house/burgenland"
    assert wrong_bases([["`house/burgenland`, `house/burgenland-4`", "`schnapsen`"]], 0, 1, bases) == [
        "house/burgenland-4: the table says it extends ['schnapsen'], its file extends house/burgenland"]


def test_bundled_house_rules_has_a_row_for_each_house_file_with_its_base() -> None:
    bases = house_bases()
    rows = table("## Bundled house rules")
    listed = {n for row in rows for n in names(row[0])}
    assert listed == set(bases), f"left out {sorted(set(bases) - listed)}; not bundled {sorted(listed - set(bases))}"
    problems = wrong_bases(rows, 0, 1, bases)
    assert not problems, "\n".join(problems)


def test_the_whole_family_gives_each_house_file_its_base() -> None:
    bases = house_bases()
    rows = table("## The whole family")
    listed = {n for row in rows for n in names(row[1]) if n.startswith("house/")}
    assert listed == set(bases), f"left out {sorted(set(bases) - listed)}; not bundled {sorted(listed - set(bases))}"
    problems = wrong_bases(rows, 1, 2, bases)
    assert not problems, "\n".join(problems)
