"""Research environments: croupier's games for PettingZoo and OpenSpiel (the `rl` extra).

- `actions`: the seats' actions as small integers, one numbering for both frameworks;
- `encoding`: a seat's view as a fixed-size vector of numbers;
- `shapes`: each game's seats, places and caps, declared once;
- `_adapter`: a game's numbering and encoder, made once;
- `pettingzoo`: every game as a PettingZoo AEC environment;
- `openspiel`: a Chemin de Fer coup as an OpenSpiel game, and `register` for all of them;
- `_openspiel_games`: every game as an OpenSpiel session game;
- `openspiel_check`: CFR+ on the coup, beside croupier's own solver;
- `vector`: N tables stepped at once by numba kernels, for batch training.

The modules named with a leading underscore are its implementation, private to the package;
`__all__` names what it offers.
"""

__all__ = ["actions", "encoding", "openspiel", "openspiel_check", "pettingzoo", "shapes", "vector"]
