//! The names users give to algorithms and heuristics: one grammar for the
//! command line, the bench, the web API and every later binding.

use std::fmt;
use std::str::FromStr;

use super::plan::BoardHeuristic;
use crate::error::{Error, Result};

/// The search algorithm. `Auto` lets [`super::Solver::plan`] choose.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub enum Algorithm {
    /// Choose by puzzle, size and the tables at hand (see [`super::Solver::plan`]).
    #[default]
    Auto,
    /// IDA* (Korf 1985): optimal, memory linear in the depth.
    Ida,
    /// A* (Hart, Nilsson and Raphael 1968): optimal, stores every state
    /// it reaches.
    AStar,
    /// Breadth-first search: optimal, no heuristic.
    Bfs,
    /// Weighted A* with f = g + weight x h (Pohl 1970): not optimal for
    /// weight > 1, at most weight times the optimum.
    WeightedAStar {
        /// The weight on h (>= 1).
        weight: f64,
    },
    /// Beam search keeping `width` configurations per layer: not optimal,
    /// bounded memory.
    Beam {
        /// Configurations kept per layer (>= 1).
        width: usize,
    },
    /// The constructive solvers (any size, not optimal): Parberry's
    /// real-time algorithm on boards, Wilson's construction made explicit
    /// on any graph; see the crate's `construct` module.
    Constructive,
}

impl Algorithm {
    /// The names [`FromStr`] accepts.
    pub const NAMES: &'static [&'static str] = &[
        "auto",
        "ida",
        "astar",
        "bfs",
        "wastar",
        "beam",
        "constructive",
    ];
}

/// The largest weight of weighted A* (1,000): past it the cost so far no
/// longer changes the order of the search (a step of g is under a
/// thousandth of a step of h), so it is greedy best-first search, and
/// the scores keep their order only while `g + W h` stays below 2^34.
pub const MAX_WEIGHT: f64 = 1000.0;

impl Algorithm {
    /// Weighted A* with `weight` on h, checked: a finite number from 1 to
    /// [`MAX_WEIGHT`].
    ///
    /// ```
    /// use slidepuzzle::Algorithm;
    /// assert!(Algorithm::weighted_a_star(2.0).is_ok());
    /// assert!(Algorithm::weighted_a_star(0.5).is_err());
    /// assert!(Algorithm::weighted_a_star(1e20).is_err());
    /// ```
    ///
    /// # Errors
    /// [`Error::Argument`] named `weight` otherwise.
    pub fn weighted_a_star(weight: f64) -> Result<Self> {
        if !(weight >= 1.0 && weight.is_finite()) {
            return Err(Error::argument(
                "weight",
                format!("must be a number >= 1, got {weight}"),
            ));
        }
        if weight > MAX_WEIGHT {
            return Err(Error::argument(
                "weight",
                format!(
                    "must be at most {MAX_WEIGHT}, got {weight}: past it the moves made so far \
                     no longer count and the search is greedy best-first (wastar:{MAX_WEIGHT} \
                     is that already)"
                ),
            ));
        }
        Ok(Algorithm::WeightedAStar { weight })
    }

    /// Beam search keeping `width` configurations per level, checked: at
    /// least 1.
    ///
    /// # Errors
    /// [`Error::Argument`] named `beam width` for 0.
    pub fn beam(width: usize) -> Result<Self> {
        if width == 0 {
            return Err(Error::argument("beam width", "must be at least 1"));
        }
        Ok(Algorithm::Beam { width })
    }
}

impl FromStr for Algorithm {
    type Err = Error;

    /// Parses `auto`, `ida`, `astar`, `bfs`, `wastar` (weight 1.5),
    /// `wastar:W`, `beam` (width 2000), `beam:B` or `constructive`.
    ///
    /// ```
    /// use slidepuzzle::Algorithm;
    /// assert_eq!("wastar:2".parse::<Algorithm>().unwrap(), Algorithm::WeightedAStar { weight: 2.0 });
    /// assert!("wastar:0.5".parse::<Algorithm>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Self> {
        let bad = |message: String| Error::Argument {
            name: "algorithm".into(),
            message,
        };
        let (name, arg) = match text.trim().split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (text.trim(), None),
        };
        let algorithm = match (name.to_ascii_lowercase().as_str(), arg) {
            ("auto", None) => Algorithm::Auto,
            ("ida" | "idastar" | "ida*", None) => Algorithm::Ida,
            ("astar" | "a*", None) => Algorithm::AStar,
            ("bfs", None) => Algorithm::Bfs,
            ("constructive", None) => Algorithm::Constructive,
            ("wastar", w) => Algorithm::weighted_a_star(match w {
                None => 1.5,
                Some(w) => w
                    .parse::<f64>()
                    .map_err(|_| bad(format!("wastar:{w}: '{w}' is not a number")))?,
            })?,
            ("beam", b) => Algorithm::beam(match b {
                None => 2000,
                Some(b) => b
                    .parse::<usize>()
                    .map_err(|_| bad(format!("beam:{b}: '{b}' is not a width")))?,
            })?,
            _ => {
                return Err(bad(format!(
                    "unknown algorithm '{text}': expected {}",
                    Self::NAMES.join(", ")
                )));
            }
        };
        Ok(algorithm)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Algorithm::Auto => write!(f, "auto"),
            Algorithm::Ida => write!(f, "ida"),
            Algorithm::AStar => write!(f, "astar"),
            Algorithm::Bfs => write!(f, "bfs"),
            Algorithm::WeightedAStar { weight } => write!(f, "wastar:{weight}"),
            Algorithm::Beam { width } => write!(f, "beam:{width}"),
            Algorithm::Constructive => write!(f, "constructive"),
        }
    }
}

/// Which redundant moves an optimal search skips. Either way the search
/// stays optimal; only the number of nodes changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MovePruning {
    /// Only the move that undoes the previous one: IDA* then expands
    /// exactly the nodes of Korf's and Korf and Felner's published counts.
    Reversal,
    /// Also redundant move sequences where the domain knows them (boards:
    /// sequences of up to 14 moves with a shorter or lexicographically
    /// smaller equivalent, followed by a finite-state machine,
    /// [`crate::search::sequences`]): 59 % fewer nodes with linear
    /// conflict on Korf's #1-20, 66 % with Manhattan distance on #1-12.
    #[default]
    Sequences,
}

impl MovePruning {
    /// The names [`FromStr`] accepts.
    pub const NAMES: &'static [&'static str] = &["reversal", "sequences"];
}

impl FromStr for MovePruning {
    type Err = Error;

    /// Parses `reversal` or `sequences`.
    fn from_str(text: &str) -> Result<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "reversal" => Ok(MovePruning::Reversal),
            "sequences" => Ok(MovePruning::Sequences),
            other => Err(Error::Argument {
                name: "move-pruning".into(),
                message: format!("unknown move pruning '{other}': expected reversal or sequences"),
            }),
        }
    }
}

impl fmt::Display for MovePruning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MovePruning::Reversal => "reversal",
            MovePruning::Sequences => "sequences",
        })
    }
}

/// Which tiles share a pattern database.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Partition {
    /// The best known partition for the board (Korf and Felner's 6-6-6-6
    /// on 5x5, the two-column 6-6-3 on 4x4) or, on other graphs, groups of
    /// tiles whose goal vertices are close, sized to the table budget.
    #[default]
    Default,
    /// Group sizes (`6-6-3`): on 4x4 and 5x5 with the blank's goal in a
    /// corner, the sizes of the default partition select it; otherwise
    /// the goal's tiles in reading order.
    Sizes(Vec<usize>),
    /// Explicit groups of tiles (`1,4,5/2,3,6/...`).
    Groups(Vec<Vec<u32>>),
    /// Several partitions, each given as above, joined by `|`
    /// (`6-6-3|1,2,3,4,5/6,...`): the heuristic is the maximum over
    /// the partitions of the sum of their tables (Holte, Felner, Newton,
    /// Meshulam and Furcy, AI 170, 2006). At most
    /// [`MAX_PARTITIONS`] partitions.
    Several(Vec<Partition>),
    /// The board's catalogue (`catalogue`): several partitions chosen to
    /// work together (`crate::search::partition::catalogue`), on 5x5
    /// with the blank's goal in a corner.
    Catalogue,
}

/// The most partitions a catalogue holds: each is looked up directly and
/// transposed, and [`crate::search::heuristic::MaxOf`] takes at most
/// [`crate::search::heuristic::MAX_OF`] lookups.
pub const MAX_PARTITIONS: usize = crate::search::heuristic::MAX_OF / 2;

/// The heuristic, as users name it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Heuristic {
    /// The best one at hand (see [`super::Solver::plan`]).
    #[default]
    Auto,
    /// Manhattan distance (boards) or its generalisation to graphs: the sum
    /// of the tiles' graph distances to their goal vertices.
    Manhattan,
    /// Manhattan distance plus linear conflict (Hansson, Mayer and Yung
    /// 1992); boards only, Manhattan distance elsewhere.
    LinearConflict,
    /// Takahashi's walking distance; boards only.
    WalkingDistance,
    /// Additive disjoint pattern databases (Korf and Felner 2002).
    PatternDatabases(Partition),
    /// Blank-aware additive pattern databases (`bpdb`, `bpdb:6-6-6-6`):
    /// one entry per placement and blank region
    /// ([`crate::search::blank_aware`]), never below the plain tables of
    /// the same groups, so fewer nodes, at more cost per node; plain
    /// boards only.
    BlankAwarePatternDatabases(Partition),
    /// The maximum of additive pattern databases and a board heuristic
    /// (`pdb+lc`: with Manhattan distance plus linear conflict, which sees
    /// conflicts between tiles of different groups; `pdb+wd`: with walking
    /// distance); boards only. The
    /// pattern databases are looked up first, the second heuristic only
    /// where they do not already prune.
    PatternDatabasesMax(Partition, BoardHeuristic),
}

impl FromStr for Heuristic {
    type Err = Error;

    /// Parses `auto`, `md` (`manhattan`), `lc` (`linear-conflict`), `wd`
    /// (`walking-distance`), `pdb`, `pdb:6-6-3` (group sizes) or
    /// `pdb:1,4,5/2,3,6/...` (tiles), each `pdb` form optionally followed
    /// by `+lc` or `+wd` (the maximum with linear conflict or walking
    /// distance).
    ///
    /// ```
    /// use slidepuzzle::{Heuristic, Partition};
    /// let h: Heuristic = "pdb:6-6-3".parse().unwrap();
    /// assert_eq!(h, Heuristic::PatternDatabases(Partition::Sizes(vec![6, 6, 3])));
    /// assert_eq!(h.to_string(), "pdb:6-6-3");
    /// let err = "pdb:6-x-3".parse::<Heuristic>().unwrap_err().to_string();
    /// assert!(err.contains("'x'"), "{err}");
    /// assert_eq!("pdb:7-8+lc".parse::<Heuristic>().unwrap().to_string(), "pdb:7-8+lc");
    /// ```
    fn from_str(text: &str) -> Result<Self> {
        let text = text.trim();
        if let Some((pdb, second)) = text.split_once('+') {
            let Heuristic::PatternDatabases(partition) = pdb.parse::<Heuristic>()? else {
                return Err(Error::Argument {
                    name: "heuristic".into(),
                    message: format!("{text}: only pattern databases combine with '+' (pdb+lc)"),
                });
            };
            let second = match second.trim().to_ascii_lowercase().as_str() {
                "lc" | "linear-conflict" => BoardHeuristic::LinearConflict,
                "wd" | "walking-distance" => BoardHeuristic::WalkingDistance,
                other => {
                    return Err(Error::Argument {
                        name: "heuristic".into(),
                        message: format!(
                            "{text}: '{other}' does not combine with pattern databases: expected lc or wd"
                        ),
                    });
                }
            };
            return Ok(Heuristic::PatternDatabasesMax(partition, second));
        }
        let bad = |message: String| Error::Argument {
            name: "heuristic".into(),
            message,
        };
        let number = |x: &str| {
            x.trim()
                .parse::<usize>()
                .map_err(|_| bad(format!("{text}: '{}' is not a number", x.trim())))
        };
        match text.to_ascii_lowercase().as_str() {
            "auto" => return Ok(Heuristic::Auto),
            "md" | "manhattan" => return Ok(Heuristic::Manhattan),
            "lc" | "linear-conflict" => return Ok(Heuristic::LinearConflict),
            "wd" | "walking-distance" => return Ok(Heuristic::WalkingDistance),
            "pdb" => return Ok(Heuristic::PatternDatabases(Partition::Default)),
            "bpdb" => return Ok(Heuristic::BlankAwarePatternDatabases(Partition::Default)),
            _ => {}
        }
        let blank_aware = text.starts_with("bpdb:");
        let Some(list) = text
            .strip_prefix("pdb:")
            .or_else(|| text.strip_prefix("bpdb:"))
        else {
            return Err(bad(format!(
                "unknown heuristic '{text}': expected auto, md, lc, wd, pdb, pdb:6-6-3, pdb:1,2,3/4,5,6/..., pdb:6-6-3|5-5-5, pdb:catalogue, pdb+lc, pdb+wd or bpdb (bpdb:6-6-6-6, blank-aware)"
            )));
        };
        let one = |list: &str| -> Result<Partition> {
            Ok(if list.contains('/') || list.contains(',') {
                let groups: Vec<Vec<u32>> = list
                    .split('/')
                    .map(|g| {
                        g.split(',')
                            .map(|x| {
                                let t = number(x)?;
                                u32::try_from(t)
                                    .map_err(|_| bad(format!("{text}: tile {t} too large")))
                            })
                            .collect::<Result<Vec<u32>>>()
                    })
                    .collect::<Result<_>>()?;
                Partition::Groups(groups)
            } else {
                Partition::Sizes(list.split('-').map(number).collect::<Result<_>>()?)
            })
        };
        let partition = if list.trim().eq_ignore_ascii_case("catalogue") {
            Partition::Catalogue
        } else if list.contains('|') {
            let several: Vec<Partition> = list.split('|').map(one).collect::<Result<_>>()?;
            if several.len() > MAX_PARTITIONS {
                return Err(bad(format!(
                    "{text}: {} partitions, but a catalogue holds at most {MAX_PARTITIONS}",
                    several.len()
                )));
            }
            Partition::Several(several)
        } else {
            one(list)?
        };
        Ok(if blank_aware {
            Heuristic::BlankAwarePatternDatabases(partition)
        } else {
            Heuristic::PatternDatabases(partition)
        })
    }
}

impl Partition {
    /// The partition as written after `pdb:` (empty for the default).
    fn words(&self) -> String {
        match self {
            Partition::Default => String::new(),
            Partition::Sizes(s) => {
                let s: Vec<String> = s.iter().map(|x| x.to_string()).collect();
                s.join("-")
            }
            Partition::Groups(g) => {
                let g: Vec<String> = g
                    .iter()
                    .map(|g| {
                        let t: Vec<String> = g.iter().map(|t| t.to_string()).collect();
                        t.join(",")
                    })
                    .collect();
                g.join("/")
            }
            Partition::Several(p) => {
                let p: Vec<String> = p.iter().map(Partition::words).collect();
                p.join("|")
            }
            Partition::Catalogue => "catalogue".into(),
        }
    }
}

impl fmt::Display for Partition {
    /// `:` and the partition as written after `pdb`, nothing for the
    /// default.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Partition::Default => Ok(()),
            other => write!(f, ":{}", other.words()),
        }
    }
}

impl fmt::Display for Heuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Heuristic::Auto => write!(f, "auto"),
            Heuristic::Manhattan => write!(f, "md"),
            Heuristic::LinearConflict => write!(f, "lc"),
            Heuristic::WalkingDistance => write!(f, "wd"),
            Heuristic::PatternDatabases(p) => write!(f, "pdb{p}"),
            Heuristic::BlankAwarePatternDatabases(p) => write!(f, "bpdb{p}"),
            Heuristic::PatternDatabasesMax(p, second) => write!(f, "pdb{p}+{second}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heuristics_round_trip() {
        for text in [
            "auto",
            "md",
            "lc",
            "pdb",
            "pdb:6-6-3",
            "pdb:1,4,5/2,3",
            "pdb+lc",
            "pdb:7-8+lc",
            "wd",
            "pdb+wd",
            "bpdb",
            "bpdb:6-6-6-6",
            "bpdb:1,2/3,4",
            "pdb:6-6-3|1,2,3,4,5/6,7,8,9,10/11,12,13,14,15",
            "bpdb:catalogue",
            "pdb:catalogue+lc",
        ] {
            let h: Heuristic = text.parse().unwrap();
            assert_eq!(h.to_string(), text);
        }
        assert_eq!(
            "manhattan".parse::<Heuristic>().unwrap(),
            Heuristic::Manhattan
        );
        assert!("pdb6".parse::<Heuristic>().is_err());
        assert!("lc+pdb".parse::<Heuristic>().is_err());
        assert!("pdb+pdb".parse::<Heuristic>().is_err());
        assert!("pdb:1,99999999999".parse::<Heuristic>().is_err());
        let e = "bpdb:6-x".parse::<Heuristic>().unwrap_err().to_string();
        assert!(e.contains("bpdb:6-x: 'x' is not a number"), "{e}");
        let e = "pdb:6-6-3|6-6-x"
            .parse::<Heuristic>()
            .unwrap_err()
            .to_string();
        assert!(e.contains("'x' is not a number"), "{e}");
        let e = "pdb:6-9|6-9|6-9|6-9|6-9".parse::<Heuristic>().unwrap_err();
        assert!(e.to_string().contains("5 partitions"), "{e}");
    }

    #[test]
    fn algorithms_round_trip() {
        for text in [
            "auto",
            "ida",
            "astar",
            "bfs",
            "wastar:2",
            "beam:10",
            "constructive",
        ] {
            let a: Algorithm = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
        }
        assert!("beam:0".parse::<Algorithm>().is_err());
        assert!("wastar:nan".parse::<Algorithm>().is_err());
        assert!("dfs".parse::<Algorithm>().is_err());
    }
}
