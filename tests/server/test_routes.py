"""The server's paths: the JSON API under /api, where every refusal is JSON too, even of a
path or a method it has not; the pages everywhere else."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from croupier.server.app import create_app

JSON = {"content-type": "application/json"}


@pytest.fixture
def server(database_url):
    with TestClient(create_app(database_url)) as client:
        yield client


@pytest.mark.parametrize("empty_database_url", ["sqlite"], indirect=True)  # routing only
@pytest.mark.parametrize(
    ("method", "path", "status", "error"),
    [
        ("GET", "/api/register", 405, "method not allowed"),
        ("PUT", "/api/tables", 405, "method not allowed"),
        ("GET", "/api/no-such-route", 404, "not found"),
        ("GET", "/api/tables/not-a-number", 404, "not found"),
        ("GET", "/no-such-page.html", 404, "not found"),
    ],
)
def test_what_is_not_there_is_said_in_json(server, method, path, status, error):
    answer = server.request(method, path, headers=JSON)  # (a PUT not JSON is refused first)
    assert answer.status_code == status
    assert answer.json() == {"error": error}


@pytest.mark.parametrize("empty_database_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize("path", ["/", "/table.html", "/js/table.js", "/css/croupier.css"])
def test_the_pages_are_served_beside_the_api(server, path):
    answer = server.get(path)
    assert answer.status_code == 200
    assert answer.headers["content-type"].split(";")[0] in (
        "text/html",
        "text/javascript",
        "application/javascript",
        "text/css",
    )
    assert server.get("/api/health").json() == {"status": "ok", "database": "ok"}


@pytest.mark.parametrize("empty_database_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize(
    ("body", "error"),
    [
        (b'{"name": "ada", "password": "' + b"p" * 70_000 + b'"}', "at most 65536 bytes"),
        (b'{"name": ' + b"9" * 5000 + b"}", "too large in a number or too deep to read"),
        (b"[" * 3000 + b"]" * 3000, "too large in a number or too deep to read"),
        (b"\xff\xfe", "the body is not JSON"),
    ],
)
def test_a_body_too_large_or_odd_is_refused_in_words(server, body, error):
    answer = server.post("/api/register", content=body, headers=JSON)
    assert answer.status_code == 400
    assert error in answer.json()["error"]
    assert len(answer.text) < 200, "nothing of the body is quoted back"
