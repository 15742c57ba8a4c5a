"""A simulated figure with its 95% confidence interval, beside the exact figure if any."""

from __future__ import annotations

from dataclasses import dataclass
from statistics import NormalDist

__all__ = ["Z95", "Estimate"]

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
