"""A title is quoted in the rulebook page as written: the backquotes of the rulebook's own
sentences become <code>, but a backtick in a title from the file is a character of the title.
"Tom`s *house* rules" once came out in the list of differences as ``Tom<code>s *house*
rules</code>``."""

from __future__ import annotations

from pathlib import Path

from runcli import invoke


def test_a_backtick_in_the_title_is_shown_as_written_in_the_list_of_differences(tmp_path: Path) -> None:
    path = tmp_path / "bt.yaml"
    path.write_text('extends: schnapsen\nname: bt\ntitle: "Tom`s *house* rules"\n', encoding="utf-8")
    out = invoke(["describe", str(path), "--format", "html"])
    assert out.exit_code == 0, out.stderr
    page = out.stdout
    assert "<h1>Tom`s *house* rules</h1>" in page
    # the title is the one change: the list is the one line naming the base's title and this one
    differences = page.split("<h2>Differences from Schnapsen</h2>")[1].split("</section>")[0]
    assert differences == "\n<ul>\n<li>Name: Schnapsen → Tom`s *house* rules</li>\n</ul>\n"
    # the rulebook's own backquoted words are still code: the ruleset's name in the opening
    assert "generated from the ruleset <code>bt</code>, a house ruleset based on <code>schnapsen</code>" in page
