"""Game-theoretic solutions of the games' choices: what each side should do, exactly.

- `chemin_de_fer`: the coup as a two-person zero-sum game (CF-11..CF-13), solved exactly
  in fractions when each side knows its total, by linear programming (scipy) when each
  knows its cards; what the casino tableau and the fixed plays on 5 give away.
- `chemin_de_fer_payoffs`: the coup in normal form, the payoff of every choice.

Import the module you need (`from croupier.solve import chemin_de_fer`); importing
`croupier.solve` loads neither.
"""

__all__ = ["chemin_de_fer", "chemin_de_fer_payoffs"]
