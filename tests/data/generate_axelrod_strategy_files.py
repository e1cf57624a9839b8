#!/usr/bin/env python3
"""Reference moves for the shipped deterministic strategy files, from the
Python `axelrod` library (``pip install axelrod==4.14.0``).

    python3 tests/data/generate_axelrod_strategy_files.py

Writes ``tests/data/axelrod_strategy_files.json``, read by
``tests/suite/strategy_files.rs``: for each file in FILES (our file name and the
axelrod player it defines) and every deterministic player of the catalogue
list in ``generate_axelrod_catalogue.py``, the moves of both players
(file's player first, run-length encoded as there) for 1, 10 and 200 turns
under the standard payoffs and under prison-years-a, from
``axl.Match((file_player, other), turns=N, game=...)`` without noise.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import generate_axelrod_catalogue as cat  # noqa: E402

axl = cat.axl
C, D = cat.C, cat.D
from axelrod.strategy_transformers import DualTransformer, InitialTransformer  # noqa: E402
from axelrod.strategies.lookerup import Plays  # noqa: E402

OUT = Path(__file__).resolve().parent / "axelrod_strategy_files.json"

FILES = {
    "fsm-tit-for-two-tats": lambda: axl.TitFor2Tats(),
    "lookup-tit-for-tat": lambda: axl.LookerUp(),
    "lookup-evolved-1-1-1": lambda: axl.EvolvedLookerUp1_1_1(),
    "cycle-ccd": lambda: axl.Cycler("CCD"),
    "dual-tit-for-two-tats": lambda: InitialTransformer([D, D])(
        DualTransformer()(axl.TitFor2Tats))(),
    # gambler and hidden Markov model files of only 0 and 1 (deterministic)
    "gambler-win-stay-lose-shift": lambda: axl.Gambler(
        pattern=[1.0, 0.0, 0.0, 1.0],
        parameters=Plays(self_plays=1, op_plays=1, op_openings=0)),
    "hmm-tit-for-two-tats": lambda: axl.HMMPlayer(
        transitions_C=[[1, 0, 0], [1, 0, 0], [1, 0, 0]],
        transitions_D=[[0, 1, 0], [0, 0, 1], [0, 0, 1]],
        emission_probabilities=[1, 1, 0], initial_state=0, initial_action=C),
}


def main():
    if axl.__version__ != cat.EXPECTED_VERSION:
        sys.exit(f"axelrod {axl.__version__}, expected {cat.EXPECTED_VERSION}")
    opponents = [(i, p, f) for i, p, f in cat.PLAYERS
                 if not cat.classifier(f())["stochastic"]]
    data = {"axelrod": axl.__version__, "payoffs": {k: list(v) for k, v in cat.PAYOFFS.items()},
            "files": {}}
    for name, factory in FILES.items():
        records = []
        for our_id, params, other in opponents:
            record = {"id": our_id, "params": params}
            for payoffs_name, payoffs in cat.PAYOFFS.items():
                for turns in cat.HORIZONS:
                    a, b = cat.play(factory, other, turns, payoffs)
                    record[f"{payoffs_name}/{turns}"] = [cat.rle(a), cat.rle(b)]
            records.append(record)
        data["files"][name] = records
    with open(OUT, "w") as f:
        json.dump(data, f, separators=(",", ":"))
    print(f"wrote {OUT}: {len(FILES)} files x {len(opponents)} opponents")


if __name__ == "__main__":
    main()
