"""The pages in Debian's Chromium: signing up and logging in, opening a Punto Banco table
with a bot, and two people (two browser contexts, two cookies) playing a whole coup at one
table by clicking, the punter entitled to it turning punto's cards and choosing on 5
(PB-10, PB-13e), a reload in the middle of it; every frame each page heard and every card
it shows are what its seat may know, checked against the table replayed from the database.
One who comes from the lobby's "Sit down" in the middle of a coup is sat down as soon as it
ends, at the box they choose (PB-1); the page says "box", never "seat"; and whoever holds
the shoe is told what passing it means (PB-8).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.games.punto_banco.test_conformance import scramble
from tests.server.players import check_heard
from tests.web.conftest import Screenshots
from tests.web.pages import (
    PHONE,
    Guest,
    check_page_cards,
    check_result,
    table_chips,
    unnamed_controls,
)

SEAT = re.compile(r"\bseats?\b", re.IGNORECASE)
"""The word Punto Banco's page never says: its places are boxes."""


def seat_words(guest: Guest) -> list[str]:
    """The lines of what the page shows that say "seat"."""
    text: str = guest.page.evaluate("document.body.innerText")
    return [line for line in text.splitlines() if SEAT.search(line)]


pytestmark = pytest.mark.timeout(180)

CHOICE_ON_5 = 40
"""A seed whose first coup, with banco and punto bets of 20, gives punto 5 and banco no
natural, so that the punto bettor chooses (found by trying seeds, the pages' parts of the
shuffle drawn from their seeded streams: pages.SEEDED)."""


def test_sign_up_log_out_and_in(serve, browser: Browser):
    served = serve(7)
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    expect(ada.page.locator("#who")).to_have_text("ada: 1000 chips")
    page = ada.page
    page.get_by_role("button", name="Log out").click()
    expect(page.locator("#who")).to_have_text("not logged in")
    expect(page.get_by_role("button", name="Log out")).to_be_hidden()  # nobody to log out
    ada.enter("Log in", password="not her password")
    expect(page.locator("#enter-error")).to_have_text("the name or the password is wrong")
    ada.enter("Sign up")
    expect(page.locator("#enter-error")).to_have_text("the name 'ada' is taken")
    ada.enter("Log in")
    expect(page.locator("#who")).to_have_text("ada: 1000 chips")
    assert unnamed_controls(page) == []
    assert ada.errors == []


def test_open_a_table_with_a_bot(serve, browser: Browser, screenshots: Screenshots):
    served = serve(7)
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    # The lobby's form gives each limit of the rules its own field (a range's low and high).
    ada.page.get_by_label("game").select_option("punto-banco")
    low = ada.page.locator("[data-rule='punto.low']")
    expect(low).to_be_editable()
    expect(ada.page.locator("[data-rule='punto.high']")).to_be_editable()
    assert "[object" not in (ada.page.locator("#rules").text_content() or "")
    # An option with choices is chosen among them, the default chosen at first.
    at_five = ada.page.locator("select[data-rule='tableau']")
    expect(at_five.locator("option")).to_have_text(["text", "fixed"])
    expect(at_five).to_have_value("text")
    table = ada.open_table(bots=1)
    page = ada.page
    expect(page.locator("#title")).to_have_text("Punto Banco")
    ada.sit(0, 300)
    expect(page.locator("#who")).to_have_text("ada: 700 chips in your account")
    expect(page.locator("[data-box='1']")).to_contain_text("Anna")
    expect(ada.button("Bet on banco")).to_be_visible()
    check_page_cards(ada)
    assert unnamed_controls(page) == []
    screenshots(page, "punto-banco-bot-1280.png")
    page.goto(f"{served.url}/")
    row = page.locator(f"tr[data-table='{table}']")
    expect(row).to_contain_text("Punto Banco")
    expect(row).to_contain_text("2: Anna (bot)")
    expect(row.get_by_role("link", name=f"watch table {table}")).to_be_visible()
    assert ada.errors == []

    # The lobby's Sit down sits one down: the first open seat, with 500 chips.
    bob = Guest(browser, served.url, "bob")
    bob.sign_up()
    bob.page.locator(f"tr[data-table='{table}']").get_by_role(
        "link", name=f"sit down at table {table}"
    ).click()
    expect(bob.page.locator("#layout")).to_have_attribute("data-seat", "2")
    expect(bob.page.locator("#who")).to_have_text("bob: 500 chips in your account")
    expect(bob.page.locator("#table-chips")).to_have_text("500 chips at this table")
    bob.page.reload()  # and a reload does not sit down again
    expect(bob.page.locator("#layout")).to_have_attribute("data-seat", "2")
    assert "sit=" not in bob.page.url
    assert bob.errors == []


def test_two_play_a_coup_with_the_choice_on_5(serve, browser: Browser, screenshots: Screenshots):
    served = serve(CHOICE_ON_5)
    ada = Guest(browser, served.url, "ada")
    bob = Guest(browser, served.url, "bob")
    ada.sign_up()
    bob.sign_up()
    table = ada.open_table(bots=0)
    bob.at_table(table)

    ada.sit(0, 500)
    ada.wait_phase("betting")
    bob.wait_phase("betting")
    # A redraw never touches what is being typed: the page redraws as Bob sits down while
    # Ada's stake is selected in its field, and what she types then replaces it.
    typing = ada.page.get_by_label("Bet on banco: amount, 10 to 500")
    typing.click()
    typing.press("Control+a")
    seq = ada.page.locator("#layout").get_attribute("data-seq")
    bob.sit(2, 400)
    expect(ada.page.locator("#layout")).not_to_have_attribute("data-seq", seq or "")
    ada.page.keyboard.type("30")
    expect(typing).to_have_value("30")
    expect(typing).to_be_focused()

    # A refusal is shown in words: a stake under the table's range, sent past the page's
    # own check of the field.
    low = ada.page.get_by_label("Bet on banco: amount, 10 to 500")
    low.evaluate("input => { input.value = 5; input.form.dispatchEvent(new Event('submit')); }")
    expect(ada.page.locator("#answer")).to_contain_text("Refused: a banco stake must total 10")

    ada.page.get_by_label("Bet on banco: amount, 10 to 500").fill("20")
    ada.button("Bet on banco").click()
    expect(ada.page.locator(".pb-area-banco")).to_contain_text("box 1 (ada): 20")
    bob.page.get_by_label("Bet on punto: amount, 10 to 400").fill("20")
    bob.button("Bet on punto").press("Enter")  # the keyboard, too
    expect(bob.page.locator(".pb-area-punto")).to_contain_text("box 3 (bob): 20")
    ada.button("Done betting").click()
    key = bob.button("Done betting").get_attribute("data-shortcut")  # its key, 1 to 9
    assert key is not None
    bob.page.locator("body").press(key)
    before = bob.wait_phase("turn")
    assert before["view"]["turner"] == 2
    assert before["view"]["punto"]["cards"] == [None, None]
    check_page_cards(bob)
    check_page_cards(ada)
    expect(ada.button("Turn punto's cards")).to_have_count(0)  # only bob may turn them

    # A reload in the middle of the coup keeps the seat and shows the same table.
    bob.page.reload()
    after = bob.wait_phase("turn")
    assert after["view"] == before["view"]
    expect(bob.page.locator("#layout")).to_have_attribute("data-seat", "2")
    turn = bob.button("Turn punto's cards")
    turn.focus()
    bob.page.keyboard.press("Space")

    chosen = bob.wait_phase("choose")
    punto = chosen["view"]["punto"]
    assert punto["points"] == 5 and len(punto["cards"]) == 2 and all(punto["cards"])
    assert chosen["view"]["banco"]["cards"] == [None, None]  # closed until punto chooses
    check_page_cards(bob)
    ada.wait_phase("choose")
    check_page_cards(ada)
    expect(ada.button("Draw on 5")).to_have_count(0)
    for guest, width in ((bob, "1280"), (ada, "1280")):
        screenshots(guest.page, f"punto-banco-choose-{guest.name}-{width}.png")
    phone = Guest(browser, served.url, "bob", viewport=dict(PHONE))
    phone.context.add_cookies(bob.context.cookies())  # type: ignore[arg-type]
    phone.at_table(table)
    phone.wait_phase("choose")
    check_page_cards(phone)
    screenshots(phone.page, "punto-banco-choose-bob-375.png", full_page=True)
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    bob.button("Draw on 5").click()
    ended = bob.wait_phase("betting")
    assert ended["view"]["coups"] == 1
    ada.wait_phase("betting")
    told = [event["type"] for message in bob.heard for event in message.get("events", [])]
    assert "PuntoDecided" in told and "CoupResult" in told
    # What each person sees at the end of the coup: both hands face up with their points,
    # who won, the line for their seat, and their chips at the table changed by it (PB-7).
    for guest, brought in ((ada, 500), (bob, 400), (phone, 400)):
        shown = check_result(guest)
        net = dict(shown["view"]["last"]["nets"])[shown["seat"]]
        expect(guest.page.locator("#table-chips")).to_have_text(
            f"{brought + net} chips at this table"
        )
        assert table_chips(guest) == brought + net
    winner = ended["view"]["last"]["winner"]  # banco pays 1 to 1 less 5% (PB-7)
    nets = {"banco": {0: 20 - 1, 2: -20}, "punto": {0: -20, 2: 20}, None: {0: 0, 2: 0}}
    assert dict(ended["view"]["last"]["nets"]) == nets[winner]
    screenshots(bob.page, "punto-banco-result-1280.png")
    screenshots(phone.page, "punto-banco-result-375.png")
    expect(bob.page.locator("#log li").first).to_be_visible()
    for guest in (ada, bob):
        check_page_cards(guest)
        assert unnamed_controls(guest.page) == []
        assert guest.errors == []
    screenshots(ada.page, "punto-banco-after-1280.png")
    for guest, views in ((ada, 8), (bob, 8), (phone, 2)):
        assert check_heard(served.database, table, guest, scramble) >= views


def test_one_from_the_lobby_mid_coup_sits_down_once_it_ends(serve, browser: Browser):  # PB-1
    served = serve(7)
    ada, bob = Guest(browser, served.url, "ada"), Guest(browser, served.url, "bob")
    ada.sign_up()
    bob.sign_up()
    table = ada.open_table(bots=0)
    ada.sit(0, 500)
    ada.wait_phase("betting")
    ada.page.get_by_label("Bet on punto: amount, 10 to 500").fill("20")
    ada.button("Bet on punto").click()
    ada.button("Done betting").click()
    ada.wait_phase("turn")  # the coup waits for ada to turn punto's cards (PB-10)

    bob.page.goto(f"{served.url}/")
    bob.page.get_by_role("link", name=f"sit down at table {table}").click()
    bob.page.wait_for_url(f"**/table.html?table={table}*")
    bob.wait_phase("turn")
    actions = bob.page.locator("#actions")
    expect(actions).to_contain_text("You sit down at box 2 as soon as the rules allow.")
    expect(bob.page.locator("body")).not_to_contain_text("No seat is open")
    assert seat_words(bob) == []
    bob.button("Don't sit down").click()  # another box, free now, chosen instead
    expect(actions).to_contain_text("Play is under way")
    bob.page.get_by_label("box to take").select_option("5")
    bob.page.get_by_label("chips to bring").fill("300")
    bob.button("Sit down when allowed").click()
    expect(actions).to_contain_text("You sit down at box 6 as soon as the rules allow.")
    assert seat_words(bob) == []

    ada.button("Turn punto's cards").click()
    ada.page.wait_for_function(
        "() => ['choose', 'betting'].includes(document.querySelector('#layout').dataset.phase)"
    )
    if ada.drawn()["view"]["phase"] == "choose":  # punto has 5: ada chooses (PB-13e)
        ada.button("Draw on 5").click()
    ada.wait_phase("betting", timeout=30_000)
    expect(bob.page.locator("#layout")).to_have_attribute("data-seat", "5")
    expect(bob.page.locator("#table-chips")).to_have_text("300 chips at this table")
    expect(bob.page).to_have_url(f"{served.url}/table.html?table={table}")  # a reload: no wish
    expect(bob.button("Done betting")).to_be_visible()
    assert seat_words(bob) == []
    assert unnamed_controls(bob.page) == []
    assert ada.errors == [] and bob.errors == []


def test_the_shoe_holder_is_told_what_passing_it_means(serve, browser: Browser):  # PB-8
    ada = Guest(browser, serve(7).url, "ada")
    ada.sign_up()
    ada.open_table(bots=1)
    ada.sit(0, 500)
    ada.wait_phase("betting")
    passing = ada.button("Pass the shoe")
    expect(passing).to_be_visible()
    help = ada.page.locator("#pass-shoe-help")
    expect(help).to_be_visible()
    expect(help).to_have_text(
        "You hold the shoe: bet on banco and you deal this coup, keeping the shoe until banco "
        "loses. Pass it, or bet on punto or égalité, and it goes to the box on your left (PB-8)."
    )
    expect(passing).to_have_attribute("aria-describedby", "pass-shoe-help")
    assert ada.errors == []
