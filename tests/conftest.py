"""Fixtures for the tests of the ledger and the server, so that each runs on SQLite and on
PostgreSQL alike:

- `database_url`: the URL of a new database migrated to the newest revision, the test's own:
  an SQLite file in its `tmp_path`, then a database created on the PostgreSQL server named
  by `CROUPIER_TEST_POSTGRES` and dropped after it. A test that asks for it runs once on
  each (`test_x[sqlite]`, `test_x[postgresql]`).
- `empty_database_url`: the same, with no tables in it (not migrated), for a test that does
  not ask for `database_url`. Each migrated database is a copy of one migrated once a
  process (`_migrated`).
- `postgres_server`: the URL in `CROUPIER_TEST_POSTGRES`, for a test of PostgreSQL alone.

A test of one database only parametrizes `empty_database_url` indirectly, and `database_url`
follows (as tests/server/test_ledger.py does for TRUNCATE, which SQLite has not):
`@pytest.mark.parametrize("empty_database_url", ["postgresql"], indirect=True)`.

The PostgreSQL cases are marked `postgresql`, which the quick run leaves out (tasks.py).

`CROUPIER_TEST_POSTGRES` is the URL of a database the tests may connect to in order to create
others, such as `postgresql://postgres@127.0.0.1:5432/postgres`. Without it, the PostgreSQL
cases are skipped; `.ci/run` starts a throwaway server and sets it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.pool import NullPool

from croupier.server.collector import collect_seldom
from croupier.server.database import engine_url, migrate
from croupier.server.people import CHEAP_HASHES

settings.register_profile("croupier", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("croupier")  # no test fails on time alone: a busy machine runs them slowly
os.environ[CHEAP_HASHES] = "1"  # every server of the tests', in this process or started from it
os.environ.setdefault(  # where a PostgreSQL database's default key file is made: never ~
    "CROUPIER_DATA", tempfile.mkdtemp(prefix="croupier-tests-")
)

POSTGRES = "CROUPIER_TEST_POSTGRES"
"""The environment variable naming the PostgreSQL server the tests create databases on."""


@pytest.fixture(scope="session")
def postgres_server() -> str:
    """The URL in `CROUPIER_TEST_POSTGRES`; the test is skipped without one."""
    url = os.environ.get(POSTGRES)
    if not url:
        pytest.skip(
            f"PostgreSQL is not tested: set {POSTGRES} to the URL of a database on a server "
            "where the tests may create others, such as "
            "postgresql://postgres@127.0.0.1:5432/postgres (.ci/run starts one and sets it)"
        )
    return url


@contextmanager
def postgres_database(server: str, template: str | None = None) -> Iterator[str]:
    """A new database on `server` (a copy of the database `template`, if named), dropped
    afterwards with any connection still open to it."""
    name = f"croupier_test_{uuid.uuid4().hex}"
    admin = create_engine(engine_url(server), isolation_level="AUTOCOMMIT", poolclass=NullPool)
    copied = f' TEMPLATE "{template}"' if template is not None else ""
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"{copied}'))
        try:
            yield make_url(server).set(database=name).render_as_string(hide_password=False)
        finally:
            with admin.connect() as connection:
                connection.execute(
                    text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE datname = :name AND pid <> pg_backend_pid()"
                    ),
                    {"name": name},
                )
                connection.execute(text(f'DROP DATABASE "{name}"'))
    finally:
        admin.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)])
def empty_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new database with no tables: an empty SQLite file, or a new PostgreSQL database.
    For a test that asks for `database_url`, it is that database, made migrated
    (`new_database`)."""
    with new_database(request, tmp_path) as url:
        yield url


@contextmanager
def new_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The database `empty_database_url` gives, of the kind its parameter names: migrated,
    for a test that asks for `database_url`, as a copy of one migrated once a process
    (`_migrated`), since a migration takes some 0.2 s of CPU and 530 tests ask for one."""
    migrated = "database_url" in request.fixturenames
    if request.param == "sqlite":
        file = tmp_path / "croupier.db"
        if migrated:
            shutil.copyfile(request.getfixturevalue("_migrated")["sqlite"], file)
        else:
            sqlite3.connect(file).close()
        yield f"{SQLITE}{file}"
    else:
        server = request.getfixturevalue("postgres_server")
        template = request.getfixturevalue("_migrated")["postgresql"] if migrated else None
        with postgres_database(server, template) as url:
            yield url


@pytest.fixture
def database_url(empty_database_url: str) -> str:
    """A new database migrated to the newest revision (`empty_database_url` makes it so)."""
    return empty_database_url


@pytest.fixture(scope="session")
def _migrated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """Databases migrated to the newest revision, once a process, that each test's
    migrated database is a copy of: an SQLite file (`"sqlite"`), and, with a PostgreSQL
    server, the name of a database there (`"postgresql"`), dropped at the end."""
    file = tmp_path_factory.mktemp("migrated") / "croupier.db"
    sqlite3.connect(file).close()
    migrate(f"{SQLITE}{file}")
    with contextlib.closing(sqlite3.connect(file)) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # all of it in the file itself
    server = os.environ.get(POSTGRES)
    if server is None:
        yield {"sqlite": file}
        return
    with postgres_database(server) as url:
        migrate(url)
        yield {"sqlite": file, "postgresql": make_url(url).database}


SQLITE = "sqlite:///"
"""How the URL of a test's SQLite database begins (the file's path follows)."""


@pytest.hookimpl(tryfirst=True)  # before `-m` chooses by the marks: `browser` is given here
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The slow tests (marked `slow`) first, then the others, then the browser tests (each
    marked `browser`); the tests that only compute (`PURE`) marked `pure`.

    The browser tests last: Playwright's synchronous API leaves an event loop running in the
    thread that used it, where `asyncio.run` then refuses to start, so in each process (one,
    or each of pytest-xdist's workers) every other test runs before the first page.

    The slow tests first, dealt one to each worker in turn: pytest-xdist's first share to
    each of its N workers is a run of consecutive tests (with `--dist worksteal`, which
    `tasks.py` asks for, an Nth of those other than the browser's; with its default
    `--dist load`, len(items) // N // 4), so each worker's run begins with its own slow
    tests, which then run beside all the others rather than after them (a soak started last
    would end the suite minutes after the rest). With `worksteal`, a worker whose share is
    done takes half of what is left of the busiest one's, so no file's tests queue up behind
    one worker at the end."""
    browser = [item for item in items if item.path.is_relative_to(BROWSER_TESTS)]
    for item in browser:
        item.add_marker(pytest.mark.browser)
    for item in items:
        if any(item.path.is_relative_to(TESTS / pure) for pure in PURE):
            item.add_marker(pytest.mark.pure)
    others = [item for item in items if not item.path.is_relative_to(BROWSER_TESTS)]
    slow = [item for item in others if item.get_closest_marker("slow")]
    quick = [item for item in others if not item.get_closest_marker("slow")]
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    stealing = getattr(config.option, "dist", None) == "worksteal"
    share = max(len(others) // workers if stealing else len(items) // workers // 4, 2)
    ordered: list[pytest.Item] = []
    for worker in range(workers):
        dealt = slow[worker::workers]
        taken = max(share - len(dealt), 0) if worker < workers - 1 else 0
        ordered += dealt + quick[:taken]
        quick = quick[taken:]
    items[:] = ordered + quick + browser


TESTS = Path(__file__).parent
BROWSER_TESTS = TESTS / "web"
"""The browser tests' folder (tests/web)."""
PURE = (
    "bots",
    "engine",
    "games",
    "golden",
    "odds",
    "rl",
    "sim",
    "solve",
    "test_cards.py",
    "test_estimate.py",
    "test_fairness.py",
    "test_golden.py",
    "test_i18n.py",
    "test_layers.py",
    "test_lowest_card.py",
    "test_public_api.py",
    "test_randomness.py",
    "test_registry.py",
    "test_rule_options.py",
    "test_shoe.py",
    "test_table.py",
    "cli/test_analysis_ru.py",
    "cli/test_banchek_ru.py",
    "cli/test_chemin_de_fer_ru.py",
    "cli/test_monte_ru.py",
    "cli/test_punto_banco_ru.py",
    "cli/test_words.py",
)
"""The tests, by folder or file, that only compute: no server, socket, clock or subprocess
waited on, so that none is hurried by a busy machine. CI runs them (`pure`) at the lowest
priority beside the others (tasks.py), in the processor time those leave idle."""


def pytest_collection_finish(session: pytest.Session) -> None:
    """Collect garbage as seldom as a server does (`croupier.server.collector`), what the
    collection loaded set aside for good: with Python's default thresholds the tests'
    processes spent about a tenth of their time in the collector (docs/benchmarks.md,
    2026-12-07), most of it looking again at the modules they had loaded."""
    collect_seldom()
