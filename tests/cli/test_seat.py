"""Every prompt of every game, as random legal play reaches it: a word the prompt does not
know is refused with the prompt's choices and takes no action, and `help` says what each
word does."""

import pytest

from tests.cli.prompts import GAMES, prompts, seat_for

PHASES = {
    "punto-banco": {"betting", "cut", "turn", "choose"},
    "chemin-de-fer": {"auction", "offer", "keep", "cut", "calls", "stakes", "punter", "banker"},
    "monte-bank": {"monte", "offer", "shuffles", "cuts", "betting", "between"},
    "private-monte": {"monte", "offer", "shuffles", "cuts", "betting", "between"},
    "banchek": {"bank", "cut", "open", "peeked", "stake", "riding"},
}
"""Each game's phases in which a seat is asked something."""


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_prompt_refuses_an_unknown_word_with_its_choices_and_explains_them(name):
    views = prompts(name)
    assert {view.phase.value for view in views} == PHASES[name]
    for view in views:
        seat, out = seat_for(name, "frobnicate 5", "help")
        with pytest.raises(EOFError):  # asked again after each: no action was taken
            seat.decide(view)
        said, words = out.getvalue(), seat.words(view)
        assert f"'frobnicate 5' is not understood here: say {words.choices()}" in said
        for known in (*words.words, *seat.asked.words):
            assert f"  {known.shown}" in said and known.does in said, (view.phase, known.form)
