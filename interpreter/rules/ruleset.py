"""The frozen ``Ruleset`` tree: what a YAML rule file means, compiled once for the engine.

Each section of a rule file becomes a frozen dataclass whose fields mirror the schema keys
one for one (``ruleset.closing.min_talon_size``), so documentation, schema and code share
names.  The :class:`Deck` adds the int tables the engine runs on (suit masks, "cards that
beat this one", points per card), and expressions are compiled to small closures here, so
the hot loop never touches YAML, lark or dicts.  Loading lives in :mod:`interpreter.rules.loader`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from interpreter.core.actions import (
    Action,
    Bid,
    Close,
    CloseBeforeDraw,
    Continue,
    Declare,
    Exchange,
    Marry,
    Pass,
    Play,
)
from interpreter.core.cards import Card, Deck

if TYPE_CHECKING:
    from pathlib import Path

    from interpreter.rules.expr import Expression


# Action codes: plays are the card index, marriages 64 + index, bids 200 + amount.
MARRY_BASE = 64
EXCHANGE = 128
CLOSE = 129
CLOSE_BEFORE_DRAW = 130
DECLARE = 131
CONTINUE = 132
PASS = 133
BID_BASE = 200


@dataclass(frozen=True, slots=True)
class PlayersSpec:
    count: int
    sides: str


@dataclass(frozen=True, slots=True)
class WidowSpec:
    to: str


@dataclass(frozen=True, slots=True)
class DealSpec:
    hand_size: int
    packets: tuple[int, ...]
    first_receiver: str
    talon: bool
    widow: WidowSpec | None


@dataclass(frozen=True, slots=True)
class TrumpSpec:
    selection: str
    turn_up_after_packet: int


@dataclass(frozen=True, slots=True)
class ExchangeSpec:
    enabled: bool
    rank: str
    requires_trick_won: bool
    min_talon_size: int
    before_first_trick: bool


@dataclass(frozen=True, slots=True)
class MarriageValues:
    plain: int
    trump: int


@dataclass(frozen=True, slots=True)
class MarriageSpec:
    enabled: bool
    values: MarriageValues
    first_lead: str
    counts_after: str
    after_exhaustion: bool
    after_close: bool
    on_closing_lead: bool


@dataclass(frozen=True, slots=True)
class FailPoints:
    base: int
    no_trick: int
    basis: str


@dataclass(frozen=True, slots=True)
class ClosingSpec:
    enabled: bool
    timing: str
    min_talon_size: int
    before_first_trick: bool
    success_basis: str
    fail_points: FailPoints
    opponent_out: str


@dataclass(frozen=True, slots=True)
class PlaySpec:
    first_lead: str
    strict_from: str
    follow: bool
    head: str
    trump_when_void: bool
    overtrump: str
    undertrump: str


@dataclass(frozen=True, slots=True)
class FalsePoints:
    base: int
    opponent_without_trick: int


@dataclass(frozen=True, slots=True)
class ClaimSpec:
    enabled: bool
    target: int
    after_marriage: bool
    after_last_trick: str
    false_points: FalsePoints


@dataclass(frozen=True, slots=True)
class EndSpec:
    unclaimed: str
    last_trick_bonus: int
    last_trick_points: int
    tie: str


@dataclass(frozen=True, slots=True)
class ScoringSpec:
    method: str
    game_points: Expression
    opponent_points: str
    unit: int
    made: Expression
    set: Expression
    defenders: Expression
    moon_made: Expression
    moon_set: Expression


@dataclass(frozen=True, slots=True)
class MoonSpec:
    bid: int
    partner_sits_out: bool
    requirement: str


@dataclass(frozen=True, slots=True)
class BiddingSpec:
    enabled: bool
    first: str
    rounds: str
    values: tuple[int, ...]
    all_pass: str
    moon: MoonSpec | None


@dataclass(frozen=True, slots=True)
class DealerSpec:
    first: int
    rotation: str


@dataclass(frozen=True, slots=True)
class MatchSpec:
    target: int
    bidder_goes_out: bool
    tie: str


@dataclass(frozen=True, slots=True)
class InfoSpec:
    review_own_tricks: str


class Flags:
    """The options the engine's hot loop tests, flattened to plain attributes once per ruleset."""

    __slots__ = (
        "talon", "marriage_on", "marriage_first_ok", "marriage_after_close", "marriage_on_closing_lead",
        "marriage_after_exhaustion", "marriage_plain", "marriage_trump", "exchange_on", "exchange_min",
        "exchange_needs_trick", "exchange_first_ok", "close_on", "close_min", "close_first_ok",
        "close_before_draw", "claim_on", "claim_after_marriage", "points", "suit_of", "deal_plans", "king_mask", "queen_shift",
    )

    def __init__(self, rs: Ruleset) -> None:
        m, ex, cl = rs.marriage, rs.exchange, rs.closing
        self.talon = rs.deal.talon
        self.marriage_on = m.enabled
        self.marriage_first_ok = m.first_lead == "allowed"
        self.marriage_after_close = m.after_close
        self.marriage_on_closing_lead = m.on_closing_lead
        self.marriage_after_exhaustion = m.after_exhaustion or not rs.deal.talon
        self.marriage_plain = m.values.plain
        self.marriage_trump = m.values.trump
        self.exchange_on = ex.enabled
        self.exchange_min = ex.min_talon_size
        self.exchange_needs_trick = ex.requires_trick_won
        self.exchange_first_ok = ex.before_first_trick
        self.close_on = cl.enabled
        self.close_min = cl.min_talon_size
        self.close_first_ok = cl.before_first_trick
        self.close_before_draw = cl.enabled and cl.timing == "before_or_after_draw"
        self.claim_on = rs.claim.enabled
        self.claim_after_marriage = rs.claim.enabled and rs.claim.after_marriage
        self.points = rs.deck.points
        self.suit_of = rs.deck.suit_of
        self.deal_plans: dict[int, tuple[tuple[tuple[int, int], ...], int, int]] = {}
        # marriages in a hand at once: bit k of (hand & king_mask & hand >> queen_shift) is a
        # king whose queen (same suit, queen_shift places further in the rank order) is held
        self.king_mask = 0
        self.queen_shift = 0
        if m.enabled and "K" in rs.deck.ranks and "Q" in rs.deck.ranks:
            for k, q in rs.marriage_pairs:
                self.king_mask |= 1 << k
                self.queen_shift = q - k


@dataclass(frozen=True)
class Ruleset:
    """A complete, validated variant.  Build one with :func:`interpreter.load_ruleset`."""

    name: str
    title: str
    description: str
    deck: Deck
    players: PlayersSpec
    deal: DealSpec
    trump: TrumpSpec
    exchange: ExchangeSpec
    marriage: MarriageSpec
    closing: ClosingSpec
    play: PlaySpec
    claim: ClaimSpec
    end: EndSpec
    scoring: ScoringSpec
    bidding: BiddingSpec
    dealer: DealerSpec
    match: MatchSpec
    info: InfoSpec = InfoSpec("none")
    source: Path | None = None
    data: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)  # merged, defaulted mapping
    extends: str | None = None  # the base ruleset this one extends (its bundled name or path)

    # ----------------------------------------------------------------- derived views
    @property
    def seats(self) -> int:
        return self.players.count

    @property
    def partnership(self) -> bool:
        return self.players.sides == "partnership"

    @property
    def side_count(self) -> int:
        return 2 if self.partnership else self.players.count

    def side_of(self, seat: int) -> int:
        """The side (team) a seat plays for: seats 0 & 2 and 1 & 3 in partnerships."""
        return seat % 2 if self.partnership else seat

    def __post_init__(self) -> None:
        deck = self.deck
        actions: dict[int, Action] = {}
        for i, card in enumerate(deck.cards):
            actions[i] = Play(card)
            actions[MARRY_BASE + i] = Marry(card)
        actions[EXCHANGE] = Exchange()
        actions[CLOSE] = Close()
        actions[CLOSE_BEFORE_DRAW] = CloseBeforeDraw()
        actions[DECLARE] = Declare()
        actions[CONTINUE] = Continue()
        actions[PASS] = Pass()
        for v in self.bidding.values:
            actions[BID_BASE + v] = Bid(v)
        pairs: list[tuple[int, int]] = []
        partner: dict[int, int] = {}
        if "K" in deck.ranks and "Q" in deck.ranks:
            for suit in deck.suits:
                k, q = deck.card_index("K", suit), deck.card_index("Q", suit)
                pairs.append((k, q))
                partner[k], partner[q] = q, k
        exchange_card = tuple(
            deck.card_index(self.exchange.rank, suit) if self.exchange.rank in deck.ranks else -1
            for suit in deck.suits
        )
        object.__setattr__(self, "marriage_pairs", tuple(pairs))
        object.__setattr__(self, "marriage_partner", partner)
        object.__setattr__(self, "exchange_card", exchange_card)
        object.__setattr__(self, "action_of", actions)
        object.__setattr__(self, "flags", Flags(self))
        object.__setattr__(self, "code_of", {a: c for c, a in actions.items()})

    # filled in by __post_init__ (declared for type checkers)
    marriage_pairs: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    marriage_partner: dict[int, int] = field(init=False, repr=False, compare=False)
    exchange_card: tuple[int, ...] = field(init=False, repr=False, compare=False)
    flags: Flags = field(init=False, repr=False, compare=False)
    action_of: dict[int, Action] = field(init=False, repr=False, compare=False)
    code_of: dict[Action, int] = field(init=False, repr=False, compare=False)

    def code(self, action: Action) -> int | None:
        """The engine's int code of an action, or ``None`` if this ruleset has no such action."""
        return self.code_of.get(action)
