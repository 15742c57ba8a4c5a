"""The conformance suite every game passes (STYLE.md, Tests).

Random legal play to the end of a session, checking at every step that chips
are conserved, and now and then that an illegal action changes nothing and
that a seat's view does not change when only cards hidden from it change.
Then the history is replayed and must give the same events and state.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import strategies as st

from croupier.bots.random_play import pick
from croupier.engine import (
    CHANCE,
    HOUSE,
    Action,
    Actor,
    Drawing,
    EndSession,
    Event,
    Game,
    History,
    Leave,
    Shuffle,
    encode,
    redact,
    replay,
)
from croupier.errors import IllegalAction
from croupier.randomness import RandomShuffler


@dataclass(frozen=True)
class Spec:
    """What the suite needs to know of a game."""

    game: Game[Any, Any, Any]
    config: Any
    buy_ins: dict[int, int]
    scramble: Callable[[Any, random.Random, Actor | None], Any]
    """The state with every card hidden from the viewer (a seat, or None for a spectator)
    moved about: the undealt shoe reordered, cards it may not see exchanged with undealt ones."""
    candidates: Callable[[Any], list[Action]]
    """Actions to try at a state; those that are not legal must be refused."""


@dataclass
class Session:
    steps: list[tuple[Actor, Action, tuple[Event, ...]]]
    history: History
    final: Any


def draw_buy_ins(data: Any, seats: int, most: int = 3000) -> dict[int, int]:
    """Two or more of `seats` seats taken, each with 1 to `most` chips, as hypothesis draws
    them."""
    taken = data.draw(st.lists(st.integers(0, seats - 1), min_size=2, unique=True))
    return {seat: data.draw(st.integers(1, most)) for seat in taken}


def play_randomly(spec: Spec, seed: int, rounds: int, checks: float = 0.2) -> Session:
    """A session of random legal play; the house ends it after `rounds` coups."""
    game, rng = spec.game, random.Random(seed)
    shuffler = RandomShuffler.seeded(seed)
    state = game.start(spec.config, spec.buy_ins)
    steps: list[tuple[Actor, Action, tuple[Event, ...]]] = []
    recorded: list[tuple[Actor, Action]] = []
    while actors := game.to_act(state):
        assert len(steps) < 100_000, "the session does not end"
        if rng.random() < checks:
            check_illegal_actions_change_nothing(spec, state, rng)
            check_views_hide_what_they_must(spec, state, rng)
        actor, action = _choose(game, state, actors, shuffler, rng, rounds)
        state, events = game.apply(state, actor, action)
        steps.append((actor, action, events))
        if actor is not CHANCE:
            recorded.append((actor, action))
        assert game.chips(state).balanced, game.chips(state)
    history = History(game.name, spec.config, spec.buy_ins, seed, tuple(recorded))
    return Session(steps, history, state)


def _choose(game, state, actors, shuffler, rng, rounds):
    if CHANCE in actors:
        node = game.chance(state)
        return CHANCE, node.sample() if isinstance(node, Drawing) else node.sample(shuffler)
    ending = HOUSE in actors and game.rounds(state) >= rounds
    if ending and EndSession() in game.legal_actions(state, HOUSE):
        return HOUSE, EndSession()
    # The house closes bets now and then, but mostly lets the seats act first.
    seats = sorted((a for a in actors if a is not HOUSE), key=str)
    house = [o for o in game.legal_actions(state, HOUSE) if o != EndSession()]
    if house and (not seats or rng.random() < 0.03):
        return HOUSE, pick(rng, rng.choice(house))
    actor = rng.choice(seats)
    options = list(game.legal_actions(state, actor))
    option = rng.choice(options)
    if isinstance(option, Leave) and len(options) > 1 and rng.random() < 0.995:
        option = rng.choice([o for o in options if not isinstance(o, Leave)])  # seats stay a while
    return actor, pick(rng, option)


def check_illegal_actions_change_nothing(spec: Spec, state: Any, rng: random.Random) -> None:
    game = spec.game
    before = copy.deepcopy(state)
    actors: list[Actor] = [HOUSE, *range(len(spec.buy_ins) + 2)]
    for action in spec.candidates(state):
        actor = rng.choice(actors)
        if action in game.legal_actions(state, actor):
            continue
        with pytest.raises(IllegalAction) as refused:
            game.apply(state, actor, action)
        assert refused.value.reason
        assert state == before, f"{action!r} by {actor} changed the state"


def check_views_hide_what_they_must(spec: Spec, state: Any, rng: random.Random) -> None:
    game = spec.game
    for viewer in (None, *game.seats(state)):
        other = spec.scramble(state, rng, viewer)
        assert game.view(state, viewer) == game.view(other, viewer), viewer


def check_random_session(spec: Spec, seed: int, rounds: int) -> Session:
    """Play at random, then check the replay and what each event stream hides."""
    session = play_randomly(spec, seed, rounds)
    check_replay(spec, session)
    check_event_streams_hide_what_they_must(session)
    return session


def check_replay(spec: Spec, session: Session) -> None:
    replayed = list(replay(spec.game, History.from_json(session.history.to_json(), spec.game)))
    assert [(s.actor, s.action, s.events) for _, s in replayed] == session.steps
    assert replayed[-1][0] == session.final


def check_event_streams_hide_what_they_must(session: Session) -> None:
    """No event shown to a seat holds a card hidden from it, nor any shoe order."""
    for _, _, events in session.steps:
        for event in events:
            for viewer in (None, 0, 1):
                seen = redact(event, viewer)
                if not event.audience.admits(viewer):
                    assert all(getattr(seen, name) is None for name in event.secret)
                assert not isinstance(seen, Shuffle)
                encode(seen)  # every event is plain data
