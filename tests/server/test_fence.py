"""The fence (docs/scaling.md, "The fence"): a process that has lost its claim on a table can
never store a step after the new owner's claim, even one stopped in the middle of its
commit; and a process that loses a table never shows it as closed."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import Connection, Engine, text, update
from sqlalchemy.orm import Session

from croupier.engine.actions import Join
from croupier.games.monte_bank import MonteBank
from croupier.server import tables
from croupier.server._book import action_json
from croupier.server.connections import Subscriber
from croupier.server.database import open_database
from croupier.server.lobby import Lobby
from croupier.server.people import register
from croupier.server.schema import TableRecord
from croupier.server.tables import (
    FIRST_FENCE,
    Batch,
    Committed,
    Settings,
    TableLost,
    claim,
    commit_group,
    open_table,
    rebuild,
)
from tests.server.players import house_box, house_keys, steps_of

JOIN = Committed(0, action_json(Join(100)), "seat")


@pytest.fixture
def engines(database_url: str) -> Any:
    """Two processes' engines on one database: A's and B's."""
    first, second = open_database(database_url), open_database(database_url)
    yield first, second
    first.dispose()
    second.dispose()


def _until(condition: Callable[[], bool], what: str, within: float = 30.0) -> None:
    deadline = time.monotonic() + within
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.01)


def _waits_on_a_lock(engine: Engine) -> bool:
    """Whether some transaction on the database waits for a lock another holds (PostgreSQL)."""
    with engine.connect() as connection:
        waiting = connection.scalar(
            text(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock'"
            )
        )
    return bool(waiting)


def test_a_commit_stopped_midway_never_lands_after_another_process_s_claim(
    engines, database_url, monkeypatch
):
    """A's lease has run out while it is stopped in the middle of committing a batch; B
    claims the table and rebuilds it from what is committed, as a process taking a table up
    does. Whatever the order, B's history is the table's: B's claim waits for A's commit to
    end (or A's is refused), and B's first batch is stored."""
    first, second = engines
    claimed = ("A", -1.0, None)  # A's claim, already run out
    config = MonteBank().config()
    box = house_box(database_url)
    table = open_table(first, "monte-bank", config, Settings(), {1: "Anna"}, None, claimed, box=box)
    midway, wake = threading.Event(), threading.Event()
    keep = tables._keep_shoes

    def stopped(connection: Connection, batch: Batch) -> None:
        keep(connection, batch)
        if batch.owner == "A":  # its steps written, not yet committed
            midway.set()
            assert wake.wait(60)

    monkeypatch.setattr(tables, "_keep_shoes", stopped)
    mine = Batch(table, [JOIN], after=0, owner="A", fence=FIRST_FENCE)
    committed: list[Exception | None] = []
    a = threading.Thread(target=lambda: committed.extend(commit_group(first, [mine])))
    a.start()
    assert midway.wait(60)
    taken: list[Any] = []

    def take_up() -> None:
        fence = claim(second, table, "B", 60)
        taken.append((fence, rebuild(second, table, box=box)[1].seq))

    b = threading.Thread(target=take_up)
    b.start()
    if second.dialect.name == "postgresql":  # SQLite: B cannot begin while A holds the lock
        _until(lambda: taken != [] or _waits_on_a_lock(second), "B claimed or waited")
    wake.set()
    a.join(60)
    b.join(60)
    ((fence, seq),) = taken
    assert fence == FIRST_FENCE + 1
    assert seq == (1 if committed == [None] else 0), "B rebuilt every step committed"
    ours = Batch(table, [JOIN], after=seq, owner="B", fence=fence)
    assert commit_group(second, [ours]) == [None], "B plays on from what it rebuilt"
    late = Batch(table, [JOIN], after=seq + 1, owner="A", fence=FIRST_FENCE)
    (refused,) = commit_group(first, [late])
    assert isinstance(refused, TableLost)
    steps = [step.seq for step in steps_of(database_url, table)]
    assert steps == list(range(1, seq + 2))


def test_a_batch_of_an_earlier_claim_is_refused_even_by_the_same_owner(engines, database_url):
    """A process that takes a table up again (a runner rebuilt) claims it anew: what its
    earlier runner still had to commit is refused, and only the new claim's is stored."""
    first, _ = engines
    config = MonteBank().config()
    claimed = ("A", 60.0, None)
    box = house_box(database_url)
    table = open_table(first, "monte-bank", config, Settings(), {1: "Anna"}, None, claimed, box=box)
    again = claim(first, table, "A", 60)
    assert again == FIRST_FENCE + 1
    (stale,) = commit_group(first, [Batch(table, [JOIN], after=0, owner="A", fence=FIRST_FENCE)])
    assert isinstance(stale, TableLost)
    assert commit_group(first, [Batch(table, [JOIN], after=0, owner="A", fence=again)]) == [None]
    assert len(steps_of(database_url, table)) == 1


def test_a_process_that_loses_a_table_never_shows_it_closed(database_url):
    """Another process claims the table while this one runs it: this one's next batch is
    refused, and then its lobby lists the table as the other's (not here, not closed), its
    connections are told to connect again, and an action is refused in those words."""

    async def scenario() -> tuple[dict[str, Any], list[Any], dict[str, Any]]:
        engine = open_database(database_url)
        with Session(engine) as session, session.begin():
            ada = register(session, "ada", "a long password").id
        lobby = Lobby(engine, keys=house_keys(database_url))
        runner = await lobby.open(ada, "punto-banco", {}, 1, Settings(bot_pause=3600))
        table = runner.info.id
        watching = runner.subscribe(ada)
        with Session(engine) as session, session.begin():  # this process's lease runs out
            session.execute(update(TableRecord).values(lease_until=None, owner=None))
        assert claim(engine, table, "another process", 60)
        answer = await runner.act(ada, "ada", Join(100), runner.book.seq, "k1", seat=0)
        assert answer["type"] == "refused"
        while table in lobby._runners:  # its task ends, and the lobby lets the table go
            await asyncio.sleep(0.01)
        listed = {entry["id"]: entry for entry in await lobby.tables()}
        late = await runner.act(ada, "ada", Join(100), runner.book.seq, "k2", seat=0)
        told = _drained(watching)
        await lobby.stop()
        engine.dispose()
        return listed[table], told, late

    entry, told, late = asyncio.run(scenario())
    assert entry["here"] is False and "closed" not in entry
    assert [message["type"] for message in told][-1] == "moved"
    assert all(not message.get("closed") for message in told if message["type"] == "view")
    assert late["type"] == "refused" and "another server process" in late["reason"]


def _drained(subscriber: Subscriber) -> list[Any]:
    return [json.loads(m) if isinstance(m, str) else m for m in subscriber.take()]


def test_a_table_being_taken_up_here_is_sent_nowhere_until_it_runs(database_url):
    """A process that has claimed a table and does not run it yet (taking it up) sends nobody
    on to itself for it, which would send a client back to it until it ran; another process
    sends them there."""

    async def scenario() -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        engine = open_database(database_url)
        with Session(engine) as session, session.begin():
            ada = register(session, "ada", "a long password").id
        keys = house_keys(database_url)
        first = Lobby(engine, keys=keys, address="http://first.example")
        runner = await first.open(ada, "punto-banco", {}, 1, Settings(bot_pause=3600))
        table = runner.info.id
        await first.stop()
        with Session(engine) as session, session.begin():  # its lease runs out
            session.execute(update(TableRecord).values(lease_until=None, owner=None))
        taking = "http://taking.example"
        assert claim(engine, table, "the process taking it up", 60, taking)
        here = await Lobby(engine, keys=keys, address=taking).elsewhere(table)
        there = await Lobby(engine, keys=keys, address="http://third.example").elsewhere(table)
        engine.dispose()
        return here, there

    here, there = asyncio.run(scenario())
    assert here is not None and "at" not in here and "socket" not in here
    assert there is not None and there["at"] == "http://taking.example"
