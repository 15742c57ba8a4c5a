"""croupier: the classic banking card games, played and analysed exactly as the old
rule books tell them.

`import croupier` loads only the cards, the shoe and the reader of the catalogs, which
reads none until a word is asked for (`Card`, `Rank`, `Suit`, `Colour`, `Shoe` and `End`
are re-exported here); every package below is reached from here when first named,
`croupier.games.get("punto-banco")` as much as `import croupier.games`.

The layers, from the ground up. A module imports only from its own package and from the
layers before its own (tests/test_layers.py holds the code to this list):

1. `croupier.errors`, `croupier.estimate`: the one error tree (`CroupierError`,
   `IllegalAction` and its kinds, `InvalidInput`, `TableStopped`, ...), drawn at the top of
   the module; a simulated figure beside the exact one.
2. `croupier.i18n`: every string a person reads in their language (gettext catalogs,
   English and Russian, `_("...")`).
3. `croupier.cards`: cards that round-trip through text (`Card.from_str("7D")`), packs.
4. `croupier.shoe`, `croupier.randomness`, `croupier.lowest_card`: the shoe as an
   immutable sequence; where chance comes from (`RandomShuffler`, strong by default,
   `RandomShuffler.seeded(7)` to replay; `RecordedShuffler`); the draw for the first bank.
5. `croupier.fairness`: provably fair shuffles (docs/fairness.md): each seed
   committed to, the seats' parts, the derived order, the proofs and their check.
6. `croupier.engine`: the protocol every game follows (docs/engine.md): `Game`, its
   actors (`CHANCE`, `HOUSE`, seat numbers), `Legal` options and `Amounts` ranges, the
   chance nodes `Shuffling` and `Drawing`, events and their redaction, `History` and
   `replay`, and the one loop that plays a session, `Driver` (`croupier.engine.drive`).
7. `croupier.games`: the five games by name, `croupier.games.get("punto-banco")` and
   `croupier.games.names()`; one package a game, with its `Rules`, actions, events, views.
8. `croupier.table`, `croupier.words`: a session run with seats, controllers, a croupier
   and a history; the games' events and rule sets in words, for every front end.
9. `croupier.odds`, `croupier.solve`: exact calculators, the odds of a seat's view among
   them; equilibria.
10. `croupier.bots`, `croupier.sim`, `croupier.review`: seats that decide by themselves;
    fast Monte Carlo kernels, their seeded generator (`croupier.sim.rng`) and runner
    (`croupier.sim.runner`); the value of every decision of a session, by the calculators
    (docs/review.md). The calculators and kernels use numpy (and numba if installed), so
    they are imported only when asked for.
11. `croupier.testing`, `croupier.rl`, `croupier.client`: the conformance suite every game
    passes, for a new game's tests; the PettingZoo and OpenSpiel environments and the
    vector tables; the table server's client.
12. `croupier.server`: the table server and its ledger.
13. `croupier.cli`: the `croupier` command, a thin adapter over the rest.

This package itself, the front door, stands on all of them and is imported by none.

    >>> import croupier
    >>> croupier.games.get("chemin-de-fer").title
    'Chemin de Fer'
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from croupier.cards import Card, Colour, Rank, Suit
from croupier.shoe import End, Shoe

__all__ = ["Card", "Colour", "End", "Rank", "Shoe", "Suit", "__version__"]

__version__ = "0.1.0"


def _units() -> frozenset[str]:
    """The public modules and packages of croupier, as they are on disk: none is left out."""
    return frozenset(
        info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_")
    )


def __getattr__(name: str) -> ModuleType:
    """`croupier.games` and the rest, imported when first named (PEP 562)."""
    if name in _units():
        return importlib.import_module(f"croupier.{name}")
    raise AttributeError(f"module 'croupier' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_units()})
