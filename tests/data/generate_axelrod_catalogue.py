#!/usr/bin/env python3
"""Reference data for the whole strategy catalogue, from the Python `axelrod` library.

Requirements: ``pip install axelrod==4.14.0``.  The script refuses to run with
another axelrod version unless ``--any-version`` is given.  ``import axelrod``
is slow (10-60 s); the rest takes a few seconds.

    python3 tests/data/generate_axelrod_catalogue.py

It writes ``tests/data/axelrod_catalogue.json``, read by
``tests/axelrod_catalogue.rs``:

* ``players``: one entry per catalogue player below (our strategy id, our
  parameter values, and the axelrod constructor in a comment), with
  ``str(player)`` (the display name), and the classifiers
  ``memory_depth`` (null for infinity), ``stochastic`` and ``makes_use_of``
  (a sorted list, e.g. ["game", "length"]).
* ``matches``: for EVERY ordered pair (self-play included) of the
  deterministic players, the moves of both players for each horizon in
  ``HORIZONS`` under each payoff matrix in ``PAYOFFS``, from
  ``axl.Match((p1, p2), turns=N, game=axl.Game(r, s, t, p))`` without noise.
  To keep the file small, moves are run-length encoded ("C3DC2" = CCCDCC),
  and the record "<payoffs>/<turns>" is left out when it equals its default:
  for a shorter horizon, the prefix of the longest horizon's moves under the
  same payoffs; for the longest horizon under a later payoff matrix, the
  longest horizon's moves under the first matrix.  The reader reconstructs
  every (pair, payoffs, horizon) record this way and checks every one.

Strategies not listed here (those the axelrod library does not have) must be
checked by hand-written tests in the Rust sources.
"""

import argparse
import json
import sys
from pathlib import Path

import axelrod as axl

EXPECTED_VERSION = "4.14.0"
OUT = Path(__file__).resolve().parent / "axelrod_catalogue.json"
C, D = axl.Action.C, axl.Action.D

# name -> (R, S, T, P); the first is the base the second is compared with
PAYOFFS = {
    "standard": (3, 0, 5, 1),
    "prison-years-a": (-0.5, -10, 0, -2),
}
HORIZONS = [1, 10, 200]

# (our id, our parameters, axelrod factory).  Parameter values as our
# scenario files take them: moves as 0 (C) / 1 (D).
PLAYERS = [
    # basic strategies
    ("cooperator", {}, lambda: axl.Cooperator()),
    ("defector", {}, lambda: axl.Defector()),
    ("random", {}, lambda: axl.Random()),
    ("random", {"p": 0.1}, lambda: axl.Random(0.1)),
    ("random", {"p": 0.0}, lambda: axl.Random(0.0)),
    ("random", {"p": 1.0}, lambda: axl.Random(1.0)),
    ("alternator", {}, lambda: axl.Alternator()),
    ("anti-tit-for-tat", {}, lambda: axl.AntiTitForTat()),
    ("bully", {}, lambda: axl.Bully()),
    ("win-stay-lose-shift", {}, lambda: axl.WinStayLoseShift()),
    ("win-shift-lose-stay", {}, lambda: axl.WinShiftLoseStay()),
    ("win-shift-lose-stay", {"initial": 0}, lambda: axl.WinShiftLoseStay(C)),
    # tit for tat family
    ("tit-for-tat", {}, lambda: axl.TitForTat()),
    ("tit-for-2-tats", {}, lambda: axl.TitFor2Tats()),
    ("suspicious-tit-for-tat", {}, lambda: axl.SuspiciousTitForTat()),
    ("two-tits-for-tat", {}, lambda: axl.TwoTitsForTat()),
    ("hard-tit-for-tat", {}, lambda: axl.HardTitForTat()),
    ("hard-tit-for-2-tats", {}, lambda: axl.HardTitFor2Tats()),
    # grudgers
    ("grudger", {}, lambda: axl.Grudger()),
]


def classifier(player):
    depth = axl.Classifiers["memory_depth"](player)
    return {
        "memory_depth": None if depth == float("inf") else int(depth),
        "stochastic": bool(axl.Classifiers["stochastic"](player)),
        "makes_use_of": sorted(axl.Classifiers["makes_use_of"](player)),
    }


def rle(moves):
    out = []
    i = 0
    while i < len(moves):
        j = i
        while j < len(moves) and moves[j] == moves[i]:
            j += 1
        out.append(moves[i] + (str(j - i) if j - i > 1 else ""))
        i = j
    return "".join(out)


def play(f1, f2, turns, payoffs):
    r, s, t, p = payoffs
    match = axl.Match((f1(), f2()), turns=turns, game=axl.Game(r=r, s=s, t=t, p=p))
    result = match.play()
    return ("".join(str(a) for a, _ in result), "".join(str(b) for _, b in result))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--any-version", action="store_true")
    args = parser.parse_args()
    if axl.__version__ != EXPECTED_VERSION and not args.any_version:
        sys.exit(f"axelrod {axl.__version__} found, {EXPECTED_VERSION} expected")

    players = []
    for sid, params, factory in PLAYERS:
        player = factory()
        players.append({"id": sid, "params": params, "name": str(player), **classifier(player)})
    deterministic = [i for i, p in enumerate(players) if not p["stochastic"]]

    longest = max(HORIZONS)
    names = list(PAYOFFS)
    matches = []
    for i in deterministic:
        for j in deterministic:
            f1, f2 = PLAYERS[i][2], PLAYERS[j][2]
            record = {"players": [i, j]}
            resolved = {}
            for k, name in enumerate(names):
                for turns in sorted(HORIZONS, reverse=True):
                    moves = play(f1, f2, turns, PAYOFFS[name])
                    resolved[(name, turns)] = moves
                    record_key = f"{name}/{turns}"
                    # The record the reader assumes when this one is left out.
                    if turns != longest:
                        full = resolved[(name, longest)]
                        default = (full[0][:turns], full[1][:turns])
                    elif k > 0:
                        default = resolved[(names[0], longest)]
                    else:
                        default = None
                    if default != moves:
                        record[record_key] = [rle(m) for m in moves]
            matches.append(record)

    data = {
        "axelrod_version": axl.__version__,
        "generator": "tests/data/generate_axelrod_catalogue.py",
        "payoffs": {k: list(v) for k, v in PAYOFFS.items()},
        "horizons": HORIZONS,
        "players": players,
        "matches": matches,
    }
    with open(OUT, "w") as f:
        json.dump(data, f, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {OUT}: {len(players)} players, {len(matches)} ordered pairs")


if __name__ == "__main__":
    main()
