//! Read-only bytes held in anonymous memory with huge pages, for tables
//! that are read at random.
//!
//! A pattern database is read at a random place for nearly every node of
//! a search. Memory-mapped from its file, it lies on 4 KiB pages, and a
//! table of 64-150 MB spans 16,000-38,000 of them: far more than the
//! processor's translation cache holds, so a lookup misses that cache as
//! well as the data cache. A copy in anonymous memory advised to use
//! transparent huge pages (2 MiB on x86-64 Linux) spans a few dozen pages
//! instead. Where the system grants no huge pages, or on other systems,
//! the copy is an ordinary one.

use crate::error::Result;
use crate::primitives::alloc::out_of_memory;

/// Bytes copied into anonymous memory, with huge pages where the system
/// grants them. Dereferences to the bytes.
///
/// ```
/// use slidepuzzle::primitives::resident::ResidentBytes;
/// let table = ResidentBytes::copy_of(&[1, 2, 3]).unwrap();
/// assert_eq!(&table[..], &[1, 2, 3]);
/// ```
pub struct ResidentBytes(Inner);

enum Inner {
    Mapped(memmap2::MmapMut),
    Owned(Vec<u8>),
}

impl ResidentBytes {
    /// A copy of `bytes`. O(len) time; one mapping of `len` bytes.
    ///
    /// # Errors
    /// [`crate::Error::Stopped`] ([`crate::error::StopReason::Memory`])
    /// when the system gives neither a mapping nor a vector of that size.
    pub fn copy_of(bytes: &[u8]) -> Result<Self> {
        if bytes.is_empty() {
            return Ok(ResidentBytes(Inner::Owned(Vec::new())));
        }
        match memmap2::MmapOptions::new().len(bytes.len()).map_anon() {
            Ok(mut map) => {
                #[cfg(target_os = "linux")]
                let _ = map.advise(memmap2::Advice::HugePage);
                map[..bytes.len()].copy_from_slice(bytes);
                Ok(ResidentBytes(Inner::Mapped(map)))
            }
            Err(_) => {
                let mut v = Vec::new();
                v.try_reserve_exact(bytes.len())
                    .map_err(|_| out_of_memory(bytes.len() as u64, "a table"))?;
                v.extend_from_slice(bytes);
                Ok(ResidentBytes(Inner::Owned(v)))
            }
        }
    }
}

impl std::ops::Deref for ResidentBytes {
    type Target = [u8];
    #[inline(always)]
    fn deref(&self) -> &[u8] {
        match &self.0 {
            Inner::Mapped(m) => m,
            Inner::Owned(v) => v,
        }
    }
}
