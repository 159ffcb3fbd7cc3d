"""Sliding-tile puzzles on any graph: model, decide, solve, explore.

The 15-puzzle is the 4x4 board; there are also W x H boards, tori
(``"4x4:torus"``), boards with diagonal moves (``"3x3+diag"``), boxes such as
the 2x2x2 Varikon box (``"2x2x2"``), cycles, theta graphs (``"theta0"``), the
Petersen graph and any graph you give as edges or a networkx graph.

Conventions (the library's and the command line's):

* Vertices are numbered from 0; on a W x H board vertex ``x + W*y``
  (row-major, top row first).
* A configuration lists the tile on each vertex; 0 is the blank. The
  default goal has tile ``i + 1`` on vertex ``i`` and the blank last.
* A move slides a tile into the blank next to it. Move letters follow
  slidysim: each letter is the direction the *tile* moves (``"R2D"``).
  A blank path lists the vertices the blank visits, its start first.
* STM counts single-tile moves; MTM counts a straight run of tiles as one.

States are accepted as :class:`Configuration`, slidysim strings
(``"1 2 3/4 5 6/7 8 0"``), flat lists, nested lists (rows) or numpy arrays.
Every solution has been replayed by the library before it is returned.

>>> import slidepuzzle as sp
>>> s = sp.solve("8 6 7/2 5 4/3 0 1")
>>> s.length, s.optimal
(31, True)
>>> sp.check("1 2 3/4 5 6/8 7 0").solvable
False
"""

from __future__ import annotations

import json
import os
import sys
from array import array
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from . import _native
from ._native import (
    Configuration,
    LimitExceeded,
    Puzzle,
    Solution,
    Unsolvable,
    __version__,
)

__all__ = [
    "Puzzle",
    "Configuration",
    "Solution",
    "Verdict",
    "Permutation",
    "Analysis",
    "GodsReport",
    "LimitExceeded",
    "Unsolvable",
    "configuration",
    "solve",
    "solve_many",
    "distances",
    "check",
    "permutation",
    "analyze",
    "plan",
    "scramble",
    "godsnumber",
    "render",
    "cache_dir",
    "__version__",
]

PuzzleLike = Union[Puzzle, str]
StateLike = Any  # Configuration, str, a list (flat or rows) or a numpy array


def _puzzle(puzzle: Optional[PuzzleLike]) -> Optional[Puzzle]:
    if puzzle is None or isinstance(puzzle, Puzzle):
        return puzzle
    if isinstance(puzzle, str):
        return Puzzle(puzzle)
    raise TypeError(f"puzzle must be a Puzzle or a spec string, not {type(puzzle).__name__}")


def _is_rows(seq: Sequence[Any]) -> bool:
    return len(seq) > 0 and all(isinstance(r, (list, tuple)) for r in seq)


def configuration(
    state: StateLike, puzzle: Optional[PuzzleLike] = None, blanks: Optional[int] = None
) -> Configuration:
    """A :class:`Configuration` from any accepted form.

    ``state`` is a Configuration, a string in any state format, a flat
    sequence of ``vertex_count`` tiles (0 = blank), rows (a sequence of
    equal-length sequences, read as a W x H board) or a numpy array (1-D,
    or 2-D rows). Without ``puzzle`` the board is inferred from rows, or a
    flat list of a square number of tiles is read as a square board.
    ``blanks`` defaults to the number of 0s in the state (several blanks:
    ``"1 2 0/3 4 0"``).

    Raises ``ValueError`` naming what is wrong (which row, which tile).
    """
    p = _puzzle(puzzle)
    if isinstance(state, Configuration):
        if p is not None and state.puzzle != p:
            raise ValueError(f"the configuration belongs to {state.puzzle.spec}, not {p.spec}")
        return state
    if isinstance(state, str):
        if p is None:
            p = Puzzle.infer(state)
        return p.parse(state, blanks)
    if hasattr(state, "tolist"):  # numpy arrays and scalars
        state = state.tolist()
    if isinstance(state, (list, tuple)):
        if _is_rows(state):
            rows = [list(r) for r in state]
            if p is None:
                widths = {len(r) for r in rows}
                if len(widths) != 1:
                    raise ValueError(f"rows have different lengths: {[len(r) for r in rows]}")
                p = Puzzle(f"{widths.pop()}x{len(rows)}")
            cells = [t for r in rows for t in r]
        else:
            cells = list(state)
            if p is None:
                side = int(round(len(cells) ** 0.5))
                if side < 2 or side * side != len(cells):
                    raise ValueError(
                        f"{len(cells)} tiles do not make a square board; give the puzzle (for example puzzle='3x4')"
                    )
                p = Puzzle(f"{side}x{side}")
        for i, t in enumerate(cells):
            if isinstance(t, bool) or not isinstance(t, int):
                raise ValueError(f"cell {i}: {t!r} is not a tile number")
            if t < 0:
                raise ValueError(f"cell {i}: tile {t} is negative")
        return p.configuration(cells, blanks)
    raise TypeError(f"cannot read a configuration from {type(state).__name__}")


def _goal(p: Puzzle, goal: Optional[StateLike], blanks: Optional[int] = None) -> Configuration:
    return p.solved(blanks) if goal is None else configuration(goal, p, blanks)


def _resolve(state: StateLike, puzzle: Optional[PuzzleLike], goal: Optional[StateLike]):
    start = configuration(state, puzzle)
    p = start.puzzle
    return p, start, _goal(p, goal, len(start.blanks))


def solve(
    state: StateLike,
    puzzle: Optional[PuzzleLike] = None,
    goal: Optional[StateLike] = None,
    *,
    metric: str = "stm",
    algorithm: str = "auto",
    heuristic: str = "auto",
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
    max_memory_mb: Optional[int] = None,
    single_thread: bool = False,
    on_improvement: Optional[Callable[[Dict[str, Any]], None]] = None,
) -> Solution:
    """Solves ``state`` to ``goal`` (default: the puzzle's solved state).

    The library chooses the method (see :func:`plan`): IDA* with Manhattan
    distance and linear conflict on small boards, additive pattern databases
    on the 15-puzzle (cached in :func:`cache_dir`, shared with the command
    line), A*/IDA* on graphs, the anytime plan on boards of 17 to 49 cells
    (a constructive answer at once, then beam searches that shorten it,
    and on 5x5 with cached tables IDA* that proves it shortest), the
    constructive solver on larger puzzles (not optimal). ``metric`` is
    ``"stm"`` or ``"mtm"``; ``algorithm`` and ``heuristic`` take the
    command line's names (``"ida"``, ``"astar"``, ``"constructive"``;
    ``"pdb"``, ``"md"``, ...). ``timeout`` is in seconds: the time budget
    of an anytime solve (10 s without it).

    ``on_improvement``, if given, is called on this thread with each
    shorter answer an anytime solve finds, as a dict ``{"length",
    "lower_bound", "gap", "algorithm", "seconds"}`` (the command line's
    ``{"improved"}`` lines), and with the answer kept when a search raises
    its proven lower bound; an exception it raises stops the solve.

    The GIL is released while solving; Ctrl-C raises ``KeyboardInterrupt``.

    Raises :class:`Unsolvable` (with the reason) when the goal cannot be
    reached, :class:`LimitExceeded` when a limit stops the search or a
    budget refuses it, ``ValueError`` for bad input.
    """
    p, start, g = _resolve(state, puzzle, goal)
    return _native.solve(
        p, start, g, metric=metric, algorithm=algorithm, heuristic=heuristic,
        timeout=timeout, max_nodes=max_nodes, max_memory_mb=max_memory_mb,
        single_thread=single_thread, on_improvement=on_improvement,
    )


def _pack(states: Any, puzzle: Optional[PuzzleLike]):
    """(puzzle, little-endian u16 cells) for a batch."""
    p = _puzzle(puzzle)
    if hasattr(states, "dtype") and hasattr(states, "reshape"):  # numpy
        import numpy as np

        a = np.asarray(states)
        if a.ndim == 3:  # (N, H, W) boards
            if p is None:
                p = Puzzle(f"{a.shape[2]}x{a.shape[1]}")
            a = a.reshape(a.shape[0], -1)
        if a.ndim != 2:
            raise ValueError(f"states must have shape (N, cells) or (N, H, W), not {a.shape}")
        if p is None:
            side = int(round(a.shape[1] ** 0.5))
            if side < 2 or side * side != a.shape[1]:
                raise ValueError(f"{a.shape[1]} cells per state do not make a square board; give the puzzle")
            p = Puzzle(f"{side}x{side}")
        if a.shape[1] != p.vertex_count:
            raise ValueError(f"{a.shape[1]} cells per state but {p.spec} has {p.vertex_count} vertices")
        if a.size and (not np.issubdtype(a.dtype, np.integer) or a.min() < 0 or a.max() > 0xFFFF):
            raise ValueError("tiles must be whole numbers from 0 to 65535")
        return p, np.ascontiguousarray(a, dtype="<u2").tobytes()
    configs = []
    for i, s in enumerate(states):
        try:
            c = configuration(s, p)
        except ValueError as e:
            raise ValueError(f"state {i}: {e}") from None
        p = c.puzzle
        configs.append(c)
    if p is None:
        raise ValueError("no states given and no puzzle")
    buf = array("H")
    for c in configs:
        buf.extend(c.cells)
    if buf.itemsize != 2:
        raise RuntimeError("array('H') is not 16-bit on this platform")
    if sys.byteorder != "little":
        buf.byteswap()
    return p, buf.tobytes()


def solve_many(
    states: Iterable[StateLike],
    puzzle: Optional[PuzzleLike] = None,
    goal: Optional[StateLike] = None,
    *,
    metric: str = "stm",
    algorithm: str = "auto",
    heuristic: str = "auto",
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
    max_memory_mb: Optional[int] = None,
    on_improvement: Optional[Callable[[int, Dict[str, Any]], None]] = None,
) -> List[Solution]:
    """Solves every state on all cores, with one plan and its tables
    loaded once (as ``slidepuzzle solve --file`` does).

    ``states`` is a sequence of states (any form :func:`configuration`
    takes) or a numpy array of shape (N, cells) or (N, H, W). ``timeout``
    bounds each instance (and is its anytime budget, as in :func:`solve`);
    ``on_improvement(index, dict)`` is called on this thread with each
    shorter answer of an instance's anytime solve. Returns one :class:`Solution` per state in
    order; unsolved ones have ``status`` ``"unsolvable"`` or ``"stopped"``
    and a ``reason`` (nothing is raised for them). The GIL is released.
    """
    p, cells = _pack(states, puzzle)
    g = _goal(p, goal)
    return _native.solve_many(
        p, cells, g, metric=metric, algorithm=algorithm, heuristic=heuristic,
        timeout=timeout, max_nodes=max_nodes, max_memory_mb=max_memory_mb,
        on_improvement=on_improvement,
    )


def _progress_reporter(progress, what: str, unit: str):
    """``(report, close)`` for ``progress`` (see :func:`distances`):
    ``report(done, total)`` or None, and a function that ends the display."""
    if progress is False or progress is None:
        return None, lambda: None
    if callable(progress):
        return progress, lambda: None
    import sys
    import time

    started = time.monotonic()
    state = {"bar": None, "line": False}
    try:
        from tqdm.auto import tqdm
    except ImportError:
        tqdm = None

    def report(done, total):
        if state["bar"] is None and not state["line"]:
            if time.monotonic() - started < 2:
                return
            if tqdm is not None:
                state["bar"] = tqdm(total=total, desc=what, unit=unit, initial=0)
            elif sys.stderr.isatty():
                state["line"] = True
            else:
                return
        if state["bar"] is not None:
            state["bar"].update(done - state["bar"].n)
        else:
            print(f"\r{what}: {done}/{total} {unit}s", end="", file=sys.stderr, flush=True)

    def close():
        if state["bar"] is not None:
            state["bar"].close()
        elif state["line"]:
            print(file=sys.stderr)

    return report, close


def distances(
    states: Iterable[StateLike],
    puzzle: Optional[PuzzleLike] = None,
    goal: Optional[StateLike] = None,
    *,
    metric: str = "stm",
    timeout: Optional[float] = None,
    max_memory_mb: Optional[int] = None,
    return_method: bool = False,
    progress=True,
):
    """Exact distances (optimal solution lengths) from each state to the
    goal: the labels a learned heuristic is trained and tested on.

    Returns a numpy ``int32`` array of shape (N,): the number of moves in
    ``metric``, ``-1`` where the goal is unreachable, ``-2`` where
    ``timeout`` (seconds per instance) stopped the search. With
    ``return_method=True`` returns ``(array, method)``.

    The library decides how: on puzzles whose whole state space fits a
    one-byte-per-configuration table (the 8-puzzle: 181,440 entries, a few
    milliseconds) one breadth-first search answers every state; on larger
    ones (the 15-puzzle) every state is solved optimally with pattern
    databases, on all cores. Needs numpy.

    ``progress``: ``True`` (the default) shows a progress bar once the
    work has run 2 s (tqdm when it is installed, in notebooks too; else a
    line on stderr when it is a terminal); ``False`` shows nothing; a
    callable is called as ``progress(done, total)`` about 20 times a
    second while the work runs, and once at the end.
    """
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - exercised without numpy only
        raise ImportError("distances returns a numpy array: pip install numpy") from None
    p, cells = _pack(states, puzzle)
    g = _goal(p, goal)
    report, close = _progress_reporter(progress, "distances", "state")
    try:
        raw, method = _native.distances(
            p, cells, g, metric=metric, timeout=timeout, max_memory_mb=max_memory_mb, progress=report
        )
    finally:
        close()
    out = np.frombuffer(raw, dtype="<i4").astype(np.int32)
    return (out, method) if return_method else out


@dataclass(frozen=True)
class Verdict:
    """Whether the goal is reachable, and why (Wilson's theorem and its
    extensions, decided in O(V + E))."""

    solvable: bool
    reason: str
    #: The test that decided: ``blocks``, ``tile-classes``, ``cycle``, ...
    decided_by: str = ""

    def __bool__(self) -> bool:
        return self.solvable


def check(state: StateLike, puzzle: Optional[PuzzleLike] = None, goal: Optional[StateLike] = None) -> Verdict:
    """Decides in linear time whether ``goal`` can be reached from ``state``."""
    p, start, g = _resolve(state, puzzle, goal)
    solvable, reason, decided_by = _native.check(p, start, g)
    return Verdict(solvable, reason, decided_by)


@dataclass(frozen=True)
class Permutation:
    """A position seen as a permutation, in seed 001's conventions.

    ``cycles`` is GAP cycle notation with 1-based points: point ``p`` maps
    to the label of the tile on it, a tile's label being its goal position
    (1-based) and the blank labelled ``hole_label`` = n. ``toroidal`` (plain
    boards only) holds the toroidal model's coordinates: ``element`` (as
    the seed writes it, tokens * up counter * left counter),
    ``tokens``, ``rows_rolled``, ``columns_rolled`` and ``degree``."""

    cycles: str
    parity: str
    cycle_type: List[Tuple[int, int]]
    order: int
    hole_label: int
    toroidal: Optional[dict]


def permutation(state: StateLike, puzzle: Optional[PuzzleLike] = None, goal: Optional[StateLike] = None) -> Permutation:
    """Seed 001's two views of a one-blank position: its permutation in
    cycle notation, and on boards its coordinates in the toroidal model.
    Raises ``ValueError`` with several blanks."""
    p, start, g = _resolve(state, puzzle, goal)
    d = json.loads(_native.permutation_json(p, start, g))
    return Permutation(
        cycles=d["permutation"],
        parity=d["parity"],
        cycle_type=[tuple(x) for x in d["cycle_type"]],
        order=int(d["order"]),
        hole_label=d["hole_label"],
        toroidal=d["toroidal"],
    )


@dataclass(frozen=True)
class Analysis:
    """The structure of a puzzle (docs/THEORY.md): blocks and articulation
    points, the puzzle group (Wilson 1974 and its extension to any graph),
    its order and the number of reachable configurations (Python ints).

    With a goal of several blanks (``blanks`` >= 2) the group is that of
    the arrangements with the blanks back on the goal's vertices;
    ``everything_reachable`` and ``reason`` give docs/THEORY.md section 4's
    criterion, ``hallway`` the longest hallway, ``blank_sets`` the blank
    sets reachable; ``blank_vertex``, ``group`` and ``classes`` are None,
    and the counts are None where the library has no exact method.

    On a puzzle with one-way edges (``one_way``), ``strongly_connected``
    says whether every vertex reaches every other along the arcs; the
    group (one blank, strongly connected) is the underlying graph's by
    the reversal theorem (docs/THEORY.md section 7), ``components`` counts
    the strong components, and ``raw`` holds the one-way counts.

    On a puzzle whose tiles turn (``modulus`` k: orientations in Z_k),
    ``group`` is the class in words (docs/THEORY.md section 8: the whole
    generalised symmetric group Z_k wr S_m, an index-two subgroup, ...),
    ``group_order`` its order by Schreier-Sims, and ``raw`` holds the
    invariants and the closed form's order.

    On a puzzle whose slides exchange two other tiles (Conway's M13,
    ``m13``), ``group`` is the hole's group as the computation names it
    (``M12``), and ``raw`` holds its transitivity, whether it is simple
    and its number of conjugacy classes."""

    puzzle: str
    vertices: int
    edges: int
    components: int
    bipartite: Optional[bool]
    cyclomatic_number: Optional[int]
    articulation_points: List[int]
    blocks: List[dict]
    blank_vertex: Optional[int]
    group: Optional[str]
    group_order: Optional[int]
    reachable_configurations: Optional[int]
    classes: Optional[int]
    blanks: int = 1
    everything_reachable: Optional[bool] = None
    reason: Optional[str] = None
    hallway: Optional[int] = None
    blank_sets: Optional[int] = None
    one_way: bool = False
    strongly_connected: Optional[bool] = None
    modulus: Optional[int] = None
    raw: dict = field(repr=False, default_factory=dict)


def analyze(
    puzzle: PuzzleLike = "4x4",
    goal: Optional[StateLike] = None,
    *,
    blanks: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory_mb: Optional[int] = None,
) -> Analysis:
    """Blocks, the puzzle group and its order, reachable configurations;
    with several blanks (``blanks``, or a goal with several 0s), the
    several-blank analysis.

    ``timeout`` (seconds) and ``max_memory_mb`` bound the work as
    ``slidepuzzle analyze --timeout --memory`` does: a turning puzzle's
    Schreier-Sims stops and the answer leaves its order out (the closed
    form still gives it); other work that passes a limit raises
    :class:`LimitExceeded` naming it. Ctrl-C raises ``KeyboardInterrupt``.
    """
    p = _puzzle(puzzle)
    g = p.solved(blanks) if goal is None else configuration(goal, p, blanks)
    d = json.loads(_native.analyze_json(p, g, timeout=timeout, max_memory_mb=max_memory_mb))
    big = lambda key: int(d[key]) if key in d else None  # noqa: E731
    if "modulus" in d:
        return Analysis(
            puzzle=d["spec"],
            vertices=d["vertices"],
            edges=d["edges"],
            components=1,
            bipartite=d["bipartite"],
            cyclomatic_number=None,
            articulation_points=[],
            blocks=[],
            blank_vertex=d["blank_vertex"],
            group=d["summary"],
            group_order=int(d["group_order"]) if d.get("group_order") is not None else None,
            reachable_configurations=None,
            classes=None,
            modulus=d["modulus"],
            raw=d,
        )
    if "transitivity" in d:
        # Slides that exchange two other tiles (Conway's M13): the hole's
        # group by computation; ``raw`` holds its transitivity, whether it
        # is simple and its conjugacy classes.
        return Analysis(
            puzzle=d["spec"],
            vertices=d["vertices"],
            edges=d["edges"],
            components=1,
            bipartite=None,
            cyclomatic_number=None,
            articulation_points=[],
            blocks=[],
            blank_vertex=d["hole_vertex"],
            group=d["group"],
            group_order=int(d["group_order"]),
            reachable_configurations=int(d["reachable_configurations"]),
            classes=None,
            raw=d,
        )
    if d.get("one_way"):
        return Analysis(
            puzzle=d["puzzle"],
            vertices=d["vertices"],
            edges=d["one_way_edges"] + d["two_way_edges"],
            components=len(d["strong_components"]),
            bipartite=None,
            cyclomatic_number=None,
            articulation_points=[],
            blocks=[],
            blank_vertex=None,
            group=d.get("group"),
            group_order=big("group_order") if d.get("group_order") is not None else None,
            reachable_configurations=None,
            classes=None,
            blanks=d["blanks"],
            reason=d["reason"],
            one_way=True,
            strongly_connected=d["strongly_connected"],
            raw=d,
        )
    return Analysis(
        puzzle=d["puzzle"],
        vertices=d["vertices"],
        edges=d["edges"],
        components=d["components"],
        bipartite=d["bipartite"],
        cyclomatic_number=d["cyclomatic_number"],
        articulation_points=d["articulation_points"],
        blocks=d["blocks"],
        blank_vertex=d.get("blank_vertex"),
        group=d.get("group"),
        group_order=big("group_order"),
        reachable_configurations=big("reachable_configurations"),
        classes=big("classes"),
        blanks=d.get("blanks", 1),
        everything_reachable=d.get("everything_reachable"),
        reason=d.get("reason"),
        hallway=d.get("hallway"),
        blank_sets=big("blank_sets"),
        raw=d,
    )


def plan(
    puzzle: PuzzleLike = "4x4",
    goal: Optional[StateLike] = None,
    *,
    metric: str = "stm",
    algorithm: str = "auto",
    heuristic: str = "auto",
) -> str:
    """How :func:`solve` would solve this puzzle, and why, in words."""
    p = _puzzle(puzzle)
    return _native.plan(p, _goal(p, goal), metric=metric, algorithm=algorithm, heuristic=heuristic)


def scramble(
    puzzle: PuzzleLike = "4x4",
    n: Optional[int] = None,
    *,
    seed: Optional[int] = None,
    goal: Optional[StateLike] = None,
    moves: Optional[int] = None,
    blanks: Optional[int] = None,
):
    """Uniformly random configurations reachable from the goal (not a
    random walk): one :class:`Configuration`, or a list of ``n``. With
    ``moves``, the ends of random walks of that many moves from the goal
    instead (no move undoes the one before; at most ``moves`` from the goal:
    scrambles of chosen difficulty). ``blanks`` (or a goal with several 0s)
    sets the number of blanks. The same seed gives the same sequence as
    ``slidepuzzle scramble --seed [--moves]``."""
    p = _puzzle(puzzle)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    count = 1 if n is None else n
    if count < 0:
        raise ValueError(f"n must be 0 or more, got {count}")
    if moves is not None and moves < 0:
        raise ValueError(f"moves must be 0 or more, got {moves}")
    g = p.solved(blanks) if goal is None else configuration(goal, p, blanks)
    configs = _native.scramble(p, g, count, seed, moves)
    return configs[0] if n is None else configs


@dataclass(frozen=True)
class GodsReport:
    """A complete breadth-first search from the goal: ``states`` reachable,
    God's number (``diameter``), the number of configurations at each
    distance and the antipodes (as strings)."""

    puzzle: str
    metric: str
    states: int
    diameter: int
    distribution: List[int]
    antipode_count: int
    antipodes: List[str]
    engine: str
    seconds: float


def godsnumber(
    puzzle: PuzzleLike = "3x3",
    goal: Optional[StateLike] = None,
    *,
    metric: str = "stm",
    max_memory_mb: int = 4096,
    max_antipodes: int = 10,
) -> GodsReport:
    """God's number of a small puzzle by complete search (the 8-puzzle: 31
    in STM). Refused up front (:class:`LimitExceeded`) above the memory
    budget."""
    p = _puzzle(puzzle)
    d = json.loads(
        _native.godsnumber_json(p, _goal(p, goal), metric, max_memory_mb * (1 << 20), max_antipodes)
    )
    return GodsReport(**d)


def render(
    obj: Any,
    puzzle: Optional[PuzzleLike] = None,
    *,
    scheme: str = "fringe",
    labels: str = "number",
    goal: Optional[StateLike] = None,
    move_seconds: float = 0.2,
) -> str:
    """SVG of a configuration (any state form), a :class:`Puzzle` (its
    solved state) or a :class:`Solution` (animated, ``move_seconds`` per
    move). ``scheme``: fringe, rainbow, rows, columns, grids, plain;
    ``labels``: number, none, goal."""
    if isinstance(obj, Solution):
        return obj.animation(move_seconds)
    if isinstance(obj, Puzzle):
        c = obj.solved()
    else:
        c = configuration(obj, puzzle)
    p = c.puzzle
    return _native.render_svg(p, c, _goal(p, goal, len(c.blanks)), scheme, labels)


def cache_dir() -> str:
    """Where pattern databases are cached (shared with the command line)."""
    return _native.cache_dir()
