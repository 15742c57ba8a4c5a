"""`croupier deploy nginx` and `croupier deploy systemd`: each prints its file, or writes it
where `--output` says and tells how to put it to work; every bad input is one line and exit
2, and writes nothing."""

from __future__ import annotations

import configparser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from croupier.server.deploy import House, site
from tests.server.test_deploy import _certificate, _commands

runner = CliRunner()


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_nginx_prints_the_site_for_the_processes_asked_for():
    status, out, err = _run("deploy", "nginx", "http://cards.example.org", "--processes", "3")
    assert (status, err) == (0, "")
    assert out == site(House("http://cards.example.org", (8001, 8002, 8003)))
    status, out, _ = _run("deploy", "nginx", "http://cards.example.org/", "--port", "9000")
    assert "location /p9000/ {" in out and "location /p8001/" not in out
    assert [command[:3] for command in _commands(out)] == [["serve", "--port", "9000"]]
    status, out, _ = _run("deploy", "nginx", "http://cards.example.org")  # one process
    assert [command[2] for command in _commands(out)] == ["8001"]


def test_nginx_writes_an_https_site_and_says_what_next(tmp_path):
    certificate, key = _certificate(tmp_path)
    output = tmp_path / "croupier.conf"
    status, out, err = _run(
        *("deploy", "nginx", "https://cards.example.org", "--port", "8001", "--port", "8002"),
        *("--certificate", str(certificate), "--certificate-key", str(key)),
        *("--database", "postgresql://croupier@/croupier", "--output", str(output)),
    )
    assert (status, err) == (0, "")
    assert out == f"Wrote {output}: check it with nginx -t, then reload nginx.\n"
    text = output.read_text(encoding="utf-8")
    assert "listen 443 ssl;" in text and f'ssl_certificate "{certificate}";' in text
    assert _commands(text)[1] == [
        *("serve", "--port", "8002", "--public-url", "https://cards.example.org/p8002"),
        *("--proxy", "127.0.0.1", "--database", "postgresql://croupier@/croupier"),
    ]


def test_systemd_writes_the_unit_and_says_how_to_enable_it(tmp_path):
    output = tmp_path / "croupier@.service"
    status, out, err = _run(
        *("deploy", "systemd", "https://cards.example.org", "--processes", "2"),
        *("--key-file", "/etc/croupier/croupier.key", "--output", str(output)),
        *("--metrics-dir", "/run/croupier/figures"),
    )
    assert (status, err) == (0, "")
    assert out.endswith("systemctl enable --now croupier@8001 croupier@8002.\n")
    unit = configparser.ConfigParser(interpolation=None)
    unit.read_string(output.read_text(encoding="utf-8"))
    start = unit["Service"]["ExecStart"]
    assert start.startswith("/") and " serve --port %i " in start
    assert start.endswith(
        "--key-file /etc/croupier/croupier.key --metrics-dir /run/croupier/figures"
    )
    assert unit["Service"]["Restart"] == "on-failure"
    status, printed, _ = _run("deploy", "systemd", "https://cards.example.org", "--processes", "2")
    written = output.read_text(encoding="utf-8").replace("ReadWritePaths=/etc/croupier\n", "")
    written = written.replace("/run/croupier/figures", "/run/croupier/metrics")
    assert printed == written.replace("/etc/croupier/", "/var/lib/croupier/")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["nginx", "cards.example.org"], "is not valid: give the house's address"),
        (["nginx", "https://cards.example.org/club"], "with no path"),
        (["nginx", "http://c.example.org", "--port", "70000"], "70000 is not valid"),
        (["nginx", "http://c.example.org", "--processes", "0"], "0 is not valid"),
        (["nginx", "http://c.example.org", "--processes", "2", "--port", "9"], "not both"),
        (["nginx", "http://c.example.org", "--port", "9", "--port", "9"], "names a port twice"),
        (["nginx", "https://c.example.org"], "give --certificate FILE"),
        (
            ["nginx", "https://c.example.org", "--certificate", "/no/such.pem"],
            "--certificate '/no/such.pem': there is no such file",
        ),
        (["nginx", "http://c.example.org", "--listen", "every"], "give [ADDRESS:]PORT"),
        (["nginx", "http://c.example.org", "--output", "/no/such/folder/x"], "no folder"),
        (["nginx", "http://c.example.org", "--output", "/tmp"], "is a folder"),
        (
            ["nginx", "http://c.example.org", "--database", "postgresql://a:secret@db/c"],
            "--database names a password",
        ),
        (["systemd", "http://c.example.org", "--key-file", "k.key"], "its absolute path"),
        (["systemd", "http://c.example.org", "--database", "sqlite:///c.db"], "absolute path"),
        (["systemd", "http://c.example.org", "--output", "/no/such/folder/x"], "no folder"),
        (["systemd"], "Missing argument"),
    ],
)
def test_a_bad_input_is_one_line_and_exit_2(args, said, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = _run("deploy", *args)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("Error: "), err
    assert said in err and "secret" not in err
    assert list(Path.cwd().iterdir()) == []
