"""The card games' tables in Russian, in Debian's Chromium (issue 29): people whose browsers
prefer Russian (`locale="ru-RU"`) play a whole coup of Punto Banco and of Chemin de Fer by
clicking the controls by their Russian names, and see what a person sees at its end in
Russian, in the rule books' words: both hands face up with their points, the winner
(«Выигрывает банко», PB-7; «Выигрывают понтеры», CF-14), their line and their chips at the
table changed by it; the header's switch turns the table to English and back, the choice
kept across a reload; no English phrase of the layouts is left on the page."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.conftest import Screenshots
from tests.web.pages import PHONE, Guest, table_chips, unnamed_controls
from tests.web.tables import kind

pytestmark = pytest.mark.timeout(240)

RU = "ru-RU"

PUNTO_BANCO = 25
"""A seed whose first coup, masha on banco and petya on punto, draws a third card to each
hand and banco wins it (found by trying seeds, the pages' parts of the shuffle drawn from
their seeded streams: pages.SEEDED)."""

CHEMIN_DE_FER = 6
"""A seed whose first coup, a bot banking 500 after the auction and masha calling banco,
the punters win (found by trying seeds)."""

ENGLISH = (
    "Bet on",
    "Done betting",
    "Take back",
    "Pass the shoe",
    "Turn punto's cards",
    "The shoe",
    "Shoe ",
    "cards left",
    "cut card",
    "no bets",
    "pays 1 to 1",
    "holds the shoe",
    "The house has",
    " wins, ",
    " win, ",
    "Bets are open",
    "Punters",
    "Banker",
    "The bank",
    "Bank ",
    "held by",
    "bank at least",
    "Stake against",
    "Pass for good",
    "Get up",
    " chips",
)
"""Phrases of the layouts' English (js/games/*.js) that a Russian table must not show."""


def enter(guest: Guest) -> None:
    """Sign up at the lobby, its form found by its fields' names (its words are Russian)."""
    page = guest.page
    page.goto(f"{guest.url}/")
    page.locator("#enter input[name=name]").fill(guest.name)
    page.locator("#enter input[name=password]").fill("a long password")
    page.locator("#enter button[value=register]").click()
    expect(page.locator("#who")).to_contain_text(f"{guest.name}:", timeout=30_000)


def open_table(guest: Guest, game: str, bots: int = 0) -> int:
    """Open a table of `game` with `bots` from the lobby's form: its id."""
    page = guest.page
    page.locator("#open select[name=game]").select_option(game)
    page.locator("#open input[name=bots]").fill(str(bots))
    page.locator("#open input[name=time_limit]").fill("120")
    page.locator("#open input[name=bot_pause]").fill("0.1")
    page.locator("#open button[type=submit]").click()
    page.wait_for_function(
        "() => location.pathname.endsWith('table.html') || document.querySelector('#open-error')"
        "?.textContent"
    )
    assert "table=" in page.url, page.locator("#open-error").text_content()
    return int(page.url.rsplit("=", 1)[1])


def sit(guest: Guest, seat: int, chips: int) -> None:
    """Take `seat` with `chips` through the seat picker (found by its fields' names)."""
    page = guest.page
    picker, field = (
        page.locator("form.seating select[name=seat]"),
        page.locator("form.seating input[name=chips]"),
    )
    for _ in range(20):  # a busy table redraws the form: choose again until it holds
        picker.select_option(str(seat))
        field.fill(str(chips))
        if picker.input_value() == str(seat) and field.input_value() == str(chips):
            break
    page.locator("form.seating button[type=submit]").click()
    expect(page.locator("#layout")).to_have_attribute("data-seat", str(seat))


def play(
    guests: list[Guest],
    press: Callable[[dict[str, Any]], str | None],
    over: Callable[[dict[str, Any]], bool],
) -> None:
    """Each person presses the Russian-named button `press` gives for the view their page
    has drawn, whenever it offers one, until `over` is true of the first person's."""
    for _ in range(600):
        if over(guests[0].drawn()["view"]):
            return
        for guest in guests:
            drawn = guest.drawn()
            name = press(drawn["view"]) if drawn["view"]["legal"]["options"] else None
            if name is None:
                continue
            button = guest.page.locator("#layout, #actions").get_by_role("button", name=name).first
            if button.count():
                button.click()
                # a click on a button redrawn under it is lost: then look again
                with contextlib.suppress(PlaywrightTimeout):
                    guest.page.wait_for_function(
                        "seq => Number(document.querySelector('#layout').dataset.seq) > seq",
                        arg=drawn["seq"],
                        timeout=5_000,
                    )
        guests[0].page.wait_for_timeout(100)
    raise AssertionError(guests[0].drawn()["view"])


def kinds(view: dict[str, Any]) -> set[str]:
    return {kind(option) for option in view["legal"]["options"]}


def check_russian_result(guest: Guest, winner: str, brought: int) -> dict[str, Any]:
    """The settlement as this person sees it: every hand face up as the view has it, with its
    points, the winner in Russian, the line for the seat in Russian, and the chips at the
    table changed by its net. The view."""
    drawn = guest.drawn()
    last = drawn["view"]["last"]
    panel = guest.page.locator("section.result")
    expect(panel).to_be_visible()
    shown = panel.evaluate(
        """(panel) => [...panel.querySelectorAll('[data-shown-hand]')].map((hand) => ({
            cards: [...hand.querySelectorAll('[data-card]')].map((c) => c.dataset.card),
            caption: hand.querySelector('figcaption').textContent,
        }))"""
    )
    assert [h["cards"] for h in shown] == [h["cards"] for h in last["hands"]], shown
    assert all(card for hand in shown for card in hand["cards"])  # face up, every one
    for hand, seen in zip(last["hands"], shown, strict=True):
        assert seen["caption"].endswith(f"· {hand['points']}"), seen
    expect(panel.locator(".winner")).to_contain_text(winner)
    net = dict(last["nets"]).get(drawn["seat"])
    if net is None:  # nothing at stake: no line, the chips as they were
        expect(panel.locator(".yours")).to_have_count(0)
        net = 0
    else:
        expect(panel.locator(".yours")).to_have_attribute("data-net", str(net))
        expect(panel.locator(".yours")).to_contain_text("Вы ")
    expect(guest.page.locator("#table-chips")).to_contain_text(str(brought + net))
    assert table_chips(guest) == brought + net
    return drawn


def check_no_english(page: Page) -> None:
    body = page.inner_text("body")
    left = [phrase for phrase in ENGLISH if phrase in body]
    assert left == [], (left, body)


def switch_language(guest: Guest, code: str) -> None:
    """Choose a language at the header's switch: the page loads again in it."""
    guest.page.locator("select.language").select_option(code)
    guest.page.wait_for_function("code => document.documentElement.lang === code", arg=code)
    guest.page.wait_for_function(
        "() => document.querySelector('#layout').dataset.seq !== undefined"
    )


def test_a_punto_banco_coup_in_russian(serve, browser: Browser, screenshots: Screenshots):
    """PB-6 .. PB-13: bets on «банко» and «пунто», «Закончить ставки», «Открыть карты пунто»
    (PB-10), a third card to each hand (PB-11, PB-12), and «Выигрывает банко, N против M.»
    at the end, less the commission, «бикса» (PB-7)."""
    served = serve(PUNTO_BANCO)
    masha, petya = (Guest(browser, served.url, name, locale=RU) for name in ("masha", "petya"))
    for guest in (masha, petya):
        enter(guest)
    table = open_table(masha, "punto-banco")
    petya.at_table(table)
    sit(masha, 0, 500)
    masha.wait_phase("betting")
    petya.wait_phase("betting")
    sit(petya, 2, 400)

    # The felt in Russian: the areas, the shoe, the boxes (PB-1, PB-6).
    page = masha.page
    expect(page.locator(".pb-area-banco h3")).to_have_text("Банко")
    expect(page.locator(".pb-area-egalite h3")).to_have_text("Эгалите")
    expect(page.locator(".pb-area-banco")).to_contain_text("платит 1 : 1 за вычетом биксы 5%")
    expect(page.locator(".pb-shoe")).to_contain_text("Сабо 1")
    expect(page.locator(".pb-phase")).to_have_text("Ставки открыты: пунто, банко, эгалите (PB-6).")
    expect(page.locator("[data-box='0']")).to_contain_text("Бокс 1")
    masha.page.locator(".pb-area-banco input[data-field]").fill("50")
    masha.button("Поставить на банко").click()
    expect(page.locator(".pb-area-banco")).to_contain_text("бокс 1 (masha): 50")
    petya.page.locator(".pb-area-punto input[data-field]").fill("20")
    petya.button("Поставить на пунто").click()
    expect(petya.page.locator(".pb-area-punto")).to_contain_text("бокс 3 (petya): 20")
    expect(petya.button("Забрать ставку на пунто")).to_be_visible()

    presses = {
        "Done": "Закончить ставки",
        "TurnCards": "Открыть карты пунто",
        "Choose": "Прикупить при 5",
    }

    def press(view: dict[str, Any]) -> str | None:
        return next((presses[k] for k in ("TurnCards", "Choose", "Done") if k in kinds(view)), None)

    play([masha, petya], press, lambda view: view["coups"] == 1 and view["phase"] == "betting")
    last = masha.drawn()["view"]["last"]
    assert [len(hand["cards"]) for hand in last["hands"]] == [3, 3]  # the seed's coup
    assert last["winner"] == "banco"
    points = {hand["name"]: hand["points"] for hand in last["hands"]}
    winner = f"Выигрывает банко, {points['banco']} против {points['punto']}."  # PB-7
    for guest, brought in ((masha, 500), (petya, 400)):
        guest.wait_phase("betting")
        check_russian_result(guest, winner, brought)
        check_no_english(guest.page)
        assert unnamed_controls(guest.page) == []
    assert dict(last["nets"]) == {0: 47, 2: -20}  # banco pays 1 to 1 less 5%, rounded (PB-7)
    expect(page.locator(".pb-shoe")).to_contain_text("сдача 2")
    expect(page.locator(".pb-areas")).to_contain_text("ставок нет")
    screenshots(page, "punto-banco-ru-1280.png")

    # The header's switch: English, kept across a reload, and Russian again.
    switch_language(masha, "en")
    expect(page.locator("section.result .winner")).to_have_text(
        f"Banco wins, {points['banco']} to {points['punto']}."
    )
    expect(masha.button("Bet on banco")).to_be_visible()
    page.reload()
    page.wait_for_function("() => document.querySelector('#layout').dataset.seq !== undefined")
    expect(masha.button("Bet on banco")).to_be_visible()
    expect(page.locator(".pb-shoe")).to_contain_text("Shoe 1")
    switch_language(masha, "ru")
    expect(masha.button("Поставить на банко")).to_be_visible()
    expect(page.locator("section.result .winner")).to_contain_text(winner)
    check_no_english(page)
    page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})  # words wrap
    expect(page.locator(".pb-area-banco")).to_contain_text("за вычетом биксы")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for guest in (masha, petya):
        assert guest.errors == []


def test_a_chemin_de_fer_coup_in_russian(serve, browser: Browser, screenshots: Screenshots):
    """CF-3 .. CF-14: «Назвать банк» at the auction and «Пас окончательно», the cut,
    «Банко!» (CF-6), the punters' play (CF-12), and «Выигрывают понтеры, 7 против 6.» (their
    points and the banker's) at the end, the hands named «Понтеры» and «Банкомет» (CF-9,
    CF-14)."""
    served = serve(CHEMIN_DE_FER)
    masha, petya = (Guest(browser, served.url, name, locale=RU) for name in ("masha", "petya"))
    for guest in (masha, petya):
        enter(guest)
    table = open_table(masha, "chemin-de-fer", bots=2)  # fewer end at once
    petya.at_table(table)
    sit(masha, 4, 600)
    sit(petya, 3, 800)
    masha.wait_phase("auction")
    expect(masha.page.locator(".cf-auction h3")).to_have_text("Аукцион")
    expect(masha.page.locator(".cf-phase")).to_contain_text("Первый банк разыгрывается на аукционе")

    def press(view: dict[str, Any]) -> str | None:
        offered = kinds(view)
        if view["phase"] == "auction":
            return (
                "Назвать банк"
                if view["high_bid"] is None and "Bid" in offered
                else "Пас окончательно"
            )
        for name, wanted in (
            ("Снять колоду", "Cut"),
            ("Банко!", "Banco"),
            ("Без банко", "Pass") if view["phase"] == "calls" else ("", ""),
            ("Поставить против банка", "Stake"),
            ("Понтеры прикупают карту", "DrawCard") if view["phase"] == "punter" else ("", ""),
            ("Понтеры остаются при своих", "Stand") if view["phase"] == "punter" else ("", ""),
            ("Банкомет остаётся при своих", "Stand") if view["phase"] == "banker" else ("", ""),
            ("Банкомет прикупает карту", "DrawCard") if view["phase"] == "banker" else ("", ""),
        ):
            if wanted in offered:
                return name
        return None

    play([masha, petya], press, lambda view: view["coups"] == 1)
    view = masha.drawn()["view"]
    punters, banker = (hand["seat"] + 1 for hand in view["last"]["hands"])
    assert view["last"]["winner"] == "punter"  # the seed's coup
    won, lost = (hand["points"] for hand in view["last"]["hands"])
    winner = f"Выигрывают понтеры, {won} против {lost}."  # CF-14
    for guest, brought in ((masha, 600), (petya, 800)):
        guest.page.wait_for_function("() => document.querySelector('section.result') !== null")
        check_russian_result(guest, winner, brought)
        result = guest.page.locator("section.result")
        expect(result).to_contain_text(f"Понтеры: место {punters}")  # the hands named (CF-9)
        expect(result).to_contain_text(f"Банкомет: место {banker}")
        check_no_english(guest.page)
        assert unnamed_controls(guest.page) == []
        assert guest.errors == []
    expect(masha.page.locator(".cf-shoe")).to_contain_text("Подкова 1")
    screenshots(masha.page, "chemin-de-fer-ru-1280.png")
