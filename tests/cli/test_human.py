"""The person at a Punto Banco table: each prompt reads its words, and wrong ones are
explained."""

import pytest

from croupier.cli.punto_banco._human import HumanPunter
from croupier.engine import Done, Leave
from croupier.games.punto_banco import (
    Bet,
    Choose,
    Decision,
    DeclineTurn,
    OfferTurn,
    PassShoe,
    Stake,
    TurnCards,
    Withdraw,
)
from tests.cli.prompts import scripted
from tests.games.punto_banco.stack import GAME, act, bet, close, table


def human(*answers):
    console, prompter, out = scripted(answers, width=100)
    return HumanPunter(console, prompter, lambda box: f"box {box + 1}"), out


def read(line, view):
    seat, _ = human()
    return seat.words(view).read(line, view)


def test_betting_commands():  # PB-6, PB-8
    view = GAME.view(table(buy_ins={0: 1000}), 0)
    assert read("p 100", view) == Stake(Bet.PUNTO, 100)
    assert read("banco 20", view) == Stake(Bet.BANCO, 20)
    assert read("tie 10", view) == Stake(Bet.EGALITE, 10)
    assert read("égalité", view) == Stake(Bet.EGALITE, 10)  # the table minimum
    assert read("w p", view) == Withdraw(Bet.PUNTO)
    assert read("pass", view) == PassShoe()
    assert read("", view) == Done()


def test_unreadable_commands_are_explained_and_asked_again():
    seat, out = human("punto lots", "bid 5", "punto 40")
    view = GAME.view(table(buy_ins={0: 1000}), 0)
    assert seat.decide(view) == Stake(Bet.PUNTO, 40)
    assert "'lots' is not a number of chips" in out.getvalue()
    assert "'bid 5' is not understood here: say `punto 100`, `banco 100`" in out.getvalue()


def turn_state():
    state = table("3S 4D 2C 2D", buy_ins={0: 1000, 1: 1000})
    return close(bet(state, {0: [(Bet.PUNTO, 100)], 1: [(Bet.PUNTO, 50)]}))


def test_turning_or_offering_punto_cards():  # PB-10
    state = turn_state()
    assert human("")[0].decide(GAME.view(state, 0)) == TurnCards()
    assert human("offer 2")[0].decide(GAME.view(state, 0)) == OfferTurn(1)
    offered = act(state, 0, OfferTurn(1))
    assert human("decline")[0].decide(GAME.view(offered, 1)) == DeclineTurn()


def test_choosing_on_five():  # PB-13e
    state = act(turn_state(), 0, TurnCards())
    seat, out = human("maybe", "", "stand")
    assert seat.decide(GAME.view(state, 0)) == Choose(Decision.STAND)
    assert "'maybe' is not understood here: say `draw` or `stand`" in out.getvalue()
    assert "Enter is not understood here" in out.getvalue()  # no default on 5
    assert human("d")[0].decide(GAME.view(state, 0)) == Choose(Decision.DRAW)


def test_quitting_takes_back_stakes_then_gets_up():
    state = bet(table(buy_ins={0: 1000}), {0: [(Bet.PUNTO, 100), (Bet.EGALITE, 10)]})
    seat, _ = human("quit")
    assert seat.decide(GAME.view(state, 0)) == Withdraw(Bet.PUNTO)
    state = act(state, 0, Withdraw(Bet.PUNTO))
    assert seat.decide(GAME.view(state, 0)) == Withdraw(Bet.EGALITE)
    state = act(state, 0, Withdraw(Bet.EGALITE))
    assert seat.decide(GAME.view(state, 0)) == Leave()


def test_quitting_mid_coup_plays_the_coup_out():
    state = act(turn_state(), 0, TurnCards())
    seat, _ = human("quit")
    assert seat.decide(GAME.view(state, 0)) == Choose(Decision.DRAW)


def test_the_end_of_input_stops_the_seat_without_acting():
    state = act(turn_state(), 0, TurnCards())
    seat, _ = human()
    with pytest.raises(EOFError):  # the session stops the table and gives the stakes back
        seat.decide(GAME.view(state, 0))
