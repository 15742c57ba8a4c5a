"""The coup, branch by branch, on stacked shoes (RULES PB-9 .. PB-14)."""

from dataclasses import replace

import pytest

from croupier.engine import HOUSE, NOBODY, Event, redact
from croupier.errors import NotYourTurn
from croupier.games.punto_banco import (
    Bet,
    Choose,
    Decision,
    Hand,
    Phase,
    Rules,
    Tableau,
    TurnCards,
)
from croupier.games.punto_banco.events import (
    CardDealt,
    CardsTurned,
    ChoiceStated,
    CoupResult,
    PuntoDecided,
    ThirdCard,
)
from tests.games.punto_banco.stack import GAME, act, bet, close, table


def play(coup, stakes=None, rules=None, decision=Decision.DRAW):
    """Play one coup on a stacked shoe; the highest punto stake turns and chooses."""
    events: list[Event] = []
    state = table(coup, buy_ins={0: 1000, 1: 1000, 2: 1000}, rules=rules)
    state = bet(state, stakes if stakes is not None else {0: [(Bet.PUNTO, 10)]})
    state = close(state, events)
    if state.phase is Phase.TURN:
        (turner,) = GAME.to_act(state)
        state = act(state, turner, TurnCards(), events)
    while state.phase is Phase.CHOOSE:
        chooser = min(a for a in GAME.to_act(state) if isinstance(a, int))
        state = act(state, chooser, Choose(decision), events)
    (result,) = [e for e in events if isinstance(e, CoupResult)]
    thirds = {e.hand: e.card for e in events if isinstance(e, ThirdCard)}
    return result, thirds, events, state


def test_deal_is_one_card_at_a_time_punto_first():  # PB-9
    events: list[Event] = []
    state = table("2S 3D 4C 5H", buy_ins={0: 100})
    state = close(state, events)
    dealt = [e for e in events if isinstance(e, CardDealt)]
    assert [e.hand for e in dealt] == [Hand.PUNTO, Hand.BANCO, Hand.PUNTO, Hand.BANCO]
    assert [str(e.card) for e in dealt] == ["2S", "3D", "4C", "5H"]
    assert all(e.audience == NOBODY for e in dealt)  # face down
    assert all(redact(e, 0) == replace(e, card=None) for e in dealt)
    turned = {e.hand: [str(c) for c in e.cards] for e in events if isinstance(e, CardsTurned)}
    assert turned == {Hand.PUNTO: ["2S", "4C"], Hand.BANCO: ["3D", "5H"]}


def test_punto_natural_ends_the_coup():  # PB-13a
    result, thirds, _, _ = play("4S 2D 4D 5C")  # punto 8, banco 7
    assert (result.winner, result.punto, result.banco, result.rule) == (Bet.PUNTO, 8, 7, "PB-13a")
    assert thirds == {}


def test_natural_against_natural():  # PB-13a, PB-7
    result, thirds, _, _ = play("9S 4D KD 5C")  # punto 9, banco 9
    assert (result.winner, result.rule) == (Bet.EGALITE, "PB-13a")
    result, thirds, _, _ = play("8S 4D KD 5C")  # punto 8, banco 9
    assert (result.winner, result.banco) == (Bet.BANCO, 9)
    assert thirds == {}


@pytest.mark.parametrize("punto", ["3S 3C", "2S 2C", "3S 4C"])  # 6, 4, 7
def test_banco_natural_wins_at_once(punto):  # PB-13b
    p1, p2 = punto.split()
    result, thirds, _, _ = play(f"{p1} 4D {p2} 4C")  # banco 8
    assert (result.winner, result.banco, result.rule) == (Bet.BANCO, 8, "PB-13b")
    assert thirds == {}  # punto does not draw, even on 0-4


def test_punto_six_or_seven_stands_banco_draws_on_five_or_less():  # PB-13c
    result, thirds, _, _ = play("3S 2D 3C 3H KD")  # punto 6, banco 5 draws a ten
    assert set(thirds) == {Hand.BANCO}
    assert (result.winner, result.punto, result.banco, result.rule) == (Bet.PUNTO, 6, 5, "PB-13c")


@pytest.mark.parametrize("banco", ["3D 3H", "4D 3H"])  # 6, 7
def test_punto_six_or_seven_banco_six_or_seven_stands(banco):  # PB-13c
    b1, b2 = banco.split()
    result, thirds, _, _ = play(f"4S {b1} 3C {b2}")  # punto 7
    assert thirds == {}
    assert result.rule == "PB-13c"


def test_punto_zero_to_four_draws():  # PB-13d
    result, thirds, _, _ = play("AS 2D 2C KC 5H 9H")  # punto 3 draws 5; banco 2 draws 9
    assert [str(thirds[Hand.PUNTO]), str(thirds[Hand.BANCO])] == ["5H", "9H"]
    assert (result.winner, result.punto, result.banco, result.rule) == (Bet.PUNTO, 8, 1, "PB-13d")


BANCO_TWO = {0: "KD QD", 1: "KD AD", 2: "KD 2D", 3: "KD 3D", 4: "KD 4D", 5: "KD 5D",
             6: "KD 6D", 7: "KD 7D"}  # fmt: skip
THIRD = {0: "JC", 1: "AC", 2: "2C", 3: "3C", 4: "4C", 5: "5C", 6: "6C", 7: "7C", 8: "8C", 9: "9C"}
DRAWS = {  # PB-12 as the text states it: banco's points -> punto's third cards it draws on
    0: set(range(10)),
    1: set(range(10)),
    2: set(range(10)),
    3: set(range(10)) - {8},
    4: {2, 3, 4, 5, 6, 7},
    5: {4, 5, 6, 7},
    6: {6, 7},
    7: set(),
}


@pytest.mark.parametrize("banco", range(8))
@pytest.mark.parametrize("third", range(10))
def test_each_cell_of_the_third_card_table(banco, third):  # PB-12, PB-13d
    b1, b2 = BANCO_TWO[banco].split()
    _, thirds, _, _ = play(f"2S {b1} KS {b2} {THIRD[third]} 5H")  # punto 2 draws
    assert str(thirds[Hand.PUNTO]) == THIRD[third]
    assert (Hand.BANCO in thirds) is (third in DRAWS[banco])


def test_a_third_card_worth_zero_is_not_worth_ten():  # PB-12
    # Banco 4 draws on 2-7: a king (0) must not be read as 10 (nor as 4+10=14 -> 4 ...).
    result, thirds, _, _ = play("2S KD KS 4D KH 5H")
    assert Hand.BANCO not in thirds
    assert (result.punto, result.banco) == (2, 4)
    # Banco 3 draws on anything but an 8: a ten is not an 8.
    result, thirds, _, _ = play("2S KD KS 3D TH 5H")
    assert str(thirds[Hand.BANCO]) == "5H"


def test_on_five_banco_stays_closed_while_punto_chooses():  # PB-13e
    events: list[Event] = []
    state = table("3S 4D 2C 2D", buy_ins={0: 1000})
    state = close(bet(state, {0: [(Bet.PUNTO, 10)]}), events)
    state = act(state, 0, TurnCards(), events)
    assert state.phase is Phase.CHOOSE
    view = GAME.view(state, 0)
    assert view.banco.cards == (None, None)
    assert [str(c) for c in view.punto.cards] == ["3S", "2C"]
    assert not [e for e in events if isinstance(e, CardsTurned) and e.hand is Hand.BANCO]
    assert set(view.legal) == {Choose(Decision.DRAW), Choose(Decision.STAND)}


def test_standing_on_five_banco_six_or_seven_wins_at_once():  # PB-13e
    result, thirds, _, _ = play("3S 4D 2C 2D", decision=Decision.STAND)  # banco 6
    assert thirds == {}
    assert (result.winner, result.rule) == (Bet.BANCO, "PB-13e")


def test_standing_on_five_banco_five_or_less_draws():  # PB-13e
    result, thirds, _, _ = play("3S 3D 2C 2D AH", decision=Decision.STAND)  # banco 5 draws
    assert str(thirds[Hand.BANCO]) == "AH"
    assert Hand.PUNTO not in thirds
    assert (result.winner, result.punto, result.banco) == (Bet.BANCO, 5, 6)


def test_drawing_on_five_then_banco_follows_the_table():  # PB-13e, PB-12
    result, thirds, _, _ = play("3S 2D 2C 2D 4H 9H", decision=Decision.DRAW)  # banco 4, third 4
    assert [str(thirds[Hand.PUNTO]), str(thirds[Hand.BANCO])] == ["4H", "9H"]
    assert (result.punto, result.banco) == (9, 3)


def test_banco_natural_beats_a_choice_to_draw():  # PB-13e
    result, thirds, _, _ = play("3S 4D 2C 4C", decision=Decision.DRAW)
    assert thirds == {}
    assert (result.winner, result.rule) == (Bet.BANCO, "PB-13b")


def test_no_punto_bets_punto_must_draw_on_five():  # PB-13e
    _, thirds, events, _ = play("3S 3D 2C 3H 4H 5H", stakes={0: [(Bet.BANCO, 10)]})
    (decided,) = [e for e in events if isinstance(e, PuntoDecided)]
    assert (decided.decision, decided.by, decided.rule) == (Decision.DRAW, None, "PB-13e")
    assert str(thirds[Hand.PUNTO]) == "4H"


def test_the_choice_belongs_to_the_highest_punto_stake():  # PB-13e
    state = table("3S 4D 2C 2D", buy_ins={0: 1000, 1: 1000, 2: 1000})
    state = close(bet(state, {0: [(Bet.PUNTO, 50)], 1: [(Bet.PUNTO, 100)], 2: [(Bet.BANCO, 10)]}))
    state = act(state, 1, TurnCards())
    assert GAME.to_act(state) == {1}
    with pytest.raises(NotYourTurn, match="box 2"):
        GAME.apply(state, 0, Choose(Decision.STAND))
    with pytest.raises(NotYourTurn):
        GAME.apply(state, HOUSE, Choose(Decision.STAND))


def test_equal_highest_stakes_each_state_and_the_first_decides():  # PB-13e, PB-10
    events: list[Event] = []
    state = table("3S 4D 2C 2D 9C", buy_ins={0: 1000, 1: 1000, 2: 1000})
    state = close(bet(state, {0: [(Bet.PUNTO, 100)], 1: [(Bet.PUNTO, 50)], 2: [(Bet.PUNTO, 100)]}))
    state = act(state, 0, TurnCards())
    assert GAME.to_act(state) == {0, 2}
    state = act(state, 2, Choose(Decision.DRAW), events)
    assert GAME.to_act(state) == {0}
    with pytest.raises(NotYourTurn, match="stated"):
        GAME.apply(state, 2, Choose(Decision.STAND))
    state = act(state, 0, Choose(Decision.STAND), events)
    stated = [(e.box, e.decision) for e in events if isinstance(e, ChoiceStated)]
    assert stated == [(2, Decision.DRAW), (0, Decision.STAND)]
    (decided,) = [e for e in events if isinstance(e, PuntoDecided)]
    assert (decided.decision, decided.by) == (Decision.STAND, 0)  # they differ: box 1 decides
    assert not [e for e in events if isinstance(e, ThirdCard) and e.hand is Hand.PUNTO]


def test_fixed_tableau_punto_always_draws_on_five():  # PB-14
    rules = Rules(tableau=Tableau.FIXED)
    result, thirds, events, _ = play("3S 3D 2C 3H 4H 5H", rules=rules)
    (decided,) = [e for e in events if isinstance(e, PuntoDecided)]
    assert (decided.by, decided.rule) == (None, "PB-14")
    assert str(thirds[Hand.PUNTO]) == "4H"
    assert result.rule == "PB-14"


def test_the_croupier_announces_points_and_winner():  # PB-11
    _, _, events, _ = play("AS 2D 2C KC 5H 9H")
    turned = [(e.hand, e.points) for e in events if isinstance(e, CardsTurned)]
    assert turned == [(Hand.PUNTO, 3), (Hand.BANCO, 2)]
    assert [(e.hand, e.points) for e in events if isinstance(e, ThirdCard)] == [
        (Hand.PUNTO, 8),
        (Hand.BANCO, 1),
    ]


def test_cards_of_a_coup_come_off_the_shoe_in_order():  # PB-5: no reshuffle between coups
    state = table("4S 2D 4D 5C 2S 3D 4C 4H", buy_ins={0: 1000})
    before = len(state.shoe)
    state = close(bet(state, {0: [(Bet.BANCO, 10)]}))
    assert state.phase is Phase.BETTING
    assert len(state.shoe) == before - 4
    assert [str(c) for c in state.shoe.cards[:4]] == ["2S", "3D", "4C", "4H"]
