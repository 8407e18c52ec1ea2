"""Position strings: every position of random play round-trips exactly and plays on the same;
hand-written strings mean what docs/notation.md says; a bad string gives one located error.

The hand-worked expectations are computed from the rules cited in each test and from the
grammar of docs/notation.md ("Position strings"), not copied from the program's output.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from interpreter import Card, Continue, DealState, Declare, Marry, Play, RecordError, RulesError, load_ruleset, parse_action
from interpreter.engine.build import unwritten
from interpreter.play.posstring import PositionStringError, parse_position, position_string

ROOT = Path(__file__).resolve().parents[2]
RULESET_FILES = sorted(
    [*ROOT.glob("rulesets/*.yaml"), *ROOT.glob("rulesets/house/*.yaml"), *ROOT.glob("tests/fixtures/rulesets/*.yaml")]
)


@pytest.mark.parametrize("path", RULESET_FILES, ids=lambda p: p.stem)
def test_every_position_of_random_play_round_trips_and_plays_on_the_same(path: Path) -> None:
    """Hundreds of positions per ruleset (every position of 60 seeded random deals): the parsed
    state has the same key, stock, widow, dealer and turn-up history, prints as the identical
    string, has the same legal codes, and -- for every third position -- the same random
    continuation gives the same positions and the same result."""
    rs = load_ruleset(path)
    rng = random.Random(2024)
    count = 0
    for d in range(60):
        st = DealState.new(rs, d % rs.players.count, rng.getrandbits(32))
        while not st.is_over:
            if unwritten(st):  # replayed from the deal instead (build.unwritten says which moments)
                st.push_code(rng.choice(st.legal_codes()), keep_undo=False)
                continue
            text = position_string(st)
            back = parse_position(rs, text)
            assert back.key() == st.key(), text
            assert (back.stock, back.widow, back.dealer, back.first_turnup) == (st.stock, st.widow, st.dealer, st.first_turnup)
            assert position_string(back) == text
            assert back.legal_codes() == st.legal_codes(), text
            assert back.history == [] and back.draws == []
            if count % 3 == 0:
                a, b, play = st.copy(), back, random.Random(count)
                while not a.is_over:
                    code = play.choice(a.legal_codes())
                    a.push_code(code, keep_undo=False)
                    b.push_code(code, keep_undo=False)
                    assert a.key() == b.key()
                assert a.result == b.result
            count += 1
            st.push_code(rng.choice(st.legal_codes()), keep_undo=False)
    assert count > 100 or rs.bidding.contracts  # a game of contracts is replayed from its deal


# --------------------------------------------------------------------------- hand-written strings
#: Schnapsen: seat 1 dealt, hearts are trumps (AH turned up), five cards face down; each seat has
#: won a trick (AC KC = 15 for seat 0, JH TS = 12 for seat 1) and seat 0 leads.
MARRIAGE = (
    "dealer=1 trump=H turnup=AH hands=TC,JD,KH,QH,AS/AD,TH,KS,QS,JS stock=QC,TD,JC,KD,QD "
    "leader=0 points=15/12 tricks=1/1"
)


def texts(st: DealState) -> set[str]:
    return {str(a) for a in st.legal_actions()}


def test_the_leader_holding_the_trump_marriage_may_announce_it() -> None:
    """Schnapsen rules: the talon is open (any card may be led); KH QH in trumps may be announced
    with either card; closing needs 3 cards in the talon (there are 6); the winner of the last
    trick may declare; no exchange without the trump jack JH (it was played)."""
    st = parse_position("schnapsen", MARRIAGE)
    assert st.actor == 0
    assert texts(st) == {"play KH", "play QH", "play AS", "play TC", "play JD", "marry KH", "marry QH", "close", "declare"}
    st.apply(Marry(Card.parse("QH")))
    # claim.after_marriage: the marrier may go out at once, with 15 + 40 = 55 counted
    assert (st.actor, st.to_act) == (0, 1) and texts(st) == {"declare", "continue"}
    assert st.card_points() == [55, 12]
    st.apply(Continue())
    # the follower is free to play any card while the talon is open
    assert texts(st) == {"play TH", "play KS", "play QS", "play AD", "play JS"}


def test_after_closing_the_follower_must_follow_suit() -> None:
    """Schnapsen, the same position after seat 0 closes and leads AS: strict play, and seat 1
    (KS QS JS, no higher spade) must follow suit with any of his spades."""
    st = parse_position("schnapsen", MARRIAGE + " closed=0/now")
    assert st.closed and st.closer == 0 and st.closed_this_lead
    st.apply(Play(Card.parse("AS")))
    assert texts(st) == {"play KS", "play QS", "play JS"}


def test_a_marriage_lead_with_the_right_to_go_out_is_written_declare_yes() -> None:
    """After ``marry KH`` the lead KH is on the table and seat 0 may still declare: the string
    says ``trick=KH declare=yes``, and seat 0 (not the follower) must decide."""
    st = parse_position("schnapsen", MARRIAGE.replace("KH,QH,", "QH*,") + " trick=KH declare=yes meld=40/0")
    assert (st.actor, st.to_act, st.known[0].bit_count()) == (0, 1, 1)
    assert texts(st) == {"declare", "continue"}
    st.apply(Declare())  # 15 + 40 = 55 < 66: a false claim, the opponent (with a trick) scores 2
    assert st.result is not None and (st.result.winner, st.result.game_points) == (1, 2)


def test_the_canonical_form_is_written_whatever_was_typed() -> None:
    """Fields in any order, tags and cards in any case, 10 for T; the string written back has
    the fields in the documented order, cards upper case in deck order (C D H S, strongest
    first), defaults left out (dealer 1 for seat 0's lead; no declare for the last trick's
    winner)."""
    typed = "Points=15/12 tricks=1/1 LEADER=0 hands=qh,kh,10c,jd,as/js,ad,qs,ks,th stock=qc,td,jc,kd,qd turnup=ah dealer=1"
    assert position_string(parse_position("schnapsen", typed)) == MARRIAGE


def test_an_exhausted_sechsundsechzig_talon_obliges_heading_the_trick() -> None:
    """Nine tricks played (4 and 5), no talon left: strict play; seat 1 leads TS (spades are
    trumps) and seat 0, holding AS 9H QC, must head it with AS."""
    st = parse_position("sechsundsechzig", "dealer=0 trump=S hands=AS,9H,QC/TS,AH,KC leader=1 points=35/46 tricks=4/5")
    assert texts(st) == {"play TS", "play AH", "play KC", "declare"}
    st.apply(parse_action("play TS"))
    assert texts(st) == {"play AS"}


def test_a_pending_draw_in_sechsundsechzig() -> None:
    """closing.timing before_or_after_draw: right after winning the first trick seat 1 may
    continue (draw), close before the draw, or declare."""
    text = ("dealer=1 trump=D turnup=QD hands=KC,KD,9D,KS,JS/TC,AD,TD,AH,KH "
            "stock=JC,AC,9H,JH,9C,QH,JD,TS,QC,9S,TH leader=1 draw=pending points=0/14 tricks=0/1")
    st = parse_position("sechsundsechzig", text)
    assert texts(st) == {"continue", "close before-draw", "declare"}
    st.apply(Continue())  # seat 1 draws JC, seat 0 draws AC
    assert position_string(st) == text.replace("hands=KC,", "hands=AC,KC,").replace("TC,AD", "TC,JC,AD").replace(
        " stock=JC,AC,", " drawn=JC,AC stock=").replace(" draw=pending", "")


def test_an_auction_position() -> None:
    """North American four-handed, dealer 3: seat 0 passed, seat 1 bid 1, seat 2 to call (pass
    or any higher bid); when seats 2 and 3 pass, seat 1 holds the contract and leads."""
    hands = "AC,TC,KC,AD,TD,KD/QC,JC,9C,QD,JD,9D/AH,TH,KH,AS,TS,KS/QH,JH,9H,QS,JS,9S"
    st = parse_position("north-american-4", f"dealer=3 hands={hands} auction=2 bid=1/1")
    assert texts(st) == {"pass", "bid 2", "bid 3", "bid 4", "bid 5"}
    st.apply(parse_action("pass"))
    st.apply(parse_action("pass"))
    assert position_string(st) == f"dealer=3 hands={hands} bid=1/1 leader=1"
    assert texts(st) == {"play QC", "play JC", "play 9C", "play QD", "play JD", "play 9D"}


def test_a_finished_deal_has_no_position_string() -> None:
    st = parse_position("schnapsen", MARRIAGE)
    st.apply(Declare())
    with pytest.raises(RecordError) as caught:
        position_string(st)
    assert caught.value.message == "the deal is over: a finished deal has no position string"


# --------------------------------------------------------------------------- bad strings
def at(text: str, piece: str) -> int:
    """The column (1-based) where ``piece`` starts in ``text``."""
    return text.index(piece) + 1


BAD = [
    # (string, where the caret goes, path, message)
    (MARRIAGE.replace("hands=", "hnads="), "hnads=", None, "unknown field 'hnads' (did you mean 'hands'?)"),
    (MARRIAGE.replace("JS stock", "9S stock"), "9S", "hands[1][4]", "9S is not a card of the schnapsen deck"),
    (MARRIAGE.replace("AD,TH", "AD,JD"), "AD,JD", "hands[1]", "JD is in two places: hands[0] and hands[1]"),
    (MARRIAGE.replace("KH,QH", "KH,KH"), ",KH,AS", "hands[0][3]", "KH is given twice in hands[0]"),
    (MARRIAGE.replace("dealer=1", "dealer1"), "dealer1", None, "'dealer1' is not a field"),
    (MARRIAGE.replace("leader=0", "leader=2"), "2 points", "leader", "there is no seat 2"),
    (MARRIAGE.replace("trump=H", "trump=S"), "turnup=", "turnup", "AH is not a trump (trumps are S)"),
    ("tricks=2/0 " + MARRIAGE, "tricks=1/1", "tricks", "'tricks' is given twice"),
    (MARRIAGE.replace("points=15/12", "points=15/x"), "x", "points[1]", "'x' is not a number"),
    # a number is refused for what is wrong with it, not as no number
    (MARRIAGE.replace("points=15/12", "points=15/-3"), "-3", "points[1]", "-3 is below 0"),
    (MARRIAGE.replace("points=15/12", "points=999999999999999999999999/12"), "999999999999999999999999", "points[0]",
     "999999999999999999999999 is out of range"),
    (MARRIAGE.replace("leader=0", "leader=-1"), "-1 points", "leader", "-1 is below 0"),
    (MARRIAGE.replace("points=15/12", "points=15"), "15 tricks", "points", "1 numbers for 2 seats"),
    (MARRIAGE.replace("tricks=1/1", "tricks=4/4"), "tricks=", "tricks", "8 tricks of 2 cards were won, but only 4 cards are missing"),
    (MARRIAGE.replace("turnup=AH", "turnup=-"), "-", "turnup", "'-' needs the card turned up at the deal after it"),
    (MARRIAGE.replace("TC,JD,KH,QH,AS/AD,TH,KS,QS,JS", "TC,JD,KH,QH/AD,TH,KS,QS"), "TC,", "hands[0]",
     "4 cards a hand while the talon is open and not closed"),
    (MARRIAGE + " draw=pending", "draw=", "draw", "the schnapsen ruleset does not let a trick's winner close before the draw"),
    (MARRIAGE + " closed=0/later", "later", "closed", "'later' is not allowed here"),
    (MARRIAGE.replace("stock=QC,TD", "stock=QC,,TD"), ",,TD", "stock", "an empty item"),
    # the talon of 10 (the turn-up and 9 face down) loses two cards a trick: 6 left after two
    # tricks; 5 left (QD taken out) is no position, 6 after one trick neither
    (MARRIAGE.replace(",QD ", " "), "stock=", "stock",
     "the talon has gone down by 5 of its 10 cards, which no number of tricks leaves with 2 seats drawing"),
    (MARRIAGE.replace("tricks=1/1", "tricks=1/0").replace("points=15/12", "points=15/0"), "tricks=", "tricks",
     "the talon has gone down by 4 of its 10 cards: the draws of 2 tricks, but 1 trick was played"),
    (MARRIAGE.replace("trump=H ", ""), None, "trump", None),  # the turn-up gives the trump: no error
]


@pytest.mark.parametrize(("text", "piece", "path", "message"), [b for b in BAD if b[3]], ids=lambda v: str(v)[:24])
def test_a_bad_string_gives_one_located_error(text: str, piece: str, path: str | None, message: str) -> None:
    with pytest.raises(PositionStringError) as caught:
        parse_position("schnapsen", text)
    error = caught.value
    assert error.message.startswith(message), error.message
    assert error.path == path
    column = at(text, piece) + (1 if piece.startswith(",") else 0)
    assert error.column == column
    shown = str(error).splitlines()
    assert shown[0].startswith(f"position string, column {column}: ")
    assert shown[1][shown[2].index("^")] == text[column - 1]  # the caret is under the fault


@pytest.mark.parametrize(("points", "expected"), [
    # Schnapsen's 20 cards: per suit A 11, T 10, K 4, Q 3, J 2 = 30; four suits, 120
    ("-3/12", "a whole number from 0 to 120"),
    ("999999999999999999999999/12", "a whole number from 0 to 120"),
])
def test_a_number_out_of_range_names_the_range(points: str, expected: str) -> None:
    with pytest.raises(PositionStringError) as caught:
        parse_position("schnapsen", MARRIAGE.replace("points=15/12", f"points={points}"))
    assert caught.value.expected == expected


def test_a_turn_up_implies_its_trump_suit() -> None:
    assert parse_position("schnapsen", BAD[-1][0]).trump_suit() == "H"


@pytest.mark.parametrize(("text", "message"), [
    ("", "the position string is empty"),
    ("dealer=1", "the hands are missing"),
    ("hands=AC,TC,KC,AD,TD,KD/QC,JC,9C,QD,JD,9D/AH,TH,KH,AS,TS,KS/QH,JH,9H,QS,JS,9S", "a game with an auction needs the auction's state"),
    ("hands=AC,TC,KC,AD,TD,KD/QC,JC,9C,QD,JD,9D/AH,TH,KH,AS,TS,KS/QH,JH,9H,QS,JS,9S bid=5/0 closed=0", "the north-american-4 ruleset has no closing"),
    ("hands=AC,TC,KC,AD,TD,KD/QC,JC,9C,QD,JD,9D/AH,TH,KH,AS,TS,KS/QH,JH,9H,QS,JS,9S auction=0 bid=2/3", "seat 3 has not bid yet"),
    ("x" * 5000, "the string is too long (5000 characters)"),
])
def test_a_string_that_describes_no_position_of_the_ruleset(text: str, message: str) -> None:
    with pytest.raises(PositionStringError) as caught:
        parse_position("north-american-4", text)
    assert caught.value.message.startswith(message), caught.value.message


@pytest.mark.parametrize("name", ["schnapsen", "sechsundsechzig", "north-american-3", "north-american-4"])
def test_a_mangled_string_is_refused_or_plays_to_an_end(name: str) -> None:
    """Strings of random play with a few characters deleted, inserted or replaced: each either
    raises a RulesError (never another exception) or is a position that plays to its end."""
    rs = load_ruleset(name)
    rng = random.Random(5)
    alphabet = "=/,-* 0123456789ATKQJCDHSacdhxyz"
    for d in range(6):
        st = DealState.new(rs, d % rs.players.count, rng.getrandbits(32))
        while not st.is_over:
            chars = list(position_string(st))
            for _ in range(rng.randint(1, 3)):
                i = rng.randrange(len(chars))
                op = rng.random()
                if op < 0.4:
                    del chars[i]
                elif op < 0.7:
                    chars.insert(i, rng.choice(alphabet))
                else:
                    chars[i] = rng.choice(alphabet)
            try:
                back = parse_position(rs, "".join(chars))
            except RulesError:
                pass
            else:
                for _ in range(4 * rs.deck.size):
                    if back.is_over:
                        break
                    back.push_code(rng.choice(back.legal_codes()), keep_undo=False)
                assert back.is_over
            st.push_code(rng.choice(st.legal_codes()), keep_undo=False)


# --------------------------------------------------------------------------- rules replay --position
runner = CliRunner()


def test_replay_from_a_position_string() -> None:
    """``marry KH`` then ``declare`` in the marriage position: a false claim of 55 (section
    claim.false_points): seat 1, who has a trick, scores 2."""
    out = runner.invoke(app, ["replay", "schnapsen", "--position", MARRIAGE, "--moves", "marry KH, declare", "--show-position"])
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert lines[0] == "status: deal_over"
    assert "card_points: 55, 12" in lines and "winner: 1" in lines and "game_points: 2" in lines
    assert lines[-1] == "position: -"


def test_replay_shows_the_position_reached() -> None:
    out = runner.invoke(app, ["replay", "schnapsen", "--position", MARRIAGE, "--moves", "play AS", "--show-position", "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.stdout)
    assert report["to_act"] == 1
    assert report["position"] == MARRIAGE.replace(",AS/", "/").replace("leader=0", "leader=0 trick=AS")


@pytest.mark.parametrize(("args", "error"), [
    (["--position", MARRIAGE.replace("JS stock", "9S stock")], f"error: position string, column {at(MARRIAGE, 'JS stock')}: hands[1][4]: 9S is not a card"),
    (["--position", MARRIAGE, "--moves", "play AS, plya KS"], "error: --moves[1]: cannot read action 'plya KS'"),
    (["--moves", "play AS"], "error: --moves needs --position"),
])
def test_replay_of_a_bad_position_or_move_exits_2(args: list[str], error: str) -> None:
    out = runner.invoke(app, ["replay", "schnapsen", *args])
    assert out.exit_code == 2
    assert out.stderr.startswith(error), out.stderr
    assert "Traceback" not in out.stderr


def test_an_illegal_move_from_a_position_exits_1() -> None:
    out = runner.invoke(app, ["replay", "schnapsen", "--position", MARRIAGE + " closed=0/now", "--moves", "play AS, play AD"])
    assert out.exit_code == 1
    assert out.stdout.splitlines()[0] == "deal 1 move 2, 'play AD', is illegal: must follow suit (spades)"
