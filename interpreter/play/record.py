"""Game records: read, replay and write the record format of ``docs/notation.md``.

A record names its ruleset and gives either an explicit starting position (``hands``,
``trump_card``, ``stock``, optional ``start``) or a ``seed``, then ``moves`` in the action
notation.  A whole match is a list of such deals under ``deals:`` (what ``rules run
--record`` writes), with headers before them as a PGN file or a hand history has them:
``ruleset``, ``seed``, ``players``, ``date`` and ``result``.  Replaying turns a record back into
states; :func:`replay_report` gives the JSON object of ``rules replay --json``, with the whole
position (:func:`position_report`) beside the keys of the record format.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from interpreter.core.actions import (
    CONTINUE,
    DECLARE,
    EXCHANGE,
    Action,
    CloseBeforeDraw,
    Declare,
    Exchange,
    Marry,
    Play,
    parse_action,
)
from interpreter.core.paths import resolved
from interpreter.core.arguments import SEED_RANGE, shown_value, with_article
from interpreter.core.cards import Card
from interpreter.core.notation import ACTION_FORMS, CARD_FORM
from interpreter.core.errors import IllegalActionError, NotationError, RecordError, RulesError
from interpreter.play.seatkinds import HUMAN, KIND_FORMS
from interpreter.play.sourcedate import today as today  # the date header's day, where the writers have long found it
from interpreter.rules.filekind import ruleset_given_as_record
from interpreter.play.recordhead import (
    DEAL_KEYS as DEAL_KEYS, MATCH_HEADERS as MATCH_HEADERS, check_not_cut_short, record_ruleset, refuse_match_headers,
)
from interpreter.rules.loader import as_ruleset
from interpreter.engine.match import SEED_MAX, match_winner, next_dealer, scores_after, with_carry
from interpreter.rules.references import looks_like_drive, resolve_reference
from interpreter.rules.resources import bundled_copy, bundled_rulesets
from interpreter.rules.ruleset import Ruleset
from interpreter.engine.build import build_position, unwritten
from interpreter.engine.state import DealResult, DealState
from interpreter.rules.yamlsource import Path as KeyPath
from interpreter.rules.yamlsource import (
    RECORD_LIMITS, YAML11, SourceDoc, describe_value, format_path, load_yaml, load_yaml_file, shorten as _shorten, show_value, yaml_flow_item,
    yaml_scalar,
)

if TYPE_CHECKING:
    from interpreter.play.runner import Event

RESULT_KEYS = ("winner", "scores", "deals")
DEAL_RECORD_KEYS = ("name", "description", "ruleset", "dealer", "hands", "trump_card", "stock", "start", "moves", "seed", "deals", "players")
TOP_KEYS = (*DEAL_RECORD_KEYS, *MATCH_HEADERS)
START_KEYS = ("leader", "card_points", "tricks_won", "closed", "closer", "trump", "match_scores")


@dataclass
class DealRecord:
    """One deal of a record: how it starts and the moves made."""

    state: DealState
    moves: list[Action]
    match_scores: list[int] | None
    path: KeyPath  # where the deal sits in the file (for messages)
    seed: int | None = None  # the deal's seed, when it was dealt from one


@dataclass
class Record:
    ruleset: Ruleset
    deals: list[DealRecord]
    doc: SourceDoc | None = None
    meta: dict[str, Any] = field(default_factory=dict)


# --------------------------------------------------------------------------- reading
class _Source(Protocol):
    """Where a deal's keys came from, as far as reading them needs: a way to locate an error.

    A record file's :class:`SourceDoc` gives file, line and column; a mapping handed to
    :func:`deal_from_mapping` gives the key path only (:class:`_MappingSource`).
    """

    def error(
        self, error_cls: type[RulesError], message: str, path: KeyPath, *, key: bool = False, expected: str | None = None
    ) -> RulesError: ...


class _MappingSource:
    """A Python mapping as the source of a deal: errors carry the key path, and no file.

    ``text_keys`` are the paths of the keys given as text (``"0"``) where the record format
    has numbers, which the mapping's reader sees spelled as text as a file's reader sees
    every key (:func:`_written_as_text`)."""

    def __init__(self, text_keys: frozenset[KeyPath] = frozenset()) -> None:
        self.text_keys = text_keys

    def error(
        self, error_cls: type[RulesError], message: str, path: KeyPath, *, key: bool = False, expected: str | None = None
    ) -> RulesError:
        return error_cls(message, path=format_path(path), expected=expected)


def load_record(path: str | os.PathLike[str], *, allow_outside: bool = False) -> Record:
    """Read and check a record file; raises :class:`RecordError` (or a ruleset error) with a location.

    The record is the caller's choice and always read (up to the limits of
    :data:`~interpreter.rules.yamlsource.RECORD_LIMITS`: room for 100,000 deals); the ruleset
    it names must be bundled or inside the record's folder unless ``allow_outside`` (see
    :mod:`interpreter.rules.references`).  A ``path`` that is not text or a path is a
    ``TypeError`` naming it, as every other entry point's.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path: {shown_value(path)} is {with_article(type(path).__name__)}, not a file name (expected the path of a record file, a str or a Path)")
    doc = load_yaml_file(path, error_cls=RecordError, limits=RECORD_LIMITS, yaml11=_key_hint)
    wrong_kind = ruleset_given_as_record(doc.data, doc.file)
    if wrong_kind is not None:
        raise wrong_kind
    return record_from_doc(doc, resolved(path).parent, allow_outside=allow_outside)


def record_from_doc(doc: SourceDoc, folder: Path, *, allow_outside: bool = False) -> Record:
    """Check a parsed record whose relative paths are read from ``folder``."""
    data = doc.data
    if not isinstance(data, dict):
        raise doc.error(RecordError, "a record must be a mapping of keys", (), expected="keys such as ruleset, hands, moves")
    check_not_cut_short(doc, data)
    if "deals" not in data:
        refuse_match_headers(doc, data)
    _check_keys(doc, (), data, TOP_KEYS if "deals" in data else DEAL_RECORD_KEYS)
    if "ruleset" not in data:
        raise doc.error(RecordError, "missing key 'ruleset'", (), expected="a bundled ruleset name or a path relative to the record")
    rs = record_ruleset(doc, data["ruleset"], folder, allow_outside=allow_outside)
    deals: list[DealRecord] = []
    if "deals" in data:
        for key in DEAL_KEYS:
            if key in data and key != "seed":  # a top-level seed is the match's
                raise doc.error(
                    RecordError, f"'{key}' belongs inside each entry of 'deals'", (key,), key=True,
                    expected=f"{key} in an entry of deals; at the top only " + ", ".join(k for k in TOP_KEYS if k not in DEAL_KEYS or k == "seed"),
                )
        entries = data["deals"]
        if not isinstance(entries, list) or not entries:
            raise doc.error(RecordError, "'deals' must be a non-empty list", ("deals",), expected="a list of deals")
        for i, entry in enumerate(entries):
            if not isinstance(entry, dict):
                raise doc.error(RecordError, "each deal must be a mapping", ("deals", i), expected="keys dealer, seed or hands, moves")
            _check_keys(doc, ("deals", i), entry, DEAL_KEYS)
            deals.append(_deal(doc, rs, entry, ("deals", i)))
    else:
        deals.append(_deal(doc, rs, data, ()))
    meta = {k: data[k] for k in ("name", "description", "seed", "players", "date") if k in data}
    if "seed" in meta:
        _seed(doc, meta["seed"], ("seed",))
    if "players" in meta:
        _players(doc, rs, meta["players"])
    if "date" in meta:
        _date(doc, meta["date"])
    if data.get("result") is not None:
        meta["result"] = _result_header(doc, rs, data["result"])
    return Record(rs, deals, doc, meta)


def _date(doc: _Source, value: Any) -> None:
    """The ``date`` header, checked: a day of the calendar written ``YYYY-MM-DD``, as
    :func:`today` writes it.  ``rules replay --log`` prints it as the record's date, so text
    that is no date (``2026-13-45``, a sentence) is refused rather than shown as one."""
    what = "the day the match began, YYYY-MM-DD, e.g. 2026-01-31"
    if not isinstance(value, str):
        raise doc.error(RecordError, f"wrong type: got {describe_value(value)}", ("date",), expected=what)
    import datetime

    if not _DATE.fullmatch(value):
        raise doc.error(RecordError, f"{show_value(value)} is not written YYYY-MM-DD", ("date",), expected=what)
    try:
        datetime.date(int(value[:4]), int(value[5:7]), int(value[8:]))
    except ValueError:
        raise doc.error(RecordError, f"{show_value(value)} is not a day of the calendar", ("date",), expected=what) from None


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _players(doc: _Source, rs: Ruleset, value: Any) -> None:
    """The ``players`` header, checked: one seat kind (:mod:`interpreter.play.seatkinds`) or name per seat.

    The header decides what a replay may show -- the hands of a deal a person is still
    playing are hidden -- so a list that does not fit the ruleset's seats is refused rather
    than read as far as it goes (a third entry in a two-seat game named a seat that does not
    exist, and a string was searched for ``human`` letter by letter)."""
    n = rs.players.count
    what = f"a list of {n} seat kinds, one per seat in seat order, e.g. [{', '.join([HUMAN] + ['greedy'] * (n - 1))}]"
    if not isinstance(value, list):
        raise doc.error(RecordError, f"wrong type: got {describe_value(value)}", ("players",), expected=what)
    if len(value) != n:
        raise doc.error(RecordError, f"{len(value)} {'entry' if len(value) == 1 else 'entries'} for the {n} seats of {rs.name}", ("players",), expected=what)
    for i, kind in enumerate(value):
        if not isinstance(kind, str) or not kind.strip():
            raise doc.error(RecordError, f"wrong type: got {describe_value(kind)}", ("players", i), expected="a seat kind (" + KIND_FORMS + ") or a player's name")
    # Any other text is a player's name: records written through the API (match_record) and by
    # earlier versions name their players freely, and a name is only ever shown.  Only
    # ``human``, in any case, makes a seat a person (seatkinds.is_human).


def _result_header(doc: _Source, rs: Ruleset, value: Any) -> dict[str, Any]:
    """The ``result`` header, checked: ``{winner: SIDE or null, scores: [...], deals: N}``."""
    path: KeyPath = ("result",)
    ns = rs.side_count
    what = "{winner: SIDE or null, scores: [...], deals: N}"
    if not isinstance(value, dict):
        raise doc.error(RecordError, "'result' must be a mapping", path, expected=what)
    _check_keys(doc, path, value, RESULT_KEYS)
    winner = value.get("winner")
    if winner is not None:
        winner = _int(doc, winner, path + ("winner",), f"a {'team' if rs.partnership else 'seat'} from 0 to {ns - 1}, or null")
        if not 0 <= winner < ns:
            raise doc.error(RecordError, f"there is no {'team' if rs.partnership else 'seat'} {winner}", path + ("winner",), expected=f"0 to {ns - 1}, or null")
    out: dict[str, Any] = {"winner": winner}
    if "scores" in value:
        out["scores"] = _int_list(doc, value["scores"], path + ("scores",), ns, f"{ns} match scores")
    if "deals" in value:
        out["deals"] = _int(doc, value["deals"], path + ("deals",), "the number of deals played")
    return out


def _check_keys(doc: _Source, path: KeyPath, data: dict[str, Any], allowed: tuple[str, ...]) -> None:
    import difflib

    for key in data:
        if key not in allowed:
            close = difflib.get_close_matches(key, allowed, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise doc.error(RecordError, f"unknown key '{key}'{hint}", path + (key,), key=True, expected="one of: " + ", ".join(allowed))


def _card(doc: _Source, rs: Ruleset, text: Any, path: KeyPath) -> int:
    try:
        card = Card.parse(_notation(doc, text, path, CARD_FORM))
    except NotationError as exc:
        raise doc.error(RecordError, exc.message, path, expected=exc.expected) from None
    index = rs.deck.index_of.get(card)
    if index is None:
        raise doc.error(RecordError, f"{card} is not a card of the {rs.name} deck", path, expected="ranks " + " ".join(rs.deck.ranks))
    return index


def _int(doc: _Source, value: Any, path: KeyPath, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise doc.error(RecordError, f"wrong type: got {describe_value(value)}", path, expected=what)
    return value


def _seat(doc: _Source, value: Any, path: KeyPath, n: int) -> int:
    """A seat number of a ruleset with ``n`` seats: a whole number from 0 to n - 1."""
    seat = _int(doc, value, path, f"a seat from 0 to {n - 1}")
    if not 0 <= seat < n:
        raise doc.error(RecordError, f"there is no seat {seat}", path, expected=f"a seat from 0 to {n - 1}")
    return seat


def _seed(doc: _Source, value: Any, path: KeyPath) -> int:
    """A seed: a whole number from 0 to :data:`~interpreter.engine.match.SEED_MAX`, the range
    of docs/notation.md and of :func:`~interpreter.core.arguments.check_seed`.  A record file
    may also hold a negative one down to ``-SEED_MAX``, written by an earlier version that took
    any number: it is kept as written and deals as its absolute value (as ``random.Random``
    takes it).  A mapping handed to :func:`deal_from_mapping` is no such file: there a
    negative seed is refused, as every other seed given in Python is."""
    seed = _int(doc, value, path, SEED_RANGE)
    low = 0 if isinstance(doc, _MappingSource) else -SEED_MAX
    if not low <= seed <= SEED_MAX:
        raise doc.error(RecordError, f"the seed {seed} is out of range", path, expected=SEED_RANGE)
    return seed


def _key_hint(path: KeyPath, word: str, why: str) -> tuple[str, str | None] | None:
    """The YAML reader's refusal of a scalar, worded for the record's key where the reader's
    own words would mislead: a number too large for it (beyond 2**64 - 1) at a ``seed`` key,
    said as :func:`_seed` says a seed out of range -- with the range of the docs, not the
    reader's own limit; a YAML 1.1 boolean (``yes``) at ``start.closed``, which takes only
    true or false -- the reader's "or a quoted string" would lead to ``"yes"``, a string the
    key refuses in turn.  ``None`` leaves the reader's words (quoting a ``name: no``)."""
    if path and path[-1] == "seed" and why == "!!int" and word.lstrip("+-").isdigit():
        return f"the seed {_shorten(word)} is out of range", SEED_RANGE
    if why == YAML11 and tuple(path[-2:]) == ("start", "closed"):
        meant = "true" if word.lower() in ("yes", "on", "y") else "false"
        return f"'{_shorten(word)}' is a YAML 1.1 boolean, which records do not read; write {meant}", "true or false"
    return None


def _int_list(
    doc: _Source, value: Any, path: KeyPath, length: int, what: str, *, minimum: int | None = None
) -> list[int]:
    if not isinstance(value, list) or len(value) != length:
        raise doc.error(RecordError, f"not a list of {length} numbers", path, expected=what)
    out = [_int(doc, v, path + (i,), "a whole number") for i, v in enumerate(value)]
    for i, v in enumerate(out):
        if minimum is not None and v < minimum:
            raise doc.error(RecordError, f"{v} is below {minimum}", path + (i,), expected=f"a number of at least {minimum}")
    return out


def _deal(doc: _Source, rs: Ruleset, d: dict[str, Any], path: KeyPath) -> DealRecord:
    n = rs.players.count
    ns = rs.side_count
    dealer = rs.dealer.first
    if "dealer" in d:
        dealer = _seat(doc, d["dealer"], path + ("dealer",), n)
    start = d.get("start")
    if start is not None:
        if not isinstance(start, dict):
            raise doc.error(RecordError, "'start' must be a mapping", path + ("start",), expected="keys " + ", ".join(START_KEYS))
        _check_keys(doc, path + ("start",), start, START_KEYS)
    match_scores = None
    if start is not None and "match_scores" in start:
        match_scores = _int_list(doc, start["match_scores"], path + ("start", "match_scores"), ns, f"{ns} scores, one per {'team' if rs.partnership else 'seat'}")
    if "seed" in d:
        if "hands" in d:
            raise doc.error(
                RecordError, "give either 'seed' or 'hands', not both", path + ("seed",), key=True,
                expected="seed for a deal dealt from it, or hands, trump_card and stock for a position",
            )
        seed = _seed(doc, d["seed"], path + ("seed",))
        state = DealState.new(rs, dealer, abs(seed))  # an earlier version's negative seed deals as its absolute value
    elif "hands" in d:
        seed = None
        state = _position(doc, rs, d, dealer, start, path)
    else:
        raise doc.error(RecordError, "a deal needs 'hands' (a position) or 'seed'", path, expected="hands, trump_card, stock or seed")
    moves_raw = d.get("moves", [])
    if moves_raw is None:
        moves_raw = []
    if not isinstance(moves_raw, list):
        raise doc.error(RecordError, "'moves' must be a list", path + ("moves",), expected="a list of actions such as 'play AS'")
    moves: list[Action] = []
    for i, text in enumerate(moves_raw):
        try:
            moves.append(_action(_notation(doc, text, path + ("moves", i), ACTION_FORMS), rs.deck.ranks, rs.deck.suits))
        except NotationError as exc:
            raise doc.error(RecordError, exc.message, path + ("moves", i), expected=exc.expected) from None
    return DealRecord(state, moves, match_scores, path, seed)


def _seat_key(key: Any, n: int) -> int | None:
    """The seat a key of ``hands`` names: ASCII digits below n (``str.isdigit`` also takes ``²``)."""
    text = str(key)
    if not _SEAT.fullmatch(text) or len(text.lstrip("0")) > 3 or int(text) >= n:
        return None
    return int(text)


_SEAT = re.compile(r"[0-9]+")


def _written_as_text(doc: _Source, path: KeyPath) -> bool:
    """Whether the key at ``path`` was written as text -- quoted (``"0":``) or tagged
    ``!!str`` -- rather than as a number.  The YAML reader spells every key as text, the
    number ``0:`` too, so a file's own characters at the key tell the two apart; a value is
    typed as written (``dealer: "0"`` is refused as a string), and a seat key is too."""
    if isinstance(doc, _MappingSource):
        return path in doc.text_keys
    if not isinstance(doc, SourceDoc):
        return False
    mark = doc.key_marks.get(path)
    if mark is None:
        return False
    return _source_lines(doc.text)[mark.line - 1][mark.column - 1:].startswith(_TEXT_KEY)


#: How a key written as text starts: a quote, or the tag of a string.
_TEXT_KEY = ("'", '"', "!!str", "!<tag:yaml.org,2002:str>")


@lru_cache(maxsize=2)
def _source_lines(text: str) -> list[str]:
    """The lines of a record's text, as the YAML reader counts them (a record is checked key
    by key; its text is split once).  ``str.splitlines`` breaks at the characters YAML breaks
    lines at, and at a few control characters the reader refuses before."""
    return text.splitlines()


def _notation(doc: _Source, value: Any, path: KeyPath, forms: str) -> str:
    """The text of a card or a move (``forms``: what it looks like): a string, or a number
    YAML read from one; a mapping, a list, null or a boolean is no notation at all, and is
    named for what it is rather than quoted as Python would print it (``'{'a': 1}'``)."""
    if isinstance(value, str) or (isinstance(value, (int, float)) and not isinstance(value, bool)):
        return str(value)
    raise doc.error(RecordError, f"wrong type: got {describe_value(value)}", path, expected=forms)


@lru_cache(maxsize=1024)
def _action(text: str, ranks: tuple[str, ...], suits: tuple[str, ...]) -> Action:
    """A move of the record; a long record repeats a few hundred texts, and actions are values.
    A card that cannot be read is explained with the ranks and suits of the record's pack."""
    return parse_action(text, ranks, suits)


def _position(doc: _Source, rs: Ruleset, d: dict[str, Any], dealer: int, start: dict[str, Any] | None, path: KeyPath) -> DealState:
    n = rs.players.count
    hands_raw = d["hands"]
    if not isinstance(hands_raw, dict):
        raise doc.error(RecordError, "'hands' must map each seat to its cards", path + ("hands",), expected="0: [AS, ...], 1: [...]")
    seen: dict[int, KeyPath] = {}
    hands = [0] * n

    def take(text: Any, where: KeyPath) -> int:
        index = _card(doc, rs, text, where)
        if index in seen:
            raise doc.error(RecordError, f"{rs.deck.cards[index]} appears twice", where, expected="every card once")
        seen[index] = where
        return index

    for key, cards in hands_raw.items():
        where = path + ("hands", key)
        seat = _seat_key(key, n)
        if seat is None:
            raise doc.error(RecordError, f"there is no seat {_shorten(str(key))}", where, key=True, expected=f"seats 0 to {n - 1}")
        if _written_as_text(doc, where):  # "0": as `dealer: "0"` is refused
            raise doc.error(RecordError, f"wrong type: got {describe_value(key)}", where, key=True, expected=f"a seat from 0 to {n - 1}, a number without quotes")
        if not isinstance(cards, list):
            raise doc.error(RecordError, "a hand must be a list of cards", where, expected="[AS, TS, ...]")
        for i, text in enumerate(cards):
            hands[seat] |= 1 << take(text, where + (i,))
    for seat in range(n):
        if str(seat) not in hands_raw:
            empty = f"; seat {dealer} deals and sits the deal out: {dealer}: []" if _sits_out(rs, dealer) == seat else ""
            raise doc.error(RecordError, f"no hand for seat {seat}", path + ("hands",), expected=f"hands for seats 0 to {n - 1}{empty}")
    turnup = shown = -1
    selection = rs.trump.selection
    if d.get("trump_card") is not None:
        if selection in ("dealer_card", "named"):
            # the card shown for trump stays in a hand: the dealer's, or the forehand's (turned if he passes)
            shown = _card(doc, rs, d["trump_card"], path + ("trump_card",))
            holder = dealer if selection == "dealer_card" else (dealer + 1) % n
            if not hands[holder] >> shown & 1:
                raise doc.error(
                    RecordError, f"{rs.deck.cards[shown]} is not in seat {holder}'s hand", path + ("trump_card",),
                    expected=f"a card of seat {holder}'s hand: " + ("the dealer's card shown for trump" if selection == "dealer_card" else "the card a pass of the forehand turns"),
                )
        elif selection != "turn_up":
            how = "the suit of the first card led is trump" if selection == "first_card_led" else f"trump.selection is {selection}"
            raise doc.error(RecordError, f"the {rs.name} ruleset has no turn-up card", path + ("trump_card",), key=True, expected=f"no trump_card: {how}")
        else:
            turnup = take(d["trump_card"], path + ("trump_card",))
    stock_raw = d.get("stock") or []
    if not isinstance(stock_raw, list):
        raise doc.error(RecordError, "'stock' must be a list of cards", path + ("stock",), expected="top card first")
    stock = [take(text, path + ("stock", i)) for i, text in enumerate(stock_raw)]
    mid_deal = start is not None and any(k != "match_scores" for k in start)
    sizes = {hands[s].bit_count() for s in range(n) if s != _sits_out(rs, dealer)}  # the hands in play
    if not mid_deal:
        missing = [c for c in range(rs.deck.size) if c not in seen]
        if missing:
            names = " ".join(str(rs.deck.cards[c]) for c in missing)
            raise doc.error(RecordError, f"cards missing from the deal: {names}", path + ("hands",), expected="every card of the deck exactly once in hands, stock and trump_card")
        _check_dealt(doc, rs, hands, dealer, path)
        if selection == "turn_up" and turnup < 0:
            raise doc.error(RecordError, "missing key 'trump_card'", path, expected="the turn-up card")
        if selection == "dealer_card" and shown < 0:
            raise doc.error(RecordError, "missing key 'trump_card'", path, expected="the dealer's card shown for trump")
        return DealState(rs, dealer, hands, stock, turnup, None, shown)
    assert start is not None  # mid_deal implies it
    if len(sizes) != 1:
        raise doc.error(
            RecordError, "at the start of a trick every hand holds the same number of cards", path + ("hands",),
            expected="as many cards in every hand" + ("" if _sits_out(rs, dealer) is None else f" but the dealer's, seat {dealer}, who sits out")
            + "; seat by seat they hold " + ", ".join(str(hands[s].bit_count()) for s in range(n)),
        )
    if rs.bidding.enabled:
        raise doc.error(RecordError, "a mid-deal start is not available in a game with an auction", path + ("start",), key=True, expected="start with match_scores only")
    sp = path + ("start",)
    played = rs.deck.size - len(seen) - (len(stock) if not rs.deal.talon else 0)
    ns = rs.side_count
    leader = (dealer + 1) % n
    if "leader" in start:
        leader = _seat(doc, start["leader"], sp + ("leader",), n)
    unit = "team" if rs.partnership else "seat"
    points = [0] * n
    tricks = [0] * n
    if "card_points" in start:
        for side, v in enumerate(_int_list(doc, start["card_points"], sp + ("card_points",), ns, f"{ns} numbers, one per {unit}", minimum=0)):
            points[rs.sides[side][0]] = v  # a side's points are held by its first seat
    if "tricks_won" in start:
        for side, v in enumerate(_int_list(doc, start["tricks_won"], sp + ("tricks_won",), ns, f"{ns} numbers, one per {unit}", minimum=0)):
            tricks[rs.sides[side][0]] = v
    tricks_played = sum(tricks)
    if "tricks_won" in start and played < n * tricks_played:
        raise doc.error(
            RecordError,
            f"{tricks_played} tricks of {n} cards were won, but only {played} cards are missing from the position",
            sp + ("tricks_won",),
            expected=f"at most {played // n} tricks in all",
        )
    trump: int | None = None
    if "trump" in start:
        suit = str(start["trump"]).upper()
        if suit not in rs.deck.suits:
            raise doc.error(RecordError, f"{show_value(start['trump'])} is not a suit", sp + ("trump",), expected="one of: " + ", ".join(rs.deck.suits))
        trump = rs.deck.suits.index(suit)
    elif shown >= 0:
        trump = rs.deck.suit_of[shown]
    elif turnup < 0:
        raise doc.error(RecordError, "the trump suit is unknown", sp, expected="start.trump or a trump_card")
    closer: int | None = None
    closed = start.get("closed", False)
    if not isinstance(closed, bool):  # "no" or "false" in quotes is a string, and a string is no answer
        raise doc.error(RecordError, f"wrong type: got {describe_value(closed)}", sp + ("closed",), expected="true or false")
    if not closed and "closer" in start:
        # The record format's own example gives ``closed: false`` with ``closer: 0``: a closer
        # beside an open talon names nobody, so it is read -- a seat, as a closer must be, so
        # that a typo is still caught -- and ignored (docs/notation.md, "start").
        _seat(doc, start["closer"], sp + ("closer",), n)
    if closed:
        if rs.deal.talon and not (stock or turnup >= 0):
            raise doc.error(RecordError, "an exhausted talon cannot be closed", sp + ("closed",), expected="closed: false, or cards in stock")
        if "closer" not in start:
            raise doc.error(
                RecordError, "a closed talon needs its closer, to score a failed or successful close",
                sp + ("closed",), expected=f"start.closer: the seat that closed (0 to {n - 1})",
            )
        closer = _seat(doc, start["closer"], sp + ("closer",), n)
    # The checks above are the record format's own; the builder checks the position as a
    # whole (hand sizes for an open talon, a turn-up of the trump suit, ...).  The start
    # position counts as the moment of closing, and the leader may declare before leading.
    try:
        return build_position(
            rs, dealer=dealer, hands=hands, stock=stock if rs.deal.talon else (), widow=() if rs.deal.talon else stock,
            turnup=turnup if turnup >= 0 else None, trump=trump, leader=leader, points=points, tricks=tricks,
            closer=closer, may_declare=rs.claim.enabled and not rs.claim.automatic, drawn_out=False,
        )
    except RecordError as exc:
        raise doc.error(RecordError, exc.message, path + _BUILD_KEYS.get(str(exc.path).split("[")[0], ("start",)), expected=exc.expected) from None


def _sits_out(rs: Ruleset, dealer: int) -> int | None:
    """The seat dealt no cards: the dealer under ``deal.dealer_sits_out``, else nobody."""
    return dealer if rs.deal.dealer_sits_out else None


def _check_dealt(doc: _Source, rs: Ruleset, hands: list[int], dealer: int, path: KeyPath) -> None:
    """The hands of a whole deal hold what the ruleset deals: ``deal.hand_size`` cards each,
    none for a dealer who sits the deal out (``deal.dealer_sits_out``) -- the hands of every
    deal the program deals, written out, read back as that deal."""
    size = rs.deal.hand_size
    out = _sits_out(rs, dealer)
    for seat, hand in enumerate(hands):
        held = hand.bit_count()
        if seat == out and held:
            raise doc.error(
                RecordError, f"seat {seat} deals and sits the deal out, so is dealt no cards, but holds {held}",
                path + ("hands", str(seat)), expected=f"{seat}: [], and {size} cards in each other hand",
            )
        if seat != out and held != size:
            others = f", and none for seat {out}, the dealer, who sits out: {out}: []" if out is not None else ""
            raise doc.error(
                RecordError, f"hands must hold {size} cards each; seat {seat} holds {held}",
                path + ("hands", str(seat)), expected=f"{size} cards a hand{others}",
            )


#: Where a record gives what a keyword of :func:`build_position` names (for its errors).
_BUILD_KEYS: dict[str, KeyPath] = {
    "hands": ("hands",), "known": ("hands",), "stock": ("stock",), "widow": ("stock",), "turnup": ("trump_card",),
    "first_turnup": ("trump_card",), "trump": ("start", "trump"), "leader": ("start", "leader"),
    "points": ("start", "card_points"), "tricks": ("start", "tricks_won"), "closer": ("start", "closed"),
}


# --------------------------------------------------------------------------- replaying
def implicit_step(state: DealState, action: Action) -> bool:
    """Whether a recorded move comes after the implicit ``Continue`` now offered: records never
    hold it, so an action other than the optional step's own answers (closing before the draw,
    declaring while it is offered, the exchange offered as the talon is closed, taken by the
    seat asked) declines the step first.  An opponent asked at a close who cannot exchange
    declines as well: a record written before every opponent was asked holds no such step."""
    codes = state.legal_codes()
    if CONTINUE not in codes:
        return False
    if isinstance(action, CloseBeforeDraw):
        return False
    if isinstance(action, Declare):
        return DECLARE not in codes
    if isinstance(action, Exchange) and state.offer >= 0:
        # the exchange of an opponent asked at a close: a later one's, where this one cannot
        # take it and another is asked after him (else this one is refused, naming the card)
        if EXCHANGE in codes:
            return False
        after = state.copy()
        after.push_code(CONTINUE, keep_undo=False)
        return after.offer >= 0
    return True


def take_implicit_steps(state: DealState, action: Action) -> int:
    """Push every implicit ``Continue`` that comes before the recorded ``action`` (one, or one
    for each opponent asked at a close before the one who exchanges, or before the closer's
    lead); how many, for the caller to pop them again."""
    taken = 0
    while implicit_step(state, action):
        state.push_code(CONTINUE)
        taken += 1
    return taken


def apply_recorded(state: DealState, action: Action) -> None:
    """Apply a recorded move: the implicit steps (the draw, declining to go out, declining the
    exchange offered at a close) come first.

    A move that is refused leaves the state as it was before it, implicit steps included: the
    record format reports the state before the illegal move.
    """
    implicit = take_implicit_steps(state, action)
    try:
        state.apply(action)
    except IllegalActionError:
        for _ in range(implicit):
            state.pop()
        raise


def legal_texts(state: DealState) -> list[str]:
    """The record format's list of legal actions, in the order the engine lists them (the
    deck's order of the cards: :meth:`~interpreter.engine.state.DealState.legal_actions`).

    An implicit step (the draw) is taken first: the actions after it come first, then those
    that answer the step itself (``close before-draw``); ``continue`` is never listed.
    """
    codes = state.legal_codes()
    action_of = state.rs.action_of
    if CONTINUE in codes:
        other = state.copy()
        other.push_code(CONTINUE, keep_undo=False)
        codes = [*other.legal_codes(), *(c for c in codes if c != CONTINUE)]
    return [str(action_of[c]) for c in dict.fromkeys(codes) if c != CONTINUE]


def spec_legal(state: DealState) -> list[str]:
    """:func:`legal_texts`, sorted as text (what a test compares with a set of actions)."""
    return sorted(legal_texts(state))


@dataclass
class ReplayOutcome:
    """Where a replay stopped, and what it found."""

    state: DealState
    match_scores: list[int]
    match_winner: int | None
    illegal: dict[str, Any] | None
    result: DealResult | None
    deal: int = 0  # the index in the record's deals of the deal the position is in


@dataclass(frozen=True)
class DealReplayed:
    """A deal of a record replayed to its end: its result as counted (a carried bonus
    included), and the match score and winner after it."""

    number: int
    result: DealResult
    state: DealState
    match_scores: list[int]
    match_winner: int | None


def replay(
    record: Record, until: int | None = None, observer: Callable[[Event | DealReplayed], None] | None = None,
) -> ReplayOutcome:
    """Execute a record's moves (only the first ``until``), deal after deal.

    ``observer`` hears what ``rules run`` reports of a match being played -- each deal's start,
    each move, each trick (:mod:`interpreter.play.runner`'s events) -- and a
    :class:`DealReplayed` at the end of each deal, for a log of the record.

    ``until`` is a whole number of moves, 0 or more (``None``: all of them); anything else is
    refused (``TypeError``, ``ValueError``) rather than read as 0 or cut to a whole number.
    """
    if until is not None:
        if isinstance(until, bool) or not isinstance(until, int):
            raise TypeError(f"until: {until!r} is {with_article(type(until).__name__)}, not a number of moves (expected a whole number, 0 or more, or None for all)")
        if until < 0:
            raise ValueError(f"until {until}: expected a number of moves, 0 or more (or None for all)")
    if not isinstance(record, Record):
        raise TypeError(f"record: {shown_value(record)} is {with_article(type(record).__name__)}, not a Record (expected what load_record returns)")
    step = _observed_step(observer) if observer is not None else apply_recorded
    rs = record.ruleset
    scores = [0] * rs.side_count
    winner: int | None = None
    budget = until
    index = 0
    state = record.deals[0].state
    result: DealResult | None = None
    carry = 0
    for k, deal in enumerate(record.deals):
        state = deal.state.copy()  # replaying twice gives the same answer
        if deal.match_scores is not None:
            scores = list(deal.match_scores)
        result = None
        if observer is not None:
            from interpreter.play.runner import DealStarted

            observer(DealStarted(k + 1, state.copy()))
        consumed = 0
        for move in deal.moves:
            if budget is not None and budget <= 0:
                return ReplayOutcome(state, scores, winner, None, None, k)
            try:
                step(state, move)
            except IllegalActionError as exc:
                return ReplayOutcome(state, scores, winner, {
                    "index": index, "move": str(move), "reason": exc.message, "deal": k + 1, "move_number": consumed + 1,
                }, None, k)
            index += 1
            consumed += 1
            if budget is not None:
                budget -= 1
            if state.is_over:
                break
        if state.is_over and state.result is not None:
            result, carry = with_carry(rs, state.result, carry)
            scores = scores_after(rs, scores, result)
            winner = match_winner(rs, scores, result)
            if observer is not None:
                observer(DealReplayed(k + 1, result, state, list(scores), winner))
            if consumed < len(deal.moves):
                raise _located(record, deal.path + ("moves", consumed), "the deal is already over", "no moves after the end of the deal")
            if k + 1 < len(record.deals) and winner is not None:
                raise _located(
                    record, record.deals[k + 1].path,
                    f"the match is already won (by {'team' if rs.partnership else 'seat'} {winner}) under the ruleset "
                    f"'{_shorten(_ruleset_named(record), 200)}'{_rules_since_changed(record, k + 1)}",
                    # a match played under a rule that has since changed its meaning, or a rule file edited since
                    "no deals after the deal that decides the match, or the ruleset the match was played under",
                )
            if k + 1 < len(record.deals):
                nxt = record.deals[k + 1]
                expected = next_dealer(rs, state.dealer, result)
                if nxt.state.dealer != expected:
                    raise _located(record, nxt.path + ("dealer",), f"seat {expected} deals next, not seat {nxt.state.dealer}", f"dealer: {expected}")
        elif k + 1 < len(record.deals):
            raise _located(record, record.deals[k + 1].path, "the previous deal is not finished", "all its moves before the next deal")
    outcome = ReplayOutcome(state, scores, winner, None, result, len(record.deals) - 1)
    _check_result(record, outcome)
    return outcome


def _check_result(record: Record, outcome: ReplayOutcome) -> None:
    """A ``result`` header that says what the moves do not: a located error.

    The header is a summary a reader may trust without replaying (``rules replay --log``
    prints it first), so once every move has been replayed it must agree with them: the
    winner (``null`` for a match stopped before anybody won, as ``rules run --deals`` stops
    it), the final match score -- counted from a deal's ``start.match_scores`` where the
    record gives one, as the replay counts it -- and the number of deals in the record.  A
    result is written once the match is over or stopped, so the last deal must be finished.
    """
    header = record.meta.get("result")
    if header is None:
        return
    side = "team" if record.ruleset.partnership else "seat"
    played = MatchResult(outcome.match_winner, outcome.match_scores, len(record.deals))
    said = MatchResult(header["winner"], header.get("scores", played.scores), header.get("deals", played.deals))
    stated = "the header says " + _result_words(said, header, side)
    if not outcome.state.is_over:
        raise _located(
            record, ("result",), f"{stated}, but deal {len(record.deals)} is not finished by its moves",
            "no result header while the match is in play",
        )
    for key, wrong in (("winner", said.winner != played.winner), ("scores", list(said.scores) != list(played.scores)), ("deals", said.deals != played.deals)):
        if wrong:
            # Either the header was changed, or the moves were replayed under other rules than
            # the match was played under (a rule file edited since): the message names both.
            raise _located(
                record, ("result", key),
                f"{stated}, but the moves give {_result_words(played, None, side)} under the ruleset '{_shorten(_ruleset_named(record), 200)}'",
                f"result: {played.header()}, or the ruleset the match was played under",
            )


def _result_words(result: MatchResult, header: dict[str, Any] | None, side: str) -> str:
    """A match result in words, as much of it as ``header`` gives (all of it without one):
    ``won by seat 0, 8-6, in 10 deals``."""
    parts = ["no winner" if result.winner is None else f"won by {side} {result.winner}"]
    if header is None or "scores" in header:
        parts.append("-".join(str(s) for s in result.scores))
    if header is None or "deals" in header:
        parts.append(f"in {result.deals} deal{'s' if result.deals != 1 else ''}")
    return ", ".join(parts)


def _observed_step(observer: Callable[[Event | DealReplayed], None]) -> Callable[[DealState, Action], None]:
    """:func:`apply_recorded` that tells ``observer`` of the move and of a trick it completes,
    as :func:`~interpreter.play.runner.take_action` tells of a move being played."""
    from interpreter.play.runner import ActionTaken, TrickDone

    def step(state: DealState, action: Action) -> None:
        before = state.tricks_played
        pending = state.trick_with_seats()
        turn_up = state.turn_up_card()
        doubling = state.dbl_turn >= 0
        apply_recorded(state, action)
        seat = state.history[-1] >> 16
        observer(ActionTaken(seat, action, state, turn_up, doubling))
        if state.tricks_played > before and isinstance(action, (Play, Marry)):
            deck = state.rs.deck
            cards = tuple(pending + [(seat, action.card)])
            observer(TrickDone(cards, state.last_winner, sum(deck.points[deck.index(c)] for _, c in cards), state))

    return step


def _ruleset_named(record: Record) -> str:
    """The ruleset as the record names it (its ``ruleset:``), else the ruleset's own name."""
    data = record.doc.data if record.doc is not None else None
    named = data.get("ruleset") if isinstance(data, dict) else None
    return named if isinstance(named, str) else record.ruleset.name


def bundled_ruleset_named(record: Record) -> str | None:
    """The bundled ruleset the record is played under as it names it (``house/dreierschnapsen``),
    or ``None`` (a rule file).  A bundled ruleset changes with the program: a record written by
    an earlier version may have been played under a rule whose meaning has changed since
    (docs/authoring.md, "A few rules changed their meaning"), where a rule file is the
    author's to keep."""
    named = _ruleset_named(record)
    return named if named in bundled_rulesets() else None


def _rules_since_changed(record: Record, deals_before: int) -> str:
    """What the refusal of a deal after the match is won adds for a record of a bundled ruleset
    (:func:`bundled_ruleset_named`): that its match rules may have changed since, where to read
    which, and the moves of the ``deals_before`` deals before, which ``rules replay --until``
    still replays (as a warning names the refusal)."""
    if bundled_ruleset_named(record) is None:
        return ""
    moves = sum(len(deal.moves) for deal in record.deals[:deals_before])
    return (
        ", a bundled ruleset whose match rules may have changed since the record was written "
        '(see docs/authoring.md, "A few rules changed their meaning"; '
        f"rules replay --until {moves} replays the {deals_before} deal{'s' if deals_before != 1 else ''} before this one)"
    )


def _located(record: Record, path: KeyPath, message: str, expected: str | None) -> RulesError:
    if record.doc is None:
        return RecordError(message, expected=expected)
    return record.doc.error(RecordError, message, path, expected=expected)


def illegal_move_error(record: Record, illegal: dict[str, Any], hint: str = "") -> RulesError:
    """The illegal move a replay of ``record`` stopped at (:attr:`ReplayOutcome.illegal`), in
    the words every command uses for it: where it is written (file, line and column, key path,
    for a record read from a file) and ``deal D move M``, both counted from 1 as
    ``rules analyse`` numbers decisions -- not the index across the whole record, which a
    person would have to count out deal by deal.  ``hint`` is added to the reason."""
    deal, number = illegal["deal"], illegal["move_number"]
    path = record.deals[deal - 1].path + ("moves", number - 1)
    return _located(record, path, f"deal {deal} move {number}, '{illegal['move']}', is illegal: {illegal['reason']}{hint}", None)


def replay_report(outcome: ReplayOutcome) -> dict[str, Any]:
    """The JSON object of ``rules replay --json`` (see docs/notation.md)."""
    state = outcome.state
    over = state.is_over
    result = (outcome.result or state.result) if over else None  # the counted result (carry applied)
    return {
        "status": "illegal" if outcome.illegal else ("deal_over" if over else "in_progress"),
        "illegal": outcome.illegal,
        "to_act": state.to_act,  # None once the deal is over
        "legal": [] if over else legal_texts(state),
        "card_points": state.card_points(),
        "tricks_won": state.tricks_won(),
        "winner": result.winner if result else None,
        "game_points": result.game_points if result and not result.redeal else None,
        "match_scores": outcome.match_scores,
        "match_winner": outcome.match_winner,
        "winners": list(result.winners) if result else [],  # beside winner, null also where several sides won together
        **position_report(state),
    }


def position_report(state: DealState) -> dict[str, Any]:
    """Where every card of the deal is, for ``rules replay --json`` (keys after those of the
    record format, which readers of the format ignore): enough to rebuild the position.

    ``hands`` per seat, ``trump`` (suit), ``turn_up``, ``stock`` (face down, top first, the
    turn-up not included), ``widow`` (a three-handed game's, until it is taken), ``trick``
    (the cards on the table, in play order, with their seats), ``dealer``, ``leader``,
    ``closed`` and ``closer``, and ``position``, the position string of ``docs/notation.md``
    (``null`` once the deal is over).  Cards are in the deck's order, as
    :class:`~interpreter.core.cards.CardSet` prints them.
    """
    from interpreter.play.posstring import position_string

    deck = state.rs.deck
    laid: dict[str, Any] = {}
    if state.t.lays_away:  # widow.to into a hand: the undealt cards, or those laid away
        laid["laid_away"] = [str(deck.cards[c]) for c in state.widow] if state.widow_taker >= 0 else []
    return {
        "dealer": state.dealer,
        "leader": state.leader if state.leader >= 0 else None,
        "hands": [[str(c) for c in state.hand(s)] for s in range(state.n)],
        "trump": state.trump_suit(),
        "turn_up": None if state.turn_up_card() is None else str(state.turn_up_card()),
        "stock": [str(deck.cards[c]) for c in state.stock[state.spos:]],
        "widow": [str(deck.cards[c]) for c in state.widow] if state.widow and state.widow_taker < 0 else [],
        "trick": [{"seat": seat, "card": str(card)} for seat, card in state.trick_with_seats()],
        "closed": bool(state.closed),
        "closer": state.closer if state.closer >= 0 else None,
        "position": None if state.is_over or unwritten(state) else position_string(state),
        **laid,
    }


# --------------------------------------------------------------------------- writing
def ruleset_reference(rs: Ruleset, record_path: Path | None) -> str:
    """How a record names its ruleset: the bundled name, else a path relative to the record
    (``./c:h.yaml`` for a file whose name starts as a Windows drive does, which the record's
    reader would take for an absolute path)."""
    if rs.source is not None:
        bundled = bundled_copy(rs.source)  # the bundled file, or a checkout's copy of it
        if bundled is not None:
            return bundled
        if record_path is not None:
            ref = os.path.relpath(resolved(rs.source), resolved(record_path).parent)
            return f"./{ref}" if looks_like_drive(ref) else ref
        return str(rs.source)
    return rs.name


def unreadable_reference(rs: Ruleset, record_path: Path) -> str | None:
    """Why a record written at ``record_path`` would name ``rs`` (:func:`ruleset_reference`)
    so that ``rules replay`` could not read the same file back, or ``None``: asked before a
    match is played into it, since a record that names other rules, or none, loses the match.

    The reference is read back as a record's ``ruleset:`` is (outside files allowed: that is
    a note of the writer's, not a loss): a rule file whose name does not end in ``.yaml`` or
    ``.yml`` -- ``schnapsen``, ``h.txt`` -- is refused there, or, spelled as a bundled
    ruleset's name, read as that ruleset from any other folder.  A bundled ruleset is named by
    its name, which a file of that name beside the record (``schnapsen``, no suffix) would
    stand for: then the file is what to move, not the ruleset to rename."""
    if rs.source is None:
        return None
    ref = ruleset_reference(rs, record_path)
    folder = resolved(record_path).parent
    bundled = bundled_copy(rs.source)
    doc = load_yaml(f"ruleset: {json.dumps(ref)}\n", str(record_path))
    try:
        found = resolve_reference(doc, ("ruleset",), ref, folder, allow_outside=True)
    except RulesError as exc:
        why = f"`rules replay` would refuse this one's name, '{_shorten(ref, 200)}' ({exc.message})"
    else:
        if found is not None and not found.by_name and (
            resolved(found.path) == resolved(rs.source) or (found.bundled is not None and found.bundled == bundled)
        ):  # that file, or the bundled ruleset it is a copy of (a checkout's rulesets/ in an installed copy)
            return None
        why = f"`rules replay` would read this one's name, '{_shorten(ref, 200)}', as another ruleset"
    if bundled is not None:
        beside = _shorten(str(Path(record_path).parent / ref), 200)
        return (f"a record names the bundled ruleset its match is played under, '{bundled}', and `rules replay` would read "
                f"that name as the file {beside} beside the record; write the record in another folder, or move that file")
    return f"a record names the rule file its match is played under, and {why}; give the rule file a name ending in .yaml or .yml"


def match_record(
    rs: Ruleset,
    *,
    seed: int | None,
    players: list[str],
    deals: list[tuple[int, int, list[str]]],
    record_path: Path | None,
    date: str | None = None,
    result: MatchResult | None = None,
) -> str:
    """Text of a match record: ``deals`` holds (dealer, deal seed, moves) per deal; ``date``
    and ``result`` are headers (:func:`match_header`).

    Written by hand rather than by a YAML dumper so that a move is never split across two
    lines: moves are wrapped at move boundaries, a few to a line.  A record is its
    :func:`match_header` followed by one :func:`deal_entry` per deal, which is how
    :class:`~interpreter.play.recordfile.RecordWriter` writes it deal by deal.
    """
    head = match_header(rs, seed=seed, players=players, record_path=record_path, date=date, result=result)
    return head + "".join(deal_entry(*d) for d in deals)


@dataclass(frozen=True)
class MatchResult:
    """The ``result`` header of a match record: the side that won (``None`` when the match
    stopped before anybody had, as ``rules run --deals`` stops it), the final match score per
    side, and the number of deals played."""

    winner: int | None
    scores: Sequence[int]
    deals: int

    def header(self) -> str:
        winner = "null" if self.winner is None else str(self.winner)
        return f"{{winner: {winner}, scores: [{', '.join(str(s) for s in self.scores)}], deals: {self.deals}}}"


def match_header(
    rs: Ruleset,
    *,
    seed: int | None,
    players: list[str],
    record_path: Path | None,
    date: str | None = None,
    result: MatchResult | None = None,
) -> str:
    """The lines of a match record before its deals, up to and including ``deals:``: the
    headers ``ruleset``, ``seed`` (left out while it is kept from a player), ``players``,
    ``date`` (the day the match began) and ``result`` (once the match is over)."""
    lines = [
        "# Sixty-Six Rules match record: replay with `rules replay FILE`",
        f"ruleset: {yaml_scalar(ruleset_reference(rs, record_path))}",
    ]
    if seed is not None:
        lines.append(f"seed: {seed}")
    lines.append(f"players: [{', '.join(yaml_flow_item(p) for p in players)}]")
    if date is not None:
        lines.append(f"date: {json.dumps(date)}")  # quoted: a YAML 1.1 reader would make it a date, not text
    if result is not None:
        lines.append(f"result: {result.header()}")
    lines.append("deals:")
    return "\n".join(lines) + "\n"


def deal_entry(dealer: int, seed: int, moves: list[str]) -> str:
    """One deal of a match record's ``deals:`` list, eight moves to a line."""
    lines = [f"  - dealer: {dealer}", f"    seed: {seed}"]
    if not moves:
        lines.append("    moves: []")
        return "\n".join(lines) + "\n"
    lines.append("    moves: [")
    row: list[str] = []
    for k, move in enumerate(moves):
        row.append(move + ("," if k < len(moves) - 1 else ""))
        if len(row) == 8:
            lines.append("      " + " ".join(row))
            row = []
    if row:
        lines.append("      " + " ".join(row))
    lines.append("    ]")
    return "\n".join(lines) + "\n"


def deal_from_mapping(rs: Ruleset | str | Path, mapping: Mapping[str, Any]) -> DealState:
    """A deal from a position written as a record's keys (``dealer``, ``hands``, ``trump_card``,
    ``stock``, ``start``; or ``seed``), checked exactly as a record file is.

    The mapping is read as it stands, with no YAML in between (a record's reading code takes
    plain Python values); cards may be notation or :class:`Card` values.  Errors carry the key
    path (``start.closed``) but no file or line.  To build positions faster still, from card
    indexes and with every field of a position, see
    :func:`interpreter.engine.build.build_position`.

    >>> from interpreter import load_ruleset
    >>> st = deal_from_mapping("schnapsen", {"dealer": 1, "start": {"leader": 0, "trump": "H"},
    ...     "hands": {0: ["AS"], 1: ["JS"]}})
    >>> [str(a) for a in st.legal_actions()]
    ['play AS', 'declare']
    """
    ruleset = as_ruleset(rs)
    if not isinstance(mapping, Mapping):
        raise TypeError(
            f"mapping: {shown_value(mapping)} is {with_article(type(mapping).__name__)}, not a mapping "
            "(expected a dict of a record's keys, such as {'dealer': 1, 'seed': 42})",
        )
    data = {k: v for k, v in mapping.items()}
    # What a record file's reader sees: seat keys as text, cards as text, lists as lists.
    text_keys: frozenset[KeyPath] = frozenset()
    if "hands" in data and isinstance(data["hands"], dict):
        text_keys = frozenset(("hands", k) for k in data["hands"] if isinstance(k, str))
        data["hands"] = {str(k): [str(c) for c in v] if isinstance(v, (list, tuple, set, frozenset)) else v for k, v in data["hands"].items()}
    if isinstance(data.get("stock"), (list, tuple)):
        data["stock"] = [str(c) for c in data["stock"]]
    if data.get("trump_card") is not None:
        data["trump_card"] = str(data["trump_card"])
    if isinstance(data.get("start"), dict):
        data["start"] = {k: list(v) if isinstance(v, tuple) else v for k, v in data["start"].items()}
    if isinstance(data.get("moves"), tuple):
        data["moves"] = list(data["moves"])
    return _deal(_MappingSource(text_keys), ruleset, data, ()).state
