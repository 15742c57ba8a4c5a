"""`croupier replay`: a save told again, an edited save named where it differs, and a file
that is no save refused in one line."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from croupier import games
from croupier.cli import app
from tests.saves import coup_of_action, recorded_table, saved, shuffle_edited, stake_edited

runner = CliRunner()

NAMES = games.names()

ROUND = {"monte-bank": "deal", "private-monte": "deal", "banchek": "round"}


def replay(path: Path | str) -> Result:
    return runner.invoke(app, ["replay", str(path)])


def write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "session.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def one_line(result: Result) -> str:
    """The one line a refusal gives on standard error, checked to be only that."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.output
    return lines[0]


@pytest.mark.parametrize("name", NAMES)
def test_an_untouched_save_replays_cleanly(name, tmp_path):
    result = replay(write(tmp_path, saved(name)))
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert result.stdout.strip()


def test_the_replay_tells_the_session_as_a_spectator_saw_it(tmp_path):
    path = tmp_path / "session.json"
    path.write_text(recorded_table("punto-banco", 3, rounds=6).history.to_json())
    first = replay(path)
    assert first.exit_code == 0 and first.stdout == replay(path).stdout
    assert "The table closes after 6 coups." in first.stdout


@pytest.mark.parametrize("name", NAMES)
def test_a_changed_stake_is_named_with_its_coup(name, tmp_path):
    data = saved(name)
    edited, number = stake_edited(name, data)
    result = replay(write(tmp_path, edited))
    assert result.exit_code == 1
    coup = f"{ROUND.get(name, 'coup')} {coup_of_action(name, data, number)}"
    line = one_line(result)
    assert f"session.json': the replay differs from the record in {coup}: " in line
    assert "other stakes or choices are made than recorded" in line


@pytest.mark.parametrize("name", NAMES)
def test_a_changed_buy_in_is_named(name, tmp_path):
    data = saved(name)
    data["buy_ins"]["2"] = 5000
    line = one_line(result := replay(write(tmp_path, data)))
    assert result.exit_code == 1
    assert line.endswith(
        "the replay differs from the record at the seating: "
        "seat 3 sits down with 5000 chips; the record says 1400"
    )


@pytest.mark.parametrize("name", NAMES)
def test_two_swapped_cards_are_named(name, tmp_path):
    result = replay(write(tmp_path, shuffle_edited(name, saved(name, seeded=False))))
    assert result.exit_code == 1
    line = one_line(result)
    assert f"in {ROUND.get(name, 'coup')} 1: other cards come from the shoe than recorded" in line


def test_a_save_from_before_the_record_replays_with_a_note(tmp_path):
    data = {k: v for k, v in saved("chemin-de-fer").items() if k not in ("format", "record")}
    result = replay(write(tmp_path, data))
    assert result.exit_code == 0
    assert "its replay cannot be checked" in one_line(result)
    assert result.stdout.strip()


def _with(**changes: Any) -> Callable[[dict[str, Any]], Any]:
    """A save with these keys set (to DROP: taken away)."""

    def edit(data: dict[str, Any]) -> Any:
        out = {**data, **changes}
        return {key: value for key, value in out.items() if value is not DROP}

    return edit


def _action(action: Any) -> Callable[[dict[str, Any]], Any]:
    """A save whose first action is this."""
    return lambda data: {**data, "actions": [action, *data["actions"][1:]]}


DROP = object()
DEEP = 100_000

MALFORMED: list[tuple[str, bytes | Callable[[dict[str, Any]], Any]]] = [
    ("an empty file", b""),
    ("only blanks", b" \n\t\n"),
    ("not JSON", b"{not json"),
    ("cut short", b'{"game": "punto-banco", "config": {'),
    ("bytes that are not text", b"\xff\xfe\x00\x81garbage"),
    ("a list", b"[1, 2, 3]"),
    ("a string", b'"punto-banco"'),
    ("null", b"null"),
    ("a number", b"7"),
    ("nested deeply", b"[" * DEEP + b"]" * DEEP),
    ("nested deeply inside", b'{"game": "punto-banco", "config": ' + b"[" * DEEP + b"]" * DEEP),
    ("a number of 5000 digits", b'{"game": "punto-banco", "seed": ' + b"9" * 5000 + b"}"),
    ("no game", _with(game=DROP)),
    ("a game that is a number", _with(game=5)),
    ("an unknown game", _with(game="poker")),
    ("another game's name", _with(game="banchek")),
    ("no config", _with(config=DROP)),
    ("no buy-ins", _with(buy_ins=DROP)),
    ("no seed", _with(seed=DROP)),
    ("no actions", _with(actions=DROP)),
    ("no shuffles", _with(shuffles=DROP)),
    ("no record", _with(record=DROP)),
    ("a newer format", _with(format=3)),
    ("a format that is text", _with(format="2")),
    ("an unknown key", _with(colour="red")),
    ("config a list", _with(config=[1])),
    ("config null", _with(config=None)),
    ("config of another type", _with(config={"type": "Limits", "low": 1, "high": 2})),
    ("config with an unknown field", lambda d: {**d, "config": {**d["config"], "x": 1}}),
    ("config with a bad enum", lambda d: {**d, "config": {**d["config"], "table": "huge"}}),
    ("commission 1/0", lambda d: {**d, "config": {**d["config"], "commission": "1/0"}}),
    ("commission 1/00", lambda d: {**d, "config": {**d["config"], "commission": "1/00"}}),
    ("commission 1e999999999", lambda d: {**d, "config": {**d["config"], "commission": "1e99999"}}),
    (
        "limits upside down",
        lambda d: {**d, "config": {**d["config"], "punto": {"low": 9, "high": 1}}},
    ),
    ("buy-ins a list", _with(buy_ins=[1000])),
    ("a buy-in of text", _with(buy_ins={"0": "lots"})),
    ("a seat that is not a number", _with(buy_ins={"first": 1000})),
    ("a negative buy-in", _with(buy_ins={"0": -5, "1": 1000})),
    ("a seat past the table", _with(buy_ins={"0": 1000, "99": 1000})),
    ("a negative seat", _with(buy_ins={"-1": 1000, "1": 1000})),
    ("no seats", _with(buy_ins={})),
    ("a huge buy-in", _with(buy_ins={"0": 10**4000, "1": 1000})),
    ("a seed of text", _with(seed="seven")),
    ("a seed that is infinite", lambda d: {**d, "seed": float("inf")}),
    ("a seed that is true", _with(seed=True)),
    ("actions an object", _with(actions={"0": "Stake"})),
    ("an action that is a number", _action(7)),
    ("an action of one part", _action([0])),
    ("an unknown action", _action([0, {"type": "Hit"}])),
    ("an action without type", _action([0, {"amount": 5}])),
    ("an action of another game", _action([0, {"type": "CircleBet", "card": "7D", "amount": 5}])),
    ("an action lacking a field", _action([0, {"type": "Stake", "bet": "punto"}])),
    (
        "an action with a field of text",
        _action([0, {"type": "Stake", "bet": "punto", "amount": "x"}]),
    ),
    ("an action with a huge amount", _action([0, {"type": "Cut", "amount": 10**4000}])),
    ("an action of chance", _action(["chance", {"type": "Done"}])),
    ("an action of nobody", _action(["nobody", {"type": "Done"}])),
    ("an action out of turn", _action([5, {"type": "CloseBets"}])),
    ("shuffles an object", _with(shuffles={})),
    ("a shuffle of bad cards", _with(shuffles=[["7D", "XX"]])),
    ("a shuffle of numbers", _with(shuffles=[[7, 8]])),
    ("a shuffle that is not the shoe", lambda d: {**d, "seed": None, "shuffles": [["7D"] * 416]}),
    ("record an object", _with(record={})),
    ("a record entry of text", _with(record=["x"])),
    ("a record with a bad digest", lambda d: {**d, "record": [{**d["record"][0], "cards": "0"}]}),
    ("a record entry lacking a field", _with(record=[{"type": "Checkpoint", "rounds": 0}])),
    ("a record not at the seating", lambda d: {**d, "record": d["record"][1:]}),
]


@pytest.mark.parametrize(("what", "content"), MALFORMED, ids=[what for what, _ in MALFORMED])
def test_a_malformed_save_is_refused_in_one_line(what, content, tmp_path):
    path = tmp_path / "bad.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(json.dumps(content(saved("punto-banco"))), encoding="utf-8")
    result = replay(path)
    assert result.exit_code in (1, 2), (what, result.output)
    line = one_line(result)
    assert line.startswith("Error: ") and "bad.json'" in line, line


@pytest.mark.parametrize(
    ("what", "where", "message"),
    [
        ("a folder", lambda tmp: tmp, "it is a folder, not a saved session"),
        ("a missing file", lambda tmp: tmp / "none.json", "there is no such file"),
        ("a missing folder", lambda tmp: tmp / "none" / "s.json", "there is no such file"),
    ],
)
def test_a_path_that_is_no_save_is_refused_in_one_line(what, where, message, tmp_path):
    result = replay(where(tmp_path))
    assert result.exit_code == 2, what
    assert one_line(result).endswith(message)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file_is_refused_in_one_line(tmp_path):
    path = write(tmp_path, saved("banchek"))
    path.chmod(0)
    result = replay(path)
    assert result.exit_code == 2
    assert one_line(result).endswith("it cannot be read: permission denied")


def test_each_decision_is_told_with_its_values_and_each_seat_s_evening(tmp_path):
    """`croupier replay` gives beneath each choice its options' values in chips of
    expectation (docs/review.md), and at the end each seat's evening."""
    path = write(tmp_path, saved("chemin-de-fer"))
    result = replay(path)
    assert result.exit_code == 0, result.output
    values = [line for line in result.stdout.splitlines() if line.startswith("  ⚖ ")]
    assert values and all("·" in line for line in values)
    assert any("the best was taken" in line for line in values)
    evening = result.stdout.split("The evening, in chips of expectation:")[1]
    assert "Seat 1: " in evening and "expected " in evening and "luck " in evening


def test_one_coup_alone_and_a_coup_the_session_has_not(tmp_path):
    path = write(tmp_path, saved("punto-banco"))
    one = runner.invoke(app, ["replay", str(path), "--coup", "2"])
    assert one.exit_code == 0, one.output
    assert "— Coup 2 —" in one.stdout and "— Coup 1 —" not in one.stdout
    assert "The evening" not in one.stdout
    missing = runner.invoke(app, ["replay", str(path), "--coup", "99"])
    assert missing.exit_code == 2
    assert one_line(missing).endswith("has 4 coups: --coup 99 is not one of them")


def test_the_json_gives_every_decision_s_exact_values(tmp_path):
    """`--json`: each step's lines and decision, the values exact, the one taken and the
    best named, and the evenings adding up to the coups' nets."""
    path = write(tmp_path, saved("punto-banco"))
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["command"] == "replay" and report["game"] == "punto-banco"
    coups = [coup for coup in report["results"]["coups"] if not coup["closing"]]
    assert [coup["coup"] for coup in coups] == [1, 2, 3, 4]
    decisions = [s["decision"] for coup in coups for s in coup["steps"] if s["decision"]]
    assert decisions
    for decision in decisions:
        values = [Fraction(c["value"]["fraction"]) for c in decision["choices"]]
        assert Fraction(decision["cost"]["fraction"]) == max(values) - values[decision["taken"]]
        assert values[decision["best"]] == max(values)
    evenings = report["results"]["evenings"]
    assert {e["seat"] for e in evenings} == {0, 1, 2}
    for evening in evenings:
        luck = Fraction(evening["actual"]) - Fraction(evening["expected"]["fraction"])
        assert Fraction(evening["luck"]["fraction"]) == luck
