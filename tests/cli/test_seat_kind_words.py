"""How ``--players`` (and every other option that takes a bot) says what is wrong: it quotes
what was typed, not a lower-cased copy of it (``'\\x1b[2J'`` came back as ``'\\x1b[2j'``); it
says "no seat kinds given" for an empty value in every command (``rules simulate`` said ``got 1
kind``); a policy file that is not there says what a policy seat expects; and ``rules play
--resume`` of a missing file says it as every other reader of a file does."""

from __future__ import annotations

import pytest

from clitools import invoke

BOTS = "random, greedy, basic, search"
FORMS = "search:easy, search:normal, search:hard, search:iters=N, search:ms=N, policy:MODULE:NAME, policy:FILE.py:NAME"


@pytest.mark.parametrize(("args", "said"), [
    (["run", "schnapsen", "--players", "greedy,\x1b[2J", "--deals", "1"],
     f"--players: unknown bot kind '\\x1b[2J' (expected one of: {BOTS}, human, {FORMS})"),
    (["simulate", "schnapsen", "--players", "Wizard,greedy", "--deals", "1"],
     f"--players: unknown bot kind 'Wizard' (expected one of: {BOTS}, {FORMS})"),
    (["arena", "GREEDY", "Smart", "--deals", "1"], f"bot B: unknown bot kind 'Smart' (expected one of: {BOTS}, {FORMS})"),
    (["play", "schnapsen", "--opponent", "search:Fast"],
     "--opponent: unknown search option 'Fast': expected search, search:easy, search:normal, search:hard, search:iters=N "
     "(a whole number of iterations) or search:ms=N (milliseconds per decision)"),  # said once: no second list of every kind
    (["run", "schnapsen", "--players", "", "--deals", "1"], f"--players: no seat kinds given (expected 2 of: {BOTS}, human, comma-separated)"),
    (["simulate", "schnapsen", "--players", "", "--deals", "1"], f"--players: no seat kinds given (expected 2 of: {BOTS}, comma-separated)"),
    (["compare", "schnapsen", "sechsundsechzig", "--players-b", " ", "--deals", "1"],
     f"--players-b: no seat kinds given (expected 2 of: {BOTS}, comma-separated)"),
    (["simulate", "schnapsen", "--players", "greedy", "--deals", "1"], f"--players: Schnapsen has 2 seats, got 1 kind (expected 2 of: {BOTS})"),
    (["run", "schnapsen", "--players", "policy:nonexist.py:act,greedy", "--deals", "1"],
     "--players: no policy file nonexist.py (expected policy:FILE.py:NAME with FILE.py a Python file, or policy:MODULE:NAME)"),
])
def test_a_wrong_seat_kind_is_quoted_as_typed_in_the_same_words_everywhere(args: list[str], said: str) -> None:
    out = invoke(args)
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", f"error: {said}\n")


@pytest.mark.parametrize(("args", "said"), [
    # a blank kind is quoted as it was typed: '' would read as nothing given
    (["arena", " ", "random", "--deals", "1"], f"bot A: unknown bot kind ' ' (expected one of: {BOTS}, {FORMS})"),
    (["tournament", "greedy", "  ", "--deals", "1"], f"bot 2: unknown bot kind '  ' (expected one of: {BOTS}, {FORMS})"),
    (["play", "schnapsen", "--opponent", " "], f"--opponent: unknown bot kind ' ' (expected one of: {BOTS}, {FORMS})"),
    (["run", "schnapsen", "--players", "greedy, ", "--deals", "1"], f"--players: unknown bot kind ' ' (expected one of: {BOTS}, human, {FORMS})"),
    (["simulate", "schnapsen", "--deals", "1", "--skill", " "], f"--skill: unknown bot kind ' ' (expected one of: {BOTS}, {FORMS})"),
    # a misspelt kind: the kind it is closest to, as validate names a key
    (["arena", "greedy", "gredy", "--deals", "1"], f"bot B: unknown bot kind 'gredy' (did you mean 'greedy'?) (expected one of: {BOTS}, {FORMS})"),
    (["arena", "GREDY", "greedy", "--deals", "1"], f"bot A: unknown bot kind 'GREDY' (did you mean 'greedy'?) (expected one of: {BOTS}, {FORMS})"),
    (["run", "schnapsen", "--players", "greedy,humna", "--deals", "1"],
     f"--players: unknown bot kind 'humna' (did you mean 'human'?) (expected one of: {BOTS}, human, {FORMS})"),
    (["play", "schnapsen", "--opponent", "serch:hard"],
     f"--opponent: unknown bot kind 'serch:hard' (did you mean 'search:hard'?) (expected one of: {BOTS}, {FORMS})"),
    # --skill takes one kind, not --players' list
    (["simulate", "schnapsen", "--deals", "5", "--jobs", "1", "--skill", "random,greedy"],
     f"--skill: 'random,greedy' is a list (expected one bot kind, not a list: one of {BOTS}, {FORMS})"),
])
def test_a_blank_or_misspelt_kind_is_quoted_as_typed_and_the_close_kind_named(args: list[str], said: str) -> None:
    out = invoke(args)
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", f"error: {said}\n")


def test_a_kind_in_capitals_is_kept_in_lower_case() -> None:
    """``GREEDY`` is the greedy bot, and the output names it ``greedy``."""
    out = invoke(["arena", "GREEDY", "Random", "--deals", "1", "--json", "--jobs", "1"])
    assert out.exit_code == 0, out.stderr
    assert (out.json()["a"], out.json()["b"]) == ("greedy", "random")


def test_resuming_a_missing_record_says_it_as_every_reader() -> None:
    out = invoke(["play", "--resume", "nonexist.yaml"])
    assert (out.exit_code, out.stderr) == (2, "nonexist.yaml: cannot read file: No such file or directory (expected a readable file)\n")
