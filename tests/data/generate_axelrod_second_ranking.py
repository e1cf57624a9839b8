#!/usr/bin/env python3
"""Axelrod's second tournament line-up as the Python `axelrod` library ranks it.

Requirements: ``pip install axelrod==4.14.0``.

    python3 tests/data/generate_axelrod_second_ranking.py [--processes N]

Plays ``axl.Tournament(players, prob_end=0.00346, repetitions=5, seed=s)``
(standard payoffs, no noise) for every seed in ``SEEDS``, with the line-up of
``scenarios/axelrod-second.toml`` (the 24 ``Second by`` rules, Tit For Tat and
Revised Downing, in the scenario's order), and writes
``tests/data/axelrod_second_ranking.json``, read by ``tests/suite/axelrod_second.rs``:
``players`` (our id and ``str(player)``) and, per seed, ``ranked_names`` and
``median_scores`` (median over repetitions of the normalised score, in
line-up order). The horizon is random, so the comparison is in distribution.
"""

import argparse
import json
import multiprocessing
import re
import sys
from pathlib import Path

import axelrod as axl

EXPECTED_VERSION = "4.14.0"
HERE = Path(__file__).resolve().parent
OUT = HERE / "axelrod_second_ranking.json"
SCENARIO = HERE.parent.parent / "scenarios" / "axelrod-second.toml"
SEEDS = list(range(1, 21))
PROB_END = 0.00346
REPETITIONS = 5


def class_for(our_id):
    """axelrod class for one of the scenario's ids."""
    special = {"tit-for-tat": "TitForTat", "revised-downing": "RevisedDowning",
               "second-by-richard-hufford": "SecondByRichardHufford",
               "second-by-graaskamp-katzen": "SecondByGraaskampKatzen",
               "second-by-tideman-and-chieruzzi": "SecondByTidemanAndChieruzzi",
               "second-by-wm-adams": "SecondByWmAdams"}
    name = special.get(our_id) or "".join(w.capitalize() for w in our_id.split("-"))
    return getattr(axl, name)


def line_up():
    ids = re.findall(r'^strategy = "([^"]+)"', SCENARIO.read_text(), re.M)
    return ids, [class_for(i) for i in ids]


def median(values):
    values = sorted(values)
    n = len(values)
    return values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2


def play(seed):
    _, classes = line_up()
    tournament = axl.Tournament([c() for c in classes], prob_end=PROB_END,
                                repetitions=REPETITIONS, seed=seed)
    results = tournament.play(progress_bar=False)  # processes=None: serial
    return {
        "seed": seed,
        "ranked_names": [str(n) for n in results.ranked_names],
        "median_scores": [float(median(s)) for s in results.normalised_scores],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=None)
    args = parser.parse_args()
    if axl.__version__ != EXPECTED_VERSION:
        sys.exit(f"axelrod {axl.__version__} found, {EXPECTED_VERSION} expected")
    ids, classes = line_up()
    players = [{"id": i, "name": str(c())} for i, c in zip(ids, classes)]
    with multiprocessing.Pool(args.processes) as pool:
        tournaments = pool.map(play, SEEDS)
    data = {
        "axelrod_version": axl.__version__,
        "generator": "tests/data/generate_axelrod_second_ranking.py",
        "prob_end": PROB_END,
        "repetitions": REPETITIONS,
        "players": players,
        "tournaments": tournaments,
    }
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
