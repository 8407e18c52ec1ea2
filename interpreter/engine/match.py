"""A match: deals one after another until a side reaches the ruleset's target.

The match owns what outlives a deal: the running scores, who deals next, a bonus carried
over from a drawn deal, and the seeds of the deals (each deal's seed is drawn from the
match seed, so a whole match is reproduced from one number and each deal from its own).
"""

from __future__ import annotations

from typing import Any, Final

import copy
import random
from collections.abc import Sequence
from pathlib import Path

from interpreter.core.arguments import SEED_MAX as SEED_MAX
from interpreter.core.arguments import check_seat, check_seed, shown_value, with_article
from interpreter.rules.loader import as_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.engine.settle import DealResult
from interpreter.engine.state import DealState

# SEED_MAX (imported above, from interpreter.core.arguments where every seed is checked): the
# largest seed, 2**63 - 1.  Records written before the range was checked may hold a negative
# match seed; they still load (random.Random(-s) plays as random.Random(s)).

#: How wide a deal seed drawn from a match seed is: ``random.Random(match_seed).getrandbits(32)``
#: per deal, what a record's top-level ``seed`` means (docs/notation.md, "How a seed becomes a
#: deal") -- so ``rules run --seed 7`` deals today what it dealt in every earlier version.
DEAL_SEED_BITS: Final = 32

#: Deal seeds as wide as a seed may be, for a table whose players must not be able to search
#: every deal seed for the one that agrees with the cards they have seen (the card room: 2**32
#: shuffles are hours of one core, 2**63 out of reach; docs/security.md, "Searching a deal's
#: seed").  A match dealt so is not the one its seed gives ``rules run``, so its record names
#: each deal's seed and not the match seed.
WIDE_DEAL_SEED_BITS: Final = 63

#: The most deals a match is played for before it counts as one nobody can win: a ruleset whose
#: matches last longer is broken, not long (``rules run`` stops there, and ``rules validate
#: --deep`` reports a target that random play would not reach within it).
MATCH_DEAL_LIMIT: Final = 1000


def match_winner(rs: Ruleset, scores: Sequence[int], result: DealResult) -> int | None:
    """The side that has won the match after a deal with ``result``, or ``None`` to play on.

    Level highest scores play on -- except under ``match.bummerl: last_place``, where the match
    is played for the last place (Dreierschnapsen: "das Spiel endet, sobald ein Spieler 24
    Punkte erreicht hat"; players level at its end play out their placing, which a match here
    does not): it ends as soon as a side reaches the target, the first of the level highest in
    seat order named its winner.  There, both defenders score a lost contract, so two players
    reaching the target level in one deal is common, and playing on ran matches to 90.
    """
    target = rs.match.target
    reached = [s for s in range(len(scores)) if scores[s] >= target]
    if not reached:
        return None
    if rs.match.bidder_goes_out and result.made and result.declarer_side in reached:
        return result.declarer_side
    best = max(scores[s] for s in reached)
    tops = [s for s in reached if scores[s] == best]
    return tops[0] if len(tops) == 1 or rs.match.bummerl == "last_place" else None


def with_carry(rs: Ruleset, result: DealResult, carry: int) -> tuple[DealResult, int]:
    """Apply ``end.tie: next_deal_bonus``: a drawn deal sets one extra game point aside for the
    winner of the next deal that has one.  Returns the result to count and the new carry."""
    if rs.scoring.method != "game_points" or rs.end.tie != "next_deal_bonus":
        return result, carry
    if result.drawn:
        return result, 1  # "the winner of the next deal gets one extra game point"
    if result.winner is None or not carry:
        return result, carry
    scores = list(result.scores)
    scores[result.winner] += carry
    adjusted = DealResult(
        result.winner, (result.game_points or 0) + carry, tuple(scores),
        result.reason + f" (+{carry} set aside after a drawn deal)",
        declarer_side=result.declarer_side, made=result.made,
    )
    return adjusted, 0


def scores_after(rs: Ruleset, scores: Sequence[int], result: DealResult) -> list[int]:
    """The match score after a deal counted as ``result`` (its carry applied): each side's deal
    score added, and under ``match.negative: floor_zero`` a side below 0 set back to 0.  Written
    once for the match in play and for ``rules replay``, which before added the deal scores
    without the floor and refused the true result header of such a match."""
    added = [score + delta for score, delta in zip(scores, result.scores)]
    if rs.match.negative == "floor_zero":
        return [max(0, score) for score in added]
    return added


def next_dealer(rs: Ruleset, dealer: int, result: DealResult) -> int:
    """Who deals after a deal: rotation, or the same dealer again after a drawn deal.

    ``winner_deals`` and ``loser_deals`` pass the deal to the first seat to the dealer's left
    that is (or is not) on the winning side; without a single winning side it goes on to the left.
    """
    n = rs.players.count
    if result.drawn:
        return dealer
    rotation = rs.dealer.rotation
    if result.redeal or rotation in ("alternate", "clockwise") or result.winner is None:
        return (dealer + 1) % n
    want = rotation == "winner_deals"
    for step in range(1, n + 1):
        seat = (dealer + step) % n
        if (rs.side_of(seat) == result.winner) == want:
            return seat
    return (dealer + 1) % n  # every seat on one side: nobody to pass the deal to but the next


def _whole_seed(value: object) -> int:
    """``value`` if it is a seed (an int, not a bool, 0 to 2**63 - 1), else the ``TypeError``
    or ``ValueError`` of :func:`check_seed`."""
    seed = check_seed(value)
    assert isinstance(seed, int)  # check_seed without generator=True returns only ints
    return seed


def _scores(value: object, sides: int) -> list[int]:
    """The match scores to start from (``None``: 0 each): one whole number per side, else a
    ``TypeError`` (not a list of whole numbers) or ``ValueError`` (not one per side) naming
    ``scores`` -- refused here, not at the first deal counted on them."""
    if value is None:
        return [0] * sides
    expected = f"{sides} whole numbers, one per side"
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TypeError(f"scores: {shown_value(value)} is {with_article(type(value).__name__)}, not a list of scores (expected {expected})")
    out: list[int] = []
    for i, score in enumerate(value):
        if isinstance(score, bool) or not isinstance(score, int):
            raise TypeError(f"scores[{i}]: {shown_value(score)} is {with_article(type(score).__name__)}, not a score (expected a whole number)")
        out.append(score)
    if len(out) != sides:
        raise ValueError(f"scores {out}: expected {sides} numbers, one per side")
    return out


class Match:
    """A match in progress.  ``deal`` is the current :class:`DealState` (or ``None``).

    The deals go one after the other: :meth:`next_deal`, play it to its end,
    :meth:`finish_deal`, and again.  Out of that order is refused with ``ValueError`` --
    a deal counted twice, a deal dropped unfinished, a deal counted before its end -- since
    each would leave scores that no match can have.  ``rs`` is a :class:`Ruleset` or a name
    or path for ``load_ruleset``; ``seed`` an int; ``dealer`` a seat; ``scores`` one number
    per side; ``deal_seed_bits`` how wide each deal's seed drawn from ``seed`` is
    (:data:`DEAL_SEED_BITS`, what records and ``rules run --seed`` mean, unless a table
    asks for :data:`WIDE_DEAL_SEED_BITS`).
    """

    def __init__(
        self,
        rs: Ruleset | str | Path,
        seed: object = 0,
        *,
        scores: object = None,
        dealer: object = None,
        deal_seed_bits: object = DEAL_SEED_BITS,
    ) -> None:
        # The parameters are typed ``object`` and narrowed here: typed ``int``, the compiled
        # build would refuse a str in mypyc's words (and take ``True`` for 1) before these checks.
        rs = as_ruleset(rs)
        self.rs = rs
        self.seed: int = _whole_seed(seed)
        if deal_seed_bits not in (DEAL_SEED_BITS, WIDE_DEAL_SEED_BITS) or isinstance(deal_seed_bits, bool):
            raise ValueError(f"deal_seed_bits {deal_seed_bits!r}: expected {DEAL_SEED_BITS} or {WIDE_DEAL_SEED_BITS}")
        self.deal_seed_bits: int = DEAL_SEED_BITS if deal_seed_bits == DEAL_SEED_BITS else WIDE_DEAL_SEED_BITS
        self._rng = random.Random(self.seed)
        self.scores: list[int] = _scores(scores, rs.side_count)
        self.dealer: int = rs.dealer.first if dealer is None else check_seat(dealer, rs.players.count, "dealer")
        self.carry = 0
        self.winner: int | None = None
        self.deal: DealState | None = None
        #: the deal last counted by finish_deal (None before the first)
        self._counted: DealState | None = None
        self.deal_seeds: list[int] = []
        self.results: list[DealResult] = []
        #: per side, the sides that had 0 while it stood one point from the target (match.shutout
        #: retour: a side that then loses the match to one of them takes the Retourschneider)
        self.brink: dict[int, set[int]] = {}
        self._note_brink()  # a match taken up at 23 to 0 (``scores``) stands at the brink already

    # copy.copy and copy.deepcopy, written out: the compiled class (mypyc) has no constructor
    # without arguments for copy's default.  Both give a match of its own that goes on as the
    # original would: sharing the seed generator or the scores, as the default shallow copy
    # did, a deal dealt or counted on the copy changed the original.  A deep copy shares the
    # ruleset (the rules of the game, never changed once loaded; its compiled tables cannot be
    # copied) and copies the rest: the scores, the seed generator, the deal in play with its
    # undo records.  A match is not pickled: its ruleset is not (the rules compile to local
    # functions).
    def _blank(self) -> Match:
        """A new match of the same ruleset, seed and seed width, for a copy to fill (its seed
        set after: a match of :meth:`drawing_from` may have one beyond the range)."""
        out = Match(self.rs, 0, deal_seed_bits=self.deal_seed_bits)
        out.seed = self.seed
        return out

    @classmethod
    def drawing_from(cls, rs: Ruleset | str | Path, generator_seed: int) -> Match:
        """A match whose deal seeds are drawn from ``random.Random(generator_seed)``, any int:
        for ``rules simulate``, whose match seeds (its seed times 2**32 plus the match's
        index) pass 2**63 and are never written to a record.  Every seed given from outside
        goes through the constructor and its range."""
        out = cls(rs, 0)
        out.seed = generator_seed
        out._rng = random.Random(generator_seed)
        return out

    def __copy__(self) -> Match:
        """A match of its own, as :meth:`__deepcopy__` gives: the seed generator in the same
        state (the copy deals next what the original would), the scores, seeds and results
        copied, the deal in play copied with its undo records (``copy.copy`` of a
        :class:`DealState`); the ruleset and the results (immutable values) are shared."""
        out = self._blank()
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        deal = copy.copy(self.deal) if self.deal is not None else None
        # finish_deal and next_deal tell a counted deal by identity: the copy's deal is counted
        # if the original's is (an older counted deal is never the deal in play: shared as is)
        counted = deal if self._counted is not None and self._counted is self.deal else self._counted
        brink = {side: set(others) for side, others in self.brink.items()}
        out._fill((rng, self.scores[:], self.dealer, self.carry, self.winner, deal, counted,
                   self.deal_seeds[:], self.results[:], brink))
        return out

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        out = self._blank()
        memo[id(self)] = out
        rs = self.rs
        memo.setdefault(id(rs), rs)  # the rules are shared, not copied
        memo.setdefault(id(rs.tables), rs.tables)
        out._fill(copy.deepcopy(self._state(), memo))
        return out

    def _state(self) -> tuple[Any, ...]:
        """Every field that changes as the match goes on (``rs``, ``seed`` and
        ``deal_seed_bits`` are the constructor's)."""
        return (self._rng, self.scores, self.dealer, self.carry, self.winner, self.deal, self._counted,
                self.deal_seeds, self.results, self.brink)

    def _fill(self, state: tuple[Any, ...]) -> None:
        (self._rng, self.scores, self.dealer, self.carry, self.winner, self.deal, self._counted,
         self.deal_seeds, self.results, self.brink) = state

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def bummerl(self) -> tuple[int, ...]:
        """Per side, the lost matches ("Bummerl") the finished match counts against it: none for
        the winner; for each side that lost it (every other side, or under ``match.bummerl:
        last_place`` those with the lowest score) one, two if it ended on 0 (the Schneider, under
        ``match.shutout: double`` or ``retour``), four under ``retour`` if it once stood one
        point from the target while the winner had 0 (the Retourschneider)."""
        n = len(self.scores)
        if self.winner is None:
            return (0,) * n
        how = self.rs.match.shutout
        others = [s for s in range(n) if s != self.winner]
        if self.rs.match.bummerl == "last_place":  # every side on the lowest score: all of them if all are level
            low = min(self.scores)
            others = [s for s in range(n) if self.scores[s] == low]
        out = [0] * n
        for side in others:
            if how == "retour" and self.winner in self.brink.get(side, ()):
                out[side] = 4
            elif how != "none" and self.scores[side] <= 0:
                out[side] = 2
            else:
                out[side] = 1
        return tuple(out)

    @property
    def games(self) -> int:
        """What the finished match is worth: the most Bummerl a side that lost it takes (1; 2 for
        a Schneider, 4 for a Retourschneider: see :attr:`bummerl`)."""
        return max(self.bummerl) if self.winner is not None else 0

    def replayed(self, scores: Sequence[int], winner: int | None) -> None:
        """Take the score and winner after a deal replayed elsewhere (``rules replay``), kept as
        :meth:`finish_deal` keeps them, so that :attr:`bummerl` counts a Retourschneider too."""
        self.scores = list(scores)
        self._note_brink()
        self.winner = winner

    def _note_brink(self) -> None:
        """Note each side one point from the target and who had 0 then (``match.shutout: retour``)."""
        target = self.rs.match.target
        for side, score in enumerate(self.scores):
            if score == target - 1:
                self.brink.setdefault(side, set()).update(k for k, s in enumerate(self.scores) if k != side and s == 0)

    def next_deal(self, seed: object = None) -> DealState:
        """Deal the next deal (its seed drawn from the match seed unless given, an int).  The
        deal before must have been counted by :meth:`finish_deal`: dealing over it would drop
        it from the scores without a word."""
        state = self.deal
        if state is not None and state is not self._counted:
            if state.result is None:
                raise ValueError("the deal in play is not over: play it to its end and call finish_deal() before next_deal()")
            raise ValueError("the deal in play is over but not counted: call finish_deal() before next_deal()")
        # ``seed`` is typed ``object`` and narrowed here, as in __init__
        deal_seed = self._rng.getrandbits(self.deal_seed_bits) if seed is None else _whole_seed(seed)
        self.deal_seeds.append(deal_seed)
        self.deal = DealState.new(self.rs, self.dealer, deal_seed)
        return self.deal

    def finish_deal(self) -> DealResult:
        """Add the finished deal's result to the match; returns it with any carried bonus applied.
        Once per deal, after its last action (``ValueError`` otherwise)."""
        state = self.deal
        if state is None:
            raise ValueError("no deal to finish: call next_deal() and play the deal to its end first")
        if state is self._counted:
            raise ValueError("this deal is counted already: finish_deal() once per deal, then next_deal()")
        if state.result is None:
            raise ValueError("the deal in play is not over: finish_deal() comes after its last action")
        self._counted = state
        result, self.carry = with_carry(self.rs, state.result, self.carry)
        self.scores = scores_after(self.rs, self.scores, result)
        self._note_brink()
        self.results.append(result)
        self.winner = match_winner(self.rs, self.scores, result)
        self.dealer = next_dealer(self.rs, self.dealer, result)
        return result
