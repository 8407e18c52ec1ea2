"""From a rule file to a :class:`~interpreter.rules.ruleset.Ruleset`: parse, validate, default, check, compile.

The steps, each reporting located errors (``file:line:col: key.path: ...``):

1. safe YAML with marks (:mod:`interpreter.rules.yamlsource`);
2. the JSON Schema (:mod:`interpreter.rules.validation`) -- every schema error at once;
3. defaults filled in from the schema's own ``default`` values (one source of truth);
4. semantic checks that a schema cannot express (the deck fits the deal, options that need
   each other) -- again every problem at once;
5. expressions compiled, unknown names reported at the expression's own position;
6. warnings: what is valid but almost certainly not meant (a key a house file sets that has
   no effect, a key of an earlier version, a missing ``name``) -- the ruleset loads with them
   (:attr:`~interpreter.rules.ruleset.Ruleset.warnings`).

A step runs only when the ones before it passed; each problem is reported once (:func:`once`).
docs/authoring.md ("Validating a ruleset") lists the same six steps for authors.
"""

from __future__ import annotations

import copy
import os
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.core.arguments import with_article
from interpreter.core.paths import resolved, something_at
from interpreter.core.cards import Deck
from interpreter.core.errors import ErrorList, RulesError, RulesetError
from interpreter.rules.references import Target
from interpreter.rules.relevance import LEAVE_OUT, RulesetWarning, house_warnings
from interpreter.rules.resources import find_ruleset
from interpreter.rules.resources import load_schema as load_schema
from interpreter.rules.suggest import suggest_ruleset as suggest_ruleset  # "did you mean", in its own module
from interpreter.rules.ruleset import (
    BiddingSpec,
    ClaimSpec,
    ClosingSpec,
    ContractSpec,
    DealerSpec,
    DealSpec,
    DoublingSpec,
    EndSpec,
    ExchangeSpec,
    FailPoints,
    FalsePoints,
    InfoSpec,
    MarriageSpec,
    MarriageValues,
    MatchSpec,
    MoonSpec,
    PlayersSpec,
    PlaySpec,
    Ruleset,
    ScoringSpec,
    TrumpSpec,
    WidowSpec,
)
from interpreter.rules.extends import FileStamp, MergedDoc, empty_removals, file_stamp, load_source, nulls_removing_nothing
from interpreter.rules.migrations import MigrationWarning, migrate
from interpreter.rules.yamlsource import Path as KeyPath
from interpreter.rules.yamlsource import SourceDoc, check_regular_file, dangling_link, shorten, yaml_scalar

if TYPE_CHECKING:
    from interpreter.rules.expr import Expression

GAME_POINT_NAMES = {"points": "int", "tricks": "int", "opponent_points": "int", "opponent_tricks": "int"}
UNIT_NAMES = {"points": "int", "tricks": "int", "bid": "int", "unit": "int"}


def load_ruleset(name_or_path: str | Path, *, allow_outside: bool = False, shown: str | None = None) -> Ruleset:
    """Load a bundled ruleset by name (``schnapsen``) or a rule file by path.

    The file itself is the caller's choice and always read; the bases its ``extends:`` names
    must be bundled or inside the folder of the file naming them, unless ``allow_outside``
    (see :mod:`interpreter.rules.references`).

    A file's errors name it as it was given, and its bases as seen from there; ``shown`` names
    it otherwise: what a worker process passes when it reads, by an absolute path, a file the
    user named as ``dz.yaml`` (:attr:`Ruleset.shown`), so that an error it raises reads the
    same as in the user's own process.

    Raises :class:`~interpreter.core.errors.RulesetError` (an :class:`ErrorList` when several
    problems were found) with file, line, column and key path; a ``name_or_path`` that is
    neither text nor a path is a ``TypeError`` naming it, as every function that takes a
    ruleset gives (:func:`as_ruleset`) -- not a search for a ruleset named ``'None'``.
    """
    if not isinstance(name_or_path, (str, os.PathLike)):
        raise TypeError(
            f"name_or_path: {shorten(repr(name_or_path))} is {with_article(type(name_or_path).__name__)}, not a ruleset name "
            "(expected a bundled name such as 'schnapsen' or the path of a rule file)"
        )
    if not str(name_or_path).strip():  # '' is no ruleset, and as a path it is the working folder
        raise RulesetError(
            "an empty ruleset name", expected="a path to a .yaml file or one of: " + ", ".join(_bundled_names()),
        )
    _check_link(str(name_or_path))  # a link to nowhere is the file the user named: never read as a bundled name
    path = find_ruleset(str(name_or_path))
    if path is None:
        if something_at(str(name_or_path)):  # a directory, a pipe, a device: say so
            check_regular_file(str(name_or_path), str(name_or_path), RulesetError)
        guess = suggest_ruleset(str(name_or_path))
        hint = f" (did you mean '{guess}'?)" if guess else ""
        raise RulesetError(
            f"no ruleset file or bundled ruleset named '{shorten(str(name_or_path), 200)}'{hint}",
            expected="a path to a .yaml file or one of: " + ", ".join(_bundled_names()),
        )
    display = (str(name_or_path) if shown is None else shown) if Path(str(name_or_path)).is_file() else str(path)
    return _load_cached(str(resolved(path)), display, allow_outside)


def as_ruleset(rs: Ruleset | str | Path, what: str = "rs") -> Ruleset:
    """The ruleset a public function was given: a :class:`Ruleset` as it is, a bundled name
    or a path loaded by :func:`load_ruleset` (cached, so a name costs a look-up after the
    first time).  One rule for every entry point that takes a ruleset (``DealState.new``,
    ``Match``, ``play_match``, ``make_agent``, ``deal_from_mapping``, ``arena``...), so a
    name works wherever a ruleset goes; anything else is a ``TypeError`` naming the
    parameter ``what``, not an ``AttributeError`` from deep inside."""
    if isinstance(rs, Ruleset):
        return rs
    if isinstance(rs, (str, Path)):
        return load_ruleset(rs)
    raise TypeError(f"{what}: {shorten(repr(rs))} is {with_article(type(rs).__name__)}, not a ruleset (expected a Ruleset from load_ruleset, or a bundled name or path such as 'schnapsen')")


def load_named_ruleset(
    target: Target, named_by: tuple[SourceDoc, KeyPath], *, allow_outside: bool = False
) -> Ruleset:
    """Load the ruleset another file names (a record's ``ruleset:``), as found by
    :func:`~interpreter.rules.references.resolve_reference`: a bundled one as usual, any other
    only if it is a ruleset (refused unquoted if not), its bases under the same trust model."""
    if target.bundled is not None:
        return load_ruleset(target.bundled)
    doc = load_source(target.path, target.shown, allow_outside=allow_outside, named_by=(*named_by, target.written))
    return ruleset_from_doc(doc, resolved(target.path))


def _check_link(path: str) -> None:
    """A symbolic link that leads nowhere is a file the user named, not a missing one: say
    where it points (``d.yaml -> nothere.yaml``) rather than that there is no such ruleset,
    which would then suggest the link's own name."""
    target = dangling_link(path)
    if target is None:
        return
    try:
        os.stat(path)
    except FileNotFoundError:
        raise RulesetError(
            f"cannot read file: it is a symbolic link to '{shorten(target, 200)}', which does not exist",
            file=path, expected="a link to a ruleset file that exists, or the file itself",
        ) from None
    except (OSError, ValueError) as exc:  # a loop of links (ELOOP), a NUL character in the name
        check_regular_file(path, path, RulesetError)  # says why, in the words of any unreadable file
        raise RulesetError(f"cannot read file: {exc}", file=path, expected="a readable file") from None


def _bundled_names() -> list[str]:
    from interpreter.rules.resources import bundled_rulesets

    return sorted(bundled_rulesets())


#: How many loaded rulesets :func:`load_ruleset` keeps (the least recently asked goes first).
CACHE_SIZE = 64
_Stamp = tuple[FileStamp, ...]
#: Each entry: the ruleset, the stamps of the files it was read from, and the files its
#: ``extends:`` looked for and did not find (see :func:`_load_cached`).
_CACHE: OrderedDict[tuple[str, str, bool], tuple[Ruleset, _Stamp, tuple[Path, ...]]] = OrderedDict()


def _stamp(files: Sequence[Path | str]) -> _Stamp:
    """What each file read looked like: its path, modification time and size (-1, -1 if gone)."""
    return tuple(file_stamp(f) for f in files)


def _load_cached(resolved: str, display: str, allow_outside: bool) -> Ruleset:
    """The ruleset of a file, loaded once and kept while neither the file nor a base it
    extends has changed on disk: a notebook or a long-lived ``rules serve`` that loads an
    edited house file again gets the edit, not the ruleset of before (the cache was keyed on
    the path alone).  A few ``stat`` calls a look-up; a ruleset keeps its identity while its
    files stay as they were (``load_ruleset("schnapsen") is load_ruleset("schnapsen")``).

    Files that are NOT there count too: where an ``extends:`` found no file of its spelling
    and read the bundled ruleset of that name (``extends: schnapsen.yaml``, none beside), a
    file written there later is the base from then on.  Those paths are kept with the entry,
    which is stale once one of them is a file -- the test the look-up made, so nothing that
    appears between the look-up and the end of the load goes unseen, and a folder of that
    name, which the look-up passed over too, does not make the entry stale."""
    key = (resolved, display, allow_outside)
    kept = _CACHE.get(key)
    if kept is not None:
        rs, stamp, passed_over = kept
        if _stamp([f for f, _, _ in stamp]) == stamp and not any(os.path.isfile(f) for f in passed_over):
            _CACHE.move_to_end(key)
            return rs
        del _CACHE[key]
    stamp = _stamp([resolved])  # before reading: an edit made while it is read is seen next time
    doc = load_source(resolved, display, allow_outside=allow_outside)
    rs = ruleset_from_doc(doc, Path(resolved))
    passed_over = doc.passed_over if isinstance(doc, MergedDoc) else ()
    bases = doc.base_stamps if isinstance(doc, MergedDoc) else ()  # each stamped before it was read, too
    _CACHE[key] = (rs, stamp + bases, passed_over)
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    return rs


def ruleset_from_text(text: str, path: str | Path, display: str | None = None, *, allow_outside: bool = False) -> Ruleset:
    """The ruleset ``text`` would be as the file at ``path`` (its bases found from there, as
    :func:`load_ruleset` finds them), without reading that file or keeping what it read:
    ``rules validate --fix`` loads an edit of a file so before it writes the edit."""
    real = resolved(path)
    return ruleset_from_doc(load_source(real, display, allow_outside=allow_outside, text=text), real)


def ruleset_from_doc(doc: SourceDoc, source: Path | None = None) -> Ruleset:
    """Validate and compile a parsed rule file."""
    if not isinstance(doc.data, dict):
        raise doc.error(RulesetError, "a ruleset must be a mapping of keys", (), expected="keys such as name, deck, deal")
    if doc.data.get("extends") is not None and not isinstance(doc, MergedDoc):
        raise doc.error(
            RulesetError, "'extends' needs the file to be loaded from disk", ("extends",), key=True,
            expected="load_ruleset(path) or load_source(path), which find the base from the file's folder",
        )
    from interpreter.rules.validation import schema_errors, stray_keys

    layers = doc.layers if isinstance(doc, MergedDoc) else [doc]
    if not isinstance(doc, MergedDoc):
        migrate(doc)  # a file read from disk was migrated as it was read; this is idempotent
    wrong = [note for layer in layers for note in layer.notes if not isinstance(note, RulesetWarning)]
    if wrong:
        raise ErrorList(once(wrong))
    schema = load_schema()
    errors = schema_errors(doc, schema)
    if isinstance(doc, MergedDoc):  # a misspelt key set to null, which the merge dropped unseen
        errors += stray_keys(doc, schema, nulls_removing_nothing(doc))
    if errors:
        raise ErrorList(once(errors))
    data = apply_defaults(copy.deepcopy(doc.data), schema, schema)
    checker = _Checker(doc, data)
    checker.check()
    if checker.errors:
        raise ErrorList(once(checker.errors))
    return _build(doc, data, source, tuple(checker.warnings))


# --------------------------------------------------------------------------- defaults
def _resolve(sub: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    ref = sub.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/"):
        node: Any = root
        for part in ref[2:].split("/"):
            node = node[part]
        merged = dict(node)
        merged.update({k: v for k, v in sub.items() if k != "$ref"})
        return merged
    return sub


def _object_schema(sub: dict[str, Any], root: dict[str, Any]) -> dict[str, Any] | None:
    """The object branch of a subschema (objects may also allow ``null``)."""
    sub = _resolve(sub, root)
    if "properties" in sub:
        return sub
    for key in ("anyOf", "oneOf"):
        for branch in sub.get(key, []):
            branch = _resolve(branch, root)
            if "properties" in branch:
                return branch
    return None


def apply_defaults(data: dict[str, Any], sub: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    """Fill omitted keys with the schema's defaults, recursively into mappings."""
    obj = _object_schema(sub, root)
    if obj is None:
        return data
    for key, prop in obj.get("properties", {}).items():
        prop_r = _resolve(prop, root)
        if key not in data and "default" in prop_r:
            data[key] = copy.deepcopy(prop_r["default"])
        if isinstance(data.get(key), dict):
            apply_defaults(data[key], prop_r, root)
    return data


def _contract(c: dict[str, Any], play: dict[str, Any]) -> ContractSpec:
    """A contract, its own play duties (if any) over the ruleset's."""
    own = c.get("play")
    fields = {k: v for k, v in c.items() if k != "play"}
    if fields.get("ranks") is not None:
        fields["ranks"] = tuple(str(r) for r in fields["ranks"])
    if fields.get("holding") is not None:
        fields["holding"] = str(fields["holding"])
    return ContractSpec(**fields, play=PlaySpec(**{**play, **own}) if own else None)


def once(errors: list[RulesError]) -> list[RulesError]:
    """Each problem once, the first time it was found: two checks (or one check over a list
    that holds a value twice) may find the same fault at the same place, and a second copy of
    the same line tells the author nothing but makes the list look longer than it is."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for e in errors:
        key = (type(e), e.file, e.line, e.column, e.path, e.message, e.expected)
        if key not in seen:
            seen.add(key)
            out.append(e)
    return out


# --------------------------------------------------------------------------- semantic checks
class _Checker:
    """Cross-key checks; every problem is collected with the location of the key at fault."""

    def __init__(self, doc: SourceDoc, data: dict[str, Any]) -> None:
        self.doc = doc
        self.d = data
        self.errors: list[RulesError] = []
        #: What is valid but almost certainly not meant (a ruleset with them loads).
        self.warnings: list[RulesError] = []

    def from_base(self, path: tuple[str | int, ...]) -> bool:
        """Whether the value at ``path`` comes from a base, not from the file being loaded."""
        doc = self.doc
        return isinstance(doc, MergedDoc) and doc._origin(path, False)[0] is not doc.layers[0]

    def fail(self, path: tuple[str | int, ...], message: str, expected: str | None = None) -> None:
        self.errors.append(self.doc.error(RulesetError, message, path, expected=expected))

    def check_points_total(self, points: dict[Any, Any], ranks: list[str], suits: int) -> None:
        """The pack's card points add up to at most :data:`~interpreter.rules.expr.LIMIT`
        (10**12), the bound of every value a formula works with: a side's points are a sum
        of card points, so a pack worth more would make a scoring formula fail in play (or a
        total overflow the numbers the engine keeps) where the file is at fault.  Said at the
        largest value, the one to make smaller."""
        from interpreter.rules.expr import LIMIT

        counted = {r: v for r, v in points.items() if str(r) in ranks and isinstance(v, int)}
        total = sum(counted.values()) * suits
        if counted and total > LIMIT:
            largest = max(counted, key=lambda r: counted[r])
            self.fail(
                ("deck", "points", largest),
                f"card points too large: the pack of {suits * len(set(ranks))} cards would hold {total} points",
                expected="card points that add up to at most 10**12 over the whole pack",
            )

    def check(self) -> None:
        d = self.d
        raw_ranks = d["deck"]["ranks"]
        for i, r in enumerate(raw_ranks):
            if isinstance(r, float):
                self.fail(("deck", "ranks", i), f"{r} is not a rank", expected=f"{int(r)}, a whole number")
        ranks = [str(r) for r in raw_ranks]
        for i, r in enumerate(ranks):
            if r in ranks[:i]:
                self.fail(("deck", "ranks", i), f"rank {r} appears twice", expected="each rank once")
        suits = list(d["deck"]["suits"])
        points = d["deck"]["points"]
        for r in dict.fromkeys(ranks):  # a rank written twice is said above, once; its points once too
            if r not in points:
                self.fail(("deck", "points"), f"no points given for rank {r}", expected="a value for every rank in deck.ranks")
        self.check_points_total(points, ranks, len(suits))
        for r in points:
            if r not in ranks:
                where = ("deck", "points", r)
                remove = f"; deck: {{points: {{{r}: null}}}} in {self.doc.file} removes it" if self.from_base(where) else ""
                self.errors.append(self.doc.error(
                    RulesetError, f"rank {r} is not in deck.ranks", where, key=True,
                    expected="one of: " + ", ".join(ranks) + remove,
                ))
        n = d["players"]["count"]
        sides = d["players"]["sides"]
        self.check_sides(n, sides, d["players"].get("teams"))
        deal = d["deal"]
        hand = deal["hand_size"]
        if sum(deal["packets"]) != hand:
            self.fail(
                ("deal", "packets"),
                f"packets add up to {sum(deal['packets'])} cards, but deal.hand_size is {hand}",
                expected=f"packets that add up to {hand}",
            )
        deck_size = len(ranks) * len(suits)
        if deal["dealer_sits_out"]:
            n -= 1  # the dealer receives no cards: the deal's arithmetic is the others'
            if deal["talon"]:
                self.fail(("deal", "dealer_sits_out"), "a dealer sitting out with a talon to draw from is not supported", expected="deal.talon: false")
            if d["trump"]["selection"] == "dealer_card":  # the card shown is the dealer's own last one
                self.fail(("trump", "selection"), "dealer_card shows the dealer's last card, but the dealer sits out and gets no cards",
                          expected="trump.selection: named or first_card_led, or deal.dealer_sits_out: false")
            if d["bidding"]["enabled"] and d["bidding"]["all_pass"] == "dealer_must_bid":  # he takes no part in the auction
                self.fail(("bidding", "all_pass"), "dealer_must_bid makes the dealer bid, but the dealer sits out and takes no part in the auction",
                          expected="bidding.all_pass: redeal or play, or deal.dealer_sits_out: false")
        turn_up = d["trump"]["selection"] == "turn_up"
        # the deal's arithmetic counts a turn-up only under a talon: without one it is refused
        # below, and the cards left are all undealt (counting it too said 9 of 10, "1 cards")
        shown = 1 if turn_up and deal["talon"] else 0
        rest = deck_size - n * hand - shown
        if rest < 0:
            self.fail(
                ("deal", "hand_size"),
                f"{n} hands of {hand} cards{' and a turn-up' if shown else ''} need "
                f"{n * hand + shown} cards, but the deck has {deck_size}",
                expected=f"at most {(deck_size - shown) // n} cards a hand",
            )
        elif deal["talon"]:
            if (rest + 1) % n != 0 if turn_up else rest % n != 0:
                # The talon is the deck less n hands: it divides by n exactly when the deck does.
                self.fail(("deal", "hand_size"), f"the talon of {rest + (1 if turn_up else 0)} cards cannot be drawn evenly by {n} players",
                          expected=f"a deck of a multiple of {n} cards (it has {deck_size}), or deal.talon: false")
            if deal["widow"] is not None:
                self.fail(("deal", "widow"), "a deal cannot have both a talon and a widow", expected="deal.talon: false")
        elif rest > 0 and deal["widow"] is None:
            even = f"hand_size {deck_size // n}, " if deck_size % n == 0 else ""
            self.fail(
                ("deal", "hand_size"),
                f"{rest} card{'s are' if rest != 1 else ' is'} left undealt but there is no talon or widow to hold {'them' if rest != 1 else 'it'}",
                expected=f"{even}deal.talon: true, or deal.widow",
            )
        elif rest == 0 and deal["widow"] is not None:
            self.fail(("deal", "widow"), "no cards are left for a widow", expected="a smaller deal.hand_size or no widow")
        elif rest > hand and deal["widow"] is not None and deal["widow"]["to"] != "first_trick_winner_tricks":
            self.check_widow(rest, hand)
        if turn_up and not deal["talon"]:
            self.fail(("trump", "selection"), "a turn-up trump card needs a talon to lie under", expected="deal.talon: true, or trump.selection: first_card_led, dealer_card or named")
        if not turn_up and deal["talon"]:
            self.fail(("trump", "selection"), "a talon needs a turn-up trump card", expected="trump.selection: turn_up")
        if turn_up and d["trump"]["turn_up_after_packet"] > len(deal["packets"]):
            self.fail(
                ("trump", "turn_up_after_packet"),
                f"there are only {len(deal['packets'])} packets",
                expected=f"a number from 0 to {len(deal['packets'])}",
            )
        if deal["widow"] is not None and deal["widow"]["to"] == "declarer_hand" and not d["bidding"]["enabled"]:
            self.fail(("deal", "widow", "to"), "declarer_hand needs an auction to find the declarer", expected="bidding.enabled: true, or first_trick_winner_tricks")
        if d["bidding"]["enabled"] and d["bidding"]["partner_rebid_when_overbid"] and (sides != "partnership" or d["bidding"]["rounds"] != "single"):
            self.fail(("bidding", "partner_rebid_when_overbid"), "a partner bids again only in a single round among partners",
                      expected="players.sides: partnership and bidding.rounds: single, or false")
        if deal["first_receiver"] == "dealer_partner" and sides != "partnership":
            self.fail(("deal", "first_receiver"), "dealer_partner needs partners", expected="players.sides: partnership, or dealer_left")
        tr = d["trump"]
        if tr["selection"] == "named":
            packets = len(deal["packets"])
            if tr["name_after_packet"] > packets:
                self.fail(("trump", "name_after_packet"), f"there are only {packets} packets", expected=f"a number from 0 to {packets}")
            elif tr["if_passed"] == "turn_next" and tr["name_after_packet"] >= packets:
                self.fail(
                    ("trump", "if_passed"),
                    "turn_next turns the first card of the namer's next packet, but he has seen his whole hand",
                    expected=f"trump.name_after_packet below {packets}, or if_passed: must_name",
                )
            if tr["if_passed"] == "partner" and sides != "partnership":
                self.fail(("trump", "if_passed"), "passing the choice of trump to the partner needs partners", expected="players.sides: partnership, or if_passed: turn_next")
        ex = d["exchange"]
        if ex["enabled"]:
            if not turn_up:
                self.fail(("exchange", "enabled"), "the exchange needs a turn-up trump card", expected="trump.selection: turn_up")
            if str(ex["rank"]) not in ranks:
                self.fail(("exchange", "rank"), f"rank {ex['rank']} is not in the deck", expected="one of: " + ", ".join(ranks))
        marriage_ranks = [str(r) for r in d["marriage"]["ranks"]]
        if marriage_ranks[0] == marriage_ranks[1]:
            self.fail(("marriage", "ranks", 1), f"a marriage needs two different ranks, not {marriage_ranks[1]} twice", expected="two ranks such as [K, Q]")
        if d["marriage"]["enabled"]:
            for i, r in enumerate(marriage_ranks):
                if r not in ranks:
                    self.fail(("marriage", "ranks", i), f"rank {r} is not in the deck", expected="ranks of deck.ranks: " + ", ".join(ranks))
        if d["marriage"]["who"] == "leader_and_partner" and sides != "partnership":
            self.fail(("marriage", "who"), "a partner's marriage needs partners", expected="players.sides: partnership, or who: leader")
        if d["marriage"]["counts_after"] == "team_trick" and sides == "individual":
            self.fail(("marriage", "counts_after"), "team_trick needs sides of several seats", expected="players.sides: partnership or bidder_vs_rest, or own_trick")
        talon_size = rest + (1 if turn_up else 0)
        cl = d["closing"]
        if cl["enabled"]:
            if not deal["talon"]:
                self.fail(("closing", "enabled"), "closing needs a talon", expected="deal.talon: true")
            elif rest >= 0 and cl["min_talon_size"] > talon_size:
                self.fail(("closing", "min_talon_size"), f"the talon only has {talon_size} cards", expected=f"at most {talon_size}")
        if ex["enabled"] and deal["talon"] and rest >= 0 and ex["min_talon_size"] > talon_size:
            self.fail(("exchange", "min_talon_size"), f"the talon only has {talon_size} cards", expected=f"at most {talon_size}")
        bidding = d["bidding"]
        scoring = d["scoring"]
        if sides == "bidder_vs_rest" and not bidding["enabled"]:
            self.fail(("players", "sides"), "bidder_vs_rest needs an auction to find the bidder", expected="bidding.enabled: true")
        # The most card points a side can count in a deal: every card, the last trick, every marriage.
        total = sum(points.get(r, 0) for r in ranks) * len(suits)
        values = d["marriage"]["values"]
        melds = values["trump"] + (len(suits) - 1) * values["plain"] if d["marriage"]["enabled"] else 0
        most = total + d["end"]["last_trick_bonus"] + melds
        self.check_inputs_bounded(total, most)
        if d["claim"]["enabled"]:
            if scoring["method"] != "game_points":
                self.fail(("claim", "enabled"), "declaring is scored in game points", expected="scoring.method: game_points")
            if d["claim"]["target"] > most:
                self.fail(
                    ("claim", "target"), f"target {d['claim']['target']} cannot be reached",
                    expected=f"at most {most}: the deck's {total} points plus the last-trick bonus and every marriage",
                )
        if bidding["doubling"] is not None and not bidding["enabled"] and d["players"]["sides"] != "forehand_vs_rest":
            self.fail(("bidding", "doubling"), "doubling needs a declarer to double: nobody plays against the others here",
                      expected="bidding.enabled: true, or players.sides: forehand_vs_rest; or bidding.doubling: null")
        contracts = bidding["contracts"] if bidding["enabled"] else []
        if (bidding["enabled"] and not contracts) != (scoring["method"] == "units"):
            # at whichever of the keys the file being loaded sets (`contracts: []` in a house
            # file), not at a base's scoring.method that was right until then
            keys: list[tuple[str | int, ...]] = [("scoring", "method"), ("bidding", "contracts"), ("bidding", "enabled")]
            self.fail(
                next((k for k in keys if not self.from_base(k)), keys[0]), "units scoring goes with an auction of bids, and an auction of bids with units scoring",
                expected="bidding.enabled: true with scoring.method: units, or game_points with bidding.contracts",
            )
        self.check_unit(most, total)
        # Every card in a hand is played, one a trick: a hand's cards, or with a talon drawn to
        # the last card, the deck's share of each player (a closed talon only ends it sooner).
        tricks = (deck_size // n if deal["talon"] else hand) if rest >= 0 and n > 0 else None
        seen_bids: set[int] = set()
        for i, c in enumerate(contracts):
            if tricks is not None and c.get("by_trick") is not None and c["by_trick"] > tricks:
                how = f"{deck_size} cards drawn to the last by {n} players" if deal["talon"] else f"{n} players with {hand} cards each"
                self.fail(
                    ("bidding", "contracts", i, "by_trick"),
                    f"by_trick {c['by_trick']} is past the last trick: a deal has {tricks} tricks here ({how})",
                    expected=f"a trick from 1 to {tricks}, or null for the end of the deal",
                )
            if c.get("goal") == "points" and c.get("points", 0) > most:
                self.fail(
                    ("bidding", "contracts", i, "points"), f"points {c['points']} can never be reached: a side takes at most {most} in a deal",
                    expected=f"at most {most}: the deck's {total} points, the last-trick bonus and every marriage",
                )
            if c["bid"] not in bidding["values"]:
                self.fail(("bidding", "contracts", i, "bid"), f"the bid {c['bid']} is not one of bidding.values", expected="a value in bidding.values")
            if c["bid"] in seen_bids:
                self.fail(("bidding", "contracts", i, "bid"), f"two contracts are announced with bid {c['bid']}", expected="one contract a bid")
            seen_bids.add(c["bid"])
            own = c.get("ranks")
            if own is not None:
                own = [str(r) for r in own]
                if sorted(own) != sorted(ranks):
                    extra = [r for r in own if r not in ranks]
                    missing_ranks = [r for r in ranks if r not in own]
                    what = (f"rank {extra[0]} is not in deck.ranks" if extra else
                            f"rank {missing_ranks[0]} is missing" if missing_ranks else "a rank appears twice")
                    self.fail(("bidding", "contracts", i, "ranks"), f"{what}: a contract's order lists every rank of the deck once",
                              expected="the ranks " + ", ".join(ranks) + " in the contract's order, strongest first")
            if c.get("holding") is not None and str(c["holding"]) not in ranks:
                self.fail(("bidding", "contracts", i, "holding"), f"rank {c['holding']} is not in the deck", expected="one of: " + ", ".join(ranks))
        if contracts:
            missing = [v for v in bidding["values"] if v not in seen_bids]
            if missing:
                self.fail(("bidding", "values"), "bids without a contract: " + ", ".join(map(str, missing)), expected="a contract for every bid of bidding.values")
            if bidding["moon"] is not None:
                self.fail(("bidding", "moon"), "a game of contracts has no moon bid", expected="bidding: {moon: null}; a contract with goal all_tricks plays the moon")
        if (d["play"]["first_lead"] == "declarer") != bidding["enabled"]:
            self.fail(("play", "first_lead"), "the declarer leads only when there is an auction", expected="first_lead: declarer exactly when bidding.enabled is true")
        moon = bidding["moon"]
        if moon is not None:
            if moon["bid"] not in bidding["values"]:
                bids = ", ".join(str(v) for v in bidding["values"])
                self.fail(
                    ("bidding", "moon", "bid"), f"the moon bid {moon['bid']} is not one of the bids ({bids})",
                    expected="a value in bidding.values, or bidding: {moon: null} for a game without a moon",
                )
            if moon["partner_sits_out"] and sides != "partnership":  # a bidder alone has nobody to sit out
                self.fail(("bidding", "moon", "partner_sits_out"), "only partnerships have a partner to sit out", expected="false")
        if scoring["trump_ten"] and (scoring["method"] != "game_points" or "T" not in ranks):
            self.fail(("scoring", "trump_ten"), "the ten of trumps scores game points", expected="scoring.method: game_points and a ten in deck.ranks, or 0")
        if d["match"]["bidder_goes_out"] and not bidding["enabled"]:
            self.fail(("match", "bidder_goes_out"), "'bidder goes out' needs an auction", expected="bidding.enabled: true")
        if d["dealer"]["first"] >= d["players"]["count"]:
            self.fail(("dealer", "first"), f"there is no seat {d['dealer']['first']} among {d['players']['count']} players", expected=f"0 to {d['players']['count'] - 1}")


    def check_inputs_bounded(self, total: int, most: int) -> None:
        """What a scoring formula reads stays within :data:`~interpreter.rules.expr.LIMIT`
        (10**12): a side's total (the pack's points, said by :meth:`check_points_total`, plus
        the last-trick bonus and every marriage) and the unit.  Past it every scored deal fails
        in play, at the formula of whichever base wrote it -- here it is said at load, at the
        key that made it so."""
        from interpreter.rules.expr import LIMIT

        d = self.d
        if total <= LIMIT < most:
            values = d["marriage"]["values"]
            keys: list[tuple[tuple[str, ...], int]] = [(("end", "last_trick_bonus"), d["end"]["last_trick_bonus"])]
            if d["marriage"]["enabled"]:
                keys += [(("marriage", "values", "trump"), values["trump"]), (("marriage", "values", "plain"), values["plain"])]
            where = max(keys, key=lambda k: k[1])[0]
            self.fail(
                where, f"too large: a side could count {most} points in a deal",
                expected="a side's most points (the pack, the last-trick bonus and every marriage) at most 10**12",
            )
        unit = d["scoring"]["unit"]
        if unit > LIMIT:
            self.fail(("scoring", "unit"), f"too large: {unit}", expected="a unit of at most 10**12, as every value a formula works with")

    def check_unit(self, most: int, total: int) -> None:
        """Bids in units (no contracts): bid n needs n * unit card points, so with a unit past
        what a side can take (divided by the smallest bid, the moon aside) no bid can ever be
        made.  A warning, not an error: the schema allows bids up to 50 whatever the unit, and
        such a game still plays (every declarer is set); it is located at whichever of unit and
        the bids the file being loaded sets, the one its author just wrote."""
        d = self.d
        bidding = d["bidding"]
        if d["scoring"]["method"] != "units" or not bidding["enabled"] or bidding["contracts"]:
            return
        moon = bidding["moon"]["bid"] if bidding["moon"] is not None else None
        bids = [v for v in bidding["values"] if v != moon]
        unit = d["scoring"]["unit"]
        if not bids or unit * min(bids) <= most:
            return
        low = min(bids)
        where: tuple[str, ...] = ("scoring", "unit")
        if self.from_base(where) and not self.from_base(("bidding", "values")):
            where = ("bidding", "values")
        self.warnings.append(self.doc.error(
            RulesetWarning,
            f"no bid can be made: the smallest, {low}, needs {low} x unit {unit} = {unit * low} card points, "
            f"but a side takes at most {most} in a deal",
            where,
            expected=f"unit x smallest bid at most {most} (the deck's {total} points, the last-trick bonus and every marriage)",
        ))

    def check_widow(self, rest: int, hand: int) -> None:
        """A widow taken into a hand that holds more cards than the hand: valid (the taker lays
        as many away), but hardly what a house file that changed the count of players or the
        size of a hand meant -- Dreierschnapsen for two leaves a widow of 8 for a hand of 6.  A
        warning, located at whichever of the keys that size the widow the file being loaded sets."""
        keys: list[tuple[str | int, ...]] = [("players", "count"), ("deal", "hand_size"), ("deck",), ("deal", "widow")]
        where = next((k for k in keys if not self.from_base(k)), ("deal", "widow"))
        who = "declarer" if self.d["deal"]["widow"]["to"] == "declarer_hand" else "first trick's winner"
        self.warnings.append(self.doc.error(
            RulesetWarning,
            f"the widow holds {rest} cards, more than a hand of {hand}: the {who} takes all {rest} into the hand "
            f"and lays {rest} away",
            where,
            expected=f"a widow of at most {hand} cards (players.count, deal.hand_size, deck), or deal.widow: {{to: first_trick_winner_tricks}}",
        ))

    def check_sides(self, n: int, sides: str, teams: Any) -> None:
        """A team table names every seat once; without one, partners sit opposite (an even count)."""
        if teams is None:
            if sides == "partnership" and (n % 2 or n < 4):
                self.fail(("players", "sides"), f"partners sit opposite, which needs an even number of at least 4 players, not {n}", expected="players.count: 4, or a players.teams table")
            return
        if sides != "partnership":
            self.fail(("players", "teams"), f"a team table needs sides: partnership, not {sides}", expected="players.sides: partnership, or no teams")
            return
        seen: dict[int, int] = {}
        for t, team in enumerate(teams):
            for i, seat in enumerate(team):
                where = ("players", "teams", t, i)
                if seat >= n:
                    self.fail(where, f"there is no seat {seat} among {n} players", expected=f"seats 0 to {n - 1}")
                elif seat in seen:
                    self.fail(where, f"seat {seat} is already in team {seen[seat]}", expected="every seat in exactly one team")
                else:
                    seen[seat] = t
        missing = [s for s in range(n) if s not in seen]
        if missing:
            self.fail(("players", "teams"), "no team for seat" + ("s " if len(missing) > 1 else " ") + ", ".join(map(str, missing)), expected="every seat in exactly one team")


# --------------------------------------------------------------------------- build
def _expression(doc: SourceDoc, data: dict[str, Any], key: str, names: dict[str, str]) -> Expression:
    from interpreter.rules.expr import compile_expression

    text = data["scoring"][key]
    path = ("scoring", key)
    layer = doc._origin(path, False)[0] if isinstance(doc, MergedDoc) else doc

    def position(offset: int) -> tuple[int, int] | None:
        found = layer.position(path, offset)
        return (found.line, found.column) if found is not None else None

    line, column = position(0) or (None, None)  # the first character, inside any quote
    return compile_expression(
        text, names, file=layer.file, line=line, column=column, path="scoring." + key, position=position,
    )


def _never_scores(doc: SourceDoc, formula: Expression) -> list[RulesError]:
    """A game-points formula that gives 0 or less whatever the points and tricks (``"-1"``,
    ``"0"``, ``"-points"``): every deal won on it would take the winner no closer to the target,
    or further from it (``rules run`` printed "seat 1 wins -1 game points").  Known from the
    formula alone, so said at load, not left to ``rules validate --deep`` to come upon; the
    inputs are only taken to be 0 or more, so a formula that can score is never refused."""
    from interpreter.rules.expr import LIMIT

    most = formula.value_range(dict.fromkeys(GAME_POINT_NAMES, (0, LIMIT)))[1]
    if most > 0:
        return []
    return [doc.error(
        RulesetError,
        f"'{shorten(formula.source, 200)}' gives the winner of a deal at most {most} game points, whatever the points and tricks",
        ("scoring", "game_points"),
        expected="a formula that can give 1 game point or more: winning a deal must bring a side closer to match.target",
    )]


def name_from_file(file: str) -> str:
    """The name an unnamed house file is read under, made from its file's name as ``rules new``
    makes one (:func:`~interpreter.rules.resources.house_name`): ``My House_Rules.yaml`` ->
    ``my-house-rules``; ``house-rules`` if nothing of it fits."""
    from interpreter.rules.resources import house_name

    return house_name(Path(file).name.rpartition(".")[0] or Path(file).name)


class MissingNameWarning(MigrationWarning):
    """A house file without ``name:``, read as a file of an earlier version (see :func:`_name_of_unnamed`)."""


def _name_of_unnamed(doc: MergedDoc) -> tuple[str, RulesError]:
    """The name a house file without ``name:`` is read under, and the warning that says so.

    A house file needs a name of its own: under its base's, ``rules validate`` showed the
    base's verdict, ``rules diff`` found no difference from it, and the table took it for the
    bundled base.  Earlier versions accepted such a file (the schema asks a file with
    ``extends`` for nothing), and rule files are kept for years: so it still loads, as a file of
    an earlier version does (a warning, an error with ``--strict``), named after its file.
    """
    own = doc.layers[0]
    name = name_from_file(own.file)  # never a bundled ruleset's name (_bundled_name_taken)
    warning = own.error(
        MissingNameWarning,
        f"missing key 'name': a house file needs a name of its own, not its base's ({doc.data['name']}); "
        f"it is read as '{name}', from the file name",
        # written as `rules new` writes it: `name: "no"`, not `name: no`, which reads as a YAML 1.1 boolean
        (), expected=f"name: {yaml_scalar(name)}, or another name of lower-case letters, digits and hyphens",
    )
    warning.path = "name"
    return name, warning


def _bundled_name_taken(doc: SourceDoc, d: dict[str, Any], source: Path | None) -> RulesError | None:
    """A warning (an error with ``--strict``) for a rule file named as a bundled ruleset whose
    rules it does not have -- ``name: schnapsen`` over ``extends: schnapsen`` with a target of
    9: its rulebook says it is ``schnapsen``, and a reader sent to ``rules describe schnapsen``
    finds a match to 7.  It still loads (files so named were accepted before); records name it
    by its path.  A file with the bundled one's rules (a copy, a checkout's ``rulesets/`` beside
    a wheel's copies, a whole copy that says ``extends: null``) is that ruleset: no warning."""
    from interpreter.rules.resources import bundled_key, bundled_names

    name = d["name"]
    if source is None or name not in bundled_names() or bundled_equivalent(name, d, source) is not None:
        return None
    own = doc.layers[0] if isinstance(doc, MergedDoc) else doc
    where: KeyPath = ("name",) if isinstance(own.data, dict) and "name" in own.data else ()
    # named as the commands take it: a house ruleset is 'house/santase', never 'santase'
    key = bundled_key(name) or name
    which = "a bundled ruleset" if key == name else f"the bundled ruleset '{key}'"
    warning = own.error(
        RulesetWarning, f"'{name}' is the name of {which}, and this file has other rules: "
        "it would be taken for the bundled one", where,
        expected="a name of its own, of lower-case letters, digits and hyphens",
    )
    warning.path = "name"
    return warning


def bundled_equivalent(name: str, data: dict[str, Any], source: Path | None) -> str | None:
    """The bundled ruleset (``schnapsen``, ``house/santase``) a ruleset named ``name`` is: read
    from its file (or a copy of it byte for byte), or with its rules exactly -- titles and
    descriptions aside.  ``None`` when it has other rules, or no bundled ruleset has its name.
    How a house file named as a bundled ruleset is told from it (the card table names a ruleset
    so for its full rulebook)."""
    from interpreter.rules.resources import bundled_copy, bundled_key

    key = bundled_key(name)
    if key is None:
        return None
    if source is not None and bundled_copy(source) == key:
        return key
    try:
        return key if _rules_of(load_ruleset(key).data) == _rules_of(data) else None
    except RulesError:  # a bundled file that does not load is said when it is asked for
        return None


def _rules_of(data: dict[str, Any]) -> dict[str, Any]:
    """A ruleset's data without what only names or describes it."""
    return {k: v for k, v in data.items() if k not in ("name", "title", "description", "extends")}


def _build(doc: SourceDoc, d: dict[str, Any], source: Path | None, checked: tuple[RulesError, ...] = ()) -> Ruleset:
    ranks = tuple(str(r) for r in d["deck"]["ranks"])
    deck = Deck(tuple(d["deck"]["suits"]), ranks, {str(k): v for k, v in d["deck"]["points"].items()})
    deal = d["deal"]
    errors: list[RulesError] = []
    exprs: dict[str, Any] = {}
    for key, names in (
        ("game_points", GAME_POINT_NAMES),
        ("made", UNIT_NAMES),
        ("set", UNIT_NAMES),
        ("defenders", UNIT_NAMES),
        ("moon_made", UNIT_NAMES),
        ("moon_set", UNIT_NAMES),
    ):
        try:
            exprs[key] = _expression(doc, d, key, names)
        except RulesError as exc:
            errors.append(exc)
    if d["scoring"]["method"] == "game_points" and "game_points" in exprs:
        errors.extend(_never_scores(doc, exprs["game_points"]))
    if errors:
        raise ErrorList(once(errors))
    m = d["marriage"]
    cl = d["closing"]
    b = d["bidding"]
    moon = b["moon"]
    own = doc.layers[0].data if isinstance(doc, MergedDoc) else None
    if own is not None and "description" not in own:
        d.pop("description", None)  # the base's words describe the base
    layers = doc.layers if isinstance(doc, MergedDoc) else [doc]
    earlier = tuple(note for layer in layers for note in layer.notes if isinstance(note, RulesetWarning))
    warnings = earlier + checked + (() if own is None else house_warnings(
        own, d, lambda message, path: doc.error(RulesetWarning, message, path, key=True, expected=LEAVE_OUT)
    ))
    if isinstance(doc, MergedDoc):
        warnings = (*empty_removals(doc, RulesetWarning), *warnings)
    if isinstance(doc, MergedDoc) and "name" not in doc.layers[0].data:  # own, of a house file
        d["name"], unnamed = _name_of_unnamed(doc)
        warnings = (unnamed, *warnings)
    taken = _bundled_name_taken(doc, d, source)
    if taken is not None:
        warnings = (*warnings, taken)
    return Ruleset(
        name=d["name"],
        title=d.get("title") or d["name"],
        description=d.get("description") or "",
        deck=deck,
        players=PlayersSpec(
            count=d["players"]["count"],
            sides=d["players"]["sides"],
            teams=tuple(tuple(team) for team in d["players"]["teams"]) if d["players"]["teams"] is not None else None,
        ),
        deal=DealSpec(
            hand_size=deal["hand_size"],
            packets=tuple(deal["packets"]),
            first_receiver=deal["first_receiver"],
            talon=deal["talon"],
            widow=WidowSpec(**deal["widow"]) if deal["widow"] is not None else None,
            dealer_sits_out=deal["dealer_sits_out"],
        ),
        trump=TrumpSpec(**d["trump"]),
        exchange=ExchangeSpec(**{**d["exchange"], "rank": str(d["exchange"]["rank"])}),
        marriage=MarriageSpec(**{**m, "ranks": (str(m["ranks"][0]), str(m["ranks"][1])), "values": MarriageValues(**m["values"])}),
        closing=ClosingSpec(**{**cl, "fail_points": FailPoints(**cl["fail_points"])}),
        play=PlaySpec(**d["play"]),
        claim=ClaimSpec(**{**d["claim"], "false_points": FalsePoints(**d["claim"]["false_points"])}),
        end=EndSpec(**d["end"]),
        scoring=ScoringSpec(
            method=d["scoring"]["method"],
            opponent_points=d["scoring"]["opponent_points"],
            losers=d["scoring"]["losers"],
            unit=d["scoring"]["unit"],
            trump_ten=d["scoring"]["trump_ten"],
            **exprs,
        ),
        bidding=BiddingSpec(
            enabled=b["enabled"],
            rounds=b["rounds"],
            values=tuple(sorted(b["values"])),
            all_pass=b["all_pass"],
            moon=MoonSpec(**moon) if moon is not None else None,
            contracts=tuple(_contract(c, d["play"]) for c in b["contracts"]),
            partner_rebid_when_overbid=b["partner_rebid_when_overbid"],
            doubling=DoublingSpec(**b["doubling"]) if b["doubling"] is not None else None,
        ),
        dealer=DealerSpec(**d["dealer"]),
        match=MatchSpec(**d["match"]),
        info=InfoSpec(**d["info"]),
        source=source,
        shown=doc.file if source is not None else None,
        data=d,
        extends=doc.base_name if isinstance(doc, MergedDoc) else None,
        bases=doc.base_files if isinstance(doc, MergedDoc) else (),
        warnings=warnings,
        notes=doc.notes_of_bases if isinstance(doc, MergedDoc) else (),
    )
