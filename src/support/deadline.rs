//! Work that cannot watch a clock itself, kept to a deadline: it runs on a thread of its own,
//! and past the deadline it is given up (the thread left to finish, its answer dropped). The
//! commands' `--timeout-ms` (the verification engine, microlp) and the SDP's steps use it, so
//! that a limit given is a limit kept.

use std::time::Instant;

/// `f`'s answer, or `None` when `deadline` passed first (or the thread died). Without a
/// deadline `f` runs here.
pub fn within<T: Send + 'static>(deadline: Option<Instant>, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let Some(deadline) = deadline else { return Some(f()) };
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(deadline.saturating_duration_since(Instant::now())).ok()
}
