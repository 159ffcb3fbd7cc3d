"""Benchmarks of the Python package (docs/BENCHMARKS.md, "The Python
package"). Not tests: run by hand, on an idle machine.

    python bench.py korf100 FILE            # solve_many on Korf's 100 (one state per line)
    python bench.py distances3x3 N SEED     # distances of N uniform 3x3 states
    python bench.py distances4x4 N SEED     # distances of N uniform 4x4 states
    python bench.py lines3x3 FILE [LIMIT]   # distances of the 3x3 states in FILE (9 numbers a line)

Each prints what it did, the lengths' sum (a checksum against other
solvers) and seconds, split into preparing the input and the call itself.
"""

import sys
import time

import numpy as np

import slidepuzzle as sp


def korf100(path):
    states = [line.strip() for line in open(path) if line.strip() and not line.startswith("#")]
    t = time.perf_counter()
    sols = sp.solve_many(states, "4x4")
    dt = time.perf_counter() - t
    assert all(s.solved and s.optimal for s in sols)
    print(f"solve_many korf100: {len(sols)} solved, total length {sum(s.length for s in sols)}, "
          f"{sum(s.generated for s in sols)} generated, {sols[0].algorithm}, {dt:.2f} s")


def uniform(spec, n, seed):
    # The library's uniform scramble, as a numpy array (N, cells).
    t = time.perf_counter()
    states = np.array([c.cells for c in sp.scramble(spec, n, seed=seed)], dtype=np.uint16)
    return states, time.perf_counter() - t


def distances(spec, n, seed):
    states, prep = uniform(spec, n, seed)
    t = time.perf_counter()
    d, method = sp.distances(states, spec, return_method=True)
    dt = time.perf_counter() - t
    assert (d >= 0).all()
    print(f"distances {spec}: {n} states (scrambled in {prep:.2f} s), method {method}, "
          f"mean {d.mean():.3f}, max {d.max()}, sum {int(d.sum())}, {dt:.3f} s, {n / dt:,.0f} states/s")


def lines3x3(path, limit=None):
    a = np.loadtxt(path, dtype=np.uint16, max_rows=limit)
    t = time.perf_counter()
    d = sp.distances(a, "3x3")
    dt = time.perf_counter() - t
    print(f"distances on {path}: {len(d)} states, sum {int(d.sum())}, {dt:.4f} s")


if __name__ == "__main__":
    what, *args = sys.argv[1:]
    if what == "korf100":
        korf100(args[0])
    elif what == "distances3x3":
        distances("3x3", int(args[0]), int(args[1]))
    elif what == "distances4x4":
        distances("4x4", int(args[0]), int(args[1]))
    elif what == "lines3x3":
        lines3x3(args[0], int(args[1]) if len(args) > 1 else None)
    else:
        raise SystemExit(__doc__)
