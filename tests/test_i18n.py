"""croupier in Russian (croupier.i18n): the catalogs complete and current, the language
chosen as gettext and browsers choose it, Russian's three plural forms, and the commands
that speak it so far (`rules`, `games`, the help)."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po
from scripts import messages
from typer.testing import CliRunner

from croupier import games as registry
from croupier import i18n
from croupier.cli import app
from croupier.errors import InvalidInput

runner = CliRunner()


def test_the_template_and_every_catalog_hold_the_codes_messages_now():
    """A string marked in the code and missing from a catalog, or a catalog's message the
    code no longer has, is stale: `scripts/messages.py` brings them up to date."""
    stale = [
        path.name
        for path, wanted in messages.updated().items()
        if messages._without_dates(path.read_text(encoding="utf-8"))
        != messages._without_dates(wanted)
    ]
    assert not stale, f"run scripts/messages.py: {stale} out of date"


@pytest.mark.parametrize("code", sorted(messages.catalogs()))
def test_every_message_is_translated(code):
    with messages.catalogs()[code].open("rb") as po:
        catalog = read_po(po, locale=code)
    ids = {message.id for message in messages.template() if message.id}
    assert ids, "the template has messages"
    translated = {m.id for m in catalog if m.id and m.string and not m.fuzzy}
    missing = sorted(str(i) for i in ids - translated)
    assert not missing, f"{code}: untranslated or fuzzy: {missing}"
    assert not catalog.obsolete, f"{code}: messages the code no longer has"


def test_russian_has_the_three_plural_forms_of_its_nouns():
    """«1 колода», «2 колоды», «5 колод», and 11 to 14 with «колод»."""
    plural = i18n.catalog("ru").plural  # type: ignore[attr-defined]
    forms = {n: plural(n) for n in (1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111)}
    assert forms == {
        1: 0,
        2: 1,
        4: 1,
        5: 2,
        11: 2,
        12: 2,
        14: 2,
        21: 0,
        22: 1,
        25: 2,
        101: 0,
        111: 2,
    }


def test_the_games_names_are_the_rule_books_own():
    """CF, MB, PM, PB, BN: the texts' titles (../shared/texts/)."""
    with i18n.use("ru"):
        titles = {name: i18n._(registry.get(name).title) for name in registry.names()}
    assert titles == {
        "punto-banco": "Пунто-банко",
        "chemin-de-fer": "Шмен-де-фер",
        "monte-bank": "Банк-монте",
        "private-monte": "Частный банк-монте",
        "banchek": "Польский банчек",
    }


@pytest.mark.parametrize(
    ("code", "expected"),
    [("ru", "ru"), ("ru_RU.UTF-8", "ru"), ("ru-RU", "ru"), ("RU", "ru"), ("en_GB", "en")],
)
def test_a_language_is_read_from_its_locale_name(code, expected):
    assert i18n.language(code) == expected


@pytest.mark.parametrize("code", ["", "xx", "fr_FR.UTF-8", "C"])
def test_a_language_croupier_lacks_is_refused_in_words(code):
    with pytest.raises(InvalidInput, match="one of en, ru"):
        i18n.language(code)


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LC_ALL": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
        ({"LANGUAGE": "fr:ru", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_environment_chooses_as_gettext_does(environ, expected):
    assert i18n.from_environment(environ) == expected


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
        ("en-US,en;q=0.9,ru;q=0.8", "en"),
        ("de-DE,ru;q=0.5", "ru"),
        ("ru;q=0, en", "en"),
        ("fr, de", "en"),
        ("ru;q=bad, en", "en"),
        ("", "en"),
    ],
)
def test_a_browser_is_answered_in_the_language_it_prefers(header, expected):
    assert i18n.from_accept(header) == expected


def test_a_language_is_the_contexts_and_ends_with_its_block():
    before = i18n.current()
    with i18n.use("ru"):
        assert i18n.current() == "ru"
        assert i18n._("Monte Bank") == "Банк-монте"
    assert i18n.current() == before


def test_rules_in_russian_are_the_rule_books_own_text():
    """`croupier rules GAME --lang ru` prints the original text (../shared/texts/), each game
    its own part of it: Private Monte the private part of the Monte Bank text (PM-1)."""
    result = runner.invoke(app, ["rules", "punto-banco", "--lang", "ru"])
    assert result.exit_code == 0, result.output
    assert "ПУНТО-БАНКО" in result.output and "эгалите" in result.output
    assert "PB-1 " not in result.output
    private = runner.invoke(app, ["rules", "private-monte", "--lang", "ru"]).output
    club = runner.invoke(app, ["rules", "monte-bank", "--lang", "ru"]).output
    assert private.startswith("ЧАСТНЫЙ БАНК-МОНТЕ") and "ЧАСТНЫЙ БАНК-МОНТЕ" not in club
    english = runner.invoke(app, ["rules", "punto-banco"]).output
    assert "PB-1 " in english


def test_the_environment_speaks_when_no_lang_is_given():
    result = runner.invoke(app, ["games"], env={"LANG": "ru_RU.UTF-8", "LC_ALL": ""})
    assert "Шмен-де-фер" in result.output
    result = runner.invoke(app, ["games", "--lang", "en"], env={"LANG": "ru_RU.UTF-8"})
    assert "Chemin de Fer" in result.output


def test_help_is_in_the_language_asked_for_wherever_lang_stands():
    for args in (["rules", "--help", "--lang", "ru"], ["--lang", "ru", "rules", "--help"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert "подлинный текст книги правил" in result.output
    assert "the rule book's own text" in runner.invoke(app, ["rules", "--help"]).output
    assert "Язык: en или ru" in runner.invoke(app, ["--help", "--lang", "ru"]).output


def test_every_command_takes_lang_wherever_it_stands():
    """`--lang` is read off the whole line, so a command that has no option of its own for
    it takes it too; a language croupier lacks is refused wherever it stands."""
    result = runner.invoke(app, ["play", "punto-banco", "--auto", "--rounds", "1", "--lang", "ru"])
    assert result.exit_code == 0, result.output
    assert "Бокс 1" in result.output
    for args in (["play", "punto-banco", "--lang", "xx"], ["games", "--lang"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert "one of en, ru" in result.output


def test_an_unknown_language_is_one_line_and_exit_2():
    result = runner.invoke(app, ["games", "--lang", "xx"])
    assert result.exit_code == 2
    assert "no language 'xx': one of en, ru" in result.output
    assert "Traceback" not in result.output


def test_the_help_and_the_refusals_of_a_command_line_are_in_russian():
    """Typer's panels and marks, the options' help with their bounds, and a bad value's
    one line, as `croupier.cli._library_words` and `_usage._help` translate them."""
    wide = {"COLUMNS": "300"}
    result = runner.invoke(app, ["play", "punto-banco", "--help", "--lang", "ru"], env=wide)
    assert result.exit_code == 0, result.output
    for said in ("Параметры", "[по умолчанию: 1000]", "Только боты, без ввода", "[от 0 до 20]"):
        assert said in result.output, said
    for english in ("Options", "[default:", "Bots only, no input", "[0 to 20]"):
        assert english not in result.output, english
    refused = runner.invoke(app, ["play", "punto-banco", "--seed", "x", "--lang", "ru"])
    assert refused.exit_code == 2
    assert "Ошибка: --seed 'x' — не целое число" in refused.output
    in_english = runner.invoke(app, ["play", "punto-banco", "--seed", "x", "--lang", "en"])
    assert "Error: --seed 'x' is not a whole number" in in_english.output


CLICKS_REFUSALS = [
    (["verify"], "Missing argument 'FILE'.", "Не хватает аргумента 'FILE'."),
    (["games", "extra"], "Got unexpected extra argument(s) (extra)", "Лишние аргументы: extra"),
    (["play", "punto-banco", "--seat"], "Option '--seat' requires", "Параметру '--seat' нужно"),
    (["play", "punto-banco", "--auto=1"], "Option '--auto' does not", "Параметр '--auto' не"),
    (
        ["simulate", "punto-banco", "--table", "huge"],
        "--table 'huge' is not one of 'large', 'small'.",
        "--table 'huge' — не из 'large', 'small'.",
    ),
    (
        ["play", "punto-banco", "--seats", "2"],
        "No such option: --seats (Possible options: --egalite, --seat, --seed)",
        "Нет такого параметра: --seats (есть параметры: --egalite, --seat, --seed)",
    ),
    (["play", "punto"], "did you mean punto-banco?", "может быть, punto-banco?"),
    (["frob"], "No such command 'frob'.", "Нет такой команды 'frob'."),
]
"""Command lines Click itself refuses (and one croupier does), with a part of the one line
each gets in English, as Click words it, and in Russian (`_library_words.refusal`)."""


@pytest.mark.parametrize(("args", "english", "russian"), CLICKS_REFUSALS)
def test_clicks_refusals_are_said_in_the_sessions_language(args, english, russian):
    lines = {}
    for lang, said in (("en", english), ("ru", russian)):
        result = runner.invoke(app, [*args, "--lang", lang])
        assert result.exit_code == 2, result.output
        (lines[lang],) = result.output.splitlines()
        assert said in lines[lang], lines[lang]
    assert lines["en"].startswith("Error: ") and lines["ru"].startswith("Ошибка: ")
    assert english not in lines["ru"]


def test_the_usage_line_and_the_help_option_are_in_the_sessions_language():
    wide = {"COLUMNS": "200"}
    russian = runner.invoke(app, ["games", "--help", "--lang", "ru"], env=wide).output
    assert "Вызов: " in russian
    assert "Показать эту справку и выйти." in russian
    english = runner.invoke(app, ["games", "--help"], env=wide).output
    assert "Usage: " in english
    assert "Show this message and exit." in english
