"""EGTtools' time for the analysis `cargo bench --bench invasion` times.

The same synthetic 236 x 236 payoff table (the formula of `payoff` in
benches/invasion.rs), Z = 100, the pairwise comparison (Fermi) process at
beta = 1: every fixation probability and the small-mutation chain
(`PairwiseComparison.calculate_transition_and_fixation_matrix_sml`), then
its stationary distribution (`egttools.utils.calculate_stationary_distribution`).
Prints the best of 3 in seconds; pass it to the bench to print the ratio.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install egttools==0.1.14.2 numpy
    /tmp/venv/bin/python benches/invasion_egttools.py
"""

import time

import numpy as np
from egttools.analytical import PairwiseComparison
from egttools.games import Matrix2PlayerGameHolder
from egttools.utils import calculate_stationary_distribution

STRATEGIES = 236
Z = 100


def payoff(i, j):
    return ((i * 7919 + j * 104729 + i * j * 31) % 1000) / 200.0


def main():
    table = np.array([[payoff(i, j) for j in range(STRATEGIES)] for i in range(STRATEGIES)])
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        game = Matrix2PlayerGameHolder(STRATEGIES, table)
        model = PairwiseComparison(Z, game)
        transitions, _ = model.calculate_transition_and_fixation_matrix_sml(1.0)
        stationary = calculate_stationary_distribution(transitions.transpose())
        best = min(best, time.perf_counter() - start)
    print(f"{best:.3f}")
    print(f"# abundances sum to {float(np.sum(stationary)):.12f}")


if __name__ == "__main__":
    main()
