"""A checkout's ``rulesets/`` in a copy installed with ``pip install .`` (the README's first command).

Installed, the bundled rulesets are the wheel's copies under ``site-packages``, and the
checkout's ``rulesets/schnapsen.yaml`` is a file like any other.  ``rules run
rulesets/schnapsen.yaml`` took it for the bundled ruleset (its bytes are the bundled file's), but
three other commands looked for the bundled file by its path alone: a house file in ``my/``
that says ``extends: ../rulesets/schnapsen.yaml`` was refused as leading outside its folder
(docs/security.md: "a relative path that lands on a bundled ruleset file" is allowed), ``rules
new my/n.yaml --from rulesets/schnapsen.yaml`` refused to write, and a record written to
``my/r.yaml`` named ``../rulesets/schnapsen.yaml``, which its replay refused -- where the same
commands run from the checkout itself worked.  Here the bundled folder is moved away, as in an
installed copy, and the checkout is a copy of it.
"""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest

from interpreter import load_ruleset
from interpreter.play.record import ruleset_reference
from interpreter.rules import resources
from interpreter.rules.resources import bundled_copy
from runcli import invoke

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A checkout (``co/rulesets`` and a folder ``co/my``) beside an installed copy's bundled files."""
    wheel = tmp_path / "site-packages" / "_data"
    shutil.copytree(REPO / "rulesets", wheel / "rulesets")
    schema = resources.data_dir("schema")
    monkeypatch.setattr(resources, "data_dir", lambda name: wheel / "rulesets" if name == "rulesets" else schema)
    co = tmp_path / "co"
    shutil.copytree(REPO / "rulesets", co / "rulesets")
    (co / "my").mkdir()
    return co


def test_the_checkouts_copy_is_the_bundled_ruleset_and_another_file_is_not(checkout: Path) -> None:
    assert bundled_copy(checkout / "rulesets" / "schnapsen.yaml") == "schnapsen"
    assert bundled_copy(checkout / "rulesets" / "house" / "santase.yaml") == "house/santase"
    # the same bytes under another name, or the same name with a byte changed: a file of its own
    other = checkout / "my" / "mine.yaml"
    other.write_bytes((checkout / "rulesets" / "schnapsen.yaml").read_bytes())
    assert bundled_copy(other) is None
    edited = checkout / "my" / "schnapsen.yaml"
    edited.write_bytes((checkout / "rulesets" / "schnapsen.yaml").read_bytes() + b"# mine\n")
    assert bundled_copy(edited) is None
    assert bundled_copy(checkout / "my" / "none.yaml") is None


def test_a_house_file_extends_the_checkouts_copy_by_its_relative_path(checkout: Path) -> None:
    house = checkout / "my" / "h.yaml"
    house.write_text("extends: ../rulesets/schnapsen.yaml\nname: rel\nmatch: {target: 9}\n", encoding="utf-8")
    out = invoke(["validate", str(house)])
    assert (out.exit_code, out.stdout.strip()) == (0, f"{house}: ok (Schnapsen)")
    assert load_ruleset(house).match.target == 9
    # a file beside it that is not the bundled one still may not be named from below
    (checkout / "rulesets" / "mine.yaml").write_text("extends: schnapsen\nname: mine\n", encoding="utf-8")
    house.write_text("extends: ../rulesets/mine.yaml\nname: rel\n", encoding="utf-8")
    out = invoke(["validate", str(house)])
    assert out.exit_code == 2 and "leads outside the folder of this file" in out.stderr


def test_rules_new_names_the_checkouts_copy_by_its_bundled_name(checkout: Path) -> None:
    new = checkout / "my" / "n.yaml"
    out = invoke(["new", str(new), "--from", str(checkout / "rulesets" / "schnapsen.yaml")])
    assert out.exit_code == 0, out.stderr
    assert "extends: schnapsen\n" in new.read_text(encoding="utf-8")


def test_a_record_names_the_checkouts_copy_by_its_bundled_name_and_replays(checkout: Path) -> None:
    source = checkout / "rulesets" / "schnapsen.yaml"
    record = checkout / "my" / "r.yaml"
    assert ruleset_reference(load_ruleset(source), record) == "schnapsen"
    out = invoke(["run", str(source), "--seed", "1", "--players", "random,random", "--record", str(record)])
    assert out.exit_code == 0, out.stderr
    assert "ruleset: schnapsen\n" in record.read_text(encoding="utf-8")
    assert invoke(["replay", str(record)]).exit_code == 0
    # a copy with other bytes is named by its path, as any rule file is
    mine = checkout / "my" / "schnapsen.yaml"
    mine.write_bytes(source.read_bytes() + b"# mine\n")
    assert ruleset_reference(load_ruleset(mine), record) == "schnapsen.yaml"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_named_pipe_called_as_a_bundled_file_is_not_read(checkout: Path) -> None:
    """Telling a copy needs its bytes: what is not a regular file is never opened (a named pipe
    would wait for a writer for ever)."""
    pipe = checkout / "my" / "schnapsen.yaml"
    os.mkfifo(pipe)
    found: list[str | None] = []
    worker = threading.Thread(target=lambda: found.append(bundled_copy(pipe)), daemon=True)
    worker.start()
    worker.join(10)
    assert found == [None]


def test_a_copy_whose_base_beside_it_is_another_file_is_not_the_bundled_ruleset(checkout: Path) -> None:
    """``house/bauernschnapsen-regional`` says ``extends: bauernschnapsen.yaml``, the file beside
    it: copied byte for byte into a folder where ``bauernschnapsen.yaml`` has other rules, it
    is other rules.  Taken for the bundled one, its record named the bundled ruleset and did
    not replay, and ``rules new --from`` it wrote a file of the bundled rules."""
    regional = checkout / "rulesets" / "house" / "bauernschnapsen-regional.yaml"
    assert bundled_copy(regional) == "house/bauernschnapsen-regional"  # beside the checkout's own base: the same rules
    mine = checkout / "my"
    shutil.copy(regional, mine / regional.name)
    (mine / "bauernschnapsen.yaml").write_text("extends: house/bauernschnapsen\nname: my-bauern\nmatch: {target: 3}\n", encoding="utf-8")
    copy = mine / regional.name
    assert bundled_copy(copy) is None
    assert load_ruleset(copy).match.target == 3
    assert ruleset_reference(load_ruleset(copy), mine / "r.yaml") == "bauernschnapsen-regional.yaml"
    out = invoke(["new", str(mine / "n.yaml"), "--from", str(copy)])
    assert out.exit_code == 0, out.stderr
    assert load_ruleset(mine / "n.yaml").match.target == 3
    # the base gone from beside it: not the bundled ruleset either (it does not load at all)
    (mine / "bauernschnapsen.yaml").unlink()
    assert bundled_copy(copy) is None
