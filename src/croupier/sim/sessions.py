"""Sessions: a player sits down with a bankroll and stakes the same on every hand, for a
number of hands or until he can no longer cover his stake (he is ruined), or, if he has a
target, until his bankroll reaches it.

A game gives the hands; this module keeps the money. A game's `fill(state, nets)` writes,
for each session in turn (a row of `nets`), what each of its hands wins or loses in chips
for the stake, drawing from the generator `state` session after session. `play` walks the
bankrolls and counts, at `POINTS` + 1 points of the session (`Plan.at`): how many sessions
are ruined, ahead, behind, the money they hold in all, the hands they have played, and a
histogram of their bankrolls. These counts add up over chunks, so a run's totals are the
same however it is spread. `paths` gives the bankroll hand by hand of the first sessions of
the same generator, for drawing them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier import i18n
from croupier.engine.rule_options import refuse
from croupier.errors import InvalidConfig
from croupier.sim.jit import njit

__all__ = [
    "AHEAD",
    "BEHIND",
    "BINS",
    "COLUMNS",
    "GAIN_PLAYED",
    "GAIN_SQUARED",
    "HISTOGRAM",
    "MONEY",
    "PLAYED",
    "PLAYED_SQUARED",
    "POINTS",
    "RUINED",
    "Fill",
    "Plan",
    "paths",
    "play",
]

RUINED, AHEAD, BEHIND, MONEY, PLAYED, PLAYED_SQUARED, GAIN_SQUARED, GAIN_PLAYED = range(8)
"""The columns of each point's counts: sessions ruined (less than a stake left), ahead of
their bankroll, behind it; the chips all sessions hold; the hands all have played; and,
for the intervals, the sums of each session's hands played squared, of its gain (chips held
less the bankroll) squared, and of its gain times its hands played. The histogram of
bankrolls follows, from `HISTOGRAM` on."""
HISTOGRAM = GAIN_PLAYED + 1
BINS = 4096
"""Bins of the bankroll histogram at each point, `Plan.width` chips each, shifted so that
the bankroll begins one (`Plan.shift`)."""
COLUMNS = HISTOGRAM + BINS
POINTS = 100
"""Points of a session where the counts are taken (fewer if it has fewer hands)."""

Fill = Callable[[npt.NDArray[np.uint64], npt.NDArray[np.int64]], None]
"""`fill(state, nets)`: each row of `nets`, a session, filled with what each hand wins
(positive) or loses (negative) for the stake, in chips."""


@dataclass(frozen=True, slots=True)
class Plan:
    """Sessions of `hands` hands, starting with `bankroll` chips, `stake` staked on each
    hand, leaving on reaching `target` chips if it is more than 0; a hand wins `most_won`
    chips at the most. Where stakes vary (not `flat`), `stake` is the least a session must
    hold to play a hand."""

    bankroll: int
    stake: int
    hands: int
    most_won: int
    target: int = 0
    flat: bool = True

    def __post_init__(self) -> None:
        for name in ("bankroll", "stake", "hands"):
            if getattr(self, name) < 1:
                raise refuse({f"Plan.{name}": str(getattr(self, name))}, i18n._("at least 1"))
        if self.stake > self.bankroll:
            said = i18n._("{stake} is more than the {bankroll}: no hand could be played")
            values = {"stake": str(self.stake), "bankroll": str(self.bankroll)}
            raise InvalidConfig(said, values)

    @property
    def at(self) -> npt.NDArray[np.int64]:
        """The hands played by each point where the counts are taken, from 0 to `hands`."""
        points = min(POINTS, self.hands)
        return np.array([self.hands * k // points for k in range(points + 1)], dtype=np.int64)

    @property
    def width(self) -> int:
        """Chips in a bin of the histogram: bins from 0 reach the most a session can hold."""
        most = self.bankroll + self.hands * self.most_won
        if self.target > 0:
            most = min(most, self.target - 1 + self.most_won)
        return -(-(most + 1) // BINS)

    @property
    def shift(self) -> int:
        """Chips added to a bankroll to find its bin: so the bankroll begins a bin."""
        return -self.bankroll % self.width

    @property
    def leaves_at(self) -> int:
        """The bankroll a session leaves on: its target, or none it could reach."""
        return self.target if self.target > 0 else np.iinfo(np.int64).max

    @property
    def batch(self) -> int:
        """Sessions dealt at a time: some million hands."""
        return max(1, (1 << 20) // self.hands)


@njit
def _walk(
    nets: Any, bankroll: int, stake: int, enough: int, at: Any, width: int, shift: int, out: Any
) -> None:
    """Each session's bankroll hand by hand while it covers `stake` and is short of `enough`,
    its counts taken at each point of `at`."""
    bins = out.shape[1] - HISTOGRAM
    for s in range(nets.shape[0]):
        money = bankroll
        h = 0
        for k in range(len(at)):
            while h < at[k] and stake <= money < enough:
                money += nets[s, h]
                h += 1
            row = out[k]
            if money < stake:
                row[RUINED] += 1
            if money > bankroll:
                row[AHEAD] += 1
            elif money < bankroll:
                row[BEHIND] += 1
            gain = money - bankroll
            row[MONEY] += money
            row[PLAYED] += h
            row[PLAYED_SQUARED] += h * h
            row[GAIN_SQUARED] += gain * gain
            row[GAIN_PLAYED] += gain * h
            row[HISTOGRAM + min((money + shift) // width, bins - 1)] += 1


def play(
    fill: Fill, state: npt.NDArray[np.uint64], sessions: int, plan: Plan
) -> npt.NDArray[np.int64]:
    """Play `sessions` sessions: the counts at each point, one row a point, in one slice
    (the runner's rows are slices of a run)."""
    at = plan.at
    out = np.zeros((1, len(at), COLUMNS), dtype=np.int64)
    batch = np.empty((min(plan.batch, sessions), plan.hands), dtype=np.int64)
    for done in range(0, sessions, len(batch)):
        nets = batch[: sessions - done]  # the last batch may be short
        fill(state, nets)
        _walk(nets, plan.bankroll, plan.stake, plan.leaves_at, at, plan.width, plan.shift, out[0])
    return out


def paths(
    fill: Fill, state: npt.NDArray[np.uint64], sessions: int, plan: Plan
) -> npt.NDArray[np.int64]:
    """The bankroll of each of the first `sessions` sessions from `state`, hand by hand:
    one row a session, `hands` + 1 columns; a session that has left stays as it was."""
    nets = np.zeros((sessions, plan.hands), dtype=np.int64)
    fill(state, nets)
    money = np.full(sessions, plan.bankroll, dtype=np.int64)
    out = np.empty((sessions, plan.hands + 1), dtype=np.int64)
    out[:, 0] = money
    for h in range(plan.hands):
        money += np.where((plan.stake <= money) & (money < plan.leaves_at), nets[:, h], 0)
        out[:, h + 1] = money
    return out
