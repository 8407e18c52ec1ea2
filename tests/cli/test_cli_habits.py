"""What a new user tries first: `rules list`, `rules --version`, mistakes in the command line
said in one line with exit 2, choices in any case, the commands in the order people use them."""

from __future__ import annotations

from importlib.metadata import version

import pytest

from clitools import invoke, no_traceback, run_rules
from interpreter import compiled
from interpreter.rules.loader import load_ruleset
from interpreter.rules.resources import bundled_rulesets


# ----------------------------------------------------------------------------- rules list
def test_list_json_names_every_bundled_ruleset_with_its_title_and_seats() -> None:
    out = invoke(["list", "--json"])
    assert out.exit_code == 0
    entries = out.json()["rulesets"]
    found = bundled_rulesets()
    assert sorted(e["name"] for e in entries) == sorted(found)
    for e in entries:
        rs = load_ruleset(e["name"])
        assert e["title"] == rs.title and e["seats"] == rs.players.count and e["partnership"] == rs.partnership
        assert e["path"] == str(found[e["name"]])
        assert e["kind"] == ("house" if e["name"].startswith("house/") else "bundled")
    kinds = [e["kind"] for e in entries]
    assert kinds == sorted(kinds), "the bundled games first, then the house rules"


def test_list_text_has_one_line_per_ruleset() -> None:
    out = invoke(["list"])
    assert out.exit_code == 0
    lines = [line for line in out.stdout.splitlines()[1:] if line.strip()]
    assert len(lines) == len(bundled_rulesets())
    schnapsen = next(line for line in lines if line.startswith("schnapsen "))
    assert schnapsen.split() == ["schnapsen", "2", "Schnapsen"]


def test_version_is_the_installed_distributions() -> None:
    out = run_rules(["--version"])
    assert out.exit_code == 0
    build = " (compiled with mypyc)" if compiled() else ""
    assert out.stdout == f"rules (sixty-six-rules) {version('sixty-six-rules')}{build}\n"


# ----------------------------------------------------------------------------- one-line mistakes
MISTAKES = [
    (["run", "schnapsen", "--seed", "abc"], "error: --seed: 'abc' is not a valid integer (expected a whole number in digits)"),
    (["run", "schnapsen", "--deals", "0"], "error: --deals: 0 is below 1 (expected 1 or more)"),
    (["replay", "x.yaml", "--until", "-1"], "error: --until: -1 is below 0 (expected 0 or more)"),
    (["play", "--port", "70000"], "error: --port: 70000 is out of range (expected 1 to 65535)"),
    (["run"], "error: missing argument RULESET (or --resume RECORD); see 'rules run --help'"),
    (["arena", "greedy", "random"], "error: missing option --deals; see 'rules arena --help'"),
    (["run", "schnapsen", "--jsn"], "error: no such option --jsn (did you mean --json?); see 'rules run --help'"),
    (["rn", "schnapsen"], "error: no such command 'rn' (did you mean 'run'?); see 'rules --help'"),
    (["run", "schnapsen", "--seed"], "error: --seed needs a value"),
    (
        ["run", "schnapsen", "--json", "true"],
        "error: unexpected argument 'true' (an option such as --json is a flag: it takes no value); see 'rules run --help'",
    ),
    # an empty "$VAR" in a script: click's message has nothing to quote (a traceback once)
    (["describe", "schnapsen", ""], "error: unexpected empty argument ''; see 'rules describe --help'"),
    (["run", "schnapsen", " ", "--deals", "1"], "error: unexpected empty argument ''; see 'rules run --help'"),
    # a value joined to a flag: click raises it without the command, which the line still names
    (["run", "schnapsen", "--json=1"], "error: option '--json' does not take a value; see 'rules run --help'"),
    (["replay", "x.yaml", "--json=yes"], "error: option '--json' does not take a value; see 'rules replay --help'"),
]


@pytest.mark.parametrize(("args", "line"), MISTAKES, ids=[" ".join(a) for a, _ in MISTAKES])
def test_a_mistake_in_the_command_line_is_one_line_and_exit_2(args: list[str], line: str) -> None:
    out = invoke(args)
    no_traceback(out)
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", line + "\n")


def test_the_installed_script_says_a_mistake_in_one_line_too() -> None:
    out = run_rules(["simulate", "schnapsen", "--deals", "many"])
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", "error: --deals: 'many' is not a valid integer (expected a whole number in digits, 1 or more)\n")


def test_help_still_exits_0_and_a_command_error_keeps_its_status(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert invoke(["run", "--help"]).exit_code == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: schnapsen\nmoves: [play AS]\n", encoding="utf-8")
    out = invoke(["replay", str(bad)])
    assert out.exit_code == 2 and out.stderr.count("\n") == 1


# ----------------------------------------------------------------------------- choices in any case
def test_choices_are_matched_whatever_their_case() -> None:
    lower = invoke(["arena", "greedy", "random", "--deals", "3", "--json"])
    upper = invoke(["arena", "GREEDY", "Random", "--deals", "3", "--json"])
    assert lower.exit_code == upper.exit_code == 0
    timing = "ms_per_decision"  # the only figure that is measured, not counted
    assert {k: v for k, v in upper.json().items() if k != timing} == {k: v for k, v in lower.json().items() if k != timing}
    assert invoke(["simulate", "schnapsen", "--deals", "4", "--backend", "LOCAL", "--json", "--jobs", "1"]).exit_code == 0
    assert invoke(["run", "schnapsen", "--players", "GREEDY,Random", "--deals", "1", "--quiet"]).exit_code == 0
    html = invoke(["describe", "schnapsen", "--format", "HTML"])
    assert html.exit_code == 0 and html.stdout.startswith("<!DOCTYPE html>")


def test_rules_new_help_names_the_option_it_takes() -> None:
    """``rules new --help`` once said "extends BASE" while the option is ``--from``."""
    text = " ".join(invoke(["new", "--help"]).stdout.split())
    assert "BASE" not in text and "given with --from" in text


def test_rules_help_lists_run_and_play_first() -> None:
    out = invoke(["--help"])
    panel = out.stdout[out.stdout.index("Commands"):]
    commands = [line[2:14].strip() for line in panel.splitlines() if line.startswith("│ ") and line[2:14].strip()]
    assert commands[:5] == ["run", "play", "serve", "list", "replay"]
    assert commands.index("validate") > commands.index("compare")
