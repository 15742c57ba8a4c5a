"""The five games as PettingZoo environments: PettingZoo's own API and seed tests, and
that no observation shows a card hidden from its seat."""

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

from croupier import games
from croupier.errors import InvalidConfig
from croupier.rl.pettingzoo import env
from tests.games.banchek.test_conformance import scramble as banchek
from tests.games.chemin_de_fer.test_conformance import scramble as chemin_de_fer
from tests.games.monte_bank.test_conformance import scramble as monte_bank
from tests.games.punto_banco.test_conformance import scramble as punto_banco

SCRAMBLE = {
    "punto-banco": punto_banco,
    "chemin-de-fer": chemin_de_fer,
    "monte-bank": monte_bank,
    "private-monte": monte_bank,
    "banchek": banchek,
}
CYCLES = {"monte-bank": 20}


@pytest.mark.parametrize("name", games.names())
def test_api(name):
    api_test(env(name), num_cycles=CYCLES.get(name, 50))


@pytest.mark.parametrize("name", games.names())
def test_seed(name):
    seed_test(lambda: env(name), num_cycles=CYCLES.get(name, 50))


@pytest.mark.parametrize("name", games.names())
def test_observations_hide_what_they_must(name):
    """At every step of seeded random play, each seat's observation is the same when the
    cards hidden from it (the others' hands, the undealt order) are moved."""
    table, rng = env(name, max_rounds=6), random.Random(5)
    checked = 0
    for seed in range(40):
        if checked >= 150:
            break
        table.reset(seed=seed)
        for agent in table.agent_iter(max_iter=200):
            _, _, termination, truncation, _ = table.last()
            for other in table.agents:
                seen = table.observe(other)
                state = table.state
                table.state = SCRAMBLE[name](state, rng, int(other.removeprefix("seat_")))
                moved = table.observe(other)
                table.state = state
                assert np.array_equal(seen["observation"], moved["observation"]), other
                assert np.array_equal(seen["action_mask"], moved["action_mask"]), other
                checked += 1
            mask = table.observe(agent)["action_mask"]
            done = termination or truncation
            table.step(None if done else int(rng.choice(np.flatnonzero(mask))))
    assert checked >= 150


def test_the_action_grid():
    """Stakes fall on the grid of the legal range, from its low end to its most."""
    table = env("chemin-de-fer", stake_grid=(0.0, 1.0))
    table.reset(seed=1)
    agent = table.agent_selection
    legal = np.flatnonzero(table.observe(agent)["action_mask"])
    named = [str(table.actions[i]) for i in legal]
    assert named and all("@" not in n or n.endswith(("@0", "@1")) for n in named)
    assert len(table.actions) == len(set(table.actions))


@pytest.mark.parametrize(
    "option", [{"seats": 0}, {"seats": "2"}, {"buy_in": 0}, {"max_rounds": -1}]
)
def test_a_bad_size_is_refused_in_words(option):
    with pytest.raises(InvalidConfig, match="is not valid: a whole number, 1 or more"):
        env("banchek", **option)
