#!/usr/bin/env python3
"""Reference data for tournaments on a graph, from axelrod 4.14.0.

axelrod's ``Tournament(edges=...)`` plays only the listed pairs (a spatial
tournament). Needs ``pip install axelrod==4.14.0``. Run from the repository
root:

    /work/venv-fp/bin/python tests/data/generate_axelrod_graph.py

For each case below it writes, read by tests/suite/axelrod_graph.rs:

* ``axelrod_graph_<case>.toml``: our scenario of the same line-up (kind
  tournament, ``[tournament] edges``), which the test runs;
* ``axelrod_graph_<case>.csv``: axelrod's ``summarise()`` rows as
  ``ResultSet.write_summary`` writes them (our summary.csv must equal it);
* ``axelrod_graph_<case>.json``: the ResultSet numbers beside the summary
  (payoff matrix, normalised scores, wins, the extras; NaN as null);
* for the edge list, ``axelrod_graph_edges_interactions.csv``: the
  interactions file axelrod writes (our interactions.csv must equal it).

Cases (deterministic players, so no random number matters):

* ``cycle``: six players on a ring, edges {i, i + 1 mod 6} as (low, high)
  pairs in order, which is what our ``edges = "cycle"`` plays (a named
  graph's edges are (i, j), i < j, sorted); 7 turns, 3 repetitions;
* ``edges``: an explicit edge list out of order, one edge written
  backwards, two self-loops, and a player whose only edge is a self-loop
  (it plays no one else: axelrod gives it a score of 0); 10 turns, 2
  repetitions.
"""

import json
import math
import os
import tempfile

import axelrod as axl

HERE = os.path.dirname(os.path.abspath(__file__))

PLAYERS = [
    ("tit-for-tat", axl.TitForTat),
    ("grudger", axl.Grudger),
    ("alternator", axl.Alternator),
    ("defector", axl.Defector),
    ("suspicious-tit-for-tat", axl.SuspiciousTitForTat),
    ("win-stay-lose-shift", axl.WinStayLoseShift),
]

CASES = {
    "cycle": {
        "edges": sorted((min(i, (i + 1) % 6), max(i, (i + 1) % 6)) for i in range(6)),
        "written": '"cycle"',
        "turns": 7,
        "repetitions": 3,
    },
    "edges": {
        "edges": [(0, 1), (2, 0), (1, 3), (3, 3), (4, 2), (1, 4), (5, 5)],
        "written": None,
        "turns": 10,
        "repetitions": 2,
    },
}

NUMBERS = [
    "payoff_matrix",
    "normalised_scores",
    "wins",
    "payoff_diffs_means",
    "payoff_stddevs",
    "cooperation",
    "normalised_cooperation",
    "good_partner_matrix",
    "good_partner_rating",
    "eigenjesus_rating",
    "eigenmoses_rating",
    "cooperating_rating",
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


def scenario(case, spec):
    edges = spec["written"] or (
        "[" + ", ".join(f"[{a}, {b}]" for a, b in spec["edges"]) + "]"
    )
    lines = [
        "# Written by tests/data/generate_axelrod_graph.py: the line-up of",
        f"# axelrod_graph_{case}.csv, played on axelrod's Tournament(edges=...).",
        f'name = "axelrod-graph-{case}"',
        'kind = "tournament"',
        "seed = 1",
        "[match]",
        f"turns = {spec['turns']}",
        f"repetitions = {spec['repetitions']}",
        "[tournament]",
        f"edges = {edges}",
    ]
    for pid, _ in PLAYERS:
        lines += ["[[players]]", f'strategy = "{pid}"']
    lines += ["[output]", "charts = false", "interactions = true", ""]
    return "\n".join(lines)


def play(case, spec):
    players = [make() for _, make in PLAYERS]
    tournament = axl.Tournament(
        players,
        turns=spec["turns"],
        repetitions=spec["repetitions"],
        edges=spec["edges"],
        seed=1,
    )
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "interactions.csv")
        results = tournament.play(filename=path, progress_bar=False, processes=None)
        with open(path) as f:
            interactions = f.read()
    results.write_summary(os.path.join(HERE, f"axelrod_graph_{case}.csv"))
    data = {
        "axelrod_version": axl.__version__,
        "generator": "tests/data/generate_axelrod_graph.py",
        "players": [pid for pid, _ in PLAYERS],
        "names": [str(p) for p in players],
        "edges": [list(e) for e in spec["edges"]],
        "turns": spec["turns"],
        "repetitions": spec["repetitions"],
    }
    data.update({name: plain(getattr(results, name)) for name in NUMBERS})
    with open(os.path.join(HERE, f"axelrod_graph_{case}.json"), "w") as f:
        json.dump(data, f, indent=0)
        f.write("\n")
    with open(os.path.join(HERE, f"axelrod_graph_{case}.toml"), "w") as f:
        f.write(scenario(case, spec))
    if case == "edges":
        out = os.path.join(HERE, "axelrod_graph_edges_interactions.csv")
        with open(out, "w") as f:
            f.write(interactions)


if __name__ == "__main__":
    if axl.__version__ != "4.14.0":
        raise SystemExit(f"needs axelrod 4.14.0, found {axl.__version__}")
    for case, spec in CASES.items():
        play(case, spec)
