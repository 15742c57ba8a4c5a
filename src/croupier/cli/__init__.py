"""The command line: `croupier play`, `croupier rules`, `croupier games`, `croupier replay`."""

from croupier.cli.main import app, main

__all__ = ["app", "main"]
