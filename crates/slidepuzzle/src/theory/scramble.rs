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
/// # Errors
/// [`Error::Unsupported`] if `goal` has more than one blank.
pub fn uniform_reachable<R: Rng + ?Sized>(
    puzzle: &Puzzle,
    goal: &Configuration,
    rng: &mut R,
) -> Result<Configuration> {
    if goal.blanks().len() != 1 {
        return Err(Error::Unsupported("scramble handles one blank".into()));
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
