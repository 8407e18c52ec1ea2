"""The seat kinds a record's ``players`` header names, and which of them is a person.

A record says who sat where so that it can be read later: ``rules replay`` and ``rules
analyse`` hide the hands of a deal a person is still playing, and ``rules play --resume``
seats the same bots again.  The header is text in a file anybody can edit, so the question
"is this seat a person?" must have one answer however ``human`` is spelt (``HUMAN``,
``Human``): a spelling the code failed to recognise would show a person the opponents'
cards.  :func:`is_human` is that answer, used wherever a seat's kind decides what is shown.

:func:`is_policy` says whether a seat's kind names Python code (``policy:...``), which
reading a record must never import, and going on with it only where the person asked for it.
"""

from __future__ import annotations

from interpreter.play.bots import BOT_KINDS, POLICY_FORMS, SEARCH_OPTIONS, canonical_kind as canonical_kind

HUMAN = "human"

#: What a seat kind may be, for messages.
KIND_FORMS = f"{HUMAN}, {', '.join(BOT_KINDS)}, {SEARCH_OPTIONS}, {POLICY_FORMS}"


def is_human(kind: object) -> bool:
    """Whether a seat of this kind is a person: ``human`` in any case, with any spaces around it."""
    return isinstance(kind, str) and canonical_kind(kind) == HUMAN


def is_policy(kind: object) -> bool:
    """Whether a seat of this kind is a trained policy (``policy:...``): code to import."""
    return isinstance(kind, str) and canonical_kind(kind).startswith("policy:")
