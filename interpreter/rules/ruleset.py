"""The frozen ``Ruleset`` tree: what a YAML rule file means, compiled once for the engine.

Each section of a rule file becomes a frozen dataclass whose fields mirror the schema keys
one for one (``ruleset.closing.min_talon_size``), so documentation, schema and code share
names.  The :class:`Deck` adds the int tables the engine runs on (suit masks, "cards that
beat this one", points per card), and expressions are compiled to small closures here, so
the hot loop never touches YAML, lark or dicts.  Loading lives in :mod:`interpreter.rules.loader`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from interpreter.core.actions import (
    BID_BASE,
    CLOSE,
    CLOSE_BEFORE_DRAW,
    CONTINUE,
    DECLARE,
    DISCARD_BASE,
    DOUBLE,
    EXCHANGE,
    HIDDEN_DISCARD,
    MARRY_BASE,
    PASS,
    REDOUBLE,
    TRUMP_BASE,
    Action,
    Bid,
    Close,
    CloseBeforeDraw,
    Continue,
    Declare,
    Discard,
    Double,
    Exchange,
    Marry,
    NameTrump,
    Pass,
    Play,
    Redouble,
    not_an_action,
)
from interpreter.core.arguments import check_seat
from interpreter.core.cards import Deck
from interpreter.core.frozendata import freeze
from interpreter.rules.tables import (
    KIND_BID,
    KIND_CLOSE,
    KIND_CLOSE_BEFORE_DRAW,
    KIND_CONTINUE,
    KIND_DECLARE,
    KIND_DISCARD,
    KIND_DOUBLE,
    KIND_EXCHANGE,
    KIND_MARRY,
    KIND_NONE,
    KIND_PASS,
    KIND_PLAY,
    KIND_REDOUBLE,
    KIND_TRUMP,
    MELD_AT_ONCE,
    MELD_NEXT_TRICK,
    MELD_OWN_TRICK,
    MELD_TEAM_TRICK,
    KeyWidths,
    RuleTables,
    beats_table,
    stronger_table,
)

if TYPE_CHECKING:
    from pathlib import Path

    from interpreter.core.errors import RulesError

    from interpreter.rules.expr import Expression


@dataclass(frozen=True, slots=True)
class PlayersSpec:
    count: int
    sides: str
    teams: tuple[tuple[int, ...], ...] | None = None


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
    dealer_sits_out: bool = False


@dataclass(frozen=True, slots=True)
class TrumpSpec:
    selection: str
    turn_up_after_packet: int
    name_after_packet: int = 1
    if_passed: str = "turn_next"


@dataclass(frozen=True, slots=True)
class ExchangeSpec:
    enabled: bool
    rank: str
    requires_trick_won: bool
    min_talon_size: int
    before_first_trick: bool
    timing: str = "before_lead"
    on_opponent_close: bool = False


@dataclass(frozen=True, slots=True)
class MarriageValues:
    plain: int
    trump: int


@dataclass(frozen=True, slots=True)
class MarriageSpec:
    enabled: bool
    ranks: tuple[str, str]
    lead_card: str
    values: MarriageValues
    first_lead: str
    counts_after: str
    after_exhaustion: bool
    after_close: bool
    on_closing_lead: bool
    who: str = "leader"
    must_announce: bool = True  # false: leading a card of a marriage one may announce announces it


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
    automatic: bool
    after_marriage: bool
    after_last_trick: str
    false_points: FalsePoints
    false_after_close: str = "larger"


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
    losers: str
    unit: int
    made: Expression
    set: Expression
    defenders: Expression
    moon_made: Expression
    moon_set: Expression
    trump_ten: int = 0


@dataclass(frozen=True, slots=True)
class MoonSpec:
    bid: int
    partner_sits_out: bool
    requirement: str
    trump: str = "first_lead"
    points: int = 120


@dataclass(frozen=True, slots=True)
class ContractSpec:
    """A named game announced in the auction with its bid (``bidding.contracts``)."""

    bid: int
    name: str
    value: int
    goal: str
    points: int = 66
    by_trick: int | None = None
    alone: bool = True
    trump: str = "dealt"
    leader: str = "declarer"
    eligible: str = "any"
    #: the contract's own order of the ranks, strongest first (Zehnerloch: T K Q J A), or None
    #: where the deck's order holds
    ranks: tuple[str, ...] | None = None
    #: a rank the announcer must hold a card of (Ass-Bettler: A), or None
    holding: str | None = None
    #: the contract's own strict-play duties (the ruleset's ``play`` with the contract's
    #: ``play`` keys over it), or None where it has none of its own
    play: PlaySpec | None = None

    @property
    def title(self) -> str:
        """The name written as a name, its first letter capitalised (``Bettler``,
        ``Ass-bettler``): the refusals, the results and the screens all say a contract so."""
        return self.name[:1].upper() + self.name[1:]

    def announced_by(self, partnership: bool) -> str:
        """Who may announce the contract (``eligible``), in words: the engine's refusal and the
        rulebook's table say it alike."""
        eligible = self.eligible
        if eligible == "forehand" or (eligible == "forehand_side" and not partnership):
            return "the forehand"
        if eligible == "forehand_side":
            return "the forehand or his partner"
        if eligible == "forehand_opponents":
            return "the forehand's opponents" if partnership else "anybody but the forehand"
        return "anybody"


@dataclass(frozen=True, slots=True)
class DoublingSpec:
    redouble: bool = False


@dataclass(frozen=True, slots=True)
class BiddingSpec:
    enabled: bool
    rounds: str
    values: tuple[int, ...]
    all_pass: str
    moon: MoonSpec | None
    contracts: tuple[ContractSpec, ...] = ()
    partner_rebid_when_overbid: bool = False
    doubling: DoublingSpec | None = None

    def contract(self, bid: int) -> ContractSpec | None:
        """The contract a bid announces, or ``None`` (a bid of units, or no bid)."""
        for c in self.contracts:
            if c.bid == bid:
                return c
        return None


@dataclass(frozen=True, slots=True)
class DealerSpec:
    first: int
    rotation: str


@dataclass(frozen=True, slots=True)
class MatchSpec:
    target: int
    bidder_goes_out: bool
    count: str = "up"
    negative: str = "allowed"
    shutout: str = "none"
    bummerl: str = "every_loser"


@dataclass(frozen=True, slots=True)
class InfoSpec:
    review_own_tricks: str


@dataclass(frozen=True)
class Ruleset:
    """A complete, validated variant.  Build one with :func:`interpreter.load_ruleset`."""

    name: str
    title: str
    #: The file's own description; ``""`` when it writes none (a house file's base describes
    #: the base, not the house rules: the rulebook then writes a summary of its own).
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
    #: The file as the user named it (``dz.yaml``): what its located errors say, those of a
    #: formula failing in play included.  A process that reads the ruleset again from
    #: ``source`` (a worker of ``rules simulate`` or of the arena) passes it to
    #: :func:`~interpreter.rules.loader.load_ruleset` as ``shown``, so that its errors name the
    #: file as the user's own process does, not by an absolute path the user never wrote.
    #: Keyword-only: it came after ``data`` and the fields after it, whose places a program
    #: building a ruleset by position relies on (put there, it took ``data``'s argument).
    shown: str | None = field(default=None, compare=False, repr=False, kw_only=True)
    #: The merged, defaulted mapping of the file, read-only all the way down (a
    #: :class:`~interpreter.core.frozendata.FrozenDict`, typed as the ``dict`` it subclasses for
    #: the readers of rule mappings: one ruleset object serves every game of the process, so a
    #: write would change them all); ``copy.deepcopy`` gives a plain copy to edit.
    data: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    extends: str | None = None  # the base ruleset this one extends (its bundled name or path)
    bases: tuple[Path, ...] = field(default=(), compare=False, repr=False)  # the files of its bases, nearest first
    #: Options a house file sets that have no effect here, as located warnings
    #: (:func:`interpreter.rules.relevance.house_warnings`); empty for a file without ``extends``.
    warnings: tuple[RulesError, ...] = field(default=(), compare=False, repr=False)
    #: How the file's ``extends:`` (and its bases') were read where that is not what they spell:
    #: ``schnapsen.yaml`` read as the bundled ``schnapsen``.  Remarks, not warnings: ``rules
    #: validate`` prints them, ``--strict`` does not count them.
    notes: tuple[RulesError, ...] = field(default=(), compare=False, repr=False)

    # A ruleset is immutable, and the engine's values hold it by identity (a view compares its
    # ruleset with ``is``; ``load_ruleset`` hands out one object per file): a copy of a deal, a
    # view or an environment shares it, never copies it -- a copied ruleset would be another
    # game to the values made from it, and its compiled tables (``tables``) cannot be copied
    # field by field in the compiled build.
    def __copy__(self) -> Ruleset:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Ruleset:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Refused in words: the rules compile to local functions, which ``pickle`` cannot
        write (it said "Can't pickle local object '_Compiler.compile_if.<locals>.choose'"),
        and so are a deal, a view, a match and an environment that hold them.  A worker
        process loads the ruleset by its name or file, as ``rules simulate``'s workers do."""
        from interpreter.rules.resources import bundled_rulesets

        bundled = next((name for name, path in bundled_rulesets().items() if path == self.source), None)
        where = repr(bundled or self.shown or (str(self.source) if self.source is not None else self.name))
        raise TypeError(
            f"a ruleset cannot be pickled, nor a deal, view, match or environment that holds it "
            f"(its rules are compiled to functions): load it in each process instead, load_ruleset({where}) "
            f"or sixtysix_env({where})"
        )

    # ----------------------------------------------------------------- derived views
    @property
    def seats(self) -> int:
        return self.players.count

    @property
    def partnership(self) -> bool:
        """Whether seats score in fixed teams (``players.sides: partnership``)."""
        return self.players.sides == "partnership"

    @property
    def side_count(self) -> int:
        """How many match scores are kept: one per team in partnerships, else one per seat."""
        return len(self.sides)

    def side_of(self, seat: int) -> int:
        """The match side (the score) a seat plays for.  A ``seat`` that is not one of the
        table's is refused (``ValueError``, ``TypeError``: ``check_seat``), never read from the
        end of the table as a list would take ``-1``."""
        index = self.side_index
        if type(seat) is not int or not 0 <= seat < len(index):
            check_seat(seat, len(index))
        return index[seat]

    def __post_init__(self) -> None:
        object.__setattr__(self, "data", freeze(self.data))
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
        if self.bidding.doubling is not None:
            actions[DOUBLE] = Double()
            if self.bidding.doubling.redouble:
                actions[REDOUBLE] = Redouble()
        if self.trump.selection == "named":
            for k, suit in enumerate(deck.suits):
                actions[TRUMP_BASE + k] = NameTrump(suit)
        for v in self.bidding.values:
            actions[BID_BASE + v] = Bid(v)
        if self.deal.widow is not None and self.deal.widow.to != "first_trick_winner_tricks":
            for i, card in enumerate(deck.cards):
                actions[DISCARD_BASE + i] = Discard(card)
        n = self.players.count
        sides = _match_sides(self.players)
        side_index = [0] * n
        for k, members in enumerate(sides):
            for seat in members:
                side_index[seat] = k
        # Marriages: the two ranks of marriage.ranks in one suit.  ``marriage_low`` has a bit
        # for every card of the first rank; (hand & marriage_low & shifted hand) finds every
        # marriage in a hand at once, ``marriage_shift`` places along the rank order.
        partner = [-1] * deck.size
        low = 0
        shift = 0
        first, second = self.marriage.ranks
        if first in deck.ranks and second in deck.ranks:
            shift = deck.ranks.index(second) - deck.ranks.index(first)
            for suit in deck.suits:
                a, b = deck.card_index(first, suit), deck.card_index(second, suit)
                partner[a], partner[b] = b, a
                low |= 1 << a
        exchange_card = tuple(
            deck.card_index(self.exchange.rank, suit) if self.exchange.rank in deck.ranks else -1
            for suit in deck.suits
        )
        derived = {
            "sides": sides,
            "side_index": tuple(side_index),
            "marriage_partner": tuple(partner),
            "marriage_low": low,
            "marriage_shift": shift,
            "exchange_card": exchange_card,
            "deal_plans": tuple(_deal_plan(self, dealer) for dealer in range(n)),
            "call_codes": (PASS,) + tuple(BID_BASE + v for v in self.bidding.values),
            # read-only views (a bot reaches them through view.rs): a write would change the
            # actions of every game of the process
            "action_of": MappingProxyType(actions),
            "code_of": MappingProxyType({a: c for c, a in actions.items()}),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "deal_marks", tuple(_deal_marks(self, dealer) for dealer in range(n)))
        object.__setattr__(self, "tables", _compile_tables(self))

    # filled in by __post_init__ (declared for type checkers)
    sides: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    """The match sides: the seats of each score, in side order."""
    side_index: tuple[int, ...] = field(init=False, repr=False, compare=False)
    marriage_partner: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Per card: the other card of its marriage, or -1."""
    marriage_low: int = field(init=False, repr=False, compare=False)
    marriage_shift: int = field(init=False, repr=False, compare=False)
    exchange_card: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Per suit: the card that may be exchanged for a turn-up of that suit, or -1."""
    deal_plans: tuple[DealPlan, ...] = field(init=False, repr=False, compare=False)
    """Per dealer: who receives each position of the shuffled deck (see :func:`_deal_plan`)."""
    deal_marks: tuple[DealMarks, ...] = field(init=False, repr=False, compare=False)
    """Per dealer: the positions dealt after trump is named, and the card shown (see :func:`_deal_marks`)."""
    call_codes: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The auction's codes in order: pass, then every bid from the lowest."""
    action_of: Mapping[int, Action] = field(init=False, repr=False, compare=False)
    """Every action of the ruleset by its int code (read-only)."""
    code_of: Mapping[Action, int] = field(init=False, repr=False, compare=False)
    """Every action's int code (read-only): the inverse of :attr:`action_of`."""
    tables: RuleTables = field(init=False, repr=False, compare=False)
    """The ruleset as flat int tables, for the engine's hot path (:mod:`interpreter.rules.tables`)."""

    def code(self, action: Action) -> int | None:
        """The engine's int code of an action, or ``None`` if this ruleset has no such action
        (another game's card, bid or kind of action; :meth:`DealState.check
        <interpreter.engine.state.DealState.check>` says which rule).  What is not an
        :class:`~interpreter.core.actions.Action` at all -- the text ``"play TC"``, ``None`` --
        is a ``TypeError`` naming it, not a ``None`` that fails later elsewhere."""
        if not isinstance(action, Action):
            raise not_an_action(action)
        return self.code_of.get(action)


DealPlan = tuple[tuple[tuple[int, int], ...], int, int]
#: Per seat the deck positions it receives after trump is named; the position of the card shown
#: for trump (the dealer's last card, or the namer's fallback), or -1.
DealMarks = tuple[tuple[tuple[int, ...], ...], int]


def _match_sides(players: PlayersSpec) -> tuple[tuple[int, ...], ...]:
    """The seats of every match side: the team table in partnerships, else one seat a side."""
    n = players.count
    if players.sides != "partnership":
        return tuple((seat,) for seat in range(n))
    if players.teams is not None:
        return players.teams
    half = n // 2  # partners sit opposite
    return tuple(tuple(range(first, n, half)) for first in range(half))


def _deal_plan(rs: Ruleset, dealer: int) -> DealPlan:
    """Which seat receives each position of the shuffled deck; the turn-up's position; where the rest starts.

    Packets go round from the dealer's left; the turn-up is taken after
    ``trump.turn_up_after_packet`` packets; what is left is the stock (or the widow).
    """
    n = rs.players.count
    seat_at: list[tuple[int, int]] = []
    pos = 0
    turnup = -1
    order = [(dealer + 1 + j) % n for j in range(n)]
    if rs.deal.first_receiver == "dealer_partner":  # partner, then from the dealer's left, dealer last
        team = next(t for t in _match_sides(rs.players) if dealer in t)
        partner = next((s for s in team if s != dealer), dealer)
        order = [partner] + [s for s in order if s not in (partner, dealer)] + [dealer]
    if rs.deal.dealer_sits_out:
        order = [s for s in order if s != dealer]
    turn_after = rs.trump.turn_up_after_packet if rs.trump.selection == "turn_up" else -1
    for k, size in enumerate(rs.deal.packets):
        if k == turn_after:
            turnup = pos
            pos += 1
        for seat in order:
            for _ in range(size):
                seat_at.append((pos, seat))
                pos += 1
    if turn_after == len(rs.deal.packets):
        turnup = pos
        pos += 1
    return tuple(seat_at), turnup, pos


def _deal_marks(rs: Ruleset, dealer: int) -> DealMarks:
    """What the trump rules need to know of the deal order (``trump.selection``).

    ``named``: per seat, the positions dealt after ``trump.name_after_packet`` packets (nobody
    sees them before trump is named), and the first of the forehand's (the card turned when he
    passes under ``if_passed: turn_next``).  ``dealer_card``: the position of the last card
    dealt to the dealer, shown for trump.
    """
    n = rs.players.count
    seat_at, _, _ = rs.deal_plans[dealer]
    selection = rs.trump.selection
    later: list[list[int]] = [[] for _ in range(n)]
    shown = -1
    if selection == "dealer_card":
        shown = max(pos for pos, seat in seat_at if seat == dealer)
    elif selection == "named":
        receivers = n - (1 if rs.deal.dealer_sits_out else 0)  # a dealer sitting out gets no packet
        before = sum(rs.deal.packets[:rs.trump.name_after_packet]) * receivers
        forehand = (dealer + 1) % n
        for i, (pos, seat) in enumerate(seat_at):
            if i >= before:
                later[seat].append(pos)
                if seat == forehand and shown < 0:
                    shown = pos
    return tuple(tuple(p) for p in later), shown


def _compile_tables(rs: Ruleset) -> RuleTables:
    """The ruleset as flat int tables for the engine's hot path (see :mod:`interpreter.rules.tables`)."""
    deck = rs.deck
    top_bid = max(rs.bidding.values, default=0)
    max_code = BID_BASE + top_bid
    # the rarer rules, each read once here: the engine asks one flag of each (or of a group)
    discards = rs.deal.widow is not None and rs.deal.widow.to != "first_trick_winner_tricks"  # a widow into a hand
    first_trick_hand = rs.deal.widow is not None and rs.deal.widow.to == "first_trick_winner_hand"
    contracts = bool(rs.bidding.enabled and rs.bidding.contracts)
    partner_marries = rs.marriage.enabled and rs.marriage.who == "leader_and_partner"
    open_auction = rs.bidding.enabled and rs.bidding.rounds == "until_passes"
    partner_rebid = rs.bidding.enabled and rs.bidding.partner_rebid_when_overbid
    # card orders: 0 the deck's, then one per contract with its own (bidding.contracts[].ranks)
    stronger_of = [deck.stronger]
    order_of: dict[int, int] = {}
    for spec in rs.bidding.contracts if contracts else ():
        if spec.ranks is not None and spec.ranks != deck.ranks:
            table = stronger_table(deck, spec.ranks)
            if table not in stronger_of:
                stronger_of.append(table)
            order_of[spec.bid] = stronger_of.index(table)
    holding = {spec.bid: sum(1 << deck.card_index(spec.holding, s) for s in deck.suits)
               for spec in (rs.bidding.contracts if contracts else ()) if spec.holding is not None}
    beats_of = tuple(beats_table(deck.suit_of, deck.suit_mask, table) for table in stronger_of)
    close_offer = rs.exchange.enabled and rs.exchange.on_opponent_close
    follow_exchange = rs.exchange.enabled and rs.exchange.timing == "before_lead_or_follow"
    if discards:
        max_code = DISCARD_BASE + deck.size - 1
    kind = [KIND_NONE] * (max_code + 1)
    card = [-1] * (max_code + 1)
    for c in range(deck.size):
        kind[c], card[c] = KIND_PLAY, c
        kind[MARRY_BASE + c], card[MARRY_BASE + c] = KIND_MARRY, c
    for code, k in ((EXCHANGE, KIND_EXCHANGE), (CLOSE, KIND_CLOSE), (CLOSE_BEFORE_DRAW, KIND_CLOSE_BEFORE_DRAW),
                    (DECLARE, KIND_DECLARE), (CONTINUE, KIND_CONTINUE), (PASS, KIND_PASS),
                    (DOUBLE, KIND_DOUBLE), (REDOUBLE, KIND_REDOUBLE)):
        kind[code] = k
    for v in rs.bidding.values:
        kind[BID_BASE + v] = KIND_BID
    if rs.trump.selection == "named":
        for k in range(len(deck.suits)):
            kind[TRUMP_BASE + k] = KIND_TRUMP
    if discards:
        for c in range(deck.size):
            kind[DISCARD_BASE + c], card[DISCARD_BASE + c] = KIND_DISCARD, c
    values = rs.marriage.values
    how = rs.marriage.counts_after
    # Bounds for the position key: every marriage of the deck announced in trumps, the whole
    # deck taken, the last-trick bonus -- a seat can never hold more.
    marriages = sum(1 for p in rs.marriage_partner if p >= 0) // 2
    most_points = deck.total_points + rs.end.last_trick_bonus + marriages * max(values.trump, values.plain)
    n = rs.players.count
    return RuleTables(
        size=deck.size,
        seats=n,
        suit_of=deck.suit_of,
        points=deck.points,
        suit_mask=deck.suit_mask,
        stronger=deck.stronger,
        beats=beats_of[0],
        stronger_of=tuple(stronger_of),
        beats_of=beats_of,
        contract_order=tuple(order_of.get(bid, 0) for bid in range(top_bid + 1)),
        contract_holding=tuple(holding.get(bid, 0) for bid in range(top_bid + 1)),
        talon=rs.deal.talon,
        strict_always=rs.play.strict_from == "always",
        claim=rs.claim.enabled,
        claim_after_marriage=rs.claim.enabled and rs.claim.after_marriage,
        claim_target=rs.claim.target,
        claim_auto=rs.claim.enabled and rs.claim.automatic,
        claim_on_trick=rs.claim.enabled and not rs.claim.automatic,
        plain_trick_end=not (rs.claim.enabled and rs.claim.automatic) and how != "own_next_trick",
        marry_first_only=rs.marriage.lead_card == "first_rank",
        marry_automatic=rs.marriage.enabled and not rs.marriage.must_announce,
        partner_marries=partner_marries,
        open_auction=open_auction,
        partner_rebid=partner_rebid,
        close_offer=close_offer,
        lays_away=discards,
        # The one rule of who sees the widow: cards taken into a hand are seen; cards that go face
        # down to the taker's won cards (reference 4.2, A33) are seen only where a seat may look
        # at its won cards -- else the taker knows no more of them than the others do.
        widow_seen=discards or rs.info.review_own_tricks != "none",
        no_cards=(0,) * n,
        lead_trump=rs.trump.selection == "first_card_led",
        named_trump=rs.trump.selection == "named",
        special_start=rs.deal.dealer_sits_out or rs.players.sides == "forehand_vs_rest" or rs.trump.selection == "dealer_card",
        deal_marks=rs.trump.selection in ("named", "dealer_card"),
        widow=rs.deal.widow is not None,
        auction=rs.bidding.enabled,
        doubling=rs.bidding.doubling is not None,
        redouble=rs.bidding.doubling is not None and rs.bidding.doubling.redouble,
        contracts=contracts,
        trick_extras=contracts or first_trick_hand,
        extra_steps=close_offer or discards or rs.bidding.doubling is not None,
        follow_extras=follow_exchange or partner_marries,
        follow_exchange=follow_exchange,
        ten_of=tuple(deck.card_index("T", s) for s in deck.suits) if rs.scoring.trump_ten else (),
        closing=rs.closing.enabled,
        close_before_draw=rs.closing.enabled and rs.closing.timing == "before_or_after_draw",
        close_min=rs.closing.min_talon_size,
        close_first=rs.closing.before_first_trick,
        marriage_low=rs.marriage_low,
        marriage_shift=rs.marriage_shift,
        marry_trump=values.trump,
        marry_plain=values.plain,
        meld_counts=(MELD_AT_ONCE if how == "immediately" else MELD_TEAM_TRICK if how == "team_trick"
                     else MELD_NEXT_TRICK if how == "own_next_trick" else MELD_OWN_TRICK),
        code_kind=tuple(kind),
        code_card=tuple(card),
        code_text=tuple(str(rs.action_of[c]) if c in rs.action_of else "discard (face down)" if c == HIDDEN_DISCARD and discards
                        else "" for c in range(max_code + 1)),
        max_code=max_code,
        most_points=most_points,
        key_widths=KeyWidths(
            card=(deck.size + 1).bit_length(),
            seat=(n + 1).bit_length(),
            points=most_points.bit_length() + 1,
            tricks=(deck.size + 1).bit_length(),
            bid=max(1, (top_bid + 1).bit_length()),
        ),
    )
