#!/usr/bin/env python3
"""Set up croupier in its own virtual environment, then play or test.

    python3 tasks.py play [ARGS...]   set up, then `croupier play punto-banco ARGS...`
    python3 tasks.py test             set up, then ruff, mypy and the whole test suite
    python3 tasks.py setup            set up only

Only the standard library is used here, so this runs on a machine that has
nothing but Python and pip. The environment lives in `.venv/` and is rebuilt
when `pyproject.toml` changes.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
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


def setup() -> None:
    """Create `.venv` and install croupier with its test tools, unless already current."""
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return
    if not (BIN / "python").exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        venv.create(VENV, with_pip=True)
    print("Installing croupier and its test tools ...", flush=True)
    _run(BIN / "python", "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    _run(BIN / "python", "-m", "pip", "install", "--quiet", "-e", ".[test]")
    STAMP.write_text(wanted)


def test() -> None:
    """Lint, type-check and run every test."""
    setup()
    _run(BIN / "ruff", "check", ".")
    _run(BIN / "ruff", "format", "--check", ".")
    _run(BIN / "mypy")
    _run(BIN / "pytest")


def play(args: list[str]) -> None:
    """Start an interactive game of Punto Banco at the terminal."""
    setup()
    completed = subprocess.run([str(BIN / "croupier"), "play", "punto-banco", *args], check=False)
    sys.exit(completed.returncode)


def main() -> None:
    command, *rest = sys.argv[1:] or ["help"]
    if command == "setup":
        setup()
    elif command == "test":
        test()
    elif command == "play":
        play(rest)
    else:
        print(__doc__)
        sys.exit(0 if command == "help" else 2)


if __name__ == "__main__":
    main()
