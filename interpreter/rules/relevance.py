"""Which options have no effect, given the others -- one table, read by every part that asks.

An option can be well formed and still change nothing: the exchange card of a game without an
exchange, the game-points formula of a game scored in units, the marriages after closing of a
game without closing.  :data:`INERT` says when each such option is inert and why, in terms of
the ruleset's *other* options only (never a variant's name), and :func:`inert_reason` reads it.
Its readers:

* :func:`house_warnings` -- ``rules validate`` warns about an option a house file sets that has
  no effect ("no effect here: ..."), exit 0, or 2 with ``--strict``;
* :func:`interpreter.text.diff.diff_rulesets` compares only options that have an effect in both
  rulesets (the line that switches a feature on or off says what changed);
* :func:`interpreter.text.skeleton.skeleton` (``rules new``) suggests only options that have an
  effect in its base.

A complete ruleset may state options that do not arise (the bundled ones do, so that each reads
as a whole rule sheet, with a comment where a rule never arises); a house file says only what it
changes, so there a change that changes nothing is a mistake worth a warning.

To add a rule: one :class:`Inert` entry -- the keys, when they are inert, and the reason, which
names the option that decides.  ``tests/rules/test_relevance.py`` checks the table against the
engine's behaviour for each entry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from interpreter.core.errors import RulesError

__all__ = ["INERT", "Inert", "RulesetWarning", "house_warnings", "inert_reason", "is_relevant"]

Data = dict[str, Any]  # a ruleset's merged, defaulted mapping

#: Sections switched on and off by their ``enabled`` key: every other member is inert when off.
SWITCHED = ("exchange", "marriage", "closing", "claim", "bidding")


class RulesetWarning(RulesError):
    """A located remark about a ruleset that is valid but probably not what was meant
    (never raised: :attr:`Ruleset.warnings <interpreter.rules.ruleset.Ruleset.warnings>` holds them).
    ``reason`` is why the key has no effect, without the location."""

    reason: str = ""


@dataclass(frozen=True)
class Inert:
    """Keys that have no effect when ``when(data)`` holds, and why (``because(data)``).

    A key ``x.*`` stands for every member of ``x`` at any depth (not ``x`` itself), but for a
    switch ``x.enabled``; any other key also covers its own members (``deal.widow`` covers
    ``deal.widow.to``).
    """

    keys: tuple[str, ...]
    when: Callable[[Data], bool]
    because: Callable[[Data], str]
    unless: tuple[str, ...] = ()  # members the keys leave out (with their own members)

    def covers(self, path: str) -> bool:
        if any(path == key or path.startswith(key + ".") for key in self.unless):
            return False
        for key in self.keys:
            if key.endswith(".*"):
                parent = key[:-2]
                if path.startswith(parent + ".") and path != f"{parent}.enabled":
                    return True
            elif path == key or path.startswith(key + "."):
                return True
        return False


def _said(text: str) -> Callable[[Data], str]:
    return lambda d: text


def _game_points(d: Data) -> bool:
    return bool(d["scoring"]["method"] == "game_points")


def _deal_sides(d: Data) -> int:
    """How many sides pool tricks in one deal (a lone bidder against the rest makes two)."""
    players = d["players"]
    if players["sides"] == "partnership":
        return len(players["teams"]) if players.get("teams") else 2
    return 2 if players["sides"] in ("bidder_vs_rest", "forehand_vs_rest") else int(players["count"])


def _same_fail_points(d: Data) -> bool:
    fp = d["closing"]["fail_points"]
    return bool(fp["base"] == fp["no_trick"])


def _switched_off(section: str) -> Inert:
    # doubling needs no auction where the forehand plays alone against the rest (elsewhere
    # doubling without an auction is an error: rules.loader)
    unless = ("bidding.doubling",) if section == "bidding" else ()
    return Inert((f"{section}.*",), lambda d: not d[section]["enabled"], _said(f"{section}.enabled is false"), unless)


#: When an option has no effect, in the order the reasons are looked up (the first that holds
#: is given).  Each reason names the option that decides.
INERT: tuple[Inert, ...] = (
    *(_switched_off(section) for section in SWITCHED),
    Inert(("players.teams",), lambda d: d["players"]["sides"] != "partnership",
          lambda d: f"players.sides is {d['players']['sides']}, and only partnerships have teams"),
    Inert(("deal.widow",), lambda d: bool(d["deal"]["talon"]),
          _said("deal.talon is true, so the undealt cards form a talon, not a widow")),
    Inert(("trump.turn_up_after_packet",), lambda d: d["trump"]["selection"] != "turn_up",
          lambda d: f"trump.selection is {d['trump']['selection']}, so no card is turned up for a talon"),
    Inert(("trump.name_after_packet", "trump.if_passed"), lambda d: d["trump"]["selection"] != "named",
          lambda d: f"trump.selection is {d['trump']['selection']}, so nobody names trump"),
    Inert(("bidding.moon.trump",), lambda d: d["trump"]["selection"] != "first_card_led",
          lambda d: f"trump.selection is {d['trump']['selection']}, so trump is never fixed by the moon's first lead"),
    Inert(("marriage.who",), lambda d: d["players"]["sides"] == "individual",
          _said("players.sides is individual, so the leader has no partner")),
    Inert(("exchange.on_opponent_close",), lambda d: not d["closing"]["enabled"],
          _said("closing.enabled is false, so nobody closes the talon")),
    Inert(("exchange.before_first_trick",), lambda d: bool(d["exchange"]["requires_trick_won"]),
          _said("exchange.requires_trick_won is true, and nobody has won a trick before the first")),
    Inert(("marriage.after_exhaustion",), lambda d: not d["deal"]["talon"],
          _said("deal.talon is false, so there is no talon to be exhausted")),
    Inert(("marriage.after_close", "marriage.on_closing_lead"), lambda d: not d["closing"]["enabled"],
          _said("closing.enabled is false, so the talon is never closed")),
    Inert(("marriage.on_closing_lead",), lambda d: bool(d["marriage"]["after_close"]),
          _said("marriage.after_close is true, so marriages are allowed after closing anyway")),
    Inert(("claim.after_marriage", "scoring.opponent_points"), lambda d: not d["marriage"]["enabled"],
          _said("marriage.enabled is false, so there are no marriages")),
    Inert(("claim.false_points.*",), lambda d: bool(d["claim"]["automatic"]),
          _said("claim.automatic is true, so nobody declares and nobody can declare wrongly")),
    Inert(("closing.success_basis", "closing.opponent_out"), lambda d: not d["claim"]["enabled"],
          _said("claim.enabled is false, so nobody goes out and a close can only fail")),
    Inert(("closing.fail_points.basis", "closing.opponent_out"), _same_fail_points,
          _said("closing.fail_points has the same base and no_trick, so a trick makes no difference")),
    Inert(("play.strict_from",), lambda d: not d["deal"]["talon"],
          _said("deal.talon is false, so play is strict from the first trick")),
    Inert(("play.head",), lambda d: not d["play"]["follow"],
          _said("play.follow is false, so nobody must follow suit")),
    Inert(("play.overtrump", "play.undertrump"), lambda d: not d["play"]["trump_when_void"],
          _said("play.trump_when_void is false, so nobody must trump")),
    Inert(("play.overtrump", "play.undertrump"), lambda d: d["players"]["count"] <= 2,
          _said("players.count is 2, so a trick never holds a trump before the player who must trump")),
    Inert(("play.overtrump", "play.undertrump"), lambda d: d["players"]["count"] <= 3 and bool(d["deal"]["dealer_sits_out"]),
          _said("deal.dealer_sits_out is true with three players, so two play each trick and it never holds a "
                "trump before the player who must trump")),
    Inert(("scoring.game_points", "scoring.opponent_points", "scoring.losers", "end.unclaimed", "end.tie",
           "end.last_trick_points", "scoring.trump_ten"), lambda d: not _game_points(d),
          lambda d: f"scoring.method is {d['scoring']['method']}"),
    Inert(("scoring.unit", "scoring.made", "scoring.set", "scoring.defenders", "scoring.moon_made",
           "scoring.moon_set"), _game_points, _said("scoring.method is game_points")),
    Inert(("scoring.losers",), lambda d: _deal_sides(d) <= 2,
          _said("each deal is played by two sides, so there is one loser")),
    Inert(("scoring.moon_made", "scoring.moon_set"), lambda d: d["bidding"]["moon"] is None,
          _said("bidding.moon is null, so there is no moon")),
    Inert(("bidding.moon.points",), lambda d: d["bidding"]["moon"] is not None and d["bidding"]["moon"]["requirement"] != "points",
          lambda d: f"bidding.moon.requirement is {d['bidding']['moon']['requirement']}, so no points are counted for the moon"),
    Inert(("claim.false_after_close",), lambda d: not d["closing"]["enabled"] or not d["deal"]["talon"],
          _said("closing.enabled is false, so nobody declares after closing")),
    Inert(("claim.false_after_close",), lambda d: bool(d["claim"]["automatic"]),
          _said("claim.automatic is true, so nobody declares wrongly")),
    Inert(("match.bidder_goes_out",), lambda d: not d["bidding"]["enabled"],
          _said("bidding.enabled is false, so there is no bidder")),
    Inert(("end.tie",), lambda d: d["end"]["unclaimed"] != "higher_total",
          lambda d: f"end.unclaimed is {d['end']['unclaimed']}, so totals are never compared"),
    Inert(("end.last_trick_points",),
          lambda d: d["end"]["unclaimed"] != "last_trick_wins" and d["end"]["tie"] != "last_trick_wins",
          _said("neither end.unclaimed nor end.tie is last_trick_wins")),
)


def inert_reason(path: str, data: Data) -> str | None:
    """Why the option at ``path`` has no effect in the ruleset with merged, defaulted ``data``,
    or ``None`` when it has one."""
    for rule in INERT:
        if rule.covers(path) and rule.when(data):
            return rule.because(data)
    return None


def is_relevant(path: str, data: Data) -> bool:
    """Whether the option at ``path`` has any effect in the ruleset with data ``data``."""
    return inert_reason(path, data) is None


#: Keys of a file that are prose or bookkeeping, never rules.
_HEADER = frozenset({"name", "title", "description", "extends"})


def _written(data: Any, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every key path a file writes, parents before their members (a null removes, never sets)."""
    if not isinstance(data, dict):
        return
    for key, value in data.items():
        if not isinstance(key, str) or value is None or (not prefix and key in _HEADER):
            continue
        path = (*prefix, key)
        yield path
        if isinstance(value, dict) and path[:2] != ("deck", "points"):
            yield from _written(value, path)


def inert_paths(own: Any, data: Data) -> list[tuple[tuple[str, ...], str]]:
    """The keys a file writes (``own``, its own mapping) that have no effect in the ruleset
    ``data``, each with the reason; a key whose parent is inert is covered by the parent."""
    found: list[tuple[tuple[str, ...], str]] = []
    for path in _written(own):
        if any(path[: len(p)] == p for p, _ in found):
            continue
        reason = inert_reason(".".join(path), data)
        if reason is not None:
            found.append((path, reason))
    return found


#: What a warning about an inert key suggests.
LEAVE_OUT = "this key left out"


def house_warnings(own: Any, data: Data, error: Callable[[str, tuple[str, ...]], RulesError]) -> tuple[RulesError, ...]:
    """One warning per key a house file sets that has no effect (``has no effect: REASON``),
    located by ``error(message, path)``."""
    out = []
    for path, reason in inert_paths(own, data):
        warning = error(f"has no effect: {reason}", path)
        if isinstance(warning, RulesetWarning):
            warning.reason = reason
        out.append(warning)
    return tuple(out)
