"""Monte Bank at the terminal."""
