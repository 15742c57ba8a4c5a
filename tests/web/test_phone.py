"""Phone first, in Debian's Chromium at 375 px: once a person has sat down at a table of
each game, the seat's clock, its options and the cards on the table are on the first
screen, without scrolling, and Monte's terms of the bank are folded away. At 390 x 844 the
action bar is a small part of the screen and never covers a result."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.web.conftest import Screenshots
from tests.web.pages import PHONE, Guest, typed
from tests.web.tables import amount_field, kind, moved_on, offered, open_game

pytestmark = pytest.mark.timeout(180)

GAMES = {"punto-banco": 1, "chemin-de-fer": 2, "monte-bank": 1, "private-monte": 1, "banchek": 1}


def on_first_screen(locator: Locator) -> bool:
    for _ in range(20):  # the page redraws at each step: measure one that stays a moment
        box = locator.bounding_box()
        if box is not None:
            break
        locator.page.wait_for_timeout(50)
    assert box is not None, locator
    return box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_clock_the_options_and_the_cards_come_first(serve, browser: Browser, game: str):
    served = serve(7)
    ada = Guest(browser, served.url, "ada", viewport=dict(PHONE))
    ada.sign_up()
    open_game(ada, game, bots=GAMES[game], time_limit=120)
    ada.sit(0, 300)
    page = ada.page
    expect(page.locator("#clock")).to_contain_text(" s")  # a seat's seconds left
    assert on_first_screen(page.locator("#clock"))  # (its clocks are drawn anew each 0.2 s)
    assert on_first_screen(page.locator("#actions :is(button, summary):visible").first)
    assert on_first_screen(page.locator("#layout .card").first)  # the pack, the shoe, a hand
    if game.endswith("monte"):
        expect(page.locator("details.mo-terms")).not_to_have_attribute("open", "")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert ada.errors == []


TALL_PHONE = {"width": 390, "height": 844}
"""The phone of issue 41, whose action bar took 227 to 254 px of its 844."""

BAR = 120
"""The most of the screen, in px, the action bar may take for the common choices."""

COVERED = """(parts) => {
  // Each scroll position from the top of the page to the result at the top of the screen:
  // the parts of the result wholly on the screen there that something else is drawn over.
  const result = document.querySelector("section.result");
  const found = [];
  const last = result.getBoundingClientRect().top + window.scrollY;
  for (let y = 0; y <= last + 20; y += 20) {
    window.scrollTo(0, y);
    for (const part of result.querySelectorAll(parts)) {
      const box = part.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) continue;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const what = `${part.className || part.tagName} at ${y}`;
      if (!result.contains(hit)) found.push(`${what}: ${hit.outerHTML.slice(0, 60)}`);
    }
  }
  window.scrollTo(0, 0);
  return found;
}"""


def bar_height(page: Page) -> float:
    box = page.locator("section.bar").bounding_box()
    assert box is not None
    return float(box["height"])


def test_the_action_bar_is_small_and_never_covers_the_result(
    serve, browser: Browser, screenshots: Screenshots
):
    """At 390 x 844, a Punto Banco coup with a bot: while the person bets, and once the coup
    is settled, the action bar takes at most 120 px, and nothing of the result (its title,
    the winner, the person's line, "Go on") is ever behind it, however the page is
    scrolled (PB-7)."""
    served = serve(7)
    ada = Guest(browser, served.url, "ada", viewport=dict(TALL_PHONE))
    ada.sign_up()
    open_game(ada, "punto-banco", bots=1, time_limit=120)
    ada.sit(0, 300)
    page = ada.page
    offered(ada, lambda option: option["type"] == "Done")
    expect(ada.button("Done betting")).to_be_visible()
    assert bar_height(page) <= BAR
    seq = ada.drawn()["seq"]
    typed(amount_field(ada, "Bet on banco"), 20)
    moved_on(ada, seq)
    ada.button("Done betting").click()
    while not ada.drawn()["view"]["last"]:  # the coup is dealt; the bot may hand the turn on
        drawn = ada.drawn()
        if any(kind(o) == "TurnCards" for o in drawn["view"]["legal"]["options"]):
            ada.button("Turn punto's cards").click()
        moved_on(ada, drawn["seq"])
    result = page.locator("section.result")
    expect(result.locator(".yours")).to_be_visible()
    expect(result.locator(".winner")).to_be_visible()
    assert bar_height(page) <= BAR
    assert page.evaluate(COVERED, "h3, .winner, .yours, .go-on") == []
    screenshots(page, "punto-banco-result-390.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= TALL_PHONE["width"]
    assert ada.errors == []
