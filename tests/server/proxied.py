"""Debian's nginx in front of two table servers, on loopback, configured by the project's own
site file, deploy/nginx/croupier.conf, with only its ports changed: so that what the tests
run through is what the file tells people to run.

A test that needs it is skipped without nginx (`.ci/run` installs it).
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

NGINX = Path(shutil.which("nginx") or "/usr/sbin/nginx")
SITE = Path(__file__).resolve().parents[2] / "deploy" / "nginx" / "croupier.conf"

_MAIN = """
daemon off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 256; }}
http {{
  access_log off;
  client_body_temp_path {folder}/body;
  proxy_temp_path {folder}/proxy;
  fastcgi_temp_path {folder}/fastcgi;
  uwsgi_temp_path {folder}/uwsgi;
  scgi_temp_path {folder}/scgi;
  include {folder}/croupier.conf;
}}
"""
"""nginx itself, as a user may run it in a folder of their own: the site file is its http."""


def site(port: int, first: int, second: int) -> str:
    """The site file, listening on loopback at `port`, its two processes at `first` and
    `second` (where it names 80, 8001 and 8002)."""
    text = SITE.read_text(encoding="utf-8")
    for example, ours in (
        ("listen 80;", f"listen 127.0.0.1:{port};"),
        ("127.0.0.1:8001", f"127.0.0.1:{first}"),
        ("127.0.0.1:8002", f"127.0.0.1:{second}"),
    ):
        assert example in text, f"{SITE} no longer says {example!r}"
        text = text.replace(example, ours)
    return text


@contextmanager
def nginx(folder: Path, port: int, first: int, second: int) -> Iterator[str]:
    """nginx on loopback at `port` in front of the servers at `first` and `second`, running
    in `folder` until the block ends: its address, once it answers."""
    if not NGINX.exists():
        pytest.skip("nginx is not installed (apt-get install nginx; .ci/run does)")
    (folder / "croupier.conf").write_text(site(port, first, second), encoding="utf-8")
    (folder / "nginx.conf").write_text(_MAIN.format(folder=folder), encoding="utf-8")
    process = subprocess.Popen([NGINX, "-c", str(folder / "nginx.conf"), "-p", str(folder)])
    try:
        base = f"http://127.0.0.1:{port}"
        until(lambda: httpx.get(f"{base}/api/health", timeout=1).status_code == 200)
        yield base
    finally:
        process.terminate()
        process.wait(10)


def until(ready: Callable[[], bool], seconds: float = 30) -> None:
    """Wait until `ready()` (a request that fails is not ready yet)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if ready():
                return
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, "never ready"
        time.sleep(0.1)
