"""Fixtures for the browser tests: Debian's Chromium driven by Playwright (never
`playwright install`: its own browser download cannot work on these machines), and a table
server on the test's SQLite database, dealing from a seed the test names.

The tests are skipped, with the reason, when Debian's Chromium or Playwright is missing;
.ci/run installs Debian's `chromium-headless-shell`, beside the other tests: it names in
`CROUPIER_TEST_CHROMIUM_INSTALLED` the file its install writes its exit status to, and the
browser tests wait for that file first."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cli.served import Served
from tests.conftest import new_database

CHROMIUMS = (Path("/usr/bin/chromium-headless-shell"), Path("/usr/bin/chromium"))
"""Debian's Chromium, which Playwright drives: its headless shell where it is installed (as
Playwright's own headless runs use), else the whole browser in its headless mode. The same
engine draws the pages in both; the whole browser also runs its own windows' pages (the
address bar's, the theme's) beside the tests', and took 38% more processor time for the same
tests (docs/benchmarks.md, 2026-12-07)."""

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
"""As root, on a machine without a GPU or a network beyond loopback."""

SCREENSHOTS = Path(__file__).parent / "screenshots"
"""Where the tests write the tables' screenshots (ignored by git), to be looked at."""

pytest.importorskip("playwright", reason="Playwright for Python is not installed (the test extra)")

from playwright.sync_api import Page, expect  # noqa: E402  (once Playwright is there)

EXPECT_WAIT = 15_000
"""How long, in ms, an expectation waits for what a person would see (Playwright's default is
5 s): CI runs these tests beside the rest of the suite on two cores, where a page reloaded and
reconnected has been seen to take longer than 5 s to draw. An expectation met ends at once."""
expect.set_options(timeout=EXPECT_WAIT)


INSTALLED = "CROUPIER_TEST_CHROMIUM_INSTALLED"
"""The environment variable naming the file that Chromium's install, under way beside the
tests (.ci/run), writes its exit status to when it ends."""
INSTALL_WAIT = 1200
"""The longest the browser tests wait for that install to end, in seconds."""


def _installed() -> None:
    """Wait until Chromium's install under way (if any) has ended; fail if it failed."""
    named = os.environ.get(INSTALLED)
    if not named:
        return
    said, deadline = Path(named), time.monotonic() + INSTALL_WAIT
    while not said.exists():
        if time.monotonic() > deadline:
            pytest.fail(f"Chromium's install did not end in {INSTALL_WAIT} s ({said})")
        time.sleep(0.5)
    status = said.read_text().strip()
    if status != "0":
        pytest.fail(f"Chromium's install failed with status {status}: see .ci/run's output")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch, with Debian's Chromium, headless."""
    _installed()
    chromium = next((path for path in CHROMIUMS if path.exists()), None)
    if chromium is None:
        said = " and ".join(str(path) for path in CHROMIUMS)
        pytest.skip(f"{said} are missing: install Debian's chromium-headless-shell (.ci/run does)")
    return {
        **browser_type_launch_args,
        "executable_path": str(chromium),
        "headless": True,
        "args": ARGS,
    }


@pytest.fixture(params=["sqlite"])
def empty_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The browser tests run on SQLite: the server's storage is tested on both elsewhere,
    and what they test is the page. A test that a person's evening holds on PostgreSQL too
    asks for it (`indirect` parametrization, as tests/conftest.py tells)."""
    with new_database(request, tmp_path) as url:
        yield url


@pytest.fixture
def serve(database_url: str) -> Iterator[Callable[[int | None], Served]]:
    """Start a table server dealing from a seed, `serve(seed)`, or from strong seeds, as a
    server deals, `serve(None)`; stopped after the test."""
    started: list[Served] = []

    def start(seed: int | None = 7) -> Served:
        server = Served(database_url, seed=seed)
        server.start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture(autouse=True)
def _pages_closed(browser: Any) -> Iterator[None]:
    """Every page a test opened is closed once it is over. A page left open runs on: its
    socket reconnects to a server that has stopped, its timers read and redraw; a worker's
    leftover pages once held a hundred renderers busy and slowed every test after them."""
    yield
    for context in browser.contexts:
        context.close()


SHOOT = "CROUPIER_SCREENSHOTS"
"""The environment variable that asks the browser tests for their screenshots (any value but
empty): `CROUPIER_SCREENSHOTS=1 .venv/bin/pytest tests/web`."""


class Screenshots:
    """`screenshots(page, name)`: the page as its person sees it, written to
    tests/web/screenshots/`name` when `CROUPIER_SCREENSHOTS` asks for it, to be looked at
    (docs/playing.md's and docs/fairness.md's pictures come from there). They are not taken
    otherwise: a test asserts what a page shows, never its pixels, and the sixty screenshots
    took a tenth of the browser tests' processor time (docs/benchmarks.md, 2026-12-07)."""

    def __init__(self, wanted: bool) -> None:
        self.wanted = wanted

    def __call__(self, page: Page, name: str, full_page: bool = False) -> None:
        if self.wanted:
            SCREENSHOTS.mkdir(exist_ok=True)
            page.screenshot(path=SCREENSHOTS / name, full_page=full_page)


@pytest.fixture
def screenshots() -> Screenshots:
    return Screenshots(bool(os.environ.get(SHOOT)))
