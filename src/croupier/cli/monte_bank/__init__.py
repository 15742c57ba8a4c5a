"""Monte Bank at the terminal."""

__all__ = ["human", "narrate", "render", "session"]
