"""What the browser pages read of a table besides its steps (issue 16): each step told in
the terminal's words (`?words=1`), the exact odds from the seat's view, the closed table's
hand history that `croupier replay` reads, and the lobby entry's rules in words and stakes.
Whole sessions at an in-process server, on SQLite and PostgreSQL."""

from __future__ import annotations

import dataclasses
import importlib
import json
import random
import re
import threading
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from croupier import games, i18n, words
from croupier.cards import Card, full_pack
from croupier.cli.main import app as cli
from croupier.cli.remote._codec import Codec
from croupier.engine.codec import encode
from croupier.engine.events import SeatJoined, redact
from croupier.engine.history import History, replay
from croupier.games.private_monte import Row
from croupier.games.punto_banco import Bet, Tableau
from croupier.odds.banchek import seen_chance
from croupier.odds.private_monte import layout_odds
from croupier.odds.punto_banco import AtFive, exact
from croupier.server._book import Book, action_from_json, actor_from_text
from croupier.server.app import create_app
from croupier.server.database import open_database
from croupier.server.odds import odds
from croupier.server.tables import rebuild
from tests.server.players import Person, Reader, house_box, play_at_random, sit_down, steps_of

GAMES = ("punto-banco", "chemin-de-fer", "monte-bank", "private-monte", "banchek")
WITH_ODDS = ("punto-banco", "private-monte", "banchek")
QUICK = {"bot_pause": 0, "time_limit": 5, "hold": 5}
CARDS = full_pack()


@pytest.fixture
def server(database_url):
    app = create_app(database_url, seed=11)
    with TestClient(app) as client:
        yield client


@dataclasses.dataclass
class Played:
    """A session played: the people (the first two seated, the third watching), the
    table, and the odds each of the first and the third was given along the way."""

    people: list[Person]
    table: int
    odds: list[tuple[Person, dict[str, Any]]]
    history_before: Any


def _play(server, url, game, steps=200) -> Played:
    """Two people sit with two bots and play at random, one hearing the words and one not,
    and a third watches with the words, in Russian, as his browser asks; the odds are asked
    for as they play, and by the first before each of her actions; the opener closes the
    table after `steps` steps."""
    ada, bob, cy = (Person(server, f"{who}{game[:3]}") for who in ("ada", "bob", "cy"))
    table = ada.post("/api/tables", {"game": game, "bots": 2, "settings": QUICK}).json()["id"]
    stop = threading.Event()
    threads, sockets, asked = [], [], []
    try:
        watching = cy.connect(table, words=True, languages="ru-RU,ru;q=0.9,en;q=0.8").__enter__()
        sockets.append(watching)
        Reader(watching, cy.heard)

        def ask_first(message: dict[str, Any]) -> None:  # as a page does, at a decision
            asked.append((ada, ada.get(f"/api/tables/{table}/odds").json()))

        for person, seat, words in ((ada, 0, True), (bob, 3, False)):
            socket = person.connect(table, words=words).__enter__()
            sockets.append(socket)
            reader = Reader(socket, person.heard)
            sit_down(reader, seat, 500)
            thread = threading.Thread(
                target=play_at_random,
                args=(reader, random.Random(seat), stop)
                + ((0.05, ask_first) if seat == 0 else (0.0, None)),
                daemon=True,
            )
            thread.start()
            threads.append(thread)
        history_before = ada.get(f"/api/tables/{table}/history")
        deadline = time.monotonic() + 120
        while len(steps_of(url, table)) < steps and time.monotonic() < deadline:
            for person in (ada, cy):
                answer = person.get(f"/api/tables/{table}/odds")
                assert answer.status_code == 200, answer.text
                asked.append((person, answer.json()))
            taken = server.get(f"/api/tables/{table}").json()["taken"].values()
            if all(holder["bot"] for holder in taken):
                break
            time.sleep(0.05)
        assert ada.post(f"/api/tables/{table}/close").status_code == 202
        for thread in threads:
            thread.join(timeout=60)
        deadline = time.monotonic() + 20
        while not (cy.heard and cy.heard[-1].get("closed")) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        stop.set()
        for socket in sockets:
            socket.__exit__(None, None, None)
    return Played([ada, bob, cy], table, asked, history_before)


@dataclasses.dataclass
class Replayed:
    """The table replayed from the database: each step's events unredacted, the states,
    each seat's name then, and the seat each person held then."""

    game: Any
    events: dict[int, tuple[Any, ...]]
    states: dict[int, Any]
    names: dict[int, dict[int, str]]
    seats: dict[int, dict[int, int | None]]


def _replayed(url, table, people) -> Replayed:
    engine = open_database(url)
    info, _, _ = rebuild(engine, table, box=house_box(url))
    engine.dispose()
    game = games.get(info.game)
    book = Book(table, game, info.rules, info.bots, info.settings.bot_chips)
    known = {person.id: person.name for person in people}
    names = dict(info.bots)
    found = Replayed(game, {}, {0: book.state}, {}, {0: {p.id: None for p in people}})
    for step in steps_of(url, table):
        who = (step.person_id, known[step.person_id]) if step.person_id else None
        told, _ = book.apply(actor_from_text(step.actor), action_from_json(game, step.action), who)
        for event in told:
            if isinstance(event, SeatJoined) and who is not None:
                names[event.seat] = who[1]
        found.events[step.seq], found.states[step.seq] = told, book.state
        found.names[step.seq] = dict(names)
        seats = {}
        for person in people:
            held = book.seat_of(person.id)
            if held is None and step.person_id == person.id and step.actor.isdigit():
                held = int(step.actor)  # a seat that has just got up sees its own step
            seats[person.id] = held
        found.seats[step.seq] = seats
    return found


def _narrator(game: str, names: dict[int, str]) -> Any:
    """The game's narrator, naming seats as the terminal does, from `names`."""
    return words.narrator(game, words.Names(words.place(game), names))


def _told(narrator: Any, events: Any) -> list[str]:
    lines = [narrator(event) for event in events] + narrator.end_of_step()
    return [words.plain(line) for line in lines if line is not None]


def _scrambled(event: Any, seat: int | None, rng: random.Random) -> Any:
    """The event with every card hidden from `seat` changed for another."""
    if not event.secret or event.audience.admits(seat):
        return event

    def other(value):
        if isinstance(value, Card):
            return rng.choice([card for card in CARDS if card != value])
        if isinstance(value, tuple):
            return tuple(other(item) for item in value)
        return value

    return dataclasses.replace(event, **{f: other(getattr(event, f)) for f in event.secret})


@pytest.mark.slow  # a table played 200 steps by three people
@pytest.mark.parametrize("game", GAMES)
def test_a_page_reads_the_words_odds_history_and_rules(server, database_url, game, tmp_path):
    played = _play(server, database_url, game)
    ada, bob, cy = played.people
    truth = _replayed(database_url, played.table, played.people)
    _check_words(game, truth, ada, cy, bob)
    _check_odds(game, truth, played)
    _check_history(game, truth, played, server, tmp_path)


def _check_words(game, truth, ada, cy, bob) -> None:
    """Each step's `said` is the terminal's narrator over the events the step carries, and
    over the true events with every card hidden from the seat changed: the same words, in
    each connection's language (ada's English, cy's Russian) at one table."""
    codec, rng = Codec(truth.game), random.Random(3)
    for person, language in ((ada, "en"), (cy, "ru")):
        names: dict[int, str] = {}
        carried, scrambled = _narrator(game, names), _narrator(game, names)
        told = 0
        for message in person.heard:
            if message["type"] != "step":
                continue
            seq = message["seq"]
            seat = truth.seats[seq][person.id]
            names.clear()
            names.update(truth.names[seq])
            if seat is not None:
                names[seat] = "you"
            if "events" not in message:
                assert "said" not in message
                continue
            said = message["said"]
            with i18n.use(language):
                assert said == _told(carried, codec.step(message["events"])), f"step {seq}"
                hidden = [redact(_scrambled(e, seat, rng), seat) for e in truth.events[seq]]
                assert said == _told(scrambled, hidden), f"step {seq} tells a hidden card"
            told += len(said)
        assert told > 0, f"{person.name} was told the table in words"
    if game == "banchek":  # another's cards: said to no one but him
        assert any(line.startswith("Your cards: ") for m in ada.heard for line in m.get("said", []))
    said_to_ada = [line for m in ada.heard for line in m.get("said", [])]
    assert any(
        "seat 1 (you)" in line.lower() or "box 1 (you)" in line.lower() for line in said_to_ada
    )
    assert all("said" not in message for message in bob.heard), "no words unless asked"
    said_to_cy = " ".join(line for m in cy.heard for line in m.get("said", []))
    assert re.search("[а-яё]", said_to_cy) and not re.search(r"\b(seat|box) \d", said_to_cy)


def _figures(game: str, view: Any) -> Any:
    """The odds modules' own figures from a view, for what the server says."""
    if game == "punto-banco":
        at_five = AtFive.DRAW if view.rules.tableau is Tableau.FIXED else AtFive.BEST
        found = exact(view.unseen, view.rules, at_five)
        return {bet.value: str(found.probability[bet]) for bet in Bet}
    if game == "private-monte":
        layout = view.layout
        if layout is None:
            return None
        return [
            str(
                layout_odds(
                    [layout.card(s) for s in layout.places if s in row.spots], view.seen
                ).win
            )
            for row in Row
        ]
    if not view.hand:
        return None
    return str(seen_chance(view.hand, view))


def _given(game: str, answer: dict[str, Any]) -> Any:
    given = answer["odds"]
    if given is None:
        return None
    if game == "punto-banco":
        return {bet: figure["fraction"] for bet, figure in given["probability"].items()}
    if game == "private-monte":
        return [row["win"]["fraction"] for row in given["layouts"]]
    return given["win"]["fraction"]


def _check_odds(game, truth, played) -> None:
    """Each answer is the odds module's own figure on the seat's view at its step, and the
    same when every card the seat may not see is scrambled."""
    scramble = importlib.import_module(
        f"tests.games.{game.replace('-', '_')}.test_conformance"
    ).scramble
    rng = random.Random(9)
    assert played.odds, "the odds were asked for"
    given_any = False
    for _, answer in played.odds:
        state, seat = truth.states[answer["seq"]], answer["seat"]
        view = truth.game.view(state, seat)
        if game not in WITH_ODDS:
            assert answer["odds"] is None and "no exact odds" in answer["reason"]
            continue
        assert _given(game, answer) == _figures(game, view), answer
        if answer["odds"] is None:
            assert answer["reason"]
            continue
        given_any = True
        figure = json.loads(json.dumps(answer["odds"]))
        for item in _fractions(figure):
            assert float(Fraction(item["fraction"])) == item["value"]
        if seat is not None:
            for _ in range(2):
                other = truth.game.view(scramble(state, rng, seat), seat)
                assert odds(game, truth.game.title, other) == answer["odds"], "the odds leak"
    assert given_any or game not in WITH_ODDS, "some odds were given"


def _fractions(data: Any) -> list[dict[str, Any]]:
    if isinstance(data, dict):
        if set(data) == {"value", "fraction"}:
            return [data]
        return [item for value in data.values() for item in _fractions(value)]
    if isinstance(data, list):
        return [item for value in data for item in _fractions(value)]
    return []


def _check_history(game, truth, played, server, tmp_path) -> None:
    """Refused while the first shoe is in play; once closed, the file replays with
    `croupier replay`, is verified by `croupier verify` with the server's published key,
    and its events are the table's steps'."""
    key = server.get("/api/key").json()
    assert key["algorithm"] == "Ed25519"
    before = played.history_before
    if before.status_code == 409:  # its first shoe was in play when it was asked
        assert before.json() == {
            "error": "the hand history is given once a shoe is over: the first one is in "
            "play, and its seed tells its cards"
        }
    else:  # as far as the last shoe over (Banchek shuffles for the first bank, then deals)
        _verified(before.text, key["key"], tmp_path / "before.json")
    answer = played.people[2].get(f"/api/tables/{played.table}/history")
    assert answer.status_code == 200, answer.text
    assert "attachment" in answer.headers["content-disposition"]
    saved = _verified(answer.text, key["key"], tmp_path / "history.json")
    result = CliRunner().invoke(cli, ["replay", str(saved)])
    assert result.exit_code == 0, result.output
    history = History.from_json(answer.text, truth.game)
    replayed = [encode(step.events) for _, step in replay(truth.game, history)]
    assert replayed == [encode(truth.events[seq]) for seq in sorted(truth.events)]


def _verified(text: str, key: str, saved: Path) -> Path:
    """`text`, a history the server gave, saved to `saved` and verified with `key`."""
    saved.write_text(text, encoding="utf-8")
    verified = CliRunner().invoke(cli, ["verify", str(saved), "--key", key])
    assert verified.exit_code == 0, verified.output
    assert verified.output.startswith("Verified: "), verified.output
    assert f"by key {key} (the key given, or reached from it" in " ".join(verified.output.split())
    return saved


def test_the_lobby_says_the_rules_in_words_and_the_stakes(server):
    ada = Person(server, "ada")
    body = {"game": "chemin-de-fer", "bots": 2, "rules": {"minimum_stake": 20}}
    entry = ada.post("/api/tables", body).json()
    assert entry["rules"]["minimum_stake"] == 20
    assert entry["described"] == (
        "Chemin de Fer — 6 decks; the banker chooses freely (CF-13); minimum bank 100, "
        "minimum stake 20."
    )
    assert entry["stakes"] == {
        "bank": {"low": 100, "high": None},
        "stake": {"low": 20, "high": None},
    }
    assert entry["odds"] is True
    listed = {table["id"]: table for table in server.get("/api/tables").json()}
    assert listed[entry["id"]]["described"] == entry["described"]
    punto = ada.post("/api/tables", {"game": "punto-banco", "bots": 1}).json()
    assert punto["described"].startswith("Punto Banco — large table, 8 decks, 16 boxes. punto ")
    assert punto["stakes"]["egalite"] == {"low": 10, "high": 200}
    for game in GAMES:
        found = ada.post("/api/tables", {"game": game, "bots": 2}).json()
        assert found["described"] and "[" not in found["described"], found
        assert found["stakes"], found


def test_a_table_may_switch_its_odds_off(server):
    ada = Person(server, "ada")
    body = {"game": "punto-banco", "bots": 1, "settings": {"odds": False}}
    table = ada.post("/api/tables", body).json()
    assert table["odds"] is False
    answer = ada.get(f"/api/tables/{table['id']}/odds")
    assert answer.status_code == 409
    assert answer.json() == {
        "error": "this table gives no odds: it was opened with the setting odds false"
    }
    refused = ada.post("/api/tables", {"game": "punto-banco", "settings": {"odds": "no"}})
    assert refused.status_code == 400
    assert refused.json() == {"error": "odds='no' is not valid: true or false"}


def test_odds_and_history_of_no_table(server):
    assert server.get("/api/tables/99/odds").status_code == 404
    answer = server.get("/api/tables/99/history")
    assert answer.status_code == 404
    assert answer.json() == {"error": "there is no table 99"}


def test_a_spectator_not_logged_in_gets_the_odds(server):
    ada = Person(server, "ada")
    table = ada.post("/api/tables", {"game": "punto-banco", "bots": 1}).json()
    answer = server.get(f"/api/tables/{table['id']}/odds").json()
    assert answer["seat"] is None
    assert answer["odds"]["cards_left"] == 416
    assert answer["odds"]["probability"]["banco"]["fraction"] == str(
        exact(8, games.get("punto-banco").config(), AtFive.BEST).probability[Bet.BANCO]
    )
