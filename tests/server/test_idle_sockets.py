"""benchmarks/idle_sockets.py in a short form, so that it cannot break unseen: every socket
opened and still open when measured, the server's memory read with none, a tenth and all of
them, and a figure a socket given. The figure itself is measured by running it, never
asserted here: machines are noisy."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from croupier.server.collector import DUMPS, collect_on_signal

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


@pytest.mark.parametrize(
    ("given", "said"),
    [
        (["--sockets", "5"], "--sockets 5 is not valid: 10 to 100000"),
        (
            ["--before", "no-such-commit"],
            "--before 'no-such-commit' is not a commit of this repository",
        ),
    ],
)
def test_a_bad_option_is_one_line_and_exit_2(given, said):
    command = [sys.executable, str(SCRIPT), *given]
    ran = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert ran.returncode == 2
    assert ran.stderr.strip().splitlines() == [f"idle_sockets.py: {said}"]


def test_the_server_collects_on_sigusr1_when_asked_to_and_says_it_is_done(tmp_path):
    """`CROUPIER_MEMORY_DUMPS`: each SIGUSR1, a full collection and a file that says it is
    done (a tracemalloc snapshot when tracing), numbered from 1, for the benchmark to wait on."""
    before = signal.getsignal(signal.SIGUSR1)
    try:
        collect_on_signal(tmp_path)
        os.kill(os.getpid(), signal.SIGUSR1)
        os.kill(os.getpid(), signal.SIGUSR1)
    finally:
        signal.signal(signal.SIGUSR1, before)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["1.snapshot", "2.snapshot"]


def test_serve_refuses_a_dumps_folder_that_is_not_there(tmp_path):
    command = [
        sys.executable,
        "-m",
        "croupier",
        "serve",
        "--database",
        f"sqlite:///{tmp_path}/x.db",
    ]
    environment = {**os.environ, DUMPS: str(tmp_path / "nowhere")}
    ran = subprocess.run(
        command, capture_output=True, text=True, timeout=60, check=False, env=environment
    )
    assert ran.returncode == 2
    assert ran.stderr.strip().splitlines()[-1].endswith("is not valid: give a folder that is there")
