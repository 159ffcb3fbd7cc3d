"""Throughput of slidepuzzle.ray.distances against the local
slidepuzzle.distances, on 1 and 2 Ray nodes on this machine (one CPU
each), for issue 35. Prints one JSON line per setting.

    python crates/slidepuzzle-py/bench/ray_scale.py --states 20000 --puzzle 4x4

The same uniformly random states (``scramble --seed 1``) in every setting;
the labels of every setting are checked equal to the local ones. The
tables are built (or loaded from the cache) before any timing starts.
"""

import argparse
import json
import os
import socket
import subprocess
import sys
import time

os.environ["RAY_AUTH_MODE"] = "disabled"

import ray  # noqa: E402

import slidepuzzle as sp  # noqa: E402
import slidepuzzle.ray as spray  # noqa: E402

RAY = os.path.join(os.path.dirname(sys.executable), "ray")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_cluster(nodes):
    port = free_port()
    address = f"127.0.0.1:{port}"
    common = ["--num-cpus=1", "--disable-usage-stats", "--node-ip-address=127.0.0.1"]
    subprocess.run([RAY, "start", "--head", f"--port={port}", "--include-dashboard=false", *common], check=True, capture_output=True)
    for _ in range(nodes - 1):
        subprocess.run([RAY, "start", f"--address={address}", *common], check=True, capture_output=True)
    ray.init(address=address, log_to_driver=False)
    while len([n for n in ray.nodes() if n["Alive"]]) < nodes:
        time.sleep(0.5)


def stop_cluster():
    ray.shutdown()
    subprocess.run([RAY, "stop", "--force"], capture_output=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--states", type=int, default=2000)
    ap.add_argument("--puzzle", default="4x4")
    ap.add_argument("--batch-size", type=int, default=50)
    args = ap.parse_args()
    states = [list(c.cells) for c in sp.scramble(args.puzzle, args.states, seed=1)]
    sp.distances(states[:4], args.puzzle)  # tables into the cache
    t = time.perf_counter()
    want = sp.distances(states, args.puzzle)
    local = time.perf_counter() - t
    cpus = os.cpu_count()
    print(json.dumps({"setting": "local distances", "cpus": cpus, "seconds": round(local, 2),
                      "states_per_cpu_second": round(args.states / local / cpus, 2)}), flush=True)
    for nodes in (1, 2):
        start_cluster(nodes)
        try:
            ds = ray.data.from_items([{"state": s, "id": i} for i, s in enumerate(states)])
            # Warm the actors (tables loaded) on a first small run.
            spray.distances(ray.data.from_items([{"state": states[0]}]), puzzle=args.puzzle).take_all()
            t = time.perf_counter()
            rows = spray.distances(ds, puzzle=args.puzzle, batch_size=args.batch_size).take_all()
            took = time.perf_counter() - t
        finally:
            stop_cluster()
        assert sorted((r["id"], int(r["distance"])) for r in rows) == [(i, int(d)) for i, d in enumerate(want)]
        print(json.dumps({"setting": f"ray, {nodes} node(s) x 1 CPU", "cpus": nodes, "seconds": round(took, 2),
                          "states_per_cpu_second": round(args.states / took / nodes, 2)}), flush=True)


if __name__ == "__main__":
    main()
