"""The table page while its connection is down, in Debian's Chromium: the server stopped
under a seated person, the page says it is reconnecting, every control is disabled and the
clock stops counting; a click or a key then sends nothing, and nothing goes through once
the server is back and the page has connected again."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.web.pages import Guest

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
