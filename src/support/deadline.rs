//! Work that cannot watch a clock itself, kept to a deadline: it runs on a thread of its own,
//! and past the deadline it is given up (the thread left to finish, its answer dropped). The
//! commands' `--timeout-ms` (the verification engine, microlp) and the SDP's steps use it, so
//! that a limit given is a limit kept. Work that watches a cancel flag instead (the packer,
//! the families' counts) gets a flag a timer raises ([`raised_after`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A cancel flag that a timer raises after some milliseconds, unless this is dropped first
/// (the work done in time: the timer stops).
pub struct Raised {
    pub flag: Option<Arc<AtomicBool>>,
    _stop: Option<Sender<()>>,
}

impl Raised {
    /// Whether the timer raised the flag (the work ran out of time).
    pub fn raised(&self) -> bool {
        self.flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }
}

/// A flag raised after `ms` milliseconds; no flag when `ms` is `None` (no limit).
pub fn raised_after(ms: Option<u64>) -> Raised {
    let Some(ms) = ms else { return Raised { flag: None, _stop: None } };
    let flag = Arc::new(AtomicBool::new(false));
    let (stop, wait) = std::sync::mpsc::channel::<()>();
    let raise = flag.clone();
    std::thread::spawn(move || {
        if let Err(RecvTimeoutError::Timeout) = wait.recv_timeout(Duration::from_millis(ms)) {
            raise.store(true, Ordering::Relaxed);
        }
    });
    Raised { flag: Some(flag), _stop: Some(stop) }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    /// The flag goes up once its time has passed; no limit, no flag; work done in time (the
    /// timer dropped) leaves it down.
    #[test]
    fn a_flag_is_raised_when_its_time_is_up_and_only_then() {
        let timer = raised_after(Some(1));
        while !timer.raised() {
            std::thread::yield_now();
        }
        assert!(raised_after(None).flag.is_none() && !raised_after(None).raised());
        let flag = raised_after(Some(5)).flag.expect("a flag");
        std::thread::sleep(Duration::from_millis(30));
        assert!(!flag.load(Ordering::Relaxed));
    }
}
