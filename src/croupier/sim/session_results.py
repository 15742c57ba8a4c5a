"""What sessions came to: how many were ruined, ahead or behind, the bankroll they ended
with, its spread along the way, and what a chip staked lost, with 95% intervals."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.estimate import Z95, Estimate, estimate_json, share
from croupier.sim.sessions import (
    AHEAD,
    BEHIND,
    GAIN_PLAYED,
    GAIN_SQUARED,
    HISTOGRAM,
    MONEY,
    PLAYED,
    PLAYED_SQUARED,
    RUINED,
    Plan,
)

__all__ = ["QUANTILES", "SessionResults"]

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)
"""The bankroll's spread is shown by these quantiles."""


@dataclass(frozen=True, slots=True)
class SessionResults:
    """The counts of `sessions.play` for `plan`, at each of its points."""

    counts: npt.NDArray[np.int64]
    plan: Plan

    @classmethod
    def of(cls, counts: Any, plan: Plan) -> SessionResults:
        return cls(np.asarray(counts, dtype=np.int64).reshape(len(plan.at), -1), plan)

    @property
    def sessions(self) -> int:
        return int(self.counts[0, HISTOGRAM:].sum())

    @property
    def hands(self) -> int:
        """Hands played in all sessions."""
        return int(self.counts[-1, PLAYED])

    def _share(self, column: int, point: int = -1) -> Estimate:
        return share(int(self.counts[point, column]), self.sessions)

    def ruined(self, point: int = -1) -> Estimate:
        """The share of sessions ruined by a point (the end, unless told)."""
        return self._share(RUINED, point)

    def ahead(self) -> Estimate:
        """The share of sessions that end with more than they began with."""
        return self._share(AHEAD)

    def behind(self) -> Estimate:
        """The share of sessions that end with less."""
        return self._share(BEHIND)

    def _histogram(self, point: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """The fewest chips in each bin, and how many sessions are in it at a point."""
        counts = self.counts[point, HISTOGRAM:]
        lows = np.maximum(np.arange(len(counts)) * self.plan.width - self.plan.shift, 0)
        return lows, counts

    def _mean(self, column: int) -> float:
        """A column's sum at the end, over the sessions."""
        return int(self.counts[-1, column]) / self.sessions

    def final(self) -> Estimate:
        """The mean bankroll at the end, in chips."""
        gain = self._mean(MONEY) - self.plan.bankroll
        variance = max(0.0, self._mean(GAIN_SQUARED) - gain * gain)
        return Estimate(self._mean(MONEY), Z95 * math.sqrt(variance / self.sessions))

    def edge(self, exact: Fraction | None = None) -> Estimate:
        """What a chip staked loses, over all the sessions' hands (the chips lost over the
        chips staked), beside the exact loss of a hand if one is given. Its interval is the
        ratio's: sessions that stop early stake less."""
        stake = self.plan.stake
        lost, staked = -(self._mean(MONEY) - self.plan.bankroll), stake * self._mean(PLAYED)
        ratio = lost / staked
        # the spread of each session's loss less `ratio` times its stake, whose mean is 0
        variance = (
            self._mean(GAIN_SQUARED)
            + 2 * ratio * stake * self._mean(GAIN_PLAYED)
            + ratio * ratio * stake * stake * self._mean(PLAYED_SQUARED)
        )
        margin = Z95 * math.sqrt(max(0.0, variance) / self.sessions) / staked
        return Estimate(ratio, margin, exact)

    def quantile(self, q: float, point: int = -1) -> float:
        """The bankroll below which a share `q` of sessions lie at a point, to within a bin
        (`Plan.width` chips): the fewest chips of its bin."""
        lows, counts = self._histogram(point)
        below = np.cumsum(counts)
        return float(lows[int(np.searchsorted(below, q * self.sessions))])

    def spread(self) -> dict[str, list[float]]:
        """At each point: the hands played so far, each quantile's bankroll, the share
        ruined."""
        points = range(len(self.plan.at))
        out: dict[str, list[float]] = {"hand": [int(h) for h in self.plan.at]}
        for q in QUANTILES:
            out[f"{q:.0%}"] = [self.quantile(q, k) for k in points]
        out["ruined"] = [self.ruined(k).value for k in points]
        return out

    def as_json(self, exact_edge: Fraction | None = None) -> dict[str, Any]:
        """The figures by name, for `--json`'s `results`; the loss per chip staked only if
        every hand stakes the same (a `flat` plan), else all null."""
        edge = self.edge(exact_edge) if self.plan.flat else None
        return {
            "bankroll": self.plan.bankroll,
            "stake": self.plan.stake,
            "hands_per_session": self.plan.hands,
            "ruined": estimate_json(self.ruined()),
            "ahead": estimate_json(self.ahead()),
            "behind": estimate_json(self.behind()),
            "mean_final_bankroll": estimate_json(self.final()),
            "loss_per_chip": estimate_json(edge),
            "spread": self.spread(),
        }
