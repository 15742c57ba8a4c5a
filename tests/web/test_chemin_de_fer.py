"""Chemin de Fer in Debian's Chromium: three people (three browser contexts) and two bots
at one seeded table play a whole coup by clicking: the auction for the first bank (CF-3),
the cut (C-6), the banco calls in priority order from the banker's right, where only bob
may call banco (CF-5, CF-6), the punters' hand he plays with its choice on 5 (CF-12), the
banker's free choice (CF-13), and the bank passing when the punters win (CF-14); a reload
in the middle of it; every frame each page heard and every card it shows are what its
seat may know, checked against the table replayed from the database. Who is to speak is
said in gold that reads on the felt (a contrast of at least 4.5:1)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from croupier.cards import Card
from croupier.games.baccarat import points
from tests.games.chemin_de_fer.test_conformance import scramble
from tests.server.players import check_heard
from tests.web.conftest import Screenshots
from tests.web.pages import (
    PHONE,
    Guest,
    check_result,
    contrast,
    table_chips,
    typed,
    unnamed_controls,
)
from tests.web.tables import amount_field, check_cards, kind, moved_on, offered, open_game

pytestmark = pytest.mark.timeout(240)

BANCO_ON_5 = 211
"""A seed whose first coup, ada banking at the least bid and carol cutting the shoe in the
middle, gives bob, who calls banco, a hand of 5 (he chooses), the banker no natural, and the
punters the coup when the banker stands (found by trying seeds, the pages' parts of the
shuffle drawn from their seeded streams: pages.SEEDED)."""


def hands_of(view: dict[str, object]) -> dict[str, list[str | None]]:
    return {"punter": view["punter_cards"], "banker": view["banker_cards"]}  # type: ignore[dict-item]


def test_three_play_a_coup_with_a_banco(serve, browser: Browser, screenshots: Screenshots):
    served = serve(BANCO_ON_5)
    ada, bob, carol = (Guest(browser, served.url, name) for name in ("ada", "bob", "carol"))
    for guest in (ada, bob, carol):
        guest.sign_up()
    table = open_game(ada, "chemin-de-fer", bots=2)
    expect(ada.page.locator("#title")).to_have_text("Chemin de Fer")
    bob.at_table(table)
    carol.at_table(table)
    ada.sit(0, 600)
    bob.sit(3, 800)
    carol.sit(4, 300)

    # The auction: ada bids the least she may, the others pass for good (CF-3).
    # The bots bid as their coins say, while the people sit down: each of the three acts
    # when the auction comes round to him, until it is over.
    shot = False
    while ada.drawn()["view"]["phase"] == "auction":
        for guest in (ada, bob, carol):
            view = guest.drawn()
            if view["seq"] != ada.drawn()["seq"] or guest.drawn()["view"]["phase"] != "auction":
                continue
            if guest is ada and any(kind(o) == "Bid" for o in view["view"]["legal"]["options"]):
                expect(ada.page.locator(".cf-auction")).to_contain_text("Best bid:")
                if not shot:
                    screenshots(ada.page, "chemin-de-fer-auction-1280.png")
                    shot = True
                ada.button("Bid for the bank").click()
                moved_on(ada, view["seq"])
            elif guest is not ada and view["view"]["legal"]["options"]:
                guest.button("Pass for good").click()
                moved_on(guest, view["seq"])
        ada.page.wait_for_timeout(100)

    # Carol, on the banker's right, cuts the shoe in the middle (C-6).
    offered(carol, lambda o: kind(o) == "Cut")
    cut = next(o for o in carol.drawn()["view"]["legal"]["options"] if kind(o) == "Cut")
    typed(amount_field(carol, "Cut the shoe"), (cut["low"] + cut["high"]) // 2)

    # The calls, from the banker's right: carol cannot cover the bank, bob may (CF-6).
    calls = carol.wait_phase("calls")
    assert calls["view"]["banker"] == 0 and calls["view"]["speaking"] == 4
    expect(carol.page.locator(".cf-punters li").first).to_contain_text("carol")
    expect(carol.button("Banco!")).to_have_count(0)
    carol.button("No banco").click()
    offered(bob, lambda o: o["type"] == "Banco")
    expect(bob.page.locator(".cf-punter.mine")).to_contain_text("to speak")
    for guest in (ada, carol):
        expect(guest.button("Banco!")).to_have_count(0)  # only bob may call it now
    bob.button("Banco!").click()

    # Bob plays the punters' hand: 5, his choice (CF-12), beside his hand.
    before = bob.wait_phase("punter")
    assert before["view"]["punter"] == 3 and _points(before["view"]["punter_cards"]) == 5
    assert before["view"]["stakes"] == [[3, before["view"]["bank"]]]
    expect(bob.page.locator(".cf-punters")).to_contain_text("banco!")
    check_cards(bob, hands_of(before["view"]))
    for guest in (ada, carol):
        seen = guest.wait_phase("punter")
        assert seen["view"]["punter_cards"] == [None, None]
        check_cards(guest, hands_of(seen["view"]))
        expect(guest.button("Punters draw a card")).to_have_count(0)
    assert _points(ada.drawn()["view"]["banker_cards"]) < 8  # no natural: the coup goes on
    check_cards(ada, hands_of(ada.drawn()["view"]))
    screenshots(bob.page, "chemin-de-fer-punter-bob-1280.png")
    screenshots(ada.page, "chemin-de-fer-punter-ada-1280.png")

    # A reload in the middle of the coup keeps the seat and shows the same table.
    bob.page.reload()
    after = bob.wait_phase("punter")
    assert after["view"] == before["view"]
    expect(bob.page.locator("#layout")).to_have_attribute("data-seat", "3")
    check_cards(bob, hands_of(after["view"]))
    phone = Guest(browser, served.url, "bob", viewport=dict(PHONE))
    phone.context.add_cookies(bob.context.cookies())  # type: ignore[arg-type]
    phone.id = bob.id
    phone.at_table(table)
    phone.wait_phase("punter")
    check_cards(phone, hands_of(phone.drawn()["view"]))
    screenshots(phone.page, "chemin-de-fer-punter-bob-375.png", full_page=True)
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    expect(bob.page.locator(".cf-punter").filter(has_text="bob")).to_contain_text("banco!")
    bob.page.locator(".cf-hand-punter").get_by_role("button", name="Punters draw a card").click()

    # The banker sees the punters' third card and chooses freely (CF-13), beside his hand.
    chosen = ada.wait_phase("banker")
    assert len(chosen["view"]["punter_cards"]) == 3 and chosen["view"]["punter_cards"][2]
    check_cards(ada, hands_of(chosen["view"]))
    for guest in (bob, carol):
        seen = guest.wait_phase("banker")
        check_cards(guest, hands_of(seen["view"]))
        expect(guest.button("Banker stands")).to_have_count(0)
    screenshots(ada.page, "chemin-de-fer-banker-ada-1280.png")
    ada.page.locator(".cf-hand-banker").get_by_role("button", name="Banker stands").click()

    # The punters win: the bank passes to the banker's right, offered to carol (CF-14).
    ended = carol.wait_phase("offer")
    assert ended["view"]["offered"] == 4 and ended["view"]["coups"] == 1
    # What each person sees at the end of the coup: both hands face up with their points,
    # who won, the line for each seat that had chips at stake (CF-14).
    for guest in (ada, bob, carol, phone):
        guest.wait_phase("offer")
        expect(guest.page.locator("section.result .winner")).to_contain_text("The punters win")
        check_result(guest)
    nets = dict(ended["view"]["last"]["nets"])
    bank = before["view"]["bank"]
    assert nets == {0: -bank, 3: bank}  # bob's banco won the whole bank, 1 to 1 (CF-14)
    assert table_chips(bob) == 800 + bank and table_chips(phone) == 800 + bank
    expect(carol.page.locator("section.result .yours")).to_have_count(0)  # nothing at stake
    screenshots(carol.page, "chemin-de-fer-result-1280.png")
    screenshots(phone.page, "chemin-de-fer-result-375.png")
    expect(carol.button("Take the bank")).to_be_visible()
    expect(carol.button("Decline the bank")).to_be_visible()
    screenshots(carol.page, "chemin-de-fer-offer-carol-1280.png")
    told = [event["type"] for message in ada.heard for event in message.get("events", [])]
    assert "BancoCalled" in told and "CoupResult" in told and "BankPassed" in told
    for guest in (ada, bob, carol, phone):
        check_cards(guest, {})
        assert unnamed_controls(guest.page) == []
        assert guest.errors == []
    for guest, views in ((ada, 8), (bob, 8), (carol, 8), (phone, 1)):
        assert check_heard(served.database, table, guest, scramble) >= views


def _points(cards: list[str]) -> int:
    """A hand's points (C-3)."""
    return points(Card.from_str(card) for card in cards)


def test_one_who_loses_every_chip_brings_chips_and_gets_up(
    serve, browser: Browser, screenshots: Screenshots
):
    """Ada banks every chip she brought and bob's banco takes it all (BANCO_ON_5): with no
    chips she is asked nothing (CF-3, CF-5), and is offered to bring chips or get up at once;
    she brings some, and gets up when the calls come to her."""
    served = serve(BANCO_ON_5)
    ada, bob, carol = (Guest(browser, served.url, name) for name in ("ada", "bob", "carol"))
    for guest in (ada, bob, carol):
        guest.sign_up()
    table = open_game(ada, "chemin-de-fer", bots=2)
    bob.at_table(table)
    carol.at_table(table)
    ada.sit(0, 600)
    bob.sit(3, 800)
    carol.sit(4, 300)
    while ada.drawn()["view"]["phase"] == "auction":  # ada bids all she has (CF-3)
        for guest in (ada, bob, carol):
            view = guest.drawn()
            options = view["view"]["legal"]["options"] if view["view"]["phase"] == "auction" else []
            if guest is ada and any(kind(o) == "Bid" for o in options):
                typed(amount_field(ada, "Bid for the bank"), 600)
                moved_on(ada, view["seq"])
            elif guest is not ada and options:
                guest.button("Pass for good").click()
                moved_on(guest, view["seq"])
        ada.page.wait_for_timeout(100)
    offered(carol, lambda o: kind(o) == "Cut")
    cut = next(o for o in carol.drawn()["view"]["legal"]["options"] if kind(o) == "Cut")
    typed(amount_field(carol, "Cut the shoe"), (cut["low"] + cut["high"]) // 2)
    assert carol.wait_phase("calls")["view"]["bank"] == 600
    carol.button("No banco").click()
    offered(bob, lambda o: o["type"] == "Banco")
    bob.button("Banco!").click()
    bob.wait_phase("punter")
    bob.page.locator(".cf-hand-punter").get_by_role("button", name="Punters draw a card").click()
    ada.wait_phase("banker")
    ada.page.locator(".cf-hand-banker").get_by_role("button", name="Banker stands").click()

    # The punters win the whole bank: ada has nothing left, and is asked nothing; she may
    # bring chips from her account or get up while carol is offered the bank (CF-14).
    broke = ada.wait_phase("offer")
    assert broke["view"]["seats"][0] == 0 and broke["view"]["offered"] == 4
    expect(ada.page.locator("#table-chips")).to_have_text("0 chips at this table")
    bring = ada.page.locator("form.rebuy")
    expect(bring.locator("input")).to_have_attribute("max", "400")  # what the account holds
    expect(ada.button("Get up")).to_be_visible()
    expect(bring).to_be_visible()  # in the seat's own menu, beside Get up: no game's turn
    expect(ada.page.locator("#actions .turn")).to_have_text("Nothing to do just now.")
    screenshots(ada.page, "chemin-de-fer-broke-1280.png", full_page=True)
    typed(bring.locator("input"), 200)
    expect(ada.page.locator("#table-chips")).to_have_text("200 chips at this table")
    expect(ada.page.locator("#who")).to_have_text("ada: 200 chips in your account")
    expect(ada.button("Get up")).to_have_count(0)  # a punter again: he gets up when called

    # Carol declines the bank; bob, next on the right, banks all he has, more than a bot
    # holds; no bot can call banco, and the calls come to ada, who gets up (CF-5, CF-6).
    carol.button("Decline the bank").click()
    offered(bob, lambda o: kind(o) == "OpenBank")
    typed(amount_field(bob, "Take the bank"), table_chips(bob) or 0)
    offered(ada, lambda o: o["type"] == "Leave", timeout=30_000)
    assert ada.drawn()["view"]["speaking"] == 0
    ada.button("Get up").click()
    ada.button("Yes, get up").click()  # asked again before it is sent
    expect(ada.page.locator("#layout")).to_have_attribute("data-seat", "")
    expect(ada.page.locator("#who")).to_have_text("ada: 400 chips in your account")
    expect(ada.page.get_by_role("button", name="Sit down")).to_be_visible()
    assert unnamed_controls(ada.page) == []


def test_who_is_to_speak_reads_on_the_felt(serve, browser: Browser):  # CF-5
    ada = Guest(browser, serve(7).url, "ada")
    ada.sign_up()
    open_game(ada, "chemin-de-fer", bots=2, bot_pause=1)
    ada.sit(0, 600)
    speaks = ada.page.locator(".cf-speaks")
    while not speaks.count():  # the auction and the cut, ada taking part, to the calls
        options = [kind(o) for o in ada.drawn()["view"]["legal"]["options"]]
        seq = ada.drawn()["seq"]
        if "Bid" in options:
            ada.button("Bid for the bank").click()
            moved_on(ada, seq)
        elif "Cut" in options:
            cut = next(o for o in ada.drawn()["view"]["legal"]["options"] if kind(o) == "Cut")
            typed(amount_field(ada, "Cut the shoe"), (cut["low"] + cut["high"]) // 2)
            moved_on(ada, seq)
        else:
            ada.page.wait_for_timeout(100)
    expect(speaks.first).to_have_text("to speak")
    assert contrast(speaks.first) >= 4.5  # WCAG AA for its text
    assert ada.errors == []
