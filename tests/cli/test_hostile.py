"""Every bad input answered: a corpus of hostile invocations of every command, each of which
must end quickly with a non-zero exit and one readable line on standard error, never a
traceback (issue 14).

The corpus is data: `CASES` (found by hand, each with why it is here) and the cases
`generated` for every option of every command from the classes of bad value. Each runs in
a forked copy of this process, as the `croupier` command (`COMMAND`), with no input, and
is stopped if it outlives `LIMIT`.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from typing import Any

import pytest
import typer

from croupier.cli.main import app

COMMAND = typer.main.get_command(app)
"""The `croupier` command, built once: each case runs it in a forked copy of this process."""
with contextlib.redirect_stderr(io.StringIO()):  # what typer loads on its first reading of a
    COMMAND.main(["play", "banchek", "--seat", "x"], standalone_mode=False)  # value, loaded once

LIMIT = 20.0
"""Seconds a refusal may take, on a slow shared machine: each takes well under one."""

HUGE = str(10**30)
_PACK = [f"{rank}{suit}" for rank in "A234567JQK" for suit in "SHDC"]

CASES: list[tuple[str, list[str]]] = [
    ("--save to a missing folder", ["play", "punto-banco", "--auto", "--save", "/no/such/x"]),
    ("--save to a folder", ["play", "punto-banco", "--auto", "--save", "/tmp"]),
    ("--save to ''", ["play", "punto-banco", "--auto", "--save", ""]),
    ("--plot to a missing folder", ["simulate", "punto-banco", "--plot", "/no/such/x.png"]),
    ("--plot of no picture format", ["simulate", "punto-banco", "--plot", "x.txt"]),
    ("a huge count", ["simulate", "punto-banco", "--hands", HUGE]),
    ("a huge shoe", ["simulate", "chemin-de-fer", "--decks", HUGE]),
    ("a shoe too large to deal", ["simulate", "chemin-de-fer", "--decks", "5000"]),
    ("a negative seed", ["simulate", "punto-banco", "--seed", "-1"]),
    ("a negative seed", ["odds", "private-monte", "--seed", "-1"]),
    ("a negative seed", ["play", "punto-banco", "--auto", "--seed", "-1"]),
    ("a cluster that is no address", ["simulate", "punto-banco", "--cluster", "foo"]),
    ("an empty cluster", ["simulate", "punto-banco", "--cluster", ""]),
    ("a cluster over http", ["simulate", "punto-banco", "--cluster", "http://localhost"]),
    ("a table with no one at it", ["play", "punto-banco", "--auto", "--bots", "0"]),
    ("tables with nobody to bank against", ["serve", "--bot-tables", "1", "--port", "1"]),
    ("a log format serve does not write", ["serve", "--log-format", "xml", "--port", "1"]),
    ("a language croupier lacks", ["play", "punto-banco", "--auto", "--lang", "xx"]),
    ("--lang with no language", ["games", "--lang"]),
    (
        "a commission Python would read for ever",
        ["odds", "punto-banco", "--commission", "1e999999"],
    ),
    ("a commission as a bare percent", ["simulate", "chemin-de-fer", "--commission", "5"]),
    ("égalité paying nothing", ["odds", "punto-banco", "--egalite-pays", "0"]),
    ("punto's play on 5 unknown", ["odds", "punto-banco", "--at-5", "maybe"]),
    ("exact fractions of a float model", ["solve", "chemin-de-fer", "--info", "cards", "--exact"]),
    ("a layout of one card twice", ["odds", "private-monte", "--layout", "7S 7S"]),
    (
        "a card seen and on the layout",
        ["odds", "private-monte", "--seen", "7S", "--layout", "7S 4C"],
    ),
    ("more seen than six deals show", ["odds", "private-monte", "--seen", " ".join(_PACK[:30])]),
    ("an unknown game", ["play", "poker"]),
    ("an unknown option", ["play", "banchek", "--colour", "red"]),
    ("deals a bank out of range", ["play", "private-monte", "--auto", "--deals-per-bank", "0"]),
    ("a cut never taken", ["play", "monte-bank", "--auto", "--cut-on", "bogus"]),
    ("a replay of no file", ["replay", "/no/such/save.json"]),
    ("a replay of a folder", ["replay", "/tmp"]),
]

_PATHS = ("--save", "--plot", "--key-file", "--metrics-dir")
"""Options that name a file or a folder (to write, a key file or a metrics folder made if
missing): any name is good, so they get their own values."""

_BAD_VALUES = ("-1", HUGE, "abc", "1.5")
"""The classes of bad value every other option is given: negative, huge, not a number,
not whole."""

_FREE_TEXT = {("odds", "banchek", "--hand"), ("odds", "banchek", "--gone")}
"""Options whose value is text where `1.5` and the rest are just as bad: every value is."""


def generated() -> list[tuple[str, list[str]]]:
    """For every option of every command that takes a value, each bad value."""
    cases = []
    for path, option in _options(COMMAND, []):
        values = ("/no/such/folder/x", "", "/tmp") if option in _PATHS else _BAD_VALUES
        base = [*path, "--auto"] if path[0] == "play" else path
        for value in values:
            cases.append((f"{' '.join(path)} {option} {value[:12]!r}", [*base, option, value]))
    return cases


def _options(command: Any, path: list[str]) -> list[tuple[list[str], str]]:
    if hasattr(command, "list_commands"):  # every subcommand, those loaded when asked for too
        context = typer.Context(command)
        return [
            found
            for name in command.list_commands(context)
            for found in _options(command.get_command(context, name), [*path, name])
        ]
    return [
        (path, param.opts[0])
        for param in getattr(command, "params", [])
        if type(param).__name__ == "TyperOption"
        and not param.is_flag
        and param.opts[0] not in ("--help",)
    ]


@dataclass(frozen=True)
class Outcome:
    status: int | None  # None: stopped at the limit
    out: str
    err: str
    seconds: float


def invoke(args: list[str]) -> Outcome:
    """`croupier ARGS` in a forked copy of this process, with no input; stopped at `LIMIT`."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
            os.dup2(out.fileno(), 1)
            os.dup2(err.fileno(), 2)
            sys.stdin = open(0, closefd=False)  # noqa: SIM115 - the child's own streams
            sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
            sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
            status = 0
            try:
                COMMAND.main(args, prog_name="croupier")
            except SystemExit as end:
                status = end.code if isinstance(end.code, int) else 1
            except BaseException:
                traceback.print_exc()
                status = 99
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(status)
        ended = _wait(pid, start)
        seconds = time.monotonic() - start
        out.seek(0)
        err.seek(0)
        return Outcome(ended, out.read().decode(), err.read().decode(), seconds)


def _wait(pid: int, start: float) -> int | None:
    while time.monotonic() - start < LIMIT:
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(code)
        time.sleep(0.01)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return None


@pytest.mark.parametrize(("why", "args"), CASES + generated(), ids=lambda x: str(x)[:60])
def test_a_bad_input_is_one_line_and_a_non_zero_exit(why, args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a value taken for a file name lands here
    outcome = invoke(args)
    assert outcome.status is not None, f"{why}: still running after {LIMIT} s"
    assert "Traceback" not in outcome.err + outcome.out, f"{why}:\n{outcome.err}"
    assert outcome.status != 0, f"{why}: exit 0\n{outcome.out[-400:]}"
    lines = [line for line in outcome.err.splitlines() if line.strip()]
    assert len(lines) == 1, f"{why}: {len(lines)} lines on stderr:\n{outcome.err}"
    assert lines[0].startswith("Error: "), lines[0]
