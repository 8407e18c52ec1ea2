"""The parsers' tables are kept only in a folder of the user's own, never the shared temporary
folder (:mod:`interpreter.core.grammars`).  Lark's own ``cache=True`` wrote
``/tmp/.lark_cache_USER_HASH_3_11.tmp`` and unpickled whatever it found there -- another local
user's file ran code as whoever next ran ``rules`` -- and where no temporary folder was
writable every command stopped on a traceback."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Any

import pytest
from lark import Lark

from interpreter.core import grammars

EXPR = Path(grammars.__file__).resolve().parents[1] / "rules" / "expr.lark"
OPTIONS: dict[str, Any] = {"parser": "lalr", "lexer": "basic", "propagate_positions": True}


@pytest.fixture(autouse=True)
def no_temporary_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No temporary folder at all, as on a read-only root: any use of one fails the test
    (``tmp_path`` made first: without xdist's ``--basetemp``, pytest finds it through
    ``tempfile``)."""
    def refused() -> str:
        raise FileNotFoundError("No usable temporary directory found (the test's)")

    monkeypatch.setattr(tempfile, "gettempdir", refused)


def kept_in(folder: Path) -> list[Path]:
    return sorted(folder.glob("expr-*.lark"))


def test_the_tables_are_kept_in_a_private_folder_and_read_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = grammars.parser(EXPR, **OPTIONS)
    folder = tmp_path / grammars.CACHE_FOLDER
    assert stat.S_IMODE(folder.stat().st_mode) & 0o077 == 0 and len(kept_in(folder)) == 1

    class NeverBuilt(Lark):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            raise AssertionError("built again: the kept tables were not read")

    monkeypatch.setattr(grammars, "Lark", NeverBuilt)
    second = grammars.parser(EXPR, **OPTIONS)
    text = "if opponent_tricks == 0 then 3 else 1"
    assert second.parse(text) == first.parse(text)
    assert second.parse(text).children[0].meta.column == 4  # positions kept (propagate_positions)


def test_without_a_private_folder_the_parser_is_built_and_nothing_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache root others may write to (mode 0777, as /tmp), a folder of ours that others may
    read, a link in its place: not used; the parser is built all the same."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    monkeypatch.setenv("XDG_CACHE_HOME", str(shared))
    assert grammars.cache_folder() is None
    assert grammars.parser(EXPR, **OPTIONS).parse("1") is not None
    assert kept_in(shared / grammars.CACHE_FOLDER) == []

    mine = tmp_path / "mine"
    (mine / grammars.CACHE_FOLDER).mkdir(parents=True, mode=0o755)
    (mine / grammars.CACHE_FOLDER).chmod(0o755)
    monkeypatch.setenv("XDG_CACHE_HOME", str(mine))
    assert grammars.cache_folder() is None

    linked = tmp_path / "linked"
    linked.mkdir()
    (linked / grammars.CACHE_FOLDER).symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    (tmp_path / "elsewhere").mkdir(mode=0o700)
    monkeypatch.setenv("XDG_CACHE_HOME", str(linked))
    assert grammars.cache_folder() is None


def test_no_home_and_no_temporary_folder_still_parse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)

    def homeless() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", homeless)
    assert grammars.cache_folder() is None
    assert grammars.parser(EXPR, **OPTIONS).parse("points // 33") is not None


def test_a_damaged_file_is_built_again_and_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    grammars.parser(EXPR, **OPTIONS)
    (kept,) = kept_in(tmp_path / grammars.CACHE_FOLDER)
    kept.write_bytes(b"\x80\x05 not the tables")
    assert grammars.parser(EXPR, **OPTIONS).parse("3") is not None
    with open(kept, "rb") as f:  # tables again, whole, and no part file left beside them
        assert Lark.load(f).parse("3") is not None
    assert [p.name for p in kept.parent.iterdir()] == [kept.name]


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX owners")
def test_the_project_parsers_use_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both parsers of the project go through it (built afresh here: the module caches them)."""
    from interpreter.core import notation
    from interpreter.rules import expr

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    for module in (expr, notation):
        monkeypatch.setattr(module, "_parser", module._parser.__wrapped__)
        assert module._parser() is not None
    names = sorted(p.name.split("-")[0] for p in (tmp_path / grammars.CACHE_FOLDER).iterdir())
    assert names == ["expr", "notation"]
