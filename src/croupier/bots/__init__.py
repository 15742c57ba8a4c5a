"""Bots: seats that decide by themselves, each from its own random stream.

Its implementation, private to the package: `_registration`; `__all__` names what it offers.
"""

from croupier.bots.random_play import RandomBot

__all__ = ["RandomBot"]
