#!/usr/bin/env python3
"""Reference p-values of scipy's chi-squared test of a 50-50 split.

First by Stein and Rapoport and First by Graaskamp (axelrod library,
``strategies/axelrod_first.py``) call ``scipy.stats.chisquare([cooperations,
defections]).pvalue`` and treat the opponent as random when it is at least
``alpha``.  This script writes ``tests/data/chi_squared_reference.json``, read
by ``tests/suite/axelrod_first.rs``:

* ``thresholds``: for each alpha in ``ALPHAS`` and each number of moves n in
  1..=``MAX_N``, the smallest number of cooperations c with p >= alpha (the
  accepted splits are exactly c..=n-c; the script checks that the accepted set
  has this shape), or null when no split is accepted;
* ``p_values``: scipy's p-value of every split (c, n - c) for a few n.

Requirements: scipy (the version is recorded).  Runs in a few seconds.

    python3 tests/data/generate_chi_squared_reference.py
"""

import json
from pathlib import Path

import numpy as np
import scipy
from scipy.stats import chisquare

OUT = Path(__file__).resolve().parent / "chi_squared_reference.json"
ALPHAS = [0.01, 0.05, 0.1, 0.5]
MAX_N = 1000
SAMPLE_N = [1, 2, 14, 15, 30, 56, 57, 100, 199, 1000]


def main():
    p = {}
    for n in range(1, MAX_N + 1):
        # One call per n, column by column (axis 0): the same operations as
        # chisquare([c, n - c]) for each c (checked on a sample below).
        cs = np.arange(n + 1)
        values = chisquare(np.array([cs, n - cs]), axis=0).pvalue
        for c in range(n + 1):
            p[(n, c)] = float(values[c])
    for n in SAMPLE_N:
        for c in range(n + 1):
            assert float(chisquare([c, n - c]).pvalue) == p[(n, c)], (n, c)
    thresholds = {}
    for alpha in ALPHAS:
        row = []
        for n in range(1, MAX_N + 1):
            accepted = [c for c in range(n + 1) if p[(n, c)] >= alpha]
            if not accepted:
                row.append(None)
                continue
            lo = accepted[0]
            assert accepted == list(range(lo, n - lo + 1)), (alpha, n, accepted)
            row.append(lo)
        thresholds[repr(alpha)] = row
    data = {
        "scipy_version": scipy.__version__,
        "generator": "tests/data/generate_chi_squared_reference.py",
        "max_n": MAX_N,
        "thresholds": thresholds,
        "p_values": {str(n): [p[(n, c)] for c in range(n + 1)] for n in SAMPLE_N},
    }
    with open(OUT, "w") as f:
        json.dump(data, f, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
