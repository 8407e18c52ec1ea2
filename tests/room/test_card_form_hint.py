"""A move the room cannot read is told with the card form of the table's own deck.

A probe sent ``play ZZ`` at a Schnapsen table: the refusal's hint listed the ranks
``A T K Q J 9 8 7 (or 10)``, every rank the notation knows, though Schnapsen's 20 cards have
no 9, 8 or 7.  The expectations are worked by hand from the rule files' ``deck:`` (Schnapsen:
ranks A T K Q J; Sechsundsechzig: A T K Q J 9; both suits C D H S).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from roomtools import Seat, create, open_room, token_of

pytest.importorskip("starlette", reason="rules serve needs the serve extra: pip install -e '.[test]'")

from interpreter.core.errors import NotationError  # noqa: E402
from interpreter.core.notation import CARD_FORM, card_form, parse_action  # noqa: E402


@pytest.mark.parametrize("ruleset, ranks", [("schnapsen", "A T K Q J"), ("sechsundsechzig", "A T K Q J 9")])
def test_a_move_not_read_is_told_with_the_ranks_of_the_tables_deck(tmp_path: Path, ruleset: str, ranks: str) -> None:
    with open_room(tmp_path) as (client, room):
        reply = create(client, ["human", "human"], ruleset)
        seats = [Seat(client, token_of(s["link"])) for s in reply["seats"]]
        first = [s.read() for s in seats]
        actor = first[0]["to_act"]
        seats[actor].send({"type": "action", "move": "play ZZ", "seq": first[actor]["seq"]})
        said = seats[actor].read()
        assert (said["type"], said["error"]) == ("refused", "action"), said
        assert said["why"] == (f"'play ZZ' is not an action: cannot read action 'play ZZ' (expected 'play' and a card: "
                               f"rank {ranks} (or 10) followed by suit C D H S, e.g. play TH)")
        for link in seats:
            link.close()


def test_the_card_form_names_what_the_pack_has() -> None:
    """Without a deck, every rank the notation knows (records, the command line); a pack
    without a ten names no ``10``; an example names a card of the pack; a bare card the
    pack has not is not offered as "did you mean 'play ...'"."""
    assert CARD_FORM == "rank A T K Q J 9 8 7 (or 10) followed by suit C D H S, e.g. TH"
    assert card_form(("A", "K", "Q", "J"), ("C", "D", "H", "S")) == "rank A K Q J followed by suit C D H S, e.g. AH"

    def expected(text: str, ranks: tuple[str, ...]) -> str:
        with pytest.raises(NotationError) as refused:
            parse_action(text, ranks)
        return refused.value.expected or ""

    five = ("A", "T", "K", "Q", "J")
    assert expected("marry K", five) == "'marry' and a card: rank A T K Q J (or 10) followed by suit C D H S, e.g. marry KH"
    assert expected("discard 1", five) == "'discard' and a card: rank A T K Q J (or 10) followed by suit C D H S, e.g. discard AC"
    assert expected("9H", five).endswith("discard XY, double, redouble")  # no "did you mean 'play 9H'?"
    assert expected("9H", (*five, "9")).endswith("; did you mean 'play 9H'?")
