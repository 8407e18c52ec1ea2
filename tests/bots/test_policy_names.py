"""A ``policy:FILE.py:NAME`` (or ``policy:MODULE:NAME``) that names nothing a policy can be
says what the module does define and the form expected (it said only ``mybot.py has no
'Nope'``); and a bot -- a class or an object with ``choose(view, legal)`` -- named as a policy
is refused before it takes a seat, pointing to the arena of Python, which plays bots (a class
is callable, so it was seated, and failed at deal 1: "the policy answered <MyBot object>, not
an action index")."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from runcli import invoke
from interpreter.play.bots import make_agent

MODULE = '''
import math
from typing import Optional
from interpreter.play.bots import GreedyBot
from interpreter.play.bots.random_bot import random_playout


class MyBot:
    def __init__(self, ruleset, seed=0):
        self.rs = ruleset

    def choose(self, view, legal):
        return legal[0]


def act(observation, agent):
    return 0


def _private(observation, agent):
    return 0


class Scorer:
    def __call__(self, observation, agent):
        return 0


scorer = Scorer()
bot = MyBot(None)
LIMIT = 3
last = lambda observation, agent: 0
'''
BOT_WORDS = ("a bot, not a policy (expected a callable policy(observation, agent) or an object with action_probabilities(state, player)); "
             "a bot plays from Python: interpreter.sim.arena.arena(ruleset, MyBot, 'greedy', deals=N) or Arena "
             "(docs/bots.md#your-own-bot-against-it)")


def _file(tmp_path: Path, text: str) -> str:
    """A policy file of its own name (a module is imported once per file and version)."""
    path = tmp_path / f"p{uuid.uuid4().hex[:8]}.py"
    path.write_text(text)
    return str(path)


def test_a_missing_name_lists_what_the_file_defines_that_could_be_a_policy(tmp_path: Path) -> None:
    """Its own functions and callable objects, in the file's order -- not what it imports (a
    function, a class, a module), not its classes, nor a private name or a number."""
    file = _file(tmp_path, MODULE)
    with pytest.raises(ValueError) as caught:
        make_agent(f"policy:{file}:Nope", "schnapsen", 0)
    assert str(caught.value) == f"{file} has no 'Nope': it defines act, scorer, last (expected policy:{file}:NAME with NAME one of them)"


def test_a_missing_name_in_a_file_of_many_functions_lists_five(tmp_path: Path) -> None:
    file = _file(tmp_path, "".join(f"def f{n}(observation, agent):\n    return 0\n" for n in range(8)))
    with pytest.raises(ValueError) as caught:
        make_agent(f"policy:{file}:act", "schnapsen", 0)
    assert str(caught.value) == f"{file} has no 'act': it defines f0, f1, f2, f3, f4 and 3 more (expected policy:{file}:NAME with NAME one of them)"


def test_a_missing_name_in_a_module_that_defines_no_function_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    name = f"nofunctions_{uuid.uuid4().hex[:8]}"
    (tmp_path / f"{name}.py").write_text("import math\nWEIGHTS = [0.5, 0.5]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ValueError) as caught:
        make_agent(f"policy:{name}:act", "schnapsen", 0)
    assert str(caught.value) == (
        f"{name} has no 'act': it defines no function (expected policy:{name}:NAME with NAME a function "
        "policy(observation, agent) -> action index, or an object with action_probabilities(state, player))"
    )


@pytest.mark.parametrize(("name", "what"), [("MyBot", "a class with a choose method (MyBot)"), ("bot", "an object with a choose method (MyBot)")])
def test_a_bot_named_as_a_policy_is_refused_before_it_takes_a_seat(tmp_path: Path, name: str, what: str) -> None:
    file = _file(tmp_path, MODULE)
    with pytest.raises(TypeError) as caught:
        make_agent(f"policy:{file}:{name}", "schnapsen", 0)
    assert str(caught.value) == f"policy:{file}:{name} is {what}: {BOT_WORDS}"


def test_the_arena_refuses_a_bot_class_before_the_first_deal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mybot.py").write_text(MODULE)
    out = invoke(["arena", "policy:mybot.py:MyBot", "greedy", "--deals", "1", "--jobs", "1"])
    assert (out.exit_code, out.stdout, out.stderr) == (
        2, "", f"error: bot A: policy:mybot.py:MyBot is a class with a choose method (MyBot): {BOT_WORDS}\n",
    )


def test_a_callable_object_with_a_choose_method_is_still_a_policy(tmp_path: Path) -> None:
    """Called as a policy is called; its ``choose`` is no reason to refuse it."""
    file = _file(tmp_path, "class Both:\n    def __call__(self, observation, agent):\n        return 0\n"
                           "    def choose(self, view, legal):\n        return legal[0]\n\nboth = Both()\n")
    agent = make_agent(f"policy:{file}:both", "schnapsen", 0)
    assert agent.name == f"policy:{file}:both"  # type: ignore[attr-defined]
