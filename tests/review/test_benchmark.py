"""benchmarks/review_speed.py in a short form, so that it cannot break unseen (its figures
are not asserted: speed is the benchmark's to measure)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "review_speed.py"


def test_the_review_benchmark_runs_in_short():
    command = [sys.executable, str(SCRIPT), "--quick", "--games", "chemin-de-fer,monte-bank"]
    ran = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-3000:]
    for name in ("chemin-de-fer", "monte-bank"):
        block = ran.stdout.split(f"{name}: ")[1]
        assert re.match(r"\d+ coups, \d+ steps", block), block
        assert re.search(r"walk / replay\s+\d+\.\d\d", block), block
        assert re.search(r"open a coup\s+median\s+[\d.]+ ms", block), block


def test_a_bad_option_is_one_line():
    ran = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "poker"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == 2
    assert ran.stderr.count("\n") == 1 and "no game 'poker'" in ran.stderr
