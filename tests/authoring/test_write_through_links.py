"""A file that ``rules`` rewrites and that is a symbolic link is written at the file the link
leads to, and the link stays a link.

Renaming the new text onto the link's own name (the atomic write's last step) would put a
regular file where the link was and leave the user's real file as it was: ``validate --fix``
would say "fixed" while the file the user edits never changed, and the link they made would
be gone.  Every writer goes through :func:`~interpreter.play.recordfile._replace_with`, so both
the rule-file fix and the match record are checked here.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from interpreter.play.recordfile import RecordWriter, lock_path, write_file
from interpreter.rules.loader import load_ruleset
from runcli import invoke

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="symbolic links")

OLD = "extends: schnapsen\nname: old\nmatch:\n  tie: play_on\n  target: 9\n"
# match.tie was removed (schnapsen's one value, play_on): --fix deletes its line, nothing else
FIXED = "extends: schnapsen\nname: old\nmatch:\n  target: 9\n"


def _linked(tmp_path: Path) -> tuple[Path, Path]:
    """A real file in one folder and a link to it in another: the temporary file must be made
    beside the target, not beside the link."""
    (tmp_path / "real").mkdir()
    (tmp_path / "links").mkdir()
    target = tmp_path / "real" / "old.yaml"
    target.write_text(OLD, encoding="utf-8")
    link = tmp_path / "links" / "link.yaml"
    link.symlink_to(target)
    return target, link


def test_fix_through_a_link_fixes_the_target_and_keeps_the_link(tmp_path: Path) -> None:
    target, link = _linked(tmp_path)
    out = invoke(["validate", "--fix", str(link)])
    assert out.exit_code == 0, out.stderr
    assert f"{link}: fixed: deleted match.tie (line 4)" in out.stderr
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8") == FIXED
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["old.yaml"]  # no temporary file left
    assert sorted(p.name for p in (tmp_path / "links").iterdir()) == ["link.yaml"]


def test_fix_through_a_relative_link_and_a_chain_of_links(tmp_path: Path) -> None:
    target, link = _linked(tmp_path)
    link.unlink()
    link.symlink_to(Path("..") / "real" / "old.yaml")  # relative to the link's folder
    second = tmp_path / "second.yaml"
    second.symlink_to(link)  # a link to a link
    out = invoke(["validate", "--fix", str(second)])
    assert out.exit_code == 0, out.stderr
    assert second.is_symlink() and link.is_symlink()
    assert target.read_text(encoding="utf-8") == FIXED


def test_write_file_keeps_the_target_mode_and_the_link(tmp_path: Path) -> None:
    target, link = _linked(tmp_path)
    target.chmod(0o640)
    write_file(link, "new text\n")
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "new text\n"
    assert target.stat().st_mode & 0o777 == 0o640


def test_a_record_whose_path_is_a_link_is_written_at_its_target(tmp_path: Path) -> None:
    target, link = _linked(tmp_path)
    target.write_text("an older record\n", encoding="utf-8")
    w = RecordWriter(load_ruleset("schnapsen"), seed=9, players=["greedy", "greedy"], path=link)
    assert lock_path(link) == lock_path(target)  # the link and its file are one record: one lock
    w.begin_deal(0, 11)
    w.end_deal()  # the first deal: the file is created (replacing the older one)
    w.begin_deal(1, 12)
    w.checkpoint()  # the deal in play written anew (a second replace)
    assert w.save() == link
    assert link.is_symlink() and os.readlink(link) == str(target)
    deals = yaml.safe_load(target.read_text(encoding="utf-8"))["deals"]
    assert [d["seed"] for d in deals] == [11, 12]
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["old.yaml"]  # the lock file went with the writer
    assert sorted(p.name for p in (tmp_path / "links").iterdir()) == ["link.yaml"]
