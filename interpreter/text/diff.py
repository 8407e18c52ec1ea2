"""What one ruleset changes against another, key by key, in words.

:func:`diff_rulesets` compares the merged, defaulted mappings (``Ruleset.data``) of two
rulesets in the order of the schema's sections and keys, and returns one :class:`Change`
per rule that differs, each with a human label and a one-line sentence::

    >>> from interpreter import load_ruleset
    >>> [c.text for c in diff_rulesets(load_ruleset("north-american-4"), load_ruleset("house/south-bend"))]
    ['Name: North American Sixty-Six (four players, partnerships) → North American Sixty-Six, South Bend (game to 15)', 'Match target: 10 → 15 points']

Conventions:

* ``name``, ``title`` and ``description`` give at most one ``Name`` line (when the name or
  the title differs; the description is prose and is not compared); ``extends`` is ignored.
* The deck is grouped: one ``Cards`` line when the suits or ranks differ, one ``Card points``
  line when a rank both packs share is worth a different number of points (or a new rank
  is worth any).
* A key that has no effect in one of the two rulesets is not compared: the members of a
  feature that is switched off (the exchange card when there is no exchange, the moon's
  members when there is no moon), the game-point keys of a units game and the units keys
  of a game-point game, the turn-up position without a turn-up, and so on.  The line that
  switches the feature on or off says what changed.
* Keys the schema does not know (newer files) are compared after the known ones of their
  section and labelled by their path.

Used by ``interpreter.text.describe`` for the "Differences from ..." section of a house ruleset's
rulebook.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

Data = dict[str, Any]  # a ruleset's merged, defaulted mapping

from interpreter.core.cards import RANK_NAMES, SUIT_NAMES

if TYPE_CHECKING:
    from interpreter.rules.ruleset import Ruleset

__all__ = ["Change", "diff_rulesets", "changes_to_json"]

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


# --------------------------------------------------------------------------- value words
def rank_name(rank: Any) -> str:
    """``9`` or ``"9"`` -> ``nine``; ``T`` -> ``ten``."""
    return RANK_NAMES.get(str(rank), str(rank))


def plural(count: int, word: str, words: str | None = None) -> str:
    return f"{count} {word if count == 1 else (words or word + 's')}"


def _enum(words: dict[Any, str]) -> Callable[[Any, Data], str]:
    return lambda v, d: words.get(v, str(v))


def _num(unit: str = "", units: str | None = None) -> Callable[[Any, Data], tuple[str, str]]:
    def fmt(v: Any, d: Data) -> tuple[str, str]:
        if not unit:
            return str(v), ""
        return str(v), (unit if v == 1 else (units or unit + "s"))

    return fmt


def _flow(value: Any) -> str:
    """A value written as in a YAML flow mapping, for keys without words of their own."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return str(value)


_YES_NO = _enum({True: "yes", False: "no"})
_ALLOWED = _enum({True: "allowed", False: "not allowed"})


def _target_unit(v: Any, d: Data) -> tuple[str, str]:
    unit = "game point" if d["scoring"]["method"] == "game_points" else "point"
    return str(v), unit if v == 1 else unit + "s"


def _widow(v: Any, d: Data) -> str:
    if v is None:
        return "none"
    if v.get("to") == "first_trick_winner_tricks":
        return "to the winner of the first trick, counted with his tricks"
    return _flow(v)


def _moon(v: Any, d: Data) -> str:
    if v is None:
        return "none"
    parts = [f"bid {v.get('bid')}"]
    parts.append("the declarer's partner sits out" if v.get("partner_sits_out") else "nobody sits out")
    if v.get("requirement") == "all_tricks":
        parts.append("every trick to win")
    return ", ".join(parts)


def _turn_up_after(v: Any, d: Data) -> str:
    return "before the first packet" if v == 0 else f"after {plural(v, 'packet')}"


#: path -> (label, formatter).  A formatter returns the value in words, or (value, unit) when
#: a unit may be factored out of "old → new unit".
LEAVES: dict[str, tuple[str, Callable[[Any, Data], Any]]] = {
    "players.count": ("Players", _num()),
    "players.sides": ("Sides", _enum({"individual": "each for himself", "partnership": "two partnerships, partners opposite"})),
    "deal.hand_size": ("Hand size", _num("card")),
    "deal.packets": ("Packets", lambda v, d: " + ".join(str(p) for p in v)),
    "deal.first_receiver": ("First packet to", _enum({"dealer_left": "the player to the dealer's left"})),
    "deal.talon": ("Talon", _enum({True: "the undealt cards form a talon", False: "none"})),
    "deal.widow": ("Widow", _widow),
    "deal.widow.to": ("Widow goes", _enum({"first_trick_winner_tricks": "to the winner of the first trick, counted with his tricks"})),
    "trump.selection": ("Trump", _enum({"turn_up": "the suit of the turned-up card", "first_card_led": "the suit of the first card led"})),
    "trump.turn_up_after_packet": ("Trump card turned up", _turn_up_after),
    "exchange.enabled": ("Exchanging the trump card", _ALLOWED),
    "exchange.rank": ("Exchange card", lambda v, d: f"{rank_name(v)} of trumps"),
    "exchange.requires_trick_won": ("Exchanger must have won a trick", _YES_NO),
    "exchange.min_talon_size": ("Smallest talon for the exchange", _num("card")),
    "exchange.before_first_trick": ("Exchange before the first trick", _ALLOWED),
    "marriage.enabled": ("Marriages", _enum({True: "scored", False: "none"})),
    "marriage.values.plain": ("Marriage in a plain suit", _num("point")),
    "marriage.values.trump": ("Marriage in trumps", _num("point")),
    "marriage.first_lead": ("Marriage on the first lead", _enum({"allowed": "allowed", "forbidden": "not allowed"})),
    "marriage.counts_after": ("Marriages count", _enum({
        "own_trick": "once the player has won a trick",
        "team_trick": "once his side has won a trick",
        "immediately": "at once",
    })),
    "marriage.after_exhaustion": ("Marriages after the talon is exhausted", _ALLOWED),
    "marriage.after_close": ("Marriages after closing", _ALLOWED),
    "marriage.on_closing_lead": ("Marriage on the closing lead", _enum({True: "counts", False: "does not count"})),
    "closing.enabled": ("Closing the talon", _ALLOWED),
    "closing.timing": ("Closing", _enum({"after_draw": "only after the draw", "before_or_after_draw": "before or after the draw"})),
    "closing.min_talon_size": ("Smallest talon that may be closed", _num("card")),
    "closing.before_first_trick": ("Closing before the first trick", _ALLOWED),
    "closing.success_basis": ("Successful close scored on", _enum({
        "at_end": "the opponent's final points and tricks",
        "at_close": "the opponent's points and tricks when the talon was closed",
    })),
    "closing.fail_points.base": ("Failed close", _num("game point")),
    "closing.fail_points.no_trick": ("Failed close, opponent without a trick", _num("game point")),
    "closing.fail_points.basis": ("Failed close, opponent's tricks counted", _enum({
        "at_close": "when the talon was closed",
        "at_end": "at the end of the deal",
    })),
    "closing.opponent_out": ("Closer's opponent going out first", _enum({
        "as_fail": "scores as for a failed close",
        "base": "scores the base points of a failed close",
    })),
    "play.first_lead": ("First lead", _enum({"dealer_left": "the player to the dealer's left", "declarer": "the declarer"})),
    "play.strict_from": ("Strict play", _enum({"exhaustion_or_close": "once the talon is exhausted or closed", "always": "from the first trick"})),
    "play.follow": ("Must follow suit", _YES_NO),
    "play.head": ("Must head the trick", _enum({
        "none": "no",
        "beat_led": "beat the card led",
        "beat_winner": "beat the winning card",
        "beat_highest_led": "beat the highest card of the suit led",
    })),
    "play.trump_when_void": ("Must trump when void", _YES_NO),
    "play.overtrump": ("Overtrumping", _enum({"required": "required", "not_required": "not required"})),
    "play.undertrump": ("Undertrumping when unable to overtrump", _enum({"required_if_cannot_overtrump": "required", "free": "not required"})),
    "claim.enabled": ("Going out by declaring", _ALLOWED),
    "claim.target": ("Target", _num("point")),
    "claim.after_marriage": ("Going out straight after a marriage", _ALLOWED),
    "claim.after_last_trick": ("Last-trick winner who has reached the target", _enum({
        "auto": "counts as declaring",
        "none": "does not count as declaring",
    })),
    "claim.false_points.base": ("Wrong declaration", _num("game point")),
    "claim.false_points.opponent_without_trick": ("Wrong declaration, opponent without a trick", _num("game point")),
    "end.unclaimed": ("Deal played out without a declaration won by", _enum({
        "higher_total": "the higher total",
        "last_trick_wins": "the winner of the last trick",
    })),
    "end.last_trick_bonus": ("Last trick bonus", _num("point")),
    "end.last_trick_points": ("Winning the last trick scores", _num("game point")),
    "end.tie": ("Equal totals", _enum({
        "no_score": "a drawn deal",
        "next_deal_bonus": "a drawn deal, one game point more for the next deal's winner",
        "last_trick_wins": "the winner of the last trick wins",
    })),
    "scoring.method": ("Scoring", _enum({"game_points": "game points for the winner of a deal", "units": "units of card points for every side"})),
    "scoring.game_points": ("Game points formula", lambda v, d: str(v)),
    "scoring.opponent_points": ("Loser's points in the game points formula", _enum({
        "tricks_and_counted_marriages": "tricks and marriages that count",
        "tricks_only": "tricks only",
    })),
    "scoring.unit": ("Scoring unit", _num("card point")),
    "scoring.made": ("Score for a made bid", lambda v, d: str(v)),
    "scoring.set": ("Score when set", lambda v, d: str(v)),
    "scoring.defenders": ("Defenders' score", lambda v, d: str(v)),
    "scoring.moon_made": ("Score for a made moon", lambda v, d: str(v)),
    "scoring.moon_set": ("Score for a failed moon", lambda v, d: str(v)),
    "bidding.enabled": ("Auction", _enum({True: "yes", False: "none"})),
    "bidding.first": ("First to bid", _enum({"dealer_left": "the player to the dealer's left"})),
    "bidding.rounds": ("Bidding", _enum({"single": "one turn each"})),
    "bidding.values": ("Bids", lambda v, d: ", ".join(str(x) for x in v)),
    "bidding.all_pass": ("When everybody passes", _enum({"redeal": "the cards are thrown in", "dealer_must_bid": "the dealer must bid"})),
    "bidding.moon": ("Moon", _moon),
    "bidding.moon.bid": ("Moon bid", _num()),
    "bidding.moon.partner_sits_out": ("Moon declarer's partner sits out", _YES_NO),
    "bidding.moon.requirement": ("Moon declarer must win", _enum({"all_tricks": "every trick"})),
    "dealer.first": ("First dealer", lambda v, d: f"seat {v}"),
    "dealer.rotation": ("Next dealer", _enum({
        "alternate": "the deal alternates",
        "clockwise": "the deal passes to the left",
        "winner_deals": "the winner of the deal",
        "loser_deals": "the loser of the deal",
    })),
    "match.target": ("Match target", _target_unit),
    "match.bidder_goes_out": ("Bidder goes out", _YES_NO),
    "match.tie": ("Level at the target", _enum({"play_on": "play another hand"})),
    "info.review_own_tricks": ("Looking back at won tricks", _enum({
        "none": "not allowed",
        "last_trick": "the last trick only",
        "all": "all tricks won by one's own side",
    })),
}

#: Keys that are never compared one by one (the header keys and the deck, which is grouped).
_SKIPPED = {"name", "title", "description", "extends", "deck"}


# --------------------------------------------------------------------------- relevance
def _relevant(path: str, d: Data) -> bool:
    """Whether the key at ``path`` has any effect in the ruleset with data ``d``."""
    section = path.split(".")[0]
    leaf = path[len(section) + 1:]
    talon = bool(d["deal"]["talon"])
    game_points = d["scoring"]["method"] == "game_points"
    if section in ("exchange", "marriage", "closing", "claim", "bidding") and leaf and leaf != "enabled":
        if not d[section]["enabled"]:
            return False
    if path == "trump.turn_up_after_packet":
        return bool(d["trump"]["selection"] == "turn_up")
    if path == "deal.widow":
        return not talon
    if path == "exchange.before_first_trick":
        return not d["exchange"]["requires_trick_won"]
    if path == "marriage.after_exhaustion":
        return talon
    if path in ("marriage.after_close", "marriage.on_closing_lead"):
        if not d["closing"]["enabled"]:
            return False
        return path == "marriage.after_close" or not d["marriage"]["after_close"]
    if path in ("scoring.game_points", "scoring.opponent_points"):
        return bool(game_points)
    if path in ("scoring.unit", "scoring.made", "scoring.set", "scoring.defenders"):
        return not game_points
    if path in ("scoring.moon_made", "scoring.moon_set"):
        return not game_points and d["bidding"]["enabled"] and d["bidding"]["moon"] is not None
    if path.startswith("bidding.moon."):
        return d["bidding"]["moon"] is not None
    if path in ("end.unclaimed", "end.tie", "end.last_trick_points"):
        if not game_points:
            return False
        end = d["end"]
        if path == "end.tie":
            return bool(end["unclaimed"] == "higher_total")
        if path == "end.last_trick_points":
            return bool(end["unclaimed"] == "last_trick_wins" or end["tie"] == "last_trick_wins")
    return True


# --------------------------------------------------------------------------- normalising
def _plain(value: Any) -> Any:
    """Data as JSON-ready plain values: ranks as strings, tuples as lists."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _normal(path: str, value: Any) -> Any:
    if path == "exchange.rank" and value is not None:
        return str(value)
    if path == "bidding.values" and isinstance(value, (list, tuple)):
        return sorted(value)
    return _plain(value)


def _words(path: str, value: Any, data: Data) -> tuple[str, str]:
    entry = LEAVES.get(path)
    if entry is None:
        return _flow(value), ""
    out = entry[1](value, data)
    if isinstance(out, tuple):
        return out
    return out, ""


def _change(path: str, old: Any, new: Any, a: Data, b: Data) -> Change:
    label = LEAVES[path][0] if path in LEAVES else path
    old_w, old_u = _words(path, old, a)
    new_w, new_u = _words(path, new, b)
    if old_u == new_u or not old_u or not new_u:
        unit = new_u or old_u
        text = f"{label}: {old_w} {ARROW} {new_w}" + (f" {unit}" if unit else "")
    else:
        text = f"{label}: {old_w} {old_u} {ARROW} {new_w} {new_u}"
    return Change(path, label, old, new, text)


# --------------------------------------------------------------------------- the walk
def _schema_props(sub: dict[str, Any] | None, root: dict[str, Any]) -> dict[str, Any]:
    from interpreter.rules.loader import _object_schema

    if sub is None:
        return {}
    obj = _object_schema(sub, root)
    return obj.get("properties", {}) if obj is not None else {}


def _walk(path: str, sub: Data | None, root: Data, a: Data, b: Data, va: Any, vb: Any, out: list[Change]) -> None:
    """Compare the values at ``path``; recurse into mappings that both rulesets have."""
    props = _schema_props(sub, root)
    if isinstance(va, dict) and isinstance(vb, dict) and (props or path not in LEAVES):
        keys = [k for k in props if k in va or k in vb]
        keys += sorted((set(va) | set(vb)) - set(props), key=str)
        for key in keys:
            child = f"{path}.{key}" if path else str(key)
            if child in _SKIPPED:
                continue
            _walk(child, props.get(key), root, a, b, va.get(key), vb.get(key), out)
        return
    if path and not (_relevant(path, a) and _relevant(path, b)):
        return
    old, new = _normal(path, va), _normal(path, vb)
    if old != new:
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
        _walk(section, props.get(section), root, da, db, da.get(section), db.get(section), out)
    return out


def changes_to_json(changes: list[Change]) -> list[dict[str, Any]]:
    """The changes as JSON-ready mappings (path, label, old, new, text)."""
    return [
        {"path": c.path, "label": c.label, "old": _plain(c.old), "new": _plain(c.new), "text": c.text}
        for c in changes
    ]
