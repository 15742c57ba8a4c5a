"""A host's control played at their table (docs/protocol.md, "Hosting"): checked against
the table as it stands, stored (`croupier.server.hosting`), and only then played by the
table and told to everyone, in each one's language."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import Engine

from croupier.engine.rule_options import limits_said
from croupier.errors import InvalidInput
from croupier.i18n import _, ngettext
from croupier.server import hosting
from croupier.server.hosting import Control
from croupier.server.runner import TableRunner

__all__ = ["Refused", "play"]


class Refused(InvalidInput):
    """A control the table refuses as it stands (`status`, the HTTP status to answer)."""

    def __init__(self, reason: str, status: int = 409) -> None:
        super().__init__(reason)
        self.status = status


async def play(engine: Engine, runner: TableRunner, control: Control, host: str) -> dict[str, Any]:
    """Play `control`, which `host` (a host of `runner`'s table) asks for; what it did, as
    the answer says it. Raises `Refused` (or `InvalidInput`) if it may not be done now."""
    table = runner.info.id
    if runner.closed:
        raise Refused(_("the table is closed"))
    if control.kind in ("pause", "resume"):
        held = control.kind == "pause"
        if runner.hosts.held == held:
            raise Refused(
                _("the table is paused already") if held else _("the table is not paused")
            )
        await asyncio.to_thread(hosting.store_held, engine, table, held)
        runner.hold(held, lambda: _held(host, held))
        return {"control": control.kind, "held": held}
    if control.kind == "settings":
        settings = hosting.changed(runner.info.settings, control.changes)
        await asyncio.to_thread(hosting.change_settings, engine, table, settings)
        runner.change(settings, lambda: _changed(host, control.changes))
        return {"control": "settings", "settings": dict(control.changes)}
    if control.kind == "limits":
        rules = runner.book.game.rules_of(runner.book.state)
        limits = hosting.limits(rules, runner.info.limits, control.changes)
        await asyncio.to_thread(hosting.store_limits, engine, table, limits)
        runner.set_limits(limits, lambda: _limited(host, control.changes, limits))
        return {"control": "limits", "limits": limits}
    if control.kind == "cohost":
        found = await asyncio.to_thread(hosting.person_named, engine, control.name)
        if found is None:
            raise Refused(_("nobody is called {name!r}").format(name=control.name), 404)
        person, name = found
        if person == runner.hosts.host:
            raise Refused(_("{name} hosts the table already").format(name=name))
        await asyncio.to_thread(hosting.store_guest, engine, table, person, cohost=control.yes)
        runner.cohost(person, control.yes, lambda: _cohost(host, name, control.yes))
        return {"control": "cohost", "name": name, "yes": control.yes}
    assert control.seat is not None, "remove, give and bot name a seat"
    if control.kind == "bot":
        return await _bot(runner, control.seat, control.yes, host)
    allowance = runner.info.settings.allowance
    if control.kind == "give" and not allowance:
        raise Refused(_("this table was opened with no allowance: its hosts give no chips"))
    person, name = _seated(runner, control.seat)
    if control.kind == "remove":
        if runner.hosts.may(person):
            raise Refused(
                _("{name} hosts the table: a host gets up, and is not removed").format(name=name)
            )
        await asyncio.to_thread(
            hosting.store_guest, engine, table, person, barred=True, approved=False
        )
        runner.remove(control.seat, person, lambda: _removed(host, name, control.reason))
        return {"control": "remove", "seat": control.seat, "name": name}
    left = await asyncio.to_thread(
        hosting.give, engine, table, host, name, control.chips, allowance
    )
    runner.tell_hosted("give", lambda: _gave(host, name, control.chips, left))
    return {
        "control": "give",
        "seat": control.seat,
        "name": name,
        "chips": control.chips,
        "left": left,
    }


async def _bot(runner: TableRunner, seat: int, yes: bool, host: str) -> dict[str, Any]:
    """A bot seated at `seat`, or sent away from it: its step stored, then told."""
    if seat >= runner.info.rules.seats:
        raise Refused(_("seat {seat} is not at this table").format(seat=seat))
    held = runner.book.seats.get(seat)
    why = await runner.seat_bot(seat, yes)
    if why is not None:
        raise Refused(why)
    name = runner.book.seats[seat].name if yes else held.name if held else ""
    runner.tell_hosted("bot", lambda: _botted(host, name, yes))
    return {"control": "bot", "seat": seat, "name": name, "yes": yes}


def _botted(host: str, bot: str, yes: bool) -> str:
    if yes:
        return _("{host} seats the bot {bot}").format(host=host, bot=bot)
    return _("{host} sends the bot {bot} away").format(host=host, bot=bot)


def _seated(runner: TableRunner, seat: int) -> tuple[int, str]:
    """The person who holds `seat` (their id and name); `Refused` if none does."""
    holder = runner.book.seats.get(seat)
    if holder is None or holder.person is None:
        raise Refused(_("no person holds seat {seat}").format(seat=seat))
    return holder.person, holder.name


def _held(host: str, held: bool) -> str:
    if held:
        return _(
            "{host} pauses the table: the coup under way is played out, then every clock "
            "stops until they resume"
        ).format(host=host)
    return _("{host} resumes play").format(host=host)


def _removed(host: str, name: str, reason: str) -> str:
    return _("{host} removes {name} from the table: {reason}").format(
        host=host, name=name, reason=reason
    )


def _limited(host: str, changes: Mapping[str, Any], limits: Mapping[str, Any]) -> str:
    said = limits_said({name: limits[name] for name in changes})
    return _("{host} sets the stake limits from the next coup: {limits}").format(
        host=host, limits=said
    )


def _cohost(host: str, name: str, yes: bool) -> str:
    if yes:
        return _("{host} names {name} a co-host").format(host=host, name=name)
    return _("{name} is a co-host no longer").format(name=name)


def _gave(host: str, name: str, chips: int, left: int) -> str:
    said = ngettext(
        "{host} gives {name} {n} chip from the evening's allowance",
        "{host} gives {name} {n} chips from the evening's allowance",
        chips,
    ).format(host=host, name=name, n=chips)
    rest = ngettext("{n} chip is left", "{n} chips are left", left).format(n=left)
    return f"{said} ({rest})"


_SETTINGS: Mapping[str, Callable[[Any], str]] = {
    "time_limit": lambda v: _("a time limit of {n} s").format(n=f"{v:g}"),
    "time_bank": lambda v: _("a time bank of {n} s").format(n=f"{v:g}"),
    "hold": lambda v: _("a dropped seat held {n} s").format(n=f"{v:g}"),
    "away": lambda v: _("a seat sitting out kept {n} s").format(n=f"{v:g}"),
    "bot_pause": lambda v: _("bots acting after {n} s").format(n=f"{v:g}"),
    "approval": lambda v: _("each person asking to sit") if v else _("anyone sitting down"),
    "watchers": lambda v: _("anyone let in watching") if v else _("nobody watching but the seated"),
    "odds": lambda v: _("the odds shown") if v else _("no odds shown"),
}
"""Each setting a host may change (`hosting.CHANGEABLE`) as the table says it."""


def _changed(host: str, changes: Mapping[str, Any]) -> str:
    said = ", ".join(_SETTINGS[name](value) for name, value in changes.items())
    return _("{host} changes the settings from the next coup: {settings}").format(
        host=host, settings=said
    )
