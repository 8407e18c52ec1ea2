"""A ruleset as a rulebook: the rules in plain sentences, generated from the ruleset's data.

:func:`rulebook` writes a complete rulebook for a :class:`~interpreter.rules.ruleset.Ruleset` in
Markdown (``fmt="md"``) or as a standalone HTML page (``fmt="html"``).  Every sentence is
derived from the ruleset's values -- nothing here knows a variant by name -- so a house
ruleset gets a correct rulebook without any code, and the bundled rulebooks in
``docs/rulebooks/`` are regenerated rather than edited.

The text is built once as a small document (headings, paragraphs, lists, tables; see
:mod:`.document`) and then rendered, so the Markdown and the HTML always say the same thing.
The modules follow the rulebook's sections:

* :mod:`.words` -- small words, and :class:`~.words.Facts`: the numbers and the words for
  players and sides that every section needs;
* :mod:`.formulas` -- scoring expressions in English;
* :mod:`.setup` -- cards, players and sides, the deal, trump, exchanging the trump card;
* :mod:`.tricks` -- marriages, closing the talon, play, declaring;
* :mod:`.settling` -- the end of the deal, scoring, the auction, the match;
* :mod:`.summary` -- the opening paragraph of a ruleset without a description of its own (a
  house file that writes none: its base's description would describe the base).

From the command line: ``rules describe schnapsen [--format html]``; the checked-in
rulebooks and goldens are rewritten by ``python tools/regen_docs.py --goldens --rulebooks``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.text.diff import diff_rulesets
from interpreter.text.rulebook.document import Doc, Section, to_html, to_markdown
from interpreter.text.rulebook.settling import auction_section, end_section, match_section, scoring_section
from interpreter.text.rulebook.setup import (
    cards_section,
    deal_section,
    exchange_section,
    players_section,
    trump_section,
)
from interpreter.text.rulebook.summary import summary
from interpreter.text.rulebook.tricks import claim_section, closing_section, marriage_section, play_section
from interpreter.text.rulebook.words import Facts, code

if TYPE_CHECKING:
    from interpreter.rules.ruleset import Ruleset

__all__ = ["rulebook", "base_of", "differences_heading", "SECTION_HEADINGS"]

#: The sections of every rulebook, in order (a house ruleset's rulebook starts with
#: "Differences from <base title>", :func:`differences_heading`).
SECTION_HEADINGS = (
    "Cards and values",
    "Players and sides",
    "The deal",
    "Trump",
    "Exchanging the trump card",
    "Marriages",
    "Closing the talon",
    "Play",
    "Declaring",
    "End of the deal",
    "Scoring",
    "Auction",
    "Match",
)

# --------------------------------------------------------------------------- assembling
def _document(rs: Ruleset, base: Ruleset | None) -> Doc:
    f = Facts(rs)
    intro = [rs.description.strip() if rs.description.strip() else summary(f)]
    source = f"This rulebook is generated from the ruleset {code(rs.name)}"
    if base is not None:
        source += f", a house ruleset based on {code(base.name)}"
    if not rs.description.strip():
        source += "; the file has no description, so the paragraph above is generated too"
    intro.append(source + ".")
    sections: list[Section] = []
    if base is not None:
        diff = Section(differences_heading(base))
        changes = diff_rulesets(base, rs)
        if changes:
            diff.ul([c.text for c in changes], quoted=True)  # plain words quoting the file's values: no marks
        else:
            diff.p("None: the rules are the same.")
        sections.append(diff)
    sections += [
        cards_section(f),
        players_section(f),
        deal_section(f),
        trump_section(f),
        exchange_section(f),
        marriage_section(f),
        closing_section(f),
        play_section(f),
        claim_section(f),
        end_section(f),
        scoring_section(f),
        auction_section(f),
        match_section(f),
    ]
    return Doc(rs.title, intro, sections)


def differences_heading(base: Ruleset) -> str:
    """The heading of a house ruleset's list of differences: the base it extends by its title
    -- "Differences from Schnapsen" -- or, where that base has no title of its own and shows
    the title of a ruleset further up its chain, by its name with that title after it:
    "Differences from c0 (extends Schnapsen)".

    The list is always against the direct base, what the house file itself changes; under the
    borrowed title alone it would read as the differences from that other ruleset, and miss
    what the base in between changes (its match target, say).
    """
    if base.bases:
        from interpreter.rules.loader import load_ruleset

        # the path the loader reached from the user's file, under the user's own checks
        above = load_ruleset(base.bases[0], allow_outside=True)
        if above.title == base.title:
            return f"Differences from {base.name} (extends {base.title})"
    return f"Differences from {base.title}"


def rulebook(rs: Ruleset, base: Ruleset | None = None, fmt: str = "md") -> str:
    """The complete rulebook of ``rs`` as Markdown (``fmt="md"``) or a standalone HTML page (``"html"``).

    With ``base`` (the ruleset a house ruleset extends) the rulebook starts with a section
    "Differences from <base title>" (:func:`differences_heading`) listing :func:`~interpreter.text.diff.diff_rulesets` ``(base, rs)``.
    """
    if fmt not in ("md", "html"):
        raise ValueError(f"fmt must be 'md' or 'html', not {fmt!r}")
    doc = _document(rs, base)
    return to_markdown(doc) if fmt == "md" else to_html(doc)


# --------------------------------------------------------------------------- files
def base_of(rs: Ruleset, *, allow_outside: bool = False) -> Ruleset | None:
    """The ruleset ``rs`` extends, loaded from the file the loader found it in, or ``None`` for
    a ruleset without ``extends`` (``allow_outside`` as for ``rs`` itself, for the base's own chain)."""
    if not rs.bases:
        return None
    from interpreter.rules.loader import load_ruleset

    return load_ruleset(rs.bases[0], allow_outside=allow_outside)
