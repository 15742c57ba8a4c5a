"""numba's `njit` when numba is installed (the `fast` extra; the test set-up has it), and
plain Python otherwise: the kernels give the same results either way, only far slower."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import Any, TypeVar, cast

__all__ = ["COMPILED", "inlined", "njit", "uncounted"]

F = TypeVar("F", bound=Callable[..., Any])

COMPILED = importlib.util.find_spec("numba") is not None
"""Whether the kernels are compiled."""


def njit(function: F) -> F:
    """Compile `function` with numba (cached on disk), if numba is there."""
    return _compiled(function)


def inlined(function: F) -> F:
    """`njit`, the function compiled into each kernel that calls it (numba's
    `inline="always"`): for helpers run once a card or a deal, where a call that passes
    the pack costs more than the work."""
    return _compiled(function, inline="always")


def uncounted(function: F) -> F:
    """`njit` without numba's reference counting, for a kernel that allocates nothing (its
    scratch passed in), where every inlined call would count its arrays in and out. The
    option (`_nrt`) is not in numba's documented set: where a numba lacks it, this is plain
    `njit`, slower but the same."""
    return _compiled(function, **({"_nrt": False} if _knows("_nrt") else {}))


def _compiled(function: F, **options: Any) -> F:
    if not COMPILED:  # pragma: no cover - the test set-up installs numba
        return function
    import numba

    return cast(F, numba.njit(cache=True, **options)(function))


def _knows(option: str) -> bool:
    """Whether this numba takes the compiler option `option`."""
    try:
        from numba.core.cpu import CPUTargetOptions
    except ImportError:  # pragma: no cover - a numba laid out otherwise
        return False
    return hasattr(CPUTargetOptions, option)
