"""A table of people of two languages (issue 29): each connection is told the steps in words
and its refusals in its own language, as its browser asks (Accept-Language) or as it names
(`lang=`); the pages' words (`/api/words`) and the games' titles come in the language
asked for; every refusal in words (the door's, a malformed request's or frame's, the
ledger's, a socket's closing) is in the language of the request or connection; English
stays English."""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from croupier import i18n
from croupier.errors import LogInRefused
from croupier.server import app
from croupier.server._protocol import ENDED
from croupier.server.app import create_app
from croupier.server.door import Entrance, Limits
from tests.server.players import Person, Reader, open_table, sit_down

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


@pytest.fixture
def server(database_url):
    with TestClient(create_app(database_url, seed=5)) as client:
        yield client


def test_each_connection_hears_the_table_in_its_language(server):
    ada, boris = Person(server, "ada-lang"), Person(server, "boris-lang")
    table = open_table(ada, "chemin-de-fer", bots=2, bot_pause=0)
    with (
        ada.connect(table, words=True, languages="en-GB,en;q=0.9") as english,
        boris.connect(table, words=True, languages="ru-RU,ru;q=0.9,en;q=0.5") as russian,
    ):
        heard: dict[str, list[dict[str, Any]]] = {"ada": [], "boris": []}
        readers = {"ada": Reader(english, heard["ada"]), "boris": Reader(russian, heard["boris"])}
        sit_down(readers["ada"], 3, 500)
        sit_down(readers["boris"], 4, 500)
        for name in heard:
            readers[name].until(lambda m: m["type"] == "step" and len(m.get("said", [])) > 0)
        english_words = " ".join(line for m in heard["ada"] for line in m.get("said", []))
        russian_words = " ".join(line for m in heard["boris"] for line in m.get("said", []))
        assert "Seat 4 (you) sits down with 500 chips." in english_words
        assert not CYRILLIC.search(english_words)
        assert CYRILLIC.search(russian_words) and "Место 5 (вы)" in russian_words
        assert "sits down" not in russian_words

        # A refusal is said in the language of the connection that asked.
        seq = heard["boris"][-1]["seq"]
        readers["boris"].send({"type": "Join", "amount": 5}, seq, seat=6)
        refused = readers["boris"].until(lambda m: m["type"] == "refused")
        with i18n.use("ru"):
            assert refused["reason"] == i18n._("you sit at seat {seat} already").format(seat=5)
        readers["ada"].send({"type": "Join", "amount": 5}, seq, seat=6)
        refused = readers["ada"].until(lambda m: m["type"] == "refused")
        assert refused["reason"] == "you sit at seat 4 already"


@pytest.mark.parametrize(
    ("asked", "headers", "language", "title"),
    [
        ("", {"accept-language": "ru-RU,ru;q=0.9"}, "ru", "Шмен-де-фер"),
        ("?lang=ru", {"accept-language": "en-US"}, "ru", "Шмен-де-фер"),
        ("?lang=en", {"accept-language": "ru"}, "en", "Chemin de Fer"),
        ("", {}, "en", "Chemin de Fer"),
        ("?lang=xx", {"accept-language": "fr, ru;q=0.5"}, "ru", "Шмен-де-фер"),
    ],
)
def test_the_pages_words_and_the_games_come_in_the_language_asked(
    server, asked, headers, language, title
):
    words = server.get(f"/api/words{asked}", headers=headers).json()
    assert words["language"] == language
    assert words["plural"] == list(i18n.PLURALS[language])
    if language == "ru":
        assert words["messages"]["language"] == "язык"  # the header's switch
    else:
        assert words["messages"] == {}  # the message ids are the English
    found = server.get(f"/api/games{asked}", headers=headers).json()
    assert {g["name"]: g["title"] for g in found}["chemin-de-fer"] == title


def test_the_api_refuses_in_the_language_of_the_request(server):
    """A refusal in words (a log-in, a sign-up, opening a table) is said in the language
    the request asks for; English otherwise."""
    wrong = {"name": "nobody-here", "password": "not the password"}
    russian = server.post("/api/login", json=wrong, headers={"accept-language": "ru"})
    assert russian.status_code == 401
    assert russian.json()["error"] == "имя или пароль неверны"
    english = server.post("/api/login", json=wrong)
    assert english.json()["error"] == str(LogInRefused()) == app._REFUSED
    short = server.post(
        "/api/register",
        json={"name": "ada-short", "password": "abc"},
        headers={"accept-language": "ru"},
    )
    assert short.json()["error"].startswith("пароль слишком короткий: нужно не меньше 8 знаков")
    ada = Person(server, "ada-opens")
    body = {"game": "chemin-de-fer", "bots": 1}
    ru = {"accept-language": "ru"}
    refused = ada._as_me(lambda: server.post("/api/tables", json=body, headers=ru))
    assert refused.status_code == 400
    assert "«Шмен-де-фер» с 1 ботом кончается, не начавшись" in refused.json()["error"]


RU = {"accept-language": "ru-RU,ru;q=0.9"}


def test_the_door_says_how_long_to_wait_in_the_language_of_the_request(database_url, monkeypatch):
    now = [1000.0]  # the door's clock, standing still unless moved
    monkeypatch.setattr(app, "Entrance", functools.partial(Entrance, clock=lambda: now[0]))
    with TestClient(create_app(database_url, limits=Limits(tries=1))) as client:
        wrong = {"name": "ada-door", "password": "not the password"}
        assert client.post("/api/login", json=wrong).status_code == 401
        russian = client.post("/api/login", json=wrong, headers=RU)
        assert (russian.status_code, russian.json()["error"]) == (
            429,
            "слишком много попыток для этого имени: попробуйте снова через 1 секунду",
        )
        now[0] += 1
        assert client.post("/api/login", json=wrong).status_code == 401  # the wait doubles
        russian = client.post("/api/login", json=wrong, headers=RU)
        assert russian.json()["error"].endswith("через 2 секунды")
        english = client.post("/api/login", json=wrong)
        assert english.json()["error"] == "too many tries for this name: try again in 2 seconds"


def test_a_malformed_request_is_refused_in_its_language(server):
    ada = Person(server, "ada-bodies")
    table = open_table(ada, "chemin-de-fer", bots=2, odds=False)

    def opening(body: dict[str, Any]) -> Any:
        return lambda headers: ada._as_me(
            lambda: server.post("/api/tables", json=body, headers=headers)
        )

    asked = [
        (
            lambda headers: server.post(
                "/api/login", content=b"{x", headers={**headers, "content-type": "application/json"}
            ),
            400,
            "the body is not JSON",
            "тело запроса — не JSON",
        ),
        (
            lambda headers: server.post("/api/login", json=[1], headers=headers),
            400,
            "the body is not a JSON object",
            "тело запроса — не объект JSON",
        ),
        (
            lambda headers: server.get("/api/nowhere", headers=headers),
            404,
            "not found",
            "не найдено",
        ),
        (
            lambda headers: server.get("/api/tables/999", headers=headers),
            404,
            "there is no table 999 open here",
            "открытого стола 999 здесь нет",
        ),
        (
            opening({"game": "banchek", "colour": "red"}),
            400,
            "unknown field 'colour': give game, rules, bots, settings, sealed, private",
            "неизвестное поле 'colour': укажите game, rules, bots, settings, sealed, private",
        ),
        (
            opening({"game": "banchek", "settings": {"hold": -1}}),
            400,
            "hold=-1 is not valid: 0 to 86400 seconds",
            "hold=-1 не годится: от 0 до 86400 секунд",
        ),
        (
            lambda headers: server.get(f"/api/tables/{table}/odds", headers=headers),
            409,
            "this table gives no odds: it was opened with the setting odds false",
            "этот стол не даёт шансов: он открыт с настройкой odds false",
        ),
    ]
    for ask, status, english, russian in asked:
        for headers, words in (({}, english), (RU, russian)):
            answer = ask(headers)
            assert (answer.status_code, answer.json()) == (status, {"error": words})


FRAMES: list[tuple[str | bytes, str, str]] = [
    ("{x", "the message is not JSON", "сообщение — не JSON"),
    (
        b"{}",
        "a message is a text frame of JSON, not a binary one",
        "сообщение — текстовый кадр с JSON, а не двоичный",
    ),
    (
        '{"type": "act", "key": "k", "seq": 0}',
        "the message has no action",
        "в сообщении нет действия",
    ),
    (
        '{"type": "plan", "leave": true, "away": false}',
        "you hold no seat at this table",
        "у вас нет места за этим столом",
    ),
    (
        '{"type": "say", "text": " "}',
        "say something: a line is 1 to 280 characters",
        "скажите что-нибудь: реплика — от 1 до 280 знаков",
    ),
]


def test_a_malformed_frame_is_refused_in_the_language_of_its_connection(server):
    ada = Person(server, "ada-frames")
    table = open_table(ada, "punto-banco", bots=1)
    for languages, column in (("en", 1), ("ru", 2)):
        with ada.connect(table, languages=languages) as socket:
            reader = Reader(socket, [])
            for case in FRAMES:
                frame = case[0]
                if isinstance(frame, bytes):
                    socket.send_bytes(frame)
                else:
                    socket.send_text(frame)
                assert reader.until(lambda m: m["type"] == "error")["reason"] == case[column]


def test_a_refusal_the_ledger_makes_and_an_ended_session_are_told_in_the_sockets_language(
    server,
):
    ada = Person(server, "ada-ledger")
    table = open_table(ada, "punto-banco", bots=1)
    with ada.connect(table, languages="ru") as socket:
        reader = Reader(socket, [])
        view = reader.until(lambda m: m["type"] == "view" and "0" in m.get("open_seats", {}))
        reader.send({"type": "Join", "amount": 5000}, view["seq"], seat=0)  # 1000 in the account
        refused = reader.until(lambda m: m["type"] == "refused")
        assert (refused["error"], refused["reason"]) == (
            "not-stored",
            "на вашем счёте не хватает фишек: на нём 1000, а запрошено 5000",
        )
        assert ada.post("/api/logout").status_code == 200  # asked in English
        while reader.messages.get(timeout=20) is not None:
            pass
        assert isinstance(reader.ended, WebSocketDisconnect)
        assert (reader.ended.code, reader.ended.reason) == (ENDED, "сеанс завершён: войдите снова")


CLOSING = [
    "this page may not open the table",
    "log in to sit at or watch a table",
    "too many table connections from this address: close some first",
    "there is no such table",
    "the table is closed",
    "another server process runs this table just now: try again shortly",
    "another server process runs this table now: connect again",
    "the session has ended: log in again",
    "you did not read the table's messages",
]
"""The reasons a table's socket is closed with (croupier.server.app, protocol.moved)."""


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_reason_a_socket_is_closed_with_fits_a_close_frame(language):
    with i18n.use(language):
        for reason in CLOSING:
            said = i18n._(reason)
            assert len(said.encode()) <= 123, said  # RFC 6455: a close frame's reason
