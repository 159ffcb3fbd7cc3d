//! `bench --dir DIR`: the journal of a long benchmark run, so that the
//! 50 24-puzzles can be solved over days and stopped at any time.
//!
//! `DIR/journal.tsv` starts with a line naming the run (set, heuristic,
//! move pruning, metric); a directory holding another run is refused.
//! Then one tab-separated line per event, appended and synced as it
//! happens:
//!
//! - `bound ID BOUND EXPANDED GENERATED SECONDS`: instance ID starts the
//!   IDA* iteration with f-bound BOUND after that many nodes and seconds
//!   (every smaller bound searched, no solution shorter);
//! - `solved ID LENGTH EXPANDED GENERATED SECONDS OPTIMAL`: instance ID is
//!   finished (OPTIMAL is 1 when the answer is proven optimal).
//!
//! A resumed run skips the finished instances (their rows come from the
//! journal) and starts each other one at its last bound
//! (`Limits::start_bound`), adding the journal's counts to its own, so the
//! totals equal an uninterrupted run's. A last line cut short by a kill is
//! dropped; any other unreadable line is an error naming it.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use slidepuzzle::{Error, Result};

/// The journal's file name inside the directory.
const FILE: &str = "journal.tsv";

/// The first line's fixed start.
const MAGIC: &str = "# slidepuzzle bench journal 1";

/// Counts at a point of an instance's run, over every session so far.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Counts {
    pub expanded: u64,
    pub generated: u64,
    pub seconds: f64,
}

/// A finished instance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Finished {
    pub length: u32,
    pub counts: Counts,
    pub optimal: bool,
}

/// The last bound an unfinished instance started.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reached {
    pub bound: u32,
    pub counts: Counts,
}

/// An open journal: what earlier sessions recorded, and the file new
/// events are appended to.
pub struct Journal {
    path: PathBuf,
    file: Mutex<File>,
    finished: HashMap<u32, Finished>,
    reached: HashMap<u32, Reached>,
}

impl Journal {
    /// Opens (or starts) the journal of the run named `run` in `dir`,
    /// creating the directory if needed.
    ///
    /// # Errors
    /// [`Error::Io`] naming the path when it cannot be created, read or
    /// written; [`Error::Argument`] (`--dir`) when the directory holds
    /// another run's journal or an unreadable line.
    pub fn open(dir: &Path, run: &str) -> Result<Journal> {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        let path = dir.join(FILE);
        let header = format!("{MAGIC}\t{run}");
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(Error::io(&path, e)),
        };
        let (finished, reached) = parse(&text, &header, &path)?;
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| Error::io(&path, e))?;
        if text.is_empty() {
            writeln!(file, "{header}").map_err(|e| Error::io(&path, e))?;
        } else if !text.ends_with('\n') {
            // A line cut short by a kill: drop it, so the next event
            // starts a line of its own.
            let keep = text.rfind('\n').map_or(0, |i| i + 1);
            file.set_len(keep as u64).map_err(|e| Error::io(&path, e))?;
        }
        file.sync_data().map_err(|e| Error::io(&path, e))?;
        Ok(Journal {
            path,
            file: Mutex::new(file),
            finished,
            reached,
        })
    }

    /// The journal file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Instance `id`, if an earlier session finished it.
    pub fn finished(&self, id: u32) -> Option<Finished> {
        self.finished.get(&id).copied()
    }

    /// The last bound instance `id` started in an earlier session.
    pub fn reached(&self, id: u32) -> Option<Reached> {
        self.reached.get(&id).copied()
    }

    /// Records that instance `id` starts bound `r.bound`.
    ///
    /// # Errors
    /// [`Error::Io`] naming the journal when it cannot be written.
    pub fn record_bound(&self, id: u32, r: &Reached) -> Result<()> {
        let c = r.counts;
        self.append(&format!(
            "bound\t{id}\t{}\t{}\t{}\t{:.3}\n",
            r.bound, c.expanded, c.generated, c.seconds
        ))
    }

    /// Records that instance `id` is finished.
    ///
    /// # Errors
    /// [`Error::Io`] naming the journal when it cannot be written.
    pub fn record_finished(&self, id: u32, f: &Finished) -> Result<()> {
        let c = f.counts;
        self.append(&format!(
            "solved\t{id}\t{}\t{}\t{}\t{:.3}\t{}\n",
            f.length,
            c.expanded,
            c.generated,
            c.seconds,
            u8::from(f.optimal)
        ))
    }

    /// Appends one line in one write and syncs it to the disk.
    fn append(&self, line: &str) -> Result<()> {
        let mut file = self.file.lock().unwrap_or_else(|p| p.into_inner());
        file.write_all(line.as_bytes())
            .and_then(|()| file.sync_data())
            .map_err(|e| Error::io(&self.path, e))
    }
}

/// The finished instances and the last bounds of the others in `text`,
/// whose first line must be `header`.
fn parse(
    text: &str,
    header: &str,
    path: &Path,
) -> Result<(HashMap<u32, Finished>, HashMap<u32, Reached>)> {
    let mut finished = HashMap::new();
    let mut reached = HashMap::new();
    if text.is_empty() {
        return Ok((finished, reached));
    }
    let refuse =
        |message: String| Error::argument("--dir", format!("{}: {message}", path.display()));
    let mut lines = text.split('\n').enumerate().peekable();
    let first = lines.next().map(|(_, l)| l).unwrap_or_default();
    if first != header {
        let found = first.strip_prefix(MAGIC).map(str::trim);
        return Err(refuse(match found {
            Some(other) => format!(
                "holds the journal of another run ({other}), not of this one ({}); use another directory",
                header.trim_start_matches(MAGIC).trim()
            ),
            None => "is not a bench journal (its first line is not one)".to_string(),
        }));
    }
    while let Some((i, line)) = lines.next() {
        // The last piece has no newline after it: empty, or a line a kill
        // cut short, which is ignored.
        let last = lines.peek().is_none();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        match parse_event(&fields) {
            Some(Event::Bound(id, r)) => {
                reached.insert(id, r);
            }
            Some(Event::Solved(id, f)) => {
                finished.insert(id, f);
            }
            None if last => {}
            None => {
                return Err(refuse(format!(
                    "line {} cannot be read: '{}'",
                    i + 1,
                    line.chars().take(80).collect::<String>()
                )));
            }
        }
    }
    Ok((finished, reached))
}

/// One journal line's event.
enum Event {
    Bound(u32, Reached),
    Solved(u32, Finished),
}

/// The event of one line's fields, `None` if they are not one.
fn parse_event(fields: &[&str]) -> Option<Event> {
    let counts = |e: &str, g: &str, s: &str| -> Option<Counts> {
        let seconds: f64 = s.parse().ok()?;
        (seconds.is_finite() && seconds >= 0.0).then_some(())?;
        Some(Counts {
            expanded: e.parse().ok()?,
            generated: g.parse().ok()?,
            seconds,
        })
    };
    match fields {
        ["bound", id, bound, e, g, s] => Some(Event::Bound(
            id.parse().ok()?,
            Reached {
                bound: bound.parse().ok()?,
                counts: counts(e, g, s)?,
            },
        )),
        ["solved", id, length, e, g, s, optimal] => Some(Event::Solved(
            id.parse().ok()?,
            Finished {
                length: length.parse().ok()?,
                counts: counts(e, g, s)?,
                optimal: match *optimal {
                    "1" => true,
                    "0" => false,
                    _ => return None,
                },
            },
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("slidepuzzle-journal-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn events_survive_a_reopen_and_a_cut_last_line() {
        let d = dir("reopen");
        let j = Journal::open(&d, "set=korf50").unwrap();
        let counts = Counts {
            expanded: 10,
            generated: 21,
            seconds: 1.5,
        };
        j.record_bound(3, &Reached { bound: 52, counts }).unwrap();
        j.record_bound(3, &Reached { bound: 54, counts }).unwrap();
        let done = Finished {
            length: 60,
            counts,
            optimal: true,
        };
        j.record_finished(7, &done).unwrap();
        drop(j);
        // A kill in the middle of a write.
        let mut f = OpenOptions::new().append(true).open(d.join(FILE)).unwrap();
        write!(f, "bound\t4\t5").unwrap();
        drop(f);
        let j = Journal::open(&d, "set=korf50").unwrap();
        assert_eq!(j.reached(3).unwrap().bound, 54);
        assert_eq!(j.finished(7), Some(done));
        assert_eq!(j.reached(4), None);
        j.record_bound(4, &Reached { bound: 50, counts }).unwrap();
        drop(j);
        let j = Journal::open(&d, "set=korf50").unwrap();
        assert_eq!(j.reached(4).unwrap().bound, 50);
        std::fs::remove_dir_all(&d).ok();
    }

    #[test]
    fn another_runs_directory_or_a_bad_line_is_refused_with_the_reason() {
        let d = dir("other");
        Journal::open(&d, "set=korf50\theuristic=pdb").unwrap();
        let e = Journal::open(&d, "set=korf100\theuristic=pdb")
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("another run") && e.contains("korf50"), "{e}");
        let mut f = OpenOptions::new().append(true).open(d.join(FILE)).unwrap();
        writeln!(f, "solved\tx\t1\t2\t3\t4\t1").unwrap();
        writeln!(f, "bound\t1\t50\t0\t1\t0.000").unwrap();
        drop(f);
        let e = Journal::open(&d, "set=korf50\theuristic=pdb")
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("line 2"), "{e}");
        std::fs::remove_dir_all(&d).ok();
        let d = dir("foreign");
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join(FILE), "id\tlength\n").unwrap();
        let e = Journal::open(&d, "set=korf50").err().unwrap().to_string();
        assert!(e.contains("not a bench journal"), "{e}");
        std::fs::remove_dir_all(&d).ok();
    }
}
