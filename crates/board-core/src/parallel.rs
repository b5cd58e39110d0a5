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

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};

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

/// `work` applied to every item on up to `threads` scoped threads (each with its own state
/// from `state`), with each result handed to `emit` on the calling thread in the items'
/// order as soon as it and every result before it are done: a caller can print the first
/// results while the later ones are still being computed, and holds only the results that
/// wait for an earlier one. `emit` returning [`ControlFlow::Break`] stops the run: no
/// item is started after it, and those under way are finished and dropped. Returns the
/// number of results emitted. With `threads` of 0 or 1, or a single item, everything runs
/// on the calling thread, one item at a time.
///
/// ```
/// use std::ops::ControlFlow;
/// use board_core::parallel::for_each_in_order;
///
/// let items = [5u64, 1, 4, 1, 3];
/// let mut seen = Vec::new();
/// let emitted = for_each_in_order(&items, 2, || (), |(), &n| n * n, |i, r| {
///     seen.push((i, r));
///     if i == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// });
/// assert_eq!(emitted, 4);
/// assert_eq!(seen, vec![(0, 25), (1, 1), (2, 16), (3, 1)]);
/// ```
pub fn for_each_in_order<T, S, R>(
    items: &[T],
    threads: usize,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &T) -> R + Sync,
    mut emit: impl FnMut(usize, R) -> ControlFlow<()>,
) -> usize
where
    T: Sync,
    R: Send,
{
    if threads <= 1 || items.len() <= 1 {
        let mut local = state();
        for (i, item) in items.iter().enumerate() {
            if emit(i, work(&mut local, item)).is_break() {
                return i + 1;
            }
        }
        return items.len();
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (send, receive) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(items.len()) {
            let send = send.clone();
            let (next, stop, state, work) = (&next, &stop, &state, &work);
            scope.spawn(move || {
                let mut local = state();
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    // the receiver is gone only once the run has stopped
                    if send.send((i, work(&mut local, item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        // results that came before an earlier one, by index; emitted once the gap closes
        let mut waiting: BTreeMap<usize, R> = BTreeMap::new();
        let mut emitted = 0;
        for (i, r) in &receive {
            waiting.insert(i, r);
            while let Some(r) = waiting.remove(&emitted) {
                let flow = emit(emitted, r);
                emitted += 1;
                if flow.is_break() {
                    stop.store(true, Ordering::Relaxed);
                    return emitted;
                }
            }
        }
        emitted
    })
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

    /// The order `emit` sees is the items' order whatever the threads, even when the first
    /// item is the slowest (the later results wait for it).
    #[test]
    fn results_are_emitted_in_the_items_order_as_they_complete() {
        let items: Vec<u64> = (0..40).collect();
        for threads in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            let emitted = for_each_in_order(
                &items,
                threads,
                || (),
                |_, &n| {
                    if n == 0 {
                        std::thread::sleep(std::time::Duration::from_millis(30));
                    }
                    n * 3 + 1
                },
                |i, r| {
                    seen.push((i, r));
                    ControlFlow::Continue(())
                },
            );
            assert_eq!(emitted, items.len(), "threads {threads}");
            let expected: Vec<(usize, u64)> = (0..40).map(|n| (n as usize, n * 3 + 1)).collect();
            assert_eq!(seen, expected, "threads {threads}");
        }
    }

    /// A break stops the run: nothing is emitted after it, and no item is started once every
    /// thread has seen the stop (at most one item per thread is under way at that moment).
    #[test]
    fn a_break_stops_the_run() {
        let items: Vec<u64> = (0..1000).collect();
        for threads in [1, 2, 4] {
            let started = AtomicUsize::new(0);
            let mut seen = 0;
            let emitted = for_each_in_order(
                &items,
                threads,
                || (),
                |_, &n| {
                    started.fetch_add(1, Ordering::Relaxed);
                    std::thread::sleep(std::time::Duration::from_millis(1));
                    n
                },
                |i, _| {
                    seen += 1;
                    if i == 4 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            );
            assert_eq!((emitted, seen), (5, 5), "threads {threads}");
            assert!(
                started.load(Ordering::Relaxed) < 100,
                "threads {threads}: {} items started",
                started.load(Ordering::Relaxed)
            );
        }
    }
}
