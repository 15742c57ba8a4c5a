"""Telling a table's steps to its connections, each message made once per audience.

An audience is everyone who sees a step alike: the people seated at one seat (a person may
have several connections), or the spectators. A batch's steps are encoded once per
audience as JSON text, with their words when asked for, and so is the view after them
(but for a spectator who sealed a part of the coming shuffle, whose view tells it: a table's
opener, before sitting down, has a view of their own);
every connection of an audience is sent the same text. The work of a step so grows with the
seats that are watched, not with the connections.

The words come from one narrator per audience and language (`Narration`), which hears
every step the table takes from the moment it is first needed, in order, as its seat sees
it (Monte Bank's narrator remembers the open bets), and says it in its connections'
language (croupier.i18n), so that a table can have people of both. A connection that comes
back and is told the steps it missed hears them from a narrator of its own, made for the
catch-up.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from croupier import i18n
from croupier.engine.codec import JSON, encode, field_names
from croupier.engine.events import redact
from croupier.server import _protocol as protocol
from croupier.server._protocol import Told
from croupier.server._words import Words

__all__ = ["Encoder", "Narration", "Written", "catch_up", "json_text"]


class Written(str):
    """JSON text already written: `json_text` puts it into a message as it is."""


class Encoder:
    """`codec.encode` for one table's telling, remembering what it wrote so that a value
    told to many audiences is encoded once:

    - within a batch (`batch` starts one), a value it has encoded, as an event that every
      seat is told alike (`redact` gives the event itself), is not encoded again;
    - a view (`view`) is written as JSON text, each of its fields written again only when
      it has changed since the view it last wrote (the rules never, the boxes once a
      batch), compared by type and `==` (the engine's values are immutable).

    What it writes is what `encode` writes (a view, as the text of it)."""

    def __init__(self) -> None:
        self._written: dict[int, tuple[Any, JSON]] = {}
        self._fields: dict[tuple[type, str], tuple[Any, str]] = {}

    def batch(self) -> None:
        """A new batch: forget the values of the last one."""
        self._written.clear()

    def __call__(self, value: Any) -> JSON:
        held = self._written.get(id(value))
        if held is not None and held[0] is value:
            return held[1]
        written = encode(value)
        self._written[id(value)] = (value, written)  # kept alive, so its id is not reused
        return written

    def view(self, seen: Any) -> Written:
        """An engine's view (a dataclass) as JSON text, each field as written for the last
        view with the same value there."""
        kind = type(seen)
        parts = [f'"type":{_text(kind.__name__)}']
        for name in field_names(kind):
            value = getattr(seen, name)
            held = self._fields.get((kind, name))
            if held is None or type(held[0]) is not type(value) or held[0] != value:
                held = self._fields[kind, name] = (value, _text(encode(value)))
            parts.append(f'"{name}":{held[1]}')
        return Written("{" + ",".join(parts) + "}")


def json_text(message: dict[str, Any]) -> str:
    """A message as the JSON text that is sent; a value already `Written` goes in as it
    is, after the others."""
    written = {key: value for key, value in message.items() if isinstance(value, Written)}
    if not written:
        return _text(message)
    text = _text({key: value for key, value in message.items() if key not in written})
    return text[:-1] + "".join(f",{_text(key)}:{value}" for key, value in written.items()) + "}"


def _text(value: JSON) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


_Audience = tuple[int | None, str]
"""Who hears a step's words alike: the seat it is seen from, and the language."""


class Narration:
    """The narrators of one table's audiences, each seat's in each language it is heard
    in, and the lines of each step for each."""

    def __init__(self, game: str, recent: Iterable[Told]) -> None:
        self.game = game
        self._recent = recent
        self._narrators: dict[_Audience, Words] = {}
        self._said: dict[tuple[int, _Audience], list[str]] = {}

    def hear(self, batch: list[Told]) -> None:
        """Let every narrator hear the batch's steps (the recent steps already hold them),
        and forget the lines of the batch before."""
        self._said.clear()
        for audience, words in self._narrators.items():
            for told in batch:
                self._said[told.seq, audience] = _said(words, told, audience)

    def said(self, told: Told, seat: int | None, language: str, batch: list[Told]) -> list[str]:
        """The lines of `told`, a step of `batch`, for the audience of `seat` in `language`;
        a narrator made now first hears the steps before the batch."""
        audience = (seat, language)
        if audience not in self._narrators:
            self._narrators[audience] = words = Words(self.game)
            first = batch[0].seq
            for earlier in self._recent if words.remembers else ():
                if earlier.events and earlier.seq < first:
                    _said(words, earlier, audience)
            for step in batch:
                self._said[step.seq, audience] = _said(words, step, audience)
        return self._said[told.seq, audience]


def _said(words: Words, told: Told, audience: _Audience) -> list[str]:
    if not told.events:
        return []
    seat, language = audience
    with i18n.use(language):
        return words.said(told.names, seat, [redact(event, seat) for event in told.events])


def catch_up(
    game: str, recent: Iterable[Told], person: int | None, after: int, words: str | None
) -> list[str]:
    """The steps after `after` of those the table keeps, as `person` saw them (with
    `words`, a language, told in words by a narrator of the connection's own that heard the
    steps before them): the messages, as text."""
    narrator = Words(game) if words else None
    told: list[str] = []
    for step in recent:
        seat = step.viewer(person)
        if step.seq <= after:
            if narrator is not None and narrator.remembers:
                _said(narrator, step, (seat, words or i18n.DEFAULT))
            continue
        said = _said(narrator, step, (seat, words or i18n.DEFAULT)) if narrator else None
        told.append(json_text(protocol.step(step, seat, said)))
    return told
