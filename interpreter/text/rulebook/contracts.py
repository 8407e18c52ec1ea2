"""Rulebook sentences for an auction of contracts (``bidding.contracts``).

A contract is a named game announced with a bid; it replaces the plain game for the deal, is
decided by its goal as soon as that is made or lost, and is scored by its value alone.  The
sections that meet contracts (the auction, play, declaring, the end of the deal, scoring) take
their words from here, so that the table of contracts and the sentences about them agree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.core.cards import RANK_NAMES
from interpreter.text.rulebook.document import Section
from interpreter.text.rulebook.words import Facts, cap, code, listing, nth

if TYPE_CHECKING:
    from interpreter.rules.ruleset import ContractSpec

__all__ = ["contract_rules", "contract_result_rows", "contract_scoring", "no_trump_contracts"]


def _partnered(f: Facts) -> bool:
    """Whether a declarer has partners who could sit out (``alone``): only in partnerships."""
    return f.partnership


def _goal(f: Facts, c: ContractSpec) -> str:
    """What the declarer (or his side, where he plays with his partner) must do."""
    who = "his side" if _partnered(f) and not c.alone else "he"
    if c.goal == "no_tricks":
        return f"{who} must take no trick"
    if c.goal == "all_tricks":
        return f"{who} must take every trick"
    by = f" by the end of the {nth(c.by_trick)} trick" if c.by_trick is not None else ""
    return f"{who} must reach {c.points} points{by}"


def _notes(f: Facts, c: ContractSpec) -> str:
    """Who may announce the contract, who leads it, and whether the declarer plays alone."""
    notes: list[str] = []
    if c.eligible != "any":
        who = c.announced_by(f.partnership)
        notes.append(f"{who} may announce it" if who.startswith("anybody") else f"only {who} may announce it")
    if c.holding is not None:
        held = RANK_NAMES.get(c.holding, c.holding)
        notes.append(f"only a player holding {'an' if held[0] in 'aeiou' else 'a'} {held} may announce it")
    if c.leader == "forehand":
        notes.append("the forehand leads")
    if c.ranks is not None and c.ranks != f.rs.deck.ranks:
        notes.append("the cards rank " + ", ".join(RANK_NAMES.get(r, r) for r in c.ranks) + ", highest first")
    if _partnered(f) and not _all_alone(f) and not c.alone:
        notes.append("played with the partner")
    notes += _own_duties(f, c)
    return "; ".join(notes)


#: How a contract's own play duty reads where it differs from the ruleset's (``play``).
_DUTIES: dict[tuple[str, object], str] = {
    ("follow", True): "a player must follow suit",
    ("follow", False): "nobody need follow suit",
    ("head", "none"): "a follower need not head the trick",
    ("head", "beat_led"): "a follower must head the card led if he can",
    ("head", "beat_winner"): "a follower must beat the card winning the trick with a higher card of the suit led if he can",
    ("head", "beat_highest_led"): "a follower must beat the highest card of the suit led if he can",
    ("trump_when_void", True): "a player void in the suit led must trump",
    ("trump_when_void", False): "nobody need trump",
    ("overtrump", "required"): "a trump played on a trump must be higher if it can",
    ("overtrump", "not_required"): "any trump will do on a trump",
    ("undertrump", "required_if_cannot_overtrump"): "a player who cannot overtrump must still trump",
    ("undertrump", "free"): "a player who cannot overtrump may play any card",
}


def _own_duties(f: Facts, c: ContractSpec) -> list[str]:
    """The strict-play duties this contract changes (``bidding.contracts[].play``)."""
    if c.play is None:
        return []
    base = f.rs.play
    return [_DUTIES[(key, getattr(c.play, key))] for key in ("follow", "head", "trump_when_void", "overtrump", "undertrump")
            if getattr(c.play, key) != getattr(base, key)]


def _all_alone(f: Facts) -> bool:
    return all(c.alone for c in f.contracts)


def _partner_sits_out(f: Facts) -> str:
    """The declarer's partners lay their cards down (``alone``), where he has partners."""
    if not _partnered(f):
        return ""
    pair = all(len(team) == 2 for team in f.rs.sides)
    partner = "his partner lays his cards" if pair else "his partners lay their cards"
    if _all_alone(f):
        return f" He plays it alone: {partner} face down and take{'s' if pair else ''} no part in the deal."
    if any(c.alone for c in f.contracts):
        return f" In a contract played alone {partner} face down and take{'s' if pair else ''} no part in the deal."
    return ""


def _name(c: ContractSpec) -> str:
    return cap(c.name)


def contract_rules(f: Facts, s: Section) -> None:
    """The contracts as a table, how they are announced, who plays them, and how they end."""
    s.p(
        "Each bid announces a contract: a game that the declarer undertakes to play instead of the plain game. "
        "A higher bid outranks a lower one. The contracts, lowest first:"
    )
    rows = [
        [str(c.bid), _name(c), _goal(f, c), "the deal's trump" if c.trump == "dealt" else "none", str(c.value), _notes(f, c)]
        for c in sorted(f.contracts, key=lambda c: c.bid)
    ]
    s.table(["Bid", "Contract", "Goal", "Trump", "Game points", "Notes"], rows)
    points = [c for c in f.contracts if c.goal == "points"]
    if points:
        counted = "card points of the side's tricks plus its marriages that count" if f.partnership else "card points of his tricks plus his marriages that count"
        if not f.marriage:
            counted = counted.split(" plus ")[0]
        s.p(f"Points for a contract are the {counted}{_widow_counts(f)}.")
    first = min(f.contracts, key=lambda c: c.bid)
    s.p(
        f"At the table a contract is announced with its bid, written {code('bid')} and the number "
        f"({code(f'bid {first.bid}')} announces {_name(first)}), and a pass is written {code('pass')}."
    )
    s.p(
        f"The player who announces the highest contract becomes the declarer and plays it.{_partner_sits_out(f)}"
        f"{' He plays alone against all the others (see Players and sides).' if f.alone else ''}"
    )
    side = "the declarer's side" if f.partnership else "the declarer"
    s.p(
        f"A contract ends the deal as soon as it is made or lost: one that must take no trick is lost at the first "
        f"trick {side} takes, one that needs every trick at the first trick lost, and one that needs points is made "
        "as soon as a trick brings them, and lost when its last trick (the one the table names, else the last of the "
        "deal) has passed without them. Nobody declares (goes out) during a contract."
    )
    s.p(contract_scoring(f))


def _widow_counts(f: Facts) -> str:
    if f.widow_to_declarer:
        return ", the cards the declarer laid away included"
    if f.widow_to == "first_trick_winner_hand":
        return ", the cards laid away by the first trick's winner included for his side"
    if f.rs.deal.widow is not None and f.rest > 0 and not f.talon:
        return ", the widow included for the side that took it"
    return ""


def _others(f: Facts) -> str:
    """Who scores a lost contract: every side but the declarer's."""
    if f.alone or (not f.partnership and f.n > 2):
        return "each of the other players"
    if f.partnership and len(f.rs.sides) > 2:
        return "each of the other sides"
    return "the other side" if f.partnership else "his opponent"


def contract_scoring(f: Facts) -> str:
    """How a contract scores: its game points to the declarer's side, or to every other side."""
    mine = "the declarer's side scores" if f.partnership else "the declarer scores"
    return (
        f"A contract is scored by its game points alone: if it is made, {mine} them; if it is lost, "
        f"{_others(f)} scores them. The points taken in the deal make no other difference."
    )


def contract_result_rows(f: Facts) -> list[list[str]]:
    """The rows of the scoring table for a contract made and a contract lost."""
    mine = "the declarer's side" if f.partnership else "the declarer"
    return [
        ["a contract made", mine, "the contract's game points (see Auction)"],
        ["a contract lost", _others(f), "the contract's game points (see Auction)"],
    ]


def no_trump_contracts(f: Facts) -> str:
    """The contracts played without a trump suit (``trump: none``), for the Trump section."""
    names = [_name(c) for c in sorted(f.contracts, key=lambda c: c.bid) if c.trump == "none"]
    if not names:
        return ""
    which = listing(names)
    them = "it" if len(names) == 1 else "them"
    plain = f"; every marriage counts as one in a plain suit ({f.rs.marriage.values.plain})" if f.marriage else ""
    return (
        f"The {'contract' if len(names) == 1 else 'contracts'} {which} {'is' if len(names) == 1 else 'are'} played "
        f"without trumps (see Auction): in {them} no suit is trump, so every trick is won by the highest card of the "
        f"suit led{plain}."
    )
