#!/usr/bin/env python3
"""Score and cooperation distributions of every stochastic catalogue player, from axelrod.

Requirements: ``pip install axelrod==4.14.0``.

    python3 tests/data/generate_axelrod_distributions.py [--only id,...] [--processes N]

For every player of ``PLAYERS`` in ``generate_axelrod_catalogue.py`` that the
axelrod library classifies as stochastic, and for each opponent of ``PANEL``,
it plays ``SEEDS`` matches of ``TURNS`` turns (``axl.Match(..., seed=s)``,
standard payoffs, no noise) and records the mean and the (population)
variance over the seeds of the player's total score and of its number of
cooperations, plus how often it cooperated on each of the first ``PROFILE``
turns. ``tests/suite/axelrod_distributions.rs`` plays the same matches with our own
generator and compares the means with Welch's z test at a Bonferroni-corrected
family-wise significance level (stated there). ``--only`` replays just the
listed ids and keeps the other records of the existing file.

Output: ``tests/data/axelrod_distributions.json``.
"""

import argparse
import json
import multiprocessing
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import axelrod as axl  # noqa: E402
import generate_axelrod_catalogue as catalogue  # noqa: E402

OUT = HERE / "axelrod_distributions.json"
TURNS = 100
SEEDS = 400
PROFILE = 10
# (our id, axelrod factory): deterministic opponents.
PANEL = [
    ("cooperator", lambda: axl.Cooperator()),
    ("defector", lambda: axl.Defector()),
    ("tit-for-tat", lambda: axl.TitForTat()),
    ("alternator", lambda: axl.Alternator()),
]
C = axl.Action.C


def key(sid, params):
    return f"{sid} {json.dumps(params, sort_keys=True)}"


def record(index):
    sid, params, factory = catalogue.PLAYERS[index]
    out = {"id": sid, "params": params, "opponents": {}}
    for oid, opponent in PANEL:
        scores, coops, profile = [], [], [0] * PROFILE
        for seed in range(SEEDS):
            match = axl.Match((factory(), opponent()), turns=TURNS, seed=seed)
            result = match.play()
            scores.append(sum(s for s, _ in match.scores()))
            mine = [a for a, _ in result]
            coops.append(sum(1 for a in mine if a == C))
            for t in range(PROFILE):
                profile[t] += mine[t] == C

        def moments(xs):
            mean = sum(xs) / len(xs)
            return mean, sum((x - mean) ** 2 for x in xs) / len(xs)

        score_mean, score_var = moments(scores)
        coop_mean, coop_var = moments(coops)
        out["opponents"][oid] = {
            "score_mean": score_mean,
            "score_var": score_var,
            "cooperations_mean": coop_mean,
            "cooperations_var": coop_var,
            "first_cooperations": profile,
        }
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="")
    parser.add_argument("--processes", type=int, default=None)
    args = parser.parse_args()
    if axl.__version__ != catalogue.EXPECTED_VERSION:
        sys.exit(f"axelrod {axl.__version__} found, {catalogue.EXPECTED_VERSION} expected")
    stochastic = [i for i, (_, _, factory) in enumerate(catalogue.PLAYERS)
                  if axl.Classifiers["stochastic"](factory())]
    kept = {}
    if args.only:
        only = set(args.only.split(","))
        old = json.loads(OUT.read_text())
        kept = {key(r["id"], r["params"]): r for r in old["players"] if r["id"] not in only}
    todo = [i for i in stochastic
            if key(catalogue.PLAYERS[i][0], catalogue.PLAYERS[i][1]) not in kept]
    with multiprocessing.Pool(args.processes) as pool:
        fresh = {key(r["id"], r["params"]): r for r in pool.map(record, todo)}
    players = []
    for i in stochastic:
        k = key(catalogue.PLAYERS[i][0], catalogue.PLAYERS[i][1])
        players.append(kept.get(k) or fresh[k])
    data = {
        "axelrod_version": axl.__version__,
        "generator": "tests/data/generate_axelrod_distributions.py",
        "turns": TURNS,
        "seeds": SEEDS,
        "profile": PROFILE,
        "panel": [oid for oid, _ in PANEL],
        "players": players,
    }
    partial = OUT.with_suffix(".json.partial")
    partial.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    partial.replace(OUT)
    print(f"wrote {OUT}: {len(players)} stochastic players, replayed {len(todo)}")


if __name__ == "__main__":
    main()
