"""The words a prompt knows: one table reads a line, refuses what it does not know with
the choices, and prints the help."""

import pytest

from croupier.cli._terminal import CommandError
from croupier.cli._words import Words, amount, command, help_text, word, word_by

WORDS = Words(
    (
        amount("stake", lambda n: ("stake", n), "stake that much"),
        word("give up, giveup, give", "give up", "give up the bank"),
        word("pass, Enter, p", "pass", "pass this time"),
        word_by("show", lambda view: ("show", view), "show the view"),
        command("offer", "offer 2", lambda rest, view: ("offer", rest), "offer it on"),
    )
)


def test_each_spelling_reads_as_its_word():
    assert WORDS.read("200", None) == ("stake", 200)
    assert WORDS.read("  Stake   50 ", None) == ("stake", 50)
    assert WORDS.read("GIVE UP", None) == WORDS.read("giveup", None) == "give up"
    assert WORDS.read("", None) == WORDS.read("p", None) == "pass"
    assert WORDS.read("show", "the view") == ("show", "the view")
    assert WORDS.read("offer 3 4", None) == ("offer", ["3", "4"])


def test_the_longest_spelling_wins():
    assert WORDS.find("give up") == (WORDS.words[1], [])  # not `give` followed by `up`


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("frobnicate", "'frobnicate' is not understood here"),
        ("nope 5", "'nope 5' is not understood here"),
        ("pass 200", "'200' is too much: pass is said alone"),
        ("show me", "'me' is too much: show is said alone"),
        ("stake", "say one number, as in `200`"),
        ("stake lots", "'lots' is not a number of chips"),
        ("200 300", "say one number, as in `200`"),
    ],
)
def test_what_is_not_understood_is_refused_saying_why(line, said):
    with pytest.raises(CommandError, match=said):
        WORDS.read(line, None)


def test_a_refusal_names_every_choice():
    with pytest.raises(CommandError) as refused:
        WORDS.read("banco", None)
    assert str(refused.value) == (
        "'banco' is not understood here: say a number (`200`), `give up`, `pass` (Enter), "
        "`show` or `offer 2` (`help` says what each does)"
    )


def test_enter_means_nothing_where_no_word_says_so():
    words = Words((word("draw", "draw", "a card"), word("stand", "stand", "no card")))
    with pytest.raises(CommandError, match=r"^Enter is not understood here: say `draw` or `stand`"):
        words.read("", None)


def test_the_help_is_the_same_table():
    assert help_text(WORDS).splitlines() == [
        "  200 (stake 200)         stake that much",
        "  give up (giveup, give)  give up the bank",
        "  pass (Enter, p)         pass this time",
        "  show                    show the view",
        "  offer 2                 offer it on",
    ]


def test_a_spelling_may_mean_one_word_only():
    with pytest.raises(ValueError, match=r"spelled twice in one prompt: \['p'\]"):
        Words((word("p", 1, "one"), word("pass, p", 2, "two")))
