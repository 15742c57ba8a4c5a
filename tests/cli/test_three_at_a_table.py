"""Three people at one table of every game, at a real server (issue 15's "done when"): two
through `croupier.client`, one at the terminal with `croupier play GAME --server URL --join`.
They play until the table's opener closes it and its session ends: each is told so and gets
up with their chips, each account holds what it should, the two clients heard only what
their seats may know, and the ledger's audit holds."""

from __future__ import annotations

import asyncio
import os
import random
import re
import select
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from croupier import games
from croupier.client import Client, ServerRefused
from croupier.server.audit import audit
from croupier.server.tables import table_chips
from tests.cli.served import PASSWORD, account, at, summary_row
from tests.cli.test_session import Playing
from tests.server.players import check_heard, chips_back, house_box, pick, staying, steps_of
from tests.server.test_table_server import _scramble

BUY_IN = 500
SETTINGS = {"bot_pause": 0, "time_limit": 30, "hold": 30}
PROMPT = re.compile(r"([^\n]*) >\s*$")
"""The last line of what the terminal said, when it asks."""
THINK = 0.05
"""How long a client thinks over a choice, so that the table keeps a pace people follow."""
OWN_TURNS = 12
"""How many times the terminal player answers before the opener closes the table."""

CLOSING: dict[str, tuple[str | Callable[[str], str], ...]] = {
    "Draw or stand": ("stand",),  # Punto Banco's choice on 5
    "`draw` or `stand`": ("stand",),  # Chemin de Fer's punter on 5
}
"""The answers while the table closes: Enter, but to a choice that Enter does not make."""


def _monte_bet(word: str) -> Callable[[str], str]:
    """A bet of 10 on the last card of the layout last shown, as `word CARD 10`."""

    def bet(said: str) -> str:
        cards = re.findall(r"Layout, [a-z-]+: (\S+) ", said)
        return f"{word} {cards[-1]} 10" if cards else ""

    return bet


def _row_bet(said: str) -> str:
    return "top 10"


ANSWERS: dict[str, dict[str, tuple[str | Callable[[str], str], ...]]] = {
    "punto-banco": {"Your bets": ("punto 20", ""), "Draw or stand": ("stand",)},
    "chemin-de-fer": {
        "`banco`": ("",),  # a banco may stake all one has (CF-7): tests/cli/test_chemin_de_fer.py
        "Stake an amount": ("50",),
        "`draw` or `stand`": ("stand",),
    },
    "monte-bank": {"Your bets": (_monte_bet("circle"), "")},
    "private-monte": {"Your bets": (_row_bet, "")},
    "banchek": {"Ride on these cards": ("10",)},
}
"""What the terminal player says at a prompt, in turn; Enter (the plainest choice) at any
other. A bet the rules refuse at that moment is said so, and the prompt asked again."""

RULES = {"banchek": {"riders": True}}


class Punter:
    """A person at a table through `croupier.client`, in a thread of their own: they open
    the table with as few bots as the game allows (or join `table`), sit down at the first
    seat open with `BUY_IN` and, once told to `go`, play at random from their view's options
    (never getting up), `THINK` seconds over each choice, until the table closes. Every
    message they heard is kept."""

    def __init__(self, url: str, name: str, game: str, seed: int, table: int = 0) -> None:
        self.url, self.name, self.game, self.table = url, name, game, table
        self.id = 0
        self.heard: list[dict[str, Any]] = []
        self.seated = threading.Event()
        self.go = threading.Event()
        self.closed = False
        self.failure: BaseException | None = None
        self._rng = random.Random(seed)
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            asyncio.run(self._play())
        except BaseException as error:  # the test says what went wrong
            self.failure = error
            self.seated.set()

    async def _play(self) -> None:
        async with Client(self.url) as client:
            self.id = (await client.register(self.name, PASSWORD))["id"]
            if not self.table:
                self.table = await self._open(client)
            async with client.table(self.table) as seat:
                await self._sit_down(seat)
                await asyncio.to_thread(self.go.wait, 120)
                deadline = time.monotonic() + 240
                while time.monotonic() < deadline:
                    message = await asyncio.wait_for(seat.next(), 60)
                    self.heard.append(message)
                    if message["type"] != "view":
                        continue
                    if message["closed"]:
                        self.closed = True
                        return
                    offered = staying(seat.legal)
                    if message["seat"] is not None and offered:
                        await asyncio.sleep(THINK)
                        await seat.send(pick(offered, self._rng))

    async def _open(self, client: Client) -> int:
        for bots in range(3):
            try:
                entry = await client.open_table(self.game, RULES.get(self.game), bots, SETTINGS)
            except ServerRefused as refused:
                if "over before it begins" not in refused.reason:
                    raise
                continue
            table: int = entry["id"]
            return table
        raise AssertionError(f"no {self.game} table opens with up to 2 bots")

    async def _sit_down(self, seat: Any) -> None:
        while True:
            message = await seat.next()
            self.heard.append(message)
            open_seats = message.get("open_seats") or {}
            if message["type"] == "view" and open_seats:
                first = min(int(number) for number in open_seats)
                answer = await seat.act({"type": "Join", "amount": BUY_IN}, seat=first)
                if answer["type"] == "ack":
                    self.seated.set()
                    return

    def done(self) -> None:
        self._thread.join(60)
        assert self.failure is None, f"{self.name}: {self.failure!r}"
        assert self.closed, f"{self.name} was not told the table closed"


def _answer(table: Playing, answers: dict[str, tuple[str | Callable[[str], str], ...]]) -> int:
    """Answer the terminal's prompts by `answers` (Enter to any other) until it has answered
    `OWN_TURNS` times or has exited: how many it answered."""
    given: dict[str, int] = {}
    count = 0
    deadline = time.monotonic() + 240
    while table.process.poll() is None and count < OWN_TURNS:
        assert time.monotonic() < deadline, table.said
        if select.select([table.stdout], [], [], 0.5)[0]:
            chunk = os.read(table.stdout.fileno(), 1 << 16)
            if not chunk:
                break
            table.out += chunk
        asked = PROMPT.search(table.said)
        if asked is None or table.said.endswith("\n"):
            continue
        reply: str | Callable[[str], str] = ""
        for start, replies in answers.items():
            if start in asked[1]:
                reply = replies[given.get(start, 0) % len(replies)]
                given[start] = given.get(start, 0) + 1
        table.say(reply if isinstance(reply, str) else reply(table.said))
        table.out += b"\n"  # the answer ends the prompt's line, as on a terminal
        count += 1
    return count


async def _close(url: str, name: str, table: int) -> None:
    async with Client(url) as client:
        await client.log_in(name, PASSWORD)
        await client.close_table(table)


@pytest.mark.slow
@pytest.mark.parametrize("game", games.names())
def test_three_people_play_a_session_to_its_end(served, database_url, game):
    ann = Punter(served.url, "ann", game, seed=1)
    assert ann.seated.wait(60) and ann.failure is None, ann.failure
    bob = Punter(served.url, "bob", game, seed=2, table=ann.table)
    assert bob.seated.wait(60) and bob.failure is None, bob.failure
    cat = Playing(game, *at(served, "cat", "--join", str(ann.table), register=True))
    cat.wait("(you) sits down with")
    ann.go.set()
    bob.go.set()
    answered = _answer(cat, ANSWERS[game])
    if cat.process.poll() is None:  # the session goes on until its opener closes the table
        asyncio.run(_close(served.url, "ann", ann.table))
    assert answered >= 3, cat.said
    closing = time.monotonic() + 240
    while cat.process.poll() is None:  # Enter to whatever is asked while the table closes
        assert time.monotonic() < closing, f"the table did not close:\n{cat.said[-3000:]}"
        _answer(cat, CLOSING)
    said = cat.said
    assert cat.process.returncode == 0, said
    assert "Traceback" not in said
    assert f"Table {ann.table} has closed." in said
    assert f"Registered at {served.url} as cat: 1000 chips in your account." in said
    brought, now = summary_row(said)
    assert account(said) == (1000, 1000 - brought + now)
    for punter in (ann, bob):
        punter.done()
        assert check_heard(database_url, ann.table, punter, _scramble(game)) >= 3
    with_people = {ann.id: 0, bob.id: 0}
    for step in steps_of(database_url, ann.table):
        if step.person_id is not None and step.by == "seat":
            with_people[step.person_id] = with_people.get(step.person_id, 0) + 1
    assert len(with_people) == 3 and min(with_people.values()) >= 2, with_people
    assert audit(database_url, table_chips(house_box(database_url))) == []

    async def balances() -> list[int]:
        found = []
        for punter in (ann, bob):
            async with Client(served.url) as client:
                await client.log_in(punter.name, PASSWORD)
                found.append((await client.me())["chips"])
        return found

    expected = [1000 - BUY_IN + chips_back(database_url, ann.table, p.id) for p in (ann, bob)]
    assert asyncio.run(balances()) == expected
