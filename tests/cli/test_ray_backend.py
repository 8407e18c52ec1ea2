"""``rules simulate`` and ``rules compare`` on a Ray cluster print the JSON of the local pool,
byte for byte: the blocks and their seeds do not depend on where they run.

The in-process tests share the session's two-CPU cluster (``ray_cluster``, tests/conftest.py);
one test runs the real command, which starts a local cluster of its own and shuts it down.
"""

from __future__ import annotations

import subprocess

import pytest

from clitools import RULES, invoke

SIMULATE = ["simulate", "schnapsen", "--deals", "400", "--matches", "10", "--seed", "5", "--json"]
COMPARE = ["compare", "schnapsen", "house/sharp-schnapsen", "--deals", "300", "--seed", "2", "--json"]


@pytest.mark.parametrize("args", [SIMULATE, COMPARE], ids=["simulate", "compare"])
def test_ray_prints_the_same_json_as_the_local_pool(ray_cluster: None, args: list[str]) -> None:
    local = invoke([*args, "--jobs", "2"])
    ray = invoke([*args, "--backend", "ray"])
    assert local.exit_code == ray.exit_code == 0, ray.stderr
    assert ray.stdout == local.stdout
    assert local.json()  # a report, not an empty line


def test_the_command_starts_its_own_local_cluster(ray_cluster: None) -> None:
    """What a user types: no cluster running in the command's process, so it starts one (and
    stops it).  ``ray_cluster`` only guarantees Ray is installed here (or skips)."""
    args = ["simulate", "schnapsen", "--deals", "200", "--seed", "9", "--json"]
    local = subprocess.run([str(RULES), *args], capture_output=True, text=True, timeout=300)
    ray = subprocess.run([str(RULES), *args, "--backend", "ray"], capture_output=True, text=True, timeout=300)
    assert local.returncode == ray.returncode == 0, ray.stderr[-2000:]
    assert ray.stdout == local.stdout and local.stdout.startswith("{")
