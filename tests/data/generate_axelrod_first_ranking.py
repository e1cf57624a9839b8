#!/usr/bin/env python3
"""Axelrod's first tournament as the Python `axelrod` library ranks it.

Requirements: ``pip install axelrod==4.14.0``; refuses another version unless
``--any-version`` is given.  ``import axelrod`` takes 10-60 s; each tournament
about 10 s.

    python3 tests/data/generate_axelrod_first_ranking.py

Plays ``axl.Tournament(axl.axelrod_first_strategies, turns=200,
repetitions=5, seed=s)`` (standard payoffs, no noise, one process) for every
seed in ``SEEDS`` and writes ``tests/data/axelrod_first_ranking.json``, read
by ``tests/suite/axelrod_first.rs``:

* ``players``: the line-up in axelrod's order: our strategy id, ``str(player)``
  and axelrod's ``stochastic`` classifier;
* ``tournaments``: one entry per seed with ``ranking`` (indices, best first),
  ``ranked_names``, ``median_scores`` (median over repetitions of the
  normalised score, in line-up order), ``payoff_matrix`` (mean score per turn
  of row against column) and the ``summary`` rows of ``results.summarise()``.

Several seeds are played because the stochastic entries change every
deterministic entry's score too (through their matches against the
stochastic ones): the test asserts only what holds for every seed.
"""

import argparse
import json
import sys
from pathlib import Path

import axelrod as axl

EXPECTED_VERSION = "4.14.0"
OUT = Path(__file__).resolve().parent / "axelrod_first_ranking.json"
SEEDS = list(range(1, 11))
TURNS = 200
REPETITIONS = 5

# Our ids for the classes of axl.axelrod_first_strategies.
IDS = {
    "TitForTat": "tit-for-tat",
    "FirstByTidemanAndChieruzzi": "first-by-tideman-and-chieruzzi",
    "FirstByNydegger": "first-by-nydegger",
    "FirstByGrofman": "first-by-grofman",
    "FirstByShubik": "first-by-shubik",
    "FirstBySteinAndRapoport": "first-by-stein-and-rapoport",
    "Grudger": "grudger",
    "FirstByDavis": "first-by-davis",
    "FirstByGraaskamp": "first-by-graaskamp",
    "FirstByDowning": "first-by-downing",
    "FirstByFeld": "first-by-feld",
    "FirstByJoss": "first-by-joss",
    "FirstByTullock": "first-by-tullock",
    "FirstByAnonymous": "first-by-anonymous",
    "Random": "random",
}


def median(values):
    values = sorted(values)
    n = len(values)
    return values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--any-version", action="store_true")
    args = parser.parse_args()
    if axl.__version__ != EXPECTED_VERSION and not args.any_version:
        sys.exit(f"axelrod {axl.__version__} found, {EXPECTED_VERSION} expected")

    classes = list(axl.axelrod_first_strategies)
    players = []
    for cls in classes:
        p = cls()
        players.append({
            "id": IDS[cls.__name__],
            "name": str(p),
            "stochastic": bool(axl.Classifiers["stochastic"](p)),
        })
    tournaments = []
    for seed in SEEDS:
        tournament = axl.Tournament([cls() for cls in classes], turns=TURNS,
                                    repetitions=REPETITIONS, seed=seed)
        results = tournament.play(progress_bar=False)
        summary = []
        for row in results.summarise():
            d = row._asdict()
            d["Name"] = str(d["Name"])
            summary.append({k: (float(v) if isinstance(v, float) else v) for k, v in d.items()})
        tournaments.append({
            "seed": seed,
            "ranking": [int(i) for i in results.ranking],
            "ranked_names": [str(n) for n in results.ranked_names],
            "median_scores": [float(median(s)) for s in results.normalised_scores],
            "payoff_matrix": [[float(x) for x in row] for row in results.payoff_matrix],
            "summary": summary,
        })
        print(f"seed {seed}: {results.ranked_names}", flush=True)

    data = {
        "axelrod_version": axl.__version__,
        "generator": "tests/data/generate_axelrod_first_ranking.py",
        "turns": TURNS,
        "repetitions": REPETITIONS,
        "payoffs": [3, 0, 5, 1],
        "noise": 0,
        "players": players,
        "tournaments": tournaments,
    }
    with open(OUT, "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
