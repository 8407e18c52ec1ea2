"""Nothing read from input reaches the terminal raw, and a closed stdout is no error.

A ruleset, a record, a file name or a typed entry may carry terminal control sequences
(``ESC ] 0;...`` retitles the terminal, ``ESC [2J`` clears it, BEL rings, a C1 character acts
like ``ESC [`` on some terminals) or a lone surrogate that no encoding can write.  Every
command prints such text through one escaping function, and ``--json`` stays valid JSON
without a raw control character.  When the reader of stdout goes away early (``| head``) a
command exits as it would have, with nothing on stderr.
"""

from __future__ import annotations

import doctest
import json
import os
import re
import subprocess
from pathlib import Path

import pytest

import interpreter.core.printable
from clitools import RULES, invoke, no_traceback
from interpreter.core.errors import RulesError
from interpreter.core.printable import json_text, printable

#: Characters that must never be printed raw (tab and line feed are layout, allowed in text).
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
#: A title that tries everything: retitle the terminal, ring, clear the screen, C1 CSI, DEL, a lone surrogate.
HOSTILE = "Evil \\e]0;pwned\\a\\e[2J\\x9b31m\\x7f\\ud800 end"
HOSTILE_SHOWN = "Evil \\x1b]0;pwned\\x07\\x1b[2J\\x9b31m\\x7f\\ud800 end"


def raw_controls(text: str) -> list[str]:
    return RAW.findall(text)


def hostile_ruleset(folder: Path) -> Path:
    path = folder / "evil.yaml"
    path.write_text(
        f'extends: schnapsen\nname: evil\ntitle: "{HOSTILE}"\ndescription: "first\\e[31m red\\nsecond line\\tend"\n',
        encoding="utf-8",
    )
    return path


def test_printable_doctests() -> None:
    assert doctest.testmod(interpreter.core.printable).failed == 0


def test_printable_escapes_every_control_and_nothing_else() -> None:
    text = "".join(chr(c) for c in range(0xA0)) + "\ud800\udfff é → ♥ \\x1b"
    shown = printable(text)
    assert raw_controls(shown) == [] and "\n" not in shown and "\t" not in shown
    assert "\\x1b" in shown and "\\x07" in shown and "\\x7f" in shown and "\\x85" in shown and "\\ud800" in shown
    assert shown.endswith(" é → ♥ \\x1b")  # printable text and a literal backslash pass untouched
    assert printable(shown) == shown  # idempotent: escaping twice changes nothing
    assert printable("a\nb\tc\rd", multiline=True) == "a\nb\tc\\rd"


def test_json_text_is_valid_json_without_raw_controls() -> None:
    value = {"t": "a\x1b\x85\x9b\x7f\ud800b é"}
    text = json_text(value)
    assert raw_controls(text) == []
    assert json.loads(text) == value
    assert "é" in text  # ensure_ascii=False keeps readable text readable


def test_error_messages_are_escaped_and_stay_one_line() -> None:
    error = RulesError("unknown key 'a\x1b[2Jb\nfake: line'", file="x\x07.yaml", line=1, column=2, path="k\x85", expected="\x1b]0;t")
    assert str(error) == "x\\x07.yaml:1:2: k\\x85: unknown key 'a\\x1b[2Jb\\nfake: line' (expected \\x1b]0;t)"


def test_an_expression_caret_stays_under_its_character_after_escaping() -> None:
    message = "unknown name 'y'\n    x + \x1b y\n    " + " " * 6 + "^"  # the caret under y, after the ESC
    shown = str(RulesError(message))
    lines = shown.splitlines()
    assert lines[1] == "    x + \\x1b y"
    assert lines[2].index("^") == lines[1].index("y")


def test_validate_describe_diff_and_run_escape_the_title(tmp_path: Path) -> None:
    path = str(hostile_ruleset(tmp_path))
    for args in (
        ["validate", path], ["describe", path], ["describe", path, "--format", "html"],
        ["diff", "schnapsen", path], ["run", path, "--seed", "1", "--deals", "1", "--quiet"],
    ):
        out = invoke(args)
        assert out.exit_code == 0, (args, out.stderr)
        assert raw_controls(out.stdout + out.stderr) == [], args
        assert HOSTILE_SHOWN in out.stdout, args


def test_describe_keeps_the_rulebook_lines(tmp_path: Path) -> None:
    out = invoke(["describe", str(hostile_ruleset(tmp_path))])
    assert "first\\x1b[31m red\nsecond line\tend" in out.stdout
    assert out.stdout.startswith("# " + HOSTILE_SHOWN + "\n")


def test_diff_json_is_valid_and_has_no_raw_control(tmp_path: Path) -> None:
    out = invoke(["diff", "schnapsen", str(hostile_ruleset(tmp_path)), "--json"])
    assert out.exit_code == 0
    assert raw_controls(out.stdout) == []
    changes = out.json()
    assert changes[0]["new"] == "Evil \x1b]0;pwned\x07\x1b[2J\x9b31m\x7f\ud800 end"  # JSON escapes give the text back


@pytest.mark.parametrize("command", ["validate", "describe"])
def test_a_lone_surrogate_in_title_and_description_is_no_traceback(tmp_path: Path, command: str) -> None:
    path = tmp_path / "s.yaml"
    path.write_text('extends: schnapsen\nname: s\ntitle: "T \\ud800"\ndescription: "D \\udfff"\n', encoding="utf-8")
    proc = subprocess.run([str(RULES), command, str(path)], capture_output=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert b"Traceback" not in proc.stderr
    assert b"T \\ud800" in proc.stdout


def refused_escaped(path: Path, text: str, args: list[str]) -> str:
    """Write ``text`` to ``path`` and run ``rules ARGS``: exit 2, nothing printed raw; returns stderr."""
    path.write_text(text, encoding="utf-8")
    out = invoke(args)
    assert out.exit_code == 2
    assert raw_controls(out.stdout + out.stderr) == []
    return out.stderr


def test_a_key_with_escapes_is_reported_escaped(tmp_path: Path) -> None:
    path = tmp_path / "k.yaml"
    err = refused_escaped(path, 'extends: schnapsen\nname: k\n"deal\\e]0;x\\a": 1\n', ["validate", str(path)])
    assert "deal\\x1b]0;x\\x07" in err


def test_a_file_name_with_escapes_is_printed_escaped(tmp_path: Path) -> None:
    named = tmp_path / "ok\x1b[2J.yaml"
    named.write_text("extends: schnapsen\nname: ok\n", encoding="utf-8")
    for name in (str(named), str(tmp_path / "missing\x07.yaml")):
        out = invoke(["validate", name])
        assert raw_controls(out.stdout + out.stderr) == []
    assert "ok\\x1b[2J.yaml: ok" in invoke(["validate", str(named)]).stdout


def test_replay_escapes_moves_and_names_from_the_record(tmp_path: Path) -> None:
    record = tmp_path / "r.yaml"
    err = refused_escaped(record, 'ruleset: schnapsen\nseed: 3\nmoves: ["play \\e[2J\\x9b"]\n', ["replay", str(record)])
    assert "\\x1b[2J\\x9b" in err
    refused_escaped(record, 'ruleset: "nosuch\\e]0;x\\a"\nseed: 3\n', ["replay", str(record), "--json"])


def test_the_human_seat_never_echoes_a_control_character(tmp_path: Path) -> None:
    entries = "play \x1b[2J\nplay \x9b31m\nplay A\x7f\n\x07\n"
    out = invoke(["run", "schnapsen", "--seed", "3", "--players", "human,greedy", "--record", str(tmp_path / "r.yaml")], input=entries)
    assert out.exit_code == 130
    no_traceback(out)
    assert raw_controls(out.stdout + out.stderr) == []
    assert out.stderr.count("that entry contains control characters") == 4  # the human seat's screen is on stderr


# --------------------------------------------------------------------------- closed stdout
def _reader_leaves_early(args: list[str], cwd: Path, *, read: int) -> tuple[int, bytes]:
    """Run ``rules ARGS`` into a real pipe whose reader reads ``read`` bytes (0: none) and closes it."""
    reader, writer = os.pipe()
    if read == 0:
        os.close(reader)  # gone before the first byte is written
    proc = subprocess.Popen([str(RULES), *args], stdout=writer, stderr=subprocess.PIPE, cwd=cwd)
    os.close(writer)
    if read:
        got = b""
        while len(got) < read:
            chunk = os.read(reader, read - len(got))
            assert chunk, "the command ended before writing enough"
            got += chunk
        os.close(reader)
    _, err = proc.communicate(timeout=120)
    return proc.returncode, err


@pytest.fixture
def files(tmp_path: Path) -> Path:
    subprocess.run([str(RULES), "run", "schnapsen", "--seed", "7", "--quiet", "--record", "m.yaml"], cwd=tmp_path, check=True, capture_output=True, timeout=60)
    return tmp_path


@pytest.mark.parametrize("args", [
    ["replay", "m.yaml"], ["replay", "m.yaml", "--json"], ["validate", "schnapsen"], ["describe", "schnapsen"],
    ["schema"], ["diff", "sechsundsechzig", "house/santase"], ["diff", "sechsundsechzig", "house/santase", "--json"],
], ids=lambda a: " ".join(a))
def test_a_reader_gone_before_the_output_is_no_error(files: Path, args: list[str]) -> None:
    status, err = _reader_leaves_early(args, files, read=0)
    assert (status, err) in ((0, b""), (141, b""))


def test_a_reader_that_leaves_after_ten_bytes_is_no_error(files: Path) -> None:
    args = ["validate", *["schnapsen"] * 3000]  # far more than a pipe holds
    status, err = _reader_leaves_early(args, files, read=10)
    assert (status, err) in ((0, b""), (141, b""))


def test_a_closed_stdout_keeps_the_exit_status(files: Path) -> None:
    """The command carries on to its end: an invalid ruleset after the reader left still means 2."""
    (files / "bad.yaml").write_text("extends: schnapsen\nname: bad\nmatch: {target: -1}\n", encoding="utf-8")
    status, err = _reader_leaves_early(["validate", *["schnapsen"] * 3000, "bad.yaml"], files, read=10)
    assert status == 2
    assert err.decode().startswith("bad.yaml:") and b"Traceback" not in err
