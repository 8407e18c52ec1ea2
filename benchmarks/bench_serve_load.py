"""Load on one ``rules serve``: many tables at once, each with bots and two scripted people.

Starts ``rules serve`` on 127.0.0.1 (its own process, a temporary data folder, no bot pause),
opens TABLES tables of RULESET with two people and bots in the other seats, and plays every
match to its end at once: each person is a WebSocket client in this process (asyncio) that
plays a random legal action when its turn comes and asks for the next deal when one is over.
Prints JSON on stdout: tables finished, errors, and the time from sending an action to the
table's answer (median, p90, p99, max, in ms); progress on stderr.

    python benchmarks/bench_serve_load.py --tables 50 --ruleset house/burgenland

tests/room/test_load.py runs :func:`run` with 50 tables of three-handed Burgenland Schnapsen.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

REPO = Path(__file__).resolve().parents[1]
WAIT = 60.0

if str(REPO / "benchmarks") not in sys.path:  # benchmarks/_args.py, also when this file is imported
    sys.path.insert(0, str(REPO / "benchmarks"))
from _args import bundled_ruleset, whole_in  # noqa: E402


async def person(link: str, seed: int, latencies: list[float]) -> bool:
    """Play one seat to the end of the match; whether it ended."""
    rng = random.Random(seed)
    url = link.replace("http://", "ws://").replace("/t/", "/ws/")
    async with connect(url, open_timeout=WAIT, max_size=1 << 22) as ws:
        sent: float | None = None
        asked = None
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
            if message["type"] == "presence":  # another person came or left: no answer to what was sent
                continue
            if sent is not None:
                latencies.append(time.monotonic() - sent)
                sent = None
            if message["type"] == "refused":
                if message["error"] == "stale":
                    continue
                raise RuntimeError(f"refused: {message}")
            me = message["you"]
            if message["match"]["over"]:
                return True
            if message["result"] is not None:
                if me in message["waiting_for"] and asked != message["deal"]:
                    asked = message["deal"]
                    await ws.send(json.dumps({"type": "next"}))
                    sent = time.monotonic()
                continue
            if message["to_act"] == me and message["legal"]:
                await ws.send(json.dumps({"type": "action", "move": rng.choice(message["legal"])["move"], "seq": message["seq"]}))
                sent = time.monotonic()


def start_server(data: Path) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "serve", "--port", "0", "--data", str(data), "--bot-delay", "0"],
        cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stderr is not None
    line = proc.stderr.readline()
    found = re.search(r"http://127\.0\.0\.1:\d+", line)
    if not found:
        proc.kill()
        raise RuntimeError(f"rules serve did not start: {line}")
    return proc, found.group(0)


def open_table(base: str, ruleset: str, seats: list[str]) -> list[str]:
    body = json.dumps({"ruleset": ruleset, "seats": seats}).encode()
    request = urllib.request.Request(base + "/api/tables", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=WAIT) as answer:
        reply = json.loads(answer.read())
    return [s["link"] for s in reply["seats"] if s["link"]]


async def play_all(links: list[list[str]], latencies: list[float]) -> list[BaseException | bool]:
    tasks = [person(link, 1000 * t + k, latencies) for t, table in enumerate(links) for k, link in enumerate(table)]
    return await asyncio.gather(*tasks, return_exceptions=True)


def run(tables: int = 50, ruleset: str = "house/burgenland", bots: tuple[str, ...] = ("greedy",)) -> dict[str, Any]:
    """Play ``tables`` matches at once against one server; the figures as a dict."""
    from interpreter.rules.loader import load_ruleset

    count = load_ruleset(ruleset).players.count
    seats = ["human", "human"] + [bots[k % len(bots)] for k in range(count - 2)]
    with tempfile.TemporaryDirectory() as data:
        proc, base = start_server(Path(data))
        try:
            links = [open_table(base, ruleset, seats) for _ in range(tables)]
            latencies: list[float] = []
            began = time.monotonic()
            outcomes = asyncio.run(play_all(links, latencies))
            took = time.monotonic() - began
            with urllib.request.urlopen(base + "/api/rulesets", timeout=WAIT) as answer:
                alive = answer.status == 200
        finally:
            proc.terminate()
            _, said = proc.communicate(timeout=WAIT)
        errors = [repr(o) for o in outcomes if not isinstance(o, bool)]
        ms = sorted(x * 1000 for x in latencies)

        def at(q: float) -> float:
            return round(ms[min(len(ms) - 1, int(q * len(ms)))], 1) if ms else 0.0

        return {
            "ruleset": ruleset, "tables": tables, "seats": seats,
            "finished": sum(1 for o in outcomes if o is True) // 2,
            "errors": errors, "server_alive": alive, "server_traceback": "Traceback" in said,
            "actions": len(ms), "seconds": round(took, 1),
            "latency_ms": {"median": round(statistics.median(ms), 1) if ms else 0.0, "p90": at(0.9), "p99": at(0.99),
                           "max": round(ms[-1], 1) if ms else 0.0},
        }


def main() -> None:
    from cli.room.room import MAX_TABLES
    from cli.room.tables import ROOM_BOTS

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=whole_in(1, MAX_TABLES), default=50, help=f"tables at once (the room takes at most {MAX_TABLES})")
    parser.add_argument("--ruleset", type=bundled_ruleset, default="house/burgenland", help="a bundled ruleset (the room takes no file)")
    parser.add_argument("--bot", action="append", choices=ROOM_BOTS, help="the bots in the other seats (default greedy)")
    args = parser.parse_args()
    print(f"playing {args.tables} tables of {args.ruleset} at once ...", file=sys.stderr)
    print(json.dumps(run(args.tables, args.ruleset, tuple(args.bot or ["greedy"])), indent=2))


if __name__ == "__main__":
    main()
