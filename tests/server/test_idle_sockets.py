"""benchmarks/idle_sockets.py in a short form, so that it cannot break unseen: every socket
opened and still open when measured, the server's memory read with none, a tenth and all of
them, and a figure a socket given. The figure itself is measured by running it, never
asserted here: machines are noisy."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "idle_sockets.py"


@pytest.mark.slow
def test_the_idle_sockets_benchmark_holds_every_socket_and_gives_a_figure():
    command = [sys.executable, str(SCRIPT), "--sockets", "200", "--tables", "4", "--json"]
    command += ["--settle", "0", "--trace", "1"]
    ran = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-3000:]
    figures = json.loads(ran.stdout)
    readings = {reading["name"]: reading for reading in figures["readings"]}
    assert [readings[name]["sockets"] for name in ("none", "baseline", "all")] == [0, 20, 200]
    assert readings["all"]["files"] >= readings["none"]["files"] + 200  # each socket a file
    assert all(readings[name]["rss"] > 0 for name in readings)
    assert set(figures["kib_a_socket"]) == {"baseline", "all"}
    assert all(isinstance(each, float) for each in figures["kib_a_socket"].values())
    assert figures["grown"][0].startswith("in all: ")  # what tracemalloc saw grow


def test_a_bad_option_is_one_line_and_exit_2():
    command = [sys.executable, str(SCRIPT), "--sockets", "5"]
    ran = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert ran.returncode == 2
    assert ran.stderr.strip().splitlines() == [
        "idle_sockets.py: --sockets 5 is not valid: 10 to 100000"
    ]
