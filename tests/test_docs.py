"""The docs tell the code as it is: their examples run.

Every fenced block of README.md and docs/*.md that holds commands (a line beginning `$ `,
`.venv/bin/`, `croupier `, `python3 ` or `NAME=value `) or Python is marked on the line
just before it, as an example that this test runs, or as not run, with why:

- `<!-- example -->`: each command of the block is run (from a new folder, the venv's
  `croupier` on the PATH, nothing on its input) and must succeed, with no traceback; Python
  with `>>>` is a doctest, other Python a script that must succeed. A `croupier` command that
  needs no shell and starts no processes of its own is run in this process, as the tests of
  tests/cli run theirs (typer's `CliRunner`): the same command, without the second or so of
  CPU that starting Python and croupier again takes;
- `<!-- example: served -->`: as above, the block's `http://127.0.0.1:PORT` a table server
  started for the test on a new SQLite ledger; `served, ada registered` also registers
  `ada` with the docs' password first;
- `<!-- not run: why -->`: the reason, in words (a server that runs until Ctrl-C, CI itself).

A block that holds neither (JSON, a transcript of what a server answered) needs no mark.
The docs that the code and the tests cite (`docs/engine.md`, ...) must exist, too.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.server.database import migrate
from tests.cli.served import PASSWORD, Served

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BIN = Path(sys.executable).parent
"""Where the venv's `croupier` is: `.venv/bin/` in the docs."""

_FENCE = re.compile(r"^```(\w*)\s*$")
_MARK = re.compile(r"^<!--\s*(?:example(?::\s*(?P<how>.+?))?|not run:\s*(?P<why>.+?))\s*-->$")
_COMMAND = re.compile(r"^(\$ |\.venv/bin/|croupier |python3 |[A-Z_]+=\S* )")
_COMMENT = re.compile(r"\s+#\s.*$")
_URL = re.compile(r"http://127\.0\.0\.1:\d+")
_TIMEOUT = 300
_CROUPIER = ".venv/bin/croupier "
_OWN_PROCESS = re.compile(r"[|&;<>$`()]|--workers|--dask-local|--cluster")
"""What a command needs a process of its own for: the shell, or processes it starts."""


@dataclass(frozen=True)
class Block:
    """One fenced block: where it is, its language, its lines, and the mark before it
    (None: no mark; `("example", how)` or `("not run", why)`)."""

    path: Path
    line: int
    language: str
    lines: tuple[str, ...]
    mark: tuple[str, str] | None

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"

    @property
    def runs(self) -> bool:
        """Whether the block holds something to run: commands, or Python."""
        return self.language == "python" or any(_COMMAND.match(line) for line in self.lines)

    @property
    def how(self) -> str:
        assert self.mark is not None
        return self.mark[1]

    def commands(self) -> list[str]:
        """The block's commands, their comments left out (`$ ` taken off a transcript's)."""
        found = []
        for line in self.lines:
            if _COMMAND.match(line):
                found.append(_COMMENT.sub("", line.removeprefix("$ ")))
        return found


def _blocks(path: Path) -> Iterator[Block]:
    lines = path.read_text(encoding="utf-8").splitlines()
    number = 0
    while number < len(lines):
        opened = _FENCE.match(lines[number])
        if opened is None:
            number += 1
            continue
        end = next(n for n in range(number + 1, len(lines)) if lines[n].startswith("```"))
        before = lines[number - 1].strip() if number else ""
        found = _MARK.match(before)
        mark = None
        if found is not None:
            mark = ("not run", found["why"]) if found["why"] else ("example", found["how"] or "")
        yield Block(path, number + 1, opened[1], tuple(lines[number + 1 : end]), mark)
        number = end + 1


BLOCKS = [block for path in DOCS for block in _blocks(path) if block.runs]
EXAMPLES = [block for block in BLOCKS if block.mark is not None and block.mark[0] == "example"]
COMMANDS = [
    (block, command)
    for block in EXAMPLES
    if block.language != "python"
    for command in block.commands()
]


def test_every_block_of_commands_or_python_is_marked():
    unmarked = [block.where for block in BLOCKS if block.mark is None]
    assert not unmarked, "mark these as an example, or as not run with why: " + ", ".join(unmarked)
    for block in BLOCKS:
        assert block.mark is not None
        if block.mark[0] == "not run":
            assert len(block.mark[1].split()) >= 3, f"{block.where}: say why it is not run"
        else:
            assert block.how in ("", "served", "served, ada registered"), block.where
    assert EXAMPLES and COMMANDS, "the docs have examples that run"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """A table server on a new SQLite ledger, for the examples that talk to one."""
    file = tmp_path / "croupier.db"
    sqlite3.connect(file).close()
    url = f"sqlite:///{file}"
    migrate(url)
    server = Served(url)
    server.start()
    yield server
    server.stop()


def _run(argv: list[str] | str, folder: Path, shell: bool = False) -> str:
    """Run a command from `folder` with the venv's bin first on the PATH; what it said."""
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(
        argv,
        cwd=folder,
        env=env,
        shell=shell,
        executable="/bin/bash" if shell else None,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=_TIMEOUT,
        check=False,
    )
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert "Traceback" not in said, said
    return said


@pytest.mark.parametrize(
    ("block", "command"), COMMANDS, ids=[f"{b.where} {c[:48]}" for b, c in COMMANDS]
)
@pytest.mark.slow
def test_each_command_of_the_examples_runs(block, command, tmp_path, request, monkeypatch):
    if block.how.startswith("served"):
        command = _URL.sub(request.getfixturevalue("served").url, command)
    if command.startswith(_CROUPIER) and not _OWN_PROCESS.search(command):
        monkeypatch.chdir(tmp_path)
        ran = CliRunner().invoke(app, shlex.split(command.removeprefix(_CROUPIER)))
        assert ran.exit_code == 0, ran.output
        assert "Traceback" not in ran.output, ran.output
        assert ran.exception is None or isinstance(ran.exception, SystemExit), ran.exception
        return
    _run(command.replace(".venv/bin/", f"{BIN}/"), tmp_path, shell=True)


PYTHON = [block for block in EXAMPLES if block.language == "python"]


@pytest.mark.parametrize("block", PYTHON, ids=[block.where for block in PYTHON])
def test_each_python_example_runs(block, tmp_path, request):
    text = "\n".join(block.lines) + "\n"
    if block.how.startswith("served"):
        served = request.getfixturevalue("served")
        text = _URL.sub(served.url, text)
        if block.how.endswith("ada registered"):
            answer = httpx.post(
                f"{served.url}/api/register", json={"name": "ada", "password": PASSWORD}
            )
            assert answer.status_code == 201, answer.text
    if ">>>" in text:
        test = doctest.DocTestParser().get_doctest(text, {}, block.where, str(block.path), 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        failures: list[str] = []
        runner.run(test, out=failures.append)
        assert runner.failures == 0, "".join(failures)
        assert runner.tries > 0
    else:
        script = tmp_path / "example.py"
        script.write_text(text, encoding="utf-8")
        _run([sys.executable, str(script)], tmp_path)


_CITED = re.compile(r"\bdocs/[\w-]+\.md\b")


def test_the_docs_the_code_cites_exist():
    sources = [*ROOT.glob("src/**/*.py"), *ROOT.glob("tests/**/*.py"), *DOCS]
    cited = {name for path in sources for name in _CITED.findall(path.read_text("utf-8"))}
    assert "docs/style.md" in cited and "docs/engine.md" in cited
    missing = sorted(name for name in cited if not (ROOT / name).exists())
    assert not missing, f"cited but not in the repository: {missing}"
