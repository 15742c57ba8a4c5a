"""A private table in Debian's Chromium: its host opens it from the lobby and copies its
link; a friend with no account follows the link, signs up on the table's own page in one
form, lands at the table and sits down; a stranger who knows the table's number but not its
link sees no table, in the lobby or at its page; the host's new link lets the stranger in,
and the old one nobody new."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.web.pages import Guest

pytestmark = pytest.mark.timeout(180)


def test_a_private_table_is_reached_by_its_link_alone(serve, browser: Browser, screenshots):
    served = serve(5)
    ann = Guest(browser, served.url, "ann")
    ann.sign_up()
    ann.page.get_by_label("Private: only those who follow its link see it and may sit").check()
    table = ann.open_table(bots=1)
    invite = ann.page.get_by_label("the table's link")
    expect(invite).to_have_value(
        re.compile(rf"{re.escape(served.url)}/table\.html\?table={table}&invite=[\w-]{{32}}$")
    )
    link = invite.input_value()
    expect(ann.page.locator("#layout")).to_have_attribute("data-seq", re.compile(r"\d+"))
    screenshots(ann.page, "private-host-1280.png")

    eve = Guest(browser, served.url, "eve")
    eve.sign_up()
    expect(eve.page.locator(f"tr[data-table='{table}']")).to_have_count(0)
    eve.at_table(table)
    expect(eve.page.locator("#status")).to_contain_text("no such table", timeout=30_000)
    expect(eve.page.get_by_label("the table's link")).to_be_hidden()

    bob = Guest(browser, served.url, "bob")
    bob.page.goto(link)
    expect(bob.page.locator("#status")).to_have_text(
        "Sign up or log in to sit at or watch this table."
    )
    bob.enter("Sign up")
    expect(bob.page.locator("#who")).to_contain_text("bob:", timeout=30_000)
    bob.sit(0, 300)
    expect(bob.page.get_by_label("the table's link")).to_be_hidden()  # the host's alone
    ann.page.set_viewport_size({"width": 390, "height": 844})  # the host's link on a phone
    ann.page.get_by_label("the table's link").scroll_into_view_if_needed()
    screenshots(ann.page, "private-host-390.png")
    ann.page.set_viewport_size({"width": 1280, "height": 800})

    ann.page.get_by_role("button", name="New link").click()
    expect(ann.page.locator("section.invite .note[role=status]")).to_have_text(
        "A new link: the old one lets nobody new in; those already in stay."
    )
    expect(invite).not_to_have_value(link)
    eve.page.goto(link)
    expect(eve.page.locator("#status")).to_contain_text("no such table", timeout=30_000)
    eve.page.goto(invite.input_value())
    expect(eve.page.locator("#layout")).to_have_attribute(
        "data-seq", re.compile(r"\d+"), timeout=30_000
    )
    bob.page.reload()
    expect(bob.page.locator("#layout")).to_have_attribute("data-seat", "0", timeout=30_000)


def test_a_host_who_lets_each_person_sit_sees_who_asks_and_answers(serve, browser: Browser):
    served = serve(5)
    ann = Guest(browser, served.url, "ann")
    ann.sign_up()
    ann.page.get_by_label("Private: only those who follow its link see it and may sit").check()
    ann.page.get_by_label("I let each person sit").check()
    ann.open_table(bots=1)
    invite = ann.page.get_by_label("the table's link")
    expect(invite).to_have_value(re.compile("invite="))
    link = invite.input_value()
    asking = ann.page.get_by_role("region", name="people asking to sit")
    for name in ("bob", "cy"):
        friend = Guest(browser, served.url, name)
        friend.page.goto(link)
        friend.enter("Sign up")
        expect(friend.page.locator("#who")).to_contain_text(f"{name}:", timeout=30_000)
        seat = {"bob": 0, "cy": 2}[name]
        friend.page.get_by_label("box to take").select_option(str(seat))  # Punto Banco
        friend.page.get_by_label("chips to bring").fill("300")
        friend.page.get_by_role("button", name="Sit down").click()
        expect(friend.page.locator("#answer")).to_have_text(
            "The host lets each person sit: you have asked, and sit once the host says yes."
        )
        said = f"{name} asks to sit at box {seat + 1} with 300 chips"
        expect(asking.get_by_role("listitem")).to_contain_text(said)
        yes = name == "bob"
        asking.get_by_role("button", name="Let sit" if yes else "Refuse").click()
        if yes:
            expect(friend.page.locator("#layout")).to_have_attribute("data-seat", str(seat))
            expect(friend.page.locator("#who")).to_contain_text("700 chips")
        else:
            expect(friend.page.locator("#answer")).to_have_text("The host has not let you sit.")
            expect(friend.page.locator("#layout")).to_have_attribute("data-seat", "")
        expect(asking).to_be_hidden()
