"""Move-by-move analysis of a played game: what the search thinks of every decision.

For each decision of the seats analysed, the position is searched from that seat's view only
-- what the player could know when he chose -- with the same information-set search the
``search`` seat kind plays with (:func:`interpreter.search.ismcts.ismcts`; exact solving once
few worlds remain).  The value of the move played is set against the best one, in deal-score
units (game points, or units): the expected score of the player's side minus the others'.
A decision the record leaves out is analysed too: where the rules offered a seat an
optional step and it went on (``continue``: drawing rather than closing before the draw or
declaring, not going out after its marriage, keeping its card when asked to exchange at a
close -- docs/notation.md), that is a choice among two or more, reported with the number of
the recorded move that follows it and ``continue`` as the move played.
Forced moves (one legal action) are skipped, and so is the naming of trump from the first
cards dealt, which the search makes as the heuristic does without valuing the other suits
(no hidden deal is drawn before trump is named): a value there would be none.  The loss of a move is graded against the largest
score a deal can give, so the grades mean the same in game points and in units.

**What a value rests on, said honestly.**  Where no card is left to draw whose order is
unknown (the talon closed, down to its last face-down card, or gone) and the hands the others
can hold are few (at most :data:`EXACT_WORLDS`) or cheap enough to solve every one of them
within the budget (:data:`EXACT_NODES_PER_ITERATION` solver positions per iteration: a closed
Schnapsen endgame's 495 hands take some 37,000), every one of them is solved exactly, each
counted once, and the value is the mean over them -- *exact over the N hands the opponent can
still hold*, which is not the value of the deal as it really lay: the player did not know
which of the N it was.  Elsewhere the value is the tree search's estimate from ``iterations``
searches, with its standard error; a loss within :data:`NOISE_ERRORS` of them is not graded.  Where the position is solved, the report also gives the best
line *with the cards as they lay*: the best move, then both sides' best play with every card
open (what would have happened against perfect play, known only after the deal).

**The position as the seat saw it** (:class:`Seen`) is taken from the seat's view only: its
hand, the cards on the table, the trump, the turn-up, the talon, each side's tricks and the
points its view gives them (what a seat that keeps count has counted: a command showing a
deal still in play leaves them out where the seat's screen would), whether the decision was a call of the auction, and once the auction is over the
contract every seat heard (who won it, and the bid).

**Each value its own basis** (:class:`Basis`): a move after which the seat decides again
knowing nothing new is worth the next decision's best value, which rests on what that
decision's search found -- solved where the move (a close) leaves nothing to draw, though the
decision's own values are estimates -- so a report says per action what its value rests on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from interpreter.core.actions import CONTINUE, DECLARE, Action, Continue
from interpreter.core.errors import ExpressionError
from interpreter.engine.position import NAMING
from interpreter.engine.state import AUCTION, DealState
from interpreter.engine.views import SeatView
from interpreter.play.record import Record, apply_recorded, implicit_step, take_implicit_steps
from interpreter.play.seatfacts import face_down
from interpreter.play.bots.search_bot import SEARCH_OPTIONS
from interpreter.search.ismcts import ismcts, scale_of
from interpreter.search.pimc import line_margins
from interpreter.search.sampling import WorldSampler
from interpreter.search.solver import Solver

__all__ = [
    "ANALYSIS_OPTIONS", "EXACT_NODES_PER_ITERATION", "EXACT_WORLDS", "GRADE_VISITS", "NOISE_ERRORS", "Basis", "MoveReport", "Seen",
    "analyse_decision", "analyse_move", "analyse_record", "iter_analysis", "noise_of", "verdict",
]

#: At most this many hands left for the others: each is solved exactly whatever the budget
#: (see the module docstring).
EXACT_WORLDS = 24

#: Solver positions allowed per world (and per step of a best line): a bound on the time a
#: solved position may take; a world that needs more leaves the decision to the tree search.
NODES_PER_WORLD = 200_000

#: Solver positions the exact step may spend per iteration of the budget (``iterations``)
#: where more than :data:`EXACT_WORLDS` hands are left: about what an iteration of the tree
#: search costs at its dearest (0.4 ms, early in a Schnapsen deal, against some 4 µs a
#: position of a closed endgame), so that solving every hand takes no longer than the search
#: it replaces would at most.  Where the hands would need more (foreseen from those solved so
#: far), the tree search values the decision instead.
EXACT_NODES_PER_ITERATION = 100

#: A loss the tree search estimated is graded only where it exceeds this many standard errors
#: of the difference of the two estimates (the played move's and the best one's, each from
#: the spread of its own searches: :attr:`~interpreter.search.ismcts.SearchResult.errors`);
#: within them the sample cannot tell the two moves apart, and the decision is ``uncertain``.
NOISE_ERRORS = 2.0

#: Values closer than this are equal (half the last place of the JSON's four decimals): of
#: equal values, the move played is the best one.
TIE = 5e-5

#: The search of every decision: the search bot's (:data:`~interpreter.play.bots.search_bot.SEARCH_OPTIONS`:
#: greedy rollouts, the bias toward the greedy move, the opponents modelled as playing it)
#: but for what would change the meaning of a value.  ``win_weight`` 0: a value stays the
#: expected margin in game points or units, without a bonus for winning at all; no
#: ``stop_early``: every legal move is searched to the budget, not only until the bot's move is
#: settled; the exact stage up to :data:`EXACT_WORLDS` worlds, whose values are exact ones
#: over the hands; ``margins``: its values in the tree's meaning (see :func:`~interpreter.search.solver.margin`).
ANALYSIS_OPTIONS: Mapping[str, Any] = MappingProxyType(
    {**SEARCH_OPTIONS, "win_weight": 0.0, "stop_early": False, "exact_worlds": EXACT_WORLDS, "margins": True},
)

#: A move valued by the tree search on fewer searches than this is not graded: its estimate
#: is too rough to say it lost (a move the bias leaves aside may be tried a handful of times,
#: and one unlucky rollout then decides its mean).  The move played and the best one must both
#: have at least so many, and the loss must lie beyond the estimates' noise
#: (:data:`NOISE_ERRORS`); a decision whose loss would be graded but misses either is reported
#: ``uncertain`` instead.
GRADE_VISITS = 30

#: How many moves in a row that keep the turn (the exchange, then closing) are valued by the
#: next decision's best move (see :func:`_values`).
KEPT_TURNS = 3

#: Grades of a loss, as a share of the largest deal score (a third of it: a blunder).
GRADES = ((1 / 3, "blunder"), (1 / 6, "mistake"), (1 / 15, "inaccuracy"))


@dataclass(frozen=True, slots=True)
class Seen:
    """The position as the seat saw it when it chose (from its view only).

    Cards are written in the notation (``KH``); ``trick`` is the cards on the table with the
    seat that played each; ``points`` and ``tricks`` are per match side (card points of
    tricks, counted marriages and bonuses), as the seat's view has them -- what a seat that
    keeps count in its head has counted; where they may not be told
    (:meth:`~interpreter.play.secrecy.Secret.told_points`: the deal a person is still
    playing, whose screen does not count for him) a side's ``points`` are ``None``, its
    tricks taken, in front of everybody, are still told; ``talon`` counts the
    stock and the turn-up still to be drawn (0 in a game without one: ``has_talon``);
    ``auction`` says the decision was a call of the auction, where nobody leads yet;
    ``discard`` that it was laying a card away (the declarer's, after taking the widow);
    ``trumpless`` that the deal is played without trumps (a contract such as the Bettler), where
    ``trump`` is ``None`` for good and not yet to be fixed.  ``declarer`` and ``bid``: the
    contract, once the auction is over in a game with one (the seat that won it -- or declares
    the plain game where everybody passed -- and the winning bid, 0 for none): every seat heard
    the auction, so it is part of what the seat knew when it chose; ``None`` before and
    without an auction.  ``face_down_side``: the match side whose ``points`` leave out
    ``face_down`` cards counted for it that the seat cannot see -- a widow taken by another
    seat, laid away or among the taker's tricks, face down (Dreierschnapsen's soloist's 5):
    what the seat knows of that side is its count plus an unknown amount; ``None`` where every
    count is whole.
    """

    hand: tuple[str, ...]
    trick: tuple[tuple[int, str], ...]
    trump: str | None
    turn_up: str | None
    talon: int
    closed: bool
    points: tuple[int | None, ...]
    tricks: tuple[int, ...]
    auction: bool = False
    has_talon: bool = True
    discard: bool = False
    trumpless: bool = False
    declarer: int | None = None
    bid: int | None = None
    face_down_side: int | None = None
    face_down: int = 0


@dataclass(frozen=True, slots=True)
class Basis:
    """What one value rests on: ``exact`` with ``worlds`` N -- every one of the N hands the
    others could still hold solved; ``exact`` without ``worlds`` -- ``iterations`` hands drawn
    and solved; otherwise the tree search's estimate from ``iterations`` searches.  ``ahead``:
    0 for a value found at the decision itself, else how many moves that keep the turn lie
    between it and the decision whose best value it is (1: the next decision's value).
    A decision's values need not all rest on the same thing: the move that keeps the turn is
    worth the next decision's best value, found as that decision is (solved where its position
    can be, estimated where not), while the others are valued at the decision itself."""

    exact: bool
    worlds: int | None
    iterations: int
    ahead: int = 0


@dataclass(frozen=True, slots=True)
class MoveReport:
    """One analysed decision: ``deal`` and ``move`` count from 1 (``move`` among the deal's
    recorded moves); values are the side's expected margin in deal-score units.

    ``exact`` with ``worlds`` N: every one of the N hands the others could still hold was
    solved and the values are their mean; otherwise the values are the tree search's
    estimates from ``iterations`` searches (``worlds`` is ``None``).  ``line`` is the best
    line with the cards as they lay (``(seat, action)`` pairs from the best move on), where
    the position was solved; ``seen`` is the position as the seat saw it.  ``visits``: per
    action valued by the tree search, the searches its value rests on (an action valued
    exactly is not in it), and ``errors`` the standard error of that value
    (:attr:`~interpreter.search.ismcts.SearchResult.errors`); ``uncertain``: the loss would be
    graded, but the move played or the best one was searched fewer than :data:`GRADE_VISITS`
    times, or the loss is within :data:`NOISE_ERRORS` standard errors (:func:`noise_of`), so
    ``grade`` is empty.  Of moves of equal value (within :data:`TIE`) the move played is
    ``best``.  ``exact``, ``worlds`` and ``iterations`` are what the values found at the
    decision itself rest on; ``bases`` gives each action's own (:class:`Basis`,
    :meth:`basis_of`), which differs where the action keeps the turn and is worth the next
    decision's best value.
    """

    deal: int
    move: int
    seat: int
    played: str
    played_value: float
    best: str
    best_value: float
    loss: float
    grade: str
    exact: bool
    values: dict[str, float]
    seen: Seen | None = None
    worlds: int | None = None
    iterations: int = 0
    line: tuple[tuple[int, str], ...] = ()
    visits: dict[str, int] = field(default_factory=dict)
    uncertain: bool = False
    errors: dict[str, float] = field(default_factory=dict)
    bases: dict[str, Basis] = field(default_factory=dict)

    def basis_of(self, action: str) -> Basis:
        """What the value of ``action`` rests on: its own basis, or the decision's where none
        is given (a value found at the decision itself)."""
        return self.bases.get(action) or Basis(self.exact, self.worlds, self.iterations)


def noise_of(errors: Mapping[str, float], played: str, best: str) -> float:
    """The largest loss of ``played`` against ``best`` that their estimates cannot tell from
    none: :data:`NOISE_ERRORS` standard errors of the difference of the two values (0 where
    both are exact)."""
    a, b = errors.get(played, 0.0), errors.get(best, 0.0)
    return float(NOISE_ERRORS * (a * a + b * b) ** 0.5)


def verdict(loss: float, scale: float) -> str:
    """The grade of a loss (``""`` for none worth naming)."""
    for share, name in GRADES:
        if loss >= share * scale - 1e-9:
            return name
    return ""


def analyse_record(
    record: Record,
    *,
    seats: Iterable[int] | None = None,
    iterations: int = 3000,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    deals: Iterable[int] | None = None,
) -> list[MoveReport]:
    """Analyse every decision of ``seats`` (all seats by default) in the ``deals`` of
    ``record`` (every deal by default; see :func:`iter_analysis`)."""
    return list(iter_analysis(record, seats=seats, iterations=iterations, seed=seed, progress=progress, deals=deals))


def iter_analysis(
    record: Record,
    *,
    seats: Iterable[int] | None = None,
    iterations: int = 3000,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    deals: Iterable[int] | None = None,
) -> Iterator[MoveReport]:
    """The analysed decisions one by one, as they are found (an interrupted analysis keeps
    what it found).  Reproducible: the search of each decision is seeded from ``seed`` and its
    place in the game, so a deal analysed alone (``deals``: the deals to analyse, counted from 1
    as :attr:`MoveReport.deal` counts them; every deal by default) gets the reports it gets in
    the whole record's analysis -- each deal starts from its own recorded state, and the deals
    left out are not replayed.  ``progress(done, total)`` is called after each recorded move of
    the deals analysed."""
    rs = record.ruleset
    wanted = set(range(rs.players.count) if seats is None else seats)
    chosen = set(range(1, len(record.deals) + 1) if deals is None else deals)
    total = sum(len(d.moves) for k, d in enumerate(record.deals, 1) if k in chosen)
    done = 0
    for k, deal in enumerate(record.deals):
        if k + 1 not in chosen:
            continue
        state = deal.state.copy()
        for i, move in enumerate(deal.moves):
            if state.is_over:
                break
            yield from analyse_move(state, move, k, i, wanted, iterations, seed)
            apply_recorded(state, move)
            done += 1
            if progress is not None:
                progress(done, total)


def analyse_move(
    state: DealState, move: Action, deal: int, index: int, wanted: set[int], iterations: int, seed: int,
) -> list[MoveReport]:
    """The reports of recorded move ``index`` (from 0) of deal ``deal`` (from 0), made from
    ``state`` (before the move): first those of the optional steps the record leaves out
    before it (each a ``continue`` where the seat had a choice: :func:`analyse_decision` with
    :class:`~interpreter.core.actions.Continue`), then the move's own."""
    probe = state.copy()
    reports: list[MoveReport] = []
    while implicit_step(probe, move):
        report = analyse_decision(probe, Continue(), deal, index, wanted, iterations, seed)
        if report is not None:
            reports.append(report)
        probe.push_code(CONTINUE, keep_undo=False)
    report = analyse_decision(probe, move, deal, index, wanted, iterations, seed)
    if report is not None:
        reports.append(report)
    return reports


def analyse_decision(
    state: DealState, move: Action, deal: int, index: int, wanted: set[int], iterations: int, seed: int,
) -> MoveReport | None:
    """The report of recorded move ``index`` (from 0) of deal ``deal`` (from 0), made from
    ``state`` (before the move, the steps the record leaves out taken first), or ``None``
    where it is no decision of a seat in ``wanted`` (another seat's, a forced move, or a move
    that is not legal there).  ``move`` :class:`~interpreter.core.actions.Continue`: the
    optional step ``state`` offers, which the seat declined before move ``index`` (no step is
    taken first) -- seeded apart from the recorded move, by the seat that declined, so that
    the recorded move's figures are the same whether or not the step is analysed.  Seeded as
    :func:`iter_analysis` seeds it, so a review that analyses one move gives its report."""
    rs = state.rs
    probe = state.copy()
    declined = isinstance(move, Continue)
    if not declined:
        take_implicit_steps(probe, move)
    seat = probe.actor
    if seat is None or seat not in wanted:
        return None
    codes = probe.legal_codes()
    played = rs.code(move)
    if played is None or played not in codes or len(codes) < 2:
        return None
    tag = f"continue {seat}" if declined else ""
    found = _values(probe, seat, iterations, (seed, deal, index), KEPT_TURNS, tag)
    if found is None:  # trump named from the first cards: chosen, not valued
        return None
    values, visits, errors = found.values, found.visits, found.errors
    if played not in values or not values:
        return None
    best = max(values, key=lambda c: values[c])
    if values[best] - values[played] < TIE:  # of equal values, the move played
        best = played
    loss = max(0.0, values[best] - values[played]) if best != played else 0.0
    grade = verdict(loss, scale_of(rs)) if best != played else ""
    few = [c for c in (played, best) if visits.get(c, GRADE_VISITS) < GRADE_VISITS]
    named = {str(rs.action_of[c]): e for c, e in errors.items()}
    noisy = loss <= noise_of(named, str(move), str(rs.action_of[best]))
    uncertain = bool(grade) and (bool(few) or noisy)
    side = rs.side_of(seat)
    return MoveReport(
        deal=deal + 1, move=index + 1, seat=seat, played=str(move), played_value=values[played],
        best=str(rs.action_of[best]), best_value=values[best], loss=loss,
        grade="" if uncertain else grade, exact=found.exact,
        values={str(rs.action_of[c]): v for c, v in sorted(values.items(), key=lambda cv: -cv[1])},
        seen=seen_by(probe.view(seat)), worlds=found.worlds, iterations=found.iterations,
        line=best_line(probe, best, side) if found.worlds is not None else (),
        visits={str(rs.action_of[c]): n for c, n in visits.items()}, uncertain=uncertain, errors=named,
        bases={str(rs.action_of[c]): found.basis_of(c) for c in sorted(values, key=lambda c: -values[c])},
    )


@dataclass(frozen=True, slots=True)
class _Found:
    """The values of a position's legal codes and what they rest on: ``visits`` holds the
    searches of each code valued by the tree search (none for a code valued exactly),
    ``errors`` the standard errors of those values, and ``bases`` what the value of a code
    worth a later decision's best rests on (the others rest on ``exact``, ``worlds`` and
    ``iterations``)."""

    values: dict[int, float]
    visits: dict[int, int]
    exact: bool
    worlds: int | None
    iterations: int
    errors: dict[int, float] = field(default_factory=dict)
    bases: dict[int, Basis] = field(default_factory=dict)

    def basis_of(self, code: int) -> Basis:
        """What the value of ``code`` rests on (see :class:`Basis`)."""
        return self.bases.get(code) or Basis(self.exact, self.worlds, self.iterations)


def _values(
    probe: DealState, seat: int, iterations: int, key: tuple[int, int, int], depth: int, tag: str = "",
) -> _Found | None:
    """The value of every legal code of ``seat`` (the actor of ``probe``, the real position)
    searched or solved from its view only, seeded by ``key`` (seed, deal, move) and ``tag``
    (a step the record leaves out before the move: ``continue 0``); ``None`` where
    nothing is valued (trump named from the first cards).  A code after which the seat acts
    again knowing nothing new is valued by the best code of that next decision, analysed as it
    would be (seeded as the next move), where some of the codes keep the turn and some do not
    (:func:`_keeps_turn`), up to ``depth`` such steps."""
    view = probe.view(seat)
    rng = random.Random("{}/{}/{}".format(*key) + (f"/{tag}" if tag else ""))
    side = view.rs.side_of(seat)
    solved = _solve_every_world(view, side, iterations * EXACT_NODES_PER_ITERATION)
    if solved is not None:
        values, worlds = solved
        found = _Found(values, {}, True, worlds, 0)
    else:
        result = ismcts(view, rng, iterations=iterations, **ANALYSIS_OPTIONS)
        if not result.exact and not result.iterations:
            return None
        visits = {} if result.exact else {c: result.visits.get(c, 0) for c in result.values}
        errors = {} if result.exact else {c: e for c, e in result.errors.items() if c in result.values}
        found = _Found(dict(result.values), visits, result.exact, None, result.iterations, errors)
    if depth <= 0:
        return found
    after: dict[int, DealState] = {}
    for code in list(found.values):
        nxt = probe.copy()
        try:
            nxt.push_code(code)
        except ExpressionError:  # a move to an ending the rules cannot score: nothing follows it
            continue
        if _keeps_turn(view, nxt, seat):
            after[code] = nxt
    if not after or len(after) == len(found.values):  # none, or all alike: each is compared on the same footing
        return found
    seed, deal, index = key
    for code, nxt in after.items():
        then = _values(nxt, seat, iterations, (seed, deal, index + 1), depth - 1)
        if then is None or not then.values:
            continue
        best = max(then.values, key=lambda c: then.values[c])
        found.values[code] = then.values[best]
        if best in then.visits:
            found.visits[code] = then.visits[best]
        else:
            found.visits.pop(code, None)
        if best in then.errors:
            found.errors[code] = then.errors[best]
        else:
            found.errors.pop(code, None)
        deeper = then.basis_of(best)  # the value is that decision's: so is what it rests on
        found.bases[code] = replace(deeper, ahead=deeper.ahead + 1)
    return found


def _keeps_turn(before: SeatView, after: DealState, seat: int) -> bool:
    """Whether ``seat`` decides again in ``after`` (its position after one of its codes) among
    two or more codes, knowing nothing it did not know in ``before``: no round of drawing came
    between, and every card in its hand and face up was in its hand, face up or in its widow."""
    if after.actor != seat or len(after.legal_codes()) < 2:
        return False
    view = after.view(seat)
    deck = before.rs.deck
    known = before.hand_mask | before.widow_mask
    if before.turn_up is not None:
        known |= 1 << deck.index(before.turn_up)
    shown = view.hand_mask | (1 << deck.index(view.turn_up) if view.turn_up is not None else 0)
    return view.draws == before.draws and not shown & ~known


def seen_by(view: SeatView) -> Seen:
    """The position as ``view``'s seat saw it (see :class:`Seen`)."""
    turn_up = view.turn_up
    deck, trump = view.rs.deck, view.trump
    heard = view.rs.bidding.enabled and view.public.phase != AUCTION  # the auction over: its contract is public
    declarer = view.declarer if heard else None
    return Seen(  # the hand trumps first, then suit by suit in the deck's order, each strongest first
        hand=tuple(str(c) for c in sorted(view.hand, key=lambda c: (c.suit != trump, deck.suits.index(c.suit), deck.index(c)))),
        trick=tuple((s, str(c)) for s, c in view.trick),
        trump=view.trump, turn_up=str(turn_up) if turn_up is not None else None,
        talon=view.talon_size, closed=view.closed,
        points=tuple(view.card_points), tricks=tuple(view.tricks_won),
        auction=view.public.phase == AUCTION, has_talon=view.rs.deal.talon,
        discard=view.public.to_discard > 0,
        trumpless=trump is None and view.public.phase != AUCTION and not view.public.lead_trump,
        declarer=declarer, bid=view.high_bid if declarer is not None else None,
        **_face_down(view),
    )


def _face_down(view: SeatView) -> dict[str, Any]:
    """The side whose count leaves out cards the seat cannot see, as :class:`Seen`'s fields
    (:func:`~interpreter.play.seatfacts.face_down`, the rule the table follows too)."""
    hidden = face_down(view)
    if hidden is None:
        return {}
    return {"face_down_side": hidden[0], "face_down": hidden[1]}


def _solve_every_world(view: SeatView, side: int, budget: int) -> tuple[dict[int, float], int] | None:
    """Every hand the others can hold solved exactly, and per legal code the mean value over
    them (each counted once), with their number -- where the order of the stock still to be
    drawn makes no difference (the talon closed, down to its last face-down card, or none)
    and either at most :data:`EXACT_WORLDS` hands are left or solving them all fits in
    ``budget`` solver positions.  ``None`` otherwise: the hands would take more (foreseen from
    the mean of those solved so far, so that a position too large is given up after its first
    hands), one hand is too large to solve (:data:`NODES_PER_WORLD`), or one holds an ending
    the rules cannot score (a house formula dividing by zero there: it has no value, and the
    tree search, which avoids such endings, values the decision)."""
    if view.talon_size - (view.turn_up is not None) > 1 and not view.closed:
        return None  # the order of the stock still to be drawn unknown: cards will come from it
    if view.public.phase == NAMING:  # trump named from the first cards: no deal of the rest is drawn
        return None
    sampler = WorldSampler(view)
    count = int(sampler.count)
    limited = count > EXACT_WORLDS
    if not count or limited and count * len(view.legal_codes) > budget:  # each code costs a position at least
        return None
    totals: dict[int, float] = {}
    several = view.rs.side_count > 2
    used = solved = 0
    try:  # one block for all the hands: free while nothing is raised
        for world in sampler.worlds():
            state = world.state
            solver = Solver(side)
            values: dict[int, float] = {}
            limit = min(NODES_PER_WORLD, budget - used) if limited else NODES_PER_WORLD
            solutions = solver.move_values(state, node_limit=max(1, limit))
            used += sum(solution.nodes for solution in solutions.values())
            for code, solution in solutions.items():
                if not solution.exact or solution.value is None:
                    return None
                values[code] = solution.value
            if several:  # the solver's value is the side's score minus the others' together: measure its lines
                measured = line_margins(solver, state, values, side, NODES_PER_WORLD)
                if measured is None:
                    return None
                values = measured
            for code, value in values.items():
                totals[code] = totals.get(code, 0.0) + value
            solved += 1
            if limited and used * count > budget * solved:  # the mean so far, times every hand, beyond the budget
                return None
    except ExpressionError:  # an ending the rules cannot score in one hand: not every hand has a value
        return None
    if solved != count:
        return None
    return {code: total / count for code, total in totals.items()}, count


def best_line(state: DealState, first: int, side: int) -> tuple[tuple[int, str], ...]:
    """The best line with the cards as they lay in ``state`` (the real deal): ``first`` by the
    actor, then every seat's best play with all cards open, to the end of the deal, as
    ``(seat, action)`` pairs (the implicit steps -- declining to go out, the draw -- left out).
    Empty when a step cannot be solved within :data:`NODES_PER_WORLD` positions, or needs an
    ending the rules cannot score.  Of moves of
    equal value the solver may name a false declaration (a lost deal is lost whether it is
    declared now or played out); the line then plays on (:func:`_play_on`), as the search bot
    never declares falsely -- a line that ends ``you declare`` at 53 points would read as
    advice.  The values are not touched: only which of the equal moves the line shows."""
    try:  # one block for the line: free while nothing is raised
        return _line(state.copy(), first, Solver(side))
    except ExpressionError:  # the line needs an ending the rules cannot score: no line to show
        return ()


def _line(work: DealState, first: int, solver: Solver) -> tuple[tuple[int, str], ...]:
    """:func:`best_line` from ``work`` (a copy it plays on), raising where an ending the
    rules cannot score is met."""
    rs = work.rs
    line: list[tuple[int, str]] = []
    code: int | None = first
    while code is not None:
        actor = work.actor
        assert actor is not None
        if code != CONTINUE:
            line.append((actor, str(rs.action_of[code])))
        work.push_code(code)
        if work.is_over:
            break
        solution = solver.solve(work, node_limit=NODES_PER_WORLD)
        if not solution.exact:
            return ()
        code = solution.best
        if code == DECLARE and work.claim_points() < work.t.claim_target:
            code = _play_on(solver, work, code)
    return tuple(line)


def _play_on(solver: Solver, state: DealState, declare: int) -> int:
    """Of the actor's moves worth as much as the false declaration ``declare`` (within
    :data:`TIE`), the first one that plays on; ``declare`` itself where none is (or where the
    values cannot all be solved)."""
    values = solver.move_values(state, node_limit=NODES_PER_WORLD)
    mine = values.get(declare)
    if mine is None or not mine.exact or mine.value is None:
        return declare
    for code, solution in values.items():
        if code != declare and solution.exact and solution.value is not None and abs(solution.value - mine.value) < TIE:
            return code
    return declare
