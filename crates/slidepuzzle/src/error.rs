//! The library's error type. Every message names what is wrong and where.

/// Errors from parsing input or from a request that cannot be carried out.
///
/// The CLI maps every variant to exit code 2.
#[derive(Debug, thiserror::Error, Clone)]
#[non_exhaustive]
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
    /// An invalid option value.
    #[error("{name}: {message}")]
    Argument {
        /// The option (`--weight`, `heuristic`).
        name: String,
        /// What is wrong with its value.
        message: String,
    },
    /// A file that cannot be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: std::path::PathBuf,
        /// The operating system's error.
        #[source]
        source: std::sync::Arc<std::io::Error>,
    },
    /// A broken internal invariant: a bug, never bad input.
    #[error("internal error (a bug; please report it): {0}")]
    Internal(String),
}

impl Error {
    /// An [`Error::Io`] for `path`.
    pub fn io(path: impl AsRef<std::path::Path>, source: std::io::Error) -> Self {
        Error::Io {
            path: path.as_ref().to_path_buf(),
            source: std::sync::Arc::new(source),
        }
    }
}

/// Shorthand for results carrying [`Error`].
pub type Result<T> = std::result::Result<T, Error>;
