"""The table server in process (Starlette's test client): people sit at one table with bots
and play a whole session of every game; what each hears holds nothing their seat may not
know; every chip is in the ledger and the audit holds (issue 15)."""

from __future__ import annotations

import importlib
import random
import threading
import time

import pytest
from starlette.testclient import TestClient

from croupier.server.app import create_app
from croupier.server.audit import audit
from croupier.server.tables import table_chips
from tests.server.players import (
    Person,
    Reader,
    check_heard,
    chips_back,
    house_box,
    play_at_random,
    sit_down,
    steps_of,
)

GAMES = ("punto-banco", "chemin-de-fer", "monte-bank", "private-monte", "banchek")
QUICK = {"bot_pause": 0, "time_limit": 5, "hold": 5}


def _scramble(game: str):
    module = importlib.import_module(f"tests.games.{game.replace('-', '_')}.test_conformance")
    return module.scramble


@pytest.fixture
def server(database_url):
    app = create_app(database_url, seed=11)
    with TestClient(app) as client:
        yield client


def _play(server, url, game, steps=250, people=2):
    """`people` people sit at a table of `game` with two bots and play at random; once the
    table has taken `steps` steps its opener closes it. The people and the table's id."""
    them = [Person(server, f"p{n}{game[:3]}") for n in range(people)]
    table = them[0].post("/api/tables", {"game": game, "bots": 2, "settings": QUICK}).json()
    seats = [0, *range(3, 3 + people - 1)]
    stop = threading.Event()
    threads, sockets = [], []
    try:
        for person, seat, n in zip(them, seats, range(people), strict=True):
            socket = person.connect(table["id"]).__enter__()
            sockets.append(socket)
            reader = Reader(socket, person.heard)
            sit_down(reader, seat, 500)
            thread = threading.Thread(
                target=play_at_random, args=(reader, random.Random(n), stop), daemon=True
            )
            thread.start()
            threads.append(thread)
        deadline = time.monotonic() + 120
        while len(steps_of(url, table["id"])) < steps and time.monotonic() < deadline:
            taken = server.get(f"/api/tables/{table['id']}").json()["taken"].values()
            if all(holder["bot"] for holder in taken):
                break  # everyone has got up (a Banchek punter who passes leaves the game)
            time.sleep(0.2)
        assert them[0].post(f"/api/tables/{table['id']}/close").status_code == 202
        for thread in threads:
            thread.join(timeout=60)
    finally:
        stop.set()
        for socket in sockets:
            socket.__exit__(None, None, None)
    return them, table["id"]


@pytest.mark.parametrize("game", GAMES)
def test_people_play_a_whole_session_and_hear_only_their_own(server, database_url, game):
    them, table = _play(server, database_url, game)
    lobby = server.get(f"/api/tables/{table}").json()
    assert lobby["closed"], "the table closed at its opener's request"
    for person in them:
        assert check_heard(database_url, table, person, _scramble(game)) >= 3
        views = [message for message in person.heard if message["type"] == "view"]
        assert views[-1]["closed"], "the last view each heard is of the closed table"
    assert audit(database_url, table_chips(house_box(database_url))) == []
    for person in them:
        back = chips_back(database_url, table, person.id)
        assert person.get("/api/me").json()["chips"] == 1000 - 500 + back
        views = [message for message in person.heard if message["type"] == "view"]
        held = views[-2]["seat"]  # at the session's end, if still seated
        if held is not None:
            assert views[-1]["paid_out"][str(held)] == back, "what the close paid, as told"
