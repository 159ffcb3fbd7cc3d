//! Colour schemes and label styles: how a tile is painted and labelled.
//!
//! A tile is painted by where it belongs: its **goal vertex** (the vertex
//! holding it in the goal configuration), so tile 5 keeps its colour
//! wherever it is. Boards give the goal vertex a column `x` and a row `y`
//! (`PuzzleKind::Board`: vertex `x + W * y`); a `W x H x D` box counts as
//! its layers stacked top to bottom, a `W x (H * D)` board whose row is
//! `y + H * z` (the reading order of its vertices). Other graphs have no
//! rows or columns.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};
use crate::model::{Configuration, Puzzle, PuzzleKind, Tile};

/// The colour of the blank.
pub(super) const BLANK_FILL: &str = "#555555";
/// [`Scheme::Plain`]: a tile on its goal vertex.
pub(super) const HOME_FILL: &str = "#b9e3b0";
/// [`Scheme::Plain`]: a tile elsewhere.
pub(super) const AWAY_FILL: &str = "#f3d9a4";

/// How tiles are coloured (slidysim's and slidy's colour schemes).
///
/// Every scheme but [`Scheme::Plain`] colours a tile by its goal vertex
/// only, so a tile keeps its colour as it moves. On graphs that are
/// neither boards nor boxes, the schemes that need rows and columns
/// ([`Scheme::Fringe`], [`Scheme::Rows`], [`Scheme::Columns`],
/// [`Scheme::Grids`]) fall back to [`Scheme::Rainbow`].
///
/// ```
/// use slidepuzzle::render::Scheme;
/// assert_eq!("fringe".parse::<Scheme>().unwrap(), Scheme::Fringe);
/// assert_eq!("none".parse::<Scheme>().unwrap(), Scheme::Plain);
/// assert_eq!(Scheme::Columns.to_string(), "columns");
/// let err = "stripes".parse::<Scheme>().unwrap_err().to_string();
/// assert!(err.contains("'stripes'"), "{err}");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Scheme {
    /// Today's look (the default): a tile on its goal vertex is green, any
    /// other tile sand. Parsed from `plain` or `none`.
    #[default]
    Plain,
    /// By fringe layer, the way slidy's Fringe labelling solves a board:
    /// the L-shaped outer layers (row `k` and column `k`) one after
    /// another. The layer of goal cell `(x, y)` is `min(x, y, min(W, H) -
    /// 2)`: the cap puts the last two rows or columns, which are solved
    /// together, in one layer (the last 2 x 2 block on square boards, a
    /// 2 x k strip on others). A 1 x N board is one layer.
    Fringe,
    /// Hue by tile number: tiles numbered in reading order of their goal
    /// vertex run from red to violet. Works on every puzzle.
    Rainbow,
    /// By goal row: the tiles of one row share a colour.
    Rows,
    /// By goal column.
    Columns,
    /// slidysim's grids: the board cut into quadrants, the left `ceil(W /
    /// 2)` columns from the others and the top `ceil(H / 2)` rows from the
    /// others; each quadrant has one colour (two blocks on a 1 x N board).
    Grids,
}

impl Scheme {
    /// Every scheme, in the order the parser's message lists them.
    ///
    /// ```
    /// use slidepuzzle::render::Scheme;
    /// for s in Scheme::ALL {
    ///     assert_eq!(s.to_string().parse::<Scheme>().unwrap(), s);
    /// }
    /// ```
    pub const ALL: [Scheme; 6] = [
        Scheme::Plain,
        Scheme::Fringe,
        Scheme::Rainbow,
        Scheme::Rows,
        Scheme::Columns,
        Scheme::Grids,
    ];

    /// The fill of every tile (`#rrggbb`), indexed by tile; entry 0 is the
    /// blank. For [`Scheme::Plain`] every tile gets the colour of a tile
    /// away from its goal vertex (a drawing paints tiles on their goal
    /// vertex green). A tile that `goal` does not hold gets that colour too.
    ///
    /// ```
    /// use slidepuzzle::{render::Scheme, Puzzle};
    /// let p = Puzzle::parse("4x4").unwrap();
    /// let fills = Scheme::Rows.tile_colours(&p, &p.default_goal());
    /// assert_eq!(fills[1], fills[4]); // tiles 1..4: the top row
    /// assert_ne!(fills[4], fills[5]); // tile 5 starts the second row
    /// ```
    pub fn tile_colours(self, puzzle: &Puzzle, goal: &Configuration) -> Vec<String> {
        let cells = goal.cells();
        let tiles = cells.iter().filter(|&&t| t != 0).count();
        let mut fills = vec![AWAY_FILL.to_string(); cells.len().max(1)];
        fills[0] = BLANK_FILL.to_string();
        let mut rank = 0;
        for (v, &t) in cells.iter().enumerate() {
            if t == 0 {
                continue;
            }
            let fill = match self.class(puzzle, v, rank, tiles) {
                None => AWAY_FILL.to_string(),
                Some((i, k, spread)) => hue_fill(i, k, spread),
            };
            rank += 1;
            if let Some(slot) = fills.get_mut(t as usize) {
                *slot = fill;
            }
        }
        fills
    }

    /// The class `(index, count, spread)` of the tile whose goal vertex is
    /// `v` (and whose rank in reading order is `rank` of `tiles`); `spread`
    /// says the classes are ordered (hues from red to violet) rather than
    /// categories (hues around the whole circle). `None` for `Plain`.
    fn class(
        self,
        puzzle: &Puzzle,
        v: usize,
        rank: usize,
        tiles: usize,
    ) -> Option<(usize, usize, bool)> {
        let rainbow = Some((rank, tiles, true));
        let grid = grid_cell(puzzle, v);
        match (self, grid) {
            (Scheme::Plain, _) => None,
            (Scheme::Rainbow, _) | (_, None) => rainbow,
            (Scheme::Fringe, Some((x, y, w, h))) => {
                let cap = w.min(h).saturating_sub(2);
                Some((x.min(y).min(cap), cap + 1, false))
            }
            (Scheme::Rows, Some((_, y, _, h))) => Some((y, h, false)),
            (Scheme::Columns, Some((x, _, w, _))) => Some((x, w, false)),
            (Scheme::Grids, Some((x, y, w, h))) => {
                let across = if w > 1 { 2 } else { 1 };
                let down = if h > 1 { 2 } else { 1 };
                let bx = usize::from(x >= w.div_ceil(2));
                let by = usize::from(y >= h.div_ceil(2));
                Some((by * across + bx, across * down, false))
            }
        }
    }
}

/// `(x, y, width, rows)` of vertex `v` on a board, or on a box seen as its
/// layers stacked top to bottom; `None` on other graphs.
fn grid_cell(puzzle: &Puzzle, v: usize) -> Option<(usize, usize, usize, usize)> {
    match *puzzle.kind() {
        PuzzleKind::Board { width, height, .. } => Some((v % width, v / width, width, height)),
        PuzzleKind::Box {
            width,
            height,
            depth,
        } => Some((v % width, v / width, width, height * depth)),
        _ => None,
    }
}

/// A light colour for class `i` of `k`: hues from red to violet when
/// `spread` (an ordered scale), else evenly around the colour circle.
fn hue_fill(i: usize, k: usize, spread: bool) -> String {
    let hue = if spread {
        300.0 * i as f64 / (k.max(2) - 1) as f64
    } else {
        360.0 * i as f64 / k.max(1) as f64
    };
    hsl_hex(hue, 0.70, 0.72)
}

/// `#rrggbb` of the colour with hue `h` (degrees), saturation `s` and
/// lightness `l` (0 to 1).
fn hsl_hex(h: f64, s: f64, l: f64) -> String {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let hp = (h.rem_euclid(360.0)) / 60.0;
    let x = c * (1.0 - (hp % 2.0 - 1.0).abs());
    let (r, g, b) = match hp as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    format!("#{:02x}{:02x}{:02x}", byte(r), byte(g), byte(b))
}

impl fmt::Display for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Scheme::Plain => "plain",
            Scheme::Fringe => "fringe",
            Scheme::Rainbow => "rainbow",
            Scheme::Rows => "rows",
            Scheme::Columns => "columns",
            Scheme::Grids => "grids",
        })
    }
}

impl FromStr for Scheme {
    type Err = Error;

    /// Parses `plain` (or `none`), `fringe`, `rainbow`, `rows`, `columns`
    /// or `grids`, ignoring case and surrounding spaces.
    ///
    /// # Errors
    /// [`Error::Argument`] named `scheme`, quoting the bad value and listing
    /// the good ones.
    fn from_str(text: &str) -> Result<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "plain" | "none" => Ok(Scheme::Plain),
            "fringe" => Ok(Scheme::Fringe),
            "rainbow" => Ok(Scheme::Rainbow),
            "rows" => Ok(Scheme::Rows),
            "columns" => Ok(Scheme::Columns),
            "grids" => Ok(Scheme::Grids),
            _ => Err(Error::argument(
                "scheme",
                format!(
                    "unknown colour scheme '{}': expected plain (or none), fringe, rainbow, rows, columns or grids",
                    text.trim()
                ),
            )),
        }
    }
}

/// What is written on a tile.
///
/// ```
/// use slidepuzzle::render::Labels;
/// assert_eq!("goal".parse::<Labels>().unwrap(), Labels::GoalPosition);
/// assert_eq!(Labels::GoalPosition.to_string(), "goal");
/// assert!("roman".parse::<Labels>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Labels {
    /// The tile's number (the default).
    #[default]
    Number,
    /// Nothing: colours only.
    None,
    /// Where the tile belongs: its goal cell as `x,y` (0-based column and
    /// row, as in `PuzzleKind::Board`, so `0,0` is the top-left cell) on
    /// boards, `x,y,z` on boxes, and on other graphs the goal vertex: its
    /// name when the JSON graph gives names, else its 0-based number (as
    /// in blank paths). Parsed from `goal` or `goal-position`.
    GoalPosition,
}

impl Labels {
    /// The label of every tile, indexed by tile (entry 0, the blank, is
    /// `None`); `None` for a tile without a label.
    ///
    /// ```
    /// use slidepuzzle::{render::Labels, Puzzle};
    /// let p = Puzzle::parse("3x3").unwrap();
    /// let labels = Labels::GoalPosition.tile_labels(&p, &p.default_goal());
    /// assert_eq!(labels[6].as_deref(), Some("2,1")); // tile 6: column 2, row 1
    /// assert_eq!(Labels::Number.tile_labels(&p, &p.default_goal())[8].as_deref(), Some("8"));
    /// ```
    pub fn tile_labels(self, puzzle: &Puzzle, goal: &Configuration) -> Vec<Option<String>> {
        let n = goal.len().max(1);
        let mut labels = vec![None; n];
        for (v, &t) in goal.cells().iter().enumerate() {
            if t == 0 || t as usize >= n {
                continue;
            }
            labels[t as usize] = match self {
                Labels::Number => Some(t.to_string()),
                Labels::None => None,
                Labels::GoalPosition => Some(goal_position(puzzle, v)),
            };
        }
        labels
    }
}

/// The goal-position label of vertex `v`.
fn goal_position(puzzle: &Puzzle, v: usize) -> String {
    match *puzzle.kind() {
        PuzzleKind::Board { width, .. } => format!("{},{}", v % width, v / width),
        PuzzleKind::Box { width, height, .. } => format!(
            "{},{},{}",
            v % width,
            (v / width) % height,
            v / (width * height)
        ),
        _ => match puzzle.vertex_names().and_then(|names| names.get(v)) {
            Some(name) => name.clone(),
            None => v.to_string(),
        },
    }
}

impl fmt::Display for Labels {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Labels::Number => "number",
            Labels::None => "none",
            Labels::GoalPosition => "goal",
        })
    }
}

impl FromStr for Labels {
    type Err = Error;

    /// Parses `number`, `none` or `goal` (also `goal-position`), ignoring
    /// case and surrounding spaces.
    ///
    /// # Errors
    /// [`Error::Argument`] named `labels`, quoting the bad value and
    /// listing the good ones.
    fn from_str(text: &str) -> Result<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "number" | "numbers" => Ok(Labels::Number),
            "none" => Ok(Labels::None),
            "goal" | "goal-position" => Ok(Labels::GoalPosition),
            _ => Err(Error::argument(
                "labels",
                format!(
                    "unknown label style '{}': expected number, none or goal",
                    text.trim()
                ),
            )),
        }
    }
}

/// A colour scheme and a label style together: what every drawing
/// function of [`crate::render`] takes. The default is today's look
/// (plain colours, numbers).
///
/// ```
/// use slidepuzzle::render::{Labels, Scheme, Style};
/// let style = Style { scheme: Scheme::Fringe, labels: Labels::None };
/// assert_eq!(Style::default().scheme, Scheme::Plain);
/// assert_ne!(style, Style::default());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Style {
    /// How tiles are coloured.
    pub scheme: Scheme,
    /// What is written on them.
    pub labels: Labels,
}

/// The colours and labels of one drawing, computed once.
pub(super) struct Paint {
    fills: Vec<String>,
    labels: Vec<Option<String>>,
    plain: bool,
}

impl Paint {
    pub(super) fn new(puzzle: &Puzzle, goal: &Configuration, style: &Style) -> Self {
        Paint {
            fills: style.scheme.tile_colours(puzzle, goal),
            labels: style.labels.tile_labels(puzzle, goal),
            plain: style.scheme == Scheme::Plain,
        }
    }

    /// The fill of tile `t`; `home` says whether it is on its goal vertex
    /// (only [`Scheme::Plain`] looks).
    pub(super) fn fill(&self, t: Tile, home: bool) -> &str {
        if t == 0 {
            BLANK_FILL
        } else if self.plain && home {
            HOME_FILL
        } else {
            self.fills.get(t as usize).map_or(AWAY_FILL, String::as_str)
        }
    }

    /// The label of tile `t`, if it has one.
    pub(super) fn label(&self, t: Tile) -> Option<&str> {
        self.labels.get(t as usize).and_then(|l| l.as_deref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hsl_matches_known_colours() {
        assert_eq!(hsl_hex(0.0, 1.0, 0.5), "#ff0000");
        assert_eq!(hsl_hex(120.0, 1.0, 0.5), "#00ff00");
        assert_eq!(hsl_hex(240.0, 1.0, 0.5), "#0000ff");
        assert_eq!(hsl_hex(360.0, 1.0, 0.5), "#ff0000");
    }

    #[test]
    fn names_round_trip() {
        for s in Scheme::ALL {
            assert_eq!(s.to_string().parse::<Scheme>().unwrap(), s);
        }
        for l in [Labels::Number, Labels::None, Labels::GoalPosition] {
            assert_eq!(l.to_string().parse::<Labels>().unwrap(), l);
        }
    }
}
