#!/usr/bin/env python3
"""axelrod 4.14's EvolvedAttention (torch, one thread) timed the way
benches/attention.rs times ours, so the two can be compared on one machine:
best CPU (thread) time of one forward pass over CLS plus 10, 100 and 200
game-state tokens, and one whole 200-turn match against Tit For Tat (CPU
and wall time: where the machine is shared, wall times are inflated).

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
        best, best_cpu, passes, started = float("inf"), float("inf"), 0, time.perf_counter()
        with torch.no_grad():
            while time.perf_counter() - started < 3 or passes < 3:
                t, cpu = time.perf_counter(), time.thread_time()
                model(tokens)
                best = min(best, time.perf_counter() - t)
                best_cpu = min(best_cpu, time.thread_time() - cpu)
                passes += 1
        print(f"{turns:>3} turns of history ({turns + 1} tokens): {best_cpu * 1e3:7.2f} ms CPU "
              f"per move ({best * 1e3:.2f} ms wall), best of {passes}")
    t, cpu = time.perf_counter(), time.thread_time()
    axl.Match((player, axl.TitForTat()), turns=200).play()
    print(f"a 200-turn match against Tit For Tat: {time.thread_time() - cpu:.2f} s CPU "
          f"({time.perf_counter() - t:.2f} s wall)")


if __name__ == "__main__":
    main()
