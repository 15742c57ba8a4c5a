"""Every frame answered, whatever it is (docs/protocol.md, `error`): hypothesis builds frames
from the protocol's own messages (`act`, `plan`, `say`) and mutates them (a field dropped,
one replaced by any JSON value, one added, the type changed, the text cut or garbled, sent
as a binary frame), and throws at least 10,000 of them (2,000 on PostgreSQL) at a seated
person's socket. Each is answered (an `error`, `refused`, `ack`, `planned` or `chat`),
never dropped in silence nor a traceback; after them, only the actions the server
acknowledged were taken, another table played on all the while, and the ledger's audit
holds."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from croupier.server.app import create_app
from croupier.server.audit import audit
from croupier.server.tables import table_chips
from tests.server.players import Person, Reader, house_box, open_table, sit_down, steps_of

FRAMES = {"sqlite": 10_000, "postgresql": 2_000}
"""The frames thrown at each database's server: every frame is answered by the same code
whichever it is, so the 10,000 are thrown once; on PostgreSQL, enough that its commits of
what was acknowledged are checked as well (drawing a frame, not answering it, is most of
the cost)."""
BATCH = 10
"""The frames of one example, thrown one after another at the same seat: each example's
frames are a short history that a server must survive, not a single frame."""
ANSWERS = ("error", "refused", "ack", "planned", "chat")

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)
ACTION_NAMES = st.sampled_from(["Stake", "Join", "Leave", "Draw", "Stand", "Pass", "Done", "Banco"])
ACTION = st.fixed_dictionaries(
    {"type": ACTION_NAMES},
    optional={
        "amount": st.integers(min_value=-5, max_value=2_000) | JSON,
        "bet": st.sampled_from(["punto", "banco", "egalite"]) | JSON,
    },
)
ACT = st.fixed_dictionaries(
    {
        "type": st.just("act"),
        "seq": st.integers(min_value=-2, max_value=400),
        "key": st.text(max_size=80),
        "action": ACTION,
    },
    optional={"seat": st.integers(min_value=-1, max_value=12) | JSON},
)
PLAN = st.fixed_dictionaries(
    {"type": st.just("plan"), "leave": st.just(False) | JSON, "away": st.booleans() | JSON}
)
SAY = st.fixed_dictionaries({"type": st.just("say"), "text": st.text(max_size=300) | JSON})


def _taken(url: str, table: int, person: int) -> list[int]:
    """The steps of `table` that `person` took (not those taken for them: sitting out)."""
    return [s.seq for s in steps_of(url, table) if s.person_id == person and s.by == "seat"]


@st.composite
def frames(draw: st.DrawFn) -> str | bytes:
    """One frame: a message of the protocol's shapes, mutated or not, as text or bytes."""
    message: Any = dict(draw(st.one_of(ACT, PLAN, SAY)))
    how = draw(st.sampled_from(["as is", "drop", "replace", "add", "retype", "any"]))
    fields = sorted(message)
    if how == "drop":
        del message[draw(st.sampled_from(fields))]
    elif how == "replace":
        message[draw(st.sampled_from(fields))] = draw(JSON)
    elif how == "add":
        message[draw(st.text(min_size=1, max_size=8))] = draw(JSON)
    elif how == "retype":
        message["type"] = draw(JSON)
    elif how == "any":
        message = draw(JSON)
    text = json.dumps(message)
    form = draw(st.sampled_from(["text"] * 6 + ["cut", "garbled", "huge number", "bytes"]))
    if form == "cut":
        return text[: draw(st.integers(min_value=0, max_value=len(text)))]
    if form == "garbled":
        at = draw(st.integers(min_value=0, max_value=len(text)))
        return text[:at] + draw(st.text(min_size=1, max_size=5)) + text[at:]
    if form == "huge number" and '"seq": ' in text:
        return text.replace('"seq": ', '"seq": 1' + "0" * draw(st.integers(4000, 9000)), 1)
    if form == "bytes":
        return text.encode()
    return text


@pytest.mark.slow
def test_ten_thousand_generated_frames_are_each_answered_and_change_only_what_was_acked(
    database_url, caplog
):
    frames_thrown = FRAMES[database_url.partition(":")[0]]
    with TestClient(create_app(database_url, seed=11)) as server:
        ada = Person(server, "ada")
        bob = Person(server, "bob")
        fuzzed = open_table(ada, "punto-banco", 1, bot_pause=0, time_limit=3600, hold=3600)
        other = open_table(bob, "chemin-de-fer", 2, bot_pause=0.5, hold=3600, away=86400)
        with (
            caplog.at_level(logging.WARNING),
            ada.connect(fuzzed) as socket,
            bob.connect(other) as watching,
        ):
            reader = Reader(socket, ada.heard)
            sit_down(reader, 0, 500)
            bobs = Reader(watching, bob.heard)
            sit_down(bobs, 0, 500)
            assert bobs.ask({"type": "plan", "leave": False, "away": True}, "planned")
            other_before = len(steps_of(database_url, other))
            before = set(_taken(database_url, fuzzed, ada.id))
            sent: list[str | bytes] = []
            answers: list[dict[str, Any]] = []

            @settings(
                max_examples=frames_thrown // BATCH,
                deadline=None,
                database=None,
                suppress_health_check=list(HealthCheck),
            )
            @given(st.lists(frames(), min_size=BATCH, max_size=BATCH))
            def throw(batch: list[str | bytes]) -> None:
                for frame in batch:
                    if isinstance(frame, bytes):
                        socket.send_bytes(frame)
                    else:
                        socket.send_text(frame)
                    sent.append(frame)
                    answer = reader.until(lambda m: m["type"] in ANSWERS)
                    answers.append(answer)
                    assert len(answer.get("reason", "")) < 400, (frame[:200], answer)

            throw()
            assert len(sent) >= frames_thrown
            acked = {a["seq"] for a in answers if a["type"] == "ack"}  # a key again: its ack
            # the connection carries on (an error if a generated Leave got Ada up)
            reader.ask({"type": "plan", "leave": False, "away": False}, "planned", "error")
            mine = _taken(database_url, fuzzed, ada.id)
            assert set(mine) - before == acked, "only the acknowledged actions were taken"
            assert len(steps_of(database_url, other)) > other_before, "the other table played"
    assert not [r for r in caplog.records if r.exc_info], "no traceback was logged"
    assert audit(database_url, table_chips(house_box(database_url))) == []
