"""The pages' shell in Russian in Debian's Chromium (issue 29): a browser that prefers
Russian (Accept-Language ru-RU) gets the lobby, the table page around the game's layout and
the check of the shoes in Russian, with the rule books' words (PB-6 «пунто», «банко»,
«эгалите»; PB «сабо», «сдача»); the header's switch turns a page to English and back, the
choice kept across a reload; and the lobby describes each table's rules in the language
of the request, each language kept apart."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from croupier import games, i18n
from croupier.server._words import described
from tests.web.conftest import Screenshots
from tests.web.pages import PASSWORD, Guest, cards_in_page, table_chips, typed, unnamed_controls

pytestmark = pytest.mark.timeout(240)

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def _absent(page: Page, *english: str) -> None:
    """None of these English phrases of the pages' shell is on the page."""
    body = page.inner_text("body")
    for phrase in english:
        assert phrase not in body, (phrase, body)


def _sign_up(guest: Guest) -> None:
    """Sign up from the Russian lobby's form, as a person reads it."""
    page = guest.page
    page.goto(f"{guest.url}/")
    page.get_by_label("Имя").fill(guest.name)
    page.get_by_label("Пароль").fill(PASSWORD)
    page.get_by_role("button", name="Зарегистрироваться", exact=True).click()
    expect(page.locator("#who")).to_have_text(f"{guest.name}: 1000 фишек", timeout=30_000)


def _open(guest: Guest, game: str = "punto-banco", bots: int = 1) -> int:
    """Open a table of `game` with `bots` bots from the Russian form: its number."""
    page = guest.page
    page.get_by_label("игра").select_option(game)
    page.get_by_label("число ботов").fill(str(bots))
    page.get_by_label("время на ход в секундах").fill("120")
    page.get_by_label("пауза ботов в секундах").fill("0.1")
    page.get_by_role("button", name="Открыть стол").click()
    page.wait_for_url("**/table.html?table=*")
    return int(page.url.rsplit("=", 1)[1])


def test_the_described_rules_follow_the_language_each_kept_apart():
    """CF-13: the lobby's words for a rule set, in the context's language, kept per
    language («Шмен-де-фер», «банкомет»)."""
    rules = games.get("chemin-de-fer").config()
    english = described("chemin-de-fer", rules)
    with i18n.use("ru"):
        russian = described("chemin-de-fer", rules)
        assert described("chemin-de-fer", rules) == russian
    assert english.startswith("Chemin de Fer — 6 decks; the banker chooses freely (CF-13)")
    assert described("chemin-de-fer", rules) == english
    assert russian.startswith("Шмен-де-фер — ") and "банкомет" in russian, russian


def test_the_lobby_in_russian_and_the_switch(serve, browser: Browser, screenshots: Screenshots):
    """PB-6: the lobby in Russian, its table list with the game's Russian name, its rules in
    words and its stakes «пунто», «банко», «эгалите»; the switch to English and back."""
    served = serve(7)
    ada = Guest(browser, served.url, "ada", locale="ru-RU")
    page = ada.page
    page.goto(f"{served.url}/")
    expect(page.locator("h1")).to_have_text("Лобби")
    expect(page.get_by_role("heading", name="Зарегистрируйтесь или войдите")).to_be_visible()
    expect(page.locator("#who")).to_have_text("вы не вошли")
    expect(page.locator("#entry .note")).to_contain_text("1 000 фишек")
    _sign_up(ada)
    expect(page.get_by_role("heading", name="Открыть стол")).to_be_visible()
    expect(page.locator("#rules legend")).to_have_text("Правила")
    page.get_by_label("игра").select_option("punto-banco")
    expect(page.locator("#rules")).to_contain_text("пунто")
    expect(page.get_by_label("пунто, от")).to_be_editable()
    table = _open(ada)
    page.goto(f"{served.url}/")
    chemin = _open(ada, "chemin-de-fer", bots=2)  # one bot would have nobody to bank against

    page.goto(f"{served.url}/")
    row = page.locator(f"tr[data-table='{table}']")
    expect(row).to_contain_text("Пунто-банко")
    expect(row).to_contain_text("2: Anna (бот)")
    expect(row).to_contain_text("занято 1 из 16")
    with i18n.use("ru"):
        words = {game: described(game, games.get(game).config()) for game in games.names()}
    expect(row.locator(".described")).to_have_text(words["punto-banco"])
    other = page.locator(f"tr[data-table='{chemin}']")
    expect(other).to_contain_text("Шмен-де-фер")
    expect(other.locator(".described")).to_have_text(words["chemin-de-fer"])  # CF-13
    expect(other.locator(".stakes")).to_have_text("Ставки: банк от 100 · ставка от 10")
    expect(row.locator(".stakes")).to_have_text(
        "Ставки: пунто от 10 до 1000 · банко от 10 до 1000 · эгалите от 10 до 200"
    )
    expect(row.get_by_role("link", name=f"смотреть стол {table}")).to_be_visible()
    expect(row.get_by_role("link", name=f"сесть за стол {table}")).to_have_text("Сесть")
    expect(page.locator("#tables thead")).to_have_text("СтолИграМеста")
    _absent(page, "Sign up or log in", "Open a table", "Stakes:", "taken", "(bot)", "Log out")
    assert unnamed_controls(page) == []
    screenshots(page, "lobby-ru-1280.png", full_page=True)

    page.locator("select.language").select_option("en")
    expect(page.locator("h1")).to_have_text("The lobby")
    expect(page.locator("#who")).to_have_text("ada: 1000 chips")
    expect(row.locator(".stakes")).to_contain_text("Stakes: punto 10 to 1000")
    page.reload()  # the choice is kept in this browser
    expect(page.locator("h1")).to_have_text("The lobby")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    page.locator("select.language").select_option("ru")
    expect(page.locator("h1")).to_have_text("Лобби")
    expect(page.get_by_role("button", name="Выйти")).to_be_visible()
    assert ada.errors == []


def test_a_coup_at_punto_banco_in_russian_and_the_check(serve, browser: Browser, screenshots):
    """PB-6, PB-7: seated in Russian, a coup staked on «банко» played to its end, the result
    and the chips in Russian; the table closed and its shoes checked in Russian."""
    served = serve(7)
    ada = Guest(browser, served.url, "ada", locale="ru-RU")
    page = ada.page
    _sign_up(ada)
    table = _open(ada)
    expect(page.locator("#title")).to_have_text("Пунто-банко")
    expect(page).to_have_title(f"croupier: Пунто-банко, стол {table}")

    # The seating form, watching first (at Punto Banco a place is a box, as everywhere).
    form = page.locator("form.seating")
    expect(form).to_contain_text("Бокс")
    expect(form).to_contain_text("Фишки к столу")
    page.get_by_label("какой бокс занять").select_option("0")
    typed(page.get_by_label("сколько фишек принести"), 300)
    expect(page.locator("#layout")).to_have_attribute("data-seat", "0")
    expect(page.locator("#who")).to_have_text("ada: на счёте 700 фишек")
    expect(page.locator("#table-chips")).to_have_text("300 фишек за этим столом")

    # The action bar, the plans, the log, the shuffle, the history.
    ada.wait_phase("betting")
    expect(page.locator("#actions .turn")).to_have_text(re.compile("^(Ваш ход|Вы можете)"))
    expect(page.get_by_role("button", name="Уйти после этой сдачи")).to_be_visible()
    expect(page.get_by_role("button", name="Пропускать игру")).to_be_visible()
    expect(page.get_by_role("heading", name="Журнал")).to_be_visible()
    expect(page.locator("#log li").first).to_be_visible()
    fair = page.locator("section.fair")
    expect(fair.get_by_role("heading", name="Тасовка")).to_be_visible()
    expect(fair.locator(".commitment")).to_contain_text("закреплена до того, как сделана")
    expect(fair.locator(".given")).to_have_text("Доли запечатаны: вы.")
    expect(fair.get_by_role("button", name="Добавить в тасовку")).to_be_visible()
    history = page.get_by_role("button", name="Скачать историю раздач")
    expect(history).to_be_disabled()
    expect(page.locator("#history-reason")).to_contain_text("когда сабо сыграно")
    expect(page.get_by_role("heading", name="Разговор за столом")).to_be_visible()

    # A coup: 20 on banco, done betting; the croupier plays it out (no punto stake).
    typed(page.locator(".pb-area-banco input[data-field='amount']"), 20)
    expect(page.locator(".pb-area-banco")).to_contain_text("20")
    done = """button[data-option='{"type":"Done"}']"""
    page.locator(done).click()
    page.wait_for_function(
        "() => document.querySelector('section.result')"
        " && document.querySelector('#layout').dataset.phase === 'betting'",
        timeout=60_000,
    )
    last = ada.drawn()["view"]["last"]
    shown = cards_in_page(page)["shown"]
    for hand in last["hands"]:
        assert all(card in shown for card in hand["cards"]), (hand, shown)
    net = dict(last["nets"])[0]
    panel = page.locator("section.result")
    expect(panel.locator("h3")).to_have_text("Последняя сдача")
    wanted = {1: f"Вы выиграли +{net}", -1: f"Вы проиграли {-net}"}
    yours = wanted.get((net > 0) - (net < 0), "Вы при своих: ставка вернулась")
    expect(panel.locator(".yours")).to_have_text(yours)
    expect(page.locator("#table-chips")).to_have_text(re.compile(f"^{300 + net} фиш"))
    assert table_chips(ada) == 300 + net
    expect(panel.get_by_role("button", name="Дальше")).to_be_visible()
    _absent(
        page,
        "Your turn",
        "You may act",
        "Leave after this",
        "Sit out",
        "chips at this table",
        "in your account",
        "Talk at the table",
        "Download the hand history",
        "The shuffle",
        "Parts given",
        "The last coup",
        "Exact odds",
    )
    assert unnamed_controls(page) == []
    screenshots(page, "table-ru-1280.png", full_page=True)

    # Closed by its opener, the table gives its history; the check of its shoes, in Russian.
    page.get_by_role("button", name="Закрыть стол").click()
    expect(page.locator("#close-note")).to_contain_text("Стол закроется при первой возможности")
    page.locator(done).click()  # the table closes once this coup's betting is over
    expect(page.locator("#actions")).to_contain_text("Стол закрыт.", timeout=30_000)
    expect(page.get_by_role("link", name="Назад в лобби")).to_be_visible()
    expect(history).to_be_enabled()
    expect(page.locator("#history-reason")).to_contain_text("Стол закрыт: его историю раздач")
    page.goto(f"{served.url}/verify.html?table={table}")
    expect(page.locator("h1")).to_have_text("Проверка сабо стола")
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Это не доказательство: стол сдавали", timeout=20_000)
    expect(page.locator("#shoes thead")).to_contain_text("Показано здесь до тасовки")
    expect(page.locator("#shoes tbody tr").first).to_contain_text("обязательство")
    expect(page.locator("#key-note")).to_contain_text("Подписано ключом этого сервера")
    expect(page.locator("#checked-by code")).to_have_text("croupier verify")
    expect(page.get_by_role("button", name="Скачать историю")).to_be_enabled()
    _absent(page, "Not a proof", "Every card, every signature", "Back to the table")
    screenshots(page, "verify-ru-1280.png", full_page=True)
    assert ada.errors == []


def test_the_fallback_layout_names_the_views_fields_in_russian(serve, browser: Browser):
    """A game whose own layout cannot be loaded is shown by the fallback layout, each field
    of its view and of its rules named in Russian (MB-1 «банкомет», MB-8 «кава»)."""
    served = serve(7)
    ada = Guest(browser, served.url, "ada", locale="ru-RU")
    page = ada.page
    page.route("**/js/games/monte-bank.js", lambda route: route.abort())
    _sign_up(ada)
    _open(ada, "monte-bank", bots=2)
    expect(page.locator("#layout p.turn")).to_contain_text("Ходит:")
    labels = page.locator("#layout dt").all_text_contents()  # the rules' too, folded away
    assert {"фаза", "банкомет", "осталось карт", "кава", "талий на банк"} <= set(labels), labels
    assert [label for label in labels if not CYRILLIC.search(label)] == []
    assert ada.errors == []
