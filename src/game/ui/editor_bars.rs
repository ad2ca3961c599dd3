//! The editing screen: the top bar with the live verdict and the painting tools, where boards
//! and tile grids are painted, each change sent as [`DraftChanged`].

use super::prelude::*;
use super::widgets::{good, rgb, warn};
use crate::content::editor::{PolyDraft, TilesDraft};
use crate::game::meta::editor::{Draft, DraftChanged, Editor, SaveDraft, Verdict};

/// The editing screen: name, live verdict and saving on top; the family's tools below.
#[allow(clippy::too_many_arguments)]
pub fn editing(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<AppState>>,
    mut editor: ResMut<Editor>,
    hist: Res<History>,
    mut actions: MessageWriter<Action>,
    mut changed: MessageWriter<DraftChanged>,
    mut save: MessageWriter<SaveDraft>,
    mut paint: Local<(u16, Option<bool>, bool)>,
    tr: Res<Words>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let rect = ctx.content_rect();
    let bar = egui::Frame::new().fill(super::theme::bar(ctx)).inner_margin(8.0);
    let ed = &mut *editor;
    let colour = match &ed.verdict {
        Verdict::Done(a) if a.unique() => good(ctx),
        Verdict::Done(a) if a.solvable() => super::theme::accent_text(ctx),
        Verdict::Thinking => ctx.global_style().visuals.weak_text_color(),
        v if v.is_guidance() => ctx.global_style().visuals.weak_text_color(),
        _ => warn(ctx),
    };
    let verdict = egui::RichText::new(ed.verdict.text(&tr)).strong().color(colour);
    top_bar(ctx, bar, ed, verdict, &mut next, &mut save, &tr);
    let mut dirty = false;
    match ed.draft.as_mut() {
        Some(Draft::Pieces(_)) => {
            let whole = piece_tools(ctx, bar, ed.whole_set, &hist, &mut actions, &tr);
            if whole != ed.whole_set {
                ed.whole_set = whole;
                dirty = true;
            }
        }
        Some(Draft::Poly(d)) => {
            let (_, stroke, ring) = &mut *paint;
            dirty = tools_area(ctx, rect, |ui, avail| poly_tools(ui, d, (stroke, ring), avail, &tr));
        }
        Some(Draft::Edge(d)) => {
            dirty = tools_area(ctx, rect, |ui, avail| edge_tools(ui, d, &mut paint.0, avail, &tr));
        }
        None => {}
    }
    if dirty {
        ed.status = None;
        changed.write(DraftChanged);
    }
    Ok(())
}

/// The top bar: back, the level's name, saving (and playing) once it is solvable, the live
/// verdict and the last status.
fn top_bar(
    ctx: &egui::Context,
    bar: egui::Frame,
    ed: &mut Editor,
    verdict: egui::RichText,
    next: &mut NextState<AppState>,
    save: &mut MessageWriter<SaveDraft>,
    tr: &Words,
) {
    // A phone gets two short rows on top and compact buttons below, inside the HUD's insets.
    let narrow = layout(ctx).narrow;
    egui::Area::new("editor-top".into()).anchor(egui::Align2::LEFT_TOP, [0.0, 0.0]).show(ctx, |ui| {
        bar.show(ui, |ui| {
            ui.set_width(ctx.content_rect().width() - 16.0);
            ui.horizontal_wrapped(|ui| {
                if ui.button(tr.s("back-editor")).on_hover_text(tr.s("back-editor-tip")).clicked() {
                    next.set(AppState::Editor);
                }
                if !narrow {
                    ui.label(tr.s("editor-name"));
                }
                let width = if narrow { 96.0 } else { 140.0 };
                ui.add(
                    egui::TextEdit::singleline(&mut ed.name)
                        .hint_text(tr.s("editor-name"))
                        .desired_width(width)
                        .min_size(egui::vec2(0.0, ui.spacing().interact_size.y))
                        .vertical_align(egui::Align::Center),
                );
                let solvable = matches!(&ed.verdict, Verdict::Done(a) if a.solvable());
                if ui.add_enabled(solvable, egui::Button::new(tr.s("editor-save"))).clicked() {
                    save.write(SaveDraft { playtest: false });
                }
                let play = tr.s(if narrow { "menu-play" } else { "editor-save-play" });
                if ui
                    .add_enabled(solvable, egui::Button::new(play))
                    .on_hover_text(tr.s("editor-save-play-tip"))
                    .clicked()
                {
                    save.write(SaveDraft { playtest: true });
                }
                if !narrow {
                    ui.add(egui::Label::new(verdict.clone()).wrap_mode(egui::TextWrapMode::Wrap));
                }
            });
            // A phone gives the verdict a row of its own.
            if narrow {
                ui.add(egui::Label::new(verdict).wrap_mode(egui::TextWrapMode::Wrap));
            }
            if let Some(s) = &ed.status {
                ui.colored_label(if s.good { good(ui.ctx()) } else { warn(ui.ctx()) }, tr.text(&s.text));
            }
        });
    });
}

/// A figure's tools at the bottom: undo, redo, turns, flip, clear, and whether the level
/// takes the whole set; returns that choice.
fn piece_tools(
    ctx: &egui::Context,
    bar: egui::Frame,
    mut whole: bool,
    hist: &History,
    actions: &mut MessageWriter<Action>,
    tr: &Words,
) -> bool {
    let narrow = layout(ctx).narrow;
    egui::Area::new("editor-bottom".into()).anchor(egui::Align2::CENTER_BOTTOM, [0.0, -6.0]).show(ctx, |ui| {
        bar.corner_radius(8.0).show(ui, |ui| {
            if narrow {
                ui.spacing_mut().button_padding = egui::vec2(6.0, 5.0);
                ui.spacing_mut().item_spacing.x = 5.0;
            } else {
                ui.weak(tr.s("editor-drag-help"));
            }
            ui.horizontal_wrapped(|ui| {
                if ui.add_enabled(!hist.undo.is_empty(), egui::Button::new(tr.s("undo"))).clicked() {
                    actions.write(Action::Do(Command::Undo));
                }
                if ui.add_enabled(!hist.redo.is_empty(), egui::Button::new(tr.s("redo"))).clicked() {
                    actions.write(Action::Do(Command::Redo));
                }
                if super::widgets::tap_button(ui, "⟲").on_hover_text(tr.s("turn-left-tip")).clicked() {
                    actions.write(Action::Do(Command::Rotate(1)));
                }
                if super::widgets::tap_button(ui, "⟳").on_hover_text(tr.s("turn-right-tip")).clicked() {
                    actions.write(Action::Do(Command::Rotate(-1)));
                }
                if super::widgets::tap_button(ui, tr.s("flip")).on_hover_text(tr.s("flip-tip")).clicked() {
                    actions.write(Action::Do(Command::Flip));
                }
                if ui.button(tr.s("editor-clear")).on_hover_text(tr.s("editor-clear-tip")).clicked() {
                    actions.write(Action::Do(Command::Restart));
                }
                ui.checkbox(&mut whole, tr.s("editor-all-pieces")).on_hover_text(tr.s("editor-all-pieces-tip"));
            });
        });
    });
    whole
}

/// The painting tools under the top bar, given the room they have.
pub(super) fn tools_area(
    ctx: &egui::Context,
    rect: egui::Rect,
    tools: impl FnOnce(&mut egui::Ui, egui::Vec2) -> bool,
) -> bool {
    let top = if rect.width() < crate::game::board::view::NARROW { 110.0 } else { 70.0 }
        + if layout(ctx).touch { 16.0 } else { 0.0 };
    let avail = egui::vec2(rect.width() - 24.0, rect.height() - top - 12.0);
    egui::Area::new("editor-tools".into())
        .fixed_pos(rect.min + egui::vec2(12.0, top))
        .show(ctx, |ui| {
            ui.set_width(avail.x);
            tools(ui, avail)
        })
        .inner
}

/// A board's size, the areas to fill and to fill with, the ring brush, and which parts the
/// level takes; true when something changed.
fn poly_settings(ui: &mut egui::Ui, d: &mut PolyDraft, ring: &mut bool, tr: &Words) -> bool {
    let mut dirty = false;
    let mut size = d.size;
    ui.horizontal_wrapped(|ui| {
        ui.label(tr.s("editor-width"));
        ui.add(egui::DragValue::new(&mut size[0]).range(1..=crate::content::editor::POLY_MAX_SIDE));
        ui.label(tr.s("editor-height"));
        ui.add(egui::DragValue::new(&mut size[1]).range(1..=crate::content::editor::POLY_MAX_SIDE));
        if d.dim == 3 {
            ui.label(tr.s("layers"));
            ui.add(egui::DragValue::new(&mut size[2]).range(1..=crate::content::editor::POLY_MAX_SIDE));
        }
        let (cells, parts) = d.areas();
        let says = tr.f("editor-areas", &[("n", cells.into()), ("of", parts.into())]);
        ui.colored_label(if d.areas_fit() { good(ui.ctx()) } else { warn(ui.ctx()) }, says);
        ui.checkbox(ring, tr.s("editor-ring")).on_hover_text(tr.s("editor-ring-tip"));
    });
    if size != d.size {
        d.resize(size);
        dirty = true;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(tr.s("editor-parts"));
        for (k, (name, cells)) in d.parts.iter().enumerate() {
            let text = match d.copies[k] {
                (1, 1) => format!("{name} ({})", cells.len()),
                (most, fewest) if most == fewest => format!("{name} ({}) ×{most}", cells.len()),
                (most, fewest) => format!("{name} ({}) ×{fewest}–{most}", cells.len()),
            };
            // Each part with its picture: a name and a size alone told three tetrahexes apart
            // only by trying them.
            let (pic, toggle) = super::editor_cells::part_toggle(ui, d.grid, cells, &mut d.picked[k], text);
            if toggle.changed() || pic.clicked() {
                dirty = true;
            }
        }
    });
    dirty
}

/// Size, parts and the painted cells of a board; true when something changed. `brush` is the
/// stroke under way (what it sets each cell it crosses to) and whether it rings cells as ones
/// that may stay empty instead of painting them.
pub(super) fn poly_tools(
    ui: &mut egui::Ui,
    d: &mut PolyDraft,
    brush: (&mut Option<bool>, &mut bool),
    room: egui::Vec2,
    tr: &Words,
) -> bool {
    let (stroke, ring) = brush;
    let mut dirty = poly_settings(ui, d, ring, tr);
    ui.weak(tr.s("editor-paint-cells"));
    let avail = egui::vec2(room.x, room.y - ui.min_rect().height() - 8.0);
    if let Some(cells) = d.polygons() {
        return super::editor_cells::paint_polygons(ui, d, &cells, (stroke, ring), avail) || dirty;
    }
    // The layers side by side, bottom layer first, each a grid with y up.
    let layers = d.size[2];
    let cols = d.size[0] * layers + (layers - 1);
    let cell = (avail.x / cols as f32).min(avail.y / d.size[1] as f32).clamp(8.0, 72.0);
    let (resp, painter) = ui
        .vertical_centered(|ui| {
            ui.allocate_painter(egui::vec2(cell * cols as f32, cell * d.size[1] as f32), egui::Sense::click_and_drag())
        })
        .inner;
    let origin = resp.rect.min;
    let size = d.size;
    let cell_rect = |x: i32, y: i32, z: i32| {
        let left = origin.x + ((z * (size[0] + 1) + x) as f32) * cell;
        let top = origin.y + ((size[1] - 1 - y) as f32) * cell;
        egui::Rect::from_min_size(egui::pos2(left, top), egui::vec2(cell, cell)).shrink(1.0)
    };
    let hit = resp.interact_pointer_pos().and_then(|p| {
        let (gx, gy) = (((p.x - origin.x) / cell).floor() as i32, ((p.y - origin.y) / cell).floor() as i32);
        let (z, x) = (gx.div_euclid(d.size[0] + 1), gx.rem_euclid(d.size[0] + 1));
        let y = d.size[1] - 1 - gy;
        (x < d.size[0] && (0..layers).contains(&z) && (0..d.size[1]).contains(&y)).then(|| d.index(x, y, z))
    });
    // A stroke paints (or rings) every cell it crosses the way its first cell went.
    dirty |= super::editor_cells::stroke_over(d, hit, (stroke, *ring), &resp);
    for z in 0..layers {
        for y in 0..d.size[1] {
            for x in 0..d.size[0] {
                let i = d.index(x, y, z);
                let fill =
                    if d.on[i] { egui::Color32::from_rgb(69, 77, 94) } else { egui::Color32::from_rgb(32, 34, 40) };
                let r = cell_rect(x, y, z);
                painter.rect_filled(r, 2.0, fill);
                if d.optional[i] {
                    let line = egui::Stroke::new((r.width() * 0.08).max(1.0), egui::Color32::from_rgb(28, 31, 38));
                    painter.circle_stroke(r.center(), r.width() * 0.22, line);
                }
            }
        }
    }
    dirty
}

/// An edge grid's size, colours and turning (a change generates a new grid), and the colour
/// the brush paints; true when the grid changed.
fn edge_settings(ui: &mut egui::Ui, d: &mut TilesDraft, brush: &mut u16, tr: &Words) -> bool {
    let mut dirty = false;
    let (mut cols, mut rows, mut colors, mut rotate) = (d.cols, d.rows, d.colors().clamp(2, 12), d.rotate);
    ui.horizontal_wrapped(|ui| {
        ui.label(tr.s("editor-columns"));
        ui.add(egui::DragValue::new(&mut cols).range(2..=8));
        ui.label(tr.s("editor-rows"));
        ui.add(egui::DragValue::new(&mut rows).range(2..=8));
        ui.label(tr.s("editor-colours"));
        ui.add(egui::DragValue::new(&mut colors).range(1..=12));
        ui.checkbox(&mut rotate, tr.s("editor-tiles-turn"));
        if ui.button(tr.s("editor-generate")).on_hover_text(tr.s("editor-generate-tip")).clicked()
            || (cols, rows) != (d.cols, d.rows)
        {
            if let Ok(g) = TilesDraft::generate(cols, rows, colors, rotate, d.seed.wrapping_add(1)) {
                *d = g;
                dirty = true;
            }
        }
    });
    if rotate != d.rotate {
        d.rotate = rotate;
        dirty = true;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(tr.s("editor-paint-with"));
        for c in 1..=d.colors().max(*brush).max(1) + 1 {
            let sel = *brush == c;
            let b = egui::Button::new(egui::RichText::new(format!("{c}")).color(egui::Color32::BLACK))
                .fill(rgb(crate::tiles::side_rgb(c)))
                .stroke(if sel { egui::Stroke::new(3.0, egui::Color32::WHITE) } else { egui::Stroke::NONE })
                .min_size(egui::vec2(30.0, 26.0));
            if ui.add(b).clicked() {
                *brush = c;
            }
        }
    });
    *brush = (*brush).max(1);
    dirty
}

/// Size, colours, turning, generating and the painted sides of an edge grid; true when
/// something changed.
pub(super) fn edge_tools(ui: &mut egui::Ui, d: &mut TilesDraft, brush: &mut u16, room: egui::Vec2, tr: &Words) -> bool {
    let mut dirty = edge_settings(ui, d, brush, tr);
    ui.weak(tr.s("editor-paint-sides"));
    let avail = egui::vec2(room.x, room.y - ui.min_rect().height() - 8.0);
    let cell = (avail.x / d.cols as f32).min(avail.y / d.rows as f32).clamp(24.0, 140.0);
    let (resp, painter) = ui
        .vertical_centered(|ui| {
            ui.allocate_painter(egui::vec2(cell * d.cols as f32, cell * d.rows as f32), egui::Sense::click())
        })
        .inner;
    let origin = resp.rect.min;
    let cols = d.cols;
    let corners = |cell_i: usize| {
        let (x, y) = ((cell_i % cols) as f32, (cell_i / cols) as f32);
        let tl = origin + egui::vec2(x * cell, y * cell);
        [tl, tl + egui::vec2(cell, 0.0), tl + egui::vec2(cell, cell), tl + egui::vec2(0.0, cell)]
    };
    if let (true, Some(p)) = (resp.clicked(), resp.interact_pointer_pos()) {
        let (gx, gy) = ((p.x - origin.x) / cell, (p.y - origin.y) / cell);
        if gx >= 0.0 && gy >= 0.0 && (gx as usize) < d.cols && (gy as usize) < d.rows {
            let (fx, fy) = (gx.fract() - 0.5, gy.fract() - 0.5);
            // The triangle the point is in: the side it is nearest.
            let side = if fy.abs() > fx.abs() {
                if fy < 0.0 {
                    0
                } else {
                    2
                }
            } else if fx > 0.0 {
                1
            } else {
                3
            };
            let cell_i = gy as usize * d.cols + gx as usize;
            if !d.on_frame(cell_i, side) && d.side(cell_i, side) != *brush {
                d.paint(cell_i, side, *brush);
                dirty = true;
            }
        }
    }
    let ink = egui::Color32::from_rgb(20, 20, 26);
    for i in 0..d.grid.len() {
        let c = corners(i);
        let mid = c[0] + (c[2] - c[0]) * 0.5;
        for side in 0..4 {
            let (a, b) = (c[side], c[(side + 1) % 4]);
            let colour = d.side(i, side);
            painter.add(egui::Shape::convex_polygon(
                vec![a, b, mid],
                rgb(crate::tiles::side_rgb(colour)),
                egui::Stroke::new(1.0, ink),
            ));
            if colour > 0 {
                let at = mid + ((a + (b - a) * 0.5) - mid) * 0.6;
                painter.text(at, egui::Align2::CENTER_CENTER, colour, egui::FontId::proportional(cell * 0.2), ink);
            }
        }
    }
    dirty
}
