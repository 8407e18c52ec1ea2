"""How a deal ends and what every side scores: declarations, closing, the last trick, units.

Scoring is worked out between the *deal sides* -- the seats that pool their tricks in this
deal (``deal_sides`` of the state) -- for any number of them, and then handed to the *match
sides* of the ruleset (``Ruleset.sides``), which are the same in fixed sides and one seat each
when the bidder plays alone against the rest.  Between more than two sides,
``scoring.losers`` says how the winner is paid; a penalty (a wrong declaration, a failed
close) is scored by every other side.

Its class is a parent of :class:`~interpreter.engine.state.DealState`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from interpreter.engine.legality import Legality
from interpreter.engine.position import OVER, PLAY
from interpreter.rules.ruleset import Ruleset

#: The names a game points' formula may read for :meth:`Settling.score_limits` to bound it.
_FORMULA_READS: Final = frozenset({"opponent_points", "opponent_tricks", "points", "tricks"})



@dataclass(frozen=True, slots=True, repr=False)
class DealResult:
    """How a deal ended.

    ``scores`` is what each match side adds to its match score (game points or units);
    ``winner`` the match side that won the deal (``None`` for a drawn or thrown-in deal, or
    when the winners are several match sides, as defenders against a lone bidder are);
    ``game_points`` the game points scored for the deal in game-point rulesets (the most any
    one side scores), else ``None``.
    """

    winner: int | None
    game_points: int | None
    scores: tuple[int, ...]
    why: str | Callable[[], str] = field(compare=False)
    redeal: bool = False
    drawn: bool = False
    declarer_side: int | None = None
    made: bool | None = None

    @property
    def winners(self) -> tuple[int, ...]:
        """The match sides that won the deal: ``winner`` alone where it is set; where it is
        ``None`` because several sides won together (the defenders who beat a lone bidder, or
        a soloist and the dealer who sits out and scores with him), those of them that scored
        the most -- the others scored less; none for a drawn or thrown-in deal, where every
        side scored alike.  ``winner`` keeps its meaning (a fixed interface), so the outputs
        that name the winners of a deal read them here."""
        if self.winner is not None:
            return (self.winner,)
        if self.drawn or self.redeal or not self.scores:
            return ()
        best = max(self.scores)
        if best == min(self.scores):
            return ()
        return tuple(side for side, score in enumerate(self.scores) if score == best)

    @property
    def reason(self) -> str:
        """How the deal ended, in words.  Worked out when asked: a search that ends deals
        millions of times never reads it (``why`` may be the words or a function making them)."""
        why = self.why
        return why if isinstance(why, str) else why()

    # A result is an immutable value: a copy is the result itself.  A pickle carries the words
    # (``reason``) in place of ``why``, which may be a function made in the settling code: a
    # local function cannot be pickled, nor (in the compiled build) copied field by field.
    def __reduce__(self) -> tuple[type[DealResult], tuple[object, ...]]:
        return (DealResult, (self.winner, self.game_points, self.scores, self.reason, self.redeal, self.drawn,
                             self.declarer_side, self.made))

    def __copy__(self) -> DealResult:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> DealResult:
        return self

    def __repr__(self) -> str:
        """The constructor's call, field by field -- ``why`` with its words (never a function) --
        so that it reads back as an equal result; it once said ``reason=``, a keyword the
        constructor does not take."""
        return (
            f"DealResult(winner={self.winner!r}, game_points={self.game_points!r}, scores={self.scores!r}, "
            f"why={self.reason!r}, redeal={self.redeal!r}, drawn={self.drawn!r}, "
            f"declarer_side={self.declarer_side!r}, made={self.made!r})"
        )


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def close_fail_points(rs: Ruleset, tricks: int, tricks_at_close: int | None) -> int:
    """Game points an opponent of a closer who fails scores (``closing.fail_points``): more
    when it has no trick, counted at the close (``tricks_at_close``, where the talon was
    closed with the tricks noted) or at the end, as ``fail_points.basis`` says.  A function of
    the counts alone, so that a seat's view, which holds them all, works out the same rule
    (:func:`~interpreter.play.seatfacts.claim_warning`)."""
    fp = rs.closing.fail_points
    counted = tricks_at_close if fp.basis == "at_close" and tricks_at_close is not None else tricks
    return fp.no_trick if counted == 0 else fp.base


def false_claim_points(rs: Ruleset, tricks: int, tricks_at_close: int | None, claimant_closed: bool) -> int:
    """Game points an opposing side with ``tricks`` scores for a false declaration, before the
    deal's doubling: ``claim.false_points`` (more when it has no trick), and where the
    claimant's side closed the talon and ``claim.false_after_close`` is ``larger``, at least
    what the close's failure gives it (:func:`close_fail_points`).  It reads the tricks, never
    the points (the solver's kernel keeps its value per tricks alone:
    interpreter/search/strict.py, declare_value).  Written once for the engine's settling
    (:meth:`Settling._claimed`) and the question a table asks before a declaration."""
    fp = rs.claim.false_points
    gp = fp.opponent_without_trick if tricks == 0 else fp.base
    if claimant_closed and rs.claim.false_after_close == "larger":
        return max(gp, close_fail_points(rs, tricks, tricks_at_close))
    return gp


def _side_name(rs: Ruleset, seats: tuple[int, ...]) -> str:
    if rs.partnership:
        return f"team {rs.side_of(seats[0])}"
    return f"seat {seats[0]}" if len(seats) == 1 else "seats " + " & ".join(map(str, seats))


class Settling(Legality):
    """The settling part of :class:`~interpreter.engine.state.DealState`, on the fields of a
    :class:`~interpreter.engine.position.Position`.

    One line of single inheritance (``Position``, ``Legality``, ``Settling``, ``DealState``),
    not two mixins: mypyc compiles classes with one base (docs/speed.md).
    """

    __slots__ = ()

    # ------------------------------------------------------------------ sides
    def side_name(self, side: int) -> str:
        """A deal side in words: ``team 1``, ``seat 2`` or ``seats 1 & 2``."""
        return _side_name(self.rs, self.deal_sides[side])

    def match_side(self, side: int) -> int | None:
        """The match side whose seats are exactly those of a deal side, else ``None``."""
        seats = self.deal_sides[side]
        ms = self.rs.side_of(seats[0])
        return ms if self.rs.sides[ms] == seats else None

    def to_match(self, per_side: Sequence[int]) -> tuple[int, ...]:
        """Per-deal-side values handed to every match side (each seat's deal side decides)."""
        side = self._side
        return tuple(per_side[side[seats[0]]] for seats in self.rs.sides)

    def opponents(self, side: int) -> list[int]:
        return [o for o in range(len(self.deal_sides)) if o != side]

    # ------------------------------------------------------------------ results
    def _over(self, result: DealResult) -> None:
        self.result = self._final(result)
        self.phase = OVER
        self.claim_seat = -1
        self.draw_pending = False

    def _final(self, result: DealResult) -> DealResult:
        """The deal's result with what counts on top of how it ended: doubling, the ten of trumps."""
        if self.doubled and not result.redeal:  # bidding.doubling: the deal's value, x2 or x4
            result = self._with_doubling(result)
        if self.ten_side >= 0 and not result.redeal:  # scoring.trump_ten: on top of the deal's result
            result = self._with_trump_ten(result)
        return result

    def _with_doubling(self, result: DealResult) -> DealResult:
        """The result with every score multiplied by 2 (doubled) or 4 (redoubled)."""
        factor = 1 << self.doubled
        why = result.why
        word = "doubled" if self.doubled == 1 else "redoubled"

        def reason() -> str:
            return f"{why if isinstance(why, str) else why()} ({word}: x{factor})"

        return DealResult(
            result.winner, result.game_points * factor if result.game_points is not None else None,
            tuple(s * factor for s in result.scores), reason, redeal=result.redeal, drawn=result.drawn,
            declarer_side=result.declarer_side, made=result.made,
        )

    def _with_trump_ten(self, result: DealResult) -> DealResult:
        """The result with ``scoring.trump_ten`` added for the side that took the ten of trumps
        (a method apart from :meth:`_over`, which every deal's end calls: its closure's names
        would cost every call)."""
        bonus = [0] * len(self.deal_sides)
        bonus[self.ten_side] = self.rs.scoring.trump_ten
        extra = self.to_match(bonus)
        scores = tuple(a + b for a, b in zip(result.scores, extra))
        seats = self.deal_sides[self.ten_side]
        why, rs = result.why, self.rs

        def reason() -> str:
            text = why if isinstance(why, str) else why()
            return f"{text}; {_side_name(rs, seats)} took the ten of trumps (+{rs.scoring.trump_ten})"

        most = max(result.game_points or 0, *scores) if result.game_points is not None else None
        return DealResult(result.winner, most, scores, reason, drawn=result.drawn,
                          declarer_side=result.declarer_side, made=result.made)

    def _award(self, side: int, gp: int, reason: str | Callable[[], str]) -> None:
        self._over(self._awarded(side, gp, reason))

    def _awarded(self, side: int, gp: int, reason: str | Callable[[], str]) -> DealResult:
        """One deal side scores ``gp`` game points."""
        scores = [0] * len(self.deal_sides)
        scores[side] = gp
        return DealResult(self.match_side(side), gp, self.to_match(scores), reason)

    def _penalty(self, side: int, amount: Callable[[int], int], reason: str | Callable[[], str]) -> None:
        self._over(self._penalised(side, amount, reason))

    def _penalised(self, side: int, amount: Callable[[int], int], reason: str | Callable[[], str]) -> DealResult:
        """Every side but ``side`` scores ``amount(opponent)`` game points."""
        scores = [0] * len(self.deal_sides)
        opps = self.opponents(side)
        for o in opps:
            scores[o] = amount(o)
        winner = self.match_side(opps[0]) if len(opps) == 1 else None
        return DealResult(winner, max(scores), self.to_match(scores), reason)

    # ------------------------------------------------------------------ game points
    def _game_points(self, side: int, opp_points: int, opp_tricks: int) -> int:
        """``scoring.game_points`` for a winning side; remembered per ruleset, since a search
        asks the same few questions at millions of ends of deals."""
        ask = (self._side_points(side), self._side_tricks(side), opp_points, opp_tricks)
        cache = self.t.game_points_cache
        gp = cache.get(ask)
        if gp is None:
            env = {"points": ask[0], "tricks": ask[1], "opponent_points": opp_points, "opponent_tricks": opp_tricks}
            gp = int(self.rs.scoring.game_points.evaluate(env))
            if len(cache) < 100_000:
                cache[ask] = gp
        return gp

    def _opp_now(self, opp: int) -> tuple[int, int]:
        marriages = self.rs.scoring.opponent_points == "tricks_and_counted_marriages"
        return self._side_points(opp, marriages), self._side_tricks(opp)

    def _opp_at_close(self, opp: int) -> tuple[int, int]:
        snap = self.close_snap
        if snap is None:
            return self._opp_now(opp)
        marriages = self.rs.scoring.opponent_points == "tricks_and_counted_marriages"
        return (snap[0][opp] if marriages else snap[1][opp]), snap[2][opp]

    def _winner_points(self, side: int, at_close: bool) -> tuple[int, Callable[[], str]]:
        """Game points of a deal side that won, against all the others, and a function giving
        their position in words."""
        stats = self._opp_at_close if at_close else self._opp_now
        opps = [(o, *stats(o)) for o in self.opponents(side)]
        if len(opps) == 1:
            _, op, ot = opps[0]
            return self._game_points(side, op, ot), lambda: f"opponent {op} points, {_plural(ot, 'trick')}"
        if self.rs.scoring.losers == "each_pays":
            gp = sum(self._game_points(side, op, ot) for _, op, ot in opps)
            rs, sides = self.rs, self.deal_sides
            return gp, lambda: "; ".join(f"{_side_name(rs, sides[o])} {op} points, {_plural(ot, 'trick')}" for o, op, ot in opps)
        op, ot = sum(p for _, p, _ in opps), sum(t for _, _, t in opps)
        return self._game_points(side, op, ot), lambda: f"opponents {op} points, {_plural(ot, 'trick')}"

    def _fail_points(self, opp: int) -> int:
        """Game points a side ``opp`` scores when the closer, its opponent, fails."""
        return close_fail_points(self.rs, self._side_tricks(opp), self._tricks_at_close(opp))

    def _tricks_at_close(self, opp: int) -> int | None:
        """The tricks deal side ``opp`` had when the talon was closed, ``None`` where none were noted."""
        snap = self.close_snap
        return None if snap is None else snap[2][opp]

    # ------------------------------------------------------------------ what is still to be won
    def score_limits(self) -> tuple[list[int], list[int], list[int], list[int]] | None:
        """The most each deal side may still score from here, four ways, for an exact search's
        bounds (:func:`interpreter.search.strict.value_bounds`): where the deal is awarded to it
        (a right claim, the deal's end, its claim before a closer of another side went out); as
        an opponent of another side that declares falsely; as an opponent of a closer who fails
        at the deal's end (0 where nobody closed or it closed itself); and as an opponent of a
        side that closes from now on (its failure, or a claim before it went out: 0 where
        nobody may close any more).  Scores as the result gives them (doubling counted).  Only
        where nothing but cards, marriages, declarations, drawing and closing may come: the
        cards being played, no doubling open.

        Written beside the rules it bounds (:meth:`_claimed`, :meth:`_settle_end`): the branches
        of each, with what the game points' expression reads at its most.  Points and tricks only
        grow as the deal goes on, so the expression's most over every count of the opponents'
        points and tricks at or above today's bounds every winning side's game points
        (:meth:`_game_points_most`) -- a closing to come takes its snapshot of them then, at or
        above today's too; a closed talon's snapshot is fixed.  ``None`` where a rule in play is
        not bounded here: units, a contract, the ten of trumps; and elsewhere."""
        rs = self.rs
        sc = rs.scoring
        if sc.method != "game_points" or self.contract is not None or self.t.ten_of:
            return None
        if self.phase != PLAY or self.dbl_turn >= 0:
            return None
        if not sc.game_points.names <= _FORMULA_READS:
            return None
        closing, end = rs.closing, rs.end
        fp = closing.fail_points
        closer_side = self._side[self.closer] if self.closed and self.closer >= 0 else -1
        # a talon with cards to draw may still be closed (by whichever side leads: the bounds
        # need not know when the rules allow it)
        closable = closing.enabled and self.t.talon and not self.closed and (self.spos < len(self.stock) or self.turnup >= 0)
        last = end.last_trick_points if "last_trick_wins" in (end.unclaimed, end.tie) else 0
        false = rs.claim.false_points
        larger = rs.claim.false_after_close == "larger"
        won: list[int] = []
        as_opponent: list[int] = []
        closer_failed: list[int] = []
        if_closed: list[int] = []
        for side in range(len(self.deal_sides)):
            if closer_side < 0:  # a claim, or the deal's end: the last trick, the higher total
                best = max(self._game_points_limit(side, False), last)
            elif closer_side == side:  # a claim; the deal's end is his failure
                best = self._game_points_limit(side, closing.success_basis == "at_close")
            else:  # a claim before the closer went out; the deal's end is the closer's failure
                best = self._fail_limit(side) if closing.opponent_out == "as_fail" else fp.base
            won.append(best)
            tricks = self._side_tricks(side)
            amount = false.base if tricks else max(false.base, false.opponent_without_trick)
            if closer_side >= 0 and closer_side != side:
                if larger:  # the closer declaring falsely: the larger of that and his failure
                    amount = max(amount, self._fail_limit(side))
                closer_failed.append(self._fail_limit(side))
            else:
                closer_failed.append(0)
            if closable:  # another side closing from now on: its failure, a claim before it went
                # out (a failure's points or its base), its false declaration (the larger)
                limit = self._fail_limit(side)
                if larger:
                    amount = max(amount, limit)
                if_closed.append(limit)
            else:
                if_closed.append(0)
            as_opponent.append(amount)
        if self.doubled:
            factor = 1 << self.doubled
            return ([v * factor for v in won], [v * factor for v in as_opponent], [v * factor for v in closer_failed],
                    [v * factor for v in if_closed])
        return won, as_opponent, closer_failed, if_closed

    def _game_points_limit(self, side: int, at_close: bool) -> int:
        """The most ``scoring.game_points`` may give ``side`` as the deal's winner: against the
        opponents' points and tricks of today or more (at the close: the snapshot's, exactly),
        its own of today or more (:meth:`~interpreter.rules.expr.Expression.value_range`,
        remembered per ruleset)."""
        at_close = at_close and self.close_snap is not None  # else _opp_at_close reads today's
        stats = self._opp_at_close if at_close else self._opp_now
        own = (self._side_points(side), self._side_tricks(side))
        if self.rs.scoring.losers == "each_pays":
            total = 0
            for o in self.opponents(side):
                total += self._game_points_most(stats(o), own, at_close)
            return total
        op = ot = 0
        for o in self.opponents(side):
            p, t = stats(o)
            op += p
            ot += t
        return self._game_points_most((op, ot), own, at_close)

    def _game_points_most(self, opp: tuple[int, int], own: tuple[int, int], fixed: bool) -> int:
        """The most of ``scoring.game_points`` with the opponents' points and tricks at ``opp``
        or above (exactly ``opp`` where ``fixed``), the winner's at ``own`` or above."""
        rs = self.rs
        expr = rs.scoring.game_points
        reads_own = "points" in expr.names or "tricks" in expr.names
        ask = (*opp, *(own if reads_own else (0, 0)), fixed)
        cache = self.t.engine_cache
        memo = cache.get("game points most")
        if not isinstance(memo, dict) or len(memo) > 100_000:  # bounded, as the game points' own cache
            memo = cache["game points most"] = {}
        got = memo.get(ask)
        if isinstance(got, int):
            return got
        most_points = self.t.most_points
        most_tricks = rs.deck.size
        op, ot = opp
        ranges = {
            "opponent_points": (op, op if fixed else most_points), "opponent_tricks": (ot, ot if fixed else most_tricks),
            "points": (own[0], most_points), "tricks": (own[1], most_tricks),
        }
        got = memo[ask] = expr.value_range(ranges)[1]
        return got

    def _fail_limit(self, side: int) -> int:
        """The most :meth:`_fail_points` may still give ``side``: its tricks at the close where
        that is the basis (fixed), else today's -- without one now, it may still take none."""
        fp = self.rs.closing.fail_points
        if fp.basis == "at_close" and self.close_snap is not None:
            return fp.no_trick if self._opp_at_close(side)[1] == 0 else fp.base
        return fp.base if self._side_tricks(side) else max(fp.base, fp.no_trick)

    # ------------------------------------------------------------------ settling
    def _settle_claim(self, seat: int, auto: bool = False) -> None:
        self._over(self._claimed(seat, auto))

    def declare_result(self) -> DealResult:
        """What declaring now would end the deal with, without declaring: the position is left
        as it is.  For an exact search, which tries the declaration at every position where it
        is legal and would otherwise make and unmake it (``push_code(DECLARE)``/``pop``) only to
        read its result: the same rule, the same result (see :meth:`_claimed`)."""
        seat = self.actor  # the seat step_code declares for
        if seat is None:  # not an assert: with -O it was a TypeError from deep inside
            raise ValueError("declare_result(): the deal is over: nobody may declare (its result is state.result)")
        return self._final(self._claimed(seat))

    def _claimed(self, seat: int, auto: bool = False) -> DealResult:
        """How a claim by ``seat`` (a declaration, or reaching the target with ``auto``) ends
        the deal: the claim's rule, written once for the deal's end and for the search."""
        rs = self.rs
        side = self._side[seat]
        seats = self.deal_sides[side]

        def who() -> str:
            return f"seat {seat}" if not rs.partnership else _side_name(rs, seats)

        pts = self._side_points(side)
        target = rs.claim.target
        how = "reached" if auto else "declared"
        closer_side = self._side[self.closer] if self.closed and self.closer >= 0 else -1
        if pts >= target:
            # a right claim reads the claimant side's points no further than the target and the
            # game points' expression (its ``points``): the solver's kernel keeps its value per
            # the other sides' points and the tricks (interpreter/search/strict.py, declare_value)
            if closer_side >= 0 and closer_side != side:
                gp = self._fail_points(side) if rs.closing.opponent_out == "as_fail" else rs.closing.fail_points.base
                return self._awarded(side, gp, lambda: f"{who()} {how} {pts} before the closer went out")
            at_close = closer_side == side and rs.closing.success_basis == "at_close"
            gp, position = self._winner_points(side, at_close)
            basis = " (opponent counted at the close)" if at_close else ""
            closing = " after closing" if closer_side == side else ""
            return self._awarded(side, gp, lambda: f"{who()} {how} {pts}{closing}; {position()}{basis}")
        # a false declaration: what it costs reads the tricks, never the points (false_claim_points)
        def amount(opp: int) -> int:
            return false_claim_points(rs, self._side_tricks(opp), self._tricks_at_close(opp), closer_side == side)

        return self._penalised(side, amount, lambda: f"{who()} declared with only {pts} (under {target})")

    def _contract_trick(self, winner: int) -> bool:
        """After a trick of a contract (``bidding.contracts``): settle the deal if its goal is
        made or failed now -- ``no_tricks`` fails at the first trick the declarer's side takes,
        ``all_tricks`` at the first it loses, ``points`` is made when reached and fails at the
        deadline -- and say whether it was."""
        c = self.contract
        assert c is not None
        side = self._side[self.declarer]
        won = self._side[winner] == side
        last = not any(self.hands[s] for s in range(self.n) if s not in self.sitting_out)
        goal = c.goal
        if goal == "no_tricks":
            made = None if not (won or last) else not won
        elif goal == "all_tricks":
            made = None if won and not last else won
        else:
            pts = self._side_points(side)
            made = True if pts >= c.points else None
            if made is None and (last or (c.by_trick is not None and self.tricks_played >= c.by_trick)):
                made = False
        if made is None:
            return False
        rs = self.rs
        seats = self.deal_sides[side]
        scores = [0] * len(self.deal_sides)
        if made:
            scores[side] = c.value
            winner_side = self.match_side(side)
        else:
            for o in self.opponents(side):
                scores[o] = c.value
            opps = self.opponents(side)
            winner_side = self.match_side(opps[0]) if len(opps) == 1 else None
        tricks = self.tricks_played

        def reason() -> str:
            verdict = "made" if made else "lost"
            return f"{_side_name(rs, seats)} {verdict} {c.title} ({c.value}) after {_plural(tricks, 'trick')}"

        self._over(DealResult(winner_side, c.value, self.to_match(scores), reason,
                              declarer_side=rs.side_of(self.declarer), made=made))
        return True

    def _settle_end(self) -> None:
        """All cards are played and nobody declared."""
        rs = self.rs
        last = self.last_winner
        if not self.closed and rs.end.last_trick_bonus:
            self.bonus[last] += rs.end.last_trick_bonus
        if rs.scoring.method == "units":
            self._settle_units()
            return
        if rs.claim.enabled and rs.claim.after_last_trick == "auto":
            if self._side_points(self._side[last]) >= rs.claim.target:
                self._settle_claim(last, auto=True)
                return
        if self.closed and self.closer >= 0:
            closer = self.closer
            # a closer wins only by going out: one who reached the target and played on without
            # declaring has failed too, and is not told he "did not reach" it
            had = self._side_points(self._side[closer])
            self._penalty(self._side[closer], self._fail_points, lambda: (
                f"the closer (seat {closer}) did not reach {rs.claim.target}" if had < rs.claim.target
                else f"the closer (seat {closer}) did not go out (with {had})"))
            return
        end = rs.end
        last_side = self._side[last]
        if end.unclaimed == "last_trick_wins":
            self._award(last_side, end.last_trick_points, "last trick wins the deal")
            return
        totals = [self._side_points(s) for s in range(len(self.deal_sides))]
        best = max(totals)
        tops = [s for s, t in enumerate(totals) if t == best]
        if len(tops) > 1:
            if end.tie == "last_trick_wins" and last_side in tops:
                self._award(last_side, end.last_trick_points, lambda: f"equal totals ({best}); the last trick decides")
                return
            zeros = (0,) * rs.side_count
            self._over(DealResult(None, 0, zeros, lambda: f"equal totals ({best}): a drawn deal", drawn=True))
            return
        side = tops[0]
        gp, _ = self._winner_points(side, False)
        others = [str(t) for s, t in enumerate(totals) if s != side]
        self._award(side, gp, lambda: f"higher total {best} against {_and(others)}")

    def _settle_units(self) -> None:
        rs = self.rs
        sc = rs.scoring
        ns = len(self.deal_sides)
        decl = self._side[self.declarer]
        totals = [self._side_points(s) for s in range(ns)]
        tricks = [self._side_tricks(s) for s in range(ns)]
        moon = rs.bidding.moon
        is_moon = moon is not None and self.high_bid == moon.bid
        if is_moon:
            assert moon is not None
            made = tricks[decl] == self.tricks_played if moon.requirement == "all_tricks" else totals[decl] >= moon.points
        else:
            made = totals[decl] >= sc.unit * self.high_bid
        scores = []
        for s in range(ns):
            env = {"points": totals[s], "tricks": tricks[s], "unit": sc.unit}
            if s == decl:
                env["bid"] = self.high_bid
                expr = (sc.moon_made if made else sc.moon_set) if is_moon else (sc.made if made else sc.set)
            else:
                env["bid"] = 0
                expr = sc.defenders
            scores.append(int(expr.evaluate(env)))
        if made:
            winner: int | None = self.match_side(decl)
        else:
            others = self.opponents(decl)
            best = max(totals[s] for s in others)
            tops = [s for s in others if totals[s] == best]
            winner = self.match_side(tops[0]) if len(tops) == 1 else None
        high, seats = self.high_bid, self.deal_sides[decl]

        def reason() -> str:
            verdict = "made" if made else "was set on"
            contract = "the moon" if is_moon else f"a bid of {high}"
            return f"{_side_name(rs, seats)} {verdict} {contract} with {totals[decl]} points"

        self._over(DealResult(winner, None, self.to_match(scores), reason, declarer_side=self.rs.side_of(self.declarer), made=made))
