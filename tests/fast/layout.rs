//! The board's layout on the screen: the tray never covers the figure, and the figure gets a
//! good share of the window on a desktop and on a phone.
#![cfg(feature = "game")]

use bevy::prelude::*;
use tessera::game::board::pieces::{bbox_of, start_layout};
use tessera::game::board::view::free_area;

/// The figure's longer side on screen, as a share of the window's shorter side, for a level
/// laid out in a window of `size` (as `fit_view` fits its bounds into the free area); checks on
/// the way that no piece in the tray overlaps the figure's box or another piece's.
fn share(level: &tessera::level::Level, size: Vec2) -> f32 {
    let solid = tessera::game::board::pieces::solid_frame(level, size);
    let free = free_area(size, solid.is_some(), false);
    let (start, bounds) = start_layout(level, free.x / free.y, solid);
    let mut figure = bbox_of(&level.target);
    if let Some(r) = solid {
        figure.add(tessera::geom::pt(r.min.x as f64, r.min.y as f64));
        figure.add(tessera::geom::pt(r.max.x as f64, r.max.y as f64));
        // The layers' names under their panels: no piece lies on them.
        let labels = tessera::game::board::layout::LABELS as f64;
        figure.add(tessera::geom::pt(figure.min.x, figure.min.y - labels));
    }
    let boxes: Vec<_> = level.place(&start).iter().map(|r| bbox_of(r)).collect();
    let apart = |a: &tessera::geom::BBox, b: &tessera::geom::BBox| {
        a.max.x <= b.min.x + 1e-6 || b.max.x <= a.min.x + 1e-6 || a.max.y <= b.min.y + 1e-6 || b.max.y <= a.min.y + 1e-6
    };
    for (i, b) in boxes.iter().enumerate() {
        assert!(apart(b, &figure), "{}: piece {i} covers the figure at {size}", level.id);
        for (j, c) in boxes.iter().enumerate().skip(i + 1) {
            assert!(apart(b, c), "{}: pieces {i} and {j} overlap in the tray at {size}", level.id);
        }
    }
    let scale = (free.x / bounds.width()).min(free.y / bounds.height());
    let long = (figure.max.x - figure.min.x).max(figure.max.y - figure.min.y) as f32;
    long * scale / size.min_element()
}

#[test]
fn the_tray_keeps_off_the_figure_and_the_figure_is_large() {
    let mut report = vec![];
    let mut worst = vec![];
    for size in [Vec2::new(1280.0, 800.0), Vec2::new(390.0, 844.0)] {
        let mut shares = vec![];
        for pack in tessera::level::embedded_packs() {
            for level in &pack.levels {
                shares.push((share(level, size), format!("{}/{}", pack.id, level.id)));
            }
        }
        shares.sort_by(|a, b| a.0.total_cmp(&b.0));
        let median = shares[shares.len() / 2].0;
        let half = shares.iter().filter(|s| s.0 >= 0.5).count();
        let tangram: Vec<_> = shares.iter().filter(|s| s.1.starts_with("classic/")).collect();
        let t_half = tangram.iter().filter(|s| s.0 >= 0.5).count();
        report.push(format!(
            "{size}: figure's longer side / window's shorter side over {} levels: min {:.2} ({}), median {median:.2}, \
             at least 0.5 in {half}; classic tangrams: min {:.2} ({}), at least 0.5 in {t_half} of {}",
            shares.len(),
            shares[0].0,
            shares[0].1,
            tangram[0].0,
            tangram[0].1,
            tangram.len(),
        ));
        worst.push((median, tangram[0].0));
    }
    println!("{}", report.join("\n"));
    // Guards against a layout that wastes the screen (the figures measured when this was
    // written: see the report); seven tangram pieces in a tray take about twice the figure's
    // area in bounding boxes, which caps how large a compact figure can be drawn.
    for (median, tangram) in worst {
        assert!(median >= 0.5 && tangram >= 0.4, "{}", report.join("\n"));
    }
}

/// Issue P1b, item 9: on a phone held upright a polycube level's 3D view may be a lower strip,
/// as wide as the layer panels, so that the layer cells and the tray get more of the board's
/// height. For every polycube level the cells are drawn at least as large as with the
/// desktop's 3D view, and larger in all but the levels as wide as the phone; the 3D view stays
/// at least 100 px tall. The report gives each level's cell size (the 44 px a fingertip wants
/// is reached by the pinch zoom where the board is larger).
#[test]
fn polycube_boards_on_a_phone_give_the_cells_the_height() {
    use tessera::game::board::layout::frame;
    use tessera::game::board::pieces::solid_frame;
    let size = Vec2::new(390.0, 844.0);
    let free = free_area(size, true, false);
    let cell = |level: &tessera::level::Level, solid: Rect| {
        let (_, bounds) = start_layout(level, free.x / free.y, Some(solid));
        let cell = (free.x / bounds.width()).min(free.y / bounds.height());
        (cell, solid.height() * cell)
    };
    let mut report = vec![];
    let (mut failures, mut larger) = (vec![], 0);
    for pack in tessera::level::embedded_packs() {
        for level in pack.levels.iter().filter(|l| l.solid().is_some()) {
            let (wide, _) = cell(level, frame(level, 1.0).unwrap());
            let (phone, view) = cell(level, solid_frame(level, size).unwrap());
            let line = format!("{}/{}: cell {wide:.0} -> {phone:.0} px, 3D view {view:.0} px tall", pack.id, level.id);
            if phone < wide - 0.01 || view < 100.0 {
                failures.push(line.clone());
            }
            larger += usize::from(phone > wide * 1.05);
            report.push(line);
        }
    }
    println!("{}", report.join("\n"));
    assert!(failures.is_empty(), "on a phone:\n{}", failures.join("\n"));
    assert!(larger * 2 > report.len(), "cells larger in only {larger} of {} levels", report.len());
}
