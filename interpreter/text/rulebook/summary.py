"""The rulebook's opening paragraph when a ruleset writes no description of its own.

A house file that says nothing about itself must not borrow its base's words ("Match to 7
game points" under a match to 11), so the paragraph is made from the data, like every other
sentence of the rulebook: who plays with which cards, the features that are on (and those of
a talon game that are off), and the match.
"""

from __future__ import annotations

from interpreter.text.rulebook.words import Facts, cap, gp, listing, num


def summary(f: Facts) -> str:
    """Three sentences that are true of the ruleset, from its values alone."""
    return " ".join(s for s in (_table(f), _features(f), _match(f)) if s)


def _table(f: Facts) -> str:
    rs = f.rs
    if f.partnership:
        teams = rs.sides
        who = f" in {num(len(teams))} partnerships" if all(len(t) == 2 for t in teams) else f" in {num(len(teams))} teams"
    elif f.alone:
        who = ", the highest bidder alone against the others in each deal"
    elif f.n > 2:
        who = ", each for himself"
    else:
        who = ""
    rest = ""
    if f.talon:
        rest = f"; the other {num(f.talon_size)} form the talon"
    elif rs.deal.widow is not None and f.rest > 0:
        rest = f"; the other {num(f.rest)} form a widow for the winner of the first trick"
    elif f.rest == 0:
        rest = "; all of them are dealt"
    return f"{cap(num(f.n))} players{who}, {f.deck_size} cards, {num(rs.deal.hand_size)} each{rest}."


def _features(f: Facts) -> str:
    rs = f.rs
    parts: list[str] = []
    if f.bidding:
        moon = f" (a bid of {f.moon.bid} is the moon)" if f.moon is not None else ""
        parts.append(f"an auction in units of {rs.scoring.unit}{moon}")
    if f.turn_up:
        parts.append("trumps fixed by the turned-up card")
    else:
        by = " by the declarer" if rs.play.first_lead == "declarer" else ""
        parts.append(f"trumps fixed by the first card led{by}")
    if f.marriage:
        values = rs.marriage.values
        parts.append(f"marriages ({values.plain}, or {values.trump} in trumps)")
    else:
        parts.append("no marriages")
    if f.talon:
        parts.append(f"exchanging the {f.exchange_card()}" if f.exchange else "no exchange of the trump card")
        parts.append("closing the talon" if f.closing else "no closing")
    if f.claim:
        parts.append(f"going out by declaring {f.target}")
    else:
        parts.append("no declaring: every deal is played to the last trick")
    return f"Played with {listing(parts)}."


def _match(f: Facts) -> str:
    m = f.rs.match
    if f.game_points:
        return f"Match to {gp(m.target)}."
    goes_out = "; the bidder goes out" if m.bidder_goes_out else ""
    return f"Match to {m.target} points{goes_out}."
