"""A record of a bundled ruleset refused because its deals go on after the match is won -- as an
old record of house/dreierschnapsen is, since ``match.bummerl: last_place`` changed its meaning
(docs/authoring.md, "A few rules changed their meaning") -- says so, and ``rules replay --until
K`` still shows the deals before the refused one.  The check itself is not weakened: without
``--until`` (or with K past those deals), and for a record of a rule file, it is refused whole.

The record, by hand (sechsundsechzig, a match to 7): deal 1 starts at 6-5, seat 0 takes AH JH
(11 + 2) for 73 and declares against 40: one game point, 7-5, the match is won; deal 2 should
not be there.  Deal 1 has 3 moves.
"""

from __future__ import annotations

from pathlib import Path

from clitools import invoke

FIRST = """  - dealer: 1
    start: {match_scores: [6, 5], leader: 0, card_points: [60, 40], tricks_won: [5, 5], trump: S}
    hands: {0: [AH, KH], 1: [JH, 9H]}
    moves: [play AH, play JH, declare]
"""
AGAIN = """  - dealer: 0
    start: {leader: 1, card_points: [60, 40], tricks_won: [5, 5], trump: S}
    hands: {0: [AH, KH], 1: [JH, 9H]}
    moves: [play JH, play AH]
"""


def record(tmp_path: Path, ruleset: str = "sechsundsechzig") -> Path:
    path = tmp_path / "old.yaml"
    path.write_text(f"ruleset: {ruleset}\nresult: {{winner: 0, scores: [7, 5], deals: 2}}\ndeals:\n" + FIRST + AGAIN, encoding="utf-8")
    return path


def refusal(path: Path) -> str:
    """The refusal at deal 2 (line 8, column 5 of the file: its ``- dealer: 0``)."""
    return (
        f"{path}:8:5: deals[1]: the match is already won (by seat 0) under the ruleset 'sechsundsechzig', a bundled ruleset "
        'whose match rules may have changed since the record was written (see docs/authoring.md, "A few rules changed their '
        'meaning"; rules replay --until 3 replays the 1 deal before this one) (expected no deals after the deal that decides '
        "the match, or the ruleset the match was played under)"
    )


def test_the_refusal_names_the_bundled_rules_as_a_cause(tmp_path: Path) -> None:
    path = record(tmp_path)
    for args in (["replay", str(path)], ["replay", str(path), "--log"], ["analyse", str(path), "--iters", "10"]):
        out = invoke(args)
        assert (out.exit_code, out.stdout, out.stderr) == (2, "", refusal(path) + "\n"), args


def test_until_within_the_deals_before_shows_them_with_the_refusal_as_a_warning(tmp_path: Path) -> None:
    path = record(tmp_path)
    warned = refusal(path).replace(": deals[1]: ", ": deals[1]: warning: ", 1)
    out = invoke(["replay", str(path), "--until", "3", "--json"])
    assert out.exit_code == 0 and out.stderr == warned + "\n"
    report = out.json()
    assert (report["status"], report["match_scores"], report["match_winner"], report["game_points"]) == ("deal_over", [7, 5], 0, 1)
    mid = invoke(["replay", str(path), "--until", "1"])
    assert mid.exit_code == 0 and mid.stderr == warned + "\n"
    assert "to_act: 1\nlegal: play JH, play 9H\n" in mid.stdout  # seat 1 must follow the ace of hearts
    log = invoke(["replay", str(path), "--until", "3", "--log"])
    assert log.exit_code == 0 and "result:" not in log.stdout.splitlines()[0]  # the header of the whole record is not shown


def test_until_past_those_deals_is_refused_as_before(tmp_path: Path) -> None:
    path = record(tmp_path)
    out = invoke(["replay", str(path), "--until", "4"])
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", refusal(path) + "\n")


def test_a_record_of_a_rule_file_is_refused_whole_even_with_until(tmp_path: Path) -> None:
    (tmp_path / "own.yaml").write_text("extends: sechsundsechzig\nname: own\n", encoding="utf-8")
    path = record(tmp_path, "own.yaml")
    out = invoke(["replay", str(path), "--until", "3"])
    assert (out.exit_code, out.stdout) == (2, "")
    assert out.stderr == (
        f"{path}:8:5: deals[1]: the match is already won (by seat 0) under the ruleset 'own.yaml' (expected no deals after "
        "the deal that decides the match, or the ruleset the match was played under)\n"
    )
