"""Polish Banchek in Debian's Chromium: three people (three browser contexts) and a bot at
one seeded table with riders allowed play a whole round by clicking: ada, the first
banker, puts up the bank (BN-2), carol on her right cuts (BN-4), the bot's hand with bob
riding on it, which only a punter other than the bot may do (BN-15), bob's hand turned
early (BN-14), carol's after the banker peeks (BN-17); a reload in the middle of it; no
page holds another seat's hidden cards, by its DOM and by every frame it heard, checked
against the table replayed from the database."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.games.banchek.test_conformance import scramble
from tests.server.players import check_heard
from tests.web.conftest import Screenshots
from tests.web.pages import PHONE, Guest, check_result, hands_shown, typed, unnamed_controls
from tests.web.tables import amount_field, check_cards, kind, moved_on, offered, open_game

pytestmark = pytest.mark.timeout(240)

ADA_BANKS = 3
"""A seed whose draw for the first bank, between ada and the bot, makes ada the banker
(found by trying seeds, the pages' parts of the shuffle drawn from their seeded streams:
pages.SEEDED)."""

PLAYING = ("open", "peeked", "early", "stake", "riding", "turn")


def hands_of(message: dict[str, Any]) -> dict[str, list[str | None]]:
    """Each punter's cards as the view carries them: the seat's own, the hands shown, and
    three face down for every other hand while the round is played."""
    view, seat = message["view"], message["seat"]
    shown = dict(view["shown"])
    found: dict[str, list[str | None]] = {}
    for punter in view["order"]:
        if view["seats"][punter] is None:  # got up: no hand left on the felt
            continue
        if punter == seat and view["hand"]:
            found[f"seat-{punter}"] = view["hand"]
        elif punter in shown:
            found[f"seat-{punter}"] = shown[punter]
        elif view["phase"] in PLAYING:
            found[f"seat-{punter}"] = [None, None, None]
    return found


def check(guest: Guest) -> dict[str, Any]:
    return check_cards(guest, hands_of)


def options(guest: Guest) -> list[str]:
    return [kind(o) for o in guest.drawn()["view"]["legal"]["options"]]


def test_three_play_a_round_with_a_rider_an_early_turn_and_a_peek(
    serve, browser: Browser, screenshots: Screenshots
):
    served = serve(ADA_BANKS)
    ada, bob, carol = (Guest(browser, served.url, name) for name in ("ada", "bob", "carol"))
    for guest in (ada, bob, carol):
        guest.sign_up()
    table = open_game(ada, "banchek", bots=1, rules={"riders": "true"})
    expect(ada.page.locator("#title")).to_have_text("Polish Banchek")
    bob.at_table(table)
    carol.at_table(table)
    ada.sit(0, 500)
    bob.sit(2, 400)
    carol.sit(3, 300)

    # Ada drew the lowest card: she puts up the bank once all are seated (BN-2).
    offered(ada, lambda o: o["type"] == "PutUpBank")
    expect(bob.button("Put up the bank")).to_have_count(0)
    ada.button("Put up the bank").click()
    offered(carol, lambda o: kind(o) == "Cut")  # the punter on the banker's right (BN-4)
    cut = next(o for o in carol.drawn()["view"]["legal"]["options"] if kind(o) == "Cut")
    typed(amount_field(carol, "Cut the pack"), (cut["low"] + cut["high"]) // 2)

    # The bot's hand, first on the banker's left: ada lets it stake; bob rides on it.
    offered(ada, lambda o: o["type"] == "Wait")
    opened = ada.drawn()["view"]
    assert opened["order"] == [1, 2, 3] and opened["punter"] == 1 and opened["hand"] == []
    for guest in (ada, bob, carol):
        check(guest)
    assert len(bob.drawn()["view"]["hand"]) == 3
    expect(bob.page.locator("[data-hand='seat-2'] [data-card]").first).not_to_have_attribute(
        "data-card", ""
    )
    expect(bob.page.locator("[data-hand='seat-3'] [data-card='']")).to_have_count(3)
    expect(ada.button("Turn the card early")).to_be_visible()
    expect(bob.button("Peek at the card")).to_have_count(0)
    screenshots(ada.page, "banchek-open-ada-1280.png")
    ada.button("Let the punter stake").click()

    offered(bob, lambda o: kind(o) == "Ride")
    riding = bob.drawn()["view"]
    assert riding["punter"] == 1 and [seat for seat, _ in riding["shown"]] == [1]
    assert riding["stakes"][0][0] == 1  # the bot's own stake, first
    check(bob)
    expect(bob.page.locator("[data-seat='1'].bn-place")).to_contain_text("stake")
    for guest in (ada, carol):
        guest.wait_phase("riding")
        check(guest)
        expect(guest.button("Ride on seat 2's cards")).to_have_count(0)  # bob's turn alone

    # A reload in the middle of the round keeps the seat and shows the same table.
    bob.page.reload()
    after = bob.wait_phase("riding")
    assert after["view"] == riding
    expect(bob.page.locator("#layout")).to_have_attribute("data-seat", "2")
    check(bob)
    phone = Guest(browser, served.url, "bob", viewport=dict(PHONE))
    phone.context.add_cookies(bob.context.cookies())  # type: ignore[arg-type]
    phone.id = bob.id
    phone.at_table(table)
    phone.wait_phase("riding")
    check(phone)
    screenshots(phone.page, "banchek-riding-bob-375.png", full_page=True)
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshots(bob.page, "banchek-riding-bob-1280.png")
    amount_field(bob, "Ride on seat 2's cards").fill("10")
    bob.button("Ride on seat 2's cards").click()
    offered(carol, lambda o: kind(o) == "Ride")
    carol.button("Do not ride").click()

    # Bob's hand: ada turns his card before he stakes (BN-14).
    offered(ada, lambda o: o["type"] == "TurnEarly")
    moved_on(bob, ada.drawn()["seq"] - 1)  # bob's page has heard as far as ada's (under load)
    settled = [e for m in bob.heard for e in m.get("events", []) if e["type"] == "Settled"]
    assert {(e["seat"], e["hand"]) for e in settled} >= {(1, 1), (2, 1)}
    assert ada.drawn()["view"]["punter"] == 2
    ada.button("Turn the card early").click()
    offered(bob, lambda o: kind(o) == "Stake")
    early = bob.drawn()["view"]["early"]
    assert early is not None
    expect(bob.page.locator(".bn-bank")).to_contain_text("turned early")
    check(bob)
    bob.button("Stake on your cards").click()

    # Carol's hand: ada peeks (BN-17); only her page shows the card she saw.
    offered(ada, lambda o: o["type"] == "Peek")
    assert ada.drawn()["view"]["punter"] == 3
    ada.button("Peek at the card").click()
    peeked = ada.wait_phase("peeked")
    assert peeked["view"]["peeked_card"] is not None
    check(ada)
    expect(ada.page.locator(".bn-bank")).to_contain_text("you peeked at it")
    for guest in (bob, carol):
        seen = guest.wait_phase("peeked")
        assert seen["view"]["peeked_card"] is None
        check(guest)
        expect(guest.page.locator(".bn-bank")).to_contain_text("looked at the top card")
    screenshots(ada.page, "banchek-peeked-ada-1280.png")
    screenshots(carol.page, "banchek-peeked-carol-1280.png")
    for guest in (bob, carol):
        if guest.drawn()["view"]["phase"] == "peeked" and "PlayOn" in options(guest):
            seq = guest.drawn()["seq"]
            guest.button("Let it be turned as usual").click()
            moved_on(guest, seq)

    # Carol stakes (the card as turned, or to be turned); riders ride or not; the round
    # ends, and a new one is dealt without shuffle or cut (BN-8).
    offered(carol, lambda o: kind(o) == "Stake")
    carol.button("Stake on your cards").click()
    while True:
        view = bob.drawn()["view"]
        if view["rounds"] >= 1:
            break
        if view["phase"] == "riding" and "Ride" in options(bob):
            bob.button("Do not ride").click()
        bob.page.wait_for_timeout(200)
    ended = ada.wait_phase("open")
    assert ended["view"]["rounds"] == 1
    carol.wait_phase("open")
    screenshots(ada.page, "banchek-next-round-ada-1280.png")

    # What each person sees once the round's last hand is settled: carol's cards and the
    # banker's card face up, who won, and the line for each seat with a stake on it (BN-6).
    for guest in (ada, bob, carol, phone):
        guest.wait_phase("open")
        shown = check_result(guest)
        last = shown["view"]["last"]
        assert [hand["seat"] for hand in last["hands"]] == [3, 0]
        nets = dict(last["nets"])
        assert nets[0] == -sum(chips for seat, chips in nets.items() if seat != 0)
    screenshots(carol.page, "banchek-result-1280.png")
    screenshots(phone.page, "banchek-result-375.png")
    told = [event["type"] for message in carol.heard for event in message.get("events", [])]
    assert {"RiderStaked", "Peeked", "CardTurned", "RoundGathered"} <= set(told)
    for guest in (ada, bob, carol, phone):
        check(guest)
        assert unnamed_controls(guest.page) == []
        assert guest.errors == []
    for guest, views in ((ada, 8), (bob, 8), (carol, 8), (phone, 1)):
        assert check_heard(served.database, table, guest, scramble) >= views


def three_round_the_bank(serve, browser: Browser) -> tuple[Guest, Guest, Guest]:
    """ada, bob and carol at seats 0, 2 and 3 of a seeded table with a bot at seat 1: ada
    puts up the bank (BN-2), carol cuts (BN-4), and ada lets the bot, first on her left,
    stake (BN-5). The three, once bob's hand is open."""
    served = serve(ADA_BANKS)
    ada, bob, carol = (Guest(browser, served.url, name) for name in ("ada", "bob", "carol"))
    for guest in (ada, bob, carol):
        guest.sign_up()
    table = open_game(ada, "banchek", bots=1)
    bob.at_table(table)
    carol.at_table(table)
    ada.sit(0, 500)
    bob.sit(2, 400)
    carol.sit(3, 300)
    offered(ada, lambda o: o["type"] == "PutUpBank")
    ada.button("Put up the bank").click()
    offered(carol, lambda o: kind(o) == "Cut")
    cut = next(o for o in carol.drawn()["view"]["legal"]["options"] if kind(o) == "Cut")
    typed(amount_field(carol, "Cut the pack"), (cut["low"] + cut["high"]) // 2)
    let_stake(ada, 1)
    let_stake(ada, 2)
    return ada, bob, carol


def let_stake(banker: Guest, punter: int) -> None:
    """The banker lets `punter` stake on his cards once his hand is open (BN-14)."""
    drawn_until(
        banker,
        lambda m: (
            m["view"]["punter"] == punter
            and any(o["type"] == "Wait" for o in m["view"]["legal"]["options"])
        ),
    )
    banker.button("Let the punter stake").click()


def drawn_until(guest: Guest, test: Any) -> dict[str, Any]:
    """Wait until the page has drawn a view message `test` is true of: that message."""
    while not test(drawn := guest.drawn()):
        moved_on(guest, drawn["seq"])
    return drawn


def test_a_punters_own_result_stays_until_his_next_turn(
    serve, browser: Browser, screenshots: Screenshots
):
    """bob's hand is settled; carol's is settled next and is the last hand: bob's page still
    shows his own, in a panel of its own, until his next turn to stake (BN-6, BN-7)."""
    ada, bob, carol = three_round_the_bank(serve, browser)
    offered(bob, lambda o: kind(o) == "Stake")
    bob.button("Stake on your cards").click()
    let_stake(ada, 3)
    offered(carol, lambda o: kind(o) == "Stake")
    carol.button("Stake on your cards").click()

    def settled(seat: int) -> Any:
        return lambda m: (m["view"]["last"] or {"hands": [{}]})["hands"][0].get("seat") == seat

    own = next(m["view"]["last"] for m in bob.heard if m["type"] == "view" and settled(2)(m))
    net = dict(own["nets"])[2]
    drawn_until(bob, settled(3))  # carol's hand is the last one now
    expect(bob.page.locator("section.result [data-shown-hand='punter']")).to_contain_text(
        "seat 4 (carol)"
    )
    kept = bob.page.locator("section.kept-result")
    expect(kept.locator("h3")).to_have_text("Your last hand")
    hands_shown(kept, own)
    yours = f"You won +{net}" if net > 0 else f"You lost {-net}"
    expect(kept.locator(".yours")).to_have_text(yours)  # BN-6, BN-7
    expect(carol.page.locator("section.kept-result")).to_have_count(0)  # hers is the last
    expect(ada.page.locator("section.kept-result")).to_have_count(0)  # the banker's: every one

    screenshots(bob.page, "banchek-kept-result-1280.png")
    let_stake(ada, 1)  # the next round: the bot's hand, then bob's turn
    drawn_until(bob, lambda m: m["view"]["punter"] == 2)
    expect(kept).to_have_count(0)
    for guest in (ada, bob, carol):
        assert guest.errors == []


def test_a_punter_who_got_up_leaves_no_hand_on_the_felt(serve, browser: Browser):
    """bob gets up on his turn to stake, passing it (BN-11): the round goes on to carol, and
    no page shows a hand at his seat."""
    ada, bob, carol = three_round_the_bank(serve, browser)
    offered(bob, lambda o: o["type"] == "Leave")
    bob.button("Leave the game (BN-11)").click()
    bob.button("Yes, get up").click()  # asked again before it is sent
    for guest in (ada, carol):
        drawn_until(guest, lambda m: m["view"]["punter"] == 3 and m["view"]["seats"][2] is None)
        assert 2 in guest.drawn()["view"]["order"]  # the round's order still names him
        expect(guest.page.locator(".bn-place[data-seat='3']")).to_be_visible()
        expect(guest.page.locator(".bn-place[data-seat='2']")).to_have_count(0)  # BN-11
        expect(guest.page.locator("[data-hand='seat-2']")).to_have_count(0)
        check(guest)
    for guest in (ada, bob, carol):
        assert guest.errors == []
