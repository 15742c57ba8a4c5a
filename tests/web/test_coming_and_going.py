"""Coming and going at the pages, in Debian's Chromium: at Monte Bank with a bot, where one
gets up only between deals (MB-15) and a bot banker deals again at once, a person presses
"Leave after this deal" and is up, watching, with the chips back in the account, within one
deal; at Punto Banco a person sits out, is marked so at the table and not waited for, and
comes back; at Banchek one who sits out keeps the seat and chips, dealt no cards and never
staked, while the table plays on, and comes back; and brings more chips from the account,
which the table and the header show."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.web.conftest import Screenshots
from tests.web.pages import Guest, unnamed_controls
from tests.web.tables import drawn_until, open_game

pytestmark = pytest.mark.timeout(180)


def test_leave_after_this_deal_gets_a_person_up_within_a_deal(serve, browser: Browser):
    served = serve(5)
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    open_game(ada, "monte-bank", bots=1, time_limit=2, bot_pause=0.1)
    ada.sit(0, 300)
    leave = ada.page.locator("button[data-plan='leave']")
    expect(leave).to_have_text("Leave after this deal")
    asked = ada.drawn()["view"]["deals"]
    leave.click()
    expect(ada.page.locator("#answer")).to_have_text(
        "You get up at the next moment the rules allow."
    )
    expect(ada.page.locator("#layout")).to_have_attribute("data-seat", "", timeout=60_000)
    left = next(m for m in ada.heard if m["type"] == "step" and m.get("by") == "leaving")
    assert left["actor"] == 0
    watching = ada.drawn()
    assert watching["view"]["deals"] <= asked + 1, (asked, watching["view"]["deals"])
    chips = left["events"][0]["chips"]
    expect(ada.page.locator("#who")).to_have_text(f"ada: {700 + chips} chips in your account")
    expect(ada.page.get_by_role("button", name="Sit down")).to_be_visible()
    assert ada.errors == []


def _betting(serve, browser: Browser, seed: int) -> Guest:
    """Ada at a Punto Banco table of her own with a bot, seated with 300, bets open."""
    ada = Guest(browser, serve(seed).url, "ada")
    ada.sign_up()
    ada.open_table(bots=1, time_limit=120)
    ada.sit(0, 300)
    ada.wait_phase("betting")
    return ada


def test_a_person_sits_out_and_comes_back(serve, browser: Browser):
    ada = _betting(serve, browser, 7)
    away = ada.page.locator("button[data-plan='away']")
    expect(away).to_have_text("Sit out")
    away.click()
    expect(away).to_have_attribute("aria-pressed", "true")
    expect(away).to_have_text("Sitting out: I am back")
    expect(ada.page.locator("[data-box='0']")).to_contain_text("sitting out")
    # Not waited for: her turns at betting are taken at once, though she has 120 s.
    expect(ada.button("Done betting")).to_have_count(0)
    done = [m for m in ada.heard if m["type"] == "step" and m.get("by") == "away"]
    assert done and done[0]["actor"] == 0
    away.click()
    expect(away).to_have_text("Sit out")
    expect(ada.page.locator("[data-box='0']")).not_to_contain_text("sitting out")
    expect(ada.button("Done betting")).to_be_visible(timeout=30_000)  # waited for again
    assert unnamed_controls(ada.page) == []
    assert ada.errors == []


def test_a_banchek_punter_sits_out_keeps_the_seat_and_comes_back(serve, browser: Browser):  # BN-11
    ada = Guest(browser, serve(5).url, "ada")
    ada.sign_up()
    open_game(ada, "banchek", bots=2, time_limit=120, bot_pause=0.1)
    ada.sit(0, 500)
    away = ada.page.locator("button[data-plan='away']")
    away.click()
    expect(ada.page.locator("#answer")).to_have_text(
        "You are sitting out: you are dealt no cards and never staked, and your seat and chips "
        "are kept for a while."
    )
    mine = ada.page.locator("li.bn-seat[data-seat='0']")
    expect(mine).to_contain_text("sitting out")
    expect(mine).to_contain_text("out of the game: dealt no cards", timeout=30_000)
    rounds = ada.drawn()["view"]["rounds"]
    # The table plays on without her, and waits for her nowhere (she would have 120 s).
    later = drawn_until(ada, lambda m: m["view"]["rounds"] >= rounds + 2, timeout=60_000)
    assert later["seat"] == 0 and 0 not in later["view"]["order"]
    expect(ada.page.locator("#layout")).to_have_attribute("data-seat", "0")
    expect(ada.page.locator("#table-chips")).to_have_text("500 chips at this table")
    expect(mine).to_contain_text("500 chips")
    expect(ada.page.locator("[data-hand='seat-0']")).to_have_count(0)
    staked = [
        e
        for m in ada.heard
        if m["type"] == "step"
        for e in m.get("events", ())
        if e["type"] in ("Staked", "SeatLeft") and e["seat"] == 0
    ]
    assert staked == []
    away.click()  # back: dealt in from the next round, and asked to stake
    expect(away).to_have_text("Sit out")
    expect(mine).not_to_contain_text("out of the game")
    expect(ada.button("Stake on your cards")).to_be_visible(timeout=60_000)
    assert unnamed_controls(ada.page) == []
    assert ada.errors == []


def test_a_person_brings_more_chips_from_the_account(
    serve, browser: Browser, screenshots: Screenshots
):
    ada = _betting(serve, browser, 9)
    expect(ada.page.locator("#table-chips")).to_have_text("300 chips at this table")
    bring = ada.page.locator("form.rebuy")
    expect(bring.locator("input")).to_have_attribute("max", "700")  # what the account holds
    expect(bring.locator("input")).to_have_value("500")  # as a buy-in, not a single chip
    expect(bring.locator("input")).to_have_accessible_name("Bring chips: amount, 1 to 700")
    bring.locator("input").fill("250")
    bring.get_by_role("button", name="Bring chips (1 to 700)").click()
    expect(ada.page.locator("#table-chips")).to_have_text("550 chips at this table")
    expect(ada.page.locator("#who")).to_have_text("ada: 450 chips in your account")
    expect(bring.locator("input")).to_have_attribute("max", "450")
    screenshots(ada.page, "punto-banco-rebuy-1280.png")
    steps = [m for m in ada.heard if m["type"] == "step"]
    event = next(e for m in steps for e in m["events"] if e["type"] == "ChipsAdded")
    assert (event["seat"], event["chips"], event["total"]) == (0, 250, 550)
    assert unnamed_controls(ada.page) == []
    assert ada.errors == []
