//! A complete constructive solver for puzzles on any graph (one blank).
//!
//! It solves every configuration the reachability test
//! ([`crate::theory::check`]) accepts, in polynomial time, block by block
//! (docs/THEORY.md section 3):
//!
//! 1. The blank walks to its goal vertex `b`. Every block of `b`'s
//!    component is rooted at its vertex nearest `b` and owns its other
//!    vertices; a tile never leaves the block owning it.
//! 2. For each block whose tiles are not yet in place, the blank walks from
//!    `b` to the block's root, the block is solved with the blank starting
//!    and ending on its root, and the blank walks back the same way, which
//!    restores every tile on that walk.
//! 3. A block is solved by its kind: a bridge needs nothing; a cycle is
//!    rotated (the shorter way round); a block of at most
//!    [`SMALL_BLOCK_VERTICES`] vertices (theta0 among them) by A*; any other
//!    2-connected block first greedily (vertices frozen farthest from the
//!    root first, each goal tile walked there along a shortest path of the
//!    unfrozen part), then, for whatever that leaves, by conjugated
//!    3-cycles ([`super::three_cycle`]): Wilson's construction made
//!    explicit (seed 000, section 6), which reaches every even permutation
//!    on a 2-connected block that is not a cycle or theta0, plus one walk
//!    around an odd cycle for the parity on non-bipartite blocks.
//!
//! Finally moves that undo the previous one are cancelled and loops in the
//! sequence of configurations cut out
//! ([`super::shorten::remove_state_loops`]).
//!
//! Moves: O(n) conjugated 3-cycles of O(n) moves each in the worst case,
//! so O(n^2) moves for the 3-cycle stage (plus the greedy stage's
//! O(n * diameter) tile walks). Time: each greedy step and each routing is
//! a breadth-first search, O(V + E).

use std::collections::HashMap;

use super::three_cycle::{find_three_cycle, solve_with_three_cycles};
use super::walker::Walker;
use crate::error::{Error, Result, or_fallback};
use crate::model::{Configuration, Graph, Puzzle, PuzzleKind};
use crate::theory::blocks::{Block, BlockKind, decompose};
use crate::theory::rooted::root_blocks;

/// Blocks with at most this many vertices are solved optimally by A*.
pub const SMALL_BLOCK_VERTICES: usize = 10;

/// The greedy stage's exact (tile, blank) fallback is used only when at
/// most this many vertices are unfrozen (it costs their square).
const GREEDY_EXACT_MAX: usize = 300;

/// Solves `start` -> `goal` on any graph constructively; returns the blank
/// path (the caller replays it), stopped by `limits` (deadline,
/// cancellation) between blocks and between tiles. `start` must reach
/// `goal` (run [`crate::theory::check`] first).
///
/// # Errors
/// [`Error::Unsupported`] for several blanks, or if `start` cannot reach
/// `goal` (a tile outside its block, a wrong rotation on a cycle, an odd
/// permutation on a bipartite block); [`Error::Stopped`] when a limit
/// stops it; [`Error::Internal`] when the construction fails otherwise
/// (never expected).
pub(crate) fn solve_graph_constructively_within(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    limits: &crate::search::Limits,
) -> Result<Vec<usize>> {
    if start.blanks().len() != 1 || goal.blanks().len() != 1 {
        return Err(Error::Unsupported(
            "the constructive solver handles one blank".into(),
        ));
    }
    let graph = puzzle.graph();
    let b = goal.blank();
    let mut w = Walker::new(graph, start.cells());
    w.limits = limits.clone();
    let to_b = graph.shortest_path(w.blank(), b).ok_or_else(|| {
        Error::Unsupported("the blank cannot reach its goal vertex (another component)".into())
    })?;
    w.walk(&to_b);
    let blocks = decompose(graph);
    for rooted in root_blocks(graph, &blocks, b) {
        super::limits::check_walker(&w)?;
        let block = &blocks.blocks[rooted.block];
        if rooted.owned.iter().all(|&v| w.cells[v] == goal.tile_at(v)) {
            continue;
        }
        let out = graph
            .shortest_path(b, rooted.root)
            .expect("the block is in b's component");
        w.allowed.fill(true);
        w.walk(&out);
        let mut target = goal.cells().to_vec();
        target[rooted.root] = 0;
        solve_block(&mut w, block, rooted.root, &rooted.owned, &target)?;
        w.allowed.fill(true);
        let back: Vec<usize> = out.iter().rev().copied().collect();
        w.walk(&back);
    }
    if w.cells != goal.cells() {
        return Err(Error::Internal(
            "the constructive solver did not reach the goal".into(),
        ));
    }
    let path = cancel_reversals(start.blank(), std::mem::take(&mut w.path));
    if path.len() > super::shorten::STATE_LOOP_MAX_MOVES {
        return Ok(path);
    }
    Ok(super::shorten::remove_state_loops(start.cells(), &path))
}

/// Drops moves that undo the move before them (in place: the blank's
/// position before the last kept move is the entry before it, or the
/// start).
fn cancel_reversals(start_blank: usize, path: Vec<usize>) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::with_capacity(path.len());
    for v in path {
        let before_last = match out.len() {
            0 => None,
            1 => Some(start_blank),
            k => Some(out[k - 2]),
        };
        if before_last == Some(v) {
            out.pop();
        } else {
            out.push(v);
        }
    }
    out
}

/// Solves one block: the blank is on `root` and must end there; `target`
/// gives the wanted tile for each of the block's vertices (0 on `root`).
fn solve_block(
    w: &mut Walker,
    block: &Block,
    root: usize,
    owned: &[usize],
    target: &[u32],
) -> Result<()> {
    let mut mask = vec![false; w.cells.len()];
    for &v in &block.vertices {
        mask[v] = true;
    }
    w.allowed.clone_from(&mask);
    match block.kind {
        BlockKind::Bridge => Err(Error::Unsupported(format!(
            "tile {} cannot cross the bridge to vertex {} (unsolvable)",
            w.cells[owned[0]], owned[0]
        ))),
        BlockKind::Cycle => rotate_cycle(w, root, owned, target),
        _ if block.vertices.len() <= SMALL_BLOCK_VERTICES => solve_part_optimally(w, target),
        _ => {
            greedy_stage(w, root, owned, target)?;
            if owned.iter().all(|&v| w.cells[v] == target[v]) && w.route_blank(root, usize::MAX) {
                return Ok(());
            }
            let unfrozen = w.allowed.iter().filter(|&&a| a).count();
            if unfrozen <= SMALL_BLOCK_VERTICES
                && w.allowed[root]
                && or_fallback(solve_part_optimally(w, target))?.is_some()
            {
                return Ok(());
            }
            w.allowed.clone_from(&mask);
            three_cycle_stage(w, &block.vertices, root, target)
        }
    }
}

/// Rotates a cycle block: `owned` in cycle order starting next to `root`.
fn rotate_cycle(w: &mut Walker, root: usize, owned: &[usize], target: &[u32]) -> Result<()> {
    let len = owned.len();
    let current: Vec<u32> = owned.iter().map(|&v| w.cells[v]).collect();
    // One lap root -> owned[0] -> .. -> owned[len-1] -> root moves the tile
    // on owned[i + 1] to owned[i]; after k laps owned[i] holds current[i + k].
    let k = (0..len)
        .find(|&k| (0..len).all(|i| current[(i + k) % len] == target[owned[i]]))
        .ok_or_else(|| {
            Error::Unsupported(
                "the tiles on a cycle are not a rotation of the goal's (unsolvable)".into(),
            )
        })?;
    let mut lap = vec![root];
    lap.extend_from_slice(owned);
    lap.push(root);
    let (laps, lap) = if k <= len - k {
        (k, lap)
    } else {
        lap.reverse();
        (len - k, lap)
    };
    for _ in 0..laps {
        w.walk(&lap);
    }
    Ok(())
}

/// Solves the allowed part (connected, containing the blank and the
/// target's blank vertex) optimally with A*.
fn solve_part_optimally(w: &mut Walker, target: &[u32]) -> Result<()> {
    let map: Vec<usize> = (0..w.cells.len()).filter(|&v| w.allowed[v]).collect();
    let local: HashMap<usize, usize> = map.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    let edges: Vec<(usize, usize)> = w
        .graph
        .edges()
        .filter(|(a, b)| w.allowed[*a] && w.allowed[*b])
        .map(|(a, b)| (local[&a], local[&b]))
        .collect();
    let sub = Puzzle::new(
        Graph::from_edges(map.len(), &edges)?,
        PuzzleKind::Graph,
        "part",
    );
    let mut label: HashMap<u32, u32> = HashMap::new();
    let goal_cells: Vec<u32> = map
        .iter()
        .map(|&v| match target[v] {
            0 => 0,
            t => {
                let l = label.len() as u32 + 1;
                label.insert(t, l);
                l
            }
        })
        .collect();
    let start_cells: Vec<u32> = map
        .iter()
        .map(|&v| match w.cells[v] {
            0 => Some(0),
            t => label.get(&t).copied(),
        })
        .collect::<Option<_>>()
        .ok_or_else(|| Error::Unsupported("a tile is outside its part".into()))?;
    let s = Configuration::from_cells(start_cells, 1)?;
    let g = Configuration::from_cells(goal_cells, 1)?;
    for v in super::small::small_optimal_path(&sub, &s, &g)? {
        w.step(map[v]);
    }
    Ok(())
}

/// Freezes owned vertices farthest from `root` first, walking each goal
/// tile there through the unfrozen part; vertices it cannot reach are left
/// for the 3-cycle stage. On return `w.allowed` marks the unfrozen part.
fn greedy_stage(w: &mut Walker, root: usize, owned: &[usize], target: &[u32]) -> Result<()> {
    let saved_limit = std::mem::replace(&mut w.exact_limit, GREEDY_EXACT_MAX);
    let dist = w.graph.distances_from(root);
    let mut order = owned.to_vec();
    order.sort_by_key(|&v| std::cmp::Reverse((dist[v], v)));
    for v in order {
        if let Err(e) = super::limits::check_walker(w) {
            w.exact_limit = saved_limit;
            return Err(e);
        }
        let tile = target[v];
        let placed = w.cells[v] == tile || {
            let at = w.pos[tile as usize];
            let mark = (w.path.len(), w.blank());
            w.allowed[at] && {
                let ok = w.move_tile(tile, v);
                if !ok {
                    w.undo_to(mark.0, mark.1);
                }
                ok
            }
        };
        if placed {
            w.allowed[v] = false;
        }
    }
    w.exact_limit = saved_limit;
    Ok(())
}

/// Finishes a 2-connected block (not a cycle, more than
/// [`SMALL_BLOCK_VERTICES`] vertices) with conjugated 3-cycles; the blank
/// is somewhere in the block and ends on `root`.
fn three_cycle_stage(w: &mut Walker, block: &[usize], root: usize, target: &[u32]) -> Result<()> {
    let tc = find_three_cycle(w.graph, &w.allowed, root)
        .ok_or_else(|| Error::Internal("no 3-cycle found in a 2-connected block".into()))?;
    // Solve for the target with the blank moved to the 3-cycle's home
    // (along `rho`), then walk `rho` backwards.
    let rho = w
        .shortest_route(root, tc.home, usize::MAX)
        .expect("the block is connected");
    let mut shifted = target.to_vec();
    for pair in rho.windows(2) {
        shifted.swap(pair[0], pair[1]);
    }
    if !w.route_blank(tc.home, usize::MAX) {
        return Err(Error::Internal("the blank cannot reach the 3-cycle".into()));
    }
    solve_with_three_cycles(w, block, &shifted, &tc)?;
    let back: Vec<usize> = rho.iter().rev().copied().collect();
    w.walk(&back);
    Ok(())
}
