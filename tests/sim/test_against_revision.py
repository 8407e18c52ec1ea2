"""benchmarks/against_revision.py seats a bot of another tree through a process of its own, which
gets no state: a deal drawn to be consistent with the seat's view, and the moves so far.  Given
this very tree as the "old" one, the remote bot must decide exactly as the same bot in this
process does: the same seat-swapped deals then end with the same scores, play by play."""

from __future__ import annotations

import functools
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from interpreter.rules.loader import load_ruleset
from interpreter.sim.arena import Arena

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("against_revision", ROOT / "benchmarks" / "against_revision.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["against_revision"] = module
    spec.loader.exec_module(module)
    return module


def test_a_remote_bot_of_this_tree_plays_as_the_bot_here() -> None:
    """A search bot (30 iterations: it reads its view, its hand and the history, and draws
    numbers) played remotely against greedy, and the same bot played here: the same halves and
    nets on 6 Schnapsen deals.  A remote side dealt other
    cards than the view shows, or replaying the moves wrongly, fails its own checks or decides
    otherwise."""
    script = _script()
    rs = load_ruleset("schnapsen")
    kind = "search:iters=30"
    remote = functools.partial(script.OldBot, str(ROOT), "schnapsen", kind)
    here = Arena(rs, [kind, "greedy"], deals=6, seed=11)
    list(here.play(1))
    there = Arena(rs, [remote, "greedy"], deals=6, seed=11)
    list(there.play(1))
    assert here.pairings[0].halves == there.pairings[0].halves
    assert here.pairings[0].nets == there.pairings[0].nets
    assert len(set(here.pairings[0].nets)) > 1  # deals that went differently: a real comparison


def test_a_remote_bot_decides_before_its_last_packet_and_turns_the_same_card() -> None:
    """Bauernschnapsen: the forehand names trumps after his first packet of three, or passes
    and turns his next card.  The remote side must deal him, as his first packet, the three
    cards he saw, and the turned card to the place it came from: else it asked him about
    another hand, or turned another trump and could not replay the moves.  Greedy, remote
    and here, on 12 deals: the same halves and nets."""
    script = _script()
    rs = load_ruleset("house/bauernschnapsen")
    remote = functools.partial(script.OldBot, str(ROOT), "house/bauernschnapsen", "greedy")
    here = Arena(rs, ["greedy", "random"], deals=12, seed=3)
    list(here.play(1))
    there = Arena(rs, [remote, "random"], deals=12, seed=3)
    list(there.play(1))
    assert here.pairings[0].halves == there.pairings[0].halves
    assert here.pairings[0].nets == there.pairings[0].nets
