"""``rules replay`` while the exchange is offered at a close (``exchange.on_opponent_close``):
``to_act`` names the closer and ``legal`` lists his lead together with the opponent's
``exchange`` -- what a record may say next.  A probe read the mix as a fault; notation.md now
says it, and this is its sample.  Worked by hand: seat 0 closes (it won a trick, the talon holds
nine cards under the turn-up QD); seat 1 holds 9D, the exchange card, so ``exchange`` is his;
seat 0 then leads any of his six cards, may marry K/Q of spades (KS, QS in hand; no other
pair: KC without QC, KD without QD) and may declare (a trick won)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clitools import invoke

POSITION = ("dealer=1 trump=D turnup=QD hands=KC,KD,KS,JS,QS,9S/AS,9H,TD,9C,KH,9D "
            "stock=JC,AC,TC,QC,AH,TH,JH,AD,JD leader=0 tricks=1/0 points=10/0")
LINES = ["to_act: 0", "legal: play KC, play KD, play KS, play QS, play JS, play 9S, marry KS, marry QS, declare, exchange"]


def test_the_closers_lead_and_the_opponents_exchange_are_listed_together(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("exonclose.yaml").write_text("extends: sechsundsechzig\nname: exonclose\nexchange: {on_opponent_close: true}\n", encoding="utf-8")
    out = invoke(["replay", "exonclose.yaml", "--position", POSITION, "--moves", "close"])
    assert out.exit_code == 0, out.stderr
    assert out.stdout.splitlines()[1:3] == LINES
    # the exchange is the opponent's: after it, seat 1 holds the turn-up and seat 0 leads
    out = invoke(["replay", "exonclose.yaml", "--position", POSITION, "--moves", "close, exchange", "--json"])
    assert out.exit_code == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["to_act"] == 0 and "QD" in report["hands"][1] and "9D" not in report["hands"][1]
    doc = (Path(__file__).resolve().parents[2] / "docs/notation.md").read_text(encoding="utf-8")
    assert "```text\n" + "\n".join(LINES) + "\n```" in doc
