"""Talk at the table in Debian's Chromium: ada, seated, and bob, watching, talk beside the
log; a line of HTML and script is shown as the text it is, and runs nothing; ada mutes bob
and his lines are hidden from her page, also after a reload, which shows the last lines.
What is typed is kept until it is said: a line refused for coming too fast is still there
to say again, and a paste longer than a line is kept whole and said to be too long."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from croupier.server._chat import BURST, LONGEST
from tests.web.pages import Guest, unnamed_controls

pytestmark = pytest.mark.timeout(180)

NASTY = '<img src=x onerror="window.hacked=1"><script>window.hacked=2</script> hi'


def test_two_talk_and_one_mutes_the_other(serve, browser: Browser):
    served = serve(7)
    ada, bob = Guest(browser, served.url, "ada"), Guest(browser, served.url, "bob")
    ada.sign_up()
    bob.sign_up()
    table = ada.open_table(bots=1)
    bob.at_table(table)
    ada.sit(0, 300)
    ada.page.get_by_label("say something at the table").fill("good luck, all")
    ada.button("Say").click()
    line = bob.page.locator("#chat li").filter(has_text="good luck, all")
    expect(line).to_contain_text("ada (box 1): good luck, all")
    bob.page.get_by_label("say something at the table").fill(NASTY)
    bob.page.get_by_label("say something at the table").press("Enter")
    said = ada.page.locator("#chat li .chat-text").last
    expect(said).to_have_text(NASTY)
    assert ada.page.locator("#chat img, #chat script").count() == 0
    assert ada.page.evaluate("window.hacked") is None
    expect(ada.page.locator("#chat li").last).to_contain_text("bob (watching)")

    ada.page.get_by_role("button", name="mute bob").first.click()
    expect(ada.page.locator("#chat")).not_to_contain_text("hi")
    expect(ada.page.locator("#chat")).to_contain_text("bob is muted.")
    ada.page.reload()
    expect(ada.page.locator("#chat")).to_contain_text("ada (box 1): good luck, all")
    expect(ada.page.locator("#chat")).to_contain_text("bob is muted.")
    ada.page.get_by_role("button", name="unmute bob").click()
    expect(ada.page.locator("#chat li .chat-text").last).to_have_text(NASTY)
    for guest in (ada, bob):
        assert unnamed_controls(guest.page) == []
        assert guest.errors == []


def test_what_is_typed_is_kept_when_a_line_is_refused_or_too_long(serve, browser: Browser):
    ada = Guest(browser, serve(7).url, "ada")
    ada.sign_up()
    ada.open_table(bots=1)
    ada.sit(0, 300)
    field = ada.page.get_by_label("say something at the table")
    answer = ada.page.locator("#chat-answer")
    pasted = "x" * (LONGEST + 20)
    field.fill(pasted)  # as a paste: kept whole, and said at once to be too long
    expect(field).to_have_value(pasted)
    expect(answer).to_have_text(
        f"This line has {LONGEST + 20} characters: a line is at most {LONGEST}. "
        "Shorten it to say it."
    )
    field.press("Enter")
    expect(field).to_have_value(pasted)
    field.fill("short again")
    expect(answer).to_have_text("")
    for number in range(BURST):  # as many lines as one may say in a while, said at once:
        field.fill(f"line {number}")  # (so that a busy machine cannot stretch them past it)
        field.press("Enter")
        expect(field).to_have_value("")  # sent: the field is cleared
    field.fill("one line too many")
    field.press("Enter")
    said = ada.page.locator("#chat li .chat-text")
    expect(said).to_have_text([f"line {number}" for number in range(BURST)])
    expect(answer).to_contain_text("slow down: at most 5 lines in 10 s")
    expect(field).to_have_value("one line too many")  # kept, to say again
    assert ada.errors == []
