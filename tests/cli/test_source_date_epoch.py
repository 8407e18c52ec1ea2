"""``SOURCE_DATE_EPOCH`` dates a record only when it is what the reproducible-builds convention
says: seconds since 1970 in ASCII digits, up to the last second of 9999 (the last year a date
header holds).  Any other value is ignored -- the record dated by the clock -- and said once on
stderr by the commands that date a record; it never ends a run with a traceback (it did for
``253402300800``, year 10000, for twenty 9s, and for ``²``, a digit to ``str.isdigit``).
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
import yaml

from clitools import invoke
from interpreter.play.sourcedate import epoch_of, today

#: Values that are not a usable number of seconds, each for a reason of its own.
UNUSABLE = [
    "253402300800",  # 10000-01-01 00:00:00 UTC, one second too late
    "99999999999999999999",  # far too late (an OverflowError for datetime)
    "9" * 5000,  # more digits than int() reads at all
    "²",  # a superscript two: a digit to str.isdigit, not to the convention
    "١٢٣",  # Arabic-Indic digits, read by int()
    "-5",  # before 1970
    "1e9",  # not a whole number written out
    "86400.0",
    "\x1b[2J",  # clears the screen, if printed raw
    "yesterday",
]


def clock_day() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")


@pytest.mark.parametrize("text, seconds", [
    ("0", 0), ("86400", 86400), (" 86400\n", 86400), ("000086400", 86400), ("253402300799", 253402300799),
])
def test_ascii_digits_up_to_the_last_second_of_9999_are_used(text: str, seconds: int) -> None:
    assert epoch_of(text) == seconds


@pytest.mark.parametrize("text", UNUSABLE)
def test_anything_else_is_no_epoch(text: str) -> None:
    assert epoch_of(text) is None


def test_the_day_of_a_usable_epoch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "253402300799")  # the last second of 9999-12-31
    assert today() == "9999-12-31"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(86400 * 2 - 1))  # 1970-01-02 23:59:59
    assert today() == "1970-01-02"


@pytest.mark.parametrize("text", UNUSABLE)
def test_an_unusable_epoch_leaves_the_day_to_the_clock(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", text)
    before = clock_day()
    day = today()
    assert day in (before, clock_day())


@pytest.mark.parametrize("text, shown", [("253402300800", "253402300800"), ("²", "²"), ("\x1b[2J", "\\x1b[2J"), ("1" * 60, "1" * 37 + "...")])
def test_rules_run_says_once_that_it_ignores_it_and_plays(text: str, shown: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", text)
    record = tmp_path / "r.yaml"
    before = clock_day()
    out = invoke(["run", "schnapsen", "--seed", "1", "--deals", "1", "--quiet", "--record", str(record)])
    assert out.exit_code == 0, out.stderr
    assert out.stderr.splitlines() == [
        f"warning: SOURCE_DATE_EPOCH is ignored: '{shown}' is not a whole number of seconds from 0 to 253402300799 "
        "(expected ASCII digits, as the reproducible-builds convention writes them); a record is dated by the clock",
    ]
    assert yaml.safe_load(record.read_text(encoding="utf-8"))["date"] in (before, clock_day())


def test_a_command_that_dates_nothing_says_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "-5")
    out = invoke(["validate", "schnapsen"])
    assert out.exit_code == 0 and "SOURCE_DATE_EPOCH" not in out.stderr


@pytest.mark.parametrize("text", ["", "  ", "86400"])
def test_an_unset_blank_or_usable_epoch_is_not_warned_about(text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", text)
    out = invoke(["run", "schnapsen", "--seed", "1", "--deals", "1", "--quiet", "--record", str(tmp_path / "r.yaml")])
    assert out.exit_code == 0 and out.stderr == ""
