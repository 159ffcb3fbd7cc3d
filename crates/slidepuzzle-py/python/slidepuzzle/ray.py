"""slidepuzzle on a Ray cluster: optimal labels for millions of states and
the sharded breadth-first search of whole state spaces.

Install with the extra: ``pip install "slidepuzzle[ray]"``. Every function
takes the cluster Ray is connected to (``ray.init(address=...)`` first; a
local one is started otherwise) and decides nothing itself: the labels are
the library's :func:`slidepuzzle.distances` and :func:`slidepuzzle.solve_many`,
the search is the library's sharded search (``explore::sharded``) whose
tasks any node runs against a directory every node sees.

- :func:`distances` and :func:`solve` add label columns to a Ray Dataset
  with ``map_batches`` over a pool of actors: each actor loads (or builds,
  once per node, under a file lock in the table cache) its tables once and
  labels many batches. With ``output=DIR`` the run is resumable: the
  dataset is cut into fixed chunks of rows, each written to Parquet
  atomically when finished, and a run started again labels only the
  chunks that are missing.
- :func:`godsnumber` runs the sharded search level by level: one task per
  shard expands, then one per shard merges. Every task is idempotent (its
  files are written atomically), so Ray's retries cover a killed worker or
  node, and a stopped run resumes at its last complete level.

Example (a local cluster)::

    import ray, slidepuzzle.ray as spray
    ray.init()
    ds = ray.data.from_items([{"state": s} for s in states])
    labelled = spray.distances(ds, puzzle="4x4")
    report = spray.godsnumber("4x3", shards=64, dir="/shared/bfs-4x3")
"""

from __future__ import annotations

import os
import time
from collections import Counter
from typing import Any, Dict, Optional

import slidepuzzle as _sp
from slidepuzzle import GodsReport, _native

__all__ = ["distances", "solve", "godsnumber", "ClusterRun"]


def _ray():
    try:
        import ray
    except ImportError:  # pragma: no cover - exercised without Ray only
        raise ImportError('slidepuzzle.ray needs Ray: pip install "slidepuzzle[ray]"') from None
    if not ray.is_initialized():
        ray.init()
    return ray


def _spec(puzzle: Any) -> str:
    if puzzle is None:
        raise ValueError("name the puzzle (a spec such as '4x4' or a Puzzle)")
    p = puzzle if isinstance(puzzle, _sp.Puzzle) else _sp.Puzzle(str(puzzle))
    # Each worker rebuilds the puzzle from its spec: check it does.
    if _sp.Puzzle(p.spec).vertex_count != p.vertex_count:
        raise ValueError(f"{p.spec} cannot be sent to the workers by its spec")
    return p.spec


def _goal_cells(spec: str, goal: Any, blanks: int):
    p = _sp.Puzzle(spec)
    g = p.solved(blanks) if goal is None else _sp.configuration(goal, p)
    return list(g.cells), len(g.blanks)


def _node_id() -> str:
    import ray

    return ray.get_runtime_context().get_node_id()


class _Labeller:
    """One actor of the pool: the puzzle, goal and tables, loaded once."""

    def __init__(self, spec, goal, blanks, column, kind, metric, options):
        import numpy as np

        self.np = np
        self.puzzle = _sp.Puzzle(spec)
        self.goal = self.puzzle.configuration(goal, blanks)
        self.column = column
        self.kind = kind
        self.metric = metric
        self.options = options
        self.node = _node_id()
        self._warm()

    def _warm(self):
        """Loads or builds the tables before the first batch, one actor of a
        node at a time (an exclusive lock in the table cache), so a node
        builds each table once and its other actors read it."""
        import fcntl

        cache = _sp.cache_dir()
        os.makedirs(cache, exist_ok=True)
        lock = os.path.join(cache, "slidepuzzle-ray.lock")
        with open(lock, "a") as f:
            fcntl.flock(f, fcntl.LOCK_EX)
            try:
                start = _sp.scramble(self.puzzle, seed=1, goal=self.goal, moves=20)
                self._label([list(start.cells)])
            finally:
                fcntl.flock(f, fcntl.LOCK_UN)

    def _label(self, states):
        if self.kind == "distances":
            return {"distance": _sp.distances(states, self.puzzle, self.goal, metric=self.metric, **self.options)}
        sols = _sp.solve_many(states, self.puzzle, self.goal, metric=self.metric, **self.options)
        return {
            "length": self.np.array([s.length if s.status == "solved" else -1 for s in sols], dtype=self.np.int32),
            "solution": self.np.array([s.written for s in sols], dtype=object),
            "status": self.np.array([s.status for s in sols], dtype=object),
        }

    def __call__(self, batch: Dict[str, Any]) -> Dict[str, Any]:
        np = self.np
        states = batch[self.column]
        if states.dtype == object:  # lists or strings per row
            rows = list(states)
            if rows and not isinstance(rows[0], str):
                states = np.stack([np.asarray(r) for r in rows])
            else:
                states = rows
        out = dict(batch)
        out.update(self._label(states))
        out["node"] = np.array([self.node] * len(batch[self.column]), dtype=object)
        return out


def _label(dataset, kind, puzzle, goal, column, metric, options, concurrency, batch_size, output, chunk_rows):
    ray = _ray()
    spec = _spec(puzzle)
    blanks = options.pop("blanks", 1)
    cells, blanks = _goal_cells(spec, goal, blanks)
    if concurrency is None:
        concurrency = max(1, int(ray.cluster_resources().get("CPU", 1)))
    if column not in dataset.columns():
        raise ValueError(f"the dataset has no column {column!r} (it has {dataset.columns()})")

    def labelled(ds):
        return ds.map_batches(
            _Labeller,
            fn_constructor_args=(spec, cells, blanks, column, kind, metric, options),
            batch_format="numpy",
            batch_size=batch_size,
            compute=ray.data.ActorPoolStrategy(size=concurrency),
            num_cpus=1,
            # One search thread per actor: the pool is the parallelism.
            runtime_env={"env_vars": {"RAYON_NUM_THREADS": "1"}},
        )

    if output is None:
        return labelled(dataset)
    return _resumable(ray, dataset, labelled, output, chunk_rows)


def _resumable(ray, dataset, labelled, output, chunk_rows):
    """Labels `dataset` chunk by chunk into `output/chunk-NNNNN/` (Parquet),
    each chunk written to a temporary directory and renamed when whole;
    chunks already there are skipped. Returns the labelled dataset read
    back from `output`."""
    if chunk_rows < 1:
        raise ValueError(f"chunk_rows must be at least 1, not {chunk_rows}")
    os.makedirs(output, exist_ok=True)
    rows = dataset.count()
    cuts = list(range(chunk_rows, rows, chunk_rows))
    chunks = dataset.split_at_indices(cuts) if cuts else [dataset]
    for i, chunk in enumerate(chunks):
        final = os.path.join(output, f"chunk-{i:05d}")
        if os.path.isdir(final):
            continue
        partial = os.path.join(output, f"partial-{i:05d}")
        if os.path.isdir(partial):
            import shutil

            shutil.rmtree(partial)
        labelled(chunk).write_parquet(partial)
        os.replace(partial, final)
    return ray.data.read_parquet(output)


def distances(
    dataset,
    puzzle: Any = None,
    goal: Any = None,
    *,
    column: str = "state",
    metric: str = "stm",
    blanks: int = 1,
    timeout: Optional[float] = None,
    max_memory_mb: Optional[int] = None,
    concurrency: Optional[int] = None,
    batch_size: int = 256,
    output: Optional[str] = None,
    chunk_rows: int = 100_000,
):
    """Adds the column ``distance`` (int32, as :func:`slidepuzzle.distances`:
    optimal moves in ``metric``, -1 unreachable, -2 stopped by ``timeout``)
    and ``node`` (the Ray node that labelled the row) to ``dataset``, a Ray
    Dataset whose ``column`` holds states (cell lists, arrays or strings).

    ``concurrency`` actors (default: every CPU of the cluster) each use one
    CPU and one search thread. With ``output`` (a directory every node sees)
    the run writes Parquet chunks of ``chunk_rows`` rows as they finish and
    resumes where it stopped; the labelled dataset is read back from there.
    """
    options = {"timeout": timeout, "max_memory_mb": max_memory_mb, "blanks": blanks}
    return _label(dataset, "distances", puzzle, goal, column, metric, options, concurrency, batch_size, output, chunk_rows)


def solve(
    dataset,
    puzzle: Any = None,
    goal: Any = None,
    *,
    column: str = "state",
    metric: str = "stm",
    blanks: int = 1,
    algorithm: str = "auto",
    heuristic: str = "auto",
    timeout: Optional[float] = None,
    max_memory_mb: Optional[int] = None,
    concurrency: Optional[int] = None,
    batch_size: int = 64,
    output: Optional[str] = None,
    chunk_rows: int = 10_000,
):
    """Adds ``length`` (int32, -1 unless solved), ``solution`` (the
    solution as written, :attr:`Solution.written`), ``status`` and
    ``node`` to ``dataset``, as :func:`slidepuzzle.solve_many` solves each
    state (optimal unless ``algorithm`` says otherwise). Other arguments as
    :func:`distances`."""
    options = {
        "timeout": timeout,
        "max_memory_mb": max_memory_mb,
        "algorithm": algorithm,
        "heuristic": heuristic,
        "blanks": blanks,
    }
    return _label(dataset, "solve", puzzle, goal, column, metric, options, concurrency, batch_size, output, chunk_rows)


class ClusterRun:
    """Where the tasks of a :func:`godsnumber` run went: ``tasks_by_node``
    counts the expand and merge tasks each node finished in this call."""

    def __init__(self) -> None:
        self.tasks_by_node: Counter = Counter()


def _search(args):
    spec, cells, blanks, metric, shards, directory, task_memory = args
    p = _sp.Puzzle(spec)
    return _native.ShardedSearch(p, p.configuration(cells, blanks), metric, shards, directory, task_memory)


def _expand_task(args, level, shard):
    _search(args).expand(level, shard)
    return _node_id()


def _merge_task(args, level, shard):
    return _search(args).merge(level, shard), _node_id()


def godsnumber(
    puzzle: Any = "3x3",
    *,
    shards: int = 16,
    dir: str,
    goal: Any = None,
    metric: str = "stm",
    task_memory_mb: int = 2048,
    max_antipodes: int = 10,
    max_retries: int = 3,
    run: Optional[ClusterRun] = None,
    progress: bool = True,
) -> GodsReport:
    """God's number and the distance distribution by the library's sharded
    breadth-first search, one Ray task per shard and level.

    ``dir`` must be a directory every node sees (a shared file system); it
    holds the run and is resumed when it already holds this run (another
    puzzle, goal, metric or shard count there is refused with
    ``ValueError``). ``task_memory_mb`` bounds each task: a shard too
    large for it is refused with the advice to use more shards. A task
    whose worker dies is retried (``max_retries``). Pass a
    :class:`ClusterRun` as ``run`` to learn which nodes ran the tasks.
    """
    ray = _ray()
    spec = _spec(puzzle)
    cells, blanks = _goal_cells(spec, goal, 1)
    directory = os.path.abspath(os.fspath(dir))
    args = (spec, cells, blanks, metric, shards, directory, task_memory_mb << 20)
    search = _search(args)
    distribution, finished = search.open()
    # SPREAD: the shards of a level go to every node, not first to the
    # driver's node until it is full.
    options = dict(num_cpus=1, max_retries=max_retries, scheduling_strategy="SPREAD")
    expand = ray.remote(**options)(_expand_task)
    merge = ray.remote(**options)(_merge_task)
    run = run if run is not None else ClusterRun()
    bar = None
    if progress:
        try:
            from tqdm.auto import tqdm  # Ray Data's own progress bars use tqdm

            bar = tqdm(desc=f"{spec} depth", initial=len(distribution) - 1, unit="level")
        except ImportError:  # pragma: no cover
            bar = None
    while not finished:
        level = len(distribution) - 1
        clock = time.monotonic()
        for node in ray.get([expand.remote(args, level, s) for s in range(shards)]):
            run.tasks_by_node[node] += 1
        counts = []
        for count, node in ray.get([merge.remote(args, level, s) for s in range(shards)]):
            counts.append(count)
            run.tasks_by_node[node] += 1
        found = search.complete_level(counts, time.monotonic() - clock)
        if found == 0:
            finished = True
        else:
            distribution.append(found)
            if bar is not None:
                bar.update(1)
                bar.set_postfix(states=found)
    if bar is not None:
        bar.close()
    import json

    return GodsReport(**json.loads(search.report_json(max_antipodes)))
