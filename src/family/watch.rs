//! The show-thinking runs the families share: the geometric solver's search streamed as it
//! goes (every node for the first [`EVERY_NODE`], then at most one per [`LATER_EVERY`], then
//! the solution), and the rank-one SDP's iterates (each step puts every piece where that
//! step's matrices say, as the edge-matching paper's Figure 5.2(d) shows them converging).

use super::{Level, Show, Watch, WatchKind, Watched};
use crate::pieces::Placement;
use crate::support::budget::Budget;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use web_time::{Duration, Instant};

/// Nodes streamed one by one before the stream thins out.
pub const EVERY_NODE: u64 = 300;
/// After [`EVERY_NODE`] nodes, the least time between two streamed nodes.
pub const LATER_EVERY: Duration = Duration::from_millis(50);
/// The watched search's node budget.
const WATCH_NODES: u64 = 200_000;

/// The geometric solver on the level's figure, streamed.
pub fn search(level: &Level) -> Watch {
    let (set, target) = (level.set.clone(), level.target.clone());
    let run = move |show: Show, budget: Budget| {
        let sent = AtomicU64::new(0);
        let last = Mutex::new(Instant::now());
        let stream = show.clone();
        let watch = crate::solve::geometric::Watch {
            every: Duration::ZERO,
            show: Arc::new(move |placed: &[Placement], base: f64| {
                if sent.fetch_add(1, Ordering::Relaxed) >= EVERY_NODE {
                    let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
                    if last.elapsed() < LATER_EVERY {
                        return;
                    }
                    *last = Instant::now();
                }
                stream(placed.to_vec(), base);
            }),
        };
        let opts = crate::solve::geometric::Options {
            limit: 1,
            budget: budget.or_nodes(WATCH_NODES),
            watch: Some(watch),
            ..Default::default()
        };
        match crate::solve::geometric::solve(&set, &target, &opts) {
            Some(out) => {
                if let Some(sol) = out.solutions.first() {
                    show(sol.clone(), out.base_angle);
                }
                Watched { solved: !out.solutions.is_empty(), steps: out.nodes }
            }
            None => Watched { solved: false, steps: 0 },
        }
    };
    Watch { kind: WatchKind::Search, run: Box::new(run) }
}

/// The rank-one SDP on pieces that only slide, each step's iterate streamed as placements.
pub fn sdp(level: &Level) -> Watch {
    use crate::solve::sdp::{Dissection, Options, Placed, AUTO};
    let (set, target) = (level.set.clone(), level.target.clone());
    let run = move |show: Show, budget: Budget| {
        let pieces: Vec<_> = set.pieces.iter().map(|p| p.rings.clone()).collect();
        let Ok(d) = Dissection::new(&target, &pieces, 1) else {
            return Watched { solved: false, steps: 0 };
        };
        let d = Arc::new(d);
        let as_placements = |d: &Dissection, placed: &[Placed]| -> Vec<Placement> {
            placed
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let at = p.at - d.centroid(i);
                    Placement { piece: i, rot: 0, flip: false, at: (at.x, at.y) }
                })
                .collect()
        };
        let (view, stream) = (d.clone(), show.clone());
        let opts = Options {
            budget,
            watch: Some(Arc::new(move |_step, t: &[(f64, f64)]| stream(as_placements(&view, &view.placed(t)), 0.0))),
            ..Default::default()
        };
        match d.solve(&opts, &AUTO) {
            Ok(out) => {
                if let Some(placed) = &out.placed {
                    show(as_placements(&d, placed), 0.0);
                }
                let steps = out.runs.iter().map(|(_, r)| r.iterations as u64).sum();
                Watched { solved: out.placed.is_some(), steps }
            }
            Err(_) => Watched { solved: false, steps: 0 },
        }
    };
    Watch { kind: WatchKind::Iterates, run: Box::new(run) }
}
