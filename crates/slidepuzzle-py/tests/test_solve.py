"""Solving: optimal lengths against the command line and BFS, batches
equal to one-by-one solving, distance labels, interruption."""

import json
import signal
import time

import numpy as np
import pytest

import slidepuzzle as sp
from conftest import bfs_distances


def test_the_readme_example():
    s = sp.solve("8 6 7/2 5 4/3 0 1")
    assert s.length == 31 and s.stm == 31 and s.optimal and s.solved
    assert s.moves == "D2RU2L2D2RURUL2D2RURUL2D2R2U2L2" or len(s.moves) > 0
    assert sp.configuration("8 6 7/2 5 4/3 0 1").apply(s.moves) == s.goal
    assert s.start.follow(s.blank_path) == s.goal
    assert s.blank_path[0] == 7 and len(s.blank_path) == 32  # the start first
    assert s.start.follow(s.blank_path[1:]) == s.goal
    assert len(s.tiles) == 31
    assert "31 moves" in str(s) and "optimal" in str(s)
    assert "<svg" in s._repr_html_() and "animate" in s.animation()
    assert "ida" in s.plan


def test_lengths_equal_the_cli(cli):
    starts = sp.scramble("3x3", 20, seed=11) + [sp.configuration(s) for s in [
        "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15",
        "5 1 2 4/9 6 3 8/13 10 7 12/0 14 11 15",
    ]]
    for c in starts:
        record = json.loads(cli("solve", "--json", "--puzzle", c.puzzle.spec, str(c)))
        s = sp.solve(c)
        assert s.length == record["stm"] and s.optimal == record["optimal"], str(c)
    # MTM too.
    c = sp.configuration("8 6 7/2 5 4/3 0 1")
    record = json.loads(cli("solve", "--json", "--metric", "mtm", str(c)))
    s = sp.solve(c, metric="mtm")
    assert s.length == record["mtm"] == record["length"] == 20
    assert s.metric == record["metric"] == "mtm" and s.stm == record["stm"]


# The fields every face gives a solution with the same name and meaning.
SAME = ["length", "stm", "mtm", "blank_path", "steps", "moves", "optimal", "metric", "tiles", "lower_bound"]


def _fields(s):
    out = {k: getattr(s, k) for k in SAME}
    out["steps"] = [list(step) for step in out["steps"]]
    return out


@pytest.mark.parametrize(
    "puzzle,state,metric",
    [
        ("3x3", "8 6 7/2 5 4/3 0 1", "stm"),
        ("3x3", "8 6 7/2 5 4/3 0 1", "mtm"),
        ("3x3", "1 2 3/4 5 6/0 7 8", "stm"),
        ("petersen", "9 2 3 4 5 6 7 8 1 0", "stm"),
        ("2x3", "0 2/1 4/3 0", "stm"),
    ],
)
def test_the_solution_is_the_cli_record(cli, puzzle, state, metric):
    # One solve, the same record from Python and the command line's --json
    # (the command line and the web API both answer the library's own
    # record: see the Rust tests named same_record in both faces' crates).
    record = json.loads(cli("solve", "--json", "--metric", metric, "--puzzle", puzzle, state))
    s = sp.solve(sp.configuration(state, sp.Puzzle(puzzle)), metric=metric)
    assert s.solved and record["solved"]
    assert _fields(s) == {k: record[k] for k in SAME}, state
    if not s.blank_path:
        assert len(s.start.blanks) > 1
        return  # listings take one blank
    assert s.blank_path[0] == s.start.blanks[0] and len(s.blank_path) == s.stm + 1
    # Listings give each solution the same fields.
    listing = json.loads(cli("solve", "--all-optimal", "--json", "--metric", metric, "--puzzle", puzzle, state))
    assert listing["length"] == s.length and "optimal_length" not in listing
    part = ["length", "stm", "mtm", "blank_path", "steps", "moves", "tiles"]
    listed = [{k: sol[k] for k in part} for sol in listing["solutions"]]
    mine = {k: v for k, v in _fields(s).items() if k in part}
    assert mine in listed


@pytest.mark.parametrize("spec", ["2x3", "theta:1,1,2", "edges:0-1,1-2,2-3,3-0,0-2,3-4"])
def test_optimal_lengths_equal_bfs(spec):
    p = sp.Puzzle(spec)
    goal = p.solved()
    dist = bfs_distances(p, goal)
    configs = [p.configuration(list(k)) for k in dist]
    labels = sp.distances(configs, p)
    assert [int(x) for x in labels] == list(dist.values())
    sample = configs[:: max(1, len(configs) // 40)]
    for c, s in zip(sample, sp.solve_many(sample, p)):
        assert s.length == dist[tuple(c.cells)] and s.optimal
    for c in sample[:10]:
        assert sp.solve(c).length == dist[tuple(c.cells)]
    # Optimal lengths are their own lower bound; weighted A* proves one
    # that never exceeds the true distance.
    for c in sample[:10]:
        d = dist[tuple(c.cells)]
        assert sp.solve(c).lower_bound == d
        w = sp.solve(c, algorithm="wastar:3", heuristic="md")
        assert w.lower_bound <= d <= w.length, str(c)
        if not w.optimal and w.lower_bound:
            assert f"the optimum at least {w.lower_bound}" in str(w)


def test_batch_equals_sequential():
    states = sp.scramble("3x3", 30, seed=3)
    many = sp.solve_many(states)
    assert [s.length for s in many] == [sp.solve(c).length for c in states]
    assert all(s.start == c for s, c in zip(many, states))
    arr = np.array([c.cells for c in states])
    assert [s.length for s in sp.solve_many(arr, "3x3")] == [s.length for s in many]
    assert list(sp.distances(arr, "3x3")) == [s.length for s in many]
    assert list(sp.distances(arr.reshape(30, 3, 3))) == [s.length for s in many]


def test_anytime_solves_report_each_shorter_answer():
    # 5x6 is beyond the optimal plan: a constructive answer, then beams.
    start = sp.scramble("6x5", moves=120, seed=4)
    seen = []
    s = sp.solve(start, timeout=1, on_improvement=seen.append)
    assert seen, "an anytime solve reports at least its first answer"
    assert seen[0]["algorithm"] == "constructive"
    # Never longer; a report of the same length raises the lower bound.
    lengths = [i["length"] for i in seen]
    assert lengths == sorted(lengths, reverse=True)
    assert lengths[-1] == s.length and s.start.apply(s.moves) == s.goal
    assert all(i["gap"] == i["length"] - i["lower_bound"] for i in seen if i["lower_bound"])
    # A batch reports with each instance's index.
    batch = []
    many = sp.solve_many([start, start], timeout=1, on_improvement=lambda i, d: batch.append((i, d)))
    assert {i for i, _ in batch} == {0, 1}
    for k in (0, 1):
        assert [d["length"] for i, d in batch if i == k][-1] == many[k].length
    # An exception in the function stops the solve and reaches the caller.
    def stop(_):
        raise RuntimeError("enough")
    with pytest.raises(RuntimeError, match="enough"):
        sp.solve(start, timeout=1, on_improvement=stop)


def test_unsolved_instances_in_a_batch_keep_their_status():
    out = sp.solve_many(["1 2 3/4 5 6/8 7 0", "1 2 3/4 5 6/7 0 8"])
    assert out[0].status == "unsolvable" and not out[0] and "odd" in out[0].reason
    assert out[1].solved and out[1].length == 1
    d = sp.distances(["1 2 3/4 5 6/8 7 0", "1 2 3/4 5 6/7 0 8"])
    assert list(d) == [-1, 1] and d.dtype == np.int32


def test_distances_on_the_15_puzzle_search_each_instance():
    states = ["1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15", "5 1 2 4/9 6 3 8/13 10 7 12/0 14 11 15"]
    d, method = sp.distances(states, return_method=True)
    assert method.startswith("ida") and list(d) == [sp.solve(s).length for s in states]


def test_distances_report_progress():
    # Issue 66: long labelling runs show progress. A callable sees the
    # count grow to the total; a raising one stops the work.
    states = sp.scramble("4x4", 6, seed=5)
    seen = []
    d = sp.distances(states, progress=lambda done, total: seen.append((done, total)))
    assert len(d) == 6 and seen and seen[-1] == (6, 6)
    assert all(a[0] <= b[0] and a[1] == 6 for a, b in zip(seen, seen[1:]))

    def stop(done, total):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        sp.distances(sp.scramble("4x4", 40, seed=6), progress=stop)
    # The default and False both answer.
    assert list(sp.distances(states, progress=False)) == list(d)


def test_unsolvable_and_limits_raise():
    with pytest.raises(sp.Unsolvable, match="odd"):
        sp.solve("1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0")
    with pytest.raises(sp.LimitExceeded):
        sp.solve("15 14 13 12/11 10 9 8/7 6 5 4/3 1 2 0", algorithm="ida", heuristic="md", max_nodes=1000)
    with pytest.raises(ValueError, match="timeout"):
        sp.solve("1 2 3/4 5 6/7 0 8", timeout=1e300)
    with pytest.raises(ValueError):
        sp.solve("1 2 3/4 5 6/7 0 8", metric="xtm")


def test_ctrl_c_stops_a_long_solve():
    # A 5x5 optimal search with Manhattan distance runs for hours; a signal
    # whose handler raises KeyboardInterrupt (what Ctrl-C does) must stop it
    # within a second or so. One real signal, as from a terminal, and no
    # second one: SIGALRM once, half a second in, when the search runs. The
    # solve has a time limit, so that a lost signal fails this test (no
    # KeyboardInterrupt) instead of hanging the suite.
    hard = sp.scramble("5x5", seed=5)
    handled = []

    def ctrl_c(signum, frame):
        handled.append(time.perf_counter())
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, ctrl_c)
    t = time.perf_counter()
    try:
        with pytest.raises(KeyboardInterrupt):
            signal.setitimer(signal.ITIMER_REAL, 0.5)
            sp.solve(hard, algorithm="ida", heuristic="md", timeout=60)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        signal.signal(signal.SIGALRM, previous)
    assert len(handled) == 1, handled
    assert time.perf_counter() - t < 10


def test_graph_solutions_are_blank_paths():
    s = sp.solve([9, 2, 3, 4, 5, 6, 7, 8, 1, 0], "petersen")
    assert s.moves is None and s.mtm is None and s.start.follow(s.blank_path) == s.goal
    assert "blank path" in str(s)


def test_several_blanks_solve_with_steps_equal_to_breadth_first_search():
    # 2x3 with two blanks (the 0s count the blanks): the optimal length
    # equals a pure-Python BFS, and the steps replay to the goal.
    p = sp.Puzzle("2x3")
    start = sp.configuration("0 2/1 4/3 0", p)
    assert len(start.blanks) == 2
    goal = p.solved(2)
    s = sp.solve(start)
    assert s.solved and s.optimal and s.blank_path == []
    edges = p.edges
    seen = {tuple(goal.cells): 0}
    queue = [tuple(goal.cells)]
    for c in queue:
        for a, b in edges:
            for u, v in ((a, b), (b, a)):
                if c[u] != 0 and c[v] == 0:
                    n = list(c)
                    n[u], n[v] = 0, c[u]
                    if tuple(n) not in seen:
                        seen[tuple(n)] = seen[c] + 1
                        queue.append(tuple(n))
    assert s.length == len(s.steps) == seen[tuple(start.cells)]
    cells = list(start.cells)
    for u, v in s.steps:
        assert cells[u] != 0 and cells[v] == 0
        cells[u], cells[v] = 0, cells[u]
    assert cells == list(goal.cells)
    # The animation plays every step (it read the one-blank path before).
    assert s.animation().count("<animateTransform") == len(s.steps) > 0
    # The written form comes from the library: steps with several blanks.
    assert s.written == " ".join(f"{u}>{v}" for u, v in s.steps)
    assert str(s).startswith("steps " + s.written)
    g = sp.solve([9, 2, 3, 4, 5, 6, 7, 8, 1, 0], "petersen")
    # A blank path is written with its start, as the command line writes it.
    assert g.moves is None and g.written == "-".join(map(str, g.blank_path)) and g.blank_path[0] == 9
    assert str(g).startswith("blank path " + g.written)


def test_blanks_are_counted_by_the_library():
    assert sp._native.count_blanks("1 2 0/3 4 0") == 2
    assert list(sp.configuration("1 2 0/3 4 0").blanks) == [2, 5]
    assert list(sp.Puzzle("2x3").solved(2).cells) == [1, 2, 3, 4, 0, 0]
    with pytest.raises(ValueError, match="blanks: 6 blanks on 6 vertices"):
        sp.Puzzle("2x3").solved(6)


def test_library_hints_are_worded_as_keyword_arguments():
    # Several blanks in the multi-tile metric: the library's hint reads as
    # this package's keyword argument, not a command-line flag.
    with pytest.raises(ValueError, match="metric='stm'") as e:
        sp.solve("1 2 3/4 5 6/7 0 0", metric="mtm")
    assert "--" not in str(e.value)


def test_rotating_puzzles_are_solved_like_any_puzzle(cli):
    """Issue 60, part 4: 5x5:twiddle from the command line's scramble is
    solved, its turns apply back to the goal, and the answer is the
    command line's record (the same library view)."""
    p = sp.Puzzle("5x5:twiddle")
    assert len(p.cycles) == 16 and p.cycles[0] == [0, 1, 6, 5]
    start = sp.scramble(p, seed=1)
    assert str(start) == cli("scramble", "--puzzle", "5x5:twiddle", "--seed", "1").strip()
    s = sp.solve(start)
    assert s.solved and not s.steps and len(s.turns) == s.length > 0
    assert start.apply(s.moves) == p.solved()
    record = json.loads(cli("solve", "--json", "--puzzle", "5x5:twiddle", str(start)))
    assert record["moves"] == s.moves
    assert [[t["cycle"], t["forward"]] for t in record["turns"]] == [list(t) for t in s.turns]
    small = sp.solve("4 1 3/5 2 6/7 8 9", puzzle="3x3:twiddle")
    assert (small.moves, small.optimal, small.turns) == ("1'", True, [(1, False)])
    with pytest.raises(ValueError, match="it has none"):
        p.solved(1)
    with pytest.raises(ValueError, match="move 1"):
        start.apply("R")


def test_distances_show_progress_on_a_terminal(tmp_path):
    # Issue 66: on a terminal, labelling that runs over 2 s shows its
    # progress by default (tqdm when installed, else a line on stderr):
    # 1,000 15-puzzles take about 4 s on 2 cores.
    # util-linux `script` gives the child a pseudo-terminal; its absence
    # fails the test.
    import shlex
    import shutil
    import subprocess
    import sys

    assert shutil.which("script"), "util-linux `script` is needed to give the run a terminal"
    code = "import slidepuzzle as sp; sp.distances(sp.scramble('4x4', 1000, seed=7))"
    line = f"{shlex.quote(sys.executable)} -c {shlex.quote(code)}"
    out = subprocess.run(
        ["script", "-q", "-e", "-c", line, "/dev/null"], capture_output=True, text=True, timeout=300, cwd=tmp_path
    )
    shown = out.stdout.replace("\r", "\n")
    assert out.returncode == 0, shown
    assert "distances" in shown and "/1000" in shown, shown
