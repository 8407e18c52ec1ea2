"""Records of the naming phase replay: ``trump S`` and ``pass`` in ``moves``
(fixtures in tests/fixtures/family/, each with its expectation worked out by hand in a comment).

* three-player-66: a record's ``trump_card`` is the card a pass of the forehand turns;
* sechsundsechzig-zu-vier: a pass hands the choice to the partner, who must name.
"""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cli.main import app
from interpreter import load_record, replay

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "family"


def test_a_pass_in_a_record_turns_its_trump_card() -> None:
    out = replay(load_record(FIXTURES / "three-player-pass.yaml"))
    st = out.state
    assert out.illegal is None
    assert st.trump_suit() == "C"
    assert st.points == [0, 25, 0] and st.tricks == [0, 1, 0]
    assert st.actor == 1


def test_trump_named_in_a_record() -> None:
    out = replay(load_record(FIXTURES / "three-player-named.yaml"))
    st = out.state
    assert out.illegal is None
    assert st.trump_suit() == "S"
    assert st.points == [0, 0, 25] and st.actor == 2


def test_the_partner_names_in_a_record() -> None:
    out = replay(load_record(FIXTURES / "zu-vier-partner-names.yaml"))
    assert out.illegal is None
    assert out.state.trump_suit() == "S"
    assert out.state.actor == 1 and out.state.leader == 1


def test_a_second_pass_is_reported_illegal() -> None:
    out = replay(load_record(FIXTURES / "zu-vier-partner-passes.yaml"))
    assert out.illegal is not None and out.illegal["index"] == 1 and out.illegal["move"] == "pass"
    assert "partner" in out.illegal["reason"]
    assert out.state.actor == 3 and out.state.trump_suit() is None


def test_rules_replay_reads_the_naming_moves() -> None:
    """The CLI: ``rules replay --json`` of the named record; the trump is spades and seat 2 acts."""
    import json

    result = CliRunner().invoke(app, ["replay", str(FIXTURES / "three-player-named.yaml"), "--json"], prog_name="rules")
    assert result.exit_code == 0, result.stdout
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["trump"] == "S"
    assert report["to_act"] == 2
    assert report["illegal"] is None
    bad = CliRunner().invoke(app, ["replay", str(FIXTURES / "zu-vier-partner-passes.yaml")], prog_name="rules")
    assert bad.exit_code == 1
