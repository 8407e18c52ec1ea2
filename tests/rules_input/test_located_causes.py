"""Problems said where the author wrote their cause, not where the reader noticed them: an
unclosed quote at its opening quote, an overlong key at the key, an emptied contract list at
the list the house file emptied (not at its base's scoring.method).  Positions counted by hand.
"""

from __future__ import annotations

from pathlib import Path

from runcli import invoke


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_an_unclosed_quote_is_said_at_the_opening_quote(tmp_path: Path) -> None:
    # line 3 `title: "unclosed`: the quote is column 8; the file ends two lines further down.
    path = write(tmp_path, "uq.yaml", 'extends: schnapsen\nname: uq\ntitle: "unclosed\nmatch: {target: 9}\n')
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert out.stderr.startswith(f"{path}:3:8: title: a quoted text starts here and is never closed")


def test_a_key_past_yamls_length_limit_says_so_at_the_key(tmp_path: Path) -> None:
    path = write(tmp_path, "lk.yaml", "extends: schnapsen\nname: lk\n" + "k" * 100_000 + ": 1\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert out.stderr.startswith(f"{path}:3:1: a key of more than 1024 characters")
    assert "could not find expected ':'" not in out.stderr


def test_an_emptied_contract_list_is_blamed_where_it_was_emptied(tmp_path: Path) -> None:
    # house/bauernschnapsen scores in game points with contracts; `contracts: []` on line 4
    # (the `[` at column 14) leaves an auction of bids, which goes with units scoring.
    path = write(tmp_path, "c4.yaml", "extends: house/bauernschnapsen\nname: c4\nbidding:\n  contracts: []\n")
    out = invoke(["validate", str(path)])
    assert out.exit_code == 2
    assert out.stderr.startswith(f"{path}:4:14: bidding.contracts: units scoring goes with an auction of bids")
