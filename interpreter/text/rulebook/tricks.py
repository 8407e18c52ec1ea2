"""Rulebook sections on the play of the tricks: marriages, closing the talon, play, declaring."""

from __future__ import annotations

from interpreter.text.rulebook.document import Section
from interpreter.text.rulebook.words import Facts, article, cap, code, gp, listing, num


def marriage_section(f: Facts) -> Section:
    rs = f.rs
    m = rs.marriage
    s = Section("Marriages")
    if not m.enabled:
        s.p("There are no marriages.")
        return s
    first, second = f.marriage_ranks()
    lead = (
        f"he leads the {first} and shows the {second} (a marriage cannot be announced by leading the {second})"
        if m.lead_card == "first_rank"
        else "he leads one of the two cards and shows the other"
    )
    if m.must_announce:
        alone = f"{article(first)} or {second} led without announcing the marriage scores nothing for it"
    elif m.lead_card == "first_rank":
        alone = f"leading the {first} announces the marriage by itself, while the {second} led alone scores nothing for it"
    else:
        alone = f"leading the {first} or the {second} announces the marriage by itself: neither is led alone while the marriage may be announced"
    s.p(
        f"A player who holds the {first} and {second} of the same suit may announce them as a marriage when he is "
        f"on lead: {lead}. A marriage in trumps is worth "
        f"{m.values.trump} points, a marriage in any other suit {m.values.plain}. {'The leader' if f.partner_marries else 'Only one marriage'} can "
        f"{'announce only one marriage' if f.partner_marries else 'be announced'} on each lead, and {alone}."
    )
    if f.partner_marries:
        s.p(_partner_marriage(f))
    who = f"{f.his} total" if not f.game_points else "his card points"
    if m.counts_after == "own_trick":
        count = (
            f"The marriage's points are added to {who} only once he has won a trick in the deal; until then they "
            "are pending, and they are lost if he wins no trick."
        )
    elif m.counts_after == "own_next_trick":
        count = (
            f"The marriage's points are added to {who} only once he wins a trick after announcing it (the trick "
            "he leads with the marriage counts), even if he has won tricks before; until then they are pending, "
            "and they are lost if he wins no further trick."
        )
    elif m.counts_after == "team_trick":
        count = (
            f"The marriage's points are added to {f.his} total only once his side ({_fellows(f)}) has won a "
            "trick in the deal; until then they are pending, and they are lost if his side wins no trick."
        )
    else:
        count = f"The marriage's points are added to {who} at once."
    s.p(count)
    timing: list[str] = []
    if m.first_lead == "forbidden":
        timing.append("No marriage may be announced on the first lead of the deal.")
    elif m.counts_after != "immediately":
        timing.append(
            "A marriage may be announced even on the first lead of the deal, before anybody has won a trick; "
            "its points then wait as just described."
        )
    if f.talon and not f.closing:  # the talon can only run out: after_close has nothing to say
        if m.after_exhaustion:
            timing.append(
                "Marriages may also be announced after the talon is exhausted."
                if m.first_lead == "forbidden"
                else "Marriages may be announced on any lead, also after the talon is exhausted."
            )
        else:
            timing.append("No marriage may be announced once the talon is exhausted.")
    elif f.talon:
        ok_exhausted = m.after_exhaustion
        ok_closed = m.after_close
        if ok_exhausted and ok_closed:
            when = "after the talon has been closed or exhausted"
            timing.append(
                f"Marriages may also be announced {when}."
                if m.first_lead == "forbidden"
                else f"Marriages may be announced on any lead, also {when}."
            )
        elif not ok_exhausted and not ok_closed:
            timing.append("No marriage may be announced once the talon has been exhausted or closed.")
        elif not ok_exhausted:
            timing.append(
                "No marriage may be announced once the talon is exhausted; after the talon has been closed, "
                "however, marriages may still be announced to the end of the deal."
            )
        else:
            timing.append("Marriages may still be announced once the talon is exhausted, but not once it has been closed.")
        if not m.after_close:
            if m.on_closing_lead:
                timing.append(
                    "There is one exception: a player who closes the talon may announce a marriage on the "
                    "lead at which he closes (he closes first, then announces), and it counts."
                )
            else:
                timing.append("This includes the lead at which a player closes the talon.")
    else:
        timing.append("Any player who is on lead may announce a marriage, on any lead of the deal.")
    s.p(*timing)
    if f.claim and rs.claim.after_marriage and rs.claim.automatic:
        if m.counts_after != "own_next_trick":  # else a marriage never counts when announced
                s.p(
                    f"A marriage that brings a player to {f.target} ends the deal at once, without the trick being played "
                    f"(see Declaring){', except in a contract' if f.contracts else ''}."
                )
    elif f.claim and rs.claim.after_marriage:
        s.p(
            f"A player whose marriage brings {f.whose} to {f.target} may go out at once, without the trick being played "
            f"(see Declaring){', except in a contract' if f.contracts else ''}."
        )
    return s


def _partner_marriage(f: Facts) -> str:
    """``marriage.who: leader_and_partner``: the leader's partner (a fellow defender against a lone
    bidder) may show a marriage during the trick, on his own turn, before he plays."""
    rs = f.rs
    first, second = f.marriage_ranks()
    if f.solo:
        who, led = "A defender", "a fellow defender has led"
    else:
        who, led = "The leader's partner", "his partner has led"
        if not all(len(team) == 2 for team in rs.sides):
            who, led = "A partner of the leader", "a partner has led"
    declare = ""
    if f.claim and rs.claim.after_marriage and not rs.claim.automatic:
        declare = " Having shown it, he may declare at once instead of playing to the trick (see Declaring)."
    elif f.claim and rs.claim.after_marriage and rs.claim.automatic and rs.marriage.counts_after != "own_next_trick":
        declare = f" If the marriage brings his side to {f.target}, the deal ends at once (see Declaring)."
    return (
        f"{who} may also announce a marriage, in a trick {led}: on his own turn, before playing, he shows "
        f"the {first} and {second} of a suit (written {code('marry')} and the {first}, such as "
        f"{code(f'marry {rs.marriage.ranks[0]}{_example_suit(f)}')}), "
        "so that everybody knows he holds both. It scores as the leader's would, under the same limits, and he then "
        f"plays any card the rules of play allow. Each player can announce only one marriage in a trick.{declare}"
    )


def _example_suit(f: Facts) -> str:
    """A suit letter of the deck for an example of notation: hearts where the deck has them."""
    suits = f.rs.deck.suits
    return "H" if "H" in suits else suits[0]


def _fellows(f: Facts) -> str:
    """Who makes up a player's side, in brackets after "his side"."""
    if f.alone:
        return "the declarer alone, or the defenders together"
    if f.soloist:
        return "the forehand alone, or the defenders together"
    return "he or his partner" if all(len(team) == 2 for team in f.rs.sides) else "he or a partner"


def closing_section(f: Facts) -> Section:
    rs = f.rs
    cl = rs.closing
    s = Section("Closing the talon")
    if not f.talon:
        s.p("There is no talon, so there is no closing.")
        return s
    if not cl.enabled:
        s.p("There is no closing.")
        return s
    if cl.timing == "before_or_after_draw":
        when = (
            "either when he is on lead after the draw, before leading, or straight after winning a trick, before "
            "anybody draws (then nobody draws from that trick, and the deal is played out with the cards in hand)"
        )
    else:
        when = (
            "only when he is on lead, before he leads, with a full hand: after the draw, never straight after a "
            "trick before the draw"
        )
    s.p(
        "A player may close the talon by turning the trump card face down, so that nobody draws any more. He may "
        f"do so {when}."
    )
    faces = cl.min_talon_size - 1
    limits = [
        f"The talon may be closed only while it holds at least {cl.min_talon_size} cards, the turn-up included "
        f"(at least {num(faces)} face-down {'card' if faces == 1 else 'cards'} besides it)."
    ]
    if cl.before_first_trick:
        limits.append("It may be closed even on the lead to the first trick.")
    else:
        limits.append("It may not be closed before the first trick has been played.")
    s.p(*limits)
    after = ["nobody draws any more", "the strict rules of play apply (see Play)"]
    if f.marriage:
        if rs.marriage.after_close:
            after.append("marriages may still be announced")
        elif rs.marriage.on_closing_lead:
            after.append("no more marriages may be announced except on the closing lead itself (see Marriages)")
        else:
            after.append("no more marriages may be announced")
    if rs.end.last_trick_bonus:
        after.append(f"the winner of the last trick does not get the {rs.end.last_trick_bonus} for it")
    s.p(f"Once the talon is closed, {listing(after)}.")
    fail = fail_words(f)
    if f.claim:
        basis = (
            f"{f.position('opponent')} points and tricks as they were when the talon was closed"
            if cl.success_basis == "at_close"
            else f"{f.position('opponent')} points and tricks at the end, tricks taken after the close included"
        )
        formula = rs.scoring.game_points
        if formula is not None and formula.names & {"points", "tricks"}:  # the formula reads the closer's own too
            basis += ", and on his own as they are when he goes out"
        first = f.rival if f.many else "the closer's opponent"
        out = f"If {first} goes out first, he scores " + (
            "the same." if cl.opponent_out == "as_fail" else f"{gp(cl.fail_points.base)}."
        )
        going = "go out (the deal ends by itself there)" if rs.claim.automatic else "go out by declaring"
        s.p(
            f"The closer undertakes to reach {f.target} and {going}. If he does, he wins the deal, "
            f"and his game points are reckoned on {basis}. If he fails to go out, {f.opponent} scores {fail}.",
            out,
        )
    else:
        s.p(
            "Nobody can go out by declaring (see Declaring), so a player who closes the talon always fails: "
            f"{f.opponent} scores {fail}."
        )
    return s


def fail_words(f: Facts, table: bool = False) -> str:
    """What the opponent of a closer who fails scores (bare numbers for the scoring table)."""
    fp = f.rs.closing.fail_points
    base = str(fp.base) if table else gp(fp.base)
    if fp.base == fp.no_trick:
        return base
    who = "he" if table else f.other
    if fp.basis == "at_close":
        return f"{base}, or {fp.no_trick} if {who} had not yet won a trick when the talon was closed"
    return f"{base}, or {fp.no_trick} if {who} won no trick in the whole deal"


def play_section(f: Facts) -> Section:
    rs = f.rs
    play = rs.play
    s = Section("Play")
    if play.first_lead == "declarer":
        lead = f"The declarer ({f.declarer_who()}) leads to the first trick."
        if any(c.leader == "forehand" for c in f.contracts):
            lead = lead[:-1] + ", except in a contract that the forehand leads (see Auction)."
    else:
        lead = f"{cap(f.first_receiver)} leads to the first trick."
    s.p(
        lead,
        "Each player in turn, clockwise, plays one card to the trick. The trick is won by the highest trump in "
        "it or, if it holds no trump, by the highest card of the suit led; a card of another suit cannot win. "
        "The winner of a trick leads to the next.",
    )
    strict_always = play.strict_from == "always" or not f.talon
    others = "the other player" if f.active == 2 else "the other players"
    duties = f"{others} must obey these rules:" if play.follow or play.trump_when_void else (
        f"{others} have no duty to follow suit or to trump: any card may be played."
        if f.active > 2
        else f"{others} has no duty to follow suit or to trump: any card may be played."
    )
    if strict_always:
        s.p(f"The leader may lead any card. From the first trick on, {duties}")
    else:
        closed = ", or from the moment the talon is closed" if f.closing else ""
        s.p(
            "As long as the talon is open, any card may be played: there is no obligation to follow suit, to "
            "trump or to win the trick.",
            f"From the first trick after the last card of the talon has been drawn{closed}, strict play applies. "
            f"The leader may still lead any card; {duties}",
        )
    rules: list[str] = []
    if play.follow:
        head = {
            "none": " Any card of that suit will do.",
            "beat_led": " He must also head the trick: play a higher card of that suit than the card led, if he has one.",
            "beat_winner": (
                " He must also play a card of that suit that beats the card currently winning the trick, if he "
                "has one; if the trick has already been trumped, any card of the suit led will do."
            ),
            "beat_highest_led": (
                " He must also play a card of that suit higher than the highest card of that suit already in the "
                "trick, if he has one."
            ),
        }[play.head]
        rules.append("A player must follow suit: play a card of the suit led if he has one." + head)
    else:
        rules.append("A player need not follow suit.")
    if play.trump_when_void and f.active > 2 and play.overtrump == "required" and play.undertrump == "free":
        # trump only to win (wikibooks' Bauernschnapsen: "muss Trumpf nur dann ausgespielt werden,
        # wenn es den Stich bedeutet"): the same duty as overtrumping without undertrumping
        rules.append(
            "A player who has no card of the suit led must play a trump only if it wins the trick: any trump "
            "while the trick holds none, a trump higher than the best one in it otherwise. If none of his trumps "
            "would win the trick, he may play any card."
        )
    elif play.trump_when_void:
        void = "A player who has no card of the suit led must play a trump if he has one."
        if f.active > 2:
            if play.overtrump == "required":
                void += " If the trick already holds a trump, he must play a higher trump if he can"
                void += (
                    "; if he cannot, he must still play a lower trump."
                    if play.undertrump == "required_if_cannot_overtrump"
                    else "; if he cannot, he may play any card."
                )
            else:
                void += (
                    " If the trick already holds a trump, any trump will do."
                    if play.undertrump == "required_if_cannot_overtrump"
                    else " If the trick already holds a trump, he may play any card."
                )
        rules.append(void)
    else:
        rules.append("A player who has no card of the suit led may play any card; he need not trump.")
    if play.follow or play.trump_when_void:
        rules.append("A player who can do none of this may play any card.")
        s.ol(rules)
    if f.partnership:
        s.p("These duties hold even when the trick is already being won by the player's partner.")
    elif f.solo:
        s.p("These duties hold even when the trick is already being won by a fellow defender.")
    info = {
        "none": "Tricks won are kept face down and may not be looked at again; players must remember the points.",
        "last_trick": "The last trick may be looked at until the next card is led; earlier tricks may not be looked at again.",
        "all": f"A player may look through the tricks {'his side has' if f.partnership or f.solo else 'he has'} won at any time.",
    }.get(f.info)
    if info:
        s.p(info)
    return s


def claim_section(f: Facts) -> Section:
    rs = f.rs
    c = rs.claim
    s = Section("Declaring")
    if not c.enabled:
        s.p("There is no declaring: nobody can go out, and every deal is played to the last trick.")
        return s
    count = f.claim_count()
    if c.automatic:
        _automatic_claim(f, s, count)
        return s
    when = "straight after winning a trick, before leading again"
    if c.after_marriage and f.marriage:
        when += ", or straight after announcing a marriage, before the trick is played (the card he led then counts for nobody)"
        if f.partner_marries:
            when += (
                "; a player who shows a marriage during a trick his side has led (see Marriages) may declare "
                "straight after showing it, before he plays (the cards already in the trick then count for nobody)"
            )
    s.p(
        f"A player who believes that {count} have reached {c.target} may declare this (go out): the deal stops "
        f"at once and the points are counted. He may declare only {when}.",
        "Nobody declares during a contract (see Auction): declaring belongs to the plain game." if f.contracts else "",
    )
    s.p(
        f"Points that are not declared are worth nothing: if {f.rival} declares correctly first, "
        f"{f.other} wins the deal, whatever the totals."
    )
    if c.after_last_trick == "auto":
        bonus = ""
        if f.game_points and rs.end.last_trick_bonus:
            bonus = f" (counting the {rs.end.last_trick_bonus} for the last trick{', when he gets it' if f.closing else ''})"
        reached = f"whose side has then reached {c.target}" if f.pooled else f"who has then reached {c.target}"
        s.p(f"The winner of the last trick {reached}{bonus} is treated as declaring straight after it.")
    else:
        s.p(f"Winning the last trick with {c.target} or more is not a declaration: the end of the deal decides.")
    fp = c.false_points
    wrong = gp(fp.base) if fp.base == fp.opponent_without_trick else (
        f"{gp(fp.base)}, or {fp.opponent_without_trick} if {f.other} has not yet taken a trick"
    )
    closer = ""
    if f.closing and rs.claim.false_after_close == "larger":
        closer = (
            f" If the declarer had closed the talon, {f.opponent if f.many else 'his opponent'} scores the larger of "
            "this and the score for a failed close."
        )
    elif f.closing:
        closer = " This holds even if the declarer had closed the talon: the score for a failed close does not apply."
    scores = f"{f.opponent} scores" if f.many else f"{f.opponent} wins the deal and scores"
    # one player against several: the side that wins may be several players, each of whom scores
    each = "; when that side is the defenders, each of them scores them" if f.solo else ""
    has, wins, fewer = ("his side has", "it wins", "it has") if f.pooled else ("he has", "he wins", "he has")
    s.p(
        f"If {has} {c.target} or more, {wins} the deal (see Scoring for the game points). If {fewer} fewer, "
        f"{scores} {wrong}{each}." + closer
    )
    return s


def _automatic_claim(f: Facts, s: Section, count: str) -> None:
    """``claim.automatic``: going out without a declaration."""
    c = f.rs.claim
    when = "as soon as a trick brings them there"
    if c.after_marriage and f.marriage and f.rs.marriage.counts_after != "own_next_trick":
        shown = "; for a marriage shown during a trick, the cards already in it" if f.partner_marries else ""
        when += f", or as soon as he announces a marriage that does (the card he led then counts for nobody{shown})"
    s.p(
        f"Nobody declares: the deal ends by itself when {count} reach {c.target}, {when}, and it is scored as a "
        "correct declaration would be. Nobody can therefore go out wrongly.",
        "This is not so in a contract, which only its goal decides (see Auction)." if f.contracts else "",
    )
    if c.after_last_trick == "auto":
        s.p(f"After the last trick, a winner who has then reached {c.target} likewise goes out.")
    else:
        s.p("After the last trick, the end of the deal decides.")
    s.p(f"A player who reaches {c.target} wins the deal (see Scoring for the game points).")
