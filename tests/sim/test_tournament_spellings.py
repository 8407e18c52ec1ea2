"""A tournament refuses one bot entered under two spellings, in Python as on the command line.

``make_agent`` reads a kind with the spaces around it dropped and its names and levels in any
case (``GREEDY`` is the greedy bot); ``bot_spec``, which the tournament's one check compares,
must read it alike, or ``tournament(rs, ['greedy', 'GREEDY', ...])`` rates one bot twice
while ``rules tournament greedy GREEDY`` refuses it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.play.bots import bot_spec
from interpreter.sim.arena import tournament_entries


@pytest.mark.parametrize(("kinds", "spec"), [
    (["greedy", "GREEDY", " greedy ", "Greedy"], "greedy"),
    (["random", " random"], "random"),
    # easy is 70 iterations, whatever the case of the level or the kind
    (["search:easy", "SEARCH:EASY", "Search:iters=70"], "search:iters=70"),
])
def test_a_kind_is_read_in_any_case_and_without_spaces(kinds: list[str], spec: str) -> None:
    assert [bot_spec(k) for k in kinds] == [spec] * len(kinds)


def test_a_policy_keeps_the_case_of_its_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    # the word policy in any case; the file name as written (case matters to a file system)
    assert bot_spec("POLICY:p.py:act") == bot_spec(" policy:p.py:act") == f"policy:{tmp_path.resolve() / 'p.py'}:act"
    assert bot_spec("Policy:mypkg.Agents:act") == "policy:mypkg.Agents:act"
    assert bot_spec("policy:P.py:act") != bot_spec("policy:p.py:act")


@pytest.mark.parametrize("bots", [
    ["greedy", "GREEDY"],
    ["search:easy", "SEARCH:EASY"],
    ["search:easy", "Search:iters=70"],
    ["policy:mybot.py:pol", "POLICY:mybot.py:pol"],
    ["random", " random"],
])
def test_the_python_tournament_refuses_one_bot_under_two_spellings(bots: list[str]) -> None:
    with pytest.raises(ValueError, match=r"^bot 2: .* is the same bot as bot 1"):
        tournament_entries(bots)
