"""slidepuzzle.ray on a real two-node Ray cluster on 127.0.0.1 (issue 35):
a head node and a second node started with `ray start`, one CPU each.
Ray is a test dependency (scripts/test installs it): a missing Ray fails
here, it never skips."""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

# The test cluster listens on loopback only: no token authentication.
os.environ["RAY_AUTH_MODE"] = "disabled"

import ray  # noqa: E402

import slidepuzzle as sp  # noqa: E402
import slidepuzzle.ray as spray  # noqa: E402

RAY = os.path.join(os.path.dirname(sys.executable), "ray")


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _ray_cli(*args):
    out = subprocess.run([RAY, *args], capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


@pytest.fixture(scope="module")
def cluster():
    """Two Ray nodes on this machine; stopped afterwards."""
    port = _free_port()
    address = f"127.0.0.1:{port}"
    common = ["--num-cpus=1", "--disable-usage-stats"]
    _ray_cli("start", "--head", f"--port={port}", "--node-ip-address=127.0.0.1", "--include-dashboard=false", *common)
    try:
        _ray_cli("start", f"--address={address}", "--node-ip-address=127.0.0.1", *common)
        ray.init(address=address, log_to_driver=False)
        # Datasets made from here on start their whole actor pool before the
        # first batch: otherwise the actor that starts first may label a
        # small dataset alone, and "both nodes labelled rows" would depend
        # on start-up timing (it failed that way once in CI).
        ray.data.DataContext.get_current().wait_for_min_actors_s = 120
        deadline = time.time() + 60
        while len([n for n in ray.nodes() if n["Alive"]]) < 2:
            assert time.time() < deadline, "the second node did not join"
            time.sleep(0.5)
        yield address
    finally:
        ray.shutdown()
        subprocess.run([RAY, "stop", "--force"], capture_output=True, timeout=180)


def _alive_nodes():
    return {n["NodeID"] for n in ray.nodes() if n["Alive"]}


def test_distances_on_two_nodes_equal_the_local_answers(cluster):
    # 4x4 states within 30 moves of the goal (solved in milliseconds each)
    # and uniformly random 3x3 states (one distance table).
    for puzzle, states in [
        ("4x4", [list(sp.scramble("4x4", seed=s, moves=30).cells) for s in range(120)]),
        ("3x3", [list(c.cells) for c in sp.scramble("3x3", 400, seed=5)]),
    ]:
        ds = ray.data.from_items([{"state": s, "id": i} for i, s in enumerate(states)])
        rows = spray.distances(ds, puzzle=puzzle, batch_size=10).take_all()
        want = sp.distances(states, puzzle)
        assert len(rows) == len(states)
        for r in rows:
            assert r["distance"] == want[r["id"]], (puzzle, r)
        # Both nodes labelled rows.
        assert {r["node"] for r in rows} == _alive_nodes(), puzzle


def test_solve_on_two_nodes_gives_optimal_replayable_solutions(cluster):
    states = [list(c.cells) for c in sp.scramble("3x3", 60, seed=9)]
    ds = ray.data.from_items([{"state": s, "id": i} for i, s in enumerate(states)])
    rows = spray.solve(ds, puzzle="3x3", batch_size=6).take_all()
    want = sp.distances(states, "3x3")
    for r in rows:
        assert r["status"] == "solved"
        assert r["length"] == want[r["id"]]
        c = sp.configuration(states[r["id"]], "3x3").apply(r["solution"])
        assert c == sp.Puzzle("3x3").solved()


def test_a_resumable_labelling_run_writes_parquet_chunks_and_redoes_only_missing_ones(cluster, tmp_path):
    states = [list(c.cells) for c in sp.scramble("3x3", 250, seed=11)]
    ds = ray.data.from_items([{"state": s, "id": i} for i, s in enumerate(states)])
    out = tmp_path / "labels"
    first = spray.distances(ds, puzzle="3x3", output=str(out), chunk_rows=100).take_all()
    chunks = sorted(os.listdir(out))
    assert chunks == ["chunk-00000", "chunk-00001", "chunk-00002"]
    kept = {c: os.path.getmtime(out / c) for c in chunks}
    # A run stopped before its last chunk: that chunk only is labelled again.
    shutil.rmtree(out / "chunk-00002")
    again = spray.distances(ds, puzzle="3x3", output=str(out), chunk_rows=100).take_all()
    assert sorted(os.listdir(out)) == chunks
    for c in chunks[:2]:
        assert os.path.getmtime(out / c) == kept[c]
    want = sp.distances(states, "3x3")
    for rows in (first, again):
        assert sorted((r["id"], r["distance"]) for r in rows) == [(i, int(d)) for i, d in enumerate(want)]


def test_sharded_godsnumber_on_two_nodes_survives_a_killed_worker(cluster, tmp_path):
    """The search's tasks run on both nodes; a worker killed in the middle
    of a task is retried and the answer equals the one-machine search."""
    killed = []
    stop = threading.Event()

    def killer():
        # Kill the first worker seen running an expand or merge task.
        pattern = re.compile(r"^ray::_(expand|merge)_task")
        while not stop.is_set() and not killed:
            for pid in os.listdir("/proc"):
                if not pid.isdigit():
                    continue
                try:
                    with open(f"/proc/{pid}/cmdline", "rb") as f:
                        cmd = f.read().decode(errors="replace")
                except OSError:
                    continue
                if pattern.match(cmd):
                    try:
                        os.kill(int(pid), signal.SIGKILL)
                        killed.append(cmd.split("\0")[0])
                    except ProcessLookupError:
                        continue
                    break
            time.sleep(0.002)

    thread = threading.Thread(target=killer, daemon=True)
    thread.start()
    run = spray.ClusterRun()
    try:
        got = spray.godsnumber("5x2", shards=16, dir=str(tmp_path / "bfs"), run=run, progress=False)
    finally:
        stop.set()
        thread.join()
    assert killed, "no task was caught running"
    want = sp.godsnumber("5x2", max_antipodes=10)
    assert got.distribution == want.distribution
    assert got.antipodes == want.antipodes
    assert got.engine == "sharded (16 shards)"
    # Tasks ran on both nodes.
    assert set(run.tasks_by_node) == _alive_nodes(), run.tasks_by_node
    assert sum(run.tasks_by_node.values()) >= 2 * 16 * got.diameter


def test_the_command_line_and_the_cluster_share_a_run_and_refuse_another(cluster, cli, tmp_path):
    d = str(tmp_path / "bfs")
    line = cli("godsnumber", "--json", "--puzzle", "3x3", "--metric", "mtm", "--shards", "7", "--dir", d)
    by_cli = json.loads(line)
    # The finished run in the directory is read back, not searched again.
    run = spray.ClusterRun()
    got = spray.godsnumber("3x3", metric="mtm", shards=7, dir=d, run=run, progress=False)
    assert got.distribution == by_cli["distribution"]
    assert sum(run.tasks_by_node.values()) == 0
    with pytest.raises(ValueError, match="holds a sharded search of 3x3"):
        spray.godsnumber("3x3", shards=7, dir=d, progress=False)
    with pytest.raises(ValueError, match="one blank"):
        spray.godsnumber("3x3", shards=7, dir=str(tmp_path / "x"), goal=sp.Puzzle("3x3").solved(2), progress=False)


def test_bad_arguments_are_value_errors(cluster):
    ds = ray.data.from_items([{"cells": [1, 2, 3, 4, 5, 6, 7, 8, 0]}])
    with pytest.raises(ValueError, match="no column 'state'"):
        spray.distances(ds, puzzle="3x3")
    with pytest.raises(ValueError, match="name the puzzle"):
        spray.distances(ds, column="cells")
    with pytest.raises(ValueError, match="shards"):
        spray.godsnumber("3x3", shards=0, dir="unused", progress=False)
