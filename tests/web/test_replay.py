"""Past coups in Debian's Chromium (issue 42): a person plays at a table of each game with
bots, the table closes, its page lists the coups and shows the evening in numbers, and a
finished coup opens in the replayer, which is stepped through with the arrow keys: at every
step the cards on the table are the frame's, in order, the lines said are the step's, and
beside each decision the value of every option is the API's, which is croupier's own
calculators' (`croupier.review.session`, from the table's hand history), with the cost of a
choice worse than the best. A step's address opens that step; Home, End and playing at a
speed move through the coup; it fits a phone 390 px wide. At an open table, a coup whose
shoe is in play is shown as the person's seat saw it."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from croupier import games
from croupier.engine.history import History
from croupier.review.session import decision_json, session
from tests.web.conftest import Screenshots
from tests.web.pages import Guest, cards_told, hands_shown, typed, unnamed_controls
from tests.web.tables import amount_field, kind, moved_on, offered, open_game
from tests.web.test_banchek import hands_of as banchek_hands

pytestmark = pytest.mark.timeout(300)

BOTS = {"punto-banco": 1, "chemin-de-fer": 2, "monte-bank": 2, "private-monte": 2, "banchek": 2}
"""Bots at each game's table: enough that they play coups with valued decisions among
themselves while the person sits out."""

COUPS = 2
"""The coups settled before the table is closed."""

PHONE: ViewportSize = {"width": 390, "height": 844}

DRAWN = """() => {
  const layout = document.querySelector('#layout');
  return {
    step: layout.dataset.step,
    hands: Object.fromEntries([...layout.querySelectorAll('[data-hand]')].map((hand) => [
      hand.dataset.hand,
      [...hand.querySelectorAll('[data-card]')].map((c) => c.dataset.card),
    ])),
    shown: [...layout.querySelectorAll('[data-card]')].map((c) => c.dataset.card)
      .filter((t) => t !== ''),
    said: [...document.querySelectorAll('#said li.now')].map((li) => li.textContent),
    lines: document.querySelectorAll('#said li').length,
    choices: [...document.querySelectorAll('#choice tr[data-choice]')].map((row) => ({
      words: row.querySelector('th').textContent,
      taken: row.classList.contains('taken'),
      best: row.classList.contains('best'),
      value: row.querySelector('[data-figure^="choice."]').textContent,
      fraction: row.querySelector('[data-figure^="choice."]').dataset.fraction,
      share: row.querySelector('[data-figure^="mix."]')?.dataset.fraction ?? null,
    })),
    cost: document.querySelector('#choice .cost')?.textContent ?? null,
    best: document.querySelector('#choice .best-taken')?.textContent ?? null,
    controls: layout.querySelectorAll('button:not(.go-on), input, select').length,
  };
}"""
"""A page function: what the replayer shows at the step it has drawn."""


def fixed(value: float, signed: bool = True) -> str:
    """`value` to two decimals as the page writes it (JavaScript's toFixed: the nearest,
    a half away from zero), a gain with its + where `signed`."""
    if value == 0:
        return "0.00"
    shown = str(Decimal(value).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
    return f"+{shown}" if signed and value > 0 else shown


def hands(game: str, view: dict[str, Any], seat: int | None) -> dict[str, list[str | None]]:
    """The hands a frame's view holds, by the layout's data-hand, in order."""
    if game == "punto-banco":
        return {"punto": view["punto"]["cards"], "banco": view["banco"]["cards"]}
    if game == "chemin-de-fer":
        return {"punter": view["punter_cards"], "banker": view["banker_cards"]}
    if game == "monte-bank":
        layout = view["layout"]
        if layout is None:
            return {}
        return {**layout["spots"], **{place: [card] for place, card in layout["extras"].items()}}
    if game == "private-monte":
        layout, found = view["layout"], {"seen": view["seen"]}
        if layout is not None:
            for row in ("top", "bottom"):
                spots = (layout["spots"][f"{row}-{side}"] for side in ("left", "right"))
                found[f"{row}-layout"] = [cards[0] for cards in spots]
        return found
    return banchek_hands({"view": view, "seat": seat})


def whole(coup: dict[str, Any]) -> dict[str, Any]:
    """`coup` (the API's) with each frame's whole view: the fields that changed laid over
    the view of the frame before, a view of another kind (`type`) whole (docs/protocol.md)."""
    view, frames = coup["start"], []
    for frame in coup["frames"]:
        view = frame["view"] if "type" in frame["view"] else {**view, **frame["view"]}
        frames.append({**frame, "view": view})
    return {**coup, "frames": frames}


def step_of(page: Page) -> int:
    return int(parse_qs(urlparse(page.url).query)["step"][0])


def check_frame(page: Page, coup: dict[str, Any], k: int) -> dict[str, Any]:
    """The replayer shows step `k` of `coup` (the API's): the address names it; the hands on
    the table are the frame's view's, card by card, and no face-up card is drawn that the
    view does not hold; nothing on the table acts; the lines of the step are its `said`; and
    beside a decision, every option with the API's value and share, the one taken and the
    best marked, and the cost of the one taken, or that it was the best."""
    page.wait_for_function(
        "k => document.querySelector('#layout').dataset.step === String(k)", arg=k
    )
    assert step_of(page) == k
    frame = coup["frames"][k - 1] if k else {"view": coup["start"], "said": [], "decision": None}
    shown: dict[str, Any] = page.evaluate(DRAWN)
    for hand, wanted in hands(coup["game"], frame["view"], coup["seat"]).items():
        drawn = shown["hands"].get(hand, [])
        assert drawn == ["" if c is None else c for c in wanted], (k, hand, shown)
    assert set(shown["shown"]) <= cards_told([frame["view"]]), (k, shown)
    assert shown["controls"] == 0, k
    assert shown["said"] == (frame["said"] if frame["said"] else []), (k, shown["said"])
    assert shown["lines"] == sum(len(f["said"]) for f in coup["frames"][:k])
    decision = frame["decision"]
    if decision is None:
        assert shown["choices"] == [], k
        return shown
    assert len(shown["choices"]) == len(decision["choices"]), k
    for index, (row, choice) in enumerate(zip(shown["choices"], decision["choices"], strict=True)):
        assert row["fraction"] == choice["value"]["fraction"], (k, index)
        assert row["value"] == fixed(choice["value"]["value"]), (k, index, row)
        assert row["taken"] == (index == decision["taken"]), (k, index)
        assert row["best"] == (index == decision["best"]), (k, index)
        assert row["words"].strip(), (k, index)
        if decision["mix"] is not None:
            assert row["share"] == decision["mix"][index]["fraction"], (k, index)
    if decision["cost"]["value"] > 0:
        cost = fixed(decision["cost"]["value"], signed=False)
        assert shown["cost"] == f"Cost {cost} chips against the best."
    else:
        assert shown["best"] == "The best was taken."
    return shown


def stake(guest: Guest, bet: str, amount: int) -> None:
    """Stake `amount` on `bet` at Punto Banco, by its area's control; its chips on the felt."""
    words = {"egalite": "égalité"}.get(bet, bet)
    field = guest.page.get_by_label(f"Bet on {words}: amount")
    expect(field).to_be_visible()
    field.fill(str(amount))
    guest.button(f"Bet on {words}").click()
    expect(guest.page.locator(f".pb-area-{bet} li.mine")).to_be_visible()


def close(guest: Guest) -> None:
    """The opener closes the table; its page says so."""
    guest.button("Close the table").click()
    expect(guest.page.locator("#actions")).to_contain_text("The table is closed.", timeout=60_000)


def coups_settled(guest: Guest, table: int, at_least: int) -> list[dict[str, Any]]:
    """Wait until the table has settled `at_least` coups: their entries."""
    url = f"{guest.url}/api/tables/{table}/coups"
    deadline = guest.page.evaluate("Date.now()") + 120_000
    while True:
        found: list[dict[str, Any]] = guest.context.request.get(url).json()["coups"]
        if len(found) >= at_least:
            return found
        assert guest.page.evaluate("Date.now()") < deadline, found
        guest.page.wait_for_timeout(200)


def check_list(guest: Guest, table: int, person: str | None = None) -> None:
    """The page's past coups are the API's, each with its people's nets."""
    query = f"?person={person}" if person else ""
    listed = guest.context.request.get(f"{guest.url}/api/tables/{table}/coups{query}").json()
    items = guest.page.locator("details#coups li[data-coup]")
    expect(items).to_have_count(len(listed["coups"]))
    for coup in listed["coups"]:
        item = guest.page.locator(f"details#coups li[data-coup='{coup['coup']}']")
        nets = " · ".join(
            f"{s['name']} {'+' if coup['nets'].get(str(s['seat']), 0) > 0 else ''}"
            f"{coup['nets'].get(str(s['seat']), 0)}"
            for s in coup["seats"]
        )
        expect(item.locator(".coup-nets")).to_have_text(nets)
        expect(item.locator("time")).to_have_attribute("datetime", coup["at"])  # when it ended
        expect(item).to_have_attribute("data-revealed", "true" if coup["revealed"] else "false")


def check_numbers(guest: Guest, table: int) -> None:
    """The evening in numbers on the table's page is the API's, seat by seat."""
    numbers = guest.context.request.get(f"{guest.url}/api/tables/{table}/numbers").json()
    seats = guest.page.locator("details#coups .numbers tbody[data-seat]")
    expect(seats).to_have_count(len(numbers["evenings"]))
    for evening in numbers["evenings"]:
        row = guest.page.locator(f"details#coups .numbers tbody[data-seat='{evening['seat']}']")
        expect(row.locator("th")).to_contain_text(f"{evening['seat'] + 1} ({evening['name']})")
        expect(row.locator("[data-figure='decisions']")).to_have_text(str(evening["decisions"]))
        expect(row.locator("[data-figure='best']")).to_have_text(str(evening["best"]))
        for name in ("cost", "expected", "luck"):
            figure = row.locator(f"[data-figure='{name}']")
            expect(figure).to_have_attribute("data-fraction", evening[name]["fraction"])


def calculated(guest: Guest, table: int, game: str, number: int) -> list[dict[str, Any]]:
    """Coup `number`'s decisions as croupier's calculators value them from the table's hand
    history, as `croupier replay --json` gives them."""
    text = guest.context.request.get(f"{guest.url}/api/tables/{table}/history").text()
    played = games.get(game)
    review = session(played, History.from_json(text, played))
    return [decision_json(d) for d in review.decisions if d.coup == number]


def replay_through(
    guest: Guest, table: int, number: int, page: Page | None = None
) -> dict[str, Any]:
    """Open coup `number` in the replayer from the table's past coups (in `page`, a tab of
    its own, where the table's page must stay open: else in the table's page), step
    through it with the right arrow, every step checked, then back to its start with Home
    and to its end with End, where its result is shown: the coup, as the API gives it."""
    link = guest.page.locator(f"details#coups li[data-coup='{number}'] a")
    if page is None:
        page = guest.page
        link.click()
    else:
        page.goto(f"{guest.url}/{link.get_attribute('href')}")
    page.wait_for_url("**/replay.html?*")
    page.wait_for_function("() => document.querySelector('#layout').dataset.step !== undefined")
    coup = whole(guest.context.request.get(f"{guest.url}/api/tables/{table}/coups/{number}").json())
    total = len(coup["frames"])
    check_frame(page, coup, 0)
    expect(page.locator(".steps .where")).to_have_text(f"The start: {total} steps to come")
    for k in range(1, total + 1):
        page.keyboard.press("ArrowRight")
        check_frame(page, coup, k)
    expect(page.locator(".steps .where")).to_have_text(f"Step {total} of {total}")
    page.keyboard.press("ArrowRight")  # at the end: nothing further
    check_frame(page, coup, total)
    last = coup["frames"][-1]["view"]["last"]
    hands_shown(page.locator("#layout section.result"), last)
    page.keyboard.press("Home")
    check_frame(page, coup, 0)
    page.keyboard.press("End")
    check_frame(page, coup, total)
    page.keyboard.press("ArrowLeft")
    check_frame(page, coup, total - 1)
    return coup


def check_link(
    guest: Guest, table: int, coup: dict[str, Any], k: int, page: Page | None = None
) -> None:
    """The address of step `k` opens the replayer at step `k` (in `page`, else the guest's)."""
    page = page or guest.page
    page.goto(f"{guest.url}/replay.html?table={table}&coup={coup['coup']}&step={k}")
    check_frame(page, coup, k)


def check_phone(guest: Guest, coup: dict[str, Any], k: int) -> None:
    """At 390 px the replayer fits the width: nothing scrolls sideways."""
    page = guest.page
    page.set_viewport_size(PHONE)
    for at in (k, len(coup["frames"])):
        page.goto(page.url.split("&step=")[0] + f"&step={at}")
        check_frame(page, coup, at)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        expect(page.locator(".steps")).to_be_in_viewport()


@pytest.mark.parametrize("game", sorted(BOTS))
def test_a_finished_coup_is_replayed_with_its_values(
    serve, browser: Browser, game: str, screenshots: Screenshots
):
    served = serve(7)
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    table = open_game(ada, game, bots=BOTS[game], bot_pause=0.05)
    ada.sit(0, 300)
    if game == "punto-banco":  # its bot stakes on banco, the best bet: ada on punto (PB-6)
        stake(ada, "punto", 20)
    if game == "banchek":  # its bots stake the least on the hands they hold: ada the most
        offered(ada, lambda o: kind(o) == "Stake", timeout=60_000)
        option = next(o for o in ada.drawn()["view"]["legal"]["options"] if kind(o) == "Stake")
        typed(amount_field(ada, "Stake on your cards"), option["high"])
        moved_on(ada, ada.drawn()["seq"])
    ada.page.locator("button[data-plan='away']").click()  # the table plays her turns at once
    coups_settled(ada, table, COUPS)
    close(ada)
    page = ada.page
    coups = page.locator("details#coups")
    expect(coups).to_have_attribute("open", "")  # the evening is over: its numbers shown
    expect(coups.locator(".numbers")).to_be_visible()
    check_list(ada, table)
    check_numbers(ada, table)
    coups.scroll_into_view_if_needed()
    screenshots(page, f"coups-{game}-1280.png")
    coups.get_by_label("Coups of").select_option("ada")
    check_list(ada, table, "ada")
    coups.get_by_label("Coups of").select_option("")

    # The first coup with a choice worse than the best, stepped through.
    listed = ada.context.request.get(f"{served.url}/api/tables/{table}/coups").json()["coups"]
    found = None
    for entry in listed:
        asked = ada.context.request.get(f"{served.url}/api/tables/{table}/coups/{entry['coup']}")
        if any(
            f["decision"] and f["decision"]["cost"]["value"] > 0 for f in asked.json()["frames"]
        ):
            found = entry["coup"]
            break
    assert found is not None, "no choice worse than the best in the coups played"
    coup = replay_through(ada, table, found)
    assert coup["revealed"] is True
    expect(page.locator("#shown-as")).to_contain_text(
        f"It was dealt from shuffle {coup['shuffle']['number']}, which verifies"
    )
    assert [f["decision"] for f in coup["frames"] if f["decision"]] == calculated(
        ada, table, game, found
    )
    costly = next(
        k
        for k, f in enumerate(coup["frames"], 1)
        if f["decision"] and f["decision"]["cost"]["value"] > 0
    )
    check_link(ada, table, coup, costly)
    assert unnamed_controls(page) == []
    screenshots(page, f"replay-{game}-1280.png")

    # Playing at 2×: it steps by itself, and stops when paused.
    page.locator("select[name='speed']").select_option("2")
    page.get_by_role("button", name="Play").click()
    page.wait_for_function(
        "k => Number(document.querySelector('#layout').dataset.step) >= k + 2", arg=costly
    )
    page.get_by_role("button", name="Pause").click()
    stopped = step_of(page)
    check_frame(page, coup, stopped)
    expect(page.get_by_role("button", name="Play")).to_have_attribute("aria-pressed", "false")

    check_phone(ada, coup, costly)
    screenshots(page, f"replay-{game}-390.png")
    assert ada.errors == []


def test_an_open_tables_coup_is_shown_as_the_seat_saw_it(
    serve, browser: Browser, screenshots: Screenshots
):
    """Punto Banco with a bot: ada stakes on égalité, the worst of the three bets (PB-6,
    PB-7); while the shoe is in play her coup is shown as her box saw it, with only her own
    decisions, the stake's cost against banco's said; once the table has closed, every card
    and every decision, and the shuffle it was dealt from verifies."""
    served = serve(7)
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    table = ada.open_table(bots=1, bot_pause=0.3)  # (the shoe lasts the test out)
    ada.sit(0, 300)
    page = ada.page
    stake(ada, "egalite", 20)
    page.locator("button[data-plan='away']").click()
    coups_settled(ada, table, 1)

    coups = page.locator("details#coups")
    coups.locator("summary").click()
    entry = coups.locator("li[data-coup='1']")
    expect(entry).to_contain_text("its shoe in play: shown as you saw it")
    replayer = ada.context.new_page()  # (the table's page stays: ada is not taken for gone)
    coup = replay_through(ada, table, 1, replayer)
    assert coup["revealed"] is False and coup["seat"] == 0
    expect(replayer.locator("#shown-as")).to_have_text(
        "Its shoe is still in play: the coup is shown as your seat, box 1 (ada), saw it, "
        "and what it did not see stays hidden until the shoe is over."
    )
    decided = [f["decision"] for f in coup["frames"] if f["decision"]]
    assert decided and {d["seat"] for d in decided} == {0}
    staked = next(k for k, f in enumerate(coup["frames"], 1) if f["decision"])
    check_link(ada, table, coup, staked, replayer)
    words = [
        row.text_content() or "" for row in replayer.locator("#choice tr[data-choice] th").all()
    ]
    assert [w.split("chips")[0] for w in words] == [
        "Bet on punto, 20 ",
        "Bet on banco, 20 ",
        "Bet on égalité, 20 ",
    ], words
    expect(replayer.locator("#choice tr.taken th")).to_contain_text("Bet on égalité, 20 chips")
    expect(replayer.locator("#choice tr.best th")).to_contain_text("Bet on banco, 20 chips")
    expect(replayer.locator("#choice .cost")).to_be_visible()
    screenshots(replayer, "replay-open-1280.png")
    replayer.get_by_role("link", name="Back to the table").click()
    replayer.wait_for_url("**/table.html?*")
    expect(replayer.locator("details#coups")).to_have_attribute("open", "")  # (#coups)
    replayer.close()

    close(ada)
    expect(coups.locator(".numbers")).to_be_visible()
    revealed = replay_through(ada, table, 1)
    assert revealed["revealed"] is True
    expect(page.locator("#shown-as")).to_contain_text("which verifies")
    assert [f["decision"] for f in revealed["frames"] if f["decision"]] == calculated(
        ada, table, "punto-banco", 1
    )
    assert ada.errors == []
