"""Monte Bank in Debian's Chromium: two people (two browser contexts) at one seeded table
play a whole deal by clicking: the bank put up, the shuffle and the cut asked for and let go
by, bets placed by pointing at the layout's cards (a circle on one card, a cross between
two cards clicked one after the other, MB-9), the draw shown card by card with what each
settled; a reload in the middle keeps the seat and the table. Every frame each page heard
is checked against the table replayed from the database, and every card it shows against
what it was told.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.games.monte_bank.test_conformance import scramble
from tests.server.players import check_heard
from tests.web.conftest import Screenshots
from tests.web.pages import (
    PHONE,
    Guest,
    cards_told,
    check_result,
    typed,
    unnamed_controls,
)

pytestmark = pytest.mark.timeout(240)

SEED = 7
"""A seed whose first layout, a circle and a cross on its top-left card, settles both bets
in its draw, the cards drawn from the bottom more than a phone's row holds (found by
trying it)."""

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def pretty(card: str) -> str:
    """A card as the page words it: "J♠", "10♦"."""
    rank = "10" if card[0] == "T" else card[0]
    return f"{rank}{SUITS[card[1]]}"


def check_cards(guest: Guest) -> dict[str, Any]:
    """The page shows the layout its last view carries, stack by stack, and no card its
    messages did not tell. The view checked."""
    drawn, cards = guest.drawn_cards()
    view = drawn["view"]
    layout = view["layout"]
    if layout is None:
        assert not any(place in cards["hands"] for place in ("top-left", "bottom-right")), cards
    else:
        wanted = {**layout["spots"], **{place: [card] for place, card in layout["extras"].items()}}
        assert {p: c for p, c in cards["hands"].items() if p in wanted} == wanted, cards
    assert set(cards["shown"]) <= cards_told(guest.heard), cards
    return drawn


def after(guest: Guest, seq: int, timeout: float = 60_000) -> dict[str, Any]:
    """Wait until the page has drawn a view later than `seq`: that view (a minute at most:
    a CI machine busy compiling kernels beside the browser is slow)."""
    guest.page.wait_for_function(
        "seq => Number(document.querySelector('#layout').dataset.seq) > seq",
        arg=seq,
        timeout=timeout,
    )
    return guest.drawn()


def until(guest: Guest, test: Any, timeout: float = 30_000) -> dict[str, Any]:
    """Wait until the drawn view passes `test`."""
    page = guest.page
    deadline = timeout
    while True:
        drawn = guest.drawn()
        if test(drawn["view"]):
            return drawn
        seq = drawn["seq"]
        page.wait_for_function(
            "seq => Number(document.querySelector('#layout').dataset.seq) > seq",
            arg=seq,
            timeout=deadline,
        )


def mine(drawn: dict[str, Any]) -> bool:
    """Whether the page's drawn view asks its seat to act."""
    return drawn["seat"] in drawn["view"]["to_act"] and bool(drawn["view"]["legal"]["options"])


def betting(drawn: dict[str, Any]) -> bool:
    return bool(drawn["view"]["phase"] == "betting")


def before_betting(guests: tuple[Guest, ...]) -> tuple[Guest, dict[str, Any]] | None:
    """The page asked to act before the betting, with the view it has drawn; None, having
    waited for the page furthest behind that has not drawn the betting to draw its next view
    (the one whose turn it is may be behind the other). Each page is looked at once, so that
    a view drawn meanwhile is not waited for again."""
    looks = [(guest, guest.drawn()) for guest in guests]
    acting = next(((g, d) for g, d in looks if mine(d) and not betting(d)), None)
    if acting is not None:
        return acting
    behind = [(g, d) for g, d in looks if not betting(d)]
    if behind:  # (none: the layout came out since the loop looked)
        last, drawn = min(behind, key=lambda look: int(look[1]["seq"]))
        after(last, drawn["seq"])
    return None


def types(view: dict[str, Any]) -> set[str]:
    return {
        o["template"]["type"] if o["type"] == "Amounts" else o["type"]
        for o in view["legal"]["options"]
    }


def to_betting(guests: tuple[Guest, ...], put_up: str = "Put up the bank") -> None:
    """The bank (`put_up`: "Put up the bank", or Monte Bank's "Put up the monte"), the
    shuffles and the cuts, each by its button, until the layout is out."""
    shuffled = False
    while not all(g.drawn()["view"]["phase"] == "betting" for g in guests):
        found = before_betting(guests)
        if found is None:
            continue
        acting, (seq, view) = found[0], (found[1]["seq"], found[1]["view"])
        offered = types(view)
        page = acting.page
        if "PutUpBank" in offered:
            typed(page.get_by_label(f"{put_up}: amount", exact=False), 200)
        elif "KeepBank" in offered:
            acting.button("Deal again").click()
        elif "ShufflePack" in offered and not shuffled:
            acting.button("Shuffle the pack").click()
            shuffled = True
        elif "Cut" in offered:
            typed(page.get_by_label("Cut the pack: amount", exact=False), 7)
        elif "Pass" in offered:
            page.get_by_role("button", name="Pass: let it go by").click()
        else:
            raise AssertionError(f"nothing to click for {offered} in {view['phase']}")
        after(acting, seq)


def test_two_play_a_deal_by_pointing_at_the_cards(
    serve, browser: Browser, screenshots: Screenshots
):
    served = serve(SEED)
    ada = Guest(browser, served.url, "ada")
    bob = Guest(browser, served.url, "bob")
    ada.sign_up()
    bob.sign_up()
    table = ada.open_table(bots=0, game="monte-bank")
    expect(ada.page.locator("#title")).to_have_text("Monte Bank")
    bob.at_table(table)
    ada.sit(0, 600)
    bob.sit(1, 600)
    guests = (ada, bob)

    # The bank, the shuffles and the cuts, each by its button, until the layout is out.
    shuffled = cut = False
    while True:
        if all(g.drawn()["view"]["phase"] == "betting" for g in guests):
            break
        found = before_betting(guests)
        if found is None:
            continue
        acting, (seq, view) = found[0], (found[1]["seq"], found[1]["view"])
        offered = types(view)
        page = acting.page
        if "PutUpBank" in offered:
            expect(page.locator(".mo-phase")).to_contain_text("monte")
            expect(acting.button("Put up the monte (100 to 600)")).to_be_visible()
            typed(page.get_by_label("Put up the monte: amount", exact=False), 200)
        elif "ShufflePack" in offered and not shuffled:
            acting.button("Shuffle the pack").click()
            shuffled = True
        elif "Cut" in offered and ("Pass" not in offered or not cut):
            typed(page.get_by_label("Cut the pack: amount", exact=False), 5)
            cut = True
        elif "Pass" in offered:
            page.get_by_role("button", name="Pass: let it go by").click()
        else:
            raise AssertionError(f"nothing to click for {offered} in {view['phase']}")
        after(acting, seq)

    banker = ada.drawn()["view"]["banker"]
    punter = bob if banker == 0 else ada
    other = ada if punter is bob else bob
    expect(punter.page.locator(".mo-bank")).to_contain_text("The monte: 200")
    drawn = check_cards(punter)
    layout = drawn["view"]["layout"]["spots"]
    first, second = layout["top-left"][0], layout["bottom-right"][0]
    expect(other.page.locator("button.mo-spot")).to_have_count(0)  # the banker bets not

    # A circle: point at the top-left card; its bets are offered at it.
    page = punter.page
    page.locator("button.mo-spot[data-place='top-left']").click()
    expect(page.locator("button.mo-spot[data-place='top-left']")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(page.locator(".mo-offer-head")).to_contain_text(f"{pretty(first)} (top left)")
    page.get_by_label(f"Circle on {pretty(first)}: amount", exact=False).fill("20")
    seq = punter.drawn()["seq"]
    punter.button(f"Circle on {pretty(first)} (10 to 200)").click()
    after(punter, seq)
    expect(page.locator(".mo-bets")).to_contain_text(f"1. you: circle on {pretty(first)}, 20")
    expect(other.page.locator(".mo-bets")).to_contain_text(f"circle on {pretty(first)}, 20")

    # A cross: the two cards clicked one after the other; the choice outlives the redraw.
    expect(page.locator("button.mo-spot[data-place='top-left']")).to_have_attribute(
        "aria-pressed", "true"
    )
    page.locator("button.mo-spot[data-place='bottom-right']").click()
    cross = f"Cross: {pretty(first)} before {pretty(second)}"
    expect(page.locator(".mo-offer-head")).to_contain_text(
        f"{pretty(first)} with or against {pretty(second)}"
    )
    expect(punter.button(f"Circle on {pretty(first)} (10 to 200)")).to_be_hidden()
    page.get_by_label(f"{cross}: amount", exact=False).fill("30")
    for guest, width in ((punter, 1280),):
        screenshots(guest.page, f"monte-bank-pointing-{width}.png")
    seq = punter.drawn()["seq"]
    punter.button(f"{cross} (10 to 200)").click()
    after(punter, seq)
    expect(page.locator(".mo-bets")).to_contain_text(
        f"2. you: cross {pretty(first)} v {pretty(second)}, 30"
    )
    expect(
        page.locator(".mo-cell").filter(has=page.locator("[data-place='top-left']"))
    ).to_contain_text("cross v")
    for guest in guests:
        check_cards(guest)
        assert unnamed_controls(guest.page) == []

    # A reload in the middle of the deal keeps the seat and shows the same table.
    before = punter.drawn()
    page.reload()
    again = punter.wait_phase("betting")
    assert again["view"] == before["view"] and again["seat"] == before["seat"]
    expect(page.locator(".mo-bets")).to_contain_text(
        f"2. you: cross {pretty(first)} v {pretty(second)}, 30"
    )

    phone = Guest(browser, served.url, punter.name, viewport=dict(PHONE))
    phone.context.add_cookies(punter.context.cookies())  # type: ignore[arg-type]
    phone.at_table(table)
    phone.wait_phase("betting")
    phone.page.locator("button.mo-spot[data-place='top-right']").click()
    phone.page.locator("button.mo-spot[data-place='top-left']").click()
    check_cards(phone)
    screenshots(phone.page, "monte-bank-betting-375.png", full_page=True)
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert unnamed_controls(phone.page) == []

    seq = punter.drawn()["seq"]
    punter.button("Done betting").click()
    ended = until(punter, lambda view: view["phase"] == "between")
    other_ended = until(other, lambda view: view["phase"] == "between")
    assert ended["view"]["deals"] == 1 == other_ended["view"]["deals"]
    told = [e for m in punter.heard for e in m.get("events", [])]
    assert [e["number"] for e in told if e["type"] == "BetSettled"] != []
    shown = [e["card"] for e in told if e["type"] == "CardShown"]
    assert shown, "the draw showed no card"
    draw = page.locator(".mo-draw")
    expect(draw.locator(".mo-shown")).to_have_count(len(shown))
    expect(draw.locator(".mo-shown").first).to_contain_text("the gate")
    expect(draw).to_contain_text("bet 1 (you, circle on")
    expect(other.page.locator(".mo-draw")).to_contain_text("bet 2 (")
    expect(page.locator(".mo-ended")).to_contain_text("Deal 1 is over")
    for guest in guests:
        check_cards(guest)
        assert unnamed_controls(guest.page) == []
        assert guest.errors == []
    # What each person sees when the deal is over: the layout and the cards drawn face up,
    # and the line for each seat by what its bets made: lost stakes, or winnings less the
    # house's cut (MB-4, MB-13).
    phone_ended = until(phone, lambda view: view["phase"] == "between")
    for guest in (punter, other, phone):
        check_result(guest)
    last = ended["view"]["last"]
    assert last == other_ended["view"]["last"] == phone_ended["view"]["last"]
    assert last["hands"][-1]["cards"] == shown  # the gate first, as drawn
    made = sum(
        -e["stake"] if e["fate"] == "lose" else e["paid"] - e["cut"]
        for e in told
        if e["type"] == "BetSettled"
    )
    nets = dict(last["nets"])
    assert nets[ended["seat"]] == made and nets[banker] == -sum(
        -e["stake"] if e["fate"] == "lose" else e["paid"] for e in told if e["type"] == "BetSettled"
    )
    screenshots(punter.page, "monte-bank-result-1280.png")
    screenshots(phone.page, "monte-bank-result-375.png")
    screenshots(punter.page, "monte-bank-drawn-1280.png", full_page=True)
    screenshots(phone.page, "monte-bank-drawn-375.png", full_page=True)
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for guest, views_at_least in ((ada, 8), (bob, 8), (phone, 2)):
        assert check_heard(served.database, table, guest, scramble) >= views_at_least


def test_the_result_says_what_fell_and_what_each_bet_made(serve, browser: Browser):
    """What each person sees when a deal is over: the layout cards that fell, in turn, each
    to the card shown (MB-12), what the bank won or lost (MB-4), and each bet won or lost,
    by the seat that placed it (MB-9a)."""
    served = serve(SEED)
    ada = Guest(browser, served.url, "ada")
    bob = Guest(browser, served.url, "bob")
    ada.sign_up()
    bob.sign_up()
    table = ada.open_table(bots=0, game="monte-bank")
    bob.at_table(table)
    ada.sit(0, 600)
    bob.sit(1, 600)
    to_betting((ada, bob), put_up="Put up the monte")
    banker = ada.drawn()["view"]["banker"]
    punter, other = (bob, ada) if banker == 0 else (ada, bob)
    page = punter.page
    first = punter.drawn()["view"]["layout"]["spots"]["top-left"][0]
    page.locator("button.mo-spot[data-place='top-left']").click()
    seq = punter.drawn()["seq"]
    typed(page.get_by_label(f"Circle on {pretty(first)}: amount", exact=False), 20)
    after(punter, seq)
    punter.button("Done betting").click()
    ended = until(punter, lambda view: view["phase"] == "between")
    until(other, lambda view: view["phase"] == "between")

    last = ended["view"]["last"]
    cards = {hand["name"]: hand["cards"] for hand in last["hands"]}
    told = [e for m in punter.heard for e in m.get("events", [])]
    falls, shown = [], ""
    for event in told:
        if event["type"] == "CardShown":
            shown = event["card"]
        elif event["type"] == "CardFell":
            fallen = " ".join(map(pretty, cards[event["spot"]]))
            falls.append(f"{fallen} ({event['spot'].replace('-', ' ')}) to {pretty(shown)}")
    assert falls  # the circle is settled by the first card to fall (MB-9a)
    (settled,) = [e for e in told if e["type"] == "BetSettled"]
    made = settled["paid"] - settled["cut"] if settled["fate"] == "win" else -20
    bank = dict(last["nets"])[banker]
    assert dict(last["nets"])[ended["seat"]] == made
    bank_words = f"won {bank}." if bank > 0 else f"lost {-bank}." if bank else "is even."
    if settled["fate"] == "lose":
        outcome = "lost 20"
    elif settled["cut"]:
        outcome = f"won +{settled['paid']}, less the house's cut of {settled['cut']} (MB-13)"
    else:
        outcome = f"won +{settled['paid']}"
    for guest, you in ((punter, True), (other, False)):
        panel = guest.page.locator("section.result")
        fell = f"Fell in turn: {'; '.join(falls)} (MB-12)."
        expect(panel.locator(".winner")).to_have_text(fell)  # MB-12
        banker_is = f"seat {banker + 1} ({other.name})" if you else "you"
        who = "you" if you else punter.name
        expect(panel.locator(".settled li")).to_have_text(  # MB-9a, MB-4
            [
                f"The banker, {banker_is}, {bank_words}",
                f"1. {who}: circle on {pretty(first)}, 20 — {outcome}",
            ]
        )
    for guest in (punter, other):
        assert guest.errors == []
