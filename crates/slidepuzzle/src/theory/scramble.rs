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

use std::collections::BTreeMap;

use super::blocks::{BlockKind, decompose};
use super::rooted::root_blocks;
use super::theta0::theta0_group;
use super::tile_classes::TileClasses;
use crate::error::{Error, Result, or_fallback};
use crate::model::{Configuration, Puzzle};
use crate::primitives::budget::Budget;
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

/// The scrambles every face gives (`scramble`, the web API, Python): with
/// `moves` None uniform ones ([`seeded_scrambles`]), else random walks of
/// that many moves ([`seeded_walks`]), from one seed.
///
/// # Errors
/// Each item as [`uniform_reachable`] or [`random_walk`].
pub fn scrambles<'a>(
    puzzle: &'a Puzzle,
    goal: &'a Configuration,
    seed: u64,
    moves: Option<u64>,
) -> Box<dyn Iterator<Item = Result<Configuration>> + 'a> {
    scrambles_within(puzzle, goal, seed, moves, Budget::default())
}

/// [`scrambles`] within `budget`: a random walk reads the deadline and
/// the cancel flag every 65,536 moves.
///
/// # Errors
/// Each item as [`scrambles`]; [`Error::Stopped`] when a limit stops a
/// walk.
pub fn scrambles_within<'a>(
    puzzle: &'a Puzzle,
    goal: &'a Configuration,
    seed: u64,
    moves: Option<u64>,
    budget: Budget,
) -> Box<dyn Iterator<Item = Result<Configuration>> + 'a> {
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    match moves {
        None => Box::new(seeded_scrambles(puzzle, goal, seed)),
        Some(m) => {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            Box::new(std::iter::repeat_with(move || {
                random_walk_within(puzzle, goal, m, &mut rng, &budget)
            }))
        }
    }
}

/// The longest random walk [`random_walk`] takes, in moves.
pub const MAX_WALK_MOVES: u64 = 100_000_000;

/// Random walks from a seed, the sequence every face gives for the same
/// seed (`scramble --moves N --seed S`, the web API's `"moves"`, Python's
/// `scramble(..., moves=N)`): [`random_walk`]s of `moves` moves from `goal`
/// drawn from one ChaCha8 generator seeded with `seed`.
///
/// ```
/// use slidepuzzle::{theory::seeded_walks, Puzzle};
/// let p = Puzzle::parse("4x4").unwrap();
/// let walks: Vec<_> = seeded_walks(&p, &p.default_goal(), 10, 1).take(2).collect::<Result<_, _>>().unwrap();
/// assert_eq!(walks.len(), 2);
/// ```
///
/// # Errors
/// Each item as [`random_walk`].
pub fn seeded_walks<'a>(
    puzzle: &'a Puzzle,
    goal: &'a Configuration,
    moves: u64,
    seed: u64,
) -> impl Iterator<Item = Result<Configuration>> + 'a {
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    std::iter::repeat_with(move || random_walk(puzzle, goal, moves, &mut rng))
}

/// The end of a random walk of `moves` single-tile moves from `goal`, any
/// number of blanks: each move is drawn uniformly from the legal ones (a
/// tile beside a blank slides into it) except the one undoing the move
/// before, unless it is the only one. Not uniform over the reachable
/// configurations (see the module docs): it controls difficulty, as
/// speedsolving tools' "random moves" scrambles and curriculum learning
/// want; the end is at most `moves` from the goal. Stops early if no tile
/// can move. O(moves k d) for k blanks of degree at most d.
///
/// ```
/// use rand::SeedableRng;
/// use slidepuzzle::{theory::scramble::random_walk, Configuration, Puzzle};
/// let p = Puzzle::parse("3x3").unwrap();
/// let goal = Configuration::natural_with_blanks(9, 2);
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let one = random_walk(&p, &goal, 1, &mut rng).unwrap();
/// // One move from the goal: exactly two cells differ.
/// assert_eq!(one.cells().iter().zip(goal.cells()).filter(|(a, b)| a != b).count(), 2);
/// ```
///
/// # Errors
/// [`Error::Unsupported`] if `goal` has no blank; [`Error::Limit`] above
/// [`MAX_WALK_MOVES`] moves.
pub fn random_walk<R: Rng + ?Sized>(
    puzzle: &Puzzle,
    goal: &Configuration,
    moves: u64,
    rng: &mut R,
) -> Result<Configuration> {
    random_walk_within(puzzle, goal, moves, rng, &Budget::default())
}

/// How often (in moves) a walk reads its budget's clock and cancel flag.
const WALK_CHECK_EVERY: u64 = 1 << 16;

/// [`random_walk`] within `budget` (its deadline and cancel flag, read
/// every 65,536 moves).
///
/// # Errors
/// As [`random_walk`]; [`Error::Stopped`] when a limit stops the walk.
pub(crate) fn random_walk_within<R: Rng + ?Sized>(
    puzzle: &Puzzle,
    goal: &Configuration,
    moves: u64,
    rng: &mut R,
    budget: &Budget,
) -> Result<Configuration> {
    if moves > MAX_WALK_MOVES {
        return Err(Error::limit(
            crate::error::Resource::Moves,
            moves,
            MAX_WALK_MOVES,
        ));
    }
    if let Some(r) = puzzle.rotating() {
        return rotation_walk(r, goal, moves, rng, budget);
    }
    let k = goal.blanks().len();
    if k == 0 {
        return Err(Error::Unsupported("a scramble needs a blank".into()));
    }
    let mut config = goal.clone();
    let mut blanks = goal.blanks();
    // The last move as (from, to); its undoing slides the tile back.
    let mut last: Option<(usize, usize)> = None;
    // Legal moves as (index of the blank, the tile's vertex).
    let mut legal: Vec<(usize, usize)> = Vec::new();
    for i in 0..moves {
        if i % WALK_CHECK_EVERY == WALK_CHECK_EVERY - 1 {
            budget.check(&format!("a random walk of {moves} moves"))?;
        }
        legal.clear();
        for (j, &b) in blanks.iter().enumerate() {
            // Backward on one-way puzzles: the tile on u slides back into
            // b, so the walk's end reaches the goal.
            for &u in puzzle.blank_moves_back(b) {
                if config.tile_at(u) != 0 && last != Some((b, u)) {
                    legal.push((j, u));
                }
            }
        }
        if legal.is_empty() {
            // Only the undoing move is left, or nothing moves at all.
            match last.and_then(|(from, to)| Some((blanks.iter().position(|&b| b == from)?, to))) {
                Some(back) => legal.push(back),
                None => break,
            }
        }
        let (j, u) = legal[rng.random_range(0..legal.len())];
        let b = blanks[j];
        puzzle.slide(&mut config, u, b);
        blanks[j] = u;
        last = Some((u, b));
    }
    Ok(config)
}

/// [`random_walk`] on a rotating puzzle: `moves` turns, each drawn
/// uniformly from the puzzle's turns except the one undoing the turn
/// before (unless it is the only one). O(moves L) for cycles of length
/// at most L.
fn rotation_walk<R: Rng + ?Sized>(
    puzzle: &crate::model::rotating::RotatingPuzzle,
    goal: &Configuration,
    moves: u64,
    rng: &mut R,
    budget: &Budget,
) -> Result<Configuration> {
    let turns = puzzle.moves();
    // A 2-cycle's one turn undoes itself.
    let undoing = |t: crate::model::rotating::Rotation| {
        if puzzle.cycles()[t.cycle as usize].len() == 2 {
            t
        } else {
            t.inverse()
        }
    };
    let mut cells = goal.cells().to_vec();
    let mut back = None;
    let mut allowed = Vec::with_capacity(turns.len());
    for i in 0..moves {
        if i % WALK_CHECK_EVERY == WALK_CHECK_EVERY - 1 {
            budget.check(&format!("a random walk of {moves} turns"))?;
        }
        allowed.clear();
        allowed.extend(turns.iter().copied().filter(|&t| Some(t) != back));
        if allowed.is_empty() {
            allowed.extend(back);
        }
        let t = allowed[rng.random_range(0..allowed.len())];
        puzzle.apply(&mut cells, t);
        back = Some(undoing(t));
    }
    Configuration::from_cells(cells, 0)
}

/// Draws one configuration uniformly from those reachable from `goal`.
///
/// With several blanks (`several_blanks`): uniform on every connected
/// graph (the everything-reachable criterion, cycles, or the marked-tile
/// classes; docs/THEORY.md section 4); on a disconnected graph uniform if
/// one of [`REJECTION_DRAWS`] uniform placements passes the exact
/// reachability test, otherwise the end of a random walk of 64 n moves
/// (near the goal's class, not exactly uniform). A puzzle with one-way
/// edges must be strongly connected: it then reaches what its two-way
/// version reaches (docs/THEORY.md section 7), which this samples. Tiles
/// that turn with several blanks: the end of a random walk of 64 n k
/// moves (near uniform, not exactly).
///
/// # Errors
/// [`Error::Unsupported`] if `goal` has no blank; as
/// [`super::blanks::check_several_blanks`].
pub fn uniform_reachable<R: Rng + ?Sized>(
    puzzle: &Puzzle,
    goal: &Configuration,
    rng: &mut R,
) -> Result<Configuration> {
    if let Some(r) = puzzle.rotating() {
        // A uniform element of each piece's group (Schreier-Sims).
        let cells = super::rotating::scramble(r, goal.cells(), rng.random::<u64>())?;
        return Configuration::from_cells(cells, 0);
    }
    match goal.blanks().len() {
        0 => return Err(Error::Unsupported("a scramble needs a blank".into())),
        1 if puzzle.exchanges().is_some() => {
            return super::exchanges::uniform(puzzle, goal, rng);
        }
        1 if puzzle.turns().is_some() => {
            // Positions uniformly, then orientations (docs/THEORY.md 8.2).
            let goal = puzzle.orient(goal.clone())?;
            let plain = puzzle.without_turns();
            let positions = uniform_reachable(&plain, &goal.without_orientations(), rng)?;
            if let Some(c) = super::turning::orient_uniformly(puzzle, &goal, &positions, rng)? {
                return Ok(c);
            }
            let k = puzzle.turns().map_or(1, |t| t.modulus() as u64);
            return random_walk(puzzle, &goal, 64 * goal.len() as u64 * k, rng);
        }
        1 => {}
        _ => {
            puzzle.require_no_exchanges("a uniform scramble with several blanks")?;
            puzzle.require_reversible(
                "a uniform scramble (a random walk, scramble --moves N, works on any)",
            )?;
            if let Some(t) = puzzle.turns() {
                // No uniform sampler for turning tiles with several blanks
                // yet: the end of a random walk long enough to mix the
                // places and the turns (64 n k moves), as one blank does
                // off the closed form.
                let k = u64::from(t.modulus());
                let goal = puzzle.orient(goal.clone())?;
                return random_walk(puzzle, &goal, 64 * goal.len() as u64 * k, rng);
            }
            return several_blanks(puzzle, goal, rng);
        }
    }
    puzzle.require_reversible(
        "a uniform scramble (a random walk, scramble --moves N, works on any)",
    )?;
    let graph = puzzle.graph();
    let (component, _) = graph.components();
    let home = goal.blank();
    let candidates: Vec<usize> = (0..graph.vertex_count())
        .filter(|&v| component[v] == component[home])
        .collect();
    let b = candidates[rng.random_range(0..candidates.len())];
    let path = graph.shortest_path(home, b).expect("same component");
    // Along the path on the graph itself: on a one-way puzzle some of these
    // moves go against the arcs, but a strongly connected one reaches what
    // its two-way version reaches (docs/THEORY.md section 7).
    let mut moved = goal.cells().to_vec();
    for step in path.windows(2) {
        moved.swap(step[0], step[1]);
    }
    let moved = Configuration::from_cells(moved, 1)?;
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

/// Exactly uniform with k >= 2 blanks on a connected graph: every blank
/// set is reachable and each holds the same number of reachable
/// arrangements, so draw the blank set uniformly, then fill it as the
/// reachable set allows. On a cycle that is the goal's cyclic order of
/// tiles at a uniform rotation; elsewhere every tile vertex's class
/// ([`TileClasses`]) must hold the goal's tiles of that class, in any
/// order (docs/THEORY.md section 4.3). O(V + E) per draw after the
/// classes; `None` beyond their size limit.
fn by_classes<R: Rng + ?Sized>(
    puzzle: &Puzzle,
    goal: &Configuration,
    rng: &mut R,
) -> Result<Option<Configuration>> {
    let graph = puzzle.graph();
    let (n, k) = (graph.vertex_count(), goal.blanks().len());
    let mut vertices: Vec<usize> = (0..n).collect();
    let (chosen, _) = vertices.partial_shuffle(rng, k);
    let mut cells = vec![1u32; n];
    for &b in chosen.iter() {
        cells[b] = 0;
    }
    if let Some(order) = super::blanks::cycle_order(graph) {
        let tiles: Vec<u32> = order
            .iter()
            .map(|&v| goal.tile_at(v))
            .filter(|&t| t != 0)
            .collect();
        let shift = rng.random_range(0..tiles.len().max(1));
        let mut next = tiles.iter().cycle().skip(shift);
        for &v in &order {
            if cells[v] != 0 {
                cells[v] = *next.next().expect("cycles forever");
            }
        }
        return Configuration::from_cells(cells, k).map(Some);
    }
    let Some(mut classes) = or_fallback(TileClasses::new(graph, k))? else {
        return Ok(None);
    };
    let of_goal = classes.classes(goal)?;
    let at = classes.classes_of_cells(&cells)?;
    // Classes in a fixed order, so a seed gives the same scramble every run.
    let mut tiles_of: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for (v, &c) in of_goal.iter().enumerate() {
        if c != u32::MAX {
            tiles_of.entry(c).or_default().push(goal.tile_at(v));
        }
    }
    for tiles in tiles_of.values_mut() {
        tiles.shuffle(rng);
    }
    for v in 0..n {
        if cells[v] != 0 {
            let tile = tiles_of.get_mut(&at[v]).and_then(Vec::pop);
            cells[v] = tile.ok_or_else(|| {
                Error::Unsupported(format!(
                    "internal: vertex {v}'s class holds more vertices than tiles (a bug; please report it)"
                ))
            })?;
        }
    }
    Configuration::from_cells(cells, k).map(Some)
}

/// Uniform placements tried by `several_blanks` before its random walk.
pub const REJECTION_DRAWS: usize = 32;

/// [`uniform_reachable`] with several blanks.
///
/// # Errors
/// As [`super::blanks::check_several_blanks`].
pub(crate) fn several_blanks<R: Rng + ?Sized>(
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
    if connected && let Some(c) = by_classes(puzzle, goal, rng)? {
        return Ok(c);
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
