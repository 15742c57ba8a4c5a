"""The public surface (docs/style.md, httpx): every public module says what it offers in `__all__`,
and no module reaches into another package's private modules; nor do the benchmarks, the
scripts and the examples, which use croupier as its users do. The tests, like httpx's, may
test an implementation module itself.

A module is public when no part of its dotted name starts with an underscore. Its `__all__`
is sorted as ruff's RUF022 sorts it (the repository's convention: SCREAMING_CASE constants,
then CamelCase classes, then everything else, each in natural order), has no duplicates,
names only what exists, and is complete: every public function, class and constant the
module defines itself is in it (names it imports are re-exports, listed only if it chooses).
A package whose `__all__` lists submodules (`croupier.odds`, `croupier.sim`, ...) lists
every public one.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import pkgutil
import re
from pathlib import Path
from types import ModuleType

import pytest

import croupier

_TYPE_VARIABLES = {"TypeVar", "ParamSpec", "TypeVarTuple"}


def _module_names() -> list[str]:
    names = ["croupier"]
    for info in pkgutil.walk_packages(croupier.__path__, "croupier."):
        names.append(info.name)
    return sorted(names)


def _is_public(name: str) -> bool:
    parts = name.split(".")
    return not any(part.startswith("_") for part in parts)


MODULES = _module_names()
PUBLIC = [name for name in MODULES if _is_public(name)]


def _source(module: ModuleType) -> ast.Module:
    assert module.__file__ is not None
    return ast.parse(Path(module.__file__).read_text(encoding="utf-8"))


def _natural(name: str) -> list[int | str]:
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def ruf022_key(name: str) -> tuple[int, list[int | str]]:
    """The order ruff's RUF022 gives `__all__`: constants, classes, then the rest."""
    if len(name) > 1 and name.isupper():
        kind = 0
    elif name.lstrip("_")[:1].isupper():
        kind = 1
    else:
        kind = 2
    return kind, _natural(name)


def _is_type_variable(value: ast.expr | None) -> bool:
    if not isinstance(value, ast.Call):
        return False
    function = value.func
    name = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")
    return name in _TYPE_VARIABLES


def _defined(tree: ast.Module) -> set[str]:
    """The public names a module's own top-level statements define (not those it imports)."""
    names: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Assign) and not _is_type_variable(node.value):
                for target in node.targets:
                    names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                if node.value is not None and not _is_type_variable(node.value):
                    names.add(node.target.id)
            elif isinstance(node, ast.If):
                if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                    visit(node.body)
                    visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)

    visit(tree.body)
    return {name for name in names if not name.startswith("_")}


def _submodules(module: ModuleType) -> set[str]:
    path = getattr(module, "__path__", None)
    if path is None:
        return set()
    return {info.name for info in pkgutil.iter_modules(path) if not info.name.startswith("_")}


def _names_a_module(package: ModuleType, entry: str, submodules: set[str]) -> bool:
    """Whether `entry` of the package's `__all__` is one of its modules (`croupier.cli.main` is a
    module, but `croupier.cli` re-exports the function `main`, which is what its entry means)."""
    if entry not in submodules:
        return False
    return not hasattr(package, entry) or isinstance(getattr(package, entry), ModuleType)


def _declared(module: ModuleType) -> list[str]:
    declared = getattr(module, "__all__", None)
    assert declared is not None, f"{module.__name__} has no __all__"
    assert isinstance(declared, list | tuple), f"{module.__name__}.__all__ is not a list"
    return list(declared)


def _check_all(name: str) -> None:
    module = importlib.import_module(name)
    declared = _declared(module)
    assert len(set(declared)) == len(declared), f"{name}.__all__ repeats a name"
    expected = sorted(declared, key=ruf022_key)
    assert declared == expected, f"{name}.__all__ is not in ruff's (RUF022) order: {expected}"
    submodules = _submodules(module)
    missing = [
        entry for entry in declared if not hasattr(module, entry) and entry not in submodules
    ]
    assert not missing, f"{name}.__all__ names what {name} lacks: {missing}"
    wanted = _defined(_source(module))
    if any(_names_a_module(module, entry, submodules) for entry in declared):
        wanted |= submodules
    unlisted = sorted(wanted - set(declared))
    assert not unlisted, f"{name} defines public names missing from __all__: {unlisted}"


@pytest.mark.parametrize("name", PUBLIC)
def test_every_public_module_has_a_sorted_complete_all(name: str) -> None:
    _check_all(name)


def _imported(tree: ast.Module, package: str) -> list[str]:
    """Every module an import statement in `tree` names (relative imports resolved)."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            found.append(base)
            found.extend(
                f"{base}.{alias.name}" for alias in node.names if _is_module(base, alias.name)
            )
    return found


def _is_module(package: str, name: str) -> bool:
    """Whether `from package import name` imports a module (not a function or constant)."""
    if not name.startswith("_") or name.startswith("__"):
        return True  # a public name goes through no private module either way
    try:
        return importlib.util.find_spec(f"{package}.{name}") is not None
    except ModuleNotFoundError:  # `package` is a module, so `name` is one of its names
        return False


def private_part(module: str) -> str | None:
    """The package whose private module `module` is (`croupier.sim` for
    `croupier.sim._rng.seeded`), or None if it goes through no private module."""
    parts = module.split(".")
    for i, part in enumerate(parts):
        if part.startswith("_") and not part.startswith("__"):
            return ".".join(parts[:i])
    return None


def _violations(name: str, tree: ast.Module, package: str) -> list[str]:
    found = []
    for imported in _imported(tree, package):
        if not imported.startswith("croupier."):
            continue
        owner = private_part(imported)
        if owner is not None and not (name == owner or name.startswith(owner + ".")):
            found.append(imported)
    return found


def _tree_of(name: str) -> tuple[ast.Module, str]:
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    package = name if spec.submodule_search_locations is not None else name.rpartition(".")[0]
    return tree, package


@pytest.mark.parametrize("name", MODULES)
def test_no_module_imports_another_packages_private_module(name: str) -> None:
    tree, package = _tree_of(name)
    violations = _violations(name, tree, package)
    assert not violations, f"{name} imports private modules of other packages: {violations}"


def _other_sources() -> list[Path]:
    root = Path(__file__).resolve().parents[1]
    return sorted(
        path
        for folder in ("benchmarks", "examples", "scripts")
        for path in (root / folder).rglob("*.py")
    )


@pytest.mark.parametrize("path", _other_sources(), ids=lambda path: path.name)
def test_benchmarks_scripts_and_examples_use_only_the_public_modules(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    private = [m for m in _imported(tree, "") if m.startswith("croupier.") and private_part(m)]
    assert not private, f"{path.name} imports private modules: {private}"


def test_the_order_is_ruffs() -> None:
    """The order `ruff check --select RUF022 --fix` gives these names (checked with ruff 0.6+)."""
    names = ["uniform", "Game", "HOUSE", "B2", "B10", "__version__", "Tableau", "TableSize"]
    names += ["_x", "CF_16", "X"]
    assert sorted(names, key=ruf022_key) == [
        *("B2", "B10", "CF_16", "HOUSE"),
        *("Game", "TableSize", "Tableau", "X"),
        *("__version__", "_x", "uniform"),
    ]


def test_a_private_module_is_found_through_any_name_under_it() -> None:
    assert private_part("croupier.sim._rng.seeded") == "croupier.sim"
    assert private_part("croupier.sim.rng") is None
    assert private_part("croupier.__main__") is None


def test_every_exception_croupier_defines_is_in_its_one_tree() -> None:
    """Every exception class any croupier module defines is a `CroupierError` (errors.py
    draws the tree), so that a caller who catches that catches all croupier raises on
    purpose; and the tree's drawing names each one defined above the errors module."""
    from croupier.errors import CroupierError

    drawing = importlib.import_module("croupier.errors").__doc__ or ""
    outside = []
    for name in (name for name in MODULES if not name.endswith("__main__")):  # (it runs)
        module = importlib.import_module(name)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, BaseException)
                and value.__module__ == name
            ):
                assert issubclass(value, CroupierError), f"{name}.{value.__name__}"
                if name != "croupier.errors":
                    outside.append(f"{name.removeprefix('croupier.')}.{value.__name__}")
    assert outside, "no module defines an error of its own"
    missing = [error for error in outside if error not in drawing]
    assert not missing, f"errors.py's tree does not draw {missing}"
