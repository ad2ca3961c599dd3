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
    egui::Window::new("solved")
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -24.0])
        .collapsible(false)
        .resizable(false)
        .title_bar(false)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.heading(
                    egui::RichText::new(tr.s("solved-title")).size(30.0).color(egui::Color32::from_rgb(240, 200, 80)),
                );
                ui.label(tr.f(
                    "solved-line",
                    &[
                        ("name", level_name(&active.level, &tr).into()),
                        ("time", clock(info.ms).into()),
                        ("moves", info.moves.into()),
                    ],
                ));
                if info.new_best {
                    ui.label(tr.s("solved-best"));
                }
                ui.horizontal(|ui| {
                    let has_next = active.index + 1 < library.packs[active.pack].levels.len();
                    if has_next
                        && mark(ui.button(egui::RichText::new(tr.s("solved-next")).size(18.0)), "solved-next").clicked()
                    {
                        play.write(PlayLevel { pack: active.pack, level: active.index + 1 });
                    }
                    if ui.button(tr.s("solved-replay")).clicked() {
                        play.write(PlayLevel { pack: active.pack, level: active.index });
                    }
                    if mark(ui.button(tr.s("solved-levels")), "solved-levels").clicked() {
                        next.set(AppState::LevelSelect);
                    }
                });
            });
        });
    Ok(())
}
