"""Adapters for reinforcement-learning and game-theory tools (the optional extra ``[rl]``).

* :mod:`interpreter.adapters.pettingzoo` -- ``sixtysix_env(ruleset)``, a PettingZoo AEC
  environment for any ruleset: one agent per seat, observations from that seat's view only;
* :mod:`interpreter.adapters.openspiel` -- the game ``python_sixty_six(ruleset=...)`` for
  OpenSpiel, with explicit chance for the deal, observers and a resampler for its ISMCTS bot.

Both encode views with :mod:`interpreter.play.observation`; :mod:`interpreter.play.bots.policy` holds the ``policy``
seat kind that puts a trained agent at the table.  Nothing here is imported by
``interpreter/__init__.py``: import the submodule you need (it needs the extra:
:data:`INSTALL_RL`).  See docs/rl.md.
"""

from __future__ import annotations

#: How to install what the adapters import, for an installed copy and for a checkout.
INSTALL_RL = "pip install 'sixty-six-rules[rl]' (in a checkout: pip install '.[rl]', with -e if you installed with -e)"


def missing_extra(module: str, exc: ImportError) -> ModuleNotFoundError:
    """The error of importing an adapter without the ``rl`` extra: which package is missing and
    how to install it, where Python's own says only ``No module named 'numpy'``."""
    missing = exc.name or "a package it imports"
    return ModuleNotFoundError(f"{module} needs the rl extra, and {missing} is not installed: {INSTALL_RL}", name=exc.name)
