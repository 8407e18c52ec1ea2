"""The deal's fields, declared once (interpreter.engine.fields), proved on every ruleset.

Every bundled and house ruleset and every test fixture that exercises a rarer option is
played at random, and at every step:

* **exact undo** -- a move pushed (and a few more after it) and popped again leaves every
  declared field, hidden ones too, equal to what it was, compared field by field from the
  table; a deal played to its end and popped back to its start is the deal as dealt;
* **independent copy** -- a copy holds every field's value, shares no list, and playing it to
  the end changes no field of the original;
* **the key** -- within one deal two positions have equal keys exactly when the fields the
  table marks ``key`` are equal, and changing any one keyed field alone changes the key;
* **the view and the worlds** -- every public field of the table is published (or is listed
  with the reason it need not be), and a world the sampler rebuilds from a view holds every
  public field of the true state.

Every test here is marked ``proof``.  ``--proof-deals N`` sets the deals per ruleset: 200 in
the default suite and CI, 2,000 in the slow run (``pytest -m proof --proof-deals 2000``: some
10^7 positions through the key, a few minutes on two cores).

The table itself: every slot is a row and every row a slot, ``DealState`` has no
``__dict__`` (a typo is an error), and a field added to the table alone is saved, restored,
copied and keyed (a dummy field on a subclass).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from interpreter import compiled
from interpreter.engine import written
from interpreter.engine.fields import FIELDS, Field, features_in_use, in_use, key_struct, keyer, recorded
from interpreter.engine.views import written_source
from interpreter.engine.position import OVER
from interpreter.engine.state import DealState
from interpreter.rules.loader import load_ruleset
from interpreter.rules.resources import bundled_rulesets
from interpreter.rules.ruleset import Ruleset

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "rulesets"
RULESETS = sorted(bundled_rulesets()) + sorted(str(p) for p in FIXTURES.glob("*.yaml"))
pytestmark = pytest.mark.proof
NAMES = tuple(f.name for f in FIELDS if f.kind != "stack")
KEYED = tuple(f.name for f in FIELDS if f.key)


def ruleset(name: str) -> Ruleset:
    return load_ruleset(name, allow_outside=True)


def freeze(value: Any) -> Any:
    """A comparable, unshared copy of a field's value (lists as tuples, recursively)."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def fields_of(state: DealState, names: tuple[str, ...] = NAMES) -> dict[str, Any]:
    return {name: freeze(getattr(state, name)) for name in names}


def differing(a: dict[str, Any], b: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    return {k: (a[k], b[k]) for k in a if a[k] != b[k]}


def pick(state: DealState, rng: random.Random) -> int:
    return rng.choice(state.legal_codes())


def deals(name: str, count: int) -> list[tuple[Ruleset, DealState, random.Random]]:
    rs = ruleset(name)
    out = []
    for k in range(count):
        rng = random.Random(f"{name}/{k}")
        out.append((rs, DealState.new(rs, k % rs.players.count, rng.getrandbits(32)), rng))
    return out


# --------------------------------------------------------------------------- the table
#: A class compiled by mypyc has no ``__slots__`` (its attributes are fixed when it is compiled,
#: from the same source) and cannot be subclassed by Python code: the two tests that need either
#: run on the plain build, which CI also runs (docs/speed.md).
PLAIN_ONLY = pytest.mark.skipif(compiled(), reason="the compiled build has no __slots__ and no Python subclasses")


@PLAIN_ONLY
def test_every_slot_is_a_row_and_every_row_a_slot() -> None:
    slots = {name for cls in DealState.__mro__ for name in getattr(cls, "__slots__", ())}
    assert slots == {f.name for f in FIELDS}
    assert len({f.name for f in FIELDS}) == len(FIELDS)


def test_a_typo_is_an_error_not_a_new_attribute() -> None:
    state = DealState.new(ruleset("schnapsen"), 0, 1)
    assert not hasattr(state, "__dict__")
    with pytest.raises(AttributeError):
        state.overbidd = 3  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", RULESETS)
def test_every_field_is_set_when_a_deal_starts(name: str) -> None:
    state = DealState.new(ruleset(name), 0, 7)
    for f in FIELDS:
        getattr(state, f.name)  # an unset slot raises AttributeError


# --------------------------------------------------------------------------- exact undo
@pytest.mark.parametrize("name", RULESETS)
def test_push_and_pop_restore_every_field_exactly(name: str, proof_deals: int) -> None:
    for rs, state, rng in deals(name, proof_deals):
        start = fields_of(state)
        steps = 0
        while state.phase != OVER:
            before = fields_of(state)
            state.push_code(pick(state, rng))
            depth = 1
            while depth < 4 and state.phase != OVER and rng.random() < 0.5:  # a short line ahead, as search does
                state.push_code(pick(state, rng))
                depth += 1
            for _ in range(depth):
                state.pop()
            assert not differing(fields_of(state), before), (name, steps, differing(fields_of(state), before))
            state.push_code(pick(state, rng))
            steps += 1
            assert steps < 4 * rs.deck.size + 40
        for _ in range(steps):
            state.pop()
        assert not differing(fields_of(state), start), (name, differing(fields_of(state), start))
        assert state.undo == []


# --------------------------------------------------------------------------- copy
@pytest.mark.parametrize("name", RULESETS)
def test_a_copy_is_independent(name: str, proof_deals: int) -> None:
    for rs, state, rng in deals(name, proof_deals):
        while state.phase != OVER:
            if rng.random() < 0.3:
                before = fields_of(state)
                other = state.copy()
                assert type(other) is type(state) and other.undo == []
                assert not differing(fields_of(other), before)
                for f in FIELDS:
                    if f.kind in ("list", "log"):
                        assert getattr(other, f.name) is not getattr(state, f.name), f.name
                while other.phase != OVER:
                    other.push_code(pick(other, rng))
                assert not differing(fields_of(state), before), (name, differing(fields_of(state), before))
            state.push_code(pick(state, rng))


# --------------------------------------------------------------------------- the key
#: The position key as the engine takes it (written per ruleset at run time in the plain build,
#: from written.py in the compiled one), and written.py's key whichever build runs.
def written_key(st: DealState) -> int:
    """written.py's key, given the ruleset's rules and fixed-width words as the engine gives them."""
    return written.key(st, features_in_use(st.t), key_struct(FIELDS, st.t, st.n).pack)


KEYS: dict[str, Callable[[DealState], int]] = {"key": lambda st: st.key(), "written": written_key}


@pytest.mark.parametrize("which", KEYS)
@pytest.mark.parametrize("name", RULESETS)
def test_keys_are_equal_exactly_when_the_keyed_fields_are(name: str, which: str, proof_deals: int) -> None:
    key_of = KEYS[which]
    for rs, state, rng in deals(name, proof_deals if which == "key" else max(1, proof_deals // 4)):
        seen: dict[int, dict[str, Any]] = {}
        by_fields: dict[tuple[Any, ...], int] = {}
        start = state.copy()
        for _ in range(4):  # several lines through one deal: transpositions meet
            line = start.copy()
            while line.phase != OVER:
                keyed = fields_of(line, KEYED)
                key = key_of(line)
                if key in seen:
                    assert not differing(seen[key], keyed), (name, differing(seen[key], keyed))
                seen[key] = keyed
                frozen = tuple(keyed.values())
                assert by_fields.setdefault(frozen, key) == key, name
                line.push_code(pick(line, rng))


def _changed(value: Any) -> Any:
    """``value`` changed by as little as can be: an int's lowest bit, a flag, a list's first
    item; ``None`` when there is nothing small to change (a tuple of tuples, a result)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value ^ 1 if value >= 0 else 0
    if isinstance(value, list) and value and isinstance(value[0], int):
        return [_changed(value[0]), *value[1:]]
    if isinstance(value, tuple) and value and all(isinstance(v, int) for v in value):  # the cards laid away
        return (_changed(value[0]), *value[1:])
    return None


@pytest.mark.parametrize("which", KEYS)
@pytest.mark.parametrize("name", RULESETS)
def test_every_keyed_field_moves_the_key(name: str, which: str, proof_deals: int) -> None:
    """An omitted field shows as two positions that differ in it alone and share a key: each
    keyed field is changed alone, and the key must change with it (where the ruleset uses the
    field at all: its feature's fields are left out of the key of a ruleset without it)."""
    key_of = KEYS[which]
    moved: set[str] = set()
    for rs, state, rng in deals(name, proof_deals if which == "key" else max(1, proof_deals // 4)):
        while state.phase != OVER:
            key = key_of(state)
            for f in KEYED:
                value = getattr(state, f)
                other = _changed(value)
                if other is None:
                    continue
                setattr(state, f, other)
                try:
                    if key_of(state) != key:
                        moved.add(f)
                finally:
                    setattr(state, f, value)
            state.push_code(pick(state, rng))
    unused = {f.name for f in FIELDS if f.key and not in_use(f, rs.tables)} | {"widow"}
    assert {f for f in KEYED if f not in unused} - {"close_snap", "result", "trick"} <= moved, (name, set(KEYED) - moved)


# --------------------------------------------------------------------------- one row is enough
@PLAIN_ONLY
def test_a_field_added_to_the_table_alone_is_saved_restored_copied_and_keyed() -> None:
    class Dummy(DealState):
        FIELDS = DealState.FIELDS + (Field("dummy", "value", "public", key="seat"), Field("dummies", "list", "hidden"))
        __slots__ = ("dummy", "dummies")  # a subclass's own slots: the table's new rows

    rs = ruleset("schnapsen")
    assert [f.name for f in recorded(Dummy, rs.tables)][-2:] == ["dummy", "dummies"]
    dummy = Dummy.new(rs, 0, 5)  # the new fields set as a deal's start would set them
    dummy.dummy, dummy.dummies = 7, [1, 2]
    snap = dummy.snapshot()
    dummy.dummy, dummy.dummies[0] = 8, 9
    dummy.restore(snap)
    assert (dummy.dummy, dummy.dummies) == (7, [1, 2])  # saved and restored
    other = dummy.copy()
    assert type(other) is Dummy and (other.dummy, other.dummies) == (7, [1, 2])
    other.dummies.append(3)
    assert dummy.dummies == [1, 2]  # copied, not shared
    key = dummy.key()
    dummy.dummy = 2
    assert dummy.key() != key  # keyed
    dummy.dummy = 7
    assert dummy.key() == key


@pytest.mark.parametrize("name", RULESETS)
def test_each_ruleset_records_the_fields_of_its_own_rules_only(name: str) -> None:
    """A ruleset without a rarer rule saves none of its fields (they never change there: the
    undo proof above would see one that did), and its record is never as short as the six
    values of a card inside a trick, which the engine tells apart by length."""
    t = ruleset(name).tables
    names = [f.name for f in recorded(DealState, t)]
    assert len(names) > 6
    assert {"hands", "trick", "points", "history"} <= set(names)
    for f in FIELDS:
        if f.feature != "core" and f.kind in ("value", "list", "log"):
            assert (f.name in names) == in_use(f, t), (name, f.name)


def test_a_schnapsen_record_holds_what_a_schnapsen_move_may_change() -> None:
    """Schnapsen has a talon, closing and marriages, and no auction, widow or rarer rule: by hand,
    a move may change the cards (hands, what others know, the draw, the turn-up, the tricks
    gone, the trick), the turn and phase, the claim, trump (the exchange), the score, closing,
    the result and the logs (the history, the draws, the cards each seat saw come to it) -- 26
    fields, and no field of the auction or a rarer rule."""
    names = {f.name for f in recorded(DealState, ruleset("schnapsen").tables)}
    assert names == {
        "hands", "known", "spos", "turnup", "gone", "trick",
        "phase", "turn", "leader", "claim_seat", "draw_pending", "trump",
        "points", "tricks", "tricks_played", "meld", "bonus", "last_winner",
        "closed", "closer", "close_snap", "closed_this_lead", "result", "history", "draws", "seen",
    }


# --------------------------------------------------------------------------- published, rebuilt
#: Public fields of the state that a view does not carry, and why: the rules say them already
#: (the ruleset, its tables, the seat count, strict from the start, the undo record's code), or the view holds what they
#: are made from (whether the first card led fixes trump and the contract follow from the bids,
#: the marriages announced from the history).
NOT_PUBLISHED = {"rs", "t", "n", "_strict_always", "_save", "_load", "contract", "married"}
PUBLISHED_AS = {"_side": "side_index", "_active": "active", "turn": "to_act"}


def test_every_public_field_is_published_and_every_published_field_is_made_from_the_state() -> None:
    from interpreter.engine.views import PUBLISHED, Public

    public = {f.name for f in FIELDS if f.seen in ("public", "derived")} - {"history", "draws"}  # those two: raw fields of the view
    carried = {PUBLISHED_AS.get(name, name) for name in public - NOT_PUBLISHED}
    assert carried <= set(Public._fields), carried - set(Public._fields)
    hidden = {f.name for f in FIELDS if f.seen == "hidden"}
    assert not hidden & set(Public._fields), "a hidden field in every seat's view"
    state_fields = {f.name for f in FIELDS}
    assert all(name in state_fields or name in PUBLISHED for name in Public._fields)


@pytest.mark.parametrize("name", RULESETS)
def test_a_world_rebuilt_from_a_view_holds_every_public_field(name: str, proof_deals: int) -> None:
    """The sampler sets every public field of the state from the view (the generated part and
    the hand-written rest): a world drawn for a seat equals the true state in each of them."""
    from interpreter.search.sampling import WorldSampler

    rs = ruleset(name)
    checked = 0
    for _, state, rng in deals(name, proof_deals):
        for _ in range(rng.randrange(0, 30)):
            if state.phase == OVER:
                break
            state.push_code(pick(state, rng))
        if state.phase in (OVER, 3):  # over, or trump being named: no worlds are sampled then
            continue
        seat = rng.randrange(rs.players.count)
        world = WorldSampler(state.view(seat)).sample(rng).state
        for f in FIELDS:
            if f.seen == "public" and f.kind != "stack" and f.name not in ("stock", "first_turnup") and f.feature != "named_trump":
                assert getattr(world, f.name) == getattr(state, f.name), (name, f.name)
        assert world.known == [k & h for k, h in zip(state.known, state.hands)]  # derived: what others know is still held
        # a widow the seat never saw is another in the world, and so are its points: another's,
        # and its own where it lies face down among won cards the rules do not let it look at
        if state.widow_taker == -1 or (state.widow_taker == seat and rs.tables.widow_seen):
            assert world.points == state.points  # derived: published without a hidden widow, restored by the sampler
        checked += 1
    assert checked >= proof_deals // 10, (name, checked)  # many deals stop at a position worlds are drawn for


# --------------------------------------------------------------------------- written ahead
def test_the_written_record_and_copy_are_current() -> None:
    """interpreter/engine/written.py is what the table writes now (the compiled build's undo
    record, copy, key and a view's public fields): a row added to FIELDS, or a field to a
    view's Public, without regenerating it fails here."""
    path = Path(__file__).resolve().parents[2] / "interpreter" / "engine" / "written.py"
    assert path.read_text(encoding="utf-8") == written_source(), (
        "interpreter/engine/written.py is stale: regenerate it with `python tools/regen_docs.py --written`")


@pytest.mark.parametrize("name", RULESETS)
def test_the_written_record_and_copy_are_exact(name: str, proof_deals: int) -> None:
    """The same proofs as above for written.save/load/copy, in whichever build runs (the compiled
    build uses them for every state; the plain build only here): every field restored exactly
    after lines of moves, a copy equal and unshared, and the key the same int as the key written
    per ruleset at run time; and written.publish, the public fields of a view, what the plain
    build writes at import."""
    from interpreter.engine.views import _publisher

    run_time_publish = _publisher()
    for rs, state, rng in deals(name, max(1, proof_deals // 4)):
        run_time_key = keyer(DealState, rs.tables, rs.players.count)  # the compiled build's is written.key
        state._save, state._load = written.save, written.load
        start = fields_of(state)
        steps = 0
        while state.phase != OVER:
            before = fields_of(state)
            depth = 0
            while depth < 2 and state.phase != OVER:  # a line of two moves, then back
                state.push_code(pick(state, rng))
                depth += 1
            for _ in range(depth):
                state.pop()
            assert not differing(fields_of(state), before), (name, steps, differing(fields_of(state), before))
            assert written_key(state) == run_time_key(state)  # the same packing, the same int
            lists = (state.points, list(state.points), state.hands)  # the arguments make_view passes
            assert written.publish(state, *lists) == run_time_publish(state, *lists)  # a view's public fields
            other = written.copy(state)
            assert type(other) is type(state) and other.undo == [] and not differing(fields_of(other), before)
            for f in FIELDS:
                if f.kind in ("list", "log"):
                    assert getattr(other, f.name) is not getattr(state, f.name), f.name
            state.push_code(pick(state, rng))
            steps += 1
        for _ in range(steps):
            state.pop()
        assert not differing(fields_of(state), start), (name, differing(fields_of(state), start))
