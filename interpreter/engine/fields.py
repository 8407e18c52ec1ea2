"""The deal's fields, declared once: what each is, who may see it, how undo and copy treat it.

Every attribute of a :class:`~interpreter.engine.state.DealState` is a row of :data:`FIELDS`.
From that one table, once per class (as :mod:`dataclasses` writes ``__init__``), come:

* ``__slots__`` -- a typo such as ``state.overbidd = 3`` is an ``AttributeError``;
* ``copy``, an independent state (:func:`copier`);

and once per class and ruleset (kept in the ruleset's tables):

* the undo record of a move that may change anything and its exact restore (:func:`recorder`);
* the position key (:func:`keyer`).

Adding a row is all a new field needs for those four (``tests/engine/test_fields.py``
declares a dummy field on a subclass and checks them); a public field also takes one line in
the view's :class:`~interpreter.engine.views.Public`, from which the view publishes it and
the sampler rebuilds it.

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

``key`` says how the position key packs a field (:func:`keyer`: two positions of one deal share
a key exactly when those fields are equal).  ``seen`` says who may see the field: ``public``
(every seat: copied into the view as it is), ``derived`` (the view publishes something
computed from it: points without a widow only its taker knows, known cards still in a hand),
``hidden`` (never in another seat's view: hands, the stock, the widow).  ``feature`` names the
rule of :data:`FEATURES` that owns a field (``core`` for every ruleset): in a ruleset without
that rule the field keeps its starting value, and the ruleset's undo record and key leave it
out -- the rarer rules cost the rulesets that lack them nothing.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from interpreter.rules.tables import MELD_NEXT_TRICK

if TYPE_CHECKING:
    from interpreter.rules.tables import RuleTables

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
    key: str = ""  # how the position key packs it ("" for not at all): see _bits and keyer

    def __post_init__(self) -> None:
        if self.kind not in KINDS or self.seen not in SEEN or self.feature not in FEATURES:
            raise ValueError(f"field {self.name}: kind {self.kind!r} / seen {self.seen!r} / feature {self.feature!r}")


#: The rules that own fields of their own, each with the test of whether a ruleset has it.  A
#: field of a rule the ruleset lacks never changes from its start there: it is left out of
#: that ruleset's undo record and key (the proofs in tests/engine/test_fields.py play every
#: ruleset field by field, so a field that does change after all is found).
FEATURES: dict[str, Callable[[RuleTables], bool]] = {
    "core": lambda t: True,
    "auction": lambda t: t.auction,
    "closing": lambda t: t.closing,
    "widow": lambda t: t.widow,
    "first_card_trump": lambda t: t.lead_trump,
    "named_trump": lambda t: t.named_trump,
    "marriage_next_trick": lambda t: t.meld_counts == MELD_NEXT_TRICK,
    "trump_ten": lambda t: bool(t.ten_of),
    "partner_marriage": lambda t: t.partner_marries,
    "exchange_on_close": lambda t: t.close_offer,
    "open_auction": lambda t: t.open_auction,
    "partner_rebid": lambda t: t.partner_rebid,
    "contracts": lambda t: t.contracts,
    "doubling": lambda t: t.doubling,
    "card_orders": lambda t: len(t.stronger_of) > 1,
}


def in_use(f: Field, t: RuleTables) -> bool:
    """Whether the ruleset of ``t`` has the rule that owns field ``f``."""
    return FEATURES[f.feature](t)


def features_in_use(t: RuleTables) -> tuple[bool, ...]:
    """Per rule of :data:`FEATURES` in its order, whether the ruleset of ``t`` has it; asked
    once per ruleset (the written key of the compiled build reads it at every position)."""
    cache = t.engine_cache
    made = cache.get("features")
    if made is None:
        made = cache["features"] = tuple(test(t) for test in FEATURES.values())
    return cast(tuple[bool, ...], made)


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
    F("_save", "const", "public", doc="this ruleset's undo record, written (recorder)"),
    F("_load", "const", "public", doc="and restored (recorder)"),
    F("unseen", "const", "hidden", "named_trump", "per seat, the cards dealt after trump is named"),
    F("shown", "const", "hidden", "named_trump", "the card a pass turns, or the dealer's card, or -1"),
    # the cards
    F("hands", "list", "hidden", doc="per seat, the cards held (a bit mask)", key="mask"),
    F("known", "list", "derived", doc="per seat, cards others know to be in that hand", key="mask"),
    F("widow", "value", "hidden", "widow", "the widow, or the cards laid away (a tuple)", key="cards"),
    F("spos", "value", "public", doc="how many stock cards have been drawn", key="tricks"),
    F("turnup", "value", "public", doc="the turn-up still under the stock, or -1", key="card"),
    F("gone", "value", "public", doc="the cards of the completed tricks (a mask)"),
    F("trick", "list", "public", doc="the cards on the table, in play order", key="trick"),
    # whose turn, and what phase
    F("phase", "value", "public", doc="auction, naming, play or over", key="phase"),
    F("turn", "value", "public", doc="the seat whose turn it is in the auction or the trick, kept as it was once the deal is over (DealState.to_act is None then)", key="seat"),
    F("leader", "value", "public", key="seat"),
    F("claim_seat", "value", "public", doc="the seat that may declare now, or -1", key="seat"),
    F("draw_pending", "value", "public", doc="the draw waits while the trick's winner may close", key="flag"),
    F("trump", "value", "public", doc="the trump suit, or -1", key="card"),
    F("lead_trump", "value", "public", "first_card_trump", "whether the first card led fixes trump"),
    F("turned", "value", "public", "named_trump", "the card shown for trump once all have seen it, or -1"),
    # the score so far
    F("points", "list", "derived", doc="per seat, card points of the tricks won (and a widow won)", key="points"),
    F("tricks", "list", "public", doc="per seat, tricks won", key="tricks"),
    F("tricks_played", "value", "public", key="tricks"),
    F("meld", "list", "public", doc="per seat, marriage points announced", key="points"),
    F("meld_wait", "list", "public", "marriage_next_trick", "per seat, marriage points still waiting for a trick", key="points"),
    F("bonus", "list", "public", doc="per seat, the last-trick bonus", key="points"),
    F("last_winner", "value", "public", key="seat"),
    F("ten_side", "value", "public", "trump_ten", "the side that took the ten of trumps, or -1", key="seat"),
    F("married", "value", "public", "partner_marriage", "the first-rank card of every marriage announced (a mask)", key="mask"),
    # closing
    F("closed", "value", "public", "closing", key="flag"),
    F("closer", "value", "public", "closing", key="seat"),
    F("close_snap", "value", "public", "closing", doc="each side's points and tricks when the talon was closed", key="snap"),
    F("closed_this_lead", "value", "public", "closing", key="flag"),
    F("offer", "value", "public", "exchange_on_close", "the seat offered the exchange as its opponent closes, or -1", key="seat"),
    # the auction and its outcome
    F("high_bid", "value", "public", "auction", key="bid"),
    F("declarer", "value", "public", "auction", key="seat"),
    F("calls", "value", "public", "auction", key="count"),
    F("passed", "value", "public", "open_auction", "the seats that have passed (a mask)", key="seats"),
    F("overbid", "value", "public", "partner_rebid", "the player overbid whose partner may bid again, or -1", key="seat"),
    F("contract", "value", "public", "contracts", "the contract being played, or None"),
    F("order", "value", "public", "card_orders", "the card order of the contract played (its index in the tables' stronger_of; 0: the deck's)"),
    F("doubled", "value", "public", "doubling", "0, 1 or 2: the deal's value doubled that many times (x2, x4)", key="level"),
    F("dbl_turn", "value", "public", "doubling", "the seat that may double (or redouble) now, or -1", key="seat"),
    F("sitting_out", "value", "public", "auction", "the declarer's partners laid down (a contract or moon alone)"),
    F("deal_sides", "value", "public", "auction", doc="the seats of each side in this deal"),
    F("_side", "value", "public", "auction", doc="per seat, its side in this deal"),
    F("_active", "value", "public", "auction", doc="seats that play this deal"),
    F("widow_taker", "value", "public", "widow", key="seat"),
    F("to_discard", "value", "public", "widow", "cards still to lay away", key="card_count"),
    F("result", "value", "public", key="result"),
    # what happened
    F("history", "log", "derived", doc="every recorded action as seat << 16 | code (a discard hidden from others)"),
    F("draws", "log", "public", doc="the history's length at each round of drawing"),
    F("seen", "list", "hidden", doc="per seat, every card that came into its own sight, when: a tuple of len(history) << 16 | seat << 8 | card"),

    F("undo", "stack", "hidden", doc="the undo records"),
)


def names(fields: tuple[Field, ...]) -> tuple[str, ...]:
    return tuple(f.name for f in fields)


def saved(fields: tuple[Field, ...]) -> tuple[Field, ...]:
    """The fields an undo record holds (a ``log`` by its length)."""
    return tuple(f for f in fields if f.kind in ("value", "list", "log"))


def _saved(f: Field, st: str) -> str:
    """How an undo record keeps field ``f`` of state ``st``: a list copied, a log by its length."""
    if f.kind == "list":
        return f"{st}.{f.name}[:]"
    if f.kind == "log":
        return f"len({st}.{f.name})"
    return f"{st}.{f.name}"


def _copied(f: Field, st: str) -> str:
    """How ``copy`` sets field ``f`` of the new state ``o`` from ``st``: a list copied, the undo
    stack empty, any other field shared."""
    if f.kind == "stack":
        return f"o.{f.name} = []"
    if f.kind in ("list", "log"):
        return f"o.{f.name} = {st}.{f.name}[:]"
    return f"o.{f.name} = {st}.{f.name}"


#: ``copy`` per class, written once (:func:`copier`).
_COPIERS: dict[type, Callable[[Any], Any]] = {}


def copier(cls: type) -> Callable[[Any], Any]:
    """``copy`` for ``cls``'s states, written from its table of fields as straight-line code
    once: a list is copied, the undo stack starts empty, every other field is shared.

    A function looked up by class, not a method set on the class: a class compiled by mypyc
    takes no new attributes, and allocates only through ``__init__`` (called without a
    ruleset, it leaves an empty shell for the copy to fill; docs/speed.md)."""
    fn = _COPIERS.get(cls)
    if fn is not None:
        return fn
    if COMPILED and getattr(cls, "FIELDS") is FIELDS:
        from interpreter.engine import written

        _COPIERS[cls] = written.copy
        return written.copy
    copies = ["    " + _copied(f, "self") for f in getattr(cls, "FIELDS")]
    source = "\n".join(["def copy(self):", "    o = _cls(None)", *copies, "    return o"])
    made: Callable[[Any], Any] = _compiled(source, f"<copy of {cls.__qualname__}>", {"_cls": cls})["copy"]
    _COPIERS[cls] = made
    return made


Recorder = tuple[Callable[[Any], tuple[Any, ...]], Callable[[Any, tuple[Any, ...]], None]]


def recorded(cls: type, t: RuleTables) -> tuple[Field, ...]:
    """The fields of ``cls``'s undo record in the ruleset of ``t``: every field a move may
    change (a ``log`` by its length), of the rules this ruleset has."""
    return tuple(f for f in saved(getattr(cls, "FIELDS")) if in_use(f, t))


def recorder(cls: type, t: RuleTables) -> Recorder:
    """The undo record of ``cls``'s states in the ruleset of ``t``: ``save(state)`` returns it,
    ``load(state, record)`` puts every field back (a log cut back to its saved length).
    Written as straight-line code for the ruleset once and kept in its tables: a ruleset
    without overbids, offers or a widow saves none of their fields."""
    cache = t.engine_cache
    made = cache.get(("record", cls))
    if made is not None:
        return cast(Recorder, made)
    if COMPILED and getattr(cls, "FIELDS") is FIELDS:
        from interpreter.engine import written

        cache[("record", cls)] = (written.save, written.load)
        return (written.save, written.load)
    rows = recorded(cls, t)
    parts, targets, logs = [], [], []
    for k, f in enumerate(rows):
        parts.append(_saved(f, "self"))
        if f.kind == "log":
            targets.append(f"_n{k}")
            logs.append(f"    del self.{f.name}[_n{k}:]")
        else:
            targets.append(f"self.{f.name}")
    if len(rows) <= 6:  # the short record of a card inside a trick is told apart by its length
        raise ValueError(f"{cls.__qualname__}: an undo record of {len(rows)} fields")
    source = "\n".join([
        "def save(self):",
        f"    return ({', '.join(parts)},)",
        "",
        "def load(self, snap):",
        f"    ({', '.join(targets)},) = snap",
        *logs,
    ])
    namespace = _compiled(source, f"<undo record of {cls.__qualname__}>", {})
    pair: Recorder = (namespace["save"], namespace["load"])
    cache[("record", cls)] = pair
    return pair


#: Whether this module runs compiled by mypyc (docs/speed.md).  Code written at run time (exec)
#: stays Python there and reads a compiled state's fields slowly, so the compiled build takes
#: the undo record, ``copy`` and the key of the table from ``written.py`` instead: the same straight-line
#: code, written from the table ahead of time (:func:`written_source`) and compiled with the
#: engine.  Its record holds every field a move may change, whatever rules the ruleset has: the
#: fields of the others never change there, so saving them too costs a compiled build little.
COMPILED = not __file__.endswith(".py")


def written_source() -> str:
    """The table's part of ``interpreter/engine/written.py``: the undo record (``save``,
    ``load``) of every field of :data:`FIELDS` a move may change, ``copy`` and the position key,
    as straight-line code; :func:`interpreter.engine.views.written_source` adds the public
    fields of a view and gives the whole file, which ``python tools/regen_docs.py --written``
    writes (a test checks it is current)."""
    rows = saved(FIELDS)
    lines = [
        '"""The undo record, copy, key and view\'s public fields of the table of fields, written ahead of time for the compiled build.',
        "",
        "Written by :func:`interpreter.engine.views.written_source` from :data:`~interpreter.engine.fields.FIELDS`:",
        "never edit it; regenerate it with ``python tools/regen_docs.py --written`` (tests/engine/test_fields.py",
        "checks that it is current and proves it exact on every ruleset).  The plain build writes the same",
        "code per ruleset at run time instead (docs/speed.md).",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from collections.abc import Callable",
        "from typing import TYPE_CHECKING, Any, Final",
        "",
        "from interpreter.engine.seatview import Public",
        "",
        "if TYPE_CHECKING:",
        "    from interpreter.engine.position import Position",
        "",
        "_new: Final = tuple.__new__",
        "",
        "",
        "def save(st: Position) -> tuple[Any, ...]:",
        '    """Every field a move may change (a log by its length)."""',
        "    return (",
    ]
    lines += [f"        {_saved(f, 'st')}," for f in rows]
    lines += ["    )", "", "", "def load(st: Position, snap: tuple[Any, ...]) -> None:",
              '    """Put back every field :func:`save` kept (a log cut back to its saved length)."""']
    for k, f in enumerate(rows):
        if f.kind == "log":
            lines.append(f"    del st.{f.name}[snap[{k}]:]")
        else:
            lines.append(f"    st.{f.name} = snap[{k}]")
    lines += ["", "", "def copy(st: Position) -> Any:",
              '    """An independent copy, field by field, without the undo records."""',
              "    o = type(st)(None)"]
    lines += ["    " + _copied(f, "st") for f in FIELDS]
    lines.append("    return o")
    lines += _written_key()
    return "\n".join(lines) + "\n"


def _written_key() -> list[str]:
    """The key of :func:`keyer` -- the same fields, words and order, so the same int -- with
    the ruleset's widths and rules read at run time: a field of a rule the ruleset lacks is
    skipped by a test of :func:`features_in_use`, and ``pack`` is the ruleset's
    :func:`key_struct`."""
    body = ["", "", "def key(st: Position, uses: tuple[bool, ...], pack: Callable[..., bytes]) -> int:",
            '    """The position key (:meth:`DealState.key`): the keyed fields of the rules the ruleset has',
            '    (``uses``: :func:`~interpreter.engine.fields.features_in_use` of its tables), the fixed-width',
            '    ones packed by ``pack`` (its :func:`~interpreter.engine.fields.key_struct`)."""',
            "    t = st.t", "    w = t.key_widths", "    values: list[int] = []"]
    tail: list[str] = ["    k = int.from_bytes(pack(*values), 'little')"]
    order = list(FEATURES)
    for f in FIELDS:
        if not f.key:
            continue
        if f.feature != "core":  # indent the field's lines under the test of its rule
            guard = f"    if uses[{order.index(f.feature)}]:  # {f.feature}"
            mark = (len(body), len(tail))
        else:
            guard, mark = "", (0, 0)
        if f.key == "cards":
            tail += [f"    for c in st.{f.name}:", "        k = k << w.card | (c + 1)", f"    k = k << w.card | len(st.{f.name})"]
        elif f.key == "snap":
            tail += [f"    snap = st.{f.name}", "    if snap is not None:", "        for row in snap:", "            for x in row:",
                     "                k = k << w.points | x", "    k = k << 1 | (snap is not None)"]
        elif f.key == "result":
            tail += [f"    result = st.{f.name}", "    if result is not None:", "        for x in result.scores:",
                     "            k = k << w.points | (x + (1 << (w.points - 1)))", "    k = k << 1 | (result is not None)"]
        elif f.key == "trick":
            continue
        else:
            _, add = _PACKING[f.key]
            if f.kind == "list":
                body += [f"    values.extend(st.{f.name})"] if not add else [f"    for v in st.{f.name}:", f"        values.append(v + {add})"]
            else:
                body.append(f"    values.append(st.{f.name}{f' + {add}' if add else ''})")
        if guard:
            part, start = (tail, mark[1]) if f.key in ("cards", "snap", "result") else (body, mark[0])
            part[start:] = [guard, *("    " + line for line in part[start:])]
    tail += ["    for c in st.trick:", "        k = k << w.card | (c + 1)", "    return k << w.seat | len(st.trick)"]
    return body + tail


def _compiled(source: str, where: str, namespace: dict[str, Any]) -> dict[str, Any]:
    exec(compile(source + "\n", where, "exec"), namespace)  # our own table, never input
    return namespace


#: How a keyed field is packed, per value (a per-seat list packs each seat's value): its bit
#: width -- a field of the ruleset's KeyWidths, ``size`` (the deck's), ``n`` (the seats) or a
#: number -- and the value added so that -1 packs as 0.  The key written per ruleset reads the
#: widths now (:func:`_bits`), the written key at run time (:func:`_written_key`).
_PACKING = {
    "mask": ("size", 0), "points": ("points", 0), "tricks": ("tricks", 0), "card": ("card", 1),
    "seat": ("seat", 1), "count": ("seat", 0), "bid": ("bid", 0), "phase": ("2", 0), "flag": ("1", 0),
    "seats": ("n", 0), "card_count": ("card", 0), "level": ("2", 0),
}


def _bits(kind: str, t: RuleTables, n: int) -> tuple[int, int]:
    """The width and the value added of a way of packing, in the ruleset of ``t`` (``n`` seats)."""
    width, add = _PACKING[kind]
    if width == "size":
        return t.size, add
    if width == "n":
        return n, add
    return (int(width) if width.isdigit() else int(getattr(t.key_widths, width))), add


def _word(width: int) -> str:
    """The :mod:`struct` code of the smallest unsigned word that holds ``width`` bits."""
    for code, bits in (("B", 8), ("H", 16), ("I", 32), ("Q", 64)):
        if width <= bits:
            return code
    raise ValueError(f"a keyed value of {width} bits: no word holds it")  # card codes stop at 64


def key_struct(fields: tuple[Field, ...], t: RuleTables, n: int) -> struct.Struct:
    """The fixed-width part of the position key of a ruleset: every keyed field of fixed size
    that it uses (each seat's value of a per-seat list), in the table's order, each in the
    smallest word that holds its width (:func:`_bits`), little-endian.  One ``pack`` of all of
    them costs a fraction of shifting each into a growing int (docs/speed.md)."""
    codes = []
    for f in fields:
        if f.key and f.key not in _VARYING and in_use(f, t):
            codes.append(_word(_bits(f.key, t, n)[0]) * (n if f.kind == "list" else 1))
    return struct.Struct("<" + "".join(codes))


#: The keyed parts of varying length, packed bit by bit after the fixed-width ones.
_VARYING = ("cards", "snap", "result", "trick")


def keyer(cls: type, t: RuleTables, n: int) -> Callable[[Any], int]:
    """The position key of ``cls``'s states in the ruleset of ``t`` (``n`` seats): every keyed
    field of the table that this ruleset uses, packed in one :func:`key_struct` (a fixed-width
    word per value, in the table's order), then the parts of varying length shifted in after
    it -- the cards laid away (with their count), the score at closing and the result (each
    after a bit saying whether there is one), the cards on the table and their count last --
    so that a key decodes uniquely.  Written as straight-line code for the ruleset, once."""
    fields: tuple[Field, ...] = getattr(cls, "FIELDS")
    pack = key_struct(fields, t, n).pack
    if COMPILED and fields is FIELDS:
        from interpreter.engine import written

        uses = features_in_use(t)
        write_key = written.key
        return lambda st: write_key(st, uses, pack)
    body = ["def key(self):"]
    values: list[str] = []
    tail: list[str] = []
    for f in fields:
        if not f.key or not in_use(f, t):
            continue
        if f.key == "cards":  # a tuple of cards of varying length (the cards laid away)
            width, _ = _bits("card", t, n)
            tail += [f"    for c in self.{f.name}:", f"        k = k << {width} | c + 1", f"    k = k << {width} | len(self.{f.name})"]
        elif f.key == "snap":  # each side's points and tricks at closing, or None
            pw = t.key_widths.points
            tail += [f"    v = self.{f.name}", "    if v is not None:", "        for row in v:", "            for x in row:",
                     f"                k = k << {pw} | x", "    k = k << 1 | (v is not None)"]
        elif f.key == "result":  # the deal's scores (they may be negative), or None
            pw = t.key_widths.points
            tail += [f"    v = self.{f.name}", "    if v is not None:", "        for x in v.scores:",
                     f"            k = k << {pw} | (x + {1 << (pw - 1)})", "    k = k << 1 | (v is not None)"]
        elif f.key == "trick":
            continue  # last of all, below
        else:
            _, add = _bits(f.key, t, n)
            plus = f" + {add}" if add else ""
            if f.kind == "list":
                body.append(f"    f_{f.name} = self.{f.name}")
                values += [f"f_{f.name}[{s}]{plus}" for s in range(n)]
            else:
                values.append(f"self.{f.name}{plus}")
    body.append(f"    k = _from_bytes(_pack({', '.join(values)}), 'little')")
    cw, sw = t.key_widths.card, t.key_widths.seat
    tail += ["    for c in self.trick:", f"        k = k << {cw} | c + 1", f"    return k << {sw} | len(self.trick)"]
    namespace = {"_pack": pack, "_from_bytes": int.from_bytes}
    return _compiled("\n".join(body + tail), f"<key of {cls.__qualname__}>", namespace)["key"]  # type: ignore[no-any-return]
