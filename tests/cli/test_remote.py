"""`croupier play GAME --server URL`: a person at the terminal at a table of a real server
(uvicorn on a loopback port, in a thread of this process, on SQLite and on PostgreSQL),
told every step in the game's own words and asked with its own prompts; the account summed
up; Ctrl-C, a time limit run out, a dropped connection, the table paused while its database
is away; another person at the same table through `croupier.client`; and every error in one
line."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import Sequence
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from croupier import games
from croupier.bots.defaults import default_action
from croupier.cli import app
from croupier.cli.remote._codec import Codec
from croupier.client import Client
from croupier.engine.codec import encode
from croupier.engine.events import redact
from croupier.games import chemin_de_fer
from croupier.server.runner import PAUSED
from croupier.testing import Spec, play_randomly
from tests.cli.prompts import prompts
from tests.cli.served import PASSWORD, Served, account, at, free_port, summary_row
from tests.cli.test_session import Playing
from tests.outage import outage

FAST = ("--bot-pause", "0", "--time-limit", "30")
"""A new table's settings for a test: bots at once, 30 seconds for a person."""

runner = CliRunner()


def play(game: str, *args: str, lines: Sequence[str] = ()) -> Any:
    """`croupier play GAME ARGS`, answering `lines` and then ending the input."""
    text = "".join(f"{line}\n" for line in lines)
    return runner.invoke(app, ["play", game, *args], input=text, env={"COLUMNS": "200"})


@pytest.mark.parametrize("name", games.names())
def test_views_and_events_read_back_as_the_engine_made_them(name):
    game = games.get(name)
    codec = Codec(game)
    for view in prompts(name):  # a view at each prompt random play comes to
        assert codec.view(encode(view)) == view
    buy_ins = dict.fromkeys(range(3), 1000)
    spec = Spec(game, game.config(), buy_ins, lambda state, rng, seat: state, lambda state: [])
    for _, _, events in play_randomly(spec, seed=3, rounds=4, checks=0).steps:
        seen = tuple(redact(event, 0) for event in events)
        assert codec.step([encode(event) for event in seen]) == seen


def test_a_person_registers_opens_a_chemin_de_fer_table_plays_and_gets_up(served):
    result = play(
        "chemin-de-fer",
        *at(served, "ada", "--bots", "3", *FAST, register=True),
        lines=["", "", "", "", "", "", "", "quit"],
    )
    out = result.output
    assert result.exit_code == 0, out
    assert f"Registered at {served.url} as ada: 1000 chips in your account." in out
    assert "Table 1 is open, with 3 bots." in out
    assert "Chemin de Fer — 6 decks; the banker chooses freely (CF-13)" in out  # its header
    assert "Seat 1 (you) sits down with 1000 chips." in out  # all the account holds
    assert "Seat 2 (Anna) " in out  # the bots, named as the server names them
    assert "— Coup 2 —" in out  # the coups, told as the game tells them
    assert "Punter shows" in out
    assert "Seat 1 (you) passes (for good)." in out  # the person's own answers, told back
    assert re.search(r"\(\d+s\) `banco` to stake the whole bank", out)  # the time left
    assert "Seat 1 (you) gets up with" in out
    brought, now = summary_row(out)
    assert brought == 1000
    assert account(out) == (1000, now)
    assert "Traceback" not in out


def test_a_person_plays_banchek_at_a_server(served):
    result = play(
        "banchek",
        *at(served, "bea", "--bots", "2", "--chips", "300", *FAST, register=True),
        lines=["", "", "", "", "", "quit"],
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "Polish Banchek — two packs; stakes from 5 to the whole bank" in out
    assert "Seat 1 (you) sits down with 300 chips." in out
    assert "Seat 1 (you) leaves the game with" in out
    brought, now = summary_row(out)
    assert brought == 300
    assert account(out) == (1000, 1000 - 300 + now)


def test_the_rule_options_make_the_new_table(served):
    result = play(
        "chemin-de-fer",
        *at(
            served,
            "cid",
            "--bots",
            "2",
            "--decks",
            "3",
            "--banker-play",
            "tableau",
            *FAST,
            register=True,
        ),
        lines=["quit"],
    )
    assert result.exit_code == 0, result.output
    assert "Chemin de Fer — 3 decks; the banker follows the tableau (CF-13)" in result.output


def test_the_end_of_input_gets_the_person_up_at_the_first_moment_they_may(served):
    result = play(
        "chemin-de-fer", *at(served, "dee", "--bots", "2", *FAST, register=True), lines=["", ""]
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "The input has ended: you get up at the first moment you may." in out
    assert "Seat 1 (you) gets up with" in out
    assert account(out)[1] == 1000 - 1000 + summary_row(out)[1]


async def _register(url: str, name: str) -> None:
    async with Client(url) as client:
        await client.register(name, PASSWORD)


def test_errors_are_one_line_and_exit_2(served, tmp_path):
    asyncio.run(_register(served.url, "eve"))
    nowhere = f"http://127.0.0.1:{free_port()}"
    cases = {
        ("--server", nowhere, "--name", "eve", "--password", PASSWORD): (
            f"the server at {nowhere} is not reachable: nothing answers there"
        ),
        ("--server", "127.0.0.1:1", "--name", "eve", "--password", PASSWORD): (
            "is not a URL such as http://127.0.0.1:8000"
        ),
        ("--server", served.url, "--name", "eve", "--password", "not the password"): (
            "cannot log in as 'eve': the name or the password is wrong (new here? add --register)"
        ),
        ("--server", served.url, "--name", "eve", "--password", PASSWORD, "--register"): (
            "cannot register as 'eve': the name 'eve' is taken: log in without --register"
        ),
        at(served, "eve", "--join", "42"): "there is no table 42 open here",
        at(served, "eve", "--chips", "5000"): "--chips 5000: your account holds 1000",
        at(served, "eve", "--seed", "3"): "--seed is not for a table at a server",
        at(served, "eve", "--save", str(tmp_path / "h.json")): "--save is not for a table at",
        at(served, "eve", "--join", "1", "--decks", "4"): "--decks is for a new table",
        at(served, "eve", "--bots", "2", "--seat", "3"): (
            "--seat 3: at a new table the bots sit in seats 2 to 3: take seat 1, or 4 to 10"
        ),
        ("--server", served.url, "--password", PASSWORD): "--server needs --name NAME",
        ("--join", "3"): "--join is for a table at a server: give --server URL too",
        at(served, "eve", "--time-limit", "-1"): "--time-limit -1 is not valid: 0 to 86,400",
    }
    for args, said in cases.items():
        result = play("chemin-de-fer", *args)
        assert result.exit_code == 2, (args, result.output)
        assert said in result.output, (args, result.output)
        assert result.output.count("Error:") == 1, result.output
        assert "Traceback" not in result.output


async def _full_table(url: str) -> int:
    """A Chemin de Fer table with no room: 9 bots and a person at seat 1."""
    async with Client(url) as client:
        await client.register("fay", PASSWORD)
        entry = await client.open_table("chemin-de-fer", bots=9, settings={"bot_pause": 5})
        async with client.table(entry["id"]) as seat:
            while str(0) not in (await seat.next()).get("open_seats", {}):
                pass
            answer = await seat.act({"type": "Join", "amount": 500}, seat=0)
            assert answer["type"] == "ack", answer
        table: int = entry["id"]
        return table


def test_a_table_with_no_room_or_a_seat_taken_is_said_so(served):
    table = asyncio.run(_full_table(served.url))
    asyncio.run(_register(served.url, "gus"))
    result = play("chemin-de-fer", *at(served, "gus", "--join", str(table)))
    assert result.exit_code == 2, result.output
    assert f"table {table} has no room: its 10 seats are taken" in result.output
    result = play("chemin-de-fer", *at(served, "gus", "--join", str(table), "--seat", "2"))
    assert result.exit_code == 2, result.output
    assert f"seat 2 at table {table} is taken by Anna; the seats open are none" in result.output
    result = play("banchek", *at(served, "gus", "--join", str(table)))
    assert f"table {table} plays chemin-de-fer: `croupier play chemin-de-fer --join" in (
        result.output
    )


class Ada:
    """A person at a Chemin de Fer table through `croupier.client`, in a thread of her own:
    she opens it with two bots, sits at seat 1, and makes the plainest choice whenever she
    is to act, until told to stop; every message she heard is kept."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.table = 0
        self.seated = threading.Event()
        self.stop = threading.Event()
        self.heard: list[dict[str, Any]] = []
        self.codec = Codec(chemin_de_fer.CheminDeFer())
        self._thread = threading.Thread(target=lambda: asyncio.run(self._play()), daemon=True)
        self._thread.start()

    async def _play(self) -> None:
        async with Client(self.url) as client:
            await client.register("ada", PASSWORD)
            settings = {"bot_pause": 0, "time_limit": 30, "hold": 5}
            entry = await client.open_table("chemin-de-fer", bots=2, settings=settings)
            self.table = entry["id"]
            async with client.table(self.table) as seat:
                while str(0) not in (await seat.next()).get("open_seats", {}):
                    pass
                assert (await seat.act({"type": "Join", "amount": 800}, seat=0))["type"] == "ack"
                self.seated.set()
                while not self.stop.is_set():
                    try:
                        message = await asyncio.wait_for(seat.next(), 0.2)
                    except TimeoutError:
                        continue
                    self.heard.append(message)
                    if message["type"] == "view" and message["seat"] == 0:
                        view = self.codec.view(message["view"])
                        if 0 in view.to_act and view.legal:
                            await seat.act(default_action(view.legal))

    def done(self) -> None:
        self.stop.set()
        self._thread.join(30)


def test_two_people_at_one_table(served):
    asyncio.run(_register(served.url, "bob"))
    ada = Ada(served.url)
    assert ada.seated.wait(30)
    result = play(
        "chemin-de-fer",
        *at(served, "bob", "--join", str(ada.table)),
        lines=["", "", "", "", "", "quit"],
    )
    ada.done()
    out = result.output
    assert result.exit_code == 0, out
    assert f"Logged in at {served.url} as bob: 1000 chips in your account." in out
    assert "Seat 4 (you) sits down with 1000 chips." in out  # the first seat open
    assert "Seat 1 (ada) " in out  # the other person, told by name
    assert "Seat 4 (you) gets up with" in out
    joined = [
        (event["seat"], event["chips"])
        for message in ada.heard
        if message["type"] == "step"
        for event in message.get("events", [])
        if event["type"] == "SeatJoined"
    ]
    assert (3, 1000) in joined  # she saw him sit down


def test_ctrl_c_disconnects_and_the_seat_is_held_for_the_person_to_come_back(served):
    table = Playing("chemin-de-fer", *at(served, "hal", "--bots", "2", *FAST, register=True))
    table.wait("Bid for the bank")
    out, status = table.interrupt()
    assert status == 130, out
    assert "Interrupted: disconnected from the table." in out
    assert "The server holds seat 1 a while" in out
    assert "Traceback" not in out
    result = play(
        "chemin-de-fer", *at(served, "hal", "--join", "1", "--seat", "1"), lines=["", "quit"]
    )
    back = result.output
    assert result.exit_code == 0, back
    assert "You are back at seat 1." in back
    assert "Seat 1 (you) gets up with" in back


@pytest.mark.parametrize("empty_database_url", ["sqlite"], indirect=True)  # timing, not storing
def test_a_person_too_slow_is_told_the_table_chose(served):
    args = at(served, "ida", "--bots", "2", "--bot-pause", "0", "--time-limit", "1")
    table = Playing("chemin-de-fer", *args, "--register")
    table.wait("Bid for the bank")
    time.sleep(2.5)
    table.say("bid 500")  # after the time limit
    table.wait("Too late: the table has chosen for you.")
    table.say("quit")
    out, _ = table.process.communicate(timeout=60)
    said = table.said + out.decode()
    assert table.process.returncode == 0, said
    assert "Your time is up: the table makes the plainest choice." in said
    assert "Seat 1 (you) passes (for good)." in said  # the plainest choice
    assert "Seat 1 (you) bids 500" not in said
    assert "Seat 1 (you) gets up with" in said


def test_a_dropped_connection_comes_back_where_it_was(served):
    table = Playing("chemin-de-fer", *at(served, "jo", "--bots", "2", *FAST, register=True))
    table.wait("Bid for the bank")
    served.stop()
    served.start()  # the same port and database: the table is taken up where it was
    time.sleep(2)
    table.say("")
    table.wait("The connection dropped and is back.")
    table.say("quit")
    out, _ = table.process.communicate(timeout=60)
    said = table.said + out.decode()
    assert table.process.returncode == 0, said
    assert "Seat 1 (you) passes (for good)." in said  # the answer given across the drop
    assert "Seat 1 (you) gets up with" in said


@pytest.mark.parametrize("empty_database_url", ["sqlite"], indirect=True)  # timing, not storing
@pytest.mark.slow  # it waits out every retry of the connection: 15 s
def test_a_connection_that_cannot_be_opened_again_is_said_in_one_line(served):
    table = Playing("chemin-de-fer", *at(served, "kit", "--bots", "2", *FAST, register=True))
    table.wait("Bid for the bank")
    served.stop()
    table.say("")  # sent into the drop: answered by the end of every retry (remote.line)
    out, _ = table.process.communicate(timeout=60)
    said = table.said + out.decode()
    assert table.process.returncode == 2, said
    assert (
        f"Error: the connection to the server at {served.url} dropped and could not be opened "
        "again: the server is not reachable: nothing answers there"
    ) in said
    assert "Traceback" not in said


@pytest.mark.postgresql
def test_while_the_database_is_away_the_terminal_says_the_table_is_paused(tmp_path):
    with outage("postgresql", tmp_path) as database:
        served = Served(database.url)
        served.start()
        try:
            table = Playing("chemin-de-fer", *at(served, "lu", "--bots", "2", *FAST, register=True))
            table.wait("Bid for the bank")
            database.away()
            health = f"{served.url}/api/health"
            deadline = time.monotonic() + 30
            while httpx.get(health).status_code != 503:  # the server has found it away
                assert time.monotonic() < deadline, "health never said 503"
                time.sleep(0.2)
            time.sleep(1)
            table.say("")  # answered while paused: not sent, and asked again once back
            table.wait(f"{PAUSED[0].upper()}{PAUSED[1:]}.")
            database.back()
            table.wait("Play goes on.")
            table.wait("Bid for the bank", times=2)
            table.say("")
            table.say("quit")
            out, _ = table.process.communicate(timeout=60)
        finally:
            served.stop()
    said = table.said + out.decode()
    assert table.process.returncode == 0, said
    assert "Seat 1 (you) passes (for good)." in said  # the answer given once play went on
    assert "Seat 1 (you) gets up with" in said
    assert "Traceback" not in said
