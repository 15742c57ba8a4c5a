"""Committing a table's steps (docs/scaling.md): a batch is stored only on top of the step
it was computed from, and only by the process that holds the table's lease, so that two
processes can never fork a table's history."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest
from sqlalchemy import Engine, select, text
from sqlalchemy.orm import Session
from starlette.testclient import TestClient

from croupier import games
from croupier.engine.actions import Join
from croupier.engine.game import Shuffling
from croupier.errors import InsufficientChips
from croupier.fairness import derived_order, seal_of
from croupier.games.monte_bank import MonteBank
from croupier.server._book import Move, action_json
from croupier.server._committer import Committer
from croupier.server.app import create_app
from croupier.server.database import open_database
from croupier.server.lobby import Lobby
from croupier.server.metrics import Metrics
from croupier.server.people import register
from croupier.server.schema import Account, Cause, Person, ShoePart, ShoeSeed, TableRecord
from croupier.server.tables import (
    Batch,
    Committed,
    Settings,
    TableLost,
    claim,
    commit_group,
    commit_steps,
    open_table,
    release,
    renew,
)
from tests.server.players import house_box, house_keys, steps_of

JOIN = Committed(0, action_json(Join(100)), "seat")


def _monte_bank(engine: Engine, database_url: str, bot: str) -> int:
    """A Monte Bank table opened with one bot, `bot`, at seat 1: its number."""
    config, settings = MonteBank().config(), Settings()
    return open_table(
        engine, "monte-bank", config, settings, {1: bot}, None, box=house_box(database_url)
    )


@pytest.fixture
def table(database_url):
    engine = open_database(database_url)
    found = _monte_bank(engine, database_url, "Anna")
    yield engine, found
    engine.dispose()


def test_a_batch_computed_from_an_older_step_is_refused(table, database_url):
    engine, number = table
    commit_steps(engine, number, [JOIN], [], after=0)
    with pytest.raises(TableLost, match="is at step 1, not 0"):
        commit_steps(engine, number, [JOIN], [], after=0)
    assert len(steps_of(database_url, number)) == 1


def test_a_group_commits_each_batch_or_undoes_it_alone(table, database_url):
    """Several tables' batches in one transaction: the one refused (computed from another
    step, a lease that is another's, a buy-in the account cannot cover) is undone, with
    its transfers; the others are stored."""
    engine, first = table
    second = _monte_bank(engine, database_url, "B")
    third = _monte_bank(engine, database_url, "C")
    assert claim(engine, third, "elsewhere", 60)
    with Session(engine) as session, session.begin():
        ada = register(session, "ada", "a long password").id  # 1000 chips
    buy_in = Move(ada, "table", 600, Cause.BUY_IN, "a buy-in")
    failed = commit_group(
        engine,
        [
            Batch(first, [JOIN], [buy_in], after=0),
            Batch(second, [JOIN], after=5),  # computed from another step
            Batch(third, [JOIN], after=0, owner="here"),  # another's lease
            Batch(second, [JOIN], [buy_in], after=0),  # 600 more than ada has left
            Batch(third, [JOIN], after=0),
        ],
    )
    assert failed[0] is None and failed[4] is None
    assert isinstance(failed[1], TableLost) and isinstance(failed[2], TableLost)
    assert isinstance(failed[3], InsufficientChips)
    assert len(steps_of(database_url, first)) == 1 and len(steps_of(database_url, third)) == 1
    assert steps_of(database_url, second) == []
    with Session(engine) as session:
        person = session.get(Person, ada)
        assert person is not None
        account = session.get(Account, person.account_id)
        assert account is not None and account.balance == 400  # the first buy-in


def test_a_batch_alone_in_its_group_is_stored_or_undone_whole(table, database_url):
    engine, number = table
    with Session(engine) as session, session.begin():
        ada = register(session, "ada", "a long password").id  # 1000 chips
    too_much = Move(ada, "table", 1001, Cause.BUY_IN, "a buy-in")
    (refused,) = commit_group(engine, [Batch(number, [JOIN, JOIN], [too_much], after=0)])
    assert isinstance(refused, InsufficientChips)
    assert steps_of(database_url, number) == [], "its steps undone with its transfer"
    (lost,) = commit_group(engine, [Batch(number, [JOIN], after=0, owner="here")])
    assert isinstance(lost, TableLost), "nobody's lease is not this process's"
    assert commit_group(engine, [Batch(number, [JOIN], after=0)]) == [None]
    (stale,) = commit_group(engine, [Batch(number, [JOIN], after=0)])
    assert isinstance(stale, TableLost)
    assert len(steps_of(database_url, number)) == 1


def test_the_committer_answers_each_table_for_its_own_batch(table, database_url):
    engine, first = table
    second = _monte_bank(engine, database_url, "B")

    async def both() -> list[BaseException | None]:
        committer = Committer(engine, Metrics())
        try:
            done = await asyncio.gather(
                committer.commit(Batch(first, [JOIN], after=0)),
                committer.commit(Batch(second, [JOIN], after=3)),
                return_exceptions=True,
            )
        finally:
            await committer.stop()
        assert committer.batches == 2 and committer.groups <= 2
        return list(done)

    stored, refused = asyncio.run(both())
    assert stored is None and isinstance(refused, TableLost)
    assert len(steps_of(database_url, first)) == 1 and steps_of(database_url, second) == []


def test_a_commit_never_waits_for_the_event_loops_shared_threads(table, database_url):
    """Every thread of the event loop's shared pool held, as reads that take long would
    hold them (issue 38, item 5): a batch is committed all the same, in the committer's own
    thread."""
    engine, number = table

    async def held() -> None:
        loop, shared, release = asyncio.get_running_loop(), ThreadPoolExecutor(1), threading.Event()
        loop.set_default_executor(shared)
        holding = loop.run_in_executor(None, release.wait, 60)
        committer = Committer(engine, Metrics())
        try:
            await asyncio.wait_for(committer.commit(Batch(number, [JOIN], after=0)), 30)
        finally:
            release.set()
            await holding
            await committer.stop()

    asyncio.run(held())
    assert len(steps_of(database_url, number)) == 1


def _waits_on_a_lock(engine: Engine) -> bool:
    with engine.connect() as connection:
        return bool(connection.scalar(text("SELECT count(*) FROM pg_locks WHERE NOT granted")))


@pytest.mark.parametrize("locking", ["a group's commit", "the leases' renewal"])
def test_tables_rows_are_locked_in_the_order_of_their_ids(table, database_url, locking):
    """A group's commit and the renewal of a process's leases lock the tables' rows in one
    order, their ids' (whatever order the batches came in), so that the two never deadlock
    (PostgreSQL, which locks rows: a load test once saw it). With the first table's row held
    elsewhere, each waits for it before it has locked the second's."""
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite locks the whole database, never a row")
    engine, first = table
    second = _monte_bank(engine, database_url, "B")
    for number in (first, second):
        assert claim(engine, number, "here", 60)
    lock = select(TableRecord.id).where(TableRecord.id == first).with_for_update()
    holder = engine.connect()
    holder.begin()
    holder.execute(lock)
    done: Future[Any]
    if locking == "a group's commit":
        batches = [Batch(second, [JOIN], after=0), Batch(first, [JOIN], after=0)]
        done = ThreadPoolExecutor(1).submit(commit_group, engine, batches)
    else:
        done = ThreadPoolExecutor(1).submit(renew, engine, [second, first], "here", 60)
    until = time.monotonic() + 60
    while not _waits_on_a_lock(engine):
        assert time.monotonic() < until and not done.done(), "it never waited for the first"
        time.sleep(0.01)
    with engine.connect() as other, other.begin():
        nowait = select(TableRecord.id).where(TableRecord.id == second)
        assert other.scalar(nowait.with_for_update(nowait=True)) == second, "the second free"
    holder.rollback()
    holder.close()
    assert done.result(timeout=60) in ([None, None], {first: False, second: False})


def test_only_the_lease_holder_commits_and_a_lease_is_one_process_s(table, database_url):
    engine, number = table
    assert claim(engine, number, "first", 60)
    assert not claim(engine, number, "second", 60), "the first holds it"
    with pytest.raises(TableLost, match="another process's"):
        commit_steps(engine, number, [JOIN], [], after=0, owner="second")
    commit_steps(engine, number, [JOIN], [], after=0, owner="first")
    release(engine, number, "first")
    assert claim(engine, number, "second", 60), "released, the table is free to take"
    assert not claim(engine, number, "first", 60)


def test_a_lease_that_has_run_out_may_be_taken(table):
    engine, number = table
    assert claim(engine, number, "first", -1)  # a claim already run out
    assert claim(engine, number, "second", 60)


def test_a_table_s_first_shuffle_leaves_out_its_opener_s_part_when_it_is_not_revealed(
    database_url,
):
    """The first shuffle is its stored seed's order at its place; the opener's part, sealed
    with the opening and not revealed (nobody is at the table to), is left out, and its
    seal is stored."""
    engine = open_database(database_url)
    with Session(engine) as session, session.begin():
        ada = register(session, "ada", "a long password").id

    async def opened() -> int:
        lobby = Lobby(engine, keys=house_keys(database_url))
        settings = Settings(bot_pause=0, reveal_window=0)
        runner = await lobby.open(ada, "punto-banco", {}, 1, settings, seal_of("mine"))
        await asyncio.sleep(0.2)
        await lobby.stop()
        return runner.info.id

    table = asyncio.run(opened())
    first = steps_of(database_url, table)[0]
    with Session(engine) as session:
        stored = session.get(ShoeSeed, (table, 1))
        part = session.get(ShoePart, (table, 1, 0))
    assert stored is not None and stored.sealed is not None and stored.seed is None
    assert part is not None
    assert (part.sealed, part.text) == (seal_of("mine"), None)
    drawn = house_box(database_url).open(table, 1, stored.sealed)
    fresh = games.get("punto-banco").chance(
        games.get("punto-banco").start(games.get("punto-banco").config(), {1: 1000})
    )
    order = json.loads(first.action)["order"]
    assert isinstance(fresh, Shuffling)
    derived = derived_order(drawn, {}, fresh.cards, (table, 1))
    assert first.actor == "chance" and order == [str(card) for card in derived]
    mine = derived_order(drawn, {0: "mine"}, fresh.cards, (table, 1))
    assert order != [str(card) for card in mine]


def test_a_server_with_bot_tables_opens_one_of_every_game_once(database_url):
    def lobby() -> list[dict[str, object]]:
        with TestClient(create_app(database_url, bot_tables=2)) as client:
            entries: list[dict[str, object]] = client.get("/api/tables").json()
            return entries

    first = lobby()
    assert sorted(str(entry["game"]) for entry in first) == sorted(games.names())
    for entry in first:
        taken = entry["taken"]
        assert isinstance(taken, dict) and len(taken) == 2
        assert all(holder["bot"] for holder in taken.values()), entry
        assert entry["opened_by"] is None  # the server's own: nobody's to close
    again = lobby()  # restarted: every game has its table open still
    assert [entry["id"] for entry in again] == [entry["id"] for entry in first]


def test_a_bot_table_that_closes_goes_on_at_another_and_its_link_leads_there(database_url):
    """One link for life: a bot table that closes is followed at once by another of its
    game, and the closed one's entry names it (`next`), here and after a restart; a person's
    closed table names none."""

    def entry(client: TestClient, table: int) -> dict[str, Any]:
        answer = client.get(f"/api/tables/{table}")
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        return found

    with TestClient(create_app(database_url, bot_tables=2)) as client:
        (old,) = [e["id"] for e in client.get("/api/tables").json() if e["game"] == "banchek"]
        client.app.state.lobby.runner(old).close()  # type: ignore[attr-defined]
        deadline = time.monotonic() + 30
        while "next" not in (closed := entry(client, old)):
            assert time.monotonic() < deadline, f"no table followed {old}: {closed}"
            time.sleep(0.05)
        following = closed["next"]
        assert closed["closed"] and following > old
        while client.get(f"/api/tables/{following}").status_code == 404:  # stored, not yet run
            assert time.monotonic() < deadline, f"table {following} never opened here"
            time.sleep(0.05)
        assert entry(client, following)["game"] == "banchek"
        assert not entry(client, following).get("closed")
    with TestClient(create_app(database_url, bot_tables=2)) as client:  # restarted
        again = entry(client, old)
        assert (again["closed"], again["next"], again["here"]) == (True, following, False)
        client.post("/api/register", json={"name": "ada", "password": "a long password"})
        mine = client.post("/api/tables", json={"game": "punto-banco", "bots": 1}).json()["id"]
        assert client.post(f"/api/tables/{mine}/close", json={}).status_code == 202
        deadline = time.monotonic() + 30
        while not (shut := entry(client, mine)).get("closed"):
            assert time.monotonic() < deadline, "her table never closed"
            time.sleep(0.05)
        assert "next" not in shut


def test_a_table_being_opened_is_not_taken_up_twice_by_the_lease_keeper(database_url):
    async def opened() -> tuple[list[int], int]:
        lobby = Lobby(open_database(database_url), keys=house_keys(database_url))
        runners = []
        for _ in range(12):  # the keeper's look for open tables, while one is being opened
            runner, _ = await asyncio.gather(
                lobby.open(None, "punto-banco", {}, 1, Settings(bot_pause=0)), lobby._adopt()
            )
            runners.append(runner)
        await asyncio.sleep(0.3)
        lost = [runner.info.id for runner in runners if runner.gone or runner.closed]
        running = sum(not task.done() for task in lobby._tasks.values())
        await lobby.stop()
        return lost, running

    lost, running = asyncio.run(opened())
    assert lost == []  # none was run twice, and lost to its twin
    assert running == 12


def test_a_table_opened_by_a_process_is_its_own_from_the_start(database_url):
    """No other process can take a table up between its opening and its first claim."""
    engine = open_database(database_url)
    try:
        config, bots = MonteBank().config(), {1: "Anna"}
        mine = ("here", 60.0, "http://here.example")
        opened = open_table(
            engine, "monte-bank", config, Settings(), bots, None, mine, box=house_box(database_url)
        )
        assert not claim(engine, opened, "elsewhere", 60)
        assert claim(engine, opened, "here", 60, "http://here.example")
        unclaimed = open_table(
            engine, "monte-bank", config, Settings(), bots, None, box=house_box(database_url)
        )
        assert claim(engine, unclaimed, "elsewhere", 60)  # without one, any process may
    finally:
        engine.dispose()
