"""A simulated figure with its 95% confidence interval, beside the exact figure if any."""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

__all__ = ["Z95", "Estimate", "share", "wilson"]

Z95 = NormalDist().inv_cdf(0.975)
"""The standard normal's two-sided 95% point."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A simulated figure, the half-width of its 95% interval, and the exact figure if there
    is one."""

    value: float
    margin: float
    exact: float | None = None

    @property
    def sigmas(self) -> float | None:
        """How many standard errors the estimate lies from the exact figure."""
        if self.exact is None or not self.margin:
            return None
        return (self.value - self.exact) / (self.margin / Z95)


def share(successes: int, n: int, exact: float | None = None) -> Estimate:
    """A proportion of `n` independent trials, with its 95% (normal) margin."""
    if not n:
        return Estimate(math.nan, math.inf, exact)
    p = successes / n
    return Estimate(p, Z95 * math.sqrt(p * (1 - p) / n), exact)


def wilson(successes: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion: sound at 0 and 1 too, where the normal
    interval shrinks to nothing."""
    if not n:
        return 0.0, 1.0
    p, z2 = successes / n, Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(centre - half, 0.0), min(centre + half, 1.0)
