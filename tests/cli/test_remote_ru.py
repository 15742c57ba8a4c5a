"""`croupier play GAME --server URL` in Russian: the visit's own lines (logged in, the table
opened, seated, the time left, the summary and the account), its refusals in one line, Ctrl-C,
a time limit run out and a dropped connection; the server's words come in the session's
language too (the connection's thread speaks it). On SQLite only: the words, not the storing,
are tested here."""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.frames import Close
from websockets.http11 import Response

from croupier import i18n
from croupier.cli import app
from croupier.cli.remote._line import Line
from croupier.cli.remote._trouble import reason
from croupier.client import ProtocolError, ServerRefused
from croupier.errors import InvalidInput
from croupier.i18n import use
from tests.cli.russian import RUSSIAN, WIDE, flat, latin
from tests.cli.served import PASSWORD, at, free_port
from tests.cli.test_remote import FAST, _full_table, _register
from tests.cli.test_session import Playing

runner = CliRunner()

SQLITE = pytest.mark.parametrize("empty_database_url", ["sqlite"], indirect=True)
"""The words are tested, not the storing: on SQLite alone."""

_NAMED = re.compile(
    r"https?://\S+|127\.0\.0\.1:\d+|sha256 [0-9a-f]+|\b[0-9a-f]{32}\b|--[a-z][a-z-]*"
    r"|`croupier [^`]*`|\b(?:croupier|URL|HTTP)\b"
    r"|\b(?:Anna|Boris|Clara|Dmitri|Elena|vera|eve|hal|ida)\b"
)
"""What a Russian line keeps as it is: addresses, digests and parts, options, commands,
croupier's name, URL (as `--server URL` names it) and HTTP, the people's and the bots'
names."""


def russian(out: str) -> None:
    """Every line of `out` is Russian but for what it names (`_NAMED`)."""
    for line in out.splitlines():
        assert not latin(_NAMED.sub("", line)), line
    assert "Traceback" not in out


def play(game: str, *args: str, lines: tuple[str, ...] = (), env: Any = None) -> Any:
    """`croupier play GAME ARGS` in Russian (`--lang ru`, or the environment `env`),
    answering `lines` and then ending the input."""
    lang = () if env else ("--lang", "ru")
    text = "".join(f"{line}\n" for line in lines)
    return runner.invoke(app, ["play", game, *lang, *args], input=text, env={**WIDE, **(env or {})})


@SQLITE
def test_a_person_registers_opens_a_table_plays_and_gets_up_in_russian(served):
    result = play(
        "chemin-de-fer",
        *at(served, "vera", "--bots", "3", *FAST, register=True),
        lines=("", "", "", "", "", "", "", "выйти"),
    )
    out = result.output
    assert result.exit_code == 0, out
    assert f"Вы зарегистрированы на {served.url} как vera: на вашем счёте 1000 фишек." in out
    assert "Стол 1 открыт, за ним 3 бота." in out
    assert "Шмен-де-фер — 6 колод; банкомет решает свободно (CF-13)" in out  # its header
    assert "Место 1 (вы) садится за стол, фишек: 1000." in out
    assert "Обязательство тасовки 1: sha256 " in out
    assert re.search(r"\(\d+ с\) `банко` — ставка на весь банк", out)  # the time left
    assert "Место 1 (вы) встаёт из-за стола" in out
    assert "Итог игры" in out and "Принёс" in out
    assert re.search(r"^\s+1\s+вы\s+1000\s+\d+\s", out, re.M)  # the summary's row
    assert re.search(rf"Ваш счёт на {re.escape(served.url)}: было 1000, теперь \d+ \(", out)
    russian(out)


@SQLITE
def test_the_errors_are_one_russian_line(served):
    asyncio.run(_register(served.url, "eve"))
    table = asyncio.run(_full_table(served.url))
    nowhere = f"http://127.0.0.1:{free_port()}"
    cases = {
        ("--server", nowhere, "--name", "eve", "--password", PASSWORD): (
            f"сервер по адресу {nowhere} недоступен: там ничего не отвечает"
        ),
        ("--server", "127.0.0.1:1", "--name", "eve", "--password", PASSWORD): (
            "сервер по адресу 127.0.0.1:1 задан не как URL вида http://127.0.0.1:8000"
        ),
        ("--server", served.url, "--name", "eve", "--password", "not the password"): (
            "не удаётся войти как 'eve': имя или пароль неверны "
            "(вы здесь впервые? добавьте --register)"
        ),
        ("--server", served.url, "--name", "eve", "--password", PASSWORD, "--register"): (
            "не удаётся зарегистрироваться как 'eve': имя 'eve' занято: войдите без --register"
        ),
        ("--server", f"{served.url}/nowhere", "--name", "eve", "--password", PASSWORD): (
            f"{served.url}/nowhere отвечает не так, как сервер croupier"
        ),
        at(served, "eve", "--chips", "5000"): "--chips 5000: на вашем счёте только 1000",
        at(served, "eve", "--join", str(table)): (
            f"за столом {table} нет мест: заняты все 10 мест"
        ),
        at(served, "eve", "--join", str(table), "--seat", "2"): (
            f"место 2 за столом {table} занято: там сидит Anna; свободных мест нет"
        ),
        at(served, "eve", "--join", str(table), "--seat", "12"): (
            f"--seat 12: места за столом {table} — от 1 до 10"
        ),
    }
    for args, said in cases.items():
        result = play("chemin-de-fer", *args, env=RUSSIAN)
        assert result.exit_code == 2, (args, result.output)
        assert said in flat(result.output), (args, result.output)
        assert result.output.count("Ошибка:") == 1, result.output
        russian(result.output)
    result = play("banchek", *at(served, "eve", "--join", str(table)))
    assert f"за столом {table} играют в chemin-de-fer: сесть за него — `croupier play " in (
        result.output
    )


@SQLITE
def test_ctrl_c_and_coming_back_in_russian(served):
    table = Playing(
        "chemin-de-fer", "--lang", "ru", *at(served, "hal", "--bots", "2", *FAST, register=True)
    )
    table.wait("Торг за банк")
    out, status = table.interrupt()
    assert status == 130, out
    assert "Прервано: соединение со столом закрыто." in out
    assert "Сервер какое-то время держит за вами место 1" in out
    russian(out)
    result = play("chemin-de-fer", *at(served, "hal", "--join", "1", "--seat", "1"),
                  lines=("", "выйти"))  # fmt: skip
    back = result.output
    assert result.exit_code == 0, back
    assert "Вы снова на месте 1." in back
    assert "Место 1 (вы) встаёт из-за стола" in back
    russian(back)


@SQLITE
def test_a_person_too_slow_and_a_dropped_connection_in_russian(served):
    args = at(served, "ida", "--bots", "2", "--bot-pause", "0", "--time-limit", "1")
    table = Playing("chemin-de-fer", "--lang", "ru", *args, "--register")
    table.wait("Торг за банк")
    time.sleep(2.5)
    table.say("банк 500")  # after the time limit
    table.wait("Слишком поздно: стол уже выбрал за вас.")
    served.stop()
    served.start()
    time.sleep(2)
    table.say("")
    table.wait("Соединение прерывалось и восстановлено.")
    table.say("выйти")
    out, _ = table.process.communicate(timeout=60)
    said = table.said + out.decode()
    assert table.process.returncode == 0, said
    assert "Ваше время вышло: стол делает за вас самый простой выбор." in said
    russian(said)


async def _language() -> str:
    return i18n.current()


@SQLITE
def test_the_connection_thread_speaks_the_session_language(served):
    line = Line(served.url)
    try:
        with use("ru"):
            assert line.call(_language()) == "ru"
        assert line.call(_language()) == i18n.current()
    finally:
        line.close()


def test_why_a_server_failed_is_said_in_russian():
    refused = InvalidStatus(Response(403, "Forbidden", Headers()))
    errors = [
        httpx.ConnectError("refused"),
        TimeoutError(),
        httpx.InvalidURL("bad"),
        ServerRefused(502, "шлюз"),
        ServerRefused(400, "нельзя"),
        refused,
        ConnectionClosed(Close(1000, "пока"), None),
        ConnectionClosed(None, None),
        InvalidInput("x"),
        ProtocolError("шаг 3 пришёл после шага 1"),
        OSError("сбой"),
    ]
    with use("ru"):
        said = [reason(error) for error in errors]
    assert said[:3] == [
        "недоступен: там ничего не отвечает",
        "не отвечает вовремя",
        "задан не как URL вида http://127.0.0.1:8000",
    ]
    assert said[5] == "отказал в соединении (HTTP 403)"
    russian("\n".join(said))
