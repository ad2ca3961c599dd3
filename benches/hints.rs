//! Hint latency in the game: in a headless `App` (`MinimalPlugins` plus the logic plugins) on
//! every level of the shipped packs, half the reference solution is placed (a `PiecePlaced`
//! message), the player asks for a hint, and frames run until the hint entity exists. The time
//! is from the placement to that entity: judging, the solver task on `AsyncComputeTaskPool`,
//! the channel, the spawn.
//!
//! Run: `cargo bench --bench hints`
#![cfg(feature = "game")]

use bevy::prelude::*;
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::{Duration, Instant};
use tessera::game::board::levels::{Library, PlayLevel};
use tessera::game::board::pieces::{Piece, Placed};
use tessera::game::meta::save::SaveState;
use tessera::game::shared::Action;
use tessera::game::shared::PiecePlaced;
use tessera::game::solver::hints::HintMarker;
use tessera::game::LogicPlugins;

fn app() -> App {
    let mut app = App::new();
    let save = std::env::temp_dir().join(format!("tessera-bench-hints-{}.ron", std::process::id()));
    app.add_plugins((MinimalPlugins, bevy::input::InputPlugin, bevy::state::app::StatesPlugin))
        .add_message::<bevy::window::CursorMoved>()
        .insert_resource(SaveState { data: Default::default(), path: save, notice: None })
        .insert_resource(Library { packs: tessera::level::embedded_packs(), errors: vec![] })
        .add_plugins(LogicPlugins);
    app.update();
    app.update();
    app
}

/// Opens a level, places the first half of its solution, asks for a hint and returns the time
/// from the placement to the hint entity.
fn one_hint(app: &mut App, pack: usize, level: usize) -> Duration {
    app.world_mut().write_message(PlayLevel { pack, level });
    for _ in 0..3 {
        app.update();
    }
    let solution = app.world().resource::<Library>().packs[pack].levels[level].solution.clone();
    let half = &solution[..solution.len() / 2];
    let t0 = Instant::now();
    let mut q = app.world_mut().query::<(&Piece, &mut Placed)>();
    for (piece, mut p) in q.iter_mut(app.world_mut()) {
        if let Some(s) = half.iter().find(|s| s.piece == piece.0) {
            p.0 = *s;
        }
    }
    app.world_mut().write_message(PiecePlaced { piece: None, snapped: true });
    app.world_mut().write_message(Action::Hint);
    loop {
        app.update();
        if app.world_mut().query::<&HintMarker>().iter(app.world()).next().is_some() {
            return t0.elapsed();
        }
        assert!(t0.elapsed() < Duration::from_secs(60), "no hint on level {pack}/{level}");
    }
}

fn latency(c: &mut Criterion) {
    let mut app = app();
    let packs = tessera::level::embedded_packs();
    for (pi, pack) in packs.iter().enumerate() {
        let mut times: Vec<(f64, &str)> = (0..pack.levels.len())
            .map(|li| (one_hint(&mut app, pi, li).as_secs_f64() * 1000.0, pack.levels[li].id.as_str()))
            .collect();
        times.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (median, worst) = (times[times.len() / 2], times[times.len() - 1]);
        eprintln!(
            "hint latency, {} pack ({} levels): median {:.2} ms, worst {:.2} ms ({})",
            pack.id,
            times.len(),
            median.0,
            worst.0,
            worst.1
        );
    }
    let classic = packs.iter().position(|p| p.id == "classic").unwrap();
    let mut g = c.benchmark_group("hints");
    g.sample_size(20);
    let mut k = 0;
    g.bench_function("classic_pack_one_level_each", |b| {
        b.iter(|| {
            k = (k + 1) % packs[classic].levels.len();
            one_hint(&mut app, classic, k)
        })
    });
    g.finish();
}

criterion_group!(benches, latency);
criterion_main!(benches);
