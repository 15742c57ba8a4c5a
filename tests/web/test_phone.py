"""Phone first, in Debian's Chromium at 375 px: once a person has sat down at a table of
each game, the seat's clock, its options and the cards on the table are on the first
screen, without scrolling, and Monte's terms of the bank are folded away."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, expect

from tests.web.pages import PHONE, Guest
from tests.web.tables import open_game

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
    assert on_first_screen(page.locator("#actions button").first)
    assert on_first_screen(page.locator("#layout .card").first)  # the pack, the shoe, a hand
    if game.endswith("monte"):
        expect(page.locator("details.mo-terms")).not_to_have_attribute("open", "")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert ada.errors == []
