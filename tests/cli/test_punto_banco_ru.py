"""`croupier play punto-banco` in Russian: the narration, the table, the prompts and their
words, the refusals and the help in the words of the rule book (texts/punto-banco.ru.txt),
the Russian words taken at the prompts and the English ones still understood."""

import io
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from croupier import words
from croupier.cli import app
from croupier.cli.punto_banco._render import table_panel
from croupier.engine import CHANCE, HOUSE, Leave
from croupier.engine.actions import Done, Join
from croupier.errors import InvalidConfig
from croupier.games.punto_banco import (
    Bet,
    Choose,
    CommissionTiming,
    Decision,
    DeclineTurn,
    OfferTurn,
    PassShoe,
    PuntoBanco,
    Rules,
    Stake,
    TableSize,
    TurnCards,
    Withdraw,
)
from croupier.i18n import use
from tests.cli.prompts import prompts, seat_for
from tests.cli.russian import RUSSIAN, flat, latin, prompt_words, random_play

runner = CliRunner()

ENGLISH = (
    "stakes",
    "Coup",
    "Bets are open",
    "The shoe is offered",
    "cards left",
    "House takings",
    "holds the shoe",
    "betting",
    "wins",
    "loses",
    "commission",
    "Refused",
    "not understood",
    "Your bets",
    "cuts the shoe",
    "turns punto's cards",
    "Draw or stand",
    "The table closes",
    "stake on",
)
"""Phrases of the English session that the Russian one must not leak."""

_BOTS = re.compile(r"Anna|Boris|Clara|Dmitri|Elena|Fyodor")
"""The bots' names, which stay as they are."""


def play(*args, input=None, env=None):
    return runner.invoke(app, ["play", "punto-banco", *args], input=input, env=env)


def test_a_person_stakes_banco_50_and_passes_the_shoe_in_russian():  # PB-6, PB-7, PB-8
    lines = ["снять 50", "помощь", "банко 5000", "банко 50", "x 10", "punto 20",
             "забрать пунто", "", "пас", "", "п 300", "", "", "выйти"]  # fmt: skip
    result = play("--lang", "ru", "--seed", "3", "--bots", "2", "--rounds", "6",
                  input="\n".join(lines) + "\n")  # fmt: skip
    out = flat(result.output)
    assert result.exit_code == 0, result.output
    assert "Пунто-банко — большой стол, 8 колод, 16 боксов." in out  # PB-1
    assert "банко платит 1:1 за вычетом 5% · эгалите 8:1 · пунто при 5 выбирает" in out  # PB-7
    assert "Сабо 1: тасуются 416 карт." in out  # «сабо», not Chemin de Fer's «подкова»
    assert "Вы снимаете колоду: сколько карт сверху (1-415, Enter: посередине)?" in out
    assert "Бокс 1 (вы) снимает колоду: 50 карт сверху уходят вниз." in out  # PB-3
    assert "Крупье вставляет красный индикатор за 10 карт до низа колоды." in out  # PB-3
    assert "Сжигание: первая карта 7♦, ещё 7 карт сжигаются взакрытую (PB-4)." in out
    assert "— Сдача 1 — Ставки открыты. Сабо предложено: бокс 1 (вы)." in out  # PB-8: «сабо»
    assert "Вам предложено сабо: чтобы сдавать, ставьте только на банко" in out
    # `помощь` lists the Russian spellings first, the English after them
    assert "пунто 100 (п, punto, p) поставить 100 на пунто, 1:1" in out
    assert "эгалите 10 (э, ничья, н, tie, t, egalite, égalité, e) поставить на эгалите, 8:1" in out
    assert "пас (pass) отказаться сдавать" in out
    assert "Отказано: ставка на банко должна быть от 10 до 1000." in out  # PB-6
    assert "Бокс 1 (вы) ставит 50 на банко." in out  # `банко 50`, as the issue asks
    assert "'x 10' здесь не понято: скажите `пунто 100`, `банко 100`, `эгалите 10`" in out
    assert "Бокс 1 (вы) ставит 20 на пунто." in out  # the English `punto 20`
    assert "Бокс 1 (вы) забирает 20 со ставки на пунто." in out
    assert "Бокс 1 (вы) сдаёт: пунто, банко, пунто, банко." in out  # PB-9
    assert "БАНКО выигрывает, 9 против 0 (PB-13b)." in out
    assert "бокс 1 (вы): ставка 50 на банко выигрывает +47, комиссия 3." in out  # PB-7
    assert "Бокс 1 (вы) отказывается сдавать: сабо переходит дальше, его получает бокс 2" in out
    assert "Бокс 3 (Boris) ставит на пунто: сабо переходит к крупье (PB-8)." in out
    assert "Ставок больше нет. Никто со ставкой на банко не держит сабо: сдаёт крупье" in out
    assert "Вы открываете карты пунто (PB-10): `открыть` (Enter) или `предложить 3`" in out
    assert "Бокс 1 (вы) открывает карты пунто: 4♠ 9♠ — 3." in out  # PB-10
    assert "Бокс 1 (вы) встает из-за стола с 747 фишками." in out  # `выйти`
    assert "Стол закрывается. Итого 3 сдачи." in out  # «3 сдачи»: Russian's plural
    for english in ENGLISH:
        assert english not in out, english


def test_punto_stands_on_5_under_a_russian_environment():  # PB-10, PB-13e
    each = ["п 100", "", "", "стоять"]  # «стоять» is refused where there is no choice
    result = play("--seed", "2", "--bots", "1", "--rounds", "3",
                  input="\n".join(["", *each * 3, "выйти"]) + "\n", env=RUSSIAN)  # fmt: skip
    out = flat(result.output)
    assert result.exit_code == 0, result.output
    assert "Бокс 1 (вы) ставит на пунто: сабо переходит дальше, его получает бокс 2" in out
    assert "'стоять' здесь не понято" in out
    assert "У пунто 5. Прикупить или остановиться (PB-13e)?" in out
    assert "Бокс 1 (вы) говорит: остановиться." in out
    assert "Пунто при 5 останавливается: так решает бокс 1 (вы) (PB-13e)." in out
    assert "ПУНТО выигрывает, 9 против 8 (PB-13a)." in out
    assert "Бокс 2 (Anna) проигрывает ставку на банко: сабо переходит дальше" in out  # PB-8
    assert "Итог игры" in out
    for english in ENGLISH:
        assert english not in out, english


def test_a_whole_session_watched_in_russian():  # PB-5, PB-7
    result = play("--auto", "--seed", "3", "--rounds", "90", "--odds", env=RUSSIAN)
    out = result.output
    assert result.exit_code == 0, out
    assert "  1. П 2♣ 2♦ · Б 4♣ 5♦ · БАНКО выигрывает, 9 против 4 (PB-13b) · Anna +19" in out
    assert "преимущество П 1.23% Б 1.06% Э 14.32%" in out
    assert "Стол закрывается. Итого 90 сдач." in out
    for line in out.splitlines():
        assert not latin(_BOTS.sub("", line)), line


def test_the_help_and_a_bad_rule_in_russian():  # PB-3, PB-7, PB-14
    wide = {"COLUMNS": "300"}  # each option's help on one line
    out = flat(
        runner.invoke(app, ["--lang", "ru", "play", "punto-banco", "--help"], env=wide).output
    )
    assert "Сесть за стол пунто-банко: ставить на пунто, банко или эгалите" in out
    assert "Ботов за столом (по умолчанию: 4 с вами, 6 с --auto)." in out
    assert "choose: пунто при 5 выбирает (PB-13e); draw: всегда прикупает (PB-14)." in out
    assert "end-of-shoe: копится до конца сабо (PB-7)." in out
    assert "Показывать в каждой сдаче точное преимущество заведения" in out
    with use("ru"), pytest.raises(InvalidConfig, match=r"^cut_card = 5 не годится: от 8 до 10"):
        Rules(cut_card=5)


def test_every_prompt_builds_its_russian_words_none_spelled_twice():  # PB-3, PB-10, PB-13e
    shown = {phase: met[0] for phase, met in prompt_words("punto-banco").items()}
    assert shown["betting"][:3] == [
        "пунто 100 (п, punto, p)",
        "банко 100 (б, banco, b)",
        "эгалите 10 (э, ничья, н, tie, t, egalite, égalité, e)",
    ]
    assert shown["cut"] == ["200 (снять 200, cut 200)", "Enter"]
    assert shown["turn"][0] == "открыть (Enter, turn)"
    assert shown["choose"] == [
        "прикупить (п, карту, ещё, draw, d, hit, card)",
        "стоять (с, остановиться, хватит, нет, stand, s, no)",
    ]


@pytest.mark.parametrize(
    ("said", "action"),
    [
        ("банко 50", Stake(Bet.BANCO, 50)),
        ("banco 50", Stake(Bet.BANCO, 50)),
        ("б 50", Stake(Bet.BANCO, 50)),
        ("эгалите 10", Stake(Bet.EGALITE, 10)),
        ("забрать эгалите", Withdraw(Bet.EGALITE)),
        ("пас", PassShoe()),
        ("готово", Done()),
    ],
)
def test_a_bet_is_said_in_either_language(said, action):  # PB-6, PB-8
    view = next(v for v in prompts("punto-banco") if PassShoe() in v.legal)  # the holder's
    with use("ru"):
        seat, _ = seat_for("punto-banco", said)
        assert seat.decide(view) == action


def test_every_event_the_table_and_every_refusal_are_told_in_russian():  # PB-3..PB-13
    game = PuntoBanco()
    wrong = (
        Stake(Bet.BANCO, 10**6),
        Stake(Bet.EGALITE, 1),
        Withdraw(Bet.PUNTO),
        PassShoe(),
        Leave(),
        Join(1),
        TurnCards(),
        OfferTurn(3),
        DeclineTurn(),
        Choose(Decision.DRAW),
    )
    names = words.Names("box", {box: f"Игрок{box}" for box in range(7)})
    told, reasons, drawn = set(), set(), set()
    with use("ru"):
        narrator = words.narrator("punto-banco", names)
        for state, events in random_play(
            PuntoBanco(),
            Rules(table=TableSize.SMALL, commission_timing=CommissionTiming.END_OF_SHOE),
            3000,
            6000,
        ):
            told |= {line for event in events if (line := narrator(event)) is not None}
            for actor in game.to_act(state) - {CHANCE, HOUSE}:
                legal = game.legal_actions(state, actor)
                reasons |= {game.refusal(state, actor, a).reason for a in wrong if a not in legal}
                reasons.add(game.refusal(state, HOUSE, TurnCards()).reason)
                view = game.view(state, actor)
                owing = any(box is not None and box.owed for box in view.boxes)
                moment = (view.phase, view.cut_card_out, bool(view.punto.cards), owing)
                if moment not in drawn:  # each kind of table once: the exact odds are slow
                    drawn.add(moment)
                    out = io.StringIO()
                    Console(file=out, width=200, color_system=None).print(
                        table_panel(view, lambda box: f"Игрок{box}", odds=len(drawn) < 4)
                    )
                    assert not latin(out.getvalue()), out.getvalue()
    for line in told | reasons:
        assert not latin(line), line
    said = "\n".join(words.plain(line) for line in told)
    assert "ЭГАЛИТЕ" in said and "ставка 10 на эгалите" in said  # PB-7
    assert "Вышел индикатор: сабо 1 заканчивается (PB-5)." in said
    assert "прикупает" in said  # PB-12, PB-13
    assert "Заведение взимает комиссию" in said  # PB-7 variant: at the end of the shoe
    assert any(r.startswith("не сейчас:") for r in reasons)
    assert any("самой большой ставке на пунто" in r for r in reasons)  # PB-10
    assert "передать сабо может только тот, кто его держит" in " ".join(reasons)  # PB-8
