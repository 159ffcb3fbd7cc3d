"""Shared helpers: the command-line binary (SLIDEPUZZLE_BIN, which
scripts/test sets to the binary its cargo tests built, else
target/release/slidepuzzle from `cargo build --release`) for the agreement
tests, and a pure-Python BFS."""

import os
import pathlib
import subprocess
from collections import deque

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def cli():
    """Runs `slidepuzzle ARGS...` and returns its standard output. The binary
    must exist (CI builds it first): a missing binary fails, never skips."""
    binary = pathlib.Path(os.environ.get("SLIDEPUZZLE_BIN", ROOT / "target" / "release" / "slidepuzzle"))
    assert binary.exists(), f"{binary} is missing: run `cargo build --release` (or set SLIDEPUZZLE_BIN)"

    def run(*args, stdin=None):
        out = subprocess.run([str(binary), *args], input=stdin, capture_output=True, text=True, timeout=600)
        assert out.returncode == 0, out.stderr
        return out.stdout

    return run


def bfs_distances(puzzle, goal):
    """Every reachable configuration's distance from `goal`, by BFS over the
    Python API's moves (tuples of cells -> distance)."""
    start = tuple(goal.cells)
    seen = {start: 0}
    queue = deque([goal])
    while queue:
        c = queue.popleft()
        d = seen[tuple(c.cells)]
        for v in c.legal_moves():
            nxt = c.slide(v)
            key = tuple(nxt.cells)
            if key not in seen:
                seen[key] = d + 1
                queue.append(nxt)
    return seen
