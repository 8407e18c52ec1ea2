"""``rules run --matches M``: many whole matches between bots, and how many each side won.

Match ``k`` (counting from 0) is played from the seed ``S + k``, its bots seeded from that
seed as in a single ``rules run``, so ``rules run RULESET --seed S+k`` replays any one of them
with its log, and the same ``--seed`` gives the same tally.  The tally goes to stdout (one
JSON object with ``--json``), the progress bar to stderr.  Ctrl-C (or SIGTERM, SIGHUP) prints
the tally of the matches finished so far, marked interrupted, and exits 130 (128 + signal);
an error in play (a seat's bot that fails) prints it too, then the error, and exits 2.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import typer

from cli.errors import error_line, fail
from cli.output import say, warn
from cli.progress import progress_bar
from cli.stopping import Stopped, cut_short, ignore_stops, stop_signals
from interpreter.core.errors import BotError, RulesError
from interpreter.core.printable import json_text
from interpreter.core.seeds import bot_seed
from interpreter.engine.match import MATCH_DEAL_LIMIT
from interpreter.play.bots import make_agent
from interpreter.play.runner import DealStarted, Event, play_match
from interpreter.rules.ruleset import Ruleset

#: A match that nobody has won in this many deals is a broken ruleset (as for one match).
MAX_DEALS = MATCH_DEAL_LIMIT  # as rules run: nobody winning in this many deals is a broken ruleset


@dataclass
class Tally:
    """What the matches played so far came to: matches won per side, unfinished ones, deals."""

    rs: Ruleset
    seed: int
    kinds: list[str]
    matches: int
    won: list[int]
    unfinished: int = 0
    deals: int = 0
    results: list[dict[str, Any]] = field(default_factory=list)
    interrupted: bool = False
    #: why the matches ended early, as the last line says it (``interrupted``, ``stopped by an error``)
    cut: str = "interrupted"
    #: the error that ended the matches early, in the line stderr gives it (``None`` after a stop)
    error: str | None = None
    #: per side, the lost matches (Bummerl) counted against it (Match.bummerl: a Schneider is 2)
    bummerl: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.bummerl:
            self.bummerl = [0] * len(self.won)

    @property
    def played(self) -> int:
        return len(self.results)

    def add(self, seed: int, winner: int | None, scores: list[int], deals: int, bummerl: tuple[int, ...] = ()) -> None:
        if winner is None:
            self.unfinished += 1
        else:
            self.won[winner] += 1
        self.deals += deals
        for side, n in enumerate(bummerl):
            self.bummerl[side] += n
        self.results.append({"seed": seed, "winner": winner, "match_scores": scores, "deals": deals, "bummerl": list(bummerl)})

    def as_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.rs.name,
            "seed": self.seed,
            "players": self.kinds,
            "matches": self.played,
            "won": self.won,
            "bummerl": self.bummerl,
            "unfinished": self.unfinished,
            "deals": self.deals,
            "interrupted": self.interrupted,
            "error": self.error,
            "results": self.results,
        }

    def lines(self) -> list[str]:
        """The text tally: matches won per side (with its seats' kinds), then the totals."""
        rs = self.rs
        label = "team" if rs.partnership else "seat"
        rows = []
        for side, seats in enumerate(rs.sides):
            where = f" (seats {' & '.join(map(str, seats))})" if rs.partnership else ""
            rows.append((f"{label} {side}{where}: {', '.join(self.kinds[s] for s in seats)}", self.won[side]))
        if self.unfinished:
            rows.append(("unfinished (--deals)", self.unfinished))
        played = self.played
        width = max(len(name) for name, _ in rows)
        digits = len(str(played))
        out = ["matches won"]
        out += [f"  {name:<{width}}  {count:>{digits}}  {100 * count / max(played, 1):5.1f}%" for name, count in rows]
        m = rs.match
        if m.shutout != "none" or m.bummerl == "last_place":  # lost matches are counted as players count them
            out.append("Bummerl (lost matches; a Schneider counts 2, a Retourschneider 4): "
                       + ", ".join(f"{label} {side} {n}" for side, n in enumerate(self.bummerl)))
        per = f" ({self.deals / played:.1f} per match)" if played else ""
        more = f" ({self.cut})" if self.interrupted else ""
        out.append(f"{played:,} match{'es' if played != 1 else ''}{more}, {self.deals:,} deal{'s' if self.deals != 1 else ''}{per}")
        return out


def play_matches(rs: Ruleset, kinds: list[str], seed: int, matches: int, deals: int | None, *, as_json: bool) -> None:
    """Play ``matches`` matches from ``seed``, ``seed + 1``, ...; print the tally; exit like ``rules run``."""
    tally = Tally(rs, seed, kinds, matches, [0] * rs.side_count)
    limit = deals if deals is not None else MAX_DEALS
    if not as_json:
        seeds = f"seed {seed}" if matches == 1 else f"seeds {seed} to {seed + matches - 1}"
        say(f"{rs.title} -- {matches:,} match{'es' if matches != 1 else ''} to {rs.match.target}, {seeds}, players: " + ", ".join(f"{i} {k}" for i, k in enumerate(kinds)))
    status = 0
    failed: RulesError | None = None
    k = s = 0
    deal = [0]  # the number in its match of the deal in play

    def follow(event: Event) -> None:
        if isinstance(event, DealStarted):
            deal[0] = event.number

    try:
        with stop_signals(), progress_bar(matches, rs.title, unit="matches") as advance:
            for k in range(matches):
                s = seed + k
                deal[0] = 0
                agents = [make_agent(kind, rs, bot_seed(s, seat)) for seat, kind in enumerate(kinds)]
                match = play_match(rs, agents, seed=s, max_deals=limit, observer=follow)
                if deals is None and match.winner is None:
                    ignore_stops()
                    warn(
                        f"error: nobody won match {k + 1} (seed {s}) in {MAX_DEALS} deals; check the ruleset's scoring "
                        "and target (rules validate --deep shows the score distribution)",
                    )
                    raise typer.Exit(2)
                tally.add(s, match.winner, list(match.scores), len(match.results), match.bummerl)
                advance(k + 1)
            ignore_stops()
    except RulesError as exc:  # a seat's bot that failed (BotError), a scoring expression that divides by zero
        ignore_stops()
        if isinstance(exc, BotError):
            exc.placed(match=k + 1)  # its deal is the deal's number in the match: "match 3, deal 1"
        where = f"match {k + 1} (seed {s})" + (f", deal {deal[0]}" if deal[0] else "")
        if not tally.played:
            warn(f"the run stopped on an error in {where}, before any match finished")
            raise fail(exc) from None
        failed, tally.interrupted, tally.cut = exc, True, "stopped by an error"  # what finished is told, as for a stop
        tally.error = error_line(exc)
    except Stopped as stop:
        tally.interrupted, tally.cut, status = True, cut_short(stop), stop.exit_status
    except KeyboardInterrupt:
        tally.interrupted, status = True, 130
    if as_json:
        say(json_text(tally.as_json(), ensure_ascii=True))
    else:
        for line in tally.lines():
            say(line)
    if failed is not None:
        warn(f"the run stopped on an error in {where}: the tally is of the {tally.played:,} of {matches:,} matches that finished")
        raise fail(failed)
    if tally.interrupted:
        warn(f"{tally.cut} after {tally.played:,} of {matches:,} matches")
    if status:
        raise typer.Exit(status)
