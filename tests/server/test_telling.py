"""The table's `Encoder` writes exactly what `codec.encode` writes: every view of every seat
and of a spectator, and every event as each of them is told it, after every step of a
random session of each game, with one encoder remembering across the whole session (as a
table's does) and forgetting each batch's values (here, each step's)."""

from __future__ import annotations

import importlib
import json

import pytest

from croupier import games
from croupier.engine.codec import encode
from croupier.engine.events import redact
from croupier.server._telling import Encoder, Written, json_text
from croupier.testing import Spec, play_randomly

GAMES = games.names()


@pytest.mark.parametrize("name", GAMES)
def test_the_encoder_writes_what_encode_writes(name):
    game = games.get(name)
    conformance = importlib.import_module(f"tests.games.{name.replace('-', '_')}.test_conformance")
    config = game.config()
    buy_ins = dict.fromkeys(range(3), 3000)
    spec = Spec(game, config, buy_ins, conformance.scramble, conformance.candidates)
    session = play_randomly(spec, seed=5, rounds=8, checks=0)
    encoder, state = Encoder(), game.start(config, buy_ins)
    viewers = [None, *buy_ins]
    views = 0
    for actor, action, events in session.steps:
        state, _ = game.apply(state, actor, action)
        encoder.batch()
        for seat in viewers:
            told = [redact(event, seat) for event in events]
            assert [encoder(event) for event in told] == [encode(event) for event in told]
            seen = game.view(state, seat)
            assert json.loads(encoder.view(seen)) == encode(seen), f"{name}: the view of {seat}"
            views += 1
    assert views > 20 * len(viewers), "a session of some length"


def test_a_written_value_goes_into_its_message_as_it_is():
    message = {"type": "view", "seq": 3, "view": Written('{"a":[1,"é"]}'), "closed": False}
    assert json.loads(json_text(message)) == {**message, "view": {"a": [1, "é"]}}
    assert json_text({"type": "ack", "key": "é"}) == '{"type":"ack","key":"é"}'
