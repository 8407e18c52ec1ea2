"""`rules validate` on broken rulesets: exit 2, one located first line, no traceback.

Every file in tests/fixtures/broken/ starts with ``# expect: <first line of the message>``,
written as the message should read: the file path as given on the command line, line and
column (1-based), the dotted key path, the message and what was expected.  A few expectations
differ on purpose from what the loader printed when they were written (it was wrong there):

* claim-target-unreachable -- target 200 with marriages disabled is accepted (the bound counts
  four trump marriages whether marriages exist or not);
* players-count-float -- ``count: 2.0`` is accepted as an integer, then ``rules run`` crashes;
* points-for-rank-not-in-deck -- the message is about the key ``9`` but pointed at its value;
* typo-top-level-key -- the first line was "missing key 'scoring'" at the document's first
  key instead of the misspelt key with its suggestion.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import REPO, invoke, no_traceback, run_rules

BROKEN = REPO / "tests" / "fixtures" / "broken"
FILES = sorted(BROKEN.glob("*.yaml"))


def expectation(path: Path) -> str:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# expect: "), f"{path.name} does not start with '# expect: '"
    return first[len("# expect: "):]


def test_there_are_enough_broken_rulesets() -> None:
    assert len(FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_validate_reports_the_expected_first_line(path: Path, in_repo: Path) -> None:
    name = str(path.relative_to(REPO))  # as typed from the repository root
    out = invoke(["validate", name])
    no_traceback(out)
    assert out.exit_code == 2, f"exit {out.exit_code}; stdout {out.stdout!r}"
    assert ": ok" not in out.stdout
    lines = out.stderr.splitlines()
    assert lines, "nothing on stderr"
    assert lines[0] == expectation(path)


def test_validate_all_at_once_through_the_script() -> None:
    """One real process over every file: exit 2, no traceback, and no broken file passes."""
    names = [str(p.relative_to(REPO)) for p in FILES]
    out = run_rules(["validate", *names])
    assert out.exit_code == 2
    no_traceback(out)
    accepted = [name for name in names if f"{name}: ok" in out.stdout]
    assert accepted == [], f"broken rulesets accepted as valid: {accepted}"
    unreported = [name for name in names if not any(line.startswith(name + ":") for line in out.stderr.splitlines())]
    assert unreported == []


def test_validate_mixed_good_and_bad(in_repo: Path) -> None:
    good = "rulesets/schnapsen.yaml"
    bad = str(FILES[0].relative_to(REPO))
    out = invoke(["validate", good, bad])
    assert out.exit_code == 2
    assert f"{good}: ok" in out.stdout
    assert out.stderr.splitlines()[0] == expectation(FILES[0])


def test_validate_missing_file(in_repo: Path) -> None:
    out = invoke(["validate", "tests/fixtures/broken/no-such-file.yaml"])
    assert out.exit_code == 2
    no_traceback(out)
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and "no-such-file" in lines[0]
