"""Being called to the table, in Debian's Chromium: when it becomes a person's turn the tab's
title says so and a short sound plays, and again when 5 seconds of their time (their time
bank with it) are left; the sound is a switch the browser remembers."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.web.pages import Guest
from tests.web.tables import open_game

pytestmark = pytest.mark.timeout(180)


def test_the_tab_and_a_sound_call_a_person_to_the_table(serve, browser: Browser):
    served = serve(5)
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    ada.page.get_by_label("time bank in seconds").fill("3")
    open_game(ada, "punto-banco", bots=1, time_limit=8, bot_pause=0.1)
    page = ada.page
    switch = page.get_by_role("button", name=re.compile("Sound on your turn"))
    expect(switch).to_have_text("Sound on your turn: on")
    ada.sit(0, 300)
    called = {"timeout": 30_000}  # her turn comes once the coup before is over
    expect(page).to_have_title(re.compile(r"^● Your turn · croupier: Punto Banco"), **called)
    expect(page.locator("#clock")).to_contain_text(re.compile(r"you: \d s \+ bank 3 s"))
    expect(page).to_have_title(re.compile(r"^● 5 seconds left · croupier: Punto Banco"), **called)
    expect(page.locator("body")).to_have_attribute("data-called", re.compile(r"^[3-9]$"))
    switch.click()
    expect(switch).to_have_text("Sound on your turn: off")
    page.reload()
    expect(page.get_by_role("button", name=re.compile("Sound on your turn"))).to_have_text(
        "Sound on your turn: off"
    )
    expect(page).to_have_title(re.compile(r"^● (Your turn|5 seconds left) · "), **called)
    assert page.locator("body").get_attribute("data-called") is None, "no sound: it is off"
