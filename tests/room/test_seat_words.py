"""What the room's messages say to a person at a seat, in the family's games: contract buttons
whose key (in brackets on the page) is the key that announces them, a doubled deal in the
lines, why no points are shown, how a match ended, and the engine's refusals told to "you".
The tables are built directly (:class:`cli.room.tables.Table`), with a fixed seed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cli.room.messages import seat_message
from cli.room.tables import Refused, Table
from interpreter.core.actions import Bid, Double, Pass
from interpreter.rules.loader import load_ruleset

#: house/bauernschnapsen-regional's contracts, as its file lists them: bid -> (name, value in game points)
REGIONAL = {1: ("Bettler", 4), 2: ("Ass-bettler", 5), 3: ("Schnapser", 6), 4: ("Gang", 9), 5: ("Zehnerloch", 10),
            6: ("Bauernschnapser", 12), 7: ("Kontraschnapser", 12), 8: ("Kontrabauernschnapser", 24)}


def table(ruleset: str, seed: int = 3) -> Table:
    rs = load_ruleset(ruleset)
    made = Table("t", rs, ruleset, ["human"] * rs.players.count, [f"k{s}" for s in range(rs.players.count)], "w", seed, "2025-01-01")
    made.deal()
    return made


def act_until(made: Table, done: Any, choose: Any = lambda legal: legal[0]) -> int:
    """Every seat to act takes ``choose(legal)`` until ``done(seat, legal)``; that seat."""
    for _ in range(200):
        seat = made.session.actor()
        assert seat is not None
        legal = made.session.legal()
        if done(seat, legal):
            return seat
        made.act(seat, str(choose(legal)), made.seq)
    raise AssertionError("never came")


def test_a_contract_buttons_key_announces_the_contract_it_names() -> None:
    """The page shows each button as its label and, in brackets, its key, and a number key
    sends the bid whose key it is (room.js): the key of a contract is its bid's number, and its
    label says its value as game points -- the brackets once held the value, and key 4 bid the
    Gang where the button read "Bettler (4)"."""
    made = table("house/bauernschnapsen-regional")
    seat = act_until(made, lambda seat, legal: any(isinstance(a, Bid) for a in legal))
    message = seat_message(made, seat)
    bids = [m for m in message["legal"] if m["kind"] == "bid"]
    assert len(bids) >= 2
    for m in bids:
        pressed = m["key"]
        sent = next(a for a in message["legal"] if a["kind"] == "bid" and a["key"] == pressed)  # what room.js sends for the key
        name, value = REGIONAL[int(pressed)]
        assert sent["move"] == f"bid {pressed}" and sent["label"] == f"{name}, {value} game points", sent
    assert [key for key, _ in message["bids"]] == [str(b) for b in sorted(REGIONAL)]
    assert all(words.startswith(REGIONAL[int(key)][0] + f" ({REGIONAL[int(key)][1]} game points") for key, words in message["bids"])


def test_a_doubled_deal_is_said_in_every_seats_lines() -> None:
    """Burgenland with contra: the first opponent of the soloist to be asked doubles; every
    seat's lines say so, naming him from that seat."""
    made = table("house/burgenland-contra", seed=1)
    doubler = act_until(made, lambda seat, legal: Double() in legal, lambda legal: next(a for a in legal if not isinstance(a, Pass)))
    made.act(doubler, "double", made.seq)
    solo = made.session.state.soloist() if made.session.state is not None else -1
    for seat in range(3):
        who = "you" if seat == doubler else "partner" if seat != solo else f"seat {doubler}"
        assert f"doubled (x2) by {who}: the deal counts twice" in seat_message(made, seat)["lines"], seat


def test_why_no_points_are_shown_follows_what_the_rules_let_a_player_look_at() -> None:
    """``info.review_own_tricks``: Schnapsen's last trick, North American's none, soft
    Schnapsen's own tricks (where the person's own points are shown: no note)."""
    assert seat_message(table("schnapsen"), 0)["count_note"] == "keep count yourself: the rules let you look back only at the last trick"
    assert seat_message(table("north-american-2"), 0)["count_note"] == "keep count yourself: the rules let nobody look back at the tricks"
    assert seat_message(table("house/soft-schnapsen"), 0)["count_note"] is None


def test_the_prompt_tells_no_count_where_the_person_keeps_count() -> None:
    """Sechsundsechzig lets nobody look back at a trick: the person keeps count, the page
    shows no points (``count_note``) -- and the prompt after a won trick, before the draw,
    told the count all the same (``declare (you have 12 of 66)``).  Both seats play the first
    action offered, a marriage where there is one, never declaring, until seat 0 may go out or play on (after
    winning a trick, before the draw; after its marriage): the prompt names the choices and no
    count.  Soft Schnapsen lets a player count their own tricks: there it says the count,
    which the page shows too."""
    for ruleset, seed, counted in (("sechsundsechzig", 0, False), ("house/soft-schnapsen", 2, True)):  # seed 2: seat 0 marries
        made = Table("t", load_ruleset(ruleset), ruleset, ["human", "human"], ["k0", "k1"], "w", seed, "2025-01-01")
        made.deal()
        act_until(made, lambda seat, legal: seat == 0 and {"declare", "continue"} <= {str(a) for a in legal},
                  lambda legal: next((a for a in legal if str(a).startswith("marry")), next(a for a in legal if str(a) != "declare")))
        message = seat_message(made, 0)
        prompt = message["prompt"]
        assert prompt is not None and "declare (" in prompt, prompt
        assert ("you have" in prompt) is counted, prompt
        if not counted:
            assert "declare (if you count 66" in prompt and message["count_note"] is not None, prompt
        else:
            assert message["count_note"] is None


def test_a_refusal_names_the_person_you() -> None:
    """The engine names the seat that must act; the room tells that seat "you"."""
    made = table("schnapsen")
    seat = made.session.actor()
    assert seat is not None
    held = {str(c) for c in made.session.view(seat).hand}
    other = next(str(c) for c in made.rs.deck.cards if str(c) not in held and str(c) != str(made.session.view(seat).turn_up))
    try:
        made.act(seat, f"play {other}", made.seq)
    except Refused as exc:
        assert exc.why == f"you do not hold {other} [play]", exc.why
    else:
        raise AssertionError("a card not held was played")


def test_the_page_calls_the_cards_taken_up_by_no_word_of_another_game() -> None:
    """The cards a declarer takes up are Dreierschnapsen's talon and other games' widow; the
    rulesets have no word for them, so the page says what they are: the cards left over."""
    from pathlib import Path

    import cli.room

    page = (Path(cli.room.__file__).parent / "static" / "room.js").read_text(encoding="utf-8")
    assert '"the widow' not in page and '"you took the cards left over: " + m.widow' in page


def test_a_deals_result_names_the_sides_as_the_project_does_also_to_a_spectator() -> None:
    """North American 4: seat 0 bids, the others pass, every card the first legal one (seed
    146: the bidders make it); the rules' reason says "team 0 made a bid of 1 with N points".  A
    spectator reads the team as the project names it to one ("team of seats 0 & 2", as the
    match line says), each seat from its side -- never the rules' bare "team 0"."""
    made = table("north-american-4", seed=146)
    while made.session.result() is None:
        seat = made.session.actor()
        assert seat is not None
        legal = made.session.legal()
        bid = next((a for a in legal if isinstance(a, Bid)), None)
        choice = bid if seat == 0 and bid is not None else next((a for a in legal if isinstance(a, Pass)), legal[0])
        made.act(seat, str(choice), made.seq)
    reasons = {seat: seat_message(made, seat)["result"]["reason"] for seat in (-1, 0, 1, 2, 3)}
    said = "made a bid of 1 with {} points".format(made.session.state.side_points(0) if made.session.state is not None else -1)
    assert reasons == {-1: f"team of seats 0 & 2 {said}", 0: f"your team {said}", 2: f"your team {said}",
                       1: f"opponents {said}", 3: f"opponents {said}"}
    assert seat_message(made, -1)["match"]["words"] == "match to 10: team of seats 0 & 2 2, team of seats 1 & 3 1"


def play_out(made: Table) -> None:
    """Every seat plays its first legal action until the deal is over."""
    while made.session.actor() is not None:
        seat = made.session.actor()
        assert seat is not None
        made.act(seat, str(made.session.legal()[0]), made.seq)


def test_the_summary_names_who_won_the_deal_and_its_game_points_from_each_seat() -> None:
    """Three-player 66: the reason ("higher total 76 against 44 and 20") names nobody, so the
    result says who won and what they scored, the winner named from each seat (you, seat N) and
    by number to a spectator; nobody's card points, as the rules let nobody count them."""
    made = table("house/three-player-66")
    play_out(made)
    result = made.session.result()
    assert result is not None and result.winner is not None
    won, points = result.winner, result.scores[result.winner]
    assert points > 0 and all(n == 0 for side, n in enumerate(result.scores) if side != won)
    unit = "game point" if points == 1 else "game points"
    for seat in (0, 1, 2, -1):
        name = "you" if seat == won else f"seat {won}"
        assert seat_message(made, seat)["result"]["outcome"] == [f"{name} won the deal: {points} {unit}"], seat


def test_the_summary_names_every_winner_and_every_score_lost() -> None:
    """Two defenders who beat a lone declarer together (Dreierschnapsen, a Bettler lost by seat
    0: 4 game points to each of seats 1 and 2) both won the deal -- the summary said "no one
    side won the deal"; and a set bidder's loss is said beside the winners' score (North
    American 4: -4 to team 0, +2 to team 1) -- the summary said only "2 units"."""
    from cli.room.messages import _outcome
    from interpreter.engine.settle import DealResult

    dreier = table("house/dreierschnapsen")
    lost_bettler = DealResult(None, 4, (0, 4, 4), "seat 0 lost Bettler (4) after 1 trick", declarer_side=0, made=False)
    view = dreier.session.view(1)
    assert _outcome(view, lost_bettler, 1)[0] == "you and seat 2 won the deal: you scored 4 game points, seat 2 scored 4 game points"
    assert _outcome(dreier.session.view(0), lost_bettler, 0)[0] == "seat 1 and seat 2 won the deal: seat 1 scored 4 game points, seat 2 scored 4 game points"

    na = table("north-american-4")
    set_bid = DealResult(1, None, (-4, 2), "team 0 was set on a bid of 4 with 27 points", declarer_side=0, made=False)
    assert _outcome(na.session.view(0), set_bid, 0)[0] == "opponents won the deal: your team lost 4 units, opponents scored 2 units"
    made_bid = DealResult(0, None, (2, 0), "team 0 made a bid of 2", declarer_side=0, made=True)
    assert _outcome(na.session.view(1), made_bid, 1)[0] == "opponents won the deal: 2 units"


def test_the_summary_tells_card_points_only_of_the_sides_the_seat_may_count() -> None:
    """house/soft-schnapsen lets each side count its own tricks (review_own_tricks: all): each
    seat's summary adds its own side's card points, never the other's; a spectator counts none."""
    made = table("house/soft-schnapsen")
    play_out(made)
    for seat in (0, 1):
        own = made.session.state.view(seat).card_points[seat]
        outcome = seat_message(made, seat)["result"]["outcome"]
        assert outcome[1:] == [f"card points: you {own}"], outcome
    assert len(seat_message(made, -1)["result"]["outcome"]) == 1
    schnapsen = table("schnapsen")
    play_out(schnapsen)
    assert all(len(seat_message(schnapsen, seat)["result"]["outcome"]) == 1 for seat in (0, 1))


def test_a_side_may_look_back_at_the_last_trick_it_took_while_the_next_is_played() -> None:
    """house/soft-schnapsen lets a side look at its own tricks: once a card of the next trick
    lies, the seat that took the last trick still has it (``look_back``), the other seat does
    not.  Schnapsen lets a player look at the last trick only until the next lead: nobody has it."""
    from interpreter.core.actions import Play

    for ruleset, kept in (("house/soft-schnapsen", True), ("schnapsen", False)):
        made = table(ruleset)
        tricks: list[tuple[list[tuple[int, str]], int]] = []
        played: list[tuple[int, str]] = []

        # play until one trick is complete and the next has its lead
        for _ in range(200):
            seat = made.session.actor()
            assert seat is not None
            action = made.session.legal()[0]
            made.act(seat, str(action), made.seq)
            if isinstance(action, Play):
                played.append((seat, str(action.card)))
            view = made.session.state.view(seat)
            if len(played) == 2 and not view.trick:
                tricks.append((played, view.completed_tricks[-1].winner))
                played = []
            if tricks and len(played) == 1:
                break
        cards, winner = tricks[0]
        for seat in (0, 1):
            look = seat_message(made, seat)["look_back"]
            if kept and seat == winner:
                assert look == {"cards": [list(c) for c in cards], "winner": winner}, ruleset
            else:
                assert look is None, (ruleset, seat)


def test_the_auction_stays_in_the_lines_through_the_play() -> None:
    """Every call of the auction was said aloud: once the auction is over and the cards are
    played, each seat's lines still say every call (a pass or a bid, by the seat that made it),
    then the contract; the auction then stays, as the play goes on."""
    from interpreter.core.actions import Play

    made = table("house/bauernschnapsen-regional")
    calls: list[tuple[int, Any]] = []

    def record(legal: Any) -> Any:
        seat = made.session.actor()
        calls.append((seat, legal[0]))
        return legal[0]

    act_until(made, lambda seat, legal: any(isinstance(a, Play) for a in legal), record)
    made.act(made.session.actor(), str(made.session.legal()[0]), made.seq)  # a card lies: the play is on
    bids = [(s, a) for s, a in calls if isinstance(a, (Bid, Pass))]
    assert bids, "the deal had an auction"
    message = seat_message(made, 0)
    said = [line for line in message["lines"] if not line.startswith(("contract:", "announced:"))]
    assert len(said) >= len(bids)
    for line, (seat, call) in zip(said, bids):
        name = message["seats"][seat]["name"]
        # a pass is a pass in the auction, or leaving the naming of trump to another
        words = (f"{name} pass", f"{name} does not name trump", f"{name} do not name trump") if isinstance(call, Pass) else (f"{name} bid",)
        assert line.startswith(words), (line, seat, call)
    assert any(line.startswith("contract:") for line in message["lines"])


def test_a_match_counted_down_is_told_as_what_each_side_still_needs(tmp_path: Path) -> None:
    """Schnapsen counted down (``match.count: down``): the match words say what each side
    still needs of the 7, as ``rules run`` does ("7 to go" with nothing scored, 7 - score once
    scored, 0 for the side that won the match) -- where they once said the score counted up.
    Both people play their first legal action through every deal of the match (seed 3)."""
    house = tmp_path / "down.yaml"
    house.write_text("extends: schnapsen\nname: down\nmatch: {count: down}\n", encoding="utf-8")
    rs = load_ruleset(house)
    made = Table("t", rs, str(house), ["human", "human"], ["k0", "k1"], "w", 3, "2025-01-01")
    made.deal()
    assert seat_message(made, 0)["match"]["words"] == "match to 7: you 7 to go, opponent 7 to go"
    while True:
        play_out(made)
        if made.over:
            break
        for seat in made.humans:
            made.next_deal(seat)
    s0, s1 = made.session.match.scores
    winner = made.session.match.winner
    assert winner is not None and max(s0, s1) >= 7 and min(s0, s1) < 7
    go0, go1 = max(7 - s0, 0), max(7 - s1, 0)
    assert (go0, go1)[winner] == 0
    words = {seat: seat_message(made, seat)["match"]["words"] for seat in (-1, 0, 1)}
    assert words[0].startswith(f"match to 7: you {go0} to go, opponent {go1} to go; ")
    assert words[1].startswith(f"match to 7: you {go1} to go, opponent {go0} to go; ")
    assert words[-1].startswith(f"match to 7: seat 0 {go0} to go, seat 1 {go1} to go; ")
    assert seat_message(made, 0)["match"]["scores"] == [s0, s1]  # the numbers stay as the engine counts them
