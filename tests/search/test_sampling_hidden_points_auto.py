"""The cards laid away under ``claim.automatic``: a plain game's 66 ends the deal by itself.

No bundled ruleset has both a widow hidden from the other seats and the automatic claim, so
these tests build one: Dreierschnapsen (when all pass, the forehand plays alone, takes the
talon and lays two cards away face down, counting for him) with ``claim.automatic``.  After a
trick the soloist wins, or a marriage he announces (``claim.after_marriage``, inherited from
Schnapsen), the deal going on says his points were under 66 then: the cards laid away hold at
most 65 less what he had in view at the last such moment
(:func:`~interpreter.search.hidden_points.hidden_point_cap`).

The deals were found by scanning deal seeds (dealer = seed % 3, everybody passing, the other
moves drawn with ``random.Random(seed)``) for a position after a trick the soloist won where a
defender's worlds are fewer with the limit than without it: seed 24 among 0-40, every move
drawn uniformly; seed 0 among 0-300, a legal marriage taken 4 times in 5; seeds 417 (under
AUTOMATIC) and 641 (under AFTER_TRICKS_ONLY) among 0-3000 and 0-2000, the soloist marrying as
soon as he could with 40 points or more (those laid away included), and a marriage of his
after his last trick asked for.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.core.actions import parse_action
from interpreter.engine.state import PLAY, DealState
from interpreter.rules.loader import load_ruleset
from interpreter.search.sampling import WorldSampler
from tests.search.test_sampling import replayed

AUTOMATIC = "extends: house/dreierschnapsen\nname: dreier-auto\nclaim: {automatic: true}\n"
#: the same, but a marriage is no moment to go out at: only a trick won is
AFTER_TRICKS_ONLY = "extends: house/dreierschnapsen\nname: dreier-auto-tricks\nclaim: {automatic: true, after_marriage: false}\n"

# Deal seed 24, dealer 0: seat 0 holds TC AD QH TS KS JS, seat 1 AC TD QD JD AH AS, seat 2
# KC JC KD TH KH QS, the talon QC JH.  Seat 1 (forehand) names hearts, all pass: he plays alone,
# takes QC JH and lays TD QC away (13).  Trick 1: QD KD AD to seat 0; trick 2: TC AC JC to
# seat 1 (23); trick 3: JD KH QH to seat 2; trick 4: QS TS AS to seat 1 (24): 47 in tricks,
# 60 with the cards laid away, and the deal went on.
PLAIN = ["trump H", "pass", "pass", "pass", "discard TD", "discard QC",
         "play QD", "play KD", "play AD", "play TC", "play AC", "play JC",
         "play JD", "play KH", "play QH", "play QS", "play TS", "play AS"]

# Deal seed 0, dealer 0: seat 0 holds AC JC QD AH TH JS, seat 1 QC JD KH QH JH AS, seat 2 TC KC
# AD TD KD QS, the talon TS KS.  Seat 1 names hearts, all pass; he lays TS QC away (13) and
# leads the trump marriage (40, waiting for his first trick).  Trick 1: QH TD TH to seat 0;
# trick 2: AH JH QS to seat 0; trick 3: JC KH KC to seat 1 (10): the 40 count now, 50 in view
# and 63 in all; trick 4: JD AD QD to seat 2.
MARRIAGE = ["trump H", "pass", "pass", "pass", "discard TS", "discard QC", "marry QH",
            "play TD", "play TH", "play AH", "play JH", "play QS", "play JC", "play KH", "play KC",
            "play JD", "play AD", "play QD"]

# Deal seed 417, dealer 0: seat 0 holds TC KC JD TH QH JH, seat 1 JC KD QD KH AS QS, seat 2 QC
# AD TD AH KS JS, the talon TS AC.  Seat 1 names spades, all pass; he lays JC AC away (13).
# Trick 1: QS KS JD to seat 2; trick 2: QC KC AS to seat 1 (18); trick 3: TS JS JH to seat 1
# (14): 32 in tricks.  He marries in diamonds (20, counting at once: he has a trick): 52 in view,
# 65 in all, and the deal goes on; trick 4: KD AD TC to seat 2.
MARRIAGE_LAST = ["trump S", "pass", "pass", "pass", "discard JC", "discard AC",
                 "play QS", "play KS", "play JD", "play QC", "play KC", "play AS",
                 "play TS", "play JS", "play JH", "marry KD", "play AD", "play TC"]

# Deal seed 641, dealer 2 (under AFTER_TRICKS_ONLY): seat 0 holds TC AD QD TH JH JS, seat 1 KC
# TD KH AS KS QS, seat 2 AC QC JC JD AH QH, the talon KD TS.  Seat 0 names hearts, all pass; he
# lays TC JH away (12).  Trick 1: AD TD JD to seat 0 (23); trick 2: JS QS QH to seat 2; trick 3:
# AC TH KC to seat 0 (25): 48 in tricks, 60 in all.  Then he marries in diamonds (20: 80 in
# all, but a marriage is no moment to go out at here) and leads KD; trick 4: KD KH AH to seat 2.
MARRIED_SINCE = ["trump H", "pass", "pass", "pass", "discard TC", "discard JH",
                 "play AD", "play TD", "play JD", "play JS", "play QS", "play QH",
                 "play AC", "play TH", "play KC", "marry KD", "play KH", "play AH"]


def played(path: Path, text: str, dealer: int, seed: int, actions: list[str]) -> DealState:
    path.write_text(text, encoding="utf-8")
    st = DealState.new(load_ruleset(path), dealer, seed)
    for action in actions:
        st.apply(parse_action(action))
    return st


def laid_away_points(st: DealState, cards: tuple[int, ...]) -> int:
    return sum(st.rs.tables.points[c] for c in cards)


def assert_worlds(st: DealState, seat: int, count: int, cap: int) -> None:
    """The sampler of ``seat``'s view counts ``count`` worlds, each with at most ``cap`` laid
    away, the true deal among them; every world listed, and 200 drawn, replay the public
    history legally to a deal still going on."""
    rs = st.rs
    view = st.view(seat)
    sampler = WorldSampler(view)
    assert sampler.count == count
    worlds = list(sampler.worlds())
    assert len(worlds) == count
    assert tuple(sorted(st.widow)) in {tuple(sorted(w.state.widow)) for w in worlds}, "the true deal is among the worlds"
    rng = random.Random(seat)
    for world in worlds + [sampler.sample(rng) for _ in range(200)]:
        w = world.state
        assert laid_away_points(st, w.widow) <= cap and w.view(seat) == view
        hands, rest, turnup = world.initial_deal()
        again = replayed(rs, view, hands, rest, turnup, w.key(), w.history)
        assert again.key() == w.key() and not again.is_over


@pytest.fixture
def plain(tmp_path: Path) -> DealState:
    return played(tmp_path / "auto.yaml", AUTOMATIC, 0, 24, PLAIN)


def test_the_plain_game_is_as_described(plain: DealState) -> None:
    st = plain
    assert st.contract is None and st.declarer == 1 and st.phase == PLAY and st.actor == 1
    assert st.points == [18, 60, 9] and st.tricks == [1, 2, 1]
    assert laid_away_points(st, st.widow) == 13
    assert [str(st.hand(s)) for s in range(3)] == ["KS JS", "AH JH", "KC TH"]


def test_the_cards_laid_away_never_take_the_soloist_to_66_after_his_trick(plain: DealState) -> None:
    """Seat 0's view (he holds KS JS).  Hidden: KC TH (seat 2), AH JH (seat 1), TD QC (laid
    away).  Seat 2 trumped a diamond lead in trick 3: no diamond, so not TD.  Seat 2 two of the
    5 others, seat 1 two of the 4 left, the last two laid away: C(5,2) * C(4,2) = 10 * 6 = 60.
    The soloist had 47 after trick 4 and the deal went on: at most 18 laid away.  Left out: AH TD
    (21; seat 2 two of KC TH JH QC, 6 worlds), TH TD (20; two of KC AH JH QC, 6) and AH TH (21;
    seat 2 two of KC JH QC, not TD, 3): 60 - 15 = 45."""
    assert_worlds(plain, 0, 60 - 6 - 6 - 3, 18)


def test_seat_2_sees_the_same_limit(plain: DealState) -> None:
    """Seat 2's view (he holds KC TH).  Hidden: KS JS (seat 0), AH JH (seat 1), TD QC.  Seat 0
    played QH under seat 2's KH on a diamond lead: no diamond, no heart above KH (AH).  Seat 0
    two of KS JS JH QC (6), seat 1 two of the 4 left (6): 36.  At most 18 laid away leaves out
    AH TD (21) alone, laid away whenever seat 1 holds the other two: 6 worlds, 30 left."""
    assert_worlds(plain, 2, 36 - 6, 18)


def test_a_marriage_counted_at_the_soloist_s_trick_lowers_the_limit(tmp_path: Path) -> None:
    """Seat 2's view (he holds TC KD).  Hidden: AC JS (seat 0), AS KS (seat 1), TS QC (laid
    away).  Seat 1 trumped a club lead in trick 3: no club, so neither AC nor QC.  Seat 1 two of
    JS AS KS TS (6), seat 0 two of the 4 left (6): 36.  After trick 3 the soloist had 10 in
    tricks and his 40 counted: at most 15 laid away (55 without the marriage, which no pair reaches).
    Left out: AC AS (22; seat 1 two of JS KS TS, 3 worlds), AC TS (21; two of JS AS KS, 3) and
    AS TS (21; JS KS, 1): 36 - 7 = 29."""
    st = played(tmp_path / "auto.yaml", AUTOMATIC, 0, 0, MARRIAGE)
    assert st.declarer == 1 and st.points == [39, 23, 16] and st.meld == [0, 40, 0]
    assert [str(st.hand(s)) for s in range(3)] == ["AC JS", "AS KS", "TC KD"]
    assert_worlds(st, 2, 36 - 3 - 3 - 1, 15)


def test_the_soloist_s_marriage_is_the_last_moment(tmp_path: Path) -> None:
    """Seat 2's view (he holds TD AH).  Seat 1 showed QD with his marriage: it is his.  Hidden:
    TH QH (seat 0), KH (seat 1), JC AC (laid away).  Seat 1 trumped a club lead in trick 2
    (after laying away): no club.  Seat 1 one of TH QH KH (3), seat 0 two of the 4 left (6): 18.
    The marriage after trick 3 was the last moment: 52 then, at most 13 laid away (the true JC
    AC make 13 exactly; 33 after trick 3 alone, which no pair reaches).  Left out: TH AC (21;
    seat 1 QH or KH, 2 worlds), TH KH (14; QH, 1), AC KH (15; TH or QH, 2) and AC QH (14; TH
    or KH, 2): 18 - 7 = 11."""
    st = played(tmp_path / "auto.yaml", AUTOMATIC, 0, 417, MARRIAGE_LAST)
    assert st.declarer == 1 and st.points == [0, 45, 34] and st.meld == [0, 20, 0]
    assert [str(st.hand(s)) for s in range(3)] == ["TH QH", "QD KH", "TD AH"]
    assert_worlds(st, 2, 18 - 2 - 1 - 2 - 2, 13)


def test_a_marriage_announced_after_the_soloist_s_last_trick_is_not_counted(tmp_path: Path) -> None:
    """Seat 2's view (he holds QC JC).  Seat 0 showed QD with his marriage: it is his.  Hidden:
    TS (seat 0), AS KS (seat 1), TC JH (laid away).  Seat 0 trumped a club lead in trick 3
    (after laying TC away): TC is not his.  Seat 0 one of TS AS KS JH (4), seat 1 two of the 4
    left (6): 24.  The last moment was trick 3, the soloist's 48 then; the marriage came after
    it: at most 17 laid away (counting the 20 would leave none).  Left out: TS AS (21; seat 0 KS
    or JH, 2 worlds), TS TC (20; AS KS JH, 3) and AS TC (21; TS KS JH, 3): 24 - 8 = 16."""
    st = played(tmp_path / "tricks.yaml", AFTER_TRICKS_ONLY, 2, 641, MARRIED_SINCE)
    assert st.declarer == 0 and st.points == [60, 0, 27] and st.meld == [20, 0, 0] and not st.is_over
    assert [str(st.hand(s)) for s in range(3)] == ["QD TS", "AS KS", "QC JC"]
    assert_worlds(st, 2, 24 - 2 - 3 - 3, 17)
