"""benchmarks/server_load.py in a short form, so that the load benchmark cannot break unseen:
every player sits down, no action is lost, and the ledger holds, on SQLite and PostgreSQL.
Its speed is measured by running it, never asserted here."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "server_load.py"


@pytest.mark.skipif(
    len(os.sched_getaffinity(0)) < 2, reason="the load benchmark needs two cores: one a side"
)
@pytest.mark.slow
def test_the_load_benchmark_seats_every_player_and_loses_nothing(database_url):
    command = [sys.executable, str(SCRIPT), "--players", "24", "--tables", "3", "--json"]
    command += ["--seconds", "3", "--warm-up", "0", "--baseline-seconds", "1"]
    command += ["--database", database_url]
    ran = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-3000:]
    summary = json.loads(ran.stdout)
    assert summary["audit"] == "holds"
    baseline, load = summary["runs"]
    assert (baseline["seated"], load["seated"]) == (10, 24)
    assert load["actions"] > 0 and load["actions_lost"] == 0 and baseline["actions_lost"] == 0


def _benchmark(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    spec = importlib.util.spec_from_file_location("server_load", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # (its dataclasses look it up)
    spec.loader.exec_module(module)
    return module


def test_a_load_run_fails_on_a_player_not_seated_an_action_lost_or_the_audit(monkeypatch):
    """What fails a run (`_failures`), never its speed: the load benchmark sat 1 of 100
    players for weeks, and said so in a line nobody read."""
    load = _benchmark(monkeypatch)
    run = load.Measured("load", 0.0, 24, 3, 3.0, load.Window(), 0.5, 0.1, 0.9, 0, 0, 1.0, 24, 0, 0)
    assert load._failures([run], "holds") == []
    assert load._failures([dataclasses.replace(run, seated=1)], "holds") == [
        "load: only 1 of 24 players sat down"
    ]
    assert load._failures([dataclasses.replace(run, lost=2)], "holds") == ["load: 2 actions lost"]
    audit = "FAILED: Finding: sum-is-zero: the balances sum to 5, not 0"
    assert load._failures([run], audit) == [f"ledger audit: {audit}"]
