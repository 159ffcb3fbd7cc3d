//! The constructive solver with several blanks: one blank does the work,
//! the others are free room.
//!
//! With k blanks, call one of them *the* blank and give the other k - 1
//! the numbers of extra tiles (*virtual tiles*). A one-blank solution of
//! that puzzle ([`super::graph`]: block by block, Wilson's 3-cycles) is a
//! solution of the k-blank puzzle once the steps that swap the blank with
//! a virtual tile are dropped (they exchange two blanks: nothing moves).
//! Which goal blank receives the blank and which virtual tile goes where
//! is free, and it decides whether the one-blank puzzle is solvable
//! (Wilson's parity on bipartite graphs, the blocks' groups on separable
//! ones): every goal vertex for the blank is tried, each with the virtual
//! tiles in order and with the first two exchanged, and the first
//! assignment that [`crate::theory::check`] accepts is solved. That is
//! 2k linear-time tests.
//!
//! This covers every instance the blanks' one-blank groups can reach: all
//! of them on 2-connected graphs other than cycles (where one blank already
//! gives A_n or S_n, and the exchange of two virtual tiles fixes the
//! parity). Cycles go to [`super::cycle`], which solves every reachable
//! instance. Instances that need several blanks at once (tiles passing
//! each other through a hallway, as on trees) go to [`super::exchange`]:
//! sorting by exchanges at junctions, conjugated by marked-tile routes.
//! On a disconnected graph each component is solved on its own (tiles
//! never cross between components).
//!
//! The steps are then cut of loops: whatever lies between two visits of
//! the same configuration ([`super::shorten::remove_step_loops`]), which
//! the virtual tiles hide from the one-blank construction.
//!
//! O(k (V + E)) for the assignment plus the one-blank construction's cost
//! (polynomial; see [`super::graph`]).

use crate::error::{Error, Result};
use crate::model::{Configuration, Puzzle};
use crate::search::Limits;
use crate::theory::check;

/// Solves `start` -> `goal` (the same number k >= 1 of blanks) on
/// `puzzle` constructively; the steps are the tile's `(from, to)`
/// vertices. Not optimal. Stopped by `limits` (deadline, cancellation)
/// between blocks and tiles.
///
/// # Errors
/// [`Error::Configuration`] if the two sides hold different tiles;
/// [`Error::Unsupported`] when neither a one-blank assignment nor
/// [`super::exchange`] solves it (see the module docs); [`Error::Stopped`] when
/// a limit stops it; as [`super::solve_graph_constructively_within`].
///
/// ```
/// use slidepuzzle::construct::several::solve_several_blanks_within;
/// use slidepuzzle::model::{Configuration, Puzzle};
/// use slidepuzzle::moves::replay_steps;
/// use slidepuzzle::search::Limits;
/// let p = Puzzle::parse("4x4").unwrap();
/// let goal = Configuration::natural_with_blanks(16, 2);
/// let start = Configuration::from_cells(
///     vec![0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 1, 0], 2).unwrap();
/// let steps = solve_several_blanks_within(&p, &start, &goal, &Limits::default()).unwrap();
/// assert_eq!(replay_steps(&p, &start, &steps).unwrap(), goal);
/// ```
pub fn solve_several_blanks_within(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    limits: &Limits,
) -> Result<Vec<(usize, usize)>> {
    let steps = construct(puzzle, start, goal, limits)?;
    // The loop cutting's hash table, about 40 bytes per step, within the
    // memory budget.
    let affordable = limits.max_memory / super::shorten::STATE_LOOP_BYTES_PER_MOVE;
    if steps.len() as u64 > affordable {
        return Ok(steps);
    }
    Ok(super::shorten::remove_step_loops(start.cells(), &steps))
}

/// [`solve_several_blanks_within`] before its loops are cut.
fn construct(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    limits: &Limits,
) -> Result<Vec<(usize, usize)>> {
    let n = puzzle.vertex_count();
    let (start_blanks, goal_blanks) = (start.blanks(), goal.blanks());
    let k = start_blanks.len();
    if k == 0 || goal_blanks.len() != k || start.len() != n || goal.len() != n {
        return Err(Error::config(
            "start and goal need one cell per vertex and the same number of blanks (at least one)",
        ));
    }
    // Tiles never cross between components: each is solved on its own.
    if puzzle.graph().components().1 > 1 {
        return by_components(puzzle, start, goal, limits);
    }
    // Cycles: tiles only rotate, and the rotation solver handles every
    // reachable instance with any number of blanks.
    if k >= 2
        && let Some(order) = crate::theory::blanks::cycle_order(puzzle.graph())
    {
        return super::cycle::solve_cycle(&order, start, goal, limits);
    }
    let tiles = (n - k) as u32;
    let mut tried = 0;
    if let Some(steps) = with_one_blank(puzzle, start, goal, tiles, limits, &mut tried)? {
        return Ok(steps);
    }
    // One real step into a blank other than the working one exchanges a
    // tile with a virtual tile while the blank stays: it flips the
    // permutation's parity alone, which no assignment does when the
    // blanks are neighbours on a bipartite graph.
    if k >= 2 {
        let spare = start_blanks[1];
        let first: Vec<usize> = puzzle
            .graph()
            .neighbors(spare)
            .iter()
            .copied()
            .filter(|&u| start.tile_at(u) != 0)
            .take(MAX_FIRST_STEPS)
            .collect();
        for u in first {
            let mut moved = start.clone();
            moved.swap(u, spare);
            if let Some(rest) = with_one_blank(puzzle, &moved, goal, tiles, limits, &mut tried)? {
                let mut steps = vec![(u, spare)];
                steps.extend(rest);
                return Ok(steps);
            }
        }
    }
    if k >= 2 {
        // Tiles that pass each other through hallways: sorting by
        // conjugated exchanges, which uses every blank.
        return super::exchange::solve_by_exchanges(puzzle, start, goal, limits);
    }
    Err(Error::Unsupported(format!(
        "the constructive solver with one blank found none of its {tried} assignments solvable"
    )))
}

/// Solves each component of a disconnected graph on its own
/// ([`Puzzle::component_puzzles`]; one blank by
/// [`super::solve_graph_constructively_within`], several by
/// [`solve_several_blanks_within`]) and joins the steps.
///
/// # Errors
/// [`Error::Configuration`] when a component holds different tiles or
/// blank counts on the two sides, or has tiles out of place and no blank;
/// as the solvers of the components.
fn by_components(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    limits: &Limits,
) -> Result<Vec<(usize, usize)>> {
    let mut steps = Vec::new();
    for part in puzzle.component_puzzles()? {
        let (s, g) = (part.cells_of(start), part.cells_of(goal));
        if s == g {
            continue;
        }
        let (s, g) = part.relabel(&s, &g)?;
        let local = match s.blanks().len() {
            0 => {
                return Err(Error::config(format!(
                    "the component of vertex {} has no blank, so nothing in it moves, and its tiles differ",
                    part.vertices[0]
                )));
            }
            1 => {
                let path =
                    super::graph::solve_graph_constructively_within(&part.puzzle, &s, &g, limits)?;
                let mut blank = s.blank();
                path.into_iter()
                    .map(|v| (v, std::mem::replace(&mut blank, v)))
                    .collect()
            }
            _ => solve_several_blanks_within(&part.puzzle, &s, &g, limits)?,
        };
        let at = &part.vertices;
        steps.extend(local.into_iter().map(|(f, t)| (at[f], at[t])));
    }
    Ok(steps)
}

/// How many first steps into the spare blank are tried.
const MAX_FIRST_STEPS: usize = 4;

/// The one-blank reduction from `start`: tries the assignments (see the
/// module docs) and solves the first solvable one; `None` when none is.
fn with_one_blank(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    tiles: u32,
    limits: &Limits,
    tried: &mut usize,
) -> Result<Option<Vec<(usize, usize)>>> {
    let (start_blanks, goal_blanks) = (start.blanks(), goal.blanks());
    let k = start_blanks.len();
    // Start: the first blank is the blank, the others virtual tiles
    // tiles+1, tiles+2, ... in vertex order.
    let mut one_start = start.cells().to_vec();
    for (i, &v) in start_blanks.iter().enumerate().skip(1) {
        one_start[v] = tiles + i as u32;
    }
    let one_start = Configuration::from_cells(one_start, 1)?;
    for real in 0..k {
        // The virtual tiles go to the other goal blanks in order; the
        // second try exchanges the first two.
        let others: Vec<usize> = (0..k).filter(|&j| j != real).collect();
        let orders: &[bool] = if others.len() >= 2 {
            &[false, true]
        } else {
            &[false]
        };
        for &exchange in orders {
            let mut cells = goal.cells().to_vec();
            for (i, &j) in others.iter().enumerate() {
                let label = match (exchange, i) {
                    (true, 0) => 2,
                    (true, 1) => 1,
                    _ => i + 1,
                };
                cells[goal_blanks[j]] = tiles + label as u32;
            }
            let one_goal = Configuration::from_cells(cells, 1)?;
            *tried += 1;
            if !check(puzzle, &one_start, &one_goal)?.solvable {
                continue;
            }
            let path = super::graph::solve_graph_constructively_within(
                puzzle, &one_start, &one_goal, limits,
            )?;
            // Keep the steps that move a real tile.
            let mut config = one_start;
            let mut blank = config.blank();
            let mut steps = Vec::with_capacity(path.len());
            for v in path {
                if config.tile_at(v) <= tiles {
                    steps.push((v, blank));
                }
                config.swap(blank, v);
                blank = v;
            }
            return Ok(Some(steps));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::replay_steps;
    use crate::theory::blanks::check_several_blanks;

    /// Disconnected graphs (a triangle with a tail, a star, a path, a
    /// 4-cycle with a chord): each component solved on its own, with one
    /// blank, several or none; feasible instances solved, the rest refused.
    #[test]
    fn disconnected_graphs_are_solved_component_by_component() {
        let p = Puzzle::parse(
            "edges:0-1,1-2,2-0,2-3,4-5,4-6,4-7,4-8,9-10,10-11,12-13,13-14,14-15,15-12,12-14",
        )
        .unwrap();
        let mut solved = 0;
        for k in [3, 5, 8] {
            let goal = Configuration::natural_with_blanks(16, k);
            for start in crate::theory::seeded_scrambles(&p, &goal, 4).take(20) {
                let start = start.unwrap();
                let steps = solve_several_blanks_within(&p, &start, &goal, &Limits::default())
                    .unwrap_or_else(|e| panic!("k={k} {:?}: {e}", start.cells()));
                assert_eq!(replay_steps(&p, &start, &steps).unwrap(), goal);
                solved += 1;
            }
        }
        assert_eq!(solved, 60);
        // A tile in the wrong component is refused, not solved.
        let goal = Configuration::natural_with_blanks(16, 3);
        let mut cells = goal.cells().to_vec();
        cells.swap(0, 5);
        let wrong = Configuration::from_cells(cells, 3).unwrap();
        assert!(solve_several_blanks_within(&p, &wrong, &goal, &Limits::default()).is_err());
    }

    #[test]
    fn random_feasible_instances_are_solved_and_replay() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(17);
        for spec in ["4x4", "5x5:torus", "petersen", "3x3x2", "random:40,30,1"] {
            let p = Puzzle::parse(spec).unwrap();
            let n = p.vertex_count();
            for k in [2, 3, 5] {
                let goal = Configuration::natural_with_blanks(n, k);
                for _ in 0..5 {
                    let mut cells = goal.cells().to_vec();
                    for i in (1..n).rev() {
                        cells.swap(i, rng.random_range(0..=i));
                    }
                    let start = Configuration::from_cells(cells, k).unwrap();
                    let feasible = check_several_blanks(&p, &start, &goal, 1_000_000)
                        .unwrap()
                        .solvable;
                    match solve_several_blanks_within(&p, &start, &goal, &Limits::default()) {
                        Ok(steps) => {
                            assert!(feasible, "{spec} k={k}: solved an infeasible instance");
                            assert_eq!(replay_steps(&p, &start, &steps).unwrap(), goal);
                        }
                        // 2-connected graphs other than cycles: every
                        // feasible instance is solved.
                        Err(Error::Unsupported(_)) => assert!(!feasible, "{spec} k={k}"),
                        Err(e) => panic!("{spec} k={k}: {e}"),
                    }
                }
            }
        }
    }
}
