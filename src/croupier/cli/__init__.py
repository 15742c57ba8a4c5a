"""The command line: `croupier play`, `croupier rules`, `croupier games`, `croupier replay`.

Its implementation, private to the package: `_json_output`, `_ledger`, `_library_words`,
`_odds`, `_options`, `_replay`, `_seat`, `_serve`, `_session`, `_solve`, `_terminal`,
`_usage`, `_verify` and `_words`; `__all__` names what it offers.
"""

from croupier.cli.main import app, main

__all__ = ["app", "main"]
