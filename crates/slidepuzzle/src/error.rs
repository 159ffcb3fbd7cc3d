//! The library's error type. Every message names what is wrong and where.

use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Errors from parsing input, from a request that cannot be carried out,
/// or (as [`Error::Internal`]) from a bug.
///
/// The CLI prints `error: {e}` and exits with code 2 for every variant;
/// the web server answers 400 with `{"error": "{e}"}`. New variants may
/// be added, so match with a wildcard arm.
#[derive(Debug, thiserror::Error, Clone)]
#[non_exhaustive]
pub enum Error {
    /// An unparseable or invalid puzzle spec or graph description.
    #[error("puzzle spec{}: {message}", spec_at(spec, *position))]
    Spec {
        /// The spec (or graph file) as given; empty when not known.
        spec: String,
        /// The 0-based character index in the spec, when known.
        position: Option<usize>,
        /// What is wrong.
        message: String,
    },
    /// A configuration (state or goal) that cannot be parsed or is invalid.
    #[error("configuration: {message}")]
    Configuration {
        /// What is wrong, naming the tile and vertices when known.
        message: String,
        /// The tile involved, when there is one.
        tile: Option<u32>,
        /// The vertices (cells) involved, if any.
        vertices: Vec<usize>,
    },
    /// A move string that cannot be parsed, or an illegal move.
    #[error("moves: {message}")]
    Moves {
        /// The 0-based index of the offending move (or character) in the
        /// move string, when known.
        index: Option<usize>,
        /// What is wrong.
        message: String,
    },
    /// A size or budget exceeded, detected before allocating.
    #[error(
        "{resource}: needs {}, over the budget of {}",
        resource.amount(*needed),
        resource.amount(*budget)
    )]
    Limit {
        /// What ran out.
        resource: Resource,
        /// How much the request needs (at least).
        needed: u64,
        /// How much is allowed.
        budget: u64,
    },
    /// Another error with a way out the user can take ([`Hint`]);
    /// displays as that error, and each face words the hint with its own
    /// spelling of the option. [`Error::unhinted`] gives the error itself.
    #[error("{error}")]
    Hinted {
        /// The error.
        error: Box<Error>,
        /// The way out.
        hint: Hint,
    },
    /// A file (or stream) that cannot be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file, or a description of the stream (such as "standard input").
        path: PathBuf,
        /// The underlying I/O error.
        #[source]
        source: Arc<std::io::Error>,
    },
    /// An invalid option value.
    #[error("{name}: {message}")]
    Argument {
        /// The option, as the user spells it (such as `--weight`).
        name: String,
        /// What is wrong with its value.
        message: String,
    },
    /// A line of batch or instance input that cannot be read.
    #[error("line {line}: {message}")]
    Input {
        /// The 1-based line number.
        line: usize,
        /// What is wrong with the line.
        message: String,
    },
    /// A request the chosen method or puzzle cannot serve (not a bug, not
    /// bad input).
    #[error("{0}")]
    Unsupported(String),
    /// A limit (nodes, time, cancellation) stopped a search or a build
    /// that a larger answer depends on (a review needs every distance, a
    /// solve its tables); `message` says what stopped and how far it got.
    /// Faces treat it like a stopped solve (the CLI exits with 1), not as
    /// bad input.
    #[error("{message}")]
    Stopped {
        /// Which limit.
        reason: StopReason,
        /// What stopped, and how far it got.
        message: String,
    },
    /// A broken internal invariant: a bug, never bad input (for example a
    /// found solution that fails its replay).
    #[error("internal error (a bug; please report it): {0}")]
    Internal(String),
}

/// Why a search stopped before finishing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// `max_nodes` expansions were reached.
    MaxNodes,
    /// The deadline passed.
    Timeout,
    /// The cancel flag was raised (Ctrl-C, or a client that went away).
    Cancelled,
    /// The stored states would exceed the memory budget.
    Memory,
    /// A beam search lost every path to the goal (a wider beam may help).
    BeamExhausted,
    /// IDA* reached [`crate::search::Limits::stop_at_bound`]: every
    /// shorter bound was searched without a solution, so an answer of
    /// that length, which the caller holds, is shortest.
    BoundReached,
}

impl StopReason {
    /// A short human description.
    pub fn describe(self) -> &'static str {
        match self {
            StopReason::MaxNodes => "node limit reached",
            StopReason::Timeout => "time limit reached",
            StopReason::Cancelled => "cancelled",
            StopReason::Memory => "memory limit reached",
            StopReason::BeamExhausted => {
                "the beam lost every path to the goal (a wider beam may keep one)"
            }
            StopReason::BoundReached => "every shorter bound was searched without a solution",
        }
    }
}

fn spec_at(spec: &str, position: Option<usize>) -> String {
    let mut s = String::new();
    if !spec.is_empty() {
        s = format!(" '{}'", spec_window(spec, position));
    }
    if let Some(p) = position {
        s.push_str(&format!(" at character {}", p + 1));
    }
    s
}

/// A spec as messages quote it: whole up to 60 characters, else the 40
/// around `position` (or the first 40) with its length, as
/// docs/RELIABILITY.md promises.
fn spec_window(spec: &str, position: Option<usize>) -> String {
    let count = spec.chars().count();
    if count <= 60 {
        return excerpt(spec);
    }
    let start = position.map_or(0, |p| p.saturating_sub(20)).min(count - 40);
    let window: String = spec.chars().skip(start).take(40).collect();
    let window = excerpt(&window);
    let before = if start > 0 { "..." } else { "" };
    let after = if start + 40 < count { "..." } else { "" };
    format!("{before}{window}{after} ({count} characters)")
}

/// What a [`Error::Limit`] ran out of; its `Display` names it, and
/// `Resource::amount` formats a quantity of it with its unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Resource {
    /// Memory, counted in bytes (shown in MiB).
    Memory,
    /// Vertices of the puzzle graph.
    Vertices,
    /// Edges of the puzzle graph.
    Edges,
    /// Tiles of a configuration or pattern.
    Tiles,
    /// States of a search (configurations, or marked-tile states).
    States,
    /// Sets of blank positions.
    BlankSets,
    /// Stored cells (entries of stored arrangements).
    Cells,
    /// Elements of a permutation group.
    GroupElements,
    /// Worker threads.
    Threads,
    /// Moves of a solution (such as the moves an animation draws).
    Moves,
    /// Points a permutation group acts on (such as vertex x orientation
    /// pairs of a puzzle whose tiles turn).
    Points,
}

impl Resource {
    /// `n` of this resource with its unit, such as `"12 vertices"` or
    /// `"100 MiB"` (memory is counted in bytes: under 0.1 MiB as bytes,
    /// under 10 MiB to a tenth, else whole MiB rounded up). `u64::MAX`, where
    /// saturating arithmetic ends, reads as "or more".
    ///
    /// ```
    /// use slidepuzzle::Resource;
    /// assert_eq!(Resource::Memory.amount(362_880), "0.3 MiB");
    /// assert_eq!(Resource::Memory.amount(600 << 20), "600 MiB");
    /// assert_eq!(Resource::Memory.amount(u64::MAX), "16 EiB or more");
    /// assert_eq!(Resource::States.amount(u64::MAX), "2^64 - 1 or more states");
    /// ```
    pub fn amount(self, n: u64) -> String {
        // Sizes computed with saturating arithmetic end at u64::MAX: the
        // true need is larger than any number shown.
        if n == u64::MAX {
            return match self {
                Resource::Memory => "16 EiB or more".to_string(),
                _ => format!("2^64 - 1 or more {self}"),
            };
        }
        match self {
            Resource::Memory => mib(n),
            Resource::Vertices => format!("{n} vertices"),
            Resource::Edges => format!("{n} edges"),
            Resource::Tiles => format!("{n} tiles"),
            Resource::States => format!("{n} states"),
            Resource::BlankSets => format!("{n} blank sets"),
            Resource::Cells => format!("{n} cells"),
            Resource::GroupElements => format!("{n} elements"),
            Resource::Threads => format!("{n} threads"),
            Resource::Moves => format!("{n} moves"),
            Resource::Points => format!("{n} points"),
        }
    }
}

fn mib(bytes: u64) -> String {
    const M: u64 = 1 << 20;
    if bytes < M / 10 {
        format!("{bytes} bytes")
    } else if bytes >= 10 * M || bytes.is_multiple_of(M) {
        format!("{} MiB", bytes.div_ceil(M))
    } else {
        format!("{:.1} MiB", bytes as f64 / M as f64)
    }
}

impl std::fmt::Display for Resource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Resource::Memory => "memory",
            Resource::Vertices => "vertices",
            Resource::Edges => "edges",
            Resource::Tiles => "tiles",
            Resource::States => "states",
            Resource::BlankSets => "blank sets",
            Resource::Cells => "stored cells",
            Resource::GroupElements => "group elements",
            Resource::Threads => "threads",
            Resource::Moves => "moves",
            Resource::Points => "points",
        })
    }
}

/// A piece of the user's input as an error message quotes it: at most 40
/// characters (then `...` and the length), control characters escaped, so
/// a 256 MiB token or a terminal escape never reaches the screen whole.
///
/// ```
/// use slidepuzzle::error::excerpt;
/// assert_eq!(excerpt("R2D"), "R2D");
/// assert_eq!(excerpt(&"0".repeat(100)), format!("{}... (100 characters)", "0".repeat(40)));
/// assert_eq!(excerpt("a\u{1b}[2J"), "a\\u{1b}[2J");
/// ```
pub fn excerpt(text: &str) -> String {
    const SHOWN: usize = 40;
    let mut out: String = text
        .chars()
        .take(SHOWN)
        .flat_map(|c| {
            if c.is_control() {
                c.escape_debug().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect();
    let count = text.chars().count();
    if count > SHOWN {
        out.push_str(&format!("... ({count} characters)"));
    }
    out
}

impl Error {
    /// [`Error::Spec`] for `spec` with no known position.
    pub(crate) fn spec(spec: impl Into<String>, message: impl Into<String>) -> Self {
        Error::Spec {
            spec: spec.into(),
            position: None,
            message: message.into(),
        }
    }

    /// [`Error::Spec`] at the 0-based character `position` of `spec`.
    pub(crate) fn spec_at(
        spec: impl Into<String>,
        position: usize,
        message: impl Into<String>,
    ) -> Self {
        Error::Spec {
            spec: spec.into(),
            position: Some(position),
            message: message.into(),
        }
    }

    /// [`Error::Configuration`] naming no particular tile or vertex.
    pub fn config(message: impl Into<String>) -> Self {
        Error::Configuration {
            message: message.into(),
            tile: None,
            vertices: Vec::new(),
        }
    }

    /// [`Error::Configuration`] about `tile` (if any) at `vertices`.
    pub(crate) fn config_at(
        message: impl Into<String>,
        tile: Option<u32>,
        vertices: Vec<usize>,
    ) -> Self {
        Error::Configuration {
            message: message.into(),
            tile,
            vertices,
        }
    }

    /// [`Error::Moves`] at the 0-based `index` of the move string, if known.
    pub fn moves(index: Option<usize>, message: impl Into<String>) -> Self {
        Error::Moves {
            index,
            message: message.into(),
        }
    }

    /// [`Error::Limit`]: `resource` needs `needed`, over `budget`.
    pub fn limit(resource: Resource, needed: u64, budget: u64) -> Self {
        Error::Limit {
            resource,
            needed,
            budget,
        }
    }

    /// [`Error::Io`] for `path`.
    pub fn io(path: impl AsRef<Path>, source: std::io::Error) -> Self {
        Error::Io {
            path: path.as_ref().to_path_buf(),
            source: Arc::new(source),
        }
    }

    /// [`Error::Io`] for a file that was read but whose contents are
    /// invalid (an I/O error of kind `InvalidData` carrying `message`).
    pub fn invalid_file(path: impl AsRef<Path>, message: impl Into<String>) -> Self {
        let message: String = message.into();
        Self::io(
            path,
            std::io::Error::new(std::io::ErrorKind::InvalidData, message),
        )
    }

    /// [`Error::Argument`] for the option `name`.
    pub fn argument(name: impl Into<String>, message: impl Into<String>) -> Self {
        Error::Argument {
            name: name.into(),
            message: message.into(),
        }
    }

    /// [`Error::Input`] at the 1-based `line`.
    pub fn input(line: usize, message: impl Into<String>) -> Self {
        Error::Input {
            line,
            message: message.into(),
        }
    }

    /// [`Error::Unsupported`].
    pub(crate) fn unsupported(message: impl Into<String>) -> Self {
        Error::Unsupported(message.into())
    }

    /// [`Error::Internal`].
    pub(crate) fn internal(message: impl Into<String>) -> Self {
        Error::Internal(message.into())
    }

    /// Whether this error means "this method cannot serve the request"
    /// ([`Error::Limit`] or [`Error::Unsupported`]), so that a caller
    /// may fall back to another method. Bugs and bad input are not.
    pub(crate) fn is_fallback(&self) -> bool {
        matches!(self.unhinted(), Error::Limit { .. } | Error::Unsupported(_))
    }

    /// This error with a way out: the option to set, named as the
    /// library's options name it, and the value to give it, if one.
    ///
    /// ```
    /// use slidepuzzle::Error;
    /// let e = Error::Unsupported("not an optimal search".into()).with_hint("algorithm", Some("ida"));
    /// assert_eq!(e.to_string(), "not an optimal search");
    /// assert_eq!(e.hint().map(|h| (h.option, h.value)), Some(("algorithm", Some("ida"))));
    /// assert!(matches!(e.unhinted(), Error::Unsupported(_)));
    /// ```
    pub fn with_hint(self, option: &'static str, value: Option<&'static str>) -> Self {
        Error::Hinted {
            error: Box::new(self),
            hint: Hint { option, value },
        }
    }

    /// The way out this error carries, if any.
    pub fn hint(&self) -> Option<&Hint> {
        match self {
            Error::Hinted { hint, .. } => Some(hint),
            _ => None,
        }
    }

    /// The error without its hint (itself when it has none).
    pub fn unhinted(&self) -> &Error {
        match self {
            Error::Hinted { error, .. } => error.unhinted(),
            e => e,
        }
    }
}

/// A way out of an error: the option a user can set and the value to give
/// it, named as the library's options name them, not as a face spells
/// them. The faces word it: the command line as its flag (`--algo ida`),
/// Python as a keyword argument (`algorithm='ida'`), the web API as a
/// request field (`"algorithm": "ida"`).
///
/// | option | meaning |
/// |---|---|
/// | `algorithm` | the solving algorithm (`ida`, `constructive`, ...) |
/// | `metric` | how moves are counted (`stm`, `mtm`) |
/// | `puzzle` | name the puzzle (its spec or board size) |
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The option, as the library's options name it.
    pub option: &'static str,
    /// The value to give it, when there is one.
    pub value: Option<&'static str>,
}

/// Shorthand for results carrying [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

/// `Ok(Some(x))` for `Ok(x)`, `Ok(None)` when the error is one a caller may
/// fall back from ([`Error::is_fallback`]); any other error is returned.
pub(crate) fn or_fallback<T>(r: Result<T>) -> Result<Option<T>> {
    match r {
        Ok(x) => Ok(Some(x)),
        Err(e) if e.is_fallback() => Ok(None),
        Err(e) => Err(e),
    }
}

/// As [`or_fallback`] where the caller cannot return an error (its
/// signature gives `None` for "no method applies"): `None` for an error one
/// may fall back from, and a panic for any other, which is a bug.
pub(crate) fn fallback_or_panic<T>(r: Result<T>) -> Option<T> {
    match r {
        Ok(x) => Some(x),
        Err(e) if e.is_fallback() => None,
        Err(e) => panic!("internal error (a bug; please report it): {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays() {
        let e = Error::spec_at("4y4", 1, "expected 'x'");
        assert_eq!(
            e.to_string(),
            "puzzle spec '4y4' at character 2: expected 'x'"
        );
        assert_eq!(Error::spec("", "bad").to_string(), "puzzle spec: bad");
        let e = Error::limit(Resource::Memory, 3 << 30, 100 << 20);
        assert_eq!(
            e.to_string(),
            "memory: needs 3072 MiB, over the budget of 100 MiB"
        );
        let e = Error::limit(Resource::Vertices, 300, 256);
        assert_eq!(
            e.to_string(),
            "vertices: needs 300 vertices, over the budget of 256 vertices"
        );
        let e = Error::io("x/y.bin", std::io::Error::other("boom"));
        assert_eq!(e.to_string(), "x/y.bin: boom");
        assert!(std::error::Error::source(&e).is_some());
        assert!(Error::internal("x").to_string().contains("a bug"));
        assert!(Error::limit(Resource::States, 2, 1).is_fallback());
        assert!(!Error::internal("x").is_fallback());
        assert!(!Error::config("x").is_fallback());
    }
}
