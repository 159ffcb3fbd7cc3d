//! Rotating puzzles ([`crate::model::rotating`]) as a search domain: the
//! library's IDA* ([`super::ida`]) runs on [`RotatingDomain`] with
//! [`RotationDistance`]; [`crate::Solver::solve`] is the entry
//! point (it checks solvability first and replays every answer).
//!
//! Move pruning keeps one shortest sequence of every arrangement
//! (docs/THEORY.md section 9): a move never follows its inverse; two
//! moves of disjoint cycles (which commute) come in increasing cycle
//! order; a run of one cycle's move is at most half the cycle's length,
//! and a half turn of an even cycle is made forward.
//!
//! The heuristic: a move carries every token it moves one edge along its
//! cycle, so a token needs at least its distance to its goal vertex in
//! the union of the cycles, and the sum of those distances falls by at
//! most the longest cycle's length per move. h = max(largest distance,
//! ceil(sum / longest cycle)); admissible.
//!
//! ```
//! use slidepuzzle::model::rotating::RotatingPuzzle;
//! use slidepuzzle::search::heuristic::Heuristic;
//! use slidepuzzle::search::rotating::{RotatingDomain, RotationDistance};
//! let p = RotatingPuzzle::parse("3x3:twiddle").unwrap();
//! let start = p.parse_arrangement("4 1 3 5 2 6 7 8 9").unwrap(); // block 1 turned once
//! let d = RotatingDomain::new(&p, &start, &p.goal()).unwrap();
//! assert_eq!(RotationDistance::default().reset(&d), 1); // four tokens one step away
//! ```

use std::sync::Arc;

use super::domain::{Domain, Step, Steps};
use super::heuristic::Heuristic;
use crate::error::{Error, Result};
use crate::model::rotating::{RotatingPuzzle, Rotation, turn_cycle};

/// Most tokens the optimal search takes (one byte per token).
pub const MAX_SEARCH_TOKENS: usize = 255;

/// One move as the search keeps it: its index in the puzzle's move list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RotationMove {
    index: u16,
}

impl RotationMove {
    /// The rotation's index in [`RotatingPuzzle::moves`].
    pub(crate) fn index(self) -> usize {
        usize::from(self.index)
    }
}

impl Steps for RotationMove {
    /// A rotation has no blank and no single-tile steps: nothing to call.
    /// The heuristic follows the tokens through the domain instead.
    #[inline(always)]
    fn for_each_step(self, _f: impl FnMut(Step)) {}
}

/// What move pruning remembers: the previous move (`u16::MAX` at the
/// root) and how many times in a row it was made.
#[derive(Clone, Copy, Debug)]
pub struct RotationContext {
    previous: u16,
    run: u16,
}

#[derive(Debug)]
struct Shared {
    moves: Vec<Rotation>,
    cycles: Vec<Vec<usize>>,
    /// `disjoint[a * cycles + b]`: cycles a and b share no vertex.
    disjoint: Vec<bool>,
    goal: Vec<u8>,
    /// `distance[v * n + w]` in the union of the cycles.
    distance: Vec<u8>,
    /// The goal vertex of each token (index 0 unused).
    home: Vec<u8>,
    longest: u32,
}

/// A rotating puzzle's arrangement as a search domain: tokens `1..=n`,
/// one byte per vertex.
#[derive(Clone, Debug)]
pub struct RotatingDomain {
    shared: Arc<Shared>,
    cells: Vec<u8>,
}

impl RotatingDomain {
    /// The domain at `start` with goal `goal` (arrangements checked by
    /// the caller, [`RotatingPuzzle::parse_arrangement`]).
    ///
    /// # Errors
    /// [`Error::Unsupported`] above [`MAX_SEARCH_TOKENS`] tokens.
    pub fn new(p: &RotatingPuzzle, start: &[u32], goal: &[u32]) -> Result<Self> {
        let n = p.vertex_count();
        if n > MAX_SEARCH_TOKENS {
            return Err(Error::unsupported(format!(
                "the optimal search takes rotating puzzles of at most {MAX_SEARCH_TOKENS} tokens; this one has {n}"
            )));
        }
        let cycles = p.cycles().to_vec();
        let k = cycles.len();
        let mut disjoint = vec![true; k * k];
        let mut on = vec![Vec::new(); n];
        for (i, c) in cycles.iter().enumerate() {
            for &v in c {
                on[v].push(i);
            }
        }
        for list in &on {
            for &a in list {
                for &b in list {
                    disjoint[a * k + b] = false;
                }
            }
        }
        let mut neighbours = vec![Vec::new(); n];
        for c in &cycles {
            for j in 0..c.len() {
                let (a, b) = (c[j], c[(j + 1) % c.len()]);
                neighbours[a].push(b);
                neighbours[b].push(a);
            }
        }
        let mut distance = vec![u8::MAX; n * n];
        for s in 0..n {
            let row = &mut distance[s * n..(s + 1) * n];
            row[s] = 0;
            let mut queue = std::collections::VecDeque::from([s]);
            while let Some(v) = queue.pop_front() {
                for &w in &neighbours[v] {
                    if row[w] == u8::MAX {
                        row[w] = row[v].saturating_add(1);
                        queue.push_back(w);
                    }
                }
            }
        }
        let mut home = vec![0u8; n + 1];
        for (v, &t) in goal.iter().enumerate() {
            home[t as usize] = v as u8;
        }
        let shared = Shared {
            moves: p.moves(),
            longest: cycles.iter().map(Vec::len).max().unwrap_or(1) as u32,
            cycles,
            disjoint,
            goal: goal.iter().map(|&t| t as u8).collect(),
            distance,
            home,
        };
        Ok(RotatingDomain {
            shared: Arc::new(shared),
            cells: start.iter().map(|&t| t as u8).collect(),
        })
    }

    /// Makes move `index` (`forward`) or takes it back.
    fn rotate(&mut self, index: u16, forward: bool) {
        let m = self.shared.moves[index as usize];
        let c = &self.shared.cycles[m.cycle as usize];
        turn_cycle(&mut self.cells, c, m.forward == forward);
    }
}

impl Domain for RotatingDomain {
    type Move = RotationMove;
    type Context = RotationContext;

    fn root_context(&self) -> RotationContext {
        RotationContext {
            previous: u16::MAX,
            run: 0,
        }
    }

    fn branching(&self, _context: RotationContext) -> usize {
        self.shared.moves.len()
    }

    fn nth_move(&self, context: RotationContext, i: usize) -> Option<RotationMove> {
        let s = &self.shared;
        let m = *s.moves.get(i)?;
        if context.previous != u16::MAX {
            let p = s.moves[context.previous as usize];
            let len = s.cycles[m.cycle as usize].len();
            if p.cycle == m.cycle {
                if p.forward != m.forward || len == 2 {
                    return None; // undoes the previous move (a swap undoes itself)
                }
                let run = context.run as usize + 1;
                if 2 * run > len || (2 * run == len && !m.forward) {
                    return None; // the other way round is shorter, or as short forward
                }
            } else if m.cycle < p.cycle
                && s.disjoint[m.cycle as usize * s.cycles.len() + p.cycle as usize]
            {
                return None; // commutes with the previous move: increasing cycle order
            }
        }
        Some(RotationMove { index: i as u16 })
    }

    fn child_context(
        &self,
        context: RotationContext,
        m: RotationMove,
        _i: usize,
    ) -> RotationContext {
        RotationContext {
            previous: m.index,
            run: if context.previous == m.index {
                context.run + 1
            } else {
                1
            },
        }
    }

    fn apply(&mut self, m: RotationMove) {
        self.rotate(m.index, true);
    }

    fn undo(&mut self, m: RotationMove) {
        self.rotate(m.index, false);
    }

    fn is_goal(&self) -> bool {
        self.cells == self.shared.goal
    }

    fn cells(&self) -> &[u8] {
        &self.cells
    }

    fn set_cells(&mut self, cells: &[u8]) {
        self.cells.copy_from_slice(cells);
    }

    fn largest_cell(&self) -> usize {
        self.cells.len()
    }
}

/// The rotation distance heuristic (module documentation): the largest
/// distance of a token from its goal vertex, or the distances' sum over
/// the longest cycle, whichever is larger. Updated in O(cycle length)
/// per move.
#[derive(Clone, Debug, Default)]
pub struct RotationDistance {
    sum: u32,
    /// How many tokens are at each distance.
    count: Vec<u32>,
    largest: u32,
}

impl RotationDistance {
    fn value(&self, longest: u32) -> u32 {
        self.largest.max(self.sum.div_ceil(longest))
    }

    /// Follows move `m` made from the domain's cells (`back`: takes it
    /// back, the domain showing the cells before `m` again).
    fn shift(&mut self, d: &RotatingDomain, m: RotationMove, back: bool) {
        let s = &d.shared;
        let n = d.cells.len();
        let r = s.moves[m.index as usize];
        let c = &s.cycles[r.cycle as usize];
        let len = c.len();
        for j in 0..len {
            let from = c[j];
            let to = if r.forward {
                c[(j + 1) % len]
            } else {
                c[(j + len - 1) % len]
            };
            let home = s.home[d.cells[from] as usize] as usize;
            let (mut before, mut after) = (
                s.distance[from * n + home] as u32,
                s.distance[to * n + home] as u32,
            );
            if back {
                std::mem::swap(&mut before, &mut after);
            }
            self.count[before as usize] -= 1;
            self.count[after as usize] += 1;
            self.sum = self.sum + after - before;
        }
        while self.largest > 0 && self.count[self.largest as usize] == 0 {
            self.largest -= 1;
        }
        while (self.largest as usize + 1) < self.count.len()
            && self.count[self.largest as usize + 1] > 0
        {
            self.largest += 1;
        }
    }
}

impl Heuristic<RotatingDomain> for RotationDistance {
    type Undo = ();

    fn reset(&mut self, d: &RotatingDomain) -> u32 {
        let s = &d.shared;
        let n = d.cells.len();
        self.count = vec![0; 257];
        self.sum = 0;
        self.largest = 0;
        for (v, &t) in d.cells.iter().enumerate() {
            let dist = s.distance[v * n + s.home[t as usize] as usize];
            self.count[dist as usize] += 1;
            self.sum += dist as u32;
            self.largest = self.largest.max(dist as u32);
        }
        self.value(s.longest)
    }

    fn apply(&mut self, d: &RotatingDomain, m: RotationMove, _h: u32, _budget: u32) -> (u32, ()) {
        self.shift(d, m, false);
        (self.value(d.shared.longest), ())
    }

    fn undo(&mut self, d: &RotatingDomain, m: RotationMove, _: ()) {
        self.shift(d, m, true);
    }
}
