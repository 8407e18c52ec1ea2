"""Batch runs of bots against bots, and the statistics that say what the runs showed.

:mod:`interpreter.sim.stats` holds the pure statistics (Wilson intervals, a paired bootstrap,
Bradley--Terry ratings, quantiles); :mod:`interpreter.sim.arena` plays bots against each other
on the same deals with the seats swapped, which is what ``rules arena`` and
``rules tournament`` print.  See docs/bots.md.
"""
