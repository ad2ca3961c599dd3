//! Solvers (pure logic): the lattice exact-cover solver that designs and checks the classic
//! tangram pack, and the geometric solver for any figure. The polyomino packer and the
//! edge-matching solvers live with their puzzles (`polyform`, `edge`).

pub mod geometric;
pub mod lattice;
pub mod sdp;
pub mod snap;

use crate::family::Hint;
use crate::pieces::Placement;

/// When no completion exists with the placed pieces where they are: the latest placed piece
/// whose removal lets `hint_without` complete the rest (or, failing that, the latest piece).
pub fn blocking_piece(placed: &[Placement], hint_without: impl Fn(&[Placement]) -> Option<Hint>) -> Option<Hint> {
    for skip in (0..placed.len()).rev() {
        let rest: Vec<Placement> = placed.iter().enumerate().filter(|(i, _)| *i != skip).map(|(_, q)| *q).collect();
        if matches!(hint_without(&rest), Some(Hint::Next(_)) | Some(Hint::Done)) {
            return Some(Hint::Move(placed[skip].piece));
        }
    }
    placed.last().map(|q| Hint::Move(q.piece))
}
