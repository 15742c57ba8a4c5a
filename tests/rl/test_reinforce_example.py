"""The training example (examples/private_monte_reinforce.py) learns, on the vector tables,
to back the better layout of Private Monte (PM-5, PM-8): a short run beats the flat bettor
on the same deals and backs the better layout more often than not."""

import argparse
import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "private_monte_reinforce.py"


def _example():
    spec = importlib.util.spec_from_file_location("private_monte_reinforce", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_a_short_training_beats_the_flat_bettor_and_backs_the_better_layout(capsys):
    example = _example()
    args = argparse.Namespace(
        seed=3, updates=300, steps=4, tables=256, rate=0.05, every=100, evaluate=100, plot=None
    )
    _, weights = example.train(args)
    tally, _, figures = example.evaluate(args, weights)
    assert tally.mean("learner") > tally.mean("flat") + 2.0
    assert tally.mean("learner") > 0 > figures["flat"]
    assert tally.share() > 0.75
    assert "update" in capsys.readouterr().out
