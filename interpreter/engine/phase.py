"""The phases of a deal (``Position.phase``): bidding, play, over, and trump being named.

Their own module, below everything else of the engine, so that the view's class
(:mod:`interpreter.engine.seatview`) and the code written ahead of time
(:mod:`interpreter.engine.written`) read them without importing the state; every other part
imports them from :mod:`interpreter.engine.position`, as always.
"""

from __future__ import annotations

from typing import Final

AUCTION: Final = 0
PLAY: Final = 1
OVER: Final = 2
NAMING: Final = 3
