"""Exact odds: calculators beside the games, enumerating chance through the same rules.

One module a game, each imported on its own (the calculators use numpy, and numba when it
is installed, so importing `croupier.odds` loads none of them)::

    from croupier.odds import punto_banco
    punto_banco.exact(8)               # exact Fractions for a fresh eight-deck shoe

- `punto_banco`: every result and bet of a coup, for any shoe (PB-12..PB-14), exactly
  or, compiled, in floats; the effect of removing a card.
- `_baccarat_kernel`: the one enumeration of a baccarat coup, on integers or floats.
- `baccarat_choices`: the coup's two choices (punto on 5, the banker's draw) valued from
  what the chooser knows, exactly (PB-13e, CF-12, CF-13).
- `chemin_de_fer`: each side's chance, the naturals and the banker's edge of a coup with
  both sides playing a strategy, exactly.
- `monte_bank`: void deals, layouts and every bet's edge (MB-7..MB-13).
- `private_monte`: the layout bet (PM-5, PM-6); `private_monte_counter`: what counting
  the pack is worth, deal by deal, exactly (PM-8).
- `banchek`: a hand's chance given the cards gone, and the banker's prospects (BN-4..BN-10).

Its implementation, private to the package: `_baccarat_kernel` and `_monte_bank_draw`;
`__all__` names what it offers.
"""

__all__ = [
    "baccarat_choices",
    "banchek",
    "chemin_de_fer",
    "monte_bank",
    "private_monte",
    "private_monte_counter",
    "punto_banco",
]
