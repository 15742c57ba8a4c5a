"""`croupier play private-monte`: Private Monte Bank at the terminal."""

__all__ = ["human", "render", "session"]
