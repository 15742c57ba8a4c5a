"""Histories: written, read back, replayed, and checked against their record of the play."""

from __future__ import annotations

import json
from typing import Any

import pytest

from croupier import games
from croupier.engine import CHANCE, Event, History, encode, redact, replay
from croupier.engine.record import Recorder
from croupier.errors import HistoryMismatch, InvalidHistory
from tests.saves import (
    coup_of_action,
    quietly_replays,
    recorded_table,
    replayed,
    saved,
    shuffle_edited,
    stake_edited,
    unchecked,
)

NAMES = games.names()


def mismatch(name: str, data: dict[str, Any]) -> HistoryMismatch:
    with pytest.raises(HistoryMismatch) as caught:
        replayed(name, data)
    return caught.value


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seeded", [True, False])
def test_a_saved_session_replays_event_for_event(name, seeded):
    seen: list[Event] = []
    table = recorded_table(name, 5, seeded=seeded, seen=seen)
    game = games.get(name)
    history = History.from_json(table.history.to_json(), game)
    assert history == table.history and history.record == table.history.record
    steps = [step for _, step in replay(game, history)]
    assert [(s.actor, s.action) for s in steps if s.actor is not CHANCE] == table.actions
    assert [redact(event, None) for step in steps for event in step.events] == seen


@pytest.mark.parametrize("name", NAMES)
def test_a_seed_saves_the_same_session_every_time(name):
    assert recorded_table(name, 5).history.to_json() == recorded_table(name, 5).history.to_json()


@pytest.mark.parametrize("name", NAMES)
def test_a_changed_stake_is_found_in_its_coup(name):
    data = saved(name)
    edited, number = stake_edited(name, data)
    error = mismatch(name, edited)
    assert (error.round, error.closing) == (coup_of_action(name, data, number), False)
    assert "chips; the record says" in error.reason or "stakes or choices" in error.reason


@pytest.mark.parametrize("name", NAMES)
def test_a_changed_buy_in_is_found_at_the_seating(name):
    data = saved(name)
    data["buy_ins"]["1"] = 1250
    assert quietly_replays(name, data)
    error = mismatch(name, data)
    assert error.round == 0
    assert error.reason == "seat 2 sits down with 1250 chips; the record says 1200"


@pytest.mark.parametrize("name", NAMES)
def test_two_cards_swapped_in_a_recorded_shuffle_are_found(name):
    error = mismatch(name, shuffle_edited(name, saved(name, seeded=False)))
    assert (error.round, error.closing) == (1, False)  # the first shuffle is the first coup's
    assert error.reason == "other cards come from the shoe than recorded"


@pytest.mark.parametrize("name", ["punto-banco", "banchek"])
def test_the_record_itself_edited_is_found(name):
    data = saved(name)
    data["record"][2]["holdings"]["0"] += 5
    error = mismatch(name, data)
    assert error.round == 2 and "seat 1 ends it with" in error.reason
    data = saved(name)
    data["record"][1]["cards"] = "0" * 64
    assert mismatch(name, data).round == 1


def test_a_session_cut_short_or_run_on_is_found():
    data = saved("punto-banco")
    data["actions"] = data["actions"][:-3]
    assert "ends sooner" in mismatch("punto-banco", data).reason
    data = saved("punto-banco")
    data["actions"].append(data["actions"][-1])
    assert "goes on after" in mismatch("punto-banco", data).reason


def test_a_history_without_a_record_replays_unchecked():
    data = saved("chemin-de-fer")
    old = unchecked(data)
    assert History.from_json(json.dumps(old), games.get("chemin-de-fer")).record == ()
    assert len(replayed("chemin-de-fer", old)) == len(replayed("chemin-de-fer", data))


@pytest.mark.parametrize("name", NAMES)
def test_the_record_tells_no_more_than_the_rest_of_the_history(name):
    """Hidden cards and the seed stay as hidden as the file already keeps them: the record
    is worked out from the rest of the history alone (the chips are public)."""
    data = saved(name, seeded=False)
    game = games.get(name)
    history = History.from_json(json.dumps(unchecked(data)), game)
    recorder = Recorder(game, history.config, game.start(history.config, history.buy_ins))
    for state, step in replay(game, history):
        recorder.note(step.actor, step.action, step.events, state)
    assert [encode(checkpoint) for checkpoint in recorder.checkpoints] == data["record"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": 6}, "format 6 is of a newer croupier"),
        ({"format": "2"}, "format '2' is not one croupier writes"),
        ({"game": "poker"}, "this history is of 'poker', not 'punto-banco'"),
        ({"seed": 1.5}, "its seed is 1.5, not a whole number or null"),
        ({"actions": [["nobody", {"type": "Done"}]]}, "'nobody' is not a seat number or 'house'"),
        ({"buy_ins": [1000]}, "its buy-ins ('buy_ins'): expected an object"),
        ({"actions": [[0, {"type": "Hit"}]]}, "actions 1: 'Hit' is not an action of Punto Banco"),
        ({"actions": [["chance", {"type": "Done"}]]}, "actions 1: chance's steps are drawn"),
        ({"shuffles": [["7D", "ZZ"]]}, "shuffles 1: "),
        ({"record": [{"type": "Checkpoint"}]}, "record 1: Checkpoint lacks its field 'rounds'"),
        ({"extra": 1}, "it has 'extra', which a history of format 2 has not"),
    ],
)
def test_a_malformed_history_is_refused_saying_where(change, message):
    data = {**saved("punto-banco"), **change}
    with pytest.raises(InvalidHistory) as caught:
        History.from_json(json.dumps(data), games.get("punto-banco"))
    assert message in str(caught.value)


def test_a_history_nested_too_deeply_is_refused():
    with pytest.raises(InvalidHistory, match="nested too deeply"):
        History.game_in("[" * 100_000 + "]" * 100_000)
