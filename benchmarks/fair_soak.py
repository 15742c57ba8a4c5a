"""The fairness soak: coups of server play in every game, each table's history verified.

    .venv/bin/python benchmarks/fair_soak.py [--coups 2000] [--database URL] [--seed N]

For each of the five games, a table server's lobby (`croupier.server.lobby`, in this process,
on a fresh SQLite file in a temporary folder, or `--database`) opens a table with bots, and
one person sits at it and plays at random among the actions offered (any but getting up or
bringing chips, an amount near its least; chips brought when nothing else is offered but
getting up); now and then they sit out a while (`plan` away: the house acts for them, its
cuts the house cuts, marked in the history) and come back. Like the page, they give a part
of their own (16 random bytes in hex) with their `Join` and to each commitment they are
shown. Once the table has dealt `--coups`
coups (deals, rounds) it is closed; a session that ends by itself first (a bank no one can
take) is followed by another table until the coups are dealt. Each table's history, as
`GET /api/tables/{id}/history` gives it, is checked as `croupier verify --key` checks it:
every seed against its commitment, every order against its seed and parts, every card and
event replayed, every shoe's signature against the server's published key; and the
person's parts found in the proofs are counted (a part sent after the shuffle it was for is
refused, and a table's first shuffle comes before anyone sits).

It prints a line per game (tables, coups, shuffles, signatures, the person's parts in
the proofs, seconds, coups a second) and the totals, and exits 1 if any history is not
verified. The server draws its seeds as a server does, from the system's strong source;
`--seed N` makes it a seeded server (`serve --seed`), whose tables deal the same cards each
run and whose histories say they are seeded. With `--save DIR` it writes each table's
history there (`GAME.json` for a game's first table, `GAME-2.json` for its second, ...) and
the server's public key (`key`). docs/benchmarks.md quotes its 10,000-coup run (`--coups 2000`);
tests/server/test_shoes.py runs it with `--coups 40`, and edits the histories it saves.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

from croupier import games
from croupier.engine.actions import Action
from croupier.engine.codec import decode
from croupier.engine.history import proved
from croupier.errors import HistoryMismatch
from croupier.fairness import seal_of
from croupier.server.connections import Subscriber
from croupier.server.database import migrate, open_database
from croupier.server.history import table_history
from croupier.server.keys import Keys, default_key_file
from croupier.server.ledger import open_account, transfer
from croupier.server.lobby import Lobby
from croupier.server.people import GRANT_SOURCE, register
from croupier.server.runner import TableRunner
from croupier.server.schema import Account, AccountKind, Cause
from croupier.server.succession import open_keys
from croupier.server.tables import Settings

AWAY = 0.02
"""How often, at each view, the person starts or stops sitting out."""

BOTS = {"punto-banco": 3, "chemin-de-fer": 2, "monte-bank": 2, "private-monte": 2, "banchek": 2}
"""Each game, and the bots at its table."""


@dataclass
class Played:
    """One game's tables, played and verified."""

    game: str
    tables: int = 0
    coups: int = 0
    shuffles: int = 0
    signatures: int = 0
    parts: int = 0
    seconds: float = 0.0
    failure: str | None = None


def _choose(options: list[dict[str, Any]], rng: random.Random) -> dict[str, Any] | None:
    """An option to take, as JSON: anything but getting up or bringing chips; chips brought
    (100) when nothing else is offered but getting up."""
    staying = [
        o
        for o in options
        if o["type"] != "Leave"
        and not (o["type"] == "Amounts" and o["template"]["type"] in ("Rebuy", "Join"))
    ]
    rebuy = [o for o in options if o["type"] == "Amounts" and o["template"]["type"] == "Rebuy"]
    if not staying:
        return {**rebuy[0]["template"], "amount": 100} if rebuy else None
    option = rng.choice(staying)
    if option["type"] != "Amounts":
        return option
    most = option["high"]
    if option.get("total") is not None:
        most = min(most, option["total"] // len(option["fields"]))
    amount = rng.randint(option["low"], min(most, option["low"] + 50))
    return {**option["template"], **dict.fromkeys(option["fields"], amount)}


async def _messages(subscriber: Subscriber) -> list[dict[str, Any]]:
    """Every message waiting in the outbox (at least one), read as JSON."""
    await subscriber.told()
    return [json.loads(m) if isinstance(m, str) else m for m in subscriber.take()]


async def _play(runner: TableRunner, person: int, coups: int, rng: random.Random) -> list[str]:
    """Sit at the table's first open seat and play until it has dealt `coups` coups (or its
    session has ended), a part sealed for each shuffle and revealed once its seals close:
    the parts revealed."""
    game = games.get(runner.info.game)
    known = {kind.__name__: kind for kind in game.actions}
    subscriber = runner.subscribe(person)
    given: list[str] = []
    sealed: dict[str, str] = {}  # each part sealed, by its shuffle's commitment
    keys = 0
    away = False

    def key() -> str:
        nonlocal keys
        keys += 1
        return f"k{keys}"

    while True:
        view = [m for m in await _messages(subscriber) if m["type"] == "view"]
        if not view:
            continue
        latest = view[-1]
        seat, fair = latest["seat"], latest["fair"]
        if latest["closed"] or game.rounds(runner.book.state) >= coups:
            return given
        if seat is None:
            open_seats = latest.get("open_seats") or {}
            if open_seats:
                chosen = min(open_seats, key=int)
                part = rng.randbytes(16).hex()
                join = decode({"type": "Join", "amount": 500}, Action, known)
                answer = await runner.act(
                    person,
                    "ada",
                    join,
                    latest["seq"],
                    key(),
                    int(chosen),
                    subscriber,
                    seal_of(part),
                )
                if answer["type"] == "ack" and fair and fair["commitment"]:
                    sealed[fair["commitment"]] = part
                elif answer["type"] != "ack" and answer["reason"].startswith("not enough chips"):
                    raise RuntimeError(f"{runner.info.game}: {answer['reason']}")
            continue
        commitment, own = fair["commitment"], fair["part"]
        if commitment is not None and own is None and not fair["revealing"]:
            part = rng.randbytes(16).hex()
            runner.contribute(person, commitment, seal_of(part), None, subscriber)
            sealed[commitment] = part
        elif fair["revealing"] and own and own["text"] is None and commitment in sealed:
            part = sealed.pop(commitment)
            runner.contribute(person, commitment, None, part, subscriber)
            given.append(part)  # (one refused, the shuffle made meanwhile, is not in a proof)
        if rng.random() < AWAY:  # a while sitting out, the house acting for them, or back
            away = not away
            runner.plan(person, False, away, subscriber)
        if away:
            continue
        chosen_action = _choose(latest["view"]["legal"]["options"], rng)
        if chosen_action is not None:
            action = decode(chosen_action, Action, known)
            await runner.act(person, "ada", action, latest["seq"], key(), None, subscriber)


async def _game(
    engine: Any, keys: Keys, game: str, coups: int, seed: int | None, save: Path | None
) -> Played:
    """Tables of `game` played until `coups` coups are dealt, each history verified."""
    lobby = Lobby(engine, seed=seed, keys=keys)
    await lobby.start()
    key = keys.signer.key
    played = Played(game)
    # the default parts windows; a quarter of a second a turn, since a person sitting out at
    # Banchek is waited for until their time runs out
    settings = Settings(bot_pause=0, time_limit=0.25, bot_chips=100_000)
    while played.coups < coups and played.failure is None:
        with Session(engine) as session, session.begin():
            name = f"{game.replace('-', '_')}_{played.tables}"
            found = register(session, name, "a long password")
            grants = open_account(session, AccountKind.GRANT_SOURCE, GRANT_SOURCE)
            account = session.get(Account, found.account_id)
            assert account is not None  # chips enough to play every coup asked for
            transfer(session, grants, account, 100 * coups, Cause.GRANT, "the fairness soak")
            person = found.id
        started = time.perf_counter()
        runner = await lobby.open(person, game, {}, BOTS[game], settings)
        rng = random.Random(f"{seed}/{game}/{played.tables}")
        given = await _play(runner, person, coups - played.coups, rng)
        runner.close()
        while not runner.closed:
            await asyncio.sleep(0.01)
        played.seconds += time.perf_counter() - started
        history = await asyncio.to_thread(table_history, engine, runner.info.id, keys.box)
        if save is not None:
            name = game if not played.tables else f"{game}-{played.tables + 1}"
            save.mkdir(parents=True, exist_ok=True)
            (save / f"{name}.json").write_text(history.to_json(), encoding="utf-8")
            (save / "key").write_text(key, encoding="utf-8")
        played.tables += 1
        played.coups += games.get(game).rounds(runner.book.state)
        try:
            shuffles, _ = proved(games.get(game), history)
        except HistoryMismatch as error:
            shuffles, played.failure = len(history.proofs), str(error)
        assert history.seal is not None
        if history.seal.key != key:
            played.failure = "the history is not signed by the server's key"
        played.shuffles += shuffles
        played.signatures += len(history.seal.signatures)
        parts = {text for proof in history.proofs for text in proof.contributions.values()}
        played.parts += sum(part in parts for part in given)
    await lobby.stop()
    return played


async def _soak(url: str, coups: int, seed: int | None, save: Path | None) -> list[Played]:
    migrate(url)
    engine = open_database(url)
    keys = open_keys(engine, default_key_file(url))
    played = []
    for game in BOTS:
        done = await _game(engine, keys, game, coups, seed, save)
        played.append(done)
        rate = done.coups / done.seconds
        status = "verified" if done.failure is None else f"NOT VERIFIED: {done.failure}"
        print(
            f"{game:14} {done.tables:3} tables {done.coups:6} coups {done.shuffles:5} shuffles "
            f"{done.signatures:5} signatures {done.parts:5} of the person's parts in them "
            f"{done.seconds:7.1f} s {rate:7.1f} coups/s  {status}",
            flush=True,
        )
    engine.dispose()
    return played


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--coups", type=int, default=2000, help="coups a game (2000)")
    parser.add_argument("--database", help="a database URL (a fresh SQLite file by default)")
    parser.add_argument(
        "--seed", type=int, help="a seeded server, to reproduce a run (none: strong seeds)"
    )
    parser.add_argument("--save", type=Path, help="a folder to write each history to")
    args = parser.parse_args()
    if args.coups < 1:
        parser.error(f"--coups {args.coups} is not valid: at least 1")
    with tempfile.TemporaryDirectory() as folder:
        url = args.database or f"sqlite:///{Path(folder) / 'soak.db'}"
        played = asyncio.run(_soak(url, args.coups, args.seed, args.save))
    coups = sum(p.coups for p in played)
    verified = sum(p.coups for p in played if p.failure is None)
    tables = sum(p.tables for p in played)
    print(
        f"total: {tables} tables, {coups} coups, {sum(p.shuffles for p in played)} shuffles, "
        f"{sum(p.signatures for p in played)} signatures; {verified} of {coups} coups verified "
        f"({100 * verified / coups:.1f}%) in {sum(p.seconds for p in played):.1f} s of play"
    )
    return 0 if verified == coups else 1


if __name__ == "__main__":
    sys.exit(main())
