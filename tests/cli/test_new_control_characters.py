"""``rules new`` refuses a name with a control or invisible character in it: the commands it
suggests (``rules validate FILE --deep``, on stdout and in the new file's comments) are one
line each, where such a character could only be shown as an escape -- ``'a\\nb.yaml'``, which
a shell reads as a backslash and an ``n``, so the command named another file."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from clitools import REPO, invoke

SAID = "which a command to copy into a shell cannot show as it is (expected a name without control or invisible characters)"


@pytest.mark.parametrize(("name", "shown", "char"), [
    ("a\nb.yaml", r"'a\nb.yaml'", r"'\n'"),
    ("a\tb.yaml", r"'a\tb.yaml'", r"'\t'"),
    ("a\x1bb.yaml", r"'a\x1bb.yaml'", r"'\x1b'"),
    ("a\u202eb.yaml", r"'a\u202eb.yaml'", r"'\u202e'"),
])
def test_a_file_name_with_a_control_character_is_refused(name: str, shown: str, char: str, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = invoke(["new", name, "--from", "schnapsen"])
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", f"error: FILE: {shown} holds the character {char}, {SAID}\n")
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_a_base_named_with_a_control_character_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the new file names its base in its comments too (rules diff BASE FILE)
    monkeypatch.chdir(tmp_path)
    os.mkdir("a\tb")
    shutil.copy(REPO / "rulesets" / "schnapsen.yaml", os.path.join("a\tb", "base.yaml"))
    out = invoke(["new", "ours.yaml", "--from", os.path.join("a\tb", "base.yaml")])
    assert (out.exit_code, out.stdout, out.stderr) == (2, "", rf"error: --from: 'a\tb/base.yaml' holds the character '\t', {SAID}" + "\n")
    assert sorted(os.listdir()) == ["a\tb"]


def test_a_name_of_other_scripts_and_punctuation_is_still_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = invoke(["new", "Шнапсен #1.yaml", "--from", "schnapsen"])
    assert out.exit_code == 0, out.stderr
    assert out.stdout.endswith("then: rules validate 'Шнапсен #1.yaml' --deep\n")
