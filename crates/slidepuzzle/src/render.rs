//! SVG drawings of configurations and of solutions (a strip of frames).
//!
//! Boards are drawn as grids of squares, boxes as their layers side by side,
//! other graphs as circles at their positions (or on a circle when the
//! puzzle has none) joined by their edges. Tiles on their goal vertex are
//! green, others sand, the blank dark.

use std::fmt::Write;

use crate::model::{Configuration, Puzzle, PuzzleKind};

const UNIT: f64 = 48.0;

/// Drawing coordinates (in units) of every vertex.
fn layout(puzzle: &Puzzle) -> Vec<(f64, f64)> {
    let n = puzzle.vertex_count();
    match (puzzle.kind(), puzzle.positions()) {
        (PuzzleKind::Box { width, .. }, Some(pos)) => pos
            .iter()
            .map(|p| (p[0] + p[2] * (*width as f64 + 1.0), p[1]))
            .collect(),
        (_, Some(pos)) => pos.iter().map(|p| (p[0], p[1])).collect(),
        _ => (0..n)
            .map(|i| {
                let a =
                    2.0 * std::f64::consts::PI * i as f64 / n as f64 - std::f64::consts::FRAC_PI_2;
                let r = (n as f64 / 4.0).max(1.5);
                (r * a.cos(), r * a.sin())
            })
            .collect(),
    }
}

/// Appends one frame at offset `(dx, dy)` (pixels); returns its size.
fn frame(
    out: &mut String,
    puzzle: &Puzzle,
    config: &Configuration,
    goal: &Configuration,
    dx: f64,
    dy: f64,
) -> (f64, f64) {
    let pts = layout(puzzle);
    let (minx, miny) = pts
        .iter()
        .fold((f64::MAX, f64::MAX), |(a, b), p| (a.min(p.0), b.min(p.1)));
    let (maxx, maxy) = pts
        .iter()
        .fold((f64::MIN, f64::MIN), |(a, b), p| (a.max(p.0), b.max(p.1)));
    let at = |v: usize| {
        (
            dx + (pts[v].0 - minx + 0.5) * UNIT,
            dy + (pts[v].1 - miny + 0.5) * UNIT,
        )
    };
    let square = matches!(puzzle.kind(), PuzzleKind::Board { .. });
    if !square {
        for (a, b) in puzzle.graph().edges() {
            let (p, q) = (at(a), at(b));
            let _ = writeln!(
                out,
                r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#999"/>"##,
                p.0, p.1, q.0, q.1
            );
        }
    }
    for v in 0..puzzle.vertex_count() {
        let t = config.tile_at(v);
        let fill = if t == 0 {
            "#555"
        } else if t == goal.tile_at(v) {
            "#b9e3b0"
        } else {
            "#f3d9a4"
        };
        let (x, y) = at(v);
        if square {
            let s = UNIT * 0.94;
            let _ = writeln!(
                out,
                r##"<rect x="{:.1}" y="{:.1}" width="{s:.1}" height="{s:.1}" rx="5" fill="{fill}" stroke="#333"/>"##,
                x - s / 2.0,
                y - s / 2.0
            );
        } else {
            let _ = writeln!(
                out,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{fill}" stroke="#333"/>"##,
                UNIT * 0.36
            );
        }
        if t != 0 {
            let _ = writeln!(
                out,
                r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="{:.0}">{t}</text>"#,
                y + UNIT * 0.14,
                UNIT * 0.38
            );
        }
    }
    ((maxx - minx + 1.0) * UNIT, (maxy - miny + 1.0) * UNIT)
}

/// An SVG image of one configuration.
pub fn svg(puzzle: &Puzzle, config: &Configuration, goal: &Configuration) -> String {
    let mut body = String::new();
    let (w, h) = frame(&mut body, puzzle, config, goal, 0.0, 0.0);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\">\n{body}</svg>\n"
    )
}

/// An SVG strip of frames: the start and the configuration after every
/// `every` moves of `path` (and the end), left to right, each labelled with
/// its move number. At most `max_frames` frames.
pub fn svg_strip(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    path: &[usize],
    every: usize,
    max_frames: usize,
) -> String {
    let mut frames = vec![(0, start.clone())];
    let mut c = start.clone();
    let mut blank = c.blank();
    let every = every.max(1);
    for (i, &v) in path.iter().enumerate() {
        c.swap(blank, v);
        blank = v;
        if (i + 1) % every == 0 || i + 1 == path.len() {
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
    let mut body = String::new();
    let (mut x, mut height) = (0.0, 0.0f64);
    for (k, cfg) in &frames {
        let (w, h) = frame(&mut body, puzzle, cfg, goal, x, 24.0);
        let _ = writeln!(
            body,
            r#"<text x="{:.1}" y="16" font-family="sans-serif" font-size="14">move {k}</text>"#,
            x + 4.0
        );
        x += w + UNIT * 0.5;
        height = height.max(h + 24.0);
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{x:.0}\" height=\"{height:.0}\">\n{body}</svg>\n"
    )
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
        let strip = svg_strip(&p, &p.default_goal(), &p.default_goal(), &[7, 6, 3], 1, 10);
        assert_eq!(strip.matches("move ").count(), 4);
        // A budget of 0 or 1 frames still draws the start and the end (no
        // division by zero).
        for max_frames in [0, 1] {
            let strip = svg_strip(
                &p,
                &p.default_goal(),
                &p.default_goal(),
                &[7, 6, 3],
                1,
                max_frames,
            );
            let frames = strip.matches("move ").count();
            assert!((2..=3).contains(&frames), "{max_frames}: {frames}");
        }
    }
}
