"""`python -m croupier`: the `croupier` command."""

from croupier.cli import main

main()
