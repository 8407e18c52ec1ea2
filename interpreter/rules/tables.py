"""A loaded ruleset compiled into flat int tables: what the engine's hot path reads.

The frozen :class:`~interpreter.rules.ruleset.Ruleset` mirrors the schema section by section
(``rs.closing.min_talon_size``), which is right for people and for messages but costs two or
three attribute look-ups per question on a path that search runs millions of times.
:class:`RuleTables` answers the same questions from one object of plain ints, bools and
tuples, computed once per ruleset.  It holds no rule of its own: every entry is a value of
the ruleset, or a table derived from it (which cards beat a card under each trump suit), so
there is still one implementation of the rules -- the engine's -- reading them.

The position key's field widths (:attr:`RuleTables.key_widths`) live here too: they are
bounds of the ruleset (the most points a seat can hold, the highest bid), so that
:meth:`~interpreter.engine.state.DealState.key` can pack a position into one exact int.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from interpreter.core.cards import Deck

# What an action code is (RuleTables.code_kind); plays are the card index itself.
KIND_PLAY: Final = 0
KIND_MARRY: Final = 1
KIND_EXCHANGE: Final = 2
KIND_CLOSE: Final = 3
KIND_CLOSE_BEFORE_DRAW: Final = 4
KIND_DECLARE: Final = 5
KIND_CONTINUE: Final = 6
KIND_PASS: Final = 7
KIND_BID: Final = 8
KIND_NONE: Final = 9
KIND_TRUMP: Final = 10
KIND_DISCARD: Final = 11
KIND_DOUBLE: Final = 12
KIND_REDOUBLE: Final = 13
KIND_NAMES = ("play", "marry", "exchange", "close", "close_before_draw", "declare", "continue", "pass", "bid", "none",
              "trump", "discard", "double", "redouble")

# How marriage points count (RuleTables.meld_counts): at once, after a trick of the marrier,
# after a trick of his side, after a trick the marrier wins once he has announced it.
MELD_AT_ONCE: Final = 0
MELD_OWN_TRICK: Final = 1
MELD_TEAM_TRICK: Final = 2
MELD_NEXT_TRICK: Final = 3


@dataclass(frozen=True, slots=True)
class KeyWidths:
    """Bit widths of the packed fields of a position key (bounds of one ruleset)."""

    card: int    # a card index + 1 (0 for none)
    seat: int    # a seat + 1 (0 for none)
    points: int  # a seat's points (tricks, widow, bonus) or marriages
    tricks: int  # tricks won or played
    bid: int     # a bid amount

    # immutable, and compiled: a copy is the value itself (a compiled frozen dataclass cannot be
    # copied field by field); a deal's deep copy shares its ruleset's tables (Ruleset.__deepcopy__)
    def __copy__(self) -> KeyWidths:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> KeyWidths:
        return self


@dataclass(frozen=True, slots=True)
class RuleTables:
    """Flat tables of one ruleset (see the module docstring); built by the ``Ruleset`` itself.

    ``beats[trump + 1][card]`` is the mask of the cards that take a trick from ``card`` when
    it is winning the trick (``trump`` is -1 before a trump suit exists): the stronger cards
    of its suit, and every trump when ``card`` is not one.  ``code_kind[code]`` and
    ``code_card[code]`` say what an action code is and which card it names (-1 for none).
    """

    size: int
    seats: int
    suit_of: tuple[int, ...]
    points: tuple[int, ...]
    suit_mask: tuple[int, ...]
    stronger: tuple[int, ...]
    beats: tuple[tuple[int, ...], ...]
    #: per card order (0: the deck's; then each order a contract brings, ``bidding.contracts[].ranks``):
    #: its ``stronger`` and ``beats`` tables; ``contract_order[bid]`` is the order a bid's contract plays
    stronger_of: tuple[tuple[int, ...], ...]
    beats_of: tuple[tuple[tuple[int, ...], ...], ...]
    contract_order: tuple[int, ...]
    #: per bid, the cards (a mask) of which the announcer of its contract must hold one
    #: (``bidding.contracts[].holding``), 0 for none
    contract_holding: tuple[int, ...]
    talon: bool                 # deal.talon
    strict_always: bool         # play.strict_from == always
    claim: bool                 # claim.enabled
    claim_after_marriage: bool  # claim.enabled and claim.after_marriage
    claim_target: int           # claim.target
    claim_auto: bool            # claim.enabled and claim.automatic
    claim_on_trick: bool        # claim.enabled and not claim.automatic: a trick's winner may declare
    plain_trick_end: bool       # neither claim.automatic nor marriage points waiting for a trick:
                                # a trick that ends without a draw changes only the trick's fields
    marry_first_only: bool      # marriage.lead_card == first_rank
    marry_automatic: bool       # not marriage.must_announce: a card of a marriage the leader may announce is led only with it
    partner_marries: bool       # marriage.who == leader_and_partner (and marriages enabled)
    partner_rebid: bool         # bidding.partner_rebid_when_overbid (who was overbid is part of a position)
    open_auction: bool          # bidding.rounds == until_passes (who has passed is part of a position)
    lays_away: bool             # deal.widow.to into a hand: cards are laid away (discard codes exist)
    widow_seen: bool            # the widow's taker sees its cards: taken into his hand, or counted with his
                                # won cards where info.review_own_tricks lets a seat look at them (views.make_view)
    close_offer: bool           # exchange.on_opponent_close (an exchange may be offered as a player closes)
    no_cards: tuple[int, ...]   # one empty mask per seat
    lead_trump: bool            # trump.selection == first_card_led
    named_trump: bool           # trump.selection == named
    special_start: bool         # a dealer sitting out, the forehand alone, or the dealer's card shown
    deal_marks: bool            # the deal order matters to trump (named, dealer_card)
    widow: bool                 # deal.widow: a widow is dealt
    auction: bool               # bidding.enabled
    doubling: bool              # bidding.doubling: the defenders may double before the first lead
    redouble: bool              # bidding.doubling.redouble: the declarer may double again
    contracts: bool             # bidding.contracts: a contract is played
    trick_extras: bool          # contracts, or a widow taken into a hand: settled after each trick
    extra_steps: bool           # cards may be laid away, an exchange offered or the game doubled (checked before the usual moves)
    follow_extras: bool         # a follower may exchange or show a marriage (follow_exchange or partner_marries)
    follow_exchange: bool       # exchange.timing == before_lead_or_follow (and the exchange enabled)
    ten_of: tuple[int, ...]     # per suit: its ten, where scoring.trump_ten scores it (else empty)
    closing: bool               # closing.enabled
    close_before_draw: bool     # closing.timing == before_or_after_draw (and closing enabled)
    close_min: int              # closing.min_talon_size
    close_first: bool           # closing.before_first_trick
    marriage_low: int           # Ruleset.marriage_low / marriage_shift
    marriage_shift: int
    marry_trump: int            # marriage.values
    marry_plain: int
    meld_counts: int            # marriage.counts_after as MELD_*
    code_kind: tuple[int, ...]  # per action code: KIND_*
    code_card: tuple[int, ...]  # per action code: the card it names, or -1
    code_text: tuple[str, ...]  # per action code: its notation ("" for no action)
    max_code: int
    most_points: int            # the most points a seat can ever hold (the key's width, the search's bounds)
    key_widths: KeyWidths
    game_points_cache: dict[tuple[int, int, int, int], int] = field(default_factory=dict, compare=False)
    #: code the engine writes for this ruleset once and keeps here (the position key of each
    #: state class: interpreter.engine.fields.keyer)
    engine_cache: dict[object, object] = field(default_factory=dict, compare=False)

    # the ruleset's, shared by every deal of it: a deal's copy shares them, as it shares the
    # ruleset (Ruleset.__deepcopy__); copied, the caches would be written twice, and the
    # compiled build cannot copy a frozen dataclass field by field
    def __copy__(self) -> RuleTables:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> RuleTables:
        return self


def stronger_table(deck: Deck, ranks: tuple[str, ...]) -> tuple[int, ...]:
    """``stronger[card]`` under the rank order ``ranks`` (strongest first, every rank of the deck
    once): the cards of its suit that beat it (the deck's own ``stronger`` for its own order)."""
    nr = len(deck.ranks)
    place = {r: i for i, r in enumerate(ranks)}
    out = []
    for c in range(deck.size):
        base = c // nr * nr
        mine = place[deck.ranks[c % nr]]
        out.append(sum(1 << base + k for k in range(nr) if place[deck.ranks[k]] < mine))
    return tuple(out)


def beats_table(suit_of: tuple[int, ...], suit_mask: tuple[int, ...], stronger: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``beats[trump + 1][card]``: the cards that take a trick from ``card`` (see :class:`RuleTables`)."""
    rows = []
    for trump in range(-1, len(suit_mask)):
        trumps = suit_mask[trump] if trump >= 0 else 0
        rows.append(tuple(stronger[c] | (trumps if suit_of[c] != trump else 0) for c in range(len(suit_of))))
    return tuple(rows)
