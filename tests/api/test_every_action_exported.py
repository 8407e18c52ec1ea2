"""Every kind of action is in the one import and on api.md's list of actions.

``Double`` and ``Redouble`` (the doubling round, ``bidding.doubling``) were missing from both:
``parse_action("double")`` gave a ``Double()`` that ``from interpreter import Double`` could
not name.  The kinds are found from the module, so a kind added later is checked too.
"""

from __future__ import annotations

import inspect
from pathlib import Path

import interpreter
from interpreter.core import actions
from interpreter.core.actions import Action

API_MD = Path(__file__).resolve().parents[2] / "docs" / "api.md"
KINDS = sorted(name for name, cls in vars(actions).items() if inspect.isclass(cls) and issubclass(cls, Action) and cls is not Action)


def test_the_kinds_found_include_the_doubling_round() -> None:
    assert {"Double", "Redouble", "Play", "Continue"} <= set(KINDS)


def test_every_action_kind_is_exported_from_interpreter() -> None:
    missing = [name for name in KINDS if getattr(interpreter, name, None) is not getattr(actions, name) or name not in interpreter.__all__]
    assert missing == []


def test_every_action_kind_is_on_the_api_pages_list() -> None:
    text = API_MD.read_text(encoding="utf-8")
    listed = text[text.index("- Actions are frozen dataclasses:"):]
    listed = listed[: listed.index("\n- ")]
    assert [name for name in KINDS if f"`{name}(" not in listed] == []
