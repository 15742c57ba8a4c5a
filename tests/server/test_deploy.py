"""The files `croupier deploy` writes (`croupier.server.deploy`): nginx's site routes each
process's prefix to it, balances the rest, passes websockets and sets the headers
`croupier.server.forwarded` reads; nginx itself accepts it, with https too; systemd's unit
runs `croupier serve` as the site's first lines say, as its own user, restarted on failure,
and systemd accepts it. (tests/web/test_routing.py and tests/server/test_forwarded.py play
through nginx with the site.)"""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import random
import shlex
import shutil
import subprocess
import sys
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

import httpx
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from croupier.client import Client
from croupier.errors import InvalidInput
from croupier.server.deploy import House, site, unit
from tests.server import proxied
from tests.server.players import PASSWORD, pick
from tests.server.proxied import NGINX, started, unit_of, until
from tests.server.test_crash import Server, _free_port, connect

HOUSE = House("http://cards.example.org", (8001, 8002))
SECURE = House("https://cards.example.org", (8001, 8002))


def _certificate(folder: Path, host: str = "cards.example.org") -> tuple[Path, Path]:
    """A self-signed certificate for `host` (a name, or an IP address) and its key, in
    `folder`."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host)])
    try:
        alternative: x509.GeneralName = x509.IPAddress(ipaddress.ip_address(host))
    except ValueError:
        alternative = x509.DNSName(host)
    now = datetime.datetime.now(datetime.UTC)
    made = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([alternative]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    certificate, secret = folder / "cards.pem", folder / "cards.key"
    certificate.write_bytes(made.public_bytes(serialization.Encoding.PEM))
    secret.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return certificate, secret


def _commands(text: str) -> list[list[str]]:
    """The `croupier serve` commands a site's first lines give."""
    return [
        shlex.split(line.removeprefix("#   croupier "))
        for line in text.splitlines()
        if line.startswith("#   croupier serve ")
    ]


def _blocks(text: str) -> list[str]:
    """The `server` blocks of a site, each as its text."""
    return ["server {" + part.split("\n}\n")[0] for part in text.split("\nserver {")[1:]]


def test_the_site_routes_each_process_prefix_to_it_and_balances_the_lobby():
    text = site(HOUSE)
    (server,) = _blocks(text)
    assert "    listen 80;\n" in server and "server_name cards.example.org;" in server
    for port in (8001, 8002):
        route = f"    location /p{port}/ {{\n        proxy_pass http://127.0.0.1:{port}/;\n    }}"
        assert route in server
        assert f"    server 127.0.0.1:{port} max_fails=1 fail_timeout=2s;" in text
    assert "location / {\n        proxy_pass http://croupier;" in server
    assert _commands(text) == [list(HOUSE.serve(8001)), list(HOUSE.serve(8002))]
    assert _commands(text)[0] == [
        *("serve", "--port", "8001"),
        *("--public-url", "http://cards.example.org/p8001", "--proxy", "127.0.0.1"),
    ]


def test_the_site_sets_what_the_server_reads_and_keeps_websockets_open():
    (server,) = _blocks(site(HOUSE))
    for said in (
        "proxy_set_header X-Forwarded-For $remote_addr;",  # replaced, never appended to
        "proxy_set_header X-Forwarded-Proto $scheme;",
        "proxy_set_header Host $http_host;",
        "proxy_set_header Upgrade $http_upgrade;",
        "proxy_set_header Connection $croupier_connection;",
        "proxy_http_version 1.1;",
        "proxy_read_timeout 1h;",
    ):
        assert f"    {said}\n" in server, said
    assert "$proxy_add_x_forwarded_for" not in server


def test_an_https_house_listens_with_its_certificate_and_sends_http_there(tmp_path):
    certificate, key = _certificate(tmp_path)
    text = site(SECURE, None, certificate, key)
    redirect, server = _blocks(text)
    assert "listen 80;" in redirect
    assert "return 301 https://cards.example.org$request_uri;" in redirect
    assert "    listen 443 ssl;\n" in server
    assert f'    ssl_certificate "{certificate}";\n    ssl_certificate_key "{key}";\n' in server
    assert {command[command.index("--public-url") + 1] for command in _commands(text)} == {
        "https://cards.example.org/p8001",
        "https://cards.example.org/p8002",
    }
    listened = site(House("https://cards.example.org:8443", (8001,)), None, certificate, key)
    assert "    listen 8443 ssl;\n" in listened
    assert "return 301 https://cards.example.org:8443$request_uri;" in listened
    loopback = site(SECURE, "127.0.0.1:8443", certificate, key)
    assert "listen 127.0.0.1:80;" in loopback and "listen 127.0.0.1:8443 ssl;" in loopback


@pytest.mark.parametrize("secure", [False, True], ids=["http", "https"])
def test_nginx_accepts_the_site(secure, tmp_path):
    if not NGINX.exists():
        pytest.skip("nginx is not installed (apt-get install nginx; .ci/run does)")
    folder = tmp_path / "the certificates"  # named with a space, as a file nginx reads may be
    folder.mkdir()
    tls = _certificate(folder) if secure else (None, None)
    text = site(SECURE if secure else HOUSE, f"127.0.0.1:{_free_port()}", *tls)
    (tmp_path / "croupier.conf").write_text(text, encoding="utf-8")
    main = f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
    main += f"http {{\n  access_log off;\n  include {tmp_path}/croupier.conf;\n}}\n"
    (tmp_path / "nginx.conf").write_text(main, encoding="utf-8")
    checked = subprocess.run(
        [NGINX, "-t", "-c", str(tmp_path / "nginx.conf"), "-p", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr
    assert "[warn]" not in checked.stderr, checked.stderr


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda: House("cards.example.org", (8001,)), "is not valid: give the house's address"),
        (lambda: House("ftp://cards.example.org", (8001,)), "is not valid"),
        (lambda: House("https://cards.example.org/club", (8001,)), "with no path"),
        (lambda: House("https://ada@cards.example.org", (8001,)), "is not valid"),
        (lambda: House("https://cards.example.org:99999", (8001,)), "its port is not"),
        (lambda: House("https://cards.example.org", ()), "at least one process"),
        (lambda: House("https://cards.example.org", (0,)), "--port 0 is not valid"),
        (lambda: House("https://cards.example.org", (70000,)), "--port 70000 is not valid"),
        (lambda: House("https://cards.example.org", (8001, 8001)), "names a port twice"),
        (lambda: House("http://c.example.org", (1,), "mysql://c"), "--database 'mysql://c'"),
        (
            lambda: House("http://c.example.org", (1,), "postgresql://ada:secret@db/c"),
            "--database names a password",
        ),
        (lambda: site(SECURE), "is https: give --certificate"),
        (lambda: site(HOUSE, None, Path("/c.pem"), Path("/c.key")), "go with an https"),
        (lambda: site(HOUSE, "8001"), "both listen at port 8001"),
        (lambda: site(HOUSE, "localhost:http"), "give [ADDRESS:]PORT"),
        (lambda: site(HOUSE, "65536"), "--listen 65536 is not valid"),
        (lambda: unit(HOUSE, ["croupier"]), "by its absolute path"),
        (lambda: unit(HOUSE, ["/bin/croupier"], PurePosixPath("k.key")), "its absolute path"),
        (
            lambda: unit(House("http://c.example.org", (1,), "sqlite:///c.db"), ["/bin/c"]),
            "the file's absolute path",
        ),
    ],
)
def test_a_house_that_cannot_be_is_refused_in_words(make, said):
    with pytest.raises(InvalidInput) as refused:
        make()
    assert said in str(refused.value)
    assert "secret" not in str(refused.value)


@pytest.mark.slow
@pytest.mark.timeout(240)
def test_a_person_plays_over_https_through_the_site_with_a_secure_cookie(tmp_path, monkeypatch):
    """nginx with the https site in front of a process started as its first lines say: http
    is sent to https; a page's request whose origin is the https address is the server's
    own (X-Forwarded-Proto), one from the http address is not; the session cookie is
    Secure; and a person opens a table, is sent to its process's prefix, and plays a coup."""
    certificate, key = _certificate(tmp_path, "127.0.0.1")
    monkeypatch.setenv("SSL_CERT_FILE", str(certificate))  # the clients trust it
    process = Server(f"sqlite:///{tmp_path / 'croupier.db'}", tmp_path / "serve.log")
    port, redirect = _free_port(), _free_port()
    house = House(f"https://127.0.0.1:{port}", (process.port,))
    process.options = proxied.told(house, process.port)
    text = site(house, f"127.0.0.1:{port}", certificate, key)
    assert "    listen 127.0.0.1:80;\n" in text  # a test has no port 80 of its own: another
    text = text.replace("    listen 127.0.0.1:80;\n", f"    listen 127.0.0.1:{redirect};\n")
    try:
        process.start()
        with proxied.running(tmp_path, text, house.url):
            sent = httpx.get(f"http://127.0.0.1:{redirect}/api/tables?x=1")
            assert sent.status_code == 301
            assert sent.headers["location"] == f"{house.url}/api/tables?x=1"
            body = {"name": "bob", "password": PASSWORD}
            elsewhere = {"Origin": f"http://127.0.0.1:{port}"}
            refused = httpx.post(f"{house.url}/api/register", json=body, headers=elsewhere)
            assert refused.status_code == 403, refused.text
            own = {"Origin": house.url}
            answer = httpx.post(f"{house.url}/api/register", json=body, headers=own)
            assert answer.status_code == 201, answer.text
            assert "secure" in answer.headers["set-cookie"].lower()
            asyncio.run(_a_coup(house, process.port))
    finally:
        if process.process is not None and process.process.poll() is None:
            process.kill()


async def _a_coup(house: House, port: int) -> None:
    """Ada registers, opens a Punto Banco table with a bot, sits down and plays a coup."""
    ada = Client(house.url)
    await ada.register("ada", PASSWORD)
    settings = {"bot_pause": 0.1, "time_limit": 60, "hold": 60}
    entry = await ada.open_table("punto-banco", bots=1, settings=settings)
    assert entry["at"] == house.public_url(port)
    assert entry["socket"] == f"wss://127.0.0.1:{urlsplit(house.url).port}/p{port}" + (
        f"/api/tables/{entry['id']}/socket"
    )
    seat = ada.table(entry["id"])
    await connect(seat)
    while "0" not in (seat.view or {}).get("open_seats", {}):
        await seat.next()
    assert (await seat.act({"type": "Join", "amount": 300}, seat=0))["type"] == "ack"
    while not (seat.view and seat.legal and 0 in seat.view["view"]["to_act"]):
        await seat.next()
    assert (await seat.act(pick(seat.legal, random.Random(1))))["type"] == "ack"
    await seat.close()
    await ada.close()


def test_the_unit_runs_the_process_of_its_port_as_its_own_user_restarted_on_failure():
    text = unit(SECURE, ["/usr/local/bin/croupier"])
    service = unit_of(text)["Service"]
    assert service["ExecStart"] == (
        "/usr/local/bin/croupier serve --port %i --public-url https://cards.example.org/p%i "
        "--proxy 127.0.0.1 --database sqlite:////var/lib/croupier/croupier.db "
        "--key-file /var/lib/croupier/croupier.key --metrics-dir /run/croupier/metrics"
    )
    assert (service["User"], service["Group"]) == ("croupier", "croupier")
    assert service["Restart"] == "on-failure"
    assert service["StateDirectory"] == "croupier"
    assert (service["RuntimeDirectory"], service["RuntimeDirectoryPreserve"]) == ("croupier", "yes")
    for key, value in {
        "NoNewPrivileges": "yes",
        "ProtectSystem": "strict",
        "PrivateTmp": "yes",
        "ProtectHome": "read-only",
    }.items():
        assert service[key] == value, key
    assert "ReadWritePaths" not in service  # the state directory is writable already
    assert "MemoryDenyWriteExecute" not in service  # numba's kernels write code they run
    assert unit_of(text)["Install"]["WantedBy"] == "multi-user.target"
    assert "#   systemctl enable --now croupier@8001 croupier@8002\n" in text
    assert "#   useradd --system" in text


def test_the_unit_may_write_where_its_database_and_key_file_are():
    house = House("http://c.example.org", (8001,), "sqlite:////srv/the club/c.db")
    text = unit(house, ["/opt/croupier 1/bin/croupier"], PurePosixPath("/etc/c/k"))
    service = unit_of(text)["Service"]
    words = shlex.split(service["ExecStart"])
    assert words[0] == "/opt/croupier 1/bin/croupier"
    assert words[words.index("--database") + 1] == "sqlite:////srv/the club/c.db"
    assert shlex.split(service["ReadWritePaths"]) == ["/etc/c", "/srv/the club"]
    elsewhere = unit(house, ["/c"], PurePosixPath("/etc/c/k"), PurePosixPath("/srv/m/figures"))
    service = unit_of(elsewhere)["Service"]
    assert shlex.split(service["ReadWritePaths"]) == ["/etc/c", "/srv/m", "/srv/the club"]
    assert "--metrics-dir /srv/m/figures" in service["ExecStart"]
    on_postgres = House("http://c.example.org", (8001,), "postgresql://croupier@/croupier")
    service = unit_of(unit(on_postgres, ["/c"]))["Service"]
    assert "--database postgresql://croupier@/croupier" in service["ExecStart"]
    assert "postgresql.service" in unit_of(unit(on_postgres, ["/c"]))["Unit"]["After"]


def test_systemd_accepts_theunit_of(tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    command = shutil.which("croupier") or sys.executable
    for house in (SECURE, House("http://c.example.org", (8001,), f"sqlite:///{tmp_path}/c.db")):
        path = tmp_path / "croupier@8001.service"  # the template, as the instance asks for it
        path.write_text(unit(house, [command]), encoding="utf-8")
        checked = subprocess.run(
            [analyze, "verify", str(path)], capture_output=True, text=True, check=False
        )
        assert checked.returncode == 0, checked.stderr
        assert "croupier@8001.service" not in checked.stderr, checked.stderr


@pytest.mark.slow
def test_the_units_command_serves_where_the_site_says(tmp_path):
    """The unit's ExecStart, its instance's port put in, is the command the site's first
    lines give, and it serves at that port."""
    port = _free_port()
    house = House("http://127.0.0.1:8080", (port,), f"sqlite:///{tmp_path}/c.db")
    key, metrics = PurePosixPath(tmp_path / "c.key"), PurePosixPath(tmp_path / "metrics")
    text = unit(house, [sys.executable, "-m", "croupier"], key, metrics)
    words = started(text, port)
    assert words[3:] == [
        *house.serve(port),
        *("--key-file", str(key), "--metrics-dir", str(metrics)),
    ]
    process = subprocess.Popen(words, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        until(lambda: httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).is_success)
    finally:
        process.terminate()
        process.wait(30)
