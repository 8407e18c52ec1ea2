"""Every error of the project crosses a process boundary whole: pickled in a worker of
``rules simulate`` or ``rules arena``, it is rebuilt in the parent as the same class with the
same fields and the same line.

Pickle rebuilds an exception as ``cls(*args)`` by default, which failed for the classes whose
``__init__`` takes something else than the message (``ErrorList`` a list of errors,
``PositionStringError`` keyword-only ``text`` and ``column``); in a process pool that failure
killed the pool's result thread and the run waited for ever.  The list below must name every
class of the family (the test finds them all), so a new one is checked as soon as it exists.
"""

from __future__ import annotations

import importlib
import pickle
import pkgutil

import interpreter
from interpreter.core.errors import (
    BotError,
    ErrorList,
    ExpressionError,
    IllegalActionError,
    MissingBaseError,
    NotationError,
    RecordError,
    RulesError,
    RulesetError,
    StuckDealError,
)
from interpreter.play.posstring import PositionStringError
from interpreter.play.session import ResumeError
from interpreter.rules.loader import MissingNameWarning
from interpreter.rules.migrations import MigrationWarning, NotFixed
from interpreter.rules.references import ReferenceNote, RefusedReferenceError
from interpreter.rules.relevance import RulesetWarning
from interpreter.search.sampling import InconsistentView
from interpreter.sim.workers import WorkerDied, WorkerError


def _samples() -> list[RulesError]:
    """One error of each class, with every field that class has set to something."""
    warning = RulesetWarning("has no effect", file="h.yaml", line=2, column=3, path="marriage.points")
    warning.reason = "marriage.enabled is false"
    return [
        RulesError("bad", file="r.yaml", line=3, column=4, path="deal.hand_size", expected="an integer"),
        RulesetError("unknown key", file="r.yaml", line=1, column=1, path="dael"),
        ExpressionError("division by zero in 'p // 0'", file="dz.yaml", line=4, column=17, path="scoring.game_points"),
        RecordError("no such ruleset", file="m.yaml", line=2, column=10, path="ruleset"),
        NotationError("not a card: 'XX'"),
        IllegalActionError("play KH: you must follow suit", rule="play.follow"),
        BotError("the policy chose action 20 (marry AC), which is not legal now", seat=1, bot="policy:p.py:act", deal=3),
        StuckDealError("the deal is stuck: seat 3 is to act in the auction but the rules leave it no legal action", seat=3),
        MissingNameWarning("a house file needs a name", file="n.yaml", line=1, column=1, path="name", expected="name: n"),
        NotFixed("cannot fix by a safe edit", file="f.yaml", line=4, column=3, path="match.tie", expected="edit it by hand"),
        ErrorList([RulesetError("first", file="a.yaml", line=1, column=2), RulesetError("second", path="x.y", expected="z")]),
        PositionStringError("not a card", text="AS TD X9", column=7, path="hands[0]", expected="a card such as TH"),
        ResumeError("the match is over", file="done.yaml"),
        RefusedReferenceError("leads outside the folder of this file", file="h.yaml", line=1, column=10, path="extends"),
        MissingBaseError("no ruleset 'schnapsn' to extend", file="h.yaml", line=1, column=10, path="extends"),
        ReferenceNote("no file 'schnapsen.yaml' beside this file", file="h.yaml", line=1, column=10, path="extends", expected="extends: schnapsen"),
        warning,
        MigrationWarning("bidding.min is read as bidding.minimum", file="old.yaml", line=7, column=3, path="bidding.min"),
        InconsistentView("no deal agrees with the view"),
        WorkerError("a worker process raised Picky at p.py:3: no"),
        WorkerDied("a worker process died while it played (killed by SIGKILL)"),
    ]


def _family() -> set[type[RulesError]]:
    """Every class of the project derived from :class:`RulesError`, with it (all modules imported)."""
    for module in pkgutil.walk_packages(interpreter.__path__, "interpreter."):
        try:
            importlib.import_module(module.name)
        except ImportError:  # an optional extra that is not installed (PettingZoo, OpenSpiel)
            pass
    found: set[type[RulesError]] = set()
    todo: list[type[RulesError]] = [RulesError]
    while todo:
        cls = todo.pop()
        if cls not in found and cls.__module__.startswith("interpreter."):
            found.add(cls)
            todo.extend(cls.__subclasses__())
    return found


def _fields(error: RulesError) -> dict[str, object]:
    """The error's fields, an error list's errors as their lines (they have no ``==``)."""
    return {key: [str(e) for e in value] if key == "errors" else value for key, value in vars(error).items()}


def test_the_samples_cover_every_class_of_the_family() -> None:
    assert {type(e) for e in _samples()} == _family()


def test_every_error_is_rebuilt_as_the_same_class_with_the_same_fields() -> None:
    for error in _samples():
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error)
        assert (str(back), back.args, _fields(back)) == (str(error), error.args, _fields(error))


def test_an_error_list_keeps_its_errors_as_errors() -> None:
    errors = ErrorList([RulesetError("first", file="a.yaml", line=1, column=2), RulesetError("second", path="x.y")])
    back = pickle.loads(pickle.dumps(errors))
    assert [type(e) for e in back.errors] == [RulesetError, RulesetError]
    assert str(back) == "a.yaml:1:2: first\nx.y: second"
    assert (back.file, back.line, back.column, back.message) == ("a.yaml", 1, 2, "first")
