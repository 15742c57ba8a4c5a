"""Estimates, their intervals, and how figures are written in JSON (docs/json.md)."""

import math
from fractions import Fraction

from croupier.estimate import Estimate, bounded, estimate_json, exact_json, share, wilson


def test_an_exact_figure_is_its_fraction_beside_its_float():
    assert exact_json(Fraction(1, 20)) == {"value": 0.05, "fraction": "1/20"}
    assert exact_json(Fraction(0)) == {"value": 0.0, "fraction": "0"}
    assert exact_json(Fraction(-313, 6293)) == {"value": -313 / 6293, "fraction": "-313/6293"}
    assert exact_json(0.25) == {"value": 0.25, "fraction": None}  # a float alone
    assert exact_json(None) is None


def test_a_share_has_its_wilson_interval_inside_zero_to_one():
    one = share(1, 1)
    assert one.margin == 0  # the normal interval says nothing of one trial
    low, high = one.interval
    assert 0.2 < low < 0.21 and high == 1.0
    assert wilson(0, 200)[0] == 0.0 and wilson(200, 200)[1] == 1.0  # exactly, at the ends
    low, high = share(30, 100, Fraction(3, 10)).interval
    assert 0 < low < 0.3 < high < 1 and high - 0.3 > 0.3 - low  # lopsided towards one half
    assert math.isnan(share(0, 0).value)  # no trials: nothing to say


def test_other_shares_are_held_to_zero_to_one():
    assert bounded(Estimate(0.01, 0.05)).interval == (0.0, 0.060000000000000005)
    assert Estimate(0.5, 0.1).interval == (0.4, 0.6)


def test_an_estimate_in_json():
    data = estimate_json(share(1, 4, Fraction(1, 4)))
    assert data["value"] == 0.25 and data["exact"] == {"value": 0.25, "fraction": "1/4"}
    assert data["interval"] == list(wilson(1, 4))
    assert estimate_json(Estimate(3.0, math.inf)) == {"value": 3.0, "interval": None, "exact": None}
    assert estimate_json(share(0, 0, Fraction(1, 2)))["value"] is None
    assert estimate_json(None) == {"value": None, "interval": None, "exact": None}
