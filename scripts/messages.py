"""Gather the strings marked for translation into the catalogs (croupier.i18n).

    .venv/bin/python scripts/messages.py          # write the template and update the catalogs
    .venv/bin/python scripts/messages.py --check  # exit 1 if they are not up to date

Babel extracts every `_()`, `N_()` and `ngettext()` of `src/croupier` into the template,
`src/croupier/locale/croupier.pot`, with the lobby's label of every rule option
(`croupier.engine.rule_options.labels`); each language's `croupier.po` is then updated from it:
a new message comes in untranslated, a message gone from the code goes (Babel keeps it at
the end, commented out, for a translator to reuse), a translation whose English changed is
marked fuzzy. `tests/test_i18n.py` fails on an untranslated, fuzzy or stale message.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any, cast

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from croupier import games
from croupier.engine import rule_options

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "croupier"
TEMPLATE = PACKAGE / "locale" / "croupier.pot"
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}


def extract_html(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """A page's marked words (a Babel extraction method): the text of each element marked
    `data-i18n`, and each attribute its `data-i18n-attrs` names (`croupier.i18n` on the
    page, js/i18n.js, translates them)."""
    found: list[tuple[int, str, str, list[str]]] = []

    class Marked(HTMLParser):
        text: list[str] | None = None

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            named = dict(attrs)
            line = self.getpos()[0]
            for name in (named.get("data-i18n-attrs") or "").split():
                if named.get(name):
                    found.append((line, "_", str(named[name]), []))
            if "data-i18n" in named:
                self.text, self.line = [], line

        def handle_data(self, data: str) -> None:
            if self.text is not None:
                self.text.append(data)

        def handle_endtag(self, tag: str) -> None:
            if self.text is not None:
                found.append((self.line, "_", " ".join("".join(self.text).split()), []))
                self.text = None

    Marked().feed(fileobj.read().decode("utf-8"))
    yield from found


METHODS = [
    ("**.py", "python"),
    ("server/web/js/**.js", "javascript"),
    ("server/web/*.html", extract_html),
]


def template() -> Catalog:
    """Every marked message of the package, where it is used and its translator's comments
    (a `# i18n:` comment just before the line)."""
    found = Catalog(project="croupier", charset="utf-8")
    for path, line, message, comments, context in extract_from_dir(
        PACKAGE,
        cast(Any, METHODS),  # a method may be a function (Babel's stubs say only a name)
        keywords=KEYWORDS,
        comment_tags=("i18n:",),
        strip_comment_tags=True,
    ):
        where = [(f"croupier/{path}", line)]
        found.add(message, None, where, auto_comments=comments, context=context)
    for game in games.names():  # the lobby's labels of the rule options, made from their names
        for label in rule_options.labels(games.get(game).config_type):
            where = [("croupier/engine/rule_options.py", 0)]
            said = ["the name of a rule in the lobby's form to open a table (a rule option)"]
            found.add(label, None, where, auto_comments=said, context="rule")
    return found


def catalogs() -> dict[str, Path]:
    """Each language's catalog."""
    found = PACKAGE.glob("locale/*/LC_MESSAGES/croupier.po")
    return {path.parent.parent.name: path for path in found}


def text(catalog: Catalog) -> str:
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_previous=True, include_lineno=False)
    return out.getvalue().decode("utf-8")


def updated() -> dict[Path, str]:
    """The template's text and each catalog's, as they should be."""
    fresh = template()
    texts = {TEMPLATE: text(fresh)}
    for code, path in catalogs().items():
        with path.open("rb") as po:
            catalog = read_po(po, locale=code)
        catalog.update(fresh, no_fuzzy_matching=True)
        texts[path] = text(catalog)
    return texts


def _without_dates(po: str) -> str:
    return "\n".join(line for line in po.splitlines() if "-Date:" not in line)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether they are up to date")
    args = parser.parse_args()
    stale = []
    for path, wanted in updated().items():
        now = path.read_text(encoding="utf-8") if path.exists() else ""
        if _without_dates(now) == _without_dates(wanted):
            continue
        stale.append(path.relative_to(ROOT))
        if not args.check:
            path.write_text(wanted, encoding="utf-8")
    verb = "out of date" if args.check else "written"
    for path in stale:
        print(f"{verb}: {path}")
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
