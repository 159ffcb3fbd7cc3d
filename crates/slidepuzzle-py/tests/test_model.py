"""Puzzles, configurations, round trips, errors."""

import time

import numpy as np
import pytest

import slidepuzzle as sp


def test_puzzle_specs_and_graphs():
    p = sp.Puzzle("4x4")
    assert p.vertex_count == 16 and p.board_size == (4, 4) and p.has_directions
    assert len(p.edges) == 24
    assert p.neighbors(0) == [1, 4]
    assert sp.Puzzle("petersen").vertex_count == 10
    assert sp.Puzzle("theta0").board_size is None
    assert p == sp.Puzzle("4x4") and hash(p) == hash(sp.Puzzle("4x4"))
    assert repr(p) == 'Puzzle("4x4")'


def test_from_edges_and_networkx():
    nx = pytest.importorskip("networkx")
    p = sp.Puzzle.from_edges([(0, 1), (1, 2), (2, 0), (2, 3)])
    assert p.vertex_count == 4 and sorted(p.edges) == [(0, 1), (0, 2), (1, 2), (2, 3)]
    g = nx.cycle_graph(["a", "b", "c", "d"])
    g.add_edge("a", "c")
    q = sp.Puzzle.from_networkx(g)
    assert q.vertex_names == ["a", "b", "c", "d"]
    assert len(q.edges) == 5
    assert sp.analyze(q).group == sp.analyze(sp.Puzzle.from_edges([(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)])).group


def test_one_way_edges():
    # A one-way triangle with a two-way tail: strongly connected, so it
    # reaches what the two-way puzzle reaches, by longer solutions.
    p = sp.Puzzle.from_edges([(2, 3)], arcs=[(0, 1), (1, 2), (2, 0)])
    a = sp.analyze(p)
    assert a.one_way and a.strongly_connected and a.group == sp.analyze(sp.Puzzle("edges:0-1,1-2,2-0,2-3")).group
    s = sp.solve([2, 1, 3, 0], p)
    assert s.optimal and s.length == 5  # a backward BFS says 5
    assert not sp.check([3, 1, 2, 0], p).solvable
    assert not sp.check([2, 1, 3, 0], sp.Puzzle("dcycle:4")).solvable
    with pytest.raises(ValueError, match="repeats item 1"):
        sp.Puzzle("arcs:0>1,0>1")
    with pytest.raises(ValueError, match="repeats item 1"):
        sp.Puzzle.from_edges([(0, 1)], arcs=[(0, 1)])


def test_tiles_that_turn():
    # A 4-cycle with a chord, one edge turning tiles a quarter.
    p = sp.Puzzle.from_edges([(0, 1), (1, 2), (2, 0), (2, 3), (3, 0)], turns=[(0, 1, 1)])
    assert p.spec == "turns:4:0-1^1,1-2,2-0,2-3,3-0"
    a = sp.analyze(p)
    assert a.modulus == 4 and a.group_order == 384  # 3! * 4^3: the whole Z_4 wr S_3
    s = sp.solve("0 1^2 3 2^2", p)
    assert s.optimal and s.length == 20  # a BFS of the 1,536 configurations says 20
    seg = sp.Puzzle("segerman")
    turned = "1^1 " + " ".join(str(t) for t in range(2, 20)) + " 0"
    v = sp.check(turned, seg)
    assert not v.solvable and "parity" in v.reason
    assert str(sp.configuration(turned, seg)) == turned
    with pytest.raises(ValueError, match="outside Z_4"):
        sp.Puzzle.from_edges([(0, 1), (1, 2), (2, 0)], turns=[(0, 1, 5)])
    with pytest.raises(ValueError, match="do not turn"):
        sp.configuration("1^1 2/3 0", "2x2")


def test_from_edges_refuses_bad_numbers_with_value_errors():
    # Issue 65 item 0: a modulus of 0 panicked (a BaseException), and
    # out-of-range numbers raised OverflowError or TypeError naming no
    # argument; a vertex of 2**64 - 1 wrapped the vertex count to 0.
    tri = [(0, 1), (1, 2), (2, 0)]
    for kwargs, needle in [
        (dict(turns=[(0, 1, 1)], modulus=0), "modulus"),
        (dict(turns=[(0, 1, 1)], modulus=1), "modulus"),
        (dict(turns=[(0, 1, 1)], modulus=300), "modulus"),
        (dict(turns=[(0, 1, 1)], modulus=-4), "modulus"),
        (dict(turns=[(0, 1, -1)]), "turns item 1"),
        (dict(turns=[(0, 1, 2**70)]), "turns item 1"),
        (dict(turns=[(0, 1)]), "turns item 1: has 2 numbers, not 3"),
        (dict(arcs=[(0, -1)]), "arcs item 1"),
        (dict(arcs=[(3, "x")]), "arcs item 1"),
        (dict(vertex_count=-3), "vertex_count"),
        (dict(vertex_count=2**80), "vertex_count"),
    ]:
        with pytest.raises(ValueError, match=needle):
            sp.Puzzle.from_edges(tri, **kwargs)
    for edges, needle in [
        ([(0, 2**64 - 1)], "too large"),
        ([(0, 2**63)], "vertices|budget|limit"),
        ([(0, -1)], "edges item 1"),
        ([(0, 1, 2)], "edges item 1: has 3 numbers, not 2"),
        (5, "edges is not a list"),
    ]:
        with pytest.raises(ValueError, match=needle):
            sp.Puzzle.from_edges(edges)
    # What is valid still works: Z_2 turns on a triangle.
    p = sp.Puzzle.from_edges(tri, turns=[(0, 1, 1)], modulus=2)
    assert p.spec == "turns:2:0-1^1,1-2,2-0"


def test_configuration_round_trips():
    text = "8 6 7/2 5 4/3 0 1"
    c = sp.configuration(text)
    assert str(c) == text
    assert c.puzzle.spec == "3x3"
    assert c.cells == [8, 6, 7, 2, 5, 4, 3, 0, 1]
    assert sp.configuration(c.cells) == c
    assert sp.configuration([[8, 6, 7], [2, 5, 4], [3, 0, 1]]) == c
    assert sp.configuration(np.array(c.cells).reshape(3, 3)) == c
    assert sp.configuration(np.array(c.cells), "3x3") == c
    assert len({c, sp.configuration(text)}) == 1
    assert c.blanks == [7]
    assert c.legal_moves() == [4, 6, 8]
    assert c.apply("R").cells == [8, 6, 7, 2, 5, 4, 0, 3, 1]
    assert c.slide(6) == c.apply("R")
    assert c.follow([6, 3]) == c.apply("RD")
    assert "Configuration(" in repr(c)
    assert "<svg" in c._repr_svg_()
    assert "<svg" in sp.render(c) and "<svg" in sp.render(sp.Puzzle("petersen"))


def test_bad_input_names_the_problem():
    with pytest.raises(ValueError, match="tile"):
        sp.configuration("1 2 3/4 5 6/7 8 8")
    with pytest.raises(ValueError, match="row|rows"):
        sp.configuration("1 2 3/4 5/6 7 0 8")
    with pytest.raises(ValueError):
        sp.Puzzle("nonsense:3")
    with pytest.raises(ValueError, match="cell 2"):
        sp.configuration([1, 2, -3, 0])
    with pytest.raises(ValueError, match="square"):
        sp.configuration([1, 2, 0])
    with pytest.raises(ValueError):
        sp.configuration("1 2 3/4 5 6/7 8 0").slide(0)
    with pytest.raises(sp.LimitExceeded):
        sp.Puzzle("100000x100000")
    assert issubclass(sp.LimitExceeded, ValueError) and issubclass(sp.Unsolvable, ValueError)
    # Named as users import them (issue 66: it printed as _native.Unsolvable).
    assert sp.Unsolvable.__module__ == "slidepuzzle" and sp.LimitExceeded.__module__ == "slidepuzzle"


def test_check_and_analyze():
    loyd = "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"
    v = sp.check(loyd)
    assert not v and "odd" in v.reason
    assert sp.check("1 2 3/4 5 6/7 0 8").solvable
    a = sp.analyze("4x4")
    assert a.group == "A_15" and a.group_order == 653837184000
    assert isinstance(a.reachable_configurations, int) and a.reachable_configurations == 16 * 653837184000
    t = sp.analyze("theta0")
    assert t.group == "PGL(2,5)" and t.reachable_configurations == 840
    assert sp.check(loyd).decided_by == "blocks"
    # Several blanks: the several-blank analysis, not the one-blank group.
    two = sp.analyze("3x3", blanks=2)
    assert two.blanks == 2 and two.everything_reachable and two.group is None
    assert two.reachable_configurations == 181440 and two.blank_sets == 36  # 9!/2!, C(9, 2)
    path = sp.analyze("path:4", "1 2 0 0")
    assert path.blanks == 2 and not path.everything_reachable and path.reachable_configurations == 6


def test_analyze_keeps_its_timeout_and_memory():
    # Issue 65: analyze takes the CLI's budget. 8x8:twist's Schreier-Sims
    # ran over 60 s; with timeout=1 it stops and the answer says so.
    t = time.monotonic()
    a = sp.analyze("8x8:twist", timeout=1)
    assert time.monotonic() - t < 5
    assert "stopped: time limit reached; no order by Schreier-Sims" in a.group
    assert a.group_order is None and a.raw["vertices"] == 64
    # complete:5000's block decomposition is counted before it starts.
    with pytest.raises(sp.LimitExceeded, match="block decomposition would need 573 MiB"):
        sp.analyze("complete:5000", max_memory_mb=500)
    with pytest.raises(ValueError, match="timeout"):
        sp.analyze("3x3", timeout=-1)


def test_permutation_views_follow_seed_001():
    v = sp.permutation("15 12 7 1/14 10 0 5/2 6 11 9/3 4 8 13")
    assert v.toroidal["element"] == "(1,9)(3,6)(4,11,12,7)(5,13)(10,15) * (16,18)(17,19) * (20,21,22,23)"
    assert (v.toroidal["rows_rolled"], v.toroidal["columns_rolled"]) == (2, 1)
    assert v.hole_label == 16 and v.parity in ("even", "odd")
    loyd = sp.permutation("1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0")
    assert loyd.cycles == "(14,15)" and loyd.parity == "odd" and loyd.cycle_type == [(2, 1)]
    assert sp.permutation("1 2 0 3 4 5 6 7 8 9", puzzle="petersen", goal="1 2 3 4 5 6 7 8 9 0").toroidal is None
    with pytest.raises(ValueError):
        sp.permutation("1 2 3/4 0 5/6 7 0", puzzle="3x3")


def test_scramble_is_seeded_and_matches_the_cli(cli):
    a = sp.scramble("4x4", 3, seed=7)
    assert a == sp.scramble("4x4", 3, seed=7)
    assert [str(c) for c in a] == cli("scramble", "--puzzle", "4x4", "--seed", "7", "--count", "3").split("\n")[:3]
    assert all(sp.check(c) for c in a)
    assert isinstance(sp.scramble("petersen", seed=1), sp.Configuration)


def test_godsnumber():
    r = sp.godsnumber("3x3")
    assert r.diameter == 31 and r.states == 181440 and r.antipode_count == 2
    with pytest.raises(sp.LimitExceeded):
        sp.godsnumber("4x4", max_memory_mb=1)


def test_scramble_moves_is_a_random_walk_within_its_length(cli):
    p = sp.Puzzle("3x3")
    walks = sp.scramble(p, 5, seed=8, moves=3)
    labels = sp.distances(walks, p)
    assert all(int(d) <= 3 and int(d) % 2 == 1 for d in labels)  # bipartite: odd
    assert [str(c) for c in walks] == cli("scramble", "--puzzle", "3x3", "--seed", "8",
                                          "--count", "5", "--moves", "3").strip().split("\n")
    two = sp.scramble("3x3", seed=1, moves=10, blanks=2)
    assert len(two.blanks) == 2
    with pytest.raises(ValueError):
        sp.scramble("3x3", moves=-1)
