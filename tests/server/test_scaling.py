"""Two server processes on one database (issue 15, docs/scaling.md): each table is run by
exactly one of them, the one holding its lease; the other lists it but refuses to run it,
and takes it up, where it was, once the first process is gone and its lease has run out."""

from __future__ import annotations

import asyncio
import signal
import sqlite3
import subprocess
import time

import httpx
import pytest
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.pool import NullPool
from websockets.exceptions import ConnectionClosed

from croupier.client import Client
from croupier.server.database import engine_url
from tests.server.players import PASSWORD, steps_of
from tests.server.test_crash import Server, connect


@pytest.mark.slow
def test_a_table_is_run_by_one_process_and_taken_up_by_another_when_it_dies(database_url, tmp_path):
    first = Server(database_url, tmp_path / "first.log")
    second = Server(database_url, tmp_path / "second.log")
    first.start()
    second.start()

    async def scenario() -> None:
        at_first, at_second = Client(first.address), Client(second.address)
        await at_first.register("ada", PASSWORD)
        await at_second.log_in("ada", PASSWORD)
        settings = {"bot_pause": 0, "time_limit": 1, "hold": 60}
        table = (await at_first.open_table("punto-banco", bots=1, settings=settings))["id"]
        listed = {entry["id"]: entry for entry in await at_second.tables()}
        assert listed[table]["here"] is False, "the second process lists the table as another's"
        with pytest.raises(ConnectionClosed) as refused:
            await at_second.table(table).connect()
        assert refused.value.rcvd is not None and refused.value.rcvd.code == 4409
        seat = at_first.table(table)
        await seat.connect()
        while True:
            message = await seat.next()
            if message["type"] == "view" and "0" in message.get("open_seats", {}):
                assert (await seat.act({"type": "Join", "amount": 300}, seat=0))["type"] == "ack"
                break
        steps = len(steps_of(database_url, table))
        first.kill()
        moved = at_second.table(table)
        await connect(moved)
        assert moved.welcome is not None and moved.welcome["seat"] == 0, "the seat was kept"
        message = await moved.next()
        while message["type"] != "view":
            message = await moved.next()
        assert message["seq"] >= steps
        await at_second.close_table(table)
        while not (message["type"] == "view" and message["closed"]):
            message = await moved.next()
        assert (await at_second.me())["chips"] == 1000, "she got up with her 300 at the close"

    try:
        asyncio.run(scenario())
    finally:
        for server in (first, second):
            if server.process is not None and server.process.poll() is None:
                server.kill()
    assert second.audit().returncode == 0


def _runs(server: Server, table: int) -> bool:
    """Whether `server` runs `table` (it answers its entry itself, not a redirect)."""
    answer = httpx.get(f"{server.address}/api/tables/{table}", timeout=10)
    return answer.status_code == 200 and bool(answer.json()["here"])


async def _here(client: Client, table: int) -> bool:
    """Whether the process `client` talks to lists `table` as run there."""
    listed = {entry["id"]: entry for entry in await client.tables()}
    return bool(listed[table]["here"])


def _stop_between_writes(process: subprocess.Popen[bytes], url: str) -> None:
    """SIGSTOP `process`, at a moment it is inside no transaction: one stopped inside a
    transaction holds up every other writer of what it has written (SQLite: of anything)
    until it wakes (docs/scaling.md), and the other process could then claim nothing."""
    for _ in range(100):
        process.send_signal(signal.SIGSTOP)
        if not _in_a_transaction(url):
            return
        process.send_signal(signal.SIGCONT)  # stopped inside a transaction: let it finish
        time.sleep(0.05)
    raise AssertionError("the process was inside a transaction at each of 100 stops")


def _in_a_transaction(url: str) -> bool:
    """Whether a connection to the database at `url` is inside a transaction: SQLite's
    write lock is held, or a PostgreSQL connection is idle in a transaction (a statement
    under way is given a moment to end first)."""
    file = make_url(url).database if url.startswith("sqlite") else None
    if file is not None:
        probe = sqlite3.connect(file, timeout=0, isolation_level=None)
        try:
            probe.execute("BEGIN IMMEDIATE")
            probe.execute("ROLLBACK")
            return False
        except sqlite3.OperationalError:
            return True
        finally:
            probe.close()
    time.sleep(0.1)
    engine = create_engine(engine_url(url), poolclass=NullPool)
    try:
        with engine.connect() as connection:
            held = connection.execute(
                text(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                    "AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'"
                )
            ).scalar_one()
    finally:
        engine.dispose()
    return bool(held)


@pytest.mark.slow
def test_a_process_stopped_past_its_leases_gives_its_tables_up_when_it_wakes(
    database_url, tmp_path
):
    """SIGSTOP, longer than a lease, then SIGCONT: the other process has taken the table up
    meanwhile, and the one that slept stops running it without committing a step (its
    batch refused, `TableLost`), so the table's history stays one."""
    first = Server(database_url, tmp_path / "first.log")
    second = Server(database_url, tmp_path / "second.log")
    first.start()
    second.start()

    async def scenario() -> tuple[int, int]:
        at_first, at_second = Client(first.address), Client(second.address)
        await at_first.register("ada", PASSWORD)
        await at_second.log_in("ada", PASSWORD)
        # a bot's step every half second: the process is stopped between commits
        settings = {"bot_pause": 0.5, "time_limit": 60, "hold": 3600, "away": 86400}
        table = (await at_first.open_table("punto-banco", bots=1, settings=settings))["id"]
        async with at_first.table(table) as seat:
            while "0" not in (await seat.next()).get("open_seats", {}):
                pass
            assert (await seat.act({"type": "Join", "amount": 300}, seat=0))["type"] == "ack"
            await seat.plan(away=True)  # she sits out, held once gone: the table plays on
        while len(steps_of(database_url, table)) < 8:
            await asyncio.sleep(0.1)
        assert first.process is not None
        _stop_between_writes(first.process, database_url)
        deadline = time.monotonic() + 120  # past the lease (2 s) and the other's next look
        while not await _here(at_second, table):
            assert time.monotonic() < deadline, "the other process never took the table up"
            await asyncio.sleep(0.2)
        slept = len(steps_of(database_url, table))
        first.process.send_signal(signal.SIGCONT)
        deadline = time.monotonic() + 120
        while _runs(first, table):
            assert time.monotonic() < deadline, "the process that slept still runs the table"
            await asyncio.sleep(0.2)
        await at_first.close()
        await at_second.close()
        return table, slept

    try:
        table, slept = asyncio.run(scenario())
    finally:
        for server in (first, second):
            if server.process is not None and server.process.poll() is None:
                server.kill()
    steps = [step.seq for step in steps_of(database_url, table)]
    assert steps == list(range(1, len(steps) + 1)), "one history, no step twice or missing"
    assert len(steps) >= slept
    told = (tmp_path / "first.log").read_text()
    lost = (f"table {table}: its lease was lost", f"table {table} is another process's now")
    assert any(said in told for said in lost), told[-2000:]
    assert second.audit().returncode == 0
