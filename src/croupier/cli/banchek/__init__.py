"""`croupier play banchek`: Polish Banchek at the terminal."""

__all__ = ["human", "render", "session"]
