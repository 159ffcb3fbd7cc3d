//! An animated SVG of a solution: one file that plays in a browser with no
//! script, through SMIL `<animateTransform>`.
//!
//! One `<animateTransform>` per move, in the group of the tile that moves,
//! so the file grows linearly with the moves; [`svg_animated`] says how.

use std::fmt::Write;

use super::geometry::{Geometry, SQUARE, UNIT, tile};
use super::scheme::Paint;
use super::scheme::Style;
use crate::error::{Error, Resource, Result};
use crate::model::{Configuration, Puzzle};

/// The most moves [`svg_animated`] draws (each costs about 200 bytes, so
/// the largest file is about 20 MB); longer solutions are refused with
/// [`Error::Limit`] ([`Resource::Moves`]).
///
/// ```
/// use slidepuzzle::render::{svg_animated, Animation, Style, MAX_ANIMATED_MOVES};
/// use slidepuzzle::{Error, Puzzle, Resource};
/// let p = Puzzle::parse("2x2").unwrap();
/// let goal = p.default_goal();
/// let steps: Vec<(usize, usize)> = (0..=MAX_ANIMATED_MOVES)
///     .map(|i| if i % 2 == 0 { (2, 3) } else { (3, 2) })
///     .collect();
/// let e = svg_animated(&p, &goal, &goal, &steps, &Style::default(), &Animation::default());
/// assert!(matches!(e, Err(Error::Limit { resource: Resource::Moves, .. })));
/// ```
pub const MAX_ANIMATED_MOVES: usize = 100_000;

/// Timing of [`svg_animated`].
///
/// The animation shows the start for `pause_seconds`, plays the moves
/// `move_seconds` each, and shows the end for `pause_seconds`; with
/// `repeat` (the default) it then starts again from the start, forever,
/// otherwise it stops and holds the end.
///
/// ```
/// use slidepuzzle::render::Animation;
/// let a = Animation { move_seconds: 0.5, ..Animation::default() };
/// assert_eq!((a.pause_seconds, a.repeat), (1.0, true));
/// assert_eq!(Animation::default().move_seconds, 0.2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Animation {
    /// Seconds per move (single-tile move), more than 0 and at most 60;
    /// default 0.2.
    pub move_seconds: f64,
    /// Seconds the start is shown before the first move and the end after
    /// the last, 0 to 60; default 1.
    pub pause_seconds: f64,
    /// Loop forever (the default) or play once and hold the end.
    pub repeat: bool,
}

impl Default for Animation {
    fn default() -> Self {
        Animation {
            move_seconds: 0.2,
            pause_seconds: 1.0,
            repeat: true,
        }
    }
}

impl Animation {
    /// Checks the timing.
    fn check(&self) -> Result<()> {
        if !(self.move_seconds > 0.0 && self.move_seconds <= 60.0) {
            return Err(Error::argument(
                "move-seconds",
                format!(
                    "{}: seconds per move must be more than 0 and at most 60",
                    self.move_seconds
                ),
            ));
        }
        if !(0.0..=60.0).contains(&self.pause_seconds) {
            return Err(Error::argument(
                "pause-seconds",
                format!("{}: the pause must be 0 to 60 seconds", self.pause_seconds),
            ));
        }
        Ok(())
    }
}

/// An SVG that plays `steps` from `start`, for any number of blanks: each
/// step `(from, to)` slides the tile on vertex `from` into the blank on
/// vertex `to` (a one-blank blank path becomes steps by
/// [`crate::moves::steps_of_blank_path`]). Each tile slides
/// along its way, one move every [`Animation::move_seconds`], in `style`
/// (colours by goal vertex in `goal`; under [`super::Scheme::Plain`] every
/// tile is sand, since whether a tile is home changes as it moves). Works
/// on boards, boxes (a move between layers slides across to the next
/// layer) and graphs (tiles slide along the drawn edges); on tori a
/// wrap-around move slides across the board.
///
/// The file is valid XML. Every vertex has an empty slot (`<rect>` on
/// boards, else `<circle>`, with `data-vertex`, in the blank's colour);
/// every tile is a `<g data-tile="t" transform="translate(x y)">` placed
/// on its start vertex. Each move is one `<animateTransform
/// additive="sum">` in the group of the tile that moves: it holds `0 0`,
/// slides to the move's displacement during the move's time slot and keeps
/// it to the end of the loop, so a tile is at its start plus the moves it
/// has made, and the file grows linearly with the moves (about 200 bytes
/// each). All animations last the whole loop and start together, so they
/// stay in step when they repeat. A bar under the drawing fills up as the
/// moves play.
///
/// # Errors
/// [`Error::Limit`] ([`Resource::Moves`]) for more than
/// [`MAX_ANIMATED_MOVES`] moves, checked first; [`Error::Argument`] for a
/// timing out of range; [`Error::Configuration`] when `start` or `goal`
/// does not fit the puzzle; [`Error::Moves`] (with the step's index) for a
/// step along no edge, from a blank or onto a tile.
///
/// ```
/// use slidepuzzle::render::{svg_animated, Animation, Style};
/// use slidepuzzle::Puzzle;
/// let p = Puzzle::parse("3x3").unwrap();
/// let goal = p.default_goal();
/// // The blank (vertex 8) visits 7, 4 and comes back: four steps, each
/// // (from, to) of the tile that slides.
/// let steps = [(7, 8), (4, 7), (7, 4), (8, 7)];
/// let svg = svg_animated(&p, &goal, &goal, &steps, &Style::default(), &Animation::default())
///     .unwrap();
/// assert_eq!(svg.matches("<animateTransform").count(), 4);
/// assert!(svg_animated(&p, &goal, &goal, &[(0, 8)], &Style::default(), &Animation::default()).is_err());
/// ```
pub fn svg_animated(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    steps: &[(usize, usize)],
    style: &Style,
    animation: &Animation,
) -> Result<String> {
    puzzle.require_no_turns("an animation (the still frames of render draw turned tiles)")?;
    puzzle.require_no_exchanges("an animation (the still frames of render draw exchanges)")?;
    if steps.len() > MAX_ANIMATED_MOVES {
        return Err(Error::limit(
            Resource::Moves,
            steps.len() as u64,
            MAX_ANIMATED_MOVES as u64,
        ));
    }
    animation.check()?;
    let n = puzzle.vertex_count();
    for (what, c) in [("start", start), ("goal", goal)] {
        if c.len() != n {
            return Err(Error::config(format!(
                "the {what} has {} cells, the puzzle {n} vertices",
                c.len()
            )));
        }
    }

    // Who moves when (any number of blanks): each step's tile, checked
    // as moves::replay_steps checks it.
    crate::moves::replay_steps(puzzle, start, steps)?;
    let tiles = crate::moves::tiles_of_steps(puzzle, start, steps);
    // moves[t]: (move index, from, to) of every move of tile t.
    let mut moves: Vec<Vec<(usize, usize, usize)>> = vec![Vec::new(); n];
    for (i, (&(from, to), &t)) in steps.iter().zip(&tiles).enumerate() {
        moves[t as usize].push((i, from, to));
    }

    let geometry = Geometry::new(puzzle);
    let paint = Paint::new(puzzle, goal, style);
    let (w, h) = geometry.size;
    let bar = 6.0;
    let (pause, step) = (animation.pause_seconds, animation.move_seconds);
    let total = 2.0 * pause + step * steps.len() as f64;
    let timing = if animation.repeat {
        r#" repeatCount="indefinite""#
    } else {
        r#" fill="freeze""#
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{:.0}\">",
        h + bar + 4.0
    );
    let _ = writeln!(
        out,
        "<title>{} moves, {} s each</title>",
        steps.len(),
        num(step)
    );
    geometry.edges(&mut out, puzzle, 0.0, 0.0);
    for (v, &(x, y)) in geometry.centres.iter().enumerate() {
        if geometry.squares {
            let s = SQUARE;
            let _ = writeln!(
                out,
                r#"<rect data-vertex="{v}" x="{}" y="{}" width="{}" height="{}" rx="5" fill="{}"/>"#,
                num(x - s / 2.0),
                num(y - s / 2.0),
                num(s),
                num(s),
                super::scheme::BLANK_FILL
            );
        } else {
            let _ = writeln!(
                out,
                r#"<circle data-vertex="{v}" cx="{}" cy="{}" r="{}" fill="{}"/>"#,
                num(x),
                num(y),
                num(UNIT * 0.36),
                super::scheme::BLANK_FILL
            );
        }
    }
    for v in 0..n {
        let t = start.tile_at(v);
        if t == 0 {
            continue;
        }
        let (x, y) = geometry.centres[v];
        let _ = writeln!(
            out,
            r#"<g data-tile="{t}" transform="translate({} {})">"#,
            num(x),
            num(y)
        );
        tile(
            &mut out,
            geometry.squares,
            t,
            paint.fill(t, false),
            paint.label(t),
            (0.0, 0.0),
            0.0,
        );
        let (mut dx, mut dy) = (0.0, 0.0);
        for &(i, from, to) in &moves[t as usize] {
            let (a, b) = (geometry.centres[from], geometry.centres[to]);
            let (ex, ey) = (dx + b.0 - a.0, dy + b.1 - a.1);
            let begin = pause + step * i as f64;
            let (times, values) = keyframes(
                begin / total,
                (begin + step) / total,
                &format!("{} {}", num(ex - dx), num(ey - dy)),
                "0 0",
            );
            let _ = writeln!(
                out,
                r#"<animateTransform attributeName="transform" type="translate" additive="sum" dur="{}s" keyTimes="{times}" values="{values}"{timing}/>"#,
                num3(total),
            );
            (dx, dy) = (ex, ey);
        }
        out.push_str("</g>\n");
    }
    let _ = write!(
        out,
        r##"<rect x="0" y="{}" width="0" height="{bar}" fill="#4a90d9">"##,
        num(h + 2.0)
    );
    if total > 0.0 {
        let (times, values) = keyframes(pause / total, (total - pause) / total, &num(w), "0");
        let _ = write!(
            out,
            r#"<animate attributeName="width" dur="{}s" keyTimes="{times}" values="{values}"{timing}/>"#,
            num3(total)
        );
    }
    out.push_str("</rect>\n</svg>\n");
    Ok(out)
}

/// `keyTimes` and `values` of an animation that holds `rest` until `begin`,
/// goes linearly to `moved` by `end` and holds it until 1 (fractions of the
/// loop). Equal neighbouring times (a move at the very start or end) are
/// merged, so the times strictly increase from 0 to 1.
fn keyframes(begin: f64, end: f64, moved: &str, rest: &str) -> (String, String) {
    let (b, e) = (frac(begin), frac(end));
    let mut times = vec!["0".to_string()];
    let mut values = vec![rest];
    if b != "0" && b != e {
        times.push(b);
        values.push(rest);
    }
    if e != "1" {
        times.push(e);
        values.push(moved);
    }
    times.push("1".to_string());
    values.push(moved);
    (times.join(";"), values.join(";"))
}

/// A fraction of the loop, to 8 decimals (1/100 of a move on the longest
/// animation), trailing zeros dropped.
fn frac(x: f64) -> String {
    trim(format!("{:.8}", x.clamp(0.0, 1.0)))
}

/// A length to a tenth of a pixel, trailing zeros dropped.
fn num(x: f64) -> String {
    trim(format!("{x:.1}"))
}

/// A duration to a thousandth of a second, trailing zeros dropped.
fn num3(x: f64) -> String {
    trim(format!("{x:.3}"))
}

fn trim(s: String) -> String {
    if !s.contains('.') {
        return s;
    }
    let t = s.trim_end_matches('0').trim_end_matches('.');
    match t {
        "-0" | "" => "0".to_string(),
        t => t.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyframes_strictly_increase() {
        assert_eq!(
            keyframes(0.25, 0.5, "1 0", "0 0"),
            ("0;0.25;0.5;1".into(), "0 0;0 0;1 0;1 0".into())
        );
        assert_eq!(
            keyframes(0.0, 1.0, "1 0", "0 0"),
            ("0;1".into(), "0 0;1 0".into())
        );
        assert_eq!(num(-0.04), "0");
        assert_eq!(num(48.0), "48");
        assert_eq!(num(-12.26), "-12.3");
    }
}
