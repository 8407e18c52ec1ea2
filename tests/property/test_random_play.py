"""Property tests: random legal play in every bundled ruleset keeps the engine's invariants.

Hypothesis draws the deal's seed, the dealer and the seed of the random player; one driver
plays the deal with uniformly random legal actions (declaring mostly when right, sometimes
wrongly, sometimes not at all) and checks at every step:

* there is always a legal action before the deal is over, and the deal ends in bounded steps;
* no card is played twice; a deal played out has played every card that was dealt;
* card points of a side never go down;
* no seat's view shows a card another seat holds, unless the view lists it as known and it
  really was revealed by the rules (see ``tally.py``), and every card so revealed is listed;
  the stock and the widow never show; while trump is named, no card dealt after it shows;
* actions that are not listed are refused by ``is_legal`` and ``check`` (with a reason);
* push/pop restores the exact state (every slot of the state, the legal actions, the points).

At the end of a deal played out without a declaration, the card points of all sides are
worked out independently: the deck's points (less cards never played) + counted marriages +
last-trick bonus.

Every ruleset of ``rulesets/`` and ``rulesets/house/`` is played, listed from the folders so that
a new file is covered; the checker reads the rules, never a ruleset's name.  The file must stay
under ~60 s at ``-n 2``, so example counts are small and fixed.
"""

from __future__ import annotations

import dataclasses
import random
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cli.main import app
from interpreter import (
    Card,
    Close,
    CloseBeforeDraw,
    Continue,
    DealState,
    Declare,
    Exchange,
    IllegalActionError,
    Pass,
    RandomBot,
    load_ruleset,
    parse_action,
    play_match,
    random_playout,
)
from interpreter.engine.fields import FIELDS
from interpreter.engine.position import AUCTION, NAMING
from interpreter.engine.views import PUBLIC_FIELDS, SeatView
from interpreter.rules.ruleset import Ruleset
from interpreter.play.record import implicit_step, load_record, replay, replay_report
from interpreter.play.runner import MatchLog
from tests.property.tally import Marriage, Tally

RULESET_DIR = Path(__file__).resolve().parents[2] / "rulesets"
# every bundled ruleset, from the folders themselves: a file added there is played with no edit
RULESETS = [p.stem for p in sorted(RULESET_DIR.glob("*.yaml"))] + [
    f"house/{p.stem}" for p in sorted((RULESET_DIR / "house").glob("*.yaml"))
]
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
# the most fixed deals the driver's own test plays per ruleset
DRIVER_SEEDS = 80
CARD_TEXT = re.compile(r"(?<![A-Z0-9])(10|[ATKQJ987])([CDHS])(?![A-Z0-9])")

# One generous bound on the number of decisions in a deal: every card played, an auction,
# and a handful of optional steps (exchange, close, continue, declare) per trick.
def max_steps(rs: Any) -> int:
    return 4 * rs.deck.size + 2 * rs.players.count + 10


# ----------------------------------------------------------------------------- helpers
def cards_of(state: DealState, mask: int) -> set[Card]:
    deck = state.rs.deck
    return {deck.cards[i] for i in range(deck.size) if mask >> i & 1}


def active_seats(state: DealState) -> list[int]:
    return [s for s in range(state.n) if s not in state.sitting_out]


def freeze(value: Any) -> Any:
    """A comparable copy of a state attribute (lists become tuples, recursively)."""
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    if isinstance(value, tuple):
        return tuple(freeze(v) for v in value)
    return value


def snapshot(state: DealState) -> dict[str, Any]:
    """Every slot of the state except the undo stack, plus the legal actions."""
    snap = {f.name: freeze(getattr(state, f.name)) for f in FIELDS if f.kind != "stack"}  # every declared field
    snap["legal codes"] = tuple(state.legal_codes())
    snap["legal actions"] = tuple(state.legal_actions())
    snap["hands"] = tuple(str(state.hand(s)) for s in range(state.n))
    snap["card points"] = tuple(state.card_points())
    return snap


def diff(a: dict[str, Any], b: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    return {k: (a.get(k), b.get(k)) for k in a.keys() | b.keys() if a.get(k) != b.get(k)}


VIEW_FIELDS = tuple(name for name, value in vars(SeatView).items() if isinstance(value, property) and not name.startswith("_"))


def cards_in_view(obj: Any, found: set[Card], where: str = "view") -> None:
    """Every card an object built from plain values mentions (Card values and card text)."""
    if isinstance(obj, Card):
        found.add(obj)
    elif isinstance(obj, str):
        for rank, suit in CARD_TEXT.findall(obj):
            found.add(Card("T" if rank == "10" else rank, suit))
    elif obj is None or isinstance(obj, (bool, int, float)):
        return
    elif isinstance(obj, SeatView):  # (a tuple underneath: asked before tuples)
        # the raw fields (the public ones included) and every friendly field worked out from
        # them; the ruleset is public, and a DealResult is what everybody is told at the end
        for name in VIEW_FIELDS:
            cards_in_view(getattr(obj, name), found, f"{where}.{name}")
    elif isinstance(obj, (tuple, list, frozenset, set)):
        for item in obj:
            cards_in_view(item, found, where)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            cards_in_view(k, found, where)
            cards_in_view(v, found, where)
    elif isinstance(obj, Ruleset) and where == "view.rs":
        return
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            cards_in_view(getattr(obj, f.name), found, f"{where}.{f.name}")
    else:  # a view must hold plain values only: a state or a deck would let a bot peek
        raise AssertionError(f"{where} holds a {type(obj).__name__}, not a plain value")


# ----------------------------------------------------------------------------- the driver
@dataclasses.dataclass
class DealRun:
    """A deal played to its end and the account kept beside it."""

    state: DealState
    tally: Tally


class Checker:
    """Plays one deal at random and checks the invariants at every step."""

    def __init__(self, ruleset: str, dealer: int, deal_seed: int, play_seed: int, *, push_pop: bool = True) -> None:
        self.rs = load_ruleset(ruleset)
        self.state = DealState.new(self.rs, dealer % self.rs.players.count, deal_seed)
        self.rng = random.Random(play_seed)
        self.push_pop = push_pop
        self.tally = Tally(self.state)
        self.dealt = [cards_of(self.state, h) for h in self.state.hands]

    def choose(self, codes: list[int]) -> int:
        st_ = self.state
        rs = self.rs
        declare = rs.code(Declare())
        if declare in codes:
            right = st_.claim_points() >= rs.claim.target
            roll = self.rng.random()
            if (right and roll < 0.6) or (not right and roll < 0.01) or len(codes) == 1:
                return declare
            codes = [c for c in codes if c != declare]
        exchange = self.rs.code(Exchange())
        if exchange in codes and self.rng.random() < 0.4:  # rare otherwise: worth seeing often
            return exchange
        # where all passing means the plain game, an auction of many bids taken uniformly would
        # seldom lead to it: the game where marriages, declaring and the card sums meet
        passing = rs.code(Pass())
        if rs.bidding.all_pass == "play" and st_.phase == AUCTION and passing in codes and self.rng.random() < 0.7:
            return passing
        # closing is offered at almost every lead: taken uniformly, it would end most deals early
        closes = [c for c in codes if self.rs.action_of[c] in (Close(), CloseBeforeDraw())]
        if closes and len(closes) < len(codes):
            if self.rng.random() < 0.08:
                return self.rng.choice(closes)
            codes = [c for c in codes if c not in closes]
        return self.rng.choice(codes)

    def check_push_pop(self, codes: list[int]) -> None:
        st_ = self.state
        before = snapshot(st_)
        for code in codes:
            st_.push_code(code)
            pushed = 1
            if not st_.is_over:
                st_.push_code(st_.legal_codes()[-1])
                pushed += 1
            for _ in range(pushed):
                st_.pop()
            after = snapshot(st_)
            assert after == before, f"push/pop of {self.rs.action_of[code]} changed {diff(before, after)}"

    def check_refusals(self, codes: list[int]) -> None:
        """A few actions that are not listed must be refused by is_legal and check, with a reason."""
        st_ = self.state
        others = [c for c in self.rs.action_of if c not in codes]
        for code in self.rng.sample(others, min(3, len(others))):
            action = self.rs.action_of[code]
            assert not st_.is_legal(action), f"{action} is not listed but is_legal says yes"
            with pytest.raises(IllegalActionError) as refused:
                st_.check(action)
            assert refused.value.message, f"{action} refused without a reason"

    def seen_hand(self, seat: int) -> int:
        """The part of a seat's hand it has seen: all of it, except while trump is named
        (``trump.selection: named``), when only the first ``trump.name_after_packet`` packets
        are seen, by their holder too."""
        st_ = self.state
        hand = st_.hands[seat]
        if st_.phase != NAMING:
            return hand
        seen = hand & ~st_.unseen[seat]
        first = sum(self.rs.deal.packets[: self.rs.trump.name_after_packet]) if hand else 0
        assert seen.bit_count() == first, f"seat {seat} sees {seen.bit_count()} cards while trump is named, not {first}"
        return seen

    def check_views(self) -> None:
        st_ = self.state
        deck = self.rs.deck
        revealed = self.tally.revealed
        stock_hidden = {deck.cards[c] for c in st_.stock[st_.spos:]}
        widow = {deck.cards[c] for c in st_.widow}
        for seat in range(st_.n):
            view = st_.view(seat)
            own = self.seen_hand(seat)
            assert set(view.hand) == cards_of(st_, own), "a view's hand is not the part of the seat's hand it has seen"
            # the raw ints: own cards, the widow to its taker only (where the rules let him see it:
            # taken into his hand, or kept with won cards he may look at), and no hand or stock in
            # the public fields
            assert view.hand_mask == own
            sees_widow = st_.widow_taker == seat and self.rs.tables.widow_seen
            widow_mask = sum(1 << c for c in st_.widow) if sees_widow else 0
            assert view.widow_mask == widow_mask
            public = dict(zip(PUBLIC_FIELDS, view.public))
            assert set(public) == set(PUBLIC_FIELDS) and len(view.public) == len(PUBLIC_FIELDS)
            for other in range(st_.n):
                assert public["known"][other] & ~(st_.known[other] & st_.hands[other]) == 0
                assert public["hand_sizes"][other] == self.seen_hand(other).bit_count()
            seen: set[Card] = set()
            cards_in_view(view, seen)
            unseen = cards_of(st_, st_.hands[seat] & ~own)
            assert not seen & unseen, f"seat {seat} sees {seen & unseen}, dealt to it after trump is named"
            assert not seen & stock_hidden, f"seat {seat} sees face-down stock cards {seen & stock_hidden}"
            if sees_widow:  # its taker counts the widow: he may look at it, in view.widow alone
                assert set(view.widow) == widow
                seen -= widow
            assert not seen & widow, f"seat {seat} sees widow cards {seen & widow}"
            for other in range(st_.n):
                if other == seat:
                    continue
                held = cards_of(st_, st_.hands[other])
                known = set(view.known[other])
                assert known <= held, f"seat {seat} 'knows' {known - held} in seat {other}'s hand, which are not there"
                assert known <= revealed[other], f"seat {seat} knows {known - revealed[other]} of seat {other}, never revealed"
                leaked = (seen & held) - known
                assert not leaked, f"seat {seat}'s view shows {leaked} held by seat {other}"
                missing = revealed[other] & held - known
                assert not missing, f"seat {seat}'s view.known lacks {missing}, revealed in seat {other}'s hand"
            # the trick on the table, seat by seat from the leader
            seats, who = [], st_.leader
            for _ in st_.trick:
                seats.append(who)
                who = st_.next_seat(who)
            assert list(view.trick) == list(zip(seats, (deck.cards[c] for c in st_.trick)))

    def run(self) -> DealRun:
        st_ = self.state
        rs = self.rs
        moves = self.tally.moves
        points = st_.card_points()
        view_points = [st_.view(s).card_points for s in range(st_.n)]
        limit = max_steps(rs)
        steps = 0
        while not st_.is_over:
            steps += 1
            assert steps <= limit, f"the deal did not end within {limit} decisions: {moves}"
            codes = st_.legal_codes()
            assert codes, f"no legal action before the deal is over after {moves}"
            assert [rs.action_of[c] for c in codes] == st_.legal_actions()
            self.check_views()
            self.check_refusals(codes)
            if self.push_pop:
                self.check_push_pop(codes)
            action = rs.action_of[self.choose(codes)]
            self.tally.apply(st_, action)  # the checked path: it must accept every listed action
            now = st_.card_points()
            assert all(a >= b for a, b in zip(now, points)), f"card points went down {points} -> {now} after {action}"
            points = now
            if not st_.is_over:
                vp = [st_.view(s).card_points for s in range(st_.n)]
                for s in range(st_.n):
                    assert all(a >= b for a, b in zip(vp[s], view_points[s])), f"seat {s} saw points go down"
                view_points = vp
        assert st_.legal_codes() == [] and st_.legal_actions() == []
        assert st_.result is not None
        return DealRun(st_, self.tally)


def played_out(state: DealState) -> bool:
    return state.result is not None and not state.result.redeal and all(state.hands[s] == 0 for s in active_seats(state))


def unplayed_cards(state: DealState, dealt: list[set[Card]]) -> set[Card]:
    """Cards a played-out deal leaves unplayed: the stock left by closing, the widow, a sitting-out hand."""
    deck = state.rs.deck
    left = {deck.cards[c] for c in state.stock[state.spos:]} | {deck.cards[c] for c in state.widow}
    if state.turnup >= 0:
        left.add(deck.cards[state.turnup])
    for seat in state.sitting_out:
        left |= dealt[seat]
    return left


def marriage_counts(state: DealState, marriage: Marriage) -> bool:
    """Whether a marriage's points count at the deal's end, by ``marriage.counts_after``."""
    rs = state.rs
    how = rs.marriage.counts_after
    if how == "immediately":
        return True
    if how == "team_trick":
        return state.tricks_won()[rs.side_of(marriage.seat)] > 0
    if how == "own_trick":
        return state.tricks[marriage.seat] > 0
    if how == "own_next_trick":  # a trick won after announcing it (the trick it was led in too)
        return state.tricks[marriage.seat] > marriage.tricks_before
    raise AssertionError(f"marriage.counts_after: {how} is new to the checker")


def expected_marriage_points(run: DealRun) -> int:
    state = run.state
    values = state.rs.marriage.values
    trump = state.trump_suit()
    return sum(
        (values.trump if m.card.suit == trump else values.plain) for m in run.tally.marriages if marriage_counts(state, m)
    )


def check_deal_end(dealt: list[set[Card]], run: DealRun) -> None:
    state = run.state
    rs = state.rs
    deck = rs.deck
    if not played_out(state):
        return
    unplayed = unplayed_cards(state, dealt)
    played = run.tally.played
    assert set(played) == set(deck.cards) - unplayed, "a dealt card was never played"
    assert len(played) == len(set(played))
    if run.tally.declared:
        return
    bonus = 0 if state.closed else rs.end.last_trick_bonus
    unplayed_points = sum(deck.points[deck.index(c)] for c in unplayed - {deck.cards[c] for c in state.widow})
    expected = deck.total_points - unplayed_points + expected_marriage_points(run) + bonus
    assert sum(state.card_points()) == expected, (
        f"card points {state.card_points()} do not add up to {expected}: {deck.total_points} - {unplayed_points}"
        f" unplayed + marriages {expected_marriage_points(run)} + bonus {bonus}; moves {run.tally.moves}"
    )


# ----------------------------------------------------------------------------- the tests
@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal_seed=SEEDS, dealer=st.integers(0, 3), play_seed=SEEDS)
def test_random_play_keeps_invariants(ruleset: str, deal_seed: int, dealer: int, play_seed: int) -> None:
    checker = Checker(ruleset, dealer, deal_seed, play_seed)
    run = checker.run()
    check_deal_end(checker.dealt, run)


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=15, deadline=None)
@given(deal_seed=SEEDS, dealer=st.integers(0, 3), play_seed=SEEDS)
def test_random_play_card_accounting(ruleset: str, deal_seed: int, dealer: int, play_seed: int) -> None:
    """More deals, without the per-step push/pop (the end-of-deal sums are the point here)."""
    checker = Checker(ruleset, dealer, deal_seed, play_seed, push_pop=False)
    run = checker.run()
    check_deal_end(checker.dealt, run)


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=20, deadline=None)
@given(deal_seed=SEEDS, dealer=st.integers(0, 3), play_seed=SEEDS)
def test_random_playout_ends_and_accounts(ruleset: str, deal_seed: int, dealer: int, play_seed: int) -> None:
    """The fast playout of the bots ends legally: its moves, played again on the checked path
    (the implicit steps between them too), reach the same end; played out, it adds up."""
    rs = load_ruleset(ruleset)
    state = DealState.new(rs, dealer % rs.players.count, deal_seed)
    start = [cards_of(state, h) for h in state.hands]
    random_playout(state, random.Random(play_seed))
    assert state.is_over and state.result is not None
    again = DealState.new(rs, state.dealer, deal_seed)
    tally = Tally(again)
    for _, action in state.actions_made():
        while implicit_step(again, action):
            tally.apply(again, Continue())
        tally.apply(again, action)
    assert again.is_over and again.result == state.result
    assert again.card_points() == state.card_points()
    check_deal_end(start, DealRun(again, tally))


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=2, deadline=None)
@given(seed=SEEDS)
def test_same_seed_same_moves(ruleset: str, seed: int) -> None:
    """A match of random bots is a function of its seed: the same moves, deal by deal."""
    rs = load_ruleset(ruleset)

    def moves() -> list[tuple[int, int, list[str]]]:
        log = MatchLog()
        agents = [RandomBot(rs, seed * 16 + s) for s in range(rs.players.count)]
        play_match(rs, agents, seed=seed, max_deals=2, log=log)
        return log.deals

    first = moves()
    assert first == moves()
    assert all(m for _, _, m in first)
    # the driver above too
    a = Checker(ruleset, 0, seed, seed, push_pop=False).run().tally.moves
    b = Checker(ruleset, 0, seed, seed, push_pop=False).run().tally.moves
    assert a == b


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_run_record_is_byte_identical(ruleset: str, seed: int) -> None:
    rs = load_ruleset(ruleset)
    players = ",".join(["random", "greedy", "random", "greedy"][: rs.players.count])
    runner = CliRunner(env={"SOURCE_DATE_EPOCH": "1767225600"})  # the date header: the same day for both runs, even at midnight
    with tempfile.TemporaryDirectory() as tmp:
        texts = []
        for name in ("a.yaml", "b.yaml"):
            path = Path(tmp) / name
            result = runner.invoke(
                app, ["run", ruleset, "--seed", str(seed), "--players", players, "--deals", "2", "--quiet", "--record", str(path)]
            )
            assert result.exit_code == 0, result.output
            texts.append(path.read_bytes())
    assert texts[0] == texts[1]
    assert f"seed: {seed}".encode() in texts[0]


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=5, deadline=None)
@given(deal_seed=SEEDS, dealer=st.integers(0, 3), play_seed=SEEDS)
def test_random_deal_replays_from_its_record(ruleset: str, deal_seed: int, dealer: int, play_seed: int) -> None:
    """A randomly played deal written as a record (seed, dealer, moves without the implicit
    steps) replays to the same outcome: points, tricks, winner, game points."""
    checker = Checker(ruleset, dealer, deal_seed, play_seed, push_pop=False)
    run = checker.run()
    state = run.state
    text = yaml.safe_dump(
        {"ruleset": ruleset, "dealer": state.dealer, "seed": deal_seed, "moves": run.tally.moves}, sort_keys=False
    )
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "deal.yaml"
        path.write_text(text, encoding="utf-8")
        outcome = replay(load_record(path))
    report = replay_report(outcome)
    assert report["illegal"] is None, report["illegal"]
    assert report["status"] == "deal_over"
    assert report["card_points"] == state.card_points()
    assert report["tricks_won"] == state.tricks_won()
    assert state.result is not None
    assert report["winner"] == state.result.winner
    assert list(outcome.match_scores) == list(state.result.scores)


# ----------------------------------------------------------------------------- targeted cases
def test_push_pop_restores_a_moon_bid() -> None:
    """North American four-handed: popping the bid that makes a moon (partner sits out)
    must bring back four-card tricks (found by the random push/pop check)."""
    rs = load_ruleset("north-american-4")
    state = DealState.new(rs, 3, 1)
    for _ in range(3):
        state.apply(Pass())
    before = snapshot(state)
    state.apply(rs.action_of[max(state.legal_codes())])  # the moon: the highest bid
    assert state.sitting_out
    state.pop()
    assert diff(before, snapshot(state)) == {}


def steps_taken(run: DealRun) -> set[str]:
    """The kinds of step a deal went through: its moves' words, and what they led to."""
    state = run.state
    steps = {m.split()[0] if not m.startswith("close") else m for m in run.tally.moves}
    if state.sitting_out and played_out(state):
        steps.add("a moon with the partner sitting out")
    if state.widow_taker >= 0:
        steps.add("the widow taken")
    if any(m.shown_only for m in run.tally.marriages):
        steps.add("a marriage shown")
    if state.turned >= 0:
        steps.add("a card turned for trump")
    return steps


def steps_in_rules(rs: Ruleset) -> set[str]:
    """The kinds of step the ruleset's rules have (:func:`steps_taken`'s words)."""
    wanted = {"play"}
    if rs.marriage.enabled:
        wanted.add("marry")
        if rs.marriage.who == "leader_and_partner":
            wanted.add("a marriage shown")
    if rs.exchange.enabled:
        wanted.add("exchange")
    if rs.closing.enabled:
        wanted.add("close")
        if rs.closing.timing == "before_or_after_draw":
            wanted.add("close before-draw")
    if rs.claim.enabled and not rs.claim.automatic:
        wanted.add("declare")
    if rs.trump.selection == "named":
        wanted.add("trump")
    if rs.trump.selection == "dealer_card" or (rs.trump.selection == "named" and rs.trump.if_passed == "turn_next"):
        wanted.add("a card turned for trump")
    if rs.bidding.enabled:
        wanted |= {"bid", "pass"}
        if rs.bidding.moon is not None and rs.bidding.moon.partner_sits_out:
            wanted.add("a moon with the partner sitting out")
    if rs.deal.widow is not None:
        wanted.add("the widow taken")
        if rs.deal.widow.to in ("declarer_hand", "first_trick_winner_hand"):
            wanted.add("discard")
    return wanted


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_driver_reaches_every_kind_of_step(ruleset: str) -> None:
    """The random driver is not vacuous: over fixed seeds it exchanges, closes, marries (or
    shows a marriage in the partner's trick), declares, names or turns trump, lays cards away
    and plays deals out, wherever the ruleset has these steps (all checked as above).  It stops
    at the first seed by which it has seen them all: some steps are rare in some rulesets."""
    wanted = steps_in_rules(load_ruleset(ruleset))
    seen: set[str] = set()
    played_out_plain = 0
    for seed in range(DRIVER_SEEDS):
        checker = Checker(ruleset, seed, seed, seed + 1, push_pop=False)
        run = checker.run()
        check_deal_end(checker.dealt, run)
        seen |= steps_taken(run)
        played_out_plain += played_out(run.state) and not run.tally.declared
        if wanted <= seen and played_out_plain >= 3:
            break
    assert wanted <= seen, f"never exercised in {DRIVER_SEEDS} deals: {wanted - seen}"
    assert played_out_plain >= 3, "too few deals were played out without a declaration"


def test_a_card_turned_for_trump_is_known_until_its_holder_lays_cards_away() -> None:
    """Dreierschnapsen: the forehand passes and the first card of his second packet is turned
    for trump; everybody knows it is in his hand through the auction he wins, until he lays a
    card away face down -- it may be the card laid away (found by running the checker on every
    ruleset: it had kept the card known)."""
    checker = Checker("house/dreierschnapsen", 0, 6 * 7919 + 1, 0)
    st_ = checker.state
    forehand = 1  # the dealer's left
    first_packet = set(st_.view(forehand).hand)
    assert len(first_packet) == 3  # trump is named after the first packet of three
    for move, known_after in [("pass", 1), ("bid 2", 1), ("bid 3", 1), ("pass", 1), ("bid 4", 1), ("pass", 1), ("discard QS", 0)]:
        checker.tally.apply(st_, parse_action(move))
        checker.check_views()
        known = st_.view(0).known[forehand]
        assert len(known) == known_after, f"after {move}: seat 0 knows {known} of the forehand"
        if known:
            (card,) = known
            assert card.suit == st_.trump_suit() and card not in first_packet  # the next card, shown
    assert st_.declarer == forehand and st_.view(2).known[forehand] == ()
