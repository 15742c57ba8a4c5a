"""The `served` fixture: a table server on the test's database, for the whole test."""

from collections.abc import Iterator

import pytest

from tests.cli.served import Served


@pytest.fixture
def served(database_url: str) -> Iterator[Served]:
    server = Served(database_url)
    server.start()
    yield server
    server.stop()
