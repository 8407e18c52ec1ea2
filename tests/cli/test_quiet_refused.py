"""``rules run --quiet`` shortens the match log: with ``--matches`` (which prints only the
tally) or ``--json`` (only the summary) there is no log to shorten, so the option did nothing
at all; it is refused, with one line saying which option it does not go with, and exit 2."""

from __future__ import annotations

import pytest

from clitools import invoke

WITH_MATCHES = "error: --quiet: not with --matches, which prints only the tally of the matches\n"
WITH_JSON = "error: --quiet: not with --json, which prints only the summary, never the log\n"


@pytest.mark.parametrize(("args", "said"), [
    (["run", "schnapsen", "--matches", "2", "--quiet"], WITH_MATCHES),
    (["run", "schnapsen", "--quiet", "--matches", "2", "--json"], WITH_MATCHES),
    (["run", "schnapsen", "--json", "--quiet"], WITH_JSON),
    (["run", "schnapsen", "--quiet", "--json", "--deals", "1"], WITH_JSON),
    (["run", "--resume", "no-such-record.yaml", "--json", "--quiet"], WITH_JSON),  # said before the record is read
])
def test_quiet_with_an_output_that_has_no_log_is_refused(args: list[str], said: str) -> None:
    out = invoke(args)
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", said)


def test_quiet_alone_still_shortens_the_log() -> None:
    # the header, one line per deal, the match result: as docs/cli.md shows for seed 7
    out = invoke(["run", "schnapsen", "--seed", "7", "--quiet"])
    assert out.exit_code == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "Schnapsen -- match to 7, seed 7, players: 0 greedy, 1 greedy"
    assert [line.split(":")[0] for line in lines[1:-1]] == [f"Deal {n}" for n in range(1, 7)]
    assert lines[-1] == "Match won by seat 0: seat 0: 8, seat 1: 3"
