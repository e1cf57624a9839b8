#!/usr/bin/env python3
"""Generate reference data from the Python `axelrod` library for dilemma's tests.

Requirements: ``pip install axelrod==4.14.0`` (it pulls in numpy, pandas,
dask, torch, ...).  The script refuses to run with another axelrod version
unless ``--any-version`` is given.

Run from anywhere::

    python3 tests/data/generate_axelrod_reference.py            # everything
    python3 tests/data/generate_axelrod_reference.py --skip-timings

It writes, next to this script (tests/data/):

* ``axelrod_matches.json`` -- every ORDERED pair (self-play included) of the
  eight deterministic strategies below, for turns in {1, 2, 10, 200} and two
  payoff matrices (standard (R,S,T,P)=(3,0,5,1) and "prison-years-a"
  (-0.5,-10,0,-2)).  Each entry holds both move strings ("C"/"D") and the
  final match totals, from ``axl.Match(..., turns=N, game=axl.Game(r,s,t,p))``
  without noise.
* ``axelrod_names.json`` -- our strategy id -> ``str(player)`` in axelrod.
* ``axelrod_summary_<name>.csv`` -- ``ResultSet.write_summary`` output of a
  tournament, and ``axelrod_summary_<name>.json`` with the same tournament's
  ResultSet attributes (payoff matrix, normalised scores, wins, cooperation,
  state distributions, ratings, the summary rows, ...).  Tournaments:
    - det8_t10_r2:        8 deterministic players, 10 turns, 2 repetitions
    - det8_t200_r1_yearsA: 8 deterministic players, 200 turns, 1 repetition,
                           prison-years-a payoffs
    - det5_t7_r3:         TFT, Alternator, Grudger, WSLS, STFT; 7 turns, 3 reps
* ``axelrod_timings.json`` -- wall-clock seconds of ``Tournament.play()``
  (single process, no progress bar) for a few line-ups, for speed comparison.
  Machine dependent; not meant for exact comparison.

All floats are written by ``json`` with ``repr`` so they round-trip exactly;
NaN is written as null.
"""

import argparse
import csv
import json
import math
import os
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

import axelrod as axl

EXPECTED_VERSION = "4.14.0"
OUT_DIR = Path(__file__).resolve().parent

C, D = axl.Action.C, axl.Action.D

# our id -> axelrod class, in the canonical order used everywhere below
DETERMINISTIC = [
    ("cooperator", axl.Cooperator),
    ("defector", axl.Defector),
    ("tit-for-tat", axl.TitForTat),
    ("grudger", axl.Grudger),
    ("tit-for-2-tats", axl.TitFor2Tats),
    ("suspicious-tit-for-tat", axl.SuspiciousTitForTat),
    ("win-stay-lose-shift", axl.WinStayLoseShift),
    ("alternator", axl.Alternator),
]
FACTORIES = dict(DETERMINISTIC)
FACTORIES["random"] = lambda: axl.Random(0.5)

# name -> (R, S, T, P)
PAYOFFS = {
    "standard": (3, 0, 5, 1),
    "prison-years-a": (-0.5, -10, 0, -2),
}
MATCH_TURNS = [1, 2, 10, 200]

TOURNAMENTS = [
    # (file stem, player ids, turns, repetitions, payoff name)
    ("det8_t10_r2", [i for i, _ in DETERMINISTIC], 10, 2, "standard"),
    ("det8_t200_r1_yearsA", [i for i, _ in DETERMINISTIC], 200, 1, "prison-years-a"),
    (
        "det5_t7_r3",
        ["tit-for-tat", "alternator", "grudger", "win-stay-lose-shift",
         "suspicious-tit-for-tat"],
        7,
        3,
        "standard",
    ),
]
TOURNAMENT_SEED = 1


def game_for(payoffs):
    r, s, t, p = payoffs
    return axl.Game(r=r, s=s, t=t, p=p)


# --------------------------------------------------------------------------
# JSON helpers
# --------------------------------------------------------------------------

def action_str(a):
    return str(a)  # "C" / "D"


def state_key(state):
    return "".join(action_str(a) for a in state)  # (C, D) -> "CD"


def counter_key(key):
    if isinstance(key, axl.Action):
        return action_str(key)
    if isinstance(key, tuple) and len(key) == 2 and isinstance(key[1], axl.Action):
        first, second = key
        if isinstance(first, tuple):  # ((C, D), C) -> "CD_to_C"
            return state_key(first) + "_to_" + action_str(second)
        return state_key(key)  # (C, D) -> "CD"
    raise TypeError(f"unexpected counter key {key!r}")


def to_jsonable(obj):
    """Recursively convert numpy / Counter / Action objects to plain JSON."""
    if isinstance(obj, Counter) or (isinstance(obj, dict) and obj and
                                    not all(isinstance(k, str) for k in obj)):
        return {counter_key(k): to_jsonable(v) for k, v in sorted(
            obj.items(), key=lambda kv: counter_key(kv[0]))}
    if isinstance(obj, dict):
        return {k: to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_jsonable(v) for v in obj]
    if isinstance(obj, np.ndarray):
        return to_jsonable(obj.tolist())
    if isinstance(obj, (bool, np.bool_)):
        return bool(obj)
    if isinstance(obj, (np.integer,)):
        return int(obj)
    if isinstance(obj, (float, np.floating)):
        f = float(obj)
        return None if math.isnan(f) or math.isinf(f) else f
    if isinstance(obj, int):
        return obj
    if isinstance(obj, axl.Action):
        return action_str(obj)
    if obj is None or isinstance(obj, str):
        return obj
    raise TypeError(f"cannot serialise {type(obj)}: {obj!r}")


def write_json(name, data):
    path = OUT_DIR / name
    with open(path, "w") as f:
        # json writes floats with float.__repr__, which round-trips exactly
        json.dump(to_jsonable(data), f, indent=1, allow_nan=False)
        f.write("\n")
    print(f"wrote {path}")


# --------------------------------------------------------------------------
# 1. head-to-head matches
# --------------------------------------------------------------------------

def make_matches():
    matches = []
    for payoff_name, payoffs in PAYOFFS.items():
        game = game_for(payoffs)
        for turns in MATCH_TURNS:
            for id1, cls1 in DETERMINISTIC:
                for id2, cls2 in DETERMINISTIC:
                    p1, p2 = cls1(), cls2()  # fresh, distinct instances
                    match = axl.Match((p1, p2), turns=turns, game=game)
                    result = match.play()
                    s1, s2 = match.final_score()
                    matches.append({
                        "player1": id1,
                        "player2": id2,
                        "turns": turns,
                        "payoff_name": payoff_name,
                        "payoffs": list(payoffs),
                        "moves1": "".join(action_str(a) for a, _ in result),
                        "moves2": "".join(action_str(b) for _, b in result),
                        "score1": s1,
                        "score2": s2,
                    })
    write_json("axelrod_matches.json", {
        "axelrod_version": axl.__version__,
        "generator": "tests/data/generate_axelrod_reference.py",
        "payoffs_order": "R,S,T,P",
        "matches": matches,
    })


# --------------------------------------------------------------------------
# 2. names
# --------------------------------------------------------------------------

def make_names():
    names = {pid: str(factory()) for pid, factory in FACTORIES.items()}
    write_json("axelrod_names.json", names)


# --------------------------------------------------------------------------
# 3. tournaments
# --------------------------------------------------------------------------

def summary_rows(results):
    rows = []
    for row in results.summarise():
        d = row._asdict()
        d["Name"] = str(d["Name"])
        rows.append(d)
    return rows


def make_tournament(stem, ids, turns, repetitions, payoff_name):
    payoffs = PAYOFFS[payoff_name]
    players = [FACTORIES[i]() for i in ids]
    tournament = axl.Tournament(
        players,
        game=game_for(payoffs),
        turns=turns,
        repetitions=repetitions,
        seed=TOURNAMENT_SEED,
    )
    results = tournament.play(progress_bar=False)
    csv_path = OUT_DIR / f"axelrod_summary_{stem}.csv"
    results.write_summary(str(csv_path))
    print(f"wrote {csv_path}")

    data = {
        "axelrod_version": axl.__version__,
        "generator": "tests/data/generate_axelrod_reference.py",
        "players": ids,
        "player_names": [str(p) for p in players],
        "turns": turns,
        "repetitions": repetitions,
        "seed": TOURNAMENT_SEED,
        "noise": 0,
        "payoff_name": payoff_name,
        "payoffs": list(payoffs),
        "payoffs_order": "R,S,T,P",
        "indexing_notes": {
            "payoffs": "[player][opponent][repetition] mean score per turn "
                       "(diagonal = mean of both seats)",
            "payoff_matrix": "[player][opponent] mean over repetitions of payoffs",
            "match_lengths": "[repetition][player][opponent]",
            "wins/scores/normalised_scores": "[player][repetition], self-play excluded",
            "cooperation": "[player][opponent] total C count over repetitions "
                           "(diagonal = int((seat0+seat1)/2))",
            "state_distribution": "[player][opponent], diagonal empty, "
                                  "keys are (own, opponent) action",
        },
        "ranking": results.ranking,
        "ranked_names": results.ranked_names,
        "payoffs_per_repetition": results.payoffs,
        "payoff_matrix": results.payoff_matrix,
        "payoff_stddevs": results.payoff_stddevs,
        "score_diffs": results.score_diffs,
        "payoff_diffs_means": results.payoff_diffs_means,
        "match_lengths": results.match_lengths,
        "wins": results.wins,
        "scores": results.scores,
        "normalised_scores": results.normalised_scores,
        "cooperation": results.cooperation,
        "normalised_cooperation": results.normalised_cooperation,
        "vengeful_cooperation": results.vengeful_cooperation,
        "cooperating_rating": results.cooperating_rating,
        "good_partner_matrix": results.good_partner_matrix,
        "good_partner_rating": results.good_partner_rating,
        "initial_cooperation_count": results.initial_cooperation_count,
        "initial_cooperation_rate": results.initial_cooperation_rate,
        "eigenjesus_rating": results.eigenjesus_rating,
        "eigenmoses_rating": results.eigenmoses_rating,
        "state_distribution": results.state_distribution,
        "normalised_state_distribution": results.normalised_state_distribution,
        "state_to_action_distribution": results.state_to_action_distribution,
        "normalised_state_to_action_distribution":
            results.normalised_state_to_action_distribution,
        "summary": summary_rows(results),
    }
    write_json(f"axelrod_summary_{stem}.json", data)


# --------------------------------------------------------------------------
# 4. timings
# --------------------------------------------------------------------------

def total_turns(results):
    """Sum of match lengths over repetitions and unordered pairs incl. self-play."""
    n = results.num_players
    return int(sum(
        rep[i][j] for rep in results.match_lengths
        for i in range(n) for j in range(i, n)
    ))


def turns_actually_computed(players, turns, repetitions):
    """Turns really simulated: in a Tournament each pair gets one Match object
    with its own DeterministicCache, so when neither player is stochastic (and
    there is no noise) only the first repetition is played; later repetitions
    are copied from the cache."""
    n = len(players)
    total = 0
    for i in range(n):
        for j in range(i, n):
            stochastic = (axl.Classifiers["stochastic"](players[i])
                          or axl.Classifiers["stochastic"](players[j]))
            total += turns * (repetitions if stochastic else 1)
    return total


TIMING_RUNS = 3


def time_tournament(label, make_players, turns, repetitions):
    import warnings
    seconds, seconds_no_results = [], []
    n_turns = None
    for _ in range(TIMING_RUNS):
        tournament = axl.Tournament(
            make_players(), turns=turns, repetitions=repetitions,
            seed=TOURNAMENT_SEED,
        )
        start = time.perf_counter()
        results = tournament.play(progress_bar=False)  # processes=None: serial
        seconds.append(time.perf_counter() - start)
        n_turns = total_turns(results)

        # Same, without building the ResultSet (match play + interactions CSV).
        tournament = axl.Tournament(
            make_players(), turns=turns, repetitions=repetitions,
            seed=TOURNAMENT_SEED,
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            start = time.perf_counter()
            tournament.play(progress_bar=False, build_results=False)
            seconds_no_results.append(time.perf_counter() - start)

    players = make_players()
    best, best_nr = min(seconds), min(seconds_no_results)
    entry = {
        "label": label,
        "players": [str(p) for p in players],
        "num_players": len(players),
        "turns": turns,
        "repetitions": repetitions,
        "matches_per_repetition": len(players) * (len(players) + 1) // 2,
        "total_turns_simulated": n_turns,
        "turns_actually_computed_excluding_deterministic_cache":
            turns_actually_computed(players, turns, repetitions),
        "runs": TIMING_RUNS,
        "seconds_play_all_runs": seconds,
        "seconds_play_min": best,
        "turns_per_second_play": n_turns / best,
        "seconds_play_build_results_false_all_runs": seconds_no_results,
        "seconds_play_build_results_false_min": best_nr,
        "turns_per_second_build_results_false": n_turns / best_nr,
    }
    print(json.dumps(entry))
    return entry


def make_timings():
    det8 = lambda: [cls() for _, cls in DETERMINISTIC]  # noqa: E731
    entries = [
        time_tournament("det8+random_t200_r10",
                        lambda: det8() + [axl.Random(0.5)], 200, 10),
        time_tournament("det8_t200_r5", det8, 200, 5),
        time_tournament(
            "axelrod_first_strategies_t200_r5",
            lambda: [cls() for cls in axl.axelrod_first_strategies], 200, 5,
        ),
    ]
    import platform
    write_json("axelrod_timings.json", {
        "axelrod_version": axl.__version__,
        "python": sys.version,
        "platform": platform.platform(),
        "cpu_count": os.cpu_count(),
        "note": "wall-clock time of Tournament.play(progress_bar=False), "
                "single process (processes=None), import time excluded; "
                "min over runs; total_turns_simulated = sum of match lengths "
                "over repetitions and unordered pairs incl. self-play (each "
                "self-play match counted once); 'play' includes building the "
                "ResultSet (dask analysis), 'build_results_false' is match "
                "play + writing the interactions CSV only",
        "timings": entries,
    })


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--skip-timings", action="store_true")
    parser.add_argument("--any-version", action="store_true")
    args = parser.parse_args()
    if axl.__version__ != EXPECTED_VERSION and not args.any_version:
        sys.exit(f"axelrod {axl.__version__} found; need {EXPECTED_VERSION} "
                 f"(pip install axelrod=={EXPECTED_VERSION})")
    make_names()
    make_matches()
    for spec in TOURNAMENTS:
        make_tournament(*spec)
    if not args.skip_timings:
        make_timings()


if __name__ == "__main__":
    main()
