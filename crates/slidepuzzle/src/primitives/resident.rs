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
        Self::copy_in_chunks(bytes, |_, _| {})
    }

    /// A copy of `bytes` made [`COPY_CHUNK`] bytes at a time, calling
    /// `after(offset, chunk)` on each chunk once it is copied (in order,
    /// covering `bytes` exactly once): a caller can check the bytes in the
    /// same pass and let the source's pages go behind it, so a table read
    /// from a mapped file is not held twice while it loads. O(len) time.
    ///
    /// ```
    /// use slidepuzzle::primitives::resident::ResidentBytes;
    /// let mut seen = 0;
    /// let table = ResidentBytes::copy_in_chunks(&[4, 5, 6], |offset, chunk| {
    ///     assert_eq!(offset, seen);
    ///     seen += chunk.len();
    /// })
    /// .unwrap();
    /// assert_eq!((&table[..], seen), (&[4, 5, 6][..], 3));
    /// ```
    ///
    /// # Errors
    /// As [`ResidentBytes::copy_of`].
    pub fn copy_in_chunks(bytes: &[u8], mut after: impl FnMut(usize, &[u8])) -> Result<Self> {
        if bytes.is_empty() {
            return Ok(ResidentBytes(Inner::Owned(Vec::new())));
        }
        let mut copy = |into: &mut dyn FnMut(&[u8])| {
            for (k, chunk) in bytes.chunks(COPY_CHUNK).enumerate() {
                into(chunk);
                after(k * COPY_CHUNK, chunk);
            }
        };
        match memmap2::MmapOptions::new().len(bytes.len()).map_anon() {
            Ok(mut map) => {
                #[cfg(target_os = "linux")]
                let _ = map.advise(memmap2::Advice::HugePage);
                let mut at = 0;
                copy(&mut |chunk| {
                    map[at..at + chunk.len()].copy_from_slice(chunk);
                    at += chunk.len();
                });
                Ok(ResidentBytes(Inner::Mapped(map)))
            }
            Err(_) => {
                let mut v = Vec::new();
                v.try_reserve_exact(bytes.len())
                    .map_err(|_| out_of_memory(bytes.len() as u64, "a table"))?;
                copy(&mut |chunk| v.extend_from_slice(chunk));
                Ok(ResidentBytes(Inner::Owned(v)))
            }
        }
    }
}

/// The bytes [`ResidentBytes::copy_in_chunks`] copies between two calls
/// of its callback (4 MiB: two huge pages).
pub const COPY_CHUNK: usize = 4 << 20;

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
