//! Work shared out to threads where the platform has them. The browser build
//! (wasm32-unknown-unknown) has one thread, the page's: there the work runs once, on the
//! caller's thread, and a deadline can only be watched by the work itself.

/// Whether this build can start threads (not in the browser).
pub const AVAILABLE: bool = crate::platform::THREADS;

/// The threads this machine runs at once (1 in the browser, or when the system will not say).
pub fn cores() -> usize {
    if AVAILABLE {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        1
    }
}

/// Runs `work` on `n` scoped threads and returns when all have ended; on the caller's thread,
/// once, when `n` is 1 or threads are not [`AVAILABLE`]. Each copy of `work` takes its share
/// from state the caller shares with it (an atomic counter of steps dealt out, say).
pub fn share_out(n: usize, work: impl Fn() + Sync) {
    if n <= 1 || !AVAILABLE {
        work();
        return;
    }
    std::thread::scope(|scope| {
        for _ in 0..n {
            scope.spawn(&work);
        }
    });
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Every copy runs, and a counter deals each step out once whatever the thread count.
    #[test]
    fn every_step_is_dealt_out_once() {
        for n in [1, 3] {
            let (next, done, copies) = (AtomicUsize::new(0), AtomicUsize::new(0), AtomicUsize::new(0));
            super::share_out(n, || {
                copies.fetch_add(1, Ordering::Relaxed);
                while next.fetch_add(1, Ordering::Relaxed) < 10 {
                    done.fetch_add(1, Ordering::Relaxed);
                }
            });
            assert_eq!(done.load(Ordering::Relaxed), 10);
            assert_eq!(copies.load(Ordering::Relaxed), n);
        }
    }
}
