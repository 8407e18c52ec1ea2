"""A record a person is still playing replays as that person may see it.

``rules play`` and ``rules run`` with a human seat keep the record on disk after every move.
Replaying it mid-deal once printed every hand and the order of the stock; now the unfinished
deal is reported through the human seat's view (``hidden`` says so), ``--reveal`` shows all,
finished deals and records without a human seat show all as before.
"""

from __future__ import annotations

import re
from pathlib import Path

from clitools import invoke
from interpreter.play.record import load_record
from interpreter.play.secrecy import Secret, secret_of
from interpreter.play.session import TableSession
from interpreter.rules.loader import load_ruleset

# Schnapsen, match seed 7: the first deal (dealer 1) is the greedy bot's 40 in spades, 20 in
# diamonds and a declaration; in the second (dealer 0, deal seed 4071050724) the human seat 1
# leads AD and the bot follows KH, leaving seat 1 to lead again.
UNFINISHED = """\
ruleset: schnapsen
seed: 7
players: [greedy, human]
deals:
  - dealer: 1
    seed: 1390851128
    moves: [marry QS, play AC, marry QD, declare]
  - dealer: 0
    seed: 4071050724
    moves: [play AD, play KH]
"""


def write(tmp_path: Path, text: str = UNFINISHED) -> Path:
    path = tmp_path / "m.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def quoted_cards(text: str) -> set[str]:
    return set(re.findall(r'"([2-9TJQKA][CDHS])"', text))


def test_an_unfinished_deal_of_a_record_with_a_human_seat_is_shown_as_that_seat_sees_it(tmp_path: Path) -> None:
    path = write(tmp_path)
    full = invoke(["replay", str(path), "--json", "--reveal"]).json()
    shown = invoke(["replay", str(path), "--json"])
    assert shown.exit_code == 0
    report = shown.json()
    assert report["hidden"]["seen_by"] == 1
    assert report["hands"][0] is None and report["hands"][1] == full["hands"][1]
    assert report["stock"] is None and report["position"] is None
    assert full["stock"] and full["position"]  # what was hidden was there to hide
    # no card of the bot's hand, nor of the stock, is anywhere in what was printed
    secret = set(full["hands"][0]) | set(full["stock"])
    assert secret and not (quoted_cards(shown.stdout) & secret)
    # the public facts are the same
    for key in ("status", "to_act", "legal", "tricks_won", "match_scores", "trump", "turn_up", "trick", "dealer", "leader"):
        assert report[key] == full[key], key
    assert list(report) == [*full, "hidden"]  # the same keys in the same order, and one more
    # Schnapsen makes each player keep count (info.review_own_tricks: last_trick): no count,
    # not even seat 1's own 15 (AD 11 + KH 4)
    assert full["card_points"] == [0, 15] and report["card_points"] == [None, None]


def test_the_counts_shown_are_those_the_rules_let_the_seat_count(tmp_path: Path) -> None:
    """The same record in Soft Schnapsen (``info.review_own_tricks: all``, Schnapsen's cards):
    seat 1 may count its own tricks, 15, not the opponent's; the text says ``-`` for a count
    kept from it; the log's trick line tells seat 1's own trick with its points.  Schnapsen:
    no count in the text, nor in the log (``takes it``)."""
    soft = write(tmp_path, UNFINISHED.replace("ruleset: schnapsen", "ruleset: house/soft-schnapsen"))
    assert invoke(["replay", str(soft), "--json"]).json()["card_points"] == [None, 15]
    out = invoke(["replay", str(soft), "--log"]).stdout
    assert "card_points: -, 15" in out
    assert "  trick 1: 1 AD, 0 KH -> seat 1 takes 15" in out.split("Deal 2:")[1]
    out = invoke(["replay", str(write(tmp_path)), "--log"]).stdout
    assert "card_points: -, -" in out
    deal_2 = out.split("Deal 2: seat 0 deals")[1]
    assert "  trick 1: 1 AD, 0 KH -> seat 1 takes it" in deal_2 and "15" not in deal_2
    revealed = invoke(["replay", str(write(tmp_path)), "--log", "--reveal"]).stdout
    assert "-> seat 1 takes 15" in revealed and "card_points: 0, 15" in revealed


def test_the_text_report_and_the_log_hide_the_same_and_say_so(tmp_path: Path) -> None:
    path = write(tmp_path)
    full = invoke(["replay", str(path), "--json", "--reveal"]).json()
    out = invoke(["replay", str(path), "--log", "--show-position"])
    assert out.exit_code == 0
    assert "hidden: the deal is unfinished and the record has a human seat: only what seat 1 may see is shown" in out.stdout
    assert "position: -" in out.stdout
    # deal 1 is over: its hands are in the log; deal 2's are not
    assert "seat 0 holds QD AH JH KS QS" in out.stdout
    deal_2 = out.stdout.split("Deal 2: seat 0 deals")[1]
    assert " holds " not in deal_2
    for card in full["hands"][0] + full["stock"]:
        assert not re.search(rf"\b{card}\b", deal_2), card


def test_reveal_shows_every_hand(tmp_path: Path) -> None:
    path = write(tmp_path)
    report = invoke(["replay", str(path), "--json", "--reveal"]).json()
    assert "hidden" not in report
    assert all(isinstance(hand, list) and len(hand) == 5 for hand in report["hands"])
    assert len(report["stock"]) == 7  # 20 cards: 10 dealt, the turn-up, 9 face down, 2 drawn after trick 1


def test_a_position_in_a_finished_deal_is_shown_whole(tmp_path: Path) -> None:
    path = write(tmp_path)
    report = invoke(["replay", str(path), "--json", "--until", "2"]).json()  # inside deal 1
    assert "hidden" not in report and all(report["hands"])


def test_a_record_without_a_human_seat_hides_nothing(tmp_path: Path) -> None:
    path = write(tmp_path, UNFINISHED.replace("[greedy, human]", "[greedy, greedy]"))
    report = invoke(["replay", str(path), "--json"]).json()
    assert "hidden" not in report and report["stock"]


def test_several_human_seats_see_only_what_all_of_them_may(tmp_path: Path) -> None:
    path = write(tmp_path, UNFINISHED.replace("[greedy, human]", "[human, human]"))
    assert secret_of(load_record(path)) == Secret(1, None)
    report = invoke(["replay", str(path), "--json"]).json()
    assert report["hands"] == [None, None] and report["legal"] == []
    assert report["hidden"]["seen_by"] is None
    assert report["card_points"] == [None, None]


def test_a_record_of_the_card_table_is_hidden_while_the_deal_goes_on(tmp_path: Path) -> None:
    rs = load_ruleset("schnapsen")
    path = tmp_path / "rules-play.yaml"
    session = TableSession(rs, 11, ["human", "greedy"], path)
    session.start_deal()
    while session.human_to_act() is None and not session.deal_over:
        session.bot_step()
    session.act(session.legal()[0])
    while session.human_to_act() is None and not session.deal_over:
        session.bot_step()
    assert path.exists() and not session.deal_over
    full = invoke(["replay", str(path), "--json", "--reveal"]).json()
    out = invoke(["replay", str(path), "--json"])
    assert out.exit_code == 0
    report = out.json()
    assert report["hidden"]["seen_by"] == 0 and report["hands"][1] is None
    secret = set(full["hands"][1]) | set(full["stock"])
    assert secret and not (quoted_cards(out.stdout) & secret)


def test_analyse_shows_no_other_seats_choice_in_the_deal_in_play(tmp_path: Path) -> None:
    """Another seat's decision lists its legal moves (its hand): in the unfinished deal only the
    human seat's own decisions are analysed, unless --reveal."""
    path = write(tmp_path)
    out = invoke(["analyse", str(path), "--iters", "50", "--json"])
    assert out.exit_code == 0
    assert "deal 2 is unfinished" in out.stderr
    decisions = out.json()["decisions"]
    assert [(d["deal"], d["seat"]) for d in decisions if d["deal"] == 2] == [(2, 1)]  # seat 0's 'play KH' is left out
    assert {d["deal"] for d in decisions} == {1, 2}  # the finished deal is analysed whole
    every = invoke(["analyse", str(path), "--iters", "50", "--json", "--reveal"]).json()["decisions"]
    assert [(d["deal"], d["seat"]) for d in every if d["deal"] == 2] == [(2, 1), (2, 0)]


# Sechsundsechzig (trump clubs, turn-up 9C): the person at seat 0 leads KC, the bot follows QD,
# and seat 0 takes the trick (4 + 3 = 7 points).  The draw is pending: seat 0 may close before
# it or declare, or let the draw happen -- and draw 9S, the stock's top card, which the full
# list of legal actions (the actions after the draw) names as "play 9S".
BEFORE_THE_DRAW = """\
ruleset: sechsundsechzig
players: [human, greedy]
deals:
  - dealer: 1
    seed: 577090037
    moves: [play KC, play QD]
"""

# Schnapsen (trump spades): after three tricks the bot at seat 1 announces 20 in hearts and
# leads QH.  Seat 0 is to follow (any card: the talon is open) and seat 1 may go out after its
# marriage: "declare" is seat 1's choice, not the person's.
AFTER_THEIR_MARRIAGE = """\
ruleset: schnapsen
players: [human, greedy]
deals:
  - dealer: 1
    seed: 1390851128
    moves: [play QD, play JD, play KD, play JC, play AD, play JS, marry QH]
"""


def test_legal_lists_the_persons_own_choices_and_never_the_card_to_be_drawn(tmp_path: Path) -> None:
    path = write(tmp_path, BEFORE_THE_DRAW)
    full = invoke(["replay", str(path), "--json", "--reveal"]).json()
    assert full["stock"][0] == "9S" and "play 9S" in full["legal"]  # what was to hide
    shown = invoke(["replay", str(path), "--json"])
    report = shown.json()
    assert (report["to_act"], report["hands"][0]) == (0, ["KH", "QH", "JH", "QS", "JS"])
    assert sorted(report["legal"]) == ["close before-draw", "declare"]  # the choices before the draw
    assert "9S" not in shown.stdout
    text = invoke(["replay", str(path)]).stdout
    assert "9S" not in text and "legal: close before-draw, declare" in text


def test_another_seats_declare_is_not_the_persons_choice(tmp_path: Path) -> None:
    path = write(tmp_path, AFTER_THEIR_MARRIAGE)
    full = invoke(["replay", str(path), "--json", "--reveal"]).json()
    assert "declare" in full["legal"]  # the format's list: the follower's cards and seat 1's declare
    report = invoke(["replay", str(path), "--json"]).json()
    hand = report["hands"][0]
    assert report["to_act"] == 0 and sorted(hand) == ["AH", "JH", "KC", "KS", "QS"]
    assert sorted(report["legal"]) == sorted(f"play {c}" for c in hand)  # follow with anything, the talon open
    # the marrier's own replay lists his declare, and no card: it is not his turn to play
    marrier = invoke(["replay", str(write(tmp_path, AFTER_THEIR_MARRIAGE.replace("[human, greedy]", "[greedy, human]"))), "--json"]).json()
    assert (marrier["hidden"]["seen_by"], marrier["legal"]) == (1, ["declare"])
