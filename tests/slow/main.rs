//! The slow tier, which CI always runs: renders of every screen at phone and desktop sizes
//! (Mesa's software Vulkan), the difficulty measure of every shipped pack, the dailies of a
//! year, BurrTools round trips and the SDP runs. The real window is `tests/window.rs`, run on
//! its own so nothing else competes for its frames.

#[path = "../common/mod.rs"]
mod common;

mod burrtools;
mod daily;
mod difficulty;
mod phone;
mod screenshots;
mod sdp;
mod zoom;
