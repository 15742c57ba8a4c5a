"""Committing a table's steps (docs/scaling.md): a batch is stored only on top of the step
it was computed from, and only by the process that holds the table's lease, so that two
processes can never fork a table's history."""

from __future__ import annotations

import pytest

from croupier.engine.actions import Join
from croupier.games.monte_bank import MonteBank
from croupier.server.book import action_json
from croupier.server.database import open_database
from croupier.server.tables import (
    Committed,
    Settings,
    TableLost,
    claim,
    commit_steps,
    open_table,
    release,
)
from tests.server.players import steps_of

JOIN = Committed(0, action_json(Join(100)), "seat")


@pytest.fixture
def table(database_url):
    engine = open_database(database_url)
    found = open_table(engine, "monte-bank", MonteBank().config(), Settings(), {1: "Anna"}, None)
    yield engine, found
    engine.dispose()


def test_a_batch_computed_from_an_older_step_is_refused(table, database_url):
    engine, number = table
    commit_steps(engine, number, [JOIN], [], after=0)
    with pytest.raises(TableLost, match="is at step 1, not 0"):
        commit_steps(engine, number, [JOIN], [], after=0)
    assert len(steps_of(database_url, number)) == 1


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
