"""`croupier serve`: the table server, where people sit at one table together (docs/protocol.md)."""

from __future__ import annotations

import enum
import errno
import os
import socket
import stat
from pathlib import Path
from typing import Annotated
from urllib.parse import urlsplit

import typer

from croupier.cli._library_words import Typer
from croupier.cli._options import Database, KeyFile, number, seed
from croupier.cli._usage import fail
from croupier.errors import InvalidInput
from croupier.i18n import N_, _, ngettext
from croupier.server.collector import DUMPS
from croupier.server.door import Limits
from croupier.server.forwarded import network, proxies

__all__ = ["command", "serve_app", "serve_command"]


class LogFormat(enum.Enum):
    """`--log-format`: how the server writes its log."""

    TEXT = "text"
    JSON = "json"


def _enough_bots(bots: int) -> None:
    """Fail in one line if `--bot-tables` leaves a game's table nobody to bank against."""
    from croupier import games
    from croupier.server.lobby import too_few
    from croupier.server.tables import Settings

    for game in games.names() if bots else ():
        rules = games.get(game).config()
        refusal = too_few(game, rules, min(bots, rules.seats - 1), Settings().bot_chips)
        if refusal is not None:
            said = _("--bot-tables {bots} is not valid: {refusal}")
            raise fail(said.format(bots=bots, refusal=refusal))


def _free(host: str, port: int) -> None:
    """Fail in one line if the address cannot be served."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        said = _("--host {host!r} is not an address of this machine").format(host=host)
        raise fail(said) from None
    family, kind, _protocol, _name, address = infos[0]
    with socket.socket(family, kind) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                said = _("{host}:{port} is in use: choose another --port")
                raise fail(said.format(host=host, port=port)) from None
            said = _("cannot serve at {host}:{port}: {error}")  # the system's own words
            raise fail(said.format(host=host, port=port, error=error.strerror)) from None


def _public_url(text: str) -> str:
    """`--public-url`: an http or https URL with a host, no query."""
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        said = _("{text!r} is not valid: give http://HOST:PORT or https://HOST/PATH")
        raise typer.BadParameter(said.format(text=text[:80]))
    return text.rstrip("/")


_SHARED = "PROMETHEUS_MULTIPROC_DIR"
"""Where the figures of the machine's processes are shared (croupier.server.metrics.SHARED),
which prometheus_client reads once, as it is first imported: set before it is."""


def _folder(text: str) -> str:
    """`--metrics-dir`: a folder's name, not nothing."""
    if not text.strip():
        raise typer.BadParameter(_("{text!r} is not valid: give a folder").format(text=text))
    return text


def _share(folder: Path) -> None:
    """`--metrics-dir` (or the environment's folder): made if need be (in a folder that is
    there), and named to prometheus_client; fail in one line if this process cannot write
    there, or anyone may (and so could make up its figures, or hold its lock)."""
    said = _("the metrics folder {folder} cannot be used: {why}")
    try:
        folder.mkdir(exist_ok=True)
        mode = folder.stat().st_mode
    except FileExistsError:
        raise fail(said.format(folder=folder, why=_("it is not a folder"))) from None
    except OSError as error:  # the system's own words
        why = error.strerror or type(error).__name__
        raise fail(said.format(folder=folder, why=why)) from None
    if mode & stat.S_IWOTH:
        said = _(
            "the metrics folder {folder} may be written to by anyone: give a folder of the "
            "server's own"
        )
        raise fail(said.format(folder=folder))
    if not os.access(folder, os.W_OK | os.X_OK):
        raise fail(said.format(folder=folder, why=os.strerror(errno.EACCES)))
    os.environ[_SHARED] = str(folder.resolve())


def _proxy(text: str) -> str:
    """`--proxy`: an address or a network (as `network` writes it)."""
    try:
        return str(network(text))
    except InvalidInput as error:
        raise typer.BadParameter(str(error)) from None


def serve_command(
    host: Annotated[
        str,
        typer.Option(
            help=N_(
                "The address to serve at. The default serves this machine only; "
                "0.0.0.0 serves every network it is on."
            )
        ),
    ] = "127.0.0.1",
    port: Annotated[int, number(N_("The port to serve at."), 1, 65535)] = 8000,
    database: Database = None,
    key_file: KeyFile = None,
    rotate_key: Annotated[
        bool,
        typer.Option(
            "--rotate-key",
            help=N_(
                "Before serving, make a new signing key: the old one signs that the new one "
                "succeeds it from now, which GET /api/key and every history from now on give, "
                "and the key file is rewritten with it. Restart every other process of the "
                "house after it."
            ),
        ),
    ] = False,
    lease: Annotated[
        int,
        number(
            N_(
                "How many seconds this process's claim on each of its tables lasts unless "
                "renewed (every third of it): after a crash, another process, or this one "
                "restarted, takes its tables up once their claims run out (docs/scaling.md)."
            ),
            1,
            3600,
            metavar="SECONDS",
        ),
    ] = 10,
    dealt: Annotated[
        int | None,
        typer.Option(
            "--seed",
            parser=seed,
            metavar="SEED",
            help=N_(
                "Deal every table's cards reproducibly, for tests and demonstrations (the "
                "seed is never sent to anyone). Without one, every shuffle is cryptographically "
                "strong."
            ),
            show_default=False,
        ),
    ] = None,
    bot_tables: Annotated[
        int,
        number(
            N_(
                "At start, open a table of every game that has none open, with this many bots "
                "(fewer where a table has not the room), for people to sit down at. 0: none."
            ),
            0,
            9,
            metavar="BOTS",
        ),
    ] = 0,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            metavar="URL",
            parser=_public_url,
            help=N_(
                "Where people reach this process, as http://HOST:PORT or https://HOST/PATH "
                "(through a reverse proxy, the proxy's address for this process). Each table "
                "this process runs names it, so that several processes sharing one database "
                "send people to the one that runs their table (docs/scaling.md). Without it, a "
                "table another process runs is refused with 'try again' until this one takes "
                "it up."
            ),
            show_default=False,
        ),
    ] = None,
    connections: Annotated[
        int,
        number(
            N_(
                "The most table connections (websockets) one client address may hold open at "
                "once; one more is closed with code 4429."
            ),
            1,
            1_000_000,
            metavar="COUNT",
        ),
    ] = Limits.connections,
    registrations: Annotated[
        int,
        number(
            N_(
                "How many people one client address may register one after another; from "
                "then on, each registration must wait twice as long as the last (1 s, 2 s, "
                "4 s, ... up to 15 minutes), and one that comes sooner is refused 429 with the "
                "wait."
            ),
            1,
            1_000_000,
            metavar="COUNT",
        ),
    ] = Limits.registrations,
    proxy: Annotated[
        list[str] | None,
        typer.Option(
            "--proxy",
            metavar="ADDRESS",
            parser=_proxy,
            help=N_(
                "A reverse proxy in front of this server, by its address or network "
                "(127.0.0.1, 10.0.0.0/8); give it once for each. A request that comes from "
                "one is from the client its X-Forwarded-For names (the proxy must set it, as "
                "croupier deploy nginx's site does). Without it, every request is from the address "
                "it comes from, whatever its headers say. The limits per client address "
                "count by this address."
            ),
            show_default=False,
        ),
    ] = None,
    log_format: Annotated[
        LogFormat,
        typer.Option(
            "--log-format",
            help=N_(
                "How the server writes its log on stderr: text, as lines for a person to "
                "read; json, one JSON object a line for a log collector, with the request, "
                "the status, the table, the seat and the person a line concerns "
                "(docs/cli.md)."
            ),
        ),
    ] = LogFormat.TEXT,
    metrics_dir: Annotated[
        str | None,
        typer.Option(
            "--metrics-dir",
            metavar="DIR",
            parser=_folder,
            help=N_(
                "A folder where this process writes its figures for GET /metrics, to answer "
                "for every process on this machine given the same folder (docs/operating.md, "
                "Watch), made if need be; one anyone may write to is refused. Without it (or "
                "PROMETHEUS_MULTIPROC_DIR), each process answers for itself."
            ),
            show_default=False,
        ),
    ] = None,
) -> None:
    """`croupier serve` (its help is main.py's)."""
    shared = metrics_dir or os.environ.get(_SHARED)
    if shared:
        _share(Path(shared))
    dumps = os.environ.get(DUMPS)
    if dumps and not Path(dumps).is_dir():
        said = _("{name}={folder!r} is not valid: give a folder that is there")
        raise fail(said.format(name=DUMPS, folder=dumps))
    try:
        import uvicorn
        from uvicorn.config import LOGGING_CONFIG

        from croupier.server.app import create_app
        from croupier.server.collector import collect_on_signal, collect_seldom
        from croupier.server.database import (
            Unavailable,
            default_url,
            migrate,
            open_database,
            shown,
        )
        from croupier.server.keys import KeyFileError, default_key_file
        from croupier.server.logs import log_config
        from croupier.server.succession import open_keys
    except ImportError:
        said = _("croupier serve needs the server extra: pip install croupier[server]")
        raise fail(said) from None
    _enough_bots(bot_tables)
    url = database if database is not None else default_url()
    _free(host, port)
    path = key_file or default_key_file(url)
    try:
        migrate(url)
        engine = open_database(url)
        try:
            keys = open_keys(engine, path, rotate_key)
        finally:
            engine.dispose()
        limits = Limits(connections=connections, registrations=registrations)
        served = (url, dealt, lease, bot_tables, public_url, limits, proxies(proxy or ()))
        app = create_app(*served, keys=keys)
    except (Unavailable, KeyFileError) as error:
        raise fail(error) from None
    said = _("croupier serves at http://{host}:{port}/ with the ledger at {ledger}")
    print(said.format(host=host, port=port, ledger=shown(url)), flush=True)
    said = _("It signs with key {key_id} (fingerprint SHA-256 {fingerprint}), from {path}.")
    signer = keys.signer
    print(said.format(key_id=signer.key_id, fingerprint=signer.fingerprint, path=path), flush=True)
    if dealt is not None:
        said = _(
            "It deals from seed {seed}: whoever knows the seed knows every order, so its "
            "tables are for tests and demonstrations, not play (GET /api/key says seeded)."
        )
        print(said.format(seed=dealt), flush=True)
    if shared:
        said = _("Its figures, at /metrics, are those of every process sharing {folder}.")
        print(said.format(folder=os.environ[_SHARED]), flush=True)
    if bot_tables:
        said = ngettext(
            "A table of every game waits with {n} bot: open http://{host}:{port}/ in a "
            "browser to sit down.",
            "A table of every game waits with {n} bots: open http://{host}:{port}/ in a "
            "browser to sit down.",
            bot_tables,
        )
        print(said.format(n=bot_tables, host=host, port=port), flush=True)
    collect_seldom()
    if dumps:  # benchmarks/idle_sockets.py measuring
        collect_on_signal(Path(dumps))
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="info",
        proxy_headers=False,  # croupier.server.forwarded decides whom to believe
        ws_max_size=65536,
        ws_per_message_deflate=False,
        log_config=log_config() if log_format is LogFormat.JSON else LOGGING_CONFIG,
    )


serve_app = Typer()
serve_app.command(
    "serve",
    help=N_(
        "Start the table server: people register, open tables of any game with bots, sit "
        "down with chips from their account, and play together.\n\n"
        "With no --database, the ledger is an SQLite file in croupier's data folder; give "
        "--database postgresql://USER@HOST/DB to use PostgreSQL. The database's schema is "
        "brought up to date at start, and every table left open is resumed where it was. The "
        "server answers GET /api/health once it and its database are up; docs/protocol.md "
        "describes the rest. Ctrl-C stops the server; nothing committed is lost."
    ),
)(serve_command)
command = typer.main.get_command(serve_app)
"""`croupier serve`, which `croupier.cli.main` loads when it is asked for."""
