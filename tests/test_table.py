"""The table: sessions run, refuse, record and replay."""

import random

import pytest

from croupier.bots import RandomBot
from croupier.bots.punto_banco import Policy, PuntoBancoBot
from croupier.engine import Action, Amounts, Event, History, Join, redact, replay
from croupier.errors import IllegalAction, TableStopped
from croupier.games.punto_banco import Bet, PuntoBanco, Stake
from croupier.games.punto_banco.events import CardDealt, SeatJoined
from croupier.randomness import stream
from croupier.table import Croupier, Player, Table

GAME = PuntoBanco()


def bots(seed, boxes=(0, 1, 2)):
    return {box: Player(f"bot{box}", PuntoBancoBot(stream(seed, f"bot/{box}"))) for box in boxes}


def run(seed, coups=30, players=None):
    players = players or bots(seed)
    table = Table(
        GAME,
        GAME.config(),
        players,
        buy_ins=dict.fromkeys(players, 2000),
        seed=seed,
        croupier=Croupier(rounds=coups),
    )
    events: list[Event] = []
    table.watch(None, lambda actor, new: events.extend(new))
    table.run()
    return table, events


def test_a_seed_replays_a_session_exactly():  # C-5
    one, events_one = run(seed=9)
    two, events_two = run(seed=9)
    assert events_one == events_two
    assert one.state == two.state
    _, events_three = run(seed=10)
    assert events_three != events_one


def test_the_history_replays_every_event():
    table, events = run(seed=4)
    history = History.from_json(table.history.to_json(), GAME)
    replayed = [redact(e, None) for _, step in replay(GAME, history) for e in step.events]
    assert replayed == events


def test_an_unseeded_session_records_its_shuffles_and_replays():  # C-5
    table = Table(
        GAME, GAME.config(), bots(None), buy_ins={0: 500, 1: 500, 2: 500}, croupier=Croupier(90)
    )
    events: list[Event] = []
    table.watch(None, lambda actor, new: events.extend(new))
    table.run()
    history = table.history
    assert history.seed is None
    assert len(history.shuffles) == table.state.shoes >= 2
    replayed = [redact(e, None) for _, step in replay(GAME, history) for e in step.events]
    assert replayed == events


class Stubborn:
    """Tries an illegal stake first, then a legal one."""

    def __init__(self):
        self.refusals: list[IllegalAction] = []
        self.bot = RandomBot(random.Random(1))

    def decide(self, view) -> Action | None:
        if not self.refusals and Stake(Bet.PUNTO, 10) in view.legal:
            return Stake(Bet.PUNTO, 99_999)
        return self.bot.decide(view)

    def refused(self, error: IllegalAction) -> None:
        self.refusals.append(error)


def test_a_refused_action_is_explained_and_the_seat_asked_again():
    stubborn = Stubborn()
    table, _ = run(seed=2, coups=3, players={0: Player("stubborn", stubborn)})
    (refusal,) = stubborn.refusals
    assert "punto stake must total 10 to 1000" in refusal.reason
    assert GAME.rounds(table.state) == 3 or GAME.is_over(table.state)


class Obstinate:
    """Stakes more than any limit, whatever it is told."""

    def __init__(self, give_up_after: int | None = None):
        self.refusals: list[IllegalAction] = []
        self.give_up_after = give_up_after
        self.bot = RandomBot(random.Random(1))

    def decide(self, view) -> Action | None:
        if self.give_up_after is not None and len(self.refusals) >= self.give_up_after:
            return self.bot.decide(view)
        if any(isinstance(o, Amounts) and isinstance(o.template, Stake) for o in view.legal):
            return Stake(Bet.PUNTO, 99_999)
        return self.bot.decide(view)

    def refused(self, error: IllegalAction) -> None:
        self.refusals.append(error)


def test_a_seat_refused_three_times_in_a_row_stops_the_table_with_the_reason():
    obstinate = Obstinate()
    with pytest.raises(TableStopped) as stopped:
        run(seed=2, coups=3, players={0: Player("obstinate", obstinate)})
    assert len(obstinate.refusals) == 3  # told each time, then the table stops: no spin
    said = str(stopped.value)
    assert "seat 1 (obstinate) was refused 3 times in a row" in said
    assert "punto stake must total 10 to 1000" in said


def test_a_person_may_be_refused_as_often_as_he_likes():
    person = Obstinate(give_up_after=7)
    table, _ = run(seed=2, coups=2, players={0: Player("you", person, refusals=None)})
    assert len(person.refusals) == 7
    assert GAME.rounds(table.state) == 2 or GAME.is_over(table.state)


def test_watchers_see_only_what_their_seat_may():
    table = Table(GAME, GAME.config(), bots(3), buy_ins={0: 500, 1: 500, 2: 500}, seed=3,
                  croupier=Croupier(5))  # fmt: skip
    seen: list[Event] = []
    table.watch(1, lambda actor, new: seen.extend(new))
    table.run()
    dealt = [e for e in seen if isinstance(e, CardDealt)]
    assert dealt
    assert {e.card for e in dealt} == {None}
    assert all(redact(e, 1) == e for e in seen)


def test_a_player_sits_down_between_coups():  # PB-1
    table = Table(GAME, GAME.config(), bots(6, (0,)), buy_ins={0: 500}, seed=6,
                  croupier=Croupier(4))  # fmt: skip
    while GAME.rounds(table.state) < 2:
        table.step()
    while GAME.legal_actions(table.state, 4).of_type(Join) == ():
        table.step()
    events: list[Event] = []
    table.watch(None, lambda actor, new: events.extend(new))
    table.sit(4, Player("late", PuntoBancoBot(stream(6, "late"), Policy())), Join(700))
    assert [e.chips for e in events if isinstance(e, SeatJoined)] == [700]
    table.run()
    assert 4 in GAME.seats(table.state)
    with pytest.raises(IllegalAction):
        table.sit(5, Player("too late", RandomBot(random.Random(0))), Join(700))
