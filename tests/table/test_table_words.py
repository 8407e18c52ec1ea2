"""What the table says, read apart from the screens (cli/table/words.py): the offer to go out
after a marriage."""

from __future__ import annotations

import random

from cli.table.words import going_out
from interpreter import Match, load_ruleset
from interpreter.core.actions import Continue, Declare


def test_going_out_is_suggested_only_where_a_claim_can_stand() -> None:
    """Schnapsen after a marriage (declare or continue): with a trick of its own the person's
    side may have 66, and the person, who keeps count, is asked; with no trick its count is
    the marriages that need none (none in Schnapsen: 0), so declaring is not suggested.  In
    practice mode the table counts and suggests it only at 66 or more."""
    rs = load_ruleset("schnapsen")
    seen = {"trick": 0, "no trick": 0}
    for seed in range(60):
        rng = random.Random(seed)
        state = Match(rs, seed).next_deal()
        while not state.is_over:
            legal = state.legal_actions()
            if state.actor == 0 and Declare() in legal and Continue() in legal:
                view = state.view(0)
                tricks = view.public.tricks[0]
                if tricks:
                    seen["trick"] += 1
                    assert going_out(view, legal, False) == " — declare now if you have 66, or continue"
                else:
                    seen["no trick"] += 1
                    assert "too few to declare" in going_out(view, legal, False)
                have = view.card_points[0]
                if have >= 66:
                    assert going_out(view, legal, True) == f" — you may go out now: declare 66 (you have {have}) or continue"
                else:
                    assert going_out(view, legal, True).startswith(f" — you have {have} of 66")
                    assert "too few to declare" in going_out(view, legal, True)
            state.apply(rng.choice(legal))
    assert seen["trick"] and seen["no trick"], seen
