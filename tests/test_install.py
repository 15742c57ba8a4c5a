"""The wheel, installed with the server extra into a fresh virtual environment outside the
checkout (tests/installed.py) and run from a folder of its own with an environment that cannot
see the checkout, serves everything it carries: the pages with their scripts and styles, the
migrations that make its ledger, the Russian catalog, the rule books' texts; and a person
registers, plays a coup at a table with bots through it, and logs in."""

from __future__ import annotations

import re
import signal
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from tests.cli.served import PASSWORD, free_port
from tests.installed import ROOT, environment, install, run, wheel

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with croupier's wheel, built as `python3 tasks.py wheel` builds it."""
    folder = tmp_path_factory.mktemp("wheels")
    wheel(folder)
    return folder


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory, wheels: Path) -> Path:
    """The `bin` folder of croupier installed from its wheel, outside the checkout."""
    return install(tmp_path_factory.mktemp("installed") / "venv", wheels)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """The folder the installed croupier is run from, and its home."""
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


def test_the_wheel_is_the_one_the_readme_installs(wheels):
    (built,) = wheels.glob("croupier-*.whl")
    assert f'pipx install "dist/{built.name}[server]"' in (ROOT / "README.md").read_text()


def test_croupier_is_the_installed_one_and_reads_its_texts(installed, home):
    where = run(installed, home, "python", "-c", "import croupier, sys; print(croupier.__file__)")
    assert Path(where.strip()).is_relative_to(installed.parent)
    paths = run(installed, home, "python", "-c", "import sys; print('\\n'.join(sys.path))")
    assert not [path for path in paths.split() if Path(path).resolve().is_relative_to(ROOT)]
    version = run(installed, home, "croupier", "--version")
    assert re.fullmatch(r"croupier \d+\.\d+\.\d+\S*\n", version)
    rules = run(installed, home, "croupier", "rules", "punto-banco")
    assert "PB-13e" in rules  # the rule book's text, with its IDs
    russian = run(installed, home, "croupier", "rules", "punto-banco", "--lang", "ru")
    assert "Латиноамериканская разновидность" in russian  # the Russian rule book's own text


def test_the_installed_server_serves_its_pages_and_a_person_plays_a_coup(installed, home):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    ledger = f"sqlite:///{home / 'ledger.db'}"
    server = subprocess.Popen(
        [installed / "croupier", "serve", "--database", ledger, "--port", f"{port}"],
        cwd=home,
        env=environment(installed, home),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        with httpx.Client(base_url=url, timeout=30) as web:
            _wait_for(web, server)
            lobby = web.get("/")
            assert "<title data-i18n>croupier: the lobby</title>" in lobby.text
            assert '<script type="module" src="js/lobby.js">' in lobby.text
            script = web.get("/js/lobby.js")
            assert script.headers["content-type"].startswith("text/javascript")
            assert 'from "./i18n.js"' in script.text
            style = web.get("/css/croupier.css")
            assert style.headers["content-type"].startswith("text/css")
            words = web.get("/api/words", headers={"Accept-Language": "ru-RU,ru;q=0.9"}).json()
            assert words["language"] == "ru"
            assert words["messages"]["The lobby"] == "Лобби"  # the page's heading, in Russian

            said = run(
                installed,
                home,
                "croupier",
                "play",
                "punto-banco",
                "--lang",
                "ru",
                *("--server", url, "--name", "ada", "--password", PASSWORD, "--register"),
                *("--bots", "2", "--bot-pause", "0"),
                lines="банко 100\n\n\n\nвыйти\n",
            )
            assert f"Вы зарегистрированы на {url} как ada: на вашем счёте 1000 фишек." in said
            assert "Бокс 1 (вы) ставит 100 на банко." in said
            settled = re.search(r"бокс 1 \(вы\): ставка 100 на банко (\w+)(?: ([+−]\d+))?", said)
            assert settled is not None, said
            won = {"выигрывает": 1, "проигрывает": -1, "возвращается": 0}[settled[1]]
            net = won * int((settled[2] or "0").lstrip("+−"))
            assert "— Сдача 2 —" in said  # the first coup over, the next one told
            account = re.search(rf"Ваш счёт на {url}: было 1000, теперь (\d+)", said)
            assert account is not None, said
            assert int(account[1]) == 1000 + net  # the coup's outcome, in the ledger

            refused = web.post(
                "/api/login",
                json={"name": "ada", "password": "not the password"},
                headers={"Accept-Language": "ru"},
            )
            assert refused.status_code == 401
            assert not re.search(r"[A-Za-z]", refused.json()["error"])  # said in Russian
            entered = web.post("/api/login", json={"name": "ada", "password": PASSWORD})
            assert entered.status_code == 200, entered.text
            assert web.get("/api/me").json()["chips"] == int(account[1])
    finally:
        server.send_signal(signal.SIGINT)  # Ctrl-C
        out, err = server.communicate(timeout=60)
    assert server.returncode == 0, err
    assert f"croupier serves at {url}/ with the ledger at {ledger}" in out
    assert "Traceback" not in err


def _wait_for(web: httpx.Client, server: subprocess.Popen[str]) -> None:
    """Once the server answers `/api/health` with its database up."""
    deadline = time.monotonic() + 60
    while True:
        assert server.poll() is None, server.communicate()
        try:
            if web.get("/api/health").json() == {"status": "ok", "database": "ok"}:
                return
        except httpx.TransportError:
            assert time.monotonic() < deadline, "the installed server did not answer"
            time.sleep(0.1)
