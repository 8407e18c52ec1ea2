"""The seed each bot at a table is made with: a hash of where it sits, never arithmetic of a deal's seed.

Why: a bot is handed its seed (``make_agent(kind, ruleset, seed)``, or the arena's ``(ruleset,
seed) -> agent`` functions), and a seed that is a sum or a product of the deal's shuffle seed
can be undone -- ``(deal_seed * plays + k) * seats + seat`` divided back gives the deal's seed,
and ``DealState.new(ruleset, dealer, deal_seed)`` then deals every hand and the talon.  A
cryptographic hash of the run's seed and the bot's place (its deal, its seat assignment, its
seat) can be neither undone nor read: seeing its own seed tells a bot nothing about the cards
that it could not learn by guessing the run's seed itself and hashing every guess.

That guess is the one limit, and it is the seed owner's to close: a seed that ``rules run``
or ``rules play`` draws itself is 63 bits of the operating system's randomness (no search finds
it), while ``rules arena``, ``rules tournament`` and ``rules simulate`` default to seed 0, which
anybody can try first.  docs/security.md says so.

The derivation is deterministic -- the same place of the same run always gets the same seed,
in any process, in any order -- which is what makes a run's figures the same whatever the
number of workers.
"""

from __future__ import annotations

import hashlib

#: The hash's personalisation: the seeds of bots, apart from any other use of the same hash.
_PERSON = b"sixty-six bots"


def bot_seed(seed: int, *place: int | str) -> int:
    """The seed of the bot at ``place`` (its deal's index, its seat, ...) in a run or match
    seeded with ``seed``: 63 bits of BLAKE2b over both, so within the range every ``--seed``
    takes, and unrelated to any deal's seed (see the module docstring for why).

    >>> bot_seed(7, 0) == bot_seed(7, 0) != bot_seed(7, 1)
    True
    >>> 0 <= bot_seed(2**63 - 1, 3, "x") < 2**63
    True
    """
    text = repr((seed, *place)).encode()  # ints and str print the same in every Python: a stable encoding
    digest = hashlib.blake2b(text, digest_size=8, person=_PERSON).digest()
    return int.from_bytes(digest, "big") >> 1
