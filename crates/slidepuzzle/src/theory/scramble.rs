//! Uniformly random configurations reachable from a goal.
//!
//! A random walk is not uniform (it favours configurations near the goal
//! and, on bipartite graphs, one colour class of blank positions). Instead
//! this samples the structure docs/THEORY.md section 3 describes: every vertex
//! of the goal blank's component is an equally likely blank position, and
//! for each blank position the reachable configurations are one orbit of
//! the puzzle group, a direct product over blocks. So: pick the blank's
//! vertex uniformly, walk the goal's blank there along a shortest path, then
//! apply an independent uniform element of every block's group (a uniform
//! shuffle for S_k, a shuffle fixed up by one transposition for A_k, a
//! uniform rotation for a cycle, a uniform element of the 120-group for
//! theta0). O(V + E) per sample.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use super::blocks::{BlockKind, decompose};
use super::rooted::root_blocks;
use super::theta0::theta0_group;
use crate::error::{Error, Result};
use crate::model::{Configuration, Puzzle};
use crate::moves::replay;
use crate::primitives::perm::is_odd;

/// Uniform scrambles from a seed: the sequence every face gives for the
/// same seed (`scramble --seed`, the web API, the Python package), drawn by
/// [`uniform_reachable`] from a ChaCha8 generator seeded with `seed`.
///
/// ```
/// use slidepuzzle::{theory::seeded_scrambles, Puzzle};
/// let p = Puzzle::parse("4x4").unwrap();
/// let a: Vec<_> = seeded_scrambles(&p, &p.default_goal(), 1).take(3).collect::<Result<_, _>>().unwrap();
/// let b: Vec<_> = seeded_scrambles(&p, &p.default_goal(), 1).take(3).collect::<Result<_, _>>().unwrap();
/// assert_eq!(a, b);
/// ```
///
/// # Errors
/// Each item as [`uniform_reachable`].
pub fn seeded_scrambles<'a>(
    puzzle: &'a Puzzle,
    goal: &'a Configuration,
    seed: u64,
) -> impl Iterator<Item = Result<Configuration>> + 'a {
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    std::iter::repeat_with(move || uniform_reachable(puzzle, goal, &mut rng))
}

/// Draws one configuration uniformly from those reachable from `goal`.
///
/// With several blanks ([`several_blanks`]): uniform where every
/// configuration is reachable (docs/THEORY.md section 4), or where one of
/// [`REJECTION_DRAWS`] uniform placements passes the exact reachability
/// test; otherwise the end of a random walk of 64 n moves (near the
/// goal's class, not exactly uniform).
///
/// # Errors
/// [`Error::Unsupported`] if `goal` has no blank; as
/// [`super::blanks::check_several_blanks`].
pub fn uniform_reachable<R: Rng + ?Sized>(
    puzzle: &Puzzle,
    goal: &Configuration,
    rng: &mut R,
) -> Result<Configuration> {
    match goal.blanks().len() {
        0 => return Err(Error::Unsupported("a scramble needs a blank".into())),
        1 => {}
        _ => return several_blanks(puzzle, goal, rng),
    }
    let graph = puzzle.graph();
    let (component, _) = graph.components();
    let home = goal.blank();
    let candidates: Vec<usize> = (0..graph.vertex_count())
        .filter(|&v| component[v] == component[home])
        .collect();
    let b = candidates[rng.random_range(0..candidates.len())];
    let path = graph.shortest_path(home, b).expect("same component");
    let moved = replay(puzzle, goal, &path[1..])?;
    // Blocks own disjoint vertex sets, so every block rearranges the tiles
    // of `moved` on its own vertices in one shared cell array: O(V + E).
    let mut cells = moved.cells().to_vec();
    let blocks = decompose(graph);
    for rb in root_blocks(graph, &blocks, b) {
        let block = &blocks.blocks[rb.block];
        let tiles: Vec<_> = rb.owned.iter().map(|&v| moved.tile_at(v)).collect();
        let k = tiles.len();
        let arrangement: Vec<usize> = match block.kind {
            BlockKind::Bridge => continue,
            BlockKind::Cycle => {
                let shift = rng.random_range(0..k);
                (0..k).map(|i| (i + shift) % k).collect()
            }
            BlockKind::NonBipartite | BlockKind::Bipartite => {
                let mut arr: Vec<usize> = (0..k).collect();
                arr.shuffle(rng);
                if block.kind == BlockKind::Bipartite && is_odd(&arr) && k >= 2 {
                    arr.swap(0, 1);
                }
                arr
            }
            BlockKind::Theta0 => {
                let group = theta0_group(block, rb.root, &rb.owned);
                let pick = &group[rng.random_range(0..group.len())];
                pick.iter().map(|&x| x as usize).collect()
            }
        };
        for (i, &v) in rb.owned.iter().enumerate() {
            cells[v] = tiles[arrangement[i]];
        }
    }
    Configuration::from_cells(cells, 1)
}

/// Uniform placements tried by [`several_blanks`] before its random walk.
pub const REJECTION_DRAWS: usize = 32;

/// [`uniform_reachable`] with several blanks.
///
/// # Errors
/// As [`super::blanks::check_several_blanks`].
pub fn several_blanks<R: Rng + ?Sized>(
    puzzle: &Puzzle,
    goal: &Configuration,
    rng: &mut R,
) -> Result<Configuration> {
    let k = goal.blanks().len();
    let graph = puzzle.graph();
    let connected = graph.components().1 == 1;
    let shuffled = |rng: &mut R| {
        let mut cells = goal.cells().to_vec();
        cells.shuffle(rng);
        Configuration::from_cells(cells, k)
    };
    if connected && super::blanks::everything_reachable(puzzle, k).0 {
        return shuffled(rng);
    }
    if connected {
        for _ in 0..REJECTION_DRAWS {
            let c = shuffled(rng)?;
            // Only the cheap exact tests: a bounded search is not worth it.
            match super::blanks::check_several_blanks(puzzle, &c, goal, 10_000) {
                Ok(v) if v.solvable => return Ok(c),
                Ok(_) => {}
                Err(e) if e.is_fallback() => break,
                Err(e) => return Err(e),
            }
        }
    }
    // A random walk: each step slides a random tile next to a random blank.
    let mut cells = goal.cells().to_vec();
    let mut blanks = goal.blanks();
    for _ in 0..64 * graph.vertex_count() {
        let j = rng.random_range(0..blanks.len());
        let b = blanks[j];
        let ns = graph.neighbors(b);
        if ns.is_empty() {
            continue;
        }
        let u = ns[rng.random_range(0..ns.len())];
        if cells[u] != 0 {
            cells.swap(u, b);
            blanks[j] = u;
        }
    }
    Configuration::from_cells(cells, k)
}
