//! The library's error type. Every message names what is wrong and where.

/// Errors from parsing input or from a request that cannot be carried out.
///
/// The CLI maps every variant to exit code 2.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// An unparseable or invalid puzzle spec or graph file.
    #[error("puzzle spec: {0}")]
    Spec(String),
    /// An unparseable or invalid configuration (state or goal).
    #[error("configuration: {0}")]
    State(String),
    /// An unparseable move string or an illegal move.
    #[error("moves: {0}")]
    Moves(String),
    /// A request the chosen algorithm or puzzle cannot serve.
    #[error("{0}")]
    Unsupported(String),
    /// An input file or line that cannot be read.
    #[error("{0}")]
    Input(String),
}

/// Shorthand for results carrying [`Error`].
pub type Result<T> = std::result::Result<T, Error>;
