//! The solved screen.

use super::prelude::*;
use super::widgets::{clock, level_name};

#[allow(clippy::too_many_arguments)]
pub(super) fn solved(
    mut contexts: EguiContexts,
    info: Option<Res<SolvedInfo>>,
    active: Option<Res<ActiveLevel>>,
    library: Res<Library>,
    mut play: MessageWriter<PlayLevel>,
    mut next: ResMut<NextState<AppState>>,
    celebration: Res<crate::game::draw::celebration::Celebration>,
    time: Res<Time>,
    tr: Res<Words>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (Some(info), Some(active)) = (info, active) else { return Ok(()) };
    if !celebration.over(time.elapsed_secs()) {
        return Ok(());
    }
    // Below the figure (the view keeps the figure above `solved_panel`), centred: the
    // verdict, the time, moves and stars, a large Next, then Replay and Levels.
    let width = ctx.content_rect().width();
    let accent = super::theme::ACCENT;
    let frame = egui::Frame::new().fill(super::theme::bar(ctx)).corner_radius(12.0).inner_margin(14.0);
    egui::Area::new("solved".into()).anchor(egui::Align2::CENTER_BOTTOM, [0.0, -12.0]).show(ctx, |ui| {
        frame.show(ui, |ui| {
            let inner = (width - 56.0).min(460.0);
            ui.set_width(inner);
            ui.vertical_centered(|ui| {
                verdict(ui, &info, &active, &tr);
                ui.add_space(6.0);
                let has_next = active.index + 1 < library.packs[active.pack].levels.len();
                let big = egui::vec2(inner.min(260.0), 48.0);
                let next_button = egui::Button::new(
                    egui::RichText::new(tr.s("solved-next")).size(20.0).strong().color(egui::Color32::BLACK),
                )
                .fill(accent)
                .corner_radius(10.0)
                .min_size(big);
                if has_next && mark(ui.add(next_button), "solved-next").clicked() {
                    play.write(PlayLevel { pack: active.pack, level: active.index + 1 });
                }
                ui.add_space(4.0);
                // Two buttons of known width, so the row can be centred.
                let small = egui::vec2(((big.x - 8.0) / 2.0).max(110.0), 44.0);
                ui.horizontal(|ui| {
                    ui.add_space(((ui.available_width() - 2.0 * small.x - 8.0) / 2.0).max(0.0));
                    ui.spacing_mut().item_spacing.x = 8.0;
                    if ui.add(egui::Button::new(tr.s("solved-replay")).min_size(small)).clicked() {
                        play.write(PlayLevel { pack: active.pack, level: active.index });
                    }
                    if mark(ui.add(egui::Button::new(tr.s("solved-levels")).min_size(small)), "solved-levels").clicked()
                    {
                        next.set(AppState::LevelSelect);
                    }
                });
            });
        });
    });
    Ok(())
}

/// A line of parts joined by "  ·  ", the parts after the first (the time, the moves) kept
/// whole: on a narrow panel it breaks between parts, never as "0 / moves".
fn keep_whole(line: &str) -> String {
    let mut parts = line.split("  ·  ");
    let first = parts.next().unwrap_or_default().to_string();
    parts.fold(first, |acc, p| acc + "  ·  " + &p.replace(' ', "\u{a0}"))
}

/// The verdict: solved (or every tile laid, on a board played for the score), the level,
/// time and moves, the score and its best, and the stars with a new best time.
fn verdict(ui: &mut egui::Ui, info: &SolvedInfo, active: &ActiveLevel, tr: &Words) {
    let (gold, accent) = (super::theme::accent_text(ui.ctx()), super::theme::ACCENT);
    // A board played for the score is done when every tile is laid.
    let title = match info.score {
        Some((got, max, ..)) if got < max => "solved-laid",
        _ => "solved-title",
    };
    ui.label(egui::RichText::new(tr.s(title)).size(28.0).strong().color(gold));
    let line = tr.f(
        "solved-line",
        &[
            ("name", level_name(&active.level, tr).into()),
            ("time", clock(info.ms).into()),
            ("moves", info.moves.into()),
        ],
    );
    ui.label(keep_whole(&line));
    if let Some((got, max, best, new)) = info.score {
        let says = tr.f("solved-score", &[("score", got.into()), ("max", max.into()), ("best", best.into())]);
        ui.label(egui::RichText::new(keep_whole(&says)).strong().color(if new { gold } else { accent }));
    }
    let stars = "★".repeat(active.level.difficulty as usize);
    if info.new_best && info.score.is_none() {
        ui.label(egui::RichText::new(format!("{stars}  ·  {}", tr.s("solved-best"))).color(gold));
    } else {
        ui.label(egui::RichText::new(stars).color(gold));
    }
}
