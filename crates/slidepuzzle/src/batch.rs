//! Batch input: one instance per line, as `solve --file` reads it.
//!
//! A line is a configuration in any state format, optionally preceded by an
//! id: Korf's `id t0 t1 ... tN-1` lines (one more number than the puzzle
//! has cells) and `id: state` lines both work, and so do tab-separated
//! tables whose first column is the id and last column the state (the
//! shipped `data/korf100_15puzzle.tsv`: id, optimal length, Manhattan
//! distance, node counts, tiles). Blank lines and lines starting with `#`
//! are skipped.

use crate::error::{Error, Result};
use crate::format::{infer_board, parse_configuration, parse_labels};
use crate::model::{Configuration, Puzzle};

/// One instance read from a batch file.
#[derive(Clone, Debug)]
pub struct BatchInstance {
    /// The id from the line, or the 1-based instance number.
    pub id: String,
    /// 1-based line number in the input.
    pub line: usize,
    /// The start configuration.
    pub start: Configuration,
}

/// Splits a line into `(id, state text)`.
fn split_id(line: &str, cells: Option<usize>) -> (Option<String>, String) {
    if let Some((id, rest)) = line.split_once('\t') {
        let state = rest.rsplit('\t').next().unwrap_or(rest);
        return (Some(id.trim().to_string()), state.trim().to_string());
    }
    if let Some((id, rest)) = line.split_once(':')
        && !id.trim().is_empty()
        && !id.contains('/')
    {
        return (Some(id.trim().to_string()), rest.trim().to_string());
    }
    if !line.contains('/') {
        let tokens: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .collect();
        if let Some(n) = cells
            && tokens.len() == n + 1
        {
            return (Some(tokens[0].to_string()), tokens[1..].join(" "));
        }
    }
    (None, line.trim().to_string())
}

/// Reads a batch. `puzzle` is the puzzle from `--puzzle`/`--size`; when
/// `None` it is inferred from the first instance's rows and every line must
/// fit it. Returns the puzzle and the instances.
///
/// # Errors
/// [`Error::Input`] naming the line number and what is wrong with it;
/// [`Error::Configuration`] when the input holds no instance.
pub(crate) fn read_batch(
    text: &str,
    puzzle: Option<Puzzle>,
    blanks: usize,
) -> Result<(Puzzle, Vec<BatchInstance>)> {
    let mut puzzle = puzzle;
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: Error| Error::input(line_no, e.to_string());
        let (id, state) = split_id(line, puzzle.as_ref().map(|p| p.vertex_count()));
        if puzzle.is_none() {
            // Infer from the first instance: rows give the board; a flat
            // list with an id is tried without it.
            let inferred = infer_board(&state).or_else(|e| {
                let labels = parse_labels(&state).map_err(at)?.labels;
                let side = ((labels.len() - 1) as f64).sqrt().round() as usize;
                if side * side + 1 == labels.len() && side >= 2 {
                    Puzzle::board(side, side, false, false)
                } else {
                    Err(at(e))
                }
            })?;
            puzzle = Some(inferred);
            let (id2, state2) = split_id(line, puzzle.as_ref().map(|p| p.vertex_count()));
            let p = puzzle.as_ref().expect("just set");
            let start = parse_configuration(p, &state2, blanks).map_err(at)?;
            out.push(BatchInstance {
                id: id2.unwrap_or_else(|| (out.len() + 1).to_string()),
                line: line_no,
                start,
            });
            continue;
        }
        let p = puzzle.as_ref().expect("checked above");
        let start = parse_configuration(p, &state, blanks).map_err(at)?;
        out.push(BatchInstance {
            id: id.unwrap_or_else(|| (out.len() + 1).to_string()),
            line: line_no,
            start,
        });
    }
    let puzzle = puzzle.ok_or_else(|| Error::config("the input holds no instance"))?;
    Ok((puzzle, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn korf_lines_comments_and_ids() {
        let text = "# comment\n\n1 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\nx: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n";
        let (p, batch) = read_batch(text, Some(Puzzle::parse("4x4").unwrap()), 1).unwrap();
        assert_eq!(p.vertex_count(), 16);
        assert_eq!(batch.len(), 2);
        assert_eq!((batch[0].id.as_str(), batch[0].line), ("1", 3));
        assert_eq!(batch[1].id, "x");
        let (_, inferred) = read_batch("1 2 3/4 5 6/7 0 8\n", None, 1).unwrap();
        assert_eq!(inferred[0].id, "1");
        let (p, _) = read_batch(text, None, 1).unwrap();
        assert_eq!(p.spec(), "4x4");
        // Tab-separated tables: the first column is the id, the last the state.
        let tsv = "# id\toptimal\ttiles\n7\t57\t14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n";
        let (p, batch) = read_batch(tsv, None, 1).unwrap();
        assert_eq!((p.spec(), batch[0].id.as_str()), ("4x4", "7"));
        assert_eq!(batch[0].start.tile_at(0), 14);
    }

    #[test]
    fn bad_lines_are_named() {
        let e = read_batch("1 2 3/4 5 6/7 0 8\n1 2 3/4 5 5/7 0 8\n", None, 1).unwrap_err();
        assert!(e.to_string().starts_with("line 2:"), "{e}");
        assert!(e.to_string().contains("duplicated"), "{e}");
        assert!(matches!(e, Error::Input { line: 2, .. }), "{e:?}");
    }
}
