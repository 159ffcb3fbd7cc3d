//! Redundant move sequences on grids, found by enumeration, and the
//! finite-state machine that prunes them (Taylor and Korf, "Pruning
//! duplicate nodes in depth-first search", AAAI 1993).
//!
//! Two blank paths from the same cell that leave the same configuration
//! are duplicates: a depth-first search needs only the better one, the
//! shorter, or of two as long the lexicographically smaller (directions
//! ordered up, left, right, down). A sequence is *redundant* when another
//! one with the same effect is better and stays inside the first one's
//! bounding box (so it can be made wherever the first can, on any board
//! without holes). The lexicographically smallest of the shortest paths
//! to any configuration contains no redundant sequence (replacing one
//! would give a better path), so pruning every path that ends in one
//! keeps IDA* optimal.
//!
//! **Enumeration** (`forbidden_sequences`, in the tests), length by length up to
//! [`DEPTH`]: the paths of one more move that contain no redundant
//! sequence found so far, from the centre of a board large enough to hold
//! them, grouped by effect (the tiles moved and where). A path is
//! redundant when a better one in its group lies inside its box; it is
//! then *minimal* (none of its parts is redundant), and only minimal ones
//! are kept. Comparing with the paths that contain no redundant sequence
//! suffices: a better path that contains one can be improved, inside its
//! box, until it contains none. On boards the shortest cycles have 12
//! moves, so the shortest redundant sequences have 6 (one and a half
//! times around a 2 x 2 block, either way); longer ones follow around
//! larger rectangles and their combinations.
//!
//! Up to 14 moves there are 19,621 minimal redundant sequences (4 of 6
//! moves, 38 up to 8, 2,663 up to 12). Enumerating them means walking
//! 9 million paths (13 s), so they are enumerated once and kept in
//! `sequences_14.txt` beside this file; a test compares the file with the
//! enumeration up to 11 moves, and an ignored one up to 14.
//!
//! **Pruning** ([`SequenceAutomaton`]): the minimal sequences are the
//! words of an Aho-Corasick automaton over the four directions; the
//! search keeps one state per node and skips a move whose transition
//! completes a word. For the 19,621 words the automaton has 70,051 states
//! (1.1 MB of transitions), built on first use in a few milliseconds.

use std::collections::VecDeque;

#[cfg(test)]
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::OnceLock;

/// Longest redundant sequence the automaton prunes.
pub const DEPTH: usize = 14;

/// The automaton's transitions, one state per node of a search: the start
/// state at the root, then `SequenceAutomaton::next` per move.
pub struct SequenceAutomaton {
    /// `transitions[state * 4 + direction]`: the next state, or
    /// [`SequenceAutomaton::PRUNED`] when the move completes a redundant
    /// sequence.
    transitions: Vec<u32>,
}

impl std::fmt::Debug for SequenceAutomaton {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SequenceAutomaton({} states)", self.states())
    }
}

impl SequenceAutomaton {
    /// The state of a path that has made no move.
    pub const START: u32 = 0;
    /// What `SequenceAutomaton::next` returns for a move that completes
    /// a redundant sequence.
    pub const PRUNED: u32 = u32::MAX;

    /// The automaton for sequences of up to [`DEPTH`] moves (the words of
    /// `stored_sequences`), built on first use.
    pub(crate) fn get() -> &'static SequenceAutomaton {
        static AUTOMATON: OnceLock<SequenceAutomaton> = OnceLock::new();
        AUTOMATON.get_or_init(|| SequenceAutomaton::new(&stored_sequences()))
    }

    /// An automaton with no states, for searches that prune no sequences
    /// (they never call [`SequenceAutomaton::next`]; it would answer
    /// [`SequenceAutomaton::PRUNED`]). Costs nothing to get, where
    /// [`SequenceAutomaton::get`] builds the full one (about 7 ms).
    pub(crate) fn none() -> &'static SequenceAutomaton {
        static NONE: SequenceAutomaton = SequenceAutomaton {
            transitions: Vec::new(),
        };
        &NONE
    }

    /// The automaton whose words are `words` (directions 0-3, oldest
    /// first; none empty). O(total length x 4).
    pub(crate) fn new(words: &[Vec<u8>]) -> SequenceAutomaton {
        // The trie: children per node, and which nodes end a word.
        let mut children: Vec<[u32; 4]> = vec![[u32::MAX; 4]];
        let mut ends = vec![false];
        for w in words {
            let mut node = 0usize;
            for &d in w {
                let d = d as usize & 3;
                if children[node][d] == u32::MAX {
                    children[node][d] = children.len() as u32;
                    children.push([u32::MAX; 4]);
                    ends.push(false);
                }
                node = children[node][d] as usize;
            }
            ends[node] = true;
        }
        // Breadth-first: each node's transitions are its children or its
        // failure node's; a node ends a word if its failure node does.
        let mut goto = vec![[0u32; 4]; children.len()];
        let mut failure = vec![0u32; children.len()];
        let mut queue = VecDeque::new();
        for d in 0..4 {
            let c = children[0][d];
            if c != u32::MAX {
                queue.push_back(c);
                goto[0][d] = c;
            }
        }
        while let Some(node) = queue.pop_front() {
            let node = node as usize;
            let f = failure[node] as usize;
            if ends[f] {
                ends[node] = true;
            }
            for d in 0..4 {
                let c = children[node][d];
                if c == u32::MAX {
                    goto[node][d] = goto[f][d];
                } else {
                    failure[c as usize] = if node == 0 { 0 } else { goto[f][d] };
                    goto[node][d] = c;
                    queue.push_back(c);
                }
            }
        }
        // Number the states that end no word; transitions into the others
        // are pruned moves.
        let mut number = vec![SequenceAutomaton::PRUNED; children.len()];
        let mut count = 0u32;
        for (node, &end) in ends.iter().enumerate() {
            if !end {
                number[node] = count;
                count += 1;
            }
        }
        let mut transitions = Vec::with_capacity(count as usize * 4);
        for (node, &end) in ends.iter().enumerate() {
            if !end {
                transitions.extend(goto[node].iter().map(|&t| number[t as usize]));
            }
        }
        SequenceAutomaton { transitions }
    }

    /// The state after a move in direction `direction` (0 up, 1 left,
    /// 2 right, 3 down; the blank's) from `state`, or
    /// [`SequenceAutomaton::PRUNED`]. One table read.
    #[inline(always)]
    pub(crate) fn next(&self, state: u32, direction: u8) -> u32 {
        self.transitions
            .get((state as usize) << 2 | (direction as usize & 3))
            .copied()
            .unwrap_or(Self::PRUNED)
    }

    /// Number of states.
    pub(crate) fn states(&self) -> usize {
        self.transitions.len() / 4
    }
}

/// The minimal redundant sequences of up to [`DEPTH`] moves, as
/// [`forbidden_sequences`] enumerates them, read from the file kept
/// beside this module (`sequences_14.txt`: one per line, `U`, `L`, `R`,
/// `D` for the blank's directions, `#` comments).
pub(crate) fn stored_sequences() -> Vec<Vec<u8>> {
    const WORDS: &str = include_str!("sequences_14.txt");
    WORDS
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            l.bytes()
                .filter_map(|c| b"ULRD".iter().position(|&d| d == c))
                .map(|d| d as u8)
                .collect()
        })
        .collect()
}

#[cfg(test)]
/// Blank moves as cell offsets on the enumeration board, in the order up,
/// left, right, down.
fn offsets(width: i32) -> [i32; 4] {
    [-width, -1, 1, width]
}

#[cfg(test)]
/// A path of up to 16 moves: its directions (2 bits each, the last move in
/// the low bits, so paths of one length compare lexicographically as
/// integers) and its length.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Path {
    bits: u32,
    len: u8,
}

#[cfg(test)]
impl Path {
    fn last(self) -> Option<u8> {
        (self.len > 0).then_some((self.bits & 3) as u8)
    }

    fn then(self, d: u8) -> Path {
        Path {
            bits: self.bits << 2 | d as u32,
            len: self.len + 1,
        }
    }

    /// Its last `k` moves.
    fn suffix(self, k: u8) -> Path {
        Path {
            bits: self.bits & ((1u64 << (2 * k)) - 1) as u32,
            len: k,
        }
    }

    fn directions(self) -> Vec<u8> {
        (0..self.len)
            .rev()
            .map(|i| (self.bits >> (2 * i) & 3) as u8)
            .collect()
    }
}

#[cfg(test)]
/// A path's effect and bounding box, made on a scratch board.
struct Walker {
    width: i32,
    centre: i32,
    cells: Vec<u32>,
}

#[cfg(test)]
impl Walker {
    fn new(depth: usize) -> Walker {
        let width = 2 * depth as i32 + 3;
        Walker {
            width,
            centre: width * (width / 2) + width / 2,
            cells: (0..(width * width) as u32).collect(),
        }
    }

    /// The effect of `path` from the centre (the cells whose tile changed,
    /// with their tiles, in cell order) and the box of the blank's cells
    /// (min x, min y, max x, max y).
    fn walk(&mut self, path: Path) -> (Vec<u32>, [i32; 4]) {
        let step = offsets(self.width);
        let w = self.width;
        let mut at = self.centre;
        let mut visited = [0i32; 17];
        visited[0] = at;
        let mut bbox = [at % w, at / w, at % w, at / w];
        for i in (0..path.len).rev() {
            let next = at + step[(path.bits >> (2 * i) & 3) as usize];
            self.cells.swap(at as usize, next as usize);
            at = next;
            visited[(path.len - i) as usize] = at;
            bbox = [
                bbox[0].min(at % w),
                bbox[1].min(at / w),
                bbox[2].max(at % w),
                bbox[3].max(at / w),
            ];
        }
        let visited = &mut visited[..=path.len as usize];
        visited.sort_unstable();
        let mut effect = Vec::with_capacity(visited.len());
        let mut last = -1;
        for &c in visited.iter() {
            if c != last && self.cells[c as usize] != c as u32 {
                effect.push((c as u32) << 16 | self.cells[c as usize]);
            }
            last = c;
        }
        for &c in visited.iter() {
            self.cells[c as usize] = c as u32;
        }
        (effect, bbox)
    }
}

#[cfg(test)]
/// The minimal redundant blank paths of 3 to `depth` moves (`depth <= 16`)
/// on grids, oldest direction first, shortest first (see the module; the
/// 2-move reversals are left to the search's reversal check).
/// O(paths enumerated x depth): about 0.1 s for 14.
pub(crate) fn forbidden_sequences(depth: usize) -> Vec<Vec<u8>> {
    let depth = depth.min(16);
    let mut walker = Walker::new(depth);
    let mut forbidden: FxHashSet<Path> = FxHashSet::default();
    let mut found: Vec<Vec<u8>> = Vec::new();
    // Every path so far that contains no redundant sequence, in groups of
    // one effect, with its box.
    let mut group_of: FxHashMap<Vec<u32>, usize> = FxHashMap::default();
    let mut groups: Vec<Vec<(Path, [i32; 4])>> = Vec::new();
    let mut level = vec![Path { bits: 0, len: 0 }];
    // The length of the shortest redundant sequence found.
    let mut shortest = u8::MAX;
    for len in 1..=depth as u8 {
        let mut candidates = Vec::new();
        for &p in &level {
            for d in 0..4u8 {
                if p.last().is_some_and(|last| last == 3 - d) {
                    continue;
                }
                let q = p.then(d);
                if (shortest..len).any(|k| forbidden.contains(&q.suffix(k))) {
                    continue;
                }
                let (effect, bbox) = walker.walk(q);
                let next_group = groups.len();
                let g = *group_of.entry(effect).or_insert(next_group);
                if g == next_group {
                    groups.push(Vec::new());
                }
                groups[g].push((q, bbox));
                candidates.push((q, g, bbox));
            }
        }
        let mut next = Vec::new();
        for (q, g, bbox) in candidates {
            let inside = |b: &[i32; 4]| {
                b[0] >= bbox[0] && b[1] >= bbox[1] && b[2] <= bbox[2] && b[3] <= bbox[3]
            };
            let beaten = groups[g]
                .iter()
                .any(|(t, b)| (t.len < q.len || (t.len == q.len && t.bits < q.bits)) && inside(b));
            if beaten {
                forbidden.insert(q);
                found.push(q.directions());
                shortest = shortest.min(len);
            } else {
                next.push(q);
            }
        }
        level = next;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The state after `dirs` from the start, or PRUNED.
    fn run(a: &SequenceAutomaton, dirs: &[u8]) -> u32 {
        dirs.iter().fold(SequenceAutomaton::START, |s, &d| {
            if s == SequenceAutomaton::PRUNED {
                s
            } else {
                a.next(s, d)
            }
        })
    }

    #[test]
    fn the_loops_around_a_2x2_block_are_found() {
        let a = SequenceAutomaton::get();
        // Right, down, left, up, right, down (clockwise, 1.5 times) and
        // down, right, up, left, down, right (counter-clockwise) leave the
        // same configuration; the second is the larger.
        let (up, left, right, down) = (0, 1, 2, 3);
        let cw = [right, down, left, up, right, down];
        let ccw = [down, right, up, left, down, right];
        assert_ne!(run(a, &cw), SequenceAutomaton::PRUNED);
        assert_eq!(run(a, &ccw), SequenceAutomaton::PRUNED);
        // Not before the sequence is complete, and wherever it starts.
        assert_ne!(run(a, &ccw[..5]), SequenceAutomaton::PRUNED);
        assert_eq!(
            run(a, &[up, up, left, down, right, up, left, down, right]),
            SequenceAutomaton::PRUNED
        );
        // Straight runs and single turns are never redundant.
        assert_ne!(
            run(a, &[up, up, up, left, left, left, left, down, down]),
            SequenceAutomaton::PRUNED
        );
    }

    #[test]
    fn every_forbidden_sequence_has_a_better_one_with_its_effect() {
        // Checked by brute force on a board: each word's effect is made
        // by a shorter path, or an as long and smaller one, inside its box.
        let words = forbidden_sequences(8);
        let mut walker = Walker::new(8);
        assert!(words.len() > 10);
        for w in &words {
            let q = w.iter().fold(Path { bits: 0, len: 0 }, |p, &d| p.then(d));
            let (effect, bbox) = walker.walk(q);
            let mut better = false;
            // Every path of at most q's length, no reversals.
            let mut level = vec![Path { bits: 0, len: 0 }];
            'search: for _ in 0..q.len {
                let mut next = Vec::new();
                for p in level {
                    for d in 0..4u8 {
                        if p.last().is_some_and(|l| l == 3 - d) {
                            continue;
                        }
                        let t = p.then(d);
                        if t.len == q.len && t.bits >= q.bits {
                            continue;
                        }
                        let (e, b) = walker.walk(t);
                        if e == effect
                            && b[0] >= bbox[0]
                            && b[1] >= bbox[1]
                            && b[2] <= bbox[2]
                            && b[3] <= bbox[3]
                        {
                            better = true;
                            break 'search;
                        }
                        next.push(t);
                    }
                }
                level = next;
            }
            assert!(better, "{w:?}");
        }
    }

    #[test]
    fn the_automaton_prunes_exactly_the_paths_that_contain_a_word() {
        let words = forbidden_sequences(9);
        let a = SequenceAutomaton::new(&words);
        let contains = |p: &[u8]| {
            words
                .iter()
                .any(|w| p.windows(w.len()).any(|part| part == w.as_slice()))
        };
        let mut level = vec![Vec::<u8>::new()];
        let mut pruned = 0;
        for _ in 0..11 {
            let mut next = Vec::new();
            for p in &level {
                for d in 0..4u8 {
                    let mut q = p.clone();
                    q.push(d);
                    let state = run(&a, &q);
                    assert_eq!(state == SequenceAutomaton::PRUNED, contains(&q), "{q:?}");
                    if state == SequenceAutomaton::PRUNED {
                        pruned += 1;
                    } else {
                        next.push(q);
                    }
                }
            }
            level = next;
        }
        assert!(pruned > 1000);
    }

    #[test]
    fn the_stored_words_are_the_enumeration_up_to_11_moves() {
        let stored = stored_sequences();
        let short: Vec<Vec<u8>> = stored.iter().filter(|w| w.len() <= 11).cloned().collect();
        assert_eq!(short, forbidden_sequences(11));
        assert_eq!(stored.len(), 19_621);
        assert_eq!(SequenceAutomaton::get().states(), 70_051);
    }

    #[test]
    #[ignore = "13 s in release: enumerates 9 million paths"]
    fn embedded_words_are_the_enumeration() {
        let words = forbidden_sequences(DEPTH);
        if words != stored_sequences() {
            let text: String = words
                .iter()
                .map(|w| {
                    w.iter()
                        .map(|&d| b"ULRD"[d as usize] as char)
                        .collect::<String>()
                        + "\n"
                })
                .collect();
            let path = std::env::temp_dir().join("sequences_14.txt");
            std::fs::write(&path, text).unwrap();
            panic!(
                "the stored words differ; the enumeration is in {}",
                path.display()
            );
        }
    }
}
