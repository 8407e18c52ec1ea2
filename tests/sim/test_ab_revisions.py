"""The paired comparison of benchmarks/ab_revisions.py: deal-by-deal differences of two runs on
the same deals, worked by hand."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from ab_revisions import paired  # noqa: E402


def test_two_sides_deal_by_deal() -> None:
    """Two sides, so a deal is two plays and its half-points run 0 to 4.  Base: lost both
    plays (0), one each (2), won both (4); nets -2, 0, +3 over the two plays.  New: one each
    in the first deal (2), the rest alike; nets +1, 0, +3.  A fourth deal the new run did not
    finish is left out of both.  Won: base (0 + 1/2 + 1) / 3 = 1/2, new (1/2 + 1/2 + 1) / 3 =
    2/3, the difference 1/6 with one deal changed; net per play: base (-1 + 0 + 1.5) / 3 = 1/6,
    new (0.5 + 0 + 1.5) / 3 = 2/3, the difference 1/2."""
    base = {"halves": [0, 2, 4, 1], "nets": [-2, 0, 3, 1], "sides": 2, "seconds": 10.0}
    new = {"halves": [2, 2, 4, None], "nets": [1, 0, 3, None], "sides": 2, "seconds": 11.0}
    fig = paired(base, new, seed=1)
    assert fig["deals"] == 3 and fig["changed"] == 1
    assert fig["base"]["win_rate"] == pytest.approx(1 / 2) and fig["new"]["win_rate"] == pytest.approx(2 / 3)
    assert fig["win_rate_diff"] == pytest.approx(1 / 6)
    assert fig["base"]["net"] == pytest.approx(1 / 6) and fig["new"]["net"] == pytest.approx(2 / 3)
    assert fig["net_diff"] == pytest.approx(1 / 2)
    lo, hi = fig["win_rate_diff_interval"]
    assert 0 <= lo <= 1 / 6 <= hi <= 1 / 2  # resampling three differences of 1/2, 0, 0


def test_three_sides_count_each_rotation() -> None:
    """Three sides: a deal is three plays (rotations), each worth 2 (sides - 1) = 4
    half-points to the winner, so 12 in all; nets are per play of six pairings.  Half-points
    6 of 12 are half the plays won; 9 are three quarters; nets 12 and 18 are 2 and 3 a play."""
    base = {"halves": [6], "nets": [12], "sides": 3}
    new = {"halves": [9], "nets": [18], "sides": 3}
    fig = paired(base, new, seed=1)
    assert fig["base"]["win_rate"] == pytest.approx(0.5) and fig["new"]["win_rate"] == pytest.approx(0.75)
    assert fig["net_diff"] == pytest.approx(1.0) and fig["win_rate_diff_interval"] == pytest.approx((0.25, 0.25))


def test_no_deal_finished_in_both_is_an_error() -> None:
    with pytest.raises(ValueError):
        paired({"halves": [None], "nets": [None], "sides": 2}, {"halves": [2], "nets": [0], "sides": 2}, seed=1)


@pytest.mark.parametrize("args, said", [
    (["--ruleset", "no-such-game"], "no ruleset file or bundled ruleset named 'no-such-game'"),
    (["--bot", "search:bogus"], "unknown search option 'bogus'"),
])
def test_a_wrong_ruleset_or_kind_is_one_line_and_exit_2_before_any_checkout(args: list[str], said: str) -> None:
    """Said by this tree before the base revision is checked out (``--base`` names nothing that
    exists: it is never reached), as one line, without a traceback."""
    import subprocess

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "ab_revisions.py"
    done = subprocess.run([sys.executable, str(script), "--base", "no-such-revision", "--deals", "1", *args],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.startswith("error: ") and said in done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1
