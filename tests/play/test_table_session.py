"""The match behind the card table (TableSession): one decision at a time, the record on disk
after every move (RecordWriter.checkpoint), undo in practice mode, resuming from the record."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from interpreter import Match, load_ruleset
from interpreter.core.actions import Play
from interpreter.play.record import load_record, replay
from interpreter.play.recordfile import RecordWriter
from interpreter.core.errors import RulesError
from interpreter.play.session import TableSession, resume


def on_disk(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def play_on(session: TableSession, decisions: int | None = None) -> int:
    """The person plays their first legal move each time, bots theirs, for ``decisions`` of the person's."""
    made = 0
    while not session.match_over and (decisions is None or made < decisions):
        if session.state is None or session.deal_over:
            session.start_deal()
        if not session.bot_step():
            session.act(session.legal()[0])
            made += 1
    return made


def test_checkpoint_keeps_the_deal_in_play_once(tmp_path: Path) -> None:
    rs = load_ruleset("schnapsen")
    path = tmp_path / "r.yaml"
    writer = RecordWriter(rs, seed=5, players=["human", "greedy"], path=path, hide_seed=True)
    moves = writer.begin_deal(1, 111)
    moves += ["play AS"]
    writer.checkpoint()
    assert on_disk(path)["deals"] == [{"dealer": 1, "seed": 111, "moves": ["play AS"]}]
    moves += ["play TS"]
    writer.checkpoint()
    writer.end_deal()  # the deal, checkpointed already, is not written a second time
    writer.begin_deal(0, 222)
    writer.checkpoint()
    data = on_disk(path)
    assert "seed" not in data
    assert data["deals"] == [{"dealer": 1, "seed": 111, "moves": ["play AS", "play TS"]}, {"dealer": 0, "seed": 222, "moves": []}]
    writer.save()
    data = on_disk(path)
    assert data["seed"] == 5 and len(data["deals"]) == 2


def test_every_move_reaches_the_disk(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    session = TableSession(load_ruleset("schnapsen"), 4, ["human", "greedy"], path)
    for _ in range(6):
        play_on(session, 1)
        assert on_disk(path)["deals"][-1]["moves"] == session.moves


def test_undo_gives_back_the_position_before_the_persons_move(tmp_path: Path) -> None:
    rs = load_ruleset("schnapsen")
    session = TableSession(rs, 7, ["human", "greedy"], tmp_path / "r.yaml", practice=True)
    session.start_deal()
    while session.bot_step():
        pass
    before = (session.view(0).hand, session.legal(), list(session.moves))
    play = next(a for a in session.legal() if isinstance(a, Play))
    session.act(play)
    while session.bot_step():
        pass
    assert session.undo()
    assert (session.view(0).hand, session.legal(), list(session.moves)) == before
    assert on_disk(tmp_path / "r.yaml")["deals"][-1]["moves"] == before[2]
    assert before[2] == [] and not session.can_undo(), "the person's first move of the deal was taken back: nothing is left"


def test_no_undo_outside_practice_and_no_hands_before_the_end(tmp_path: Path) -> None:
    session = TableSession(load_ruleset("schnapsen"), 7, ["human", "greedy"], None)
    play_on(session, 2)
    assert not session.can_undo() and not session.undo()
    if not session.deal_over:
        with pytest.raises(RuntimeError):
            session.summary_hands()


def test_a_resumed_match_deals_what_the_match_would_have_dealt(tmp_path: Path) -> None:
    """With the seed in the record, the deals after the resumed one are the match's own."""
    rs = load_ruleset("schnapsen")
    path = tmp_path / "r.yaml"
    session = TableSession(rs, 21, ["human", "greedy"], path)
    play_on(session, 12)
    played = session.number
    session.save()  # the seed is written now
    again = resume(path)
    assert again.number == played
    play_on(again)
    again.save()
    record = load_record(path)
    expected = Match(rs, 21)
    seeds = [expected._rng.getrandbits(32) for _ in record.deals]
    assert [d.seed for d in record.deals] == seeds
    assert replay(record).match_winner is not None


def test_a_record_that_seats_a_trained_policy_runs_its_code_only_when_the_person_asks_for_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A record is a file anybody may have written, and ``policy:FILE.py:NAME`` in its players
    names code that seating the bot imports.  Going on with it (``rules play --resume``, or the
    start screen's look at this folder's saved matches) imports nothing unless the person gave
    that very seat kind (``--opponent``); then it is seated as before."""
    monkeypatch.chdir(tmp_path)
    marker = tmp_path / "imported"
    (tmp_path / "pol.py").write_text(
        f"from pathlib import Path\nPath({str(marker)!r}).write_text('ran')\n"
        "def first(observation, agent):\n    return int(observation['action_mask'].nonzero()[0][0])\n",
        encoding="utf-8",
    )
    rs = load_ruleset("schnapsen")
    path = tmp_path / "rules-play-2026-01-01-0000.yaml"
    session = TableSession(rs, 21, ["human", "greedy"], path)
    play_on(session, 2)
    session.save()
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert doc["players"] == ["human", "greedy"]
    path.write_text(path.read_text(encoding="utf-8").replace("players: [human, greedy]", "players: [human, 'policy:pol.py:first']"), encoding="utf-8")
    with pytest.raises(RulesError, match=r"seat 1 is a trained policy \(policy:pol.py:first\): going on would import and run its code"):
        resume(path)
    with pytest.raises(RulesError):
        resume(path, trusted=("search:normal",))
    from cli.table.start import saved_match

    assert saved_match(tmp_path) is None  # not offered, and nothing imported to find that out
    assert not marker.exists()
    pytest.importorskip("numpy")
    again = resume(path, trusted=("policy:pol.py:first",), write=False)
    assert marker.read_text() == "ran" and again.kinds[1] == "policy:pol.py:first"
