# Times axelrod's MoranProcess on the population of benches/evolution.rs.
# Run: python3 benches/axelrod_moran.py  (axelrod 4.14.0)
import time, axelrod as axl
def pop():
    return [axl.TitForTat(), axl.Defector(), axl.Cooperator(), axl.Grudger(), axl.TitForTat(), axl.Defector(), axl.Cooperator(), axl.Grudger()]
runs = 20
t = time.perf_counter()
winners = {}
steps = 0
for n in range(runs):
    mp = axl.MoranProcess(pop(), turns=200, seed=n)
    res = mp.play()
    steps += len(res)
    w = mp.winning_strategy_name
    winners[w] = winners.get(w, 0) + 1
el = time.perf_counter() - t
print(f"axelrod {axl.__version__}: {runs} fixation runs, population 8 (2x TFT, Defector, Cooperator, Grudger), turns=200: {el:.3f} s total, {el/runs*1000:.2f} ms per run, mean generations {steps/runs:.1f}, winners {winners}")
