"""Exact solving of perfect-information positions, for any ruleset.

A :class:`~interpreter.engine.state.DealState` holds every card -- each hand, the stock in its
order, the widow -- so any state is a perfect-information position: drawing is deterministic
and nothing is hidden from a solver.  :func:`solve` finds the game-theoretic value of such a
position and a best action; :func:`move_values` finds the value of every legal action.  This is
what a search bot needs for the worlds it samples (:mod:`interpreter.search.sampling`), and what
an analysis tool needs for "all cards open".

**The objective.**  A value is always seen from one *match side* ``side`` (by default the
actor's): that side's deal score minus the sum of every other match side's deal score
(``DealResult.scores``: game points or units, possibly negative).  The seats of the deal side
``side`` plays in maximise it and every other seat minimises it
(:func:`~interpreter.search.strict.plays_for`).  With two deal sides this is the zero-sum game
of the deal itself: partners of the match are seats of the same side, and the partners a deal
makes -- the defenders against a bidder (``players.sides: bidder_vs_rest``) or against the
forehand (``forehand_vs_rest``), who each keep a match score of their own but score alike in
the deal -- play together, from the moment the auction has made them partners.  With more
deal sides (every player for himself in three-handed Sixty-Six, or before an auction has
found its bidder) it is the *paranoid* reduction -- the others are assumed to play together
against ``side`` -- which is exact for what it answers (the most ``side`` can be sure of
against any play of the others) but is not a prediction of how selfish opponents would play.

**Everything legal is a move.**  Playing a card, announcing a marriage, exchanging, closing,
declaring, continuing (declining an optional step), bidding and passing are all just legal
codes; the solver asks the engine for them and performs them with ``push_code``/``pop``.
Nothing here knows a variant's name, seat count or side count, and no two cards are ever
treated as equivalent (adjacent ranks carry different points and a king and queen marry).

**How.**  Alpha-beta with a transposition table is run with null windows only, MTD(f) style:
each pass answers "is the value at least ``beta``?" and returns a fail-soft bound, which is
always an outcome value reachable below; the passes walk over the few distinct outcome values
(game points: a handful) until the lower and upper bound meet.  Details that keep the node
count small, since a node costs microseconds in CPython:

* the table is keyed on :meth:`~interpreter.engine.state.DealState.key` (exact within one
  deal) and stores a lower bound, an upper bound and the best move.  It is probed only where
  no trick is on the table (a lead, an optional step before the draw, the auction):
  positions transpose at trick boundaries, hardly ever in the middle of a trick, and a key
  costs about as much as a move.  At every such ply it pays for itself, the last tricks
  included (leaving it out there searched more nodes and took longer);
* move ordering: the table's move first, then a fixed order by kind -- declaring (it ends the
  deal at once, so it costs one move to know), closing (its strict endgame is small and often
  decides), the exchange, marriages, then cards by their points; in the auction the highest
  bid first and passing last; a follower tries the cards that would take the trick so far
  first (those worth most first), then the others cheapest first.  A *false* declaration (the
  actor's side below ``claim.target``) is the exception: it goes first only while the last
  false declaration valued for the same kind of seat (maximising or minimising) would have
  decided the null window, and last otherwise.  Its value is a penalty that hardly varies
  within a deal, so the last one predicts the next: it cuts at once in the passes that ask
  whether the side loses no more than the penalty, and elsewhere it is only settled where no
  other move cut (-10% of the nodes of whole Schnapsen deals and -8% of the 5-against-5
  endgames; tried always last, endgames needed 22% more nodes).  These were chosen by counting
  nodes on seeded positions of every bundled ruleset (``benchmarks/bench_solver.py``); a
  history heuristic, counter-moves, trumps led last or first, and closing last all searched
  more nodes;
* a move that ends the deal is scored on the spot, without a call for the child position, and
  a table entry keeps the values of such moves, so a later pass does not make them again; a
  declaration is not even made: ``DealState.declare_result`` says how it would end the deal
  (the engine's own rule, without the undo record a move needs -- a declaration is tried at
  about a quarter of all positions).
* where nothing can be drawn any more and the strict duties hold
  (:func:`interpreter.search.strict.position_allows`, asked at every lead), the search hands
  the position to the kernel of :mod:`interpreter.search.strict`: the same fail-soft search
  and move order on the hands, points and tricks as plain ints, with a table of its own,
  asking the engine only for a follower's legal cards, for the marriages a leader may
  announce and what they bring, and for what declaring and the deal's end are worth.  There a
  node costs a fraction of one made on the state.  A root the kernel may play is searched
  by it whole, pass after pass (its table keeps the root's move), instead of making the
  first trick's cards on the state (0.89 of the time of distinct 5-against-5 endgames).
  There, too, a pass that asks about the margin (whether the value is at least 2, or at
  least -1: never who wins, 0 and 1) is answered by the points and tricks already taken
  where they settle it: the kernel bounds the value by what each side may still score
  (:meth:`~interpreter.engine.settle.Settling.score_limits`,
  :func:`~interpreter.search.strict.value_bounds`) and cuts where the bound leaves the value
  on one side of the window -- about half the nodes of 5-against-5 Schnapsen endgames.
  The search on the state does the same where a talon is still open (the bounds then leave
  out the closings a side need not make: see ``value_bounds``), and the root's passes end
  once one proves the most or the least the value may be.

An ending the rules cannot score (a house formula that divides by zero there) has no value:
a search that needs one raises the rules' :class:`~interpreter.core.errors.ExpressionError`
and proves nothing, like one a limit stops -- the solver, its table and the caller's state
stay as sound as after a stopped search.  (Alpha-beta asks only for the endings it cannot
prune, and a cut holds whatever the value cut off: where it never asks, the value found is
exact.)  A caller that solves an imagined world leaves that world out; see
:func:`~interpreter.search.pimc.pimc`.

The caller's state is never touched: the search runs on a copy.  A node limit and a time
limit (seconds of the searching thread's CPU time, or of the ``clock`` given: see
:mod:`interpreter.search.clock`; checked every few thousand nodes) can stop a search; the :class:`Solution` then says
``exact=False`` and carries the bounds proved so far.  The table grows with the positions
searched (a few hundred bytes each): a whole Sechsundsechzig deal can fill hundreds of
thousands of entries, so a long time limit is also a memory limit to choose.
"""

from __future__ import annotations

from typing import Final

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from interpreter.core.actions import (
    BID_BASE,
    CLOSE,
    CLOSE_BEFORE_DRAW,
    CONTINUE,
    DECLARE,
    EXCHANGE,
    MARRY_BASE,
    PASS,
)
from interpreter.engine.position import OVER
from interpreter.engine.state import DealState
from interpreter.search.clock import Clock, cpu_clock
from interpreter.search.strict import (
    KernelTables, compile_kernel, follower_order, plays_for, position_allows, position_bounds, rules_allow,
)

__all__ = ["Solution", "Solver", "margin", "move_values", "solve"]

#: Beyond any score difference: the bound of a position nothing is known about yet.
INF: Final = 1 << 40

#: How many nodes pass between two looks at the clock and the node limit.
CHECK_EVERY: Final = 2048


@dataclass(frozen=True, slots=True)
class Solution:
    """The result of :func:`solve`.

    ``value`` is the position's value for ``side`` (see the module docstring) and ``best`` a
    legal code of the actor that achieves it (``None`` when the deal is over).  ``nodes``
    counts the positions the search visited (every move made, plus the root).

    When a node or time limit stopped the search, ``exact`` is ``False``; ``lower`` and
    ``upper`` are then the bounds proved so far (``None`` for a side not yet bounded), ``best``
    the action that proved the actor's own bound -- the lower one if the actor plays for
    ``side``, else the upper one -- (``None`` if no such pass finished), and ``value`` that
    bound, or the other one if only the other is known (``None`` if neither is).  So
    ``best`` is known to achieve at least (or at most) ``value``.  When ``exact`` is ``True``,
    ``lower == upper == value``.
    """

    value: int | None
    best: int | None
    nodes: int
    exact: bool
    lower: int | None
    upper: int | None


class _Stopped(Exception):
    """Raised inside the search when a limit is reached; the search runs on a copy, so
    unwinding leaves nothing to undo."""


# The fixed order of the codes that are not followers' cards (higher first): see the module
# docstring.  Cards (and marriages) add their points to their kind's base.
_ORDER_DECLARE: Final = 1000
_ORDER_CLOSE: Final = 900
_ORDER_EXCHANGE: Final = 500
_ORDER_MARRY: Final = 100
_ORDER_CONTINUE: Final = 0
_ORDER_PASS: Final = 0
_ORDER_BID: Final = 1


def _order_table(state: DealState) -> list[int]:
    """Per action code: its place in the fixed move order (higher is tried first); made once
    per ruleset (never changed after)."""
    t = state.rs.tables
    got = t.engine_cache.get("solver order")
    if isinstance(got, list):
        return got
    order = t.engine_cache["solver order"] = [0] * (t.max_code + 1)
    points = t.points
    for card in range(t.size):
        order[card] = points[card]
        if MARRY_BASE + card <= t.max_code:
            order[MARRY_BASE + card] = _ORDER_MARRY + points[card]
    for code in range(BID_BASE, t.max_code + 1):
        order[code] = _ORDER_BID + code - BID_BASE  # the highest bid first, passing last
    for code, rank in ((DECLARE, _ORDER_DECLARE), (CLOSE, _ORDER_CLOSE), (CLOSE_BEFORE_DRAW, _ORDER_CLOSE),
                       (EXCHANGE, _ORDER_EXCHANGE), (CONTINUE, _ORDER_CONTINUE), (PASS, _ORDER_PASS)):
        if code <= t.max_code:
            order[code] = rank
    return order


def margin(scores: Sequence[int], side: int) -> float:
    """Match side ``side``'s score minus the mean of the other sides' scores: the margin the
    tree search rewards (:func:`~interpreter.search.ismcts.ismcts`) and the meaning of every
    value of ``rules analyse``.  The margins of all sides add up to 0 (with two sides: one's score minus the other's).
    Kept here, beside the solver's own measure (:meth:`Solver._leaf`: minus the others'
    together), which it differs from with three sides or more."""
    k = len(scores)
    s = scores[side]
    return s - (sum(scores) - s) / (k - 1) if k > 1 else float(s)


class Solver:
    """An exact solver for one match side, whose transposition table outlives a call.

    Solving several positions of the same deal (a bot thinking before each of its moves, or
    :func:`move_values`) shares what was learnt.  A position key is exact only within one deal
    (the same ruleset, dealer, stock and widow), so the table is emptied whenever a state of
    another deal is given.
    """

    def __init__(self, side: int) -> None:
        self.side = side
        self.table: dict[int, tuple[int, int, int, dict[int, int] | None]] = {}
        #: per position key: the most and the least its value may be (see ``position_bounds``)
        self.bounds: dict[int, tuple[int, int]] = {}
        self.kernel = KernelTables()  # what the strict-phase kernel learnt in this deal
        self._deal: tuple[object, ...] | None = None

    # ------------------------------------------------------------------ public face
    def solve(
        self,
        state: DealState,
        *,
        node_limit: int | None = None,
        time_limit: float | None = None,
        guess: int = 0,
        clock: Clock | None = None,
    ) -> Solution:
        """The value of ``state`` for this solver's side and a best action (see :class:`Solution`).

        ``guess`` is where the null-window passes start: a value close to the truth (the
        value of a neighbouring position) saves a pass or two; any guess gives the same answer.
        """
        self._same_deal(state)
        if state.phase == OVER:
            value = self._leaf(state)
            return Solution(value, None, 0, True, value, value)
        run = _Run(self, state.copy(), node_limit, time_limit, clock)
        return run.mtdf(guess)

    def move_values(
        self,
        state: DealState,
        *,
        node_limit: int | None = None,
        time_limit: float | None = None,
        clock: Clock | None = None,
    ) -> dict[int, Solution]:
        """For every legal code of the actor, the solution of the position after it.

        Each entry's ``value`` is the value of playing that code (for this solver's side),
        its ``best`` the best answer that follows.  The limits are shared by all the codes:
        once one is reached, the codes not solved yet get ``exact=False`` entries with what
        was proved of them.
        """
        self._same_deal(state)
        work = state.copy()
        run = _Run(self, work, node_limit, time_limit, clock)
        out: dict[int, Solution] = {}
        unknown = Solution(None, None, 0, False, None, None)
        guess = 0
        codes = work.legal_codes()
        for code in codes:
            start = run.nodes
            try:
                run.visit()
            except _Stopped:
                break
            work.push_code(code)
            if work.phase == OVER:
                value = self._leaf(work)
                out[code] = Solution(value, None, 1, True, value, value)
            else:
                child = run.mtdf(guess)
                out[code] = Solution(child.value, child.best, run.nodes - start, child.exact, child.lower, child.upper)
                if not child.exact or child.value is None:
                    break  # stopped somewhere below: the working copy is not worth undoing
                guess = child.value
            work.pop()
        for code in codes:
            out.setdefault(code, unknown)
        return out

    def line_scores(self, state: DealState, first: int, *, node_limit: int | None = None) -> tuple[int, ...] | None:
        """The deal's scores (per match side) at the end of this solver's line from ``state``:
        ``first``, then at every step the best action :meth:`solve` finds, to the end of the
        deal; ``None`` when a step is not solved within ``node_limit`` positions.

        With more than two sides a value is one number -- the side's score minus the others'
        together -- which does not say how the others share theirs: a caller that measures an
        outcome otherwise (the analysis: the side's score minus the others' *mean*) follows the
        line the solver plays to its scores, and the solver's choices stay what they are."""
        work = state.copy()
        work.push_code(first)
        while work.phase != OVER:
            solution = self.solve(work, node_limit=node_limit)
            if not solution.exact or solution.best is None:
                return None
            work.push_code(solution.best)
        result = work.result
        assert result is not None
        return tuple(result.scores)

    # ------------------------------------------------------------------ helpers
    def _leaf(self, state: DealState) -> int:
        """The value of a finished deal: this side's score minus the others' together."""
        result = state.result
        assert result is not None
        scores = result.scores
        return 2 * scores[self.side] - sum(scores)

    def _same_deal(self, state: DealState) -> None:
        """Check the side against the ruleset, and empty the table when ``state`` belongs to
        another deal than the last one solved."""
        if not 0 <= self.side < state.rs.side_count:
            raise ValueError(f"side {self.side} is not a match side of {state.rs.name} (0 to {state.rs.side_count - 1})")
        deal = (state.rs, state.dealer, state.stock, state.widow)
        if self._deal is None or self._deal[0] is not deal[0] or self._deal[1:] != deal[1:]:
            self.table.clear()
            self.bounds.clear()
            self.kernel.clear()
            self._deal = deal


class _Run:
    """One search on one working copy: the node count, the limits and the search functions.

    The search functions are closures over local names (the state's bound methods, the
    tables, the node count), because attribute look-ups are a large part of a node's cost in
    CPython.
    """

    def __init__(
        self, solver: Solver, state: DealState, node_limit: int | None, time_limit: float | None, clock: Clock | None,
    ) -> None:
        self.solver = solver
        self.state = state
        self.order = _order_table(state)
        now = clock if clock is not None else cpu_clock
        deadline = now() + time_limit if time_limit is not None else None
        self.arrange, self.root_pass, self.kernel_pass, self.visit, self.count = _compile(
            solver, state, self.order, node_limit, deadline, now)

    @property
    def nodes(self) -> int:
        return self.count()

    def mtdf(self, guess: int) -> Solution:
        """Null-window passes at the root until the bounds meet (MTD(f)), or a limit stops them.

        The root is searched by its own loop rather than by the table's node function, so that
        the best action is known even when the root is in the middle of a trick (where the
        table is not used), and so that the action that proved the last bound is tried first in
        the next pass.  A maximising actor's best action is the one that proved the last lower
        bound, a minimising actor's the one that proved the last upper bound: the loop ends
        only once both bounds are proved, so the value's own bound always comes with its action.
        """
        st = self.state
        maximising = plays_for(st, self.solver.side)[st.actor]  # type: ignore[index]  # not over here
        kernel = self.kernel_pass if self.kernel_pass is not None and position_allows(st) else None
        codes = st.legal_codes()
        if len(codes) > 1:
            codes = self.arrange(codes, -1)
        start_nodes = self.count()
        lower, upper = -INF, INF
        # the most and least the value may still be (what each side may still score): a pass
        # that proves one of them ends the search -- without them the value at the most took a
        # pass of its own to show that nothing lies above (a 5-against-5 Schnapsen endgame's
        # third pass, or second).  A value at the most leaves the root's actor no better move
        # (each is worth exactly that), so the move of the pass that proved it is a best one.
        most, least = INF, -INF
        if self.kernel_pass is not None:  # the rulesets the kernel plays: the bounds are proven there
            most, least = position_bounds(st, self.solver.side)
        best: int | None = None
        g = guess
        try:
            while lower < upper:
                beta = g if g > lower else lower + 1
                g, move = kernel(beta) if kernel is not None else self.root_pass(codes, beta, maximising)
                if g >= beta:
                    lower = g
                    if maximising:
                        best = move
                    if lower >= most:
                        upper = lower
                        if best is None:
                            best = move
                else:
                    upper = g
                    if not maximising:
                        best = move
                    if upper <= least:
                        lower = upper
                        if best is None:
                            best = move
                if kernel is None:
                    codes.remove(move)
                    codes.insert(0, move)
        except _Stopped:
            low = lower if lower > -INF else None
            high = upper if upper < INF else None
            guaranteed = low if maximising else high  # what ``best`` is known to achieve
            value = guaranteed if guaranteed is not None else (high if maximising else low)
            return Solution(value, best, self.count() - start_nodes + 1, False, low, high)
        return Solution(lower, best, self.count() - start_nodes + 1, True, lower, upper)


_Arrange = Callable[[list[int], int], list[int]]
_RootPass = Callable[[list[int], int, bool], tuple[int, int]]
_KernelPass = Callable[[int], tuple[int, int]]


def _compile(
    solver: Solver, st: DealState, order: list[int], node_limit: int | None, deadline: float | None, now: Clock,
) -> tuple[_Arrange, _RootPass, _KernelPass | None, Callable[[], None], Callable[[], int]]:
    """Build the search functions over one working state.

    Returns ``arrange(codes, first)`` (the move order, ``first`` a code to try before all
    others or -1), ``root_pass(codes, beta, maximising)`` (one null-window pass over the
    root's codes, searching below with the table), ``visit()`` (count a node made from
    outside, checking the limits) and ``count()`` (the nodes so far).
    """
    rs = st.rs
    side = solver.side
    anchor = rs.sides[side][0]  # a seat of the side: a seat maximises where it plays in the same deal side (plays_for)
    table = solver.table
    table_get = table.get
    bounds = solver.bounds
    bounds_get = bounds.get
    legal = st.legal_codes
    push = st.push_code
    pop = st.pop
    key_of = st.key_function()
    declared = st.declare_result
    order_get = order.__getitem__
    points_get = rs.tables.points.__getitem__
    beats_of = rs.tables.beats_of  # per card order (a contract may bring its own)
    claim_points = st.claim_points  # a declaration's seat is always the claim seat
    target = rs.tables.claim_target
    nodes = 1
    check_at = 0
    # the value of the last false declaration settled for a maximising and a minimising seat
    # (none yet: a value that puts the next one first, to learn it)
    false_max = INF
    false_min = -INF
    kernel_rules = rules_allow(st)

    def check() -> None:
        """Stop if a limit is reached, else set when to look again."""
        nonlocal check_at
        if node_limit is not None and nodes >= node_limit:
            raise _Stopped
        if deadline is not None and now() >= deadline:
            raise _Stopped
        check_at = nodes + CHECK_EVERY
        if node_limit is not None and node_limit < check_at:
            check_at = node_limit

    def tick(k: int) -> int:
        """Count ``k`` nodes the kernel visited, checking the limits; how many more it may
        visit before it tells again."""
        nonlocal nodes
        nodes += k
        if nodes >= check_at:
            check()
        return check_at - nodes

    kernel = compile_kernel(side, st, solver.kernel, tick)

    def arrange(codes: list[int], tt_move: int) -> list[int]:
        """The legal codes in the order to try them (see the module docstring)."""
        trick = st.trick
        if trick and codes[-1] >= MARRY_BASE and codes[0] < MARRY_BASE:  # a partner's marriage or a declaration first
            steps = [c for c in codes if c >= MARRY_BASE]
            return steps + arrange([c for c in codes if c < MARRY_BASE], tt_move if tt_move < MARRY_BASE else -1)
        if trick and codes[0] < MARRY_BASE:
            codes = follower_order(codes, trick, beats_of[st.order][st.trump + 1], points_get)
        else:
            codes.sort(key=order_get, reverse=True)
        if tt_move >= 0 and codes[0] != tt_move:
            codes.remove(tt_move)
            codes.insert(0, tt_move)
        return codes

    def search(beta: int) -> int:
        """The fail-soft value of the working state against the null window (beta-1, beta):
        at least ``beta`` means the value is at least the answer, less means at most.

        Where the table is used, an entry also keeps the values of the codes that ended the
        deal at once (a declaration, the last pass of an auction), so that a later pass
        knows them without making the move again.
        """
        nonlocal nodes, false_max, false_min
        key = -1
        tt_move = -1
        ends: dict[int, int] | None = None
        entry = None
        if not st.trick:
            if kernel_rules and position_allows(st):  # the strict phase: the kernel's
                return kernel(st, beta, False)
            key = key_of(st)
            entry = table_get(key)
            if entry is not None:
                if entry[0] >= beta:
                    return entry[0]
                if entry[1] < beta:
                    return entry[1]
                tt_move = entry[2]
                ends = entry[3]
            # a question of the margin: what each side may still score may answer it, as in
            # the kernel (never at 0 or 1, who wins, where it would answer nothing)
            if kernel_rules and (beta > 1 or beta < 0):
                bound = bounds_get(key)
                if bound is None:
                    bound = bounds[key] = position_bounds(st, side)
                if bound[0] < beta or bound[1] >= beta:
                    lower, upper = (entry[0], entry[1]) if entry is not None else (-INF, INF)
                    table[key] = (max(lower, bound[1]), min(upper, bound[0]), tt_move, ends)
                    return bound[0] if bound[0] < beta else bound[1]
        codes = legal()
        deal_side = st._side  # the auction may make partners of a deal (plays_for): read at every node
        maximising = deal_side[st.actor] == deal_side[anchor]  # type: ignore[index]  # the deal is not over here
        short = 2  # whether declaring would be false: 2 until asked (once a node, where needed)
        if len(codes) > 1:
            codes = arrange(codes, tt_move)
            # a false declaration that is not likely to cut goes last (the points asked last:
            # only where the last one's value says it would move)
            if codes[0] == DECLARE and tt_move != DECLARE and ((false_max < beta) if maximising else (false_min >= beta)):
                short = int(claim_points() < target)
                if short:
                    codes.append(codes.pop(0))
        best = codes[0]
        g = -INF if maximising else INF
        for code in codes:
            if ends is not None and code in ends:
                v = ends[code]
            elif code == DECLARE:  # it ends the deal: its result read without making the move
                nodes += 1
                if nodes >= check_at:
                    check()
                scores = declared().scores
                v = 2 * scores[side] - sum(scores)
                if short == 2:
                    short = int(claim_points() < target)
                if short:
                    if maximising:
                        false_max = v
                    else:
                        false_min = v
                if key >= 0:
                    if ends is None:
                        ends = {}
                    ends[code] = v
            else:
                nodes += 1
                if nodes >= check_at:
                    check()
                push(code)
                if st.phase == OVER:
                    scores = st.result.scores  # type: ignore[union-attr]
                    v = 2 * scores[side] - sum(scores)
                    if key >= 0:
                        if ends is None:
                            ends = {}
                        ends[code] = v
                else:
                    v = search(beta)
                pop()
            if maximising:
                if v > g:
                    g = v
                    best = code
                    if g >= beta:
                        break
            elif v < g:
                g = v
                best = code
                if g < beta:
                    break
        if key >= 0:
            if g >= beta:
                table[key] = (g, entry[1] if entry is not None else INF, best, ends)
            else:
                table[key] = (entry[0] if entry is not None else -INF, g, best, ends)
        return g

    def root_pass(codes: list[int], beta: int, maximising: bool) -> tuple[int, int]:
        """One null-window pass over the root's codes: the fail-soft value and the code that set it."""
        nonlocal nodes
        g = -INF if maximising else INF
        best = codes[0]
        for code in codes:
            nodes += 1
            check()
            push(code)
            if st.phase == OVER:
                scores = st.result.scores  # type: ignore[union-attr]
                v = 2 * scores[side] - sum(scores)
            else:
                v = search(beta)
            pop()
            if maximising:
                if v > g:
                    g, best = v, code
                    if g >= beta:
                        break
            elif v < g:
                g, best = v, code
                if g < beta:
                    break
        return g, best

    def visit() -> None:
        nonlocal nodes
        nodes += 1
        check()

    def count() -> int:
        return nodes

    def kernel_pass(beta: int) -> tuple[int, int]:
        """One null-window pass of the kernel over the whole position (a lead it plays): the
        fail-soft value and the root's move that set it."""
        return kernel(st, beta, True), solver.kernel.root_best

    return arrange, root_pass, kernel_pass if kernel_rules else None, visit, count


def _default_side(state: DealState, side: int | None) -> int:
    """The side a value is seen from: the given one, else the actor's (0 when the deal is over)."""
    if side is not None:
        return side
    actor = state.actor
    return state.rs.side_of(actor) if actor is not None else 0


def solve(
    state: DealState,
    *,
    side: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    clock: Clock | None = None,
) -> Solution:
    """Solve ``state`` with all cards open: its value for match side ``side`` (the actor's by
    default) and a best action of the actor.

    The value is ``side``'s deal score minus the other match sides' scores together, with
    every seat of ``side`` maximising it and every other seat minimising it (see the module
    docstring).  ``node_limit`` (positions) and ``time_limit`` (seconds of the thread's CPU
    time, :mod:`interpreter.search.clock`) stop the search early;
    the :class:`Solution` then has ``exact=False``.  ``state`` is left as it was.
    """
    return Solver(_default_side(state, side)).solve(state, node_limit=node_limit, time_limit=time_limit, clock=clock)


def move_values(
    state: DealState,
    *,
    side: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    clock: Clock | None = None,
) -> dict[int, Solution]:
    """For every legal code of the actor, the solution after it (value for ``side``, the
    actor's by default); ``{code: s.value for code, s in move_values(state).items()}`` is
    the value of each choice.  The limits are shared by all the codes (see
    :meth:`Solver.move_values`).  ``state`` is left as it was.
    """
    return Solver(_default_side(state, side)).move_values(state, node_limit=node_limit, time_limit=time_limit, clock=clock)
