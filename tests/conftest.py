"""Fixtures shared by several test folders.

``ray_cluster``: one local Ray cluster of two CPUs for the whole test session, started the
first time a test asks for it and shut down at the end, so that the Ray backend of
``rules simulate`` and ``rules compare`` is tested in CI (Ray is in the ``test`` extra).  A run
without Ray skips those tests and says so -- except in CI (``CI`` set), where a missing Ray is
a failure: the backend must not go untested silently.

``--proof-deals N``: the random deals per ruleset of the proofs marked ``proof`` (200 by
default; the slow run is ``pytest -m proof --proof-deals 2000``).

``RULES_EXPECT_COMPILED=1`` (set by ``tools/test_compiled.sh``): the run stops at once unless
the engine imported is the build compiled by mypyc, so that the compiled build's tests cannot
quietly test the Python source instead (docs/speed.md).

Subprocesses (the ``rules`` script, ``python -m ...``, worker processes) import the tree under
test: its root is put first on ``PYTHONPATH`` here.  Without it, a checkout other than the one
the virtualenv was installed from editable -- a git worktree, a copy -- would test its own code
in this process (pytest's ``pythonpath = ["."]``) but the installed checkout's in every
``rules`` it runs, and a test of the command could pass on code it never ran.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

HAS_RAY = importlib.util.find_spec("ray") is not None
ROOT = Path(__file__).resolve().parents[1]
os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
PROOF_DEALS = 200


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("RULES_EXPECT_COMPILED"):
        import interpreter

        if not interpreter.compiled():
            raise pytest.UsageError(f"RULES_EXPECT_COMPILED is set but the engine imported is Python source ({interpreter.__file__})")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--proof-deals", type=int, default=PROOF_DEALS, metavar="N",
                     help=f"random deals per ruleset in the proofs marked 'proof' (default {PROOF_DEALS}; the slow run: 2000)")


@pytest.fixture(scope="session")
def proof_deals(request: pytest.FixtureRequest) -> int:
    """How many random deals per ruleset a proof plays (``--proof-deals``)."""
    return int(request.config.getoption("--proof-deals"))


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[None]:
    if not HAS_RAY:
        if os.environ.get("CI"):
            pytest.fail("Ray is not installed in CI: the test extra installs it (pip install -e '.[test]')")
        pytest.skip("Ray is not installed (pip install ray): the Ray backend is not tested")
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()
