"""A host follows the README's "For a club host", step by step, on loopback: the wheel built
and installed outside the checkout, the systemd unit and the nginx site written by `croupier
deploy` and run as systemd and nginx would run them (each instance's `ExecStart`, nginx with
the site), an account made and given chips by `croupier admin`, a person playing through the
site, `/metrics` scraped, the ledger backed up while the house runs, restored into a new
database, and audited with its admin trail.

Each step is read from the README's block and run with this machine's ports and folders in
place of the README's (`_HERE`); a step the test does not know fails it, so the README cannot
say what the test does not do."""

from __future__ import annotations

import re
import shlex
import subprocess
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from tests.cli.served import PASSWORD, free_port
from tests.installed import ROOT, environment, install, run, wheel
from tests.server.proxied import running, started, until
from tests.test_docs import BLOCKS

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]

_STATE = "/var/lib/croupier"
_URL = "https://cards.example.org"
_CERTIFICATE = re.compile(r" --certificate \S+ --certificate-key \S+")


def _steps() -> list[str]:
    """The commands of the README's block for a club host, in order."""
    readme = ROOT / "README.md"
    heading = readme.read_text(encoding="utf-8").splitlines().index("## For a club host")
    block = next(each for each in BLOCKS if each.path == readme and each.line > heading)
    return list(block.lines)


@dataclass
class _Host:
    """The host's machine, on loopback: where things go, and what runs."""

    folder: Path
    bin: Path
    stack: ExitStack
    wheel: str
    ports: tuple[int, int] = field(default_factory=lambda: (free_port(), free_port()))
    front: int = field(default_factory=free_port)
    unit: str = ""
    site: str = ""
    said: dict[str, list[str]] = field(default_factory=dict)
    """What each command said (`croupier admin`: every one of them, in order)."""

    def heard(self, what: str, text: str) -> None:
        self.said.setdefault(what, []).append(text)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.front}"

    @property
    def state(self) -> Path:
        return self.folder / "state"

    def here(self, words: list[str]) -> list[str]:
        """The README's command with this machine's address, ports and folders."""
        line = shlex.join(words).replace(_URL, self.url).replace(_STATE, str(self.state))
        line = _CERTIFICATE.sub("", line)  # plain http on loopback
        line = line.replace("--processes 2", f"--port {self.ports[0]} --port {self.ports[1]}")
        return shlex.split(line)

    def croupier(self, words: list[str], lines: str = "") -> str:
        """The installed `croupier` with `words`, here: what it printed (it must exit 0)."""
        return run(self.bin, self.folder / "home", "croupier", *self.here(words)[1:], lines=lines)

    def start(self, instance: str) -> None:
        """What systemd runs for `croupier@PORT`: the unit's `ExecStart`, `%i` the port."""
        port = int(instance.removeprefix("croupier@"))
        words = started(self.unit, port)
        assert Path(words[0]) == self.bin / "croupier"  # the installed one, by its path
        log = (self.folder / f"{instance}.log").open("w")
        self.stack.callback(log.close)
        process = subprocess.Popen(
            words,
            cwd=self.state,
            env=environment(self.bin, self.state),
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        self.stack.callback(_stop, process)
        until(lambda: httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).is_success)


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    process.wait(60)


@contextmanager
def _host(folder: Path, bin: Path, built: Path) -> Iterator[_Host]:
    """The host's machine in `folder`, with croupier installed in `bin` from `built`; what
    runs on it stops when the block ends."""
    with ExitStack() as stack:
        host = _Host(folder, bin, stack, wheel=built.name)
        for each in (folder, host.state, folder / "home"):
            each.mkdir()
        yield host


def _metric(text: str, name: str) -> int:
    """The sum of metric `name`'s samples in Prometheus' text."""
    found = re.findall(rf"^{name}(?:{{[^}}]*}})? (\S+)$", text, re.M)
    assert found, f"no {name} in {text[:2000]}"
    return int(sum(float(value) for value in found))


def _follow(host: _Host, line: str) -> None:
    """Do the README's step `line` as the host would, on loopback."""
    words = shlex.split(line)
    lines = ""
    if words[:2] == ["echo", "$PASSWORD"]:  # the password, on standard input
        words, lines = words[3:], f"{PASSWORD}\n"
    if words[:2] == ["sudo", "-u"]:
        words = words[3:]  # as the service's user: here, the test's
    elif words[0] == "sudo":
        words = words[1:]
    while "=" in words[0]:
        words = words[1:]  # pipx's folders: the test installs into a venv of its own
    match words:
        case ["python3", "tasks.py", "wheel"]:
            pass  # the wheel is built once for the module (`wheel`), as the task builds it
        case ["pipx", "install", spec]:
            assert spec == f"./dist/{host.wheel}[server]"  # the wheel the task built
        case ["croupier", "deploy", "systemd", *_]:
            output = words.index("--output") + 1
            words[output] = str(host.folder / "croupier@.service")
            words += ["--database", f"sqlite:///{host.state / 'croupier.db'}"]
            words += ["--key-file", str(host.state / "croupier.key")]
            words += ["--metrics-dir", str(host.folder / "run" / "metrics")]
            (host.folder / "run").mkdir(mode=0o700)
            host.croupier(words)
            host.unit = (host.folder / "croupier@.service").read_text(encoding="utf-8")
        case ["useradd", *_] | ["systemctl", "daemon-reload"]:
            pass  # the service runs as the test's user
        case ["systemctl", "enable", "--now", *instances]:
            assert instances == [f"croupier@{port}" for port in (8001, 8002)]
            for port in host.ports:
                host.start(f"croupier@{port}")
        case ["croupier", "deploy", "nginx", *_]:
            output = words.index("--output") + 1
            words[output] = str(host.folder / "croupier.conf")
            host.croupier(words)
            host.site = (host.folder / "croupier.conf").read_text(encoding="utf-8")
        case ["systemctl", "reload", "nginx"]:
            nginx = host.folder / "nginx"
            nginx.mkdir()
            host.stack.enter_context(running(nginx, host.site, host.url))
        case ["croupier", "play", *_]:
            fast = ["--bot-pause", "0", "--time-limit", "30", "--chips", "500"]
            answers = f"{PASSWORD}\n" + "\n" * 7 + "quit\n"
            host.heard("croupier play", host.croupier([*words, *fast], answers))
        case ["curl", "-s", address]:
            assert address == "http://127.0.0.1:8001/metrics"
            port = host.ports[0]
            host.heard("metrics", httpx.get(f"http://127.0.0.1:{port}/metrics").text)
        case ["croupier", kind, *_] if kind in ("admin", "backup", "restore", "ledger"):
            host.heard(" ".join(words[:2]), host.croupier(words, lines))
        case _:
            pytest.fail(f"the README's step {line!r} is not one this test knows how to follow")


def test_a_host_follows_the_readme(tmp_path):
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    bin = install(tmp_path / "opt" / "venv", wheels)
    with _host(tmp_path / "machine", bin, wheel(wheels)) as host:
        for line in _steps():
            _follow(host, line)
        said = {what: "\n".join(texts) for what, texts in host.said.items()}
        assert "Created ada, with 1,000 chips." in said["croupier admin"]
        assert "Gave ada 5,000 chips (transfer 2): they hold 6,000." in said["croupier admin"]
        played = said["croupier play"]
        account = re.search(r"Your account at \S+: (\d+) chips before, (\d+) now", played)
        assert account is not None, played
        assert int(account[1]) == 1000 + 5000  # the grant, and what the operator gave
        assert "Seat 1 (you) sits down with 500 chips." in played
        assert "— Coup 2 —" in played  # a coup played to its end through the site
        metrics = said["metrics"]
        assert _metric(metrics, "croupier_actions_total") >= 1
        assert _metric(metrics, "croupier_steps_total") > _metric(metrics, "croupier_actions_total")
        assert "holds" in said["croupier restore"]
        audited = said["croupier ledger"]
        assert "holds" in audited
        assert "the club's float for Friday" in audited  # the admin trail, restored
