"""A simulated figure with its 95% confidence interval, beside the exact figure if any; and
how both are written in JSON (docs/json.md)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from statistics import NormalDist
from typing import Any

__all__ = ["Z95", "Estimate", "bounded", "estimate_json", "exact_json", "share", "wilson"]

Z95 = NormalDist().inv_cdf(0.975)
"""The standard normal's two-sided 95% point."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A simulated figure, the half-width of its 95% normal interval, the exact figure if
    there is one, and `bounds`, the interval where it is not the normal one (a share's
    Wilson interval)."""

    value: float
    margin: float
    exact: Fraction | None = None
    bounds: tuple[float, float] | None = None

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval: `bounds` if given, else the value less and plus the margin."""
        return self.bounds or (self.value - self.margin, self.value + self.margin)

    @property
    def sigmas(self) -> float | None:
        """How many standard errors the estimate lies from the exact figure."""
        if self.exact is None or not self.margin or not math.isfinite(self.margin):
            return None
        return (self.value - float(self.exact)) / (self.margin / Z95)


def share(successes: int, n: int, exact: Fraction | None = None) -> Estimate:
    """A proportion of `n` independent trials: its normal margin (for how far it lies from
    the exact figure) and its Wilson interval, which stays in [0, 1] and is not empty at 0
    or 1."""
    if not n:
        return Estimate(math.nan, math.inf, exact)
    p = successes / n
    return Estimate(p, Z95 * math.sqrt(p * (1 - p) / n), exact, wilson(successes, n))


def bounded(estimate: Estimate) -> Estimate:
    """A share estimated otherwise (a ratio over dependent trials), its interval held to
    [0, 1]."""
    low, high = estimate.interval
    return replace(estimate, bounds=(max(low, 0.0), min(high, 1.0)))


def wilson(successes: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion: sound at 0 and 1 too, where the normal
    interval shrinks to nothing."""
    if not n:
        return 0.0, 1.0
    p, z2 = successes / n, Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes == 0 else max(centre - half, 0.0)  # exactly, not a rounding off it
    high = 1.0 if successes == n else min(centre + half, 1.0)
    return low, high


def exact_json(x: Fraction | float | None) -> dict[str, Any] | None:
    """An exact figure in JSON: `{"value": its float, "fraction": "p/q"}` ("p" when whole);
    a float alone (a linear program's answer) has a null fraction; None stays None."""
    if x is None:
        return None
    fraction = str(x) if isinstance(x, Fraction) else None
    return {"value": float(x), "fraction": fraction}


def estimate_json(estimate: Estimate | None) -> dict[str, Any]:
    """A simulated figure in JSON: `{"value", "interval": [low, high], "exact"}`, the exact
    figure as `exact_json` writes it; null where there is none (no trials, or too few for
    an interval)."""
    if estimate is None:
        return {"value": None, "interval": None, "exact": None}
    exact = exact_json(estimate.exact)
    if not math.isfinite(estimate.value):
        return {"value": None, "interval": None, "exact": exact}
    low, high = estimate.interval
    interval = [low, high] if math.isfinite(low) and math.isfinite(high) else None
    return {"value": estimate.value, "interval": interval, "exact": exact}
