"""The Gymnasium environment, checked by Gymnasium's own env checker."""

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import slidepuzzle as sp  # noqa: E402
import slidepuzzle.gym  # noqa: E402,F401


@pytest.mark.parametrize("spec", ["3x3", "petersen", "2x2x2", "4x4:torus"])
def test_env_checker(spec):
    check_env(sp.gym.SlidePuzzleEnv(spec), skip_render_check=True)


def test_registered_ids_and_masks():
    env = gymnasium.make("slidepuzzle/3x3-v0")
    obs, info = env.reset(seed=1)
    assert obs.shape == (9,) and sorted(obs.tolist()) == list(range(9))
    assert sp.check(obs.tolist(), "3x3").solvable
    mask = info["action_mask"]
    blank = int(np.flatnonzero(obs == 0)[0])
    assert sorted(np.flatnonzero(mask).tolist()) == sp.Puzzle("3x3").neighbors(blank)
    obs2, reward, terminated, truncated, info2 = env.step(int(np.flatnonzero(mask)[0]))
    assert reward == -1.0 and not info2["illegal"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    obs3, reward, *_ = env.step(illegal)
    assert reward == -1.0 and (obs3 == obs2).all()
    for env_id in sp.gym.REGISTERED:
        assert env_id in gymnasium.registry


def test_following_the_optimal_solution_terminates_with_exact_distances():
    env = sp.gym.SlidePuzzleEnv("3x3", optimal_distance=True)
    obs, info = env.reset(seed=4)
    s = sp.solve(obs.tolist(), "3x3")
    assert info["distance"] == s.length
    total = 0.0
    for k, v in enumerate(s.blank_path[1:]):  # the start first, then one vertex a move
        obs, reward, terminated, truncated, info = env.step(v)
        total += reward
        assert info["distance"] == s.length - k - 1
    assert terminated and info["solved"] and total == -s.length


def test_scramble_moves_walk_and_render():
    env = sp.gym.SlidePuzzleEnv("theta0", scramble_moves=5, render_mode="ansi")
    obs, info = env.reset(seed=0)
    assert sp.solve(obs.tolist(), "theta0").length <= 5
    assert isinstance(env.render(), str)
    svg = sp.gym.SlidePuzzleEnv("4x4", render_mode="svg")
    svg.reset(seed=0)
    assert svg.render().startswith("<svg")
