"""docs/cli.md: an error line has one of two forms -- a problem in a file starts with where it is
(``file:line:column: key.path: ...``, as much as is known), every other error with ``error: ``.

Each case below names the start its error line must have, worked out from the rule and the
input, not copied from the program: a missing file is a problem in a file (no line), an
unknown name or a bad option is not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import invoke, no_traceback

BAD_FORMULA = 'extends: schnapsen\nname: dz\nscoring:\n  game_points: "points // (tricks - tricks)"\n'


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.yaml").write_text("hello: [\n", encoding="utf-8")
    (tmp_path / "Caps.yaml").write_text("extends: schnapsen\nname: Caps\n", encoding="utf-8")
    (tmp_path / "dz.yaml").write_text(BAD_FORMULA, encoding="utf-8")
    (tmp_path / "folder").mkdir()
    return tmp_path


@pytest.mark.parametrize(("args", "start"), [
    # problems in a file: where, then what
    (["replay", "missing.yaml"], "missing.yaml: "),
    (["validate", "broken.yaml"], "broken.yaml:2:1: "),  # the list is still open at the end, line 2
    (["run", "Caps.yaml"], "Caps.yaml:2:7: name: "),  # the value of name: starts in column 7
    (["validate", "folder"], "folder: "),
    (["run", "dz.yaml", "--seed", "1"], "dz.yaml:4:17: scoring.game_points: "),  # fails in the first deal
    (["simulate", "dz.yaml", "--deals", "5", "--jobs", "1"], "dz.yaml:4:17: scoring.game_points: "),
    # everything else: error:
    (["diff", "schnapsen", "missing"], "error: no ruleset file or bundled ruleset named 'missing'"),
    (["new", "mine.yaml", "--from", "missing"], "error: no ruleset file or bundled ruleset named 'missing'"),
    (["new", "mine.txt", "--from", "schnapsen"], "error: FILE: "),
    (["run", "schnapsen", "--record", "folder"], "error: --record: "),
    (["simulate", "schnapsen", "--deals", "5", "--html", "folder"], "error: --html: "),
    (["run", "schnapsen", "--deals", "0"], "error: --deals: "),
    (["list", "--bogus"], "error: no such option --bogus"),
    (["serve", "--data", "dz.yaml"], "error: --data: "),
    (["replay", "schnapsen", "--position", "xx"], "error: position string, column 1: "),
])
def test_each_error_line_starts_with_its_place_in_a_file_or_with_error(files: Path, args: list[str], start: str) -> None:
    out = invoke(args)
    no_traceback(out)
    assert out.exit_code == 2, out.stderr
    errors = [line for line in out.stderr.splitlines() if line.startswith(("error: ", start.split(":")[0] + ":"))]
    assert errors and errors[-1].startswith(start), out.stderr


def test_the_json_error_of_a_long_run_is_one_line_without_its_caret() -> None:
    """``"error"`` in the JSON of ``rules arena``/``simulate``/...: the line stderr starts
    with, without ``error: ``; a caret (which points into the line above it on a terminal) is
    left out but the ``(expected ...)`` after it kept; several errors joined by ``; ``."""
    from cli.errors import error_line
    from interpreter.core.errors import BotError, ErrorList, ExpressionError, RulesetError

    caret = ExpressionError("bad token\n    a + * b\n        ^", file="x.yaml", line=3, column=9, path="scoring.x", expected="a number")
    assert error_line(caret) == "x.yaml:3:9: scoring.x: bad token (expected a number)"
    assert error_line(ErrorList([caret, RulesetError("second", path="x.y")])) == "x.yaml:3:9: scoring.x: bad token (expected a number); x.y: second"
    assert error_line(BotError("it raised", seat=1, bot="greedy", deal=4)) == "seat 1 (greedy), deal 4: it raised"
