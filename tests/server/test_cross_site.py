"""Requests from other sites (docs/protocol.md): a page on another site, which a person's
browser would send with their cookie, changes nothing: every POST is refused 403 unless it
comes from one of the server's own pages (its `Origin`, else its `Sec-Fetch-Site`) or from
no page at all (a program), and 415 unless its body is JSON, in the request's language; the
server's own pages, its public address's, and programs pass; the cookie is SameSite=Lax."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from croupier.server.app import create_app
from tests.server.players import PASSWORD, Person, open_table

EVIL = "http://evil.example"
JSON = {"content-type": "application/json"}
PLAIN = {"content-type": "text/plain"}
LOGIN = json.dumps({"name": "ada", "password": PASSWORD})


pytestmark = pytest.mark.parametrize("empty_database_url", ["sqlite"], indirect=True)
"""On SQLite alone: a request from another site is refused before any query is made, so the
database has nothing to add (what the server stores runs on both, in the other tests)."""


@pytest.fixture
def server(database_url: str) -> Any:
    with TestClient(create_app(database_url, seed=3)) as client:  # its pages: http://testserver
        yield client


def _sent(person: Person, path: str, body: str, headers: dict[str, str]) -> Any:
    """A POST as a page would make it, with `person`'s cookie: the answer."""
    return person._as_me(lambda: person.client.post(path, content=body, headers=headers))


def test_a_page_of_another_site_opens_closes_and_logs_in_nothing(server):
    ada = Person(server, "ada")
    table = open_table(ada, "punto-banco", 1)
    opening = '{"game": "punto-banco", "bots": 1}'
    for headers in ({"origin": EVIL, **PLAIN}, {"origin": EVIL, **JSON}):
        opened = _sent(ada, "/api/tables", opening, headers)
        assert (opened.status_code, opened.json()) == (
            403,
            {
                "error": "'http://evil.example' is not this server's: only its own pages may "
                "change anything"
            },
        )
        closed = _sent(ada, f"/api/tables/{table}/close", "{}", headers)
        assert closed.status_code == 403
        logged = server.post("/api/login", content=LOGIN, headers=headers)
        assert logged.status_code == 403 and "set-cookie" not in logged.headers
    assert [entry["id"] for entry in server.get("/api/tables").json()] == [table]
    assert server.get(f"/api/tables/{table}").json()["closed"] is False


@pytest.mark.parametrize(
    "path", ["/api/register", "/api/login", "/api/logout", "/api/password", "/api/tables"]
)
@pytest.mark.parametrize(
    "headers",
    [
        {"origin": EVIL},
        {"origin": "null"},  # a sandboxed page, a file
        {"origin": "https://testserver"},  # this host, another scheme
        {"origin": "http://testserver:8080"},  # this host, another port
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site"},  # a sibling's page: another origin all the same
    ],
)
def test_every_post_from_another_origin_is_refused(server, path, headers):
    answer = server.post(path, json={}, headers=headers)
    assert answer.status_code == 403
    assert "change anything" in answer.json()["error"]


@pytest.mark.parametrize(
    ("headers", "error"),
    [
        (
            PLAIN,
            "'text/plain' is not JSON: a request that changes something sends application/json",
        ),
        (
            {"content-type": "application/x-www-form-urlencoded"},
            "'application/x-www-form-urlencoded' is not JSON: a request that changes "
            "something sends application/json",
        ),
        ({}, "a request that changes something sends a JSON body: application/json"),
    ],
)
def test_a_post_whose_body_is_not_json_is_refused_415(server, headers, error):
    answer = server.post("/api/register", content=LOGIN, headers=headers)
    assert (answer.status_code, answer.json()) == (415, {"error": error})
    assert "set-cookie" not in answer.headers


def test_the_refusals_are_in_the_requests_language(server):
    russian = {"accept-language": "ru"}
    refused = server.post("/api/login", json={}, headers={"origin": EVIL, **russian})
    assert refused.json()["error"] == (
        "'http://evil.example' — не этого сервера: что-либо менять могут только его "
        "собственные страницы"
    )
    refused = server.post("/api/login", content="{}", headers={**PLAIN, **russian})
    assert refused.json()["error"] == (
        "'text/plain' — не JSON: запрос, который что-то меняет, шлёт application/json"
    )


@pytest.mark.parametrize(
    "headers",
    [
        {},  # a program (croupier.client, httpx, curl)
        {"origin": "http://testserver"},  # the server's own page
        {"origin": "http://TestServer:80"},  # the same, spelled otherwise
        {"sec-fetch-site": "same-origin"},
        {"sec-fetch-site": "none"},  # the person's own doing
    ],
)
def test_the_servers_own_pages_and_programs_may(server, headers):
    ada = Person(server, "ada")
    mine = {**headers, "content-type": "application/json; charset=utf-8"}
    opened = ada._as_me(
        lambda: server.post("/api/tables", json={"game": "punto-banco", "bots": 1}, headers=mine)
    )
    assert opened.status_code == 201
    closed = ada._as_me(lambda: server.post(f"/api/tables/{opened.json()['id']}/close", json={}))
    assert closed.status_code == 202


def test_the_public_address_is_an_origin_of_the_servers_own(database_url):
    app = create_app(database_url, public_url="https://cards.example.org/p1")
    with TestClient(app) as client:
        for origin, status in (("https://cards.example.org", 201), (EVIL, 403)):
            body = {"name": f"p{status}", "password": PASSWORD}
            answer = client.post("/api/register", json=body, headers={"origin": origin})
            assert answer.status_code == status


def test_reading_from_another_site_is_not_let_through_to_its_page(server):
    """A GET changes nothing, and the answer carries no CORS header: the browser does not
    let the other site's page read it."""
    answer = server.get("/api/games", headers={"origin": EVIL})
    assert answer.status_code == 200
    assert not [name for name in answer.headers if name.startswith("access-control-")]


def test_the_session_cookie_is_httponly_and_samesite_lax(server):
    answer = server.post("/api/register", json={"name": "ada", "password": PASSWORD})
    attributes = {part.strip().lower() for part in answer.headers["set-cookie"].split(";")}
    assert {"httponly", "samesite=lax", "path=/"} <= attributes
