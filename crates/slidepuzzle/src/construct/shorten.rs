//! Shortening board solutions by optimal 3 x 3 windows.
//!
//! A stretch of a solution in which the blank stays inside some 3 x 3
//! window only permutes the tiles of that window, so it can be replaced by
//! an optimal path between the window's two arrangements. The optimal
//! distances come from nine complete breadth-first searches of the 3 x 3
//! puzzle (one per goal blank position, 181,440 states each, built once on
//! first use), so each window costs time linear in its length. One pass
//! scans the solution left to right taking maximal windows; passes repeat
//! while they shorten.

use std::collections::VecDeque;
use std::sync::OnceLock;

use crate::model::{Configuration, Puzzle};
use crate::theory::ranking::Ranker;

/// Distance tables: for goal blank position g (0..9), `dist[g][rank]` with
/// ranks from `rankers[g]`.
struct Tables {
    rankers: Vec<Ranker>,
    dist: Vec<Vec<u8>>,
    board: Puzzle,
}

fn canonical_goal(g: usize) -> Configuration {
    let mut cells = vec![0u32; 9];
    let mut next = 1;
    for (c, cell) in cells.iter_mut().enumerate() {
        if c != g {
            *cell = next;
            next += 1;
        }
    }
    Configuration::from_cells(cells, 1).expect("a permutation")
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let board = Puzzle::board(3, 3, false, false).expect("3x3");
        let mut rankers = Vec::new();
        let mut dist = Vec::new();
        for g in 0..9 {
            let goal = canonical_goal(g);
            let ranker = Ranker::new(&board, &goal).expect("3x3 ranks");
            let mut d = vec![u8::MAX; ranker.size() as usize];
            let start: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
            d[ranker.rank(&start) as usize] = 0;
            let mut queue = VecDeque::from([start]);
            while let Some(cells) = queue.pop_front() {
                let here = d[ranker.rank(&cells) as usize];
                let b = cells.iter().position(|&t| t == 0).expect("blank");
                for &w in board.graph().neighbors(b) {
                    let mut next = cells.clone();
                    next.swap(b, w);
                    let r = ranker.rank(&next) as usize;
                    if d[r] == u8::MAX {
                        d[r] = here + 1;
                        queue.push_back(next);
                    }
                }
            }
            rankers.push(ranker);
            dist.push(d);
        }
        Tables {
            rankers,
            dist,
            board,
        }
    })
}

/// Shortens a blank path on a plain `width x height` board (both sides at
/// least 3) starting from `start`; the result leads to the same final
/// configuration and is never longer.
pub(crate) fn shorten_board_path(
    width: usize,
    height: usize,
    start: &Configuration,
    path: &[usize],
) -> Vec<usize> {
    if width < 3 || height < 3 {
        return path.to_vec();
    }
    let mut current = path.to_vec();
    loop {
        let next = one_pass(width, height, start, &current);
        if next.len() >= current.len() {
            return current;
        }
        current = next;
    }
}

fn one_pass(width: usize, height: usize, start: &Configuration, path: &[usize]) -> Vec<usize> {
    let t = tables();
    let mut cells: Vec<u32> = start.cells().to_vec();
    let mut blank = start.blank();
    let mut out = Vec::with_capacity(path.len());
    let mut i = 0;
    while i < path.len() {
        // Grow the window [i, j) while the blank's positions fit in 3x3.
        let (bx, by) = (blank % width, blank / width);
        let (mut x0, mut x1, mut y0, mut y1) = (bx, bx, by, by);
        let mut j = i;
        while j < path.len() {
            let (x, y) = (path[j] % width, path[j] / width);
            let (nx0, nx1, ny0, ny1) = (x0.min(x), x1.max(x), y0.min(y), y1.max(y));
            if nx1 - nx0 > 2 || ny1 - ny0 > 2 {
                break;
            }
            (x0, x1, y0, y1) = (nx0, nx1, ny0, ny1);
            j += 1;
        }
        if j - i < 4 {
            // Too short to gain: copy one move.
            let v = path[i];
            cells.swap(blank, v);
            blank = v;
            out.push(v);
            i += 1;
            continue;
        }
        // The 3x3 window holding the stretch, clamped to the board.
        let wx = x0.min(width - 3);
        let wy = y0.min(height - 3);
        let window: Vec<usize> = (0..9).map(|k| (wy + k / 3) * width + wx + k % 3).collect();
        let before: Vec<u32> = window.iter().map(|&c| cells[c]).collect();
        // Play the stretch in place: the replacement ends in the same
        // configuration.
        for &v in &path[i..j] {
            cells.swap(blank, v);
            blank = v;
        }
        let after: Vec<u32> = window.iter().map(|&c| cells[c]).collect();
        // Relabel so the window's final arrangement is canonical goal g.
        let g = after.iter().position(|&x| x == 0).expect("blank in window");
        // Label of a tile: 1 + its index among the non-blank window cells of
        // the final arrangement.
        let label = |tile: u32| -> u8 {
            let k = after.iter().position(|&x| x == tile).expect("same tiles");
            (if k > g { k } else { k + 1 }) as u8
        };
        let mut local: Vec<u8> = before
            .iter()
            .map(|&x| if x == 0 { 0 } else { label(x) })
            .collect();
        let ranker = &t.rankers[g];
        let d = t.dist[g][ranker.rank(&local) as usize] as usize;
        if d < j - i {
            // Descend the distance table to an optimal path.
            let mut lb = local.iter().position(|&x| x == 0).expect("blank");
            for step in (0..d).rev() {
                let w = *t
                    .board
                    .graph()
                    .neighbors(lb)
                    .iter()
                    .find(|&&w| {
                        local.swap(lb, w);
                        let ok = t.dist[g][ranker.rank(&local) as usize] as usize == step;
                        local.swap(lb, w);
                        ok
                    })
                    .expect("a distance table always has a step down");
                local.swap(lb, w);
                lb = w;
                out.push(window[w]);
            }
        } else {
            out.extend_from_slice(&path[i..j]);
        }
        i = j;
    }
    out
}

/// Bytes the loop cutting ([`remove_step_loops`]) holds per move: its
/// hash table and the kept moves.
pub(crate) const STATE_LOOP_BYTES_PER_MOVE: u64 = 40;

/// Longest path [`remove_state_loops`] works on (about 800 MB of hashing).
pub const STATE_LOOP_MAX_MOVES: usize = 20_000_000;

/// Removes loops in the sequence of configurations a blank path visits
/// ([`remove_step_loops`] with one blank: each vertex of `path` is where
/// the blank goes, so its step is the tile's `(vertex, previous blank)`).
///
/// `cells` is the start (`cells[v]` the tile on `v`, 0 the blank) and
/// `path` the vertices the blank visits.
pub(crate) fn remove_state_loops(cells: &[u32], path: &[usize]) -> Vec<usize> {
    let Some(blank) = cells.iter().position(|&t| t == 0) else {
        return path.to_vec();
    };
    let step = |i: usize| (path[i], if i == 0 { blank } else { path[i - 1] });
    match kept_moves(cells, path.len(), step) {
        Some(kept) => kept.into_iter().map(|i| path[i]).collect(),
        None => path.to_vec(),
    }
}

/// Removes loops in the sequence of configurations a solution visits,
/// with any number of blanks and any moves (one-way edges included):
/// whenever a configuration recurs, the steps between its two visits are
/// dropped. Each step is the tile's `(from, to)`, `to` a blank. What is
/// left are moves made from the same configurations as before, so it is
/// a solution to the same end, never longer. Configurations are compared
/// by a Zobrist hash (Zobrist 1970) kept up to date in O(1) per step, so
/// this is O(steps) time and memory; the result is replayed, and the
/// original returned if it does not reach the same end (a hash
/// collision), so it is never wrong. Solutions longer than
/// [`STATE_LOOP_MAX_MOVES`] are returned as they are.
///
/// `cells` is the start (`cells[v]` the tile on `v`, 0 a blank).
pub(crate) fn remove_step_loops(cells: &[u32], steps: &[(usize, usize)]) -> Vec<(usize, usize)> {
    match kept_moves(cells, steps.len(), |i| steps[i]) {
        Some(kept) => kept.into_iter().map(|i| steps[i]).collect(),
        None => steps.to_vec(),
    }
}

/// The indices of the moves [`remove_step_loops`] keeps, in order, for
/// `count` moves whose `i`-th is `step(i)`; `None` to keep them all (too
/// long, a bad start or a move that does not apply, or a hash collision).
fn kept_moves(
    cells: &[u32],
    count: usize,
    step: impl Fn(usize) -> (usize, usize),
) -> Option<Vec<usize>> {
    // The hash map costs about 40 bytes per move; longer solutions are
    // left as they are.
    if count > STATE_LOOP_MAX_MOVES {
        return None;
    }
    fn key(v: usize, t: u32) -> u64 {
        // splitmix64 of (vertex, tile).
        let mut z = (v as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(t).rotate_left(32);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    let mut state = cells.to_vec();
    let mut hash = state
        .iter()
        .enumerate()
        .fold(0u64, |h, (v, &t)| h ^ key(v, t));
    let mut seen: std::collections::HashMap<u64, usize> =
        std::collections::HashMap::from([(hash, 0)]);
    let mut hashes = vec![hash];
    let mut kept: Vec<usize> = Vec::with_capacity(count);
    for i in 0..count {
        let (from, to) = step(i);
        let t = *state.get(from)?;
        if state.get(to) != Some(&0) || t == 0 {
            return None;
        }
        hash ^= key(from, t) ^ key(to, t) ^ key(to, 0) ^ key(from, 0);
        state.swap(from, to);
        if let Some(&k) = seen.get(&hash) {
            for h in hashes.drain(k + 1..) {
                seen.remove(&h);
            }
            kept.truncate(k);
        } else {
            kept.push(i);
            hashes.push(hash);
            seen.insert(hash, kept.len());
        }
    }
    // Replay what is kept: every step must apply and end where the
    // original does.
    let mut check = cells.to_vec();
    for &i in &kept {
        let (from, to) = step(i);
        if check[to] != 0 || check[from] == 0 {
            return None;
        }
        check.swap(from, to);
    }
    (check == state).then_some(kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::replay;

    #[test]
    fn shortening_keeps_the_end_and_never_lengthens() {
        let p = Puzzle::parse("5x4").unwrap();
        let start = p.default_goal();
        // A wasteful walk: circle a 2x2 block 12 times (identity after 12
        // steps of 4), then some moves.
        let mut path = Vec::new();
        for _ in 0..12 {
            path.extend([18, 13, 12, 17, 18, 19]);
            path.extend([14, 13, 18, 19]);
        }
        let end = replay(&p, &start, &path).unwrap();
        let short = shorten_board_path(5, 4, &start, &path);
        assert!(
            short.len() < path.len(),
            "{} vs {}",
            short.len(),
            path.len()
        );
        assert_eq!(replay(&p, &start, &short).unwrap(), end);
    }

    #[test]
    fn state_loops_are_cut_and_the_end_kept() {
        // Path 0-1-2 with the blank on 0: out to 2 and back is a loop.
        let cells = [0, 1, 2];
        assert_eq!(
            super::remove_state_loops(&cells, &[1, 2, 1, 0]),
            Vec::<usize>::new()
        );
        assert_eq!(super::remove_state_loops(&cells, &[1, 2, 1]), vec![1]);
        assert_eq!(super::remove_state_loops(&cells, &[1, 2]), vec![1, 2]);
    }

    #[test]
    fn step_loops_are_cut_with_several_blanks() {
        // Path 0-1-2-3, blanks on 1 and 3: tile 1 goes right and back
        // (a loop), then tile 2 goes right.
        let cells = [1, 0, 2, 0];
        let steps = [(0, 1), (1, 0), (2, 3)];
        assert_eq!(super::remove_step_loops(&cells, &steps), vec![(2, 3)]);
        // Tile 2 left and back, then right: only the last step is left.
        let back = [(2, 1), (1, 2), (2, 3)];
        assert_eq!(super::remove_step_loops(&cells, &back), vec![(2, 3)]);
        // A step that does not apply leaves the solution as it is.
        let bad = [(0, 2), (0, 1)];
        assert_eq!(super::remove_step_loops(&cells, &bad), bad.to_vec());
    }
}
