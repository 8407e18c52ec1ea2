"""``rules simulate``, ``rules compare``, ``rules arena`` and ``rules tournament`` name the
ruleset alike in ``--json``: ``ruleset`` as the user gave it (a path stays a path, so a script
can load it again) and ``ruleset_name`` the ruleset's own ``name`` (which a file may set to
anything).  The arena gave the name under ``ruleset``, simulate the argument."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "cli"))  # the CLI tests' helpers
from clitools import invoke  # noqa: E402

HOUSE = "extends: schnapsen\nname: my-house\ntitle: My house\n"


@pytest.mark.parametrize("command", [
    ["simulate", "{file}", "--deals", "2"],
    ["arena", "random", "random", "--ruleset", "{file}", "--deals", "2"],
    ["tournament", "random", "greedy", "--ruleset", "{file}", "--deals", "2"],
])
def test_a_house_file_is_named_by_its_path_and_its_name(command: list[str], tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    out = invoke([part.format(file=path) for part in command] + ["--jobs", "1", "--json", "--allow-outside"])
    assert out.exit_code == 0, out.stderr
    report = out.json()
    assert (report["ruleset"], report["ruleset_name"]) == (str(path), "my-house")


def test_compare_names_both_rulesets_alike(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    out = invoke(["compare", str(path), "schnapsen", "--deals", "2", "--jobs", "1", "--json", "--allow-outside"])
    assert out.exit_code == 0, out.stderr
    report = out.json()
    assert [(report[k]["ruleset"], report[k]["ruleset_name"]) for k in "ab"] == [(str(path), "my-house"), ("schnapsen", "schnapsen")]
