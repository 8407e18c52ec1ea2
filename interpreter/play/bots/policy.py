"""The ``policy`` seat kind: a trained agent at the table.

* :class:`ViewState`: a view dressed as the few methods of an OpenSpiel state that a policy
  reads (``information_state_tensor``, ``legal_actions``, ...), so OpenSpiel policies can play
  from a view;
* :class:`PolicyAgent`: the :class:`~interpreter.play.bots.base.Agent` that asks a policy --
  a PettingZoo-style callable ``policy(observation, agent) -> action index`` or an OpenSpiel
  ``Policy`` with ``action_probabilities(state, player)`` -- and returns its action, from the
  same observation the environments give (:mod:`interpreter.play.observation`);
* :func:`load_policy` and :func:`make_policy_agent` for the seat kind written
  ``policy:MODULE:NAME`` (``MODULE`` a dotted module or a ``.py`` file).
"""


from __future__ import annotations

import errno
import importlib
import importlib.util
import inspect
import math
import operator
import os
import random
import sys
import threading
from array import array
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from interpreter.core.actions import Action
from interpreter.core.arguments import check_int_seed, shown_value, with_article
from interpreter.core.errors import BotError
from interpreter.core.paths import in_a_loop, resolved
from interpreter.play.bots.authors import shown, where
from interpreter.play.bots import POLICY_FORMS
from interpreter.engine.views import (
    SeatView,
)
from interpreter.rules.loader import as_ruleset
from interpreter.rules.ruleset import Ruleset

__all__ = ["ObservationLayout", "PolicyAgent", "ViewState", "agent_name", "layout", "load_policy", "make_policy_agent", "POLICY_FORMS"]



from interpreter.play.observation import ObservationLayout, agent_name, layout

_T = TypeVar("_T")


class ViewState:
    """A view dressed as the methods of an OpenSpiel state that policies read.

    Only the asking seat's information is there: ``information_state_*`` and
    ``observation_*`` for another player raise, as does anything that needs the hidden cards.
    """

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.layout = layout(view.rs)

    def _check(self, player: int | None) -> None:
        if player is not None and player != self.view.seat:
            raise ValueError(f"this state is seat {self.view.seat}'s view; player {player} cannot be observed")

    def current_player(self) -> int:
        actor = self.view.actor
        return -4 if actor is None else actor  # pyspiel.PlayerId.TERMINAL

    def is_terminal(self) -> bool:
        return self.view.actor is None

    def is_chance_node(self) -> bool:
        return False

    def is_simultaneous_node(self) -> bool:
        return False

    def num_players(self) -> int:
        return self.layout.seats

    def legal_actions(self, player: int | None = None) -> list[int]:
        if player is not None and player != self.view.actor:
            return []
        return sorted(self.layout.index_of[c] for c in self.view.legal_codes)

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        if player is not None and player != self.view.actor:
            return [0] * self.layout.actions
        return self.layout.mask(self.view)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        self._check(player)
        return _float32(self.layout.encode_info(self.view))

    def information_state_string(self, player: int | None = None) -> str:
        self._check(player)
        return self.layout.information_state_string(self.view)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        self._check(player)
        return _float32(self.layout.encode(self.view))

    def observation_string(self, player: int | None = None) -> str:
        self._check(player)
        return self.layout.observation_string(self.view)

    def action_to_string(self, player: int, action: int | None = None) -> str:
        index = player if action is None else action
        return self.view.rs.tables.code_text[self.layout.codes[index]]


#: What a policy is, for the messages that refuse something else.
POLICY_EXPECTED = "expected a callable policy(observation, agent) or an object with action_probabilities(state, player)"
#: Where a bot (an object with ``choose``) given as a policy is to go instead.
BOTS_FROM_PYTHON = ("a bot plays from Python: interpreter.sim.arena.arena(ruleset, MyBot, 'greedy', deals=N) or Arena "
                    "(docs/bots.md#your-own-bot-against-it)")


def _a_bot(policy: object) -> str | None:
    """What ``policy`` is, if it is a bot rather than a policy -- a class whose objects have
    ``choose(view, legal)``, or such an object that is no policy either -- else ``None``.  A
    class is callable, so it passed for a policy and failed at the first deal ("the policy
    answered <MyBot object>, not an action index"); it is refused before it takes a seat."""
    if getattr(policy, "choose", None) is None:
        return None
    if isinstance(policy, type):
        return f"a class with a choose method ({policy.__name__})"
    if not callable(policy) and getattr(policy, "action_probabilities", None) is None:
        return f"an object with a choose method ({type(policy).__name__})"
    return None


class PolicyAgent:
    """An agent that asks a trained policy, given the observation the environments give.

    ``policy`` is either a callable ``policy(observation, agent)`` (PettingZoo style: the
    observation dict ``{"observation", "action_mask"}`` of :meth:`ObservationLayout.observation`
    and the agent's name, ``player_<seat>``) returning an action index, or an object with
    ``action_probabilities(state, player)`` (an OpenSpiel ``Policy``), which is given a
    :class:`ViewState` and whose distribution is sampled over the legal actions, weight on
    the others masked out (``greedy=True``: its most likely legal action).  The policy sees
    the view only.

    The policy is code from outside the project, so whatever goes wrong in it is said as a
    :class:`~interpreter.core.errors.BotError` naming the seat and ``name`` (the seat kind as
    written, ``policy:my.py:act``; by default the policy's own name): the policy raised, it
    answered with something that is not an action index (a bool neither: ``True`` is no
    action 1), it chose an action that is not legal now, or its distribution has no weight on any legal action (or a weight that is no
    probability: negative, nan).  A ``policy`` of neither form is refused here, with ``TypeError``, before it
    takes a seat; so is a bot (a class or an object with ``choose``), which plays from Python,
    through the arena, not as a policy.
    """

    def __init__(self, rs: Ruleset | str | Path, policy: object, *, seed: int = 0, greedy: bool = False, name: str | None = None) -> None:
        shown = name if name is not None else repr(policy)
        bot = _a_bot(policy)
        if bot is not None:
            raise TypeError(f"{shown} is {bot}: a bot, not a policy ({POLICY_EXPECTED}); {BOTS_FROM_PYTHON}")
        if not callable(policy) and getattr(policy, "action_probabilities", None) is None:
            raise TypeError(f"{shown} is {with_article(type(policy).__name__)}, not a policy ({POLICY_EXPECTED})")
        self.rs = rs = as_ruleset(rs)
        self.policy = policy
        self.name = name if name is not None else str(getattr(policy, "__name__", None) or type(policy).__name__)
        self.layout = layout(rs)
        self.rng = random.Random(check_int_seed(seed))  # a float or text would seed a game no command repeats
        self.greedy = greedy

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        index = self.choose_index(view)
        lay = self.layout
        if not 0 <= index < lay.actions:
            raise self._failed(view, f"the policy chose action {index}, which is no action of this ruleset (expected 0 to {lay.actions - 1})")
        if lay.codes[index] not in view.legal_codes:
            move = self.rs.tables.code_text[lay.codes[index]]
            raise self._failed(view, f"the policy chose action {index} ({move}), which is not legal now")
        return self.rs.action_of[lay.codes[index]]

    def _failed(self, view: SeatView, reason: str) -> BotError:
        return BotError(reason, seat=view.seat, bot=self.name)

    def choose_index(self, view: SeatView) -> int:
        """The policy's action index for this view; a :class:`BotError` if the policy raises,
        answers with something that is not an integer (a bool is not: ``True`` is no action 1),
        or gives a distribution with no weight on a legal action."""
        probabilities = getattr(self.policy, "action_probabilities", None)
        if probabilities is None:
            policy: Callable[[dict[str, Any], str], Any] = self.policy  # type: ignore[assignment]  # callable: checked when the seat was made
            answer = self._ask(view, policy, self.layout.observation(view), agent_name(view.seat))
            if not _truth_value(answer):  # True is 1 to operator.index: a bug to say, not action 1
                try:
                    return operator.index(answer)  # an int, a numpy or torch integer; never a float or text cut down
                except TypeError:
                    pass
            raise self._failed(
                view, f"the policy answered {shown_value(answer)} ({type(answer).__name__}), not an action index (expected an integer 0 to {self.layout.actions - 1})",
            )
        state = ViewState(view)
        dist = self._distribution(view, self._ask(view, probabilities, state, view.seat))
        lay = self.layout
        legal = {lay.index_of[c] for c in view.legal_codes}
        for a, q in dist.items():
            if not q >= 0 or q == math.inf:  # nan, negative, infinite: no probability to draw by
                raise self._failed(view, f"the policy gave action {a} the weight {q} (expected probabilities: finite numbers, 0 or more)")
        # Weight on actions that are not legal now is masked out, the rest drawn in proportion
        # (what an RL policy trained without the mask needs); no weight on any legal action
        # is a failure, not a cue to play at random.
        options = sorted(a for a, q in dist.items() if q > 0 and a in legal)
        if not options:
            shown = repr(dist)
            shown = shown if len(shown) <= 60 else shown[:57] + "..."
            choices = ", ".join(f"{a} ({self.rs.tables.code_text[lay.codes[a]]})" for a in sorted(legal))
            raise self._failed(view, f"the policy gave no weight to any legal action: it answered {shown} (expected weight on one of: {choices})")
        if self.greedy:
            return max(options, key=lambda a: (dist[a], -a))
        return int(self.rng.choices(options, [dist[a] for a in options])[0])

    def _distribution(self, view: SeatView, answer: object) -> dict[int, float]:
        """An OpenSpiel policy's ``action_probabilities`` answer as a dict of action index to
        probability.  A key is an action index as the callable policy's answer is (an integer,
        numpy's too; never a bool, a float or text cut down: ``int(True)`` and ``int(1.5)`` were
        taken for action 1), a value a number; anything else is the policy's bug, said so."""
        try:
            items = list(dict(answer).items())  # type: ignore[call-overload]
        except (TypeError, ValueError):
            raise self._failed(
                view, f"action_probabilities answered {shown_value(answer)} ({type(answer).__name__}), not a mapping "
                "(expected a dict of action index to probability, such as {3: 0.75, 5: 0.25})",
            ) from None
        dist: dict[int, float] = {}
        for key, weight in items:
            index: int | None = None
            if not _truth_value(key):
                try:
                    index = operator.index(key)
                except TypeError:
                    pass
            if index is None:
                raise self._failed(
                    view, f"action_probabilities gave the key {shown_value(key)} ({type(key).__name__}), not an action index "
                    f"(expected integers 0 to {self.layout.actions - 1})",
                )
            try:
                dist[index] = float(weight)
            except (TypeError, ValueError):
                raise self._failed(
                    view, f"action_probabilities gave action {index} the weight {shown_value(weight)} ({type(weight).__name__}), "
                    "not a number (expected probabilities: finite numbers, 0 or more)",
                ) from None
        return dist

    def _ask(self, view: SeatView, call: Callable[..., _T], *args: object) -> _T:
        """``call(*args)``: the policy's own code, whose exceptions are its author's bug, said
        as a :class:`BotError` with the line of their code where it happened.

        ``SystemExit`` (``sys.exit()`` in the policy, ``exit()`` left from a notebook) is such a
        bug too: let through, it would end a one-process run at once, with no word of the seat
        or the deal and the exit status it carries (0 for ``sys.exit()``), and reach a worker
        process's parent as a bare "a worker raised SystemExit".  ``KeyboardInterrupt`` is not:
        it is the person's Ctrl-C, which stops the run."""
        try:
            with stdout_to_stderr():
                return call(*args)
        except (Exception, SystemExit) as exc:
            raise self._failed(view, f"the policy raised {_raised(exc)}") from exc


_talking = threading.Lock()
_talkers = 0  # policies playing now, in any thread
_stdout: list[Any] = []  # the stdout they are kept from, while they play


@contextmanager
def stdout_to_stderr() -> Iterator[None]:
    """While a policy's own code runs (its module imported, the policy asked), ``sys.stdout``
    is ``sys.stderr``: what it prints -- a debugging line, a library's banner -- goes to
    stderr, never into the results a command prints on stdout (``--json`` stays one JSON
    document, a table a table).  In a worker process of ``--jobs`` too, where the policy
    plays: the workers write to the same stdout as the command.

    ``sys.stdout`` is put back when the last policy playing ends: counted under a lock, so
    that policies asked in several threads at once cannot leave it pointing at stderr (each
    one saving, then restoring, what another had put there).  Whatever replaced stdout before
    -- a test's capture, the command's own guard -- is what comes back."""
    global _talkers
    with _talking:
        if _talkers == 0:
            _stdout.append(sys.stdout)
            sys.stdout = sys.stderr
        _talkers += 1
    try:
        yield
    finally:
        with _talking:
            _talkers -= 1
            if _talkers == 0:
                sys.stdout = _stdout.pop()


def _float32(values: list[float]) -> list[float]:
    """``values`` rounded through C floats, as OpenSpiel's tensors are (float32: 0.8 is
    0.800000011920929 there): a policy trained on OpenSpiel's numbers is given the same ones at
    the table, not nearby doubles.  ``array`` does it without numpy, which the core does not need."""
    return array("f", values).tolist()


def _truth_value(answer: object) -> bool:
    """Whether ``answer`` is a truth value -- ``True``, ``False``, a numpy bool -- which
    ``operator.index`` would take for the action 1 or 0 (numpy's before 2.0 too): a policy that
    answers one has a bug, say a mask test returned in place of an index.  Numpy is looked up
    only if the policy has imported it: an answer of numpy's type cannot exist otherwise."""
    if isinstance(answer, bool):
        return True
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(answer, numpy.bool_)


_FILES: dict[tuple[str, float], ModuleType] = {}


def load_policy(spec: str) -> object:
    """The object named by ``MODULE:NAME``: a dotted module or a ``.py`` file, then an attribute.

    The module may load trained weights when it is imported and expose the policy as a
    module-level object.  It is imported once (a file once per version of it), however many
    seats are made from it: an arena makes new seats for every deal.
    """
    module_name, sep, attribute = spec.rpartition(":")
    if not sep or not module_name or not attribute:
        raise ValueError(f"a policy is named MODULE:NAME or FILE.py:NAME, not {spec!r}")
    if module_name.endswith(".py"):
        path = resolved(module_name)
        if in_a_loop(path):  # there, but never reached: not "no policy file"
            raise ValueError(f"cannot read the policy file {module_name}: {os.strerror(errno.ELOOP)} (expected policy:FILE.py:NAME with FILE.py a Python file)")
        if not path.is_file():
            raise ValueError(f"no policy file {module_name} (expected policy:FILE.py:NAME with FILE.py a Python file, or policy:MODULE:NAME)")
        key = (str(path), path.stat().st_mtime)
        module = _FILES.get(key)
        if module is None:
            unique = f"_policy_{len(_FILES)}_{path.stem}"
            module_spec = importlib.util.spec_from_file_location(unique, path)
            if module_spec is None or module_spec.loader is None:
                raise ValueError(f"cannot load {module_name}")
            module = importlib.util.module_from_spec(module_spec)
            sys.modules[unique] = module
            try:
                with stdout_to_stderr():
                    module_spec.loader.exec_module(module)
            except (Exception, SystemExit) as error:  # the file's own code: a syntax error, an import that fails, sys.exit()
                del sys.modules[unique]
                raise _not_imported(module_name, error) from None
            _FILES[key] = module
    else:
        try:
            with stdout_to_stderr():
                module = importlib.import_module(module_name)
        except ImportError as error:
            raise ValueError(f"cannot import the policy module {module_name}: {error}{_not_found(module_name, attribute, error)}") from None
        except (Exception, SystemExit) as error:
            raise _not_imported(module_name, error) from None
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise ValueError(f"{module_name} has no {attribute!r}: {_defined(module, module_name)}") from None


#: How many of the names a module defines :func:`_defined` lists.
NAMES_SHOWN = 5


def _defined(module: ModuleType, module_name: str) -> str:
    """What the module of a missing policy name does define that could be a policy, and the
    form expected, for the message: the name was mistyped, or the function is called otherwise
    (``it defines act, play (expected policy:mybot.py:NAME with NAME one of them)``)."""
    names = [name for name, value in vars(module).items() if not name.startswith("_") and _could_be_policy(value, module)]
    if not names:
        return (f"it defines no function (expected policy:{module_name}:NAME with NAME a function policy(observation, agent) "
                "-> action index, or an object with action_probabilities(state, player))")
    shown = ", ".join(names[:NAMES_SHOWN]) + (f" and {len(names) - NAMES_SHOWN} more" if len(names) > NAMES_SHOWN else "")
    return f"it defines {shown} (expected policy:{module_name}:NAME with NAME one of them)"


def _could_be_policy(value: object, module: ModuleType) -> bool:
    """Whether a module's ``value`` could be named as a policy: a function the module itself
    defines (not one it imports), an object of a class it defines that can be called, or any
    object with ``action_probabilities`` (an OpenSpiel policy the module loaded).  A class is
    left out: it is called to make an object, not an action."""
    if isinstance(value, (type, ModuleType)):
        return False
    if inspect.isroutine(value):
        return inspect.isfunction(value) and value.__module__ == module.__name__
    kind = type(value)
    return getattr(kind, "action_probabilities", None) is not None or (callable(value) and kind.__module__ == module.__name__)


def _not_found(module_name: str, attribute: str, error: ImportError) -> str:
    """Where a module that was not found is looked for, and the file form, as the ``(expected
    ...)`` of the message -- when the module named is the one missing (or a package of its
    path), not a module it imports itself (``No module named 'torch'`` is to be installed,
    not looked for).  A dotted module is imported as Python imports any module, from the
    folders of ``sys.path``: the installed packages and ``PYTHONPATH``, but not the current
    folder, which the ``rules`` command (a script in the environment's ``bin``) does not put
    there -- so ``policy:mybot:act`` fails beside a ``mybot.py`` that ``policy:mybot.py:act`` loads."""
    missing = getattr(error, "name", None)
    if not isinstance(error, ModuleNotFoundError) or not missing or not (module_name + ".").startswith(missing + "."):
        return ""
    file = module_name.replace(".", "/") + ".py"
    if Path(file).is_file():
        return (f" (there is a file {file} here: name it by its path, policy:{file}:{attribute}, "
                "or put its folder on the Python path, PYTHONPATH=.)")
    return (" (expected a module on the Python path -- installed, or in a folder of PYTHONPATH; the current folder "
            f"is not on it -- or a file named by its path, policy:FILE.py:{attribute})")


def _raised(exc: BaseException) -> str:
    """``Kind at FILE:LINE: message`` of an exception the policy's code raised, the line its
    author's; without the colon when it says nothing (``sys.exit()``, ``raise ValueError``)."""
    text = str(exc)
    return f"{type(exc).__name__}{where(exc)}" + (f": {text}" if text else "")


def _not_imported(module_name: str, error: BaseException) -> ValueError:
    """A policy's module that raised while it was imported, in one line: a syntax error at its
    file, line and column, any other exception with the line of the module that raised it."""
    if isinstance(error, SyntaxError):
        at = ":".join(str(part) for part in (shown(error.filename) if error.filename else module_name, error.lineno, error.offset) if part is not None)
        return ValueError(f"cannot import the policy {module_name}: {at}: {error.msg}")
    return ValueError(f"cannot import the policy {module_name}: it raised {_raised(error)}")


def make_policy_agent(kind: str, rs: Ruleset, seed: int) -> PolicyAgent:
    """The seat kind ``policy:MODULE:NAME``: a :class:`PolicyAgent` around the named policy,
    which names itself by ``kind`` in its errors.  A module that cannot be imported, a missing
    name (``ValueError``) and an object that is no policy (``TypeError``) are refused here,
    before the seat plays."""
    prefix = "policy:"
    if not kind.startswith(prefix):
        raise ValueError(f"a policy seat is written {POLICY_FORMS}, not {kind!r}")
    return PolicyAgent(rs, load_policy(kind[len(prefix):]), seed=seed, name=kind)
