"""Information-set Monte Carlo tree search from one seat's view (single observer).

A seat that may not look at hidden cards searches over *worlds*: every iteration draws one
full deal consistent with its view (:class:`~interpreter.search.sampling.WorldSampler`),
walks down one shared tree of action sequences from the current position, choosing at each
node among the actions legal *in that world*, adds one node, plays the deal to its end with
a rollout policy and credits the result to the nodes it passed.  Statistics of an action
therefore pool all the worlds in which it was available (UCB with availability counts, as
in Cowling, Powley and Whitehouse's SO-ISMCTS).

Generic over the ruleset: every legal code is an edge (a card, a marriage, the exchange,
closing, declaring, continuing, a bid or a pass), and each node keeps one total reward per
match side -- the actor of a node picks by its own side's reward (max^n), so partnerships and
three or more sides need no special case.  A side's reward for a finished deal is its score
minus the mean of the other sides' scores, scaled by the largest score the ruleset can give.

When few worlds are consistent with the view (one, e.g. Schnapsen after the talon is
exhausted) each is solved exactly (:mod:`interpreter.search.pimc`) and the action with the best
mean value is taken.  Solving *more* -- sampled worlds whenever they are small enough, or each
rollout's endgame once no card is left to draw -- was measured and lost deals against
``greedy``: an exact solve assumes an opponent who sees every card, where the greedy rollouts
play the way the opponent at the table does (``docs/bots.md``, "What was tried").

Budgets: ``iterations`` (reproducible: the same seed gives the same choice) or
``time_limit`` in seconds of the searching thread's CPU time (:mod:`interpreter.search.clock`:
the same on a busy machine as on an idle one, but never reproducible).
"""

from __future__ import annotations

from typing import Final

import bisect
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from interpreter.core.actions import DECLARE, PASS
from interpreter.core.errors import ExpressionError
from interpreter.engine.position import AUCTION, NAMING, OVER
from interpreter.engine.state import DealState
from interpreter.engine.views import SeatView, make_view
from interpreter.rules.ruleset import Ruleset
from interpreter.search.clock import Clock, cpu_clock
from interpreter.search.heuristic import greedy_code
from interpreter.search.sampling import WorldSampler
from interpreter.search.inference import informative_moves, model_weight
from interpreter.search.pimc import pimc
from interpreter.search.solver import margin  # re-exported: what a value of the search means

__all__ = ["NODES_PER_ITERATION", "UNSCORABLE", "Policy", "SearchResult", "ismcts", "margin", "scale_of"]

#: What an iteration budget buys of the exact solver: about the positions it searches in the
#: time a tree-search iteration with greedy rollouts takes (Schnapsen, measured with
#: ``benchmarks/bench_search.py``), so that ``iterations`` means about the same time either way.
NODES_PER_ITERATION: Final = 25

#: The reward, for every side, of an iteration whose world reaches an ending the rules cannot
#: score (a house formula that divides by zero or goes out of range there: an
#: :class:`~interpreter.core.errors.ExpressionError`): the least a finished deal brings.  Such
#: an ending met in an imagined world is not the real deal's -- the match stops only if the
#: real deal reaches it -- so it must not escape the search; valued as the worst for every
#: side, it is avoided by whoever can avoid it, and a line that keeps reaching it stops being
#: chosen (an iteration thrown away instead would leave the line's statistics as they were,
#: and the search could pick it again and again, spending the budget on nothing).
UNSCORABLE: Final = -1.0

#: A rollout policy: the code the actor of a state plays (from its view only, or at random).
Policy = Callable[[DealState, random.Random], int]


def random_policy(state: DealState, rng: random.Random) -> int:
    """The ``random`` seat kind's decision (as ``random_playout`` makes it): uniform among the
    legal codes, but declaring exactly when right and never wrongly, and in an auction passing
    or making the smallest raise."""
    codes = state.legal_codes()
    if state.phase == AUCTION:
        codes = codes[:2] if codes[0] == PASS else codes[:1]
    elif state.claim_seat >= 0 and DECLARE in codes:
        if state.claim_points() >= state.t.claim_target:
            return DECLARE
        if len(codes) > 1:
            codes.remove(DECLARE)
    return codes[int(rng.random() * len(codes))]


def greedy_policy(state: DealState, rng: random.Random) -> int:
    """The ``greedy`` heuristic (:func:`interpreter.search.heuristic.greedy_code`) of the actor,
    from its own view of the world: slower than :func:`random_policy`, but rollouts that play
    like a card player tell good moves from bad ones sooner."""
    codes = state.legal_codes()
    if len(codes) == 1:  # a forced move needs no view (greedy_code would take it without a look)
        return codes[0]
    actor = state.actor
    assert actor is not None
    return greedy_code(make_view(state, actor, codes), rng)


class _Node:
    """One action sequence from the root: visits, how often each child was available, rewards,
    and the actor's greedy move here per world of the pool (``hints``, see :class:`_Recorder`)."""

    __slots__ = ("children", "visits", "avail", "reward", "side", "hints")

    def __init__(self, sides: int, side: int) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = [0.0] * sides
        self.side = side  # the match side of the seat that chose the action leading here
        self.hints: dict[int, tuple[int, ...]] | None = None


#: Whether a node keeps its actor's greedy move per world of the pool (see :class:`_Recorder`);
#: a test turns it off to prove that keeping them changes no search.
MEMO_HINTS = True


class _Recorder:
    """A tie-break for the bias's greedy move that draws from the search's generator and keeps
    the codes it drew among: the memo of greedy moves per node and world.

    A world of the weighted pool comes back again and again (700 iterations draw from 128
    worlds, the likely ones most often), and where it reaches a node it reached before, the
    state there is the same -- the same world's copy, the same codes from the root -- and so is
    the actor's greedy move, the bias's hint, but for an exact tie, which the heuristic breaks
    with the generator.  The node keeps the move, or the tied codes, per world; on a later
    visit a tie is drawn again by ``rng.choice`` among the same codes, the one draw the
    heuristic would have made, so the search takes the same paths and the generator gives the
    same numbers as without the memo: only the view and the heuristic's work are saved.  Half
    the hints are found so in Schnapsen, two thirds in North American 4 (whole deals of the
    ``normal`` level against ``greedy``).  The rollouts' greedy moves were kept the same way,
    per world along the codes from the root, and found again too rarely to pay for the keeping
    in Schnapsen (a fifth of them: a new leaf's rollout seldom retraces one of the same
    world)."""

    __slots__ = ("rng", "tied")

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.tied: tuple[int, ...] = ()

    def clear(self) -> None:
        """Forget the last decision's ties (a method, not an assignment at the call site: the
        type checker, and so mypyc, would take the attribute for the empty tuple until read)."""
        self.tied = ()

    def choice(self, seq: Sequence[int], /) -> int:
        self.tied = tuple(seq)
        return self.rng.choice(seq)


def _hint_at(node: _Node, picked: int, world: DealState, actor: int, codes: list[int], recorder: _Recorder) -> int:
    """The actor's greedy move at ``node`` in the pool's world ``picked``: kept from an earlier
    visit (a tie drawn again among the same codes), or found from the actor's view now and
    kept -- as ``(move,)``, or as the tied codes (two or more) where it was a tie."""
    hints = node.hints
    if hints is None:
        hints = node.hints = {}
    known = hints.get(picked)
    if known is not None:
        return known[0] if len(known) == 1 else recorder.rng.choice(known)
    recorder.clear()
    move = greedy_code(make_view(world, actor, codes), recorder)
    hints[picked] = recorder.tied or (move,)
    return move


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What a search found: the action taken, and per root action its visits and its value for
    the searching side in deal-score units (game points or units): the mean over the worlds of
    the side's score minus the other sides' -- for more than two sides, minus their mean in the
    tree search and their sum when solved exactly (their mean there too with ``margins``).  ``exact`` says the values are the exact
    solver's means over every consistent world's share of samples.  ``errors``: per root action
    the tree search valued (with two visits or more), the standard error of its value, in the
    same units -- the spread of the rewards its iterations brought, over the square root of
    their number: the noise of the estimate as its own sample shows it (the tree's iterations
    are not independent draws, so it is a yardstick, not a guarantee); empty for exact values."""

    best: int
    visits: dict[int, int]
    values: dict[int, float]
    iterations: int
    exact: bool
    errors: dict[int, float] = field(default_factory=dict)


def _reward(scores: tuple[int, ...], scale: float, win_weight: float) -> list[float]:
    """Per side: its :func:`margin` over the others' mean, scaled to [-1, 1], blended with the
    sign of that margin (winning the deal at all) by ``win_weight``."""
    out = []
    for k in range(len(scores)):
        margin_ = margin(scores, k)
        sign = 1.0 if margin_ > 0 else -1.0 if margin_ < 0 else 0.0
        out.append((1 - win_weight) * margin_ / scale + win_weight * sign)
    return out


def _settled(root: _Node, candidates: list[int], remaining: int) -> bool:
    """Whether the action :func:`ismcts` returns is fixed whatever ``remaining`` more
    iterations do: it is the most visited of ``candidates`` (the root's legal codes, a false
    declaration left out), so it is fixed once the most visited leads the next by more than
    ``remaining`` visits -- even if every remaining iteration went to the next, it would stay
    behind (ties on visits are broken by value, so a lead of exactly ``remaining`` is not
    enough).  A candidate not yet expanded counts 0 visits.  (A single candidate -- playing on
    where the only other move is a false declaration -- is settled before the search starts.)"""
    first = second = 0
    children = root.children
    for c in candidates:
        child = children.get(c)
        v = child.visits if child is not None else 0
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > remaining


def scale_of(rs: Ruleset) -> float:
    """The largest deal score the ruleset gives (game points, or units of the highest contract)."""
    if rs.scoring.method == "game_points":
        most = max(3, rs.closing.fail_points.no_trick, rs.claim.false_points.opponent_without_trick, rs.end.last_trick_points,
                   *(c.value for c in rs.bidding.contracts))
        return float(most * (rs.players.count - 1) if rs.scoring.losers == "each_pays" else most)
    top = max(rs.bidding.values, default=1)
    return float(max(2 * top, 1))


def ismcts(
    view: SeatView,
    rng: random.Random,
    *,
    iterations: int | None = None,
    time_limit: float | None = None,
    policy: Policy = random_policy,
    exploration: float = 0.7,
    win_weight: float = 0.0,
    exact_worlds: int = 24,
    inference: float = 0.05,
    pool: int = 128,
    bias: float = 0.0,
    bias_opponents: float | None = None,
    bias_partners: float | None = None,
    clock: Clock | None = None,
    stop_early: bool = False,
    margins: bool = False,
) -> SearchResult:
    """Search from ``view`` and return the action to take (see the module docstring).

    Exactly one of ``iterations`` and ``time_limit`` bounds the search: ``time_limit`` is in
    seconds of ``clock`` (default :func:`~interpreter.search.clock.cpu_clock`, the CPU time of
    the calling thread), read before every iteration.  When at
    most ``exact_worlds`` worlds are consistent with the view, they are solved exactly instead
    (:func:`~interpreter.search.pimc.pimc`, an iteration being worth
    :data:`NODES_PER_ITERATION` solver positions), unless the first of them does not fit in
    its share of the budget: then the tree search decides (``exact_worlds=0``: always).
    Once other seats have made decisions, the worlds are weighted by how well they explain
    them (:mod:`interpreter.search.inference`: ``inference`` is a world's weight per decision
    the greedy heuristic would have made otherwise; 1 turns it off): ``pool`` worlds are drawn
    and weighted first -- within a quarter of the budget -- and every iteration takes one of
    them in proportion to its weight; worlds solved exactly count by their weights alike.
    ``win_weight`` blends winning the deal at all into the reward (0: the margin alone, which
    keeps the values in deal-score units; 1: only who won).
    ``bias`` leads the tree toward what a card player would do (progressive bias): at every
    node the actor's greedy move in the world at hand, from the actor's view there, is
    expanded first and gets ``bias / (visits + 1)`` on its score.  An opponent's node pools
    the worlds, so without it the opponent is searched as if he did not know his own hand;
    with it, his first tries follow the cards he holds in each world.  It costs a heuristic
    decision at every node below the root (the root is the view itself: its move is found
    once).  0 turns it off; the search bot plays with
    :data:`~interpreter.play.bots.search_bot.BIAS`.
    ``bias_opponents`` is the bias at the nodes of the other sides' seats (``None``: ``bias``),
    ``bias`` staying the searcher's own side's (partners included).  A large one (the bot's
    :data:`~interpreter.play.bots.search_bot.BIAS_OPPONENTS`) has an opponent play his greedy
    move in the world at hand at nearly every visit once each of his moves has been tried once
    (1,000 / (visits + 1) outweighs any difference of rewards, which lie in -1..1, for hundreds
    of visits): the tree then models the opponents as the world weights
    (:mod:`interpreter.search.inference`) and the rollouts do -- as playing like the heuristic.
    ``bias_partners`` is the bias at the nodes of the searcher's partners (``None``: ``bias``):
    a partner's node, like an opponent's, pools the worlds, whatever hand he holds in each.
    ``stop_early`` (with ``iterations`` only) ends the search as soon as the remaining iterations
    could no longer change the action returned (:func:`_settled`): the same choice, in less
    time where one action leads clearly; the values and visits returned are then those of
    the iterations done.
    ``margins`` makes the values of the exact stage mean what the tree's do, the side's score
    minus the *mean* of the others' (:func:`margin`), where the solver's values are its score
    minus the others' together: the same with two sides, and with more measured at the end of
    the solver's line (:class:`~interpreter.search.pimc.PimcResult`'s ``margins``).  The
    action chosen is the same either way; ``rules analyse`` asks for it, the bot does not.
    """
    if not view.legal_codes:
        raise ValueError("the seat has nothing to decide")
    if len(view.legal_codes) == 1:
        only = view.legal_codes[0]
        return SearchResult(only, {only: 0}, {only: 0.0}, 0, False)
    if view.public.phase == NAMING:  # trump is named from the cards seen: no world is sampled yet
        best = greedy_code(view, rng)
        return SearchResult(best, {best: 0}, {best: 0.0}, 0, False)
    sampler = WorldSampler(view)
    side = view.rs.side_of(view.seat)
    now = clock if clock is not None else cpu_clock
    start = now() if time_limit is not None else 0.0
    scale = scale_of(view.rs)
    # a world's weight costs about as much as an iteration: the pool of weighted worlds takes
    # at most a quarter of the budget, so that small budgets still search
    pool_size = pool if iterations is None else min(pool, max(1, iterations // 4))
    if sampler.count <= exact_worlds:
        nodes = iterations * NODES_PER_ITERATION if iterations is not None else None
        solved = pimc(
            view, rng, worlds=exact_worlds, nodes=nodes, time_limit=time_limit, win_weight=win_weight,
            scale=scale, sampler=sampler, clock=now, inference=inference, pool=pool_size, margins=margins,
        )
        if solved is not None:
            values = solved.margins if solved.margins is not None else solved.values
            return SearchResult(solved.best, {c: solved.worlds for c in solved.values}, values, solved.worlds, True)
    # the actions the choice is made among (a false declaration never is, see the end)
    barred = DECLARE in view.legal_codes and not view.claim_is_right()
    candidates = [c for c in view.legal_codes if not (barred and c == DECLARE)]
    check = stop_early and iterations is not None
    if check and len(candidates) == 1:  # settled before the first iteration
        only = candidates[0]
        return SearchResult(only, {only: 0}, {only: 0.0}, 0, False)
    deadline = start + time_limit if time_limit is not None else None
    budget = iterations if iterations is not None else (1 << 60)
    sides = view.rs.side_count
    root = _Node(sides, side)
    # the root is the view itself in every world: its greedy move is found once
    root_hint = greedy_code(view, rng) if bias else -1
    theirs = bias if bias_opponents is None else bias_opponents
    partners = bias if bias_partners is None else bias_partners
    me = view.seat
    side_of = view.rs.side_index
    bias_of = [bias if s == me else partners if side_of[s] == side else theirs for s in range(view.rs.players.count)]
    done = 0
    squares: dict[int, float] = {}  # per root action: the sum of the squares of its rewards (for ``errors``)
    recorder = _Recorder(rng)
    memo = MEMO_HINTS
    states: list[DealState] = []
    cumulative: list[float] = []
    if inference < 1 and pool > 0 and informative_moves(view):
        size = pool_size
        pool_deadline = start + time_limit / 4 if time_limit is not None else None
        total = 0.0
        for _ in range(size):
            if pool_deadline is not None and now() >= pool_deadline:
                break
            drawn = sampler.sample(rng)
            total += model_weight(view, drawn, inference)
            states.append(drawn.state)
            cumulative.append(total)
    while done < budget:
        if deadline is not None and now() >= deadline:
            break
        if states:
            picked = bisect.bisect_right(cumulative, rng.random() * cumulative[-1])
            world = states[picked].copy()
        else:  # a fresh world each iteration: nothing to keep per world
            world = sampler.sample(rng).state
            picked = -1
        kept = memo and picked >= 0
        node = root
        path = [root]
        first = -1  # the root action of this iteration
        # one try block per iteration, none per move: it costs nothing while nothing is raised
        try:
            # selection and expansion: actions legal in this world
            while world.phase != OVER:
                codes = world.legal_codes()
                actor = world.actor
                assert actor is not None
                actor_side = side_of[actor]
                untried = [c for c in codes if c not in node.children]
                for c in codes:
                    child = node.children.get(c)
                    if child is not None:
                        child.avail += 1
                hint = -1
                if node is root:
                    hint = root_hint
                elif bias_of[actor] and len(codes) > 1:  # the actor's greedy move in this world, from its view there
                    hint = _hint_at(node, picked, world, actor, codes, recorder) if kept else greedy_code(make_view(world, actor, codes), rng)
                if untried:
                    code = hint if hint >= 0 and hint in untried else untried[int(rng.random() * len(untried))]
                    child = _Node(sides, actor_side)
                    child.avail = 1
                    node.children[code] = child
                    if node is root:
                        first = code
                    path.append(child)  # before the move: a move that raises leaves no node unvisited
                    world.step_code(code)
                    break
                best_code, best_score = codes[0], -math.inf
                for c in codes:
                    child = node.children[c]
                    score = child.reward[actor_side] / child.visits + exploration * math.sqrt(math.log(child.avail) / child.visits)
                    if c == hint:
                        score += bias_of[actor] / (child.visits + 1)
                    if score > best_score:
                        best_code, best_score = c, score
                if node is root:
                    first = best_code
                node = node.children[best_code]
                path.append(node)
                world.step_code(best_code)
            # rollout
            while world.phase != OVER:
                world.step_code(policy(world, rng))
            assert world.result is not None
            reward = _reward(world.result.scores, scale, win_weight)
        except ExpressionError:  # an ending the rules cannot score: this line is avoided by every side
            reward = [UNSCORABLE] * sides
        for n in path:
            n.visits += 1
            r = n.reward
            for s in range(sides):
                r[s] += reward[s]
        if first >= 0:
            squares[first] = squares.get(first, 0.0) + reward[side] * reward[side]
        done += 1
        if check and not done & 7 and _settled(root, candidates, budget - done):
            break
    if not root.children:
        first = view.legal_codes[0]
        return SearchResult(first, {first: 0}, {first: 0.0}, done, False)
    visits = {c: n.visits for c, n in root.children.items()}
    values = {c: n.reward[side] / n.visits * scale for c, n in root.children.items() if n.visits}
    best = max(root.children, key=lambda c: (root.children[c].visits, values.get(c, -math.inf)))
    if best == DECLARE and barred and len(root.children) > 1:
        # never a false declaration from the tree: its values are estimates from heuristic
        # rollouts, and only an exact value over the worlds (pimc) may show going out wrongly
        # to be strictly better than every way of playing on
        others = [c for c in root.children if c != DECLARE]
        best = max(others, key=lambda c: (root.children[c].visits, values.get(c, -math.inf)))
    return SearchResult(best, visits, values, done, False, _errors(root, squares, side, scale))


def _errors(root: _Node, squares: dict[int, float], side: int, scale: float) -> dict[int, float]:
    """Per root action with two visits or more: the standard error of its value (see
    :class:`SearchResult`), from the sum and the sum of squares of its rewards."""
    out: dict[int, float] = {}
    for code, child in root.children.items():
        n = child.visits
        if n < 2:
            continue
        mean = child.reward[side] / n
        variance = max(0.0, (squares.get(code, 0.0) - n * mean * mean) / (n - 1))
        out[code] = math.sqrt(variance / n) * scale
    return out

