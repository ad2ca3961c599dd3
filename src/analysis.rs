//! What a level designer wants to know of a level: is it solvable, how many solutions it has
//! (up to a limit), is it unique, and how hard the solver found it. `tessera analyse` prints
//! it; the level editor shows it live on the draft.

use crate::family::Count;
use crate::level::Level;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The counts behind a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The search to the first solution (its nodes measure the difficulty).
    pub first: Count,
    /// The search for up to `limit + 1` solutions (one past the limit tells "exactly N" from
    /// "more than N"); the same as `first` when there is no solution.
    pub all: Count,
    pub limit: u64,
}

/// A difficulty estimate, 1 to 5, from the search nodes the solver spent on its first solution.
pub fn difficulty(first_nodes: u64) -> u8 {
    match first_nodes {
        0..=30 => 1,
        31..=300 => 2,
        301..=3_000 => 3,
        3_001..=30_000 => 4,
        _ => 5,
    }
}

impl Analysis {
    /// Counts `level`'s solutions up to `limit` with its family's solver; `cancel` stops it.
    pub fn run(level: &Level, limit: u64, cancel: Option<Arc<AtomicBool>>) -> Analysis {
        let first = level.count(1, cancel.clone());
        let all = if first.solutions == 0 { first } else { level.count(limit + 1, cancel) };
        Analysis { first, all, limit }
    }

    pub fn solvable(&self) -> bool {
        self.first.solutions > 0
    }

    /// More solutions than the limit.
    pub fn more(&self) -> bool {
        self.all.solutions > self.limit
    }

    /// Solutions found, at most the limit.
    pub fn solutions(&self) -> u64 {
        self.all.solutions.min(self.limit)
    }

    /// Exactly one solution, and the search proved there is no other.
    pub fn unique(&self) -> bool {
        self.all.solutions == 1 && self.all.complete
    }

    /// The difficulty estimate of a solvable level.
    pub fn difficulty(&self) -> Option<u8> {
        self.solvable().then(|| difficulty(self.first.nodes))
    }

    /// The verdict in a few words: "not solvable", "unique", "12 solutions", "1000+ solutions",
    /// with what the search could not settle said plainly.
    pub fn verdict(&self) -> String {
        match (self.solutions(), self.all.complete) {
            (0, true) => "not solvable".into(),
            (0, false) => format!("no solution found within {} nodes (not proved)", self.all.nodes),
            (1, true) => "unique".into(),
            (n, _) if self.more() => format!("{n}+ solutions"),
            (n, true) => format!("{n} solutions"),
            (n, false) => format!("at least {n} solution(s) (not proved to be all)"),
        }
    }
}
