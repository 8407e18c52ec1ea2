"""A bot's seed tells it nothing about the deal: the attack of a bot that works the deal out of it.

A bot is handed its seed (``(ruleset, seed) -> agent`` in the arena, ``make_agent(kind,
ruleset, seed)`` in ``rules run``, ``rules run --matches``, ``rules play`` and the card room).
When that seed was arithmetic of the deal's or the match's seed -- the arena's
``(deal_seed * plays + k) * seats + seat``, ``match_seed * 16 + seat`` elsewhere -- a bot
could undo it and deal every hand itself with ``DealState.new(ruleset, dealer, deal_seed)``.
Here a bot tries every "obvious" way back (shifts, masks, small offsets and divisors, twice
over) and none of its guesses may be the run's seed or any deal's seed.  The attack is first
shown to work on the old derivations, so that a guess list too weak to find anything cannot
pass for a safe derivation.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import cli.run
import cli.tally
import interpreter.core.seeds
import interpreter.play.session
from interpreter.core.actions import Action
from interpreter.engine.match import Match
from interpreter.engine.views import SeatView
from interpreter.play.bots import Agent, make_agent
from interpreter.play.session import TableSession
from interpreter.rules.loader import load_ruleset
from interpreter.rules.ruleset import Ruleset
from interpreter.sim.arena import arena, deal_specs, tournament
from runcli import invoke

#: A run's seed as a user would pick one to keep the deals secret: large, nothing to guess.
SECRET = 6_150_346_292_805_417_123
#: Divisors a derivation might multiply by: small ones (plays, seats, sides), and 16, 31 and
#: 97, which the project's runners and benchmarks multiplied by.
DIVISORS = (1, 2, 3, 4, 5, 6, 7, 8, 16, 31, 97)
OFFSETS = range(8)


def guesses(seed: int) -> set[int]:
    """What a bot holding ``seed`` might take for the seed it was derived from: ``seed``
    shifted right, masked to 32 bits, xor-ed with a small number, and ``(seed - a) // m``
    taken once or twice (the old arena's ``(deal * plays + k) * seats + seat`` falls to two
    steps, ``match * 16 + seat`` to one)."""
    found = {seed, seed & 0xFFFF_FFFF}
    found.update(seed >> shift for shift in range(64))
    found.update(seed ^ c for c in OFFSETS)
    for a in OFFSETS:
        for m in DIVISORS:
            once = (seed - a) // m
            found.add(once)
            found.update((once - b) // m2 for b in OFFSETS for m2 in DIVISORS)
    return found


def test_the_guesses_find_the_deal_behind_the_old_derivations() -> None:
    # the old arena: deal seed 3_000_000_001, assignment 1 of 2, seat 1 of 2 (and seat 3 of 4)
    deal = 3_000_000_001
    assert deal in guesses((deal * 2 + 1) * 2 + 1)
    assert deal in guesses((deal * 2 + 1) * 4 + 3)
    assert deal in guesses((deal * 3 + 2) * 3 + 2)  # three sides, three seats
    # rules run, rules run --matches and rules play: match seed * 16 + seat
    assert SECRET in guesses(SECRET * 16 + 3)


class SeedReader:
    """A bot that notes its seed, and plays the first legal action."""

    seen: list[int] = []

    def __init__(self, ruleset: Ruleset, seed: int) -> None:
        self.seed = seed
        self.noted = False

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        if not self.noted:
            self.noted = True
            SeedReader.seen.append(self.seed)
        return legal[0]


def _learns_nothing(seed: int, secrets: set[int]) -> None:
    found = guesses(seed) & secrets
    assert not found, f"a bot seeded {seed} finds {found} among its guesses"


@pytest.mark.parametrize("name", ["schnapsen", "north-american-4", "house/dreierschnapsen"])
def test_an_arena_bot_cannot_work_its_deal_out_of_its_seed(name: str) -> None:
    rs = load_ruleset(name)
    SeedReader.seen = []
    arena(rs, SeedReader, "random", deals=3, seed=SECRET, jobs=1)
    specs = deal_specs(rs, 3, SECRET)
    secrets = {SECRET} | {spec.seed for spec in specs}
    assert len(SeedReader.seen) >= 3 * len(rs.sides)  # one bot a play at least, each noted
    for seed in SeedReader.seen:
        _learns_nothing(seed, secrets)


def test_a_tournament_bot_cannot_either() -> None:
    rs = load_ruleset("schnapsen")
    SeedReader.seen = []
    tournament(rs, [SeedReader, "random", "greedy"], deals=2, seed=SECRET, jobs=1)
    secrets = {SECRET} | {spec.seed for spec in deal_specs(rs, 2, SECRET)}
    assert len(SeedReader.seen) == 2 * 2 * 2  # two pairings, two deals, two plays, one seat each
    for seed in SeedReader.seen:
        _learns_nothing(seed, secrets)


def _seeds_given(monkeypatch: pytest.MonkeyPatch, module: object) -> list[int]:
    """The seeds ``module`` makes its bots with, from now on."""
    given: list[int] = []

    def noting(kind: str, rs: Ruleset | str | Path, seed: int) -> Agent:
        given.append(seed)
        return make_agent(kind, rs, seed)

    monkeypatch.setattr(module, "make_agent", noting)
    return given


def _match_secrets(name: str, seed: int) -> set[int]:
    """A match's seed and the seed of its first deal (every later one follows from the match seed)."""
    match = Match(load_ruleset(name), seed)
    match.next_deal()
    return {seed, *match.deal_seeds}


def test_rules_run_gives_its_bots_nothing_of_the_match_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    given = _seeds_given(monkeypatch, cli.run)
    out = invoke(["run", "schnapsen", "--seed", str(SECRET), "--deals", "1"])
    assert out.exit_code == 0, out.stderr
    assert len(given) == 2
    for seed in given:
        _learns_nothing(seed, _match_secrets("schnapsen", SECRET))


def test_rules_run_matches_gives_its_bots_nothing_of_the_match_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    given = _seeds_given(monkeypatch, cli.tally)
    out = invoke(["run", "schnapsen", "--seed", str(SECRET), "--matches", "2", "--deals", "1"])
    assert out.exit_code == 0, out.stderr
    assert len(given) == 4  # two matches, seeds SECRET and SECRET + 1, two bots each
    secrets = _match_secrets("schnapsen", SECRET) | _match_secrets("schnapsen", SECRET + 1)
    for seed in given:
        _learns_nothing(seed, secrets)


def test_a_table_session_gives_its_bots_nothing_of_the_match_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    # rules play and the card room seat their bots through TableSession
    given = _seeds_given(monkeypatch, interpreter.play.session)
    TableSession(load_ruleset("north-american-4"), SECRET, ["human", "greedy", "random", "search:easy"])
    assert len(given) == 3
    for seed in given:
        _learns_nothing(seed, _match_secrets("north-american-4", SECRET))


def test_the_same_place_gets_the_same_seed_and_every_bot_its_own() -> None:
    rs = load_ruleset("schnapsen")
    runs = []
    for _ in range(2):
        SeedReader.seen = []
        arena(rs, SeedReader, SeedReader, deals=2, seed=SECRET, jobs=1)
        runs.append(list(SeedReader.seen))
    assert runs[0] == runs[1]
    assert len(set(runs[0])) == len(runs[0]) == 2 * 2 * 2  # two deals, two plays, two seats: all different


def test_the_seed_helper_s_own_examples() -> None:
    assert doctest.testmod(interpreter.core.seeds).failed == 0
