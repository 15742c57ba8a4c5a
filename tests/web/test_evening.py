"""A private evening in Chromium: the host opens a private table, a friend comes by its link,
both play a few coups of Punto Banco, the host closes the table, and its "Tonight" panel
shows what each brought and took away, their net (each what their account gained or lost
there: the ledger's figure), what the house and the bot are up, and who pays whom."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.web.conftest import Screenshots
from tests.web.pages import Guest

pytestmark = pytest.mark.timeout(240)

COUPS = 3


def _signed(chips: int) -> str:
    return f"+{chips}" if chips > 0 else str(chips)


def test_a_private_evening_is_settled_as_the_ledger_says(
    serve, browser: Browser, screenshots: Screenshots
):
    served = serve(11)
    ada, bob = Guest(browser, served.url, "ada"), Guest(browser, served.url, "bob")
    ada.sign_up()
    bob.sign_up()
    page = ada.page
    page.get_by_label("game").select_option("punto-banco")
    page.get_by_label("number of bots").fill("1")
    page.get_by_label("time limit in seconds").fill("4")
    page.get_by_label("bot pause in seconds").fill("0.2")
    page.get_by_text("Private: only those who follow its link").click()
    page.get_by_role("button", name="Open the table").click()
    page.wait_for_url("**/table.html?table=*")
    expect(page.locator("#invite-link")).to_have_value(re.compile("invite="))
    link = page.locator("#invite-link").input_value()
    ada.sit(0, 300)
    bob.page.goto(link)
    bob.sit(2, 200)
    for coup in range(1, COUPS + 1):  # each bets; the time limit plays what is left
        for guest, bet, amount in ((ada, "banco", 60), (bob, "punto", 40)):
            field = guest.page.get_by_label(re.compile(f"^Bet on {bet}: amount"))
            expect(field).to_be_visible(timeout=60_000)
            field.fill(str(amount))
            guest.button(f"Bet on {bet}").click()
        page.wait_for_function(
            "n => /Coup (\\d+)/.test(document.querySelector('#log').textContent) && "
            "[...document.querySelector('#log').textContent.matchAll(/Coup (\\d+)/g)]"
            ".map(m => Number(m[1])).pop() > n",
            arg=coup,
            timeout=60_000,
        )
    ada.button("Close the table").click()
    tonight = page.locator("section.evening")
    settled = "The evening, settled: the table has closed."
    expect(tonight.locator("caption")).to_have_text(settled, timeout=60_000)

    nets = {}
    for guest, bought in ((ada, 300), (bob, 200)):
        net = guest.context.request.get(f"{served.url}/api/me").json()["chips"] - 1000
        cells = tonight.locator(f"tr[data-person='{guest.name}'] td")
        expect(cells).to_have_text([str(bought), "0", "0", str(bought + net), "0", _signed(net)])
        nets[guest.name] = net
    house = -sum(nets.values())
    if house:
        up_or_down = f"up {house} on" if house > 0 else f"down {-house} to"
        expect(tonight.locator(".house")).to_have_text(
            f"The house and the bots are {up_or_down} the people."
        )
    evening = ada.context.request.get(f"{served.url}/api/tables/{page.url.split('=')[-1]}/evening")
    payments = [f"{p['payer']} pays {p['payee']} {p['chips']}" for p in evening.json()["payments"]]
    if payments:
        expect(tonight.locator(".payments li")).to_have_text(payments)
    else:
        expect(tonight.locator(".payments")).to_have_text("Nobody owes anybody.")
    tonight.scroll_into_view_if_needed()
    screenshots(page, "evening-1280.png")
    page.set_viewport_size({"width": 390, "height": 844})
    tonight.scroll_into_view_if_needed()
    screenshots(page, "evening-390.png")
    for guest in (ada, bob):
        assert guest.errors == []
