"""The skill gap's interval stops where a gap can be, not at +-100%.

For two sides the base (the share the replaced seats won) is exactly 1/2, so a gap lies in
-50%..+50%; an interval clipped at +-100% showed "+33.33% (95% interval -38.38% to +100.00%)".
"""

from __future__ import annotations

import pytest

from interpreter.sim.compare import gap_bounds, skill_gap
from interpreter.sim.tally import Tally


def test_the_skill_gap_stays_where_a_gap_can_be() -> None:
    # two sides: every deal's shares add up to 1, the base is 1/2, the bot's share 0..1: the
    # gap is -1/2..+1/2.  Three: the base is 1/3 (one side won) to 2/3 (two won together):
    # -2/3..+2/3.
    assert gap_bounds(2) == (-0.5, 0.5)
    assert gap_bounds(3) == pytest.approx((-2 / 3, 2 / 3))
    # the bot won 2, 2, 1 of 2 deals a block on side 0 and the same on side 1: per block
    # (2 + 2), (2 + 2), (1 + 1) of 4, R_A = 10/12 = 5/6; the base 1 of 2 for each side:
    # 1/2.  Residuals of A: (4 - 10/3) / 12 = 1/18, 1/18, (2 - 10/3) / 12 = -1/9; of B 0.
    # sum e^2 = 1/54, error = sqrt(3/2 / 54) = 1/6, the interval 1/3 -+ 4.30265 / 6 =
    # -0.3838 to +1.0504: clipped at +1/2, not +100%.
    base, on0, on1 = Tally(), Tally(), Tally()
    for k, w in enumerate([2.0, 2.0, 1.0]):
        base.add(("deals", k), {"deals": 2.0, "side 0 won": 1.0, "side 1 won": 1.0})
        on0.add(("deals", k), {"deals": 2.0, "side 0 won": w, "side 1 won": 2.0 - w})
        on1.add(("deals", k), {"deals": 2.0, "side 0 won": 2.0 - w, "side 1 won": w})
    gap = skill_gap(base, [on0, on1])
    assert gap is not None and gap.diff == pytest.approx(1 / 3)
    assert gap.low == pytest.approx(1 / 3 - 4.30265 / 6, abs=1e-5) and gap.high == 0.5
