"""The match behind the card table (TableSession): one decision at a time, the record on disk
after every move (RecordWriter.checkpoint), undo in practice mode, resuming from the record."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import yaml

from interpreter import DealState, Match, load_ruleset
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
    writer.save()  # the match stopped unfinished: it may go on, so the seed stays out
    data = on_disk(path)
    assert "seed" not in data and len(data["deals"]) == 2


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
        with pytest.raises(ValueError, match="the deal is not over"):
            session.summary_hands()


def test_a_resumed_match_given_its_own_seed_deals_what_the_match_would_have_dealt(tmp_path: Path) -> None:
    """A program that knows the match seed (``resume(path, seed=...)``) gets the match it would
    have had without the stop, and the record names that seed once the match is won."""
    rs = load_ruleset("schnapsen")
    path = tmp_path / "r.yaml"
    session = TableSession(rs, 21, ["human", "greedy"], path)
    play_on(session, 12)
    played = session.number
    session.save()
    assert "seed" not in on_disk(path)  # unfinished: kept from the person
    again = resume(path, seed=21)
    assert again.number == played and again.seed_named
    play_on(again)
    again.save()
    record = load_record(path)
    expected = Match(rs, 21)
    seeds = [expected._rng.getrandbits(32) for _ in record.deals]
    assert [d.seed for d in record.deals] == seeds
    assert replay(record).match_winner is not None
    assert on_disk(path)["seed"] == 21


def deal_seeds_of(seed: int, count: int) -> list[int]:
    """The seeds of a match's first ``count`` deals, worked out from its seed as the match
    draws them (each deal's seed is the next 32 bits of ``random.Random(seed)``)."""
    rng = random.Random(seed)
    return [rng.getrandbits(32) for _ in range(count)]


def play_to_the_next_deal(session: TableSession) -> None:
    """Play the deal in play out (the person's first legal move each time), then deal the next."""
    while not session.deal_over:
        if not session.bot_step():
            session.act(session.legal()[0])
    assert not session.match_over
    session.start_deal()


@pytest.mark.parametrize("seed_header", [False, True])
def test_a_match_taken_up_again_deals_the_rest_from_a_fresh_seed(tmp_path: Path, seed_header: bool) -> None:
    """Quit in the first deal of a match of seed 21: the record keeps the seed out, and the
    match taken up again deals its second deal from a fresh seed, not the one seed 21 gives
    (worked out here from the seed) -- also when the record's header says ``seed: 21``, as an
    earlier version wrote it and as anybody can write it in: following it would tell the
    person (or let him choose) the cards to come.  The record still replays, deal by deal from
    its own seeds, and once the match is won it names no match seed: none gives all its deals."""
    rs = load_ruleset("schnapsen")
    path = tmp_path / "r.yaml"
    session = TableSession(rs, 21, ["human", "greedy"], path)
    play_on(session, 2)
    assert session.number == 1 and not session.deal_over
    session.save()
    text = path.read_text(encoding="utf-8")
    assert re.search(r"^seed:", text, re.M) is None
    if seed_header:
        path.write_text(text.replace("players:", "seed: 21\nplayers:"), encoding="utf-8")
        assert load_record(path).meta["seed"] == 21
    first, second = deal_seeds_of(21, 2)
    assert load_record(path).deals[0].seed == first  # the deal in play keeps its own seed

    again = resume(path)
    assert again.seed != 21 and not again.seed_named
    play_to_the_next_deal(again)
    assert again.number == 2 and again.match.deal_seeds[-1] != second
    from_old_seed = DealState.new(rs, again.state.dealer, second)
    assert [again.state.hand(s) for s in range(2)] != [from_old_seed.hand(s) for s in range(2)]

    play_on(again)
    again.save()
    data = on_disk(path)
    assert "seed" not in data and data["result"]["winner"] is not None
    record = load_record(path)
    assert [d.seed for d in record.deals][:2] == [first, again.match.deal_seeds[1]]
    outcome = replay(record)
    assert outcome.illegal is None and outcome.match_winner == data["result"]["winner"]


def test_a_match_won_without_a_stop_names_its_seed(tmp_path: Path) -> None:
    rs = load_ruleset("schnapsen")
    path = tmp_path / "r.yaml"
    session = TableSession(rs, 21, ["human", "greedy"], path)
    play_on(session)
    session.save()
    data = on_disk(path)
    assert data["seed"] == 21 and [d["seed"] for d in data["deals"]] == deal_seeds_of(21, len(data["deals"]))


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


def test_a_hint_is_for_the_seat_to_act() -> None:
    # seat 0 (the person) leads the first trick of a Schnapsen deal dealt by seat 1
    session = TableSession(load_ruleset("schnapsen"), 4, ["human", "greedy"], None, practice=True)
    session.start_deal()
    while session.bot_step():
        pass
    assert session.state is not None
    actor = session.state.actor
    assert actor == 0
    assert session.hint(0) in session.legal()
    with pytest.raises(ValueError, match="seat 1 is not to act"):
        session.hint(1)
