//! The level list's cards and their pictures, drawn once by [`crate::content::thumbnail`] for the
//! cards in view (a few milliseconds a frame) and kept.

use super::prelude::*;
use super::widgets::clock;

/// Time a frame may spend drawing new thumbnails (about 1 ms each at 192 px, up to 4.3 ms for
/// the largest polycube box): the list opens at once and fills in over a few frames.
pub(super) const THUMBS_TIME: web_time::Duration = web_time::Duration::from_millis(6);

/// This frame's thumbnail drawing: until when, and whether a picture had to wait.
pub(super) struct Budget {
    pub(super) until: web_time::Instant,
    pub(super) left_out: bool,
}

/// Thumbnail pictures' size in pixels (shown at most this large, in points, on a 2x screen).
pub(super) const THUMB_PIXELS: u32 = 192;

/// Level thumbnails, drawn once (by [`crate::content::thumbnail`]) and kept as textures; a level is drawn
/// again only when what it shows changes (solved, or solved another way).
#[derive(Resource, Default)]
pub struct Thumbnails(std::collections::HashMap<String, (Shown, egui::TextureHandle)>);

/// What a level's picture shows.
#[derive(Clone, PartialEq)]
pub(super) enum Shown {
    Unsolved,
    /// Solved, by a save from before solutions were kept.
    Reference,
    /// Solved, as the player left it.
    Mine(Vec<crate::pieces::Placement>),
}

impl Thumbnails {
    /// The level's picture, drawn now if the frame's `budget` allows (`None` until then).
    pub(super) fn get(
        &mut self,
        ctx: &egui::Context,
        key: &str,
        level: &crate::level::Level,
        solved: Option<&[crate::pieces::Placement]>,
        budget: &mut Budget,
    ) -> Option<egui::TextureHandle> {
        // Solved: the player's own solution when the save holds it (an older save's solves
        // show the level's reference solution).
        let shown = match solved {
            None => Shown::Unsolved,
            Some([]) => Shown::Reference,
            Some(mine) => Shown::Mine(mine.to_vec()),
        };
        match self.0.get(key) {
            Some((s, t)) if *s == shown => Some(t.clone()),
            _ if web_time::Instant::now() >= budget.until => {
                budget.left_out = true;
                None
            }
            _ => {
                let pic = match &shown {
                    Shown::Mine(mine) => {
                        let mut own = level.clone();
                        own.solution = mine.clone();
                        crate::content::thumbnail::thumbnail(&own, true, THUMB_PIXELS)
                    }
                    _ => crate::content::thumbnail::thumbnail(level, shown == Shown::Reference, THUMB_PIXELS),
                };
                let n = pic.size as usize;
                let image = egui::ColorImage::from_rgba_unmultiplied([n, n], &pic.rgba);
                let t = ctx.load_texture(format!("thumb:{key}"), image, egui::TextureOptions::LINEAR);
                self.0.insert(key.to_string(), (shown, t.clone()));
                Some(t)
            }
        }
    }
}

/// One level in the list: its picture, name, difficulty and best time; greyed while locked.
pub(super) struct Card<'a> {
    pub(super) name: String,
    pub(super) difficulty: u8,
    /// Solved (`Some`), with its best time when one was timed.
    pub(super) best: Option<Option<u64>>,
    /// A board played for the score: the best score, shown in place of the best time.
    pub(super) score: Option<usize>,
    pub(super) open: bool,
    pub(super) small: bool,
    /// What a locked card says.
    pub(super) locked: &'a str,
}

impl Card<'_> {
    /// Lays the card out; `thumb` gives its picture when the card is in view.
    pub(super) fn show(
        self,
        ui: &mut egui::Ui,
        thumb: impl FnOnce(&egui::Context) -> Option<egui::TextureHandle>,
    ) -> egui::Response {
        // The name gets three rows, so long names (a daily puzzle's, Portuguese ones on a
        // phone's narrow card) are not cut.
        let (w, pic) = if self.small { (104.0, 64.0) } else { (150.0, 100.0) };
        let size = egui::vec2(w, pic + if self.small { 78.0 } else { 82.0 });
        let sense = if self.open { egui::Sense::click() } else { egui::Sense::hover() };
        let (rect, resp) = ui.allocate_exact_size(size, sense);
        if !ui.is_rect_visible(rect) {
            return resp;
        }
        let look = ui.style().interact(&resp);
        let p = ui.painter();
        let fill = if self.open { look.weak_bg_fill } else { ui.visuals().faint_bg_color.gamma_multiply(0.6) };
        p.rect(rect, 8.0, fill, look.bg_stroke, egui::StrokeKind::Inside);
        let img = egui::Rect::from_center_size(
            egui::pos2(rect.center().x, rect.top() + 4.0 + pic / 2.0),
            egui::vec2(pic, pic),
        );
        if let Some(t) = thumb(ui.ctx()) {
            let tint = if self.open { egui::Color32::WHITE } else { egui::Color32::from_white_alpha(70) };
            egui::Image::new((t.id(), img.size())).tint(tint).paint_at(ui, img);
        }
        let colour = if self.open { look.text_color() } else { ui.visuals().weak_text_color() };
        // Centred lines; the name may take two.
        let line = |text: String, size: f32, y: f32, colour: egui::Color32, rows: usize| {
            let mut job = egui::text::LayoutJob::simple(text, egui::FontId::proportional(size), colour, w - 10.0);
            job.halign = egui::Align::Center;
            job.wrap.max_rows = rows;
            let g = p.layout_job(job);
            p.galley(egui::pos2(rect.center().x, y), g, colour);
        };
        line(self.name, if self.small { 13.0 } else { 15.0 }, img.bottom() + 3.0, colour, 3);
        let stars = "★".repeat(self.difficulty as usize);
        let under = match (self.open, self.best) {
            (false, _) => self.locked.to_string(),
            (true, Some(ms)) => {
                let said = self.score.map(|s| s.to_string()).or(ms.map(clock)).unwrap_or_default();
                format!("✔ {said}  {stars}")
            }
            (true, None) => stars,
        };
        let gold = super::theme::accent_text(ui.ctx());
        line(under, 12.0, rect.bottom() - 19.0, if self.open { gold } else { colour }, 1);
        resp
    }
}
