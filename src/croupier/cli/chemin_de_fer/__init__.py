"""Chemin de Fer at the terminal."""

__all__ = ["human", "render", "session"]
