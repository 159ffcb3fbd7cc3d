//! A constructive (suboptimal) solver for W x H boards of any size.
//!
//! The strategy of Parberry ("A real-time algorithm for the (n^2-1)-puzzle",
//! IPL 1995) as described by Hayes (2001, seed 003), for rectangular boards:
//! while the unsolved region is larger than 3 x 3, fill its first row (if
//! it is at least as tall as wide) or its first column, then shrink it;
//! finish the last region of at most 3 x 3 optimally with IDA*.
//!
//! Filling a line: all tiles but the last two are brought to their cells one
//! at a time (the tile walks along the line's direction first, then across;
//! before each step the blank is routed around it by A* over the free
//! cells, never touching placed tiles). The last two tiles of a line are
//! the classic special case: both are brought next to the corner, and a
//! breadth-first search over the positions of those two tiles and the blank
//! in a small window (other tiles treated as indistinct) finds the moves
//! that seat them together; the window grows if ever needed.
//!
//! The goal may be any configuration: if its blank is not in the
//! bottom-right corner, the solver aims at the goal with the blank walked to
//! that corner, then walks it back. Moves that immediately undo each other
//! are cancelled, and stretches that stay inside a 3 x 3 window are replaced
//! by optimal ones ([`super::shorten`]). Time is about linear in the number
//! of moves; the result is replayed by the caller ([`crate::search::solve`]).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet, VecDeque};

use crate::error::{Error, Result};
use crate::model::{Configuration, Puzzle};
use crate::moves::replay;
use crate::search::{Algorithm, Outcome, SolveOptions, solve};

struct Builder {
    w: usize,
    h: usize,
    cells: Vec<u32>,
    pos: Vec<usize>,
    fixed: Vec<bool>,
    path: Vec<usize>,
    start_blank: usize,
    // Scratch space for blank routing.
    stamp: u32,
    seen: Vec<u32>,
    parent: Vec<usize>,
    cost: Vec<u32>,
    /// Tile that belongs on each cell.
    goal_tile: Vec<u32>,
}

impl Builder {
    fn blank(&self) -> usize {
        self.pos[0]
    }

    fn xy(&self, c: usize) -> (usize, usize) {
        (c % self.w, c / self.w)
    }

    fn neighbors(&self, c: usize) -> impl Iterator<Item = usize> + '_ {
        let (x, y) = self.xy(c);
        let w = self.w;
        [
            (y > 0).then(|| c - w),
            (x > 0).then(|| c - 1),
            (x + 1 < w).then(|| c + 1),
            (y + 1 < self.h).then(|| c + w),
        ]
        .into_iter()
        .flatten()
    }

    /// Moves the blank onto the neighbouring cell `n`.
    fn step(&mut self, n: usize) {
        let b = self.blank();
        let t = self.cells[n];
        self.cells[b] = t;
        self.pos[t as usize] = b;
        self.cells[n] = 0;
        self.pos[0] = n;
        // Cancel a move that undoes the previous one.
        let before_last = match self.path.len() {
            0 => None,
            1 => Some(self.start_blank),
            k => Some(self.path[k - 2]),
        };
        if before_last == Some(n) {
            self.path.pop();
        } else {
            self.path.push(n);
        }
    }

    /// Routes the blank to `to` over free cells, avoiding `avoid`; A* with
    /// Manhattan distance.
    fn route_blank(&mut self, to: usize, avoid: &[usize]) -> Result<()> {
        let from = self.blank();
        if from == to {
            return Ok(());
        }
        let (tx, ty) = self.xy(to);
        let hdist = |c: usize, w: usize| {
            let (x, y) = (c % w, c / w);
            x.abs_diff(tx) + y.abs_diff(ty)
        };
        // A* over free cells with reusable stamp arrays (no hashing).
        self.stamp += 1;
        let stamp = self.stamp;
        self.seen[from] = stamp;
        self.parent[from] = from;
        self.cost[from] = 0;
        let mut open = BinaryHeap::from([Reverse((hdist(from, self.w), 0usize, from))]);
        let mut reached = false;
        while let Some(Reverse((_, gc, c))) = open.pop() {
            if c == to {
                reached = true;
                break;
            }
            if gc > self.cost[c] as usize {
                continue;
            }
            let (x, y) = self.xy(c);
            let w = self.w;
            let candidates = [
                (y > 0).then(|| c - w),
                (x > 0).then(|| c - 1),
                (x + 1 < w).then(|| c + 1),
                (y + 1 < self.h).then(|| c + w),
            ];
            for n in candidates.into_iter().flatten() {
                if self.fixed[n] || avoid.contains(&n) {
                    continue;
                }
                let ng = gc + 1;
                if self.seen[n] != stamp || ng < self.cost[n] as usize {
                    self.seen[n] = stamp;
                    self.cost[n] = ng as u32;
                    self.parent[n] = c;
                    open.push(Reverse((ng + hdist(n, self.w), ng, n)));
                }
            }
        }
        if !reached {
            return Err(Error::Unsupported(format!(
                "internal error: constructive solver cannot route the blank from {from} to {to}"
            )));
        }
        let mut route = vec![to];
        let mut c = to;
        while c != from {
            c = self.parent[c];
            route.push(c);
        }
        for &n in route.iter().rev().skip(1) {
            self.step(n);
        }
        Ok(())
    }

    /// Walks `tile` to cell `to`: first along `first_axis_horizontal`, then
    /// the other axis, routing the blank ahead of it each step.
    fn move_tile(
        &mut self,
        tile: u32,
        to: usize,
        horizontal_first: bool,
        avoid: &[usize],
    ) -> Result<()> {
        let (tx, ty) = self.xy(to);
        loop {
            let c = self.pos[tile as usize];
            if c == to {
                return Ok(());
            }
            let (x, y) = self.xy(c);
            let horizontal = if horizontal_first { x != tx } else { y == ty };
            let next = if horizontal {
                if x < tx { c + 1 } else { c - 1 }
            } else if y < ty {
                c + self.w
            } else {
                c - self.w
            };
            let mut blocked = avoid.to_vec();
            blocked.push(c);
            if self.route_blank(next, &blocked).is_err() {
                // The greedy walk is stuck (the blank is boxed in): search
                // exactly over tile and blank positions near the tile.
                return self.move_tile_exact(tile, to, avoid);
            }
            self.step(c);
        }
    }

    /// Moves `tile` to `to` by breadth-first search over (tile, blank)
    /// positions in a box around the tile, the blank and the target, growing
    /// the box if needed. Used where the greedy walk gets stuck.
    fn move_tile_exact(&mut self, tile: u32, to: usize, avoid: &[usize]) -> Result<()> {
        for margin in [1usize, 2, 4, 8] {
            let pts = [self.pos[tile as usize], self.blank(), to];
            let xs = pts.iter().map(|&c| c % self.w);
            let ys = pts.iter().map(|&c| c / self.w);
            let (x0, x1) = (
                xs.clone().min().unwrap_or(0).saturating_sub(margin),
                (xs.max().unwrap_or(0) + margin).min(self.w - 1),
            );
            let (y0, y1) = (
                ys.clone().min().unwrap_or(0).saturating_sub(margin),
                (ys.max().unwrap_or(0) + margin).min(self.h - 1),
            );
            let allowed = |c: usize| {
                let (x, y) = (c % self.w, c / self.w);
                (x0..=x1).contains(&x)
                    && (y0..=y1).contains(&y)
                    && !self.fixed[c]
                    && !avoid.contains(&c)
            };
            let start = (self.pos[tile as usize], self.blank());
            let mut parent: HashMap<(usize, usize), (usize, usize)> =
                HashMap::from([(start, start)]);
            let mut queue = VecDeque::from([start]);
            let mut found = None;
            while let Some(st) = queue.pop_front() {
                if st.0 == to {
                    found = Some(st);
                    break;
                }
                let (t, z) = st;
                let ns: Vec<usize> = self.neighbors(z).filter(|&n| allowed(n)).collect();
                for n in ns {
                    let next = (if n == t { z } else { t }, n);
                    if let std::collections::hash_map::Entry::Vacant(e) = parent.entry(next) {
                        e.insert(st);
                        queue.push_back(next);
                    }
                }
            }
            if let Some(mut st) = found {
                let mut blanks = Vec::new();
                while st != start {
                    blanks.push(st.1);
                    st = parent[&st];
                }
                for &n in blanks.iter().rev() {
                    self.step(n);
                }
                return Ok(());
            }
        }
        Err(Error::Unsupported(format!(
            "internal error: constructive solver cannot bring tile {tile} to cell {to}"
        )))
    }

    /// Seats tiles `a` and `b` on cells `ca` and `cb` by breadth-first search
    /// over (a, b, blank) positions inside `window` (others indistinct).
    fn seat_pair(
        &mut self,
        a: u32,
        ca: usize,
        b: u32,
        cb: usize,
        window: &[usize],
    ) -> Result<bool> {
        let inside: HashSet<usize> = window.iter().copied().collect();
        let start = (self.pos[a as usize], self.pos[b as usize], self.blank());
        if !inside.contains(&start.0) || !inside.contains(&start.1) || !inside.contains(&start.2) {
            return Ok(false);
        }
        let mut parent: HashMap<(usize, usize, usize), (usize, usize, usize)> =
            HashMap::from([(start, start)]);
        let mut queue = VecDeque::from([start]);
        let mut found = None;
        while let Some(s) = queue.pop_front() {
            if s.0 == ca && s.1 == cb {
                found = Some(s);
                break;
            }
            let (pa, pb, pz) = s;
            let ns: Vec<usize> = self.neighbors(pz).filter(|n| inside.contains(n)).collect();
            for n in ns {
                let next = (
                    if n == pa { pz } else { pa },
                    if n == pb { pz } else { pb },
                    n,
                );
                if let std::collections::hash_map::Entry::Vacant(e) = parent.entry(next) {
                    e.insert(s);
                    queue.push_back(next);
                }
            }
        }
        let Some(mut s) = found else { return Ok(false) };
        let mut blanks = Vec::new();
        while s != start {
            blanks.push(s.2);
            s = parent[&s];
        }
        for &n in blanks.iter().rev() {
            self.step(n);
        }
        Ok(true)
    }

    /// Fills one line of the region: a row (`horizontal`) or a column.
    fn fill_line(&mut self, c0: usize, r0: usize, horizontal: bool) -> Result<()> {
        let len = if horizontal { self.w - c0 } else { self.h - r0 };
        let w = self.w;
        let at = move |i: usize, j: usize| -> usize {
            if horizontal {
                (r0 + j) * w + c0 + i
            } else {
                (r0 + i) * w + c0 + j
            }
        };
        for i in 0..len - 2 {
            let cell = at(i, 0);
            let tile = self.goal_tile[cell];
            self.move_tile(tile, cell, horizontal, &[])?;
            self.fixed[cell] = true;
        }
        // The last two: a belongs next to the corner, b in the corner.
        let (ca, cb) = (at(len - 2, 0), at(len - 1, 0));
        let (a, b) = (self.goal_tile[ca], self.goal_tile[cb]);
        if self.pos[a as usize] == ca && self.pos[b as usize] == cb {
            self.fixed[ca] = true;
            self.fixed[cb] = true;
            return Ok(());
        }
        // Bring b two cells below the corner and a to its cell (each walk
        // may push the other a little), then search exactly over the
        // positions of a, b and the blank in the smallest box holding them
        // and the corner block (other tiles indistinct).
        let wide = len.min(3);
        let block: Vec<usize> = (0..3)
            .flat_map(|j| (len - wide..len).map(move |i| at(i, j)))
            .collect();
        for _attempt in 0..4 {
            self.move_tile(b, at(len - 1, 2), !horizontal, &[])?;
            self.move_tile(a, ca, horizontal, &[])?;
            let (pa, pb) = (self.pos[a as usize], self.pos[b as usize]);
            if let Some(&free) = block
                .iter()
                .find(|&&c| !self.fixed[c] && c != pa && c != pb)
            {
                let _ = self.route_blank(free, &[pa, pb]);
            }
            let mut pts = block.clone();
            pts.extend([self.pos[a as usize], self.pos[b as usize], self.blank()]);
            let (x0, x1) = (
                pts.iter().map(|&c| c % w).min().unwrap_or(0),
                pts.iter().map(|&c| c % w).max().unwrap_or(0),
            );
            let (y0, y1) = (
                pts.iter().map(|&c| c / w).min().unwrap_or(0),
                pts.iter().map(|&c| c / w).max().unwrap_or(0),
            );
            let window: Vec<usize> = (y0..=y1)
                .flat_map(|y| (x0..=x1).map(move |x| y * w + x))
                .filter(|&c| !self.fixed[c])
                .collect();
            if window.len() <= 100 && self.seat_pair(a, ca, b, cb, &window)? {
                self.fixed[ca] = true;
                self.fixed[cb] = true;
                return Ok(());
            }
        }
        Err(Error::Unsupported(
            "internal error: the constructive solver could not seat the last two tiles of a line"
                .into(),
        ))
    }
}

/// Solves a plain W x H board constructively; returns the blank path (not
/// yet replayed). `start` must be able to reach `goal` (check first).
///
/// # Errors
/// [`Error::Unsupported`] for a puzzle that is not a plain board with both
/// sides at least 2, and for internal failures (never expected).
pub fn solve_board_constructively(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
) -> Result<Vec<usize>> {
    let Some((w, h)) = puzzle.plain_board_size().filter(|&(w, h)| w >= 2 && h >= 2) else {
        return Err(Error::Unsupported(format!(
            "the constructive board solver needs a plain board with sides >= 2, not {}",
            puzzle.spec()
        )));
    };
    let n = w * h;
    // Aim at the goal with its blank walked to the bottom-right corner.
    let corner = n - 1;
    let to_corner = puzzle
        .graph()
        .shortest_path(goal.blank(), corner)
        .expect("a board is connected");
    let corner_goal = replay(puzzle, goal, &to_corner[1..])?;
    let mut b = Builder {
        w,
        h,
        cells: start.cells().to_vec(),
        pos: start.positions(),
        fixed: vec![false; n],
        path: Vec::new(),
        goal_tile: corner_goal.cells().to_vec(),
        start_blank: start.blank(),
        stamp: 0,
        seen: vec![0; n],
        parent: vec![0; n],
        cost: vec![0; n],
    };
    let (mut c0, mut r0) = (0, 0);
    while w - c0 > 3 || h - r0 > 3 {
        if h - r0 >= w - c0 {
            b.fill_line(c0, r0, true)?;
            r0 += 1;
        } else {
            b.fill_line(c0, r0, false)?;
            c0 += 1;
        }
    }
    // The last region (at most 3 x 3): optimally, as its own board.
    let (rw, rh) = (w - c0, h - r0);
    let region: Vec<usize> = (0..rh)
        .flat_map(|j| (0..rw).map(move |i| (r0 + j) * w + c0 + i))
        .collect();
    let mut goal_cells: Vec<u32> = Vec::with_capacity(region.len());
    let mut next_label = 1;
    let mut map = HashMap::new();
    for &c in &region {
        let t = b.goal_tile[c];
        if t == 0 {
            goal_cells.push(0);
        } else {
            map.insert(t, next_label);
            goal_cells.push(next_label);
            next_label += 1;
        }
    }
    let sub_start: Vec<u32> = region
        .iter()
        .map(|&c| if b.cells[c] == 0 { 0 } else { map[&b.cells[c]] })
        .collect();
    let sub = Puzzle::board(rw, rh, false, false)?;
    let sub_goal = Configuration::from_cells(goal_cells, 1)?;
    let sub_start = Configuration::from_cells(sub_start, 1)?;
    let outcome = solve(
        &sub,
        &sub_start,
        &sub_goal,
        &SolveOptions {
            algorithm: Algorithm::Ida,
            ..SolveOptions::default()
        },
    )?;
    let Outcome::Solved(s) = outcome else {
        return Err(Error::Unsupported(format!(
            "internal error: the last {rw}x{rh} region is not solvable: {outcome:?}"
        )));
    };
    for v in s.blank_path {
        b.step(region[v]);
    }
    // Walk the blank back to the goal's blank cell.
    for &v in to_corner.iter().rev().skip(1) {
        b.step(v);
    }
    Ok(super::shorten::shorten_board_path(w, h, start, &b.path))
}
