"""``rules play``'s command line: a ``--record`` that is a file the match reads is refused
before anything is written (the file unchanged byte for byte), and no argument is silently
ignored -- one that does not apply is one line and exit status 2, before the screen is taken
over.  Every message is the command's own words, worked out from :mod:`cli.play`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import cli.play
from clitools import invoke, no_traceback
from interpreter.rules.ruleset import Ruleset
from interpreter.rules.resources import bundled_rulesets

BASE = "extends: schnapsen\nname: base\n"
HOUSE = "extends: base.yaml\nname: house\nmatch: {target: 3}\n"
#: A Sechsundsechzig match with a person at seat 0, in its first deal (no move yet).
RECORD = "ruleset: sechsundsechzig\nplayers: [human, greedy]\ndeals:\n  - dealer: 1\n    seed: 5\n    moves: []\n"


@pytest.fixture
def house(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "base.yaml").write_text(BASE, encoding="utf-8")
    (tmp_path / "house.yaml").write_text(HOUSE, encoding="utf-8")
    (tmp_path / "r.yaml").write_text(RECORD, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def refused(args: list[str]) -> str:
    out = invoke(["play", *args], input="")
    no_traceback(out)
    assert out.exit_code == 2, (out.stdout, out.stderr)
    return out.stderr


# --------------------------------------------------------------------------- --record onto an input (defect 1)
@pytest.mark.parametrize(("target", "what"), [
    ("house.yaml", "the ruleset being played"),
    ("base.yaml", "a base of the ruleset being played"),
    ("link.yaml", "the ruleset being played (another name for house.yaml)"),
])
def test_a_record_onto_the_ruleset_or_a_base_is_refused_and_writes_nothing(house: Path, target: str, what: str) -> None:
    os.symlink("house.yaml", house / "link.yaml")
    before = {p.name: p.read_bytes() for p in house.iterdir()}
    err = refused(["house.yaml", "--record", target])
    assert err == f"error: --record: {target} is {what}; choose another file\n"
    assert {p.name: p.read_bytes() for p in house.iterdir()} == before  # not one byte, no lock file


def test_a_record_that_could_not_name_its_rule_file_is_refused(house: Path) -> None:
    # `rules replay` reads no rule file whose name does not end in .yaml or .yml: the match would be lost
    (house / "h.txt").write_text(BASE, encoding="utf-8")
    err = refused(["h.txt", "--record", "rec.yaml"])
    assert err == (
        "error: --record: a record names the rule file its match is played under, and `rules replay` would refuse "
        "this one's name, 'h.txt' ('h.txt' is not a ruleset file); give the rule file a name ending in .yaml or .yml\n"
    )
    assert not (house / "rec.yaml").exists()


def test_without_a_ruleset_every_bundled_ruleset_the_start_screen_offers_is_refused(house: Path) -> None:
    os.symlink(bundled_rulesets()["sechsundsechzig"], house / "s.yaml")
    err = refused(["--record", "s.yaml"])
    assert err == (
        "error: --record: s.yaml is the bundled ruleset sechsundsechzig, which the start screen offers "
        f"(another name for {bundled_rulesets()['sechsundsechzig']}); choose another file\n"
    )


# --------------------------------------------------------------------------- arguments not ignored (defect 8)
@pytest.mark.parametrize(("args", "message"), [
    (["sechsundsechzig", "--resume", "r.yaml"], "--resume: the record names the ruleset its match is played by; leave out the ruleset"),
    (["--resume", "r.yaml", "--seed", "3"], "--seed: a resumed match deals the rest from a fresh seed, which is kept from you; leave out --seed"),
    (["schnapsen", "--iters", "500"], "--iters: only with --review (the bots at the table search as --opponent says, e.g. search:iters=N)"),
    (["--iters", "3000"], "--iters: only with --review (the bots at the table search as --opponent says, e.g. search:iters=N)"),
    (["schnapsen", "--port", "8000"], "--port: only with --web"),
    (["--review", "r.yaml", "--opponent", "greedy"], "--opponent: not with --review (the review has no bots to play and no table to serve)"),
    (["--review", "r.yaml", "--practice"], "--practice: not with --review (the review has no bots to play and no table to serve)"),
    (["--review", "r.yaml", "--bot-delay", "0"], "--bot-delay: not with --review (the review has no bots to play and no table to serve)"),
    (["--review", "r.yaml", "--port", "9000"], "--port: not with --review (the review has no bots to play and no table to serve)"),
])
def test_an_argument_that_would_be_ignored_is_refused(house: Path, args: list[str], message: str) -> None:
    assert refused(args) == f"error: {message}\n"
    assert (house / "r.yaml").read_text(encoding="utf-8") == RECORD


def test_the_opponent_of_a_resumed_match_is_checked_on_the_records_ruleset(house: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not on Schnapsen, the start screen's first choice: the record plays Sechsundsechzig."""
    checked: list[str] = []
    real = cli.play.checked_bot

    def spy(kind: str, rs: Ruleset, option: str, also: tuple[str, ...] = ()) -> str:
        checked.append(rs.name)
        return real(kind, rs, option, also)

    monkeypatch.setattr(cli.play, "checked_bot", spy)
    err = refused(["--resume", "r.yaml", "--opponent", "greedy"])
    assert checked == ["sechsundsechzig"]
    assert "terminal" in err  # the record was fine: only the missing terminal stops it


def test_a_resumed_match_refused_for_want_of_a_terminal_lets_go_of_its_record(house: Path) -> None:
    """The record was taken to go on with it; refused, its lock file is removed again."""
    err = refused(["--resume", "r.yaml"])
    assert err == "error: rules play needs a terminal (or --web for the browser); for play over a pipe use rules run --resume r.yaml\n"
    assert sorted(p.name for p in house.iterdir()) == ["base.yaml", "house.yaml", "r.yaml"]
