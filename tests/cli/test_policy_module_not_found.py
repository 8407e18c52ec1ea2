"""``policy:MODULE:NAME`` whose module is not found says where modules are looked for.

``rules`` is a script of the environment's ``bin``: the current folder is not on its Python
path, so ``policy:mybot:act`` fails beside a ``mybot.py`` that ``policy:mybot.py:act`` loads.
The message names the file form (with the file, when there is one) and PYTHONPATH; a module
that is found but imports something missing is not told to move (its import is what fails).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from clitools import REPO, run_rules

from interpreter.play.bots.policy import load_policy

POLICY = "def act(observation, agent):\n    return int(observation['action_mask'].argmax())\n"


def test_a_module_beside_a_file_of_its_name_points_to_the_file(tmp_path: Path) -> None:
    (tmp_path / "mybot.py").write_text(POLICY)
    out = run_rules(["run", "schnapsen", "--players", "policy:mybot:act,greedy"], cwd=tmp_path)
    assert out.exit_code == 2 and out.stdout == ""
    assert out.stderr == (
        "error: --players: cannot import the policy module mybot: No module named 'mybot' "
        "(there is a file mybot.py here: name it by its path, policy:mybot.py:act, "
        "or put its folder on the Python path, PYTHONPATH=.)\n"
    )


def test_a_dotted_module_found_nowhere_names_the_python_path_and_the_file_form(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError) as caught:
        load_policy("nowhere_pkg_xyz.agents:act")
    assert str(caught.value) == (
        "cannot import the policy module nowhere_pkg_xyz.agents: No module named 'nowhere_pkg_xyz' "
        "(expected a module on the Python path -- installed, or in a folder of PYTHONPATH; the current "
        "folder is not on it -- or a file named by its path, policy:FILE.py:act)"
    )


def test_a_missing_import_inside_the_module_is_not_taken_for_the_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "needs_more.py").write_text("import not_installed_xyz\n" + POLICY)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "needs_more", raising=False)
    with pytest.raises(ValueError) as caught:
        load_policy("needs_more:act")
    assert str(caught.value) == "cannot import the policy module needs_more: No module named 'not_installed_xyz'"


def test_the_message_docs_rl_md_shows(tmp_path: Path) -> None:
    # docs/rl.md: `rules run ... policy:my_policy:policy` beside my_policy.py, said as shown there
    (tmp_path / "my_policy.py").write_text(POLICY.replace("def act", "def policy"))
    out = run_rules(["run", "schnapsen", "--players", "policy:my_policy:policy,greedy"], cwd=tmp_path)
    assert out.exit_code == 2
    page = (REPO / "docs/rl.md").read_text(encoding="utf-8")
    assert f"<!-- sample: tests/cli/test_policy_module_not_found.py -->\n```text\n{out.stderr}```\n" in page
