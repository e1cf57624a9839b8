#!/usr/bin/env python3
"""Writes the shipped strategy files of strategies/axelrod/ from the axelrod library's data.

Requirements: ``pip install axelrod==4.14.0`` (the script refuses another
version unless ``--any-version`` is given; ``import axelrod`` takes 10-60 s).

    python3 strategies/axelrod/generate.py

For every player in ``FSM_PLAYERS``, ``LOOKUP_PLAYERS``, ``GAMBLER_PLAYERS``,
``HMM_PLAYERS``, ``ANN_PLAYERS`` and ``META_PLAYERS`` it writes one TOML
strategy file, ``strategies/axelrod/<id>.toml``, in the format of
strategies/README.md:

* finite state machines (axelrod's ``FSMPlayer``): ``kind = "fsm"``, the
  initial state and action, and every transition (state, opponent's move) ->
  (next state, move) exactly as the library's ``fsm.state_transitions``;
* lookup tables (axelrod's ``LookerUp``): ``kind = "lookup"``, the numbers of
  own / opponent's last / opponent's first moves in a key, the initial
  actions and every entry of the library's ``lookup_dict``;
* gamblers (axelrod's ``Gambler``, a ``LookerUp`` whose entries are
  probabilities of C): ``kind = "lookup"`` too, every entry a number (the
  library's float, written with Python's shortest round-trip repr);
* hidden Markov models (axelrod's ``HMMPlayer``): ``kind = "hmm"``, the
  initial state and action, the emission probabilities and both transition
  matrices exactly as the library holds them.
* neural networks (axelrod's ``ANN``): ``kind = "ann"``, the number of
  hidden units and the weights exactly as the library holds them
  (``input_to_hidden_layer_weights`` written transposed, one row per input
  feature; ``bias_weights``; ``hidden_to_output_layer_weights``), each
  float written with Python's shortest round-trip ``repr``.
* meta players (axelrod's ``MetaPlayer`` subclasses in ``meta.py``):
  ``kind = "meta"``, the rule of the class and the team as an explicit list
  of our ids, in the library's order (the order matters for ties), each
  axelrod class mapped to our id through the default-parameter entries of
  ``PLAYERS`` in tests/data/generate_axelrod_catalogue.py. A meta player
  whose team has a member we do not have is not written: the script lists
  the missing classes instead (and removes a stale file).

``name`` is ``str(player)`` (axelrod's display name), ``description`` comes
from the class docstring, ``source`` from its "Names" section (references
expanded from axelrod's bibliography), and ``memory_depth`` is axelrod's
memory_depth classifier (the reader checks it against the depth computed
from the data, except for a stochastic hidden Markov model, whose hand-set
classifier axelrod takes as given). Each file starts with an attribution header: the data are
the axelrod project's (MIT licence), at the version recorded there.

The files are embedded in the `dilemma` binary by build.rs (every ``*.toml``
of this folder) and become catalogue entries named by their file name.
Rerun after changing this script; nothing else edits the files.
"""

import argparse
import inspect
import re
import sys
from pathlib import Path

import axelrod as axl

EXPECTED_VERSION = "4.14.0"
HERE = Path(__file__).resolve().parent
C, D = axl.Action.C, axl.Action.D

# (our file id, axelrod class name), in catalogue order.
FSM_PLAYERS = [
    ("fortress3", "Fortress3"),
    ("fortress4", "Fortress4"),
    ("predator", "Predator"),
    ("pun1", "Pun1"),
    ("raider", "Raider"),
    ("ripoff", "Ripoff"),
    ("solution-b1", "SolutionB1"),
    ("solution-b5", "SolutionB5"),
    ("thumper", "Thumper"),
    ("usually-cooperates", "UsuallyCooperates"),
    ("usually-defects", "UsuallyDefects"),
    ("tf1", "TF1"),
    ("tf2", "TF2"),
    ("tf3", "TF3"),
    ("evolved-fsm-4", "EvolvedFSM4"),
    ("evolved-fsm-6", "EvolvedFSM6"),
    ("evolved-fsm-16", "EvolvedFSM16"),
    ("evolved-fsm-16-noise-05", "EvolvedFSM16Noise05"),
]
ANN_PLAYERS = [
    ("evolved-ann", "EvolvedANN"),
    ("evolved-ann-5", "EvolvedANN5"),
    ("evolved-ann-5-noise-05", "EvolvedANNNoise05"),
]
# The ANN's input features in axelrod's order (strategies/ann.py,
# compute_features); a comment on each row of input_weights.
ANN_FEATURES = [
    "opponent's first move is C",
    "opponent's first move is D",
    "opponent's second move is C",
    "opponent's second move is D",
    "own last move is C",
    "own last move is D",
    "own second last move is C",
    "own second last move is D",
    "opponent's last move is C",
    "opponent's last move is D",
    "opponent's second last move is C",
    "opponent's second last move is D",
    "opponent's cooperations",
    "opponent's defections",
    "own cooperations",
    "own defections",
    "turns played",
]
LOOKUP_PLAYERS = [
    ("evolved-lookerup-1-1-1", "EvolvedLookerUp1_1_1"),
    ("evolved-lookerup-2-2-2", "EvolvedLookerUp2_2_2"),
    ("winner12", "Winner12"),
    ("winner21", "Winner21"),
]
GAMBLER_PLAYERS = [
    ("pso-gambler-1-1-1", "PSOGambler1_1_1"),
    ("pso-gambler-2-2-2", "PSOGambler2_2_2"),
    ("pso-gambler-2-2-2-noise-05", "PSOGambler2_2_2_Noise05"),
    ("pso-gambler-mem1", "PSOGamblerMem1"),
    ("zd-mem2", "ZDMem2"),
]
HMM_PLAYERS = [
    ("evolved-hmm-5", "EvolvedHMM5"),
]

# (our file id, axelrod class name, our rule), in catalogue order. Group-based
# players are written only when every member of their team maps to one of ours.
META_PLAYERS = [
    ("meta-hunter", "MetaHunter", "hunter"),
    ("meta-hunter-aggressive", "MetaHunterAggressive", "hunter"),
    ("memory-decay", "MemoryDecay", "memory-decay"),
    ("meta-majority", "MetaMajority", "majority"),
    ("meta-minority", "MetaMinority", "minority"),
    ("meta-winner", "MetaWinner", "winner"),
    ("meta-winner-ensemble", "MetaWinnerEnsemble", "winner-ensemble"),
    ("nice-meta-winner", "NiceMetaWinner", "nice-winner"),
    ("nice-meta-winner-ensemble", "NiceMetaWinnerEnsemble", "nice-winner-ensemble"),
    ("meta-mixer", "MetaMixer", "mixer"),
    ("meta-majority-memory-one", "MetaMajorityMemoryOne", "majority"),
    ("meta-majority-finite-memory", "MetaMajorityFiniteMemory", "majority"),
    ("meta-majority-long-memory", "MetaMajorityLongMemory", "majority"),
    ("meta-winner-memory-one", "MetaWinnerMemoryOne", "winner"),
    ("meta-winner-finite-memory", "MetaWinnerFiniteMemory", "winner"),
    ("meta-winner-long-memory", "MetaWinnerLongMemory", "winner"),
    ("meta-winner-deterministic", "MetaWinnerDeterministic", "winner"),
    ("meta-winner-stochastic", "MetaWinnerStochastic", "winner"),
    ("nmwe-deterministic", "NMWEDeterministic", "nice-winner-ensemble"),
    ("nmwe-stochastic", "NMWEStochastic", "nice-winner-ensemble"),
    ("nmwe-finite-memory", "NMWEFiniteMemory", "nice-winner-ensemble"),
    ("nmwe-long-memory", "NMWELongMemory", "nice-winner-ensemble"),
    ("nmwe-memory-one", "NMWEMemoryOne", "nice-winner-ensemble"),
]

# Shipped players kept out of the catalogue generator's PLAYERS, with their ids:
# EvolvedAttention (strategies/axelrod/generate_attention.py writes its file) is
# checked by tests/suite/axelrod_attention.rs, as its matches are too slow to replay
# against every catalogue player at 200 turns.
EXTRA_IDS = {"EvolvedAttention": "evolved-attention"}

# The catalogue generator's player list, read for the axelrod class -> our id map.
CATALOGUE_GENERATOR = HERE.parents[1] / "tests" / "data" / "generate_axelrod_catalogue.py"

# The references the docstrings cite, from axelrod's docs/reference/bibliography.rst.
BIBLIOGRAPHY = {
    "Ashlock2006": "Ashlock, D., Kim, E. Y. & Leahy, N. (2006). Understanding Representational "
                   "Sensitivity in the Iterated Prisoner's Dilemma with Fingerprints. IEEE "
                   "Transactions on Systems, Man, and Cybernetics, Part C, 36(4)",
    "Ashlock2006b": "Ashlock, W. & Ashlock, D. (2006). Changes in Prisoner's Dilemma Strategies "
                    "Over Evolutionary Time With Different Population Sizes. 2006 IEEE "
                    "International Conference on Evolutionary Computation. "
                    "http://DOI.org/10.1109/CEC.2006.1688322",
    "Ashlock2008": "Ashlock, D. & Kim, E. Y. (2008). Fingerprinting: Visualization and automatic "
                   "analysis of prisoner's dilemma strategies. IEEE Transactions on Evolutionary "
                   "Computation, 12(5), 647-659. http://doi.org/10.1109/TEVC.2008.920675",
    "Ashlock2009": "Ashlock, D., Kim, E. Y. & Ashlock, W. (2009). Fingerprint analysis of the "
                   "noisy prisoner's dilemma using a finite-state representation. IEEE "
                   "Transactions on Computational Intelligence and AI in Games, 1(2), 154-167. "
                   "http://doi.org/10.1109/TCIAIG.2009.2018704",
    "Ashlock2014": "Ashlock, W., Tsang, J. & Ashlock, D. (2014). The evolution of exploitation. "
                   "2014 IEEE Symposium on Foundations of Computational Intelligence (FOCI). "
                   "http://DOI.org/10.1109/FOCI.2014.7007818",
    "Ashlock2015": "Ashlock, D., Brown, J. A. & Hingston, P. (2015). Multiple Opponent "
                   "Optimization of Prisoner's Dilemma Playing Agents. IEEE Transactions on "
                   "Computational Intelligence and AI in Games. "
                   "http://DOI.org/10.1109/TCIAIG.2014.2326012",
    "LiS2014": "Li, Siwei. (2014). Strategies in the Stochastic Iterated Prisoner's Dilemma. "
               "Available at: http://math.uchicago.edu/~may/REU2014/REUPapers/Li,Siwei.pdf",
    "Mathieu2015": "Mathieu, P. & Delahaye, J. (2015). New Winning Strategies for the Iterated "
                   "Prisoner's Dilemma. Proceedings of the 2015 International Conference on "
                   "Autonomous Agents and Multiagent Systems",
}


def toml_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def docstring_parts(cls):
    """(description paragraphs, source) from the class docstring."""
    doc = inspect.getdoc(cls) or ""
    head, _, names = doc.partition("\nNames")
    paragraphs = [" ".join(p.split()) for p in head.strip().split("\n\n") if p.strip()]
    # reStructuredText citations ("[Ashlock2006]_") as plain text ("Ashlock (2006)").
    paragraphs = [re.sub(r"\[([A-Za-z-]+)(\d{4})[a-z]?\]_", r"\1 (\2)", p) for p in paragraphs]
    # A closing "Name: X" line (Memory Decay's) is its source, not description.
    if paragraphs and (named := re.search(r"\s*Name: (.*)$", paragraphs[-1])):
        paragraphs[-1] = paragraphs[-1][:named.start()]
        names = f"\n- {named.group(1)}: axelrod library"
        paragraphs = [p for p in paragraphs if p]
    sources = []
    for line in names.splitlines():
        line = line.strip()
        if not line.startswith("- "):
            continue
        label, colon, origin = line[2:].partition(":")
        if not colon:
            # "- Unnamed [LiS2014]_": the reference is the origin.
            refs = re.findall(r"\[[A-Za-z0-9-]+\]_", label)
            origin = " ".join(refs)
            for ref in refs:
                label = label.replace(ref, "")
        origin = origin.strip()
        for ref in re.findall(r"\[([A-Za-z0-9-]+)\]_", origin):
            origin = BIBLIOGRAPHY[ref]
        sources.append(f"{label.strip()}: {origin}")
    return paragraphs, "; ".join(sources)


def memory_depth(player):
    depth = axl.Classifiers["memory_depth"](player)
    return "inf" if depth == float("inf") else int(depth)


def header(cls_name, kind, data="transitions or table, initial moves"):
    return [
        f"# axelrod's {cls_name} as a {kind} strategy file.",
        f"# Data ({data}, display name and memory depth) from the",
        f"# axelrod project {axl.__version__} (https://github.com/Axelrod-Python/Axelrod),",
        f"# MIT licence: Copyright (c) 2015 The Axelrod-Python project team members listed at",
        f"# https://github.com/Axelrod-Python/Axelrod/graphs/contributors",
        f"# Written by strategies/axelrod/generate.py: do not edit by hand.",
    ]


def common(player, cls, description_first):
    paragraphs, source = docstring_parts(cls)
    description = " ".join(paragraphs + [description_first])
    return [
        f"name = {toml_string(str(player))}",
        f"description = {toml_string(description)}",
        f"source = {toml_string(source)}",
        f"memory_depth = {toml_string(str(memory_depth(player)))}"
        if memory_depth(player) == "inf" else f"memory_depth = {memory_depth(player)}",
    ]


def fsm_file(cls_name):
    cls = getattr(axl, cls_name)
    player = cls()
    assert isinstance(player, axl.FSMPlayer), cls_name
    assert not axl.Classifiers["stochastic"](player), cls_name
    transitions = player.fsm.state_transitions
    states = []
    for state, _ in transitions:
        if state not in states:
            states.append(state)
    first = str(player.initial_action)
    lines = header(cls_name, "finite state machine") + ["", 'kind = "fsm"']
    lines += common(
        player, cls,
        f"A finite state machine with {len(states)} states driven by the opponent's last move; "
        f"it plays {first} first.",
    )
    lines += [f'start = "{player.initial_state}"', f'first = "{first}"']
    for state in states:
        lines += ["", f'[states."{state}"]']
        for move in (C, D):
            next_state, play = transitions[(state, move)]
            lines.append(f'{move} = {{ next = "{next_state}", play = "{play}" }}')
    return lines


def lookup_file(cls_name, gambler=False):
    cls = getattr(axl, cls_name)
    player = cls()
    assert isinstance(player, axl.LookerUp), cls_name
    assert isinstance(player, axl.Gambler) == gambler, cls_name
    assert axl.Classifiers["stochastic"](player) == gambler, cls_name
    params = next(iter(player.lookup_dict))  # any key: its groups give the sizes
    own, opponent, first = (len(params.self_plays), len(params.op_plays), len(params.op_openings))
    initial = "".join(str(a) for a in player.initial_actions)
    lines = header(cls_name, "gambler (lookup table of probabilities)" if gambler
                   else "lookup table") + ["", 'kind = "lookup"']
    parts = [f"its own last {own}", f"the opponent's last {opponent}"]
    if first:
        parts.append(f"the opponent's first {first}")
    over = f"{', '.join(parts[:-1])} and {parts[-1]} moves"
    lines += common(
        player, cls,
        f"A lookup table of probabilities of C over {over}; it opens with {initial}." if gambler
        else f"A lookup table over {over}; it opens with {initial}.",
    )
    lines += [f"own = {own}", f"opponent = {opponent}", f"opponent_first = {first}",
              f'initial = "{initial}"', "", "[table]"]
    for key, action in sorted(player.lookup_dict.items(),
                              key=lambda kv: [str(a) for part in kv[0] for a in part]):
        groups = ["".join(str(a) for a in part) for part in key if len(part) > 0]
        if gambler:
            assert isinstance(action, float) and 0 <= action <= 1, (cls_name, key, action)
            lines.append(f'"{" ".join(groups)}" = {action!r}')
        else:
            lines.append(f'"{" ".join(groups)}" = "{action}"')
    return lines


def gambler_file(cls_name):
    return lookup_file(cls_name, gambler=True)


def hmm_file(cls_name):
    cls = getattr(axl, cls_name)
    player = cls()
    assert isinstance(player, axl.HMMPlayer), cls_name
    hmm = player.hmm
    n = len(hmm.emission_probabilities)
    first = str(player.initial_action)
    number = lambda x: repr(float(x))
    row = lambda values: "[" + ", ".join(number(v) for v in values) + "]"
    lines = header(cls_name, "hidden Markov model") + ["", 'kind = "hmm"']
    lines += common(
        player, cls,
        f"A hidden Markov model with {n} states: the opponent's last move picks the "
        f"transition matrix, each state emits C with its own probability; it plays {first} "
        f"first, from state {player.initial_state}.",
    )
    lines += [f"start = {player.initial_state}", f'first = "{first}"',
              f"emissions = {row(hmm.emission_probabilities)}"]
    for key, matrix in (("transitions_C", hmm.transitions_C),
                        ("transitions_D", hmm.transitions_D)):
        assert len(matrix) == n and all(len(r) == n for r in matrix), cls_name
        lines += [f"{key} = ["] + [f"    {row(r)}," for r in matrix] + ["]"]
    return lines


def ann_file(cls_name):
    cls = getattr(axl, cls_name)
    player = cls()
    assert isinstance(player, axl.ANN), cls_name
    assert not axl.Classifiers["stochastic"](player), cls_name
    assert player.num_features == len(ANN_FEATURES), cls_name
    hidden = player.num_hidden
    weights = player.input_to_hidden_layer_weights  # hidden x features
    assert weights.shape == (hidden, len(ANN_FEATURES)), cls_name
    numbers = lambda values: "[" + ", ".join(repr(float(v)) for v in values) + "]"
    lines = header(cls_name, "neural network", data="network weights")
    lines += ["", 'kind = "ann"']
    lines += common(
        player, cls,
        f"A neural network over {len(ANN_FEATURES)} features of the play so far with "
        f"{hidden} hidden units (relu, truncated to whole numbers as axelrod's is when the "
        f"first unit is negative); it cooperates when the output is positive.",
    )
    lines += [f"hidden = {hidden}",
              "# One row per input feature, one weight per hidden unit.",
              "input_weights = ["]
    for feature, row in zip(ANN_FEATURES, weights.T):
        lines.append(f"    {numbers(row)},  # {feature}")
    lines += ["]",
              f"hidden_bias = {numbers(player.bias_weights)}",
              f"output_weights = {numbers(player.hidden_to_output_layer_weights)}"]
    return lines


def our_ids():
    """axelrod class name -> our id, from the default-parameter entries of the
    catalogue generator's PLAYERS (``("id", {}, lambda: axl.Class())`` and
    ``shipped("id", "Class")``); the first entry of a class wins."""
    text = CATALOGUE_GENERATOR.read_text()
    ids = dict(EXTRA_IDS)
    for match in re.finditer(
            r'\(\s*"([a-z0-9-]+)",\s*\{\},\s*lambda:\s*axl\.(\w+)\(\)\s*\)'
            r'|shipped\(\s*"([a-z0-9-]+)",\s*"(\w+)"\s*\)', text):
        our, cls = (match.group(1), match.group(2)) if match.group(1) else match.group(3, 4)
        ids.setdefault(cls, our)
    return ids


def meta_file(cls_name, rule, ids):
    """The lines of a meta player's file, or (None, missing classes)."""
    cls = getattr(axl, cls_name)
    player = cls()
    team = [type(member).__name__ for member in player.team]
    missing = [t for t in team if t not in ids]
    if missing:
        return None, missing
    lines = header(cls_name, "meta player",
                   data="team, rule and its parameters, classifiers")
    lines += ["", 'kind = "meta"']
    kind_text = {
        "hunter": "D when any hunter of the team proposes D, else C (tit for tat after 100 turns)",
        "memory-decay": "tit for tat first, then the sign of a decaying memory of the "
                        "opponent's moves",
    }.get(rule, f"the team's moves combined by the rule `{rule}`")
    lines += common(player, cls, f"A team of {len(team)}: {kind_text}.")
    long_run = bool(axl.Classifiers["long_run_time"](player))
    lines += [f'rule = "{rule}"', f"long_run_time = {str(long_run).lower()}"]
    if rule == "memory-decay":
        lines += [f"p_delete = {player.p_memory_delete!r}", f"p_alter = {player.p_memory_alter!r}",
                  f"loss = {float(player.loss_value)!r}", f"gain = {float(player.gain_value)!r}",
                  f"duration = {player.start_strategy_duration}"]
        if player.memory:
            lines.append(f'memory = "{"".join(str(a) for a in player.memory)}"')
    if rule == "mixer" and player.distribution:
        lines.append(f"distribution = {[float(x) for x in player.distribution]}")
    lines.append("team = [")
    lines += [f'    "{ids[t]}",  # {t}' for t in team]
    lines.append("]")
    return lines, []


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--any-version", action="store_true")
    args = parser.parse_args()
    if axl.__version__ != EXPECTED_VERSION and not args.any_version:
        sys.exit(f"axelrod {axl.__version__} found, {EXPECTED_VERSION} expected")
    written = []
    for make, players in ((fsm_file, FSM_PLAYERS), (lookup_file, LOOKUP_PLAYERS),
                          (gambler_file, GAMBLER_PLAYERS), (hmm_file, HMM_PLAYERS),
                          (ann_file, ANN_PLAYERS)):
        for file_id, cls_name in players:
            path = HERE / f"{file_id}.toml"
            path.write_text("\n".join(make(cls_name)) + "\n")
            written.append(path.name)
    ids = our_ids()
    for file_id, cls_name, rule in META_PLAYERS:
        path = HERE / f"{file_id}.toml"
        lines, missing = meta_file(cls_name, rule, ids)
        if lines is None:
            print(f"not written: {file_id} ({cls_name}): {len(missing)} team members we do not "
                  f"have: {', '.join(missing)}")
            path.unlink(missing_ok=True)
            continue
        path.write_text("\n".join(lines) + "\n")
        written.append(path.name)
    # Written by generate_attention.py (its weights file beside it).
    written.append("evolved-attention.toml")
    stale = sorted(p.name for p in HERE.glob("*.toml") if p.name not in written)
    print(f"wrote {len(written)} files in {HERE}")
    if stale:
        print(f"warning: files not written by this script: {', '.join(stale)}")


if __name__ == "__main__":
    main()
