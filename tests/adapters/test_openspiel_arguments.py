"""The OpenSpiel game's arguments that OpenSpiel itself would take badly.

* a rule file whose path OpenSpiel's game string cannot carry (it has no escapes: a ``,`` or
  ``=`` outside parentheses, an unmatched parenthesis) is refused when the game is loaded, in
  words -- it used to load, then fail at the first serialization or pickle; a path with
  matched parentheses or other punctuation loads and round-trips;
* a player who is no seat, asked for an observation or information state, is a ``ValueError``
  in the project's words (OpenSpiel's C++ layer raised its own ``SpielError`` and printed to
  stderr); ``legal_actions`` of any player not to move stays OpenSpiel's ``[]``.
"""

from __future__ import annotations

import pickle
import shutil
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed (pip install -e '.[rl]')")

import numpy as np

from interpreter.adapters.openspiel import GAME_NAME

ROOT = Path(__file__).resolve().parents[2]


def rule_file(tmp_path: Path, folder: str) -> str:
    where = tmp_path / folder
    where.mkdir()
    shutil.copy(ROOT / "rulesets" / "schnapsen.yaml", where / "r.yaml")
    return str(where / "r.yaml")


@pytest.mark.parametrize(("folder", "shown"), [
    ("dir,x", "','"),
    ("dir=x", "'='"),
    ("dir(x", "'('"),
    ("dir)x", "')'"),
    ("a)b(c", "'(', ')'"),       # matched in number, not in order
])
def test_a_path_the_game_string_cannot_carry_is_refused_at_load(tmp_path: Path, folder: str, shown: str) -> None:
    path = rule_file(tmp_path, folder)
    with pytest.raises(ValueError) as caught:
        pyspiel.load_game(GAME_NAME, {"ruleset": path})
    assert str(caught.value) == (
        f"ruleset {path!r}: OpenSpiel cannot write this path into the game's string "
        f"(python_sixty_six(dealer=...,ruleset=...), which has no escapes) because of {shown}, so a "
        "serialized or pickled state could not be loaded again; expected a path without ',' or "
        "'=' outside parentheses nor an unmatched '(' or ')' (move or rename the file)"
    )


@pytest.mark.parametrize("folder", ["dir (y)", "dir (a,b=c)", "dir;x", "plain dir"])
def test_a_path_the_game_string_carries_loads_and_round_trips(tmp_path: Path, folder: str) -> None:
    """Within matched parentheses a ',' or '=' is the value's: OpenSpiel splits only outside."""
    path = rule_file(tmp_path, folder)
    game = pyspiel.load_game(GAME_NAME, {"ruleset": path})
    assert game.get_parameters()["ruleset"] == path
    state = game.new_initial_state()
    for card in (3, 7, 0):
        state.apply_action(card)
    _, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert again.history() == [3, 7, 0]
    assert pickle.loads(pickle.dumps(state)).history() == [3, 7, 0]
    assert pyspiel.load_game(str(game)).get_parameters()["ruleset"] == path


def dealt(name: str = "schnapsen") -> object:
    game = pyspiel.load_game(f"{GAME_NAME}(ruleset={name})")
    state = game.new_initial_state()
    for card in range(19):
        state.apply_action(card)
    return state


@pytest.mark.parametrize("method", ["information_state_string", "information_state_tensor", "observation_string", "observation_tensor"])
@pytest.mark.parametrize("player", [2, 5, -1])
def test_a_player_who_is_no_seat_is_refused_in_words(method: str, player: int, capfd: pytest.CaptureFixture[str]) -> None:
    state = dealt()
    with pytest.raises(ValueError) as caught:
        getattr(state, method)(player)
    assert str(caught.value) == f"player {player}: expected a seat 0 to 1"
    assert capfd.readouterr().err == "", "nothing from OpenSpiel's C++ layer on stderr"


def test_a_bool_is_no_player_and_a_numpy_integer_is_one() -> None:
    state = dealt()
    with pytest.raises(TypeError) as caught:
        state.observation_string(True)
    assert str(caught.value) == "player: True is a bool, not a seat (expected a seat 0 to 1)"
    assert state.observation_string(np.int64(1)) == state.observation_string(1)
    assert state.information_state_tensor(np.int32(0)) == state.information_state_tensor(0)


def test_the_player_to_move_is_the_default_and_other_players_have_no_actions() -> None:
    state = dealt()
    mover = state.current_player()
    assert mover == 0  # dealer 1: seat 0 leads
    assert state.information_state_string() == state.information_state_string(0)
    assert state.observation_tensor() == state.observation_tensor(0)
    assert state.observation_string(1).startswith("seat 1, ")
    assert state.legal_actions(1) == [] and state.legal_actions(5) == []


@pytest.mark.parametrize("dealt_yet", [False, True])
def test_the_observers_refuse_a_player_who_is_no_seat_in_the_same_words(dealt_yet: bool) -> None:
    """Before the cards are dealt too: the string of a dealing state named any number a seat."""
    game = pyspiel.load_game(f"{GAME_NAME}(ruleset=schnapsen)")
    state = dealt() if dealt_yet else game.new_initial_state()
    for recall in (False, True):
        observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=recall))
        for call in (observer.string_from, observer.set_from):
            with pytest.raises(ValueError) as caught:
                call(state, 3)
            assert str(caught.value) == "player 3: expected a seat 0 to 1"
    assert state.information_state_string(1).startswith("seat 1")
