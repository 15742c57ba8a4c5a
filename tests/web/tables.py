"""What the Chemin de Fer and Banchek browser tests share: opening a table of a game with
its rules from the lobby's form, acting when the page offers an option, and the checks of
the cards a page shows against the view it drew."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Locator

from tests.web.pages import Guest, cards_told


def open_game(
    guest: Guest,
    game: str,
    bots: int,
    rules: dict[str, str] | None = None,
    time_limit: float = 120,
    bot_pause: float = 0.1,
) -> int:
    """Open a table of `game` from the lobby's form, its rule fields set from `rules`
    (field: text as typed, the choice chosen, or "true" or "false" for a box ticked or
    not): the table's id, from the table page."""
    page = guest.page
    page.get_by_label("game", exact=True).select_option(game)
    for name, value in (rules or {}).items():
        field = page.locator(f"[data-rule='{name}']")
        kind = field.evaluate("field => field.type")
        if kind == "checkbox":
            field.set_checked(value == "true")
        elif kind.startswith("select"):
            field.select_option(value)
        else:
            field.fill(value)
    page.get_by_label("number of bots").fill(str(bots))
    page.get_by_label("time limit in seconds").fill(str(time_limit))
    page.get_by_label("bot pause in seconds").fill(str(bot_pause))
    page.get_by_role("button", name="Open the table").click()
    page.wait_for_url("**/table.html?table=*")
    return int(page.url.rsplit("=", 1)[1])


def offered(guest: Guest, test: Callable[[dict[str, Any]], bool], timeout: float = 20_000) -> None:
    """Wait until the page has drawn a view offering its seat an option `test` is true of."""
    guest.page.wait_for_function(
        "() => document.querySelector('#layout').dataset.seq !== undefined"
    )
    deadline = guest.page.evaluate("Date.now()") + timeout
    while True:
        try:
            view = guest.drawn()
        except StopIteration:
            view = None
        if view is not None and any(test(option) for option in view["view"]["legal"]["options"]):
            return
        assert guest.page.evaluate("Date.now()") < deadline, (guest.name, view and view["view"])
        guest.page.wait_for_timeout(100)


def drawn_until(
    guest: Guest, test: Callable[[dict[str, Any]], bool], timeout: float = 20_000
) -> dict[str, Any]:
    """Wait until the page has drawn a view message `test` is true of: that message."""
    deadline = guest.page.evaluate("Date.now()") + timeout
    while True:
        try:
            message = guest.drawn()
        except StopIteration:
            message = None
        if message is not None and test(message):
            return message
        assert guest.page.evaluate("Date.now()") < deadline, (guest.name, message)
        guest.page.wait_for_timeout(100)


def moved_on(guest: Guest, seq: int) -> None:
    """Wait until the page has drawn a view after step `seq`."""
    guest.page.wait_for_function(
        "seq => Number(document.querySelector('#layout').dataset.seq) > seq", arg=seq
    )


def kind(option: dict[str, Any]) -> str:
    """An option's action type, an Amounts option's by its template."""
    return str(option["template"]["type"] if option["type"] == "Amounts" else option["type"])


def amount_field(guest: Guest, name: str) -> Locator:
    """The amount field of the control whose button says `name`."""
    return guest.page.locator("form.amounts", has=guest.button(name)).locator("input[data-field]")


def check_cards(
    guest: Guest,
    hands: dict[str, list[str | None]] | Callable[[dict[str, Any]], dict[str, list[str | None]]],
) -> dict[str, Any]:
    """The page's hands (by data-hand) are exactly `hands` (or what `hands` gives of the view
    message the page has drawn), a card face down drawn as a back, and it shows no face-up card its
    messages did not carry. The view checked."""
    view, cards = guest.drawn_cards()
    wanted_hands = hands(view) if callable(hands) else hands
    for hand, wanted in wanted_hands.items():
        assert cards["hands"].get(hand, []) == ["" if c is None else c for c in wanted], (
            hand,
            cards,
            view["seq"],
        )
    assert set(cards["shown"]) <= cards_told(guest.heard), cards
    return view
