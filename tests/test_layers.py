"""The layers (the root docstring's list): a module of croupier imports only from its own
package and from the layers before its own, whether at the top of the module or inside a
function; and no module imports the root package, the front door, which stands on them all.

The list is read from `croupier.__doc__`, so the docstring and this test cannot drift
apart; every package and module of croupier is in exactly one layer.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import croupier

ROOT = Path(croupier.__file__).resolve().parent
_LAYER = re.compile(r"^\s*(\d+)\. (.*?):", re.MULTILINE)


def _layers() -> dict[str, int]:
    """Each unit (`croupier.engine`) and its layer's number, from the root docstring."""
    assert croupier.__doc__ is not None
    found: dict[str, int] = {}
    for number, names in _LAYER.findall(croupier.__doc__):
        for unit in re.findall(r"`(croupier\.\w+)`", names):
            assert unit not in found, f"{unit} is in two layers"
            found[unit] = int(number)
    return found


LAYERS = _layers()


def _unit(module: str) -> str:
    """The unit a dotted name belongs to: `croupier.engine.drive` is of `croupier.engine`."""
    return ".".join(module.split(".")[:2])


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path) -> list[tuple[int, str]]:
    """Every croupier module `path` imports, anywhere in it, with the line."""
    module = _module(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            if base == "croupier":  # `from croupier import games`: the package named
                found += [(node.lineno, f"croupier.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, base))
    return [(line, name) for line, name in found if name.split(".")[0] == "croupier"]


SOURCES = sorted(p for p in ROOT.rglob("*.py") if p != ROOT / "__init__.py")


def test_every_unit_of_croupier_is_in_one_layer():
    units = {_unit(_module(path)) for path in SOURCES} - {"croupier.__main__"}
    assert units == set(LAYERS), "the root docstring's layers and the package differ"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_import_climbs_a_layer(path):
    module = _module(path)
    unit = _unit(module)
    if unit == "croupier.__main__":  # `python -m croupier`: the command itself
        unit = "croupier.cli"
    climbs = []
    for line, name in _imported(path):
        target = _unit(name)
        if target == unit:
            continue
        if target == "croupier" or target not in LAYERS:
            climbs.append(f"line {line}: {name} (the front door, or not a layer)")
        elif LAYERS[target] >= LAYERS[unit]:
            said = "the same layer" if LAYERS[target] == LAYERS[unit] else "a later layer"
            climbs.append(
                f"line {line}: {name}, of {said} ({LAYERS[target]}; {unit} is {LAYERS[unit]})"
            )
    assert not climbs, f"{module} imports across the layers:\n" + "\n".join(climbs)


@pytest.mark.parametrize("unit", sorted(LAYERS))
def test_the_front_door_reaches_every_layer(unit):
    """`croupier.<unit>` works for every layer's unit in a fresh interpreter, where nothing
    but the front door has been imported (in this one, other tests have imported most)."""
    name = unit.removeprefix("croupier.")
    script = f"import croupier; print(croupier.{name}.__name__)"
    reached = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert reached.stdout.strip() == unit, reached.stderr[-2000:]


def test_the_front_door_names_nothing_else():
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        croupier.nothing  # noqa: B018
    assert "fairness" in dir(croupier) and "__main__" not in dir(croupier)


def test_importing_croupier_loads_only_the_cards_the_shoe_and_the_catalogs_reader():
    """The front door costs nothing until a package is named: no game, no numpy, no catalog
    read (the cards' refusals are in the reader's language)."""
    script = (
        "import sys, croupier; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('croupier', 'numpy')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    assert loaded.split() == [
        "['croupier',",
        "'croupier.cards',",
        "'croupier.errors',",
        "'croupier.i18n',",
        "'croupier.shoe']",
    ]
