"""Reference data for the summary statistics under noise and random horizons.

Plays two tournaments with the axelrod library (noise, a Random player, and in
the second a random horizon), and writes every match's moves together with
axelrod's summary.csv and payoff matrix. Our test feeds the same moves into
our aggregation and must reproduce axelrod's numbers exactly, so it checks the
statistics on non-deterministic data without depending on either library's
random numbers.

Needs `pip install axelrod==4.14.0`. Run from the repository root:
    python3 tests/data/generate_axelrod_noisy_reference.py
"""

import json
import os
import tempfile

import axelrod as axl

HERE = os.path.dirname(os.path.abspath(__file__))

LINE_UP = [
    ("tit-for-tat", axl.TitForTat),
    ("random", lambda: axl.Random(0.5)),
    ("win-stay-lose-shift", axl.WinStayLoseShift),
    ("grudger", axl.Grudger),
    ("tit-for-2-tats", axl.TitFor2Tats),
    ("alternator", axl.Alternator),
    ("defector", axl.Defector),
]


def run(stem, **kwargs):
    players = [make() for _, make in LINE_UP]
    tournament = axl.Tournament(players, repetitions=4, seed=11, **kwargs)
    with tempfile.TemporaryDirectory() as tmp:
        interactions_file = os.path.join(tmp, "interactions.csv")
        results = tournament.play(filename=interactions_file, progress_bar=False, processes=None)
        interactions = axl.interaction_utils.read_interactions_from_file(interactions_file)
    matches = []
    for (i, j), repetitions in sorted(interactions.items()):
        for r, moves in enumerate(repetitions):
            matches.append({
                "first": i,
                "second": j,
                "repetition": r,
                "moves1": "".join(str(a) for a, _ in moves),
                "moves2": "".join(str(b) for _, b in moves),
            })
    summary_path = os.path.join(HERE, stem + ".csv")
    results.write_summary(summary_path)
    data = {
        "axelrod_version": axl.__version__,
        "generator": "tests/data/generate_axelrod_noisy_reference.py",
        "players": [pid for pid, _ in LINE_UP],
        "repetitions": 4,
        "payoffs": [3, 0, 5, 1],
        "settings": {k: v for k, v in kwargs.items()},
        "matches": matches,
        "payoff_matrix": [[float(x) for x in row] for row in results.payoff_matrix],
    }
    with open(os.path.join(HERE, stem + ".json"), "w") as f:
        json.dump(data, f, indent=0)


if __name__ == "__main__":
    run("axelrod_noisy_t30", turns=30, noise=0.05)
    run("axelrod_noisy_random_horizon", prob_end=0.1, noise=0.05)
