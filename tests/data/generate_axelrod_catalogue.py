#!/usr/bin/env python3
"""Reference data for the whole strategy catalogue, from the Python `axelrod` library.

Requirements: ``pip install axelrod==4.14.0``.  The script refuses to run with
another axelrod version unless ``--any-version`` is given.  ``import axelrod``
is slow (10-60 s); the rest takes a few seconds.

    python3 tests/data/generate_axelrod_catalogue.py
    python3 tests/data/generate_axelrod_catalogue.py --only new-id,other-id --processes 1

It writes ``tests/data/axelrod_catalogue.json``, read by
``tests/suite/axelrod_catalogue.rs``:

* ``players``: one entry per catalogue player below (our strategy id, our
  parameter values, and the axelrod constructor in a comment), with
  ``str(player)`` (the display name), and the classifiers
  ``memory_depth`` (null for infinity), ``stochastic`` and ``makes_use_of``
  (a sorted list, e.g. ["game", "length"]).
  Memory-one players (axelrod's ``MemoryOnePlayer``) also get
  ``four_vectors`` (payoffs name -> [P(C|CC), P(C|CD), P(C|DC), P(C|DD)] as
  the player sets it for that game, or null where the library refuses the
  game) and ``initial`` (first move); Desperate, Hopeless and Willing (random
  first move, then a fixed response) get the response measured from the
  library's play, null for an outcome never reached, and initial "random".
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
  Matches are replayed here only where they can differ from that default
  (a shorter horizon when a player uses the length, another matrix when a
  player uses the game, by axelrod's ``makes_use_of`` classifier).

Strategies not listed here (those the axelrod library does not have) must be
checked by hand-written tests in the Rust sources.  Shipped strategy files
(strategies/axelrod/) are listed by their file id and checked the same way.
"""

import argparse
import json
import multiprocessing
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
HORIZONS = [1, 2, 10, 200]

SHIPPED_DIR = Path(__file__).resolve().parents[2] / "strategies" / "axelrod"


def shipped(file_id, cls_name):
    """A PLAYERS entry for a shipped strategy file, strategies/axelrod/<file_id>.toml
    (written by strategies/axelrod/generate.py): the id is the file id, which
    tests/suite/axelrod_catalogue.rs resolves as a scenario names it; no parameters."""
    if not (SHIPPED_DIR / f"{file_id}.toml").is_file():
        sys.exit(f"no shipped strategy file {SHIPPED_DIR / file_id}.toml")
    return (file_id, {}, lambda: getattr(axl, cls_name)())


# (our id, our parameters, axelrod factory).  Parameter values as our
# scenario files take them: moves as 0 (C) / 1 (D).  An id may name a shipped
# strategy file (see `shipped`).
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
    ("forgetful-grudger", {}, lambda: axl.ForgetfulGrudger()),
    ("opposite-grudger", {}, lambda: axl.OppositeGrudger()),
    ("aggravater", {}, lambda: axl.Aggravater()),
    ("soft-grudger", {}, lambda: axl.SoftGrudger()),
    ("grudger-alternator", {}, lambda: axl.GrudgerAlternator()),
    ("easy-go", {}, lambda: axl.EasyGo()),
    ("spiteful-cc", {}, lambda: axl.SpitefulCC()),
    # cyclers
    ("cycler-dc", {}, lambda: axl.CyclerDC()),
    ("cycler-ccd", {}, lambda: axl.CyclerCCD()),
    ("cycler-ddc", {}, lambda: axl.CyclerDDC()),
    ("cycler-cccd", {}, lambda: axl.CyclerCCCD()),
    ("cycler-cccccd", {}, lambda: axl.CyclerCCCCCD()),
    ("cycler-cccdcd", {}, lambda: axl.CyclerCCCDCD()),
    ("anti-cycler", {}, lambda: axl.AntiCycler()),
    # go by majority
    ("go-by-majority", {}, lambda: axl.GoByMajority()),
    ("go-by-majority-40", {}, lambda: axl.GoByMajority40()),
    ("go-by-majority-20", {}, lambda: axl.GoByMajority20()),
    ("go-by-majority-10", {}, lambda: axl.GoByMajority10()),
    ("go-by-majority-5", {}, lambda: axl.GoByMajority5()),
    ("hard-go-by-majority", {}, lambda: axl.HardGoByMajority()),
    ("hard-go-by-majority-40", {}, lambda: axl.HardGoByMajority40()),
    ("hard-go-by-majority-20", {}, lambda: axl.HardGoByMajority20()),
    ("hard-go-by-majority-10", {}, lambda: axl.HardGoByMajority10()),
    ("hard-go-by-majority-5", {}, lambda: axl.HardGoByMajority5()),
    ("fool-me-once", {}, lambda: axl.FoolMeOnce()),
    ("once-bitten", {}, lambda: axl.OnceBitten()),
    # punishers and appeaser
    ("punisher", {}, lambda: axl.Punisher()),
    ("inverse-punisher", {}, lambda: axl.InversePunisher()),
    ("level-punisher", {}, lambda: axl.LevelPunisher()),
    ("tricky-level-punisher", {}, lambda: axl.TrickyLevelPunisher()),
    ("appeaser", {}, lambda: axl.Appeaser()),
    # probers and handshakes
    ("prober", {}, lambda: axl.Prober()),
    ("prober-2", {}, lambda: axl.Prober2()),
    ("prober-3", {}, lambda: axl.Prober3()),
    ("prober-4", {}, lambda: axl.Prober4()),
    ("hard-prober", {}, lambda: axl.HardProber()),
    ("detective", {}, lambda: axl.Detective()),
    ("handshake", {}, lambda: axl.Handshake()),
    ("collective-strategy", {}, lambda: axl.CollectiveStrategy()),
    # memory-one players and zero-determinant strategies
    ("memory-one", {}, lambda: axl.MemoryOnePlayer((1.0, 0.0, 0.0, 1.0), C)),
    ("memory-one", {"p_cc": 0.0, "p_cd": 0.0, "p_dc": 1.0, "p_dd": 1.0, "initial": 1},
     lambda: axl.MemoryOnePlayer((0.0, 0.0, 1.0, 1.0), D)),
    ("memory-one", {"p_cc": 0.9, "p_cd": 0.1, "p_dc": 0.25, "p_dd": 0.6, "initial": 1},
     lambda: axl.MemoryOnePlayer((0.9, 0.1, 0.25, 0.6), D)),
    ("gtft", {}, lambda: axl.GTFT()),
    ("gtft", {"p": 0.1}, lambda: axl.GTFT(0.1)),
    ("gtft", {"p": 0.0}, lambda: axl.GTFT(0.0)),
    ("firm-but-fair", {}, lambda: axl.FirmButFair()),
    ("stochastic-cooperator", {}, lambda: axl.StochasticCooperator()),
    ("stochastic-wsls", {}, lambda: axl.StochasticWSLS()),
    ("stochastic-wsls", {"ep": 0.2}, lambda: axl.StochasticWSLS(0.2)),
    ("soft-joss", {}, lambda: axl.SoftJoss()),
    ("soft-joss", {"q": 0.375}, lambda: axl.SoftJoss(0.375)),
    ("desperate", {}, lambda: axl.Desperate()),
    ("hopeless", {}, lambda: axl.Hopeless()),
    ("willing", {}, lambda: axl.Willing()),
    ("zd-extort-2", {}, lambda: axl.ZDExtort2()),
    ("zd-gtft-2", {}, lambda: axl.ZDGTFT2()),
    ("zd-extort-2-v2", {}, lambda: axl.ZDExtort2v2()),
    ("zd-extort-3", {}, lambda: axl.ZDExtort3()),
    ("zd-extort-4", {}, lambda: axl.ZDExtort4()),
    ("zd-gen-2", {}, lambda: axl.ZDGen2()),
    ("zd-set-2", {}, lambda: axl.ZDSet2()),
    ("zd-mischief", {}, lambda: axl.ZDMischief()),
    ("zd-extortion", {}, lambda: axl.ZDExtortion()),
    ("zd-extortion", {"phi": 0.1, "s": 0.25, "l": 2.5},
     lambda: axl.ZDExtortion(phi=0.1, s=0.25, l=2.5)),
    # more of the tit-for-tat family, forgivers and Adaptive
    ("gradual", {}, lambda: axl.Gradual()),
    ("original-gradual", {}, lambda: axl.OriginalGradual()),
    ("alexei", {}, lambda: axl.Alexei()),
    ("eugine-nier", {}, lambda: axl.EugineNier()),
    ("sneaky-tit-for-tat", {}, lambda: axl.SneakyTitForTat()),
    ("spiteful-tit-for-tat", {}, lambda: axl.SpitefulTitForTat()),
    ("slow-tit-for-two-tats-2", {}, lambda: axl.SlowTitForTwoTats2()),
    ("forgiving-tit-for-tat", {}, lambda: axl.ForgivingTitForTat()),
    ("forgiver", {}, lambda: axl.Forgiver()),
    ("adaptive", {}, lambda: axl.Adaptive()),
    # Axelrod's first tournament
    ("first-by-davis", {}, lambda: axl.FirstByDavis()),
    ("first-by-davis", {"rounds_to_cooperate": 3}, lambda: axl.FirstByDavis(3)),
    ("first-by-shubik", {}, lambda: axl.FirstByShubik()),
    ("first-by-joss", {}, lambda: axl.FirstByJoss()),
    ("first-by-joss", {"p": 0.7}, lambda: axl.FirstByJoss(0.7)),
    ("first-by-nydegger", {}, lambda: axl.FirstByNydegger()),
    ("calculator", {}, lambda: axl.Calculator()),
    ("first-by-tideman-and-chieruzzi", {}, lambda: axl.FirstByTidemanAndChieruzzi()),
    ("first-by-grofman", {}, lambda: axl.FirstByGrofman()),
    ("first-by-stein-and-rapoport", {}, lambda: axl.FirstBySteinAndRapoport()),
    ("first-by-stein-and-rapoport", {"alpha": 0.5}, lambda: axl.FirstBySteinAndRapoport(0.5)),
    ("first-by-stein-and-rapoport", {"alpha": 0.01},
     lambda: axl.FirstBySteinAndRapoport(0.01)),
    ("first-by-graaskamp", {}, lambda: axl.FirstByGraaskamp()),
    ("first-by-graaskamp", {"alpha": 0.1}, lambda: axl.FirstByGraaskamp(0.1)),
    ("first-by-downing", {}, lambda: axl.FirstByDowning()),
    ("first-by-feld", {}, lambda: axl.FirstByFeld()),
    ("first-by-feld", {"start_coop_prob": 0.9, "end_coop_prob": 0.3, "rounds_of_decay": 100},
     lambda: axl.FirstByFeld(0.9, 0.3, 100)),
    ("first-by-tullock", {}, lambda: axl.FirstByTullock()),
    ("first-by-anonymous", {}, lambda: axl.FirstByAnonymous()),
    # tit for tat variants, retaliators and resurrection (tft-more)
    ("adaptive-tit-for-tat", {}, lambda: axl.AdaptiveTitForTat()),
    ("adaptive-tit-for-tat", {"rate": 0.25}, lambda: axl.AdaptiveTitForTat(0.25)),
    ("adaptive-tit-for-tat", {"rate": 0.1}, lambda: axl.AdaptiveTitForTat(0.1)),
    ("burn-both-ends", {}, lambda: axl.BurnBothEnds()),
    ("contrite-tit-for-tat", {}, lambda: axl.ContriteTitForTat()),
    ("dynamic-two-tits-for-tat", {}, lambda: axl.DynamicTwoTitsForTat()),
    ("michaelos", {}, lambda: axl.Michaelos()),
    ("n-tits-for-m-tats", {}, lambda: axl.NTitsForMTats()),
    ("n-tits-for-m-tats", {"n": 1, "m": 3}, lambda: axl.NTitsForMTats(1, 3)),
    ("n-tits-for-m-tats", {"n": 3, "m": 1}, lambda: axl.NTitsForMTats(3, 1)),
    ("n-tits-for-m-tats", {"n": 3, "m": 0}, lambda: axl.NTitsForMTats(3, 0)),
    ("n-tits-for-m-tats", {"n": 0, "m": 3}, lambda: axl.NTitsForMTats(0, 3)),
    ("n-tits-for-m-tats", {"n": 5, "m": 2}, lambda: axl.NTitsForMTats(5, 2)),
    ("n-tits-for-m-tats", {"n": 1, "m": 1}, lambda: axl.NTitsForMTats(1, 1)),
    ("omega-tft", {}, lambda: axl.OmegaTFT()),
    ("omega-tft", {"deadlock_threshold": 1, "randomness_threshold": 4},
     lambda: axl.OmegaTFT(1, 4)),
    ("omega-tft", {"deadlock_threshold": 0, "randomness_threshold": 2},
     lambda: axl.OmegaTFT(0, 2)),
    ("random-tit-for-tat", {}, lambda: axl.RandomTitForTat()),
    ("random-tit-for-tat", {"p": 0.0}, lambda: axl.RandomTitForTat(0.0)),
    ("random-tit-for-tat", {"p": 1.0}, lambda: axl.RandomTitForTat(1.0)),
    ("retaliate", {}, lambda: axl.Retaliate()),
    ("retaliate", {"retaliation_threshold": 0.5}, lambda: axl.Retaliate(0.5)),
    ("retaliate-2", {}, lambda: axl.Retaliate2()),
    ("retaliate-3", {}, lambda: axl.Retaliate3()),
    ("limited-retaliate", {}, lambda: axl.LimitedRetaliate()),
    ("limited-retaliate", {"retaliation_threshold": 0.3, "retaliation_limit": 3},
     lambda: axl.LimitedRetaliate(0.3, 3)),
    ("limited-retaliate-2", {}, lambda: axl.LimitedRetaliate2()),
    ("limited-retaliate-3", {}, lambda: axl.LimitedRetaliate3()),
    ("resurrection", {}, lambda: axl.Resurrection()),
    ("double-resurrection", {}, lambda: axl.DoubleResurrection()),
    # Axelrod's second tournament, part 1 (branch second-a)
    ("second-by-appold", {}, lambda: axl.SecondByAppold()),
    ("second-by-black", {}, lambda: axl.SecondByBlack()),
    ("second-by-borufsen", {}, lambda: axl.SecondByBorufsen()),
    ("second-by-cave", {}, lambda: axl.SecondByCave()),
    ("second-by-champion", {}, lambda: axl.SecondByChampion()),
    ("second-by-colbert", {}, lambda: axl.SecondByColbert()),
    ("second-by-eatherley", {}, lambda: axl.SecondByEatherley()),
    ("second-by-getzler", {}, lambda: axl.SecondByGetzler()),
    ("second-by-gladstein", {}, lambda: axl.SecondByGladstein()),
    ("second-by-graaskamp-katzen", {}, lambda: axl.SecondByGraaskampKatzen()),
    ("second-by-grofman", {}, lambda: axl.SecondByGrofman()),
    ("second-by-harrington", {}, lambda: axl.SecondByHarrington()),
    # shipped strategy files: axelrod's finite state machines and lookup tables
    shipped("fortress3", "Fortress3"),
    shipped("fortress4", "Fortress4"),
    shipped("predator", "Predator"),
    shipped("pun1", "Pun1"),
    shipped("raider", "Raider"),
    shipped("ripoff", "Ripoff"),
    shipped("solution-b1", "SolutionB1"),
    shipped("solution-b5", "SolutionB5"),
    shipped("thumper", "Thumper"),
    shipped("usually-cooperates", "UsuallyCooperates"),
    shipped("usually-defects", "UsuallyDefects"),
    shipped("tf1", "TF1"),
    shipped("tf2", "TF2"),
    shipped("tf3", "TF3"),
    shipped("evolved-fsm-4", "EvolvedFSM4"),
    shipped("evolved-fsm-6", "EvolvedFSM6"),
    shipped("evolved-fsm-16", "EvolvedFSM16"),
    shipped("evolved-fsm-16-noise-05", "EvolvedFSM16Noise05"),
    shipped("evolved-lookerup-1-1-1", "EvolvedLookerUp1_1_1"),
    shipped("evolved-lookerup-2-2-2", "EvolvedLookerUp2_2_2"),
    shipped("winner12", "Winner12"),
    shipped("winner21", "Winner21"),
    # gambler-hmm: shipped gamblers (lookup tables of probabilities) and hidden Markov models
    shipped("pso-gambler-1-1-1", "PSOGambler1_1_1"),
    shipped("pso-gambler-2-2-2", "PSOGambler2_2_2"),
    shipped("pso-gambler-2-2-2-noise-05", "PSOGambler2_2_2_Noise05"),
    shipped("pso-gambler-mem1", "PSOGamblerMem1"),
    shipped("zd-mem2", "ZDMem2"),
    shipped("evolved-hmm-5", "EvolvedHMM5"),
    # shipped strategy files: axelrod's neural networks (kind = "ann")
    shipped("evolved-ann", "EvolvedANN"),
    shipped("evolved-ann-5", "EvolvedANN5"),
    shipped("evolved-ann-5-noise-05", "EvolvedANNNoise05"),
    # shipped meta players (meta): teams of strategies, strategies/axelrod/meta-*.toml
    shipped("meta-hunter", "MetaHunter"),
    shipped("meta-hunter-aggressive", "MetaHunterAggressive"),
    shipped("memory-decay", "MemoryDecay"),
    shipped("meta-majority-memory-one", "MetaMajorityMemoryOne"),
    shipped("meta-winner-memory-one", "MetaWinnerMemoryOne"),
    shipped("nmwe-memory-one", "NMWEMemoryOne"),
    shipped("meta-majority-long-memory", "MetaMajorityLongMemory"),
    shipped("meta-winner-long-memory", "MetaWinnerLongMemory"),
    shipped("nmwe-long-memory", "NMWELongMemory"),
    shipped("meta-winner-stochastic", "MetaWinnerStochastic"),
    shipped("nmwe-stochastic", "NMWEStochastic"),
    # misc-rules: grudgers, probers, backstabbers, memory two and other single rules
    ("general-soft-grudger", {}, lambda: axl.GeneralSoftGrudger()),
    ("general-soft-grudger", {"n": 2, "d": 3, "c": 1}, lambda: axl.GeneralSoftGrudger(2, 3, 1)),
    ("general-soft-grudger", {"n": 3, "d": 1, "c": 3}, lambda: axl.GeneralSoftGrudger(3, 1, 3)),
    ("general-soft-grudger", {"n": 1, "d": 5, "c": 0}, lambda: axl.GeneralSoftGrudger(1, 5, 0)),
    ("forgetful-fool-me-once", {}, lambda: axl.ForgetfulFoolMeOnce()),
    ("forgetful-fool-me-once", {"forget_probability": 0.2}, lambda: axl.ForgetfulFoolMeOnce(0.2)),
    ("capri", {}, lambda: axl.Capri()),
    ("naive-prober", {}, lambda: axl.NaiveProber()),
    ("naive-prober", {"p": 0.3}, lambda: axl.NaiveProber(0.3)),
    ("naive-prober", {"p": 0.0}, lambda: axl.NaiveProber(0.0)),
    ("naive-prober", {"p": 1.0}, lambda: axl.NaiveProber(1.0)),
    ("remorseful-prober", {}, lambda: axl.RemorsefulProber()),
    ("remorseful-prober", {"p": 0.0}, lambda: axl.RemorsefulProber(0.0)),
    ("remorseful-prober", {"p": 1.0}, lambda: axl.RemorsefulProber(1.0)),
    ("backstabber", {}, lambda: axl.BackStabber()),
    ("double-crosser", {}, lambda: axl.DoubleCrosser()),
    ("aon2", {}, lambda: axl.AON2()),
    ("delayed-aon1", {}, lambda: axl.DelayedAON1()),
    ("mem2", {}, lambda: axl.MEM2()),
    ("tricky-cooperator", {}, lambda: axl.TrickyCooperator()),
    ("tricky-defector", {}, lambda: axl.TrickyDefector()),
    ("grumpy", {}, lambda: axl.Grumpy()),
    ("grumpy", {"starting_state": 1, "grumpy_threshold": 3, "nice_threshold": -2},
     lambda: axl.Grumpy("Grumpy", 3, -2)),
    ("grumpy", {"grumpy_threshold": 0, "nice_threshold": 0}, lambda: axl.Grumpy("Nice", 0, 0)),
    ("gradual-killer", {}, lambda: axl.GradualKiller()),
    ("revised-downing", {}, lambda: axl.RevisedDowning()),
    ("allc-or-alld", {}, lambda: axl.ALLCorALLD()),
    ("negation", {}, lambda: axl.Negation()),
    # hunters, sequences, DBS and other long-memory readers (hunters-dbs)
    ("defector-hunter", {}, lambda: axl.DefectorHunter()),
    ("cooperator-hunter", {}, lambda: axl.CooperatorHunter()),
    ("alternator-hunter", {}, lambda: axl.AlternatorHunter()),
    ("cycle-hunter", {}, lambda: axl.CycleHunter()),
    ("eventual-cycle-hunter", {}, lambda: axl.EventualCycleHunter()),
    ("math-constant-hunter", {}, lambda: axl.MathConstantHunter()),
    ("random-hunter", {}, lambda: axl.RandomHunter()),
    ("golden", {}, lambda: axl.Golden()),
    ("pi", {}, lambda: axl.Pi()),
    ("e", {}, lambda: axl.e()),
    ("thue-morse", {}, lambda: axl.ThueMorse()),
    ("thue-morse-inverse", {}, lambda: axl.ThueMorseInverse()),
    ("doubler", {}, lambda: axl.Doubler()),
    ("frequency-analyzer", {}, lambda: axl.FrequencyAnalyzer()),
    ("very-bad", {}, lambda: axl.VeryBad()),
    ("short-mem", {}, lambda: axl.ShortMem()),
    ("stalker", {}, lambda: axl.Stalker()),
    ("self-steem", {}, lambda: axl.SelfSteem()),
    ("inverse", {}, lambda: axl.Inverse()),
    ("momentum", {}, lambda: axl.Momentum()),
    ("momentum", {"alpha": 0.5, "threshold": 0.4}, lambda: axl.Momentum(0.5, 0.4)),
    ("dbs", {}, lambda: axl.DBS()),
    ("dbs", {"discount_factor": 0.9, "promotion_threshold": 2, "violation_threshold": 3,
             "reject_threshold": 2, "tree_depth": 3},
     lambda: axl.DBS(0.9, 2, 3, 2, 3)),
    # Axelrod's second tournament, part 2 (axelrod_second/)
    ("second-by-kluepfel", {}, lambda: axl.SecondByKluepfel()),
    ("second-by-leyvraz", {}, lambda: axl.SecondByLeyvraz()),
    ("second-by-mikkelson", {}, lambda: axl.SecondByMikkelson()),
    ("second-by-richard-hufford", {}, lambda: axl.SecondByRichardHufford()),
    ("second-by-rowsam", {}, lambda: axl.SecondByRowsam()),
    ("second-by-tester", {}, lambda: axl.SecondByTester()),
    ("second-by-tideman-and-chieruzzi", {}, lambda: axl.SecondByTidemanAndChieruzzi()),
    ("second-by-tranquilizer", {}, lambda: axl.SecondByTranquilizer()),
    ("second-by-weiner", {}, lambda: axl.SecondByWeiner()),
    ("second-by-white", {}, lambda: axl.SecondByWhite()),
    ("second-by-wm-adams", {}, lambda: axl.SecondByWmAdams()),
    ("second-by-yamachi", {}, lambda: axl.SecondByYamachi()),
    # learners: Adaptive Pavlov, Adaptor, Average Copier, Bush Mosteller, Q-learners,
    # Worse and Worse / Better and Better
    ("adaptive-pavlov-2006", {}, lambda: axl.APavlov2006()),
    ("adaptive-pavlov-2011", {}, lambda: axl.APavlov2011()),
    ("adaptor-brief", {}, lambda: axl.AdaptorBrief()),
    ("adaptor-long", {}, lambda: axl.AdaptorLong()),
    ("average-copier", {}, lambda: axl.AverageCopier()),
    ("nice-average-copier", {}, lambda: axl.NiceAverageCopier()),
    ("bush-mosteller", {}, lambda: axl.BushMosteller()),
    ("bush-mosteller",
     {"c_prob": 0.3, "d_prob": 0.6, "aspiration_level_divider": 2.0, "learning_rate": 0.25},
     lambda: axl.BushMosteller(0.3, 0.6, 2.0, 0.25)),
    ("risky-q-learner", {}, lambda: axl.RiskyQLearner()),
    ("arrogant-q-learner", {}, lambda: axl.ArrogantQLearner()),
    ("hesitant-q-learner", {}, lambda: axl.HesitantQLearner()),
    ("cautious-q-learner", {}, lambda: axl.CautiousQLearner()),
    ("worse-and-worse", {}, lambda: axl.WorseAndWorse()),
    ("knowledgeable-worse-and-worse", {}, lambda: axl.KnowledgeableWorseAndWorse()),
    ("worse-and-worse-2", {}, lambda: axl.WorseAndWorse2()),
    ("worse-and-worse-3", {}, lambda: axl.WorseAndWorse3()),
    ("better-and-better", {}, lambda: axl.BetterAndBetter()),
]


# Stochastic only through a random first move (axelrod's mutual.py).
RANDOM_START = {"desperate", "hopeless", "willing"}


def measured_vector(factory, payoffs):
    """P(C | own last move, opponent's last move), measured from the
    library's own play: 300 matches of 20 turns against Random(0.5), seeds
    0-299 (the first move is random, so every own move gets visited).  Each
    must come out exactly 0 or 1 (a deterministic response), else the script
    stops; an outcome never visited is written as null."""
    r, s, t, p = payoffs
    counts = {}
    for seed in range(300):
        match = axl.Match((factory(), axl.Random(0.5)), turns=20,
                          game=axl.Game(r=r, s=s, t=t, p=p), seed=seed)
        result = match.play()
        for (a0, b0), (a1, _) in zip(result, result[1:]):
            seen, cooperated = counts.get((a0, b0), (0, 0))
            counts[(a0, b0)] = (seen + 1, cooperated + (a1 == C))
    vector = []
    for state in [(C, C), (C, D), (D, C), (D, D)]:
        seen, cooperated = counts.get(state, (0, 0))
        assert cooperated in (0, seen), (factory(), state, counts)
        vector.append(None if seen == 0 else (1.0 if cooperated else 0.0))
    return vector


def classifier(player):
    depth = axl.Classifiers["memory_depth"](player)
    return {
        "memory_depth": None if depth == float("inf") else int(depth),
        "stochastic": bool(axl.Classifiers["stochastic"](player)),
        "makes_use_of": sorted(axl.Classifiers["makes_use_of"](player)),
        "long_run_time": bool(axl.Classifiers["long_run_time"](player)),
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


def pair_record(i, j, uses):
    """Every (payoffs, horizon) record of the ordered pair (i, j).

    Matches are only replayed where they can differ: a shorter horizon only
    when one of the players uses the match length, another payoff matrix only
    when one uses the game (axelrod's `makes_use_of` classifier); otherwise
    the record equals its default (see the module doc) by construction.
    """
    f1, f2 = PLAYERS[i][2], PLAYERS[j][2]
    longest = max(HORIZONS)
    names = list(PAYOFFS)
    record = {"players": [i, j]}
    resolved = {}
    for k, name in enumerate(names):
        for turns in sorted(HORIZONS, reverse=True):
            # The record the reader assumes when this one is left out.
            if turns != longest:
                full = resolved[(name, longest)]
                default = (full[0][:turns], full[1][:turns])
                replay = "length" in uses
            elif k > 0:
                default = resolved[(names[0], longest)]
                replay = "game" in uses
            else:
                default = None
                replay = True
            moves = play(f1, f2, turns, PAYOFFS[name]) if replay else default
            resolved[(name, turns)] = moves
            if default != moves:
                record[f"{name}/{turns}"] = [rle(m) for m in moves]
    return record


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--any-version", action="store_true")
    parser.add_argument(
        "--only", default="",
        help="comma-separated ids: replay only the pairs involving these ids and copy every "
             "other pair's record from the existing file (fast when adding a few strategies)")
    parser.add_argument("--processes", type=int, default=None,
                        help="worker processes (default: every core)")
    args = parser.parse_args()
    if axl.__version__ != EXPECTED_VERSION and not args.any_version:
        sys.exit(f"axelrod {axl.__version__} found, {EXPECTED_VERSION} expected")

    players = []
    for sid, params, factory in PLAYERS:
        player = factory()
        entry = {"id": sid, "params": params, "name": str(player), **classifier(player)}
        if isinstance(player, axl.MemoryOnePlayer):
            # The (P(C|CC), P(C|CD), P(C|DC), P(C|DD)) vector and first move
            # the player uses under each payoff matrix; null where the library
            # refuses the game (a zero-determinant relation infeasible for it).
            entry["four_vectors"] = {}
            for name, (r, s, t, p) in PAYOFFS.items():
                player = factory()
                try:
                    player.set_match_attributes(length=200, game=axl.Game(r=r, s=s, t=t, p=p))
                except ValueError:
                    entry["four_vectors"][name] = None
                    continue
                vector = [player._four_vector[(a, b)] for a in (C, D) for b in (C, D)]
                entry["four_vectors"][name] = [float(x) for x in vector]
            entry["initial"] = str(player._initial)
        elif entry["stochastic"] and entry["memory_depth"] == 1 and sid in RANDOM_START:
            # Memory-one rules with a random first move only: measure their
            # response to each outcome from the library's own play.
            entry["four_vectors"] = {name: measured_vector(factory, payoffs)
                                     for name, payoffs in PAYOFFS.items()}
            entry["initial"] = "random"
        players.append(entry)
    deterministic = [i for i, p in enumerate(players) if not p["stochastic"]]

    longest = max(HORIZONS)
    names = list(PAYOFFS)
    pairs = [(i, j) for i in deterministic for j in deterministic]
    uses = [set(p["makes_use_of"]) for p in players]
    kept = {}
    if args.only:
        # Records of the existing file, keyed by the two players' (id, params).
        only = set(args.only.split(","))
        unknown = only - {sid for sid, _, _ in PLAYERS}
        if unknown:
            sys.exit(f"--only: not in PLAYERS: {sorted(unknown)}")
        key = lambda p: (p["id"], json.dumps(p["params"], sort_keys=True))
        old = json.loads(OUT.read_text())
        old_keys = [key(p) for p in old["players"]]
        new_index = {key(p): i for i, p in enumerate(players)}
        for record in old["matches"]:
            a, b = (old_keys[k] for k in record["players"])
            if a in new_index and b in new_index and a[0] not in only and b[0] not in only:
                record["players"] = [new_index[a], new_index[b]]
                kept[tuple(record["players"])] = record
    todo = [(i, j) for i, j in pairs if (i, j) not in kept]
    with multiprocessing.Pool(args.processes) as pool:
        played = pool.starmap(pair_record, [(i, j, uses[i] | uses[j]) for i, j in todo])
    fresh = {tuple(r["players"]): r for r in played}
    matches = [kept[pair] if pair in kept else fresh[pair] for pair in pairs]
    print(f"replayed {len(todo)} ordered pairs, kept {len(kept)}")

    data = {
        "axelrod_version": axl.__version__,
        "generator": "tests/data/generate_axelrod_catalogue.py",
        "payoffs": {k: list(v) for k, v in PAYOFFS.items()},
        "horizons": HORIZONS,
        "players": players,
        "matches": matches,
    }
    partial = OUT.with_suffix(".json.partial")
    with open(partial, "w") as f:
        json.dump(data, f, separators=(",", ":"))
        f.write("\n")
    partial.replace(OUT)
    print(f"wrote {OUT}: {len(players)} players, {len(matches)} ordered pairs")


if __name__ == "__main__":
    main()
