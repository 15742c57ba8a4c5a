"""Stake limits a host changes between coups (`SetLimits`): every game takes them from the
house at the moments it may end the session, and only there; a table that takes them plays
on as one opened with them, and its history replays them (the conformance suite, which
sets new limits now and then between coups, checks the rest: tests/games/*/test_conformance)."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from croupier import games, words
from croupier.bots.random_play import pick
from croupier.engine.actions import Amounts, EndSession, SetLimits
from croupier.engine.actors import CHANCE, HOUSE
from croupier.engine.codec import decode, encode
from croupier.engine.drive import Croupier, Driver
from croupier.engine.events import LimitsSet
from croupier.engine.history import replay
from croupier.engine.rule_options import changeable, limits_said, options
from croupier.errors import ForbiddenAction, NotYourTurn, UnknownAction
from croupier.games.chemin_de_fer.actions import OpenBank, Pass, Stake
from croupier.randomness import RandomShuffler
from croupier.testing import Spec, play_randomly, random_limits

BUY_INS = {0: 3000, 1: 3000, 2: 3000}


def _limits(rules: Any, seed: int = 3) -> dict[str, Any]:
    rng = random.Random(seed)
    while not (limits := random_limits(rules, rng)):
        pass
    return limits


def _states(name: str) -> list[Any]:
    """Every state of a session of random play at `name` of two coups or more (the first
    seed's that has them)."""
    game = games.get(name)
    spec = Spec(game, game.config(), BUY_INS, lambda s, r, v: s, lambda s: [])
    for seed in range(100):
        history = play_randomly(spec, seed, rounds=3, checks=0).history
        states = [state for state, _ in replay(game, history)]
        if game.rounds(states[-1]) >= 2:
            return states
    raise AssertionError("no session of two coups")


def _between(name: str) -> Any:
    """The first moment between coups of a session of random play at `name`."""
    game = games.get(name)
    return next(s for s in _states(name) if EndSession() in game.options(s, HOUSE))


@pytest.mark.parametrize("name", games.names())
def test_a_table_that_takes_new_limits_plays_on_as_one_opened_with_them(name):
    """At the first moment between coups (the shoe shuffled and cut, where the game has one),
    the state with the new limits is the state a table opened with them is in there."""
    game = games.get(name)
    rules = game.config()
    spec = Spec(game, rules, BUY_INS, lambda s, r, v: s, lambda s: [])
    history = play_randomly(spec, seed=11, rounds=3, checks=0).history
    taken = 0  # the seats' and the house's steps to the first moment between coups
    for state, step in replay(game, history):
        taken += step.actor is not CHANCE
        if EndSession() in game.options(state, HOUSE):
            break
    limits = _limits(rules)
    said = json.dumps(limits)
    after, events = game.apply(state, HOUSE, SetLimits(said))
    assert events == (LimitsSet(said),)
    opened_with = decode({**encode(rules), **limits}, game.config_type)
    assert opened_with != rules and game.rules_of(after) == opened_with
    same = dataclasses.replace(history, config=opened_with, actions=history.actions[:taken])
    *_, (there, _) = replay(game, same)
    assert after == there


@pytest.mark.parametrize("name", games.names())
def test_limits_change_only_between_coups_and_only_by_the_house(name):
    game = games.get(name)
    states = _states(name)
    during = [
        s for s in states if not game.is_over(s) and EndSession() not in game.options(s, HOUSE)
    ]
    between = [s for s in states if game.rounds(s) > 0 and EndSession() in game.options(s, HOUSE)]
    assert during and between, "the session has coups and moments between them"
    limits = SetLimits(json.dumps(_limits(game.config())))
    with pytest.raises(NotYourTurn, match="the stake limits change between coups"):
        game.apply(during[0], HOUSE, limits)
    with pytest.raises(ForbiddenAction, match="the house sets the stake limits"):
        game.apply(between[-1], 0, limits)
    after, _ = game.apply(between[-1], HOUSE, limits)
    assert game.rules_of(after) != game.rules_of(between[-1])
    assert game.rounds(after) == game.rounds(between[-1])


@pytest.mark.parametrize("name", games.names())
def test_only_the_stake_limits_change(name):
    game = games.get(name)
    rules = game.config()
    start = _between(name)
    fixed = [o for o in options(rules) if o not in changeable(rules)]
    assert {o.name for o in changeable(rules)}, "every game has stake limits a host may change"
    for option in fixed:
        asked = SetLimits(json.dumps({option.name: encode(getattr(rules, option.name))}))
        with pytest.raises(ForbiddenAction, match="is not a stake limit a host changes"):
            game.apply(start, HOUSE, asked)
    for text in ("[]", "{}", "nonsense"):
        with pytest.raises(UnknownAction, match="a JSON object of stake limits"):
            game.apply(start, HOUSE, SetLimits(text))


def test_a_bank_agreed_is_not_a_limit_and_a_limit_out_of_bounds_is_refused():
    """BK: the bank is the sum every banker puts up, so it holds for the table's life."""
    banchek = games.get("banchek")
    start = _between("banchek")
    with pytest.raises(ForbiddenAction, match=r"bank = 500 is not a stake limit"):
        banchek.apply(start, HOUSE, SetLimits('{"bank": 500}'))
    cf = games.get("chemin-de-fer")
    start = _between("chemin-de-fer")
    with pytest.raises(ForbiddenAction, match=r"minimum_stake = 0 is not valid: at least 1"):
        cf.apply(start, HOUSE, SetLimits('{"minimum_stake": 0}'))
    with pytest.raises(ForbiddenAction, match=r"minimum_stake = 'a' is not valid"):
        cf.apply(start, HOUSE, SetLimits('{"minimum_stake": "a"}'))


def test_the_new_stake_limits_bound_the_next_stakes():
    """CF-11: a punter stakes from the minimum stake up to the uncovered bank; set higher
    between coups, the next stakes start at the new minimum."""
    cf = games.get("chemin-de-fer")
    between = next(
        s
        for s in _states("chemin-de-fer")
        if cf.rounds(s) > 0 and EndSession() in cf.options(s, HOUSE)
    )
    after, _ = cf.apply(between, HOUSE, SetLimits('{"minimum_stake": 40}'))
    driver = Driver(cf, after, RandomShuffler.seeded(5), Croupier(waits=True))
    rng = random.Random(5)
    for _ in range(5000):
        driver.advance()
        seat = driver.seats()[0]
        legal = cf.options(driver.state, seat)
        stakes = legal.of_type(Stake)
        if stakes:
            (amounts,) = stakes
            assert isinstance(amounts, Amounts) and amounts.low == min(40, amounts.high)
            assert min(10, amounts.high) < amounts.low, "the old minimum is refused"
            return
        # to the stakes: the first offered opens the bank, and nobody bids or calls banco
        opening = legal.of_type(OpenBank)
        choice = opening[0] if opening else Pass() if Pass() in legal else legal.options[0]
        driver.apply(seat, pick(rng, choice))
    pytest.fail("no stake came")


def test_new_limits_are_said_in_every_game_s_words():
    said = limits_said({"minimum_stake": 20, "punto": {"high": 2000, "low": 20, "type": "Limits"}})
    assert said == "minimum stake 20, punto 20 to 2000"
    for name in games.names():
        narrator = words.narrator(name, words.Names(words.place(name)))
        line = narrator(LimitsSet('{"minimum_stake": 20}'))
        assert line == "The stake limits from this coup on: minimum stake 20."
