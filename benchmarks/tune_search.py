#!/usr/bin/env python3
"""The search bot with other knobs, in the arena: how a change of a knob plays.

    .venv/bin/python benchmarks/tune_search.py '{"iterations": 400}' '{"iterations": 400, "exploration": 0.3}'
    .venv/bin/python benchmarks/tune_search.py --deals 400 --seed 2 --against random '{"iterations": 1000}'
    .venv/bin/python benchmarks/tune_search.py --against '{"iterations": 1000, "bias": 0, "bias_opponents": 0}' '{"iterations": 700}'

Each argument is one variant: the keyword arguments of
:class:`interpreter.play.bots.search_bot.SearchBot` as a JSON object (``iterations`` or ``ms``,
and the knobs ``exploration``, ``win_weight``, ``exact_worlds``, ``inference``, ``pool``,
``bias``, ``bias_opponents``, ``bias_partners``; a knob left out is the bot's default), and
``reseed``: a whole number K that seeds the variant's bots otherwise (the arena's seed plus K
times 2**40, so no two K share a seed) -- the same bot drawing other random numbers.
``--against`` is a seat kind (``greedy``, ``random``, ``search:normal``...) or, as a JSON object,
another search bot's keyword arguments: a variant against the bot as it was set before (the
``normal`` level before the bias: ``'{"iterations": 1000, "bias": 0, "bias_opponents": 0}'``).
Every variant plays the same seat-swapped deals against the same opponent through
:class:`interpreter.sim.arena.Arena`, so the lines can be compared; prints one JSON line per
variant (win rate and net with their intervals, median wall and CPU ms per decision, forced ones
included) on stdout.  With two variants or more, each after the first is also compared with the
first deal by deal (``"paired"``: the difference in deals won and net per deal, with its paired
bootstrap interval, as ``ab_revisions.py`` reports two revisions): the same deals played by
both, so a difference shows with far fewer deals than two unpaired intervals need.

With iteration budgets the figures are reproducible (the same seed, the same moves); with
``ms`` they depend on the machine and its load.  On 300 to 400 deals an interval is about
+-3.5 points wide: a difference smaller than that is not a finding.

The noise floor of a paired comparison: the same variant twice, the second reseeded
(``'{"iterations": 700}' '{"iterations": 700, "reseed": 1}'``), differs only by the bot's own
random draws.  Every variant compared with one baseline line shares that line's luck: where
many variants all come out a point or two behind the same baseline, play the baseline
reseeded too and compare with both (docs/bots.md, "What was tried").
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from interpreter.play.bots.base import Agent  # noqa: E402
from interpreter.play.bots.search_bot import SearchBot  # noqa: E402
from interpreter.rules.loader import load_ruleset  # noqa: E402
from interpreter.rules.ruleset import Ruleset  # noqa: E402
from interpreter.sim.arena import Arena  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from _args import positive_int, seed_number, require, ruleset, search_options, seat_kind  # noqa: E402
from ab_revisions import paired  # noqa: E402


#: How far a ``reseed`` of 1 moves a bot's seed.  The arena's seeds are hashes spread over 63
#: bits (:func:`~interpreter.sim.arena.play_seed`), so a moved seed is another bot of the run's
#: only by a chance of a few in 2**63: the reseeded bot draws numbers of its own.
RESEED_STEP = 1 << 40


def variant(options: dict[str, Any], rs: Ruleset, seed: int) -> Agent:
    """A search bot with ``options`` (module level, so that worker processes can be sent it);
    ``reseed`` K, if given, moves its seed by K times :data:`RESEED_STEP`."""
    knobs = dict(options)
    reseed = knobs.pop("reseed", 0)
    return SearchBot(rs, seed + reseed * RESEED_STEP, **knobs)


def variant_options(text: str) -> dict[str, Any]:
    """A variant as typed: SearchBot keyword arguments and ``reseed``, checked before any deal
    (a mistake in the second variant must not wait for the first one's deals)."""
    options = search_options(text, extra=("reseed",))
    reseed = options.get("reseed", 0)
    if not isinstance(reseed, int) or isinstance(reseed, bool) or reseed < 0:
        raise argparse.ArgumentTypeError(f"reseed must be a whole number 0 or more, not {reseed!r}")
    return options


def against_kind(text: str) -> str:
    """``--against`` as typed: a JSON object is checked as a variant here (it is played as
    one), a seat kind once the ruleset is known; the text is kept as given."""
    if text.lstrip().startswith("{"):
        variant_options(text)
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="+", type=variant_options, help="JSON objects of SearchBot keyword arguments")
    parser.add_argument("--ruleset", type=ruleset, default="schnapsen")
    parser.add_argument("--deals", type=positive_int, default=300)
    parser.add_argument("--seed", type=seed_number, default=1)
    parser.add_argument("--against", type=against_kind, default="greedy", help="a seat kind, or a JSON object of SearchBot keyword arguments")
    parser.add_argument("--jobs", type=positive_int, default=2)
    args = parser.parse_args()
    rs = load_ruleset(args.ruleset)
    against: Any = args.against
    if against.lstrip().startswith("{"):
        against = functools.partial(variant, json.loads(against))
    else:
        require(parser, "--against", seat_kind, against, rs)
    first: dict[str, Any] | None = None
    for options in args.variants:
        run = Arena(rs, [functools.partial(variant, options), against], deals=args.deals, seed=args.seed)
        for _ in run.play(args.jobs):
            pass
        s = run.summary()
        timing = s.a_timing
        line: dict[str, Any] = {
            "variant": options, "against": args.against, "ruleset": rs.name, "deals": args.deals, "seed": args.seed,
            "win_rate": round(s.win_rate or 0, 4), "win_interval": [round(x, 4) for x in s.win_interval or ()],
            "net": round(s.net or 0, 3), "net_interval": [round(x, 3) for x in s.net_interval or ()],
            "median_ms": round(timing.median, 1) if timing else None,
            "cpu_median_ms": round(timing.cpu_median, 1) if timing else None,
        }
        deals = {"halves": run.pairings[0].halves, "nets": run.pairings[0].nets, "sides": rs.side_count}
        if first is None:
            first = deals
        else:
            fig = paired(first, deals, args.seed)
            line["paired"] = {
                "against_first": args.variants[0], "deals": fig["deals"], "changed": fig["changed"],
                "win_rate_diff": round(fig["win_rate_diff"], 4),
                "win_rate_diff_interval": [round(x, 4) for x in fig["win_rate_diff_interval"]],
                "net_diff": round(fig["net_diff"], 3), "net_diff_interval": [round(x, 3) for x in fig["net_diff_interval"]],
            }
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
