"""What the table says: button labels, keys, questions before a costly move, a deal's
reason told from the player's side.  Plain functions of a view and the ruleset, with no
widgets, so that the words can be read (and tested) apart from the screens."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.text import Text

from interpreter.core.actions import (
    Action, Bid, Close, CloseBeforeDraw, Continue, Declare, Discard, Double, Exchange, Marry, NameTrump, Pass, Play, Redouble,
)
from interpreter.core.cards import RANK_NAMES, SUIT_NAMES, Card
from interpreter.core.errors import RulesError
from interpreter.core.printable import printable
from interpreter.engine.match import Match
from interpreter.engine.state import DealState
from interpreter.engine.views import SeatView
from interpreter.play import seatfacts as facts
from interpreter.rules.loader import load_ruleset
from interpreter.rules.ruleset import Ruleset
from cli.log import bummerl_text
from cli.table import render

#: Keys of the actions that are not a card: (action kind, key, button label).
ACTION_KEYS = {Marry: "m", Exchange: "x", Close: "c", CloseBeforeDraw: "b", Declare: "d", Continue: "n", Pass: "p",
               Double: "k", Redouble: "r"}  # k: Kontra, r: Re


#: The keys of the hand's cards, in order: the number row, 1 to 9, then 0, - and = for the
#: 10th, 11th and 12th card (a North American hand for two holds 12).  One key a card, and no
#: key the start of another: a key plays its card at once, where "10" typed as two digits
#: played card 1 on the "1" (waiting for a second digit would make 1 to 9 wait, on a timer).
CARD_KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "=")


def card_key(k: int) -> str | None:
    """The key of the ``k``-th card of the hand (from 1), ``None`` past :data:`CARD_KEYS`
    (such a card is clicked)."""
    return CARD_KEYS[k - 1] if 1 <= k <= len(CARD_KEYS) else None


def card_keys(count: int) -> str:
    """The keys of a hand of ``count`` cards, as the table lists them: ``1``, ``1-5``,
    ``1-9, 0, -, =``, and past the last key that the mouse plays the rest: ``1-9, 0, -, =
    (cards 13-14: click them)``."""
    keys = ", ".join(["1" if count <= 1 else f"1-{min(count, 9)}", *CARD_KEYS[9:count]])
    rest = count - len(CARD_KEYS)
    if rest > 0:
        keys += f" (card {count}: click it)" if rest == 1 else f" (cards {len(CARD_KEYS) + 1}-{count}: click them)"
    return keys


def most_held(rs: Ruleset) -> int:
    """The most cards a hand of ``rs`` holds: as dealt, or with a widow taken into it (every
    card not dealt to a seat that plays: a deal with a widow has no talon)."""
    deal = rs.deal
    if deal.widow is None or deal.widow.to == "first_trick_winner_tricks":
        return deal.hand_size
    dealt_to = rs.players.count - (1 if deal.dealer_sits_out else 0)
    return deal.hand_size + rs.deck.size - dealt_to * deal.hand_size


def refusal(view: SeatView, text: str) -> str:
    """A refusal of the engine as the table tells it on the status line: to the person (``you
    do not hold ...``, :func:`~interpreter.play.seatfacts.to_person`), its card codes (``JD``)
    written as the table writes cards (``J♦``) and its suits as the table names them (``♦
    diamonds``), so that the line reads as the rest of the table does."""
    text = facts.to_person(view, text)
    cards = {str(c): facts.card_text(c) for c in view.rs.deck.cards}
    text = re.sub(r"\b(" + "|".join(map(re.escape, cards)) + r")\b", lambda m: cards[m.group(1)], text)
    suits = {SUIT_NAMES[s]: facts.suit_text(s) for s in view.rs.deck.suits}
    return re.sub(r"\b(" + "|".join(map(re.escape, suits)) + r")\b", lambda m: suits[m.group(1)], text)


def your_turn(view: SeatView, legal: list[Action]) -> str:
    """What the person is asked to do: ``bid or pass (keys 1-5, p)``, ``lead a card``..."""
    if any(isinstance(a, NameTrump) for a in legal):
        suits = ", ".join(f"{view.rs.deck.suits.index(a.suit) + 1} {facts.suit_text(a.suit)}" for a in legal if isinstance(a, NameTrump))
        passing = ""
        if Pass() in legal:
            passing = ", or pass (p): " + ("your partner names trump" if view.rs.trump.if_passed == "partner" else "your next card is turned up for trump")
        return f"name trump (keys {suits}){passing}"
    if any(isinstance(a, Discard) for a in legal):
        due = view.public.to_discard
        return f"lay away {due} more card{'s' if due != 1 else ''} face down (they count for you): press its number"
    if any(isinstance(a, Double) for a in legal):
        return "double the deal (k: Kontra, it counts twice) or pass (p)"
    if any(isinstance(a, Redouble) for a in legal):
        return "your game is doubled: redouble (r: Re, it counts four times) or pass (p)"
    if any(isinstance(a, (Bid, Pass)) for a in legal):
        bids = [a.amount for a in legal if isinstance(a, Bid)]
        # a run of two or more bids is a range of keys ("1-5"); one bid left is its key ("5")
        keys = f"{bids[0]}-{bids[-1]}" if len(bids) > 1 and bids == list(range(bids[0], bids[-1] + 1)) else ", ".join(map(str, bids))
        return f"bid or pass (keys {keys}, p)" if bids else "pass (p)"
    if any(isinstance(a, (Play, Marry)) for a in legal):
        return "follow with a card" if view.trick else "lead a card"
    return "choose"


def going_out(view: SeatView, legal: list[Action], practice: bool) -> str:
    """The words after "Your turn: ..." when the rules offer to go out now (a declaration and
    a continue among the legal moves), else ``""``.  Declaring is suggested only where it can
    stand: where the table counts, when the count reaches the target; where the person keeps
    count, unless their side has no trick yet and what counts without one falls short (then
    nothing is hidden by saying so)."""
    if Declare() not in legal or Continue() not in legal:
        return ""
    target = view.rs.claim.target
    pending = sum(facts.pending_meld(view, s) for s in view.sides[view.public.side_index[view.seat]])
    if view.rs.side_of(view.seat) in render.points_shown(view, practice):
        have = facts.claim_points(view)
        if have >= target:
            return f" — you may go out now: declare {target} (you have {have}) or continue"
        later = f" (+{pending} once your side wins a trick)" if pending else ""
        return f" — you have {have} of {target}{later}: too few to declare, continue (n)"
    if facts.claim_cannot_stand(view):
        later = f" (your {pending} count once your side wins a trick)" if pending else ""
        return f" — no trick yet: too few to declare{later}, continue (n)"
    return f" — declare now if you have {target}, or continue"


def rules_in_brief(rs: Ruleset) -> str:
    """Two lines of the rules a player needs at the table: target, marriages, match."""
    parts = []
    if rs.claim.enabled and rs.claim.automatic:
        parts.append(f"the deal ends by itself when a side reaches {rs.claim.target} card points")
    elif rs.claim.enabled:
        parts.append(f"reach {rs.claim.target} card points and declare")
    if rs.marriage.enabled:
        parts.append(f"marriages {rs.marriage.values.plain}, in trumps {rs.marriage.values.trump}")
    if rs.bidding.enabled and rs.bidding.contracts:
        parts.append("contracts: " + ", ".join(f"{c.name.capitalize()} {c.value}" for c in rs.bidding.contracts))
    elif rs.bidding.enabled:
        parts.append(f"bids in units of {rs.scoring.unit} points")
    parts.append(f"match to {rs.match.target}")
    return "; ".join(parts) + ".  The full rulebook: rules describe " + printable(ruleset_argument(rs))


def card_values(rs: Ruleset) -> str:
    """The card points of the ruleset's ranks, strongest first, as the table writes the ranks:
    ``A 11, 10 10, K 4, Q 3, J 2 (120 in the pack)``."""
    deck = rs.deck
    first = deck.suits[0]
    values = ", ".join(f"{'10' if r == 'T' else r} {deck.points[deck.card_index(r, first)]}" for r in deck.ranks)
    return f"{values} ({deck.total_points} in the pack)"


def ruleset_argument(rs: Ruleset) -> str:
    """How the command line names this ruleset: ``schnapsen``, ``house/santase``, or its file --
    told by the file it was read from, as a record names it, never by its name (a house file
    named ``schnapsen`` is not the bundled Schnapsen)."""
    from interpreter.rules.loader import bundled_equivalent

    key = bundled_equivalent(rs.name, rs.data, rs.source)
    if key is not None:
        return key
    return str(rs.source) if rs.source is not None else rs.name


def table_keys(rs: Ruleset, practice: bool) -> list[tuple[str, str]]:
    """The keys of the table for this ruleset: (key, what it does), only for actions it has."""
    contracts = rs.bidding.contracts if rs.bidding.enabled else ()
    auction = " (in the auction: bid that number)" if rs.bidding.enabled and not contracts else ""
    most = most_held(rs)
    # a hand of more than 9 cards: the keys past 9 are said, and past the last key, the mouse
    hand_keys, which = ("1-9", "that number") if most <= 9 else (card_keys(min(most, len(CARD_KEYS))), "that key")
    beyond = "" if most <= 9 else ": its number, 0 the 10th, - the 11th, = the 12th" + (
        "; a card past the 12th: click it" if most > len(CARD_KEYS) else "")
    keys = [(hand_keys, f"play the card with {which}{beyond}{auction}")]
    # in the auction a number key announces the contract of that bid (the bid's number, not its value)
    keys += [(str(c.bid), f"in the auction: announce {facts.bid_words(rs, c.bid)}") for c in contracts if 1 <= c.bid <= 9]
    offered = [
        (rs.marriage.enabled, "m, M", f"marry: announce the marriage and lead its {RANK_NAMES[rs.marriage.ranks[0]]} (m) or its {RANK_NAMES[rs.marriage.ranks[1]]} (M)"),
        (rs.exchange.enabled, "x", "exchange for the turn-up"),
        (rs.closing.enabled, "c", "close the talon"),
        (rs.closing.enabled and rs.closing.timing == "before_or_after_draw", "b", "close before the draw"),
        (rs.claim.enabled and not rs.claim.automatic, "d", f"declare {rs.claim.target}"),
        ((rs.claim.enabled and not rs.claim.automatic) or rs.closing.enabled, "n", "continue (do not declare or close now)"),
        (rs.bidding.enabled or rs.bidding.doubling is not None or rs.trump.if_passed != "must_name" and rs.trump.selection == "named", "p", "pass"),
        (rs.bidding.doubling is not None, "k", "double (Kontra): the deal counts twice, before the first lead"),
        (rs.bidding.doubling is not None and rs.bidding.doubling.redouble, "r", "redouble (Re) your doubled game: it counts four times"),
        (rs.trump.selection == "named", "1-4", "while you name trump: the suit with that number (1 clubs, 2 diamonds, 3 hearts, 4 spades)"),
        (rs.deal.widow is not None and rs.deal.widow.to != "first_trick_winner_tricks", hand_keys, f"lay the card with {which} away, when cards are laid away"),
        (practice, "h", "hint"),
        (practice, "u", "undo"),
    ]
    keys += [(key, what) for on, key, what in offered if on]
    return keys + [("?", "this help"), ("q", "save and quit"), ("Ctrl-C, Ctrl-Q", "save and quit too"),
                   ("PgDn, PgUp", "on a terminal too small for the table (under 80 by 24): the rest of it, and back; the mouse wheel scrolls too; "
                                  "in this help or a deal's summary too tall for the terminal, they scroll it, as Home, End and the arrows do")]


def claim_question(view: SeatView, action: Action, practice: bool) -> str | None:
    """What to ask before ``action``, if it may cost points by surprise.

    Where the table counts the person's points, only a claim short of the target is asked
    about (and the count is said).  Where the person keeps count alone, every claim is asked
    about, so that the question itself gives no count away; what a false claim costs reads
    only the tricks (now, and at the close of a talon the person's side closed) and the
    doubling, which everybody sees, so it is said as the engine would score it now
    (:func:`~interpreter.play.seatfacts.claim_risk`): a closer's false claim may cost what
    failing the close costs, more than ``claim.false_points``.
    """
    if not isinstance(action, Declare):
        return None
    rs = view.rs
    if rs.side_of(view.seat) in render.points_shown(view, practice):
        warning = facts.claim_warning(view, action)
        return None if warning is None else warning + "\n\nDeclare anyway?"
    risk = facts.claim_risk(view)
    return f"Declare {rs.claim.target}? {risk[0].upper()}{risk[1:]}."


def close_question(view: SeatView, action: Action) -> str | None:
    """What to ask before closing the talon (it cannot be taken back): what closing means and,
    from ``closing.fail_points``, what failing costs; ``None`` for any other move."""
    if not isinstance(action, (Close, CloseBeforeDraw)):
        return None
    rs = view.rs
    fail = rs.closing.fail_points
    when = "when you close" if fail.basis == "at_close" else "at the end"
    cost = facts.score_words(rs, fail.base) + (f" ({fail.no_trick} if it has no trick {when})" if fail.no_trick != fail.base else "")
    before = " now, before the draw" if isinstance(action, CloseBeforeDraw) else ""
    return (
        f"Close the talon{before}? Nobody draws any more, and you must reach {rs.claim.target}: "
        f"if you do not, the other side scores {cost}. A closed talon stays closed.\n\n(n: do not close)"
    )


#: What each key of :data:`ACTION_KEYS` does, in a word or two, for the list of keys in use.
KEY_WORDS = {Marry: "marry", Exchange: "exchange", Close: "close", CloseBeforeDraw: "close before the draw", Declare: "declare",
             Continue: "continue", Pass: "pass", Double: "double", Redouble: "redouble"}


def keys_now(view: SeatView, legal: Sequence[Action], *, practice: bool = False, undo: bool = False) -> str:
    """The keys that do something now: ``1-5 a card, m, M marry, c close, h hint, u undo; ?
    help, q save and quit`` (while another player is to move, only the last two and, in
    practice mode, undo).  ``M`` is listed where it leads the one marriage on offer with its
    second card; ``h`` in practice mode on the person's turn, ``u`` where ``undo`` says a
    move of theirs can be taken back."""
    keys: list[str] = []
    if any(isinstance(a, NameTrump) for a in legal):
        keys.append(f"1-{len(view.rs.deck.suits)} a suit")
    elif any(isinstance(a, (Play, Marry, Discard)) for a in legal):
        keys.append(card_keys(len(view.hand)) + " a card")
    bids = [a.amount for a in legal if isinstance(a, Bid)]
    if bids:
        keys.append(", ".join(map(str, bids)) + (" a bid" if len(bids) == 1 else " bids"))
    marriages = [a for a in legal if isinstance(a, Marry)]
    for kind, word in KEY_WORDS.items():
        if kind is Marry and len(marriages) > 1 and one_marriage(marriages):  # m the first card, M the second
            keys.append(f"m, M {word}")
        elif any(type(a) is kind for a in legal):
            keys.append(f"{ACTION_KEYS[kind]} {word}")
    if practice and legal:
        keys.append("h hint")
    if practice and undo:
        keys.append("u undo")
    return ", ".join(keys) + ("; " if keys else "") + "? help, q save and quit"


def unused_key(view: SeatView, key: str, legal: Sequence[Action], why: str = "", *, practice: bool = False, undo: bool = False) -> str:
    """The status line's word on a key that did nothing: ``z: no use now -- keys now: ...``
    (``practice``, ``undo``: as :func:`keys_now` takes them)."""
    if not legal and view.actor is not None and view.actor != view.seat:
        why = why or f"{facts.seat_name(view, view.actor)} to play"
    return f"{key}: {why or 'no use now'} — keys now: {keys_now(view, legal, practice=practice, undo=undo)}"


def one_marriage(actions: Sequence[Action]) -> bool:
    """Whether ``actions`` are all marriages of one suit (its king or its queen led)."""
    suits = {a.card.suit if isinstance(a, Marry) else None for a in actions}
    return len(suits) == 1 and None not in suits


def action_label(view_rs: Ruleset, action: Action) -> str:
    """A button's words, without its key: ``Marry K♥``, ``Declare 66``, ``Bid 3``,
    ``Bettler, 4 game points`` (a contract's value said as a value: in brackets a number is
    the key that chooses the button, :func:`action_key`)."""
    if isinstance(action, Marry):
        return f"Marry {facts.card_text(action.card)}"
    if isinstance(action, Declare):
        return f"Declare {view_rs.claim.target}"
    if isinstance(action, NameTrump):
        return f"Trump {facts.suit_text(action.suit)}"
    if isinstance(action, Discard):
        return f"Lay away {facts.card_text(action.card)}"
    if isinstance(action, Bid) and view_rs.bidding.contracts:
        contract = view_rs.bidding.contract(action.amount)
        return f"{contract.title}, {facts.score_words(view_rs, contract.value)}" if contract is not None else f"Bid {action.amount}"
    if isinstance(action, Bid):
        moon = view_rs.bidding.moon
        return f"Bid {action.amount}" + (" moon" if moon is not None and action.amount == moon.bid else "")
    return {Exchange: "Exchange", Close: "Close", CloseBeforeDraw: "Close before draw", Continue: "Continue", Pass: "Pass",
            Double: "Double (x2)", Redouble: "Redouble (x4)"}.get(type(action), str(action))


def action_key(rs: Ruleset, action: Action) -> str | None:
    """The key that chooses ``action`` at the table and in the room, shown in brackets after
    its label: a letter of :data:`ACTION_KEYS`, a bid's number (the number keys bid in the
    auction: the bid, never a contract's value), a suit's number while trump is named; ``None``
    for a card (its place in the hand) or a bid no single key reaches."""
    if isinstance(action, Bid):
        return str(action.amount) if 1 <= action.amount <= 9 else None
    if isinstance(action, NameTrump):
        return str(rs.deck.suits.index(action.suit) + 1)
    return ACTION_KEYS.get(type(action))


def key_labelled(rs: Ruleset, action: Action) -> str:
    """A button's words with its key: ``Bettler, 4 game points (1)``, ``Pass (p)``."""
    key = action_key(rs, action)
    return action_label(rs, action) + (f" ({key})" if key else "")


def match_over(state: DealState, match: Match, me: int) -> str:
    """How the match ended, told to the player at ``me``: ``opponents win``, and where the
    ruleset counts lost matches (``match.shutout``, ``match.bummerl``) who takes how many, as
    ``rules run`` prints it (:func:`cli.log.bummerl_text`) with the sides named from this
    seat: ``opponents win; you take 2 Bummerl (a Schneider)``."""
    rs = state.rs
    assert match.winner is not None, "the match is not over"
    winner = facts.side_name(rs, me, match.winner)
    text = f"{winner} {'win' if winner in ('you', 'opponents') else 'wins'}"
    lost = bummerl_text(state, match.bummerl).removeprefix(" -- ")

    def named(m: re.Match[str]) -> str:  # bummerl_text numbers the match sides ("seat 1", "team 0")
        side = facts.side_name(rs, me, int(m.group(1)))
        return f"{side} {'take' if side in ('you', 'opponents') else 'takes'}"
    return text + ("; " + re.sub(r"\b(?:seat|team) (\d+) takes\b", named, lost) if lost else "")


def _listed(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def deal_side_name(view: SeatView, seats: Sequence[int]) -> str:
    """How this player calls one side of the deal (``view.sides``): as the match side is
    called where the two are one (``you``, ``opponents``, ``your team``, ``seat 2``), else by
    its seats -- two who keep their own match scores but play this deal together:
    ``your side (you and seat 1)``, ``seats 1 and 2``."""
    rs = view.rs
    together = tuple(sorted(seats))
    matching = [k for k, side in enumerate(rs.sides) if tuple(sorted(side)) == together]
    if matching:
        return facts.side_name(rs, view.seat, matching[0])
    if view.seat in together:
        return f"your side ({_listed(['you'] + [f'seat {s}' for s in together if s != view.seat])})"
    return "seats " + _listed([str(s) for s in together])


def _deal_side_of(view: SeatView, seat: int) -> tuple[int, ...] | None:
    return next((side for side in view.sides if seat in side), None)


def laid_away_words(view: SeatView, seats: Sequence[int], points: Sequence[int] | None) -> str:
    """`` (5 of them laid away)``: the points of ``seats`` that ``view`` does not count --
    cards laid away face down, a widow only its taker saw -- from ``points`` (every seat's
    at the deal's end, :meth:`~interpreter.play.session.TableSession.points_at_end`); ``""``
    where there are none or ``points`` is not given."""
    if points is None:
        return ""
    hidden = sum(points[s] - view.seat_points[s] for s in seats)
    if hidden <= 0:
        return ""
    return f" ({hidden} of them {'laid away' if view.rs.tables.lays_away else 'in the widow'})"


def deal_points_line(view: SeatView, points: Sequence[int] | None = None) -> str:
    """The card points and tricks of each side of the deal, this player's first, counted as
    the deal counted them -- the sides that play it together summed, each seat's share
    said: ``points: your side (you and seat 1) 67 (you 42, seat 1 25), seat 2 53 (5 of them
    laid away); tricks: your side (you and seat 1) 3, seat 2 3``.  ``points``: every seat's
    points at the deal's end (with what was laid away), else the view's own count."""
    counted = list(points) if points is not None else list(view.seat_points)
    sides = sorted(view.sides, key=lambda side: view.seat not in side)
    point_words, trick_words = [], []
    for side in sides:
        name = deal_side_name(view, side)
        words = f"{name} {sum(counted[s] for s in side)}"
        pending = sum(facts.pending_meld(view, s) for s in side)
        if pending:
            words += f" (+{pending} pending)"
        if len(side) > 1 and " (" in name:  # partners of this deal only: each keeps his own score
            words += " (" + ", ".join(f"{facts.seat_name(view, s) if s == view.seat else f'seat {s}'} {counted[s]}" for s in side) + ")"
        point_words.append(words + laid_away_words(view, side, points))
        trick_words.append(f"{name} {sum(view.public.tricks[s] for s in side)}")
    return f"points: {', '.join(point_words)}; tricks: {', '.join(trick_words)}"


def told(view: SeatView, reason: str, winner: int | None, points: Sequence[int] | None = None) -> str:
    """A deal's reason as the rules word it, told to this player: ``seat 1`` becomes
    ``opponent``, and the losers, whom the reason calls "opponent(s)" from the winner's side,
    get their names from this player's side (``you 5 points``).

    The points a claim reached (or fell short of) are its side's of the deal, so the claimant
    is named by that side: ``your side (you and seat 1) reached 67`` where two play together
    against a soloist, and its "opponent" is the other side of the deal.  ``points`` (every
    seat's at the deal's end) adds the points laid away face down to the side that holds them:
    ``seat 2 53 points (5 of them laid away)``, as the rules counted them."""
    rs = view.rs
    losers = [s for s in range(rs.side_count) if s != winner]
    loser = facts.side_name(rs, view.seat, losers[0]) if winner is not None and len(losers) == 1 else "the others"
    loser_seats: tuple[int, ...] = ()
    claim = re.search(r"\bseat (\d+) (?:reached|declared)\b", reason)
    claimant = _deal_side_of(view, int(claim.group(1))) if claim is not None and int(claim.group(1)) < rs.players.count else None
    if claimant is not None:  # the claim's words are of the deal's sides
        others = [side for side in view.sides if side != claimant]
        loser = deal_side_name(view, others[0]) if len(others) == 1 else "the others"
        loser_seats = others[0] if len(others) == 1 else ()
        reason = re.sub(r"\bseat \d+ (reached|declared(?: with only)?) (\d+)",
                        lambda m: f"\1 {m.group(1)} {m.group(2)}{laid_away_words(view, claimant, points)}", reason, count=1)
    # the losers (and the claimant) are put in last, so that their names ("your team") are not read again
    if loser_seats:
        reason = re.sub(r"\bopponents? (\d+) points\b", lambda m: f"\0 {m.group(1)} points{laid_away_words(view, loser_seats, points)}", reason)
    reason = re.sub(r"\bopponents?\b", "\0", reason)
    reason = re.sub(r"\bteam (\d+)(?: \(seats [^)]*\))?", lambda m: facts.side_name(rs, view.seat, int(m.group(1)))
                    if int(m.group(1)) < rs.side_count else m.group(0), reason)
    reason = re.sub(r"\bseat (\d+)", lambda m: facts.seat_name(view, int(m.group(1)))
                    if int(m.group(1)) < rs.players.count else m.group(0), reason)
    reason = reason.replace("\0", loser)
    if claimant is not None:  # put in last too: "your side (you and seat 1)" is not read again
        reason = reason.replace("\1", deal_side_name(view, claimant), 1)
    # the rules say "seat 0 was set on ..." of one seat or team; a name of several takes "were"
    return re.sub(r"\b(you|opponents|the others) was\b", r"\1 were", reason)


#: The most cells of a ruleset's title the start screen's list shows (the longest bundled
#: title has 72): a house file's title of 500 characters filled the 80 by 24 screen with it.
CHOICE_TITLE_LENGTH = 100


def ruleset_choice(name: str) -> Text:
    """``Schnapsen (schnapsen)``: the title a player knows, the name the command line takes
    (as plain text: a title from a file is neither markup nor terminal controls); a title
    longer than :data:`CHOICE_TITLE_LENGTH` is cut there, with an ellipsis."""
    try:
        title = load_ruleset(name).title
    except RulesError:
        return Text(printable(name))
    text = Text(printable(title))
    text.truncate(CHOICE_TITLE_LENGTH, overflow="ellipsis")
    return text + Text(printable(f" ({name})"))


def move_line(
    view: SeatView, me: int, seat: int, action: Action, *, cards: bool = True, took: Card | None = None, before: SeatView | None = None,
) -> str:
    """The line that tells seat ``me`` of ``seat``'s ``action``, from ``view`` (``me``'s)
    taken AFTER the action -- a pass reads which pass it was from the history that holds it.
    The table's log and the review both say a move this way, so that a move is told in one
    way and a card another seat lays away face down is never named.  ``cards=False`` leaves
    out the card a marriage leads (the announcement is remembered, the trick it starts is
    not).  ``took``: the turn-up an exchange took (in view of everybody until then), named
    so that the log still says where it went once the new turn-up lies in its place.
    ``before``: ``me``'s view before the action, where the seat is named as it is called
    there -- the screen that shows that position next to the line (the review) names each
    seat as at that moment, and the auction's last call may make an opponent a partner."""
    who = facts.seat_name(before if before is not None else view, seat)
    if isinstance(action, Marry) and view.trick and view.trick[-1][0] != seat:  # a partner's marriage, shown
        return f"{who}: {facts.marriage_value(view, action.card.suit)} in {facts.suit_text(action.card.suit)}, shown"
    if isinstance(action, Marry):
        led = f", leads {facts.card_text(action.card)}" if cards else ""
        return f"{who}: {facts.marriage_value(view, action.card.suit)} in {facts.suit_text(action.card.suit)}{led}"
    if isinstance(action, Play):
        return f"{who}: {facts.card_text(action.card)}"
    if isinstance(action, Exchange):
        return f"{who}: exchange{'' if seat == me else 's'} for the turn-up" + (f" {facts.card_text(took)}" if took is not None else "")
    if isinstance(action, (Close, CloseBeforeDraw)):
        return f"{who}: closes the talon"
    if isinstance(action, Declare):
        return f"{who}: declares {view.rs.claim.target}"
    if isinstance(action, Bid):
        return f"{who}: bid {facts.bid_words(view.rs, action.amount) if view.rs.bidding.contracts else action.amount}"
    if isinstance(action, Pass):  # the history holds the pass just made: its last call says which pass
        calls = facts.calls(view)
        what = calls[-1][1] if calls and calls[-1][0] == seat else "pass"
        return f"{who}: " + {"trump_pass": "does not name trump" if seat != me else "do not name trump",
                             "no_double": "no double", "no_redouble": "no redouble"}.get(what, "pass")
    if isinstance(action, (Double, Redouble)):
        return f"{who}: {'doubles (x2)' if isinstance(action, Double) else 'redoubles (x4)'}"
    if isinstance(action, NameTrump):
        return f"{who}: names {facts.suit_text(action.suit)} trump"
    if isinstance(action, Discard):  # face down: only the one who lays it away sees it
        return f"{who}: lay {facts.card_text(action.card)} away" if seat == me else f"{who}: lays a card away"
    return f"{who}: {action}"
