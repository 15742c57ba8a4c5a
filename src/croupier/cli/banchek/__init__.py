"""`croupier play banchek`: Polish Banchek at the terminal."""

__all__ = ["human", "narrate", "render", "session"]
