"""A chunk's counts are kept slice by slice, so a run can be followed as it adds up
(`--plot`) without changing what is dealt; and the most a run deals, which the command line
checks without loading the simulator."""

from __future__ import annotations

__all__ = ["MOST", "SLICES", "split"]

MOST = 10**12
"""The most hands (banks, shuffles, sessions) a run deals: hours of work on one core, and a
list of chunks that still fits in memory."""

SLICES = 16
"""Slices of a chunk: its counts are kept for each sixteenth of what it deals."""


def split(count: int, parts: int = SLICES) -> list[int]:
    """How many of `count` go in each of `parts` slices in turn, as evenly as can be."""
    ends = [count * (k + 1) // parts for k in range(parts)]
    return [end - start for start, end in zip([0, *ends], ends, strict=False)]
