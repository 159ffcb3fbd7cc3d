//! Seed 001's two views of a position, in one answer for the faces: the
//! permutation in cycle notation and, on plain boards, the toroidal model's
//! coordinates (`docs/THEORY.md` section 2).

use serde::Serialize;

use super::gap::{position_permutation, toroidal_position};
use crate::model::{Configuration, Puzzle};

/// A position seen as a permutation, and in the toroidal model.
#[derive(Clone, Debug, Serialize)]
pub struct PositionViews {
    /// The position as a permutation in GAP cycle notation, seed 001's
    /// convention: with the blank labelled `n`, point `p` (1-based) maps to
    /// the label of the tile on it, a tile's label being its goal position
    /// (1-based). `()` at the goal.
    pub permutation: String,
    /// `even` or `odd`.
    pub parity: &'static str,
    /// Cycle type as (length, count) pairs, fixed points left out.
    pub cycle_type: Vec<(usize, usize)>,
    /// Order of the permutation (a decimal string).
    pub order: String,
    /// The blank's label, `n`.
    pub hole_label: usize,
    /// The toroidal model's coordinates, on plain boards with both sides
    /// at least 2.
    pub toroidal: Option<ToroidalView>,
}

/// The toroidal model's coordinates of a position (see
/// [`super::gap::toroidal_position`]).
#[derive(Clone, Debug, Serialize)]
pub struct ToroidalView {
    /// The element as seed 001 writes it: tokens `*` up counter `*` left
    /// counter, e.g. `(1,9)(3,6)(4,11,12,7)(5,13)(10,15) * (16,18)(17,19) *
    /// (20,21,22,23)`.
    pub element: String,
    /// The tokens' arrangement relative to the void, in cycle notation on
    /// points `1..n-1`.
    pub tokens: String,
    /// Rows rolled down to bring the void to the bottom row, `0..H`.
    pub rows_rolled: usize,
    /// Columns rolled right to bring the void to the right column, `0..W`.
    pub columns_rolled: usize,
    /// Number of points of the model, `n - 1 + H + W`.
    pub degree: usize,
}

/// Both views of `start` against `goal`. O(n).
///
/// # Errors
/// [`crate::error::Error::Unsupported`] with several blanks (blanks have no labels);
/// [`crate::error::Error::Configuration`] when `start` and `goal` hold different
/// tiles.
///
/// ```
/// use slidepuzzle::format::parse_configuration;
/// use slidepuzzle::model::Puzzle;
/// use slidepuzzle::theory::views::position_views;
/// let p = Puzzle::parse("3x3").unwrap();
/// let c = parse_configuration(&p, "1 2 3/4 5 6/7 0 8", 1).unwrap();
/// let v = position_views(&p, &c, &p.default_goal()).unwrap();
/// assert_eq!(v.permutation, "(8,9)");
/// assert_eq!(v.parity, "odd");
/// let t = v.toroidal.unwrap();
/// assert_eq!((t.rows_rolled, t.columns_rolled), (0, 1));
/// ```
pub fn position_views(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
) -> crate::error::Result<PositionViews> {
    let p = position_permutation(start, goal)?;
    let toroidal = match puzzle.plain_board_size() {
        Some((w, h)) if w >= 2 && h >= 2 => {
            let t = toroidal_position(w, h, start, goal)?;
            Some(ToroidalView {
                element: t.to_seed_notation(),
                tokens: t.tokens.to_gap(),
                rows_rolled: t.rows_rolled,
                columns_rolled: t.columns_rolled,
                degree: w * h - 1 + w + h,
            })
        }
        _ => None,
    };
    Ok(PositionViews {
        permutation: p.to_gap(),
        parity: if p.is_odd() { "odd" } else { "even" },
        cycle_type: p.cycle_type(),
        order: p.order().to_string(),
        hole_label: puzzle.vertex_count(),
        toroidal,
    })
}
