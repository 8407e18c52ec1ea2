"""The agent protocol shared by bots and the human seat of the CLI."""

from __future__ import annotations

from typing import Protocol

from interpreter.core.actions import Action
from interpreter.engine.views import SeatView


class Agent(Protocol):
    """Anything that picks one of the legal actions given a seat's view."""

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        """Return one element of ``legal``; ``view`` is all the agent may know."""
        ...
