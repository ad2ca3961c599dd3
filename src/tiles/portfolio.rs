//! The default way to solve an edge-matching puzzle: the restarting search ([`super::exact`])
//! and the SAT solver ([`super::sat`]) run side by side on their own threads; the first to
//! answer wins and the other is cancelled. An answer is a solution, the count asked for, a
//! proof that there is none, or running out of the budget (its nodes count the search's
//! nodes; the SAT solver's conflicts are far costlier and never run out first in practice), so
//! a budget bounds the whole portfolio as it bounds the search. A solver that fails (an error)
//! leaves the answer to the other. In the browser build the search answers alone.

use super::exact::{self, Options, Outcome};
use super::{sat, Puzzle};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use web_time::Duration;

/// Which method gave the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    Search,
    Sat,
}

impl By {
    pub fn name(self) -> &'static str {
        match self {
            By::Search => "search",
            By::Sat => "sat",
        }
    }
}

/// Solves with both methods at once (`opts` as for [`exact::solve`]; for the SAT solver, the
/// budget's nodes bound conflicts).
pub fn solve(p: &Puzzle, opts: &Options) -> Result<(Outcome, By), String> {
    // The browser build has neither threads nor the SAT solver: the search alone answers.
    if !crate::support::threads::AVAILABLE || !sat::AVAILABLE {
        return exact::solve(p, opts).map(|o| (o, By::Search));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<(By, Result<Outcome, String>)>();
    for by in [By::Search, By::Sat] {
        let (tx, p) = (tx.clone(), p.clone());
        let mine = Options { budget: opts.budget.clone().with_cancel(Some(stop.clone())), ..opts.clone() };
        // Not joined: the loser sees `stop` and ends on its own a moment later.
        std::thread::spawn(move || {
            let r = match by {
                By::Search => exact::solve(&p, &mine),
                By::Sat => sat::solve(&p, &mine),
            };
            let _ = tx.send((by, r));
        });
    }
    drop(tx);
    let mut error = None;
    let answer = loop {
        match rx.recv_timeout(Duration::from_millis(10)) {
            Ok((by, Ok(o))) => break Ok((o, by)),
            Ok((_, Err(e))) => error = error.or(Some(e)),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if opts.budget.cancelled() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Err(error.unwrap_or_else(|| "no solver answered".into()));
            }
        }
    };
    stop.store(true, Ordering::Relaxed);
    answer
}
