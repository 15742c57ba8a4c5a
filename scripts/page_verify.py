"""Check table servers' signed histories with the check page's own code, in Chromium.

    .venv/bin/python scripts/page_verify.py FOLDER_OR_FILE... [--chromium PATH]

Each history file named (or every `*.json` in a folder named) is proved in the browser by
`js/proved.js`, as `verify.html` proves a history (docs/fairness.md, "The check in the
browser"): seeds, sealed parts, orders, the record's actions, signatures, house cuts and
calls, the cards dealt where they come off the top, the table's end. The pages are served
from this checkout on a free loopback port, with no table server. It prints a line for each
history, what was checked or why it was refused, and the totals, and exits 1 if any was
refused. `benchmarks/fair_soak.py --save DIR` writes histories to check so.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

WEB = Path(__file__).parents[1] / "src" / "croupier" / "server" / "web"
"""The pages and their modules."""

CHROMIUM = Path("/usr/bin/chromium")

PROVE = """async (text) => {
    const { proved } = await import("/js/proved.js");
    const report = await proved(JSON.parse(text));
    const { refused, orders, signatures, cuts, calls, cards, coups } = report;
    return { refused: refused && refused.message, orders, signatures, cuts, calls, cards, coups };
}"""
"""What the page runs for one history's text: what `proved` checked, or why it refused."""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Nothing: a request served is no news."""


@contextmanager
def served() -> Iterator[str]:
    """The pages served on a free loopback port, until the block ends: their address."""
    handler = functools.partial(_Quiet, directory=str(WEB))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def proved_in(page: Any, text: str) -> dict[str, Any]:
    """What the check page's `proved` makes of the history `text`, in `page` (a Playwright
    page at the pages' address): `refused`, its reason or None, and what it checked."""
    found: dict[str, Any] = page.evaluate(PROVE, text)
    return found


def _histories(named: list[Path]) -> list[Path]:
    found = []
    for path in named:
        found.extend(sorted(path.glob("*.json")) if path.is_dir() else [path])
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path, help="history files, or folders of them")
    parser.add_argument("--chromium", type=Path, default=CHROMIUM, help=f"({CHROMIUM})")
    args = parser.parse_args()
    missing = [str(path) for path in args.paths if not path.exists()]
    if missing:
        parser.error(f"no such file or folder: {', '.join(missing)}")
    histories = _histories(args.paths)
    if not histories:
        parser.error("no history (*.json) to check there")
    if not args.chromium.exists():
        parser.error(f"no Chromium at {args.chromium} (--chromium PATH)")
    from playwright.sync_api import sync_playwright

    refused = 0
    started = time.perf_counter()
    with served() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(args.chromium), headless=True, args=["--no-sandbox"]
        )
        page = browser.new_page()
        page.goto(f"{url}/verify.html")
        for path in histories:
            began = time.perf_counter()
            text = path.read_text(encoding="utf-8", errors="replace")
            try:
                json.loads(text)
            except ValueError as error:
                refused += 1
                print(f"{path.name}: REFUSED: not JSON ({error})", flush=True)
                continue
            found = proved_in(page, text)
            took = time.perf_counter() - began
            if found["refused"] is not None:
                refused += 1
                print(f"{path.name}: REFUSED: {found['refused']} ({took:.1f} s)", flush=True)
                continue
            cards = "checked" if found["cards"] is not None else "left to croupier verify"
            print(
                f"{path.name}: proved: {found['coups']} coups, {found['orders']} shuffles, "
                f"{found['signatures']} shoes signed, {found['cuts']} house cuts, "
                f"{found['calls'] or 0} house calls, cards {cards} ({took:.1f} s)",
                flush=True,
            )
        browser.close()
    took = time.perf_counter() - started
    print(f"total: {len(histories) - refused} of {len(histories)} proved in the page, {took:.1f} s")
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main())
