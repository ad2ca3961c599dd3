//! Solvers (pure logic). For now the lattice exact-cover solver used to design and check the
//! classic tangram pack; the general tangram solver is the P2 issue.

pub mod geometric;
pub mod lattice;
