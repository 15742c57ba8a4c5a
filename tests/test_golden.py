"""Every game's golden playthrough: a seeded session of random legal play, step by step, as
each seat and the spectator were told it (tests/golden/playthrough.py), diffed against its
file."""

from __future__ import annotations

import difflib
import json

import pytest

from croupier import games
from tests.golden.encodings import ENCODINGS
from tests.golden.playthrough import FOLDER, GOLDEN, SESSIONS, record

PRIVATE_CARDS = {"chemin-de-fer", "banchek"}
"""The games where a seat holds cards the others may not see."""


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_playthrough_matches_its_golden_file(name):
    _same(name, GOLDEN[name]())


@pytest.mark.parametrize("name", sorted(ENCODINGS))
def test_encoding_matches_its_golden_file(name):
    """The research environments' observations and action indices, step by step
    (tests/golden/encodings.py)."""
    pytest.importorskip("pettingzoo")
    _same(name, ENCODINGS[name]())


def _same(name, actual):
    expected = (FOLDER / name).read_text(encoding="utf-8")
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), name, "now", lineterm="", n=0
        )
        pytest.fail(
            f"{name}: the playthrough changed; if on purpose, run scripts/regen_golden.py "
            "and read the diff\n" + "\n".join(_short(list(diff)[:30])),
            pytrace=False,
        )


def _short(diff: list[str], width: int = 300) -> list[str]:
    """The diff's lines cut to `width` characters about where the first changed line
    changed (a golden line can be thousands of characters long)."""
    gone = next((line for line in diff if line[:1] == "-" and line[:3] != "---"), "")
    come = next((line for line in diff if line[:1] == "+" and line[:3] != "+++"), "")
    at = next((i for i, (a, b) in enumerate(zip(gone, come, strict=False)) if a != b), 0)
    start = max(1, at - width // 3)

    def cut(line: str) -> str:
        if len(line) <= width or line[:1] not in "-+ ":
            return line
        before = "…" if start > 1 else ""
        after = "…" if start + width < len(line) else ""
        return line[0] + before + line[start : start + width] + after

    return [cut(line) for line in diff]


def test_every_game_has_a_golden_file():
    assert sorted(session.game for session in SESSIONS) == sorted(games.names())


def test_a_recording_is_the_same_from_the_same_seed():
    session = SESSIONS[-1]
    assert record(session) == record(session)


@pytest.mark.parametrize("session", SESSIONS, ids=lambda session: session.game)
def test_seats_are_told_apart_only_where_a_game_has_private_cards(session):
    """Where seats hold private cards, some step tells two seats different things (events
    or view, beside whose view it is and what it may do); elsewhere they are told the same."""
    lines = [json.loads(line) for line in (FOLDER / session.file).read_text().splitlines()]
    told: dict[int, list[str]] = {seat: [] for seat in session.buy_ins}
    for line in lines:
        if line.get("viewer") is not None:
            view = {k: v for k, v in line["view"].items() if k not in ("viewer", "legal")}
            told[line["viewer"]].append(json.dumps([line["events"], view]))
    streams = list(told.values())
    differ = any(len(set(step)) > 1 for step in zip(*streams, strict=True))
    assert differ == (session.game in PRIVATE_CARDS)
