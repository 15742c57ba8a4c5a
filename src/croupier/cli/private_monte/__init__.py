"""`croupier play private-monte`: Private Monte Bank at the terminal."""
