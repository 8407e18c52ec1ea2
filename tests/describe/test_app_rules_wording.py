"""The rulebook says the three app-style rules (marriage.lead_card, counts_after own_next_trick,
claim.automatic) of house/app-schnapsen, and nothing of declaring wrongly."""

from __future__ import annotations


from tests.describe.books import book, section


def test_the_marriage_is_led_with_the_king() -> None:
    text = section(book("house/app-schnapsen"), "Marriages")
    assert "he leads the king and shows the queen (a marriage cannot be announced by leading the queen)" in text
    assert "he leads one of the two cards" in section(book("schnapsen"), "Marriages")
    # and its list of differences from Schnapsen names the card as players do, not by a schema key
    assert "- Card led with a marriage: either card → the king only\n" in book("house/app-schnapsen")


def test_the_marriage_waits_for_the_next_won_trick() -> None:
    text = section(book("house/app-schnapsen"), "Marriages")
    assert "only once he wins a trick after announcing it" in text
    assert "even if he has won tricks before" in text
    # its points never count when announced, so no marriage ends the deal at once
    assert "ends the deal at once" not in text


def test_nobody_declares_and_nobody_declares_wrongly() -> None:
    text = book("house/app-schnapsen")
    declaring = section(text, "Declaring")
    assert declaring.startswith("\nNobody declares: the deal ends by itself")
    assert "as soon as a trick brings them there" in declaring
    assert "wrong declaration" not in section(text, "Scoring")
    assert "| 66 reached, talon not closed | the player who reached it |" in section(text, "Scoring")
    assert "go out by declaring" not in section(text, "Closing the talon")
