//! Configurations: which tile is on which vertex.

use crate::error::{Error, Result};

/// A tile label. `0` is the blank; tiles are `1..n`.
pub type Tile = u32;

/// The blank's label.
pub const BLANK: Tile = 0;

/// A configuration: `cells[v]` is the tile on vertex `v` (0 = blank).
///
/// With one blank (the default) a valid configuration on `n` vertices holds
/// each of `0..n` exactly once. With `k` blanks it holds `k` zeros and tiles
/// `1..=n-k` once each; with none (a rotating puzzle's arrangement), tiles
/// `1..=n`. Build one with [`Configuration::from_cells`], which
/// checks this, or with the parsers in [`crate::format`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Configuration {
    cells: Vec<Tile>,
    /// `orientations[v]`: the turn of the tile on vertex `v` in Z_k, on a
    /// puzzle whose tiles turn (docs/THEORY.md section 8); empty otherwise.
    orientations: Vec<u8>,
}

impl Configuration {
    /// The natural arrangement on `n` vertices: tile `i + 1` on vertex `i`,
    /// blank on vertex `n - 1` (docs/THEORY.md section 1).
    pub fn natural(n: usize) -> Self {
        let mut cells: Vec<Tile> = (1..=n as Tile).collect();
        if let Some(last) = cells.last_mut() {
            *last = BLANK;
        }
        Configuration {
            cells,
            orientations: Vec::new(),
        }
    }

    /// The natural arrangement with `k` blanks: tiles `1..=n-k` on vertices
    /// `0..n-k`, blanks on the last `k` vertices.
    pub fn natural_with_blanks(n: usize, k: usize) -> Self {
        let cells = (0..n)
            .map(|v| if v + k < n { v as Tile + 1 } else { BLANK })
            .collect();
        Configuration {
            cells,
            orientations: Vec::new(),
        }
    }

    /// Checks and wraps `cells` for a puzzle with `blanks` blanks.
    ///
    /// # Errors
    /// [`Error::Configuration`] naming the first problem: a tile out of
    /// range (with its position, 1-based), a duplicated tile (with both
    /// positions), a missing tile, or the wrong number of blanks. Its `tile`
    /// is the offending (or first missing) tile and `vertices` the 0-based
    /// cells involved (the blanks' cells for a wrong blank count).
    pub fn from_cells(cells: Vec<Tile>, blanks: usize) -> Result<Self> {
        let n = cells.len();
        if n < 2 {
            return Err(Error::config(format!(
                "a configuration needs at least 2 cells, got {n}"
            )));
        }
        if blanks >= n {
            return Err(Error::config(format!(
                "{blanks} blanks on {n} cells: need at least one tile"
            )));
        }
        let max_tile = (n - blanks) as Tile;
        let mut seen_at = vec![usize::MAX; n - blanks + 1];
        let mut blank_count = 0;
        for (pos, &t) in cells.iter().enumerate() {
            if t == BLANK {
                blank_count += 1;
                continue;
            }
            if t > max_tile {
                return Err(Error::config_at(
                    format!(
                        "tile {t} at position {} is out of range: tiles are 1..{max_tile} with 0 the blank",
                        pos + 1
                    ),
                    Some(t),
                    vec![pos],
                ));
            }
            let slot = &mut seen_at[t as usize];
            if *slot != usize::MAX {
                return Err(Error::config_at(
                    format!(
                        "tile {t} is duplicated (positions {} and {})",
                        *slot + 1,
                        pos + 1
                    ),
                    Some(t),
                    vec![*slot, pos],
                ));
            }
            *slot = pos;
        }
        if blank_count != blanks {
            let missing: Vec<Tile> = (1..=max_tile)
                .filter(|&t| seen_at[t as usize] == usize::MAX)
                .collect();
            let what = if blank_count == 0 {
                "no blank (0)".to_string()
            } else {
                format!("{blank_count} blanks (0)")
            };
            let miss = if missing.is_empty() {
                String::new()
            } else {
                let names: Vec<String> = missing.iter().map(|t| t.to_string()).collect();
                format!("; missing tile(s) {}", names.join(", "))
            };
            let blank_cells = (0..n).filter(|&v| cells[v] == BLANK).collect();
            return Err(Error::config_at(
                format!("expected {blanks} blank(s), found {what}{miss}"),
                missing.first().copied(),
                blank_cells,
            ));
        }
        Ok(Configuration {
            cells,
            orientations: Vec::new(),
        })
    }

    /// The same tiles with orientations (`orientations[v]` for the tile on
    /// vertex `v`, in `0..modulus`), for a puzzle whose tiles turn
    /// (docs/THEORY.md section 8). All zeros is the unturned position.
    ///
    /// ```
    /// use slidepuzzle::model::Configuration;
    /// let c = Configuration::natural(3).with_orientations(vec![1, 0, 0], 4).unwrap();
    /// assert_eq!(c.orientation_at(0), 1);
    /// assert!(Configuration::natural(3).with_orientations(vec![4, 0, 0], 4).is_err());
    /// assert!(Configuration::natural(3).with_orientations(vec![0, 0, 1], 4).is_err());
    /// ```
    ///
    /// # Errors
    /// [`Error::Configuration`] naming the position (1-based) for a list of
    /// the wrong length, an orientation outside `0..modulus`, or a turned
    /// blank.
    pub fn with_orientations(mut self, orientations: Vec<u8>, modulus: u8) -> Result<Self> {
        let n = self.cells.len();
        if orientations.len() != n {
            return Err(Error::config(format!(
                "{} orientations for {n} cells",
                orientations.len()
            )));
        }
        for (v, &o) in orientations.iter().enumerate() {
            let t = self.cells[v];
            if o >= modulus {
                return Err(Error::config_at(
                    format!(
                        "tile {t} at position {} has orientation {o}, outside 0..{} (Z_{modulus})",
                        v + 1,
                        modulus - 1
                    ),
                    Some(t),
                    vec![v],
                ));
            }
            if t == BLANK && o != 0 {
                return Err(Error::config_at(
                    format!("the blank at position {} cannot be turned", v + 1),
                    None,
                    vec![v],
                ));
            }
        }
        self.orientations = orientations;
        Ok(self)
    }

    /// The orientations by vertex (docs/THEORY.md section 8); empty on a
    /// puzzle whose tiles do not turn.
    pub fn orientations(&self) -> &[u8] {
        &self.orientations
    }

    /// The orientation of the tile on vertex `v` (0 without orientations).
    pub fn orientation_at(&self, v: usize) -> u8 {
        self.orientations.get(v).copied().unwrap_or(0)
    }

    /// The same tiles without orientations.
    pub(crate) fn without_orientations(&self) -> Configuration {
        Configuration {
            cells: self.cells.clone(),
            orientations: Vec::new(),
        }
    }

    /// Sets the orientation of the tile on vertex `v` (which must exist in
    /// [`Configuration::orientations`]; ignored otherwise). The caller
    /// keeps it in `0..k`.
    pub(crate) fn set_orientation(&mut self, v: usize, o: u8) {
        if let Some(slot) = self.orientations.get_mut(v) {
            *slot = o;
        }
    }

    /// The tiles by vertex.
    pub fn cells(&self) -> &[Tile] {
        &self.cells
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false for a valid configuration (at least 2 cells).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The tile on vertex `v`.
    pub fn tile_at(&self, v: usize) -> Tile {
        self.cells[v]
    }

    /// The (first) vertex holding the blank.
    pub fn blank(&self) -> usize {
        self.cells
            .iter()
            .position(|&t| t == BLANK)
            .expect("a valid configuration has a blank")
    }

    /// Every vertex holding a blank, in increasing order.
    pub fn blanks(&self) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&v| self.cells[v] == BLANK)
            .collect()
    }

    /// `position[t]` = the vertex holding tile `t` (for `t >= 1`; entry 0 is
    /// the first blank). O(n).
    pub(crate) fn positions(&self) -> Vec<usize> {
        let mut pos = vec![usize::MAX; self.cells.len()];
        for (v, &t) in self.cells.iter().enumerate().rev() {
            pos[t as usize] = v;
        }
        pos
    }

    /// Swaps the contents of two vertices. The caller checks adjacency;
    /// see [`crate::model::Puzzle`] and [`crate::moves`] for checked moves.
    pub fn swap(&mut self, a: usize, b: usize) {
        self.cells.swap(a, b);
        if !self.orientations.is_empty() {
            self.orientations.swap(a, b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_goal() {
        assert_eq!(Configuration::natural(4).cells(), &[1, 2, 3, 0]);
    }

    #[test]
    fn errors_name_the_problem() {
        let e = Configuration::from_cells(vec![1, 1, 0], 1).unwrap_err();
        assert!(
            e.to_string()
                .contains("tile 1 is duplicated (positions 1 and 2)")
        );
        let e = Configuration::from_cells(vec![1, 5, 0], 1).unwrap_err();
        assert!(e.to_string().contains("tile 5 at position 2"));
        let e = Configuration::from_cells(vec![1, 2, 3], 1).unwrap_err();
        assert!(
            e.to_string()
                .contains("tile 3 at position 3 is out of range"),
            "{e}"
        );
        let e = Configuration::from_cells(vec![1, 0, 0], 1).unwrap_err();
        assert!(e.to_string().contains("missing tile(s) 2"), "{e}");
    }

    #[test]
    fn errors_carry_the_tile_and_cells() {
        let e = Configuration::from_cells(vec![1, 1, 0], 1).unwrap_err();
        assert!(
            matches!(&e, Error::Configuration { tile: Some(1), vertices, .. } if vertices == &[0, 1]),
            "{e:?}"
        );
        let e = Configuration::from_cells(vec![1, 5, 0], 1).unwrap_err();
        assert!(
            matches!(&e, Error::Configuration { tile: Some(5), vertices, .. } if vertices == &[1]),
            "{e:?}"
        );
        let e = Configuration::from_cells(vec![1, 0, 0], 1).unwrap_err();
        assert!(
            matches!(&e, Error::Configuration { tile: Some(2), vertices, .. } if vertices == &[1, 2]),
            "{e:?}"
        );
    }
}
