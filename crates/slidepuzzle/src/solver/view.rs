//! The one view of a solution that every face shows: letters where a
//! board has them, the blank's walk with one blank, the tiles, the steps,
//! the single-tile and multi-tile lengths ([`SolutionView`],
//! [`Solution::view`]). The command line, the web API and Python rename
//! and serialise it; none computes its own (so every face counts MTM by
//! one rule, [`crate::moves::mtm_length`]).

use serde::Serialize;

use super::outcome::Solution;
use crate::model::{Configuration, Metric, Puzzle};
use crate::moves::{
    blank_path_of_steps, blank_walk, length_of_steps, letters, mtm_length, tiles_of_steps,
};

/// One solution, as the solved solve record and each solution of a
/// listing give it: `{"length" (in the record's metric), "moves",
/// "blank_path", "tiles", "steps", "stm", "mtm"}`.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct SolutionView {
    /// The length in the record's `metric` (single-tile moves in STM,
    /// straight runs in MTM); `stm` and `mtm` give both.
    pub length: usize,
    /// slidysim letters with counts, where every move has a letter (one
    /// blank on a board, torus or box); null otherwise.
    pub moves: Option<String>,
    /// The vertices the blank visits, its start first (so a solution of
    /// `k` moves has `k + 1` of them); empty with several blanks, where
    /// only `steps` say which blank moved.
    pub blank_path: Vec<usize>,
    /// The tile moved at each step.
    pub tiles: Vec<u32>,
    /// Each single-tile move as the tile's `[from, to]` vertices (any
    /// number of blanks).
    pub steps: Vec<(usize, usize)>,
    /// Single-tile moves (the number of steps).
    pub stm: usize,
    /// Multi-tile moves (straight runs of one blank) on puzzles with
    /// directions; null on graphs and with several blanks.
    pub mtm: Option<usize>,
    /// The turns of a rotating puzzle's solution, in order (`moves` writes
    /// them as `1 3' 2`); empty on sliding puzzles, whose moves are
    /// `steps`.
    pub turns: Vec<TurnView>,
}

/// One turn of a rotating puzzle: `{"cycle", "forward"}`.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnView {
    /// The cycle turned, numbered from 1 as the puzzle's spec lists them.
    pub cycle: usize,
    /// Forward: the token on each vertex goes to the next vertex of the
    /// cycle (the last to the first).
    pub forward: bool,
}

impl SolutionView {
    /// The record of a rotating puzzle's `turns`.
    pub(crate) fn of_turns(
        puzzle: &crate::model::rotating::RotatingPuzzle,
        turns: &[crate::model::rotating::Rotation],
    ) -> Self {
        SolutionView {
            length: turns.len(),
            moves: Some(puzzle.format_moves(turns)),
            blank_path: Vec::new(),
            tiles: Vec::new(),
            steps: Vec::new(),
            stm: turns.len(),
            mtm: None,
            turns: turns
                .iter()
                .map(|t| TurnView {
                    cycle: usize::from(t.cycle) + 1,
                    forward: t.forward,
                })
                .collect(),
        }
    }
}

impl SolutionView {
    /// The record of `steps` (which replay from `start`), `length` long in
    /// the metric asked for.
    pub(crate) fn new(
        puzzle: &Puzzle,
        start: &Configuration,
        steps: &[(usize, usize)],
        length: usize,
    ) -> Self {
        let tiles = tiles_of_steps(puzzle, start, steps);
        // Several blanks (or none): only the steps say what moved.
        if start.blanks().len() != 1 {
            return SolutionView {
                length,
                moves: None,
                blank_path: Vec::new(),
                tiles,
                steps: steps.to_vec(),
                stm: steps.len(),
                mtm: None,
                turns: Vec::new(),
            };
        }
        let blank = start.blank();
        let path = blank_path_of_steps(steps);
        SolutionView {
            length,
            moves: letters(puzzle, blank, &path),
            blank_path: blank_walk(blank, &path),
            tiles,
            steps: steps.to_vec(),
            stm: steps.len(),
            mtm: mtm_length(puzzle, blank, &path),
            turns: Vec::new(),
        }
    }

    /// The record of `steps` (the library's listings, an optimised
    /// solution), with its length in `metric`.
    pub fn of_steps(
        puzzle: &Puzzle,
        start: &Configuration,
        steps: &[(usize, usize)],
        metric: Metric,
    ) -> Self {
        let length = length_of_steps(puzzle, start, steps, metric).unwrap_or(steps.len());
        Self::new(puzzle, start, steps, length)
    }
}

impl Solution {
    /// The solution as every face shows it ([`SolutionView`]), from the
    /// configuration it starts at. O(steps).
    ///
    /// ```
    /// use slidepuzzle::{format::parse_configuration, Outcome, Puzzle, Solver, SolveOptions};
    /// let p = Puzzle::parse("3x3").unwrap();
    /// let start = parse_configuration(&p, "1 2 3/4 5 6/0 7 8", 1).unwrap();
    /// let Outcome::Solved(s) = Solver::new().solve(&p, &start, &p.default_goal(), &SolveOptions::default()).unwrap()
    /// else { panic!() };
    /// let v = s.view(&p, &start);
    /// assert_eq!(v.moves.as_deref(), Some("L2"));
    /// assert_eq!(v.blank_path, [6, 7, 8]);
    /// assert_eq!((v.stm, v.mtm, v.tiles), (2, Some(1), vec![7, 8]));
    /// ```
    pub fn view(&self, puzzle: &Puzzle, start: &Configuration) -> SolutionView {
        if let Some(r) = puzzle.rotating() {
            return SolutionView::of_turns(r, &self.turns);
        }
        SolutionView::new(puzzle, start, &self.steps, self.length)
    }
}
