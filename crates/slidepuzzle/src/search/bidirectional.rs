//! Bidirectional breadth-first search (Pohl, "Bi-directional search",
//! Machine Intelligence 6, 1971): two breadth-first searches, from the
//! start and from the goal, each layer expanded whole on the side with
//! the smaller frontier, until a configuration one side generates is
//! already stored by the other.
//!
//! With unit costs the first meeting gives a shortest solution: before a
//! layer of depth `a` on one side is expanded no configuration is stored
//! by both sides, so every solution is longer than `a + b` (`b` the other
//! side's depth: a path of at most `a + b` moves has a configuration
//! within `a` of the start and `b` of the goal); a meeting while
//! expanding gives `a + 1 + d` with `d <= b`, hence exactly `a + b + 1`.
//! It stores about twice the configurations within half the distance
//! instead of all within the whole of it: on M13 (13 x 95,040
//! configurations, God's number 9) a 7-move instance stores thousands,
//! not the 400,000 a one-sided search does.
//!
//! The search from the goal uses the domain's own moves, so every move
//! must be undone by a move of the domain (two-way puzzles; not one-way
//! edges); its half of the path is read back by finding, at each
//! configuration, the move that leads to its parent. Keys pack cells as
//! [`super::best_first`] does.

use std::time::Instant;

use rustc_hash::FxHashMap;

use super::best_first::{PROGRESS_CHECK_EVERY, PROGRESS_EVERY, StateKey, WithKey, with_key};
use super::domain::Domain;
use super::limits::{Limits, Poll, Poller, StopReason};
use super::stats::{SearchResult, SearchStats};

/// Runs a bidirectional breadth-first search from the domain's
/// configuration to `goal` (its goal's cells): a shortest solution in
/// moves, or why it stopped. Every move must cost 1 and be undone by a
/// move of the domain. Memory is estimated per stored configuration and
/// checked against [`Limits::max_memory`]; the deadline and cancel flag
/// are polled as expansions go, and a [`Limits::progress`] sink hears
/// about once a second the lower bound so far (the two depths finished
/// plus one: no configuration is yet stored by both sides), which is
/// also the bound of a stopped search. `goal` must have one cell per
/// cell of the domain (else nothing is found).
///
/// ```
/// use slidepuzzle::search::{bidirectional::bidirectional_bfs, graph::GraphDomain};
/// use slidepuzzle::{Configuration, Limits, Puzzle};
/// let puzzle = Puzzle::parse("3x3").unwrap();
/// let goal = puzzle.default_goal();
/// let start = Configuration::from_cells(vec![8, 6, 7, 2, 5, 4, 3, 0, 1], 1).unwrap();
/// let domain = GraphDomain::new(puzzle.graph(), &start, &goal).unwrap();
/// let cells: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
/// let found = bidirectional_bfs(domain, &cells, &Limits::default());
/// assert_eq!(found.moves().unwrap().len(), 31); // one of the 8-puzzle's hardest
/// ```
pub fn bidirectional_bfs<D: Domain>(
    domain: D,
    goal: &[u8],
    limits: &Limits,
) -> SearchResult<D::Move> {
    struct Search<'a, D> {
        domain: D,
        goal: &'a [u8],
        limits: &'a Limits,
    }
    impl<D: Domain> WithKey for Search<'_, D> {
        type Output = SearchResult<D::Move>;
        fn run<K: StateKey>(self) -> Self::Output {
            run::<K, D>(self.domain, self.goal, self.limits)
        }
    }
    let (n, largest) = (domain.cells().len(), domain.largest_cell());
    with_key(
        n,
        largest,
        Search {
            domain,
            goal,
            limits,
        },
    )
}

/// One side's stored configurations: keys, parents and the moves that
/// made them, an index, and where its frontier (the last layer) begins.
struct Side<K, M> {
    keys: Vec<K>,
    parent: Vec<u32>,
    via: Vec<Option<M>>,
    index: FxHashMap<K, u32>,
    frontier: usize,
}

impl<K: StateKey, M: Copy> Side<K, M> {
    fn new(root: K) -> Self {
        let mut index = FxHashMap::default();
        index.insert(root.clone(), 0);
        Side {
            keys: vec![root],
            parent: vec![0],
            via: vec![None],
            index,
            frontier: 0,
        }
    }

    fn frontier_len(&self) -> usize {
        self.keys.len() - self.frontier
    }
}

fn run<K: StateKey, D: Domain>(
    mut domain: D,
    goal: &[u8],
    limits: &Limits,
) -> SearchResult<D::Move> {
    let clock = Instant::now();
    let mut stats = SearchStats::default();
    let n = domain.cells().len();
    let mut cells = domain.cells().to_vec();
    if goal.len() != n {
        return SearchResult::not_found(true, None, stats);
    }
    let mut sides = [
        Side::<K, D::Move>::new(K::pack(&cells)),
        Side::<K, D::Move>::new(K::pack(goal)),
    ];
    stats.generated = 1;
    // The key, its index map slot, parent, move and vector headers.
    let per_node =
        (2 * std::mem::size_of::<K>() + std::mem::size_of::<Option<D::Move>>() + 24) as u64;
    let mut poller = Poller::new(limits);
    let mut meeting = (sides[0].keys[0] == sides[1].keys[0]).then_some((0u32, 0u32));
    let mut depth = [0u32; 2];
    let mut reported_at = Instant::now();
    while meeting.is_none() {
        // The side with the smaller frontier grows by a layer.
        let s = usize::from(sides[1].frontier_len() < sides[0].frontier_len());
        let (this, other) = if s == 0 {
            let [a, b] = &mut sides;
            (a, &*b)
        } else {
            let [a, b] = &mut sides;
            (b, &*a)
        };
        let end = this.keys.len();
        if this.frontier == end {
            // One side has reached everything it can: no solution.
            stats.seconds = clock.elapsed().as_secs_f64();
            return SearchResult::not_found(true, None, stats);
        }
        'layer: for i in this.frontier..end {
            stats.expanded += 1;
            if poller.due(stats.expanded)
                && let Poll::Stop(reason) = poller.poll(stats.expanded)
            {
                stats.seconds = clock.elapsed().as_secs_f64();
                stats.lower_bound = depth[0] + depth[1] + 1;
                return SearchResult::not_found(false, Some(reason), stats);
            }
            if limits.progress.is_some()
                && stats.expanded.is_multiple_of(PROGRESS_CHECK_EVERY)
                && reported_at.elapsed() >= PROGRESS_EVERY
            {
                reported_at = Instant::now();
                limits.report(depth[0] + depth[1] + 1, stats.expanded, stats.generated);
            }
            this.keys[i].unpack(&mut cells);
            domain.set_cells(&cells);
            let root = domain.root_context();
            for j in 0..domain.branching(root) {
                let Some(m) = domain.nth_move(root, j) else {
                    continue;
                };
                domain.apply(m);
                let key = K::pack(domain.cells());
                domain.undo(m);
                stats.generated += 1;
                if this.index.contains_key(&key) {
                    continue;
                }
                let at = this.keys.len() as u32;
                this.index.insert(key.clone(), at);
                this.keys.push(key.clone());
                this.parent.push(i as u32);
                this.via.push(Some(m));
                if let Some(&o) = other.index.get(&key) {
                    meeting = Some(if s == 0 { (at, o) } else { (o, at) });
                    break 'layer;
                }
            }
            let stored = (sides_len(this, other) as u64).saturating_mul(per_node);
            if stored > limits.max_memory {
                stats.seconds = clock.elapsed().as_secs_f64();
                stats.lower_bound = depth[0] + depth[1] + 1;
                return SearchResult::not_found(false, Some(StopReason::Memory), stats);
            }
        }
        this.frontier = end;
        depth[s] += 1;
        stats.bound = depth[0] + depth[1];
    }
    let (forward, backward) = meeting.unwrap_or((0, 0));
    // The start's half: the moves that made each configuration.
    let mut moves = Vec::new();
    let mut at = forward;
    while let Some(m) = sides[0].via[at as usize] {
        moves.push(m);
        at = sides[0].parent[at as usize];
    }
    moves.reverse();
    // The goal's half: from the meeting towards the goal, each move the
    // one that leads to the configuration's parent on the goal's side.
    let mut at = backward;
    while at != 0 {
        let up = sides[1].parent[at as usize];
        sides[1].keys[at as usize].unpack(&mut cells);
        domain.set_cells(&cells);
        let root = domain.root_context();
        let target = &sides[1].keys[up as usize];
        let back = (0..domain.branching(root)).find_map(|j| {
            let m = domain.nth_move(root, j)?;
            domain.apply(m);
            let hit = K::pack(domain.cells()) == *target;
            domain.undo(m);
            hit.then_some(m)
        });
        let Some(m) = back else {
            // A move the domain cannot undo (one-way edges): outside
            // this search's contract, so no answer rather than a wrong one.
            stats.seconds = clock.elapsed().as_secs_f64();
            return SearchResult::not_found(false, Some(StopReason::Cancelled), stats);
        };
        moves.push(m);
        at = up;
    }
    stats.seconds = clock.elapsed().as_secs_f64();
    stats.bound = moves.len() as u32;
    stats.lower_bound = moves.len() as u32;
    SearchResult::Found {
        moves,
        optimal: true,
        stats,
    }
}

/// Configurations stored by both sides.
fn sides_len<K, M>(a: &Side<K, M>, b: &Side<K, M>) -> usize {
    a.keys.len() + b.keys.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Puzzle;
    use crate::search::best_first::{Strategy, best_first};
    use crate::search::graph::GraphDomain;
    use crate::search::heuristic::Zero;

    #[test]
    fn lengths_equal_breadth_first_search_and_an_unreachable_goal_exhausts() {
        let puzzle = Puzzle::parse("3x3").unwrap();
        let goal = puzzle.default_goal();
        let bytes = |c: &crate::model::Configuration| -> Vec<u8> {
            c.cells().iter().map(|&t| t as u8).collect()
        };
        let mut rng =
            <rand_chacha::ChaCha8Rng as rand_chacha::rand_core::SeedableRng>::seed_from_u64(5);
        for _ in 0..20 {
            let start = crate::theory::uniform_reachable(&puzzle, &goal, &mut rng).unwrap();
            let one = best_first(
                GraphDomain::new(puzzle.graph(), &start, &goal).unwrap(),
                Zero,
                Strategy::AStar { weight: 1.0 },
                &Limits::default(),
            );
            let two = bidirectional_bfs(
                GraphDomain::new(puzzle.graph(), &start, &goal).unwrap(),
                &bytes(&goal),
                &Limits::default(),
            );
            let moves = two.moves().unwrap().to_vec();
            assert_eq!(moves.len(), one.moves().unwrap().len());
            let steps = crate::search::domain::flatten(&moves);
            let end = crate::moves::replay_steps(&puzzle, &start, &steps).unwrap();
            assert_eq!(end, goal);
        }
        let swapped =
            crate::model::Configuration::from_cells(vec![2, 1, 3, 4, 5, 6, 7, 8, 0], 1).unwrap();
        let none = bidirectional_bfs(
            GraphDomain::new(puzzle.graph(), &swapped, &goal).unwrap(),
            &bytes(&goal),
            &Limits::default(),
        );
        assert!(matches!(none, SearchResult::Exhausted { .. }));
    }
}
