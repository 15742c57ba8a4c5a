"""Debian's nginx in front of table servers, on loopback, with the site `croupier deploy nginx`
writes (`croupier.server.deploy.site`) for the tests' own ports, and each process told what
that file tells it (`told`): so that what the tests run through is what people are told to
run.

A test that needs it is skipped without nginx (`.ci/run` installs it).
"""

from __future__ import annotations

import configparser
import shlex
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from croupier.server.deploy import House, site

NGINX = Path(shutil.which("nginx") or "/usr/sbin/nginx")

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


def house(port: int, ports: list[int]) -> House:
    """The house reached at nginx on loopback at `port`, its processes at `ports`."""
    return House(f"http://127.0.0.1:{port}", tuple(ports))


def told(house: House, port: int) -> tuple[str, ...]:
    """What the process at `port` is told besides its port and database, as the site's
    first lines say (`House.serve`)."""
    command = house.serve(port)
    assert command[:3] == ("serve", "--port", str(port)), command
    return command[3:]


@contextmanager
def nginx(folder: Path, house: House) -> Iterator[str]:
    """nginx on loopback at the house's port in front of its processes, running in `folder`
    until the block ends: its address, once it answers."""
    with running(folder, site(house, f"127.0.0.1:{urlsplit(house.url).port}"), house.url):
        yield house.url


@contextmanager
def running(folder: Path, text: str, url: str) -> Iterator[None]:
    """nginx with the site `text`, running in `folder` until the block ends, once `url`
    answers `/api/health`."""
    if not NGINX.exists():
        pytest.skip("nginx is not installed (apt-get install nginx; .ci/run does)")
    (folder / "croupier.conf").write_text(text, encoding="utf-8")
    (folder / "nginx.conf").write_text(_MAIN.format(folder=folder), encoding="utf-8")
    process = subprocess.Popen([NGINX, "-c", str(folder / "nginx.conf"), "-p", str(folder)])
    try:
        until(lambda: httpx.get(f"{url}/api/health", timeout=1).status_code == 200)
        yield
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


def unit_of(text: str) -> configparser.ConfigParser:
    """A systemd unit's sections, its keys as systemd spells them."""
    parsed = configparser.ConfigParser(interpolation=None, strict=True)
    parsed.optionxform = str  # type: ignore[assignment,method-assign]  # keys as systemd's
    parsed.read_string(text)
    return parsed


def started(text: str, port: int) -> list[str]:
    """What systemd runs for the unit `text`'s instance `croupier@PORT`: its `ExecStart`,
    `%i` the port, as words."""
    start = unit_of(text)["Service"]["ExecStart"].replace("%i", str(port))
    return [word.replace("%%", "%").replace("$$", "$") for word in shlex.split(start)]
