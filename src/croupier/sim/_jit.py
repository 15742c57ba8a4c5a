"""numba's `njit` when numba is installed (the `fast` extra; the test set-up has it), and
plain Python otherwise: the kernels give the same results either way, only far slower."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import Any, TypeVar, cast

__all__ = ["COMPILED", "njit"]

F = TypeVar("F", bound=Callable[..., Any])

COMPILED = importlib.util.find_spec("numba") is not None
"""Whether the kernels are compiled."""


def njit(function: F) -> F:
    """Compile `function` with numba (cached on disk), if numba is there."""
    if not COMPILED:  # pragma: no cover - the test set-up installs numba
        return function
    import numba

    return cast(F, numba.njit(cache=True)(function))
