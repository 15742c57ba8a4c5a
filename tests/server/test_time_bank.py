"""A time bank per seat (docs/protocol.md, "Time limits and default actions"): a seat whose
time limit has run out draws on its bank before the table acts for it; only the seconds it
uses are spent; every bank is full again at each moment between coups; a table without one
plays as before.

The table keeps a clock that stands still unless the test moves it (the lobby's `clock`),
so that every second shown is exact."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from sqlalchemy.orm import Session
from starlette.testclient import TestClient

from croupier.engine.actions import Join
from croupier.errors import InvalidInput
from croupier.games.punto_banco import Bet, Stake
from croupier.server._clocks import Clocks, Times
from croupier.server.app import create_app
from croupier.server.connections import Subscriber
from croupier.server.database import open_database
from croupier.server.lobby import Lobby
from croupier.server.people import register
from croupier.server.runner import TableRunner
from croupier.server.tables import Settings, rebuild
from tests.server.players import Person, house_box, house_keys

LIMIT, BANK = 10.0, 30.0


class _Clock:
    """A clock that stands still until the test moves it."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def _views(subscriber: Subscriber) -> list[dict[str, Any]]:
    """The views in the connection's outbox, read."""
    told = [json.loads(m) if isinstance(m, str) else m for m in subscriber.take()]
    return [message for message in told if message["type"] == "view"]


def _clocks(view: dict[str, Any]) -> tuple[Any, Any, Any]:
    return view["waiting"], view["bank"], view["on_bank"]


async def _wake(runner: TableRunner) -> None:
    """Wake the table, as the end of its wait would, now that its clock has moved."""
    runner._inbox.put_nowait(None)
    while not runner._inbox.empty():
        await asyncio.sleep(0.01)


async def _step_by(subscriber: Subscriber, by: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The next step taken `by`, and the view told after it."""
    told: list[dict[str, Any]] = []
    for _ in range(2_000):
        told += [json.loads(m) if isinstance(m, str) else m for m in subscriber.take()]
        steps = [m for m in told if m["type"] == "step" and m.get("by") == by]
        if steps and told[-1]["type"] == "view":
            return steps[0], told[-1]
        await asyncio.sleep(0.01)
    raise AssertionError(f"no step by {by}: {told[-3:]}")


SEED = 3
"""The tables' seed, so that their coups go as the tests tell them: once her coup is over,
bets are open again (with strong shuffles the shoe was sometimes hers to keep or pass,
PB-8, and the test waited at that choice)."""


async def _seated(
    database_url: str, clock: _Clock, bank: float
) -> tuple[Lobby, TableRunner, int, Subscriber, dict[str, Any]]:
    """Ada alone at a Punto Banco table (the time limit `LIMIT`, the bank `bank`), seated
    and asked to bet; the lobby, the table, her connection and its last view."""
    engine = open_database(database_url)
    with Session(engine) as session, session.begin():
        ada = register(session, "ada", "a long password").id
    lobby = Lobby(engine, keys=house_keys(database_url), clock=clock, seed=SEED)
    settings = Settings(time_limit=LIMIT, time_bank=bank, bot_pause=0)
    runner = await lobby.open(ada, "punto-banco", {}, 0, settings)
    watching = runner.subscribe(ada)
    answer = await runner.act(ada, "ada", Join(500), runner.book.seq, "sit", seat=0)
    assert answer["type"] == "ack", answer
    view = _views(watching)[-1]
    assert view["view"]["phase"] == "betting" and 0 in view["view"]["to_act"], view
    return lobby, runner, ada, watching, view


def test_a_seat_draws_on_its_bank_spends_what_it_used_and_is_full_again_between_coups(
    database_url,
):
    async def scenario() -> None:
        clock = _Clock()
        lobby, runner, ada, watching, view = await _seated(database_url, clock, BANK)
        start = clock.now
        assert _clocks(view) == ({"0": LIMIT}, {"0": BANK}, [])
        assert runner._due() == start + LIMIT + BANK, "the table acts once the bank is spent"

        clock.now = start + 25  # 10 s of her limit, then 15 s of her bank
        await _wake(runner)
        assert runner.book.seq == view["seq"], "the table has not acted for her"
        shown = _views(runner.subscribe(ada))[-1]  # (a second connection of hers)
        assert _clocks(shown) == ({"0": 15.0}, {"0": 15.0}, [0])

        stake = Stake(Bet.PUNTO, 10)  # stakes on the table: not between coups (PB-6)
        answer = await runner.act(ada, "ada", stake, view["seq"], "stake")
        assert answer["type"] == "ack", answer
        after = _views(watching)[-1]
        assert _clocks(after) == ({"0": LIMIT}, {"0": 15.0}, []), "15 s spent, 15 s left"
        assert runner._due() == clock.now + LIMIT + 15

        clock.now += LIMIT + 14.5
        await _wake(runner)
        assert runner.book.seq == after["seq"], "half a second of her bank is left"
        clock.now += 0.5
        await _wake(runner)
        step, turning = await _step_by(watching, "timeout")
        assert [event["type"] for event in step["events"]] == ["BoxDone"]
        assert turning["view"]["phase"] == "turn", "hers is the punto hand to turn (PB-10)"
        assert _clocks(turning) == ({"0": LIMIT}, {"0": 0.0}, []), "her bank is spent"
        assert runner._due() == clock.now + LIMIT

        clock.now += LIMIT
        await _wake(runner)
        _step, coup_over = await _step_by(watching, "timeout")
        assert coup_over["view"]["phase"] == "betting", "the coup is over: bets are open"
        assert _clocks(coup_over) == ({"0": LIMIT}, {"0": BANK}, []), "full again"
        await lobby.stop()

    asyncio.run(scenario())


def test_a_seat_whose_person_has_gone_draws_on_no_bank(database_url):
    async def scenario() -> None:
        clock = _Clock()
        lobby, runner, _ada, watching, _view = await _seated(database_url, clock, BANK)
        runner.unsubscribe(watching)  # her last connection: the seat is held, for `hold`
        watched = _views(runner.subscribe(None))[-1]
        assert _clocks(watched) == ({"0": LIMIT}, {}, [])
        assert runner._due() == clock.now + LIMIT, "her default is taken once her limit is out"
        await lobby.stop()

    asyncio.run(scenario())


def test_without_a_bank_the_time_limit_plays_as_before(database_url):
    async def scenario() -> None:
        clock = _Clock()
        lobby, runner, _ada, watching, view = await _seated(database_url, clock, 0.0)
        assert _clocks(view) == ({"0": LIMIT}, {}, [])
        assert runner._due() == clock.now + LIMIT
        clock.now += LIMIT
        await _wake(runner)
        step, _after = await _step_by(watching, "timeout")
        assert step["actor"] == 0
        await lobby.stop()

    asyncio.run(scenario())


def test_a_clock_spends_only_the_bank_it_used_and_none_for_a_seat_that_may_not_draw():
    clocks = Clocks(limit=10, bank=30)
    clocks.run({0: 7, 1: 8}, (), now=0)
    assert clocks.due(unbanked=()) == {0: 40, 1: 40}
    assert clocks.due(unbanked={1}) == {0: 40, 1: 10}, "one gone or sitting out draws on none"
    clocks.run({1: 8}, {0}, now=12)  # seat 0 acts 2 s into its bank; seat 1 waits on
    assert clocks.shown({0: 7, 1: 8}, (), now=12) == Times({1: 28}, {0: 28, 1: 28}, frozenset({1}))
    clocks.run({0: 7, 1: 8}, (), now=12)
    assert clocks.due(unbanked=()) == {0: 50, 1: 40}
    clocks.refill(now=20)  # between coups: seat 1, 10 s into its bank, has a full one
    assert clocks.due(unbanked=()) == {0: 52, 1: 50}
    clocks.run({}, (), now=60)  # each has used the whole of its bank
    clocks.forget({0: 9, 1: 8})  # another person at seat 0
    assert clocks.shown({0: 9, 1: 8}, (), now=60).bank == {0: 30, 1: 0}


@pytest.mark.parametrize(
    ("given", "said"),
    [
        (-1, "time_bank=-1 is not valid: 0 to 86400 seconds"),
        (86_401, "time_bank=86401 is not valid: 0 to 86400 seconds"),
        ("soon", "time_bank='soon' is not a number of seconds"),
        (True, "time_bank=True is not a number of seconds"),
    ],
)
def test_a_time_bank_that_is_not_a_number_of_seconds_is_refused_in_one_line(given, said):
    with pytest.raises(InvalidInput) as refused:
        Settings.read({"time_bank": given})
    assert str(refused.value) == said


def test_a_table_opened_with_a_time_bank_keeps_it(database_url):
    with TestClient(create_app(database_url)) as client:
        ada = Person(client, "ada")
        body = {"game": "punto-banco", "bots": 1, "settings": {"time_bank": 30}}
        opened = ada.post("/api/tables", body)
        assert opened.status_code == 201, opened.text
    engine = open_database(database_url)
    info, _book, _recent = rebuild(engine, opened.json()["id"], box=house_box(database_url))
    engine.dispose()
    assert info.settings.time_bank == 30.0
