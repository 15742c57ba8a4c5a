"""The stake limits a rule set sets, for the lobby: each a range of whole chips, `low` to
`high`, where `high` null means no limit the rules set beyond the bank (and the chips a
seat has). Read from the rule set's own fields, nothing worked out again."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from croupier.engine.codec import JSON
from croupier.games.punto_banco import Bet

__all__ = ["stakes"]


def _range(low: int, high: int | None = None) -> dict[str, JSON]:
    return {"low": low, "high": high}


_STAKES: Mapping[str, Callable[[Any], dict[str, JSON]]] = {
    # each bet's table range (PB-6)
    "punto-banco": lambda rules: {
        bet.value: _range(getattr(rules, bet.value).low, getattr(rules, bet.value).high)
        for bet in Bet
    },
    # the least bank a banker puts up (CF-3), the least a punter stakes: up to the bank (CF-7)
    "chemin-de-fer": lambda rules: {
        "bank": _range(rules.minimum_bank),
        "stake": _range(rules.minimum_stake),
    },
    # the cava, the smallest stake, and the smallest monte (MB-4, MB-8)
    "monte-bank": lambda rules: {
        "stake": _range(rules.cava),
        "monte": _range(rules.minimum_monte),
    },
    # stakes from the cava to the agreed limit, never over the bank (PM-4, PM-6)
    "private-monte": lambda rules: {
        "stake": _range(rules.cava, rules.limit),
        "monte": _range(rules.minimum_monte),
    },
    # the smallest stake, up to the whole bank; the bank agreed (BN-2, BN-5)
    "banchek": lambda rules: {
        "stake": _range(rules.minimum),
        "bank": _range(rules.bank, rules.bank),
    },
}


def stakes(game: str, rules: Any) -> dict[str, JSON]:
    """The stake limits of `rules`, a rule set of `game`, by what they limit."""
    return _STAKES[game](rules)
