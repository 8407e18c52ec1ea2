"""The line-mode human seat of `rules run`: what the person is told, how entries are read, and
where it all goes.

A false declaration is asked about first; scores, the match score, pending marriages, the card
drawn and (North American) partner, auction and contract are named; `help`, `quit` and `undo`
are answered; a bare card is played; a forced move is made for the person; the screen and
prompts are on stderr; a hot seat hides each hand from the other player; `--players human`
fills the other seats with the search bot.

The deals are worked out from the seeds: Schnapsen seed 7 deals seat 0 ``QD AH JH KS QS`` and
seat 1 ``AC JD KH QH JS``, spades trump (turn-up AS), stock ``KD JC AD ...`` top first, and
seat 0 leads (seat 1 deals first); :func:`seed_7` checks this against the engine.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from clitools import Outcome, invoke, no_traceback
from cli.human import CLEAR_SCREEN, SEPARATOR, HumanAgent, Interrupted, Quit, Terminal
from interpreter import Match, load_ruleset
from interpreter.core.actions import Action, Declare, Marry, Play
from interpreter.core.cards import Card
from interpreter.core.errors import IllegalActionError
from interpreter.engine.state import DealState
from interpreter.engine.views import SeatView
from interpreter.play.runner import DealEnded, DealStarted

C = Card.parse
RUN = ["run", "schnapsen", "--seed", "7"]
DECLARE_ANYWAY = "declare anyway? [y/N]"


def seed_7() -> DealState:
    state = Match(load_ruleset("schnapsen"), 7).next_deal()
    assert state.actor == 0 and state.trump_suit() == "S"
    assert set(state.hand(0)) == {C(c) for c in "QD AH JH KS QS".split()}
    assert set(state.hand(1)) == {C(c) for c in "AC JD KH QH JS".split()}
    assert [str(state.rs.deck.cards[c]) for c in state.stock[:2]] == ["KD", "JC"]
    return state


def moves_of(record: Path, deal: int = 0) -> list[str]:
    return list(yaml.safe_load(record.read_text(encoding="utf-8"))["deals"][deal]["moves"])


def run_human(tmp_path: Path, entries: str, *extra: str, players: str = "human,greedy", ruleset: str = "schnapsen") -> tuple[Outcome, Path]:
    record = tmp_path / "r.yaml"
    out = invoke(["run", ruleset, *RUN[2:], "--players", players, "--record", str(record), *extra], input=entries)
    no_traceback(out)
    return out, record


# --------------------------------------------------------------------------- a seat without the CLI
class Script:
    """Typed entries, one per prompt; end of input once they run out."""

    def __init__(self, *entries: str) -> None:
        self.entries = list(entries)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.entries:
            raise EOFError
        return self.entries.pop(0)


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def referee(state: DealState) -> Callable[[Action], str | None]:
    def explain(action: Action) -> str | None:
        try:
            state.check(action)
        except IllegalActionError as exc:
            return f"{exc.message} [{exc.rule}]"
        return None
    return explain


def seat(state: DealState, script: Script, *, seats: list[int] | None = None, confirm: bool = True,
         out: io.StringIO | None = None) -> tuple[HumanAgent, io.StringIO]:
    screen = out if out is not None else io.StringIO()
    terminal = Terminal(screen, script, seats=seats if seats is not None else [0], confirm=confirm)
    return HumanAgent(terminal, referee(state)), screen


# --------------------------------------------------------------------------- a false declaration
def test_a_false_declaration_is_asked_about_and_no_keeps_the_deal_going(tmp_path: Path) -> None:
    """marry QS on the first lead: 40 pending (no trick yet), 0 points that count.  Declaring
    would give the opponent claim.false_points.opponent_without_trick = 3 game points.  In
    Schnapsen the player keeps count (``info.review_own_tricks: last_trick``), yet the choice
    tells the count all the same: a side with no trick has nothing to count yet, 0 < 66."""
    seed_7()
    out, record = run_human(tmp_path, "marry QS\ndeclare\nn\ncontinue\n")
    assert out.exit_code == 130  # the input ends at the next decision
    screen = out.stderr
    assert "you may go out now: declare (you have 0 of 66; your 40 announced count only once your side wins a trick) or continue" in screen
    assert "declare 66 (you have 0): too few, you would lose the deal" in screen
    assert "declaring now loses the deal, 3 game points to the other side" in screen
    assert screen.count(DECLARE_ANYWAY) == 1
    assert "not declared: choose again" in screen
    moves = moves_of(record)
    assert moves[0] == "marry QS" and "declare" not in moves and len(moves) >= 2  # seat 1 answered the lead


def test_yes_declares_and_the_match_score_is_shown_next(tmp_path: Path) -> None:
    seed_7()
    out, record = run_human(tmp_path, "marry QS\ndeclare\ny\n")
    assert moves_of(record) == ["marry QS", "declare"]
    assert "Deal 1: seat 1 wins 3 game points" in out.stdout
    assert "match to 7: you 0, opponent 3" in out.stderr  # the next deal's first screen


def test_a_match_counted_down_is_shown_as_what_each_side_still_needs(tmp_path: Path) -> None:
    """Schnapsen counted down (``match.count: down``), the same deal: seat 1 wins 3 game points
    of the 7, so the next screen says 7 - 0 = 7 to go for the person and 7 - 3 = 4 for the
    opponent -- as the log's score line does -- not the score counted up."""
    seed_7()
    house = tmp_path / "down.yaml"
    house.write_text("extends: schnapsen\nname: down\nmatch: {count: down}\n", encoding="utf-8")
    out, _ = run_human(tmp_path, "marry QS\ndeclare\ny\n", ruleset=str(house))
    assert "score seat 0: 7 to go, seat 1: 4 to go" in out.stdout
    assert "match to 7: you 7 to go, opponent 4 to go" in out.stderr


def test_without_the_log_the_deals_end_says_the_match_counted_down(tmp_path: Path) -> None:
    """Where the log does not reach the people (``--json``), the seat says how each deal ended
    and the match score: to one person from their seat, to several (a hot seat) by the seats --
    counted down, what each still needs.  Seed 7 with marry QS and a false declaration: seat 1
    wins 3 game points, 7 - 3 = 4 to go."""
    house = tmp_path / "down.yaml"
    house.write_text("extends: schnapsen\nname: down\nmatch: {count: down}\n", encoding="utf-8")
    match = Match(load_ruleset(house), 7)
    state = match.next_deal()
    state.apply(Marry(C("QS")))
    state.apply(Declare())
    result = match.finish_deal()
    assert match.scores == [0, 3] and result.reason == "seat 0 declared with only 0 (under 66)"
    # the reason named from the one person's side; by the seats, as the log has it, for several
    for seats, said in (([0], "you declared with only 0 (under 66); match to 7: you 7 to go, opponent 4 to go"),
                        ([1], "opponent declared with only 0 (under 66); match to 7: you 4 to go, opponent 7 to go"),
                        ([0, 1], "seat 0 declared with only 0 (under 66); match to 7: seat 0 7 to go, seat 1 4 to go")):
        screen = io.StringIO()
        Terminal(screen, Script(), seats=seats, log_shown=False).follow(DealEnded(1, result, state, match))
        assert screen.getvalue() == f"\ndeal 1 over: {said}\n"


def test_no_confirm_declares_at_once_with_the_warning(tmp_path: Path) -> None:
    seed_7()
    out, record = run_human(tmp_path, "marry QS\ndeclare\n", "--no-confirm")
    assert moves_of(record) == ["marry QS", "declare"]
    assert DECLARE_ANYWAY not in out.stderr
    assert "note: you have 0 points" in out.stderr


def after_qs_takes_jd(ruleset: str) -> DealState:
    """Seed 7 of ``ruleset`` (Schnapsen's cards), after seat 0's QS took seat 1's JD: seat 0
    has one trick of 5 points (Q 3 + J 2) and may declare."""
    state = Match(load_ruleset(ruleset), 7).next_deal()
    schnapsen = seed_7()
    assert [str(state.hand(s)) for s in (0, 1)] == [str(schnapsen.hand(s)) for s in (0, 1)]  # Schnapsen's cards
    state.apply(Play(C("QS")))
    state.apply(Play(C("JD")))
    assert Declare() in state.legal_actions()
    return state


def test_the_declaration_in_the_list_says_it_would_lose() -> None:
    """Soft Schnapsen lets a player count their own tricks (``info.review_own_tricks: all``):
    the list says seat 0 has 5 points, too few."""
    state = after_qs_takes_jd("house/soft-schnapsen")
    agent, screen = seat(state, Script())
    with pytest.raises(Interrupted):
        agent.choose(state.view(0), state.legal_actions())
    assert "declare 66 (you have 5): too few, you would lose the deal" in screen.getvalue()
    assert "points: you 5; tricks: you 1, opponent 0" in screen.getvalue()  # the opponent's count is not seat 0's to look at


def test_where_the_player_keeps_count_no_count_is_told_and_every_declaration_is_asked() -> None:
    """Schnapsen makes a player keep count (``info.review_own_tricks: last_trick``), as the
    full-screen table does: the screen of seat 0, with 5 points in one trick, has no points
    line, no ``you have``, no ``too few`` (which would tell the count is short); the
    declaration is asked about all the same, in words without a count: the opponent, with no
    trick yet, would score ``claim.false_points.opponent_without_trick`` = 3."""
    state = after_qs_takes_jd("schnapsen")
    script = Script("declare", "n")
    agent, screen = seat(state, script)
    with pytest.raises(Interrupted):
        agent.choose(state.view(0), state.legal_actions())
    text = screen.getvalue()
    assert "declare 66 (if you count 66)" in text
    assert "tricks: you 1, opponent 0 (keep count yourself: tricks lie face down)" in text
    assert "careful: if you have fewer than 66 points, declaring loses the deal, 3 game points to the other side" in text
    assert "declare? [y/N] " in script.prompts and "not declared: choose again" in text
    for told in ("points:", "too few", " 5 "):
        assert told not in text, told
    assert not re.search(r"you have \d", text)


# --------------------------------------------------------------------------- what the screen names
def test_the_screen_names_scores_marriages_and_the_card_drawn(tmp_path: Path) -> None:
    """Hot seat, so that both answers are typed: QS takes JD (a trump against a plain card),
    seat 0 draws the top of the stock, KD, and seat 1 the next card, JC."""
    seed_7()
    entries = "\nmarry QS\ncontinue\n\nplay JD\n\n"
    out, _ = run_human(tmp_path, entries, players="human,human")
    screens = out.stderr.split("-- seat ")
    first_of_1 = next(s for s in screens if s.startswith("1 to act"))
    assert "marriage: opponent: 40 in spades (pending: counts once a trick is won)" in first_of_1
    assert "tricks: you 0, opponent 0 (keep count yourself: tricks lie face down)" in first_of_1
    assert "on the table: opponent QS" in first_of_1
    second_of_0 = [s for s in screens if s.startswith("0 to act")][-1]
    assert "you drew KD" in second_of_0
    assert "tricks: you 1, opponent 0 (keep count yourself: tricks lie face down)" in second_of_0
    assert "match to 7: you 0, opponent 0" in second_of_0
    assert "points:" not in out.stderr  # Schnapsen: each player keeps count
    # Soft Schnapsen, the same cards: each player is told their own side's points only
    out, _ = run_human(tmp_path, entries, players="human,human", ruleset="house/soft-schnapsen")
    screens = out.stderr.split("-- seat ")
    first_of_1 = next(s for s in screens if s.startswith("1 to act"))
    assert "points: you 0; tricks: you 0, opponent 0" in first_of_1  # not the opponent's pending 40
    second_of_0 = [s for s in screens if s.startswith("0 to act")][-1]
    assert "points: you 45; tricks: you 1, opponent 0" in second_of_0  # 3 + 2 and the 40 now count


def test_no_card_drawn_after_an_exchange() -> None:
    """An exchange swaps a card of the hand for the turn-up: nothing was drawn.  Schnapsen
    seed 7 has no jack of trumps in seat 0's hand, so the position is built: JS for AS."""
    from interpreter.engine.build import build_position
    from interpreter.core.actions import Exchange

    rs = load_ruleset("schnapsen")
    state = build_position(rs, dealer=1, hands=["JS QD AH JH KS", "AC JD KH QH TS"],
                           stock=["KD", "JC", "AD", "TD", "TC", "KC", "QS", "QC", "TH"], turnup="AS", leader=0)
    assert Exchange() in state.legal_actions()
    agent, screen = seat(state, Script("exchange"))
    state.apply(agent.choose(state.view(0), state.legal_actions()))
    with pytest.raises(Interrupted):
        agent.choose(state.view(0), state.legal_actions())
    assert "you drew" not in screen.getvalue()


def test_four_players_see_partner_auction_and_contract(tmp_path: Path) -> None:
    """north-american-4 seed 1: seat 0 bids first (dealer.first 3, the dealer's left opens).
    With `--players human` the other seats are search bots; before its bid seat 0 is told its
    partner (seat 2, opposite), that no bid has been made, and that bid 5 is the moon."""
    record = tmp_path / "na.yaml"
    state = Match(load_ruleset("north-american-4"), 1).next_deal()
    assert state.actor == 0
    out = invoke(["run", "north-american-4", "--seed", "1", "--players", "human", "--record", str(record)], input="")
    no_traceback(out)
    assert out.exit_code == 130
    assert "players: 0 human, 1 search, 2 search, 3 search" in out.stdout
    assert yaml.safe_load(record.read_text(encoding="utf-8"))["players"] == ["human", "search", "search", "search"]
    assert "you are seat 0; your partner is seat 2; your opponents are seats 1 & 3; seat 3 deals" in out.stderr
    assert "match to 10: your team 0, opponents 0" in out.stderr
    assert "no bid yet\nbid 5 is the moon: every trick, the bidder's partner sits out" in out.stderr
    assert "bid 5: the moon, every trick" in out.stderr


def test_once_play_starts_the_contract_is_shown() -> None:
    """Seat 0 bids 2, the rest pass (one round): seat 0 leads the contract of 2 x 33 = 66."""
    from interpreter.core.actions import Bid, Pass

    state = Match(load_ruleset("north-american-4"), 1).next_deal()
    for call in (Bid(2), Pass(), Pass(), Pass()):
        state.apply(call)
    agent, screen = seat(state, Script())
    with pytest.raises(Interrupted):
        agent.choose(state.view(0), state.legal_actions())
    text = screen.getvalue()
    assert "contract: you, 2 (66 points)" in text
    assert "bid 5 is the moon" not in text and "seat 1 passes" not in text  # the auction is over
    assert "trump not yet fixed (the first card led makes it)" in text


# --------------------------------------------------------------------------- commands
def test_help_lists_this_rulesets_actions_and_the_commands(tmp_path: Path) -> None:
    out, _ = run_human(tmp_path, "help\n")
    help_text = out.stderr.split("? for help): ", 1)[1]
    for typed in ("play CARD", "marry CARD", "exchange", "close", "declare", "continue", "help, ?", "quit"):
        assert f"  {typed} " in help_text, typed
    assert "bid N" not in help_text and "close before-draw" not in help_text  # not in Schnapsen
    na = invoke(["run", "north-american-4", "--seed", "1", "--players", "human,greedy,greedy,greedy", "--record", str(tmp_path / "na.yaml")], input="?\n")
    na_help = na.stderr.split("? for help): ", 1)[1]
    assert "  bid N " in na_help and "  pass " in na_help
    assert "exchange" not in na_help and "declare" not in na_help


def test_quit_ends_the_game_and_keeps_the_record(tmp_path: Path) -> None:
    seed_7()
    out, record = run_human(tmp_path, "play QS\nquit\n")
    assert out.exit_code == 130
    assert f"game quit; the record so far is saved in {record}" in out.stderr
    moves = moves_of(record)
    assert moves[0] == "play QS" and len(moves) == 2  # seat 1's answer, then quit at seat 0's next turn
    replayed = invoke(["replay", str(record), "--json"])
    assert replayed.exit_code == 0 and replayed.json()["status"] == "in_progress"


def test_undo_is_not_offered_and_the_move_is_asked_again(tmp_path: Path) -> None:
    seed_7()
    out, record = run_human(tmp_path, "undo\nplay AH\n")
    assert "undo is not available in rules run (the practice mode of rules play has it)" in out.stderr
    first = out.stderr.split("-- seat 0 to act --")[1]
    assert first.count("your move") == 2
    assert moves_of(record)[0] == "play AH"


# --------------------------------------------------------------------------- a bare card
def test_a_bare_card_is_played(tmp_path: Path) -> None:
    """AH: no marriage with it, so it is played; lower case and 10 for the ten also read."""
    seed_7()
    _, record = run_human(tmp_path, "ah\n")
    assert moves_of(record)[0] == "play AH"


def test_a_bare_card_of_a_marriage_asks_whether_to_announce(tmp_path: Path) -> None:
    """KS with QS in hand: playing it unannounced would give the 40 away, so the seat asks;
    Enter (or y) announces, n plays the card alone."""
    seed_7()
    out, record = run_human(tmp_path, "KS\n\n")
    assert "KS: announce the marriage with it (marry KS)? [Y/n]" in out.stderr
    assert moves_of(record)[0] == "marry KS"
    _, record = run_human(tmp_path, "KS\nn\n")
    assert moves_of(record)[0] == "play KS"


def test_only_an_answer_read_at_the_marriage_question_makes_the_move() -> None:
    """A stray word was taken for yes and announced the marriage, and ``quit`` there made the
    move instead of quitting: now anything but Enter, y, n or quit is asked again."""
    state = seed_7()
    script = Script("KS", "foo", "n")
    agent, screen = seat(state, script)
    assert agent.choose(state.view(0), state.legal_actions()) == Play(Card("K", "S"))
    question = "KS: announce the marriage with it (marry KS)? [Y/n] "
    assert script.prompts[1:] == [question, question]
    assert "answer y (or Enter) to announce the marriage and lead KS, n to play KS without announcing it, or quit" in screen.getvalue()
    agent, _ = seat(state, Script("KS", "quit"))
    with pytest.raises(Quit):
        agent.choose(state.view(0), state.legal_actions())


def test_a_bare_card_not_held_is_explained_and_asked_again(tmp_path: Path) -> None:
    """The engine's refusal names the seat; told to the person at it, it says "you"."""
    seed_7()
    out, record = run_human(tmp_path, "KD\nQD\n")
    assert "illegal: you do not hold KD" in out.stderr
    assert moves_of(record)[0] == "play QD"


def test_a_bare_card_that_may_only_marry_announces() -> None:
    """If the rules let a card be led only with its marriage, the bare card announces it."""
    state = seed_7()
    agent, _ = seat(state, Script())
    legal: list[Action] = [Play(C("QD")), Marry(C("KS")), Marry(C("QS"))]
    assert agent.understand("KS", state.view(0), legal) == Marry(C("KS"))


def test_an_entry_that_is_no_action_lists_this_game_s_actions() -> None:
    """Schnapsen has no auction, doubling, naming of trump or laying away: the answer to an
    entry the notation cannot read lists what ``?`` lists (play, marry, exchange, close,
    declare, continue), and a guess at a word of the game is kept."""
    state = seed_7()
    agent, screen = seat(state, Script())
    assert agent.understand("foo", state.view(0), state.legal_actions()) is None
    assert "cannot read action 'foo' (expected one of: play CARD, marry CARD, exchange, close, declare, continue)\n" in screen.getvalue()
    agent.understand("plya AS", state.view(0), state.legal_actions())
    assert "did you mean 'play'?)" in screen.getvalue()
    agent.understand("dubble", state.view(0), state.legal_actions())  # doubling: not in this game, not guessed
    assert "cannot read action 'dubble' (expected one of: play CARD, marry CARD, exchange, close, declare, continue)\n" in screen.getvalue()
    assert not any(word in screen.getvalue() for word in ("bid N", "trump S", "double,", "discard"))


# --------------------------------------------------------------------------- a forced move
def forced_position() -> DealState:
    """A Schnapsen deal played at random until seat 0 has exactly one legal move (the first
    seed whose deal comes to one)."""
    for seed in range(100):
        state, rng = Match(load_ruleset("schnapsen"), seed).next_deal(), random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            if state.actor == 0 and len(legal) == 1:
                return state
            state.apply(rng.choice([a for a in legal if a != Declare()] or legal))
    raise AssertionError("no forced move for seat 0 in 100 deals")


def test_the_only_legal_move_is_made_without_asking() -> None:
    state = forced_position()
    (only,) = state.legal_actions()
    script = Script()
    agent, screen = seat(state, script)
    assert agent.choose(state.view(0), state.legal_actions()) == only
    assert script.prompts == []
    assert f"only one move: {only} (played for you)" in screen.getvalue()
    assert "your hand: " in screen.getvalue()


def test_a_forced_move_at_a_hot_seat_is_handed_over_as_any_move() -> None:
    """Made at once, without the hand-over, the forced move told the person at the screen what
    the hand lacks (one card to follow with, say): nobody is asked to take the screen for a
    move that was no choice.  So it is handed over as every move is, its player sees it, and
    the Enter that plays it is the keystroke a move chosen would take."""
    state = forced_position()
    (only,) = state.legal_actions()
    script = Script("", "")
    agent, screen = seat(state, script, seats=[0, 1])
    assert agent.choose(state.view(0), state.legal_actions()) == only
    assert script.prompts == ["seat 0: press Enter when only you can see the screen ",
                              f"only one move: {only}; press Enter to play it "]
    assert screen.getvalue().index(SEPARATOR) < screen.getvalue().index("your hand: ")  # shown to its own player only
    # the same seat's next forced move, the screen still its own: nothing to hand over, made at once
    script.prompts.clear()
    assert agent.choose(state.view(0), state.legal_actions()) == only
    assert script.prompts == [] and screen.getvalue().endswith(f"only one move: {only} (played for you)\n")


def test_quit_at_a_hot_seat_forced_move() -> None:
    state = forced_position()
    agent, _ = seat(state, Script("", "quit"), seats=[0, 1])
    with pytest.raises(Quit):
        agent.choose(state.view(0), state.legal_actions())


# --------------------------------------------------------------------------- where it goes
def test_with_json_stdout_is_only_the_summary(tmp_path: Path) -> None:
    out = invoke([*RUN, "--players", "human,greedy", "--json"], input="1\n" * 400)
    no_traceback(out)
    assert out.exit_code == 0, out.stderr
    summary = out.json()  # exactly one JSON line
    assert summary["players"] == ["human", "greedy"] and summary["match_winner"] is not None
    assert "your move" in out.stderr and "your move" not in out.stdout
    # without the log, the seat says how each deal ended
    assert out.stderr.count("\ndeal ") == len(summary["deals"])
    # named from the person's side (the summary keeps the rules' words, by the seats)
    assert summary["deals"][0]["reason"].startswith("seat ")
    assert re.search(r"\ndeal 1 over: (you|opponent) (reached|declared|took)", out.stderr)


def test_quiet_hides_the_log_but_not_the_table(tmp_path: Path) -> None:
    out, _ = run_human(tmp_path, "1\n", "--quiet")
    assert "your hand: " in out.stderr and "your hand" not in out.stdout
    assert "trump spades (turn-up AS)" not in out.stdout  # a log line that --quiet drops
    assert out.stdout.startswith("Schnapsen -- match to 7, seed shown once the match is won")


# --------------------------------------------------------------------------- hot seat
def test_hot_seat_hands_the_screen_over_before_each_hand(tmp_path: Path) -> None:
    out, _ = run_human(tmp_path, "\nplay QS\n\nplay JD\n\n", players="human,human")
    screen = out.stderr
    gate = "seat {}: press Enter when only you can see the screen"
    g0, g1 = screen.index(gate.format(0)), screen.index(gate.format(1))
    hand0, hand1 = screen.index("your hand: QD AH JH KS QS"), screen.index("your hand: AC JD KH QH JS")
    assert g0 < hand0 < g1 < hand1  # each hand only after its player took the screen
    assert screen[:g0].count(SEPARATOR) == 1 and screen[hand0:g1].count(SEPARATOR) == 1  # not a terminal: a separator
    assert screen.count(gate.format(0)) == 2  # seat 0 again after seat 1 played


def test_hot_seat_clears_a_terminal() -> None:
    state = seed_7()
    tty, script = Tty(), Script("", "play AH")
    agent, _ = seat(state, script, seats=[0, 1], out=tty)
    agent.choose(state.view(0), state.legal_actions())
    assert tty.getvalue().startswith(CLEAR_SCREEN)  # cleared before the hand over (the prompt goes with the entry)
    assert script.prompts[0] == "seat 0: press Enter when only you can see the screen "
    assert "your hand: " in tty.getvalue()


def test_quit_at_the_hand_over() -> None:
    state = seed_7()
    agent, _ = seat(state, Script("quit"), seats=[0, 1])
    with pytest.raises(Quit):
        agent.choose(state.view(0), state.legal_actions())


# --------------------------------------------------------------------------- seats
def test_human_alone_takes_seat_0_against_search(tmp_path: Path) -> None:
    out, _ = run_human(tmp_path, "", players="human")
    assert out.exit_code == 130
    assert "players: 0 human, 1 search" in out.stdout


def test_a_wrong_number_of_kinds_is_still_refused() -> None:
    out = invoke(["run", "north-american-4", "--players", "human,greedy"])
    assert out.exit_code == 2
    assert "--players: North American Sixty-Six (four players, partnerships) has 4 seats, got 2 kinds" in out.stderr
    one_bot = invoke(["run", "schnapsen", "--players", "greedy"])
    assert one_bot.exit_code == 2 and "has 2 seats, got 1 kind" in one_bot.stderr


def test_the_seat_keeps_nothing_of_the_full_state() -> None:
    """Events carry the whole deal; the seat takes only what is public from them."""
    state = seed_7()
    agent, _ = seat(state, Script())
    agent.follow(DealStarted(1, state))
    kept = [*vars(agent).values(), *vars(agent.terminal).values()]
    assert not any(isinstance(value, DealState) for value in kept)


# --------------------------------------------------------------------------- the game's own words
def test_a_contract_is_taken_by_its_name_and_contra_doubles(tmp_path: Path) -> None:
    """Dreierschnapsen, seat 1 dealing: the forehand (seat 2) turns trump and bids; in
    ``house/dreierschnapsen`` bid 1 is the Bettler and bid 2 the Schnapser, whatever case the
    name is typed in.  In Burgenland with contra, ``contra`` is ``double``; in Dreierschnapsen,
    which has no doubling, it is told so, as ``double`` is."""
    from interpreter.core.actions import Bid, Double, Pass

    state = DealState.new(load_ruleset("house/dreierschnapsen"), 1, 0)
    state.apply(Pass())
    agent, screen = seat(state, Script())
    view, legal = state.view(2), state.legal_actions()
    assert agent.understand("Bettler", view, legal) == Bid(1)
    assert agent.understand("bid SCHNAPSER", view, legal) == Bid(2)
    assert agent.understand("contra", view, legal) is None
    assert agent.understand("double", view, legal) is None
    assert screen.getvalue().splitlines() == ["illegal: this game has no doubling"] * 2

    contra = DealState.new(load_ruleset("house/burgenland-contra"), 2, 1)
    contra.apply(contra.legal_actions()[0])  # the soloist names trump; seat 1 may double
    agent, _ = seat(contra, Script())
    assert agent.understand("Contra", contra.view(1), contra.legal_actions()) == Double()


def test_a_move_the_game_has_not_is_told_so_before_what_the_moment_asks(tmp_path: Path) -> None:
    """Dreierschnapsen while trump is named: ``exchange`` is no move of the game at all (no
    turn-up to exchange), not one that must wait until trump is named."""
    state = DealState.new(load_ruleset("house/dreierschnapsen"), 1, 0)
    agent, screen = seat(state, Script())
    assert agent.understand("exchange", state.view(2), state.legal_actions()) is None
    assert screen.getvalue() == "illegal: this game has no exchange of the turn-up\n"


def test_the_screen_says_the_deal_is_doubled() -> None:
    """Burgenland with contra, seat 2 dealing (seed 1): seat 0 plays alone and names trump,
    seat 1 doubles, seat 2 need not; the soloist's screen says the deal counts twice."""
    from interpreter.core.actions import Double

    state = DealState.new(load_ruleset("house/burgenland-contra"), 2, 1)
    state.apply(state.legal_actions()[0])
    state.apply(Double())
    agent, screen = seat(state, Script())
    agent.show(state.view(0), state.legal_actions())
    assert "doubled (x2) by seat 1: the deal counts twice\n" in screen.getvalue()


# --------------------------------------------------------------------------- the log a person reads
def test_the_log_tells_no_trick_points_the_person_must_count(tmp_path: Path) -> None:
    """Seed 7: seat 0 leads QS (marry QS, then continue), seat 1's greedy bot follows JD; QS
    takes it, 3 + 2 = 5 points.  The log on stdout is read by the person too: in Schnapsen,
    where players keep count, the trick line names no points; in Soft Schnapsen (own tricks
    may be counted) seat 0's own trick has its 5, and seat 1's view of it (seat 1 human) none;
    ``--open`` (every hand, asked for) and a match of bots tell every count."""
    seed_7()
    line = "  trick 1: 0 QS, 1 JD -> seat 0 takes "
    out, _ = run_human(tmp_path, "marry QS\ncontinue\n")
    assert line + "it\n" in out.stdout and line + "5" not in out.stdout
    out, _ = run_human(tmp_path, "marry QS\ncontinue\n", "--open")
    assert line + "5\n" in out.stdout
    out, _ = run_human(tmp_path, "marry QS\ncontinue\n", ruleset="house/soft-schnapsen")
    assert line + "5\n" in out.stdout
    out, _ = run_human(tmp_path, "play JD\n", players="greedy,human", ruleset="house/soft-schnapsen")
    assert line + "it\n" in out.stdout
    bots = invoke([*RUN, "--deals", "1"])
    assert line + "5\n" in bots.stdout


def test_the_sides_a_seat_may_count(tmp_path: Path) -> None:
    """The one rule the table, the line-mode seat and ``rules replay`` count by
    (:func:`interpreter.play.seatfacts.points_shown`), worked out from the rule files:
    Schnapsen's players may look back at the last trick only, so they count nothing; soft
    Schnapsen lets a player look through his own tricks, so he counts his own side; a
    partnership game with the same option counts the partners' side (seat 3 sits with seat
    1 in North American 4); practice mode counts every side."""
    from interpreter.play.seatfacts import points_shown

    def view(rs: str | Path, seat: int) -> SeatView:
        return Match(load_ruleset(rs), 1).next_deal().view(seat)

    assert points_shown(view("schnapsen", 0)) == set() and points_shown(view("schnapsen", 1)) == set()
    assert points_shown(view("schnapsen", 1), practice=True) == {0, 1}
    assert points_shown(view("house/soft-schnapsen", 1)) == {1}
    assert points_shown(view("north-american-4", 3)) == set()
    teams = tmp_path / "teams.yaml"
    teams.write_text("extends: north-american-4\nname: teams\ninfo:\n  review_own_tricks: all\n", encoding="utf-8")
    assert points_shown(view(teams, 3)) == {1} and points_shown(view(teams, 2)) == {0}
