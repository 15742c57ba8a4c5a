#!/usr/bin/env python3
"""Set up croupier in its own virtual environment, then serve, play or test.

    python3 tasks.py serve [ARGS...]  set up to play, then `croupier serve --bot-tables 2 ARGS...`
    python3 tasks.py play [ARGS...]   set up to play, then `croupier play punto-banco ARGS...`
    python3 tasks.py test             set up with the test tools, then ruff and the tests (in 2
                                      processes a core), then the browser's (in 2), with mypy
                                      and the tests that only compute beside them at the
                                      lowest priority: what CI runs
    python3 tasks.py test --quick     the inner loop: the same without the tests marked slow
                                      (the soaks, the full load and fuzz runs, the docs'
                                      full-size commands), the browser's and PostgreSQL's
    python3 tasks.py setup            set up with the test tools only
    python3 tasks.py wheel            build croupier's wheel into dist/, and say the line that
                                      installs it with its table server elsewhere (pipx)
    python3 tasks.py help             this text

Only the standard library is used here, so this runs on a machine that has
nothing but Python and pip; pip installs uv into the environment, and uv the rest. The
environment lives in `.venv/`. Playing installs
croupier and the compiler of its odds (the `fast` extra), not the test tools;
either is installed again when `pyproject.toml` changes.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if sys.platform == "win32" else "bin")
STAMP = VENV / ".croupier-installed"


def _run(*args: str | Path) -> None:
    completed = subprocess.run([str(arg) for arg in args], cwd=ROOT, check=False)
    if completed.returncode:
        sys.exit(completed.returncode)


PLAY = "fast,server"
"""The extras playing needs: the odds shown at the table are compiled (numba), and the
table server (`croupier serve`)."""
TEST = "test"
"""The extras the tests need, which include what playing needs."""
_COVERS = {PLAY: {PLAY}, TEST: {TEST, PLAY}}
"""What each set of extras installed provides."""


def setup(extras: str = TEST) -> None:
    """Create `.venv` and install croupier with `extras`, unless what is installed for
    this `pyproject.toml` already covers them."""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    installed = STAMP.read_text().split() if STAMP.exists() else []
    if installed[:1] == [digest] and any(extras in _COVERS.get(have, ()) for have in installed[1:]):
        return
    named = "the test tools" if extras == TEST else "the odds compiler and the table server"
    _with_uv()
    print(f"Installing croupier and {named} ...", flush=True)
    # uv installs what pip would, several times faster: pip took about 45 s of processor time
    # for the test tools (half of it compiling every module of them ahead of use), uv about 11
    # with an empty cache (docs/benchmarks.md, 2026-12-07). Each module is compiled when first
    # imported instead.
    _run(BIN / "uv", "pip", "install", "--quiet", "--python", BIN / "python", "-e", f".[{extras}]")
    kept = installed[1:] if installed[:1] == [digest] else []
    STAMP.write_text(" ".join([digest, *kept, extras]))


def _with_uv() -> None:
    """`.venv`, created if it is not there, with uv installed in it."""
    if not (BIN / "python").exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        venv.create(VENV, with_pip=True)
    _run(BIN / "python", "-m", "pip", "install", "--quiet", "uv")


DIST = ROOT / "dist"
"""Where `python3 tasks.py wheel` puts the wheel."""


def build_wheel(uv: str | Path, out: Path) -> Path:
    """croupier's wheel, built by `uv` into `out` from a copy of its sources: a build in the
    checkout itself would pack whatever an earlier one left in `build/` (a module deleted
    since), and two at once would write over each other there. Its path."""
    with tempfile.TemporaryDirectory(prefix="croupier-wheel-") as folder:
        copy = Path(folder)
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, copy / name)
        caches = shutil.ignore_patterns("__pycache__", "*.egg-info")
        shutil.copytree(ROOT / "src", copy / "src", ignore=caches)
        _run(uv, "build", "--wheel", "--quiet", "--out-dir", out, copy)
    return max(out.glob("croupier-*.whl"), key=lambda built: built.stat().st_mtime)


def wheel() -> None:
    """Build croupier's wheel into `dist/`, and say how to install it with its table server."""
    _with_uv()
    built = build_wheel(BIN / "uv", DIST)
    print(f"Built {built}. Install croupier and its table server with:")
    print(f'  pipx install "{built}[server]"')


WORKERS = 2 * (os.cpu_count() or 1)
"""The processes the tests run in (pytest-xdist): twice the cores, since part of a test's
time is spent waiting on a server, a subprocess or a browser rather than computing."""
BROWSER_WORKERS = 2
"""The processes the browser tests (tests/web, each marked `browser`) run in, once the others
are done: a page mostly waits on its table, and Playwright cannot share a process with the
tests that start an event loop of their own (tests/conftest.py), so they run in a pytest of
their own, which collects tests/web alone. They no longer run beside the others: Chromium's
pages (a few to a test, each redrawn at every step) and the others together kept two cores
so busy that tests ran past their time limits (docs/benchmarks.md, 2026-12-07)."""


PURE_WORKERS = os.cpu_count() or 1
"""The processes the tests that only compute run in, at the lowest priority: one a core, as
they never wait."""
RERUNS = 2
"""How many times a browser test that fails is run again (pytest-rerunfailures) before it
fails the suite: a page's click or key can land on a control the table has just drawn anew,
and is lost (docs/benchmarks.md, 2026-12-07). One that fails three times fails."""


def _aside(*command: str | Path) -> subprocess.Popen[str]:
    """`command` started at the lowest priority, its output kept until it is asked for: it
    takes only the processor time the rest leaves idle."""
    return subprocess.Popen(
        [str(part) for part in command],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=lambda: os.nice(19),  # (this script runs no thread of its own)
    )


def test(quick: bool) -> None:
    """Lint and run every test (with `quick`, those not marked slow, browser or
    postgresql); then the browser tests. Type-checking (mypy) and the tests that only
    compute (marked `pure`) run beside them all at the lowest priority, in the processor
    time the others leave idle (the browser tests leave about half: docs/benchmarks.md,
    2026-12-07); what they said follows."""
    setup()
    # Each module compiled once, not in each of the suite's hundreds of processes: a machine
    # that sets this (as container images often do) has every process compile croupier again,
    # and pytest rewrite every test module's asserts again (docs/benchmarks.md, 2026-12-07).
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    _run(BIN / "ruff", "check", ".")
    _run(BIN / "ruff", "format", "--check", ".")
    typing = _aside(BIN / "mypy")
    if quick:
        chosen = ["-m", "not slow and not browser and not postgresql"]
        computing = None
    else:
        chosen = ["-m", "not browser and not pure"]
        apart = f"--basetemp={tempfile.mkdtemp(prefix='croupier-pure-')}"  # (its own tmp_path)
        computing = _aside(BIN / "pytest", "-n", str(PURE_WORKERS), "-m", "pure", apart)
    tests = subprocess.run(
        [BIN / "pytest", "-n", str(WORKERS), "--dist", "worksteal", *chosen], cwd=ROOT, check=False
    )
    failed = tests.returncode
    if not quick:
        workers = ("-n", str(BROWSER_WORKERS), "--reruns", str(RERUNS))
        pages = subprocess.run([BIN / "pytest", *workers, "tests/web"], cwd=ROOT)
        failed = failed or pages.returncode
    for aside in (typing, computing):
        if aside is not None:
            said, _ = aside.communicate()
            print(said, end="", flush=True)
            failed = failed or aside.returncode
    sys.exit(failed)


def _hand_over(*command: str | Path) -> None:
    """Run `command` until it ends, and exit with its status. Ctrl-C is croupier's to answer
    (a table closes and says so, a server stops); this wrapper ignores it once croupier has
    started, so that no interrupted wait leaves croupier unreaped, and passes its status on."""
    with subprocess.Popen([str(part) for part in command]) as running:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        sys.exit(running.wait())


def serve(args: list[str]) -> None:
    """Start the table server on the embedded SQLite ledger, with a table of every game
    waiting with two bots; it prints the address to open in a browser."""
    setup(PLAY)
    _hand_over(BIN / "croupier", "serve", "--bot-tables", "2", *args)


def play(args: list[str]) -> None:
    """Start an interactive game of Punto Banco at the terminal."""
    setup(PLAY)
    _hand_over(BIN / "croupier", "play", "punto-banco", *args)


def main() -> None:
    command, *rest = sys.argv[1:] or ["help"]
    if command == "setup":
        setup()
    elif command == "test" and rest in ([], ["--quick"]):
        test(quick=bool(rest))
    elif command == "wheel" and not rest:
        wheel()
    elif command == "serve":
        serve(rest)
    elif command == "play":
        play(rest)
    elif command in ("help", "-h", "--help"):
        print(__doc__)
    elif command == "test":
        sys.exit(f"tasks.py: test takes --quick or nothing, not {' '.join(rest)!r}")
    elif command == "wheel":
        sys.exit(f"tasks.py: wheel takes nothing, not {' '.join(rest)!r}")
    else:
        print(__doc__, file=sys.stderr)
        tasks = "serve, play, test, setup, wheel and help"
        sys.exit(f"tasks.py: no task {command!r}; the tasks are {tasks}")


if __name__ == "__main__":
    main()
