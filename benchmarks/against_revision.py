#!/usr/bin/env python3
"""A bot of this tree against a bot of an earlier revision, at the same table: the old code itself.

Issue 25 asks the search bot to beat the ``normal`` level of commit 39fd150.  Knobs of today's
search can imitate that level (1,000 iterations, no bias...), but not its code: its heuristic
(the rollouts' policy), its tie toward a false declaration and whatever else changed since.
This plays the old code itself: each old seat's decisions are made by a process of its own that
imports revision ``--base`` (checked out with ``git worktree`` into a temporary folder), with
``rules arena``'s deals, seat swaps, seeds and figures (:class:`~interpreter.sim.arena.Arena`).

The old bot gets what any bot gets, a view, and only that.  Its process has no copy of the
state: for each decision this side draws one deal consistent with the old seat's view
(:class:`~interpreter.search.sampling.WorldSampler`: the seat's own cards and everything public
as they are, the cards it cannot see anywhere they may be) and sends it with the moves so far;
the old engine deals it, replays the moves, takes the seat's view and asks its bot.  The view
is the same whatever the hidden cards, so the old bot decides as it would at the real table
(the old process checks that the hand and the legal moves it finds are the ones of this side).
Forced moves are asked too, as the old arena asked them (a bot may draw numbers there).

    python benchmarks/against_revision.py --base 39fd150 [--ruleset schnapsen] [--deals 400]
        [--seed 9] [--bot search:normal] [--old search:normal] [--jobs 2] [--json]

Progress goes to stderr, the figures to stdout (``--json``: the arena's summary as JSON).  The
old bot's times are the wall clock of the round trip (its CPU is spent in another process).
Figures, never assertions.
"""

from __future__ import annotations

import argparse
import atexit
import functools
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from interpreter.core.actions import DISCARD_BASE, Action  # noqa: E402
from interpreter.core.cards import bit_list  # noqa: E402
from interpreter.engine.state import DealState  # noqa: E402
from interpreter.core.errors import RulesError  # noqa: E402
from interpreter.play.bots import make_agent  # noqa: E402
from interpreter.engine.views import SeatView  # noqa: E402
from interpreter.rules.loader import load_ruleset  # noqa: E402
from interpreter.rules.ruleset import Ruleset  # noqa: E402
from interpreter.search.sampling import WorldSampler  # noqa: E402
from interpreter.sim.arena import Arena  # noqa: E402

if str(ROOT / "benchmarks") not in sys.path:  # benchmarks/_args.py, also when this file is imported
    sys.path.insert(0, str(ROOT / "benchmarks"))
from _args import positive_int, seed_number, revision_problem, seat_kind_problem_in  # noqa: E402

#: The old side: one process per worker of the arena, reading a request a line and answering
#: the move's notation.  It runs with the old tree first on the path, so it may use only what
#: the old code has (the deal's order, the action's ``str``, ``make_agent``).
CHILD = r'''
import json, random, sys
from interpreter.rules.loader import load_ruleset
from interpreter.engine.state import DealState
from interpreter.play.bots import make_agent
rs = load_ruleset(sys.argv[1])
deck = rs.deck
index_of = {str(c): i for i, c in enumerate(deck.cards)}
bots = {}

class Keys(random.Random):
    """Draws the deal's sort keys so that the deck comes out in a given order."""
    def __init__(self, keys):
        super().__init__(0)
        self.keys = iter(keys)
    def random(self):
        return next(self.keys)

for line in sys.stdin:
    q = json.loads(line)
    if q["op"] == "new":
        bots[q["id"]] = make_agent(q["kind"], rs, q["seed"])
        bots.pop(q["id"] - 64, None)  # a play's bots are the latest few: the rest are done with
        print("{}", flush=True)
        continue
    dealer = q["dealer"]
    seat_at, turn_pos, rest_at = rs.deal_plans[dealer]
    order = [-1] * deck.size
    hands = [[index_of[c] for c in h] for h in q["hands"]]
    for pos, seat in seat_at:
        order[pos] = hands[seat].pop()
    if turn_pos >= 0:
        order[turn_pos] = index_of[q["turnup"]]
    for k, c in enumerate(q["rest"]):
        order[rest_at + k] = index_of[c]
    key = [0.0] * deck.size
    for pos, card in enumerate(order):
        key[card] = pos / deck.size
    st = DealState.new(rs, dealer, Keys(key))
    for move in q["moves"]:
        by_name = {str(a): a for a in st.legal_actions()}
        if move not in by_name and "continue" in by_name:  # a step declined: no trace in this tree's history
            st.apply(by_name["continue"])
            by_name = {str(a): a for a in st.legal_actions()}
        if move not in by_name:
            sys.exit(f"the old engine cannot replay {move!r} after {q['moves']}: legal there {sorted(by_name)}; deal {q}")
        st.apply(by_name[move])
    seat = q["seat"]
    bot = bots[q["id"]]
    while True:
        legal = st.legal_actions()
        names = sorted(str(a) for a in legal)
        if st.actor != seat and "continue" in names:  # another seat played on: no trace here either
            st.apply({str(a): a for a in legal}["continue"])
            continue
        assert st.actor == seat, (st.actor, seat)
        view = st.view(seat)
        legal = list(view.legal)
        names = sorted(str(a) for a in legal)
        if names != sorted(q["legal"]) and "continue" in names:  # the old engine asks first whether to go out
            move = str(bot.choose(view, legal))
            if move == "continue":
                st.apply({str(a): a for a in legal}["continue"])
                continue
            break
        mine = sorted(str(deck.cards[i]) for i in range(deck.size) if view.hand_mask >> i & 1)
        assert mine == sorted(q["hand"]), (mine, q["hand"])
        assert names == sorted(q["legal"]), (names, q["legal"])
        move = str(bot.choose(view, legal))
        break
    print(json.dumps({"move": move}), flush=True)
'''

_child: tuple[int, subprocess.Popen[str]] | None = None
_next_id = 0


def _old_process(tree: str, ruleset: str) -> subprocess.Popen[str]:
    """This process's old side (a forked arena worker starts its own)."""
    global _child
    if _child is None or _child[0] != os.getpid():
        env = dict(os.environ, PYTHONPATH=tree)
        proc = subprocess.Popen(
            [sys.executable, "-c", CHILD, ruleset], cwd=tree, env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        )
        _child = (os.getpid(), proc)
        atexit.register(proc.kill)
    return _child[1]


def _ask(proc: subprocess.Popen[str], request: dict[str, Any]) -> dict[str, Any]:
    stdin: IO[str] | None = proc.stdin
    stdout: IO[str] | None = proc.stdout
    assert stdin is not None and stdout is not None
    stdin.write(json.dumps(request) + "\n")
    stdin.flush()
    answer = stdout.readline()
    if not answer:
        raise RuntimeError(f"the old revision's process ended (exit code {proc.wait()}): see its error above")
    reply: dict[str, Any] = json.loads(answer)
    return reply


class OldBot:
    """A seat played by the bot ``kind`` of the old tree (see the module docstring)."""

    def __init__(self, tree: str, ruleset: str, kind: str, rs: Ruleset, seed: int) -> None:
        global _next_id
        _next_id += 1
        self.id = _next_id
        self.rs = rs
        self.proc = _old_process(tree, ruleset)
        self.rng = random.Random(seed)
        _ask(self.proc, {"op": "new", "id": self.id, "kind": kind, "seed": seed})

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        cards = self.rs.deck.cards
        world = WorldSampler(view).sample(self.rng)
        hands, rest, turnup = world.initial_deal()
        names = [[str(cards[i]) for i in reversed(dealt)] for dealt in _in_deal_order(self.rs, view, world.state, hands)]
        request = {
            "op": "choose", "id": self.id, "dealer": view.dealer, "seat": view.seat,
            "hands": names, "rest": [str(cards[c]) for c in rest], "turnup": str(cards[turnup]) if turnup >= 0 else None,
            "moves": _moves(self.rs, view),
            "hand": [str(cards[i]) for i in range(len(cards)) if view.hand_mask >> i & 1],
            "legal": [str(a) for a in legal],
        }
        move = _ask(self.proc, request)["move"]
        for action in legal:
            if str(action) == move:
                return action
        raise RuntimeError(f"the old bot chose {move!r}, not one of {[str(a) for a in legal]}")


def _in_deal_order(rs: Ruleset, view: SeatView, world: DealState, hands: list[int]) -> list[list[int]]:
    """Per seat, its cards in the order of its places in the deal (the old side deals them so,
    from the end of the reversed list).  The order matters where a seat decides before all its
    packets are dealt (trumps named after the first, as in Bauernschnapsen): the asking seat's
    cards held now come first, so that its first packet is the hand it saw; and the card
    shown for trump by a namer who passed (his next card, turned) goes to the place it was
    turned from, so that the old engine turns the same card."""
    dealt = []
    held = view.hand_mask
    for seat, hand in enumerate(hands):
        cards = bit_list(hand)
        if seat == view.seat:
            cards = [c for c in cards if held >> c & 1] + [c for c in cards if not held >> c & 1]
        dealt.append(cards)
    shown = world.shown
    if shown >= 0:
        seat_at = rs.deal_plans[view.dealer][0]
        shown_pos = rs.deal_marks[view.dealer][1]
        holder = next((seat for pos, seat in seat_at if pos == shown_pos), -1)
        if holder >= 0 and shown in dealt[holder]:
            places = [pos for pos, seat in seat_at if seat == holder]
            dealt[holder].remove(shown)
            dealt[holder].insert(places.index(shown_pos), shown)
    return dealt


def _moves(rs: Ruleset, view: SeatView) -> list[str]:
    """The moves so far as the actions' names (every seat's, from the view's history); a card
    laid away face down is not in a view's history (``main`` refuses such rulesets first)."""
    codes = [h & 0xFFFF for h in view.history_codes]
    if any(c >= DISCARD_BASE - 1 for c in codes):
        raise ValueError("cards laid away face down are not supported: a view does not hold them")
    return [str(rs.action_of[c]) for c in codes]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--base", required=True, help="the old revision (a commit, tag or branch)")
    parser.add_argument("--ruleset", default="schnapsen", help="a bundled name or a file")
    parser.add_argument("--deals", type=positive_int, default=400)
    parser.add_argument("--seed", type=seed_number, default=9)
    parser.add_argument("--bot", default="search:normal", help="this tree's bot (a seat kind)")
    parser.add_argument("--old", default="search:normal", help="the old revision's bot (a seat kind of that revision)")
    parser.add_argument("--jobs", type=positive_int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    ruleset = str(Path(args.ruleset).resolve()) if Path(args.ruleset).exists() else args.ruleset
    try:  # the ruleset and this tree's seat kind: a mistake is said here, once
        rs = load_ruleset(ruleset)
        make_agent(args.bot, rs, 0)
    except (RulesError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    if rs.tables.lays_away:
        print(f"error: {rs.name} lays cards away face down, which a view does not hold: not supported", file=sys.stderr)
        raise SystemExit(2)
    problem = revision_problem(args.base)  # asked of git before a worktree is made
    if problem is not None:
        print(f"error: --base: {problem}", file=sys.stderr)
        raise SystemExit(2)
    with tempfile.TemporaryDirectory(prefix="against-") as tmp:
        tree = Path(tmp) / "old"
        made = subprocess.run(["git", "worktree", "add", "--detach", "-q", str(tree), args.base], cwd=ROOT)
        if made.returncode != 0:
            print(f"error: cannot check out {args.base!r} (git said why above)", file=sys.stderr)
            raise SystemExit(2)
        try:
            problem = seat_kind_problem_in(tree, ruleset, args.old)  # once, before any deal
            if problem is not None:
                print(f"error: --old {args.old!r}: revision {args.base} says: {problem}", file=sys.stderr)
                raise SystemExit(2)
            old = functools.partial(OldBot, str(tree), ruleset, args.old)
            run = Arena(rs, [args.bot, old], deals=args.deals, seed=args.seed)
            step, shown = max(1, args.deals // 20), 0
            for done in run.play(args.jobs):  # with jobs, a chunk of deals at a time
                if done // step > shown or done == args.deals:
                    shown = done // step
                    print(f"{done}/{args.deals} deals", file=sys.stderr, flush=True)
        except (RuntimeError, ValueError) as exc:  # the old side failed (an unknown kind there, say)
            print(f"error: {exc}", file=sys.stderr)
            raise SystemExit(2) from None
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False)
    s = run.summary()
    figures = {
        "ruleset": args.ruleset, "deals": s.finished, "seed": args.seed, "bot": args.bot,
        "old": f"{args.old} of {args.base}", "plays": s.finished * s.sides, "won": s.score,
        "win_rate": s.win_rate, "win_interval": s.win_interval, "net": s.net, "net_interval": s.net_interval,
    }
    if args.json:
        print(json.dumps(figures))
        return
    assert s.win_rate is not None and s.win_interval is not None and s.net is not None and s.net_interval is not None
    lo, hi = s.win_interval
    nlo, nhi = s.net_interval
    print(
        f"{args.bot} (this tree) against {args.old} of {args.base}, {args.ruleset}, {s.finished} deals of seed {args.seed}: "
        f"{s.score:g} of {s.finished * s.sides} plays, {100 * s.win_rate:.1f}% ({100 * lo:.1f}% to {100 * hi:.1f}%), "
        f"net {s.net:+.2f} ({nlo:+.2f} to {nhi:+.2f}) a play"
    )


if __name__ == "__main__":
    main()
