//! Move sequences as text, on their own: invert, transpose, simplify,
//! concatenate, slice and measure them without a configuration (slidy-cli's
//! notation tools, on graphs too).
//!
//! Two spellings ([`MoveSequence`]):
//! - **letters** (boards, tori, boxes): slidysim's `R3U2`, the letter
//!   naming the direction the **tile** moves (see [`Direction`]), `F`/`B`
//!   between the layers of a box. These need no configuration: inverting
//!   reverses the order and each direction.
//! - **blank paths** written with their start (any graph): `5-4-7-8` is
//!   the blank starting at vertex 5 and visiting 4, 7, 8 (0-based). With
//!   the start written the path stands alone: its inverse is the same
//!   vertices read backwards.
//!
//! STM counts single-tile moves (`R3` is 3), MTM straight runs (`R3` is 1;
//! `R1R2` is one run too). Blank paths have no MTM length (no directions).

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};
use crate::model::{Configuration, Direction, Metric, Puzzle};
use crate::moves::{parse_moves, replay};

/// A move sequence that stands without a configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveSequence {
    /// slidysim letters: (direction the tile moves, count), as written
    /// (adjacent runs in one direction are kept apart until
    /// [`MoveSequence::simplify`]).
    Letters(Vec<(Direction, usize)>),
    /// A blank path with its start: every vertex the blank visits, the
    /// start first.
    Path(Vec<usize>),
}

/// The direction a tile moves when the move is undone.
pub(crate) fn opposite(d: Direction) -> Direction {
    match d {
        Direction::Up => Direction::Down,
        Direction::Down => Direction::Up,
        Direction::Left => Direction::Right,
        Direction::Right => Direction::Left,
        Direction::Front => Direction::Back,
        Direction::Back => Direction::Front,
    }
}

/// The direction after reflecting a board in its main diagonal (rows
/// become columns): up and left swap, down and right swap; `F`/`B` stay.
pub(crate) fn transposed(d: Direction) -> Direction {
    match d {
        Direction::Up => Direction::Left,
        Direction::Left => Direction::Up,
        Direction::Down => Direction::Right,
        Direction::Right => Direction::Down,
        other => other,
    }
}

/// Largest count after one letter, and largest total of single-tile moves
/// a letter sequence may hold (2^32): budgets checked while parsing.
pub const MAX_MOVES: u64 = crate::moves::MAX_LETTER_MOVES;

impl FromStr for MoveSequence {
    type Err = Error;

    /// Parses letters (`R3U2`, `R R U`, optional `path:`-less blank paths
    /// `5-4-7`) without a configuration: a text with a letter is letters,
    /// one with digits and dashes only is a blank path written with its
    /// start.
    ///
    /// # Errors
    /// [`Error::Moves`] naming the bad character or item (1-based
    /// position), a count of 0 or above [`MAX_MOVES`], an empty sequence
    /// item (`8--7`), or a path without a step.
    fn from_str(text: &str) -> Result<Self> {
        let t = text.trim();
        let body = t.strip_prefix("path:").unwrap_or(t);
        if body.chars().any(|c| c.is_ascii_alphabetic()) {
            parse_letters(body).map(MoveSequence::Letters)
        } else {
            parse_path(body).map(MoveSequence::Path)
        }
    }
}

fn parse_letters(text: &str) -> Result<Vec<(Direction, usize)>> {
    Ok(crate::moves::letter_tokens(text)?
        .into_iter()
        .map(|(d, n, _)| (d, n))
        .collect())
}

fn parse_path(text: &str) -> Result<Vec<usize>> {
    let mut out = Vec::new();
    for (i, item) in text.split('-').enumerate() {
        let item = item.trim();
        let v = item.parse::<usize>().map_err(|_| {
            Error::moves(
                Some(i),
                if item.is_empty() {
                    format!("item {} of the blank path is empty", i + 1)
                } else {
                    format!("item {} '{item}' is not a vertex number", i + 1)
                },
            )
        })?;
        out.push(v);
    }
    if out.is_empty() || text.trim().is_empty() {
        return Err(Error::moves(
            None,
            "an empty blank path: write its start vertex first, as in 5-4-7",
        ));
    }
    Ok(out)
}

impl fmt::Display for MoveSequence {
    /// Letters as `R3U2` (counts above 1 written), paths as `5-4-7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveSequence::Letters(moves) => {
                for &(d, n) in moves {
                    write!(f, "{}", d.letter())?;
                    if n != 1 {
                        write!(f, "{n}")?;
                    }
                }
                Ok(())
            }
            MoveSequence::Path(path) => {
                let items: Vec<String> = path.iter().map(|v| v.to_string()).collect();
                f.write_str(&items.join("-"))
            }
        }
    }
}

impl MoveSequence {
    /// The sequence that undoes this one: the moves in reverse order, each
    /// in the opposite direction (letters), or the vertices read backwards
    /// (paths). O(len).
    ///
    /// ```
    /// use slidepuzzle::notation::MoveSequence;
    /// let m: MoveSequence = "R3U2D".parse().unwrap();
    /// assert_eq!(m.invert().to_string(), "UD2L3");
    /// let p: MoveSequence = "5-4-7".parse().unwrap();
    /// assert_eq!(p.invert().to_string(), "7-4-5");
    /// ```
    pub fn invert(&self) -> MoveSequence {
        match self {
            MoveSequence::Letters(m) => {
                MoveSequence::Letters(m.iter().rev().map(|&(d, n)| (opposite(d), n)).collect())
            }
            MoveSequence::Path(p) => MoveSequence::Path(p.iter().rev().copied().collect()),
        }
    }

    /// The sequence on the board reflected in its main diagonal (U <-> L,
    /// D <-> R): it solves the transposed scramble.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a blank path (a graph has no diagonal).
    pub fn transpose(&self) -> Result<MoveSequence> {
        match self {
            MoveSequence::Letters(m) => Ok(MoveSequence::Letters(
                m.iter().map(|&(d, n)| (transposed(d), n)).collect(),
            )),
            MoveSequence::Path(_) => Err(Error::Unsupported(
                "transpose takes letters (boards); a blank path has no rows and columns".into(),
            )),
        }
    }

    /// The shortest equivalent spelling by local rules: adjacent runs in
    /// one direction merge (`R1R2` = `R3`), opposite ones cancel (`R3L1` =
    /// `R2`, `RL` = nothing), repeatedly; a blank path loses every step
    /// straight back (`5-4-5-8` = `5-8`). The result does the same to any
    /// configuration. O(len).
    ///
    /// ```
    /// use slidepuzzle::notation::MoveSequence;
    /// let m: MoveSequence = "RRLUDDU".parse().unwrap();
    /// assert_eq!(m.simplify().to_string(), "R");
    /// ```
    pub fn simplify(&self) -> MoveSequence {
        match self {
            MoveSequence::Letters(m) => {
                let mut out: Vec<(Direction, usize)> = Vec::with_capacity(m.len());
                for &(d, n) in m {
                    let mut n = n;
                    while n > 0 {
                        match out.last_mut() {
                            Some((e, k)) if *e == d => {
                                *k += n;
                                n = 0;
                            }
                            Some((e, k)) if *e == opposite(d) => {
                                if *k > n {
                                    *k -= n;
                                    n = 0;
                                } else {
                                    n -= *k;
                                    out.pop();
                                }
                            }
                            _ => {
                                out.push((d, n));
                                n = 0;
                            }
                        }
                    }
                }
                MoveSequence::Letters(out)
            }
            MoveSequence::Path(p) => {
                let (start, rest) = match p.split_first() {
                    Some((s, r)) => (*s, r),
                    None => return self.clone(),
                };
                let mut out = vec![start];
                out.extend(crate::moves::simplify(start, rest));
                MoveSequence::Path(out)
            }
        }
    }

    /// The length in `metric`: single-tile moves (STM), or straight runs
    /// (MTM: adjacent letters in one direction make one run, counted by
    /// the library's one rule, [`crate::moves::run_moves`]: on a torus
    /// `puzzle`, a run longer than its line's L - 1 tiles counts more than
    /// once); `None` for the MTM length of a blank path.
    ///
    /// ```
    /// use slidepuzzle::{model::{Metric, Puzzle}, notation::MoveSequence};
    /// let m: MoveSequence = "R3U2RR".parse().unwrap();
    /// assert_eq!(m.length(Metric::Stm, None), Some(7));
    /// assert_eq!(m.length(Metric::Mtm, None), Some(3));
    /// let torus = Puzzle::parse("3x3:torus").unwrap();
    /// let r3: MoveSequence = "R3".parse().unwrap();
    /// assert_eq!(r3.length(Metric::Mtm, Some(&torus)), Some(2)); // as a solution's MTM count
    /// ```
    pub fn length(&self, metric: Metric, puzzle: Option<&Puzzle>) -> Option<usize> {
        match (self, metric) {
            (MoveSequence::Letters(m), Metric::Stm) => {
                Some(m.iter().fold(0usize, |a, &(_, n)| a.saturating_add(n)))
            }
            (MoveSequence::Letters(m), Metric::Mtm) => Some(
                m.chunk_by(|a, b| a.0 == b.0)
                    .map(|run| {
                        let steps = run.iter().fold(0usize, |a, &(_, n)| a.saturating_add(n));
                        crate::moves::run_moves(puzzle, run[0].0, steps)
                    })
                    .sum(),
            ),
            (MoveSequence::Path(p), Metric::Stm) => Some(p.len().saturating_sub(1)),
            (MoveSequence::Path(_), Metric::Mtm) => None,
        }
    }

    /// This sequence followed by `other`.
    ///
    /// # Errors
    /// [`Error::Argument`] when one is letters and the other a path, or a
    /// path does not start where the first ends.
    pub fn concat(&self, other: &MoveSequence) -> Result<MoveSequence> {
        match (self, other) {
            (MoveSequence::Letters(a), MoveSequence::Letters(b)) => {
                Ok(MoveSequence::Letters(a.iter().chain(b).copied().collect()))
            }
            (MoveSequence::Path(a), MoveSequence::Path(b)) => {
                if a.last() != b.first() {
                    return Err(Error::argument(
                        "moves",
                        format!(
                            "the second blank path starts at vertex {}, not where the first ends ({})",
                            b.first().map_or("?".into(), |v| v.to_string()),
                            a.last().map_or("?".into(), |v| v.to_string())
                        ),
                    ));
                }
                Ok(MoveSequence::Path(
                    a.iter().chain(&b[1..]).copied().collect(),
                ))
            }
            _ => Err(Error::argument(
                "moves",
                "cannot join letters and a blank path: write both the same way",
            )),
        }
    }

    /// The moves `from..to` (0-based, `to` exclusive), counted in `metric`:
    /// single-tile moves (a letter with a count is cut inside) or straight
    /// runs (MTM). A path slice keeps its start vertex.
    ///
    /// ```
    /// use slidepuzzle::{model::Metric, notation::MoveSequence};
    /// let m: MoveSequence = "R3U2L".parse().unwrap();
    /// assert_eq!(m.slice(1, 4, Metric::Stm).unwrap().to_string(), "R2U");
    /// assert_eq!(m.slice(1, 3, Metric::Mtm).unwrap().to_string(), "U2L");
    /// ```
    ///
    /// # Errors
    /// [`Error::Argument`] when `from > to` or `to` is beyond the length,
    /// or for the MTM slice of a blank path.
    pub fn slice(&self, from: usize, to: usize, metric: Metric) -> Result<MoveSequence> {
        let len = self.length(metric, None).ok_or_else(|| {
            Error::argument(
                "metric",
                "a blank path has no multi-tile moves: slice it in stm",
            )
        })?;
        if from > to || to > len {
            return Err(Error::argument(
                "range",
                format!("moves {from}..{to} are not within 0..{len} ({metric})"),
            ));
        }
        Ok(match (self, metric) {
            (MoveSequence::Path(p), _) => MoveSequence::Path(p[from..=to].to_vec()),
            (MoveSequence::Letters(m), Metric::Stm) => {
                let mut out = Vec::new();
                let mut at = 0usize;
                for &(d, n) in m {
                    let (lo, hi) = (at.max(from), (at + n).min(to));
                    if lo < hi {
                        out.push((d, hi - lo));
                    }
                    at += n;
                }
                MoveSequence::Letters(out)
            }
            (MoveSequence::Letters(m), Metric::Mtm) => {
                let mut out = Vec::new();
                let mut run = 0usize;
                for (i, &(d, n)) in m.iter().enumerate() {
                    if i > 0 && m[i - 1].0 != d {
                        run += 1;
                    }
                    if (from..to).contains(&run) {
                        out.push((d, n));
                    }
                }
                MoveSequence::Letters(out)
            }
        })
    }
}

impl MoveSequence {
    /// The blank path (vertices after the start, as everywhere in the
    /// library) of this sequence from a configuration with the blank at
    /// `start_blank`, every step checked against `puzzle`.
    ///
    /// # Errors
    /// [`Error::Moves`] for a move off the board or a step between
    /// vertices that are not adjacent, or a path that does not start at
    /// `start_blank`.
    pub(crate) fn blank_path(&self, puzzle: &Puzzle, start_blank: usize) -> Result<Vec<usize>> {
        let start = Configuration::natural(puzzle.vertex_count());
        let mut cells = start.cells().to_vec();
        // Any configuration with the blank at `start_blank` will do: the
        // path depends on the blank alone.
        let last = cells.len().saturating_sub(1);
        if start_blank > last {
            return Err(Error::moves(
                None,
                format!("vertex {start_blank} is not on the puzzle"),
            ));
        }
        cells.swap(start_blank, last);
        let from = Configuration::from_cells(cells, 1)?;
        match self {
            MoveSequence::Letters(_) => parse_moves(puzzle, &from, &self.to_string()),
            MoveSequence::Path(p) => {
                if p.first() != Some(&start_blank) {
                    return Err(Error::moves(
                        Some(0),
                        format!(
                            "the blank path starts at vertex {}, but the blank is at vertex {start_blank}",
                            p.first().map_or("?".into(), |v| v.to_string())
                        ),
                    ));
                }
                let rest: Vec<String> = p[1..].iter().map(|v| v.to_string()).collect();
                if rest.is_empty() {
                    return Ok(Vec::new());
                }
                parse_moves(puzzle, &from, &format!("path:{}", rest.join("-")))
            }
        }
    }

    /// The configuration this sequence solves: the goal with the inverse
    /// sequence applied (slidy-cli's `from-solution`). For a blank path the
    /// path must end at the goal's blank.
    ///
    /// ```
    /// use slidepuzzle::{format::format_configuration, notation::MoveSequence, Puzzle};
    /// let p = Puzzle::parse("3x3").unwrap();
    /// let m: MoveSequence = "L2".parse().unwrap();
    /// let scramble = m.scramble_solved_by(&p, &p.default_goal()).unwrap();
    /// assert_eq!(format_configuration(&p, &scramble), "1 2 3/4 5 6/0 7 8");
    /// ```
    ///
    /// # Errors
    /// As `MoveSequence::blank_path` for the inverse from the goal.
    pub fn scramble_solved_by(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
    ) -> Result<Configuration> {
        let inverse = self.invert();
        let path = inverse.blank_path(puzzle, goal.blank())?;
        replay(puzzle, goal, &path)
    }

    /// `config` with this sequence applied (from the goal: slidy-cli's
    /// `apply-to-solved`).
    ///
    /// # Errors
    /// As `MoveSequence::blank_path`.
    pub fn apply_to(&self, puzzle: &Puzzle, config: &Configuration) -> Result<Configuration> {
        let path = self.blank_path(puzzle, config.blank())?;
        replay(puzzle, config, &path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(s: &str) -> MoveSequence {
        s.parse().unwrap()
    }

    #[test]
    fn invert_twice_is_the_identity_and_simplify_cancels_inverses() {
        for s in ["R3U2D", "ULDR", "F2B", "5-4-7-8"] {
            let m = seq(s);
            assert_eq!(m.invert().invert(), m);
            let both = m.concat(&m.invert()).unwrap().simplify();
            assert_eq!(both.length(Metric::Stm, None), Some(0), "{s}");
        }
    }

    #[test]
    fn bad_text_says_where() {
        let e = "R3X".parse::<MoveSequence>().unwrap_err().to_string();
        assert!(e.contains("'X' at position 3"), "{e}");
        let e = "R0".parse::<MoveSequence>().unwrap_err().to_string();
        assert!(e.contains("bad count '0'"), "{e}");
        let e = "8--7".parse::<MoveSequence>().unwrap_err().to_string();
        assert!(e.contains("item 2 of the blank path is empty"), "{e}");
        assert!("".parse::<MoveSequence>().is_err());
        let e = "R99999999999"
            .parse::<MoveSequence>()
            .unwrap_err()
            .to_string();
        assert!(e.contains("bad count"), "{e}");
    }

    #[test]
    fn from_solution_and_apply_are_inverse() {
        let p = Puzzle::parse("4x4").unwrap();
        let goal = p.default_goal();
        let m = seq("URDL3U2");
        let scramble = m.scramble_solved_by(&p, &goal).unwrap();
        assert_eq!(m.apply_to(&p, &scramble).unwrap(), goal);
        let g = Puzzle::parse("petersen").unwrap();
        let path = seq("9-4-3");
        let end = path.apply_to(&g, &g.default_goal()).unwrap();
        assert_eq!(path.scramble_solved_by(&g, &end).unwrap(), g.default_goal());
        assert!(seq("5-4").apply_to(&g, &g.default_goal()).is_err());
    }

    #[test]
    fn transpose_swaps_rows_and_columns() {
        assert_eq!(seq("U2RD").transpose().unwrap().to_string(), "L2DR");
        assert!(seq("1-2").transpose().is_err());
    }

    #[test]
    fn slices_cover_the_whole() {
        let m = seq("R3U2LD");
        let stm = m.length(Metric::Stm, None).unwrap();
        for cut in 0..=stm {
            let a = m.slice(0, cut, Metric::Stm).unwrap();
            let b = m.slice(cut, stm, Metric::Stm).unwrap();
            assert_eq!(a.concat(&b).unwrap().simplify(), m.simplify());
        }
        assert!(m.slice(2, 9, Metric::Stm).is_err());
        assert!(seq("1-2-3").slice(0, 1, Metric::Mtm).is_err());
        assert_eq!(
            seq("1-2-3").slice(1, 2, Metric::Stm).unwrap().to_string(),
            "2-3"
        );
    }
}
