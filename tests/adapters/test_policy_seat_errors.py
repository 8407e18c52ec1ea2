"""A ``policy:`` seat whose policy fails: one line naming the seat, the bot and what went
wrong, exit status 2, never a traceback -- in ``rules run``, ``arena``, ``tournament`` and
``simulate``, in one process or several.  A policy that cannot be a seat (a file that does not
import, an object that is no policy) is refused before the first deal, like a missing name;
what finished before the failure is kept as for a stop (the record so far, the figures).

The policies here read the observation as lists (no numpy), the first legal index from the
mask; the expected messages follow from the layout's documented order of the actions
(docs/rl.md): for Schnapsen the 20 cards (AC TC KC QC JC, then diamonds, hearts, spades),
then the 20 marriages in the same order, so index 20 is ``marry AC`` -- never legal.
"""

from __future__ import annotations

import os
import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "cli"))  # the CLI tests' helpers
from clitools import REPO, invoke, no_traceback  # noqa: E402

from interpreter import BotError, load_ruleset  # noqa: E402
from interpreter.play.bots.policy import PolicyAgent  # noqa: E402
from interpreter.play.record import load_record  # noqa: E402
from interpreter.play.runner import MatchLog, play_match  # noqa: E402
from interpreter.sim.arena import deal_specs, play_assignments  # noqa: E402
from interpreter.sim.tally import block_bounds  # noqa: E402

MARRY_AC = 20  # index 20 of Schnapsen's actions: a marriage with the ace of clubs, illegal always

POLICIES = f'''\
def marry_ace(observation, agent):
    return {MARRY_AC}

def text(observation, agent):
    return "play KH"

def boom(observation, agent):
    raise ValueError("my policy broke")

notcallable = 5

def leave(observation, agent):
    raise SystemExit("giving up")
'''
BOOM_LINE = 8  # the line of `raise ValueError` above
LEAVE_LINE = 13  # the line of `raise SystemExit` above


def _first_legal(observation: dict[str, object]) -> int:
    return list(observation["action_mask"]).index(1)  # type: ignore[call-overload, no-any-return]


@pytest.fixture
def pol(tmp_path: Path) -> Path:
    path = tmp_path / "pol.py"
    path.write_text(POLICIES, encoding="utf-8")
    assert POLICIES.splitlines()[BOOM_LINE - 1].strip() == 'raise ValueError("my policy broke")'
    assert POLICIES.splitlines()[LEAVE_LINE - 1].strip() == 'raise SystemExit("giving up")'
    return path


def _commands(kind: str, tmp_path: Path) -> dict[str, list[str]]:
    """Each command that plays, with the policy as its seat 0 (bot A, the first pairing's A)."""
    return {
        "run": ["run", "schnapsen", "--seed", "1", "--players", f"{kind},greedy", "--record", str(tmp_path / "r.yaml")],
        "arena": ["arena", kind, "random", "--deals", "3", "--jobs", "1"],
        "tournament": ["tournament", kind, "random", "greedy", "--deals", "2", "--jobs", "1"],
        "simulate": ["simulate", "schnapsen", "--deals", "10", "--players", f"{kind},random", "--jobs", "1"],
    }


def _error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("error:")]


@pytest.mark.parametrize("command", ["run", "arena", "tournament", "simulate"])
def test_an_illegal_choice_names_the_seat_the_move_and_why(command: str, pol: Path, tmp_path: Path) -> None:
    kind = f"policy:{pol}:marry_ace"
    out = invoke(_commands(kind, tmp_path)[command])
    no_traceback(out)
    assert out.exit_code == 2, out.stderr
    # seat 0 decides in every deal, so its policy fails in the first (with --jobs 1, the first played)
    assert _error_lines(out.stderr) == [f"error: seat 0 ({kind}), deal 1: the policy chose action {MARRY_AC} (marry AC), which is not legal now"]


def test_an_answer_that_is_no_action_index_is_said_as_such(pol: Path, tmp_path: Path) -> None:
    kind = f"policy:{pol}:text"
    out = invoke(_commands(kind, tmp_path)["arena"])
    no_traceback(out)
    assert out.exit_code == 2
    actions = 51  # Schnapsen: 20 plays, 20 marriages, exchange, close, close before-draw, declare, continue, pass, bid 1-5
    assert out.stderr.splitlines() == [
        f"error: seat 0 ({kind}), deal 1: the policy answered 'play KH' (str), not an action index (expected an integer 0 to {actions - 1})",
    ]


def test_a_policy_that_raises_is_its_authors_bug_in_one_line(pol: Path, tmp_path: Path) -> None:
    kind = f"policy:{pol}:boom"
    for command in ("run", "simulate"):
        out = invoke(_commands(kind, tmp_path)[command])
        no_traceback(out)
        assert out.exit_code == 2
        assert _error_lines(out.stderr) == [f"error: seat 0 ({kind}), deal 1: the policy raised ValueError at {pol}:{BOOM_LINE}: my policy broke"]


def test_an_object_that_is_no_policy_is_refused_before_play(pol: Path, tmp_path: Path) -> None:
    kind = f"policy:{pol}:notcallable"
    out = invoke(_commands(kind, tmp_path)["arena"])
    no_traceback(out)
    assert out.exit_code == 2
    assert out.stdout == ""  # nothing played
    assert out.stderr.splitlines() == [
        f"error: bot A: {kind} is an int, not a policy "
        "(expected a callable policy(observation, agent) or an object with action_probabilities(state, player))",
    ]


def test_a_file_that_does_not_parse_is_refused_before_play(tmp_path: Path) -> None:
    syn = tmp_path / "syn.py"
    syn.write_text("def f(:\n", encoding="utf-8")  # the colon, column 7, is where the parameters should be
    for args, option in (
        (["arena", f"policy:{syn}:f", "random", "--deals", "2"], "bot A"),
        (["run", "schnapsen", "--players", f"greedy,policy:{syn}:f"], "--players"),
    ):
        out = invoke(args)
        no_traceback(out)
        assert out.exit_code == 2 and out.stdout == ""
        assert out.stderr.splitlines() == [f"error: {option}: cannot import the policy {syn}: {syn}:1:7: invalid syntax"]


def test_a_file_that_raises_when_imported_is_refused_before_play(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("weights = [1, 2]\nscale = 1 / 0\n", encoding="utf-8")
    out = invoke(["simulate", "schnapsen", "--deals", "2", "--players", f"policy:{bad}:f,random"])
    no_traceback(out)
    assert out.exit_code == 2 and out.stdout == ""
    assert out.stderr.splitlines() == [
        f"error: --players: cannot import the policy {bad}: it raised ZeroDivisionError at {bad}:2: division by zero",
    ]


@pytest.mark.parametrize("command", ["arena", "simulate"])
def test_a_failure_in_a_worker_process_reaches_the_terminal_as_the_same_line(command: str, pol: Path, tmp_path: Path) -> None:
    """Two processes, the real entry point: the pool's RemoteTraceback is not printed."""
    kind = f"policy:{pol}:marry_ace"
    args = {
        "arena": ["arena", kind, "random", "--deals", "4", "--jobs", "2"],
        "simulate": ["simulate", "schnapsen", "--deals", "400", "--players", f"{kind},random", "--jobs", "2"],
    }[command]
    proc = subprocess.run(
        [sys.executable, "-m", "cli.main", *args], capture_output=True, text=True, cwd=REPO, timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert "Traceback" not in proc.stderr + proc.stdout
    assert proc.returncode == 2, proc.stderr
    # Each process fails in the first deal it plays; the failure said is the one a single
    # process meets first, whichever arrives first: that of the arena's deal 1 (its chunks are
    # one deal each) or of the first deal of the simulation's first block.
    firsts = {"arena": {1}, "simulate": {block_bounds(400)[0][0] + 1}}[command]
    lines = proc.stderr.splitlines()
    said = re.fullmatch(rf"error: seat 0 \({re.escape(kind)}\), deal (\d+): the policy chose action {MARRY_AC} \(marry AC\), which is not legal now", lines[0])
    assert len(lines) == 1 and said is not None, proc.stderr
    assert int(said.group(1)) in firsts


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_policy_that_exits_is_a_bot_error_naming_the_seat_and_deal(jobs: str, pol: Path) -> None:
    """``SystemExit`` in a policy is its author's bug like any exception: in one process it
    ended the arena at once (status 1, its message and no seat), in a worker process it was
    said as "a worker process raised SystemExit" with no seat; both now name the seat and deal.
    Two jobs play deals 1 and 2 at once, and deal 1's failure is said, as in one process."""
    kind = f"policy:{pol}:leave"
    proc = subprocess.run(
        [sys.executable, "-m", "cli.main", "arena", kind, "random", "--deals", "4", "--jobs", jobs],
        capture_output=True, text=True, cwd=REPO, timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert "Traceback" not in proc.stderr + proc.stdout
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.splitlines()
    said = re.fullmatch(rf"error: seat 0 \({re.escape(kind)}\), deal (\d+): the policy raised SystemExit at {re.escape(str(pol))}:{LEAVE_LINE}: giving up", lines[-1])
    assert said is not None, proc.stderr
    assert int(said.group(1)) == 1


def test_a_policy_exit_in_python_is_a_bot_error_but_ctrl_c_still_stops() -> None:
    """``sys.exit()`` (status 0, no message) from the policy is a :class:`BotError` with the
    seat and deal; ``KeyboardInterrupt`` goes through as itself: it is the person's stop."""
    import sys as system

    from interpreter import DealState
    from interpreter.play.bots.authors import shown
    from interpreter.play.runner import ask_agent

    def quits(observation: object, agent: str) -> int:
        system.exit()

    def interrupted(observation: object, agent: str) -> int:
        raise KeyboardInterrupt

    rs = load_ruleset("schnapsen")
    state = DealState.new(rs, dealer=1, seed=42)
    with pytest.raises(BotError) as info:
        ask_agent(PolicyAgent(rs, quits, name="policy:p.py:quits"), state, 0, name="policy:p.py:quits", deal=3)
    at = f"{shown(__file__)}:{quits.__code__.co_firstlineno + 1}"  # the line of system.exit(), in this file (it is the policy's author's)
    assert str(info.value) == f"seat 0 (policy:p.py:quits), deal 3: the policy raised SystemExit at {at}"  # no message: no colon
    assert isinstance(info.value.__cause__, SystemExit)
    with pytest.raises(KeyboardInterrupt):
        ask_agent(PolicyAgent(rs, interrupted, name="policy:p.py:interrupted"), state, 0, deal=3)


def test_a_policy_file_that_exits_when_imported_is_refused_in_words(tmp_path: Path) -> None:
    bye = tmp_path / "bye.py"
    bye.write_text("import sys\nsys.exit('no weights here')\n", encoding="utf-8")
    out = invoke(["arena", f"policy:{bye}:f", "random", "--deals", "2"])
    no_traceback(out)
    assert out.exit_code == 2 and out.stdout == ""
    assert out.stderr.splitlines() == [f"error: bot A: cannot import the policy {bye}: it raised SystemExit at {bye}:2: no weights here"]


def test_arena_keeps_the_figures_of_the_deals_before_the_failure(tmp_path: Path) -> None:
    """The policy fails at its first decision of the third deal: the two deals before it are
    reported, as a stopped run's are, then the error."""
    rs = load_ruleset("schnapsen")
    calls: list[int] = []

    def counting(observation: dict[str, object], agent: str) -> int:
        calls.append(1)
        return _first_legal(observation)

    def bot(ruleset: object, seed: int) -> PolicyAgent:
        return PolicyAgent(rs, counting)

    for spec in deal_specs(rs, 2, 0):  # the arena's first two deals, both seat assignments, as `rules arena` plays them
        play_assignments(rs, bot, "random", spec)
    limit = len(calls)
    path = tmp_path / "tired.py"
    path.write_text(
        "calls = [0]\n"
        "def act(observation, agent):\n"
        "    calls[0] += 1\n"
        f"    if calls[0] > {limit}:\n"
        "        raise RuntimeError('tired')\n"
        "    return list(observation['action_mask']).index(1)\n",
        encoding="utf-8",
    )
    kind = f"policy:{path}:act"
    out = invoke(["arena", kind, "random", "--deals", "4", "--jobs", "1"])
    no_traceback(out)
    assert out.exit_code == 2
    assert "stopped by an error: 2 of 4 deals finished" in out.stdout.splitlines()
    assert any(line.startswith("deals won") and "of 4 played" in line for line in out.stdout.splitlines())
    assert out.stderr.splitlines() == [
        "the run stopped on an error: the figures are of the 2 of 4 deals that finished",
        f"error: seat 0 ({kind}), deal 3: the policy raised RuntimeError at {path}:5: tired",
    ]


def test_run_keeps_the_deal_in_progress_in_its_record(tmp_path: Path) -> None:
    """Both seats play the first legal action; seat 0's policy turns illegal at a call in the
    middle of the second deal.  The record holds the first deal whole and the second up to
    the move before that call."""
    rs = load_ruleset("schnapsen")
    seed = 4
    log = MatchLog()
    at_call: list[tuple[int, int]] = []  # per call of seat 0: (deal number, moves made in it so far)

    def watched(observation: dict[str, object], agent: str) -> int:
        if agent == "player_0":
            at_call.append((len(log.deals), len(log.deals[-1][2])))
        return _first_legal(observation)

    play_match(rs, [PolicyAgent(rs, watched), PolicyAgent(rs, watched)], seed=seed, max_deals=2, log=log)
    failing = next(n for n, (deal, made) in enumerate(at_call) if deal == 2 and made >= 2)  # a call with moves before it
    deal, made = at_call[failing]
    path = tmp_path / "late.py"
    path.write_text(
        "calls = [0]\n"
        "def act(observation, agent):\n"
        "    if agent == 'player_0':\n"
        "        calls[0] += 1\n"
        f"        if calls[0] > {failing}:\n"
        f"            return {MARRY_AC}\n"
        "    return list(observation['action_mask']).index(1)\n",
        encoding="utf-8",
    )
    kind = f"policy:{path}:act"
    record = tmp_path / "late.yaml"
    out = invoke(["run", "schnapsen", "--seed", str(seed), "--players", f"{kind},{kind}", "--record", str(record)])
    no_traceback(out)
    assert out.exit_code == 2
    assert out.stderr.splitlines() == [
        f"the match stopped on an error; the record so far is saved in {record}",
        f"error: seat 0 ({kind}), deal 2: the policy chose action {MARRY_AC} (marry AC), which is not legal now",
    ]
    kept = load_record(record)
    assert len(kept.deals) == deal == 2
    assert [str(m) for m in kept.deals[0].moves] == log.deals[0][2]
    assert [str(m) for m in kept.deals[1].moves] == log.deals[1][2][:made]


def _tired(path: Path, limit: int) -> str:
    """A policy file that plays the first legal action for seat 0's first ``limit`` calls (and
    always for the other seats), then raises; its seat kind."""
    path.write_text(
        "calls = [0]\n"
        "def act(observation, agent):\n"
        "    if agent == 'player_0':\n"
        "        calls[0] += 1\n"
        f"        if calls[0] > {limit}:\n"
        "            raise RuntimeError('tired')\n"
        "    return list(observation['action_mask']).index(1)\n",
        encoding="utf-8",
    )
    return f"policy:{path}:act"


def test_run_matches_keeps_the_tally_of_the_matches_before_the_failure(tmp_path: Path) -> None:
    """``rules run --matches``: seat 0's policy fails at its first call of the third match."""
    rs = load_ruleset("schnapsen")
    calls: list[int] = []

    def counting(observation: dict[str, object], agent: str) -> int:
        if agent == "player_0":
            calls.append(1)
        return _first_legal(observation)

    for seed in (10, 11):  # matches 1 and 2 of --seed 10
        play_match(rs, [PolicyAgent(rs, counting), PolicyAgent(rs, counting)], seed=seed)
    kind = _tired(tmp_path / "tired.py", len(calls))
    out = invoke(["run", "schnapsen", "--matches", "4", "--seed", "10", "--players", f"{kind},{kind}"])
    no_traceback(out)
    assert out.exit_code == 2
    assert out.stdout.splitlines()[-1].startswith("2 matches (stopped by an error), ")
    assert out.stderr.splitlines() == [  # the third match is played from the seed 10 + 2
        "the run stopped on an error in match 3 (seed 12), deal 1: the tally is of the 2 of 4 matches that finished",
        f"error: seat 0 ({kind}), match 3, deal 1: the policy raised RuntimeError at {tmp_path / 'tired.py'}:6: tired",
    ]


def test_simulate_keeps_the_figures_of_the_blocks_before_the_failure(tmp_path: Path) -> None:
    """Seat 0's policy tires after 300 calls, some way into 200 deals (one block each): the
    blocks that finished are reported, and the same count said on both streams."""
    kind = _tired(tmp_path / "tired.py", 300)
    out = invoke(["simulate", "schnapsen", "--deals", "200", "--players", f"{kind},random", "--jobs", "1"])
    no_traceback(out)
    assert out.exit_code == 2
    said = re.fullmatch(
        r"the run stopped on an error: the figures are of the (\d+) of 200 deals that finished", out.stderr.splitlines()[0],
    )
    assert said is not None, out.stderr
    done = int(said.group(1))
    assert 0 < done < 200
    assert f"stopped by an error: {done} of 200 deals finished" in out.stdout.splitlines()
    # one deal a block, played in order: the deal that failed is the one after those that finished
    assert out.stderr.splitlines()[1:] == [f"error: seat 0 ({kind}), deal {done + 1}: the policy raised RuntimeError at {tmp_path / 'tired.py'}:6: tired"]


def test_a_bot_error_crosses_from_a_worker_process_whole() -> None:
    """A worker's exception reaches the parent pickled, and comes out as the same error
    (every class of the family: tests/unit/test_error_pickling.py)."""
    error = BotError("the policy chose action 20 (marry AC), which is not legal now", seat=1, bot="policy:p.py:act", deal=3)
    back = pickle.loads(pickle.dumps(error))
    assert isinstance(back, BotError)
    assert (back.seat, back.bot, back.deal, str(back)) == (
        1, "policy:p.py:act", 3, "seat 1 (policy:p.py:act), deal 3: the policy chose action 20 (marry AC), which is not legal now",
    )


# ----------------------------------------------------------------------------- OpenSpiel-style distributions
#: Schnapsen's end game of docs/api.md: seat 0 may play AS (index 15: the clubs AC TC KC QC JC,
#: then diamonds, hearts, and AS first of spades) or declare (index 43: after the 20 plays and
#: 20 marriages come exchange 40, close 41, close before-draw 42, declare 43).
PLAY_AS, DECLARE = 15, 43


def _end_view() -> object:
    from interpreter import deal_from_mapping

    state = deal_from_mapping("schnapsen", {
        "dealer": 1,
        "start": {"leader": 0, "card_points": [60, 40], "tricks_won": [4, 3], "trump": "H"},
        "hands": {0: ["AS"], 1: ["JS"]},
    })
    return state.view(0)


class _Answers:
    """An OpenSpiel-style policy whose distribution is always ``dist``."""

    def __init__(self, dist: dict[int, float]) -> None:
        self.dist = dist

    def action_probabilities(self, state: object, player: int) -> dict[int, float]:
        return self.dist


@pytest.mark.parametrize("dist", [{9999: 1.0}, {}, {MARRY_AC: 1.0}, {PLAY_AS: 0.0, DECLARE: 0.0}])
def test_a_distribution_with_no_weight_on_a_legal_action_is_a_bot_error_not_a_random_move(dist: dict[int, float]) -> None:
    rs = load_ruleset("schnapsen")
    for greedy in (False, True):
        agent = PolicyAgent(rs, _Answers(dist), greedy=greedy, name="policy:p.py:pol")
        view = _end_view()
        with pytest.raises(BotError) as info:
            agent.choose(view, list(view.legal))  # type: ignore[attr-defined]
        assert str(info.value) == (
            f"seat 0 (policy:p.py:pol): the policy gave no weight to any legal action: it answered {dist!r} "
            f"(expected weight on one of: {PLAY_AS} (play AS), {DECLARE} (declare))"
        )


@pytest.mark.parametrize(("dist", "said"), [
    ({True: 1.0}, "action_probabilities gave the key True (bool), not an action index (expected integers 0 to {top})"),
    ({1.5: 1.0}, "action_probabilities gave the key 1.5 (float), not an action index (expected integers 0 to {top})"),
    ({"3": 1.0}, "action_probabilities gave the key '3' (str), not an action index (expected integers 0 to {top})"),
    ({3: "most"}, "action_probabilities gave action 3 the weight 'most' (str), not a number (expected probabilities: finite numbers, 0 or more)"),
    ([0.5, 0.5], "action_probabilities answered [0.5, 0.5] (list), not a mapping (expected a dict of action index to probability, such as {{3: 0.75, 5: 0.25}})"),
])
def test_a_distribution_keyed_by_no_action_index_is_a_bot_error(dist: object, said: str) -> None:
    """``int(True)`` and ``int(1.5)`` are 1: such keys were taken for action 1."""
    rs = load_ruleset("schnapsen")
    view = _end_view()
    agent = PolicyAgent(rs, _Answers(dist), name="policy:p.py:pol")  # type: ignore[arg-type]
    with pytest.raises(BotError) as info:
        agent.choose(view, list(view.legal))  # type: ignore[attr-defined]
    assert info.value.reason == said.format(top=agent.layout.actions - 1)
    assert info.value.seat == 0


def test_weight_on_actions_that_are_not_legal_is_masked_out() -> None:
    """Nine tenths on an illegal marriage, a tenth on declaring: the policy declares, every
    time, sampled or greedy."""
    rs = load_ruleset("schnapsen")
    view = _end_view()
    for seed in range(20):
        for greedy in (False, True):
            agent = PolicyAgent(rs, _Answers({MARRY_AC: 0.9, DECLARE: 0.1}), seed=seed, greedy=greedy)
            assert str(agent.choose(view, list(view.legal))) == "declare"  # type: ignore[attr-defined]


@pytest.mark.parametrize("weight", [float("nan"), -0.5, float("inf")])
def test_a_weight_that_is_no_probability_is_a_bot_error(weight: float) -> None:
    rs = load_ruleset("schnapsen")
    view = _end_view()
    agent = PolicyAgent(rs, _Answers({PLAY_AS: 0.5, DECLARE: weight}), name="policy:p.py:pol")
    with pytest.raises(BotError) as info:
        agent.choose(view, list(view.legal))  # type: ignore[attr-defined]
    assert info.value.reason == f"the policy gave action {DECLARE} the weight {weight} (expected probabilities: finite numbers, 0 or more)"


def test_rules_run_stops_on_a_distribution_with_no_legal_weight(tmp_path: Path) -> None:
    """The tester's ``badospolicy``: all weight on action 9999, which no ruleset has."""
    pol = tmp_path / "os.py"
    pol.write_text(
        "class Bad:\n"
        "    def action_probabilities(self, state, player_id=None):\n"
        "        return {9999: 1.0}\n"
        "bad = Bad()\n",
        encoding="utf-8",
    )
    kind = f"policy:{pol}:bad"
    out = invoke(["run", "schnapsen", "--seed", "1", "--players", f"{kind},greedy", "--record", str(tmp_path / "r.yaml")])
    no_traceback(out)
    assert out.exit_code == 2
    from interpreter import Match
    from interpreter.play.bots.policy import layout as layout_of

    rs = load_ruleset("schnapsen")
    first = Match(rs, 1).next_deal()  # rules run --seed 1 deals this first; seat 0 leads it (dealer 1)
    lay = layout_of(rs)
    legal = ", ".join(f"{lay.index_of[c]} ({rs.action_of[c]})" for c in sorted(first.legal_codes(), key=lay.index_of.__getitem__))
    assert _error_lines(out.stderr) == [
        f"error: seat 0 ({kind}), deal 1: the policy gave no weight to any legal action: it answered {{9999: 1.0}} (expected weight on one of: {legal})",
    ]


# ----------------------------------------------------------------------------- answers that are truth values
@pytest.mark.parametrize("answer", [True, False, "numpy"])
def test_a_truth_value_is_no_action_index(answer: object) -> None:
    """``True`` is 1 to ``operator.index``; here action 1 is legal (the first deal of
    docs/api.md: seat 0 holds TC, index 1 after AC), so a policy answering ``True`` would play
    TC unnoticed.  A bool is refused like text, naming the seat, the policy and the deal."""
    import numpy as np

    from interpreter import DealState
    from interpreter.play.runner import ask_agent

    value = np.bool_(True) if answer == "numpy" else answer
    rs = load_ruleset("schnapsen")
    state = DealState.new(rs, dealer=1, seed=42)
    assert str(state.hand(0)) == "TC QC KH TS JS" and state.actor == 0
    agent = PolicyAgent(rs, lambda observation, agent: value, name="policy:p.py:yes")
    with pytest.raises(BotError) as info:
        ask_agent(agent, state, 0, name=agent.name, deal=3)
    kind = "bool" if answer != "numpy" else type(value).__name__
    assert str(info.value) == (
        f"seat 0 (policy:p.py:yes), deal 3: the policy answered {value!r} ({kind}), not an action index (expected an integer 0 to 50)"
    )
