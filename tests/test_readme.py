"""The README's examples run: its `>>>` lines are a doctest."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_examples_run():
    failures, tried = doctest.testfile(str(README), module_relative=False)
    assert tried > 0
    assert failures == 0
