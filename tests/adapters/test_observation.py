"""The observation the RL adapters and the ``policy`` seat kind share, checked against the view.

* every card plane of the observation is exactly what the seat's view shows (its hand, its
  widow, the trick, the cards played, the cards known to be in a hand, the turn-up), so no card
  the seat may not see is ever in it -- checked against the real hidden cards of the state too;
* it is a function of the view alone: states that look the same from a seat (sampled worlds)
  give the same observation, information state and strings;
* its length, and the bounds of the history rows and of the decisions of a deal, hold for
  every bundled, house and fixture ruleset in random play;
* :class:`PolicyAgent` plays a match through ``play_match`` from the same observation.

These need no optional package (numpy is used when present).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.core.errors import BotError
from interpreter.core.cards import bit_list
from interpreter.core.actions import DISCARD_BASE, HIDDEN_DISCARD, parse_action
from interpreter.engine.state import NAMING, DealState, deal_cards, deal_marks
from interpreter.engine.views import SeatView, public_view, spectator_view
from interpreter.rules.tables import KIND_MARRY, KIND_PLAY
from interpreter.play.bots.policy import ObservationLayout, PolicyAgent, ViewState, layout, load_policy, make_policy_agent
from interpreter.play.bots.random_bot import RandomBot
from interpreter.play.runner import play_match
from interpreter.rules.loader import load_ruleset
from interpreter.rules.resources import bundled_rulesets
from interpreter.rules.ruleset import Ruleset
from interpreter.search.sampling import WorldSampler

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted(bundled_rulesets()) + sorted(str(p) for p in (ROOT / "tests" / "fixtures" / "rulesets").glob("*.yaml"))
#: a talon, a widow laid away by the declarer (dreierschnapsen), a widow to the first trick's
#: winner (north-american-3), partnerships, the exchange offered at a close
PUBLIC_RULESETS = ["schnapsen", "sechsundsechzig", "house/dreierschnapsen", "north-american-3", "north-american-4",
                   str(ROOT / "tests" / "fixtures" / "rulesets" / "exchange-on-close-partners.yaml")]


def plane(obs: list[float], lay: ObservationLayout, name: str, row: int = 0) -> int:
    """A card plane of the observation as a bit mask."""
    f = lay.field[name]
    width = f.size // f.rows
    start = f.offset + row * width
    return sum(1 << i for i, x in enumerate(obs[start:start + width]) if x)


def visited_views(rs: Ruleset, deals: int, seed: int) -> list[tuple[DealState, int, SeatView]]:
    """Views of every seat at every decision of random deals (bots that declare only when right)."""
    rng = random.Random(seed)
    bots = [RandomBot(rs, seed + s) for s in range(rs.players.count)]
    found = []
    for k in range(deals):
        state = DealState.new(rs, k % rs.players.count, rng.getrandbits(32))
        while True:
            for seat in range(rs.players.count):
                found.append((state.copy(), seat, state.view(seat)))
            if state.is_over:
                break
            actor = state.actor
            assert actor is not None
            view = state.view(actor)
            state.apply(bots[actor].choose(view, list(view.legal)))
    return found


def played_before(view: SeatView, entry: int) -> bool:
    """Whether the card of a marriage entry was played by a later play entry (then the marriage
    was shown, and the card played after)."""
    t = view.rs.tables
    codes = view.history_codes
    card = t.code_card[entry & 0xFFFF]
    later = codes[codes.index(entry) + 1:]
    return any(t.code_kind[h & 0xFFFF] == KIND_PLAY and t.code_card[h & 0xFFFF] == card for h in later)


@pytest.mark.parametrize("name", RULESETS, ids=lambda name: Path(name).stem if name.endswith(".yaml") else name)
def test_the_observation_shows_exactly_what_the_view_shows(name: str) -> None:
    rs = load_ruleset(name)
    lay = layout(rs)
    n = rs.players.count
    t = rs.tables
    for state, seat, view in visited_views(rs, 6, 11):
        obs = lay.encode(view)
        assert len(obs) == lay.size and all(0.0 <= x <= 1.0 for x in obs)
        rel = {s: (s - seat) % n for s in range(n)}
        trick = [0] * n
        for s, card in view.trick:
            trick[s] |= 1 << rs.deck.index(card)
        # a card played: a play, or a marriage whose card reached the table (a partner's shown
        # marriage stays in his hand; a card laid away is no play)
        out_of_hand = view.public.gone | sum(trick)
        played = [0] * n
        for h in view.history_codes:
            kind, card = t.code_kind[h & 0xFFFF], t.code_card[h & 0xFFFF]
            if kind == KIND_PLAY or (kind == KIND_MARRY and out_of_hand >> card & 1 and not played_before(view, h)):
                played[h >> 16] |= 1 << card
        assert plane(obs, lay, "hand") == view.hand_mask
        assert plane(obs, lay, "widow") == view.widow_mask
        turnup = view.public.turnup
        assert plane(obs, lay, "turn_up") == (1 << turnup if turnup >= 0 else 0)
        for s in range(n):
            assert plane(obs, lay, "played", rel[s]) == played[s]
            assert plane(obs, lay, "trick", rel[s]) == trick[s]
            assert plane(obs, lay, "known", rel[s]) == view.public.known[s]
        turned = view.public.turned  # the card turned for trump: seen by all, kept after a lay-away
        if "turned" in lay.field:
            assert plane(obs, lay, "turned") == (1 << turned if turned >= 0 else 0)
        # and against the truth: no card hidden from this seat is in any card plane
        seen = view.hand_mask | view.widow_mask | (1 << turnup if turnup >= 0 else 0) | (1 << turned if turned >= 0 else 0)
        for s in range(n):
            seen |= played[s] | view.public.known[s]
        hidden = rs.deck.full_mask & ~seen
        dealt_later = state.unseen[seat] if state.phase == NAMING else 0  # not seen while trump is named
        assert hidden & state.hands[seat] & ~dealt_later == 0
        for f in lay.fields:
            if f.size % rs.deck.size == 0 and f.size // f.rows == rs.deck.size:
                for row in range(f.rows):
                    assert plane(obs, lay, f.name, row) & hidden == 0, (f.name, row)
        mask = lay.mask(view)
        assert [lay.codes[i] for i, m in enumerate(mask) if m] == sorted(view.legal_codes)


@pytest.mark.parametrize("name", RULESETS, ids=lambda name: Path(name).stem if name.endswith(".yaml") else name)
def test_the_observation_is_a_function_of_the_view_alone(name: str) -> None:
    rs = load_ruleset(name)
    lay = layout(rs)
    rng = random.Random(3)
    views = visited_views(rs, 2, 5)
    for state, seat, view in views[:: max(1, len(views) // 12)]:
        if state.is_over:
            continue
        sampler = WorldSampler(view)
        for _ in range(3):
            world = sampler.sample(rng).state
            other = world.view(seat)
            assert other == view
            assert lay.encode(other) == lay.encode(view)
            assert lay.encode_info(other) == lay.encode_info(view)
            assert lay.information_state_string(other) == lay.information_state_string(view)
            assert lay.observation_string(other) == lay.observation_string(view)


@pytest.mark.parametrize("name", RULESETS, ids=lambda name: Path(name).stem if name.endswith(".yaml") else name)
def test_the_arrays_hold_the_vector_and_the_mask(name: str) -> None:
    """The arrays of the environments (written from :meth:`ObservationLayout.entries` into a
    zeroed C float array) hold the vector of :meth:`~ObservationLayout.encode` as C floats and
    the mask, at every decision of random deals seen from every seat; the entries name every 1
    that is not a count (a seat that passed twice is named twice: written once)."""
    rs = load_ruleset(name)
    lay = layout(rs)
    for _state, _seat, view in visited_views(rs, 2, 13):
        vector = lay.encode(view)
        ones, values = lay.entries(view)
        assert set(ones) == {i for i, x in enumerate(vector) if x == 1.0 and i not in values}
        arrays = lay.observation(view)
        if isinstance(arrays["observation"], list):  # without numpy: the lists themselves
            assert arrays["observation"] == vector and arrays["action_mask"] == lay.mask(view)
            continue
        obs, mask = arrays["observation"], arrays["action_mask"]
        assert obs.dtype.name == "float32" and obs.shape == (lay.size,)
        assert mask.dtype.name == "int8" and mask.shape == (lay.actions,)
        assert [float(x) for x in obs] == [_f32(x) for x in vector]
        assert [int(x) for x in mask] == lay.mask(view)


@pytest.mark.parametrize("name", RULESETS, ids=lambda name: Path(name).stem if name.endswith(".yaml") else name)
def test_the_fixed_sizes_hold_in_random_play(name: str) -> None:
    rs = load_ruleset(name)
    lay = layout(rs)
    rng = random.Random(7)
    assert lay.actions == len(rs.action_of)
    assert lay.size == sum(f.size for f in lay.fields)
    for k in range(150):
        state = DealState.new(rs, k % rs.players.count, k)
        decisions = 0
        while not state.is_over:
            state.push_code(rng.choice(state.legal_codes()))
            decisions += 1
        assert len(state.history) <= lay.history_rows
        assert decisions <= lay.max_decisions
        assert len(lay.encode_info(state.view(0))) == lay.info_size


def test_a_policy_agent_plays_a_match_from_the_observation() -> None:
    rs = load_ruleset("schnapsen")
    lay = layout(rs)
    seen: list[str] = []

    def first_legal(observation: dict[str, object], agent: str) -> int:
        seen.append(agent)
        mask = list(observation["action_mask"])  # type: ignore[call-overload]
        assert len(list(observation["observation"])) == lay.size  # type: ignore[call-overload]
        return mask.index(1)

    match = play_match(rs, [PolicyAgent(rs, first_legal), RandomBot(rs, 1)], seed=4)
    assert match.is_over and set(seen) == {"player_0"}


def test_a_policy_agent_refuses_an_illegal_choice() -> None:
    rs = load_ruleset("schnapsen")
    state = DealState.new(rs, 1, 42)
    view = state.view(state.actor or 0)
    illegal = next(i for i, m in enumerate(layout(rs).mask(view)) if not m)
    agent = PolicyAgent(rs, lambda observation, agent: illegal)
    with pytest.raises(BotError, match="not legal now") as caught:
        agent.choose(view, list(view.legal))
    assert (caught.value.seat, caught.value.bot) == (view.seat, "<lambda>")


def test_an_openspiel_style_policy_reads_a_view_state() -> None:
    rs = load_ruleset("north-american-4")

    class Uniform:
        def action_probabilities(self, state: ViewState, player: int) -> dict[int, float]:
            assert state.current_player() == player
            assert len(state.information_state_tensor(player)) == layout(rs).info_size
            legal = state.legal_actions(player)
            return {a: 1 / len(legal) for a in legal}

    match = play_match(rs, [PolicyAgent(rs, Uniform(), seed=s) for s in range(4)], seed=9, max_deals=2)
    assert len(match.results) >= 1


def test_the_seat_kind_names_a_policy_in_a_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.py"
    path.write_text("def policy(observation, agent):\n    return list(observation['action_mask']).index(1)\n")
    rs = load_ruleset("sechsundsechzig")
    agent = make_policy_agent(f"policy:{path}:policy", rs, 0)
    match = play_match(rs, [agent, RandomBot(rs, 2)], seed=1, max_deals=1)
    assert match.results
    assert load_policy(f"{path}:policy") is load_policy(f"{path}:policy")  # the file runs once
    assert callable(load_policy("interpreter.play.bots.policy:agent_name"))
    with pytest.raises(ValueError):
        load_policy("no_such_module_here:policy")
    with pytest.raises(ValueError):
        load_policy("no-colon")
    with pytest.raises(ValueError):
        load_policy(f"{tmp_path / 'missing.py'}:policy")


def test_seats_are_counted_from_the_observer() -> None:
    rs = load_ruleset("north-american-4")
    lay = layout(rs)
    state = DealState.new(rs, 0, 5)
    for seat in range(4):
        obs = lay.encode(state.view(seat))
        f = lay.field["dealer"]
        assert obs[f.offset:f.offset + f.size].index(1.0) == (0 - seat) % 4
        assert bit_list(plane(obs, lay, "hand")) == bit_list(state.hands[seat])


def test_the_auction_is_seen_from_the_observer() -> None:
    """North American 4, dealer 0: seat 1 (left of the dealer) bids 2, seat 2 passes, seat 3
    bids 3, and seat 0 is to speak.  Seen from seat 2 the seats count 2 -> 0, 3 -> 1, 0 -> 2,
    1 -> 3, and bids are divided by the highest bid there is (5): seat 1's bid 2 is 0.4 at row
    3, seat 3's bid 3 is 0.6 at row 1; the pass is seat 2's own (row 0); the highest bid is
    0.6, held by seat 3 (row 1); the dealer and the seat to speak are seat 0 (row 2)."""
    rs = load_ruleset("north-american-4")
    lay = layout(rs)
    state = DealState.new(rs, 0, 5)
    for text in ("bid 2", "pass", "bid 3"):
        state.apply(parse_action(text))
    obs = lay.encode(state.view(2))

    def field(name: str) -> list[float]:
        f = lay.field[name]
        return obs[f.offset:f.offset + f.size]

    assert field("bids") == [0.0, 0.6, 0.0, 0.4]
    assert field("passed") == [1.0, 0.0, 0.0, 0.0]
    assert field("high_bid") == [0.6]
    assert field("declarer") == [0.0, 1.0, 0.0, 0.0]
    assert field("dealer") == [0.0, 0.0, 1.0, 0.0]
    assert field("to_act") == [0.0, 0.0, 1.0, 0.0]
    # the array of the environments holds the same numbers, as float32
    arrays = lay.observation(state.view(2))
    if not isinstance(arrays["observation"], list):
        assert [float(x) for x in arrays["observation"]] == [float(_f32(x)) for x in obs]
        assert list(arrays["action_mask"]) == lay.mask(state.view(2))


def _f32(x: float) -> float:
    """``x`` rounded to a C float, as an observation array holds it."""
    import struct
    return float(struct.unpack("f", struct.pack("f", x))[0])


# ------------------------------------------------------------------ the public part
def test_a_seats_public_view_is_the_spectators() -> None:
    """Dreierschnapsen, widow to the declarer's hand: the declarer lays two cards away, which
    he sees by name and nobody else does, so his own view differs from a spectator's;
    :func:`public_view` of his view is the spectator's view exactly (his discards face down,
    no hand, no legal actions), and so is every other seat's."""
    rs = load_ruleset("house/dreierschnapsen")
    for state, seat, view in visited_views(rs, 4, 5):
        assert public_view(view) == spectator_view(state)
    state = next(st for st, seat, view in visited_views(rs, 4, 5) if st.widow_taker >= 0 and
                 any(h & 0xFFFF >= DISCARD_BASE and h & 0xFFFF != HIDDEN_DISCARD for h in st.view(st.widow_taker).history_codes))
    own = state.view(state.widow_taker)
    assert own != spectator_view(state) and public_view(own) == spectator_view(state)


@pytest.mark.parametrize("name", PUBLIC_RULESETS, ids=lambda name: Path(name).stem if name.endswith(".yaml") else name)
def test_the_public_observation_is_the_same_for_every_seat(name: str) -> None:
    """``private=False`` at every step of random deals: the vector, the information-state
    vector (its history rows included) and both strings are the same for every seat, and are
    the spectator's view encoded -- public information only."""
    rs = load_ruleset(name)
    lay = layout(rs)
    n = rs.players.count
    visited = visited_views(rs, 3, 7)  # every seat's view of each state, seat 0 first
    for at in range(0, len(visited), n):
        views = [view for _, _, view in visited[at:at + n]]
        spectator = spectator_view(visited[at][0])
        expected = (lay.encode(spectator, private=False), lay.encode_info(spectator, private=False),
                    lay.observation_string(spectator, private=False), lay.information_state_string(spectator, private=False))
        assert "seat " not in expected[2] and "legal" not in expected[2]
        for view in views:
            got = (lay.encode(view, private=False), lay.encode_info(view, private=False),
                   lay.observation_string(view, private=False), lay.information_state_string(view, private=False))
            assert got == expected


def test_the_phase_entry_is_the_phase_of_the_deal() -> None:
    """The ``phase`` field is one-hot over its meaning's list (auction, play, over, and trump
    being named where trump is named).  Bauernschnapsen (named trump), dealer 0, seed 1: the
    deal opens with seat 1 naming trump (4th entry); once he names hearts the auction opens
    (1st); four passes later the play starts (2nd); at the end the deal is over (3rd).
    North American 4 (no naming, so 3 entries) opens with its auction."""
    rs = load_ruleset("house/bauernschnapsen")
    lay = layout(rs)
    f = lay.field["phase"]
    assert f.size == 4 and f.meaning == "auction, play, over, trump being named"

    def phase(state: DealState) -> list[float]:
        return lay.encode(state.view(0))[f.offset:f.offset + f.size]

    state = DealState.new(rs, 0, 1)
    assert state.phase == NAMING and state.actor == 1
    assert phase(state) == [0.0, 0.0, 0.0, 1.0]
    state.apply(parse_action("trump H"))
    assert phase(state) == [1.0, 0.0, 0.0, 0.0]
    for _ in range(4):
        state.apply(parse_action("pass"))
    assert phase(state) == [0.0, 1.0, 0.0, 0.0]
    bot = RandomBot(rs, 1)
    while not state.is_over:
        actor = state.actor
        assert actor is not None
        view = state.view(actor)
        state.apply(bot.choose(view, list(view.legal)))
    assert phase(state) == [0.0, 0.0, 1.0, 0.0]
    rs = load_ruleset("north-american-4")
    lay = layout(rs)
    f = lay.field["phase"]
    assert f.size == 3
    assert lay.encode(DealState.new(rs, 0, 5).view(2))[f.offset:f.offset + f.size] == [1.0, 0.0, 0.0]


TALON_RULESETS = [name for name in RULESETS if load_ruleset(name).deal.talon and not load_ruleset(name).tables.deal_marks]


def swapped_deals(rs: Ruleset, seed: int) -> tuple[DealState, DealState, int, int, int, list[int]] | None:
    """A random deal A played to its end, and deal B: A with one card P dealt to a seat swapped
    for a card Q of the stock that the seat draws in A (P into the stock in Q's place), where
    A's moves replay legally in B and the seat plays both P and Q.  ``(A, B, seat, P, Q,
    codes)`` at the start of the deal, or None if this seed gives no such pair."""
    rng = random.Random(seed)
    start = DealState.new(rs, seed % rs.players.count, seed)
    state = start.copy()
    codes: list[int] = []
    drawn: list[set[int]] = [set() for _ in range(rs.players.count)]
    stock = set(start.stock)
    while not state.is_over:
        before = state.hands[:]
        code = rng.choice(state.legal_codes())
        codes.append(code)
        state.push_code(code)
        for s in range(rs.players.count):
            drawn[s] |= {c for c in bit_list(state.hands[s] & ~before[s]) if c in stock}
    played = [0] * rs.players.count
    for h in state.history:
        card = rs.tables.code_card[h & 0xFFFF]
        if card >= 0:
            played[h >> 16] |= 1 << card
    for seat in range(rs.players.count):
        for p in bit_list(start.hands[seat] & played[seat]):
            for q in sorted(drawn[seat]):
                if not played[seat] >> q & 1:
                    continue
                hands = start.hands[:]
                hands[seat] ^= 1 << p | 1 << q
                other = DealState(rs, start.dealer, hands, [p if c == q else c for c in start.stock], start.turnup)
                probe = other.copy()
                for code in codes:
                    if code not in probe.legal_codes():
                        break
                    probe.push_code(code)
                else:
                    return start, other, seat, p, q, codes
    return None


@pytest.mark.parametrize("name", TALON_RULESETS, ids=lambda name: Path(name).stem if name.endswith(".yaml") else name)
def test_the_information_state_recalls_what_the_seat_was_dealt_and_drew(name: str) -> None:
    """Perfect recall (OpenSpiel's contract: two different information states never have
    successors in common).  Deal A gives a seat card P and lets it draw Q; deal B gives it Q and
    lets it draw P; the same moves are played in both.  The seat's information states differ
    at the start (its hands differ), so they must differ at every later step -- also once it has
    played both cards, when its hand and the public history are the same in both.  The seat
    saw P come at the deal and Q at its draw in A, the other way round in B: row 0 of the
    ``seen`` block holds P in A and Q in B."""
    rs = load_ruleset(name)
    lay = layout(rs)
    d = rs.deck.size
    found = 0
    for seed in range(40):
        pair = swapped_deals(rs, seed)
        if pair is None:
            continue
        a, b, seat, p, q, codes = pair
        row0 = lay.seen_offset
        assert lay.encode_info(a.view(seat))[row0 + p] == 1.0 and lay.encode_info(a.view(seat))[row0 + q] == 0.0
        assert lay.encode_info(b.view(seat))[row0 + q] == 1.0 and lay.encode_info(b.view(seat))[row0 + p] == 0.0
        both_played_seen = False
        for code in codes:
            a.push_code(code)
            b.push_code(code)
            va, vb = a.view(seat), b.view(seat)
            assert lay.information_state_string(va) != lay.information_state_string(vb)
            assert lay.encode_info(va) != lay.encode_info(vb)
            if va.hand_mask == vb.hand_mask and va.history_codes == vb.history_codes:
                both_played_seen = True  # what the seat holds and the history no longer tell A from B
        assert both_played_seen
        assert len(lay.encode_info(a.view(seat))) == lay.info_size and lay.info_size == lay.seen_offset + (lay.history_rows + 1) * d
        found += 1
        if found == 3:
            break
    assert found >= 1, "no deal where a seat plays a card it was dealt and one it drew: widen the search"


def test_the_view_states_tensors_are_float32_as_openspiels() -> None:
    """OpenSpiel's tensors are float32: a policy trained on them reads 0.8 as 0.800000011920929.
    :class:`ViewState` gives the same numbers.  Schnapsen, after the first trick and its draw:
    the talon holds 8 of at most 10 cards (9 face down and the turn-up), 0.8 -- as a float32."""
    import struct

    rs = load_ruleset("schnapsen")
    lay = layout(rs)
    state = DealState.new(rs, 0, 7)
    while not state.draws:
        state.push_code(state.legal_codes()[0])
    seat = state.actor
    assert seat is not None
    f32 = struct.unpack("f", struct.pack("f", 0.8))[0]
    assert f32 != 0.8
    obs = ViewState(state.view(seat)).observation_tensor(seat)
    info = ViewState(state.view(seat)).information_state_tensor(seat)
    at = lay.field["talon"].offset
    assert obs[at] == f32 and info[at] == f32
    assert all(type(x) is float for x in obs + info)
    assert obs == [struct.unpack("f", struct.pack("f", x))[0] for x in lay.encode(state.view(seat))]


def test_the_information_state_recalls_the_card_turned_for_trump_after_a_lay_away() -> None:
    """Dreierschnapsen: the namer passes, and the first of his later cards is turned for
    everybody to see (``trump.if_passed: turn_next``).  Two deals that differ only in which of
    his later cards that is are told apart by the other seats from then on -- also once he has
    laid a card away, when the view no longer lists the card as known in his hand (it may be
    the one laid away).  Before, both information states became one there (no perfect recall)."""
    rs = load_ruleset("house/dreierschnapsen")
    lay = layout(rs)
    dealer = 0
    later, shown_pos = rs.deal_marks[dealer]
    rnd = random.Random(1).random
    keys = [rnd() for _ in range(rs.deck.size)]
    order_a = sorted(range(rs.deck.size), key=keys.__getitem__)
    namer = next(s for s, positions in enumerate(later) if shown_pos in positions)
    other_pos = next(pos for pos in later[namer] if pos != shown_pos)
    order_b = list(order_a)
    order_b[shown_pos], order_b[other_pos] = order_b[other_pos], order_b[shown_pos]

    def dealt(order: list[int]) -> DealState:
        hands, stock, turnup = deal_cards(rs, dealer, order)
        unseen, shown = deal_marks(rs, dealer, order)
        return DealState(rs, dealer, hands, stock, turnup, unseen, shown)

    a, b = dealt(order_a), dealt(order_b)
    watcher = next(s for s in range(rs.players.count) if s != namer)
    assert lay.information_state_string(a.view(watcher)) == lay.information_state_string(b.view(watcher))  # nothing seen yet
    for state in (a, b):
        assert state.actor == namer
        state.apply(parse_action("pass"))  # the namer passes: his first later card is turned
        while str(state.legal_actions()[0]) == "pass":  # and everybody passes the auction
            state.apply(parse_action("pass"))
    turned_a, turned_b = order_a[shown_pos], order_b[shown_pos]
    assert turned_a != turned_b
    assert lay.information_state_string(a.view(watcher)) != lay.information_state_string(b.view(watcher))
    taker = a.actor
    assert taker == b.actor == namer and a.to_discard > 0  # the forehand names trump and, all passing, plays
    # a card both deals hold in the taker's hand and that is neither turned card: laid away in both
    common = a.hands[taker] & b.hands[taker] & ~(1 << turned_a | 1 << turned_b)
    card = bit_list(common)[0]
    for state in (a, b):
        state.push_code(DISCARD_BASE + card)
    va, vb = a.view(watcher), b.view(watcher)
    assert va.public.known[taker] == vb.public.known[taker] == 0  # the view no longer places the turned card
    assert va.history_codes == vb.history_codes
    assert f"turned {rs.deck.cards[turned_a]}" in lay.information_state_string(va)
    assert lay.information_state_string(va) != lay.information_state_string(vb)
    assert lay.encode_info(va) != lay.encode_info(vb)
