//! Polycube levels in 3D: the solid above the layer panels, drawn by Bevy's 3D renderer with
//! light and shading. Each placed piece's cubes in its colour (the selected one rimmed in white, which keeps its colour
//! where a glow washed orange into yellow), the
//! figure's empty cells as a translucent shape (the ones that may stay empty smaller), a hint's ghost piece in its own colour, see-through and ringed in white, a
//! refused move in red; the camera orbits as [`Orbit`] says, and its slice hides the layers
//! above it. Pieces are handled here by [`super::grip`]; the layer panels below show the same
//! position flat, and pieces can be moved there too.

use crate::game::board::levels::ActiveLevel;
use crate::game::board::pieces::{BoardItem, Piece, Placed};
use crate::game::board::placement::Selection;
use crate::game::board::view::View;
use crate::game::solver::hints::{HintKind, HintMarker};
use crate::game::space::grip::Refused;
use crate::game::space::orbit::Orbit;
use crate::pieces::PALETTE;
use crate::polyform::Cell;
use bevy::camera::{ClearColorConfig, RenderTarget, Viewport};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The 3D view's camera.
#[derive(Component)]
pub struct SolidCamera;

/// One drawn cube.
#[derive(Component)]
struct SolidCube;

/// The meshes and materials, made once.
#[derive(Resource)]
struct SolidAssets {
    cube: Handle<Mesh>,
    pieces: Vec<Handle<StandardMaterial>>,
    /// The rim around each cube of the selected piece.
    shell: Handle<StandardMaterial>,
    empty: Handle<StandardMaterial>,
    /// An empty cell that may stay empty: a smaller, fainter cube.
    optional: Handle<StandardMaterial>,
    /// A hint's ghost: the piece's own colour, see-through, ringed in white like a selected
    /// piece (a gold ghost did not read over yellow and orange pieces).
    ghosts: Vec<Handle<StandardMaterial>>,
    refused: Handle<StandardMaterial>,
}

pub struct SolidPlugin;

impl Plugin for SolidPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, assets)
            .add_systems(PostUpdate, (camera, redraw.after(camera)).after(crate::game::board::view::fit_view));
    }
}

fn assets(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<StandardMaterial>>) {
    let pieces = PALETTE
        .iter()
        .map(|&[r, g, b]| {
            materials.add(StandardMaterial { base_color: Color::srgb(r, g, b), perceptual_roughness: 0.7, ..default() })
        })
        .collect();
    let translucent = |c: Color| StandardMaterial {
        base_color: c,
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        cull_mode: None,
        ..default()
    };
    commands.insert_resource(SolidAssets {
        cube: meshes.add(Cuboid::from_length(0.94)),
        pieces,
        // Only its far faces drawn: a white rim around the cube (an inverted hull), its faces
        // left in their own colour.
        shell: materials.add(StandardMaterial {
            base_color: Color::WHITE,
            unlit: true,
            cull_mode: Some(bevy::render::render_resource::Face::Front),
            ..default()
        }),
        empty: materials.add(translucent(Color::srgba(0.55, 0.62, 0.78, 0.16))),
        optional: materials.add(translucent(Color::srgba(0.55, 0.62, 0.78, 0.10))),
        ghosts: PALETTE.iter().map(|&[r, g, b]| materials.add(translucent(Color::srgba(r, g, b, 0.6)))).collect(),
        refused: materials.add(translucent(Color::srgba(0.95, 0.2, 0.15, 0.5))),
    });
}

/// Board cell (x, y, z; z up) to the 3D world (y up): the cube's centre.
fn at(c: Cell) -> Vec3 {
    crate::game::space::orbit::to_world([c[0] as f64 + 0.5, c[1] as f64 + 0.5, c[2] as f64 + 0.5])
}

/// Keeps one camera on a polycube level, rendering into the picture's rectangle above the
/// panels, placed as the orbit says.
#[allow(clippy::too_many_arguments)]
fn camera(
    mut commands: Commands,
    active: Option<Res<ActiveLevel>>,
    orbit: Res<Orbit>,
    view: Res<View>,
    windows: Query<&Window, With<PrimaryWindow>>,
    offscreen: Option<Res<crate::game::shared::OffscreenTarget>>,
    area: Res<crate::game::shared::SolidArea>,
    mut cams: Query<(Entity, &mut Camera, &mut Transform), With<SolidCamera>>,
) {
    let level = active.as_ref().filter(|a| a.level.cells() == crate::family::Cells::Cube).map(|a| &a.level);
    let Some((level, rect)) = level.zip(area.0) else {
        for (e, ..) in &cams {
            commands.entity(e).despawn();
        }
        return;
    };
    let scale = windows.single().map_or(1.0, |w| w.scale_factor());
    // The picture's rectangle on screen (board y up, screen y down).
    let (a, b) = (view.to_screen(rect.min), view.to_screen(rect.max));
    let (lo, hi) = (a.min(b) * scale, a.max(b) * scale);
    let viewport = Viewport {
        physical_position: lo.max(Vec2::ZERO).as_uvec2(),
        physical_size: (hi - lo).max(Vec2::splat(8.0)).as_uvec2(),
        ..default()
    };
    let place = orbit.eye(level.solid().expect("checked").board.extent(), rect.width() / rect.height());
    match cams.single_mut() {
        Ok((_, mut cam, mut t)) => {
            let same = cam.viewport.as_ref().is_some_and(|v| {
                (v.physical_position, v.physical_size) == (viewport.physical_position, viewport.physical_size)
            });
            if !same {
                cam.viewport = Some(viewport);
            }
            if *t != place {
                *t = place;
            }
        }
        Err(_) => {
            let mut e = commands.spawn((
                SolidCamera,
                BoardItem,
                crate::game::shared::InLevel.scoped(),
                Camera3d::default(),
                // The perspective picking assumes (`Orbit::ray`).
                Projection::Perspective(PerspectiveProjection { fov: crate::game::space::orbit::FOV, ..default() }),
                // Drawn after the board, over its background, in its own rectangle.
                Camera { order: 1, clear_color: ClearColorConfig::None, viewport: Some(viewport), ..default() },
                Msaa::Sample4,
                // Plain colours, as the 2D board has them (and no lookup tables to ship).
                bevy::core_pipeline::tonemapping::Tonemapping::None,
                AmbientLight { color: Color::WHITE, brightness: 300.0, ..default() },
                place,
            ));
            if let Some(t) = &offscreen {
                e.insert(RenderTarget::Image(t.0.clone().into()));
            }
            e.with_child((
                DirectionalLight { illuminance: 3200.0, ..default() },
                Transform::from_xyz(0.3, 0.8, 1.0).looking_at(Vec3::ZERO, Vec3::Y),
            ));
        }
    }
}

/// Redraws the cubes when a piece moves, the selection or a refusal changes, a hint comes,
/// or the slice changes.
#[allow(clippy::too_many_arguments)]
fn redraw(
    mut commands: Commands,
    orbit: Res<Orbit>,
    active: Option<Res<ActiveLevel>>,
    assets: Option<Res<SolidAssets>>,
    pieces: Query<(Entity, Ref<Placed>), With<Piece>>,
    selection: Res<Selection>,
    refused: Res<Refused>,
    hints: Query<Ref<HintMarker>>,
    old: Query<Entity, With<SolidCube>>,
    mut drawn: Local<Option<(Option<i32>, Option<Entity>)>>,
) {
    // Turning and zooming only move the camera.
    let now = (orbit.slice, selection.selected);
    let changed =
        hints.iter().any(|h| h.is_added()) || pieces.iter().any(|(_, p)| p.is_changed()) || refused.is_changed();
    if !changed && *drawn == Some(now) {
        return;
    }
    *drawn = Some(now);
    let (Some(active), Some(assets)) = (active, assets) else { return };
    let Some(poly) = active.level.solid() else { return };
    for e in &old {
        commands.entity(e).despawn();
    }
    let cells_of =
        |p: &crate::pieces::Placement| crate::polyform::space::in_box(poly.board, &poly.parts.get(p.piece)?.cells, p);
    let mut filled = std::collections::HashSet::new();
    let mut spawn = |c: Cell, material: &Handle<StandardMaterial>| {
        // A refused move's red cubes and the selection's shell a little larger, around the cube.
        let scale = if *material == assets.refused || *material == assets.shell {
            1.1
        } else if *material == assets.optional {
            0.5
        } else {
            1.0
        };
        if orbit.shows(c[2]) {
            commands.spawn((
                SolidCube,
                BoardItem,
                crate::game::shared::InLevel.scoped(),
                Mesh3d(assets.cube.clone()),
                MeshMaterial3d(material.clone()),
                Transform::from_translation(at(c)).with_scale(Vec3::splat(scale)),
            ));
        }
    };
    for (e, p) in &pieces {
        for c in cells_of(&p.0).unwrap_or_default() {
            filled.insert(c);
            spawn(c, &assets.pieces[p.0.piece % assets.pieces.len()]);
            if selection.selected == Some(e) {
                spawn(c, &assets.shell);
            }
        }
    }
    // A refused move: where the piece would have gone, in red (also outside the box).
    for &c in refused.0.iter().flat_map(|r| &r.cells) {
        filled.insert(c);
        spawn(c, &assets.refused);
    }
    for h in &hints {
        if let HintKind::Ghost(p) = h.kind {
            for c in cells_of(&p).unwrap_or_default() {
                filled.insert(c);
                spawn(c, &assets.ghosts[p.piece % assets.ghosts.len()]);
                spawn(c, &assets.shell);
            }
        }
    }
    for &c in poly.board.cells.iter().filter(|c| !filled.contains(*c)) {
        let optional = poly.board.optional.binary_search(&c).is_ok();
        spawn(c, if optional { &assets.optional } else { &assets.empty });
    }
}
