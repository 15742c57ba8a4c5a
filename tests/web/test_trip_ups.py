"""What used to trip a person up at the table page, in Debian's Chromium: getting up sits
on no number key and is asked first; a closed table's page says it is closed, links the
lobby and the table's hand history and does not wait to reconnect (and a table never
opened says so); the sit-down form after getting up offers what the account holds; the
second click of a double click is not refused; and the log's numbers past 99 are shown
whole."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.web.pages import Guest, typed, unnamed_controls

pytestmark = pytest.mark.timeout(180)


def _betting(serve, browser: Browser, chips: int = 300) -> Guest:
    """Ada alone at a Punto Banco table of her own, seated at box 1 with `chips`, bets
    open."""
    ada = Guest(browser, serve(7).url, "ada")
    ada.sign_up()
    ada.open_table(bots=0)
    ada.sit(0, chips)
    ada.wait_phase("betting")
    return ada


def test_getting_up_is_on_no_number_key_and_is_asked_first(serve, browser: Browser):
    ada = _betting(serve, browser)
    page, layout = ada.page, ada.page.locator("#layout")
    get_up = ada.button("Get up")
    expect(get_up).to_be_visible()
    expect(get_up.locator("kbd")).to_have_count(0)  # no key shown on it: it has none
    expect(ada.button("Done betting").locator("kbd")).to_have_text("1")
    seq = ada.drawn()["seq"]
    page.locator("body").press("1")  # "Done betting", as its key says, and not getting up
    page.wait_for_function(
        "seq => Number(document.querySelector('#layout').dataset.seq) > seq", arg=seq
    )
    expect(layout).to_have_attribute("data-seat", "0")

    get_up.click()
    expect(page.locator("#actions")).to_contain_text(
        "Get up from the table now, your chips back to your account?"
    )
    stay = ada.button("No, stay")
    expect(stay).to_be_focused()
    page.keyboard.press("Enter")  # a second press of the same key: she stays
    expect(get_up).to_be_focused()
    expect(layout).to_have_attribute("data-seat", "0")

    get_up.click()
    ada.button("Yes, get up").click()
    expect(layout).to_have_attribute("data-seat", "")
    expect(page.locator("#who")).to_have_text("ada: 1000 chips in your account")
    assert unnamed_controls(page) == []
    assert ada.errors == []


def test_a_closed_table_says_so_and_shows_the_way_to_its_history(serve, browser: Browser):
    served = serve(7)
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    table = ada.open_table(bots=1)
    page = ada.page
    ada.button("Close the table").click()

    def closed_page() -> None:
        actions = page.locator("#actions")
        expect(actions).to_contain_text("The table is closed.", timeout=20_000)
        expect(actions.get_by_role("link", name="Back to the lobby")).to_have_attribute("href", "/")
        history = actions.get_by_role("link", name="The table's hand history")
        expect(history).to_have_attribute("href", f"/api/tables/{table}/history")
        answer = ada.context.request.get(f"{served.url}/api/tables/{table}/history")
        assert answer.ok and answer.json()["game"] == "punto-banco"
        expect(ada.button("Download the hand history")).to_be_enabled()

    closed_page()  # as the process that ran it tells it
    served.stop()
    served.start()  # a process that did not run it
    ada.at_table(table)
    closed_page()
    expect(page.locator("#status")).to_have_text("the table is closed")
    expect(page.locator("#clock")).to_have_text("")  # nothing to wait for: not reconnecting

    ada.at_table(table + 1)
    expect(page.locator("#actions")).to_contain_text(f"There is no table {table + 1}.")
    expect(page.get_by_role("link", name="Back to the lobby")).to_be_visible()
    expect(page.locator("#status")).to_have_text("there is no such table")
    expect(page.locator("#clock")).to_have_text("")
    assert unnamed_controls(page) == []
    assert ada.errors == []


def test_after_getting_up_the_buy_in_is_what_the_account_holds(serve, browser: Browser):
    served = serve(7)
    ada, bob = Guest(browser, served.url, "ada"), Guest(browser, served.url, "bob")
    ada.sign_up()
    table = ada.open_table(bots=0)
    ada.sit(0, 1000)  # every chip of her account
    expect(ada.page.locator("#who")).to_have_text("ada: 0 chips in your account")
    bob.sign_up()
    bob.at_table(table)
    bob.sit(2, 300)  # the table waits for him once ada is up: nothing more is drawn
    ada.wait_phase("betting")
    ada.page.locator("button[data-plan='leave']").click()
    expect(ada.page.locator("#layout")).to_have_attribute("data-seat", "")
    expect(ada.page.locator("#who")).to_have_text("ada: 1000 chips in your account")
    join = ada.drawn()["open_seats"]["0"]
    form = ada.page.locator("form.seating")
    expect(form.locator(".range")).to_have_text(f"{join['low']}–{min(join['high'], 1000)}")
    expect(ada.page.get_by_label("chips to bring")).to_have_attribute(
        "max", str(min(join["high"], 1000))
    )
    assert ada.errors == []


SEEN = """() => {
  window.answers = [];
  const answer = document.querySelector('#answer');
  new MutationObserver(() => window.answers.push(answer.textContent))
    .observe(answer, { childList: true, characterData: true, subtree: true });
}"""
"""Keep every text the page's answer line shows, in `window.answers`."""


def _answered(guest: Guest) -> bool:
    """Whether every action the page has sent has had its answer."""
    keys = {m["key"] for m in guest.sent if m["type"] == "act"}
    return keys <= {m["key"] for m in guest.heard if m["type"] in ("ack", "refused")}


def test_a_double_click_is_taken_once_and_not_refused(serve, browser: Browser):
    ada = _betting(serve, browser)
    page = ada.page
    typed(page.get_by_label("Bet on punto: amount, 10 to 300"), 20)
    done = ada.button("Done betting")
    expect(done.locator("kbd")).to_have_text("1")
    seq = ada.drawn()["seq"]
    page.evaluate(SEEN)
    done.dblclick()
    page.wait_for_function(
        "seq => Number(document.querySelector('#layout').dataset.seq) > seq", arg=seq
    )
    deadline = page.evaluate("Date.now()") + 20_000
    while not _answered(ada):
        assert page.evaluate("Date.now()") < deadline, (ada.sent, ada.heard[-5:])
        page.wait_for_timeout(50)
    said: list[Any] = page.evaluate("window.answers")
    assert not [text for text in said if "Refused" in text], said
    expect(page.locator("#answer")).to_have_text("")
    taken = [m for m in ada.heard if m["type"] == "ack" and m["action"]["type"] == "Done"]
    assert len(taken) == 1
    assert ada.errors == []


def test_the_logs_numbers_past_99_are_shown_whole(serve, browser: Browser):
    ada = Guest(browser, serve(7).url, "ada")
    ada.sign_up()
    ada.open_table(bots=3, bot_pause=0.05)
    ada.sit(0, 300)
    away = ada.page.locator("button[data-plan='away']")

    def sent_away() -> bool:
        return any(m.get("type") == "plan" and m.get("away") for m in ada.sent)

    for _ in range(10):  # not waited for: the bots play on (a click on a button the busy
        away.click()  # table has just drawn anew is lost: clicked until the plan is sent)
        for _ in range(25):
            if sent_away():
                break
            ada.page.wait_for_timeout(200)
        if sent_away():
            break
    log = ada.page.locator("#log")
    ada.page.wait_for_function(
        "() => document.querySelectorAll('#log li').length > 100", timeout=120_000
    )
    # Each line's number (its marker, outside the line, on the list's left) within the
    # list's box: the room left of the line is at least the number's width in its font.
    room: list[dict[str, Any]] = log.evaluate(
        """(log) => {
            const context = document.createElement('canvas').getContext('2d');
            const left = log.getBoundingClientRect().left + log.clientLeft;
            return [...log.children].map((line, index) => {
                const style = getComputedStyle(line);
                context.font = `${style.fontSize} ${style.fontFamily}`;
                const number = `${index + 1}. `;
                return {number, room: line.getBoundingClientRect().left - left,
                        width: context.measureText(number).width};
            });
        }"""
    )
    assert len(room) > 100
    clipped = [line for line in room if line["room"] < line["width"]]
    assert clipped == [], clipped[:3]
    assert ada.errors == []
