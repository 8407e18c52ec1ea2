"""A match record cut off before its ``deals:`` is refused, not replayed as a one-deal record.

The first lines of what ``rules run --record`` writes -- ``ruleset``, ``seed``, ``players``
(then ``date``, ``result``) -- read on their own as a one-deal record dealt from ``seed``: the
match seed taken for a deal's seed, other cards than the match's first deal, exit status 0.
Such a record (a match header and no deal of its own: no ``moves``, ``dealer``, ``hands``)
says what is missing.  The one-deal records notation.md documents still replay.

Lines and columns are counted by hand in the comments.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import invoke, no_traceback

COMMENT = "# Sixty-Six Rules match record: replay with `rules replay FILE`\n"
EXPECTED = (
    "deals: the list of the match's deals after the headers; a one-deal record gives its moves, and no date or result"
)


def refused(path: Path, headers: str) -> str:
    # the error is located at the top of the record: its first key, on line 2 after the comment
    return (
        f"{path}:2:1: missing key 'deals': the record has the headers of a match record ({headers}) but no deals "
        f"-- it may have been cut short (expected {EXPECTED})\n"
    )


@pytest.mark.parametrize(("body", "headers"), [
    ("ruleset: schnapsen\nseed: 7\nplayers: [greedy, greedy]\n", "seed, players"),
    ("ruleset: schnapsen\nseed: 7\nplayers: [greedy, greedy]\ndate: \"2026-01-01\"\n", "seed, players, date"),
    (
        "ruleset: schnapsen\nseed: 7\nplayers: [greedy, greedy]\ndate: \"2026-01-01\"\n"
        "result: {winner: 0, scores: [7, 1], deals: 4}\n",
        "seed, players, date, result",
    ),
    ("ruleset: schnapsen\nplayers: [greedy, human]\ndate: \"2026-01-01\"\n", "players, date"),  # a human seat: no seed
])
def test_headers_without_deals_are_refused(tmp_path: Path, body: str, headers: str) -> None:
    path = tmp_path / "cut.yaml"
    path.write_text(COMMENT + body, encoding="utf-8")
    for command in (["replay", str(path)], ["replay", str(path), "--json"], ["analyse", str(path), "--iters", "5"]):
        out = invoke(command)
        no_traceback(out)
        assert (out.exit_code, out.stdout, out.stderr) == (2, "", refused(path, headers)), command


def test_the_first_lines_rules_run_writes_are_refused(tmp_path: Path) -> None:
    """The report's case: ``head -4`` of a match record (comment, ruleset, seed, players)."""
    whole = tmp_path / "m7.yaml"
    assert invoke(["run", "schnapsen", "--seed", "7", "--quiet", "--record", str(whole)]).exit_code == 0
    lines = whole.read_text(encoding="utf-8").splitlines(keepends=True)
    assert [line.split(":")[0] for line in lines[1:4]] == ["ruleset", "seed", "players"]
    cut = tmp_path / "t4.yaml"
    cut.write_text("".join(lines[:4]), encoding="utf-8")
    out = invoke(["replay", str(cut)])
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", refused(cut, "seed, players"))


@pytest.mark.parametrize("body", [
    "ruleset: schnapsen\nseed: 7\n",  # a deal dealt from seed 7, nothing played yet
    "ruleset: schnapsen\nseed: 7\nmoves: []\n",
    "ruleset: schnapsen\nplayers: [greedy, greedy]\nseed: 7\nmoves: []\n",  # players, as rules run writes them
    "ruleset: schnapsen\nplayers: [greedy, greedy]\ndealer: 1\nseed: 7\n",
    "ruleset: schnapsen\ndealer: 1\nseed: 1390851128\nmoves: [marry QS, play JD, marry QD, play JC, declare]\n",  # notation.md
])
def test_one_deal_records_still_replay(tmp_path: Path, body: str) -> None:
    path = tmp_path / "one.yaml"
    path.write_text(body, encoding="utf-8")
    out = invoke(["replay", str(path)])
    assert out.exit_code == 0, out.stderr


def test_a_record_cut_off_inside_its_moves_names_them(tmp_path: Path) -> None:
    """Cut in the middle of a deal's moves, a record is a YAML syntax error at its end -- line 9,
    column 23, after "      play AS, play TS" (22 characters) -- said with the list it ends in, as cli.md
    promises every error in a file: `file:line:column: key.path: ...`."""
    text = (
        COMMENT
        + "ruleset: schnapsen\nseed: 1\nplayers: [greedy, greedy]\ndeals:\n"
        + "  - dealer: 0\n    seed: 7\n    moves: [\n      play AS, play TS"
    )
    path = tmp_path / "cut.yaml"
    path.write_text(text, encoding="utf-8")
    out = invoke(["replay", str(path)])
    no_traceback(out)
    assert (out.exit_code, out.stderr) == (
        2, f"{path}:9:23: deals[0].moves: expected ',' or ']', but got '<stream end>' "
        "(expected valid YAML here: 'key: value' lines indented with spaces, closed quotes and brackets)\n",
    )
