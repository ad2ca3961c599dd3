//! Drawing with bevy_prototype_lyon: the camera, the target silhouette beneath, the pieces (one
//! colour each, outlined; the selected one highlighted) and the gamepad focus.

pub mod celebration;
pub mod cubes;
pub mod paint;
pub mod tiles;

use crate::game::board::input::GamepadFocus;
use crate::game::board::pieces::{Piece, PieceGeom, Placed, TargetFigure};
use crate::game::board::placement::Selection;
use crate::game::board::verification::Progress;
use crate::game::board::view::View;
use crate::game::draw::paint::*;
use crate::game::shared::OffscreenTarget;
use crate::game::solver::hints::{HintKind, HintMarker};
use bevy::prelude::*;
use bevy_prototype_lyon::prelude::*;

#[derive(Component)]
struct FocusMarker;

pub struct DrawPlugin;

impl Plugin for DrawPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            ShapePlugin,
            crate::game::space::solid::SolidPlugin,
            crate::game::draw::tiles::TilesPlugin,
            crate::game::draw::celebration::CelebrationPlugin,
            crate::game::draw::cubes::CubesPlugin,
        ))
        .init_resource::<Look>()
        .insert_resource(ClearColor(Look::default().background()))
        .add_systems(Startup, setup)
        .add_systems(Startup, page_theme)
        .add_systems(PreUpdate, (system_theme, choose_look).chain())
        .add_systems(Last, edges)
        .add_systems(
            PostUpdate,
            (
                camera_follows_view,
                add_shapes,
                redraw_turned_cubes,
                highlight,
                show_focus,
                colour_target,
                draw_optional_cells,
                (paint_pieces, draw_painted_cells).chain(),
                draw_hints,
                draw_thinking,
            ),
        )
        .add_systems(PostUpdate, requeue_on_depth_change.after(bevy::transform::TransformSystems::Propagate));
    }
}

/// The depth a 2D mesh was last drawn at.
#[derive(Component)]
struct QueuedDepth(f32);

/// Bevy 0.19 keeps a see-through 2D mesh (every lyon shape is one) in its drawing order at the
/// depth it had when it was last queued, and queues it again only when its mesh or material
/// changes. A mesh raised or lowered without either kept its old place: a tile's coloured
/// triangles (children of the tile) went under their own tile's fill once the tile was picked
/// up and raised, and stayed there (issue P1b, item 1). A change of depth marks the mesh as
/// changed, so it is queued again where it now lies.
fn requeue_on_depth_change(
    mut commands: Commands,
    mut meshes: Query<(Entity, &GlobalTransform, &mut Mesh2d, Option<&mut QueuedDepth>), Changed<GlobalTransform>>,
) {
    for (e, g, mut mesh, queued) in &mut meshes {
        let z = g.translation().z;
        match queued {
            Some(mut q) if q.0 != z => {
                q.0 = z;
                mesh.set_changed();
            }
            Some(_) => {}
            None => {
                commands.entity(e).insert(QueuedDepth(z));
            }
        }
    }
}

fn setup(mut commands: Commands, offscreen: Option<Res<OffscreenTarget>>) {
    let camera = commands.spawn((BoardCamera, Camera2d, Msaa::Sample4)).id();
    if let Some(t) = offscreen {
        commands.entity(camera).insert(bevy::camera::RenderTarget::Image(t.0.clone().into()));
    }
    let ring = shapes::Circle { radius: 0.18, center: Vec2::ZERO };
    commands.spawn((
        FocusMarker,
        ShapeBuilder::with(&ring).stroke((Color::srgb(1.0, 0.85, 0.2), 0.05)).build(),
        Transform::from_xyz(0.0, 0.0, 50.0),
        Visibility::Hidden,
    ));
}

/// The board's camera (the interface has its own).
#[derive(Component)]
pub struct BoardCamera;

fn camera_follows_view(view: Res<View>, mut cams: Query<(&mut Transform, &mut Projection), With<BoardCamera>>) {
    if !view.is_changed() {
        return;
    }
    for (mut t, mut p) in &mut cams {
        t.translation.x = view.center.x;
        t.translation.y = view.center.y;
        // A turned board: the camera turns the other way, so the board's x axis points up.
        t.rotation = Quat::from_rotation_z(if view.turned { -std::f32::consts::FRAC_PI_2 } else { 0.0 });
        if let Projection::Orthographic(o) = p.as_mut() {
            o.scale = view.scale;
        }
    }
}

/// A polycube piece turned in space: its drawing changes.
fn redraw_turned_cubes(mut pieces: Query<(&PieceGeom, &Placed, &mut Shape, &mut DrawnTurn), Changed<Placed>>) {
    for (geom, placed, mut shape, mut drawn) in &mut pieces {
        if drawn.0 != placed.0.rot {
            drawn.0 = placed.0.rot;
            // Only the path is taken; the builder wants a fill to build at all.
            shape.path = ShapeBuilder::with(&path_of(placed.local(geom))).fill(fill(Color::WHITE)).build().path;
        }
    }
}

fn highlight(sel: Res<Selection>, mut pieces: Query<(Entity, &mut Shape), With<Piece>>) {
    if !sel.is_changed() {
        return;
    }
    for (e, mut shape) in &mut pieces {
        let (c, w) = if sel.selected == Some(e) { (HIGHLIGHT, LINE * 2.0) } else { (OUTLINE, LINE) };
        shape.stroke = Some(stroke(c, w));
    }
}

/// A cell that may stay empty: a ring in the background's colour on the figure, under the
/// pieces (redrawn when the look changes).
fn draw_optional_cells(
    mut commands: Commands,
    look: Res<Look>,
    cells: Query<(Entity, Ref<crate::game::board::pieces::OptionalCell>)>,
) {
    let ring = shapes::Circle { radius: 0.22, center: Vec2::ZERO };
    for (e, cell) in &cells {
        if cell.is_added() || look.is_changed() {
            commands.entity(e).insert(ShapeBuilder::with(&ring).stroke(stroke(look.background(), LINE * 1.6)).build());
        }
    }
}

/// A piece's painted cells as its children, laid out again when a polycube piece turns (its
/// drawing changes; a flat piece's turn with its transform).
fn paint_pieces(
    mut commands: Commands,
    active: Option<Res<crate::game::board::levels::ActiveLevel>>,
    mut pieces: Query<(Entity, &Placed, &PieceGeom, &mut crate::game::board::pieces::PaintedFor), Changed<Placed>>,
    painted: Query<(Entity, &ChildOf), With<crate::game::board::pieces::PaintedCell>>,
) {
    let Some(active) = active else { return };
    for (e, placed, geom, mut done) in &mut pieces {
        let rot = if geom.turns.is_empty() { 0 } else { placed.0.rot };
        if done.0 == Some(rot) {
            continue;
        }
        done.0 = Some(rot);
        for (child, parent) in &painted {
            if parent.parent() == e {
                commands.entity(child).despawn();
            }
        }
        let paint = active.level.offers().painted;
        for (square, colour) in paint.map(|p| p.painted(Some(placed.0.piece), rot)).unwrap_or_default() {
            let c = crate::game::board::pieces::bbox_of(&[square]).center();
            commands.spawn((
                crate::game::board::pieces::PaintedCell(colour),
                Transform::from_xyz(c.x as f32, c.y as f32, 0.004),
                ChildOf(e),
            ));
        }
    }
}

/// A painted cell: a square of its colour inside the cell, ringed in white so that it reads on a
/// piece of a near colour.
fn draw_painted_cells(
    mut commands: Commands,
    cells: Query<(Entity, &crate::game::board::pieces::PaintedCell), Added<crate::game::board::pieces::PaintedCell>>,
) {
    let square = shapes::Rectangle { extents: Vec2::splat(0.5), ..default() };
    for (e, cell) in &cells {
        let [r, g, b] = crate::polyform::colour::rgb(cell.0);
        let paint = Color::srgb_u8(r, g, b);
        commands
            .entity(e)
            .insert(ShapeBuilder::with(&square).fill(fill(paint)).stroke(stroke(Color::WHITE, LINE * 2.0)).build());
    }
}

fn colour_target(
    progress: Res<Progress>,
    look: Res<Look>,
    mut target: Query<(&mut Shape, Has<crate::game::board::pieces::Canvas>), With<TargetFigure>>,
    mut clear: ResMut<ClearColor>,
) {
    if look.is_changed() {
        clear.0 = look.background();
    }
    if !progress.is_changed() && !look.is_changed() {
        return;
    }
    for (mut shape, canvas) in &mut target {
        let colour = match (canvas, progress.solved) {
            (true, _) => look.canvas(),
            (false, true) => look.target_done(),
            (false, false) => look.target(),
        };
        shape.fill = Some(fill(colour));
        if let Some(s) = shape.stroke.as_mut() {
            // The grid's lines are the background's colour; the canvas's edge the figure's.
            s.color = if canvas { look.target() } else { look.background() };
        }
    }
}

/// The system's light or dark, as the window reports it (dark until it says otherwise).
#[derive(Resource, Default)]
struct SystemTheme(Option<bevy::window::WindowTheme>);

/// In the browser, the page says the system's look at once (`prefers-color-scheme`).
fn page_theme(mut commands: Commands) {
    if let Some(light) = crate::platform::page::prefers_light() {
        use bevy::window::WindowTheme;
        commands.insert_resource(SystemTheme(Some(if light { WindowTheme::Light } else { WindowTheme::Dark })));
    }
}

fn system_theme(mut changes: MessageReader<bevy::window::WindowThemeChanged>, mut commands: Commands) {
    if let Some(c) = changes.read().last() {
        commands.insert_resource(SystemTheme(Some(c.theme)));
    }
}

/// The look the setting asks for: dark, light, or the system's.
fn choose_look(
    save: Option<Res<crate::game::meta::save::SaveState>>,
    system: Option<Res<SystemTheme>>,
    mut look: ResMut<Look>,
) {
    use crate::support::save::Theme;
    let theme = save.map_or(Theme::System, |s| s.data.settings.theme);
    let dark = match theme {
        Theme::Dark => true,
        Theme::Light => false,
        Theme::System => !matches!(system.and_then(|s| s.0), Some(bevy::window::WindowTheme::Light)),
    };
    if look.dark != dark {
        look.dark = dark;
    }
}

/// Every camera's multisampling as the setting says (`smooth_edges`: four samples a pixel, or
/// one): cameras drawing to one target must agree, so all of them, whenever one comes.
pub fn edges(
    save: Option<Res<crate::game::meta::save::SaveState>>,
    mut cameras: Query<(Entity, Option<&mut Msaa>), With<Camera>>,
    mut commands: Commands,
) {
    let smooth = save.is_none_or(|s| s.data.settings.smooth_edges);
    let want = if smooth { Msaa::Sample4 } else { Msaa::Off };
    for (camera, msaa) in &mut cameras {
        match msaa {
            Some(mut msaa) if *msaa != want => *msaa = want,
            Some(_) => {}
            None => {
                commands.entity(camera).insert(want);
            }
        }
    }
}

/// Hint markers, drawn as [`hint_look`] says: an outline over the piece to place next (gold)
/// or to move (red), or a ghost of the piece where it goes.
fn draw_hints(
    mut commands: Commands,
    mut markers: Query<(Entity, &HintMarker, Option<&mut Transform>), Without<Piece>>,
    pieces: Query<(&Piece, &PieceGeom, &Transform, &Placed)>,
    active: Option<Res<crate::game::board::levels::ActiveLevel>>,
) {
    let Some(active) = active else { return };
    let step = active.level.set.step();
    for (e, m, t) in &mut markers {
        let Some((_, geom, pt, placed)) = pieces.iter().find(|(p, ..)| p.0 == m.piece) else { continue };
        // The ghost is the piece where it goes; the outlines are over the piece as it lies.
        let ghost = match m.kind {
            HintKind::Ghost(p) => Placed(p),
            _ => *placed,
        };
        let look = hint_look(&m.kind, m.piece);
        // A polycube piece in the tray is drawn as a picture of its cubes over its layers' box:
        // its outline is that box (its layers' squares lay beside the picture).
        let boxed = !matches!(m.kind, HintKind::Ghost(_))
            && crate::game::board::pieces::resting_in_tray(&active.level, &placed.0);
        let transform = match m.kind {
            HintKind::Ghost(_) => ghost.transform(geom, step, look.z),
            _ if boxed => Transform::from_xyz(0.0, 0.0, look.z),
            _ => pt.with_translation(pt.translation.with_z(look.z)),
        };
        match t {
            Some(mut t) => *t = transform,
            None => {
                let path = if boxed {
                    let b = crate::game::board::pieces::bbox_of(&placed.world(geom, step));
                    let lo = Vec2::new(b.min.x as f32, b.min.y as f32) - Vec2::splat(0.15);
                    let hi = Vec2::new(b.max.x as f32, b.max.y as f32) + Vec2::splat(0.15);
                    ShapePath::new()
                        .move_to(lo)
                        .line_to(Vec2::new(hi.x, lo.y))
                        .line_to(hi)
                        .line_to(Vec2::new(lo.x, hi.y))
                        .close()
                } else {
                    path_of(ghost.local(geom))
                };
                // The dark edge, a little wider and just beneath, as a child.
                let edge = ShapeBuilder::with(&path).stroke(stroke(look.edge, LINE * 5.0)).build();
                commands
                    .entity(e)
                    .insert((
                        ShapeBuilder::with(&path).fill(fill(look.fill)).stroke(stroke(look.line, LINE * 2.5)).build(),
                        transform,
                    ))
                    .with_child((edge, Transform::from_xyz(0.0, 0.0, -0.01)));
            }
        }
    }
}

/// The solver's current partial placement: faint pieces in their colours, over the board.
fn draw_thinking(
    mut commands: Commands,
    added: Query<
        (Entity, &crate::game::solver::thinking::ThinkingGhost),
        Added<crate::game::solver::thinking::ThinkingGhost>,
    >,
    active: Option<Res<crate::game::board::levels::ActiveLevel>>,
) {
    let Some(active) = active else { return };
    let step = active.level.set.step();
    for (e, g) in &added {
        let p = g.placement;
        let Some(def) = active.level.set.pieces.get(p.piece) else { continue };
        let [r, gr, b] = crate::pieces::PALETTE[p.piece % crate::pieces::PALETTE.len()];
        let transform = Transform {
            // A surer place of a piece lies over a less sure one.
            translation: Vec3::new(p.at.0 as f32, p.at.1 as f32, 40.0 + g.weight),
            rotation: Quat::from_rotation_z((p.rot as f64 * step + g.base) as f32),
            scale: Vec3::new(if p.flip { -1.0 } else { 1.0 }, 1.0, 1.0),
        };
        let shape = ShapeBuilder::with(&path_of(&def.rings))
            .fill(fill(Color::srgba(r, gr, b, 0.55 * g.weight)))
            .stroke(stroke(HIGHLIGHT.with_alpha(HIGHLIGHT.alpha() * g.weight), LINE))
            .build();
        commands.entity(e).insert((shape, transform));
    }
}

fn show_focus(focus: Res<GamepadFocus>, mut marker: Query<(&mut Transform, &mut Visibility), With<FocusMarker>>) {
    for (mut t, mut v) in &mut marker {
        t.translation.x = focus.pos.x;
        t.translation.y = focus.pos.y;
        *v = if focus.active { Visibility::Visible } else { Visibility::Hidden };
    }
}
