"""benchmarks/tune_search.py compares its later variants with the first deal by deal: the
paired difference is taken over the same deals the two lines report, so on deals that every
variant finished it is exactly the difference of the two lines' figures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "tune_search.py"


def test_the_second_variant_is_paired_with_the_first_on_the_same_deals() -> None:
    """Two variants that play differently (a wild exploration and no bias in the second) on 4
    seat-swapped deals: the second line carries ``paired``, whose mean differences are the
    second line's win rate and net minus the first's, and whose interval holds them."""
    first = {"iterations": 8}
    second = {"iterations": 8, "exploration": 5, "bias": 0, "bias_opponents": 0}
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--deals", "4", "--seed", "3", "--jobs", "1", json.dumps(first), json.dumps(second)],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    a, b = (json.loads(line) for line in done.stdout.splitlines())
    assert "paired" not in a
    p = b["paired"]
    assert p["against_first"] == first and p["deals"] == 4
    assert (a["win_rate"], a["net"]) != (b["win_rate"], b["net"])  # else the check below proves nothing
    assert abs(p["win_rate_diff"] - (b["win_rate"] - a["win_rate"])) < 1e-3
    assert abs(p["net_diff"] - (b["net"] - a["net"])) < 2e-3
    lo, hi = p["net_diff_interval"]
    assert lo <= p["net_diff"] <= hi


def test_a_reseeded_variant_is_the_same_bot_drawing_other_numbers() -> None:
    """``reseed`` K moves the bot's seed by K times 2**40 and changes nothing else: 0 is the
    bot as given, 1 draws other numbers (its first random draw differs), and a seat the
    arena seeds with ``s`` plays reseeded as the plain bot seeded with ``s + 2**40`` would."""
    import importlib.util

    from interpreter.rules.loader import load_ruleset

    spec = importlib.util.spec_from_file_location("tune_search_under_test", SCRIPT)
    assert spec is not None and spec.loader is not None
    tune_search = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tune_search)

    rs = load_ruleset("schnapsen")
    plain = tune_search.variant({"iterations": 8}, rs, 12)
    same = tune_search.variant({"iterations": 8, "reseed": 0}, rs, 12)
    other = tune_search.variant({"iterations": 8, "reseed": 1}, rs, 12)
    shifted = tune_search.variant({"iterations": 8}, rs, 12 + 2**40)
    draws = [bot.rng.random() for bot in (plain, same, other, shifted)]  # type: ignore[attr-defined]
    assert draws[0] == draws[1]
    assert draws[2] != draws[0]
    assert draws[2] == draws[3]
    assert other.iterations == plain.iterations == 8  # type: ignore[attr-defined]


def test_a_reseed_that_is_no_whole_number_is_refused_before_any_deal() -> None:
    """``reseed`` -1 (or 1.5, or true) is a usage error: exit 2 with the reason, no deal played."""
    for bad in ("-1", "1.5", "true"):
        done = subprocess.run(
            [sys.executable, str(SCRIPT), "--deals", "1", "--jobs", "1", '{"iterations": 8, "reseed": %s}' % bad],
            capture_output=True, text=True, timeout=120,
        )
        assert done.returncode == 2, (bad, done.stderr)
        assert "reseed must be a whole number 0 or more" in done.stderr
        assert done.stdout == ""
