//! Reading and writing configurations in the formats users already have.
//!
//! - slidysim rows: `1 2 3/4 5 6/7 8 0` (rows top to bottom, `/` between
//!   rows, 0 the blank). Boxes are written as their `H * D` rows, layer by
//!   layer.
//! - Flat lists (Korf's format): `1 2 3 4 5 6 7 8 0`, the puzzle (or
//!   `--size`) giving the shape; commas may separate labels too.
//! - Graph label lists: one label per vertex in vertex order, 0 the blank.

use crate::error::{Error, Result};
use crate::model::{Configuration, Puzzle, PuzzleKind, Tile};

/// Labels read from a state string, with the row structure if it had one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedLabels {
    /// All labels in reading order.
    pub labels: Vec<Tile>,
    /// `(width, row_count)` when the text had `/`-separated rows.
    pub rows: Option<(usize, usize)>,
    /// The turn written after each label (`5^1`: 1), 0 where none was
    /// written; for puzzles whose tiles turn (docs/THEORY.md section 8).
    pub turns: Vec<u8>,
}

/// One label: a tile number, with `^R` for a turned tile.
fn parse_token(t: &str, row_number: Option<usize>) -> Result<(Tile, u8)> {
    let place = || {
        row_number
            .map(|r| format!(" in row {r}"))
            .unwrap_or_default()
    };
    let (tile, turn) = match t.split_once('^') {
        Some((tile, turn)) => (tile, Some(turn)),
        None => (t, None),
    };
    let number = |text: &str| {
        (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()))
            .then(|| text.parse::<u64>().ok())
            .flatten()
    };
    let tile = number(tile)
        .and_then(|x| Tile::try_from(x).ok())
        .ok_or_else(|| {
            Error::config(format!(
                "'{}'{} is not a tile number (0 is the blank; 5^1 is tile 5 turned once)",
                crate::error::excerpt(t),
                place()
            ))
        })?;
    let turn = match turn {
        None => 0,
        Some(r) => number(r)
            .and_then(|x| u8::try_from(x).ok())
            .ok_or_else(|| {
                Error::config(format!(
                    "'{}'{}: '{}' is not a turn (write 5^1 for tile 5 turned once)",
                    crate::error::excerpt(t),
                    place(),
                    crate::error::excerpt(r)
                ))
            })?,
    };
    Ok((tile, turn))
}

fn parse_tokens(row: &str, row_number: Option<usize>) -> Result<Vec<(Tile, u8)>> {
    row.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| parse_token(t, row_number))
        .collect()
}

/// Splits a state string into labels, checking that rows (if any) all have
/// the same width.
///
/// # Errors
/// [`Error::Configuration`] for a non-numeric label (with its row) or ragged rows
/// (naming the row).
pub(crate) fn parse_labels(text: &str) -> Result<ParsedLabels> {
    let text = text.trim();
    if !text.contains('/') {
        let (labels, turns) = parse_tokens(text, None)?.into_iter().unzip();
        let labels: Vec<Tile> = labels;
        if labels.is_empty() {
            return Err(Error::config("empty configuration"));
        }
        return Ok(ParsedLabels {
            labels,
            rows: None,
            turns,
        });
    }
    let mut labels = Vec::new();
    let mut turns = Vec::new();
    let mut width = None;
    let mut count = 0;
    for (i, row) in text.split('/').enumerate() {
        let tiles = parse_tokens(row, Some(i + 1))?;
        match width {
            None => width = Some(tiles.len()),
            Some(w) if w != tiles.len() => {
                return Err(Error::config(format!(
                    "row {} has {} tiles but row 1 has {w}",
                    i + 1,
                    tiles.len()
                )));
            }
            _ => {}
        }
        if tiles.is_empty() {
            return Err(Error::config(format!("row {} is empty", i + 1)));
        }
        for (tile, turn) in tiles {
            labels.push(tile);
            turns.push(turn);
        }
        count += 1;
    }
    Ok(ParsedLabels {
        labels,
        rows: Some((width.unwrap_or(0), count)),
        turns,
    })
}

/// The board a row-structured state implies when no puzzle is given:
/// `1 2 3/4 5 6/7 8 0` is a 3x3 board.
///
/// # Errors
/// [`Error::Spec`] when the state has no rows, so the shape is unknown.
pub fn infer_board(text: &str) -> Result<Puzzle> {
    match parse_labels(text)?.rows {
        Some((w, h)) => Puzzle::board(w, h, false, false),
        None => {
            let n = parse_labels(text)?.labels.len();
            // A flat list whose length is a square is read as a square board.
            let side = (n as f64).sqrt().round() as usize;
            if side * side == n && side >= 2 {
                Puzzle::board(side, side, false, false)
            } else {
                Err(Error::spec(
                    "",
                    format!(
                        "cannot tell the puzzle from a flat list of {n} labels: name the puzzle, or write rows separated by '/'"
                    ),
                )
                .with_hint("puzzle", None))
            }
        }
    }
}

/// How many blanks a written state has: its labels that are `0` (words
/// between spaces, `/`, `,` and `;`), at least one. Every face counts the
/// blanks of a typed position this way when the user does not say.
///
/// ```
/// use slidepuzzle::format::count_blanks;
/// assert_eq!(count_blanks("1 2 0/3 4 0"), 2);
/// assert_eq!(count_blanks("8 6 7/2 5 4/3 0 1"), 1);
/// assert_eq!(count_blanks("1 2 3"), 1); // at least one
/// ```
pub fn count_blanks(text: &str) -> usize {
    text.split(|c: char| c.is_whitespace() || matches!(c, '/' | ',' | ';'))
        .filter(|w| *w == "0")
        .count()
        .max(1)
}

/// The number of blanks a typed state of `puzzle` has when the user
/// names none: none on a rotating puzzle, else its 0s, at least one
/// ([`count_blanks`]). What every face assumes.
///
/// ```
/// use slidepuzzle::{format::blanks_in, Puzzle};
/// assert_eq!(blanks_in(&Puzzle::parse("2x2").unwrap(), "1 0/0 2"), 2);
/// assert_eq!(blanks_in(&Puzzle::parse("2x2:twiddle").unwrap(), "1 2/3 4"), 0);
/// ```
pub fn blanks_in(puzzle: &Puzzle, text: &str) -> usize {
    match puzzle.rotating() {
        Some(_) => 0,
        None => count_blanks(text),
    }
}

/// Parses a configuration of `puzzle` with `blanks` blanks.
///
/// # Errors
/// [`Error::Configuration`]: wrong tile count, rows that do not match the board,
/// duplicated, missing or out-of-range tiles (see
/// [`Configuration::from_cells`]).
///
/// ```
/// use slidepuzzle::{format::parse_configuration, model::Puzzle};
/// let p = Puzzle::parse("3x3").unwrap();
/// let c = parse_configuration(&p, "8 6 7/2 5 4/3 0 1", 1).unwrap();
/// assert_eq!(c.blank(), 7);
/// ```
pub fn parse_configuration(puzzle: &Puzzle, text: &str, blanks: usize) -> Result<Configuration> {
    puzzle.check_blank_count(blanks)?;
    let parsed = parse_labels(text)?;
    let n = puzzle.vertex_count();
    if let (Some((w, rows)), PuzzleKind::Board { width, height, .. }) = (parsed.rows, puzzle.kind())
        && (w != *width || rows != *height)
    {
        return Err(Error::config(format!(
            "the state has {rows} rows of {w} but the puzzle is {} ({height} rows of {width})",
            puzzle.spec()
        )));
    }
    if let (Some((w, _)), PuzzleKind::Box { width, .. }) = (parsed.rows, puzzle.kind())
        && w != *width
    {
        return Err(Error::config(format!(
            "the state has rows of {w} but the box {} has rows of {width}",
            puzzle.spec()
        )));
    }
    if parsed.labels.len() != n {
        return Err(Error::config(format!(
            "expected {n} labels for {} ({} tiles and {blanks} blank(s)), got {}",
            puzzle.spec(),
            n - blanks,
            parsed.labels.len()
        )));
    }
    let config = Configuration::from_cells(parsed.labels, blanks)?;
    match puzzle.turns() {
        Some(t) => config.with_orientations(parsed.turns, t.modulus()),
        None => puzzle.orient(config.with_orientations(parsed.turns, u8::MAX)?),
    }
}

/// Writes a configuration in the puzzle's natural format: slidysim rows for
/// boards, boxes and `WxH:twiddle`, a space-separated label list for other
/// graphs. The
/// output parses back with [`parse_configuration`].
pub fn format_configuration(puzzle: &Puzzle, config: &Configuration) -> String {
    let width = match puzzle.kind() {
        PuzzleKind::Board { width, .. } | PuzzleKind::Box { width, .. } => *width,
        PuzzleKind::Graph => puzzle
            .rotating()
            .and_then(|r| r.width())
            .unwrap_or(config.len())
            .max(1),
    };
    let labels: Vec<(Tile, u8)> = (0..config.len())
        .map(|v| (config.tile_at(v), config.orientation_at(v)))
        .collect();
    labels
        .chunks(width)
        .map(|row| {
            row.iter()
                .map(|&(t, o)| label(t, o))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// A tile's label: its number, with `^R` when it is turned.
fn label(tile: Tile, orientation: u8) -> String {
    if orientation == 0 {
        tile.to_string()
    } else {
        format!("{tile}^{orientation}")
    }
}

/// Draws a board (or each layer of a box) as an aligned grid, blank as `.`;
/// other graphs as `vertex: tile` lines with their neighbours.
pub fn draw(puzzle: &Puzzle, config: &Configuration) -> String {
    let cell = |v: usize| {
        let t = config.tile_at(v);
        if t == 0 {
            ".".to_string()
        } else {
            label(t, config.orientation_at(v))
        }
    };
    let turn_width = puzzle
        .turns()
        .map_or(0, |t| 1 + (t.modulus() - 1).to_string().len());
    let pad = config.len().to_string().len() + turn_width;
    let (width, height, depth) = match puzzle.kind() {
        PuzzleKind::Board { width, height, .. } => (*width, *height, 1),
        PuzzleKind::Box {
            width,
            height,
            depth,
        } => (*width, *height, *depth),
        PuzzleKind::Graph => {
            let mut out = String::new();
            for v in 0..config.len() {
                let ns: Vec<String> = puzzle
                    .graph()
                    .neighbors(v)
                    .iter()
                    .map(|n| n.to_string())
                    .collect();
                out.push_str(&format!(
                    "vertex {v:>pad$}: {:>pad$}   (neighbours {})\n",
                    cell(v),
                    ns.join(" ")
                ));
            }
            return out;
        }
    };
    let mut out = String::new();
    for z in 0..depth {
        if depth > 1 {
            out.push_str(&format!("layer {}\n", z + 1));
        }
        for y in 0..height {
            let row: Vec<String> = (0..width)
                .map(|x| format!("{:>pad$}", cell(x + width * (y + height * z))))
                .collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
    }
    out
}

/// `n` and the noun, singular for 1: `"1 move"`, `"31 moves"`. The one
/// rule every face's wording follows.
///
/// ```
/// use slidepuzzle::format::counted;
/// assert_eq!(counted(1, "move", "moves"), "1 move");
/// assert_eq!(counted(0, "move", "moves"), "0 moves");
/// assert_eq!(counted(31, "move", "moves"), "31 moves");
/// ```
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_flat_and_errors() {
        let p = Puzzle::parse("3x3").unwrap();
        let c = parse_configuration(&p, "1 2 3/4 5 6/7 8 0", 1).unwrap();
        assert_eq!(c, Configuration::natural(9));
        assert_eq!(parse_configuration(&p, "1,2,3,4,5,6,7,8,0", 1).unwrap(), c);
        assert_eq!(format_configuration(&p, &c), "1 2 3/4 5 6/7 8 0");
        let e = parse_configuration(&p, "1 2 3/4 5/7 8 0", 1).unwrap_err();
        assert!(
            e.to_string().contains("row 2 has 2 tiles but row 1 has 3"),
            "{e}"
        );
        let e = parse_configuration(&p, "1 2 3/4 x 6/7 8 0", 1).unwrap_err();
        assert!(e.to_string().contains("'x' in row 2"), "{e}");
        let e = parse_configuration(&p, "1 2 3 4 5 6 7 8", 1).unwrap_err();
        assert!(e.to_string().contains("expected 9 labels"), "{e}");
        let e = parse_configuration(&p, "1 2/3 4/5 6/7 8/0 9", 1).unwrap_err();
        assert!(e.to_string().contains("5 rows of 2"), "{e}");
    }

    #[test]
    fn infer_board_from_rows() {
        assert_eq!(infer_board("1 2/3 0/4 5").unwrap().spec(), "2x3");
        assert_eq!(infer_board("1 2 3 0").unwrap().spec(), "2x2");
        assert!(infer_board("1 2 0").is_err());
    }

    #[test]
    fn draw_board() {
        let p = Puzzle::parse("2x2").unwrap();
        let c = Configuration::natural(4);
        assert_eq!(draw(&p, &c), "1 2\n3 .\n");
    }
}
