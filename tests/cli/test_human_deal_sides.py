"""Where a deal pits a soloist against seats that score apart (Dreierschnapsen's two
defenders), ``info.review_own_tricks: all`` lets a defender look at the tricks of its side in
the deal -- its partner's too -- and the screen counts them as that side's: ``your side N``,
not the defender's own match side alone (which had said ``you 0`` beside a partner's 43).
The points are worked out here from the cards of the tricks the seat may look at, by the
Schnapsen card values."""

from __future__ import annotations

import random
from pathlib import Path

from clitools import invoke, no_traceback
from interpreter import load_ruleset
from interpreter.core.actions import Marry, Pass
from interpreter.engine.state import DealState
from interpreter.play import seatfacts as facts

VALUES = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


def defenders_after_a_partner_trick(tmp_path: Path) -> DealState:
    """A Dreierschnapsen deal (every trick reviewable) where everybody passes, played at
    random without marriages until seat 0 defends and its partner has taken a trick."""
    house = tmp_path / "soft3.yaml"
    house.write_text("extends: house/dreierschnapsen\nname: dreier-soft\ninfo:\n  review_own_tricks: all\n", encoding="utf-8")
    rs = load_ruleset(str(house), allow_outside=True)
    for seed in range(50):
        state, rng = DealState.new(rs, seed % 3, seed), random.Random(seed)
        while not state.is_over:
            view = state.view(0)
            side = view.public.side_index
            partner = [s for s in range(3) if s != 0 and side[s] == side[0]]
            if partner and state.view(0).public.tricks[partner[0]] and not state.view(0).trick:
                return state
            legal = state.legal_actions()
            plain = [a for a in legal if not isinstance(a, Marry)] or legal
            state.apply(Pass() if Pass() in legal else rng.choice(plain))
    raise AssertionError("no deal where seat 0's partner took a trick")


def test_a_defender_is_told_its_side_s_points(tmp_path: Path) -> None:
    state = defenders_after_a_partner_trick(tmp_path)
    view = state.view(0)
    side = view.public.side_index
    (partner,) = [s for s in range(3) if s != 0 and side[s] == side[0]]
    rs = view.rs
    assert facts.points_shown(view) == {rs.side_of(0), rs.side_of(partner)}
    seen = sum(VALUES[card.rank] for trick in view.reviewable_tricks for _, card in trick)
    assert seen > 0 and any(s == partner for trick in view.reviewable_tricks for s, _ in trick)
    line = facts.points_line(view, facts.points_shown(view))
    assert line.startswith(f"points: your side {seen}; tricks: ")
    soloist = next(s for s in range(3) if side[s] != side[0])
    assert facts.seat_name(view, soloist) + " " not in line.split(";")[0]  # the soloist's points are not the defender's to count


def test_the_soloist_counts_its_own_points_only(tmp_path: Path) -> None:
    state = defenders_after_a_partner_trick(tmp_path)
    side = state.view(0).public.side_index
    soloist = next(s for s in range(3) if side[s] != side[0])
    view = state.view(soloist)
    assert facts.points_shown(view) == {view.rs.side_of(soloist)}
    assert facts.points_line(view, facts.points_shown(view)).startswith("points: you ")


def test_how_a_deal_ended_is_told_from_the_person_s_side() -> None:
    """Without the log (``--json``) the seat says how each deal ended, in the rules' words
    named from the person's side, as the table does.  Dreierschnapsen seed 5, the person
    passing: deal 2 is played by seat 0 alone against seats 1 and 2, who declare 66 together;
    the 27 points beside it are the person's own, which the rules' words call "opponent"
    (from the declarers' side)."""
    out = invoke(["run", "house/dreierschnapsen", "--seed", "5", "--players", "human,greedy,greedy", "--deals", "2", "--json"],
                 input="1\n" * 600)
    no_traceback(out)
    assert out.exit_code == 0, out.stderr
    deal_2 = out.json()["deals"][1]
    assert deal_2["winners"] == [1, 2] and deal_2["reason"].startswith("seat 2 declared 66; opponent 27 points, 1 trick")
    assert "deal 2 over: seats 1 and 2 declared 66; you 27 points, 1 trick; match to 24: " in out.stderr
    assert "opponent 27" not in out.stderr
