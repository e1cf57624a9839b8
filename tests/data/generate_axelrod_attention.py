#!/usr/bin/env python3
"""Reference data for EvolvedAttention and the meta players whose team holds it, from axelrod.

Requirements: ``pip install axelrod==4.14.0`` (with torch). One process, one
torch thread (``torch.set_num_threads(1)``); the whole run takes over an hour
on a quiet core, most of it the 200-turn matches (each move of EvolvedAttention
is a full forward pass of its 24-layer encoder over up to 201 tokens):

    nice -n 19 python3 tests/data/generate_axelrod_attention.py

Every EvolvedAttention instance shares one loaded model (see
``shared_load_model``): axelrod loads the 51 MB weights per instance.

It writes ``tests/data/axelrod_attention.json``, read by
``tests/suite/axelrod_attention.rs``:

* ``logits``: torch's logit (the output of the model before the sigmoid) for
  fixed token sequences (CLS = 0, then game states CD = 2, DC = 3, CC = 4,
  DD = 5, most recent turn first), lengths 1 to 201;
* ``matches``: EvolvedAttention (first player) against every deterministic
  player of the catalogue generator's ``PLAYERS`` (axelrod's classifier
  decides) at 1, 10 and 200 turns (the ``LONG`` panel first at 200), and
  against itself at 200: both players' moves as strings and, for each turn,
  torch's logit of EvolvedAttention's move (6 significant digits), so the
  test can report the decision margins;
* ``meta``: for each meta player of ``META`` (axelrod's class -> our shipped
  file id): its display name and classifiers; for a deterministic one, its
  moves against each opponent of ``META_OPPONENTS`` over ``META_TURNS`` turns;
  for a stochastic one, the mean and (population) variance over ``SEEDS``
  seeds (``axl.Match(..., seed=s)``) of its total score and number of
  cooperations over ``META_TURNS`` turns against each opponent of
  ``META_PANEL``, as tests/data/generate_axelrod_distributions.py records;
* ``meta_matches``: each deterministic meta player (Meta Winner
  Deterministic) against every deterministic player at 1, 10 and 200
  turns: both players' moves.

The 200-turn matches take ~10 s each on a quiet core: ~30 minutes for
EvolvedAttention's, as much again for Meta Winner Deterministic's.
"""

import json
import sys
import time
from pathlib import Path

import torch

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import axelrod as axl  # noqa: E402
from axelrod.load_data_ import load_attention_model_weights  # noqa: E402
from axelrod.strategies.attention import PlayerConfig, PlayerModel  # noqa: E402
import generate_axelrod_catalogue as catalogue  # noqa: E402

OUT = HERE / "axelrod_attention.json"
C = axl.Action.C
_MODEL = []


def shared_load_model(self):
    """axelrod's load_model, but the weights are read once per process (each
    EvolvedAttention instance, e.g. in every new meta player's team, would
    otherwise torch.load the 51 MB file again); same weights, same eval mode."""
    if self.model is None:
        if not _MODEL:
            model = PlayerModel(PlayerConfig())
            model.load_state_dict(load_attention_model_weights())
            model.eval()
            _MODEL.append(model)
        self.model = _MODEL[0]


axl.EvolvedAttention.load_model = shared_load_model

# Varied deterministic opponents for the 200-turn matches (our ids, default
# parameters): simple rules, grudges, cycles, majorities, probers, the
# tournaments' entries and trained players; plus EvolvedAttention itself.
LONG = [
    "cooperator", "defector", "alternator", "tit-for-tat", "grudger",
    "suspicious-tit-for-tat", "win-stay-lose-shift", "anti-tit-for-tat", "bully",
    "cycler-ccd", "go-by-majority", "tit-for-2-tats", "prober", "gradual",
    "first-by-tideman-and-chieruzzi", "second-by-tester", "evolved-fsm-16",
    "evolved-lookerup-2-2-2", "evolved-ann", "fortress3", "thue-morse", "dbs",
    "omega-tft", "handshake",
]
# axelrod class -> our shipped file id (strategies/axelrod/, generate.py).
META = [
    ("MetaMajority", "meta-majority"),
    ("MetaMajorityFiniteMemory", "meta-majority-finite-memory"),
    ("MetaMinority", "meta-minority"),
    ("MetaMixer", "meta-mixer"),
    ("MetaWinner", "meta-winner"),
    ("MetaWinnerDeterministic", "meta-winner-deterministic"),
    ("MetaWinnerEnsemble", "meta-winner-ensemble"),
    ("MetaWinnerFiniteMemory", "meta-winner-finite-memory"),
    ("NMWEDeterministic", "nmwe-deterministic"),
    ("NMWEFiniteMemory", "nmwe-finite-memory"),
    ("NiceMetaWinner", "nice-meta-winner"),
    ("NiceMetaWinnerEnsemble", "nice-meta-winner-ensemble"),
]
META_TURNS = 10
META_OPPONENTS = ["cooperator", "defector", "tit-for-tat", "alternator", "grudger",
                  "cycler-ccd", "suspicious-tit-for-tat", "win-stay-lose-shift"]
META_PANEL = ["tit-for-tat"]
SEEDS = 40


def factory(our_id):
    """The axelrod factory of a default-parameter catalogue entry."""
    for sid, params, make in catalogue.PLAYERS:
        if sid == our_id and not params:
            return make
    sys.exit(f"{our_id}: not a default-parameter entry of the catalogue generator")


class Recorder(axl.EvolvedAttention):
    """EvolvedAttention that also keeps torch's logit of each of its moves."""

    def __init__(self):
        super().__init__()
        self.logits = []

    def strategy(self, opponent):
        self.load_model()
        from axelrod.strategies.attention import compute_features
        features = compute_features(self, opponent).unsqueeze(0)
        with torch.no_grad():
            logit = self.model(features)
        self.logits.append(float(f"{logit.item():.6g}"))
        return C if torch.sigmoid(logit).item() < 0.5 else axl.Action.D


def play(opponent, turns):
    me = Recorder()
    result = axl.Match((me, opponent), turns=turns).play()
    return {
        "turns": turns,
        "moves": ["".join(str(a) for a, _ in result), "".join(str(b) for _, b in result)],
        "logits": me.logits,
    }


def classifiers(player):
    depth = axl.Classifiers["memory_depth"](player)
    return {
        "name": str(player),
        "memory_depth": None if depth == float("inf") else int(depth),
        "stochastic": bool(axl.Classifiers["stochastic"](player)),
        "makes_use_of": sorted(axl.Classifiers["makes_use_of"](player)),
        "long_run_time": bool(axl.Classifiers["long_run_time"](player)),
    }


def write(data):
    partial = OUT.with_suffix(".json.partial")
    partial.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    partial.replace(OUT)


def meta_entry(cls_name, our_id):
    player = getattr(axl, cls_name)()
    team = [type(member).__name__ for member in player.team]
    assert "EvolvedAttention" in team, cls_name
    entry = {"id": our_id, "class": cls_name, "team_size": len(team), **classifiers(player)}
    if not entry["stochastic"]:
        entry["matches"] = {}
        for oid in META_OPPONENTS:
            result = axl.Match((getattr(axl, cls_name)(), factory(oid)()),
                               turns=META_TURNS).play()
            entry["matches"][oid] = ["".join(str(a) for a, _ in result),
                                     "".join(str(b) for _, b in result)]
        return entry
    if SEEDS == 0:
        return entry
    entry["seeds"] = SEEDS
    entry["distributions"] = {}
    for oid in META_PANEL:
        scores, coops = [], []
        for seed in range(SEEDS):
            match = axl.Match((getattr(axl, cls_name)(), factory(oid)()),
                              turns=META_TURNS, seed=seed)
            result = match.play()
            scores.append(sum(s for s, _ in match.scores()))
            coops.append(sum(1 for a, _ in result if a == C))

        def moments(xs):
            mean = sum(xs) / len(xs)
            return mean, sum((x - mean) ** 2 for x in xs) / len(xs)

        score_mean, score_var = moments(scores)
        coop_mean, coop_var = moments(coops)
        entry["distributions"][oid] = {
            "score_mean": score_mean, "score_var": score_var,
            "cooperations_mean": coop_mean, "cooperations_var": coop_var,
        }
    return entry


def main():
    """The phases run in this order and the file is rewritten after each (and
    after each 200-turn match or meta player), so an interrupted run leaves
    usable data; ``--resume`` keeps what the file already holds and adds the
    rest. ``--seeds 0`` records only the classifiers of the stochastic meta
    players (their distributions take ~2 CPU minutes each)."""
    global SEEDS
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--seeds", type=int, default=SEEDS)
    args = parser.parse_args()
    SEEDS = args.seeds
    if axl.__version__ != catalogue.EXPECTED_VERSION:
        sys.exit(f"axelrod {axl.__version__} found, {catalogue.EXPECTED_VERSION} expected")
    torch.set_num_threads(1)
    start = time.time()
    loader = axl.EvolvedAttention()
    loader.load_model()
    model = loader.model
    generator = torch.Generator().manual_seed(12)
    sequences = [[0], [0, 4], [0, 2], [0, 3], [0, 5], [0, 4, 4, 5, 2, 3]]
    for length in (10, 37, 100, 201):
        rest = torch.randint(2, 6, (length - 1,), generator=generator).tolist()
        sequences.append([0] + rest)
    sequences += [[0] + [4] * 200, [0] + [5] * 200, [0] + [2, 3] * 100]
    logits = []
    with torch.no_grad():
        for tokens in sequences:
            value = model(torch.tensor([tokens], dtype=torch.long)).item()
            logits.append({"tokens": tokens, "logit": value})
    data = {
        "axelrod_version": axl.__version__,
        "generator": "tests/data/generate_axelrod_attention.py",
        "torch_version": torch.__version__,
        "logits": logits,
        "matches": [],
        "meta_turns": META_TURNS,
        "seeds": SEEDS,
        "meta": [],
        "meta_matches": [],
    }
    old = json.loads(OUT.read_text()) if args.resume and OUT.exists() else None
    if old:
        data["matches"], data["meta"] = old["matches"], old["meta"]
        data["meta_matches"] = old.get("meta_matches", [])
        if SEEDS > 0:
            # A stochastic meta player recorded without its distributions
            # (an earlier run with --seeds 0) is measured again.
            data["meta"] = [e for e in data["meta"]
                            if not e["stochastic"] or "distributions" in e]
        for entry in data["meta"]:
            if "distributions" in entry:
                entry.setdefault("seeds", old["seeds"])
    write(data)
    print(f"logits: {time.time() - start:.0f} s", flush=True)
    have = {(m["id"], json.dumps(m["params"], sort_keys=True), m["turns"])
            for m in data["matches"]}

    deterministic = [(sid, params, make) for sid, params, make in catalogue.PLAYERS
                     if not axl.Classifiers["stochastic"](make())]
    for sid, params, make in deterministic:
        for turns in (1, 10):
            if (sid, json.dumps(params, sort_keys=True), turns) in have:
                continue
            data["matches"].append({"id": sid, "params": params, **play(make(), turns)})
    write(data)
    print(f"{len(deterministic)} deterministic opponents at 1 and 10 turns: "
          f"{time.time() - start:.0f} s", flush=True)

    done = {m["id"] for m in data["meta"]}
    for cls_name, our_id in META:
        if our_id in done:
            continue
        data["meta"].append(meta_entry(cls_name, our_id))
        write(data)
        print(f"  meta {cls_name}: {time.time() - start:.0f} s", flush=True)

    # 200 turns: the LONG opponents first (the varied panel), then every
    # other deterministic player of the catalogue, then EvolvedAttention.
    long_first = sorted(deterministic, key=lambda e: (e[0] not in LONG or bool(e[1]),
                                                      LONG.index(e[0]) if e[0] in LONG else 0))
    for sid, params, make in long_first + [("evolved-attention", {}, axl.EvolvedAttention)]:
        if (sid, json.dumps(params, sort_keys=True), 200) in have:
            continue
        data["matches"].append({"id": sid, "params": params, **play(make(), 200)})
        have.add((sid, json.dumps(params, sort_keys=True), 200))
        write(data)
        print(f"  200 turns against {sid} {params}: {time.time() - start:.0f} s", flush=True)
    # The deterministic meta players (Meta Winner Deterministic) against
    # every deterministic player at 1, 10 and 200 turns (the
    # META_OPPONENTS first at 200; each of its moves runs its whole team,
    # EvolvedAttention included: ~10 s a 200-turn match on a quiet core).
    data.setdefault("meta_matches", [])
    have_meta = {(m["meta"], m["id"], json.dumps(m["params"], sort_keys=True), m["turns"])
                 for m in data["meta_matches"]}
    panel = [(sid, params, make) for sid, params, make in deterministic
             if sid in META_OPPONENTS and not params]
    for cls_name, our_id in META:
        if axl.Classifiers["stochastic"](getattr(axl, cls_name)()):
            continue
        plan = [(entry, turns) for turns in (1, 10) for entry in deterministic]
        plan += [(entry, 200) for entry in panel]
        plan += [(entry, 200) for entry in deterministic if entry not in panel]
        for (sid, params, make), turns in plan:
            key = (our_id, sid, json.dumps(params, sort_keys=True), turns)
            if key in have_meta:
                continue
            result = axl.Match((getattr(axl, cls_name)(), make()), turns=turns).play()
            data["meta_matches"].append({
                "meta": our_id, "id": sid, "params": params, "turns": turns,
                "moves": ["".join(str(a) for a, _ in result),
                          "".join(str(b) for _, b in result)],
            })
            have_meta.add(key)
            if turns == 200 or len(data["meta_matches"]) % 50 == 0:
                write(data)
                print(f"  {cls_name} against {sid} {params} over {turns} turns: "
                      f"{time.time() - start:.0f} s", flush=True)
    write(data)
    print(f"wrote {OUT}: {len(data['matches'])} matches, {len(data['meta'])} meta players, "
          f"{time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
