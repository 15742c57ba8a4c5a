"""A house behind nginx, its processes run by systemd: the files `croupier deploy` writes
(docs/operating.md, "Behind a proxy").

A `House` is where people reach it (`https://cards.example.org`) and the ports of its
processes on this machine. Each process is named by its port everywhere: nginx routes
`/p8001/` to the process at port 8001, whose `--public-url` is the house's address with
that prefix, and systemd runs it as the instance `croupier@8001`. So the one template unit
and the one site agree with no table between them, and `serve` says once what each process
is told:

    >>> house = House("https://cards.example.org", (8001, 8002))
    >>> house.serve(8001)  # doctest: +NORMALIZE_WHITESPACE
    ('serve', '--port', '8001', '--public-url', 'https://cards.example.org/p8001',
     '--proxy', '127.0.0.1')
    >>> House("http://cards.example.org/club", (8001,))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    croupier.errors.InvalidInput: 'http://cards.example.org/club' is not valid: give ...

`site` writes nginx's site, `unit` systemd's template unit; neither reads or writes a file.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePath, PurePosixPath
from urllib.parse import urlsplit

from croupier.errors import InvalidInput
from croupier.i18n import _

__all__ = ["METRICS", "PROXY", "STATE", "House", "listening", "site", "unit"]

PROXY = "127.0.0.1"
"""Where the processes see nginx come from: the same machine (`croupier serve --proxy`)."""

STATE = PurePosixPath("/var/lib/croupier")
"""The units' own folder (systemd's `StateDirectory=croupier`): the SQLite ledger and the
key file, by default."""

_RUN = PurePosixPath("/run/croupier")
METRICS = _RUN / "metrics"
"""Where the units' processes keep their figures for `GET /metrics`, by default, so that
whichever is scraped answers for them all (`croupier serve --metrics-dir`): in the units'
own folder in memory (systemd's `RuntimeDirectory=croupier`, kept while any runs)."""


def _port(port: int, what: str) -> int:
    if not 1 <= port <= 65535:
        said = _("{what} {port} is not valid: a port is 1 to 65,535")
        raise InvalidInput(said.format(what=what, port=port))
    return port


def listening(text: str) -> tuple[str | None, int]:
    """Where nginx listens, `[ADDRESS:]PORT` (`8080`, `127.0.0.1:8080`, `[::1]:8080`): the
    address (None: every one) and the port.

    >>> listening("127.0.0.1:8080")
    ('127.0.0.1', 8080)
    """
    found = re.fullmatch(r"(?:(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):)?([0-9]{1,5})", text.strip())
    if found is None:
        said = _("{text!r} is not valid: give [ADDRESS:]PORT, as 443 or 127.0.0.1:8080")
        raise InvalidInput(said.format(text=text[:80]))
    return found[1], _port(int(found[2]), "--listen")


@dataclass(frozen=True, slots=True)
class House:
    """Where people reach the house, `url` (http or https, a host and maybe a port, no
    path), and the ports its processes serve at on this machine, behind nginx; `database`,
    the ledger they share (None: `croupier serve`'s default, or the units' own)."""

    url: str
    ports: tuple[int, ...]
    database: str | None = None
    host: str = field(init=False)

    def __post_init__(self) -> None:
        parts = urlsplit(self.url)
        if (
            parts.scheme not in ("http", "https")
            or not parts.hostname
            or parts.username is not None
            or parts.path not in ("", "/")
            or parts.query
            or parts.fragment
        ):
            said = _(
                "{url!r} is not valid: give the house's address with no path, as "
                "http://HOST or https://HOST:PORT"
            )
            raise InvalidInput(said.format(url=self.url[:80]))
        try:
            parts.port  # noqa: B018 - read to check it
        except ValueError:
            said = _("{url!r} is not valid: its port is not 1 to 65,535")
            raise InvalidInput(said.format(url=self.url[:80])) from None
        object.__setattr__(self, "url", f"{parts.scheme}://{parts.netloc}")
        object.__setattr__(self, "host", parts.hostname)
        if not self.ports:
            raise InvalidInput(_("a house needs at least one process"))
        for port in self.ports:
            _port(port, "--port")
        if len(set(self.ports)) < len(self.ports):
            said = _("--port {ports} names a port twice: each process needs its own")
            raise InvalidInput(said.format(ports=", ".join(map(str, self.ports))))
        if self.database is not None:
            _database(self.database)

    @property
    def https(self) -> bool:
        """Whether people come by https (then the session cookie is `Secure`)."""
        return self.url.startswith("https:")

    def public_url(self, port: int | str) -> str:
        """Where people reach the process at `port`: the house's address, `/p` and the port."""
        return f"{self.url}/p{port}"

    def serve(self, port: int | str) -> tuple[str, ...]:
        """The arguments of `croupier` that run the process at `port` behind the proxy."""
        database = () if self.database is None else ("--database", self.database)
        told = ("--public-url", self.public_url(port), "--proxy", PROXY)
        return ("serve", "--port", str(port), *told, *database)


def _database(url: str) -> None:
    """A ledger's URL as `croupier serve` takes it, with no password in it: the files are
    read by everyone on the machine, and a unit's command line by anyone who asks systemd."""
    parts = urlsplit(url)
    scheme = parts.scheme.partition("+")[0]
    if scheme not in ("sqlite", "postgresql", "postgres"):
        said = _(
            "--database {url!r} is not valid: give sqlite:///FILE or postgresql://USER@HOST/DB"
        )
        raise InvalidInput(said.format(url=url[:80]))
    if parts.password is not None:
        said = _(
            "--database names a password, which everyone on the machine could read in the "
            "file: leave it out, and give it in PostgreSQL's password file (~/.pgpass of the "
            "user that runs croupier serve)"
        )
        raise InvalidInput(said)


def _comment(lines: Sequence[str]) -> str:
    return "".join(f"# {line}".rstrip() + "\n" for line in lines)


_SITE_NOTES = (
    "What croupier relies on:",
    "- X-Forwarded-For is set to the address this proxy saw, and only that: whatever the",
    "  client sent in its own header is replaced, so no one chooses their address. The",
    '  limits per client address (docs/protocol.md, "Limits at the door") count by it.',
    "- X-Forwarded-Proto says whether people came by http or https, and Host is the one they",
    "  asked for: the server knows its own pages' address from them.",
    "- A table's websocket is passed on (Upgrade, Connection), and kept open while idle.",
    "- The lobby and the pages are balanced over every process; each process's own prefix",
    "  goes to it alone, and the tables it runs send people there.",
)


def site(
    house: House,
    listen: str | None = None,
    certificate: Path | None = None,
    certificate_key: Path | None = None,
) -> str:
    """nginx's site for `house`, for its `http` block: listening at `listen` (`listening`;
    by default the house address's port), with https from `certificate` and its key when
    the house is reached by https, http then sent there (port 80 of the same address)."""
    if house.https != (certificate is not None) or (certificate is None) != (
        certificate_key is None
    ):
        if house.https:
            said = _("{url} is https: give --certificate FILE and --certificate-key FILE")
        else:
            said = _("--certificate and --certificate-key go with an https address, not {url}")
        raise InvalidInput(said.format(url=house.url))
    address, port = listening(listen) if listen else (None, urlsplit(house.url).port)
    port = port or (443 if house.https else 80)
    if port in house.ports:
        said = _("nginx and a process cannot both listen at port {port}: choose another --port")
        raise InvalidInput(said.format(port=port))
    at = f"{address}:" if address else ""
    header = [
        f"nginx in front of croupier's table server at {house.url}, as `croupier deploy",
        'nginx` writes it (docs/operating.md, "Behind a proxy").',
        "",
        "Run each process of the house on this machine, on the one database:",
        "",
        *(f"  croupier {shlex.join(house.serve(each))}" for each in house.ports),
        "",
        "(`croupier deploy systemd` writes a unit that runs them.) This file goes where nginx",
        "reads a site, inside its http block: Debian's nginx includes /etc/nginx/conf.d/*.conf.",
        "",
        *_SITE_NOTES,
    ]
    upstream = "".join(
        f"    server 127.0.0.1:{each} max_fails=1 fail_timeout=2s;\n" for each in house.ports
    )
    routes = "".join(
        f"    location /p{each}/ {{\n        proxy_pass http://127.0.0.1:{each}/;\n    }}\n"
        for each in house.ports
    )
    listens = f"    listen {at}{port}{' ssl' if house.https else ''};\n"
    redirect = ""
    if house.https:
        listens += f'    ssl_certificate "{certificate}";\n'
        listens += f'    ssl_certificate_key "{certificate_key}";\n'
        redirect = _REDIRECT.format(at=at, host=house.host, url=house.url)
    return _comment(header) + _SITE.format(
        upstream=upstream, redirect=redirect, listens=listens, host=house.host, routes=routes
    )


_REDIRECT = """\
server {{
    listen {at}80;
    server_name {host};
    return 301 {url}$request_uri;
}}

"""

_SITE = """
map $http_upgrade $croupier_connection {{
    default upgrade;
    ''      close;
}}

upstream croupier {{
{upstream}}}

{redirect}server {{
{listens}    server_name {host};

    proxy_http_version 1.1;
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $croupier_connection;
    proxy_read_timeout 1h;
    proxy_send_timeout 1h;

{routes}    location / {{
        proxy_pass http://croupier;
        proxy_next_upstream error timeout http_502;
    }}
}}
"""
"""The site after its first lines: the lobby balanced, each process's prefix its own."""


def _word(text: str) -> str:
    """One word of a unit's command line, as systemd reads it: `%` and `$` doubled (no
    specifier, no variable), quoted where it has a space or a quote."""
    text = text.replace("%", "%%").replace("$", "$$")
    if re.search(r"[\s\"'\\;]", text) or not text:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return text


def unit(
    house: House,
    command: Sequence[str],
    key_file: PurePath | None = None,
    metrics: PurePath = METRICS,
) -> str:
    """systemd's template unit `croupier@.service` for `house`: the instance `croupier@PORT`
    runs `command` (the absolute `croupier`, or a Python with `-m croupier`) `serve` at that
    port, as the user `croupier`, in its own folder `STATE` (the SQLite ledger there unless
    the house names another database, the key file there unless `key_file`), its figures in
    `metrics`, restarted when it fails."""
    if not command or not PurePosixPath(command[0]).is_absolute():
        said = _("{command!r} is not valid: the unit runs croupier by its absolute path")
        raise InvalidInput(said.format(command=" ".join(command)[:80]))
    if key_file is not None and not key_file.is_absolute():
        said = _("--key-file {file!r} is not valid: give its absolute path")
        raise InvalidInput(said.format(file=str(key_file)))
    database = house.database or f"sqlite:///{STATE / 'croupier.db'}"
    key = PurePosixPath(key_file) if key_file is not None else STATE / "croupier.key"
    if not metrics.is_absolute():
        said = _("--metrics-dir {folder!r} is not valid: give its absolute path")
        raise InvalidInput(said.format(folder=str(metrics)))
    folders = {key.parent, PurePosixPath(metrics).parent}
    if database.startswith("sqlite"):
        ledger = PurePosixPath(urlsplit(database).path[1:])
        if not ledger.is_absolute():
            said = _(
                "--database {url!r} is not valid: give the file's absolute path, sqlite:////FILE"
            )
            raise InvalidInput(said.format(url=database[:80]))
        folders.add(ledger.parent)
    port = "\x00port\x00"  # each instance's own, `%i`, put in once the words are written
    arguments = (*command, *House(house.url, house.ports, database).serve(port))
    arguments += ("--key-file", str(key), "--metrics-dir", str(metrics))
    start = " ".join(_word(each) for each in arguments).replace(port, "%i")
    own = (STATE, _RUN)  # systemd makes these writable
    writable = sorted(str(each) for each in folders if not any(map(each.is_relative_to, own)))
    instances = " ".join(f"croupier@{each}" for each in house.ports)
    header = [
        f"croupier's table server at {house.url}, one process a port, as `croupier deploy",
        'systemd` writes it (docs/operating.md, "Behind a proxy").',
        "",
        "Install it as root: this file at /etc/systemd/system/croupier@.service, its user,",
        "and an instance for each process:",
        "",
        "  useradd --system --home-dir /var/lib/croupier --shell /usr/sbin/nologin croupier",
        "  systemctl daemon-reload",
        f"  systemctl enable --now {instances}",
        "",
        "Each instance is the process at its port, behind the nginx site that",
        "`croupier deploy nginx` writes for the same address and ports.",
        "journalctl -u 'croupier@*' shows what they log.",
    ]
    after = " postgresql.service" if not database.startswith("sqlite") else ""
    paths = f"ReadWritePaths={' '.join(map(_word, writable))}\n" if writable else ""
    return _comment(header) + _UNIT.format(
        url=house.url.replace("%", "%%"), after=after, start=start, paths=paths
    )


_UNIT = """
[Unit]
Description=croupier table server {url}/p%i
After=network-online.target{after}
Wants=network-online.target

[Service]
Type=exec
User=croupier
Group=croupier
ExecStart={start}
Restart=on-failure
RestartSec=2
StateDirectory=croupier
StateDirectoryMode=0700
RuntimeDirectory=croupier
RuntimeDirectoryMode=0700
RuntimeDirectoryPreserve=yes
UMask=0077
NoNewPrivileges=yes
PrivateTmp=yes
PrivateDevices=yes
ProtectSystem=strict
ProtectHome=read-only
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectControlGroups=yes
RestrictSUIDSGID=yes
LockPersonality=yes
{paths}
[Install]
WantedBy=multi-user.target
"""
"""The unit after its first lines: its user, its folders (the one in memory, where `METRICS`
is, kept while another instance runs), restarted on failure, and what it may not do (no
`MemoryDenyWriteExecute`, which numba's compiled kernels need)."""
