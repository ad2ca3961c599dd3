//! Where things go on the board that the pieces' start layout must keep clear of: for
//! polycube levels, the 3D view of the solid above its layer panels. Pure layout, no drawing:
//! the pieces plugin (logic), the orbit's input (`orbit`) and the view (`solid`) read it.

use bevy::prelude::*;

/// World units per cube edge in the view.
const EDGE: f32 = 1.7;
/// Space between the view and the layer panels below it.
const GAP: f32 = 0.9;
/// Room under the layer panels for their names (board units), which pieces keep clear of.
pub const LABELS: f32 = 0.9;
/// The heights a compact screen's 3D view may keep, as shares of a large screen's: the one
/// that draws the board's cells largest is used ([`crate::game::board::pieces`]).
pub const COMPACT: [f32; 4] = [1.0, 0.8, 0.65, 0.5];

/// A screen whose shorter side is a phone's: there the 3D view may take less of the board's
/// height, which every layer cell and tray piece would otherwise pay for.
pub fn compact(screen: Vec2) -> bool {
    screen.min_element() < crate::game::board::view::NARROW
}

/// A fixed view of the solid, seen from the front right (+x, -y) and above (screen right is
/// x + y, up is y - x + 2z): its outline sizes the 3D view's rectangle.
fn project(p: Vec3) -> Vec2 {
    Vec2::new((p.x + p.y) / std::f32::consts::SQRT_2, (p.y - p.x + 2.0 * p.z) / 6f32.sqrt()) * EDGE
}

/// The rectangle of a polycube level's 3D view, centred over its layer panels (the layout keeps
/// pieces out of it). `None` for other levels. With a `share` under 1 (a [`compact`] screen) it
/// is that much lower, and as wide as the panels: the camera fits the solid into any shape.
pub fn frame(level: &crate::level::Level, share: f32) -> Option<Rect> {
    frame_at(level, share, false)
}

/// [`frame`], or `beside` the layer panels (at their left, its middle level with theirs): a
/// phone held sideways lacks height, and there the view takes all of it.
pub fn frame_at(level: &crate::level::Level, share: f32, beside: bool) -> Option<Rect> {
    let size = level.solid()?.board.extent().map(|v| v as f32);
    let corners = (0..8).map(|k| {
        project(Vec3::new((k & 1) as f32 * size[0], (k >> 1 & 1) as f32 * size[1], (k >> 2) as f32 * size[2]))
    });
    let (lo, hi) = corners.fold((Vec2::MAX, Vec2::MIN), |(lo, hi), p| (lo.min(p), hi.max(p)));
    // Room for the 3D view to turn the solid in.
    let (mut lo, mut hi) = ((lo - (hi - lo) * 0.2), (hi + (hi - lo) * 0.2));
    let panels = level.target.iter().flatten().fold((Vec2::MAX, Vec2::MIN), |(lo, hi), v| {
        let p = Vec2::new(v.at.x as f32, v.at.y as f32);
        (lo.min(p), hi.max(p))
    });
    if share != 1.0 {
        // Lower (a compact screen: as wide as the panels), or larger each way (a phone held
        // sideways, whose height the view must have).
        let half = if share < 1.0 {
            Vec2::new((panels.1.x - panels.0.x).max((hi.x - lo.x) * share), (hi.y - lo.y) * share) / 2.0
        } else {
            (hi - lo) * share / 2.0
        };
        let mid = (lo + hi) / 2.0;
        (lo, hi) = (mid - half, mid + half);
    }
    // Centred over the panels, its lowest point GAP above their top; or at their left.
    let origin = if beside {
        Vec2::new(panels.0.x - GAP - hi.x, (panels.0.y + panels.1.y) / 2.0 - (lo.y + hi.y) / 2.0)
    } else {
        Vec2::new((panels.0.x + panels.1.x) / 2.0 - (lo.x + hi.x) / 2.0, panels.1.y + GAP - lo.y)
    };
    Some(Rect::from_corners(origin + lo, origin + hi))
}
