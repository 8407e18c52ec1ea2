"""Adapters for reinforcement-learning and game-theory tools (the optional extra ``[rl]``).

* :mod:`interpreter.adapters.pettingzoo` -- ``sixtysix_env(ruleset)``, a PettingZoo AEC
  environment for any ruleset: one agent per seat, observations from that seat's view only;
* :mod:`interpreter.adapters.openspiel` -- the game ``python_sixty_six(ruleset=...)`` for
  OpenSpiel, with explicit chance for the deal, observers and a resampler for its ISMCTS bot.

Both encode views with :mod:`interpreter.play.observation`; :mod:`interpreter.play.bots.policy` holds the ``policy``
seat kind that puts a trained agent at the table.  Nothing here is imported by
``interpreter/__init__.py``: import the submodule you need (it needs ``pip install -e '.[rl]'``).
See docs/rl.md.
"""
