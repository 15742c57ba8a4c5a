"""The one loop (croupier.engine.drive): chance first, then the house, then a seat; and it is
the only place a session's chance is drawn or its house asked."""

from __future__ import annotations

import ast
import copy
from pathlib import Path

import croupier
from croupier.engine import CHANCE, HOUSE, Cut, Done, Driver, EndSession, Shuffle
from croupier.engine.drive import Croupier, automatic
from croupier.games.punto_banco import Bet, PuntoBanco, Stake
from croupier.randomness import RandomShuffler, stream

GAME = PuntoBanco()


def _driver(**house) -> Driver:
    return Driver.start(
        GAME, GAME.config(table="small"), {0: 1000}, seed=3, house=Croupier(**house)
    )


def test_chance_comes_first_then_the_seat_that_cuts():  # C-5, C-6
    driver = _driver()
    step = driver.automatic()
    assert step is not None
    actor, action = step
    assert actor is CHANCE and isinstance(action, Shuffle)
    assert driver.advance() == 1
    assert driver.automatic() is None and driver.seats() == [0]


def test_the_house_closes_bets_once_every_seat_has_finished():  # PB-8
    driver = _driver()
    driver.advance()
    driver.apply(0, Cut(100))
    driver.advance()
    driver.apply(0, Stake(Bet.BANCO, 10))
    assert HOUSE in GAME.to_act(driver.state)
    assert driver.automatic() is None  # the seat may still bet: the house waits
    driver.apply(0, Done())
    step = driver.automatic()
    assert step is not None and step[0] is HOUSE
    driver.advance()
    assert GAME.rounds(driver.state) == 1


def test_a_driver_that_leaves_the_draws_stops_at_a_card():
    driver = _driver()
    driver.draws = False
    driver.advance()
    driver.apply(0, Cut(100))
    driver.advance()
    assert CHANCE in GAME.to_act(driver.state) and driver.seats() == []


def test_the_house_ends_the_session_after_its_rounds_or_waits():
    ended = _driver(rounds=0)
    ended.advance()
    ended.apply(0, Cut(100))
    ended.advance()
    assert ended.over
    closing = _driver(closing=True)
    closing.advance()
    closing.apply(0, Cut(100))
    closing.advance()
    assert closing.over
    monte = croupier.games.get("monte-bank")
    empty = Driver.start(monte, monte.config(), {}, seed=1, house=Croupier(waits=True))
    assert monte.to_act(empty.state) == {HOUSE}  # nobody seated: only the house could act
    assert empty.automatic() is None  # and at a server it waits for players
    closes = automatic(monte, empty.state, RandomShuffler.seeded(1), Croupier(), stream(1, "h"))
    assert closes == (HOUSE, EndSession())  # elsewhere an empty table is closed


def test_a_seed_replays_and_a_copy_plays_on_alone():  # C-5
    one, two = _driver(), _driver()
    one.advance(), two.advance()
    assert one.state == two.state
    copied = copy.deepcopy(one)
    copied.apply(0, Cut(50))
    assert copied.state != one.state and copied.game is one.game


def test_only_the_driver_draws_chance_or_asks_the_house():
    """`node.sample(...)` and `house.decide(...)` are called in one module of croupier."""
    root = Path(croupier.__file__).parent
    callers = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                named = node.func.attr
                receiver = ast.unparse(node.func.value)
                if named == "sample" or (named == "decide" and "croupier" in receiver.lower()):
                    callers.add(path.relative_to(root).as_posix())
    assert callers == {"engine/drive.py"}
