//! The symmetries of a plain W x H board (its automorphisms as a grid
//! graph: the mirrors and turns that map the board onto itself), and
//! [`GoalFrame`]: how one goal is another seen through a symmetry with
//! the tiles renamed, so that tables built for one serve the other.
//!
//! Cells are numbered row by row from the top left (cell `y * W + x`). A
//! symmetry maps a cell to a cell and moves to moves, so it maps every
//! configuration, path and distance of one goal to the other's.

use super::config::Configuration;
use crate::error::{Error, Result};

/// One of the eight symmetries of a square (four of a rectangle that is
/// not square: those that keep the width along x).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardSymmetry {
    /// Every cell stays.
    Identity,
    /// Left and right swap: (x, y) -> (W-1-x, y).
    MirrorLeftRight,
    /// Top and bottom swap: (x, y) -> (x, H-1-y).
    MirrorTopBottom,
    /// A half turn: (x, y) -> (W-1-x, H-1-y).
    HalfTurn,
    /// The main diagonal's mirror (square boards): (x, y) -> (y, x).
    Transpose,
    /// The other diagonal's mirror (square boards): (x, y) -> (W-1-y, W-1-x).
    AntiTranspose,
    /// A quarter turn clockwise (square boards): (x, y) -> (W-1-y, x).
    QuarterTurn,
    /// A quarter turn anticlockwise (square boards): (x, y) -> (y, W-1-x).
    ThreeQuarterTurn,
}

impl BoardSymmetry {
    /// The symmetries of a W x H board, the identity first: 8 on a square,
    /// 4 otherwise.
    pub(crate) fn of_board(width: usize, height: usize) -> &'static [BoardSymmetry] {
        use BoardSymmetry::*;
        const ALL: [BoardSymmetry; 8] = [
            Identity,
            MirrorLeftRight,
            MirrorTopBottom,
            HalfTurn,
            Transpose,
            AntiTranspose,
            QuarterTurn,
            ThreeQuarterTurn,
        ];
        if width == height { &ALL } else { &ALL[..4] }
    }

    /// The image of `cell` on a W x H board. O(1).
    ///
    /// ```
    /// use slidepuzzle::model::symmetry::BoardSymmetry;
    /// // On 4 x 4 the top right corner (cell 3) mirrored top to bottom is
    /// // the bottom right corner (cell 15).
    /// assert_eq!(BoardSymmetry::MirrorTopBottom.cell(4, 4, 3), 15);
    /// assert_eq!(BoardSymmetry::Transpose.cell(4, 4, 1), 4);
    /// ```
    pub fn cell(self, width: usize, height: usize, cell: usize) -> usize {
        use BoardSymmetry::*;
        let (x, y) = (cell % width, cell / width);
        let (w1, h1) = (width - 1, height - 1);
        let (nx, ny) = match self {
            Identity => (x, y),
            MirrorLeftRight => (w1 - x, y),
            MirrorTopBottom => (x, h1 - y),
            HalfTurn => (w1 - x, h1 - y),
            Transpose => (y, x),
            AntiTranspose => (w1 - y, w1 - x),
            QuarterTurn => (w1 - y, x),
            ThreeQuarterTurn => (y, w1 - x),
        };
        ny * width + nx
    }

    /// The image of every cell: `map[c]` is where cell `c` goes. O(W H).
    pub(crate) fn cell_map(self, width: usize, height: usize) -> Vec<usize> {
        (0..width * height)
            .map(|c| self.cell(width, height, c))
            .collect()
    }

    /// The symmetry in words, as plans say it ("mirrored top to bottom").
    pub(crate) fn in_words(self) -> &'static str {
        use BoardSymmetry::*;
        match self {
            Identity => "as it is",
            MirrorLeftRight => "mirrored left to right",
            MirrorTopBottom => "mirrored top to bottom",
            HalfTurn => "turned half round",
            Transpose => "mirrored in its main diagonal",
            AntiTranspose => "mirrored in its other diagonal",
            QuarterTurn => "turned a quarter clockwise",
            ThreeQuarterTurn => "turned a quarter anticlockwise",
        }
    }
}

/// How a goal with one blank is another goal (the *table goal*, whose
/// tables are at hand) seen through a board symmetry with the tiles
/// renamed: a configuration `s` towards the goal corresponds to the
/// configuration `frame(s)` towards the table goal, with the same
/// distance, where `frame` moves each cell by the symmetry and renames
/// each tile by `GoalFrame::tile`. Exists exactly when the symmetry
/// maps the goal's blank onto the table goal's: on a board every goal
/// with its blank in a corner is the standard goal so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalFrame {
    /// The symmetry taking the goal's cells to the table goal's.
    pub symmetry: BoardSymmetry,
    /// `cells[c]`: the table goal's cell that cell `c` maps to.
    cells: Vec<usize>,
    /// `tiles[t]`: the table goal's name for tile `t` (0 for the blank).
    tiles: Vec<u32>,
}

impl GoalFrame {
    /// The frame taking `goal` to `table_goal` on a W x H board: the first
    /// symmetry of `BoardSymmetry::of_board` that maps the blank onto the
    /// table goal's. `None` when no symmetry does, when either has more
    /// than one blank, or when the sizes differ. O(W H) per symmetry.
    ///
    /// ```
    /// use slidepuzzle::{format::parse_configuration, Puzzle};
    /// use slidepuzzle::model::symmetry::{BoardSymmetry, GoalFrame};
    /// let p = Puzzle::parse("3x3").unwrap();
    /// let goal = parse_configuration(&p, "7 8 0/4 5 6/1 2 3", 1).unwrap();
    /// let frame = GoalFrame::onto(3, 3, &goal, &p.default_goal()).unwrap();
    /// assert_eq!(frame.symmetry, BoardSymmetry::MirrorTopBottom);
    /// assert_eq!(frame.apply(&goal).unwrap(), p.default_goal());
    /// ```
    pub fn onto(
        width: usize,
        height: usize,
        goal: &Configuration,
        table_goal: &Configuration,
    ) -> Option<GoalFrame> {
        let n = width.checked_mul(height)?;
        if goal.len() != n || table_goal.len() != n {
            return None;
        }
        if goal.blanks().len() != 1 || table_goal.blanks().len() != 1 {
            return None;
        }
        let symmetry = *BoardSymmetry::of_board(width, height)
            .iter()
            .find(|s| s.cell(width, height, goal.blank()) == table_goal.blank())?;
        let cells = symmetry.cell_map(width, height);
        let mut tiles = vec![0u32; n];
        for (c, &t) in goal.cells().iter().enumerate() {
            *tiles.get_mut(t as usize)? = table_goal.tile_at(cells[c]);
        }
        Some(GoalFrame {
            symmetry,
            cells,
            tiles,
        })
    }

    /// Whether the frame changes nothing (the goal is the table goal).
    pub(crate) fn is_identity(&self) -> bool {
        self.symmetry == BoardSymmetry::Identity
            && self.tiles.iter().enumerate().all(|(t, &u)| t as u32 == u)
    }

    /// The table goal's cell for cell `c`.
    pub fn cell(&self, c: usize) -> usize {
        self.cells[c]
    }

    /// The inverse of [`GoalFrame::cell`]: `back[frame.cell(c)] == c`, so
    /// a blank path found in the table goal's frame is given back in the
    /// goal's cells. O(n).
    ///
    /// ```
    /// use slidepuzzle::{format::parse_configuration, Puzzle};
    /// use slidepuzzle::model::symmetry::GoalFrame;
    /// let p = Puzzle::parse("3x3").unwrap();
    /// let goal = parse_configuration(&p, "7 8 0/4 5 6/1 2 3", 1).unwrap();
    /// let frame = GoalFrame::onto(3, 3, &goal, &p.default_goal()).unwrap();
    /// let back = frame.cells_back();
    /// assert!((0..9).all(|c| back[frame.cell(c)] == c));
    /// ```
    pub fn cells_back(&self) -> Vec<usize> {
        let mut back = vec![0; self.cells.len()];
        for (c, &to) in self.cells.iter().enumerate() {
            if let Some(b) = back.get_mut(to) {
                *b = c;
            }
        }
        back
    }

    /// The table goal's name of tile `t` (the blank stays 0).
    pub(crate) fn tile(&self, t: u32) -> u32 {
        self.tiles[t as usize]
    }

    /// The tile named `u` by the table goal (the inverse of
    /// [`GoalFrame::tile`]). O(n).
    #[cfg(test)]
    fn tile_named(&self, u: u32) -> Option<u32> {
        self.tiles.iter().position(|&x| x == u).map(|t| t as u32)
    }

    /// `config` (one blank, on the frame's board) seen in the table
    /// goal's frame. O(n).
    ///
    /// # Errors
    /// [`Error::Configuration`] for a configuration of another size or
    /// with another number of blanks.
    pub fn apply(&self, config: &Configuration) -> Result<Configuration> {
        let n = self.cells.len();
        if config.len() != n {
            return Err(Error::config(format!(
                "a configuration of {} cells seen on a board of {n}",
                config.len()
            )));
        }
        let mut cells = vec![0u32; n];
        for (c, &t) in config.cells().iter().enumerate() {
            cells[self.cells[c]] = self.tiles.get(t as usize).copied().unwrap_or(u32::MAX);
        }
        Configuration::from_cells(cells, 1)
    }

    /// The sentence a plan gives: how the goal is the table goal.
    pub(crate) fn in_words(&self) -> String {
        match self.symmetry {
            BoardSymmetry::Identity => {
                "The goal is the standard goal with its tiles renamed, so the standard goal's tables serve it".to_string()
            }
            s => format!(
                "The goal is the standard goal {} with its tiles renamed, so the standard goal's tables serve it",
                s.in_words()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_bijections_that_keep_neighbours() {
        for (w, h) in [(4, 4), (5, 3), (2, 7)] {
            for s in BoardSymmetry::of_board(w, h) {
                let map = s.cell_map(w, h);
                let mut seen = map.clone();
                seen.sort_unstable();
                assert_eq!(seen, (0..w * h).collect::<Vec<_>>(), "{s:?} on {w}x{h}");
                for c in 0..w * h {
                    let (x, y) = (c % w, c / w);
                    if x + 1 < w {
                        let (a, b) = (map[c], map[c + 1]);
                        let d = (a % w).abs_diff(b % w) + (a / w).abs_diff(b / w);
                        assert_eq!(d, 1, "{s:?} breaks a row edge on {w}x{h}");
                    }
                    if y + 1 < h {
                        let (a, b) = (map[c], map[c + w]);
                        let d = (a % w).abs_diff(b % w) + (a / w).abs_diff(b / w);
                        assert_eq!(d, 1, "{s:?} breaks a column edge on {w}x{h}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_corner_goal_has_a_frame_and_the_centre_none() {
        let standard = Configuration::natural(16);
        for corner in [0, 3, 12, 15] {
            let mut cells: Vec<u32> = (1..16).collect();
            cells.insert(corner, 0);
            let goal = Configuration::from_cells(cells, 1).unwrap();
            let frame = GoalFrame::onto(4, 4, &goal, &standard).unwrap();
            assert_eq!(frame.apply(&goal).unwrap(), standard);
            assert_eq!(frame.is_identity(), corner == 15);
            for t in 0..16 {
                assert_eq!(frame.tile_named(frame.tile(t)), Some(t));
            }
        }
        let mut cells: Vec<u32> = (1..16).collect();
        cells.insert(5, 0);
        let centre = Configuration::from_cells(cells, 1).unwrap();
        assert_eq!(GoalFrame::onto(4, 4, &centre, &standard), None);
    }
}
