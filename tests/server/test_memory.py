"""Nothing is kept per connection once it is gone: `croupier serve` is opened and closed 1,000
table connections five times over (a hundred at once, half of them closed cleanly, half cut
off without a close), and its resident memory after the fifth round is within 10% of that
after the first."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect

from tests.server.players import PASSWORD
from tests.server.test_crash import Server

ROUNDS = 5
CONNECTIONS = 1_000
AT_ONCE = 100


def _resident(pid: int) -> int:
    """The process's resident memory, in KiB (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


async def _round(address: str, cookie: str) -> None:
    """`CONNECTIONS` connections, `AT_ONCE` at a time, each until its first view."""
    gate = asyncio.Semaphore(AT_ONCE)

    async def one(n: int) -> None:
        async with gate:
            socket = await connect(address, additional_headers={"cookie": f"session={cookie}"})
            while '"view"' not in str(await socket.recv()):
                pass
            if n % 2:
                await socket.close()
            else:  # cut off: no close frame, the connection just goes
                socket.transport.abort()

    await asyncio.gather(*(one(n) for n in range(CONNECTIONS)))


@pytest.mark.slow
def test_connections_opened_and_closed_leave_nothing_behind(database_url, tmp_path):
    server = Server(database_url, tmp_path / "server.log")
    server.start()
    assert server.process is not None
    try:
        with httpx.Client(base_url=server.address) as http:
            http.post("/api/register", json={"name": "ada", "password": PASSWORD})
            body = {"game": "punto-banco", "bots": 1, "settings": {"bot_pause": 1}}
            table = http.post("/api/tables", json=body).json()["id"]
            cookie = http.cookies["session"]
        address = f"ws://127.0.0.1:{server.port}/api/tables/{table}/socket"
        after = []
        for _ in range(ROUNDS):
            asyncio.run(_round(address, cookie))
            after.append(_resident(server.process.pid))
        assert after[-1] <= after[0] * 1.10, f"resident KiB after each round: {after}"
    finally:
        server.kill()
