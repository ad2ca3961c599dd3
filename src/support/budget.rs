//! What a solver may spend, as one value every command and every solver method takes: a
//! [`Budget`] of search nodes, a deadline, a cancel flag, bytes for the solver's own tables and
//! the threads it may search on.
//! A solver that watches its budget stops when it is spent ([`Budget::spent`]); work that
//! cannot watch a clock itself is kept to the deadline by running on a thread of its own
//! ([`within`]: the verification engine, microlp, the SDP's steps; not in the browser).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use web_time::{Duration, Instant};

/// How much one run of a solver may spend. The default spends without limit.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// Search nodes (0: no limit); each solver counts its own kind of node.
    pub nodes: u64,
    /// Give up at this instant.
    pub deadline: Option<Instant>,
    /// Give up once this flag is raised (a player left, a faster method answered).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Bytes the solver's own tables may hold (0: the solver's default).
    pub bytes: usize,
    /// Threads the solver may search on (0 or 1: the caller's own alone). A solver that
    /// cannot share its search out searches on the caller's thread whatever this says.
    pub threads: usize,
}

impl Budget {
    /// At most `nodes` search nodes, nothing else.
    pub fn nodes(nodes: u64) -> Self {
        Budget { nodes, ..Budget::default() }
    }

    /// A deadline `ms` milliseconds from now (`None`: no limit), as `--timeout-ms` reads.
    pub fn ms(ms: Option<u64>) -> Self {
        Budget { deadline: ms.map(|ms| Instant::now() + Duration::from_millis(ms)), ..Budget::default() }
    }

    pub fn with_nodes(self, nodes: u64) -> Self {
        Budget { nodes, ..self }
    }

    pub fn with_deadline(self, deadline: Option<Instant>) -> Self {
        Budget { deadline, ..self }
    }

    pub fn with_cancel(self, cancel: Option<Arc<AtomicBool>>) -> Self {
        Budget { cancel, ..self }
    }

    pub fn with_threads(self, threads: usize) -> Self {
        Budget { threads, ..self }
    }

    /// The threads to search on: at least one.
    pub fn threads(&self) -> usize {
        self.threads.max(1)
    }

    /// This budget, with `nodes` when it sets no node limit of its own.
    pub fn or_nodes(self, nodes: u64) -> Self {
        Budget { nodes: if self.nodes == 0 { nodes } else { self.nodes }, ..self }
    }

    /// This budget, with a deadline `time` from now when it sets none of its own.
    pub fn or_within(self, time: Duration) -> Self {
        Budget { deadline: self.deadline.or_else(|| Some(Instant::now() + time)), ..self }
    }

    /// The deadline has passed or the flag is up.
    pub fn expired(&self) -> bool {
        self.cancelled() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The flag is up (cheap enough to ask at every node).
    pub fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// `used` nodes reach the node limit, or the budget has [`expired`](Self::expired).
    pub fn spent(&self, used: u64) -> bool {
        (self.nodes > 0 && used >= self.nodes) || self.expired()
    }

    /// As [`spent`](Self::spent), for a search that asks at every node: the node limit and
    /// the flag each time, the clock only when `used & mask == 0` (reading it costs more
    /// than a node).
    pub fn spent_every(&self, used: u64, mask: u64) -> bool {
        (self.nodes > 0 && used >= self.nodes) || self.cancelled() || (used & mask == 0 && self.expired())
    }

    /// Seconds left before the deadline (`None`: no deadline).
    pub fn seconds_left(&self) -> Option<f64> {
        self.deadline.map(|d| d.saturating_duration_since(Instant::now()).as_secs_f64())
    }

    /// The byte limit, or `default` when none is set.
    pub fn bytes_or(&self, default: usize) -> usize {
        if self.bytes == 0 {
            default
        } else {
            self.bytes
        }
    }
}

/// `f`'s answer, or `None` when `deadline` passed first (or the thread died). Without a
/// deadline `f` runs here. In the browser, which has no threads, `f` runs here too and its
/// answer counts only when it came before the deadline.
pub fn within<T: Send + 'static>(deadline: Option<Instant>, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let Some(deadline) = deadline else { return Some(f()) };
    if !crate::support::threads::AVAILABLE {
        let answer = f();
        return (Instant::now() < deadline).then_some(answer);
    }
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(deadline.saturating_duration_since(Instant::now())).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A budget is spent by its nodes, its deadline or its flag, each alone; the default never.
    #[test]
    fn a_budget_is_spent_by_any_one_of_its_limits() {
        let free = Budget::default();
        assert!(!free.spent(u64::MAX) && free.seconds_left().is_none() && free.bytes_or(7) == 7);
        assert_eq!((free.threads(), free.clone().with_threads(3).threads()), (1, 3));
        assert!(Budget::nodes(10).spent(10) && !Budget::nodes(10).spent(9));
        assert!(Budget::ms(Some(0)).spent(0) && !Budget::ms(Some(60_000)).spent(0));
        // Asked at every node, the clock is read only every mask + 1 nodes.
        assert!(!Budget::ms(Some(0)).spent_every(1, 63) && Budget::ms(Some(0)).spent_every(64, 63));
        let flag = Arc::new(AtomicBool::new(false));
        let flagged = Budget::default().with_cancel(Some(flag.clone()));
        assert!(!flagged.spent(0));
        flag.store(true, Ordering::Relaxed);
        assert!(flagged.spent(0) && flagged.cancelled() && flagged.spent_every(1, 63));
    }
}
