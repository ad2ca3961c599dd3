//! Where things go on the board that the pieces' start layout must keep clear of: for
//! polycube levels, the 3D view of the solid above its layer panels. Pure layout, no drawing:
//! the pieces plugin (logic), the orbit's input (`orbit`) and the view (`solid`) read it.

use bevy::prelude::*;

/// World units per cube edge in the picture.
const EDGE: f32 = 1.7;
/// Space between the picture and the layer panels below it.
const GAP: f32 = 0.9;

/// The projection: seen from the front right (+x, -y) and above. Screen right is x + y, up is
/// y - x + 2z (so the picture is the solid turned, never mirrored).
pub fn project(p: Vec3) -> Vec2 {
    Vec2::new((p.x + p.y) / std::f32::consts::SQRT_2, (p.y - p.x + 2.0 * p.z) / 6f32.sqrt()) * EDGE
}

/// Where a polycube level's picture goes: the world position of the box's origin and the
/// picture's rectangle (the layout keeps pieces out of it). `None` for other levels.
pub fn frame(level: &crate::level::Level) -> Option<(Vec2, Rect)> {
    let poly = level.polycube()?;
    let size =
        poly.board.cells.iter().fold([0, 0, 0], |m, c| [m[0].max(c[0] + 1), m[1].max(c[1] + 1), m[2].max(c[2] + 1)]);
    let corners = (0..8).map(|k| {
        project(Vec3::new(
            (k & 1) as f32 * size[0] as f32,
            (k >> 1 & 1) as f32 * size[1] as f32,
            (k >> 2) as f32 * size[2] as f32,
        ))
    });
    let (lo, hi) = corners.fold((Vec2::MAX, Vec2::MIN), |(lo, hi), p| (lo.min(p), hi.max(p)));
    // Room for the 3D view to turn the solid in.
    let (lo, hi) = ((lo - (hi - lo) * 0.2), (hi + (hi - lo) * 0.2));
    let panels = level.target.iter().flatten().fold((Vec2::MAX, Vec2::MIN), |(lo, hi), v| {
        let p = Vec2::new(v.at.x as f32, v.at.y as f32);
        (lo.min(p), hi.max(p))
    });
    // Centred over the panels, its lowest point GAP above their top.
    let origin = Vec2::new((panels.0.x + panels.1.x) / 2.0 - (lo.x + hi.x) / 2.0, panels.1.y + GAP - lo.y);
    Some((origin, Rect::from_corners(origin + lo, origin + hi)))
}
