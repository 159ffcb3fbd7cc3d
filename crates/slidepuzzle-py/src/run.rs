//! Long work without the GIL, stoppable with Ctrl-C.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::prelude::*;

/// How often the waiting thread takes the GIL to look for Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `work` on its own thread with the GIL released (other Python
/// threads run meanwhile; the library uses all cores through rayon), and
/// checks for signals while it runs. On Ctrl-C (or any signal handler that
/// raises) it raises `cancel`, waits for `work` to stop and re-raises the
/// exception (`KeyboardInterrupt`). Work without a cancel flag is waited
/// for, then the exception is raised.
///
/// No signal is lost, whenever it comes: one that arrived before the work
/// starts (while the arguments were converted) is raised before any work
/// is done, one that arrives while it runs is seen within [`SIGNAL_POLL`],
/// and one that arrives in the last poll, as the answer comes back, is
/// raised instead of the answer.
pub fn interruptible<T, F>(py: Python<'_>, cancel: Option<Arc<AtomicBool>>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce() -> slidepuzzle::Result<T> + Send,
{
    interruptible_ticking(py, cancel, work, |_| Ok(()))
}

/// [`interruptible`] that also calls `tick` with the GIL at each poll
/// (every [`SIGNAL_POLL`]) and once at the end, for a progress bar. An
/// error `tick` raises stops the work as Ctrl-C does.
pub fn interruptible_ticking<T, F>(
    py: Python<'_>,
    cancel: Option<Arc<AtomicBool>>,
    work: F,
    mut tick: impl FnMut(Python<'_>) -> PyResult<()>,
) -> PyResult<T>
where
    T: Send,
    F: FnOnce() -> slidepuzzle::Result<T> + Send,
{
    // A signal already pending (its handler raises): no work starts.
    py.check_signals()?;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        scope.spawn(move || {
            // The receiver is gone only if the waiting thread panicked.
            let _ = tx.send(work());
        });
        let mut rx = rx;
        let mut interrupted: Option<PyErr> = None;
        loop {
            let (back, got) = py.detach(move || {
                let got = rx.recv_timeout(SIGNAL_POLL);
                (rx, got)
            });
            rx = back;
            match got {
                Ok(result) => {
                    // A signal of the last poll counts as one that came
                    // while the work ran.
                    let interrupted = interrupted
                        .or_else(|| py.check_signals().err())
                        .or_else(|| tick(py).err());
                    return match interrupted {
                        Some(e) => Err(e),
                        None => result.map_err(crate::errors::to_py),
                    };
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(pyo3::exceptions::PyRuntimeError::new_err(
                        "the solving thread stopped without an answer (a bug)",
                    ));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if interrupted.is_none()
                        && let Err(e) = py.check_signals().and_then(|()| tick(py))
                    {
                        if let Some(c) = &cancel {
                            c.store(true, Ordering::SeqCst);
                        }
                        interrupted = Some(e);
                    }
                }
            }
        }
    })
}
