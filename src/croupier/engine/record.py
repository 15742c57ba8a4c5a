"""The record a history keeps of its session's play, so that a replay can be checked.

A session is cut into stretches: the seating (the buy-ins and the rule set), then the
steps up to each coup's settlement, then any steps after the last one (the close, or a
coup cut short). Each stretch leaves a `Checkpoint`: the coups settled by its end, its
number of steps, the chips each seat holds at its end, and three SHA-256 digests of its
steps in canonical JSON: of chance's outcomes (every shuffle's order, every card drawn),
of the seats' and the house's actions, and of every event, hidden parts and all. A replay
keeps the same record of itself and names the first stretch that differs, and how.

The record tells nothing the history does not: the history holds the seed (or every
shuffle's order) and every action, from which every card and event follow, so the digests
are a function of what the file already holds; the chips are public at the table. It
finds edits and damage; it is no seal against someone who rewrites the record too.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from croupier.engine.actions import Action
from croupier.engine.actors import CHANCE, Actor, actor_name
from croupier.engine.codec import brief, encode
from croupier.engine.events import Event
from croupier.engine.game import Game
from croupier.errors import InvalidHistory
from croupier.i18n import _, ngettext

__all__ = ["Checkpoint", "Recorder", "canonical", "difference"]

_DIGEST = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """One stretch of a session: `rounds` settled at its end, its `steps`, each seat's
    chips (`holdings`) at its end, and the digests of chance's outcomes (`cards`), of the
    others' actions (`actions`) and of every event (`events`). The seating's `events`
    digest is that of the rule set."""

    rounds: int
    steps: int
    holdings: Mapping[int, int]
    cards: str
    actions: str
    events: str

    def __post_init__(self) -> None:
        if min(self.rounds, self.steps) < 0:
            raise InvalidHistory(
                _("a checkpoint has a negative count: {checkpoint}").format(checkpoint=self)
            )
        if not all(_DIGEST.fullmatch(d) for d in (self.cards, self.actions, self.events)):
            raise InvalidHistory(_("a checkpoint's digest is not 64 hexadecimal digits"))


class _Stretch:
    """The steps of one stretch, digested as they come."""

    def __init__(self, told: Iterable[Any] = ()) -> None:
        self.steps = 0
        self.cards = hashlib.sha256()
        self.actions = hashlib.sha256()
        self.events = hashlib.sha256()
        for value in told:
            self.events.update(canonical(value))

    def add(self, actor: Actor, action: Action, events: tuple[Event, ...]) -> None:
        self.steps += 1
        (self.cards if actor is CHANCE else self.actions).update(canonical([actor, action]))
        self.events.update(canonical(events))

    def close(self, rounds: int, holdings: Mapping[int, int]) -> Checkpoint:
        digests = (self.cards, self.actions, self.events)
        return Checkpoint(rounds, self.steps, dict(holdings), *(d.hexdigest() for d in digests))


class Recorder:
    """Keeps the checkpoints of a session as its steps are applied, from `start`, the
    state its `config` and buy-ins gave."""

    def __init__(self, game: Game[Any, Any, Any], config: Any, start: Any) -> None:
        self._game = game
        self._closed = [_Stretch([config]).close(0, game.holdings(start))]
        self._open = _Stretch()
        self._state = start

    def note(self, actor: Actor, action: Action, events: tuple[Event, ...], state: Any) -> None:
        """One step applied; `state` is the state after it."""
        self._open.add(actor, action, events)
        self._state = state
        rounds = self._game.rounds(state)
        if rounds > self._closed[-1].rounds:
            self._closed.append(self._open.close(rounds, self._game.holdings(state)))
            self._open = _Stretch()

    @property
    def closed(self) -> tuple[Checkpoint, ...]:
        """The stretches that have ended: the seating, and one for each coup settled."""
        return tuple(self._closed)

    @property
    def checkpoints(self) -> tuple[Checkpoint, ...]:
        """Every stretch so far, the one under way included if it has begun."""
        if not self._open.steps:
            return tuple(self._closed)
        rounds = self._game.rounds(self._state)
        return (*self._closed, self._open.close(rounds, self._game.holdings(self._state)))


def difference(recorded: Checkpoint, replayed: Checkpoint, seating: bool = False) -> str | None:
    """What differs between a stretch as recorded and as replayed, in words (the first seat
    whose chips differ, in brackets after what caused it); None if nothing does. The
    replayed stretch has fewer steps only when the replay ended in it."""
    cause = _cause(recorded, replayed, seating)
    chips = _chips(recorded, replayed, seating)
    if cause is None:
        if chips is None and replayed != recorded:
            said = ngettext(
                "{n} coup is settled by its end; the record says {recorded}",
                "{n} coups are settled by its end; the record says {recorded}",
                replayed.rounds,
            )
            return said.format(n=replayed.rounds, recorded=recorded.rounds)
        return chips
    return cause if chips is None else f"{cause} ({chips})"


def _cause(recorded: Checkpoint, replayed: Checkpoint, seating: bool) -> str | None:
    if replayed.steps < recorded.steps:
        return _("the session ends sooner than recorded")
    if replayed.actions != recorded.actions:
        return _("other stakes or choices are made than recorded")
    if replayed.cards != recorded.cards:
        return _("other cards come from the shoe than recorded")
    if replayed.events != recorded.events:
        return _("the rule set is not the one recorded") if seating else _("other events are told")
    return None


def _chips(recorded: Checkpoint, replayed: Checkpoint, seating: bool) -> str | None:
    """The first seat whose chips differ, in words."""
    for seat in sorted(recorded.holdings.keys() | replayed.holdings.keys()):
        name = actor_name(seat)
        if seat not in replayed.holdings:
            then = recorded.holdings[seat]
            said = ngettext(
                "{name} is not at the table; the record has it with {n} chip",
                "{name} is not at the table; the record has it with {n} chips",
                then,
            )
            return said.format(name=name, n=brief(then))
        now = replayed.holdings[seat]
        if seat not in recorded.holdings:
            said = ngettext(
                "{name} is at the table with {n} chip; the record has no {name}",
                "{name} is at the table with {n} chips; the record has no {name}",
                now,
            )
            return said.format(name=name, n=brief(now))
        then = recorded.holdings[seat]
        if now == then:
            continue
        if seating:
            said = ngettext(
                "{name} sits down with {n} chip; the record says {recorded}",
                "{name} sits down with {n} chips; the record says {recorded}",
                now,
            )
        else:
            said = ngettext(
                "{name} ends it with {n} chip; the record says {recorded}",
                "{name} ends it with {n} chips; the record says {recorded}",
                now,
            )
        return said.format(name=name, n=brief(now), recorded=brief(then))
    return None


def canonical(value: Any) -> bytes:
    """One line of JSON for `value`, the same wherever and whenever it is written."""
    text = json.dumps(encode(value), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return text.encode("ascii") + b"\n"
