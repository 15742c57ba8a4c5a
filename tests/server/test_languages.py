"""A table of people of two languages (issue 29): each connection is told the steps in words
and its refusals in its own language, as its browser asks (Accept-Language) or as it names
(`lang=`); the pages' words (`/api/words`) and the games' titles come in the language
asked for; English stays English."""

from __future__ import annotations

import re
from typing import Any

import pytest
from starlette.testclient import TestClient

from croupier import i18n
from croupier.errors import LogInRefused
from croupier.server import app
from croupier.server.app import create_app
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
