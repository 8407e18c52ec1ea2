"""The words of an analysed decision (:class:`~interpreter.play.analysis.MoveReport`), shared
by the text of ``rules analyse`` and its page (``--html``): the position as the seat saw it,
what the values rest on and the best line, with every seat named from the analysed seat's
side of the table."""

from __future__ import annotations

from cli.output import unit_words
from interpreter.core.actions import Bid, parse_action
from interpreter.core.cards import SUIT_NAMES
from interpreter.core.errors import RulesError
from interpreter.play.analysis import GRADE_VISITS, MoveReport, noise_of
from interpreter.play.seatfacts import KEEP_COUNT, bid_words, face_down_words
from interpreter.rules.ruleset import Ruleset


PLURAL = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}


def signed(value: float) -> str:
    """``+1.25``; a value that rounds to nothing is ``+0.00``, never ``-0.00``."""
    return f"{value_shown(value) + 0.0:+.2f}"


def summary_words(reports: list[MoveReport], rs: Ruleset | None = None) -> str:
    """``5 decisions analysed, 4 graded: 3 blunders, 1 mistake; 1 uncertain (estimates too
    rough to grade); values in game points`` (the unit where the ruleset is given)."""
    graded = [r for r in reports if r.grade]
    counts = [(sum(1 for r in graded if r.grade == g), g) for g in ("blunder", "mistake", "inaccuracy")]
    named = ", ".join(f"{c} {g if c == 1 else PLURAL[g]}" for c, g in counts if c)
    n = len(reports)
    words = f"{n} decision{'' if n == 1 else 's'} analysed, {len(graded)} graded" + (f": {named}" if named else "")
    uncertain = sum(1 for r in reports if r.uncertain)
    if uncertain:
        words += f"; {uncertain} uncertain (estimates too rough to grade)"
    return words + (f"; values in {unit_words(rs)}" if rs is not None else "")


def shown_loss(r: MoveReport) -> str:
    """The loss as the line shows it: the best value shown less the played value shown, so
    that the line adds up (``-0.66  best ... +0.13  mistake (loss 0.79)``, where the loss of the
    values unrounded, 0.7849, said 0.78).  The grade and ``--json`` keep the values' own loss."""
    return f"{round(value_shown(r.best_value) - value_shown(r.played_value), 2) + 0.0:.2f}"


def value_shown(value: float) -> float:
    """A value as :func:`signed` shows it: to two places."""
    return round(value, 2)


def verdict_words(r: MoveReport, rs: Ruleset) -> str:
    """What a decision's line ends with: ``blunder (loss 1.58)``, ``uncertain (loss 2.39, marry
    QS searched 7 times)``, ``uncertain (loss 0.25, within the estimates' noise of 0.31)``, or
    nothing where the move played was best or lost too little."""
    loss = shown_loss(r)
    if r.grade:
        return f"{r.grade} (loss {loss})"
    if r.uncertain:
        few = [(r.visits[a], a) for a in (r.played, r.best) if r.visits.get(a, GRADE_VISITS) < GRADE_VISITS]
        if few:
            n, action = min(few)
            return f"uncertain (loss {loss}, {action_words(rs, action)} searched {n} time{'' if n == 1 else 's'})"
        return f"uncertain (loss {loss}, within the estimates' noise of {noise_of(r.errors, r.played, r.best):.2f})"
    return ""


def action_words(rs: Ruleset, action: str) -> str:
    """An action as the analysis says it: a bid by its contract's name where the ruleset names
    contracts (``Bettler (bid 1)``), anything else in the notation (``play KH``)."""
    if not rs.bidding.contracts or not action.startswith("bid "):
        return action
    try:
        parsed = parse_action(action)
    except RulesError:  # (the notation's own text: read back as written)
        return action
    contract = rs.bidding.contract(parsed.amount) if isinstance(parsed, Bid) else None
    return f"{contract.title} ({action})" if contract is not None else action


def context_lines(r: MoveReport, rs: Ruleset) -> list[str]:
    """The lines under a decision's line in the text: the position, the basis, the best line."""
    out = []
    if r.seen is not None:
        talon = f" | talon {talon_words(r)}" if r.seen.has_talon else ""
        out.append(f"    hand {' '.join(r.seen.hand) or '-'} | {table_words(r, rs)} | {trump_words(r)}{talon}")
        contract = contract_words(r, rs)
        if contract is not None:
            out.append(f"    contract: {contract}")
        out.append("    {}: {}".format(*points_words(r, rs)))
    out.append(f"    values: {basis_words(r, rs)}")
    if r.line:
        out.append(f"    best line with the cards as they lay: {line_words(r, rs)}")
    return out


def table_words(r: MoveReport, rs: Ruleset) -> str:
    """``on the table QD (opponent)``, ``to lead``, ``in the auction`` or ``laying a card away``."""
    assert r.seen is not None
    if r.seen.auction:
        return "in the auction"
    if r.seen.discard:
        return "laying a card away"
    if not r.seen.trick:
        return "to lead"
    return "on the table " + ", ".join(f"{card} ({who(rs, r.seat, s)})" for s, card in r.seen.trick)


def trump_words(r: MoveReport) -> str:
    """``trump clubs (turn-up AC)``, ``no trump`` (a contract without trumps) or ``no trump yet``."""
    assert r.seen is not None
    if not r.seen.trump:
        return "no trump" if r.seen.trumpless else "no trump yet"
    words = f"trump {SUIT_NAMES.get(r.seen.trump, r.seen.trump)}"
    return words + (f" (turn-up {r.seen.turn_up})" if r.seen.turn_up else "")


def talon_words(r: MoveReport) -> str:
    """``closed``, ``gone`` or ``8 cards``."""
    assert r.seen is not None
    if r.seen.closed:
        return "closed"
    n = r.seen.talon
    return f"{n} card{'' if n == 1 else 's'}" if n else "gone"


def points_words(r: MoveReport, rs: Ruleset) -> tuple[str, str]:
    """The count of the position, as a label and its words, the analysed seat's side first:
    ``points``, ``you 0, opponent 26; tricks: you 0, opponent 1``.  A side whose points the
    analysis may not tell (``None``: the deal a person is still playing, where the rules make
    him keep count) is left out of them, as the seat's own screen leaves it out
    (:func:`~interpreter.play.seatfacts.points_line`); where no side's is told, the label is
    ``tricks`` and the words say why: ``you 1, opponent 1 (keep count yourself: tricks lie
    face down)``.  A side whose count leaves out cards the seat cannot see (a widow another
    seat took: :attr:`~interpreter.play.analysis.Seen.face_down_side`) is its count and a
    ``?``, with why: ``seat 2 0 + ? (2 cards laid away face down)`` -- a plain 0 read as the
    true count."""
    assert r.seen is not None
    mine = rs.side_of(r.seat)
    order = [mine] + [x for x in range(rs.side_count) if x != mine]
    points = ", ".join(f"{side(rs, r.seat, x)} {_count(r, rs, x)}" for x in order if r.seen.points[x] is not None)
    tricks = ", ".join(f"{side(rs, r.seat, x)} {r.seen.tricks[x]}" for x in order)
    if not points:
        return "tricks", f"{tricks} ({KEEP_COUNT})"
    return "points", f"{points}; tricks: {tricks}"


def _count(r: MoveReport, rs: Ruleset, index: int) -> str:
    """The points of match side ``index`` as the seat knows them (see :func:`points_words`)."""
    assert r.seen is not None
    counted = r.seen.points[index]
    if index != r.seen.face_down_side:
        return str(counted)
    return f"{counted} + ? ({face_down_words(r.seen.face_down, rs)})"


def basis_words(r: MoveReport, rs: Ruleset) -> str:
    """What the values rest on, as it is (see docs/cli.md, ``rules analyse``): the decision's
    own basis, then, for an action that keeps the turn and is worth the next decision's best
    value, that value's own -- exact or estimated as that decision's search found it, which
    need not be the same as the others' (``; close: the next decision's best value (the turn
    kept), exact over the 56 hands the opponent can still hold, each counted once``)."""
    words = own = _basis_phrase(r.exact, r.worlds, r.iterations, rs)
    later: dict[tuple[bool, int | None, int, int], list[str]] = {}
    for action in r.values:
        basis = r.basis_of(action)
        if basis.ahead:
            later.setdefault((basis.exact, basis.worlds, basis.iterations, basis.ahead), []).append(action)
    for (exact, worlds, iterations, ahead), actions in later.items():
        whose = "the next decision's best value" if ahead == 1 else f"the best value {ahead} decisions on"
        named = ", ".join(action_words(rs, a) for a in actions)
        phrase = _basis_phrase(exact, worlds, iterations, rs)
        words += f"; {named}: {whose} (the turn kept), " + ("found the same way" if phrase == own else phrase)
    return words


def _basis_phrase(exact: bool, worlds: int | None, iterations: int, rs: Ruleset) -> str:
    """One basis in words: ``exact over the 4 hands ...``, ``the mean of N hands drawn ...``
    or ``estimated by N searches ...``."""
    others = "the opponent" if rs.players.count == 2 else "the others"
    if worlds is not None:
        if worlds == 1:
            return f"exact over the only hand {others} can hold"
        return f"exact over the {worlds} hands {others} can still hold, each counted once"
    if exact:
        return f"the mean of {iterations} hands drawn from those {others} may hold, solved exactly, each counted by how well it fits the play"
    return f"estimated by {iterations:,} searches over the hands {others} may hold"


def contract_words(r: MoveReport, rs: Ruleset) -> str | None:
    """``opponent, 2 (66 points)``: who declared and the contract, once the auction is over
    (what every seat heard); ``None`` before it and in a game without one."""
    if r.seen is None or r.seen.declarer is None:
        return None
    bid = r.seen.bid or 0
    what = bid_words(rs, bid) if bid else "the plain game (everybody passed)"
    return f"{who(rs, r.seat, r.seen.declarer)}, {what}"


def line_words(r: MoveReport, rs: Ruleset) -> str:
    """``you KS, opponent AS, opponent TH, you AH``: the best line, a card without ``play``."""
    return ", ".join(f"{who(rs, r.seat, s)} {action_words(rs, a).removeprefix('play ')}" for s, a in r.line)


def who(rs: Ruleset, me: int, seat: int) -> str:
    """A seat from the analysed seat's side of the table: you, partner, opponent or seat N."""
    if seat == me:
        return "you"
    mine = rs.side_of(me)
    if rs.side_of(seat) == mine:
        return "partner" if len(rs.sides[mine]) == 2 else f"seat {seat}"
    others = [s for s in range(rs.players.count) if rs.side_of(s) != mine]
    return "opponent" if len(others) == 1 else f"seat {seat}"


def side(rs: Ruleset, me: int, index: int) -> str:
    """A match side from the analysed seat's: you (your team), opponent(s), or its seats."""
    seats = rs.sides[index]
    if index == rs.side_of(me):
        return "you" if len(seats) == 1 else "your team"
    if rs.side_count == 2:
        return "opponent" if len(seats) == 1 else "opponents"
    return "seat " + " & ".join(map(str, seats))
