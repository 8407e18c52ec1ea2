"""The rulebook's opening paragraph when a ruleset writes no description of its own.

A house file that says nothing about itself must not borrow its base's words ("Match to 7
game points" under a match to 11), so the paragraph is made from the data, like every other
sentence of the rulebook: who plays with which cards, the features that are on (and those of
a talon game that are off), and the match.
"""

from __future__ import annotations

from interpreter.text.rulebook.words import Facts, cap, cards, gp, listing, num


def summary(f: Facts) -> str:
    """Three sentences that are true of the ruleset, from its values alone."""
    return " ".join(s for s in (_table(f), _features(f), _match(f)) if s)


def _table(f: Facts) -> str:
    rs = f.rs
    if f.partnership:
        teams = rs.sides
        who = f" in {num(len(teams))} partnerships" if all(len(t) == 2 for t in teams) else f" in {num(len(teams))} teams"
    elif f.alone:
        who = f", {'the declarer' if f.contracts else 'the highest bidder'} alone against the others in each deal"
    elif f.soloist:
        who = ", the forehand alone against the others in each deal"
    elif f.n > 2:
        who = ", each for himself"
    else:
        who = ""
    rest = ""
    if f.talon:
        rest = f"; the other {num(f.talon_size)} form the talon"
    elif rs.deal.widow is not None and f.rest > 0:
        taker = {"declarer_hand": "the declarer's hand", "first_trick_winner_hand": "the hand of the first trick's winner"}.get(
            f.widow_to, "the winner of the first trick"
        )
        rest = f"; the other {num(f.rest)} form a widow for {taker}"
    elif f.rest == 0:
        rest = "; all of them are dealt"
    sits = " (the dealer sits each deal out)" if f.sits_out else ""
    return f"{cap(num(f.n))} players{sits}{who}, {f.deck_size} cards, {num(rs.deal.hand_size)} each{rest}."


def _features(f: Facts) -> str:
    rs = f.rs
    parts: list[str] = []
    if f.contracts:
        names = listing([c.name.capitalize() for c in sorted(f.contracts, key=lambda c: c.bid)])
        parts.append(f"an {'open ' if f.open_auction else ''}auction of contracts ({names})")
    elif f.bidding:
        moon = f" (a bid of {f.moon.bid} is the moon{', played without trumps' if f.moon_without_trump else ''})" if f.moon is not None else ""
        parts.append(f"an auction in units of {rs.scoring.unit}{moon}")
    parts.append(_trumps(f))
    if f.marriage:
        values = rs.marriage.values
        parts.append(f"marriages ({values.plain}, or {values.trump} in trumps)")
    else:
        parts.append("no marriages")
    if f.talon:
        parts.append(f"exchanging the {f.exchange_card()}" if f.exchange else "no exchange of the trump card")
        parts.append("closing the talon" if f.closing else "no closing")
    if f.claim:
        parts.append(f"going out by declaring {f.target}{' in the plain game' if f.contracts else ''}")
    else:
        parts.append("no declaring: every deal is played to the last trick")
    return f"Played with {listing(parts)}."


def _trumps(f: Facts) -> str:
    """How trump is fixed (``trump.selection``), in a few words."""
    rs = f.rs
    if f.turn_up:
        return "trumps fixed by the turned-up card"
    if f.selection == "dealer_card":
        return "trumps fixed by the dealer's last card (shown to everybody)"
    if f.named:
        seen = f.seen_when_named()
        after = " before seeing a card" if not seen else f" after seeing {cards(seen)}" if seen < rs.deal.hand_size else ""
        passed = {
            "turn_next": " (if he passes, the first card of his next packet is turned up for trump)",
            "partner": " (or by his partner if he passes)",
        }.get(rs.trump.if_passed, "")
        if rs.trump.if_passed == "turn_next" and rs.trump.name_after_packet == 0:
            passed = " (if he passes, his first card is turned up for trump)"
        return f"trumps named by the forehand{after}{passed}"
    by = " by the declarer" if rs.play.first_lead == "declarer" else ""
    return f"trumps fixed by the first card led{by}"


def _match(f: Facts) -> str:
    m = f.rs.match
    if f.game_points:
        return f"Match to {gp(m.target)}."
    goes_out = "; the bidder goes out" if m.bidder_goes_out else ""
    return f"Match to {m.target} points{goes_out}."
