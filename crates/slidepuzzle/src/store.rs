//! Where pattern databases are kept between runs: the one place of the
//! library that touches the file system, and only through a store the
//! caller hands in.
//!
//! The search code sees tables only through [`TableStore`]: it asks for a
//! table by name and gets its bytes, or hands over the bytes of a table it
//! has built. The faces choose the store: the command line passes a
//! [`DirectoryStore`] on the cache directory the user named (or the
//! platform's cache directory), the web server a [`MemoryStore`] or the
//! same directory, tests a directory of their own. A [`DirectoryStore`]
//! only ever reads, writes or deletes files **directly inside its
//! directory** whose names `check_name` accepts (no path separators, no
//! `..`), so no table name can reach another file.
//!
//! Writes are atomic (a temporary file in the same directory, synced, then
//! renamed over the name), so a reader never sees half a table; reads are
//! memory maps, so several processes share one copy of a large table.

use std::collections::HashMap;
use std::fmt;
use std::io::Write;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::error::{Error, Result};
use crate::primitives::resident::ResidentBytes;

/// The bytes of a stored table: memory-mapped from a file or held in
/// memory. Dereferences to the whole stored contents (header included).
pub struct StoredTable(Contents);

enum Contents {
    Owned(Arc<Vec<u8>>),
    Mapped(memmap2::Mmap),
}

impl Deref for StoredTable {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match &self.0 {
            Contents::Owned(v) => v,
            Contents::Mapped(m) => m,
        }
    }
}

impl StoredTable {
    /// A resident copy of `self[offset..]` (a table's data after its
    /// header) and the [`checksum`] of those bytes, read in one pass. The
    /// pages of a memory-mapped file are let go behind the copy as it
    /// goes, so a table is not held twice while it loads (only the copy
    /// and one chunk of the file). O(len) time.
    ///
    /// ```
    /// use slidepuzzle::store::{checksum, MemoryStore, TableStore};
    /// let store = MemoryStore::new();
    /// store.save("t.pdb", &[b"head\n", &[1, 2, 3]]).unwrap();
    /// let stored = store.load("t.pdb").unwrap().unwrap();
    /// let (copy, sum) = stored.resident_with_checksum(5).unwrap();
    /// assert_eq!((&copy[..], sum), (&[1u8, 2, 3][..], checksum(&[1, 2, 3])));
    /// ```
    ///
    /// # Errors
    /// [`Error::Stopped`] ([`crate::error::StopReason::Memory`]) when the
    /// system has no memory for the copy; [`Error::Io`] (invalid data)
    /// when `offset` is beyond the contents.
    pub fn resident_with_checksum(&self, offset: usize) -> Result<(ResidentBytes, u64)> {
        let data = self.get(offset..).ok_or_else(|| {
            Error::invalid_file(
                "stored table",
                format!(
                    "{} bytes, shorter than its {offset}-byte header",
                    self.len()
                ),
            )
        })?;
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        let copy = ResidentBytes::copy_in_chunks(data, |at, chunk| {
            hasher.update(chunk);
            self.release(offset + at, chunk.len());
        })?;
        Ok((copy, hasher.digest()))
    }

    /// Lets the pages of `len` bytes from `offset` go from this process's
    /// memory, for a mapped file (read again from the file if touched
    /// later); nothing for contents held in memory.
    fn release(&self, offset: usize, len: usize) {
        #[cfg(unix)]
        if let Contents::Mapped(map) = &self.0 {
            // SAFETY: the mapping is a read-only shared map of a file that
            // writers only ever replace by rename: dropping its pages
            // changes no byte seen through it (a later read faults the
            // same bytes back in from the file).
            let _ = unsafe {
                map.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, offset, len)
            };
        }
        #[cfg(not(unix))]
        let _ = (offset, len);
    }
}

impl fmt::Debug for StoredTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "StoredTable({} bytes)", self.len())
    }
}

/// A place to keep tables by name.
///
/// Names are plain file names made by the library (`4x4-g1a2b3c4-t1-2-3.pdb`);
/// implementations may refuse others (`check_name`).
pub trait TableStore: Send + Sync + fmt::Debug {
    /// The stored contents under `name`, or `None` if there are none.
    ///
    /// # Errors
    /// [`Error::Io`] when the table exists but cannot be read.
    fn load(&self, name: &str) -> Result<Option<StoredTable>>;

    /// Whether a table is stored under `name` (cheap; no checksum).
    fn contains(&self, name: &str) -> bool;

    /// Stores `parts`, concatenated, under `name`, replacing any earlier
    /// contents atomically.
    ///
    /// # Errors
    /// [`Error::Io`] when the store cannot be written.
    fn save(&self, name: &str, parts: &[&[u8]]) -> Result<()>;

    /// [`TableStore::save`] that may leave the contents in the operating
    /// system's cache until [`TableStore::sync`]: atomic (a reader sees
    /// all or nothing, also after the process is killed) but durable
    /// across a power failure only after the next sync. Work that writes
    /// many files per step (the sharded search: two per shard per level)
    /// saves this way and syncs once per step. The default saves.
    ///
    /// # Errors
    /// As [`TableStore::save`].
    fn save_deferred(&self, name: &str, parts: &[&[u8]]) -> Result<()> {
        self.save(name, parts)
    }

    /// Makes every [`TableStore::save_deferred`] so far durable. The
    /// default has nothing to do.
    ///
    /// # Errors
    /// [`Error::Io`] when the store cannot be synced.
    fn sync(&self) -> Result<()> {
        Ok(())
    }

    /// Deletes what is stored under `name`, if anything (a missing name is
    /// no error). Stores that keep everything may leave this as it is.
    ///
    /// # Errors
    /// [`Error::Io`] when the contents exist but cannot be removed.
    fn discard(&self, name: &str) -> Result<()> {
        let _ = name;
        Ok(())
    }

    /// Where the tables are, for messages (`"/home/u/.cache/slidepuzzle/pdb"`,
    /// `"memory"`).
    fn location(&self) -> String;
}

/// Accepts the names a store holds: 1 to 200 characters from
/// `[A-Za-z0-9._-]`, not starting with a dot. Everything else (slashes,
/// `..`, absolute paths) is refused, so a name never leaves its store.
///
/// # Errors
/// [`Error::Argument`] naming the refused name.
pub(crate) fn check_name(name: &str) -> Result<()> {
    let ok = !name.is_empty()
        && name.len() <= 200
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_' || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(Error::Argument {
            name: "table name".into(),
            message: format!(
                "'{name}' is not a table name (letters, digits, '.', '_' and '-' only, no paths)"
            ),
        })
    }
}

/// Tables as files directly inside one directory.
#[derive(Clone, Debug)]
pub struct DirectoryStore {
    dir: PathBuf,
}

/// One file of a [`DirectoryStore`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredFile {
    /// The file's name inside the directory.
    pub name: String,
    /// Its size in bytes.
    pub bytes: u64,
}

impl DirectoryStore {
    /// A store in `dir` (created on the first save).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        DirectoryStore { dir: dir.into() }
    }

    /// The platform's cache directory for tables:
    /// `<cache dir>/slidepuzzle/pdb` (`~/.cache/slidepuzzle/pdb` on Linux),
    /// or the temporary directory where the platform has none.
    pub fn default_dir() -> PathBuf {
        dirs::cache_dir()
            .unwrap_or_else(std::env::temp_dir)
            .join("slidepuzzle")
            .join("pdb")
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The path of a stored name.
    ///
    /// # Errors
    /// As [`check_name`].
    pub(crate) fn path_of(&self, name: &str) -> Result<PathBuf> {
        check_name(name)?;
        Ok(self.dir.join(name))
    }

    /// The stored tables (files ending in `.pdb`), sorted by name; an
    /// empty list if the directory does not exist.
    ///
    /// # Errors
    /// [`Error::Io`] when the directory exists but cannot be listed.
    pub fn list(&self) -> Result<Vec<StoredFile>> {
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(Error::io(&self.dir, e)),
        };
        let mut out = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|e| Error::io(&self.dir, e))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            // Regular files only: a FIFO or device named like a table is
            // never listed (nor opened: see `load`).
            let regular = std::fs::metadata(entry.path()).ok().filter(|m| m.is_file());
            if let Some(m) = regular.filter(|_| name.ends_with(".pdb") && check_name(&name).is_ok())
            {
                out.push(StoredFile {
                    name,
                    bytes: m.len(),
                });
            }
        }
        out.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(out)
    }

    /// Writes `parts` to a temporary file in the directory and renames it
    /// to `name` (atomic), after a `fsync` when `durable`.
    fn write(&self, name: &str, parts: &[&[u8]], durable: bool) -> Result<()> {
        let path = self.path_of(name)?;
        if !self.dir.is_dir() {
            std::fs::create_dir_all(&self.dir).map_err(|e| Error::io(&self.dir, e))?;
        }
        let mut tmp =
            tempfile::NamedTempFile::new_in(&self.dir).map_err(|e| Error::io(&self.dir, e))?;
        for part in parts {
            tmp.write_all(part).map_err(|e| Error::io(tmp.path(), e))?;
        }
        if durable {
            tmp.as_file()
                .sync_all()
                .map_err(|e| Error::io(tmp.path(), e))?;
        }
        tmp.persist(&path).map_err(|e| Error::io(&path, e.error))?;
        Ok(())
    }

    /// Deletes the stored table `name` (only a file directly inside the
    /// directory, ending in `.pdb`).
    ///
    /// # Errors
    /// As `check_name`, [`Error::Argument`] for a name that is not a
    /// table, [`Error::Io`] when the file cannot be removed (or is missing).
    pub fn remove(&self, name: &str) -> Result<()> {
        let path = self.path_of(name)?;
        if !name.ends_with(".pdb") {
            return Err(Error::Argument {
                name: "table name".into(),
                message: format!("'{name}' is not a table file (*.pdb)"),
            });
        }
        std::fs::remove_file(&path).map_err(|e| Error::io(&path, e))
    }

    /// Checks that the directory can be written (creating it if needed),
    /// before expensive work whose result would be saved there.
    ///
    /// # Errors
    /// [`Error::Io`] naming the directory.
    pub fn check_writable(&self) -> Result<()> {
        std::fs::create_dir_all(&self.dir).map_err(|e| Error::io(&self.dir, e))?;
        tempfile::NamedTempFile::new_in(&self.dir)
            .map(drop)
            .map_err(|e| Error::io(&self.dir, e))
    }
}

impl TableStore for DirectoryStore {
    fn load(&self, name: &str) -> Result<Option<StoredTable>> {
        let path = self.path_of(name)?;
        // A FIFO would block the open for ever, a device read without
        // end: only regular files are opened.
        match std::fs::metadata(&path) {
            Ok(m) if !m.is_file() => {
                return Err(Error::invalid_file(
                    &path,
                    "not a regular file (a FIFO, device or directory is never opened)",
                ));
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            _ => {}
        }
        let file = match std::fs::File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(Error::io(&path, e)),
        };
        // SAFETY: the file is opened read-only and only read; writers
        // replace tables by rename, which leaves this mapping intact.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| Error::io(&path, e))?;
        Ok(Some(StoredTable(Contents::Mapped(map))))
    }

    fn contains(&self, name: &str) -> bool {
        self.path_of(name).is_ok_and(|p| p.is_file())
    }

    fn save(&self, name: &str, parts: &[&[u8]]) -> Result<()> {
        self.write(name, parts, true)
    }

    fn save_deferred(&self, name: &str, parts: &[&[u8]]) -> Result<()> {
        self.write(name, parts, false)
    }

    /// One `syncfs` of the directory's file system: every deferred save
    /// (and anything else written there) reaches the disk in one journal
    /// commit, where a `fsync` per file costs one each.
    fn sync(&self) -> Result<()> {
        let dir = std::fs::File::open(&self.dir).map_err(|e| Error::io(&self.dir, e))?;
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::AsRawFd;
            // SAFETY: syncfs takes an open descriptor and touches no memory.
            if unsafe { libc::syncfs(dir.as_raw_fd()) } != 0 {
                return Err(Error::io(&self.dir, std::io::Error::last_os_error()));
            }
        }
        #[cfg(not(target_os = "linux"))]
        dir.sync_all().map_err(|e| Error::io(&self.dir, e))?;
        Ok(())
    }

    fn discard(&self, name: &str) -> Result<()> {
        let path = self.path_of(name)?;
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(Error::io(&path, e)),
            _ => Ok(()),
        }
    }

    fn location(&self) -> String {
        self.dir.display().to_string()
    }
}

/// Tables held in memory for the life of the store (the web server's
/// default, and tests).
#[derive(Debug, Default)]
pub struct MemoryStore {
    tables: Mutex<HashMap<String, Arc<Vec<u8>>>>,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }
}

impl TableStore for MemoryStore {
    fn load(&self, name: &str) -> Result<Option<StoredTable>> {
        let tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
        Ok(tables
            .get(name)
            .map(|v| StoredTable(Contents::Owned(v.clone()))))
    }

    fn contains(&self, name: &str) -> bool {
        let tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
        tables.contains_key(name)
    }

    fn save(&self, name: &str, parts: &[&[u8]]) -> Result<()> {
        check_name(name)?;
        let bytes: Vec<u8> = parts.concat();
        let mut tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
        tables.insert(name.to_string(), Arc::new(bytes));
        Ok(())
    }

    fn discard(&self, name: &str) -> Result<()> {
        let mut tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
        tables.remove(name);
        Ok(())
    }

    fn location(&self) -> String {
        "memory".into()
    }
}

/// The checksum of stored tables: XXH3 (64 bits) from the `xxhash-rust`
/// crate.
pub fn checksum(data: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(data)
}

/// Splits stored contents into their header line (with its newline) and
/// the data after it, `None` without a newline or with a header that is not
/// UTF-8. Every table format starts with such a line.
///
/// ```
/// use slidepuzzle::store::split_header;
/// assert_eq!(split_header(b"v1 x\n\x01\x02"), Some(("v1 x\n", &[1u8, 2][..])));
/// assert_eq!(split_header(b"no newline"), None);
/// ```
pub fn split_header(bytes: &[u8]) -> Option<(&str, &[u8])> {
    let nl = bytes.iter().position(|&b| b == b'\n')?;
    let head = std::str::from_utf8(&bytes[..=nl]).ok()?;
    Some((head, &bytes[nl + 1..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_never_leave_the_store() {
        for bad in [
            "../x.pdb",
            "/etc/passwd",
            "a/b.pdb",
            "..",
            ".hidden",
            "",
            "a b",
        ] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
        check_name("4x4-g0a1b2c3d-t1-2-3.pdb").unwrap();
    }

    #[test]
    fn directory_store_round_trips_and_removes_only_tables() {
        let dir = tempfile::tempdir().unwrap();
        let store = DirectoryStore::new(dir.path().join("pdb"));
        assert!(store.load("t.pdb").unwrap().is_none());
        store.save("t.pdb", &[b"head\n", &[1, 2, 3]]).unwrap();
        assert!(store.contains("t.pdb"));
        assert_eq!(
            &*store.load("t.pdb").unwrap().unwrap(),
            b"head\n\x01\x02\x03"
        );
        assert_eq!(store.list().unwrap().len(), 1);
        let victim = dir.path().join("victim.txt");
        std::fs::write(&victim, "keep").unwrap();
        assert!(store.remove("../victim.txt").is_err());
        assert!(store.remove(victim.to_str().unwrap()).is_err());
        assert!(victim.exists());
        store.remove("t.pdb").unwrap();
        assert!(store.list().unwrap().is_empty());
    }

    #[test]
    fn a_resident_copy_over_several_chunks_equals_the_file_after_its_pages_go() {
        use crate::primitives::resident::COPY_CHUNK;
        let dir = tempfile::tempdir().unwrap();
        let store = DirectoryStore::new(dir.path());
        // Two and a bit chunks of bytes that differ from chunk to chunk.
        let data: Vec<u8> = (0..2 * COPY_CHUNK + 4099)
            .map(|i| (i * 7 + i / COPY_CHUNK) as u8)
            .collect();
        store.save("big.pdb", &[b"head\n", &data]).unwrap();
        let stored = store.load("big.pdb").unwrap().unwrap();
        let (copy, sum) = stored.resident_with_checksum(5).unwrap();
        assert_eq!(sum, checksum(&data));
        assert!(copy[..] == data[..], "the copy differs from the file");
        // The mapping's released pages read back the file's bytes.
        assert!(
            stored[5..] == data[..],
            "the released mapping reads back other bytes"
        );
        let mut flipped = data.clone();
        flipped[COPY_CHUNK + 3] ^= 1;
        store.save("big.pdb", &[b"head\n", &flipped]).unwrap();
        let (_, sum) = store
            .load("big.pdb")
            .unwrap()
            .unwrap()
            .resident_with_checksum(5)
            .unwrap();
        assert_ne!(
            sum,
            checksum(&data),
            "one flipped byte in the second chunk went unseen"
        );
    }

    #[test]
    fn memory_store_round_trips() {
        let store = MemoryStore::new();
        store.save("a.pdb", &[b"x", b"y"]).unwrap();
        assert_eq!(&*store.load("a.pdb").unwrap().unwrap(), b"xy");
        assert!(!store.contains("b.pdb"));
    }
}
