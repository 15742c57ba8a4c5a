"""croupier in its reader's language: gettext catalogs (Babel), English and Russian.

A string a person reads is marked where it is written: `_("Your stake")`, or
`ngettext("{n} deck", "{n} decks", n)` for a count, or `N_("...")` where it must be
marked before the language is known (a command's help, translated when shown). The
catalogs are `croupier/locale/<language>/LC_MESSAGES/croupier.po`, the English text the
message id; the Russian one uses the rule books' own terms, each beside its rule ID in
the catalog's comments. `scripts/messages.py` gathers the marked strings into them.

The language is the context's (`use("ru")`), so that a server narrates each connection
in its own, and starts as the environment's (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`,
`LANG`, as gettext reads them), English where that names no language croupier has.

    >>> with use("ru"):
    ...     _("Punto Banco")
    'Пунто-банко'
"""

from __future__ import annotations

import functools
import gettext
import io
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from importlib import resources
from typing import Any

from croupier.errors import InvalidInput

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "N_",
    "PLURALS",
    "_",
    "catalog",
    "current",
    "for_pages",
    "from_accept",
    "from_environment",
    "language",
    "ngettext",
    "npgettext",
    "pgettext",
    "use",
]

LANGUAGES = ("en", "ru")
"""The languages croupier speaks, by their ISO 639-1 codes."""
DEFAULT = "en"

_ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables gettext reads for the language, first found first."""


def language(code: str) -> str:
    """The language named by `code` (`ru`, `ru_RU.UTF-8`, `ru-RU`, `RU`); `InvalidInput`,
    naming the languages there are, for one croupier does not speak."""
    found = _known(code)
    if found is None:
        refusal = _("no language {code!r}: one of {languages}")
        raise InvalidInput(refusal.format(code=code, languages=", ".join(LANGUAGES)))
    return found


def _known(code: str) -> str | None:
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def from_environment(environ: Mapping[str, str] = os.environ) -> str:
    """The language the environment asks for, as gettext reads it (`LANGUAGE` may list
    several, `ru:en`), or English."""
    for name in _ENVIRONMENT:
        for code in environ.get(name, "").split(":"):
            if code and code not in ("C", "POSIX") and (found := _known(code)):
                return found
        if environ.get(name):  # the first variable set decides, as gettext's
            break
    return DEFAULT


def from_accept(header: str) -> str:
    """The language a browser's `Accept-Language` header prefers most among croupier's
    (`ru-RU,ru;q=0.9,en;q=0.8`), or English."""
    ranked: list[tuple[float, int, str]] = []
    for place, item in enumerate(header.split(",")):
        code, _, weight = item.strip().partition(";q=")
        try:
            quality = float(weight) if weight else 1.0
        except ValueError:
            continue
        if (found := _known(code)) and quality > 0:
            ranked.append((-quality, place, found))
    return min(ranked)[2] if ranked else DEFAULT


_STARTING = from_environment()
"""The environment's language when croupier was loaded."""
_language: ContextVar[str] = ContextVar("croupier_language", default=_STARTING)


def current() -> str:
    """The language of this context."""
    return _language.get()


@contextmanager
def use(code: str) -> Iterator[str]:
    """Speak `code` (see `language`) within the block, in this context only."""
    token = _language.set(language(code))
    try:
        yield _language.get()
    finally:
        _language.reset(token)


@functools.cache
def _messages(code: str) -> Any:
    """The `.po` catalog of `code`, read once (Babel's `Catalog`)."""
    from babel.messages.pofile import read_po  # loaded once a language other than English is

    path = resources.files("croupier").joinpath("locale", code, "LC_MESSAGES", "croupier.po")
    with path.open("rb") as po:
        return read_po(po, locale=code)


@functools.cache
def catalog(code: str) -> gettext.NullTranslations:
    """The translations of `code`, read from its `.po` file once (compiled in memory:
    the `.po` is the one copy)."""
    if code == DEFAULT:
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo

    compiled = io.BytesIO()
    write_mo(compiled, _messages(code))
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


PLURALS = {"en": ("one", "other"), "ru": ("one", "few", "many")}
"""Each language's plural forms in the catalog's order, by their CLDR categories (which a
browser's `Intl.PluralRules` names)."""


@functools.cache
def for_pages(code: str) -> dict[str, Any]:
    """What the pages need to speak `code`: the translations of the messages their
    scripts and markup mark (each by its English, after its context and a `\x04` if it
    has one, as gettext keys them; a message with plural forms gives its forms, in the
    order of `plural`, the CLDR categories)."""
    found: dict[str, Any] = {}
    if code != DEFAULT:
        for message in _messages(code):
            if not message.id or not any(
                place.startswith(_PAGES) for place, _ in message.locations
            ):
                continue
            singular = message.id[0] if isinstance(message.id, tuple) else message.id
            key = f"{message.context}\x04{singular}" if message.context else singular
            found[key] = list(message.string) if isinstance(message.id, tuple) else message.string
    return {"language": code, "plural": list(PLURALS[code]), "messages": found}


_PAGES = "croupier/server/web/"
"""Where the pages' messages are marked, as the catalog names places."""


def _(message: str) -> str:
    """`message` in the context's language."""
    return catalog(_language.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of `singular`/`plural` for a count of `n`, in the context's language (Russian
    has three: «1 колода», «2 колоды», «5 колод»)."""
    return catalog(_language.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the context's language where `context` tells it apart from the same
    English said elsewhere (Chemin de Fer's shoe, «подкова», beside Punto Banco's, «сабо»)."""
    return catalog(_language.get()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """`ngettext` with a `context`, as `pgettext` has one."""
    return catalog(_language.get()).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark `message` for the catalogs, untranslated: it is translated where it is shown."""
    return message
