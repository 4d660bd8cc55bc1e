//! The transposition table: a lock-free hash table shared by all search
//! threads.
//!
//! # Layout and replacement scheme
//! The table is an array of clusters of two entries (32 bytes each). Every
//! entry is two `AtomicU64`: the key word, stored XOR-ed with the data word
//! ("lockless hashing", Hyatt and Mann), and the data word (best move,
//! score, depth, bound, generation). A torn write from a concurrent thread
//! then fails the key check and reads as a miss instead of garbage.
//!
//! A position goes to cluster `hash mod clusters` (via a 128-bit multiply).
//! To store: an entry with the same key is overwritten (keeping its move if
//! the new result has none); otherwise the entry with the lowest
//! `depth - 8 * age` is replaced, where `age` is how many searches ago the
//! entry was written. Deep results of the current search are thus kept and
//! stale entries of old searches go first.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::packed_move::PackedMove;

/// What a stored score means relative to the true score.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a fail-high).
    Lower,
    /// The true score is at most this (a fail-low).
    Upper,
}

impl Bound {
    /// Whether a stored `score` with this bound settles a node searched
    /// with the window (`alpha`, `beta`): exact, or a bound beyond the
    /// window on its side.
    #[inline]
    pub(crate) fn cuts(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// A decoded table entry.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct TtEntry {
    /// The best move, if one is known.
    pub mv: Option<PackedMove>,
    /// The score, mate scores relative to the stored node.
    pub score: i32,
    /// The remaining depth the score was searched to.
    pub depth: i32,
    /// The bound type of the score.
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    key: AtomicU64,
    data: AtomicU64,
}

/// Asks the kernel to back the (still untouched) memory reserved by
/// `slots` with huge pages where it can: every probe is a random access,
/// and with 4 KiB pages most of them also miss the TLB. Only a hint (Linux
/// `madvise`); nothing elsewhere.
fn advise_huge_pages(slots: &Vec<Slot>) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = slots.as_ptr() as usize;
        let end = (start + slots.capacity() * std::mem::size_of::<Slot>()) / PAGE * PAGE;
        let aligned = start.next_multiple_of(PAGE);
        if end > aligned {
            // SAFETY: the range (whole pages) lies inside the allocation
            // `slots` owns;
            // MADV_HUGEPAGE changes how the kernel backs it, not its
            // contents or who may use it. A failure is ignored.
            unsafe {
                libc::madvise(
                    aligned as *mut libc::c_void,
                    end - aligned,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = slots;
}

/// The shared transposition table.
pub(crate) struct TranspositionTable {
    slots: Vec<Slot>,
    clusters: u64,
    generation: AtomicU64,
}

fn encode(mv: Option<PackedMove>, score: i32, depth: i32, bound: Bound, gen: u8) -> u64 {
    let mv = mv.map_or(0, |m| u64::from(m.bits()));
    let score = (score.clamp(i16::MIN as i32, i16::MAX as i32) as i16) as u16 as u64;
    let depth = depth.clamp(0, 255) as u64;
    let bound = match bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    mv | (score << 16) | (depth << 32) | (bound << 40) | (u64::from(gen) << 42)
}

fn decode(d: u64) -> Option<(TtEntry, u8)> {
    let score = i32::from(((d >> 16) & 0xffff) as u16 as i16);
    let depth = ((d >> 32) & 0xff) as i32;
    let bound = match (d >> 40) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    let gen = ((d >> 42) & 0xff) as u8;
    let mv = PackedMove::from_bits(d as u16);
    Some((
        TtEntry {
            mv,
            score,
            depth,
            bound,
        },
        gen,
    ))
}

impl TranspositionTable {
    /// A table of about `mib` mebibytes (at least one cluster). When the
    /// memory cannot be had, the size is halved until it can (down to one
    /// cluster), so asking for too much never aborts the process;
    /// [`size_mib`](Self::size_mib) tells the size obtained.
    pub(crate) fn new(mib: usize) -> TranspositionTable {
        let bytes = mib.clamp(1, usize::MAX >> 21) << 20;
        let mut clusters = (bytes / 32).max(1);
        loop {
            let mut slots = Vec::new();
            if slots.try_reserve_exact(clusters * 2).is_ok() || clusters == 1 {
                advise_huge_pages(&slots);
                slots.resize_with(clusters * 2, Slot::default);
                return TranspositionTable {
                    slots,
                    clusters: clusters as u64,
                    generation: AtomicU64::new(0),
                };
            }
            clusters /= 2;
        }
    }

    /// The table's size in MiB (rounded down; 0 for a table under 1 MiB).
    pub(crate) fn size_mib(&self) -> usize {
        (self.clusters as usize * 32) >> 20
    }

    /// Empties the table.
    pub(crate) fn clear(&self) {
        for s in &self.slots {
            s.key.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: entries written before age by one.
    pub(crate) fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn gen(&self) -> u8 {
        self.generation.load(Ordering::Relaxed) as u8
    }

    fn cluster(&self, hash: u64) -> usize {
        (((u128::from(hash) * u128::from(self.clusters)) >> 64) as usize) * 2
    }

    /// Asks the processor to start loading the cluster of `hash`, so that
    /// a probe soon after (the child node's, while the move is still being
    /// made and checked) does not wait for memory. Only a hint: it changes
    /// no result.
    #[inline]
    pub(crate) fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let p = self.slots[self.cluster(hash)..].as_ptr().cast::<i8>();
            // SAFETY: SSE is part of every x86_64 target, and a prefetch
            // only hints the cache: it reads nothing and cannot fault.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// Looks `hash` up.
    pub(crate) fn probe(&self, hash: u64) -> Option<TtEntry> {
        let c = self.cluster(hash);
        for s in &self.slots[c..c + 2] {
            let data = s.data.load(Ordering::Relaxed);
            let key = s.key.load(Ordering::Relaxed);
            if key ^ data == hash {
                return decode(data).map(|(e, _)| e);
            }
        }
        None
    }

    /// Stores a result for `hash` (see the module docs for the scheme).
    pub(crate) fn store(
        &self,
        hash: u64,
        mv: Option<PackedMove>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let c = self.cluster(hash);
        let gen = self.gen();
        let mut victim = c;
        let mut worst = i32::MAX;
        for i in c..c + 2 {
            let s = &self.slots[i];
            let data = s.data.load(Ordering::Relaxed);
            let key = s.key.load(Ordering::Relaxed);
            if key ^ data == hash {
                let old = decode(data);
                let mv = mv.or_else(|| old.and_then(|(e, _)| e.mv));
                let d = encode(mv, score, depth, bound, gen);
                s.data.store(d, Ordering::Relaxed);
                s.key.store(hash ^ d, Ordering::Relaxed);
                return;
            }
            let value = match decode(data) {
                None => i32::MIN,
                Some((e, g)) => e.depth - 8 * i32::from(gen.wrapping_sub(g)),
            };
            if value < worst {
                worst = value;
                victim = i;
            }
        }
        let d = encode(mv, score, depth, bound, gen);
        let s = &self.slots[victim];
        s.data.store(d, Ordering::Relaxed);
        s.key.store(hash ^ d, Ordering::Relaxed);
    }

    /// Permille of the first 1000 entries written in the current search.
    pub(crate) fn hashfull(&self) -> u32 {
        let gen = self.gen();
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| decode(s.data.load(Ordering::Relaxed)).is_some_and(|(_, g)| g == gen))
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        let m = PackedMove::new(17 | 39 << 8);
        tt.store(12345, Some(m), -250, 7, Bound::Lower);
        let e = tt.probe(12345).unwrap();
        assert_eq!(e.mv, Some(m));
        assert_eq!(e.score, -250);
        assert_eq!(e.depth, 7);
        assert_eq!(e.bound, Bound::Lower);
        assert!(tt.probe(54321).is_none());
        tt.store(12345, None, 10, 8, Bound::Exact);
        assert_eq!(tt.probe(12345).unwrap().mv, Some(m));
        tt.clear();
        assert!(tt.probe(12345).is_none());
    }
}
