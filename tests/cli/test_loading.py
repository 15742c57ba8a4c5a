"""`croupier` loads a command when it is asked for (`_usage.Croupier.later`): a command
imports what it runs, not what every other command runs."""

from __future__ import annotations

import subprocess
import sys

import pytest

_LOADED = """
import sys
from croupier.cli.main import app
try:
    app({args!r}, standalone_mode=False)
finally:
    print(" ".join(sorted(sys.modules)))
"""


def _loaded(args: list[str]) -> set[str]:
    said = subprocess.run(
        [sys.executable, "-c", _LOADED.format(args=args)],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(said.stdout.splitlines()[-1].split())


@pytest.mark.parametrize(
    ("args", "not_loaded"),
    [
        (["--version"], {"croupier.cli.play", "croupier.sim.runner", "croupier.server", "numba"}),
        (
            ["serve", "--help"],
            {"croupier.sim.runner", "croupier.solve", "croupier.cli._odds", "numba"},
        ),
        (["games"], {"croupier.cli.simulate", "croupier.server", "numba"}),
        # the bots decide from the odds modules, whose compiled kernels they never run
        (["play", "punto-banco", "--help"], {"croupier.server", "numba", "numpy"}),
    ],
)
def test_a_command_loads_only_what_it_runs(args: list[str], not_loaded: set[str]) -> None:
    loaded = _loaded(args)
    assert "croupier.cli.main" in loaded
    assert not loaded & not_loaded, sorted(loaded & not_loaded)


def test_a_command_asked_for_is_loaded_and_listed() -> None:
    loaded = _loaded(["odds", "--help"])
    assert {"croupier.cli._odds", "croupier.odds"} <= loaded
