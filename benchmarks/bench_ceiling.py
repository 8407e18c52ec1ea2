#!/usr/bin/env python3
"""How often can *any* bot win a deal against greedy?  An all-seeing solver as a ceiling.

    .venv/bin/python benchmarks/bench_ceiling.py                      # 300 seat-swapped Schnapsen deals
    .venv/bin/python benchmarks/bench_ceiling.py --deals 1000 --against random
    .venv/bin/python benchmarks/bench_ceiling.py --ruleset rulesets/north-american-4.yaml --deals 200

The *oracle* here is not a bot and never a seat kind: it reads the whole deal state -- every
hand and the stock order.  ``--oracle solver`` (the default) plays the exact solver's best
action for its side before each of its decisions (:class:`interpreter.search.solver.Solver`,
one table per deal): minimax, as if the opponent saw every card too.  ``--oracle mcts:N``
runs the search bot's tree search with N iterations on the true deal instead of on sampled
worlds -- greedy rollouts, so it plays *against greedy's way of playing*, which the solver
does not (the plain build only: it swaps the search's world sampler, which the compiled build
binds into its code, and is refused there).  ``--oracle hands:N`` is the search bot itself (its knobs of play, N iterations) shown
every other seat's hand but not the stock: what the bot would win if it read the hands from the
play without error -- the ceiling of reading the play (inference), where ``mcts:N`` also
knows the order of the cards still to be drawn.  ``--oracle hands-auction:N`` shows the hands
during the auction only (the bot plays the cards seeing nothing), ``hands-play:N`` during the
play only (the bot bids seeing nothing; N iterations everywhere, the bid too): how much of what the hands are worth lies in the bidding;
``partners-auction:N`` and ``opponents-auction:N`` show in the auction only the partners'
hands, or only the opponents': which of them the bidding's share comes from (a partner's
hand is what signals between partners could tell);
``--oracle auction-iters:M:N`` is no oracle but the bot as it is, searching M iterations in the
auction and N after it (the bot itself spends ``AUCTION_BUDGET`` times its iterations on a
bid).  It plays
the same seat-swapped deals as ``rules arena`` against the opponent named (``greedy`` by
default), so its deal win rate, with its Wilson 95% interval, says how much of a deal's
outcome the cards leave to skill: a fair bot that sees only its view can come close to this
figure but is not expected to pass it (the oracle plays minimax, not to exploit the opponent,
so passing it is possible in principle, not in practice).

Prints one JSON line of figures on stdout; progress on stderr.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import interpreter  # noqa: E402
from interpreter.engine.position import AUCTION, OVER  # noqa: E402
from interpreter.engine.state import DealState  # noqa: E402
from interpreter.engine.views import SeatView  # noqa: E402
from interpreter.play.bots import make_agent  # noqa: E402
from interpreter.play.bots.base import Agent  # noqa: E402
from interpreter.play.bots.search_bot import BIAS, BIAS_OPPONENTS, EXACT_WORLDS, SearchBot  # noqa: E402
from interpreter.rules.loader import load_ruleset  # noqa: E402
from interpreter.rules.ruleset import Ruleset  # noqa: E402
from interpreter.search import ismcts as ismcts_module  # noqa: E402
from interpreter.search.ismcts import greedy_policy, ismcts  # noqa: E402
from interpreter.search.sampling import World  # noqa: E402
from interpreter.search.solver import Solver  # noqa: E402
from interpreter.sim.arena import DealSpec, deal_specs, outcome_of, play_seed, seat_roles  # noqa: E402
from interpreter.sim.stats import wilson  # noqa: E402

if str(ROOT / "benchmarks") not in sys.path:  # benchmarks/_args.py, also when this file is loaded by path
    sys.path.insert(0, str(ROOT / "benchmarks"))
from _args import opponent, positive_int, require, ruleset, seat_kind, seed_number  # noqa: E402

_RS = None
_AGAINST = "greedy"
_ORACLE = "solver"


#: The oracles that take one budget N (see the module docstring); ``solver`` takes none and
#: ``auction-iters`` two (M and N).
ONE_BUDGET = ("mcts", "hands", "hands-auction", "hands-play", "partners-auction", "opponents-auction")
ORACLES = "solver, " + ", ".join(f"{kind}:N" for kind in ONE_BUDGET) + ", auction-iters:M:N"


def oracle_spec(text: str) -> str:
    """An ``--oracle``, checked before any deal: :func:`_oracle_move` plays the solver for any
    kind it does not know, which would report the solver's figures under another name."""
    kind, colon, budget = text.partition(":")
    budgets = budget.split(":") if colon else []
    forms = {"solver": "solver", "auction-iters": "auction-iters:M:N", **{k: f"{k}:N" for k in ONE_BUDGET}}
    expected = f"expected one of: {ORACLES} (M and N whole numbers 1 or more)"
    if kind not in forms:
        raise argparse.ArgumentTypeError(f"unknown oracle {text!r}; {expected}")
    if len(budgets) != forms[kind].count(":"):
        raise argparse.ArgumentTypeError(f"oracle {text!r} is not of the form {forms[kind]}; {expected}")
    for part in budgets:
        try:
            positive_int(part)
        except argparse.ArgumentTypeError as exc:
            raise argparse.ArgumentTypeError(f"oracle {text!r}: the budget {exc}") from None
    if kind == "mcts" and interpreter.compiled():  # its search would sample worlds after all: the honest bot's figure
        raise argparse.ArgumentTypeError(
            f"oracle {text!r} replaces the search's world sampler, which the compiled build binds into its code; "
            "expected the plain build for it (pip install ., without HATCH_BUILD_HOOK_ENABLE_MYPYC)")
    return text


def _init(path: str, against: str, oracle: str) -> None:
    global _RS, _AGAINST, _ORACLE
    _RS = load_ruleset(path)
    _AGAINST = against
    _ORACLE = oracle


def _opponent(rs: Ruleset, seed: int) -> Agent:
    """The opponent: a seat kind, or (a JSON object) a search bot's keyword arguments, as
    ``tune_search.py --against`` takes them (the ``normal`` level before the bias:
    ``'{"iterations": 1000, "bias": 0, "bias_opponents": 0, "exact_worlds": 24}'``)."""
    if _AGAINST.lstrip().startswith("{"):
        return SearchBot(rs, seed, **json.loads(_AGAINST))
    return make_agent(_AGAINST, rs, seed)


class _TrueWorld:
    """A stand-in for the world sampler that always "samples" the true deal."""

    count = 1

    def __init__(self, state: DealState) -> None:
        self.state = state

    def sample(self, rng: random.Random) -> World:
        return World(self.state.copy(), None)


def _mcts_on_the_true_deal(state: DealState, iterations: int, rng: random.Random) -> int:
    actor = state.actor
    assert actor is not None
    # the search's own sampler, replaced for this search by one that returns the true deal (by
    # name: the module does not export it; the plain build only -- see oracle_spec)
    original = getattr(ismcts_module, "WorldSampler")
    setattr(ismcts_module, "WorldSampler", lambda view: _TrueWorld(state))
    try:
        return ismcts(state.view(actor), rng, iterations=iterations, policy=greedy_policy, exact_worlds=0).best
    finally:
        setattr(ismcts_module, "WorldSampler", original)


def _search_seeing_the_hands(state: DealState, iterations: int, rng: random.Random, whose: str = "all") -> int:
    """The search bot's decision from its view with every other seat's hand made public (the
    stock's order stays unknown): the sampler then draws only the stock's order, which its count
    of worlds leaves out -- so the few-worlds exact solving, which would solve one drawn order as
    if it were known, is left to the end of the stock (two cards at most: one unknown).
    ``whose``: ``"partners"`` or ``"opponents"`` shows only those seats' hands (the others'
    stay as the view knows them, and the sampler deals them)."""
    actor = state.actor
    assert actor is not None
    view = state.view(actor)
    side_of = state.rs.side_index
    shown = [seat != actor and (whose == "all" or (side_of[seat] == side_of[actor]) == (whose == "partners"))
             for seat in range(state.n)]
    known = tuple(state.hands[seat] if shown[seat] else mask for seat, mask in enumerate(view.public.known))
    seeing = SeatView(view.rs, view.seat, view.hand_mask, view.legal_codes, view.history_codes, view.draws,
                      view.widow_mask, view.public._replace(known=known), view.actor)
    exact = 24 if view.public.stock_size <= 2 else 0
    return ismcts(seeing, rng, iterations=iterations, policy=greedy_policy, bias=BIAS, bias_opponents=BIAS_OPPONENTS,
                  exact_worlds=exact).best


def _honest(state: DealState, iterations: int, rng: random.Random) -> int:
    """The search bot's decision from the seat's view: its knobs, with ``iterations`` in the
    auction too (the bot itself multiplies them there by ``AUCTION_BUDGET``; ``auction-iters``
    sets the auction's apart)."""
    actor = state.actor
    assert actor is not None
    return ismcts(state.view(actor), rng, iterations=iterations, policy=greedy_policy, bias=BIAS,
                  bias_opponents=BIAS_OPPONENTS, exact_worlds=EXACT_WORLDS).best


def _oracle_move(state: DealState, solver: Solver, rng: random.Random) -> int | None:
    """The oracle's move (see the module docstring); ``hands-auction:N`` sees the hands during
    the auction only and plays the honest bot after it, ``hands-play:N`` the other way round:
    which part of what the hands are worth is the auction's."""
    kind, _, budget = _ORACLE.partition(":")
    if kind == "auction-iters":  # the bot as it is, with M iterations in the auction and N after it
        bidding, _, playing = budget.partition(":")
        return _honest(state, int(bidding if state.phase == AUCTION else playing), rng)
    if kind in ("hands-auction", "hands-play"):
        seeing = (state.phase == AUCTION) == (kind == "hands-auction")
        return (_search_seeing_the_hands if seeing else _honest)(state, int(budget), rng)
    if kind in ("partners-auction", "opponents-auction"):
        if state.phase == AUCTION:
            return _search_seeing_the_hands(state, int(budget), rng, kind.partition("-")[0])
        return _honest(state, int(budget), rng)
    if kind == "hands":
        return _search_seeing_the_hands(state, int(budget), rng)
    if kind == "mcts":
        return _mcts_on_the_true_deal(state, int(budget), rng)
    return solver.solve(state).best


def _play(spec: DealSpec) -> tuple[int, int, int]:
    """One deal, once per seat assignment: (index, halves, net) as the arena scores them."""
    rs = _RS
    assert rs is not None
    roles_of = seat_roles(rs)
    scores = []
    for k, roles in enumerate(roles_of):
        state = DealState.new(rs, spec.dealer, spec.seed)
        solver = Solver(k)
        rng = random.Random(spec.seed)
        others = {seat: _opponent(rs, play_seed(spec, k, seat)) for seat, role in enumerate(roles) if role}
        while state.phase != OVER:
            actor = state.actor
            assert actor is not None
            if roles[actor] == 0:
                best = _oracle_move(state, solver, rng)
                assert best is not None
                state.step_code(best)
            else:
                legal = state.legal_actions()
                state.apply(others[actor].choose(state.view(actor), legal))
        assert state.result is not None
        scores.append(tuple(state.result.scores))
    outcome = outcome_of(spec.index, scores)
    return outcome.index, outcome.halves, outcome.net


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", type=ruleset, default=str(ROOT / "rulesets" / "schnapsen.yaml"))
    parser.add_argument("--deals", type=positive_int, default=300)
    parser.add_argument("--seed", type=seed_number, default=1)
    parser.add_argument("--against", type=opponent, default="greedy", help="a seat kind, or a search bot's keyword arguments as a JSON object")
    parser.add_argument("--jobs", type=positive_int, default=2)
    parser.add_argument("--oracle", type=oracle_spec, default="solver", help="solver, mcts:N (N iterations on the true deal), hands:N (the search seeing the hands, not the stock), "
                        "hands-auction:N or hands-play:N (seeing them in the auction only, or in the play only), "
                        "partners-auction:N or opponents-auction:N (only those seats' hands, in the auction only), "
                        "auction-iters:M:N (the bot seeing nothing, M iterations in the auction and N after it)")
    args = parser.parse_args()
    rs = load_ruleset(args.ruleset)
    _init(args.ruleset, args.against, args.oracle)
    if not args.against.lstrip().startswith("{"):  # a wrong --against is told here, once, not by every worker
        require(parser, "--against", seat_kind, args.against, rs)
    specs = deal_specs(rs, args.deals, args.seed)
    sides = rs.side_count
    start = time.perf_counter()
    halves = net = 0
    with multiprocessing.Pool(args.jobs, initializer=_init, initargs=(args.ruleset, args.against, args.oracle)) as pool:
        for done, (_, h, n) in enumerate(pool.imap_unordered(_play, specs), 1):
            halves += h
            net += n
            if done % 10 == 0 or done == len(specs):
                print(f"\r{done}/{len(specs)} deals, oracle {halves / (2 * (sides - 1) * done * sides):.3f}", end="", file=sys.stderr)
    print(file=sys.stderr)
    plays = len(specs) * sides
    won = halves / (2 * (sides - 1))
    low, high = wilson(won, plays)
    print(json.dumps({
        "ruleset": rs.name, "oracle": args.oracle, "against": args.against, "deals": len(specs), "plays": plays,
        "oracle_win_rate": round(won / plays, 4), "interval": [round(low, 4), round(high, 4)],
        "net_per_play": round(net / (sides - 1) / plays, 3), "seconds": round(time.perf_counter() - start, 1),
    }))


if __name__ == "__main__":
    random.seed(0)
    main()
