"""The deal's fields, declared once: what each is, who may see it, how undo and copy treat it.

Every attribute of a :class:`~interpreter.engine.state.DealState` is a row of :data:`FIELDS`.
From that one table, once per class (as :mod:`dataclasses` writes ``__init__``), come:

* ``__slots__`` -- a typo such as ``state.overbidd = 3`` is an ``AttributeError``;
* the undo record of a move that may change anything (:meth:`snapshot`) and its exact restore
  (:meth:`restore`);
* :meth:`copy`, an independent state.

Adding a row is all a new field needs for those three (``tests/engine/test_fields.py``
declares a dummy field on a subclass and checks them); the view, the key and the sampler
still name the fields they read.

How a field is treated is its ``kind``:

``const``   set when the deal starts and never changed (the ruleset, the stock's order, the
            cards dealt after trump is named): shared by a copy, never in an undo record;
``value``   an immutable value (int, bool, tuple, ``None``, a result) that moves replace:
            saved and restored as it is, shared by a copy;
``list``    a list changed in place (hands, points per seat, the trick): saved and copied
            with ``[:]``;
``log``     a list that only grows (the history, the draws): the record keeps its length and
            restore cuts it back, a copy copies it;
``stack``   the undo stack itself: a copy starts with an empty one.

``key`` marks the fields the position key packs (:meth:`~interpreter.engine.state.DealState.key`:
two positions of one deal share a key exactly when these are equal).  ``seen`` says who may
see the field: ``public`` (every seat: copied into the view as it is),
``derived`` (the view publishes something computed from it: points without a widow only its
taker knows, known cards still in a hand), ``hidden`` (never in another seat's view: hands,
the stock, the widow).  ``feature`` names the rule that owns a field, ``core`` for every
ruleset.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

KINDS = ("const", "value", "list", "log", "stack")
SEEN = ("public", "derived", "hidden")


@dataclass(frozen=True, slots=True)
class Field:
    """One attribute of the deal state."""

    name: str
    kind: str
    seen: str
    feature: str = "core"
    doc: str = ""
    key: bool = False  # part of the position key (DealState.key): the deal's future depends on it

    def __post_init__(self) -> None:
        if self.kind not in KINDS or self.seen not in SEEN:
            raise ValueError(f"field {self.name}: kind {self.kind!r} / seen {self.seen!r}")


F = Field
#: Every field of a deal in progress, in the order of the undo record.
FIELDS: tuple[Field, ...] = (
    # the deal as dealt
    F("rs", "const", "public", doc="the ruleset"),
    F("t", "const", "public", doc="the ruleset's precomputed tables"),
    F("n", "const", "public", doc="seats at the table"),
    F("dealer", "const", "public"),
    F("stock", "const", "hidden", doc="the face-down stock in drawing order (empty without a talon)"),
    F("first_turnup", "const", "public", doc="the card turned up at the deal's start, or -1"),
    F("_strict_always", "const", "public", doc="play.strict_from: always"),
    F("unseen", "const", "hidden", "named_trump", "per seat, the cards dealt after trump is named"),
    F("shown", "const", "hidden", "named_trump", "the card a pass turns, or the dealer's card, or -1"),
    # the cards
    F("hands", "list", "hidden", doc="per seat, the cards held (a bit mask)", key=True),
    F("known", "list", "derived", doc="per seat, cards others know to be in that hand", key=True),
    F("widow", "value", "hidden", "widow", "the widow, or the cards laid away (a tuple)", key=True),
    F("spos", "value", "public", doc="how many stock cards have been drawn", key=True),
    F("turnup", "value", "public", doc="the turn-up still under the stock, or -1", key=True),
    F("gone", "value", "public", doc="the cards of the completed tricks (a mask)"),
    F("trick", "list", "public", doc="the cards on the table, in play order", key=True),
    # whose turn, and what phase
    F("phase", "value", "public", doc="auction, naming, play or over", key=True),
    F("to_act", "value", "public", key=True),
    F("leader", "value", "public", key=True),
    F("claim_seat", "value", "public", doc="the seat that may declare now, or -1", key=True),
    F("draw_pending", "value", "public", doc="the draw waits while the trick's winner may close", key=True),
    F("trump", "value", "public", doc="the trump suit, or -1", key=True),
    F("lead_trump", "value", "public", "first_card_trump", "whether the first card led fixes trump"),
    F("turned", "value", "public", "named_trump", "the card shown for trump once all have seen it, or -1"),
    # the score so far
    F("points", "list", "derived", doc="per seat, card points of the tricks won (and a widow won)", key=True),
    F("tricks", "list", "public", doc="per seat, tricks won", key=True),
    F("tricks_played", "value", "public", key=True),
    F("meld", "list", "public", doc="per seat, marriage points announced", key=True),
    F("meld_wait", "list", "public", "marriage_next_trick", "per seat, marriage points still waiting for a trick", key=True),
    F("bonus", "list", "public", doc="per seat, the last-trick bonus", key=True),
    F("last_winner", "value", "public", key=True),
    F("ten_side", "value", "public", "trump_ten", "the side that took the ten of trumps, or -1", key=True),
    F("married", "value", "public", "partner_marriage", "the first-rank card of every marriage announced (a mask)", key=True),
    # closing
    F("closed", "value", "public", key=True),
    F("closer", "value", "public", key=True),
    F("close_snap", "value", "public", doc="each side's points and tricks when the talon was closed", key=True),
    F("closed_this_lead", "value", "public", key=True),
    F("offer", "value", "public", "exchange_on_close", "the seat offered the exchange as its opponent closes, or -1", key=True),
    # the auction and its outcome
    F("high_bid", "value", "public", key=True),
    F("declarer", "value", "public", key=True),
    F("calls", "value", "public", key=True),
    F("passed", "value", "public", "open_auction", "the seats that have passed (a mask)", key=True),
    F("overbid", "value", "public", "partner_rebid", "the player overbid whose partner may bid again, or -1", key=True),
    F("contract", "value", "public", "contracts", "the contract being played, or None"),
    F("sitting_out", "value", "public"),
    F("deal_sides", "value", "public", doc="the seats of each side in this deal"),
    F("_side", "value", "public", doc="per seat, its side in this deal"),
    F("_active", "value", "public", doc="seats that play this deal"),
    F("widow_taker", "value", "public", "widow", key=True),
    F("to_discard", "value", "public", "widow", "cards still to lay away", key=True),
    F("result", "value", "public", key=True),
    # what happened
    F("history", "log", "derived", doc="every recorded action as seat << 16 | code (a discard hidden from others)"),
    F("draws", "log", "public", doc="the history's length at each round of drawing"),
    F("undo", "stack", "hidden", doc="the undo records"),
)


def names(fields: tuple[Field, ...]) -> tuple[str, ...]:
    return tuple(f.name for f in fields)


def saved(fields: tuple[Field, ...]) -> tuple[Field, ...]:
    """The fields an undo record holds (a ``log`` by its length)."""
    return tuple(f for f in fields if f.kind in ("value", "list", "log"))


def generate(cls: type, fields: tuple[Field, ...]) -> None:
    """Write ``snapshot``, ``restore`` and ``copy`` for ``cls`` from ``fields`` (straight-line
    code, compiled once, as fast as the hand-written methods it replaces)."""
    rows = saved(fields)
    parts = []
    for f in rows:
        if f.kind == "list":
            parts.append(f"self.{f.name}[:]")
        elif f.kind == "log":
            parts.append(f"len(self.{f.name})")
        else:
            parts.append(f"self.{f.name}")
    targets = []
    logs = []
    for k, f in enumerate(rows):
        if f.kind == "log":
            targets.append(f"_n{k}")
            logs.append(f"    del self.{f.name}[_n{k}:]")
        else:
            targets.append(f"self.{f.name}")
    copies = []
    for f in fields:
        if f.kind == "stack":
            copies.append(f"    o.{f.name} = []")
        elif f.kind in ("list", "log"):
            copies.append(f"    o.{f.name} = self.{f.name}[:]")
        else:
            copies.append(f"    o.{f.name} = self.{f.name}")
    source = "\n".join([
        "def snapshot(self):",
        "    '''Every field a move may change, for restore(): lists copied, logs by their length.'''",
        f"    return ({', '.join(parts)},)",
        "",
        "def restore(self, snap):",
        "    '''Put back every field snapshot() saved (a log cut back to its saved length).'''",
        f"    ({', '.join(targets)},) = snap",
        *logs,
        "",
        "def copy(self):",
        "    '''An independent copy, field by field (without the undo records).'''",
        "    o = _new(_cls)",
        *copies,
        "    return o",
    ])
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec(compile(source, f"<fields of {cls.__qualname__}>", "exec"), namespace)  # our own table, never input
    made: dict[str, Callable[..., Any]] = {name: namespace[name] for name in ("snapshot", "restore", "copy")}
    for name, fn in made.items():
        fn.__qualname__ = f"{cls.__qualname__}.{name}"
        fn.__module__ = cls.__module__
        setattr(cls, name, fn)
    setattr(cls, "SAVED", names(rows))  # the names of the full undo record, in its order
