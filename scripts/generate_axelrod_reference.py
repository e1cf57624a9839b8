#!/usr/bin/env python3
"""Writes the axelrod reference tournaments as scenario files.

Requirements: ``pip install axelrod==4.14.0`` (only to list its strategies).

    python3 scripts/generate_axelrod_reference.py

The axelrod project's reference tournaments play every strategy of
``axl.strategies`` (all of 4.14.0's strategies but the cheating ones, i.e. all
but Darwin) with default parameters, 100 repetitions:

* ``axelrod-reference-standard.toml``: 200 turns;
* ``axelrod-reference-noisy.toml``: 200 turns, noise 0.05;
* ``axelrod-reference-probend.toml``: a match ends after each turn with
  probability 0.1 (continuation 0.9), no cap;
* ``axelrod-reference-standard-full.toml``: the standard one with all 243
  strategies, the 13 kept out of the others for cost (EvolvedAttention and
  the 12 meta players whose team holds it) included: hundreds of CPU-hours,
  for a cluster (README: "The full reference tournament").

Players are listed in ``axl.strategies`` order under our ids, found through
the default-parameter entries of ``PLAYERS`` in
``tests/data/generate_axelrod_catalogue.py`` (built-in ids and shipped
strategy files). A strategy with no entry there stops the script with the
list of what is missing, unless ``LEFT_OUT`` names it with the reason; the
scenarios' header comments list what is left out.
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "data"))

import axelrod as axl  # noqa: E402
import generate_axelrod_catalogue as catalogue  # noqa: E402

# axelrod strategies kept out, with the reason (see issue 12's notes). Both kinds
# are playable (strategies "evolved-attention" and the meta files) and checked
# against axelrod by tests/suite/axelrod_attention.rs, but far too slow for these
# runs: every move of EvolvedAttention is a full forward pass of its 24-layer
# transformer over up to 201 tokens (cargo bench --bench attention: ~14 ms at 11
# tokens, ~80 ms at 201 on one loaded core; torch ~70 ms). Estimates for the
# standard run: EvolvedAttention plays ~155 deterministic pairs once and ~88
# stochastic ones 100 times, ~1.8 million passes (~25 CPU-hours; noisy ~70,
# probend ~1); each meta player's team moves every turn of every match, so the
# 12 add ~55 million passes (~750 CPU-hours).
ATTENTION = ("kept out for cost: a forward pass of a 24-layer transformer per move, "
             "~1.8 million passes (~25 CPU-hours) in the standard run")
LEFT_OUT = {"EvolvedAttention": ATTENTION}
for _meta in ["MetaMajority", "MetaMinority", "MetaWinner", "MetaWinnerEnsemble",
              "NiceMetaWinner", "NiceMetaWinnerEnsemble", "MetaMixer",
              "MetaMajorityFiniteMemory", "MetaWinnerFiniteMemory",
              "MetaWinnerDeterministic", "NMWEDeterministic", "NMWEFiniteMemory"]:
    LEFT_OUT[_meta] = ("kept out for cost: its team includes EvolvedAttention "
                       "(~4.6 million forward passes, ~60 CPU-hours, each)")

# Our ids of the strategies LEFT_OUT, for the full variant.
FULL_IDS = {
    "EvolvedAttention": "evolved-attention",
    "MetaMajority": "meta-majority",
    "MetaMinority": "meta-minority",
    "MetaWinner": "meta-winner",
    "MetaWinnerEnsemble": "meta-winner-ensemble",
    "NiceMetaWinner": "nice-meta-winner",
    "NiceMetaWinnerEnsemble": "nice-meta-winner-ensemble",
    "MetaMixer": "meta-mixer",
    "MetaMajorityFiniteMemory": "meta-majority-finite-memory",
    "MetaWinnerFiniteMemory": "meta-winner-finite-memory",
    "MetaWinnerDeterministic": "meta-winner-deterministic",
    "NMWEDeterministic": "nmwe-deterministic",
    "NMWEFiniteMemory": "nmwe-finite-memory",
}

VARIANTS = {
    "standard": ("200 turns", "turns = 200\nnoise = 0.0"),
    "noisy": ("200 turns, noise 0.05", "turns = 200\nnoise = 0.05"),
    "probend": ("a match ends after each turn with probability 0.1",
                "continuation = 0.9\nnoise = 0.0"),
}

# The noisy study is about 1.01x10^10 ordinary turns by the work model
# (every pair 100 times; the meta players ask their whole team every move),
# just over the default limit of 10^10, and runs in about a minute on two
# cores: it lifts the limit, as a study that means it.
LIMITS = {
    "noisy": [
        "",
        "# About 1.01x10^10 ordinary turns by the work model (src/scenario/work.rs),",
        "# just over its default limit of 10^10 (the meta players ask their whole",
        "# team every move); about a minute on two cores.",
        "[limits]",
        "none = true",
    ],
    "standard-full": [
        "",
        "# Hundreds of CPU-hours: EvolvedAttention's ~1.8 million forward passes",
        "# (~35 ms of one core each, the mean over a 200-turn match, measured by",
        "# cargo bench --bench attention) and the 12 meta players' ~55 million",
        "# (their teams hold it): about 18 + 535 CPU-hours if all were computed,",
        "# ~350 with the memo of passes (README), ~7 days on 2 cores.",
        "# Far over the work limit: run it split over a cluster (README, \"The",
        "# full reference tournament\"; deploy/slurm/submit.sh).",
        "[limits]",
        "none = true",
    ],
}


def main():
    ours = {}
    for sid, params, factory in catalogue.PLAYERS:
        if not params:
            ours.setdefault(type(factory()).__name__, sid)
    missing = [s.__name__ for s in axl.strategies
               if s.__name__ not in ours and s.__name__ not in LEFT_OUT]
    if missing:
        sys.exit(f"no catalogue entry for {len(missing)} strategies: {', '.join(missing)}")
    left_out = [s.__name__ for s in axl.strategies if s.__name__ not in ours]
    ids = [ours[s.__name__] for s in axl.strategies if s.__name__ in ours]
    full_ids = [ours.get(s.__name__) or FULL_IDS[s.__name__] for s in axl.strategies]
    variants = dict(VARIANTS, **{"standard-full": VARIANTS["standard"]})
    for variant, (words, match) in variants.items():
        name = f"axelrod-reference-{variant}"
        full = variant == "standard-full"
        players = full_ids if full else ids
        left = [] if full else left_out
        lines = [
            f"# axelrod {axl.__version__}'s reference tournament ({variant}): every strategy of",
            "# axl.strategies (all but the cheating Darwin), default parameters, in its",
            f"# order, {words}, 100 repetitions. Written by",
            "# scripts/generate_axelrod_reference.py; do not edit by hand.",
            *([f"# Left out ({len(left)} of {len(axl.strategies)}):"] if left else
              [f"# Nothing left out: all {len(axl.strategies)} strategies."]),
            *[f"# - {name}: {LEFT_OUT[name]}" for name in left],
            f'name = "{name}"',
            'kind = "tournament"',
            f'description = "axelrod {axl.__version__} reference tournament, {variant}: '
            f'{len(players)} strategies, {words}, 100 repetitions"',
            "seed = 1",
            "",
            "[game]",
            'payoffs = "standard"',
            "",
            "[match]",
            match,
            "repetitions = 100",
            *LIMITS.get(variant, []),
        ]
        for sid in players:
            lines += ["", "[[players]]", f'strategy = "{sid}"']
        (HERE.parent / "scenarios" / "reference" / f"{name}.toml").write_text("\n".join(lines) + "\n")
        print(f"wrote scenarios/reference/{name}.toml: {len(players)} players")


if __name__ == "__main__":
    main()
