"""A host's night in Chromium (issue 41, item 6): the host opens a private table where each
person asks to sit, with chips to give; of two friends who follow its link (neither with an
account), one is let sit and one refused; a stranger with the table's number but not its
link sees nothing; the host gives chips to the friend whose account is empty, pauses the
table (everyone sees it stand, its clock stopped), changes the time limit, resumes, removes
the friend with a reason, and closes; the evening's figures are the ledger's."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.web.pages import Guest

pytestmark = pytest.mark.timeout(240)


def _chips(guest: Guest, url: str) -> int:
    chips: int = guest.context.request.get(f"{url}/api/me").json()["chips"]
    return chips


@pytest.mark.parametrize(
    "empty_database_url",
    ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)],
    indirect=True,
)
def test_a_host_runs_the_night(serve, browser: Browser, screenshots):
    served = serve(5)
    ann = Guest(browser, served.url, "ann")
    ann.sign_up()
    form = ann.page
    form.get_by_label("Private: only those who follow its link see it and may sit").check()
    form.get_by_label("I let each person sit").check()
    form.get_by_label("chips the hosts may give tonight").fill("500")
    table = ann.open_table(bots=1, time_limit=6)
    expect(ann.page.get_by_label("the table's link")).to_have_value(re.compile("invite="))
    link = ann.page.get_by_label("the table's link").input_value()
    host = ann.page.get_by_role("region", name="hosting the table")
    expect(host).to_be_visible()
    asking = ann.page.get_by_role("region", name="people asking to sit")

    eve = Guest(browser, served.url, "eve")
    eve.sign_up()
    eve.at_table(table)
    expect(eve.page.locator("#status")).to_contain_text("no such table", timeout=30_000)

    friends = {}
    for name, seat, yes in (("bob", 0, True), ("cy", 2, False)):
        friend = Guest(browser, served.url, name)
        friend.page.goto(link)
        friend.enter("Sign up")
        expect(friend.page.locator("#who")).to_contain_text(f"{name}:", timeout=30_000)
        friend.page.get_by_label("box to take").select_option(str(seat))
        friend.page.get_by_label("chips to bring").fill("1000")
        friend.page.get_by_role("button", name="Sit down").click()
        expect(asking.get_by_role("listitem")).to_contain_text(f"{name} asks to sit")
        asking.get_by_role("button", name="Let sit" if yes else "Refuse").click()
        if yes:
            expect(friend.page.locator("#layout")).to_have_attribute("data-seat", str(seat))
        else:
            expect(friend.page.locator("#answer")).to_have_text("The host has not let you sit.")
        expect(host.get_by_role("button", name="Pause after this coup")).to_be_visible()
        friends[name] = friend
    bob = friends["bob"]
    expect(bob.page.locator("#who")).to_contain_text("0 chips in your account")
    expect(bob.page.get_by_role("region", name="hosting the table")).to_be_hidden()

    host.get_by_label("Person").select_option(label="bob")
    host.get_by_label("Chips to give").fill("200")
    host.get_by_role("button", name="Give chips").click()
    gift = "ann gives bob 200 chips from the evening's allowance (300 chips are left)"
    for guest in (ann, bob):
        expect(guest.page.locator("#log li").last).to_have_text(gift)
    assert _chips(bob, served.url) == 200
    expect(bob.page.locator("#who")).to_have_text("bob: 200 chips in your account")

    host.get_by_role("button", name="Pause after this coup").click()
    banner = "The host has paused the table: play goes on once they resume."
    for guest in (ann, bob):
        expect(guest.page.locator("#paused")).to_have_text(banner, timeout=30_000)
    expect(bob.page.locator("#clock")).to_have_text("")
    screenshots(bob.page, "host-paused-1280.png")
    host.get_by_label("Time limit (s)").fill("12")
    host.get_by_role("button", name="Change from the next coup").click()
    expect(bob.page.locator("#log li").last).to_have_text(
        "ann changes the settings from the next coup: a time limit of 12 s"
    )
    host.get_by_label("punto low").fill("20")
    host.get_by_role("button", name="Set from the next coup").click()
    limits = "ann sets the stake limits from the next coup: punto 20 to 1000"
    expect(bob.page.locator("#log li").filter(has_text=limits)).to_have_count(1)
    set_now = "The stake limits from this coup on: punto 20 to 1000."  # (between coups: now)
    expect(bob.page.locator("#log li").filter(has_text=set_now)).to_have_count(1)
    punto = bob.page.get_by_role("region", name="the Punto area")
    expect(punto.locator("p.note").first).to_contain_text("20–1000")
    host.get_by_label("Bot's place").select_option("3")
    host.get_by_role("button", name="Seat a bot").click()
    expect(bob.page.locator("#log li").last).to_contain_text("ann seats the bot ")
    host.get_by_role("button", name="Resume play").click()
    expect(bob.page.locator("#log li").last).to_have_text("ann resumes play")
    expect(bob.page.locator("#paused")).to_be_hidden()
    expect(bob.page.locator("#clock")).to_contain_text(re.compile(r"\b(1[0-2]|[1-9]) s"))

    host.get_by_label("Person").select_option(label="bob")
    host.get_by_label("Reason to remove").fill("the night is over for him")
    host.get_by_role("button", name="Remove").click()
    removed = "ann removes bob from the table: the night is over for him"
    expect(bob.page.locator("#log li").filter(has_text=removed)).to_have_count(1)
    expect(bob.page.locator("#layout")).to_have_attribute("data-seat", "", timeout=60_000)
    ann.page.set_viewport_size({"width": 390, "height": 844})
    host.scroll_into_view_if_needed()
    expect(host).to_be_in_viewport()
    ann.page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    screenshots(ann.page, "host-390.png")
    ann.page.set_viewport_size({"width": 1280, "height": 800})

    ann.button("Close the table").click()
    tonight = ann.page.locator("section.evening")
    settled = "The evening, settled: the table has closed."
    expect(tonight.locator("caption")).to_have_text(settled, timeout=60_000)
    took_away = _chips(bob, served.url) - 200  # his account: what he took away, and the gift
    net = took_away - 1000
    cells = tonight.locator("tr[data-person='bob'] td")
    signed = f"+{net}" if net > 0 else str(net)
    expect(cells).to_have_text(["1000", "0", "200", str(took_away), "0", signed])
    expect(tonight.locator("tr[data-person='cy']")).to_have_count(0)
    for guest in (ann, bob, friends["cy"], eve):
        assert guest.errors == []


def test_where_the_host_lets_nobody_watch_the_page_shows_the_seats_and_no_play(
    serve, browser: Browser
):
    served = serve(5)
    ann, bob = Guest(browser, served.url, "ann"), Guest(browser, served.url, "bob")
    ann.sign_up()
    bob.sign_up()
    ann.page.get_by_label("Those without a seat may watch").uncheck()
    table = ann.open_table(bots=1, time_limit=6)
    expect(ann.page.locator("#layout")).to_contain_text("Bets are open", timeout=30_000)
    bob.at_table(table)
    shut = "The host lets nobody watch this table: sit down to see it."
    expect(bob.page.locator("#layout")).to_have_text(shut, timeout=30_000)
    expect(bob.page.locator("#layout img")).to_have_count(0)
    bob.sit(0, 300)
    expect(bob.page.locator("#layout")).to_contain_text("Bets are open")
    for guest in (ann, bob):
        assert guest.errors == []
