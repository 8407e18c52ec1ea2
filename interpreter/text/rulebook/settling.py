"""Rulebook sections on settling: the end of the deal, scoring, the auction, the match."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.text.rulebook.document import Section
from interpreter.text.rulebook.formulas import ExprWords, Name
from interpreter.text.rulebook.words import Facts, cap, code, gp, listing, num, possessive
from interpreter.text.rulebook.contracts import contract_result_rows, contract_rules, contract_scoring
from interpreter.text.rulebook.tricks import fail_words

if TYPE_CHECKING:
    from interpreter.rules.expr import Expression
    from interpreter.rules.ruleset import MatchSpec

# the formulas are printed for rule authors (the tables above them say the same in words)
NOTATION = "In the ruleset's own notation, for rule authors"


def end_section(f: Facts) -> Section:
    rs = f.rs
    end = rs.end
    s = Section("End of the deal")
    if not f.game_points:
        out = "Every deal is played to the last trick." if not f.claim else ""
        bonus = (
            f"The winner of the last trick adds {end.last_trick_bonus} card points."
            if end.last_trick_bonus
            else "There is no bonus for the last trick."
        )
        widow = " (the widow included)" if rs.deal.widow is not None and f.rest > 0 and not f.talon else ""
        if f.alone:
            count = f"the declarer counts his total, the defenders their joint total{widow},"
        else:
            count = f"each {f.side} counts {'its' if f.partnership else 'his'} total{widow}"
        s.p(out, bonus, f"Then {count} and the hand is scored as described under Scoring.")
        return s
    steps: list[str] = []
    if f.contracts:
        steps.append("A contract ends the deal as soon as it is made or lost (see Auction); the rest is about the plain game.")
    start = "When the last trick has been played" + (" and nobody has gone out" if f.claim else "")
    if end.last_trick_bonus:
        not_closed = " (not when the talon was closed)" if f.closing else ""
        steps.append(f"{start}, the winner of the last trick adds {end.last_trick_bonus} card points{not_closed}.")
    else:
        steps.append("There is no bonus for the last trick.")
    auto = f.claim and rs.claim.after_last_trick == "auto"
    if auto:
        he = "his side" if f.pooled else "he"  # a declaration counts the deal side's points
        steps.append(
            f"If {he} has then reached {f.target}, he is treated as declaring (see Declaring)."
            if end.last_trick_bonus
            else f"{start}, the winner of the last trick is treated as declaring if {he} has reached {f.target} "
            "(see Declaring)."
        )
    if f.closing:
        first = "Otherwise, if" if auto or end.last_trick_bonus else f"{start}: if"
        steps.append(
            f"{first} the talon was closed, the closer has failed, and "
            f"{f.opponent if f.many else 'his opponent'} scores as described under Closing the talon."
        )
    intro = "Otherwise" if auto or f.closing else ("Then" if end.last_trick_bonus else start)
    if end.unclaimed == "last_trick_wins":
        steps.append(
            f"{intro}, the winner of the last trick wins the deal and scores {gp(end.last_trick_points)}, "
            "whatever the card points."
        )
    else:
        steps.append(
            f"{intro}, the {f.side} with the {'highest' if f.many else 'higher'} total (card points"
            f"{' plus marriages that count' if f.marriage else ''}{', the bonus included' if end.last_trick_bonus else ''}) wins the deal, and "
            f"the game points are reckoned on {_reckoned_on(f)[0]} final points and tricks (see Scoring)."
        )
        equal = f"If two or more {f.sides} share the highest total" if f.many else "If the totals are equal"
        if end.tie == "no_score":
            steps.append(f"{equal}, the deal is drawn: nobody scores, and the same dealer deals again.")
        elif end.tie == "next_deal_bonus":
            steps.append(
                f"{equal}, the deal is drawn: nobody scores, the same dealer deals again, and the "
                "winner of the next deal scores one game point more (one, however many deals in a row were drawn)."
            )
        elif f.many:
            steps.append(
                f"{equal}, the winner of the last trick wins the deal and scores {gp(end.last_trick_points)} if he "
                "is one of them; otherwise the deal is drawn: nobody scores, and the same dealer deals again."
            )
        else:
            steps.append(
                f"{equal}, the winner of the last trick wins the deal and scores {gp(end.last_trick_points)}."
            )
    s.p(*steps)
    return s


def _reckoned_on(f: Facts) -> tuple[str, bool]:
    """Whose points and tricks ``scoring.game_points`` reads, in words (``the loser's``, ``the
    winner's``, or both), and whether it reads both sides'.  Most rulesets read only the loser's
    (Schnapsen's 1/2/3 by the loser's points), but a formula may read the winner's own total
    (Bicycle: 2 game points at 100 or more): a rulebook saying "on the loser's points" there
    would contradict the formula it prints."""
    names = f.rs.scoring.game_points.names
    winner = bool(names & {"points", "tricks"})
    loser = bool(names & {"opponent_points", "opponent_tricks"}) or not winner
    if winner and loser:
        return f"{possessive(f.winner)} and {f.position()}", True
    return (possessive(f.winner) if winner else f.position()), False


def _game_point_names(f: Facts) -> ExprWords:
    winner, loser, many = f.winner, f.loser, f.loser_plural
    return ExprWords(
        {
            "points": Name("points", f"{possessive(winner)} points", winner, noun_plural=True),
            "tricks": Name("tricks", f"the number of tricks {winner} has taken", winner),
            "opponent_points": Name("points", f"{possessive(loser)} points", loser, many, noun_plural=True),
            "opponent_tricks": Name("tricks", f"the number of tricks {loser} {'have' if many else 'has'} taken", loser, many),
        },
        {},
    )


def _unit_names(f: Facts, defenders: bool = False) -> ExprWords:
    """The names of a units formula; for the defenders against a lone bidder, their joint total."""
    if defenders and f.alone:
        subject, poss, has, many = "the defenders", "the defenders' joint", "have", True
    else:
        subject, poss, has, many = ("it", "its", "has", False) if f.partnership else ("he", "his", "has", False)
    return ExprWords(
        {
            "points": Name("points", f"{poss} total", subject, many),
            "tricks": Name("tricks", f"the number of tricks {subject} {has} taken", subject, many),
            "bid": Name("other", "the bid"),
        },
        {"unit": f.rs.scoring.unit},
    )


def scoring_section(f: Facts) -> Section:
    rs = f.rs
    sc = rs.scoring
    s = Section("Scoring")
    if f.game_points:
        if f.contracts:
            plain = ", the game played when everybody passes" if f.all_pass_plays else ""
            s.p(contract_scoring(f) + f" The rest of this section is about the plain game{plain}.")
        words = _game_point_names(f)
        cases, other = words.cases(words.tree(sc.game_points))
        ways = listing([
            "by going out" if f.claim else "",
            "by a successful close" if f.closing and f.claim else "",  # a closer succeeds only by going out
            f"by the {'highest' if f.many else 'higher'} total" if rs.end.unclaimed == "higher_total" else "",
        ], "or")
        won = f"When the deal is won {ways}, the" if ways else "The"
        # a formula without conditions is one value (perhaps of the positions): said in a
        # sentence, not as a one-row table under "the conditions are checked in this order"
        if f.each_pays:
            pays = (
                "game points a loser pays depend on his own points and tricks; the conditions are checked in this order:"
                if cases else f"number of game points a loser pays is {other}."
            )
            s.p(
                f"The winner of a deal scores game points from each of the other {f.sides}, the losers: each "
                f"loser pays him by his own position, and the winner scores the sum. {won} {pays}"
            )
        else:
            losers = ""
            if f.many:
                losers = (
                    f" The other {f.sides} are the losers and count as one opponent: their points and tricks are "
                    "added up, and the winner scores once."
                )
            elif f.solo:
                losers = " " + _solo_scores(f)
            whose, both = _reckoned_on(f)
            depends = (
                f"number of game points depends on {whose} position{'s' if both else ''}; the conditions are checked in this order:"
                if cases else f"number of game points is {other}."
            )
            s.p(f"The winner of a deal scores game points.{losers} {won} {depends}")
        if cases:
            rows = [[("if " if i == 0 else "otherwise, if ") + cond, value] for i, (cond, value) in enumerate(cases)]
            rows.append(["otherwise", other])
            s.table(["Condition", "Game points"], rows)
        s.p(f"{NOTATION}: {code(sc.game_points.source)}.")
        bonus = ", the bonus for the last trick included" if rs.end.last_trick_bonus else ""
        his, points = f.loser_his, f"{possessive(f.loser)} points"
        reads = sc.game_points.names
        # against one player the loser may be the defenders, whose points (and tricks) the
        # engine adds up as a side's (Settling._opp_now)
        pair = " When the defenders lose, their points and tricks are counted together." if f.solo else ""
        won_pair = " When the defenders win, their points and tricks are counted together." if f.solo else ""
        if "points" in reads:  # the winner's own total: his marriages that count always count
            its = "its" if f.partnership else "his"
            marr = f" plus {its} marriages that count" if f.marriage else ""
            s.p(f"Here {possessive(f.winner)} points are the card points of {its} tricks{marr}{bonus}.{won_pair}")
        if "points" in reads and "opponent_points" not in reads:
            pass  # the loser's points set nothing: no words for them
        elif not f.marriage:
            s.p(f"Here {points} are the card points of {his} tricks{bonus}.{pair}")
        elif sc.opponent_points == "tricks_and_counted_marriages":
            s.p(
                f"Here {points} are the card points of {his} tricks plus {his} marriages that count{bonus}; "
                f"a pending marriage never counts.{pair}"
            )
        else:
            s.p(f"Here {points} are the card points of {his} tricks only{bonus}; marriages do not count.{pair}")
        s.p("How each way of ending a deal is scored:")
        s.table(["How the deal ended", "Who scores", "Game points"], _result_rows(f))
        if rs.bidding.doubling is not None:
            s.p(_doubled_scores(f))
        if sc.trump_ten:
            s.p(_trump_ten(f))
        return s
    # units
    unit = sc.unit
    words = _unit_names(f)
    decl = "the declaring side" if f.partnership else "the declarer"
    pron = "it" if f.partnership else "he"
    poss = "its" if f.partnership else "his"
    took = "it took" if f.alone else "he took"
    widow = f", plus the widow if {took} it" if rs.deal.widow is not None and f.rest > 0 and not f.talon else ""
    marr = f", plus {'its' if f.alone else poss} marriages that count" if f.marriage else ""
    bonus = f", plus {rs.end.last_trick_bonus} for the last trick" if rs.end.last_trick_bonus else ""
    if f.alone:
        count = (
            f"the declarer counts his total, and the defenders (the other {num(f.n - 1)} players) their joint "
            "total: the card points of the tricks each side has won"
        )
    else:
        count = f"each {f.side} counts {poss} total: the card points of the tricks {pron} has won"
    s.p(f"At the end of the hand {count}{widow}{marr}{bonus}. Scores are reckoned in units of {unit} card points.")

    def said(expr: Expression, example: str = "") -> str:
        return words.value(words.tree(expr)) + example

    s.p(
        f"{cap(decl)} makes {poss} bid if {poss} total is at least {unit} times the bid "
        f"(for example, {2 * unit} for a bid of 2). If {pron} makes it, {pron} scores "
        f"{said(sc.made, _example(sc.made, f, points=2 * unit + 4))}. If not, {pron} is set and scores "
        f"{said(sc.set, _example(sc.set, f, bid=2))}."
    )
    if f.alone:
        defenders = "Each defender"
        theirs = _unit_names(f, defenders=True)
        said_defenders = theirs.value(theirs.tree(sc.defenders))
    else:
        defenders = "Each defending side" if f.partnership else ("The other player" if f.n == 2 else "Each of the other players")
        said_defenders = said(sc.defenders)
    s.p(
        f"{defenders} scores {said_defenders}{_example(sc.defenders, f, points=unit + 2)}, whether the bid "
        "was made or not. " + (
            "A hand's score may be negative, but a match score never goes below 0 (see Match)."
            if rs.match.negative == "floor_zero"
            else "Scores may become negative."
        )
    )
    if f.moon is not None:
        mb = f.moon.bid
        s.p(
            f"A moon (bid {mb}) is made if {decl} {_moon_goal(f, 'wins', 'takes')}; {pron} then scores "
            f"{_fixed(sc.moon_made, f, mb, said)}, otherwise {_fixed(sc.moon_set, f, mb, said)}."
        )
    formulas = [
        f"made {code(sc.made.source)}",
        f"set {code(sc.set.source)}",
        f"defenders {code(sc.defenders.source)}",
    ]
    if f.moon is not None:
        formulas += [f"moon made {code(sc.moon_made.source)}", f"moon set {code(sc.moon_set.source)}"]
    exprs = [sc.made, sc.set, sc.defenders] + ([sc.moon_made, sc.moon_set] if f.moon is not None else [])
    used = set().union(*(e.names for e in exprs))
    bid_zero = ", 0 for defenders" if "bid" in sc.defenders.names else ""
    meanings = [
        "points = the total" if "points" in used else "",
        "tricks = the tricks taken" if "tricks" in used else "",
        f"bid = the bid{bid_zero}" if "bid" in used else "",
        f"unit = {unit}" if "unit" in used else "",
    ]
    named = ", ".join(m for m in meanings if m)
    s.p(
        f"{NOTATION}{f' ({named})' if named else ''}: {listing(formulas)}.",
        "For a defender, points and tricks are those of all the defenders together." if f.alone and used & {"points", "tricks"} else "",
    )
    return s


def _solo_scores(f: Facts) -> str:
    """One player against the rest (``bidder_vs_rest``, ``forehand_vs_rest``) with game points:
    the deal's two sides, and every player of the winning side scoring the game points."""
    solo = "the declarer" if f.alone else "the forehand"
    dealer = " (and so does the dealer, who sat the deal out)" if f.soloist and f.sits_out else ""
    return (
        f"The two sides of a deal are {solo} and the defenders: when {solo} wins, he scores the game points"
        f"{dealer}; when the defenders win, each of them scores them."
    )


def _trump_ten(f: Facts) -> str:
    """``scoring.trump_ten``: game points for taking the ten of trumps, on top of the deal's result."""
    ten = gp(f.rs.scoring.trump_ten)
    if f.partnership:
        who = f"the side that takes the ten of trumps in a trick scores {ten}"
    elif f.solo:
        who = f"the side that takes the ten of trumps in a trick scores {ten} (each defender, when the defenders take it)"
    else:
        who = f"the player who takes the ten of trumps in a trick scores {ten}"
    no_trump = any(c.trump == "none" for c in f.contracts) or f.moon_without_trump
    return (
        f"On top of this, {who}, whoever wins the deal (also in a drawn deal, but not when the cards are thrown in)."
        + (" A deal played without trumps has no ten of trumps." if no_trump else "")
    )


def _fixed(expr: Expression, f: Facts, bid: int, said: Any) -> str:
    """A moon score: its value when it depends on the bid only, with the words after it."""
    if set(expr.names) <= {"bid", "unit"}:
        value = int(expr.evaluate({"points": 0, "tricks": 0, "bid": bid, "unit": f.rs.scoring.unit}))
        return f"{value} ({said(expr)})"
    return str(said(expr))


def _example(expr: Expression, f: Facts, *, points: int | None = None, bid: int | None = None) -> str:
    """A worked example, when the expression depends only on the total or only on the bid."""
    names = set(expr.names) - {"unit"}
    env = {"points": points or 0, "tricks": 0, "bid": bid or 0, "unit": f.rs.scoring.unit}
    try:
        value = int(expr.evaluate(env))
    except Exception:  # pragma: no cover - a formula that fails on sample values gets no example
        return ""
    if not names:
        return ""
    if names == {"points"} and points is not None:
        return f" (for example, {value} for a total of {points})"
    if names == {"bid"} and bid is not None:
        return f" (for example, {value} for a bid of {bid})"
    return ""


def _scorer(f: Facts) -> str:
    """Who scores a wrong declaration, as the penalty's condition names it (not "he")."""
    if f.partnership or f.solo:
        return "the other side"
    return "that opponent" if f.many else "the opponent"


def _result_rows(f: Facts) -> list[list[str]]:
    rs = f.rs
    end = rs.end
    rows: list[list[str]] = []
    not_closed = ", talon not closed" if f.closing else ""
    played = "all cards played, nobody went out" if f.claim else "all cards played"
    loser = _reckoned_on(f)[0]
    auto = f.claim and rs.claim.automatic
    if auto:
        rows.append([f"{rs.claim.target} reached{not_closed}", "the player who reached it", f"by the table above, on {loser} points and tricks at that moment"])
    elif f.claim:
        who = "the player who declared" if f.bidding else "the declarer"  # not the auction's declarer
        if f.partnership or f.solo:  # his partners of the deal score with him (a team; the pair against a soloist)
            who = "the side of " + who
        rows.append([f"correct declaration{not_closed}", who, f"by the table above, on {loser} points and tricks at that moment"])
    if end.unclaimed == "higher_total":
        best = "the highest total" if f.many else "the higher total"
        rows.append([f"{played}{not_closed}", best, f"by the table above, on {loser} final points and tricks"])
        equal = "equal highest totals" if f.many else "equal totals"
        if end.tie == "last_trick_wins":
            among = ", the winner of the last trick among them" if f.many else ""
            rows.append([equal + among, "the winner of the last trick", str(end.last_trick_points)])
            if f.many:
                rows.append([f"{equal}, the winner of the last trick not among them (drawn deal)", "nobody", "0"])
        else:
            extra = "; the next deal's winner scores one more" if end.tie == "next_deal_bonus" else ""
            rows.append([f"{equal} (drawn deal)", "nobody", f"0{extra}"])
    else:
        rows.append([f"{played}{not_closed}", "the winner of the last trick", str(end.last_trick_points)])
    if f.closing:
        cl = rs.closing
        basis = "when the talon was closed" if cl.success_basis == "at_close" else "at the end, tricks after the close included"
        opponent = f.opponent if f.many else "the closer's opponent"
        if f.claim:
            rows.append(["the closer goes out correctly", "the closer", f"by the table above, on {f.position('opponent')} points and tricks {basis}"])
        rows.append(["the closer does not go out" if f.claim else "the talon was closed", opponent, fail_words(f, table=True)])
        if f.claim:
            rows.append([
                f"{f.rival} goes out first" if f.many else "the closer's opponent goes out first",
                f.other if f.many else "the closer's opponent",
                fail_words(f, table=True) if cl.opponent_out == "as_fail" else str(cl.fail_points.base),
            ])
    if f.contracts:
        rows += contract_result_rows(f)
    if f.claim and not auto:
        fp = rs.claim.false_points
        wrong = str(fp.base) if fp.base == fp.opponent_without_trick else (
            f"{fp.base}, or {fp.opponent_without_trick} if {_scorer(f)} has not yet taken a trick"
        )
        if f.closing and rs.claim.false_after_close == "larger":
            wrong += "; if the declarer had closed the talon, the larger of this and the failed-close score"
        elif f.closing:
            wrong += ", also if the declarer had closed the talon"
        if f.solo:  # one player against the rest: the declarer's opponents may be two defenders, each scoring
            against = "the other side (each of its players)"
        else:
            against = "the other side" if f.partnership else "the declarer's opponent"
        rows.append(["wrong declaration", f.opponent if f.many else against, wrong])
    return rows


def auction_section(f: Facts) -> Section:
    rs = f.rs
    b = rs.bidding
    s = Section("Auction")
    if not b.enabled:
        # doubling without bids: the section is the doubling's, not "There is no auction."
        s.p("There is no bidding; the only calls are doubling." if b.doubling is not None else "There is no auction.")
        if b.doubling is not None:
            s.p(_doubling(f))
        return s
    s.p(_auction_for(f), _rounds(f))
    if f.contracts:
        contract_rules(f, s)
    else:
        _unit_bids(f, s)
    s.p(_all_pass(f))
    if b.moon is not None:
        if b.moon.partner_sits_out and f.partnership:
            s.p(
                f"A bid of {b.moon.bid} is the moon (\"shooting the moon\"): the declarer's partner lays his cards "
                "face down and takes no part in the hand, and the declarer plays alone against both opponents. "
                f"He must {_moon_goal(f, 'win', 'take')}."
            )
        else:
            s.p(f"A bid of {b.moon.bid} is the moon: the declarer must {_moon_goal(f, 'win', 'take')}.")
        if f.moon_without_trump:
            s.p(_no_trump_moon(f))
    if b.doubling is not None:
        s.p(_doubling(f))
    return s


def _doubling(f: Facts) -> str:
    """``bidding.doubling``: Kontra (and Re) before the first lead."""
    rs = f.rs
    solo = "the declarer" if rs.bidding.enabled else "the player who plays alone (the forehand)"
    text = (
        f"Before the first lead, each opponent of {solo} in turn, starting at his left, may double (Kontra, "
        "Spritze): the deal then counts twice, whoever wins it. Once one has doubled, the others are not asked."
    )
    if rs.bidding.doubling is not None and rs.bidding.doubling.redouble:
        text += f" {cap(solo)} may then redouble (Re): the deal counts four times."
    words = "`double`, `redouble` or `pass`" if rs.bidding.doubling is not None and rs.bidding.doubling.redouble else "`double` or `pass`"
    return text + f" At the table this is written {words}."


def _doubled_scores(f: Facts) -> str:
    """``bidding.doubling`` in Scoring: every score of a doubled deal is multiplied
    (``Settling._with_doubling``), not only the winner's -- a wrong declaration's too."""
    text = "A doubled deal (see Auction) counts twice: every score in the table above is doubled"
    if f.rs.bidding.doubling is not None and f.rs.bidding.doubling.redouble:
        text += ", and a redoubled deal counts four times"
    return text + "."


def _rounds(f: Facts) -> str:
    """How the calls go round (``bidding.rounds``): once each, or until all but one have passed."""
    higher = "announcing a higher contract" if f.contracts else "bidding higher than the bid before"
    if f.open_auction:
        return (
            "It starts with the player to the dealer's left and goes round and round clockwise: each player in "
            f"turn either passes or bids, {higher}, and a player who has passed is out of the auction and may not "
            "bid again. The auction ends when everybody but the highest bidder has passed, or everybody has passed."
        )
    once = (
        "It starts with the player to the dealer's left and goes clockwise; each player speaks once, either "
        f"passing or {higher}. The dealer speaks last."
    )
    if f.rs.bidding.partner_rebid_when_overbid:
        once += (
            " But a player whose bid an opponent overbids gives his partner another chance: if the partner has "
            "spoken already, he may bid again when the round is over, and every further overbid gives the "
            "overbid player's partner the same chance, until one of them passes."
        )
    return once


def _unit_bids(f: Facts, s: Section) -> None:
    """Bids in units of ``scoring.unit`` (no contracts): what a bid undertakes, and who declares."""
    rs = f.rs
    b = rs.bidding
    unit = rs.scoring.unit
    moon = b.moon.bid if b.moon is not None else None
    plain = [v for v in b.values if v != moon]
    side = "the bidder's side" if f.partnership else "the bidder"
    if plain:
        meaning = ", ".join(f"{v} = {v * unit}" for v in plain)
        s.p(
            f"The bids are {listing([str(v) for v in b.values], 'and')}. A bid of n undertakes that {side} will take "
            f"at least {unit} × n {'points (card points plus marriages that count)' if f.marriage else 'card points'}: {meaning}."
        )
    total = rs.deck.total_points + rs.end.last_trick_bonus
    beyond = [v for v in plain if v * unit > total]
    if beyond:
        which = listing([f"{v} ({v * unit})" for v in beyond])
        if len(beyond) == 1:
            s.p(f"A bid of {which} is more than the {total} card points in the pack, so it can only be made with the help of marriages.")
        else:
            s.p(f"Bids of {which} are more than the {total} card points in the pack, so they can only be made with the help of marriages.")
    if f.partnership:
        s.p("Bids are not added up within a partnership: if both partners bid, only the higher bid counts.")
    lead = ""
    if rs.play.first_lead == "declarer":
        lead = " He leads to the first trick"
        if f.selection == "first_card_led":
            lead += ", and the suit of his first card is trump" + (", except in the moon." if f.moon_without_trump else ".")
        else:
            lead += "."
    alone = " He plays alone against all the others (see Players and sides)." if f.alone else ""
    s.p(f"The highest bidder becomes the declarer.{alone}{lead}")


def _all_pass(f: Facts) -> str:
    """What happens when everybody passes (``bidding.all_pass``)."""
    b = f.rs.bidding
    if b.all_pass == "redeal":
        return "If everybody passes, the cards are thrown in and the next dealer deals."
    if b.all_pass == "dealer_must_bid":
        return "If everybody before him has passed, the dealer may not pass: he must bid."
    alone = " alone against all the others" if f.alone else ""
    if f.contracts:
        return (
            "If everybody passes, no contract is played: the plain game is played, with the forehand as the "
            f"declarer{alone} (he leads to the first trick), and scored as described under Scoring."
        )
    return (
        f"If everybody passes, the deal is played all the same, with the forehand as the declarer{alone} (he leads "
        "to the first trick)."
    )


def _moon_goal(f: Facts, win: str, take: str) -> str:
    """What the moon needs (``bidding.moon.requirement``): every trick, or ``moon.points`` points
    (card points of the tricks plus marriages that count); ``win``/``take`` are the verb's form."""
    moon = f.moon
    if moon is None or moon.requirement == "all_tricks":
        return f"{win} every trick"
    counted = " (card points of the tricks plus marriages that count)" if f.marriage else " card points"
    return f"{take} at least {moon.points} points{counted}" if f.marriage else f"{take} at least {moon.points}{counted}"


def _no_trump_moon(f: Facts) -> str:
    """``bidding.moon.trump: none``: the moon is played without a trump suit."""
    void = " A player who cannot follow suit may play any card." if f.rs.play.trump_when_void else ""
    marriages = (
        f" Every marriage counts as one in a plain suit ({f.rs.marriage.values.plain})." if f.marriage else ""
    )
    return (
        "The moon is played without trumps: the first card led does not fix trumps, and every trick is won by "
        f"the highest card of the suit led.{void}{marriages}"
    )


def _auction_for(f: Facts) -> str:
    """What the auction is for: fixing trumps by the first lead only where the first card led is
    trump (``trump.selection``); a named trump is named before the auction, and a shown one before
    anything else."""
    if f.contracts:
        when = "Once trump has been named (see Trump)," if f.named else "Before play"
        return f"{when} there is an auction of contracts."
    if f.selection == "first_card_led":
        return "Before play there is an auction for the right to fix trumps by leading."
    if f.named:
        return "Once trump has been named (see Trump), there is an auction for the right to be the declarer."
    return "Before play there is an auction for the right to be the declarer; trump is already fixed (see Trump)."


def match_section(f: Facts) -> Section:
    rs = f.rs
    m = rs.match
    s = Section("Match")
    who = "side" if f.partnership else "player"
    if f.game_points:
        first = f"A match is a series of deals. The first {who} to reach {gp(m.target)} wins the match."
        if rs.side_count > 2:  # two defenders score alike (Dreierschnapsen, Burgenland): a tie at the top is common
            first += f" If more than one {who} reaches it in the same deal, the highest score wins; {_top_tie(m, 'deal')}."
        s.p(first)
    else:
        s.p(f"A match is a series of hands; each {who}'s scores are added up. The first {who} to reach {m.target} points wins the match.")
        declarer = "the declaring side" if f.partnership else "the declarer"
        if rs.side_count == 2:
            both = f"If both {who}s reach {m.target} in the same hand"
            if m.bidder_goes_out:
                s.p(f"{both}, {declarer} wins: the bidder goes out.")
            else:
                s.p(f"{both}, the higher score wins; if the scores are level, another hand is played.")
        else:
            reach = f"If more than one {who} reaches {m.target} in the same hand"
            tie = _top_tie(m, "hand")
            if m.bidder_goes_out:
                s.p(
                    f"{reach} and {declarer} is one of them, {declarer} wins: the bidder goes out. Otherwise the "
                    f"highest score wins; {tie}."
                )
            else:
                s.p(f"{reach}, the highest score wins; {tie}.")
    _match_scores(f, s, who)
    dealing = [f"Seat {rs.dealer.first} deals the first deal."]
    rotation = rs.dealer.rotation
    if rotation in ("alternate", "clockwise"):
        dealing.append("After that the deal alternates." if f.n == 2 else "After that the deal passes to the left.")
    elif f.n == 2:
        dealing.append(f"After that the {'winner' if rotation == 'winner_deals' else 'loser'} of each deal deals the next one.")
    else:
        side = "won" if rotation == "winner_deals" else "lost"
        dealing.append(f"After that the next deal is dealt by the first player to the dealer's left on the side that {side} the deal.")
    if f.game_points and rs.end.unclaimed == "higher_total" and rs.end.tie != "last_trick_wins":
        dealing.append("After a drawn deal the same dealer deals again.")
    if f.bidding and rs.bidding.all_pass == "redeal" and rotation not in ("alternate", "clockwise"):
        dealing.append("After a hand thrown in, the next player deals.")
    s.p(*dealing)
    return s


def _top_tie(m: MatchSpec, deal: str) -> str:
    """What level highest scores at the target do (:func:`~interpreter.engine.match.match_winner`):
    another deal, or, in a match played for the last place, nothing."""
    if m.bummerl == "last_place":
        # the named winner decides who takes the Bummerl only through a Retourschneider
        # (Match.bummerl: "while the winner had 0")
        named = (
            "which matters only for a Retourschneider (below)" if m.shutout == "retour"
            else "which changes nothing about who takes the Bummerl"
        )
        return ("if the highest scores are level, the match ends all the same, since it is played to find who "
                f"comes last and takes the Bummerl: the first of them in seat order is named the winner, {named}")
    return f"if the highest scores are level, another {deal} is played"


def _match_scores(f: Facts, s: Section, who: str) -> None:
    """How the match score is kept (``match.count``, ``match.negative``) and what a won match is
    worth (``match.shutout``)."""
    m = f.rs.match
    unit = "game points" if f.game_points else "points"
    notes: list[str] = []
    if m.count == "down":
        notes.append(
            f"The score is kept counting down, as Schnapsen players chalk it: each {who} starts at {m.target} and "
            f"strikes off the {unit} {'it' if f.partnership else 'he'} wins, and the first to reach 0 wins the match (the same game as counting "
            f"up to {m.target})."
        )
    if m.negative == "floor_zero":
        notes.append(f"A match score never goes below 0: a {who} whose score would fall below 0 stays at 0.")
    losers = f"every {who} but the winner" if m.bummerl == "every_loser" else f"the {who} with the lowest score (each of them, if tied)"
    if m.bummerl == "last_place" or m.shutout != "none":
        notes.append(f"When the match is won, {losers} takes a lost match (a Bummerl).")
    if m.shutout != "none":
        nothing = "still has no game point" if f.game_points else "has 0 points or fewer"
        notes.append(f"A losing {who} that {nothing} takes two (a Schneider, a shutout).")
        if m.shutout == "retour":
            notes.append(
                f"A losing {who} that once stood one point from the target while the winner had 0 takes four "
                "(a Retourschneider)."
            )
    s.p(*notes)
