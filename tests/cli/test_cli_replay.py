"""`rules replay`: records written by `rules run --record` replay to the same scores; the JSON
report has the keys of the record-format spec first, then the whole position; legal actions
come in the deck's order; illegal moves exit 1, unreadable records 2."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from clitools import POSITION_KEYS, REPLAY_KEYS, RULESETS, SEATS, Outcome, invoke, no_traceback, run_rules
from interpreter import DealState, load_ruleset, parse_action
from interpreter.core.actions import CONTINUE

POSITION = """\
ruleset: schnapsen
dealer: 1
hands:
  0: [AH, TH, KH, QH, JH]
  1: [AS, TS, KS, QS, JS]
trump_card: AD
stock: [TD, KD, QD, JD, AC, TC, KC, QC, JC]
moves: [play AH, play AS, play TH]
"""


def check_report(report: dict) -> None:
    """The JSON object of section 3 of the spec: its keys in its order, values of the right
    kinds; then the keys of the whole position, which readers of the spec ignore."""
    assert list(report) == REPLAY_KEYS + POSITION_KEYS
    assert report["status"] in ("in_progress", "deal_over", "illegal")
    assert len(set(report["legal"])) == len(report["legal"])
    if report["status"] == "deal_over":
        assert report["to_act"] is None and report["legal"] == []
    elif report["status"] == "in_progress":
        assert report["illegal"] is None
        assert isinstance(report["to_act"], int) and report["legal"]
        assert report["winner"] is None and report["game_points"] is None
    assert len(report["card_points"]) == len(report["tricks_won"]) == len(report["match_scores"])


def run_and_record(tmp_path: Path, ruleset: str, seed: int, players: list[str], deals: int | None = None) -> tuple[dict, Path]:
    record = tmp_path / f"{ruleset}-{seed}.yaml"
    args = ["run", ruleset, "--seed", str(seed), "--players", ",".join(players), "--json", "--record", str(record)]
    if deals:
        args += ["--deals", str(deals)]
    out = invoke(args)
    assert out.exit_code == 0, out.stderr
    return out.json(), record


def replay_json(record: Path, *extra: str) -> tuple[Outcome, dict]:
    out = invoke(["replay", str(record), "--json", *extra])
    no_traceback(out)
    assert out.exit_code in (0, 1), out.stderr
    report = out.json()
    check_report(report)
    return out, report


# ----------------------------------------------------------------------------- run -> replay
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("kind", ["random", "greedy"])
@pytest.mark.parametrize("seed", [1, 2])
def test_replay_reproduces_the_match_scores(tmp_path: Path, ruleset: str, kind: str, seed: int) -> None:
    summary, record = run_and_record(tmp_path, ruleset, seed, [kind] * SEATS[ruleset])
    out, report = replay_json(record)
    assert out.exit_code == 0
    assert report["status"] == "deal_over"
    assert report["illegal"] is None
    assert report["match_scores"] == summary["match_scores"]
    assert report["match_winner"] == summary["match_winner"]
    last = summary["deals"][-1]
    assert report["winner"] == last["winner"]
    if last["game_points"] is not None:
        assert report["game_points"] == last["game_points"]


def test_replay_through_the_installed_script(tmp_path: Path) -> None:
    record = tmp_path / "m.yaml"
    ran = run_rules(["run", "sechsundsechzig", "--seed", "7", "--json", "--record", str(record)])
    assert ran.exit_code == 0, ran.stderr
    replayed = run_rules(["replay", str(record), "--json"])
    assert replayed.exit_code == 0, replayed.stderr
    assert replayed.json()["match_scores"] == ran.json()["match_scores"]
    assert replayed.stderr == ""


def test_record_names_the_match_seed_and_deals(tmp_path: Path) -> None:
    summary, record = run_and_record(tmp_path, "schnapsen", 3, ["random", "greedy"], deals=2)
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    assert data["ruleset"] == "schnapsen"
    assert [d["seed"] for d in data["deals"]] == [d["seed"] for d in summary["deals"]]
    assert [d["dealer"] for d in data["deals"]] == [d["dealer"] for d in summary["deals"]]


# ----------------------------------------------------------------------------- positions, --until
def test_replay_of_a_position(tmp_path: Path) -> None:
    record = tmp_path / "p.yaml"
    record.write_text(POSITION, encoding="utf-8")
    out, report = replay_json(record)
    assert out.exit_code == 0
    # AH wins AS (AS is no heart and no trump); seat 0 draws TD, seat 1 draws KD; seat 0 leads TH
    # and seat 1 may play any card while the talon is open (in the deck's order: KD, then spades)
    assert {key: report[key] for key in REPLAY_KEYS} == {
        "status": "in_progress",
        "illegal": None,
        "to_act": 1,
        "legal": ["play KD", "play TS", "play KS", "play QS", "play JS"],
        "card_points": [22, 0],
        "tricks_won": [1, 0],
        "winner": None,
        "game_points": None,
        "match_scores": [0, 0],
        "match_winner": None,
    }
    # the whole position: TD and KD drawn from the top of the stock, TH on the table
    assert {key: report[key] for key in POSITION_KEYS if key != "position"} == {
        "winners": [],  # the deal still in play: nobody has won it
        "dealer": 1,
        "leader": 0,
        "hands": [["TD", "KH", "QH", "JH"], ["KD", "TS", "KS", "QS", "JS"]],
        "trump": "D",
        "turn_up": "AD",
        "stock": ["QD", "JD", "AC", "TC", "KC", "QC", "JC"],
        "widow": [],
        "trick": [{"seat": 0, "card": "TH"}],
        "closed": False,
        "closer": None,
    }
    # the position string names the same position: it replays to the same report
    again = invoke(["replay", "schnapsen", "--position", report["position"], "--json"])
    assert again.exit_code == 0 and again.json() == report


def test_until_replays_a_prefix(tmp_path: Path) -> None:
    record = tmp_path / "p.yaml"
    record.write_text(POSITION, encoding="utf-8")
    _, start = replay_json(record, "--until", "0")
    assert start["to_act"] == 0 and start["card_points"] == [0, 0]
    # seat 0 leads: five cards, a marriage in hearts (K and Q), no jack of diamonds to exchange,
    # close; the cards in the deck's order (A T K Q J), the plays before the marriages
    assert start["legal"] == ["play AH", "play TH", "play KH", "play QH", "play JH", "marry KH", "marry QH", "close"]
    _, one = replay_json(record, "--until", "1")
    assert one["to_act"] == 1 and one["legal"] == ["play AS", "play TS", "play KS", "play QS", "play JS"]
    _, two = replay_json(record, "--until", "2")
    assert two["tricks_won"] == [1, 0] and two["card_points"] == [22, 0]
    # the draw after the trick is automatic: seat 0 leads again with TD drawn, a trick won
    assert two["to_act"] == 0
    assert "play TD" in two["legal"] and "declare" in two["legal"]
    _, beyond = replay_json(record, "--until", "99")
    _, full = replay_json(record)
    assert beyond == full


@pytest.mark.parametrize("ruleset", ["schnapsen", "sechsundsechzig", "north-american-4"])
def test_until_matches_the_engine_move_by_move(tmp_path: Path, ruleset: str) -> None:
    """Each prefix of a recorded deal reports the state the engine reaches with those moves."""
    _, record = run_and_record(tmp_path, ruleset, 9, ["random"] * SEATS[ruleset], deals=1)
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    deal = data["deals"][0]
    rs = load_ruleset(ruleset)
    state = DealState.new(rs, deal["dealer"], deal["seed"])
    for k, move in enumerate(deal["moves"]):
        _, report = replay_json(record, "--until", str(k))
        assert report["status"] == "in_progress"
        assert report["card_points"] == state.card_points()
        assert report["tricks_won"] == state.tricks_won()
        action = parse_action(move)
        if CONTINUE in state.legal_codes() and not state.is_legal(action):
            state.push_code(CONTINUE)  # the implicit draw / declining to go out
        state.apply(action)
    assert state.is_over


# ----------------------------------------------------------------------------- illegal moves
def test_illegal_move_exits_1_with_its_index(tmp_path: Path) -> None:
    record = tmp_path / "bad.yaml"
    record.write_text(POSITION.replace("moves: [play AH, play AS, play TH]", "moves: [play AH, play AH, play TS]"))
    out, report = replay_json(record)
    assert out.exit_code == 1
    assert report["status"] == "illegal"
    assert report["illegal"]["index"] == 1
    assert report["illegal"]["move"] == "play AH"
    assert report["illegal"]["reason"]
    # the state reported is the one before the illegal move
    assert report["to_act"] == 1
    assert report["legal"] == ["play AS", "play TS", "play KS", "play QS", "play JS"]
    assert report["card_points"] == [0, 0]


def test_illegal_move_in_a_recorded_match(tmp_path: Path) -> None:
    """A card played twice in a run's record: rejected at its index, later moves not executed."""
    _, record = run_and_record(tmp_path, "sechsundsechzig", 21, ["random", "random"], deals=1)
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    moves = data["deals"][0]["moves"]
    first_play = next(i for i, m in enumerate(moves) if m.startswith("play"))
    k = first_play + 3
    moves[k] = moves[first_play]
    record.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    out, report = replay_json(record)
    assert out.exit_code == 1
    assert report["illegal"]["index"] == k and report["illegal"]["move"] == moves[first_play]
    _, before = replay_json(record, "--until", str(k))
    assert {key: report[key] for key in REPLAY_KEYS if key not in ("status", "illegal")} == {
        key: before[key] for key in REPLAY_KEYS if key not in ("status", "illegal")
    }


def test_illegal_move_text_report(tmp_path: Path) -> None:
    record = tmp_path / "bad.yaml"
    record.write_text(POSITION.replace("play AS", "play AD"))
    out = invoke(["replay", str(record)])
    assert out.exit_code == 1
    # the move's place in the file (line 8, column 18: after "moves: [play AH, "), and in the deal
    assert out.stdout.splitlines()[0] == f"{record}:8:18: moves[1]: deal 1 move 2, 'play AD', is illegal: seat 1 does not hold AD"


# ----------------------------------------------------------------------------- unreadable records
def broken(out: Outcome, file: str, line: int | None, column: int | None, *words: str) -> str:
    """One located message on stderr, nothing on stdout, exit 2, no traceback."""
    assert out.exit_code == 2, (out.stdout, out.stderr)
    no_traceback(out)
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, f"expected one message, got {out.stderr!r}"
    message = lines[0]
    where = f"{file}:{line}:{column}: " if line is not None else f"{file}: "
    assert message.startswith(where), f"{message!r} is not located at {where!r}"
    for word in words:
        assert word in message, f"{word!r} missing from {message!r}"
    return message


@pytest.fixture
def rec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Write a record text to r.yaml in a temporary working folder; return its name."""
    monkeypatch.chdir(tmp_path)

    def write(text: str) -> str:
        Path("r.yaml").write_text(text, encoding="utf-8")
        return "r.yaml"

    return write


def test_unknown_key(rec) -> None:
    name = rec(POSITION.replace("moves:", "movez:"))
    broken(invoke(["replay", name, "--json"]), name, 8, 1, "movez", "did you mean 'moves'")


def test_unknown_key_inside_start(rec) -> None:
    name = rec(POSITION + "start: {leader: 0, trump: D, lead: 1}\n")
    broken(invoke(["replay", name, "--json"]), name, 9, 30, "start.lead", "unknown key 'lead'")


def test_bad_card(rec) -> None:
    name = rec(POSITION.replace("QS, JS", "QS, XS"))
    broken(invoke(["replay", name, "--json"]), name, 5, 23, "hands.1[4]", "'XS'")


def test_card_not_in_the_deck(rec) -> None:
    name = rec(POSITION.replace("QS, JS", "QS, 9S"))
    broken(invoke(["replay", name, "--json"]), name, 5, 23, "hands.1[4]", "9S")


def test_card_given_twice(rec) -> None:
    name = rec(POSITION.replace("QS, JS", "QS, AH"))
    broken(invoke(["replay", name]), name, 5, 23, "AH appears twice")


def test_bad_move_text(rec) -> None:
    name = rec(POSITION.replace("play AS", "plya AS"))
    broken(invoke(["replay", name, "--json"]), name, 8, 18, "moves[1]", "plya AS")


def test_yaml_syntax_error(rec) -> None:
    name = rec(POSITION.replace("[AS, TS, KS, QS, JS]", "[AS, TS, KS, QS, JS"))
    broken(invoke(["replay", name, "--json"]), name, 6, 11, "expected ',' or ']'")


def test_unknown_ruleset(rec) -> None:
    name = rec(POSITION.replace("ruleset: schnapsen", "ruleset: schnapsn"))
    broken(invoke(["replay", name, "--json"]), name, 1, 10, "ruleset", "schnapsn", "schnapsen")


def test_moves_after_the_end_of_the_deal(rec) -> None:
    text = POSITION.replace(
        "moves: [play AH, play AS, play TH]",
        "moves: [play AH, play AS, declare, play TH]",
    )
    name = rec(text)
    out = invoke(["replay", name, "--json"])
    # the spec leaves open whether a move after the end is "illegal" (exit 1, index 3) or makes
    # the record unreadable (exit 2, located at the move); either way it must not be executed
    if out.exit_code == 1:
        report = out.json()
        assert report["status"] == "illegal" and report["illegal"]["index"] == 3
    else:
        broken(out, name, 8, 36, "moves[3]")


def test_missing_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = invoke(["replay", "missing.yaml", "--json"])
    message = broken(out, "missing.yaml", None, None)
    assert "cannot read" in message or "No such file" in message


def test_record_that_is_not_a_mapping(rec) -> None:
    name = rec("- play AH\n- play AS\n")
    broken(invoke(["replay", name, "--json"]), name, 1, 1, "mapping")


def test_empty_record(rec) -> None:
    name = rec("\n")
    broken(invoke(["replay", name, "--json"]), name, 1, 1, "the file is empty")


def test_a_record_of_comments_alone(rec) -> None:
    name = rec("# nothing here\n")
    broken(invoke(["replay", name, "--json"]), name, 1, 1, "the file holds no keys, only comments")


def test_negative_until_is_a_usage_error(tmp_path: Path) -> None:
    record = tmp_path / "p.yaml"
    record.write_text(POSITION, encoding="utf-8")
    out = invoke(["replay", str(record), "--until", "-1"])
    assert out.exit_code == 2
    assert out.stdout == ""
    assert re.search(r"--until", out.stderr)


# A rejected move after an implicit step (the draw, declining to go out) reports the state
# before that step: the record format says the state reported is the one before the illegal move.
PENDING_DRAW = """\
ruleset: sechsundsechzig
dealer: 1
hands:
  0: [9H, KS, QS, JC, TD, 9C]
  1: [AS, TC, KD, JH, QC, 9D]
trump_card: AH
stock: [JS, TH, AD, KC, 9S, QD, KH, AC, JD, TS, QH]
moves: [play JC, play TC, play 9H]
"""

PENDING_GO_OUT = """\
ruleset: schnapsen
dealer: 1
hands:
  0: [KH, QH, AS, TS, KS]
  1: [AD, TD, KD, QD, JD]
trump_card: AC
stock: [QS, JS, AH, TH, JH, TC, KC, QC, JC]
moves: [marry KH, play AC]
"""


def test_illegal_move_after_a_pending_draw_reports_the_state_before_the_draw(tmp_path: Path) -> None:
    record = tmp_path / "pending-draw.yaml"
    record.write_text(PENDING_DRAW, encoding="utf-8")
    out, report = replay_json(record)
    assert out.exit_code == 1
    assert report["illegal"]["index"] == 2  # seat 1 won the trick (TC over JC) and must lead: 9H is seat 0's
    # Before the draw: seat 1 may still close before drawing; after it he would hold JS.
    # Legal = his actions after the automatic draw (AS KD JH QC 9D and the drawn JS in the
    # deck's order, clubs diamonds hearts spades; close; declare after winning a trick), then
    # the draw's own alternative, close before-draw.
    assert report["legal"] == [
        "play QC", "play KD", "play 9D", "play JH", "play AS", "play JS",
        "close", "declare", "close before-draw",
    ]
    assert report["to_act"] == 1
    assert report["card_points"] == [0, 12]  # JC 2 + TC 10


def test_illegal_move_after_a_marriage_reports_the_marriers_chance_to_go_out(tmp_path: Path) -> None:
    record = tmp_path / "pending-go-out.yaml"
    record.write_text(PENDING_GO_OUT, encoding="utf-8")
    out, report = replay_json(record)
    assert out.exit_code == 1
    assert report["illegal"]["index"] == 1  # AC is the turn-up, not in seat 1's hand
    # Seat 0 may still go out after announcing 20 in hearts; seat 1 may play any card (open talon).
    assert report["legal"] == ["play AD", "play TD", "play KD", "play QD", "play JD", "declare"]
