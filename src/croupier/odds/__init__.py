"""Exact odds: calculators beside the games, enumerating chance through the same rules.

`croupier.odds.punto_banco` answers for Punto Banco; the other games follow.
"""
