//! The packs: one card each (a cover picture, the name, progress, the difficulty range), the
//! pack played last marked and scrolled to. A card opens the pack's grid
//! ([`super::level_list`]); any level is three taps from the menu (Play, its pack, the level).

use super::prelude::*;
use super::thumbnails::{Budget, Thumbnails};
use super::widgets::pack_name;

/// A pack card's height: a finger's target several times over on a phone.
const CARD_HEIGHT: f32 = 96.0;

/// What the pack cards are drawn from.
pub(super) struct Shelf<'a> {
    pub(super) library: &'a Library,
    pub(super) save: &'a SaveState,
    pub(super) tr: &'a Words,
    /// The pack played last: marked, and scrolled to when the packs open (`scroll`).
    pub(super) last: Option<usize>,
    pub(super) scroll: bool,
}

impl Shelf<'_> {
    /// Lays out the pack cards; returns the pack tapped.
    pub(super) fn show(&self, ui: &mut egui::Ui, thumbs: &mut Thumbnails, budget: &mut Budget) -> Option<usize> {
        let mut tapped = None;
        let width = ui.available_width();
        // Two columns when they fit at 340 points each.
        let columns = if width >= 2.0 * 340.0 + 12.0 { 2 } else { 1 };
        let card_w = (width - 12.0 * (columns - 1) as f32) / columns as f32 - 1.0;
        let library = self.library;
        let packs: Vec<usize> = (0..library.packs.len()).filter(|&p| !library.packs[p].levels.is_empty()).collect();
        for row in packs.chunks(columns) {
            ui.horizontal(|ui| {
                for &pi in row {
                    let last = self.last == Some(pi);
                    let resp = self.card(ui, thumbs, budget, pi, card_w);
                    if self.scroll && last {
                        resp.scroll_to_me(Some(egui::Align::Center));
                    }
                    let resp = if last { mark(resp, "pack-last") } else { resp };
                    if mark(resp, format!("pack:{}", library.packs[pi].id)).clicked() {
                        tapped = Some(pi);
                    }
                }
            });
            ui.add_space(6.0);
        }
        tapped
    }

    fn card(
        &self,
        ui: &mut egui::Ui,
        thumbs: &mut Thumbnails,
        budget: &mut Budget,
        pi: usize,
        width: f32,
    ) -> egui::Response {
        let (library, save, tr, last) = (self.library, self.save, self.tr, self.last == Some(pi));
        let pack = &library.packs[pi];
        let keys = library.keys(pi);
        let done = keys.iter().filter(|k| save.data.is_done(k)).count();
        let (rect, resp) = ui.allocate_exact_size(egui::vec2(width, CARD_HEIGHT), egui::Sense::click());
        if !ui.is_rect_visible(rect) {
            return resp;
        }
        let look = ui.style().interact(&resp);
        let gold = super::theme::accent_text(ui.ctx());
        let edge = if last { egui::Stroke::new(2.0, gold) } else { look.bg_stroke };
        let p = ui.painter();
        p.rect(rect, 12.0, look.weak_bg_fill, edge, egui::StrokeKind::Inside);
        // The cover: the first level still to solve (the last one once all are solved).
        let cover = (0..keys.len()).find(|&l| !save.data.is_done(&keys[l])).unwrap_or(keys.len() - 1);
        let solved = save.data.is_done(&keys[cover]);
        let shown = solved.then(|| save.data.solutions.get(&keys[cover]).map_or(&[][..], Vec::as_slice));
        let pic = egui::Rect::from_min_size(rect.min + egui::vec2(8.0, 8.0), egui::vec2(80.0, 80.0));
        if let Some(t) = thumbs.get(ui.ctx(), &keys[cover], &pack.levels[cover], shown, budget) {
            egui::Image::new((t.id(), pic.size())).paint_at(ui, pic);
        }
        let left = pic.right() + 12.0;
        let text_w = rect.right() - left - 10.0;
        let text = look.text_color();
        let weak = ui.visuals().weak_text_color();
        let line = |s: String, size: f32, y: f32, colour: egui::Color32| {
            let mut job = egui::text::LayoutJob::simple(s, egui::FontId::proportional(size), colour, text_w);
            job.wrap.max_rows = 1;
            p.galley(egui::pos2(left, y), p.layout_job(job), colour);
        };
        line(pack_name(pack, tr), 19.0, rect.top() + 10.0, text);
        let (lo, hi) =
            pack.levels.iter().fold((u8::MAX, 0), |(lo, hi), l| (lo.min(l.difficulty), hi.max(l.difficulty)));
        let range = if lo == hi { format!("★ {lo}") } else { format!("★ {lo}–{hi}") };
        line(range, 14.0, rect.top() + 36.0, gold);
        // Progress: a bar with the count beside it.
        let bar = egui::Rect::from_min_size(
            egui::pos2(left, rect.bottom() - 26.0),
            egui::vec2((text_w - 110.0).max(60.0), 10.0),
        );
        p.rect_filled(bar, 5.0, ui.visuals().extreme_bg_color);
        let share = done as f32 / keys.len().max(1) as f32;
        if share > 0.0 {
            let full = egui::Rect::from_min_size(bar.min, egui::vec2(bar.width() * share, bar.height()));
            p.rect_filled(full, 5.0, egui::Color32::from_rgb(110, 200, 130));
        }
        let count = tr.f("levels-solved", &[("done", done.into()), ("total", keys.len().into())]);
        p.text(
            egui::pos2(bar.right() + 8.0, bar.center().y),
            egui::Align2::LEFT_CENTER,
            count,
            egui::FontId::proportional(13.0),
            weak,
        );
        if last {
            p.text(
                egui::pos2(rect.right() - 10.0, rect.top() + 40.0),
                egui::Align2::RIGHT_CENTER,
                tr.s("packs-last"),
                egui::FontId::proportional(12.0),
                gold,
            );
        }
        resp
    }
}
