#!/usr/bin/env python3
"""Writes tests/data/invasion_reference.json: fixation probabilities and
stationary distributions of the small-mutation chain from EGTtools
(`PairwiseComparison`, 0.1.14.2: 0.1.14 itself is not on PyPI) and single-
population alpha-Rank from OpenSpiel (`alpharank.compute`), next to a
50-digit reference computed here with mpmath from the same formulas, for
the tests in src/evolution/invasion (tests/suite/invasion_reference.rs).

    python3 -m venv /tmp/venv
    /tmp/venv/bin/pip install egttools==0.1.14.2 open_spiel==2.0.2 numpy mpmath==1.4.1
    /tmp/venv/bin/python tests/data/generate_invasion_reference.py

Conventions: fixation[resident][mutant] is rho(resident -> mutant), one
mutant among Z - 1 residents (EGTtools' fixation matrix [i, j] is "mutant j
in a population of i", the same orientation). Values are written with
repr(), so they read back bit for bit; the mpmath values as 20-digit
strings of ln rho (they may be far below f64).
"""

import json
import os

import mpmath
import numpy as np
from egttools.analytical import PairwiseComparison
from egttools.games import Matrix2PlayerGameHolder
from egttools.utils import calculate_stationary_distribution
from open_spiel.python.egt import alpharank

mpmath.mp.dps = 60

TABLES = {
    "pd": [[3.0, 0.0], [5.0, 1.0]],
    "cooperator-defector-reciprocator": [[3.0, 0.0, 3.0], [5.0, 1.0, 1.1], [3.0, 0.9, 3.0]],
    "four": [
        [3.0, 0.0, 3.0, 1.25],
        [5.0, 1.0, 1.2, 2.0],
        [3.0, 0.9, 3.0, 2.5],
        [2.0, 1.5, 2.0, 2.0],
    ],
}

# (table, Z, beta): the first three are compared to 1e-9 relative; the last
# is where EGTtools rounds fixation probabilities to 0.
FERMI = [
    ("pd", 100, 0.05),
    ("cooperator-defector-reciprocator", 50, 0.2),
    ("four", 30, 1.0),
    ("cooperator-defector-reciprocator", 100, 1.0),
]

ALPHARANK = [("four", 50, 0.5), ("cooperator-defector-reciprocator", 20, 2.0), ("pd", 10, 0.1)]
ALPHARANK_INFINITE = [("four", 50, 0.01)]


def mp_rho_fermi(a, mutant, resident, z, beta):
    """ln rho(resident -> mutant), pairwise comparison, self-play left out."""
    a = [[mpmath.mpf(x) for x in row] for row in a]
    beta = mpmath.mpf(beta)
    n = mpmath.mpf(z - 1)
    total = mpmath.mpf(1)
    partial = mpmath.mpf(0)
    for k in range(1, z):
        fa = ((k - 1) * a[mutant][mutant] + (z - k) * a[mutant][resident]) / n
        fb = (k * a[resident][mutant] + (z - k - 1) * a[resident][resident]) / n
        partial += -beta * (fa - fb)
        total += mpmath.exp(partial)
    return -mpmath.log(total)


def mp_stationary(log_t):
    """Stationary distribution of the chain with off-diagonal ln T, solved
    at 60 digits: pi (T - I) = 0 with sum(pi) = 1."""
    s = len(log_t)
    t = mpmath.matrix(s, s)
    for i in range(s):
        for j in range(s):
            if i != j:
                t[i, j] = mpmath.exp(log_t[i][j])
        t[i, i] = 1 - sum(t[i, j] for j in range(s) if j != i)
    m = mpmath.matrix(s, s)
    b = mpmath.matrix(s, 1)
    for i in range(s):
        for j in range(s):
            m[i, j] = t[j, i] - (1 if i == j else 0)
    for j in range(s):
        m[s - 1, j] = 1
    b[s - 1] = 1
    pi = mpmath.lu_solve(m, b)
    return [pi[i] for i in range(s)]


def text(x):
    return mpmath.nstr(x, 20)


def fermi_case(name, z, beta):
    a = TABLES[name]
    s = len(a)
    game = Matrix2PlayerGameHolder(s, np.array(a))
    model = PairwiseComparison(z, game)
    transitions, fixation = model.calculate_transition_and_fixation_matrix_sml(beta)
    stationary = calculate_stationary_distribution(transitions.transpose())
    ln_rho = [[mp_rho_fermi(a, m, r, z, beta) if m != r else -mpmath.log(z) for m in range(s)] for r in range(s)]
    log_t = [[ln_rho[r][m] - mpmath.log(s - 1) if m != r else None for m in range(s)] for r in range(s)]
    pi = mp_stationary(log_t)
    return {
        "table": name,
        "payoffs": a,
        "population": z,
        "beta": beta,
        "egttools": {
            "fixation": [[float(fixation[r, m]) for m in range(s)] for r in range(s)],
            "stationary": [float(x) for x in stationary],
        },
        "mpmath": {
            "ln_fixation": [[text(ln_rho[r][m]) for m in range(s)] for r in range(s)],
            "stationary": [text(x) for x in pi],
        },
    }


def alpharank_case(name, m, alpha):
    a = np.array(TABLES[name])
    rhos, rho_m, pi, _, _ = alpharank.compute([a], m=m, alpha=alpha)
    return {
        "table": name,
        "payoffs": TABLES[name],
        "m": m,
        "alpha": alpha,
        "openspiel": {
            "rho": [[float(x) for x in row] for row in rhos],
            "neutral": float(rho_m),
            "scores": [float(x) for x in pi],
        },
    }


def alpharank_infinite_case(name, m, epsilon):
    a = np.array(TABLES[name])
    _, _, pi, _, _ = alpharank.compute([a], m=m, alpha=1.0, use_inf_alpha=True, inf_alpha_eps=epsilon)
    return {
        "table": name,
        "payoffs": TABLES[name],
        "m": m,
        "epsilon": epsilon,
        "openspiel": {"scores": [float(x) for x in pi]},
    }


def main():
    import egttools
    from importlib.metadata import version

    out = {
        "generated_by": "tests/data/generate_invasion_reference.py",
        "egttools": egttools.__version__.strip('"'),
        "open_spiel": version("open_spiel"),
        "mpmath": version("mpmath"),
        "mpmath_digits": mpmath.mp.dps,
        "fermi": [fermi_case(*c) for c in FERMI],
        "alpharank": [alpharank_case(*c) for c in ALPHARANK],
        "alpharank_infinite": [alpharank_infinite_case(*c) for c in ALPHARANK_INFINITE],
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "invasion_reference.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print("wrote", path)


if __name__ == "__main__":
    main()
