"""benchmarks/server_load.py in a short form, so that the load benchmark cannot break unseen:
every player sits down, no action is lost, and the ledger holds, on SQLite and PostgreSQL,
with the players shared between two load processes, and on SQLite the same figures taken of
a `--before` checkout (this one's HEAD) in the same run. Its speed is measured by running it,
never asserted here."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import math
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
    """Two load processes on each database; on SQLite, `--before HEAD` beside it (the sides'
    comparison is the same code whatever the database, and a side costs some 12 s)."""
    before = database_url.startswith("sqlite")
    command = [sys.executable, str(SCRIPT), "--players", "24", "--tables", "3", "--json"]
    command += ["--seconds", "2", "--warm-up", "0", "--baseline-seconds", "1"]
    command += ["--load-processes", "2", "--database", database_url]
    command += ["--before", "HEAD"] if before else []
    ran = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-3000:]
    summary = json.loads(ran.stdout)
    assert summary["audit"] == "holds"
    sides = ["before", "after"] if before else [""]  # (a run with no --before has no side)
    runs = summary["runs"]
    assert [(run["side"], run["name"]) for run in runs] == [
        (side, name) for side in sides for name in ("baseline", "load")
    ]
    assert [run["seated"] for run in runs] == [10, 24] * len(sides)
    assert all(run["actions"] > 0 and run["actions_lost"] == 0 for run in runs)
    for run in runs:  # the baseline's one table is in one load process, the load's 3 in 2
        assert len(run["load_processes"]) == (1 if run["name"] == "baseline" else 2)
        assert run["load_cpu"] == pytest.approx(sum(run["load_processes"]))
        assert run["server_ms_per_action"] > 0
    if not before:
        return
    assert [checkout.split(":")[0] for checkout in summary["checkouts"]] == sides
    assert [(each["name"], each["players"]) for each in summary["comparison"]] == [
        ("baseline", 10),
        ("load", 24),
    ]
    actions = summary["comparison"][1]["figures"]["actions/s"]
    assert actions["ratio"] == pytest.approx(actions["after"] / actions["before"])


def test_a_before_that_is_neither_a_checkout_nor_a_commit_is_refused_in_a_line(tmp_path):
    command = [sys.executable, str(SCRIPT), "--before", str(tmp_path / "nowhere")]
    ran = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert ran.returncode == 2
    assert ran.stderr.count("\n") == 1 and "neither a checkout" in ran.stderr


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
    before = dataclasses.replace(run, side="before", seated=1)
    assert load._failures([before], "holds") == ["before load: only 1 of 24 players sat down"]
    assert load._audited({"before": "holds", "after": "holds"}) == "holds"
    assert load._audited({"before": audit, "after": "holds"}) == f"before: {audit}; after: holds"


def test_the_servers_cpu_an_action_and_a_load_near_its_cores_limit(monkeypatch):
    """ms an action: the server's CPU seconds in the window over the acks that came in it;
    the load is bound when its processes kept their cores 85% busy or more."""
    load = _benchmark(monkeypatch)
    window = load.Window(answered=1500)
    run = load.Measured("load", 0.0, 24, 3, 3.0, window, 0.5, 0.8, 0.9, 0, 0, 1.0, 24, 0, 0)
    assert run.server_ms == pytest.approx(1.0)  # 1.5 s of CPU, 1,500 actions
    assert not run.load_bound
    assert dataclasses.replace(run, load_cpu=0.9).load_bound
    assert not dataclasses.replace(run, load_cpu=0.9, load_cores=2).load_bound
    assert math.isnan(dataclasses.replace(run, window=load.Window()).server_ms)
