"""The rows of ``rules simulate`` for what a seat calls or takes beyond the play: doubling
(``bidding.doubling``), naming trump (``trump.selection: named``) and the widow
(``deal.widow``); and what ``game points G`` counts under ``scoring.losers: each_pays``.

Every deal is scripted move by move and its figures worked out by hand from the rulesets
(cards: A 11, T 10, K 4, Q 3, J 2, 9 0)."""

from __future__ import annotations

from pathlib import Path

from interpreter.core.actions import Action, Continue, parse_action
from interpreter.engine.build import build_position
from interpreter.engine.state import DealState
from interpreter.play.record import deal_from_mapping
from interpreter.rules.loader import load_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.sim.figures import figures
from interpreter.sim.metrics import metric_of, record_deal, static_keys
from interpreter.sim.tally import Tally

CONTRA = load_ruleset("house/burgenland-contra")
DREIER = load_ruleset("house/dreierschnapsen")


def measured(state: DealState) -> dict[str, float]:
    acc: dict[str, float] = {}
    record_deal(state, acc, 0, 0)
    return {k: v for k, v in acc.items() if v}


def action(text: str) -> Action:
    return Continue() if text == "continue" else parse_action(text)


def played(rs: Ruleset, hands: dict[int, str], moves: tuple[str, ...], **extra: object) -> DealState:
    st = deal_from_mapping(rs, {"dealer": 0, "hands": {s: h.split() for s, h in hands.items()}, **extra})
    for move in moves:
        st.apply(action(move))
    assert st.is_over
    return st


# Burgenland with contra, dealer 0: seat 1 (the forehand) names trump and plays alone against
# seats 0 and 2, each seat keeping its own score (one match side per seat).  He holds the four
# top hearts; the others hold one heart each.
SOLO = {1: "AH TH KH QH AS TS AC TC", 2: "JH KS QS JS 9S KC QC JC", 0: "9H KD QD JD 9D AD TD 9C"}
# Seat 1 names hearts; seat 2 (the first defender to his left) doubles -- or seat 2 doubles and
# seat 1 redoubles.  Trick 1: AH JH 9H, 13 to seat 1.  He announces the trump marriage (40,
# counted at once: he has a trick) leading KH, not going out yet: the others are void, 9S 9C, 4
# more (57).  QH JC 9D: 5 more (62).
OPENING = ("play AH", "play JH", "play 9H", "marry KH", "continue", "play 9S", "play 9C", "play QH", "play JC", "play 9D")


def solo(*calls: str, declare_after: int, rs: Ruleset = CONTRA) -> DealState:
    """``declare_after`` 3: with 62, under 66, a wrong declaration; 4: AS JS JD first, 62 + 15 = 77."""
    tail = ("play AS", "play JS", "play JD") if declare_after == 4 else ()
    return played(rs, SOLO, ("trump H", *calls, *OPENING, *tail, "declare"))


def test_a_doubled_game_the_soloist_makes_is_doubled_and_made() -> None:
    """77 and no trick to the defenders: Schwarz, 3 game points, doubled 6, to seat 1 alone.
    He named trump, so the naming fired, worth his net 6 - (0 + 0) / 2 = 6, and his side won."""
    st = solo("double", declare_after=4)
    assert st.result is not None and st.result.scores == (0, 6, 0)
    got = measured(st)
    assert {k: got.get(k) for k in ("doubled", "doubled made", "redoubled", "game points 6")} == {
        "doubled": 1, "doubled made": 1, "redoubled": None, "game points 6": 1}
    assert (got["fired: name trump"], got["worth: name trump"], got["namer's side won"]) == (1, 6, 1)


def test_a_doubled_game_the_soloist_loses_is_doubled_and_not_made() -> None:
    """A wrong declaration with 62: each defender, without a trick, scores 3 (claim.false_points
    opponent_without_trick), doubled 6.  Doubled, not made; the namer's side lost, his net
    0 - (6 + 6) / 2 = -6."""
    st = solo("double", declare_after=3)
    assert st.result is not None and st.result.scores == (6, 0, 6)
    got = measured(st)
    assert (got["doubled"], got.get("doubled made"), got.get("namer's side won")) == (1, None, None)
    assert got["worth: name trump"] == -6


def test_a_game_nobody_doubles_has_no_doubling_rows() -> None:
    """Both defenders pass: 3 game points, not 6, and no ``doubled`` sum."""
    st = solo("pass", "pass", declare_after=4)
    assert st.result is not None and st.result.scores == (0, 3, 0)
    assert not {"doubled", "doubled made"} & set(measured(st))


def test_doubled_made_is_a_share_of_the_doubled_deals() -> None:
    """The three deals above: doubled in 2 of 3, made in 1 of those 2 (not 1 of 3)."""
    acc: dict[str, float] = {}
    for st in (solo("double", declare_after=4), solo("double", declare_after=3), solo("pass", "pass", declare_after=4)):
        record_deal(st, acc, 0, 0)
    tally = Tally()
    tally.add(("deals", 0), acc)
    figs = {f.key: f for f in figures(tally, 0)}
    assert (figs["doubled"].num, figs["doubled"].den, figs["doubled"].group) == (2, 3, "outcomes")
    assert (figs["doubled made"].num, figs["doubled made"].den) == (1, 2)
    assert (figs["namer's side won"].num, figs["namer's side won"].den, figs["namer's side won"].group) == (2, 3, "rules")


def test_a_redoubled_game_counts_as_doubled_and_redoubled(tmp_path: Path) -> None:
    """With ``redouble: true`` seat 1 answers the double: x4, 3 game points become 12."""
    path = tmp_path / "re.yaml"
    path.write_text("extends: house/burgenland-contra\nname: re\nbidding:\n  doubling: {redouble: true}\n", encoding="utf-8")
    rs = load_ruleset(str(path), allow_outside=True)
    st = solo("double", "redouble", declare_after=4, rs=rs)
    assert st.result is not None and st.result.scores == (0, 12, 0)
    got = measured(st)
    assert {k: got.get(k) for k in ("doubled", "doubled made", "redoubled", "redoubled made", "game points 12")} == {
        "doubled": 1, "doubled made": 1, "redoubled": 1, "redoubled made": 1, "game points 12": 1}
    assert {"redoubled", "redoubled made"} <= set(static_keys(rs))


# Dreierschnapsen (tests/rules/test_family2_dreier.py): dealer 0, seat 1 (the forehand) names
# spades; the widow QC JC goes to the declarer, who lays two cards away (they count for him).
DREI = {0: "AH TH KH QH JH AC", 1: "AS TS KS QS JS TC", 2: "AD TD KD QD JD KC"}


def test_the_widow_and_the_namer_when_the_declarer_is_not_the_namer() -> None:
    """Seat 2 bids Gang (9), takes QC JC and lays KC QC away: 4 + 3 = 7 widow points.  He leads
    JC, seat 0 heads it with AC, seat 1 follows with TC: the Gang is lost, 9 to each of seats 0
    and 1.  The widow's taker, seat 2, nets 0 - (9 + 9) / 2 = -9; the namer, seat 1, a defender,
    won with seat 0 and nets 9 - (9 + 0) / 2 = 4.5."""
    st = played(DREIER, DREI, ("trump S", "pass", "bid 3", "pass", "discard KC", "discard QC", "play JC", "play AC", "play TC"),
                stock=["QC", "JC"])
    assert st.result is not None and st.result.scores == (9, 9, 0)
    got = measured(st)
    assert {k: got.get(k) for k in ("fired: widow", "worth: widow", "widow points")} == {
        "fired: widow": 1, "worth: widow": -9, "widow points": 7}
    assert {k: got.get(k) for k in ("fired: name trump", "worth: name trump", "namer's side won")} == {
        "fired: name trump": 1, "worth: name trump": 4.5, "namer's side won": 1}


def test_the_widow_of_a_plain_game_counts_its_cards_laid_away() -> None:
    """All pass: seat 1 plays the plain game, takes QC JC and lays TC JC away (10 + 2 = 12).
    AS, KC, JH: 17 more; the trump marriage (40) and he declares 69: the defenders have
    nothing, 3 game points.  Taker and namer are seat 1: worth 3 - 0 = 3 each."""
    st = played(DREIER, DREI, ("trump S", "pass", "pass", "pass", "discard TC", "discard JC", "play AS", "play KC",
                               "play JH", "marry KS", "declare"), stock=["QC", "JC"])
    assert st.result is not None and st.result.scores == (0, 3, 0)
    got = measured(st)
    assert (got["fired: widow"], got["worth: widow"], got["widow points"]) == (1, 3, 12)
    assert (got["worth: name trump"], got["namer's side won"]) == (3, 1)


def test_a_pass_that_turns_trump_names_nothing() -> None:
    """Three-player 66 (``if_passed: turn_next``): the forehand passes and the first card of his
    second packet is turned for trump -- nobody named it, so no naming row has a sum."""
    rs = load_ruleset("house/three-player-66")
    st = DealState.new(rs, 0, 3)
    st.apply(parse_action("pass"))
    while not st.is_over:
        st.push_code(st.legal_codes()[0])
    assert not {"fired: name trump", "worth: name trump", "namer's side won"} & set(measured(st))


def test_which_rulesets_show_which_rows() -> None:
    """The rows come from the options: doubling where ``bidding.doubling`` is set (redoubling
    where it allows it), naming where trump is named, the widow where there is one."""
    calls = {"doubled", "redoubled", "fired: name trump", "fired: widow"}
    expected = {
        "schnapsen": set(),
        "north-american-3": {"fired: widow"},
        "house/burgenland": {"fired: name trump"},
        "house/burgenland-contra": {"doubled", "fired: name trump"},
        "house/dreierschnapsen": {"fired: name trump", "fired: widow"},
        "house/three-player-66": {"fired: name trump"},
    }
    for name, rows in expected.items():
        assert calls & set(static_keys(load_ruleset(name))) == rows, name


def test_each_row_is_a_share_of_the_deals_its_rule_concerns() -> None:
    """``doubled made`` is out of the doubled deals, ``namer's side won`` out of those in which
    trump was named (not out of every deal: a pass that turns trump names nothing), the widow's
    points a mean over the deals in which it was taken."""
    dens = {k: (m.kind, m.den, m.group) for k in ("doubled", "doubled made", "redoubled made", "namer's side won", "widow points")
            if (m := metric_of(k)) is not None}
    assert dens == {
        "doubled": ("rate", "deals", "outcomes"), "doubled made": ("rate", "doubled", "outcomes"),
        "redoubled made": ("rate", "redoubled", "outcomes"), "namer's side won": ("rate", "fired: name trump", "rules"),
        "widow points": ("mean", "fired: widow", "rules"),
    }


def test_game_points_under_each_pays_are_the_winner_s_total_from_every_loser() -> None:
    """Three-player 66, the last trick (tests/rules/test_family_three_player_66.py): 70 / 50 / 0
    -- seat 0 takes 1 from seat 1 (50 >= 33) and 3 from seat 2 (no trick): the row is
    ``game points 4``, though no single loser paid 4.  70 / 40 / 10 with a trick: 1 + 2 = 3."""
    rs = load_ruleset("house/three-player-66")
    for points, tricks, row in (([70, 50, 0], [5, 2, 0], "game points 4"), ([70, 40, 10], [4, 2, 1], "game points 3")):
        st = build_position(rs, dealer=0, hands=["9H", "9C", "9D"], trump="S", leader=1, points=points, tricks=tricks)
        for move in ("play 9C", "play 9D", "play 9H"):
            st.apply(parse_action(move))
        assert [k for k in measured(st) if k.startswith("game points ")] == [row]


def test_the_report_page_draws_doubling_in_the_outcome_mix() -> None:
    """The HTML page's "Outcome mix" bars: the game points and, beside them, how often a deal was
    doubled and made (what the deals were played for); the naming rows among the rules."""
    from interpreter.sim.report import simulate_page

    def row(key: str, group: str, value: float) -> dict[str, object]:
        return {"metric": key, "group": group, "kind": "rate", "value": value, "interval": None, "num": 1, "den": 2}

    report = {
        "title": "t", "ruleset": "house/burgenland-contra", "finished": {"deals": 2, "matches": 0}, "deals": 2, "matches": 0,
        "seats": ["random"] * 3, "seed": 0, "interrupted": False,
        "metrics": [row("doubled", "outcomes", 0.5), row("doubled made", "outcomes", 0.5), row("game points 6", "outcomes", 0.5),
                    row("fired: name trump", "rules", 1.0)],
    }
    page = simulate_page("t", report)
    mix = page.split("<h2>Outcome mix</h2>")[1].split("<h2>")[0]
    assert all(f">{key}</text>" in mix for key in ("doubled", "doubled made", "game points 6")) and "name trump" not in mix
    fired = page.split("<h2>How often each rule fires</h2>")[1].split("<h2>")[0]
    assert ">name trump</text>" in fired
