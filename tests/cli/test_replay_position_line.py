"""``rules replay --show-position`` at a moment that has no position string yet says which
moment it is, as ``position_string`` does in Python: it printed a bare ``position: -``, which
cli.md gave only for a deal that is over.

Burgenland's game (house/burgenland-contra): once trump is named, the defenders may double
before the first lead ("contra"), and a deal being doubled has no string (notation.md)."""

from __future__ import annotations

from pathlib import Path

from clitools import invoke, no_traceback


def test_a_moment_without_a_string_is_named(tmp_path: Path) -> None:
    record = tmp_path / "cd.yaml"
    record.write_text("ruleset: house/burgenland-contra\ndealer: 0\nseed: 1000\nmoves: [trump D]\n", encoding="utf-8")
    out = invoke(["replay", str(record), "--show-position"])
    no_traceback(out)
    assert out.exit_code == 0, out.stderr
    assert out.stdout.splitlines()[-1] == "position: - (a deal being doubled, or doubled: no position string; the record gives the deal)"

