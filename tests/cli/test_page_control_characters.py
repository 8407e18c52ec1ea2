"""The pages of ``--html`` (rules analyse, simulate, compare) show a control character or a
bidi override from a file as the visible escape ``rules describe`` shows (docs/security.md:
one escaping function for everything from input), never raw: an ESC, a BEL or U+202E in a
title once went into the page's <title> and <h1> as they were."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from cli.main import app
from test_analyse_cli import ENDGAME

runner = CliRunner()

#: The title as YAML writes it: ESC ] 0 ; (retitle the terminal), BEL, ESC [ 2 J (clear the
#: screen) and a right-to-left override.
EVIL = 'extends: schnapsen\nname: evil\ntitle: "Evil \\e]0;PWNED\\a\\e[2J\\u202e title"\n'
#: The same title as the page must show it: each of those characters as its Python escape.
SHOWN = "Evil \\x1b]0;PWNED\\x07\\x1b[2J\\u202e title"
#: What no page may hold raw (a line break and a tab are only layout in HTML).
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def test_a_simulation_page_shows_the_titles_control_characters_escaped(tmp_path: Path) -> None:
    (tmp_path / "evil.yaml").write_text(EVIL, encoding="utf-8")
    page = tmp_path / "s.html"
    out = runner.invoke(app, ["simulate", str(tmp_path / "evil.yaml"), "--deals", "20", "--jobs", "1", "--html", str(page)])
    assert out.exit_code == 0, out.output
    text = page.read_text(encoding="utf-8")
    assert RAW.search(text) is None
    assert f"<title>{SHOWN}: simulation</title>" in text and f"<h1>{SHOWN}: simulation</h1>" in text


def test_a_comparison_page_shows_the_titles_control_characters_escaped(tmp_path: Path) -> None:
    (tmp_path / "evil.yaml").write_text(EVIL, encoding="utf-8")
    page = tmp_path / "c.html"
    out = runner.invoke(app, ["compare", "schnapsen", str(tmp_path / "evil.yaml"), "--deals", "20", "--jobs", "1", "--html", str(page)])
    assert out.exit_code == 0, out.output
    text = page.read_text(encoding="utf-8")
    assert RAW.search(text) is None
    assert f"<p>B: {SHOWN} (<code>" in text  # the run's inputs name the ruleset by its title


def test_an_analysis_page_shows_the_titles_and_the_file_names_control_characters_escaped(tmp_path: Path) -> None:
    """The record's file name is in the page too (its <title>, its <h1>): a BEL in it is
    escaped like the ruleset's title."""
    (tmp_path / "evil.yaml").write_text(EVIL, encoding="utf-8")
    record = tmp_path / "end\x07.yaml"
    record.write_text(ENDGAME.replace("ruleset: schnapsen", "ruleset: evil.yaml"), encoding="utf-8")
    page = tmp_path / "a.html"
    out = runner.invoke(app, ["analyse", str(record), "--iters", "20", "--html", str(page)])
    assert out.exit_code == 0, out.output
    text = page.read_text(encoding="utf-8")
    assert RAW.search(text) is None
    assert "<title>end\\x07.yaml -- analysis</title>" in text
    assert f"<h1>end\\x07.yaml: {SHOWN}</h1>" in text
