"""Punto Banco at the terminal.

Its implementation, private to the package: `_human` and `_render`; `__all__` names what it
offers.
"""

__all__ = ["session"]
