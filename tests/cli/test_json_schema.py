"""Every command's `--json` against docs/json.md: the envelope every output shares, the two
shapes of a figure (exact, and estimated with its interval), one sign for every edge, and the
same keys for the same quantity in `odds`, `simulate` and `solve`."""

import json
import re
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from typer.testing import CliRunner

from croupier.cli import app

runner = CliRunner()
Figure = dict[str, Any]

RUNS = {
    "odds punto-banco": ["odds", "punto-banco"],
    "odds punto-banco left": [
        *("odds", "punto-banco", "--remaining", "100,30,30,30,30,30,30,30,30,30"),
        *("--at-5", "best", "--removal"),
    ],
    "odds monte-bank": ["odds", "monte-bank"],
    "odds private-monte": [
        *("odds", "private-monte", "--shuffles", "2000", "--seed", "3"),
        *("--seen", "2S 5C AD", "--layout", "7S 4S"),
    ],
    "odds banchek": ["odds", "banchek", "--hand", "7D KC 5D", "--gone", "AS"],
    "odds banchek prospects": ["odds", "banchek", "--banks", "300", "--seed", "3"],
    "simulate punto-banco": ["simulate", "punto-banco", "--hands", "2000", "--seed", "3"],
    "simulate punto-banco shoes": ["simulate", "punto-banco", "--shoes", "20", "--seed", "3"],
    "simulate punto-banco one": ["simulate", "punto-banco", "--hands", "1", "--seed", "3"],
    "simulate chemin-de-fer": ["simulate", "chemin-de-fer", "--hands", "2000", "--seed", "3"],
    "simulate chemin-de-fer stand": [
        *("simulate", "chemin-de-fer", "--hands", "2000", "--seed", "3", "--strategy", "stand"),
    ],
    "simulate monte-bank": ["simulate", "monte-bank", "--deals", "2000", "--seed", "3"],
    "simulate private-monte": ["simulate", "private-monte", "--shuffles", "2000", "--seed", "3"],
    "simulate banchek": ["simulate", "banchek", "--banks", "2000", "--seed", "3"],
    "simulate banchek bold": [
        *("simulate", "banchek", "--banks", "2000", "--seed", "3", "--policy", "bank"),
    ],
    "solve chemin-de-fer": ["solve", "chemin-de-fer", "--exploit"],
    "solve chemin-de-fer cards": ["solve", "chemin-de-fer", "--info", "cards", "--exploit"],
}
SESSIONS = {
    "punto-banco": [],
    "chemin-de-fer": ["--side", "banker", "--commission", "5%"],
    "monte-bank": ["--bet", "doubler"],
    "private-monte": [],
    "banchek": [],
}
RUNS |= {
    f"sessions {game}": [
        *("simulate", game, "--sessions", "200", "--session-hands", "50", "--seed", "3"),
        *extra,
    ]
    for game, extra in SESSIONS.items()
}

ENVELOPE = ["command", "game", "rules", "seed", "counts", "interrupted"]
RUN = ["seconds", "per_second", "workers"]
FRACTION = re.compile(r"^-?\d+(/\d+)?$")
SHARES = {
    *("probability", "natural", "void", "layout", "win", "win_on_gate", "win_on_first_fall"),
    *("ruined", "ahead", "behind", "tripled", "broke", "endless", "hands_won"),
    *("first_hand_won", "share_bet"),
}
"""The keys under which every figure is a share, from 0 to 1."""


def _refuse(constant: str) -> None:
    raise AssertionError(f"{constant} is not JSON")


@cache
def output(name: str) -> dict[str, Any]:
    result = runner.invoke(app, [*RUNS[name], "--json"])
    assert result.exit_code == 0, (name, result.output)
    data: dict[str, Any] = json.loads(result.stdout, parse_constant=_refuse)
    return data


def figures(data: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Figure]]:
    """Every figure in `data` (an object with a "fraction" or an "interval"), with its
    path of keys."""
    found: list[tuple[tuple[str, ...], Figure]] = []
    if isinstance(data, dict):
        if "fraction" in data or "interval" in data:
            return [(path, data)]
        for key, value in data.items():
            found += figures(value, (*path, key))
    elif isinstance(data, list):
        for item in data:
            found += figures(item, path)
    return found


def check_exact(figure: Figure, where: Any) -> None:
    """`{"value", "fraction"}`: the fraction "p/q" whose nearest float is the value."""
    assert set(figure) == {"value", "fraction"}, where
    assert isinstance(figure["value"], float), where
    if figure["fraction"] is not None:  # the solver's linear program has none
        assert FRACTION.match(figure["fraction"]), where
        assert float(Fraction(figure["fraction"])) == figure["value"], where


def check_estimate(figure: Figure, where: Any) -> None:
    """`{"value", "interval", "exact"}`: the value inside its interval, the exact figure
    in its own shape."""
    assert set(figure) == {"value", "interval", "exact"}, where
    value, interval = figure["value"], figure["interval"]
    if value is None:
        assert interval is None, where
    elif interval is not None:
        low, high = interval
        assert low <= value <= high, where
    if figure["exact"] is not None:
        check_exact(figure["exact"], where)


def exact(figure: Figure) -> Fraction:
    """The exact fraction of a figure, exact or estimated."""
    inner = figure["exact"] if "interval" in figure else figure
    return Fraction(inner["fraction"])


@pytest.mark.parametrize("name", list(RUNS))
def test_the_envelope(name):
    data = output(name)
    command, game = RUNS[name][:2]
    keys = list(data)
    assert keys[: len(ENVELOPE)] == ENVELOPE and keys[-1] == "results", keys
    assert keys[len(ENVELOPE) : -1] == (RUN if command == "simulate" else []), keys
    assert (data["command"], data["game"]) == (command, game)
    assert isinstance(data["rules"], dict) and data["interrupted"] is False
    counts = data["counts"]
    assert all(isinstance(n, int) and n > 0 for n in counts.values())
    simulated = "--seed" in RUNS[name]
    assert (data["seed"] is not None) == simulated == bool(counts)
    if command == "simulate":
        assert set(data["per_second"]) == set(counts)


@pytest.mark.parametrize("name", list(RUNS))
def test_every_figure_has_one_of_two_shapes(name):
    data = output(name)
    found = figures(data)
    assert found
    for path, figure in found:
        where = (name, path)
        if "interval" in figure:
            assert data["command"] != "solve", where
            check_estimate(figure, where)
            if SHARES & set(path) and figure["interval"] is not None:
                low, high = figure["interval"]
                assert 0 <= low <= high <= 1, where
        else:
            check_exact(figure, where)
            if data["command"] == "solve" and figure["fraction"] is None:
                assert "cards" in name, where  # only the linear program answers in floats


@pytest.mark.parametrize("name", list(RUNS))
def test_no_fraction_hides_outside_a_figure(name):
    """An exact figure is always `{"value", "fraction"}`: no bare "p/q" anywhere else."""

    def strings(data: Any, key: str = "") -> list[tuple[str, str]]:
        if isinstance(data, dict):
            if "fraction" in data:
                return []
            return [s for k, v in data.items() for s in strings(v, k)]
        if isinstance(data, list):
            return [s for item in data for s in strings(item, key)]
        return [(key, data)] if isinstance(data, str) else []

    loose = [(k, s) for k, s in strings(output(name)) if FRACTION.match(s) and "/" in s]
    assert loose == []


def test_a_rate_is_an_exact_figure():
    assert output("odds punto-banco")["rules"]["commission"] == {"value": 0.05, "fraction": "1/20"}
    free = output("simulate chemin-de-fer")["rules"]["commission"]
    assert free == {"value": 0.0, "fraction": "0"}
    assert output("simulate monte-bank")["rules"]["cut"]["fraction"] == "1/4"


def test_one_hand_has_intervals_that_say_so():
    """One coup: each result's share is 0 or 1, and its interval is wide, never empty; the
    edges of one coup have no interval at all."""
    results = output("simulate punto-banco one")["results"]
    for bet, share in results["probability"].items():
        low, high = share["interval"]
        assert high - low > 0.7, bet
    assert all(edge["interval"] is None for edge in results["house_edge"].values())
    readable = runner.invoke(app, RUNS["simulate punto-banco one"])
    assert readable.exit_code == 0 and "± 0.0000%" not in readable.output


# -- one sign for every edge ------------------------------------------------------------------


def test_the_house_gains_on_every_bet_where_it_banks():
    for name in ("odds punto-banco", "simulate punto-banco"):
        edges = output(name)["results"]["house_edge"]
        assert all(exact(edge) > 0 for edge in edges.values()), name
        assert exact(edges["banco"]) < exact(edges["punto"]) < exact(edges["egalite"])
    for name in ("odds monte-bank", "simulate monte-bank"):
        edges = output(name)["results"]["house_edge"]
        assert all(exact(e) > 0 for by in edges.values() for e in by.values()), name


def test_the_banker_gains_against_a_flat_punter_and_loses_to_the_counter():
    odds = output("odds private-monte")["results"]
    assert exact(odds["first_deal"]["banker_edge"]) == Fraction(43, 247)
    assert exact(odds["layout"]["banker_edge"]) > 0  # 7S 4S: two spades, fewer left
    simulated = output("simulate private-monte")["results"]
    assert exact(simulated["flat"]["banker_edge"]) == Fraction(43, 247)
    for counter in (odds["counter"], simulated["counter"]):
        assert exact(counter["banker_edge"]) < 0  # counting beats the bank
    banchek = output("odds banchek")["results"]
    for hand in ("random_hand", "hand", "next_hand"):
        edge = exact(banchek[hand]["banker_edge"])
        assert edge == 1 - 2 * exact(banchek[hand]["win"]) and edge > 0, hand


def test_the_chemin_de_fer_banker():
    results = output("simulate chemin-de-fer")["results"]
    edges = results["banker_edge"]
    assert exact(edges["no_commission"]) > 0 > exact(edges["with_commission"])
    chances = {side: exact(p) for side, p in results["probability"].items()}
    assert exact(edges["no_commission"]) == chances["banker"] - chances["punter"]
    rate = exact(results["commission"])
    assert exact(edges["with_commission"]) == chances["banker"] * (1 - rate) - chances["punter"]
    standing = output("simulate chemin-de-fer stand")["results"]  # a fixed strategy, exactly
    assert exact(standing["natural"]) == exact(results["natural"])  # whatever is played
    assert exact(standing["banker_edge"]["no_commission"]) < 0  # standing on 5 and all


def test_sessions_lose_per_chip_as_the_bank_gains():
    punto = output("sessions punto-banco")["results"]["loss_per_chip"]
    banco = output("odds punto-banco")["results"]["house_edge"]["banco"]
    assert exact(punto) == exact(banco)  # 20 a coup: the commission is a whole chip
    flat = output("sessions private-monte")["results"]["loss_per_chip"]
    assert exact(flat) == Fraction(43, 247)
    assert exact(output("sessions monte-bank")["results"]["loss_per_chip"]) > 0
    # holding the bank at Chemin de Fer, paying 5%: a loss of minus the banker's edge
    banker = output("sessions chemin-de-fer")["results"]
    assert banker["side"] == "banker" and exact(banker["loss_per_chip"]) > 0
    banchek = output("sessions banchek")["results"]["loss_per_chip"]
    assert banchek == {"value": None, "interval": None, "exact": None}  # his stakes vary


# -- the same key for the same quantity --------------------------------------------------------


def test_punto_banco_odds_and_simulation_share_their_keys_and_fractions():
    odds = output("odds punto-banco")["results"]
    for name in ("simulate punto-banco", "simulate punto-banco shoes"):
        simulated = output(name)["results"]
        assert set(simulated) == {"probability", "house_edge"} <= set(odds)
        for key in ("probability", "house_edge"):
            assert set(simulated[key]) == set(odds[key]) == {"punto", "banco", "egalite"}
            for bet, figure in simulated[key].items():
                assert figure["exact"] == odds[key][bet], (name, key, bet)
    rules = output("simulate punto-banco")["rules"]
    assert {k: v for k, v in rules.items() if k != "cut_card"} == output("odds punto-banco")[
        "rules"
    ]


def test_monte_bank_odds_and_simulation_share_their_keys_and_fractions():
    odds = output("odds monte-bank")["results"]
    simulated = output("simulate monte-bank")["results"]
    assert set(odds) <= set(simulated)
    assert output("odds monte-bank")["rules"] == output("simulate monte-bank")["rules"]
    for key in ("void", "layout", "win", "win_on_gate", "win_on_first_fall", "house_edge"):
        exact_figures = dict(figures(odds[key]))
        for path, figure in figures(simulated[key]):
            assert figure["exact"] == exact_figures[path], (key, path)  # same path, same value


def test_the_counter_is_reported_alike_by_odds_and_simulate():
    odds = output("odds private-monte")["results"]["counter"]
    simulated = output("simulate private-monte")["results"]["counter"]
    assert set(odds) == set(simulated) == {"banker_edge", "share_bet", "bets", "by_deal"}
    assert odds["banker_edge"]["exact"] == simulated["banker_edge"]["exact"]
    for one, other in zip(odds["by_deal"], simulated["by_deal"], strict=True):
        assert set(one) == set(other)
        assert one["share_bet"]["exact"] == other["share_bet"]["exact"]


def test_banchek_prospects_are_its_simulation():
    prospects = output("odds banchek prospects")["results"]["prospects"]
    simulated = output("simulate banchek")["results"]
    assert [p["policy"] for p in prospects] == ["flat", "chance", "bank"]
    assert all(set(p) == set(simulated) for p in prospects)
    bold = output("simulate banchek bold")["results"]
    assert prospects[2]["tripled"]["exact"] == bold["tripled"]["exact"] is not None
    assert exact(bold["tripled"]) + exact(bold["broke"]) == 1


def test_the_solver_and_the_simulation_agree_on_the_equilibrium():
    solved = output("solve chemin-de-fer")["results"]
    simulated = output("simulate chemin-de-fer")["results"]
    assert solved["strategy"]["punter_draws_at_5"] == simulated["strategy"]["punter_draws_at_5"]
    edge = solved["banker_edge"]["no_commission"]
    assert edge == simulated["banker_edge"]["no_commission"]["exact"]
    assert output("solve chemin-de-fer")["rules"]["decks"] == 6
    cards = output("solve chemin-de-fer cards")["results"]
    assert set(cards) == set(solved) and cards["info"] == "cards"
