"""Two server processes on one database (issue 15, docs/scaling.md): each table is run by
exactly one of them, the one holding its lease; the other lists it but refuses to run it,
and takes it up, where it was, once the first process is gone and its lease has run out."""

from __future__ import annotations

import asyncio

import pytest
from websockets.exceptions import ConnectionClosed

from croupier.client import Client
from tests.server.players import PASSWORD, steps_of
from tests.server.test_crash import Server, connect


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
