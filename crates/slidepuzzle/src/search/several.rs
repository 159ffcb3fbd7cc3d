//! Any graph puzzle with several blanks (k >= 1) as a search domain: a
//! move slides one tile along an edge into one of the blanks (the
//! pebble-motion problem of Kornhauser, Miller and Spirakis, FOCS 1984,
//! in its sequential form). Graphs of up to
//! [`super::manhattan::MAX_VERTICES`] vertices.
//!
//! A blank path does not say which blank moved, so a solution found here
//! is a list of **steps** ([`Step`]), each the tile's `from` and `to`
//! vertices.
//!
//! Move pruning, both safe for a search for one optimal solution:
//! - the move straight back (tile from `to` to `from` right after it went
//!   from `from` to `to`) is never tried;
//! - two moves on four different vertices commute (moves of different
//!   blanks far apart), so the sequences that differ only by the order of
//!   commuting moves reach the same configuration: they are one *trace*
//!   (Cartier and Foata's partially commutative monoid). Only the trace's
//!   lexicographically least sequence (by `from << 8 | to`) is searched: a
//!   move `m` is refused when some earlier move `x > m` commutes with `m`
//!   and with every move after `x` (`m` could go before `x`; Anisimov and
//!   Knuth, "Inhomogeneous sorting", 1979, characterise the least
//!   sequences by exactly this pattern). The search looks back over the
//!   last [`HISTORY`] moves, so it prunes a little less than the exact
//!   normal form, never more. An optimal path has no move followed later
//!   by its reversal with only commuting moves between, so its least
//!   sequence is optimal too and never makes a move follow its reversal.
//!
//! With one move per node, the pruning above the bound is what makes
//! several blanks searchable: on 5 x 5 with 5 blanks, looking back only
//! one move left a third of the children of a trace duplicated (see
//! docs/BENCHMARKS.md, "Several blanks").
//!
//! An enumeration of every solution must not use it (it would miss the
//! other orders): `SeveralBlanksDomain<false>`
//! (`SeveralBlanksDomain::every_order`) prunes only the move straight
//! back.

use super::domain::{Domain, Step};
use super::manhattan::MAX_VERTICES;
use super::packed::{Adjacency, GraphCells};
use crate::model::{Configuration, Graph};

/// How many recent moves the commutation pruning looks back over.
pub const HISTORY: usize = 8;

/// The pruning context: the last [`HISTORY`] moves, 16 bits each as
/// `from << 8 | to`, the newest in the low bits; [`NO_MOVE`] in the slots
/// before the root.
type Recent = u128;

/// A context slot with no move (vertices are below 256).
const NO_MOVE: u128 = 0xFFFF;

/// The context of a root: every slot empty.
const NO_MOVES: Recent = Recent::MAX;

/// A puzzle with any number of blanks, packed: one byte per vertex (0 for
/// a blank), the blanks' vertices in a list, neighbours in one array.
/// With `TRACES` (the default) each trace of commuting moves is searched
/// in one order (module docs); without, every order (for listings).
#[derive(Clone, Debug)]
pub struct SeveralBlanksDomain<const TRACES: bool = true> {
    cells: GraphCells,
    /// The blanks' vertices (in no fixed order).
    blanks: Vec<u8>,
    /// `slot[v]`: the index in `blanks` of the blank on `v` (meaningful
    /// only where there is a blank).
    slot: Vec<u8>,
    /// The neighbour lists; moves are numbered blank by blank, the
    /// largest degree per blank.
    adjacency: Adjacency,
}

impl SeveralBlanksDomain<true> {
    /// The puzzle on `graph` at `start`, searching for `goal`. `None`
    /// above [`MAX_VERTICES`] vertices, unless both configurations have one
    /// cell per vertex, or when they have no blank or different numbers of
    /// blanks.
    ///
    /// ```
    /// use slidepuzzle::model::{Configuration, Puzzle};
    /// use slidepuzzle::search::several::SeveralBlanksDomain;
    /// let p = Puzzle::parse("2x2").unwrap();
    /// let goal = Configuration::from_cells(vec![1, 2, 0, 0], 2).unwrap();
    /// let start = Configuration::from_cells(vec![0, 2, 1, 0], 2).unwrap();
    /// assert!(SeveralBlanksDomain::new(p.graph(), &start, &goal).is_some());
    /// ```
    pub fn new(graph: &Graph, start: &Configuration, goal: &Configuration) -> Option<Self> {
        Self::with_moves(Adjacency::new(graph)?, graph.vertex_count(), start, goal)
    }

    /// [`SeveralBlanksDomain::new`] with the blanks' moves of `puzzle`
    /// ([`crate::model::Puzzle::blank_moves`]: against the arcs on a
    /// puzzle with one-way edges).
    pub(crate) fn of_puzzle(
        puzzle: &crate::model::Puzzle,
        start: &Configuration,
        goal: &Configuration,
    ) -> Option<Self> {
        Self::with_moves(
            Adjacency::of_puzzle(puzzle)?,
            puzzle.vertex_count(),
            start,
            goal,
        )
    }

    fn with_moves(
        adjacency: Adjacency,
        n: usize,
        start: &Configuration,
        goal: &Configuration,
    ) -> Option<Self> {
        let k = start.blanks().len();
        let fits = |c: &Configuration| c.len() == n && c.blanks().len() == k;
        if n > MAX_VERTICES || k == 0 || !fits(start) || !fits(goal) {
            return None;
        }
        let mut domain = SeveralBlanksDomain {
            cells: GraphCells::new(start, goal)?,
            blanks: Vec::with_capacity(k),
            slot: vec![0; n],
            adjacency,
        };
        domain.find_blanks();
        Some(domain)
    }

    /// The same domain searching every order of commuting moves, pruning
    /// only the move straight back: what a listing of every solution
    /// needs.
    pub(crate) fn every_order(self) -> SeveralBlanksDomain<false> {
        SeveralBlanksDomain {
            cells: self.cells,
            blanks: self.blanks,
            slot: self.slot,
            adjacency: self.adjacency,
        }
    }
}

impl<const TRACES: bool> SeveralBlanksDomain<TRACES> {
    /// Rebuilds `blanks` and `slot` from the cells. O(n).
    fn find_blanks(&mut self) {
        self.blanks.clear();
        for (v, &t) in self.cells.cells().iter().enumerate() {
            if t == 0 {
                self.slot[v] = self.blanks.len() as u8;
                self.blanks.push(v as u8);
            }
        }
    }
}

impl<const TRACES: bool> Domain for SeveralBlanksDomain<TRACES> {
    type Move = Step;
    /// The last [`HISTORY`] moves (see the module's move pruning).
    type Context = Recent;

    fn root_context(&self) -> Recent {
        NO_MOVES
    }

    #[inline(always)]
    fn branching(&self, _: Recent) -> usize {
        self.blanks.len() * self.adjacency.max_degree()
    }

    #[inline(always)]
    fn nth_move(&self, recent: Recent, i: usize) -> Option<Step> {
        let degree = self.adjacency.max_degree();
        let blank = *self.blanks.get(i / degree)?;
        let from = *self.adjacency.neighbors(blank).get(i % degree)?;
        let tile = self.cells.get(from);
        if tile == 0 {
            return None;
        }
        let code = (from as u128) << 8 | blank as u128;
        if recent & NO_MOVE == (blank as u128) << 8 | from as u128 {
            return None; // straight back
        }
        let mut history = recent;
        for _ in 0..if TRACES { HISTORY } else { 0 } {
            let earlier = history & NO_MOVE;
            if earlier == NO_MOVE {
                break;
            }
            let (earlier_from, earlier_to) = ((earlier >> 8) as u8, earlier as u8);
            if earlier_from == from
                || earlier_from == blank
                || earlier_to == from
                || earlier_to == blank
            {
                break; // `earlier` and this move do not commute
            }
            if earlier > code {
                return None; // this move could go before `earlier`
            }
            history >>= 16;
        }
        Some(Step {
            tile,
            from,
            to: blank,
        })
    }

    #[inline(always)]
    fn child_context(&self, recent: Recent, s: Step, _: usize) -> Recent {
        recent << 16 | (s.from as u128) << 8 | s.to as u128
    }

    #[inline(always)]
    fn apply(&mut self, s: Step) {
        self.cells.slide(s);
        let j = self.slot[s.to as usize];
        self.blanks[j as usize] = s.from;
        self.slot[s.from as usize] = j;
    }

    #[inline(always)]
    fn undo(&mut self, s: Step) {
        self.cells.slide_back(s);
        let j = self.slot[s.from as usize];
        self.blanks[j as usize] = s.to;
        self.slot[s.to as usize] = j;
    }

    fn is_goal(&self) -> bool {
        self.cells.is_goal()
    }

    fn cells(&self) -> &[u8] {
        self.cells.cells()
    }

    fn set_cells(&mut self, cells: &[u8]) {
        self.cells.set_cells(cells);
        self.find_blanks();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Puzzle;
    use crate::search::Limits;
    use crate::search::best_first::{Strategy, best_first};
    use crate::search::heuristic::Zero;
    use crate::search::ida::ida_star;
    use crate::search::manhattan::{Manhattan, TileDistances};

    fn config(cells: &[u32], k: usize) -> Configuration {
        Configuration::from_cells(cells.to_vec(), k).unwrap()
    }

    /// The configurations one move from `c` (a tile slides into a blank).
    fn successors(p: &Puzzle, c: &[u32]) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for (u, v) in p.graph().edges() {
            for (a, b) in [(u, v), (v, u)] {
                if c[a] != 0 && c[b] == 0 {
                    let mut next = c.to_vec();
                    next.swap(a, b);
                    out.push(next);
                }
            }
        }
        out
    }

    /// Breadth-first distance over configurations (the oracle).
    fn bfs_distance(p: &Puzzle, start: &Configuration, goal: &Configuration) -> Option<usize> {
        use std::collections::{HashMap, VecDeque};
        let mut seen = HashMap::from([(start.cells().to_vec(), 0usize)]);
        let mut queue = VecDeque::from([start.cells().to_vec()]);
        while let Some(c) = queue.pop_front() {
            let d = seen[&c];
            if c == goal.cells() {
                return Some(d);
            }
            for next in successors(p, &c) {
                if !seen.contains_key(&next) {
                    seen.insert(next.clone(), d + 1);
                    queue.push_back(next);
                }
            }
        }
        None
    }

    #[test]
    fn ida_and_astar_lengths_equal_breadth_first_search() {
        let cases = [
            ("2x3", vec![0, 3, 1, 0, 4, 2], vec![1, 2, 3, 4, 0, 0]),
            (
                "3x3",
                vec![7, 0, 5, 3, 0, 1, 4, 6, 2],
                vec![1, 2, 3, 4, 5, 6, 7, 0, 0],
            ),
            (
                "petersen",
                vec![0, 5, 4, 0, 7, 1, 2, 3, 0, 6],
                vec![1, 2, 3, 4, 5, 6, 7, 0, 0, 0],
            ),
            (
                "theta:1,2,2",
                vec![2, 0, 4, 1, 3, 0, 0],
                vec![1, 2, 3, 4, 0, 0, 0],
            ),
        ];
        for (spec, start, goal) in cases {
            let p = Puzzle::parse(spec).unwrap();
            let k = goal.iter().filter(|&&t| t == 0).count();
            let (start, goal) = (config(&start, k), config(&goal, k));
            let want = bfs_distance(&p, &start, &goal).expect("reachable");
            let d = TileDistances::new(p.graph(), &goal).unwrap();
            let domain = SeveralBlanksDomain::new(p.graph(), &start, &goal).unwrap();
            for split in [false, true] {
                let r = ida_star(
                    domain.clone(),
                    Manhattan::new(&d),
                    &Limits::default(),
                    split,
                );
                assert_eq!(
                    r.moves().map(<[_]>::len),
                    Some(want),
                    "{spec} ida split={split}"
                );
            }
            let strategy = Strategy::AStar { weight: 1.0 };
            let r = best_first(
                domain.clone(),
                Manhattan::new(&d),
                strategy,
                &Limits::default(),
            );
            assert_eq!(r.moves().map(<[_]>::len), Some(want), "{spec} A*");
            let r = best_first(domain, Zero, strategy, &Limits::default());
            let steps = r.steps().unwrap();
            assert_eq!(steps.len(), want, "{spec} BFS");
            // The steps replay to the goal.
            let mut cells = start.cells().to_vec();
            for (from, to) in steps {
                assert!(p.graph().has_edge(from, to) && cells[from] != 0 && cells[to] == 0);
                cells.swap(from, to);
            }
            assert_eq!(cells, goal.cells());
        }
    }

    /// Every configuration within `depth` moves, with its distance, as the
    /// pruned depth-first search reaches it (the least depth it is seen
    /// at).
    fn pruned_reach(
        domain: &mut SeveralBlanksDomain,
        depth: usize,
    ) -> std::collections::HashMap<Vec<u8>, usize> {
        fn walk(
            d: &mut SeveralBlanksDomain,
            recent: Recent,
            g: usize,
            depth: usize,
            seen: &mut std::collections::HashMap<Vec<u8>, usize>,
        ) {
            let best = seen.entry(d.cells().to_vec()).or_insert(g);
            *best = (*best).min(g);
            if g == depth {
                return;
            }
            for i in 0..d.branching(recent) {
                if let Some(m) = d.nth_move(recent, i) {
                    let child = d.child_context(recent, m, i);
                    d.apply(m);
                    walk(d, child, g + 1, depth, seen);
                    d.undo(m);
                }
            }
        }
        let mut seen = std::collections::HashMap::new();
        let root = domain.root_context();
        walk(domain, root, 0, depth, &mut seen);
        seen
    }

    #[test]
    fn commutation_pruning_keeps_a_shortest_path_to_every_configuration() {
        // Breadth-first distances up to a depth against the least depth the
        // pruned search reaches each configuration at: the pruning may drop
        // sequences, never a configuration's shortest one.
        let cases = [
            ("3x3", vec![1, 0, 2, 0, 3, 4, 0, 5, 6], 3, 9),
            (
                "4x4",
                vec![1, 2, 0, 3, 4, 0, 5, 6, 7, 8, 0, 9, 10, 0, 11, 12],
                4,
                7,
            ),
            ("petersen", vec![0, 1, 2, 0, 3, 4, 5, 0, 6, 7], 3, 8),
            ("2x2x2", vec![0, 1, 2, 0, 3, 0, 4, 5], 3, 9),
        ];
        for (spec, cells, k, depth) in cases {
            let p = Puzzle::parse(spec).unwrap();
            let start = config(&cells, k);
            let mut domain = SeveralBlanksDomain::new(p.graph(), &start, &start).unwrap();
            let reached = pruned_reach(&mut domain, depth);
            // Breadth-first search to the same depth.
            let mut want = std::collections::HashMap::from([(start.cells().to_vec(), 0)]);
            let mut layer = vec![start.cells().to_vec()];
            for d in 1..=depth {
                let mut next = Vec::new();
                for c in &layer {
                    for n in successors(&p, c) {
                        if !want.contains_key(&n) {
                            want.insert(n.clone(), d);
                            next.push(n);
                        }
                    }
                }
                layer = next;
            }
            assert_eq!(reached.len(), want.len(), "{spec}: configurations reached");
            for (c, d) in &want {
                let cells: Vec<u8> = c.iter().map(|&t| t as u8).collect();
                assert_eq!(reached.get(&cells), Some(d), "{spec}: {c:?}");
            }
        }
    }

    #[test]
    fn commutation_pruning_leaves_about_one_sequence_per_configuration() {
        // Five blanks spread over a 5 x 5 board: sequences of 6 moves
        // against the configurations they end on. Looking back one move
        // only (HISTORY = 1) left 1.34 sequences per configuration.
        let p = Puzzle::parse("5x5").unwrap();
        let cells = [
            16, 9, 0, 3, 8, 0, 12, 19, 5, 2, 7, 18, 15, 10, 0, 4, 11, 0, 13, 1, 17, 20, 0, 14, 6,
        ];
        let start = config(&cells, 5);
        let mut d = SeveralBlanksDomain::new(p.graph(), &start, &start).unwrap();
        fn leaves(
            d: &mut SeveralBlanksDomain,
            recent: Recent,
            left: usize,
            out: &mut (usize, std::collections::HashSet<Vec<u8>>),
        ) {
            if left == 0 {
                out.0 += 1;
                out.1.insert(d.cells().to_vec());
                return;
            }
            for i in 0..d.branching(recent) {
                if let Some(m) = d.nth_move(recent, i) {
                    let child = d.child_context(recent, m, i);
                    d.apply(m);
                    leaves(d, child, left - 1, out);
                    d.undo(m);
                }
            }
        }
        let mut out = (0, std::collections::HashSet::new());
        let root = d.root_context();
        leaves(&mut d, root, 6, &mut out);
        let ratio = out.0 as f64 / out.1.len() as f64;
        assert!(
            ratio < 1.1,
            "{} sequences for {} configurations",
            out.0,
            out.1.len()
        );
    }
}
