"""Monte Bank and Private Monte Bank at the terminal in Russian: the rule book's words
(texts/monte-bank.ru.txt) in the narration, the table, the prompts and their help, and the
refusals; the Russian words taken at the prompts beside the English ones."""

import pytest
from typer.testing import CliRunner

from croupier import i18n
from croupier.cli import app
from croupier.games.monte_bank import (
    AddToBank,
    DeclineBank,
    DoublerBet,
    GiveUpBank,
    KeepBank,
    MonteBank,
    PutUpBank,
    Rules,
    Spot,
)
from croupier.games.monte_bank.events import TermServed
from croupier.games.private_monte import LayoutBet, Row
from croupier.words import Names, narrator
from tests.cli.prompts import prompts, seat_for, view_at

runner = CliRunner()

RU = {"LANG": "ru_RU.UTF-8", "LC_ALL": "", "LANGUAGE": "", "LC_MESSAGES": "", "COLUMNS": "300"}
"""A Russian terminal, as the environment says it (wide, so that no line is wrapped)."""

ENGLISH = (
    "The cutter",
    "Your bets",
    "Layout,",
    "lets the shuffle go by",
    "falls before",
    "cards in the pack",
    "The gate:",
    "Deal 1 is over",
    "is not on the layout",
    "finished betting",
    "The table closes",
    "Refused",
)
"""Sentences of the game's English that a Russian session must not show."""


def play(game, *args, input, env=None):
    result = runner.invoke(app, ["play", game, *args], input=input, env=env or {"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    return result.output


def english_in(out):
    return [phrase for phrase in ENGLISH if phrase in out]


def test_a_russian_club_session_with_russian_and_english_words():  # MB-3, MB-9a, MB-11
    lines = ["помощь", "круговая 7S 20", "стол", "frobnicate", "circle 9S", *[""] * 20]
    out = play("monte-bank", "--lang", "ru", "--seed", "3", "--rounds", "2", input="\n".join(lines))
    assert "Банк-монте — колода в 40 карт; кава 10; заведение взимает биксу 25 % с выигрышей" in out
    assert "Место 4 (Clara) снимает младшую и банкует первым (MB-3)." in out
    assert "Место 4 (Clara) кладет монте: 400 (MB-4)." in out
    assert "Табло, вверху слева: 2♣ (из-под низа)." in out  # MB-6
    assert "Тройка на верхнем табло: карты кладутся одна на другую (MB-7c)." in out
    assert "Банк-монте · талия 1 · 34 карты в колоде" in out  # the table
    assert "верхнее" in out and "левое" in out and "банкомет, монте 400" in out
    assert "Ваши ставки (помощь — список команд) >" in out  # the prompt
    assert "круговая 7S 20 (к, circle, c)" in out  # help: the Russian first, the English too
    assert "7♠ выпадет раньше трех других (3 : 1, MB-9a)" in out
    assert "помощь (?, help)" in out
    assert "Отказано: 7♠ нет на табло: ставьте на 2♣, A♥, K♠, Q♥." in out  # the engine's reason
    assert "'frobnicate' здесь не понято: скажите `круговая 7S 20`" in out
    assert "напишите `круговая КАРТА СУММА`, например `круговая 7S 20`" in out  # `circle 9S`
    assert "Каттер: «Всё!» (MB-11)" in out
    assert "Гейт: K♣." in out
    assert "Ставка 1 (Boris, даблер Q♦ 6♥ против 5♣ 2♠, 50) проигрывает." in out
    assert "Талия 2 окончена. В банке 450." in out
    assert "Стол закрывается. Сыграно: 2 талии." in out
    assert english_in(out) == []


def test_a_private_session_under_a_russian_environment():  # PM-4, PM-5, PM-6, PM-7
    lines = ["верхнее 20", "нижнее 5000", "нижнее", "bottom 30", *[""] * 20]
    out = play("private-monte", "--seed", "3", "--rounds", "2", "--odds", input="\n".join(lines),
               env=RU)  # fmt: skip
    assert "Частный банк-монте — колода в 40 карт, карты сочетаются по масти" in out
    assert "6 талий с одной тасовки." in out
    assert "Место 4 (Clara) кладет банк: 400 (MB-4)." in out  # the private form's word
    assert "Шансы с учетом 4 открытых карт" in out and "Ваше преимущество" in out
    assert "с тасовки открыты 4 карты" in out
    assert "Место 1 (вы) ставит 20 на верхнее табло (ставка 1)." in out
    assert "Отказано: ставка — от 10 до 400: лимит и банк (PM-4, PM-6)." in out
    assert "напишите `нижнее СУММА`, например `нижнее 20`" in out
    assert "Место 1 (вы) ставит 30 на нижнее табло (ставка 2)." in out  # said in English
    assert "Банкомет переворачивает колоду лицом вверх (PM-5)." in out
    assert "Гейт: 2♠, пики." in out
    assert "Ставка 2 (вы, нижнее табло, 30) выигрывает +30." in out
    assert "Карты табло и гейт уходят в относную стопку; тасовки нет (PM-7)." in out
    assert english_in(out) == []


def test_a_banker_in_russian_puts_up_the_bank_and_serves_his_term():  # MB-4, MB-5, PM-8
    out = play("private-monte", "--lang", "ru", "--seed", "5", "--bots", "2",
               "--deals-per-bank", "1", "--rounds", "3", input="банк 150\n\n\nвыйти\n")  # fmt: skip
    assert "Вы банкомет: сколько положить в монте (Enter: наименьшее) или `пас` >" in out
    assert "Место 1 (вы) кладет банк: 150 (MB-4)." in out
    assert "Оговоренное число талий сдано (1, PM-8): место 1 (вы) передает банк, в нем 150." in out
    assert "Банк переходит к следующему игроку слева: место 2 (Anna) (PM-8)." in out
    assert "Вы снимаете последним (MB-5): сколько карт (Enter — снять посередине) >" in out
    assert "Место 1 (вы) снимает колоду: 20 карт сверху." in out
    assert "Итог игры" in out


@pytest.mark.parametrize("game", ["monte-bank", "private-monte"])
def test_every_prompt_builds_in_russian_with_no_spelling_twice(game):
    for view in prompts(game):
        with i18n.use("ru"):
            seat, _ = seat_for(game)
            words = seat.words(view) + seat.asked  # raises ValueError on a spelling twice
            prompt = seat.prompt(view)
        assert not any("a" <= c <= "z" for c in prompt.replace("Enter", "")), prompt
        for known in words.words:
            first = known.spellings[0]
            assert first in ("Enter", "#", "?") or not first.isascii(), (view.phase, first)


def test_the_russian_prompt_words():  # MB-4, MB-9c, MB-15, PM-4
    cases = [
        ("monte-bank", "monte", "банк 200", PutUpBank(200)),
        ("monte-bank", "monte", "пас", DeclineBank()),
        ("monte-bank", "monte", "decline", DeclineBank()),
        ("monte-bank", "between", "банк", KeepBank()),
        ("monte-bank", "between", "добавить 50", AddToBank(50)),
        ("private-monte", "betting", "нижнее 30", LayoutBet(Row.BOTTOM, 30)),
    ]
    for game, phase, line, action in cases:
        seat, _ = seat_for(game, line)
        with i18n.use("ru"):
            assert seat.decide(view_at(game, phase)) == action, line
    seat, _ = seat_for("monte-bank", "эйсиз")
    view = view_at("monte-bank", "between", lambda v: GiveUpBank() in v.legal)
    with i18n.use("ru"):
        assert seat.decide(view) == GiveUpBank()
    view = view_at("monte-bank", "betting", lambda v: v.viewer != v.banker)
    seat, _ = seat_for("monte-bank", "даблер левое 20")
    with i18n.use("ru"):
        placed = seat.decide(view)
    left = {view.layout.spots[s][0] for s in (Spot.TOP_LEFT, Spot.BOTTOM_LEFT)}
    assert isinstance(placed, DoublerBet) and {placed.card, placed.other} == left


def test_the_engine_refuses_in_the_context_language():  # MB-1
    game = MonteBank()
    state = game.start(Rules(), {0: 1000})
    with i18n.use("ru"):
        reason = game.refusal(state, 0, KeepBank()).reason
    assert reason == "стол ждет, пока сядут два игрока (MB-1)"
    assert game.refusal(state, 0, KeepBank()).reason.startswith("the table waits")


def test_a_term_served_is_told_in_russian_as_recorded_in_english():  # MB-15, PM-8
    event = TermServed(1, 300, "another deal would leave fewer than 10 cards undealt (PM-8)")
    names = Names("seat", {1: "Anna"})
    with i18n.use("ru"):
        said = narrator("private-monte", names)(event)
    assert said == (
        "[bold]Ещё одна талия оставила бы в колоде меньше 10 карт (PM-8): место 2 (Anna) "
        "передает банк, в нем 300.[/]"
    )
    assert narrator("private-monte", names)(event) == (
        "[bold]Another deal would leave fewer than 10 cards undealt (PM-8): seat 2 (Anna) "
        "gives up the bank of 300.[/]"
    )


def test_help_and_a_bad_rule_set_in_russian():  # MB-8, PM-8
    out = runner.invoke(app, ["play", "monte-bank", "--help", "--lang", "ru"],
                        env={"COLUMNS": "300"}).output  # fmt: skip
    assert "Сесть за стол банк-монте: делать круговые и перекрестные ставки" in out
    assert "Наименьшая ставка, кава (MB-8, PM-4)." in out
    result = runner.invoke(app, ["play", "private-monte", "--deals-per-bank", "9", "--lang", "ru"])
    assert result.exit_code == 2
    assert "--deals-per-bank 9 не годится: от 1 до 6 (PM-8)" in result.output
