"""A :class:`~interpreter.engine.state.DealState` from Python values, checked, in microseconds.

Search, tests and the sampler of hidden cards need positions by the thousand; writing them as a
record's YAML and reading that back costs a millisecond each.  :func:`build_position` takes the
values directly -- cards as card indexes, :class:`~interpreter.core.cards.Card` values or
notation (``"KH"``), hands also as bitmasks or ``"KH QH AS"`` -- builds the state with the
normal constructor (so every field the engine adds later keeps its default) and then sets the
mid-deal fields.

Everything given is checked against the ruleset and against the other values, because a
position no game can reach makes the engine answer nonsense far from the mistake: a card in
two places, a card not of the deck, a seat out of range, hands of the wrong size for the phase
(refilled to ``deal.hand_size`` while the talon is open, one card fewer for a seat that has
played to the trick), more tricks than the missing cards can make (and, for a position
string, while the talon is open and not closed, other than the tricks its draws took), a
turn-up that is no trump,
a contract that the auction cannot have made.  A bad value raises
:class:`~interpreter.core.errors.RecordError` whose ``path`` is the keyword at fault
(``hands[1]``, ``trick[0]``) -- never an assertion or a traceback.

What the position does not say is derived as play would have left it: the trick's next seat
is to act; the leader is the last trick's winner; the sides and the seats sitting out follow
from the contract (the engine's own auction code works them out); a closed talon's snapshot is
taken now, as if the talon had just been closed (the record format's rule).  The history, the
draws and the undo stack are not part of a position (as in chess FEN): they start empty.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TypeAlias

from interpreter.core.cards import Card, CardSet
from interpreter.core.errors import NotationError, RecordError
from interpreter.engine.position import AUCTION, NAMING, PLAY
from interpreter.engine.state import DealState
from interpreter.rules.loader import as_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.rules.yamlsource import describe_value, show_value

__all__ = ["CardLike", "CardsLike", "HandLike", "build_position", "default_close_snap", "default_may_declare", "per_seat_most"]

#: One card: its index in the ruleset's deck, a :class:`Card`, or its notation (``"TH"``, ``"10h"``).
CardLike: TypeAlias = "int | Card | str"
#: Cards in order (a stock, a trick): a sequence of cards, or one string such as ``"QC TD JC"``.
CardsLike: TypeAlias = "str | Iterable[int | Card | str]"
#: A hand: a bitmask of card indexes, a :class:`CardSet`, or cards as for :data:`CardsLike`.
HandLike: TypeAlias = "int | CardSet | str | Iterable[int | Card | str]"

CloseSnap: TypeAlias = "tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]"


def _fail(path: str, message: str, expected: str | None = None) -> RecordError:
    return RecordError(message, path=path, expected=expected)


class _Cards:
    """Reads cards for one ruleset and remembers where each card was put, so that a card given
    twice is reported with both places."""

    __slots__ = ("rs", "size", "used", "places")

    def __init__(self, rs: Ruleset) -> None:
        self.rs = rs
        self.size = rs.deck.size
        self.used = 0
        self.places: list[tuple[str, int]] = []

    def card(self, value: object, path: str) -> int:
        rs = self.rs
        if isinstance(value, bool):
            raise _fail(path, f"{show_value(value)} is not a card", "a card index, a Card or its notation such as TH")
        if isinstance(value, int):
            if not 0 <= value < self.size:
                raise _fail(path, f"there is no card {value} in the {rs.name} deck", f"a card index from 0 to {self.size - 1}")
            return value
        if isinstance(value, str):
            try:
                value = Card.parse(value)
            except NotationError as exc:
                raise _fail(path, exc.message, exc.expected) from None
        if isinstance(value, Card):
            index = rs.deck.index_of.get(value)
            if index is None:
                raise _fail(path, f"{value} is not a card of the {rs.name} deck", "ranks " + " ".join(rs.deck.ranks))
            return index
        raise _fail(path, f"{show_value(value)} is not a card", "a card index, a Card or its notation such as TH")

    def cards(self, values: object, path: str) -> list[int]:
        """Cards in order; each card at most once."""
        if isinstance(values, str):
            values = values.split()
        elif not isinstance(values, Iterable) or isinstance(values, (bytes, bytearray)):
            raise _fail(path, f"{show_value(values)} is not a list of cards", "cards such as ['QC', 'TD'] or 'QC TD'")
        out: list[int] = []
        seen = 0
        for i, value in enumerate(values):
            c = self.card(value, f"{path}[{i}]")
            if seen >> c & 1:
                raise _fail(f"{path}[{i}]", f"{self.rs.deck.cards[c]} is given twice in {path}", "every card once")
            seen |= 1 << c
            out.append(c)
        return out

    def mask(self, value: object, path: str) -> int:
        """A set of cards (a hand): a bitmask, a CardSet, or cards."""
        if isinstance(value, CardSet):
            if value.deck is not self.rs.deck and value.deck.cards != self.rs.deck.cards:
                raise _fail(path, "the CardSet is of another deck", f"cards of the {self.rs.name} deck")
            return value.mask
        if isinstance(value, int) and not isinstance(value, bool):
            if value < 0 or value >> self.size:
                raise _fail(path, f"the bitmask {value:#x} has bits outside the {self.rs.name} deck", f"bits 0 to {self.size - 1}")
            return value
        mask = 0
        for c in self.cards(value, path):
            mask |= 1 << c
        return mask

    def place(self, mask: int, path: str) -> None:
        """Put cards in one place of the position; a card already elsewhere is an error."""
        clash = mask & self.used
        if clash:
            card = (clash & -clash).bit_length() - 1
            other = next(p for p, m in self.places if m >> card & 1)
            name = self.rs.deck.cards[card]
            raise _fail(path, f"{name} is in two places: {other} and {path}", "every card in one place at most")
        self.used |= mask
        self.places.append((path, mask))


def _cards_word(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def _seat(value: object, n: int, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(path, f"wrong type: got {describe_value(value)}", f"a seat from 0 to {n - 1}")
    if not 0 <= value < n:
        raise _fail(path, f"there is no seat {value}", f"a seat from 0 to {n - 1}")
    return value


def per_seat_most(rs: Ruleset) -> dict[str, int]:
    """The most a seat can hold of each per-seat count of a position (``points``, ``tricks``,
    ``meld``, ``meld_wait``, ``bonus``): what :func:`build_position` checks them against, and
    what a position string's reader names as the range of a number too long to read."""
    deck = rs.deck
    marriages = sum(1 for p in rs.marriage_partner if p >= 0) // 2
    meld = marriages * max(rs.marriage.values.trump, rs.marriage.values.plain)
    return {"points": deck.total_points, "tricks": deck.size, "meld": meld, "meld_wait": meld, "bonus": rs.end.last_trick_bonus}


def _per_seat(values: object, n: int, path: str, most: int, what: str) -> list[int]:
    if values is None:
        return [0] * n
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or len(values) != n:
        got = f"a list of {len(values)}" if isinstance(values, Sequence) and not isinstance(values, (str, bytes)) else describe_value(values)
        raise _fail(path, f"not a list of {n} numbers: got {got}", f"{n} numbers, one per seat")
    out = list(values)
    for i, v in enumerate(out):
        if isinstance(v, bool) or not isinstance(v, int):
            raise _fail(f"{path}[{i}]", f"wrong type: got {describe_value(v)}", "a whole number")
        if not 0 <= v <= most:
            raise _fail(f"{path}[{i}]", f"{v} {what} for seat {i} is more than a seat can hold" if v > 0 else f"{v} is below 0",
                        f"0 to {most}")
    return out


def _suit(rs: Ruleset, value: object, path: str) -> int:
    suits = rs.deck.suits
    if isinstance(value, str) and value.upper() in suits:
        return suits.index(value.upper())
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(suits):
        return value
    raise _fail(path, f"{show_value(value)} is not a suit", "one of: " + ", ".join(suits))


def default_may_declare(st: DealState) -> bool:
    """Whether the leader may declare in this position unless told otherwise: where the rules
    have declaring (and ``claim.automatic`` is off), the winner of the last trick may, until he
    leads to the next one."""
    return st.t.claim and not st.t.claim_auto and st.tricks_played > 0 and not st.trick


def default_close_snap(st: DealState) -> CloseSnap:
    """The scores a close is judged by, taken as if the talon were closed in this position (as
    the engine takes them when a seat closes): per deal side, the points with counted
    marriages, the points without them, the tricks."""
    sides = range(len(st.deal_sides))
    return (
        tuple(st._side_points(s) for s in sides),
        tuple(st._side_points(s, False) for s in sides),
        tuple(st._side_tricks(s) for s in sides),
    )



def unwritten(state: DealState) -> str | None:
    """Why a position cannot be given by its values (:func:`build_position`, position strings)
    yet, or ``None``: the moments the family rules added -- trump being named, an open auction
    or a contract being played, a hand without trump, a partner's marriage shown in the trick, a
    deal doubled, the exchange offered to the closer's opponents while they are asked --
    are replayed from the deal and its moves instead."""
    if state.phase == NAMING:
        return "trump is being named"
    if state.rs.bidding.rounds == "until_passes" or state.contract is not None:
        return "a game of contracts"
    if state.phase == PLAY and state.trump < 0 and not state.lead_trump:
        return "a hand without trump"
    if state.t.partner_marries and state.married:
        return "marriages announced where partners may show them"
    if state.dbl_turn >= 0 or state.doubled:
        return "a deal being doubled, or doubled"
    if state.offer >= 0:
        return "the exchange offered as the talon is closed"
    return None


def build_position(
    rs: Ruleset | str | Path,
    *,
    dealer: object,
    hands: Sequence[HandLike],
    stock: CardsLike = (),
    drawn: object = 0,
    turnup: object = None,
    first_turnup: object = None,
    widow: CardsLike = (),
    widow_taker: object = None,
    trump: object = None,
    auction: object = None,
    to_act: object = None,
    high_bid: object = 0,
    declarer: object = None,
    leader: object = None,
    trick: CardsLike = (),
    points: object = None,
    tricks: object = None,
    meld: object = None,
    meld_wait: object = None,
    bonus: object = None,
    known: object = None,
    closer: object = None,
    closed_this_lead: object = False,
    close_snap: object = None,
    draw_pending: object = False,
    may_declare: object = None,
    drawn_out: object = True,
) -> DealState:
    """Build and check a position of ``rs``; raise :class:`RecordError` naming the bad keyword.

    ``drawn_out`` (on by default): require, while the talon is open and not closed, that the
    tricks played are those its draws took (one card per seat after every trick).  A talon
    no play can leave -- four cards gone and no trick played -- is no position of the game
    (while the talon lasts every trick is followed by one draw per seat), gets the deal stuck
    at its last draw, and gave a position that :func:`~interpreter.play.posstring.position_string` wrote and
    ``parse_position`` then refused.  ``drawn_out=False`` takes the tricks as given: what a
    record's ``start`` is read with (docs/notation.md: its values are taken as given), and a
    what-if position that tries a rule's edge with a talon of one card.

    * ``dealer``; ``hands``: one hand per seat (see :data:`HandLike`).
    * ``stock``: the whole face-down stock, top first, and ``drawn``: how many of its cards have
      been drawn (the rest still lie face down).  ``turnup``: the card under the stock now
      (``None`` once it is taken), ``first_turnup``: the card turned up at the deal (default
      ``turnup``; it differs after an exchange or once the turn-up is taken).  ``widow``: the
      undealt cards of a game without a talon, ``widow_taker`` the seat that won them.
    * ``trump``: a suit letter or index (default: the turn-up's suit, else none yet).
    * In a game with an auction: ``auction`` (default: while there is no ``declarer``) with
      ``to_act`` the seat to call next (default the dealer's left); ``high_bid`` and
      ``declarer``: the highest bid so far, or the contract once the auction is over.
    * ``leader`` of the current trick (default: the first to lead), ``trick``: the cards on the
      table in play order; in play the seat to act follows (``to_act`` is checked if given).
    * ``points``, ``tricks``, ``meld``, ``bonus``: per seat (trick points with any widow won,
      tricks won, marriages announced, the last-trick bonus); ``known``: per seat, the cards
      of his hand the others have seen (an exchanged turn-up, a marriage partner).
      ``meld_wait``: per seat, the part of ``meld`` that still waits for the seat's next trick
      (only with ``marriage.counts_after: own_next_trick``; default none).
    * ``closer``: the seat that closed the talon (``None``: not closed), ``closed_this_lead``:
      it closed on this lead, ``close_snap``: the scores at the close (default: now, see
      :func:`default_close_snap`).  ``draw_pending``: the trick's winner may still close before
      the draw.  ``may_declare``: the leader may declare (default: :func:`default_may_declare`).

    ``rs`` is a :class:`Ruleset` or a name or path for ``load_ruleset``.

    The keywords other than the cards are typed ``object`` and checked here (the types above
    are what is accepted): typed ``int`` or ``bool``, the compiled build (mypyc) would check
    them itself, in its own words and before the ``RecordError`` naming the keyword, and would
    take ``True`` for seat 1.  docs/api.md lists the keywords with their defaults.
    """
    rs = as_ruleset(rs)
    n = rs.players.count
    deck = rs.deck
    t = rs.tables
    deal = rs.deal
    bidding = rs.bidding
    dealer = _seat(dealer, n, "dealer")
    cards = _Cards(rs)
    # what the ruleset does not have at all, before anything that depends on it
    if draw_pending and not t.close_before_draw:
        raise _fail("draw_pending", f"the {rs.name} ruleset does not let a trick's winner close before the draw")
    if closer is not None and not rs.closing.enabled:
        raise _fail("closer", f"the {rs.name} ruleset has no closing")
    if may_declare and not t.claim:
        raise _fail("may_declare", f"the {rs.name} ruleset has no declaring")
    if may_declare and t.claim_auto:
        raise _fail("may_declare", f"in the {rs.name} ruleset nobody declares: the deal ends by itself at {rs.claim.target}")

    # ---------------------------------------------------------------- the cards
    given: object = hands  # as given: below, mypy narrows hands to str | bytes, which compiled code would check
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise _fail("hands", f"not a list of hands: {show_value(given)}", f"one hand per seat, {n} in all")
    if len(hands) != n:
        raise _fail("hands", f"{len(hands)} hands for {n} seats", f"one hand per seat, {n} in all")
    masks = []
    for s in range(n):
        mask = cards.mask(hands[s], f"hands[{s}]")
        cards.place(mask, f"hands[{s}]")
        masks.append(mask)
    if deal.talon:
        if widow:
            raise _fail("widow", f"the {rs.name} ruleset has no widow", "the undealt cards as stock")
        whole = cards.cards(stock, "stock")
        full = deck.size - n * deal.hand_size - (1 if rs.trump.selection == "turn_up" else 0)
        if len(whole) > full:
            raise _fail("stock", f"{len(whole)} cards, but the {rs.name} stock has {full}", f"at most {full} cards")
        if isinstance(drawn, bool) or not isinstance(drawn, int) or not 0 <= drawn <= len(whole):
            raise _fail("drawn", f"{show_value(drawn)} cards drawn from a stock of {len(whole)}", f"0 to {len(whole)}")
        spos = drawn
        rest = 0
        for c in whole[drawn:]:
            rest |= 1 << c
        cards.place(rest, "stock")
        widow_cards: list[int] = []
    else:
        if stock or drawn:
            raise _fail("stock", f"the {rs.name} ruleset has no talon", "no stock (a widow is given as widow)")
        whole = []
        rest = 0
        spos = 0
        widow_cards = cards.cards(widow, "widow")
        size = deck.size - (n - deal.dealer_sits_out) * deal.hand_size
        if len(widow_cards) != size:
            raise _fail("widow", f"{len(widow_cards)} cards, but the {rs.name} deal leaves {size}", f"{size} cards")
        wmask = 0
        for c in widow_cards:
            wmask |= 1 << c
        cards.place(wmask, "widow")
    stock_left = rest.bit_count()

    turn = first = -1
    if turnup is not None or first_turnup is not None:
        if rs.trump.selection != "turn_up":
            raise _fail("turnup" if turnup is not None else "first_turnup", f"the {rs.name} ruleset has no turn-up card")
    if turnup is not None:
        turn = cards.card(turnup, "turnup")
        cards.place(1 << turn, "turnup")
    if first_turnup is not None:
        first = cards.card(first_turnup, "first_turnup")
        if any(c == first for c in whole):
            raise _fail("first_turnup", f"{deck.cards[first]} was turned up at the deal, so it cannot be in the stock")
    else:
        first = turn
    if turn < 0 and stock_left:
        raise _fail("turnup", f"{stock_left} stock cards lie face down but no turn-up under them",
                    "a turn-up while the stock lasts: it is taken with the last draw")
    if turn >= 0 and first < 0:
        raise _fail("first_turnup", "a turn-up lies under the stock, but none was turned up at the deal", "the card turned up at the deal")

    # ---------------------------------------------------------------- trump
    suit = -1
    if trump is not None:
        suit = _suit(rs, trump, "trump")
    elif first >= 0:
        suit = deck.suit_of[first]
    for c, what in ((turn, "turnup"), (first, "first_turnup")):
        if c >= 0 and deck.suit_of[c] != suit:
            raise _fail(what, f"{deck.cards[c]} is not a trump (trumps are {deck.suits[suit]})", "a turn-up of the trump suit")
    if suit < 0 and rs.trump.selection == "turn_up":
        raise _fail("trump", "the trump suit is unknown", "the trump suit, or the turn-up that fixed it")
    if turn >= 0 and turn != first:
        ex = rs.exchange_card[suit]
        if not rs.exchange.enabled or turn != ex:
            expected = f"{deck.cards[first]}, or after an exchange {deck.cards[ex]}" if rs.exchange.enabled and ex >= 0 else str(deck.cards[first])
            raise _fail("turnup", f"{deck.cards[turn]} lies under the stock in place of {deck.cards[first]}, which only an exchange does", expected)

    # ---------------------------------------------------------------- the auction and the contract
    if not bidding.enabled:
        if auction:
            raise _fail("auction", f"the {rs.name} ruleset has no auction")
        if high_bid or declarer is not None:
            raise _fail("high_bid" if high_bid else "declarer", f"the {rs.name} ruleset has no auction")
        in_auction = False
        bid = 0
        bidder: int | None = None
    else:
        in_auction = declarer is None if auction is None else bool(auction)
        if isinstance(high_bid, bool) or not isinstance(high_bid, int):
            raise _fail("high_bid", f"{show_value(high_bid)} is not a bid of the {rs.name} ruleset", "one of: " + ", ".join(map(str, bidding.values)))
        bid = high_bid
        bidder = None
        if (declarer is None) != (not bid):
            raise _fail("declarer" if declarer is None else "high_bid", "a bid needs both its amount and its bidder",
                        "the amount and the seat together")
        if declarer is not None:
            bidder = _seat(declarer, n, "declarer")
            if bid not in bidding.values:
                raise _fail("high_bid", f"{show_value(bid)} is not a bid of the {rs.name} ruleset", "one of: " + ", ".join(map(str, bidding.values)))
        elif not in_auction:
            raise _fail("declarer", "once the auction is over there is a contract", "its bid and its declarer (a deal where all pass is over)")

    state = DealState(rs, dealer, masks, whole if deal.talon else widow_cards, turn)
    state.spos = spos
    state.first_turnup = first
    state.trump = suit
    first_seat = (dealer + 1) % n
    if in_auction:
        caller = first_seat if to_act is None else _seat(to_act, n, "to_act")
        if caller in state.sitting_out:  # the dealer without cards takes no part in the auction
            raise _fail("to_act", f"seat {caller} sits out this deal and does not bid", "a seat that plays")
        calls = (caller - first_seat) % n  # the dealer, the only seat that may sit out now, speaks last: never before
        if bidder is not None and (bidder - first_seat) % n >= calls:
            raise _fail("declarer", f"seat {bidder} has not bid yet: seat {caller} calls next", "a seat that has called")
        if leader is not None:
            raise _fail("leader", "nobody leads during the auction")
        state.turn = caller
        state.calls = calls
        state.high_bid = bid
        state.declarer = -1 if bidder is None else bidder
    elif bidder is not None:
        # the engine's own end of the auction sets the deal's sides and who sits out
        state.calls, state.high_bid, state.declarer = n - 1, 0, -1
        state._call(bidder, bid)
    active = [s for s in range(n) if s not in state.sitting_out]

    # ---------------------------------------------------------------- the trick and whose turn it is
    table = cards.cards(trick, "trick")
    tmask = 0
    for c in table:
        tmask |= 1 << c
    cards.place(tmask, "trick")
    played_to_trick: set[int] = set()
    if not in_auction:
        first = state.leader if state.leader >= 0 else (dealer + 1) % n  # trump was named: the forehand
        lead = first if leader is None else _seat(leader, n, "leader")
        if lead in state.sitting_out:
            raise _fail("leader", f"seat {lead} sits out this deal", "a seat that plays")
        if len(table) >= len(active):
            raise _fail("trick", f"{len(table)} cards on the table, but a trick of this deal has {len(active)}",
                        f"at most {len(active) - 1}: a full trick is taken at once")
        seat = lead
        for _ in table:
            played_to_trick.add(seat)
            seat = state.next_seat(seat)
        if to_act is not None and _seat(to_act, n, "to_act") != seat:
            raise _fail("to_act", f"seat {to_act} cannot be to act: seat {lead} led and {len(table)} cards are on the table",
                        f"seat {seat}")
        state.leader = lead
        state.turn = seat
        state.trick = table
    elif table:
        raise _fail("trick", "no card is played during the auction")
    most = per_seat_most(rs)
    won = _per_seat(tricks, n, "tricks", most["tricks"], "tricks")
    if suit < 0 and (table or any(won)):
        raise _fail("trump", "cards have been led, so the trump suit is fixed", "trump: the suit of the first card led")

    # ---------------------------------------------------------------- scores
    state.points = _per_seat(points, n, "points", most["points"], "points")
    state.tricks = won
    state.meld = _per_seat(meld, n, "meld", most["meld"], "marriage points")
    state.bonus = _per_seat(bonus, n, "bonus", most["bonus"], "bonus points")
    state.meld_wait = _per_seat(meld_wait, n, "meld_wait", most["meld_wait"], "marriage points")
    for s in range(n):
        if state.meld_wait[s] > state.meld[s]:
            raise _fail("meld_wait", f"seat {s} has only {state.meld[s]} marriage points to wait", f"at most meld[{s}]")
    if any(state.meld_wait) and rs.marriage.counts_after != "own_next_trick":
        raise _fail("meld_wait", f"in the {rs.name} ruleset no marriage waits for the marrier's next trick", "no meld_wait")
    played = state.tricks_played = sum(state.tricks)
    missing = deck.size - cards.used.bit_count()
    if played * len(active) > missing:
        raise _fail("tricks", f"{played} tricks of {len(active)} cards were won, but only {missing} cards are missing from the position",
                    f"at most {missing // len(active)} tricks in all")
    for s in state.sitting_out:
        if state.points[s] or state.tricks[s] or state.meld[s]:
            raise _fail("points", f"seat {s} sits out this deal, so it scores nothing")
    state.last_winner = state.leader if played and not in_auction else -1

    # ---------------------------------------------------------------- hand sizes for the phase
    size = deal.hand_size
    talon_open = deal.talon and (stock_left > 0 or turn >= 0)
    if in_auction:
        for s in range(n):
            dealt = 0 if s in state.sitting_out else size  # the dealer sitting out gets none
            if masks[s].bit_count() != dealt:
                raise _fail(f"hands[{s}]", f"seat {s} holds {_cards_word(masks[s].bit_count())} during the auction", f"{dealt}: nobody has played yet")
        for name, values in (("points", state.points), ("tricks", state.tricks), ("meld", state.meld), ("bonus", state.bonus)):
            if any(values):
                raise _fail(name, "nothing is scored during the auction", "zeros")
    else:
        for s in state.sitting_out:
            dealt = 0 if rs.deal.dealer_sits_out and s == dealer else size  # the dealer sitting out gets none
            if masks[s].bit_count() != dealt:
                raise _fail(f"hands[{s}]", f"seat {s} sits out this deal but holds {_cards_word(masks[s].bit_count())}", f"{dealt}: the cards dealt to it")
        held = {s: masks[s].bit_count() + (s in played_to_trick) for s in active}
        base = held[state.leader]
        odd = [s for s in active if held[s] != base]
        if odd:
            s = odd[0]
            raise _fail(f"hands[{s}]", f"seat {s} holds {_cards_word(masks[s].bit_count())}, but seat {state.leader} (the leader) "
                        f"{masks[state.leader].bit_count()}", "the same number in every hand, one fewer for a seat that has played to the trick")
        want = size - 1 if draw_pending else size
        if talon_open and closer is None and base != want:
            why = "the draw after the trick is pending" if draw_pending else "the hands are refilled after every trick while the talon lasts"
            raise _fail(f"hands[{state.leader}]", f"{_cards_word(base)} a hand while the talon is open and not closed", f"{want}: {why}")
        if base > size:
            raise _fail(f"hands[{state.leader}]", f"{_cards_word(base)} a hand", f"at most {size} (deal.hand_size)")
        if drawn_out and talon_open and closer is None:
            # Every trick while the talon lasts draws one card per seat: the talon left says how
            # many tricks were played (a talon of 3 cards with two seats, or 3 tricks where the
            # talon has gone down by 4 cards, is no position play can reach -- the deal would
            # get stuck with unequal hands at the last draw).
            dealt_talon = deck.size - len(active) * size
            gone = dealt_talon - stock_left - (1 if turn >= 0 else 0)
            tricks_drawn = played - (1 if draw_pending else 0)
            if gone != tricks_drawn * len(active):
                down = f"the talon has gone down by {gone} of its {dealt_talon} cards"
                if gone % len(active):
                    raise _fail("stock", f"{down}, which no number of tricks leaves with {len(active)} seats drawing",
                                "one card per seat drawn after every trick while the talon is open")
                pending = " (the last one's draw pending)" if draw_pending else ""
                raise _fail("tricks", f"{down}: the draws of {gone // len(active)} tricks, but {played} "
                            f"{'trick was' if played == 1 else 'tricks were'} played{pending}",
                            "one card per seat drawn after every trick while the talon is open")

    # ---------------------------------------------------------------- what the others know
    if known is not None:
        given = known  # as given (see hands)
        if isinstance(known, (str, bytes)) or not isinstance(known, Sequence) or len(known) != n:
            raise _fail("known", f"not one entry per seat: {show_value(given)}", f"{n} sets of cards, one per seat")
        seen = _Cards(rs)
        for s in range(n):
            k = seen.mask(known[s], f"known[{s}]")
            extra = k & ~masks[s]
            if extra:
                card = deck.cards[(extra & -extra).bit_length() - 1]
                raise _fail(f"known[{s}]", f"{card} is not in seat {s}'s hand", "cards of that hand: the others know only what it holds")
            state.known[s] = k

    # ---------------------------------------------------------------- closing
    if closer is not None:
        closer = _seat(closer, n, "closer")
        if in_auction:
            raise _fail("closer", "nobody closes during the auction")
        if not talon_open:
            raise _fail("closer", "an exhausted talon cannot be closed", "a talon with cards left")
        if draw_pending:
            raise _fail("draw_pending", "the talon is closed: nobody draws", "no pending draw")
        state._close(closer)
        state.offer = -1  # a position given by its values is past the exchange offered at the close (see unwritten)
        if closed_this_lead and (closer != state.leader or in_auction):
            raise _fail("closed_this_lead", f"seat {closer} closed, but seat {state.leader} leads now", "the leader closes before leading")
        state.closed_this_lead = bool(closed_this_lead)
        if close_snap is not None:
            state.close_snap = _snap(close_snap, len(state.deal_sides))
    elif closed_this_lead or close_snap is not None:
        raise _fail("closed_this_lead" if closed_this_lead else "close_snap", "the talon is not closed", "the seat that closed it")

    # ---------------------------------------------------------------- the optional steps
    if draw_pending:
        if in_auction:
            raise _fail("draw_pending", "nobody draws during the auction")
        if table or not played or not talon_open:
            raise _fail("draw_pending", "the draw is pending only right after a trick, while the talon lasts")
        state.draw_pending = True
        if state.close_refusal(state.leader) is not None:
            raise _fail("draw_pending", "the draw waits only while the trick's winner could close", "no pending draw")
    if may_declare is None:
        may_declare = default_may_declare(state)
    elif may_declare:
        if in_auction or len(table) > (1 if t.claim_after_marriage else 0):
            raise _fail("may_declare", "the leader may declare only before he leads, or right after announcing a marriage",
                        "no cards on the table, or only the marriage lead")
    state.claim_seat = state.leader if may_declare else -1

    # ---------------------------------------------------------------- the widow
    if widow_taker is not None:
        widow_taker = _seat(widow_taker, n, "widow_taker")
        if not widow_cards:
            raise _fail("widow_taker", "there is no widow to take")
        if not played:
            raise _fail("widow_taker", "the widow goes to the winner of the first trick, and no trick has been won")
        state.widow_taker = widow_taker
    state.phase = AUCTION if in_auction else PLAY
    # the cards of the completed tricks: whatever is in no hand, not on the table, not face down
    located = sum(state.hands) | sum(1 << c for c in state.trick) | sum(1 << c for c in state.stock[state.spos:])
    located |= sum(1 << c for c in state.widow) | (1 << state.turnup if state.turnup >= 0 else 0)
    state.gone = rs.deck.full_mask & ~located
    return state


def _snap(value: object, sides: int) -> CloseSnap:
    if not isinstance(value, (tuple, list)) or len(value) != 3:
        raise _fail("close_snap", f"not three rows: {show_value(value)}", "(points, points without marriages, tricks), each per deal side")
    rows: list[tuple[int, ...]] = []
    for r, row in enumerate(value):
        given: object = row  # as given (see build_position's hands)
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence) or len(row) != sides:
            raise _fail(f"close_snap[{r}]", f"not {sides} numbers: {show_value(given)}", f"{sides} numbers, one per deal side")
        for v in row:
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise _fail(f"close_snap[{r}]", f"{show_value(v)} is not a count", "whole numbers of at least 0")
        rows.append(tuple(row))
    return rows[0], rows[1], rows[2]
