"""A match that never ends, after blocks of deals have finished, keeps them.

The run's deal blocks are played before its match blocks, so ``--deals 20 --matches 1``
finishes its 20 deals, then meets a match nobody can win (no game points are ever scored: no
side takes more than 100 tricks; a plain "0" would be refused at load).
That is an error of the ruleset like a formula failing in play, and is reported alike: the
figures of the 20 deals (of 21 deals and matches), "stopped by an error", the JSON's
``"error"``, the ``--html`` page, then the error as the last line of stderr, exit 2.
(The limit is lowered to 50 deals here: the run plays in this process with ``--jobs 1``.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clitools import invoke, no_traceback

NEVER = ("extends: schnapsen\nname: never\ntitle: nobody scores\nscoring:\n  game_points: \"if tricks > 100 then 1 else 0\"\n"
         "closing:\n  enabled: false\nend:\n  unclaimed: higher_total\n")
ERROR = "match 1 did not end within 50 deals: is match.target reachable?"


@pytest.fixture
def never(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    import interpreter.sim.simulate as sim

    monkeypatch.setattr(sim, "MATCH_LIMIT", 50)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "never.yaml").write_text(NEVER, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(("args", "done", "total"), [
    (["simulate", "never.yaml"], 20, 21),
    (["compare", "never.yaml", "schnapsen"], 40, 42),  # 20 deals and 1 match each
])
def test_the_finished_deals_are_reported_then_the_error(never: Path, args: list[str], done: int, total: int) -> None:
    out = invoke([*args, "--deals", "20", "--matches", "1", "--jobs", "1"])
    no_traceback(out)
    assert out.exit_code == 2
    assert out.stdout.splitlines()[1 if args[0] == "simulate" else 3] == f"stopped by an error: {done} of {total} deals and matches finished"
    assert out.stderr.splitlines()[-2:] == [
        f"the run stopped on an error: the figures are of the {done} of {total} deals and matches that finished",
        f"error: {ERROR}",
    ]


@pytest.mark.parametrize("args", [["simulate", "never.yaml"], ["compare", "never.yaml", "schnapsen"]])
def test_the_json_keeps_the_finished_deals_and_names_the_error(never: Path, args: list[str]) -> None:
    out = invoke([*args, "--deals", "20", "--matches", "1", "--jobs", "1", "--json"])
    assert out.exit_code == 2
    report = out.json()
    assert (report["interrupted"], report["error"]) == (True, ERROR)
    runs = [report] if args[0] == "simulate" else [report["a"], report["b"]]
    assert [r["finished"] for r in runs] == [{"deals": 20, "matches": 0}] * len(runs)
    assert out.stderr.splitlines()[-1] == f"error: {ERROR}"


def test_the_html_page_is_written(never: Path) -> None:
    out = invoke(["simulate", "never.yaml", "--deals", "20", "--matches", "1", "--jobs", "1", "--html", "n.html"])
    assert out.exit_code == 2
    page = (never / "n.html").read_text(encoding="utf-8")
    assert "Stopped by an error: the figures are of the blocks that finished." in page
    assert "20 deals and 0 matches of 20 and 1 asked" in page

