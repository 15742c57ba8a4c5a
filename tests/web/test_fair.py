"""The shuffle panel and the check of a table's shoes in Debian's Chromium
(docs/fairness.md): the page shows the coming shuffle's commitment before it is made,
gives a part of its own with the Join and to each new commitment, takes words of the
person's own (each sealed first, revealed once the shuffle's seals close); once a shoe is
over it links to the check, which finds each seed the one committed to, the commitments
the one the page was shown, the person's parts in the shuffles and the history signed with
the server's key; and the history it downloads is verified card by card by `croupier
verify`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from typer.testing import CliRunner

from croupier.cli import app
from tests.web.pages import Guest

pytestmark = pytest.mark.timeout(180)


def _fair(guest: Guest) -> dict[str, Any]:
    fair: dict[str, Any] = guest.drawn()["fair"]
    return fair


def test_the_page_shows_the_commitment_gives_parts_and_checks_the_shoes(  # MB-5, C-5
    serve, browser: Browser, screenshots: Path, tmp_path: Path
):
    served = serve(5)
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    table = ada.open_table(bots=2, time_limit=1, bot_pause=0.05, game="monte-bank")
    page = ada.page
    ada.sit(0, 300)
    panel = page.locator("section.fair")
    mine = panel.locator("code.your-part")
    expect(mine).to_have_text(re.compile(r"^[0-9a-f]{32}$"))  # made in the browser, given
    fair = _fair(ada)
    shown = panel.locator("code[data-commitment]")
    expect(shown).to_have_attribute("data-commitment", fair["commitment"])
    expect(shown).to_have_text(f"sha256 {fair['commitment'][:16]}…")
    expect(panel.locator(".given")).to_contain_text("Parts sealed: you.")

    page.get_by_label("your own words for the shuffle").fill("ada's lucky words")
    page.get_by_role("button", name="Add to the shuffle").click()
    # sealed, then revealed by the page itself once the shuffle's seals close
    expect(panel.locator(".fair-answer")).to_contain_text(
        re.compile(r"Your part of shuffle \d+ is sealed|Your part is in shuffle \d+, revealed")
    )
    said = panel.locator(".fair-answer").text_content() or ""
    number = int(re.findall(r"shuffle (\d+)", said)[0])
    # her shuffle is made and its shoe is over (her turns time out after a second)
    expect(panel.locator(".verify")).to_be_visible(timeout=60_000)
    page.wait_for_function(
        "n => Number(document.querySelector('section.fair .verify').textContent"
        ".match(/shuffles? (?:1 to )?(\\d+)/)[1]) >= n",
        arg=number,
        timeout=90_000,
    )
    page.screenshot(path=str(screenshots / "fair-table.png"), full_page=True)

    with page.context.expect_page() as opened:
        panel.get_by_role("link", name="Check them").click()
    check = opened.value
    verdict = check.locator("#verdict")
    expect(verdict).to_contain_text("Verified in this browser", timeout=20_000)
    row = check.locator(f"#shoes tr[data-shuffle='{number}']")
    expect(row).to_contain_text("the commitment")
    expect(row).to_contain_text("yes: ada's lucky words")
    key = served_key(ada)
    expect(check.locator("#key-note")).to_have_text(f"Signed by this server's key, {key}.")
    expect(check.locator("#command")).to_have_text(
        f"croupier verify croupier-table-{table}.json --key {key}"
    )
    check.screenshot(path=str(screenshots / "fair-check.png"), full_page=True)
    with check.expect_download() as downloading:
        check.get_by_role("button", name="Download the history").click()
    saved = tmp_path / "history.json"
    downloading.value.save_as(saved)
    verified = CliRunner().invoke(app, ["verify", str(saved), "--key", key])
    assert verified.exit_code == 0, verified.output
    assert "Verified: " in verified.output
    assert not ada.errors, ada.errors


def served_key(guest: Guest) -> str:
    key: str = guest.context.request.get(f"{guest.url}/api/key").json()["key"]
    return key


def test_a_browser_that_saw_nothing_says_so_and_a_changed_commitment_is_said_loudly(  # C-5
    serve, browser: Browser
):
    """The check in a browser that was shown none of the table's commitments and gave no part
    says "Nothing seen here to check", never "Verified"; a page shown a shuffle committed to
    otherwise than it was first shown warns at the table, and its check is not verified."""
    served = serve(5)
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    table = ada.open_table(bots=2, time_limit=1, bot_pause=0.05, game="monte-bank")
    ada.sit(0, 300)
    panel = ada.page.locator("section.fair")
    expect(panel.locator(".verify")).to_be_visible(timeout=60_000)  # a shoe is over

    stranger = browser.new_context()
    check = stranger.new_page()
    check.goto(f"{served.url}/verify.html?table={table}")
    verdict = check.locator("#verdict")
    expect(verdict).to_contain_text("Nothing seen here to check", timeout=20_000)
    expect(verdict).not_to_contain_text("Verified")
    stranger.close()

    coming = _fair(ada)["shuffle"]
    ada.page.evaluate(  # as if this page had been shown other commitments for what comes
        """([table, coming]) => {
            const name = `croupier-fair-${table}`;
            const kept = JSON.parse(localStorage.getItem(name));
            for (let shuffle = coming; shuffle < coming + 50; shuffle++) {
                kept.seen[shuffle] = "f".repeat(64);
            }
            localStorage.setItem(name, JSON.stringify(kept));
        }""",
        [table, coming],
    )
    warning = panel.locator(".warning")
    changed = "committed to sha256 ffffffffffffffff…, then to"
    expect(warning).to_contain_text(changed, timeout=30_000)
    expect(warning).to_contain_text("do not trust this table's shuffles")
    assert not ada.errors, ada.errors
