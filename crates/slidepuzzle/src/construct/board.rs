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
//! of moves; the result is replayed by the caller ([`crate::solver::Solver`]).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet, VecDeque};

use crate::error::{Error, Resource, Result};
use crate::model::{Configuration, Puzzle};
use crate::moves::replay;
use crate::search::Limits;

/// Where the builder's moves go.
enum Moves {
    /// Kept in memory (moves that undo the previous one cancelled).
    Collect(Vec<usize>),
    /// Sent in chunks to a writer thread ([`StreamSink`]).
    Stream(ChunkSender),
}

struct Builder {
    w: usize,
    h: usize,
    cells: Vec<u32>,
    pos: Vec<usize>,
    fixed: Vec<bool>,
    moves: Moves,
    start_blank: usize,
    // Scratch space for blank routing.
    stamp: u32,
    seen: Vec<u32>,
    parent: Vec<usize>,
    cost: Vec<u32>,
    /// Tile that belongs on each cell.
    goal_tile: Vec<u32>,
    /// Deadline and cancellation, checked between lines.
    limits: Limits,
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
        match &mut self.moves {
            Moves::Collect(path) => {
                // Cancel a move that undoes the previous one.
                let before_last = match path.len() {
                    0 => None,
                    1 => Some(self.start_blank),
                    k => Some(path[k - 2]),
                };
                if before_last == Some(n) {
                    path.pop();
                } else {
                    path.push(n);
                }
            }
            Moves::Stream(sender) => sender.push(n),
        }
    }

    /// A route for the blank to `to` that stays in the 3 x 3 box around
    /// `around` (the tile being walked, itself excluded) or is an L-shaped
    /// straight walk, over free cells not in `avoid`; `None` if neither
    /// exists. Constant time for the box, O(distance) for the L: the fast
    /// path that makes tile walks linear in their length.
    fn quick_route(&self, to: usize, around: usize, avoid: &[usize]) -> Option<Vec<usize>> {
        let from = self.blank();
        let free = |c: usize| !self.fixed[c] && !avoid.contains(&c);
        let (fx, fy) = self.xy(from);
        let (tx, ty) = self.xy(to);
        let (ax, ay) = self.xy(around);
        let in_box = |x: usize, y: usize| x.abs_diff(ax) <= 1 && y.abs_diff(ay) <= 1;
        if in_box(fx, fy) && in_box(tx, ty) {
            // Breadth-first search over the (at most 8) cells of the box.
            let mut parent = [usize::MAX; 9];
            let slot = |c: usize| {
                let (x, y) = (c % self.w, c / self.w);
                (x + 1 - ax) + 3 * (y + 1 - ay)
            };
            let mut queue = [0usize; 9];
            let (mut head, mut tail) = (0, 1);
            queue[0] = from;
            parent[slot(from)] = from;
            while head < tail {
                let c = queue[head];
                head += 1;
                if c == to {
                    let mut route = vec![to];
                    let mut v = to;
                    while v != from {
                        v = parent[slot(v)];
                        route.push(v);
                    }
                    route.reverse();
                    return Some(route);
                }
                for n in self.neighbors(c) {
                    let (x, y) = self.xy(n);
                    if in_box(x, y) && n != around && free(n) && parent[slot(n)] == usize::MAX {
                        parent[slot(n)] = c;
                        queue[tail] = n;
                        tail += 1;
                    }
                }
            }
        }
        // L-shaped walks: along x then y, or along y then x.
        for x_first in [true, false] {
            let mut route = vec![from];
            let (mut x, mut y) = (fx, fy);
            let mut ok = true;
            for axis in if x_first { [0, 1] } else { [1, 0] } {
                while ok && (if axis == 0 { x != tx } else { y != ty }) {
                    if axis == 0 {
                        x = if x < tx { x + 1 } else { x - 1 };
                    } else {
                        y = if y < ty { y + 1 } else { y - 1 };
                    }
                    let c = y * self.w + x;
                    ok = c != around && free(c);
                    route.push(c);
                }
            }
            if ok {
                return Some(route);
            }
        }
        None
    }

    /// Routes the blank to `to` over free cells, avoiding `avoid`; A* with
    /// Manhattan distance.
    fn route_blank(&mut self, to: usize, avoid: &[usize]) -> Result<()> {
        let from = self.blank();
        if from == to {
            return Ok(());
        }
        if let Some(&around) = avoid.last()
            && let Some(route) = self.quick_route(to, around, avoid)
        {
            for &n in &route[1..] {
                self.step(n);
            }
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
            return Err(Error::Internal(format!(
                "constructive solver cannot route the blank from {from} to {to}"
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

    /// The cell at (x, y) if it is on the board, free and not in `avoid`.
    fn open_cell(&self, x: isize, y: isize, avoid: &[usize]) -> Option<usize> {
        if x < 0 || y < 0 || x >= self.w as isize || y >= self.h as isize {
            return None;
        }
        let c = y as usize * self.w + x as usize;
        (!self.fixed[c] && !avoid.contains(&c)).then_some(c)
    }

    /// The macro step of a tile walk: the blank is right behind the tile on
    /// `c` and the tile goes straight on to `next`, so the blank goes round
    /// it on a free side (4 moves) and swaps (1 move): no search at all.
    fn straight_step(&mut self, c: usize, next: usize, avoid: &[usize]) -> bool {
        let (cx, cy) = (c % self.w, c / self.w);
        let (nx, ny) = (next % self.w, next / self.w);
        let (dx, dy) = (nx as isize - cx as isize, ny as isize - cy as isize);
        let (bx, by) = (self.blank() % self.w, self.blank() / self.w);
        if (bx as isize, by as isize) != (cx as isize - dx, cy as isize - dy) {
            return false;
        }
        for (sx, sy) in [(dy, dx), (-dy, -dx)] {
            let cells = [
                self.open_cell(bx as isize + sx, by as isize + sy, avoid),
                self.open_cell(cx as isize + sx, cy as isize + sy, avoid),
                self.open_cell(nx as isize + sx, ny as isize + sy, avoid),
            ];
            if let [Some(a), Some(b), Some(d)] = cells {
                for v in [a, b, d, next, c] {
                    self.step(v);
                }
                return true;
            }
        }
        false
    }

    /// The other macro step: the blank is beside the tile on `c`, at right
    /// angles to the step to `next`, so it goes round the corner between
    /// them (2 moves) and swaps (1 move). Alternating axes this way makes a
    /// diagonal walk cost 3 moves per step instead of 5 (Parberry 1995).
    fn turn_step(&mut self, c: usize, next: usize, avoid: &[usize]) -> bool {
        let w = self.w as isize;
        let (b, c_, n) = (self.blank() as isize, c as isize, next as isize);
        let (bx, by) = (b % w - c_ % w, b / w - c_ / w);
        let (nx, ny) = (n % w - c_ % w, n / w - c_ / w);
        // Adjacent to the tile and at right angles to the step.
        if bx.abs() + by.abs() != 1 || bx * nx + by * ny != 0 {
            return false;
        }
        let (cx, cy) = (c_ % w + bx + nx, c_ / w + by + ny);
        match self.open_cell(cx, cy, avoid) {
            Some(corner) => {
                for v in [corner, next, c] {
                    self.step(v);
                }
                true
            }
            None => false,
        }
    }

    /// Walks `tile` to cell `to`, alternating axes while both coordinates
    /// differ (a diagonal staircase, starting along the horizontal axis if
    /// `horizontal_first`), then straight on, routing the blank ahead of it
    /// each step.
    fn move_tile(
        &mut self,
        tile: u32,
        to: usize,
        horizontal_first: bool,
        avoid: &[usize],
    ) -> Result<()> {
        let (tx, ty) = self.xy(to);
        debug_assert!(avoid.len() < 4);
        let mut last_horizontal = !horizontal_first;
        loop {
            let c = self.pos[tile as usize];
            if c == to {
                return Ok(());
            }
            let (x, y) = self.xy(c);
            let step_x = if x < tx { c + 1 } else { c.wrapping_sub(1) };
            let step_y = if y < ty {
                c + self.w
            } else {
                c.wrapping_sub(self.w)
            };
            let horizontal = if x != tx && y != ty {
                // Alternate, unless that walks into a placed tile.
                let preferred = if last_horizontal { step_y } else { step_x };
                if self.fixed[preferred] || avoid.contains(&preferred) {
                    last_horizontal
                } else {
                    !last_horizontal
                }
            } else {
                x != tx
            };
            last_horizontal = horizontal;
            let next = if horizontal { step_x } else { step_y };
            if self.blank() == next {
                self.step(c);
                continue;
            }
            if self.straight_step(c, next, avoid) || self.turn_step(c, next, avoid) {
                continue;
            }
            let mut buf = [usize::MAX; 4];
            buf[..avoid.len()].copy_from_slice(avoid);
            buf[avoid.len()] = c;
            if self.route_blank(next, &buf[..=avoid.len()]).is_err() {
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
        Err(Error::Internal(format!(
            "constructive solver cannot bring tile {tile} to cell {to}"
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
        Err(Error::Internal(
            "the constructive solver could not seat the last two tiles of a line".into(),
        ))
    }
}

/// Runs the line-filling construction, sending every move to `moves`.
fn build(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    moves: Moves,
    limits: &Limits,
) -> Result<Moves> {
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
        moves,
        goal_tile: corner_goal.cells().to_vec(),
        start_blank: start.blank(),
        stamp: 0,
        seen: vec![0; n],
        parent: vec![0; n],
        cost: vec![0; n],
        limits: limits.clone(),
    };
    let (mut c0, mut r0) = (0, 0);
    while w - c0 > 3 || h - r0 > 3 {
        super::limits::check_limits(&b.limits)?;
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
    let path = super::small::small_optimal_path(&sub, &sub_start, &sub_goal)?;
    for v in path {
        b.step(region[v]);
    }
    // Walk the blank back to the goal's blank cell.
    for &v in to_corner.iter().rev().skip(1) {
        b.step(v);
    }
    Ok(b.moves)
}

/// Solves a plain W x H board constructively; returns the blank path (not
/// yet replayed), stopped by `limits` (deadline, cancellation) between
/// lines. `start` must be able to reach `goal` (check first).
///
/// # Errors
/// [`Error::Unsupported`] for a puzzle that is not a plain board with both
/// sides at least 2; [`Error::Stopped`] when a limit stops it;
/// [`Error::Internal`] for internal failures (never expected).
pub(crate) fn solve_board_constructively_within(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    limits: &Limits,
) -> Result<Vec<usize>> {
    let Moves::Collect(path) = build(puzzle, start, goal, Moves::Collect(Vec::new()), limits)?
    else {
        unreachable!("collected")
    };
    let (w, h) = puzzle.plain_board_size().expect("checked by build");
    Ok(super::shorten::shorten_board_path(w, h, start, &path))
}

/// The path of the [`Error::Io`] that [`stream_board_solution`] returns
/// when its output cannot be written.
pub const STREAM: &str = "the solution stream";

/// What [`stream_board_solution`] wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamReport {
    /// Single-tile moves (STM).
    pub moves: u64,
    /// Multi-tile moves (MTM): runs of one letter.
    pub mtm: u64,
}

/// Moves kept back for cancellation before they are written.
const PENDING_MOVES: usize = 1 << 12;

/// Writes moves as they come: a move that undoes the one before it is
/// cancelled while both are still pending (the last [`PENDING_MOVES`]),
/// older moves are written as slidysim letters with counts (`R3U2`), and
/// every written move is replayed on a copy of the start, so the output
/// is verified without ever being held in memory.
/// Moves per chunk sent from the builder to the writer thread.
const CHUNK_MOVES: usize = 1 << 16;

/// The builder's end of the pipe to the writer thread.
struct ChunkSender {
    chunk: Vec<u32>,
    tx: std::sync::mpsc::SyncSender<Vec<u32>>,
}

impl ChunkSender {
    fn push(&mut self, n: usize) {
        self.chunk.push(n as u32);
        if self.chunk.len() == CHUNK_MOVES {
            self.flush();
        }
    }

    fn flush(&mut self) {
        let chunk = std::mem::replace(&mut self.chunk, Vec::with_capacity(CHUNK_MOVES));
        // A send fails only if the writer stopped (a write error it reports).
        let _ = self.tx.send(chunk);
    }
}

struct StreamSink<'o> {
    w: usize,
    pending: VecDeque<usize>,
    base: usize,
    replay: Vec<u32>,
    out: std::io::BufWriter<&'o mut (dyn std::io::Write + Send)>,
    run: (u8, u64),
    blank_x: usize,
    report: StreamReport,
    broken: Option<Error>,
}

impl<'o> StreamSink<'o> {
    fn new(w: usize, start: &Configuration, out: &'o mut (dyn std::io::Write + Send)) -> Self {
        StreamSink {
            w,
            pending: VecDeque::new(),
            base: start.blank(),
            replay: start.cells().to_vec(),
            out: std::io::BufWriter::with_capacity(1 << 20, out),
            run: (0, 0),
            blank_x: if w == 0 { 0 } else { start.blank() % w },
            report: StreamReport { moves: 0, mtm: 0 },
            broken: None,
        }
    }

    fn push(&mut self, n: usize) {
        let before_last = match self.pending.len() {
            0 => None,
            1 => Some(self.base),
            k => Some(self.pending[k - 2]),
        };
        if before_last == Some(n) {
            self.pending.pop_back();
            return;
        }
        self.pending.push_back(n);
        if self.pending.len() > PENDING_MOVES {
            let v = self.pending.pop_front().expect("non-empty");
            self.emit(v);
        }
    }

    /// Writes the move of the blank from `self.base` to `to` and replays it.
    /// The blank's column is tracked incrementally (no division), so a move
    /// that would wrap round a row edge is caught.
    fn emit(&mut self, to: usize) {
        let from = self.base;
        let w = self.w;
        let letter = if to == from + 1 && self.blank_x + 1 < w {
            self.blank_x += 1;
            b'L'
        } else if to + 1 == from && self.blank_x > 0 {
            self.blank_x -= 1;
            b'R'
        } else if to == from + w {
            b'U'
        } else if to + w == from {
            b'D'
        } else {
            if self.broken.is_none() {
                self.broken = Some(Error::Internal(format!(
                    "streamed move {} is not to a neighbouring cell",
                    self.report.moves + 1
                )));
            }
            b'?'
        };
        if to < self.replay.len() && self.replay[from] == 0 {
            self.replay.swap(from, to);
        } else if self.broken.is_none() {
            self.broken = Some(Error::Internal(
                "the replay of the streamed moves lost the blank".into(),
            ));
        }
        self.base = to;
        self.report.moves += 1;
        if self.run.0 == letter {
            self.run.1 += 1;
        } else {
            self.flush_run();
            self.run = (letter, 1);
            self.report.mtm += 1;
        }
    }

    fn flush_run(&mut self) {
        use std::io::Write;
        let (letter, mut count) = self.run;
        if count == 0 {
            return;
        }
        // The letter, then the count unless it is 1 (no formatting machinery).
        let mut buf = [0u8; 24];
        let mut i = buf.len();
        if count > 1 {
            while count > 0 {
                i -= 1;
                buf[i] = b'0' + (count % 10) as u8;
                count /= 10;
            }
        }
        i -= 1;
        buf[i] = letter;
        if let Err(e) = self.out.write_all(&buf[i..])
            && self.broken.is_none()
        {
            self.broken = Some(Error::io(STREAM, e));
        }
    }

    /// Writes what is pending and checks the replay reached `goal`.
    fn finish(mut self, goal: &Configuration) -> Result<StreamReport> {
        use std::io::Write;
        while let Some(v) = self.pending.pop_front() {
            self.emit(v);
        }
        self.flush_run();
        if let Err(e) = self.out.write_all(b"\n").and_then(|()| self.out.flush()) {
            self.broken.get_or_insert_with(|| Error::io(STREAM, e));
        }
        if let Some(e) = self.broken {
            return Err(e);
        }
        if self.replay != goal.cells() {
            return Err(Error::Internal(
                "the streamed moves do not reach the goal on replay".into(),
            ));
        }
        Ok(self.report)
    }
}

#[cfg(feature = "internals")]
/// Solves a plain W x H board constructively and streams the moves to
/// `out` as slidysim letters with counts (the letter is the direction the
/// tile moves; `R3U2`), followed by a newline, replaying them as they are
/// written: memory stays O(W*H) however long the solution (a 1000 x 1000
/// board takes about 3e9 moves). The 3 x 3-window shortening of
/// [`solve_board_constructively_within`] is not applied (it needs the whole path);
/// moves that undo the one before are still cancelled.
///
/// # Errors
/// As [`solve_board_constructively_within`]; also [`Error::Io`] for a write error
/// (its path is [`STREAM`]; the caller knows the file), or
/// [`Error::Internal`] for a replay that does not reach `goal` (never
/// expected).
pub fn stream_board_solution(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    out: &mut (dyn std::io::Write + Send),
) -> Result<StreamReport> {
    stream_board_solution_within(puzzle, start, goal, out, &Limits::default())
}

/// [`stream_board_solution`], stopped by `limits` (deadline, cancellation)
/// between lines; what was written before the stop is an incomplete
/// solution, and the caller discards it.
///
/// # Errors
/// As [`stream_board_solution`]; [`Error::Stopped`] when a limit stops it.
pub(crate) fn stream_board_solution_within(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    out: &mut (dyn std::io::Write + Send),
    limits: &Limits,
) -> Result<StreamReport> {
    if puzzle.vertex_count() > u32::MAX as usize {
        return Err(Error::limit(
            Resource::Vertices,
            puzzle.vertex_count() as u64,
            u32::MAX as u64,
        ));
    }
    let w = puzzle.plain_board_size().map_or(0, |(w, _)| w);
    let mut sink = StreamSink::new(w, start, out);
    // The builder runs here; the writer (cancelling, replaying, writing)
    // on a second thread, fed through a bounded channel of chunks.
    let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<u32>>(8);
    std::thread::scope(|scope| {
        let writer = scope.spawn(move || {
            for chunk in rx {
                for n in chunk {
                    sink.push(n as usize);
                }
            }
            sink
        });
        let sender = ChunkSender {
            chunk: Vec::with_capacity(CHUNK_MOVES),
            tx,
        };
        let built = build(puzzle, start, goal, Moves::Stream(sender), limits);
        // On failure the sender is dropped inside `build`, ending the writer.
        let built = built.map(|moves| {
            if let Moves::Stream(mut sender) = moves {
                sender.flush();
            }
        });
        let sink = writer.join().expect("the writer thread does not panic");
        built.and_then(|()| sink.finish(goal))
    })
}
