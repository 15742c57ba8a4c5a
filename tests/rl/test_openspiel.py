"""croupier's Chemin de Fer coup in OpenSpiel, played against the game's engine, solved by
CFR+ and checked against croupier's own solver (issue 17, items 3 and 4)."""

from __future__ import annotations

import math
import subprocess
import sys
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import get_all_states  # type: ignore[import-untyped]  # noqa: E402

from croupier.cards import Card  # noqa: E402
from croupier.engine import CHANCE, Action, Draw, Event  # noqa: E402
from croupier.games.baccarat import value  # noqa: E402
from croupier.games.chemin_de_fer import Banco, BankerPlay, DrawCard, Rules, Stand, State  # noqa: E402
from croupier.games.chemin_de_fer.events import HandShown, Settled  # noqa: E402
from croupier.rl._openspiel_games import SESSION_GAMES, session_name  # noqa: E402
from croupier.rl.openspiel import BANKER, COUP, DRAW, PUNTER, STAND, register  # noqa: E402
from croupier.rl.openspiel_check import run_cfr_plus, solver_value  # noqa: E402
from tests.games.chemin_de_fer import stack as cf  # noqa: E402

SHOE = "5S 5H KS KH 3S 2S 2H 6S"
"""Eight cards, five values: small enough for Python CFR+ in seconds, and the punter's
choice on 5 and the banker's choices both matter (the value is not 0)."""


@pytest.fixture(scope="module")
def game():
    register()
    return pyspiel.load_game(COUP, {"shoe": SHOE, "stake": 1})


def test_register_is_idempotent_and_loads_by_name():
    register()
    register()
    assert COUP in pyspiel.registered_names()
    loaded = pyspiel.load_game(COUP)  # a full deck by default
    assert loaded.num_players() == 2
    assert loaded.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_every_state_is_well_formed(game):
    states = get_all_states.get_all_states(
        game, depth_limit=-1, include_terminals=True, include_chance_states=True
    )
    assert len(states) > 100
    for state in states.values():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert outcomes and all(p > 0 for _, p in outcomes)
            assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-12)
        elif state.is_terminal():
            assert sum(state.returns()) == 0
            assert abs(state.returns()[0]) in (0, 1)
        else:
            assert state.legal_actions()
            player = state.current_player()
            assert state.information_state_string() == state.information_state_string(player)
            assert np.asarray(state.information_state_tensor(player)).sum() > 0


def test_hidden_cards_stay_hidden(game):
    """The punter's information state does not depend on the banker's cards."""
    state = game.new_initial_state()
    for action in (5, 0, 2):  # punter 5, banker 0, punter 2
        state.apply_action(action)
    seen = set()
    for last in (0, 3):  # the banker's second card
        child = state.child(last)
        seen.add(child.information_state_string(0))
    assert len(seen) == 1  # the punter does not see the banker's cards


def test_random_playthroughs_of_a_full_deck():
    register()
    full = pyspiel.load_game(COUP, {"stake": 10, "banker_play": "tableau"})
    rng = np.random.default_rng(17)
    for _ in range(50):
        state = full.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                assert math.isclose(sum(probs), 1.0, abs_tol=1e-12)
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                legal = state.legal_actions()
                assert legal
                state.apply_action(int(rng.choice(legal)))
        assert state.returns()[0] in (-10.0, 0.0, 10.0)


@pytest.mark.slow  # a solver run to its equilibrium
def test_cfr_plus_reproduces_croupiers_equilibrium():
    expected = solver_value(SHOE)  # croupier's solver, now, on the same shoe
    run = run_cfr_plus(SHOE, target=1e-3, limit=200)
    assert run.nash_conv <= 1e-3
    assert abs(run.values[0] - expected) <= 1e-3
    assert abs(run.values[0] + run.values[1]) <= 1e-12
    assert abs(expected) > 0.01  # a game with something to solve


RANKS = "KA23456789"  # a card of each value 0..9 (C-3)


def _walk(coup, table: State, left: Counter[int], events: tuple[Event, ...]) -> Counter[str]:
    """Play every deal and every choice on both, the OpenSpiel coup and an engine table,
    and check that they agree at each step; count what was played."""
    if cf.GAME.rounds(table) > 0:  # the engine has settled the coup (CF-14)
        (net,) = [e.net for e in events if isinstance(e, Settled) and e.seat == PUNTER]
        assert coup.is_terminal()
        assert coup.returns() == [net, -net]
        natural = any(isinstance(e, HandShown) and e.natural for e in events)
        return Counter(coups=1, naturals=int(natural))
    (actor,) = cf.GAME.to_act(table)
    legal = cf.GAME.legal_actions(table, actor)
    if actor is not CHANCE and len(legal) == 1:  # the punter on 0-4 or 6-7 (CF-12)
        (action,) = legal  # forced: OpenSpiel asks nobody
        assert isinstance(action, Action)
        after, events = cf.GAME.apply(table, actor, action)
        return _walk(coup, after, left, events) + Counter(forced=1)
    assert not coup.is_terminal()
    if actor is CHANCE:
        total = left.total()
        assert coup.chance_outcomes() == [
            (v, float(Fraction(n, total))) for v, n in sorted(left.items())
        ]
        found: Counter[str] = Counter()
        for v in sorted(left):
            card = Card.from_str(RANKS[v] + "SHDC"[total % 4])  # any card of the value: C-3
            after, events = cf.GAME.apply(table, CHANCE, Draw(card))
            found += _walk(coup.child(v), after, left - Counter({v: 1}), events)
        return found
    assert coup.current_player() == actor
    assert coup.legal_actions() == [STAND, DRAW]
    found = Counter({("punter chose" if actor == PUNTER else "banker chose"): 1})
    for number, action in ((STAND, Stand()), (DRAW, DrawCard())):
        after, events = cf.GAME.apply(table, actor, action)
        found += _walk(coup.child(number), after, left, events)
    return found


@pytest.mark.parametrize("play", list(BankerPlay))
@pytest.mark.parametrize("shoe", [SHOE, "9S 8H 4D 7C 6H AS 3D"])
def test_every_deal_settles_as_the_engine_settles(shoe, play):
    """Every deal of the shoe, by values, and every choice: the OpenSpiel coup's chance,
    players, choices and returns are an engine table's, dealt the same values after a
    banco (CF-6): naturals (CF-11), the punter's rule (CF-12), the banker's choice or the
    tableau (CF-13), the settlement (CF-14)."""
    register()
    coup = pyspiel.load_game(COUP, {"shoe": shoe, "stake": 10, "banker_play": play.value})
    rules = Rules(banker_play=play, minimum_bank=10)
    calls = cf.table(buy_ins={PUNTER: 10, BANKER: 10}, banker=BANKER, bank=10, rules=rules)
    table, _ = cf.GAME.apply(calls, PUNTER, Banco())
    left = Counter(value(Card.from_str(text)) for text in shoe.split())
    found = _walk(coup.new_initial_state(), table, left, ())
    assert found["coups"] > 100 and found["naturals"] > 0
    assert found["forced"] > 0 and found["punter chose"] > 0
    assert (found["banker chose"] > 0) is (play is BankerPlay.FREE)


@pytest.mark.parametrize("name", SESSION_GAMES)
def test_random_sessions_of_every_game(name):
    """Each of the five games loads by name and plays to its end at random, chance sampled
    from `chance_outcomes`; views give the strings and tensors."""
    register()
    game = pyspiel.load_game(session_name(name), {"max_rounds": 2, "seed": 11})
    assert game.num_players() >= 2
    rng = np.random.default_rng(11)
    for _ in range(3):
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            moves += 1
            assert moves < game.max_game_length()
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                assert math.isclose(sum(probs), 1.0, abs_tol=1e-12)
                state.apply_action(int(rng.choice(actions, p=probs)))
                continue
            player = state.current_player()
            legal = state.legal_actions()
            assert legal
            assert state.observation_string(player)
            assert state.information_state_string(player).endswith(state.observation_string(player))
            assert len(state.observation_tensor(player)) == game.observation_tensor_size()
            state.apply_action(int(rng.choice(legal)))
        assert len(state.returns()) == game.num_players()


def test_a_session_is_replayed_by_its_actions():
    """The shuffle is seeded by the game's `seed`: the same actions give the same session."""
    register()
    game = pyspiel.load_game(session_name("chemin-de-fer"), {"max_rounds": 1, "seed": 3})
    rng = np.random.default_rng(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert again.is_terminal()
    assert again.returns() == state.returns()
    assert str(again) == str(state)


def test_the_session_games_need_no_pettingzoo():
    """The session games number actions by `croupier.rl.actions`, not through PettingZoo's
    module: they load and play with pettingzoo unimportable."""
    script = (
        "import sys; sys.modules['pettingzoo'] = None\n"
        "import pyspiel\n"
        "from croupier.rl.openspiel import register\n"
        "register()\n"
        "state = pyspiel.load_game('python_croupier_banchek').new_initial_state()\n"
        "print(len(state.legal_actions()) > 0 or state.is_chance_node())\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"


@pytest.mark.parametrize("name", SESSION_GAMES)
def test_the_session_games_number_actions_as_the_aec_environments(name):
    pytest.importorskip("pettingzoo")
    from croupier.rl.pettingzoo import env

    register()
    game = pyspiel.load_game(session_name(name))
    table = env(name)
    assert game.num_distinct_actions() == len(table.actions)
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probs)))
    player = state.current_player()
    names = [state.action_to_string(player, i) for i in range(len(table.actions))]
    assert names == [str(slot) for slot in table.actions]


def test_a_clone_plays_on_alone_and_remembers_what_its_seat_saw():
    """A clone shares the states passed so far and goes its own way after: the original's
    information state does not change when the clone plays on."""
    register()
    game = pyspiel.load_game(session_name("punto-banco"), {"max_rounds": 2, "seed": 5})
    rng = np.random.default_rng(5)
    state = game.new_initial_state()
    for _ in range(40):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    seen = [state.information_state_string(seat) for seat in range(game.num_players())]
    clone = state.clone()
    for _ in range(20):
        if clone.is_terminal():
            break
        if clone.is_chance_node():
            actions, probs = zip(*clone.chance_outcomes(), strict=True)
            clone.apply_action(int(rng.choice(actions, p=probs)))
        else:
            clone.apply_action(clone.legal_actions()[0])
    assert [state.information_state_string(s) for s in range(game.num_players())] == seen
    assert clone.information_state_string(0).startswith(seen[0])
    assert clone.information_state_string(0) != seen[0]
