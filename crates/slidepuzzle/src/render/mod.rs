//! SVG drawings of configurations, of solutions (a strip of frames) and
//! animated solutions.
//!
//! Boards are drawn as grids of squares, boxes as their layers side by side,
//! other graphs as circles at their positions (or on a circle when the
//! puzzle has none) joined by their edges. Every drawing takes a [`Style`]:
//! a colour [`Scheme`] (by default [`Scheme::Plain`]: tiles on their goal
//! vertex green, others sand, the blank dark; or by fringe layer, rainbow,
//! rows, columns or quadrants of the goal) and a [`Labels`] style (numbers,
//! nothing, or the goal position). [`svg`] and [`svg_strip`] draw in the
//! default style. [`svg_animated`] writes one SVG that plays a solution in a
//! browser without script (SMIL).
//!
//! Like the rest of the library, the functions here do no I/O: they return
//! the SVG text.
//!
//! ```
//! use slidepuzzle::render::{svg_styled, Labels, Scheme, Style};
//! use slidepuzzle::Puzzle;
//! let p = Puzzle::parse("4x4").unwrap();
//! let style = Style { scheme: Scheme::Fringe, labels: Labels::Number };
//! let drawing = svg_styled(&p, &p.default_goal(), &p.default_goal(), &style);
//! assert!(drawing.starts_with("<svg") && drawing.contains(">15</text>"));
//! ```

mod animate;
mod geometry;
mod scheme;

use std::fmt::Write;

pub use animate::{Animation, MAX_ANIMATED_MOVES, svg_animated};
pub use scheme::{Labels, Scheme, Style};

use crate::error::Result;
use crate::model::{Configuration, Puzzle};
use geometry::{Geometry, UNIT, tile};
use scheme::Paint;

/// Appends one frame at offset `(dx, dy)` (pixels); returns its size.
fn frame(
    out: &mut String,
    puzzle: &Puzzle,
    geometry: &Geometry,
    paint: &Paint,
    config: &Configuration,
    goal: &Configuration,
    (dx, dy): (f64, f64),
) -> (f64, f64) {
    geometry.edges(out, puzzle, dx, dy);
    for (v, &(x, y)) in geometry.centres.iter().enumerate() {
        let t = config.tile_at(v);
        let o = config.orientation_at(v);
        let home = goal.cells().get(v) == Some(&t) && goal.orientation_at(v) == o;
        // A turned tile's label is drawn turned (counter-clockwise).
        let k = puzzle.turns().map_or(1, |turns| turns.modulus());
        let degrees = -360.0 * o as f64 / k as f64;
        tile(
            out,
            geometry.squares,
            t,
            paint.fill(t, home),
            paint.label(t),
            (x + dx, y + dy),
            degrees,
        );
    }
    geometry.size
}

/// An SVG image of one configuration, in the default [`Style`] (plain
/// colours, numbers).
///
/// ```
/// use slidepuzzle::{render::svg, Puzzle};
/// let p = Puzzle::parse("3x3").unwrap();
/// assert_eq!(svg(&p, &p.default_goal(), &p.default_goal()).matches("<rect").count(), 9);
/// ```
pub fn svg(puzzle: &Puzzle, config: &Configuration, goal: &Configuration) -> String {
    svg_styled(puzzle, config, goal, &Style::default())
}

/// An SVG image of one configuration in `style`. Tiles are coloured by
/// their goal vertex in `goal` (see [`Scheme`]); every tile shape carries
/// its tile number as `data-tile` (0 for the blank).
///
/// ```
/// use slidepuzzle::render::{svg_styled, Labels, Scheme, Style};
/// use slidepuzzle::Puzzle;
/// let p = Puzzle::parse("3x3").unwrap();
/// let style = Style { scheme: Scheme::Rows, labels: Labels::None };
/// let drawing = svg_styled(&p, &p.default_goal(), &p.default_goal(), &style);
/// assert_eq!(drawing.matches("<rect").count(), 9);
/// assert!(!drawing.contains("<text"));
/// ```
pub fn svg_styled(
    puzzle: &Puzzle,
    config: &Configuration,
    goal: &Configuration,
    style: &Style,
) -> String {
    let geometry = Geometry::new(puzzle);
    let paint = Paint::new(puzzle, goal, style);
    let mut body = String::new();
    let (w, h) = frame(
        &mut body,
        puzzle,
        &geometry,
        &paint,
        config,
        goal,
        (0.0, 0.0),
    );
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\">\n{body}</svg>\n"
    )
}

/// An SVG strip of frames in the default [`Style`]: the start and the
/// configuration after every `every` steps (and the end), left to right,
/// each labelled with its move number. At most `max_frames` frames. Each
/// step `(from, to)` slides the tile on `from` into the blank on `to`, for
/// any number of blanks.
///
/// ```
/// use slidepuzzle::{render::svg_strip, Puzzle};
/// let p = Puzzle::parse("3x3").unwrap();
/// let goal = p.default_goal();
/// // The blank (vertex 8) visits 7 and comes back: three frames.
/// let strip = svg_strip(&p, &goal, &goal, &[(7, 8), (8, 7)], 1, 10).unwrap();
/// assert_eq!(strip.matches("move ").count(), 3);
/// ```
///
/// # Errors
/// [`crate::Error::Moves`] for a step that does not replay from `start` (see
/// [`crate::moves::replay_steps`]).
pub fn svg_strip(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    steps: &[(usize, usize)],
    every: usize,
    max_frames: usize,
) -> Result<String> {
    svg_strip_styled(
        puzzle,
        start,
        goal,
        steps,
        every,
        max_frames,
        &Style::default(),
    )
}

/// [`svg_strip`] in `style`.
///
/// ```
/// use slidepuzzle::render::{svg_strip_styled, Labels, Scheme, Style};
/// use slidepuzzle::Puzzle;
/// let p = Puzzle::parse("3x3").unwrap();
/// let goal = p.default_goal();
/// let style = Style { scheme: Scheme::Rainbow, labels: Labels::GoalPosition };
/// let strip = svg_strip_styled(&p, &goal, &goal, &[(7, 8)], 1, 10, &style).unwrap();
/// assert_eq!(strip.matches("move ").count(), 2);
/// assert!(strip.contains(">0,0</text>"));
/// ```
///
/// # Errors
/// As [`svg_strip`].
pub fn svg_strip_styled(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    steps: &[(usize, usize)],
    every: usize,
    max_frames: usize,
    style: &Style,
) -> Result<String> {
    crate::moves::replay_steps(puzzle, start, steps)?;
    let mut frames = vec![(0, start.clone())];
    let mut c = start.clone();
    let every = every.max(1);
    for (i, &(from, to)) in steps.iter().enumerate() {
        puzzle.slide(&mut c, from, to);
        if (i + 1) % every == 0 || i + 1 == steps.len() {
            frames.push((i + 1, c.clone()));
        }
    }
    // At least the start and the end are drawn.
    let max_frames = max_frames.max(2);
    if frames.len() > max_frames {
        let step = frames.len().div_ceil(max_frames);
        let last = frames.last().cloned();
        frames = frames.into_iter().step_by(step).collect();
        if let Some(l) = last
            && frames.last().map(|f| f.0) != Some(l.0)
        {
            frames.push(l);
        }
    }
    let geometry = Geometry::new(puzzle);
    let paint = Paint::new(puzzle, goal, style);
    let mut body = String::new();
    let (mut x, mut height) = (0.0, 0.0f64);
    for (k, cfg) in &frames {
        let (w, h) = frame(&mut body, puzzle, &geometry, &paint, cfg, goal, (x, 24.0));
        let _ = writeln!(
            body,
            r#"<text x="{:.1}" y="16" font-family="sans-serif" font-size="14">move {k}</text>"#,
            x + 4.0
        );
        x += w + UNIT * 0.5;
        height = height.max(h + 24.0);
    }
    Ok(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{x:.0}\" height=\"{height:.0}\">\n{body}</svg>\n"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawings_have_one_shape_per_vertex() {
        let p = Puzzle::parse("3x3").unwrap();
        let s = svg(&p, &p.default_goal(), &p.default_goal());
        assert_eq!(s.matches("<rect").count(), 9);
        let g = Puzzle::parse("petersen").unwrap();
        let s = svg(&g, &g.default_goal(), &g.default_goal());
        assert_eq!(
            (s.matches("<circle").count(), s.matches("<line").count()),
            (10, 15)
        );
        let steps = crate::moves::steps_of_blank_path(8, &[7, 6, 3]);
        let strip = svg_strip(&p, &p.default_goal(), &p.default_goal(), &steps, 1, 10).unwrap();
        assert_eq!(strip.matches("move ").count(), 4);
        // A step that does not replay is an error, not a panic.
        assert!(svg_strip(&p, &p.default_goal(), &p.default_goal(), &[(9, 8)], 1, 10).is_err());
        // A budget of 0 or 1 frames still draws the start and the end (no
        // division by zero).
        for max_frames in [0, 1] {
            let strip = svg_strip(
                &p,
                &p.default_goal(),
                &p.default_goal(),
                &steps,
                1,
                max_frames,
            )
            .unwrap();
            let frames = strip.matches("move ").count();
            assert!((2..=3).contains(&frames), "{max_frames}: {frames}");
        }
    }
}
