//! Where a drawing puts every vertex (boards as squares, boxes as layers
//! side by side, other graphs as circles at their positions), and the
//! shapes of tiles.

use std::fmt::Write;

use crate::model::{Puzzle, PuzzleKind};

pub(super) const UNIT: f64 = 48.0;
/// The side of a square tile, an even number of tenths of a pixel so that
/// its corners are exact decimals around a centre (also exact).
pub(super) const SQUARE: f64 = 45.2;

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

/// Where a drawing puts every vertex, in pixels.
pub(super) struct Geometry {
    /// The centre of every vertex, relative to the drawing's top-left.
    pub(super) centres: Vec<(f64, f64)>,
    /// The drawing's width and height.
    pub(super) size: (f64, f64),
    /// Boards are squares without edges; everything else circles joined by
    /// lines.
    pub(super) squares: bool,
}

impl Geometry {
    pub(super) fn new(puzzle: &Puzzle) -> Self {
        let pts = layout(puzzle);
        let (minx, miny) = pts
            .iter()
            .fold((f64::MAX, f64::MAX), |(a, b), p| (a.min(p.0), b.min(p.1)));
        let (maxx, maxy) = pts
            .iter()
            .fold((f64::MIN, f64::MIN), |(a, b), p| (a.max(p.0), b.max(p.1)));
        Geometry {
            centres: pts
                .iter()
                .map(|p| {
                    (
                        tenth((p.0 - minx + 0.5) * UNIT),
                        tenth((p.1 - miny + 0.5) * UNIT),
                    )
                })
                .collect(),
            size: ((maxx - minx + 1.0) * UNIT, (maxy - miny + 1.0) * UNIT),
            squares: matches!(puzzle.kind(), PuzzleKind::Board { .. }),
        }
    }

    /// The edges of a graph drawing (nothing for boards), at `(dx, dy)`.
    pub(super) fn edges(&self, out: &mut String, puzzle: &Puzzle, dx: f64, dy: f64) {
        if self.squares {
            return;
        }
        for (a, b) in puzzle.graph().edges() {
            let (p, q) = (self.centres[a], self.centres[b]);
            let _ = writeln!(
                out,
                r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#999"/>"##,
                p.0 + dx,
                p.1 + dy,
                q.0 + dx,
                q.1 + dy
            );
            // A one-way edge gets an arrowhead at its middle, pointing the
            // way the tiles slide.
            if let Some(d) = puzzle.digraph() {
                let (forward, backward) =
                    (d.successors(a).contains(&b), d.successors(b).contains(&a));
                if forward != backward {
                    let (from, to) = if forward { (p, q) } else { (q, p) };
                    arrowhead(out, (from.0 + dx, from.1 + dy), (to.0 + dx, to.1 + dy));
                }
            }
        }
    }
}

/// An arrowhead (a filled triangle 12 px long) at the middle of the
/// segment `from`-`to`, pointing at `to`.
fn arrowhead(out: &mut String, from: (f64, f64), to: (f64, f64)) {
    let (ux, uy) = (to.0 - from.0, to.1 - from.1);
    let length = (ux * ux + uy * uy).sqrt().max(1e-9);
    let (ux, uy) = (ux / length, uy / length);
    let (mx, my) = ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0);
    let tip = (mx + 6.0 * ux, my + 6.0 * uy);
    let left = (mx - 6.0 * ux - 5.0 * uy, my - 6.0 * uy + 5.0 * ux);
    let right = (mx - 6.0 * ux + 5.0 * uy, my - 6.0 * uy - 5.0 * ux);
    let _ = writeln!(
        out,
        r##"<polygon class="arrow" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="#555"/>"##,
        tip.0, tip.1, left.0, left.1, right.0, right.1
    );
}

/// `x` rounded to a tenth of a pixel: centres are exact decimals, so the
/// moves of an animation add up to the end position without drift.
pub(super) fn tenth(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// Appends the shape of a tile (or of the blank, `t = 0`) centred on
/// `(x, y)`, with its label turned by `degrees` (clockwise on the page;
/// 0 upright), to `out`.
pub(super) fn tile(
    out: &mut String,
    squares: bool,
    t: u32,
    fill: &str,
    label: Option<&str>,
    (x, y): (f64, f64),
    degrees: f64,
) {
    if squares {
        let s = SQUARE;
        let _ = writeln!(
            out,
            r##"<rect data-tile="{t}" x="{:.1}" y="{:.1}" width="{s:.1}" height="{s:.1}" rx="5" fill="{fill}" stroke="#333"/>"##,
            x - s / 2.0,
            y - s / 2.0
        );
    } else {
        let _ = writeln!(
            out,
            r##"<circle data-tile="{t}" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{fill}" stroke="#333"/>"##,
            UNIT * 0.36
        );
    }
    if let Some(label) = label.filter(|_| t != 0) {
        // Longer labels (goal positions, vertex names) get a smaller font.
        let chars = label.chars().count().max(2) as f64;
        let size = UNIT * 0.38 * (2.5 / chars).min(1.0);
        let turn = if degrees == 0.0 {
            String::new()
        } else {
            format!(r#" class="turned" transform="rotate({degrees:.0} {x:.1} {y:.1})""#)
        };
        let _ = writeln!(
            out,
            r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="{size:.0}"{turn}>{}</text>"#,
            y + size * 0.37,
            escape(label)
        );
    }
}

/// `text` with the XML special characters escaped.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}
