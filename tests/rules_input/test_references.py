"""The trust model: what an ``extends:`` or a record's ``ruleset:`` may name, and what a refusal
may say (never the content of a file that is refused or that is not a ruleset)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from interpreter.core.errors import RecordError, RulesError, RulesetError
from interpreter.play.record import load_record, replay
from interpreter.rules.loader import load_ruleset
from interpreter.rules.references import RefusedReferenceError

SECRET = "hunter2-do-not-print"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """``home/`` holds the files that name others; ``elsewhere/`` is outside its reach."""
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    (home / "sub").mkdir(parents=True)
    elsewhere.mkdir()
    base = "extends: schnapsen\nname: base\nmatch: {target: 9}\n"
    (elsewhere / "base.yaml").write_text(base, encoding="utf-8")
    (elsewhere / "secret.json").write_text(f'{{"password": "{SECRET}"}}', encoding="utf-8")
    (home / "sub" / "base.yaml").write_text(base, encoding="utf-8")
    (home / "secret.json").write_text(f'{{"password": "{SECRET}", "name": "x"}}', encoding="utf-8")
    (home / "notes.yaml").write_text(f"password: {SECRET}\nname: notes\n", encoding="utf-8")
    (home / "garbage.yaml").write_bytes(b"\x00\x01\x02" + SECRET.encode() + b"\xff\xfe")
    (home / "broken-notes.yaml").write_text(f"{SECRET}: [\n", encoding="utf-8")
    return home


def house(home: Path, ref: str, name: str = "h.yaml") -> Path:
    """A house ruleset in ``home`` whose ``extends:`` is ``ref``."""
    path = home / name
    path.write_text(f"extends: {ref}\nname: h\n", encoding="utf-8")
    return path


def record(folder: Path, ref: str, name: str = "r.yaml") -> Path:
    """A record in ``folder`` whose ``ruleset:`` is ``ref``."""
    path = folder / name
    path.write_text(f"ruleset: {ref}\nseed: 3\n", encoding="utf-8")
    return path


def refusal(path: Path, load: Callable[..., object] = load_ruleset, **options: bool) -> RulesError:
    """The error loading ``path`` raises; it never shows the secret."""
    with pytest.raises(RulesError) as caught:
        load(path, **options)
    assert SECRET not in str(caught.value)
    return caught.value


@pytest.mark.parametrize("ref", ["../elsewhere/base.yaml", "sub/../../elsewhere/base.yaml", "../elsewhere/secret.json", "../elsewhere/missing.yaml"])
def test_an_extends_that_leaves_the_folder_is_refused_at_the_key(tree: Path, ref: str) -> None:
    error = refusal(house(tree, ref))
    assert isinstance(error, RefusedReferenceError) and isinstance(error, RulesetError)
    assert (error.file, error.line, error.column, error.path) == (str(tree / "h.yaml"), 1, 10, "extends")
    assert error.message == f"'{ref}' leads outside the folder of this file"
    # the library names its parameter; the command line names its option (cli.errors.worded)
    assert error.expected == "a bundled ruleset name or a relative path inside this file's folder (allow_outside=True permits others)"


def test_an_absolute_extends_is_refused_without_looking_at_it(tree: Path) -> None:
    target = tree.parent / "elsewhere" / "base.yaml"
    error = refusal(house(tree, str(target)))
    assert isinstance(error, RefusedReferenceError)
    assert error.message == f"'{target}' is an absolute path; a file may only name rulesets in its own folder"
    assert (error.line, error.column, error.path) == (1, 10, "extends")


def test_a_symbolic_link_out_of_the_folder_is_refused(tree: Path) -> None:
    os.symlink(tree.parent / "elsewhere" / "base.yaml", tree / "link.yaml")
    error = refusal(house(tree, "link.yaml"))
    assert error.message == "'link.yaml' leads outside the folder of this file"


def test_relative_paths_inside_the_folder_and_bundled_names_are_followed(tree: Path) -> None:
    assert load_ruleset(house(tree, "sub/base.yaml")).match.target == 9
    assert load_ruleset(house(tree, "sub/../sub/base.yaml", "h2.yaml")).match.target == 9
    os.symlink(tree / "sub" / "base.yaml", tree / "inside-link.yaml")
    assert load_ruleset(house(tree, "inside-link.yaml", "h3.yaml")).match.target == 9
    assert load_ruleset(house(tree, "house/santase", "h4.yaml")).extends == "house/santase"


def test_allow_outside_follows_absolute_and_escaping_paths(tree: Path) -> None:
    target = tree.parent / "elsewhere" / "base.yaml"
    assert load_ruleset(house(tree, str(target)), allow_outside=True).match.target == 9
    assert load_ruleset(house(tree, "../elsewhere/base.yaml", "h2.yaml"), allow_outside=True).match.target == 9


def test_the_file_the_caller_names_is_always_read(tree: Path) -> None:
    """The first argument is the user's own choice: outside any folder, through a link."""
    outside = tree.parent / "elsewhere" / "base.yaml"
    assert load_ruleset(outside).match.target == 9
    assert load_ruleset(os.path.relpath(outside)).match.target == 9


def test_a_file_that_is_not_a_ruleset_file_is_refused_unread(tree: Path) -> None:
    for options in ({}, {"allow_outside": True}):
        error = refusal(house(tree, "secret.json"), **options)
        assert error.message == "'secret.json' is not a ruleset file"
        assert error.expected == "a .yaml or .yml ruleset file"
    error = refusal(house(tree, "../elsewhere/secret.json"), allow_outside=True)
    assert error.message == "'../elsewhere/secret.json' is not a ruleset file"


@pytest.mark.skipif(not hasattr(os, "symlink") or not os.path.exists("/dev/null"), reason="POSIX links and devices")
def test_a_yaml_link_to_another_file_or_a_device_says_what_it_leads_to(tree: Path) -> None:
    """The name written ends in .yaml: "not a ruleset file (expected .yaml)" would baffle.  A link
    to a file of another name is said as a link to it (unread); one to a device is read, and is
    said as any unreadable base: a device, as ``rules validate`` says of the device itself."""
    os.symlink(tree / "secret.json", tree / "secret-link.yaml")
    error = refusal(house(tree, "secret-link.yaml"))
    assert error.message == "'secret-link.yaml' is a link to 'secret.json', not a ruleset file"
    assert error.expected == "a .yaml or .yml ruleset file"
    os.symlink("/dev/null", tree / "null.yaml")
    error = refusal(house(tree, "null.yaml", "h2.yaml"), allow_outside=True)
    assert (error.line, error.column, error.path) == (1, 10, "extends")
    assert error.message == "cannot read the base 'null.yaml': it is a device"


@pytest.mark.parametrize("ref", ["notes.yaml", "garbage.yaml", "broken-notes.yaml"])
def test_a_yaml_file_that_is_not_a_ruleset_is_refused_without_quoting_it(tree: Path, ref: str) -> None:
    error = refusal(house(tree, ref))
    assert error.file == str(tree / "h.yaml") or error.file == str(tree / ref)
    assert SECRET not in str(error) and "password" not in str(error)
    if error.file == str(tree / "h.yaml"):
        assert isinstance(error, RefusedReferenceError)
        assert (error.line, error.column, error.path) == (1, 10, "extends")
        assert error.message.startswith(f"'{ref}' is not a ruleset: ")  # as the file wrote it


def test_a_broken_base_that_is_a_ruleset_keeps_its_detailed_message(tree: Path) -> None:
    (tree / "b.yaml").write_text("extends: schnapsen\nname: b\ndeal: {talon: no}\n", encoding="utf-8")
    error = refusal(house(tree, "b.yaml"))
    assert (error.file, error.line, error.column) == (str(tree / "b.yaml"), 3, 15)
    assert "'no' is a YAML 1.1 boolean" in error.message


def test_a_records_ruleset_follows_the_same_model(tree: Path) -> None:
    error = refusal(record(tree, "../elsewhere/base.yaml"), load_record)
    assert isinstance(error, RefusedReferenceError) and isinstance(error, RecordError)
    assert (error.file, error.line, error.column, error.path) == (str(tree / "r.yaml"), 1, 10, "ruleset")
    assert error.message == "'../elsewhere/base.yaml' leads outside the folder of this file"
    absolute = str(tree.parent / "elsewhere" / "base.yaml")
    error = refusal(record(tree, absolute), load_record)
    assert error.message == f"'{absolute}' is an absolute path; a file may only name rulesets in its own folder"
    assert refusal(record(tree, "secret.json"), load_record).message == "'secret.json' is not a ruleset file"
    error = refusal(record(tree, "notes.yaml"), load_record)
    assert error.message.startswith("'notes.yaml' is not a ruleset: ")  # as the record wrote it
    assert replay(load_record(record(tree, "../elsewhere/base.yaml"), allow_outside=True)).illegal is None
    assert load_record(record(tree, "sub/base.yaml")).ruleset.match.target == 9
    assert load_record(record(tree, "schnapsen")).ruleset.name == "schnapsen"


def test_a_records_ruleset_is_judged_from_the_records_own_folder(tree: Path) -> None:
    """A base that a record's ruleset extends is judged from that ruleset's folder."""
    (tree / "sub" / "escape.yaml").write_text("extends: ../../elsewhere/base.yaml\nname: e\n", encoding="utf-8")
    error = refusal(record(tree, "sub/escape.yaml"), load_record)
    assert error.file == str(tree / "sub" / "escape.yaml")
    assert error.message == "'../../elsewhere/base.yaml' leads outside the folder of this file"
    assert load_record(record(tree, "sub/escape.yaml"), allow_outside=True).ruleset.match.target == 9


def test_a_reference_is_quoted_as_written_and_a_base_located_alike_from_a_record_or_a_house_file(
    tree: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One way to name a file in every message (issue 22, point 9): the refusal quotes the
    reference as the file wrote it; an error inside the named file is located by the naming
    file's folder as the user named it joined with the reference -- for ``extends:`` and a
    record's ``ruleset:`` alike, never as an absolute path nobody wrote; and the command line
    names its option, not the Python parameter."""
    from runcli import invoke

    (tree / "sub" / "notes.yaml").write_text("hello: world\n", encoding="utf-8")
    (tree / "sub" / "bad.yaml").write_text("extends: schnapsen\nname: bad\nmatch: {target: x}\n", encoding="utf-8")
    house(tree / "sub", "notes.yaml", "h1.yaml")
    house(tree / "sub", "bad.yaml", "h2.yaml")
    house(tree / "sub", "../../elsewhere/base.yaml", "h3.yaml")
    record(tree / "sub", "notes.yaml", "r1.yaml")
    record(tree / "sub", "bad.yaml", "r2.yaml")
    record(tree / "sub", "../../elsewhere/base.yaml", "r3.yaml")
    monkeypatch.chdir(tree)
    said = {name: invoke([command, f"sub/{name}.yaml"]).stderr for command, names in (("validate", ("h1", "h2", "h3")), ("replay", ("r1", "r2", "r3"))) for name in names}
    not_a_ruleset = "'notes.yaml' is not a ruleset: its top level is not a mapping of ruleset keys with a name"
    assert said["h1"].startswith(f"sub/h1.yaml:1:10: extends: {not_a_ruleset}")
    assert said["r1"].startswith(f"sub/r1.yaml:1:10: ruleset: {not_a_ruleset}")
    assert said["h2"].startswith("sub/bad.yaml:3:17: match.target: wrong type")
    assert said["r2"].startswith("sub/bad.yaml:3:17: match.target: wrong type")
    outside = ("'../../elsewhere/base.yaml' leads outside the folder of this file (expected a bundled ruleset name "
               "or a relative path inside this file's folder (--allow-outside permits others))")
    assert said["h3"] == f"sub/h3.yaml:1:10: extends: {outside}\n"
    assert said["r3"] == f"sub/r3.yaml:1:10: ruleset: {outside}\n"
    assert not any(str(tree) in text or "allow_outside=True" in text for text in said.values())
    report = invoke(["validate", "sub/h3.yaml", "--json"]).json()
    assert report["errors"][0]["expected"].endswith("(--allow-outside permits others)")


@pytest.mark.parametrize(("ref", "got"), [("5", "integer 5"), ("true", "boolean true"), ("[a.yaml]", "a list"), ("{a: 1}", "a mapping")])
def test_an_extends_of_the_wrong_kind_is_named_in_the_files_words(tree: Path, ref: str, got: str) -> None:
    """As the schema's errors name a wrong value (`got integer 5`), not `wrong type: 5`."""
    error = refusal(house(tree, ref))
    assert (error.line, error.column, error.path, error.message) == (1, 10, "extends", f"wrong type: got {got}")
    assert error.expected == "a bundled ruleset name or a relative path"


@pytest.mark.parametrize("ref", ["C:/base.yaml", "c:base.yaml", "D:\\base.yaml"])
def test_a_drive_letter_is_refused_as_an_absolute_path_on_every_system(tree: Path, ref: str) -> None:
    """On Linux `C:/base.yaml` is a folder `C:` beside the file; it is there, and still refused,
    as Windows reads it: a file means the same wherever it is read (docs/security.md)."""
    (tree / "C:").mkdir()
    (tree / "C:" / "base.yaml").write_text("extends: schnapsen\nname: c\n", encoding="utf-8")
    (tree / "c:base.yaml").write_text("extends: schnapsen\nname: c\n", encoding="utf-8")
    (tree / "D:\\base.yaml").write_text("extends: schnapsen\nname: d\n", encoding="utf-8")
    for path, load in ((house(tree, ref), load_ruleset), (record(tree, ref), load_record)):
        error = refusal(path, load)
        assert isinstance(error, RefusedReferenceError)
        assert error.message == f"'{ref}' is an absolute path; a file may only name rulesets in its own folder"
        assert (error.line, error.column, error.path) == (1, 10, "extends" if load is load_ruleset else "ruleset")
