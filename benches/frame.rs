//! CPU time per frame of the game's own systems in a headless `App` (`MinimalPlugins` plus
//! the logic plugins), with 7 and with 100 pieces: an idle frame, and a frame in which a piece
//! is picked up, dragged and dropped (snapping and judging the whole board). Every schedule
//! runs on the single-threaded executor, so the figures measure the systems rather than thread
//! wake-ups (with the multi-threaded executor on two cores, wake-ups alone cost about 0.3 ms a
//! frame even in an empty app); `baseline` is the same app without the game's plugins.
//!
//! Run: `cargo bench --bench frame`
#![cfg(feature = "game")]

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use criterion::{criterion_group, criterion_main, Criterion};
use std::fmt::Write;
use std::time::Duration;
use tessera::game::board::levels::{Library, PlayLevel};
use tessera::game::board::pieces::{Piece, PieceGeom, Placed};
use tessera::game::meta::save::SaveState;
use tessera::game::shared::Action;
use tessera::game::LogicPlugins;

/// A pack with one level: a 10 x 10 square from 100 unit squares.
fn hundred_squares() -> tessera::level::Pack {
    let mut s = String::from("(name: \"bench\", levels: [(id: \"squares\", name: \"Squares\", pieces: [");
    for _ in 0..100 {
        s.push_str("[(0,0),(1,0),(1,1),(0,1)],");
    }
    s.push_str("], rotation_step: 90.0, mode: anchored, target: [[(0,0),(10,0),(10,10),(0,10)]], solution: [");
    for i in 0..100 {
        write!(s, "(piece: {i}, at: ({}, {})),", i % 10, i / 10).unwrap();
    }
    s.push_str("])])");
    tessera::level::parse_pack(&s, "bench.ron", "bench").unwrap()
}

fn bare() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::input::InputPlugin, bevy::state::app::StatesPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    app
}

fn single_threaded(app: &mut App) {
    for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
        schedule.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
    }
}

fn app(pack: tessera::level::Pack, level: usize) -> App {
    let mut app = bare();
    let save = std::env::temp_dir().join(format!("tessera-bench-{}.ron", std::process::id()));
    app.insert_resource(SaveState { data: Default::default(), path: save, notice: None })
        .insert_resource(Library { packs: vec![pack], errors: vec![] })
        .add_plugins(LogicPlugins);
    single_threaded(&mut app);
    app.update();
    app.update();
    app.world_mut().write_message(PlayLevel { pack: 0, level });
    for _ in 0..3 {
        app.update();
    }
    app
}

fn frames(c: &mut Criterion) {
    let classic = tessera::level::embedded_packs().remove(0);
    let arrow = classic.levels.iter().position(|l| l.id == "arrow").unwrap();
    let mut g = c.benchmark_group("frame");
    let mut base = bare();
    single_threaded(&mut base);
    base.update();
    g.bench_function("baseline/idle", |b| b.iter(|| base.update()));
    for (name, mut app) in [("7_pieces", app(classic, arrow)), ("100_pieces", app(hundred_squares(), 0))] {
        g.bench_function(format!("{name}/idle"), |b| b.iter(|| app.update()));
        // Pick up the first piece at its centroid, drag it a little, drop it: one frame.
        let (step, c0) = {
            let active = app.world().resource::<tessera::game::board::levels::ActiveLevel>();
            let step = active.level.set.step();
            let mut q = app.world_mut().query::<(&Piece, &PieceGeom, &Placed)>();
            let (_, g0, p0) = q.iter(app.world()).find(|(p, ..)| p.0 == 0).unwrap();
            (step, p0.world_centroid(g0, step))
        };
        let _ = step;
        let mut flip = false;
        g.bench_function(format!("{name}/pick_drag_drop"), |b| {
            b.iter(|| {
                let from = if flip { c0 + Vec2::new(0.5, 0.0) } else { c0 };
                let to = if flip { c0 } else { c0 + Vec2::new(0.5, 0.0) };
                flip = !flip;
                let w = app.world_mut();
                w.write_message(Action::Press(from));
                w.write_message(Action::Drag(to));
                w.write_message(Action::Release(to, 0.0));
                app.update();
            })
        });
    }
    g.finish();
}

criterion_group!(benches, frames);
criterion_main!(benches);
