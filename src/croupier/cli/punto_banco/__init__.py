"""Punto Banco at the terminal."""

__all__ = ["human", "render", "session"]
