//! The editor's home: new drafts (a set, a board, tiles), an SVG drawing, and the player's
//! own levels (edit, play, copy code, delete).

use super::prelude::*;
use super::widgets::{good, warn};
use crate::content::editor::PACK;
use crate::game::meta::editor::{DeleteLevel, EditRequest, Editor, Status};
use crate::support::i18n::Text;

/// Dissection sets offered, with their names' message ids.
const SETS: [(&str, &str); 5] = [
    ("tangram", "set-tangram"),
    ("tpuzzle", "set-tpuzzle"),
    ("egg", "set-egg"),
    ("heart", "set-heart"),
    ("circle", "set-circle"),
];
/// Part sets offered for boards.
const BOARDS: [(&str, &str); 8] = [
    ("pentominoes", "set-pentominoes"),
    ("tetrominoes", "set-tetrominoes"),
    ("hexominoes", "set-hexominoes"),
    ("hexiamonds", "set-hexiamonds"),
    ("tetrahexes", "set-tetrahexes"),
    ("pentahexes", "set-pentahexes"),
    ("soma", "set-soma"),
    ("tetracubes", "set-tetracubes"),
];

/// The editor's home screen.
#[allow(clippy::too_many_arguments)]
pub fn home(
    mut contexts: EguiContexts,
    mut next: ResMut<NextState<AppState>>,
    library: Res<Library>,
    mut editor: ResMut<Editor>,
    mut edit: MessageWriter<EditRequest>,
    mut play: MessageWriter<PlayLevel>,
    mut delete: MessageWriter<DeleteLevel>,
    mut svg: Local<(String, usize)>,
    mut confirm: Local<Option<String>>,
    tr: Res<Words>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let size = ctx.content_rect().size();
    let window =
        super::widgets::centered_window("editor").fixed_size([(size.x - 40.0).min(900.0), (size.y - 60.0).max(200.0)]);
    window.show(ctx, |ui| {
        ui.horizontal(|ui| {
            if ui.button(tr.s("back-menu")).clicked() {
                next.set(AppState::MainMenu);
            }
            ui.heading(tr.s("editor-title"));
        });
        ui.label(tr.s("editor-about"));
        let shown = egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            new_level_buttons(ui, &mut edit, &mut svg, &tr);
            if let Some(s) = &editor.status {
                ui.colored_label(if s.good { good(ui.ctx()) } else { warn(ui.ctx()) }, tr.text(&s.text));
            }
            ui.add_space(8.0);
            let mine = library.packs.iter().position(|p| p.id == PACK);
            let count = mine.map_or(0, |p| library.packs[p].levels.len());
            ui.label(egui::RichText::new(tr.f("editor-mine", &[("count", count.into())])).strong().size(18.0));
            let Some(pi) = mine else {
                ui.weak(tr.s("editor-mine-empty"));
                return;
            };
            for (li, level) in library.packs[pi].levels.iter().enumerate() {
                let row = Row { pi, li, level };
                row.show(ui, &mut editor, &mut edit, &mut play, &mut delete, &mut confirm, &tr);
            }
        });
        crate::game::probe::mark_scroll(ui.ctx(), shown, "editor");
    });
    Ok(())
}

/// The ways to start a level: a figure of a piece set, a board of a part set, coloured tiles,
/// or an SVG drawing (its path and the set its pieces come from).
fn new_level_buttons(ui: &mut egui::Ui, edit: &mut MessageWriter<EditRequest>, svg: &mut (String, usize), tr: &Words) {
    ui.add_space(6.0);
    ui.label(egui::RichText::new(tr.s("editor-new-figure")).strong());
    ui.horizontal_wrapped(|ui| {
        for (set, label) in SETS {
            if ui.add(egui::Button::new(tr.s(label)).min_size(egui::vec2(110.0, 34.0))).clicked() {
                edit.write(EditRequest::Pieces(set.into()));
            }
        }
    });
    ui.label(egui::RichText::new(tr.s("editor-new-board")).strong());
    ui.horizontal_wrapped(|ui| {
        for (set, label) in BOARDS {
            if ui.add(egui::Button::new(tr.s(label)).min_size(egui::vec2(110.0, 34.0))).clicked() {
                edit.write(EditRequest::Poly(set.into()));
            }
        }
    });
    ui.label(egui::RichText::new(tr.s("editor-new-edge")).strong());
    if ui.add(egui::Button::new(tr.s("editor-coloured-tiles")).min_size(egui::vec2(110.0, 34.0))).clicked() {
        edit.write(EditRequest::Edge);
    }
    ui.label(egui::RichText::new(tr.s("editor-from-svg")).strong());
    ui.horizontal_wrapped(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut svg.0)
                .hint_text(tr.s("editor-svg-hint"))
                // Room beside it for the set's menu, so the row never widens the window.
                .desired_width((ui.available_width() - 120.0).clamp(120.0, 260.0))
                .min_size(egui::vec2(0.0, ui.spacing().interact_size.y))
                .vertical_align(egui::Align::Center),
        );
        egui::ComboBox::from_id_salt("svg-set").selected_text(tr.s(SETS[svg.1].1)).show_ui(ui, |ui| {
            for (k, (_, label)) in SETS.iter().enumerate().take(2) {
                ui.selectable_value(&mut svg.1, k, tr.s(label));
            }
        });
        if ui.add_enabled(!svg.0.trim().is_empty(), egui::Button::new(tr.s("editor-open-svg"))).clicked() {
            edit.write(EditRequest::Svg(svg.0.trim().into(), SETS[svg.1].0.into()));
        }
    });
}

/// One of the player's own levels in the editor's list.
struct Row<'a> {
    pi: usize,
    li: usize,
    level: &'a crate::level::Level,
}

impl Row<'_> {
    /// Its name, stars and family, and its buttons: edit, play, copy its code, delete (asked
    /// twice).
    #[allow(clippy::too_many_arguments)]
    fn show(
        &self,
        ui: &mut egui::Ui,
        editor: &mut Editor,
        edit: &mut MessageWriter<EditRequest>,
        play: &mut MessageWriter<PlayLevel>,
        delete: &mut MessageWriter<DeleteLevel>,
        confirm: &mut Option<String>,
        tr: &Words,
    ) {
        let (pi, li, level) = (self.pi, self.li, self.level);
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{}  {}", level.name, "★".repeat(level.difficulty as usize)));
            ui.weak(tr.s(level.family.title()));
            if ui.button(tr.s("hud-edit")).clicked() {
                edit.write(EditRequest::Level(format!("{PACK}/{}", level.id)));
            }
            if ui.button(tr.s("menu-play")).clicked() {
                play.write(PlayLevel { pack: pi, level: li });
            }
            if ui.button(tr.s("copy-code")).clicked() {
                ui.ctx().copy_text(crate::content::share::text_to_copy(crate::content::share::encode(&level.entry)));
                editor.status = Status::good(Text::new("editor-copied").with("name", level.name.as_str()));
            }
            if confirm.as_deref() == Some(level.id.as_str()) {
                if ui.button(egui::RichText::new(tr.s("editor-really-delete")).color(warn(ui.ctx()))).clicked() {
                    delete.write(DeleteLevel(level.id.clone()));
                    *confirm = None;
                }
                if ui.button(tr.s("editor-keep")).clicked() {
                    *confirm = None;
                }
            } else if ui.button(tr.s("editor-delete")).clicked() {
                *confirm = Some(level.id.clone());
            }
        });
    }
}
