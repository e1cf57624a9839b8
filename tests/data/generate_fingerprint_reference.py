#!/usr/bin/env python3
"""Generate fingerprint reference data from the Python `axelrod` library.

Credit: data from the axelrod library, MIT licence
(https://github.com/Axelrod-Python/Axelrod, version 4.14.0).

Writes ``fingerprint_reference.json`` next to this script.

Requirements (a venv is enough)::

    python3 -m venv /tmp/venv-fp
    /tmp/venv-fp/bin/pip install axelrod==4.14.0 "numpy==1.26.4" "pandas<3" "pyarrow<20"
    /tmp/venv-fp/bin/python tests/data/generate_fingerprint_reference.py

The numpy/pandas/pyarrow pins matter: with numpy 2.x,
``TransitiveFingerprint.analyse_cooperation_ratio`` crashes (its
``np.vectorize(lambda actions: [...])`` returns a list, which numpy 2 refuses
to turn into an int array: "int() argument must be ... not 'list'").
pandas 3 needs numpy >= 2 and pyarrow >= 20 needs numpy >= 2, hence the other
two pins.  Also note: ``fingerprint(..., processes=1)`` hung (12 s of CPU in 11
minutes) on this machine, so this script only uses the serial path
(``processes=None``) and parallelises across strategies itself.

Runtime: one Ashlock fingerprint with 2000 repetitions takes ~70 s alone,
the transitive ones ~5-10 s each.  Measured on this 2-CPU machine with the
default ``--jobs`` (= number of CPUs): 8 min 05 s and 8 min 36 s wall clock
for the whole script (the two workers slow each other down to ~110-170 s per
Ashlock fingerprint; importing axelrod alone takes several seconds).  Output
depends only on the seeds, not on --jobs (checked: --jobs 1 and 2 give
byte-identical files at --repetitions 50, and so do two runs).  ``--repetitions 50`` is a ~1 min
smoke test.

=============================================================================
Semantics of axelrod 4.14.0 ``axelrod/fingerprint.py`` (read from the source)
=============================================================================

AshlockFingerprint(strategy, probe=axl.TitForTat)
-------------------------------------------------
* Points -- ``_create_points(step)``::

      num = int((1 / step) // 1) + 1
      for x in np.linspace(0, 1, num):
          for y in np.linspace(0, 1, num):
              points.append(Point(x, y))

  i.e. x is the OUTER loop, y the inner one: (0,0), (0,.25), ..., (0,1),
  (.25,0), ... (1,1).  step 0.25 -> num 5 -> 25 points.

* Probe at (x, y) -- ``_create_jossann(point, probe)``::

      if x + y >= 1:
          joss_ann = DualTransformer()(
              JossAnnTransformer((1 - x, 1 - y))(probe_class)
          )(**init_kwargs)
      else:
          joss_ann = JossAnnTransformer((x, y))(probe_class)(**init_kwargs)

  The condition is ``x + y >= 1`` (so the anti-diagonal x + y == 1 uses the
  Dual branch).  Order: JossAnn is applied to the probe class first, Dual
  wraps the JossAnn class (Dual is outermost).
  JossAnn((a, b)) of S: play C with prob a, D with prob b, otherwise S's move
  (``player._random.choice([C, D, proposed], p=(a, b, 1-a-b))``; no random
  draw when one of the three probabilities is exactly 1).
  Dual of S: flip own play history, ask S, flip history back, flip the answer.
  So for x + y >= 1 the probe plays D w.p. 1-x, C w.p. 1-y, otherwise the
  Dual of the probe (Dual TFT = start with D, then play the opposite of the
  opponent's last move).  In both regions: P(C) = x, P(D) = y "on the edges";
  e.g. (1,0) = Dual JossAnn(0,1) = always C; (0,1) = Dual JossAnn(1,0) =
  always D; (0,0) = plain TFT; (1,1) = Dual TFT.  On x + y == 1 both
  formulas agree (pure random C w.p. x).  JossAnn's reclassifier marks the
  probe stochastic unless the probability is (1,0) or (0,1).

* Play: a spatial ``axl.Tournament`` with players
  ``[strategy()] + probes``, edges ``[(0, i + 1) for i, point in
  enumerate(points)]``, ``turns``, ``repetitions``, ``seed``; default game
  (R, S, T, P) = (3, 0, 5, 1), no noise.  Each edge gets its own match seed
  from a BulkRandomGenerator(seed); the same Match object is played
  ``repetitions`` times and re-seeds stochastic players before every play.

* Value per point -- ``_generate_data``::

      edge_scores = [
          np.mean([compute_final_score_per_turn(scores)[0]
                   for scores in interactions[edge]])
          for edge in edges
      ]

  i.e. the mean over repetitions of PLAYER 0's (the fingerprinted strategy,
  NOT the probe) total score / turns.  ``fingerprint`` returns
  ``dict(zip(points, edge_scores))`` keyed by ``Point(x, y)``.  The
  per-repetition interactions are kept in ``self.interactions``
  (dict edge -> list of interactions), which is where the per-repetition
  values (and their sample sd) below come from -- they are the very matches
  behind the library's means.

* Defaults: ``fingerprint(turns=50, repetitions=10, step=0.01,
  processes=None, filename=None, progress_bar=True, seed=None)``.

* plot(cmap="seismic", interpolation="none") -- ``_reshape_data``::

      ordered_data = [data[point] for point in points]
      shaped_data = np.reshape(ordered_data, (size, size), order="F")
      plotting_data = np.flipud(shaped_data)

  order="F" makes shaped[i][j] = value at (x = j*step, y = i*step); flipud
  puts y = 1 in the top row.  ``ax.imshow(plotting_data)``: x increases left
  to right (columns), y increases bottom to top (rows reversed), origin (0,0)
  bottom-left; ticks ``xticks([0, n-1], ["0", "1"])``,
  ``yticks([0, n-1], ["1", "0"])``.  Colour limits are imshow's automatic
  data min/max (not fixed); the colorbar ticks are [min, (min+max)/2, max].

TransitiveFingerprint(strategy, opponents=None, number_of_opponents=50)
------------------------------------------------------------------------
* Default opponents::

      self.opponents = [axl.Random(p) for p in np.linspace(0, 1, number_of_opponents)]

  Random(p) cooperates with probability p (p == 0 -> always D and p == 1 ->
  always C, without a random draw).
* ``fingerprint(turns=50, repetitions=1000, noise=None, processes=None,
  filename=None, progress_bar=True, seed=None)``: spatial tournament with
  players ``[strategy()] + opponents`` and edges
  ``[(0, k + 1) for k in range(len(opponents))]``.
* Data -- ``analyse_cooperation_ratio``: keep the rows with
  ``Player index == 0`` (the strategy's own actions), turn each action string
  into 0/1 (1 = C), ``np.mean(rates, axis=0)`` over repetitions, rows in
  sorted opponent index order.  Result: an M x N array, row i = opponent i
  (Random(p_i), p ascending 0 .. 1), column j = turn j+1; entry = fraction of
  repetitions in which the STRATEGY cooperated at that turn.
* plot(cmap="viridis", interpolation="none"): ``ax.imshow(self.data)``
  unflipped, so row 0 (p = 0, i.e. against an always-defecting Random(0)) is
  at the TOP and p = 1 at the bottom; columns = turns left to right
  (xlabel "turns"); ``yticks([0, M-1], [0, 1])`` with ylabel
  "Probability of cooperation"; colour limits are imshow's automatic data
  min/max; colorbar ticks [1, 1/2, 0].
"""

import argparse
import json
import math
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fingerprint_reference.json")

ASHLOCK_STRATEGIES = [
    # (name used in the JSON, axelrod attribute, seed)
    ("TitForTat", "TitForTat", 101),
    ("WinStayLoseShift", "WinStayLoseShift", 102),
    ("GTFT", "GTFT", 103),
    ("TitFor2Tats", "TitFor2Tats", 104),
    ("Grudger", "Grudger", 105),
    ("EvolvedFSM4", "EvolvedFSM4", 106),
]
TRANSITIVE_STRATEGIES = [
    ("TitForTat", "TitForTat", 201),
    ("WinStayLoseShift", "WinStayLoseShift", 202),
    ("GTFT", "GTFT", 203),
]

ASHLOCK_TURNS = 20
ASHLOCK_STEP = 0.25
TRANSITIVE_TURNS = 10
TRANSITIVE_OPPONENTS = 5


def sig(v, digits=12):
    """Round to `digits` significant digits (returns a plain float/int)."""
    v = float(v)
    if v == 0 or not math.isfinite(v):
        return 0.0 if v == 0 else v
    return float(f"{v:.{digits}g}")


def rnd(obj):
    if isinstance(obj, (list, tuple, np.ndarray)):
        return [rnd(o) for o in obj]
    return sig(obj)


def ashlock_job(args):
    name, attr, seed, repetitions = args
    import axelrod as axl
    from axelrod.fingerprint import _reshape_data
    from axelrod.interaction_utils import compute_final_score_per_turn

    t0 = time.time()
    strategy = getattr(axl, attr)
    af = axl.AshlockFingerprint(strategy, axl.TitForTat)
    data = af.fingerprint(
        turns=ASHLOCK_TURNS,
        repetitions=repetitions,
        step=ASHLOCK_STEP,
        seed=seed,
        progress_bar=False,
    )
    points = af.points
    means, sds, coop = [], [], []
    for i, point in enumerate(points):
        edge = (0, i + 1)
        reps = af.interactions[edge]
        assert len(reps) == repetitions, (name, point, len(reps))
        per_rep = np.array(
            [compute_final_score_per_turn(inter)[0] for inter in reps]
        )
        m = float(np.mean(per_rep))
        # The same numbers the library averaged: must agree exactly.
        assert abs(m - data[point]) < 1e-12, (name, point, m, data[point])
        means.append(m)
        # Sample sd of the per-repetition score per turn, computed exactly
        # from the integer match totals (so constant points give exactly 0).
        totals = [
            int(round(v * ASHLOCK_TURNS)) for v in per_rep
        ]
        assert all(abs(t - v * ASHLOCK_TURNS) < 1e-9 for t, v in zip(totals, per_rep))
        n = len(totals)
        s1, s2 = sum(totals), sum(t * t for t in totals)
        var_num = n * s2 - s1 * s1  # = n (n-1) * sample variance of totals
        sds.append(math.sqrt(var_num / (n * (n - 1))) / ASHLOCK_TURNS)
        coop.append(
            float(np.mean([[a.name == "C" for a, _ in inter] for inter in reps]))
        )
    size = int((1 / ASHLOCK_STEP) // 1) + 1
    plot_matrix = _reshape_data(data, points, size)
    player = strategy()
    # Make GTFT compute its default p so that str() shows it.
    axl.Match((player, axl.Cooperator()), turns=1).play()
    return {
        "name": name,
        "axelrod_name": str(player),
        "seed": seed,
        "mean": rnd(means),
        "sd": rnd(sds),
        "coop_rate": rnd(coop),
        "library_data": [
            [sig(p.x), sig(p.y), sig(v)] for p, v in data.items()
        ],
        "plot_matrix": rnd(plot_matrix.tolist()),
        "seconds": time.time() - t0,
    }


def transitive_job(args):
    name, attr, seed, repetitions = args
    import axelrod as axl

    t0 = time.time()
    tf = axl.TransitiveFingerprint(
        getattr(axl, attr), number_of_opponents=TRANSITIVE_OPPONENTS
    )
    data = tf.fingerprint(
        turns=TRANSITIVE_TURNS,
        repetitions=repetitions,
        seed=seed,
        progress_bar=False,
    )
    assert data.shape == (TRANSITIVE_OPPONENTS, TRANSITIVE_TURNS), data.shape
    return {
        "name": name,
        "seed": seed,
        "data": rnd(data.tolist()),
        "opponents": [str(o) for o in tf.opponents],
        "seconds": time.time() - t0,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repetitions", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--any-version", action="store_true")
    args = ap.parse_args()

    import axelrod as axl
    from axelrod.fingerprint import _create_jossann, _create_points

    if axl.__version__ != "4.14.0" and not args.any_version:
        sys.exit(f"axelrod {axl.__version__} != 4.14.0 (use --any-version)")

    t0 = time.time()
    reps = args.repetitions
    jobs = [("ashlock", ashlock_job, (n, a, s, reps)) for n, a, s in ASHLOCK_STRATEGIES]
    jobs += [
        ("transitive", transitive_job, (n, a, s, reps))
        for n, a, s in TRANSITIVE_STRATEGIES
    ]
    results = {"ashlock": [], "transitive": []}
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        futures = [(kind, ex.submit(fn, a)) for kind, fn, a in jobs]
        for kind, fut in futures:
            r = fut.result()
            print(f"{kind} {r['name']}: {r['seconds']:.1f} s", file=sys.stderr)
            del r["seconds"]
            results[kind].append(r)
    elapsed = time.time() - t0

    points = _create_points(ASHLOCK_STEP, progress_bar=False)
    probes = [str(_create_jossann(p, axl.TitForTat)) for p in points]
    transitive_p = np.linspace(0, 1, TRANSITIVE_OPPONENTS)

    notes = [
        f"Data from the axelrod library (MIT licence), version {axl.__version__}, "
        f"numpy {np.__version__}, python {platform.python_version()}; "
        "generated by tests/data/generate_fingerprint_reference.py "
        "(its docstring quotes the library code).",
        "Game (R,S,T,P) = (3,0,5,1), no noise, fixed number of turns.",
        "ASHLOCK: points in axelrod's _create_points order: x outer loop, y inner loop, "
        "each over np.linspace(0,1,int(1/step)+1); index k = ix*n + iy.",
        "ASHLOCK probe at (x,y): if x + y >= 1: Dual(JossAnn((1-x,1-y))(TitForTat)) "
        "(Dual outermost) else JossAnn((x,y))(TitForTat). JossAnn((a,b)) plays C w.p. a, "
        "D w.p. b, else the wrapped strategy's move; Dual flips own history, asks, flips "
        "the answer. Net effect: P(forced C)=x, P(forced D)=y for x+y<1; for x+y>=1: "
        "P(forced C)=1-y, P(forced D)=1-x, else Dual TFT (first move D, then the "
        "opposite of the opponent's last move). (0,0)=TFT, (1,0)=always C, "
        "(0,1)=always D, (1,1)=Dual TFT. 'probes' lists str(probe) per point.",
        "ASHLOCK value per point: library fingerprint() = mean over repetitions of the "
        "FINGERPRINTED STRATEGY's (player 0, not the probe's) total score / turns. "
        "'mean' recomputes it from the library's own per-repetition interactions "
        "(fingerprint.interactions) and equals library_data exactly; 'sd' is the sample "
        "standard deviation (ddof=1) over repetitions of that per-repetition score per "
        "turn, so standard error = sd/sqrt(repetitions). 'coop_rate' = the strategy's "
        "overall cooperation fraction at that point (extra, not in the library). "
        "'library_data' = the dict returned by AshlockFingerprint.fingerprint(turns, "
        "repetitions, step, seed) as [x, y, value] in dict order (= points order).",
        "ASHLOCK plot: _reshape_data does np.reshape(values_in_points_order,(n,n),order='F') "
        "then np.flipud, so plot_matrix[r][c] = value at x = c*step, y = 1 - r*step: "
        "columns = x increasing left to right, rows = y with y=1 at the TOP (origin bottom "
        "left). imshow cmap 'seismic', interpolation 'none', colour range = data min..max, "
        "colorbar ticks [min, mid, max]; xticks 0..1, yticks labelled 1 (top) .. 0 (bottom).",
        "ASHLOCK defaults in the library: turns=50, repetitions=10, step=0.01, probe TitForTat.",
        "TRANSITIVE: default opponents [axl.Random(p) for p in np.linspace(0,1,number_of_opponents)] "
        "(default number_of_opponents=50); Random(p) cooperates w.p. p (0 and 1 without a draw). "
        "data[i][j] = fraction of repetitions in which the STRATEGY cooperated at turn j+1 "
        "against opponent i (rows in opponent order, p ascending; columns = turns 1..T). "
        "Defaults: turns=50, repetitions=1000, noise=None.",
        "TRANSITIVE plot: imshow(data) unflipped, cmap 'viridis', interpolation 'none': row 0 "
        "(p=0, always-defecting opponent) at the TOP, p=1 at the bottom; columns = turns left "
        "to right; yticks [0, M-1] labelled [0, 1], ylabel 'Probability of cooperation'; "
        "colour range = data min..max; colorbar ticks [1, 0.5, 0].",
        "Each matrix cell is a proportion over 'repetitions' i.i.d. matches: its standard "
        "error is sqrt(p(1-p)/repetitions).",
        f"Seeds: per-strategy tournament seed given in each entry; repetitions = {reps}.",
    ]

    out = {
        "credit": "data from the axelrod library, MIT licence",
        "axelrod_version": axl.__version__,
        "numpy_version": np.__version__,
        "notes": notes,
        "game_rstp": [3, 0, 5, 1],
        "ashlock": {
            "probe": "TitForTat",
            "turns": ASHLOCK_TURNS,
            "repetitions": reps,
            "step": ASHLOCK_STEP,
            "points": [[sig(p.x), sig(p.y)] for p in points],
            "probes": probes,
            "strategies": results["ashlock"],
        },
        "transitive": {
            "turns": TRANSITIVE_TURNS,
            "repetitions": reps,
            "number_of_opponents": TRANSITIVE_OPPONENTS,
            "opponent_p": rnd(transitive_p.tolist()),
            "orientation": "data[i][j]: row i = opponent Random(opponent_p[i]) (p ascending), "
            "column j = turn j+1; value = strategy's cooperation rate. plot() shows row 0 at top.",
            "strategies": results["transitive"],
        },
    }
    with open(args.out, "w") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {args.out} in {elapsed:.1f} s (wall)", file=sys.stderr)


if __name__ == "__main__":
    main()
