//! Can configuration `f` reach configuration `g`? One blank, any graph.
//!
//! The O(V + E) test of docs/THEORY.md section 3 (Wilson 1974 for 2-connected
//! graphs; extended block by block to any graph, checked by brute force in
//! this crate's tests): move the blank of `f` along a shortest path to `g`'s
//! blank vertex `b`; root every block of `b`'s component at its vertex
//! nearest `b`; each block owns its other vertices. Then `g` is reachable iff
//! every block's owned tiles are the same set in both, and
//! - on a cycle, the cyclic order of those tiles is a rotation of `g`'s;
//! - on a bipartite non-cycle block, their permutation is even;
//! - on theta0, their permutation lies in the order-120 group;
//! - on other blocks (non-bipartite), there is no further condition.
//!
//! Tiles on components without the blank never move.

use super::blocks::{Block, BlockKind, decompose};
pub use super::rooted::RootedBlock;
pub(crate) use super::rooted::root_blocks;
use super::theta0::theta0_group;
use crate::error::{Error, Resource, Result};
use crate::model::{BLANK, Configuration, Puzzle};
use crate::moves::replay;
use crate::primitives::perm::is_odd;

/// The answer of [`check`]: solvable or not, with a reason a person can
/// follow.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Verdict {
    /// Whether the goal is reachable from the start.
    pub solvable: bool,
    /// Why (names the block, parity or tile involved).
    pub reason: String,
    /// Which test decided (serialised as a kebab-case name, such as
    /// `tile-classes`).
    pub decided_by: Decision,
}

/// The test that decided a [`Verdict`] (docs/THEORY-CHECKS.md lists which
/// decides what, and how each was checked).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Decision {
    /// Connected components: a tile or blank would have to cross between
    /// them, or each component was decided on its own.
    Components,
    /// One blank: the block decomposition with Wilson's theorem per block
    /// (docs/THEORY.md section 3).
    Blocks,
    /// One blank: membership in the group of the loop generators, by
    /// Schreier-Sims.
    SchreierSims,
    /// Several blanks: the everything-reachable criterion (hallways,
    /// docs/THEORY.md 4.1).
    EverythingReachable,
    /// Several blanks on a cycle: the tiles' cyclic order.
    Cycle,
    /// Several blanks: the marked-tile classes (docs/THEORY.md 4.3).
    TileClasses,
    /// Several blanks: the group generated at the goal's blank set.
    BlankSetGroup,
    /// Several blanks: tile orbits with the group certified from random
    /// closed walks.
    CertifiedGroup,
    /// Breadth-first search over configurations.
    BreadthFirstSearch,
    /// One-way edges, one blank: the blank's route downstream through the
    /// strong components, each decided as its two-way version
    /// (docs/THEORY.md section 7).
    StrongComponents,
    /// Tiles that turn, one blank: Wilson's theorem for the positions and
    /// the turn invariants (parity with total turn, turns per cycle),
    /// which are the only conditions on 2-connected graphs other than
    /// cycles and theta0 (docs/THEORY.md section 8).
    TurnInvariants,
    /// A solver's search ran out of configurations to expand without
    /// meeting the goal.
    ExhaustiveSearch,
    /// Rotating puzzles: the pieces the cycles join, the parity of the
    /// moves, then Schreier-Sims on the cycle rotations (docs/THEORY.md
    /// section 9).
    Rotations,
}

impl Decision {
    /// The test in a few words, for tables and logs.
    pub fn describe(self) -> &'static str {
        match self {
            Decision::Components => "connected components",
            Decision::Blocks => "blocks and Wilson's theorem",
            Decision::SchreierSims => "Schreier-Sims on loop generators",
            Decision::EverythingReachable => "everything reachable (hallway criterion)",
            Decision::Cycle => "cyclic order on a cycle",
            Decision::TileClasses => "marked-tile classes",
            Decision::BlankSetGroup => "blank-set group",
            Decision::CertifiedGroup => "certified group",
            Decision::BreadthFirstSearch => "breadth-first search",
            Decision::StrongComponents => "strong components and the reversal theorem",
            Decision::TurnInvariants => "positions and turn invariants",
            Decision::ExhaustiveSearch => "exhaustive search",
            Decision::Rotations => "pieces, parity and Schreier-Sims on the rotations",
        }
    }
}

/// [`Error::Configuration`] unless `start` and `goal` both have one cell
/// per vertex of `puzzle` and hold the same tiles
/// ([`require_same_tiles`]). O(n).
pub(crate) fn require_fitting(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
) -> Result<()> {
    let n = puzzle.vertex_count();
    if start.len() != n || goal.len() != n {
        return Err(Error::config(format!(
            "configurations have {} and {} cells for {n} vertices",
            start.len(),
            goal.len()
        )));
    }
    require_same_tiles(start, goal)
}

/// [`Error::Configuration`] unless `start` and `goal` (of equal length n,
/// tiles below n) hold the same multiset of tiles. O(n), by counting.
pub(crate) fn require_same_tiles(start: &Configuration, goal: &Configuration) -> Result<()> {
    let n = start.len();
    let mut count = vec![0i64; n + 1];
    for (&s, &g) in start.cells().iter().zip(goal.cells()) {
        count[(s as usize).min(n)] += 1;
        count[(g as usize).min(n)] -= 1;
    }
    if count.iter().any(|&c| c != 0) {
        return Err(Error::config("start and goal hold different tiles"));
    }
    Ok(())
}

/// Decides whether `goal` is reachable from `start` on `puzzle` (one blank).
/// O(V + E) (theta0 blocks use the constant table of [`super::theta0`]).
///
/// # Errors
/// [`Error::Unsupported`] for configurations with several blanks;
/// [`Error::Configuration`] if the two configurations have different sizes.
///
/// ```
/// use slidepuzzle::{format::parse_configuration, model::Puzzle, theory::check};
/// let p = Puzzle::parse("4x4").unwrap();
/// let loyd = parse_configuration(&p, "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0", 1).unwrap();
/// assert!(!check(&p, &loyd, &p.default_goal()).unwrap().solvable);
/// ```
pub fn check(puzzle: &Puzzle, start: &Configuration, goal: &Configuration) -> Result<Verdict> {
    puzzle.require_two_way("this test (theory::check_with decides one-way puzzles)")?;
    puzzle.require_no_turns("this test (theory::check_with decides puzzles whose tiles turn)")?;
    puzzle.require_no_exchanges(
        "this test (theory::check_with decides puzzles whose moves exchange)",
    )?;
    let n = puzzle.vertex_count();
    if start.len() != n || goal.len() != n {
        return Err(Error::config(format!(
            "start has {} cells and goal {} but the puzzle has {n}",
            start.len(),
            goal.len()
        )));
    }
    if start.blanks().len() != 1 || goal.blanks().len() != 1 {
        return Err(Error::Unsupported(
            "this test handles one blank; for several use theory::blanks::check_several_blanks"
                .into(),
        ));
    }
    require_same_tiles(start, goal)?;
    let graph = puzzle.graph();
    let b = goal.blank();
    let Some(path) = graph.shortest_path(start.blank(), b) else {
        return Ok(Verdict {
            decided_by: Decision::Components,
            solvable: false,
            reason: format!(
                "the blank is on vertex {} but must reach vertex {b}, which is in another connected component",
                start.blank()
            ),
        });
    };
    let moved = replay(puzzle, start, &path[1..])?;
    let (component, component_count) = graph.components();
    for v in 0..n {
        if component[v] != component[b] && moved.tile_at(v) != goal.tile_at(v) {
            return Ok(Verdict {
                decided_by: Decision::Components,
                solvable: false,
                reason: format!(
                    "tile {} on vertex {v} is in a component the blank never enters, but the goal has tile {} there",
                    moved.tile_at(v),
                    goal.tile_at(v)
                ),
            });
        }
    }
    let blocks = decompose(graph);
    let single_bipartite_block = blocks.blocks.len() == 1
        && blocks.blocks[0].kind == BlockKind::Bipartite
        && blocks.blocks[0].vertices.len() == n;
    let mut checked_kinds = Vec::new();
    let rooted = root_blocks(graph, &blocks, b);
    // owner[v] = (rooted block owning v, index of v in its owned list);
    // blocks own disjoint vertex sets, so this is O(V) in all.
    let mut owner = vec![(usize::MAX, 0usize); n];
    for (r, rb) in rooted.iter().enumerate() {
        for (i, &v) in rb.owned.iter().enumerate() {
            owner[v] = (r, i);
        }
    }
    let goal_pos = goal.positions();
    for (r, rb) in rooted.iter().enumerate() {
        let block = &blocks.blocks[rb.block];
        let describe = || describe_block(block);
        // Owned tile sets must agree: perm[i] = goal index (in this block's
        // owned list) of the tile now on owned[i].
        let mut perm = Vec::with_capacity(rb.owned.len());
        for &v in &rb.owned {
            let t = moved.tile_at(v);
            match owner[goal_pos[t as usize]] {
                (o, i) if o == r => perm.push(i),
                _ => {
                    let goal_vertex = goal_pos[t as usize];
                    return Ok(Verdict {
                        decided_by: Decision::Blocks,
                        solvable: false,
                        reason: format!(
                            "tile {t} cannot leave its block {}: it must go to vertex {goal_vertex}, outside that block",
                            describe()
                        ),
                    });
                }
            }
        }
        match block.kind {
            BlockKind::Bridge | BlockKind::NonBipartite => {}
            BlockKind::Cycle => {
                let len = perm.len();
                let shift = perm.first().copied().unwrap_or(0);
                if (0..len).any(|i| perm[i] != (i + shift) % len) {
                    return Ok(Verdict {
                        decided_by: Decision::Blocks,
                        solvable: false,
                        reason: format!(
                            "on the cycle block {} the tiles can only rotate, and the goal's cyclic order of tiles differs",
                            describe()
                        ),
                    });
                }
            }
            BlockKind::Bipartite => {
                let odd = is_odd(&perm);
                if odd {
                    let reason = if single_bipartite_block {
                        classical_parity_reason(puzzle, start, goal)
                    } else {
                        format!(
                            "the tiles of the bipartite block {} would need an odd permutation, and only even ones are possible there (Wilson 1974)",
                            describe()
                        )
                    };
                    return Ok(Verdict {
                        decided_by: Decision::Blocks,
                        solvable: false,
                        reason,
                    });
                }
            }
            BlockKind::Theta0 => {
                let group = theta0_group(block, rb.root, &rb.owned);
                // perm[i] = goal index of the tile now on owned[i]; the
                // arrangement needed has arr[goal index] = current index.
                let mut arr = vec![0u8; perm.len()];
                for (i, &gi) in perm.iter().enumerate() {
                    arr[gi] = i as u8;
                }
                if group.binary_search(&arr).is_err() {
                    return Ok(Verdict {
                        decided_by: Decision::Blocks,
                        solvable: false,
                        reason: format!(
                            "on the theta0 block {} only 120 of the 720 tile arrangements are possible (Wilson 1974), and the goal's is not one of them",
                            describe()
                        ),
                    });
                }
            }
        }
        checked_kinds.push(block.kind);
    }
    Ok(Verdict {
        decided_by: Decision::Blocks,
        solvable: true,
        reason: solvable_reason(
            &checked_kinds,
            single_bipartite_block,
            component_count,
            component.iter().filter(|&&c| c == component[b]).count(),
        ),
    })
}

fn describe_block(block: &Block) -> String {
    let vs: Vec<String> = block.vertices.iter().map(|v| v.to_string()).collect();
    format!("{{{}}} ({})", vs.join(","), block.kind.name())
}

/// Why a solvable instance is solvable, naming the decisive fact: on a
/// disconnected graph the blank's component (of `blank_component_size`
/// vertices, one of `components`) decides, the others already match.
fn solvable_reason(
    kinds: &[BlockKind],
    single_bipartite: bool,
    components: usize,
    blank_component_size: usize,
) -> String {
    if single_bipartite {
        return "the permutation parity matches the blank's distance parity (Johnson and Story 1879; Wilson 1974)".into();
    }
    let within = if components > 1 {
        format!(
            "the graph has {components} connected components; the tiles outside the blank's component already stand where the goal has them, and "
        )
    } else {
        String::new()
    };
    let whole = if components > 1 {
        format!("the blank's component ({blank_component_size} vertices)")
    } else {
        "the graph".into()
    };
    if kinds.len() == 1 && kinds[0] == BlockKind::NonBipartite {
        return format!(
            "{within}{whole} is 2-connected, not a cycle and not bipartite: every arrangement of its tiles is reachable (Wilson 1974)"
        );
    }
    if kinds.len() == 1 && kinds[0] == BlockKind::Bipartite {
        return format!(
            "{within}{whole} is 2-connected and bipartite, and its tiles need an even permutation, which is reachable (Wilson 1974)"
        );
    }
    format!(
        "{within}every block's tiles are arranged as its group allows (docs/THEORY.md section 3)"
    )
}

/// The Johnson-Story explanation for a 2-connected bipartite graph: the sign
/// of the permutation over all symbols against the blank's distance.
fn classical_parity_reason(puzzle: &Puzzle, start: &Configuration, goal: &Configuration) -> String {
    let goal_pos = goal.positions();
    let perm: Vec<usize> = start
        .cells()
        .iter()
        .map(|&t| goal_pos[t as usize])
        .collect();
    let odd = is_odd(&perm);
    let d = puzzle.graph().distances_from(start.blank())[goal.blank()];
    format!(
        "the permutation of all {} symbols (blank included) is {} but the blank's distance to its goal vertex is {d} ({}); every move changes both parities (Johnson and Story 1879)",
        perm.len(),
        if odd { "odd" } else { "even" },
        if d.is_multiple_of(2) { "even" } else { "odd" }
    )
}

/// Whether `config` has exactly one blank (the form [`check`] handles).
pub(crate) fn has_one_blank(config: &Configuration) -> bool {
    config.cells().iter().filter(|&&t| t == BLANK).count() == 1
}

/// Largest puzzle [`check_by_schreier_sims`] accepts.
pub const SCHREIER_SIMS_MAX_VERTICES: usize = 40;

/// A second, independent reachability oracle: move the blank to the goal's
/// blank vertex, then test by sifting whether the tile permutation still
/// needed lies in the group generated by the loop generators
/// ([`super::group::loop_generators`]), built with deterministic
/// Schreier-Sims ([`super::schreier_sims::SimsTable`]). Polynomial, meant for graphs with
/// at most [`SCHREIER_SIMS_MAX_VERTICES`] vertices.
///
/// # Errors
/// As [`check`], and [`Error::Limit`] ([`Resource::Vertices`]) above
/// [`SCHREIER_SIMS_MAX_VERTICES`].
pub fn check_by_schreier_sims(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
) -> Result<Verdict> {
    puzzle.require_two_way("this test (theory::check_with decides one-way puzzles)")?;
    puzzle.require_no_turns("this test (theory::check_with decides puzzles whose tiles turn)")?;
    puzzle.require_no_exchanges(
        "this test (theory::check_with decides puzzles whose moves exchange)",
    )?;
    let n = puzzle.vertex_count();
    if n > SCHREIER_SIMS_MAX_VERTICES {
        return Err(Error::limit(
            Resource::Vertices,
            n as u64,
            SCHREIER_SIMS_MAX_VERTICES as u64,
        ));
    }
    if !has_one_blank(start) || !has_one_blank(goal) || start.len() != n || goal.len() != n {
        return check(puzzle, start, goal);
    }
    let b = goal.blank();
    let Some(path) = puzzle.graph().shortest_path(start.blank(), b) else {
        return Ok(Verdict {
            decided_by: Decision::Components,
            solvable: false,
            reason: "the blank cannot reach the goal's blank vertex (another component)".into(),
        });
    };
    let moved = replay(puzzle, start, &path[1..])?;
    let goal_pos = goal.positions();
    let needed: Vec<u32> = (0..n)
        .map(|p| goal_pos[moved.tile_at(p) as usize] as u32)
        .collect();
    let needed = super::perm::Perm::from_images(needed).expect("same tiles");
    let gens: Vec<super::perm::Perm> = super::group::loop_generators(puzzle, b)
        .into_iter()
        .map(|(_, g)| g)
        .collect();
    let table = super::schreier_sims::SimsTable::new(n, &gens);
    let solvable = table.contains(&needed);
    Ok(Verdict {
        decided_by: Decision::SchreierSims,
        solvable,
        reason: format!(
            "after moving the blank to vertex {b}, the remaining tile permutation {} {} the group generated by the {} loop generators (order {}, by Schreier-Sims)",
            needed.to_gap(),
            if solvable {
                "lies in"
            } else {
                "does not lie in"
            },
            gens.len(),
            table.order()
        ),
    })
}
