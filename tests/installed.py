"""croupier as a host installs it: the wheel built from this checkout's sources, installed with
the server extra into a fresh virtual environment outside the checkout, and an environment to
run it in that cannot see the checkout.

`install(venv, wheels)` builds the wheel into `wheels` as `python3 tasks.py wheel` builds it
(once: a wheel there already is installed again) and installs it into a new virtual
environment at `venv`, giving its `bin` folder; `environment(bin, home)` is what to run the
installed `croupier` in. uv builds and installs, from its cache where it has the packages (CI's
is warm from `python3 tasks.py setup`), else from the package index.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv as venvs
from pathlib import Path

from tasks import ROOT, build_wheel

__all__ = ["ROOT", "environment", "install", "run", "wheel"]

_PYTHON_SETTINGS = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV")
"""What would let a Python see more than its own environment."""


def _uv() -> str:
    """uv, beside the tests' Python (`.venv/bin/uv`, as `python3 tasks.py setup` installs
    it) or on the `PATH`."""
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    found = shutil.which("uv", path=path)
    assert found is not None, "uv is not beside this Python nor on the PATH: tasks.py installs it"
    return found


def wheel(wheels: Path) -> Path:
    """croupier's wheel in `wheels`, built there unless one is there already."""
    found = sorted(wheels.glob("croupier-*.whl"))
    return found[-1] if found else build_wheel(_uv(), wheels)


def install(venv: Path, wheels: Path, extras: str = "server") -> Path:
    """A new virtual environment at `venv` with croupier's wheel (`wheel(wheels)`) installed,
    with `extras`: its `bin` folder."""
    built = wheel(wheels)
    venvs.create(venv)
    python = venv / "bin" / "python"
    settings = {k: v for k, v in os.environ.items() if k not in _PYTHON_SETTINGS}
    done = subprocess.run(
        [_uv(), "pip", "install", "--quiet", "--python", str(python), f"{built}[{extras}]"],
        env=settings,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return venv / "bin"


def environment(bin: Path, home: Path) -> dict[str, str]:
    """What to run the installed croupier in: a `PATH` of its `bin` and the system's, `home`
    as the home folder and croupier's data folder, and nothing else (no `PYTHONPATH`, no
    variable of the tests')."""
    return {
        "PATH": os.pathsep.join([str(bin), os.defpath]),
        "HOME": str(home),
        "CROUPIER_DATA": str(home / "croupier"),
        "LANG": "C.UTF-8",
        "COLUMNS": "200",
    }


def run(installed: Path, home: Path, *command: str, lines: str = "") -> str:
    """`command` run by the installed croupier's `bin` from `home`: what it printed (it must
    exit 0)."""
    done = subprocess.run(
        [str(installed / command[0]), *command[1:]],
        cwd=home,
        env=environment(installed, home),
        input=lines,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout
