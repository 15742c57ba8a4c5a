"""A chunk's counts are kept slice by slice, so a run can be followed as it adds up
(`--plot`) without changing what is dealt."""

from __future__ import annotations

__all__ = ["SLICES", "split"]

SLICES = 16
"""Slices of a chunk: its counts are kept for each sixteenth of what it deals."""


def split(count: int, parts: int = SLICES) -> list[int]:
    """How many of `count` go in each of `parts` slices in turn, as evenly as can be."""
    ends = [count * (k + 1) // parts for k in range(parts)]
    return [end - start for start, end in zip([0, *ends], ends, strict=False)]
