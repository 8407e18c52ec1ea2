"""Batch runs of bots against bots, and the statistics that say what the runs showed.

:mod:`interpreter.sim.stats` holds the pure statistics (Wilson intervals, a paired bootstrap,
Bradley--Terry ratings, quantiles); :mod:`interpreter.sim.arena` plays bots against each other
on the same deals with the seats swapped, which is what ``rules arena`` and
``rules tournament`` print.  See docs/bots.md.

``rules simulate`` and ``rules compare`` (docs/simulate.md) are built from
:mod:`~interpreter.sim.metrics` (what one deal adds to named sums),
:mod:`~interpreter.sim.tally` (blocks of sums that merge by union; the block bootstrap, the
paired difference, Holm's correction), :mod:`~interpreter.sim.simulate` (seeded blocks on a
process pool or a Ray cluster), :mod:`~interpreter.sim.figures`, :mod:`~interpreter.sim.compare`
and :mod:`~interpreter.sim.report` (the HTML page); :mod:`~interpreter.sim.deep` is
``rules validate --deep`` on the same loop.  :mod:`~interpreter.sim.workers` runs the arena's
and the simulation's tasks in worker processes, where any failure ends the run at once.
"""
