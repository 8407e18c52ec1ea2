"""The observation a learning agent is trained on: a seat's view as fixed-length arrays.

Reinforcement-learning and game-theory tools (PettingZoo, OpenSpiel; see
:mod:`interpreter.adapters`) see a deal through fixed-length arrays.  This module defines
them, once, from a :class:`~interpreter.engine.views.SeatView` alone -- never from the state --
so that an agent trained in an environment sees exactly the same numbers when it plays in
``rules run``, ``rules arena`` or ``rules play`` (:mod:`interpreter.play.bots.policy`).

:class:`ObservationLayout` (``layout(rs)``): the action space (every action code of the
ruleset, in code order, as indexes ``0 .. len(codes) - 1``), the observation vector (own
hand, the table, the public history, trump and turn-up, talon, points, the auction; its
fields listed in :attr:`ObservationLayout.fields`), the action mask, and for OpenSpiel the
information-state vector (the observation followed by the ordered history and the cards the
seat saw come to it, and when: ``SeatView.seen``, which keeps it perfect-recall) and the two
strings.  Sizes come from the ruleset (``rs.deck``, ``rs.players.count``, ``rs.sides``, the
bidding values); seats are counted from the observer (0 is the observing seat, 1 the next in
playing order, ...), so one policy can play every seat.  numpy is used only when it is installed.

Every encoding takes ``private``.  ``True`` (the default): what the seat knows, its own cards
included.  ``False``: only what every seat knows (OpenSpiel's ``private_info=NONE``), built
from :func:`~interpreter.engine.views.public_view` -- no hand, widow or legal actions, every card
laid away face down, a widow's points left out of its taker's -- with seats counted from seat 0
and no seat's side marked as the observer's: the same vector and string for every player.
"""


from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import Any

from interpreter.core.actions import BID_BASE
from interpreter.core.cards import bit_list
from interpreter.engine.position import OVER
from interpreter.engine.trick import seat_after
from interpreter.engine.views import SeatView, public_view
from interpreter.rules.ruleset import Ruleset
from interpreter.rules.tables import KIND_BID, KIND_MARRY, KIND_PASS, KIND_PLAY

__all__ = ["Field", "ObservationLayout", "agent_name", "layout"]



def agent_name(seat: int) -> str:
    """The PettingZoo agent of a seat: ``player_0``, ``player_1``, ..."""
    return f"player_{seat}"



def _ratio(value: float, scale: float) -> float:
    """A count as an entry of the vector: divided by its bound, within [0, 1]."""
    return min(max(value / scale, 0.0), 1.0)


def played_cards(view: SeatView) -> list[int]:
    """Per seat, the cards it has played to tricks in this deal, as bits: leads and follows,
    not a marriage a partner shows during a trick nor a card laid away."""
    return _read_history(view)[0]


def _read_history(view: SeatView) -> tuple[list[int], list[tuple[int, int]], list[int], list[tuple[int, int]]]:
    """One pass over the view's history: the cards each seat played to tricks (as
    :func:`played_cards`: a marriage led plays its card, a partner's marriage shown during a
    trick does not), the marriages (seat, suit), the seats that passed, and the bids (seat,
    amount) in the order made."""
    t = view.rs.tables
    n = view.rs.players.count
    code_kind, code_card = t.code_kind, t.code_card
    active = n - len(view.public.sitting_out)
    played = [0] * n
    marriages: list[tuple[int, int]] = []
    passes: list[int] = []
    bids: list[tuple[int, int]] = []
    on_table = 0  # cards in the trick so far
    for h in view.history_codes:
        seat, code = h >> 16, h & 0xFFFF
        kind = code_kind[code]
        if kind == KIND_PLAY:
            played[seat] |= 1 << code_card[code]
            on_table = (on_table + 1) % active
        elif kind == KIND_MARRY:
            card = code_card[code]
            if not on_table:
                played[seat] |= 1 << card
                on_table = (on_table + 1) % active
            marriages.append((seat, t.suit_of[card]))
        elif kind == KIND_PASS:
            passes.append(seat)
        elif kind == KIND_BID:
            bids.append((seat, code - BID_BASE))
    return played, marriages, passes, bids


@dataclass(frozen=True, slots=True)

class Field:
    """One part of the observation vector: ``size`` entries from ``offset``, ``rows`` x ``size // rows``."""

    name: str
    offset: int
    size: int
    rows: int
    meaning: str

    # immutable, and compiled: a copy is the value itself (a compiled frozen dataclass cannot be
    # copied field by field), as its layout's is
    def __copy__(self) -> Field:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Field:
        return self


class ObservationLayout:
    """The fixed-length encoding of one ruleset's views (build with :func:`layout`).

    Every entry lies in [0, 1]: card planes and one-hot fields are 0/1, counts are divided by
    a bound of the ruleset (``scale``) and capped at 1.  Planes per seat have one row per seat,
    counted from the observer.  ``codes[i]`` is the action code of action index ``i``.
    """

    def __init__(self, rs: Ruleset) -> None:
        self.rs = rs
        deck = rs.deck
        n = rs.players.count
        d = deck.size
        s = len(deck.suits)
        self.codes: tuple[int, ...] = tuple(sorted(rs.action_of))
        self.index_of: dict[int, int] = {c: i for i, c in enumerate(self.codes)}
        self.actions = len(self.codes)
        self.seats = n
        hand_size = rs.deal.hand_size
        rest = d - n * hand_size - (1 if rs.trump.selection == "turn_up" else 0)
        #: bounds the counts are divided by
        self.talon_scale = max(rest + 1, 1) if rs.deal.talon else 1
        self.hand_scale = hand_size + (0 if rs.deal.talon else max(rest, 0))
        marriages = rs.marriage.values.trump + (s - 1) * rs.marriage.values.plain if rs.marriage.enabled else 0
        self.points_scale = deck.total_points + rs.end.last_trick_bonus + marriages
        self.tricks_scale = max(d // 2, 1)
        self.bid_scale = max(rs.bidding.values, default=0) or 1
        self.widow_scale = d
        calls = n if rs.bidding.rounds == "single" else n * len(rs.call_codes)
        #: the most recorded actions a deal can have (the rows of the history in the information state)
        # (+ naming trump: a pass and a suit; cards laid away; a partner's marriages shown)
        laid_away = d - n * rs.deal.hand_size if rs.deal.widow is not None and rs.deal.widow.to != "first_trick_winner_tricks" else 0
        extra = (2 if rs.trump.selection == "named" else 0) + laid_away + (s if rs.tables.partner_marries else 0)
        self.history_rows = d + (calls if rs.bidding.enabled else 0) + s + 2 + extra
        #: the most decisions a deal can have: every card, a ``continue`` after each, the
        #: exchanges, a close, a declaration, the calls of the auction
        self.max_decisions = 2 * d + s + 2 + (calls if rs.bidding.enabled else 0) + extra
        parts: list[tuple[str, int, int, str]] = [
            ("hand", d, 1, "own cards (one bit per card index)"),
            ("widow", d, 1, "the widow's cards, for the seat that took it and may see them"),
            ("trick", n * d, n, "the cards on the table, by the seat that played each"),
            ("played", n * d, n, "every card each seat has played in this deal (the current trick included)"),
            ("known", n * d, n, "cards known to be in each hand (an exchanged turn-up, a marriage partner shown)"),
            ("turn_up", d, 1, "the turn-up card"),
            ("trump", s, 1, "the trump suit, once fixed"),
            ("married", n * s, n, "the suits each seat has announced a marriage in"),
            ("talon", 1, 1, f"cards in the talon (face-down stock and turn-up) / {self.talon_scale}"),
            ("closed", 1, 1, "the talon is closed"),
            ("closer", n, 1, "who closed it"),
            ("hand_sizes", n, 1, f"cards in each hand / {self.hand_scale}"),
            ("points", n, 1, f"each seat's points as this seat may know them / {self.points_scale}"),
            ("tricks", n, 1, f"tricks each seat has won / {self.tricks_scale}"),
            ("dealer", n, 1, "the dealer"),
            ("leader", n, 1, "who led (or leads) the trick"),
            ("to_act", n, 1, "whose turn it is in the auction or the trick"),
            ("actor", n, 1, "who must decide now (the marrier choosing to declare, else to_act)"),
            ("partners", n, 1, "the seats on this seat's side in this deal (itself included)"),
            ("sitting_out", n, 1, "seats that laid their cards down"),
            ("phase", 4 if rs.trump.selection == "named" else 3, 1,
             "auction, play, over" + (", trump being named" if rs.trump.selection == "named" else "")),
            ("decision", 2, 1, "a draw is pending (close before it?); a claim is pending after a marriage"),
            ("high_bid", 1, 1, f"the highest bid / {self.bid_scale}"),
            ("declarer", n, 1, "the declarer (the highest bidder)"),
            ("passed", n, 1, "seats that passed"),
            ("bids", n, 1, f"each seat's bid / {self.bid_scale}"),
            ("widow_size", 1, 1, f"cards in a widow nobody has taken / {self.widow_scale}"),
        ]
        if rs.trump.selection == "named" and rs.trump.if_passed == "turn_next":
            # everybody saw it turned; ``known`` forgets it once its holder lays cards away (it
            # may be among them), and without it here two deals told apart by it were one
            # information state from then on (no perfect recall).  Last, so that the fields of
            # every other ruleset keep their places
            parts.append(("turned", d, 1, "the card turned for trump when the namer passed (seen by all; kept once cards are laid away)"))
        fields: list[Field] = []
        offset = 0
        for name, size, rows, meaning in parts:
            fields.append(Field(name, offset, size, rows, meaning))
            offset += size
        self.fields: tuple[Field, ...] = tuple(fields)
        self.field: dict[str, Field] = {f.name: f for f in fields}
        self._suits = s
        self._cards = d
        #: the offsets :meth:`entries` reads, in its order (one tuple, unpacked: cheaper than a look-up each)
        self._at: tuple[int, ...] = tuple(self.field[name].offset for name in (
            "hand", "widow", "trick", "played", "known", "turn_up", "trump", "married", "talon", "closed", "closer",
            "hand_sizes", "points", "tricks", "dealer", "leader", "to_act", "actor", "partners", "sitting_out", "phase",
            "decision", "high_bid", "declarer", "passed", "bids", "widow_size"))
        #: per observer, each seat's row counted from it
        self._rel: tuple[tuple[int, ...], ...] = tuple(tuple((seat - me) % n for seat in range(n)) for me in range(n))
        turned = self.field.get("turned")
        self._turned_at = turned.offset if turned is not None else -1
        self._zeros = array("f", [0.0]) * offset  # the observation vector, all 0 (C floats)
        self.size = offset
        #: each row of the history: the seat that acted (counted from the observer), then the action index
        self.history_width = n + self.actions
        #: then what the seat saw come to it: one row of card bits per length of the history
        #: (0 .. history_rows), the cards that came into its own sight then -- the hand as dealt
        #: in row 0, a card drawn in the row of its round.  The current hand and the history
        #: do not tell which cards were dealt and which drawn when: without these rows two
        #: deals the seat saw differently could end in one information state (no perfect recall)
        self.seen_offset = self.size + self.history_rows * self.history_width
        self.seen_rows = self.history_rows + 1
        self.info_size = self.seen_offset + self.seen_rows * d

    # A layout is made from its ruleset alone and never changed once built: a copy is the
    # layout itself, sharing the ruleset (which copies as itself too).  Written out because the
    # compiled class (mypyc) has no constructor without ``rs`` for copy's default -- a deep copy
    # of an environment, which holds one, failed with "__init__() missing required argument
    # 'rs'" -- and a copied layout would be a second layout of one ruleset (:func:`layout`).
    def __copy__(self) -> ObservationLayout:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ObservationLayout:
        return self

    # ------------------------------------------------------------------ vectors
    def entries(self, view: SeatView, *, private: bool = True) -> tuple[list[int], dict[int, float]]:
        """The observation vector of ``view`` as its nonzero entries: the indexes of the 1s,
        and the scaled counts by index (each in [0, 1], some 0).  :meth:`encode` spreads them over a
        list, :meth:`observation` over an array: most of the vector is 0, and writing only the
        rest is what keeps an environment step cheap (see ``benchmarks/bench_search.py``).
        ``private=False``: the public part only (see the module docstring)."""
        if not private:
            view = public_view(view)
        n = self.seats
        d = self._cards
        me = view.seat  # SPECTATOR (-1) for the public part: rows from seat 0, no side its own
        p = view.public
        rel = self._rel[me if me >= 0 else 0]  # per seat, its row counted from the observer ((seat - me) % n)
        (o_hand, o_widow, o_trick, o_played, o_known, o_turn_up, o_trump, o_married, o_talon, o_closed, o_closer,
         o_sizes, o_points, o_tricks, o_dealer, o_leader, o_to_act, o_actor, o_partners, o_sitting, o_phase,
         o_decision, o_high_bid, o_declarer, o_passed, o_bids, o_widow_size) = self._at
        ones: list[int] = []
        add = ones.append
        values: dict[int, float] = {}
        ones += [o_hand + c for c in bit_list(view.hand_mask)]  # none in the public part
        widow = view.widow_mask
        if widow:
            ones += [o_widow + c for c in bit_list(widow)]
        sitting = p.sitting_out
        seat = p.leader
        for c in p.trick:
            add(o_trick + rel[seat] * d + c)
            seat = seat_after(seat, n, sitting)
        played_mask, marriages, passes, bid_list = _read_history(view)
        suits = self._suits
        for seat, suit in marriages:
            add(o_married + rel[seat] * suits + suit)
        for seat in passes:
            add(o_passed + rel[seat])
        for seat, amount in bid_list:  # a later bid of a seat replaces its earlier one
            values[o_bids + rel[seat]] = _ratio(amount, self.bid_scale)
        known = p.known
        sizes, seat_points, tricks = p.hand_sizes, p.seat_points, p.tricks
        side = p.side_index
        hand_scale, points_scale, tricks_scale = self.hand_scale, self.points_scale, self.tricks_scale
        mine = side[me] if me >= 0 else -1
        for seat in range(n):
            r = rel[seat]
            mask = played_mask[seat]
            if mask:
                base = o_played + r * d
                ones += [base + c for c in bit_list(mask)]
            mask = known[seat]
            if mask:
                base = o_known + r * d
                ones += [base + c for c in bit_list(mask)]
            # _ratio written out (three calls a seat are most of this loop's time)
            x = sizes[seat] / hand_scale
            values[o_sizes + r] = 1.0 if x > 1.0 else x if x > 0.0 else 0.0
            x = seat_points[seat] / points_scale
            values[o_points + r] = 1.0 if x > 1.0 else x if x > 0.0 else 0.0
            x = tricks[seat] / tricks_scale
            values[o_tricks + r] = 1.0 if x > 1.0 else x if x > 0.0 else 0.0
            if side[seat] == mine:
                add(o_partners + r)
        if p.turnup >= 0:
            add(o_turn_up + p.turnup)
        if p.trump >= 0:
            add(o_trump + p.trump)
        values[o_talon] = _ratio(view.talon_size, self.talon_scale)
        if p.closed:
            add(o_closed)
        if p.closer >= 0:
            add(o_closer + rel[p.closer])
        if p.dealer >= 0:
            add(o_dealer + rel[p.dealer])
        if p.leader >= 0:
            add(o_leader + rel[p.leader])
        phase = p.phase
        if phase != OVER and p.to_act >= 0:
            add(o_to_act + rel[p.to_act])
        actor = view.actor
        if actor is not None and actor >= 0:
            add(o_actor + rel[actor])
        for seat in sitting:
            add(o_sitting + rel[seat])
        # the phase's own entry: AUCTION 0, PLAY 1, OVER 2, NAMING 3 (the 4th entry only exists,
        # and NAMING only happens, when trump is named) -- the field's meaning lists them in this order
        add(o_phase + phase)
        if p.draw_pending:
            add(o_decision)
        if actor is not None and actor != p.to_act:
            add(o_decision + 1)
        values[o_high_bid] = _ratio(p.high_bid, self.bid_scale)
        if p.declarer >= 0:
            add(o_declarer + rel[p.declarer])
        values[o_widow_size] = _ratio(view.widow_size, self.widow_scale)
        if p.turned >= 0 and self._turned_at >= 0:
            add(self._turned_at + p.turned)
        return ones, values

    def encode(self, view: SeatView, *, private: bool = True) -> list[float]:
        """The observation vector of ``view`` (``private=False``: its public part only)."""
        out = [0.0] * self.size
        ones, values = self.entries(view, private=private)
        for i in ones:
            out[i] = 1.0
        for i, value in values.items():
            out[i] = value
        return out

    def mask(self, view: SeatView) -> list[int]:
        """The action mask: 1 at the index of every legal action (all 0 unless the seat must decide)."""
        out = [0] * self.actions
        index = self.index_of
        for code in view.legal_codes:
            out[index[code]] = 1
        return out

    def history_rows_of(self, view: SeatView, *, private: bool = True) -> list[tuple[int, int]]:
        """The ordered history as (seat counted from the observer, action index) pairs; with
        ``private=False`` every card laid away is face down and seats count from seat 0."""
        if not private:
            view = public_view(view)
        n = self.seats
        index = self.index_of
        me = view.seat if view.seat >= 0 else 0
        # a card laid away face down (another seat's; with private=False, every one): the seat
        # acted, the action is not known (-1)
        rows = [(((h >> 16) - me) % n, index.get(h & 0xFFFF, -1)) for h in view.history_codes]
        if len(rows) > self.history_rows:
            raise ValueError(f"{len(rows)} recorded actions, more than the {self.history_rows} this layout holds")
        return rows

    def encode_info(self, view: SeatView, *, private: bool = True) -> list[float]:
        """The information-state vector: the observation, then one row per recorded action,
        then the cards the seat saw come to it, by the history's length then
        (``private=False``: the public part only -- no cards seen, nobody's own)."""
        if not private:
            view = public_view(view)
        out = self.encode(view, private=private) + [0.0] * (self.info_size - self.size)
        base = self.size
        width = self.history_width
        n = self.seats
        for i, (seat, action) in enumerate(self.history_rows_of(view, private=private)):
            out[base + i * width + seat] = 1.0
            if action >= 0:
                out[base + i * width + n + action] = 1.0
        base = self.seen_offset
        d = self._cards
        for e in view.seen:  # len(history) << 16 | seat << 8 | card, the view's own seat only
            out[base + (e >> 16) * d + (e & 0xFF)] = 1.0
        return out

    def observation(self, view: SeatView) -> dict[str, Any]:
        """``{"observation": float32 array, "action_mask": int8 array}`` (lists without numpy)."""
        try:
            import numpy as np
        except ImportError:  # pragma: no cover - numpy comes with the rl extra
            return {"observation": self.encode(view), "action_mask": self.mask(view)}
        # written into a copy of a zeroed C float array and a bytearray, which numpy then
        # takes over without a copy: cheaper than numpy's own item or fancy assignment
        ones, values = self.entries(view)
        obs = self._zeros[:]
        for i in ones:
            obs[i] = 1.0
        for i, value in values.items():
            obs[i] = value
        mask = bytearray(self.actions)
        index = self.index_of
        for code in view.legal_codes:
            mask[index[code]] = 1
        return {"observation": np.frombuffer(obs, dtype=np.float32), "action_mask": np.frombuffer(mask, dtype=np.int8)}

    # ------------------------------------------------------------------ strings
    def observation_string(self, view: SeatView, *, private: bool = True) -> str:
        """What the observation vector holds, in words (absolute seats, card notation);
        ``private=False``: its public part only, the same for every seat (no seat named as
        the observer, no hand, no legal actions)."""
        if not private:
            view = public_view(view)
        rs = self.rs
        cards = rs.deck.cards
        t = rs.tables

        def show(mask: int) -> str:
            return " ".join(str(cards[c]) for c in bit_list(mask)) or "-"

        p = view.public
        parts = [f"seat {view.seat}, dealer {view.dealer}" if view.seat >= 0 else f"public, dealer {view.dealer}"]
        if view.seat >= 0:
            parts.append(f"hand {show(view.hand_mask)}")
        if view.widow_mask:
            parts.append(f"widow {show(view.widow_mask)}")
        parts.append(f"trump {view.trump or '-'}, turn-up {view.turn_up or '-'}, talon {view.talon_size}"
                     + (f" closed by {view.closer}" if view.closed else ""))
        if p.turned >= 0:  # seen by all, and kept: see the layout's field
            parts.append(f"turned {cards[p.turned]}")
        parts.append("trick " + (" ".join(f"{s}:{c}" for s, c in view.trick) or "-"))
        played = played_cards(view)
        parts.append("played " + ", ".join(f"{s}: {show(m)}" for s, m in enumerate(played)))
        known = [f"{s}: {show(m)}" for s, m in enumerate(p.known) if m]
        if known:
            parts.append("known " + ", ".join(known))
        parts.append("points " + "/".join(map(str, p.seat_points)) + ", tricks " + "/".join(map(str, p.tricks))
                     + ", cards " + "/".join(map(str, p.hand_sizes)))
        if rs.bidding.enabled:
            parts.append(f"high bid {view.high_bid} by {view.declarer if view.declarer is not None else '-'}"
                         + (f", sitting out {','.join(map(str, view.sitting_out))}" if view.sitting_out else ""))
        if view.widow_size:
            parts.append(f"widow {view.widow_size} face down")
        parts.append(f"to act {view.to_act if view.to_act is not None else '-'}, actor {view.actor if view.actor is not None else '-'}"
                     + (", draw pending" if p.draw_pending else ""))
        if view.legal_codes:
            parts.append("legal " + ", ".join(t.code_text[c] for c in view.legal_codes))
        return " | ".join(parts)

    def information_state_string(self, view: SeatView, *, private: bool = True) -> str:
        """The observation string, then the whole public history in order, the rounds of
        drawing, and what the seat saw come to it (``seen``: by the history's length then, the
        cards -- ``0:`` the hand as dealt, then each card drawn, the widow taken or seen, ...).

        Two views of one seat give the same string exactly when they hold the same
        information, so it keys search trees (OpenSpiel's ISMCTS) and tabular policies; the
        cards seen keep it so after they are played (the hand no longer tells which were
        dealt and which drawn when).  ``private=False``: the public part only, the same for
        every seat.
        """
        if not private:
            view = public_view(view)
        history = ", ".join(f"{s}:{a}" for s, a in view.history)
        draws = ",".join(map(str, view.draws))
        cards = self.rs.deck.cards
        came: dict[int, list[str]] = {}
        for e in view.seen:
            came.setdefault(e >> 16, []).append(str(cards[e & 0xFF]))
        seen = ", ".join(f"{at}: {' '.join(shown)}" for at, shown in came.items())
        return (f"{self.observation_string(view, private=private)} | history {history or '-'} | draws {draws or '-'}"
                f" | seen {seen or '-'}")

    def describe(self) -> str:
        """The layout as a Markdown table (the observation's fields, offsets and sizes)."""
        lines = ["| field | offset | size | meaning |", "|---|---|---|---|"]
        lines += [f"| `{f.name}` | {f.offset} | {f.size} | {f.meaning} |" for f in self.fields]
        return "\n".join(lines)


_LAYOUTS: dict[int, tuple[Ruleset, ObservationLayout]] = {}


def layout(rs: Ruleset) -> ObservationLayout:
    """The observation layout of a ruleset (built once per loaded ruleset)."""
    hit = _LAYOUTS.get(id(rs))
    if hit is None or hit[0] is not rs:
        hit = _LAYOUTS[id(rs)] = (rs, ObservationLayout(rs))
    return hit[1]
