"""rules play --review: a record stepped through at the table, with the analysis of each
decision.  The record is the hand-worked endgame of tests/play/test_analysis.py (seat 0 leads
AH where KS wins: -1 against +1, a blunder), read by keys as a person would; the opponent's
cards are never on the screen before they are played, but for the best line of a solved
position, which names the cards as they lay (docs/play.md)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from typer.testing import CliRunner

from cli.main import app as cli_app
from cli.table.review import ReviewApp, review_app
from interpreter.play.record import load_record
from tabletools import screen_text

ENDGAME = (Path(__file__).resolve().parents[1] / "fixtures" / "records" / "endgame.yaml").read_text(encoding="utf-8")


def screens(path: Path, seat: int, iterations: int, keys: list[str], size: tuple[int, int] = (170, 32)) -> list[str]:
    """The review of the record at ``path``: the screen's text before any key and after each
    of ``keys``, each once the analysis it shows is finished."""
    app: ReviewApp = review_app(load_record(str(path)), seat, iterations, 0, path)
    seen: list[str] = []

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            for key in [""] + keys:
                if key:
                    await pilot.press(key)
                for _ in range(600):
                    await pilot.pause()
                    text = screen_text(app)  # type: ignore[arg-type]
                    if "analysing" not in text:
                        break
                    await asyncio.sleep(0.05)
                seen.append(text)

    asyncio.run(main())
    return seen


def reviewed(tmp_path: Path, seat: int, steps: list[str]) -> list[str]:
    """The hand-worked endgame reviewed (50 iterations: it is solved exactly anyway)."""
    path = tmp_path / "end.yaml"
    path.write_text(ENDGAME, encoding="utf-8")
    return screens(path, seat, 50, steps)


def example_record(tmp_path: Path) -> Path:
    """docs/cli.md's example deal: Schnapsen seed 3, random against greedy."""
    path = tmp_path / "g.yaml"
    made = CliRunner().invoke(cli_app, ["run", "schnapsen", "--players", "random,greedy", "--deals", "1", "--seed", "3", "--record", str(path)])
    assert made.exit_code == 0, made.output
    return path


def test_each_move_of_the_record_is_shown_with_its_analysis(tmp_path: Path) -> None:
    first, second, third, fourth, end, back = reviewed(tmp_path, 0, ["right", "right", "right", "right", "left"])
    # move 1: seat 0's lead, worked by hand: AH -1, KS +1 (best), a false declaration -2
    assert "deal 1 of 1" in first and "move 1 of 5" in first
    assert "Your hand: [A♥*]  K♠" in first and "Next: you -- lead A♥" in first
    assert "played AH -1.00" in first and "best   KS +1.00  (loss 2.00)" in first and "blunder" in first
    assert "+1.00  play KS" in first and "-1.00  play AH  <- played" in first and "-2.00  declare" in first
    assert "exact over the only hand the opponent can hold" in first
    assert "best line with the cards as they lay:" in first and "you KS, opponent AS, opponent TH, you AH" in first
    for hidden in ("10♥", "A♠"):  # the opponent's cards, not played yet
        assert hidden not in first
    # move 2: the opponent's card, not analysed; its hand still hidden but for the card it plays
    assert "Next -- opponent: 10♥" in second and "Another seat's move" in second and "A♠" not in second
    # move 3: seat 0's last card or a false declaration with 61: KS (-1) is the best move
    assert "move 3 of 5" in third and "the best move" in third and "-2.00  declare" in third
    assert "Next -- opponent: A♠" in fourth  # now the opponent's last card is played before all eyes
    # the line played: seat 1 took the last trick (KS under AS), so it won the deal
    assert "move 5 of 5" in end and "The deal is over: opponent won" in end and "nothing left to analyse" in end
    assert "move 4 of 5" in back


def test_review_refuses_what_it_cannot_show(tmp_path: Path) -> None:
    runner = CliRunner()
    path = tmp_path / "end.yaml"
    path.write_text(ENDGAME, encoding="utf-8")
    bad_seat = runner.invoke(cli_app, ["play", "--review", str(path), "--seat", "2"])
    assert bad_seat.exit_code == 2 and "--seat 2: the schnapsen ruleset has seats 0 to 1" in bad_seat.stderr
    both = runner.invoke(cli_app, ["play", "schnapsen", "--review", str(path)])
    assert both.exit_code == 2 and "--review: a record is reviewed on its own" in both.stderr
    seat_alone = runner.invoke(cli_app, ["play", "--seat", "1"])
    assert seat_alone.exit_code == 2 and "--seat: only with --review" in seat_alone.stderr
    missing = runner.invoke(cli_app, ["play", "--review", str(tmp_path / "none.yaml")])
    assert missing.exit_code == 2 and missing.exception is None or isinstance(missing.exception, SystemExit)
    piped = runner.invoke(cli_app, ["play", "--review", str(path)])  # CliRunner's streams are no terminal
    assert piped.exit_code == 2 and "needs a terminal; rules analyse RECORD prints the same analysis" in piped.stderr


def test_a_human_seats_unfinished_deal_is_shown_only_through_its_eyes(tmp_path: Path) -> None:
    path = tmp_path / "live.yaml"
    path.write_text("ruleset: schnapsen\nplayers: [human, greedy]\ndeals:\n  - dealer: 1\n    seed: 3\n    moves: [play AS]\n",
                    encoding="utf-8")
    out = CliRunner().invoke(cli_app, ["play", "--review", str(path), "--seat", "1"])
    assert out.exit_code == 2 and "only seat 0's view of it may be shown" in out.stderr


def test_the_review_shows_rules_analyse_figures_after_a_step_the_record_leaves_out(tmp_path: Path) -> None:
    """Schnapsen seed 3 (random against greedy): at move 3 seat 1 announces a marriage, and
    before seat 0's move 4 it declines to go out -- a step records leave out.  The table must
    show seat 0 to play, with the same report as rules analyse (seeded the same way)."""
    from interpreter.play.analysis import analyse_record

    path = example_record(tmp_path)
    record = load_record(str(path))
    report = next(r for r in analyse_record(record, seats=[0], iterations=200) if r.move == 4)
    screen = screens(path, 0, 200, ["right", "right", "right"])[-1]
    assert report.played == "play KH"  # docs/cli.md's example: the king of hearts under the queen of diamonds
    assert "move 4 of" in screen and "Next: you -- play K♥" in screen and "Your hand: Q♠  J♠  A♥  [K♥]  10♦" in screen
    assert f"played {report.played.removeprefix('play ')} {report.played_value:+.2f}" in screen
    assert f"best   {report.best.removeprefix('play ')} {report.best_value:+.2f}" in screen


def test_docs_play_md_shows_the_screen_the_review_draws(tmp_path: Path) -> None:
    """docs/play.md's picture of the review (the example deal of docs/cli.md at move 4, 100 x 26,
    --iters 1000) is the screen as drawn, trailing blanks aside: a stale one fails here."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "play.md").read_text(encoding="utf-8")
    shown = page.split("## Looking back: `rules play --review`", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    screen = screens(example_record(tmp_path), 0, 1000, ["right", "right", "right"], size=(100, 26))[-1]
    drawn = [line.rstrip() for line in screen.splitlines() if line.strip()]
    assert drawn == [line.rstrip() for line in shown.splitlines() if line.strip()]


def test_a_deal_a_person_is_still_playing_is_reviewed_without_best_lines(tmp_path: Path) -> None:
    """As rules analyse does (tests/cli/test_analyse_cli.py): the best line with the cards as
    they lie would show the cards of seat 1, which the person at seat 0 has not seen yet."""
    from interpreter.play.secrecy import secret_of

    path = tmp_path / "live.yaml"
    path.write_text(ENDGAME.replace("moves: [play AH, play TH, play KS, play AS]", "players: [human, greedy]\nmoves: [play AH]"),
                    encoding="utf-8")
    record = load_record(str(path))
    secret = secret_of(record)
    assert secret is not None and secret.deal == 0
    app: ReviewApp = review_app(record, 0, 50, 0, path, secret.deal)
    seen: list[str] = []

    async def main() -> None:
        async with app.run_test(size=(170, 32)) as pilot:
            for _ in range(600):
                await pilot.pause()
                if "analysing" not in screen_text(app):  # type: ignore[arg-type]
                    break
                await asyncio.sleep(0.05)
            seen.append(screen_text(app))  # type: ignore[arg-type]

    asyncio.run(main())
    assert "best   KS +1.00" in seen[0] and "best line" not in seen[0] and "A♠" not in seen[0] and "AS" not in seen[0]


def test_a_file_name_is_shown_as_text_never_as_markup_or_escapes(tmp_path: Path) -> None:
    """The record's name is on the screen: brackets are no Rich markup there (a stray one
    would raise), and a control character is shown as a visible escape, not sent raw."""
    path = tmp_path / "[bold]end\x1b[2J.yaml"
    path.write_text(ENDGAME, encoding="utf-8")
    first = screens(path, 0, 50, [])[0]
    assert "review of [bold]end" in first and "\x1b" not in first


def test_another_seats_cards_laid_away_face_down_are_never_named(tmp_path: Path) -> None:
    """Dreierschnapsen, seed 1, three greedy players: everybody passes the naming, so seat 2
    takes the widow and lays J♣ and 10♣ away face down (moves 5 and 6 of the record).  Seat 0,
    reviewing, is told that seat 2 lays a card away -- in the third person, as the table's log
    tells it -- and neither card is on any screen of the deal: a card laid away is never played."""
    path = tmp_path / "d3.yaml"
    made = CliRunner().invoke(cli_app, ["run", "house/dreierschnapsen", "--players", "greedy,greedy,greedy", "--deals", "1",
                                        "--seed", "1", "--record", str(path)])
    assert made.exit_code == 0, made.output
    moves = load_record(str(path)).deals[0].moves
    assert [str(m) for m in moves[4:6]] == ["discard JC", "discard TC"]
    shown = screens(path, 0, 20, ["right"] * 7)
    fifth, sixth = shown[4], shown[5]
    assert "move 5 of" in fifth and "lays a card away" in fifth
    assert "move 6 of" in sixth and "lays a card away" in sixth
    for screen in shown:
        for card in ("J♣", "10♣", "JC", "TC"):
            assert card not in screen, screen
        assert "(it counts for you)" not in screen and "your jack" not in screen


def test_a_value_that_rounds_to_nothing_is_shown_plus_zero(tmp_path: Path) -> None:
    """As rules analyse writes it (cli/analysis_words.signed): -0.004 is +0.00, never -0.00."""
    from interpreter.play.analysis import MoveReport

    path = tmp_path / "end.yaml"
    path.write_text(ENDGAME, encoding="utf-8")
    app = review_app(load_record(str(path)), 0, 50, 0, path)
    report = MoveReport(deal=1, move=1, seat=0, played="play AH", played_value=-0.004, best="play KS", best_value=0.25,
                        loss=0.254, grade="", exact=False, values={"play KS": 0.25, "play AH": -0.004}, iterations=50)
    text = app._analysis(report).plain
    assert "played AH +0.00" in text and "best   KS +0.25" in text and " +0.00  play AH  <- played" in text
    assert "-0.00" not in text


def test_a_loss_too_few_searches_back_is_shown_uncertain_not_graded(tmp_path: Path) -> None:
    """As rules analyse says it (cli/analysis_words.verdict_words): the move played searched 7
    times, under the 30 a grade needs, so its loss of 2.39 is uncertain, not a blunder."""
    from interpreter.play.analysis import MoveReport

    path = tmp_path / "end.yaml"
    path.write_text(ENDGAME, encoding="utf-8")
    app = review_app(load_record(str(path)), 0, 50, 0, path)
    report = MoveReport(deal=1, move=1, seat=0, played="play AH", played_value=-2.0, best="play KS", best_value=0.39,
                        loss=2.39, grade="", exact=False, values={"play KS": 0.39, "play AH": -2.0}, iterations=50,
                        visits={"play KS": 43, "play AH": 7}, uncertain=True)
    text = app._analysis(report).plain
    assert "uncertain (loss 2.39, play AH searched 7 times)" in text and "blunder" not in text


#: A record cut off mid-deal, as ``rules play`` leaves it when a person quits: the last move
#: is seat 1's marriage in spades, led with the queen, so seat 0 is to follow when the record
#: stops (once seat 1 has chosen not to go out: a marriage lets it declare).
MID_DEAL = """\
ruleset: schnapsen
players: [human, greedy]
deals:
  - dealer: 1
    seed: 1022050301
    moves: [play AH, play JD, play KH, play TH, marry QS]
"""


def test_a_deal_still_in_play_is_not_called_over(tmp_path: Path) -> None:
    """The last step of a deal the record leaves unfinished says the deal goes on and who is
    to move (seat 1 led its marriage's queen: seat 0 must follow), never "the deal is over"."""
    path = tmp_path / "mid.yaml"
    path.write_text(MID_DEAL, encoding="utf-8")
    last = screens(path, 0, 50, ["right"] * 5)[-1]
    assert "move 6 of 6" in last
    assert "The deal is over" not in last and "nothing left to analyse" not in last
    # seat 1 may still go out after its marriage (records never hold its "continue"): then seat 0
    assert "the deal still in play: you to play next (once opponent plays on)" in last
    assert "The deal is still being played" in last


def secret_screens(tmp_path: Path, text: str, keys: list[str]) -> list[str]:
    """A record whose last deal a person at seat 0 is still playing, reviewed as ``rules play
    --review`` reviews it (the deal secret: cli/play.py finds it with secret_of)."""
    from interpreter.play.secrecy import secret_of

    path = tmp_path / "live.yaml"
    path.write_text(text, encoding="utf-8")
    record = load_record(str(path))
    secret = secret_of(record)
    assert secret is not None and secret.seat == 0
    app: ReviewApp = review_app(record, 0, 20, 0, path, secret.deal)
    seen: list[str] = []

    async def main() -> None:
        async with app.run_test(size=(120, 34)) as pilot:
            for key in [""] + keys:
                if key:
                    await pilot.press(key)
                for _ in range(600):
                    await pilot.pause()
                    if "analysing" not in screen_text(app):  # type: ignore[arg-type]
                        break
                    await asyncio.sleep(0.05)
                seen.append(screen_text(app))  # type: ignore[arg-type]

    asyncio.run(main())
    return seen


#: North American Sixty-Six (four players; tricks lie face down: info.review_own_tricks is
#: none), left by the person at seat 0 in the third trick: the auction (moves 1-4), trick 1
#: led by seat 2's marriage in spades (moves 5-8: K♠ 9♠ J♠ A♠), trick 2 (moves 9-12: A♥ Q♥
#: K♥ A♣), then A♦ J♦ 10♦ on the table, seat 0 to play.
NA4_LIVE = """\
ruleset: north-american-4
players: [human, random, random, random]
deals:
  - dealer: 3
    seed: 2675342405
    moves: [bid 1, pass, bid 2, pass, marry KS, play 9S, play JS, play AS,
            play AH, play QH, play KH, play AC, play AD, play JD, play TD]
"""


def test_a_deal_still_in_play_shows_no_points_and_no_trick_lying_face_down(tmp_path: Path) -> None:
    """The table tells the person no points (they keep count) and lets them look back at no
    trick: the review of the deal they left shows the same -- from the first move of the trick
    on the table (move 13 of 15 moves, 16 positions), no step back before it, no points."""
    import re

    shown = secret_screens(tmp_path, NA4_LIVE, ["left", "left", "pageup", "right", "right", "right", "pagedown"])
    first, back, back2, deal_back, *forward, deal_forward = shown
    for screen in (first, back, back2, deal_back, deal_forward):
        assert "move 13 of 16" in screen and "moves 1 to 12 face down" in screen
    assert ["move 14 of 16" in forward[0], "move 15 of 16" in forward[1], "move 16 of 16" in forward[2]] == [True] * 3
    assert "On the table: seat 1 A♦,  partner J♦,  seat 3 10♦" in forward[2]
    for screen in shown:
        assert "keep count yourself: tricks lie face down" in screen
        assert not re.search(r"(your team|opponents): \d+ points", screen), screen
        assert "pending)" not in screen and "last trick" not in screen
        for card in ("K♠", "9♠", "J♠", "A♠", "A♥", "Q♥", "K♥", "A♣"):  # the two tricks taken, face down
            assert card not in screen, (card, screen)


def test_a_deal_still_in_play_shows_the_last_trick_while_the_rules_let_it_be_looked_at(tmp_path: Path) -> None:
    """Schnapsen (info.review_own_tricks: last_trick): seat 0 leads A♥, seat 1 throws J♦ (no
    heart, clubs trump: seat 0 takes it), seat 0 leads K♥, seat 1 takes it with 10♥.  Where the
    record stops the table is empty, so the last trick may still be looked at: the review goes
    back to its lead (move 3 of 4) and no further; the first trick lies face down."""
    live = MID_DEAL.replace("moves: [play AH, play JD, play KH, play TH, marry QS]", "moves: [play AH, play JD, play KH, play TH]")
    first, back, second, last = secret_screens(tmp_path, live, ["left", "right", "right"])
    assert "move 3 of 5" in first and "move 3 of 5" in back and "move 1 to 2" not in first
    assert "moves 1 to 2 face down" in first
    assert "Next: you -- lead K♥" in first and "Next -- opponent: 10♥" in second
    assert "move 5 of 5" in last and "last trick: you K♥,  opponent 10♥" in last
    for screen in (first, back, second, last):
        assert "A♥" not in screen and "J♦" not in screen
        assert "keep count yourself" in screen and " points" not in screen


def test_a_choice_the_analysis_does_not_value_is_not_called_forced(tmp_path: Path) -> None:
    """Dreierschnapsen, seed 1, three greedy players: move 1 is seat 2 (the forehand: seat 1
    deals) declining to name trump from its first cards -- a choice of five (pass, or one of the
    four suits), which the analysis does not value (no deal of the hidden cards can be drawn
    yet).  The review says so, never "a forced move"."""
    path = tmp_path / "d3.yaml"
    made = CliRunner().invoke(cli_app, ["run", "house/dreierschnapsen", "--players", "greedy,greedy,greedy", "--deals", "1",
                                        "--seed", "1", "--record", str(path)])
    assert made.exit_code == 0, made.output
    first = screens(path, 2, 20, [])[0]
    assert "move 1 of" in first and "Next: you --" in first
    assert "Chosen, not valued: trump is named (or not)" in first  # the rest wraps in the panel
    assert "forced" not in first


def test_a_forced_move_and_an_unvalued_choice_are_told_apart_by_the_choices() -> None:
    from cli.table.review import not_valued
    from interpreter.core.actions import NameTrump, Pass, Play
    from interpreter.core.cards import Card

    assert not_valued([Play(Card.parse("AS"))]) == "A forced move: nothing to choose."
    assert not_valued([Pass(), NameTrump("C"), NameTrump("H")]).startswith("Chosen, not valued: trump is named")
    assert not_valued([Pass(), Play(Card.parse("AS"))]) == "Chosen, not valued: the analysis gives none of the 2 choices here a value."


MARRIAGE = """\
# Two cards each, the talon gone, hearts trumps: seat 0 (50 points) marries QS (70) and does not
# go out at once -- a step the record leaves out (worked by hand in tests/play/test_analysis_steps.py:
# declaring +1, going on -1, a blunder).
ruleset: schnapsen
dealer: 1
hands:
  0: [KS, QS]
  1: [AS, TH]
start:
  leader: 0
  card_points: [50, 42]
  tricks_won: [4, 4]
  closed: false
  trump: H
moves: [marry QS, play AS, play TH, play KS]
"""


def test_a_step_the_seat_declined_has_a_position_of_its_own_with_its_analysis(tmp_path: Path) -> None:
    """After its marriage seat 0 could go out with 70 and went on: that choice is shown before
    move 2 (the opponent's AS), with QS on the table and KS in hand, valued as rules analyse
    values it; the opponent, reviewing, has no such position (the choice was not its own)."""
    path = tmp_path / "marriage.yaml"
    path.write_text(MARRIAGE, encoding="utf-8")
    marry, step, answer = screens(path, 0, 50, ["right", "right"])
    assert "move 1 of 5" in marry and "a step the record leaves out" not in marry
    assert "move 2 of 5  ·  a step the record leaves out" in step
    assert "Your hand: K♠" in step and "Next: you -- continue: play on" in step
    assert "played continue -1.00" in step and "best   declare +1.00  (loss 2.00)" in step and "blunder" in step
    assert "+1.00  declare" in step and "-1.00  continue  <- played" in step
    assert "move 2 of 5" in answer and "a step the record leaves out" not in answer and "Next -- opponent: A♠" in answer
    other = screens(path, 1, 50, ["right"])
    assert "move 1 of 5" in other[0] and "move 2 of 5" in other[1] and "a step the record leaves out" not in other[1]


DREIER = """\
ruleset: house/dreierschnapsen
deals:
  - dealer: 1
    seed: 2675342405
    moves: [trump H, pass, pass, pass, discard JC, discard JD, marry QH, play KC, play AH, play JH, play TH, play TS, declare]
"""


def test_a_seat_is_named_on_one_screen_as_at_that_moment(tmp_path: Path) -> None:
    """Dreierschnapsen: seat 2 names hearts, and everybody passes -- seat 2 plays the plain game
    against seats 0 and 1, who are partners from the last pass (seat 1's, move 4) on.  Before
    that pass seat 1 is one of seat 0's two opponents, on the screen's head and in the line
    that tells its pass alike; after it, its partner."""
    path = tmp_path / "dreier.yaml"
    path.write_text(DREIER, encoding="utf-8")
    *_, last_call, after = screens(path, 0, 20, ["right", "right", "right", "right"])
    assert "move 4 of 14" in last_call and "opponent (seat 1): 6 cards, deals" in last_call
    assert "Next -- seat 1: pass" in last_call and "partner" not in last_call
    assert "move 5 of 14" in after and "partner (seat 1)" in after


#: North American four-hand, dealer seat 3: seat 1 bids 5, the moon (every trick, its partner
#: seat 3 sitting out), and leads J♥, which makes hearts trump; seat 2 takes that first trick
#: with Q♥ (a queen above a jack), so the moon is set and the deal is won by the other team,
#: seats 0 and 2.  (Match sides: team 0 is seats 0 and 2, team 1 seats 1 and 3.)
MOON = """\
ruleset: north-american-4
dealer: 3
seed: 2675342405
moves: [pass, bid 5, pass, pass, play JH, play QH, play QD, play TS, play JS, play
    AS, play AH, play QS, play KD, play AD, play JD, play 9D, play 9H, play KS, play
    JC, play 9C, play KC, play AC]
"""


def test_the_winner_of_a_team_game_is_named_as_a_team(tmp_path: Path) -> None:
    """The deal's winner is a match side: reviewed from seat 2 it is "your team", from seat 3
    "opponents" -- where the review said "partner won" to seat 2 (its own team won) and "seat 0
    won" to seat 3, naming the side's number as if it were a seat."""
    path = tmp_path / "moon.yaml"
    path.write_text(MOON, encoding="utf-8")
    for seat, name in [(0, "your team"), (2, "your team"), (3, "opponents")]:
        end = screens(path, seat, 1, ["right"] * 22)[-1]
        assert f"The deal is over: {name} won" in end, (seat, end)
