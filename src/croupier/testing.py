"""The conformance suite every game passes (docs/style.md, Tests), for the tests of any game,
a sixth one included.

Random legal play to the end of a session, checking at every step that chips are
conserved, and now and then that an illegal action changes nothing and that a seat's view
does not change when only cards hidden from it change. Now and then a seat that is not to
act does what it may all the same (an empty seat sits down, a player gets up between coups),
and a table left waiting for players has them sit down. Then the history is replayed and
must give the same events and state, and no event a seat is shown may hold a card hidden
from it. A failed check raises `ConformanceError` (an `AssertionError`, so any test runner
reports it as a failure).

Describe the game in a `Spec` and play::

    >>> import croupier.games
    >>> from croupier.engine import Cut, Leave
    >>> game = croupier.games.get("chemin-de-fer")
    >>> def scramble(state, rng, viewer):
    ...     return state  # a real spec moves every card hidden from `viewer`
    >>> spec = Spec(game, game.config(), {0: 500, 1: 500}, scramble, lambda s: [Cut(0), Leave()])
    >>> session = check_random_session(spec, seed=7, rounds=3)
    >>> game.is_over(session.final), len(session.history.actions) > 0
    (True, True)

The checks need nothing beyond croupier itself; `draw_buy_ins`, which lets hypothesis
choose who sits down, imports hypothesis (the `test` extra) when it is called.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from croupier.bots.random_play import pick
from croupier.engine import (
    CHANCE,
    HOUSE,
    Action,
    Actor,
    Amounts,
    Driver,
    EndSession,
    EndShoe,
    Event,
    Game,
    History,
    Leave,
    Option,
    Rebuy,
    Shuffle,
    encode,
    redact,
    replay,
)
from croupier.engine.actions import SetLimits, SitOut
from croupier.engine.rule_options import changeable, with_limits
from croupier.errors import CroupierError, IllegalAction, InvalidConfig
from croupier.randomness import RandomShuffler

__all__ = [
    "ConformanceError",
    "Played",
    "Session",
    "Spec",
    "check_event_streams_hide_what_they_must",
    "check_illegal_actions_change_nothing",
    "check_random_session",
    "check_replay",
    "check_views_hide_what_they_must",
    "draw_buy_ins",
    "play_randomly",
    "random_limits",
]

Played = tuple[Actor, Action, tuple[Event, ...]]
"""Who acted, what they did, and the events it gave."""


_COMING_AND_GOING = 0.05
"""How likely, at a step, a seat not among those to act takes one of its options."""


class ConformanceError(CroupierError, AssertionError):
    """A game broke one of the suite's rules; the message says which, and where."""


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
    """A session the suite played: every step, chance's included; the history (the seats'
    and the house's actions, and the seed); and the state it ended in."""

    steps: list[Played]
    history: History
    final: Any


def draw_buy_ins(data: Any, seats: int, most: int = 3000, fewest: int = 2) -> dict[int, int]:
    """`fewest` or more of `seats` seats taken, each with 1 to `most` chips, as hypothesis
    draws them from `data` (`st.data()`); needs hypothesis (the `test` extra)."""
    from hypothesis import strategies as st

    taken = data.draw(st.lists(st.integers(0, seats - 1), min_size=fewest, unique=True))
    return {seat: data.draw(st.integers(1, most)) for seat in taken}


def play_randomly(spec: Spec, seed: int, rounds: int, checks: float = 0.2) -> Session:
    """A session of random legal play; the house ends it after `rounds` coups. At a share
    `checks` of the steps, illegal actions and the views are checked too."""
    game, rng = spec.game, random.Random(seed)
    state = game.start(spec.config, spec.buy_ins)
    house = _WhimsicalHouse(rounds, random.Random(f"limits/{seed}"))
    driver = Driver(game, state, RandomShuffler.seeded(seed), house, rng)
    steps: list[Played] = []
    while not driver.over:
        if len(steps) >= 100_000:
            raise ConformanceError("the session does not end")
        if rng.random() < checks:
            check_illegal_actions_change_nothing(spec, driver.state, rng)
            check_views_hide_what_they_must(spec, driver.state, rng)
        actor, action = driver.automatic() or _seat_choice(game, driver.state, rng)
        events = driver.apply(actor, action)
        steps.append((actor, action, events))
        chips = game.chips(driver.state)
        if not chips.balanced:
            raise ConformanceError(f"chips are not conserved: {chips}")
        if sum(game.stakes(driver.state).values()) != chips.staked:
            raise ConformanceError(f"the stakes by seat are not those staked: {chips}")
    recorded = tuple((actor, action) for actor, action, _ in steps if actor is not CHANCE)
    history = History(game.name, spec.config, spec.buy_ins, seed, recorded)
    return Session(steps, history, driver.state)


@dataclass(frozen=True)
class _WhimsicalHouse:
    """The house in random play: it ends the session after `rounds` coups, closes bets now
    and then, but mostly lets the seats act first, and now and then between coups sets new
    stake limits, as a host may ask (`SetLimits`)."""

    rounds: int
    limits: random.Random
    """Its own stream for new limits, apart from the play's."""

    def decide(self, game: Game[Any, Any, Any], state: Any, rng: random.Random) -> Action | None:
        legal, actors = game.legal_actions(state, HOUSE), game.to_act(state)
        if game.rounds(state) >= self.rounds and EndSession() in legal:
            return EndSession()
        if EndSession() in legal and self.limits.random() < _NEW_LIMITS:
            limits = random_limits(game.rules_of(state), self.limits)
            if limits:
                return SetLimits(json.dumps(limits))
        seats = [actor for actor in actors if actor is not HOUSE]
        house = [option for option in legal if option not in (EndSession(), EndShoe())]
        if house and (not seats or rng.random() < 0.03):
            return pick(rng, rng.choice(house))
        return None


_NEW_LIMITS = 0.05
"""How often, at a moment between coups, the house in random play sets new stake limits."""


def random_limits(rules: Any, rng: random.Random) -> dict[str, Any]:
    """New values for some of `rules`' stake limits (`changeable`), drawn at random, as
    `SetLimits` takes them; empty if those drawn do not go together."""
    limits: dict[str, Any] = {}
    for described in changeable(rules):
        if rng.random() < 0.5:
            continue
        usual = described.default  # drawn about it, so that play goes on
        if dataclasses.is_dataclass(usual):  # a range, as Limits(low, high): rising values
            parts = [field.name for field in dataclasses.fields(usual)]
            amounts = sorted(rng.randint(1, 3 * getattr(usual, part)) for part in parts)
            changed = dict(zip(parts, amounts, strict=True))
            limits[described.name] = {**encode(usual), **changed}
        else:
            limits[described.name] = rng.randint(described.low or 1, 3 * usual)
    try:
        with_limits(rules, limits)
    except InvalidConfig:
        return {}
    return limits


def _seat_choice(game: Game[Any, Any, Any], state: Any, rng: random.Random) -> tuple[Actor, Action]:
    """A seat's random step: one to act, or now and then one not to act that may all the
    same (an empty seat sits down, a player gets up); the house's end of a table that
    waits for players and none can come."""
    actors = game.to_act(state)
    seats = sorted((a for a in actors if a is not HOUSE), key=str)
    if not seats or rng.random() < _COMING_AND_GOING:
        idle = _idle(game, state, actors)
        if idle:
            seat = rng.choice(idle)
            return seat, pick(rng, rng.choice(list(game.legal_actions(state, seat))))
        if not seats:
            return HOUSE, EndSession()
    actor = rng.choice(seats)
    options = list(game.legal_actions(state, actor))
    option = rng.choice(options)
    staying = [o for o in options if not _coming_or_going(o)]
    if _coming_or_going(option) and staying and rng.random() < 0.995:
        option = rng.choice(staying)  # seats stay a while
    return actor, pick(rng, option)


def _coming_or_going(option: Option) -> bool:
    """Getting up, sitting out, or bringing more chips: what a random seat does only now and
    then."""
    return isinstance(option, Leave | SitOut) or (
        isinstance(option, Amounts) and isinstance(option.template, Rebuy)
    )


def _idle(game: Game[Any, Any, Any], state: Any, actors: Collection[Actor]) -> list[int]:
    """The seats, taken or not (up to one past the last taken), that are not to act but may
    do something: sit down, or get up."""
    last = max(game.seats(state), default=-1)
    return [
        seat for seat in range(last + 2) if seat not in actors and game.legal_actions(state, seat)
    ]


def check_illegal_actions_change_nothing(spec: Spec, state: Any, rng: random.Random) -> None:
    """Every candidate that is not legal for a random actor is refused, with a reason, and
    leaves the state as it was."""
    game = spec.game
    before = copy.deepcopy(state)
    actors: list[Actor] = [HOUSE, *range(len(spec.buy_ins) + 2)]
    for action in spec.candidates(state):
        actor = rng.choice(actors)
        if action in game.legal_actions(state, actor):
            continue
        try:
            game.apply(state, actor, action)
        except IllegalAction as refused:
            if not refused.reason:
                message = f"{action!r} by {actor} was refused without a reason"
                raise ConformanceError(message) from refused
        else:
            raise ConformanceError(f"{action!r} by {actor} is not legal but was applied")
        if state != before:
            raise ConformanceError(f"{action!r} by {actor} changed the state")


def check_views_hide_what_they_must(spec: Spec, state: Any, rng: random.Random) -> None:
    """Each seat's view, and the spectator's, is the same when the cards hidden from it move."""
    game = spec.game
    for viewer in (None, *game.seats(state)):
        other = spec.scramble(state, rng, viewer)
        if game.view(state, viewer) != game.view(other, viewer):
            raise ConformanceError(f"the view of {viewer} shows a card hidden from it")


def check_random_session(spec: Spec, seed: int, rounds: int) -> Session:
    """Play at random, then check the replay and what each event stream hides."""
    session = play_randomly(spec, seed, rounds)
    check_replay(spec, session)
    check_event_streams_hide_what_they_must(session)
    return session


def check_replay(spec: Spec, session: Session) -> None:
    """Replaying the history through its JSON gives every step's events, and the same end."""
    replayed = list(replay(spec.game, History.from_json(session.history.to_json(), spec.game)))
    steps = [(s.actor, s.action, s.events) for _, s in replayed]
    if steps != session.steps:
        raise ConformanceError("the replay's steps differ from the session's")
    if replayed[-1][0] != session.final:
        raise ConformanceError("the replay ends in another state")


def check_event_streams_hide_what_they_must(session: Session) -> None:
    """No event shown to a seat holds a card hidden from it, nor any shoe order."""
    for _, _, events in session.steps:
        for event in events:
            for viewer in (None, 0, 1):
                seen = redact(event, viewer)
                hidden = not event.audience.admits(viewer)
                if hidden and any(getattr(seen, name) is not None for name in event.secret):
                    raise ConformanceError(f"{seen!r} shows {viewer} a secret")
                if isinstance(seen, Shuffle):
                    raise ConformanceError(f"a shuffle order was shown to {viewer}")
                encode(seen)  # every event is plain data
