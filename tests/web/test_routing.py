"""Two server processes on one PostgreSQL database behind a real reverse proxy (Debian's
nginx, started here on loopback with the site `croupier deploy nginx` writes), each told its
public address (`--public-url`) and the proxy's (`--proxy`) as that file says: one
lobby lists every table with where it is run; a request made at the process that does not
run a table is sent on (307) to the one that does; a program and a page in Chromium that
open a table's socket through the proxy are sent to its process (`moved`); and when that
process is killed, the other takes the table up and both follow it there, seat kept, the
page drawing the steps taken after the move (docs/scaling.md, "Routing").

Skipped without nginx (`.ci/run` installs it) or without PostgreSQL to create a database on.
"""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest
from playwright.sync_api import Browser, expect

from croupier.client import Client, TableConnection
from croupier.server.database import migrate
from tests.conftest import postgres_database
from tests.server import proxied
from tests.server.players import PASSWORD, pick
from tests.server.test_crash import Server, _free_port, connect
from tests.web.pages import Guest

pytestmark = pytest.mark.timeout(240)

T = TypeVar("T")


@pytest.fixture
def proxy_and_processes(postgres_server: str, tmp_path: Path) -> Iterator[tuple[str, list[Server]]]:
    """Two `croupier serve` on a new PostgreSQL database behind nginx, with the site
    `croupier deploy nginx` writes and each process told what it says (tests.server.proxied):
    the proxy's address, and the processes (each at /pPORT/)."""
    with postgres_database(postgres_server) as url:
        migrate(url)
        lease = ("--lease", "6")  # a lease kept on a busy machine; taken up within 60 s
        processes = [Server(url, tmp_path / f"p{n}.log", lease) for n in (1, 2)]
        house = proxied.house(_free_port(), [process.port for process in processes])
        for process in processes:
            process.options = (*proxied.told(house, process.port), *process.options)
        try:
            for process in processes:
                process.start()
            with proxied.nginx(tmp_path, house) as base:
                yield base, processes
        finally:
            for process in processes:
                if process.process is not None and process.process.poll() is None:
                    process.kill()


class _Loop:
    """An event loop in a thread of its own, for the program's client (Playwright's sync API
    holds this thread's): `run` a coroutine there and wait for its result."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(120)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def test_one_lobby_through_the_proxy_and_a_page_follows_its_table_when_its_process_dies(
    proxy_and_processes: tuple[str, list[Server]], browser: Browser
):
    base, processes = proxy_and_processes
    loop = _Loop()
    ada = Client(base)
    settings = {"bot_pause": 0.1, "time_limit": 60, "hold": 60}

    async def opened() -> tuple[int, str, TableConnection]:
        await ada.register("ada", PASSWORD)
        entry = await ada.open_table("punto-banco", bots=1, settings=settings)
        seat = ada.table(entry["id"])
        # through the proxy: sent on to the process that runs it, or told to try again
        # shortly (4409) while the other process cannot yet say where it runs
        await connect(seat)
        while "0" not in (seat.view or {}).get("open_seats", {}):
            await seat.next()
        assert (await seat.act({"type": "Join", "amount": 300}, seat=0))["type"] == "ack"
        return entry["id"], entry["at"], seat

    table, at, seat = loop.run(opened())
    runs = next(p for p in processes if at.endswith(f"/p{p.port}"))
    other = next(p for p in processes if p is not runs)
    for process in processes:  # one lobby: each process says where the table is run
        (listed,) = [
            e for e in httpx.get(f"{process.address}/api/tables").json() if e["id"] == table
        ]
        assert listed["at"] == at and listed["socket"].startswith(at.replace("http", "ws", 1))
        assert listed["here"] is (process is runs)
    sent = httpx.get(f"{other.address}/api/tables/{table}")
    assert sent.status_code == 307 and sent.headers["location"] == f"{at}/api/tables/{table}"
    assert httpx.get(f"{other.address}/api/tables/{table}", follow_redirects=True).json()["here"]

    bob = Guest(browser, base, "bob")
    bob.sign_up()
    bob.at_table(table)
    bob.page.wait_for_function("() => Number(document.querySelector('#layout').dataset.seq) > 0")
    before = int(bob.page.locator("#layout").get_attribute("data-seq") or 0)
    moved = [m for m in bob.heard if m["type"] == "moved"]
    assert all(m["to"].startswith(at.replace("http", "ws", 1)) for m in moved)

    runs.kill()  # the table's process dies; the other takes the table up once its lease is out

    async def acts_again() -> int:
        await connect(seat, seconds=60)
        assert seat.welcome is not None and seat.welcome["seat"] == 0, "the seat was kept"
        while not (seat.view and seat.legal and 0 in seat.view["view"]["to_act"]):
            await seat.next()
        answer = await seat.act(pick(seat.legal, random.Random(1)))
        assert answer["type"] == "ack"
        await ada.close()
        return int(answer["seq"])

    acted = loop.run(acts_again())
    loop.stop()
    assert acted > before
    bob.page.wait_for_function(
        "seq => Number(document.querySelector('#layout').dataset.seq) >= seq",
        arg=acted,
        timeout=60_000,
    )
    expect(bob.page.locator("#status")).to_have_text("connected")
    assert (
        httpx.get(f"{base}/api/tables/{table}", follow_redirects=True)
        .json()["at"]
        .endswith(f"/p{other.port}")
    ), "the lobby now names the process that took the table up"
    assert not bob.errors
