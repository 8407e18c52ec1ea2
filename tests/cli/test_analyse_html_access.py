"""rules analyse --html for a reader who cannot tell colours apart, sees them faintly, or
hears the page: each grade's colour reads on the page's backgrounds (WCAG's 4.5:1 for text),
each grade's mark on the chart has its own shape, and the decision counter is announced as
it changes.  Once the inaccuracy's amber was 2.0:1 on white, the three grades were the same
circle in three fills, and stepping with the arrow keys changed the counter in silence."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from cli.analyse_html import GRADE_COLOURS, STYLE, analysis_page
from interpreter.rules.loader import load_ruleset
from test_analyse_html import made_report


def luminance(colour: str) -> float:
    """WCAG 2's relative luminance of ``#rrggbb``."""
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio, (lighter + 0.05) / (darker + 0.05)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_contrast_formula_on_a_value_worked_by_hand() -> None:
    # #b34700: red 179/255 = 0.70196 -> ((0.70196 + 0.055) / 1.055) ** 2.4 = 0.45078; green 71/255
    # = 0.27843 -> 0.06301; blue 0.  L = 0.2126 * 0.45078 + 0.7152 * 0.06301 = 0.14090, and on
    # white (L = 1): 1.05 / 0.19090 = 5.500.  Black on white is 21:1.
    assert luminance("#b34700") == pytest.approx(0.14090, abs=5e-5)
    assert contrast("#b34700", "#ffffff") == pytest.approx(5.500, abs=5e-3)
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)


@pytest.mark.parametrize("grade", ["blunder", "mistake", "inaccuracy"])
def test_each_grade_colour_reads_on_the_page_and_on_the_chart(grade: str) -> None:
    """The grade's word stands on the page's white, its mark on the chart's #fafafa: both
    4.5:1 or more (a bold word of about 16px is not large text, so 3:1 is not enough)."""
    assert "background: #fafafa" in STYLE.split(".chart {")[1].split("}")[0]
    for background in ("#ffffff", "#fafafa"):
        assert contrast(GRADE_COLOURS[grade], background) >= 4.5, (grade, background)


def test_the_three_grades_keep_three_colours() -> None:
    assert len({GRADE_COLOURS[g] for g in ("blunder", "mistake", "inaccuracy", "")}) == 4


class Marks(HTMLParser):
    """The shape of each mark in the charts (by its decision's index) and in the key (by the
    grade named after it), as (element, number of corners of a polygon)."""

    def __init__(self) -> None:
        super().__init__()
        self.chart: dict[int, tuple[str, int]] = {}
        self.key: list[tuple[str, int]] = []
        self.key_words = ""
        self.mark: int | None = None
        self.in_key = False
        self.where: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "a" and a.get("class") == "mark":
            self.mark = int(a["data-i"])
        elif tag == "p" and a.get("class") == "key":
            self.in_key = True
        elif tag == "span" and a.get("id") == "where":
            self.where = a
        if tag in ("polygon", "rect", "circle") and "dot" in a.get("class", "").split():
            shape = (tag, len(a["points"].split()) if tag == "polygon" else 0)
            if self.mark is not None:
                self.chart[self.mark] = shape
            elif self.in_key:
                self.key.append(shape)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self.mark = None
        elif tag == "p":
            self.in_key = False

    def handle_data(self, data: str) -> None:
        if self.in_key:
            self.key_words += data


def graded_page() -> str:
    """Four decisions, one of each grade and one without (the page shows what it is given)."""
    grades = ["blunder", "mistake", "inaccuracy", ""]
    reports = [made_report(k + 1, grade=grade) for k, grade in enumerate(grades)]
    return analysis_page(reports, load_ruleset("schnapsen"), "graded.yaml")


def test_each_grade_has_its_own_shape_on_the_chart_and_in_its_key() -> None:
    """A triangle (pointing down) for a blunder, a square for a mistake, a diamond for an
    inaccuracy, a circle for a move without a grade: told apart without their colours; the
    key shows the same shapes, in the order it names the grades."""
    marks = Marks()
    marks.feed(graded_page())
    triangle, square, diamond, circle = ("polygon", 3), ("rect", 0), ("polygon", 4), ("circle", 0)
    assert marks.chart == {0: triangle, 1: square, 2: diamond, 3: circle}
    assert marks.key == [triangle, square, diamond]
    words = marks.key_words
    assert words.index("blunder") < words.index("mistake") < words.index("inaccuracy")


def test_the_decision_counter_is_announced_as_it_changes() -> None:
    """``decision 3 of 4`` changes with every step; a screen reader says it (politely, after
    what it is saying) only if the counter is a live region."""
    marks = Marks()
    marks.feed(graded_page())
    assert marks.where.get("aria-live") == "polite"
