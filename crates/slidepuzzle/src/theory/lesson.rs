//! The classroom view of a plain board with one blank: the parity argument
//! (Johnson and Story 1879) worked out for a position, and the eight
//! standard arrangements with which of them the position reaches. The web
//! page's "learn" panel shows these; the library decides them so that no
//! face re-implements the parity test.

use serde::Serialize;

use super::reachability::check;
use crate::error::Result;
use crate::model::{Configuration, Puzzle};

/// The parity argument for one position: take the blank as a tile; every
/// move swaps it with a neighbour, so it flips the parity of the
/// arrangement of all cells and moves the blank one step on a chessboard
/// colouring. The goal is reachable exactly when the two parities agree
/// (on plain boards; Johnson and Story 1879).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ParityArgument {
    /// Whether the arrangement of all cells (the blank as a tile) is an odd
    /// permutation of the goal's.
    pub arrangement_odd: bool,
    /// The blank's distance from its goal cell in moves (rows plus
    /// columns).
    pub blank_distance: usize,
    /// Whether the two parities agree, so the position can be solved.
    pub solvable: bool,
}

/// One of the standard arrangements and whether a position reaches it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Arrangement {
    /// Its name: `blank bottom right, by rows`, ...
    pub name: String,
    /// Its cells, row by row (0 = the blank).
    pub cells: Vec<u32>,
    /// Whether the position it was asked for reaches it.
    pub reachable: bool,
}

/// The parity argument for `start` towards `goal` on a plain W x H board
/// with one blank; `None` on other puzzles (tori, boxes, graphs) or with
/// several blanks, where Wilson's theorem decides instead. O(cells).
///
/// ```
/// use slidepuzzle::{Puzzle, format::parse_configuration, theory::lesson::parity_argument};
/// let p = Puzzle::parse("4x4").unwrap();
/// // Sam Loyd's 14-15 puzzle: one swap from the goal, the blank at home.
/// let loyd = parse_configuration(&p, "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0", 1).unwrap();
/// let a = parity_argument(&p, &loyd, &p.default_goal()).unwrap();
/// assert!(a.arrangement_odd && a.blank_distance == 0 && !a.solvable);
/// ```
pub fn parity_argument(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
) -> Option<ParityArgument> {
    let (w, _) = puzzle.plain_board_size()?;
    let n = puzzle.vertex_count();
    if start.blanks().len() != 1 || goal.blanks().len() != 1 || start.len() != n || goal.len() != n
    {
        return None;
    }
    // Where each cell's content belongs; the tiles of start and goal must
    // be the same for this to be a permutation.
    let mut home = vec![usize::MAX; n];
    for (v, &t) in goal.cells().iter().enumerate() {
        let slot = home.get_mut(t as usize)?;
        *slot = v;
    }
    let image: Vec<usize> = start
        .cells()
        .iter()
        .map(|&t| home.get(t as usize).copied().filter(|&v| v < n))
        .collect::<Option<_>>()?;
    let mut seen = vec![false; n];
    let mut cycles = 0;
    for i in 0..n {
        if !seen[i] {
            cycles += 1;
            let mut j = i;
            while !seen[j] {
                seen[j] = true;
                j = image[j];
            }
        }
    }
    let arrangement_odd = (n - cycles) % 2 == 1;
    let (b, g) = (start.blank(), goal.blank());
    let blank_distance = (b % w).abs_diff(g % w) + (b / w).abs_diff(g / w);
    Some(ParityArgument {
        arrangement_odd,
        blank_distance,
        solvable: arrangement_odd == (blank_distance % 2 == 1),
    })
}

/// The eight standard arrangements of a plain W x H board (Johnson and
/// Story 1879): the blank in a corner, the tiles numbered from the
/// opposite corner by rows or by columns, each with whether `start`
/// reaches it (Wilson's linear-time test). `None` off plain boards or
/// with several blanks. O(8 cells).
///
/// ```
/// use slidepuzzle::{Puzzle, theory::lesson::standard_arrangements};
/// let p = Puzzle::parse("4x4").unwrap();
/// let all = standard_arrangements(&p, &p.default_goal()).unwrap().unwrap();
/// assert_eq!(all.len(), 8);
/// assert_eq!(all[0].name, "blank bottom right, by rows");
/// assert!(all[0].reachable); // the goal itself
/// ```
///
/// # Errors
/// As [`check`] for a start that is not a configuration of the puzzle.
pub fn standard_arrangements(
    puzzle: &Puzzle,
    start: &Configuration,
) -> Result<Option<Vec<Arrangement>>> {
    let Some((w, h)) = puzzle.plain_board_size() else {
        return Ok(None);
    };
    if start.blanks().len() != 1 {
        return Ok(None);
    }
    let corners = [
        (w - 1, h - 1, "bottom right"),
        (0, 0, "top left"),
        (w - 1, 0, "top right"),
        (0, h - 1, "bottom left"),
    ];
    let mut out = Vec::with_capacity(8);
    for (cx, cy, corner) in corners {
        for by_rows in [true, false] {
            let cells = numbered_from_opposite_corner((w, h), (cx, cy), by_rows);
            let goal = Configuration::from_cells(cells.clone(), 1)?;
            out.push(Arrangement {
                name: format!(
                    "blank {corner}, by {}",
                    if by_rows { "rows" } else { "columns" }
                ),
                reachable: check(puzzle, start, &goal)?.solvable,
                cells,
            });
        }
    }
    Ok(Some(out))
}

/// The cells of a W x H board with the blank on `(cx, cy)` and the tiles
/// 1, 2, ... from the opposite corner, row by row or column by column.
fn numbered_from_opposite_corner(
    (w, h): (usize, usize),
    (cx, cy): (usize, usize),
    by_rows: bool,
) -> Vec<u32> {
    let mut cells = vec![0; w * h];
    let (sx, sy) = (
        if cx == 0 { w - 1 } else { 0 },
        if cy == 0 { h - 1 } else { 0 },
    );
    let step = |s: usize, i: usize| if s == 0 { i } else { s - i };
    let (outer, inner) = if by_rows { (h, w) } else { (w, h) };
    let mut t = 1;
    for i in 0..outer {
        for j in 0..inner {
            let (x, y) = if by_rows {
                (step(sx, j), step(sy, i))
            } else {
                (step(sx, i), step(sy, j))
            };
            if (x, y) != (cx, cy) {
                cells[y * w + x] = t;
                t += 1;
            }
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parity argument agrees with Wilson's linear-time test on every
    /// position one transposition (of any two cells, the blank included)
    /// away from the goal, on boards of several shapes.
    #[test]
    fn the_parity_argument_agrees_with_the_reachability_test() {
        for spec in ["2x2", "3x3", "3x4", "4x4", "2x5"] {
            let p = Puzzle::parse(spec).unwrap();
            let goal = p.default_goal();
            let n = p.vertex_count();
            let (mut yes, mut no) = (0, 0);
            for a in 0..n {
                for b in a + 1..n {
                    let mut cells = goal.cells().to_vec();
                    cells.swap(a, b);
                    let start = Configuration::from_cells(cells, 1).unwrap();
                    let argued = parity_argument(&p, &start, &goal).unwrap();
                    let decided = check(&p, &start, &goal).unwrap().solvable;
                    assert_eq!(argued.solvable, decided, "{spec}: swap {a} {b}");
                    if decided { yes += 1 } else { no += 1 }
                }
            }
            assert!(yes > 0 && no > 0, "{spec}: both kinds seen");
        }
        // Off plain boards there is no parity argument.
        let torus = Puzzle::parse("3x3:torus").unwrap();
        assert!(parity_argument(&torus, &torus.default_goal(), &torus.default_goal()).is_none());
    }

    #[test]
    fn the_eight_arrangements_are_distinct_with_the_blank_in_a_corner() {
        let p = Puzzle::parse("3x4").unwrap();
        let all = standard_arrangements(&p, &p.default_goal())
            .unwrap()
            .unwrap();
        let cells: std::collections::BTreeSet<Vec<u32>> =
            all.iter().map(|a| a.cells.clone()).collect();
        assert_eq!(cells.len(), 8);
        for a in &all {
            let blank = a.cells.iter().position(|&t| t == 0).unwrap();
            assert!([0, 2, 9, 11].contains(&blank), "{}: {:?}", a.name, a.cells);
            let mut sorted = a.cells.clone();
            sorted.sort();
            assert_eq!(sorted, (0..12).collect::<Vec<u32>>());
        }
        // The goal (blank bottom right, by rows) reaches itself.
        assert!(all[0].reachable && all[0].cells == p.default_goal().cells());
    }
}
