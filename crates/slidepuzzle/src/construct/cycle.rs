//! A shortest solution on a cycle, with any number of blanks.
//!
//! On a cycle tiles never pass one another, so the reachable
//! configurations are exactly those whose tiles, read around the cycle
//! with the blanks skipped, are a rotation of the start's
//! (`docs/THEORY.md` section 4.1). Unwrap the cycle onto the integers:
//! tile j (in cyclic order from vertex `order[0]`) sits at p_j, and its
//! target g_j must keep the order, g_1 < g_2 < ... < g_m < g_1 + n, so the
//! targets are fixed once g_1 is, up to a whole turn c: the displacements
//! are d_j + c n. Every move changes one displacement by one, so a
//! solution needs at least min over c of sum |d_j + c n| moves, and this
//! solver makes exactly that many: a tile with steps left whose next
//! vertex that way is blank moves, and one always can (a tile blocked by
//! its neighbour would otherwise have to pass it). So its solutions are
//! shortest; `tests/several_blanks.rs` compares them with BFS.
//!
//! O(n + moves) time, moves <= m n for m tiles on n vertices.

use crate::error::{Error, Resource, Result};
use crate::model::Configuration;
use crate::search::Limits;

use super::limits::STEP_BYTES;

/// A shortest solution of `start` -> `goal` on the cycle whose vertices
/// in order are `order` (from [`crate::theory::blanks::cycle_order`]); the
/// steps are the tile's `(from, to)` vertices. Any number of blanks (at
/// least one). The length is known before any step is made, and is
/// checked against `limits.max_memory` (16 bytes a step): a uniform
/// scramble of a 100,000-vertex cycle needs billions of moves.
///
/// # Errors
/// [`Error::Configuration`] when the sides hold different tiles or the
/// goal's tiles are not a rotation of the start's around the cycle (not
/// reachable); [`Error::Limit`] when the solution would not fit the memory
/// budget.
///
/// ```
/// use slidepuzzle::construct::cycle::solve_cycle;
/// use slidepuzzle::model::{Configuration, Puzzle};
/// use slidepuzzle::moves::replay_steps;
/// use slidepuzzle::search::Limits;
/// use slidepuzzle::theory::blanks::cycle_order;
/// let p = Puzzle::parse("cycle:8").unwrap();
/// let goal = Configuration::from_cells(vec![1, 2, 3, 4, 5, 0, 0, 0], 3).unwrap();
/// let start = Configuration::from_cells(vec![0, 4, 5, 0, 0, 1, 2, 3], 3).unwrap();
/// let order = cycle_order(p.graph()).unwrap();
/// let steps = solve_cycle(&order, &start, &goal, &Limits::default()).unwrap();
/// assert_eq!(steps.len(), 13); // tiles 1-3 three steps on, 4 and 5 two
/// assert_eq!(replay_steps(&p, &start, &steps).unwrap(), goal);
/// ```
pub fn solve_cycle(
    order: &[usize],
    start: &Configuration,
    goal: &Configuration,
    limits: &Limits,
) -> Result<Vec<(usize, usize)>> {
    let n = order.len();
    if start.len() != n || goal.len() != n {
        return Err(Error::config(
            "start and goal need one cell per vertex of the cycle",
        ));
    }
    // Goal index of each tile.
    let mut home = vec![usize::MAX; n + 1];
    for (i, &v) in order.iter().enumerate() {
        let t = goal.tile_at(v) as usize;
        if t != 0 {
            if t > n || home[t] != usize::MAX {
                return Err(Error::config("the goal holds a tile twice or out of range"));
            }
            home[t] = i;
        }
    }
    // Tiles in cyclic order from index 0, at their indices.
    let mut at: Vec<i64> = Vec::new();
    let mut tiles: Vec<usize> = Vec::new();
    for (i, &v) in order.iter().enumerate() {
        let t = start.tile_at(v) as usize;
        if t != 0 {
            if t > n || home[t] == usize::MAX {
                return Err(Error::config(format!(
                    "tile {t} on vertex {v} is not in the goal"
                )));
            }
            at.push(i as i64);
            tiles.push(t);
        }
    }
    let (m, n64) = (tiles.len(), n as i64);
    if m == n {
        return Err(Error::config("a cycle with no blank cannot move"));
    }
    if m == 0 {
        return Ok(Vec::new());
    }
    // Unwrapped targets with g_1 in [0, n): each next one the first
    // index after the previous with the right residue; they must fit in
    // one turn.
    let mut target: Vec<i64> = Vec::with_capacity(m);
    for &t in &tiles {
        let g = home[t] as i64;
        let next = match target.last() {
            None => g,
            Some(&prev) => g + ((prev + 1 - g).max(0) + n64 - 1) / n64 * n64,
        };
        target.push(next);
    }
    if target[m - 1] >= target[0] + n64 {
        return Err(Error::config(
            "not reachable: on a cycle tiles only rotate, and the goal's order of the tiles around it is not a rotation of the start's",
        ));
    }
    // The whole turn c that minimises the moves: the cost is convex in c,
    // so walk down from c = 0.
    let cost = |c: i64| -> i64 { (0..m).map(|j| (target[j] + c * n64 - at[j]).abs()).sum() };
    let mut c = 0;
    while cost(c - 1) < cost(c) {
        c -= 1;
    }
    while cost(c + 1) < cost(c) {
        c += 1;
    }
    let moves = cost(c) as u64;
    for t in &mut target {
        *t += c * n64;
    }
    let bytes = moves.saturating_mul(STEP_BYTES);
    if bytes > limits.max_memory {
        return Err(Error::limit(Resource::Memory, bytes, limits.max_memory));
    }
    // Move until every tile is home: forward movers front first, then
    // backward movers back first.
    let index = |u: i64| u.rem_euclid(n64) as usize;
    let mut occupied = vec![false; n];
    for &u in &at {
        occupied[index(u)] = true;
    }
    let mut steps = Vec::with_capacity(moves as usize);
    let mut step = |at: &mut i64, by: i64, occupied: &mut Vec<bool>| {
        let (from, to) = (index(*at), index(*at + by));
        occupied[from] = false;
        occupied[to] = true;
        steps.push((order[from], order[to]));
        *at += by;
    };
    let mut moved = true;
    while moved {
        moved = false;
        for j in (0..m).rev() {
            while at[j] < target[j] && !occupied[index(at[j] + 1)] {
                step(&mut at[j], 1, &mut occupied);
                moved = true;
            }
        }
        for j in 0..m {
            while at[j] > target[j] && !occupied[index(at[j] - 1)] {
                step(&mut at[j], -1, &mut occupied);
                moved = true;
            }
        }
    }
    if at != target {
        return Err(Error::Internal(
            "the cycle solver stopped before every tile was home".into(),
        ));
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Puzzle;
    use crate::moves::replay_steps;
    use crate::theory::blanks::{cycle_order, cycle_reaches};
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn every_reachable_instance_is_solved_and_replays() {
        // Random configurations on cycles of 3 to 14 vertices with 1 to
        // n - 1 blanks: the solver answers exactly when the rotation test
        // says reachable, and its steps replay to the goal.
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let (mut solved, mut refused) = (0, 0);
        for n in 3..=14 {
            let p = Puzzle::parse(&format!("cycle:{n}")).unwrap();
            let order = cycle_order(p.graph()).unwrap();
            for k in 1..n {
                for _ in 0..20 {
                    let mut a = Configuration::natural_with_blanks(n, k).cells().to_vec();
                    a.shuffle(&mut rng);
                    let goal = Configuration::from_cells(a.clone(), k).unwrap();
                    // Half the starts are reachable by construction: a
                    // random walk from the goal.
                    let start = if rng.random_range(0..2) == 0 {
                        let mut c = goal.clone();
                        for _ in 0..3 * n {
                            let b = c.blanks()[rng.random_range(0..k)];
                            let nb = p.graph().neighbors(b);
                            let v = nb[rng.random_range(0..nb.len())];
                            c.swap(b, v);
                        }
                        c
                    } else {
                        a.shuffle(&mut rng);
                        Configuration::from_cells(a.clone(), k).unwrap()
                    };
                    let reachable = cycle_reaches(&order, &start, &goal);
                    match solve_cycle(&order, &start, &goal, &Limits::default()) {
                        Ok(steps) => {
                            assert!(reachable, "{:?} -> {:?}", start.cells(), goal.cells());
                            assert_eq!(replay_steps(&p, &start, &steps).unwrap(), goal);
                            assert!(steps.len() <= n * (n - k));
                            solved += 1;
                        }
                        Err(e) => {
                            assert!(!reachable, "{e}: {:?} -> {:?}", start.cells(), goal.cells());
                            refused += 1;
                        }
                    }
                }
            }
        }
        assert!(
            solved > 1000 && refused > 100,
            "{solved} solved, {refused} refused"
        );
    }

    #[test]
    fn takes_the_shorter_way_round() {
        let p = Puzzle::parse("cycle:10").unwrap();
        let order = cycle_order(p.graph()).unwrap();
        let goal = Configuration::from_cells(vec![1, 2, 3, 0, 0, 0, 0, 0, 0, 0], 7).unwrap();
        // Every tile one step the other way.
        let start = Configuration::from_cells(vec![2, 3, 0, 0, 0, 0, 0, 0, 0, 1], 7).unwrap();
        let steps = solve_cycle(&order, &start, &goal, &Limits::default()).unwrap();
        assert_eq!(steps.len(), 3);
        assert_eq!(replay_steps(&p, &start, &steps).unwrap(), goal);
    }
}
