"""Reference equilibria from nashpy for tests/suite/nashpy_reference.rs.

Draws seeded random non-degenerate bimatrix games (sizes 2x2..6x6, integer
payoffs 0..99) and records every equilibrium nashpy's `vertex_enumeration`
finds. Run from the repository root:

    pip install nashpy
    python3 tests/data/generate_nashpy_reference.py > tests/data/nashpy_reference.json

A drawn game is kept only if it is non-degenerate in the cheap sense that no
row or column of either payoff matrix has a tied best response to a pure
strategy, and nashpy finds an odd number of equilibria (as every
non-degenerate game has); vertex enumeration is only guaranteed to list all
equilibria of non-degenerate games, so degenerate ones are left out.
"""

import json
import random

import nashpy
import numpy as np

SEED = 20251121
GAMES = 30


def tied_best_response(m):
    for col in m.T:
        if list(col).count(col.max()) > 1:
            return True
    return False


def main():
    rng = random.Random(SEED)
    games = []
    while len(games) < GAMES:
        k = len(games)
        m = 2 + k % 5
        n = 2 + (k // 5) % 5
        a = np.array([[rng.randrange(100) for _ in range(n)] for _ in range(m)])
        b = np.array([[rng.randrange(100) for _ in range(n)] for _ in range(m)])
        if tied_best_response(a) or tied_best_response(b.T):
            continue
        eqs = list(nashpy.Game(a, b).vertex_enumeration())
        if len(eqs) % 2 == 0:
            continue
        games.append(
            {
                "a": a.tolist(),
                "b": b.tolist(),
                "equilibria": [
                    {"row": [float(x) for x in p], "col": [float(x) for x in q]}
                    for p, q in eqs
                ],
            }
        )
    print(
        json.dumps(
            {
                "generator": "tests/data/generate_nashpy_reference.py",
                "nashpy_version": nashpy.__version__,
                "seed": SEED,
                "games": games,
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
