//! GAP export, and seed 001's encodings of positions and of the toroidal
//! model.
//!
//! Conventions (GAP's): points are 1-based, products read left to right,
//! `p^(g*h) = (p^g)^h`.

use super::group::loop_generators;
use super::perm::Perm;
use crate::model::{Configuration, Puzzle};

/// A configuration as a permutation in seed 001's convention: with the
/// blank labelled `n`, position `p` (1-based) maps to the label of the tile
/// on it, where a tile's label is its goal position (1-based). With the
/// default goal this is simply "position p holds tile σ(p)", and the
/// 15-puzzle position reached by sliding the hole along 12-11-7-6-2 is
/// `(2,16,12,11,7,6)`.
///
/// # Errors
/// [`crate::error::Error::Unsupported`] with several blanks (blanks have no labels
/// of their own); [`crate::error::Error::Configuration`] when `start` and `goal`
/// hold different tiles.
pub(crate) fn position_permutation(
    start: &Configuration,
    goal: &Configuration,
) -> crate::error::Result<Perm> {
    if start.blanks().len() != 1 || goal.blanks().len() != 1 {
        return Err(crate::error::Error::unsupported(
            "a configuration is a permutation with one blank; with several, blanks are interchangeable",
        ));
    }
    let goal_pos = goal.positions();
    let images: Vec<u32> = start
        .cells()
        .iter()
        .map(|&t| goal_pos.get(t as usize).map_or(u32::MAX, |&p| p as u32))
        .collect();
    Perm::from_images(images)
        .ok_or_else(|| crate::error::Error::config("start and goal hold different tiles"))
}

/// Seed 001's toroidal model of a `width x height` board (W, H >= 2): the
/// tokens' arrangement relative to the void, after rolling rows and columns
/// so the void sits bottom-right, on points `1..n-1`; a counter of order H
/// on points `n..n+H-1` (rows rolled) and one of order W on points
/// `n+H..n+H+W-1` (columns rolled). Returns the generators `[L, R, U, D]`:
/// L swaps the void with the token to its left (cyclically), and so on.
/// Each is the inverse of the motion of the tokens, as in the seed (for the
/// 4x4 board they are exactly the seed's L, R, U, D on 23 points).
///
/// The model is faithful (one group element per legal position, order
/// (W H)!/2) when W and H are both even; with an odd side the torus is not
/// bipartite and the generated group has order (W H)! (checked in tests).
pub(crate) fn toroidal_generators(width: usize, height: usize) -> Option<[Perm; 4]> {
    if width < 2 || height < 2 {
        return None;
    }
    let n = width * height;
    let degree = n - 1 + height + width;
    let void = n - 1;
    // Token motion when the void moves by (dx, dy) on the torus and the
    // board is then rolled back so the void is bottom-right again.
    let motion = |dx: isize, dy: isize| -> Perm {
        let mut images: Vec<u32> = (0..degree as u32).collect();
        let neighbour = {
            let x = (width - 1) as isize + dx;
            let y = (height - 1) as isize + dy;
            (x.rem_euclid(width as isize) as usize)
                + width * (y.rem_euclid(height as isize) as usize)
        };
        for (p, image) in images.iter_mut().enumerate().take(n - 1) {
            // After the swap the token on the neighbour sits where the void
            // was; then every cell rolls by (-dx, -dy).
            let at = if p == neighbour { void } else { p };
            let (x, y) = ((at % width) as isize - dx, (at / width) as isize - dy);
            *image = ((x.rem_euclid(width as isize) as usize)
                + width * (y.rem_euclid(height as isize) as usize)) as u32;
        }
        // Counters: rows rolled (up counter), columns rolled (left counter).
        let cycle = |images: &mut Vec<u32>, start: usize, len: usize, step: isize| {
            for k in 0..len {
                images[start + k] =
                    (start + ((k as isize + step).rem_euclid(len as isize) as usize)) as u32;
            }
        };
        if dx != 0 {
            cycle(&mut images, n - 1 + height, width, dx);
        }
        if dy != 0 {
            cycle(&mut images, n - 1, height, dy);
        }
        Perm::from_images(images).expect("a permutation")
    };
    // Seed 001: L advances the left counter, U the up counter; each
    // generator is the inverse of the token motion.
    let l = motion(-1, 0).inverse();
    let r = motion(1, 0).inverse();
    let u = motion(0, -1).inverse();
    let d = motion(0, 1).inverse();
    Some([l, r, u, d])
}

/// A position in seed 001's toroidal model (see `toroidal_generators`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToroidalPosition {
    /// Board width W.
    pub width: usize,
    /// Board height H.
    pub height: usize,
    /// The tokens' arrangement after rolling the board so the void sits
    /// bottom-right: point `p` (0-based) maps to the label of the token on
    /// it, a token's label being its position in the goal rolled the same
    /// way. Degree `W H - 1`.
    pub tokens: Perm,
    /// How many times the rows were rolled down (the power of the up
    /// counter), `0..H`, counted from the goal's own roll.
    pub rows_rolled: usize,
    /// How many times the columns were rolled right (the power of the left
    /// counter), `0..W`, counted from the goal's own roll.
    pub columns_rolled: usize,
}

/// A counter of length `len` on points `start..start+len`, to `power`.
fn counter(start: usize, len: usize, power: usize) -> Perm {
    let images = (0..start + len)
        .map(|k| {
            if k < start {
                k as u32
            } else {
                (start + (k - start + power) % len) as u32
            }
        })
        .collect();
    Perm::from_images(images).expect("a rotation is a permutation")
}

impl ToroidalPosition {
    /// The factors on the `W H - 1 + H + W` points of the model: tokens,
    /// up counter to the power `rows_rolled`, left counter to the power
    /// `columns_rolled` (disjoint supports, so they commute).
    fn factors(&self) -> [Perm; 3] {
        let n = self.width * self.height;
        let degree = n - 1 + self.height + self.width;
        [
            self.tokens.extended(degree),
            counter(n - 1, self.height, self.rows_rolled).extended(degree),
            counter(n - 1 + self.height, self.width, self.columns_rolled),
        ]
    }

    /// The whole element of the model's group `Group(L, R, U, D)`.
    pub fn element(&self) -> Perm {
        let [t, u, l] = self.factors();
        t.then(&u).then(&l)
    }

    /// Seed 001's way of writing the element: the three factors joined by
    /// ` * ` in GAP cycle notation, `()` for an identity factor.
    ///
    /// ```
    /// use slidepuzzle::format::parse_configuration;
    /// use slidepuzzle::model::Puzzle;
    /// use slidepuzzle::theory::gap::toroidal_position;
    /// // Seed 001's example, 16 the void.
    /// let p = Puzzle::parse("4x4").unwrap();
    /// let c = parse_configuration(&p, "15 12 7 1/14 10 0 5/2 6 11 9/3 4 8 13", 1).unwrap();
    /// let t = toroidal_position(4, 4, &c, &p.default_goal()).unwrap();
    /// assert_eq!(
    ///     t.to_seed_notation(),
    ///     "(1,9)(3,6)(4,11,12,7)(5,13)(10,15) * (16,18)(17,19) * (20,21,22,23)"
    /// );
    /// ```
    pub fn to_seed_notation(&self) -> String {
        let [_, u, l] = self.factors();
        format!("{} * {} * {}", self.tokens.to_gap(), u.to_gap(), l.to_gap())
    }
}

/// Seed 001's toroidal coordinates of `start` on a plain `width x height`
/// board: roll the columns right and the rows down until the void sits
/// bottom-right, then read the tokens' arrangement and count the rolls.
/// Labels and counts are taken relative to `goal` rolled the same way, so
/// `goal` itself is the identity. A blank move changes the element `e` to
/// `X * e` (GAP's order), X the generator of `toroidal_generators` for the
/// move's direction (checked by tests on walks). O(W H).
///
/// # Errors
/// [`crate::error::Error::Unsupported`] with several blanks or sides below 2;
/// [`crate::error::Error::Configuration`] when the configurations do not have
/// `width x height` cells or hold different tiles.
pub fn toroidal_position(
    width: usize,
    height: usize,
    start: &Configuration,
    goal: &Configuration,
) -> crate::error::Result<ToroidalPosition> {
    if width < 2 || height < 2 {
        return Err(crate::error::Error::unsupported(
            "the toroidal model needs a board at least 2x2",
        ));
    }
    if start.blanks().len() != 1 || goal.blanks().len() != 1 {
        return Err(crate::error::Error::unsupported(
            "the toroidal model has one void; with several blanks it does not apply",
        ));
    }
    let n = width * height;
    if start.cells().len() != n || goal.cells().len() != n {
        return Err(crate::error::Error::config(format!(
            "the toroidal model of a {width}x{height} board needs {n} cells"
        )));
    }
    // The roll that brings a configuration's blank to the bottom-right.
    let roll = |c: &Configuration| {
        let b = c.blank();
        (width - 1 - b % width, height - 1 - b / width)
    };
    let rolled = |c: &Configuration, (dx, dy): (usize, usize)| -> Vec<u32> {
        let mut out = vec![0; n];
        for (p, &t) in c.cells().iter().enumerate() {
            let (x, y) = ((p % width + dx) % width, (p / width + dy) % height);
            out[x + width * y] = t;
        }
        out
    };
    let (gx, gy) = roll(goal);
    let (sx, sy) = roll(start);
    let goal_rolled = rolled(goal, (gx, gy));
    let start_rolled = rolled(start, (sx, sy));
    let mut label = vec![u32::MAX; n];
    for (p, &t) in goal_rolled.iter().enumerate() {
        if let Some(slot) = label.get_mut(t as usize) {
            *slot = p as u32;
        }
    }
    let images: Vec<u32> = start_rolled[..n - 1]
        .iter()
        .map(|&t| label.get(t as usize).copied().unwrap_or(u32::MAX))
        .collect();
    let tokens = Perm::from_images(images)
        .ok_or_else(|| crate::error::Error::config("start and goal hold different tiles"))?;
    Ok(ToroidalPosition {
        width,
        height,
        tokens,
        rows_rolled: (sy + height - gy) % height,
        columns_rolled: (sx + width - gx) % width,
    })
}

/// A GAP script defining the puzzle group (loop generators with the blank
/// on the goal's blank vertex; points are vertices + 1) and, for boards,
/// seed 001's toroidal model `T`; it ends with `Print(Size(G), "\n");` so
/// `gap -q script.g` prints the group order.
pub fn gap_script(puzzle: &Puzzle, goal: &Configuration) -> String {
    let b = goal.blank();
    let gens = loop_generators(puzzle, b);
    let mut s = String::new();
    s.push_str(&format!(
        "# slidepuzzle: the puzzle group of {} with the blank on vertex {} (GAP point {}).\n",
        puzzle.spec(),
        b,
        b + 1
    ));
    s.push_str(
        "# Points are vertices + 1. Products read left to right, as in GAP: p^(g*h) = (p^g)^h.\n",
    );
    s.push_str(
        "# Each generator is a loop generator: the tile permutation of a closed blank walk\n",
    );
    s.push_str("# (p^g = the vertex + 1 where the tile on vertex p - 1 ends).\n");
    s.push_str("# ';;' keeps GAP quiet, so `gap -q script.g` prints only the order.\n");
    let names: Vec<String> = (1..=gens.len()).map(|i| format!("g{i}")).collect();
    for (name, (walk, g)) in names.iter().zip(&gens) {
        let w: Vec<String> = walk.iter().map(|v| v.to_string()).collect();
        s.push_str(&format!(
            "{name} := {};;  # blank walk {}\n",
            g.to_gap(),
            w.join("-")
        ));
    }
    if names.is_empty() {
        s.push_str("G := Group(());;\n");
    } else {
        s.push_str(&format!("G := Group({});;\n", names.join(", ")));
    }
    if let Some((w, h)) = puzzle.plain_board_size()
        && let Some([l, r, u, d]) = toroidal_generators(w, h)
    {
        s.push_str(&format!(
            "# Seed 001's toroidal model on {} points: tokens 1..{}, counters {}..{} (up) and {}..{} (left).\n",
            l.degree(),
            w * h - 1,
            w * h,
            w * h + h - 1,
            w * h + h,
            w * h + h + w - 1
        ));
        s.push_str(&format!("L := {l};;\nR := {r};;\nU := {u};;\nD := {d};;\n"));
        s.push_str("T := Group(L, R, U, D);;\n");
    }
    s.push_str("Print(Size(G), \"\\n\");\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::{parse_moves, replay};
    use crate::theory::SimsTable;
    use num_bigint::BigUint;

    #[test]
    fn seed_001_hole_path() {
        let p = Puzzle::parse("4x4").unwrap();
        let goal = p.default_goal();
        // Seed 001's 1-based cells 12-11-7-6-2 are vertices 11-10-6-5-1.
        let path = parse_moves(&p, &goal, "11-10-6-5-1").unwrap();
        let c = replay(&p, &goal, &path).unwrap();
        assert_eq!(
            position_permutation(&c, &goal).unwrap().to_gap(),
            "(2,16,12,11,7,6)"
        );
        let two = Configuration::natural_with_blanks(9, 2);
        assert!(position_permutation(&two, &two).is_err());
    }

    #[test]
    fn toroidal_model_is_seed_001s() {
        let [l, r, u, d] = toroidal_generators(4, 4).unwrap();
        assert_eq!(
            l.to_gap(),
            "(1,4,3,2)(5,8,7,6)(9,12,11,10)(13,15,14)(20,21,22,23)"
        );
        assert_eq!(
            r.to_gap(),
            "(1,2,3,4)(5,6,7,8)(9,10,11,12)(13,14,15)(20,23,22,21)"
        );
        assert_eq!(
            u.to_gap(),
            "(1,13,9,5)(2,14,10,6)(3,15,11,7)(4,12,8)(16,17,18,19)"
        );
        assert_eq!(
            d.to_gap(),
            "(1,5,9,13)(2,6,10,14)(3,7,11,15)(4,8,12)(16,19,18,17)"
        );
    }

    #[test]
    fn toroidal_model_has_one_element_per_position() {
        // Seed 001: on boards with even sides the model maps the legal
        // positions 1:1, so its order is (W H)!/2. With an odd side the
        // torus is not bipartite and the model reaches all (W H)!.
        let order = |w: usize, h: usize| {
            let [l, r, u, d] = toroidal_generators(w, h).unwrap();
            SimsTable::new(l.degree(), &[l, r, u, d]).order()
        };
        assert_eq!(order(2, 2), BigUint::from(12u32));
        assert_eq!(order(4, 2), BigUint::from(20_160u32));
        assert_eq!(order(4, 4), BigUint::from(10_461_394_944_000u64));
        assert_eq!(order(3, 3), BigUint::from(362_880u32));
    }

    #[test]
    fn toroidal_position_follows_the_generators() {
        // A blank move on the board is one generator applied to the model's
        // element from the left (in GAP's order, new = g * old); walks with wrap-free moves from the goal, on square,
        // oblong and odd boards, with a goal whose blank is not bottom-right.
        use rand::{RngExt, SeedableRng};
        for (w, h) in [(4, 4), (3, 3), (4, 2), (2, 3), (5, 4)] {
            let p = Puzzle::parse(&format!("{w}x{h}")).unwrap();
            let [l, r, u, d] = toroidal_generators(w, h).unwrap();
            let mut goals = vec![p.default_goal()];
            let mut other = p.default_goal();
            other.swap(0, w * h - 1);
            goals.push(other);
            for goal in goals {
                let mut rng = rand::rngs::StdRng::seed_from_u64((w * 31 + h) as u64);
                let mut c = goal.clone();
                let mut element = toroidal_position(w, h, &c, &goal).unwrap().element();
                assert!(element.is_identity());
                for _ in 0..200 {
                    let b = c.blank();
                    let (x, y) = (b % w, b / w);
                    let options: Vec<(usize, &Perm)> = [
                        (x > 0).then(|| (b - 1, &l)),
                        (x + 1 < w).then(|| (b + 1, &r)),
                        (y > 0).then(|| (b - w, &u)),
                        (y + 1 < h).then(|| (b + w, &d)),
                    ]
                    .into_iter()
                    .flatten()
                    .collect();
                    let (to, g) = options[rng.random_range(0..options.len())];
                    c.swap(b, to);
                    element = g.then(&element);
                    let t = toroidal_position(w, h, &c, &goal).unwrap();
                    assert_eq!(t.element(), element, "{w}x{h} at {:?}", c.cells());
                }
            }
        }
    }

    #[test]
    fn toroidal_position_refuses_what_it_cannot_encode() {
        let p = Puzzle::parse("3x3").unwrap();
        let two = Configuration::natural_with_blanks(9, 2);
        assert!(toroidal_position(3, 3, &two, &two).is_err());
        let g = p.default_goal();
        assert!(toroidal_position(4, 4, &g, &g).is_err());
        assert!(toroidal_position(9, 1, &g, &g).is_err());
    }

    #[test]
    fn script_shape() {
        let p = Puzzle::parse("3x3").unwrap();
        let s = gap_script(&p, &p.default_goal());
        assert!(s.contains("G := Group(g1, g2, g3, g4);;"), "{s}");
        assert!(s.ends_with("Print(Size(G), \"\\n\");\n"));
        let tree = Puzzle::parse("path:3").unwrap();
        assert!(gap_script(&tree, &tree.default_goal()).contains("G := Group(());;"));
    }
}
