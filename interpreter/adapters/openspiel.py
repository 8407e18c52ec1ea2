"""Every ruleset as an OpenSpiel game: ``pyspiel.load_game("python_sixty_six(ruleset=house/santase)")``.

Importing this module registers the game :data:`GAME_NAME` with two parameters: ``ruleset``
(a bundled name or a path; default ``schnapsen``) and ``dealer`` (a seat, or -1 for the
ruleset's first dealer).  One game is one deal.

* **Chance is explicit**: the first ``deck size - 1`` moves are chance nodes that lay out the
  shuffled deck card by card (chance action = card index, uniform over the cards left; the
  last card falls into place), dealt by the ruleset's packets exactly as a seeded deal is.
* **Players** are the seats; their actions are the indexes of the action codes
  (:class:`~interpreter.play.observation.ObservationLayout`), the same as the PettingZoo
  environment's.  The player to move is the seat that must decide (the engine's ``actor``).
* **Illegal actions** raise ``ValueError`` (as OpenSpiel's own Python games do) and change
  nothing: a decision outside the engine's legal codes, a card chance has laid out already,
  and anything that is no action index of the game at all -- -1 (``kInvalidAction``), an
  index past the last, a float, a bool (:meth:`SixtySixState.apply_action` checks it before
  OpenSpiel's C++ layer sees it, which would refuse -1 with its own ``SpielError``, turn away a
  float with a binding error and take ``True`` for action 1).
* **Imperfect information**: observers built from the seat's view only -- the observation
  (tensor and string, what the seat sees now) and the information state (the observation
  followed by the ordered public history; its string keys search trees).
* **Returns** per player when the deal ends: the game points or units its side scored minus
  the mean of the other sides' (zero-sum where the sides have as many seats each, general-sum
  where they differ in size); the bounds come from the ruleset's scoring
  formulas (:func:`score_bounds`).
* :func:`world_resampler` builds a resampler for OpenSpiel's ``ISMCTSBot`` on the engine's
  world sampler (:mod:`interpreter.search.sampling`); :func:`ismcts_bot` makes such a bot.
"""

from __future__ import annotations

import itertools
import operator
import random
import re
from collections.abc import Callable
from typing import Any

from interpreter.adapters import missing_extra

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # without the extra: say which, and how to install it
    raise missing_extra("interpreter.adapters.openspiel", exc) from exc

from interpreter.core.actions import DISCARD_BASE
from interpreter.core.arguments import check_seat
from interpreter.core.cards import bit_list
from interpreter.engine.state import DealState, deal_cards, deal_marks
from interpreter.play.observation import ObservationLayout, layout
from interpreter.rules.loader import load_ruleset, load_schema
from interpreter.rules.resources import bundled_rulesets
from interpreter.rules.ruleset import Ruleset
from interpreter.search.sampling import World, WorldSampler

__all__ = [
    "GAME_NAME", "SixtySixGame", "SixtySixObserver", "SixtySixState", "ismcts_bot", "score_bounds",
    "world_resampler",
]

GAME_NAME = "python_sixty_six"


def _most_players() -> int:
    count = load_schema()["properties"]["players"]["properties"]["count"]
    return int(count["maximum"])


def _fewest_players() -> int:
    count = load_schema()["properties"]["players"]["properties"]["count"]
    return int(count["minimum"])


def _game_type(utility: Any) -> Any:
    """The game's type: registered zero-sum; general-sum for a ruleset whose sides differ in size."""
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Sixty-Six family (any ruleset)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_most_players(),
        min_num_players=_fewest_players(),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"ruleset": "schnapsen", "dealer": -1},
    )


_GAME_TYPE = _game_type(pyspiel.GameType.Utility.ZERO_SUM)


def score_bounds(rs: Ruleset) -> tuple[int, int]:
    """The least and the most one match side can score in a deal of ``rs``.

    Worked out from the rule file: the scoring formulas are evaluated where their value can
    change -- every trick count, and points and bids at 0, at the most a side can hold, at
    every number in the formula, at multiples of the unit (each with its neighbours) -- and
    the fixed amounts (penalties, the last trick's points) are added in.
    """
    lay = layout(rs)
    sc = rs.scoring
    top = lay.points_scale
    unit = sc.unit
    sources = " ".join(e.source for e in (sc.game_points, sc.made, sc.set, sc.defenders, sc.moon_made, sc.moon_set))
    marks = {int(m) for m in re.findall(r"\d+", sources)}
    marks |= {k * unit for k in range(top // max(unit, 1) + 2)} if unit > 0 else set()
    points = sorted({0, top} | {m + d for m in marks for d in (-1, 0, 1) if 0 <= m + d <= top})
    tricks = list(range(rs.deck.size // 2 + 1))
    bids = sorted({0, *rs.bidding.values})

    def values_for(name: str) -> list[int]:
        if name == "unit":
            return [unit]
        if name == "bid":
            return bids
        if "tricks" in name:
            return tricks
        return points

    def outcomes(expression: Any) -> list[int]:
        names = sorted(expression.names)
        found = []
        for combo in itertools.product(*(values_for(name) for name in names)):
            try:
                found.append(int(expression.evaluate(dict(zip(names, combo)))))
            except Exception:  # a formula undefined there (a division by zero): no score
                continue
        return found

    if sc.method == "units":
        scores = [v for e in (sc.made, sc.set, sc.defenders, sc.moon_made, sc.moon_set) for v in outcomes(e)]
    else:
        gp = outcomes(sc.game_points)
        if sc.losers == "each_pays":
            gp += [v * (rs.players.count - 1) for v in gp]
        fp, false = rs.closing.fail_points, rs.claim.false_points
        scores = gp + [fp.base, fp.no_trick, false.base, false.opponent_without_trick, rs.end.last_trick_points]
        scores += [c.value for c in rs.bidding.contracts]
        if rs.end.tie == "next_deal_bonus":  # a drawn deal's point is added to the next winner's
            scores = [v + 1 for v in scores]
    if rs.bidding.doubling is not None:  # a doubled deal counts twice, a redoubled one four times
        factor = 4 if rs.bidding.doubling.redouble else 2
        scores = [v * factor for v in scores]
    return min([0, *scores]), max([0, *scores])


def _utility_bounds(rs: Ruleset) -> tuple[float, float]:
    low, high = score_bounds(rs)
    spread = float(max(high - low, 1))
    return -spread, spread


def _as_player(player: object, count: int) -> int:
    """``player`` if it is a seat of a game of ``count`` players (a Python or numpy integer),
    else the error of :func:`~interpreter.core.arguments.check_seat` naming the player."""
    if isinstance(player, np.integer):
        player = int(player)
    return check_seat(player, count, "player")


class _Deal:
    """The deal of a state: its ruleset, the cards laid out by chance, the engine's state and
    the decisions made -- kept apart from the state's own fields.

    OpenSpiel clones a Python state with ``deepcopy`` and serializes it by pickling its fields:
    a copy takes :meth:`DealState.copy` (the ruleset is shared, never copied), and the pickled
    form is the ruleset's name, the dealer, the cards laid out and the decisions, replayed when
    loaded.

    :meth:`lay` and :meth:`decide` refuse what is not legal now with ``ValueError`` (as
    OpenSpiel's own Python games do) and change nothing: a card laid out twice or an action
    the seat may not take would leave a deal no rule can settle (a card in two places).
    """

    __slots__ = ("name", "rs", "layout", "dealer", "order", "laid", "state", "codes")

    def __init__(self, name: str, rs: Ruleset, dealer: int) -> None:
        self.name = name
        self.rs = rs
        self.layout: ObservationLayout = layout(rs)
        self.dealer = dealer
        self.order: list[int] = []
        self.laid = 0  # the cards of ``order`` as bits: what chance may still lay out, at a glance
        self.state: DealState | None = None
        self.codes: list[int] = []

    def index(self, action: object) -> int:
        """``action`` as an index of the node's actions -- a card at a chance node, an action
        index at a decision -- or ``ValueError`` naming it and the range: an integer (a Python
        or numpy one) in range, never a bool (``True`` is a bug, not action 1) nor a float
        (2.9 is not cut down to 2).  Whether it is legal now is :meth:`lay`'s and :meth:`decide`'s."""
        if self.state is None:
            what, size, where = "chance action", self.rs.deck.size, "a card of this deck"
        else:
            what, size, where = "action", self.layout.actions, "an action of this game"
        index: int | None = None
        if not isinstance(action, (bool, np.bool_)):
            try:
                index = operator.index(action)  # type: ignore[arg-type]  # what it refuses is the point
            except TypeError:
                pass
        if index is None:
            raise ValueError(f"{what} {action!r} is not {where} (0 to {size - 1}): "
                             f"a {type(action).__name__}, not an integer")
        if not 0 <= index < size:
            raise ValueError(f"{what} {index} is not {where} (0 to {size - 1})")
        return index

    def lay(self, card: int) -> None:
        """Chance lays out the next card of the shuffled deck; the deal starts when one is left."""
        size = self.rs.deck.size
        if not 0 <= card < size:
            raise ValueError(f"chance action {card} is not a card of this deck (0 to {size - 1})")
        if self.laid >> card & 1:
            raise ValueError(f"chance action {card} ({self.rs.deck.cards[card]}) is laid out already")
        self.order.append(card)
        self.laid |= 1 << card
        if len(self.order) == size - 1:
            self.order.extend(c for c in range(size) if not self.laid >> c & 1)
            self.laid = (1 << size) - 1
            hands, stock, turnup = deal_cards(self.rs, self.dealer, self.order)
            unseen, shown = deal_marks(self.rs, self.dealer, self.order)
            self.state = DealState(self.rs, self.dealer, hands, stock, turnup, unseen, shown)

    def decide(self, action: int) -> None:
        """The actor takes the action with this index (of the layout's codes), if it is legal
        now: the engine's legal codes decide (the set ``legal_actions`` lists), its refusal of
        the code says why not."""
        deal = self.state
        assert deal is not None
        codes = self.layout.codes
        if not 0 <= action < len(codes):
            raise ValueError(f"action {action} is not an action of this game (0 to {len(codes) - 1})")
        code = codes[action]
        if code not in deal.legal_codes():
            refused = deal.refusal(code)
            why = f": {refused.words(deal)}" if refused is not None else ""
            who = "now" if deal.actor is None else f"for player {deal.actor} now"
            raise ValueError(f"action {action} ({self.rs.tables.code_text[code]}) is not legal {who}{why}")
        deal.push_code(code, keep_undo=False)
        self.codes.append(code)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deal:
        out = _Deal(self.name, self.rs, self.dealer)
        out.order, out.laid, out.codes = self.order[:], self.laid, self.codes[:]
        out.state = None if self.state is None else self.state.copy()
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.name, self.dealer, self.order, self.codes))


def _rebuild(name: str, dealer: int, order: list[int], codes: list[int]) -> _Deal:
    box = _Deal(name, load_ruleset(name), dealer)
    for card in order[: box.rs.deck.size - 1]:
        box.lay(card)
    index = box.layout.index_of
    for code in codes:
        box.decide(index[code])
    return box


def _check_game_string(name: str) -> None:
    """Refuse a ruleset name or path that OpenSpiel's game string cannot carry.

    A serialized or pickled state is rebuilt from the game's string, ``python_sixty_six(
    dealer=-1,ruleset=...)``, which has no quotes nor escapes: OpenSpiel splits it at a ``,``
    or ``=`` outside parentheses, counts parentheses, and reads a value ending in ``)`` as a
    game.  Such a path would load, then fail only when a state is saved or sent to a worker --
    so it is refused here, asking OpenSpiel's own parser (``game_parameters_from_string``)
    whether the name comes back as written."""
    depth = 0
    back: object = None
    for c in name:  # unmatched parentheses: OpenSpiel's parser would fail in its own words (and on stderr)
        depth += (c == "(") - (c == ")")
        if depth < 0:
            break
    if depth == 0:
        back = pyspiel.game_parameters_from_string(f"{GAME_NAME}(dealer=-1,ruleset={name})").get("ruleset")
        if back == name:
            return
    bad = sorted({c for c in name if c in ",=()"})
    shown = ", ".join(repr(c) for c in bad) or f"OpenSpiel reading it back as {back!r}"
    raise ValueError(
        f"ruleset {name!r}: OpenSpiel cannot write this path into the game's string "
        f"({GAME_NAME}(dealer=...,ruleset=...), which has no escapes) because of {shown}, so a "
        "serialized or pickled state could not be loaded again; expected a path without ',' or "
        "'=' outside parentheses nor an unmatched '(' or ')' (move or rename the file)"
    )


class SixtySixGame(pyspiel.Game):
    """One deal of a ruleset as an OpenSpiel game (parameters ``ruleset`` and ``dealer``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        name = str(params.get("ruleset", "schnapsen"))
        rs = load_ruleset(name)
        if name not in bundled_rulesets() and rs.source is not None:
            # a rule file by its absolute path: the game's string -- what a serialized or pickled
            # state is rebuilt from, in a worker started in another folder too -- must name the
            # same file wherever it is read (a relative one was not found there, or another was)
            name = str(rs.source)
        _check_game_string(name)
        dealer = int(params.get("dealer", -1))
        n = rs.players.count
        if not -1 <= dealer < n:
            raise ValueError(f"dealer must be a seat (0 to {n - 1}) or -1, not {dealer}")
        self.rs = rs
        self.ruleset_name = name
        self.dealer = rs.dealer.first if dealer < 0 else dealer
        self.layout: ObservationLayout = layout(rs)
        low, high = _utility_bounds(rs)
        sizes = {len(seats) for seats in rs.sides}
        zero_sum = len(sizes) == 1
        game_type = _GAME_TYPE if zero_sum else _game_type(pyspiel.GameType.Utility.GENERAL_SUM)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.layout.actions,
            max_chance_outcomes=rs.deck.size,
            num_players=n,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.layout.max_decisions + rs.deck.size - 1,
        )
        super().__init__(game_type, info, {"ruleset": name, "dealer": dealer})

    def new_initial_state(self) -> SixtySixState:
        """A deal about to be dealt: the first moves are chance's."""
        return SixtySixState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SixtySixObserver:
        """An observer: the observation by default, the information state with ``perfect_recall``."""
        return SixtySixObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class SixtySixState(pyspiel.State):
    """A deal being dealt (chance nodes) or played (the engine's :class:`DealState`)."""

    def __init__(self, game: SixtySixGame) -> None:
        super().__init__(game)
        self._box = _Deal(game.ruleset_name, game.rs, game.dealer)

    @property
    def deal(self) -> DealState | None:
        """The engine's state once every card is dealt (``None`` while chance deals)."""
        return self._box.state

    @property
    def rs(self) -> Ruleset:
        return self._box.rs

    @property
    def layout(self) -> ObservationLayout:
        return self._box.layout

    @property
    def dealer(self) -> int:
        return self._box.dealer

    @property
    def order(self) -> list[int]:
        """The cards chance has laid out so far, top of the deck first."""
        return self._box.order

    # ------------------------------------------------------------------ OpenSpiel's API
    def current_player(self) -> int:
        deal = self._box.state
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        if deal.is_over or deal.actor is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(deal.actor)

    def _legal_actions(self, player: int) -> list[int]:
        deal = self._box.state
        if deal is None or deal.actor != player:
            return []
        index = self.layout.index_of
        return sorted(index[c] for c in deal.legal_codes())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards chance may lay out next, each as likely.  Only at a chance node: elsewhere
        no card is left to lay out, and a ``ValueError`` says whose turn it is instead."""
        if self._box.state is not None:
            player = self.current_player()
            now = "the deal is over" if player == pyspiel.PlayerId.TERMINAL else f"player {player} is to act"
            raise ValueError(f"chance_outcomes() is only for a chance node (the deal being laid out); {now}")
        laid = self._box.laid
        left = [c for c in range(self.rs.deck.size) if not laid >> c & 1]
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def apply_action(self, action: Any) -> None:
        """OpenSpiel's ``apply_action``, the action checked first (:meth:`_Deal.index`): OpenSpiel's
        C++ layer would refuse -1 (``kInvalidAction``) with its own ``SpielError`` (and a line
        on stderr) before :meth:`_apply_action` sees it, turn a float away with a binding error
        that names no range, and take ``True`` for action 1.  Here each is the ``ValueError`` of
        any other action that is not legal now, and the state is left as it was."""
        super().apply_action(self._box.index(action))

    def child(self, action: Any) -> SixtySixState:
        """A copy with ``action`` applied, checked as :meth:`apply_action` checks it (OpenSpiel's
        own ``child`` goes to the C++ layer directly)."""
        out: SixtySixState = self.clone()
        out.apply_action(action)
        return out

    def _apply_action(self, action: int) -> None:
        """Chance lays out a card, or the player to move acts; an action not legal now raises
        ``ValueError`` and leaves the state as it was."""
        if self._box.state is None:
            self._box.lay(int(action))
        else:
            self._box.decide(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        """The action in the ruleset's notation (a chance action: the card dealt).  An index out
        of range is a ``ValueError`` as in ``apply_action`` -- never an ``IndexError``, nor a
        negative index silently read from the end."""
        if player == pyspiel.PlayerId.CHANCE:
            cards = self.rs.deck.cards
            if not 0 <= action < len(cards):
                raise ValueError(f"chance action {action} is not a card of this deck (0 to {len(cards) - 1})")
            return f"deal {cards[action]}"
        codes = self.layout.codes
        if not 0 <= action < len(codes):
            raise ValueError(f"action {action} is not an action of this game (0 to {len(codes) - 1})")
        return str(self.rs.tables.code_text[codes[action]])

    # -------------------------------------------------- observations, the player checked first
    # OpenSpiel's C++ layer checks the player before the observer sees it, with a SpielError in
    # its own words and a line on stderr; here a player who is no seat is the project's
    # ValueError (check_seat), as at every other method that takes a seat.
    def _player(self, player: object) -> int:
        """``player`` checked (:func:`_as_player`); ``None``: the player to move."""
        return _as_player(self.current_player() if player is None else player, self.rs.players.count)

    def information_state_string(self, player: object = None) -> str:
        return str(super().information_state_string(self._player(player)))

    def information_state_tensor(self, player: object = None) -> list[float]:
        return list(super().information_state_tensor(self._player(player)))

    def observation_string(self, player: object = None) -> str:
        return str(super().observation_string(self._player(player)))

    def observation_tensor(self, player: object = None) -> list[float]:
        return list(super().observation_tensor(self._player(player)))

    def is_terminal(self) -> bool:
        deal = self._box.state
        return deal is not None and deal.is_over

    def returns(self) -> list[float]:
        deal = self._box.state
        n = self.rs.players.count
        if deal is None or deal.result is None:
            return [0.0] * n
        scores = deal.result.scores
        out = []
        for seat in range(n):
            side = self.rs.side_of(seat)
            others = [v for k, v in enumerate(scores) if k != side]
            out.append(float(scores[side] - sum(others) / len(others)) if others else float(scores[side]))
        return out

    def __str__(self) -> str:
        deal = self._box.state
        cards = self.rs.deck.cards
        if deal is None:
            return f"dealer {self.dealer}; dealing: " + (" ".join(str(cards[c]) for c in self.order) or "-")
        lines = [f"dealer {deal.dealer}, trump {deal.trump_suit() or '-'}, turn-up {deal.turn_up_card() or '-'}, talon {deal.talon_size()}"]
        lines += [f"seat {s}: {deal.hand(s) or '-'}" for s in range(deal.n)]
        lines.append("stock: " + (" ".join(str(cards[c]) for c in deal.stock[deal.spos:]) or "-")
                     + (" | widow: " + " ".join(str(cards[c]) for c in deal.widow) if deal.widow else ""))
        lines.append("trick: " + (" ".join(f"{s}:{c}" for s, c in deal.trick_with_seats()) or "-"))
        lines.append("points " + "/".join(map(str, deal.card_points())) + ", tricks " + "/".join(map(str, deal.tricks_won())))
        lines.append("history: " + (", ".join(f"{s}:{a}" for s, a in deal.actions_made()) or "-"))
        if deal.result is not None:
            lines.append(f"over: {deal.result.reason}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ worlds
    def resample(self, player: int, rng: random.Random, sampler: WorldSampler | None = None) -> SixtySixState:
        """Another state that ``player`` cannot tell from this one, drawn uniformly from the
        worlds consistent with its view (:class:`~interpreter.search.sampling.WorldSampler`):
        chance lays out the world's deal (:func:`_order_of`), then the same decisions are
        replayed -- with the world's own cards where another seat laid cards away face down
        (the player never saw which; the real ones may not be in the world's hand)."""
        deal = self._box.state
        if deal is None:
            raise ValueError("nothing to resample before the cards are dealt")
        if sampler is None:
            sampler = WorldSampler(deal.view(player))
        world = sampler.sample(rng)
        order = _order_of(self.rs, self.dealer, world, player, deal.unseen[player])
        game = self.get_game()
        out: SixtySixState = game.new_initial_state()
        for card in order[:-1]:
            out.apply_action(card)
        codes = self.layout.codes
        index = self.layout.index_of
        laid_away = iter([h & 0xFFFF for h in world.state.history if h & 0xFFFF >= DISCARD_BASE])
        for action in self.history()[self.rs.deck.size - 1:]:
            if codes[action] >= DISCARD_BASE:  # in the world's order, the player's own the same
                action = index[next(laid_away)]
            out.apply_action(action)
        return out


def _order_of(rs: Ruleset, dealer: int, world: World, seat: int, seen_late: int) -> list[int]:
    """A shuffled deck that deals ``world``'s deal: its hands, stock or widow and turn-up, and
    what the trump rules read from the order (``Ruleset.deal_marks``) as the world has it --
    the card shown for trump in its place (the dealer's last card; the card the forehand's pass
    turns), each seat's cards dealt after trump is named in the packets dealt after.

    A world drawn while trump is named says which cards came late (its ``unseen``); one drawn
    later does not, and no view after the naming tells: ``seat``'s own late cards are
    ``seen_late`` (it saw its first packet), another seat's cards go anywhere in its hand.
    """
    hands, rest, turnup = world.initial_deal()
    st = world.state
    seat_at, turn_pos, start = rs.deal_plans[dealer]
    later, shown_pos = rs.deal_marks[dealer]
    shown = st.shown
    size = rs.deck.size
    order = [-1] * size
    if turn_pos >= 0:
        order[turn_pos] = turnup
    order[start:] = rest
    drawn_late = any(st.unseen)
    for s in range(rs.players.count):
        spots = [pos for pos, receiver in seat_at if receiver == s]
        cards = bit_list(hands[s])
        if shown >= 0 and shown_pos in spots:
            order[shown_pos] = shown
            spots.remove(shown_pos)
            cards.remove(shown)
        late: int | None = st.unseen[s] if drawn_late else None
        if late is None and s == seat and seen_late & ~hands[s] == 0:
            late = seen_late
        # the early packets' places first, then the later ones'; where it is known which cards
        # came late, the others first and those last (else the hand's cards in any places)
        spots.sort(key=lambda pos: pos in later[s])
        if late is not None:
            cards.sort(key=lambda c: late >> c & 1)
        for pos, card in zip(spots, cards):
            order[pos] = card
    return order


class SixtySixObserver:
    """OpenSpiel's observer (the ``PyObserver`` interface): ``tensor``, its named parts in
    ``dict``, ``set_from(state, player)`` and ``string_from(state, player)``.

    With ``perfect_recall`` it gives the information state (the observation, then the ordered
    history: field ``history``, and the cards the player saw come to it: field ``seen``), else
    the observation.  ``private_info=SINGLE_PLAYER``: what the
    player knows (his own cards, the cards he laid away, his legal actions, seats counted from
    him); ``private_info=NONE``: public information only, the same for every player -- built from
    :func:`~interpreter.engine.views.public_view` (see :mod:`interpreter.play.observation`).
    """

    def __init__(self, game: SixtySixGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer of every player's private cards is not offered")
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.recall = bool(iig_obs_type.perfect_recall)
        self.layout = lay = game.layout
        size = lay.info_size if self.recall else lay.size
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        for f in lay.fields:
            part = self.tensor[f.offset:f.offset + f.size]
            self.dict[f.name] = part.reshape(f.rows, f.size // f.rows) if f.rows > 1 else part
        if self.recall:
            self.dict["history"] = self.tensor[lay.size:lay.seen_offset].reshape(lay.history_rows, lay.history_width)
            self.dict["seen"] = self.tensor[lay.seen_offset:].reshape(lay.seen_rows, lay.rs.deck.size)

    def set_from(self, state: SixtySixState, player: int) -> None:
        player = _as_player(player, state.rs.players.count)
        deal = state.deal
        if deal is None:
            self.tensor.fill(0.0)
            return
        view = deal.view(player)
        values = self.layout.encode_info(view, private=self.private) if self.recall else self.layout.encode(view, private=self.private)
        self.tensor[:] = values

    def string_from(self, state: SixtySixState, player: int) -> str:
        player = _as_player(player, state.rs.players.count)
        deal = state.deal
        if deal is None:
            return f"seat {player}: dealing ({len(state.order)} cards laid out)"
        view = deal.view(player)
        if self.recall:
            return self.layout.information_state_string(view, private=self.private)
        return self.layout.observation_string(view, private=self.private)


def world_resampler(seed: int = 0) -> Callable[[SixtySixState, int], SixtySixState]:
    """A resampler for OpenSpiel's ``ISMCTSBot.set_resampler``: worlds from the engine's sampler.

    The sampler of the last view asked about is kept, so one search builds it once.
    """
    rng = random.Random(seed)
    last: list[tuple[tuple[int, tuple[int, ...]], WorldSampler]] = []

    def resample(state: SixtySixState, player: int) -> SixtySixState:
        key = (player, tuple(state.history()))
        if not last or last[0][0] != key:
            deal = state.deal
            if deal is None:
                raise ValueError("nothing to resample before the cards are dealt")
            last[:] = [(key, WorldSampler(deal.view(player)))]
        return state.resample(player, rng, last[0][1])

    return resample


def ismcts_bot(game: SixtySixGame, *, simulations: int = 100, uct_c: float = 2.0, seed: int = 0) -> Any:
    """OpenSpiel's ISMCTS bot with random rollouts, searching worlds drawn by :func:`world_resampler`.

    OpenSpiel's Python ``ISMCTSBot`` lacks ``restart_at`` and ``inform_action``, which
    ``evaluate_bots`` calls on every bot (``pyspiel.SpielError: RestartAt(state) not
    implemented``); its search starts afresh at every ``step``, so both have nothing to do,
    and the bot made here has them."""
    from open_spiel.python.algorithms import ismcts, mcts

    class Bot(ismcts.ISMCTSBot):
        def restart_at(self, state: Any) -> None:
            """Nothing kept between moves: each search builds its own tree."""

        def inform_action(self, state: Any, player_id: int, action: int) -> None:
            """Nothing to track: the next search reads the state it is given."""

    bot = Bot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed)),
        uct_c=uct_c,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed),
        allow_inconsistent_action_sets=True,
    )
    bot.set_resampler(world_resampler(seed))
    return bot


pyspiel.register_game(_GAME_TYPE, SixtySixGame)
