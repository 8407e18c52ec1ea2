"""The seat kinds a record's ``players`` header names, and which of them is a person.

A record says who sat where so that it can be read later: ``rules replay`` and ``rules
analyse`` hide the hands of a deal a person is still playing, and ``rules play --resume``
seats the same bots again.  The header is text in a file anybody can edit, so the question
"is this seat a person?" must have one answer however ``human`` is spelt (``HUMAN``,
``Human``): a spelling the code failed to recognise would show a person the opponents'
cards.  :func:`is_human` is that answer, used wherever a seat's kind decides what is shown.

:func:`kind_problem` says whether a text is a seat kind at all -- one of the kinds
``rules run --players`` takes (:data:`~interpreter.play.bots.BOT_KINDS`, ``search:LEVEL``,
``policy:MODULE:NAME``, ``human``), in any case as ``--players`` takes them.  It reads the
text only: a ``policy:`` kind names Python code, which reading a record must never import.
"""

from __future__ import annotations

from interpreter.play.bots import BOT_KINDS, POLICY_FORMS, SEARCH_OPTIONS
from interpreter.rules.yamlsource import shorten

HUMAN = "human"

#: What a seat kind may be, for messages.
KIND_FORMS = f"{HUMAN}, {', '.join(BOT_KINDS)}, {SEARCH_OPTIONS}, {POLICY_FORMS}"


def canonical_kind(kind: str) -> str:
    """A seat kind as ``rules run --players`` writes it: names and levels in lower case
    (``GREEDY`` is ``greedy``), a ``policy:`` kind's module or file name kept as written,
    where case matters."""
    kind = kind.strip()
    if kind[:7].lower() == "policy:":
        return "policy:" + kind[7:]
    return kind.lower()


def is_human(kind: object) -> bool:
    """Whether a seat of this kind is a person: ``human`` in any case, with any spaces around it."""
    return isinstance(kind, str) and canonical_kind(kind) == HUMAN


def is_policy(kind: object) -> bool:
    """Whether a seat of this kind is a trained policy (``policy:...``): code to import."""
    return isinstance(kind, str) and canonical_kind(kind).startswith("policy:")


def kind_problem(kind: str) -> str | None:
    """What is wrong with ``kind`` as a seat kind (a sentence that quotes it), or ``None`` when
    it is one.  Its syntax only: a policy module is not imported, a policy file not looked for."""
    text = canonical_kind(kind)
    if text == HUMAN or text in BOT_KINDS:
        return None
    if text.startswith("search:"):
        from interpreter.play.bots.search_bot import parse_search_kind

        try:
            parse_search_kind(text)
        except ValueError:
            return f"unknown search option '{shorten(text[7:])}'"
        return None
    if text.startswith("policy:"):
        module, sep, name = text[7:].rpartition(":")
        if not (sep and module.strip() and name.strip()):
            return f"'{shorten(kind)}' does not name a module or file and a policy in it"
        return None
    return f"unknown seat kind '{shorten(kind)}'"
