//! Solver work off the frame: the async job, hints, show thinking, the solver lab.

pub mod hints;
pub mod job;
pub mod lab;
pub mod thinking;
pub mod worker;
