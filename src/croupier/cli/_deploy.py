"""`croupier deploy nginx` and `croupier deploy systemd`: the files that put a house behind
nginx and run its processes under systemd (`croupier.server.deploy`; docs/operating.md,
"Behind a proxy")."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path, PurePosixPath
from typing import Annotated

import typer

from croupier.cli._library_words import Typer
from croupier.cli._options import number, whole
from croupier.cli._usage import fail, output_file
from croupier.errors import InvalidInput
from croupier.i18n import N_, _
from croupier.server import deploy

__all__ = ["deploy_app"]

deploy_app = Typer(
    help=N_(
        "Write the files that run a house for a club: nginx's site in front of its processes, "
        "and systemd's unit that runs them (docs/operating.md)."
    ),
    no_args_is_help=True,
)

Url = Annotated[
    str,
    typer.Argument(
        metavar="URL",
        help=N_(
            "Where people reach the house, with no path: http://HOST, or https://HOST with "
            "a certificate; a port if not the scheme's own (https://HOST:8443)."
        ),
        show_default=False,
    ),
]
Processes = Annotated[
    int | None,
    number(
        N_("How many processes serve the house, at ports 8001, 8002 and on (else --port)."),
        1,
        99,
        show_default=False,
    ),
]
Ports = Annotated[
    list[int] | None,
    typer.Option(
        "--port",
        parser=whole(1, 65535),
        metavar="PORT",
        help=N_(
            "A port a process of the house serves at on this machine, once for each "
            "(instead of --processes). Default: one process, at 8001."
        ),
        show_default=False,
    ),
]
DatabaseUrl = Annotated[
    str | None,
    typer.Option(
        "--database",
        metavar="URL",
        help=N_(
            "The ledger's database every process shares: sqlite:///FILE or "
            "postgresql://USER@HOST/DB, with no password in it (PostgreSQL's password file "
            "keeps one)."
        ),
        show_default=False,
    ),
]
Output = Annotated[
    Path | None,
    typer.Option(
        "--output",
        metavar="FILE",
        callback=output_file,
        help=N_("Write the file here (else print it)."),
        show_default=False,
    ),
]


def _house(
    url: str, processes: int | None, ports: list[int] | None, database: str | None
) -> deploy.House:
    """The house the options describe, or one line and exit 2."""
    if processes is not None and ports:
        raise fail(_("give --processes or --port, not both"))
    chosen = tuple(ports or range(8001, 8001 + (processes or 1)))
    try:
        return deploy.House(url, chosen, database)
    except InvalidInput as error:
        raise fail(error) from None


def _written(text: str, output: Path | None, then: str, **more: str) -> None:
    """Print `text`, or write it to `output` and say `then` (of the file, and `more`)."""
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as error:
        said = _("--output {file!r}: {error}")  # the system's own words
        raise fail(said.format(file=str(output), error=error.strerror)) from None
    print(then.format(file=output, **more), flush=True)


def _file(option: str, value: Path | None) -> Path | None:
    """A file nginx reads: there, and named by its absolute path."""
    if value is not None and not value.is_file():
        said = _("{option} {file!r}: there is no such file")
        raise fail(said.format(option=option, file=str(value)))
    return None if value is None else value.absolute()


@deploy_app.command(
    "nginx",
    help=N_(
        "Write nginx's site for the house at URL: the lobby and the pages balanced over its "
        "processes, each process's own prefix (/p8001/) routed to it, its websockets passed "
        "on and kept open, and X-Forwarded-For and X-Forwarded-Proto set as croupier serve "
        "--proxy reads them. Its first lines give the croupier serve command of each process."
        "\n\nAn https URL needs --certificate and --certificate-key: nginx then listens with "
        "them and sends http to https."
    ),
)
def _nginx(
    url: Url,
    processes: Processes = None,
    ports: Ports = None,
    database: DatabaseUrl = None,
    listen: Annotated[
        str | None,
        typer.Option(
            "--listen",
            metavar="[ADDRESS:]PORT",
            help=N_(
                "Where nginx listens (127.0.0.1:8080, 443). Default: the URL's port, else 80 "
                "for http and 443 for https."
            ),
            show_default=False,
        ),
    ] = None,
    certificate: Annotated[
        Path | None,
        typer.Option(
            "--certificate",
            metavar="FILE",
            help=N_("The https certificate (its chain in PEM), for an https URL."),
            show_default=False,
        ),
    ] = None,
    certificate_key: Annotated[
        Path | None,
        typer.Option(
            "--certificate-key",
            metavar="FILE",
            help=N_("The certificate's private key (PEM), for an https URL."),
            show_default=False,
        ),
    ] = None,
    output: Output = None,
) -> None:
    house = _house(url, processes, ports, database)
    tls = _file("--certificate", certificate), _file("--certificate-key", certificate_key)
    try:
        text = deploy.site(house, listen, *tls)
    except InvalidInput as error:
        raise fail(error) from None
    _written(text, output, _("Wrote {file}: check it with nginx -t, then reload nginx."))


@deploy_app.command(
    "systemd",
    help=N_(
        "Write systemd's template unit croupier@.service for the house at URL: the "
        "instance croupier@PORT runs croupier serve at that port behind the nginx site "
        "croupier deploy nginx writes, as the user croupier, in /var/lib/croupier, "
        "restarted when it fails. Its first lines say how to install and enable it."
    ),
)
def _systemd(
    url: Url,
    processes: Processes = None,
    ports: Ports = None,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            metavar="URL",
            help=N_(
                "The ledger's database every process shares: sqlite:////FILE or "
                "postgresql://USER@HOST/DB, with no password in it (PostgreSQL's password "
                "file keeps one). Default: /var/lib/croupier/croupier.db."
            ),
            show_default=False,
        ),
    ] = None,
    key_file: Annotated[
        Path | None,
        typer.Option(
            "--key-file",
            metavar="FILE",
            help=N_(
                "The house's key file, by its absolute path (croupier serve --key-file). "
                "Default: /var/lib/croupier/croupier.key."
            ),
            show_default=False,
        ),
    ] = None,
    metrics_dir: Annotated[
        Path,
        typer.Option(
            "--metrics-dir",
            metavar="FOLDER",
            help=N_(
                "Where the processes keep their figures, so that GET /metrics at any of "
                "them answers for all (croupier serve --metrics-dir), by its absolute path."
            ),
        ),
    ] = Path(deploy.METRICS),
    output: Output = None,
) -> None:
    house = _house(url, processes, ports, database)
    try:
        text = deploy.unit(house, _croupier(), key_file, PurePosixPath(metrics_dir))
    except InvalidInput as error:
        raise fail(error) from None
    instances = " ".join(f"croupier@{port}" for port in house.ports)
    said = _(
        "Wrote {file}: as root, make the user croupier (the file's first lines say how), "
        "then systemctl daemon-reload and systemctl enable --now {instances}."
    )
    _written(text, output, said, instances=instances)


def _croupier() -> tuple[str, ...]:
    """This croupier, by its absolute path: the command that was run, else the one on the
    PATH, else this Python with `-m croupier`."""
    named = Path(sys.argv[0])
    if named.name == "croupier" and named.is_file():
        return (str(named.absolute()),)
    found = shutil.which("croupier")
    return (str(Path(found).absolute()),) if found else (sys.executable, "-m", "croupier")
