"""Rulebooks generated from the bundled rulesets: golden files, HTML output, data-driven wording.

When a ruleset or the wording changes on purpose, regenerate the golden files and the
published rulebooks, read the differences, and commit them with the change::

    python tools/regen_docs.py --goldens --rulebooks
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from pathlib import Path

import pytest

from interpreter import Ruleset, bundled_rulesets, load_ruleset
from interpreter.text.describe import SECTION_HEADINGS, base_of, rulebook
from tools.regen_docs import GOLDEN_DIR, RULEBOOK_DIR, golden_name

REGENERATE = "python tools/regen_docs.py --goldens --rulebooks"
NAMES = sorted(bundled_rulesets())


@lru_cache(maxsize=None)
def rs(name: str) -> Ruleset:
    return load_ruleset(name)


@lru_cache(maxsize=None)
def book(name: str, fmt: str = "md") -> str:
    ruleset = rs(name)
    return rulebook(ruleset, base_of(ruleset), fmt)


def _compare(expected_file: Path, actual: str) -> None:
    if not expected_file.exists():
        pytest.fail(f"{expected_file} is missing; generate it with `{REGENERATE}`")
    expected = expected_file.read_text(encoding="utf-8")
    if expected != actual:
        diff = "".join(difflib.unified_diff(
            expected.splitlines(keepends=True), actual.splitlines(keepends=True),
            fromfile=str(expected_file), tofile="rulebook()", n=1,
        ))
        pytest.fail(
            f"the rulebook differs from {expected_file}; if the change is intended, regenerate with "
            f"`{REGENERATE}` and review the diff:\n{diff[:6000]}"
        )


@pytest.mark.parametrize("name", NAMES)
def test_golden(name: str) -> None:
    _compare(GOLDEN_DIR / golden_name(name), book(name))


@pytest.mark.parametrize("name", NAMES)
def test_published_rulebook_is_current(name: str) -> None:
    _compare(RULEBOOK_DIR / f"{name}.md", book(name))


def test_no_stale_golden_files() -> None:
    wanted = {golden_name(n) for n in NAMES}
    stale = sorted(p.name for p in GOLDEN_DIR.glob("*.md") if p.name not in wanted)
    assert not stale, f"golden files without a bundled ruleset: {stale}; `{REGENERATE}` removes them"


def test_golden_file_names() -> None:
    assert golden_name("schnapsen") == "schnapsen.md"
    assert golden_name("house/south-bend") == "house__south-bend.md"


@pytest.mark.parametrize("name", NAMES)
def test_markdown_has_every_section(name: str) -> None:
    text = book(name)
    headings = re.findall(r"^## (.+)$", text, flags=re.M)
    ruleset = rs(name)
    expected = list(SECTION_HEADINGS)
    if ruleset.extends:
        expected.insert(0, f"Differences from {base_of(ruleset).title}")  # type: ignore[union-attr]
    assert headings == expected
    assert text.startswith(f"# {ruleset.title}\n")


@pytest.mark.parametrize("name", NAMES)
def test_html_has_every_section(name: str) -> None:
    page = book(name, "html")
    assert page.startswith("<!DOCTYPE html>\n<html lang=\"en\">")
    assert page.rstrip().endswith("</html>")
    for heading in SECTION_HEADINGS:
        assert f"<h2>{heading}</h2>" in page
    if rs(name).extends:
        assert "<h2>Differences from " in page
    # standalone: no external assets
    assert not re.search(r"<(script|link|img)\b", page)
    assert "http" not in page


def test_html_and_markdown_say_the_same() -> None:
    md = book("north-american-4")
    page = book("north-american-4", "html")
    for sentence in ("The declaring side makes its bid if its total is at least 33 times the bid",
                     "There is no talon, so there is no closing."):
        assert sentence in md and sentence in page


def test_html_escapes(tmp_path: Path) -> None:
    path = tmp_path / "tricky.yaml"
    path.write_text(
        "extends: schnapsen\nname: tricky\n"
        "title: 'Schnapsen <b>&</b> \"friends\"'\n"
        "description: 'Uses <script>alert(1)</script> & `code` | pipes.'\n",
        encoding="utf-8",
    )
    tricky = load_ruleset(path)
    page = rulebook(tricky, base_of(tricky), "html")
    assert "<script>" not in page and "<b>" not in page
    assert "<title>Schnapsen &lt;b&gt;&amp;&lt;/b&gt; \"friends\"</title>" in page
    assert "<h1>Schnapsen &lt;b&gt;&amp;&lt;/b&gt; \"friends\"</h1>" in page
    assert "Uses &lt;script&gt;alert(1)&lt;/script&gt; &amp; <code>code</code> | pipes." in page
    assert "<h2>Differences from Schnapsen</h2>" in page
    assert "<li>Name: Schnapsen → Schnapsen &lt;b&gt;&amp;&lt;/b&gt; \"friends\"</li>" in page


def test_unknown_format() -> None:
    with pytest.raises(ValueError, match="fmt"):
        rulebook(rs("schnapsen"), fmt="pdf")


def test_wording_from_the_brief() -> None:
    assert (
        "The player on lead who holds the nine of trumps may exchange it for the turned-up trump card before "
        "leading, provided he has already won a trick and at least 2 cards (the turn-up included) remain in "
        "the talon."
    ) in book("sechsundsechzig")


def test_disabled_features_are_one_sentence() -> None:
    na = book("north-american-4")
    for heading, sentence in [
        ("Exchanging the trump card", "No card is turned up, so there is no exchange of the trump card."),
        ("Closing the talon", "There is no talon, so there is no closing."),
        ("Declaring", "There is no declaring: nobody can go out, and every deal is played to the last trick."),
    ]:
        assert f"## {heading}\n\n{sentence}\n\n## " in na
    assert "## Auction\n\nThere is no auction.\n\n## " in book("schnapsen")


def test_the_text_comes_from_the_data_not_the_name(tmp_path: Path) -> None:
    """A copy of a bundled ruleset under another name gets the same rulebook, name lines apart."""
    for name in ("schnapsen", "north-american-3"):
        source = bundled_rulesets()[name].read_text(encoding="utf-8")
        copy = tmp_path / f"copy-{name}.yaml"
        copy.write_text(
            re.sub(r"^name: .*$", "name: some-copy", source, flags=re.M).replace("\ntitle: ", "\ntitle: Copy of "),
            encoding="utf-8",
        )
        theirs = rulebook(load_ruleset(copy)).replace("Copy of ", "").replace("`some-copy`", f"`{name}`")
        assert theirs == book(name)


def test_other_values_change_the_sentences(tmp_path: Path) -> None:
    path = tmp_path / "variant.yaml"
    path.write_text(
        "extends: sechsundsechzig\nname: variant\n"
        "scoring:\n  game_points: 'if opponent_tricks == 0 then 3 else if 31 > opponent_points then 2 else 1'\n"
        "end:\n  tie: next_deal_bonus\n"
        "closing:\n  fail_points: {base: 3, no_trick: 3}\n"
        "play:\n  head: none\n"
        "dealer:\n  rotation: winner_deals\n",
        encoding="utf-8",
    )
    variant = load_ruleset(path)
    text = rulebook(variant, base_of(variant))
    assert "| otherwise, if the loser has fewer than 31 points | 2 |" in text
    assert "the winner of the next deal scores one game point more" in text
    assert "If he fails to go out, his opponent scores 3 game points." in text
    assert "Any card of that suit will do." in text
    assert "After that the winner of each deal deals the next one." in text
    assert "- Game points formula: if opponent_tricks == 0 then 3 else if opponent_points < 33 then 2 else 1 → " in text


def test_expression_words_for_other_formulas(tmp_path: Path) -> None:
    path = tmp_path / "formula.yaml"
    path.write_text(
        "extends: north-american-4\nname: formula\n"
        "scoring:\n  made: 'max(bid, points // unit)'\n  defenders: '0'\n  set: '-2 * bid'\n",
        encoding="utf-8",
    )
    text = rulebook(load_ruleset(path))
    assert "it scores the larger of the bid and (its total divided by 33, rounded down)" in text  # where the argument ends
    assert "scores minus 2 times the bid (for example, -4 for a bid of 2)" in text
    assert "Each defending side scores 0, whether the bid was made or not." in text


def test_marriage_timing_combinations(tmp_path: Path) -> None:
    path = tmp_path / "close-only.yaml"
    path.write_text("extends: sechsundsechzig\nname: close-only\nmarriage: {after_close: true}\n", encoding="utf-8")
    text = rulebook(load_ruleset(path))
    assert (
        "No marriage may be announced once the talon is exhausted; after the talon has been closed, however, "
        "marriages may still be announced to the end of the deal."
    ) in text
    path = tmp_path / "exhausted-only.yaml"
    path.write_text(
        "extends: sechsundsechzig\nname: exhausted-only\nmarriage: {after_exhaustion: true, on_closing_lead: false}\n",
        encoding="utf-8",
    )
    text = rulebook(load_ruleset(path))
    assert (
        "Marriages may still be announced once the talon is exhausted, but not once it has been closed. "
        "This includes the lead at which a player closes the talon."
    ) in text


@pytest.mark.parametrize("name", NAMES)
def test_html_is_well_formed(name: str) -> None:
    from html.parser import HTMLParser

    void = {"meta"}
    stack: list[str] = []

    class Checker(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list) -> None:
            if tag not in void:
                stack.append(tag)

        def handle_endtag(self, tag: str) -> None:
            assert stack and stack[-1] == tag, f"</{tag}> closes <{stack[-1] if stack else None}>"
            stack.pop()

    Checker().feed(book(name, "html"))
    assert stack == []


FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "rulesets"


@lru_cache(maxsize=None)
def fixture_book(name: str) -> str:
    ruleset = load_ruleset(FIXTURES / f"{name}.yaml")
    return rulebook(ruleset, base_of(ruleset))


def test_the_teams_come_from_the_team_table() -> None:
    assert (
        "Four players play in two partnerships of two. Partners sit next to each other and score together: "
        "seats 0 and 1 against seats 2 and 3."
    ) in fixture_book("north-american-adjacent-teams")
    assert "Partners sit opposite each other and score together: seats 0 and 2 against seats 1 and 3." in book(
        "north-american-4"
    )


def test_the_bidder_alone_against_the_rest() -> None:
    text = fixture_book("bidder-vs-rest")
    assert (
        "In each deal the highest bidder (the declarer) plays alone against the other two, who play together "
        "for that deal: they pool their tricks and card points. Every player keeps his own match score"
    ) in text
    assert "each for himself" not in text
    assert "Each defender scores the defenders' joint total divided by 25, rounded down" in text
    assert "These duties hold even when the trick is already being won by a fellow defender." in text


def test_marriage_ranks_come_from_the_ruleset() -> None:
    text = fixture_book("marriage-queen-jack")
    assert "A player who holds the queen and jack of the same suit may announce them as a marriage" in text
    assert "a queen or jack led without announcing the marriage scores nothing for it" in text
    rules = text.split("## Cards and values")[1]  # after the differences, which name the base's ranks
    assert "king and queen" not in rules and "king or queen" not in rules


def test_how_losers_pay_is_said_only_between_more_than_two_sides() -> None:
    each = fixture_book("three-seat-66")
    assert "The winner of a deal scores game points from each of the other players, the losers" in each
    assert "| if the loser has taken no trick | 3 |" in each
    assert "each of the other players scores 2 game points, or 3 if that player has not yet taken a trick" in each
    together = fixture_book("three-seat-66-together")
    assert "The other players are the losers and count as one opponent: their points and tricks are added up" in together
    assert "| if the losers have taken no trick | 3 |" in together
    for name in ("sechsundsechzig", "schnapsen"):
        assert "losers" not in book(name) and "each loser" not in book(name)
