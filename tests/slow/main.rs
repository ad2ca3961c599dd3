//! The slow tier, which CI always runs: renders of every screen at phone and desktop sizes
//! (Mesa's software Vulkan), the difficulty measure of every shipped pack, the dailies of a
//! year, BurrTools round trips, the SDP runs and the pentacube boxes' counts. The real window
//! is `tests/window.rs`, run on its own so nothing else competes for its frames.

#[path = "../common/mod.rs"]
mod common;

mod burrtools;
mod daily;
mod difficulty;
mod pentacubes;
mod phone;
mod screenshots;
mod sdp;
mod zoom;
