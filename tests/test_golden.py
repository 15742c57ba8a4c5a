"""A seeded session's every step, diffed against its golden file."""

import difflib

import pytest

from tests.golden.playthrough import FOLDER, GOLDEN


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_playthrough_matches_its_golden_file(name):
    expected = (FOLDER / name).read_text(encoding="utf-8")
    actual = GOLDEN[name]()
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "golden", "now", lineterm="", n=1
        )
        pytest.fail(
            "the playthrough changed; if on purpose, run scripts/regen_golden.py\n"
            + "\n".join(list(diff)[:40])
        )
