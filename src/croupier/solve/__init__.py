"""Game-theoretic solutions of the games' choices: what each side should do, exactly."""
