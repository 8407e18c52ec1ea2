"""What one ruleset changes against another, key by key, in words.

:func:`diff_rulesets` compares the merged, defaulted mappings (``Ruleset.data``) of two
rulesets in the order of the schema's sections and keys, and returns one :class:`Change`
per rule that differs, each with a human label and a one-line sentence::

    >>> from interpreter import load_ruleset
    >>> [c.text for c in diff_rulesets(load_ruleset("north-american-4"), load_ruleset("house/south-bend"))]
    ['Name: North American Sixty-Six (four players, partnerships) → North American Sixty-Six, South Bend (game to 15)', 'Match target: 10 → 15 points']

Where the words come from -- one place per option, as far as the schema allows:

* The label of a key is the schema's: its ``title``, else the opening clause of its
  description when that is a short name ("Who leads to the first trick: dealer_left = ..."
  gives ``Who leads to the first trick``; see :mod:`interpreter.text.schemawords`); a key
  with neither is named by its path (:func:`path_words`).  A new option therefore needs no
  entry here: a ``title`` in the schema (or a description that opens with a short name).
* A value is in words from :data:`WORDS` where a diff line wants its own sentence (units,
  "nine of trumps", the team table), else from the schema's ``value = meaning`` clauses
  (:func:`meanings`), else ``yes``/``no`` for a flag and the value as written for the rest.
* ``tests/describe/test_every_key.py`` changes every key of the schema and fails when this
  module reports no change for it, names it only by its path, or shows an enum value raw.

Conventions:

* ``name``, ``title`` and ``description`` give at most one ``Name`` line (when the name or
  the title differs; the description is prose and is not compared); ``extends`` is ignored.
* The deck is grouped: one ``Cards`` line when the suits or ranks differ, one ``Card points``
  line when a rank both packs share is worth a different number of points (or a new rank
  is worth any).
* A key that has no effect in one of the two rulesets is not compared (:func:`_relevant`,
  which reads :data:`interpreter.rules.relevance.INERT`): the members of a feature that is
  switched off (the exchange card when there is no exchange, the moon's members when there
  is no moon), the game-point keys of a units game and the units keys of a game-point game,
  the turn-up position without a turn-up, the team table without partnerships, how a winner
  is paid when there are only two sides, and so on.  The line that switches the feature on or
  off says what changed -- with the details that its members, inert on the other side, cannot
  say there: a named trump says when it is named and what a pass does, a talon switched off says
  where the widow goes, an auction switched on names its contracts.  What a house file sets
  without effect is not a change either: it is a warning of the loader (``Ruleset.warnings``),
  which ``rules diff`` prints after the changes.
* Two names of one rule are the same rule (``dealer.rotation`` alternate and clockwise),
  and a missing team table is compared as the seats it stands for (partners opposite).
* Keys the schema does not know (newer files) are compared after the known ones of their
  section and named by their path.

Used by ``interpreter.text.describe`` for the "Differences from ..." section of a house ruleset's
rulebook.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from interpreter.core.cards import RANK_NAMES, SUIT_NAMES
from interpreter.core.printable import printable
from interpreter.rules.migrations import CHANGES, MigrationWarning, Removed
from interpreter.rules.relevance import is_relevant
from interpreter.rules.yamlsource import format_path
from interpreter.text.schemadoc import yaml_flow
from interpreter.text.schemawords import meanings, path_words, schema_label, schema_leaves, schema_props

if TYPE_CHECKING:
    from interpreter.core.errors import RulesError
    from interpreter.rules.ruleset import Ruleset

__all__ = ["Change", "diff_rulesets", "inert_settings", "changes_to_json", "label", "value_words", "WORDS"]

Data = dict[str, Any]  # a ruleset's merged, defaulted mapping
Words = Callable[[Any, "Ruleset"], Any]  # a value in words (see WORDS)

ARROW = "→"


@dataclass(frozen=True)
class Change:
    """One rule that differs: ``path`` is the schema key (``exchange.rank``), ``label`` its
    human name, ``old``/``new`` the two values (plain data) and ``text`` the change in words."""

    path: str
    label: str
    old: Any
    new: Any
    text: str
    #: False for a key the house file sets that has no effect (:func:`inert_settings`).
    effect: bool = True


# --------------------------------------------------------------------------- value words
def rank_name(rank: Any) -> str:
    """``9`` or ``"9"`` -> ``nine``; ``T`` -> ``ten``."""
    return RANK_NAMES.get(str(rank), str(rank))


def plural(count: int, word: str, words: str | None = None) -> str:
    return f"{count} {word if count == 1 else (words or word + 's')}"


def seats_words(seats: Sequence[int]) -> str:
    """``(0, 2)`` -> ``seats 0 and 2``; ``(1,)`` -> ``seat 1``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def teams_words(teams: Sequence[Sequence[int]]) -> str:
    """The match sides in words: ``seats 0 and 2 against seats 1 and 3`` (more than two: ``seats 0
    and 1; seat 2; seat 3``)."""
    return (" against " if len(teams) == 2 else "; ").join(seats_words(team) for team in teams)


def _enum(words: dict[Any, str]) -> Words:
    """Words for some values; the others take the schema's own (see :func:`meanings`)."""
    return lambda v, rs: words.get(v)


def _num(unit: str) -> Callable[[Any, Ruleset], tuple[str, str]]:
    """A number with its unit, which "old → new unit" may share."""
    return lambda v, rs: (str(v), unit if v == 1 else unit + "s")


_ALLOWED = _enum({True: "allowed", False: "not allowed"})


def _formula(v: Any, rs: Ruleset) -> str:
    return printable(str(v))  # an expression is shown as written, on one line (a tab or line break as its escape)


def _sides(v: Any, rs: Ruleset) -> str | None:
    if v == "partnership":
        if rs.players.teams is None:
            return "two partnerships, partners opposite"
        return f"partnerships, {teams_words(rs.sides)}"
    return {
        "individual": "each for himself",
        "bidder_vs_rest": "the high bidder alone against the rest",
        "forehand_vs_rest": "the forehand alone against the rest",
    }.get(v)


def _target_unit(v: Any, rs: Ruleset) -> tuple[str, str]:
    return _num("game point" if rs.scoring.method == "game_points" else "point")(v, rs)


def _widow(v: Any, rs: Ruleset) -> str | None:
    if v is None:
        return "none"
    if v.get("to") == "first_trick_winner_tricks":
        return "to the winner of the first trick, counted with his tricks"
    if v.get("to") == "declarer_hand":
        return "into the declarer's hand, who lays as many cards away"
    if v.get("to") == "first_trick_winner_hand":
        return "into the hand of the first trick's winner, who lays as many cards away"
    return None


def _talon(v: Any, rs: Ruleset) -> str:
    """The talon switched on or off; off, what becomes of the undealt cards (``deal.widow``,
    inert beside a talon, so its own line cannot say it)."""
    if v:
        return "the undealt cards form a talon"
    widow = rs.deal.widow
    if widow is None:
        return "none"
    return f"none; the undealt cards form a widow that goes {_widow(_plain_widow(widow.to), rs)}"


def _plain_widow(to: str) -> dict[str, Any]:
    return {"to": to}


def _contracts(v: Any) -> str:
    """The contracts of an auction by name, bid and game points, with who may announce each and
    its own duties of play, a card its announcer must hold and its own card order where it has them:
    ``Schnapser (bid 2, 6, forehand_side, head beat_winner)``, ``Zehnerloch (bid 5, 10, ranks T K Q J A)``."""
    items = sorted(v or [], key=lambda c: c.get("bid", 0))
    out = []
    for c in items:
        extra = [str(c["eligible"])] if c.get("eligible", "any") != "any" else []
        extra += [f"holding {c['holding']}"] if c.get("holding") is not None else []
        extra += ["ranks " + " ".join(map(str, c["ranks"]))] if c.get("ranks") is not None else []
        extra += [f"{k} {'yes' if x is True else 'no' if x is False else x}" for k, x in (c.get("play") or {}).items()]
        out.append(f"{str(c.get('name', '?')).capitalize()} (bid {c.get('bid')}, {c.get('value')}{''.join(', ' + e for e in extra)})")
    return ", ".join(out)


def _auction(v: Any, rs: Ruleset) -> str:
    """An auction switched on: of contracts (named), else of bids in units."""
    if not v:
        return "none"
    contracts = _contracts(_plain_contracts(rs))
    if contracts:
        kind = "an open auction" if rs.bidding.rounds == "until_passes" else "an auction"
        return f"{kind} of contracts: {contracts}"
    return "yes"


def _plain_contracts(rs: Ruleset) -> list[dict[str, Any]]:
    return [{"name": c.name, "bid": c.bid, "value": c.value} for c in rs.bidding.contracts]


def _moon(v: Any, rs: Ruleset) -> str:
    if v is None:
        return "none"
    parts = [f"bid {v.get('bid')}"]
    parts.append("the declarer's partner sits out" if v.get("partner_sits_out") else "nobody sits out")
    if v.get("requirement") == "all_tricks":
        parts.append("every trick to win")
    elif v.get("requirement") == "points":
        parts.append(f"{v.get('points')} points to take")
    if v.get("trump") == "none":
        parts.append("no trump")
    return ", ".join(parts)


def _rotation(v: Any, rs: Ruleset) -> str | None:
    if v in ("alternate", "clockwise"):  # two names of one rule (see _SAME)
        return "the deal alternates" if rs.players.count == 2 else "the deal passes to the left"
    return {"winner_deals": "the winner of the deal", "loser_deals": "the loser of the deal"}.get(v)


def _turn_up_after(v: Any, rs: Ruleset) -> str:
    return "before the first packet" if v == 0 else f"after {plural(v, 'packet')}"


_IF_PASSED = {
    "turn_next": "the first card of his next packet is turned up for trump",
    "partner": "his partner must name trump",
    "must_name": "not allowed: he must name trump",
}


def _selection(v: Any, rs: Ruleset) -> str | None:
    """How trump is fixed; for a named trump also when and what a pass does, which its own keys
    (inert until trump is named) cannot say in a diff from a ruleset that names no trump."""
    if v == "named":
        tr = rs.trump
        passing = {
            "turn_next": "; if he passes, the first card of his next packet is turned up for trump",
            "partner": ", or if he passes by his partner",
            "must_name": ", without a pass",
        }.get(tr.if_passed, "")
        return f"named by the forehand {_name_after(tr.name_after_packet, rs)}{passing}"
    return {
        "turn_up": "the suit of the turned-up card",
        "first_card_led": "the suit of the first card led",
        "dealer_card": "the suit of the dealer's last card, shown to everybody",
    }.get(v)


def _name_after(v: Any, rs: Ruleset) -> str:
    """When the forehand names trump (``trump.name_after_packet``), counted in packets."""
    if v == 0:
        return "before any card is dealt"
    whole = " (the whole hand)" if v >= len(rs.deal.packets) else ""
    return f"after {plural(v, 'packet')}{whole}"


#: Values in words where the schema's ``value = meaning`` clauses (see :func:`meanings`) are
#: not what a diff line wants.  A formatter returns the value in words, or (value, unit) when
#: a unit may be factored out of "old → new unit".
WORDS: dict[str, Callable[[Any, Ruleset], Any]] = {
    "players.sides": _sides,
    "players.teams": lambda v, rs: teams_words(rs.sides),
    "deal.hand_size": _num("card"),
    "deal.packets": lambda v, rs: " + ".join(str(p) for p in v),
    "deal.dealer_sits_out": _enum({True: "yes: he gets no cards", False: "no"}),
    "deal.first_receiver": _enum({
        "dealer_left": "the player to the dealer's left",
        "dealer_partner": "the dealer's partner, the dealer last",
    }),
    "deal.talon": lambda v, rs: _talon(v, rs),
    "deal.widow": _widow,
    "deal.widow.to": _enum({
        "first_trick_winner_tricks": "to the winner of the first trick, counted with his tricks",
        "declarer_hand": "into the declarer's hand, who lays as many cards away",
        "first_trick_winner_hand": "into the hand of the first trick's winner, who lays as many cards away",
    }),
    "trump.selection": _selection,
    "trump.turn_up_after_packet": _turn_up_after,
    "trump.name_after_packet": _name_after,
    "trump.if_passed": _enum(_IF_PASSED),
    "exchange.enabled": _ALLOWED,
    "exchange.rank": lambda v, rs: f"{rank_name(v)} of trumps",
    "exchange.min_talon_size": _num("card"),
    "exchange.before_first_trick": _ALLOWED,
    "marriage.enabled": _enum({True: "scored", False: "none"}),
    "marriage.ranks": lambda v, rs: f"{rank_name(v[0])} and {rank_name(v[1])}",
    "marriage.values.plain": _num("point"),
    "marriage.values.trump": _num("point"),
    "marriage.first_lead": _enum({"allowed": "allowed", "forbidden": "not allowed"}),
    "marriage.counts_after": _enum({
        "own_trick": "once the player has won a trick",
        "team_trick": "once his side has won a trick",
        "own_next_trick": "once the player wins a trick after announcing it",
        "immediately": "at once",
    }),
    "marriage.who": _enum({"leader": "the leader only", "leader_and_partner": "the leader, and his partner during the trick"}),
    # the rank by name (the king), as the rulebook's Marriages section says it, not the schema's key
    "marriage.lead_card": lambda v, rs: "either card" if v == "either" else f"the {rank_name(rs.marriage.ranks[0])} only",
    "marriage.after_exhaustion": _ALLOWED,
    "marriage.after_close": _ALLOWED,
    "marriage.on_closing_lead": _enum({True: "counts", False: "does not count"}),
    "marriage.must_announce": _enum({True: "by the player", False: "by leading their card"}),
    "closing.enabled": _ALLOWED,
    "closing.timing": _enum({"after_draw": "only after the draw", "before_or_after_draw": "before or after the draw"}),
    "closing.min_talon_size": _num("card"),
    "closing.before_first_trick": _ALLOWED,
    "closing.success_basis": _enum({
        "at_end": "the opponent's final points and tricks",
        "at_close": "the opponent's points and tricks when the talon was closed",
    }),
    "closing.fail_points.base": _num("game point"),
    "closing.fail_points.no_trick": _num("game point"),
    "closing.opponent_out": _enum({
        "as_fail": "scores as for a failed close",
        "base": "scores the base points of a failed close",
    }),
    "play.first_lead": _enum({"declarer": "the declarer"}),
    "play.strict_from": _enum({"exhaustion_or_close": "once the talon is exhausted or closed", "always": "from the first trick"}),
    "play.head": _enum({
        "none": "no",
        "beat_led": "beat the card led",
        "beat_winner": "beat the winning card",
        "beat_highest_led": "beat the highest card of the suit led",
    }),
    "play.overtrump": _enum({"required": "required", "not_required": "not required"}),
    "play.undertrump": _enum({"required_if_cannot_overtrump": "required", "free": "not required"}),
    "claim.enabled": _ALLOWED,
    "claim.target": _num("point"),
    "claim.after_marriage": _ALLOWED,
    "claim.after_last_trick": _enum({"auto": "counts as declaring", "none": "does not count as declaring"}),
    "claim.false_points.base": _num("game point"),
    "claim.false_points.opponent_without_trick": _num("game point"),
    "end.unclaimed": _enum({"higher_total": "the higher total", "last_trick_wins": "the winner of the last trick"}),
    "end.last_trick_bonus": _num("point"),
    "end.last_trick_points": _num("game point"),
    "end.tie": _enum({
        "no_score": "a drawn deal",
        "next_deal_bonus": "a drawn deal, one game point more for the next deal's winner",
    }),
    "scoring.method": _enum({"game_points": "game points for the winner of a deal", "units": "units of card points for every side"}),
    "scoring.game_points": _formula,
    "scoring.opponent_points": _enum({"tricks_and_counted_marriages": "tricks and marriages that count", "tricks_only": "tricks only"}),
    "scoring.losers": _enum({"together": "once, by the losers together", "each_pays": "by each loser"}),
    "scoring.unit": _num("card point"),
    "scoring.made": _formula,
    "scoring.set": _formula,
    "scoring.defenders": _formula,
    "scoring.moon_made": _formula,
    "scoring.moon_set": _formula,
    "bidding.enabled": lambda v, rs: _auction(v, rs),
    "bidding.rounds": _enum({
        "single": "one round: each player speaks once",
        "until_passes": "round and round until all but the highest bidder have passed",
    }),
    "bidding.contracts": lambda v, rs: _contracts(v) or "none",
    "bidding.values": lambda v, rs: ", ".join(str(x) for x in v),
    "bidding.all_pass": _enum({
        "redeal": "the cards are thrown in",
        "dealer_must_bid": "the dealer must bid",
        "play": "the deal is played, the forehand as the declarer",
    }),
    "bidding.moon": _moon,
    "bidding.moon.requirement": lambda v, rs: (
        "every trick" if v == "all_tricks" else f"at least {rs.bidding.moon.points if rs.bidding.moon else '?'} points"
    ),
    "bidding.moon.points": _num("point"),
    "bidding.moon.trump": _enum({"first_lead": "the suit of the first card led, as in any hand", "none": "none: no trump"}),
    "dealer.first": lambda v, rs: f"seat {v}",
    "dealer.rotation": _rotation,
    "match.target": _target_unit,
    "match.count": _enum({"up": "counting up from 0 to the target", "down": "counting down from the target to 0"}),
    "match.negative": _enum({"allowed": "allowed", "floor_zero": "never below 0"}),
    "match.shutout": _enum({
        "none": "one Bummerl like any other",
        "double": "two Bummerl for a loser on 0",
        "retour": "two Bummerl for a loser on 0, four for a loser that stood one point short against 0",
    }),
    "bidding.doubling": lambda v, rs: "none" if not v else (
        "the defenders may double (x2), the declarer redouble (x4)" if v.get("redouble") else "the defenders may double (x2)"),
    "bidding.doubling.redouble": lambda v, rs: "yes (x4)" if v else "no",
    "match.bummerl": _enum({"every_loser": "every side but the winner", "last_place": "the side with the lowest score"}),
    "scoring.trump_ten": _num("game point"),
    "info.review_own_tricks": _enum({
        "none": "not allowed",
        "last_trick": "the last trick only",
        "all": "all tricks won by one's own side",
    }),
}

#: Keys that are never compared one by one (the header keys and the deck, which is grouped).
_SKIPPED = {"name", "title", "description", "extends", "deck"}


# --------------------------------------------------------------------------- labels
@lru_cache(maxsize=None)
def _nodes() -> dict[str, dict[str, Any]]:
    from interpreter.rules.loader import load_schema

    return dict(schema_leaves(load_schema()))


def label(path: str) -> str:
    """The label of the key at ``path`` in a diff line: the schema's words
    (:func:`~interpreter.text.schemawords.schema_label`), else the path in words."""
    return schema_label(_nodes().get(path, {})) or path_words(path)


# --------------------------------------------------------------------------- relevance
def _relevant(path: str, d: Data) -> bool:
    """Whether the key at ``path`` has any effect in the ruleset with data ``d``
    (:data:`interpreter.rules.relevance.INERT`, the one table of options without effect)."""
    return is_relevant(path, d)


# --------------------------------------------------------------------------- normalising
def _plain(value: Any) -> Any:
    """Data as JSON-ready plain values: ranks as strings, tuples as lists."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


#: Values that are two names of one rule: compared as the same, shown as written.
_SAME = {"dealer.rotation": {"alternate": "clockwise"}}


def _normal(path: str, value: Any, rs: Ruleset) -> Any:
    if path == "players.teams":  # no table means partners opposite: compare the seats themselves
        return _plain(rs.sides)
    if path == "exchange.rank" and value is not None:
        return str(value)
    if path == "marriage.ranks" and isinstance(value, (list, tuple)):
        return [str(r) for r in value]
    if path == "bidding.values" and isinstance(value, (list, tuple)):
        return sorted(value)
    return _plain(value)


def value_words(path: str, value: Any, rs: Ruleset) -> tuple[str, str]:
    """A value in words and its unit: :data:`WORDS`, else a mapping member by member
    (:func:`_members_words`), else the schema's ``value = meaning`` words, else yes/no for a
    flag and the value as written for the rest."""
    out = WORDS[path](value, rs) if path in WORDS else None
    if out is None and isinstance(value, dict):
        out = _members_words(path, value, rs)
    if out is None:
        words = meanings(_nodes().get(path, {}))
        if isinstance(value, list):  # a list is not a key of the meanings (nor hashable)
            out = yaml_flow(value)
        elif value in words:
            out = words[value]
        elif isinstance(value, bool):
            out = "yes" if value else "no"
        else:
            out = yaml_flow(value)
    return out if isinstance(out, tuple) else (out, "")


def _members_words(path: str, value: Data, rs: Ruleset) -> str:
    """A mapping in words, each member by its label and its value in words, ``; `` between
    them (a label may hold a comma): ``failed close 3 game points; failed close, opponent
    without a trick 4 game points``.  A whole section of options is named in one line where a
    house file sets it and it has no effect (:func:`inert_settings`: ``closing.fail_points``
    with closing off), and the line must say what it sets, member by member as a change does."""
    order = {leaf: i for i, leaf in enumerate(_nodes())}  # the schema's order, whatever the file's
    parts = []
    for key in sorted(value, key=lambda k: order.get(f"{path}.{k}", len(order))):
        child = f"{path}.{key}"
        words, unit = value_words(child, value[key], rs)
        parts.append(f"{_lower_first(label(child))} {words}" + (f" {unit}" if unit else ""))
    return "; ".join(parts)


def _lower_first(text: str) -> str:
    """A label inside a sentence: its first letter in lower case, unless the word is all
    capitals (an abbreviation)."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def _change(path: str, old: Any, new: Any, a: Ruleset, b: Ruleset) -> Change:
    name = label(path)
    old_w, old_u = value_words(path, old, a)
    new_w, new_u = value_words(path, new, b)
    if old_u == new_u or not old_u or not new_u:
        unit = new_u or old_u
        text = f"{name}: {old_w} {ARROW} {new_w}" + (f" {unit}" if unit else "")
    else:
        text = f"{name}: {old_w} {old_u} {ARROW} {new_w} {new_u}"
    return Change(path, name, old, new, text)


# --------------------------------------------------------------------------- the walk
def _walk(path: str, sub: Data | None, root: Data, a: Ruleset, b: Ruleset, va: Any, vb: Any, out: list[Change]) -> None:
    """Compare the values at ``path``; recurse into mappings that both rulesets have."""
    props = schema_props(sub, root)
    if isinstance(va, dict) and isinstance(vb, dict) and (props or path not in WORDS):
        keys = [k for k in props if k in va or k in vb]
        keys += sorted((set(va) | set(vb)) - set(props), key=str)
        for key in keys:
            child = f"{path}.{key}" if path else str(key)
            if child in _SKIPPED:
                continue
            _walk(child, props.get(key), root, a, b, va.get(key), vb.get(key), out)
        return
    if path and not (_relevant(path, a.data) and _relevant(path, b.data)):
        return
    old, new = _normal(path, va, a), _normal(path, vb, b)
    same = _SAME.get(path, {})
    if old != new and (not same or same.get(old, old) != same.get(new, new)):
        out.append(_change(path, old, new, a, b))


def _deck_changes(a: Data, b: Data) -> list[Change]:
    da, db = a["deck"], b["deck"]
    ra, rb = [str(r) for r in da["ranks"]], [str(r) for r in db["ranks"]]
    sa, sb = list(da["suits"]), list(db["suits"])
    out: list[Change] = []
    if ra != rb or sa != sb:
        def cards(suits: list[str], ranks: list[str]) -> str:
            text = " ".join(ranks)
            if sa != sb:
                text += " in " + ", ".join(SUIT_NAMES.get(s, s) for s in suits)
            return f"{len(suits) * len(ranks)} ({text})"

        out.append(Change(
            "deck", "Cards", {"suits": sa, "ranks": ra}, {"suits": sb, "ranks": rb},
            f"Cards: {cards(sa, ra)} {ARROW} {cards(sb, rb)}",
        ))
    pa = {str(k): v for k, v in da["points"].items()}
    pb = {str(k): v for k, v in db["points"].items()}
    shared = [r for r in rb if r in ra]
    added = [r for r in rb if r not in ra]
    if any(pa.get(r) != pb.get(r) for r in shared) or any(pb.get(r) for r in added):
        old = {r: pa.get(r) for r in ra}
        new = {r: pb.get(r) for r in rb}

        def table(p: dict[str, Any]) -> str:
            return ", ".join(f"{r} {v}" for r, v in p.items())

        out.append(Change("deck.points", "Card points", old, new, f"Card points: {table(old)} {ARROW} {table(new)}"))
    return out


def diff_rulesets(a: Ruleset, b: Ruleset) -> list[Change]:
    """The rules in which ``b`` differs from ``a``, in the schema's order of sections and keys."""
    from interpreter.rules.loader import load_schema

    root = load_schema()
    da, db = a.data, b.data
    out: list[Change] = []
    if a.name != b.name or a.title != b.title:
        old = a.title if a.title != b.title else a.name
        new = b.title if a.title != b.title else b.name
        out.append(Change("name", "Name", old, new, f"Name: {old} {ARROW} {new}"))
    props = root.get("properties", {})
    sections = [k for k in props if k in da or k in db]
    sections += sorted((set(da) | set(db)) - set(props), key=str)
    for section in sections:
        if section == "deck":
            out.extend(_deck_changes(da, db))
            continue
        if section in _SKIPPED:
            continue
        _walk(section, props.get(section), root, a, b, da.get(section), db.get(section), out)
    return out


def inert_settings(base: Ruleset, rs: Ruleset) -> list[Change]:
    """The keys house file ``rs`` sets that have no effect (its :attr:`~Ruleset.warnings`), as
    changes against ``base`` with ``effect=False``: ``Game points formula: 3 (no effect:
    scoring.method is units)``.

    Only the keys its own file writes (:func:`_inert_here`): a base's old key is the base's to
    mend, and was shown on the house file's diff as if the house file set it."""
    out: list[Change] = []
    for warning in rs.warnings:
        if not _inert_here(warning, rs):
            continue
        path = warning.path or ""
        new, old = _at(rs.data, path), _at(base.data, path)
        if isinstance(warning, MigrationWarning):
            new = _as_written(path, rs)
        name = label(path)
        words, unit = value_words(path, _normal(path, new, rs), rs)
        reason = getattr(warning, "reason", "") or warning.message
        text = f"{name}: {words}{' ' + unit if unit else ''} (no effect: {reason})"
        out.append(Change(path, name, _plain(old), _plain(new), text, effect=False))
    return out


def _inert_here(warning: RulesError, rs: Ruleset) -> bool:
    """Whether ``warning`` is about a key without effect that ``rs``'s own file writes.

    A key without effect is one the loader's relevance check names (its ``reason``) or one of
    an earlier version it no longer reads (a :class:`MigrationWarning`).  The loader's other
    warnings are about keys that do take effect -- a bundled ruleset's name (the name is
    this ruleset's name all the same), a missing name (the Name line says what it is read as),
    an empty key that removes the base's value (the diff shows what it removed), no bid that
    can be made -- and calling them "no effect" would be false; ``rules validate`` says them."""
    from interpreter.rules.loader import MissingNameWarning

    if isinstance(warning, MissingNameWarning):
        return False
    if not isinstance(warning, MigrationWarning) and not getattr(warning, "reason", ""):
        return False
    own = rs.shown or (str(rs.source) if rs.source is not None else None)
    return own is not None and warning.file == own


def _as_written(path: str, rs: Ruleset) -> Any:
    """The value of a key of an earlier version at ``path``, as the file writes it: the loader
    took the key out of the data (a removed key held the one value the table names) or moved
    it to its new name (a renamed key), so ``rs.data`` has nothing at ``path``."""
    for change in CHANGES:
        if format_path(change.path) == path:
            return change.value if isinstance(change, Removed) else _at(rs.data, format_path(change.new_path))
    return None


def _at(data: Any, path: str) -> Any:
    for key in path.split("."):
        data = data.get(key) if isinstance(data, dict) else None
    return data


def changes_to_json(changes: list[Change]) -> list[dict[str, Any]]:
    """The changes as JSON-ready mappings (path, label, old, new, text, effect)."""
    return [
        {"path": c.path, "label": c.label, "old": _plain(c.old), "new": _plain(c.new), "text": c.text, "effect": c.effect}
        for c in changes
    ]
