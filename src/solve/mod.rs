//! Solvers (pure logic): the lattice exact-cover solver that designs and checks the classic
//! tangram pack, and the geometric solver for any figure. The polyomino packer and the
//! edge-matching solvers live with their puzzles (`polyform`, `edge`).

mod anchor;
pub mod areas;
pub mod completion;
pub mod geometric;
pub mod lattice;
pub mod sdp;
pub mod snap;
pub mod turn_rounding;
