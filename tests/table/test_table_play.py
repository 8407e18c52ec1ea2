"""The card table of ``rules play``, driven by keys as a person plays it (Textual's pilot):
a whole match, the dealt hand on screen, no hidden card ever shown, a wrong claim asked
first, hints and undo in practice mode, the record on disk after every move and resumed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from cli.table.app import TableApp, TableOptions
from cli.table.dialogs import ConfirmScreen, DealSummary, HelpScreen
from cli.table.screen import TableScreen
from cli.table.start import StartScreen
from interpreter import Match, load_ruleset
from interpreter.core.actions import Bid, Close, Continue, Declare, Marry, Play
from interpreter.play import seatfacts as facts
from interpreter.play.record import load_record, replay
from interpreter.play.session import resume
from tabletools import press_card, start_and_play, hidden_cards, key_for, options, run, screen_text, settle, shows_card, unreviewable_cards


def table(app: TableApp) -> TableScreen:
    screen = next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))
    return screen


def a_seed_where_seat_0_leads_with(rs_name: str, want: Any) -> int:
    """The first match seed whose first deal gives seat 0, who leads it, a hand with ``want``."""
    rs = load_ruleset(rs_name)
    for seed in range(500):
        state = Match(rs, seed).next_deal()
        if state.actor == 0 and want(state):
            return seed
    raise AssertionError("no such seed in 500")


def test_start_screen_then_the_dealt_hand_is_on_the_table(tmp_path: Path) -> None:
    rs = load_ruleset("schnapsen")
    dealt = Match(rs, 7).next_deal().hand(0)  # the same seed deals the same cards

    async def test(app: TableApp, pilot: Any) -> None:
        assert isinstance(app.screen, StartScreen)
        assert "Ruleset" in screen_text(app) and "Opponent" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        for card in dealt:
            assert facts.card_text(card) in text, f"{card} of the dealt hand is not on screen"
        assert "match to 7: you 0, opponent 0" in text

    run(test, options("schnapsen", tmp_path))


def play_match_by_keys(app: TableApp, pilot: Any, check_hidden: bool = True) -> Any:
    """Play the person's seat to the end of the match with keys: a card by its number, the
    claim with d when 66 is reached, the summary closed with Enter."""

    async def go() -> dict[str, int]:
        counts = {"decisions": 0, "deals": 0, "hidden_checks": 0}
        for _ in range(2000):
            await settle(pilot)
            if isinstance(app.screen, StartScreen):
                return counts  # the match is over: back to the start screen
            if isinstance(app.screen, DealSummary):
                counts["deals"] += 1
                await pilot.press("enter")
                continue
            if isinstance(app.screen, ConfirmScreen):
                await pilot.press("y")
                continue
            screen = table(app)
            session = screen.session
            if session.human_to_act() != screen.me:
                continue
            if check_hidden:
                text = screen_text(app)
                for card in hidden_cards(app):
                    assert not shows_card(text, card), f"hidden card {card} on screen:\n{text}"
                for card in unreviewable_cards(app):
                    assert not shows_card(text, card), f"{card} of a trick the rules do not let anyone look back at is on screen:\n{text}"
                counts["hidden_checks"] += 1
            view = session.view(screen.me)
            legal = session.legal()
            mine = session.rs.side_of(screen.me)
            declare = [a for a in legal if isinstance(a, Declare) and view.card_points[mine] >= session.rs.claim.target]
            plays = [a for a in legal if isinstance(a, Play)]
            choice = declare[0] if declare else plays[0] if plays else next(a for a in legal if not isinstance(a, Marry))
            await pilot.press(key_for(app, choice))
            counts["decisions"] += 1
        raise AssertionError("the match did not end")

    return go()


def test_a_whole_match_by_keys_never_shows_a_hidden_card(tmp_path: Path) -> None:
    record = tmp_path / "match.yaml"

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        counts = await play_match_by_keys(app, pilot)
        assert counts["deals"] >= 1 and counts["decisions"] >= 5 * counts["deals"]
        assert counts["hidden_checks"] == counts["decisions"]

    run(test, options("schnapsen", tmp_path))
    # the match is on disk, seed shown now that it is over, and replays to its winner
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    assert data["seed"] == 7 and data["players"] == ["human", "random"]
    outcome = replay(load_record(record))
    assert outcome.match_winner is not None
    assert max(outcome.match_scores) >= 7


def test_four_handed_auction_and_play_by_keys(tmp_path: Path) -> None:
    """North American four-handed: the person bids with a number key or passes with p, plays
    with a partner bot; no hidden card is shown, whatever the contract."""

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        text = screen_text(app)
        assert "partner (seat 2)" in text
        assert "bid or pass" in text  # seat 0 bids first after dealer 3
        counts = await play_match_by_keys(app, pilot)
        assert counts["deals"] >= 1

    run(test, TableOptions("north-american-4", "random", 11, False, tmp_path / "na.yaml", 0.0))


def test_a_wrong_claim_asks_first_and_costs_what_the_rules_say(tmp_path: Path) -> None:
    """After a first-lead marriage (20, or 40 in trumps, pending: no trick yet) Schnapsen
    offers declare or continue.  Declaring then is a false claim: the opponent, with no trick, scores 3.  The
    status line does not suggest it: with no trick the side's count is 0 for all to see, so
    it says so and offers to continue.  Schnapsen players keep count in their heads, so the
    table asks before every claim without saying the count; in practice mode it counts, and
    says why the claim is wrong."""
    rs = load_ruleset("schnapsen")
    seed = a_seed_where_seat_0_leads_with("schnapsen", lambda st: any(isinstance(a, Marry) for a in st.legal_actions()))
    first = Match(rs, seed).next_deal()
    marriage = next(a for a in first.legal_actions() if isinstance(a, Marry))
    assert rs.claim.false_points.opponent_without_trick == 3 and rs.info.review_own_tricks == "last_trick"
    assert rs.marriage.values.plain == 20 and rs.marriage.values.trump == 40
    worth = 40 if marriage.card.suit == first.trump_suit() else 20

    # the opponent has no trick: a false claim costs claim.false_points.opponent_without_trick, 3, as the question says
    for practice, said in ((False, ("If you have fewer than 66 points, declaring loses the deal, 3 game points to the other side",)),
                           (True, ("you have 0 points", "fewer than 66"))):

        async def test(app: TableApp, pilot: Any) -> None:
            await pilot.press("enter")
            await settle(pilot)
            screen = table(app)
            screen.play(marriage)  # the marriage's button, as a click would
            await settle(pilot)
            text = screen_text(app)
            text = " ".join(text.split())  # a long status line wraps
            assert "declare now" not in text and "go out now" not in text, "a claim that cannot stand is suggested"
            if practice:  # the table counts: it says the count
                assert f"you have 0 of 66 (+{worth} once your side wins a trick): too few to declare, continue (n)" in text
            else:  # the person counts: only what everybody sees, that their side has no trick
                assert f"no trick yet: too few to declare (your {worth} count once your side wins a trick), continue (n)" in text
                assert "(you have" not in text
            await pilot.press("d")
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            question = app.screen.question
            assert all(words in question for words in said), question
            assert ("you have 0" in question) == practice, "without practice mode the question gives no count away"
            await pilot.press("n")
            await settle(pilot)
            assert isinstance(app.screen, TableScreen) and not screen.session.deal_over
            await pilot.press("d")
            await settle(pilot)
            await pilot.press("y")
            await settle(pilot)
            assert isinstance(app.screen, DealSummary)
            assert screen.session.match.scores == [0, 3]
            assert "opponent wins 3 game points" in screen_text(app)

        run(test, options("schnapsen", tmp_path, seed=seed, practice=practice))


def test_points_are_counted_where_the_rules_let_a_player_look(tmp_path: Path) -> None:
    """Schnapsen (look at the last trick only): no count.  Soft Schnapsen (look at your own
    tricks): your own count.  Practice mode: every side's."""
    for ruleset, practice, you, opponent in (
        ("schnapsen", False, False, False),
        ("house/soft-schnapsen", False, True, False),
        ("schnapsen", True, True, True),
    ):
        async def test(app: TableApp, pilot: Any) -> None:
            await start_and_play(app, pilot, 2)
            view = table(app).session.view(0)
            text = screen_text(app)
            assert (f"you: {view.card_points[0]} points" in text) == you, text
            assert (f"opponent: {view.card_points[1]} points" in text) == opponent, text

        run(test, options(ruleset, tmp_path, practice=practice))


def test_practice_mode_undo_takes_the_move_back_and_hint_names_a_legal_move(tmp_path: Path) -> None:
    rs = load_ruleset("schnapsen")
    dealt = Match(rs, 7).next_deal().hand(0)

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        session = table(app).session
        await pilot.press("h")
        await settle(pilot)
        text = screen_text(app)
        assert "hint: the search bot would" in text
        described = {facts.describe_action(session.view(0), a) for a in session.legal()}
        assert any(d in text for d in described)
        await press_card(app, pilot, "1")
        await settle(pilot)
        assert len(session.view(0).hand) == len(dealt) and set(session.view(0).hand) != set(dealt) or session.view(0).trick
        await pilot.press("u")
        await settle(pilot)
        assert set(session.view(0).hand) == set(dealt), "undo did not give the card back"
        assert session.moves == []
        data = yaml.safe_load((tmp_path / "match.yaml").read_text(encoding="utf-8"))
        assert data["deals"][0]["moves"] == [], "the record on disk still holds the move taken back"

    run(test, options("schnapsen", tmp_path, practice=True))


def test_hint_and_undo_are_refused_outside_practice(tmp_path: Path) -> None:
    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        await press_card(app, pilot, "1")
        await settle(pilot)
        moves = list(table(app).session.moves)
        await pilot.press("u")
        await settle(pilot)
        assert table(app).session.moves == moves

    run(test, options("schnapsen", tmp_path))


def test_every_move_is_on_disk_at_once_and_the_match_resumes(tmp_path: Path) -> None:
    record = tmp_path / "match.yaml"
    seen: dict[str, Any] = {}

    async def first(app: TableApp, pilot: Any) -> None:
        await start_and_play(app, pilot, 3)
        session = table(app).session
        on_disk = yaml.safe_load(record.read_text(encoding="utf-8"))
        assert "seed" not in on_disk, "the seed (which gives every hand) is on disk while the person plays"
        assert on_disk["deals"][-1]["moves"] == session.moves  # nothing played is only in memory
        seen["moves"], seen["hand"] = list(session.moves), set(session.view(0).hand)
        await pilot.press("q")

    run(first, options("schnapsen", tmp_path))
    saved = yaml.safe_load(record.read_text(encoding="utf-8"))
    assert "seed" not in saved, "quit before the match is won: the seed of the deals to come stays out (tests/cli/test_seed_kept.py)"
    session = resume(record)
    assert session.moves == seen["moves"] and set(session.view(0).hand) == seen["hand"]

    async def second(app: TableApp, pilot: Any) -> None:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        assert "resumed" in text
        for card in seen["hand"]:
            assert facts.card_text(card) in text

    run(second, TableOptions(resume=session, bot_delay=0.0))


def test_help_lists_this_rulesets_actions_only(tmp_path: Path) -> None:
    for name in ("schnapsen", "north-american-4", "house/app-schnapsen"):
        rs = load_ruleset(name)

        async def test(app: TableApp, pilot: Any) -> None:
            await pilot.press("enter")
            await settle(pilot)
            await pilot.press("question_mark")
            await settle(pilot)
            assert isinstance(app.screen, HelpScreen)
            text = screen_text(app)
            assert (" p  " in text or "pass" in text) == rs.bidding.enabled
            assert ("exchange" in text) == rs.exchange.enabled
            assert ("marry" in text) == rs.marriage.enabled
            assert (f"declare {rs.claim.target}" in text) == (rs.claim.enabled and not rs.claim.automatic)
            assert ("bid that number" in text) == rs.bidding.enabled
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)

        run(test, options(name, tmp_path), size=(110, 34))


def test_a_deal_by_mouse(tmp_path: Path) -> None:
    """Start with a click, play by clicking cards; a card that may not be played is greyed
    (``unplayable``), and the others are not."""
    from cli.table.screen import ChoiceButton

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.click("#go")
        await settle(pilot)
        session = table(app).session
        for _ in range(6):
            if session.deal_over or session.human_to_act() != 0:
                break
            legal = session.legal()
            buttons = [b for b in app.screen.query(ChoiceButton) if b.has_class("card")]
            playable = [b for b in buttons if Play(b.choice) in legal or Marry(b.choice) in legal]  # type: ignore[arg-type]
            assert all(b.has_class("unplayable") == (b not in playable) for b in buttons)
            before = len(session.steps)
            if playable:
                await pilot.click(playable[0])
            else:  # declare or continue after a marriage: the Continue button
                await pilot.click(next(b for b in app.screen.query(ChoiceButton) if b.choice == Continue()))
            await settle(pilot)
            if isinstance(app.screen, ConfirmScreen):  # a marriage card: announce it, with a click
                await pilot.click("#yes")
                await settle(pilot)
            assert len(session.steps) > before, "the click played nothing"

    run(test, options("schnapsen", tmp_path), size=(110, 32))


def test_a_card_clicked_that_may_not_be_played_says_why_and_plays_nothing(tmp_path: Path) -> None:
    """A greyed card, clicked, is told as its key tells it: ``illegal:`` and the rule (it was
    a disabled button, which swallowed the click: a mouse player never learnt why)."""
    from cli.table.screen import ChoiceButton

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.click("#go")
        await settle(pilot)
        screen = table(app)
        session = screen.session
        for _ in range(20):  # clicking the first card it may play, until one it may not is shown
            assert not session.deal_over, "no card was ever refused in this deal"
            legal = session.legal()
            buttons = [b for b in app.screen.query(ChoiceButton) if b.has_class("card")]
            refused = [b for b in buttons if b.has_class("unplayable")]
            if refused and session.human_to_act() == 0:
                before = len(session.steps)
                await pilot.click(refused[0])
                await settle(pilot)
                assert len(session.steps) == before
                assert screen.message.startswith("illegal: "), screen.message
                assert screen.message.endswith("]")  # the rule it rests on, as [play.follow]
                return
            playable = [b for b in buttons if Play(b.choice) in legal or Marry(b.choice) in legal]  # type: ignore[arg-type]
            if playable:
                await pilot.click(playable[0])
            else:
                await pilot.click(next(b for b in app.screen.query(ChoiceButton) if b.choice == Continue()))
            await settle(pilot)
            if isinstance(app.screen, ConfirmScreen):
                await pilot.click("#yes")
                await settle(pilot)
        raise AssertionError("no card was refused in 20 turns")

    run(test, options("schnapsen", tmp_path), size=(110, 32))


def test_the_card_drawn_is_told_after_every_trick_won_or_lost(tmp_path: Path) -> None:
    """While the talon lasts, each of the person's turns after a trick says which card came
    in: the hand less the card played, against the hand now."""

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        told = 0
        before: set[Any] | None = None
        for _ in range(12):
            await settle(pilot)
            if not isinstance(app.screen, TableScreen) or app.screen.session.deal_over:
                break
            session = app.screen.session
            if session.human_to_act() != 0:
                continue
            view = session.view(0)
            hand = set(view.hand)
            if before is not None and len(hand - before) == 1:
                (card,) = hand - before
                assert f"you drew {facts.card_text(card)}" in screen_text(app)
                told += 1
            key = key_for(app, next(a for a in session.legal() if isinstance(a, Play)))
            played = next(a for a in session.legal() if isinstance(a, Play) and key_for(app, a) == key).card
            before = hand - {played}
            await pilot.press(key)
        assert told >= 3

    run(test, options("schnapsen", tmp_path, opponent="greedy", seed=3))


def test_capital_m_leads_the_marriage_with_the_queen(tmp_path: Path) -> None:
    rs = load_ruleset("schnapsen")
    seed = a_seed_where_seat_0_leads_with("schnapsen", lambda st: any(isinstance(a, Marry) for a in st.legal_actions()))
    queen = next(a for a in Match(rs, seed).next_deal().legal_actions() if isinstance(a, Marry) and a.card.rank == "Q")

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("M")
        await settle(pilot)
        assert table(app).session.moves[0] == str(queen)

    run(test, options("schnapsen", tmp_path, seed=seed))


def test_undo_takes_the_log_lines_back_too(tmp_path: Path) -> None:
    """In practice mode the log names every card: after undo it must not keep the bot's
    answer to the move taken back, or undo would show what the bot holds."""

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        screen = table(app)
        lines_before = list(screen.log_lines)
        await press_card(app, pilot, "1")
        await settle(pilot)
        assert len(screen.log_lines) > len(lines_before)
        await pilot.press("u")
        await settle(pilot)
        assert screen.log_lines == lines_before

    run(test, options("schnapsen", tmp_path, practice=True, opponent="greedy"))


def test_a_marriage_card_asks_before_it_is_led_unannounced(tmp_path: Path) -> None:
    """The king of a marriage, pressed or clicked: the table asks; Esc chooses again, n leads
    the card alone, y announces (leading it alone would give the marriage's points away)."""
    rs = load_ruleset("schnapsen")
    seed = a_seed_where_seat_0_leads_with("schnapsen", lambda st: any(isinstance(a, Marry) for a in st.legal_actions()))
    king = next(a.card for a in Match(rs, seed).next_deal().legal_actions() if isinstance(a, Marry) and a.card.rank == "K")

    for answer, expected in (("n", f"play {king}"), ("y", f"marry {king}")):

        async def test(app: TableApp, pilot: Any) -> None:
            await pilot.press("enter")
            await settle(pilot)
            key = key_for(app, Play(king))
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen) and "Announce" in app.screen.question
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, TableScreen) and table(app).session.moves == []
            await pilot.press(key)
            await settle(pilot)
            await pilot.press(answer)
            await settle(pilot)
            assert table(app).session.moves[0] == expected

        run(test, options("schnapsen", tmp_path, seed=seed))


def test_the_start_screen_offers_to_go_on_with_the_last_match(tmp_path: Path, monkeypatch: Any) -> None:
    """A match left with q is on the start screen next time (its record untouched until then); g goes on with it."""
    monkeypatch.chdir(tmp_path)
    seen: dict[str, Any] = {}

    async def first(app: TableApp, pilot: Any) -> None:
        assert "Go on with" not in screen_text(app)
        await start_and_play(app, pilot, 2)
        seen["moves"] = list(table(app).session.moves)
        await pilot.press("q")

    run(first, TableOptions("schnapsen", "greedy", 5, False, None, 0.0))
    (saved,) = tmp_path.glob("rules-play-*.yaml")

    kept = saved.read_bytes()

    async def second(app: TableApp, pilot: Any) -> None:
        assert f"Go on with {saved.name}" in screen_text(app)
        assert saved.read_bytes() == kept, "offering the match rewrote its record"
        await pilot.press("g")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert table(app).session.moves == seen["moves"]

    run(second, TableOptions(None, "greedy", None, False, None, 0.0), size=(120, 32))


def test_going_on_with_a_match_another_table_is_playing_is_refused_in_words(tmp_path: Path, monkeypatch: Any) -> None:
    """Two terminals in one folder: the second start screen offers the match the first is
    playing on; g then finds its record held (RecordBusy, which is neither a RulesError nor an
    OSError) -- said on the start screen, the table still up, the record untouched."""
    import subprocess
    import sys

    monkeypatch.chdir(tmp_path)

    async def first(app: TableApp, pilot: Any) -> None:
        await start_and_play(app, pilot, 1)
        await pilot.press("q")

    run(first, TableOptions("schnapsen", "greedy", 5, False, None, 0.0))
    (saved,) = tmp_path.glob("rules-play-*.yaml")
    kept = saved.read_bytes()
    # another rules process going on with it: it holds the record's lock until told to stop
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from pathlib import Path; from interpreter.play.session import resume; "
         f"s = resume(Path({str(saved)!r})); print('held', flush=True); sys.stdin.readline()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=Path(__file__).resolve().parents[2],
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"

        async def second(app: TableApp, pilot: Any) -> None:
            await pilot.press("g")
            await settle(pilot)
            assert not isinstance(app.screen, TableScreen) and not app.leaving
            said = " ".join(str(n.message) for n in app._notifications)
            assert f"cannot go on with {saved.name}" in said and "another rules process" in said, said

        run(second, TableOptions(None, "greedy", None, False, None, 0.0), size=(120, 32))
    finally:
        holder.communicate("\n", timeout=60)
    assert saved.read_bytes() == kept


def test_going_on_from_the_start_screen_keeps_practice_mode(tmp_path: Path, monkeypatch: Any) -> None:
    """A practice match left with q, then rules play --practice and g: the match goes on in
    practice mode (hint and undo offered, the points counted), as --practice --resume does."""
    monkeypatch.chdir(tmp_path)

    async def first(app: TableApp, pilot: Any) -> None:
        await start_and_play(app, pilot, 1)
        assert table(app).session.practice
        await pilot.press("q")

    run(first, TableOptions("schnapsen", "greedy", 5, True, None, 0.0))

    async def second(app: TableApp, pilot: Any) -> None:
        await pilot.press("g")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and table(app).session.practice
        text = screen_text(app)
        assert "Hint (h)" in text and "keep count yourself" not in text

    run(second, TableOptions(None, "greedy", None, True, None, 0.0), size=(120, 32))


def test_an_opponent_from_the_command_line_is_kept_on_the_start_screen(tmp_path: Path) -> None:
    """``rules play --opponent search:iters=50``: not one of the listed opponents, still the one that plays."""

    async def test(app: TableApp, pilot: Any) -> None:
        assert "search:iters=50" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert table(app).session.kinds == ["human", "search:iters=50"]

    run(test, TableOptions("schnapsen", "search:iters=50", 7, False, tmp_path / "r.yaml", 0.0))


def test_a_title_with_markup_and_terminal_controls_is_shown_as_text(tmp_path: Path) -> None:
    """A rule file is data: its title reaches the screen as the characters it holds, escaped
    where they are controls, never as Textual markup or as a raw escape sequence."""
    house = tmp_path / "odd.yaml"
    house.write_text('extends: schnapsen\nname: odd\ntitle: "Odd [/] [bold]x \\e[31m red"\ndescription: "x"\n', encoding="utf-8")

    async def test(app: TableApp, pilot: Any) -> None:
        text = screen_text(app)
        assert "Odd [/] [bold]x \\x1b[31m red" in text and "\x1b" not in text
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert "Odd [/] [bold]x \\x1b[31m red" in screen_text(app)

    run(test, TableOptions(str(house), "greedy", 7, False, tmp_path / "r.yaml", 0.0, allow_outside=True), size=(140, 32))


def test_nothing_is_drawn_or_played_once_the_app_is_leaving(tmp_path: Path) -> None:
    """A stop signal between two bot moves once let the queued move draw into a screen Textual
    was taking down (a MountError traceback after the farewell line): once the app is told to
    exit, a queued ``advance`` neither plays the bot's move nor draws."""

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        screen = table(app)
        s = screen.session
        s.act(s.legal()[0])  # the person's card, played without the screen: the bot is due now
        assert s.human_to_act() != screen.me
        steps = len(s.steps)
        app.exit()
        screen.advance()
        assert len(s.steps) == steps, "the bot moved after the app was told to exit"

    run(test, options("schnapsen", tmp_path))


def test_the_person_doubles_with_k_when_asked(tmp_path: Path) -> None:
    """house/burgenland-contra, the person at seat 0: seat 1 (the forehand) plays alone and
    names trump; seat 2, then seat 0, may say contra.  Where seat 2 passed, the table asks the
    person, the help names k, and k doubles the deal (then the soloist leads)."""
    asked = []
    for seed in range(12):

        async def test(app: TableApp, pilot: Any) -> None:
            await pilot.press("enter")
            await settle(pilot, 8)
            screen = table(app)
            s = screen.session
            if s.human_to_act() != screen.me or not s.state.dbl_turn == screen.me:
                return  # seat 2 doubled: nobody asks the person
            assert "double the deal (k: Kontra" in screen_text(app)
            await pilot.press("k")
            await settle(pilot)
            assert s.state.doubled == 1 and s.state.dbl_turn == -1
            asked.append(seed)

        run(test, TableOptions("house/burgenland-contra", "random", seed, False, tmp_path / f"m{seed}.yaml", 0.0), size=(110, 34))
        if asked:
            break
    assert asked, "in 12 deals seat 2 always doubled"



def test_a_trick_is_drawn_before_a_move_played_for_the_person_gathers_it(tmp_path: Path, monkeypatch: Any) -> None:
    """docs/play.md: the trick just taken stays in view until the person's next move.  A move
    played for the person (their only legal one) is no move of theirs, so every trick of a
    deal is drawn on the table with who took it -- also when the person's own card took it
    and their next card, the last of the hand, is led for them at once.  Deals are played
    until that has happened in each game (the cards are the same for the same seed)."""
    from cli.table import render
    drawn: set[tuple[Any, ...]] = set()
    centre = render.centre

    def drawing(view: Any, just_played: Any = (), taker: int | None = None) -> Any:
        if just_played and taker is not None:
            drawn.add(tuple(just_played))
        return centre(view, just_played, taker)

    monkeypatch.setattr(render, "centre", drawing)

    for ruleset, seed in (("north-american-2", 11), ("north-american-4", 3)):
        seen = {"deals": 0, "taken_then_led_for_me": 0}

        async def test(app: TableApp, pilot: Any) -> None:
            await pilot.press("enter")
            for _ in range(3000):
                await settle(pilot)
                if isinstance(app.screen, StartScreen):
                    return
                if isinstance(app.screen, DealSummary):
                    screen = table(app)
                    view = screen.session.view(screen.me)
                    tricks = [trick.cards for trick in view.completed_tricks]
                    for trick in tricks:
                        assert trick in drawn, f"the trick {trick} was gathered before it was drawn"
                    seen["deals"] += 1
                    # the person's card took the last trick but one, and the person led the last
                    if len(tricks) >= 2 and tricks[-2][-1][0] == screen.me and tricks[-1][0][0] == screen.me:
                        seen["taken_then_led_for_me"] += 1
                        return
                    await pilot.press("enter")
                    continue
                if isinstance(app.screen, ConfirmScreen):
                    await pilot.press("n")
                    continue
                screen = table(app)
                session = screen.session
                if session.human_to_act() != screen.me:
                    continue
                legal = session.legal()
                choice = next((a for a in legal if isinstance(a, Play)), next((a for a in legal if not isinstance(a, (Marry, Declare))), legal[0]))
                await pilot.press(key_for(app, choice))
            raise AssertionError("the match did not end")

        run(test, TableOptions(ruleset, "random", seed, False, tmp_path / f"{ruleset}.yaml", 0.0))
        assert seen["taken_then_led_for_me"] == 1, (ruleset, seen)


def test_the_marriage_question_states_what_the_engine_will_score(tmp_path: Path) -> None:
    """North American four-handed: the first card led makes its suit trump, so a marriage led
    first is a trump marriage, 40 (``marriage.values.trump``), not 20.  In the PP family's
    bid of 6 (house/pp-sixty-six, ``moon.trump: none``) there is no trump: the same marriage
    is plain, 20.  The person (seat 0, first to bid) bids the top bid, which nobody can
    overbid, and presses the king of a marriage; after y the engine has scored what was asked."""
    for name, bid, worth in (("north-american-4", 5, 40), ("house/pp-sixty-six", 6, 20)):
        rs = load_ruleset(name)
        assert (rs.marriage.values.plain, rs.marriage.values.trump) == (20, 40)

        def marriage_king(state: Any) -> Any:
            hand = state.hand(0)
            return next((c for c in hand if c.rank == "K" and any(q.rank == "Q" and q.suit == c.suit for q in hand)), None)

        seed = a_seed_where_seat_0_leads_with(name, lambda st: marriage_king(st) is not None)
        king = marriage_king(Match(rs, seed).next_deal())

        async def test(app: TableApp, pilot: Any) -> None:
            await pilot.press("enter")
            await settle(pilot)
            screen = table(app)
            await pilot.press(str(bid))
            await settle(pilot, 12)
            assert screen.session.view(0).declarer == 0 and screen.session.human_to_act() == 0
            await pilot.press(key_for(app, Play(king)))
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            assert f"Announce {worth} in {facts.suit_text(king.suit)} and lead {facts.card_text(king)}?" in app.screen.question
            await pilot.press("y")
            await settle(pilot)
            assert screen.session.view(0).public.meld[0] == worth

        run(test, options(name, tmp_path, seed=seed))


def test_closing_the_talon_asks_first(tmp_path: Path) -> None:
    """c sits next to x, and a closed talon stays closed: the table asks first (n keeps it
    open, y closes), saying what failing costs in Schnapsen (``closing.fail_points``: 2 game
    points, 3 if the opponent has no trick when the talon is closed)."""
    rs = load_ruleset("schnapsen")
    assert (rs.closing.fail_points.base, rs.closing.fail_points.no_trick, rs.closing.fail_points.basis) == (2, 3, "at_close")
    seed = a_seed_where_seat_0_leads_with("schnapsen", lambda st: Close() in st.legal_actions())

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        session = table(app).session
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        question = app.screen.question
        assert "Close the talon? Nobody draws any more, and you must reach 66" in question
        assert "the other side scores 2 game points (3 if it has no trick when you close)" in question
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and session.moves == []
        await pilot.press("c")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert session.moves[0] == "close"

    run(test, options("schnapsen", tmp_path, seed=seed))


def test_a_key_that_does_nothing_says_which_keys_do(tmp_path: Path) -> None:
    """Schnapsen, the person to lead with five cards: z (no key of the table), b (no closing
    before the draw in Schnapsen: ``closing.timing: after_draw``, so the game has none), 7 (no
    seventh card), and h outside practice mode each leave the deal as it was and say so on the
    status line, with the keys in use now."""
    rs = load_ruleset("schnapsen")
    assert rs.closing.timing == "after_draw" and rs.deal.hand_size == 5

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        session = table(app).session
        assert session.human_to_act() == 0
        for key, said in (("z", "z: no use now"), ("b", "b: this game has no closing before the draw"),
                          ("7", "7: you hold 5 cards"), ("h", "h: hints are for practice mode"), ("u", "u: undo is for practice mode")):
            await pilot.press(key)
            await settle(pilot)
            text = " ".join(screen_text(app).split())
            assert isinstance(app.screen, TableScreen) and session.moves == []
            assert said in text, (key, text)
            assert "— keys now: 1-5 a card," in text and "? help, q save and quit" in text, (key, text)

    run(test, options("schnapsen", tmp_path))


def test_help_gives_the_card_values_of_the_rules_loaded(tmp_path: Path) -> None:
    """? lists the card points from the ruleset's deck: Schnapsen has no nines (A 11, 10 10,
    K 4, Q 3, J 2: 30 a suit, 120 in the pack); the Bicycle four-hand game adds the eight and
    the seven at 0 to Sechsundsechzig's six ranks (still 120)."""
    for name, said in (("schnapsen", "Card values: A 11, 10 10, K 4, Q 3, J 2 (120 in the pack)"),
                       ("house/bicycle-four-hand", "Card values: A 11, 10 10, K 4, Q 3, J 2, 9 0, 8 0, 7 0 (120 in the pack)")):

        async def test(app: TableApp, pilot: Any) -> None:
            await pilot.press("enter")
            await settle(pilot)
            await pilot.press("question_mark")
            await settle(pilot)
            assert isinstance(app.screen, HelpScreen)
            assert said in " ".join(screen_text(app).split())

        run(test, options(name, tmp_path), size=(110, 40))


def test_the_four_player_title_and_a_units_summary_at_100_columns(tmp_path: Path) -> None:
    """North American four-handed at 100 columns: the scoreboard keeps the whole title (it
    wraps rather than being cut), and the summary of a deal, scored in units
    (``scoring.method: units``), says units, never game points."""
    rs = load_ruleset("north-american-4")
    assert rs.scoring.method == "units"

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        assert f"deal 1 · {rs.title}" in " ".join(screen_text(app).split())
        for _ in range(200):
            await settle(pilot)
            if isinstance(app.screen, DealSummary):
                break
            screen = table(app)
            if screen.session.human_to_act() == screen.me:
                legal = screen.session.legal()
                await pilot.press(key_for(app, next((a for a in legal if isinstance(a, (Play, Bid))), legal[0])))  # bid 1, not a redeal
        assert isinstance(app.screen, DealSummary)
        text = screen_text(app)
        result = app.screen.session.result()
        assert result is not None and any(result.scores)
        assert " unit" in text and "game point" not in text, text

    run(test, TableOptions("north-american-4", "random", 11, False, tmp_path / "na.yaml", 0.0), size=(100, 40))


def test_the_go_on_button_shows_its_whole_label_at_80_columns(tmp_path: Path, monkeypatch: Any) -> None:
    """The start screen offers the match left last with its game, deal and score; with the
    long four-player title that label is wider than 80 columns, and it wraps rather than
    being cut."""
    monkeypatch.chdir(tmp_path)

    async def first(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("q")

    run(first, TableOptions("north-american-4", "greedy", 5, False, None, 0.0))
    (saved,) = tmp_path.glob("rules-play-*.yaml")
    label = f"Go on with {saved.name}: North American Sixty-Six (four players, partnerships), deal 1, match to 10: your team 0, opponents 0 (g)"

    async def second(app: TableApp, pilot: Any) -> None:
        button = app.screen.query_one("#resume").region  # what the screen shows in the button's place
        rows = screen_text(app).splitlines()[button.y:button.bottom]
        assert label in " ".join(" ".join(row[button.x:button.right] for row in rows).split()), screen_text(app)

    run(second, TableOptions(None, "greedy", None, False, None, 0.0), size=(80, 30))


def test_a_trained_opponent_that_fails_ends_the_table_with_its_record_saved_and_one_message(tmp_path: Path) -> None:
    """A policy that answers an illegal action fails at its first move.  The table used to
    die with textual's traceback; now it gives the terminal back, the record holds the moves
    made, and the app says the error for ``rules play`` to print (exit 2)."""
    import pytest

    pytest.importorskip("numpy")
    policy = tmp_path / "bad.py"
    policy.write_text("def bad(observation, agent):\n    return int(observation['action_mask'].argmin())\n", encoding="utf-8")
    record = tmp_path / "match.yaml"
    opts = TableOptions("schnapsen", f"policy:{policy}:bad", 7, False, record, 0.0)

    async def test(app: TableApp, pilot: Any) -> None:
        await pilot.press("enter")  # start: the bot's first move fails, now or after the person's
        await settle(pilot)
        if not app.leaving:
            await press_card(app, pilot, "1")
            await settle(pilot)
        assert app.leaving

    run(test, opts)
    assert opts.failure is not None and "not legal now" in str(opts.failure)
    assert [path for path, _ in opts.saved] == [record]
    assert load_record(record).deals  # the deal in play is kept
