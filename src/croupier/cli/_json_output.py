"""The one shape of every command's `--json` (docs/json.md): what was run, at which table,
from which seed, over how many of what, and then what was found."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

__all__ = ["emit"]


def emit(
    command: str,
    game: str,
    rules: Mapping[str, Any],
    results: Mapping[str, Any],
    *,
    seed: int | None = None,
    counts: Mapping[str, int] | None = None,
    interrupted: bool = False,
    **run: Any,
) -> None:
    """Print `{"command", "game", "rules", "seed", "counts", "interrupted", ...run,
    "results"}`: `seed` null and `counts` empty where nothing is simulated; `run` what a
    simulation adds (its seconds, rates and workers)."""
    report = {
        "command": command,
        "game": game,
        "rules": dict(rules),
        "seed": seed,
        "counts": dict(counts or {}),
        "interrupted": interrupted,
        **run,
        "results": dict(results),
    }
    print(json.dumps(report, indent=2, allow_nan=False))
