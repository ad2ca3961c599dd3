//! What a level designer wants to know of a level: is it solvable, how many solutions it has
//! (up to a limit), is it unique, and how hard the solver found it. `tessera analyse` prints
//! it; the level editor shows it live on the draft.

use crate::family::Count;
use crate::level::Level;
use crate::support::budget::Budget;

/// The counts behind a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Analysis {
    /// The search to the first solution (its nodes measure the difficulty).
    pub first: Count,
    /// The search for up to `limit + 1` solutions (one past the limit tells "exactly N" from
    /// "more than N"); the same as `first` when there is no solution.
    pub all: Count,
    pub limit: u64,
    /// A board played for the score: its solutions are not counted, and this is its reference
    /// board's score and the most there can be.
    #[serde(default)]
    pub score: Option<(usize, usize)>,
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
    /// Counts `level`'s solutions up to `limit` with its family's solver, within `budget`.
    pub fn run(level: &Level, limit: u64, budget: &Budget) -> Analysis {
        if let score @ Some(_) = level.judge(&level.solution).score {
            return Analysis { first: Count::default(), all: Count::default(), limit, score };
        }
        let first = level.count(1, budget);
        let mut all = if first.solutions == 0 { first } else { level.count(limit + 1, budget) };
        // A count stopped before its first solution still knows the one found first.
        all.solutions = all.solutions.max(first.solutions);
        Analysis { first, all, limit, score: None }
    }

    /// A board played for the score is always finished by laying every tile.
    pub fn solvable(&self) -> bool {
        self.first.solutions > 0 || self.score.is_some()
    }

    /// Whether the level can be solved, as far as is known: yes when a solution was found, the
    /// board is played for the score or the level's reference solution verifies
    /// (`reference_verifies`); no only when the search proved there is none; else unknown (a
    /// search cut short proves nothing).
    pub fn solvable_known(&self, reference_verifies: bool) -> Option<bool> {
        if self.solvable() || reference_verifies {
            Some(true)
        } else if matches!(self.found(), Found::Unsolvable) {
            Some(false)
        } else {
            None
        }
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

    /// The difficulty estimate of a solvable level, when the first solution's search was
    /// measured (not when the SAT solver answered first: it counts no nodes).
    pub fn difficulty(&self) -> Option<u8> {
        (self.solvable() && self.first.measured).then(|| difficulty(self.first.nodes))
    }

    /// What the search found, as a designer reads it (the counts behind [`Analysis::verdict`]).
    pub fn found(&self) -> Found {
        if let Some((score, max)) = self.score {
            return Found::Scored { score, max };
        }
        match (self.solutions(), self.all.complete) {
            (0, true) => Found::Unsolvable,
            (0, false) => Found::NotFound { nodes: self.all.nodes },
            (1, true) => Found::Unique,
            (n, _) if self.more() => Found::MoreThan(n),
            (n, true) => Found::Exactly(n),
            (n, false) => Found::AtLeast(n),
        }
    }

    /// The verdict in a few words: "not solvable", "unique", "12 solutions", "1000+ solutions",
    /// with what the search could not settle said plainly.
    pub fn verdict(&self) -> String {
        match self.found() {
            Found::Unsolvable => "not solvable".into(),
            Found::NotFound { nodes } => format!("no solution found within {nodes} nodes (not proved)"),
            Found::Unique => "unique".into(),
            Found::MoreThan(n) => format!("{n}+ solutions"),
            Found::Exactly(n) => format!("{n} solutions"),
            Found::AtLeast(n) => format!("at least {n} solution(s) (not proved to be all)"),
            Found::Scored { score, max } => {
                format!("played for the score: the reference board matches {score} of {max} inner sides")
            }
        }
    }
}

/// A level's solutions as far as the search settled them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// None, and the search was complete.
    Unsolvable,
    /// None within the node budget (not proved).
    NotFound { nodes: u64 },
    /// One, and the search proved there is no other.
    Unique,
    /// More than the limit: `n` (the limit) and more.
    MoreThan(u64),
    /// Exactly `n` (more than one), proved.
    Exactly(u64),
    /// At least `n`, the search stopped before it could tell.
    AtLeast(u64),
    /// A board played for the score (no solutions counted): the reference board's score of
    /// the most there can be.
    Scored { score: usize, max: usize },
}
