//! Pieces on screen follow their placements: a piece glides to its new place and turns
//! smoothly (an eased tween of [`GLIDE_SECS`]); a held piece follows the hand at once and lifts
//! a little. Only the `Transform` moves: judging has already seen the final placement in the
//! frame the move was made. The player's "reduce motion" setting puts every piece in place in
//! the same frame.

use crate::game::board::levels::ActiveLevel;
use crate::game::board::pieces::{Piece, PieceGeom, Placed};
use crate::game::board::placement::{Selection, Stack};
use crate::game::meta::save::SaveState;
use crate::game::shared::Frames;
use bevy::prelude::*;

/// Length of a glide or turn, in seconds.
pub const GLIDE_SECS: f32 = 0.12;
/// How much larger a held piece looks (lifted off the board).
pub const LIFT: f32 = 1.05;

/// A piece on its way from where it was drawn to where its placement puts it.
#[derive(Component, Clone, Copy, Debug)]
pub struct Glide {
    from: Transform,
    to: Transform,
    /// Seconds since the glide began.
    t: f32,
}

/// The system that draws pieces where they are (the shadow and markers follow it).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct Follow;

pub struct MotionPlugin;

impl Plugin for MotionPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Frames>().add_systems(
            PostUpdate,
            (follow_placements.in_set(Follow).before(TransformSystems::Propagate), ask_while_gliding.after(Follow)),
        );
    }
}

/// A glide under way wants the next frame.
fn ask_while_gliding(glides: Query<&Glide>, mut frames: ResMut<Frames>) {
    if glides.iter().any(|g| g.t < GLIDE_SECS) {
        frames.ask();
    }
}

/// Whether the player asked for no animation.
pub fn reduced(save: Option<&SaveState>) -> bool {
    save.is_some_and(|s| s.data.settings.reduce_motion)
}

/// Ease out, cubic: fast at first, settling softly.
fn ease(t: f32) -> f32 {
    1.0 - (1.0 - t.clamp(0.0, 1.0)).powi(3)
}

fn between(a: &Transform, b: &Transform, k: f32) -> Transform {
    Transform {
        translation: a.translation.lerp(b.translation, k),
        rotation: a.rotation.slerp(b.rotation, k),
        scale: a.scale.lerp(b.scale, k),
    }
}

/// The depth between two pieces of the stack. What a piece draws over itself (a tile's
/// coloured triangles and marks) stays within it, so a piece higher in the stack, with its
/// outline, is drawn over all of a lower one's.
pub const DEPTH_STEP: f32 = 0.01;

/// Draws each piece where its placement says, at its depth in the stack (last on top):
/// directly when motion is reduced or the piece is held, else by a glide. Pieces at rest whose
/// placement did not change are left alone (an idle frame touches none).
#[allow(clippy::type_complexity)]
fn follow_placements(
    mut commands: Commands,
    mut pieces: Query<(Entity, Ref<Placed>, &PieceGeom, &mut Transform, Option<&mut Glide>), With<Piece>>,
    stack: Res<Stack>,
    sel: Res<Selection>,
    active: Option<Res<ActiveLevel>>,
    save: Option<Res<SaveState>>,
    time: Res<Time>,
) {
    let Some(active) = active else { return };
    let step = active.level.set.step();
    let reduce = reduced(save.as_deref());
    // A change that may move every piece: the stack's order, the selection, the settings.
    let all = stack.is_changed() || sel.is_changed() || active.is_changed() || save.is_some_and(|s| s.is_changed());
    let mut depths: Option<std::collections::HashMap<Entity, f32>> = None;
    for (e, p, g, mut shown, glide) in &mut pieces {
        let gliding = glide.as_ref().is_none_or(|g| g.t < GLIDE_SECS);
        if !(all || gliding || p.is_changed()) {
            continue;
        }
        let depths = depths.get_or_insert_with(|| {
            stack.0.iter().enumerate().map(|(i, &x)| (x, 1.0 + i as f32 * DEPTH_STEP)).collect()
        });
        let z = depths.get(&e).copied().unwrap_or(1.0);
        let mut goal = p.transform(g, step, z);
        let held = sel.held && sel.selected == Some(e);
        if held && !reduce {
            goal.scale *= LIFT;
        }
        let now = match glide {
            _ if reduce || held => goal,
            Some(mut glide) => {
                if glide.to != goal {
                    // Under way in the frame of the move itself.
                    *glide = Glide { from: *shown, to: goal, t: 0.0 };
                }
                // At most a frame's worth at 30 Hz: the first frame after a wait for input
                // (the game draws only when something changes) must not finish the glide.
                glide.t += time.delta_secs().min(1.0 / 30.0);
                between(&glide.from, &glide.to, ease(glide.t / GLIDE_SECS))
            }
            // A piece just laid out appears in its place.
            None => {
                commands.entity(e).insert(Glide { from: goal, to: goal, t: GLIDE_SECS });
                goal
            }
        };
        // Depth is not animated: the piece moved last is on top at once.
        let now = Transform { translation: now.translation.with_z(z), ..now };
        if *shown != now {
            *shown = now;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_glide_eases_from_start_to_goal() {
        assert_eq!(ease(0.0), 0.0);
        assert_eq!(ease(1.0), 1.0);
        assert_eq!(ease(2.0), 1.0);
        assert!(ease(0.5) > 0.5, "eased out: past half way at half time");
        let a = Transform::from_xyz(0.0, 0.0, 1.0);
        let b = Transform::from_xyz(2.0, 4.0, 1.0).with_rotation(Quat::from_rotation_z(1.0));
        let mid = between(&a, &b, 0.5);
        assert_eq!(mid.translation, Vec3::new(1.0, 2.0, 1.0));
        assert!((mid.rotation.to_euler(EulerRot::ZYX).0 - 0.5).abs() < 1e-5);
        assert_eq!(between(&a, &b, 1.0).translation, b.translation);
    }
}
