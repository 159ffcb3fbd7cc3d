//! The library's errors as Python exceptions, with the library's message.
//!
//! | library | Python |
//! |---|---|
//! | [`Error::Limit`], [`Error::Stopped`] (work stopped by its time or memory limit) | `LimitExceeded` (a `ValueError`) |
//! | an unreachable goal | `Unsolvable` (a `ValueError`) |
//! | [`Error::Io`] | `OSError` |
//! | [`Error::Internal`] | `RuntimeError` (a bug) |
//! | every other error (bad spec, configuration, moves, options) | `ValueError` |

use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use slidepuzzle::Error;

create_exception!(
    slidepuzzle,
    LimitExceeded,
    PyValueError,
    "A budget (memory, vertices, nodes, time) was reached; the message says what was asked, what it needs and how to allow it."
);
create_exception!(
    slidepuzzle,
    Unsolvable,
    PyValueError,
    "The goal cannot be reached from the start; the message says why (Wilson's theorem and its extensions)."
);

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("LimitExceeded", py.get_type::<LimitExceeded>())?;
    m.add("Unsolvable", py.get_type::<Unsolvable>())?;
    Ok(())
}

/// The exception for a library error.
pub fn to_py(e: Error) -> PyErr {
    let message = match e.hint() {
        Some(hint) => format!("{e} (pass {})", hint_argument(hint)),
        None => e.to_string(),
    };
    match e.unhinted() {
        Error::Limit { .. } | Error::Stopped { .. } => LimitExceeded::new_err(message),
        Error::Io { .. } => PyOSError::new_err(message),
        Error::Internal(_) => PyRuntimeError::new_err(message),
        _ => PyValueError::new_err(message),
    }
}

/// A library [`slidepuzzle::Hint`] as this package's keyword argument
/// (`algorithm='ida'`, `metric='stm'`, `puzzle=...`).
fn hint_argument(hint: &slidepuzzle::Hint) -> String {
    match hint.value {
        Some(v) => format!("{}='{v}'", hint.option),
        None => format!("{}=...", hint.option),
    }
}

/// `Result` of the library into `PyResult`.
pub trait IntoPy<T> {
    /// Maps the error with [`to_py`].
    fn py_err(self) -> PyResult<T>;
}

impl<T> IntoPy<T> for slidepuzzle::Result<T> {
    fn py_err(self) -> PyResult<T> {
        self.map_err(to_py)
    }
}
