"""Another site's page and the server's own, in Debian's Chromium (docs/protocol.md,
"Requests from other sites"): a form on another site that posts a name and a password to
the server as plain text, which a browser sends anywhere without asking, logs nobody in;
the pages' own posts (signing up, opening and closing a table, logging out, which has no
body of its own) go through."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, Route, expect

from tests.web.pages import PASSWORD, Guest

pytestmark = pytest.mark.timeout(180)

EVIL = "http://evil.example"

FORM = """<!doctype html>
<form method="post" enctype="text/plain" action="{action}">
  <input type="hidden" name='{{"name": "eve", "password": "{password}", "x": "' value='"}}'>
</form>
<script>document.forms[0].submit()</script>
"""
"""A page of another site that logs whoever opens it in as eve: its form's one field is
sent as `name=value`, here `{"name": "eve", "password": "...", "x": "="}`."""


def test_a_form_on_another_site_logs_nobody_in(serve, browser: Browser):
    served = serve(7)
    registered = httpx.post(
        f"{served.url}/api/register", json={"name": "eve", "password": PASSWORD}
    )
    assert registered.status_code == 201
    context = browser.new_context()
    page = context.new_page()
    form = FORM.format(action=f"{served.url}/api/login", password=PASSWORD)

    def other_site(route: Route) -> None:
        route.fulfill(body=form, content_type="text/html")

    page.route(f"{EVIL}/**", other_site)
    with page.expect_response(f"{served.url}/api/login") as answered:
        page.goto(f"{EVIL}/")
    assert answered.value.status == 403
    assert "evil.example" in answered.value.json()["error"]
    assert [c["name"] for c in context.cookies(served.url)] == []
    context.close()


def test_the_pages_own_posts_go_through(serve, browser: Browser):
    served = serve(7)
    ada = Guest(browser, served.url, "ada")
    ada.sign_up()
    ada.open_table(bots=1)
    ada.button("Close the table").click()
    expect(ada.page.locator("#close-note")).to_contain_text("closes at the next moment the rules")
    ada.page.goto(f"{served.url}/")
    expect(ada.page.locator("#who")).to_contain_text("ada:")
    ada.page.locator("#logout").click()
    expect(ada.page.locator("#logout")).to_be_hidden()
    assert ada.context.request.get(f"{served.url}/api/me").status == 401
    assert not ada.errors
