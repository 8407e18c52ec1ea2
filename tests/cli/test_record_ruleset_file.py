"""A record replays under the ruleset it names, or not at all.

A record's ``ruleset:`` written as a file (``schnapsen.yaml``) names that file, beside the
record: ``rules run ./schnapsen.yaml --record`` writes it so for a house file of that name.
Read where the file is not, the record used to be replayed under the bundled ruleset of the
same name -- other rules, another result, exit status 0, not a word.  It is refused (exit 2),
saying which file was looked for where, and what to write if the bundled rules were meant.
A ``result`` header the moves contradict names the ruleset they were replayed under.

Every line, column and outcome is worked out by hand in the comments.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from clitools import LAST_TRICK, invoke, no_traceback

# LAST_TRICK (clitools): seat 0 takes the last trick, 1 game point, 6-5 becomes 7-5.
HOUSE = "extends: schnapsen\nname: h\nmatch: {target: 9}\n"


def refusal(record: str, ref: str, looked: str, bundled: str) -> str:
    # `ruleset: ` is 9 characters: the reference on line 1 starts at column 10
    return (
        f"{record}:1:10: ruleset: no file '{ref}' beside the record (looked for '{looked}'): a record is replayed only "
        f"under the ruleset it names, and the bundled '{bundled}' may not be the one it was played under "
        f"(expected the rule file the match was played under, beside the record; or ruleset: {bundled} "
        "if it was played under the bundled rules)\n"
    )


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(("ref", "bundled"), [
    ("schnapsen.yaml", "schnapsen"),
    ("schnapsen.yml", "schnapsen"),
    ("rulesets/schnapsen.yaml", "schnapsen"),
    ("house/santase.yaml", "house/santase"),
])
def test_a_missing_rule_file_is_refused_not_read_as_the_bundled_ruleset(folder: Path, ref: str, bundled: str) -> None:
    (folder / "r.yaml").write_text(f"ruleset: {ref}\n" + LAST_TRICK, encoding="utf-8")
    for command in (["replay", "r.yaml"], ["replay", "r.yaml", "--json"], ["analyse", "r.yaml", "--iters", "5"]):
        out = invoke(command)
        no_traceback(out)
        assert (out.exit_code, out.stdout, out.stderr) == (2, "", refusal("r.yaml", ref, f"./{ref}", bundled)), command


def test_the_folder_looked_in_is_the_records_as_the_user_named_it(folder: Path) -> None:
    (folder / "sub").mkdir()
    (folder / "sub" / "r.yaml").write_text("ruleset: schnapsen.yaml\n" + LAST_TRICK, encoding="utf-8")
    (folder / "schnapsen.yaml").write_text(HOUSE, encoding="utf-8")  # in the working folder: not the record's
    out = invoke(["replay", "sub/r.yaml"])
    assert (out.exit_code, out.stderr) == (2, refusal("sub/r.yaml", "schnapsen.yaml", "sub/schnapsen.yaml", "schnapsen"))


def test_the_rule_file_beside_the_record_is_the_one_read(folder: Path) -> None:
    (folder / "schnapsen.yaml").write_text(HOUSE, encoding="utf-8")
    (folder / "r.yaml").write_text("ruleset: schnapsen.yaml\n" + LAST_TRICK, encoding="utf-8")
    (folder / "b.yaml").write_text("ruleset: schnapsen\n" + LAST_TRICK, encoding="utf-8")
    house = invoke(["replay", "r.yaml", "--json"])
    bundled = invoke(["replay", "b.yaml", "--json"])
    assert (house.exit_code, bundled.exit_code) == (0, 0), (house.stderr, bundled.stderr)
    # 7-5 either way; the match is won at 7 (bundled), not yet at 9 (the house file)
    assert [json.loads(house.stdout)[k] for k in ("match_scores", "match_winner")] == [[7, 5], None]
    assert [json.loads(bundled.stdout)[k] for k in ("match_scores", "match_winner")] == [[7, 5], 0]


def test_a_result_the_moves_contradict_names_the_ruleset_they_were_replayed_under(folder: Path) -> None:
    """The header written under the bundled rules (won by seat 0 at 7), replayed under the
    house file (target 9): either the header or the ruleset is not the match's."""
    (folder / "schnapsen.yaml").write_text(HOUSE, encoding="utf-8")
    (folder / "r.yaml").write_text(
        "ruleset: schnapsen.yaml\nresult: {winner: 0, scores: [7, 5], deals: 1}\n" + LAST_TRICK, encoding="utf-8",
    )
    out = invoke(["replay", "r.yaml"])
    # "result: {winner: " is 17 characters: the winner on line 2 at column 18
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", (
        "r.yaml:2:18: result.winner: the header says won by seat 0, 7-5, in 1 deal, but the moves give no winner, "
        "7-5, in 1 deal under the ruleset 'schnapsen.yaml' "
        "(expected result: {winner: null, scores: [7, 5], deals: 1}, or the ruleset the match was played under)\n"
    ))


def test_a_match_recorded_under_a_house_file_is_refused_without_it(folder: Path) -> None:
    """The report's case end to end: the record ``rules run ./schnapsen.yaml --record`` writes,
    read in a folder without the house file, with and without its result header."""
    (folder / "played").mkdir()
    (folder / "played" / "schnapsen.yaml").write_text(HOUSE, encoding="utf-8")
    out = invoke(["run", "played/schnapsen.yaml", "--seed", "4", "--quiet", "--record", "played/rec.yaml"])
    assert out.exit_code == 0, out.stderr
    text = (folder / "played" / "rec.yaml").read_text(encoding="utf-8")
    # line 1 is the comment `# Sixty-Six Rules match record: ...`, line 2 names the file beside it
    assert text.splitlines()[1] == "ruleset: schnapsen.yaml"
    (folder / "elsewhere").mkdir()
    shutil.copy(folder / "played" / "rec.yaml", folder / "elsewhere" / "rec.yaml")
    (folder / "elsewhere" / "cut.yaml").write_text(
        "".join(line for line in text.splitlines(keepends=True) if not line.startswith("result:")), encoding="utf-8",
    )
    for name in ("rec.yaml", "cut.yaml"):
        out = invoke(["replay", f"elsewhere/{name}"])
        expected = refusal(f"elsewhere/{name}", "schnapsen.yaml", "elsewhere/schnapsen.yaml", "schnapsen").replace(":1:10:", ":2:10:")
        assert (out.exit_code, out.stdout, out.stderr) == (2, "", expected)
    assert invoke(["replay", "played/rec.yaml"]).exit_code == 0


# --------------------------------------------------------------------------- a record that names its rule file so that it reads back
# A rule file without .yaml or .yml is played (an existing file wins over a bundled name), but
# a record's `ruleset:` naming it is refused by `rules replay`; spelled as a bundled ruleset's
# name (a copy of Sechsundsechzig saved as `schnapsen`) it would replay elsewhere under the
# bundled Schnapsen. Either way the match would be lost: refused before the first deal.
@pytest.mark.parametrize("name", ["schnapsen", "h.txt", "h.yaml.bak"])
def test_a_record_that_could_not_name_its_rule_file_is_refused_before_the_match(folder: Path, name: str) -> None:
    whole = (Path(__file__).parents[2] / "rulesets" / "sechsundsechzig.yaml").read_text(encoding="utf-8")
    (folder / name).write_text(whole if name == "schnapsen" else HOUSE, encoding="utf-8")  # a house file `schnapsen` would extend itself
    out = invoke(["run", name, "--seed", "9", "--players", "greedy,greedy", "--deals", "1", "--record", "rec.yaml"])
    no_traceback(out)
    assert out.exit_code == 2 and out.stdout == ""
    assert out.stderr == (
        f"error: --record: a record names the rule file its match is played under, and `rules replay` would refuse "
        f"this one's name, '{name}' ('{name}' is not a ruleset file); give the rule file a name ending in .yaml or .yml\n"
    )
    assert not (folder / "rec.yaml").exists()


def test_a_bundled_ruleset_shadowed_beside_the_record_names_the_file_to_move(folder: Path) -> None:
    """The record names the bundled Schnapsen ``schnapsen``, which a file ``schnapsen`` beside it
    would stand for: the refusal said to rename the rule file, which is the bundled one."""
    (folder / "sub").mkdir()
    (folder / "sub" / "schnapsen").write_text("notes of the evening\n", encoding="utf-8")
    out = invoke(["run", "schnapsen", "--seed", "9", "--players", "greedy,greedy", "--deals", "1", "--record", "sub/rec.yaml"])
    no_traceback(out)
    assert (out.exit_code, out.stdout) == (2, "")
    assert out.stderr == (
        "error: --record: a record names the bundled ruleset its match is played under, 'schnapsen', and `rules replay` "
        "would read that name as the file sub/schnapsen beside the record; write the record in another folder, or move that file\n"
    )
    assert not (folder / "sub" / "rec.yaml").exists()
    # a folder of that name is no file: the record is written and replays
    (folder / "sub" / "schnapsen").unlink()
    (folder / "sub" / "schnapsen").mkdir()
    out = invoke(["run", "schnapsen", "--seed", "9", "--players", "greedy,greedy", "--deals", "1", "--record", "sub/rec.yaml"])
    assert (out.exit_code, out.stderr) == (0, "")
    assert invoke(["replay", "sub/rec.yaml"]).exit_code == 0


def test_a_rule_file_named_as_a_drive_is_named_from_the_records_folder(folder: Path) -> None:
    # `c:h.yaml` reads as a Windows drive's path, refused as absolute: `./c:h.yaml` is the file beside the record
    (folder / "c:h.yaml").write_text(HOUSE, encoding="utf-8")
    out = invoke(["run", "c:h.yaml", "--seed", "9", "--players", "greedy,greedy", "--deals", "1", "--record", "rec.yaml"])
    assert (out.exit_code, out.stderr) == (0, "")
    assert (folder / "rec.yaml").read_text(encoding="utf-8").splitlines()[1] == 'ruleset: "./c:h.yaml"'
    replayed = invoke(["replay", "rec.yaml"])
    assert replayed.exit_code == 0, replayed.stderr
