#!/usr/bin/env python3
"""Moves of meta players with small custom teams, from axelrod 4.14.0's meta.py.

Requirements: ``pip install axelrod==4.14.0``.

    python3 tests/data/generate_axelrod_meta_rules.py

The shipped meta players (strategies/axelrod/meta-*.toml) are checked by the
catalogue test; this file checks every deterministic rule of our `meta`
strategy kind on its own: for each (rule, team) of ``CASES`` (axelrod's class
built with ``team=``) and each opponent of ``OPPONENTS`` (plus the meta player
itself), the moves of both players over ``TURNS`` turns under each payoff
matrix of ``PAYOFFS``; and for the stochastic rules of ``STOCHASTIC``, the
mean and variance over ``SEEDS`` seeds of the meta player's score and
cooperations against each opponent of ``PANEL``. Read by ``tests/suite/axelrod_meta_rules.rs``, which builds
the same players as inline `kind = "meta"` definitions.

Output: ``tests/data/axelrod_meta_rules.json``.
"""

import json
import sys
from pathlib import Path

import axelrod as axl

EXPECTED_VERSION = "4.14.0"
OUT = Path(__file__).resolve().parent / "axelrod_meta_rules.json"
TURNS = 120  # the hunter rule turns to tit for tat after 100 opponent moves
PAYOFFS = {"standard": (3, 0, 5, 1), "prison-years-a": (-0.5, -10, 0, -2)}

# our id -> axelrod class, for team members and opponents
IDS = {
    "tit-for-tat": axl.TitForTat, "grudger": axl.Grudger, "alternator": axl.Alternator,
    "defector": axl.Defector, "cooperator": axl.Cooperator,
    "suspicious-tit-for-tat": axl.SuspiciousTitForTat,
    "win-stay-lose-shift": axl.WinStayLoseShift, "anti-tit-for-tat": axl.AntiTitForTat,
    "bully": axl.Bully, "cycler-ccd": axl.CyclerCCD, "go-by-majority": axl.GoByMajority,
    "hard-tit-for-tat": axl.HardTitForTat,
}
TEAMS = {
    "six": ["tit-for-tat", "grudger", "alternator", "defector", "suspicious-tit-for-tat",
            "win-stay-lose-shift"],
    "three": ["cooperator", "defector", "tit-for-tat"],
    "five": ["anti-tit-for-tat", "bully", "cycler-ccd", "go-by-majority", "hard-tit-for-tat"],
    # the hunter's tit for tat after 100 turns shows only when no member defects
    "one": ["cooperator"],
}
# our rule -> axelrod factory taking the team (and our extra fields)
RULES = {
    "majority": lambda team: axl.MetaMajority(team=team),
    "minority": lambda team: axl.MetaMinority(team=team),
    "winner": lambda team: axl.MetaWinner(team=team),
    "nice-winner": lambda team: axl.NiceMetaWinner(team=team),
    "hunter": lambda team: axl.MetaHunterAggressive(team=team),
    "mixer": lambda team: axl.MetaMixer(team=team, distribution=[0] * (len(team) - 1) + [2]),
}
# Stochastic rules, checked in distribution: (our rule, team, distribution or
# None, axelrod factory). The 26-member team keeps the top 2 scorers (8%), with
# duplicated members so equal scores meet the tie rule.
BIG = list(IDS) * 2 + ["cooperator", "defector"]
STOCHASTIC = [
    ("winner-ensemble", BIG, None, lambda team: axl.MetaWinnerEnsemble(team=team)),
    ("nice-winner-ensemble", BIG, None, lambda team: axl.NiceMetaWinnerEnsemble(team=team)),
    ("mixer", TEAMS["three"], None, lambda team: axl.MetaMixer(team=team)),
    ("mixer", TEAMS["three"], [0.2, 0.3, 0.5],
     lambda team: axl.MetaMixer(team=team, distribution=[0.2, 0.3, 0.5])),
]
SEEDS = 300
STOCHASTIC_TURNS = 60
PANEL = ["cooperator", "defector", "tit-for-tat", "alternator", "grudger"]

OPPONENTS = ["cooperator", "defector", "tit-for-tat", "alternator", "grudger", "cycler-ccd",
             "suspicious-tit-for-tat", "win-stay-lose-shift", "bully"]


def main():
    if axl.__version__ != EXPECTED_VERSION:
        sys.exit(f"axelrod {axl.__version__} found, {EXPECTED_VERSION} expected")
    cases = []
    for rule, make in RULES.items():
        for team_name, team in TEAMS.items():
            classes = [IDS[t] for t in team]
            case = {"rule": rule, "team": team, "matches": {}}
            if rule == "mixer":
                case["distribution"] = [0] * (len(team) - 1) + [2]
            assert not axl.Classifiers["stochastic"](make(classes)), (rule, team_name)
            for opponent in OPPONENTS + ["self"]:
                for name, (r, s, t, p) in PAYOFFS.items():
                    other = make(classes) if opponent == "self" else IDS[opponent]()
                    match = axl.Match((make(classes), other), turns=TURNS,
                                      game=axl.Game(r=r, s=s, t=t, p=p))
                    moves = match.play()
                    case["matches"][f"{opponent}/{name}"] = [
                        "".join(str(m[k]) for m in moves) for k in (0, 1)]
            cases.append(case)
    stochastic = []
    for rule, team, weights, make in STOCHASTIC:
        classes = [IDS[t] for t in team]
        assert axl.Classifiers["stochastic"](make(classes)), rule
        case = {"rule": rule, "team": team, "distribution": weights, "opponents": {}}
        for opponent in PANEL:
            scores, coops = [], []
            for seed in range(SEEDS):
                match = axl.Match((make(classes), IDS[opponent]()), turns=STOCHASTIC_TURNS,
                                  seed=seed)
                moves = match.play()
                scores.append(sum(s for s, _ in match.scores()))
                coops.append(sum(1 for m in moves if m[0] == axl.Action.C))
            stats = {}
            for name, xs in (("score", scores), ("cooperations", coops)):
                mean = sum(xs) / len(xs)
                stats[name] = [mean, sum((x - mean) ** 2 for x in xs) / len(xs)]
            case["opponents"][opponent] = stats
        stochastic.append(case)
    OUT.write_text(json.dumps({"axelrod_version": axl.__version__, "turns": TURNS,
                               "payoffs": PAYOFFS, "cases": cases,
                               "stochastic_turns": STOCHASTIC_TURNS, "seeds": SEEDS,
                               "stochastic": stochastic}, indent=1) + "\n")
    print(f"wrote {OUT}: {len(cases)} cases")


if __name__ == "__main__":
    main()
