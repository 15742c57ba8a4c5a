"""Monte Bank and Private Monte Bank in Russian, in Debian's Chromium: two people whose
browsers speak Russian (locale ru-RU) play a deal to its settlement by clicking the controls
by their Russian names (the rule book's words, texts/monte-bank.ru.txt): the bank put up
(«Положить банк», «Положить монте»), the shuffle and the cut, the bets placed on the
layouts (PM-4) or on a card (MB-9a), «Закончить ставки»; then the gate and the layouts face
up, the result in Russian, the chips changed. The header's switch turns the page to English
and back, the choice kept across a reload; no English phrase of the layouts is left.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Screenshots
from tests.web.pages import Guest, cards_told, hands_shown, typed, unnamed_controls
from tests.web.test_monte_bank import after, before_betting, pretty, types, until

pytestmark = pytest.mark.timeout(240)

SEED = 7
"""Any seed deals reproducibly (the pages' parts of the shuffle are seeded too)."""

SUITS = {"C": "трефы", "D": "бубны", "H": "червы", "S": "пики"}
"""The gate's suit as the Russian page names it (PM-5)."""

PLACES = {
    "top-left": "Вверху слева",
    "top-right": "Вверху справа",
    "bottom-left": "Внизу слева",
    "bottom-right": "Внизу справа",
    "drawn": "Гейт",
}
"""Private Monte's hands in its last deal, as the Russian result panel names them."""

ENGLISH = (
    "The terms of this bank",
    "Banker:",
    "The pack:",
    "cards left",
    "to come from this shuffle",
    "cards seen since the shuffle",
    "The gate",
    "is over",
    "layout",
    "Bet on the",
    "Done betting",
    "The last deal",
    "Get up",
    "no bets",
    "wins: the gate",
    "loses: no",
    "let it go by",
    "Shuffle the pack",
    "The monte",
    "circle",
    "you:",
)
"""English phrases of the Monte layouts: none of them is on a Russian page."""


def russian(browser: Browser, url: str, name: str) -> Guest:
    """Someone whose browser speaks Russian, signed up through the lobby's form (found by
    its fields, whatever the lobby's words)."""
    guest = Guest(browser, url, name, locale="ru-RU")
    page = guest.page
    page.goto(f"{url}/")
    page.locator("#enter input[name='name']").fill(name)
    page.locator("#enter input[name='password']").fill("a long password")
    page.locator("#enter button[value='register']").click()
    expect(page.locator("#logout")).to_be_visible(timeout=30_000)
    guest.id = guest.context.request.get(f"{url}/api/me").json()["id"]
    return guest


def open_table(guest: Guest, game: str) -> int:
    """Open a table of `game` with no bots from the lobby's form: its id."""
    form = guest.page.locator("#open")
    form.locator("select[name='game']").select_option(game)
    form.locator("input[name='bots']").fill("0")
    form.locator("input[name='time_limit']").fill("120")
    form.locator("input[name='bot_pause']").fill("0.2")
    form.locator("button[type='submit']").click()
    guest.page.wait_for_url("**/table.html?table=*")
    return int(guest.page.url.rsplit("=", 1)[1])


def sit(guest: Guest, seat: int, chips: int) -> None:
    """Take `seat` with `chips` through the seat picker (chosen again after a redraw)."""
    page = guest.page
    picker, field = page.locator("select[name='seat']"), page.locator("input[name='chips']")
    for _ in range(20):
        picker.select_option(str(seat))
        field.fill(str(chips))
        if picker.input_value() == str(seat) and field.input_value() == str(chips):
            break
    page.locator("form.seating button[type='submit']").click()
    expect(page.locator("#layout")).to_have_attribute("data-seat", str(seat))


def to_betting(guests: tuple[Guest, ...], put_up: str) -> None:
    """The bank (`put_up`: «Положить банк» or «Положить монте»), the shuffles and the cuts,
    each by its Russian button, until the layout is out (MB-4, MB-5, PM-2)."""
    shuffled = cut = False
    while not all(g.drawn()["view"]["phase"] == "betting" for g in guests):
        found = before_betting(guests)
        if found is None:
            continue
        acting, seq, view = found[0], found[1]["seq"], found[1]["view"]
        offered = types(view)
        page = acting.page
        if "PutUpBank" in offered:
            typed(page.get_by_label(f"{put_up}: ", exact=False), 200)
        elif "ShufflePack" in offered and not shuffled:
            acting.button("Потасовать колоду").click()
            shuffled = True
        elif "Cut" in offered and ("Pass" not in offered or not cut):
            typed(page.get_by_label("Снять колоду: ", exact=False), 7)
            cut = True
        elif "Pass" in offered:
            expect(page.locator(".mo-bank")).to_contain_text("пропустить")
            acting.button("Пас: пропустить").click()
        else:
            raise AssertionError(f"nothing to click for {offered} in {view['phase']}")
        after(acting, seq)


def no_english(page: Page) -> None:
    text = page.inner_text("#layout")
    assert [phrase for phrase in ENGLISH if phrase in text] == [], text


def check_shown(guest: Guest, names: dict[str, str] | None = None) -> dict[str, Any]:
    """The Russian result panel: the last deal's every hand face up as the view has it
    (captioned in Russian when `names` are given), and this seat's line by its net. The
    drawn view."""
    drawn = guest.drawn()
    last = drawn["view"]["last"]
    panel = guest.page.locator("section.result")
    expect(panel.locator("h3")).to_have_text("Последняя талия")
    shown = hands_shown(panel, last)
    assert all(card for hand in shown for card in hand["cards"]), shown  # every one face up
    if names:
        assert [h["caption"] for h in shown] == [names[h["name"]] for h in shown], shown
    net = dict(last["nets"])[drawn["seat"]]
    yours = panel.locator(".yours")
    expect(yours).to_have_attribute("data-net", str(net))
    expect(yours).to_contain_text(str(abs(net)) if net else "")
    assert not re.search(r"You (won|lost|are even)", yours.inner_text())
    return drawn


def two_to_betting(
    serve: Any, browser: Browser, game: str, title: str
) -> tuple[tuple[Guest, Guest], Guest, Guest]:
    """ada opens a table of `game` (its page titled `title`), bob comes to it, each sits
    with 600 chips, and the bank is put up, shuffled and cut to the betting: the two, then
    the punter and the banker."""
    served = serve(SEED)
    ada, bob = russian(browser, served.url, "ada"), russian(browser, served.url, "bob")
    table = open_table(ada, game)
    expect(ada.page.locator("#title")).to_have_text(title)
    bob.at_table(table)
    sit(ada, 0, 600)
    sit(bob, 1, 600)
    to_betting((ada, bob), "Положить монте" if game == "monte-bank" else "Положить банк")
    banker = ada.drawn()["view"]["banker"]
    return (ada, bob), *((bob, ada) if banker == 0 else (ada, bob))


def chips_at_table(guest: Guest) -> int:
    """The chips the header says this seat has at the table."""
    return int(re.findall(r"\d+", guest.page.locator("#table-chips").inner_text())[0])


def test_private_monte_in_russian_to_the_gate(serve, browser: Browser, screenshots: Screenshots):
    """PM-3 to PM-6 in Russian: two layouts bet on by clicking them, the gate turned, each
    layout paid 1 : 1 or lost by the gate's suit, the chips moved; the switch to English
    and back."""
    guests, punter, other = two_to_betting(serve, browser, "private-monte", "Частный банк-монте")
    page = punter.page
    bank = page.locator(".mo-bank")
    expect(bank).to_contain_text("Банкомет: ")
    expect(bank).to_contain_text("Банк: 200")
    expect(bank).to_contain_text("До новой тасовки осталось 5 талий (PM-8: оговорено 6")
    expect(page.locator(".mo-phase")).to_have_text(
        "Ставки открыты: нажмите на табло, чтобы поставить на него (PM-4)."
    )
    expect(other.page.locator("button.pm-target")).to_have_count(0)  # the banker bets not

    # A stake on each layout (PM-4): the layout clicked by its Russian name, the stake typed.
    for row, word, stake in (("top", "верхнее", 40), ("bottom", "нижнее", 25)):
        name = re.compile(rf"^{word} табло: .+: выбрать для ставки$")
        page.get_by_role("button", name=name).click()
        seq = punter.drawn()["seq"]
        typed(page.get_by_label(f"Ставка на {word} табло: сумма", exact=False), stake)
        after(punter, seq)
        expect(page.locator(f"[data-layout='{row}']")).to_contain_text(f"вы: {stake}")
    expect(page.locator(".mo-bets")).to_contain_text("1. вы: верхнее табло (")
    expect(page.locator(".mo-bets")).to_contain_text("2. вы: нижнее табло (")
    assert unnamed_controls(page) == []
    no_english(page)
    punter.button("Закончить ставки").click()

    ended = until(punter, lambda view: view["phase"] == "between")
    until(other, lambda view: view["phase"] == "between")
    gate = next(
        e["card"] for m in punter.heard for e in m.get("events", []) if e["type"] == "CardShown"
    )
    expect(page.locator(".pm-gate")).to_contain_text(f"Гейт: {pretty(gate)}, {SUITS[gate[1]]}")
    for guest in guests:
        check_shown(guest, PLACES)
        assert set(guest.drawn_cards()[1]["shown"]) <= cards_told(guest.heard)
    # Each layout's stake paid 1 : 1 when the gate has the suit of one of its cards (PM-5,
    # PM-6), lost when not: 40 and 25 never cancel, so the chips move.
    last = ended["view"]["last"]
    net = dict(last["nets"])[ended["seat"]]
    suits = {
        row: {h["cards"][0][1] for h in last["hands"] if h["name"].startswith(row)}
        for row in ("top", "bottom")
    }
    assert net == sum(s if gate[1] in suits[r] else -s for r, s in (("top", 40), ("bottom", 25)))
    expect(page.locator("#table-chips")).to_contain_text(str(600 + net))
    assert chips_at_table(punter) == 600 + net  # and the bank paid or took it:
    expect(other.page.locator(".mo-bank")).to_contain_text(f"Банк: {200 - net}")
    expect(page.locator(".mo-phase")).to_contain_text("Талия 1 окончена. Банкомет: ")
    expect(page.locator(".pm-seen-box summary")).to_have_text("с тасовки открыто 5 карт")
    no_english(page)
    screenshots(page, "private-monte-ru-1280.png", full_page=True)

    # The header's switch: English, kept across a reload, and back to Russian.
    page.locator("select.language").select_option("en")
    expect(page.locator("section.result h3")).to_have_text("The last deal")
    expect(page.locator(".pm-gate")).to_contain_text(f"The gate: {pretty(gate)}")
    page.reload()
    expect(page.locator(".mo-phase")).to_contain_text("Deal 1 is over: ")
    page.locator("select.language").select_option("ru")
    expect(page.locator("section.result h3")).to_have_text("Последняя талия")
    page.reload()
    expect(page.locator(".pm-gate")).to_contain_text(f"Гейт: {pretty(gate)}")
    no_english(page)
    for guest in guests:
        assert guest.errors == []


def test_monte_bank_in_russian_a_circle_to_its_fall(
    serve, browser: Browser, screenshots: Screenshots
):
    """MB-4 to MB-13 in Russian: the monte put up, a card pointed at and a circle bet on it
    (MB-9a, «Круговая на ...»), «Закончить ставки», the draw card by card from the gate
    (MB-12), the layout and the cards drawn face up, the chips moved."""
    guests, punter, other = two_to_betting(serve, browser, "monte-bank", "Банк-монте")
    page = punter.page
    expect(page.locator(".mo-bank")).to_contain_text("Монте: 200")
    expect(page.locator(".mo-terms")).to_contain_text("Кава 10: круговая оплачивается 3 : 1")
    expect(page.locator(".mo-row-top .mo-row-name")).to_have_text("верхнее табло")
    first = punter.drawn()["view"]["layout"]["spots"]["top-left"][0]
    expect(page.locator(".mo-offer-head")).to_have_text("Укажите карту, чтобы поставить на нее.")

    page.get_by_role("button", name=re.compile(r"^вверху слева: .+: выбрать для ставки$")).click()
    expect(page.locator(".mo-offer-head")).to_contain_text(f"{pretty(first)} (вверху слева)")
    screenshots(page, "monte-bank-pointing-ru-1280.png")
    circle = f"Круговая на {pretty(first)}"
    seq = punter.drawn()["seq"]
    typed(page.get_by_label(f"{circle}: сумма", exact=False), 20)
    after(punter, seq)
    expect(page.locator(".mo-bets")).to_contain_text(f"1. вы: круговая на {pretty(first)}, 20")
    expect(other.page.locator(".mo-on")).to_contain_text(": круговая 20")
    assert unnamed_controls(page) == []
    no_english(page)
    punter.button("Закончить ставки").click()

    ended = until(punter, lambda view: view["phase"] == "between")
    until(other, lambda view: view["phase"] == "between")
    shown = [
        e["card"] for m in punter.heard for e in m.get("events", []) if e["type"] == "CardShown"
    ]
    draw = page.locator(".mo-draw")
    expect(draw.locator(".mo-shown")).to_have_count(len(shown))
    expect(draw.locator(".mo-shown").first).to_contain_text("гейт")
    expect(draw.locator("h3")).to_have_text("Последняя мётка")
    expect(page.locator(".mo-ended")).to_contain_text("Талия 1 окончена: в банке ")
    for guest in guests:
        check_shown(guest)
    last = ended["view"]["last"]
    assert last["hands"][-1]["cards"] == shown  # the gate first, as drawn
    net = dict(last["nets"])[ended["seat"]]
    assert net != 0 and chips_at_table(punter) == 600 + net
    no_english(page)
    screenshots(page, "monte-bank-ru-1280.png", full_page=True)
    for guest in guests:
        assert guest.errors == []
