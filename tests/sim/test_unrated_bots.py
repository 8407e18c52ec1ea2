"""A tournament stopped before a bot played any deal does not rank that bot.

Fitted with the others, the prior alone (one drawn virtual deal against each) put such a bot at
the mean with a wide interval: after Ctrl-C with only the first pairing played, ``random`` (0
plays) stood second, ``+0  -323 to +323``, above ``greedy``, which had played 24.  It is now
unrated: shown after the rated bots with ``-`` for its rank, rating and interval (``null`` in
JSON), and the fit is of the bots that played.
"""

from __future__ import annotations

import pytest

from cli.arena import tournament_lines, tournament_report
from interpreter.rules.loader import load_ruleset
from interpreter.sim.arena import Arena, tournament
from interpreter.sim.stats import bradley_terry

DEALS = 64  # in rounds of 4 deals round the pairings (Arena._chunks): the first 3 are greedy-basic's


def _first_pairing_only() -> Arena:
    """greedy, basic, random: stopped once 3 deals of the first pairing (greedy-basic) finished."""
    run = Arena(load_ruleset("schnapsen"), ["greedy", "basic", "random"], deals=DEALS)
    play = run.play(1)
    for finished in play:
        if finished == 3:
            break
    play.close()
    assert [p.finished for p in run.pairings] == [3, 0, 0]
    return run


def test_a_bot_that_played_no_deal_has_no_rating() -> None:
    run = _first_pairing_only()
    ratings = run.ratings()
    assert ratings.ratings[2] is None and ratings.errors[2] is None and ratings.interval(2) is None
    # the fit is of greedy and basic alone: their plays, the prior, mean 0 between the two
    halves = [h for h in run.pairings[0].halves if h is not None]
    alone = bradley_terry(2, [(0, 1, sum(halves) / 2, float(2 * len(halves)))], prior_games=1.0)
    assert ratings.ratings[:2] == pytest.approx(alone.ratings)
    assert ratings.errors[:2] == pytest.approx(alone.errors)


def test_the_report_shows_it_last_unranked() -> None:
    run = _first_pairing_only()
    lines = tournament_lines(run, None)
    start = lines.index(next(line for line in lines if line.lstrip().startswith("rank")))
    ranking = [line.split() for line in lines[start + 1:start + 4]]
    assert [row[:2] for row in ranking[:2]] in ([["1", "greedy"], ["2", "basic"]], [["1", "basic"], ["2", "greedy"]])
    assert ranking[2] == ["-", "random", "-", "-", "0", "of", "0", "-"]
    rows = tournament_report(run, "schnapsen", None)["ratings"]
    assert [r["bot"] for r in rows][2] == "random"
    assert (rows[2]["rating"], rows[2]["error"], rows[2]["interval"], rows[2]["plays"]) == (None, None, None, 0)
    assert all(r["rating"] is not None and len(r["interval"]) == 2 for r in rows[:2])


def test_a_finished_tournament_rates_every_bot_as_before() -> None:
    run = tournament("schnapsen", ["greedy", "random"], deals=DEALS)
    halves = [h for h in run.pairings[0].halves if h is not None]
    alone = bradley_terry(2, [(0, 1, sum(halves) / 2, float(2 * DEALS))], prior_games=1.0)
    assert run.ratings().ratings == pytest.approx(alone.ratings)
