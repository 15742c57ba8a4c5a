"""The table page's extras in Debian's Chromium: the exact odds panel (the figures the
server gives the seat, as percentages with the exact fractions, asked for again after each
step; a table opened with the odds off says so and asks no more), the hand history
downloaded once the table has closed and replayed by `croupier replay` and verified by
`croupier verify`, and the lobby's
rules in words and stakes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Request, expect
from typer.testing import CliRunner

from croupier.cli import app
from tests.web.conftest import Screenshots
from tests.web.pages import PHONE, Guest, unnamed_controls

pytestmark = pytest.mark.timeout(180)

BETS = ("punto", "banco", "egalite")


def odds_in_page(guest: Guest) -> dict[str, Any]:
    """The figures the odds panel shows, by name: the percentage as written, its value and
    fraction; and the seq they are of."""
    found: dict[str, Any] = guest.page.evaluate(
        """() => ({
            seq: document.querySelector('#odds-body').dataset.seq,
            figures: Object.fromEntries([...document.querySelectorAll('#odds-body [data-odds]')]
                .map((cell) => [cell.dataset.odds, {
                    percent: cell.querySelector('.percent').textContent,
                    fraction: cell.querySelector('.fraction').textContent,
                    title: cell.title,
                    value: Number(cell.dataset.value)}])),
        })"""
    )
    return found


def check_odds(guest: Guest, table: int) -> dict[str, Any]:
    """The panel shows, for the seq of the last view drawn, the figures the server gives
    this person's seat: each a percentage of its value and its exact fraction. The answer."""
    page = guest.page
    page.wait_for_function(
        "() => document.querySelector('#odds-body').dataset.seq"
        " === document.querySelector('#layout').dataset.seq"
    )
    answer: dict[str, Any] = guest.context.request.get(
        f"{guest.url}/api/tables/{table}/odds"
    ).json()
    shown = odds_in_page(guest)
    assert int(shown["seq"]) == answer["seq"], (shown, answer)
    odds = answer["odds"]
    wanted = {
        f"{kind}.{bet}": odds[kind][bet] for kind in ("probability", "house_edge") for bet in BETS
    }
    assert set(shown["figures"]) == set(wanted), shown
    for name, exact in wanted.items():
        cell = shown["figures"][name]
        assert cell["value"] == exact["value"], name
        assert cell["fraction"] == exact["fraction"], name
        assert cell["title"] == f"exactly {exact['fraction']}", name
        written = float(cell["percent"].rstrip("%"))
        assert written == pytest.approx(exact["value"] * 100, abs=0.0005), (name, cell)
    numerator, denominator = odds["probability"]["banco"]["fraction"].split("/")
    assert int(numerator) / int(denominator) == pytest.approx(odds["probability"]["banco"]["value"])
    expect(page.locator("#odds caption")).to_contain_text(
        f"{odds['cards_left']} cards not yet seen"
    )
    return answer


def test_the_odds_panel_at_punto_banco(serve, browser: Browser, screenshots: Screenshots):
    served = serve(7)
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    table = ada.open_table(bots=0)
    page = ada.page
    asked: list[str] = []
    page.on(
        "request", lambda request: asked.append(request.url) if "/odds" in request.url else None
    )
    ada.sit(0, 500)
    ada.wait_phase("betting")
    assert asked == [], "the odds are not asked for while the panel is shut"
    expect(page.locator("#odds-body [data-odds]")).to_have_count(0)

    page.get_by_text("Exact odds").click()  # the panel's heading opens it
    expect(page.locator("#odds")).to_have_attribute("open", "")
    first = check_odds(ada, table)
    assert first["seat"] == 0
    assert first["odds"]["cards_left"] <= 416  # less the burn card shown

    # A coup: ada bets on punto, turns its cards, and the panel follows each step.
    page.get_by_label("Bet on punto: amount, 10 to 500").fill("20")
    ada.button("Bet on punto").click()
    ada.button("Done betting").click()
    deadline = page.evaluate("Date.now()") + 20_000
    while ada.drawn()["view"]["coups"] < 1:
        assert page.evaluate("Date.now()") < deadline, ada.drawn()["view"]
        for name in ("Turn punto's cards", "Draw on 5"):
            if ada.button(name).count():
                ada.button(name).click()
        page.wait_for_timeout(100)
    ada.wait_phase("betting")
    after = check_odds(ada, table)
    assert after["seq"] > first["seq"]
    assert after["odds"]["cards_left"] < first["odds"]["cards_left"]
    assert after["odds"]["probability"] != first["odds"]["probability"]
    assert len(asked) >= 2
    expect(page.locator("#odds th[scope='col']")).to_have_text(["Bet", "Wins", "House edge"])
    expect(page.locator("#odds th[scope='row']")).to_have_text(["Punto", "Banco", "Égalité"])
    assert unnamed_controls(page) == []
    screenshots(page, "table-odds-1280.png")

    phone = Guest(browser, served.url, "ada", viewport=dict(PHONE))
    phone.context.add_cookies(ada.context.cookies())  # type: ignore[arg-type]
    phone.at_table(table)
    phone.wait_phase("betting")
    phone.page.get_by_text("Exact odds").click()
    check_odds(phone, table)
    phone.page.locator("#odds").scroll_into_view_if_needed()
    screenshots(phone.page, "table-odds-375.png")
    screenshots(phone.page, "table-odds-375-full.png", full_page=True)
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert ada.errors == [] and phone.errors == []


def test_a_table_with_the_odds_off(serve, browser: Browser):
    served = serve(7)
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    page = ada.page
    box = page.get_by_label("Exact odds for the players")
    expect(box).to_be_checked()
    box.uncheck()
    table = ada.open_table(bots=1)
    assert ada.context.request.get(f"{served.url}/api/tables/{table}").json()["odds"] is False
    asked: list[Request] = []
    page.on("request", lambda request: asked.append(request) if "/odds" in request.url else None)
    page.get_by_text("Exact odds").click()
    reason = "gives no odds: it was opened with the setting odds false"
    expect(page.locator("#odds-body")).to_contain_text(reason)
    expect(page.locator("#odds-body [data-odds]")).to_have_count(0)
    assert len(asked) == 1
    ada.sit(0, 300)  # new views: the panel does not ask again
    ada.wait_phase("betting")
    page.wait_for_timeout(300)
    assert len(asked) == 1
    expect(page.locator("#odds-body")).to_contain_text(reason)
    page.goto(f"{served.url}/")
    expect(page.locator(f"tr[data-table='{table}'] .stakes")).to_contain_text("no exact odds")
    assert ada.errors == []


def test_the_hand_history_downloads_once_a_shoe_is_over_and_once_the_table_has_closed(
    serve, browser: Browser, tmp_path: Path, screenshots: Screenshots
):
    served = serve(7)
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    table = ada.open_table(bots=1)
    page = ada.page
    ada.sit(0, 300)
    ada.wait_phase("betting")
    button = ada.button("Download the hand history")
    expect(button).to_be_disabled()
    expect(page.locator("#history-reason")).to_contain_text(
        "given once a shoe is over: a shoe's seed tells its cards"
    )
    refused = ada.context.request.get(f"{served.url}/api/tables/{table}/history")
    assert refused.status == 409

    bob = Guest(browser, served.url, "bob")
    bob.sign_up()
    bob.at_table(table)
    expect(bob.page.locator("#layout")).to_have_attribute("data-phase", "betting")
    bob.sit(2, 200)
    tonight = page.locator("section.evening")
    expect(tonight.locator("tr[data-person='bob'] td").first).to_have_text("200")
    expect(tonight.locator("caption")).to_have_text("Tonight so far, in chips.")
    expect(bob.button("Close the table")).to_be_hidden()  # only its opener may close it
    ada.button("Close the table").click()
    expect(page.locator("#close-note")).to_contain_text("closes at the next moment the rules")
    expect(button).to_be_enabled(timeout=20_000)
    expect(ada.button("Close the table")).to_be_hidden()
    expect(page.locator("#actions")).to_contain_text("The table is closed.")

    # the evening, settled, as its page shows it: each person's figures are the ledger's
    expect(tonight.locator("caption")).to_have_text("The evening, settled: the table has closed.")
    for guest, bought in ((ada, 300), (bob, 200)):
        chips = guest.context.request.get(f"{served.url}/api/me").json()["chips"]
        net = chips - 1000
        cells = tonight.locator(f"tr[data-person='{guest.name}'] td")
        expect(cells).to_have_text(
            [str(bought), "0", "0", str(bought + net), "0", f"+{net}" if net > 0 else str(net)]
        )
    expect(tonight.locator(".payments")).to_be_visible()
    tonight.scroll_into_view_if_needed()
    screenshots(page, "evening-closed-1280.png")
    page.set_viewport_size({"width": 390, "height": 844})
    tonight.scroll_into_view_if_needed()
    screenshots(page, "evening-closed-390.png")
    with page.expect_download() as downloading:
        tonight.get_by_role("link", name="Download as CSV").click()
    assert downloading.value.suggested_filename == f"croupier-table-{table}-evening.csv"
    lines = Path(downloading.value.path()).read_text().splitlines()
    assert lines[0] == "name,bought_in,brought,given,took_away,at_table,net" and len(lines) == 3
    with page.expect_download() as downloading:
        button.click()
    download = downloading.value
    assert download.suggested_filename == f"croupier-table-{table}.json"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    served_history = ada.context.request.get(f"{served.url}/api/tables/{table}/history")
    assert saved.read_text() == served_history.text()
    result = CliRunner().invoke(app, ["replay", str(saved)])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(app, ["verify", str(saved)])
    assert result.exit_code == 0, result.output
    assert unnamed_controls(page) == []
    page.goto(f"{served.url}/")  # her own tables, with her net at each
    mine = page.locator(f"#mine tr[data-mine='{table}'] td")
    net = ada.context.request.get(f"{served.url}/api/me").json()["chips"] - 1000
    expect(mine.last).to_have_text(f"+{net}" if net > 0 else str(net))
    expect(mine.nth(1)).to_contain_text("Punto Banco")
    mine.nth(1).get_by_role("link", name="your coups, replayed").click()  # her own evening
    expect(page.locator("#coups select[name=person]")).to_have_value(ada.name)
    listed = ada.context.request.get(f"{served.url}/api/tables/{table}/coups?person={ada.name}")
    expect(page.locator("#coups .coups-list > li")).to_have_count(len(listed.json()["coups"]))
    expect(page.locator("#coups")).not_to_contain_text("null")
    expect(page.locator("#coups")).to_contain_text("The evening in numbers")
    assert ada.errors == []


def test_the_lobby_says_each_tables_rules_and_stakes(serve, browser: Browser):
    served = serve(7)
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    table = ada.open_table(bots=1)
    entry = ada.context.request.get(f"{served.url}/api/tables/{table}").json()
    ada.page.goto(f"{served.url}/")
    row = ada.page.locator(f"tr[data-table='{table}']")
    expect(row.locator(".described")).to_have_text(entry["described"])
    assert entry["described"].startswith("Punto Banco — large table, 8 decks, 16 boxes.")
    stakes = entry["stakes"]
    expect(row.locator(".stakes")).to_have_text(
        f"Stakes: punto {stakes['punto']['low']} to {stakes['punto']['high']}"
        f" · banco {stakes['banco']['low']} to {stakes['banco']['high']}"
        f" · égalité {stakes['egalite']['low']} to {stakes['egalite']['high']}"
    )
    assert ada.errors == []
