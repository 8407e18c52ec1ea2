"""What the commands' reports say of themselves: a comparison of different decks names its
unpaired test under the table, and a stopped run without matches counts deals only.

The page markup itself is checked in tests/sim/test_report_page.py; here, the commands.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clitools import invoke, no_traceback

#: Divides by zero only in a deal whose loser took no trick: some deals finish before one fails.
SOMETIMES_BAD = 'extends: schnapsen\nname: dz\nscoring:\n  game_points: "1 + opponent_tricks // opponent_tricks"\n'


def test_a_comparison_of_different_decks_names_its_unpaired_test() -> None:
    # Santase deals 24 cards, Schnapsen 20: the decks differ, so the blocks are independent
    out = invoke(["compare", "house/santase", "schnapsen", "--deals", "20", "--jobs", "1"])
    assert out.exit_code == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[2].endswith("; the decks or deals differ: the deals are independent (unpaired)")
    assert lines[-1] == ("differences and p-values are unpaired (the decks differ: independent blocks of deals, matched by index), "
                         "with Student's t; see docs/simulate.md")
    assert not any("paired by block" in line for line in lines)


def test_a_comparison_of_the_same_deck_stays_paired() -> None:
    out = invoke(["compare", "house/sharp-schnapsen", "schnapsen", "--deals", "20", "--jobs", "1"])
    assert out.exit_code == 0, out.stderr
    assert out.stdout.splitlines()[-1] == "differences and p-values are paired by block of deals, with Student's t; see docs/simulate.md"


@pytest.mark.parametrize(("matches", "unit"), [([], "deals"), (["--matches", "1"], "deals and matches")])
def test_a_run_cut_short_counts_matches_only_when_some_were_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, matches: list[str], unit: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dz.yaml").write_text(SOMETIMES_BAD, encoding="utf-8")
    out = invoke(["simulate", "dz.yaml", "--deals", "200", "--jobs", "1", *matches])
    no_traceback(out)
    assert out.exit_code == 2, out.stderr
    total = 200 + len(matches) // 2
    stopped = [line for line in out.stdout.splitlines() if line.startswith("stopped by an error: ")]
    assert len(stopped) == 1 and stopped[0].endswith(f" of {total} {unit} finished"), out.stdout
    assert out.stderr.splitlines()[0].endswith(f" of {total} {unit} that finished"), out.stderr

