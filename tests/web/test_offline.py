"""The table page while its connection is down, in Debian's Chromium: the server stopped
under a seated person, the page says it is reconnecting, every control is disabled and the
clock stops counting; a click or a key then sends nothing, and nothing goes through once
the server is back and the page has connected again. And while the table's database is away
(PostgreSQL stopped): the page says the table is paused and its controls wait; once the
database is back the coup plays on to its end."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, WebSocketRoute, expect

from croupier.client import messages_of
from croupier.server.runner import PAUSED
from tests.cli.served import Served
from tests.outage import outage
from tests.web.pages import Guest, check_result

pytestmark = pytest.mark.timeout(180)


def test_while_the_connection_is_down_the_controls_wait(serve, browser: Browser):
    served = serve(7)
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    ada.open_table(bots=1)
    ada.sit(0, 300)
    ada.wait_phase("betting")
    sent: list[str] = []

    def listen(socket: Any) -> None:
        socket.on("framesent", lambda payload: sent.append(str(payload)))

    ada.page.on("websocket", listen)
    done = ada.button("Done betting")
    expect(done).to_be_enabled()
    key = done.get_attribute("data-shortcut")
    assert key is not None
    expect(done.locator("kbd")).to_have_text(key)  # its key, shown on it

    served.stop()
    expect(ada.page.locator("#status")).to_contain_text("reconnecting")
    expect(done).to_be_disabled()
    expect(ada.page.get_by_label("Bet on banco: amount, 10 to 300")).to_be_disabled()
    expect(ada.page.locator("#clock")).to_have_text("reconnecting …")
    done.click(force=True)
    ada.page.locator("body").press(key)
    ada.page.wait_for_timeout(300)

    served.start()
    expect(ada.page.locator("#status")).to_have_text("connected", timeout=30_000)
    expect(done).to_be_enabled()
    expect(ada.page.locator("#clock")).to_contain_text("you:")
    ada.page.wait_for_timeout(500)
    assert not [frame for frame in sent if '"act"' in frame], sent
    assert not ada.drawn()["view"]["boxes"][0]["done"]  # the click went nowhere
    assert ada.errors == []


def test_while_the_database_is_away_the_table_is_paused(browser: Browser, tmp_path, screenshots):
    with outage("postgresql", tmp_path) as database:
        served = Served(database.url)
        served.start()
        try:
            ada = Guest(browser, served.url, "ada")
            ada.sign_up()
            ada.open_table(bots=1)
            ada.sit(0, 300)
            ada.wait_phase("betting")
            done, banner = ada.button("Done betting"), ada.page.locator("#paused")
            expect(done).to_be_enabled()
            expect(banner).to_be_hidden()

            database.away()  # nothing is being stored: the lease keeper finds it away
            expect(banner).to_have_text(f"{PAUSED[0].upper()}{PAUSED[1:]}.", timeout=30_000)
            expect(done).to_be_disabled()
            expect(ada.page.get_by_label("Bet on banco: amount, 10 to 300")).to_be_disabled()
            expect(ada.page.locator("#status")).to_have_text("connected")  # the socket is up
            assert httpx.get(f"{served.url}/api/health").status_code == 503
            screenshots(ada.page, "punto-banco-paused-1280.png")

            database.back()
            expect(banner).to_be_hidden(timeout=30_000)
            expect(done).to_be_enabled()
            ada.page.get_by_label("Bet on banco: amount, 10 to 300").fill("20")
            ada.button("Bet on banco").click()
            expect(ada.page.locator(".pb-area-banco")).to_contain_text("box 1 (ada): 20")
            done.click()
            result = ada.page.locator("section.result")
            turn = ada.page.get_by_role("button", name=re.compile("^Turn"))
            until = time.monotonic() + 60
            while not result.is_visible():  # she may be the one to turn the cards
                assert time.monotonic() < until, "the coup did not end"
                if turn.count() and turn.first.is_enabled():
                    turn.first.click()
                ada.page.wait_for_timeout(200)
            check_result(ada)
            assert httpx.get(f"{served.url}/api/health").status_code == 200
            assert ada.errors == []
        finally:
            served.stop()


def test_a_silent_server_is_given_up_and_the_page_connects_again(serve, browser: Browser):
    """Issue 38: a server that stops sends nothing, not even its heartbeat, and its socket
    stays open: after three heartbeats of silence the page says so, gives the socket up and
    connects again. (The first socket's server is made silent by Playwright's route, after
    a welcome that says a heartbeat of 0.2 s.)"""
    served = serve(7)
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    table = ada.open_table(bots=1)
    opened: list[int] = []

    def route(socket: WebSocketRoute) -> None:
        server, first = socket.connect_to_server(), not opened
        opened.append(len(opened))
        frames = 0

        def to_page(frame: str | bytes) -> None:
            nonlocal frames
            frames += 1
            if not first:
                socket.send(frame)
            elif frames == 1:  # the welcome (and what came with it): a short heartbeat
                said = [
                    {**m, "heartbeat": 0.2} if m["type"] == "welcome" else m
                    for m in messages_of(json.loads(frame))
                ]
                socket.send(json.dumps(said))

        server.on_message(to_page)
        socket.on_message(server.send)

    ada.page.route_web_socket(re.compile(r".*/socket\?.*"), route)
    ada.at_table(table)
    status = ada.page.locator("#status")
    expect(status).to_contain_text("the server has said nothing for 0.6 s", timeout=30_000)
    expect(status).to_have_text("connected", timeout=30_000)
    assert len(opened) >= 2, "a second socket, to a server that speaks"
    assert ada.errors == []
