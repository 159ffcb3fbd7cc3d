//! Moves: slidysim letters, blank paths and tile numbers.
//!
//! Internally a solution is a **blank path**: the vertices the blank visits,
//! after its start. Each step swaps the blank with the tile on the next
//! vertex. The other notations convert to and from it:
//! - slidysim letters with counts, `R3U2`: the letter is the direction the
//!   **tile** moves (see [`Direction`]); boards, tori and boxes only.
//! - blank paths `12-11-7` (0-based vertices; a leading vertex equal to the
//!   blank's start is skipped).
//! - tile numbers `tiles:5 8 2` or just `5 8 2`: the tile that slides.
//!
//! STM (single-tile metric) counts every step; MTM (multi-tile metric)
//! counts a run of steps in the same direction as one move.

use crate::error::{Error, Resource, Result};
use crate::model::{BLANK, Configuration, Direction, Puzzle, Tile};

/// Which notation a move string is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// slidysim letters `UDLR` (and `FB` in boxes) with optional counts.
    Letters,
    /// Vertices the blank visits, `3-4-7`.
    BlankPath,
    /// Tile numbers that slide into the blank.
    Tiles,
}

/// Guesses the notation: `tiles:` prefix or plain numbers are tiles, a
/// `-` between numbers is a blank path, letters are slidysim moves.
pub(crate) fn detect_notation(text: &str) -> Notation {
    let t = text.trim();
    if t.starts_with("tiles:") {
        Notation::Tiles
    } else if t.starts_with("path:")
        || (t.contains('-') && !t.chars().any(|c| c.is_ascii_alphabetic()))
    {
        Notation::BlankPath
    } else if t.chars().any(|c| c.is_ascii_alphabetic()) {
        Notation::Letters
    } else {
        Notation::Tiles
    }
}

/// Parses a move string (any [`Notation`]) into a blank path, checking every
/// move against `start`.
///
/// # Errors
/// [`Error::Moves`] naming the offending item and its position (1-based
/// character position for letters, item number otherwise; its `index` is
/// the 0-based character index or item index): an unknown
/// letter, a move off the board, a vertex not adjacent to the blank, a tile
/// not next to the blank.
///
/// ```
/// use slidepuzzle::{model::Puzzle, moves::parse_moves};
/// let p = Puzzle::parse("3x3").unwrap();
/// let start = p.default_goal();
/// // Blank bottom-right: R slides the tile left of the blank right.
/// assert_eq!(parse_moves(&p, &start, "R2D").unwrap(), vec![7, 6, 3]);
/// ```
pub fn parse_moves(puzzle: &Puzzle, start: &Configuration, text: &str) -> Result<Vec<usize>> {
    parse_moves_as(puzzle, start, text, detect_notation(text))
}

/// [`parse_moves`] in a notation the caller names.
fn parse_moves_as(
    puzzle: &Puzzle,
    start: &Configuration,
    text: &str,
    notation: Notation,
) -> Result<Vec<usize>> {
    require_one_blank(start)?;
    match notation {
        Notation::Letters => parse_letters(puzzle, start.blank(), text),
        Notation::BlankPath => Ok(blank_path_of_steps(&parse_walk(puzzle, start, text)?)),
        Notation::Tiles => Ok(blank_path_of_steps(&parse_tiles(puzzle, start, text)?)),
    }
}

/// Parses moves into steps `(from, to)` (the tile on `from` slides into
/// the blank on `to`), for any number of blanks: the step notation of
/// [`format_steps`] (`"3>7 4>3"`), or with one blank any notation
/// [`parse_moves`] reads. Every step is checked against `start`.
///
/// # Errors
/// [`Error::Moves`] naming the offending item (1-based) or step (0-based
/// index): a word that is not `from>to`, a step that does not replay
/// ([`replay_steps`]); as [`parse_moves`] for the other notations.
///
/// ```
/// use slidepuzzle::{model::{Configuration, Puzzle}, moves::parse_steps};
/// let p = Puzzle::parse("2x2").unwrap();
/// let start = Configuration::from_cells(vec![1, 0, 2, 0], 2).unwrap();
/// assert_eq!(parse_steps(&p, &start, "2>3 0>1").unwrap(), vec![(2, 3), (0, 1)]);
/// assert!(parse_steps(&p, &start, "0>3").is_err()); // no edge
/// let q = Puzzle::parse("3x3").unwrap();
/// assert_eq!(parse_steps(&q, &q.default_goal(), "R").unwrap(), vec![(7, 8)]);
/// ```
pub fn parse_steps(
    puzzle: &Puzzle,
    start: &Configuration,
    text: &str,
) -> Result<Vec<(usize, usize)>> {
    if puzzle.rotating().is_some() {
        return Err(no_slides(puzzle));
    }
    let (text, named) = strip_label(text);
    if !text.contains('>') {
        let notation = named.unwrap_or_else(|| detect_notation(text));
        return match (start.blanks().len(), notation) {
            (0 | 1, _) => {
                let path = parse_moves_as(puzzle, start, text, notation)?;
                Ok(steps_of_blank_path(start.blank(), &path))
            }
            (_, Notation::Tiles) => parse_tiles(puzzle, start, text),
            (_, Notation::BlankPath) => parse_walk(puzzle, start, text),
            (k, Notation::Letters) => Err(Error::moves(
                None,
                format!(
                    "letters need one blank, not {k} (they do not say which blank moves): \
                     write steps FROM>TO, tiles or a blank's walk from its vertex"
                ),
            )),
        };
    }
    let mut steps = Vec::new();
    for (i, word) in text.split_whitespace().enumerate() {
        let pair = word
            .split_once('>')
            .and_then(|(f, t)| Some((f.parse::<usize>().ok()?, t.parse::<usize>().ok()?)));
        match pair {
            Some(step) => steps.push(step),
            None => {
                return Err(Error::moves(
                    Some(i),
                    format!("item {}: {word:?} is not a step FROM>TO", i + 1),
                ));
            }
        }
    }
    replay_steps(puzzle, start, &steps)?;
    Ok(steps)
}

/// The labels the CLI's `solve` prints before its moves (`moves:`,
/// `blank path:`, `steps (from>to):`), removed so that a line of its
/// answer can be pasted back, with the notation a label names (`blank
/// path: 4` is the walk of a solved position, not tile 4).
fn strip_label(text: &str) -> (&str, Option<Notation>) {
    let t = text.trim_start();
    [
        ("steps (from>to):", None),
        ("steps:", None),
        ("blank path:", Some(Notation::BlankPath)),
        ("moves:", None),
    ]
    .iter()
    .find_map(|&(label, notation)| Some((t.strip_prefix(label)?, notation)))
    .unwrap_or((t, None))
}

/// Most single-tile moves a letter sequence may hold (2^32), and so the
/// largest count after one letter: checked while parsing, before anything
/// is allocated for the moves.
pub const MAX_LETTER_MOVES: u64 = 1 << 32;

/// One letter of a move sequence with its count and the 0-based character
/// index of the letter.
pub type LetterToken = (Direction, usize, usize);

/// Reads slidysim letters with optional counts (`R3U2`, `R R U`, commas
/// and spaces between moves allowed) without a configuration.
///
/// # Errors
/// [`Error::Moves`] naming the character: an unknown letter, a count of 0,
/// a count or a total above [`MAX_LETTER_MOVES`].
pub(crate) fn letter_tokens(text: &str) -> Result<Vec<LetterToken>> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut total: u64 = 0;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' {
            i += 1;
            continue;
        }
        let dir = Direction::from_letter(c).ok_or_else(|| {
            Error::moves(
                Some(i),
                format!(
                    "unknown move letter '{c}' at position {} (use U, D, L, R; F, B in boxes)",
                    i + 1
                ),
            )
        })?;
        let at = i;
        i += 1;
        let digits = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let count: u64 = if i > digits {
            let s: String = chars[digits..i].iter().collect();
            s.parse()
                .ok()
                .filter(|&n| n > 0 && n <= MAX_LETTER_MOVES)
                .ok_or_else(|| {
                    Error::moves(
                        Some(at),
                        format!(
                            "bad count '{s}' after '{c}' at position {}: give 1 to {MAX_LETTER_MOVES}",
                            at + 1
                        ),
                    )
                })?
        } else {
            1
        };
        total = total.saturating_add(count);
        if total > MAX_LETTER_MOVES {
            return Err(Error::moves(
                Some(at),
                format!(
                    "more than {MAX_LETTER_MOVES} single-tile moves by position {}",
                    at + 1
                ),
            ));
        }
        out.push((dir, count as usize, at));
    }
    Ok(out)
}

/// Most single-tile moves a move string may expand to where the moves are
/// held as a blank path (2^27, 1 GiB of vertices): `apply`, `review`,
/// rendering. Streaming commands (`moves length`, `moves invert`) take
/// [`MAX_LETTER_MOVES`].
pub const MAX_PATH_MOVES: u64 = 1 << 27;

fn parse_letters(puzzle: &Puzzle, mut blank: usize, text: &str) -> Result<Vec<usize>> {
    let tokens = letter_tokens(text)?;
    if Direction::ALL
        .iter()
        .all(|&d| puzzle.blank_target(blank, d).is_none())
    {
        return Err(Error::moves(
            None,
            format!(
                "{} takes no letters: letters are for plain boards, tori and boxes (n x m, \
                 n x m x k, :torus, :diag); write a blank path (3-4-7), tiles (tiles:5 8) or \
                 steps (3>7)",
                crate::error::excerpt(puzzle.spec())
            ),
        ));
    }
    let total = tokens
        .iter()
        .fold(0u64, |sum, &(_, count, _)| sum.saturating_add(count as u64));
    if total > MAX_PATH_MOVES {
        return Err(Error::limit(Resource::Moves, total, MAX_PATH_MOVES));
    }
    let mut path = Vec::with_capacity(total as usize);
    for (dir, count, at) in tokens {
        let c = dir.letter();
        let letter_pos = at + 1;
        for _ in 0..count {
            let next = puzzle.blank_target(blank, dir).ok_or_else(|| {
                Error::moves(Some(at), format!(
                    "move '{c}' at position {letter_pos} goes off the board: no tile can move {} into the blank at vertex {blank}",
                    format!("{dir:?}").to_lowercase()
                ))
            })?;
            path.push(next);
            blank = next;
        }
    }
    Ok(path)
}

/// The items of a blank path or tile list: separated by `-` or `,` (with
/// spaces around them allowed) or by spaces alone; an empty text is no
/// moves. Refuses an empty item (two separators in a row, or one at either
/// end), naming its position.
fn list_items(body: &str) -> Result<Vec<&str>> {
    let body = body.trim();
    if body.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for piece in body.split(['-', ',']) {
        let piece = piece.trim();
        if piece.is_empty() {
            return Err(Error::moves(
                Some(out.len()),
                format!(
                    "item {} is empty (two separators in a row, or one at an end)",
                    out.len() + 1
                ),
            ));
        }
        out.extend(piece.split_whitespace());
    }
    Ok(out)
}

/// Reads a blank's walk (`3-4-7`, `path:3-4-7`) into steps. With one
/// blank a leading vertex equal to the blank's start is skipped; with
/// several the walk must start on the blank that walks (`2-1-0`: the
/// blank on vertex 2 moves to 1, then to 0), and it may only enter
/// vertices holding tiles.
fn parse_walk(puzzle: &Puzzle, start: &Configuration, text: &str) -> Result<Vec<(usize, usize)>> {
    let body = text.trim().trim_start_matches("path:");
    let items = list_items(body)?;
    let mut config = start.clone();
    let blanks = start.blanks();
    let mut steps = Vec::new();
    let mut blank = blanks[0];
    for (i, item) in items.into_iter().enumerate() {
        let v: usize = item.parse().map_err(|_| {
            Error::moves(
                Some(i),
                format!(
                    "item {} '{}' is not a vertex number",
                    i + 1,
                    crate::error::excerpt(item)
                ),
            )
        })?;
        if i == 0 && blanks.contains(&v) {
            blank = v;
            continue;
        }
        if i == 0 && blanks.len() > 1 {
            return Err(Error::moves(
                Some(0),
                format!(
                    "item 1: with {} blanks a blank path starts on the blank that walks (one of \
                     vertices {}), not on vertex {v}; or write steps FROM>TO",
                    blanks.len(),
                    crate::error::excerpt(&format!("{blanks:?}"))
                ),
            ));
        }
        let fault = if !puzzle.allows_blank_move(blank, v) {
            Some(blank_move_fault(puzzle, blank, v))
        } else if config.tile_at(v) == BLANK {
            Some(format!("vertex {v} holds a blank, not a tile"))
        } else {
            None
        };
        if let Some(fault) = fault {
            return Err(Error::moves(
                Some(i),
                format!("item {} of the blank path: {fault}", i + 1),
            ));
        }
        puzzle.slide(&mut config, v, blank);
        steps.push((v, blank));
        blank = v;
    }
    Ok(steps)
}

/// Reads tile numbers (`tiles:5 8 2`, `5 8 2`) into steps, for any number
/// of blanks: each tile slides into the one blank it can reach; a tile
/// next to two or more blanks it could enter is refused (then only steps
/// say which).
fn parse_tiles(puzzle: &Puzzle, start: &Configuration, text: &str) -> Result<Vec<(usize, usize)>> {
    let body = text.trim().trim_start_matches("tiles:");
    let mut config = start.clone();
    let mut positions = config.positions();
    let mut steps = Vec::new();
    for (i, item) in list_items(body)?.into_iter().enumerate() {
        let t: Tile = item.parse().map_err(|_| {
            Error::moves(
                Some(i),
                format!(
                    "item {} '{}' is not a tile number",
                    i + 1,
                    crate::error::excerpt(item)
                ),
            )
        })?;
        let Some(&v) = positions
            .get(t as usize)
            .filter(|&&v| t != BLANK && v != usize::MAX)
        else {
            let largest = start.cells().iter().copied().max().unwrap_or(BLANK);
            return Err(Error::moves(
                Some(i),
                format!(
                    "item {}: there is no tile {t} (tiles are 1..{largest})",
                    i + 1
                ),
            ));
        };
        let neighbours = puzzle.graph().neighbors(v);
        let open: Vec<usize> = neighbours
            .iter()
            .copied()
            .filter(|&w| config.tile_at(w) == BLANK && puzzle.allows_blank_move(w, v))
            .collect();
        let to = match open[..] {
            [w] => w,
            [] => {
                let fault = match neighbours.iter().find(|&&w| config.tile_at(w) == BLANK) {
                    Some(w) => format!(
                        "cannot slide into the blank (vertex {w}): the edge is one-way, {w}>{v}"
                    ),
                    None => "is not next to a blank".to_string(),
                };
                return Err(Error::moves(
                    Some(i),
                    format!("item {}: tile {t} (vertex {v}) {fault}", i + 1),
                ));
            }
            [a, b, ..] => {
                return Err(Error::moves(
                    Some(i),
                    format!(
                        "item {}: tile {t} (vertex {v}) can slide into the blank on vertex {a} \
                         or on vertex {b}: write steps FROM>TO ({v}>{a})",
                        i + 1
                    ),
                ));
            }
        };
        puzzle.slide(&mut config, v, to);
        positions[t as usize] = to;
        steps.push((v, to));
    }
    Ok(steps)
}

/// Why the blank on `blank` cannot move to `v`.
fn blank_move_fault(puzzle: &Puzzle, blank: usize, v: usize) -> String {
    if v < puzzle.vertex_count() && puzzle.graph().has_edge(blank, v) {
        format!(
            "the tile on vertex {v} cannot slide into the blank at vertex {blank}: the edge \
             between them is one-way, {blank}>{v}"
        )
    } else {
        format!("vertex {v} is not adjacent to the blank at vertex {blank}")
    }
}

/// [`Error::Moves`] unless `start` has exactly one blank (a blank path
/// or letters say nothing of which blank moves, and a rotating puzzle's
/// configuration has none).
fn require_one_blank(start: &Configuration) -> Result<()> {
    match start.blanks().len() {
        1 => Ok(()),
        0 => Err(Error::moves(
            None,
            "this configuration has no blank (a rotating puzzle moves by turns: 1 3' 2)",
        )),
        k => Err(Error::moves(
            None,
            format!("letters, blank paths and tiles need one blank, not {k}: write steps FROM>TO"),
        )),
    }
}

/// The error for slides on a rotating puzzle.
fn no_slides(puzzle: &Puzzle) -> Error {
    Error::moves(
        None,
        format!(
            "{} is a rotating puzzle: its moves are turns of its cycles, numbered from 1 (`1 3' 2`), not slides",
            crate::error::excerpt(puzzle.spec())
        ),
    )
}

/// Applies moves written in any notation the puzzle takes to `start`:
/// on a rotating puzzle its turns (`1 3' 2`,
/// [`crate::model::rotating::RotatingPuzzle::parse_moves`]), else steps
/// or, with one blank, letters, a blank path or tiles ([`parse_steps`]).
/// What `apply` does on every face. O(moves).
///
/// ```
/// use slidepuzzle::{moves::apply_written, Puzzle};
/// let p = Puzzle::parse("3x3:twiddle").unwrap();
/// let end = apply_written(&p, &p.default_goal(), "1").unwrap();
/// assert_eq!(&end.cells()[..5], &[4, 1, 3, 5, 2]);
/// let q = Puzzle::parse("3x3").unwrap();
/// assert_eq!(apply_written(&q, &q.default_goal(), "R").unwrap().cells()[7], 0);
/// ```
///
/// # Errors
/// [`Error::Moves`] naming the first move that cannot be read or made.
pub fn apply_written(puzzle: &Puzzle, start: &Configuration, text: &str) -> Result<Configuration> {
    if let Some(r) = puzzle.rotating() {
        let mut cells = start.cells().to_vec();
        for t in r.parse_moves(text)? {
            r.apply(&mut cells, t);
        }
        return Configuration::from_cells(cells, 0);
    }
    let steps = parse_steps(puzzle, start, text)?;
    replay_steps(puzzle, start, &steps)
}

/// Replays a blank path from `start`, checking that every step moves the
/// blank to a neighbouring vertex; returns the final configuration. O(len).
///
/// # Errors
/// [`Error::Moves`] naming the first illegal step (`index` is its 0-based
/// index in `path`).
pub fn replay(puzzle: &Puzzle, start: &Configuration, path: &[usize]) -> Result<Configuration> {
    require_one_blank(start)?;
    let mut config = start.clone();
    let mut blank = config.blank();
    for (i, &v) in path.iter().enumerate() {
        if !puzzle.allows_blank_move(blank, v) {
            return Err(Error::moves(
                Some(i),
                format!("step {}: {}", i + 1, blank_move_fault(puzzle, blank, v)),
            ));
        }
        puzzle.slide(&mut config, v, blank);
        blank = v;
    }
    Ok(config)
}

/// The tile directions of a blank path, or `None` if some step has no
/// letter (a graph without geometry, or a diagonal move).
pub(crate) fn directions(
    puzzle: &Puzzle,
    start_blank: usize,
    path: &[usize],
) -> Option<Vec<Direction>> {
    let mut blank = start_blank;
    path.iter()
        .map(|&v| {
            let d = puzzle.direction_of(blank, v);
            blank = v;
            d
        })
        .collect()
}

/// slidysim letters with counts (`R3U2`) for a blank path, or `None` where
/// `directions` is `None`.
pub fn letters(puzzle: &Puzzle, start_blank: usize, path: &[usize]) -> Option<String> {
    let dirs = directions(puzzle, start_blank, path)?;
    let mut out = String::new();
    let mut i = 0;
    while i < dirs.len() {
        let mut j = i;
        while j < dirs.len() && dirs[j] == dirs[i] {
            j += 1;
        }
        out.push(dirs[i].letter());
        if j - i > 1 {
            out.push_str(&(j - i).to_string());
        }
        i = j;
    }
    Some(out)
}

/// The blank's walk: its start, then the vertices of `path` (the
/// vertices it visits after the start). A solution of k moves gives k + 1
/// vertices, as the JSON records' `blank_path` and every face write it.
///
/// ```
/// assert_eq!(slidepuzzle::moves::blank_walk(9, &[4, 3]), vec![9, 4, 3]);
/// ```
pub fn blank_walk(start_blank: usize, path: &[usize]) -> Vec<usize> {
    std::iter::once(start_blank)
        .chain(path.iter().copied())
        .collect()
}

/// Moves as users write them: slidysim letters where every move has a
/// direction, else the blank's walk with its start (`9-4-3`: the blank
/// starts at vertex 9), which stands alone ([`parse_moves`] reads both).
///
/// ```
/// use slidepuzzle::{Puzzle, moves::spell};
/// assert_eq!(spell(&Puzzle::parse("3x3").unwrap(), 6, &[7, 8]), "L2");
/// assert_eq!(spell(&Puzzle::parse("petersen").unwrap(), 9, &[4, 3]), "9-4-3");
/// ```
pub fn spell(puzzle: &Puzzle, start_blank: usize, path: &[usize]) -> String {
    letters(puzzle, start_blank, path).unwrap_or_else(|| {
        let walk: Vec<String> = blank_walk(start_blank, path)
            .iter()
            .map(|v| v.to_string())
            .collect();
        walk.join("-")
    })
}

/// Length in the multi-tile metric, or `None` where `directions` is
/// `None`: a streak of steps in one direction is one run, except on a
/// torus, where a run moves at most `L - 1` tiles of a line of `L` cells
/// and a streak of `s` steps counts `ceil(s / (L - 1))` runs.
///
/// ```
/// use slidepuzzle::{model::Puzzle, moves::{mtm_length, parse_moves}};
/// let p = Puzzle::parse("3x3:torus").unwrap();
/// let path = parse_moves(&p, &p.default_goal(), "R3").unwrap();
/// assert_eq!(mtm_length(&p, 8, &path), Some(2)); // R2 R1: three steps around a line of 3
/// ```
pub fn mtm_length(puzzle: &Puzzle, start_blank: usize, path: &[usize]) -> Option<usize> {
    let dirs = directions(puzzle, start_blank, path)?;
    let mut runs = 0;
    for streak in dirs.chunk_by(|a, b| a == b) {
        runs += run_moves(Some(puzzle), streak[0], streak.len());
    }
    Some(runs)
}

/// The multi-tile moves that `steps` single-tile moves in one direction,
/// one after the other, count: the library's one MTM rule, which
/// [`mtm_length`] (solutions), [`crate::notation::MoveSequence::length`]
/// (`moves length`) and the solvers' MTM searches share. One on a board
/// or a box (a run ends at the edge); on a torus a move slides at most the
/// L - 1 other tiles of its line of L, so `ceil(steps / (L - 1))` (`R3` on a
/// line of 3 is two moves). Without a puzzle, lines are unbounded (the
/// board rule). 0 for 0 steps.
///
/// ```
/// use slidepuzzle::{model::{Direction, Puzzle}, moves::run_moves};
/// let torus = Puzzle::parse("3x3:torus").unwrap();
/// assert_eq!(run_moves(Some(&torus), Direction::Right, 3), 2);
/// assert_eq!(run_moves(None, Direction::Right, 3), 1);
/// ```
pub fn run_moves(puzzle: Option<&Puzzle>, d: Direction, steps: usize) -> usize {
    let longest = puzzle
        .and_then(run_limits)
        .and_then(|limits| limits[d.axis()])
        .unwrap_or(usize::MAX);
    steps.div_ceil(longest)
}

/// The most single-tile steps one multi-tile move makes along each axis
/// (x, y, z) of `puzzle`, the limits [`run_moves`] counts by: L - 1 on each
/// axis of a torus (lines of L), `None` (to the line's end) on boards and
/// boxes; `None` for the whole where the multi-tile metric is undefined
/// ([`has_straight_lines`]). What the web page counts its MTM by. O(1).
///
/// ```
/// use slidepuzzle::{model::Puzzle, moves::run_limits};
/// assert_eq!(run_limits(&Puzzle::parse("4x3:torus").unwrap()), Some([Some(3), Some(2), Some(1)]));
/// assert_eq!(run_limits(&Puzzle::parse("4x3").unwrap()), Some([None; 3]));
/// assert_eq!(run_limits(&Puzzle::parse("petersen").unwrap()), None);
/// ```
pub fn run_limits(puzzle: &Puzzle) -> Option<[Option<usize>; 3]> {
    if !has_straight_lines(puzzle) {
        return None;
    }
    Some(match puzzle.straight_lines() {
        Some((extent, true)) => extent.map(|e| Some(e.saturating_sub(1).max(1))),
        _ => [None; 3],
    })
}

/// Whether moves on `puzzle` have directions that make straight runs
/// (boards without diagonal moves, tori, boxes), so the multi-tile metric
/// is defined.
pub fn has_straight_lines(puzzle: &Puzzle) -> bool {
    !matches!(
        puzzle.kind(),
        crate::model::PuzzleKind::Graph | crate::model::PuzzleKind::Board { diagonal: true, .. }
    )
}

/// The moves of `metric` from a configuration whose blank is at `blank`,
/// as blank paths: each neighbour in STM; in MTM every straight run (1, 2,
/// ... cells in each direction, up to the line's end, or on tori up to the
/// line's length - 1), in direction order U D L R F B. Empty in MTM on
/// puzzles without straight lines ([`has_straight_lines`]).
///
/// ```
/// use slidepuzzle::{model::{Metric, Puzzle}, moves::moves_from};
/// let p = Puzzle::parse("3x3").unwrap();
/// assert_eq!(moves_from(&p, 8, Metric::Stm), vec![vec![5], vec![7]]);
/// assert_eq!(moves_from(&p, 8, Metric::Mtm).len(), 4); // up 1, 2; left 1, 2
/// ```
pub fn moves_from(puzzle: &Puzzle, blank: usize, metric: crate::model::Metric) -> Vec<Vec<usize>> {
    match metric {
        crate::model::Metric::Stm => puzzle.blank_moves(blank).iter().map(|&v| vec![v]).collect(),
        crate::model::Metric::Mtm => {
            let mut out = Vec::new();
            for d in Direction::ALL {
                let mut run = Vec::new();
                let mut at = blank;
                while let Some(next) = puzzle.blank_target(at, d) {
                    if next == blank || run.contains(&next) {
                        break;
                    }
                    run.push(next);
                    out.push(run.clone());
                    at = next;
                }
            }
            out
        }
    }
}

/// The length of a blank path in `metric`: its number of steps in STM,
/// of straight runs in MTM ([`mtm_length`]; `None` where a step has no
/// direction).
///
/// ```
/// use slidepuzzle::{model::{Metric, Puzzle}, moves::{length_in, parse_moves}};
/// let p = Puzzle::parse("3x3").unwrap();
/// let path = parse_moves(&p, &p.default_goal(), "R2D").unwrap();
/// assert_eq!(length_in(&p, 8, &path, Metric::Stm), Some(3));
/// assert_eq!(length_in(&p, 8, &path, Metric::Mtm), Some(2));
/// ```
pub fn length_in(
    puzzle: &Puzzle,
    start_blank: usize,
    path: &[usize],
    metric: crate::model::Metric,
) -> Option<usize> {
    match metric {
        crate::model::Metric::Stm => Some(path.len()),
        crate::model::Metric::Mtm => mtm_length(puzzle, start_blank, path),
    }
}

/// Steps as people write them, for any number of blanks: with one blank,
/// [`spell`] of its blank path (slidysim letters with counts where every
/// move has a direction, else the walk `9-7-4`); with several,
/// [`format_steps`] (`3>7 4>3`). O(len).
///
/// ```
/// use slidepuzzle::model::{Configuration, Puzzle};
/// use slidepuzzle::moves::write_steps;
/// let p = Puzzle::parse("3x3").unwrap();
/// assert_eq!(write_steps(&p, &p.default_goal(), &[(7, 8), (6, 7)]), "R2");
/// let two = Configuration::from_cells(vec![1, 0, 2, 0], 2).unwrap();
/// assert_eq!(write_steps(&Puzzle::parse("2x2").unwrap(), &two, &[(0, 1)]), "0>1");
/// ```
pub fn write_steps(puzzle: &Puzzle, start: &Configuration, steps: &[(usize, usize)]) -> String {
    if start.blanks().len() != 1 {
        return format_steps(steps);
    }
    spell(puzzle, start.blank(), &blank_path_of_steps(steps))
}

/// The moves of `metric` from `config` as steps, for any number of
/// blanks: with one blank, [`moves_from`] (each neighbour in STM, each
/// straight run in MTM); with several, every single step of a tile into
/// a blank next to it (blanks in vertex order, then their neighbours in
/// the puzzle's order), in either metric, as several-blank moves are
/// counted ([`length_of_steps`]).
///
/// ```
/// use slidepuzzle::{model::{Configuration, Metric, Puzzle}, moves::moves_of};
/// let p = Puzzle::parse("2x2").unwrap();
/// let two = Configuration::from_cells(vec![1, 0, 2, 0], 2).unwrap();
/// assert_eq!(moves_of(&p, &two, Metric::Stm), vec![vec![(0, 1)], vec![(2, 3)]]);
/// ```
pub fn moves_of(
    puzzle: &Puzzle,
    config: &Configuration,
    metric: crate::model::Metric,
) -> Vec<Vec<(usize, usize)>> {
    let blanks = config.blanks();
    if puzzle.rotating().is_some() {
        return Vec::new();
    }
    if blanks.len() == 1 {
        let blank = config.blank();
        return moves_from(puzzle, blank, metric)
            .iter()
            .map(|path| steps_of_blank_path(blank, path))
            .collect();
    }
    let mut out = Vec::new();
    for &b in &blanks {
        for &v in puzzle.blank_moves(b) {
            if config.tile_at(v) != 0 {
                out.push(vec![(v, b)]);
            }
        }
    }
    out
}

/// `steps` cut into the moves of `metric`, for any number of blanks: one
/// step each in STM and with several blanks; with one blank in MTM, the
/// maximal straight runs of its blank path (`None` where a step has no
/// direction). O(len).
///
/// ```
/// use slidepuzzle::{model::{Metric, Puzzle}, moves::{parse_steps, split_steps}};
/// let p = Puzzle::parse("3x3").unwrap();
/// let start = p.default_goal();
/// let steps = parse_steps(&p, &start, "R2D").unwrap();
/// let runs = split_steps(&p, &start, &steps, Metric::Mtm).unwrap();
/// assert_eq!(runs.iter().map(Vec::len).collect::<Vec<_>>(), [2, 1]);
/// ```
pub fn split_steps(
    puzzle: &Puzzle,
    start: &Configuration,
    steps: &[(usize, usize)],
    metric: crate::model::Metric,
) -> Option<Vec<Vec<(usize, usize)>>> {
    if metric == crate::model::Metric::Stm || start.blanks().len() != 1 {
        return Some(steps.iter().map(|&s| vec![s]).collect());
    }
    let dirs = directions(puzzle, start.blank(), &blank_path_of_steps(steps))?;
    let mut out: Vec<Vec<(usize, usize)>> = Vec::new();
    for (i, &s) in steps.iter().enumerate() {
        match out.last_mut() {
            Some(run) if i > 0 && dirs[i - 1] == dirs[i] => run.push(s),
            _ => out.push(vec![s]),
        }
    }
    Some(out)
}

/// Steps without immediate reversals, for any number of blanks: a step
/// `(a, b)` right after `(b, a)` slides the same tile back, and both go,
/// repeatedly. The result reaches the same configuration and is never
/// longer; with one blank it is [`simplify`] of the blank path. O(len).
///
/// ```
/// use slidepuzzle::moves::simplify_steps;
/// assert_eq!(simplify_steps(&[(7, 8), (6, 7), (7, 6), (4, 7)]), vec![(7, 8), (4, 7)]);
/// ```
pub fn simplify_steps(steps: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut kept: Vec<(usize, usize)> = Vec::with_capacity(steps.len());
    for &(from, to) in steps {
        if kept.last() == Some(&(to, from)) {
            kept.pop();
        } else {
            kept.push((from, to));
        }
    }
    kept
}

/// A blank path without immediate reversals: a step straight back to the
/// vertex the blank just left cancels with the step before it, repeatedly
/// (`8-7-8-5` from 5 is empty). The result reaches the same configuration
/// and is never longer. O(len).
///
/// ```
/// use slidepuzzle::moves::simplify;
/// assert_eq!(simplify(8, &[7, 6, 7, 4]), vec![7, 4]);
/// assert_eq!(simplify(8, &[7, 8]), Vec::<usize>::new());
/// ```
pub fn simplify(start_blank: usize, path: &[usize]) -> Vec<usize> {
    // `kept` holds the blank's vertices after the start; a step back to
    // the vertex before the last one cancels the last.
    let mut kept: Vec<usize> = Vec::with_capacity(path.len());
    for &v in path {
        let before_last = match kept.len() {
            0 => None,
            1 => Some(start_blank),
            k => Some(kept[k - 2]),
        };
        if before_last == Some(v) {
            kept.pop();
        } else {
            kept.push(v);
        }
    }
    kept
}

/// The tiles moved by a blank path, in order (none without a blank).
pub fn tiles_moved(start: &Configuration, path: &[usize]) -> Vec<Tile> {
    if start.blanks().is_empty() {
        return Vec::new();
    }
    let mut config = start.clone();
    let mut blank = config.blank();
    path.iter()
        .map(|&v| {
            let t = config.tile_at(v);
            config.swap(blank, v);
            blank = v;
            t
        })
        .collect()
}

/// The steps of a blank path: the tile's `(from, to)` vertices at each
/// single-tile move (`from` is where the blank goes, `to` where it was).
/// O(len).
///
/// ```
/// use slidepuzzle::moves::steps_of_blank_path;
/// // 3x3, blank on 8: the blank goes to 7, then 4.
/// assert_eq!(steps_of_blank_path(8, &[7, 4]), vec![(7, 8), (4, 7)]);
/// ```
pub fn steps_of_blank_path(start_blank: usize, path: &[usize]) -> Vec<(usize, usize)> {
    let mut blank = start_blank;
    path.iter()
        .map(|&v| {
            let step = (v, blank);
            blank = v;
            step
        })
        .collect()
}

/// The blank's path of steps made with one blank: each step's `from`
/// (where the blank goes), the inverse of [`steps_of_blank_path`]. O(len).
///
/// ```
/// use slidepuzzle::moves::{blank_path_of_steps, steps_of_blank_path};
/// assert_eq!(blank_path_of_steps(&steps_of_blank_path(8, &[7, 4])), vec![7, 4]);
/// ```
pub fn blank_path_of_steps(steps: &[(usize, usize)]) -> Vec<usize> {
    steps.iter().map(|&(from, _)| from).collect()
}

/// The blank's walk of `steps` from `start`, its start first (k + 1
/// vertices for k steps, [`blank_walk`]); empty with several blanks,
/// where a walk cannot say which blank moved. O(len).
///
/// ```
/// use slidepuzzle::{model::Puzzle, moves::walk_of_steps};
/// let p = Puzzle::parse("3x3").unwrap();
/// assert_eq!(walk_of_steps(&p.default_goal(), &[(7, 8), (4, 7)]), vec![8, 7, 4]);
/// ```
pub fn walk_of_steps(start: &Configuration, steps: &[(usize, usize)]) -> Vec<usize> {
    if start.blanks().len() != 1 {
        return Vec::new();
    }
    blank_walk(start.blank(), &blank_path_of_steps(steps))
}

/// The length of `steps` from `start` in `metric`: the number of steps in
/// STM and with several blanks; with one blank in MTM, the straight runs
/// of its blank path ([`mtm_length`]; `None` where a step has no
/// direction). O(len).
///
/// ```
/// use slidepuzzle::{model::{Metric, Puzzle}, moves::{length_of_steps, parse_steps}};
/// let p = Puzzle::parse("3x3").unwrap();
/// let start = p.default_goal();
/// let steps = parse_steps(&p, &start, "R2D").unwrap();
/// assert_eq!(length_of_steps(&p, &start, &steps, Metric::Stm), Some(3));
/// assert_eq!(length_of_steps(&p, &start, &steps, Metric::Mtm), Some(2));
/// ```
pub fn length_of_steps(
    puzzle: &Puzzle,
    start: &Configuration,
    steps: &[(usize, usize)],
    metric: crate::model::Metric,
) -> Option<usize> {
    if metric == crate::model::Metric::Stm || start.blanks().len() != 1 {
        return Some(steps.len());
    }
    mtm_length(puzzle, start.blank(), &blank_path_of_steps(steps))
}

/// Applies `steps` to `start` with any number of blanks: each step
/// `(from, to)` slides the tile on `from` along an edge into the blank on
/// `to`. Returns the final configuration. O(len). This is how solutions
/// with several blanks are checked.
///
/// # Errors
/// [`Error::Moves`] naming the first illegal step (0-based index): a
/// vertex out of range, no edge, no tile on `from` or no blank on `to`.
///
/// ```
/// use slidepuzzle::model::{Configuration, Puzzle};
/// use slidepuzzle::moves::replay_steps;
/// let p = Puzzle::parse("2x2").unwrap();
/// let start = Configuration::from_cells(vec![1, 0, 2, 0], 2).unwrap();
/// let end = replay_steps(&p, &start, &[(2, 3), (0, 1)]).unwrap();
/// assert_eq!(end.cells(), &[0, 1, 0, 2]);
/// assert!(replay_steps(&p, &start, &[(0, 3)]).is_err()); // no edge
/// ```
pub fn replay_steps(
    puzzle: &Puzzle,
    start: &Configuration,
    steps: &[(usize, usize)],
) -> Result<Configuration> {
    let mut config = start.clone();
    let n = puzzle.vertex_count();
    for (i, &(from, to)) in steps.iter().enumerate() {
        let fault = if from >= n || to >= n || !puzzle.allows_blank_move(to, from) {
            Some(format!(
                "no edge a tile may slide along from vertex {from} to vertex {to}"
            ))
        } else if config.tile_at(from) == 0 {
            Some(format!("vertex {from} holds no tile"))
        } else if config.tile_at(to) != 0 {
            Some(format!("vertex {to} is not blank"))
        } else {
            None
        };
        if let Some(fault) = fault {
            return Err(Error::moves(Some(i), format!("step {}: {fault}", i + 1)));
        }
        puzzle.slide(&mut config, from, to);
    }
    Ok(config)
}

/// The tile moved at each step (any number of blanks), each step made
/// by [`Puzzle::slide`] (so exchanges move the tiles they move). Assumes
/// `steps` replay (see [`replay_steps`]). O(len).
pub(crate) fn tiles_of_steps(
    puzzle: &Puzzle,
    start: &Configuration,
    steps: &[(usize, usize)],
) -> Vec<Tile> {
    let mut config = start.clone();
    steps
        .iter()
        .map(|&(from, to)| {
            let t = config.tile_at(from);
            puzzle.slide(&mut config, from, to);
            t
        })
        .collect()
}

/// Steps written as text: `from>to` pairs separated by spaces
/// (`"3>7 4>3"`: the tile on vertex 3 slides to vertex 7, then the tile
/// on 4 to 3). The notation of solutions with several blanks, where a
/// blank path cannot say which blank moved.
pub fn format_steps(steps: &[(usize, usize)]) -> String {
    let words: Vec<String> = steps.iter().map(|(f, t)| format!("{f}>{t}")).collect();
    words.join(" ")
}

/// The tile moved at each step, where the tile numbers alone say the
/// moves: `None` when some moving tile had two or more blank neighbours at
/// its turn (then only the steps are unambiguous). Assumes `steps` replay
/// (see [`replay_steps`]). O(len * degree).
pub fn unambiguous_tiles(
    puzzle: &Puzzle,
    start: &Configuration,
    steps: &[(usize, usize)],
) -> Option<Vec<Tile>> {
    let mut config = start.clone();
    steps
        .iter()
        .map(|&(from, to)| {
            let blanks = puzzle
                .blank_moves_back(from)
                .iter()
                .filter(|&&w| config.tile_at(w) == 0)
                .count();
            let t = config.tile_at(from);
            puzzle.slide(&mut config, from, to);
            (blanks == 1).then_some(t)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_configuration;

    #[test]
    fn notations_agree() {
        let p = Puzzle::parse("3x3").unwrap();
        let start = p.default_goal();
        let by_letters = parse_moves(&p, &start, "R2D").unwrap();
        let by_path = parse_moves(&p, &start, "8-7-6-3").unwrap();
        let by_tiles = parse_moves(&p, &start, "8 7 4").unwrap();
        assert_eq!(by_letters, by_path);
        assert_eq!(by_letters, by_tiles);
        assert_eq!(letters(&p, 8, &by_letters).unwrap(), "R2D");
        assert_eq!(mtm_length(&p, 8, &by_letters), Some(2));
        let end = replay(&p, &start, &by_letters).unwrap();
        assert_eq!(
            end,
            parse_configuration(&p, "1 2 3/0 5 6/4 7 8", 1).unwrap()
        );
        assert_eq!(tiles_moved(&start, &by_letters), vec![8, 7, 4]);
    }

    #[test]
    fn letters_follow_slidysim() {
        // Blank in the top-left: U slides the tile below up, L the tile to
        // the right left.
        let p = Puzzle::parse("2x2").unwrap();
        let start = parse_configuration(&p, "0 1/2 3", 1).unwrap();
        assert_eq!(
            replay(&p, &start, &parse_moves(&p, &start, "U").unwrap())
                .unwrap()
                .cells(),
            &[2, 1, 0, 3]
        );
        assert_eq!(
            replay(&p, &start, &parse_moves(&p, &start, "L").unwrap())
                .unwrap()
                .cells(),
            &[1, 0, 2, 3]
        );
    }

    #[test]
    fn bad_moves_say_where() {
        let p = Puzzle::parse("3x3").unwrap();
        let start = p.default_goal();
        let e = parse_moves(&p, &start, "RRX").unwrap_err().to_string();
        assert!(e.contains("unknown move letter 'X' at position 3"), "{e}");
        let e = parse_moves(&p, &start, "RLL").unwrap_err().to_string();
        assert!(
            e.contains("move 'L' at position 3 goes off the board"),
            "{e}"
        );
        let e = parse_moves(&p, &start, "8-7-2").unwrap_err().to_string();
        assert!(e.contains("vertex 2 is not adjacent"), "{e}");
        let e = parse_moves(&p, &start, "tiles:1").unwrap_err().to_string();
        assert!(
            e.contains("tile 1 (vertex 0) is not next to a blank"),
            "{e}"
        );
        assert!(replay(&p, &start, &[0]).is_err());
    }

    #[test]
    fn bad_moves_carry_their_index() {
        let p = Puzzle::parse("3x3").unwrap();
        let start = p.default_goal();
        let e = parse_moves(&p, &start, "RRX").unwrap_err();
        assert!(matches!(e, Error::Moves { index: Some(2), .. }), "{e:?}");
        let e = parse_moves(&p, &start, "8-7-2").unwrap_err();
        assert!(matches!(e, Error::Moves { index: Some(2), .. }), "{e:?}");
        let e = replay(&p, &start, &[7, 0]).unwrap_err();
        assert!(matches!(e, Error::Moves { index: Some(1), .. }), "{e:?}");
    }
}
