"""rules analyse: one line per decision or --json, bad arguments exit 2."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cli.main import app
from interpreter.play.record import load_record

runner = CliRunner()


def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.yaml"
    result = runner.invoke(app, ["run", "schnapsen", "--players", "random,greedy", "--deals", "1", "--seed", "3", "--record", str(path)])
    assert result.exit_code == 0, result.output
    return path


def test_json_lists_the_decisions_of_the_seat_asked(tmp_path: Path) -> None:
    path = record(tmp_path)
    result = runner.invoke(app, ["analyse", str(path), "--seat", "1", "--iters", "60", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["complete"] and data["decisions"]
    assert data["interrupted"] is False and data["error"] is None  # the fields of every long run's JSON
    for d in data["decisions"]:
        assert d["seat"] == 1 and d["best_value"] >= d["played_value"] - 1e-9 and d["loss"] >= 0


def test_bad_seat_and_missing_file(tmp_path: Path) -> None:
    path = record(tmp_path)
    bad = runner.invoke(app, ["analyse", str(path), "--seat", "2"])
    assert bad.exit_code == 2 and "seats 0 to 1" in bad.output
    missing = runner.invoke(app, ["analyse", str(tmp_path / "none.yaml")])
    assert missing.exit_code == 2


def test_a_record_with_an_illegal_move_is_one_message_not_a_traceback(tmp_path: Path) -> None:
    # deal seed 3, dealer 1: seat 0 leads AS (it holds it), and seat 1 cannot play AS as well
    path = tmp_path / "bad.yaml"
    path.write_text("ruleset: schnapsen\ndeals:\n  - dealer: 1\n    seed: 3\n    moves: [play AS, play AS]\n", encoding="utf-8")
    out = runner.invoke(app, ["analyse", str(path), "--iters", "10"])
    assert out.exit_code == 2
    assert out.exception is None or isinstance(out.exception, SystemExit)  # no traceback
    # line 5, column 22: the second 'play AS' after "    moves: [play AS, "; deal 1 move 2, as the analysis counts
    assert out.stderr == (
        f"{path}:5:22: deals[0].moves[1]: deal 1 move 2, 'play AS', is illegal: seat 1 does not hold AS (rules replay {path} shows the position)\n"
    )


ENDGAME = (Path(__file__).resolve().parents[1] / "fixtures" / "records" / "endgame.yaml").read_text(encoding="utf-8")


def test_each_decision_shows_the_position_what_its_values_rest_on_and_the_best_line(tmp_path: Path) -> None:
    """The endgame of tests/play/test_analysis.py, worked by hand there: leading AH loses the
    last trick (-1), leading KS wins it (+1), a false declaration costs 2.  Seat 1's moves are
    forced (one card to follow suit with); seat 0's second lead is a choice between its last
    card (KS, beaten by AS: seat 1 takes the last trick, -1) and declaring with 61 (false:
    -2).  The graded line says what was lost (+1.00 - -1.00 = 2.00), the summary the unit."""
    path = tmp_path / "end.yaml"
    path.write_text(ENDGAME, encoding="utf-8")
    out = runner.invoke(app, ["analyse", str(path), "--iters", "50"])
    assert out.exit_code == 0, out.output
    assert out.stdout == (
        "deal 1 move  1 seat 0: play AH      -1.00  best play KS      +1.00  blunder (loss 2.00)\n"
        "    hand AH KS | to lead | trump hearts | talon gone\n"
        "    points: you 40, opponent 44; tricks: you 4, opponent 4\n"
        "    values: exact over the only hand the opponent can hold\n"
        "    best line with the cards as they lay: you KS, opponent AS, opponent TH, you AH\n"
        "deal 1 move  3 seat 0: play KS      -1.00  best\n"
        "    hand KS | to lead | trump hearts | talon gone\n"
        "    points: you 61, opponent 44; tricks: you 5, opponent 4\n"
        "    values: exact over the only hand the opponent can hold\n"
        "    best line with the cards as they lay: you KS, opponent AS\n"
        "2 decisions analysed, 1 graded: 1 blunder; values in game points\n"
    )
    brief = runner.invoke(app, ["analyse", str(path), "--iters", "50", "--brief"])
    lines = out.stdout.splitlines()
    assert brief.stdout.splitlines() == [lines[0], lines[5], lines[-1]]
    data = json.loads(runner.invoke(app, ["analyse", str(path), "--iters", "50", "--json"]).stdout)
    d, last = data["decisions"]
    assert last["values"] == {"play KS": -1, "declare": -2}
    assert (d["exact"], d["worlds"], d["iterations"]) == (True, 1, 0)
    assert d["seen"] == {"hand": ["AH", "KS"], "trick": [], "trump": "H", "turn_up": None, "talon": 0, "closed": False,
                         "points": [40, 44], "tricks": [4, 4], "auction": False, "declarer": None, "bid": None, "face_down": None}
    assert d["line"] == [{"seat": 0, "action": "play KS"}, {"seat": 1, "action": "play AS"},
                         {"seat": 1, "action": "play TH"}, {"seat": 0, "action": "play AH"}]


def test_a_deal_a_person_is_still_playing_gets_no_best_line(tmp_path: Path) -> None:
    """The hand-worked endgame with a human seat 0, stopped after its first card: seat 1's
    cards are still hidden from the person, and the best line with the cards as they lie
    (you KS, opponent AS, opponent TH, you AH) would show them.  The person's own decision is
    analysed -- over the only hand seat 1 can hold, which the person can work out too -- but
    without the line; --reveal (the other seats' eyes as well) shows it."""
    text = ENDGAME.replace("moves: [play AH, play TH, play KS, play AS]", "players: [human, greedy]\nmoves: [play AH]")
    path = tmp_path / "live.yaml"
    path.write_text(text, encoding="utf-8")
    out = runner.invoke(app, ["analyse", str(path), "--iters", "50", "--json"])
    assert out.exit_code == 0, out.output
    (d,) = json.loads(out.stdout)["decisions"]
    assert d["seat"] == 0 and d["best"] == "play KS" and d["line"] == []
    text_out = runner.invoke(app, ["analyse", str(path), "--iters", "50"]).stdout
    assert "best line" not in text_out and "AS" not in text_out
    revealed = json.loads(runner.invoke(app, ["analyse", str(path), "--iters", "50", "--json", "--reveal"]).stdout)
    assert revealed["decisions"][0]["line"][:2] == [{"seat": 0, "action": "play KS"}, {"seat": 1, "action": "play AS"}]


def test_naming_trump_from_the_first_cards_is_not_graded_as_a_value_nobody_searched(tmp_path: Path) -> None:
    """In Burgenland Schnapsen the seat after the dealer names trump from its first cards, and the
    search names it as the heuristic does, drawing no hidden deal: no value, so no decision
    to grade (it was shown as "best" at +0.00 "estimated by 0 searches")."""
    path = tmp_path / "b.yaml"
    made = runner.invoke(app, ["run", "house/burgenland", "--seed", "11", "--deals", "1", "--record", str(path), "--quiet"])
    assert made.exit_code == 0, made.output
    first = load_record(path).deals[0]
    assert str(first.moves[0]).startswith("trump ")  # the record opens with the naming, by seat 2
    data = json.loads(runner.invoke(app, ["analyse", str(path), "--iters", "20", "--json"]).stdout)
    assert data["decisions"]
    for d in data["decisions"]:
        assert not d["played"].startswith("trump ")
        assert d["exact"] or d["iterations"] > 0, d


def test_a_call_of_the_auction_is_shown_as_one_without_a_talon_where_the_game_has_none(tmp_path: Path) -> None:
    path = tmp_path / "na.yaml"
    made = runner.invoke(app, ["run", "north-american-4", "--seed", "5", "--deals", "1", "--record", str(path), "--quiet"])
    assert made.exit_code == 0, made.output
    out = runner.invoke(app, ["analyse", str(path), "--seat", "0", "--iters", "10"])
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    heads = [k for k, line in enumerate(lines) if line.startswith("deal 1 move")]
    calls = [k for k in heads if lines[k].split(": ", 1)[1].startswith(("pass", "bid"))]
    plays = [k for k in heads if lines[k].split(": ", 1)[1].startswith("play")]
    assert calls and plays
    for k in calls:
        assert "| in the auction |" in lines[k + 1] and "to lead" not in lines[k + 1]
    for k in heads:
        assert "talon" not in lines[k + 1]  # North American 66 deals every card: no talon


def test_a_value_that_rounds_to_nothing_is_never_negative_zero() -> None:
    from cli.analyse import _number
    from cli.analysis_words import signed

    assert [signed(v) for v in (-0.0, -0.004, 0.004, -0.005001, 1.0)] == ["+0.00", "+0.00", "+0.00", "-0.01", "+1.00"]
    assert [str(_number(v)) for v in (-0.0, -0.00004, -0.00006)] == ["0.0", "0.0", "-0.0001"]


DZ = "extends: schnapsen\nname: dz\nscoring:\n  game_points: \"points // opponent_tricks\"\n"
DZ_RECORD = (
    "ruleset: dz.yaml\nseed: 7\nplayers: [greedy, greedy]\ndeals:\n  - dealer: 0\n    seed: 4071050724\n"
    "    moves: [exchange, play JD, play TD, play KH, play TC, play KC, play QH, close, play AS, play KS, play AC, play JH, play TS, play QD]\n"
)


def test_a_house_formula_that_fails_only_where_the_search_looks_stops_nothing(tmp_path: Path) -> None:
    """The record's own deal never divides by zero, but the search reaches ends where the
    opponents took no trick: those are imagined, so the analysis goes on, valuing them as the
    worst for every side (``UNSCORABLE``, -1, times Schnapsen's largest deal score, 3).  At
    move 14 seat 1, without a trick or a trump, follows the ten of trumps: seat 0 takes this
    trick and every later one (seat 1 holds no heart and no trump) and has 66 after any of
    them, so every line ends with seat 0 winning against an opponent without a trick."""
    (tmp_path / "dz.yaml").write_text(DZ, encoding="utf-8")
    (tmp_path / "rec.yaml").write_text(DZ_RECORD, encoding="utf-8")
    out = runner.invoke(app, ["analyse", str(tmp_path / "rec.yaml"), "--iters", "30", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["complete"] and data["error"] is None
    last = data["decisions"][-1]
    assert (last["move"], last["seat"], last["played"]) == (14, 1, "play QD")
    assert last["values"] == {"play QD": -3.0, "play AD": -3.0, "play KD": -3.0}
    assert "division by zero" not in out.stderr


def test_a_seat_asked_for_whose_decisions_the_deal_in_play_may_not_show_is_told_so(tmp_path: Path) -> None:
    from cli.analyse import _secret_note

    assert _secret_note(2, 0, [1]) == (
        "note: deal 3 is unfinished and the record has a human seat: only seat 0's decisions in it may be shown, "
        "and --seat asks for 1: none of them shown (--reveal shows all)")
    assert _secret_note(2, 0, [0, 1]).endswith("seat 0's decisions in it shown (--reveal shows all)")
    assert _secret_note(0, 1, None).endswith("seat 1's decisions in it shown (--reveal shows all)")
    assert _secret_note(0, None, None).endswith("no decision in it shown (--reveal shows all)")


# Dreierschnapsen, a deal of random play (rules run house/dreierschnapsen --players random,random,random --seed 6): seat 0 announces the Bettler (bid 1, no trick,
# no trump) and, having taken the talon, lays two cards away.
BETTLER = (
    "ruleset: house/dreierschnapsen\nseed: 6\nplayers: [random, random, random]\ndeals:\n  - dealer: 1\n"
    "    seed: 3407369726\n    moves: [pass, pass, bid 1, pass, discard AC, discard QC, play TD]\n"
)


def test_a_contract_is_said_by_its_name_played_without_trumps_and_laying_away_is_no_lead(tmp_path: Path) -> None:
    """The ruleset names bid 1 the Bettler: the analysis says ``Bettler (bid 1)``, as the table
    says a contract; once it is played there are no trumps for good (``no trump``, not ``no
    trump yet``, which the auction before it still says where no trump is turned); and laying
    a card away is ``laying a card away``, not ``to lead``."""
    path = tmp_path / "b.yaml"
    path.write_text(BETTLER, encoding="utf-8")
    out = runner.invoke(app, ["analyse", str(path), "--seat", "0", "--iters", "40"])
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    bid = next(k for k, line in enumerate(lines) if line.startswith("deal 1 move  3 seat 0: "))
    assert lines[bid].startswith("deal 1 move  3 seat 0: Bettler (bid 1) ")
    assert "| in the auction |" in lines[bid + 1]
    lay = [k for k, line in enumerate(lines) if line.startswith(("deal 1 move  5 seat 0: discard AC", "deal 1 move  6 seat 0: discard QC"))]
    assert len(lay) == 2
    for k in lay:
        assert lines[k + 1].endswith("| laying a card away | no trump")
    lead = next(k for k, line in enumerate(lines) if line.startswith("deal 1 move  7 seat 0: play TD"))
    assert lines[lead + 1].endswith("| to lead | no trump")
    assert lines[-1].endswith("; values in game points")


# Schnapsen, deal 2 of rules run schnapsen --players greedy,search:easy --deals 2 --seed 7: seat 1
# exchanges, and at move 8, 47 points to 12 with the talon four cards, closes it.
KEPT_TURN = "ruleset: schnapsen\ndeals:\n  - dealer: 0\n    seed: 4071050724\n    moves: [exchange, play JD, play TD, play KC, play TC, marry QD, play TH, close]\n"


def test_a_value_that_is_the_next_decisions_is_labelled_with_its_own_basis(tmp_path: Path) -> None:
    """Move 8's position, three cards still to draw, is estimated by the search; the close is
    worth the next decision's best value, solved over the C(8, 5) = 56 hands the opponent can
    hold once nothing is drawn (tests/play/test_analysis.py works the count).  The text says
    both, the JSON gives each value its basis beside the decision's own keys, which stay."""
    path = tmp_path / "kept.yaml"
    path.write_text(KEPT_TURN, encoding="utf-8")
    out = runner.invoke(app, ["analyse", str(path), "--seat", "1", "--iters", "300"])
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    head = next(k for k, line in enumerate(lines) if line.startswith("deal 1 move  8 seat 1: close "))
    assert lines[head + 3] == (
        "    values: estimated by 300 searches over the hands the opponent may hold; close: the next decision's best value "
        "(the turn kept), exact over the 56 hands the opponent can still hold, each counted once"
    )
    data = json.loads(runner.invoke(app, ["analyse", str(path), "--seat", "1", "--iters", "300", "--json"]).stdout)
    d = next(d for d in data["decisions"] if d["move"] == 8)
    assert (d["exact"], d["worlds"], d["iterations"]) == (False, None, 300)
    assert sorted(d["basis"]) == sorted(d["values"])
    assert d["basis"]["close"] == {"exact": True, "worlds": 56, "iterations": 0, "ahead": 1}
    others = {k: v for k, v in d["basis"].items() if k != "close"}
    assert others and all(v == {"exact": False, "worlds": None, "iterations": 300, "ahead": 0} for v in others.values())


# North American 66, four seats (rules run north-american-4 --seed 5 --deals 1, players random,
# greedy, greedy, greedy): seat 1 bids 2 and the others pass -- seat 1 declares, for 2 x 33 points.
NA_CONTRACT = (
    "ruleset: north-american-4\ndeals:\n  - dealer: 3\n    seed: 2675342405\n"
    "    moves: [pass, bid 2, pass, pass, play AH, play QH, play TH, play JS, play AD]\n"
)


def test_the_contract_heard_in_the_auction_is_part_of_the_position(tmp_path: Path) -> None:
    """The auction over, every seat heard that seat 1 won it with 2 (66 points): seat 0, his
    opponent, and seat 3, his partner, see the contract under their plays (named from their
    side of the table); a call of the auction has no contract yet."""
    path = tmp_path / "na.yaml"
    path.write_text(NA_CONTRACT, encoding="utf-8")
    out = runner.invoke(app, ["analyse", str(path), "--iters", "20"])
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    heads = {line.split(":")[0]: k for k, line in enumerate(lines) if line.startswith("deal 1 move")}
    contracts = {head: lines[k + 2] for head, k in heads.items() if lines[k + 2].startswith("    contract:")}
    plays = {head for head, k in heads.items() if lines[k].split(": ", 1)[1].startswith("play")}
    assert plays and set(contracts) == plays  # every play, no call
    for head in plays:
        seat = int(head.rsplit(" ", 1)[1])
        who = {0: "seat 1", 1: "you", 2: "seat 1", 3: "partner"}[seat]
        assert contracts[head] == f"    contract: {who}, 2 (66 points)", head
    data = json.loads(runner.invoke(app, ["analyse", str(path), "--iters", "20", "--json"]).stdout)
    for d in data["decisions"]:
        played_in_auction = d["played"].startswith(("pass", "bid"))
        assert (d["seen"]["declarer"], d["seen"]["bid"]) == ((None, None) if played_in_auction else (1, 2)), d["move"]
