"""What the Russian terminal tests share: a Russian environment as gettext reads it, a
terminal's output with its wrapping undone, the Latin words a Russian line may not have,
the states of random play with the events that brought them, and the words of each
prompt."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

from croupier import words
from croupier.bots.random_play import pick
from croupier.engine import CHANCE, HOUSE, Drawing, EndSession, Leave
from croupier.engine.actions import SitOut
from croupier.i18n import use
from croupier.randomness import RandomShuffler
from tests.cli.prompts import prompts, seat_for

WIDE = {"COLUMNS": "200"}
"""A terminal wide enough that no line of a table or of the help is wrapped."""
RUSSIAN = {"LANG": "ru_RU.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}
"""A Russian environment: `LANG` decides, the variables read before it being empty."""

_LEFT_AS_IS = re.compile(
    r"\b(?:C|PB|CF|BN|MB|PM)-\d+[a-e]?\b|(?:10|[2-9AJQK])[♠♥♦♣]|\bEnter\b|\(Join\)"
)
"""What a Russian line keeps in Latin letters: rule IDs, card faces, Enter, the Join action."""


def latin(line: str) -> list[str]:
    """The words in Latin letters a Russian line has, beside what it keeps as it is."""
    return re.findall(r"[A-Za-z]+", _LEFT_AS_IS.sub("", words.plain(line)))


def flat(text: str) -> str:
    """`text` with its lines joined, as the terminal wraps them at its width."""
    return " ".join(text.split())


def random_play(
    game: Any, rules: Any, chips: int, steps: int, seed: int = 2, house: bool = True
) -> Iterator[tuple[Any, Any]]:
    """Each state random legal play of four seats comes to, with the events that brought
    it (no one leaving, sitting out or ending the session); the house is played at random too unless
    not `house`."""
    rng, shuffler = random.Random(seed), RandomShuffler.seeded(seed)
    state = game.start(rules, dict.fromkeys(range(4), chips))
    for _ in range(steps):
        actors = game.to_act(state)
        if not actors:
            return
        if CHANCE in actors:
            node = game.chance(state)
            action = node.sample() if isinstance(node, Drawing) else node.sample(shuffler)
            state, events = game.apply(state, CHANCE, action)
        else:
            players = actors if house else actors - {HOUSE}
            actor = rng.choice(sorted(players, key=str))
            staying = (EndSession(), Leave(), SitOut())
            options = [o for o in game.legal_actions(state, actor) if o not in staying]
            if not options:
                return
            state, events = game.apply(state, actor, pick(rng, rng.choice(options)))
        yield state, events


def prompt_words(game: str) -> dict[str, list[list[str]]]:
    """The words each prompt of random play shows in Russian, by phase, in the order met:
    each prompt's words built (a spelling twice raises ValueError), and the prompt and
    every word's meaning checked free of Latin letters."""
    shown: dict[str, list[list[str]]] = {}
    with use("ru"):
        for view in prompts(game):
            seat, _ = seat_for(game)
            table = seat.words(view) + seat.asked
            shown.setdefault(view.phase.value, []).append([w.shown for w in seat.words(view).words])
            prompt = seat.prompt(view).replace("Enter: the middle", "")  # cli/_terminal.py's
            prompt = re.sub(r"seat \d", "", prompt)  # seat_for's names
            assert not latin(prompt), prompt
            for known in table.words:
                assert not latin(known.does), known.does
    return shown
