"""Research environments: croupier's games for PettingZoo and OpenSpiel (the `rl` extra).

- `encoding`: a seat's view as a fixed-size vector of numbers;
- `pettingzoo`: every game as a PettingZoo AEC environment;
- `openspiel`: a Chemin de Fer coup as an OpenSpiel game, and `register` for all of them;
- `openspiel_games`: every game as an OpenSpiel session game;
- `openspiel_check`: CFR+ on the coup, beside croupier's own solver.
"""

__all__ = ["encoding", "openspiel", "openspiel_check", "openspiel_games", "pettingzoo"]
