"""A person at the pages in a browser context of their own (their own cookie), every
websocket frame their page receives, and the checks of what the page shows."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from croupier.client import messages_of

PASSWORD = "a long password"

SEEDED = """
(() => {
  // The page's randomness (its parts of the shuffle, its keys) drawn from a stream of the
  // person's name and the page load's number, so that a seeded server deals the same cards
  // to a test every time: a test finds its seed by trying seeds.
  let load = 1;
  try {
    load = Number(localStorage.getItem("croupier-test-loads") || 0) + 1;
    localStorage.setItem("croupier-test-loads", String(load));
  } catch {}
  let state = 2166136261;
  for (const c of `%s/${load}`) state = Math.imul(state ^ c.charCodeAt(0), 16777619) >>> 0;
  state = state || 1;
  crypto.getRandomValues = (array) => {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      state ^= state << 13; state >>>= 0; state ^= state >>> 17; state ^= state << 5; state >>>= 0;
      bytes[i] = state & 255;
    }
    return array;
  };
})();
"""
"""Run first in every page of a `Guest`: its `crypto.getRandomValues`, seeded (`%s`: the
person's name)."""

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 740}


@dataclass
class Guest:
    """Someone at the pages: a browser context, its page, and what its sockets heard and
    sent."""

    browser: Browser
    url: str
    name: str
    viewport: dict[str, int] = field(default_factory=lambda: dict(DESKTOP))
    locale: str = "en-US"
    """The browser's language (its Accept-Language, its `navigator.language`)."""
    id: int = 0
    heard: list[dict[str, Any]] = field(default_factory=list)
    sent: list[dict[str, Any]] = field(default_factory=list)
    context: BrowserContext = field(init=False)
    page: Page = field(init=False)

    def __post_init__(self) -> None:
        self.context = self.browser.new_context(viewport=self.viewport, locale=self.locale)  # type: ignore[arg-type]
        self.context.add_init_script(SEEDED % self.name)
        self.page = self.context.new_page()
        self.page.on("websocket", self._listen)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _listen(self, socket: Any) -> None:
        def received(payload: str | bytes) -> None:
            self.heard.extend(messages_of(json.loads(payload)))

        socket.on("framereceived", received)
        socket.on("framesent", lambda payload: self.sent.append(json.loads(payload)))

    def sign_up(self) -> None:
        self.page.goto(f"{self.url}/")
        self.enter("Sign up")
        # argon2's hash, with pages and servers of other tests beside it on a shared machine
        expect(self.page.locator("#who")).to_contain_text(f"{self.name}:", timeout=30_000)
        self.id = self.context.request.get(f"{self.url}/api/me").json()["id"]

    def enter(self, how: str, password: str = PASSWORD) -> None:
        self.page.get_by_label("Name").fill(self.name)
        self.page.get_by_label("Password").fill(password)
        self.page.get_by_role("button", name=how, exact=True).click()

    def open_table(
        self, bots: int, time_limit: float = 120, bot_pause: float = 0.2, game: str = "punto-banco"
    ) -> int:
        """Open a table of `game` from the lobby's form: its id, from the table page."""
        page = self.page
        page.get_by_label("game").select_option(game)
        page.get_by_label("number of bots").fill(str(bots))
        page.get_by_label("time limit in seconds").fill(str(time_limit))
        page.get_by_label("bot pause in seconds").fill(str(bot_pause))
        page.get_by_role("button", name="Open the table").click()
        page.wait_for_url("**/table.html?table=*")
        return int(page.url.rsplit("=", 1)[1])

    def at_table(self, table: int) -> None:
        self.page.goto(f"{self.url}/table.html?table={table}")

    def sit(self, seat: int, chips: int) -> None:
        """Take `seat` (from 0) with `chips` through the seat picker."""
        page = self.page
        # A busy table redraws the form at every step: what was chosen in a form just
        # replaced is lost, so choose again until the form on the page holds it.
        picker = page.get_by_label(re.compile(r"^(seat|box) to take$"))  # a box at Punto Banco
        field = page.get_by_label("chips to bring")
        for _ in range(20):
            picker.select_option(str(seat))
            field.fill(str(chips))
            if picker.input_value() == str(seat) and field.input_value() == str(chips):
                break
        page.get_by_role("button", name="Sit down").click()
        expect(page.locator("#layout")).to_have_attribute("data-seat", str(seat))

    def button(self, name: str) -> Any:
        return self.page.get_by_role("button", name=name)

    def last_view(self) -> dict[str, Any]:
        return next(m for m in reversed(self.heard) if m["type"] == "view")

    def wait_phase(self, phase: str, timeout: float = 20_000) -> dict[str, Any]:
        """Wait until the page has drawn a view in `phase`: that view."""
        self.page.wait_for_function(
            "phase => document.querySelector('#layout').dataset.phase === phase",
            arg=phase,
            timeout=timeout,
        )
        return self.drawn()

    def drawn(self) -> dict[str, Any]:
        """The view message the page has drawn last."""
        return self.view_at(int(self.page.locator("#layout").get_attribute("data-seq") or -1))

    def view_at(self, seq: int) -> dict[str, Any]:
        """The last view message heard for step `seq`."""
        return next(m for m in reversed(self.heard) if m["type"] == "view" and m["seq"] == seq)

    def drawn_cards(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The view the page has drawn last and the cards it shows, read together (a view
        arriving between two reads would pair one view's step with another's cards)."""
        cards = cards_in_page(self.page)
        return self.view_at(int(cards.pop("seq") or -1)), cards


def cards_in_page(page: Page) -> dict[str, Any]:
    """The cards the page shows: each hand's, in order ("" for a card face down), and every
    face-up card anywhere on it, and the step of the view drawn ("seq")."""
    found: dict[str, Any] = page.evaluate(
        """() => ({
            seq: document.querySelector('#layout').dataset.seq,
            hands: Object.fromEntries([...document.querySelectorAll('[data-hand]')].map(
                (hand) => [hand.dataset.hand,
                           [...hand.querySelectorAll('[data-card]')].map((c) => c.dataset.card)])),
            shown: [...document.querySelectorAll('[data-card]')].map((c) => c.dataset.card)
                .filter((text) => text !== ''),
        })"""
    )
    return found


def cards_told(heard: list[dict[str, Any]]) -> set[str]:
    """Every card the messages heard name face up."""
    named: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str) and len(value) == 2 and value[1] in "CDHS":
            named.add(value)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for key, item in value.items():
                if key not in ("said", "type"):
                    walk(item)

    walk(heard)
    return named


def check_page_cards(guest: Guest) -> dict[str, Any]:
    """The page's hands are exactly its last view's (a face-down card drawn as a back), and
    it shows no face-up card that its messages did not carry. The view checked."""
    view, cards = guest.drawn_cards()
    for hand in ("punto", "banco"):
        wanted = ["" if card is None else card for card in view["view"][hand]["cards"]]
        assert cards["hands"][hand] == wanted, (hand, cards, view["seq"])
    assert set(cards["shown"]) <= cards_told(guest.heard), cards
    return view


def unnamed_controls(page: Page) -> list[str]:
    """The controls on the page with no accessible name (no words, no label, no
    aria-label)."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('button, input, select, a[href]')]
            .filter((e) => !e.hidden && e.offsetParent !== null)
            .filter((e) => !(e.getAttribute('aria-label') || e.textContent.trim()
                             || (e.labels && e.labels.length && e.labels[0].textContent.trim())))
            .map((e) => e.outerHTML)"""
    )
    return found


def table_chips(guest: Guest) -> int | None:
    """The chips the header says this page's seat has at the table, or None."""
    text = guest.page.locator("#table-chips").text_content() or ""
    return int(text.split()[0]) if text else None


def hands_shown(panel: Locator, last: dict[str, Any]) -> list[dict[str, Any]]:
    """The hands the result `panel` shows (each its name, cards and caption), checked to be
    the settlement's `last` hands, in order."""
    shown: list[dict[str, Any]] = panel.evaluate(
        """(panel) => [...panel.querySelectorAll('[data-shown-hand]')].map((hand) => ({
            name: hand.dataset.shownHand,
            cards: [...hand.querySelectorAll('[data-card]')].map((c) => c.dataset.card),
            caption: hand.querySelector('figcaption').textContent,
        }))"""
    )
    assert [(h["name"], h["cards"]) for h in shown] == [
        (h["name"], h["cards"]) for h in last["hands"]
    ], shown
    return shown


def check_result(guest: Guest) -> dict[str, Any]:
    """What a person sees at the end of a coup, deal or hand: the page shows its last view's
    settlement, every hand face up in order with its points, and the line for its seat
    ("You won +20", "You lost 20") by the chips the settlement gave it. The view checked."""
    drawn = guest.drawn()
    last = drawn["view"]["last"]
    assert last, drawn["view"]
    panel = guest.page.locator("section.result")
    expect(panel).to_be_visible()
    shown = hands_shown(panel, last)
    for hand, drawn_hand in zip(last["hands"], shown, strict=True):
        if hand["points"] is not None:
            assert drawn_hand["caption"].endswith(f"· {hand['points']}"), drawn_hand
    net = dict(last["nets"]).get(drawn["seat"])
    yours = panel.locator(".yours")
    if net is None:
        expect(yours).to_have_count(0)
    elif net > 0:
        expect(yours).to_have_text(f"You won +{net}")
    elif net < 0:
        expect(yours).to_have_text(f"You lost {-net}")
    else:
        expect(yours).to_have_text("You are even: your stake came back")
    return drawn


def typed(field: Locator, amount: int) -> None:
    """Type `amount` into an amount field and press Enter, as a person sends a stake or a
    cut. A busy table redraws its controls at every step (a new commitment, a part given),
    so the amount is typed again until the field on the page holds it (a redraw in the
    middle of typing leaves the new field holding the old digits and the new ones, which it
    bounds to its range), and Enter sends the field's own form, wherever the redraw put it
    (a click's press and release can fall on two different drawings of the button)."""
    for _ in range(20):
        field.fill(str(amount))
        if field.input_value() == str(amount):
            break
    field.press("Enter")


CONTRAST = """(element) => {
  // The contrast ratio (WCAG 2) of an element's text on what is behind it: the background
  // colours of it and its ancestors laid over the first that is opaque, or over the
  // lightest colour of the first gradient (the felt's), the worst case for light text.
  const rgba = (text) => {
    const [r, g, b, a = 1] = text.match(/[\\d.]+/g).map(Number);
    return [r, g, b, a];
  };
  const over = (top, under) =>
    [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
  const luminance = ([r, g, b]) => {
    const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const layers = [];
  let base = [255, 255, 255, 1];
  for (let at = element; at; at = at.parentElement) {
    const style = getComputedStyle(at);
    const stops = style.backgroundImage.match(/rgba?\\([^)]*\\)/g);
    if (stops) {
      base = stops.map(rgba).sort((x, y) => luminance(y) - luminance(x))[0];
      break;
    }
    const colour = rgba(style.backgroundColor);
    if (colour[3] === 1) {
      base = colour;
      break;
    }
    if (colour[3] > 0) layers.push(colour);
  }
  const behind = layers.reverse().reduce((under, layer) => over(layer, under), base);
  const text = over(rgba(getComputedStyle(element).color), behind);
  const [light, dark] = [luminance(text), luminance(behind)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}"""
"""A page function: the contrast ratio of an element's text on what is behind it."""


def contrast(locator: Locator) -> float:
    """The contrast ratio (WCAG 2, 1 to 21) of the text of the element `locator` finds on
    what is behind it on the page."""
    ratio: float = locator.evaluate(CONTRAST)
    return ratio
