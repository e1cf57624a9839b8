#!/usr/bin/env python3
"""axelrod 4.14's EvolvedAttention (torch, one thread) timed the way
benches/attention.rs times ours, so the two can be compared on one machine:
best time of one forward pass over CLS plus 10, 100 and 200 game-state
tokens, and one whole 200-turn match against Tit For Tat.

    python3 benches/attention_torch.py    # needs axelrod==4.14.0 and torch
"""

import time

import axelrod as axl
import torch


def main():
    torch.set_num_threads(1)
    player = axl.EvolvedAttention()
    player.load_model()
    model = player.model
    for turns in (10, 100, 200):
        tokens = torch.tensor([[0] + [2 + t % 4 for t in range(turns)]], dtype=torch.long)
        best, passes, started = float("inf"), 0, time.perf_counter()
        with torch.no_grad():
            while time.perf_counter() - started < 3 or passes < 3:
                t = time.perf_counter()
                model(tokens)
                best = min(best, time.perf_counter() - t)
                passes += 1
        print(f"{turns:>3} turns of history ({turns + 1} tokens): {1 / best:7.1f} moves/s "
              f"({best * 1e3:.2f} ms per move, best of {passes})")
    t = time.perf_counter()
    axl.Match((player, axl.TitForTat()), turns=200).play()
    print(f"a 200-turn match against Tit For Tat: {time.perf_counter() - t:.2f} s")


if __name__ == "__main__":
    main()
