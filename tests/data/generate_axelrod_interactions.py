#!/usr/bin/env python3
"""Reference data for interactions.csv and the ResultSet extras, from axelrod 4.14.0.

Needs `pip install axelrod==4.14.0`. Run from the repository root:
    python3 tests/data/generate_axelrod_interactions.py

Writes, read by tests/suite/axelrod_interactions.rs:

* ``axelrod_interactions_det5.csv``: the interactions file axelrod writes
  (``Tournament.play(filename=...)``) for five deterministic strategies,
  10 turns, 2 repetitions. Our `[output] interactions = true` must write the
  same bytes for the same line-up (tests/data/axelrod_interactions_det5.toml).
* ``axelrod_result_set_det5.json``: that tournament's ResultSet extras.
* ``axelrod_result_set_noisy.json``: a noisy tournament with a random horizon
  (noise 0.05, prob_end 0.15, 3 repetitions, a Random player): every match's
  moves and the ResultSet extras axelrod computes from them. Our test folds
  the same moves into our aggregation, so the statistics are checked on
  varied data without depending on either library's random numbers.

Extras recorded: score_diffs, payoff_diffs_means, payoff_stddevs,
match_lengths, cooperation, normalised_cooperation, good_partner_matrix,
good_partner_rating, eigenjesus_rating, eigenmoses_rating (NaN as null).
"""

import json
import math
import os
import tempfile

import axelrod as axl

HERE = os.path.dirname(os.path.abspath(__file__))

DETERMINISTIC = [
    ("tit-for-tat", axl.TitForTat),
    ("grudger", axl.Grudger),
    ("alternator", axl.Alternator),
    ("suspicious-tit-for-tat", axl.SuspiciousTitForTat),
    ("win-stay-lose-shift", axl.WinStayLoseShift),
]

NOISY = [
    ("tit-for-tat", axl.TitForTat),
    ("random", lambda: axl.Random(0.5)),
    ("win-stay-lose-shift", axl.WinStayLoseShift),
    ("grudger", axl.Grudger),
    ("defector", axl.Defector),
]

EXTRAS = [
    "score_diffs",
    "payoff_diffs_means",
    "payoff_stddevs",
    "match_lengths",
    "cooperation",
    "normalised_cooperation",
    "good_partner_matrix",
    "good_partner_rating",
    "eigenjesus_rating",
    "eigenmoses_rating",
]


def plain(value):
    """Nested lists of Python numbers, NaN as None."""
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    value = float(value) if not isinstance(value, int) else value
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def extras(results):
    return {name: plain(getattr(results, name)) for name in EXTRAS}


def deterministic():
    players = [make() for _, make in DETERMINISTIC]
    tournament = axl.Tournament(players, turns=10, repetitions=2, seed=1)
    path = os.path.join(HERE, "axelrod_interactions_det5.csv")
    results = tournament.play(filename=path, progress_bar=False, processes=None)
    data = {
        "axelrod_version": axl.__version__,
        "generator": "tests/data/generate_axelrod_interactions.py",
        "players": [pid for pid, _ in DETERMINISTIC],
        "names": [str(p) for p in players],
        "turns": 10,
        "repetitions": 2,
        "extras": extras(results),
    }
    with open(os.path.join(HERE, "axelrod_result_set_det5.json"), "w") as f:
        json.dump(data, f, indent=0)


def noisy():
    players = [make() for _, make in NOISY]
    tournament = axl.Tournament(
        players, prob_end=0.15, noise=0.05, repetitions=3, seed=5
    )
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "interactions.csv")
        results = tournament.play(filename=path, progress_bar=False, processes=None)
        interactions = axl.interaction_utils.read_interactions_from_file(path)
    matches = []
    for (i, j), repetitions in sorted(interactions.items()):
        for r, moves in enumerate(repetitions):
            matches.append(
                {
                    "first": i,
                    "second": j,
                    "repetition": r,
                    "moves1": "".join(str(a) for a, _ in moves),
                    "moves2": "".join(str(b) for _, b in moves),
                }
            )
    data = {
        "axelrod_version": axl.__version__,
        "generator": "tests/data/generate_axelrod_interactions.py",
        "players": [pid for pid, _ in NOISY],
        "repetitions": 3,
        "payoffs": [3, 0, 5, 1],
        "matches": matches,
        "extras": extras(results),
    }
    with open(os.path.join(HERE, "axelrod_result_set_noisy.json"), "w") as f:
        json.dump(data, f, indent=0)


if __name__ == "__main__":
    if axl.__version__ != "4.14.0":
        raise SystemExit(f"needs axelrod 4.14.0, found {axl.__version__}")
    deterministic()
    noisy()
