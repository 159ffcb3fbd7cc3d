"""A Gymnasium environment for any sliding puzzle (``pip install gymnasium``).

Importing this module registers these ids (each with a step limit)::

    slidepuzzle/2x2-v0   slidepuzzle/3x3-v0   slidepuzzle/4x4-v0   slidepuzzle/5x5-v0
    slidepuzzle/2x2x2-v0 slidepuzzle/petersen-v0 slidepuzzle/theta0-v0
    slidepuzzle/4x4-torus-v0

and :class:`SlidePuzzleEnv` takes any puzzle spec, :class:`~slidepuzzle.Puzzle`
or networkx graph::

    import gymnasium as gym, slidepuzzle.gym
    env = gym.make("slidepuzzle/4x4-v0")
    env = slidepuzzle.gym.SlidePuzzleEnv("theta:2,2,3", scramble_moves=20)

The environment (one blank):

* **observation**: ``int64`` array of shape ``(vertex_count,)``, the tile on
  each vertex (0 = blank), in the library's vertex numbering.
* **action**: ``Discrete(vertex_count)``; action ``v`` slides the tile on
  vertex ``v`` into the blank (the blank moves to ``v``). It is legal when
  ``v`` is next to the blank; ``info["action_mask"]`` (``int8``, shape
  ``(vertex_count,)``) and :meth:`SlidePuzzleEnv.action_masks` (for
  maskable PPO) mark the legal ones. An illegal action leaves the
  configuration unchanged and costs ``illegal_penalty``.
* **reward**: ``-1`` per move; reaching the goal ends the episode
  (``terminated``). The step limit of the registered ids truncates.
* **start**: a uniformly random reachable configuration (the library's
  scramble, seeded from the environment's generator), or with
  ``scramble_moves=k`` a random walk of ``k`` moves without immediate
  reversals.
* **info**: ``action_mask``, ``solved``, and with ``optimal_distance=True``
  ``distance`` (the exact distance to the goal, from the library's
  :func:`slidepuzzle.distances`; cheap on puzzles whose state space fits a
  table, a full optimal search on larger ones).
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as e:  # pragma: no cover - the message is the point
    raise ImportError("slidepuzzle.gym needs gymnasium: pip install gymnasium") from e

from . import Configuration, Puzzle, _native, configuration, distances, scramble

__all__ = ["SlidePuzzleEnv", "REGISTERED"]


class SlidePuzzleEnv(gymnasium.Env):
    """Slide tiles until the goal configuration is reached (see the module
    docstring for spaces, rewards and info)."""

    metadata = {"render_modes": ["ansi", "svg"], "render_fps": 4}

    def __init__(
        self,
        puzzle: Any = "4x4",
        *,
        goal: Any = None,
        scramble_moves: Optional[int] = None,
        optimal_distance: bool = False,
        illegal_penalty: float = -1.0,
        render_mode: Optional[str] = None,
    ):
        if isinstance(puzzle, Puzzle):
            self.puzzle = puzzle
        elif isinstance(puzzle, str):
            self.puzzle = Puzzle(puzzle)
        elif hasattr(puzzle, "nodes") and hasattr(puzzle, "edges"):
            self.puzzle = Puzzle.from_networkx(puzzle)
        else:
            raise TypeError("puzzle must be a spec string, a Puzzle or a networkx graph")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        if scramble_moves is not None and scramble_moves < 0:
            raise ValueError(f"scramble_moves must be 0 or more, got {scramble_moves}")
        n = self.puzzle.vertex_count
        self.goal: Configuration = self.puzzle.solved() if goal is None else configuration(goal, self.puzzle)
        if len(self.goal.blanks) != 1:
            raise ValueError("the environment handles one blank")
        self.scramble_moves = scramble_moves
        self.optimal_distance = optimal_distance
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(low=0, high=n - 1, shape=(n,), dtype=np.int64)
        self.action_space = spaces.Discrete(n)
        self._neighbors = [self.puzzle.neighbors(v) for v in range(n)]
        self._goal_cells = np.asarray(self.goal.cells, dtype=np.int64)
        self._cells = self._goal_cells.copy()
        self._blank = self.goal.blanks[0]

    # -- state -----------------------------------------------------------
    @property
    def configuration(self) -> Configuration:
        """The current configuration."""
        return self.puzzle.configuration([int(t) for t in self._cells])

    def action_masks(self) -> np.ndarray:
        """1 for each vertex whose tile can slide into the blank."""
        mask = np.zeros(self.puzzle.vertex_count, dtype=np.int8)
        mask[self._neighbors[self._blank]] = 1
        return mask

    def _solved(self) -> bool:
        return bool(np.array_equal(self._cells, self._goal_cells))

    def _info(self) -> dict:
        info = {"action_mask": self.action_masks(), "solved": self._solved()}
        if self.optimal_distance:
            info["distance"] = int(distances([self._cells], self.puzzle, self.goal)[0])
        return info

    # -- the Gymnasium API ---------------------------------------------------
    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        # The library's scramble: uniform, or its random walk of
        # scramble_moves moves, seeded from the environment's generator.
        start = scramble(
            self.puzzle,
            seed=int(self.np_random.integers(0, 2**63 - 1)),
            goal=self.goal,
            moves=self.scramble_moves,
        )
        self._cells = np.asarray(start.cells, dtype=np.int64)
        self._blank = start.blanks[0]
        return self._cells.copy(), self._info()

    def _slide(self, v: int) -> None:
        b = self._blank
        self._cells[b], self._cells[v] = self._cells[v], 0
        self._blank = v

    def step(self, action):
        v = int(action)
        if not 0 <= v < self.puzzle.vertex_count:
            raise ValueError(f"action {action!r} is not a vertex of {self.puzzle.spec}")
        if v in self._neighbors[self._blank]:
            self._slide(v)
            reward = -1.0
            illegal = False
        else:
            reward = self.illegal_penalty
            illegal = True
        info = self._info()
        info["illegal"] = illegal
        return self._cells.copy(), reward, info["solved"], False, info

    def render(self):
        if self.render_mode == "ansi":
            return self.configuration.draw()
        if self.render_mode == "svg":
            return _native.render_svg(self.puzzle, self.configuration, self.goal, "fringe", "number")
        return None


#: The registered ids and their puzzles and step limits.
REGISTERED = {
    "slidepuzzle/2x2-v0": ("2x2", 50),
    "slidepuzzle/3x3-v0": ("3x3", 200),
    "slidepuzzle/4x4-v0": ("4x4", 1000),
    "slidepuzzle/5x5-v0": ("5x5", 5000),
    "slidepuzzle/2x2x2-v0": ("2x2x2", 200),
    "slidepuzzle/petersen-v0": ("petersen", 500),
    "slidepuzzle/theta0-v0": ("theta0", 200),
    "slidepuzzle/4x4-torus-v0": ("4x4:torus", 1000),
}

for _id, (_spec, _steps) in REGISTERED.items():
    if _id not in gymnasium.registry:
        gymnasium.register(
            id=_id,
            entry_point="slidepuzzle.gym:SlidePuzzleEnv",
            kwargs={"puzzle": _spec},
            max_episode_steps=_steps,
        )
