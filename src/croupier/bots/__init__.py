"""Bots: seats that decide by themselves, each from its own random stream."""

from croupier.bots.random_play import RandomBot

__all__ = ["RandomBot"]
