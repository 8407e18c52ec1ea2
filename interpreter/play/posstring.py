"""Position strings: a whole deal in progress on one line, to paste into tools and bug reports.

Like a chess FEN, a position string says where every card is and what the rules need to know to
go on -- the turn-up, the stock in order, whose lead it is, the cards on the table, points and
tricks, a closed talon -- and nothing of how the deal got there (no history).  It names no
ruleset: the ruleset is given beside it (as ``rules replay RULESET --position``), because the
same string means different legal moves under different rules, and a ruleset named inside
could be a path on someone else's machine.

The string is a list of ``tag=value`` fields separated by spaces; a value's parts are
separated by ``/`` (one per seat where there is one per seat) and the items of a part by ``,``;
``-`` is an empty part.  Cards are written as in the record notation (``TH``); a ``*`` after a
card of a hand marks a card the other players know to be there.  Fields that hold their default
are left out, and :func:`position_string` writes the fields in one fixed order, so equal
positions give equal strings.  The grammar, every tag and an annotated example are in
``docs/notation.md`` ("Position strings").

:func:`parse_position` reads a string back through
:func:`~interpreter.engine.build.build_position`, so a string is checked exactly as positions
built from values are; a bad string raises :class:`PositionStringError` saying which field is
wrong, what is wrong, what was expected, and at which column.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any

from interpreter.core.errors import RecordError
from interpreter.core.printable import printable
from interpreter.engine.build import build_position, default_close_snap, default_may_declare, per_seat_most, unwritten
from interpreter.engine.position import AUCTION, OVER, PLAY
from interpreter.engine.state import DealState
from interpreter.rules.loader import as_ruleset
from interpreter.rules.ruleset import Ruleset

__all__ = ["TAGS", "PositionStringError", "parse_position", "position_string"]

#: Every tag, in the order :func:`position_string` writes them.
TAGS = (
    "dealer", "trump", "turnup", "hands", "drawn", "stock", "widow", "auction", "bid", "leader",
    "trick", "declare", "draw", "closed", "at-close", "points", "tricks", "meld", "wait", "bonus",
)
#: What each tag's value looks like, for messages.
FORMS = {
    "dealer": "dealer=SEAT",
    "trump": "trump=SUIT (one of C D H S)",
    "turnup": "turnup=CARD, or NOW/DEALT after an exchange, or -/DEALT once taken",
    "hands": "hands=CARDS/CARDS/... one hand per seat, '-' for an empty hand, '*' after a known card",
    "drawn": "drawn=CARDS, the stock cards drawn so far, first drawn first",
    "stock": "stock=CARDS, the face-down stock, top card first",
    "widow": "widow=CARDS, or CARDS/SEAT once SEAT took it",
    "auction": "auction=SEAT, the seat to call next",
    "bid": "bid=N/SEAT, the highest bid and its bidder",
    "leader": "leader=SEAT",
    "trick": "trick=CARDS, in play order",
    "declare": "declare=yes or declare=no",
    "draw": "draw=pending",
    "closed": "closed=SEAT, or SEAT/now when it closed on this lead",
    "at-close": "at-close=P,Q,T/... per deal side: points, points without marriages, tricks at the close",
    "points": "points=N/N/... one number per seat",
    "tricks": "tricks=N/N/... one number per seat",
    "meld": "meld=N/N/... one number per seat",
    "wait": "wait=N/N/... per seat, the marriage points still waiting for the seat's next trick",
    "bonus": "bonus=N/N/... one number per seat",
}
#: The longest string read (a 32-card deck and four seats take about 250 characters).
MAX_LENGTH = 4000

_CARD = re.compile(r"(10|[ATKQJ987])([CDHS])(\*?)", re.IGNORECASE)
#: A number as written: digits, a minus sign read only to say the number is below 0.
_NUMBER = re.compile(r"-?[0-9]+")
#: The most digits a number is read with (no count of a deal comes near); longer is out of range.
_NUMBER_DIGITS = 6
_CARD_FORM = "a card such as TH: rank A T K Q J 9 8 7 (or 10), then suit C D H S"


class PositionStringError(RecordError):
    """A position string that cannot be read: ``column`` (1-based) is where in ``text`` the fault
    is, ``path`` the field (``hands[1]``); ``str()`` adds the string with a caret under it."""

    def __init__(self, message: str, *, text: str, column: int, path: str | None, expected: str | None = None) -> None:
        super().__init__(message, column=column, path=path, expected=expected)
        self.text = text

    def prefix(self) -> str:
        path = f"{printable(self.path)}: " if self.path else ""
        return f"position string, column {self.column}: {path}"

    def __str__(self) -> str:
        return super().__str__() + "\n" + self.excerpt()

    def excerpt(self) -> str:
        """Two lines: the string (a window of it, when it is long) and a caret under the column."""
        shown = re.sub(r"\s", " ", self.text)
        at = max(0, (self.column or 1) - 1)
        start = max(0, min(at - 34, len(shown) - 68))
        end = min(len(shown), start + 68)
        head = "..." if start else ""
        before = head + printable(shown[start:at])
        line = before + printable(shown[at:end]) + ("..." if end < len(shown) else "")
        return f"    {line}\n    {' ' * len(before)}^"


# --------------------------------------------------------------------------- writing
def position_string(state: DealState) -> str:
    """The position string of a deal in progress (see the module docstring).

    ``parse_position(state.rs, position_string(state))`` gives a state with the same
    :meth:`~interpreter.engine.state.DealState.key`, stock, widow and dealer, which plays on
    identically.  A finished deal has no position string (its result is not a position).
    """
    st = state
    if st.phase == OVER:
        raise RecordError("the deal is over: a finished deal has no position string", expected="a deal in progress")
    why = unwritten(st)
    if why is not None:
        raise RecordError(f"this position has no position string yet ({why})", expected="the deal and its moves (a record)")
    rs = st.rs
    deck = rs.deck
    names = [str(c) for c in deck.cards]

    def cards(seq: Any) -> str:
        return ",".join(names[c] for c in seq) or "-"

    def numbers(values: list[int]) -> str:
        return "/".join(map(str, values))

    out = [f"dealer={st.dealer}"]
    if st.trump >= 0:
        out.append(f"trump={deck.suits[st.trump]}")
    if st.first_turnup >= 0:
        now = names[st.turnup] if st.turnup >= 0 else "-"
        out.append(f"turnup={now}" if st.turnup == st.first_turnup else f"turnup={now}/{names[st.first_turnup]}")
    hands = []
    for s in range(st.n):
        mask, known = st.hands[s], st.known[s]
        hands.append(",".join(names[c] + ("*" if known >> c & 1 else "") for c in range(deck.size) if mask >> c & 1) or "-")
    out.append("hands=" + "/".join(hands))
    if st.spos:
        out.append("drawn=" + cards(st.stock[: st.spos]))
    if st.spos < len(st.stock):
        out.append("stock=" + cards(st.stock[st.spos:]))
    if st.widow:
        out.append("widow=" + cards(st.widow) + (f"/{st.widow_taker}" if st.widow_taker >= 0 else ""))
    if st.phase == AUCTION:
        out.append(f"auction={st.to_act}")
    if st.declarer >= 0:
        out.append(f"bid={st.high_bid}/{st.declarer}")
    if st.phase == PLAY:
        out.append(f"leader={st.leader}")
    if st.trick:
        out.append("trick=" + cards(st.trick))
    if st.claim_seat >= 0 and st.claim_seat != st.leader:
        raise RecordError(f"seat {st.claim_seat} may declare, but a position string can only let the leader declare")
    if (st.claim_seat >= 0) != default_may_declare(st):
        out.append("declare=" + ("yes" if st.claim_seat >= 0 else "no"))
    if st.draw_pending:
        out.append("draw=pending")
    if st.closed:
        out.append(f"closed={st.closer}" + ("/now" if st.closed_this_lead else ""))
        snap = st.close_snap
        if snap is not None and snap != default_close_snap(st):
            out.append("at-close=" + "/".join(f"{p},{q},{t}" for p, q, t in zip(*snap)))
    for tag, values in (("points", st.points), ("tricks", st.tricks), ("meld", st.meld), ("wait", st.meld_wait), ("bonus", st.bonus)):
        if any(values):
            out.append(f"{tag}={numbers(values)}")
    return " ".join(out)


# --------------------------------------------------------------------------- reading
@dataclass
class _Part:
    """One ``/``-separated part of a value: its items with their columns."""

    column: int
    items: list[tuple[str, int]]  # (text, column); empty for '-'


@dataclass
class _Field:
    tag: str
    column: int          # of the tag
    value_column: int    # of the value's first character
    parts: list[_Part] = field(default_factory=list)


class _Reader:
    """Reads one string into the keywords of :func:`build_position`, remembering every column."""

    def __init__(self, rs: Ruleset, text: str) -> None:
        self.rs = rs
        self.text = text
        self.fields: dict[str, _Field] = {}
        self.drawn = 0  # how many stock cards the drawn field lists (build_position counts from its first)

    def fail(self, column: int, path: str | None, message: str, expected: str | None = None) -> PositionStringError:
        return PositionStringError(message, text=self.text, column=column, path=path, expected=expected)

    # ------------------------------------------------------------ syntax
    def split(self) -> None:
        text = self.text
        for match in re.finditer(r"\S+", text):
            token, column = match.group(), match.start() + 1
            tag, eq, value = token.partition("=")
            tag = tag.lower()
            if not eq:
                raise self.fail(column, None, f"'{_short(token)}' is not a field", "TAG=VALUE, e.g. " + FORMS["hands"].split(" ")[0])
            if tag not in FORMS:
                close = difflib.get_close_matches(tag, TAGS, n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise self.fail(column, None, f"unknown field '{_short(tag)}'{hint}", "one of: " + ", ".join(TAGS))
            if tag in self.fields:
                raise self.fail(column, tag, f"'{tag}' is given twice", "each field once")
            start = column + len(tag) + 1
            if not value:
                raise self.fail(start, tag, "the value is missing", FORMS[tag])
            f = _Field(tag, column, start)
            offset = start
            for chunk in value.split("/"):
                items: list[tuple[str, int]] = []
                if chunk != "-":
                    at = offset
                    for item in chunk.split(","):
                        if not item:
                            raise self.fail(at, tag, "an empty item (two commas, or a comma at an end)", FORMS[tag])
                        items.append((item, at))
                        at += len(item) + 1
                if not chunk:
                    raise self.fail(offset, tag, "an empty part (use '-' for nothing)", FORMS[tag])
                f.parts.append(_Part(offset, items))
                offset += len(chunk) + 1
            self.fields[tag] = f

    # ------------------------------------------------------------ values
    def parts(self, tag: str, low: int, high: int) -> list[_Part]:
        f = self.fields[tag]
        if not low <= len(f.parts) <= high:
            count = f"{low}" if low == high else f"{low} to {high}"
            raise self.fail(f.value_column, tag, f"{len(f.parts)} parts separated by '/'", f"{count}: {FORMS[tag]}")
        return f.parts

    def single(self, tag: str) -> tuple[str, int]:
        part = self.parts(tag, 1, 1)[0]
        if len(part.items) != 1:
            raise self.fail(part.column, tag, "one value expected", FORMS[tag])
        return part.items[0]

    def number(self, item: tuple[str, int], path: str, what: str = "a whole number", most: int | None = None) -> int:
        """A whole number from 0: what is no number, below 0 or too long to be one of a deal's is
        refused as such, with the range (``most``, where the caller knows it) -- a larger one that
        is still short is left to :func:`build_position`, which says what it is too many of."""
        text, column = item
        if not _NUMBER.fullmatch(text):
            raise self.fail(column, path, f"'{_short(text)}' is not a number", what)
        digits = text.lstrip("-").lstrip("0")
        expected = what if most is None else f"{what} from 0 to {most}"
        if text.startswith("-") and digits:
            raise self.fail(column, path, f"{_short(text)} is below 0", expected)
        if len(digits) > _NUMBER_DIGITS:
            limit = f"{what} of at most {_NUMBER_DIGITS} digits" if most is None else expected
            raise self.fail(column, path, f"{_short(text)} is out of range", limit)
        return int(digits or "0")

    def seat(self, item: tuple[str, int], path: str) -> int:
        n = self.rs.players.count
        value = self.number(item, path, f"a seat from 0 to {n - 1}")
        if value >= n:
            raise self.fail(item[1], path, f"there is no seat {value}", f"a seat from 0 to {n - 1}")
        return value

    def card(self, item: tuple[str, int], path: str, *, mark: bool = False) -> tuple[int, bool]:
        text, column = item
        m = _CARD.fullmatch(text)
        if m is None or (m.group(3) and not mark):
            raise self.fail(column, path, f"cannot read card '{_short(text)}'", _CARD_FORM + (", '*' after it if known" if mark else ""))
        rank = "T" if m.group(1) == "10" else m.group(1).upper()
        suit = m.group(2).upper()
        deck = self.rs.deck
        if rank not in deck.ranks or suit not in deck.suits:
            raise self.fail(column, path, f"{rank}{suit} is not a card of the {self.rs.name} deck", "ranks " + " ".join(deck.ranks))
        return deck.ranks.index(rank) + deck.suits.index(suit) * len(deck.ranks), bool(m.group(3))

    def cards(self, part: _Part, path: str) -> list[int]:
        return [self.card(item, f"{path}[{i}]")[0] for i, item in enumerate(part.items)]

    def word(self, tag: str, choices: tuple[str, ...]) -> str:
        text, column = self.single(tag)
        if text.lower() not in choices:
            raise self.fail(column, tag, f"'{_short(text)}' is not allowed here", FORMS[tag])
        return text.lower()

    def keywords(self) -> dict[str, Any]:
        """The arguments of :func:`build_position` that the fields give."""
        rs = self.rs
        n = rs.players.count
        has = self.fields.__contains__
        kw: dict[str, Any] = {"dealer": self.seat(self.single("dealer"), "dealer") if has("dealer") else rs.dealer.first}
        if not has("hands"):
            raise self.fail(len(self.text) + 1, "hands", "the hands are missing", FORMS["hands"])
        hand_parts = self.fields["hands"].parts
        if len(hand_parts) != n:
            raise self.fail(self.fields["hands"].value_column, "hands", f"{len(hand_parts)} hands for {n} seats", f"one hand per seat, separated by '/': {FORMS['hands']}")
        hands: list[list[int]] = []
        known: list[list[int]] = []
        for s, part in enumerate(hand_parts):
            hand, seen = [], []
            for i, item in enumerate(part.items):
                card, marked = self.card(item, f"hands[{s}][{i}]", mark=True)
                hand.append(card)
                if marked:
                    seen.append(card)
            hands.append(hand)
            known.append(seen)
        kw["hands"] = hands
        if any(known):
            kw["known"] = known
        if has("trump"):
            text, column = self.single("trump")
            if text.upper() not in rs.deck.suits:
                raise self.fail(column, "trump", f"'{_short(text)}' is not a suit", "one of: " + ", ".join(rs.deck.suits))
            kw["trump"] = text.upper()
        if has("turnup"):
            parts = self.parts("turnup", 1, 2)
            now = None if not parts[0].items else self.card(self._one(parts[0], "turnup"), "turnup")[0]
            if len(parts) == 1 and now is None:
                raise self.fail(parts[0].column, "turnup", "'-' needs the card turned up at the deal after it", "-/CARD")
            kw["turnup"] = now
            kw["first_turnup"] = self.card(self._one(parts[1], "turnup"), "turnup")[0] if len(parts) == 2 else now
        drawn = self.cards(self.parts("drawn", 1, 1)[0], "drawn") if has("drawn") else []
        rest = self.cards(self.parts("stock", 1, 1)[0], "stock") if has("stock") else []
        if drawn or rest:
            kw["stock"] = drawn + rest
            kw["drawn"] = len(drawn)
        self.drawn = len(drawn)
        if has("widow"):
            parts = self.parts("widow", 1, 2)
            kw["widow"] = self.cards(parts[0], "widow")
            if len(parts) == 2:
                kw["widow_taker"] = self.seat(self._one(parts[1], "widow"), "widow")
        if rs.bidding.enabled:
            kw["auction"] = has("auction")
            if not has("auction") and not has("bid"):
                raise self.fail(len(self.text) + 1, "bid", "a game with an auction needs the auction's state",
                                "auction=SEAT while the auction is on, or bid=N/SEAT for the contract")
        if has("auction"):
            kw["auction"] = True
            kw["to_act"] = self.seat(self.single("auction"), "auction")
        if has("bid"):
            amount, bidder = self.parts("bid", 2, 2)
            kw["high_bid"] = self.number(self._one(amount, "bid"), "bid", "a bid such as 2")
            kw["declarer"] = self.seat(self._one(bidder, "bid"), "bid")
        if has("leader"):
            kw["leader"] = self.seat(self.single("leader"), "leader")
        if has("trick"):
            kw["trick"] = self.cards(self.parts("trick", 1, 1)[0], "trick")
        if has("declare"):
            kw["may_declare"] = self.word("declare", ("yes", "no")) == "yes"
        if has("draw"):
            self.word("draw", ("pending",))
            kw["draw_pending"] = True
        if has("closed"):
            parts = self.parts("closed", 1, 2)
            kw["closer"] = self.seat(self._one(parts[0], "closed"), "closed")
            if len(parts) == 2:
                text, column = self._one(parts[1], "closed")
                if text.lower() != "now":
                    raise self.fail(column, "closed", f"'{_short(text)}' is not allowed here", FORMS["closed"])
                kw["closed_this_lead"] = True
        if has("at-close"):
            rows: list[list[int]] = [[], [], []]
            for k, part in enumerate(self.fields["at-close"].parts):
                if len(part.items) != 3:
                    raise self.fail(part.column, f"at-close[{k}]", f"{len(part.items)} numbers", "3 per deal side: " + FORMS["at-close"])
                for r, item in enumerate(part.items):
                    rows[r].append(self.number(item, f"at-close[{k}]"))
            kw["close_snap"] = (rows[0], rows[1], rows[2])
        for tag in ("points", "tricks", "meld", "wait", "bonus"):
            if has(tag):
                parts = self.fields[tag].parts
                if len(parts) != n:
                    raise self.fail(self.fields[tag].value_column, tag, f"{len(parts)} numbers for {n} seats", FORMS[tag])
                keyword = "meld_wait" if tag == "wait" else tag
                most = per_seat_most(rs)[keyword]
                kw[keyword] = [self.number(self._one(p, f"{tag}[{s}]"), f"{tag}[{s}]", most=most) for s, p in enumerate(parts)]
        return kw

    def _one(self, part: _Part, path: str) -> tuple[str, int]:
        if len(part.items) != 1:
            raise self.fail(part.column, path, "one value expected" if part.items else "'-' is not allowed here",
                            FORMS[path.split("[")[0]])
        return part.items[0]

    # ------------------------------------------------------------ errors of the position as a whole
    def locate(self, exc: RecordError) -> PositionStringError:
        """Where in the string a :func:`build_position` error belongs: the field (and its part
        and item, where the keyword path names them) that gives the value at fault."""
        m = re.fullmatch(r"(\w+)(?:\[(\d+)\])?(?:\[(\d+)\])?", exc.path or "")
        keyword = m.group(1) if m else ""
        first = int(m.group(2)) if m and m.group(2) is not None else None
        second = int(m.group(3)) if m and m.group(3) is not None else None
        tag = _KEYWORD_TAGS.get(keyword, keyword)
        if keyword == "close_snap":  # its rows are the string's items, not its parts
            first = second = None
        if keyword == "stock" and first is not None and first < self.drawn:
            tag = "drawn"
        elif keyword == "stock" and first is not None:
            first -= self.drawn
        if keyword == "stock" and first is None and "stock" not in self.fields:
            tag = "drawn"
        f = self.fields.get(tag)
        path = tag
        column = len(self.text) + 1
        if f is not None:
            column = f.column
            item_level = tag in ("stock", "drawn", "trick", "widow")  # one part whose items are indexed
            if item_level and first is not None and f.parts and first < len(f.parts[0].items):
                column = f.parts[0].items[first][1]
                path = f"{tag}[{first}]"
            elif not item_level and first is not None and first < len(f.parts):
                part = f.parts[first]
                column, path = part.column, f"{tag}[{first}]"
                if second is not None and second < len(part.items):
                    column, path = part.items[second][1], f"{tag}[{first}][{second}]"
        return self.fail(column, path, exc.message, exc.expected)


#: The field of the string that gives each keyword of build_position.
_KEYWORD_TAGS = {
    "first_turnup": "turnup", "widow_taker": "widow", "to_act": "auction", "high_bid": "bid",
    "declarer": "bid", "closer": "closed", "closed_this_lead": "closed", "close_snap": "at-close",
    "draw_pending": "draw", "may_declare": "declare", "known": "hands",
}


def _short(text: str) -> str:
    return text if len(text) <= 24 else text[:21] + "..."


def parse_position(rs: Ruleset | str | Path, text: str) -> DealState:
    """Read a position string of ruleset ``rs`` (a ``Ruleset`` or a name) into a ``DealState``.

    Fields may come in any order and tags and cards in any letter case; every field but
    ``hands`` may be left out for its default (see ``docs/notation.md``).  The state has an
    empty history.  Raises :class:`PositionStringError` for a string that cannot be read or
    describes no position of the ruleset.
    """
    ruleset = as_ruleset(rs)
    if not isinstance(text, str):
        raise PositionStringError(f"{type(text).__name__} is not a position string", text="", column=1, path=None, expected="text")
    reader = _Reader(ruleset, text)
    if len(text) > MAX_LENGTH:
        raise reader.fail(MAX_LENGTH + 1, None, f"the string is too long ({len(text)} characters)", f"at most {MAX_LENGTH}")
    if not text.strip():
        raise reader.fail(1, None, "the position string is empty", FORMS["hands"])
    reader.split()
    kw = reader.keywords()
    try:
        return build_position(ruleset, **kw, drawn_out=True)  # a person's string: a talon play can leave
    except PositionStringError:
        raise
    except RecordError as exc:
        raise reader.locate(exc) from None

