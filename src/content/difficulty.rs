//! The difficulty a level is shown with, measured rather than typed.
//!
//! A level's family says what it can of the level ([`Traits`]): how many pieces, how many
//! solutions its solver finds (up to [`MEASURE_CAP`]), and for dissections how much of the
//! pieces' outlines the figure hides, for tile puzzles how many ways there are to lay the tiles.
//! [`score`] weighs them into one number per kind of puzzle, [`stars`] cuts it into 1 to 5,
//! and a shipped pack lists its levels in the order of their scores (`tests/slow/difficulty.rs` holds
//! both; `tessera levels --measure` prints the table).
//!
//! Why these: a dissection figure is hard where its silhouette hides the pieces' edges (a
//! convex figure shows none of the cuts; a cat's ears and tail show a piece each), and easier
//! the more ways there are to fill it. A packing board is hard with many parts and few
//! solutions. A tile puzzle is hard with many tiles, and harder when each also turns. None of
//! the weights has been fitted to players' times yet: there are no such times to fit.

use crate::family::{PuzzleKind, Traits};
use crate::level::Level;

pub use crate::family::MEASURE_CAP;

/// A level's measure: what its family read and the score it gives.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measure {
    pub traits: Traits,
    pub score: f64,
    pub stars: u8,
}

/// The kind of puzzle a score is comparable within.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Dissection,
    Packing,
    Tiles,
}

/// The kind its family declared.
pub fn kind(t: &Traits) -> Kind {
    match t.kind {
        PuzzleKind::Dissection { .. } => Kind::Dissection,
        PuzzleKind::Packing => Kind::Packing,
        PuzzleKind::Tiles { .. } => Kind::Tiles,
    }
}

/// The most solutions the measure counts for a kind of puzzle.
pub fn cap(kind: Kind) -> u64 {
    match kind {
        Kind::Packing => crate::family::MEASURE_CAP_PACKING,
        _ => MEASURE_CAP,
    }
}

/// The score: higher is harder.
/// * dissections: 10 x the hidden share of the outlines, less 1.5 x log10(solutions);
/// * packings: 0.8 of a point per part, less log10(solutions);
/// * tiles: log10 of the ways to lay the tiles, over 2, less 4 x log10(colours) (more
///   colours tell the tiles apart).
pub fn score(t: &Traits) -> f64 {
    let many = 1.5 * (t.solutions.max(1) as f64).log10();
    match t.kind {
        PuzzleKind::Dissection { hidden } => 10.0 * hidden - many,
        PuzzleKind::Packing => 0.8 * t.pieces as f64 - many / 1.5,
        PuzzleKind::Tiles { arrangements, colours } => arrangements / 2.0 - 4.0 * (colours.max(1) as f64).log10(),
    }
}

/// The lowest score of 2, 3, 4 and 5 stars, per kind: near the fifths of the shipped levels'
/// scores when the measure came in (231 dissections, 105 packing boards, 34 tile puzzles), so
/// each star holds a similar share of the levels of its kind.
fn cuts(kind: Kind) -> [f64; 4] {
    match kind {
        Kind::Dissection => [4.0, 4.5, 4.9, 5.3],
        Kind::Packing => [3.0, 4.5, 6.0, 7.5],
        Kind::Tiles => [2.0, 8.0, 20.0, 35.0],
    }
}

/// 1 to 5 stars from a score.
pub fn stars(kind: Kind, score: f64) -> u8 {
    1 + cuts(kind).iter().filter(|&&c| score >= c).count() as u8
}

/// Measures a level with its family's solver.
pub fn measure(level: &Level) -> Measure {
    measure_within(level, &crate::support::budget::Budget::default())
}

/// [`measure`] within a budget (the measure's count stops where it does: `import` and `levels
/// --measure` spend one `--timeout-ms` on every phase).
pub fn measure_within(level: &Level, budget: &crate::support::budget::Budget) -> Measure {
    let traits = level.family.traits(level, budget);
    let score = score(&traits);
    Measure { traits, score, stars: stars(kind(&traits), score) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dissection(hidden: f64, solutions: u64) -> Traits {
        Traits { pieces: 7, solutions, kind: PuzzleKind::Dissection { hidden } }
    }

    #[test]
    fn hidden_edges_make_a_figure_harder_and_more_solutions_easier() {
        assert!(score(&dissection(0.6, 1)) > score(&dissection(0.4, 1)));
        assert!(score(&dissection(0.5, 1)) > score(&dissection(0.5, 20)));
        assert_eq!(stars(Kind::Dissection, score(&dissection(0.2, 24))), 1);
        assert_eq!(stars(Kind::Dissection, score(&dissection(0.7, 1))), 5);
    }

    #[test]
    fn stars_rise_with_the_score_from_one_to_five() {
        for kind in [Kind::Dissection, Kind::Packing, Kind::Tiles] {
            let c = cuts(kind);
            assert!(c.windows(2).all(|w| w[0] < w[1]));
            assert_eq!(stars(kind, c[0] - 0.01), 1);
            assert_eq!(stars(kind, c[3]), 5);
        }
    }

    #[test]
    fn packing_boards_harden_with_parts_and_soften_with_solutions() {
        let board = |pieces, solutions| Traits { pieces, solutions, kind: PuzzleKind::Packing };
        assert_eq!(kind(&board(12, 1)), Kind::Packing);
        assert!(score(&board(12, 2)) > score(&board(12, 24)));
        assert!(score(&board(12, 2)) > score(&board(6, 2)));
    }
}
