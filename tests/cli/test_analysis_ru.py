"""The analysts' commands in Russian (issue 29): `croupier odds`, `simulate` and `solve`, their
reports, their help and their refusals, run as a user runs them, with `--lang ru` or under
`LANG=ru_RU.UTF-8`; their JSON stays English."""

import json

import pytest
from typer.testing import CliRunner

from croupier.cli import app

runner = CliRunner()

WIDE = {"COLUMNS": "200"}
"""A terminal wide enough that no table cell or help line is wrapped."""
RUSSIAN = {**WIDE, "LANG": "ru_RU.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}
"""The environment of a Russian terminal, with nothing set ahead of LANG."""
_SEEN = "AS 2S 3S 4S 5S 6S 7S JS QS KS AH 2H 3H 4H 5H 6H 7H JH QH KH AC 2C 3C 4C 5C 6C"
"""26 cards seen: more than the 5 deals before the last show hold (PM-8)."""


def ru(*args: str, env: dict[str, str] | None = None) -> str:
    """The command's output in Russian, checked to have run."""
    result = runner.invoke(app, [*args] if env else [*args, "--lang", "ru"], env=env or WIDE)
    assert result.exit_code == 0, result.output
    return result.output


def refused(*args: str) -> str:
    """A refusal in Russian: one line, exit status 2."""
    result = runner.invoke(app, [*args, "--lang", "ru"])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.output


def flat(text: str) -> str:
    """The output with rich's wrapping undone."""
    return " ".join(text.split())


def test_odds_banchek_in_russian_under_lang():  # BN-6, BN-10: «понтер», «банкомет», «банк»
    out = flat(ru("odds", "banchek", "--hand", "7D KC 5D", "--banks", "200", env=RUSSIAN))
    assert "Польский банчек: карты понтера против открытой карты, точно" in out
    assert "Преимущество понтера" in out and "Точно" in out
    assert "7♦ K♣ 5♦" in out and "56879/176851" in out  # numbers as they are
    assert "Ставка оплачивается 1 : 1 (BN-6)" in out
    assert "Перспективы банкомета: 4 понтера, банк 100, ставки от 5" in out
    assert "смоделировано 200 банков (зерно 1)" in out
    for row in ("минимум", "по шансу", "банк"):
        assert f" {row} " in out
    assert "каждые 100,320 кругов (BN-8, BN-9)" in out
    for english in ("Polish Banchek", "punter", "Hands better than even", "banks simulated"):
        assert english not in out


def test_odds_banchek_with_lang_ru_one_punter():  # BN-1: «понтер», one of three forms
    out = flat(ru("odds", "banchek", "--punters", "1", "--policy", "bank", "--banks", "200"))
    assert "Перспективы банкомета: 1 понтер, банк 100" in out
    assert "банк: понтер всякий раз ставит по банку" in out and "минимум:" not in out


def test_odds_punto_banco_in_russian():  # PB-6, PB-7: «пунто», «банко», «эгалите», «бикса»
    out = flat(ru("odds", "punto-banco", "--table", "small", "--at-5", "best", "--removal"))
    assert "Пунто-банко: 6 колод (312 карт), пунто играет 5 наилучшим образом" in out
    assert "бикса с выигрыша банко 5%, эгалите 8:1" in out
    assert "Преимущество заведения" in out and "Вероятность" in out
    assert "пунто" in out and "банко" in out and "эгалите" in out
    assert "Пунто прикупает при 5, если у него:" in out
    assert "Влияние изъятия одной карты из 6 колод" in out
    assert "House edge" not in out and "égalité" not in out and "decks" not in out


def test_odds_monte_bank_in_russian():  # MB-7, MB-9, MB-13: «талия», «круговая», «гейт»
    out = flat(ru("odds", "monte-bank"))
    assert "Банк-монте: талия из свежей колоды в 40 карт" in out
    assert "аннулирована (сдаётся заново)" in out and "16447/45695" in out
    assert "заведение взимает 25% выигрыша на гейте" in out
    for bet in ("круговая 3:1", "перекрестная 1:1", "перекрестная с парой 1:1", "даблер 1:1"):
        assert bet in out
    assert "circle" not in out and "the gate" not in out


def test_odds_private_monte_in_russian():  # PM-5, PM-8: «табло», «тасовка», «талия»
    args = ("odds", "private-monte", "--seen", "2S 5C AD 3H KH", "--layout", "7S 4S")
    out = flat(ru(*args, "--shuffles", "100"))
    assert "Частный банк-монте: ставка на табло, точно" in out
    assert "первая талия из свежей колоды" in out and "102/247" in out
    assert "Счёт карт: 100 тасовок, в каждой 6 талий (зерно 1)" in out
    assert "Ровный игрок ставит на оба табло" in out
    assert "shuffles" not in out and "flat bettor" not in out.lower()


def test_simulate_in_russian():  # PB-3, CF-2: «сабо», «подкова»; BN-10; MB-7
    out = flat(ru("simulate", "punto-banco", "--hands", "20000", "--seed", "3"))
    assert "Пунто-банко: 20,000 сдач в" in out and "сабо по 8 колод" in out
    assert "Как часто выигрывает каждая" in out and "Моделирование, 95-процентный интервал" in out
    assert "Отклонение (σ)" in out and "coups" not in out and "How often" not in out
    out = flat(ru("simulate", "chemin-de-fer", "--hands", "20000", "--seed", "3"))
    assert "Шмен-де-фер, равновесие: 20,000 сдач в" in out and "подковах по 6 колод" in out
    assert "натураль" in out and "ничья" in out and "комиссия 5%" in out
    out = flat(ru("simulate", "banchek", "--banks", "300", "--seed", "3"))
    assert "Польский банчек: 300 банков по 100 против 2 понтеров (flat)" in out
    assert "утроен" in out and "сорван" in out and "Кончающийся банк держится в среднем" in out
    out = flat(ru("simulate", "monte-bank", "--deals", "2000", "--seed", "3"))
    assert "бикса заведения — 25% выигрыша на гейте" in out and "табло с парой" in out
    out = flat(ru("simulate", "private-monte", "--shuffles", "200", "--seed", "3"))
    assert "200 тасовок, в каждой 6 талий" in out and "талия 1" in out


def test_simulate_sessions_in_russian():  # PB-6: «ставка на банко»
    args = ("simulate", "punto-banco", "--sessions", "200", "--session-hands", "40")
    out = flat(ru(*args, "--seed", "3", env=RUSSIAN))
    assert "Пунто-банко, ставка на банко, 8 колод: 200 сессий длиной до 40 раздач" in out
    assert "по 1,000 фишек у каждой, 20 за раздачу" in out
    assert "Чем кончились сессии" in out and "Капитал по ходу игры" in out and "медиана" in out
    assert "sessions" not in out and "ruined" not in out


def test_solve_in_russian():  # CF-12, CF-13: «прикупать», «оставаться при своих»
    out = flat(ru("solve", "chemin-de-fer", "--decks", "inf", "--exact", "--exploit"))
    assert "Шмен-де-фер, бесконечная подкова, каждая сторона знает свои очки:" in out
    assert "понтер прикупает при 5 с вероятностью 9/11" in out and "859/2288" in out
    assert "Банкомет прикупает (П), остаётся при своих (О)" in out
    assert "всегда оставаться при 5:" in out and "Решено за" in out
    assert "punter" not in out and "Solved" not in out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("odds", "banchek", "--hand", "7D"), "у понтера 3 карты, а не 1"),
        (("odds", "banchek", "--banks", "1"), "--banks 1 не годится: не меньше 2"),
        (("odds", "punto-banco", "--at-5", "x"), "--at-5 'x' не годится"),
        (("odds", "private-monte", "--seen", "8S"), "8S: нет в колоде из 40 карт"),
        (("simulate", "punto-banco", "--hands", "0"), "--hands 0 не годится: не меньше 1"),
        (("simulate", "banchek", "--punters", "30"), "чтобы круг уместился в колоде (BN-1)"),
        (
            ("simulate", "punto-banco", "--sessions", "5", "--stake", "900", "--bankroll", "800"),
            "--stake 900 больше, чем --bankroll 800: ни одной раздачи не сыграть",
        ),
        (("simulate", "chemin-de-fer", "--decks", "2000"), "--decks 2000 — слишком много"),
        (
            ("simulate", "private-monte", "--sessions", "3", "--stake", "5"),
            "--stake 5 не годится: ставка на табло — от кавы, 10, до лимита, 500 (PM-4)",
        ),
        (("odds", "private-monte", "--seen", _SEEN), "--seen 26 карт — больше, чем 5 талий"),
        (("simulate", "monte-bank", "--sessions", "3", "--stake", "1"), "не меньше кавы, 10"),
        (("solve", "chemin-de-fer", "--decks", "x"), "бесконечная подкова"),
    ],
)
def test_refusals_in_russian(args, said):  # BN-1, MB-8: «кава»
    out = refused(*args)
    assert out.startswith("Ошибка:") and said in flat(out)
    assert len(out.strip().splitlines()) == 1 and "is not valid" not in out


def test_help_in_russian():
    out = flat(ru("odds", "banchek", "--help"))
    assert "Точный шанс понтера против открытой карты (BN-6)" in out
    assert "Наименьшая оговорённая ставка (BN-5)." in out
    assert "A punter's exact chance" not in out
    out = flat(ru("simulate", "private-monte", "--help"))
    assert "Сдавать частный банк-монте тасовка за тасовкой" in out and "Сессии" in out
    assert "Наименьшая ставка, кава (MB-8, PM-4)." in out and "Shuffles of the pack" not in out
    out = flat(ru("solve", "--help"))
    assert "Равновесия: как принимать решения в игре" in out


@pytest.mark.parametrize(
    "args",
    [
        ("odds", "banchek", "--hand", "7D KC 5D", "--punters", "2", "--banks", "200"),
        ("simulate", "banchek", "--banks", "300", "--seed", "3"),
        ("solve", "chemin-de-fer", "--decks", "inf"),
    ],
)
def test_json_stays_english(args):
    english = json.loads(runner.invoke(app, [*args, "--json", "--lang", "en"]).output)
    russian = json.loads(ru(*args, "--json"))
    for varying in ("seconds", "per_second"):
        english.pop(varying, None)
        russian.pop(varying, None)
    assert russian == english
