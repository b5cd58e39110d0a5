//! Work shared out over scoped threads, for searches split at the root (perft in
//! [`crate::perft`], counts).
//!
//! Root moves differ widely in the size of their subtree, so a fixed partition leaves one
//! thread working alone at the end; here each thread takes the next item from a shared
//! counter when it finishes one. Each thread keeps its own state (a copy of the position),
//! and the results come back in the items' order, so a parallel run reads exactly like the
//! single-threaded one.
//!
//! ```
//! use board_core::parallel::map_shared;
//!
//! // Sum of squares below each item, on two threads, each with its own scratch counter.
//! let items = [3u64, 1, 4, 1, 5];
//! let out = map_shared(&items, 2, || 0u64, |calls, &n| {
//!     *calls += 1;
//!     (0..n).map(|k| k * k).sum::<u64>()
//! });
//! assert_eq!(out, vec![5, 0, 14, 0, 30]);
//! ```

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The threads to use by default: every core the system reports (1 if it cannot tell).
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `work` applied to every item, on up to `threads` scoped threads (no pool outlives the
/// call), each thread with its own state from `state`; results in the items' order. With
/// `threads` of 0 or 1, or a single item, everything runs on the calling thread.
pub fn map_shared<T, S, R>(
    items: &[T],
    threads: usize,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &T) -> R + Sync,
) -> Vec<R>
where
    T: Sync,
    R: Send,
{
    if threads <= 1 || items.len() <= 1 {
        let mut local = state();
        return items.iter().map(|item| work(&mut local, item)).collect();
    }
    let next = AtomicUsize::new(0);
    let results: Vec<Mutex<Option<R>>> = items.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(items.len()) {
            scope.spawn(|| {
                let mut local = state();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = work(&mut local, item);
                    // each slot is written by the one thread that took its index
                    *results[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
                }
            });
        }
    });
    results
        .into_iter()
        .map(|slot| {
            slot.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .expect("every index below the item count is taken by one thread")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_the_items_order_whatever_the_thread_count() {
        let items: Vec<u64> = (0..100).collect();
        let one = map_shared(&items, 1, || (), |_, &n| n * 3 + 1);
        for threads in [0, 2, 3, 8, 200] {
            assert_eq!(map_shared(&items, threads, || (), |_, &n| n * 3 + 1), one);
        }
        assert!(map_shared(&[] as &[u8], 4, || (), |_, &n| n).is_empty());
    }
}
