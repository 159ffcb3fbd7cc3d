//! The multi-tile metric (MTM) on every puzzle with straight lines: tori
//! and boxes (and plain boards, which have faster kernels,
//! [`super::mtm`], [`super::mtm_packed`]). A move slides a straight run of
//! 1 to `L - 1` tiles one cell towards the blank along a line of `L`
//! cells and costs 1 (docs/THEORY.md section 1). On a torus the lines are
//! cycles: the blank may run across the seam, and a run of `L` or more
//! steps is not one move.
//!
//! Move pruning (canonical runs). Two runs in opposite directions along a
//! line always make at most one run (`R2 L1` = `R1`, on a cycle too: the
//! blank moves `a - b` cells and the tiles of the cycle turn `a - b`
//! places), so a run never follows one in the opposite direction. Two runs
//! in the same direction make one run when the blank covers at most
//! `L - 1` cells, always on a box or board line, so a run follows one in
//! the same direction only on a torus line and only after a run of the
//! full `L - 1` cells. Every shortest solution keeps its one spelling
//! with maximal runs, so each optimal blank path is found, and listed,
//! exactly once.
//!
//! The heuristic, [`LineDistance`]: a run along an axis moves at most
//! `L - 1` tiles one cell each along that axis and no tile along the
//! others, so at least `ceil(S / (L - 1))` runs along each axis remain,
//! `S` the sum of the tiles' distances from their goal cells along it
//! (around the cycle on a torus). Admissible; on a 2 x 2 x 2 box (lines
//! of two cells) it is the Manhattan distance.

use super::domain::{Domain, Step, Steps};
use super::heuristic::Heuristic;
use super::mtm::MAX_RUN;
use super::packed::{GraphCells, cells_in};
use crate::model::{Configuration, Direction, Puzzle};

/// The longest line: sides of at most 16 cells.
pub const MAX_LINE: usize = MAX_RUN + 1;

/// One multi-tile move on a puzzle with straight lines: the blank leaves
/// `cells[0]` and runs along `cells[1..=len]`; `tiles[i]` is the tile
/// that slides from `cells[i + 1]` to `cells[i]`. Vertices as numbered by
/// the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineRun {
    /// The blank's cells, from where it starts to where it ends.
    pub cells: [u8; MAX_LINE],
    /// The tiles in the order they slide (nearest to the blank first).
    pub tiles: [u8; MAX_RUN],
    /// How many tiles slide (1..=[`MAX_RUN`]).
    pub len: u8,
    /// The tiles' direction, as an index into [`Direction::ALL`].
    pub direction: u8,
}

impl LineRun {
    /// The blank's cell after the move.
    #[inline(always)]
    pub(crate) fn end(&self) -> u8 {
        self.cells[self.len as usize % MAX_LINE]
    }
}

impl Steps for LineRun {
    #[inline(always)]
    fn for_each_step(self, mut f: impl FnMut(Step)) {
        for i in 0..(self.len as usize).min(MAX_RUN) {
            f(Step {
                tile: self.tiles[i],
                from: self.cells[i + 1],
                to: self.cells[i],
            });
        }
    }
}

/// A run the blank can make from a cell: its direction and the cells it
/// passes.
#[derive(Clone, Copy, Debug)]
struct Jump {
    direction: u8,
    len: u8,
    cells: [u8; MAX_LINE],
}

/// "No run before" in a context.
const NO_DIRECTION: u32 = 0xf;

/// A context: the blank's cell (bits 0-7), the last run's direction
/// (bits 8-11, [`NO_DIRECTION`] at the root) and its length (bits 12-15).
#[inline(always)]
fn context(blank: u8, direction: u32, len: u32) -> u32 {
    blank as u32 | direction << 8 | len << 12
}

/// A torus or box (or plain board) of at most 256 cells and sides of at
/// most [`MAX_LINE`] cells, with one blank, in the multi-tile metric.
/// Moves from a cell come in the order of [`Direction::ALL`] (tiles up,
/// down, left, right, front, back), each direction's runs shortest first.
#[derive(Clone, Debug)]
pub struct MtmLineDomain {
    cells: GraphCells,
    /// The runs from each cell.
    jumps: Vec<Vec<Jump>>,
    /// The length of a run after which one more run in the same direction
    /// may follow, per axis: `L - 1` on a torus line of `L >= 3` cells,
    /// none (0) elsewhere.
    repeat_after: [u32; 3],
}

impl MtmLineDomain {
    /// The puzzle at `start`, searching for `goal`. `None` unless the
    /// puzzle has straight lines ([`Puzzle::straight_lines`]), at most 256
    /// vertices and sides of at most [`MAX_LINE`] cells, and both
    /// configurations have one blank. O(vertices x [`MAX_LINE`]²).
    pub(crate) fn of_puzzle(
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
    ) -> Option<Self> {
        let (extent, torus) = puzzle.straight_lines()?;
        let n = puzzle.vertex_count();
        if extent.iter().any(|&e| e > MAX_LINE)
            || start.blanks().len() != 1
            || goal.blanks().len() != 1
        {
            return None;
        }
        let cells = GraphCells::new(start, goal)?;
        let mut jumps = Vec::with_capacity(n);
        for v in 0..n {
            let mut from_v: Vec<Jump> = Vec::new();
            for (d, &direction) in Direction::ALL.iter().enumerate() {
                let mut run = [v as u8; MAX_LINE];
                let mut len = 0;
                let mut at = v;
                while let Some(next) = puzzle.blank_target(at, direction) {
                    if next == v || run[..=len].contains(&(next as u8)) || len == MAX_RUN {
                        break;
                    }
                    len += 1;
                    run[len] = next as u8;
                    at = next;
                    // On a torus line of two cells both directions lead to
                    // the same cell: keep the run once.
                    let same = |j: &Jump| j.len as usize == len && j.cells[..=len] == run[..=len];
                    if !from_v.iter().any(same) {
                        from_v.push(Jump {
                            direction: d as u8,
                            len: len as u8,
                            cells: run,
                        });
                    }
                }
            }
            jumps.push(from_v);
        }
        let repeat_after = extent.map(|e| if torus && e >= 3 { e as u32 - 1 } else { 0 });
        Some(MtmLineDomain {
            cells,
            jumps,
            repeat_after,
        })
    }

    #[inline(always)]
    fn jumps(&self, context: u32) -> &[Jump] {
        self.jumps
            .get((context & 0xff) as usize)
            .map_or(&[], Vec::as_slice)
    }
}

impl Domain for MtmLineDomain {
    type Move = LineRun;
    /// The blank's cell and the last run (see `context`).
    type Context = u32;

    fn root_context(&self) -> u32 {
        let blank = self.cells.blank().unwrap_or(0) as u8;
        context(blank, NO_DIRECTION, 0)
    }

    #[inline(always)]
    fn branching(&self, context: u32) -> usize {
        self.jumps(context).len()
    }

    #[inline(always)]
    fn nth_move(&self, at: u32, i: usize) -> Option<LineRun> {
        let jump = self.jumps(at).get(i)?;
        let (last, last_len) = ((at >> 8) & 0xf, at >> 12);
        let direction = jump.direction as u32;
        if last != NO_DIRECTION {
            if direction == last ^ 1 {
                return None; // the opposite direction: at most one run
            }
            let axis = Direction::ALL[direction as usize % 6].axis();
            if direction == last && last_len != self.repeat_after[axis] {
                return None; // the same direction: one run, unless around a torus
            }
        }
        let mut tiles = [0u8; MAX_RUN];
        for (t, &c) in tiles
            .iter_mut()
            .zip(&jump.cells[1..])
            .take(jump.len as usize)
        {
            *t = self.cells.get(c);
        }
        Some(LineRun {
            cells: jump.cells,
            tiles,
            len: jump.len,
            direction: jump.direction,
        })
    }

    #[inline(always)]
    fn child_context(&self, _: u32, m: LineRun, _: usize) -> u32 {
        context(m.end(), m.direction as u32, m.len as u32)
    }

    #[inline(always)]
    fn apply(&mut self, m: LineRun) {
        m.for_each_step(|s| self.cells.set(s.to, s.tile));
        self.cells.set(m.end(), 0);
    }

    #[inline(always)]
    fn undo(&mut self, m: LineRun) {
        m.for_each_step(|s| self.cells.set(s.from, s.tile));
        self.cells.set(m.cells[0], 0);
    }

    cells_in!(cells);
}

/// The admissible MTM heuristic of the module: per axis, the sum of the
/// tiles' distances from their goal cells along it (around the cycle on a
/// torus), divided by the most tiles a run moves (`L - 1`), rounded up,
/// and summed over the axes. O(1) per step; works with any domain whose
/// moves are straight runs ([`MtmLineDomain`], the board domains).
#[derive(Clone, Debug)]
pub struct LineDistance {
    /// Each vertex's coordinates.
    at: Vec<[u8; 3]>,
    /// Each tile's goal coordinates.
    goal: Vec<[u8; 3]>,
    extent: [u32; 3],
    torus: bool,
    /// Tiles per run, at most, per axis (`L - 1`, at least 1).
    per_run: [u32; 3],
    /// The current sums per axis.
    sums: [u32; 3],
}

impl LineDistance {
    /// The heuristic for `puzzle` and `goal`; `None` unless the puzzle has
    /// straight lines of at most [`MAX_LINE`] cells, at most 256 vertices,
    /// and `goal` fits it.
    pub(crate) fn of_puzzle(puzzle: &Puzzle, goal: &Configuration) -> Option<Self> {
        let (extent, torus) = puzzle.straight_lines()?;
        let n = puzzle.vertex_count();
        if n > super::manhattan::MAX_VERTICES
            || goal.len() != n
            || extent.iter().any(|&e| e > MAX_LINE)
        {
            return None;
        }
        let at: Vec<[u8; 3]> = (0..n)
            .map(|v| puzzle.coordinates(v).map(|c| c.map(|x| x as u8)))
            .collect::<Option<_>>()?;
        let mut goal_at = vec![[0u8; 3]; n.max(1)];
        for (v, &t) in goal.cells().iter().enumerate() {
            *goal_at.get_mut(t as usize)? = at[v];
        }
        Some(LineDistance {
            at,
            goal: goal_at,
            extent: extent.map(|e| e as u32),
            torus,
            per_run: extent.map(|e| (e as u32).saturating_sub(1).max(1)),
            sums: [0; 3],
        })
    }

    /// Tile `t`'s distance along `axis` from coordinate `c` to its goal.
    #[inline(always)]
    fn along(&self, axis: usize, t: usize, c: u8) -> u32 {
        let g = self.goal.get(t).map_or(0, |g| g[axis]);
        let d = c.abs_diff(g) as u32;
        if self.torus {
            d.min(self.extent[axis] - d)
        } else {
            d
        }
    }

    #[inline(always)]
    fn value(&self) -> u32 {
        (0..3).map(|a| self.sums[a].div_ceil(self.per_run[a])).sum()
    }
}

impl<D: Domain> Heuristic<D> for LineDistance {
    /// The sums before the move.
    type Undo = [u32; 3];

    fn reset(&mut self, d: &D) -> u32 {
        self.sums = [0; 3];
        for (v, &t) in d.cells().iter().enumerate() {
            if t != 0
                && let Some(&c) = self.at.get(v)
            {
                for (a, &x) in c.iter().enumerate() {
                    self.sums[a] += self.along(a, t as usize, x);
                }
            }
        }
        self.value()
    }

    #[inline(always)]
    fn apply(&mut self, _: &D, m: D::Move, _: u32, _: u32) -> (u32, [u32; 3]) {
        let before = self.sums;
        m.for_each_step(|s| {
            let (Some(&from), Some(&to)) =
                (self.at.get(s.from as usize), self.at.get(s.to as usize))
            else {
                return;
            };
            let t = s.tile as usize;
            for a in 0..3 {
                if from[a] != to[a] {
                    self.sums[a] =
                        self.sums[a] + self.along(a, t, to[a]) - self.along(a, t, from[a]);
                }
            }
        });
        (self.value(), before)
    }

    #[inline(always)]
    fn undo(&mut self, _: &D, _: D::Move, before: [u32; 3]) {
        self.sums = before;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::distance_table::DistanceTable;
    use crate::model::Metric;
    use crate::search::ida::ida_star;
    use crate::search::limits::Limits;

    /// IDA* on the line domain finds the breadth-first MTM distance of
    /// random configurations (each side of a torus line of 2, 3 and 4
    /// cells, boxes, a plain board), and its path has that many runs.
    #[test]
    fn optimal_lengths_equal_breadth_first_distances() {
        for spec in [
            "3x3:torus",
            "4x2:torus",
            "3x2:torus",
            "2x2x2",
            "3x1x2",
            "1x2x3",
            "3x3",
        ] {
            let p = Puzzle::parse(spec).unwrap();
            let goal = p.default_goal();
            let table = DistanceTable::build(&p, &goal, Metric::Mtm, &Limits::default()).unwrap();
            for start in crate::theory::seeded_scrambles(&p, &goal, 7).take(25) {
                let start = start.unwrap();
                let domain = MtmLineDomain::of_puzzle(&p, &start, &goal).unwrap();
                let h = LineDistance::of_puzzle(&p, &goal).unwrap();
                let r = ida_star(domain, h, &Limits::default(), false);
                let want = table.distance(&start).unwrap() as usize;
                let steps = r.steps().unwrap();
                let runs = crate::moves::length_of_steps(&p, &start, &steps, Metric::Mtm).unwrap();
                assert_eq!(r.stats().bound as usize, want, "{spec} {start:?}");
                assert_eq!(runs, want, "{spec} {start:?}");
                assert_eq!(
                    crate::moves::replay_steps(&p, &start, &steps).unwrap(),
                    goal
                );
            }
        }
    }

    /// Listing every optimal solution gives each optimal blank path once:
    /// the same set as a brute-force walk over every run of
    /// [`crate::moves::moves_from`] that keeps to the breadth-first
    /// distances, on a torus with lines of 3 and 4 cells and on a box.
    #[test]
    fn every_optimal_solution_is_listed_once() {
        use crate::search::enumerate::{Lengths, enumerate};
        use std::collections::BTreeSet;
        for spec in ["3x3:torus", "4x2:torus", "3x1x2"] {
            let p = Puzzle::parse(spec).unwrap();
            let goal = p.default_goal();
            let table = DistanceTable::build(&p, &goal, Metric::Mtm, &Limits::default()).unwrap();
            for start in crate::theory::seeded_scrambles(&p, &goal, 11).take(6) {
                let start = start.unwrap();
                // Brute force: runs that lower the distance by one, to the goal.
                fn walk(
                    p: &Puzzle,
                    table: &DistanceTable,
                    at: &Configuration,
                    path: &mut Vec<usize>,
                    out: &mut BTreeSet<Vec<usize>>,
                ) {
                    let d = table.distance(at).unwrap();
                    if d == 0 {
                        out.insert(path.clone());
                        return;
                    }
                    for run in crate::moves::moves_from(p, at.blank(), Metric::Mtm) {
                        let next = crate::moves::replay(p, at, &run).unwrap();
                        if table.distance(&next) == Some(d - 1) {
                            let keep = path.len();
                            path.extend(&run);
                            walk(p, table, &next, path, out);
                            path.truncate(keep);
                        }
                    }
                }
                let mut want = BTreeSet::new();
                walk(&p, &table, &start, &mut Vec::new(), &mut want);
                let domain = MtmLineDomain::of_puzzle(&p, &start, &goal).unwrap();
                let h = LineDistance::of_puzzle(&p, &goal).unwrap();
                let mut listed = Vec::new();
                let lengths = Lengths {
                    beyond_first: Some(0),
                    ..Lengths::default()
                };
                enumerate(
                    domain,
                    h,
                    lengths,
                    &Limits::default(),
                    &mut |moves: &[LineRun]| {
                        let steps = crate::search::domain::flatten(moves);
                        listed.push(crate::moves::blank_path_of_steps(&steps));
                        true
                    },
                );
                let distinct: BTreeSet<Vec<usize>> = listed.iter().cloned().collect();
                assert_eq!(distinct.len(), listed.len(), "{spec}: a path listed twice");
                assert_eq!(distinct, want, "{spec} {start:?}");
            }
        }
    }

    /// The heuristic never exceeds the true MTM distance, on every
    /// configuration of small tori and boxes.
    #[test]
    fn line_distance_is_admissible_everywhere() {
        for spec in ["3x2:torus", "2x2x2", "4x2:torus"] {
            let p = Puzzle::parse(spec).unwrap();
            let goal = p.default_goal();
            let table = DistanceTable::build(&p, &goal, Metric::Mtm, &Limits::default()).unwrap();
            for c in crate::theory::seeded_scrambles(&p, &goal, 3).take(2000) {
                let c = c.unwrap();
                let domain = MtmLineDomain::of_puzzle(&p, &c, &goal).unwrap();
                let mut h = LineDistance::of_puzzle(&p, &goal).unwrap();
                let value = Heuristic::<MtmLineDomain>::reset(&mut h, &domain);
                assert!(value <= table.distance(&c).unwrap(), "{spec} {c:?}");
            }
        }
    }

    /// The runs from a cell: a torus line of 3 cells gives runs of 1 and 2
    /// each way, a torus line of 2 one run, and a box line to its end.
    #[test]
    fn runs_follow_the_lines() {
        let p = Puzzle::parse("3x2:torus").unwrap();
        let goal = p.default_goal();
        let d = MtmLineDomain::of_puzzle(&p, &goal, &goal).unwrap();
        // From cell 0: vertical (a line of 2 cells) once; horizontal 1, 2
        // each way.
        assert_eq!(d.jumps[0].len(), 1 + 4);
        let b = Puzzle::parse("3x2x2").unwrap();
        let g = b.default_goal();
        let d = MtmLineDomain::of_puzzle(&b, &g, &g).unwrap();
        // Cell 0 (corner): +x 1, 2; +y 1; +z 1.
        assert_eq!(d.jumps[0].len(), 4);
        assert!(
            MtmLineDomain::of_puzzle(&Puzzle::parse("3x3+diag").unwrap(), &goal, &goal).is_none()
        );
    }
}
