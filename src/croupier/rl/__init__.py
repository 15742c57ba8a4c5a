"""Research environments: croupier's games for PettingZoo and OpenSpiel."""
