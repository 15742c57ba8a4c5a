"""`croupier play banchek`: Polish Banchek at the terminal."""
