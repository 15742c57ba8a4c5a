"""A whole session reviewed: its coups step by step, each decision valued, and each seat's
evening in numbers (`croupier.review`).

The session is replayed once (`croupier.engine.history.replay`, or a table server's
committed steps, `walk`) into its coups, cheaply; a coup is valued when it is asked for
(`decisions`), played again from the table as it began: before each step of a seat the
seat's view is taken, and with the cards the seat was shown since the last shuffle (each
card dealt once, when its own events showed it: `Sight`), the game's valuer values the step.
A coup's steps are those until the step that settles it (the events of that step that open
the next coup belong to the next); the steps after the last settlement (the close) make no
coup.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields, is_dataclass, replace
from fractions import Fraction
from typing import Any

from croupier.cards import Card
from croupier.engine.actions import Action, Draw, Join, Leave, Rebuy, SetLimits, Shuffle
from croupier.engine.actors import CHANCE, Actor
from croupier.engine.codec import encode
from croupier.engine.events import Event, redact
from croupier.engine.game import Game
from croupier.engine.history import History, Step, replay
from croupier.engine.shown import Shown
from croupier.estimate import exact_json
from croupier.review import Decision, Valuer

__all__ = [
    "VALUERS",
    "Coup",
    "Evening",
    "Moment",
    "Review",
    "Showing",
    "Sight",
    "Stepped",
    "Walker",
    "cards_in",
    "coups",
    "decision_json",
    "decisions",
    "evening_json",
    "evenings",
    "open_view",
    "replayed",
    "session",
    "showing",
    "valuer",
    "walk",
]

VALUERS = {
    "punto-banco": "croupier.review.punto_banco",
    "chemin-de-fer": "croupier.review.chemin_de_fer",
    "monte-bank": "croupier.review.monte_bank",
    "private-monte": "croupier.review.private_monte",
    "banchek": "croupier.review.banchek",
}
"""Each game's valuer, by the game's name: the module whose `value` it is, imported when a
session of that game is first reviewed (the calculators load numpy)."""


def valuer(game: str) -> Valuer:
    """The valuer of `game` (its name)."""
    found: Valuer = importlib.import_module(VALUERS[game]).value
    return found


@dataclass(frozen=True, slots=True)
class Moment:
    """One step of a coup: who took what and what it caused; `house` if the house took it
    for a person's seat (their time ran out, they sat out); `continued` for the events of
    the step that settled the coup before, which open this one."""

    step: int
    actor: Actor
    action: Action
    events: tuple[Event, ...]
    house: bool = False
    continued: bool = False


@dataclass(frozen=True, slots=True)
class Coup:
    """A coup (deal, round) of the session, from 1: its steps, the shoe it was dealt from
    (the shuffles made before its first step), its settlement as the table showed it, and
    what each seat's chips (in front of it, staked and in its bank) moved by in it, in seat
    order: what play brought it, a seat's own buy-ins and cash-outs left out. The steps
    after the last settlement, up to the close, are a coup that is `closing`: no coup at
    all, numbered as the next would be.

    `start` is the table before the coup's first step and `sights` what each seat had been
    shown by then: from them the coup is played again (`replayed`) and valued
    (`decisions`), when it is asked for."""

    number: int
    shoe: int
    moments: tuple[Moment, ...]
    shown: Shown | None
    nets: tuple[tuple[int, int], ...]
    closing: bool = False
    start: Any = field(default=None, repr=False, compare=False)
    sights: Mapping[int, Sight] = field(default_factory=dict, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class Evening:
    """A seat's session in numbers: its decisions (the house's for it not counted), how many
    were the best, what the others cost in chips of expectation, what its stakes were
    expected to bring, and what its coups brought."""

    seat: int
    decisions: int
    best: int
    cost: Fraction
    expected: Fraction
    actual: int

    @property
    def luck(self) -> Fraction:
        """What the cards gave beyond what was to be expected: actual less expected."""
        return self.actual - self.expected


@dataclass(frozen=True, slots=True)
class Review:
    """A session's coups (its close left out), every decision in them, and each seat's
    evening."""

    coups: tuple[Coup, ...]
    decisions: tuple[Decision, ...]
    evenings: tuple[Evening, ...]


class Sight:
    """The cards one seat was shown since the shuffle, each card dealt counted once: a card
    drawn (`Draw`) is seen if the step's events, as told to the seat, show it, and hidden
    from it otherwise, until an event shows it (a hand turned face up at the settlement).
    An event that shows again a card seen already adds nothing."""

    def __init__(self) -> None:
        self.seen: Counter[Card] = Counter()
        self.hidden: Counter[Card] = Counter()

    def copy(self) -> Sight:
        kept = Sight()
        kept.seen, kept.hidden = self.seen.copy(), self.hidden.copy()
        return kept

    def note(self, action: Action, shown: Showing, seat: int) -> None:
        """Take in one step: its action and the cards its events show (`showing`), as they
        were told to `seat`."""
        drawn = action.card if isinstance(action, Draw) else None
        if not shown and drawn is None:
            return
        cards = Counter(card for event, held in shown for card in _told(event, held, seat))
        if drawn is not None:
            if cards[drawn]:
                cards[drawn] -= 1
                self.seen[drawn] += 1
            else:
                self.hidden[drawn] += 1
        if self.hidden and cards:
            revealed = cards & self.hidden
            self.hidden -= revealed
            self.seen += revealed


Showing = tuple[tuple[Event, tuple[Card, ...]], ...]
"""A step's events that hold cards, each with the cards it holds told to everyone."""


def _note(sights: dict[int, Sight], seats: Iterable[int], action: Action, shown: Showing) -> None:
    """Every seat's sight takes in a step."""
    for seat in seats:
        sight = sights.get(seat)
        if sight is None:
            sights[seat] = sight = Sight()
        sight.note(action, shown, seat)


def showing(events: tuple[Event, ...]) -> Showing:
    """The events of a step that hold cards, each with its cards (`cards_in`): found once a
    step, for every seat's `Sight`."""
    return tuple((event, held) for event in events if (held := tuple(cards_in(event))))


def _told(event: Event, held: tuple[Card, ...], seat: int) -> tuple[Card, ...]:
    """The cards of `event` (`held`) as `seat` was told them."""
    if not event.secret or event.audience.admits(seat):
        return held
    return tuple(cards_in(redact(event, seat)))


def cards_in(held: Any) -> Iterator[Card]:
    """The cards an event holds: in its fields, and in the tuples and records among them."""
    if isinstance(held, Card):
        yield held
    elif isinstance(held, tuple):
        for item in held:
            yield from cards_in(item)
    elif is_dataclass(held) and not isinstance(held, type):
        for part in fields(held):
            yield from cards_in(getattr(held, part.name))


def session(game: Game[Any, Any, Any], history: History) -> Review:
    """Replay `history` of `game` and value every decision in it."""
    played = tuple(coup for coup in coups(game, history) if not coup.closing)
    decided = tuple(d for coup in played for d in decisions(game, coup) if d is not None)
    return Review(played, decided, evenings(played, decided))


def coups(game: Game[Any, Any, Any], history: History) -> Iterator[Coup]:
    """The coups of `history`, each as its last step is replayed, then the close, if any
    steps follow the last settlement; a `HistoryMismatch` where the replay differs from the
    record, after the coups before it."""
    start = game.start(history.config, history.buy_ins)
    return walk(game, start, _marked(replay(game, history), history.decided))


def _marked(steps: Iterable[tuple[Any, Step]], decided: Collection[int]) -> Iterator[Stepped]:
    """A history's steps, each marked if the house took it for a person's seat (`decided`
    counts the steps of the seats and the house, from 0)."""
    acted = 0
    for after, step in steps:
        yield after, step, step.actor is not CHANCE and acted in decided
        acted += step.actor is not CHANCE


Stepped = tuple[Any, Step, bool]
"""A step applied: the table after it, the step, and whether the house took it for a
person's seat."""


def walk(game: Game[Any, Any, Any], start: Any, steps: Iterable[Stepped]) -> Iterator[Coup]:
    """The coups of a session of `game` that began as `start` and went on by `steps`, each
    as its last step comes, then the close, if any steps follow the last settlement."""
    walker = Walker(game, start)
    for after, step, house in steps:
        settled = walker.add(after, step, house)
        if settled is not None:
            yield settled
    closing = walker.closing()
    if closing is not None:
        yield closing


class Walker:
    """A session of `game` that began as `start`, walked into its coups a step at a time
    (`add`), as a table server goes on with its steps as they are committed."""

    def __init__(self, game: Game[Any, Any, Any], start: Any) -> None:
        self.game = game
        self.state = start
        self.steps = 0
        """The steps walked."""
        self.shuffles = 0
        self.coups = 0
        """The coups settled."""
        self._sights: dict[int, Sight] = {}
        self._moments: list[Moment] = []
        self._moved: dict[int, int] = {}
        self._began: Any = start
        self._began_sights: dict[int, Sight] = {}
        self._wealth = _wealth(game, start)

    def add(self, after: Any, step: Step, house: bool = False) -> Coup | None:
        """Walk one step, `after` the table it leaves (`house`: the house took it for a
        person's seat); the coup it settles, if it settles one."""
        game, state = self.game, self.state
        if isinstance(step.action, Shuffle):
            self.shuffles += 1
            self._sights = {}
        _note(self._sights, game.seats(after), step.action, showing(step.events))
        settles = game.rounds(after) > game.rounds(state)
        events, opening = _split(step.events, self.coups + 2) if settles else (step.events, ())
        self._moments.append(Moment(self.steps, step.actor, step.action, events, house))
        now = _wealth(game, after)
        for seat in self._wealth.keys() & now.keys():
            own = step.actor == seat and isinstance(step.action, Join | Leave | Rebuy)
            if now[seat] != self._wealth[seat] and not own:
                self._moved[seat] = self._moved.get(seat, 0) + now[seat] - self._wealth[seat]
        self._wealth, self.state = now, after
        settled = None
        if settles:
            self.coups += 1
            settled = self._coup(self.coups, getattr(game.view(after, None), "last", None))
            self._moments, self._moved = [], {}
            self._began = after
            self._began_sights = {seat: sight.copy() for seat, sight in self._sights.items()}
            if opening:
                continued = Moment(self.steps, step.actor, step.action, opening, house, True)
                self._moments.append(continued)
        self.steps += 1
        return settled

    def closing(self) -> Coup | None:
        """The steps since the last settlement, as a coup that is `closing`; None if
        there are none."""
        return self._coup(self.coups + 1, None, closing=True) if self._moments else None

    def _coup(self, number: int, shown: Shown | None, closing: bool = False) -> Coup:
        return Coup(
            number,
            self.shuffles,
            tuple(self._moments),
            shown,
            _nets(self._moved),
            closing,
            self._began,
            self._began_sights,
        )


def replayed(game: Game[Any, Any, Any], coup: Coup) -> Iterator[tuple[Any, Any, Moment]]:
    """Each moment of `coup` with the table before and after it, the coup played again
    from its `start` (a moment `continued` from the coup before is at its start). Its steps
    were checked against the rules as the coup was walked (`Game.apply`), so they are played
    again as they are (`Game.perform`): working out every option again to check each step
    had been most of the time a long Monte Bank deal took to open."""
    state = coup.start
    for moment in coup.moments:
        if moment.continued:
            yield state, state, moment
            continue
        again = game.apply if isinstance(moment.action, SetLimits) else game.perform
        after, _events = again(state, moment.actor, moment.action)
        yield state, after, moment
        state = after


def decisions(game: Game[Any, Any, Any], coup: Coup) -> tuple[Decision | None, ...]:
    """The decision each moment of `coup` was, valued (None for chance's steps, the house's
    own, and a seat's that are no choice of value), in the order of its moments."""
    value = valuer(game.name)
    sights = {seat: sight.copy() for seat, sight in coup.sights.items()}
    found: list[Decision | None] = []
    for before, after, moment in replayed(game, coup):
        decision = None
        if isinstance(moment.actor, int) and not moment.continued:
            sight = sights.get(moment.actor)
            seen = tuple(sight.seen.elements()) if sight is not None else ()
            valued = value(game.view(before, moment.actor), moment.action, seen)
            if valued is not None:
                decision = Decision(
                    moment.step,
                    coup.number,
                    moment.actor,
                    valued.choices,
                    valued.chosen,
                    valued.mix,
                    valued.stakes,
                    valued.against,
                    moment.house,
                )
        found.append(decision)
        if not moment.continued:
            if isinstance(moment.action, Shuffle):
                sights = {}
            _note(sights, game.seats(after), moment.action, showing(moment.events))
    return tuple(found)


def open_view(game: Game[Any, Any, Any], state: Any) -> Any:
    """The table as no one seat saw it, for a shoe that is over: the spectator's view, each
    card it shows face down (None) shown where some seat's view shows it, at the same
    place. Only the places the spectator's view has are filled: a field that each seat's
    view holds differently (Banchek's own hand) stays the spectator's."""
    seen = game.view(state, None)
    for seat in sorted(game.seats(state)):
        seen = _filled(seen, game.view(state, seat))
    return seen


def _filled(spectator: Any, other: Any) -> Any:
    if spectator is other:
        return spectator
    if spectator is None and isinstance(other, Card):
        return other
    if type(spectator) is type(other) and spectator == other:
        return spectator
    if isinstance(spectator, tuple) and isinstance(other, tuple):
        if len(spectator) != len(other):
            return spectator
        return tuple(_filled(mine, theirs) for mine, theirs in zip(spectator, other, strict=True))
    kind = type(spectator)
    if is_dataclass(kind) and type(other) is kind and spectator != other:
        changed = {
            part.name: _filled(getattr(spectator, part.name), getattr(other, part.name))
            for part in fields(spectator)
            if part.init
        }
        return replace(spectator, **changed)
    return spectator


def _split(events: tuple[Event, ...], coup: int) -> tuple[tuple[Event, ...], tuple[Event, ...]]:
    """A settling step's events: those of its coup, and those from the first that names the
    next coup (`coup`, as Punto Banco's bets opening and Chemin de Fer's calls do), which
    open that coup."""
    for n, event in enumerate(events):
        if getattr(event, "coup", None) == coup:
            return events[:n], events[n:]
    return events, ()


def _nets(moved: dict[int, int]) -> tuple[tuple[int, int], ...]:
    return tuple((seat, net) for seat, net in sorted(moved.items()) if net)


def _wealth(game: Game[Any, Any, Any], state: Any) -> dict[int, int]:
    """Each seat's chips: in front of it, in its bank, and staked."""
    staked = game.stakes(state)
    return {seat: chips + staked.get(seat, 0) for seat, chips in game.holdings(state).items()}


def evenings(played: Iterable[Coup], decided: Iterable[Decision]) -> tuple[Evening, ...]:
    """Each seat's evening over the coups `played`, whose decisions are `decided`."""
    by_seat: dict[int, list[Decision]] = {}
    expected: dict[int, Fraction] = {}
    actual: dict[int, int] = {}
    for decision in decided:
        by_seat.setdefault(decision.seat, []).append(decision)
        if decision.stakes:
            worth = decision.taken.value
            expected[decision.seat] = expected.get(decision.seat, Fraction(0)) + worth
            if decision.against is not None:
                expected[decision.against] = expected.get(decision.against, Fraction(0)) - worth
    for coup in played:
        for seat, net in coup.nets:
            actual[seat] = actual.get(seat, 0) + net
    found = []
    for seat in sorted(by_seat.keys() | actual.keys() | expected.keys()):
        own = [d for d in by_seat.get(seat, ()) if not d.house]
        found.append(
            Evening(
                seat,
                decisions=len(own),
                best=sum(not d.cost for d in own),
                cost=sum((d.cost for d in own), Fraction(0)),
                expected=expected.get(seat, Fraction(0)),
                actual=actual.get(seat, 0),
            )
        )
    return tuple(found)


def decision_json(decision: Decision) -> dict[str, Any]:
    """A decision as `croupier replay --json` and the server give it (docs/review.md): the
    seat, each choice's option (the action, as a history writes it) and exact value, the
    one taken and the best (indices), the cost, the equilibrium's mix, and whether the
    house took it for the seat."""
    return {
        "seat": decision.seat,
        "choices": [
            {"option": encode(choice.option), "value": exact_json(choice.value)}
            for choice in decision.choices
        ],
        "taken": decision.chosen,
        "best": decision.choices.index(decision.best),
        "cost": exact_json(decision.cost),
        "mix": None if decision.mix is None else [exact_json(p) for p in decision.mix],
        "stakes": decision.stakes,
        "house": decision.house,
    }


def evening_json(evening: Evening) -> dict[str, Any]:
    """A seat's evening in numbers, every figure exact."""
    return {
        "seat": evening.seat,
        "decisions": evening.decisions,
        "best": evening.best,
        "cost": exact_json(evening.cost),
        "expected": exact_json(evening.expected),
        "actual": evening.actual,
        "luck": exact_json(evening.luck),
    }
